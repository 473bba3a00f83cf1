//! The rows behind reminders and digests (the server's `reminders` writes their texts): the
//! games in a reminder stage, the marks that each was looked at once, the seats' addresses and
//! what they were mailed lately, the players who owe orders for a digest, and the outbox rows
//! written with their marks in one transaction.

use game_api::Seat;
use sqlx::Row;

use super::error::StoreResult;
use super::outbox_rows::{self, OutMail};
use super::state::Store;

/// A game in a reminder stage it has not been looked at in yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    pub id: i64,
    pub deadline: i64,
    /// Whether anybody is to be told: a webhook, (mail on) a seat's player who wants every
    /// mail, or a seat's player with a device that takes reminders.
    pub tell: bool,
}

/// The times a pass looks at: `now`, and the ends of the first (a day) and second (two hours)
/// reminder stages after it.
#[derive(Clone, Copy, Debug)]
pub struct Stages {
    pub now: i64,
    pub first: i64,
    pub second: i64,
}

/// The games whose deadline is in a reminder stage (`stages`) they have not been looked at in
/// yet, by id; `mail_on` when the server sends mail.
pub async fn due(state: &Store, stages: Stages, mail_on: bool) -> StoreResult<Vec<Due>> {
    let mail = if mail_on { 1 } else { 0 };
    Ok(sqlx::query(
        "SELECT id, next_deadline, CASE WHEN turn IS NULL OR webhook_url IS NOT NULL OR ($4 = 1 AND EXISTS ( \
           SELECT 1 FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = games.id \
           AND p.email IS NOT NULL AND p.mail_choice = 'every') OR EXISTS ( \
           SELECT 1 FROM seats s JOIN push_subscriptions d ON d.player_id = s.player_id \
           JOIN players p ON p.id = s.player_id WHERE s.game_id = games.id AND p.push_remind = 1)) \
           THEN 1 ELSE 0 END \
         FROM games WHERE over = 0 AND paused = 0 \
         AND next_deadline > $1 AND next_deadline <= $2 \
         AND (reminded_turn IS NULL OR turn IS NULL OR reminded_turn <> turn \
              OR reminded_stage < CASE WHEN next_deadline <= $3 THEN 2 ELSE 1 END) ORDER BY id",
    )
    .bind(stages.now)
    .bind(stages.first)
    .bind(stages.second)
    .bind(mail)
    .fetch_all(&state.db.pool)
    .await?
    .into_iter()
    .map(|r| Due {
        id: r.get(0),
        deadline: r.get(1),
        tell: r.get::<i64, _>(2) == 1,
    })
    .collect())
}

/// Marks games `ids` as looked at in the reminder stage their deadline is in (`stages`), at
/// their coming turn, in one statement (its `IN` list padded to a power of two: `store::sql`).
pub async fn mark(state: &Store, ids: &[i64], stages: Stages) -> StoreResult<()> {
    let backend = state.db.backend;
    let one = |n: usize| super::sql::placeholders_after(backend, n, 1, 1);
    let (_, padded) = super::sql::in_list(backend, ids);
    // The parameters in the order of the text (SQLite numbers anonymous ones so).
    let sql = format!(
        "UPDATE games SET reminded_turn = turn, \
         reminded_stage = CASE WHEN next_deadline <= {second} THEN 2 ELSE 1 END \
         WHERE next_deadline > {now} AND next_deadline <= {first} AND id IN {list}",
        second = one(0),
        now = one(1),
        first = one(2),
        list = super::sql::placeholders_after(backend, 3, 1, padded.len()),
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(stages.second)
        .bind(stages.now)
        .bind(stages.first);
    for id in padded {
        query = query.bind(id);
    }
    query.execute(&state.db.pool).await?;
    Ok(())
}

/// A seat of a game whose player wants every mail and has an address.
#[derive(Clone, Debug)]
pub struct Mailed {
    pub seat: Seat,
    pub player_id: i64,
    pub email: String,
    /// The seat's own language code, then the account's (either may be unset).
    pub langs: [Option<String>; 2],
}

/// The seats of game `id` whose player wants every mail and has an address.
pub async fn mailed_seats(state: &Store, id: i64) -> StoreResult<Vec<Mailed>> {
    Ok(sqlx::query(
        "SELECT s.seat, p.id, p.email, s.lang, p.lang FROM seats s JOIN players p ON p.id = s.player_id \
         WHERE s.game_id = $1 AND p.email IS NOT NULL AND p.mail_choice = 'every'",
    )
    .bind(id)
    .fetch_all(&state.db.pool)
    .await?
    .iter()
    .map(|r| Mailed {
        seat: Seat(r.get::<i64, _>(0) as u8),
        player_id: r.get(1),
        email: r.get(2),
        langs: [r.get(3), r.get(4)],
    })
    .collect())
}

/// The texts of the reports and welcomes mailed to `player` about `seat` of `game` since
/// `since`.
pub async fn mailed_since(
    state: &Store,
    game: i64,
    seat: Seat,
    player: i64,
    since: i64,
) -> StoreResult<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT body FROM outbox WHERE player_id = $1 AND game_id = $2 AND seat = $3 \
         AND kind IN ('report', 'welcome') AND created_at >= $4",
    )
    .bind(player)
    .bind(game)
    .bind(i64::from(seat.0))
    .bind(since)
    .fetch_all(&state.db.pool)
    .await?)
}

