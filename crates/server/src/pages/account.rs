//! Registering, logging in and out from a browser.

use axum::Form;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::http::header::SET_COOKIE;
use axum::response::Response;

use super::{FormData, Visitor, error_box, escape, page, redirect};
use crate::AppState;
use crate::actions::{self, Credentials};
use crate::auth;
use crate::error::{ApiError, ApiResult};

/// Where to go after logging in: only a path on this site (never another site).
fn safe_next(next: Option<&str>) -> String {
    match next {
        Some(n) if n.starts_with('/') && !n.starts_with("//") && !n.contains('\\') => n.into(),
        _ => "/".into(),
    }
}

/// A path made safe to carry in a query string.
pub(super) fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn account_form(
    visitor: &Visitor,
    action: &str,
    title: &str,
    next: &str,
    name: &str,
    error: Option<&ApiError>,
) -> Response {
    let query = if next == "/" {
        String::new()
    } else {
        format!("?next={}", escape(&percent_encode(next)))
    };
    let other = if action == "/login" {
        format!(r#"<p>No account yet? <a id="other" href="/register{query}">Register</a>.</p>"#)
    } else {
        format!(r#"<p>Have an account? <a id="other" href="/login{query}">Log in</a>.</p>"#)
    };
    let body = format!(
        r#"{error}<form method="post" action="{action}">{csrf}
<input type="hidden" name="next" value="{next}">
<label for="name">Name</label><input id="name" type="text" name="name" value="{name}" autocomplete="username" required autofocus>
<label for="password">Password (8 characters or more)</label><input id="password" type="password" name="password" autocomplete="{auto}" required>
<p><button type="submit">{title}</button></p>
</form>{other}"#,
        error = error_box(error),
        csrf = visitor.csrf_field(),
        next = escape(next),
        name = escape(name),
        auto = if action == "/login" {
            "current-password"
        } else {
            "new-password"
        },
    );
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(visitor, status, title, &body)
}

#[derive(Debug, serde::Deserialize)]
pub struct Next {
    next: Option<String>,
}

pub async fn login_form(visitor: Visitor, Query(q): Query<Next>) -> Response {
    let next = safe_next(q.next.as_deref());
    account_form(&visitor, "/login", "Log in", &next, "", None)
}

pub async fn register_form(visitor: Visitor, Query(q): Query<Next>) -> Response {
    let next = safe_next(q.next.as_deref());
    account_form(&visitor, "/register", "Register", &next, "", None)
}

fn credentials(form: &FormData) -> ApiResult<Credentials> {
    Ok(Credentials {
        name: form.field("name")?.trim().to_string(),
        password: form.field("password")?.to_string(),
    })
}

/// Opens a session and goes on to `next`.
async fn enter(state: &AppState, c: &Credentials, next: &str) -> ApiResult<Response> {
    let secret = actions::login(state, c).await?;
    let mut response = redirect(next);
    response
        .headers_mut()
        .insert(SET_COOKIE, auth::session_cookie(&secret)?);
    Ok(response)
}

pub async fn login(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> Response {
    let next = safe_next(form.get("next"));
    let result = async {
        visitor.check_csrf(&form)?;
        let c = credentials(&form)?;
        enter(&state, &c, &next).await
    };
    match result.await {
        Ok(response) => response,
        Err(e) => account_form(
            &visitor,
            "/login",
            "Log in",
            &next,
            form.get("name").unwrap_or_default(),
            Some(&e),
        ),
    }
}

pub async fn register(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> Response {
    let next = safe_next(form.get("next"));
    let result = async {
        visitor.check_csrf(&form)?;
        let c = credentials(&form)?;
        actions::register(&state, &c).await?;
        enter(&state, &c, &next).await
    };
    match result.await {
        Ok(response) => response,
        Err(e) => account_form(
            &visitor,
            "/register",
            "Register",
            &next,
            form.get("name").unwrap_or_default(),
            Some(&e),
        ),
    }
}

pub async fn logout(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> Response {
    let result = async {
        visitor.check_csrf(&form)?;
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
        Err(e) => super::error_page(&visitor, &e),
    }
}

#[cfg(test)]
mod tests {
    use super::safe_next;

    #[test]
    fn next_never_leaves_the_site() {
        assert_eq!(safe_next(Some("/games/3/orders")), "/games/3/orders");
        assert_eq!(safe_next(Some("//evil.example/")), "/");
        assert_eq!(safe_next(Some("https://evil.example/")), "/");
        assert_eq!(safe_next(Some("/\\evil.example")), "/");
        assert_eq!(safe_next(None), "/");
    }
}
