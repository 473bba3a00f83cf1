//! The search bot's speed (docs/performance.md): one decision of a fixed number of playouts,
//! from which playouts per second follow. `cargo bench -p bots --bench search`.

use divan::{Bencher, black_box};
use game_api::{Game, Seat, Seed, Viewer};
use game_breaking_away::{BreakingAway, Grade, Hand, Position, Rules};

fn main() {
    divan::main();
}

/// A 4-team postal race six turns in, seen by team 0.
fn mid_race() -> Position {
    let rules = Rules::postal();
    let mut rng = Seed(4).rng(0);
    let hands: Vec<[Hand; 4]> = (0..4)
        .map(|_| {
            let l = bots::BotKind::Heuristic.lineup(rules, &mut rng);
            Grade::ALL.map(|g| Hand::new(l.cards(g)).unwrap())
        })
        .collect();
    let mut position = Position::start(rules, &hands);
    for turn in 0..6 {
        position =
            BreakingAway::resolve(&position, &[None, None, None, None], &mut Seed(1).rng(turn)).0;
    }
    position
}

/// One Breaking Away decision of 1,000 playouts (divide 1,000 by the time for playouts per second).
#[divan::bench(sample_count = 20)]
fn mcts_breaking_away_1000_playouts(bencher: Bencher) {
    let view = mid_race().view(Viewer::Seat(Seat(0)));
    bencher.bench_local(|| {
        bots::mcts::search::<BreakingAway>(
            black_box(&view),
            bots::mcts::Budget::Playouts(1000),
            &mut Seed(7).rng(1),
        )
    });
}
