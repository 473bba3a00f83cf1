//! The language of whoever made the request being answered. An error becomes a response in
//! `IntoResponse`, which sees no request; so a layer negotiates the language from the request
//! (`?lang=`, the `lang` cookie, `Accept-Language`) and keeps it for the request's task, and a
//! logged-in player's own choice, read with the player, takes its place.

use std::cell::Cell;

use axum::extract::Request;
use axum::http::header::COOKIE;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use locale::Lang;

tokio::task_local! {
    static READER: Cell<Lang>;
}

/// The layer: answers the request in its reader's language.
pub async fn scope(request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let (lang, _) = negotiate(&parts, None);
    let request = Request::from_parts(parts, body);
    READER.scope(Cell::new(lang), next.run(request)).await
}

/// The language of the request being answered (English outside one).
pub fn lang() -> Lang {
    READER.try_with(Cell::get).unwrap_or(Lang::EN)
}

/// The account's own choice of language, read with the logged-in player: it comes first.
pub fn chosen(lang: Option<Lang>) {
    if let Some(lang) = lang {
        let _ = READER.try_with(|reader| reader.set(lang));
    }
}

/// The language of a request: the account's choice first (`stored`; a logged-in player who
/// chose one reads it everywhere), then `?lang=`, then the cookie a `?lang=` left, then the
/// browser's `Accept-Language`, then English. Also what `?lang=` asked for, to keep.
pub fn negotiate(parts: &Parts, stored: Option<Lang>) -> (Lang, Option<Lang>) {
    let asked = parts.uri.query().and_then(|q| {
        q.split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(k, _)| *k == "lang")
            .and_then(|(_, v)| Lang::from_code(v).ok())
    });
    let cookie = cookie(parts, LANG_COOKIE);
    let accept = parts
        .headers
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .filter(|v| v.len() <= 256);
    let lang = locale::negotiate(
        [
            stored.map(Lang::code),
            asked.map(Lang::code),
            cookie.as_deref(),
        ],
        accept,
    );
    (lang, asked)
}

/// The cookie that keeps a visitor's `?lang=` choice.
pub const LANG_COOKIE: &str = "lang";

/// The value of one cookie of the request.
pub fn cookie(parts: &Parts, name: &str) -> Option<String> {
    parts
        .headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
        .filter(|v| !v.is_empty())
}
