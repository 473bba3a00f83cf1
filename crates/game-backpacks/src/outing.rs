//! The GM's record of one day out: the set-up (walkers, seed, map and deck), the log of every
//! round's orders, and the sealed orders for the round to come. The log is the source of truth:
//! every day and outcome is derived by replaying it from the seed.

use std::collections::BTreeMap;
use std::sync::Arc;

use game_api::{Game, Seat, Seed};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::clock;
use crate::day::{Day, TurnOutcome};
use crate::deck::Deck;
use crate::game::Backpacks;
use crate::map::Map;
use crate::orders::{RoundOrders, describe_round, parse_round_orders};
use crate::scenario::{place_json, weather_name};

pub const FORMAT: &str = "postrider-outing";
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OutingError(pub String);

fn fail<T>(message: impl Into<String>) -> Result<T, OutingError> {
    Err(OutingError(message.into()))
}

/// Where the map or deck came from: the shipped default, or a GM's file (kept in the record,
/// so that a replay never depends on a file that may have changed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Source {
    Default(String),
    Custom { toml: String },
}

impl Source {
    fn default_name() -> Source {
        Source::Default("keswick".into())
    }
}

/// A resolved round.
#[derive(Clone, Debug)]
pub struct RoundRecord {
    pub before: Day,
    pub orders: Vec<Option<RoundOrders>>,
    pub turns: Vec<TurnOutcome>,
    pub after: Day,
}

#[derive(Clone, Debug)]
pub struct Outing {
    walkers: Vec<String>,
    seed: Seed,
    map_source: Source,
    deck_source: Source,
    log: Vec<Vec<Option<RoundOrders>>>,
    sealed: Vec<Option<RoundOrders>>,
    day: Day,
    history: Vec<RoundRecord>,
}

fn check_name(name: &str) -> Result<(), OutingError> {
    if !name.is_empty()
        && name.len() <= 24
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    {
        Ok(())
    } else {
        fail(format!(
            "walker {name:?}: use 1–24 letters, digits, '-' or '_'"
        ))
    }
}

fn load(map_source: &Source, deck_source: &Source) -> Result<(Arc<Map>, Arc<Deck>), OutingError> {
    let map = match map_source {
        Source::Default(name) if name == "keswick" => Map::keswick(),
        Source::Default(name) => {
            return fail(format!(
                "map: no shipped map is called {name:?} (\"keswick\")"
            ));
        }
        Source::Custom { toml } => Map::from_toml(toml).map_err(|e| OutingError(e.to_string()))?,
    };
    let deck = match deck_source {
        Source::Default(name) if name == "keswick" => {
            Deck::from_toml(include_str!("../data/keswick-deck.toml"), &map)
                .map_err(|e| OutingError(format!("the default deck does not fit this map: {e}")))?
        }
        Source::Default(name) => {
            return fail(format!(
                "deck: no shipped deck is called {name:?} (\"keswick\")"
            ));
        }
        Source::Custom { toml } => {
            Deck::from_toml(toml, &map).map_err(|e| OutingError(e.to_string()))?
        }
    };
    Ok((Arc::new(map), Arc::new(deck)))
}

impl Outing {
    /// A new day out. `map` and `deck` are a GM's TOML files, or `None` for the default data.
    pub fn new(
        walkers: Vec<String>,
        seed: Seed,
        map: Option<String>,
        deck: Option<String>,
    ) -> Result<Outing, OutingError> {
        if !(1..=16).contains(&walkers.len()) {
            return fail(format!("walkers: {} given, 1–16 can walk", walkers.len()));
        }
        for (i, name) in walkers.iter().enumerate() {
            check_name(name)?;
            if walkers[..i].iter().any(|w| w.eq_ignore_ascii_case(name)) {
                return fail(format!("walkers: {name:?} is given twice"));
            }
        }
        let map_source = map.map_or_else(Source::default_name, |toml| Source::Custom { toml });
        let deck_source = deck.map_or_else(Source::default_name, |toml| Source::Custom { toml });
        let (map, deck) = load(&map_source, &deck_source)?;
        let day = Day::new(map, deck, walkers.len(), &mut seed.rng(0));
        let n = walkers.len();
        Ok(Outing {
            walkers,
            seed,
            map_source,
            deck_source,
            log: Vec::new(),
            sealed: vec![None; n],
            day,
            history: Vec::new(),
        })
    }

    pub fn walkers(&self) -> &[String] {
        &self.walkers
    }

    pub fn seed(&self) -> Seed {
        self.seed
    }

    pub fn day(&self) -> &Day {
        &self.day
    }

    pub fn map(&self) -> &Map {
        &self.day.map
    }

    pub fn history(&self) -> &[RoundRecord] {
        &self.history
    }

    pub fn is_over(&self) -> bool {
        self.day.is_over()
    }

    pub fn walker_index(&self, name: &str) -> Result<u8, OutingError> {
        match self
            .walkers
            .iter()
            .position(|w| w.eq_ignore_ascii_case(name))
        {
            Some(i) => Ok(i as u8),
            None => fail(format!(
                "walker {name:?}: no such walker (walkers: {})",
                self.walkers.join(", ")
            )),
        }
    }

    pub fn sealed(&self, walker: u8) -> Option<&RoundOrders> {
        self.sealed[usize::from(walker)].as_ref()
    }

    /// Reads a player's orders for the coming round from the text form.
    pub fn parse_orders(&self, text: &str) -> Result<RoundOrders, OutingError> {
        parse_round_orders(text, &self.day.map, &self.walkers)
            .map_err(|e| OutingError(format!("orders: {e}")))
    }

