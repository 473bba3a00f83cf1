//! The GM's command line, end to end through the real binary: a whole race from files, bad
//! input refused with one line and exit status 2 (the game file untouched), hidden hands kept
//! hidden, and a snapshot of a full race's report.

mod common;

use std::path::Path;
use std::process::Command;

use common::{ok, refused};

struct TempDir(common::Scratch);

impl TempDir {
    fn new(name: &str) -> TempDir {
        TempDir(common::temp(name))
    }
    fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }
}

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(path)).unwrap()
}

#[test]
fn a_gm_runs_a_whole_postal_race_from_files() {
    let dir = TempDir::new("race");
    let game = dir.file("race.json");
    ok(&["new", &game, "--teams", "red,blue,green", "--seed", "11"]);
    ok(&[
        "lineup",
        &game,
        "--team",
        "red",
        "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
    ]);
    ok(&[
        "lineup", &game, "--team", "blue", "A", "1", "2", "12", "15", "B", "2", "10", "13", "C",
        "3", "6", "11", "D", "1", "1", "14",
    ]);
    // green sends no line-up: it gets the default one at the start.
    ok(&["orders", &game, "--team", "red", "A 10 B 9 C 9 D 6"]);
    let first = ok(&["resolve", &game]);
    assert!(first.contains("turn 1"), "{first}");
    assert!(
        first.contains("No moves received from: blue, green."),
        "postal 9.1 is reported: {first}"
    );

    let mut turns = 1;
    while !ok(&["report", &game]).contains("THE RACE IS OVER") {
        // red always orders its lowest cards; the others send nothing (NMR, highest card).
        let export: serde_json::Value =
            serde_json::from_str(&ok(&["scenario", "export", &game])).unwrap();
        let mut orders = Vec::new();
        for rider in export["riders"].as_array().unwrap() {
            let id = rider["id"].as_str().unwrap();
            if id.starts_with("red-") && rider.get("finished").is_none() {
                let low = rider["hand"][0].as_i64().unwrap();
                orders.push(format!("{} {low}", &id[4..]));
            }
        }
        if !orders.is_empty() {
            ok(&["orders", &game, "--team", "red", &orders.join(" ")]);
        }
        ok(&["resolve", &game]);
        turns += 1;
        assert!(turns < 130, "the race must end");
    }
    let report = ok(&["report", &game]);
    assert!(report.contains("Team standings"), "{report}");
    let replay = ok(&["replay", &game]);
    assert!(replay.contains("the replay matches"), "{replay}");
    refused(&["resolve", &game], "the race is over");
    let past = ok(&["report", &game, "--turn", "1", "--team", "blue"]);
    assert!(past.contains("Copy for team blue"), "{past}");
}

