//! A season's results and winners: what a stage keeps when its game ends (so that reading a
//! season never replays a game), when a season is over, and who is crowned then. The
//! standings themselves are `season`'s.

use serde_json::Value;

use crate::registry::Record;
use crate::season::Standings;

/// A finished game's result as its season's stage keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageResult {
    /// The game read as a stage (`Record::stage`): what the standings count.
    pub result: Value,
    /// Each seat's place in it (empty where the game ranks no seats).
    pub places: Vec<u16>,
}

/// The result of the game `record` holds, if it is finished and its game has seasons.
pub fn stage_result(record: &Record) -> Option<StageResult> {
    let result = record.stage()?;
    Some(StageResult {
        result,
        places: record.places().unwrap_or_default(),
    })
}

/// The result a change keeps on its game's stage row: the game's, when the change ends it
/// (`was_over`: the game was over before it, and its result kept then).
pub fn ended_stage(was_over: bool, record: &Record) -> Option<StageResult> {
    if was_over || !record.is_over() {
        return None;
    }
    stage_result(record)
}

/// Whether a season is over: finished by its GM, or its planned last stage played (every
/// stage of `stages_over` over, and at least `planned` of them).
pub fn season_over(finished: bool, planned: Option<u16>, stages_over: &[bool]) -> bool {
    finished
        || planned
            .is_some_and(|n| stages_over.len() >= usize::from(n) && stages_over.iter().all(|o| *o))
}

/// A classification's winner, crowned when the season is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Winner {
    pub classification: String,
    /// `General classification`.
    pub title: String,
    pub seat: usize,
    pub piece: Option<String>,
}

/// Each classification's lines ranked first (level lines share the crown, S-3).
pub fn winners(standings: &Standings) -> Vec<Winner> {
    standings
        .classifications
        .iter()
        .flat_map(|c| {
            c.rows.iter().filter(|r| r.rank == 1).map(|r| Winner {
                classification: c.key.clone(),
                title: c.title.clone(),
                seat: r.seat,
                piece: r.piece.clone(),
            })
        })
        .collect()
}

/// The winners crowned: [`winners`] once the season is `over` and a stage counted; none before.
pub fn crowned(over: bool, standings: &Standings) -> Vec<Winner> {
    if !over || standings.stages == 0 {
        return Vec::new();
    }
    winners(standings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Event, Setup};
    use serde_json::json;

    #[test]
    fn a_season_ends_when_its_gm_finishes_it_or_its_planned_stages_are_played() {
        // (finished, planned, each stage over) → over
        let check = |finished: bool, planned: Option<u16>, stages: &[bool], expect: bool| {
            assert_eq!(
                season_over(finished, planned, stages),
                expect,
                "{planned:?} {stages:?}"
            );
        };
        check(false, None, &[true, true], false);
        check(true, None, &[true, false], true);
        check(false, Some(2), &[true], false);
        check(false, Some(2), &[true, false], false);
        check(false, Some(2), &[true, true], true);
        check(false, Some(2), &[true, true, true], true);
        check(false, Some(0), &[], true);
    }

    /// Standings of one classification whose rows are `(rank, seat)`, after `stages`.
    fn standings(stages: usize, rows: &[(u16, usize)]) -> Standings {
        let rows: Vec<Value> = rows
            .iter()
            .map(|(rank, seat)| json!({"rank": rank, "seat": seat, "total": "1", "stages": []}))
            .collect();
        serde_json::from_value(json!({
            "stages": stages,
            "classifications": [{"key": "general", "title": "General classification",
                "of": "teams", "unit": "places", "ruling": "S-2", "rows": rows}],
            "jerseys": [],
        }))
        .unwrap()
    }

    #[test]
    fn the_lines_ranked_first_are_crowned_once_the_season_is_over() {
        // (over, stages counted, rows) → the seats crowned
        let check = |over: bool, stages: usize, rows: &[(u16, usize)], expect: &[usize]| {
            let crowned: Vec<usize> = crowned(over, &standings(stages, rows))
                .iter()
                .map(|w| w.seat)
                .collect();
            assert_eq!(crowned, expect, "{rows:?}");
        };
        check(true, 2, &[(1, 1), (2, 0)], &[1]);
        // A level top shares the crown (S-3).
        check(true, 2, &[(1, 0), (1, 1), (3, 2)], &[0, 1]);
        check(false, 2, &[(1, 1), (2, 0)], &[]);
        check(true, 0, &[(1, 1), (2, 0)], &[]);
    }

    #[test]
    fn a_stage_keeps_its_result_in_the_change_that_ends_its_game() {
        let setup = Setup::new("breaking-away", &["red", "blue"], 11).with("rules", "postal-2.2");
        let record = Record::replay(&[Event::Created { setup }]).unwrap();
        // A game that goes on keeps nothing, whatever it was.
        assert_eq!(ended_stage(false, &record), None);
        assert_eq!(ended_stage(true, &record), None);
        assert_eq!(stage_result(&record), None);
    }

    #[test]
    fn a_finished_race_keeps_its_stage_and_each_teams_place_once() {
        let setup = Setup::new("breaking-away", &["red", "blue"], 11).with("rules", "postal-2.2");
        let mut record = Record::replay(&[Event::Created { setup }]).unwrap();
        let bots = [0, 1].map(|seat| crate::stand_in::Holder {
            seat: game_api::Seat(seat),
            player: None,
            bot: Some("heuristic"),
        });
        while !record.is_over() {
            assert!(record.turn() < 200, "the race never ends");
            crate::at_deadline::play_turn(&mut record, &bots).unwrap();
        }
        let kept = ended_stage(false, &record).expect("a stage's result");
        assert_eq!(Some(&kept), stage_result(&record).as_ref());
        assert_eq!(kept.places.len(), 2, "{kept:?}");
        assert!(kept.places.contains(&1), "{kept:?}");
        // Kept by the change that ended the game, not again.
        assert_eq!(ended_stage(true, &record), None);
    }
}
