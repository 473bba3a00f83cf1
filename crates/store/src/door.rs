//! The one door every change to a game goes through. [`begin`] owns what each caller once
//! did for itself: the game's lock and the read (as this process's waiting changes leave the
//! game, or as the database has it); the change it makes is committed, with the letters the
//! mail side makes from it, by [`Pending::commit`]. The few changes written besides the
//! committer (a setting, a new order address, a deletion) and the roll-back, which reads the
//! whole log, have a typed door each here, which lets this process's waiting changes commit
//! first.

use game_api::Seat;
use gm::{Event, Record};

use super::change::Change;
use super::error::StoreError;
use super::locks::{GameGuard, lock};
use super::state::Store;
use super::table::Table;
use super::write::{Pending, prepare};

/// Begins a change to game `id` as `actor`: locks the game, reads it (as this process's
/// waiting changes leave it; after a `conflict`, as the database has it, once those changes
/// are written) and has `make` check the game and build the change on it, applying its events
/// to the record it is given (so that the record checks them). Returns the change ready to
/// commit with its letters ([`Pending::commit`]), or `None` for an empty one (nothing to
/// write). A commit refused because another server process changed the game first is begun
/// again by the caller, on the game as it then is.
pub async fn begin<'s, E>(
    state: &'s Store,
    id: i64,
    actor: &str,
    conflict: bool,
    make: &mut impl FnMut(&mut Table) -> Result<Change, E>,
) -> Result<Option<Pending<'s>>, E>
where
    E: From<StoreError>,
{
    let mut guard = lock(state, id).await;
    // After a conflict, the changes this process still has waiting for the game may have been
    // made on the refused one: the next attempt waits for them and reads the database.
    let mut table = if conflict {
        guard.settled(state).await?
    } else {
        guard.load(state).await?
    };
    let change = make(&mut table)?;
    if change.is_empty() {
        return Ok(None);
    }
    Ok(Some(prepare(state, guard, table, actor, change)?))
}

/// Game `id` locked and read once this process's waiting changes are written, if `check`
/// allows what the caller means to do with it (a GM's resolve: `deadlines::turn`).
pub async fn checked<E>(
    state: &Store,
    id: i64,
    check: impl FnOnce(&Table) -> Result<(), E>,
) -> Result<(GameGuard, Table), E>
where
    E: From<StoreError>,
{
    let mut guard = lock(state, id).await;
    let table = guard.settled(state).await?;
    check(&table)?;
    Ok((guard, table))
}

/// Sets the webhook of game `id` to what `check` returns of the game (a setting, not a move of
/// the game: no event, no version change).
pub async fn set_webhook<E>(
    state: &Store,
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
    state: &Store,
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
    state: &Store,
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
/// game is replayed from its whole log with the roll-back appended, ready to commit.
pub async fn begin_roll_back<'s, E>(
    state: &'s Store,
    id: i64,
    actor: &str,
    check: impl FnOnce(&Table) -> Result<(), E>,
) -> Result<Pending<'s>, E>
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
    Ok(prepare(state, guard, table, actor, Change::event(e))?)
}
