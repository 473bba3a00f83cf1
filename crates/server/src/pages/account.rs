//! Registering, logging in and out from a browser.

use askama::Template;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::http::header::SET_COOKIE;
use axum::response::Response;
use locale::{Lang, tr};

use super::form::{CsrfForm, FormData};
use super::frame::{Visitor, error_box, page, redirect};
use super::percent::{percent_decode, percent_encode};
use super::sentence::{LINK, MARK, MARK2, Piece, Sentence, around};
use crate::actions::{self, Credentials};
use crate::auth;
use crate::error::ApiError;
use crate::state::AppState;
use crate::text::filters;
use crate::throttle::ClientAddr;

/// Where to go after logging in: only a path on this site, never another site. A path is
/// accepted if it starts with one `/`, and neither it nor its percent-decoded form holds a
/// second `/` or a `\\` right after the first, a backslash anywhere, whitespace, a control
/// character or anything outside printable ASCII (browsers drop tabs and newlines and read
/// `\\` as `/`, so `/%09/evil.example` and `/\\evil.example` lead off the site).
fn safe_next(next: Option<&str>) -> String {
    fn same_site(path: &str) -> bool {
        let bytes = path.as_bytes();
        bytes.first() == Some(&b'/')
            && !matches!(bytes.get(1), Some(b'/' | b'\\'))
            && bytes.iter().all(|b| b.is_ascii_graphic() && *b != b'\\')
    }
    match next {
        Some(n) if same_site(n) && percent_decode(n).as_deref().is_some_and(same_site) => n.into(),
        _ => "/".into(),
    }
}

/// The two ways in: the same form, sent to two places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Door {
    Login,
    Register,
}

impl Door {
    fn path(self) -> &'static str {
        match self {
            Door::Login => "/login",
            Door::Register => "/register",
        }
    }

    fn title(self, lang: Lang) -> String {
        match self {
            Door::Login => tr!(lang, "account-log-in"),
            Door::Register => tr!(lang, "account-register"),
        }
    }
}

/// The invitation `next` leads to (`/games/ID/join?invite=CODE`), said on the login and
/// register pages; `None` for any other `next` or an invitation no longer valid.
pub async fn invitation_note(state: &AppState, next: &str, lang: Lang) -> Option<Sentence> {
    let rest = next.strip_prefix("/games/")?;
    let (id, code) = rest.split_once("/join?invite=")?;
    let id = id.parse::<i64>().ok()?;
    let table = store::load(state, id).await.ok()?;
    crate::actions::invitations_open(&table).ok()?;
    let seat = table
        .seats
        .iter()
        .find(|s| s.invite == code && s.player_id.is_none())?;
    let text = tr!(
        lang,
        "account-invited",
        seat = MARK,
        title = MARK2,
        game = table.row.game.title_in(lang),
        gm = table.row.gm_name.as_str()
    );
    Some(Sentence::new(
        &text,
        &[
            (MARK, Piece::strong(&seat.name)),
            (MARK2, Piece::strong(&table.row.title)),
        ],
    ))
}

/// The login or register form.
#[derive(Debug, Template)]
#[template(path = "account/form.html")]
struct AccountForm<'a> {
    lang: Lang,
    /// The invitation, its seat and game in bold.
    invited: Option<&'a Sentence>,
    /// The error box (HTML).
    error: String,
    action: &'static str,
    title: String,
    csrf: String,
    next: &'a str,
    name: &'a str,
    auto: &'static str,
    /// The other door's line, around its link, whose address carries `next`.
    other: (String, String),
    other_path: &'static str,
    other_label: String,
    query: String,
    /// The login page, which also links to a forgotten password.
    login: bool,
}

/// The login page after failed attempts on the account: the notice, and on to `next`.
#[derive(Debug, Template)]
#[template(path = "account/notice.html")]
struct Notice<'a> {
    lang: Lang,
    notice: String,
    next: &'a str,
}

/// A page of one line under its heading (`text`), or of the unsubscribe button.
#[derive(Debug, Template)]
#[template(path = "account/said.html")]
struct Said {
    title: String,
    text: Option<String>,
    action: String,
    button: String,
    note: String,
}

