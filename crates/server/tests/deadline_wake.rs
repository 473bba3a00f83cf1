//! The deadline worker sleeps a tick, or less when a game's deadline falls sooner: a turn is
//! played as its deadline's second begins, not up to a tick later.

use std::time::Duration;

use crate::common::*;

async fn set(s: &TestServer, id: i64, deadline: i64, paused: i64) {
    sqlx::query("UPDATE games SET next_deadline = $1, paused = $2 WHERE id = $3")
        .bind(deadline)
        .bind(paused)
        .bind(id)
        .execute(&s.state.db.pool)
        .await
        .unwrap();
}

on_both!(
    the_worker_wakes_at_the_next_deadline,
    |s: TestServer| async move {
        let tick = s.state.config.tick;
        assert!(
            tick > Duration::from_secs(4),
            "a tick longer than the test's deadline"
        );
        assert_eq!(
            server::nap(&s.state, s.clock_now()).await,
            tick,
            "no game: a tick"
        );
        let (id, _, _) = s.seated_game(race(&["red", "blue", "green"])).await;
        let now = s.clock_now();
        set(&s, id, now + 4, 0).await;
        assert_eq!(
            server::nap(&s.state, s.clock_now()).await,
            Duration::from_secs(4)
        );
        set(&s, id, now + 3600, 0).await;
        assert_eq!(
            server::nap(&s.state, s.clock_now()).await,
            tick,
            "a deadline beyond the tick"
        );
        // A game past its deadline that a pass could not play (a broken one) is not waited
        // for again and again: the worker naps a tick.
        set(&s, id, now - 5, 0).await;
        assert_eq!(server::nap(&s.state, s.clock_now()).await, tick);
        // A deadline that fell while a pass ran (after the pass began, before it ended): the
        // next pass starts at once; one that fell before the pass began was the pass's own.
        set(&s, id, now + 2, 0).await;
        s.clock.advance(3);
        assert_eq!(server::nap(&s.state, now).await, Duration::ZERO);
        assert_eq!(server::nap(&s.state, now + 2).await, tick);
        let now = s.clock_now();
        set(&s, id, now + 4, 1).await;
        assert_eq!(
            server::nap(&s.state, s.clock_now()).await,
            tick,
            "a paused game has no deadline"
        );
    }
);
