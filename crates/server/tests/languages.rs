//! A player's language (issue 36), on both databases: chosen on the profile's form, shown
//! chosen there, refused with one line when postrider does not speak it. The report mails it
//! governs are tested in `outbox.rs` (`each_report_mail_is_written_in_its_readers_language`).

mod common;

use axum::http::StatusCode;
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