#[test]
fn bad_input_is_refused_and_the_game_file_is_untouched() {
    let dir = TempDir::new("bad");
    let game = dir.file("race.json");
    ok(&["new", &game, "--teams", "red,blue", "--seed", "3"]);
    ok(&[
        "lineup",
        &game,
        "--team",
        "red",
        "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
    ]);
    let before = read(&game);
    refused(
        &[
            "lineup",
            &game,
            "--team",
            "blue",
            "A 10 10 10 B 9 9 9 C 3 8 9 D 5 5 6",
        ],
        "more than the 25 allowed (postal 3.1.1)",
    );
    refused(
        &["lineup", &game, "--team", "blue", "A 10 10 10 B 8 8 9"],
        "rider C: no cards given",
    );
    refused(
        &["orders", &game, "--team", "red", "A 11"],
        "card 11 is not in the hand",
    );
    refused(&["orders", &game, "--team", "red", "E 5"], "is not a rider");
    refused(
        &["orders", &game, "--team", "purple", "A 10"],
        "team \"purple\": no such team",
    );
    refused(
        &["orders", &game, "--team", "blue", "A 10"],
        "send the team's line-up before its first orders",
    );
    refused(
        &["drop", &game, "--rider", "red-C"],
        "the race has not started",
    );
    refused(
        &["report", &game, "--turn", "3"],
        "turn 3 has not been resolved",
    );
    assert_eq!(
        read(&game),
        before,
        "refused commands leave the game file as it was"
    );

    refused(&["new", &game, "--teams", "a,b"], "already exists");
    refused(
        &[
            "new",
            &dir.file("x.json"),
            "--teams",
            "a,b",
            "--rules",
            "giro",
        ],
        "unknown rule set",
    );
    refused(
        &[
            "new",
            &dir.file("x.json"),
            "--teams",
            "a,b",
            "--option",
            "staggered_start",
        ],
        "belong to the board rules",
    );
    refused(
        &[
            "new",
            &dir.file("x.json"),
            "--teams",
            "a,b",
            "--rules",
            "board",
        ],
        "the board rules take 3–6",
    );
    refused(
        &["new", &dir.file("x.json"), "--teams", "a,a"],
        "given twice",
    );
    // Issue 32: the flags come from the games' settings; one the game does not take is named.
    refused(
        &["new", &dir.file("x.json"), "--teams", "a,b", "--map", &game],
        "--map: Breaking Away has no such setting (its flags: --rules, --option)",
    );
    refused(&["resolve", &dir.file("missing.json")], "missing.json");

    // A game file edited by hand no longer matches the replay of its log.
    ok(&[
        "lineup",
        &game,
        "--team",
        "blue",
        "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
    ]);
    ok(&["resolve", &game]);
    let tampered = read(&game).replacen("\"distance\": 10", "\"distance\": 17", 1);
    std::fs::write(&game, &tampered).unwrap();
    refused(&["report", &game], "differs from the replay");
    std::fs::write(&game, "{\"format\": \"postrider-race\", \"version\": 9}").unwrap();
    refused(&["report", &game], "version 9");
}

#[test]
fn reports_show_hands_only_to_their_owners() {
    let dir = TempDir::new("hidden");
    let game = dir.file("race.json");
    ok(&["new", &game, "--teams", "red,blue,green", "--seed", "5"]);
    ok(&[
        "lineup",
        &game,
        "--team",
        "red",
        "A 1 2 12 15 B 2 10 13 C 3 6 11 D 1 1 14",
    ]);
    ok(&[
        "lineup",
        &game,
        "--team",
        "blue",
        "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
    ]);
    ok(&[
        "lineup",
        &game,
        "--team",
        "green",
        "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
    ]);
    let before_start = ok(&["report", &game, "--team", "blue"]);
    assert!(
        before_start.contains("red          received (sealed)"),
        "{before_start}"
    );
    assert!(
        !before_start.contains("1 2 12 15"),
        "red's line-up is sealed: {before_start}"
    );
    ok(&["orders", &game, "--team", "red", "A 15"]);
    assert!(ok(&["report", &game, "--team", "blue"]).contains("red          received (sealed)"));
    let turn = ok(&["resolve", &game, "--team", "blue"]);
    let replacements = turn.split("Replacement cards").nth(1).unwrap();
    assert!(
        replacements.contains("blue-A")
            && !replacements.contains("red-")
            && !replacements.contains("green-"),
        "{turn}"
    );

    let red = ok(&["report", &game, "--team", "red"]);
    let blue = ok(&["report", &game, "--team", "blue"]);
    let public = ok(&["report", &game, "--public"]);
    let gm = ok(&["report", &game]);
    let riders = |report: &str, team: &str| -> Vec<String> {
        report
            .lines()
            .filter(|l| l.trim_start().starts_with(&format!("{team}-")) && l.contains("distance"))
            .map(String::from)
            .collect()
    };
    for line in riders(&red, "blue")
        .iter()
        .chain(&riders(&blue, "red"))
        .chain(&riders(&public, "red"))
    {
        assert!(!line.contains("  hand "), "a hand leaked: {line}");
    }
    assert!(riders(&red, "red").iter().all(|l| l.contains("  hand ")));
    assert!(
        riders(&gm, "blue").iter().all(|l| l.contains("  hand ")),
        "the GM sees every hand"
    );

    // The board game's open hands option shows every hand to everybody.
    let open = dir.file("open.json");
    ok(&[
        "new",
        &open,
        "--rules",
        "board",
        "--option",
        "open_hands",
        "--teams",
        "a,b,c",
        "--seed",
        "1",
    ]);
    ok(&["resolve", &open]);
    let public = ok(&["report", &open, "--public"]);
    assert!(
        riders(&public, "a").iter().all(|l| l.contains("  hand ")),
        "{public}"
    );
}

