//! The Backpacks & Blisters scenario notation (v1, `docs/backpacks-scenario.md`): one position
//! of a day plus one turn's orders in, the resolved turn out, both JSON. Served by
//! `postrider scenario run` beside the Breaking Away notation. Errors name the field.
//!
//! Serde reads the notation into [`RawScenario`] (every field a [`Given`], `null` read as left
//! out unless said otherwise); the checked conversion to a [`Scenario`] then refuses what breaks
//! a rule, in field order (one field in `fields.rs`, each walker in `walker.rs`); `result.rs`
//! writes the resolved turn.

mod fields;
mod result;
mod walker;

use std::collections::BTreeMap;
use std::sync::Arc;

use game_api::notation::{Given, Object, present};
use serde::Deserialize;
use serde_json::Value;

use crate::Weather;
use crate::clock;
use crate::day::{Day, Rucksack, TurnOutcome, Walker};
use crate::deck::{Card, Deck};
use crate::map::{LocationId, Map};
use crate::orders::{RoundOrders, TurnOrders, parse_round_orders};
use fields::{add_card, card_kind, err, location, required, small_int, time_to_turn};
pub use result::{
    ScenarioResult, TargetResult, WalkerResult, did_name, place_json, score_name, weather_name,
};
use walker::{RawWalker, parse_walker};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScenarioError(pub String);

/// A checked scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub day: Day,
    pub names: Vec<String>,
    pub orders: Vec<RoundOrders>,
    /// Carry orders out as far as they go (as a round's second turn is), instead of refusing them.
    pub lenient: bool,
    pub seed: u64,
}

/// A scenario as written, unchecked: what each field of the notation holds. Unknown fields
/// are ignored (the case book's `expect_error`).
#[derive(Clone, Debug, Deserialize)]
pub struct RawScenario {
    game: Option<Given<String>>,
    map: Option<Given<String>>,
    time: Option<Given<String>>,
    weather: Option<Given<String>>,
    seed: Option<Given<u64>>,
    lenient: Option<Given<bool>>,
    walkers: Option<Given<Vec<Given<Object<RawWalker>>>>>,
    draw_pile: Option<Given<Vec<Given<String>>>>,
    targets: Option<Given<Vec<RawTarget>>>,
    rucksack: Option<Given<Object<RawRucksack>>>,
    orders: Option<Given<BTreeMap<String, Given<String>>>>,
}

/// One entry of `targets`: a location id, or one with the walkers that reached it.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum RawTarget {
    Location(String),
    Counted(Object<RawCountedTarget>),
    /// Anything else, refused.
    Other(#[allow(dead_code)] Value),
}

#[derive(Clone, Debug, Deserialize)]
struct RawCountedTarget {
    location: Option<Given<String>>,
    reached: Option<Given<i64>>,
}

#[derive(Clone, Debug, Deserialize)]
struct RawRucksack {
    carrier: Option<Given<String>>,
    /// Left out, the turn being resolved; `null`, not a time.
    #[serde(default, deserialize_with = "present")]
    since: Option<Given<String>>,
}

