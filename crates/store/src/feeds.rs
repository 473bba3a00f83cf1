//! The secrets in the addresses of a seat's feeds (its calendar and its reports): one per seat
//! and player, drawn when first asked for, replaced when renewed. A feed answers only while the
//! secret's player still holds the seat and their account is neither suspended nor deleted
//! (either drops the account's secrets: `store::account_care`).

use std::collections::BTreeMap;

use game_api::Seat;
use gm::Event;
use sqlx::Row;

use super::error::StoreResult;
use super::secrets::new_secret;
use super::state::Store;
use super::table::Table;

/// A seat's feed secret: 128 bits, as 32 hex digits.
fn new_feed_secret() -> StoreResult<String> {
    Ok(new_secret()?[..32].to_string())
}

/// The feed secret of `seat` of game `game` for `player`, drawn now if it has none.
pub async fn feed_secret(state: &Store, game: i64, seat: Seat, player: i64) -> StoreResult<String> {
    sqlx::query(
        "INSERT INTO seat_feeds (game_id, seat, player_id, secret) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id, seat, player_id) DO NOTHING",
    )
    .bind(game)
    .bind(i64::from(seat.0))
    .bind(player)
    .bind(new_feed_secret()?)
    .execute(&state.db.pool)
    .await?;
    Ok(sqlx::query_scalar(
        "SELECT secret FROM seat_feeds WHERE game_id = $1 AND seat = $2 AND player_id = $3",
    )
    .bind(game)
    .bind(i64::from(seat.0))
    .bind(player)
    .fetch_one(&state.db.pool)
    .await?)
}

/// Replaces the feed secret of `seat` of game `game` for `player`: the old addresses stop
/// answering. The new secret.
pub async fn renew(state: &Store, game: i64, seat: Seat, player: i64) -> StoreResult<String> {
    let secret = new_feed_secret()?;
    sqlx::query(
        "INSERT INTO seat_feeds (game_id, seat, player_id, secret) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id, seat, player_id) DO UPDATE SET secret = excluded.secret",
    )
    .bind(game)
    .bind(i64::from(seat.0))
    .bind(player)
    .bind(&secret)
    .execute(&state.db.pool)
    .await?;
    Ok(secret)
}

/// The game and seat whose feeds `secret` opens, while its player still holds the seat and may
/// log in.
pub async fn seat_of_feed(state: &Store, secret: &str) -> StoreResult<Option<(i64, Seat)>> {
    let row = sqlx::query(
        "SELECT f.game_id, f.seat FROM seat_feeds f \
         JOIN seats s ON s.game_id = f.game_id AND s.seat = f.seat AND s.player_id = f.player_id \
         JOIN players p ON p.id = f.player_id \
         WHERE f.secret = $1 AND p.deleted_at IS NULL AND p.suspended_at IS NULL",
    )
    .bind(secret)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(row.map(|r| {
        let seat: i64 = r.get::<i64, _>(1);
        (r.get(0), Seat(seat as u8))
    }))
}

/// The seats `player` holds now, as (game id, game title, seat), by game.
pub async fn held_seats(state: &Store, player: i64) -> StoreResult<Vec<(i64, String, Seat)>> {
    let rows = sqlx::query(
        "SELECT g.id, g.title, s.seat FROM seats s JOIN games g ON g.id = s.game_id \
         WHERE s.player_id = $1 ORDER BY g.id",
    )
    .bind(player)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| (r.get(0), r.get(1), Seat(r.get::<i64, _>(2) as u8)))
        .collect())
}

/// When each of the latest resolved turns of the game read as `table` was resolved, from its
/// last `entries` resolutions (the last resolution of each turn number, so that a turn taken
/// back and resolved again has its second time).
pub async fn resolution_times(
    state: &Store,
    table: &Table,
    entries: i64,
) -> StoreResult<BTreeMap<u16, i64>> {
    let rows = sqlx::query(
        "SELECT at, body FROM events WHERE game_id = $1 AND seq <= $2 \
         AND kind = 'resolved' ORDER BY seq DESC LIMIT $3",
    )
    .bind(table.row.id)
    .bind(table.row.version)
    .bind(entries)
    .fetch_all(&state.db.pool)
    .await?;
    let mut times = BTreeMap::new();
    for r in rows {
        if let Ok(Event::Resolved { turn, .. }) = Event::from_json(&r.get::<String, _>(1)) {
            times.entry(turn).or_insert(r.get::<i64, _>(0));
        }
    }
    Ok(times)
}
