//! A stage race: each race a stage, read once it is over (`stage`), and the classifications
//! after any number of stages (`classify`), each decided in docs/rulings.md (BA-S1 to BA-S5):
//! the general classification of teams by race points (postal 6.3), the riders' points and
//! sprints classifications, and the teams by their best-placed riders.

use game_api::season::{Cell, Classification, Jersey, Row, Wearer, counted, ranks};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::BreakingAwayError as Error;
use crate::game::rider_name;
use crate::points::Points;
use crate::position::{Position, Status};
use crate::rules::{Grade, Line};
use crate::turn::TurnOutcome;

/// One finished race as a season keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stage {
    /// Each team's place in the race (postal 6.3 and BA-17; teams level in every respect share).
    teams: Vec<u16>,
    riders: Vec<StageRider>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StageRider {
    team: u8,
    grade: Grade,
    /// Where the rider ended the race (BA-S4): finishers by finishing place, then riders on
    /// the road, furthest first, then the retired.
    place: u16,
    /// The places it scored at each line: `[line, first place, riders sharing]` (postal 5.1,
    /// 6.2, 8.2.5).
    awards: Vec<[u16; 3]>,
}

/// The scoring tables a GM may change (BA-S2, BA-S3, BA-S5); by default the rules' own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Scoring {
    /// Points by finishing place in the riders' points classification (postal 6.2).
    pub finish: Vec<u64>,
    /// Points by place at each sprint line, in the points and sprints classifications (5.1).
    pub sprint: Vec<u64>,
    /// How many of a team's best-placed riders the team classification counts.
    pub team_riders: u8,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            finish: Line::Finish.points_table().to_vec(),
            sprint: Line::Sprint1.points_table().to_vec(),
            team_riders: 3,
        }
    }
}

/// The most places a scoring table may give points to.
const MAX_TABLE: usize = 50;

/// Reads a GM's scoring tables (`null`: the defaults); one line naming the field.
pub fn scoring(value: &Value) -> Result<Scoring, Error> {
    if value.is_null() {
        return Ok(Scoring::default());
    }
    let scoring: Scoring =
        serde_json::from_value(value.clone()).map_err(|e| Error::Setup(format!("scoring: {e}")))?;
    for (name, table) in [("finish", &scoring.finish), ("sprint", &scoring.sprint)] {
        if table.len() > MAX_TABLE || table.iter().any(|&p| p > 1000) {
            return Err(Error::Setup(format!(
                "scoring.{name}: at most {MAX_TABLE} places of at most 1000 points"
            )));
        }
    }
    if !(1..=4).contains(&scoring.team_riders) {
        return Err(Error::Setup(
            "scoring.team_riders: a team has 1 to 4 riders to count".into(),
        ));
    }
    Ok(scoring)
}

/// The finished race as a stage; `None` before its end.
pub fn stage(position: &Position, turns: &[&TurnOutcome]) -> Option<Value> {
    if !position.is_over() {
        return None;
    }
    let key = |i: usize| {
        let r = &position.riders[i];
        match r.status {
            Status::Finished(place) => (0, i64::from(place), 0),
            Status::Racing | Status::Dropped => (1, -i64::from(r.distance), r.arrival),
            Status::Retired => (2, 0, 0),
        }
    };
    let mut order: Vec<usize> = (0..position.riders.len()).collect();
    order.sort_by_key(|&i| key(i));
    let places = ranks(&order, |&a, &b| key(a) == key(b));
    let mut riders: Vec<StageRider> = position
        .riders
        .iter()
        .map(|r| StageRider {
            team: r.team,
            grade: r.grade,
            place: 0,
            awards: Vec::new(),
        })
        .collect();
    for (&i, &place) in order.iter().zip(&places) {
        riders[i].place = place;
    }
    for award in turns.iter().flat_map(|t| &t.awards) {
        for &i in &award.riders {
            riders[i].awards.push([
                award.line.index() as u16,
                award.place,
                award.riders.len() as u16,
            ]);
        }
    }
    let stage = Stage {
        teams: game_api::season::places_from_scores(&position.final_scores()),
        riders,
    };
    serde_json::to_value(stage).ok()
}

