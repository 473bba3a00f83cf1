//! Nothing a user has is lost: game files written by release 0.1 (`tests/fixtures/0.1`, made by
//! `scripts/make-0.1-fixtures.sh` with the 0.1 binary) are read by this one, every report they
//! give is the one 0.1 printed (`*.reports.json`, from the 0.1 binary), and the first change
//! writes them in this release's format without losing their history.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{ok, temp};

const FIXTURES: [&str; 4] = [
    "postal-race",
    "board-race",
    "backpacks-day",
    "backpacks-own-map",
];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/0.1/{name}"))
}

/// Every report 0.1 printed for the file, by viewer and turn ("red turn 2", "gm now", …).
///
/// One 0.1 defect is mended: a past Backpacks round's report ended with the orders sealed *now*
/// for the next round (so it changed after it was sent); this release ends it where the round
/// ended. Those lines are taken out of 0.1's text before comparing.
fn reports_0_1(name: &str) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(fixture(&format!("{name}.reports.json"))).unwrap();
    let mut reports: BTreeMap<String, String> = serde_json::from_str(&text).unwrap();
    for (key, text) in reports.iter_mut() {
        if key.contains(" turn ")
            && let Some(at) = text.find("'s sealed orders:\n")
        {
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            let end = text[at..]
                .find("\n\n")
                .map_or(text.len(), |i| at + i + 1);
            text.replace_range(line_start..end, "");
        }
    }
    reports
}

fn report(file: &str, key: &str) -> String {
    let (viewer, when) = key.split_once(' ').unwrap();
    let mut args = vec!["report", file];
    match viewer {
        "gm" => {}
        "public" => args.push("--public"),
        seat => args.extend(["--team", seat]),
    }
    let turn;
    if let Some(t) = when.strip_prefix("turn ") {
        turn = t.to_string();
        args.extend(["--turn", &turn]);
    }
    ok(&args)
}

#[test]
fn game_files_of_release_0_1_give_the_same_reports() {
    for name in FIXTURES {
        let file = fixture(&format!("{name}.json"));
        let file = file.to_str().unwrap();
        let expected = reports_0_1(name);
        assert!(expected.len() >= 8, "{name}: the fixture has its reports");
        for (key, text) in &expected {
            assert_eq!(report(file, key), *text, "{name}: {key}");
        }
        assert!(ok(&["replay", file]).contains("the replay matches"), "{name}");
    }
}

#[test]
fn a_change_to_a_0_1_file_writes_it_in_this_release_format_and_keeps_its_history() {
    let dir = temp("compat");
    for name in FIXTURES {
        let copy = dir.join(format!("{name}.json"));
        std::fs::copy(fixture(&format!("{name}.json")), &copy).unwrap();
        let copy = copy.to_str().unwrap();
        ok(&["resolve", copy]);
        let text = std::fs::read_to_string(copy).unwrap();
        let file: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(file["format"], "postrider-game", "{name}");
        assert_eq!(file["version"], 2, "{name}");
        // Every turn 0.1 resolved still reads as 0.1 printed it.
        for (key, expected) in reports_0_1(name) {
            if key.contains(" turn ") {
                assert_eq!(report(copy, &key), expected, "{name}: {key}");
            }
        }
        assert!(ok(&["replay", copy]).contains("the replay matches"), "{name}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
