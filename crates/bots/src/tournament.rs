//! Tournaments between bots: many games, seats rotated so that no bot keeps a seat, played in
//! parallel and reproducible from one seed (each game's draws come from the seed and the game's
//! number, whichever thread plays it).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use game_api::{Seat, Seed, Viewer};
use game_backpacks::{Day, Deck, Map, RoundOrders};
use game_breaking_away::game::{draw_first_team, play_cards};
use game_breaking_away::turn::Scratch;
use game_breaking_away::{Grade, Hand, Position, Rules};

use crate::breaking_away::{draw_random_lineup, random_cards};
use crate::{BotKind, Entrant};

/// Which game a tournament plays.
#[derive(Clone, Copy, Debug)]
pub enum TournamentGame {
    BreakingAway(Rules),
    Backpacks,
}

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

/// Ranks scores (higher is better): each entrant's share of the win and its place.
fn rank(scores: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let best = scores.iter().copied().fold(f64::MIN, f64::max);
    let winners = scores.iter().filter(|&&s| s == best).count() as f64;
    let win = scores
        .iter()
        .map(|&s| if s == best { 1.0 / winners } else { 0.0 })
        .collect();
    let place = scores
        .iter()
        .map(|&s| 1.0 + scores.iter().filter(|&&o| o > s).count() as f64)
        .collect();
    (win, place)
}

/// The default map and deck, read and checked once for every game of every tournament (the
/// map's TOML took longer than a random day).
fn keswick() -> (Arc<Map>, Arc<Deck>) {
    static KESWICK: OnceLock<(Arc<Map>, Arc<Deck>)> = OnceLock::new();
    let (map, deck) = KESWICK.get_or_init(|| {
        let map = Arc::new(Map::keswick());
        let deck = Arc::new(Deck::keswick(&map));
        (map, deck)
    });
    (map.clone(), deck.clone())
}

/// Seat `s`'s bot draws from one stream for the whole game (not one stream a turn: setting up
/// a stream costs more than a random bot's whole turn).
fn bot_stream(game_seed: Seed, s: usize) -> game_api::Rng {
    game_seed.rng(2 << 32 | s as u64)
}

/// The buffers a thread's games reuse, one game after another.
#[derive(Default)]
struct Buffers {
    race: Scratch,
    cards: Vec<Option<u16>>,
    day: game_backpacks::day::Scratch,
    rounds: Vec<RoundOrders>,
}

/// Plays game `g`: seat `s` is taken by entrant `(s + g) % n`.
pub fn play_game(game: TournamentGame, entrants: &[Entrant], seed: Seed, g: u64) -> GameResult {
    play_game_with(game, entrants, seed, g, &mut Buffers::default())
}

