//! Two processes on one database: a turn resolved once, a logout or a turn on one seen by the
//! other's next read.

use crate::common::{Backend, TestServer, race};
use axum::http::StatusCode;
use server::games;

on_both!(
    two_processes_resolve_a_turn_once,
    |s: TestServer| async move {
        let (id, _gm, _seats) = s.seated_game(race(&["red", "blue", "green"])).await;
        // A second server on the same database, with its own pool.
        let other = TestServer::on(&s.url, None, s.clock.clone()).await;
        s.clock.advance(86400);
        let (a, b) = tokio::join!(
            games::process(&s.state, id, false),
            games::process(&other.state, id, false)
        );
        assert_eq!(
            [a.unwrap(), b.unwrap()]
                .iter()
                .filter(|&&done| done)
                .count(),
            1,
            "exactly one process resolves the turn"
        );
        let log = games::events(&s.state, id).await.unwrap();
        let resolutions = log
            .iter()
            .filter(|(_, _, _, e)| matches!(e, gm::Event::Resolved { .. }))
            .count();
        assert_eq!(resolutions, 1);
        let table = games::load(&other.state, id).await.unwrap();
        assert_eq!(table.record.turn(), 2);
    }
);

on_both!(
    a_logout_or_a_turn_on_one_process_is_seen_by_the_others_next_read,
    |s: TestServer| async move {
        let (id, _gm, seats) = s.seated_game(race(&["red", "blue", "green"])).await;
        let other = TestServer::on(&s.url, None, s.clock.clone()).await;
        let orders = format!("/api/games/{id}/orders");
        // The other process reads the session and the game (its readers, on PostgreSQL,
        // keep their connections while reads keep coming: what they read next is still read
        // after it was asked for).
        let (status, _) = other.call("GET", &orders, Some(&seats[0]), None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            games::load(&other.state, id).await.unwrap().record.turn(),
            1
        );
        let (status, body) = s.call("POST", "/api/logout", Some(&seats[0]), None).await;
        assert!(status.is_success(), "{status} {body}");
        s.clock.advance(86400);
        assert!(games::process(&s.state, id, false).await.unwrap());
        let (status, body) = other.call("GET", &orders, Some(&seats[0]), None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        assert_eq!(
            games::load(&other.state, id).await.unwrap().record.turn(),
            2
        );
        // The other seats' sessions are untouched.
        let (status, _) = other.call("GET", &orders, Some(&seats[1]), None).await;
        assert_eq!(status, StatusCode::OK);
    }
);
