//! Server-rendered pages: what a GM and the players use from a browser or a phone. HTML with a
//! few lines of JavaScript at most; every form carries a CSRF token; every game state shown
//! comes from the record's view for the visitor (the same as the JSON API's); every text shown
//! is escaped. The forms call the same `actions` as the API.

mod absence;
mod account;
mod account_care;
pub mod app;
mod backpacks;
mod breaking_away;
mod front;
mod game;
mod language;
pub mod lobby;
mod mail;
mod operator;
mod pieces;
mod player;
mod profile;
pub mod push;
mod ratings;
mod season;
mod showcase;
mod when;

pub use absence::{declare_absence, set_allowance, withdraw_absence};
pub use account::{
    confirm_email, login, login_form, logout, register, register_form, unsubscribe,
    unsubscribe_form,
};
pub use account_care::{delete_account, forgot, forgot_form, reset, reset_form};
pub use front::*;
pub use game::{
    console, console_action, game, history, join, join_form, new_game, new_game_form, orders,
    orders_form, rotate_mail_address, seat_settings, turn,
};
pub use game::{hide_press, post_press, press_archive, press_settings, save_seat_language};
pub use language::save_language;
pub use mail::profile_mail;
pub use operator::{operator_action, operator_form};
pub use player::{player, renew_feeds};
pub use profile::*;
pub use ratings::ladder;
pub use season::{new_season, season, season_action};

/// The Backpacks orders help, served by the site.
pub async fn help_backpacks(visitor: Visitor) -> Response {
    match backpacks::help(visitor.lang) {
        Ok(body) => page(
            &visitor,
            StatusCode::OK,
            &tr!(visitor.lang, "help-bb-title"),
            &body,
        ),
        Err(e) => error_page(&visitor, &ApiError::Internal(e.to_string())),
    }
}

/// The Breaking Away rules help, served by the site.
pub async fn help_breaking_away(visitor: Visitor) -> Response {
    match breaking_away::help(visitor.lang) {
        Ok(body) => page(
            &visitor,
            StatusCode::OK,
            &tr!(visitor.lang, "help-ba-title"),
            &body,
        ),
        Err(e) => error_page(&visitor, &ApiError::Internal(e.to_string())),
    }
}

pub use backpacks::plan_script;
pub use breaking_away::lineup_script;

use locale::{Lang, phrase, tr};
use std::fmt::Write;

use axum::extract::{FromRequestParts, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, LOCATION, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::auth::{self, FORM_COOKIE, Player, SESSION_COOKIE};
use crate::error::{ApiError, ApiResult};
use crate::store;

pub use crate::text::escape;

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
        let player = match auth::cookie(parts, SESSION_COOKIE) {
            Some(secret) => auth::player_for(state, &secret).await?,
            None => None,
        };
        let (form_secret, fresh) = match auth::cookie(parts, FORM_COOKIE) {
            Some(secret) => (secret, false),
            None => (auth::new_secret()?, true),
        };
        let browser_zone = auth::cookie(parts, ZONE_COOKIE)
            .and_then(|z| account::percent_decode(&z))
            .filter(|z| z.len() <= 64 && when::zone(z).is_some());
        // Only a page shown (not a form sent, which answers with a redirect) says what is due.
        let awaiting = match &player {
            Some(p) if parts.method == axum::http::Method::GET => {
                Some(store::attention::awaiting(state, p.id).await?)
            }
            _ => None,
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
        })
    }
}

impl Visitor {
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

    /// The token every form carries (for templates, which write the field themselves).
    pub fn csrf_token(&self) -> String {
        auth::csrf_token(&self.form_secret)
    }

    /// The hidden field every form carries.
    pub fn csrf_field(&self) -> String {
        format!(
            r#"<input type="hidden" name="csrf" value="{}">"#,
            auth::csrf_token(&self.form_secret)
        )
    }

    /// Refuses a form that does not carry this browser's token (a form posted from another
    /// site, or from a browser that lost its cookie).
    pub fn check_csrf(&self, form: &FormData) -> ApiResult<()> {
        let expected = auth::csrf_token(&self.form_secret);
        if self.fresh || form.get("csrf") != Some(expected.as_str()) {
            return Err(ApiError::Forbidden(phrase!("error-csrf-form")));
        }
        Ok(())
    }
}

/// The way to a page that needs a logged-in player: the login page, which comes back to `next`.
fn login_first(next: &str) -> Response {
    redirect(&format!("/login?next={}", account::percent_encode(next)))
}

/// A submitted form: its fields in order (a field may repeat, as checkboxes do).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(transparent)]
pub struct FormData(pub Vec<(String, String)>);

impl FormData {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// A field that must be there (the form always sends it).
    pub fn field(&self, name: &str) -> ApiResult<&str> {
        self.get(name)
            .ok_or_else(|| ApiError::Bad(phrase!("error-form-field-missing", name = name)))
    }

    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.0
            .iter()
            .filter(move |(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
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

/// The site's one stylesheet (`static/site.css`): design tokens, light and dark.
pub const SITE_CSS: &str = include_str!("../../static/site.css");

/// The stylesheet's address: its query names its content, so that it can be cached for a year
/// and a new sheet is fetched at once.
fn site_css_path() -> &'static str {
    static PATH: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        // FNV-1a: a name for the content, not a secret.
        let hash = SITE_CSS.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        format!("/static/site.css?v={hash:016x}")
    });
    &PATH
}

