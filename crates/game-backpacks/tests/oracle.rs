//! The Backpacks & Blisters oracle: a second, deliberately plain reading of the rules where the
//! engine is most intricate — sub-turn movement (4.4), bump-backs and their chains (4.5) and the
//! race to a target (5.1.3–5.1.5, arrivals in one sub-turn) — written from the rulebook
//! (`shared/rules/backpacks-and-blisters-pbm-2.1.txt`), `shared/spec/backpacks-notes.md` and
//! docs/rulings.md B&B-4..6, and compared with the engine on many random positions.
//!
//! Positions are written in the public scenario notation (`docs/backpacks-scenario.md`) and run
//! by `Scenario::run`, so the comparison is of what a player or the case book sees: where each
//! walker ends, the steps with their sub-turns, who was moved back, the target bonuses and the
//! targets' counts. The oracle shares nothing with the engine but the map data and the one
//! random draw the rules call for (B&B-5: "randomly" is one draw per walker per turn from the
//! game's seed, the turn's first draws).
//!
//! The oracle is plain on purpose: vectors, linear scans, one rule per step, no speed tricks.

use std::sync::Arc;

use game_api::Seed;
use game_backpacks::map::{Map, SpaceId};
use game_backpacks::scenario::Scenario;
use rand::RngExt;
use serde_json::{Value, json};

/// Rule 4.4's table as printed, row by row: in sub-turn `row`, a move of these lengths takes a
/// step. Then docs/rulings.md B&B-4: sub-turn 9 restored for a move of 5, and the columns the
/// table lacks (7: 1 3 5 6 8 10 12; 9: 1 3 4 5 7 8 9 11 12; 11: every sub-turn but 6).
fn table_row(sub_turn: u8) -> Vec<usize> {
    let printed: &[usize] = match sub_turn {
        1 => &[6, 8, 10, 12],
        2 => &[3, 4, 5, 10, 12],
        3 => &[2, 6, 8, 10, 12],
        4 => &[5, 8, 12],
        5 => &[4, 6, 10, 12],
        6 => &[1, 3, 8, 10, 12],
        7 => &[5, 6, 8, 10, 12],
        8 => &[4, 10, 12],
        9 => &[2, 6, 8, 10, 12],
        10 => &[3, 8, 12],
        11 => &[4, 5, 6, 10, 12],
        12 => &[8, 10, 12],
        _ => &[],
    };
    let mut row = printed.to_vec();
    // B&B-4: the missing mark of a move of 5.
    if sub_turn == 9 {
        row.push(5);
    }
    // B&B-4: the columns the printed table does not have.
    if [1, 3, 5, 6, 8, 10, 12].contains(&sub_turn) {
        row.push(7);
    }
    if [1, 3, 4, 5, 7, 8, 9, 11, 12].contains(&sub_turn) {
        row.push(9);
    }
    if sub_turn != 6 {
        row.push(11);
    }
    row
}

/// One walker as the oracle sees it.
#[derive(Clone, Debug)]
struct OracleWalker {
    start: SpaceId,
    /// The spaces of its route, in order (every step one space).
    route: Vec<SpaceId>,
    /// Targets (by index) reached before this turn.
    reached: Vec<usize>,
    /// 4.5's random tie-break: a lower draw arrives first.
    draw: u32,
}

/// What the oracle says happened.
#[derive(Clone, Debug, PartialEq)]
struct OracleResult {
    /// Per walker: the end space.
    at: Vec<SpaceId>,
    /// Per walker: (space, sub-turn) of each step taken.
    steps: Vec<Vec<(SpaceId, u8)>>,
    /// Per walker: moved back at the end of sub-turn 12.
    bumped: Vec<bool>,
    /// Per walker: (target index, order 1-based, points) of the bonuses scored.
    bonuses: Vec<Vec<(usize, u8, i32)>>,
    /// Per target: how many walkers have reached it after the turn.
    counts: Vec<u8>,
}

