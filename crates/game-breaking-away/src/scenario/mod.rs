//! The public scenario notation (`shared/spec/breaking-away-scenario.md`, v1): one position
//! plus the next turn's orders in, the resolved turn out, both JSON. It plays the role FEN
//! plays in chess: bug reports, rules questions and the case book all use it.
//!
//! Parsing checks everything and names the offending field in its one-line error. Serde reads
//! the notation into [`RawScenario`] (every field a [`Given`], `null` read as left out); the
//! checked conversion to a [`Scenario`] then refuses what breaks a rule, in field order
//! (`read.rs`, each rider in `rider.rs`); `result.rs` writes the resolved turn.

mod fields;
mod read;
mod result;
mod rider;

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::points::Points;
use crate::position::{Position, Status};
use crate::turn::{self, OrderError};
use fields::{describe, err};
pub use read::RawScenario;
pub use result::{AwardResult, RiderResult, ScenarioResult, TeamResult};

/// The largest card value and distance the notation accepts (a guard against absurd input).
pub const MAX_CARD: u16 = 999;
pub const MAX_DISTANCE: i32 = 10_000;
/// The most riders a scenario may hold (the engine packs a rider's index in 16 bits).
pub const MAX_RIDERS: usize = 1000;

/// A checked scenario: a position, the names of its teams and riders, and the orders.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub position: Position,
    pub team_names: Vec<String>,
    pub rider_ids: Vec<String>,
    /// The card ordered for each rider (indexed like `position.riders`), `None` for no order.
    pub orders: Vec<Option<u16>>,
}

/// A scenario that breaks a rule. The message names the offending field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScenarioError(pub String);

impl Scenario {
    /// Parses and checks a scenario from JSON text.
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ScenarioError(format!("scenario: not valid JSON: {e}")))?;
        Scenario::from_value(&value)
    }

    pub fn from_value(value: &Value) -> Result<Scenario, ScenarioError> {
        // Every field is a `Given`, so reading an object never fails: only a top level that
        // is not an object does.
        match game_api::notation::Object::<RawScenario>::deserialize(value) {
            Ok(game_api::notation::Object(raw)) => Scenario::try_from(raw),
            Err(_) => err(format!(
                "scenario: expected a JSON object, got {}",
                describe(value)
            )),
        }
    }

    /// Resolves the scenario's turn.
    pub fn run(&self) -> Result<ScenarioResult, ScenarioError> {
        let (next, outcome) = turn::resolve(&self.position, &self.orders).map_err(|e| {
            ScenarioError(match e {
                OrderError::RaceOver => {
                    "riders: the race is already over (8 riders have finished or none is racing)"
                        .into()
                }
                OrderError::EmptyHand { rider } => {
                    format!("riders[{rider}].hand: empty, but the rider is racing")
                }
                other => format!("orders: {other}"),
            })
        })?;
        Ok(ScenarioResult::new(self, &next, &outcome))
    }

    /// Writes a position (with the orders) back in the notation, `arrived` always given.
    pub fn to_json(&self) -> Value {
        let p = &self.position;
        let riders: Vec<Value> = p
            .riders
            .iter()
            .zip(&self.rider_ids)
            .map(|(r, id)| {
                let mut m = Map::new();
                m.insert("id".into(), id.clone().into());
                m.insert(
                    "team".into(),
                    self.team_names[usize::from(r.team)].clone().into(),
                );
                m.insert("grade".into(), r.grade.letter().to_string().into());
                m.insert("distance".into(), r.distance.into());
                m.insert("hand".into(), r.hand.ascending().into());
                m.insert("arrived".into(), r.arrival.into());
                if r.sole_leader {
                    m.insert("sole_leader".into(), true.into());
                }
                if r.points != Points::ZERO {
                    m.insert("points".into(), r.points.to_json());
                }
                match r.status {
                    Status::Finished(place) => {
                        m.insert("finished".into(), place.into());
                    }
                    Status::Dropped => {
                        m.insert("dropped".into(), true.into());
                    }
                    Status::Retired => {
                        m.insert("retired".into(), true.into());
                    }
                    Status::Racing => {}
                }
                Value::Object(m)
            })
            .collect();
        let orders: Map<String, Value> = self
            .orders
            .iter()
            .zip(&self.rider_ids)
            .filter_map(|(o, id)| o.map(|c| (id.clone(), Value::from(c))))
            .collect();
        let mut top = Map::new();
        top.insert("game".into(), "breaking-away".into());
        top.insert("rules".into(), p.rules.set.name().into());
        let options: Map<String, Value> = p
            .rules
            .options
            .enabled()
            .into_iter()
            .map(|n| (n.to_string(), Value::Bool(true)))
            .collect();
        top.insert("options".into(), Value::Object(options));
        top.insert("turn".into(), p.turn.into());
        if let Some(t) = p.first_team {
            top.insert(
                "first_team".into(),
                self.team_names[usize::from(t)].clone().into(),
            );
        }
        top.insert("riders".into(), riders.into());
        top.insert("orders".into(), Value::Object(orders));
        Value::Object(top)
    }
}

/// Reads a scenario and resolves it: the whole of `postrider scenario run`.
pub fn run_json(text: &str) -> Result<ScenarioResult, ScenarioError> {
    Scenario::from_json(text)?.run()
}
