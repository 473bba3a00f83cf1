//! The absent seat's stand-in at a deadline: which declared window speaks for a seat, whether
//! its turn is excused, and the entries logged for it (an `Event::Away`, then, within the
//! game's allowance, the chosen bot's orders). Which windows are open at the deadline is the
//! store's to read (it owns the clock); what they mean for the game is decided here.

use game_api::Seat;

use crate::error::GmError;
use crate::event::Event;
use crate::registry::Record;

/// A seat as a deadline sees it: who holds it and whether a bot plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holder<'a> {
    pub seat: Seat,
    /// The player's account; `None`: an open seat.
    pub player: Option<i64>,
    /// The bot the GM handed the seat to, if any: it plays whatever its player declares.
    pub bot: Option<&'a str>,
}

impl Holder<'_> {
    /// The player of a seat they play in person (no bot of the GM's in it).
    pub fn in_person(&self) -> Option<i64> {
        self.player.filter(|_| self.bot.is_none())
    }
}

/// A window away open at the deadline, as much of it as decides which one speaks for a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub id: i64,
    pub player: i64,
    /// Declared for this game alone (rather than for all the player's games).
    pub this_game: bool,
    /// Unix seconds: the player is back from then.
    pub until: i64,
}

/// A seat whose player is away at the deadline: until when, and the bot they chose (`None`:
/// the rules' NMR default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Away {
    pub seat: Seat,
    pub until: i64,
    pub bot: Option<String>,
}

/// Whether a deadline of `record` has a seat to look for absences for: the game goes on and a
/// player in person has sealed nothing (a seat the GM handed to a bot never has a stand-in).
pub fn anyone_waiting(record: &Record, seats: &[Holder]) -> bool {
    !record.is_over()
        && seats
            .iter()
            .any(|s| s.in_person().is_some() && !record.ready(s.seat))
}

/// Of `windows` (all open at the deadline), the one that speaks for `player`, as an index
/// into `windows`: one for this game rather than one for all games, and of several the one
/// that ends last (then the first declared).
pub fn window_for(player: i64, windows: &[Window]) -> Option<usize> {
    windows
        .iter()
        .enumerate()
        .filter(|(_, w)| w.player == player)
        .min_by_key(|(_, w)| (!w.this_game, std::cmp::Reverse(w.until), w.id))
        .map(|(i, _)| i)
}

/// The seats of `away` still to be played for at the deadline: those that sealed nothing. The
/// orders a player sealed themselves stand, and use nothing of the allowance.
pub fn unready(record: &Record, away: Vec<Away>) -> Vec<Away> {
    away.into_iter().filter(|a| !record.ready(a.seat)).collect()
}

/// Whether a seat that used `used` excused turns has one left of the game's `allowance`.
pub fn excused(used: u16, allowance: u16) -> bool {
    used < allowance
}

