//! Reading games: one by id through the group read, many at once, their records from the
//! cache or replayed from their events, the list of the newest, and a player by name.

use locale::phrase;
use std::collections::HashMap;
use std::sync::Arc;

use game_api::Seat;
use gm::{Event, Record};
use sqlx::{AnyConnection, Row};

use super::error::{StoreError, StoreResult};
use super::records::Records;
use super::state::Store;
use super::table::{GameRow, SeatRow, SeatSummary, Summary, Table, ready_seats};
use crate::db::Backend;

fn flag(value: i64) -> bool {
    value != 0
}

/// Game `id` as the database has it. Every such read in the process goes through its group
/// read ([`Tables`]): one query answers all those waiting.
pub async fn load(state: &Store, id: i64) -> StoreResult<Table> {
    state
        .tables
        .get(&state.db, id)
        .await?
        .ok_or_else(|| StoreError::NotFound(phrase!("error-game-not-found", id = id)))
}

/// The read of games by id (see [`read_tables`]).
#[derive(Debug)]
pub struct Tables {
    pub records: Arc<Records>,
}

impl super::group_read::Fetch for Tables {
    type Key = i64;
    type Value = Table;

    async fn fetch(
        &self,
        conn: &mut AnyConnection,
        ids: &[i64],
    ) -> StoreResult<HashMap<i64, Table>> {
        Ok(read_tables(conn, &self.records, ids, true)
            .await?
            .into_iter()
            .map(|table| (table.row.id, table))
            .collect())
    }
}

/// The games of `ids` that exist, in the order of their ids (see [`read_tables`]).
pub async fn load_many(state: &Store, ids: &[i64]) -> StoreResult<Vec<Table>> {
    read_on_own_connection(state, ids, true).await
}

/// [`load_many`] of games each about to be changed (a deadline's batch): the records replayed
/// are not kept, since each change keeps the record it makes (`write::append`), and a copy
/// of every record of the batch would be thrown away at once.
pub async fn load_many_to_change(state: &Store, ids: &[i64]) -> StoreResult<Vec<Table>> {
    read_on_own_connection(state, ids, false).await
}

/// [`read_tables`] on a connection of its own (none taken for no games).
async fn read_on_own_connection(state: &Store, ids: &[i64], keep: bool) -> StoreResult<Vec<Table>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut conn = state.db.pool.acquire().await?;
    read_tables(&mut conn, &state.records, ids, keep).await
}

/// The games of `ids` that exist, in the order of their ids: their rows, then their seats
/// (two queries: a game's columns are not sent again with each of its seats), their records
/// from the process's cache or replayed from their events. The seats are read a moment after
/// the rows, outside their snapshot (a transaction's two more round trips cost the orders a
/// sixth on PostgreSQL): a change made on the table is checked against the row's version
/// when it is written, as any read's is, and a game deleted in between (its seats gone, every
/// game has a seat at least) is left out as if it had been deleted before.
async fn read_tables(
    conn: &mut AnyConnection,
    records: &Records,
    ids: &[i64],
    keep: bool,
) -> StoreResult<Vec<Table>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let backend = Backend::of(conn);
    let (list, padded) = super::sql::in_list(backend, ids);
    let query = |sql: String| {
        padded
            .iter()
            .fold(sqlx::query(sqlx::AssertSqlSafe(sql)), |q, id| q.bind(*id))
    };
    let mut games: Vec<(GameRow, Vec<SeatRow>)> = query(format!(
        "SELECT {GAME_COLUMNS} FROM games g JOIN players p ON p.id = g.gm_id \
         WHERE g.id IN {list} ORDER BY g.id"
    ))
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| Ok((game_row(r)?, Vec::new())))
    .collect::<StoreResult<_>>()?;
    let seats = query(format!(
        "SELECT s.game_id, s.seat, s.name, s.player_id, sp.name, s.invite, s.bot, s.mail_secret, \
         s.offered, s.lang FROM seats s LEFT JOIN players sp ON sp.id = s.player_id \
         WHERE s.game_id IN {list} ORDER BY s.game_id, s.seat"
    ))
    .fetch_all(&mut *conn)
    .await?;
    // Both in the order of the games' ids: one walk pairs them.
    let mut game = games.iter_mut().peekable();
    for r in &seats {
        let id: i64 = r.get(0);
        while game.next_if(|(row, _)| row.id < id).is_some() {}
        let Some((_, seats)) = game.peek_mut().filter(|(row, _)| row.id == id) else {
            continue;
        };
        seats.push(SeatRow {
            seat: Seat(r.get::<i64, _>(1) as u8),
            name: r.get(2),
            player_id: r.get(3),
            player_name: r.get(4),
            invite: r.get(5),
            bot: r.get(6),
            mail_secret: r.get(7),
            offered: flag(r.get(8)),
            lang: r
                .get::<Option<String>, _>(9)
                .and_then(|c| game_api::Lang::from_code(&c).ok()),
        });
    }
    games.retain(|(_, seats)| !seats.is_empty());
    let versions: Vec<(i64, i64)> = games.iter().map(|(row, _)| (row.id, row.version)).collect();
    let mut records = records_at(conn, records, &versions, keep).await?;
    Ok(games
        .into_iter()
        .map(|(row, seats)| Table {
            record: records.remove(&row.id).expect("a record for every game"),
            row,
            seats,
        })
        .collect())
}

