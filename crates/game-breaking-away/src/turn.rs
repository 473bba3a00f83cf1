//! One turn of Breaking Away: the order of movement (postal 8; board: inside first, turn-1
//! rotation), movement and scoring at the lines (postal 5, 6.4), and replacement cards
//! (postal 7.4–7.9; board replacement, breaking away, turn-1 congestion).

use std::hint::select_unpredictable;

use crate::points::Points;
use crate::position::{Hand, Position, Rider, Status};
use crate::rules::{Line, RuleSet, SCORING_PLACES};

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

/// The card a rider on the track plays this turn, where it is in the hand, and who chose it.
#[derive(Clone, Copy, Debug)]
struct Play {
    card: u16,
    lane: u8,
    source: Source,
}

/// The card rider `i` plays: `None` for a rider off the track. Riders without an order play
/// their highest card (postal 9.1 for an NMR, 10.1 for a dropped rider).
#[inline]
fn play_for(rider: &Rider, order: Option<u16>, i: usize) -> Result<Option<Play>, OrderError> {
    if !rider.on_track() {
        return match order {
            Some(_) => Err(OrderError::NotOnTrack { rider: i }),
            None => Ok(None),
        };
    }
    Ok(Some(match order {
        Some(card) => match rider.hand.lane_of(card) {
            Some(lane) => Play {
                card,
                lane: lane as u8,
                source: Source::Ordered,
            },
            None => return Err(OrderError::NotInHand { rider: i, card }),
        },
        None => Play {
            card: rider
                .hand
                .highest()
                .ok_or(OrderError::EmptyHand { rider: i })?,
            lane: 0,
            source: if rider.status == Status::Dropped {
                Source::Dropped
            } else {
                Source::Nmr
            },
        },
    }))
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

/// A distance as a sort key that puts the greatest distance first, in 24 bits. Riders on the
/// track are within ±`scenario::MAX_DISTANCE` plus a card, far inside the ±2^23 the key holds
/// exactly; beyond that the order would be wrong, never a panic.
fn front_first(distance: i32) -> u64 {
    0x7F_FFFF_u64.wrapping_sub(distance as u64) & 0xFF_FFFF
}

/// The rider a sort key stands for: its low 16 bits.
fn rider_of(key: u64) -> usize {
    (key & 0xFFFF) as usize
}

/// Marks a movement key whose rider moves simultaneously with the one before (postal
/// 8.2.5). Bits 34-39 of a key are otherwise unused.
const JOINS: u64 = 1 << 39;

/// Reads the orders (every card checked before anything moves) into `played`, and puts the
/// riders who move into `keyed`, sorted into the order they move.
fn movement_order(
    position: &Position,
    orders: &[Option<u16>],
    played: &mut Vec<Option<Play>>,
    keyed: &mut Vec<u64>,
) -> Result<(), OrderError> {
    let riders = &position.riders;
    if orders.len() != riders.len() {
        return Err(OrderError::WrongCount {
            got: orders.len(),
            want: riders.len(),
        });
    }
    let board = position.rules.set == RuleSet::Board;
    played.clear();
    keyed.clear();
    for (i, (r, &order)) in riders.iter().zip(orders).enumerate() {
        let play = play_for(r, order, i)?;
        played.push(play);
        if let Some(play) = play {
            // Front to back (postal 8.1). On one square: postal 8.2.1 grade, 8.2.2 the card
            // played; the board: arrival only (inside first). Distance, grade and card are
            // packed into one key with the rider's index (which keeps riders still tied in
            // input order); the hand and the arrival break the key's ties (8.2.3-8.2.5).
            let checks = if board {
                0
            } else {
                (r.grade as u64) << 16 | u64::from(u16::MAX - play.card)
            };
            keyed.push(front_first(r.distance) << 40 | checks << 16 | i as u64);
        }
    }

    if board && position.turn == 1 {
        // Board, turn 1: from a random first team, clockwise; every rider 1, then every
        // rider 2, 3 and 4. Nobody moves simultaneously.
        let teams = u64::from(position.team_count.max(1));
        let first = u64::from(position.first_team.unwrap_or(0));
        for key in keyed.iter_mut() {
            let r = &riders[rider_of(*key)];
            let seat = (u64::from(r.team) + teams - first % teams) % teams;
            *key = (r.grade as u64) << 40 | seat << 16 | rider_of(*key) as u64;
        }
    }
    sort_keys(keyed);
    if board && position.turn == 1 {
        return Ok(());
    }

    // Riders the key leaves tied (rare) are put in order by hand and arrival; those still
    // tied after every check move simultaneously (postal 8.2.5). The board game has no
    // simultaneous movement: riders on one square with equal arrival stamps move one at a
    // time in input order, each with its own card (docs/rulings.md BA-10).
    let checks = |key: u64| (key & !JOINS) >> 16;
    let rest = |key: u64| -> (std::cmp::Reverse<u128>, u32) {
        let r = &riders[rider_of(key)];
        let hand = if board { 0 } else { r.hand.tie_break_key() };
        (std::cmp::Reverse(hand), r.arrival)
    };
    let mut k = 1;
    while k < keyed.len() {
        if checks(keyed[k]) != checks(keyed[k - 1]) {
            k += 1;
            continue;
        }
        let mut end = k + 1;
        while end < keyed.len() && checks(keyed[end]) == checks(keyed[k]) {
            end += 1;
        }
        let tied = &mut keyed[k - 1..end];
        tied.sort_unstable_by_key(|&key| (rest(key), rider_of(key)));
        for j in 1..tied.len() {
            if !board && rest(tied[j]) == rest(tied[j - 1]) {
                tied[j] |= JOINS;
            }
        }
        k = end + 1;
    }
    Ok(())
}

/// Defines a sorting network once, as a table (for the test) and as straight-line code with
/// constant indices (so that the keys stay in registers and no bounds are checked).
macro_rules! sorting_network {
    ($table:ident, $apply:ident; $(($a:literal, $b:literal)),* $(,)?) => {
        #[cfg(test)]
        const $table: &[(usize, usize)] = &[$(($a, $b)),*];

        #[inline]
        fn $apply(v: &mut [u64; 16]) {
            $(
                let (x, y) = (v[$a], v[$b]);
                v[$a] = x.min(y);
                v[$b] = x.max(y);
            )*
        }
    };
}

// Batcher's odd-even merge sort for 16 keys: 63 compare-exchanges (tested exhaustively with
// the 0-1 principle below).
sorting_network! {
    NETWORK_16, network_16;
    (0, 1), (2, 3), (0, 2), (1, 3), (1, 2), (4, 5), (6, 7), (4, 6), (5, 7), (5, 6), (0, 4),
    (2, 6), (2, 4), (1, 5), (3, 7), (3, 5), (1, 2), (3, 4), (5, 6), (8, 9), (10, 11), (8, 10),
    (9, 11), (9, 10), (12, 13), (14, 15), (12, 14), (13, 15), (13, 14), (8, 12), (10, 14),
    (10, 12), (9, 13), (11, 15), (11, 13), (9, 10), (11, 12), (13, 14), (0, 8), (4, 12), (4, 8),
    (2, 10), (6, 14), (6, 10), (2, 4), (6, 8), (10, 12), (1, 9), (5, 13), (5, 9), (3, 11),
    (7, 15), (7, 11), (3, 5), (7, 9), (11, 13), (1, 2), (3, 4), (5, 6), (7, 8), (9, 10),
    (11, 12), (13, 14),
}

/// Sorts sort keys. Up to 16 (a field of four teams) go through a sorting network: a fixed
/// sequence of compare-exchanges done with conditional moves, so that no branch depends on
/// the keys. An insertion sort on a shuffled field mispredicts a branch for most riders,
/// which cost more than the network's extra instructions.
fn sort_keys(keys: &mut [u64]) {
    let n = keys.len();
    if !(2..=16).contains(&n) {
        keys.sort_unstable();
        return;
    }
    let mut v = [u64::MAX; 16];
    for (slot, &key) in v.iter_mut().zip(keys.iter()) {
        *slot = key;
    }
    network_16(&mut v);
    for (key, &sorted) in keys.iter_mut().zip(v.iter()) {
        *key = sorted;
    }
}

/// Gives every rider on the track its replacement card (postal 7.4-7.9; board replacement,
/// breaking away, turn-1 congestion) on the positions at the end of the movement, and marks the
/// new sole leader. `field` holds a key for every rider on the track, in any order; it is
/// left sorted front first.
fn replace_cards(
    position: &mut Position,
    first_turn: bool,
    recorder: &mut impl Recorder,
    field: &mut [u64],
) {
    let rules = position.rules;
    let postal_crowding = first_turn && rules.set == RuleSet::Postal22;
    let board_congestion =
        first_turn && rules.set == RuleSet::Board && rules.options.turn1_congestion;

    // Riders on the track, front first. Slipstream is measured in race distance, so on the
    // board loop a lapped rider neither gives nor takes it.
    sort_keys(field);
    let field: &[u64] = field;
    let square = |key: u64| key >> 40;
    if field.is_empty() {
        for r in position.riders.iter_mut() {
            r.sole_leader = false;
        }
        return;
    }

    // The sole leader: the only rider on the track with the greatest distance (postal 7.8).
    let sole_leader =
        (field.len() == 1 || square(field[1]) > square(field[0])).then_some(rider_of(field[0]));
    let leader_card = sole_leader.map(|l| leader_card(position, l, field));
    for r in position.riders.iter_mut() {
        r.sole_leader = false;
    }

    // Sweep the riders from the front, one square after another. A square is known by its
    // distance, its rider count so far, the unbroken string ahead of it (7.5-7.6) and whether
    // it counts as blank for the riders behind it. One pass with no loop per square: squares
    // of one rider and of several come in no pattern a branch predictor could learn.
    let riders = &mut position.riders[..];
    let mut here = Square::NONE;
    for (k, &key) in field.iter().enumerate() {
        let i = rider_of(key);
        let d = i64::from(riders[i].distance);
        // A new square takes over from `here`, which becomes the square in front of it. Every
        // value is computed and then chosen (a conditional move), not branched to.
        let new = d != here.distance;
        // Turn 1: five or more riders on a square (field sorted: look four ahead).
        let crowded = first_turn
            && field
                .get(k + 4)
                .is_some_and(|&far| square(far) == square(key));
        // The square in front of a crowded one counts as blank (postal 7.9), for this square's
        // riders and everyone behind them.
        let string = (here.distance == d + 1) & !here.blank & !(postal_crowding & crowded);
        let ahead = select_unpredictable(string, here.riders + here.ahead, 0);
        here = Square {
            distance: d,
            riders: select_unpredictable(new, 1, here.riders + 1),
            ahead: select_unpredictable(new, ahead, here.ahead),
            // A board-congested square counts as empty for every other rider.
            blank: select_unpredictable(new, board_congestion & crowded, here.blank),
            crowded: select_unpredictable(new, crowded, here.crowded),
        };
        let replacement = if Some(i) == sole_leader {
            leader_card.expect("the sole leader's card")
        } else if board_congestion && here.crowded {
            Replacement {
                card: 3,
                why: Why::Crowded,
            }
        } else {
            Replacement {
                card: 3 + here.ahead,
                why: Why::Slipstream {
                    riders_ahead: here.ahead,
                },
            }
        };
        riders[i].hand.insert(replacement.card);
        recorder.replaced(i, replacement);
    }
    if let Some(l) = sole_leader {
        position.riders[l].sole_leader = true;
    }
}

/// An occupied square in the replacement sweep.
#[derive(Clone, Copy)]
struct Square {
    distance: i64,
    riders: u16,
    /// The riders in the unbroken string ahead of this square.
    ahead: u16,
    /// Counts as empty for the riders behind it (board turn-1 congestion).
    blank: bool,
    /// Turn 1: five riders or more.
    crowded: bool,
}

impl Square {
    /// Before the first square: nothing is ever just in front of it.
    const NONE: Square = Square {
        distance: i64::MIN,
        riders: 0,
        ahead: 0,
        blank: false,
        crowded: false,
    };
}

/// The sole leader's replacement (postal 7.8): its lead over the next rider (with group
/// breakaways, over the nearest rider of another team) when it has just made the lead, 3 when
/// it already had it, 3 when nobody is left to lead.
fn leader_card(position: &Position, leader: usize, field: &[u64]) -> Replacement {
    let l = &position.riders[leader];
    if l.sole_leader {
        return Replacement {
            card: 3,
            why: Why::KeptLead,
        };
    }
    let rival = if position.rules.options.group_breakaways {
        field
            .iter()
            .map(|&key| &position.riders[rider_of(key)])
            .filter(|r| r.team != l.team)
            .map(|r| r.distance)
            .max()
    } else {
        field
            .get(1)
            .map(|&key| position.riders[rider_of(key)].distance)
    };
    match rival {
        Some(rival) => {
            let lead = u16::try_from(l.distance - rival)
                .unwrap_or(u16::MAX)
                .min(Hand::MAX_CARD);
            Replacement {
                card: lead,
                why: Why::BreakingAway { lead },
            }
        }
        None => Replacement {
            card: 3,
            why: Why::Alone,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sorting_network_sorts_every_zero_one_input() {
        // The 0-1 principle: a comparator network that sorts every sequence of 0s and 1s
        // sorts every sequence.
        for bits in 0u32..1 << 16 {
            let mut v: [u64; 16] = std::array::from_fn(|i| u64::from(bits >> i & 1));
            for &(a, b) in NETWORK_16 {
                let (x, y) = (v[a], v[b]);
                v[a] = x.min(y);
                v[b] = x.max(y);
            }
            assert!(v.is_sorted(), "{bits:016b}");
        }
    }

    #[test]
    fn sort_keys_matches_the_standard_sort() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for n in 0..=20 {
            for _ in 0..50 {
                let mut keys: Vec<u64> = (0..n)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        seed % 40
                    })
                    .collect();
                let mut want = keys.clone();
                want.sort_unstable();
                sort_keys(&mut keys);
                assert_eq!(keys, want);
            }
        }
    }
}
