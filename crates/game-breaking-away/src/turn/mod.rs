//! One turn of Breaking Away: the order of movement (postal 8; board: inside first, turn-1
//! rotation) in `movement_order.rs`, movement and scoring at the lines (postal 5, 6.4) here,
//! and replacement cards (postal 7.4–7.9; board replacement, breaking away, turn-1
//! congestion) in `replacement.rs`; `keys.rs` packs riders into the keys both sort.

mod keys;
mod movement_order;
mod replacement;

use crate::points::Points;
use crate::position::{Position, Rider, Status};
use crate::rules::{Line, SCORING_PLACES};
use keys::{JOINS, front_first, rider_of};
use movement_order::{Play, movement_order};
use replacement::replace_cards;

/// Where the card a rider played came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The player ordered it.
    Ordered,
    /// No order arrived: the highest card in the hand (postal 9.1).
    Nmr,
    /// The rider was declared dropped and sent no order: the highest card (postal 10.1, see
    /// docs/rulings.md).
    Dropped,
}

/// One rider's move this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub rider: usize,
    pub card: u16,
    pub from: i32,
    pub to: i32,
    pub source: Source,
    /// Riders with the same group number moved simultaneously (postal 8.2.5).
    pub group: u16,
}

/// A place scored at a line. `riders` has more than one rider only when riders moved
/// simultaneously; then `points` is each rider's equal share of the places they took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award {
    pub line: Line,
    pub place: u16,
    pub riders: Vec<usize>,
    pub points: Points,
}

/// Why a rider got its replacement card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// 3 plus the riders in the unbroken string ahead (postal 7.5–7.6).
    Slipstream { riders_ahead: u16 },
    /// The rider has just made (or made again) a sole lead: its lead over the next rider
    /// (postal 7.8), or over the nearest rider of another team with group breakaways.
    BreakingAway { lead: u16 },
    /// The rider kept the sole lead it already had: 3 (postal 7.8).
    KeptLead,
    /// The rider leads alone with no rival left on the track to measure a lead against: 3.
    Alone,
    /// Board turn-1 congestion: the rider stands on a crowded square: 3.
    Crowded,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replacement {
    pub card: u16,
    pub why: Why,
}

/// Everything that happened in one turn, for reports and the scenario notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnOutcome {
    pub turn: u16,
    /// Board turn 1: the team that moved first.
    pub first_team: Option<u8>,
    /// Moves in the order they were made, first mover first.
    pub moves: Vec<Move>,
    pub awards: Vec<Award>,
    /// Riders who crossed the finish line this turn, with their places.
    pub finishers: Vec<(usize, u16)>,
    /// Per rider (indexed like `Position::riders`): the replacement card, if it got one.
    pub replacements: Vec<Option<Replacement>>,
    pub sole_leader: Option<usize>,
    pub race_over: bool,
}

/// Orders that cannot be carried out. Each names the rider by its index in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("the race is over")]
    RaceOver,
    #[error("orders for {got} riders, the race has {want}")]
    WrongCount { got: usize, want: usize },
    #[error("card {card} is not in the hand of rider {rider}")]
    NotInHand { rider: usize, card: u16 },
    #[error("rider {rider} is not on the track and takes no orders")]
    NotOnTrack { rider: usize },
    #[error("rider {rider} has no card to play")]
    EmptyHand { rider: usize },
}

/// What a turn reports as it is adjudicated. [`TurnOutcome`] records everything for reports
/// and the notation; `()` records nothing, for simulations that only need the next position.
pub trait Recorder {
    fn moved(&mut self, _m: Move) {}
    fn awarded(&mut self, _line: Line, _place: u16, _riders: &[usize], _points: Points) {}
    fn finished(&mut self, _rider: usize, _place: u16) {}
    fn replaced(&mut self, _rider: usize, _replacement: Replacement) {}
}

impl Recorder for () {}

impl Recorder for TurnOutcome {
    fn moved(&mut self, m: Move) {
        self.moves.push(m);
    }
    fn awarded(&mut self, line: Line, place: u16, riders: &[usize], points: Points) {
        self.awards.push(Award {
            line,
            place,
            riders: riders.to_vec(),
            points,
        });
    }
    fn finished(&mut self, rider: usize, place: u16) {
        self.finishers.push((rider, place));
    }
    fn replaced(&mut self, rider: usize, replacement: Replacement) {
        self.replacements[rider] = Some(replacement);
    }
}
/// Resolves one turn. `orders[i]` is the card ordered for rider `i`, `None` for no order.
/// Either the whole turn is applied or, on a bad order, nothing is.
pub fn resolve(
    position: &Position,
    orders: &[Option<u16>],
) -> Result<(Position, TurnOutcome), OrderError> {
    let mut next = position.clone();
    let mut outcome = TurnOutcome {
        turn: position.turn,
        first_team: position.first_team,
        moves: Vec::with_capacity(position.riders.len()),
        awards: Vec::new(),
        finishers: Vec::new(),
        replacements: vec![None; position.riders.len()],
        sole_leader: None,
        race_over: false,
    };
    advance(&mut next, orders, &mut outcome)?;
    outcome.sole_leader = next.riders.iter().position(|r| r.sole_leader);
    outcome.race_over = next.is_over();
    Ok((next, outcome))
}

