//! The search bot, for simultaneous sealed orders and hidden hands: determinized Monte Carlo
//! tree search one decision deep (a bandit over the bot's own orders, UCB1), with rollouts to
//! the end of the game. Each playout samples the hidden information the bot's view does not show
//! (the other teams' cards; the other walkers' cards and the deck), lets the others answer with
//! a rollout policy, and plays the game out. Seeded: with a budget in playouts the bot's choice
//! is reproducible; with a budget in milliseconds it depends on the machine's speed.

use std::time::{Duration, Instant};

use game_api::{Game, Rng, Seat};

/// How much a search may spend on one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Playouts(u32),
    Millis(u64),
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::Playouts(2000)
    }
}

impl Budget {
    pub(crate) fn spent(self, playouts: u32, started: Instant) -> bool {
        match self {
            Budget::Playouts(n) => playouts >= n,
            Budget::Millis(ms) => started.elapsed() >= Duration::from_millis(ms),
        }
    }
}

/// A searched decision: the chosen orders and what the search thought of its best choices.
#[derive(Clone, Debug)]
pub struct Decision<O> {
    pub orders: O,
    /// The most visited choices: (orders, playouts, mean reward 0–1), best first.
    pub top: Vec<(O, u32, f64)>,
    pub playouts: u32,
}

impl<O: Clone> Decision<O> {
    /// No search: the viewer has no seat, or nothing to decide.
    pub(crate) fn unsearched(orders: O) -> Decision<O> {
        Decision {
            orders,
            top: Vec::new(),
            playouts: 0,
        }
    }

    /// The decision for candidates `ranked` best first, with each one's playouts and mean.
    pub(crate) fn ranked(
        candidates: &[O],
        ranked: &[usize],
        visits: &[u32],
        mean: impl Fn(usize) -> f64,
        playouts: u32,
    ) -> Decision<O> {
        Decision {
            orders: candidates[ranked[0]].clone(),
            top: ranked
                .iter()
                .take(5)
                .map(|&i| (candidates[i].clone(), visits[i], mean(i)))
                .collect(),
            playouts,
        }
    }
}

/// UCB1 over the candidates, playouts from `play`, until the budget is spent.
fn bandit<O: Clone>(
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
            let total = f64::from(playouts.max(1));
            let pick = (0..n)
                .max_by(|&a, &b| {
                    let score = |i: usize| {
                        if visits[i] == 0 {
                            f64::INFINITY
                        } else {
                            reward[i] / f64::from(visits[i])
                                + 0.5 * (total.ln() / f64::from(visits[i])).sqrt()
                        }
                    };
                    score(a).total_cmp(&score(b))
                })
                .expect("candidates");
            reward[pick] += play(&candidates[pick], rng);
            visits[pick] += 1;
            playouts += 1;
        }
    }
    let mut ranked: Vec<usize> = (0..n).collect();
    ranked.sort_by(|&a, &b| {
        visits[b]
            .cmp(&visits[a])
            .then(reward[b].total_cmp(&reward[a]))
    });
    let mean = |i: usize| {
        if visits[i] > 0 {
            reward[i] / f64::from(visits[i])
        } else {
            0.0
        }
    };
    Decision::ranked(&candidates, &ranked, &visits, mean, playouts)
}

/// What the search needs of a game, written once per game (`crate::play`): who searches, the
/// orders worth trying, a full state consistent with what the seat sees, a playout to the end,
/// and the final scores. The searches (`search` here, `crate::flatmc::flat`) are written once,
/// over any game that implements it.
pub trait SearchGame: Game {
    /// What one seat sees: the search's only input (never the full state).
    type SeatView;
    /// Buffers a playout keeps from one playout to the next.
    type Playout: Default;