/// Points for the places `first..first + ways` shared by `ways` riders.
fn share(table: &[u64], first: u16, ways: u16) -> Points {
    let ways = ways.max(1);
    let total: u64 = (first..first + ways)
        .map(|p| {
            table
                .get(usize::from(p).wrapping_sub(1))
                .copied()
                .unwrap_or(0)
        })
        .sum();
    Points::share(total, u64::from(ways))
}

impl StageRider {
    /// Race points by the rules' tables (postal 5.1, 6.2): the team's score of 6.3.
    fn race_points(&self) -> Points {
        self.awards
            .iter()
            .map(|&[line, first, ways]| {
                let line = Line::ALL[usize::from(line).min(2)];
                share(line.points_table(), first, ways)
            })
            .sum()
    }

    /// Points by the season's tables: all lines, or the sprints only.
    fn points(&self, scoring: &Scoring, sprints_only: bool) -> Points {
        self.awards
            .iter()
            .filter(|a| !sprints_only || a[0] != Line::Finish.index() as u16)
            .map(|&[line, first, ways]| {
                let table = if line == Line::Finish.index() as u16 {
                    &scoring.finish
                } else {
                    &scoring.sprint
                };
                share(table, first, ways)
            })
            .sum()
    }

    fn firsts(&self, sprints: bool) -> usize {
        self.awards
            .iter()
            .filter(|a| a[1] == 1 && (a[0] != Line::Finish.index() as u16) == sprints)
            .count()
    }
}

fn read_stages(stages: &[Value], teams: usize) -> Result<Vec<Stage>, Error> {
    stages
        .iter()
        .enumerate()
        .map(|(n, value)| {
            let stage: Stage = serde_json::from_value(value.clone())
                .map_err(|e| Error::Setup(format!("stage {}: {e}", n + 1)))?;
            if stage.teams.len() != teams
                || stage.riders.iter().any(|r| usize::from(r.team) >= teams)
            {
                return Err(Error::Setup(format!(
                    "stage {}: not a race of the season's {teams} teams",
                    n + 1
                )));
            }
            Ok(stage)
        })
        .collect()
}

fn jersey(name: &str, colour: &str, prestige: u8) -> Option<Jersey> {
    Some(Jersey {
        name: name.into(),
        colour: colour.into(),
        prestige,
    })
}

fn cell(value: String) -> Cell {
    Cell {
        value,
        dropped: false,
    }
}

/// The classifications after `stages` (BA-S1 to BA-S5).
pub fn classify(
    scoring: &Value,
    best_of: Option<u16>,
    teams: &[String],
    stages: &[Value],
) -> Result<Vec<Classification>, Error> {
    let scoring = self::scoring(scoring)?;
    let stages = read_stages(stages, teams.len())?;
    let riders: Vec<(u8, Grade)> = stages
        .first()
        .map(|s| s.riders.iter().map(|r| (r.team, r.grade)).collect())
        .unwrap_or_default();
    // Each rider's line in each stage.
    let lines: Vec<Vec<Option<&StageRider>>> = riders
        .iter()
        .map(|&(team, grade)| {
            stages
                .iter()
                .map(|s| s.riders.iter().find(|r| r.team == team && r.grade == grade))
                .collect()
        })
        .collect();
    let ranked = Ranked {
        riders: &riders,
        lines: &lines,
        teams,
    };
    let points = ranked.classify(
        |r| r.points(&scoring, false),
        |r| r.firsts(false),
        Named {
            key: "points",
            title: "Points classification",
            ruling: "BA-S2",
            jersey: jersey("green jersey", "#1f9d55", 2),
        },
    );
    let sprints = ranked.classify(
        |r| r.points(&scoring, true),
        |r| r.firsts(true),
        Named {
            key: "sprints",
            title: "Sprints classification",
            ruling: "BA-S3",
            jersey: jersey("red jersey", "#d62828", 3),
        },
    );
    let general = general(&stages, teams, best_of, &points);
    let by_riders = team_classification(&stages, teams, &scoring);
    Ok(vec![general, points, sprints, by_riders])
}

