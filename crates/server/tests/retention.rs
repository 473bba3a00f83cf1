//! What the server keeps of mail (issue 31): a handled inbound message's raw text and the
//! outbox's sent and given-up rows go after the retention; the inbound row, an unhandled
//! message and a mail still to send stay. On SQLite and on PostgreSQL.

use crate::common::*;
use server::store::OutMail;
use server::store::retention::{Cleaned, clean};

const DAY: i64 = 86_400;

/// A mail to an order address no seat has: stored, then dropped (handled).
const STRANGER: &[u8] =
    b"From: someone@example.net\r\nTo: orders+nosuchseat@club.example\r\nSubject: hi\r\n\r\nA 1 B 2\r\n";

async fn raw_of(s: &TestServer, id: i64) -> (usize, String) {
    let (raw, status): (Vec<u8>, String) =
        sqlx::query_as("SELECT raw, status FROM inbound_mail WHERE id = $1")
            .bind(id)
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
    (raw.len(), status)
}

async fn newest_inbound(s: &TestServer) -> i64 {
    sqlx::query_scalar("SELECT MAX(id) FROM inbound_mail")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap()
}

async fn outbox_ids(s: &TestServer) -> Vec<i64> {
    sqlx::query_scalar("SELECT id FROM outbox ORDER BY id")
        .fetch_all(&s.state.db.pool)
        .await
        .unwrap()
}

on_both!(
    old_mail_is_cleaned_and_what_is_pending_or_recent_stays,
    |s: TestServer| async move {
        let old = s.clock_now();
        server::mailbox::receive(&s.state, STRANGER, Some("orders+nosuchseat@club.example"))
            .await
            .unwrap();
        let handled = newest_inbound(&s).await;
        // A message stored but not yet handled (its delivery stopped half-way).
        let unhandled =
            server::store::inbound::store_raw(&s.state, old, None, b"Subject: x\r\n\r\ny\r\n")
                .await
                .unwrap();
        for to in [
            "sent@example.net",
            "gave-up@example.net",
            "waiting@example.net",
        ] {
            let mail = OutMail {
                kind: "welcome".into(),
                to: to.into(),
                subject: "Welcome".into(),
                body: "Hello".into(),
                ..OutMail::default()
            };
            assert!(
                server::store::outbox_rows::queue_alone(&s.state, &mail)
                    .await
                    .unwrap()
            );
        }
        let ids = outbox_ids(&s).await;
        for (column, id) in [("sent_at", ids[0]), ("failed_at", ids[1])] {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "UPDATE outbox SET {column} = $1 WHERE id = $2"
            )))
            .bind(old)
            .bind(id)
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        }
        // Three months on, a new message arrives; the retention is 90 days.
        s.clock.advance(91 * DAY);
        server::mailbox::receive(&s.state, STRANGER, Some("orders+nosuchseat@club.example"))
            .await
            .unwrap();
        let recent = newest_inbound(&s).await;
        let before = s.clock_now() - 90 * DAY;
        assert_eq!(
            clean(&s.state, before).await.unwrap(),
            Cleaned {
                raw_mails: 1,
                outbox_rows: 2
            }
        );
        let (length, status) = raw_of(&s, handled).await;
        assert_eq!(
            (length, status.as_str()),
            (0, "dropped"),
            "the row and its outcome stay"
        );
        assert!(
            raw_of(&s, unhandled).await.0 > 0,
            "an unhandled message is kept whole"
        );
        assert!(
            raw_of(&s, recent).await.0 > 0,
            "a recent message is kept whole"
        );
        assert_eq!(
            outbox_ids(&s).await,
            [ids[2]],
            "the mail still to send stays"
        );
        // Nothing more to clean.
        assert_eq!(clean(&s.state, before).await.unwrap(), Cleaned::default());
    }
);
