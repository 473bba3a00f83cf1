//! The GM's record of one game, whichever game it is: sealed orders, readiness, adjudication
//! with the rules' NMR policy, and what each viewer may see. Built only by replaying the log.

use game_api::{Seat, Seed, Viewer};
use game_backpacks::outing::Outing;
use game_breaking_away::orders::{parse_lineup, parse_orders};
use game_breaking_away::race::Race;
use game_breaking_away::{Options, RuleSet, Rules, Status};
use serde_json::{Value, json};

use crate::event::{Author, Event, GameKind, Setup};

/// A request the rules refuse: one line naming the field or value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GmError(pub String);

fn fail<T>(message: impl Into<String>) -> Result<T, GmError> {
    Err(GmError(message.into()))
}

impl From<game_breaking_away::race::RaceError> for GmError {
    fn from(e: game_breaking_away::race::RaceError) -> GmError {
        GmError(e.0)
    }
}

impl From<game_backpacks::outing::OutingError> for GmError {
    fn from(e: game_backpacks::outing::OutingError) -> GmError {
        GmError(e.0)
    }
}

/// What a player sends for one turn: a line-up (Breaking Away, before the start) and orders.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Submission {
    #[serde(default)]
    pub lineup: Option<String>,
    #[serde(default)]
    pub orders: Option<String>,
}

/// The GM's record of a game in progress.
#[derive(Clone, Debug)]
pub enum Record {
    Race(Box<Race>),
    Outing(Box<Outing>),
}

impl Record {
    /// A new game from its set-up; refused with the field named if the set-up is bad.
    pub fn new(setup: &Setup) -> Result<Record, GmError> {
        let seed = Seed(setup.seed);
        match setup.game {
            GameKind::BreakingAway => {
                let set: RuleSet = setup
                    .rules
                    .as_deref()
                    .unwrap_or("postal-2.2")
                    .parse()
                    .map_err(|e: String| GmError(format!("rules: {e}")))?;
                let mut options = Options::default();
                for name in &setup.options {
                    options
                        .set(name)
                        .map_err(|e| GmError(format!("options: {e}")))?;
                }
                let rules = Rules::new(set, options).map_err(GmError)?;
                Ok(Record::Race(Box::new(Race::new(
                    rules,
                    setup.seats.clone(),
                    seed,
                )?)))
            }
            GameKind::Backpacks => {
                if setup.rules.is_some() || !setup.options.is_empty() {
                    return fail("rules: Backpacks & Blisters has one rule set and no options");
                }
                Ok(Record::Outing(Box::new(Outing::new(
                    setup.seats.clone(),
                    seed,
                    None,
                    None,
                )?)))
            }
        }
    }

    /// The record a log describes. A `RolledBack` entry takes back the last resolution and
    /// everything after it; entries that only make history are skipped.
    pub fn replay(events: &[Event]) -> Result<Record, GmError> {
        let mut effective: Vec<&Event> = Vec::new();
        for event in events {
            match event {
                Event::RolledBack { .. } => {
                    let Some(at) = effective
                        .iter()
                        .rposition(|e| matches!(e, Event::Resolved { .. }))
                    else {
                        return fail("log: a roll-back with nothing resolved to take back");
                    };
                    effective.truncate(at);
                }
                e if e.changes_record() => effective.push(e),
                _ => {}
            }
        }
        let Some((Event::Created { setup }, rest)) = effective.split_first() else {
            return fail("log: it does not begin with the game's creation");
        };
        let mut record = Record::new(setup)?;
        for (k, event) in rest.iter().enumerate() {
            record
                .apply(event)
                .map_err(|e| GmError(format!("log entry {}: {e}", k + 2)))?;
        }
        Ok(record)
    }

    /// Applies one entry that changes the record.
    pub fn apply(&mut self, event: &Event) -> Result<(), GmError> {
        match (self, event) {
            (_, Event::Created { .. }) => fail("log: the game was created twice"),
            (Record::Race(race), Event::Lineup { seat, text, .. }) => {
                let team = seat_name(race.teams(), *seat)?;
                let lineup = parse_lineup(text).map_err(|e| GmError(format!("lineup: {e}")))?;
                Ok(race.submit_lineup(&team, lineup)?)
            }
            (Record::Race(race), Event::Orders { seat, text, .. }) => {
                let team = seat_name(race.teams(), *seat)?;
                let orders = parse_orders(text).map_err(|e| GmError(format!("orders: {e}")))?;
                Ok(race.submit_orders(&team, orders)?)
            }
            (Record::Outing(outing), Event::Orders { seat, text, .. }) => {
                let walker = seat_name(outing.walkers(), *seat)?;
                let orders = outing.parse_orders(text)?;
                Ok(outing.submit_orders(&walker, orders)?)
            }
            (record, Event::Resolved { turn }) => {
                if record.turn() != *turn {
                    return fail(format!(
                        "turn: the coming turn is {}, not {turn}",
                        record.turn()
                    ));
                }
                match record {
                    Record::Race(race) => race.resolve().map(|_| ())?,
                    Record::Outing(outing) => outing.resolve().map(|_| ())?,
                }
                Ok(())
            }
            (Record::Race(race), Event::Dropped { rider }) => Ok(race.drop_rider(rider)?),
            (Record::Race(race), Event::Retired { rider }) => Ok(race.retire_rider(rider)?),
            (_, e) => fail(format!("log: {} does not apply to this game", e.to_json())),
        }
    }

