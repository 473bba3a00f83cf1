//! The server-rendered pages, driven as a browser drives them (cookies, HTML forms with their
//! CSRF tokens), on SQLite and on PostgreSQL: a whole game through the forms, forms without
//! a valid token refused, no page showing another seat's secrets, bad input shown back with
//! its error, and logging in on the way to a page.

mod backpacks;
mod console;
mod line_up;
mod players;
mod race;
mod seats;

use crate::common::{Browser, TestServer};
use axum::http::StatusCode;

/// The invitation links on a GM console page, in seat order.
fn invitations(html: &str) -> Vec<String> {
    html.match_indices(r#"class="invite" href=""#)
        .map(|(at, m)| {
            let rest = &html[at + m.len()..];
            rest[..rest.find('"').unwrap()].to_string()
        })
        .collect()
}

/// A two-team postal race created through the new-game form, with both seats taken through
/// the invitation pages: (game id, the GM's, Red's and Blue's browsers).
async fn race_through_forms(s: &TestServer) -> (i64, Browser<'_>, Browser<'_>, Browser<'_>) {
    let mut gm = Browser::new(s);
    gm.register("gm").await;
    let created = gm
        .submit(
            "/new",
            "/new",
            &[
                ("title", "Tour <de> Forms"),
                ("game", "breaking-away"),
                ("breaking-away:rules", "postal-2.2"),
                ("seats", "Red\r\nBlue\r\n"),
                ("deadline", "interval"),
                ("hours", "24"),
                ("weekday", "sunday"),
                ("time", "20:00"),
                ("zone", "Europe/London"),
                ("seed", "11"),
            ],
        )
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.html);
    let console = created.location.unwrap();
    let id: i64 = console
        .trim_start_matches("/games/")
        .trim_end_matches("/gm")
        .parse()
        .unwrap();
    let page = gm.get(&console).await;
    assert!(
        page.html.contains("Tour &lt;de&gt; Forms"),
        "titles are escaped"
    );
    let links = invitations(&page.html);
    assert_eq!(links.len(), 2);
    let mut players = Vec::new();
    for (name, link) in ["ann", "bob"].into_iter().zip(&links) {
        let mut browser = Browser::new(s);
        // Following the link before logging in leads to the login page and back.
        let page = browser.get(link).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let login = page.location.unwrap();
        assert!(login.starts_with("/login?next="));
        // The login page says what the invitation is for (issue 15, point 8).
        let page = browser.get(&login).await;
        assert!(
            page.html
                .contains(r#"<p class="note" id="invited">You are invited to play <strong>"#),
            "{}",
            page.html
        );
        browser.register(name).await;
        let invite = link.split("invite=").nth(1).unwrap();
        let joined = browser
            .submit(link, &format!("/games/{id}/join"), &[("invite", invite)])
            .await;
        assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.html);
        assert_eq!(joined.location.unwrap(), format!("/games/{id}/orders"));
        players.push(browser);
    }
    let bob = players.pop().unwrap();
    let ann = players.pop().unwrap();
    (id, gm, ann, bob)
}

async fn seal(b: &mut Browser<'_>, id: i64, fields: &[(&str, &str)]) -> crate::common::Page {
    let path = format!("/games/{id}/orders");
    b.submit(&path, &path, fields).await
}
