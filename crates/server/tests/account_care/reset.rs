//! A forgotten password reset by a mailed link, once, or by the link the operator hands a
//! player without mail.

use super::{NEW_PASSWORD, PASSWORD, login, mails};
use crate::common::{Backend, Browser, TestServer};
use axum::http::StatusCode;
use server::store::account_care;

on_both!(
    a_forgotten_password_is_reset_by_a_mailed_link_once,
    |s: TestServer| async move {
        let mut s = s;
        let token = s.player("alice").await;
        // Without mail the form says whom to ask.
        let mut browser = Browser::new(&s);
        let page = browser
            .submit("/forgot", "/forgot", &[("who", "alice")])
            .await;
        s.state.errands.idle().await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "{}", page.html);
        assert!(page.html.contains("ask its operator"), "{}", page.html);

        s.state = s.state.clone().with_mail(crate::common::club_mail());
        s.confirm_email(&token, "alice@example.net").await;
        let login_page = Browser::new(&s).get("/login").await;
        assert!(login_page.html.contains(r#"href="/forgot""#));

        // By address (any case) or by name; an unknown name gets the same answer and no mail.
        let mut browser = Browser::new(&s);
        for who in ["Alice@Example.NET", "nobody-here"] {
            let page = browser.submit("/forgot", "/forgot", &[("who", who)]).await;
            assert_eq!(page.status, StatusCode::OK, "{}", page.html);
            assert!(
                page.html
                    .contains("If an account with a confirmed address matches")
            );
        }
        // The form answers before it looks: what it does is done once its errand is.
        s.state.errands.idle().await;
        let sent = mails(&s, "reset").await;
        assert_eq!(sent.len(), 1, "{sent:?}");
        assert_eq!(sent[0].0, "alice@example.net");
        // Asked again at once: no second mail (the form sent over and over fills no mailbox).
        browser
            .submit("/forgot", "/forgot", &[("who", "alice")])
            .await;
        s.state.errands.idle().await;
        assert_eq!(mails(&s, "reset").await.len(), 1);

        let link = sent[0]
            .1
            .lines()
            .find(|l| l.starts_with("https://club.example/reset/"))
            .unwrap()
            .trim_start_matches("https://club.example")
            .to_string();
        let mut owner = Browser::new(&s);
        let form = owner.get(&link).await;
        assert_eq!(form.status, StatusCode::OK, "{}", form.html);
        assert!(
            form.html.contains("<strong>alice</strong>"),
            "{}",
            form.html
        );
        // A weak password is refused and the link still works.
        let weak = owner
            .submit(
                &link,
                &link,
                &[("name", "alice"), ("password", "alice12345")],
            )
            .await;
        assert_eq!(weak.status, StatusCode::BAD_REQUEST, "{}", weak.html);
        assert!(
            weak.html.contains("Must not contain the name"),
            "{}",
            weak.html
        );
        let done = owner
            .submit(
                &link,
                &link,
                &[("name", "alice"), ("password", NEW_PASSWORD)],
            )
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        // The owner is logged in; the old token and password are gone; the link is spent.
        assert!(owner.get("/profile").await.html.contains("alice"));
        let (status, _) = s.call("GET", "/api/account/mail", Some(&token), None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            login(&s, "alice", PASSWORD).await.0,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(login(&s, "alice", NEW_PASSWORD).await.0, StatusCode::OK);
        assert_eq!(
            Browser::new(&s).get(&link).await.status,
            StatusCode::NOT_FOUND
        );

        // A link works for an hour.
        s.clock.advance(server::actions::RESET_LINK_SPACING + 1);
        browser
            .submit("/forgot", "/forgot", &[("who", "alice")])
            .await;
        s.state.errands.idle().await;
        let sent = mails(&s, "reset").await;
        assert_eq!(sent.len(), 2);
        let link = sent[1]
            .1
            .lines()
            .find(|l| l.starts_with("https://club.example/reset/"))
            .unwrap()
            .trim_start_matches("https://club.example")
            .to_string();
        s.clock.advance(3_601);
        assert_eq!(
            Browser::new(&s).get(&link).await.status,
            StatusCode::NOT_FOUND
        );
    }
);

on_both!(
    the_operator_hands_a_link_to_a_player_without_mail,
    |s: TestServer| async move {
        s.player("bob").await;
        // What `postrider account reset-password bob` does, on this database.
        let account = account_care::account(&s.state.db, "BOB")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(account.name, "bob");
        let token = "0123456789abcdef0123456789abcdef";
        account_care::set_reset_link(
            &s.state.db,
            account.id,
            &server::auth::secret_hash(token),
            s.clock_now() + 86_400,
            None,
        )
        .await
        .unwrap();
        let link = format!("/reset/{token}");
        let mut owner = Browser::new(&s);
        let done = owner
            .submit(&link, &link, &[("name", "bob"), ("password", NEW_PASSWORD)])
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
        assert_eq!(login(&s, "bob", NEW_PASSWORD).await.0, StatusCode::OK);
    }
);
