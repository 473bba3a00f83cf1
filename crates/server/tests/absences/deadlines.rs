//! An absent seat at each deadline: played by its bot or the rules' NMR default within the
//! allowance and excused from the on-time record, an NMR past it, the player's own orders once
//! the window ends, and a window for all games covering each of them.

use super::{DAY, call_ok, log, log_in, log_since, on_time, plainly_excused, resolve, rfc3339};
use crate::common::*;
use axum::http::StatusCode;
use game_api::Seat;
use gm::{Author, Event};
use serde_json::json;

on_both!(
    an_absence_plays_the_seat_by_its_bot_within_the_allowance_and_past_it_the_turn_is_an_nmr,
    |s: TestServer| async move {
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        // Red is a bot's throughout (so that every turn has its orders); blue goes away.
        s.bot_seats(id, &gm, 0..1, "random").await;
        let now = s.clock_now();
        let declared = call_ok(
            &s,
            "POST",
            "/api/absences",
            &seats[1],
            Some(json!({"to": rfc3339(now + 10 * DAY), "game": id, "bot": "heuristic"})),
        )
        .await;
        assert_eq!(declared["state"], "running", "{declared}");
        assert_eq!(declared["bot"], "heuristic");
        let page = s.get_text(&format!("/games/{id}")).await.1;
        assert!(page.contains("is away until"), "{page}");
        assert!(page.contains("played by the rule-of-thumb bot"), "{page}");

        // Turns 1 and 2: the bot plays blue, excused (the default allowance is 2).
        for turn in 1..=2u16 {
            let before = log(&s, id).await.len();
            resolve(&s, id, &gm).await;
            let entries = log_since(&s, id, before).await;
            assert!(
                matches!(&entries[0], Event::Away { seat: Seat(1), bot: Some(b), excused: true, until } if b == "heuristic" && *until == now + 10 * DAY),
                "turn {turn}: {entries:?}"
            );
            assert!(
                entries.iter().any(|e| matches!(e, Event::Orders { seat: Seat(1), author: Author::Bot(b), .. } if b == "heuristic")),
                "turn {turn}: {entries:?}"
            );
        }
        // The turn's report says who played the absent seat, and until when.
        let (_, turn_page) = s.get_text(&format!("/games/{id}/turns/1")).await;
        assert!(
            turn_page.contains("Away: blue, away until")
                && turn_page.contains("played by the rule-of-thumb bot (excused)"),
            "{turn_page}"
        );
        // Turn 3: past the allowance the absence no longer plays the seat: an NMR.
        let before = log(&s, id).await.len();
        resolve(&s, id, &gm).await;
        let entries = log_since(&s, id, before).await;
        assert!(
            matches!(
                &entries[0],
                Event::Away {
                    seat: Seat(1),
                    bot: None,
                    excused: false,
                    ..
                }
            ),
            "{entries:?}"
        );
        assert!(
            !entries
                .iter()
                .any(|e| matches!(e, Event::Orders { seat: Seat(1), .. })),
            "{entries:?}"
        );
        let absences = call_ok(&s, "GET", &format!("/api/games/{id}/absences"), &gm, None).await;
        assert_eq!(absences["allowance"], 2, "{absences}");
        assert_eq!(absences["seats"][1]["used"], 2, "{absences}");
        assert_eq!(absences["seats"][1]["away"]["excused"], false, "{absences}");

        // The on-time record: two excused turns, one seated and missed; it matches the log
        // read plainly and gm's reading of it, and the log replays.
        let full = log(&s, id).await;
        assert_eq!(plainly_excused(&full, 1), 2);
        assert_eq!(on_time(&s, "p-blue").await, (1, 0, 1, 2));
        let replayed = gm::on_time(&full).unwrap();
        assert_eq!(replayed["p-blue"].excused, 2);
        assert_eq!(replayed["p-blue"].nmr, 1);
        let record = gm::Record::replay(&full).unwrap();
        assert_eq!(record.resolved(), 3);
        // The GM's console shows each seat's used and total allowance.
        let mut browser = Browser::new(&s);
        log_in(&mut browser, "gm").await;
        let console = browser.get(&format!("/games/{id}/gm")).await;
        assert!(
            console.html.contains("Excused turns used"),
            "{}",
            console.html
        );
        assert!(
            console.html.contains("<td>blue</td><td>2 of 2</td>"),
            "{}",
            console.html
        );
    }
);

