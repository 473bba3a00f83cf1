//! The Backpacks & Blisters scenario notation (v1, `docs/backpacks-scenario.md`): one position
//! of a day plus one turn's orders in, the resolved turn out, both JSON. Served by
//! `postrider scenario run` beside the Breaking Away notation. Errors name the field.
//!
//! Serde reads the notation into [`RawScenario`] (every field a [`Given`], `null` read as left
//! out unless said otherwise); the checked conversion to a [`Scenario`] then refuses what breaks
//! a rule, in field order.

use std::collections::BTreeMap;
use std::sync::Arc;

use game_api::notation::{Given, Object, present};
use serde::{Deserialize, Serialize};
use serde_json::{Map as JsonMap, Value};

use crate::Weather;
use crate::clock::{self, TURNS};
use crate::day::{Day, Did, Place, Rucksack, RucksackHow, Score, TurnOutcome, Walker};
use crate::deck::{Card, CardKind, Deck};
use crate::map::{LocationId, Map, SpaceId};
use crate::orders::{RoundOrders, TurnOrders, parse_round_orders};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScenarioError(pub String);

fn err<T>(message: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError(message.into()))
}

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

/// One entry of `walkers`, unchecked.
#[derive(Clone, Debug, Deserialize)]
struct RawWalker {
    id: Option<Given<String>>,
    at: Option<RawAt>,
    hand: Option<Given<Vec<Given<String>>>>,
    next_card: Option<Given<String>>,
    reached: Option<Given<Vec<Given<String>>>>,
    finished: Option<Given<String>>,
    last_space: Option<Given<String>>,
    points: Option<Given<i64>>,
    home_since: Option<Given<String>>,
    money: Option<Given<i64>>,
    chocolate: Option<Given<i64>>,
}

/// A walker's `at`: `{"lake": STOP}`, or anything else, read as a space id.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum RawAt {
    Lake(Object<RawLake>),
    Space(Given<String>),
}

