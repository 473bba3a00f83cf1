//! A walking week: each day a stage, read once it is over (`stage`), and the classifications
//! after any number of days (`classify`), decided in docs/rulings.md (B&B-S1, B&B-S2): the
//! points of the days added up, nothing for a day a walker was not back in Keswick by 6pm
//! (1.3), and the targets reached first.

use game_api::season::{Cell, Classification, Row, counted, ranks};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::day::{Day, Score, TurnOutcome};
use crate::error::BackpacksError;

/// One finished day as a season keeps it: a line per walker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DayLine {
    /// The day's score: nothing if not back by 6pm (1.3, 5.2).
    points: i32,
    /// Back in Keswick by 6pm.
    back: bool,
    /// Targets reached first and second (5.1.3, 5.1.4), kept whether or not the walker got
    /// back (the classification decides, B&B-S2).
    firsts: u8,
    seconds: u8,
}

/// The finished day as a stage; `None` before its end.
pub fn stage(day: &Day, turns: &[&TurnOutcome]) -> Option<Value> {
    if !day.is_over() {
        return None;
    }
    let mut lines: Vec<DayLine> = (0..day.walkers.len())
        .map(|w| DayLine {
            points: day.final_points(w),
            back: !day.walkers[w].lost,
            firsts: 0,
            seconds: 0,
        })
        .collect();
    for turn in turns {
        for (w, walked) in turn.walkers.iter().enumerate() {
            for (score, _) in &walked.scores {
                if let (Score::Target { order, .. }, Some(line)) = (score, lines.get_mut(w)) {
                    match order {
                        1 => line.firsts += 1,
                        2 => line.seconds += 1,
                        _ => {}
                    }
                }
            }
        }
    }
    serde_json::to_value(lines).ok()
}

fn read_days(stages: &[Value], walkers: usize) -> Result<Vec<Vec<DayLine>>, BackpacksError> {
    stages
        .iter()
        .enumerate()
        .map(|(n, value)| {
            let day: Vec<DayLine> = serde_json::from_value(value.clone()).map_err(|e| {
                BackpacksError::Data(locale::Phrase::verbatim(format!("day {}: {e}", n + 1)))
            })?;
            if day.len() != walkers {
                // The server's own record of a day: not a person's mistake.
                return Err(BackpacksError::Data(locale::Phrase::verbatim(format!(
                    "day {}: not a day of the season's {walkers} walkers",
                    n + 1
                ))));
            }
            Ok(day)
        })
        .collect()
}

fn row(rank: u16, seat: usize, total: String, stages: Vec<Cell>) -> Row {
    Row {
        rank,
        seat,
        piece: None,
        total,
        stages,
        movement: None,
    }
}

