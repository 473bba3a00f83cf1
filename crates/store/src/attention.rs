//! What asks for a player's attention: the games awaiting their orders (counted in every
//! page's header and tab title) and the reports they have not seen yet (the seat's last seen
//! turn, kept beside the seat; it is a reader's mark, not part of the game, so it is written
//! outside the game's log and version).

use std::collections::HashMap;

use sqlx::Row;

use super::error::StoreResult;
use super::state::Store;

/// The games, listed and not over, where a seat of `player` has orders to send and has not
/// sealed them: read from the summary columns (`ready_seats`: bit N is seat N sealed, with
/// nothing to send, or a bot's), the same that the front page's list shows.
pub async fn awaiting(state: &Store, player: i64) -> StoreResult<usize> {
    let count: i64 = sqlx::query(
        "SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id \
         WHERE s.player_id = $1 AND g.over = 0 AND g.archived = 0 \
         AND (g.ready_seats >> CAST(s.seat AS INTEGER)) & CAST(1 AS BIGINT) = 0",
    )
    .bind(player)
    .fetch_one(&state.db.pool)
    .await?
    .get(0);
    Ok(usize::try_from(count).unwrap_or(0))
}

/// The last turn of each of `player`'s games whose report they have seen, by game.
pub async fn seen_turns(state: &Store, player: i64) -> StoreResult<HashMap<i64, u16>> {
    let rows = sqlx::query("SELECT game_id, seen_turn FROM seats WHERE player_id = $1")
        .bind(player)
        .fetch_all(&state.db.pool)
        .await?;
    Ok(rows
        .iter()
        .map(|r| {
            let turn: i64 = r.get(1);
            (r.get(0), u16::try_from(turn).unwrap_or(0))
        })
        .collect())
}

/// Notes that `player` has read game `game` as far as turn `turn`, and says whether that turn
/// was new to them (a report since their last visit). Written only when it changes.
pub async fn seen(state: &Store, game: i64, player: i64, turn: u16) -> StoreResult<bool> {
    let before: Option<i64> =
        sqlx::query("SELECT seen_turn FROM seats WHERE game_id = $1 AND player_id = $2")
            .bind(game)
            .bind(player)
            .fetch_optional(&state.db.pool)
            .await?
            .map(|r| r.get(0));
    let Some(before) = before else {
        return Ok(false);
    };
    if before >= i64::from(turn) {
        return Ok(false);
    }
    sqlx::query(
        "UPDATE seats SET seen_turn = $1 WHERE game_id = $2 AND player_id = $3 AND seen_turn < $1",
    )
    .bind(i64::from(turn))
    .bind(game)
    .bind(player)
    .execute(&state.db.pool)
    .await?;
    Ok(true)
}
