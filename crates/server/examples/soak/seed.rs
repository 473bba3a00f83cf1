//! Phase 1, seeding: long Breaking Away races played to their end by random bots, imported
//! over or cut two thirds through, and small new races for the list's cost.

use std::sync::Arc;
use std::time::{Duration, Instant};

use game_api::Seat;
use gm::{Event, GameFile, Setup};
use server::{AppState, Config, Db, PasswordCost, SystemClock};

use crate::{PASSWORD, SEATS};

/// A race played to its end by random bots, each seat sealing its orders three times a turn.
fn long_race(seed: u64) -> GameFile {
    let setup = Setup::new("breaking-away", &SEATS, seed);
    let mut file = GameFile::new(setup, Some(0), Some("gm:gm".into())).unwrap();
    while !file.record().is_over() {
        for s in 0..SEATS.len() as u8 {
            let events = file.record().bot_events(Seat(s), "random").unwrap();
            if events.is_empty() {
                continue;
            }
            for _ in 0..3 {
                file.push(events.clone(), Some(0), "player").unwrap();
            }
        }
        let turn = file.record().turn();
        file.push(vec![Event::resolved(turn)], Some(0), "server")
            .unwrap();
    }
    file
}

/// The same race cut after the resolution that ends two thirds of its log.
fn cut(file: &GameFile) -> GameFile {
    let log = file.log();
    let end = log
        .iter()
        .enumerate()
        .filter(|(k, e)| matches!(e.event, Event::Resolved { .. }) && *k <= log.len() * 2 / 3)
        .map(|(k, _)| k + 1)
        .next_back()
        .unwrap_or(1);
    GameFile::from_log(log[..end].to_vec()).unwrap()
}

/// The state the seeding and the list's timing use (not the soak's server).
pub fn state(db: Db) -> AppState {
    let config = Config {
        password_cost: PasswordCost::Cheap,
        tick: Duration::from_secs(3600),
        ..Config::default()
    };
    AppState::new(db, Arc::new(SystemClock), config)
}

async fn gm_account(state: &AppState) -> i64 {
    let credentials = server::actions::Credentials {
        name: "gm".into(),
        password: PASSWORD.into(),
    };
    // Already there when the database is reused.
    let _ = server::actions::register(state, &credentials).await;
    server::games::player_id(state, "gm").await.unwrap()
}

/// Puts `games` long races on the database: even ones over, odd ones two thirds through with
/// their deadlines spread over `held_deadline` seconds.
pub async fn seed_long(db: &Db, games: usize, held_deadline: i64) -> (usize, usize) {
    let state = state(db.clone());
    let gm = gm_account(&state).await;
    let whole = long_race(1);
    let part = cut(&whole);
    let rule = gm::DeadlineRule::Interval {
        seconds: held_deadline,
    };
    let started = Instant::now();
    for g in 0..games {
        let file = if g % 2 == 0 { &whole } else { &part };
        server::games::import(&state, file, &format!("Held {g}"), gm, &rule)
            .await
            .unwrap();
    }
    println!(
        "seeded {games} long races in {:.1} s: over ones of {} events ({} turns), running ones of {} events ({} turns)",
        started.elapsed().as_secs_f64(),
        whole.log().len(),
        whole.record().resolved(),
        part.log().len(),
        part.record().resolved(),
    );
    (whole.log().len(), part.log().len())
}

/// Puts `games` new races (no turn played) on the database.
pub async fn seed_small(db: &Db, games: usize) {
    let state = state(db.clone());
    let gm = gm_account(&state).await;
    let rule = gm::DeadlineRule::Interval { seconds: 86_400 };
    for g in 0..games {
        let setup = Setup::new("breaking-away", &SEATS, g as u64);
        server::games::create(&state, &format!("Small {g}"), gm, setup, &rule)
            .await
            .unwrap();
    }
}

pub async fn count_held(db: &Db) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE title LIKE 'Held %'")
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

/// The running held games' deadlines, spread over the coming `held_deadline` seconds (from a
/// minute on), as if their GMs had started them at different times.
pub async fn spread_deadlines(db: &Db, held_deadline: i64) {
    let now = server::Clock::now(&SystemClock);
    sqlx::query(
        "UPDATE games SET next_deadline = $1 + (id * 7919) % $2 WHERE over = 0 AND title LIKE 'Held %'",
    )
    .bind(now + 60)
    .bind(held_deadline)
    .execute(&db.pool)
    .await
    .unwrap();
}
