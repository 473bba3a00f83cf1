//! The checked position of a race: riders with their hands, distances and points. Compact on
//! purpose (indices and small arrays), so that whole races can be simulated quickly; names and
//! formats live at the edges (`scenario`, `race`, `report`).

use crate::points::Points;
use crate::rules::{FINISHERS_TO_END, Grade, Line, Rules};

/// The most cards a hand can hold (a grade-A rider starts with 4; scenarios may give more).
pub const HAND_CAPACITY: usize = 8;

/// A rider's cards, highest first, packed into one integer: eight 16-bit lanes, the highest
/// card in the top lane, an empty lane 0. Cards are 1 to [`Hand::MAX_CARD`], so every lane's
/// top bit is clear, and a hand is compared, searched and changed with a few word operations
/// instead of a loop over its cards (the turn does this for every rider, every turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand(u128);

/// Lane arithmetic on a packed hand, done on its two 64-bit halves.
const LANE_BITS: u32 = 16;
const ONE_PER_LANE: u64 = u64::MAX / 0xFFFF;
const TOP_BITS: u64 = ONE_PER_LANE << 15;
/// `ABOVE[k]`: the lanes of the `k` highest cards.
const ABOVE: [u128; HAND_CAPACITY + 1] = {
    let mut above = [u128::MAX; HAND_CAPACITY + 1];
    let mut k = 0;
    while k < HAND_CAPACITY {
        above[k] = !(u128::MAX >> (LANE_BITS * k as u32));
        k += 1;
    }
    above
};

impl Hand {
    pub const EMPTY: Hand = Hand(0);

    /// The highest card a hand can hold. A lead (postal 7.8) is below 2 × `MAX_DISTANCE`, far
    /// under this; the replacement rules clamp to it all the same.
    pub const MAX_CARD: u16 = 0x7FFF;

    /// A hand of these cards; `None` if there are more than [`HAND_CAPACITY`] or a card is
    /// not between 1 and [`Hand::MAX_CARD`].
    pub fn new(cards: &[u16]) -> Option<Hand> {
        if cards.len() > HAND_CAPACITY || cards.iter().any(|&c| c == 0 || c > Hand::MAX_CARD) {
            return None;
        }
        // Sorted highest first and packed from the top lane down (line-ups make a hand for
        // every rider of every race a tournament plays: a sort is cheaper than an insertion a
        // card). Hands of four cards or fewer, every hand a line-up makes, are sorted by a
        // network of five compare-exchanges, empty lanes (0) sinking to the bottom.
        if cards.len() <= 4 {
            let four = std::array::from_fn(|k| cards.get(k).copied().unwrap_or(0));
            return Some(Hand::top_four(four));
        }
        let mut sorted = [0u16; HAND_CAPACITY];
        sorted[..cards.len()].copy_from_slice(cards);
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        Some(Hand(sorted.iter().fold(0u128, |hand, &card| {
            hand << LANE_BITS | u128::from(card)
        })))
    }

