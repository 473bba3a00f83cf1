//! Every mail sent once with its fixed Message-ID, Reply-To and List-Unsubscribe, and
//! one-click unsubscribe.

use super::{game_with_addresses, header, relay, settings, sink_on, unsent};

use crate::common::{Backend, TestServer};
use axum::http::StatusCode;
use serde_json::json;
use server::outbox::{Drained, drain_once};

on_both!(
    every_mail_once_with_its_headers,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (id, gm, seats) = game_with_addresses(&s, &sink).await;
        // Orders on the web (echo), then the turn resolved (a report each).
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                Some(json!({"lineup": "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "orders": "a6 b9 c8 d7"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        // Press (issue 35): the turn's report carries it, in the text and the HTML alike.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/press"),
                Some(&seats[1]),
                Some(json!({"text": "Watch the <b>breakaway</b>, red"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(unsent(&s).await, 3);
        let now = s.clock_now();
        let drained = drain_once(&s.state, &relay(sink.port), "w1", now)
            .await
            .unwrap();
        assert_eq!(
            drained,
            Drained {
                sent: 3,
                retried: 0,
                given_up: 0
            }
        );
        // Nothing is sent twice.
        assert_eq!(
            drain_once(&s.state, &relay(sink.port), "w1", now + 3600)
                .await
                .unwrap()
                .sent,
            0
        );
        let ids: Vec<String> = sqlx::query_scalar("SELECT message_id FROM outbox ORDER BY id")
            .fetch_all(&s.state.db.pool)
            .await
            .unwrap();
        // The worker sends several at once: the mails in the order of their rows.
        let received = sink.mails.lock().unwrap().clone();
        assert_eq!(received.len(), 5);
        let mails: Vec<String> = ids
            .iter()
            .map(|id| {
                let wanted = format!("<{id}@club.example>");
                received
                    .iter()
                    .find(|m| header(m, "Message-ID").as_deref() == Some(wanted.as_str()))
                    .unwrap_or_else(|| panic!("no mail {id}"))
                    .clone()
            })
            .collect();
        let tokens: Vec<String> = sqlx::query_scalar(
            "SELECT p.unsubscribe_token FROM outbox o JOIN players p ON p.id = o.player_id ORDER BY o.id",
        )
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap();
        for ((mail, id), token) in mails.iter().zip(&ids).zip(&tokens) {
            assert_eq!(
                header(mail, "Message-ID"),
                Some(format!("<{id}@club.example>"))
            );
            assert_eq!(
                header(mail, "List-Unsubscribe"),
                Some(format!("<https://club.example/unsubscribe/{token}>"))
            );
            assert_eq!(
                header(mail, "List-Unsubscribe-Post").as_deref(),
                Some("List-Unsubscribe=One-Click")
            );
        }
        let (_, address) = s
            .call(
                "GET",
                &format!("/api/games/{id}/mail-address"),
                Some(&seats[0]),
                None,
            )
            .await;
        let echo = &mails[2];
        assert_eq!(header(echo, "To").as_deref(), Some("red@example.net"));
        assert_eq!(
            header(echo, "Reply-To").as_deref(),
            address["address"].as_str()
        );
        assert!(
            header(echo, "Subject")
                .unwrap()
                .contains("orders as read (orders for turn 1)")
        );
        let report = &mails[3];
        assert!(
            header(report, "Subject")
                .unwrap()
                .contains("report of turn 1 (orders for turn 2)")
        );
        // The report: text/plain, and an HTML alternative with the track as PNG inline.
        assert!(
            header(report, "Content-Type")
                .unwrap()
                .starts_with("multipart/alternative")
        );
        {
            use mail_parser::MimeHeaders;
            let parsed = mail_parser::MessageParser::default()
                .parse(report.as_bytes())
                .unwrap();
            let text = parsed.body_text(0).unwrap();
            assert!(
                text.contains("Reply to this mail with your orders for turn 2"),
                "{text}"
            );
            let html = parsed.body_html(0).unwrap();
            assert!(
                html.contains(r#"<img src="cid:picture@postrider""#),
                "{html}"
            );
            assert!(html.contains(r#"class="report-html""#));
            // Issue 29: the text and the HTML open with the same headline, and the rule numbers
            // the report links to the help page point at the server, not at the mail.
            let headline = html
                .split(r#"<p class="headline"><strong>"#)
                .nth(1)
                .and_then(|h| h.split("</strong>").next())
                .expect("the HTML report has a headline");
            assert!(text.contains(headline), "{headline}\n{text}");
            assert!(!html.contains(r#"href="/"#), "{html}");
            assert!(html.contains(&format!(
                r#"<a href="https://club.example/games/{id}/turns/1">"#
            )));
            assert!(html.contains("Reply to this mail with your orders for turn 2"));
            assert!(text.contains("Watch the <b>breakaway</b>, red"), "{text}");
            assert!(
                html.contains("Watch the &lt;b&gt;breakaway&lt;/b&gt;, red"),
                "the press, escaped, in the HTML part: {html}"
            );
            let picture = parsed
                .attachments()
                .find(|p| p.content_id() == Some("picture@postrider"))
                .expect("the picture is a part of its own");
            assert_eq!(picture.content_type().unwrap().subtype(), Some("png"));
            assert_eq!(&picture.contents()[1..4], b"PNG");
            // The whole picture decodes, and no line of the mail is longer than RFC 5322's
            // 998 characters.
            let png = resvg::tiny_skia::Pixmap::decode_png(picture.contents()).unwrap();
            assert!(png.width() > 300, "{} pixels wide", png.width());
            assert!(
                report.lines().all(|l| l.len() <= 998),
                "a line over 998 characters"
            );
        }
        // An echo is plain text.
        assert!(
            header(echo, "Content-Type")
                .unwrap()
                .starts_with("text/plain")
        );

        // One-click unsubscribe: no more reports to that address.
        let (status, _) = s
            .call("POST", &format!("/unsubscribe/{}", tokens[3]), None, None)
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let to: Vec<String> =
            sqlx::query_scalar("SELECT to_addr FROM outbox WHERE sent_at IS NULL")
                .fetch_all(&s.state.db.pool)
                .await
                .unwrap();
        assert_eq!(to.len(), 1, "{to:?}");
        assert_ne!(
            to[0],
            mails[3].lines().find(|l| l.starts_with("To:")).unwrap()[4..].trim()
        );
    }
);
