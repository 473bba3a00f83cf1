//! The profile page's frame: the time-zone form and the sections it is given (mail, feeds,
//! absence, push, language), with the form that deletes the account. The sections' own forms
//! draw it again with their error, so it stands below them.

use axum::http::StatusCode;
use axum::response::Response;
use locale::{Lang, tr};

use super::frame::{Visitor, error_page, page};
use super::sentence::{MARK, Piece, Sentence};
use super::when;
use crate::error::ApiError;

#[derive(Debug, askama::Template)]
#[template(path = "profile.html")]
struct ProfilePage<'a> {
    lang: Lang,
    error: Option<String>,
    saved: bool,
    zone: &'a str,
    /// The sentence with the time now in the reader's zone (HTML: the time is in bold).
    shown: Sentence,
    zones: Vec<String>,
    csrf: String,
    /// The mail settings' form (`pages::mail`).
    mail_section: String,
    /// The form that deletes the account (`pages::account_care`).
    delete_section: String,
    /// The reader runs the server (a link to its page).
    operator: bool,
}

pub fn profile_page(
    visitor: &Visitor,
    zone: &str,
    saved: bool,
    error: Option<&ApiError>,
    mail_section: String,
) -> Response {
    use askama::Template;
    let mut zones: Vec<String> = jiff::tz::db().available().map(|n| n.to_string()).collect();
    zones.sort();
    let lang = visitor.lang;
    let now = when::dated_in(lang, visitor.now, visitor.zone());
    let page_html = ProfilePage {
        lang,
        error: error.map(|e| crate::pages::frame::in_words(&e.text(crate::reader::lang()))),
        saved,
        zone,
        shown: Sentence::new(
            &tr!(lang, "profile-zone-now", now = MARK),
            &[(MARK, Piece::strong(&now))],
        ),
        zones,
        csrf: visitor.csrf_token(),
        mail_section,
        delete_section: super::account_care::delete_section(visitor),
        operator: visitor.player.as_ref().is_some_and(|p| p.operator),
    }
    .render();
    match page_html {
        Ok(body) => page(
            visitor,
            error.map_or(StatusCode::OK, ApiError::status),
            &tr!(lang, "profile-title"),
            &body,
        ),
        Err(e) => error_page(visitor, &ApiError::Internal(e.to_string())),
    }
}
