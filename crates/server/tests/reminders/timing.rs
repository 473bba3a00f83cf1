//! When a reminder goes: a day and two hours before the deadline, once per turn, seat and stage
//! even with two servers on one database; games with nobody to remind marked together; and
//! only when it says something new.

use super::{race_with_mail, rows, seal_red, settings};
use crate::common::{Backend, START, TestServer, race};
use axum::http::StatusCode;
use serde_json::json;
use server::reminders::{self, SECOND, Written};
use sqlx::Row;

on_both!(
    reminders_a_day_and_two_hours_before_once_each,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (id, gm, seats) = race_with_mail(&s).await;
        seal_red(&s, id, &seats[0]).await;
        // More than a day before the deadline: nothing.
        assert_eq!(
            reminders::write_due(&s.state, START - 60).await.unwrap(),
            Written::default()
        );
        // A day before: blue (no orders, an address) is reminded; red has sealed, green has
        // no address.
        let first = reminders::write_due(&s.state, START).await.unwrap();
        assert_eq!(first.reminders, 1);
        let sent = rows(&s, "reminder").await;
        assert_eq!(sent.len(), 1);
        let (to, subject, body, key) = &sent[0];
        assert_eq!(to, "blue@example.net");
        assert!(
            subject.contains("blue: orders due within a day (orders for turn 1)"),
            "{subject}"
        );
        assert!(body.contains(&format!("https://club.example/games/{id}/orders")));
        assert!(
            body.contains("Reply to this mail with your orders"),
            "{body}"
        );
        // Issue 29: the first reminder gives the line-up limits and an example.
        for line in [
            "  A: 3 or 4 cards, adding up to at most 30\n",
            "  D: 3 cards, adding up to at most 16\n",
            "For example: A 10 10 10  B 8 8 9  C 3 8 9  D 5 5 6\n",
        ] {
            assert!(body.contains(line), "{line}: {body}");
        }
        assert_eq!(key.as_deref(), Some(&*format!("reminder/{id}/1/1/24h")));
        // Again in the same stage: nothing more, however often the worker passes ...
        assert_eq!(
            reminders::write_due(&s.state, START + 3600).await.unwrap(),
            Written::default()
        );
        // ... and even when a server forgot that it looked (the key is unique).
        sqlx::query("UPDATE games SET reminded_turn = NULL")
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(
            reminders::write_due(&s.state, START + 3600)
                .await
                .unwrap()
                .reminders,
            0
        );
        // Two hours before, two servers on one database at once: one reminder.
        let other = TestServer::on(&s.url, None, s.clock.clone()).await;
        let other_state = other.state.clone().with_mail(settings());
        let at = START + 86_400 - SECOND;
        let (a, b) = tokio::join!(
            reminders::write_due(&s.state, at),
            reminders::write_due(&other_state, at)
        );
        assert_eq!(a.unwrap().reminders + b.unwrap().reminders, 1);
        let sent = rows(&s, "reminder").await;
        assert_eq!(sent.len(), 2);
        assert!(sent[1].1.contains("orders due within two hours"));
        assert_eq!(
            sent[1].3.as_deref(),
            Some(&*format!("reminder/{id}/1/1/2h"))
        );
        // The next turn is a new turn: reminded again.
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let deadline: i64 = sqlx::query_scalar("SELECT next_deadline FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
        let next = reminders::write_due(&s.state, deadline - 3600)
            .await
            .unwrap();
        // Red and blue owe turn 2; only the two-hour stage is left.
        assert_eq!(next.reminders, 2);
        let keys: Vec<Option<String>> = rows(&s, "reminder")
            .await
            .into_iter()
            .map(|r| r.3)
            .collect();
        assert!(keys.contains(&Some(format!("reminder/{id}/2/0/2h"))));
        assert!(keys.contains(&Some(format!("reminder/{id}/2/1/2h"))));
        // No reminders without mail: the game is only marked.
        let off = TestServer::on(&s.url, None, s.clock.clone()).await;
        sqlx::query("UPDATE games SET reminded_turn = NULL")
            .execute(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(
            reminders::write_due(&off.state, deadline - 60)
                .await
                .unwrap(),
            Written::default()
        );
    }
);

on_both!(
    games_with_nobody_to_remind_are_marked_together_and_the_others_reminded,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let (reminded, gm, _) = race_with_mail(&s).await;
        // Five more races whose players gave no address: nobody to tell, in the same stage.
        let mut quiet = Vec::new();
        for k in 0..5 {
            let (id, _) = s
                .game_seated_by(&gm, race(&["a", "b"]), &format!("q{k}-"))
                .await;
            quiet.push(id);
        }
        let stages = |s: &TestServer| {
            let pool = s.state.db.pool.clone();
            async move {
                sqlx::query("SELECT id, reminded_turn, reminded_stage FROM games ORDER BY id")
                    .fetch_all(&pool)
                    .await
                    .unwrap()
                    .iter()
                    .map(|r| {
                        (
                            r.get::<i64, _>(0),
                            r.get::<Option<i64>, _>(1),
                            r.get::<Option<i64>, _>(2),
                        )
                    })
                    .collect::<Vec<_>>()
            }
        };
        let first = reminders::write_due(&s.state, START).await.unwrap();
        assert_eq!(
            first.reminders, 2,
            "red and blue of the race with addresses"
        );
        assert_eq!(rows(&s, "reminder").await.len(), 2);
        for (id, turn, stage) in stages(&s).await {
            assert_eq!(
                (turn, stage),
                (Some(1), Some(1)),
                "game {id} marked at the day's stage"
            );
        }
        assert!(quiet.iter().all(|id| *id != reminded));
        // Marked: the next pass in the stage looks at none of them.
        assert_eq!(
            reminders::write_due(&s.state, START + 60).await.unwrap(),
            Written::default()
        );
        // Two hours before: every game marked at the second stage, the race reminded again.
        let at = START + 86_400 - SECOND;
        assert_eq!(
            reminders::write_due(&s.state, at).await.unwrap().reminders,
            2
        );
        for (id, turn, stage) in stages(&s).await {
            assert_eq!((turn, stage), (Some(1), Some(2)), "game {id}");
        }
    }
);