    /// Four lanes' cards (0 for none) sorted into the top half of a hand.
    #[inline]
    fn top_four(mut four: [u16; 4]) -> Hand {
        for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
            let (high, low) = (four[i].max(four[j]), four[i].min(four[j]));
            four[i] = high;
            four[j] = low;
        }
        let top = four
            .iter()
            .fold(0u64, |half, &card| half << LANE_BITS | u64::from(card));
        Hand(u128::from(top) << 64)
    }

    /// The cards, highest first.
    pub fn cards(&self) -> Cards {
        let mut cards = [0; HAND_CAPACITY];
        for (k, c) in cards.iter_mut().enumerate() {
            *c = self.card(k);
        }
        Cards {
            cards,
            len: self.len() as u8,
        }
    }

    /// The `k`-th highest card (0 is the highest); 0 past the last card.
    #[inline]
    pub fn card(&self, k: usize) -> u16 {
        let (high, low) = self.halves();
        let half = match k {
            0..4 => high,
            4..HAND_CAPACITY => low,
            _ => return 0,
        };
        (half >> (LANE_BITS * (3 - k as u32 % 4))) as u16
    }

    /// The cards, lowest first (as reports and the scenario notation show them).
    pub fn ascending(&self) -> Vec<u16> {
        let mut v = self.cards().to_vec();
        v.reverse();
        v
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.at_least(1)
    }

    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    pub fn highest(&self) -> Option<u16> {
        (!self.is_empty()).then(|| self.card(0))
    }

    pub fn contains(&self, card: u16) -> bool {
        self.lane_of(card).is_some()
    }

    /// How many cards are `card` (at least 1) or higher. In each half of the hand, the lanes
    /// that can take `card` away without a borrow hold those cards; they are the half's top
    /// lanes, as the hand is sorted, so the lowest of them gives their count (no popcount: it
    /// is not in the baseline x86-64 set).
    #[inline]
    fn at_least(&self, card: u16) -> usize {
        debug_assert!((1..=Hand::MAX_CARD + 1).contains(&card));
        let broadcast = u64::from(card) * ONE_PER_LANE;
        let count = |half: u64| {
            let ge = ((half | TOP_BITS) - broadcast) & TOP_BITS;
            (64 + 15 - ge.trailing_zeros() as usize) / 16
        };
        let (high, low) = self.halves();
        // Hands in play hold four cards or fewer: the low half is then empty.
        if low == 0 {
            count(high)
        } else {
            count(high) + count(low)
        }
    }

    /// The four highest lanes and the four lowest.
    #[inline]
    fn halves(&self) -> (u64, u64) {
        ((self.0 >> 64) as u64, self.0 as u64)
    }

    /// The lane holding `card` (0 is the highest card's), if the hand holds it.
    #[inline]
    pub(crate) fn lane_of(&self, card: u16) -> Option<usize> {
        if !(1..=Hand::MAX_CARD).contains(&card) {
            return None;
        }
        let lane = self.at_least(card + 1);
        (self.card(lane) == card).then_some(lane)
    }

    /// The hand as one number for the tie-breaks of postal 8.2.3-8.2.4: the cards highest
    /// first, 16 bits each; a missing card is 0, so a hand that still holds a card where the
    /// other has run out compares higher.
    pub fn tie_break_key(&self) -> u128 {
        self.0
    }

    /// Plays a card: it leaves the hand (postal 7.3). Returns false if it was not there.
    #[inline]
    pub fn remove(&mut self, card: u16) -> bool {
        let Some(lane) = self.lane_of(card) else {
            return false;
        };
        self.remove_lane(lane);
        true
    }

    /// Takes out the card in `lane` (see [`Hand::lane_of`]): the cards below it move up.
    #[inline]
    pub(crate) fn remove_lane(&mut self, lane: usize) {
        let keep = ABOVE[lane];
        self.0 = (self.0 & keep) | ((self.0 << LANE_BITS) & !keep);
    }

    /// Adds a card, keeping the order (postal 7.4 replenishment). Panics if the hand is full
    /// or the card is not between 1 and [`Hand::MAX_CARD`].
    #[inline]
    pub fn insert(&mut self, card: u16) {
        assert!(self.0 as u16 == 0, "hand overflow");
        assert!(
            (1..=Hand::MAX_CARD).contains(&card),
            "card {card} out of range"
        );
        // The cards below it move down one lane.
        let lane = self.at_least(card);
        let keep = ABOVE[lane];
        self.0 = (self.0 & keep)
            | ((self.0 & !keep) >> LANE_BITS)
            | u128::from(card) << (LANE_BITS * (HAND_CAPACITY - 1 - lane) as u32);
    }
}

/// A hand's cards, highest first, as a slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cards {
    cards: [u16; HAND_CAPACITY],
    len: u8,
}

