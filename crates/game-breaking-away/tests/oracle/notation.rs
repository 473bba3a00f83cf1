//! The plain race written in the scenario notation and run through the scenario runner, its
//! output compared with the oracle's turn as the notation defines the fields.

use game_breaking_away::Grade;
use game_breaking_away::scenario::Scenario;
use serde_json::{Value, json};

use crate::direct::sorted;
use crate::plain::{self, Frac, Race, State};
use crate::random::Draw;

/// The plain race written in the scenario notation, `arrived` left out for some riders.
/// Returns the scenario and the race as the notation defines it (BA-19: riders without
/// `arrived` arrived after every rider that gives one, in list order).
pub(crate) fn notation(
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
pub(crate) fn compare_notation(
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