/// Buffers a turn works in, kept between turns by simulations so that a turn allocates nothing.
#[derive(Debug, Default)]
pub struct Scratch {
    played: Vec<Option<Play>>,
    /// Sort keys of the riders who move, sorted into the order of movement; a key with
    /// [`JOINS`] set moves simultaneously with the one before it.
    keyed: Vec<u64>,
    /// Sort keys of the riders on the track after moving, sorted front first.
    field: Vec<u64>,
}

/// Plays one turn on `position` in place, telling `recorder` what happens. The orders are
/// checked before anything changes, so on an error the position is as it was.
pub fn advance(
    position: &mut Position,
    orders: &[Option<u16>],
    recorder: &mut impl Recorder,
) -> Result<(), OrderError> {
    advance_with(position, orders, recorder, &mut Scratch::default())
}

/// [`advance`] with buffers the caller keeps.
pub fn advance_with(
    position: &mut Position,
    orders: &[Option<u16>],
    recorder: &mut impl Recorder,
    scratch: &mut Scratch,
) -> Result<(), OrderError> {
    if position.is_over() {
        return Err(OrderError::RaceOver);
    }
    let Scratch {
        played,
        keyed,
        field,
    } = scratch;
    movement_order(position, orders, played, keyed)?;
    let first_turn = position.turn == 1;
    let line_at = Line::ALL.map(|l| position.rules.set.line_distance(l));

    // Movement, group by group (a group is one rider, or riders moving simultaneously).
    let riders = &mut position.riders[..];
    let mut line_places = position.line_places;
    let mut stamp = position.next_arrival;
    // The field after moving: a key for every rider still on the track.
    field.clear();
    let mut group = 0;
    let mut start = 0;
    while start < keyed.len() {
        let mut end = start + 1;
        while end < keyed.len() && keyed[end] & JOINS != 0 {
            end += 1;
        }
        let members = &keyed[start..end];
        // Members of a group share a square and (postal 8.2.2) a card, so they share the
        // move and its line crossings; only postal groups have more than one member.
        let from = riders[rider_of(members[0])].distance;
        let mut to = from;
        for &key in members {
            let r = rider_of(key);
            let Play { card, lane, source } = played[r].expect("only riders on the track move");
            let rider = &mut riders[r];
            debug_assert!(
                rider.distance == from && (to == from || to == from + i32::from(card)),
                "a group moves together"
            );
            to = from + i32::from(card);
            recorder.moved(Move {
                rider: r,
                card,
                from,
                to,
                source,
                group,
            });
            rider.distance = to;
            rider.arrival = stamp;
            rider.hand.remove_lane(usize::from(lane));
        }
        stamp += 1;
        // Lines crossed, first past the post (postal 6.4); most moves cross none.
        if from <= line_at[2] && to > line_at[0] {
            for (line, &at) in Line::ALL.iter().zip(&line_at) {
                if from <= at && to > at {
                    cross(riders, &mut line_places, *line, members, recorder);
                }
            }
        }
        for &key in members {
            let r = rider_of(key);
            if riders[r].on_track() {
                field.push(front_first(riders[r].distance) << 40 | r as u64);
            }
        }
        group += 1;
        start = end;
    }
    position.line_places = line_places;
    position.next_arrival = stamp;

    replace_cards(position, first_turn, recorder, field);
    position.turn += 1;
    position.first_team = None;
    Ok(())
}

/// A group crosses a line: the places it takes, the points they score, pooled and shared
/// when the group moved simultaneously (postal 6.4, 8.2.5), and the finish.
fn cross(
    riders: &mut [Rider],
    line_places: &mut [u16; 3],
    line: Line,
    members: &[u64],
    recorder: &mut impl Recorder,
) {
    let taken = usize::from(line_places[line.index()]);
    let place = taken + 1;
    let size = members.len();
    if taken < SCORING_PLACES {
        let pooled: u64 = (place..place + size)
            .map(|p| line.points_for_place(p))
            .sum();
        let each = Points::share(pooled, size as u64);
        for &key in members {
            riders[rider_of(key)].points += each;
        }
        if size == 1 {
            recorder.awarded(line, place as u16, &[rider_of(members[0])], each);
        } else {
            let riders: Vec<usize> = members.iter().map(|&key| rider_of(key)).collect();
            recorder.awarded(line, place as u16, &riders, each);
        }
    }
    line_places[line.index()] += size as u16;
    if line == Line::Finish {
        for &key in members {
            riders[rider_of(key)].status = Status::Finished(place as u16);
            recorder.finished(rider_of(key), place as u16);
        }
    }
}
