//! Seasons at the desk through the real binary: a three-stage Breaking Away race and a
//! three-day walking week of Backpacks & Blisters, each with a bot seat carried from stage to
//! stage and a seat that never sends orders, standings equal to `gm::season::standings` over
//! the same game files (what the server computes from the same games), and refusals.

mod common;

use std::path::Path;

use common::{ok, postrider, refused, temp};
use serde_json::Value;

/// Resolves a game file until its game is over.
fn play_out(game: &str) {
    for _ in 0..200 {
        let out = postrider(&["resolve", game]);
        if !out.status.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(stderr.contains("over"), "{game}: {stderr}");
            return;
        }
    }
    panic!("{game} never ends");
}

/// The standings `gm::season` computes from the season file's games, read here directly.
fn standings_from_files(season_file: &Path) -> Value {
    let season: Value =
        serde_json::from_str(&std::fs::read_to_string(season_file).unwrap()).unwrap();
    let dir = season_file.parent().unwrap();
    let mut seats = Vec::new();
    let mut stages = Vec::new();
    for stage in season["stages"].as_array().unwrap() {
        let text = std::fs::read_to_string(dir.join(stage.as_str().unwrap())).unwrap();
        let game = gm::GameFile::from_json(&text).unwrap();
        seats = game.record().seats().to_vec();
        if let Some(result) = game.record().stage() {
            stages.push(result);
        }
    }
    let season: gm::season::Season = serde_json::from_value(season["season"].clone()).unwrap();
    serde_json::to_value(gm::season::standings(&season, &seats, &stages).unwrap()).unwrap()
}

/// Plays a season of three stages: `first` makes stage 1 (a bot seat, an NMR seat), `add`
/// the next two with the seats carried over. Gives the season file.
fn three_stages(dir: &Path, game: &str, seats: &str, seat_flag: &str, bot_seat: &str) -> String {
    stages(dir, game, seats, seat_flag, Some(bot_seat), 3)
}

/// Plays a season of `n` stages as [`three_stages`] does.
fn stages(
    dir: &Path,
    game: &str,
    seats: &str,
    seat_flag: &str,
    bot_seat: Option<&str>,
    n: usize,
) -> String {
    let first = dir.join("stage-1.json");
    let first = first.to_str().unwrap();
    ok(&["new", game, first, seat_flag, seats, "--seed", "3"]);
    if let Some(bot_seat) = bot_seat {
        ok(&["orders", first, "--team", bot_seat, "--bot", "heuristic"]);
    }
    play_out(first);
    let season = dir.join("week.json");
    let season = season.to_str().unwrap().to_string();
    let said = ok(&[
        "season", "new", &season, "--name", "Cumbria", "--first", first,
    ]);
    assert!(said.contains(" 1: "), "{said}");
    for (n, seed) in [(2, "4"), (3, "5")].into_iter().take(n - 1) {
        let said = ok(&["season", "add", &season, "--seed", seed]);
        let stem = if game == "backpacks" { "day" } else { "stage" };
        let file = dir.join(format!("week-{stem}-{n}.json"));
        let file = file.to_str().unwrap();
        assert!(said.contains(file), "{said}");
        // The bot seat is carried over: the new stage's log hands it to the same bot.
        let log: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let log = log["log"].to_string();
        assert_eq!(
            log.contains("seat_bot") && log.contains("heuristic"),
            bot_seat.is_some(),
            "{log}"
        );
        // A stage running: the next one waits.
        refused(&["season", "add", &season], "is not over yet");
        play_out(file);
    }
    season
}

