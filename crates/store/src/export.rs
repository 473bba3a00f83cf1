//! A game as a game file: written from its events (`postrider export`), and the checks a file
//! must pass before it is put on the server.

use gm::{GameFile, LogEntry};
use locale::phrase;

use super::error::{StoreError, StoreResult};
use super::history::events;
use super::state::Store;

/// A game as a game file (`postrider export`): its log from the `events` table, replayed, with
/// when and by whom each entry was made. The command line's `report`, `replay` and `resolve`
/// take it as it is.
pub async fn export(state: &Store, id: i64) -> StoreResult<String> {
    let log: Vec<LogEntry> = events(state, id)
        .await?
        .into_iter()
        .map(|(_, at, actor, event)| LogEntry {
            at: Some(at),
            actor: Some(actor),
            event,
        })
        .collect();
    if log.is_empty() {
        return Err(StoreError::NotFound(phrase!(
            "error-game-not-found",
            id = id
        )));
    }
    let file =
        GameFile::from_log(log).map_err(|e| StoreError::Internal(format!("game {id}: {e}")))?;
    Ok(file.to_json())
}

/// The largest game file `postrider import` reads, in bytes: a day or a race with every
/// amendment its players made fits many times over.
pub const MAX_IMPORT_BYTES: u64 = 16 << 20;

/// Refuses a game file the server must not take as it is: a running game's secret (whoever
/// holds the file knows every draw to come, so its draws could no longer be called secret), or
/// an entry holding a NUL character (plain text everywhere else; PostgreSQL cannot store it).
pub fn check_import(file: &GameFile) -> StoreResult<()> {
    let record = file.record();
    if record.setup().secret.is_some() && !record.is_over() {
        return Err(StoreError::Refused(phrase!(
            "error-import-secret-running",
            game_noun = record.game().game_noun,
            turn_noun = record.game().turn_noun,
            turn = record.turn()
        )));
    }
    for (k, entry) in file.log().iter().enumerate() {
        let value = serde_json::to_value(entry).expect("log entries serialise");
        if holds_nul(&value) {
            return Err(StoreError::Refused(phrase!("error-import-nul", k = k + 1)));
        }
    }
    Ok(())
}

fn holds_nul(value: &serde_json::Value) -> bool {
    use serde_json::Value;
    match value {
        Value::String(text) => text.contains('\0'),
        Value::Array(items) => items.iter().any(holds_nul),
        Value::Object(fields) => fields.iter().any(|(k, v)| k.contains('\0') || holds_nul(v)),
        _ => false,
    }
}
