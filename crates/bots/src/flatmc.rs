//! The flat Monte Carlo bot (`flatmc`), as Boardspace's Breaking Away robot plays: the budget's
//! playouts are shared evenly among the candidate orders (round robin), each playout samples
//! what the seat's view hides (as the search bot does, `mcts::determinize`) and plays the game
//! to its end with uniformly random play for everybody, and the candidate with the best average
//! result is played. No tree, no bandit, no rollout policy: a yardstick for `mcts`, which
//! spends the same playouts where they look best and plays its rollouts with a policy.
//!
//! Breaking Away: the candidates are every combination of distinct cards for the seat's riders
//! on the track (as for `mcts`). Backpacks: a round's orders cannot be listed, so the candidates
//! are the heuristic's plans under each goal (as for `mcts`), and the playouts are random walks.

use std::time::Instant;

use game_api::{Rng, Viewer};
use game_backpacks::RoundOrders;
use game_backpacks::view::DayViewRef;
use game_breaking_away::{TeamOrders, View, random};

use crate::BotKind;
use crate::mcts::{Budget, Decision, RacePlayout, candidate_orders, day_search};

/// Playouts shared evenly among the candidates until the budget is spent; the best average
/// wins (ties: the earlier candidate). Candidates never played rank last.
fn flat<O: Clone>(
    candidates: Vec<O>,
    budget: Budget,
    rng: &mut Rng,
    mut play: impl FnMut(&O, &mut Rng) -> f64,
) -> Decision<O> {
    let started = Instant::now();
    let n = candidates.len();
    let mut visits = vec![0u32; n];
    let mut reward = vec![0f64; n];
    let mut playouts = 0u32;
    if n > 1 {
        while !budget.spent(playouts, started) {
            let k = playouts as usize % n;
            reward[k] += play(&candidates[k], rng);
            visits[k] += 1;
            playouts += 1;
        }
    }
    let mean = |k: usize| {
        if visits[k] > 0 {
            reward[k] / f64::from(visits[k])
        } else {
            f64::NEG_INFINITY
        }
    };
    let mut ranked: Vec<usize> = (0..n).collect();
    // Stable: among equal averages the earlier candidate stays first.
    ranked.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
    Decision::ranked(
        &candidates,
        &ranked,
        &visits,
        |k| mean(k).max(0.0),
        playouts,
    )
}

/// A Breaking Away seat's orders by flat Monte Carlo.
pub fn flat_breaking_away(view: &View, budget: Budget, rng: &mut Rng) -> Decision<TeamOrders> {
    let Viewer::Seat(seat) = view.viewer else {
        return Decision::unsearched(TeamOrders::default());
    };
    let team = seat.0;
    let mut playout = RacePlayout::default();
    flat(candidate_orders(view, team), budget, rng, |mine, rng| {
        playout.play(view, team, mine, random::orders, rng)
    })
}

/// A Backpacks walker's orders for the coming round by flat Monte Carlo.
pub fn flat_backpacks(
    view: DayViewRef<'_>,
    budget: Budget,
    rng: &mut Rng,
) -> Decision<RoundOrders> {
    let Some(me) = day_search::walker_to_search(view) else {
        return Decision::unsearched(RoundOrders::nmr());
    };
    let candidates = day_search::candidates(view, me, rng);
    let owned = view.to_view();
    flat(candidates, budget, rng, |mine, rng| {
        let day = day_search::determinize(&owned, me, rng);
        let day = day_search::play_out(day, me, mine, BotKind::Random, rng);
        day_search::day_reward(&day, me)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Seat;
    use game_api::Seed;
    use game_breaking_away::game::check_team_orders;
    use game_breaking_away::{Grade, Hand, Position, Rules};

    fn start(seed: u64) -> Position {
        let mut rng = Seed(seed).rng(0);
        let hands: Vec<[Hand; 4]> = (0..4)
            .map(|_| {
                let l = BotKind::Heuristic.lineup(Rules::postal(), &mut rng);
                Grade::ALL.map(|g| Hand::new(l.cards(g)).unwrap())
            })
            .collect();
        Position::start(Rules::postal(), &hands)
    }

    #[test]
    fn flatmc_shares_playouts_evenly_and_is_reproducible() {
        let position = start(3);
        let view = position.view(Viewer::Seat(Seat(1)));
        let a = flat_breaking_away(&view, Budget::Playouts(90), &mut Seed(4).rng(0));
        let b = flat_breaking_away(&view, Budget::Playouts(90), &mut Seed(4).rng(0));
        assert_eq!(a.orders, b.orders, "seeded: the same choice");
        assert_eq!(a.playouts, 90);
        check_team_orders(&position, 1, &a.orders).unwrap();
        let n = candidate_orders(&view, 1).len() as u32;
        // Round robin: every candidate played 90 / n times, give or take one.
        for (_, visits, reward) in &a.top {
            assert!(visits.abs_diff(90 / n) <= 1, "{visits} of 90 over {n}");
            assert!((0.0..=1.0).contains(reward));
        }
    }
}
