//! Backpacks, as its people live it: the GM plays a day from its order form (each choice
//! names its place, turn 2 follows the first choice without a reload), hands it to bots until
//! it is over, archives and deletes it; then a walking week of two days, a season.

use std::time::{Duration, Instant};

use fantoccini::Locator;

use crate::common::server::LIMIT;
use crate::driver::Session;

/// The GM's day from the order form, game 2 (gwen and second).
pub async fn order_form_day(b: &mut Session) {
    // The GM also plays a Backpacks day, from the order form.
    b.go("/new").await;
    b.fill("#title", "Keswick in Chromium").await;
    b.client
        .find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("backpacks")
        .await
        .unwrap();
    b.fill("#seats", "gwen\nsecond").await;
    b.fill("#seed", "5").await;
    b.click("form[action='/new'] button[type=submit]").await;
    assert_eq!(b.path().await, "/games/2/gm");
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
    b.click("form[action='/games/2/join'] button").await;
    assert_eq!(b.path().await, "/games/2/orders");
    assert!(
        b.html()
            .await
            .contains(r#"<select id="move_1" name="move_1""#)
    );
    b.page("backpacks-order-form").await;
    b.part("#turn-1", "backpacks-order-form-turn-1").await;
    b.part("#turn-2", "backpacks-order-form-turn-2").await;
    // The first walk of the menu to a named place, then the second turn from where it leads:
    // each choice names its place, and with scripts on turn 2 follows without a reload
    // (the "Show turn 2 from there" button is for pages without scripts, hidden here).
    let found = b
        .client
        .execute(
            r#"for (const o of document.querySelectorAll('#move_1 option')) {
  if (!o.value.startsWith('walk ') || o.parentElement.label.startsWith('Stay')) continue;
  const place = o.textContent.split(': ')[0].split(' · ')[0];
  if (!place.startsWith('towards ')) return [o.value, place];
}
return null;"#,
            vec![],
        )
        .await
        .unwrap();
    let [value, place]: [String; 2] =
        serde_json::from_value(found).expect("the menu offers a walk to a named place");
    // Hidden, not merely marked so (the stylesheet's buttons must not show it again).
    assert!(
        !b.client
            .find(Locator::Css("#plan"))
            .await
            .unwrap()
            .is_displayed()
            .await
            .unwrap(),
        "the script hides the button it stands in for"
    );
    b.client
        .execute("window.postriderSamePage = true;", vec![])
        .await
        .unwrap();
    b.client
        .find(Locator::Css("#move_1"))
        .await
        .unwrap()
        .select_by_value(&value)
        .await
        .unwrap();
    let started = Instant::now();
    loop {
        let legend = b
            .client
            .execute(
                "return document.querySelector('#turn-2 legend').textContent;",
                vec![],
            )
            .await
            .unwrap();
        if legend
            .as_str()
            .is_some_and(|l| l.ends_with(&format!("from {place}")))
        {
            break;
        }
        assert!(
            started.elapsed() < LIMIT,
            "turn 2 never from {place}: {legend}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let same = b
        .client
        .execute("return window.postriderSamePage === true;", vec![])
        .await
        .unwrap();
    assert_eq!(same, serde_json::Value::Bool(true), "no reload");
    b.part("#turn-2", "backpacks-turn-2-followed").await;
    b.click("form.bb-orders button[type=submit]:not([name])")
        .await;
    let html = b.html().await;
    // The sealed orders as the player reads them: the place by name.
    assert!(
        html.contains("orders <code>turn 1 (") && html.contains(&format!(" to {place} (arrive ")),
        "{value}: {html}"
    );
    b.page("backpacks-sealed").await;
    b.go("/help/backpacks").await;
    b.page("backpacks-help").await;
    b.go("/games/2").await;
    b.press_near_top("backpacks-game").await;
    b.no_identifiers("backpacks-game").await;
    b.page("backpacks-game").await;

    // Bots play both walkers, and the GM resolves round after round until the day is over.
    b.bots_play(2, 2, "random").await;
    let mut rounds = 0;
    loop {
        b.go("/games/2").await;
        if b.count("#finish").await == 1 {
            break;
        }
        rounds += 1;
        assert!(rounds <= 30, "the day ends");
        b.go("/games/2/gm").await;
        b.tick("form:has(button[value=resolve]) input[name=confirm]")
            .await;
        b.click("button[value=resolve]").await;
    }
    // The day over leads with its winner (and the GM's walker's place, if it came back); no
    // orders are offered. A day nobody got back to Keswick from by 6pm has no winner (B&B
    // 5.2): the banner says what the report says.
    let html = b.html().await;
    let won = if html.contains("nobody wins the day") {
        "Nobody won"
    } else if html.contains("share the day's win") {
        " share the win"
    } else {
        " won"
    };
    assert!(html.contains(won), "{html}");
    assert_eq!(b.count("#your-move").await, 0);
    assert_eq!(b.count("a[href='/games/2/orders']").await, 0);
    // The reader's own walker's name is cut at 7 characters in the legend ("gm-walk…"), so this
    // day's walkers have short names: a long own name's cut is a known gap of issue 29.
    b.legend("backpacks-finished", &["gwen", "second"]).await;
    b.page("backpacks-finished").await;
    b.go("/").await;
    assert!(b.html().await.contains(won));
    b.page("front-page-finished").await;

    // The GM archives the day (off the lists, still readable), then deletes it: a test game,
    // its seed chosen. Each asks "I am sure" first.
    b.go("/games/2/gm").await;
    b.tick("form:has(button[value=archive]) input[name=confirm]")
        .await;
    b.click("button[value=archive]").await;
    assert_eq!(b.path().await, "/games/2/gm?done=archive");
    b.go("/").await;
    let html = b.html().await;
    assert!(!html.contains(r#"href="/games/2""#), "{html}");
    assert!(html.contains(r#"href="/games/1""#), "{html}");
    b.go("/games/2").await;
    assert!(b.html().await.contains(r#"id="archived""#));
    b.page("archived-game").await;
    b.go("/games/2/gm").await;
    b.tick("form:has(button[value=delete]) input[name=confirm]")
        .await;
    b.click("button[value=delete]").await;
    assert_eq!(b.path().await, "/?deleted=1");
    assert!(b.html().await.contains("The game is deleted."));
    b.page("game-deleted").await;
}

/// A season of two days (games 4 and 5), heuristic bots walking; its pages once over.
pub async fn season(b: &mut Session) {
    // A season (issue 34): a walking week of two days, its first a finished day; heuristic bots walk.
    b.go("/new").await;
    b.fill("#title", "Keswick, Monday").await;
    b.client
        .find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("backpacks")
        .await
        .unwrap();
    b.fill("#seats", "ann\nbob").await;
    b.fill("#seed", "9").await;
    b.click("form[action='/new'] button[type=submit]").await;
    assert_eq!(b.path().await, "/games/4/gm");
    b.bots_play(4, 2, "heuristic").await;
    resolve_until_over(b, 4).await;
    b.go("/games/4/gm").await;
    b.fill("#season-name", "Keswick week").await;
    b.fill("#season-stages", "2").await;
    b.click("form[action='/seasons'] button[type=submit]").await;
    assert_eq!(b.path().await, "/seasons/1?done=new");
    b.page("season-after-day-1").await;
    b.fill("#rest-days", "1").await;
    b.click("form:has(input[value=stage]) button[type=submit]")
        .await;
    assert_eq!(b.path().await, "/seasons/1?done=stage-5");
    resolve_until_over(b, 5).await;
    // The last day's report crowns the winners, and so does the season page.
    assert!(b.html().await.contains("The winners"));
    b.page("season-last-day").await;
    b.go("/seasons/1").await;
    assert!(b.html().await.contains(r#"id="winners""#));
    b.no_identifiers("season-final").await;
    b.page("season-final").await;
    b.part("#class-general", "season-final-general").await;
    b.part("#class-targets", "season-final-targets").await;
}

/// The GM resolves game `game` turn after turn until it is over (bots play its seats).
async fn resolve_until_over(b: &Session, game: i64) {
    for _ in 0..40 {
        b.go(&format!("/games/{game}")).await;
        if b.count("#finish").await == 1 {
            return;
        }
        b.go(&format!("/games/{game}/gm")).await;
        b.tick("form:has(button[value=resolve]) input[name=confirm]")
            .await;
        b.click("button[value=resolve]").await;
    }
    panic!("game {game} did not end");
}
