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

use game_api::Rng;

use crate::mcts::{Budget, Decision, Rollout, SearchGame, playout};

/// Playouts shared evenly among the candidates until the budget is spent; the best average
/// wins (ties: the earlier candidate). Candidates never played rank last.
fn round_robin<O: Clone>(
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

/// A seat's orders by flat Monte Carlo, from its view alone: the game's candidates, each
/// playout played out at random.
pub fn flat<G: SearchGame>(
    view: &G::SeatView,
    budget: Budget,
    rng: &mut Rng,
) -> Decision<G::Orders> {
    let Some(seat) = G::searcher(view) else {
        return Decision::unsearched(G::idle_orders(view));
    };
    let candidates = G::candidates(view, seat, rng);
    let mut buffers = G::Playout::default();
    round_robin(candidates, budget, rng, |mine, rng| {
        playout::<G>(view, seat, mine, Rollout::Random, &mut buffers, rng)
    })
}