impl std::ops::Deref for Cards {
    type Target = [u16];
    fn deref(&self) -> &[u16] {
        &self.cards[..usize::from(self.len)]
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
        let mut riders = Vec::with_capacity(4 * lineups.len());
        for (team, hands) in lineups.iter().enumerate() {
            riders.extend(Grade::ALL.map(|grade| Rider {
                team: team as u8,
                grade,
                distance: grade.start_distance(rules),
                hand: hands[grade.index()],
                points: Points::ZERO,
                sole_leader: false,
                status: Status::Racing,
                // Nobody arrived on the start line before anybody else.
                arrival: 0,
            }));
        }
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

    /// Where a team's best-placed rider stands, for the tie-break of postal 6.3 and the board's
    /// 「同点の時は、より上位に選手がいるプレイヤーの勝ち」 (docs/rulings.md BA-17): lower is better.
    /// Finishers come first, by finishing place; then riders still on the track, furthest
    /// first, and on one square the earlier arrival. `None` for a team with nobody finished or
    /// on the track.
    pub fn team_best_rider(&self) -> Vec<Option<(u8, u16, i64, u32)>> {
        let mut best = vec![None; usize::from(self.team_count)];
        for r in &self.riders {
            let rank = match r.status {
                Status::Finished(place) => (0, place, 0, 0),
                Status::Racing | Status::Dropped => (1, 0, -i64::from(r.distance), r.arrival),
                Status::Retired => continue,
            };
            let b: &mut Option<(u8, u16, i64, u32)> = &mut best[usize::from(r.team)];
            *b = Some(b.map_or(rank, |p| p.min(rank)));
        }
        best
    }

    /// Each team's final score as one number, for bots and tournaments that rank teams: its
    /// points, and below a point the tie-break of [`Position::standings`] (postal 6.3, BA-17), so
    /// that a higher score is a better place and teams level in every respect score the same.
    pub fn final_scores(&self) -> Vec<f64> {
        let points = self.team_points();
        let best = self.team_best_rider();
        let behind =
            |b: Option<(u8, u16, i64, u32)>, other: Option<(u8, u16, i64, u32)>| match (b, other) {
                (Some(x), Some(y)) => x < y,
                (Some(_), None) => true,
                _ => false,
            };
        (0..points.len())
            .map(|t| {
                let beaten = (0..points.len())
                    .filter(|&u| points[u] == points[t] && behind(best[t], best[u]))
                    .count();
                points[t].as_f64() + beaten as f64 * 1e-6
            })
            .collect()
    }

    /// Each team's place, as every table and sentence of a report gives it (issue 51): once the
    /// race is over, by [`Position::final_scores`] (points, then the best-placed rider, BA-17),
    /// teams level in every respect sharing a place, as the season's stage does; while it is
    /// on, by what the standings table shows, points and then the best finisher, teams level
    /// in both sharing a place (the road decides a result, not a place in mid-race: nobody is
    /// "2nd on 0 points").
    pub fn places(&self) -> Vec<u16> {
        if self.is_over() {
            return game_api::season::places_from_scores(&self.final_scores());
        }
        let points = self.team_points();
        let best = self.team_best_place();
        let key = |t: usize| (std::cmp::Reverse(points[t]), best[t].unwrap_or(u16::MAX));
        (0..points.len())
            .map(|t| 1 + (0..points.len()).filter(|&u| key(u) < key(t)).count() as u16)
            .collect()
    }

    /// Teams from first to last: most points first; teams level on points are ordered by their
    /// best-placed rider ([`Position::team_best_rider`]: postal 6.3, board victory); teams still
    /// level keep their order (seating order, which is the order of first appearance).
    pub fn standings(&self) -> Vec<u8> {
        let points = self.team_points();
        let best = self.team_best_rider();
        let mut teams: Vec<u8> = (0..self.team_count).collect();
        // A stable sort: teams still level keep their order.
        teams.sort_by(|&a, &b| {
            let (a, b) = (usize::from(a), usize::from(b));
            points[b]
                .cmp(&points[a])
                .then_with(|| match (best[a], best[b]) {
                    (Some(x), Some(y)) => x.cmp(&y),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                })
        });
        teams
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// postal 6.3 / BA-17, written once: a team level on points but with a rider further up the
    /// road scores higher; teams level in every respect score the same (they share the win).
    #[test]
    fn final_scores_break_ties_as_the_standings_do() {
        let hands = [Hand::new(&[5, 6, 7]).unwrap(); 4];
        let mut position = Position::start(Rules::postal(), &[hands, hands, hands]);
        let scores = position.final_scores();
        assert!(
            scores[0] == scores[1] && scores[1] == scores[2],
            "{scores:?}"
        );
        let ahead = position.team_riders(1).next().unwrap();
        position.riders[ahead].distance += 5;
        let scores = position.final_scores();
        assert!(
            scores[1] > scores[0] && scores[0] == scores[2],
            "{scores:?}"
        );
        assert_eq!(position.standings()[0], 1);
        assert!(
            scores.iter().all(|s| *s < 0.001),
            "no points yet: {scores:?}"
        );
    }

    /// BA-17 (docs/rulings.md): while the race is on, places follow what the report's table
    /// shows — points, then the best finisher — so teams level in both share their place
    /// whatever their order on the road (nobody is "2nd on 0 points"); once the race is over,
    /// the road decides between them.
    #[test]
    fn ba_17_in_mid_race_teams_level_on_points_and_finishers_share_their_place() {
        let hands = [Hand::new(&[5, 6, 7]).unwrap(); 4];
        let mut position = Position::start(Rules::postal(), &[hands, hands, hands]);
        let ahead = position.team_riders(1).next().unwrap();
        position.riders[ahead].distance += 5;
        assert!(!position.is_over());
        assert_eq!(position.places(), [1, 1, 1], "the road decides nothing yet");
        assert_eq!(
            position.standings()[0],
            1,
            "the standings still list the front first"
        );
    }

    #[test]
    fn a_new_hand_holds_its_cards_highest_first_as_insertions_make_it() {
        // Hand::new sorts (a network for four cards or fewer); the hand must be the one the
        // cards make inserted one by one (postal 7.4's replenishment inserts).
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for len in 0..=HAND_CAPACITY {
            for _ in 0..500 {
                let cards: Vec<u16> = (0..len)
                    .map(|_| {
                        state = state
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1);
                        1 + (state >> 33) as u16 % 15
                    })
                    .collect();
                let mut inserted = Hand::EMPTY;
                for &card in &cards {
                    inserted.insert(card);
                }
                let hand = Hand::new(&cards).unwrap();
                assert_eq!(hand, inserted, "{cards:?}");
                let mut sorted = cards.clone();
                sorted.sort_unstable_by(|a, b| b.cmp(a));
                assert_eq!(*hand.cards(), sorted[..]);
            }
        }
        assert_eq!(Hand::new(&[0, 3]), None);
        assert_eq!(Hand::new(&[Hand::MAX_CARD + 1]), None);
        assert_eq!(Hand::new(&[1; HAND_CAPACITY + 1]), None);
    }

    #[test]
    fn hand_keeps_cards_highest_first() {
        let mut hand = Hand::new(&[7, 14, 3]).unwrap();
        assert_eq!(*hand.cards(), [14, 7, 3]);
        assert!(hand.remove(7), "postal 7.3: a played card leaves the hand");
        assert!(!hand.remove(7));
        hand.insert(9);
        assert_eq!(*hand.cards(), [14, 9, 3]);
        assert_eq!(hand.ascending(), vec![3, 9, 14]);
        assert_eq!(hand.highest(), Some(14));
        assert!(Hand::new(&[1; 9]).is_none());
    }
}