fn play_game_with(
    game: TournamentGame,
    entrants: &[Entrant],
    seed: Seed,
    g: u64,
    buffers: &mut Buffers,
) -> GameResult {
    let n = entrants.len();
    let seat_of = |e: usize| (e + n - (g as usize % n)) % n;
    let entrant_at = |s: usize| entrants[(s + g as usize) % n];
    let game_seed = Seed(seed.0 ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let scores: Vec<f64> = match game {
        TournamentGame::BreakingAway(rules) => {
            let mut rng = game_seed.rng(0);
            let lineups: Vec<[Hand; 4]> = (0..n)
                .map(|s| match entrant_at(s).kind {
                    // The random line-up's draws made straight into hands.
                    BotKind::Random => {
                        let mut hands = [Hand::EMPTY; 4];
                        draw_random_lineup(rules, &mut rng, |gr, cards| {
                            hands[gr.index()] = Hand::new(cards).expect("legal line-up")
                        });
                        hands
                    }
                    kind => {
                        let l = kind.lineup(rules, &mut rng);
                        Grade::ALL.map(|gr| Hand::new(l.cards(gr)).expect("legal line-up"))
                    }
                })
                .collect();
            let mut position = Position::start(rules, &lineups);
            // The turn is played in place, with buffers kept from turn to turn: the rules'
            // own `play_cards`, what `Game::resolve` does without copying the position or
            // writing the outcome down. Its one draw, the board's first team, comes from the
            // stream `resolve` would be given on turn 1.
            draw_first_team(&mut position, &mut game_seed.rng(1));
            let Buffers {
                race: scratch,
                cards,
                ..
            } = buffers;
            let mut bot_rngs: Vec<_> = (0..n).map(|s| bot_stream(game_seed, s)).collect();
            while !position.is_over() {
                // A card per rider, as `play_turn` maps the teams' orders: the random bot
                // writes its riders' cards straight in; the others' orders are mapped.
                cards.clear();
                cards.resize(position.riders.len(), None);
                for (s, rng) in bot_rngs.iter_mut().enumerate() {
                    let view = position.view_ref(Viewer::Seat(Seat(s as u8)));
                    let entrant = entrant_at(s);
                    if entrant.kind == BotKind::Random {
                        random_cards(view, rng, |i, _, card| cards[i] = Some(card));
                    } else {
                        let orders = crate::mcts::breaking_away_orders(entrant, view, rng);
                        for (card, r) in cards.iter_mut().zip(&position.riders) {
                            if usize::from(r.team) == s {
                                *card = orders.card(r.grade);
                            }
                        }
                    }
                }
                if !play_cards(&mut position, cards, scratch) {
                    // Unreachable with the bots' legal orders; without orders every rider plays
                    // its highest card, which is always legal, so the race still ends.
                    cards.fill(None);
                    play_cards(&mut position, cards, scratch);
                }
            }
            // Team points, ties broken as the standings break them (postal 6.3, BA-17).
            position.final_scores()
        }
        TournamentGame::Backpacks => {
            let (map, deck) = keswick();
            let mut day = Day::new(map, deck, n, &mut game_seed.rng(0));
            // The round is played in place, with buffers kept from round to round: the rules'
            // own `advance_round`, what `Game::resolve` does without copying the day or
            // writing the outcome down.
            let Buffers {
                day: scratch,
                rounds: orders,
                ..
            } = buffers;
            orders.truncate(n);
            orders.resize_with(n, RoundOrders::default);
            while !day.is_over() {
                for (s, o) in orders.iter_mut().enumerate() {
                    let view = day.view_ref(Viewer::Seat(Seat(s as u8)));
                    let mut rng = game_seed.rng(1 << 32 | u64::from(day.turn) << 8 | s as u64);
                    *o = crate::mcts::backpacks_orders(entrant_at(s), view, &mut rng);
                }
                let mut rng = game_seed.rng(u64::from(day.turn) + 1);
                day.advance_round(orders, &mut rng, &mut (), scratch);
            }
            (0..n).map(|s| f64::from(day.final_points(s))).collect()
        }
    };
    let (win, place) = rank(&scores);
    // Back from seats to entrants.
    let by_entrant = |v: &[f64]| (0..n).map(|e| v[seat_of(e)]).collect::<Vec<f64>>();
    GameResult {
        win: by_entrant(&win),
        // The tie-break lives below 10⁻⁴ of a point; shared points (½, ⅓) are kept.
        points: by_entrant(
            &scores
                .iter()
                .map(|p| (p * 1e4).round() / 1e4)
                .collect::<Vec<_>>(),
        ),
        place: by_entrant(&place),
    }
}

/// Plays `games` games on `threads` threads; `progress` is told each finished game.
pub fn run(
    game: TournamentGame,
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
                let mut buffers = Buffers::default();
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games as usize {
                        break;
                    }
                    let result = play_game_with(game, entrants, seed, g as u64, &mut buffers);
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
        let game = TournamentGame::BreakingAway(Rules::postal());
        let one = run(game, &e, 12, Seed(5), 1, &|_| {});
        let two = run(game, &e, 12, Seed(5), 2, &|_| {});
        assert_eq!(one, two);
        let other = run(game, &e, 12, Seed(6), 2, &|_| {});
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
        let results = run(
            TournamentGame::BreakingAway(Rules::postal()),
            &e,
            8,
            Seed(1),
            2,
            &|_| {},
        );
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
        let results = run(TournamentGame::Backpacks, &e, 4, Seed(2), 2, &|_| {});
        let s = summarise(&e, &results);
        assert!(
            s[0].mean_points > s[1].mean_points,
            "the heuristic walker outscores the random one: {s:?}"
        );
    }
}