#[derive(Clone, Debug, Deserialize)]
struct RawLake {
    /// Left out, the object is not a lake; `null`, a stop that is not a location id.
    #[serde(default, deserialize_with = "present")]
    lake: Option<Given<String>>,
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

fn time_to_turn(given: Given<String>, field: &str) -> Result<u8, ScenarioError> {
    let text = given
        .wanted()
        .ok_or_else(|| ScenarioError(format!("{field}: expected a time such as \"10:20\"")))?;
    (0..TURNS)
        .find(|&t| {
            clock::time_text(t) == text || clock::time_text(t).trim_start_matches('0') == text
        })
        .ok_or_else(|| {
            ScenarioError(format!(
                "{field}: {text:?} is not the start of a turn (10:00, 10:20 … 17:40)"
            ))
        })
}

fn card_kind(given: Given<String>, field: &str) -> Result<CardKind, ScenarioError> {
    let text = given
        .wanted()
        .ok_or_else(|| ScenarioError(format!("{field}: expected a card such as \"4+2\"")))?;
    let kind: CardKind = text
        .parse()
        .map_err(|e: String| ScenarioError(format!("{field}: {e}")))?;
    match kind {
        CardKind::Walk { circles, triangles }
            if circles > 6 || triangles > 6 || circles + triangles == 0 =>
        {
            err(format!(
                "{field}: a walking card has 0–6 circles and 0–6 triangles, not both 0"
            ))
        }
        _ => Ok(kind),
    }
}

fn location(
    map: &Map,
    given: Option<Given<String>>,
    field: &str,
) -> Result<LocationId, ScenarioError> {
    let id = given
        .and_then(Given::wanted)
        .ok_or_else(|| ScenarioError(format!("{field}: expected a location id")))?;
    map.space(&id)
        .and_then(|s| map.spaces[usize::from(s)].location)
        .ok_or_else(|| ScenarioError(format!("{field}: {id:?} is not a location of the map")))
}

fn space(map: &Map, given: Given<String>, field: &str) -> Result<SpaceId, ScenarioError> {
    let id = given
        .wanted()
        .ok_or_else(|| ScenarioError(format!("{field}: expected a space id")))?;
    map.space(&id)
        .ok_or_else(|| ScenarioError(format!("{field}: {id:?} is not a space of the map")))
}

fn small_int(given: Option<Given<i64>>, field: &str, max: i64) -> Result<i64, ScenarioError> {
    match given {
        None => Ok(0),
        Some(Given::Wanted(n)) if (0..=max).contains(&n) => Ok(n),
        Some(_) => err(format!("{field}: expected a whole number from 0 to {max}")),
    }
}

/// Every card the scenario names becomes a card of its own small deck: its index there.
fn add_card(cards: &mut Vec<Card>, kind: CardKind, map: &Map) -> u8 {
    cards.push(match kind {
        CardKind::Walk { circles, triangles } => Card::Walk {
            circles,
            triangles,
            names: map.home,
        },
        CardKind::Weather => Card::Weather,
        CardKind::Blister => Card::Blister,
        CardKind::Rucksack => Card::Rucksack,
    });
    (cards.len() - 1) as u8
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

/// A field the notation requires: left out or `null` is "missing".
fn required<T>(given: Option<Given<T>>, field: &str) -> Result<Given<T>, ScenarioError> {
    given.ok_or_else(|| ScenarioError(format!("{field}: missing")))
}

/// The place a walker's `at` names: Keswick when left out.
fn parse_place(
    at_field: Option<RawAt>,
    at: &dyn Fn(&str) -> String,
    map: &Map,
    turn: u8,
) -> Result<Place, ScenarioError> {
    match at_field {
        None => Ok(Place::At(map.home_space())),
        Some(RawAt::Lake(Object(RawLake { lake: Some(stop) }))) => {
            let l = location(map, Some(stop), &at("at.lake"))?;
            if !map.locations[usize::from(l)].ferry {
                return err(format!(
                    "{}: {} is not a ferry stop",
                    at("at.lake"),
                    map.location_id(l)
                ));
            }
            // The first ferry runs at 10:20 (8.3); nobody is afloat before 10:40.
            if !(0..turn).any(|t| clock::special(t) == clock::Special::Ferry) {
                return err(format!(
                    "{}: no ferry has run before {}: the first sails at 10:20 (8.3, B&B-8)",
                    at("at"),
                    clock::time_text(turn)
                ));
            }
            Ok(Place::Lake { boarded: l })
        }
        Some(RawAt::Lake(Object(RawLake { lake: None }))) => err(format!(
            "{}: expected a space id or {{\"lake\": STOP}}",
            at("at")
        )),
        Some(RawAt::Space(given)) => Ok(Place::At(space(map, given, &at("at"))?)),
    }
}

/// Checks `walkers[i]`: the walker and the target locations it lists as reached. Its id joins
/// `names` and the cards it names join `cards`.
fn parse_walker(
    given: Given<Object<RawWalker>>,
    i: usize,
    map: &Map,
    turn: u8,
    names: &mut Vec<String>,
    cards: &mut Vec<Card>,
) -> Result<(Walker, Vec<LocationId>), ScenarioError> {
    let at = |f: &str| format!("walkers[{i}].{f}");
    let Some(Object(w)) = given.wanted() else {
        return err(format!("walkers[{i}]: expected an object"));
    };
    let id =
        w.id.and_then(Given::wanted)
            .ok_or_else(|| ScenarioError(format!("{}: missing", at("id"))))?;
    // Orders name walkers by id (`vote bob`, `give rucksack to bob`): one word.
    if id.is_empty() || id.contains(|c: char| c.is_whitespace() || c == ';' || c == ':') {
        return err(format!(
            "{}: {id:?} is not an id: one word, without spaces, ';' or ':'",
            at("id")
        ));
    }
    if names.contains(&id) {
        return err(format!("{}: two walkers with id {id:?}", at("id")));
    }
    names.push(id);
    let place = parse_place(w.at, &at, map, turn)?;
    let mut hand = Vec::new();
    match w.hand {
        None => {}
        Some(Given::Wanted(list)) => {
            // 4 cards in the morning, 3 after lunch, 2 after coffee (1.2, 2.3, 7.2).
            let most = clock::hand_size(turn);
            if list.len() > most {
                return err(format!(
                    "{}: {} cards, but a hand holds at most {most} at {} (1.2, 2.3)",
                    at("hand"),
                    list.len(),
                    clock::time_text(turn)
                ));
            }
            for (k, c) in list.into_iter().enumerate() {
                let kind = card_kind(c, &format!("{}[{k}]", at("hand")))?;
                if matches!(kind, CardKind::Weather | CardKind::Rucksack) {
                    return err(format!(
                        "{}[{k}]: a {kind} card never stays in a hand (9.1, 10.1)",
                        at("hand")
                    ));
                }
                hand.push(add_card(cards, kind, map));
            }
        }
        Some(Given::Other(_)) => return err(format!("{}: expected a list of cards", at("hand"))),
    }
    let next_card = match w.next_card {
        None => None,
        Some(c) => Some(add_card(cards, card_kind(c, &at("next_card"))?, map)),
    };
    let reached = match w.reached {
        None => Vec::new(),
        Some(Given::Wanted(list)) => list
            .into_iter()
            .enumerate()
            .map(|(k, l)| location(map, Some(l), &format!("{}[{k}]", at("reached"))))
            .collect::<Result<_, _>>()?,
        Some(Given::Other(_)) => {
            return err(format!(
                "{}: expected a list of target locations",
                at("reached")
            ));
        }
    };
    let finished = match w.finished {
        None => None,
        Some(given) => Some(time_to_turn(given, &at("finished"))?),
    };
    let last_space = match w.last_space {
        None => None,
        Some(given) => Some(space(map, given, &at("last_space"))?),
    };
    // Nobody moves between turns: the space a walker ended the previous turn on is the
    // one it stands on, and a walker on the lake ended it on none (7.3, B&B-8).
    if let Some(last) = last_space
        && place != Place::At(last)
    {
        return err(format!(
            "{}: {} is not where the walker stands ({}): it ended the previous turn where it is now (7.3, B&B-19)",
            at("last_space"),
            map.space_id(last),
            match place {
                Place::At(s) => map.space_id(s).to_string(),
                Place::Lake { .. } => "the lake".to_string(),
            }
        ));
    }
    let points = match w.points {
        None => 0,
        Some(given) => given.wanted().filter(|p| p.abs() <= 1000).ok_or_else(|| {
            ScenarioError(format!(
                "{}: expected a whole number from -1000 to 1000",
                at("points")
            ))
        })? as i32,
    };
    let home_since = match w.home_since {
        None => None,
        Some(given) => Some(time_to_turn(given, &at("home_since"))?),
    };
    // A day ends in Keswick, and only a walker standing there can have been there since
    // a turn; both are turns already played (5.1.12, B&B-9).
    let in_keswick = place == Place::At(map.home_space());
    for (field, when) in [("finished", finished), ("home_since", home_since)] {
        let Some(when) = when else { continue };
        if !in_keswick {
            return err(format!(
                "{}: only a walker in Keswick can be {} (B&B-9); it is at {}",
                at(field),
                if field == "finished" {
                    "finished"
                } else {
                    "home since a turn"
                },
                match place {
                    Place::At(s) => map.space_id(s).to_string(),
                    Place::Lake { .. } => "the lake".to_string(),
                }
            ));
        }
        if when >= turn {
            return err(format!(
                "{}: {} is not before the turn being resolved ({})",
                at(field),
                clock::time_text(when),
                clock::time_text(turn)
            ));
        }
    }
    // A finished walker's day ended when it arrived (B&B-9): it was not still arriving
    // after that.
    if let (Some(f), Some(h)) = (finished, home_since)
        && h > f
    {
        return err(format!(
            "{}: {} is after the walker finished ({}): its day ended when it arrived (5.1.12, B&B-9)",
            at("home_since"),
            clock::time_text(h),
            clock::time_text(f)
        ));
    }
    let walker = Walker {
        place,
        hand,
        next_card,
        money: small_int(w.money, &at("money"), 40)? as u8,
        chocolate: small_int(w.chocolate, &at("chocolate"), 20)? as u8,
        points,
        reached: 0,
        finished,
        lost: false,
        home_since,
        last_space,
    };
    Ok((walker, reached))
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

/// Reads a scenario on the default map and resolves it.
pub fn run_json(text: &str) -> Result<ScenarioResult, ScenarioError> {
    Scenario::from_json(text, Arc::new(Map::keswick()))?.run()
}