    pub fn game(&self) -> GameKind {
        match self {
            Record::Race(_) => GameKind::BreakingAway,
            Record::Outing(_) => GameKind::Backpacks,
        }
    }

    pub fn seats(&self) -> &[String] {
        match self {
            Record::Race(race) => race.teams(),
            Record::Outing(outing) => outing.walkers(),
        }
    }

    /// The seat with this name.
    pub fn seat(&self, name: &str) -> Result<u8, GmError> {
        match self {
            Record::Race(race) => Ok(race.team_index(name)?),
            Record::Outing(outing) => Ok(outing.walker_index(name)?),
        }
    }

    /// The number of the coming turn (Breaking Away) or round (Backpacks).
    pub fn turn(&self) -> u16 {
        match self {
            Record::Race(race) => race.turn(),
            Record::Outing(outing) => outing.history().len() as u16 + 1,
        }
    }

    /// How many turns (or rounds) have been resolved.
    pub fn resolved(&self) -> u16 {
        match self {
            Record::Race(race) => race.history().len() as u16,
            Record::Outing(outing) => outing.history().len() as u16,
        }
    }

    /// The rule set the game is played by (`postal-2.2`, `board`, `pbm-2.1`).
    pub fn rules_name(&self) -> &'static str {
        match self {
            Record::Race(race) => race.rules().set.name(),
            Record::Outing(_) => "pbm-2.1",
        }
    }

    /// Whether play has begun (a Breaking Away race waits for its line-ups; a day begins at
    /// once).
    pub fn started(&self) -> bool {
        match self {
            Record::Race(race) => race.position().is_some(),
            Record::Outing(_) => true,
        }
    }

    pub fn is_over(&self) -> bool {
        match self {
            Record::Race(race) => race.is_over(),
            Record::Outing(outing) => outing.is_over(),
        }
    }

    /// Whether the seat still has a part to play (not every rider finished, the walker out).
    pub fn takes_orders(&self, seat: u8) -> bool {
        if self.is_over() {
            return false;
        }
        match self {
            Record::Race(race) => race.position().is_none_or(|p| {
                p.team_riders(seat)
                    .any(|i| p.riders[i].status == Status::Racing)
            }),
            Record::Outing(outing) => outing.day().walkers[usize::from(seat)].is_out(),
        }
    }

    /// The seat's sealed orders as the engine read them: (line-up, orders).
    pub fn sealed(&self, seat: u8) -> (Option<String>, Option<String>) {
        match self {
            Record::Race(race) => (
                race.pending_lineup(seat).map(|l| l.to_string()),
                race.pending_orders(seat).map(|o| o.to_string()),
            ),
            Record::Outing(outing) => (None, outing.sealed(seat).map(|o| outing.describe(o))),
        }
    }

    /// Whether everything the seat needs to send for the coming turn is sealed.
    pub fn ready(&self, seat: u8) -> bool {
        if !self.takes_orders(seat) {
            return true;
        }
        let (lineup, orders) = self.sealed(seat);
        match self {
            Record::Race(race) if race.position().is_none() => lineup.is_some() && orders.is_some(),
            _ => orders.is_some(),
        }
    }

    /// Every seat that plays is ready: the turn can be resolved before its deadline.
    pub fn all_ready(&self) -> bool {
        (0..self.seats().len() as u8).all(|s| self.ready(s))
    }

    /// Reads and checks a player's submission without changing anything, and gives back the
    /// log entries that seal it, with the text as the engine read it.
    pub fn check(
        &self,
        seat: u8,
        submission: &Submission,
        author: Author,
    ) -> Result<Vec<Event>, GmError> {
        if self.is_over() {
            return fail("orders: the game is over");
        }
        if usize::from(seat) >= self.seats().len() {
            return fail(format!("seat: no seat {seat}"));
        }
        if submission.lineup.is_none() && submission.orders.is_none() {
            return fail("orders: nothing sent (give lineup or orders)");
        }
        let mut events = Vec::new();
        match self {
            Record::Race(_) => {
                if let Some(text) = &submission.lineup {
                    let lineup = parse_lineup(text).map_err(|e| GmError(format!("lineup: {e}")))?;
                    events.push(Event::Lineup {
                        seat,
                        text: lineup.to_string(),
                        author: author.clone(),
                    });
                }
                if let Some(text) = &submission.orders {
                    let orders = parse_orders(text).map_err(|e| GmError(format!("orders: {e}")))?;
                    events.push(Event::Orders {
                        seat,
                        text: orders.to_string(),
                        author,
                    });
                }
            }
            Record::Outing(outing) => {
                if submission.lineup.is_some() {
                    return fail("lineup: Backpacks & Blisters has no line-ups");
                }
                let text = submission.orders.as_deref().unwrap_or_default();
                let orders = outing.parse_orders(text)?;
                events.push(Event::Orders {
                    seat,
                    text: outing.describe(&orders),
                    author,
                });
            }
        }
        // Check against the rules on a copy: a refused submission changes nothing.
        let mut trial = self.clone();
        for e in &events {
            trial.apply(e)?;
        }
        Ok(events)
    }

    /// The entries a bot sends for a seat that is not ready; empty if it has nothing to send.
    /// The bot sees only the seat's view, and draws from the game's seed.
    pub fn bot_events(&self, seat: u8, bot: &str) -> Result<Vec<Event>, GmError> {
        let kind: bots::breaking_away::BotKind = bot
            .parse()
            .map_err(|e: String| GmError(format!("bot: {e}")))?;
        if !self.takes_orders(seat) || self.ready(seat) {
            return Ok(Vec::new());
        }
        let author = Author::Bot(kind.name().to_string());
        let stream = 1 << 43 | u64::from(self.turn()) << 8 | u64::from(seat);
        let mut submission = Submission::default();
        match self {
            Record::Race(race) => {
                let mut rng = race.seed().rng(stream);
                match race.position() {
                    None => {
                        let lineup = match race.pending_lineup(seat) {
                            Some(l) => l.clone(),
                            None => kind.lineup(race.rules(), &mut rng),
                        };
                        // Before the start the bot orders from its line-up's opening position.
                        let hands = game_breaking_away::Grade::ALL.map(|g| {
                            game_breaking_away::Hand::new(lineup.cards(g))
                                .expect("a checked line-up fits a hand")
                        });
                        let start = game_breaking_away::Position::start(race.rules(), &[hands]);
                        let orders = kind.orders(&start.view(Viewer::Seat(Seat(0))), &mut rng);
                        if race.pending_lineup(seat).is_none() {
                            submission.lineup = Some(lineup.to_string());
                        }
                        submission.orders = Some(orders.to_string());
                    }
                    Some(position) => {
                        let orders =
                            kind.orders(&position.view(Viewer::Seat(Seat(seat))), &mut rng);
                        if orders.is_empty() {
                            return Ok(Vec::new());
                        }
                        submission.orders = Some(orders.to_string());
                    }
                }
            }
            Record::Outing(outing) => {
                let mut rng = outing.seed().rng(stream);
                let orders = bots::backpacks::round_orders(
                    kind,
                    &outing.day().view(Viewer::Seat(Seat(seat))),
                    &mut rng,
                );
                submission.orders = Some(outing.describe(&orders));
            }
        }
        self.check(seat, &submission, author)
    }

    /// A record read back from [`Record::to_json`] (the game file, replayed and checked).
    pub fn from_json(game: GameKind, text: &str) -> Result<Record, GmError> {
        Ok(match game {
            GameKind::BreakingAway => Record::Race(Box::new(Race::from_json(text)?)),
            GameKind::Backpacks => Record::Outing(Box::new(Outing::from_json(text)?)),
        })
    }

    /// The record as the game file of the command line (`postrider report FILE` reads it).
    pub fn to_json(&self) -> String {
        match self {
            Record::Race(race) => race.to_json(),
            Record::Outing(outing) => outing.to_json(),
        }
    }

    /// A turn's report (the last one if `turn` is `None`) as plain text, as `viewer` may see
    /// it; the whole game so far if nothing has been resolved.
    pub fn report_text(&self, viewer: Viewer, turn: Option<u16>) -> Result<String, GmError> {
        let turn = turn.or((self.resolved() > 0).then(|| self.resolved()));
        match (self, turn) {
            (Record::Race(race), None) => Ok(game_breaking_away::report::race_report(race, viewer)),
            (Record::Race(race), Some(t)) => {
                let Some(record) = race.history().iter().find(|r| r.outcome.turn == t) else {
                    return fail(format!("turn: turn {t} has not been resolved"));
                };
                Ok(game_breaking_away::report::turn_report(
                    race, record, viewer,
                ))
            }
            (Record::Outing(outing), None) => {
                Ok(game_backpacks::report::outing_report(outing, viewer))
            }
            (Record::Outing(outing), Some(t)) => {
                let Some(record) = outing.history().get(usize::from(t).wrapping_sub(1)) else {
                    return fail(format!("turn: round {t} has not been resolved"));
                };
                Ok(game_backpacks::report::round_report(outing, record, viewer))
            }
        }
    }

    /// Where the game stands between turns, as `viewer` may read it: the road or the map, the
    /// hands the viewer may see, whose orders are in, the standings.
    pub fn state_text(&self, viewer: Viewer) -> String {
        match self {
            Record::Race(race) => game_breaking_away::report::race_report(race, viewer),
            Record::Outing(outing) => game_backpacks::report::outing_report(outing, viewer),
        }
    }

    /// The game now, as `viewer` may see it: the one place the API's game state comes from.
    pub fn view_json(&self, viewer: Viewer) -> Value {
        match self {
            Record::Race(race) => race_view(race, viewer),
            Record::Outing(outing) => outing_view(outing, viewer),
        }
    }
}

