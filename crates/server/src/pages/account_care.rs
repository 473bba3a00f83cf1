//! The pages of account care: a forgotten password (the form that mails a link, and the
//! link's form that sets a new password) and the deletion of one's own account.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::header::SET_COOKIE;
use axum::response::Response;
use locale::{Lang, tr};

use super::form::CsrfForm;
use super::frame::{PageResult, Visitor, error_box, page, redirect};
use super::sentence::{MARK, Piece, Sentence};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::text::filters;
use crate::throttle::ClientAddr;
use crate::{actions, auth};

/// The form that mails a reset link.
#[derive(Debug, Template)]
#[template(path = "account/forgot.html")]
struct ForgotForm<'a> {
    lang: Lang,
    /// The error box (HTML).
    error: String,
    csrf: String,
    who: &'a str,
}

/// What the form to a reset link says once sent.
#[derive(Debug, Template)]
#[template(path = "account/mailed.html")]
struct Mailed {
    lang: Lang,
}

/// The form of a reset link.
#[derive(Debug, Template)]
#[template(path = "account/reset.html")]
struct ResetForm<'a> {
    lang: Lang,
    /// The error box (HTML).
    error: String,
    token: &'a str,
    csrf: String,
    name: &'a str,
    /// Whose password it sets (HTML: the name in bold).
    for_whom: Sentence,
}

/// The profile's section that deletes the account.
#[derive(Debug, Template)]
#[template(path = "account/delete.html")]
struct DeleteForm {
    lang: Lang,
    csrf: String,
}

/// What deleting the account came to: done, or the error (its box, HTML).
#[derive(Debug, Template)]
#[template(path = "account/deleted.html")]
struct Deleted {
    lang: Lang,
    error: Option<String>,
}

fn forgot_page(visitor: &Visitor, who: &str, error: Option<&ApiError>) -> Response {
    let lang = visitor.lang;
    let form = ForgotForm {
        lang,
        error: error_box(error),
        csrf: visitor.csrf_token(),
        who,
    };
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(
        visitor,
        status,
        &tr!(lang, "account-forgot"),
        &form.render().unwrap_or_default(),
    )
}

/// `GET /forgot`: the form that mails a reset link.
pub async fn forgot_form(visitor: Visitor) -> Response {
    forgot_page(&visitor, "", None)
}

/// `POST /forgot`: mails the link, and says the same whatever was found.
pub async fn forgot(
    State(state): State<AppState>,
    visitor: Visitor,
    client: ClientAddr,
    CsrfForm(form): CsrfForm,
) -> Response {
    let who = form.get("who").unwrap_or_default().to_string();
    let result = async { actions::forgot_password(&state, &who, client).await };
    match result.await {
        Ok(()) => page(
            &visitor,
            StatusCode::OK,
            &tr!(visitor.lang, "account-mailed-title"),
            &Mailed { lang: visitor.lang }.render().unwrap_or_default(),
        ),
        Err(e) => forgot_page(&visitor, &who, Some(&e)),
    }
}

fn reset_page(visitor: &Visitor, token: &str, name: &str, error: Option<&ApiError>) -> Response {
    let lang = visitor.lang;
    let form = ResetForm {
        lang,
        error: error_box(error),
        token,
        csrf: visitor.csrf_token(),
        name,
        for_whom: Sentence::new(
            &tr!(lang, "account-reset-for", name = MARK),
            &[(MARK, Piece::strong(name))],
        ),
    };
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(
        visitor,
        status,
        &tr!(lang, "account-reset-title"),
        &form.render().unwrap_or_default(),
    )
}

/// `GET /reset/{token}`: the form of a reset link (a link alone changes nothing: mail
/// scanners open links).
pub async fn reset_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(token): Path<String>,
) -> Response {
    match actions::reset_link_name(&state, &token).await {
        Ok(name) => reset_page(&visitor, &token, &name, None),
        Err(e) => super::frame::error_page(&visitor, &e),
    }
}

/// `POST /reset/{token}`: sets the password and logs the owner in.
pub async fn reset(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(token): Path<String>,
    CsrfForm(form): CsrfForm,
) -> Response {
    let result = async {
        let (secret, _) = actions::reset_password(&state, &token, form.field("password")?).await?;
        let mut response = redirect("/");
        response
            .headers_mut()
            .insert(SET_COOKIE, auth::session_cookie(&secret)?);
        Ok::<_, ApiError>(response)
    };
    match result.await {
        Ok(response) => response,
        Err(e @ ApiError::NotFound(_)) => super::frame::error_page(&visitor, &e),
        Err(e) => {
            let name = form.get("name").unwrap_or_default().to_string();
            reset_page(&visitor, &token, &name, Some(&e))
        }
    }
}

/// The profile's section that deletes the account.
pub fn delete_section(visitor: &Visitor) -> String {
    let form = DeleteForm {
        lang: visitor.lang,
        csrf: visitor.csrf_token(),
    };
    form.render().unwrap_or_default()
}

/// `POST /profile/delete`: deletes the visitor's account, or says which games hold it.
pub async fn delete_account(
    State(state): State<AppState>,
    visitor: Visitor,
    client: ClientAddr,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result: ApiResult<()> =
        async { actions::delete_account(&state, player, form.field("password")?, client).await }
            .await;
    match result {
        Ok(()) => {
            // The page is shown to nobody logged in: the account is gone.
            let visitor = visitor.logged_out();
            let lang = visitor.lang;
            let mut response = page(
                &visitor,
                StatusCode::OK,
                &tr!(lang, "account-deleted-title"),
                &Deleted { lang, error: None }.render().unwrap_or_default(),
            );
            response
                .headers_mut()
                .insert(SET_COOKIE, auth::session_cookie_cleared());
            Ok(response)
        }
        Err(e) => Err(page(
            &visitor,
            e.status(),
            &tr!(visitor.lang, "account-not-deleted"),
            &Deleted {
                lang: visitor.lang,
                error: Some(error_box(Some(&e))),
            }
            .render()
            .unwrap_or_default(),
        )),
    }
}

/// The routes of the account's care: a forgotten password, deleting the account.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/forgot", get(forgot_form).post(forgot))
        .route("/reset/{token}", get(reset_form).post(reset))
        .route("/profile/delete", post(delete_account))
}
