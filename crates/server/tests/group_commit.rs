//! Group commit (issue 16): changes that wait at the same moment are written in one
//! transaction, a change whose game moved on is refused without spoiling the others, and what
//! is committed is what a cold process replays.

mod common;

use common::*;
use server::{AppState, Config, Db, PasswordCost, games};

/// A race of four silent seats whose clock has not started (nobody holds a seat).
async fn silent_race(s: &TestServer, gm: i64, seed: u64) -> i64 {
    let setup = gm::Setup::new("breaking-away", &["Red", "Blue", "Green", "Black"], seed);
    let rule = gm::DeadlineRule::Interval { seconds: 3600 };
    games::create(&s.state, &format!("Silent {seed}"), gm, setup, &rule)
        .await
        .unwrap()
}

async fn gm_id(s: &TestServer) -> i64 {
    s.player("gm").await;
    games::player_id(&s.state, "gm").await.unwrap()
}

/// The game as a process that has never seen it reads it: from its events alone.
async fn cold_turn(s: &TestServer, id: i64) -> (u16, i64) {
    let db = Db::open(&s.url).await.unwrap();
    let cold = AppState::new(
        db,
        std::sync::Arc::new(s.clock.clone()),
        Config {
            password_cost: PasswordCost::Cheap,
            ..Config::default()
        },
    );
    let table = games::load(&cold, id).await.unwrap();
    (table.record.turn(), table.row.version)
}

on_both!(
    changes_waiting_together_share_a_transaction_and_a_stale_one_spoils_only_itself,
    |s: TestServer| async move {
        let gm = gm_id(&s).await;
        let (a, b, c) = (
            silent_race(&s, gm, 1).await,
            silent_race(&s, gm, 2).await,
            silent_race(&s, gm, 3).await,
        );
        let mut tables = games::load_many(&s.state, &[a, b, c]).await.unwrap();
        let (tc, tb, ta) = (
            tables.pop().unwrap(),
            tables.pop().unwrap(),
            tables.pop().unwrap(),
        );
        // B moves on after it was read: its change below is made against a stale version.
        assert!(games::process(&s.state, b, true).await.unwrap());
        let before = s.state.committer.transactions();
        let (ra, rb, rc) = tokio::join!(
            games::process_locked(&s.state, ta, true, "server"),
            games::process_locked(&s.state, tb, true, "server"),
            games::process_locked(&s.state, tc, true, "server"),
        );
        assert!(ra.unwrap(), "A's turn resolved");
        assert!(!rb.unwrap(), "B's stale change refused, not applied twice");
        assert!(rc.unwrap(), "C's turn resolved");
        assert_eq!(
            s.state.committer.transactions() - before,
            1,
            "the three changes waited together and were written in one transaction"
        );
        for (id, turns) in [(a, 1), (b, 1), (c, 1)] {
            let warm = games::load(&s.state, id).await.unwrap();
            assert_eq!(warm.record.turn(), turns + 1, "game {id}");
            let log = games::events(&s.state, id).await.unwrap();
            assert_eq!(log.len() as i64, warm.row.version, "game {id}");
            let resolved = log
                .iter()
                .filter(|(_, _, _, e)| matches!(e, gm::Event::Resolved { .. }))
                .count();
            assert_eq!(resolved, turns as usize, "game {id}: one resolution");
            assert_eq!(
                cold_turn(&s, id).await,
                (warm.record.turn(), warm.row.version),
                "game {id}: a cold process replays what was committed"
            );
        }
    }
);

on_both!(
    a_deadline_storm_is_written_in_a_few_transactions,
    |s: TestServer| async move {
        let gm = gm_id(&s).await;
        let mut ids = Vec::new();
        for seed in 0..300 {
            ids.push(silent_race(&s, gm, seed).await);
        }
        // Every seat silent, as if the GM had started each game at once.
        sqlx::query("UPDATE games SET next_deadline = $1")
            .bind(s.clock_now() + 3600)
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        s.clock.advance(3601);
        let before = s.state.committer.transactions();
        assert_eq!(games::process_due(&s.state).await.unwrap(), 300);
        let transactions = s.state.committer.transactions() - before;
        assert!(
            transactions <= 10,
            "300 turns in {transactions} transactions, not one each"
        );
        for id in [ids[0], ids[150], ids[299]] {
            let warm = games::load(&s.state, id).await.unwrap();
            assert_eq!(warm.record.turn(), 2, "game {id}");
            assert_eq!(cold_turn(&s, id).await, (2, warm.row.version), "game {id}");
        }
        // Nothing is due any more: a second pass resolves nothing.
        assert_eq!(games::process_due(&s.state).await.unwrap(), 0);
    }
);
