//! The resolved turn in the notation's output form: the order of movement, every rider after
//! the turn, the places scored and the teams' standings.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Scenario;
use crate::points::Points;
use crate::position::Position;
use crate::turn::TurnOutcome;

/// The resolved turn in the notation's output form.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioResult {
    pub order: Vec<String>,
    pub riders: Vec<RiderResult>,
    pub awards: Vec<AwardResult>,
    pub teams: Vec<TeamResult>,
    pub race_over: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct RiderResult {
    pub id: String,
    pub team: String,
    pub distance: i32,
    pub square: i32,
    pub played: Option<u16>,
    pub replacement: Option<u16>,
    pub hand: Vec<u16>,
    #[serde(serialize_with = "points_as_number")]
    pub points: Points,
    pub sole_leader: bool,
    pub finished: Option<u16>,
}

#[derive(Clone, Debug, Serialize)]
pub struct AwardResult {
    pub line: &'static str,
    pub place: u16,
    pub riders: Vec<String>,
    #[serde(serialize_with = "points_as_number")]
    pub points: Points,
}

#[derive(Clone, Debug, Serialize)]
pub struct TeamResult {
    pub team: String,
    #[serde(serialize_with = "points_as_number")]
    pub points: Points,
    pub best_place: Option<u16>,
}

fn points_as_number<S: serde::Serializer>(p: &Points, s: S) -> Result<S::Ok, S::Error> {
    p.to_json().serialize(s)
}

impl ScenarioResult {
    pub fn new(scenario: &Scenario, next: &Position, outcome: &TurnOutcome) -> ScenarioResult {
        let ids = &scenario.rider_ids;
        let played: BTreeMap<usize, u16> =
            outcome.moves.iter().map(|m| (m.rider, m.card)).collect();
        let riders = next
            .riders
            .iter()
            .enumerate()
            .map(|(i, r)| RiderResult {
                id: ids[i].clone(),
                team: scenario.team_names[usize::from(r.team)].clone(),
                distance: r.distance,
                square: next.rules.set.square(r.distance),
                played: played.get(&i).copied(),
                replacement: outcome.replacements[i].map(|rep| rep.card),
                hand: r.hand.ascending(),
                points: r.points,
                sole_leader: r.sole_leader,
                finished: r.finished_place(),
            })
            .collect();
        let awards = outcome
            .awards
            .iter()
            .map(|a| AwardResult {
                line: a.line.name(),
                place: a.place,
                riders: a.riders.iter().map(|&r| ids[r].clone()).collect(),
                points: a.points,
            })
            .collect();
        let team_points = next.team_points();
        let best = next.team_best_place();
        let teams = next
            .standings()
            .into_iter()
            .map(|t| TeamResult {
                team: scenario.team_names[usize::from(t)].clone(),
                points: team_points[usize::from(t)],
                best_place: best[usize::from(t)],
            })
            .collect();
        ScenarioResult {
            order: outcome.moves.iter().map(|m| ids[m.rider].clone()).collect(),
            riders,
            awards,
            teams,
            race_over: outcome.race_over,
        }
    }

    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("results serialise")
    }
}
