//! The game page's table of seats says what each seat owes, as the console and the deadline
//! see it: a bot's seat holds nothing up.

use super::{race_through_forms, seal};
use crate::common::{Backend, TestServer};
use axum::http::StatusCode;

/// The game page's row for seat `name`: its cells' texts.
fn seat_row(html: &str, name: &str) -> Vec<String> {
    let table = &html[html.find("<tbody>").expect("the seats table")..];
    let row = table
        .split("<tr")
        .find(|r| r.contains(&format!("<td>{name}")))
        .unwrap_or_else(|| panic!("{name}: no row in {table}"));
    row.split("<td>")
        .skip(1)
        .map(|cell| cell[..cell.find("</td>").unwrap()].to_string())
        .collect()
}

on_both!(
    a_bots_seat_reads_as_played_by_its_bot_not_waiting,
    |s: TestServer| async move {
        let (id, mut gm, mut ann, _bob) = race_through_forms(&s).await;
        let console = format!("/games/{id}/gm");
        let handed = gm
            .submit(
                &console,
                &console,
                &[("action", "bot"), ("seat", "1"), ("bot", "heuristic")],
            )
            .await;
        assert_eq!(handed.status, StatusCode::SEE_OTHER, "{}", handed.html);
        let page = ann.get(&format!("/games/{id}")).await.html;
        assert_eq!(seat_row(&page, "Red")[2], "waiting", "{page}");
        let blue = seat_row(&page, "Blue");
        assert_eq!(blue[1], "bob (the rule-of-thumb bot plays)");
        assert_eq!(blue[2], "its bot plays", "{page}");
        // Red's orders in: nobody is awaited, and the page says so of both.
        let red = [
            ("lineup", "A 9 10 11 B 8 8 9 C 3 8 9 D 5 5 6"),
            ("orders", "A 11 B 9 C 9 D 6"),
        ];
        assert_eq!(seal(&mut ann, id, &red).await.status, StatusCode::SEE_OTHER);
        let page = ann.get(&format!("/games/{id}")).await.html;
        assert_eq!(seat_row(&page, "Red")[2], "orders in");
        assert_eq!(seat_row(&page, "Blue")[2], "its bot plays");
        // In Japanese, the same.
        let page = ann.get(&format!("/games/{id}?lang=ja")).await.html;
        assert!(page.contains("<td>ボットがプレイ</td>"), "{page}");
    }
);
