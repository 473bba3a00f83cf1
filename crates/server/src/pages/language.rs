//! The profile's language: the one a player's report mails are written in (issue 36).

use axum::extract::State;
use game_api::Lang;

use super::form::CsrfForm;
use super::frame::{PageResult, Visitor, error_page, redirect};
use crate::actions;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::text::filters;

/// The profile's language form.
#[derive(Debug, askama::Template)]
#[template(path = "profile/language.html")]
struct LanguageForm {
    /// The reader's language.
    t: Lang,
    /// The language chosen.
    lang: Lang,
    languages: Vec<Lang>,
    csrf: String,
}

/// The profile's language form, `lang` chosen; each language named in itself.
pub(super) fn section(visitor: &Visitor, lang: Lang) -> String {
    use askama::Template as _;
    let form = LanguageForm {
        t: visitor.lang,
        lang,
        languages: Lang::all().collect(),
        csrf: visitor.csrf_token(),
    };
    form.render().unwrap_or_default()
}

/// `POST /profile/language`: keeps the visitor's language.
pub async fn save_language(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result: ApiResult<Lang> =
        async { actions::set_lang(&state, player, form.field("lang")?).await }.await;
    // The footer's menu comes back to the page it was on (a path of this site only).
    let next = form
        .get("next")
        .filter(|n| n.starts_with('/') && !n.starts_with("//") && !n.contains('\\'));
    match result {
        Ok(_) => Ok(redirect(next.unwrap_or("/profile?saved=1#language"))),
        Err(e) => Ok(error_page(&visitor, &e)),
    }
}

/// The routes of the profile's language.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::post;
    axum::Router::new().route("/profile/language", post(save_language))
}