/// BA-S1: teams by race points summed over the stages (postal 6.3); level teams by their
/// places in the last stage, then the one before, and so on; a league counts the best n.
fn general(
    stages: &[Stage],
    teams: &[String],
    best_of: Option<u16>,
    points: &Classification,
) -> Classification {
    let per_stage: Vec<Vec<Points>> = (0..teams.len())
        .map(|t| {
            stages
                .iter()
                .map(|s| {
                    s.riders
                        .iter()
                        .filter(|r| usize::from(r.team) == t)
                        .map(StageRider::race_points)
                        .sum()
                })
                .collect()
        })
        .collect();
    let counts: Vec<Vec<bool>> = per_stage.iter().map(|v| counted(v, best_of)).collect();
    let totals: Vec<Points> = (0..teams.len())
        .map(|t| {
            per_stage[t]
                .iter()
                .zip(&counts[t])
                .filter(|(_, c)| **c)
                .map(|(p, _)| *p)
                .sum()
        })
        .collect();
    // Count-back: the last stage's place first.
    let back = |t: usize| -> Vec<u16> { stages.iter().rev().map(|s| s.teams[t]).collect() };
    let mut order: Vec<usize> = (0..teams.len()).collect();
    order.sort_by(|&a, &b| {
        totals[b]
            .cmp(&totals[a])
            .then_with(|| back(a).cmp(&back(b)))
    });
    let ranks = ranks(&order, |&a, &b| {
        totals[a] == totals[b] && back(a) == back(b)
    });
    let rows = order
        .iter()
        .zip(ranks)
        .map(|(&t, rank)| Row {
            rank,
            seat: t,
            piece: None,
            total: totals[t].to_string(),
            stages: per_stage[t]
                .iter()
                .zip(&counts[t])
                .map(|(p, &c)| Cell {
                    value: p.to_string(),
                    dropped: !c,
                })
                .collect(),
            movement: None,
        })
        .collect();
    // The leading team's rider best placed in the points classification wears yellow.
    let mut wearers = Vec::new();
    for &t in &order {
        wearers.extend(points.wearers.iter().filter(|w| w.seat == t).cloned());
    }
    Classification {
        key: "general".into(),
        title: "General classification".into(),
        of: "teams".into(),
        unit: "points".into(),
        ruling: "BA-S1".into(),
        jersey: jersey("yellow jersey", "#f2c500", 1),
        rows,
        wearers,
    }
}

/// A rider classification's name, ruling and jersey.
struct Named {
    key: &'static str,
    title: &'static str,
    ruling: &'static str,
    jersey: Option<Jersey>,
}

/// The riders of a season and their line in each stage (`None`: not in that stage).
struct Ranked<'a> {
    riders: &'a [(u8, Grade)],
    lines: &'a [Vec<Option<&'a StageRider>>],
    teams: &'a [String],
}

impl Ranked<'_> {
    /// BA-S2 and BA-S3: riders by points; level riders by more first places, then by their
    /// places in the last stage, then the one before; still level, they share the rank.
    fn classify(
        &self,
        points: impl Fn(&StageRider) -> Points,
        firsts: impl Fn(&StageRider) -> usize,
        named: Named,
    ) -> Classification {
        let (riders, lines) = (self.riders, self.lines);
        let totals: Vec<Points> = lines
            .iter()
            .map(|l| l.iter().flatten().map(|r| points(r)).sum())
            .collect();
        let wins: Vec<usize> = lines
            .iter()
            .map(|l| l.iter().flatten().map(|r| firsts(r)).sum())
            .collect();
        let back = |i: usize| -> Vec<u16> {
            lines[i]
                .iter()
                .rev()
                .map(|r| r.map_or(u16::MAX, |r| r.place))
                .collect()
        };
        let mut order: Vec<usize> = (0..riders.len()).collect();
        order.sort_by(|&a, &b| {
            totals[b]
                .cmp(&totals[a])
                .then(wins[b].cmp(&wins[a]))
                .then_with(|| back(a).cmp(&back(b)))
        });
        let same = |&a: &usize, &b: &usize| {
            totals[a] == totals[b] && wins[a] == wins[b] && back(a) == back(b)
        };
        let ranks = ranks(&order, same);
        let name = |i: usize| rider_name(self.teams, riders[i].0, riders[i].1);
        let rows = order
            .iter()
            .zip(ranks)
            .map(|(&i, rank)| Row {
                rank,
                seat: usize::from(riders[i].0),
                piece: Some(name(i)),
                total: totals[i].to_string(),
                stages: lines[i]
                    .iter()
                    .map(|r| cell(r.map_or("–".into(), |r| points(r).to_string())))
                    .collect(),
                movement: None,
            })
            .collect();
        Classification {
            key: named.key.into(),
            title: named.title.into(),
            of: "riders".into(),
            unit: "points".into(),
            ruling: named.ruling.into(),
            jersey: named.jersey,
            rows,
            wearers: order
                .iter()
                .map(|&i| Wearer {
                    seat: usize::from(riders[i].0),
                    piece: name(i),
                })
                .collect(),
        }
    }
}

