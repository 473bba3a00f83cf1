//! Games in the database: loading one with its record and seats, creating one, and appending
//! events. Every change is one transaction that appends to the event log and updates the
//! game's row only if nobody else changed the game since it was read (the optimistic lock on
//! `version`): a turn is applied entirely or not at all, and never twice.

use std::collections::HashMap;
use std::sync::Arc;

use game_api::Seat;
use gm::{DeadlineRule, Event, GameFile, GameInfo, LogEntry, Record};
use sqlx::{AnyConnection, Row};

use crate::AppState;
use crate::commit::{After, SeatWrite, Write};
use crate::db::Backend;
use crate::error::{ApiError, ApiResult};

/// A game's row.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub title: String,
    pub game: GameInfo,
    pub gm_id: i64,
    pub gm_name: String,
    pub deadline_rule: DeadlineRule,
    pub next_deadline: Option<i64>,
    pub paused: bool,
    pub over: bool,
    /// Taken off the lists by its GM (it stays readable at its address).
    pub archived: bool,
    /// The number of events in the log.
    pub version: i64,
    /// Where "turn resolved" is posted, if the GM set a webhook.
    pub webhook_url: Option<String>,
}

#[derive(Clone, Debug)]
pub struct SeatRow {
    pub seat: Seat,
    pub name: String,
    pub player_id: Option<i64>,
    pub player_name: Option<String>,
    pub invite: String,
    pub bot: Option<String>,
    /// The secret of the seat's order address (`orders+SECRET@domain`).
    pub mail_secret: Option<String>,
}

impl SeatRow {
    /// Whether someone plays the seat: a player or a bot.
    pub fn taken(&self) -> bool {
        self.player_id.is_some() || self.bot.is_some()
    }
}

/// A game as read from the database.
#[derive(Clone, Debug)]
pub struct Table {
    pub row: GameRow,
    pub record: Record,
    pub seats: Vec<SeatRow>,
}

impl Table {
    /// The seat a player holds in this game, if any.
    pub fn seat_of(&self, player_id: i64) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.player_id == Some(player_id))
            .map(|s| s.seat)
    }

    pub fn is_gm(&self, player_id: i64) -> bool {
        self.row.gm_id == player_id
    }

    /// Every seat is ready: its orders are sealed (and sent again since a roll-back re-opened
    /// the turn), it has no part left to play, or a bot plays it (a bot sends its orders when
    /// the turn is processed, so it never holds a turn up).
    pub fn all_ready(&self) -> bool {
        all_ready(&self.record, &self.seats)
    }
}

fn all_ready(record: &Record, seats: &[SeatRow]) -> bool {
    !record.is_over() && seats.iter().all(|s| seat_ready(record, s))
}

/// A seat is ready when its orders are sealed, it has nothing to send, or a bot plays it —
/// unless a roll-back re-opened the turn and it has sent nothing since (a bot's seat too: the
/// re-opened turn waits for its deadline).
pub(crate) fn seat_ready(record: &Record, seat: &SeatRow) -> bool {
    !record.reopened(seat.seat) && (seat.bot.is_some() || record.ready(seat.seat))
}

/// The seats that are ready (bit N for seat N): sealed, with nothing to send, or a bot's.
fn ready_seats(record: &Record, seats: &[SeatRow]) -> i64 {
    seats
        .iter()
        .filter(|s| seat_ready(record, s))
        .fold(0, |mask, s| mask | 1 << s.seat.0)
}

/// What a list of games shows of one: read from the summary columns, never from the record.
#[derive(Clone, Debug)]
pub struct Summary {
    pub row: GameRow,
    /// The coming turn (or round).
    pub turn: u16,
    pub started: bool,
    pub seats: Vec<SeatSummary>,
}

#[derive(Clone, Debug)]
pub struct SeatSummary {
    pub seat: Seat,
    pub name: String,
    pub player_id: Option<i64>,
    pub player_name: Option<String>,
    pub bot: Option<String>,
    pub ready: bool,
}

impl Summary {
    /// Before its clock starts, a game waits for its seats to be taken.
    pub fn waiting_for_players(&self) -> bool {
        !self.row.over && self.row.next_deadline.is_none()
    }

    /// Seats taken (by a player or a bot), of all seats.
    pub fn seats_taken(&self) -> (usize, usize) {
        let taken = self
            .seats
            .iter()
            .filter(|s| s.player_id.is_some() || s.bot.is_some())
            .count();
        (taken, self.seats.len())
    }

    pub fn seat_of(&self, player_id: i64) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.player_id == Some(player_id))
            .map(|s| s.seat)
    }

    pub fn is_gm(&self, player_id: i64) -> bool {
        self.row.gm_id == player_id
    }
}

impl Table {
    /// The game as a list shows it; the same the summary columns hold.
    pub fn summary(&self) -> Summary {
        let ready = ready_seats(&self.record, &self.seats);
        Summary {
            row: self.row.clone(),
            turn: self.record.turn(),
            started: self.record.started(),
            seats: self
                .seats
                .iter()
                .map(|s| SeatSummary {
                    seat: s.seat,
                    name: s.name.clone(),
                    player_id: s.player_id,
                    player_name: s.player_name.clone(),
                    bot: s.bot.clone(),
                    ready: ready & (1 << s.seat.0) != 0,
                })
                .collect(),
        }
    }
}

