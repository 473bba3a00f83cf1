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
            before_deadlines(&s.state, &auto, &mut last).await.unwrap(),
            None,
            "nothing due: no backup"
        );
        let mut made = Vec::new();
        for _ in 0..3 {
            s.clock.advance(DAY);
            let file = before_deadlines(&s.state, &auto, &mut last)
                .await
                .unwrap()
                .expect("a game is due: a backup");
            // Within the hour, the next pass makes none.
            assert_eq!(
                before_deadlines(&s.state, &auto, &mut last).await.unwrap(),
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
