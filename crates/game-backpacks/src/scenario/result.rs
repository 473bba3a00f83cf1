//! The resolved turn in the notation's output form: each walker's move, steps, scores and what
//! it holds after the turn, the targets, and the Heavy Rucksack's moves.

use serde::Serialize;
use serde_json::{Map as JsonMap, Value};

use super::Scenario;
use crate::Weather;
use crate::clock::{self, TURNS};
use crate::day::{Day, Did, Place, RucksackHow, Score};
use crate::deck::CardKind;
use crate::map::Map;

#[derive(Clone, Debug, Serialize)]
pub struct ScenarioResult {
    pub time: String,
    pub weather: &'static str,
    pub walkers: Vec<WalkerResult>,
    pub targets: Vec<TargetResult>,
    pub rucksack: Option<Value>,
    pub rucksack_moves: Vec<Value>,
    pub day_over: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct WalkerResult {
    pub id: String,
    pub did: String,
    pub at: Value,
    pub steps: Vec<Value>,
    pub bumped: bool,
    pub scored: Vec<Value>,
    pub points: i32,
    pub hand: Vec<String>,
    pub money: u8,
    pub chocolate: u8,
    pub finished: Option<String>,
    pub lost: bool,
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct TargetResult {
    pub location: String,
    pub reached: u8,
}

pub fn weather_name(w: Weather) -> &'static str {
    match w {
        Weather::Sunny => "sunny",
        Weather::Cloudy => "cloudy",
    }
}

pub fn place_json(map: &Map, place: Place) -> Value {
    match place {
        Place::At(s) => Value::from(map.space_id(s)),
        Place::Lake { boarded } => serde_json::json!({ "lake": map.location_id(boarded) }),
    }
}

pub fn score_name(map: &Map, score: Score) -> String {
    match score {
        Score::Space(s) => map.space_id(s).to_string(),
        Score::Target { location, order } => format!(
            "target {} ({})",
            map.location_id(location),
            match order {
                1 => "1st".to_string(),
                2 => "2nd".to_string(),
                3 => "3rd".to_string(),
                n => format!("{n}th"),
            }
        ),
        Score::Ferry => "ferry trip".into(),
        Score::Tea => "tea".into(),
        Score::RucksackAtBreak => "carrying the Heavy Rucksack at the break".into(),
        Score::Finish => "back in Keswick".into(),
        Score::RucksackHome => "the Heavy Rucksack home".into(),
        Score::Money => "money left".into(),
    }
}

pub fn did_name(did: &Did) -> String {
    match did {
        Did::Off => "off".into(),
        Did::Rested => "rest".into(),
        Did::Walked { .. } => "walk".into(),
        Did::Tea => "tea".into(),
        Did::Ferry { landed: true, .. } => "ferry".into(),
        Did::Ferry { landed: false, .. } => "ferry (did not land)".into(),
        Did::Bus { .. } => "bus".into(),
        Did::Blister => "blister".into(),
        Did::Break => "break".into(),
        Did::Afloat => "afloat".into(),
    }
}

impl ScenarioResult {
    pub fn new(
        scenario: &Scenario,
        next: &Day,
        outcome: &crate::day::TurnOutcome,
    ) -> ScenarioResult {
        let map = &next.map;
        let names = &scenario.names;
        let walkers = next
            .walkers
            .iter()
            .enumerate()
            .map(|(w, walker)| {
                let t = &outcome.walkers[w];
                let mut hand: Vec<CardKind> = walker.hand.iter().map(|&c| next.card_kind(c)).collect();
                hand.sort();
                WalkerResult {
                    id: names[w].clone(),
                    did: did_name(&t.did),
                    at: place_json(map, walker.place),
                    steps: t.steps.iter().map(|&(s, st)| serde_json::json!({"space": map.space_id(s), "sub_turn": st})).collect(),
                    bumped: t.bumped,
                    scored: t.scores.iter().map(|&(s, p)| serde_json::json!({"for": score_name(map, s), "points": p})).collect(),
                    points: next.final_points(w),
                    hand: hand.iter().map(|k| k.to_string()).collect(),
                    money: walker.money,
                    chocolate: walker.chocolate,
                    finished: walker.finished.map(clock::time_text),
                    lost: walker.lost,
                    notes: t.notes.iter().map(|n| crate::report::note_words(game_api::Lang::EN, map, n)).collect(),
                }
            })
            .collect();
        let rucksack_moves = outcome
            .rucksack
            .iter()
            .map(|m| {
                let mut o = JsonMap::new();
                o.insert(
                    "from".into(),
                    m.from
                        .map(|f| Value::from(names[usize::from(f)].clone()))
                        .unwrap_or(Value::Null),
                );
                o.insert("to".into(), names[usize::from(m.to)].clone().into());
                o.insert(
                    "how".into(),
                    match m.how {
                        RucksackHow::Drawn => "drawn".into(),
                        RucksackHow::Voted => "vote".into(),
                        RucksackHow::Handed { sub_turn: 13 } => {
                            "handed at the end of the turn".into()
                        }
                        RucksackHow::Handed { sub_turn } => {
                            format!("handed at sub-turn {sub_turn}").into()
                        }
                    },
                );
                Value::Object(o)
            })
            .collect();
        ScenarioResult {
            time: clock::time_text(outcome.turn),
            weather: weather_name(next.weather),
            walkers,
            targets: next
                .targets
                .iter()
                .zip(&next.target_arrivals)
                .map(|(&l, &n)| TargetResult { location: map.location_id(l).to_string(), reached: n })
                .collect(),
            rucksack: next.rucksack.map(|r| serde_json::json!({"carrier": names[usize::from(r.carrier)], "since": clock::time_text(r.since.min(TURNS - 1))})),
            rucksack_moves,
            day_over: outcome.day_over,
        }
    }

    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("results serialise")
    }
}
