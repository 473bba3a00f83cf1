//! The operator's upkeep, on SQLite and on PostgreSQL: `/healthz` and `/readyz` (ready until a
//! game waits past its deadline longer than the worker allows), a backup taken while games run
//! and restored into a new database of either kind with every game reproduced, and the upgrade
//! check naming the first game and turn whose published report this binary does not give.

use crate::common::{Backend, START, TestServer, fresh_url, race};
use axum::http::StatusCode;
use serde_json::json;
use server::{AppState, Config, Db, ManualClock, games};

/// Plays `turns` turns of a three-team race with everyone's default orders (NMR), and a
/// second race to its end, so that the database holds a running and a finished game.
async fn games_to_keep(s: &TestServer, turns: u32) -> (i64, i64) {
    let (running, _, _) = s.seated_game(race(&["red", "blue", "green"])).await;
    let gm = s.player("gm2").await;
    let (status, created) = s
        .call(
            "POST",
            "/api/games",
            Some(&gm),
            Some(race(&["a", "b", "c"])),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let finished = created["id"].as_i64().unwrap();
    s.bot_seats(finished, &gm, 0..3, "random").await;
    for _ in 0..turns {
        s.clock.advance(86_400);
        games::process_due(&s.state).await.unwrap();
    }
    // The bots' race runs on by itself at each deadline until it is over.
    for _ in 0..200 {
        let (_, game) = s
            .call("GET", &format!("/api/games/{finished}"), None, None)
            .await;
        if game["over"] == json!(true) {
            break;
        }
        s.clock.advance(86_400);
        games::process_due(&s.state).await.unwrap();
    }
    (running, finished)
}

on_both!(alive_and_ready, |s: TestServer| async move {
    let (status, body) = s.call("GET", "/healthz", None, None).await;
    assert_eq!((status, &body), (StatusCode::OK, &json!({ "alive": true })));
    let (status, body) = s.call("GET", "/readyz", None, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["database"], "ok");
    s.seated_game(race(&["red", "blue"])).await;
    // A deadline passes and nobody processes it: within the allowance still ready, past it not.
    s.clock.advance(86_400 + 30);
    assert_eq!(s.call("GET", "/readyz", None, None).await.0, StatusCode::OK);
    s.clock.advance(3_600);
    let (status, body) = s.call("GET", "/readyz", None, None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["overdue_games"], 1);
    games::process_due(&s.state).await.unwrap();
    assert_eq!(s.call("GET", "/readyz", None, None).await.0, StatusCode::OK);
});

/// The public report of every game at every turn, as the API serves it.
async fn reports(s: &TestServer, ids: &[i64]) -> Vec<serde_json::Value> {
    let mut all = Vec::new();
    for id in ids {
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        all.push(game.clone());
        let (_, history) = s
            .call("GET", &format!("/api/games/{id}/history"), None, None)
            .await;
        all.push(history);
    }
    all
}

async fn backup_and_restore(s: TestServer, into: Backend) {
    let (running, finished) = games_to_keep(&s, 3).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.db");
    let copied = server::backup::backup(&s.state.db, &file).await.unwrap();
    assert!(copied.rows > 0 && copied.tables >= 7, "{copied:?}");
    // A backup never overwrites.
    let again = server::backup::backup(&s.state.db, &file)
        .await
        .unwrap_err();
    assert!(again.to_string().contains("already exists"), "{again}");
    // The copy reproduces every game.
    let copy = Db::open_as_is(&format!("sqlite://{}?mode=ro", file.display()))
        .await
        .unwrap();
    let state = AppState::new(
        copy,
        std::sync::Arc::new(ManualClock::at(START)),
        Config::default(),
    );
    let checked = server::check::check(&state).await.unwrap();
    assert_eq!(checked.games, 2);
    assert!(
        checked.turns > 3 && checked.reports == checked.turns,
        "{checked:?}"
    );
    // Restored into a new database: the same games, the same reports, and it goes on.
    let Some((url, _keep)) = fresh_url(into).await else {
        panic!("POSTRIDER_TEST_POSTGRES names a PostgreSQL server");
    };
    let restored = server::backup::restore(&file, &url).await.unwrap();
    assert_eq!(restored, copied);
    let again = TestServer::on(&url, None, s.clock.clone()).await;
    assert_eq!(
        reports(&again, &[running, finished]).await,
        reports(&s, &[running, finished]).await
    );
    assert_eq!(server::check::check(&again.state).await.unwrap(), checked);
    // A new game on the restored database takes the next id, and the old players log in.
    let (status, _) = again
        .call(
            "POST",
            "/api/login",
            None,
            Some(json!({ "name": "gm", "password": "correct horse battery" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let gm = again.player("gm3").await;
    let (status, created) = again
        .call("POST", "/api/games", Some(&gm), Some(race(&["x", "y"])))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert!(created["id"].as_i64().unwrap() > finished, "{created}");
    // A restore never mixes two servers' data.
    let refused = server::backup::restore(&file, &url).await.unwrap_err();
    assert!(refused.to_string().contains("already holds"), "{refused}");
}

on_both!(a_backup_restores_into_sqlite, |s: TestServer| async move {
    backup_and_restore(s, Backend::Sqlite).await
});

#[tokio::test]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn a_sqlite_backup_restores_into_postgres() {
    let s = TestServer::start(Backend::Sqlite).await.unwrap();
    backup_and_restore(s, Backend::Postgres).await
}

on_both!(
    the_check_finds_a_log_left_without_its_game,
    |s: TestServer| async move {
        games_to_keep(&s, 3).await;
        server::check::check(&s.state).await.unwrap();
        // Written behind the store's back: SQLite's foreign key is let go for it, PostgreSQL
        // has none (migration 0023).
        let mut conn = s.state.db.pool.acquire().await.unwrap();
        if s.state.db.backend == server::Backend::Sqlite {
            sqlx::query("PRAGMA foreign_keys = OFF")
                .execute(&mut *conn)
                .await
                .unwrap();
        }
        sqlx::query("INSERT INTO events (game_id, seq, at, actor, body) VALUES (987654, 1, 0, 'server', '{}')")
            .execute(&mut *conn)
            .await
            .unwrap();
        if s.state.db.backend == server::Backend::Sqlite {
            sqlx::query("PRAGMA foreign_keys = ON")
                .execute(&mut *conn)
                .await
                .unwrap();
        }
        drop(conn);
        let failure = server::check::check(&s.state)
            .await
            .unwrap_err()
            .to_string();
        assert_eq!(failure, "game 987654: its log is kept, the game is not");
    }
);

on_both!(
    the_check_names_the_first_turn_that_differs,
    |s: TestServer| async move {
        let (running, _) = games_to_keep(&s, 3).await;
        let checked = server::check::check(&s.state).await.unwrap();
        assert_eq!(checked.games, 2);
        // Turn 2's stored digest altered, as a release that wrote turn 2 differently would find it.
        let body: String = sqlx::query_scalar(
        "SELECT body FROM events WHERE game_id = $1 AND body LIKE '%\"resolved\"%' ORDER BY seq LIMIT 1 OFFSET 1",
    )
    .bind(running)
    .fetch_one(&s.state.db.pool)
    .await
    .unwrap();
        let digest = body.split("\"digest\":\"").nth(1).unwrap()[..64].to_string();
        let altered = body.replace(&digest, &"0".repeat(64));
        sqlx::query("UPDATE events SET body = $1 WHERE game_id = $2 AND body = $3")
            .bind(&altered)
            .bind(running)
            .bind(&body)
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        // A fresh process (nothing cached) reads the altered log.
        let fresh = TestServer::on(&s.url, None, s.clock.clone()).await;
        let failure = server::check::check(&fresh.state)
            .await
            .unwrap_err()
            .to_string();
        assert!(
            failure.starts_with(&format!("game {running}: turn 2")),
            "{failure}"
        );
    }
);

on_both!(
    a_failed_restore_leaves_nothing_behind,
    |s: TestServer| async move {
        games_to_keep(&s, 2).await;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("backup.db");
        server::backup::backup(&s.state.db, &file).await.unwrap();
        // A backup SQLite finds whole but whose rows cannot all go in: a log without its game
        // (the copy fails on its foreign key half-way through).
        {
            let mut conn = <sqlx::SqliteConnection as sqlx::Connection>::connect(&format!(
                "sqlite://{}",
                file.display()
            ))
            .await
            .unwrap();
            sqlx::query("PRAGMA foreign_keys = OFF")
                .execute(&mut conn)
                .await
                .unwrap();
            sqlx::query("INSERT INTO events (game_id, seq, at, actor, body) VALUES (987654, 1, 0, 'server', '{}')")
                .execute(&mut conn)
                .await
                .unwrap();
        }
        let target = tempfile::tempdir().unwrap();
        let url = format!(
            "sqlite://{}?mode=rwc",
            target.path().join("postrider.db").display()
        );
        let failed = server::backup::restore(&file, &url).await;
        assert!(failed.is_err(), "{failed:?}");
        let left: Vec<_> = std::fs::read_dir(target.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert!(left.is_empty(), "left behind: {left:?}");
    }
);

on_both!(
    a_truncated_backup_is_called_damaged,
    |s: TestServer| async move {
        games_to_keep(&s, 2).await;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("backup.db");
        server::backup::backup(&s.state.db, &file).await.unwrap();
        server::backup::Backup::open(&file).await.unwrap();
        let bytes = std::fs::read(&file).unwrap();
        let cut = dir.path().join("cut.db");
        std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
        let error = server::backup::Backup::open(&cut)
            .await
            .unwrap_err()
            .to_string();
        assert!(error.contains("damaged"), "{error}");
        assert!(!error.contains("release"), "{error}");
    }
);
