//! `postrider verify` through the real binary (issue 12): a finished game's record prints
//! `verified: N turns` and exits 0; a record that differs names the first turn and exits 1;
//! a file that is no record is bad input (exit 2).

mod common;

use common::{ok, postrider, refused, temp};
use serde_json::Value;

/// A Backpacks day played out on the desk: two bots and a silent walker.
fn finished_day(dir: &std::path::Path) -> String {
    let file = dir.join("day.json").display().to_string();
    ok(&[
        "new",
        "backpacks",
        &file,
        "--walkers",
        "ann,bob,cat",
        "--seed",
        "21",
    ]);
    for round in 1.. {
        assert!(round <= 30, "a day ends");
        for (walker, bot) in [("ann", "random"), ("bob", "heuristic")] {
            // A walker who has finished has nothing to order.
            let out = postrider(&["orders", &file, "--walker", walker, "--bot", bot]);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                out.status.success() || stderr.contains("nothing to order"),
                "{stderr}"
            );
        }
        let out = postrider(&["resolve", &file]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let game: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        if game["state"]["over"] == true {
            break;
        }
    }
    file
}

#[test]
fn a_finished_record_verifies_and_a_tampered_one_names_its_turn() {
    let dir = temp("verify");
    let file = finished_day(&dir);
    let text = std::fs::read_to_string(&file).unwrap();
    let rounds = text.matches(r#""kind": "resolved""#).count();
    let commitment = ok(&["report", &file, "--public"])
        .lines()
        .find_map(|l| l.strip_prefix("Draws committed: SHA-256 "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .to_string();

    let out = ok(&["verify", &file, "--commitment", &commitment]);
    assert!(
        out.ends_with(&format!("verified: {rounds} turns\n")),
        "{out}"
    );

    // Another commitment than the one the reports showed.
    let out = postrider(&["verify", &file, "--commitment", &"0".repeat(64)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("commitment:"));

    // Round 4's published report changed after the fact.
    let mut game: Value = serde_json::from_str(&text).unwrap();
    let fourth = game["log"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .filter(|e| e["event"]["kind"] == "resolved")
        .nth(3)
        .unwrap();
    fourth["event"]["digest"] = "00".repeat(32).into();
    let tampered = dir.join("tampered.json");
    std::fs::write(&tampered, serde_json::to_string(&game).unwrap()).unwrap();
    let out = postrider(&["verify", tampered.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("turn 4: the published report"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");

    std::fs::write(dir.join("junk.json"), "{\"format\": \"something else\"}").unwrap();
    refused(
        &["verify", dir.join("junk.json").to_str().unwrap()],
        "is not a game file",
    );
}
