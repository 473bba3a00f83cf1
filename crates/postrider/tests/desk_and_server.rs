//! One lifecycle on the desk and on the server: the same game played with the command line and
//! on a real `postrider serve`, from the same seed and orders, bots included, gives byte-identical
//! reports for every viewer and turn; and the server's game, exported with `postrider export`,
//! gives the command line every report the server published.

mod common;

use common::server::{Server, call, player, request, start};
use common::{ok, temp};
use serde_json::json;

const TURNS: u16 = 3;

/// A game as both doors play it: seat 0 sends its own first orders then hands over to the
/// random bot, seat 1 is the heuristic bot throughout, seat 2 never sends anything (NMR).
struct Game {
    game: &'static str,
    seats: [&'static str; 3],
    /// Seat 0's opening: (line-up, orders).
    opening: (Option<&'static str>, &'static str),
}

const GAMES: [Game; 3] = [
    Game {
        game: "breaking-away",
        seats: ["red", "blue", "green"],
        opening: (
            Some("A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
            "A 10 B 9 C 9 D 6",
        ),
    },
    Game {
        game: "backpacks",
        seats: ["ann", "bob", "cat"],
        opening: (None, "1: rest; 2: rest"),
    },
    // The third game (issue 32), for the tests only: plugged in without the doors naming it.
    Game {
        game: "goofspiel",
        seats: ["ann", "bob", "cat"],
        opening: (None, "bid 13"),
    },
];

const SEED: u64 = 2027;

/// The game played on the command line: every report by key ("gm 2", "red 1", "public 3").
fn on_the_desk(g: &Game, file: &str) -> Vec<(String, String)> {
    let seats = g.seats.join(",");
    let seed = SEED.to_string();
    ok(&["new", g.game, file, "--teams", &seats, "--seed", &seed]);
    for turn in 1..=TURNS {
        if turn == 1 {
            if let Some(lineup) = g.opening.0 {
                ok(&["lineup", file, "--team", g.seats[0], lineup]);
            }
            ok(&["orders", file, "--team", g.seats[0], g.opening.1]);
        } else {
            ok(&["orders", file, "--team", g.seats[0], "--bot", "random"]);
        }
        ok(&["orders", file, "--team", g.seats[1], "--bot", "heuristic"]);
        ok(&["resolve", file]);
    }
    reports(g, |viewer, turn| {
        let turn = turn.to_string();
        let mut args = vec!["report", file, "--turn", &turn];
        match viewer {
            "gm" => {}
            "public" => args.push("--public"),
            seat => args.extend(["--team", seat]),
        }
        ok(&args)
    })
}

fn reports(g: &Game, mut report: impl FnMut(&str, u16) -> String) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for turn in 1..=TURNS {
        for viewer in ["gm", "public", g.seats[0]] {
            out.push((format!("{viewer} {turn}"), report(viewer, turn)));
        }
    }
    out
}

/// The game played on the server; returns its id and every report as the API serves it.
fn on_the_server(g: &Game, server: &Server) -> (i64, Vec<(String, String)>) {
    let gm = player(server, &format!("gm-{}", g.game));
    let seat0 = player(server, &format!("p-{}", g.game));
    let (status, created) = call(
        server,
        "POST",
        "/api/games",
        Some(&gm),
        Some(json!({
            "title": g.game, "game": g.game, "seats": g.seats, "seed": SEED,
            "deadline": {"every": "interval", "seconds": 86400},
        })),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let invite = created["invites"][0]["invite"].as_str().unwrap();
    let join = format!("/api/games/{id}/join");
    let (status, body) = call(
        server,
        "POST",
        &join,
        Some(&seat0),
        Some(json!({"invite": invite})),
    );
    assert_eq!(status, 200, "{body}");
    let gm_action = |action: serde_json::Value| {
        let (status, body) = call(
            server,
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(action),
        );
        assert_eq!(status, 200, "{body}");
    };
    gm_action(json!({"action": "bot", "seat": 1, "bot": "heuristic"}));
    for turn in 1..=TURNS {
        if turn == 1 {
            let mut orders = json!({"orders": g.opening.1});
            if let Some(lineup) = g.opening.0 {
                orders["lineup"] = json!(lineup);
            }
            let path = format!("/api/games/{id}/orders");
            let (status, body) = call(server, "POST", &path, Some(&seat0), Some(orders));
            assert_eq!(status, 200, "{body}");
        } else if turn == 2 {
            gm_action(json!({"action": "bot", "seat": 0, "bot": "random"}));
        }
        gm_action(json!({"action": "resolve"}));
    }
    let reports = reports(g, |viewer, turn| {
        let token = match viewer {
            "gm" => Some(gm.as_str()),
            "public" => None,
            _ => Some(seat0.as_str()),
        };
        let (status, text) = request(
            server,
            "GET",
            &format!("/api/games/{id}/reports/{turn}"),
            token,
            None,
        );
        assert_eq!(status, 200, "{text}");
        text
    });
    (id, reports)
}

#[test]
fn the_desk_and_the_server_give_the_same_reports_and_an_export_replays_them() {
    let dir = temp("desk-and-server");
    let data = dir.join("data");
    let database = format!("sqlite://{}/postrider.db?mode=rwc", data.display());
    std::fs::create_dir_all(&data).unwrap();
    let server = start(&database, None);
    for g in &GAMES {
        let file = dir.join(format!("{}.json", g.game));
        let desk = on_the_desk(g, file.to_str().unwrap());
        let (id, served) = on_the_server(g, &server);
        assert_eq!(desk.len(), served.len());
        for ((key, on_desk), (_, on_server)) in desk.iter().zip(&served) {
            assert_eq!(
                on_desk, on_server,
                "{}: {key}, desk and server differ",
                g.game
            );
        }
        // The server's game, exported, gives the command line what the server published.
        let exported = ok(&["export", "--database", &database, "--game", &id.to_string()]);
        let copy = dir.join(format!("{}-exported.json", g.game));
        std::fs::write(&copy, exported).unwrap();
        let copy = copy.to_str().unwrap();
        assert!(ok(&["replay", copy]).contains("the replay matches"));
        for (key, on_server) in &served {
            let (viewer, turn) = key.split_once(' ').unwrap();
            let mut args = vec!["report", copy, "--turn", turn];
            match viewer {
                "gm" => {}
                "public" => args.push("--public"),
                seat => args.extend(["--team", seat]),
            }
            assert_eq!(
                &ok(&args),
                on_server,
                "{}: {key}, export and server differ",
                g.game
            );
        }
    }
    drop(server);
}
