//! Who may act on a game: its GM, a seat's own player, a newcomer while invitations work and
//! their on-time record meets the game's minimum. Every action asks here, whichever door.

use game_api::Seat;
use locale::phrase;
use store::Table;

use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// Refuses anyone but the game's GM.
pub fn require_gm(table: &Table, player: &Player) -> ApiResult<()> {
    if table.is_gm(player.id) {
        Ok(())
    } else {
        Err(ApiError::Forbidden(phrase!("error-gm-only")))
    }
}

/// The seat the player holds in this game, or a 403.
pub fn own_seat(table: &Table, player: &Player) -> ApiResult<Seat> {
    table
        .seat_of(player.id)
        .ok_or_else(|| ApiError::Forbidden(phrase!("error-seat-not-yours")))
}

/// Whether the game's invitations still work: they end when the game is over (for good) or
/// archived (while it is), so that an invitation never used cannot put a stranger in a
/// finished game's results.
pub fn invitations_open(table: &Table) -> ApiResult<()> {
    if table.row.over || table.record.is_over() {
        return Err(ApiError::Conflict(phrase!(
            "error-invite-game-over",
            game_noun = table.row.game.game_noun
        )));
    }
    if table.row.archived {
        return Err(ApiError::Conflict(phrase!(
            "error-invite-game-archived",
            game_noun = table.row.game.game_noun
        )));
    }
    Ok(())
}

/// Refuses a player whose on-time record is below what game `id` asks of new players. A
/// player with no seated turn yet has no record, and is let in.
pub async fn check_on_time(state: &AppState, player: &Player, id: i64) -> ApiResult<()> {
    let Some(min) = store::profiles::min_on_time(state, id).await? else {
        return Ok(());
    };
    let record = store::profiles::on_time_of(state, player.id).await?;
    match record.percent() {
        Some(percent) if percent < min => Err(ApiError::Forbidden(phrase!(
            "error-min-on-time-unmet",
            min = min,
            percent = percent,
            sent = record.sent,
            seated = record.seated
        ))),
        _ => Ok(()),
    }
}
