//! Each report mail in its reader's language, a seat's own outranking its player's account.

use super::{game_with_addresses, header, relay, settings, sink_on};

use crate::common::{Backend, TestServer};
use axum::http::StatusCode;
use serde_json::json;
use server::outbox::drain_once;

// Issue 36: one turn, two readers: the report mail (text and HTML) of the seat whose player
// chose Japanese is in Japanese, the other's in English; an unknown language is refused.
on_both!(
    each_report_mail_is_written_in_its_readers_language,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (id, gm, seats) = game_with_addresses(&s, &sink).await;
        let (status, body) = s
            .call(
                "POST",
                "/api/account/language",
                Some(&seats[1]),
                Some(json!({"lang": "ja"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["lang"], "ja");
        let (status, body) = s
            .call(
                "POST",
                "/api/account/language",
                Some(&seats[1]),
                Some(json!({"lang": "tlh"})),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        // The API answers in the account's language (this player chose Japanese).
        assert_eq!(
            body["error"],
            "lang: 「tlh」は postrider が対応している言語ではありません（en, ja）"
        );
        assert_eq!(body["code"], "error-lang");
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let before = sink.mails.lock().unwrap().len();
        drain_once(&s.state, &relay(sink.port), "w1", s.clock_now())
            .await
            .unwrap();
        let mails = sink.mails.lock().unwrap()[before..].to_vec();
        // The report: the mail with an HTML part; its subject in the reader's language.
        let report_to = |to: &str| {
            let parsed = mails
                .iter()
                .filter(|m| header(m, "To").as_deref() == Some(to))
                .map(|m| {
                    mail_parser::MessageParser::default()
                        .parse(m.as_bytes())
                        .unwrap()
                })
                .find(|p| p.body_html(0).is_some())
                .unwrap_or_else(|| panic!("no report to {to}"));
            (
                parsed.subject().unwrap().to_string(),
                parsed.body_text(0).unwrap().replace("\r\n", "\n"),
                parsed.body_html(0).unwrap().into_owned(),
            )
        };
        let (subject, text, html) = report_to("red@example.net");
        assert!(
            subject.ends_with("red: report of turn 1 (orders for turn 2)"),
            "{subject}"
        );
        assert!(
            text.contains("Moves, in the order they were made"),
            "{text}"
        );
        assert!(html.contains("Team standings"), "{html}");
        assert!(
            html.contains(r#"<html lang="en">"#) && html.contains(">The turn on the game page</a>"),
            "{html}"
        );
        let (subject, text, html) = report_to("blue@example.net");
        // The whole mail: its subject (whose turn a reply's orders are read for), the lines
        // around the report, and the HTML part's frame.
        assert!(
            subject.ends_with("blue：第1ターンのレポート（第2ターンの命令）"),
            "{subject}"
        );
        assert_eq!(mail::subject_turn(&format!("Re: {subject}")), Ok(Some(2)));
        assert!(
            text.contains(
                "\n第2ターンの命令は、このメールに返信して送ってください。\n締め切り：2026年"
            ),
            "{text}"
        );
        assert!(!text.contains("Reply to this mail"), "{text}");
        assert!(
            html.contains(r#"<html lang="ja">"#)
                && html.contains(">ゲームのページでこのターンを見る</a>"),
            "{html}"
        );
        assert!(text.contains("移動（移動した順）"), "{text}");
        assert!(text.contains("チームblue用。"), "{text}");
        assert!(!text.contains("Moves, in the order"), "{text}");
        assert!(html.contains("チーム順位"), "{html}");
        // The HTML part still carries what the text says after the report (its digest), in
        // the reader's words; the digest itself is the English public report's, the same for all.
        assert!(html.contains("レポートのハッシュ値（SHA-256）"), "{html}");
        assert!(
            text.contains("第1ターン・レポートのハッシュ値（SHA-256）："),
            "{text}"
        );
        assert!(text.contains("抽選のコミットメント：SHA-256 "), "{text}");
    }
);

on_both!(
    a_seats_own_language_outranks_its_players_account,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let sink = sink_on(0).await;
        let (id, gm, seats) = game_with_addresses(&s, &sink).await;
        let set = |token: String, path: String, lang: serde_json::Value| {
            let s = &s;
            async move {
                s.call("POST", &path, Some(&token), Some(json!({ "lang": lang })))
                    .await
            }
        };
        // Red reads English on the site but wants this seat's mail in Japanese; blue the
        // other way round.
        let game_lang = format!("/api/games/{id}/language");
        let (status, body) = set(seats[0].clone(), game_lang.clone(), json!("ja")).await;
        assert_eq!(
            (status, &body["lang"]),
            (StatusCode::OK, &json!("ja")),
            "{body}"
        );
        set(
            seats[1].clone(),
            "/api/account/language".into(),
            json!("ja"),
        )
        .await;
        let (status, _) = set(seats[1].clone(), game_lang.clone(), json!("en")).await;
        assert_eq!(status, StatusCode::OK);
        // Only a seat's player chooses it; an unknown code is refused naming it.
        let (status, body) = set(gm.clone(), game_lang.clone(), json!("ja")).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, body) = set(seats[0].clone(), game_lang.clone(), json!("xx")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"].as_str().unwrap().starts_with("lang: "),
            "{body}"
        );
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let before = sink.mails.lock().unwrap().len();
        drain_once(&s.state, &relay(sink.port), "w1", s.clock_now())
            .await
            .unwrap();
        let mails = sink.mails.lock().unwrap()[before..].to_vec();
        // A report is the mail with an HTML part.
        let report_to = |to: &str| {
            mails
                .iter()
                .filter(|m| header(m, "To").as_deref() == Some(to))
                .map(|m| {
                    mail_parser::MessageParser::default()
                        .parse(m.as_bytes())
                        .unwrap()
                })
                .find(|p| {
                    p.body_html(0).is_some() && p.html_body.len() == 1 && p.text_body.len() == 1
                })
                .map(|p| {
                    let html = p.body_html(0).unwrap();
                    // The HTML part follows the seat's language too, not the account's.
                    let lang = html.split_once("<html lang=\"").unwrap().1[..2].to_string();
                    format!("{lang}\n{}", p.body_text(0).unwrap())
                })
                .unwrap_or_else(|| panic!("no report to {to}"))
        };
        let red = report_to("red@example.net");
        assert!(red.starts_with("ja\n"), "{red}");
        assert!(red.contains("移動（移動した順）"), "{red}");
        let blue = report_to("blue@example.net");
        assert!(blue.starts_with("en\n"), "{blue}");
        assert!(
            blue.contains("Moves, in the order they were made"),
            "{blue}"
        );
        // `null` gives the seat back to the account's language.
        let (status, body) = set(seats[0].clone(), game_lang, serde_json::Value::Null).await;
        assert_eq!(
            (status, &body["lang"]),
            (StatusCode::OK, &serde_json::Value::Null)
        );
    }
);
