//! The oracle, in the manner of a chess engine's perft suite: random positions (both rule sets,
//! every option, turn 1 and later turns, missing orders, ties, shared squares with equal and
//! distinct arrival stamps, lapped, dropped, retired and finished riders) resolved by the engine
//! (`turn::resolve`, and the scenario runner for a share of them) and by the plain reading of
//! the rules in `oracle/plain.rs`, and every field compared: the order of movement, distances,
//! hands, exact points, awards, finishers, replacement cards, statuses, arrival stamps, the sole
//! leader, the end of the race and the team order.

#[path = "oracle/plain.rs"]
mod plain;

use std::time::Instant;

use game_breaking_away::scenario::Scenario;
use game_breaking_away::turn::{OrderError, resolve};
use game_breaking_away::{
    Grade, Hand, Line, Options, Points, Position, Rider, RuleSet, Rules, Source, Status,
};
use plain::{Chosen, Frac, Race, Refused, State};
use serde_json::{Value, json};

/// Positions compared on every test run.
const POSITIONS: u64 = 100_000;
/// One position in this many also goes through the scenario notation and its runner.
const THROUGH_THE_NOTATION: u64 = 8;

/// SplitMix64: a small, seeded generator of our own, so the positions never change.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `lo..=hi`.
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    /// True one time in `n`.
    fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
}

/// A random position in the plain form, and orders for it. Small fields (so that squares are
/// shared and every check of the order of movement is reached), near a line, on either rule set.
fn random_race(draw: &mut Draw) -> (Race, Vec<Option<u16>>) {
    let board = draw.one_in(2);
    let turn = if draw.one_in(3) {
        1
    } else {
        draw.int(2, 30) as u32
    };
    let teams = draw.int(1, 5) as usize;
    let count = if draw.one_in(20) {
        draw.int(17, 22)
    } else {
        draw.int(2, 12)
    } as usize;
    let lines: [i64; 3] = if board { [33, 73, 100] } else { [40, 80, 120] };
    // Where the field is: on the start line, just before a line, or anywhere.
    let base = match draw.int(0, 4) {
        0 => 0,
        1..=3 => lines[draw.int(0, 2) as usize] - draw.int(0, 12),
        _ => draw.int(-3, lines[2] - 1),
    };
    let spread = draw.int(0, 6);
    let small_cards = draw.one_in(2);
    let stamps = draw.int(1, 4);
    let mut riders = Vec::new();
    for k in 0..count {
        let team = if k < teams {
            k
        } else {
            draw.int(0, teams as i64 - 1) as usize
        };
        let grade = if draw.one_in(4) {
            draw.int(0, 3) as usize
        } else {
            (k / teams) % 4
        };
        let mut distance = base - draw.int(0, spread);
        if turn == 1 && !draw.one_in(4) {
            // The start: the line, or the staggered start (rider n on square 1 - n).
            distance = if board && draw.one_in(2) {
                -(grade as i64)
            } else {
                0
            };
        }
        // Board: a rider a lap (or more) down.
        if board && draw.one_in(12) {
            distance -= 40;
        }
        distance = distance.min(lines[2]);
        // The postal track has no squares behind the start (postal 4.1).
        if !board {
            distance = distance.max(0);
        }
        let cards = if draw.one_in(15) {
            draw.int(5, 7)
        } else {
            draw.int(1, 4)
        };
        let top = if small_cards { 6 } else { 20 };
        let hand: Vec<u16> = (0..cards).map(|_| draw.int(1, top) as u16).collect();
        let state = match draw.int(0, 19) {
            0 => State::Dropped,
            1 => State::Retired,
            2 | 3 => State::Finished(0),
            _ => State::Racing,
        };
        let points = if draw.one_in(3) {
            Frac::ZERO
        } else {
            Frac::new(draw.int(0, 60) as u64, draw.int(1, 3) as u64)
        };
        let arrival = if draw.one_in(2) {
            draw.int(0, stamps) as u64
        } else {
            k as u64
        };
        riders.push(plain::Rider {
            team,
            grade,
            distance,
            hand,
            points,
            sole_leader: draw.one_in(5),
            state,
            arrival,
        });
    }
    // Finishers stand past the finish with a place (shared places happen); at most 7, and
    // somebody is left on the road.
    let mut place = 0;
    for r in riders.iter_mut() {
        if r.state == State::Finished(0) {
            if place >= 7 {
                r.state = State::Racing;
                continue;
            }
            if place == 0 || !draw.one_in(4) {
                place += 1;
            }
            r.state = State::Finished(place as u32);
            r.distance = lines[2] + draw.int(1, 12);
        }
    }
    if !riders.iter().any(plain::Rider::on_road) {
        riders[0].state = State::Racing;
        riders[0].distance = riders[0].distance.min(lines[2]);
    }
    // Places taken (the notation's rule): riders past a sprint line, at most 8; at the finish,
    // the finishers.
    let mut places = [0u32; 3];
    for line in 0..2 {
        places[line] = riders
            .iter()
            .filter(|r| r.distance > lines[line])
            .count()
            .min(8) as u32;
    }
    places[2] = riders
        .iter()
        .filter(|r| matches!(r.state, State::Finished(_)))
        .count() as u32;
    let next_arrival = riders.iter().map(|r| r.arrival).max().unwrap_or(0) + 1;
    let race = Race {
        board,
        group_breakaways: board && draw.one_in(2),
        turn1_congestion: board && draw.one_in(2),
        turn,
        teams,
        riders,
        places,
        next_arrival,
        first_team: draw.int(0, teams as i64 - 1) as usize,
    };
    // Orders: mostly a card from the hand, sometimes none (postal 9.1), rarely a bad one.
    let orders = race
        .riders
        .iter()
        .map(|r| {
            if draw.one_in(400) {
                return Some(draw.int(1, 25) as u16);
            }
            if !r.on_road() || draw.one_in(6) {
                return None;
            }
            Some(r.hand[draw.int(0, r.hand.len() as i64 - 1) as usize])
        })
        .collect();
    (race, orders)
}

