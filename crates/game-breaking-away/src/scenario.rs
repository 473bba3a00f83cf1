//! The public scenario notation (`shared/spec/breaking-away-scenario.md`, v1): one position
//! plus the next turn's orders in, the resolved turn out, both JSON. It plays the role FEN
//! plays in chess: bug reports, rules questions and the case book all use it.
//!
//! Parsing checks everything and names the offending field in its one-line error. Serde reads
//! the notation into [`RawScenario`] (every field a [`Given`], `null` read as left out); the
//! checked conversion to a [`Scenario`] then refuses what breaks a rule, in field order.

use crate::error::BreakingAwayError;
use std::collections::BTreeMap;

use game_api::notation::{Given, Object};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::points::Points;
use crate::position::{HAND_CAPACITY, Hand, Position, Rider, Status};
use crate::rules::{Grade, Line, Options, RuleSet, Rules, check_lineup_hand};
use crate::turn::{self, OrderError, TurnOutcome};

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

/// One entry of `riders`, unchecked.
#[derive(Clone, Debug, Deserialize)]
struct RawRider {
    id: Option<Given<String>>,
    team: Option<Given<String>>,
    grade: Option<Given<String>>,
    distance: Option<Given<i64>>,
    hand: Option<Given<Vec<Given<i64>>>>,
    sole_leader: Option<Given<bool>>,
    points: Option<Given<f64>>,
    finished: Option<Given<i64>>,
    retired: Option<Given<bool>>,
    dropped: Option<Given<bool>>,
    arrived: Option<Given<i64>>,
}

/// A scenario that breaks a rule. The message names the offending field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScenarioError(pub String);

fn err<T>(message: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError(message.into()))
}

fn describe(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A number as written, anything else by its kind ("got 2.5", "got a string").
fn describe_number(v: &Value) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        other => describe(other).to_string(),
    }
}

/// A field the notation requires: left out or `null` is "missing".
fn required<T>(given: Option<Given<T>>, field: &str) -> Result<Given<T>, ScenarioError> {
    given.ok_or_else(|| ScenarioError(format!("{field}: missing")))
}

fn integer(
    given: Given<i64>,
    field: &str,
    range: std::ops::RangeInclusive<i64>,
) -> Result<i64, ScenarioError> {
    match given {
        Given::Wanted(n) if range.contains(&n) => Ok(n),
        Given::Wanted(n) => err(format!(
            "{field}: {n} is outside {}–{}",
            range.start(),
            range.end()
        )),
        Given::Other(v) => err(format!(
            "{field}: expected a whole number, got {}",
            describe_number(&v)
        )),
    }
}

fn string(given: Given<String>, field: &str) -> Result<String, ScenarioError> {
    match given {
        Given::Wanted(s) => Ok(s),
        Given::Other(v) => err(format!("{field}: expected a string, got {}", describe(&v))),
    }
}

fn flag(given: Option<Given<bool>>, field: &str) -> Result<bool, ScenarioError> {
    match given {
        None => Ok(false),
        Some(Given::Wanted(b)) => Ok(b),
        Some(Given::Other(v)) => err(format!(
            "{field}: expected true or false, got {}",
            describe(&v)
        )),
    }
}