/// The game row of a query whose first twelve columns are `GAME_COLUMNS`.
const GAME_COLUMNS: &str = "g.id, g.title, g.game, g.gm_id, p.name, g.deadline_rule, g.next_deadline, g.paused, g.over, g.version, g.archived, g.webhook_url";

fn game_row(row: &sqlx::any::AnyRow) -> StoreResult<GameRow> {
    let id: i64 = row.get(0);
    let game =
        gm::game_info(&row.get::<String, _>(2)).map_err(|e| StoreError::Internal(e.to_string()))?;
    let rule: String = row.get(5);
    Ok(GameRow {
        id,
        title: row.get(1),
        game,
        gm_id: row.get(3),
        gm_name: row.get(4),
        deadline_rule: serde_json::from_str(&rule)
            .map_err(|e| StoreError::Internal(format!("game {id}: deadline rule: {e}")))?,
        next_deadline: row.get(6),
        paused: flag(row.get(7)),
        over: flag(row.get(8)),
        version: row.get(9),
        archived: flag(row.get(10)),
        webhook_url: row.get(11),
    })
}

/// The records of games at their versions (`(id, version)`). Reads do not replay: a process
/// keeps the games it has read (unless a change is about to be made on each) or written, by
/// version, and replays the first `version` events of a log only for a version it has not
/// seen (another process wrote it, or this one just started), the logs of all such games in
/// one query. Events are only ever appended, so the
/// first `version` of them are the game at `version` even if another process appends
/// meanwhile. Those replayed are kept if `keep`.
async fn records_at(
    conn: &mut AnyConnection,
    cache: &Records,
    versions: &[(i64, i64)],
    keep: bool,
) -> StoreResult<HashMap<i64, Record>> {
    let mut records = HashMap::with_capacity(versions.len());
    let mut missing = HashMap::new();
    for &(id, version) in versions {
        match cache.get(id, version) {
            Some(hit) => {
                records.insert(id, hit);
            }
            None => {
                missing.insert(id, version);
            }
        }
    }
    if missing.is_empty() {
        return Ok(records);
    }
    // The logs of all such games in one query, replayed entry by entry as the rows stream in
    // (`gm::Replay`), so that a long log is never held whole (issue 28); which entries
    // roll-backs took back is read first, from the resolutions and roll-backs alone.
    let ids: Vec<i64> = missing.keys().copied().collect();
    let (list, bound) = super::sql::in_list(Backend::of(conn), &ids);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT game_id, seq, body FROM events WHERE game_id IN {list} AND {RESOLUTIONS} \
         ORDER BY game_id, seq"
    )));
    for id in &bound {
        query = query.bind(*id);
    }
    let mut marks: HashMap<i64, Vec<(u64, Event)>> = HashMap::new();
    for r in query.fetch_all(&mut *conn).await? {
        let (id, seq): (i64, i64) = (r.get(0), r.get(1));
        if seq <= missing[&id] {
            let event = Event::from_json(&r.get::<String, _>(2))
                .map_err(|e| StoreError::Internal(format!("game {id}: {e}")))?;
            marks.entry(id).or_default().push((seq as u64, event));
        }
    }
    let mut replays: HashMap<i64, (gm::Replay, i64)> = HashMap::with_capacity(missing.len());
    for &id in missing.keys() {
        let marks = marks.get(&id).map_or(&[][..], Vec::as_slice);
        let replay = gm::Replay::new(marks.iter().map(|(at, e)| (*at, e)))
            .map_err(|e| StoreError::Internal(format!("game {id}: {e}")))?;
        replays.insert(id, (replay, 0));
    }
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT game_id, seq, body FROM events WHERE game_id IN {list} ORDER BY game_id, seq"
    )));
    for id in bound {
        query = query.bind(id);
    }
    let mut rows = query.fetch(&mut *conn);
    while let Some(r) = futures_util::TryStreamExt::try_next(&mut rows).await? {
        let (id, seq): (i64, i64) = (r.get(0), r.get(1));
        if seq > missing[&id] {
            continue;
        }
        let (replay, read) = replays.get_mut(&id).expect("a replay for every game");
        *read += 1;
        let fail = |e: String| StoreError::Internal(format!("game {id}: {e}"));
        if seq != *read {
            return Err(fail(format!("entry {seq} where {read} was expected")));
        }
        let event = Event::from_json(&r.get::<String, _>(2)).map_err(|e| fail(e.to_string()))?;
        if event.takes_back_or_resolves()
            && marks.get(&id).is_none_or(|m| {
                m.binary_search_by_key(&(seq as u64), |(at, _)| *at)
                    .is_err()
            })
        {
            return Err(fail(format!(
                "entry {seq} is missing from the resolutions' index"
            )));
        }
        replay.push(&event).map_err(|e| fail(e.to_string()))?;
    }
    drop(rows);
    for (id, version) in missing {
        let (replay, read) = replays.remove(&id).expect("a replay for every game");
        if read != version {
            return Err(StoreError::Internal(format!(
                "game {id}: version {version} but {read} events in its log"
            )));
        }
        let record = replay
            .finish()
            .map_err(|e| StoreError::Internal(format!("game {id}: {e}")))?;
        if keep {
            cache.put(id, version, &record);
        }
        records.insert(id, record);
    }
    Ok(records)
}

