//! The random positions: a small seeded generator of our own and the races it draws.

use crate::plain::{self, Frac, Race, State};

/// SplitMix64: a small, seeded generator of our own, so the positions never change.
pub(crate) struct Draw(pub(crate) u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `lo..=hi`.
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    /// True one time in `n`.
    pub(crate) fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
}

/// A random position in the plain form, and orders for it. Small fields (so that squares are
/// shared and every check of the order of movement is reached), near a line, on either rule set.
pub(crate) fn random_race(draw: &mut Draw) -> (Race, Vec<Option<u16>>) {
    let board = draw.one_in(2);
    let turn = if draw.one_in(3) {
        1
    } else {
        draw.int(2, 30) as u32
    };
    let teams = draw.int(1, 5) as usize;
    let count = if draw.one_in(20) {
        draw.int(17, 22)
    } else {
        draw.int(2, 12)
    } as usize;
    let lines: [i64; 3] = if board { [33, 73, 100] } else { [40, 80, 120] };
    // Where the field is: on the start line, just before a line, or anywhere.
    let base = match draw.int(0, 4) {
        0 => 0,
        1..=3 => lines[draw.int(0, 2) as usize] - draw.int(0, 12),
        _ => draw.int(-3, lines[2] - 1),
    };
    let spread = draw.int(0, 6);
    let small_cards = draw.one_in(2);
    let stamps = draw.int(1, 4);
    let mut riders = Vec::new();
    for k in 0..count {
        let team = if k < teams {
            k
        } else {
            draw.int(0, teams as i64 - 1) as usize
        };
        let grade = if draw.one_in(4) {
            draw.int(0, 3) as usize
        } else {
            (k / teams) % 4
        };
        let mut distance = base - draw.int(0, spread);
        if turn == 1 && !draw.one_in(4) {
            // The start: the line, or the staggered start (rider n on square 1 - n).
            distance = if board && draw.one_in(2) {
                -(grade as i64)
            } else {
                0
            };
        }
        // Board: a rider a lap (or more) down.
        if board && draw.one_in(12) {
            distance -= 40;
        }
        distance = distance.min(lines[2]);
        // The postal track has no squares behind the start (postal 4.1).
        if !board {
            distance = distance.max(0);
        }
        let cards = if draw.one_in(15) {
            draw.int(5, 7)
        } else {
            draw.int(1, 4)
        };
        let top = if small_cards { 6 } else { 20 };
        let hand: Vec<u16> = (0..cards).map(|_| draw.int(1, top) as u16).collect();
        let state = match draw.int(0, 19) {
            0 => State::Dropped,
            1 => State::Retired,
            2 | 3 => State::Finished(0),
            _ => State::Racing,
        };
        let points = if draw.one_in(3) {
            Frac::ZERO
        } else {
            Frac::new(draw.int(0, 60) as u64, draw.int(1, 3) as u64)
        };
        let arrival = if draw.one_in(2) {
            draw.int(0, stamps) as u64
        } else {
            k as u64
        };
        riders.push(plain::Rider {
            team,
            grade,
            distance,
            hand,
            points,
            sole_leader: draw.one_in(5),
            state,
            arrival,
        });
    }
    // Finishers stand past the finish with a place (shared places happen); at most 7, and
    // somebody is left on the road.
    let mut place = 0;
    for r in riders.iter_mut() {
        if r.state == State::Finished(0) {
            if place >= 7 {
                r.state = State::Racing;
                continue;
            }
            if place == 0 || !draw.one_in(4) {
                place += 1;
            }
            r.state = State::Finished(place as u32);
            r.distance = lines[2] + draw.int(1, 12);
        }
    }
    if !riders.iter().any(plain::Rider::on_road) {
        riders[0].state = State::Racing;
        riders[0].distance = riders[0].distance.min(lines[2]);
    }
    // Places taken (the notation's rule): riders past a sprint line, at most 8; at the finish,
    // the finishers.
    let mut places = [0u32; 3];
    for line in 0..2 {
        places[line] = riders
            .iter()
            .filter(|r| r.distance > lines[line])
            .count()
            .min(8) as u32;
    }
    places[2] = riders
        .iter()
        .filter(|r| matches!(r.state, State::Finished(_)))
        .count() as u32;
    let next_arrival = riders.iter().map(|r| r.arrival).max().unwrap_or(0) + 1;
    let race = Race {
        board,
        group_breakaways: board && draw.one_in(2),
        turn1_congestion: board && draw.one_in(2),
        turn,
        teams,
        riders,
        places,
        next_arrival,
        first_team: draw.int(0, teams as i64 - 1) as usize,
    };
    // Orders: mostly a card from the hand, sometimes none (postal 9.1), rarely a bad one.
    let orders = race
        .riders
        .iter()
        .map(|r| {
            if draw.one_in(400) {
                return Some(draw.int(1, 25) as u16);
            }
            if !r.on_road() || draw.one_in(6) {
                return None;
            }
            Some(r.hand[draw.int(0, r.hand.len() as i64 - 1) as usize])
        })
        .collect();
    (race, orders)
}
