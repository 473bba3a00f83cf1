//! The rest of the club: a third game (for the tests only) with its text order form and its
//! ladder; the lobby, where a newcomer takes an open seat with one tap; and the main pages
//! again in Japanese.

use fantoccini::Locator;

use crate::driver::Session;

/// Goofspiel, game 3: the order page's text form with the game's help; its ladder.
pub async fn third_game(b: &mut Session) {
    // The third game (for the tests only, issue 32): no order form of its own, so the order
    // page's text form with the game's help; its settings on the new-game form; its table.
    b.go("/new").await;
    b.fill("#title", "Goofspiel in Chromium").await;
    b.client
        .find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("goofspiel")
        .await
        .unwrap();
    b.client
        .find(Locator::Css("select[name='goofspiel:cards']"))
        .await
        .unwrap()
        .select_by_value("5")
        .await
        .unwrap();
    b.fill("#seats", "gwen\nsecond").await;
    b.fill("#seed", "7").await;
    b.click("form[action='/new'] button[type=submit]").await;
    assert_eq!(b.path().await, "/games/3/gm");
    let invite = b
        .client
        .find(Locator::Css("a.invite"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap()
        .unwrap();
    b.go(&invite).await;
    b.click("form[action='/games/3/join'] button").await;
    assert_eq!(b.path().await, "/games/3/orders");
    assert!(b.html().await.contains("bid 5"), "the game's own help");
    b.page("third-game-order-form").await;
    b.fill("#orders", "bid 5").await;
    b.click("form[action='/games/3/orders'] button[type=submit]")
        .await;
    assert!(b.html().await.contains("<code>bid 5</code>"));
    b.go("/games/3/gm").await;
    b.tick("form:has(button[value=resolve]) input[name=confirm]")
        .await;
    b.click("button[value=resolve]").await;
    b.go("/games/3").await;
    b.page("third-game").await;
    // A game's ladder (issue 34), linked from the front page: none of these games is rated.
    b.go("/").await;
    b.click("#ladders a[href='/ratings/goofspiel']").await;
    assert_eq!(b.path().await, "/ratings/goofspiel");
    assert!(b.html().await.contains("No rated game of Goofspiel"));
    b.page("ratings").await;
}

/// The lobby (game 6, Green and White), then the site in Japanese.
pub async fn lobby_and_japanese(b: &mut Session) {
    // The lobby (issue 35): the GM opens a new race's seats from the console; a newcomer
    // finds it on the front page and takes a seat with one tap on the game's page.
    b.go("/new").await;
    b.fill("#title", "Open Tour").await;
    b.fill("#seats", "Green\nWhite").await;
    b.fill("#seed", "11").await;
    b.click("form[action='/new'] button[type=submit]").await;
    assert_eq!(b.path().await, "/games/6/gm");
    b.click("#open-all").await;
    assert!(b.html().await.contains("Open to anyone: Green, White."));
    b.part("#lobby-console", "gm-console-open-seats").await;
    b.log_out().await;
    b.go("/register").await;
    b.enter("cat").await;
    b.go("/").await;
    assert_eq!(b.count("#lobby-6 button.take-seat").await, 2);
    b.page("front-page-lobby").await;
    b.go("/games/6").await;
    assert_eq!(b.count("#open-seats button.take-seat").await, 2);
    b.page("game-open-seats").await;
    b.click("#open-seats button.take-seat").await;
    assert_eq!(b.path().await, "/games/6");
    assert!(b.html().await.contains("You play <strong>Green</strong>"));
    // Leaving is on the seat's settings, a link away from the game page (issue 51).
    b.click("#seat-settings").await;
    b.click("#leave a").await;
    assert_eq!(b.path().await, "/games/6/leave");
    b.page("leave-confirm").await;

    // The same site in Japanese (issue 36): `?lang=ja` once, kept by its cookie; each page
    // says it is Japanese, fits a phone and passes axe in both themes.
    b.go("/games/6/orders?lang=ja").await;
    b.page("ja-orders-lineup").await;
    b.log_out().await;
    b.go("/login").await;
    b.page("ja-login").await;
    b.enter("gm").await;
    for (path, name) in [
        ("/", "ja-front-page"),
        ("/games/1", "ja-race-over"),
        ("/games/1/history", "ja-history"),
        ("/games/5", "ja-backpacks-day"),
        ("/games/3", "ja-third-game"),
        ("/games/6/gm", "ja-gm-console"),
        ("/seasons/1", "ja-season"),
        ("/new", "ja-new-game"),
        ("/lobby", "ja-lobby"),
        ("/profile", "ja-profile"),
        ("/help/breaking-away", "ja-help-breaking-away"),
        ("/help/backpacks", "ja-help-backpacks"),
    ] {
        b.go(path).await;
        let html = b.html().await;
        assert!(
            html.contains(r#"<html lang="ja""#),
            "{path} is not Japanese"
        );
        if path.starts_with("/games/") && !path.contains("/gm") && !path.contains("/history") {
            b.press_near_top(name).await;
        }
        b.page(name).await;
    }
}
