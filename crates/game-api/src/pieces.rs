//! What a GM may do to a game's pieces between turns (postal 10.1's dropped rider, a
//! retirement), as the game names and describes it: the log carries the verb and the piece as
//! text, the game reads them. And what a game does not have at all, refused in one line by the
//! `Game` trait's defaults.

use std::fmt;

/// A GM's action on one piece: the verb as the game names it (`drop`) and the piece (`red-A`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceAction {
    pub verb: String,
    pub piece: String,
}

/// The actions a game offers its GM: the console's tools, the API's and the command line's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceActions {
    /// What a piece is called (`rider`).
    pub noun: &'static str,
    /// Each verb and what it does, for people (`drop`, `Declare dropped (postal 10.1)`).
    pub verbs: &'static [(&'static str, &'static str)],
}

/// Something a game does not have, asked of it: the `Game` trait's default answer. A game's
/// error enum takes it with `From`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lacks {
    /// A line-up sent to a game without a pre-race phase.
    Lineups { game: &'static str },
    /// A position asked for in a scenario notation the game does not have.
    Scenario { game: &'static str },
    /// A GM's action on a piece of a game that offers none, or not that one.
    PieceAction { game: &'static str, verb: String },
    /// A season of a game that has none.
    Season { game: &'static str },
}

/// English, for logs and the command line: the message [`Lacks::text`] writes.
impl fmt::Display for Lacks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(crate::Lang::EN))
    }
}

impl std::error::Error for Lacks {}

impl Lacks {
    /// What the game lacks, in `lang` (the game's title stays its own).
    pub fn text(&self, lang: crate::Lang) -> String {
        match self {
            Lacks::Lineups { game } => locale::tr!(lang, "error-lacks-lineups", game = *game),
            Lacks::Scenario { game } => locale::tr!(lang, "error-lacks-scenario", game = *game),
            Lacks::PieceAction { game, verb } => locale::tr!(
                lang,
                "error-lacks-piece-action",
                game = *game,
                verb = verb.as_str()
            ),
            Lacks::Season { game } => locale::tr!(lang, "error-season-game", game = *game),
        }
    }
}