/// The game `game` created by `gm`, each seat taken by a new player who confirmed an address
/// (`NAME@example.net`) before joining, so that each is welcomed by mail; returns the game's
/// id. The clock starts when the last seat is taken.
async fn joined_with_mail(s: &TestServer, gm: &str, game: serde_json::Value, prefix: &str) -> i64 {
    let (status, created) = s.call("POST", "/api/games", Some(gm), Some(game)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    for invite in created["invites"].as_array().unwrap() {
        let name = format!("{prefix}{}", invite["name"].as_str().unwrap());
        let token = s.player(&name).await;
        s.confirm_email(&token, &format!("{name}@example.net"))
            .await;
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/join"),
                Some(&token),
                Some(json!({ "invite": invite["invite"] })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    id
}

async fn deadline_of(s: &TestServer, id: i64) -> i64 {
    sqlx::query_scalar("SELECT next_deadline FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap()
}

// Issue 52: a reminder is mailed only when it says something new. In a 24-hour game the
// welcome and each report name a deadline a day away: "orders due within a day" in the same
// second would repeat them. A welcome that named no deadline yet, the two-hour stage, and a
// 72-hour game's day before still get theirs.
on_both!(
    a_reminder_is_mailed_only_when_it_says_something_new,
    |s: TestServer| async move {
        let mut s = s;
        s.state = s.state.clone().with_mail(settings());
        let gm = s.player("gm").await;
        let id = joined_with_mail(&s, &gm, race(&["red", "blue"]), "p-").await;
        let deadline = deadline_of(&s, id).await;
        assert_eq!(deadline, START + 86_400);
        // Red joined before the clock started: the welcome named no deadline. Blue's welcome
        // named this one, in this very second.
        let welcomes = rows(&s, "welcome").await;
        assert_eq!(welcomes.len(), 2);
        assert!(!welcomes[0].2.contains("Deadline: "), "{}", welcomes[0].2);
        assert!(welcomes[1].2.contains("Deadline: "), "{}", welcomes[1].2);
        let first = reminders::write_due(&s.state, START).await.unwrap();
        assert_eq!(first.reminders, 1);
        let sent = rows(&s, "reminder").await;
        assert_eq!(sent[0].0, "p-red@example.net");
        assert!(
            sent[0].1.contains("orders due within a day"),
            "{}",
            sent[0].1
        );
        // The turn played an hour later: each report names the next deadline, a day away. No
        // reminder repeats it, in the same second or later that day.
        s.clock.advance(3600);
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let deadline = deadline_of(&s, id).await;
        assert_eq!(deadline, START + 3600 + 86_400);
        assert_eq!(rows(&s, "report").await.len(), 2);
        for at in [START + 3600, START + 7200] {
            assert_eq!(
                reminders::write_due(&s.state, at).await.unwrap(),
                Written::default(),
                "at {at}"
            );
        }
        assert_eq!(rows(&s, "reminder").await.len(), 1);
        // Two hours before the deadline is news: both are reminded.
        let second = reminders::write_due(&s.state, deadline - SECOND)
            .await
            .unwrap();
        assert_eq!(second.reminders, 2);
        let sent = rows(&s, "reminder").await;
        assert!(
            sent[1..]
                .iter()
                .all(|r| r.1.contains("orders due within two hours")),
            "{sent:?}"
        );
        // A 72-hour game: the welcome named a deadline three days away, so the day before, the
        // reminder says something new.
        let mut game = race(&["green", "white"]);
        game["deadline"]["seconds"] = json!(3 * 86_400);
        let slow = joined_with_mail(&s, &gm, game, "q-").await;
        let deadline = deadline_of(&s, slow).await;
        assert_eq!(deadline, START + 3600 + 3 * 86_400);
        assert_eq!(
            reminders::write_due(&s.state, START + 3600)
                .await
                .unwrap()
                .reminders,
            0
        );
        let day_before = reminders::write_due(&s.state, deadline - 86_400)
            .await
            .unwrap();
        assert_eq!(day_before.reminders, 2);
        let keys: Vec<Option<String>> = rows(&s, "reminder")
            .await
            .into_iter()
            .map(|r| r.3)
            .collect();
        assert!(keys.contains(&Some(format!("reminder/{slow}/1/0/24h"))));
        assert!(keys.contains(&Some(format!("reminder/{slow}/1/1/24h"))));
    }
);
