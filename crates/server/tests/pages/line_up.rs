//! A Breaking Away line-up on the orders form: a first-timer's within the limits, and riders
//! left on their default playing their highest cards.

use super::{race_through_forms, seal};
use crate::common::{Backend, TestServer};
use axum::http::StatusCode;

/// The value of the field `name` in a page's HTML (`None` if there is no such field).
fn field_value(html: &str, name: &str) -> Option<String> {
    let at = html.find(&format!(r#"name="{name}""#))?;
    let tag = &html[at..at + html[at..].find('>')?];
    let rest = &tag[tag.find(r#"value=""#)? + 7..];
    Some(rest[..rest.find('"')?].to_string())
}

/// The card a rider left on "highest" plays, as its menu says (`highest, 10`).
fn highest_in_menu(html: &str, rider: char) -> String {
    let menu = &html[html.find(&format!(r#"<select id="card_{rider}""#)).unwrap()..];
    let at = menu.find(r#"<option value="">highest, "#).unwrap() + 26;
    menu[at..at + menu[at..].find('<').unwrap()].to_string()
}

on_both!(
    a_first_timer_builds_a_line_up_within_the_limits,
    |s: TestServer| async move {
        let (id, _gm, mut ann, _bob) = race_through_forms(&s).await;
        let path = format!("/games/{id}/orders");
        // Issue 29, point 5: the limits of each rider, from the rules code; no line-up filled
        // in that hides them.
        let form = ann.get(&path).await;
        for limits in [
            "<legend>Red-A: 3 or 4 cards, adding up to at most 30</legend>",
            "<legend>Red-B: 3 cards, adding up to at most 25</legend>",
            "<legend>Red-C: 3 cards, adding up to at most 20</legend>",
            "<legend>Red-D: 3 cards, adding up to at most 16</legend>",
        ] {
            assert!(form.html.contains(limits), "{limits}: {}", form.html);
        }
        assert_eq!(field_value(&form.html, "lineup_A_1").as_deref(), Some(""));
        assert_eq!(field_value(&form.html, "lineup").as_deref(), Some(""));
        assert!(form.html.contains(r#"min="1" max="15""#));
        assert!(
            form.html
                .contains(r#"<script src="/static/lineup.js"></script>"#)
        );
        let script = ann.get("/static/lineup.js").await;
        assert_eq!(script.status, StatusCode::OK);
        // "Check the totals": the form again with each rider's total, B's flagged, nothing sealed.
        let boxes = [
            ("lineup_A_1", "10"),
            ("lineup_A_2", "10"),
            ("lineup_A_3", "10"),
            ("lineup_A_4", ""),
            ("lineup_B_1", "9"),
            ("lineup_B_2", "9"),
            ("lineup_B_3", "9"),
            ("lineup_C_1", "3"),
            ("lineup_C_2", "8"),
            ("lineup_C_3", "9"),
            ("lineup_D_1", "5"),
            ("lineup_D_2", "5"),
            ("lineup_D_3", "6"),
            ("card_A", ""),
            ("card_B", ""),
            ("card_C", ""),
            ("card_D", ""),
        ];
        let mut check = boxes.to_vec();
        check.push(("plan", "1"));
        let page = seal(&mut ann, id, &check).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        assert!(
            page.html.contains(
                r#"Total <output id="total_B" aria-live="polite">27</output> of at most 25"#
            ),
            "{}",
            page.html
        );
        assert!(page.html.contains(r#"id="wrong_B""#));
        assert!(!page.html.contains(r#"id="wrong_A""#));
        assert_eq!(field_value(&page.html, "lineup_B_3").as_deref(), Some("9"));
        assert!(ann.get(&path).await.html.contains("Nothing sealed yet"));
        // Sealed as it is: refused, the rule cited and linked to the help page.
        let page = seal(&mut ann, id, &boxes).await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(
            page.html.contains(
                r#"line-up: rider B: cards sum to 27, more than the 25 allowed (<a href="/help/breaking-away#rule-3-1-1">postal 3.1.1</a>)"#
            ),
            "{}",
            page.html
        );
        let help = ann.get("/help/breaking-away").await;
        assert_eq!(help.status, StatusCode::OK);
        for anchor in [
            r#"id="rule-3-1-1""#,
            r#"id="rule-8-2-5""#,
            r#"id="rule-9-1""#,
            r#"id="board-set-up""#,
        ] {
            assert!(help.html.contains(anchor), "{anchor}");
        }
        // Within the limits, every turn-1 card left empty: "play the defaults", each rider's
        // highest card, sealed (not refused).
        let mut good = boxes.to_vec();
        good[5] = ("lineup_B_2", "7");
        let sent = seal(&mut ann, id, &good).await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
        let page = ann.get(&path).await;
        assert!(
            page.html.contains(
                "Sealed, as read: line-up <code>A 10 10 10  B 9 7 9  C 3 8 9  D 5 5 6</code>, orders <code>A 10 B 9 C 9 D 6</code>."
            ),
            "{}",
            page.html
        );
        // The builder comes back with the sealed line-up in its boxes.
        assert_eq!(field_value(&page.html, "lineup_B_2").as_deref(), Some("7"));
        assert_eq!(field_value(&page.html, "card_D").as_deref(), Some("6"));
    }
);

on_both!(
    riders_left_on_their_default_play_their_highest_cards,
    |s: TestServer| async move {
        let (id, _gm, mut ann, mut bob) = race_through_forms(&s).await;
        let lineup = [
            ("lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6"),
            ("orders", "A 10 B 9 C 9 D 6"),
        ];
        assert_eq!(
            seal(&mut ann, id, &lineup).await.status,
            StatusCode::SEE_OTHER
        );
        assert_eq!(
            seal(&mut bob, id, &lineup).await.status,
            StatusCode::SEE_OTHER
        );
        assert_eq!(server::games::process_due(&s.state).await.unwrap(), 1);
        let path = format!("/games/{id}/orders");
        // The hand beside each rider's menu, the default short enough for a phone.
        let form = ann.get(&path).await;
        assert!(
            form.html
                .contains(r#"<li class="badge">10</li><li class="badge">10</li>"#),
            "{}",
            form.html
        );
        assert!(
            form.html
                .contains(r#"<option value="">highest, 10</option>"#),
            "{}",
            form.html
        );
        assert!(
            form.html
                .contains(r#"<button type="submit" name="highest" value="1""#)
        );
        assert!(
            form.html
                .contains(r#"<a href="/help/breaking-away#rule-9-1">postal 9.1</a>"#)
        );
        // Every rider on its default: accepted as "play the defaults" (issue 29; it was
        // refused with "choose a card for at least one rider").
        let defaults = [
            ("card_A", ""),
            ("card_B", ""),
            ("card_C", ""),
            ("card_D", ""),
        ];
        let highest = |html: &str| {
            format!(
                "orders <code>A {} B {} C {} D {}</code>",
                highest_in_menu(html, 'A'),
                highest_in_menu(html, 'B'),
                highest_in_menu(html, 'C'),
                highest_in_menu(html, 'D')
            )
        };
        let sent = seal(&mut ann, id, &defaults).await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
        let page = ann.get(&path).await;
        assert!(page.html.contains(&highest(&form.html)), "{}", page.html);
        // "Play my highest cards" overrides what the menus say, in one tap.
        let sent = seal(
            &mut bob,
            id,
            &[
                ("card_A", "10"),
                ("card_B", "8"),
                ("card_C", ""),
                ("card_D", "5"),
                ("highest", "1"),
            ],
        )
        .await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.html);
        let page = bob.get(&path).await;
        assert!(page.html.contains(&highest(&page.html)), "{}", page.html);
        // The close-up of the track beside the form.
        assert!(page.html.contains(r#"id="orders-picture""#));
    }
);
