//! A finished game read for its rating update, from its record and its log: each seat's
//! player, place, turns and silent turns, and whether a bot ever played it. The desk and the
//! server read a game the same way, so a rebuild meets the same seats as the update did.

use game_api::Seat;
use locale::phrase;

use super::{RatedGame, RatedSeat};
use crate::error::GmError;
use crate::event::{Author, Event};
use crate::registry::Record;

/// The game `id`, finished at `finished` (Unix seconds), as its rating update reads it.
/// `record` is the replay of `log`. Only the log up to the resolution that ended the game
/// counts: a seat handed over afterwards changes nothing. Players are named as the log
/// names them (`seat_claimed`).
pub fn rated_game(
    id: i64,
    finished: i64,
    record: &Record,
    log: &[Event],
) -> Result<RatedGame<String>, GmError> {
    let places = record
        .places()
        .ok_or_else(|| GmError::Refused(phrase!("error-game-not-over", id = id)))?;
    let seats = record.seats().len();
    let mut players: Vec<Option<String>> = vec![None; seats];
    let mut bots = vec![false; seats];
    let end = log
        .iter()
        .rposition(|e| matches!(e, Event::Resolved { .. }))
        .map_or(0, |at| at + 1);
    for event in &log[..end] {
        // A seat the game does not have (the record checks only what changes it) is ignored.
        match event {
            Event::SeatClaimed { seat, player } => {
                if let Some(held) = players.get_mut(seat.index()) {
                    *held = Some(player.clone());
                }
            }
            Event::SeatFreed { seat } => {
                if let Some(held) = players.get_mut(seat.index()) {
                    *held = None;
                }
            }
            Event::SeatBot { seat, bot: Some(_) }
            | Event::Orders {
                seat,
                author: Author::Bot(_),
                ..
            }
            | Event::Lineup {
                seat,
                author: Author::Bot(_),
                ..
            } => {
                if let Some(bot) = bots.get_mut(seat.index()) {
                    *bot = true;
                }
            }
            _ => {}
        }
    }
    Ok(RatedGame {
        game: record.game().name.to_string(),
        finished,
        id,
        seats: (0..seats)
            .map(|k| {
                let (turns, silent) = record.silences(Seat(k as u8));
                RatedSeat {
                    player: players[k].take(),
                    bot: bots[k],
                    place: places.get(k).copied().unwrap_or(u16::MAX),
                    turns,
                    silent,
                }
            })
            .collect(),
    })
}
