//! The lifecycle's errors: one line each, naming the field or value, written in the reader's
//! language when answered.

use locale::Phrase;

/// Why the lifecycle refused something.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GmError {
    /// A request the rules or the set-up refuse (a bad order, an unknown seat): the sender's
    /// to mend.
    #[error("{0}")]
    Refused(Phrase),
    /// Orders written for a turn that is not the open one (it was resolved meanwhile): nothing
    /// changes, and the sender is told which turn is open.
    #[error("{message}")]
    Stale { message: Phrase, open: u16 },
    /// A log or game file that does not replay: damaged or edited by hand.
    #[error("{0}")]
    Log(String),
    /// A bot's refusal (nothing to advise).
    #[error(transparent)]
    Bot(#[from] bots::BotError),
}

impl GmError {
    /// A refusal from another layer whose words no language of ours rewrites (a stored
    /// file's, a setting's), its message kept.
    pub fn refused(e: impl std::fmt::Display) -> GmError {
        GmError::Refused(Phrase::verbatim(e.to_string()))
    }

    /// What a person is told, to be written in their language.
    pub fn phrase(&self) -> Phrase {
        match self {
            GmError::Refused(p) | GmError::Stale { message: p, .. } => p.clone(),
            other => Phrase::verbatim(other.to_string()),
        }
    }

    /// A refusal by a game's rules, each language writing the game's error after `field`
    /// (a message with `$reason`, as `orders-refused-orders`).
    pub fn rules<G: game_api::Game>(field: &'static str, error: &G::Error) -> GmError {
        GmError::with_reason(field, |lang| G::error_text(error, lang))
    }

    /// A refusal `field` (a message with `$reason`) whose reason each language writes.
    pub(crate) fn with_reason(
        field: &'static str,
        reason: impl Fn(game_api::Lang) -> String,
    ) -> GmError {
        GmError::Refused(Phrase::each(|lang| {
            let mut args = locale::Args::new();
            args.set("reason", reason(lang));
            lang.t_with(field, &args)
        }))
    }
}