fn account_form(
    visitor: &Visitor,
    door: Door,
    next: &str,
    name: &str,
    error: Option<&ApiError>,
    invited: Option<&Sentence>,
) -> Response {
    let query = if next == "/" {
        String::new()
    } else {
        format!("?next={}", percent_encode(next))
    };
    let lang = visitor.lang;
    let (line, other_path, other_label) = match door {
        Door::Login => (
            tr!(lang, "account-no-account", register = LINK),
            "/register",
            tr!(lang, "account-register"),
        ),
        Door::Register => (
            tr!(lang, "account-have-account", login = LINK),
            "/login",
            tr!(lang, "account-log-in"),
        ),
    };
    let form = AccountForm {
        lang,
        invited,
        error: error_box(error),
        action: door.path(),
        title: door.title(lang),
        csrf: visitor.csrf_token(),
        next,
        name,
        auto: match door {
            Door::Login => "current-password",
            Door::Register => "new-password",
        },
        other: around(&line, LINK),
        other_path,
        other_label,
        query,
        login: door == Door::Login,
    };
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(
        visitor,
        status,
        &door.title(lang),
        &form.render().unwrap_or_default(),
    )
}

/// A page of one line under its heading.
fn said(title: String, text: Option<String>) -> String {
    let said = Said {
        title,
        text,
        action: String::new(),
        button: String::new(),
        note: String::new(),
    };
    said.render().unwrap_or_default()
}

#[derive(Debug, serde::Deserialize)]
pub struct Next {
    next: Option<String>,
}

pub async fn login_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Query(q): Query<Next>,
) -> Response {
    let next = safe_next(q.next.as_deref());
    let invited = invitation_note(&state, &next, visitor.lang).await;
    account_form(&visitor, Door::Login, &next, "", None, invited.as_ref())
}

pub async fn register_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Query(q): Query<Next>,
) -> Response {
    let next = safe_next(q.next.as_deref());
    let invited = invitation_note(&state, &next, visitor.lang).await;
    account_form(&visitor, Door::Register, &next, "", None, invited.as_ref())
}

/// A sent login or register form: the account opened if asked, a session, and on to `next`;
/// or the form again with the error.
async fn enter(
    state: &AppState,
    visitor: &Visitor,
    client: ClientAddr,
    form: &FormData,
    door: Door,
) -> Response {
    let next = safe_next(form.get("next"));
    let result = async {
        let c = Credentials {
            name: form.field("name")?.trim().to_string(),
            password: form.field("password")?.to_string(),
        };
        if door == Door::Register {
            actions::register(state, &c).await?;
        }
        let login = actions::login(state, &c, client).await?;
        let mut response = match login.notice(visitor.lang) {
            None => redirect(&next),
            // The owner hears of the failed attempts before going on.
            Some(notice) => page(
                visitor,
                StatusCode::OK,
                &tr!(visitor.lang, "account-logged-in"),
                &Notice {
                    lang: visitor.lang,
                    notice: tr!(
                        visitor.lang,
                        "account-failed-attempts",
                        notice = notice.as_str()
                    ),
                    next: &next,
                }
                .render()
                .unwrap_or_default(),
            ),
        };
        response
            .headers_mut()
            .insert(SET_COOKIE, auth::session_cookie(&login.secret)?);
        Ok::<_, ApiError>(response)
    };
    match result.await {
        Ok(response) => response,
        Err(e) => {
            let invited = invitation_note(state, &next, visitor.lang).await;
            let mut response = account_form(
                visitor,
                door,
                &next,
                form.get("name").unwrap_or_default(),
                Some(&e),
                invited.as_ref(),
            );
            e.add_retry_after(&mut response);
            response
        }
    }
}

pub async fn login(
    State(state): State<AppState>,
    visitor: Visitor,
    client: ClientAddr,
    CsrfForm(form): CsrfForm,
) -> Response {
    enter(&state, &visitor, client, &form, Door::Login).await
}

pub async fn register(
    State(state): State<AppState>,
    visitor: Visitor,
    client: ClientAddr,
    CsrfForm(form): CsrfForm,
) -> Response {
    enter(&state, &visitor, client, &form, Door::Register).await
}

pub async fn logout(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(_): CsrfForm,
) -> Response {
    let result = async {
        if let Some(player) = &visitor.player {
            auth::revoke(&state, &player.secret).await?;
        }
        let mut response = redirect("/");
        response
            .headers_mut()
            .insert(SET_COOKIE, auth::session_cookie_cleared());
        Ok::<_, ApiError>(response)
    };
    match result.await {
        Ok(response) => response,
        Err(e) => super::frame::error_page(&visitor, &e),
    }
}

