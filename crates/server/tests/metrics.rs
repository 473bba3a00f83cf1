//! The metrics listener (`serve --metrics-listen`), scraped over HTTP after the things it
//! counts happened: requests by route pattern, a resolved turn, failed and throttled logins,
//! an inbound mail, and the gauges read from the database at the scrape. The tests of this
//! binary share the process's recorder: counters are checked for lower bounds, the gauges
//! (set and rendered under one lock, from the scraped server's own database) exactly.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A metrics listener for `s` on a free loopback port; returns its address.
async fn metrics_listener(s: &TestServer) -> std::net::SocketAddr {
    server::metrics::install();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(server::metrics_listen::serve(
        listener,
        s.state.clone(),
        std::future::pending(),
    ));
    address
}

/// One HTTP/1.1 request over a socket; the status and the body.
async fn http(address: std::net::SocketAddr, method: &str, path: &str) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let head = format!("{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response.split_once("\r\n\r\n").unwrap().1.to_string();
    (status, body)
}

/// The value of the series `name` whose labels include every one of `labels`, if exposed.
fn value(text: &str, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    text.lines().find_map(|line| {
        let (series, number) = line.rsplit_once(' ')?;
        let rest = series.strip_prefix(name)?;
        let matches = match rest {
            "" => labels.is_empty(),
            _ => {
                rest.starts_with('{')
                    && labels
                        .iter()
                        .all(|(k, v)| rest.contains(&format!("{k}=\"{v}\"")))
            }
        };
        matches.then(|| number.parse().unwrap())
    })
}

fn at_least(text: &str, name: &str, labels: &[(&str, &str)], least: f64) {
    let found = value(text, name, labels);
    assert!(
        found.is_some_and(|v| v >= least),
        "{name}{labels:?}: {found:?}, expected at least {least}\n{text}"
    );
}

on_both!(
    metrics_are_scraped_by_their_names,
    |s: TestServer| async move {
        let address = metrics_listener(&s).await;
        // A game whose deadline comes in half an hour, seated: it is due within the hour.
        let mut game = race(&["red", "blue"]);
        game["deadline"] = json!({ "every": "interval", "seconds": 1800 });
        let (id, gm, _) = s.seated_game(game).await;

        // Requests on a route with a parameter and on no route at all.
        let (status, _) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = s.call("GET", "/no/such/page/p-red", None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // A wrong password until the throttle refuses the name (its budget is ten failures).
        let wrong = json!({ "name": "p-red", "password": "not the password" });
        let mut throttled = false;
        for _ in 0..=server::throttle::ACCOUNT.budget {
            let (status, _) = s
                .call("POST", "/api/login", None, Some(wrong.clone()))
                .await;
            assert!(matches!(
                status,
                StatusCode::UNAUTHORIZED | StatusCode::TOO_MANY_REQUESTS
            ));
            throttled |= status == StatusCode::TOO_MANY_REQUESTS;
        }
        assert!(throttled, "the throttle refused the name");

        // The GM resolves turn 1 at once.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({ "action": "resolve" })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["turn"], 2);

        // A mail to an order address no seat has.
        let mail = b"From: a@example.net\r\nTo: orders+nosuchsecret@club.example\r\nSubject: hi\r\n\r\nA 6\r\n";
        let handled =
            server::mailbox::receive(&s.state, mail, Some("orders+nosuchsecret@club.example"))
                .await
                .unwrap();
        assert!(matches!(handled, server::mailbox::Handled::Dropped(_)));

        // Two webhook posts wait in the outbox (mail is off: mail rows are not the worker's),
        // the first for two minutes, the second for one.
        let mut post = server::store::OutMail {
            kind: "webhook".into(),
            to: "https://hooks.example/secret-path".into(),
            game_id: Some(id),
            seat: None,
            player_id: None,
            reply_secret: None,
            in_reply_to: None,
            subject: "Tour de Test".into(),
            body: "{}".into(),
            dedup_key: None,
            turn: None,
        };
        for body in ["{}", "{\"second\":true}"] {
            post.body = body.into();
            assert!(
                server::store::outbox_rows::queue_alone(&s.state, &post)
                    .await
                    .unwrap()
            );
            s.clock.advance(60);
        }

        let (status, text) = http(address, "GET", "/metrics").await;
        assert_eq!(status, 200, "{text}");

        let route = [("route", "/api/games/{id}"), ("method", "GET")];
        at_least(
            &text,
            "postrider_http_requests_total",
            &[route[0], route[1], ("status", "2xx")],
            1.0,
        );
        at_least(
            &text,
            "postrider_http_requests_total",
            &[("route", "unmatched"), ("method", "GET"), ("status", "4xx")],
            1.0,
        );
        at_least(
            &text,
            "postrider_http_request_duration_seconds_bucket",
            &[route[0], ("le", "+Inf")],
            1.0,
        );
        at_least(
            &text,
            "postrider_http_request_duration_seconds_count",
            &[route[0]],
            1.0,
        );
        let game = [("game", "breaking-away")];
        at_least(&text, "postrider_turns_resolved_total", &game, 1.0);
        at_least(&text, "postrider_turn_resolution_seconds_count", &game, 1.0);
        at_least(&text, "postrider_logins_total", &[("outcome", "ok")], 3.0);
        at_least(
            &text,
            "postrider_logins_total",
            &[("outcome", "failed")],
            10.0,
        );
        at_least(
            &text,
            "postrider_logins_total",
            &[("outcome", "throttled")],
            1.0,
        );
        at_least(
            &text,
            "postrider_inbound_mail_total",
            &[("outcome", "dropped")],
            1.0,
        );
        assert_eq!(
            value(&text, "postrider_deadlines_next_hour", &[]),
            Some(1.0)
        );
        assert_eq!(value(&text, "postrider_outbox_unsent", &[]), Some(2.0));
        assert_eq!(
            value(&text, "postrider_outbox_oldest_due_seconds", &[]),
            Some(120.0)
        );
        for name in [
            "postrider_http_requests_total counter",
            "postrider_http_request_duration_seconds histogram",
            "postrider_turns_resolved_total counter",
            "postrider_turn_resolution_seconds histogram",
            "postrider_deadlines_next_hour gauge",
            "postrider_outbox_unsent gauge",
            "postrider_outbox_oldest_due_seconds gauge",
            "postrider_inbound_mail_total counter",
            "postrider_logins_total counter",
        ] {
            assert!(text.contains(&format!("# TYPE {name}\n")), "{name}\n{text}");
            let metric = name.split(' ').next().unwrap();
            assert!(
                text.contains(&format!("# HELP {metric} ")),
                "{metric}\n{text}"
            );
        }
        // No name, title, address or secret in a label: only patterns and fixed words.
        for private in [
            "p-red",
            "Tour de Test",
            "nosuchsecret",
            "hooks.example",
            "/no/such",
        ] {
            assert!(!text.contains(private), "{private} in the metrics:\n{text}");
        }
    }
);

#[tokio::test]
async fn the_metrics_listener_serves_metrics_alone_and_the_app_none() {
    let s = TestServer::start(Backend::Sqlite).await.unwrap();
    let address = metrics_listener(&s).await;
    assert_eq!(http(address, "GET", "/").await.0, 404);
    assert_eq!(http(address, "GET", "/healthz").await.0, 404);
    assert_eq!(http(address, "POST", "/metrics").await.0, 405);
    assert_eq!(http(address, "GET", "/metrics").await.0, 200);
    // The server's own listener has no /metrics.
    let (status, _) = s.get_text("/metrics").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
