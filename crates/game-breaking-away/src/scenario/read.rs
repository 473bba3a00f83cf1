//! A scenario as written, checked field by field in the notation's order into a [`Scenario`]:
//! the rules and options, the riders (each in `rider.rs`), the lines already crossed, the
//! first team and the orders.

use std::collections::BTreeMap;

use game_api::notation::{Given, Object};
use serde::Deserialize;

use super::fields::{card, describe, err, integer, required, string};
use super::rider::{RawRider, parse_rider, stamp_arrivals};
use super::{MAX_RIDERS, Scenario, ScenarioError};
use crate::error::BreakingAwayError;
use crate::position::{Position, Rider};
use crate::rules::{Line, Options, RuleSet, Rules};

/// A scenario as written, unchecked: what each field of the notation holds. Unknown fields
/// are ignored (the case book's `expect_error`).
#[derive(Clone, Debug, Deserialize)]
pub struct RawScenario {
    game: Option<Given<String>>,
    rules: Option<Given<String>>,
    options: Option<Given<BTreeMap<String, Given<bool>>>>,
    turn: Option<Given<i64>>,
    first_team: Option<Given<String>>,
    riders: Option<Given<Vec<Given<Object<RawRider>>>>>,
    orders: Option<Given<BTreeMap<String, Given<i64>>>>,
}

impl TryFrom<RawScenario> for Scenario {
    type Error = ScenarioError;

    /// Checks a scenario as written, field by field in the notation's order.
    fn try_from(raw: RawScenario) -> Result<Scenario, ScenarioError> {
        let game = string(required(raw.game, "game")?, "game")?;
        if game != "breaking-away" {
            return err(format!("game: expected \"breaking-away\", got {game:?}"));
        }
        let set: RuleSet = string(required(raw.rules, "rules")?, "rules")?
            .parse()
            .map_err(|e: BreakingAwayError| ScenarioError(format!("rules: {e}")))?;
        let options = parse_options(raw.options, set)?;
        let rules = Rules::new(set, options).map_err(|e| ScenarioError(e.to_string()))?;
        let turn = integer(required(raw.turn, "turn")?, "turn", 1..=9999)? as u16;

        let raw_riders = match required(raw.riders, "riders")? {
            Given::Wanted(list) => list,
            Given::Other(v) => {
                return err(format!("riders: expected a list, got {}", describe(&v)));
            }
        };
        if raw_riders.is_empty() {
            return err("riders: the list is empty");
        }
        if raw_riders.len() > MAX_RIDERS {
            return err(format!(
                "riders: {} riders, at most {MAX_RIDERS}",
                raw_riders.len()
            ));
        }
        let mut team_names: Vec<String> = Vec::new();
        let mut rider_ids: Vec<String> = Vec::new();
        let mut riders = Vec::with_capacity(raw_riders.len());
        let mut arrived_given = Vec::with_capacity(raw_riders.len());
        for (i, raw) in raw_riders.into_iter().enumerate() {
            let (id, team_name, rider, given) = parse_rider(raw, i, rules, turn)?;
            arrived_given.push(given);
            if rider_ids.contains(&id) {
                return err(format!("riders[{i}].id: two riders with id {id:?}"));
            }
            let team = match team_names.iter().position(|t| *t == team_name) {
                Some(t) => t,
                None => {
                    if team_names.len() == usize::from(u8::MAX) {
                        return err(format!("riders[{i}].team: more than 255 teams"));
                    }
                    team_names.push(team_name);
                    team_names.len() - 1
                }
            };
            rider_ids.push(id);
            riders.push(Rider {
                team: team as u8,
                ..rider
            });
        }

        stamp_arrivals(&mut riders, &arrived_given);

        let mut line_places = [0u16; 3];
        for line in [Line::Sprint1, Line::Sprint2] {
            let at = set.line_distance(line);
            let past = riders.iter().filter(|r| r.distance > at).count();
            line_places[line.index()] = past.min(8) as u16;
        }
        line_places[Line::Finish.index()] = riders
            .iter()
            .filter(|r| r.finished_place().is_some())
            .count() as u16;
        let finish = set.line_distance(Line::Finish);
        if let Some(i) = riders
            .iter()
            .position(|r| r.on_track() && r.distance > finish)
        {
            return err(format!(
                "riders[{i}].distance: {} is past the finish line ({finish}) but the rider has no finished place",
                riders[i].distance
            ));
        }

        let first_team = match raw.first_team {
            None => None,
            Some(given) => {
                let name = string(given, "first_team")?;
                match team_names.iter().position(|t| *t == name) {
                    Some(t) => Some(t as u8),
                    None => return err(format!("first_team: no rider of team {name:?} in riders")),
                }
            }
        };
        let next_arrival = riders.iter().map(|r| r.arrival).max().unwrap_or(0) + 1;
        let position = Position {
            rules,
            turn,
            team_count: team_names.len() as u8,
            riders,
            line_places,
            next_arrival,
            // Board turn 1 without a first_team: the first team listed moves first.
            first_team: if set == RuleSet::Board && turn == 1 {
                Some(first_team.unwrap_or(0))
            } else {
                first_team
            },
        };

        let mut orders = vec![None; rider_ids.len()];
        match raw.orders {
            None => {}
            Some(Given::Wanted(map)) => {
                for (id, given) in map {
                    let name = format!("orders.{id}");
                    let Some(i) = rider_ids.iter().position(|r| *r == id) else {
                        return err(format!("{name}: no rider with that id"));
                    };
                    let c = card(given, &name)?;
                    let rider = &position.riders[i];
                    if !rider.on_track() {
                        return err(format!(
                            "{name}: the rider is not on the track and takes no orders"
                        ));
                    }
                    if !rider.hand.contains(c) {
                        return err(format!(
                            "{name}: card {c} is not in the hand {:?}",
                            rider.hand.ascending()
                        ));
                    }
                    orders[i] = Some(c);
                }
            }
            Some(Given::Other(v)) => {
                return err(format!(
                    "orders: expected an object of rider id to card, got {}",
                    describe(&v)
                ));
            }
        }
        Ok(Scenario {
            position,
            team_names,
            rider_ids,
            orders,
        })
    }
}

fn parse_options(
    given: Option<Given<BTreeMap<String, Given<bool>>>>,
    set: RuleSet,
) -> Result<Options, ScenarioError> {
    let mut options = Options::default();
    let map = match given {
        None => return Ok(options),
        Some(Given::Wanted(map)) => map,
        Some(Given::Other(v)) => {
            return err(format!("options: expected an object, got {}", describe(&v)));
        }
    };
    for (name, on) in map {
        let field = format!("options.{name}");
        let on = match on {
            Given::Wanted(on) => on,
            Given::Other(v) => {
                return err(format!(
                    "{field}: expected true or false, got {}",
                    describe(&v)
                ));
            }
        };
        let mut probe = Options::default();
        probe
            .set(&name)
            .map_err(|e| ScenarioError(format!("{field}: {e}")))?;
        // A board option means nothing under the postal rules, on or off: refused either way,
        // so that nobody reads `false` as a choice the postal rules offer.
        if set == RuleSet::Postal22 {
            return err(format!(
                "{field}: belongs to the board rules, not postal-2.2"
            ));
        }
        if on {
            options.set(&name).expect("checked above");
        }
    }
    Ok(options)
}
