//! The frame every page is drawn in: who is looking (the visitor, from the cookies), the page
//! around a body (the header, the languages' footer, the form cookie), error pages and boxes,
//! and the redirect after a form.

use axum::extract::FromRequestParts;
use axum::http::header::{CONTENT_TYPE, LOCATION, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use locale::{Lang, tr};

use super::percent::{percent_decode, percent_encode};
use super::stylesheet::site_css_path;
use super::when;
use crate::auth::{self, FORM_COOKIE, Player, SESSION_COOKIE};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::text::filters;

/// Whoever is looking at a page: the logged-in player (from the session cookie only; a
/// stale cookie is a visitor who is not logged in) and the browser's form secret.
#[derive(Debug)]
pub struct Visitor {
    pub player: Option<Player>,
    form_secret: String,
    /// The browser has no form secret yet: this response gives it one.
    fresh: bool,
    /// The server's clock when the request came (for the time left to a deadline).
    pub now: i64,
    /// The browser's own time zone (the `tz` cookie the optional script sets), if it is one.
    browser_zone: Option<String>,
    /// The games awaiting the player's orders (for a page's header; `None` when not counted).
    pub awaiting: Option<usize>,
    /// The language the page is written in (`negotiate`: the account's choice, `?lang=`, the
    /// `lang` cookie, `Accept-Language`, English).
    pub lang: Lang,
    /// `?lang=` asked for a language: the response keeps it in the `lang` cookie.
    keep_lang: Option<Lang>,
    /// The page's path and query without `lang=` (where the language menu comes back to).
    path: String,
    /// The server's address as this browser reaches it (`site::address`), for links a
    /// person copies out of the page.
    pub site: Option<String>,
}

/// The cookie the optional script sets to the browser's time zone.
const ZONE_COOKIE: &str = "tz";

/// The language of a request to a page (see [`reader::negotiate`]).
fn page_lang(parts: &Parts, player: Option<&Player>) -> (Lang, Option<Lang>) {
    crate::reader::negotiate(parts, player.and_then(|p| p.lang))
}

impl FromRequestParts<AppState> for Visitor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Visitor> {
        let player = match crate::reader::cookie(parts, SESSION_COOKIE) {
            Some(secret) => auth::player_for(state, &secret).await?,
            None => None,
        };
        let (form_secret, fresh) = match crate::reader::cookie(parts, FORM_COOKIE) {
            Some(secret) => (secret, false),
            None => (auth::new_secret()?, true),
        };
        let browser_zone = crate::reader::cookie(parts, ZONE_COOKIE)
            .and_then(|z| percent_decode(&z))
            .filter(|z| z.len() <= 64 && when::zone(z).is_some());
        // Counted for a form sent too: one refused is answered with its page again, whose
        // header and tab say what is due as the page did (one sealed answers with a redirect).
        let awaiting = match &player {
            Some(p) => Some(store::attention::awaiting(state, p.id).await?),
            None => None,
        };
        let (lang, keep_lang) = page_lang(parts, player.as_ref());
        let query: Vec<&str> = parts
            .uri
            .query()
            .unwrap_or_default()
            .split('&')
            .filter(|p| !p.is_empty() && !p.starts_with("lang="))
            .collect();
        let path = match query.is_empty() {
            true => parts.uri.path().to_owned(),
            false => format!("{}?{}", parts.uri.path(), query.join("&")),
        };
        Ok(Visitor {
            player,
            form_secret,
            fresh,
            now: state.clock.now(),
            browser_zone,
            awaiting,
            lang,
            keep_lang,
            path,
            site: crate::site::address(&state.config, &parts.headers),
        })
    }
}

impl Visitor {
    /// The same visitor, no longer logged in (after the account was deleted).
    pub fn logged_out(self) -> Visitor {
        Visitor {
            player: None,
            awaiting: None,
            ..self
        }
    }

    /// The logged-in player, or (as the error) the way to the login page, which comes back
    /// to `next`.
    #[expect(
        clippy::result_large_err,
        reason = "the error is a page, as in PageResult, returned at once with `?`"
    )]
    pub fn player_or_login(&self, next: &str) -> Result<&Player, Response> {
        self.player.as_ref().ok_or_else(|| login_first(next))
    }

    /// A deadline as this reader reads it: in their time zone (UTC without one), with the
    /// time left.
    pub fn deadline(&self, at: i64) -> String {
        when::deadline_in(self.lang, at, self.now, self.zone())
    }

    /// The reader's time zone: their profile's, else their browser's (the optional script
    /// tells it from the first visit), else none (UTC).
    pub fn zone(&self) -> Option<&str> {
        self.player
            .as_ref()
            .and_then(|p| p.time_zone.as_deref())
            .or(self.browser_zone.as_deref())
    }

    /// The token every form carries (its templates write the hidden `csrf` field).
    pub fn csrf_token(&self) -> String {
        auth::csrf_token(&self.form_secret)
    }
}

/// The way to a page that needs a logged-in player: the login page, which comes back to `next`.
fn login_first(next: &str) -> Response {
    redirect(&format!("/login?next={}", percent_encode(next)))
}

/// What a page handler gives: the page, or the page that takes its place (an error, the way
/// to the login page), so that handlers can use `?`.
pub type PageResult = Result<Response, Response>;

/// A `303 See Other` to `to` (after a form was accepted).
pub fn redirect(to: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(to) {
        response.headers_mut().insert(LOCATION, value);
    }
    response
}

/// A whole page, around `body`, with the header for this visitor; the tab shows `title`.
pub fn page(visitor: &Visitor, status: StatusCode, title: &str, body: &str) -> Response {
    page_with_tab(visitor, status, title, title, body)
}

