//! The pages of account care: a forgotten password (the form that mails a link, and the
//! link's form that sets a new password) and the deletion of one's own account.

use axum::Form;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::header::SET_COOKIE;
use axum::response::Response;

use super::{FormData, PageResult, Visitor, error_box, escape, page, redirect};
use crate::AppState;
use crate::actions;
use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::throttle::ClientAddr;

fn forgot_page(visitor: &Visitor, who: &str, error: Option<&ApiError>) -> Response {
    let body = format!(
        r#"{error}<p>Give your account's name or the address it confirmed: a link to choose a new password is mailed to that address.</p>
<form method="post" action="/forgot">{csrf}
<label for="who">Name or address</label><input id="who" type="text" name="who" value="{who}" autocomplete="username" required autofocus>
<p><button type="submit">Mail me a link</button></p>
</form>
<p class="note">No address on the account, or no mail on this server? The server's operator can give you a link.</p>"#,
        error = error_box(error),
        csrf = visitor.csrf_field(),
        who = escape(who),
    );
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(visitor, status, "Forgot your password?", &body)
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
            "Check your mail",
            r#"<p id="mailed">If an account with a confirmed address matches, a link has been mailed to it. It works for an hour, once.</p>
<p><a href="/login">Back to the login</a></p>"#,
        ),
        Err(e) => forgot_page(&visitor, &who, Some(&e)),
    }
}

fn reset_page(visitor: &Visitor, token: &str, name: &str, error: Option<&ApiError>) -> Response {
    let body = format!(
        r#"{error}<form method="post" action="/reset/{token}">{csrf}
<input type="hidden" name="name" value="{name}" autocomplete="username">
<p>A new password for <strong>{name}</strong>. Every session and token of the account ends.</p>
<label for="password">New password (10 characters or more, not easy to guess)</label><input id="password" type="password" name="password" autocomplete="new-password" required autofocus>
<p><button type="submit">Set the password</button></p>
</form>"#,
        error = error_box(error),
        token = escape(token),
        csrf = visitor.csrf_field(),
        name = escape(name),
    );
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(visitor, status, "Choose a new password", &body)
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
    format!(
        r#"<section class="card stack" id="delete-account" aria-labelledby="delete-heading"><h2 id="delete-heading">Delete your account</h2>
<p>Your name, address, password and sessions are erased. Your seats in finished games stay in their records as “former player”. Games you run or play that are still going must be finished, archived or left first.</p>
<form method="post" action="/profile/delete">{csrf}
<label for="delete-password">Your password</label><input id="delete-password" type="password" name="password" autocomplete="current-password" required>
<p><button type="submit" class="danger">Delete my account</button></p>
</form></section>"#,
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
            let mut response = page(
                &visitor,
                StatusCode::OK,
                "Account deleted",
                r#"<p id="deleted">Your account is deleted. Thank you for playing.</p><p><a href="/">The games</a></p>"#,
            );
            response
                .headers_mut()
                .insert(SET_COOKIE, auth::session_cookie_cleared());
            Ok(response)
        }
        Err(e) => Err(page(
            &visitor,
            e.status(),
            "Your account is not deleted",
            &format!(
                r#"{}<p><a href="/profile">Back to your profile</a></p>"#,
                error_box(Some(&e))
            ),
        )),
    }
}
