//! Breaking Away bots: `random` (uniform over legal orders), `nmr` (the rules' own no-moves
//! policy: the highest card) and `heuristic` (a sensible player: sprints when a line is in
//! reach, finishes with the smallest card that crosses, otherwise keeps its big cards).

use game_api::{Rng, Viewer};
use game_breaking_away::rules::{
    Grade, Line, Rules, SCORING_PLACES, check_lineup_hand, lineup_sum_fits,
};
use game_breaking_away::{Lineup, TeamOrders, ViewRef, random};
use rand::{Rng as _, RngExt};

use crate::BotKind;

impl BotKind {
    /// The team's starting cards.
    pub fn lineup(self, rules: Rules, rng: &mut Rng) -> Lineup {
        match self {
            BotKind::Random => random_lineup(rules, rng),
            BotKind::Nmr => game_breaking_away::default_lineup(),
            // The full allowance, few small cards; one of a few shapes, so that two heuristic
            // teams do not mirror each other.
            BotKind::Heuristic | BotKind::Mcts | BotKind::FlatMc => {
                let shapes = [
                    Lineup([
                        vec![7, 7, 8, 8],
                        vec![8, 8, 9],
                        vec![6, 7, 7],
                        vec![5, 5, 6],
                    ]),
                    Lineup([
                        vec![10, 10, 10],
                        vec![7, 9, 9],
                        vec![5, 7, 8],
                        vec![4, 6, 6],
                    ]),
                    Lineup([
                        vec![6, 7, 8, 9],
                        vec![6, 9, 10],
                        vec![6, 6, 8],
                        vec![5, 5, 6],
                    ]),
                    Lineup([vec![9, 10, 11], vec![8, 8, 9], vec![6, 7, 7], vec![4, 5, 7]]),
                ];
                shapes[rng.random_range(0..shapes.len())].clone()
            }
        }
    }

    /// The team's orders for the coming turn, from the seat's view (borrowed: the random, nmr
    /// and heuristic bots read it in place; the search takes a copy).
    pub fn orders(self, view: ViewRef<'_>, rng: &mut Rng) -> TeamOrders {
        match self {
            BotKind::Mcts => {
                return crate::mcts::search::<game_breaking_away::BreakingAway>(
                    &view.to_view(),
                    crate::mcts::Budget::default(),
                    rng,
                )
                .orders;
            }
            BotKind::FlatMc => {
                return crate::flatmc::flat::<game_breaking_away::BreakingAway>(
                    &view.to_view(),
                    crate::mcts::Budget::default(),
                    rng,
                )
                .orders;
            }
            _ => {}
        }
        if !matches!(view.viewer(), Viewer::Seat(_)) {
            return TeamOrders::default();
        }
        let mut orders = TeamOrders::default();
        if self == BotKind::Nmr {
            return orders;
        }
        if self == BotKind::Random {
            random_cards(view, rng, |_, grade, card| orders.set(grade, card));
            return orders;
        }
        for (i, grade, hand) in view.own_hands() {
            orders.set(grade, heuristic_card(view, i, &hand.cards()));
        }
        orders
    }
}

/// The random bot's play: a uniformly drawn card from each of the seat's riders on the track,
/// given to `put` as (rider, grade, card). 16 bits of the generator for each of the (at most
/// four) riders, as the engine's own random play draws them; the k-th highest card, k uniform
/// (exact: Lemire's multiply-and-reject). Tournaments take the cards straight into the turn's
/// card per rider; [`BotKind::orders`] into the team's orders.
#[inline]
pub fn random_cards(view: ViewRef<'_>, rng: &mut Rng, mut put: impl FnMut(usize, Grade, u16)) {
    if !matches!(view.viewer(), Viewer::Seat(_)) {
        return;
    }
    // The team's four riders side by side (every race starts so): the same draws as the
    // general loop below (one word for the first rider that draws, 16 bits a rider) in a fixed
    // loop of four.
    if let Some((first, four)) = view.own_four() {
        let mut bits = None;
        for (k, rider) in four.iter().enumerate() {
            if !rider.on_track() || rider.hand.is_empty() {
                continue;
            }
            let word = bits.get_or_insert_with(|| rng.next_u64());
            let card = random::below(*word as u16, rider.hand.len() as u16, rng);
            *word >>= 16;
            put(first + k, rider.grade, rider.hand.card(card));
        }
        return;
    }
    let (mut bits, mut bits_left) = (0u64, 0);
    for (i, grade, hand) in view.own_hands() {
        if bits_left == 0 {
            bits = rng.next_u64();
            bits_left = 4;
        }
        let k = random::below(bits as u16, hand.len() as u16, rng);
        bits >>= 16;
        bits_left -= 1;
        put(i, grade, hand.card(k));
    }
}

/// A uniformly drawn legal line-up (postal 3.1: totals at most; board: totals exact, BA-12):
/// each rider's cards drawn from 1–15 until they fit.
pub fn random_lineup(rules: Rules, rng: &mut Rng) -> Lineup {
    let mut lineup = Lineup::default();
    draw_random_lineup(rules, rng, |grade, cards| {
        lineup.0[grade.index()] = cards.to_vec()
    });
    lineup
}

