//! A player's seating as their profile shows it: for each game they took a seat in, the seat
//! they hold now (none once it was freed), whether the game is over, their place at its end,
//! and the shelf it goes on (running, finished, left); and their on-time record in it.

use std::collections::BTreeMap;

use game_api::Seat;

use crate::on_time::OnTime;
use crate::registry::Record;

/// One game on a profile, as far as the rules decide it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The seat the player holds now; `None` once it was freed.
    pub seat: Option<Seat>,
    /// Over: marked so in the database, or the rules say so.
    pub over: bool,
    /// Their place at the end (1 for the winner), where the game ranks its seats.
    pub place: Option<u16>,
}

/// Where a game goes on a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shelf {
    /// A seat held in a game still played.
    Running,
    /// A seat held to the end.
    Finished,
    /// The seat was freed (a finished game too).
    Left,
}

/// The player's seating in the game `record` holds: `seat`, the one they hold now, and
/// `over_in_row`, whether the database marks the game over.
pub fn seating(record: &Record, over_in_row: bool, seat: Option<Seat>) -> Seating {
    let over = over_in_row || record.is_over();
    let place = seat
        .filter(|_| over)
        .and_then(|s| place_of(record.places().as_deref(), s));
    Seating { seat, over, place }
}

/// A seat's place among `places` (by seat index), where the game ranks its seats.
fn place_of(places: Option<&[u16]>, seat: Seat) -> Option<u16> {
    places?.get(seat.index()).copied()
}

/// The shelf of a game whose seat the player still holds (`held`) or not.
pub fn shelf(held: bool, over: bool) -> Shelf {
    match (held, over) {
        (false, _) => Shelf::Left,
        (true, false) => Shelf::Running,
        (true, true) => Shelf::Finished,
    }
}

/// The record of the player called `name` in one game, of its tallies (`on_time`): nothing
/// where they never sat in person.
pub fn on_time_in(tallies: &BTreeMap<String, OnTime>, name: &str) -> OnTime {
    tallies.get(name).copied().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Event, Setup};

    #[test]
    fn a_freed_seat_is_left_and_a_held_one_running_or_finished() {
        let check = |held: bool, over: bool, expect: Shelf| {
            assert_eq!(shelf(held, over), expect, "held {held}, over {over}");
        };
        check(true, false, Shelf::Running);
        check(true, true, Shelf::Finished);
        check(false, false, Shelf::Left);
        check(false, true, Shelf::Left);
    }

    #[test]
    fn a_place_is_the_seats_where_the_game_ranks_its_seats() {
        // (places by seat, seat) → place; shared places stay shared (BA-2)
        let check = |places: Option<&[u16]>, seat: u8, expect: Option<u16>| {
            assert_eq!(place_of(places, Seat(seat)), expect, "{places:?}");
        };
        check(Some(&[2, 1]), 0, Some(2));
        check(Some(&[1, 1]), 1, Some(1));
        check(Some(&[1]), 1, None);
        check(None, 0, None);
    }

    #[test]
    fn a_game_still_played_has_no_place_unless_the_row_says_it_is_over() {
        let setup = Setup::new("breaking-away", &["red", "blue"], 11).with("rules", "postal-2.2");
        let record = Record::replay(&[Event::Created { setup }]).unwrap();
        let check = |over_in_row: bool, seat: Option<u8>, expect: Seating| {
            assert_eq!(seating(&record, over_in_row, seat.map(Seat)), expect);
        };
        let seat = Some(Seat(1));
        check(
            false,
            Some(1),
            Seating {
                seat,
                over: false,
                place: None,
            },
        );
        // Ended by the GM before the rules ranked anyone: over, and no place.
        check(
            true,
            Some(1),
            Seating {
                seat,
                over: true,
                place: None,
            },
        );
        check(
            true,
            None,
            Seating {
                seat: None,
                over: true,
                place: None,
            },
        );
    }

    #[test]
    fn a_player_who_never_sat_in_person_has_an_empty_record() {
        let mut tallies = BTreeMap::new();
        let ann = OnTime {
            seated: 3,
            sent: 2,
            ..OnTime::default()
        };
        tallies.insert("ann".to_string(), ann);
        assert_eq!(on_time_in(&tallies, "ann"), ann);
        assert_eq!(on_time_in(&tallies, "bob"), OnTime::default());
    }
}
