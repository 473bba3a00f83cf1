//! The oracle, in the manner of a chess engine's perft suite: random positions (both rule sets,
//! every option, turn 1 and later turns, missing orders, ties, shared squares with equal and
//! distinct arrival stamps, lapped, dropped, retired and finished riders) resolved by the engine
//! (`turn::resolve`, and the scenario runner for a share of them) and by the plain reading of
//! the rules in `oracle/plain.rs`, and every field compared: the order of movement, distances,
//! hands, exact points, awards, finishers, replacement cards, statuses, arrival stamps, the sole
//! leader, the end of the race and the team order.

mod direct;
mod notation;
mod plain;
mod random;

use std::time::Instant;

use game_breaking_away::{Line, RuleSet};
use plain::{Frac, Race, State};

use direct::compare_direct;
use notation::{compare_notation, notation};
use random::{Draw, random_race};

/// Positions compared on every test run.
const POSITIONS: u64 = 100_000;
/// One position in this many also goes through the scenario notation and its runner.
const THROUGH_THE_NOTATION: u64 = 8;

#[test]
fn the_engine_agrees_with_a_plain_reading_of_the_rules() {
    let started = Instant::now();
    let mut draw = Draw(0x0B5E_55ED_CAFE_F00D);
    let mut compared = 0u64;
    let mut through_notation = 0u64;
    let mut counts = [0u64; 8];
    let mut failures: Vec<String> = Vec::new();
    for k in 0..POSITIONS {
        let (race, orders) = random_race(&mut draw);
        // What the positions cover.
        counts[0] += u64::from(race.board);
        counts[1] += u64::from(race.turn == 1);
        counts[2] += u64::from(
            orders
                .iter()
                .zip(&race.riders)
                .any(|(o, r)| o.is_none() && r.on_road()),
        );
        counts[3] += u64::from(
            race.riders
                .iter()
                .any(|r| matches!(r.state, State::Finished(_))),
        );
        let shared_stamp = race.riders.iter().enumerate().any(|(i, a)| {
            race.riders[..i].iter().any(|b| {
                b.distance == a.distance && b.arrival == a.arrival && a.on_road() && b.on_road()
            })
        });
        counts[4] += u64::from(shared_stamp);
        let lapped = race.board
            && race.riders.iter().any(|a| {
                race.riders
                    .iter()
                    .any(|b| a.distance - b.distance >= 40 && a.on_road() && b.on_road())
            });
        counts[5] += u64::from(lapped);
        let errors = compare_direct(&race, &orders);
        compared += 1;
        if !errors.is_empty() && failures.len() < 5 {
            failures.push(format!(
                "position {k}: {race:?}\norders {orders:?}\n  {}",
                errors.join("\n  ")
            ));
        }
        if k % THROUGH_THE_NOTATION == 0
            && let Some((scenario, as_written, names)) = notation(&race, &orders, &mut draw)
        {
            through_notation += 1;
            let errors = compare_notation(&scenario, &as_written, &names, &orders);
            if !errors.is_empty() && failures.len() < 5 {
                failures.push(format!(
                    "scenario {k}: {scenario}\n  {}",
                    errors.join("\n  ")
                ));
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "oracle: {compared} positions compared with turn::resolve, {through_notation} also through the scenario runner, in {seconds:.1} s \
         (board {}, turn 1 {}, with NMR {}, with finished riders {}, shared square and stamp {}, lapped {})",
        counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]
    );
    assert!(compared >= 100_000);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_oracle_reads_the_issue_14_position_as_the_rules_do() {
    // Issue 14 (board): red-D alone crosses the second sprint line at 73 and takes 10 points.
    let rider = |team, grade, distance, hand: &[u16], arrival| plain::Rider {
        team,
        grade,
        distance,
        hand: hand.to_vec(),
        points: Frac::ZERO,
        sole_leader: false,
        state: State::Racing,
        arrival,
    };
    let race = Race {
        board: true,
        group_breakaways: false,
        turn1_congestion: false,
        turn: 5,
        teams: 3,
        riders: vec![
            rider(0, 3, 65, &[1, 12, 1], 2),
            rider(1, 1, 60, &[1, 5, 12], 3),
            rider(2, 1, 65, &[5, 2, 4], 4),
        ],
        places: [3, 0, 0],
        next_arrival: 5,
        first_team: 0,
    };
    let turn = plain::turn(&race, &[Some(12), Some(12), Some(2)]).unwrap();
    assert_eq!(turn.scored.len(), 1);
    assert_eq!((turn.scored[0].line, turn.scored[0].place), (1, 1));
    assert_eq!(turn.scored[0].riders, vec![0]);
    assert_eq!(turn.scored[0].each, Frac::new(10, 1));
    assert!(compare_direct(&race, &[Some(12), Some(12), Some(2)]).is_empty());
    // Nothing unused from the engine's rule set names.
    assert_eq!(RuleSet::Board.line_distance(Line::Sprint2), 73);
}
