//! Press (issue 35), on both databases: private press reaches its sender and recipients only,
//! through every door (the game page, the API, the history, the report mail, the seat's Atom
//! feed, the public record); a message the GM hides shows as hidden everywhere but to the GM,
//! and the hiding is logged; press by mail is published, orders in the same mail still seal,
//! and the next report carries it; sizes, rates and pages are bounded, and user text is
//! escaped, its links never followed.

use crate::common::*;
use axum::http::StatusCode;
use serde_json::{Value, json};
use server::games;
use server::mailbox::{Handled, receive};
use sqlx::Row;

/// A three-seat Goofspiel (five rounds), mail on, every player with a confirmed address.
async fn game(s: &mut TestServer) -> (i64, String, Vec<String>) {
    s.state = s.state.clone().with_mail(club_mail());
    let (id, gm, seats) = s
        .seated_game(json!({
            "title": "Five cards",
            "game": "goofspiel",
            "settings": {"cards": "5"},
            "seats": ["ann", "bob", "cat"],
            "deadline": { "every": "interval", "seconds": 86400 },
            "seed": 5,
        }))
        .await;
    for (token, name) in seats.iter().zip(["ann", "bob", "cat"]) {
        s.confirm_email(token, &format!("{name}@example.net")).await;
    }
    (id, gm, seats)
}

async fn post(s: &TestServer, id: i64, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    s.call("POST", &format!("/api/games/{id}/press"), token, Some(body))
        .await
}

