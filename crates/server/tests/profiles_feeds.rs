//! Public profiles and seat feeds (issue 35): the on-time record equals a plain reading of the
//! games' logs, a game's minimum record refuses a player below it, and a seat's calendar and
//! report feeds parse (iCalendar by `icalendar`'s parser, Atom as XML), hold only what the seat
//! sees, follow the GM's extension and pause, and stop answering once renewed.

use std::collections::BTreeMap;

use crate::common::*;
use axum::http::StatusCode;
use gm::{Author, Event};
use icalendar::Component;
use serde_json::{Value, json};

/// Each player's (seated, sent) read plainly from a log: at each resolution that was not taken
/// back, every seat held in person whose player sealed orders since the last resolution sent
/// them; the others did not. (The games here have no roll-back, no bots in players' seats, and
/// every seat has orders to send.)
fn plain_reading(log: &[Event]) -> BTreeMap<String, (u32, u32)> {
    let mut holders: BTreeMap<u8, String> = BTreeMap::new();
    let mut sealed: BTreeMap<u8, bool> = BTreeMap::new();
    let mut tallies: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for event in log {
        match event {
            Event::SeatClaimed { seat, player } => {
                holders.insert(seat.0, player.clone());
            }
            Event::SeatFreed { seat } => {
                holders.remove(&seat.0);
            }
            Event::Orders {
                seat,
                author: Author::Player,
                ..
            } => {
                sealed.insert(seat.0, true);
            }
            Event::Resolved { .. } => {
                for (seat, player) in &holders {
                    let t = tallies.entry(player.clone()).or_default();
                    t.0 += 1;
                    t.1 += u32::from(sealed.get(seat).copied().unwrap_or(false));
                }
                sealed.clear();
            }
            _ => {}
        }
    }
    tallies
}

async fn log(s: &TestServer, id: i64) -> Vec<Event> {
    server::store::events(&s.state, id)
        .await
        .unwrap()
        .into_iter()
        .map(|(_, _, _, e)| e)
        .collect()
}

