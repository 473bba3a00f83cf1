//! Bots that take a seat. A bot sees the race only through its seat's [`View`] (its own hands,
//! everybody's positions), never the full position, and draws only from the random stream it
//! is given, so a bot's play is reproducible from the game's seed.

pub mod backpacks;
pub mod breaking_away;
pub mod flatmc;
pub mod mcts;
pub mod play;
pub mod tournament;

use std::fmt;
use std::str::FromStr;

use game_api::{Game, Rng, Seat, Seed};

use crate::mcts::{Budget, SearchGame};

/// The kinds of bot a GM can seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Nmr,
    Heuristic,
    /// A search bot: determinized Monte Carlo search over its own orders (crate::mcts).
    Mcts,
    /// Flat Monte Carlo, as Boardspace's Breaking Away robot plays: the playouts shared evenly
    /// among the candidate orders, uniformly random play to the end, the best average
    /// (crate::flatmc). A yardstick for `mcts`.
    FlatMc,
}

impl BotKind {
    pub const NAMES: [&'static str; 5] = ["random", "nmr", "heuristic", "mcts", "flatmc"];

    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Nmr => "nmr",
            BotKind::Heuristic => "heuristic",
            BotKind::Mcts => "mcts",
            BotKind::FlatMc => "flatmc",
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BotKind {
    type Err = BotError;
    fn from_str(s: &str) -> Result<BotKind, BotError> {
        match s {
            "random" => Ok(BotKind::Random),
            "nmr" => Ok(BotKind::Nmr),
            "heuristic" => Ok(BotKind::Heuristic),
            "mcts" => Ok(BotKind::Mcts),
            "flatmc" => Ok(BotKind::FlatMc),
            _ => Err(BotError::UnknownBot(s.to_string())),
        }
    }
}

/// One seat's bot: a kind and, for `mcts`, its budget (what a tournament seats and the search
/// is given; here so that neither module imports the other).
#[derive(Clone, Copy, Debug)]
pub struct Entrant {
    pub kind: BotKind,
    pub budget: Budget,
}

/// Why a bot could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// A bot's name that is none of [`BotKind::NAMES`].
    #[error("unknown bot {0:?} (expected one of {names})", names = BotKind::NAMES.join(", "))]
    UnknownBot(String),
    /// The search has nothing to advise (the game has not started, or is over for the seat).
    #[error("advise: {0}")]
    NoAdvice(String),
}

/// How a whole game between bots ended, seat by seat: what the rules rank by and the points
/// scored, which differ where the rules rank by more than points (Backpacks: a walker not back
/// by 18:00 scores nothing and has lost the game, 5.2, below a walker back on fewer points).
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    /// Each seat's standing, higher is better: the game's [`SearchGame::final_scores`].
    pub standing: Vec<f64>,
    /// Each seat's points as the rules score them.
    pub points: Vec<f64>,
}

impl Ending {
    /// A game that ranks by its points alone (ties broken below a point, where the rules
    /// break them).
    pub fn by_points(points: Vec<f64>) -> Ending {
        Ending {
            standing: points.clone(),
            points,
        }
    }
}

/// What `advise` is asked: the game at the table and the seat to advise.
#[derive(Debug)]
pub struct AdviceRequest<'a, G: Game> {
    pub settings: &'a G::Settings,
    pub seats: &'a [String],
    /// The position, once play has begun.
    pub state: Option<&'a G::State>,
    /// The coming turn (or round).
    pub turn: u16,
    pub seat: Seat,
    /// The seat's name as the player typed it.
    pub seat_name: &'a str,
    /// The game file the advice is for (the command to send the orders names it).
    pub file: &'a str,
    /// The search's budget; `None`: the game's [`BotGame::SEARCH_BUDGET`].
    pub budget: Option<Budget>,
}

/// What a bot needs of a game to take a seat in it, and what tournaments and `advise` need:
/// implemented once per game (`crate::play`). The lifecycle (`gm`) seats a bot in any game
/// that implements this; the bot sees only its seat's view.
pub trait BotGame:
    SearchGame<
        Settings: Send + Sync + 'static,
        State: Send + Sync + 'static,
        Lineup: Send + Sync + 'static,
        Orders: Send + Sync + 'static,
        Event: Send + Sync + 'static,
    >
{
    /// The search bots' budget per decision when none is given.
    const SEARCH_BUDGET: Budget;

    /// The seat's line-up, where the game has line-ups.
    fn bot_lineup(kind: BotKind, settings: &Self::Settings, rng: &mut Rng) -> Self::Lineup;
    /// Orders sealed before play begins, from the seat's own line-up alone.
    fn bot_opening_orders(
        kind: BotKind,
        settings: &Self::Settings,
        lineup: &Self::Lineup,
        rng: &mut Rng,
    ) -> Self::Orders;
    /// The seat's orders for the coming resolution, from its view of `state`.
    fn bot_orders(kind: BotKind, state: &Self::State, seat: Seat, rng: &mut Rng) -> Self::Orders;

    /// One whole game between bots, seat `s` taken by `seated[s]`, every draw from `seed`: how
    /// it ended for each seat. A tournament plays many.
    fn bot_game(settings: &Self::Settings, seated: &[Entrant], seed: Seed) -> Ending;

    /// The search's advice for a seat, as `postrider advise` prints it.
    fn advise(request: &AdviceRequest<'_, Self>, rng: &mut Rng) -> Result<String, BotError>;
}