/// A change to a seat, made in the same transaction as its event.
#[derive(Clone, Debug)]
pub enum SeatChange {
    Claim {
        seat: Seat,
        player_id: i64,
        player_name: String,
    },
    Bot {
        seat: Seat,
        bot: Option<String>,
    },
    Free {
        seat: Seat,
    },
}

/// What one write does to a game.
#[derive(Debug, Default)]
pub struct Change {
    pub events: Vec<Event>,
    pub seats: Vec<SeatChange>,
    /// `Some(new)` to move the deadline.
    pub next_deadline: Option<Option<i64>>,
    pub paused: Option<bool>,
    /// `Some(new)` to archive the game or take it out of the archive.
    pub archived: Option<bool>,
    /// Mail the change causes (the echo of orders, the reports of a resolved turn), written to
    /// the outbox in the same transaction.
    pub mails: Vec<crate::mailbox::OutMail>,
    /// The inbound message that caused the change, marked handled in the same transaction.
    pub inbound: Option<crate::mailbox::InboundDone>,
}

impl Change {
    /// One event, nothing else.
    pub fn event(e: Event) -> Change {
        Change {
            events: vec![e],
            ..Change::default()
        }
    }
}

/// A lock per game, so that within one process the requests that change a game take turns
/// (read, check, hand the change to the committer) instead of racing each other to the
/// optimistic lock and retrying. A request holds the lock only until its change is handed
/// over, not until it is committed: the lock keeps the game as its waiting changes leave it
/// ([`Ahead`]), and the next request makes its change on top of that, so that a game's
/// players are not served one commit at a time (issue 16). Between processes the optimistic
/// lock on `version` still decides. A game's lock is kept only while someone holds it or
/// waits for it: the table is swept of the others whenever it has doubled since the last
/// sweep, so that it does not keep one entry for every game the process ever changed.
#[derive(Debug, Default)]
pub struct GameLocks(std::sync::Mutex<LockTable>);

type GameMutex = tokio::sync::Mutex<Ahead>;

#[derive(Debug, Default)]
struct LockTable {
    locks: HashMap<i64, Arc<GameMutex>>,
    /// The table is swept when it reaches this size.
    sweep_at: usize,
}

/// The game as this process's changes to it leave it while the last of them waits for its
/// commit, with that change (its number and outcome) and the number of changes made one on
/// another since the game was last read from the database. Dropped once the outcome is known:
/// the database then says what the game is (another process may have changed it since).
#[derive(Debug, Default)]
pub struct Ahead(Option<AheadOf>);

#[derive(Debug)]
struct AheadOf {
    table: Arc<Table>,
    change: After,
    depth: usize,
}

impl Ahead {
    /// At most this many changes are made one on another before the game is read from the
    /// database again: columns that change without a new version (the webhook, a seat's
    /// order address), written by another process, are seen at most this many changes late.
    const DEPTH: usize = 16;

    /// The game as the waiting changes leave it, if a change is still waiting.
    fn waiting(&mut self) -> Option<&AheadOf> {
        if self
            .0
            .as_ref()
            .is_some_and(|a| a.change.outcome.borrow().is_some())
        {
            self.0 = None;
        }
        self.0.as_ref()
    }
}

impl GameLocks {
    /// Locks kept: held, waited for, or not swept yet.
    pub fn len(&self) -> usize {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .locks
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// This process's turn to change a game (see [`GameLocks`]).
#[derive(Debug)]
pub struct GameGuard {
    id: i64,
    ahead: tokio::sync::OwnedMutexGuard<Ahead>,
    /// What the table this guard gave was made from: a waiting change (and how many changes
    /// deep), or the database (`None`).
    base: Option<(After, usize)>,
}

impl GameGuard {
    /// The game to make a change to: as this process's waiting changes leave it, or else as
    /// the database has it (after those changes, when a chain of them is [`Ahead::DEPTH`]
    /// long).
    pub async fn load(&mut self, state: &AppState) -> ApiResult<Table> {
        match self.waiting_table() {
            Some(table) => Ok(table),
            None => self.settled(state).await,
        }
    }

    /// The game as this process's waiting changes leave it, if one is waiting and the chain
    /// is not too long.
    fn waiting_table(&mut self) -> Option<Table> {
        self.base = None;
        let ahead = self.ahead.waiting().filter(|a| a.depth < Ahead::DEPTH)?;
        self.base = Some((ahead.change.clone(), ahead.depth));
        Some(Table::clone(&ahead.table))
    }

    /// The game as the database has it once this process's waiting changes to it are
    /// committed (or refused), for a change that writes besides the committer or reads the
    /// log.
    pub async fn settled(&mut self, state: &AppState) -> ApiResult<Table> {
        self.settle().await;
        load(state, self.id).await
    }

    /// Waits until this process's waiting changes to the game are committed or refused.
    async fn settle(&mut self) {
        self.base = None;
        if let Some(ahead) = self.ahead.waiting() {
            let mut outcome = ahead.change.outcome.clone();
            // A committer that stopped without an answer has answered nothing more to wait for.
            let _ = outcome.wait_for(Option::is_some).await;
            self.ahead.0 = None;
        }
    }
}

impl Drop for GameGuard {
    fn drop(&mut self) {
        self.ahead.waiting();
    }
}

/// Waits for this process's turn to change game `id`.
pub async fn lock(state: &AppState, id: i64) -> GameGuard {
    let mutex = {
        let mut table = state
            .game_locks
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if table.locks.len() >= table.sweep_at.max(1024) {
            // Nobody else has a clone of a lock held by the table alone: no guard, no waiter,
            // and none can appear while the table is locked. A lock whose game has a change
            // waiting is kept (its caller may have gone): the next change is made on it.
            table.locks.retain(|_, m| {
                Arc::strong_count(m) > 1 || m.try_lock().is_ok_and(|mut a| a.waiting().is_some())
            });
            table.sweep_at = 2 * table.locks.len();
        }
        table.locks.entry(id).or_default().clone()
    };
    GameGuard {
        id,
        ahead: mutex.lock_owned().await,
        base: None,
    }
}

fn flag(value: i64) -> bool {
    value != 0
}

/// Game `id` as the database has it. Every such read in the process goes through its group
/// read ([`Tables`]): one query answers all those waiting.
pub async fn load(state: &AppState, id: i64) -> ApiResult<Table> {
    state
        .tables
        .get(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("game: no game {id}")))
}

/// The read of games by id (see [`read_tables`]).
#[derive(Debug)]
pub struct Tables {
    pub records: Arc<Records>,
}

impl crate::group_read::Fetch for Tables {
    type Key = i64;
    type Value = Table;

