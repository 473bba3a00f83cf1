//! The deadline worker's own backups (issue 31, `serve --backup-dir`): made before a pass that
//! has a game due, at most once an hour, the newest `keep` kept; each a database `restore`
//! puts back. On SQLite and on PostgreSQL.

use crate::common::*;
use server::auto_backup::{AutoBackup, EVERY, before_deadlines};

const DAY: i64 = 86_400;

on_both!(
    a_backup_before_each_deadline_pass_the_newest_kept,
    |s: TestServer| async move {
        let dir = tempfile::tempdir().unwrap();
        let auto = AutoBackup {
            dir: dir.path().join("backups"),
            keep: 2,
        };
        let mut last = None;
        // A race whose clock has started (every seat taken): due a day on.
        let (id, _, _) = s.seated_game(race(&["red", "blue"])).await;
        assert_eq!(
            before_deadlines(&s.state, &s.state.backups, &auto, &mut last)
                .await
                .unwrap(),
            None,
            "nothing due: no backup"
        );
        let mut made = Vec::new();
        for _ in 0..3 {
            s.clock.advance(DAY);
            let file = before_deadlines(&s.state, &s.state.backups, &auto, &mut last)
                .await
                .unwrap()
                .expect("a game is due: a backup");
            // Within the hour, the next pass makes none.
            assert_eq!(
                before_deadlines(&s.state, &s.state.backups, &auto, &mut last)
                    .await
                    .unwrap(),
                None
            );
            assert_eq!(server::games::process_due(&s.state).await.unwrap(), 1);
            made.push(file);
            s.clock.advance(EVERY);
        }
        let mut kept: Vec<_> = std::fs::read_dir(&auto.dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        kept.sort();
        assert_eq!(kept, made[1..], "the newest two are kept");
        // The last copy is the game as it was before its third turn.
        let restored = dir.path().join("restored.db");
        let url = format!("sqlite://{}?mode=rwc", restored.display());
        server::backup::restore(&made[2], &url).await.unwrap();
        let db = server::Db::open(&url).await.unwrap();
        let turn: i64 = sqlx::query_scalar("SELECT turn FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(turn, 3, "two turns played before the third backup");
    }
);

/// The text of `GET /metrics` on `s`'s own metrics router.
async fn scrape(s: &TestServer) -> String {
    use tower::ServiceExt;
    server::metrics::install();
    let response = server::metrics_listen::router(s.state.clone())
        .oneshot(
            axum::http::Request::get("/metrics")
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let body = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();
    String::from_utf8(body.to_vec()).unwrap()
}

on_both!(
    a_failing_backup_shows_in_readyz_on_the_operator_page_and_in_the_metrics,
    |s: TestServer| async move {
        let dir = tempfile::tempdir().unwrap();
        // A file where the directory should be: every backup fails.
        let blocked = dir.path().join("not-a-directory");
        std::fs::write(&blocked, "").unwrap();
        let auto = AutoBackup {
            dir: blocked.clone(),
            keep: 2,
        };
        // Recording starts with the recorder (as with `serve --metrics-listen`).
        server::metrics::install();
        let mut s = s;
        s.state.config = std::sync::Arc::new(server::Config {
            auto_backup: Some(auto.clone()),
            ..(*s.state.config).clone()
        });
        let mut op = Browser::new(&s);
        op.register("op").await;
        let page = op.get("/operator").await;
        assert!(
            page.html
                .contains("Backups before the deadlines: none made yet"),
            "{}",
            page.html
        );
        s.seated_game(race(&["red", "blue"])).await;
        let mut last = None;
        for _ in 0..2 {
            s.clock.advance(DAY);
            let failed = before_deadlines(&s.state, &s.state.backups, &auto, &mut last).await;
            assert!(failed.is_err(), "{failed:?}");
            server::games::process_due(&s.state).await.unwrap();
        }
        // Still ready (the turns are played), and saying so.
        let (status, body) = s.call("GET", "/readyz", None, None).await;
        assert_eq!(status, axum::http::StatusCode::OK, "{body}");
        assert_eq!(body["backup_failures"], 2, "{body}");
        let error = body["backup_error"].as_str().unwrap();
        assert!(error.contains("not-a-directory"), "{error}");
        let page = op.get("/operator").await;
        assert!(
            page.html.contains(
                "Backups before the deadlines are failing: 2 in a row; the last: --backup-dir:"
            ),
            "{}",
            page.html
        );
        let metrics = scrape(&s).await;
        assert!(metrics.contains("postrider_backup_failures 2"), "{metrics}");
        assert!(
            metrics.contains(r#"postrider_backups_total{outcome="failed"}"#),
            "{metrics}"
        );

        // The directory mended: the next backup is made, and the failures are over.
        std::fs::remove_file(&blocked).unwrap();
        s.clock.advance(DAY);
        let made = before_deadlines(&s.state, &s.state.backups, &auto, &mut last)
            .await
            .unwrap();
        assert!(made.is_some());
        let (_, body) = s.call("GET", "/readyz", None, None).await;
        assert_eq!(body["backup_failures"], 0, "{body}");
        assert_eq!(body["backup_error"], serde_json::Value::Null, "{body}");
        let page = op.get("/operator").await;
        assert!(
            page.html
                .contains("Backups before the deadlines: the last made"),
            "{}",
            page.html
        );
        assert!(scrape(&s).await.contains("postrider_backup_failures 0"));
    }
);

on_both!(
    backups_are_the_owners_alone_and_never_follow_a_link,
    |s: TestServer| async move {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("backup.db");
        server::backup::backup(&s.state.db, &file).await.unwrap();
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
        // A link pointing nowhere is not followed to make its target.
        let link = dir.path().join("link.db");
        let target = dir.path().join("elsewhere.db");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let refused = server::backup::backup(&s.state.db, &link)
            .await
            .unwrap_err()
            .to_string();
        assert!(refused.contains("symbolic link"), "{refused}");
        assert!(!target.exists());
    }
);
