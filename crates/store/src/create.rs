//! A game's birth and death in the database: a new game or an imported file written with its
//! seats and log, and a game deleted.

use game_api::Seat;
use gm::{DeadlineRule, GameFile, LogEntry};
use locale::phrase;
use sqlx::Row;

use super::error::{StoreError, StoreResult};
use super::prepared::NO_SNAPSHOT;
use super::read::gm_name;
use super::state::Store;
use super::table::Table;

/// A new game, its seats with their invitations, and the first event of its log.
pub async fn create(
    state: &Store,
    title: &str,
    gm_id: i64,
    setup: gm::Setup,
    rule: &DeadlineRule,
) -> StoreResult<i64> {
    create_rated(state, title, gm_id, setup, rule, false).await
}

/// [`create`], the game counting for ratings if `rated`.
pub async fn create_rated(
    state: &Store,
    title: &str,
    gm_id: i64,
    setup: gm::Setup,
    rule: &DeadlineRule,
    rated: bool,
) -> StoreResult<i64> {
    let actor = format!("gm:{}", gm_name(state, gm_id).await?);
    let file = GameFile::new(setup, Some(state.clock.now()), Some(actor))?;
    insert(state, &file, title, gm_id, rule, rated).await
}

/// Writes a new game (`create`) or an imported one: its row, seats and log; `rated`: it
/// counts for ratings (`store::ratings`).
pub async fn insert(
    state: &Store,
    file: &GameFile,
    title: &str,
    gm_id: i64,
    rule: &DeadlineRule,
    rated: bool,
) -> StoreResult<i64> {
    let actor = format!("gm:{}", gm_name(state, gm_id).await?);
    let new = NewRow {
        file,
        title,
        gm_id,
        rule,
        actor: &actor,
        players: &[],
        next_deadline: None,
        rated,
    };
    let mut tx = state.db.pool.begin().await?;
    let (id, version) = insert_in(state, &mut tx, &new).await?;
    tx.commit().await?;
    state.records.put(id, version, file.record());
    Ok(id)
}

/// A game to write with [`insert_in`].
#[derive(Debug)]
pub struct NewRow<'a> {
    pub file: &'a GameFile,
    pub title: &'a str,
    pub gm_id: i64,
    pub rule: &'a DeadlineRule,
    /// Who the entries the file does not name are by (`gm:NAME`).
    pub actor: &'a str,
    /// The player (id) already in each seat, if any (a season's next stage); none: all open.
    pub players: &'a [Option<i64>],
    /// The first deadline, where the clock starts at once; `None`: when the seats are taken.
    pub next_deadline: Option<i64>,
    /// The game counts for ratings (`store::ratings`).
    pub rated: bool,
}

/// Writes the game's row, seats and log in `tx`: its id and version (the number of entries).
pub(crate) async fn insert_in(
    state: &Store,
    tx: &mut sqlx::AnyConnection,
    new: &NewRow<'_>,
) -> StoreResult<(i64, i64)> {
    let NewRow {
        file,
        title,
        gm_id,
        rule,
        actor,
        players,
        next_deadline,
        rated,
    } = *new;
    let record = file.record();
    let now = state.clock.now();
    // The rule is checked now; the clock starts when the last seat is taken (`append`) or
    // when the GM starts the game.
    rule.next_after(now)
        .map_err(|e| StoreError::Refused(e.phrase()))?;
    // Entries the file does not date (a game file of release 0.1) are dated now, by the GM.
    let log: Vec<LogEntry> = file
        .log()
        .iter()
        .map(|e| LogEntry {
            at: Some(e.at.unwrap_or(now)),
            actor: Some(e.actor.clone().unwrap_or_else(|| actor.to_string())),
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
    let id: i64 = sqlx::query(
        "INSERT INTO games (title, game, gm_id, deadline_rule, next_deadline, paused, all_ready, over, version, record, created_at, turn, started, ready_seats, rated) \
         VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
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
    .bind(i64::from(rated))
    .fetch_one(&mut *tx)
    .await?
    .get(0);
    for (seat, name) in record.seats().iter().enumerate() {
        sqlx::query(
            "INSERT INTO seats (game_id, seat, name, invite, mail_secret, bot, player_id) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
            .bind(id)
            .bind(seat as i64)
            .bind(name)
            .bind(super::secrets::new_invite()?)
            .bind(super::secrets::new_mail_secret()?)
            .bind(bots[seat])
            .bind(players.get(seat).copied().flatten())
            .execute(&mut *tx)
            .await?;
    }
    for (k, entry) in log.iter().enumerate() {
        sqlx::query(
            "INSERT INTO events (game_id, seq, at, actor, kind, body) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(k as i64 + 1)
        .bind(entry.at)
        .bind(&entry.actor)
        .bind(entry.event.kind())
        .bind(entry.event.to_json())
        .execute(&mut *tx)
        .await?;
    }
    Ok((id, log.len() as i64))
}

/// Deletes the game read as `table`: its log, seats and unsent mail; mail already sent and
/// mail received keep their rows without the game. Fails with a conflict, changing nothing, if
/// the game moved on since it was read.
pub async fn delete(state: &Store, table: &Table) -> StoreResult<()> {
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
        return Err(StoreError::Conflict(phrase!("error-game-changed")));
    }
    tx.commit().await?;
    state.records.forget(id);
    Ok(())
}
