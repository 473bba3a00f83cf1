//! Backpacks & Blisters through the real binary: a whole day from files, bad input refused with
//! one line and exit status 2 (the game file untouched), hidden cards kept hidden, the map drawn,
//! and a snapshot of a full day's report.

mod common;

use common::{ok, refused, temp};

#[test]
fn a_gm_runs_a_whole_day_from_files() {
    let dir = temp("day");
    let game = dir.join("day.json");
    let game = game.to_str().unwrap();
    let new = ok(&[
        "new",
        "backpacks",
        game,
        "--walkers",
        "ann,bob,cat",
        "--seed",
        "4",
    ]);
    assert!(new.contains("The day's targets:"), "{new}");
    // Ann rests in the morning and finishes at once; Bob and Cat send nothing all day (NMR: rest).
    let echo = ok(&[
        "orders",
        game,
        "--walker",
        "ann",
        "1: rest; 2: rest; finish\nweather sunny",
    ]);
    assert!(
        echo.contains("1: rest")
            && echo.contains("2: rest; finish")
            && echo.contains("weather sunny"),
        "the orders are echoed as read: {echo}"
    );
    let first = ok(&["resolve", game]);
    assert!(
        first.contains("round 1") && first.contains("10:00") && first.contains("10:20"),
        "{first}"
    );
    assert!(
        first.contains("ann") && first.contains("is back in Keswick: the day is done"),
        "{first}"
    );
    refused(
        &["orders", game, "--walker", "ann", "1: rest"],
        "this walker's day is over",
    );
    // 10.5 "all players can vote": her vote is still taken, and nothing else (B&B-15).
    let vote = ok(&["orders", game, "--walker", "ann", "vote bob"]);
    assert!(vote.contains("vote bob"), "{vote}");
    let mut rounds = 1;
    while !ok(&["report", game]).contains("THE DAY IS OVER") {
        ok(&["resolve", game]);
        rounds += 1;
        assert!(rounds <= 12, "a day has 12 rounds");
    }
    assert_eq!(rounds, 12);
    let report = ok(&["report", game]);
    // She stood in Keswick from the end of the 10:00 turn: that is when she is back (5.1.12, B&B-9).
    assert!(report.contains("back in Keswick at 10:00"), "{report}");
    assert!(ok(&["replay", game]).contains("the replay matches"));
    let past = ok(&["report", game, "--round", "1", "--walker", "bob"]);
    assert!(past.contains("Copy for bob"), "{past}");
    refused(&["resolve", game], "the day is over");
}

#[test]
fn bad_orders_are_refused_and_the_file_is_untouched() {
    let dir = temp("bad");
    let game = dir.join("day.json");
    let game = game.to_str().unwrap();
    ok(&[
        "new",
        "backpacks",
        game,
        "--walkers",
        "ann,bob",
        "--seed",
        "1",
    ]);
    let before = std::fs::read_to_string(game).unwrap();
    refused(
        &["orders", game, "--walker", "ann", "1: ferry LOD"],
        "ferries run at twenty past the hour",
    );
    refused(
        &["orders", game, "--walker", "ann", "1: tea"],
        "no tea on the first turn of a round",
    );
    refused(
        &["orders", game, "--walker", "ann", "1: walk 9+9 FRI"],
        "no 9+9 card in the hand",
    );
    refused(
        &["orders", game, "--walker", "ann", "1: jog FRI"],
        "\"jog\" is not an order",
    );
    refused(
        &["orders", game, "--walker", "ann", "1: walk 4+2 ZZZ"],
        "\"ZZZ\" is not a space or location of the map",
    );
    refused(
        &["orders", game, "--walker", "zed", "1: rest"],
        "walker \"zed\": no such walker",
    );
    refused(
        &["lineup", game, "--team", "ann", "A 1 2 3"],
        "Backpacks & Blisters has no line-ups",
    );
    refused(
        &["drop", game, "--rider", "ann-A"],
        "drop: Backpacks & Blisters has no such action on its pieces",
    );
    assert_eq!(
        std::fs::read_to_string(game).unwrap(),
        before,
        "refused commands leave the game file as it was"
    );
    refused(
        &[
            "new",
            "backpacks",
            dir.join("x.json").to_str().unwrap(),
            "--walkers",
            "ann,ANN",
        ],
        "given twice",
    );
    refused(
        &[
            "new",
            "chess",
            dir.join("x.json").to_str().unwrap(),
            "--walkers",
            "ann",
        ],
        "unknown game \"chess\"",
    );
    let tampered = before.replacen("\"money\": 4", "\"money\": 9", 1);
    std::fs::write(game, tampered).unwrap();
    refused(&["report", game], "differs from the replay");
}