fn oracle(
    map: &Map,
    walkers: &[OracleWalker],
    targets: &[SpaceId],
    counts_before: &[u8],
) -> OracleResult {
    let n = walkers.len();
    // Where each walker is, and when it got there: (sub-turn, spaces moved so far). A walker
    // that has not moved "arrived" at sub-turn 0 having moved 0 (B&B-5).
    let mut at: Vec<SpaceId> = walkers.iter().map(|w| w.start).collect();
    let mut arrival: Vec<(u8, usize)> = vec![(0, 0); n];
    let mut steps_taken: Vec<usize> = vec![0; n];
    let mut steps: Vec<Vec<(SpaceId, u8)>> = vec![Vec::new(); n];
    // (target, sub-turn, moved, draw, walker) for every first entry into a target this turn.
    let mut arrivals_at_targets: Vec<(usize, u8, usize, u32, usize)> = Vec::new();

    // 4.4: twelve sub-turns; in each, a walker moving `len` spaces steps if the table's row has
    // a mark for `len`.
    for sub_turn in 1..=12u8 {
        let row = table_row(sub_turn);
        for w in 0..n {
            let len = walkers[w].route.len();
            if len > 0 && row.contains(&len) {
                let space = walkers[w].route[steps_taken[w]];
                steps_taken[w] += 1;
                at[w] = space;
                arrival[w] = (sub_turn, steps_taken[w]);
                steps[w].push((space, sub_turn));
                // B&B-6: entering a target reaches it, even in passing; once per walker (7.3).
                for (k, &target) in targets.iter().enumerate() {
                    let already = walkers[w].reached.contains(&k)
                        || arrivals_at_targets.iter().any(|a| a.0 == k && a.4 == w);
                    if target == space && !already {
                        arrivals_at_targets.push((k, sub_turn, steps_taken[w], walkers[w].draw, w));
                    }
                }
            }
        }
    }
    for w in 0..n {
        assert_eq!(
            steps_taken[w],
            walkers[w].route.len(),
            "the table has a mark per step"
        );
    }

    // 4.5: at the end of sub-turn 12, on a small space held by two or more walkers, every walker
    // but the first to arrive goes back to its previous space; again until no small space is
    // shared (B&B-5: chains). First to arrive: earlier sub-turn; then furthest moved; then the
    // random draw.
    let mut bumped = vec![false; n];
    loop {
        let mut shared: Option<SpaceId> = None;
        for w in 0..n {
            let small = map.spaces[usize::from(at[w])].location.is_none();
            let others = (0..n).filter(|&v| v != w && at[v] == at[w]).count();
            if small && others > 0 {
                shared = Some(at[w]);
                break;
            }
        }
        let Some(space) = shared else { break };
        let mut here: Vec<usize> = (0..n).filter(|&v| at[v] == space).collect();
        here.sort_by(|&a, &b| {
            let (sa, ma) = arrival[a];
            let (sb, mb) = arrival[b];
            sa.cmp(&sb)
                .then(mb.cmp(&ma))
                .then(walkers[a].draw.cmp(&walkers[b].draw))
        });
        for &v in &here[1..] {
            // Back one space along its route; it keeps the arrival it had there.
            let moved = arrival[v].1;
            assert!(
                moved > 0,
                "two walkers cannot both have stood on a small space"
            );
            if moved == 1 {
                at[v] = walkers[v].start;
                arrival[v] = (0, 0);
            } else {
                at[v] = walkers[v].route[moved - 2];
                arrival[v] = (steps[v][moved - 2].1, moved - 1);
            }
            bumped[v] = true;
        }
    }

    // 5.1.3–5.1.5: the first walker to reach a target scores 10, the second 7, any later 5;
    // in order of arrival, ties as in 4.5 (B&B-6).
    arrivals_at_targets.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then(a.1.cmp(&b.1))
            .then(b.2.cmp(&a.2))
            .then(a.3.cmp(&b.3))
    });
    let mut counts = counts_before.to_vec();
    let mut bonuses: Vec<Vec<(usize, u8, i32)>> = vec![Vec::new(); n];
    for &(k, _, _, _, w) in &arrivals_at_targets {
        counts[k] += 1;
        let points = match counts[k] {
            1 => 10,
            2 => 7,
            _ => 5,
        };
        bonuses[w].push((k, counts[k], points));
    }
    for b in &mut bonuses {
        b.sort();
    }
    OracleResult {
        at,
        steps,
        bumped,
        bonuses,
        counts,
    }
}

/// A random legal position near one hub location, walkers crowded enough to meet: each walker
/// on a distinct small space (or any location), a route of 0–12 single steps that never enters a
/// space twice (11.1), a card that covers it (with chocolate past 6 symbols, 6.4).
struct Position {
    json: Value,
    walkers: Vec<OracleWalker>,
    targets: Vec<SpaceId>,
    counts: Vec<u8>,
}