#[test]
fn a_three_stage_race_gives_every_classification_with_movements_and_jerseys() {
    let dir = temp("season-race");
    let season = three_stages(&dir, "breaking-away", "red,blue,green", "--teams", "blue");
    let json: Value =
        serde_json::from_str(&ok(&["season", "standings", &season, "--json"])).unwrap();
    assert_eq!(json["standings"], standings_from_files(Path::new(&season)));
    let standings = &json["standings"];
    assert_eq!(standings["stages"], 3);
    let keys: Vec<&str> = standings["classifications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["general", "points", "sprints", "teams", "race"]);
    // The general classification ranks the twelve riders (BA-S1); the teams by race points
    // stand beside it (BA-S6).
    let general = &standings["classifications"][0];
    assert_eq!(general["rows"].as_array().unwrap().len(), 12);
    assert_eq!(
        standings["classifications"][4]["rows"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    for row in general["rows"].as_array().unwrap() {
        assert_eq!(row["stages"].as_array().unwrap().len(), 3);
        assert!(
            row["movement"].is_i64(),
            "after stage 3 every line has moved or not: {row}"
        );
    }
    let jerseys: Vec<&str> = standings["jerseys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["jersey"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(jerseys, ["yellow jersey", "green jersey", "red jersey"]);
    let text = ok(&["season", "standings", &season]);
    assert!(
        text.starts_with("Cumbria (stage race, Breaking Away): after stage 3 of 3."),
        "{text}"
    );
    assert!(
        text.contains("Yellow jersey: ") && text.contains("Teams classification"),
        "{text}"
    );
    // Issue 36: the desk's report in Japanese, the board game's words for the jerseys.
    let ja = ok(&["season", "standings", &season, "--lang", "ja"]);
    assert!(
        ja.starts_with(
            "Cumbria（ステージレース、Breaking Away）：全3ステージのうち3ステージ終了時の順位"
        ),
        "{ja}"
    );
    assert!(
        ja.contains("マイヨ・ジョーヌ") && ja.contains("個人総合"),
        "{ja}"
    );
    for english in ["jersey", "classification", "stage", "points"] {
        assert!(!ja.contains(english), "{english:?} in:\n{ja}");
    }
}

/// Issue 55: a two-stage race at the desk has a general classification of riders, whose
/// leader wears yellow; every classification states its count-back. Nobody sends orders, so
/// every team's riders play their highest cards alike (postal 9.1) and the three teams' riders
/// cross every line together: each classification's top stays level after every count-back,
/// and the standings say so and how each jersey was given (docs/rulings.md S-3).
#[test]
fn a_two_stage_race_ranks_riders_by_their_places_and_says_how_a_level_top_was_settled() {
    let dir = temp("season-two");
    let season = stages(&dir, "breaking-away", "red,blue,green", "--teams", None, 2);
    let json: Value =
        serde_json::from_str(&ok(&["season", "standings", &season, "--json"])).unwrap();
    assert_eq!(json["standings"], standings_from_files(Path::new(&season)));
    let standings = &json["standings"];
    assert_eq!(standings["stages"], 2);
    let general = &standings["classifications"][0];
    assert_eq!(
        (&general["key"], &general["of"], &general["unit"]),
        (&"general".into(), &"riders".into(), &"places".into())
    );
    assert!(
        general["ties"]
            .as_str()
            .unwrap()
            .starts_with("fewest places; level: the better place in the last stage"),
        "{general}"
    );
    // Each rider's total is its two stage places added up; the fewest lead.
    let rows = general["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 12);
    let mut last_total = 0;
    for row in rows {
        let places: Vec<u64> = row["stages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap().parse().unwrap())
            .collect();
        let total: u64 = row["total"].as_str().unwrap().parse().unwrap();
        assert_eq!((places.len(), total), (2, places.iter().sum()), "{row}");
        assert!(total >= last_total, "fewest places first: {general}");
        last_total = total;
    }
    let leaders: Vec<&str> = rows
        .iter()
        .filter(|r| r["rank"] == 1)
        .map(|r| r["piece"].as_str().unwrap())
        .collect();
    assert_eq!(leaders, ["red-A", "blue-A", "green-A"]);
    let yellow = &standings["jerseys"][0];
    assert_eq!(
        (
            &yellow["jersey"]["name"],
            &yellow["classification"],
            &yellow["piece"]
        ),
        (&"yellow jersey".into(), &"general".into(), &"red-A".into()),
        "the first of the level leaders in seat order wears yellow"
    );
    assert_eq!(
        standings["level"][0],
        serde_json::json!({
            "classification": "general",
            "lines": ["red-A", "blue-A", "green-A"],
            "jersey_to": "red-A"
        })
    );
    let text = ok(&["season", "standings", &season]);
    for line in [
        "Yellow jersey: red-A\n",
        "Green jersey: blue-A\n",
        "General classification: red-A, blue-A and green-A are level after every count-back and \
         share first place; the yellow jersey went to red-A, the first of them in seat order who \
         wears no more prestigious jersey.",
        "General classification (riders, places)",
    ] {
        assert!(text.contains(line), "no {line:?} in:\n{text}");
    }
    let ja = ok(&["season", "standings", &season, "--lang", "ja"]);
    assert!(
        ja.contains("個人総合：red-A、blue-A、green-Aは同点判定をすべて行っても並んだまま"),
        "{ja}"
    );
}

#[test]
fn a_three_day_walking_week_adds_the_days_up() {
    let dir = temp("season-week");
    let season = three_stages(&dir, "backpacks", "ann,bob,cat", "--walkers", "bob");
    let json: Value =
        serde_json::from_str(&ok(&["season", "standings", &season, "--json"])).unwrap();
    assert_eq!(json["standings"], standings_from_files(Path::new(&season)));
    let general = &json["standings"]["classifications"][0];
    assert_eq!(general["key"], "general");
    // Each walker's total is the sum of its days (nothing for a day not back by 6pm, 1.3).
    for row in general["rows"].as_array().unwrap() {
        let days: i64 = row["stages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap().parse::<i64>().unwrap_or(0))
            .sum();
        assert_eq!(
            row["total"].as_str().unwrap().parse::<i64>().unwrap(),
            days,
            "{row}"
        );
    }
    assert_eq!(json["standings"]["classifications"][1]["key"], "targets");
    let text = ok(&["season", "standings", &season]);
    assert!(
        text.starts_with("Cumbria (walking week, Backpacks & Blisters): after day 3 of 3."),
        "{text}"
    );
}

#[test]
fn a_league_counts_the_best_n_and_bad_seasons_are_refused() {
    let dir = temp("season-bad");
    let first = dir.join("g1.json");
    let first = first.to_str().unwrap();
    ok(&["new", first, "--teams", "red,blue", "--seed", "3"]);
    let season = dir.join("league.json");
    let season = season.to_str().unwrap();
    refused(
        &[
            "season",
            "new",
            season,
            "--name",
            "L",
            "--first",
            first,
            "--best-of",
            "0",
        ],
        "best_of: a league counts at least one result",
    );
    refused(
        &["season", "new", season, "--name", " ", "--first", first],
        "name: a season needs a name",
    );
    let scoring = dir.join("scoring.json");
    std::fs::write(&scoring, r#"{"team_riders": 7}"#).unwrap();
    refused(
        &[
            "season",
            "new",
            season,
            "--name",
            "L",
            "--first",
            first,
            "--scoring",
            scoring.to_str().unwrap(),
        ],
        "scoring.team_riders",
    );
    let cards = dir.join("cards.json");
    let cards = cards.to_str().unwrap();
    ok(&[
        "new",
        "goofspiel",
        cards,
        "--teams",
        "ann,bob",
        "--seed",
        "3",
    ]);
    refused(
        &["season", "new", season, "--name", "L", "--first", cards],
        "game: goofspiel has no seasons",
    );
    assert!(!Path::new(season).exists(), "nothing written");
    ok(&[
        "season",
        "new",
        season,
        "--name",
        "L",
        "--first",
        first,
        "--best-of",
        "1",
    ]);
    refused(
        &["season", "new", season, "--name", "L", "--first", first],
        "a file is there already",
    );
    refused(&["season", "add", season], "stage 1 is not over yet");
    let text = ok(&["season", "standings", season]);
    assert!(
        text.contains("after stage 0 of 1; the best 1 count")
            && text.contains("No stage is over yet."),
        "{text}"
    );
    play_out(first);
    let text = ok(&["season", "standings", season]);
    assert!(text.contains("after stage 1 of 1"), "{text}");
    // A game file there is already (a server's stage, exported) joins as the next stage when
    // its game and seats are the season's.
    let other = dir.join("other.json");
    let other = other.to_str().unwrap();
    ok(&["new", other, "--teams", "red,white", "--seed", "4"]);
    refused(
        &["season", "add", season, "--existing", other],
        "seats are not the season's (red, blue)",
    );
    let second = dir.join("g2.json");
    let second = second.to_str().unwrap();
    ok(&["new", second, "--teams", "red,blue", "--seed", "4"]);
    play_out(second);
    ok(&["season", "add", season, "--existing", second]);
    refused(
        &["season", "add", season, "--existing", second],
        "a stage of the season already",
    );
    let json: Value =
        serde_json::from_str(&ok(&["season", "standings", season, "--json"])).unwrap();
    // A league counts the best n of the teams' race points (S-2, BA-S6).
    let race = &json["standings"]["classifications"][4];
    assert_eq!(race["key"], "race");
    for row in race["rows"].as_array().unwrap() {
        let cells = row["stages"].as_array().unwrap();
        assert_eq!(cells.len(), 2);
        assert_eq!(
            cells.iter().filter(|c| c["dropped"] == true).count(),
            1,
            "best 1 of 2: one result dropped: {row}"
        );
    }
    assert!(
        ok(&["season", "standings", season]).contains('('),
        "the dropped result in brackets"
    );
}
