//! The players' face (issue 29, points 1, 3 and 8), on SQLite and on PostgreSQL: one cached
//! stylesheet with light and dark tokens; tab titles that name the game and what is due, led
//! by the number of games awaiting the reader's orders; "your move" styled by how near the
//! deadline is; "new report" since the reader's last visit; a finished game led by its winner
//! and the reader's place; the browser's time zone used from the first visit.

use crate::common::{Backend, Browser, TestServer};
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use server::games;
use tower::ServiceExt;

/// The `<title>` of a page.
fn tab(html: &str) -> &str {
    let start = html.find("<title>").expect("a title") + "<title>".len();
    &html[start..start + html[start..].find("</title>").unwrap()]
}

/// A game created by the GM through the API, each seat taken by a player who joined through
/// the invitation page: (game id, the GM's token, the players' browsers).
async fn seated<'a>(
    s: &'a TestServer,
    game: Value,
    names: &[&str],
) -> (i64, String, Vec<Browser<'a>>) {
    let gm = s.player("gm").await;
    let (status, created) = s.call("POST", "/api/games", Some(&gm), Some(game)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    let mut players = Vec::new();
    for (name, invite) in names.iter().zip(created["invites"].as_array().unwrap()) {
        let mut b = Browser::new(s);
        b.register(name).await;
        let code = invite["invite"].as_str().unwrap();
        let joined = b
            .submit(
                &format!("/games/{id}/join?invite={code}"),
                &format!("/games/{id}/join"),
                &[("invite", code)],
            )
            .await;
        assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.html);
        players.push(b);
    }
    (id, gm, players)
}

fn race(title: &str) -> Value {
    json!({
        "title": title,
        "game": "breaking-away",
        "rules": "postal-2.2",
        "seats": ["Red", "Blue"],
        "deadline": { "every": "interval", "seconds": 86400 },
        "seed": 11,
    })
}

/// Seals `fields` from the game's order form.
async fn seal(b: &mut Browser<'_>, id: i64, fields: &[(&str, &str)]) {
    let sent = b
        .submit(
            &format!("/games/{id}/orders"),
            &format!("/games/{id}/orders"),
            fields,
        )
        .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
}

