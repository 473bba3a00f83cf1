//! The one door every change to a game goes through. [`change`] owns what each caller once
//! did for itself: the game's lock, the read (as this process's waiting changes leave the
//! game, or as the database has it), the retry when another server process changed the game
//! first, and the commit. The few changes written besides the committer (a setting, a new
//! order address, a deletion, a roll-back that reads the whole log) have a typed door each
//! here, which lets this process's waiting changes commit first.

use game_api::Seat;
use gm::{Event, Record};
use locale::phrase;

use super::change::Change;
use super::error::StoreError;
use super::locks::lock;
use super::table::Table;
use super::write::append;
use crate::AppState;

/// How many times a change is made when other server processes keep changing its game first.
const ATTEMPTS: usize = 5;

/// Makes a change to game `id` as `actor` and commits it: `make` checks the game and builds
/// the change on it, applying its events to the record it is given (so that the record checks
/// them). A change refused because another server process changed the game first is made
/// again, by `make`, on the game as it then is (at most [`ATTEMPTS`] times). An empty change
/// writes nothing. Returns the game as `make` left it once its change is committed (its
/// record with the change's events; its row and seats as read), or `None` for an empty one.
pub async fn change<E>(
    state: &AppState,
    id: i64,
    actor: &str,
    mut make: impl FnMut(&mut Table) -> Result<Change, E>,
) -> Result<Option<Table>, E>
where
    E: From<StoreError>,
{
    for attempt in 0..ATTEMPTS {
        let mut guard = lock(state, id).await;
        // After a conflict, the changes this process still has waiting for the game may have
        // been made on the refused one: the next attempt waits for them and reads the database.
        let mut table = if attempt == 0 {
            guard.load(state).await?
        } else {
            guard.settled(state).await?
        };
        let change = make(&mut table)?;
        if change.is_empty() {
            return Ok(None);
        }
        match append(state, guard, table, actor, change).await {
            Ok(table) => return Ok(Some(table)),
            Err(StoreError::Conflict(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    // Each attempt lost to another process's change: the caller is told to send again.
    Err(StoreError::Conflict(phrase!("error-game-kept-changing")).into())
}

/// Sets the webhook of game `id` to what `check` returns of the game (a setting, not a move of
/// the game: no event, no version change).
pub async fn set_webhook<E>(
    state: &AppState,
    id: i64,
    check: impl FnOnce(&Table) -> Result<Option<String>, E>,
) -> Result<(), E>
where
    E: From<StoreError>,
{
    let mut guard = lock(state, id).await;
    let table = guard.settled(state).await?;
    let url = check(&table)?;
    sqlx::query("UPDATE games SET webhook_url = $1 WHERE id = $2")
        .bind(url)
        .bind(id)
        .execute(&state.db.pool)
        .await
        .map_err(StoreError::from)?;
    Ok(())
}

/// Gives the seat `seat_of` names in game `id` a new order address (the old one stops
/// working): its new secret.
pub async fn new_order_address<E>(
    state: &AppState,
    id: i64,
    seat_of: impl FnOnce(&Table) -> Result<Seat, E>,
) -> Result<String, E>
where
    E: From<StoreError>,
{
    let mut guard = lock(state, id).await;
    let table = guard.settled(state).await?;
    let seat = seat_of(&table)?;
    let secret = super::secrets::new_mail_secret()?;
    sqlx::query("UPDATE seats SET mail_secret = $1 WHERE game_id = $2 AND seat = $3")
        .bind(&secret)
        .bind(id)
        .bind(i64::from(seat.0))
        .execute(&state.db.pool)
        .await
        .map_err(StoreError::from)?;
    Ok(secret)
}

/// Deletes game `id` if `check` allows it (see `create::delete`).
pub async fn delete_game<E>(
    state: &AppState,
    id: i64,
    check: impl FnOnce(&Table) -> Result<(), E>,
) -> Result<(), E>
where
    E: From<StoreError>,
{
    let mut guard = lock(state, id).await;
    let table = guard.settled(state).await?;
    check(&table)?;
    super::create::delete(state, &table).await?;
    Ok(())
}

/// Takes back the last resolved turn of game `id`, as `actor`, if `check` allows it: the
/// game is replayed from its whole log with the roll-back appended.
pub async fn roll_back<E>(
    state: &AppState,
    id: i64,
    actor: &str,
    check: impl FnOnce(&Table) -> Result<(), E>,
) -> Result<(), E>
where
    E: From<StoreError>,
{
    let mut guard = lock(state, id).await;
    let mut table = guard.settled(state).await?;
    check(&table)?;
    let mut log: Vec<Event> = super::history::events(state, id)
        .await?
        .into_iter()
        .map(|(_, _, _, e)| e)
        .collect();
    let e = Event::RolledBack {
        turn: table.record.resolved(),
    };
    log.push(e.clone());
    table.record = Record::replay(&log).map_err(StoreError::from)?;
    append(state, guard, table, actor, Change::event(e)).await?;
    Ok(())
}

/// Processes the coming turn of game `id` now, as `actor` (a GM's resolve), if `check` allows
/// it: whether this call resolved it (false when the game is over or another process got there
/// first).
pub async fn resolve_now<E>(
    state: &AppState,
    id: i64,
    actor: &str,
    check: impl FnOnce(&Table) -> Result<(), E>,
) -> Result<bool, E>
where
    E: From<StoreError>,
{
    let mut guard = lock(state, id).await;
    let table = guard.settled(state).await?;
    check(&table)?;
    Ok(super::deadlines::process_locked(state, guard, table, true, actor).await?)
}