    async fn fetch(&self, conn: &mut AnyConnection, ids: &[i64]) -> ApiResult<HashMap<i64, Table>> {
        Ok(read_tables(conn, &self.records, ids)
            .await?
            .into_iter()
            .map(|table| (table.row.id, table))
            .collect())
    }
}

/// The games of `ids` that exist, in the order of their ids (see [`read_tables`]).
pub async fn load_many(state: &AppState, ids: &[i64]) -> ApiResult<Vec<Table>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut conn = state.db.pool.acquire().await?;
    read_tables(&mut conn, &state.records, ids).await
}

/// The games of `ids` that exist, in the order of their ids: their rows and seats in one
/// query, their records from the process's cache or replayed from their events.
async fn read_tables(
    conn: &mut AnyConnection,
    records: &Records,
    ids: &[i64],
) -> ApiResult<Vec<Table>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let (list, padded) = crate::commit::in_list(Backend::of(conn), ids);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {GAME_COLUMNS}, s.seat, s.name, s.player_id, sp.name, s.invite, s.bot, s.mail_secret \
         FROM games g JOIN players p ON p.id = g.gm_id \
         LEFT JOIN seats s ON s.game_id = g.id LEFT JOIN players sp ON sp.id = s.player_id \
         WHERE g.id IN {list} ORDER BY g.id, s.seat"
    )));
    for id in padded {
        query = query.bind(id);
    }
    let rows = query.fetch_all(&mut *conn).await?;
    let mut games: Vec<(GameRow, Vec<SeatRow>)> = Vec::with_capacity(ids.len());
    for r in &rows {
        let id: i64 = r.get(0);
        if games.last().is_none_or(|(row, _)| row.id != id) {
            games.push((game_row(r)?, Vec::new()));
        }
        let Some(seat) = r.get::<Option<i64>, _>(12) else {
            continue;
        };
        let (_, seats) = games.last_mut().expect("pushed above");
        seats.push(SeatRow {
            seat: Seat(seat as u8),
            name: r.get(13),
            player_id: r.get(14),
            player_name: r.get(15),
            invite: r.get(16),
            bot: r.get(17),
            mail_secret: r.get(18),
        });
    }
    let versions: Vec<(i64, i64)> = games.iter().map(|(row, _)| (row.id, row.version)).collect();
    let mut records = records_at(conn, records, &versions).await?;
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

fn game_row(row: &sqlx::any::AnyRow) -> ApiResult<GameRow> {
    let id: i64 = row.get(0);
    let game =
        gm::game_info(&row.get::<String, _>(2)).map_err(|e| ApiError::Internal(e.to_string()))?;
    let rule: String = row.get(5);
    Ok(GameRow {
        id,
        title: row.get(1),
        game,
        gm_id: row.get(3),
        gm_name: row.get(4),
        deadline_rule: serde_json::from_str(&rule)
            .map_err(|e| ApiError::Internal(format!("game {id}: deadline rule: {e}")))?,
        next_deadline: row.get(6),
        paused: flag(row.get(7)),
        over: flag(row.get(8)),
        version: row.get(9),
        archived: flag(row.get(10)),
        webhook_url: row.get(11),
    })
}

/// The records of games at their versions (`(id, version)`). Reads do not replay: a process
/// keeps the games it has read or written, by version, and replays the first `version` events
/// of a log only for a version it has not seen (another process wrote it, or this one just
/// started), the logs of all such games in one query. Events are only ever appended, so the
/// first `version` of them are the game at `version` even if another process appends
/// meanwhile.
async fn records_at(
    conn: &mut AnyConnection,
    cache: &Records,
    versions: &[(i64, i64)],
) -> ApiResult<HashMap<i64, Record>> {
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
    let (list, bound) = crate::commit::in_list(Backend::of(conn), &ids);
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
                .map_err(|e| ApiError::Internal(format!("game {id}: {e}")))?;
            marks.entry(id).or_default().push((seq as u64, event));
        }
    }
    let mut replays: HashMap<i64, (gm::Replay, i64)> = HashMap::with_capacity(missing.len());
    for &id in missing.keys() {
        let marks = marks.get(&id).map_or(&[][..], Vec::as_slice);
        let replay = gm::Replay::new(marks.iter().map(|(at, e)| (*at, e)))
            .map_err(|e| ApiError::Internal(format!("game {id}: {e}")))?;
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
        let fail = |e: String| ApiError::Internal(format!("game {id}: {e}"));
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
            return Err(ApiError::Internal(format!(
                "game {id}: version {version} but {read} events in its log"
            )));
        }
        let record = replay
            .finish()
            .map_err(|e| ApiError::Internal(format!("game {id}: {e}")))?;
        cache.put(id, version, &record);
        records.insert(id, record);
    }
    Ok(records)
}