fn card(given: Given<i64>, field: &str) -> Result<u16, ScenarioError> {
    match given {
        Given::Wanted(n) if n < 1 => err(format!("{field}: card {n} is below 1")),
        Given::Wanted(n) if n > i64::from(MAX_CARD) => {
            err(format!("{field}: card {n} is above {MAX_CARD}"))
        }
        Given::Wanted(n) => Ok(n as u16),
        Given::Other(v) => err(format!(
            "{field}: expected a card (a whole number), got {}",
            describe_number(&v)
        )),
    }
}

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
        match Object::<RawScenario>::deserialize(value) {
            Ok(Object(raw)) => Scenario::try_from(raw),
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

/// Arrival stamps where some riders give `arrived` and others do not (docs/rulings.md BA-19):
/// the given stamps keep their order (equal ones stay equal), and every rider without one
/// arrived after all of them, in list order. Stamps are renumbered densely in that case, so a
/// defaulted stamp never equals a given one; when every rider or none gives `arrived`, the
/// stamps are kept as they are (none given: the list order).
fn stamp_arrivals(riders: &mut [Rider], given: &[bool]) {
    if given.iter().all(|&g| g) || given.iter().all(|&g| !g) {
        return;
    }
    let mut explicit: Vec<u32> = riders
        .iter()
        .zip(given)
        .filter(|(_, g)| **g)
        .map(|(r, _)| r.arrival)
        .collect();
    explicit.sort_unstable();
    explicit.dedup();
    let defaults_from = explicit.len() as u32;
    for (i, (r, &g)) in riders.iter_mut().zip(given).enumerate() {
        r.arrival = if g {
            explicit.binary_search(&r.arrival).expect("collected above") as u32
        } else {
            defaults_from + i as u32
        };
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

fn parse_rider(
    given: Given<Object<RawRider>>,
    i: usize,
    rules: Rules,
    turn: u16,
) -> Result<(String, String, Rider, bool), ScenarioError> {
    let at = |f: &str| format!("riders[{i}].{f}");
    let raw = match given {
        Given::Wanted(Object(raw)) => raw,
        Given::Other(v) => {
            return err(format!(
                "riders[{i}]: expected an object, got {}",
                describe(&v)
            ));
        }
    };
    let need = |given, f: &str| required(given, &at(f));

    let id = string(need(raw.id, "id")?, &at("id"))?;
    if id.trim().is_empty() {
        return err(format!("{}: empty", at("id")));
    }
    let team = string(need(raw.team, "team")?, &at("team"))?;
    let grade_text = string(need(raw.grade, "grade")?, &at("grade"))?;
    let grade = match grade_text.chars().collect::<Vec<_>>().as_slice() {
        [c] => Grade::from_letter(*c),
        _ => None,
    }
    .ok_or_else(|| {
        ScenarioError(format!(
            "{}: {grade_text:?} is not a grade (A, B, C or D)",
            at("grade")
        ))
    })?;
    let distance = integer(
        required(raw.distance, &at("distance"))?,
        &at("distance"),
        -i64::from(MAX_DISTANCE)..=i64::from(MAX_DISTANCE),
    )? as i32;
    // The postal track is squares 0 to 120 (postal 4.1); only the board loop has squares
    // behind the start (its staggered start, BA-11).
    if rules.set == RuleSet::Postal22 && distance < 0 {
        return err(format!(
            "{}: {distance} is behind the start: the postal track begins at 0 (postal 4.1)",
            at("distance")
        ));
    }

    let cards = match required(raw.hand, &at("hand"))? {
        Given::Wanted(cards) => cards,
        Given::Other(v) => {
            return err(format!(
                "{}: expected a list of cards, got {}",
                at("hand"),
                describe(&v)
            ));
        }
    };
    if cards.len() > HAND_CAPACITY {
        return err(format!(
            "{}: {} cards, at most {HAND_CAPACITY} allowed",
            at("hand"),
            cards.len()
        ));
    }
    let cards: Vec<u16> = cards
        .into_iter()
        .enumerate()
        .map(|(k, c)| card(c, &format!("{}[{k}]", at("hand"))))
        .collect::<Result<_, _>>()?;

    let sole_leader = flag(raw.sole_leader, &at("sole_leader"))?;
    let points = match raw.points {
        None => Points::ZERO,
        Some(given) => match given {
            Given::Wanted(p) => Points::from_f64(p),
            Given::Other(_) => None,
        }
        .ok_or_else(|| {
            ScenarioError(format!(
                "{}: expected a number of points of at least 0",
                at("points")
            ))
        })?,
    };
    let status = match raw.finished {
        Some(given) => {
            let place = integer(given, &at("finished"), 1..=9999)? as u16;
            // A finished rider has crossed the line, so its distance is past it (the
            // notation's "Lines" ruling; postal 4.4, the board's line at race distance 100).
            let finish = rules.set.line_distance(Line::Finish);
            if distance <= finish {
                return err(format!(
                    "{}: the rider is at {distance}, not past the finish line at {finish} ({})",
                    at("finished"),
                    rules
                        .set
                        .cite("4.4", "the finish line at race distance 100")
                ));
            }
            Status::Finished(place)
        }
        None if flag(raw.retired, &at("retired"))? => Status::Retired,
        None if flag(raw.dropped, &at("dropped"))? => Status::Dropped,
        None => Status::Racing,
    };
    // Without `arrived`, the rider's place in the list; `Scenario::try_from` puts such
    // stamps after every given one (docs/rulings.md BA-19).
    let arrived = raw.arrived.is_some();
    let arrival = match raw.arrived {
        Some(given) => integer(given, &at("arrived"), 0..=1_000_000)? as u32,
        None => i as u32,
    };
    if matches!(status, Status::Racing | Status::Dropped) {
        if cards.is_empty() {
            return err(format!("{}: empty, but the rider is racing", at("hand")));
        }
        if turn == 1 {
            check_lineup_hand(rules, grade, &cards)
                .map_err(|e| ScenarioError(format!("{}: {e}", at("hand"))))?;
        }
    }
    let hand = Hand::new(&cards).expect("hand size checked");
    let rider = Rider {
        team: 0,
        grade,
        distance,
        hand,
        points,
        sole_leader,
        status,
        arrival,
    };
    Ok((id, team, rider, arrived))
}

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

/// Reads a scenario and resolves it: the whole of `postrider scenario run`.
pub fn run_json(text: &str) -> Result<ScenarioResult, ScenarioError> {
    Scenario::from_json(text)?.run()
}
