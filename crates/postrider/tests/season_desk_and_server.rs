//! A season on the desk and on the server gives the same standings: a three-stage Breaking
//! Away race and a three-day Backpacks week played to the end on a real `postrider serve` (a
//! random bot, a heuristic bot and a seat that never sends orders, the bots carried from stage
//! to stage by the server's "add the next stage"), then each stage exported to a game file and
//! the season's standings computed at the desk (`postrider season`): the API's standings and
//! the desk's are equal, classification by classification, line by line. On SQLite, and on
//! PostgreSQL where `POSTRIDER_TEST_POSTGRES` names a server.

mod common;

use std::process::Command;

use common::server::{Server, call, player, start};
use common::{ok, temp};
use serde_json::{Value, json};

/// Resolves game `id` until it is over, as its GM.
fn play_out(server: &Server, gm: &str, id: i64) {
    for _ in 0..200 {
        let (status, game) = call(server, "GET", &format!("/api/games/{id}"), Some(gm), None);
        assert_eq!(status, 200, "{game}");
        if game["over"] == true {
            return;
        }
        let (status, body) = call(
            server,
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(gm),
            Some(json!({"action": "resolve"})),
        );
        assert_eq!(status, 200, "{body}");
    }
    panic!("game {id} never ends");
}

/// A three-stage season of `game` on the server; its stages' ids and its standings.
fn on_the_server(server: &Server, game: &str, seats: [&str; 3]) -> (Vec<i64>, Value) {
    let gm = player(server, &format!("gm-{game}"));
    let (status, created) = call(
        server,
        "POST",
        "/api/games",
        Some(&gm),
        Some(json!({
            "title": format!("{game} stage 1"), "game": game, "seats": seats, "seed": 11,
            "deadline": {"every": "interval", "seconds": 86400},
        })),
    );
    assert_eq!(status, 201, "{created}");
    let first = created["id"].as_i64().unwrap();
    for (seat, bot) in [(0, "random"), (1, "heuristic")] {
        let (status, body) = call(
            server,
            "POST",
            &format!("/api/games/{first}/gm"),
            Some(&gm),
            Some(json!({"action": "bot", "seat": seat, "bot": bot})),
        );
        assert_eq!(status, 200, "{body}");
    }
    play_out(server, &gm, first);
    let (status, season) = call(
        server,
        "POST",
        "/api/seasons",
        Some(&gm),
        Some(json!({"name": "Cumbria", "game_id": first, "stages": 3})),
    );
    assert_eq!(status, 201, "{season}");
    let season_id = season["id"].as_i64().unwrap();
    let mut stages = vec![first];
    for _ in 2..=3 {
        let (status, added) = call(
            server,
            "POST",
            &format!("/api/seasons/{season_id}/stages"),
            Some(&gm),
            Some(json!({})),
        );
        assert_eq!(status, 201, "{added}");
        let id = added["game_id"].as_i64().unwrap();
        // The bots are carried over; the silent seat stays silent.
        let (_, next) = call(server, "GET", &format!("/api/games/{id}"), Some(&gm), None);
        let bots: Vec<&Value> = next["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| &s["bot"])
            .collect();
        assert_eq!(
            bots,
            [&json!("random"), &json!("heuristic"), &Value::Null],
            "{next}"
        );
        play_out(server, &gm, id);
        stages.push(id);
    }
    let (status, season) = call(
        server,
        "GET",
        &format!("/api/seasons/{season_id}"),
        None,
        None,
    );
    assert_eq!(status, 200, "{season}");
    assert_eq!(season["over"], true, "three of three stages played");
    (stages, season["standings"].clone())
}

/// The same season at the desk, from the server's games exported as game files.
fn at_the_desk(database: &str, stages: &[i64], name: &str) -> Value {
    let dir = temp(&format!("season-both-{name}"));
    let mut files = Vec::new();
    for (n, id) in stages.iter().enumerate() {
        let file = dir.join(format!("stage-{}.json", n + 1));
        std::fs::write(
            &file,
            ok(&["export", "--database", database, "--game", &id.to_string()]),
        )
        .unwrap();
        files.push(file.to_str().unwrap().to_string());
    }
    let season = dir.join("season.json");
    let season = season.to_str().unwrap();
    ok(&[
        "season", "new", season, "--name", "Cumbria", "--first", &files[0],
    ]);
    for file in &files[1..] {
        ok(&["season", "add", season, "--existing", file]);
    }
    let json: Value =
        serde_json::from_str(&ok(&["season", "standings", season, "--json"])).unwrap();
    json["standings"].clone()
}

fn same_standings_on_both_doors(database: &str, backend: &str) {
    let server = start(database, None);
    for (game, seats) in [
        ("breaking-away", ["red", "blue", "green"]),
        ("backpacks", ["ann", "bob", "cat"]),
    ] {
        let (stages, served) = on_the_server(&server, game, seats);
        let desk = at_the_desk(database, &stages, &format!("{game}-{backend}"));
        assert_eq!(served["stages"], 3, "{game}: {served}");
        assert_eq!(
            desk, served,
            "{game}: the desk's standings and the server's differ"
        );
    }
}

#[test]
fn a_season_gives_the_same_standings_at_the_desk_and_on_the_server_sqlite() {
    let dir = temp("season-both-sqlite");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let database = format!("sqlite://{}/postrider.db?mode=rwc", data.display());
    same_standings_on_both_doors(&database, "sqlite");
}

#[test]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
fn a_season_gives_the_same_standings_at_the_desk_and_on_the_server_postgres() {
    let admin = std::env::var("POSTRIDER_TEST_POSTGRES")
        .expect("POSTRIDER_TEST_POSTGRES names a PostgreSQL server");
    let name = format!("postrider_season_both_{}", std::process::id());
    let status = Command::new("psql")
        .args([&admin, "-q", "-c", &format!("CREATE DATABASE {name}")])
        .status();
    assert!(
        status.is_ok_and(|s| s.success()),
        "psql could not create {name}"
    );
    same_standings_on_both_doors(
        &format!("{}/{name}", admin.rsplit_once('/').unwrap().0),
        "postgres",
    );
}
