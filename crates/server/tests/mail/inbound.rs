//! Mail as it comes in: message ids de-duplicated per seat, real headers and long quoted
//! replies, unreadable mail, the bare order address, a NUL anywhere, and the envelope recipient
//! alone naming the seat.

use super::{address, confirm, message, outbox, settings};
use crate::common::{Backend, TestServer, race};
use server::mailbox::{Handled, receive};
use sqlx::Row;

/// The status and note of the inbound rows, in order.
async fn inbound(s: &TestServer) -> Vec<(String, Option<String>)> {
    sqlx::query("SELECT status, note FROM inbound_mail ORDER BY id")
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

// Fails with the old global de-duplication before the secret was checked: the second seat's
// delivery was ignored as a duplicate, and a mail to a wrong secret used up the Message-ID.
on_both!(
    message_ids_are_deduplicated_per_seat_after_the_secret,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        confirm(&s, &seats[0], "red@example.net").await;
        confirm(&s, &seats[1], "blue@example.net").await;
        let red = address(&s, id, &seats[0]).await;
        let blue = address(&s, id, &seats[1]).await;
        let subject = "Re: Tour de Test (orders for turn 1)";
        let body = "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\nA 6 B 9 C 8 D 7\n";

        // A wrong secret first: dropped, and the Message-ID is not used up.
        let forged = message(
            "orders+00ff@club.example",
            "both@example.net",
            subject,
            body,
        );
        assert!(matches!(
            receive(&s.state, &forged, Some("orders+00ff@club.example"))
                .await
                .unwrap(),
            Handled::Dropped(_)
        ));
        // One mail to both seats' addresses, delivered once per recipient (as Postfix does).
        let mail = message(&format!("{red}, {blue}"), "both@example.net", subject, body);
        for (address, token) in [(&red, &seats[0]), (&blue, &seats[1])] {
            assert_eq!(
                receive(&s.state, &mail, Some(address)).await.unwrap(),
                Handled::Applied,
                "{address}"
            );
            let (_, sealed) = s
                .call("GET", &format!("/api/games/{id}/orders"), Some(token), None)
                .await;
            assert_eq!(sealed["orders"], "A 6 B 9 C 8 D 7");
        }
        // Delivered again to red: a duplicate, logged in its row, not applied twice.
        let echoes = outbox(&s).await.len();
        assert_eq!(
            receive(&s.state, &mail, Some(&red)).await.unwrap(),
            Handled::Duplicate
        );
        assert_eq!(outbox(&s).await.len(), echoes);
        let rows = inbound(&s).await;
        let statuses: Vec<&str> = rows.iter().map(|(status, _)| status.as_str()).collect();
        assert_eq!(statuses, ["dropped", "applied", "applied", "duplicate"]);
        let note = rows[3].1.as_deref().unwrap();
        assert!(
            note.contains("both@example.net") && note.contains("is inbound mail 2 (applied)"),
            "{note}"
        );
    }
);

// Exim's spam headers (as cPanel adds them), a space before a colon and a reply quoting a
// long report: read as the message they are. Fails with the old `is_message`, which took the
// headers for the body (every header with a digit a mistaken order) and then refused the
// "body" as too large, an error `mail-in` turned into exit 75 (the MTA retried for days).
on_both!(
    real_headers_and_a_long_quoted_reply_are_applied,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        confirm(&s, &seats[0], "red@example.net").await;
        let red = address(&s, id, &seats[0]).await;
        let quoted: String = (0..2_000)
            .map(|k| {
                format!(
                    "> red   A {} B 9 C 9 D 6   (turn {k} of an earlier report)\r\n",
                    k % 12 + 1
                )
            })
            .collect();
        let raw = format!(
            "Received : from phone.example.net (phone.example.net [192.0.2.7])\r\n\tby mx.club.example with esmtps (Exim 4.97)\r\n\
             X-Spam_score: 2.1\r\nX-Spam_score_int: 21\r\nX-Spam_bar: ++\r\n\
             X-Spam_report: Spam detection software, running on the system \"mx.club.example\",\r\n has 2.1 points\r\n\
             From: Red <someone@example.net>\r\nTo: {red}\r\nSubject: Re: Tour de Test (orders for turn 1)\r\n\
             Message-ID: <exim@example.net>\r\nDate: Sun, 22 Nov 2026 12:00:00 +0000\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\n\
             A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\r\nA 6 B 9 C 8 D 7\r\n\r\nOn Sat, 21 Nov 2026, postrider wrote:\r\n{quoted}"
        );
        assert!(raw.len() > 100 * 1024);
        assert_eq!(
            receive(&s.state, raw.as_bytes(), Some(&red)).await.unwrap(),
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
        assert_eq!(sealed["orders"], "A 6 B 9 C 8 D 7");
    }
);

