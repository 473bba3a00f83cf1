//! Tournaments between bots: many games, seats rotated so that no bot keeps a seat, played in
//! parallel and reproducible from one seed (each game's draws come from the seed and the game's
//! number, whichever thread plays it).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use game_api::Seed;

use crate::{BotGame, Ending, Entrant};

/// One game's result: per entrant (in the tournament's order), its share of the win (ties share
/// it), its points and its place (1 = first; tied entrants share the better place).
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub win: Vec<f64>,
    pub points: Vec<f64>,
    pub place: Vec<f64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EntrantSummary {
    pub bot: String,
    pub wins: f64,
    pub win_rate: f64,
    pub ci95: (f64, f64),
    pub mean_points: f64,
    pub mean_place: f64,
}

/// The Wilson score interval for `wins` out of `n` at 95%.
pub fn wilson95(wins: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Plays game `g` of game `G`: seat `s` is taken by entrant `(s + g) % n`.
pub fn play_game<G: BotGame>(
    settings: &G::Settings,
    entrants: &[Entrant],
    seed: Seed,
    g: u64,
) -> GameResult {
    let n = entrants.len();
    let first = g as usize % n;
    let seated: Vec<Entrant> = (0..n).map(|s| entrants[(s + first) % n]).collect();
    let game_seed = Seed(seed.0 ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    credit(&G::bot_game(settings, &seated, game_seed), first)
}

/// A game's ending credited to the entrants, entrant `e` having sat in seat
/// `(e + n - first) % n`: ranked by standing (higher is better: ties share the win and the
/// better place; a seat on −∞ has lost the game and never wins), points as scored.
fn credit(ending: &Ending, first: usize) -> GameResult {
    let scores = &ending.standing;
    let n = scores.len();
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let wins = |s: f64| s == best && s > f64::NEG_INFINITY;
    let winners = scores.iter().filter(|&&s| wins(s)).count() as f64;
    let mut result = GameResult {
        win: Vec::with_capacity(n),
        points: Vec::with_capacity(n),
        place: Vec::with_capacity(n),
    };
    for e in 0..n {
        let seat = (e + n - first) % n;
        let score = scores[seat];
        result
            .win
            .push(if wins(score) { 1.0 / winners } else { 0.0 });
        // The tie-break lives below 10⁻⁴ of a point; shared points (½, ⅓) are kept.
        result
            .points
            .push((ending.points[seat] * 1e4).round() / 1e4);
        result
            .place
            .push(1.0 + scores.iter().filter(|&&o| o > score).count() as f64);
    }
    result
}

/// Plays `games` games on `threads` threads; `progress` is told each finished game.
pub fn run<G: BotGame>(
    settings: &G::Settings,
    entrants: &[Entrant],
    games: u64,
    seed: Seed,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<GameResult> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameResult>>> = Mutex::new(vec![None; games as usize]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games as usize {
                        break;
                    }
                    let result = play_game::<G>(settings, entrants, seed, g as u64);
                    results.lock().expect("no thread panicked")[g] = Some(result);
                    progress(1);
                }
            });
        }
    });
    results
        .into_inner()
        .expect("no thread panicked")
        .into_iter()
        .map(|r| r.expect("every game played"))
        .collect()
}

