//! The first race, as its people live it: the GM creates it and invites two players, who
//! register on the way and take their seats; one sends a line-up, orders and press from a
//! phone, the other nothing; the GM moves the deadline so that it passes and the server plays
//! the turn; the player reads the report, the seat's settings, the next order form, the
//! profile's feeds, goes away and comes back; the GM's console says who is missing.

use fantoccini::Locator;

use crate::driver::Session;
use crate::{DESKTOP, PHONE};

/// The walk above, game 1 (Red and Blue), from a new server's front page.
pub async fn walk(b: &mut Session) {
    // The GM registers and creates a race.
    b.go("/").await;
    assert!(b.html().await.contains("No games yet"));
    // A newcomer reads what postrider is: the two games, each with a picture and its help,
    // and how to start (issue 51).
    assert_eq!(b.count("#welcome .showcase svg").await, 2);
    assert_eq!(b.count("#welcome a[href='/help/breaking-away']").await, 1);
    assert_eq!(b.count("#welcome a[href='/help/backpacks']").await, 1);
    assert_eq!(b.count("#welcome a[href='/lobby']").await, 1);
    assert_eq!(b.count("#welcome a[href='/new']").await, 1);
    b.no_identifiers("front-page").await;
    b.page("front-page").await;
    b.go("/register").await;
    b.page("register").await;
    b.enter("gm").await;
    b.go("/new").await;
    b.fill("#title", "Tour de Chromium").await;
    b.fill("#seats", "Red\nBlue").await;
    b.fill("#seed", "3").await;
    b.page("new-game").await;
    b.click("form[action='/new'] button[type=submit]").await;
    assert_eq!(b.path().await, "/games/1/gm");
    let invites: Vec<String> = {
        let mut links = Vec::new();
        for a in b.client.find_all(Locator::Css("a.invite")).await.unwrap() {
            links.push(a.attr("href").await.unwrap().unwrap());
        }
        links
    };
    assert_eq!(invites.len(), 2);
    // The optional script adds a copy button beside each invitation field.
    b.wait_count("input.invite-link + button.copy", 2).await;
    // The link to copy is whole (no `--public-url` here): the address this browser came to.
    let origin = b
        .client
        .current_url()
        .await
        .unwrap()
        .origin()
        .ascii_serialization();
    for field in b
        .client
        .find_all(Locator::Css("input.invite-link"))
        .await
        .unwrap()
    {
        let link = field.prop("value").await.unwrap().unwrap_or_default();
        assert!(
            link.starts_with(&format!("{origin}/games/1/join?invite=")),
            "{link}"
        );
    }
    let copy = b.client.find(Locator::Css("button.copy")).await.unwrap();
    assert_eq!(copy.text().await.unwrap(), "Copy");
    b.page("gm-console").await;
    b.log_out().await;

    // Each player follows an invitation, registers on the way and takes the seat.
    for (name, invite) in ["ann", "bob"].iter().zip(&invites) {
        b.go(invite).await;
        let path = b.path().await;
        assert!(path.starts_with("/login?next="), "{path}");
        // The login page says what the invitation is for.
        assert!(b.html().await.contains(r#"id="invited""#));
        if *name == "ann" {
            b.page("login-invited").await;
        }
        b.click("#other").await; // "No account yet? Register"
        b.enter(name).await;
        assert!(
            b.path().await.starts_with("/games/1/join"),
            "back to the invitation"
        );
        if *name == "ann" {
            b.page("join").await;
        }
        b.click("form[action='/games/1/join'] button").await;
        assert_eq!(b.path().await, "/games/1/orders");
        if *name == "ann" {
            // The line-up builder: each rider's limits and running total (issue 29).
            assert_eq!(b.count("fieldset.lineup-rider").await, 4);
            b.page("lineup-builder").await;
            b.part("#rider_B", "lineup-builder-rider-b").await;
            // Red sends a line-up and turn 1 from a phone.
            b.resize(PHONE.0, PHONE.1).await;
            // The typed form, folded under the line-up builder (issue 29).
            b.tick("details#lineup-typed summary").await;
            b.fill("#lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6")
                .await;
            b.fill("#orders", "a10 b9 c9").await;
            b.click("details#lineup-typed button").await;
            let html = b.html().await;
            assert!(html.contains("orders <code>A 10 B 9 C 9</code>"), "{html}");
            // Incomplete orders are said plainly.
            assert!(
                html.contains("D: no order — plays its highest card, 6"),
                "{html}"
            );
            b.resize(DESKTOP.0, DESKTOP.1).await;
            b.page("orders-sealed").await;
            b.go("/").await;
            // Blue's seat is not taken yet: the game says it waits for players (issue 51; it
            // said "the deadline is paused", which the GM had not done).
            let html = b.html().await;
            assert!(
                html.contains("are sealed. The game is waiting for players (1 of 2 seats taken)"),
                "{html}"
            );
            b.page("your-move").await;
            // Press on the game page, posted from a phone: escaped, its link shown as text.
            b.go("/games/1").await;
            b.resize(PHONE.0, PHONE.1).await;
            b.fill(
                "#press-text",
                "Good luck, Blue! <b>Rules</b>: https://example.org/rules",
            )
            .await;
            b.click("#press-form button[type=submit]").await;
            let html = b.html().await;
            assert!(html.contains("&lt;b&gt;Rules&lt;/b&gt;"), "{html}");
            assert!(!html.contains("href=\"https://example.org"), "{html}");
            b.resize(DESKTOP.0, DESKTOP.1).await;
            b.press_near_top("game-press").await;
            b.no_identifiers("game-press").await;
            b.page("game-press").await;
            b.part("#press", "game-press-section").await;
            b.go("/profile").await;
            b.page("profile").await;
            b.part("#delete-account", "profile-delete-account").await;
            b.go("/help/breaking-away").await;
            assert_eq!(b.count("#rule-8-2-5").await, 1);
            b.page("help-breaking-away").await;
        }
        // Blue sends nothing: the deadline will find it without orders.
        b.log_out().await;
    }

    // A used invitation says at once that its seat is taken, and offers the lobby.
    b.go(&invites[0]).await;
    assert!(
        b.path().await.starts_with("/games/1/join"),
        "no login first"
    );
    assert_eq!(b.count("#invitation-used a[href='/lobby']").await, 1);
    assert_eq!(b.count("form[action='/games/1/join']").await, 0);
    b.page("invitation-used").await;

    // The GM brings the deadline forward so that it has passed: the server adjudicates.
    b.go("/login").await;
    b.page("login").await;
    // A forgotten password: the form that mails a link (issue 31).
    b.go("/forgot").await;
    b.page("forgot-password").await;
    b.go("/login").await;
    b.enter("gm").await;
    // The first account runs the server: its health, mail log, idle games and accounts.
    b.go("/operator").await;
    let html = b.html().await;
    assert!(html.contains("Health") && html.contains("ann"), "{html}");
    b.page("operator").await;
    b.part("#accounts", "operator-accounts").await;
    // The new deadline is a date and time (in the GM's zone): two days before the one set.
    b.go("/games/1/gm").await;
    b.client
        .execute(
            "const f = document.querySelector('#deadline-at'); const d = new Date(f.value + 'Z'); d.setUTCHours(d.getUTCHours() - 48); f.value = d.toISOString().slice(0, 16);",
            vec![],
        )
        .await
        .unwrap();
    b.click("button[value=extend]").await;
    assert!(b.html().await.contains("The deadline is now "));
    let html = b.wait_for("/games/1", "The track after turn 1").await;
    assert!(html.contains("turn 2, due"), "{html}");
    assert!(html.contains("No moves received from: Blue"));
    assert!(html.contains(r#"aria-label="distance over the turns""#));
    assert!(html.contains(r#"class="report-html""#));
    b.legend("game-after-turn-1", &["Red", "Blue"]).await;
    b.press_near_top("game-after-turn-1").await;
    b.no_identifiers("game-after-turn-1").await;
    b.page("game-after-turn-1").await;
    let html = b.wait_for("/games/1/turns/1", "Report of turn 1").await;
    assert!(html.contains("The whole track"));
    b.page("archive-turn-1").await;
    let html = b.wait_for("/games/1/history", "Turn 1 resolved").await;
    assert!(html.contains("Red: orders A 10 B 9 C 9"));
    b.page("history").await;

    // Red's player reads what happened: a new report on the front page, then the game page
    // leading with it, Red's own rows marked.
    b.log_out().await;
    b.go("/login").await;
    b.enter("ann").await;
    b.go("/").await;
    assert!(b.html().await.contains("new report"));
    b.page("your-move-new-report").await;
    b.go("/games/1").await;
    assert_eq!(b.count("#new-report").await, 1);
    assert!(b.count("tr.mine").await >= 1, "Red's seat is marked");
    assert!(
        b.count("#report tr.mine, #report tr.own").await >= 1,
        "Red's riders are marked in the report"
    );
    b.legend("game-player", &["Red", "Blue"]).await;
    b.press_near_top("game-player").await;
    b.no_identifiers("game-player").await;
    b.page("game-player").await;
    // The seat's settings, a link away from the game page: its mail's language, an absence.
    b.click("#seat-settings").await;
    assert_eq!(b.path().await, "/games/1/seat");
    assert_eq!(b.count("#seat-language").await, 1);
    b.no_identifiers("seat-settings").await;
    b.page("seat-settings").await;
    // Turn 2's order form: each rider's hand, the default said, the close-up beside it.
    b.go("/games/1/orders").await;
    assert_eq!(b.count("ul.hand").await, 4);
    assert_eq!(b.count("#orders-picture svg").await, 1);
    b.page("orders-turn-2").await;
    b.part("#rider-orders", "orders-turn-2-form").await;
    // Red's player's public profile (issue 35): the on-time record after turn 1; then the
    // profile's feeds section, the seat's secret calendar and reports addresses.
    b.go("/players/ann").await;
    let html = b.html().await;
    assert!(html.contains("1 of 1 turns seated"), "{html}");
    b.page("player-profile").await;
    b.go("/profile").await;
    assert_eq!(b.count("#feeds form.seat-feeds").await, 1);
    // The feeds are links, each with a copy button the script shows (issue 51).
    assert_eq!(b.count("#feeds a.feed-calendar").await, 1);
    b.wait_count("#feeds button.copy:not([hidden])", 2).await;
    b.no_identifiers("profile").await;
    b.part("#feeds", "profile-feeds").await;
    // Ann goes away (issue 35): the profile's form, for game 1, the bot heuristic playing
    // Red; everyone then sees Red away on the game page; she ends the window at once.
    b.part("#absences", "profile-absence-form").await;
    b.client
        .find(Locator::Css("#absence-game"))
        .await
        .unwrap()
        .select_by_value("1")
        .await
        .unwrap();
    b.client
        .execute(
            "document.querySelector('#absence-to').value = new Date(Date.now() + 5 * 864e5).toISOString().slice(0, 16);",
            vec![],
        )
        .await
        .unwrap();
    b.tick("input[name=bot][value=heuristic]").await;
    b.click("#absence-form button[type=submit]").await;
    assert_eq!(b.path().await, "/profile");
    assert!(b.html().await.contains("End it now"));
    b.go("/games/1").await;
    let html = b.html().await;
    assert!(html.contains("is away until"), "{html}");
    assert!(html.contains("played by the rule-of-thumb bot"), "{html}");
    b.page("game-seat-away").await;
    b.part("#away", "game-seat-away-notice").await;
    b.go("/profile").await;
    b.click("form[action^='/absences/'] button").await;
    b.go("/games/1").await;
    assert!(!b.html().await.contains("is away until"));
    b.log_out().await;
    b.go("/login").await;
    b.enter("gm").await;
    // The console says who is missing; Blue sent nothing on turn 1. Reminding Red with mail
    // off shows the text to send.
    b.go("/games/1/gm").await;
    assert!(b.html().await.contains("sent nothing 1 turn"));
    b.no_identifiers("gm-console-waiting").await;
    b.page("gm-console-waiting").await;
    b.part("#seat-1", "gm-console-blue").await;
    b.click("#seat-0 button[value=remind]").await;
    assert_eq!(b.count("#reminded textarea").await, 1);
    b.page("gm-console-reminded").await;
}