/// The entries a deadline logs, before the resolution, for the seats of `away` (those that
/// sealed nothing, [`unready`]): an `Away` entry each and, within the game's `allowance` (by
/// the turns each seat `used`, by seat index), the chosen bot's orders, applied to `record`.
/// Past the allowance the entry says so and the rules' NMR default plays the seat.
pub fn stand_ins(
    record: &mut Record,
    away: Vec<Away>,
    allowance: u16,
    used: &[u16],
) -> Result<Vec<Event>, GmError> {
    let mut logged = Vec::new();
    for a in away {
        let excused = excused(used.get(a.seat.index()).copied().unwrap_or(0), allowance);
        let bot = a.bot.filter(|_| excused);
        logged.push(Event::Away {
            seat: a.seat,
            until: a.until,
            bot: bot.clone(),
            excused,
        });
        if let Some(bot) = bot {
            for e in record.bot_events(a.seat, &bot)? {
                record.apply(&e)?;
                logged.push(e);
            }
        }
    }
    Ok(logged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Author, Setup};
    use crate::record::Submission;

    /// A two-team race, turn 1, with `red` (seat 0) sealed when `red_sealed`.
    fn race(red_sealed: bool) -> Record {
        let setup = Setup::new("breaking-away", &["red", "blue"], 11).with("rules", "postal-2.2");
        let mut record = Record::replay(&[Event::Created { setup }]).unwrap();
        if red_sealed {
            let sent = Submission {
                turn: None,
                lineup: Some("A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4".into()),
                orders: Some("A 6 B 9 C 8 D 7".into()),
            };
            for e in record.check(Seat(0), &sent, Author::Player).unwrap() {
                record.apply(&e).unwrap();
            }
        }
        record
    }

    fn window(id: i64, player: i64, this_game: bool, until: i64) -> Window {
        Window {
            id,
            player,
            this_game,
            until,
        }
    }

    #[test]
    fn a_window_for_this_game_speaks_before_one_for_all_and_of_several_the_last_to_end() {
        // (player, windows, the index chosen)
        let check = |player: i64, windows: &[Window], expect: Option<usize>| {
            assert_eq!(window_for(player, windows), expect, "{windows:?}");
        };
        check(1, &[], None);
        check(1, &[window(1, 2, true, 10)], None);
        check(
            1,
            &[window(1, 1, false, 20), window(2, 1, true, 10)],
            Some(1),
        );
        check(
            1,
            &[window(1, 1, false, 10), window(2, 1, false, 20)],
            Some(1),
        );
        check(
            1,
            &[window(5, 1, true, 20), window(3, 1, true, 20)],
            Some(1),
        );
    }

    #[test]
    fn only_a_player_in_person_with_nothing_sealed_waits_for_a_stand_in() {
        let check = |red_sealed: bool, seats: &[Holder], expect: bool| {
            assert_eq!(
                anyone_waiting(&race(red_sealed), seats),
                expect,
                "{seats:?}"
            );
        };
        let held = |seat: u8, player: Option<i64>, bot: Option<&'static str>| Holder {
            seat: Seat(seat),
            player,
            bot,
        };
        check(false, &[held(0, Some(1), None)], true);
        check(true, &[held(0, Some(1), None)], false);
        // A seat the GM handed to a bot is the bot's, whatever its player declares.
        check(false, &[held(0, Some(1), Some("heuristic"))], false);
        check(false, &[held(0, None, None), held(1, None, None)], false);
        check(
            true,
            &[held(0, Some(1), None), held(1, Some(2), None)],
            true,
        );
    }

    #[test]
    fn within_the_allowance_the_chosen_bot_plays_past_it_the_nmr_default() {
        // (allowance, used, the chosen bot) → (excused, the bot logged, orders logged)
        let check =
            |allowance: u16, used: u16, bot: Option<&str>, expect: (bool, Option<&str>, usize)| {
                let mut record = race(false);
                let away = vec![Away {
                    seat: Seat(1),
                    until: 1_800_000_000,
                    bot: bot.map(str::to_string),
                }];
                let logged = stand_ins(&mut record, away, allowance, &[0, used]).unwrap();
                let Event::Away {
                    seat,
                    until,
                    bot,
                    excused,
                } = &logged[0]
                else {
                    panic!("{logged:?}");
                };
                assert_eq!((*seat, *until), (Seat(1), 1_800_000_000));
                assert_eq!((*excused, bot.as_deref(), logged.len() - 1), expect);
                assert_eq!(record.ready(Seat(1)), expect.2 > 0);
            };
        // A line-up and orders, as the bot sends them (BA-5: without them, postal 9.1's NMR).
        check(2, 0, Some("heuristic"), (true, Some("heuristic"), 2));
        check(2, 1, Some("heuristic"), (true, Some("heuristic"), 2));
        check(2, 2, Some("heuristic"), (false, None, 0));
        check(0, 0, Some("heuristic"), (false, None, 0));
        check(2, 0, None, (true, None, 0));
    }

    #[test]
    fn orders_a_player_sealed_stand_and_need_no_stand_in() {
        let away = |seat: u8| Away {
            seat: Seat(seat),
            until: 1,
            bot: None,
        };
        let left = unready(&race(true), vec![away(0), away(1)]);
        assert_eq!(left, vec![away(1)]);
    }
}
