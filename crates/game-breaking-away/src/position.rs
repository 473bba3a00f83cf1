//! The checked position of a race: riders with their hands, distances and points. Compact on
//! purpose (indices and small arrays), so that whole races can be simulated quickly; names and
//! formats live at the edges (`scenario`, `race`, `report`).

use crate::points::Points;
use crate::rules::{FINISHERS_TO_END, Grade, Line, Rules};

/// The most cards a hand can hold (a grade-A rider starts with 4; scenarios may give more).
pub const HAND_CAPACITY: usize = 8;

/// A rider's cards, highest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    cards: [u16; HAND_CAPACITY],
    len: u8,
}

impl Hand {
    pub const EMPTY: Hand = Hand {
        cards: [0; HAND_CAPACITY],
        len: 0,
    };

    /// A hand of these cards; `None` if there are more than [`HAND_CAPACITY`].
    pub fn new(cards: &[u16]) -> Option<Hand> {
        if cards.len() > HAND_CAPACITY {
            return None;
        }
        let mut hand = Hand::EMPTY;
        for &card in cards {
            hand.insert(card);
        }
        Some(hand)
    }

    /// The cards, highest first.
    pub fn cards(&self) -> &[u16] {
        &self.cards[..usize::from(self.len)]
    }

    /// The cards, lowest first (as reports and the scenario notation show them).
    pub fn ascending(&self) -> Vec<u16> {
        let mut v = self.cards().to_vec();
        v.reverse();
        v
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn highest(&self) -> Option<u16> {
        self.cards().first().copied()
    }

    pub fn contains(&self, card: u16) -> bool {
        self.cards().contains(&card)
    }

    /// The hand as one number for the tie-breaks of postal 8.2.3-8.2.4: the cards highest
    /// first, 16 bits each; a missing card is 0, so a hand that still holds a card where the
    /// other has run out compares higher.
    pub fn tie_break_key(&self) -> u128 {
        self.cards
            .iter()
            .fold(0u128, |key, &c| key << 16 | u128::from(c))
    }

    /// Plays a card: it leaves the hand (postal 7.3). Returns false if it was not there.
    pub fn remove(&mut self, card: u16) -> bool {
        let len = usize::from(self.len);
        let Some(at) = self.cards[..len].iter().position(|&c| c == card) else {
            return false;
        };
        // A few cards: a plain loop is cheaper than a memmove call.
        for k in at..len - 1 {
            self.cards[k] = self.cards[k + 1];
        }
        self.len -= 1;
        self.cards[usize::from(self.len)] = 0;
        true
    }

    /// Adds a card, keeping the order (postal 7.4 replenishment).
    pub fn insert(&mut self, card: u16) {
        let len = usize::from(self.len);
        assert!(len < HAND_CAPACITY, "hand overflow");
        let at = self.cards[..len]
            .iter()
            .position(|&c| c < card)
            .unwrap_or(len);
        for k in (at..len).rev() {
            self.cards[k + 1] = self.cards[k];
        }
        self.cards[at] = card;
        self.len += 1;
    }
}

/// Where a rider is in the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// On the track and taking orders.
    Racing,
    /// Declared dropped by the GM (postal 10.1): still on the track, orders optional.
    Dropped,
    /// Retired from the race (board: by agreement): off the track for good, no more points.
    Retired,
    /// Crossed the finish line in this place (1-based; riders who crossed together share it).
    Finished(u16),
}

/// One rider of the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rider {
    /// Index of the rider's team; teams are numbered in seating order (clockwise).
    pub team: u8,
    pub grade: Grade,
    /// Race distance covered. On the board loop the square is `distance mod 40`; with a
    /// staggered start it begins below 0.
    pub distance: i32,
    pub hand: Hand,
    pub points: Points,
    /// The sole race leader at the end of the last turn (postal 7.8).
    pub sole_leader: bool,
    pub status: Status,
    /// When the rider arrived on its square: lower is earlier. Riders with equal stamps on one
    /// square arrived together (postal 8.2.5).
    pub arrival: u32,
}

impl Rider {
    /// On the track: racing or dropped (not finished, not retired).
    pub fn on_track(&self) -> bool {
        matches!(self.status, Status::Racing | Status::Dropped)
    }

    pub fn finished_place(&self) -> Option<u16> {
        match self.status {
            Status::Finished(place) => Some(place),
            _ => None,
        }
    }
}