/// Writes `mails` (those not written before: `outbox_rows::queue`) and marks game `id` as
/// reminded at `turn` and `stage`, in one transaction; whether each mail was new.
pub async fn remind(
    state: &Store,
    mails: &[&OutMail],
    now: i64,
    id: i64,
    turn: u16,
    stage: i64,
) -> StoreResult<Vec<bool>> {
    let mut tx = state.db.pool.begin().await?;
    let mut queued = Vec::with_capacity(mails.len());
    for mail in mails {
        queued.push(outbox_rows::queue(&mut tx, mail, now).await?);
    }
    sqlx::query("UPDATE games SET reminded_turn = $1, reminded_stage = $2 WHERE id = $3")
        .bind(i64::from(turn))
        .bind(stage)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(queued)
}

/// A seat that owes orders in a game whose clock runs, of a player who chose the digest.
#[derive(Clone, Debug)]
pub struct Owing {
    pub player_id: i64,
    pub email: String,
    pub time_zone: Option<String>,
    /// The local day (YYYYMMDD) of the player's last digest.
    pub digest_day: Option<i64>,
    pub game_id: i64,
    pub seat: Seat,
    pub turn: Option<i64>,
    pub deadline: i64,
    pub ready_seats: Option<i64>,
    /// The account's language code.
    pub lang: Option<String>,
}

/// The seats of the players who chose the digest in games whose deadline is after `now`, by
/// player, deadline and game.
pub async fn digest_seats(state: &Store, now: i64) -> StoreResult<Vec<Owing>> {
    Ok(sqlx::query(
        "SELECT p.id, p.email, p.time_zone, p.digest_day, s.game_id, s.seat, g.turn, g.next_deadline, g.ready_seats, p.lang \
         FROM players p JOIN seats s ON s.player_id = p.id JOIN games g ON g.id = s.game_id \
         WHERE p.mail_choice = 'digest' AND p.email IS NOT NULL AND g.over = 0 AND g.paused = 0 \
         AND g.next_deadline > $1 ORDER BY p.id, g.next_deadline, s.game_id",
    )
    .bind(now)
    .fetch_all(&state.db.pool)
    .await?
    .iter()
    .map(|r| Owing {
        player_id: r.get(0),
        email: r.get(1),
        time_zone: r.get(2),
        digest_day: r.get(3),
        game_id: r.get(4),
        seat: Seat(r.get::<i64, _>(5) as u8),
        turn: r.get(6),
        deadline: r.get(7),
        ready_seats: r.get(8),
        lang: r.get(9),
    })
    .collect())
}

/// Writes a player's digest (if not written before: `outbox_rows::queue`) and marks `day` as
/// their last digest's, in one transaction; whether the digest was new.
pub async fn digest(
    state: &Store,
    mail: &OutMail,
    now: i64,
    player: i64,
    day: i64,
) -> StoreResult<bool> {
    let mut tx = state.db.pool.begin().await?;
    let queued = outbox_rows::queue(&mut tx, mail, now).await?;
    sqlx::query("UPDATE players SET digest_day = $1 WHERE id = $2")
        .bind(day)
        .bind(player)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(queued)
}