// A message too large to read, sent to a seat's address: its player is told at the confirmed
// address (not the From), instead of a silent drop.
on_both!(
    an_unreadable_mail_to_a_seat_is_answered,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        confirm(&s, &seats[0], "red@example.net").await;
        let red = address(&s, id, &seats[0]).await;
        let huge = message(
            &red,
            "huge@example.net",
            "orders for turn 1",
            &"x".repeat(mail::message::MAX_MESSAGE),
        );
        assert_eq!(
            receive(&s.state, &huge, Some(&red)).await.unwrap(),
            Handled::Refused
        );
        let (kind, to, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!((kind.as_str(), to.as_str()), ("refusal", "red@example.net"));
        assert!(
            subject.ends_with("orders not applied (orders for turn 1)"),
            "{subject}"
        );
        assert!(
            body.contains("larger than the 1048576 bytes an orders mail may have"),
            "{body}"
        );
        // Without an envelope recipient naming a seat, nobody is known to answer: dropped.
        assert!(matches!(
            receive(&s.state, &huge, None).await.unwrap(),
            Handled::Dropped(_)
        ));
    }
);

// Fails with the old door, which dropped such mail in silence: a new mail to the bare order
// address from a confirmed address is answered there with how to send orders (the player's
// seats' addresses); from anyone else, or again within the hour, it is dropped.
on_both!(
    a_mail_to_the_bare_order_address_is_answered_only_to_a_confirmed_address,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        confirm(&s, &seats[0], "red@example.net").await;
        let red = address(&s, id, &seats[0]).await;
        let bare = |from: &str, message_id: &str| {
            format!(
                "From: {from}\r\nTo: orders@club.example\r\nSubject: my orders\r\n\
                 Message-ID: <{message_id}>\r\n\r\nA 6 B 9 C 8 D 7\r\n"
            )
            .into_bytes()
        };
        let before = outbox(&s).await.len();
        let stranger = bare("Someone <someone@example.net>", "b1@example.net");
        assert!(matches!(
            receive(&s.state, &stranger, Some("orders@club.example"))
                .await
                .unwrap(),
            Handled::Dropped(_)
        ));
        assert_eq!(
            outbox(&s).await.len(),
            before,
            "no mail to an unconfirmed sender"
        );
        let player = bare("Red <RED@example.net>", "b2@example.net");
        assert_eq!(
            receive(&s.state, &player, Some("orders@club.example"))
                .await
                .unwrap(),
            Handled::Refused
        );
        let (kind, to, in_reply_to, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (
                kind.as_str(),
                to.as_str(),
                in_reply_to.as_deref(),
                subject.as_str()
            ),
            (
                "howto",
                "red@example.net",
                Some("b2@example.net"),
                "How to send orders"
            )
        );
        assert!(
            body.contains(&format!("Tour de Test, red: {red}")),
            "{body}"
        );
        let (_, sealed) = s
            .call(
                "GET",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                None,
            )
            .await;
        assert!(sealed["orders"].is_null(), "nothing is applied: {sealed}");
        // Again within the hour: not answered twice.
        let again = bare("red@example.net", "b3@example.net");
        assert!(matches!(
            receive(&s.state, &again, Some("orders@club.example"))
                .await
                .unwrap(),
            Handled::Dropped(_)
        ));
        assert_eq!(outbox(&s).await.len(), before + 1);
    }
);

