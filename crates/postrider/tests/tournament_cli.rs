//! `postrider tournament` and `postrider advise` through the real binary: the JSON that scripts
//! depend on, reproducibility from the seed, and bad arguments refused.

mod common;

use common::{ok, refused, temp};
use serde_json::Value;

#[test]
fn tournament_json_has_the_promised_fields_and_is_reproducible() {
    let args = [
        "tournament",
        "--game",
        "breaking-away",
        "--rules",
        "postal-2.2",
        "--bots",
        "heuristic,random,nmr",
        "--games",
        "30",
        "--seed",
        "7",
        "--threads",
        "2",
        "--json",
    ];
    let a: Value = serde_json::from_str(&ok(&args)).unwrap();
    assert_eq!(a["games"], 30);
    assert!(a["elapsed_seconds"].as_f64().unwrap() >= 0.0);
    let seats = a["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    let mut wins = 0.0;
    for s in seats {
        for field in ["bot", "wins", "win_rate", "ci95", "mean_points"] {
            assert!(s.get(field).is_some(), "{field} missing from {s}");
        }
        let ci = s["ci95"].as_array().unwrap();
        assert!(
            ci[0].as_f64().unwrap() <= s["win_rate"].as_f64().unwrap()
                && s["win_rate"].as_f64().unwrap() <= ci[1].as_f64().unwrap()
        );
        wins += s["wins"].as_f64().unwrap();
    }
    assert!((wins - 30.0).abs() < 1e-9);
    let mut b: Value =
        serde_json::from_str(&ok(&args.map(|a| if a == "2" { "1" } else { a }))).unwrap();
    let mut a = a;
    for v in [&mut a, &mut b] {
        v.as_object_mut().unwrap().remove("elapsed_seconds");
        v.as_object_mut().unwrap().remove("threads");
    }
    assert_eq!(
        a, b,
        "the same seed gives the same tournament on 1 or 2 threads"
    );
}

#[test]
fn a_backpacks_tournament_prints_a_table() {
    let out = ok(&[
        "tournament",
        "--game",
        "backpacks",
        "--bots",
        "heuristic,random",
        "--games",
        "4",
        "--seed",
        "1",
    ]);
    assert!(
        out.contains("seat  bot") && out.contains("heuristic") && out.contains("95% CI"),
        "{out}"
    );
}

/// Issue 32: the third game (for the tests only) plays a tournament with its own setting, and
/// the search beats random play at it.
#[test]
fn a_goofspiel_tournament_runs_with_its_own_setting() {
    let out: Value = serde_json::from_str(&ok(&[
        "tournament",
        "--game",
        "goofspiel",
        "--cards",
        "5",
        "--bots",
        "mcts,random",
        "--games",
        "20",
        "--playouts",
        "200",
        "--seed",
        "3",
        "--json",
    ]))
    .unwrap();
    assert_eq!(out["rules"], "cards-5", "{out}");
    let wins: Vec<f64> = out["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["wins"].as_f64().unwrap())
        .collect();
    assert!(wins[0] > wins[1], "mcts against random: {out}");
}

#[test]
fn the_json_names_the_rule_set_played() {
    for (args, rules) in [
        (&["--game", "backpacks"][..], "pbm-2.1"),
        (&["--game", "breaking-away"][..], "postal-2.2"),
        (&["--rules", "board"][..], "board"),
    ] {
        let mut all = vec![
            "tournament",
            "--bots",
            "random,random,random",
            "--games",
            "2",
            "--json",
        ];
        all.extend_from_slice(args);
        let out: Value = serde_json::from_str(&ok(&all)).unwrap();
        assert_eq!(out["rules"], rules, "{args:?}");
    }
}

#[test]
fn bad_tournament_arguments_are_refused() {
    refused(
        &["tournament", "--bots", "heuristic,genius", "--games", "2"],
        "unknown bot \"genius\"",
    );
    // A game's refusal of a setting names the flag that gave it.
    refused(
        &[
            "tournament",
            "--bots",
            "random,random,random",
            "--option",
            "nope",
            "--rules",
            "board",
        ],
        "--option: unknown option \"nope\"",
    );
    // A game's refusal of a setting names the flag that gave it.
    refused(
        &[
            "tournament",
            "--bots",
            "random,random,random",
            "--option",
            "nope",
            "--rules",
            "board",
        ],
        "--option: unknown option \"nope\"",
    );
    refused(
        &[
            "tournament",
            "--game",
            "chess",
            "--bots",
            "random",
            "--games",
            "2",
        ],
        "unknown game \"chess\"",
    );
    refused(
        &[
            "tournament",
            "--rules",
            "board",
            "--bots",
            "random,random",
            "--games",
            "2",
        ],
        "this game takes 3–6",
    );
    refused(
        &["tournament", "--bots", "random,random", "--games", "0"],
        "play at least one game",
    );
    // A rule set the game does not have is refused, not ignored (the game's own settings
    // check, reached through the registry).
    refused(
        &[
            "tournament",
            "--game",
            "backpacks",
            "--rules",
            "board",
            "--bots",
            "random",
            "--games",
            "2",
        ],
        "--rules: Backpacks & Blisters has one rule set, pbm-2.1",
    );
}

#[test]
fn advise_suggests_legal_orders() {
    let dir = temp("advise");
    let race = dir.join("race.json");
    let race = race.to_str().unwrap();
    ok(&["new", race, "--teams", "red,blue,green", "--seed", "2"]);
    refused(&["advise", race, "--team", "red"], "has not started");
    ok(&["resolve", race]);
    let advice = ok(&["advise", race, "--team", "red", "--playouts", "50"]);
    assert!(
        advice.contains("suggested: A ") && advice.contains("expected score"),
        "{advice}"
    );
    let suggested = advice
        .lines()
        .find_map(|l| l.trim().strip_prefix("suggested: "))
        .unwrap()
        .to_string();
    ok(&["orders", race, "--team", "red", &suggested]);
    let day = dir.join("day.json");
    let day = day.to_str().unwrap();
    ok(&[
        "new",
        "backpacks",
        day,
        "--walkers",
        "ann,bob",
        "--seed",
        "2",
    ]);
    let advice = ok(&["advise", day, "--walker", "ann", "--playouts", "4"]);
    assert!(
        advice.contains("Suggested orders:") && advice.contains("1: "),
        "{advice}"
    );
}
