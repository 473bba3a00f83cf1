//! Bots that take a seat. A bot sees the race only through its seat's [`View`] (its own hands,
//! everybody's positions), never the full position, and draws only from the random stream it
//! is given, so a bot's play is reproducible from the game's seed.

pub mod backpacks;
pub mod breaking_away;
pub mod flatmc;
pub mod mcts;
pub mod tournament;

use std::fmt;
use std::str::FromStr;

use game_api::{Game, Rng, Seat, Viewer};

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
    type Err = String;
    fn from_str(s: &str) -> Result<BotKind, String> {
        match s {
            "random" => Ok(BotKind::Random),
            "nmr" => Ok(BotKind::Nmr),
            "heuristic" => Ok(BotKind::Heuristic),
            "mcts" => Ok(BotKind::Mcts),
            "flatmc" => Ok(BotKind::FlatMc),
            _ => Err(format!(
                "unknown bot {s:?} (expected one of {})",
                BotKind::NAMES.join(", ")
            )),
        }
    }
}

/// One seat's bot: a kind and, for `mcts`, its budget (what a tournament seats and the search
/// is given; here so that neither module imports the other).
#[derive(Clone, Copy, Debug)]
pub struct Entrant {
    pub kind: BotKind,
    pub budget: mcts::Budget,
}

/// What a bot needs of a game to take a seat in it. The lifecycle (`gm`) seats a bot in any
/// game that implements this; the bot sees only its seat's view.
pub trait BotGame: Game {
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
}

impl BotGame for game_breaking_away::BreakingAway {
    fn bot_lineup(
        kind: BotKind,
        rules: &game_breaking_away::Rules,
        rng: &mut Rng,
    ) -> game_breaking_away::Lineup {
        kind.lineup(*rules, rng)
    }

    fn bot_opening_orders(
        kind: BotKind,
        rules: &game_breaking_away::Rules,
        lineup: &game_breaking_away::Lineup,
        rng: &mut Rng,
    ) -> game_breaking_away::TeamOrders {
        // Before the start the bot orders from its line-up's opening position.
        let start = Self::start(rules, std::slice::from_ref(lineup), game_api::Seed(0));
        kind.orders(start.view_ref(Viewer::Seat(Seat(0))), rng)
    }

    fn bot_orders(
        kind: BotKind,
        position: &game_breaking_away::Position,
        seat: Seat,
        rng: &mut Rng,
    ) -> game_breaking_away::TeamOrders {
        kind.orders(position.view_ref(Viewer::Seat(seat)), rng)
    }
}

impl BotGame for game_backpacks::Backpacks {
    fn bot_lineup(_: BotKind, _: &game_backpacks::Terrain, _: &mut Rng) {}

    fn bot_opening_orders(
        _: BotKind,
        _: &game_backpacks::Terrain,
        _: &(),
        _: &mut Rng,
    ) -> game_backpacks::RoundOrders {
        // A day begins at once: there is no opening before it.
        game_backpacks::RoundOrders::nmr()
    }

    fn bot_orders(
        kind: BotKind,
        day: &game_backpacks::Day,
        seat: Seat,
        rng: &mut Rng,
    ) -> game_backpacks::RoundOrders {
        backpacks::round_orders(kind, day.view_ref(Viewer::Seat(seat)), rng)
    }
}