on_both!(
    the_rules_nmr_default_plays_an_absent_seat_and_once_the_window_ends_the_players_orders_count,
    |s: TestServer| async move {
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        s.bot_seats(id, &gm, 0..1, "random").await;
        // The GM allows one excused turn.
        let set = call_ok(
            &s,
            "POST",
            &format!("/api/games/{id}/absences"),
            &gm,
            Some(json!({"allowance": 1})),
        )
        .await;
        assert_eq!(set["allowance"], 1, "{set}");
        let now = s.clock_now();
        let declared = call_ok(
            &s,
            "POST",
            "/api/absences",
            &seats[1],
            Some(json!({"to": rfc3339(now + 3 * DAY), "game": id})),
        )
        .await;
        let absence = declared["id"].as_i64().unwrap();
        let before = log(&s, id).await.len();
        resolve(&s, id, &gm).await;
        let entries = log_since(&s, id, before).await;
        assert!(
            matches!(
                &entries[0],
                Event::Away {
                    seat: Seat(1),
                    bot: None,
                    excused: true,
                    ..
                }
            ),
            "{entries:?}"
        );
        assert!(
            !entries.iter().any(|e| e.sealed_seat() == Some(Seat(1))),
            "{entries:?}"
        );
        // The turn's report says so (the apostrophe escaped on the page).
        let (_, turn_page) = s.get_text(&format!("/games/{id}/turns/1")).await;
        assert!(
            turn_page.contains("default for missing orders (excused)"),
            "{turn_page}"
        );
        // The player ends the window early: from the next deadline their seat is theirs.
        let ended = call_ok(
            &s,
            "DELETE",
            &format!("/api/absences/{absence}"),
            &seats[1],
            None,
        )
        .await;
        assert_eq!(ended["done"], "ended", "{ended}");
        let table = server::store::load(&s.state, id).await.unwrap();
        let own = table.record.bot_events(Seat(1), "random").unwrap();
        let orders = own
            .iter()
            .find_map(|e| match e {
                Event::Orders { text, .. } => Some(text.clone()),
                _ => None,
            })
            .unwrap();
        call_ok(
            &s,
            "POST",
            &format!("/api/games/{id}/orders"),
            &seats[1],
            Some(json!({"orders": orders})),
        )
        .await;
        let before = log(&s, id).await.len();
        resolve(&s, id, &gm).await;
        let entries = log_since(&s, id, before).await;
        assert!(
            !entries.iter().any(|e| matches!(e, Event::Away { .. })),
            "{entries:?}"
        );
        // Turn 1 excused, turn 2 sent by the player.
        assert_eq!(on_time(&s, "p-blue").await, (1, 1, 0, 1));
        // Turn 3 at its deadline (the worker's pass): nothing sent, no window, an NMR.
        s.clock.advance(2 * DAY);
        server::games::process_due(&s.state).await.unwrap();
        assert_eq!(on_time(&s, "p-blue").await, (2, 1, 1, 1));
        let full = log(&s, id).await;
        assert_eq!(
            full.iter()
                .filter(|e| matches!(e, Event::Away { .. }))
                .count(),
            1
        );
        gm::Record::replay(&full).unwrap();
    }
);

on_both!(
    an_absence_for_all_games_covers_two_games_and_one_not_begun_can_be_cancelled,
    |s: TestServer| async move {
        let (first, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        s.bot_seats(first, &gm, 0..1, "random").await;
        // Blue's player takes a seat in a second game too.
        let (status, created) = s
            .call(
                "POST",
                "/api/games",
                Some(&gm),
                Some(race(&["green", "white"])),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let second = created["id"].as_i64().unwrap();
        let invite = &created["invites"][1]["invite"];
        call_ok(
            &s,
            "POST",
            &format!("/api/games/{second}/join"),
            &seats[1],
            Some(json!({"invite": invite})),
        )
        .await;
        s.bot_seats(second, &gm, 0..1, "random").await;
        let now = s.clock_now();
        // One window that has not begun: cancelled, it is gone.
        let later = call_ok(
            &s,
            "POST",
            "/api/absences",
            &seats[1],
            Some(json!({"from": rfc3339(now + 20 * DAY), "to": rfc3339(now + 25 * DAY)})),
        )
        .await;
        assert_eq!(later["state"], "upcoming");
        let cancelled = call_ok(
            &s,
            "DELETE",
            &format!("/api/absences/{}", later["id"]),
            &seats[1],
            None,
        )
        .await;
        assert_eq!(cancelled["done"], "cancelled");
        // Another's window is not theirs to withdraw.
        let (status, _) = s
            .call(
                "DELETE",
                &format!("/api/absences/{}", later["id"]),
                Some(&seats[0]),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        call_ok(
            &s,
            "POST",
            "/api/absences",
            &seats[1],
            Some(json!({"to": rfc3339(now + 5 * DAY), "bot": "random"})),
        )
        .await;
        let mine = call_ok(&s, "GET", "/api/absences", &seats[1], None).await;
        assert_eq!(mine.as_array().unwrap().len(), 1, "{mine}");
        for id in [first, second] {
            let before = log(&s, id).await.len();
            resolve(&s, id, &gm).await;
            let entries = log_since(&s, id, before).await;
            assert!(
                matches!(&entries[0], Event::Away { seat: Seat(1), bot: Some(b), excused: true, .. } if b == "random"),
                "game {id}: {entries:?}"
            );
        }
        assert_eq!(on_time(&s, "p-blue").await, (0, 0, 0, 2));
    }
);