/// The classifications after `stages` (B&B-S1, B&B-S2). The week has no scoring tables of
/// its own: the day's points are the rules' (5.1).
pub fn classify(
    scoring: &Value,
    best_of: Option<u16>,
    walkers: &[String],
    stages: &[Value],
) -> Result<Vec<Classification>, BackpacksError> {
    if !scoring.is_null() && scoring != &Value::Object(Default::default()) {
        return Err(BackpacksError::Data(locale::Phrase::new(
            "bb-setup-week-scoring",
        )));
    }
    let days = read_days(stages, walkers.len())?;
    let n = walkers.len();
    // B&B-S1: the days' points added up (a league: the best n days).
    let points: Vec<Vec<i32>> = (0..n)
        .map(|w| days.iter().map(|d| d[w].points).collect())
        .collect();
    let counts: Vec<Vec<bool>> = points.iter().map(|p| counted(p, best_of)).collect();
    let totals: Vec<i32> = (0..n)
        .map(|w| {
            points[w]
                .iter()
                .zip(&counts[w])
                .filter(|(_, c)| **c)
                .map(|(p, _)| p)
                .sum()
        })
        .collect();
    let back_days: Vec<usize> = (0..n)
        .map(|w| days.iter().filter(|d| d[w].back).count())
        .collect();
    let back = |w: usize| -> Vec<i32> { points[w].iter().rev().copied().collect() };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        totals[b]
            .cmp(&totals[a])
            .then(back_days[b].cmp(&back_days[a]))
            .then_with(|| back(b).cmp(&back(a)))
    });
    let same = |&a: &usize, &b: &usize| {
        totals[a] == totals[b] && back_days[a] == back_days[b] && back(a) == back(b)
    };
    let rows = order
        .iter()
        .zip(ranks(&order, same))
        .map(|(&w, rank)| {
            let cells = (0..days.len())
                .map(|d| Cell {
                    value: if days[d][w].back {
                        points[w][d].to_string()
                    } else {
                        "not back".into()
                    },
                    dropped: !counts[w][d],
                })
                .collect();
            row(rank, w, totals[w].to_string(), cells)
        })
        .collect();
    let general = Classification {
        key: "general".into(),
        title: "The week's points".into(),
        of: "walkers".into(),
        unit: "points".into(),
        ruling: "B&B-S1".into(),
        ties: "most points; level: more days back in Keswick, then the better score on the last \
               day, then the day before, and so on; still level, they share the rank"
            .into(),
        jersey: None,
        rows,
        wearers: Vec::new(),
    };
    // B&B-S2: targets reached first on days the walker got back; then seconds; then the
    // week's points.
    let counted_days = |w: usize| days.iter().filter(move |d| d[w].back).map(move |d| &d[w]);
    let firsts: Vec<u32> = (0..n)
        .map(|w| counted_days(w).map(|l| u32::from(l.firsts)).sum())
        .collect();
    let seconds: Vec<u32> = (0..n)
        .map(|w| counted_days(w).map(|l| u32::from(l.seconds)).sum())
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        firsts[b]
            .cmp(&firsts[a])
            .then(seconds[b].cmp(&seconds[a]))
            .then(totals[b].cmp(&totals[a]))
    });
    let same = |&a: &usize, &b: &usize| {
        firsts[a] == firsts[b] && seconds[a] == seconds[b] && totals[a] == totals[b]
    };
    let rows = order
        .iter()
        .zip(ranks(&order, same))
        .map(|(&w, rank)| {
            let cells = days
                .iter()
                .map(|d| Cell {
                    value: if d[w].back {
                        d[w].firsts.to_string()
                    } else {
                        "not back".into()
                    },
                    dropped: false,
                })
                .collect();
            row(rank, w, firsts[w].to_string(), cells)
        })
        .collect();
    let targets = Classification {
        key: "targets".into(),
        title: "Targets reached first".into(),
        of: "walkers".into(),
        unit: "targets".into(),
        ruling: "B&B-S2".into(),
        ties: "most targets reached first; level: more reached second, then the week's points; \
               still level, they share the rank"
            .into(),
        jersey: None,
        rows,
        wearers: Vec::new(),
    };
    Ok(vec![general, targets])
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn walkers() -> Vec<String> {
        ["ann", "bob", "cat"].map(String::from).to_vec()
    }

    /// A day from `(points, back, firsts, seconds)` per walker.
    fn day(lines: [(i32, bool, u8, u8); 3]) -> Value {
        json!(
            lines
                .iter()
                .map(|(points, back, firsts, seconds)| json!({
                    "points": if *back { *points } else { 0 },
                    "back": back,
                    "firsts": firsts,
                    "seconds": seconds,
                }))
                .collect::<Vec<_>>()
        )
    }

    fn order(c: &Classification) -> Vec<(u16, String, String)> {
        c.rows
            .iter()
            .map(|r| (r.rank, walkers()[r.seat].clone(), r.total.clone()))
            .collect()
    }

    #[test]
    fn bb_s1_days_add_up_and_a_walker_not_back_by_6pm_scores_nothing_that_day_rule_1_3() {
        let d1 = day([(40, true, 1, 0), (55, false, 2, 0), (30, true, 0, 1)]);
        let d2 = day([(20, true, 0, 0), (50, true, 1, 0), (35, true, 0, 0)]);
        let classes = classify(&Value::Null, None, &walkers(), &[d1, d2]).unwrap();
        assert_eq!(
            order(&classes[0]),
            [
                (1, "cat".into(), "65".into()),
                (2, "ann".into(), "60".into()),
                (3, "bob".into(), "50".into())
            ]
        );
        let bob = classes[0].rows.iter().find(|r| r.seat == 1).unwrap();
        assert_eq!(bob.stages[0].value, "not back");
    }

    #[test]
    fn bb_s1_level_walkers_by_days_back_then_the_last_day_then_they_share() {
        // ann and bob level on 50: ann back both days, bob once: ann ahead. cat level with
        // ann on points and days back, better on the last day: cat ahead of ann.
        let d1 = day([(30, true, 0, 0), (50, true, 0, 0), (20, true, 0, 0)]);
        let d2 = day([(20, true, 0, 0), (9, false, 0, 0), (30, true, 0, 0)]);
        let classes = classify(&Value::Null, None, &walkers(), &[d1.clone(), d2]).unwrap();
        let names: Vec<String> = order(&classes[0]).into_iter().map(|r| r.1).collect();
        assert_eq!(names, ["cat", "ann", "bob"]);
        let level = day([(30, true, 0, 0), (30, true, 0, 0), (20, true, 0, 0)]);
        let classes = classify(&Value::Null, None, &walkers(), &[level]).unwrap();
        assert_eq!((classes[0].rows[0].rank, classes[0].rows[1].rank), (1, 1));
    }

    #[test]
    fn bb_s2_targets_reached_first_count_on_days_back_then_seconds_then_points() {
        let d1 = day([(40, true, 2, 0), (10, false, 3, 0), (30, true, 1, 2)]);
        let d2 = day([(40, true, 0, 0), (10, true, 1, 1), (30, true, 1, 0)]);
        let classes = classify(&Value::Null, None, &walkers(), &[d1, d2]).unwrap();
        // ann 2 firsts; cat 2 firsts, 2 seconds; bob 1 (its day-1 firsts lost with the day).
        assert_eq!(
            order(&classes[1]),
            [
                (1, "cat".into(), "2".into()),
                (2, "ann".into(), "2".into()),
                (3, "bob".into(), "1".into())
            ]
        );
    }

    /// B&B-S3: a seat that sends nothing all day rests in Keswick (B&B-11) and is back there
    /// as of 10:00 (B&B-9): it scores 10:00's +3 for being back (5.1.12) and its money
    /// (5.1.11), and Keswick's own points (5.1.2; none on the default map); the week counts
    /// the day as one back (1.3).
    #[test]
    fn bb_s3_an_idle_seat_scores_a_day_resting_in_keswick_rules_5_1_12_and_b_b_11() {
        use std::sync::Arc;

        use crate::day::Day;
        use crate::deck::Deck;
        use crate::map::Map;
        use crate::orders::RoundOrders;

        let map = Arc::new(Map::keswick());
        let deck = Arc::new(Deck::keswick(&map));
        let mut rng = game_api::Seed(5).rng(0);
        let mut day = Day::new(map.clone(), deck, 3, &mut rng);
        let money = i32::from(day.walkers[0].money);
        let mut outcomes = Vec::new();
        while !day.is_over() {
            let (next, turns) = day.resolve_round(&vec![RoundOrders::default(); 3], &mut rng);
            day = next;
            outcomes.extend(turns);
        }
        let scores: Vec<(Score, i32)> = outcomes
            .iter()
            .flat_map(|t| t.walkers[0].scores.iter().cloned())
            .collect();
        assert_eq!(scores, [(Score::Finish, 3), (Score::Money, 2 * money)]);
        let total: i32 = scores.iter().map(|(_, p)| p).sum();
        let turns: Vec<&TurnOutcome> = outcomes.iter().collect();
        let stage = stage(&day, &turns).unwrap();
        assert_eq!(stage[0]["points"], total);
        assert_eq!(stage[0]["back"], true);
        let week = classify(&Value::Null, None, &walkers(), &[stage.clone(), stage]).unwrap();
        assert_eq!(week[0].rows[0].total, (2 * total).to_string());
    }

    #[test]
    fn a_league_week_counts_the_best_n_days() {
        let d1 = day([(40, true, 0, 0), (10, true, 0, 0), (30, true, 0, 0)]);
        let d2 = day([(10, true, 0, 0), (40, true, 0, 0), (30, true, 0, 0)]);
        let d3 = day([(35, true, 0, 0), (40, true, 0, 0), (30, true, 0, 0)]);
        let classes = classify(&Value::Null, Some(2), &walkers(), &[d1, d2, d3]).unwrap();
        let ann = classes[0].rows.iter().find(|r| r.seat == 0).unwrap();
        assert_eq!(ann.total, "75");
        assert_eq!(
            ann.stages.iter().map(|c| c.dropped).collect::<Vec<_>>(),
            [false, true, false]
        );
    }

    #[test]
    fn scoring_tables_and_bad_days_are_refused_naming_the_field() {
        let e = classify(&json!({"finish": [1]}), None, &walkers(), &[]).unwrap_err();
        assert!(e.to_string().starts_with("scoring:"), "{e}");
        let e = classify(&Value::Null, None, &walkers(), &[json!([])]).unwrap_err();
        assert!(e.to_string().starts_with("day 1:"), "{e}");
    }
}