fn random_position(map: &Map, rng: &mut game_api::Rng) -> Position {
    let n = rng.random_range(2..=6usize);
    let hub = map.locations[rng.random_range(0..map.locations.len())].space;
    let distances = map.distances_from(hub);
    let near: Vec<SpaceId> = (0..map.spaces.len())
        .filter(|&s| distances[s].is_some_and(|d| d <= 3))
        .map(|s| s as SpaceId)
        .collect();
    // Turns with no ferry, bus or break: walking only (10:00, 11:00, 12:00, 14:00, 16:00, 17:00).
    let turn = [0u8, 3, 6, 12, 18, 21][rng.random_range(0..6usize)];
    let time = format!("{}:{:02}", 10 + turn / 3, (turn % 3) * 20);
    // Targets: the hub's and other locations near it first, never Keswick (B&B-3).
    let mut candidates: Vec<SpaceId> = near
        .iter()
        .copied()
        .filter(|&s| {
            map.spaces[usize::from(s)]
                .location
                .is_some_and(|l| l != map.home)
        })
        .collect();
    candidates.sort();
    let mut targets = Vec::new();
    while targets.len() < 5 && !candidates.is_empty() {
        let k = rng.random_range(0..candidates.len());
        targets.push(candidates.swap_remove(k));
    }
    let mut walkers = Vec::new();
    let mut json_walkers = Vec::new();
    let mut orders = serde_json::Map::new();
    let mut counts = vec![0u8; targets.len()];
    let mut taken: Vec<SpaceId> = Vec::new();
    for w in 0..n {
        let start = loop {
            let s = near[rng.random_range(0..near.len())];
            if !map.is_small(s) || !taken.contains(&s) {
                break s;
            }
        };
        taken.push(start);
        let reached: Vec<usize> = (0..targets.len())
            .filter(|_| rng.random_range(0..5u8) == 0)
            .collect();
        for &k in &reached {
            counts[k] += 1;
        }
        // A route of single steps to neighbours, never entering a space twice (11.1).
        let want = rng.random_range(0..=12usize);
        let mut route: Vec<SpaceId> = Vec::new();
        let mut here = start;
        while route.len() < want {
            let next: Vec<SpaceId> = map
                .neighbours(here)
                .iter()
                .copied()
                .filter(|&s| s != start && !route.contains(&s))
                .collect();
            if next.is_empty() {
                break;
            }
            here = next[rng.random_range(0..next.len())];
            route.push(here);
        }
        let circles = route
            .iter()
            .filter(|&&s| map.spaces[usize::from(s)].shape == game_backpacks::map::Shape::Circle)
            .count();
        let triangles = route.len() - circles;
        // The card: enough of each symbol, sometimes more (4.2: not all have to be used); past
        // 6 of one symbol, a bar of chocolate doubles it (6.4).
        let chocolate = circles > 6 || triangles > 6 || (circles + triangles > 6);
        let (need_c, need_t) = if chocolate {
            (circles.div_ceil(2), triangles.div_ceil(2))
        } else {
            (circles, triangles)
        };
        let mut c = need_c + rng.random_range(0..=1usize);
        let mut t = need_t + rng.random_range(0..=1usize);
        if c + t == 0 {
            c = 1;
        }
        c = c.min(6);
        t = t.min(6);
        let card = format!("{c}+{t}");
        let id = format!("w{w}");
        let mut o = format!("walk {card}");
        if chocolate {
            o.push_str(" chocolate");
        }
        for &s in &route {
            o.push(' ');
            o.push_str(map.space_id(s));
        }
        // Some walkers rest instead (they send nothing); they still stand in the way.
        let rests = rng.random_range(0..4u8) == 0;
        if !rests {
            orders.insert(id.clone(), Value::from(o));
        }
        json_walkers.push(json!({
            "id": id,
            "at": map.space_id(start),
            "hand": [card],
            "chocolate": u8::from(chocolate),
            "reached": reached.iter().map(|&k| map.space_id(targets[k])).collect::<Vec<_>>(),
        }));
        walkers.push(OracleWalker {
            start,
            route: if rests { Vec::new() } else { route },
            reached,
            draw: 0,
        });
    }
    let seed: u64 = rng.random();
    // B&B-5: the turn's first draws, one per walker in seat order, split 4.5's ties.
    let mut draws = Seed(seed).rng(u64::from(turn));
    for w in &mut walkers {
        w.draw = draws.random();
    }
    let json = json!({
        "game": "backpacks",
        "time": time,
        "seed": seed,
        "targets": targets.iter().zip(&counts).map(|(&t, &c)| json!({"location": map.space_id(t), "reached": c})).collect::<Vec<_>>(),
        "walkers": json_walkers,
        "orders": orders,
    });
    Position {
        json,
        walkers,
        targets,
        counts,
    }
}

