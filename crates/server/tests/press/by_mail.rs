//! Press by mail: published with the orders in the same mail, carried by the next report,
//! and the headings that part a mail.

use super::{game, gm_do_settings, message, outbox_last, read, report_to, texts};
use crate::common::*;
use axum::http::StatusCode;
use serde_json::json;
use server::games;
use server::mailbox::{Handled, receive};

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
