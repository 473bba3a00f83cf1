//! The GM's game file under pressure, through the real binary: many commands on one game at once
//! all reach the file (the read–change–write is held), no temporary file is left behind, and a
//! new game's seed does not come from the clock.

mod common;

use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::{SystemTime, UNIX_EPOCH};

use common::{ok, temp};

fn game_json(path: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The game's set-up, from the first entry of its log.
fn setup(path: &str) -> serde_json::Value {
    game_json(path)["log"][0]["event"]["setup"].clone()
}

/// The seats (sorted by name) with a `kind` entry (`orders`, `lineup`) in the log since the last
/// resolution: what is sealed for the coming turn.
fn sealed(path: &str, kind: &str) -> Vec<String> {
    let file = game_json(path);
    let seats = setup(path)["seats"].clone();
    let log = file["log"].as_array().unwrap();
    let since = log
        .iter()
        .rposition(|e| e["event"]["kind"] == "resolved")
        .map_or(0, |i| i + 1);
    let mut names: Vec<String> = log[since..]
        .iter()
        .filter(|e| e["event"]["kind"] == kind)
        .map(|e| {
            seats[e["event"]["seat"].as_u64().unwrap() as usize]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Runs one `postrider` per argument list, all started at the same moment from their own threads,
/// and requires every one to succeed.
fn all_at_once(commands: Vec<Vec<String>>) {
    let start = Arc::new(Barrier::new(commands.len()));
    let threads: Vec<_> = commands
        .into_iter()
        .map(|args| {
            let start = Arc::clone(&start);
            std::thread::spawn(move || {
                start.wait();
                let out = Command::new(env!("CARGO_BIN_EXE_postrider"))
                    .args(&args)
                    .output()
                    .expect("postrider runs");
                assert!(
                    out.status.success(),
                    "{args:?} failed: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
}

#[test]
fn sixteen_walkers_ordering_at_once_are_all_in_the_game_file() {
    let dir = temp("concurrent-orders");
    let game = dir.join("day.json").to_str().unwrap().to_string();
    let walkers: Vec<String> = (1..=16).map(|i| format!("w{i:02}")).collect();
    ok(&[
        "new",
        "backpacks",
        &game,
        "--walkers",
        &walkers.join(","),
        "--seed",
        "5",
    ]);
    // Three rounds, so that a lost order has three chances to show.
    for round in 1..=3 {
        all_at_once(
            walkers
                .iter()
                .map(|w| {
                    ["orders", &game, "--walker", w, "1: rest; 2: rest"]
                        .map(String::from)
                        .to_vec()
                })
                .collect(),
        );
        let mut expected = walkers.clone();
        expected.sort();
        assert_eq!(
            sealed(&game, "orders"),
            expected,
            "round {round}: every walker's orders are in the file"
        );
        ok(&["resolve", &game]);
    }
}

#[test]
fn sixteen_teams_sealing_their_line_ups_at_once_are_all_in_the_game_file() {
    let dir = temp("concurrent-lineups");
    let game = dir.join("race.json").to_str().unwrap().to_string();
    let teams: Vec<String> = (1..=16).map(|i| format!("t{i:02}")).collect();
    ok(&["new", &game, "--teams", &teams.join(","), "--seed", "3"]);
    all_at_once(
        teams
            .iter()
            .map(|t| {
                [
                    "lineup",
                    &game,
                    "--team",
                    t,
                    "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
                ]
                .map(String::from)
                .to_vec()
            })
            .collect(),
    );
    let mut expected = teams.clone();
    expected.sort();
    assert_eq!(
        sealed(&game, "lineup"),
        expected,
        "every line-up is in the file"
    );
}

#[test]
fn saving_leaves_only_the_game_file_and_its_lock_file() {
    let dir = temp("no-leftovers");
    let game = dir.join("day.json").to_str().unwrap().to_string();
    ok(&[
        "new",
        "backpacks",
        &game,
        "--walkers",
        "ann,bob",
        "--seed",
        "1",
    ]);
    ok(&["orders", &game, "--walker", "ann", "1: rest; 2: rest"]);
    ok(&["resolve", &game]);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, [".day.json.lock", "day.json"]);
}

/// A GM who let others read the game file keeps that after every save; a new game file is the
/// GM's alone (it holds every hand).
#[cfg(unix)]
#[test]
fn saving_keeps_the_game_files_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp("permissions");
    let game = dir.join("day.json").to_str().unwrap().to_string();
    ok(&[
        "new",
        "backpacks",
        &game,
        "--walkers",
        "ann,bob",
        "--seed",
        "1",
    ]);
    let mode = |path: &str| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&game), 0o600);
    std::fs::set_permissions(&game, std::fs::Permissions::from_mode(0o640)).unwrap();
    ok(&["orders", &game, "--walker", "ann", "1: rest; 2: rest"]);
    assert_eq!(mode(&game), 0o640);
}

/// A command on a game file that does not exist is refused as before, and leaves no lock file.
#[test]
fn a_missing_game_is_refused_without_a_lock_file() {
    let dir = temp("missing");
    let game = dir.join("none.json").to_str().unwrap().to_string();
    common::refused(&["orders", &game, "--walker", "ann", "1: rest"], "reading");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

fn nanos(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64
}

/// A player who knows roughly when the GM made the game must not be able to find its seed: the
/// seed is neither the clock at that moment nor the clock mixed with the process id.
#[test]
fn a_new_game_without_a_seed_gets_one_that_is_not_the_clock() {
    let dir = temp("fresh-seed");
    let mut seeds = Vec::new();
    for name in ["one.json", "two.json"] {
        let game = dir.join(name).to_str().unwrap().to_string();
        let before = nanos(SystemTime::now());
        let child = Command::new(env!("CARGO_BIN_EXE_postrider"))
            .args(["new", "backpacks", &game, "--walkers", "ann,bob"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = u64::from(child.id());
        assert!(child.wait_with_output().unwrap().status.success());
        let after = nanos(SystemTime::now());
        let seed = setup(&game)["seed"].as_u64().unwrap();
        for guess in [seed, seed ^ pid, seed ^ (pid << 32)] {
            assert!(
                !(before..=after).contains(&guess),
                "seed {seed} comes from the clock ({before}..{after}) and the pid {pid}"
            );
        }
        seeds.push(seed);
    }
    assert_ne!(seeds[0], seeds[1]);
}