#[test]
fn drop_and_retire_are_logged_and_replayed() {
    let dir = TempDir::new("drop");
    let game = dir.file("race.json");
    ok(&["new", &game, "--teams", "red,blue", "--seed", "9"]);
    ok(&["resolve", &game]);
    ok(&["drop", &game, "--rider", "red-D"]);
    refused(&["drop", &game, "--rider", "red-D"], "cannot do that");
    // `piece` is the generic form of both (issue 32): the game names its verbs.
    let done = ok(&["piece", &game, "retire", "blue-C"]);
    assert_eq!(done, "blue-C: Retire (board), done.\n");
    refused(
        &["piece", &game, "crash", "blue-B"],
        "crash: Breaking Away has no such action on its pieces",
    );
    refused(
        &["orders", &game, "--team", "blue", "C 5"],
        "rider C: not racing any more",
    );
    let turn = ok(&["resolve", &game]);
    assert!(
        turn.contains("red-D") && turn.contains("(dropped: highest card)"),
        "postal 10.1: {turn}"
    );
    assert!(
        !turn.contains("blue-C "),
        "a retired rider does not move: {turn}"
    );
    let file = read(&game);
    assert!(
        file.contains("\"verb\": \"drop\"") && file.contains("\"verb\": \"retire\""),
        "GM actions are in the log, as piece actions: {file}"
    );
    ok(&["replay", &game]);
}

#[test]
fn scenario_run_reads_stdin_and_refuses_bad_files() {
    let dir = TempDir::new("scenario");
    let bad = dir.file("bad.json");
    std::fs::write(&bad, "{\"game\": \"breaking-away\"").unwrap();
    refused(&["scenario", "run", &bad], "not valid JSON");
    refused(&["scenario", "run", &dir.file("none.json")], "none.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(["scenario", "run", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(br#"{"game":"breaking-away","rules":"postal-2.2","turn":2,"riders":[{"id":"x","team":"t","grade":"A","distance":3,"hand":[4,5]}]}"#)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        result["riders"][0]["played"], 5,
        "postal 9.1: no order, highest card"
    );
}

#[test]
fn demo_report_snapshot_postal() {
    insta::assert_snapshot!("demo_postal_seed_1", ok(&["demo", "--seed", "1"]));
}

#[test]
fn demo_report_snapshot_board_with_options() {
    insta::assert_snapshot!(
        "demo_board_seed_2",
        ok(&[
            "demo",
            "--seed",
            "2",
            "--rules",
            "board",
            "--option",
            "staggered_start",
            "--option",
            "group_breakaways",
            "--bots",
            "heuristic,random,heuristic"
        ])
    );
}

#[test]
fn demo_is_reproducible_from_its_seed() {
    assert_eq!(ok(&["demo", "--seed", "5"]), ok(&["demo", "--seed", "5"]));
    assert_ne!(ok(&["demo", "--seed", "5"]), ok(&["demo", "--seed", "6"]));
}