/// Totals per entrant.
pub fn summarise(entrants: &[Entrant], results: &[GameResult]) -> Vec<EntrantSummary> {
    let n = results.len() as f64;
    entrants
        .iter()
        .enumerate()
        .map(|(e, entrant)| {
            let wins: f64 = results.iter().map(|r| r.win[e]).sum();
            EntrantSummary {
                bot: entrant.kind.name().to_string(),
                wins,
                win_rate: if n > 0.0 { wins / n } else { 0.0 },
                ci95: wilson95(wins, n),
                mean_points: results.iter().map(|r| r.points[e]).sum::<f64>() / n.max(1.0),
                mean_place: results.iter().map(|r| r.place[e]).sum::<f64>() / n.max(1.0),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BotKind;
    use crate::mcts::Budget;
    use game_api::Game;
    use game_api::settings::Given;
    use game_backpacks::Backpacks;
    use game_breaking_away::{BreakingAway, Rules};

    fn entrants(kinds: &[BotKind]) -> Vec<Entrant> {
        kinds
            .iter()
            .map(|&kind| Entrant {
                kind,
                budget: Budget::Playouts(20),
            })
            .collect()
    }

    #[test]
    fn tournaments_are_reproducible_from_the_seed_whatever_the_threads() {
        let e = entrants(&[BotKind::Heuristic, BotKind::Random, BotKind::Nmr]);
        let rules = Rules::postal();
        let one = run::<BreakingAway>(&rules, &e, 12, Seed(5), 1, &|_| {});
        let two = run::<BreakingAway>(&rules, &e, 12, Seed(5), 2, &|_| {});
        assert_eq!(one, two);
        let other = run::<BreakingAway>(&rules, &e, 12, Seed(6), 2, &|_| {});
        assert_ne!(one, other);
    }

    #[test]
    fn seats_rotate_and_wins_add_up() {
        let e = entrants(&[
            BotKind::Random,
            BotKind::Random,
            BotKind::Random,
            BotKind::Random,
        ]);
        let results = run::<BreakingAway>(&Rules::postal(), &e, 8, Seed(1), 2, &|_| {});
        for r in &results {
            assert!(
                (r.win.iter().sum::<f64>() - 1.0).abs() < 1e-9,
                "one win a game, shared on a tie"
            );
            assert!(r.place.iter().all(|&p| (1.0..=4.0).contains(&p)));
        }
        let s = summarise(&e, &results);
        assert!((s.iter().map(|x| x.wins).sum::<f64>() - 8.0).abs() < 1e-9);
        for x in &s {
            assert!(x.ci95.0 <= x.win_rate && x.win_rate <= x.ci95.1);
        }
    }

    /// B&B 5.2: a walker not back by 18:00 is credited the 0 points it scored, but it has lost
    /// the game: last, below a walker back on -4, and no share of the win; nobody back, nobody
    /// wins. Seats given back to entrants (first = 1: seat s was taken by entrant s + 1).
    #[test]
    fn bb_5_2_a_tournament_credits_a_walker_not_back_with_its_points_and_the_loss() {
        let lost = f64::NEG_INFINITY;
        let ending = Ending {
            standing: vec![-4.0, lost, 12.0, lost],
            points: vec![-4.0, 0.0, 12.0, 0.0],
        };
        let result = credit(&ending, 1);
        assert_eq!(result.win, [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(result.points, [0.0, -4.0, 0.0, 12.0]);
        assert_eq!(result.place, [3.0, 2.0, 3.0, 1.0]);
        let nobody_back = Ending {
            standing: vec![lost; 3],
            points: vec![0.0; 3],
        };
        let result = credit(&nobody_back, 0);
        assert_eq!(result.win, [0.0; 3]);
        assert_eq!(result.place, [1.0; 3]);
    }

    #[test]
    fn wilson_interval_matches_known_values() {
        let (lo, hi) = wilson95(40.0, 100.0);
        assert!(
            (lo - 0.3094).abs() < 1e-3 && (hi - 0.4980).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson95(0.0, 0.0), (0.0, 1.0));
    }

    #[test]
    fn a_backpacks_tournament_runs() {
        let e = entrants(&[BotKind::Heuristic, BotKind::Random]);
        let keswick = Backpacks::settings(Given::none()).unwrap();
        let results = run::<Backpacks>(&keswick, &e, 4, Seed(2), 2, &|_| {});
        let s = summarise(&e, &results);
        assert!(
            s[0].mean_points > s[1].mean_points,
            "the heuristic walker outscores the random one: {s:?}"
        );
    }
}
