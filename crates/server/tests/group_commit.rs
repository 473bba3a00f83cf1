//! Group commit (issue 16): changes that wait at the same moment are written in one
//! transaction, a change whose game moved on is refused without spoiling the others, and what
//! is committed is what a cold process replays.

use crate::common::*;
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

/// Game `id`'s lock in `state`, and the game to change through it.
async fn read(state: &AppState, id: i64) -> (games::GameGuard, games::Table) {
    let mut guard = games::lock(state, id).await;
    let table = guard.load(state).await.unwrap();
    (guard, table)
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
    let table = games::load(&*other_process(s).await, id).await.unwrap();
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
        // How the turns fall into batches depends on the scheduler (a task yields now and
        // then); one each would be 300.
        assert!(
            transactions <= 30,
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

/// Makes every game of the test due now, as if the GM had started each at once.
async fn all_due(s: &TestServer) {
    sqlx::query("UPDATE games SET next_deadline = $1")
        .bind(s.clock_now() + 3600)
        .execute(&s.state.db.pool)
        .await
        .unwrap();
    s.clock.advance(3601);
}

/// How many turns of game `id` its log resolves.
async fn resolutions(s: &TestServer, id: i64) -> usize {
    games::events(&s.state, id)
        .await
        .unwrap()
        .iter()
        .filter(|(_, _, _, e)| matches!(e, gm::Event::Resolved { .. }))
        .count()
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn a_due_game_another_process_has_claimed_is_left_to_it_until_it_lets_go() {
    let s = TestServer::start(Backend::Postgres)
        .await
        .expect("POSTRIDER_TEST_POSTGRES names a PostgreSQL server");
    let gm = gm_id(&s).await;
    let mut ids = Vec::new();
    for seed in 0..20 {
        ids.push(silent_race(&s, gm, seed).await);
    }
    all_due(&s).await;
    // Another process is in the middle of its pass: it has claimed the even games (a
    // session's advisory lock on each id, as its `process_due` takes them).
    let claimed: Vec<i64> = ids.iter().copied().filter(|id| id % 2 == 0).collect();
    let other = other_process(&s).await;
    let mut session = other.db.pool.acquire().await.unwrap();
    for &id in &claimed {
        sqlx::query("SELECT pg_advisory_lock($1)")
            .bind(id)
            .execute(&mut *session)
            .await
            .unwrap();
    }
    assert_eq!(
        games::process_due(&s.state).await.unwrap(),
        ids.len() - claimed.len(),
        "only the unclaimed games are played"
    );
    for &id in &ids {
        let expected = usize::from(!claimed.contains(&id));
        assert_eq!(resolutions(&s, id).await, expected, "game {id}");
    }
    // The other process stops: its claims end with its session. They are let go before the
    // connection closes: PostgreSQL ends a closed session's backend in its own time, and a
    // pass run before that would still find the games claimed (the test was flaky so).
    sqlx::query("SELECT pg_advisory_unlock_all()")
        .execute(&mut *session)
        .await
        .unwrap();
    drop(session.detach());
    other.db.pool.close().await;
    assert_eq!(games::process_due(&s.state).await.unwrap(), claimed.len());
    for &id in &ids {
        assert_eq!(resolutions(&s, id).await, 1, "game {id}");
    }
    // This process's own claims were let go at the end of its passes.
    let held: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' \
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    )
    .fetch_one(&s.state.db.pool)
    .await
    .unwrap();
    assert_eq!(held, 0);
}

on_both!(
    two_processes_divide_a_deadline_storm_and_play_each_turn_once,
    |s: TestServer| async move {
        let gm = gm_id(&s).await;
        let mut ids = Vec::new();
        for seed in 0..300 {
            ids.push(silent_race(&s, gm, seed).await);
        }
        all_due(&s).await;
        let other = other_process(&s).await;
        let (here, there) = tokio::join!(games::process_due(&s.state), games::process_due(&other));
        let (here, there) = (here.unwrap(), there.unwrap());
        assert_eq!(here + there, 300, "{here} here and {there} there");
        for &id in &ids {
            assert_eq!(resolutions(&s, id).await, 1, "game {id}");
        }
        assert_eq!(games::process_due(&s.state).await.unwrap(), 0);
        assert_eq!(games::process_due(&other).await.unwrap(), 0);
    }
);

/// Holds back every commit until rolled back: on SQLite by holding the pool's one
/// connection, on PostgreSQL by locking the games' table against writes (reads go on). A row
/// lock would not do: an `UPDATE … WHERE version = …` that finds the row at another version
/// does not wait for the row's lock, and a stale change would be refused at once.
async fn hold_commits(s: &TestServer, _id: i64) -> sqlx::Transaction<'static, sqlx::Any> {
    let mut tx = s.state.db.pool.begin().await.unwrap();
    if s.state.db.backend == Backend::Postgres {
        sqlx::query("LOCK TABLE games IN SHARE MODE")
            .execute(&mut *tx)
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
        let (first, table) = read(&s.state, id).await;
        let (v0, t0) = (table.row.version, table.record.turn());
        let mut held = hold_commits(&s, id).await;
        let a = resolve(&s, first, table);
        // The lock comes free once A's turn is handed to the committer, before it commits:
        // the next change is made on the game as A leaves it.
        let (second, on_a) = read(&s.state, id).await;
        let v1 = on_a.row.version;
        assert!(v1 > v0);
        assert_eq!(
            on_a.record.turn(),
            t0 + 1,
            "made on top of the waiting turn"
        );
        let b = resolve(&s, second, on_a);
        let (third, on_b) = read(&s.state, id).await;
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
        let (first, stale) = read(&s.state, id).await;
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
        let (second, on_a) = read(&s.state, id).await;
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

/// A GM's pause of the game read as `table`, through `guard`: a change of one event.
async fn pause_on(state: &AppState, guard: games::GameGuard, table: &games::Table) -> bool {
    let change = games::Change {
        events: vec![gm::Event::Paused],
        paused: Some(true),
        ..Default::default()
    };
    games::append(state, guard, table.clone(), "gm:gm", change)
        .await
        .is_ok()
}

on_both!(
    a_change_made_on_one_refused_before_it_is_handed_over_is_refused_too,
    |s: TestServer| async move {
        let gm = gm_id(&s).await;
        let id = silent_race(&s, gm, 21).await;
        let (first, stale) = read(&s.state, id).await;
        // Another process writes one event (a pause) after this one read the game.
        let other = other_process(&s).await;
        let (guard, table) = read(&other, id).await;
        assert!(pause_on(&other, guard, &table).await);
        let held = hold_commits(&s, id).await;
        let a = resolve(&s, first, stale);
        let (second, on_a) = read(&s.state, id).await;
        held.rollback().await.unwrap();
        assert!(!a.await.unwrap(), "A, made on a stale game, is refused");
        // B was made on A while A waited, and is handed over once A is known refused; its
        // version matches the other process's row.
        let b = resolve(&s, second, on_a).await.unwrap();
        assert!(!b, "B, made on the refused A, is refused");
        let cold = games::load(&*other_process(&s).await, id).await;
        assert!(cold.is_ok(), "the log replays: {:?}", cold.err());
    }
);

on_both!(
    a_change_is_chained_only_to_the_change_it_was_made_on,
    |s: TestServer| async move {
        let gm = gm_id(&s).await;
        let x = silent_race(&s, gm, 22).await;
        let id = silent_race(&s, gm, 23).await;
        let (gx, table_x) = read(&s.state, x).await;
        let (first, stale) = read(&s.state, id).await;
        let fresh = stale.clone();
        let held = hold_commits(&s, id).await;
        // The committer takes X's change and waits; A, B and C then wait together.
        let xr = resolve(&s, gx, table_x);
        tokio::task::yield_now().await;
        let a = resolve(&s, first, stale);
        drop(games::lock(&s.state, id).await); // A is handed over
        // A's caller goes away (a client that hung up), and the lock table is swept.
        a.abort();
        let _ = a.await;
        for k in 0..1100 {
            drop(games::lock(&s.state, 1_000_000 + k).await);
        }
        // B is a pause made on the game as read before A (not on A).
        let second = games::lock(&s.state, id).await;
        let state = s.state.clone();
        let b = tokio::spawn(async move { pause_on(&state, second, &fresh).await });
        let (third, on_b) = read(&s.state, id).await;
        assert!(on_b.row.paused, "C is made on B");
        let c = resolve(&s, third, on_b);
        drop(games::lock(&s.state, id).await); // C is handed over
        held.rollback().await.unwrap();
        assert!(xr.await.unwrap());
        let (b, c) = (b.await.unwrap(), c.await.unwrap());
        assert!(!b, "B, made beside A rather than on it, is refused");
        assert!(!c, "C, made on the refused B, is not written on A");
        // B and C may be refused before A's batch commits (a batch refuses such changes before
        // it writes): a change handed over after them is committed after A.
        assert!(games::process(&s.state, x, true).await.unwrap());
        let warm = games::load(&s.state, id).await.unwrap();
        let cold = games::load(&*other_process(&s).await, id).await.unwrap();
        assert_eq!(
            (cold.record.turn(), cold.row.version),
            (warm.record.turn(), warm.row.version),
            "the log replays to the game this process holds"
        );
        assert_eq!(cold.record.turn(), fresh_turn_after_one(&s, gm).await);
    }
);

/// The coming turn of a silent race after one resolution.
async fn fresh_turn_after_one(s: &TestServer, gm: i64) -> u16 {
    let id = silent_race(s, gm, 99).await;
    assert!(games::process(&s.state, id, true).await.unwrap());
    games::load(&s.state, id).await.unwrap().record.turn()
}

on_both!(
    after_sixteen_changes_made_one_on_another_the_next_reads_the_database,
    |s: TestServer| async move {
        use futures_util::FutureExt;
        let gm = gm_id(&s).await;
        let id = silent_race(&s, gm, 31).await;
        let (mut guard, mut table) = read(&s.state, id).await;
        let held = hold_commits(&s, id).await;
        let mut turns = Vec::new();
        for _ in 0..16 {
            turns.push(resolve(&s, guard, table));
            guard = games::lock(&s.state, id).await;
            table = match guard.load(&s.state).now_or_never() {
                Some(table) => table.unwrap(),
                None => panic!("a chain shorter than sixteen is made on at once"),
            };
        }
        // The sixteenth change is made on the fifteenth; the seventeenth waits for them.
        turns.push(resolve(&s, guard, table));
        let mut last = games::lock(&s.state, id).await;
        assert!(
            last.load(&s.state).now_or_never().is_none(),
            "the seventeenth waits for the database"
        );
        held.rollback().await.unwrap();
        for turn in turns {
            assert!(turn.await.unwrap());
        }
        let table = last.load(&s.state).await.unwrap();
        let cold = games::load(&*other_process(&s).await, id).await.unwrap();
        assert_eq!(cold.row.version, table.row.version);
        assert_eq!(cold.record.turn(), table.record.turn());
    }
);

/// On PostgreSQL a batch of game rows and events is one statement, which inserts only the
/// events of the rows its `UPDATE` moved. A row that another process moves while the statement
/// waits for the row's lock is checked again and left, and none of that chain's events are
/// written. (The other process here moves the row without an event, so that the events'
/// primary key cannot be what keeps them out.)
#[tokio::test]
#[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
async fn a_row_moved_while_the_one_statement_waits_gets_none_of_its_events() {
    let s = TestServer::start(Backend::Postgres)
        .await
        .expect("POSTRIDER_TEST_POSTGRES names a PostgreSQL server");
    let gm = gm_id(&s).await;
    let id = silent_race(&s, gm, 21).await;
    let (guard, table) = read(&s.state, id).await;
    let logged = games::events(&s.state, id).await.unwrap().len();
    let other = other_process(&s).await;
    let mut moving = other.db.pool.begin().await.unwrap();
    sqlx::query("UPDATE games SET version = version + 1 WHERE id = $1")
        .bind(id)
        .execute(&mut *moving)
        .await
        .unwrap();
    let turn = resolve(&s, guard, table);
    // The turn's statement reaches the row and waits for the other process's lock on it.
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .fetch_one(&other.db.pool)
        .await
        .unwrap();
        if waiting > 0 {
            break;
        }
        tokio::task::yield_now().await;
    }
    moving.commit().await.unwrap();
    assert!(!turn.await.unwrap(), "the turn is refused: its row moved");
    assert_eq!(
        games::events(&s.state, id).await.unwrap().len(),
        logged,
        "none of the refused turn's events are written"
    );
}

on_both!(
    a_pass_plays_each_ready_game_once_whatever_their_deadlines,
    |s: TestServer| async move {
        // Every seat a bot's: a game is ready again as soon as it is played, and waits for the
        // next pass, whichever order the games' deadlines are in.
        let gm = gm_id(&s).await;
        let first = silent_race(&s, gm, 1).await;
        let second = silent_race(&s, gm, 2).await;
        let now = s.state.clock.now();
        for (id, deadline) in [(first, now + 7200), (second, now + 3600)] {
            sqlx::query("UPDATE games SET all_ready = 1, next_deadline = $1 WHERE id = $2")
                .bind(deadline)
                .bind(id)
                .execute(&s.state.db.pool)
                .await
                .unwrap();
        }
        sqlx::query("UPDATE seats SET bot = 'random'")
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(games::process_due(&s.state).await.unwrap(), 2, "each once");
        assert_eq!(
            games::process_due(&s.state).await.unwrap(),
            2,
            "the next pass"
        );
    }
);
