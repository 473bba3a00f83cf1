//! The pages of account care: a forgotten password (the form that mails a link, and the
//! link's form that sets a new password) and the deletion of one's own account.

use axum::Form;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::header::SET_COOKIE;
use axum::response::Response;

use locale::tr;

use super::{FormData, PageResult, Visitor, error_box, escape, page, redirect};
use crate::AppState;
use crate::actions;
use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::throttle::ClientAddr;

fn forgot_page(visitor: &Visitor, who: &str, error: Option<&ApiError>) -> Response {
    let lang = visitor.lang;
    let body = format!(
        r#"{error}<p>{help}</p>
<form method="post" action="/forgot">{csrf}
<label for="who">{label}</label><input id="who" type="text" name="who" value="{who}" autocomplete="username" required autofocus>
<p><button type="submit">{button}</button></p>
</form>
<p class="note">{note}</p>"#,
        help = tr!(lang, "account-forgot-help"),
        label = tr!(lang, "account-forgot-who"),
        button = tr!(lang, "account-forgot-send"),
        note = tr!(lang, "account-forgot-note"),
        error = error_box(error),
        csrf = visitor.csrf_field(),
        who = escape(who),
    );
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(visitor, status, &tr!(lang, "account-forgot"), &body)
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
    Form(form): Form<FormData>,
) -> Response {
    let who = form.get("who").unwrap_or_default().to_string();
    let result = async {
        visitor.check_csrf(&form)?;
        actions::forgot_password(&state, &who, client).await
    };
    match result.await {
        Ok(()) => page(
            &visitor,
            StatusCode::OK,
            &tr!(visitor.lang, "account-mailed-title"),
            &format!(
                r#"<p id="mailed">{}</p>
<p><a href="/login">{}</a></p>"#,
                tr!(visitor.lang, "account-mailed"),
                tr!(visitor.lang, "account-back-to-login")
            ),
        ),
        Err(e) => forgot_page(&visitor, &who, Some(&e)),
    }
}

fn reset_page(visitor: &Visitor, token: &str, name: &str, error: Option<&ApiError>) -> Response {
    let lang = visitor.lang;
    let body = format!(
        r#"{error}<form method="post" action="/reset/{token}">{csrf}
<input type="hidden" name="name" value="{name}" autocomplete="username">
<p>{for_whom}</p>
<label for="password">{label}</label><input id="password" type="password" name="password" autocomplete="new-password" required autofocus>
<p><button type="submit">{button}</button></p>
</form>"#,
        for_whom = super::front::marked(
            &tr!(lang, "account-reset-for", name = super::front::MARK),
            &[(super::front::MARK, super::front::strong(name))]
        ),
        label = tr!(lang, "account-reset-password"),
        button = tr!(lang, "account-reset-set"),
        error = error_box(error),
        token = escape(token),
        csrf = visitor.csrf_field(),
        name = escape(name),
    );
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(visitor, status, &tr!(lang, "account-reset-title"), &body)
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
        Err(e) => super::error_page(&visitor, &e),
    }
}

/// `POST /reset/{token}`: sets the password and logs the owner in.
pub async fn reset(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(token): Path<String>,
    Form(form): Form<FormData>,
) -> Response {
    let result = async {
        visitor.check_csrf(&form)?;
        let (secret, _) = actions::reset_password(&state, &token, form.field("password")?).await?;
        let mut response = redirect("/");
        response
            .headers_mut()
            .insert(SET_COOKIE, auth::session_cookie(&secret)?);
        Ok::<_, ApiError>(response)
    };
    match result.await {
        Ok(response) => response,
        Err(e @ ApiError::NotFound(_)) => super::error_page(&visitor, &e),
        Err(e) => {
            let name = form.get("name").unwrap_or_default().to_string();
            reset_page(&visitor, &token, &name, Some(&e))
        }
    }
}

/// The profile's section that deletes the account.
pub fn delete_section(visitor: &Visitor) -> String {
    let lang = visitor.lang;
    format!(
        r#"<section class="card stack" id="delete-account" aria-labelledby="delete-heading"><h2 id="delete-heading">{title}</h2>
<p>{help}</p>
<form method="post" action="/profile/delete">{csrf}
<label for="delete-password">{label}</label><input id="delete-password" type="password" name="password" autocomplete="current-password" required>
<p><button type="submit" class="danger">{button}</button></p>
</form></section>"#,
        title = tr!(lang, "account-delete-title"),
        help = tr!(lang, "account-delete-help"),
        label = tr!(lang, "account-delete-password"),
        button = tr!(lang, "account-delete-button"),
        csrf = visitor.csrf_field()
    )
}

/// `POST /profile/delete`: deletes the visitor's account, or says which games hold it.
pub async fn delete_account(
    State(state): State<AppState>,
    visitor: Visitor,
    client: ClientAddr,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result: ApiResult<()> = async {
        visitor.check_csrf(&form)?;
        actions::delete_account(&state, player, form.field("password")?, client).await
    }
    .await;
    match result {
        Ok(()) => {
            // The page is shown to nobody logged in: the account is gone.
            let visitor = Visitor {
                player: None,
                awaiting: None,
                ..visitor
            };
            let lang = visitor.lang;
            let mut response = page(
                &visitor,
                StatusCode::OK,
                &tr!(lang, "account-deleted-title"),
                &format!(
                    r#"<p id="deleted">{}</p><p><a href="/">{}</a></p>"#,
                    tr!(lang, "account-deleted"),
                    tr!(lang, "account-deleted-games")
                ),
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
            &format!(
                r#"{}<p><a href="/profile">{}</a></p>"#,
                error_box(Some(&e)),
                tr!(visitor.lang, "account-back-to-profile")
            ),
        )),
    }
}
