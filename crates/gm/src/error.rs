//! The lifecycle's errors: one line each, naming the field or value.

/// Why the lifecycle refused something.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GmError {
    /// A request the rules or the set-up refuse (a bad order, an unknown seat): the sender's
    /// to mend.
    #[error("{0}")]
    Refused(String),
    /// Orders written for a turn that is not the open one (it was resolved meanwhile): nothing
    /// changes, and the sender is told which turn is open.
    #[error("{message}")]
    Stale { message: String, open: u16 },
    /// A log or game file that does not replay: damaged or edited by hand.
    #[error("{0}")]
    Log(String),
    /// A bot's refusal (nothing to advise).
    #[error(transparent)]
    Bot(#[from] bots::BotError),
}

impl GmError {
    /// A refusal from the rules (a game's error) or another layer, its message kept.
    pub fn refused(e: impl std::fmt::Display) -> GmError {
        GmError::Refused(e.to_string())
    }
}