fn points(f: Frac) -> Points {
    Points::share(f.num, f.den)
}

/// The plain race as the engine's position.
fn position(race: &Race) -> Position {
    let rules = if race.board {
        Rules::board(Options {
            group_breakaways: race.group_breakaways,
            turn1_congestion: race.turn1_congestion,
            staggered_start: false,
            open_hands: false,
        })
    } else {
        Rules::postal()
    };
    Position {
        rules,
        turn: race.turn as u16,
        team_count: race.teams as u8,
        riders: race
            .riders
            .iter()
            .map(|r| Rider {
                team: r.team as u8,
                grade: Grade::ALL[r.grade],
                distance: r.distance as i32,
                hand: Hand::new(&r.hand).unwrap(),
                points: points(r.points),
                sole_leader: r.sole_leader,
                status: status(r.state),
                arrival: r.arrival as u32,
            })
            .collect(),
        line_places: race.places.map(|p| p as u16),
        next_arrival: race.next_arrival as u32,
        first_team: (race.board && race.turn == 1).then_some(race.first_team as u8),
    }
}

fn status(state: State) -> Status {
    match state {
        State::Racing => Status::Racing,
        State::Dropped => Status::Dropped,
        State::Retired => Status::Retired,
        State::Finished(p) => Status::Finished(p as u16),
    }
}

fn sorted(hand: &[u16]) -> Vec<u16> {
    let mut h = hand.to_vec();
    h.sort();
    h
}

