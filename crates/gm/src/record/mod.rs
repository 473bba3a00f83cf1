//! The GM's record of one game of any game `G`: the seats, the seed, the sealed line-ups and
//! orders, the position, and every resolved turn. It is built only by applying log entries
//! (`Event`s), so that a replay of the log reproduces it; the command line's game file and the
//! server's database hold the same entries.

use bots::{BotGame, BotKind};
use game_api::{Game, Lacks, Lang, PieceAction, Resolution, Sealed, Seat, Seed, Table};
use locale::{Phrase, phrase};

use crate::error::GmError;
use crate::event::{Author, Event, Setup};

mod reports;
mod submission;

pub use submission::Submission;

/// The record of one game of `G`.
#[derive(Debug)]
pub struct GameRecord<G: Game> {
    setup: Setup,
    settings: G::Settings,
    seed: Seed,
    /// `None` until play begins (a Breaking Away race waits for its line-ups).
    state: Option<G::State>,
    sealed: Vec<Sealed<G>>,
    /// How many times each seat has sealed its line-up and its orders since the coming turn
    /// opened (bounded by [`MAX_SEALINGS`]).
    sealings: Vec<Sealings>,
    history: Vec<Resolution<G>>,
    /// Seats whose sealed orders date from before a roll-back re-opened the coming turn: the
    /// turn waits for its deadline unless they send again (`reopened`).
    reopened: Vec<bool>,
}

/// The most times a seat may seal its line-up, and its orders, for one turn (or round): the
/// first time and the amendments after it. Every sealing is an entry of the log, which
/// replays, reports and the history read; this bounds what one player can add to it (issue
/// 28). Bots are not counted (they seal once, when the turn is processed), and logs that hold
/// more — written before the bound — still replay.
pub const MAX_SEALINGS: u16 = 20;

/// A seat's sealings of the coming turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Sealings {
    lineups: u16,
    orders: u16,
}

impl<G: Game> Clone for GameRecord<G> {
    fn clone(&self) -> Self {
        GameRecord {
            setup: self.setup.clone(),
            settings: self.settings.clone(),
            seed: self.seed,
            state: self.state.clone(),
            sealed: self.sealed.clone(),
            sealings: self.sealings.clone(),
            history: self.history.clone(),
            reopened: self.reopened.clone(),
        }
    }
}

fn refused<T>(message: Phrase) -> Result<T, GmError> {
    Err(GmError::Refused(message))
}

fn check_seat_name(noun: &str, name: &str) -> Result<(), GmError> {
    let ok = !name.is_empty()
        && name.len() <= 24
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        refused(phrase!("error-seat-name-letters", noun = noun, name = name))
    }
}

impl<G: BotGame> GameRecord<G> {
    /// A new game from its set-up; refused with the field named if the set-up is bad.
    pub fn new(setup: &Setup) -> Result<Self, GmError> {
        let settings = game_api::settings::read::<G>(&setup.settings).map_err(GmError::Refused)?;
        let seats = &setup.seats;
        let limits = G::seat_limits(&settings);
        if !limits.contains(&seats.len()) {
            return refused(phrase!(
                "error-seats-count",
                noun = G::SEAT_NOUN,
                given = seats.len(),
                rules = G::rules_name(&settings),
                least = *limits.start(),
                most = *limits.end()
            ));
        }
        for (i, name) in seats.iter().enumerate() {
            check_seat_name(G::SEAT_NOUN, name)?;
            if seats[..i].iter().any(|s| s.eq_ignore_ascii_case(name)) {
                return refused(phrase!(
                    "error-seats-twice",
                    noun = G::SEAT_NOUN,
                    name = name
                ));
            }
        }
        crate::draws::check(setup)?;
        let seed = Seed(setup.seed);
        let state = (!G::has_lineups(&settings)).then(|| {
            let lineups = vec![G::default_lineup(&settings); seats.len()];
            G::start(&settings, &lineups, seed)
        });
        Ok(GameRecord {
            setup: setup.clone(),
            settings,
            seed,
            state,
            sealed: vec![Sealed::default(); seats.len()],
            sealings: vec![Sealings::default(); seats.len()],
            history: Vec::new(),
            reopened: vec![false; seats.len()],
        })
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn seats(&self) -> &[String] {
        &self.setup.seats
    }

    pub fn settings(&self) -> &G::Settings {
        &self.settings
    }

    pub fn seed(&self) -> Seed {
        self.seed
    }

    /// The position, once play has begun.
    pub fn state(&self) -> Option<&G::State> {
        self.state.as_ref()
    }

    pub fn history(&self) -> &[Resolution<G>] {
        &self.history
    }

    pub fn sealed_orders(&self, seat: Seat) -> Option<&G::Orders> {
        self.sealed[seat.index()].orders.as_ref()
    }

    /// The game as reports and views read it, in English.
    pub fn table(&self) -> Table<'_, G> {
        self.table_in(Lang::EN)
    }

