//! A Backpacks day on the pages: the plan, the help and the orders through the forms.

use crate::common::{Backend, Browser, TestServer};
use axum::http::StatusCode;

on_both!(a_backpacks_day_on_the_pages, |s: TestServer| async move {
    let (id, _gm, _tokens) = s
        .seated_game(serde_json::json!({
            "title": "Keswick", "game": "backpacks", "seats": ["ann", "bob"],
            "deadline": {"every": "weekly", "weekday": "sunday", "time": "20:00", "zone": "Europe/London"},
            "seed": 5,
        }))
        .await;
    let mut ann = Browser::new(&s);
    let page = ann
        .submit(
            "/login",
            "/login",
            &[
                ("name", "p-ann"),
                ("password", "correct horse battery"),
                ("next", "/"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
    let path = format!("/games/{id}/orders");
    let form = ann.get(&path).await;
    assert!(form.html.contains(r#"<textarea id="orders" name="orders""#));
    assert!(form.html.contains("Hand: <strong>"), "{}", form.html);
    // The form names the turn its orders are for (issue 12).
    assert!(
        form.html.contains(r#"name="turn" value="1""#),
        "{}",
        form.html
    );
    // Issue 11's defects: money in pounds as the report gives it (the purse counts 50p pieces),
    // the place without JSON quotes.
    assert!(form.html.contains("money £2.00;"), "{}", form.html);
    assert!(!form.html.contains("money 4p"), "{}", form.html);
    // Issue 29: places in words.
    assert!(
        form.html
            .contains(r#"You are <strong id="walker-at">at Keswick</strong>;"#),
        "{}",
        form.html
    );
    // Issue 15, point 1: a menu per turn of the legal moves the engine lists; issue 29:
    // grouped by where they lead, staying first, named places before spaces of paths, "+N"
    // only for points gained (never beside "rest"); the close-up map beside the form; turn 2
    // follows turn 1 with the optional script. The help is served by the site, and the
    // example shown is one the engine accepts.
    assert!(
        form.html
            .contains(r#"<select id="move_1" name="move_1" aria-describedby="move_1_help">"#)
    );
    assert!(
        form.html
            .contains(r#"<select id="move_2" name="move_2" aria-describedby="move_2_help">"#)
    );
    let menu = &form.html[form.html.find(r#"<select id="move_1""#).unwrap()..];
    let menu = &menu[..menu.find("</select>").unwrap()];
    assert!(
        menu.contains(
            "<optgroup label=\"Stay: Keswick\">\n<option value=\"rest\" selected>rest</option>"
        ),
        "{menu}"
    );
    // Issue 51: each place once, named in its choice; every way one tap away.
    assert!(
        menu.contains(r#"<optgroup label="Other places">"#),
        "{menu}"
    );
    assert!(
        menu.contains(">Friar&#39;s Crag · +2: walk with "),
        "{menu}"
    );
    assert!(
        form.html
            .contains(r#"<button type="submit" name="plan" value="every" class="button-secondary">Every way to go ("#),
        "{}",
        form.html
    );
    assert!(
        !menu.contains(" pt)") && !menu.contains(">KES-") && !menu.contains(r#"label="KES-"#),
        "no path codes: {menu}"
    );
    assert!(form.html.contains(r#"id="orders-picture""#));
    assert!(
        form.html
            .contains(r#"<script src="/static/plan.js"></script>"#)
    );
    assert_eq!(ann.get("/static/plan.js").await.status, StatusCode::OK);
    assert!(form.html.contains(r#"href="/help/backpacks""#));
    let help = ann.get("/help/backpacks").await;
    assert_eq!(help.status, StatusCode::OK);
    assert!(help.html.contains("walk CARD [chocolate] WAYPOINT"));
    // Issue 55: the rules' open edges, as decided, told to GMs and players.
    for ruling in [
        "B&amp;B-20",
        "B&amp;B-21",
        "B&amp;B-22",
        "B&amp;B-23",
        "B&amp;B-S3",
    ] {
        assert!(help.html.contains(ruling), "no {ruling} in the help");
    }
    let example = {
        let at = form.html.find("for example <code>").unwrap() + "for example <code>".len();
        let rest = &form.html[at..];
        rest[..rest.find("</code>").unwrap()].to_string()
    };
    assert!(example.starts_with("1: walk "), "{example}");
    let (status, view) = s
        .call("GET", &format!("/api/games/{id}"), Some(&_tokens[0]), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let moves = view["view"]["moves"]
        .as_array()
        .expect("the seat's legal moves");
    let listed: Vec<&str> = moves.iter().map(|m| m["order"].as_str().unwrap()).collect();
    // The menu's first walk, the API's list and the example are the same moves.
    let first_walk = example
        .trim_start_matches("1: ")
        .trim_end_matches("; 2: rest");
    assert!(listed.contains(&first_walk), "{listed:?}");
    assert!(
        form.html
            .contains(&format!(r#"<option value="{first_walk}">"#))
    );
    assert!(view["view"]["walkers"][0]["moves"].is_null());
    let sent = ann
        .submit(&path, &path, &[("orders", example.as_str())])
        .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
    // The echo says what the rules fill in: turn 2 without a move rests.
    let page = ann.get(&path).await;
    assert!(
        page.html
            .contains("<li>turn 2: no move — the walker rests</li>"),
        "{}",
        page.html
    );
    // The menus: turn 1's walk, then "show turn 2 from there" lists turn 2 from its end.
    let planned = ann
        .submit(
            &path,
            &path,
            &[
                ("move_1", first_walk),
                ("move_2", "rest"),
                ("weather", "discard"),
                ("vote", ""),
                ("plan", "1"),
            ],
        )
        .await;
    assert_eq!(planned.status, StatusCode::OK, "{}", planned.html);
    // "Every way to go": the full list, one tap away, kept while planning from it.
    let options = |html: &str| {
        let menu = &html[html.find(r#"<select id="move_1""#).unwrap()..];
        menu[..menu.find("</select>").unwrap()]
            .matches("<option ")
            .count()
    };
    let every = ann
        .submit(
            &path,
            &path,
            &[
                ("move_1", first_walk),
                ("move_2", "rest"),
                ("weather", "discard"),
                ("vote", ""),
                ("plan", "every"),
            ],
        )
        .await;
    assert_eq!(every.status, StatusCode::OK, "{}", every.html);
    assert!(
        every
            .html
            .contains(r#"<input type="hidden" name="every" value="1">"#)
            && every.html.contains(r#"name="plan" value="short""#),
        "{}",
        every.html
    );
    assert!(
        options(&every.html) > 2 * options(&planned.html),
        "{} and {}",
        options(&every.html),
        options(&planned.html)
    );
    assert!(
        every
            .html
            .contains(&format!(r#"<option value="{first_walk}" selected>"#))
    );
    // Turn 2 starts where turn 1 ends, told in words (a place's name, or a path).
    let end = first_walk.rsplit(' ').next().unwrap();
    let map = game_backpacks::Map::keswick();
    let end = map
        .location_at(map.space(end).unwrap())
        .map_or("the path from", |l| l.name.as_str())
        .to_string();
    let legend = &planned.html[planned
        .html
        .find("Turn 2 (10:20, ferries run), from ")
        .unwrap()..];
    let legend = &legend[..legend.find("</legend>").unwrap()];
    assert!(legend.contains(&format!("from {end}")), "{end}: {legend}");
    assert!(
        planned
            .html
            .contains(&format!(r#"<option value="{first_walk}" selected>"#))
    );
    let sent = ann
        .submit(
            &path,
            &path,
            &[
                ("move_1", first_walk),
                ("move_2", "rest"),
                ("finish_2", "1"),
                ("weather", "sunny"),
                ("vote", "bob"),
            ],
        )
        .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
    let page = ann.get(&path).await;
    // As the player reads them: places by name, each turn from where it starts. A turn lasts
    // 20 minutes (B&B 3.1): the walk of the 10:00 turn arrives by 10:20, when turn 2 starts.
    assert!(
        page.html.contains(&format!(
            "Sealed, as read: orders <code>turn 1 (10:00): walk {} from Keswick to {end} (arrive by 10:20, +",
            first_walk.split(' ').nth(1).unwrap()
        )),
        "{}",
        page.html
    );
    // Each turn, the weather card and the vote on a line of their own.
    assert!(
        page.html.contains(&format!(
            ")</code><br><code>turn 2 (10:20): rest at {end}; finish the day if the turn ends in Keswick</code><br><code>a weather card drawn: play it if it makes the weather sunny</code><br><code>vote for bob to carry the Heavy Rucksack</code>."
        )),
        "{}",
        page.html
    );
    // The sealed orders come back selected in the menus.
    assert!(
        page.html
            .contains(&format!(r#"<option value="{first_walk}" selected>"#))
    );
    let sent = ann
        .submit(&path, &path, &[("orders", "1: rest\n2: rest")])
        .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
    // The GM's deadline passes: round 1 is played, with the map of where everyone stands.
    s.clock.advance(8 * 24 * 3600);
    assert_eq!(server::games::process_due(&s.state).await.unwrap(), 1);
    let page = ann.get(&format!("/games/{id}")).await;
    assert!(page.html.contains("The map after round 1"), "{}", page.html);
    assert!(
        page.html.contains("<title>target: "),
        "the targets are marked"
    );
    assert!(page.html.contains(">Key</text>"), "the map has a key");
    // A day is not a race (issue 11).
    assert!(page.html.contains("The day so far"), "{}", page.html);
    assert!(!page.html.contains("race"), "{}", page.html);
    assert!(page.html.contains(r#"aria-label="points over the rounds""#));
    assert!(page.html.contains("round 2"));
    // Each walker's cards, the card to come, money and chocolate reach that walker only.
    assert!(page.html.contains("ann&#39;s cards: ["), "{}", page.html);
    assert!(!page.html.contains("bob&#39;s cards"));
    let mut bob = Browser::new(&s);
    let login = [
        ("name", "p-bob"),
        ("password", "correct horse battery"),
        ("next", "/"),
    ];
    assert_eq!(
        bob.submit("/login", "/login", &login).await.status,
        StatusCode::SEE_OTHER
    );
    for path in [
        format!("/games/{id}"),
        format!("/games/{id}/turns/1"),
        format!("/games/{id}/orders"),
    ] {
        let page = bob.get(&path).await;
        assert!(
            !page.html.contains("ann&#39;s cards"),
            "{path} shows Ann's cards to Bob"
        );
        let page = Browser::new(&s).get(&path).await;
        assert!(
            !page.html.contains("s cards: ["),
            "{path} shows cards to a stranger"
        );
    }
});