/// Compares the engine's turn with the oracle's; the differences, one line each.
fn compare_direct(race: &Race, orders: &[Option<u16>]) -> Vec<String> {
    let mut out = Vec::new();
    let want = plain::turn(race, orders);
    let got = resolve(&position(race), orders);
    let (want, (next, outcome)) = match (want, got) {
        (Ok(w), Ok(g)) => (w, g),
        (Err(w), Err(g)) => {
            let same = matches!((&w, &g), (Refused::RaceOver, OrderError::RaceOver))
                || matches!((&w, &g), (Refused::NotInHand(a), OrderError::NotInHand { rider: b, .. }) if a == b)
                || matches!((&w, &g), (Refused::NotOnRoad(a), OrderError::NotOnTrack { rider: b }) if a == b)
                || matches!((&w, &g), (Refused::EmptyHand(a), OrderError::EmptyHand { rider: b }) if a == b);
            if !same {
                out.push(format!("refusals differ: oracle {w:?}, engine {g:?}"));
            }
            return out;
        }
        (w, g) => {
            out.push(format!(
                "one refused: oracle {:?}, engine {:?}",
                w.err(),
                g.err()
            ));
            return out;
        }
    };
    // The message is only formatted for a difference (formatting every time costs more than
    // both turns in a debug build).
    macro_rules! check {
        ($what:expr, $same:expr, $($detail:tt)*) => {
            if !$same {
                out.push(format!("{}: {}", $what, format!($($detail)*)));
            }
        };
    }
    // The order of movement, the cards, where each rider went, and who moved together.
    let want_moves: Vec<_> = want
        .moves
        .iter()
        .map(|m| {
            let source = match m.chosen {
                Chosen::Ordered => Source::Ordered,
                Chosen::Nmr => Source::Nmr,
                Chosen::Dropped => Source::Dropped,
            };
            (
                m.rider,
                m.card,
                m.from as i32,
                m.to as i32,
                source,
                m.group as u16,
            )
        })
        .collect();
    let got_moves: Vec<_> = outcome
        .moves
        .iter()
        .map(|m| (m.rider, m.card, m.from, m.to, m.source, m.group))
        .collect();
    check!(
        "moves",
        want_moves == got_moves,
        "oracle {want_moves:?}\n  engine {got_moves:?}",
    );
    let lines = Line::ALL;
    let want_awards: Vec<_> = want
        .scored
        .iter()
        .map(|s| {
            (
                lines[s.line],
                s.place as u16,
                s.riders.clone(),
                points(s.each),
            )
        })
        .collect();
    let got_awards: Vec<_> = outcome
        .awards
        .iter()
        .map(|a| (a.line, a.place, a.riders.clone(), a.points))
        .collect();
    check!(
        "awards",
        want_awards == got_awards,
        "oracle {want_awards:?}\n  engine {got_awards:?}",
    );
    let want_finishers: Vec<_> = want.finishers.iter().map(|&(r, p)| (r, p as u16)).collect();
    check!(
        "finishers",
        want_finishers == outcome.finishers,
        "oracle {want_finishers:?}, engine {:?}",
        outcome.finishers,
    );
    let got_replacements: Vec<Option<u16>> = outcome
        .replacements
        .iter()
        .map(|r| r.map(|r| r.card))
        .collect();
    check!(
        "replacements",
        want.replacements == got_replacements,
        "oracle {:?}, engine {got_replacements:?}",
        want.replacements,
    );
    check!(
        "sole leader",
        want.sole_leader == outcome.sole_leader,
        "oracle {:?}, engine {:?}",
        want.sole_leader,
        outcome.sole_leader,
    );
    for (i, (w, g)) in want.after.riders.iter().zip(&next.riders).enumerate() {
        let w_view = (
            w.distance as i32,
            sorted(&w.hand),
            points(w.points),
            w.sole_leader,
            status(w.state),
            w.arrival as u32,
        );
        let g_view = (
            g.distance,
            g.hand.ascending(),
            g.points,
            g.sole_leader,
            g.status,
            g.arrival,
        );
        check!(
            format!(
                "rider {i} after the turn (distance, hand, points, sole leader, status, arrival)"
            ),
            w_view == g_view,
            "oracle {w_view:?}, engine {g_view:?}",
        );
    }
    let want_places = want.after.places.map(|p| p as u16);
    check!(
        "places taken",
        want_places == next.line_places,
        "oracle {want_places:?}, engine {:?}",
        next.line_places,
    );
    check!(
        "next arrival stamp",
        want.after.next_arrival as u32 == next.next_arrival,
        "oracle {}, engine {}",
        want.after.next_arrival,
        next.next_arrival,
    );
    check!(
        "turn",
        want.after.turn as u16 == next.turn && next.first_team.is_none(),
        "oracle {}, engine {} {:?}",
        want.after.turn,
        next.turn,
        next.first_team,
    );
    check!(
        "race over",
        want.race_over == outcome.race_over && want.race_over == next.is_over(),
        "oracle {}, engine {}",
        want.race_over,
        outcome.race_over,
    );
    let got_standings: Vec<usize> = next.standings().iter().map(|&t| usize::from(t)).collect();
    check!(
        "team order",
        want.standings == got_standings,
        "oracle {:?}, engine {got_standings:?}",
        want.standings,
    );
    out
}