    /// The seat's view of `state`.
    fn seat_view(state: &Self::State, seat: Seat) -> Self::SeatView;
    /// The seat the search plays for, or `None` when there is nothing to decide (no seat, or
    /// the seat has no part left to play).
    fn searcher(view: &Self::SeatView) -> Option<Seat>;
    /// The orders given when there is nothing to decide.
    fn idle_orders(view: &Self::SeatView) -> Self::Orders;
    /// The orders the search weighs, best guess first.
    fn candidates(view: &Self::SeatView, seat: Seat, rng: &mut Rng) -> Vec<Self::Orders>;
    /// A full state consistent with the view: what it hides is sampled.
    fn determinize(view: &Self::SeatView, seat: Seat, rng: &mut Rng) -> Self::State;
    /// Plays `state` to its end: the seat plays `mine` first, then everybody plays by
    /// `rollout`.
    fn play_out(
        state: &mut Self::State,
        seat: Seat,
        mine: &Self::Orders,
        rollout: Rollout,
        buffers: &mut Self::Playout,
        rng: &mut Rng,
    );
    /// Every seat's final score, higher is better, as the rules rank an ended game (ties
    /// broken below a point where the rules break them; −∞ for a seat the rules say has lost
    /// the game whatever the others scored, which never wins).
    fn final_scores(state: &Self::State) -> Vec<f64>;
}

/// How everybody plays in a playout after the seat's first orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// The search's rollout policy (a sensible, cheap player).
    Policy,
    /// Uniformly random play (flat Monte Carlo, `flatmc`).
    Random,
}

/// Searches a seat's orders for the coming resolution, from its view alone: a bandit (UCB1)
/// over the game's candidates, each playout played out with the rollout policy.
pub fn search<G: SearchGame>(
    view: &G::SeatView,
    budget: Budget,
    rng: &mut Rng,
) -> Decision<G::Orders> {
    let Some(seat) = G::searcher(view) else {
        return Decision::unsearched(G::idle_orders(view));
    };
    let candidates = G::candidates(view, seat, rng);
    let mut buffers = G::Playout::default();
    bandit(candidates, budget, rng, |mine, rng| {
        playout::<G>(view, seat, mine, Rollout::Policy, &mut buffers, rng)
    })
}

/// One playout: a sample of what the view hides, played out; the seat's reward.
pub(crate) fn playout<G: SearchGame>(
    view: &G::SeatView,
    seat: Seat,
    mine: &G::Orders,
    rollout: Rollout,
    buffers: &mut G::Playout,
    rng: &mut Rng,
) -> f64 {
    let mut world = G::determinize(view, seat, rng);
    G::play_out(&mut world, seat, mine, rollout, buffers, rng);
    reward(&G::final_scores(&world), seat.index())
}

/// What an ended game is worth to seat `me`, given every seat's final score: mostly its share
/// of the win (shared on a tie; none for a seat that has lost the game, −∞), a little for its
/// place.
pub(crate) fn reward(scores: &[f64], me: usize) -> f64 {
    let mine = scores[me];
    let n = scores.len();
    let better = scores.iter().filter(|&&s| s > mine).count();
    let equal = scores.iter().filter(|&&s| s == mine).count();
    let win = if better == 0 && mine > f64::NEG_INFINITY {
        1.0 / equal as f64
    } else {
        0.0
    };
    let place = if n > 1 {
        1.0 - better as f64 / (n - 1) as f64
    } else {
        1.0
    };
    0.8 * win + 0.2 * place
}

#[cfg(test)]
mod tests {
    use super::reward;

    /// B&B 5.2: a walker not back (−∞) is worth less to the search than one back on -4 points,
    /// though it scored 0 and the other fewer; it never has a share of the win, even when
    /// nobody is back.
    #[test]
    fn bb_5_2_the_search_counts_a_walker_not_back_as_beaten() {
        let lost = f64::NEG_INFINITY;
        let scores = [-4.0, lost, 10.0];
        assert!(reward(&scores, 0) > reward(&scores, 1));
        assert_eq!(reward(&scores, 1), 0.0, "last, and no win");
        assert_eq!(reward(&scores, 2), 1.0, "the win alone, and first");
        assert_eq!(reward(&[lost, lost], 0), 0.2, "level, and nobody wins");
        assert!((reward(&[3.0, 3.0], 0) - 0.6).abs() < 1e-12, "a shared win");
    }
}