/// The engine's answer, read from the scenario result in the oracle's terms.
fn engine(map: &Arc<Map>, position: &Position) -> OracleResult {
    let scenario = Scenario::from_value(&position.json, map.clone())
        .unwrap_or_else(|e| panic!("a generated position is legal: {e}\n{}", position.json));
    let result = serde_json::to_value(scenario.run().unwrap()).unwrap();
    let space = |v: &Value| map.space(v.as_str().unwrap()).unwrap();
    let walkers = result["walkers"].as_array().unwrap();
    let target_ids: Vec<&str> = position.targets.iter().map(|&t| map.space_id(t)).collect();
    OracleResult {
        at: walkers.iter().map(|w| space(&w["at"])).collect(),
        steps: walkers
            .iter()
            .map(|w| {
                w["steps"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| (space(&s["space"]), s["sub_turn"].as_u64().unwrap() as u8))
                    .collect()
            })
            .collect(),
        bumped: walkers
            .iter()
            .map(|w| w["bumped"].as_bool().unwrap())
            .collect(),
        bonuses: walkers
            .iter()
            .map(|w| {
                let mut b: Vec<(usize, u8, i32)> = w["scored"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|s| {
                        // "target WAT (2nd)"
                        let what = s["for"].as_str().unwrap().strip_prefix("target ")?;
                        let (id, order) = what.split_once(" (").unwrap();
                        let k = target_ids.iter().position(|&t| t == id).unwrap();
                        let order: u8 = order
                            .trim_end_matches(|c: char| !c.is_ascii_digit())
                            .parse()
                            .unwrap();
                        Some((k, order, s["points"].as_i64().unwrap() as i32))
                    })
                    .collect();
                b.sort();
                b
            })
            .collect(),
        counts: result["targets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["reached"].as_u64().unwrap() as u8)
            .collect(),
    }
}

/// How many random positions every test run compares.
const POSITIONS: u64 = 10_000;

#[test]
fn bb_4_4_4_5_5_1_3_the_engine_agrees_with_the_oracle_on_random_positions() {
    let map = Arc::new(Map::keswick());
    let mut rng = Seed(20261122).rng(0);
    let (mut moved_back, mut chains, mut races, mut long_moves) = (0, 0, 0, 0);
    for case in 0..POSITIONS {
        let position = random_position(&map, &mut rng);
        let want = oracle(&map, &position.walkers, &position.targets, &position.counts);
        let got = engine(&map, &position);
        assert_eq!(
            got, want,
            "case {case}: the engine (left) and the oracle (right) disagree on\n{}",
            position.json
        );
        moved_back += usize::from(want.bumped.iter().any(|&b| b));
        chains += usize::from((0..want.at.len()).any(|w| {
            want.bumped[w] && {
                let taken = want.steps[w]
                    .iter()
                    .position(|&(s, _)| s == want.at[w])
                    .map_or(0, |k| k + 1);
                want.steps[w].len() >= taken + 2
            }
        }));
        races += usize::from(want.bonuses.iter().flatten().any(|b| b.1 >= 2));
        long_moves += usize::from(
            position
                .walkers
                .iter()
                .any(|w| [7, 9, 11].contains(&w.route.len())),
        );
    }
    eprintln!(
        "{POSITIONS} positions agree: {moved_back} with a bump-back, {chains} with a chain, \
         {races} with a target bonus of 2nd or later, {long_moves} with a move of 7, 9 or 11"
    );
    // The positions exercise what they are for.
    let floor = POSITIONS as usize / 100;
    assert!(
        moved_back > floor,
        "only {moved_back} positions with a bump-back"
    );
    assert!(
        chains > floor / 10,
        "only {chains} positions with a chain of bump-backs"
    );
    assert!(
        races > floor,
        "only {races} positions with a 2nd or later target bonus"
    );
    assert!(
        long_moves > floor,
        "only {long_moves} positions with a move of 7, 9 or 11"
    );
}

#[test]
fn bb_4_4_the_oracle_table_has_one_mark_per_step() {
    for len in 1..=12 {
        let marks = (1..=12u8).filter(|&s| table_row(s).contains(&len)).count();
        assert_eq!(marks, len, "a move of {len}");
    }
}
