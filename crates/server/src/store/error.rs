//! The store's one error enum: what a read or a change of the database can end in. The HTTP
//! error (`ApiError`) wraps it; the store never names a status.

/// What went wrong in the store, with a message naming the field or value.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StoreError {
    /// No such game (or row).
    #[error("{0}")]
    NotFound(String),
    /// The game changed since it was read: nothing was written.
    #[error("{0}")]
    Conflict(String),
    /// What was to be stored is refused (a game file, a deadline rule, orders the rules refuse).
    #[error("{0}")]
    Refused(String),
    /// Orders for a turn that is not the open one.
    #[error("{message}")]
    Stale { message: String, turn: u16 },
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
            e @ gm::GmError::Bot(_) => StoreError::Refused(e.to_string()),
        }
    }
}
