//! Reminders and digests in each reader's language.

use super::{choose, race_with_mail, rows, settings};
use crate::common::{Backend, START, TestServer};
use axum::http::StatusCode;
use serde_json::json;
use server::reminders::{self, SECOND};

/// Sets the account language of the player of `token`.
async fn read_in(s: &TestServer, token: &str, lang: &str) {
    let (status, body) = s
        .call(
            "POST",
            "/api/account/language",
            Some(token),
            Some(json!({ "lang": lang })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

// Issue 36: a player who reads Japanese gets the deadline's reminders, the GM's reminder and
// the digest in Japanese; the English reader's stay as they were.
on_both!(
    reminders_and_digests_are_in_each_readers_language,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, gm, seats) = race_with_mail(&s).await;
        read_in(&s, &seats[1], "ja").await;
        // A day before the deadline: red (English) and blue (Japanese) are reminded.
        assert_eq!(
            reminders::write_due(&s.state, START)
                .await
                .unwrap()
                .reminders,
            2
        );
        let sent = rows(&s, "reminder").await;
        let (_, subject, body, _) = sent.iter().find(|r| r.0 == "red@example.net").unwrap();
        assert!(
            subject.contains("red: orders due within a day (orders for turn 1)"),
            "{subject}"
        );
        assert!(body.starts_with("No orders from you yet for turn 1 of Tour de Test"));
        let (_, subject, body, _) = sent.iter().find(|r| r.0 == "blue@example.net").unwrap();
        assert_eq!(
            subject,
            "Tour de Test、blue：締め切りまで1日未満（第1ターンの命令）"
        );
        assert_eq!(mail::subject_turn(subject), Ok(Some(1)));
        for line in [
            "Tour de Testの第1ターンの命令がまだ届いていません。締め切りまで1日を切りました：\n",
            "（UTC）\n",
            "命令は、ウェブのフォームと同じように1行に書いてこのメールに返信するか、ゲームのページで送ってください：https://club.example/games/",
            "命令が届かなかった場合は命令未着（NMR）となり、あなたのチームはルールで決められた既定の動作をとります。\n",
        ] {
            assert!(body.contains(line), "{line}: {body}");
        }
        for english in [
            "No orders",
            "Reply to this mail",
            "Without orders",
            "Deadline",
        ] {
            assert!(!body.contains(english), "{english}: {body}");
        }
        // Two hours before: the second stage, in Japanese.
        reminders::write_due(&s.state, START + 86_400 - SECOND)
            .await
            .unwrap();
        let sent = rows(&s, "reminder").await;
        assert!(
            sent.iter()
                .any(|r| r.0 == "blue@example.net" && r.1.contains("締め切りまで2時間未満")),
            "{sent:?}"
        );
        // The GM's reminder, mailed to blue in blue's language.
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "remind", "seat": 1})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let sent = rows(&s, "reminder").await;
        let (_, subject, body, _) = sent.last().unwrap();
        assert_eq!(
            subject,
            "Tour de Test、blue：GM からのリマインダー（第1ターンの命令）"
        );
        assert!(
            body.starts_with("Tour de Testの GM、")
                && body.contains("第1ターンの命令がまだ届いていません。締め切りは2026年")
                && body.contains("（UTC）です。"),
            "{body}"
        );
        // The digest, in the account's language.
        let (status, _) = choose(&s, &seats[1], "digest").await;
        assert_eq!(status, StatusCode::OK);
        sqlx::query("UPDATE players SET digest_day = NULL")
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(
            reminders::write_due(&s.state, START + 86_400 - 60)
                .await
                .unwrap()
                .digests,
            1
        );
        let (to, subject, body, _) = rows(&s, "digest").await.pop().unwrap();
        assert_eq!(to, "blue@example.net");
        assert_eq!(subject, "postrider：命令待ちのゲーム1件");
        assert!(
            body.starts_with("次のゲームで、あなたの命令を待っています：\n\n")
                && body.contains(
                    "- Tour de Test（ブレイキング・アウェイ）、チーム「blue」：第1ターンの命令、締め切り 2026年"
                )
                && body.contains("またはメールで orders+")
                && body.contains("このまとめは、レポートやリマインダーの代わりに1日1回届きます。"),
            "{body}"
        );
    }
);
