//! The scenario notation: positions it can hold round-trip, the others are refused by field.

use game_breaking_away::rules::{Line, RuleSet};
use game_breaking_away::scenario::Scenario;
use game_breaking_away::{Grade, Hand, Points, Position, Rider, Status};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::property;
use crate::strategies::position;

/// A position the notation can hold: no rider on the track past the finish line without a
/// place, no postal rider behind the start, on turn 1 set-up hands (else the position is a turn later), and a board race's first
/// team one with riders.
fn notation_position() -> impl Strategy<Value = Position> {
    position().prop_map(|mut p| {
        let finish = p.rules.set.line_distance(Line::Finish);
        for r in p.riders.iter_mut().filter(|r| r.on_track()) {
            r.distance = r.distance.min(finish);
        }
        // The postal track has no squares behind the start (postal 4.1).
        if p.rules.set == RuleSet::Postal22 {
            for r in &mut p.riders {
                r.distance = r.distance.max(0);
            }
        }
        let set_up = |r: &Rider| {
            !r.on_track()
                || game_breaking_away::rules::check_lineup_hand(p.rules, r.grade, &r.hand.cards())
                    .is_ok()
        };
        if p.turn == 1 && !p.riders.iter().all(set_up) {
            p.turn = 2;
            p.first_team = None;
        }
        // The notation names the first team by a rider of it: a team without riders cannot be
        // written as the board's first team (the refusal has its own property below).
        if let Some(first) = p.first_team
            && !p.riders.iter().any(|r| r.team == first)
        {
            p.first_team = p.riders.first().map(|r| r.team);
        }
        p
    })
}

fn scenario_of(position: Position) -> Scenario {
    let ids = (0..position.riders.len())
        .map(|i| format!("r{i}"))
        .collect();
    let teams = (0..position.team_count)
        .map(|t| format!("team{t}"))
        .collect();
    let orders = vec![None; position.riders.len()];
    Scenario {
        position,
        team_names: teams,
        rider_ids: ids,
        orders,
    }
}

/// The riders as the notation keeps them (line places are derived from distances in the
/// notation; everything else must match).
fn notation_riders(position: &Position) -> Vec<(i32, Hand, Points, Status, bool, u32, Grade)> {
    position
        .riders
        .iter()
        .map(|r| {
            (
                r.distance,
                r.hand,
                r.points,
                r.status,
                r.sole_leader,
                r.arrival,
                r.grade,
            )
        })
        .collect()
}

/// Positions written in the notation read back to the same position.
#[test]
fn notation_round_trips() {
    property(
        "notation_round_trips",
        400,
        notation_position(),
        |position| {
            let scenario = scenario_of(position);
            let back = Scenario::from_value(&scenario.to_json()).map_err(|e| {
                TestCaseError::fail(format!("the notation refused its own position: {e}"))
            })?;
            prop_assert_eq!(
                notation_riders(&back.position),
                notation_riders(&scenario.position)
            );
            prop_assert_eq!(back.position.turn, scenario.position.turn);
            Ok(if scenario.position.turn == 1 {
                "turn 1 read back"
            } else {
                "later turn read back"
            })
        },
    );
}

/// Any position written in the notation is read back the same, or refused in one line naming
/// the field (a racing rider past the finish line, a set-up hand out of the rules, a board
/// race's first team without riders).
#[test]
fn positions_the_notation_cannot_hold_are_refused_by_field() {
    let tally = property(
        "positions_the_notation_cannot_hold_are_refused_by_field",
        400,
        position(),
        |position| {
            let scenario = scenario_of(position);
            match Scenario::from_value(&scenario.to_json()) {
                Ok(back) => {
                    prop_assert_eq!(
                        notation_riders(&back.position),
                        notation_riders(&scenario.position)
                    );
                    Ok("read back")
                }
                Err(e) => {
                    let e = e.to_string();
                    prop_assert!(
                        !e.contains('\n')
                            && (e.starts_with("riders[") || e.starts_with("first_team: ")),
                        "{}",
                        e
                    );
                    Ok("refused, naming the field")
                }
            }
        },
    );
    assert!(
        tally.percent(&["refused, naming the field"]) >= 20,
        "{tally:?}"
    );
    assert!(tally.percent(&["read back"]) >= 20, "{tally:?}");
}