/// The frame of every page: the header for this visitor, the body, the languages' footer.
#[derive(Debug, askama::Template)]
#[template(path = "page.html")]
struct Frame<'a> {
    lang: Lang,
    /// The zone the page was written in ("" for UTC when none is known), for `site.js`.
    zone: &'a str,
    /// The token to store the browser's zone for a logged-in player who has none.
    zone_save: Option<String>,
    /// `(2) `: the games awaiting the reader's orders, leading the tab's title.
    count: String,
    tab: &'a str,
    title: &'a str,
    css: &'a str,
    /// The logged-in player's name.
    name: Option<&'a str>,
    awaiting: Option<usize>,
    body: &'a str,
    /// The footer's form token: a logged-in player keeps the language chosen on the account.
    menu_token: Option<String>,
    others: Vec<Lang>,
    /// The page's path and query without `lang=`, and what joins `lang=` to it.
    path: &'a str,
    joiner: char,
}

/// A whole page whose tab title (`Orders due · Tour of the Fells`) says more than its heading.
/// Either is led by the number of games awaiting the reader's orders: `(2) …`.
pub fn page_with_tab(
    visitor: &Visitor,
    status: StatusCode,
    tab: &str,
    title: &str,
    body: &str,
) -> Response {
    use askama::Template as _;
    let lang = visitor.lang;
    let awaiting = visitor.awaiting.filter(|&n| n > 0);
    // One row at 390 px (issue 51): the name leads home, what is due, the reader's profile
    // (where they log out); a visitor logs in or registers. The optional script (`site.js`)
    // uses the browser's time zone from the first visit.
    let frame = Frame {
        lang,
        zone: visitor.zone().unwrap_or_default(),
        zone_save: match &visitor.player {
            Some(p) if p.time_zone.is_none() => Some(visitor.csrf_token()),
            _ => None,
        },
        count: awaiting.map_or(String::new(), |n| format!("({n}) ")),
        tab,
        title,
        css: site_css_path(),
        name: visitor.player.as_ref().map(|p| p.name.as_str()),
        awaiting,
        body,
        menu_token: visitor.player.as_ref().map(|_| visitor.csrf_token()),
        others: Lang::all().filter(|&l| l != lang).collect(),
        path: &visitor.path,
        joiner: if visitor.path.contains('?') { '&' } else { '?' },
    };
    let html = match frame.render() {
        Ok(html) => html,
        Err(e) => {
            tracing::error!(cause = %e, "page template");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let mut response = (status, [(CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response();
    if visitor.fresh
        && let Ok(cookie) = auth::form_cookie(&visitor.form_secret)
    {
        response.headers_mut().append(SET_COOKIE, cookie);
    }
    if let Some(keep) = visitor.keep_lang
        && let Ok(cookie) = HeaderValue::from_str(&format!(
            "{}={}; Path=/; Max-Age=31536000; SameSite=Lax",
            crate::reader::LANG_COOKIE,
            keep.code()
        ))
    {
        response.headers_mut().append(SET_COOKIE, cookie);
    }
    response
}

/// An error's line as a player reads it on a page: without the name of the field the API's
/// errors lead with (`invite: seat Red is taken` is `Seat Red is taken`; `game 5: …`), which
/// is an identifier to a player; the form's own labels say which field it is.
pub fn in_words(text: &str) -> String {
    let field = text.split_once(": ").filter(|(head, _)| {
        let mut words = head.split(' ');
        let name = words.next().unwrap_or_default();
        let number = words.next();
        head.len() <= 40
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_.[]".contains(c))
            && number.is_none_or(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            && words.next().is_none()
    });
    let Some((_, rest)) = field else {
        return text.to_string();
    };
    let mut chars = rest.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// An error's line, under the page's heading.
#[derive(Debug, askama::Template)]
#[template(path = "error.html")]
struct ErrorLine {
    lang: Lang,
    message: String,
}

/// An error as a page: the status and the one-line message.
pub fn error_page(visitor: &Visitor, error: &ApiError) -> Response {
    use askama::Template as _;
    if let ApiError::Internal(cause) = error {
        tracing::error!(%cause, "internal error");
    }
    let line = ErrorLine {
        lang: visitor.lang,
        message: in_words(&error.text(visitor.lang)),
    };
    page(
        visitor,
        error.status(),
        &tr!(visitor.lang, "site-error-title"),
        &line.render().unwrap_or_default(),
    )
}

/// The message box above a form sent back with an error.
#[derive(Debug, askama::Template)]
#[template(path = "error_box.html")]
struct ErrorBox {
    message: Option<String>,
}

/// The message box shown above a form sent back with an error, in the language of the
/// request being answered.
pub fn error_box(error: Option<&ApiError>) -> String {
    use askama::Template as _;
    let message = error.map(|e| in_words(&e.text(crate::reader::lang())));
    ErrorBox { message }.render().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::in_words;

    /// A player reads words: the API's field names and game numbers go (issue 51).
    #[test]
    fn an_error_on_a_page_leaves_its_field_name_out() {
        for (api, page) in [
            ("invite: seat Red is taken", "Seat Red is taken"),
            ("lineup: rider A: 4 cards", "Rider A: 4 cards"),
            (
                "game 5: you hold no seat in this game",
                "You hold no seat in this game",
            ),
            ("remind: 席 Red", "席 Red"),
            (
                "The deadline has passed: too late",
                "The deadline has passed: too late",
            ),
            ("nothing to strip", "nothing to strip"),
            (
                "a rider named: twice over here",
                "a rider named: twice over here",
            ),
        ] {
            assert_eq!(in_words(api), page, "{api}");
        }
    }
}
