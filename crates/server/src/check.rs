//! The upgrade check (`postrider check`): this binary reads every game of a database, replays
//! its log and compares every published report with the digest stored for its turn — the same
//! checks as `postrider verify` on a public record, here with the secret the server holds —
//! and that no log is left without its game. A release that would tell any game differently
//! fails it before it is let near the games.

use crate::error::ApiError;
use crate::state::AppState;
use store::StoreError;

/// Every game reproduced.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Checked {
    pub games: usize,
    pub turns: u64,
    /// Turns whose published report was compared (games of release 0.1 keep no digests).
    pub reports: u64,
    /// Turns published in an earlier edition of the report's text: replayed, not compared.
    pub reports_earlier_edition: u64,
}

/// The first game that this binary does not reproduce.
#[derive(Debug, thiserror::Error)]
pub enum CheckFailure {
    #[error("game {game}: {message}")]
    Differs { game: i64, message: String },
    #[error(transparent)]
    Server(#[from] ApiError),
}

/// Checks every game in id order, stopping at the first that differs.
pub async fn check(state: &AppState) -> Result<Checked, CheckFailure> {
    let ids = store::read::ids(state).await.map_err(ApiError::from)?;
    // No foreign key ties an event to its game on PostgreSQL (migration 0023: every event is
    // written with its game's row): a log left without its game is found here instead.
    let orphan = store::history::orphan_log(state)
        .await
        .map_err(ApiError::from)?;
    if let Some(game) = orphan {
        return Err(CheckFailure::Differs {
            game,
            message: "its log is kept, the game is not".into(),
        });
    }
    let mut checked = Checked::default();
    for game in ids {
        let file = store::export(state, game).await.map_err(|e| match e {
            StoreError::Internal(message) => CheckFailure::Differs { game, message },
            other => CheckFailure::Server(other.into()),
        })?;
        let verified = gm::verify::verify_kept(&file).map_err(|e| CheckFailure::Differs {
            game,
            message: e.to_string(),
        })?;
        checked.games += 1;
        checked.turns += u64::from(verified.turns);
        checked.reports += u64::from(verified.reports_checked);
        checked.reports_earlier_edition += u64::from(verified.reports_earlier_edition);
    }
    Ok(checked)
}