impl Scenario {
    pub fn from_json(text: &str, map: Arc<Map>) -> Result<Scenario, ScenarioError> {
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ScenarioError(format!("scenario: not valid JSON: {e}")))?;
        Scenario::from_value(&value, map)
    }

    pub fn from_value(value: &Value, map: Arc<Map>) -> Result<Scenario, ScenarioError> {
        // Every field is a `Given`, so reading an object never fails: only a top level that
        // is not an object does.
        match Object::<RawScenario>::deserialize(value) {
            Ok(Object(raw)) => Scenario::check(raw, map),
            Err(_) => err("scenario: expected a JSON object"),
        }
    }

    /// Checks a scenario as written, field by field in the notation's order.
    pub fn check(raw: RawScenario, map: Arc<Map>) -> Result<Scenario, ScenarioError> {
        if required(raw.game, "game")?.wanted().as_deref() != Some("backpacks") {
            return err("game: expected \"backpacks\"");
        }
        if let Some(m) = raw.map
            && m.wanted().as_deref() != Some("keswick")
        {
            return err("map: a scenario names the default map \"keswick\" (or leaves it out)");
        }
        let turn = time_to_turn(required(raw.time, "time")?, "time")?;
        let weather = match raw.weather.map(Given::wanted) {
            None => Weather::Sunny,
            Some(Some(w)) if w == "sunny" => Weather::Sunny,
            Some(Some(w)) if w == "cloudy" => Weather::Cloudy,
            _ => return err("weather: expected \"sunny\" or \"cloudy\""),
        };
        let seed = match raw.seed {
            None => 0,
            Some(given) => given.wanted().ok_or_else(|| {
                ScenarioError(
                    "seed: expected a whole number from 0 to 18446744073709551615 (2^64 - 1)"
                        .into(),
                )
            })?,
        };
        let lenient = matches!(raw.lenient, Some(Given::Wanted(true)));

        // Cards: every card the scenario names becomes a card of its own small deck.
        let mut cards: Vec<Card> = Vec::new();

        let Some(raw_walkers) = required(raw.walkers, "walkers")?.wanted() else {
            return err("walkers: expected a list");
        };
        if raw_walkers.is_empty() || raw_walkers.len() > 16 {
            return err("walkers: give 1 to 16 walkers");
        }
        let mut names: Vec<String> = Vec::new();
        let mut walkers = Vec::new();
        for (i, w) in raw_walkers.into_iter().enumerate() {
            walkers.push(parse_walker(w, i, &map, turn, &mut names, &mut cards)?);
        }
        let mut pile = Vec::new();
        match raw.draw_pile {
            None => {}
            Some(Given::Wanted(list)) => {
                for (k, c) in list.into_iter().enumerate() {
                    let kind = card_kind(c, &format!("draw_pile[{k}]"))?;
                    pile.push(add_card(&mut cards, kind, &map));
                }
            }
            Some(Given::Other(_)) => {
                return err("draw_pile: expected a list of cards, the next card first");
            }
        }
        pile.reverse();
        // There is one Heavy Rucksack card (10.1): in play, or at most once in the pile.
        let in_pile = pile
            .iter()
            .filter(|&&c| cards[usize::from(c)] == Card::Rucksack)
            .count();
        if in_pile > 1 || (in_pile == 1 && raw.rucksack.is_some()) {
            return err(
                "draw_pile: a second Heavy Rucksack card; there is one, in play or in the deck (10.1)",
            );
        }
        // A card dealt face down comes from the same deck (3.1.1): with the pile and the
        // Rucksack in play, one Rucksack card at most.
        let mut seen = in_pile + usize::from(raw.rucksack.is_some());
        for (i, (w, _)) in walkers.iter().enumerate() {
            if w.next_card
                .is_some_and(|c| cards[usize::from(c)] == Card::Rucksack)
            {
                seen += 1;
                if seen > 1 {
                    return err(format!(
                        "walkers[{i}].next_card: a second Heavy Rucksack card; there is one, in play, in the deck or dealt (10.1, B&B-19)"
                    ));
                }
            }
        }
        if cards.len() > 250 {
            return err("scenario: more than 250 cards");
        }

        let (targets, target_arrivals) = parse_targets(raw.targets, &map)?;
        let walkers: Vec<Walker> = walkers
            .into_iter()
            .enumerate()
            .map(|(i, (mut w, reached))| {
                for l in reached {
                    match targets.iter().position(|&t| t == l) {
                        Some(k) => w.reached |= 1 << k,
                        None => {
                            return err(format!(
                                "walkers[{i}].reached: {} is not a target",
                                map.location_id(l)
                            ));
                        }
                    }
                }
                Ok(w)
            })
            .collect::<Result<_, _>>()?;
        // A target's count is how many walkers reached it: the walkers that list it (5.1.3–5.1.5).
        for (k, &count) in target_arrivals.iter().enumerate() {
            let listed = walkers.iter().filter(|w| w.reached & (1 << k) != 0).count();
            if listed != usize::from(count) {
                return err(format!(
                    "targets[{k}].reached: {count}, but {listed} walker{} list {} in \"reached\"",
                    if listed == 1 { "" } else { "s" },
                    map.location_id(targets[k])
                ));
            }
        }
        let rucksack = match raw.rucksack {
            None => None,
            Some(Given::Wanted(Object(r))) => Some(parse_rucksack(r, &names, turn)?),
            Some(Given::Other(_)) => {
                return err("rucksack: expected {\"carrier\": WALKER, \"since\": TIME}");
            }
        };
        let deck = Deck {
            name: "scenario".into(),
            cards,
            starting_money: 0,
        };
        let day = Day {
            map: map.clone(),
            deck: Arc::new(deck),
            turn,
            weather,
            walkers,
            pile,
            discards: Vec::new(),
            targets,
            target_arrivals,
            rucksack,
        };
        let orders = parse_orders(raw.orders, &day, &names, lenient)?;
        Ok(Scenario {
            day,
            names,
            orders,
            lenient,
            seed,
        })
    }

    /// Resolves the scenario's turn (and, on a round's second turn, the Rucksack vote).
    pub fn run(&self) -> Result<ScenarioResult, ScenarioError> {
        let (next, outcome) = self.resolve()?;
        Ok(ScenarioResult::new(self, &next, &outcome))
    }

    /// The day after the scenario's turn and what happened in it (what [`Scenario::run`]
    /// reports): the draws come from `Seed(seed).rng(turn)`.
    pub fn resolve(&self) -> Result<(Day, TurnOutcome), ScenarioError> {
        if self.day.is_over() {
            return err("time: the day is over");
        }
        let mut rng = game_api::Seed(self.seed).rng(u64::from(self.day.turn));
        let turn_orders: Vec<TurnOrders> = self.orders.iter().map(|o| o.turns[0].clone()).collect();
        let weather: Vec<_> = self.orders.iter().map(|o| o.weather).collect();
        let (mut next, mut outcome) = self.day.resolve_turn(&turn_orders, &weather, &mut rng);
        if !clock::is_first_of_round(self.day.turn) {
            next.vote(&self.orders, &mut outcome.rucksack);
        }
        Ok((next, outcome))
    }
}

