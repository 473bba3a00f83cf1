//! A player's language (issue 36), on both databases: chosen on the profile's form, shown
//! chosen there, refused with one line when postrider does not speak it. The report mails it
//! governs are tested in `outbox.rs` (`each_report_mail_is_written_in_its_readers_language`).

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::*;

on_both!(
    the_profile_form_keeps_the_language_of_the_reports,
    |s: TestServer| async move {
        let mut b = Browser::new(&s);
        b.register("kaori").await;
        let page = b.get("/profile").await;
        assert!(page.html.contains(r#"id="language""#), "{}", page.html);
        assert!(
            page.html
                .contains(r#"<option value="en" selected>English</option>"#),
            "English until chosen: {}",
            page.html
        );
        assert!(page.html.contains(r#"<option value="ja">日本語</option>"#));
        let saved = b
            .submit("/profile", "/profile/language", &[("lang", "ja")])
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
        let page = b.get("/profile").await;
        assert!(
            page.html
                .contains(r#"<option value="ja" selected>日本語</option>"#),
            "{}",
            page.html
        );
        let refused = b
            .submit("/profile", "/profile/language", &[("lang", "xx")])
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(
            refused
                .html
                .contains("lang: language &quot;xx&quot;: not one postrider speaks (en, ja)"),
            "{}",
            refused.html
        );
        let page = b.get("/profile").await;
        assert!(page.html.contains(r#"<option value="ja" selected>"#));
    }
);

/// The `lang` attribute of a page's `<html>`.
fn html_lang(html: &str) -> &str {
    let at = html.find("<html lang=\"").expect("a page") + "<html lang=\"".len();
    &html[at..at + html[at..].find('"').unwrap()]
}

on_both!(
    a_page_is_written_in_the_accounts_language_then_the_asked_one_then_the_browsers,
    |s: TestServer| async move {
        // A visitor's browser that prefers Japanese.
        let request = Request::get("/")
            .header(header::ACCEPT_LANGUAGE, "ja-JP,ja;q=0.9,en;q=0.8")
            .body(Body::empty())
            .unwrap();
        let (_, response) = s.respond(request).await;
        assert_eq!(html_lang(&response), "ja");
        assert!(response.contains("ログイン"), "{response}");
        // `?lang=` asks, and a cookie keeps it for the next pages.
        let mut b = Browser::new(&s);
        assert_eq!(html_lang(&b.get("/").await.html), "en");
        let asked = b.get("/lobby?lang=ja").await;
        assert_eq!(html_lang(&asked.html), "ja");
        assert_eq!(b.cookies.get("lang").map(String::as_str), Some("ja"));
        assert_eq!(html_lang(&b.get("/").await.html), "ja");
        // The menu links back to the same page in the other language.
        assert!(
            asked.html.contains(r#"<a href="/lobby?lang=en" lang="en""#),
            "{}",
            asked.html
        );
        // A player who chose English on their account reads English whatever is asked.
        b.register("emma").await;
        b.submit("/profile", "/profile/language", &[("lang", "en")])
            .await;
        assert_eq!(html_lang(&b.get("/?lang=ja").await.html), "en");
        // The footer's menu keeps the choice on the account and comes back to the page.
        let page = b.get("/lobby").await;
        let csrf = page.csrf();
        let moved = b
            .post_raw(
                "/profile/language",
                &[("csrf", &csrf), ("lang", "ja"), ("next", "/lobby")],
            )
            .await;
        assert_eq!(moved.status, StatusCode::SEE_OTHER);
        assert_eq!(moved.location.as_deref(), Some("/lobby"));
        assert_eq!(html_lang(&b.get("/lobby").await.html), "ja");
        // `next` is a path of this site only.
        let away = b
            .post_raw(
                "/profile/language",
                &[("csrf", &csrf), ("lang", "ja"), ("next", "//evil.example/")],
            )
            .await;
        assert_eq!(away.location.as_deref(), Some("/profile?saved=1#language"));
    }
);
