//! A Japanese reader is answered in Japanese.

use super::{address, confirm, message, outbox, settings};
use crate::common::{Backend, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::mailbox::{Handled, receive};

// Issue 36: a player who reads Japanese gets every answer of the mail door in Japanese — the
// confirmation, the welcome, the echo of full-width orders sent in reply to the Japanese
// subject, the refusal, the press receipt and how to send orders — and none in English.
on_both!(
    a_japanese_reader_is_answered_in_japanese,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let gm = s.player("gm").await;
        let (status, created) = s
            .call(
                "POST",
                "/api/games",
                Some(&gm),
                Some(race(&["red", "blue"])),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        let blue = s.player("p-blue").await;
        let (status, body) = s
            .call(
                "POST",
                "/api/account/language",
                Some(&blue),
                Some(json!({"lang": "ja"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        confirm(&s, &blue, "blue@example.net").await;
        let confirmation = outbox(&s)
            .await
            .into_iter()
            .find(|m| m.0 == "confirm")
            .unwrap();
        assert_eq!(confirmation.3, "postrider：メールアドレスの確認");
        assert!(
            confirmation
                .4
                .contains("48時間以内に次のリンクを開いてください：\n\nhttps://"),
            "{}",
            confirmation.4
        );
        for (k, token) in [s.player("p-red").await, blue.clone()].iter().enumerate() {
            let (status, body) = s
                .call(
                    "POST",
                    &format!("/api/games/{id}/join"),
                    Some(token),
                    Some(json!({ "invite": created["invites"][k]["invite"] })),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (kind, to, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (kind.as_str(), to.as_str(), subject.as_str()),
            (
                "welcome",
                "blue@example.net",
                "Tour de Test、blue：ようこそ（第1ターンの命令）"
            )
        );
        assert!(
            body.starts_with(
                "p-blueさん、Tour de Testへようこそ。このBreaking Awayのゲームで、あなたはチーム「blue」を担当します。\n締め切り：2026年"
            ),
            "{body}"
        );
        assert!(
            body.contains("命令はこのメールに返信して送ってください"),
            "{body}"
        );
        // The first orders' help too: the line-up's limits and an example.
        for line in [
            "レースの前に、各選手のスタート時の手札を1〜15の数で選んでください（郵便ルール3.1）：\n",
            "例：",
            "命令のない選手は手札の最大のカードを出します。",
        ] {
            assert!(body.contains(line), "{line}: {body}");
        }
        assert!(!body.contains("Before the race"), "{body}");
        // Full-width orders in reply to the Japanese subject: read, and echoed in Japanese.
        let to_blue = address(&s, id, &blue).await;
        let reply = |id: &str, body: &str| {
            message(
                &to_blue,
                id,
                "Re: Tour de Test、blue：ようこそ（第1ターンの命令）",
                body,
            )
        };
        let handled = receive(
            &s.state,
            &reply(
                "ja1@example.net",
                "Ａ　４　５　６　Ｂ　９　９　７　Ｃ　６　８　５　Ｄ　７　５　４\nＡ　６　Ｂ　９　Ｃ　８　Ｄ　７\n",
            ),
            Some(&to_blue),
        )
        .await
        .unwrap();
        assert_eq!(handled, Handled::Applied);
        let (kind, _, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (kind.as_str(), subject.as_str()),
            (
                "echo",
                "Tour de Test、blue：読み取った命令（第1ターンの命令）"
            )
        );
        for line in [
            "スタート時の手札を封印しました：",
            "第1ターンの命令を、次のとおり読み取って封印しました：\n",
            "\n締め切りまでは、このメールに返信して命令を変更できます。最後に封印した命令が有効です。\n締め切り：2026年",
        ] {
            assert!(body.contains(line), "{line}: {body}");
        }
        // Orders that do not read: refused, in Japanese (the rules' own error as they give it).
        let handled = receive(
            &s.state,
            &reply("ja2@example.net", "Ａ　１０　Ｅ　６\n"),
            Some(&to_blue),
        )
        .await
        .unwrap();
        assert_eq!(handled, Handled::Refused);
        let (kind, _, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (kind.as_str(), subject.as_str()),
            (
                "refusal",
                "Tour de Test、blue：命令は未適用（第1ターンの命令）"
            )
        );
        assert!(
            body.starts_with("メールの内容は適用されませんでした。何も封印していません。\n\n- "),
            "{body}"
        );
        assert!(
            body.contains("\n直し方：ウェブのフォームと同じように"),
            "{body}"
        );
        // The line that does not read is quoted as typed, and why in Japanese.
        assert!(body.contains("- 「Ａ　１０　Ｅ　６」："), "{body}");
        assert!(!body.contains("is not a rider"), "{body}");
        // Press alone: its receipt.
        let handled = receive(
            &s.state,
            &reply("ja3@example.net", "Press:\n坂で会いましょう。\n"),
            Some(&to_blue),
        )
        .await
        .unwrap();
        assert_eq!(handled, Handled::Applied);
        let (kind, _, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!(
            (kind.as_str(), subject.as_str()),
            ("press", "Tour de Test、blue：プレス（第1ターンの命令）")
        );
        assert!(
            body.starts_with("メールのプレス：\n\n- 掲載しました：")
                && body.contains("「坂で会いましょう。」")
                && body.contains("「Orders:」の行で終わります。"),
            "{body}"
        );
        // A mail to the bare order address: how to send orders, in Japanese.
        let bare = b"From: blue@example.net\r\nTo: orders@club.example\r\nSubject: orders\r\n\
              Message-ID: <ja4@example.net>\r\n\r\nA 6 B 9 C 8 D 7\r\n";
        assert_eq!(
            receive(&s.state, bare, Some("orders@club.example"))
                .await
                .unwrap(),
            Handled::Refused
        );
        let (kind, _, _, subject, body) = outbox(&s).await.pop().unwrap();
        assert_eq!((kind.as_str(), subject.as_str()), ("howto", "命令の送り方"));
        assert!(
            body.contains(&format!(
                "。あなたの席のアドレス：\n\n  Tour de Test、blue：{to_blue}\n"
            )),
            "{body}"
        );
        for (_, to, _, subject, body) in outbox(&s).await {
            if to == "blue@example.net" {
                for english in ["Your mail", "Reply to", "How to fix", "Deadline", "Welcome"] {
                    assert!(
                        !subject.contains(english) && !body.contains(english),
                        "{english}: {subject}\n{body}"
                    );
                }
            }
        }
    }
);