// Fails on PostgreSQL without the NUL replaced (issue 50): a NUL in the From, the Message-ID,
// a line of orders or a press line made the insert fail, so `receive` returned an error (the
// MTA's 75, the SMTP door's 451) after storing the raw mail, and every redelivery stored
// another row and failed again. Now both databases answer each mail once, as SQLite did.
on_both!(
    a_nul_anywhere_in_a_mail_is_answered,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        confirm(&s, &seats[0], "red@example.net").await;
        let red = address(&s, id, &seats[0]).await;
        let subject = "Re: Tour de Test (orders for turn 1)";
        let orders = "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\r\nA 6 B 9 C 8 D 7\r\n";
        let mail = |from: &str, message_id: &str, body: &str| {
            format!(
            "From: {from}\r\nTo: {red}\r\nSubject: {subject}\r\nMessage-ID: <{message_id}>\r\n\r\n{body}"
        )
        .into_bytes()
        };
        let cases = [
            (
                "From",
                mail("Red <red\0@example.net>", "from@example.net", orders),
                Handled::Applied,
            ),
            (
                "Message-ID",
                mail("red@example.net", "id\0@example.net", orders),
                Handled::Applied,
            ),
            (
                "orders",
                mail(
                    "red@example.net",
                    "orders@example.net",
                    "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\r\nA 6 B 9\0 C 8 D 7\r\n",
                ),
                Handled::Refused,
            ),
            (
                "press",
                mail(
                    "red@example.net",
                    "press@example.net",
                    "Press:\r\nA fine\0 day for a race.\r\n",
                ),
                Handled::Applied,
            ),
        ];
        for (n, (place, raw, outcome)) in cases.iter().enumerate() {
            let handled = receive(&s.state, raw, Some(&red)).await;
            assert_eq!(handled.as_ref().ok(), Some(outcome), "{place}: {handled:?}");
            assert_eq!(inbound(&s).await.len(), n + 1, "{place}: one row");
        }
        // Delivered again: known by its Message-ID as read (NUL replaced), not a new mail.
        assert_eq!(
            receive(&s.state, &cases[1].1, Some(&red)).await.unwrap(),
            Handled::Duplicate
        );
        let (_, sealed) = s
            .call(
                "GET",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                None,
            )
            .await;
        assert_eq!(sealed["orders"], "A 6 B 9 C 8 D 7");
        let sent = outbox(&s).await;
        let (_, _, _, _, body) = sent.iter().find(|m| m.0 == "refusal").unwrap();
        assert!(body.contains("A 6 B 9\u{fffd} C 8 D 7"), "{body}");
        let press: String = sqlx::query_scalar("SELECT body FROM press ORDER BY id DESC LIMIT 1")
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(press, "A fine\u{fffd} day for a race.");
    }
);

// Fails with the old door, which searched the headers after the envelope recipient: a mail
// delivered to the bare order address (`mail-in --recipient orders@…`) was applied to the seat
// whose address its To named. The envelope recipient, when given, is the only one read.
on_both!(
    the_envelope_recipient_alone_names_the_seat,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        let red = address(&s, id, &seats[0]).await;
        let raw = message(
            &red,
            "bare@example.net",
            "Re: Tour de Test (orders for turn 1)",
            "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\r\nA 6 B 9 C 8 D 7\r\n",
        );
        let handled = receive(&s.state, &raw, Some("orders@club.example"))
            .await
            .unwrap();
        assert!(matches!(handled, Handled::Dropped(_)), "{handled:?}");
        let (_, sealed) = s
            .call(
                "GET",
                &format!("/api/games/{id}/orders"),
                Some(&seats[0]),
                None,
            )
            .await;
        assert!(sealed["orders"].is_null(), "{sealed}");
        // Without an envelope recipient, the headers are searched as before.
        assert_eq!(
            receive(&s.state, &raw, None).await.unwrap(),
            Handled::Applied
        );
    }
);