/// The condition that picks a log's resolutions and roll-backs, word for word the condition
/// of the partial index `events_resolutions` (migration 0008), so that both databases read
/// them through it: a few entries a turn, however many orders the log holds. Every body is
/// `Event::to_json`, whose tag comes first.
const RESOLUTIONS: &str =
    r#"(body LIKE '{"kind":"resolved"%' OR body LIKE '{"kind":"rolled_back"%')"#;

/// The games this process has read or written, by id and version: reads of an unchanged game
/// take its record from here instead of replaying its log. It holds records only (positions,
/// sealed orders, resolved turns), never logs, so that its size does not grow with the number
/// of orders a game has been sent. A record grows with its resolved turns (a Breaking Away
/// race about 2.5 KB a turn), so the cache is bounded by their sum as well as by the number
/// of games: past either bound, the games read least recently are dropped until half of each
/// is left. A server's memory then stays flat however many games it holds (issue 16).
#[derive(Debug, Default)]
pub struct Records(std::sync::Mutex<RecordCache>);

#[derive(Debug, Default)]
struct RecordCache {
    /// id → (version, record, weight, when last used).
    map: HashMap<i64, (i64, Record, usize, u64)>,
    /// The sum of the weights.
    weight: usize,
    /// Counts uses, for "when last used".
    clock: u64,
}

impl Records {
    /// At most this many games are kept.
    const CAPACITY: usize = 20_000;
    /// At most this much weight (a game's start and each resolved turn weigh one).
    const WEIGHT: usize = 65_536;

    fn weight(record: &Record) -> usize {
        1 + usize::from(record.resolved())
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, RecordCache> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The record at `version`.
    pub fn get(&self, id: i64, version: i64) -> Option<Record> {
        let mut cache = self.cache();
        cache.clock += 1;
        let now = cache.clock;
        let (v, record, _, used) = cache.map.get_mut(&id)?;
        (*v == version).then(|| {
            *used = now;
            record.clone()
        })
    }

    /// Forgets a deleted game.
    fn forget(&self, id: i64) {
        let mut cache = self.cache();
        if let Some((_, _, weight, _)) = cache.map.remove(&id) {
            cache.weight -= weight;
        }
    }

    /// Keeps `record` as game `id` at `version`, unless a later version is kept.
    pub fn put(&self, id: i64, version: i64, record: &Record) {
        let mut cache = self.cache();
        if cache.map.get(&id).is_some_and(|kept| kept.0 > version) {
            return;
        }
        cache.clock += 1;
        let weight = Self::weight(record);
        let entry = (version, record.clone(), weight, cache.clock);
        if let Some((_, _, old, _)) = cache.map.insert(id, entry) {
            cache.weight -= old;
        }
        cache.weight += weight;
        if cache.map.len() > Self::CAPACITY || cache.weight > Self::WEIGHT {
            cache.shrink(Self::CAPACITY / 2, Self::WEIGHT / 2);
        }
    }

    /// The number of games kept and the sum of their weights.
    pub fn size(&self) -> (usize, usize) {
        let cache = self.cache();
        (cache.map.len(), cache.weight)
    }
}

impl RecordCache {
    /// Keeps the games used most recently, at most `games` of them and `weight` in all.
    fn shrink(&mut self, games: usize, weight: usize) {
        let mut uses: Vec<(u64, usize)> = self.map.values().map(|e| (e.3, e.2)).collect();
        uses.sort_unstable_by(|a, b| b.cmp(a));
        let (mut kept, mut sum) = (0, 0);
        let mut oldest_kept = u64::MAX;
        for (used, w) in uses {
            if kept == games || sum + w > weight {
                break;
            }
            kept += 1;
            sum += w;
            oldest_kept = used;
        }
        self.map.retain(|_, e| e.3 >= oldest_kept);
        self.weight = sum;
    }
}

/// Deletes the game read as `table`: its log, seats and unsent mail; mail already sent and
/// mail received keep their rows without the game. Fails with a conflict, changing nothing, if
/// the game moved on since it was read.
pub async fn delete(state: &AppState, table: &Table) -> ApiResult<()> {
    let id = table.row.id;
    let mut tx = state.db.pool.begin().await?;
    for statement in [
        "DELETE FROM events WHERE game_id = $1",
        "DELETE FROM seats WHERE game_id = $1",
        "DELETE FROM outbox WHERE game_id = $1 AND sent_at IS NULL",
        "UPDATE outbox SET game_id = NULL WHERE game_id = $1",
        "UPDATE inbound_mail SET game_id = NULL WHERE game_id = $1",
    ] {
        sqlx::query(statement).bind(id).execute(&mut *tx).await?;
    }
    let deleted = sqlx::query("DELETE FROM games WHERE id = $1 AND version = $2")
        .bind(id)
        .bind(table.row.version)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if deleted != 1 {
        tx.rollback().await?;
        return Err(ApiError::Conflict(
            "game: it changed while the request was handled; read it again and resend".into(),
        ));
    }
    tx.commit().await?;
    state.records.forget(id);
    Ok(())
}

/// The game's whole event log, in order (for a roll-back and `export`, never for a read a
/// visitor can ask for: the history reads a page at a time, [`history_page`]).
pub async fn events(state: &AppState, id: i64) -> ApiResult<Vec<(i64, i64, String, Event)>> {
    sqlx::query("SELECT seq, at, actor, body FROM events WHERE game_id = $1 ORDER BY seq")
        .bind(id)
        .fetch_all(&state.db.pool)
        .await?
        .into_iter()
        .map(|r| log_row(id, &r))
        .collect()
}

fn log_row(id: i64, r: &sqlx::any::AnyRow) -> ApiResult<(i64, i64, String, Event)> {
    let body: String = r.get(3);
    let event =
        Event::from_json(&body).map_err(|e| ApiError::Internal(format!("game {id}: {e}")))?;
    Ok((r.get(0), r.get(1), r.get(2), event))
}

/// The most entries one page of the history holds.
pub const HISTORY_PAGE_MAX: i64 = 500;

/// Entries `from..from + limit` of the log of the game read as `table` (at most
/// [`HISTORY_PAGE_MAX`]; none after the version read): one range of the primary key, the same
/// cost however long the log is.
pub async fn history_page(
    state: &AppState,
    table: &Table,
    from: i64,
    limit: i64,
) -> ApiResult<Vec<(i64, i64, String, Event)>> {
    let id = table.row.id;
    let last = table
        .row
        .version
        .min(from.saturating_add(limit.clamp(0, HISTORY_PAGE_MAX)) - 1);
    sqlx::query(
        "SELECT seq, at, actor, body FROM events WHERE game_id = $1 AND seq >= $2 AND seq <= $3 \
         ORDER BY seq",
    )
    .bind(id)
    .bind(from)
    .bind(last)
    .fetch_all(&state.db.pool)
    .await?
    .iter()
    .map(|r| log_row(id, r))
    .collect()
}

/// The resolutions and roll-backs of the log of the game read as `table`, in order: what
/// decides which sealed orders are revealed and where each turn opened ([`RESOLUTIONS`]).
pub async fn resolutions(state: &AppState, table: &Table) -> ApiResult<Vec<(i64, Event)>> {
    let id = table.row.id;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT seq, body FROM events WHERE game_id = $1 AND seq <= $2 AND {RESOLUTIONS} \
         ORDER BY seq"
    )))
    .bind(id)
    .bind(table.row.version)
    .fetch_all(&state.db.pool)
    .await?
    .iter()
    .map(|r| {
        let event = Event::from_json(&r.get::<String, _>(1))
            .map_err(|e| ApiError::Internal(format!("game {id}: {e}")))?;
        Ok((r.get(0), event))
    })
    .collect()
}