/// The board game's optional rules, by name (what `Setup::options` may hold).
pub const BREAKING_AWAY_OPTIONS: [&str; 4] = game_breaking_away::Options::NAMES;

/// The line-up a Breaking Away team that sends none starts with, as text (a form's default).
pub fn default_lineup() -> String {
    game_breaking_away::race::default_lineup().to_string()
}

/// Checks a bot's name (`random`, `nmr`, `heuristic`, `mcts`).
pub fn check_bot(name: &str) -> Result<(), GmError> {
    name.parse::<bots::breaking_away::BotKind>()
        .map(|_| ())
        .map_err(|e| GmError(format!("bot: {e}")))
}

fn seat_name(seats: &[String], seat: u8) -> Result<String, GmError> {
    seats
        .get(usize::from(seat))
        .cloned()
        .ok_or_else(|| GmError(format!("seat: no seat {seat}")))
}

fn race_view(race: &Race, viewer: Viewer) -> Value {
    let Some(position) = race.position() else {
        return json!({
            "game": "breaking-away",
            "rules": race.rules().set.name(),
            "turn": 1,
            "started": false,
            "over": false,
            "teams": race.teams(),
        });
    };
    let view = position.view(viewer);
    let points = position.team_points();
    json!({
        "game": "breaking-away",
        "rules": race.rules().set.name(),
        "turn": view.turn,
        "started": true,
        "over": race.is_over(),
        "teams": race.teams().iter().enumerate().map(|(t, name)| json!({
            "name": name,
            "points": points[t].to_json(),
        })).collect::<Vec<_>>(),
        "standings": position.standings().iter().map(|&t| race.teams()[usize::from(t)].clone()).collect::<Vec<_>>(),
        "riders": view.riders.iter().map(|r| json!({
            "name": race.rider_name(r.team, r.grade),
            "team": race.teams()[usize::from(r.team)],
            "grade": r.grade.letter().to_string(),
            "distance": r.distance,
            "square": race.rules().set.square(r.distance),
            "points": r.points.to_json(),
            "status": match r.status {
                Status::Racing => "racing".to_string(),
                Status::Dropped => "dropped".to_string(),
                Status::Retired => "retired".to_string(),
                Status::Finished(p) => format!("finished {p}"),
            },
            "sole_leader": r.sole_leader,
            "hand_size": r.hand_size,
            "hand": r.hand.map(|h| h.ascending()),
        })).collect::<Vec<_>>(),
    })
}