/// The condition that picks a log's resolutions and roll-backs by their kind, word for word
/// the condition of the partial index `events_resolutions` (migration 0027), so that both
/// databases read them through it: a few entries a turn, however many orders the log holds.
pub(super) const RESOLUTIONS: &str = "(kind = 'resolved' OR kind = 'rolled_back')";

/// The newest games (at most 200) that are not archived, newest first, from the summary
/// columns: two queries, the same cost whatever the games hold. A game of an earlier release
/// without a summary is summarised once, from its record.
pub async fn list(state: &Store) -> StoreResult<Vec<Summary>> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {GAME_COLUMNS}, g.turn, g.started, g.ready_seats FROM games g \
         JOIN players p ON p.id = g.gm_id WHERE g.archived = 0 ORDER BY g.id DESC LIMIT 200"
    )))
    .fetch_all(&state.db.pool)
    .await?;
    let Some(oldest) = rows.last().map(|r| r.get::<i64, _>(0)) else {
        return Ok(Vec::new());
    };
    let mut seats: HashMap<i64, Vec<SeatSummary>> = HashMap::new();
    for r in sqlx::query(
        "SELECT s.game_id, s.seat, s.name, s.player_id, p.name, s.bot FROM seats s \
         LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id >= $1 ORDER BY s.game_id, s.seat",
    )
    .bind(oldest)
    .fetch_all(&state.db.pool)
    .await?
    {
        seats.entry(r.get(0)).or_default().push(SeatSummary {
            seat: Seat(r.get::<i64, _>(1) as u8),
            name: r.get(2),
            player_id: r.get(3),
            player_name: r.get(4),
            bot: r.get(5),
            ready: false,
        });
    }
    let mut list = Vec::with_capacity(rows.len());
    for r in &rows {
        let row = game_row(r)?;
        let (turn, started, ready): (Option<i64>, Option<i64>, Option<i64>) =
            (r.get(12), r.get(13), r.get(14));
        let (Some(turn), Some(started), Some(ready)) = (turn, started, ready) else {
            list.push(summarise(state, row.id).await?);
            continue;
        };
        let mut seats = seats.remove(&row.id).unwrap_or_default();
        for s in &mut seats {
            s.ready = ready & (1 << s.seat.0) != 0;
        }
        list.push(Summary {
            row,
            turn: turn as u16,
            started: flag(started),
            seats,
        });
    }
    Ok(list)
}

/// Fills in the summary columns of a game written by an earlier release.
async fn summarise(state: &Store, id: i64) -> StoreResult<Summary> {
    let table = load(state, id).await?;
    sqlx::query(
        "UPDATE games SET turn = $1, started = $2, ready_seats = $3 WHERE id = $4 AND version = $5",
    )
    .bind(i64::from(table.record.turn()))
    .bind(i64::from(table.record.started()))
    .bind(ready_seats(&table.record, &table.seats))
    .bind(id)
    .bind(table.row.version)
    .execute(&state.db.pool)
    .await?;
    Ok(table.summary())
}

pub(super) async fn gm_name(state: &Store, id: i64) -> StoreResult<String> {
    Ok(sqlx::query("SELECT name FROM players WHERE id = $1")
        .bind(id)
        .fetch_one(&state.db.pool)
        .await?
        .get(0))
}

/// The webhook of game `id` (a setting of the game, kept beside it), if it has one.
pub async fn webhook_url(state: &Store, id: i64) -> StoreResult<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT webhook_url FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.db.pool)
            .await?
            .flatten(),
    )
}

/// The webhook of game `id`, if it has one.
pub async fn webhook(state: &Store, id: i64) -> StoreResult<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT webhook_url FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.db.pool)
            .await?
            .flatten(),
    )
}

/// The ids of every game, in order.
pub async fn ids(state: &Store) -> StoreResult<Vec<i64>> {
    Ok(sqlx::query_scalar("SELECT id FROM games ORDER BY id")
        .fetch_all(&state.db.pool)
        .await?)
}
