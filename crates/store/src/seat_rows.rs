//! A change's seat rows: who holds each seat, its bot, its invitation and order address, and
//! whether the lobby offers it, written in the change's transaction.

use sqlx::AnyConnection;

use super::error::StoreResult;
use super::prepared::{SeatWrite, Write};

pub(super) async fn write_seats(conn: &mut AnyConnection, w: &Write) -> StoreResult<()> {
    for seat in &w.seats {
        let query = match seat {
            SeatWrite::Claim { seat, player_id } => {
                super::profiles::keep_seating(conn, *player_id, w.game_id).await?;
                sqlx::query(
                    "UPDATE seats SET player_id = $1, bot = NULL, offered = 0, lang = NULL WHERE game_id = $2 AND seat = $3",
                )
                .bind(Some(*player_id))
                .bind(w.game_id)
                .bind(*seat)
            }
            SeatWrite::Bot { seat, bot } => {
                sqlx::query("UPDATE seats SET bot = $1 WHERE game_id = $2 AND seat = $3")
                    .bind(bot.clone())
                    .bind(w.game_id)
                    .bind(*seat)
            }
            SeatWrite::Free {
                seat,
                invite,
                mail_secret,
            } => sqlx::query(
                "UPDATE seats SET player_id = NULL, invite = $1, mail_secret = $2, lang = NULL WHERE game_id = $3 AND seat = $4",
            )
            .bind(invite.clone())
            .bind(mail_secret.clone())
            .bind(w.game_id)
            .bind(*seat),
            SeatWrite::Offer { seat, offered } => {
                sqlx::query("UPDATE seats SET offered = $1 WHERE game_id = $2 AND seat = $3")
                    .bind(i64::from(*offered))
                    .bind(w.game_id)
                    .bind(*seat)
            }
        };
        query.execute(&mut *conn).await?;
    }
    Ok(())
}