fn outing_view(outing: &Outing, viewer: Viewer) -> Value {
    use game_backpacks::clock;
    use game_backpacks::scenario::{place_json, weather_name};
    let day = outing.day();
    let view = day.view(viewer);
    json!({
        "game": "backpacks",
        "turn": outing.history().len() + 1,
        "time": day.clock_text(),
        "over": outing.is_over(),
        "weather": weather_name(view.weather),
        "targets": view.targets.iter().zip(&view.target_arrivals).map(|(&t, &n)| json!({
            "location": day.map.location_id(t),
            "reached": n,
        })).collect::<Vec<_>>(),
        "rucksack": view.rucksack.map(|r| outing.walkers()[usize::from(r.carrier)].clone()),
        "walkers": view.walkers.iter().enumerate().map(|(w, walker)| json!({
            "name": outing.walkers()[w],
            "at": place_json(&day.map, walker.place),
            "points": walker.points,
            "reached": walker.reached,
            "finished": walker.finished.map(clock::time_text),
            "lost": walker.lost,
            "hand_size": walker.hand_size,
            "hand": walker.secrets.as_ref().map(|s| s.hand.iter().map(|c| c.to_string()).collect::<Vec<_>>()),
            "next_card": walker.secrets.as_ref().and_then(|s| s.next_card.map(|c| c.to_string())),
            "money": walker.secrets.as_ref().map(|s| s.money),
            "chocolate": walker.secrets.as_ref().map(|s| s.chocolate),
        })).collect::<Vec<_>>(),
    })
}
