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
    let out = postrider(&[
        "verify",
        tampered.to_str().unwrap(),
        "--commitment",
        &commitment,
    ]);
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

/// A Backpacks day as the server plays it (a secret, two walkers handed to bots), finished.
fn finished_server_day() -> gm::GameFile {
    let (secret, seed) = gm::draws::secret_from_bytes(&[17; 32]);
    let setup = gm::Setup {
        secret: Some(secret),
        ..gm::Setup::new("backpacks", &["ann", "bob", "cat"], seed)
    };
    let mut file = gm::GameFile::new(setup, Some(0), Some("gm:gm".into())).unwrap();
    let bots = [("random", 0u8), ("heuristic", 1)];
    let handed = bots
        .iter()
        .map(|&(bot, seat)| gm::Event::SeatBot {
            seat: game_api::Seat(seat),
            bot: Some(bot.into()),
        })
        .collect();
    file.push(handed, Some(0), "gm:gm").unwrap();
    while !file.record().is_over() {
        let record = file.record().clone();
        let mut events = Vec::new();
        for (bot, seat) in bots {
            events.extend(record.bot_events(game_api::Seat(seat), bot).unwrap());
        }
        events.push(gm::Event::resolved(record.turn()));
        file.push(events, Some(0), "server").unwrap();
    }
    file
}

/// The record with every report digest taken out.
fn without_digests(text: &str) -> String {
    let mut game: Value = serde_json::from_str(text).unwrap();
    for entry in game["log"].as_array_mut().unwrap() {
        entry["event"].as_object_mut().unwrap().remove("digest");
    }
    serde_json::to_string(&game).unwrap()
}

/// Issue 28: a record of this release stripped of its report digests verified, exit 0 ("0 of
/// 28 reports compared"). A game with a secret keeps a digest for every turn; so does any
/// record once one turn has one.
#[test]
fn a_record_of_this_release_without_its_report_digests_fails() {
    let dir = temp("verify-digests");
    let day = finished_server_day();
    let file = dir.join("server-day.json");
    std::fs::write(&file, day.to_json()).unwrap();
    let out = ok(&["verify", file.to_str().unwrap()]);
    let rounds = day.record().resolved();
    assert!(
        out.ends_with(&format!("verified: {rounds} turns\n")),
        "{out}"
    );
    assert!(!out.contains("reports compared"), "{out}");

    let stripped = dir.join("stripped.json");
    std::fs::write(&stripped, without_digests(&day.to_json())).unwrap();
    let out = postrider(&["verify", stripped.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("turn 1: the record keeps no digest of the turn's published report"),
        "{stderr}"
    );

    // A desk game: one digest taken out after the first.
    let desk = finished_day(&dir);
    let mut game: Value = serde_json::from_str(&std::fs::read_to_string(&desk).unwrap()).unwrap();
    game["log"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .filter(|e| e["event"]["kind"] == "resolved")
        .nth(4)
        .unwrap()["event"]
        .as_object_mut()
        .unwrap()
        .remove("digest");
    std::fs::write(&stripped, serde_json::to_string(&game).unwrap()).unwrap();
    let commitment = commitment_of(&desk);
    let out = postrider(&[
        "verify",
        stripped.to_str().unwrap(),
        "--commitment",
        &commitment,
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("turn 5: the record keeps no digest"));
}

/// The commitment a game's public report ends with.
fn commitment_of(file: &str) -> String {
    ok(&["report", file, "--public"])
        .lines()
        .find_map(|l| l.strip_prefix("Draws committed: SHA-256 "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .to_string()
}

/// Issue 50: a server's record with its secret taken out verified without `--commitment` (as
/// a game whose GM chose the seed), and so did one with its `seat_bot` entries taken out. Both
/// fail (exit 1), naming what is missing; a desk game, whose GM chose the seed, verifies
/// against the commitment its reports show.
#[test]
fn a_record_without_its_secret_or_its_seat_bot_entries_fails() {
    let dir = temp("verify-missing");
    let day = finished_server_day();
    let mut game: Value = serde_json::from_str(&day.to_json()).unwrap();
    game["log"][0]["event"]["setup"]
        .as_object_mut()
        .unwrap()
        .remove("secret");
    let no_secret = dir.join("no-secret.json");
    std::fs::write(&no_secret, serde_json::to_string(&game).unwrap()).unwrap();
    let out = postrider(&["verify", no_secret.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("secret: the record reveals none"),
        "{stderr}"
    );
    assert!(stderr.contains("--commitment"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");

    let mut game: Value = serde_json::from_str(&day.to_json()).unwrap();
    game["log"]
        .as_array_mut()
        .unwrap()
        .retain(|e| e["event"]["kind"] != "seat_bot");
    let no_hand = dir.join("no-seat-bot.json");
    std::fs::write(&no_hand, serde_json::to_string(&game).unwrap()).unwrap();
    let out = postrider(&["verify", no_hand.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("turn 1") && stderr.contains("no seat_bot entry hands the seat"),
        "{stderr}"
    );

    let desk = finished_day(&dir);
    let out = postrider(&["verify", &desk]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("secret: the record reveals none"));
    let out = ok(&["verify", &desk, "--commitment", &commitment_of(&desk)]);
    assert!(out.contains("the seed was chosen by the GM"), "{out}");
}

/// Release 0.1's records keep no digests: what can be checked is, and the count says so.
#[test]
fn a_record_of_release_0_1_verifies_what_it_can() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/0.1/backpacks-day.json"
    );
    let out = ok(&["verify", fixture, "--commitment", &commitment_of(fixture)]);
    assert!(
        out.contains("0 of 3 reports compared\n3 turns were resolved by release 0.1"),
        "{out}"
    );
}

/// Issue 28: each report shows the digest of its turn, the one the record keeps, so that a
/// player can tie the reports they received to the record.
#[test]
fn each_report_shows_the_digest_the_record_keeps() {
    let dir = temp("verify-report-digest");
    let file = finished_day(&dir);
    let game: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let digest = game["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"]["kind"] == "resolved")
        .nth(2)
        .unwrap()["event"]["digest"]
        .as_str()
        .unwrap()
        .to_string();
    for who in [&["--walker", "ann"][..], &["--public"]] {
        let mut args = vec!["report", &file, "--turn", "3"];
        args.extend_from_slice(who);
        let report = ok(&args);
        assert!(
            report.contains(&format!("Round 3 · report digest SHA-256 {digest}\n")),
            "{report}"
        );
    }
}