/// Fails with the old desk, where `--bot` wrote one round only: a seat handed to a bot is played
/// by it at every later resolve, as on the server, and the hand-over is in the game file.
#[test]
fn a_bot_plays_its_seat_at_every_later_resolve() {
    let dir = TempDir::new("desk-bot");
    let game = dir.file("day.json");
    ok(&[
        "new",
        "backpacks",
        &game,
        "--walkers",
        "ann,bob",
        "--seed",
        "7",
    ]);
    let handed = ok(&["orders", &game, "--walker", "bob", "--bot", "heuristic"]);
    assert!(
        handed.contains("bob is played by the heuristic bot"),
        "{handed}"
    );
    let orders_of_bob = || {
        let file: serde_json::Value = serde_json::from_str(&read(&game)).unwrap();
        file["log"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["event"]["kind"] == "orders" && e["event"]["seat"] == 1)
            .count()
    };
    let after_one = orders_of_bob();
    assert_eq!(after_one, 1, "{}", read(&game));
    ok(&["resolve", &game]);
    ok(&["resolve", &game]);
    assert_eq!(
        orders_of_bob(),
        2,
        "the bot wrote the second round's orders"
    );
    assert!(read(&game).contains("heuristic"));
    // Handed back: the next round gets no orders from it.
    ok(&["orders", &game, "--walker", "bob", "--bot", "off"]);
    ok(&["resolve", &game]);
    assert_eq!(orders_of_bob(), 2);
    refused(
        &["orders", &game, "--walker", "bob", "--bot", "off"],
        "--bot: no bot plays bob",
    );
    refused(
        &["orders", &game, "--walker", "bob", "--bot", "clever"],
        "--bot",
    );
}

/// `--version` names the release: the workspace version and, built from a git checkout, the
/// commit (it said only 0.1.0 whatever was built).
#[test]
fn version_names_the_release_and_the_commit() {
    let version = ok(&["--version"]);
    let commit = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8(out.stdout).unwrap().trim().to_string());
    let expected = match commit {
        Some(commit) => format!("postrider {} (git {commit})\n", env!("CARGO_PKG_VERSION")),
        None => format!("postrider {}\n", env!("CARGO_PKG_VERSION")),
    };
    assert_eq!(version, expected);
    assert!(!version.contains("0.1.0"), "{version}");
}

/// Issue 32: the settings flags come from the games' descriptions, each game's default named
/// as such.
#[test]
fn the_settings_flags_say_each_games_default() {
    let help = ok(&["new", "--help"]);
    assert!(
        help.contains("Breaking Away: Rules (postal-2.2, the default, or board)"),
        "{help}"
    );
    assert!(
        help.contains("--option <NAME>") && help.contains("--map <FILE>"),
        "{help}"
    );
}

/// Issue 36: a GM reads (or prints for a seat) a report in Japanese, orders typed on a Japanese
/// keyboard are read, and a language postrider does not speak is refused in one line.
#[test]
fn a_report_in_japanese_and_orders_in_full_width_digits() {
    let dir = TempDir::new("japanese");
    let game = dir.file("race.json");
    ok(&["new", &game, "--teams", "赤,青", "--seed", "3"]);
    ok(&[
        "lineup",
        &game,
        "--team",
        "赤",
        "Ａ　１０　１０　１０　Ｂ　８　８　９　Ｃ　３　８　９　Ｄ　５　５　６",
    ]);
    ok(&["orders", &game, "--team", "赤", "Ａ１０、Ｂ９、Ｃ９、Ｄ６"]);
    ok(&["resolve", &game]);
    let report = ok(&[
        "report", &game, "--turn", "1", "--team", "赤", "--lang", "ja",
    ]);
    assert!(report.contains("チーム赤用。"), "{report}");
    assert!(report.contains("移動（移動した順）"), "{report}");
    assert!(report.contains("赤-A"), "{report}");
    assert!(!report.contains("Team standings"), "{report}");
    // The digest and commitment lines tie the report to the record, in any language.
    assert!(report.contains("SHA-256"), "{report}");
    let english = ok(&["report", &game, "--turn", "1", "--team", "赤"]);
    assert!(english.contains("Copy for team 赤."), "{english}");
    refused(
        &["report", &game, "--lang", "klingon"],
        r#"language "klingon": not one postrider speaks (en, ja)"#,
    );
}