/// BA-S5: teams by the places of their best `team_riders` riders in each stage, added up
/// (lower is better); level teams by the last stage's sum, then the one before; still level,
/// they share the rank.
fn team_classification(stages: &[Stage], teams: &[String], scoring: &Scoring) -> Classification {
    let per_stage: Vec<Vec<u32>> = (0..teams.len())
        .map(|t| {
            stages
                .iter()
                .map(|s| {
                    let mut places: Vec<u32> = s
                        .riders
                        .iter()
                        .filter(|r| usize::from(r.team) == t)
                        .map(|r| u32::from(r.place))
                        .collect();
                    places.sort_unstable();
                    places.iter().take(usize::from(scoring.team_riders)).sum()
                })
                .collect()
        })
        .collect();
    let totals: Vec<u32> = per_stage.iter().map(|v| v.iter().sum()).collect();
    let back = |t: usize| -> Vec<u32> { per_stage[t].iter().rev().copied().collect() };
    let mut order: Vec<usize> = (0..teams.len()).collect();
    order.sort_by(|&a, &b| {
        totals[a]
            .cmp(&totals[b])
            .then_with(|| back(a).cmp(&back(b)))
    });
    let ranks = ranks(&order, |&a, &b| {
        totals[a] == totals[b] && back(a) == back(b)
    });
    let rows = order
        .iter()
        .zip(ranks)
        .map(|(&t, rank)| Row {
            rank,
            seat: t,
            piece: None,
            total: totals[t].to_string(),
            stages: per_stage[t].iter().map(|p| cell(p.to_string())).collect(),
            movement: None,
        })
        .collect();
    Classification {
        key: "teams".into(),
        title: "Teams classification".into(),
        of: "teams".into(),
        unit: format!("places of the best {} riders", scoring.team_riders),
        ruling: "BA-S5".into(),
        jersey: None,
        rows,
        wearers: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use game_api::{Game, Seed};
    use serde_json::json;

    use super::*;
    use crate::game::{BreakingAway, default_lineup};
    use crate::rules::Rules;

    fn teams() -> Vec<String> {
        ["red", "blue", "green"].map(String::from).to_vec()
    }

    /// A stage from its team places and `(team, grade, place, awards)` per rider; riders not
    /// listed ended behind, in team and grade order.
    fn stage_of(team_places: [u16; 3], listed: &[(u8, char, u16, &[[u16; 3]])]) -> Value {
        let mut riders: Vec<Value> = listed
            .iter()
            .map(|(team, grade, place, awards)| {
                json!({"team": team, "grade": grade.to_string(), "place": place, "awards": awards})
            })
            .collect();
        let mut next = 13 - (12 - listed.len() as u16);
        for team in 0..3u8 {
            for grade in ['A', 'B', 'C', 'D'] {
                if !listed.iter().any(|r| r.0 == team && r.1 == grade) {
                    riders.push(json!({"team": team, "grade": grade.to_string(), "place": next, "awards": []}));
                    next += 1;
                }
            }
        }
        json!({"teams": team_places, "riders": riders})
    }

    fn class<'a>(classes: &'a [Classification], key: &str) -> &'a Classification {
        classes.iter().find(|c| c.key == key).unwrap()
    }

    fn order(c: &Classification) -> Vec<(u16, String)> {
        c.rows
            .iter()
            .map(|r| {
                (
                    r.rank,
                    r.piece.clone().unwrap_or_else(|| teams()[r.seat].clone()),
                )
            })
            .collect()
    }

    /// A whole race with every team sending nothing (postal 9.1: the highest card each turn).
    fn race() -> (Position, Vec<TurnOutcome>) {
        let rules = Rules::postal();
        let mut position = BreakingAway::start(&rules, &vec![default_lineup(); 3], Seed(7));
        let mut outcomes = Vec::new();
        let mut rng = Seed(7).rng(0);
        while !position.is_over() {
            let (next, events) = BreakingAway::resolve(&position, &[None, None, None], &mut rng);
            position = next;
            outcomes.extend(events);
            assert!(outcomes.len() < 200, "the race ends");
        }
        (position, outcomes)
    }

    #[test]
    fn ba_s4_a_stage_keeps_each_riders_place_and_the_race_points_of_postal_6_3() {
        let (position, outcomes) = race();
        let turns: Vec<&TurnOutcome> = outcomes.iter().collect();
        let value = stage(&position, &turns).unwrap();
        let read: Stage = serde_json::from_value(value).unwrap();
        for (rider, line) in position.riders.iter().zip(&read.riders) {
            assert_eq!(line.race_points(), rider.points, "{rider:?}");
            if let Status::Finished(place) = rider.status {
                assert_eq!(line.place, place, "finishers keep their finishing place");
            }
        }
        let finishers = position.finished_count() as u16;
        assert!(
            read.riders.iter().filter(|r| r.place <= finishers).count() >= usize::from(finishers)
        );
        assert_eq!(
            read.teams,
            game_api::season::places_from_scores(&position.final_scores())
        );
        assert!(
            stage(
                &BreakingAway::start(&Rules::postal(), &vec![default_lineup(); 3], Seed(1)),
                &[]
            )
            .is_none()
        );
    }

    #[test]
    fn ba_s1_the_general_classification_adds_race_points_and_counts_back_from_the_last_stage() {
        // Stage 1: red wins the finish (20), blue second (16). Stage 2: blue wins (20), red
        // second (16): level on 36; blue was placed higher in the last stage.
        let s1 = stage_of(
            [1, 2, 3],
            &[(0, 'A', 1, &[[2, 1, 1]]), (1, 'A', 2, &[[2, 2, 1]])],
        );
        let s2 = stage_of(
            [2, 1, 3],
            &[(1, 'B', 1, &[[2, 1, 1]]), (0, 'B', 2, &[[2, 2, 1]])],
        );
        let classes = classify(&Value::Null, None, &teams(), &[s1.clone(), s2]).unwrap();
        let general = class(&classes, "general");
        assert_eq!(order(general)[..2], [(1, "blue".into()), (2, "red".into())]);
        assert_eq!(general.rows[0].total, "36");
        assert_eq!(general.rows[0].stages.len(), 2);
        // One stage: red leads.
        let classes = classify(&Value::Null, None, &teams(), &[s1]).unwrap();
        assert_eq!(order(class(&classes, "general"))[0], (1, "red".into()));
    }

    #[test]
    fn ba_s1_a_league_counts_the_best_n_stages_and_shows_the_dropped() {
        let s1 = stage_of([1, 2, 3], &[(0, 'A', 1, &[[2, 1, 1]])]);
        let s2 = stage_of(
            [2, 1, 3],
            &[(1, 'A', 1, &[[2, 1, 1]]), (0, 'A', 2, &[[2, 5, 1]])],
        );
        let classes = classify(&Value::Null, Some(1), &teams(), &[s1, s2]).unwrap();
        let red = class(&classes, "general")
            .rows
            .iter()
            .find(|r| r.seat == 0)
            .unwrap();
        assert_eq!(red.total, "20");
        assert!(!red.stages[0].dropped);
        assert!(red.stages[1].dropped, "the worse stage is dropped: {red:?}");
    }

    #[test]
    fn ba_s2_riders_level_on_points_by_stage_wins_then_the_last_stage() {
        // red-A wins the finish once (20); blue-A scores 10+10 at two sprint wins (sprints
        // count in the points classification) — level on 20, but a sprint win is not a
        // stage win: red-A ahead. green-A and green-B: 16 each, no wins; green-B placed
        // higher in the last stage.
        let s1 = stage_of(
            [1, 2, 3],
            &[
                (0, 'A', 1, &[[2, 1, 1]]),
                (1, 'A', 5, &[[0, 1, 1], [1, 1, 1]]),
                (2, 'A', 2, &[[2, 2, 1]]),
            ],
        );
        let s2 = stage_of([3, 2, 1], &[(2, 'B', 1, &[[2, 2, 1]]), (2, 'A', 3, &[])]);
        let classes = classify(&Value::Null, None, &teams(), &[s1, s2]).unwrap();
        let points = order(class(&classes, "points"));
        assert_eq!(
            points[..4],
            [
                (1, "red-A".into()),
                (2, "blue-A".into()),
                (3, "green-B".into()),
                (4, "green-A".into())
            ]
        );
    }

    #[test]
    fn ba_s3_the_sprints_classification_counts_sprint_lines_only() {
        let s1 = stage_of(
            [1, 2, 3],
            &[
                (0, 'A', 1, &[[0, 2, 1], [2, 1, 1]]),
                (1, 'A', 2, &[[0, 1, 1], [1, 3, 1]]),
            ],
        );
        let classes = classify(&Value::Null, None, &teams(), &[s1]).unwrap();
        let sprints = class(&classes, "sprints");
        assert_eq!(
            order(sprints)[..2],
            [(1, "blue-A".into()), (2, "red-A".into())]
        );
        assert_eq!(sprints.rows[0].total, "16");
        assert_eq!(sprints.rows[1].total, "8");
    }

    #[test]
    fn ba_s3_shared_places_share_their_points_and_ties_share_the_rank() {
        // red-A and blue-A cross the first sprint together (postal 8.2.5): places 1 and 2,
        // 9 points each; level in every respect, they share the rank.
        let s1 = stage_of(
            [1, 2, 3],
            &[(0, 'A', 3, &[[0, 1, 2]]), (1, 'A', 3, &[[0, 1, 2]])],
        );
        let classes = classify(&Value::Null, None, &teams(), &[s1]).unwrap();
        let sprints = class(&classes, "sprints");
        assert_eq!(sprints.rows[0].total, "9");
        assert_eq!((sprints.rows[0].rank, sprints.rows[1].rank), (1, 1));
    }

    #[test]
    fn ba_s5_teams_by_their_best_placed_riders_and_the_gms_tables() {
        let s1 = stage_of(
            [1, 2, 3],
            &[
                (0, 'A', 1, &[]),
                (1, 'A', 2, &[]),
                (1, 'B', 3, &[]),
                (1, 'C', 4, &[]),
                (0, 'B', 5, &[]),
                (0, 'C', 6, &[]),
            ],
        );
        let classes = classify(&Value::Null, None, &teams(), std::slice::from_ref(&s1)).unwrap();
        let by_riders = class(&classes, "teams");
        // blue 2+3+4 = 9, red 1+5+6 = 12.
        assert_eq!(
            order(by_riders)[..2],
            [(1, "blue".into()), (2, "red".into())]
        );
        assert_eq!(by_riders.rows[0].total, "9");
        let one = classify(&json!({"team_riders": 1}), None, &teams(), &[s1]).unwrap();
        assert_eq!(order(class(&one, "teams"))[0], (1, "red".into()));
    }

    #[test]
    fn ba_s2_the_gms_tables_change_the_riders_points() {
        let s1 = stage_of(
            [1, 2, 3],
            &[(0, 'A', 1, &[[2, 1, 1]]), (1, 'A', 2, &[[0, 1, 1]])],
        );
        let scoring = json!({"finish": [50, 30], "sprint": [60]});
        let classes = classify(&scoring, None, &teams(), &[s1]).unwrap();
        assert_eq!(order(class(&classes, "points"))[0], (1, "blue-A".into()));
        // The general classification keeps the rules' race points (postal 6.3).
        assert_eq!(order(class(&classes, "general"))[0], (1, "red".into()));
    }

    #[test]
    fn bad_scoring_is_refused_naming_the_field() {
        for (scoring, field) in [
            (json!({"finnish": [1]}), "scoring:"),
            (json!({"team_riders": 0}), "scoring.team_riders"),
            (json!({"sprint": vec![1; 51]}), "scoring.sprint"),
        ] {
            let e = classify(&scoring, None, &teams(), &[])
                .unwrap_err()
                .to_string();
            assert!(e.starts_with(field), "{e}");
        }
        let e = classify(&Value::Null, None, &teams(), &[json!({"teams": [1]})]).unwrap_err();
        assert!(e.to_string().starts_with("stage 1:"), "{e}");
    }
}
