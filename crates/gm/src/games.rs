//! The one place that lists the games: adding a game is one line in [`GAMES`] and one arm in
//! [`with_game`]. What the pages and the command line know of a game without opening one, what
//! a bot is called, and what a bot's advice is asked.

use bots::mcts::Budget;
use bots::{BotError, BotGame, BotKind};
use game_api::{Game, Lang, Seat};
use locale::phrase;

use crate::error::GmError;

/// A game postrider runs, as the pages and the command line list it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The name in files, URLs and the API.
    pub name: &'static str,
    pub title: &'static str,
    /// What a seat is called (`team`, `walker`).
    pub seat_noun: &'static str,
    /// What one resolution is called (`turn`, `round`).
    pub turn_noun: &'static str,
    /// What one game is called (`race`, `day`).
    pub game_noun: &'static str,
    /// What the game's picture shows (`track`, `map`).
    pub picture_noun: &'static str,
    /// The edition of the public report's text (`Game::REPORT_FORMAT`).
    pub report_format: u16,
    /// The settings the game takes (`Game::SETTINGS`): the new-game form's, the API's and the
    /// command line's.
    pub settings: &'static [game_api::settings::Setting],
    /// What the GM may do to the game's pieces (`Game::PIECE_ACTIONS`).
    pub piece_actions: Option<game_api::PieceActions>,
    /// What a season of the game and its stages are called; `None`: no seasons.
    pub season: Option<game_api::season::SeasonNouns>,
}

impl GameInfo {
    pub(crate) const fn of<G: Game>() -> GameInfo {
        GameInfo {
            name: G::NAME,
            title: G::TITLE,
            seat_noun: G::SEAT_NOUN,
            turn_noun: G::TURN_NOUN,
            game_noun: G::GAME_NOUN,
            picture_noun: G::PICTURE_NOUN,
            report_format: G::REPORT_FORMAT,
            settings: G::SETTINGS,
            piece_actions: G::PIECE_ACTIONS,
            season: G::SEASON,
        }
    }

    /// The game's title in `lang` (`game-title-NAME`: ブレイキング・アウェイ), the English
    /// title where no message names it.
    pub fn title_in(&self, lang: Lang) -> String {
        let id = format!("game-title-{}", self.name);
        let text = lang.t(&id);
        if text == id {
            self.title.to_string()
        } else {
            text
        }
    }
}

/// Every game, in the order menus show them.
pub const GAMES: &[GameInfo] = &[
    GameInfo::of::<game_breaking_away::BreakingAway>(),
    GameInfo::of::<game_backpacks::Backpacks>(),
    #[cfg(feature = "goofspiel")]
    GameInfo::of::<game_goofspiel::Goofspiel>(),
];

/// The game called `name`.
pub fn game_info(name: &str) -> Result<GameInfo, GmError> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.name == name)
        .ok_or_else(|| {
            let games: Vec<_> = GAMES.iter().map(|g| g.name).collect();
            GmError::Refused(phrase!(
                "error-game-unknown",
                name = name,
                games = games.join(", ")
            ))
        })
}

/// Something done with a game's type, whichever game a name picks: [`with_game`] calls
/// `visit` with it. What is written once over `G: BotGame` (opening a record, a tournament)
/// reaches every game this way.
pub trait GameVisitor {
    type Output;
    fn visit<G: BotGame>(self) -> Self::Output;
}

/// Calls `visitor` with the game called `name`: the one place a name becomes a game's type.
pub fn with_game<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, GmError> {
    match game_info(name)?.name {
        game_breaking_away::BreakingAway::NAME => {
            Ok(visitor.visit::<game_breaking_away::BreakingAway>())
        }
        game_backpacks::Backpacks::NAME => Ok(visitor.visit::<game_backpacks::Backpacks>()),
        #[cfg(feature = "goofspiel")]
        game_goofspiel::Goofspiel::NAME => Ok(visitor.visit::<game_goofspiel::Goofspiel>()),
        name => unreachable!("{name} is in GAMES but not in with_game"),
    }
}

/// What `advise` is asked, whichever the game.
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    pub seat: Seat,
    /// The seat's name as given.
    pub seat_name: &'a str,
    /// The game file, for the command that sends the advised orders.
    pub file: &'a str,
    /// The search's budget; `None`: the game's default.
    pub budget: Option<Budget>,
}

/// Reads a bot's name (`random`, `nmr`, `heuristic`, `mcts`, `flatmc`).
pub fn parse_bot(name: &str) -> Result<BotKind, GmError> {
    name.parse()
        .map_err(|e: BotError| GmError::Refused(phrase!("error-bot", reason = e.to_string())))
}
