//! Absences (issue 35): a player away has their seat played at each deadline by the rules' NMR
//! default or the bot they chose, logged so that a replay reproduces the game; those turns
//! count against the game's allowance and, within it, are excused from the on-time record
//! (which matches a plain reading of the log); past the allowance the turn is an NMR; a window
//! for all games covers each of them; once the window ends the player's own orders count; and
//! bad declarations are refused with one line naming the field.

use crate::common::*;
use axum::http::StatusCode;
use game_api::Seat;
use gm::{Author, Event};
use serde_json::{Value, json};

const DAY: i64 = 86_400;

async fn log(s: &TestServer, id: i64) -> Vec<Event> {
    server::store::events(&s.state, id)
        .await
        .unwrap()
        .into_iter()
        .map(|(_, _, _, e)| e)
        .collect()
}

/// The entries of the log after its `from`th.
async fn log_since(s: &TestServer, id: i64, from: usize) -> Vec<Event> {
    log(s, id).await.split_off(from)
}

async fn call_ok(
    s: &TestServer,
    method: &str,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> Value {
    let (status, answer) = s.call(method, path, Some(token), body).await;
    assert_eq!(status, StatusCode::OK, "{method} {path}: {answer}");
    answer
}

async fn resolve(s: &TestServer, id: i64, gm: &str) {
    call_ok(
        s,
        "POST",
        &format!("/api/games/{id}/gm"),
        gm,
        Some(json!({"action": "resolve"})),
    )
    .await;
}

/// Logs `name` in through the form.
async fn log_in(browser: &mut Browser<'_>, name: &str) {
    let page = browser
        .submit(
            "/login",
            "/login",
            &[
                ("name", name),
                ("password", "correct horse battery"),
                ("next", "/"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
}

/// An instant as the API takes it.
fn rfc3339(seconds: i64) -> String {
    jiff::Timestamp::from_second(seconds).unwrap().to_string()
}

/// (seated, sent, nmr, excused) of `player`'s profile.
async fn on_time(s: &TestServer, player: &str) -> (u64, u64, u64, u64) {
    let (status, p) = s
        .call("GET", &format!("/api/players/{player}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{p}");
    let t = &p["on_time"];
    let n = |k: &str| t[k].as_u64().unwrap_or_else(|| panic!("{k}: {p}"));
    (n("seated"), n("sent"), n("nmr"), n("excused"))
}

/// Each seat's excused turns read plainly from a log with no roll-back: every `away` entry
/// that says excused, counted for its seat.
fn plainly_excused(log: &[Event], seat: u8) -> u64 {
    log.iter()
        .filter(|e| matches!(e, Event::Away { seat: s, excused: true, .. } if s.0 == seat))
        .count() as u64
}

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
        assert!(page.contains("played by the bot heuristic"), "{page}");

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
                && turn_page.contains("played by the bot heuristic (excused)"),
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
        assert!(turn_page.contains("NMR default (excused)"), "{turn_page}");
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
        server::store::process_due(&s.state).await.unwrap();
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

on_both!(
    bad_declarations_and_allowances_are_refused_with_one_line_naming_the_field,
    |s: TestServer| async move {
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        let now = s.clock_now();
        let stranger = s.player("stranger").await;
        for (body, field, token) in [
            (
                json!({"from": rfc3339(now - 3 * DAY), "to": rfc3339(now - DAY)}),
                "from:",
                &seats[0],
            ),
            (
                json!({"from": rfc3339(now + 3 * DAY), "to": rfc3339(now + DAY)}),
                "to:",
                &seats[0],
            ),
            (
                json!({"to": rfc3339(now + DAY), "bot": "skynet"}),
                "bot:",
                &seats[0],
            ),
            (json!({"to": rfc3339(now + 61 * DAY)}), "to:", &seats[0]),
            (json!({"to": "next tuesday"}), "to:", &seats[0]),
            (
                json!({"to": rfc3339(now + DAY), "game": id}),
                "game:",
                &stranger,
            ),
            (
                json!({"to": rfc3339(now + DAY), "game": 9999}),
                "game:",
                &seats[0],
            ),
        ] {
            let (status, answer) = s
                .call("POST", "/api/absences", Some(token), Some(body.clone()))
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
            let error = answer["error"].as_str().unwrap();
            assert!(error.starts_with(field), "{body}: {error}");
            assert!(!error.contains('\n'), "{error}");
        }
        let (status, answer) = s
            .call(
                "POST",
                "/api/absences",
                Some(&seats[0]),
                Some(json!({"to": rfc3339(now + 61 * DAY)})),
            )
            .await;
        assert!(
            answer["error"].as_str().unwrap().contains("at most 60"),
            "{status} {answer}"
        );
        // A local time is read in the player's time zone (UTC here, none chosen).
        let local = jiff::Timestamp::from_second(now + DAY)
            .unwrap()
            .strftime("%Y-%m-%dT%H:%M")
            .to_string();
        let declared = call_ok(
            &s,
            "POST",
            "/api/absences",
            &seats[0],
            Some(json!({"to": local})),
        )
        .await;
        assert_eq!(declared["to"], (now + DAY) / 60 * 60, "{declared}");
        // Nothing was stored by the refusals.
        let mine = call_ok(&s, "GET", "/api/absences", &seats[0], None).await;
        assert_eq!(mine.as_array().unwrap().len(), 1, "{mine}");
        // The allowance: the GM's, 0 to 20.
        let path = format!("/api/games/{id}/absences");
        let (status, answer) = s
            .call("POST", &path, Some(&gm), Some(json!({"allowance": 21})))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(
            answer["error"].as_str().unwrap().starts_with("allowance:"),
            "{answer}"
        );
        let (status, answer) = s
            .call(
                "POST",
                &path,
                Some(&seats[0]),
                Some(json!({"allowance": 3})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
        let shown = call_ok(&s, "GET", &path, &gm, None).await;
        assert_eq!(shown["allowance"], 2, "{shown}");
    }
);

// Issue 50: `+25:00` was read (RFC 3339's grammar allows offsets to ±25:59); no place is more
// than 14 hours from UTC, so a wider offset is refused naming the field, and ±14:00 is read.
on_both!(
    an_offset_beyond_fourteen_hours_is_refused,
    |s: TestServer| async move {
        let (_id, _gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        // START is 2026-11-22T12:00Z: each of these is within the next days.
        for (body, field) in [
            (json!({"to": "2026-11-24T12:00:00+25:00"}), "to:"),
            (json!({"to": "2026-11-24T12:00:00-14:30"}), "to:"),
            (
                json!({"from": "2026-11-23T12:00:00+14:01", "to": "2026-11-25T12:00:00Z"}),
                "from:",
            ),
        ] {
            let (status, answer) = s
                .call("POST", "/api/absences", Some(&seats[0]), Some(body.clone()))
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
            let error = answer["error"].as_str().unwrap();
            assert!(error.starts_with(field), "{body}: {error}");
            assert!(error.contains("14 hours"), "{body}: {error}");
        }
        let mine = call_ok(&s, "GET", "/api/absences", &seats[0], None).await;
        assert_eq!(mine.as_array().unwrap().len(), 0, "{mine}");
        // The widest offsets kept anywhere are read.
        let declared = call_ok(
            &s,
            "POST",
            "/api/absences",
            &seats[0],
            Some(json!({"to": "2026-11-24T12:00:00+14:00"})),
        )
        .await;
        assert_eq!(declared["to"], START + 2 * DAY - 14 * 3600, "{declared}");
        let declared = call_ok(
            &s,
            "POST",
            "/api/absences",
            &seats[1],
            Some(json!({"to": "2026-11-24T12:00:00-12:00"})),
        )
        .await;
        assert_eq!(declared["to"], START + 2 * DAY + 12 * 3600, "{declared}");
    }
);

on_both!(
    the_forms_declare_and_end_an_absence_and_the_console_sets_the_allowance,
    |s: TestServer| async move {
        let (id, _gm, _seats) = s.seated_game(race(&["red", "blue"])).await;
        let mut gm = Browser::new(&s);
        log_in(&mut gm, "gm").await;
        let console = format!("/games/{id}/gm");
        let done = gm
            .submit(
                &console,
                &format!("/games/{id}/allowance"),
                &[("allowance", "3")],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        assert!(
            gm.get(&console)
                .await
                .html
                .contains(r#"name="allowance" value="3""#)
        );
        let refused = gm
            .submit(
                &console,
                &format!("/games/{id}/allowance"),
                &[("allowance", "many")],
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(
            // A page leaves the API's field name out (issue 51).
            refused.html.contains("&quot;many&quot;") || refused.html.contains("\"many\""),
            "{}",
            refused.html
        );

        let mut blue = Browser::new(&s);
        log_in(&mut blue, "p-blue").await;
        let game = format!("/games/{id}");
        // The seat's player declares an absence on the seat's settings (issue 51: the game
        // page leads with the race, its settings a link away).
        let seat = format!("/games/{id}/seat");
        assert!(!blue.get(&game).await.html.contains(r#"id="absence-form""#));
        assert!(blue.get(&seat).await.html.contains(r#"id="absence-form""#));
        let now = s.clock_now();
        let local = |t: i64| {
            jiff::Timestamp::from_second(t)
                .unwrap()
                .strftime("%Y-%m-%dT%H:%M")
                .to_string()
        };
        // A window that ends before it starts: one line naming the field.
        let bad = blue
            .submit(
                &seat,
                "/profile/absences",
                &[
                    ("game", &id.to_string()),
                    ("back", &seat),
                    ("from", &local(now + 2 * DAY)),
                    ("to", &local(now + DAY)),
                    ("bot", ""),
                ],
            )
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert!(bad.html.contains("is not after the window"), "{}", bad.html);
        let done = blue
            .submit(
                &seat,
                "/profile/absences",
                &[
                    ("game", &id.to_string()),
                    ("back", &seat),
                    ("from", ""),
                    ("to", &local(now + 2 * DAY)),
                    ("bot", "heuristic"),
                ],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        assert_eq!(
            done.location.as_deref(),
            Some(format!("{seat}#absences").as_str())
        );
        // Everyone sees the seat away, until when, and who plays it.
        let (_, page) = s.get_text(&game).await;
        assert!(
            page.contains("<strong>blue</strong> is away until"),
            "{page}"
        );
        assert!(page.contains("played by the bot heuristic"), "{page}");
        let profile = blue.get("/profile").await;
        assert!(profile.html.contains("End it now"), "{}", profile.html);
        let absence = call_absence_id(&profile.html);
        let ended = blue
            .submit("/profile", &format!("/absences/{absence}/withdraw"), &[])
            .await;
        assert_eq!(ended.status, StatusCode::SEE_OTHER, "{}", ended.html);
        let (_, page) = s.get_text(&game).await;
        assert!(!page.contains("is away until"), "{page}");
    }
);

/// The id in the first withdraw form of a page.
fn call_absence_id(html: &str) -> i64 {
    let at = html.find("/absences/").expect("a withdraw form") + "/absences/".len();
    html[at..].split('/').next().unwrap().parse().unwrap()
}
