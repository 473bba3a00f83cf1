//! What goes wrong on the way out: a worker killed between claim and send (the lease runs
//! out, the mail goes once), the relay down then up, two servers on one database, a permanent
//! refusal given up.

use super::{game_with_addresses, header, relay, settings, sink_on};

use crate::common::{Backend, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::outbox::{self, Drained, LEASE, backoff, claim, drain_once};

on_both!(
    a_worker_killed_after_its_claim,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (id, _, seats) = game_with_addresses(&s, &sink).await;
        let before = sink.mails.lock().unwrap().len();
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/orders"),
                Some(&seats[1]),
                Some(json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "a5 b9 c6 d7"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let now = s.clock_now();
        // A worker claims the echo and dies before sending it.
        assert_eq!(claim(&s.state, "dead", now).await.unwrap().len(), 1);
        // Another worker leaves it alone while the lease holds ...
        let live = relay(sink.port);
        assert_eq!(
            drain_once(&s.state, &live, "live", now + LEASE - 1)
                .await
                .unwrap()
                .sent,
            0
        );
        // ... and sends it once the lease has run out: once.
        assert_eq!(
            drain_once(&s.state, &live, "live", now + LEASE + 1)
                .await
                .unwrap()
                .sent,
            1
        );
        assert_eq!(
            drain_once(&s.state, &live, "live", now + 2 * LEASE + 2)
                .await
                .unwrap()
                .sent,
            0
        );
        assert_eq!(sink.mails.lock().unwrap().len(), before + 1);
        // The dead worker's late send would find its lease gone: nothing more is sent.
        let late = outbox::send_claimed(&s.state, &live, "dead", &[3], now + 3 * LEASE)
            .await
            .unwrap();
        assert_eq!(late.sent, 0);
        assert_eq!(sink.mails.lock().unwrap().len(), before + 1);
    }
);

on_both!(the_relay_down_then_up, |s: TestServer| async move {
    let mut s = s;
    s.state = s.state.clone().with_mail(settings());
    // A port with nothing listening: the relay is down.
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let (_, _, seats) = s.seated_game(race(&["red", "blue"])).await;
    let (status, _) = s.give_email(&seats[0], "red@example.net").await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let now = s.clock_now();
    let down = drain_once(&s.state, &relay(port), "w", now).await.unwrap();
    assert_eq!(
        down,
        Drained {
            sent: 0,
            retried: 1,
            given_up: 0
        }
    );
    let error: Option<String> = sqlx::query_scalar("SELECT last_error FROM outbox")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert!(error.is_some());
    // Not due again before the back-off.
    let sink = sink_on(port).await;
    assert_eq!(
        drain_once(&s.state, &relay(port), "w", now + backoff(1) - 1)
            .await
            .unwrap()
            .sent,
        0
    );
    // The relay is up, the back-off has passed: sent, once.
    assert_eq!(
        drain_once(&s.state, &relay(port), "w", now + backoff(1))
            .await
            .unwrap()
            .sent,
        1
    );
    assert_eq!(sink.mails.lock().unwrap().len(), 1);
    let attempts: i64 = sqlx::query_scalar("SELECT attempts FROM outbox")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert_eq!(attempts, 2);
});

on_both!(
    two_servers_on_one_database_send_each_mail_once,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let other = TestServer::on(&s.url, None, s.clock.clone()).await;
        let other_state = other.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (_, _, seats) = s
            .seated_game(race(&["red", "blue", "green", "white"]))
            .await;
        for (k, token) in seats.iter().enumerate() {
            let (status, _) = s
                .call(
                    "POST",
                    "/api/account/email",
                    Some(token),
                    Some(json!({"email": format!("p{k}@example.net")})),
                )
                .await;
            assert_eq!(status, StatusCode::ACCEPTED);
        }
        let now = s.clock_now();
        let (one, two) = (relay(sink.port), relay(sink.port));
        let (a, b) = tokio::join!(
            drain_once(&s.state, &one, "one", now),
            drain_once(&other_state, &two, "two", now),
        );
        assert_eq!(a.unwrap().sent + b.unwrap().sent, 4);
        let mails = sink.mails.lock().unwrap().clone();
        let mut ids: Vec<String> = mails
            .iter()
            .map(|m| header(m, "Message-ID").unwrap())
            .collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 4, "each mail once");
    }
);

on_both!(
    a_permanent_refusal_is_given_up,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (_, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        let (status, _) = s.give_email(&seats[0], "bounce@example.net").await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let now = s.clock_now();
        let drained = drain_once(&s.state, &relay(sink.port), "w", now)
            .await
            .unwrap();
        assert_eq!(
            drained,
            Drained {
                sent: 0,
                retried: 0,
                given_up: 1
            }
        );
        assert_eq!(
            drain_once(&s.state, &relay(sink.port), "w", now + 86_400)
                .await
                .unwrap(),
            Drained::default()
        );
        assert!(sink.mails.lock().unwrap().is_empty());
    }
);
