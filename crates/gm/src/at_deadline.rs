//! What a deadline does to a game: whether its coming turn is due, and the turn played — the
//! absent players' stand-ins (`stand_in`), the bots in their seats, then the resolution, where
//! the rules' NMR policy plays every seat still without orders. The caller gives the time and
//! the windows away; the next deadline is the game's `DeadlineRule`'s.

use crate::deadline::{DeadlineError, DeadlineRule};
use crate::error::GmError;
use crate::event::Event;
use crate::registry::Record;
use crate::stand_in::Holder;

/// A game's row as a deadline reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    /// Unix seconds; `None`: the clock has not started (the game waits for its players).
    pub next_deadline: Option<i64>,
    /// Marked over in the database.
    pub over: bool,
    pub paused: bool,
    /// Every seat is ready (the turn is processed early).
    pub all_ready: bool,
}

/// Whether the coming turn is played at `now`: its deadline has passed, or every seat is
/// ready, and the game is neither over nor paused; a GM's `force` plays it anyway, unless the
/// game is over (`record_over`: the rules say so).
pub fn plays(due: Due, record_over: bool, now: i64, force: bool) -> bool {
    let due_now = due.next_deadline.is_some_and(|d| d <= now) || due.all_ready;
    !(due.over || record_over || (!force && (due.paused || !due_now)))
}

/// Adjudicates the coming turn on `record`: the bots in their seats send their orders, then
/// the turn is resolved (missing orders get the rules' NMR policy, e.g. postal 9.1 for
/// Breaking Away, BA-5). Returns the log entries.
pub fn play_turn(record: &mut Record, seats: &[Holder]) -> Result<Vec<Event>, GmError> {
    let mut events = Vec::new();
    for seat in seats {
        if let Some(bot) = seat.bot {
            for e in record.bot_events(seat.seat, bot)? {
                record.apply(&e)?;
                events.push(e);
            }
        }
    }
    let turn = record.turn();
    record.apply(&Event::resolved(turn))?;
    events.push(record.resolution_entry(turn)?);
    Ok(events)
}

/// What a change to a game says about its clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The change leaves the game over.
    pub over: bool,
    /// The next deadline the change sets (`Some(None)`: stops the clock); `None`: says nothing.
    pub set: Option<Option<i64>>,
    /// The game's next deadline before the change.
    pub current: Option<i64>,
    /// Every seat is taken after the change (by a player or a bot).
    pub seats_taken: bool,
}

/// The game's next deadline after a change at `now`: none once it is over; the one the change
/// sets; else the one it had. A game waiting for its players starts its clock under `rule`
/// when the last open seat is taken, so that nobody is marked as having sent nothing before
/// they could.
pub fn next_deadline(
    clock: Clock,
    rule: &DeadlineRule,
    now: i64,
) -> Result<Option<i64>, DeadlineError> {
    Ok(match clock.set {
        _ if clock.over => None,
        Some(next) => next,
        None if clock.current.is_some() => clock.current,
        None if clock.seats_taken => Some(rule.next_after(now)?),
        None => None,
    })
}

/// Whether a turn played leaves the game's rating update to apply: the turn ended the game
/// (whether the game is rated is the update's to read).
pub fn rates(record: &Record) -> bool {
    record.is_over()
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Seat;

    #[test]
    fn a_turn_plays_when_due_or_ready_and_a_gm_forces_it_unless_over() {
        // (row, the rules say over, force) → plays at now = 100
        let check = |due: Due, record_over: bool, force: bool, expect: bool| {
            assert_eq!(
                plays(due, record_over, 100, force),
                expect,
                "{due:?} {force}"
            );
        };
        let row = Due {
            next_deadline: Some(100),
            over: false,
            paused: false,
            all_ready: false,
        };
        check(row, false, false, true);
        check(
            Due {
                next_deadline: Some(101),
                ..row
            },
            false,
            false,
            false,
        );
        check(
            Due {
                next_deadline: None,
                ..row
            },
            false,
            false,
            false,
        );
        check(
            Due {
                next_deadline: Some(101),
                all_ready: true,
                ..row
            },
            false,
            false,
            true,
        );
        check(
            Due {
                next_deadline: Some(101),
                ..row
            },
            false,
            true,
            true,
        );
        check(
            Due {
                paused: true,
                ..row
            },
            false,
            false,
            false,
        );
        check(
            Due {
                paused: true,
                ..row
            },
            false,
            true,
            true,
        );
        check(Due { over: true, ..row }, false, true, false);
        check(row, true, true, false);
    }

    #[test]
    fn a_change_keeps_sets_or_starts_the_clock_and_an_ended_game_has_none() {
        // (clock) → the next deadline at now = 1000, turns every hour
        let check = |clock: Clock, expect: Option<i64>| {
            let rule = DeadlineRule::Interval { seconds: 3600 };
            assert_eq!(next_deadline(clock, &rule, 1000), Ok(expect), "{clock:?}");
        };
        let clock = Clock {
            over: false,
            set: None,
            current: Some(500),
            seats_taken: true,
        };
        check(clock, Some(500));
        check(
            Clock {
                set: Some(Some(9)),
                ..clock
            },
            Some(9),
        );
        check(
            Clock {
                set: Some(None),
                ..clock
            },
            None,
        );
        check(
            Clock {
                over: true,
                set: Some(Some(9)),
                ..clock
            },
            None,
        );
        // The clock starts when the last open seat is taken.
        check(
            Clock {
                current: None,
                ..clock
            },
            Some(4600),
        );
        check(
            Clock {
                current: None,
                seats_taken: false,
                ..clock
            },
            None,
        );
    }

    #[test]
    fn the_bots_in_their_seats_play_then_the_nmr_default_and_the_turn_resolves() {
        let setup =
            crate::Setup::new("breaking-away", &["red", "blue"], 11).with("rules", "postal-2.2");
        let mut record = Record::replay(&[Event::Created { setup }]).unwrap();
        let seats = [
            Holder {
                seat: Seat(0),
                player: Some(1),
                bot: None,
            },
            Holder {
                seat: Seat(1),
                player: None,
                bot: Some("heuristic"),
            },
        ];
        let events = play_turn(&mut record, &seats).unwrap();
        // The bot's line-up and orders, then the resolution; red's riders play postal 9.1's
        // NMR default.
        let resolved: Vec<bool> = events
            .iter()
            .map(|e| matches!(e, Event::Resolved { turn: 1, .. }))
            .collect();
        assert_eq!(resolved, [false, false, true], "{events:?}");
        assert_eq!(record.turn(), 2);
        assert!(!rates(&record));
    }
}
