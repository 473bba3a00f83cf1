//! The store's one error enum: what a read or a change of the database can end in. The HTTP
//! error (`ApiError`) wraps it; the store never names a status.

use locale::{Phrase, phrase};

/// What went wrong in the store, with a message naming the field or value.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StoreError {
    /// No such game (or row).
    #[error("{0}")]
    NotFound(Phrase),
    /// The game changed since it was read: nothing was written.
    #[error("{0}")]
    Conflict(Phrase),
    /// What was to be stored is refused (a game file, a deadline rule, orders the rules refuse).
    #[error("{0}")]
    Refused(Phrase),
    /// Orders for a turn that is not the open one.
    #[error("{message}")]
    Stale { message: Phrase, turn: u16 },
    /// The database failed.
    #[error("database: {0}")]
    Database(String),
    /// Stored data that does not read back (a log that does not replay), or the machinery
    /// stopped: the server's fault.
    #[error("{0}")]
    Internal(String),
}

pub type StoreResult<T> = Result<T, StoreError>;

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Database(e.to_string())
    }
}

impl From<gm::GmError> for StoreError {
    fn from(e: gm::GmError) -> StoreError {
        match e {
            gm::GmError::Refused(message) => StoreError::Refused(message),
            gm::GmError::Stale { message, open } => StoreError::Stale {
                message,
                turn: open,
            },
            // A stored log that does not replay is the server's fault, not the caller's.
            gm::GmError::Log(message) => StoreError::Internal(message),
            gm::GmError::Bot(reason) => {
                StoreError::Refused(phrase!("error-bot", reason = reason.to_string()))
            }
        }
    }
}