#[test]
fn reports_show_cards_only_to_their_walker() {
    let dir = temp("hidden");
    let game = dir.join("day.json");
    let game = game.to_str().unwrap();
    ok(&[
        "new",
        "backpacks",
        game,
        "--walkers",
        "ann,bob",
        "--seed",
        "8",
    ]);
    ok(&["orders", game, "--walker", "ann", "1: rest; 2: rest"]);
    let ann = ok(&["report", game, "--walker", "ann"]);
    assert!(
        ann.contains("ann's cards:") && !ann.contains("bob's cards:"),
        "{ann}"
    );
    assert!(ann.contains("ann's sealed orders"), "{ann}");
    let bob = ok(&["report", game, "--walker", "bob"]);
    assert!(
        bob.contains("bob's cards:")
            && !bob.contains("ann's cards:")
            && !bob.contains("ann's sealed orders"),
        "{bob}"
    );
    assert!(bob.contains("ann          received (sealed)"), "{bob}");
    let public = ok(&["report", game, "--public"]);
    assert!(!public.contains("'s cards:"), "{public}");
    let round = ok(&["resolve", game, "--walker", "bob"]);
    assert!(
        !round.contains("ann's cards") && round.contains("bob's cards"),
        "{round}"
    );
}

#[test]
fn the_map_is_drawn_as_svg_and_bad_maps_are_refused() {
    let svg = ok(&["map", "show"]);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    for id in ["KES", "SKI", "STE", "LOD", "Walla Crag"] {
        assert!(svg.contains(id), "{id} is drawn");
    }
    let dir = temp("map");
    let game = dir.join("day.json");
    ok(&[
        "new",
        "backpacks",
        game.to_str().unwrap(),
        "--walkers",
        "ann,bob",
        "--seed",
        "2",
    ]);
    let with_walkers = ok(&["map", "show", "--game", game.to_str().unwrap()]);
    assert!(with_walkers.contains("ann at KES"), "walkers are drawn");
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "format = \"postrider-backpacks-map\"\nversion = 1\nname = \"x\"\nhome = \"A\"\n[[location]]\nid = \"A\"\nname = \"A\"\nshape = \"circle\"\nat = [0.0, 0.0]\n[[path]]\nbetween = [\"A\", \"B\"]\nspaces = \"o\"\n").unwrap();
    refused(
        &["map", "check", bad.to_str().unwrap()],
        "map line 10: path A-B: unknown location \"B\"",
    );
    let good = ok(&[
        "map",
        "check",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../game-backpacks/data/keswick-map.toml"
        ),
        "--deck",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../game-backpacks/data/keswick-deck.toml"
        ),
    ]);
    assert!(
        good.contains("35 locations") && good.contains("61 cards"),
        "{good}"
    );
}

#[test]
fn backpacks_scenarios_run_through_the_binary() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../game-backpacks/tests/casebook/bb-8.3-ferry-trip.json"
    );
    let out: serde_json::Value = serde_json::from_str(&ok(&["scenario", "run", file])).unwrap();
    assert_eq!(out["walkers"][0]["at"], "LOD");
    let bad = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../game-backpacks/tests/casebook/bad/space-twice.json"
    );
    refused(
        &["scenario", "run", bad],
        "the route enters KES twice (11.1)",
    );
}

#[test]
fn demo_day_snapshot() {
    insta::assert_snapshot!(
        "demo_backpacks_seed_3",
        ok(&["demo", "backpacks", "--seed", "3"])
    );
}

#[test]
fn the_demo_day_is_reproducible() {
    assert_eq!(
        ok(&["demo", "backpacks", "--seed", "9"]),
        ok(&["demo", "backpacks", "--seed", "9"])
    );
}

#[test]
fn a_gm_can_let_a_bot_play_a_seat() {
    let dir = temp("bot");
    let game = dir.join("day.json");
    let game = game.to_str().unwrap();
    ok(&[
        "new",
        "backpacks",
        game,
        "--walkers",
        "ann,bob",
        "--seed",
        "6",
    ]);
    let echo = ok(&["orders", game, "--walker", "bob", "--bot", "heuristic"]);
    assert!(echo.contains("1: walk"), "the heuristic walks out: {echo}");
    assert!(ok(&["report", game]).contains("bob          received (sealed)"));
    refused(
        &["orders", game, "--walker", "bob", "--bot", "genius"],
        "unknown bot \"genius\"",
    );
    let race = dir.join("race.json");
    let race = race.to_str().unwrap();
    ok(&["new", race, "--teams", "red,blue", "--seed", "6"]);
    // Before the start a bot seals its team's line-up and its turn-1 orders together, as it
    // does on the server.
    let opening = ok(&["orders", race, "--team", "red", "--bot", "heuristic"]);
    assert!(
        opening.contains("Line-up sealed for red: A ")
            && opening.contains("Orders sealed for red, turn 1: A "),
        "{opening}"
    );
    ok(&["resolve", race]);
    let echo = ok(&["orders", race, "--team", "red", "--bot", "heuristic"]);
    assert!(echo.contains("Orders sealed for red, turn 2: A "), "{echo}");
}