    /// The game as reports and views read it, for a reader of `lang`.
    pub fn table_in(&self, lang: Lang) -> Table<'_, G> {
        Table {
            settings: &self.settings,
            seats: &self.setup.seats,
            state: self.state.as_ref(),
            sealed: &self.sealed,
            history: &self.history,
            lang,
        }
    }

    /// The seat with this name (any case).
    pub fn seat(&self, name: &str) -> Result<Seat, GmError> {
        match self
            .seats()
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name))
        {
            Some(i) => Ok(Seat(i as u8)),
            None => refused(phrase!(
                "error-seat-no-such",
                noun = G::SEAT_NOUN,
                name = name,
                seats = {
                    let seats = self.seats().to_vec();
                    locale::Phrase::each(move |lang| lang.separated(&seats))
                }
            )),
        }
    }

    fn check_seat(&self, seat: Seat) -> Result<(), GmError> {
        if seat.index() < self.seats().len() {
            Ok(())
        } else {
            refused(phrase!("error-seat-unknown", seat = seat.0))
        }
    }

    /// The number of the coming turn (or round).
    pub fn turn(&self) -> u16 {
        self.history.len() as u16 + 1
    }

    /// How many turns (or rounds) have been resolved.
    pub fn resolved(&self) -> u16 {
        self.history.len() as u16
    }

    pub fn started(&self) -> bool {
        self.state.is_some()
    }

    pub fn is_over(&self) -> bool {
        self.state.as_ref().is_some_and(G::is_over)
    }

    /// Whether the seat still has a part to play.
    pub fn takes_orders(&self, seat: Seat) -> bool {
        !self.is_over()
            && self
                .state
                .as_ref()
                .is_none_or(|state| G::takes_orders(state, seat))
    }

    /// The seat's sealed line-up and orders as the engine read them.
    pub fn sealed_text(&self, seat: Seat) -> (Option<String>, Option<String>) {
        let sealed = &self.sealed[seat.index()];
        (
            sealed.lineup.as_ref().map(G::lineup_text),
            sealed
                .orders
                .as_ref()
                .map(|o| G::orders_text(&self.settings, self.seats(), o)),
        )
    }

    /// The seat's sealed orders as its player reads them, in `lang` (`Game::orders_words`).
    pub fn sealed_words(&self, seat: Seat, lang: Lang) -> Option<String> {
        self.sealed[seat.index()]
            .orders
            .as_ref()
            .map(|o| G::orders_words(&self.table_in(lang), seat, o))
    }

    /// Whether everything the seat needs to send for the coming turn is sealed.
    pub fn ready(&self, seat: Seat) -> bool {
        if !self.takes_orders(seat) {
            return true;
        }
        let sealed = &self.sealed[seat.index()];
        sealed.orders.is_some() && (self.started() || sealed.lineup.is_some())
    }

    /// Whether a roll-back re-opened the coming turn and the seat, which has a part to play,
    /// has sent nothing since: its orders are kept for the deadline, but it is not ready, so
    /// that the turn is not resolved again at once.
    pub fn reopened(&self, seat: Seat) -> bool {
        self.takes_orders(seat) && self.reopened[seat.index()]
    }

    /// Every seat that plays is ready (and not `reopened`): the turn can be resolved before its
    /// deadline.
    pub fn all_ready(&self) -> bool {
        (0..self.seats().len() as u8).all(|s| self.ready(Seat(s)) && !self.reopened(Seat(s)))
    }

    /// The coming turn was re-opened by a roll-back: every seat's orders kept from before it
    /// wait to be sent again (or for the deadline).
    pub fn reopen(&mut self) {
        self.reopened.iter_mut().for_each(|r| *r = true);
    }

    /// How many turns in a row, up to the last resolved, the seat sent nothing while it had
    /// orders to send (no moves received): 0 if it sent orders for the last one it played.
    pub fn nmr_streak(&self, seat: Seat) -> u16 {
        self.history
            .iter()
            .rev()
            .take_while(|r| {
                G::takes_orders(&r.before, seat)
                    && r.orders.get(seat.index()).is_some_and(Option::is_none)
            })
            .count() as u16
    }

    /// The turns the seat had orders to send, and how many of them it sent nothing for (no
    /// moves received): whether a player took part enough to be rated (`rating`).
    pub fn silences(&self, seat: Seat) -> (u16, u16) {
        let played = self
            .history
            .iter()
            .filter(|r| G::takes_orders(&r.before, seat));
        let (mut turns, mut silent) = (0u16, 0u16);
        for r in played {
            turns = turns.saturating_add(1);
            if r.orders.get(seat.index()).is_some_and(Option::is_none) {
                silent = silent.saturating_add(1);
            }
        }
        (turns, silent)
    }

    /// Applies one log entry that changes the record. Every change goes through here, and a
    /// replay applies the same entries.
    pub fn apply(&mut self, event: &Event) -> Result<(), GmError> {
        self.apply_sealings(event, 1)
    }

    /// Applies `event`; for a line-up or orders, the last of `run` sealings of the same kind
    /// by its seat, one right after another: each replaced the one before, so the record is as
    /// if all were applied, and the count says `run`. A replay's shortcut through the runs of
    /// amendments in logs written before [`MAX_SEALINGS`] (issue 28).
    pub fn apply_sealings(&mut self, event: &Event, run: u16) -> Result<(), GmError> {
        match event {
            Event::Created { .. } => Err(GmError::refused("log: the game was created twice")),
            Event::Lineup { seat, text, .. } => {
                self.check_seat(*seat)?;
                let lineup = crate::typed::lineup::<G>(text)?;
                self.seal_lineup(*seat, lineup)?;
                self.reopened[seat.index()] = false;
                let count = &mut self.sealings[seat.index()].lineups;
                *count = count.saturating_add(run);
                Ok(())
            }
            Event::Orders { seat, text, .. } => {
                self.check_seat(*seat)?;
                let orders = crate::typed::orders::<G>(&self.settings, self.seats(), text)?;
                self.seal_orders(*seat, orders)?;
                self.reopened[seat.index()] = false;
                let count = &mut self.sealings[seat.index()].orders;
                *count = count.saturating_add(run);
                Ok(())
            }
            Event::Resolved { turn, .. } => {
                if self.turn() != *turn {
                    return Err(GmError::refused(format!(
                        "turn: the coming turn is {}, not {turn}",
                        self.turn()
                    )));
                }
                self.resolve()
            }
            Event::Piece { verb, piece } => self.piece_action(verb, piece),
            Event::Dropped { rider } => self.piece_action("drop", rider),
            Event::Retired { rider } => self.piece_action("retire", rider),
            e => Err(GmError::refused(format!(
                "log: {} does not change the record",
                e.to_json()
            ))),
        }
    }

    fn seal_lineup(&mut self, seat: Seat, lineup: G::Lineup) -> Result<(), GmError> {
        if !G::has_lineups(&self.settings) {
            return refused(phrase!("error-lineup-none", game = G::TITLE));
        }
        if self.started() {
            return refused(phrase!("error-lineup-closed"));
        }
        G::check_lineup(&self.settings, &lineup)
            .map_err(|e| GmError::rules::<G>("orders-refused-lineup", &e))?;
        let sealed = &mut self.sealed[seat.index()];
        // Orders sealed against an earlier line-up may no longer fit.
        sealed.orders = None;
        sealed.lineup = Some(lineup);
        Ok(())
    }

    fn seal_orders(&mut self, seat: Seat, orders: G::Orders) -> Result<(), GmError> {
        if self.is_over() {
            return refused(phrase!("error-orders-game-over"));
        }
        if G::orders_are_empty(&orders) {
            return refused(phrase!("error-orders-empty"));
        }
        let checked = match &self.state {
            Some(state) => G::check_orders(state, seat, &orders),
            None => match &self.sealed[seat.index()].lineup {
                None => {
                    return refused(phrase!("error-orders-lineup-first", noun = G::SEAT_NOUN));
                }
                Some(lineup) => G::check_opening_orders(&self.settings, lineup, &orders),
            },
        };
        checked.map_err(|e| GmError::rules::<G>("orders-refused-orders", &e))?;
        self.sealed[seat.index()].orders = Some(orders);
        Ok(())
    }

    /// Play begins: the sealed line-ups are opened; seats without one get the default.
    fn start(&mut self) {
        let lineups: Vec<G::Lineup> = self
            .sealed
            .iter_mut()
            .map(|s| {
                s.lineup
                    .take()
                    .unwrap_or_else(|| G::default_lineup(&self.settings))
            })
            .collect();
        self.state = Some(G::start(&self.settings, &lineups, self.seed));
    }

    /// Adjudicates the coming turn: seats without orders get the rules' NMR policy.
    fn resolve(&mut self) -> Result<(), GmError> {
        if self.is_over() {
            return refused(phrase!("error-game-over"));
        }
        if self.state.is_none() {
            self.start();
        }
        let before = self.state.take().expect("play has begun");
        self.reopened.iter_mut().for_each(|r| *r = false);
        let orders: Vec<Option<G::Orders>> =
            self.sealed.iter_mut().map(|s| s.orders.take()).collect();
        self.sealings.fill(Sealings::default());
        let mut rng = self.seed.rng(G::resolution_stream(&before));
        let (after, events) = G::resolve(&before, &orders, &mut rng);
        self.state = Some(after.clone());
        self.history.push(Resolution {
            before,
            orders,
            after,
            events,
        });
        Ok(())
    }

    fn piece_action(&mut self, verb: &str, piece: &str) -> Result<(), GmError> {
        let action = PieceAction {
            verb: verb.to_string(),
            piece: piece.to_string(),
        };
        if G::PIECE_ACTIONS.is_none() {
            let lacks = G::Error::from(Lacks::PieceAction {
                game: G::TITLE,
                verb: action.verb,
            });
            return Err(GmError::rules::<G>("error-piece", &lacks));
        }
        let Some(state) = self.state.as_mut() else {
            return refused(phrase!(
                "error-piece-not-started",
                verb = verb,
                game = G::GAME_NOUN,
                noun = G::TURN_NOUN
            ));
        };
        G::piece_action(&self.settings, &self.setup.seats, state, &action)
            .map_err(|e| GmError::rules::<G>("error-piece", &e))
    }

    /// A copy whose coming draws are stand-ins drawn from `seed`, not the game's own: what the
    /// state hides is drawn afresh, and every later draw (bots, resolutions) comes from `seed`.
    /// A preview resolves it, and so shows nothing its reader could not know.
    pub fn with_stand_in_draws(&self, seed: u64) -> Self {
        let mut copy = self.clone();
        copy.seed = Seed(seed);
        if let Some(state) = &mut copy.state {
            G::redraw_hidden(state, &mut copy.seed.rng(STAND_IN_STREAM));
        }
        copy
    }

    /// The entries a bot sends for a seat that is not ready; empty if it has nothing to send.
    /// The bot sees only the seat's view, and draws from the game's seed: one stream per turn
    /// and seat, the same on the command line and on the server.
    pub fn bot_events(&self, seat: Seat, bot: BotKind) -> Result<Vec<Event>, GmError> {
        self.check_seat(seat)?;
        if !self.takes_orders(seat) || self.ready(seat) {
            return Ok(Vec::new());
        }
        let mut rng = self.seed.rng(bot_stream(self.turn(), seat));
        let mut submission = Submission::default();
        let orders = match &self.state {
            None => {
                let sealed = &self.sealed[seat.index()].lineup;
                let lineup = match sealed {
                    Some(l) => l.clone(),
                    None => G::bot_lineup(bot, &self.settings, &mut rng),
                };
                if sealed.is_none() {
                    submission.lineup = Some(G::lineup_text(&lineup));
                }
                G::bot_opening_orders(bot, &self.settings, &lineup, &mut rng)
            }
            Some(state) => G::bot_orders(bot, state, seat, &mut rng),
        };
        if G::orders_are_empty(&orders) {
            if submission.lineup.is_none() {
                return Ok(Vec::new());
            }
        } else {
            submission.orders = Some(G::orders_text(&self.settings, self.seats(), &orders));
        }
        self.check(seat, &submission, Author::Bot(bot.name().to_string()))
    }
}

/// The random stream that draws a preview's stand-ins for what the state hides.
const STAND_IN_STREAM: u64 = 1 << 44;

/// The random stream a bot in `seat` draws from for `turn`.
pub fn bot_stream(turn: u16, seat: Seat) -> u64 {
    1 << 43 | u64::from(turn) << 8 | u64::from(seat.0)
}