/// A race position: everything the rules need to resolve the next turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub rules: Rules,
    /// The turn to be resolved next; 1 is the first turn of the race.
    pub turn: u16,
    pub team_count: u8,
    pub riders: Vec<Rider>,
    /// Places already taken at each line (sprint 1, sprint 2, finish).
    pub line_places: [u16; 3],
    /// The next arrival stamp to hand out.
    pub next_arrival: u32,
    /// Board rules, turn 1: the team that moves first (drawn at random by the game).
    pub first_team: Option<u8>,
}

impl Position {
    /// The start of a race: every rider on the start line (or staggered behind it) with the
    /// cards of its line-up. `lineups[team][grade]` holds the starting cards.
    pub fn start(rules: Rules, lineups: &[[Hand; 4]]) -> Position {
        let riders = lineups
            .iter()
            .enumerate()
            .flat_map(|(team, hands)| {
                Grade::ALL.into_iter().map(move |grade| Rider {
                    team: team as u8,
                    grade,
                    distance: grade.start_distance(rules),
                    hand: hands[grade.index()],
                    points: Points::ZERO,
                    sole_leader: false,
                    status: Status::Racing,
                    // Nobody arrived on the start line before anybody else.
                    arrival: 0,
                })
            })
            .collect();
        Position {
            rules,
            turn: 1,
            team_count: lineups.len() as u8,
            riders,
            line_places: [0; 3],
            next_arrival: 1,
            first_team: None,
        }
    }

    /// Riders past the finish line: the places taken there (every finisher takes one).
    pub fn finished_count(&self) -> usize {
        usize::from(self.line_places[Line::Finish.index()])
    }

    /// The race ends when 8 riders have finished, or when no rider is left on the track.
    pub fn is_over(&self) -> bool {
        self.finished_count() >= FINISHERS_TO_END || !self.riders.iter().any(Rider::on_track)
    }

    pub fn places_taken(&self, line: Line) -> u16 {
        self.line_places[line.index()]
    }

    /// The riders of one team, by index.
    pub fn team_riders(&self, team: u8) -> impl Iterator<Item = usize> + '_ {
        self.riders
            .iter()
            .enumerate()
            .filter(move |(_, r)| r.team == team)
            .map(|(i, _)| i)
    }

    /// Each team's total points (postal 6.3), in team order.
    pub fn team_points(&self) -> Vec<Points> {
        let mut totals = vec![Points::ZERO; usize::from(self.team_count)];
        for r in &self.riders {
            totals[usize::from(r.team)] += r.points;
        }
        totals
    }

    /// The best finishing place of each team's riders, if any has finished.
    pub fn team_best_place(&self) -> Vec<Option<u16>> {
        let mut best = vec![None; usize::from(self.team_count)];
        for r in &self.riders {
            if let Some(place) = r.finished_place() {
                let b: &mut Option<u16> = &mut best[usize::from(r.team)];
                *b = Some(b.map_or(place, |p| p.min(place)));
            }
        }
        best
    }

    /// Teams from first to last: most points first; a tie goes to the team whose rider placed
    /// best at the finish (postal 6.3); teams still tied keep their seating order.
    pub fn standings(&self) -> Vec<u8> {
        let points = self.team_points();
        let best = self.team_best_place();
        let mut teams: Vec<u8> = (0..self.team_count).collect();
        teams.sort_by(|&a, &b| {
            let (a, b) = (usize::from(a), usize::from(b));
            points[b].cmp(&points[a]).then_with(|| {
                best[a]
                    .unwrap_or(u16::MAX)
                    .cmp(&best[b].unwrap_or(u16::MAX))
            })
        });
        teams
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_keeps_cards_highest_first() {
        let mut hand = Hand::new(&[7, 14, 3]).unwrap();
        assert_eq!(hand.cards(), &[14, 7, 3]);
        assert!(hand.remove(7), "postal 7.3: a played card leaves the hand");
        assert!(!hand.remove(7));
        hand.insert(9);
        assert_eq!(hand.cards(), &[14, 9, 3]);
        assert_eq!(hand.ascending(), vec![3, 9, 14]);
        assert_eq!(hand.highest(), Some(14));
        assert!(Hand::new(&[1; 9]).is_none());
    }
}
