//! Absences as the store keeps them: the windows players declared (`absences`), each game's
//! allowance of excused turns, and, at a deadline, the stand-ins for the seats of players who
//! are away and sent nothing (`stand_in`), logged as `Event::Away` before the turn resolves.

use game_api::Seat;
use gm::Event;
use locale::phrase;
use sqlx::Row;

use super::error::{StoreError, StoreResult};
use super::history::events;
use super::state::Store;
use super::table::Table;

/// A declared window away.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Absence {
    pub id: i64,
    #[serde(skip)]
    pub player_id: i64,
    /// The one game it is for; `None`: all the player's games.
    pub game: Option<i64>,
    /// Unix seconds.
    pub from: i64,
    /// Unix seconds: the player is back from then.
    pub to: i64,
    /// The bot that plays for the player; `None`: the rules' NMR default.
    pub bot: Option<String>,
}

/// A new window, its fields checked by the caller.
#[derive(Clone, Debug)]
pub struct NewAbsence {
    pub player_id: i64,
    pub game: Option<i64>,
    pub from: i64,
    pub to: i64,
    pub bot: Option<String>,
}

const COLUMNS: &str = "id, player_id, game_id, starts_at, ends_at, bot";

fn absence(r: &sqlx::any::AnyRow) -> Absence {
    Absence {
        id: r.get(0),
        player_id: r.get(1),
        game: r.get(2),
        from: r.get(3),
        to: r.get(4),
        bot: r.get(5),
    }
}

/// Stores a new window; its id.
pub async fn declare(state: &Store, new: &NewAbsence) -> StoreResult<i64> {
    Ok(sqlx::query_scalar(
        "INSERT INTO absences (player_id, game_id, starts_at, ends_at, bot, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(new.player_id)
    .bind(new.game)
    .bind(new.from)
    .bind(new.to)
    .bind(new.bot.as_deref())
    .bind(state.clock.now())
    .fetch_one(&state.db.pool)
    .await?)
}

/// The player's windows not yet over at `now`, the earliest first.
pub async fn upcoming(state: &Store, player_id: i64, now: i64) -> StoreResult<Vec<Absence>> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM absences WHERE player_id = $1 AND ends_at > $2 \
         ORDER BY starts_at, id"
    )))
    .bind(player_id)
    .bind(now)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(rows.iter().map(absence).collect())
}

/// The window `id`: a 404 if there is none.
pub async fn get(state: &Store, id: i64) -> StoreResult<Absence> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM absences WHERE id = $1"
    )))
    .bind(id)
    .fetch_optional(&state.db.pool)
    .await?
    .map(|r| absence(&r))
    .ok_or_else(|| StoreError::NotFound(phrase!("error-absence-unknown", id = id)))
}

