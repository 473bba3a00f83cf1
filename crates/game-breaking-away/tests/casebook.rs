//! The case book: every scenario in `tests/casebook` resolved and compared with its
//! expectation, and every scenario in `tests/casebook/bad` refused with the expected error.

use std::path::{Path, PathBuf};

use game_breaking_away::scenario;
use serde_json::Value;

fn casebook() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/casebook")
}

fn close(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) if !a.is_boolean() => (x - y).abs() < 1e-9,
        _ => a == b,
    }
}

/// The comparison of `shared/tools/check-scenarios`: only the fields the expectation names.
fn check(expected: &Value, got: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    if let Some(order) = expected.get("order")
        && got.get("order") != Some(order)
    {
        errors.push(format!("order {} != {order}", got["order"]));
    }
    let riders = got["riders"].as_array().unwrap();
    for want in expected
        .get("riders")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let id = &want["id"];
        let Some(have) = riders.iter().find(|r| &r["id"] == id) else {
            errors.push(format!("rider {id} missing"));
            continue;
        };
        for (key, value) in want.as_object().unwrap() {
            let mut have_value = have.get(key).cloned().unwrap_or(Value::Null);
            if key == "hand" {
                let mut cards: Vec<i64> = have_value
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_i64().unwrap())
                    .collect();
                cards.sort();
                have_value = cards.into();
            }
            if !close(&have_value, value) {
                errors.push(format!("{id}.{key} = {have_value}, expected {value}"));
            }
        }
    }
    if let Some(awards) = expected.get("awards") {
        let norm = |a: &Value| -> Vec<(Value, Value, Vec<String>, f64)> {
            a.as_array()
                .unwrap()
                .iter()
                .map(|x| {
                    let mut riders: Vec<String> = x["riders"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|r| r.as_str().unwrap().to_string())
                        .collect();
                    riders.sort();
                    (
                        x["line"].clone(),
                        x["place"].clone(),
                        riders,
                        x["points"].as_f64().unwrap(),
                    )
                })
                .collect()
        };
        if norm(&got["awards"]) != norm(awards) {
            errors.push(format!("awards {} != {awards}", got["awards"]));
        }
    }
    if let Some(over) = expected.get("race_over")
        && &got["race_over"] != over
    {
        errors.push(format!("race_over {} != {over}", got["race_over"]));
    }
    if let Some(order) = expected.get("team_order") {
        let teams: Vec<Value> = got["teams"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["team"].clone())
            .collect();
        if &Value::from(teams.clone()) != order {
            errors.push(format!("team order {teams:?} != {order}"));
        }
    }
    errors
}

#[test]
fn every_case_resolves_as_expected() {
    let mut failures = Vec::new();
    let mut count = 0;
    for entry in std::fs::read_dir(casebook()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let Some(stem) = name.strip_suffix(".expected.json") else {
            continue;
        };
        count += 1;
        let scenario = std::fs::read_to_string(casebook().join(format!("{stem}.json"))).unwrap();
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        match scenario::run_json(&scenario) {
            Ok(result) => {
                let got = serde_json::to_value(&result).unwrap();
                let errors = check(&expected, &got);
                if !errors.is_empty() {
                    failures.push(format!("{stem}: {}", errors.join("; ")));
                }
            }
            Err(e) => failures.push(format!("{stem}: refused: {e}")),
        }
    }
    assert!(count >= 29, "only {count} cases found");
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_bad_case_is_refused_with_a_named_field() {
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(casebook().join("bad")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let expect = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v["expect_error"].as_str().map(String::from))
            .unwrap_or_else(|| "scenario: not valid JSON".to_string());
        match scenario::run_json(&text) {
            Ok(_) => failures.push(format!("{}: accepted", path.display())),
            Err(e) => {
                let message = e.to_string();
                if !message.starts_with(&expect) || message.contains('\n') {
                    failures.push(format!(
                        "{}: {message:?} does not start with {expect:?}",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