/// A new game, its seats with their invitations, and the first event of its log.
pub async fn create(
    state: &AppState,
    title: &str,
    gm_id: i64,
    setup: gm::Setup,
    rule: &DeadlineRule,
) -> ApiResult<i64> {
    let actor = format!("gm:{}", gm_name(state, gm_id).await?);
    let file = GameFile::new(setup, Some(state.clock.now()), Some(actor))?;
    insert(state, &file, title, gm_id, rule).await
}

/// The secret part of a seat's invitation link.
fn new_invite() -> ApiResult<String> {
    Ok(crate::auth::new_secret()?[..24].to_string())
}

/// The newest games (at most 200) that are not archived, newest first, from the summary
/// columns: two queries, the same cost whatever the games hold. A game of an earlier release
/// without a summary is summarised once, from its record.
pub async fn list(state: &AppState) -> ApiResult<Vec<Summary>> {
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
async fn summarise(state: &AppState, id: i64) -> ApiResult<Summary> {
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

async fn gm_name(state: &AppState, id: i64) -> ApiResult<String> {
    Ok(sqlx::query("SELECT name FROM players WHERE id = $1")
        .bind(id)
        .fetch_one(&state.db.pool)
        .await?
        .get(0))
}

/// What this release writes in `games.record`: nothing. The column held the whole game file,
/// rewritten on every change (so an order cost as much as the game was long); the `events`
/// table holds the same log, and a process that has not seen a game's version replays it from
/// there. Rows written by earlier releases keep their game file, unread.
pub(crate) const NO_SNAPSHOT: &str = "";

/// Appends `change` to the game read as `table` (through `guard`), whose record already
/// includes the change's events. Fails with a conflict, changing nothing, if the game moved on
/// since it was read. The change is written by the process's committer, in one transaction
/// with whatever other changes are waiting (`commit`); the game's lock is given up once the
/// change is handed over, and this returns once it is committed.
pub async fn append(
    state: &AppState,
    mut guard: GameGuard,
    table: &Table,
    actor: &str,
    change: Change,
) -> ApiResult<()> {
    let (mut write, seats) = prepare(state, table, actor, change).await?;
    // What the table was made from, as it was then: a change refused since is still the one
    // this was made on (and the committer refuses this one with it).
    let depth = match guard.base.take() {
        Some((after, depth)) => {
            write.after = Some(after);
            depth + 1
        }
        None => 0,
    };
    let version = write.version;
    let row = GameRow {
        version,
        next_deadline: write.next_deadline,
        paused: write.paused,
        over: write.over,
        archived: write.archived.unwrap_or(table.row.archived),
        ..table.row.clone()
    };
    let pending = state.committer.hand_over(&state.db, write).await?;
    let next = Table {
        row,
        seats,
        record: table.record.clone(),
    };
    guard.ahead.0 = Some(AheadOf {
        table: Arc::new(next),
        change: pending.change.clone(),
        depth,
    });
    let mutex = tokio::sync::OwnedMutexGuard::mutex(&guard.ahead).clone();
    drop(guard);
    let committed = pending.wait().await;
    // The game's next change, if any, is made on the game as this one leaves it; if none,
    // the game as this one left it is let go (the next reads the database).
    if let Ok(mut ahead) = mutex.try_lock() {
        ahead.waiting();
    }
    committed?;
    state.records.put(table.row.id, version, &table.record);
    Ok(())
}

/// `change` to the game read as `table`, ready for the committer: the game row's new
/// columns, the events as JSON, the seats' new secrets and the mail the change causes; and
/// the seats as the change leaves them.
async fn prepare(
    state: &AppState,
    table: &Table,
    actor: &str,
    change: Change,
) -> ApiResult<(Write, Vec<SeatRow>)> {
    let now = state.clock.now();
    let row = &table.row;
    let over = table.record.is_over();
    let paused = change.paused.unwrap_or(row.paused);
    let mut seats = table.seats.clone();
    let mut seat_writes = Vec::with_capacity(change.seats.len());
    for change in &change.seats {
        let (SeatChange::Claim { seat, .. }
        | SeatChange::Bot { seat, .. }
        | SeatChange::Free { seat }) = change;
        let s = &mut seats[seat.index()];
        seat_writes.push(match change {
            SeatChange::Claim {
                seat,
                player_id,
                player_name,
            } => {
                s.bot = None;
                s.player_id = Some(*player_id);
                s.player_name = Some(player_name.clone());
                SeatWrite::Claim {
                    seat: i64::from(seat.0),
                    player_id: *player_id,
                }
            }
            SeatChange::Bot { seat, bot } => {
                s.bot = bot.clone();
                SeatWrite::Bot {
                    seat: i64::from(seat.0),
                    bot: bot.clone(),
                }
            }
            SeatChange::Free { seat } => {
                s.player_id = None;
                s.player_name = None;
                s.invite = new_invite()?;
                s.mail_secret = Some(crate::mailbox::new_mail_secret()?);
                SeatWrite::Free {
                    seat: i64::from(seat.0),
                    invite: s.invite.clone(),
                    mail_secret: s.mail_secret.clone().expect("drawn above"),
                }
            }
        });
    }
    let next_deadline = match change.next_deadline {
        _ if over => None,
        Some(next) => next,
        None if row.next_deadline.is_some() => row.next_deadline,
        // The game waits for its players: the clock starts when the last open seat is taken
        // (by a player or a bot), so that nobody is marked as having sent nothing before
        // they could.
        None if seats.iter().all(SeatRow::taken) => Some(
            row.deadline_rule
                .next_after(now)
                .map_err(|e| ApiError::Internal(e.to_string()))?,
        ),
        None => None,
    };
    let mut mails = change.mails;
    mails.extend(
        crate::mailbox::mails_for_events(state, table, &seats, next_deadline, &change.events)
            .await?,
    );
    let write = Write {
        game_id: row.id,
        read_version: row.version,
        version: row.version + change.events.len() as i64,
        all_ready: all_ready(&table.record, &seats),
        over,
        next_deadline,
        paused,
        archived: change.archived,
        turn: table.record.turn(),
        started: table.record.started(),
        ready_seats: ready_seats(&table.record, &seats),
        at: now,
        actor: actor.to_string(),
        events: change.events.iter().map(Event::to_json).collect(),
        seats: seat_writes,
        mails,
        inbound: change.inbound,
        after: None,
    };
    Ok((write, seats))
}

/// A place where the crash tests stop a server: when `POSTRIDER_FAILPOINT` names it, the
/// server says so on stderr and waits there forever (to be killed with SIGKILL). Unset in
/// normal running, where it costs one comparison.
pub(crate) async fn failpoint(name: &str) {
    static FAILPOINT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let armed = FAILPOINT.get_or_init(|| std::env::var("POSTRIDER_FAILPOINT").ok());
    if armed.as_deref() == Some(name) {
        eprintln!("failpoint {name} reached");
        std::future::pending::<()>().await;
    }
}

/// Processes the coming turn of a game if it is due (its deadline has passed, or every seat
/// is ready) or `force`d by the GM: seats handed to bots get the bot's orders, everyone else
/// without orders gets the rules' NMR policy, and the turn is adjudicated — all in one
/// transaction. Returns whether this call resolved the turn (false when another server
/// process got there first).
pub async fn process(state: &AppState, id: i64, force: bool) -> ApiResult<bool> {
    let mut guard = lock(state, id).await;
    let table = guard.load(state).await?;
    process_locked(state, guard, table, force, "server").await
}

/// [`process`] for a caller that holds the game's lock and has loaded it.
pub async fn process_locked(
    state: &AppState,
    guard: GameGuard,
    mut table: Table,
    force: bool,
    actor: &str,
) -> ApiResult<bool> {
    let now = state.clock.now();
    let due = table.row.next_deadline.is_some_and(|d| d <= now) || table.all_ready();
    if table.row.over || table.record.is_over() || (!force && (table.row.paused || !due)) {
        return Ok(false);
    }
    let events = play_turn(&mut table.record, &table.seats)?;
    let next = table
        .row
        .deadline_rule
        .next_after(now)
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let change = Change {
        events,
        next_deadline: Some(Some(next)),
        ..Change::default()
    };
    match append(state, guard, &table, actor, change).await {
        Ok(()) => Ok(true),
        Err(ApiError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Adjudicates the coming turn on `record`: the bots in their seats send their orders, then
/// the turn is resolved (missing orders get the rules' NMR policy). Returns the log entries.
pub fn play_turn(record: &mut Record, seats: &[SeatRow]) -> Result<Vec<Event>, gm::GmError> {
    let mut events = Vec::new();
    for seat in seats {
        if let Some(bot) = &seat.bot {
            for e in record.bot_events(seat.seat, bot)? {
                record.apply(&e)?;
                events.push(e);
            }
        }
    }
    let turn = record.turn();
    record.apply(&Event::resolved(turn))?;
    events.push(record.resolution_entry(turn)?);
    Ok(events)
}

/// Processes every game that is due. A server that was down catches up here: each overdue
/// game gets one turn processed, and its next deadline is counted from now.
pub async fn process_due(state: &AppState) -> ApiResult<usize> {
    let ids: Vec<i64> = sqlx::query(
        "SELECT id FROM games WHERE over = 0 AND paused = 0 AND (next_deadline <= $1 OR all_ready = 1) ORDER BY id",
    )
    .bind(state.clock.now())
    .fetch_all(&state.db.pool)
    .await?
    .into_iter()
    .map(|r| r.get(0))
    .collect();
    // Games are independent: they are taken a batch at a time (their locks, one query for
    // their rows, each one's turn played), and the committer writes a batch's turns many to a
    // transaction (`commit`) instead of one commit each. Two batches are under way at once,
    // so that one is played while the other is written.
    let mut running = tokio::task::JoinSet::new();
    let mut processed = 0;
    for chunk in ids.chunks(crate::commit::MAX_BATCH) {
        if running.len() >= 2
            && let Some(done) = running.join_next().await
        {
            processed += done.map_err(|e| ApiError::Internal(e.to_string()))??;
        }
        let (state, chunk) = (state.clone(), chunk.to_vec());
        running.spawn(async move { process_batch(&state, &chunk).await });
    }
    while let Some(done) = running.join_next().await {
        processed += done.map_err(|e| ApiError::Internal(e.to_string()))??;
    }
    Ok(processed)
}

/// Processes the games of `ids` (ascending) that are due; returns how many turns it resolved.
async fn process_batch(state: &AppState, ids: &[i64]) -> ApiResult<usize> {
    // In ascending order, as every holder of more than one game's lock takes them.
    let mut guards = Vec::with_capacity(ids.len());
    for &id in ids {
        guards.push(lock(state, id).await);
    }
    // A game with a change of this process waiting is played as that change leaves it; the
    // others are read together.
    let mut tables: HashMap<i64, Table> = HashMap::with_capacity(ids.len());
    let mut read = Vec::with_capacity(ids.len());
    for guard in &mut guards {
        match guard.waiting_table() {
            Some(table) => {
                tables.insert(guard.id, table);
            }
            None => {
                guard.settle().await;
                read.push(guard.id);
            }
        }
    }
    match load_many(state, &read).await {
        Ok(read) => tables.extend(read.into_iter().map(|t| (t.row.id, t))),
        // One game that cannot be read (a log that no longer replays) does not hold up the
        // others: each is read again through `load`, where one read's failure is its own
        // (`group_read`), and those that fail are logged.
        Err(_) => {
            for id in read {
                match load(state, id).await {
                    Ok(table) => {
                        tables.insert(id, table);
                    }
                    Err(e) => tracing::error!(game = id, error = %e, "reading a due game failed"),
                }
            }
        }
    }
    let outcomes = futures_util::future::join_all(guards.into_iter().filter_map(|guard| {
        let table = tables.remove(&guard.id)?;
        Some(async move {
            let id = table.row.id;
            (
                id,
                process_locked(state, guard, table, false, "server").await,
            )
        })
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

/// A game as a game file (`postrider export`): its log from the `events` table, replayed, with
/// when and by whom each entry was made. The command line's `report`, `replay` and `resolve`
/// take it as it is.
pub async fn export(state: &AppState, id: i64) -> ApiResult<String> {
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
        return Err(ApiError::NotFound(format!("game: no game {id}")));
    }
    let file =
        GameFile::from_log(log).map_err(|e| ApiError::Internal(format!("game {id}: {e}")))?;
    Ok(file.to_json())
}

/// The largest game file `postrider import` reads, in bytes: a day or a race with every
/// amendment its players made fits many times over.
pub const MAX_IMPORT_BYTES: u64 = 16 << 20;

/// Refuses a game file the server must not take as it is: a running game's secret (whoever
/// holds the file knows every draw to come, so its draws could no longer be called secret), or
/// an entry holding a NUL character (plain text everywhere else; PostgreSQL cannot store it).
pub fn check_import(file: &GameFile) -> ApiResult<()> {
    let record = file.record();
    if record.setup().secret.is_some() && !record.is_over() {
        return Err(ApiError::Bad(format!(
            "import: the file holds the secret of a {} still running ({} {}): whoever holds the \
             file knows every draw to come, so it cannot go on here as a game of secret draws; \
             import it once it is over, or move the whole database",
            record.game().game_noun,
            record.game().turn_noun,
            record.turn()
        )));
    }
    for (k, entry) in file.log().iter().enumerate() {
        let value = serde_json::to_value(entry).expect("log entries serialise");
        if holds_nul(&value) {
            return Err(ApiError::Bad(format!(
                "import: log entry {} holds a NUL character (\\u0000), which no entry may hold",
                k + 1
            )));
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

/// Puts a game file on the server (`postrider import`): a new game run by `gm_id`, with the
/// file's whole log, its seats open to new invitations, and its next deadline counted from now.
/// Returns the new game's id. The title is checked as a new game's is, and the file by
/// [`check_import`].
pub async fn import(
    state: &AppState,
    file: &GameFile,
    title: &str,
    gm_id: i64,
    rule: &DeadlineRule,
) -> ApiResult<i64> {
    let title = crate::text::check_title(title)?;
    check_import(file)?;
    insert(state, file, &title, gm_id, rule).await
}

/// Writes a new game (`create`) or an imported one: its row, seats and log.
async fn insert(
    state: &AppState,
    file: &GameFile,
    title: &str,
    gm_id: i64,
    rule: &DeadlineRule,
) -> ApiResult<i64> {
    let record = file.record();
    let now = state.clock.now();
    // The rule is checked now; the clock starts when the last seat is taken (`append`) or
    // when the GM starts the game.
    rule.next_after(now)
        .map_err(|e| ApiError::Bad(e.to_string()))?;
    let next_deadline: Option<i64> = None;
    let actor = format!("gm:{}", gm_name(state, gm_id).await?);
    // Entries the file does not date (a game file of release 0.1) are dated now, by the GM.
    let log: Vec<LogEntry> = file
        .log()
        .iter()
        .map(|e| LogEntry {
            at: Some(e.at.unwrap_or(now)),
            actor: Some(e.actor.clone().unwrap_or_else(|| actor.clone())),
            event: e.event.clone(),
        })
        .collect();
    // Seats handed to bots stay theirs: the log says a bot plays them, and `verify` checks
    // that it did at every turn.
    let mut bots: Vec<Option<&str>> = vec![None; record.seats().len()];
    for entry in file.log() {
        if let Some((seat, bot)) = entry.event.hands_seat()
            && let Some(handed) = bots.get_mut(seat.index())
        {
            *handed = bot;
        }
    }
    // A new game's seats are open: only those with nothing to send, or a bot's, are ready.
    let ready: Vec<bool> = bots
        .iter()
        .enumerate()
        .map(|(s, bot)| {
            let seat = Seat(s as u8);
            !record.reopened(seat) && (bot.is_some() || record.ready(seat))
        })
        .collect();
    let mut tx = state.db.pool.begin().await?;
    let id: i64 = sqlx::query(
        "INSERT INTO games (title, game, gm_id, deadline_rule, next_deadline, paused, all_ready, over, version, record, created_at, turn, started, ready_seats) \
         VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
    )
    .bind(title)
    .bind(record.game().name)
    .bind(gm_id)
    .bind(serde_json::to_string(rule).expect("rules serialise"))
    .bind(next_deadline)
    .bind(i64::from(!record.is_over() && ready.iter().all(|&r| r)))
    .bind(i64::from(record.is_over()))
    .bind(log.len() as i64)
    .bind(NO_SNAPSHOT)
    .bind(now)
    .bind(i64::from(record.turn()))
    .bind(i64::from(record.started()))
    .bind(
        ready
            .iter()
            .enumerate()
            .filter(|(_, r)| **r)
            .fold(0i64, |mask, (s, _)| mask | 1 << s),
    )
    .fetch_one(&mut *tx)
    .await?
    .get(0);
    for (seat, name) in record.seats().iter().enumerate() {
        sqlx::query(
            "INSERT INTO seats (game_id, seat, name, invite, mail_secret, bot) VALUES ($1, $2, $3, $4, $5, $6)",
        )
            .bind(id)
            .bind(seat as i64)
            .bind(name)
            .bind(new_invite()?)
            .bind(crate::mailbox::new_mail_secret()?)
            .bind(bots[seat])
            .execute(&mut *tx)
            .await?;
    }
    for (k, entry) in log.iter().enumerate() {
        sqlx::query(
            "INSERT INTO events (game_id, seq, at, actor, body) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(k as i64 + 1)
        .bind(entry.at)
        .bind(&entry.actor)
        .bind(entry.event.to_json())
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    state.records.put(id, log.len() as i64, record);
    Ok(id)
}

/// The id of the player called `name`, whatever its case, as a login finds it (the exact
/// name first: see `actions::login`).
pub async fn player_id(state: &AppState, name: &str) -> ApiResult<i64> {
    let missing = || ApiError::NotFound(format!("gm: no account called {name:?} on this server"));
    let key = crate::auth::name_key(name).ok_or_else(missing)?;
    sqlx::query(
        "SELECT id FROM players WHERE name = $1 OR name_key = $2 \
         ORDER BY CASE WHEN name = $1 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(name)
    .bind(key)
    .fetch_optional(&state.db.pool)
    .await?
    .map(|r| r.get(0))
    .ok_or_else(missing)
}
