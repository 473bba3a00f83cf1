//! Absences as the log records them: a seat played at its deadline for a player who was away
//! (`Event::Away`), and how many of the game's excused turns each seat has used. Whether a
//! player is away is the server's to say (it reads the clock); what the stand-in did is in the
//! log, so a replay and the on-time record agree with it.

use game_api::Seat;

use crate::error::GmError;
use crate::event::Event;
use crate::replay::Replay;

/// The excused turns a game allows each seat when its GM has not said (webDiplomacy's
/// excused missed turns).
pub const DEFAULT_ALLOWANCE: u16 = 2;

/// The most excused turns a GM may allow a seat.
pub const MAX_ALLOWANCE: u16 = 20;

/// The turns each seat's present player was excused (resolved under an `Away { excused:
/// true }`), by seat index: counted from the player's claim of the seat, a turn taken back by
/// a roll-back counted once when resolved again.
pub fn excused_turns(events: &[Event]) -> Result<Vec<u16>, GmError> {
    let marks = (1..)
        .zip(events)
        .filter(|(_, e)| e.takes_back_or_resolves());
    let mut replay = Replay::new(marks)?;
    let mut used: Vec<u16> = Vec::new();
    let mut pending: Vec<bool> = Vec::new();
    for event in events {
        let taken_back = replay.takes_back_next();
        match event {
            Event::Created { setup } => {
                used = vec![0; setup.seats.len()];
                pending = vec![false; setup.seats.len()];
            }
            Event::SeatClaimed { seat, .. } => {
                if let Some(u) = used.get_mut(seat.index()) {
                    *u = 0;
                }
            }
            Event::Away { seat, excused, .. } if !taken_back => {
                if let Some(p) = pending.get_mut(seat.index()) {
                    *p = *excused;
                }
            }
            Event::Resolved { .. } if !taken_back => {
                for (u, p) in used.iter_mut().zip(&mut pending) {
                    if std::mem::take(p) {
                        *u = u.saturating_add(1);
                    }
                }
            }
            _ => {}
        }
        // Only which entries are taken back matters here: the record itself is not rebuilt.
        replay.skip();
    }
    Ok(used)
}

/// What an `Away` entry says, for the history and the turn's report: `away until
/// 2026-12-01 18:00 UTC, played by the bot heuristic (excused)`.
pub fn away_text(event: &Event, lang: game_api::Lang) -> String {
    let Event::Away {
        until,
        bot,
        excused,
        ..
    } = event
    else {
        return String::new();
    };
    let until = crate::utc_text(*until);
    match (bot, excused) {
        (_, false) => locale::tr!(lang, "away-note-missed", until = until),
        (Some(bot), true) => {
            locale::tr!(lang, "away-note-bot", until = until, bot = bot.to_string())
        }
        (None, true) => locale::tr!(lang, "away-note-nmr", until = until),
    }
}

/// The seats an `Away` entry among `events` names, with the entry.
pub fn away_seats(events: &[Event]) -> impl Iterator<Item = (Seat, &Event)> {
    events.iter().filter_map(|e| match e {
        Event::Away { seat, .. } => Some((*seat, e)),
        _ => None,
    })
}

/// The lines a turn's report adds for its absent seats (`Away` entries among `events`, the
/// entries logged with the resolution), one a seat: `Away: red, away until …`. Empty if none.
pub fn away_note(seats: &[String], events: &[Event], lang: game_api::Lang) -> String {
    away_seats(events)
        .map(|(seat, e)| {
            let name = seats.get(seat.index()).map_or("?", String::as_str);
            locale::tr!(lang, "away-note", seat = name, text = away_text(e, lang)) + "\n"
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Setup;

    fn away(seat: u8, excused: bool) -> Event {
        Event::Away {
            seat: Seat(seat),
            until: 1_800_000_000,
            bot: None,
            excused,
        }
    }

    #[test]
    fn excused_turns_count_from_the_claim_and_a_rolled_back_turn_once() {
        let setup = Setup::new("breaking-away", &["red", "blue"], 11).with("rules", "postal-2.2");
        let claim = |seat: u8, player: &str| Event::SeatClaimed {
            seat: Seat(seat),
            player: player.into(),
        };
        let log = vec![
            Event::Created { setup },
            claim(0, "ann"),
            claim(1, "bob"),
            away(1, true),
            Event::resolved(1),
            Event::RolledBack { turn: 1 },
            Event::resolved(1),
            away(1, true),
            away(0, false),
            Event::resolved(2),
            away(0, true),
            Event::resolved(3),
            // A new player in seat 0 starts with the whole allowance.
            claim(0, "cy"),
        ];
        assert_eq!(excused_turns(&log).unwrap(), vec![0, 2]);
        assert_eq!(excused_turns(&log[..12]).unwrap(), vec![1, 2]);
        assert!(away_text(&away(0, false), game_api::Lang::EN).contains("counts as missed"));
    }
}