/// The plain race written in the scenario notation, `arrived` left out for some riders.
/// Returns the scenario and the race as the notation defines it (BA-19: riders without
/// `arrived` arrived after every rider that gives one, in list order).
fn notation(
    race: &Race,
    orders: &[Option<u16>],
    draw: &mut Draw,
) -> Option<(Value, Race, Vec<String>)> {
    // The notation takes the points as numbers: thirds do not survive; give whole points.
    let mut race = race.clone();
    for r in race.riders.iter_mut() {
        r.points = Frac::new(r.points.num / r.points.den, 1);
    }
    // The notation checks a turn-1 hand against the set-up limits: leave those out.
    if race.turn == 1 {
        return None;
    }
    let omit: Vec<bool> = race.riders.iter().map(|_| draw.one_in(3)).collect();
    let ids: Vec<String> = (0..race.riders.len()).map(|i| format!("r{i}")).collect();
    let riders: Vec<Value> = race
        .riders
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut v = json!({
                "id": ids[i],
                "team": format!("t{}", r.team),
                "grade": Grade::ALL[r.grade].to_string(),
                "distance": r.distance,
                "hand": r.hand,
            });
            if !omit[i] {
                v["arrived"] = json!(r.arrival);
            }
            if r.sole_leader {
                v["sole_leader"] = json!(true);
            }
            if r.points != Frac::ZERO {
                v["points"] = json!(r.points.num);
            }
            match r.state {
                State::Finished(p) => v["finished"] = json!(p),
                State::Dropped => v["dropped"] = json!(true),
                State::Retired => v["retired"] = json!(true),
                State::Racing => {}
            }
            v
        })
        .collect();
    let order_map: serde_json::Map<String, Value> = orders
        .iter()
        .enumerate()
        .filter_map(|(i, o)| o.map(|c| (ids[i].clone(), json!(c))))
        .collect();
    let mut options = serde_json::Map::new();
    if race.group_breakaways {
        options.insert("group_breakaways".into(), json!(true));
    }
    if race.turn1_congestion {
        options.insert("turn1_congestion".into(), json!(true));
    }
    let scenario = json!({
        "game": "breaking-away",
        "rules": if race.board { "board" } else { "postal-2.2" },
        "options": options,
        "turn": race.turn,
        "riders": riders,
        "orders": order_map,
    });
    // Team numbers in the notation come in order of first appearance.
    let mut seen: Vec<usize> = Vec::new();
    for r in &race.riders {
        if !seen.contains(&r.team) {
            seen.push(r.team);
        }
    }
    for r in race.riders.iter_mut() {
        r.team = seen.iter().position(|&t| t == r.team).unwrap();
    }
    race.teams = seen.len();
    let names: Vec<String> = seen.iter().map(|t| format!("t{t}")).collect();
    // Arrival stamps (BA-19): all given or none given, as written; otherwise the given ones
    // keep their order and the others come after them in list order.
    if omit.iter().any(|&o| o) && !omit.iter().all(|&o| o) {
        let given: Vec<u64> = race
            .riders
            .iter()
            .zip(&omit)
            .filter(|(_, o)| !**o)
            .map(|(r, _)| r.arrival)
            .collect();
        let last = given.iter().max().copied().unwrap();
        for (i, r) in race.riders.iter_mut().enumerate() {
            if omit[i] {
                r.arrival = last + 1 + i as u64;
            }
        }
    } else if omit.iter().all(|&o| o) {
        for (i, r) in race.riders.iter_mut().enumerate() {
            r.arrival = i as u64;
        }
    }
    Some((scenario, race, names))
}

