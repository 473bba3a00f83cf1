//! Inbound mail as the store keeps it: the raw message stored before anything reads it, the
//! seat an order address's secret names, the once-per-seat claim of a Message-ID, and the
//! answer written with the message's outcome in one transaction.

use game_api::Seat;
use sqlx::Row;

use super::error::{StoreError, StoreResult};
use super::outbox_rows::{InboundDone, OutMail, mark, queue};
use super::state::Store;

/// Stores a message as it came (`raw`, already cut to what is kept), before it is read: its id.
pub async fn store_raw(
    state: &Store,
    now: i64,
    recipient: Option<&str>,
    raw: &[u8],
) -> StoreResult<i64> {
    Ok(sqlx::query(
        "INSERT INTO inbound_mail (received_at, recipient, raw) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(now)
    .bind(recipient)
    .bind(raw.to_vec())
    .fetch_one(&state.db.pool)
    .await?
    .get(0))
}

/// Keeps message `id`'s Message-ID, for the record (it counts as a duplicate only once a seat
/// is known: see [`claim`]).
pub async fn set_message_id(state: &Store, id: i64, message_id: &str) -> StoreResult<()> {
    sqlx::query("UPDATE inbound_mail SET message_id = $1 WHERE id = $2")
        .bind(message_id)
        .bind(id)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// A seat found by the secret in its order address.
#[derive(Clone, Debug)]
pub struct SeatBySecret {
    pub game_id: i64,
    pub seat: Seat,
    /// The seat's player, if anybody holds it and is neither suspended nor deleted: (id, name,
    /// confirmed address).
    pub player: Option<(i64, String, Option<String>)>,
}

/// The seat whose order address has `secret`, if any.
pub async fn seat_by_secret(state: &Store, secret: &str) -> StoreResult<Option<SeatBySecret>> {
    let row = sqlx::query(
        "SELECT s.game_id, s.seat, p.id, p.name, p.email FROM seats s \
         LEFT JOIN players p ON p.id = s.player_id AND p.suspended_at IS NULL AND p.deleted_at IS NULL \
         WHERE s.mail_secret = $1",
    )
    .bind(secret)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(row.map(|row| SeatBySecret {
        game_id: row.get(0),
        seat: Seat(row.get::<i64, _>(1) as u8),
        player: row
            .get::<Option<i64>, _>(2)
            .map(|id| (id, row.get(3), row.get(4))),
    }))
}

/// Whether `secret` is the order address of a seat that a player holds.
pub async fn seat_is_held(state: &Store, secret: &str) -> StoreResult<bool> {
    let held: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM seats WHERE mail_secret = $1 AND player_id IS NOT NULL",
    )
    .bind(secret)
    .fetch_one(&state.db.pool)
    .await?;
    Ok(held > 0)
}

/// What [`claim`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Message `id` is the first with its Message-ID for the seat.
    First,
    /// An earlier message with the same Message-ID was delivered to the seat: its id and status.
    Earlier { id: i64, status: String },
}

/// Claims message `id`'s Message-ID for a seat: the first delivery to a seat takes it (a unique
/// index of game, seat and Message-ID), a redelivery finds the earlier one.
pub async fn claim(
    state: &Store,
    id: i64,
    game_id: i64,
    seat: Seat,
    message_id: &str,
) -> StoreResult<Claim> {
    let taken = sqlx::query("UPDATE inbound_mail SET game_id = $1, seat = $2 WHERE id = $3")
        .bind(game_id)
        .bind(i64::from(seat.0))
        .bind(id)
        .execute(&state.db.pool)
        .await;
    if taken.is_ok() {
        return Ok(Claim::First);
    }
    let earlier = sqlx::query(
        "SELECT id, status FROM inbound_mail WHERE game_id = $1 AND seat = $2 \
         AND message_id = $3 AND status <> 'duplicate' AND id <> $4",
    )
    .bind(game_id)
    .bind(i64::from(seat.0))
    .bind(message_id)
    .bind(id)
    .fetch_optional(&state.db.pool)
    .await?;
    match earlier {
        Some(row) => Ok(Claim::Earlier {
            id: row.get(0),
            status: row.get(1),
        }),
        // Not a duplicate: the database failed.
        None => Err(StoreError::Internal(format!(
            "inbound {id}: storing its seat"
        ))),
    }
}

/// Records what became of an inbound message (a mail no change of a game answers).
pub async fn mark_alone(state: &Store, done: &InboundDone) -> StoreResult<()> {
    mark(&mut *state.db.pool.acquire().await?, done).await
}

/// Writes `mail` to the outbox and marks the inbound message with `done`, in one transaction.
/// A mail with a `dedup_key` already in the outbox is not written again: `done` is told
/// whether it was, and returns the mark.
pub async fn answer(
    state: &Store,
    mail: &OutMail,
    now: i64,
    done: impl FnOnce(bool) -> InboundDone,
) -> StoreResult<bool> {
    let mut tx = state.db.pool.begin().await?;
    let written = queue(&mut tx, mail, now).await?;
    mark(&mut tx, &done(written)).await?;
    tx.commit().await?;
    Ok(written)
}

/// The account whose confirmed address is `address` (any case): its id and the address as
/// confirmed.
pub async fn account_by_address(
    state: &Store,
    address: &str,
) -> StoreResult<Option<(i64, String)>> {
    let row = sqlx::query("SELECT id, email FROM players WHERE lower(email) = lower($1)")
        .bind(address.trim())
        .fetch_optional(&state.db.pool)
        .await?;
    Ok(row.map(|r| (r.get(0), r.get(1))))
}

/// `player`'s seats in running games that have an order address: (game title, seat name,
/// secret), by game and seat.
pub async fn order_addresses(
    state: &Store,
    player: i64,
) -> StoreResult<Vec<(String, String, String)>> {
    let rows = sqlx::query(
        "SELECT g.title, s.name, s.mail_secret FROM seats s JOIN games g ON g.id = s.game_id \
         WHERE s.player_id = $1 AND g.over = 0 AND s.mail_secret IS NOT NULL ORDER BY g.id, s.seat",
    )
    .bind(player)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect())
}
