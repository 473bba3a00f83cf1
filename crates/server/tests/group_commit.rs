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

/// Another server process on the same database, which has seen nothing yet.
async fn other_process(s: &TestServer) -> AppState {
    let db = Db::open(&s.url).await.unwrap();
    AppState::new(
        db,
        std::sync::Arc::new(s.clock.clone()),
        Config {
            password_cost: PasswordCost::Cheap,
            ..Config::default()
        },
    )
}

/// The game as a process that has never seen it reads it: from its events alone.
async fn cold_turn(s: &TestServer, id: i64) -> (u16, i64) {
    let table = games::load(&other_process(s).await, id).await.unwrap();
    (table.record.turn(), table.row.version)
}

on_both!(
    changes_waiting_together_share_a_transaction_and_a_stale_one_spoils_only_itself,
    |s: TestServer| async move {
        let gm = gm_id(&s).await;
        // Three games of one committer (a game's changes go to committer id mod committers).
        let committers = server::commit::Committer::committers(&s.state.db) as i64;
        let mut ids = Vec::new();
        for seed in 1.. {
            let id = silent_race(&s, gm, seed).await;
            if ids.is_empty() || id.rem_euclid(committers) == ids[0] % committers {
                ids.push(id);
            }
            if ids.len() == 3 {
                break;
            }
        }
        let (a, b, c) = (ids[0], ids[1], ids[2]);
        let mut tables = games::load_many(&s.state, &[a, b, c]).await.unwrap();
        let (tc, tb, ta) = (
            tables.pop().unwrap(),
            tables.pop().unwrap(),
            tables.pop().unwrap(),
        );
        // B moves on after it was read: its change below is made against a stale version.
        assert!(games::process(&s.state, b, true).await.unwrap());
        let (ga, gb, gc) = (
            games::lock(&s.state, a).await,
            games::lock(&s.state, b).await,
            games::lock(&s.state, c).await,
        );
        let before = s.state.committer.transactions();
        let (ra, rb, rc) = tokio::join!(
            games::process_locked(&s.state, ga, ta, true, "server"),
            games::process_locked(&s.state, gb, tb, true, "server"),
            games::process_locked(&s.state, gc, tc, true, "server"),
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

/// Holds back every commit to game `id` until rolled back: on SQLite by holding the pool's
/// one connection, on PostgreSQL by locking the game's row.
async fn hold_commits(s: &TestServer, id: i64) -> sqlx::Transaction<'static, sqlx::Any> {
    let mut tx = s.state.db.pool.begin().await.unwrap();
    if s.state.db.backend == Backend::Postgres {
        sqlx::query("SELECT id FROM games WHERE id = $1 FOR UPDATE")
            .bind(id)
            .fetch_all(&mut *tx)
            .await
            .unwrap();
    }
    tx
}

async fn committed_version(tx: &mut sqlx::Transaction<'static, sqlx::Any>, id: i64) -> i64 {
    sqlx::query_scalar("SELECT version FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&mut **tx)
        .await
        .unwrap()
}

/// Resolves the coming turn of the game read as `table` through `guard`, as the deadline
/// worker would, in a task of its own.
fn resolve(
    s: &TestServer,
    guard: games::GameGuard,
    table: games::Table,
) -> tokio::task::JoinHandle<bool> {
    let state = s.state.clone();
    tokio::spawn(async move {
        games::process_locked(&state, guard, table, true, "server")
            .await
            .unwrap()
    })
}

on_both!(
    a_game_s_next_change_is_made_while_its_last_waits_for_its_commit,
    |s: TestServer| async move {
        let gm = gm_id(&s).await;
        let id = silent_race(&s, gm, 11).await;
        let mut first = games::lock(&s.state, id).await;
        let table = first.load(&s.state).await.unwrap();
        let (v0, t0) = (table.row.version, table.record.turn());
        let mut held = hold_commits(&s, id).await;
        let a = resolve(&s, first, table);
        // The lock comes free once A's turn is handed to the committer, before it commits:
        // the next change is made on the game as A leaves it.
        let mut second = games::lock(&s.state, id).await;
        let on_a = second.load(&s.state).await.unwrap();
        let v1 = on_a.row.version;
        assert!(v1 > v0);
        assert_eq!(
            on_a.record.turn(),
            t0 + 1,
            "made on top of the waiting turn"
        );
        let b = resolve(&s, second, on_a);
        let mut third = games::lock(&s.state, id).await;
        let on_b = third.load(&s.state).await.unwrap();
        assert!(on_b.row.version > v1);
        assert_eq!(on_b.record.turn(), t0 + 2);
        drop(third);
        assert_eq!(
            committed_version(&mut held, id).await,
            v0,
            "neither turn is committed while commits are held back"
        );
        held.rollback().await.unwrap();
        assert!(a.await.unwrap(), "A's turn resolved");
        assert!(b.await.unwrap(), "B's turn resolved on top of it");
        let warm = games::load(&s.state, id).await.unwrap();
        assert_eq!(
            (warm.record.turn(), warm.row.version),
            (t0 + 2, on_b.row.version)
        );
        assert_eq!(cold_turn(&s, id).await, (t0 + 2, on_b.row.version));
        let log = games::events(&s.state, id).await.unwrap();
        assert_eq!(log.len() as i64, warm.row.version, "every event once");
    }
);

on_both!(
    a_change_made_on_a_refused_change_is_refused_with_it,
    |s: TestServer| async move {
        let gm = gm_id(&s).await;
        let id = silent_race(&s, gm, 12).await;
        let mut first = games::lock(&s.state, id).await;
        let stale = first.load(&s.state).await.unwrap();
        let t0 = stale.record.turn();
        // Another server process resolves the turn after this one read the game.
        assert!(
            games::process(&other_process(&s).await, id, true)
                .await
                .unwrap()
        );
        let mut held = hold_commits(&s, id).await;
        let moved = committed_version(&mut held, id).await;
        let a = resolve(&s, first, stale);
        let mut second = games::lock(&s.state, id).await;
        let on_a = second.load(&s.state).await.unwrap();
        assert_eq!(
            on_a.row.version, moved,
            "A leaves the game at the version the other process wrote"
        );
        let b = resolve(&s, second, on_a);
        held.rollback().await.unwrap();
        assert!(!a.await.unwrap(), "A, made on a stale game, is refused");
        assert!(
            !b.await.unwrap(),
            "B, made on A, is refused with it, though its version matches the database's"
        );
        let now = games::load(&s.state, id).await.unwrap();
        assert_eq!(
            (now.record.turn(), now.row.version),
            (t0 + 1, moved),
            "the game is as the other process left it"
        );
        assert_eq!(
            games::events(&s.state, id).await.unwrap().len() as i64,
            moved
        );
    }
);