/// Compares the scenario runner's output with the oracle's turn, field by field as the
/// notation defines them.
fn compare_notation(
    scenario: &Value,
    race: &Race,
    names: &[String],
    orders: &[Option<u16>],
) -> Vec<String> {
    let mut out = Vec::new();
    let parsed = Scenario::from_value(scenario);
    let want = plain::turn(race, orders);
    let (result, want) = match (parsed.and_then(|s| s.run()), want) {
        (Ok(r), Ok(w)) => (serde_json::to_value(r).unwrap(), w),
        (Err(_), Err(_)) => return out,
        (g, w) => {
            out.push(format!(
                "one refused: oracle {:?}, runner {:?}",
                w.err(),
                g.err()
            ));
            return out;
        }
    };
    let id = |i: usize| format!("r{i}");
    let want_order: Vec<String> = want.moves.iter().map(|m| id(m.rider)).collect();
    if result["order"] != json!(want_order) {
        out.push(format!(
            "order: oracle {want_order:?}, runner {}",
            result["order"]
        ));
    }
    let played: Vec<Option<u16>> = (0..race.riders.len())
        .map(|i| want.moves.iter().find(|m| m.rider == i).map(|m| m.card))
        .collect();
    for (i, w) in want.after.riders.iter().enumerate() {
        let finished = match w.state {
            State::Finished(p) => json!(p),
            _ => Value::Null,
        };
        let expect = json!({
            "id": id(i),
            "team": names[race.riders[i].team],
            "distance": w.distance,
            "square": if race.board { w.distance.rem_euclid(40) } else { w.distance },
            "played": played[i],
            "replacement": want.replacements[i],
            "hand": sorted(&w.hand),
            "sole_leader": w.sole_leader,
            "finished": finished,
        });
        let mut have = result["riders"][i].clone();
        let have_points = have.as_object_mut().unwrap().remove("points");
        if have != expect {
            out.push(format!("rider {i}: oracle {expect}, runner {have}"));
        }
        let want_points = w.points.num as f64 / w.points.den as f64;
        if have_points
            .and_then(|p| p.as_f64())
            .is_none_or(|p| (p - want_points).abs() > 1e-9)
        {
            out.push(format!("rider {i} points: oracle {want_points}"));
        }
    }
    let line_names = ["sprint-1", "sprint-2", "finish"];
    let want_awards: Vec<Value> = want
        .scored
        .iter()
        .map(|s| {
            json!([
                line_names[s.line],
                s.place,
                s.riders.iter().map(|&r| id(r)).collect::<Vec<_>>(),
                s.each.num as f64 / s.each.den as f64
            ])
        })
        .collect();
    let got_awards: Vec<Value> = result["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            json!([
                a["line"],
                a["place"],
                a["riders"],
                a["points"].as_f64().unwrap()
            ])
        })
        .collect();
    if want_awards != got_awards {
        out.push(format!(
            "awards: oracle {want_awards:?}, runner {got_awards:?}"
        ));
    }
    let want_teams: Vec<&String> = want.standings.iter().map(|&t| &names[t]).collect();
    let got_teams: Vec<Value> = result["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["team"].clone())
        .collect();
    if json!(want_teams) != json!(got_teams) {
        out.push(format!(
            "teams: oracle {want_teams:?}, runner {got_teams:?}"
        ));
    }
    if result["race_over"] != json!(want.race_over) {
        out.push(format!("race_over: oracle {}", want.race_over));
    }
    out
}

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