/// The link of an email confirmation: confirms the address.
pub async fn confirm_email(
    State(state): State<AppState>,
    visitor: Visitor,
    axum::extract::Path(token): axum::extract::Path<String>,
) -> Response {
    match actions::confirm_email(&state, &token).await {
        Ok(name) => {
            let lang = visitor.lang;
            let title = tr!(lang, "account-confirmed");
            super::frame::page(
                &visitor,
                axum::http::StatusCode::OK,
                &title,
                &said(
                    title.clone(),
                    Some(tr!(lang, "account-confirmed-text", name = name.as_str())),
                ),
            )
        }
        Err(e) => super::frame::error_page(&visitor, &e),
    }
}

/// A mail's unsubscribe link, opened in a browser: a button (a link alone changes nothing, as
/// mail scanners open links).
pub async fn unsubscribe_form(
    visitor: Visitor,
    axum::extract::Path(message): axum::extract::Path<String>,
) -> Response {
    let lang = visitor.lang;
    let button = tr!(lang, "account-unsubscribe");
    let body = Said {
        title: tr!(lang, "account-unsubscribe-question"),
        text: None,
        action: format!("/unsubscribe/{message}"),
        button: button.clone(),
        note: tr!(lang, "account-unsubscribe-note"),
    };
    page(
        &visitor,
        StatusCode::OK,
        &button,
        &body.render().unwrap_or_default(),
    )
}

/// One-click unsubscribe (RFC 8058): the link's token is the secret, so no login or form
/// token is needed; the account's mail choice becomes none.
pub async fn unsubscribe(
    State(state): State<AppState>,
    visitor: Visitor,
    axum::extract::Path(message): axum::extract::Path<String>,
) -> Response {
    match actions::unsubscribe(&state, &message).await {
        Ok(()) => {
            let title = tr!(visitor.lang, "account-unsubscribed");
            let text = tr!(visitor.lang, "account-unsubscribed-text");
            page(
                &visitor,
                StatusCode::OK,
                &title,
                &said(title.clone(), Some(text)),
            )
        }
        Err(e) => super::frame::error_page(&visitor, &e),
    }
}

/// The routes of accounts: logging in and out, registering, confirming, unsubscribing.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/login", get(login_form).post(login))
        .route("/register", get(register_form).post(register))
        .route("/logout", post(logout))
        .route("/confirm-email/{token}", get(confirm_email))
        .route(
            "/unsubscribe/{message}",
            get(unsubscribe_form).post(unsubscribe),
        )
}

#[cfg(test)]
mod tests {
    use super::safe_next;

    /// issue 12: open redirect. Known bypasses of "starts with /" checks.
    #[test]
    fn next_never_leaves_the_site() {
        assert_eq!(safe_next(Some("/games/3/orders")), "/games/3/orders");
        assert_eq!(
            safe_next(Some("/games/3?turn=2&x=%41")),
            "/games/3?turn=2&x=%41"
        );
        assert_eq!(safe_next(None), "/");
        for bypass in [
            "//evil.example/",
            "///evil.example/",
            "https://evil.example/",
            "http:evil.example",
            "evil.example",
            "/\\evil.example",
            "\\/evil.example",
            "\\\\evil.example",
            "/\t/evil.example/",
            "/\n/evil.example/",
            "/\r\n/evil.example/",
            "/ /evil.example/",
            "/%09/evil.example/",
            "/%0a/evil.example/",
            "/%0D%0A/evil.example/",
            "/%2F/evil.example",
            "/%2f/evil.example",
            "%2F%2Fevil.example",
            "/%5Cevil.example",
            "/%5cevil.example",
            "/%252F/evil.example",
            "/%25252F%25252Fevil.example",
            "/%00/evil.example",
            "/%E3%80%80/evil.example",
            "/\u{3000}/evil.example",
            "/\u{ff0f}evil.example",
            "/%ff/evil.example",
            "/\u{7f}/evil.example",
            "",
            " /evil.example",
            "javascript:alert(1)",
        ] {
            assert_eq!(safe_next(Some(bypass)), "/", "{bypass:?}");
        }
    }
}
