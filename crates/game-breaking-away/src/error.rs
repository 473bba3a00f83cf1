//! Why Breaking Away refuses something: one enum, one line each, naming the field or value.

use locale::{Lang, tr};

use crate::mistake::Mistakes;
use crate::position::Status;
use crate::rules::Grade;

/// What the rules refused: a set-up, a line-up, orders, a GM's action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BreakingAwayError {
    /// What the game does not have (a GM action it does not offer).
    #[error(transparent)]
    Lacks(#[from] game_api::Lacks),
    /// A set-up field (`rules`, `options`, `scoring`); the message names it.
    #[error("{0}")]
    Setup(locale::Phrase),
    /// A rule set's name that names none.
    #[error("unknown rule set {0:?} (expected \"postal-2.2\" or \"board\")")]
    UnknownRuleSet(String),
    /// An option's name that names none of `Options::NAMES`.
    #[error("unknown option {0:?} (expected one of {names})", names = crate::rules::Options::NAMES.join(", "))]
    UnknownOption(String),
    /// Options asked for under the postal rules (they belong to the board game).
    #[error("options: {} belong to the board rules, not postal-2.2", .0.join(", "))]
    PostalOptions(Vec<&'static str>),
    /// A line-up that does not read, or breaks the set-up limits (postal 3.1, BA-12).
    #[error("{0}")]
    Lineup(Mistakes),
    /// Orders that do not read.
    #[error("{0}")]
    Orders(Mistakes),
    /// An order for a grade the team has no rider of.
    #[error("rider {0}: the team has no such rider")]
    NoRider(Grade),
    /// An order for a rider who has finished, dropped or retired.
    #[error("rider {0}: not racing any more, no orders needed")]
    NotRacing(Grade),
    /// A card the rider does not hold (its hand, lowest first).
    #[error("rider {grade}: card {card} is not in the hand {hand:?}")]
    NotInHand {
        grade: Grade,
        card: u16,
        hand: Vec<u16>,
    },
    /// A rider's name that names no rider (`example` is the first team's name).
    #[error("rider {name:?}: no such rider (write team-grade, e.g. {example}-A)")]
    UnknownRider { name: String, example: String },
    /// A GM's action the rider's status (or the race's end) does not allow.
    #[error("rider: cannot do that to a rider who is {status:?} (race over: {over})")]
    RiderStatus { status: Status, over: bool },
    /// A position asked for before the race has one.
    #[error("the race has not started, there is no position yet")]
    NotStarted,
}

impl BreakingAwayError {
    /// The refusal in `lang`: a player's mistakes in orders and line-ups (which they read on
    /// the order page and in the mail's echo), a set-up's and a GM's in their language.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            BreakingAwayError::Lineup(m) | BreakingAwayError::Orders(m) => m.text(lang),
            BreakingAwayError::Setup(p) => p.text(lang),
            BreakingAwayError::UnknownRuleSet(name) => {
                tr!(lang, "ba-setup-unknown-rule-set", name = name.as_str())
            }
            BreakingAwayError::UnknownOption(name) => tr!(
                lang,
                "ba-setup-unknown-option",
                name = name.as_str(),
                names = crate::rules::Options::NAMES.join(", ")
            ),
            BreakingAwayError::PostalOptions(options) => tr!(
                lang,
                "ba-setup-postal-options",
                options = options.join(", ")
            ),
            BreakingAwayError::NoRider(g) => {
                tr!(lang, "ba-orders-no-rider", rider = g.to_string())
            }
            BreakingAwayError::NotRacing(g) => {
                tr!(lang, "ba-orders-not-racing", rider = g.to_string())
            }
            BreakingAwayError::NotInHand { grade, card, hand } => tr!(
                lang,
                "ba-orders-not-in-hand",
                rider = grade.to_string(),
                card = card.to_string(),
                hand = hand
                    .iter()
                    .map(u16::to_string)
                    .collect::<Vec<_>>()
                    .join(&lang.t("list-separator"))
            ),
            BreakingAwayError::UnknownRider { name, example } => tr!(
                lang,
                "ba-gm-unknown-rider",
                name = name.as_str(),
                example = example.as_str()
            ),
            BreakingAwayError::RiderStatus { status, over } => {
                let (status, place) = match status {
                    Status::Racing => ("racing", 0),
                    Status::Dropped => ("dropped", 0),
                    Status::Retired => ("retired", 0),
                    Status::Finished(place) => ("finished", *place),
                };
                tr!(
                    lang,
                    "ba-gm-rider-status",
                    status = status,
                    place = place,
                    over = if *over { "yes" } else { "no" }
                )
            }
            BreakingAwayError::NotStarted => lang.t("ba-gm-not-started"),
            BreakingAwayError::Lacks(lacks) => lacks.text(lang),
        }
    }
}
