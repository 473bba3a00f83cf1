//! Each player's on-time record in one game, read from its log: the turns they were seated for,
//! the turns they sent orders for, and the seats they abandoned (issue 35).
//!
//! A player is *seated* for a resolved turn when they held the seat in person (claimed, not
//! handed to a bot) and the seat had orders to send for it (`Record::takes_orders`). They *sent*
//! orders when the seat's orders for that turn were sealed by its player (or typed in by the
//! GM); otherwise the turn was an NMR. A seat is *abandoned* when it is freed for someone else
//! while its player held it, after the race started and before its end. A roll-back takes its
//! turn back from the record as the replay does (`Replay`). A turn played for an absent player
//! within the game's allowance (`Event::Away`, `excused`) is *excused*: neither seated nor an
//! NMR; beyond the allowance it is an NMR like any other.

use std::collections::BTreeMap;

use game_api::Seat;

use crate::error::GmError;
use crate::event::{Author, Event};
use crate::replay::Replay;

/// One player's tallies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct OnTime {
    /// Resolved turns the player was seated for, with orders to send.
    pub seated: u32,
    /// Of those, the turns they sent orders for.
    pub sent: u32,
    /// Of those, the turns they sent nothing for: `seated - sent`.
    pub nmr: u32,
    /// Seats freed while the player held them, mid-game.
    pub abandoned: u32,
    /// Turns played for the player while away, within the games' allowances: not counted as
    /// seated, so not NMRs.
    pub excused: u32,
}

impl OnTime {
    /// Adds another game's tallies.
    pub fn add(&mut self, other: OnTime) {
        self.seated += other.seated;
        self.sent += other.sent;
        self.nmr += other.nmr;
        self.abandoned += other.abandoned;
        self.excused += other.excused;
    }

    /// The share of seated turns with orders sent, in whole per cent rounded down; `None`
    /// before any seated turn.
    pub fn percent(&self) -> Option<u32> {
        (self.seated > 0).then(|| self.sent * 100 / self.seated)
    }
}

/// Who holds a seat now, as the log says.
#[derive(Clone, Debug, Default)]
struct Holder {
    player: Option<String>,
    /// A bot plays the seat for now: its turns are not its player's.
    bot: bool,
    /// Who sealed the seat's orders for the coming turn.
    sealed_by: Option<Author>,
    /// The coming turn is played for the player while away, excused.
    excused: bool,
}

/// Every player's on-time record in the game whose log is `events`, by player name.
pub fn on_time(events: &[Event]) -> Result<BTreeMap<String, OnTime>, GmError> {
    let marks = (1..)
        .zip(events)
        .filter(|(_, e)| e.takes_back_or_resolves());
    let mut replay = Replay::new(marks)?;
    let mut holders: Vec<Holder> = Vec::new();
    let mut tallies: BTreeMap<String, OnTime> = BTreeMap::new();
    for event in events {
        let taken_back = replay.takes_back_next();
        match event {
            Event::Created { setup } => holders = vec![Holder::default(); setup.seats.len()],
            Event::SeatClaimed { seat, player } => {
                if let Some(h) = holders.get_mut(seat.index()) {
                    h.player = Some(player.clone());
                    h.bot = false;
                }
            }
            Event::SeatBot { seat, bot } => {
                if let Some(h) = holders.get_mut(seat.index()) {
                    h.bot = bot.is_some();
                }
            }
            Event::SeatFreed { seat } => {
                let record = replay.record();
                let mid_game = record.is_some_and(|r| r.started() && !r.is_over());
                if let Some(h) = holders.get_mut(seat.index())
                    && let Some(player) = h.player.take()
                    && mid_game
                {
                    tallies.entry(player).or_default().abandoned += 1;
                }
            }
            Event::Orders { seat, author, .. } if !taken_back => {
                if let Some(h) = holders.get_mut(seat.index()) {
                    h.sealed_by = Some(author.clone());
                }
            }
            Event::Away { seat, excused, .. } if !taken_back => {
                if let Some(h) = holders.get_mut(seat.index()) {
                    h.excused = *excused;
                }
            }
            Event::Resolved { .. } if !taken_back => {
                let Some(record) = replay.record() else {
                    return Err(GmError::Log(
                        "log: it does not begin with the game's creation".into(),
                    ));
                };
                for (index, h) in holders.iter_mut().enumerate() {
                    let sealed_by = h.sealed_by.take();
                    let excused = std::mem::take(&mut h.excused);
                    let (Some(player), false) = (&h.player, h.bot) else {
                        continue;
                    };
                    if !record.takes_orders(Seat(index as u8)) {
                        continue;
                    }
                    let tally = tallies.entry(player.clone()).or_default();
                    if excused {
                        tally.excused += 1;
                        continue;
                    }
                    tally.seated += 1;
                    if matches!(sealed_by, Some(Author::Player | Author::Gm)) {
                        tally.sent += 1;
                    } else {
                        tally.nmr += 1;
                    }
                }
            }
            _ => {}
        }
        replay.push(event)?;
    }
    Ok(tallies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Setup;

    fn claimed(seat: u8, player: &str) -> Event {
        Event::SeatClaimed {
            seat: Seat(seat),
            player: player.into(),
        }
    }

    fn orders(seat: u8, text: &str, author: Author) -> Event {
        Event::Orders {
            seat: Seat(seat),
            text: text.into(),
            author,
        }
    }

    fn lineup(seat: u8) -> Event {
        Event::Lineup {
            seat: Seat(seat),
            text: "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4".into(),
            author: Author::Player,
        }
    }

    #[test]
    fn a_turn_without_the_players_orders_is_an_nmr_and_a_rolled_back_turn_counts_once() {
        let setup = Setup::new("breaking-away", &["red", "blue"], 11).with("rules", "postal-2.2");
        let log = vec![
            Event::Created { setup },
            claimed(0, "ann"),
            claimed(1, "bob"),
            lineup(0),
            orders(0, "A 6 B 9 C 8 D 7", Author::Player),
            lineup(1),
            Event::resolved(1),
            // The GM takes turn 1 back; it is resolved again with the orders kept.
            Event::RolledBack { turn: 1 },
            Event::resolved(1),
            // Turn 2: bob's seat is a bot's, not bob's; ann sends nothing.
            Event::SeatBot {
                seat: Seat(1),
                bot: Some("nmr".into()),
            },
            Event::resolved(2),
            Event::SeatBot {
                seat: Seat(1),
                bot: None,
            },
            Event::resolved(3),
            Event::SeatFreed { seat: Seat(1) },
            // Turn 4: ann is away, excused; turn 5: away beyond the allowance, an NMR.
            Event::Away {
                seat: Seat(0),
                until: 1_800_000_000,
                bot: None,
                excused: true,
            },
            Event::resolved(4),
            Event::Away {
                seat: Seat(0),
                until: 1_800_000_000,
                bot: None,
                excused: false,
            },
            Event::resolved(5),
        ];
        let record = on_time(&log);
        let Ok(record) = record else {
            panic!("{record:?}")
        };
        let ann = record["ann"];
        let bob = record["bob"];
        assert_eq!((ann.seated, ann.sent, ann.nmr, ann.abandoned), (4, 1, 3, 0));
        assert_eq!(ann.excused, 1);
        assert_eq!((bob.seated, bob.sent, bob.nmr, bob.abandoned), (2, 0, 2, 1));
        assert_eq!(ann.percent(), Some(25));
        assert_eq!(OnTime::default().percent(), None);
    }
}
