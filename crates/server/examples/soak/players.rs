//! The soak's clients: each plays games one after another as a GM and four seats, reads pages
//! between orders, logs in again now and then, and counts what it did.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use axum::http::{Method, StatusCode};
use game_api::Seat;
use gm::{Event, Record, Setup};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use crate::client::{Http, call, send};
use crate::{PASSWORD, SEATS};

async fn get_json(http: &Http, base: &str, path: &str, token: Option<&str>) -> (StatusCode, Value) {
    let (status, bytes) = send(http, base, Method::GET, path, token, None, None).await;
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// A number in `0..n` (0 when `n` is 0), from the client's seeded stream.
fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    rng.random_range(0..n.max(1))
}

/// What the clients did, counted.
#[derive(Debug, Default)]
pub struct Tally {
    pub requests: AtomicU64,
    pub orders: AtomicU64,
    pub refused: AtomicU64,
    pub turns: AtomicU64,
    pub games_started: AtomicU64,
    pub games_finished: AtomicU64,
    pub abandoned: AtomicU64,
    pub logins: AtomicU64,
}

fn add(counter: &AtomicU64) {
    counter.fetch_add(1, Ordering::Relaxed);
}

pub struct Player {
    pub name: String,
    pub token: String,
}

pub async fn login(http: &Http, base: &str, name: &str) -> String {
    let body = json!({"name": name, "password": PASSWORD});
    let (status, answer) = call(http, base, Method::POST, "/api/login", None, body).await;
    assert_eq!(status, StatusCode::OK, "login {name}: {answer}");
    answer["token"].as_str().unwrap().to_string()
}

async fn register(http: &Http, base: &str, name: &str) -> Player {
    let body = json!({"name": name, "password": PASSWORD});
    call(http, base, Method::POST, "/api/players", None, body).await;
    Player {
        name: name.to_string(),
        token: login(http, base, name).await,
    }
}

/// Reads a few pages as players and visitors do.
async fn browse(
    http: &Http,
    base: &str,
    me: &Player,
    game: i64,
    held: i64,
    rng: &mut ChaCha8Rng,
    tally: &Tally,
) {
    let other = 1 + below(rng, held as u64) as i64;
    let paths = [
        "/".to_string(),
        format!("/games/{game}"),
        format!("/games/{other}"),
        format!("/api/games/{other}"),
        format!("/games/{other}/history"),
        "/api/games".to_string(),
    ];
    for k in 0..2 {
        let path = &paths[(below(rng, paths.len() as u64) as usize + k) % paths.len()];
        let token = (k == 1).then_some(me.token.as_str());
        let (status, _) = send(http, base, Method::GET, path, token, None, None).await;
        add(&tally.requests);
        if !status.is_success() {
            eprintln!("GET {path}: {status}");
        }
    }
}

/// One client: games one after another until `stop`.
pub async fn client(
    c: usize,
    http: Http,
    base: String,
    held: i64,
    stop: Arc<AtomicBool>,
    tally: Arc<Tally>,
) {
    let gm = Player {
        name: "gm".into(),
        token: login(&http, &base, "gm").await,
    };
    let mut players = Vec::new();
    for k in 0..SEATS.len() {
        players.push(register(&http, &base, &format!("c{c}p{k}")).await);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(c as u64);
    let pause = Duration::from_millis(250);
    let mut g = 0u64;
    'games: while !stop.load(Ordering::Relaxed) {
        g += 1;
        let seed = (c as u64) << 32 | g;
        let new = json!({
            "title": format!("Soak {c}.{g}"), "game": "breaking-away",
            "seats": SEATS, "seed": seed,
            "deadline": {"every": "interval", "seconds": 60},
        });
        let (status, created) = call(
            &http,
            &base,
            Method::POST,
            "/api/games",
            Some(&gm.token),
            new,
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        add(&tally.games_started);
        let id = created["id"].as_i64().unwrap();
        for (k, invite) in created["invites"].as_array().unwrap().iter().enumerate() {
            let path = format!("/api/games/{id}/join");
            let body = json!({"invite": invite["invite"]});
            let (status, answer) = call(
                &http,
                &base,
                Method::POST,
                &path,
                Some(&players[k].token),
                body,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{answer}");
        }
        let mut mirror = Record::new(&Setup::new("breaking-away", &SEATS, seed)).unwrap();
        while !mirror.is_over() {
            if stop.load(Ordering::Relaxed) {
                break 'games;
            }
            let turn = mirror.turn();
            // One turn in eight, the last seat stays silent: the deadline falls.
            let silent = below(&mut rng, 8) == 0;
            for (k, player) in players.iter().enumerate() {
                if silent && k == SEATS.len() - 1 {
                    continue;
                }
                let events = mirror.bot_events(Seat(k as u8), "random").unwrap();
                let mut body = json!({"turn": turn});
                for e in &events {
                    match e {
                        Event::Lineup { text, .. } => body["lineup"] = text.clone().into(),
                        Event::Orders { text, .. } => body["orders"] = text.clone().into(),
                        _ => {}
                    }
                }
                if events.is_empty() {
                    continue;
                }
                let path = format!("/api/games/{id}/orders");
                let (status, answer) =
                    call(&http, &base, Method::POST, &path, Some(&player.token), body).await;
                add(&tally.requests);
                if status != StatusCode::OK {
                    add(&tally.refused);
                    eprintln!("client {c}: game {id} turn {turn}: {status} {answer}");
                    add(&tally.abandoned);
                    continue 'games;
                }
                add(&tally.orders);
                for e in events {
                    mirror.apply(&e).unwrap();
                }
                browse(&http, &base, player, id, held, &mut rng, &tally).await;
                tokio::time::sleep(pause).await;
            }
            // Wait for the turn: at once when every seat sealed, at the deadline otherwise.
            loop {
                if stop.load(Ordering::Relaxed) {
                    break 'games;
                }
                let (status, game) = get_json(
                    &http,
                    &base,
                    &format!("/api/games/{id}"),
                    Some(&players[0].token),
                )
                .await;
                add(&tally.requests);
                assert_eq!(status, StatusCode::OK, "{game}");
                if game["turn"].as_u64() != Some(u64::from(turn)) || game["over"] == true {
                    break;
                }
                let me = &players[below(&mut rng, players.len() as u64) as usize];
                browse(&http, &base, me, id, held, &mut rng, &tally).await;
                tokio::time::sleep(4 * pause).await;
            }
            mirror.apply(&Event::resolved(turn)).unwrap();
            add(&tally.turns);
            // Now and then a player logs in again, and someone guesses a password.
            if below(&mut rng, 10) == 0 {
                let k = below(&mut rng, players.len() as u64) as usize;
                players[k].token = login(&http, &base, &players[k].name.clone()).await;
                add(&tally.logins);
                let address = format!(
                    "10.{}.{}.{}",
                    below(&mut rng, 256),
                    below(&mut rng, 256),
                    below(&mut rng, 256)
                );
                let body =
                    json!({"name": format!("nobody{}", rng.random::<u32>()), "password": "wrong"});
                let (status, _) = send(
                    &http,
                    &base,
                    Method::POST,
                    "/api/login",
                    None,
                    Some(&address),
                    Some(body),
                )
                .await;
                add(&tally.requests);
                assert!(status.is_client_error(), "{status}");
            }
        }
        add(&tally.games_finished);
    }
}