/// [`random_lineup`]'s draws, each rider's cards given to `put` as drawn (tournaments make
/// hands of them without the line-up's vectors).
pub fn draw_random_lineup(rules: Rules, rng: &mut Rng, mut put: impl FnMut(Grade, &[u16])) {
    for grade in Grade::ALL {
        let (counts, _) = grade.lineup_limits();
        // Drawn as a `u32`, which is how `rand` draws a `usize` range that fits in one (the
        // same draw), without its `usize` path's cost.
        let n = rng.random_range(*counts.start() as u32..=*counts.end() as u32) as usize;
        // Counts and cards are drawn within the limits, so only the sum can be refused.
        let mut cards = [0u16; 4];
        loop {
            for c in &mut cards[..n] {
                *c = rng.random_range(1..=15);
            }
            let sum = cards[..n].iter().map(|&c| u32::from(c)).sum();
            if lineup_sum_fits(rules, grade, sum) {
                debug_assert!(check_lineup_hand(rules, grade, &cards[..n]).is_ok());
                put(grade, &cards[..n]);
                break;
            }
        }
    }
}

/// The heuristic's card for one rider (cards highest first).
fn heuristic_card(view: ViewRef<'_>, rider: usize, cards: &[u16]) -> u16 {
    let me = view.rider(rider);
    let set = view.rules().set;
    let smallest_crossing = |line: Line| {
        let at = set.line_distance(line);
        if me.distance > at {
            return None;
        }
        cards
            .iter()
            .rev()
            .copied()
            .find(|&c| me.distance + i32::from(c) > at)
    };
    // Finish with the smallest card that crosses; take a sprint place while places are left.
    if let Some(c) = smallest_crossing(Line::Finish) {
        return c;
    }
    for line in [Line::Sprint1, Line::Sprint2] {
        if usize::from(view.line_places()[line.index()]) < SCORING_PLACES
            && let Some(c) = smallest_crossing(line)
        {
            return c;
        }
    }
    // Otherwise aim for the square right behind other riders (slipstream), keeping the
    // highest card for later when there is a choice.
    let occupied = |d: i32| view.riders().any(|r| r.on_track() && r.distance == d);
    let keep = if cards.len() > 1 { &cards[1..] } else { cards };
    keep.iter()
        .copied()
        .max_by_key(|&c| {
            let to = me.distance + i32::from(c);
            (occupied(to + 1), c)
        })
        .unwrap_or(cards[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Game, Seat, Seed};
    use game_breaking_away::play::check_team_orders;
    use game_breaking_away::{BreakingAway, Hand, Position};

    fn start(rules: Rules, kinds: &[BotKind], seed: u64) -> Position {
        let mut rng = Seed(seed).rng(0);
        let hands: Vec<[Hand; 4]> = kinds
            .iter()
            .map(|k| {
                let l = k.lineup(rules, &mut rng);
                Grade::ALL.map(|g| Hand::new(l.cards(g)).unwrap())
            })
            .collect();
        Position::start(rules, &hands)
    }

    #[test]
    fn every_bot_lineup_is_legal() {
        for seed in 0..200 {
            let mut rng = Seed(seed).rng(1);
            // Board set-up totals are exact (docs/rulings.md BA-12), postal ones maxima.
            let board = Rules::board(Default::default());
            for kind in [BotKind::Random, BotKind::Nmr, BotKind::Heuristic] {
                for rules in [Rules::postal(), board] {
                    kind.lineup(rules, &mut rng).check(rules).unwrap();
                }
            }
        }
    }

    #[test]
    fn the_random_bot_draws_alike_whether_its_riders_stand_side_by_side_or_not() {
        // Races start with each team's riders side by side, and the random bot then draws in a
        // fixed loop of four (`ViewRef::own_four`); elsewhere it walks the field
        // (`ViewRef::own_hands`). Both must make the same draws for the same riders.
        let kinds = [BotKind::Random; 4];
        for seed in 0..40 {
            let mut position = start(Rules::postal(), &kinds, seed);
            let mut turn = 0;
            while !position.is_over() {
                // The same riders, the teams interleaved (each team's riders in grade order).
                let mut interleaved = position.clone();
                interleaved.riders.sort_by_key(|r| (r.grade, r.team));
                let mut orders = Vec::new();
                for t in 0..4u8 {
                    let viewer = Viewer::Seat(Seat(t));
                    let (mut a, mut b) = (Seed(seed).rng(turn), Seed(seed).rng(turn));
                    let (mut side_by_side, mut apart) = (Vec::new(), Vec::new());
                    random_cards(position.view_ref(viewer), &mut a, |_, g, c| {
                        side_by_side.push((g, c))
                    });
                    random_cards(interleaved.view_ref(viewer), &mut b, |_, g, c| {
                        apart.push((g, c))
                    });
                    assert_eq!(side_by_side, apart, "seed {seed}, turn {turn}, team {t}");
                    assert_eq!(a.next_u64(), b.next_u64(), "the same draws used");
                    orders.push(Some(
                        BotKind::Random.orders(position.view_ref(viewer), &mut a),
                    ));
                }
                position = BreakingAway::resolve(&position, &orders, &mut Seed(seed).rng(1)).0;
                turn += 1;
            }
        }
    }

    #[test]
    fn bots_play_whole_races_with_legal_orders() {
        let kinds = [
            BotKind::Random,
            BotKind::Nmr,
            BotKind::Heuristic,
            BotKind::Random,
        ];
        for seed in 0..50 {
            let mut position = start(Rules::postal(), &kinds, seed);
            let mut turns = 0;
            while !position.is_over() {
                let orders: Vec<_> = kinds
                    .iter()
                    .enumerate()
                    .map(|(t, k)| {
                        let view = position.view_ref(Viewer::Seat(Seat(t as u8)));
                        let o = k.orders(view, &mut Seed(seed).rng(100 + t as u64));
                        check_team_orders(&position, t as u8, &o).unwrap();
                        Some(o)
                    })
                    .collect();
                position = BreakingAway::resolve(&position, &orders, &mut Seed(seed).rng(1)).0;
                turns += 1;
                assert!(turns < 200, "a race must end");
            }
        }
    }
}