async fn gm_do(s: &TestServer, id: i64, gm: &str, action: Value) {
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(gm),
            Some(action),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

const LINEUP: &str = "A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4";

on_both!(
    the_on_time_record_matches_a_replay_of_the_games_and_gates_a_game,
    |s: TestServer| async move {
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        let orders = format!("/api/games/{id}/orders");
        // Turn 1: red sends a line-up and orders, blue only a line-up (its orders are NMR'd).
        let (status, body) = s
            .call(
                "POST",
                &orders,
                Some(&seats[0]),
                Some(json!({"lineup": LINEUP, "orders": "A 6 B 9 C 8 D 7"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = s
            .call(
                "POST",
                &orders,
                Some(&seats[1]),
                Some(json!({"lineup": LINEUP})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        gm_do(&s, id, &gm, json!({"action": "resolve"})).await;
        // Turn 2: nobody sends; then the GM frees blue's seat (abandoned mid-race).
        gm_do(&s, id, &gm, json!({"action": "resolve"})).await;
        gm_do(&s, id, &gm, json!({"action": "free", "seat": 1})).await;

        let expected = plain_reading(&log(&s, id).await);
        assert_eq!(expected["p-red"], (2, 1));
        assert_eq!(expected["p-blue"], (2, 0));
        for (name, abandoned) in [("p-red", 0), ("p-blue", 1)] {
            let (status, profile) = s
                .call("GET", &format!("/api/players/{name}"), None, None)
                .await;
            assert_eq!(status, StatusCode::OK, "{profile}");
            let t = &profile["on_time"];
            let (seated, sent) = expected[name];
            assert_eq!(t["seated"], seated, "{name}: {profile}");
            assert_eq!(t["sent"], sent, "{name}: {profile}");
            assert_eq!(t["nmr"], seated - sent, "{name}: {profile}");
            assert_eq!(t["abandoned"], abandoned, "{name}: {profile}");
            assert_eq!(profile["games"][0]["id"], id);
            // The page shows the same figures.
            let (status, page) = s.get_text(&format!("/players/{name}")).await;
            assert_eq!(status, StatusCode::OK);
            assert!(
                page.contains(&format!("{sent} of {seated} turns seated")),
                "{page}"
            );
        }
        let (status, body) = s.call("GET", "/api/players/nobody", None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert_eq!(
            body["error"],
            "player: no account called \"nobody\" on this server"
        );

        // A game asking for 60%: red (50%) and blue (0%) are refused, a newcomer is let in.
        let (status, created) = s
            .call(
                "POST",
                "/api/games",
                Some(&gm),
                Some(race(&["a", "b", "c"])),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let next = created["id"].as_i64().unwrap();
        let requirements = format!("/api/games/{next}/requirements");
        let (status, body) = s
            .call(
                "POST",
                &requirements,
                Some(&seats[0]),
                Some(json!({"min_on_time": 60})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "only the GM: {body}");
        let (status, body) = s
            .call(
                "POST",
                &requirements,
                Some(&gm),
                Some(json!({"min_on_time": 101})),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"].as_str().unwrap().starts_with("min_on_time:"),
            "{body}"
        );
        let (status, body) = s
            .call(
                "POST",
                &requirements,
                Some(&gm),
                Some(json!({"min_on_time": 60})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            s.call("GET", &requirements, None, None).await.1["min_on_time"],
            60
        );
        let join = format!("/api/games/{next}/join");
        let invite = |n: usize| json!({ "invite": created["invites"][n]["invite"] });
        let (status, body) = s
            .call("POST", &join, Some(&seats[0]), Some(invite(0)))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .contains("at least 60% (yours: 50%"),
            "{body}"
        );
        let newcomer = s.player("newcomer").await;
        let (status, body) = s
            .call("POST", &join, Some(&newcomer), Some(invite(1)))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // Lowered to 50%, red is let in.
        s.call(
            "POST",
            &requirements,
            Some(&gm),
            Some(json!({"min_on_time": 50})),
        )
        .await;
        let (status, body) = s
            .call("POST", &join, Some(&seats[0]), Some(invite(0)))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
);

/// The calendar's events by UID: (start as written, status).
fn calendar_events(text: &str) -> BTreeMap<String, (String, String)> {
    let calendar: icalendar::Calendar = text.parse().expect("the calendar parses");
    calendar
        .events()
        .map(|e| {
            (
                e.get_uid().unwrap().to_string(),
                (
                    e.property_value("DTSTART").unwrap().to_string(),
                    e.property_value("STATUS").unwrap_or("").to_string(),
                ),
            )
        })
        .collect()
}

/// The text of each entry's content, parsed as XML.
fn atom_contents(text: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(text).expect("the Atom feed is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "feed");
    doc.descendants()
        .filter(|n| n.has_tag_name("content"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

on_both!(
    a_seats_feeds_parse_hold_only_its_view_follow_the_gm_and_stop_when_renewed,
    |s: TestServer| async move {
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        let orders = format!("/api/games/{id}/orders");
        for token in &seats {
            let (status, body) = s
                .call(
                    "POST",
                    &orders,
                    Some(token),
                    Some(json!({"lineup": LINEUP, "orders": "A 6 B 9 C 8 D 7"})),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        gm_do(&s, id, &gm, json!({"action": "resolve"})).await;
        let feeds = format!("/api/games/{id}/feeds");
        let (status, red) = s.call("GET", &feeds, Some(&seats[0]), None).await;
        assert_eq!(status, StatusCode::OK, "{red}");
        let (status, _) = s.call("GET", &feeds, Some(&gm), None).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "the GM holds no seat");
        let calendar = red["calendar"].as_str().unwrap().to_string();
        let reports = red["reports"].as_str().unwrap().to_string();

        // The calendar: turn 1 resolved, turn 2's deadline, each under its own UID.
        let (status, text) = s.get_text(&calendar).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        let events = calendar_events(&text);
        let turn2 = format!("postrider-game-{id}-turn-2@postrider");
        assert!(
            events.contains_key(&format!("postrider-game-{id}-turn-1@postrider")),
            "{text}"
        );
        let (deadline, status) = events[&turn2].clone();
        assert_eq!(status, "CONFIRMED");
        // Extended by an hour: the same event, an hour later.
        gm_do(&s, id, &gm, json!({"action": "extend", "seconds": 3600})).await;
        let events = calendar_events(&s.get_text(&calendar).await.1);
        assert_ne!(events[&turn2].0, deadline, "the deadline moved");
        assert_eq!(events.len(), 2);
        // Paused: the same event, cancelled.
        gm_do(&s, id, &gm, json!({"action": "pause"})).await;
        let events = calendar_events(&s.get_text(&calendar).await.1);
        assert_eq!(events[&turn2].1, "CANCELLED");

        // The reports: red's own report of turn 1, and nothing only blue sees.
        let (status, text) = s.get_text(&reports).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        let contents = atom_contents(&text);
        let report = format!("/api/games/{id}/reports/1");
        let red_report = s.call("GET", &report, Some(&seats[0]), None).await.1;
        let blue_report = s.call("GET", &report, Some(&seats[1]), None).await.1;
        let public = s.call("GET", &report, None, None).await.1;
        assert_eq!(contents, vec![red_report.as_str().unwrap().to_string()]);
        // Blue's secrets: what blue's report says that neither the public's nor red's does.
        let seen: Vec<&str> = public
            .as_str()
            .unwrap()
            .lines()
            .chain(red_report.as_str().unwrap().lines())
            .collect();
        let blue_only: Vec<&str> = blue_report
            .as_str()
            .unwrap()
            .lines()
            .filter(|l| l.trim().len() > 8 && !seen.contains(l))
            .collect();
        assert!(
            blue_only.len() >= 2,
            "blue's report holds secrets of its own: {blue_only:?}"
        );
        assert!(
            blue_only.iter().any(|l| l.contains("hand now")),
            "{blue_only:?}"
        );
        for line in blue_only {
            assert!(!text.contains(line), "red's feed shows blue's {line:?}");
        }

        // Renewed: the old addresses answer 404, the new ones answer.
        let (status, renewed) = s.call("POST", &feeds, Some(&seats[0]), None).await;
        assert_eq!(status, StatusCode::OK, "{renewed}");
        assert_ne!(renewed["calendar"], red["calendar"]);
        assert_eq!(s.get_text(&calendar).await.0, StatusCode::NOT_FOUND);
        assert_eq!(s.get_text(&reports).await.0, StatusCode::NOT_FOUND);
        let new_calendar = renewed["calendar"].as_str().unwrap().to_string();
        assert_eq!(s.get_text(&new_calendar).await.0, StatusCode::OK);
        // A seat freed: its old player's feeds stop too.
        gm_do(&s, id, &gm, json!({"action": "free", "seat": 0})).await;
        assert_eq!(s.get_text(&new_calendar).await.0, StatusCode::NOT_FOUND);
        assert_eq!(
            s.get_text("/feeds/nothex/calendar.ics").await.0,
            StatusCode::NOT_FOUND
        );
    }
);
