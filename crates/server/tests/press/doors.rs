//! Who reads press through each door (the game page, the API, the history, the report mail,
//! the seat's Atom feed, the public record), and a message the GM hides.

use super::{SECRET, browser, feed, game, gm_do, post, read, report_to, texts};
use crate::common::*;
use axum::http::StatusCode;
use serde_json::{Value, json};
use server::games;

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