on_both!(
    one_cached_stylesheet_with_light_and_dark_tokens,
    |s: TestServer| async move {
        let page = Browser::new(&s).get("/").await;
        // The page's own style is the linked sheet; a picture (the front page shows two)
        // carries its own.
        let outside_pictures: String = page
            .html
            .split("<svg")
            .enumerate()
            .map(|(i, part)| {
                if i == 0 {
                    part
                } else {
                    part.split_once("</svg>").map_or("", |(_, after)| after)
                }
            })
            .collect();
        assert!(!outside_pictures.contains("<style"), "no inline stylesheet");
        let at = page.html.find(r#"<link rel="stylesheet" href=""#).unwrap() + 29;
        let path = &page.html[at..at + page.html[at..].find('"').unwrap()];
        assert!(path.starts_with("/static/site.css?v="), "{path}");
        let response = server::app(s.state.clone())
            .oneshot(Request::builder().uri(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let headers = response.headers();
        assert_eq!(headers[header::CONTENT_TYPE], "text/css; charset=utf-8");
        assert!(
            headers[header::CACHE_CONTROL]
                .to_str()
                .unwrap()
                .contains("max-age=31536000"),
        );
        // The policy lets the page load it (and the pictures keep their own styles).
        let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("style-src 'self' 'unsafe-inline'"), "{csp}");
        let css = String::from(server::pages::SITE_CSS);
        assert!(css.contains("@media (prefers-color-scheme: dark)"));
        // Each colour is set for both themes; spacing and type once.
        for token in [
            "--bg",
            "--fg",
            "--muted",
            "--surface",
            "--border",
            "--accent",
            "--accent-fg",
            "--danger",
            "--warn",
            "--ok",
            "--focus",
        ] {
            assert_eq!(css.matches(&format!("{token}: ")).count(), 2, "{token}");
        }
        for token in [
            "--s1", "--s2", "--s3", "--s4", "--s5", "--t-sm", "--t-base", "--t-lg", "--t-xl",
        ] {
            assert_eq!(css.matches(&format!("{token}: ")).count(), 1, "{token}");
        }
        for class in [
            ".card",
            ".lead",
            ".muted",
            ".badge",
            ".badge-warn",
            ".badge-ok",
            ".badge-danger",
            ".button",
            ".button-secondary",
            ".table-scroll",
            ".mine",
            ".stack",
            ".cluster",
            ".help",
            ".error-summary",
        ] {
            assert!(
                css.contains(&format!("{class} ")) || css.contains(&format!("{class},")),
                "{class}"
            );
        }
        assert!(css.contains("min-height: var(--tap)") && css.contains("--tap: 44px"));
    }
);

on_both!(
    the_tab_counts_the_games_awaiting_orders_and_your_move_shows_its_urgency,
    |s: TestServer| async move {
        let (first, _gm, mut players) =
            seated(&s, race("Tour of the Fells"), &["ann", "bob"]).await;
        let (second, _gm2, _) = {
            // A second race where ann plays too.
            let gm = s.player("gm2").await;
            let (status, created) = s
                .call(
                    "POST",
                    "/api/games",
                    Some(&gm),
                    Some(race("Tour of the Dales")),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED);
            let id = created["id"].as_i64().unwrap();
            let code = created["invites"][0]["invite"]
                .as_str()
                .unwrap()
                .to_string();
            let joined = players[0]
                .submit(
                    &format!("/games/{id}/join?invite={code}"),
                    &format!("/games/{id}/join"),
                    &[("invite", &code)],
                )
                .await;
            assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.html);
            (id, gm, ())
        };
        let ann = &mut players[0];
        let page = ann.get(&format!("/games/{first}")).await;
        assert_eq!(tab(&page.html), "(2) Orders due · Tour of the Fells");
        assert!(
            page.html.contains("<h1>Tour of the Fells</h1>"),
            "{}",
            page.html
        );
        assert!(
            page.html.contains(r#"id="awaiting""#),
            "the header says it too"
        );
        assert!(
            page.html
                .contains(r#"aria-label="2 games awaiting your orders">2</span>"#)
        );
        // A day away: no alarm.
        assert!(
            page.html
                .contains(r#"<span class="badge ">due in 24 h</span>"#),
            "{}",
            page.html
        );
        assert!(
            page.html
                .contains(r#"class="card lead your-move " id="your-move""#)
        );
        // Under a day: soon; under two hours: urgent (13 minutes does not look like 24 hours).
        s.clock.advance(2 * 3600);
        let page = ann.get(&format!("/games/{first}")).await;
        assert!(
            page.html
                .contains(r#"<span class="badge badge-warn">due in 22 h</span>"#)
        );
        assert!(page.html.contains(r#"your-move due-soon""#));
        s.clock.advance(22 * 3600 - 13 * 60);
        let page = ann.get(&format!("/games/{first}")).await;
        assert!(
            page.html
                .contains(r#"<span class="badge badge-danger">due in 13 min</span>"#)
        );
        assert!(page.html.contains(r#"your-move due-urgent""#));
        let front = ann.get("/").await;
        assert_eq!(tab(&front.html), "(2) Games · postrider");
        assert!(
            front
                .html
                .contains(r#"<span class="badge badge-danger">due in 13 min</span>"#)
        );

        // Orders sealed in one game: one awaits.
        seal(
            ann,
            second,
            &[
                ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
                ("orders", "A 10 B 9 C 9 D 6"),
            ],
        )
        .await;
        let page = ann.get(&format!("/games/{second}")).await;
        assert_eq!(tab(&page.html), "(1) Tour of the Dales · postrider");
        assert!(
            page.html
                .contains(r#"<span class="badge badge-ok">sealed</span>"#)
        );
        assert!(!page.html.contains("Send your orders"));
        let orders = ann.get(&format!("/games/{first}/orders")).await;
        assert_eq!(tab(&orders.html), "(1) Orders due · Tour of the Fells");
        // The order form says how near the deadline is as the game page does, and once.
        assert!(
            orders
                .html
                .contains(r#"<span class="badge badge-danger">due in 13 min</span>"#),
            "{}",
            orders.html
        );
        assert_eq!(orders.html.matches("due in 13 min").count(), 1);
        // Orders refused: the page again, its tab and header counting as before.
        let refused = ann
            .submit(
                &format!("/games/{first}/orders"),
                &format!("/games/{first}/orders"),
                &[
                    ("lineup", "A 12 12 12 B 8 8 9 C 3 8 9 D 5 5 6"),
                    ("orders", "A 12 B 9 C 9 D 6"),
                ],
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert_eq!(tab(&refused.html), "(1) Orders due · Tour of the Fells");
        assert!(
            refused
                .html
                .contains(r#"aria-label="1 game awaiting your orders">1</span>"#),
            "{}",
            refused.html
        );
        // A visitor without a seat is counted nothing.
        let stranger = Browser::new(&s).get(&format!("/games/{first}")).await;
        assert_eq!(tab(&stranger.html), "Tour of the Fells · postrider");
        assert!(!stranger.html.contains(r#"id="awaiting""#));
    }
);

on_both!(
    a_new_report_is_marked_until_the_reader_has_seen_it,
    |s: TestServer| async move {
        let (id, _gm, mut players) = seated(&s, race("Tour of the Fells"), &["ann", "bob"]).await;
        let front = players[0].get("/").await;
        assert!(!front.html.contains("new report"), "nothing resolved yet");
        for b in &mut players {
            seal(
                b,
                id,
                &[
                    ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
                    ("orders", "A 10 B 9 C 9 D 6"),
                ],
            )
            .await;
        }
        assert_eq!(games::process_due(&s.state).await.unwrap(), 1);
        let ann = &mut players[0];
        let front = ann.get("/").await;
        assert!(
            front
                .html
                .contains(r#"<span class="badge badge-ok">new report</span>"#),
            "{}",
            front.html
        );
        let page = ann.get(&format!("/games/{id}")).await;
        assert!(page.html.contains(r#"id="new-report""#), "{}", page.html);
        // The page leads with what happened, the reader's row marked, the text folded away.
        let latest = page.html.find(r#"id="latest""#).unwrap();
        let picture = page.html.find("The track after turn 1").unwrap();
        let report = page.html.find(r#"id="report""#).unwrap();
        assert!(
            page.html.find(r#"id="your-move""#).unwrap() < latest
                && latest < picture
                && picture < report
        );
        assert!(
            page.html
                .contains(r#"<tr class="mine"><td>Red <span class="muted">(you)</span>"#)
        );
        assert!(
            page.html
                .contains("<summary>Where things stand (as text)</summary>")
        );
        // Seen: no longer new, on the page or the front page.
        let page = ann.get(&format!("/games/{id}")).await;
        assert!(!page.html.contains(r#"id="new-report""#));
        assert!(!ann.get("/").await.html.contains("new report"));
        // Bob has not looked yet.
        assert!(players[1].get("/").await.html.contains("new report"));
    }
);

on_both!(
    a_finished_game_leads_with_the_winner_and_the_readers_place,
    |s: TestServer| async move {
        let day = json!({
            "title": "Keswick day",
            "game": "backpacks",
            "seats": ["ann", "bob", "cat"],
            "deadline": { "every": "interval", "seconds": 86400 },
            "seed": 7,
        });
        let (id, gm, mut players) = seated(&s, day, &["ann", "bob", "cat"]).await;
        s.bot_seats(id, &gm, 0..3, "random").await;
        let mut rounds = 0;
        while games::process_due(&s.state).await.unwrap() == 1 {
            rounds += 1;
            assert!(rounds <= 30, "a day ends");
        }
        let (_, game) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(game["over"], true);
        // The GM's front page lists the day among the games they run, with nothing awaited:
        // not "every seat's orders in" (issue 29, point 7; the forms branch said so of an
        // ended game).
        let mut run = Browser::new(&s);
        let login = run
            .submit(
                "/login",
                "/login",
                &[
                    ("name", "gm"),
                    ("password", "correct horse battery"),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(login.status, StatusCode::SEE_OTHER, "{}", login.html);
        let front = run.get("/").await;
        let runs = &front.html[front.html.find(r#"id="gm-games""#).expect("games you run")..];
        assert!(runs.contains("Keswick day"), "{runs}");
        assert!(!runs.contains("every seat's orders in"), "{runs}");
        let table = games::load(&s.state, id).await.unwrap();
        let view = table
            .record
            .report_view(
                game_api::Viewer::Public,
                game_api::Lang::EN,
                table.record.resolved(),
            )
            .unwrap();
        let order: Vec<String> = view
            .standings
            .rows
            .iter()
            .map(|r| r.cells[1].plain())
            .collect();
        // Each reader's place as the podium gives it: a place two walkers share is "joint"; a
        // walker not back has lost the day (B&B 5.2): off the podium, no place to tell.
        let podium = &view.over.as_ref().expect("the day is over").podium;
        let winners: Vec<&str> = podium
            .iter()
            .filter(|p| p.place == 1)
            .map(|p| p.name.as_str())
            .collect();
        for (b, name) in players.iter_mut().zip(["ann", "bob", "cat"]) {
            let winner = match winners.as_slice() {
                [] => "Nobody won".to_string(),
                [one] => format!("{one} won"),
                many => format!("{} share the win", game_api::Lang::EN.and_list(many)),
            };
            let said = match podium.iter().find(|p| p.name == name) {
                Some(own) => {
                    let joint = podium.iter().filter(|p| p.place == own.place).count() > 1;
                    let place = game_api::report::ordinal(own.place);
                    let place = if joint {
                        format!("joint {place}")
                    } else {
                        place
                    };
                    format!("{winner}; you were {place}")
                }
                None => {
                    let k = order.iter().position(|n| n == name).unwrap();
                    let rank = view.standings.rows[k].cells[0].plain();
                    assert_eq!(rank, "–", "{name} off the podium is not back");
                    winner
                }
            };
            let front = b.get("/").await;
            assert!(
                front.html.contains(&format!("{said}.")),
                "{name}: {}",
                front.html
            );
            let page = b.get(&format!("/games/{id}")).await;
            assert_eq!(tab(&page.html), format!("{said} · Keswick day"));
            let finish = page.html.find(r#"id="finish""#).expect("the winner leads");
            assert!(page.html[finish..].contains(&format!("{said}.")));
            assert!(page.html.find(r#"id="about""#).unwrap() > finish);
            // A finished game never offers orders.
            assert!(!page.html.contains(r#"id="your-move""#), "{name}");
            assert!(
                !page.html.contains(&format!(r#"href="/games/{id}/orders""#)),
                "{name}"
            );
        }
    }
);

on_both!(
    the_browsers_time_zone_is_used_from_the_first_visit,
    |s: TestServer| async move {
        let (id, _gm, mut players) = seated(&s, race("Tour of the Fells"), &["ann", "bob"]).await;
        // Without the script (or before it ran): UTC, and the page says so to the script.
        let page = Browser::new(&s).get(&format!("/games/{id}")).await;
        assert!(
            page.html.contains(r#"<html lang="en" data-zone="">"#),
            "{}",
            page.html
        );
        assert!(page.html.contains(" UTC (in 24 h)"), "{}", page.html);
        assert!(
            page.html
                .contains(r#"<script src="/static/site.js" defer></script>"#)
        );
        // The script's cookie: times in the browser's zone at once, for anyone.
        let mut visitor = Browser::new(&s);
        visitor
            .cookies
            .insert("tz".into(), "America/New_York".into());
        let page = visitor.get(&format!("/games/{id}")).await;
        assert!(
            page.html.contains(" America/New_York (in 24 h)"),
            "{}",
            page.html
        );
        // Anything but a zone is ignored.
        visitor.cookies.insert("tz".into(), "Mars/Olympus".into());
        let page = visitor.get(&format!("/games/{id}")).await;
        assert!(page.html.contains(" UTC (in 24 h)"), "{}", page.html);

        // A logged-in player without a zone: the script keeps the browser's in the profile,
        // without a Save (the mail's times follow it).
        let ann = &mut players[0];
        let page = ann.get(&format!("/games/{id}")).await;
        let at = page
            .html
            .find(r#"data-zone-save=""#)
            .expect("a token to save the zone")
            + 16;
        let token = page.html[at..at + page.html[at..].find('"').unwrap()].to_string();
        let bad = ann
            .post_raw(
                "/profile/zone",
                &[("csrf", &token), ("time_zone", "Mars/Olympus")],
            )
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert!(bad.html.contains("time_zone: "), "{}", bad.html);
        let stale = ann
            .post_raw(
                "/profile/zone",
                &[("csrf", "stale"), ("time_zone", "Europe/Oslo")],
            )
            .await;
        assert_eq!(stale.status, StatusCode::FORBIDDEN);
        let saved = ann
            .post_raw(
                "/profile/zone",
                &[("csrf", &token), ("time_zone", "Europe/Oslo")],
            )
            .await;
        assert_eq!(saved.status, StatusCode::NO_CONTENT, "{}", saved.html);
        // The seat's card says the due time once, in the zone (issue 51): the time left in
        // its badge, the moment in its sentence.
        let page = ann.get(&format!("/games/{id}")).await;
        assert_eq!(page.html.matches("due in 24 h").count(), 1, "{}", page.html);
        assert!(page.html.contains(" Europe/Oslo."), "{}", page.html);
        assert!(!page.html.contains("data-zone-save"));
        // A zone the player chose is never replaced by the script's.
        let again = ann
            .post_raw(
                "/profile/zone",
                &[("csrf", &token), ("time_zone", "Asia/Tokyo")],
            )
            .await;
        assert_eq!(again.status, StatusCode::NO_CONTENT);
        assert!(
            ann.get("/profile")
                .await
                .html
                .contains(r#"value="Europe/Oslo""#)
        );
        let script = ann.get("/static/site.js").await;
        assert!(script.html.contains("Intl.DateTimeFormat"));
        assert!(script.html.contains("/profile/zone"));
    }
);