    /// Seals a walker's orders for the coming round (they may be replaced until it is resolved).
    /// The first turn is checked in full; the second is carried out from wherever the first
    /// really leaves the walker (docs/rulings.md B&B-7).
    pub fn submit_orders(&mut self, walker: &str, orders: RoundOrders) -> Result<(), OutingError> {
        let w = self.walker_index(walker)?;
        if self.is_over() {
            return fail("orders: the day is over");
        }
        Backpacks::check_orders(&self.day, Seat(w), &orders)
            .map_err(|e| OutingError(format!("orders: {e}")))?;
        self.sealed[usize::from(w)] = Some(orders);
        Ok(())
    }

    /// The orders as the engine read them (the echo a player gets).
    pub fn describe(&self, orders: &RoundOrders) -> String {
        describe_round(orders, &self.day.map, &self.walkers)
    }

    /// Resolves the coming round; walkers without orders rest (B&B-11).
    pub fn resolve(&mut self) -> Result<&RoundRecord, OutingError> {
        if self.is_over() {
            return fail("the day is over");
        }
        let orders = std::mem::replace(&mut self.sealed, vec![None; self.walkers.len()]);
        self.apply(orders)?;
        Ok(self.history.last().expect("a round was just resolved"))
    }

    fn apply(&mut self, orders: Vec<Option<RoundOrders>>) -> Result<(), OutingError> {
        if self.day.is_over() || orders.len() != self.walkers.len() {
            return fail(
                "log: a round after the end of the day, or orders that do not match the walkers",
            );
        }
        let before = self.day.clone();
        let round = u64::from(clock::round(before.turn));
        let (after, turns) = Backpacks::resolve(&before, &orders, &mut self.seed.rng(round));
        self.history.push(RoundRecord {
            before,
            orders: orders.clone(),
            turns,
            after: after.clone(),
        });
        self.day = after;
        self.log.push(orders);
        Ok(())
    }

    /// A summary of the day for people to read, stored in the file and checked on load.
    pub fn summary(&self) -> Value {
        let day = &self.day;
        json!({
            "time": day.clock_text(),
            "weather": weather_name(day.weather),
            "targets": day.targets.iter().zip(&day.target_arrivals).map(|(&t, &n)| json!({"location": day.map.location_id(t), "reached": n})).collect::<Vec<_>>(),
            "rucksack": day.rucksack.map(|r| self.walkers[usize::from(r.carrier)].clone()),
            "walkers": day.walkers.iter().enumerate().map(|(w, walker)| json!({
                "name": self.walkers[w],
                "at": place_json(&day.map, walker.place),
                "points": day.final_points(w),
                "hand": day.hand_text(&walker.hand),
                "money": walker.money,
                "finished": walker.finished.map(clock::time_text),
                "lost": walker.lost,
            })).collect::<Vec<_>>(),
        })
    }

    pub fn to_json(&self) -> String {
        let text = |o: &Option<RoundOrders>| o.as_ref().map(|o| self.describe(o));
        let by_walker = |orders: &[Option<RoundOrders>]| -> BTreeMap<String, Option<String>> {
            self.walkers
                .iter()
                .cloned()
                .zip(orders.iter().map(text))
                .collect()
        };
        let file = OutingFile {
            format: FORMAT.into(),
            version: VERSION,
            game: "backpacks".into(),
            seed: self.seed.0,
            walkers: self.walkers.clone(),
            map: self.map_source.clone(),
            deck: self.deck_source.clone(),
            log: self
                .log
                .iter()
                .map(|orders| LogEntry {
                    round: by_walker(orders),
                })
                .collect(),
            sealed_orders: by_walker(&self.sealed)
                .into_iter()
                .filter_map(|(w, o)| o.map(|o| (w, o)))
                .collect(),
            summary: self.summary(),
        };
        serde_json::to_string_pretty(&file).expect("outings serialise") + "\n"
    }

    pub fn from_json(text: &str) -> Result<Outing, OutingError> {
        let head =
            game_api::versioned_json(text, "game file", FORMAT, VERSION).map_err(OutingError)?;
        let file: OutingFile =
            serde_json::from_value(head).map_err(|e| OutingError(format!("game file: {e}")))?;
        let mut outing = Outing::new(file.walkers.clone(), Seed(file.seed), None, None)?;
        if file.map != Source::default_name() || file.deck != Source::default_name() {
            let (map, deck) = load(&file.map, &file.deck)?;
            outing.map_source = file.map.clone();
            outing.deck_source = file.deck.clone();
            outing.day = Day::new(map, deck, file.walkers.len(), &mut Seed(file.seed).rng(0));
        }
        for (k, entry) in file.log.iter().enumerate() {
            let mut orders = vec![None; outing.walkers.len()];
            for (name, text) in &entry.round {
                let w = usize::from(outing.walker_index(name)?);
                if let Some(text) = text {
                    orders[w] = Some(outing.parse_orders(text).map_err(|e| {
                        OutingError(format!("game file: round {}, {name}: {e}", k + 1))
                    })?);
                }
            }
            outing.apply(orders)?;
        }
        for (name, text) in &file.sealed_orders {
            let orders = outing.parse_orders(text)?;
            outing.submit_orders(name, orders)?;
        }
        if outing.summary() != file.summary {
            return fail(
                "game file: the stored summary differs from the replay of its log (edited by hand?)",
            );
        }
        Ok(outing)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OutingFile {
    format: String,
    version: u32,
    game: String,
    seed: u64,
    walkers: Vec<String>,
    map: Source,
    deck: Source,
    log: Vec<LogEntry>,
    #[serde(default)]
    sealed_orders: BTreeMap<String, String>,
    summary: Value,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LogEntry {
    round: BTreeMap<String, Option<String>>,
}