/// Checks `targets`: the locations and how many walkers reached each.
fn parse_targets(
    given: Option<Given<Vec<RawTarget>>>,
    map: &Map,
) -> Result<(Vec<LocationId>, Vec<u8>), ScenarioError> {
    let mut targets = Vec::new();
    let mut target_arrivals = Vec::new();
    let list = match given {
        None => return Ok((targets, target_arrivals)),
        Some(Given::Wanted(list)) => list,
        Some(Given::Other(_)) => return err("targets: expected a list"),
    };
    for (k, t) in list.into_iter().enumerate() {
        let (loc, reached) = match t {
            RawTarget::Location(id) => (
                location(map, Some(Given::Wanted(id)), &format!("targets[{k}]"))?,
                0,
            ),
            RawTarget::Counted(Object(t)) => (
                location(map, t.location, &format!("targets[{k}].location"))?,
                small_int(t.reached, &format!("targets[{k}].reached"), 16)? as u8,
            ),
            RawTarget::Other(_) => {
                return err(format!(
                    "targets[{k}]: expected a location id or {{\"location\", \"reached\"}}"
                ));
            }
        };
        if loc == map.home {
            return err(format!(
                "targets[{k}]: Keswick is where the day starts and ends, never a target (2.1, B&B-3)"
            ));
        }
        if targets.contains(&loc) {
            return err(format!(
                "targets[{k}]: {} is a target twice",
                map.location_id(loc)
            ));
        }
        targets.push(loc);
        target_arrivals.push(reached);
    }
    if targets.len() > 8 {
        return err("targets: at most 8");
    }
    Ok((targets, target_arrivals))
}

/// Checks `rucksack`: its carrier among the walkers, and since when (by default the turn).
fn parse_rucksack(raw: RawRucksack, names: &[String], turn: u8) -> Result<Rucksack, ScenarioError> {
    let carrier = raw
        .carrier
        .and_then(Given::wanted)
        .ok_or_else(|| ScenarioError("rucksack.carrier: missing".into()))?;
    let carrier = names
        .iter()
        .position(|n| *n == carrier)
        .ok_or_else(|| ScenarioError(format!("rucksack.carrier: no walker {carrier:?}")))?;
    let since = match raw.since {
        None => turn,
        Some(given) => time_to_turn(given, "rucksack.since")?,
    };
    if since > turn {
        return err(format!(
            "rucksack.since: {} is after the turn being resolved ({})",
            clock::time_text(since),
            clock::time_text(turn)
        ));
    }
    Ok(Rucksack {
        carrier: carrier as u8,
        since,
    })
}

/// Checks `orders`: each walker's orders text, in full unless `lenient`.
fn parse_orders(
    given: Option<Given<BTreeMap<String, Given<String>>>>,
    day: &Day,
    names: &[String],
    lenient: bool,
) -> Result<Vec<RoundOrders>, ScenarioError> {
    let mut orders = vec![RoundOrders::nmr(); names.len()];
    let by_walker = match given {
        None => return Ok(orders),
        Some(Given::Wanted(by_walker)) => by_walker,
        Some(Given::Other(_)) => {
            return err("orders: expected an object of walker id to orders text");
        }
    };
    for (id, text) in by_walker {
        let field = format!("orders.{id}");
        let Some(w) = names.iter().position(|n| *n == id) else {
            return err(format!("{field}: no walker with that id"));
        };
        let text = text.wanted().ok_or_else(|| {
            ScenarioError(format!(
                "{field}: expected orders as text, e.g. \"walk 4+2 FRI\""
            ))
        })?;
        let parsed = parse_round_orders(&text, &day.map, names)
            .map_err(|e| ScenarioError(format!("{field}: {e}")))?;
        if parsed.turns[1] != TurnOrders::default() {
            return err(format!(
                "{field}: a scenario resolves one turn: leave out \"2:\""
            ));
        }
        if !lenient {
            let checked = if day.walkers[w].is_out() {
                day.check_turn_orders(w, &parsed.turns[0])
                    .and_then(|()| day.check_vote(&parsed))
            } else {
                day.check_round_orders(w, &parsed)
            };
            checked.map_err(|e| ScenarioError(format!("{field}: {e}")))?;
        }
        orders[w] = parsed;
    }
    Ok(orders)
}

/// Reads a scenario on the default map and resolves it.
pub fn run_json(text: &str) -> Result<ScenarioResult, ScenarioError> {
    Scenario::from_json(text, Arc::new(Map::keswick()))?.run()
}
