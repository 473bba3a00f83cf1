//! The Backpacks & Blisters case book: every scenario in `tests/casebook` resolved and compared
//! with its expectation (only the fields the expectation names), and every scenario in
//! `tests/casebook/bad` refused with the expected one-line error.

use std::path::{Path, PathBuf};

use game_backpacks::scenario;
use serde_json::Value;

fn casebook() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/casebook")
}

fn sorted(v: &Value) -> Value {
    let mut items: Vec<String> = v
        .as_array()
        .map(|a| a.iter().map(|x| x.to_string()).collect())
        .unwrap_or_default();
    items.sort();
    Value::from(items)
}

fn check(expected: &Value, got: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    for (key, want) in expected.as_object().unwrap() {
        if key == "walkers" {
            for w in want.as_array().unwrap() {
                let id = &w["id"];
                let Some(have) = got["walkers"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|h| &h["id"] == id)
                else {
                    errors.push(format!("walker {id} missing"));
                    continue;
                };
                for (field, value) in w.as_object().unwrap() {
                    let (a, b) = if field == "hand" {
                        (sorted(&have[field]), sorted(value))
                    } else {
                        (have[field].clone(), value.clone())
                    };
                    if a != b {
                        errors.push(format!("{id}.{field} = {}, expected {value}", have[field]));
                    }
                }
            }
        } else if &got[key] != want {
            errors.push(format!("{key} = {}, expected {want}", got[key]));
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
        let text = std::fs::read_to_string(casebook().join(format!("{stem}.json"))).unwrap();
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        match scenario::run_json(&text) {
            Ok(result) => {
                let errors = check(&expected, &serde_json::to_value(&result).unwrap());
                if !errors.is_empty() {
                    failures.push(format!("{stem}: {}", errors.join("; ")));
                }
            }
            Err(e) => failures.push(format!("{stem}: refused: {e}")),
        }
    }
    assert!(count >= 30, "only {count} cases found");
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
        let expect = serde_json::from_str::<Value>(&text).unwrap()["expect_error"]
            .as_str()
            .unwrap()
            .to_string();
        match scenario::run_json(&text) {
            Ok(_) => failures.push(format!("{}: accepted", path.display())),
            Err(e) if e.to_string().starts_with(&expect) && !e.to_string().contains('\n') => {}
            Err(e) => failures.push(format!(
                "{}: {:?} does not start with {expect:?}",
                path.display(),
                e.to_string()
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