/// `GET /static/site.css`: the stylesheet, cached for a year (its address changes with it).
pub async fn site_css() -> Response {
    (
        [
            (CONTENT_TYPE, "text/css; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        SITE_CSS,
    )
        .into_response()
}

/// A whole page, around `body`, with the header for this visitor; the tab shows `title`.
pub fn page(visitor: &Visitor, status: StatusCode, title: &str, body: &str) -> Response {
    page_with_tab(visitor, status, title, title, body)
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
    let lang = visitor.lang;
    let awaiting = visitor.awaiting.filter(|&n| n > 0);
    let count = awaiting.map_or(String::new(), |n| format!("({n}) "));
    // One row at 390 px (issue 51): the name leads home, what is due, the reader's profile
    // (where they log out); a visitor logs in or registers.
    let who = match &visitor.player {
        Some(p) => {
            let due = match awaiting {
                Some(n) => format!(
                    r#"<a href="/#your-games" id="awaiting">{move_} <span class="count" aria-label="{label}">{n}</span></a>"#,
                    move_ = tr!(lang, "site-your-move"),
                    label = escape(&tr!(lang, "site-awaiting", n = n)),
                ),
                None => String::new(),
            };
            format!(
                r#"{due}<a href="/profile" class="who" title="{title}"><span>{name}</span></a>"#,
                name = escape(&p.name),
                title = tr!(lang, "site-profile"),
            )
        }
        None => format!(
            r#"<a href="/login">{}</a><a href="/register">{}</a>"#,
            tr!(lang, "site-log-in"),
            tr!(lang, "site-register")
        ),
    };
    // The optional script (`site.js`) uses the browser's time zone from the first visit:
    // `data-zone` is the zone the page was written in ("" for UTC when none is known), and
    // `data-zone-save` the token to store it for a logged-in player who has none.
    let zone_save = match &visitor.player {
        Some(p) if p.time_zone.is_none() => {
            format!(r#" data-zone-save="{}""#, escape(&visitor.csrf_token()))
        }
        _ => String::new(),
    };
    let tab = if tab == title {
        format!("{count}{} · postrider", escape(tab))
    } else {
        format!("{count}{}", escape(tab))
    };
    let html = format!(
        r#"<!doctype html>
<html lang="{code}" data-zone="{zone}"{zone_save}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{tab}</title>
<link rel="stylesheet" href="{css}">
{app_head}
<script src="/static/site.js" defer></script>
</head><body>
<header class="site-header"><div><a class="brand" href="/">postrider</a><nav aria-label="{site}">{who}</nav></div></header>
<main>
<h1>{title}</h1>
{body}
</main>
<footer class="site-footer">{languages}</footer>
</body></html>
"#,
        code = lang.code(),
        site = tr!(lang, "site-nav"),
        languages = language_menu(visitor),
        zone = escape(visitor.zone().unwrap_or_default()),
        css = site_css_path(),
        app_head = app::HEAD,
        title = escape(title)
    );
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

/// The footer's languages, each named in itself: links (`?lang=`) for a visitor, buttons that
/// keep the choice on the account for a logged-in player (whose choice outranks `?lang=`).
fn language_menu(visitor: &Visitor) -> String {
    let label = escape(&tr!(visitor.lang, "site-language"));
    let others = Lang::all().filter(|&l| l != visitor.lang);
    if visitor.player.is_some() {
        let buttons: String = others
            .map(|l| {
                format!(
                    r#"<button name="lang" value="{code}" lang="{code}">{name}</button>"#,
                    code = l.code(),
                    name = escape(&l.t("language-name"))
                )
            })
            .collect();
        format!(
            r#"<form method="post" action="/profile/language" class="languages" aria-label="{label}">{csrf}<input type="hidden" name="next" value="{next}">{buttons}</form>"#,
            csrf = visitor.csrf_field(),
            next = escape(&visitor.path),
        )
    } else {
        let joiner = if visitor.path.contains('?') { '&' } else { '?' };
        let links: String = others
            .map(|l| {
                format!(
                    r#"<a href="{path}{joiner}lang={code}" lang="{code}" hreflang="{code}">{name}</a>"#,
                    path = escape(&visitor.path),
                    code = l.code(),
                    name = escape(&l.t("language-name"))
                )
            })
            .collect();
        format!(r#"<nav class="languages" aria-label="{label}">{links}</nav>"#)
    }
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

/// An error as a page: the status and the one-line message.
pub fn error_page(visitor: &Visitor, error: &ApiError) -> Response {
    if let ApiError::Internal(cause) = error {
        tracing::error!(%cause, "internal error");
    }
    page(
        visitor,
        error.status(),
        &tr!(visitor.lang, "site-error-title"),
        &format!(
            r#"<p class="error">{}</p><p><a href="/">{}</a></p>"#,
            escape(&in_words(&error.text(visitor.lang))),
            tr!(visitor.lang, "site-back-to-games")
        ),
    )
}

/// The message box shown above a form sent back with an error, in the language of the
/// request being answered.
pub fn error_box(error: Option<&ApiError>) -> String {
    error.map_or(String::new(), |e| {
        format!(
            r#"<p class="error" role="alert">{}</p>"#,
            escape(&in_words(&e.text(crate::reader::lang())))
        )
    })
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
