//! Every change to a game, with the mail it causes: the store begins the change (the game's
//! lock, the read, the change made and checked: `store::begin`), the letters are made from it
//! under the same lock (`letters::mails_for_events`), and the store commits both in one
//! transaction (`Pending::commit`). The store never calls up for its letters; the retry when
//! another server process changed the game first is here, once, for every action.

use locale::phrase;
use tokio::task::JoinSet;

use crate::state::AppState;
use store::deadlines::{Claim, Sweep};
use store::{self, Change, GameGuard, Pending, StoreError, StoreResult, Table};

/// How many times a change is made when other server processes keep changing its game first.
const ATTEMPTS: usize = 5;

/// Makes a change to game `id` as `actor` and commits it with its letters: `make` checks the
/// game and builds the change on it, applying its events to the record it is given (so that
/// the record checks them). A change refused because another server process changed the game
/// first is made again, by `make`, on the game as it then is (at most [`ATTEMPTS`] times). An
/// empty change writes nothing. Returns the game as `make` left it once its change is
/// committed (its record with the change's events; its row and seats as read), or `None` for
/// an empty one.
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
        let Some(pending) = store::begin(state, id, actor, attempt > 0, &mut make).await? else {
            return Ok(None);
        };
        match commit(state, pending).await {
            Ok(table) => return Ok(Some(table)),
            Err(StoreError::Conflict(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    // Each attempt lost to another process's change: the caller is told to send again.
    Err(StoreError::Conflict(phrase!("error-game-kept-changing")).into())
}

/// Commits `pending` with the letters it causes, made while the game's lock is still held.
async fn commit(state: &AppState, pending: Pending<'_>) -> StoreResult<Table> {
    let mails = crate::letters::mails_for_events(
        state,
        pending.table(),
        pending.seats(),
        pending.next_deadline(),
        pending.events(),
    )
    .await?;
    pending.commit(mails).await
}

/// Appends `change` to the game read as `table` (through `guard`), whose record already
/// includes the change's events, with its letters (a change that skips the door's read: a
/// test's). Fails with a conflict, changing nothing, if the game moved on since it was read.
pub async fn append(
    state: &AppState,
    guard: GameGuard,
    table: Table,
    actor: &str,
    change: Change,
) -> StoreResult<Table> {
    commit(
        state,
        store::write::prepare(state, guard, table, actor, change)?,
    )
    .await
}

/// Takes back the last resolved turn of game `id`, as `actor`, if `check` allows it (see
/// `store::begin_roll_back`).
pub async fn roll_back<E>(
    state: &AppState,
    id: i64,
    actor: &str,
    check: impl FnOnce(&Table) -> Result<(), E>,
) -> Result<(), E>
where
    E: From<StoreError>,
{
    let pending = store::begin_roll_back(state, id, actor, check).await?;
    commit(state, pending).await?;
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
    let (guard, table) = store::checked(state, id, check).await?;
    Ok(process_locked(state, guard, table, true, actor).await?)
}

/// Processes the coming turn of a game if it is due (its deadline has passed, or every seat
/// is ready) or `force`d by the GM, in one transaction with its letters (`store::deadlines::
/// turn`). Returns whether this call resolved the turn (false when another server process
/// got there first).
pub async fn process(state: &AppState, id: i64, force: bool) -> StoreResult<bool> {
    let (guard, table) = store::deadlines::locked(state, id).await?;
    process_locked(state, guard, table, force, "server").await
}

/// [`process`] for a caller that holds the game's lock and has loaded it.
pub async fn process_locked(
    state: &AppState,
    guard: GameGuard,
    table: Table,
    force: bool,
    actor: &str,
) -> StoreResult<bool> {
    let started = std::time::Instant::now();
    let Some(pending) = store::deadlines::turn(state, guard, table, force, actor).await? else {
        return Ok(false);
    };
    let (game, id, over) = {
        let table = pending.table();
        (
            table.row.game.name,
            table.row.id,
            gm::at_deadline::rates(&table.record),
        )
    };
    match commit(state, pending).await {
        Ok(_) => {
            crate::metrics::turn_resolved(game, started.elapsed());
            if over {
                // The game's rating update, right after the resolution that ended it (a
                // failure is caught up at the next finish or start-up: `store::ratings`).
                if let Err(e) = store::ratings::catch_up(&state.db).await {
                    tracing::error!(game = id, error = %e, "applying ratings failed");
                }
            }
            Ok(true)
        }
        Err(StoreError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Waits for batches under way until at most `most` are left; returns how many turns those
/// resolved.
async fn finish(running: &mut JoinSet<StoreResult<usize>>, most: usize) -> StoreResult<usize> {
    let mut processed = 0;
    while running.len() > most
        && let Some(done) = running.join_next().await
    {
        processed += done.map_err(|e| StoreError::Internal(e.to_string()))??;
    }
    Ok(processed)
}

/// Processes every game that is due. A server that was down catches up here: each overdue
/// game gets one turn processed, and its next deadline is counted from now.
pub async fn process_due(state: &AppState) -> StoreResult<usize> {
    // Games are independent: they are claimed a batch at a time (so that server processes
    // sharing a PostgreSQL database divide them instead of each playing every game), locked,
    // read with one query, each one's turn played, and the committer writes a batch's turns
    // many to a transaction (`commit`) instead of one commit each. Two batches are under way
    // at once, so that one is played while the other is written.
    let mut running = JoinSet::new();
    let mut processed = 0;
    // One pass: the ready games, then those past their deadline. A game played has its next
    // deadline ahead, so the second sweep does not meet it again; one due again at once
    // (every seat a bot's) waits for the next pass.
    let mut sweep = Sweep::Ready(0);
    loop {
        // A batch is claimed only when it can be played at once: at most two claims, and their
        // connections, are held.
        processed += finish(&mut running, 1).await?;
        let Some((last, claim)) = Claim::next(state, sweep, store::commit::MAX_BATCH).await? else {
            match sweep {
                Sweep::Ready(_) => {
                    // The ready games' turns written first: the second sweep then reads their
                    // next deadlines, never a ready game's passed one.
                    processed += finish(&mut running, 0).await?;
                    sweep = Sweep::PastDeadline(i64::MIN, 0);
                    continue;
                }
                Sweep::PastDeadline(..) => break,
            }
        };
        sweep = sweep.after(last);
        let state = state.clone();
        running.spawn(async move {
            let processed = process_batch(&state, &claim.ids).await;
            claim.release().await?;
            processed
        });
    }
    processed += finish(&mut running, 0).await?;
    Ok(processed)
}

/// Processes the games of `ids` (ascending) that are due; returns how many turns it resolved.
async fn process_batch(state: &AppState, ids: &[i64]) -> StoreResult<usize> {
    let games = store::deadlines::lock_batch(state, ids).await;
    let outcomes = futures_util::future::join_all(games.into_iter().map(|(guard, table)| async {
        let id = table.row.id;
        (
            id,
            process_locked(state, guard, table, false, "server").await,
        )
    }))
    .await;
    let mut processed = 0;
    for (id, outcome) in outcomes {
        match outcome {
            Ok(true) => processed += 1,
            Ok(false) => {}
            // One broken game does not stop the others.
            Err(e) => tracing::error!(game = id, error = %e, "processing a turn failed"),
        }
    }
    Ok(processed)
}