/// Deletes a window that has not begun.
pub async fn cancel(state: &Store, id: i64) -> StoreResult<()> {
    sqlx::query("DELETE FROM absences WHERE id = $1")
        .bind(id)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// Ends a window at `now`: the player's own orders count again from the next deadline.
pub async fn end(state: &Store, id: i64, now: i64) -> StoreResult<()> {
    sqlx::query("UPDATE absences SET ends_at = $2 WHERE id = $1 AND ends_at > $2")
        .bind(id)
        .bind(now)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// The excused turns game `id` allows each seat's player.
pub async fn allowance(state: &Store, id: i64) -> StoreResult<u16> {
    let turns: Option<i64> =
        sqlx::query_scalar("SELECT absence_allowance FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.db.pool)
            .await?;
    let turns =
        turns.ok_or_else(|| StoreError::NotFound(phrase!("error-game-not-found", id = id)))?;
    Ok(u16::try_from(turns).unwrap_or(0))
}

/// Sets the excused turns game `id` allows (checked by the caller).
pub async fn set_allowance(state: &Store, id: i64, turns: u16) -> StoreResult<()> {
    sqlx::query("UPDATE games SET absence_allowance = $2 WHERE id = $1")
        .bind(id)
        .bind(i64::from(turns))
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// Each seat's excused turns used (by its present player), read from the game's log.
pub async fn excused_turns(state: &Store, id: i64) -> StoreResult<Vec<u16>> {
    let log: Vec<Event> = events(state, id)
        .await?
        .into_iter()
        .map(|(_, _, _, e)| e)
        .collect();
    Ok(gm::absence::excused_turns(&log)?)
}

/// A seat whose player is away at some moment, and the window that says so.
#[derive(Clone, Debug)]
pub struct AwaySeat {
    pub seat: Seat,
    pub absence: Absence,
}

/// The seats of the game read as `table` whose players are away at `now`: a window for this
/// game rather than one for all games, and of several the one that ends last.
pub async fn away_seats(state: &Store, table: &Table, now: i64) -> StoreResult<Vec<AwaySeat>> {
    let held: Vec<(Seat, i64)> = table
        .seats
        .iter()
        .filter_map(|s| Some((s.seat, holder(s).in_person()?)))
        .collect();
    if held.is_empty() {
        return Ok(Vec::new());
    }
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM absences WHERE starts_at <= $1 AND ends_at > $1 \
         AND (game_id IS NULL OR game_id = $2) AND player_id IN (SELECT player_id FROM seats \
         WHERE game_id = $2 AND player_id IS NOT NULL) ORDER BY game_id IS NULL, ends_at DESC, id"
    )))
    .bind(now)
    .bind(table.row.id)
    .fetch_all(&state.db.pool)
    .await?;
    let windows: Vec<Absence> = rows.iter().map(absence).collect();
    let open: Vec<gm::stand_in::Window> = windows
        .iter()
        .map(|a| gm::stand_in::Window {
            id: a.id,
            player: a.player_id,
            this_game: a.game.is_some(),
            until: a.to,
        })
        .collect();
    Ok(held
        .into_iter()
        .filter_map(|(seat, player)| {
            let absence = windows[gm::stand_in::window_for(player, &open)?].clone();
            Some(AwaySeat { seat, absence })
        })
        .collect())
}

/// A seat row as the game master's rules read it at a deadline.
pub(super) fn holder(s: &super::table::SeatRow) -> gm::stand_in::Holder<'_> {
    gm::stand_in::Holder {
        seat: s.seat,
        player: s.player_id,
        bot: s.bot.as_deref(),
    }
}

/// At the deadline `now` of the game read as `table`: for each seat whose player is away and
/// sealed nothing, an `Away` entry and, within the game's allowance, the chosen bot's orders —
/// applied to `table.record` and returned, to be logged before the resolution. Beyond the
/// allowance the entry says so and the seat is left to the rules' NMR default, an NMR.
pub async fn stand_in(state: &Store, table: &mut Table, now: i64) -> StoreResult<Vec<Event>> {
    let seats: Vec<_> = table.seats.iter().map(holder).collect();
    if !gm::stand_in::anyone_waiting(&table.record, &seats) {
        return Ok(Vec::new());
    }
    let away = away_seats(state, table, now)
        .await?
        .into_iter()
        .map(|a| gm::stand_in::Away {
            seat: a.seat,
            until: a.absence.to,
            bot: a.absence.bot,
        });
    let away = gm::stand_in::unready(&table.record, away.collect());
    if away.is_empty() {
        return Ok(Vec::new());
    }
    let allowance = allowance(state, table.row.id).await?;
    let used = excused_turns(state, table.row.id).await?;
    Ok(gm::stand_in::stand_ins(
        &mut table.record,
        away,
        allowance,
        &used,
    )?)
}

/// The `Away` entries logged with the resolution of `turn` (the last, if a roll-back had it
/// resolved again) of the game read as `table`: whom an absence played for in that turn.
pub async fn away_in_turn(state: &Store, table: &Table, turn: u16) -> StoreResult<Vec<Event>> {
    let marks = super::history::resolutions(state, table).await?;
    let Some(k) = marks
        .iter()
        .rposition(|(_, e)| matches!(e, Event::Resolved { turn: t, .. } if *t == turn))
    else {
        return Ok(Vec::new());
    };
    let after = k.checked_sub(1).map_or(0, |j| marks[j].0);
    sqlx::query(
        "SELECT body FROM events WHERE game_id = $1 AND seq > $2 AND seq < $3 AND kind = 'away' ORDER BY seq",
    )
    .bind(table.row.id)
    .bind(after)
    .bind(marks[k].0)
    .fetch_all(&state.db.pool)
    .await?
    .iter()
    .map(|r| {
        Event::from_json(&r.get::<String, _>(0))
            .map_err(|e| StoreError::Internal(format!("game {}: {e}", table.row.id)))
    })
    .collect()
}