async fn read(s: &TestServer, id: i64, token: Option<&str>) -> Value {
    let (status, body) = s
        .call("GET", &format!("/api/games/{id}/press"), token, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn gm_do(s: &TestServer, id: i64, gm: &str, action: Value) -> Value {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(gm),
            Some(action),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The latest report mailed to `to`.
async fn report_to(s: &TestServer, to: &str) -> String {
    sqlx::query(
        "SELECT body FROM outbox WHERE kind = 'report' AND to_addr = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(to)
    .fetch_one(&s.state.db.pool)
    .await
    .unwrap()
    .get(0)
}

/// A browser logged in as `name`.
async fn browser<'a>(s: &'a TestServer, name: &str) -> Browser<'a> {
    let mut b = Browser::new(s);
    let login = b
        .submit(
            "/login",
            "/login",
            &[
                ("name", name),
                ("password", "correct horse battery"),
                ("next", "/"),
            ],
        )
        .await;
    assert_eq!(login.status, StatusCode::SEE_OTHER, "{}", login.html);
    b
}

/// The seat's Atom feed, through the address its profile gives.
async fn feed(s: &TestServer, id: i64, token: &str) -> String {
    let (status, feeds) = s
        .call("GET", &format!("/api/games/{id}/feeds"), Some(token), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{feeds}");
    let (status, atom) = s.get_text(feeds["reports"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{atom}");
    atom
}

fn texts(page: &Value) -> Vec<String> {
    page["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap_or("(hidden)").to_string())
        .collect()
}

const SECRET: &str = "Ann to Bob alone: bid low";

on_both!(
    private_press_reaches_only_its_sender_and_recipients_through_every_door,
    |s: TestServer| async move {
        let mut s = s;
        let (id, gm, seats) = game(&mut s).await;
        // Off by default: private press is refused until the GM allows it.
        let (status, body) = post(
            &s,
            id,
            Some(&seats[0]),
            json!({"text": SECRET, "to": ["bob"]}),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("to: private press is off"),
            "{body}"
        );
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/press/settings"),
                Some(&seats[0]),
                Some(json!({"private_allowed": true})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "only the GM: {body}");
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/press/settings"),
                Some(&gm),
                Some(json!({"private_allowed": true})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");

        let (status, public) =
            post(&s, id, Some(&seats[0]), json!({"text": "Good luck, all"})).await;
        assert_eq!(status, StatusCode::CREATED, "{public}");
        assert_eq!(public["header"], "ann (p-ann)");
        // The API reads seats, never players' names (issue 50): to a seat by its name.
        let (status, body) = post(
            &s,
            id,
            Some(&seats[0]),
            json!({"text": SECRET, "to": ["p-bob"]}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["error"], "to: no seat called \"p-bob\" in this game");
        let (status, private) = post(
            &s,
            id,
            Some(&seats[0]),
            json!({"text": SECRET, "to": ["bob"]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{private}");
        assert_eq!(private["to"], json!(["bob"]));
        assert_eq!(private["header"], "ann (p-ann) to bob, private");
        let (status, announcement) =
            post(&s, id, Some(&gm), json!({"text": "Deadlines are daily"})).await;
        assert_eq!(status, StatusCode::CREATED, "{announcement}");
        assert_eq!(announcement["from_gm"], true);
        assert_eq!(announcement["header"], "The GM (gm), announcement");

        // The API: Ann and Bob read it; Cat, the GM and a spectator do not.
        let all = vec![
            "Good luck, all".to_string(),
            SECRET.into(),
            "Deadlines are daily".into(),
        ];
        let public_only = vec!["Good luck, all".to_string(), "Deadlines are daily".into()];
        assert_eq!(texts(&read(&s, id, Some(&seats[0])).await), all);
        assert_eq!(texts(&read(&s, id, Some(&seats[1])).await), all);
        assert_eq!(texts(&read(&s, id, Some(&seats[2])).await), public_only);
        assert_eq!(texts(&read(&s, id, Some(&gm)).await), public_only);
        assert_eq!(texts(&read(&s, id, None).await), public_only);

        // The game page, the same.
        let page = format!("/games/{id}");
        for (name, sees) in [
            ("p-ann", true),
            ("p-bob", true),
            ("p-cat", false),
            ("gm", false),
        ] {
            let html = browser(&s, name).await.get(&page).await.html;
            assert!(html.contains("Good luck, all"), "{name}: {html}");
            assert_eq!(html.contains(SECRET), sees, "{name}: {html}");
        }
        let (_, html) = s.get_text(&page).await;
        assert!(
            html.contains("Good luck, all") && !html.contains(SECRET),
            "{html}"
        );
        let (_, html) = s.get_text(&format!("/games/{id}/press")).await;
        assert!(
            html.contains("Good luck, all") && !html.contains(SECRET),
            "{html}"
        );

        // The report mail of the round and the seat's feed carry the round's press as the seat
        // reads it.
        s.clock.advance(86400);
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        for (seat, to, sees) in [(0, "ann", true), (1, "bob", true), (2, "cat", false)] {
            let report = report_to(&s, &format!("{to}@example.net")).await;
            assert!(report.contains("Press of round 1"), "{to}: {report}");
            assert!(report.contains("  Good luck, all"), "{to}: {report}");
            assert!(
                report.contains("The GM (gm), announcement:\n  Deadlines are daily"),
                "{to}: {report}"
            );
            assert_eq!(report.contains(SECRET), sees, "{to}: {report}");
            let atom = feed(&s, id, &seats[seat]).await;
            assert!(atom.contains("Good luck, all"), "{to}: {atom}");
            assert_eq!(atom.contains(SECRET), sees, "{to}: {atom}");
        }

        // The history holds the game's log, never press.
        for token in [Some(seats[2].as_str()), Some(gm.as_str()), None] {
            let (status, history) = s
                .call("GET", &format!("/api/games/{id}/history"), token, None)
                .await;
            assert_eq!(status, StatusCode::OK, "{history}");
            assert!(!history.to_string().contains(SECRET), "{history}");
        }

        // After the end: the public press stays on the page, private press stays private, the
        // public record (the log, as `postrider export` writes it) holds no press, and no more
        // press is posted.
        for _ in 2..=5 {
            gm_do(&s, id, &gm, json!({"action": "resolve"})).await;
        }
        let (_, body) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(body["over"], true, "{body}");
        assert_eq!(texts(&read(&s, id, None).await), public_only);
        assert_eq!(texts(&read(&s, id, Some(&gm)).await), public_only);
        assert_eq!(texts(&read(&s, id, Some(&seats[1])).await), all);
        let (_, html) = s.get_text(&page).await;
        assert!(
            html.contains("Good luck, all") && !html.contains(SECRET),
            "{html}"
        );
        let (status, record) = s.get_text(&format!("/api/games/{id}/record")).await;
        assert_eq!(status, StatusCode::OK, "{record}");
        assert!(
            !record.contains(SECRET) && !record.contains("Good luck"),
            "{record}"
        );
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "gg"})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        let error = body["error"].as_str().unwrap();
        assert!(
            error.starts_with("press: the ") && error.contains(" is over"),
            "{body}"
        );
    }
);

on_both!(
    a_message_the_gm_hides_shows_as_hidden_in_every_door_but_the_gms,
    |s: TestServer| async move {
        let mut s = s;
        let (id, gm, seats) = game(&mut s).await;
        let (_, rude) = post(&s, id, Some(&seats[1]), json!({"text": "Something rude"})).await;
        let press = rude["id"].as_i64().unwrap();
        let hide = format!("/api/games/{id}/press/{press}/hide");
        let (status, body) = s.call("POST", &hide, Some(&seats[0]), None).await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "a seat does not hide: {body}"
        );
        s.clock.advance(60);
        let (status, body) = s.call("POST", &hide, Some(&gm), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // Logged: who and when, for the GM, who still reads it.
        let as_gm = read(&s, id, Some(&gm)).await;
        let m = &as_gm["messages"][0];
        assert_eq!(
            (m["hidden"].clone(), m["text"].clone()),
            (json!(true), json!("Something rude"))
        );
        assert_eq!(m["hidden_by"], "gm");
        assert_eq!(m["hidden_at"], START + 60);
        // Everyone else: hidden, without its text or who hid it.
        for token in [Some(seats[0].as_str()), Some(seats[1].as_str()), None] {
            let m = read(&s, id, token).await["messages"][0].clone();
            assert_eq!(m["hidden"], true, "{m}");
            assert_eq!(m["text"], Value::Null, "{m}");
            assert!(m.get("hidden_by").is_none(), "{m}");
        }
        let html = browser(&s, "gm")
            .await
            .get(&format!("/games/{id}"))
            .await
            .html;
        assert!(
            html.contains("Something rude") && html.contains("Hidden by gm on"),
            "{html}"
        );
        for html in [
            s.get_text(&format!("/games/{id}")).await.1,
            browser(&s, "p-bob")
                .await
                .get(&format!("/games/{id}"))
                .await
                .html,
        ] {
            assert!(!html.contains("Something rude"), "{html}");
            assert!(html.contains("hidden by the GM"), "{html}");
        }
        s.clock.advance(86400);
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        let report = report_to(&s, "ann@example.net").await;
        assert!(
            report.contains("bob (p-bob): [hidden by the GM]"),
            "{report}"
        );
        assert!(!report.contains("Something rude"), "{report}");
        let atom = feed(&s, id, &seats[0]).await;
        assert!(
            !atom.contains("Something rude") && atom.contains("hidden by the GM"),
            "{atom}"
        );
    }
);

on_both!(
    press_is_bounded_in_size_rate_and_page_and_its_text_is_escaped,
    |s: TestServer| async move {
        let mut s = s;
        let (id, gm, seats) = game(&mut s).await;
        let error = |body: &Value| body["error"].as_str().unwrap().to_string();
        // Size, emptiness, who may post, recipients.
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "x".repeat(2001)})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(
            error(&body),
            "text: 2001 characters, more than the 2000 a message may have"
        );
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "é".repeat(2000)})).await;
        assert_eq!(
            status,
            StatusCode::CREATED,
            "2,000 characters, not bytes: {body}"
        );
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "  \n "})).await;
        assert_eq!(
            (status, error(&body)),
            (
                StatusCode::BAD_REQUEST,
                "text: empty; write the message".into()
            )
        );
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"txt": "hi"})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            error(&body).starts_with("body: txt: unknown field `txt`"),
            "{body}"
        );
        let (status, body) = post(&s, id, None, json!({"text": "hi"})).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let stranger = s.player("stranger").await;
        let (status, body) = post(&s, id, Some(&stranger), json!({"text": "hi"})).await;
        assert_eq!(
            (status, error(&body)),
            (
                StatusCode::FORBIDDEN,
                "press: only the game's players and its GM post press".into()
            )
        );
        let (status, body) = post(
            &s,
            id,
            Some(&seats[0]),
            json!({"text": "hi", "as_gm": true}),
        )
        .await;
        assert_eq!(
            (status, error(&body)),
            (
                StatusCode::FORBIDDEN,
                "as_gm: only the game's GM announces".into()
            )
        );
        gm_do_settings(&s, id, &gm).await;
        let (status, body) = post(
            &s,
            id,
            Some(&seats[0]),
            json!({"text": "hi", "to": ["nobody"]}),
        )
        .await;
        assert_eq!(
            (status, error(&body)),
            (
                StatusCode::BAD_REQUEST,
                "to: no seat called \"nobody\" in this game".into()
            )
        );
        let (status, body) = post(
            &s,
            id,
            Some(&seats[0]),
            json!({"text": "hi", "to": ["ann"]}),
        )
        .await;
        assert_eq!(
            (status, error(&body)),
            (
                StatusCode::BAD_REQUEST,
                "to: \"ann\" is your own seat".into()
            )
        );
        let (status, body) = post(&s, id, Some(&gm), json!({"text": "hi", "to": ["ann"]})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            error(&body).starts_with("to: a GM announcement goes to everyone"),
            "{body}"
        );

        // HTML is escaped and links are text.
        let evil = "<script>alert(1)</script> see <a href=\"https://evil.example\">this</a> https://evil.example/x";
        let (status, body) = post(&s, id, Some(&seats[1]), json!({"text": evil})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (_, html) = s.get_text(&format!("/games/{id}")).await;
        assert!(!html.contains("<script>alert"), "{html}");
        assert!(
            html.contains("&#60;script&#62;alert(1)&#60;/script&#62;"),
            "{html}"
        );
        assert!(
            !html.contains("href=\"https://evil.example") && !html.contains("href=\"https://evil"),
            "{html}"
        );
        assert!(html.contains("https://evil.example/x"), "{html}");

        // The rate: 20 messages an hour per sender (Ann has posted one), then a 429 saying
        // when; an hour after her first, she posts again; Bob was never held up.
        for k in 1..20 {
            s.clock.advance(1);
            let (status, body) = post(
                &s,
                id,
                Some(&seats[0]),
                json!({"text": format!("note {k}")}),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED, "{k}: {body}");
        }
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "one too many"})).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert!(
            error(&body).starts_with("press: 20 messages in the last hour"),
            "{body}"
        );
        let (status, body) = post(&s, id, Some(&seats[1]), json!({"text": "still fine"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        s.clock.advance(3600 - 19);
        let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": "again"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");

        // Pages: 50 by default, at most 100, the older ones by `before`, newest last.
        let all = read(&s, id, None).await;
        assert_eq!(all["messages"].as_array().unwrap().len(), 23);
        assert_eq!(all["older"], Value::Null);
        assert_eq!(texts(&all).last().unwrap(), "again");
        let (status, page) = s
            .call("GET", &format!("/api/games/{id}/press?limit=5"), None, None)
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(
            texts(&page),
            ["note 17", "note 18", "note 19", "still fine", "again"]
        );
        let before = page["older"].as_i64().unwrap();
        let (_, older) = s
            .call(
                "GET",
                &format!("/api/games/{id}/press?limit=5&before={before}"),
                None,
                None,
            )
            .await;
        assert_eq!(
            texts(&older),
            ["note 12", "note 13", "note 14", "note 15", "note 16"]
        );
        for bad in ["limit=101", "limit=0"] {
            let (status, body) = s
                .call("GET", &format!("/api/games/{id}/press?{bad}"), None, None)
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(error(&body).starts_with("limit: "), "{body}");
        }
        let (status, body) = s
            .call(
                "GET",
                &format!("/api/games/{id}/press?limit=many"),
                None,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(error(&body).starts_with("query: "), "{body}");

        // The page's form: a refusal names the field and keeps the text.
        let mut bob = browser(&s, "p-bob").await;
        let long = "y".repeat(2001);
        let refused = bob
            .submit(
                &format!("/games/{id}"),
                &format!("/games/{id}/press"),
                &[("text", &long)],
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.html);
        assert!(
            refused.html.contains("text: 2001 characters"),
            "{}",
            refused.html
        );
        assert!(refused.html.contains(&long), "{}", refused.html);
        let sent = bob
            .submit(
                &format!("/games/{id}"),
                &format!("/games/{id}/press"),
                // The page's boxes send seat numbers (issue 50): cat is seat 2.
                &[("text", "From the form"), ("to", "2")],
            )
            .await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
        let cat = read(&s, id, Some(&seats[2])).await;
        assert_eq!(texts(&cat).last().unwrap(), "From the form");
        assert_eq!(
            cat["messages"].as_array().unwrap().last().unwrap()["private"],
            true
        );
    }
);

async fn gm_do_settings(s: &TestServer, id: i64, gm: &str) {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/press/settings"),
            Some(gm),
            Some(json!({"private_allowed": true})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

fn message(to: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: Player <someone@example.net>\r\nTo: {to}\r\nSubject: my bid\r\n\
         Message-ID: <{id}>\r\nDate: Sun, 22 Nov 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    )
    .into_bytes()
}

async fn outbox_last(s: &TestServer) -> (String, String) {
    let row = sqlx::query("SELECT kind, body FROM outbox ORDER BY id DESC LIMIT 1")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    (row.get(0), row.get(1))
}

on_both!(
    press_by_mail_is_published_with_the_orders_and_reaches_the_next_report,
    |s: TestServer| async move {
        let mut s = s;
        let (id, gm, seats) = game(&mut s).await;
        gm_do_settings(&s, id, &gm).await;
        let (_, address) = s
            .call(
                "GET",
                &format!("/api/games/{id}/mail-address"),
                Some(&seats[0]),
                None,
            )
            .await;
        let ann = address["address"].as_str().unwrap().to_string();

        // Orders and press, public and private, in one reply.
        let mail = message(
            &ann,
            "p1@example.net",
            "Hello,\r\n\r\nbid 4\r\n\r\nPress:\r\nA fine day for cards.\r\nPress to Bob: Let us both bid high.\r\n\r\nThanks,\r\nAnn\r\n\r\n> Press: quoted, not mine\r\n",
        );
        assert_eq!(
            receive(&s.state, &mail, Some(&ann)).await.unwrap(),
            Handled::Applied
        );
        let (_, sealed) = s
            .call(
                "GET",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                None,
            )
            .await;
        assert_eq!(sealed["orders"], "bid 4", "{sealed}");
        let (kind, echo) = outbox_last(&s).await;
        assert_eq!(kind, "echo");
        assert!(
            !echo.contains("A fine day"),
            "press is not listed as lines not read: {echo}"
        );
        assert_eq!(
            texts(&read(&s, id, Some(&seats[1])).await),
            ["A fine day for cards.", "Let us both bid high."]
        );
        assert_eq!(
            texts(&read(&s, id, Some(&seats[2])).await),
            ["A fine day for cards."]
        );
        // Delivered again: posted once.
        assert_eq!(
            receive(&s.state, &mail, Some(&ann)).await.unwrap(),
            Handled::Duplicate
        );
        assert_eq!(
            read(&s, id, Some(&seats[1])).await["messages"]
                .as_array()
                .unwrap()
                .len(),
            2
        );

        // Press alone: answered with what was published; a refused message is named.
        let mail = message(
            &ann,
            "p2@example.net",
            "Press to nobody:\r\nhello?\r\nPress:\r\nSecond thoughts.\r\n",
        );
        assert_eq!(
            receive(&s.state, &mail, Some(&ann)).await.unwrap(),
            Handled::Refused
        );
        let (kind, answer) = outbox_last(&s).await;
        assert_eq!(kind, "press");
        assert!(
            answer.contains(
                "Not published (\"hello?\"): to: no seat or player called \"nobody\" in this game"
            ),
            "{answer}"
        );
        assert!(
            answer.contains("Published: ann (p-ann) — \"Second thoughts.\""),
            "{answer}"
        );

        // The round's report carries it, zine-style, in each reader's language: cat reads
        // Japanese.
        let (status, body) = s
            .call(
                "POST",
                "/api/account/language",
                Some(&seats[2]),
                Some(json!({"lang": "ja"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        s.clock.advance(86400);
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        let report = report_to(&s, "bob@example.net").await;
        assert!(
            report.contains("Press of round 1\n----------------\nann (p-ann):\n  A fine day for cards.\nann (p-ann) to bob, private:\n  Let us both bid high.\nann (p-ann):\n  Second thoughts.\n"),
            "{report}"
        );
        let report = report_to(&s, "cat@example.net").await;
        assert!(
            report.contains("A fine day") && !report.contains("bid high"),
            "{report}"
        );
        assert!(
            report.contains("第1ラウンドのプレス\n---")
                && report.contains("ann（p-ann）：\n  A fine day for cards.\n"),
            "{report}"
        );
    }
);

// A mail's press headings (`server::press_mail::part`), read without a server.
mod headings {
    use server::press_mail::{MailPress, Parted, part};

    fn public(text: &str) -> MailPress {
        MailPress {
            to: vec![],
            text: text.into(),
        }
    }

    #[test]
    fn a_mail_without_press_is_left_as_it_was() {
        let body = "A 12 B 3\n\nThanks,\nAnn\n";
        assert_eq!(
            part(body),
            Parted {
                press: vec![],
                rest: body.into()
            }
        );
    }

    #[test]
    fn press_headings_part_orders_public_and_private_press() {
        let body = "A 12 B 3 C 5 D 4\nPress:\nA fine day for a race.\nSee you at the summit!\n\
                    Press to Blue, p-yellow: Shall we share the lead?\nOrders:\n2: walk 3\n\
                    Press: more\nOrders: A 6 B 9\n\
                    Cheers,\nAnn\n\n> quoted report line\n";
        let parted = part(body);
        assert_eq!(
            parted.press,
            vec![
                public("A fine day for a race.\nSee you at the summit!"),
                MailPress {
                    to: vec!["Blue".into(), "p-yellow".into()],
                    text: "Shall we share the lead?".into()
                },
                public("more"),
            ]
        );
        assert_eq!(
            parted.rest,
            "A 12 B 3 C 5 D 4\n2: walk 3\nOrders: A 6 B 9\nThanks,\nAnn"
        );
    }

    #[test]
    fn press_ends_at_a_quote_or_signature_and_an_empty_heading_posts_nothing() {
        let body = "Press: hello\nOn Sun, 22 Nov 2026, postrider wrote:\n> Press: not mine\n";
        assert_eq!(part(body).press, vec![public("hello")]);
        let body = "Press:\nPress to Red:\n-- \nsig\n";
        assert_eq!(part(body).press, vec![]);
        // A line that only mentions press is not a heading.
        assert_eq!(part("Pressing on: A 12\n").press, vec![]);
    }
}

// Fails with the first reading, which took the oldest messages past the bound: a long game's
// feed and reports keep its latest press, oldest first.
on_both!(
    a_bounded_read_of_press_keeps_the_latest_messages,
    |s: TestServer| async move {
        let mut s = s;
        let (id, _gm, seats) = game(&mut s).await;
        for text in ["first", "second", "third"] {
            let (status, body) = post(&s, id, Some(&seats[0]), json!({"text": text})).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
        let press = server::store::press::of_turns(&s.state, id, 1..=1, 2)
            .await
            .unwrap();
        let bodies: Vec<&str> = press.iter().map(|p| p.body.as_str()).collect();
        assert_eq!(bodies, ["second", "third"]);
    }
);

/// A three-seat Goofspiel whose seat Red is played by an account named `Green`, earlier in seat
/// order than the seat Green (played by `gil`); Blue by `bea`. Private press allowed.
/// (id, GM, [Red's, Green's, Blue's] tokens)
async fn green_on_red(s: &mut TestServer) -> (i64, String, Vec<String>) {
    s.state = s.state.clone().with_mail(club_mail());
    let gm = s.player("gm").await;
    let (status, created) = s
        .call(
            "POST",
            "/api/games",
            Some(&gm),
            Some(json!({
                "title": "Colours",
                "game": "goofspiel",
                "settings": {"cards": "5"},
                "seats": ["Red", "Green", "Blue"],
                "deadline": { "every": "interval", "seconds": 86400 },
                "seed": 5,
            })),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    let mut tokens = Vec::new();
    for (invite, name) in created["invites"]
        .as_array()
        .unwrap()
        .iter()
        .zip(["Green", "gil", "bea"])
    {
        let token = s.player(name).await;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/join"),
                Some(&token),
                Some(json!({ "invite": invite["invite"] })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        s.confirm_email(&token, &format!("{}@example.net", name.to_lowercase()))
            .await;
        tokens.push(token);
    }
    gm_do_settings(s, id, &gm).await;
    (id, gm, tokens)
}

on_both!(
    press_to_a_seat_never_reaches_an_account_named_like_it,
    |s: TestServer| async move {
        let mut s = s;
        let (id, _gm, seats) = green_on_red(&mut s).await;
        let (red, green, blue) = (&seats[0], &seats[1], &seats[2]);

        // The API, by seat name and by seat number.
        let (status, line) = post(
            &s,
            id,
            Some(blue),
            json!({"text": "api by name", "to": ["Green"]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{line}");
        assert_eq!(line["to"], json!(["Green"]), "{line}");
        let (status, line) = post(
            &s,
            id,
            Some(blue),
            json!({"text": "api by number", "to": [1]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{line}");
        assert_eq!(line["to"], json!(["Green"]), "{line}");
        // The account Green, writing "to Green", writes to the seat Green, not to itself.
        let (status, line) = post(
            &s,
            id,
            Some(red),
            json!({"text": "red to green", "to": ["Green"]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{line}");
        assert_eq!(line["header"], "Red (Green) to Green, private", "{line}");
        // One's own seat, by number, is refused.
        let (status, body) = post(&s, id, Some(red), json!({"text": "me", "to": [0]})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["error"], "to: \"Red\" is your own seat");

        // The game page: its boxes are seats by number, labelled by the seat's name.
        let mut b = browser(&s, "bea").await;
        let page = b.get(&format!("/games/{id}")).await;
        assert!(
            page.html.contains(r#"name="to" value="1"> Green</label>"#),
            "{}",
            page.html
        );
        let csrf = page.csrf();
        let posted = b
            .post_raw(
                &format!("/games/{id}/press"),
                &[
                    ("csrf", csrf.as_str()),
                    ("text", "form to green"),
                    ("to", "1"),
                ],
            )
            .await;
        assert_eq!(posted.status, StatusCode::SEE_OTHER, "{}", posted.html);

        // Mail: "Press to Green:" is the seat Green.
        let (_, address) = s
            .call(
                "GET",
                &format!("/api/games/{id}/mail-address"),
                Some(blue),
                None,
            )
            .await;
        let bea = address["address"].as_str().unwrap().to_string();
        let mail = message(
            &bea,
            "green@example.net",
            "Press to Green: mail to green\r\n",
        );
        assert_eq!(
            receive(&s.state, &mail, Some(&bea)).await.unwrap(),
            Handled::Applied
        );

        let to_green = [
            "api by name",
            "api by number",
            "red to green",
            "form to green",
            "mail to green",
        ];
        let seen_by = |token: &str| {
            let token = token.to_string();
            let s = &s;
            async move { texts(&read(s, id, Some(&token)).await) }
        };
        assert_eq!(
            seen_by(green).await,
            to_green,
            "the seat Green reads it all"
        );
        assert_eq!(
            seen_by(red).await,
            ["red to green"],
            "the account Green only its own"
        );
        let blues: Vec<&str> = to_green
            .iter()
            .copied()
            .filter(|t| *t != "red to green")
            .collect();
        assert_eq!(seen_by(blue).await, blues);

        // The page, the report mail and the feed of the account Green hold none of Blue's.
        let html = browser(&s, "Green")
            .await
            .get(&format!("/games/{id}"))
            .await
            .html;
        for text in &blues {
            assert!(!html.contains(text), "{text}: {html}");
        }
        s.clock.advance(86400);
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        let report = report_to(&s, "green@example.net").await;
        let atom = feed(&s, id, red).await;
        for text in &blues {
            assert!(!report.contains(text), "{text}: {report}");
            assert!(!atom.contains(text), "{text}: {atom}");
        }
        let report = report_to(&s, "gil@example.net").await;
        for text in &to_green {
            assert!(report.contains(text), "{text}: {report}");
        }
    }
);

on_both!(
    a_mail_reads_a_players_name_only_where_it_is_no_seats,
    |s: TestServer| async move {
        let mut s = s;
        let (id, _gm, seats) = green_on_red(&mut s).await;
        let (_, address) = s
            .call(
                "GET",
                &format!("/api/games/{id}/mail-address"),
                Some(&seats[2]),
                None,
            )
            .await;
        let bea = address["address"].as_str().unwrap().to_string();
        // `gil` is no seat's name: his seat, Green. `nobody` is refused, the rest published.
        let mail = message(
            &bea,
            "names@example.net",
            "Press to gil: by player\r\nPress to nobody: lost\r\n",
        );
        assert_eq!(
            receive(&s.state, &mail, Some(&bea)).await.unwrap(),
            Handled::Refused
        );
        assert_eq!(texts(&read(&s, id, Some(&seats[1])).await), ["by player"]);
        assert_eq!(
            texts(&read(&s, id, Some(&seats[0])).await),
            Vec::<String>::new()
        );
        let (_, answer) = outbox_last(&s).await;
        assert!(
            answer.contains("to: no seat or player called \"nobody\" in this game"),
            "{answer}"
        );
    }
);
