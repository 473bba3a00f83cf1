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
use crate::error::ApiError;

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

    fn title(self) -> &'static str {
        match self {
            Door::Login => "Log in",
            Door::Register => "Register",
        }
    }
}

fn account_form(
    visitor: &Visitor,
    door: Door,
    next: &str,
    name: &str,
    error: Option<&ApiError>,
) -> Response {
    let query = if next == "/" {
        String::new()
    } else {
        format!("?next={}", escape(&percent_encode(next)))
    };
    let other = match door {
        Door::Login => {
            format!(r#"<p>No account yet? <a id="other" href="/register{query}">Register</a>.</p>"#)
        }
        Door::Register => {
            format!(r#"<p>Have an account? <a id="other" href="/login{query}">Log in</a>.</p>"#)
        }
    };
    let body = format!(
        r#"{error}<form method="post" action="{action}">{csrf}
<input type="hidden" name="next" value="{next}">
<label for="name">Name</label><input id="name" type="text" name="name" value="{name}" autocomplete="username" required autofocus>
<label for="password">Password (8 characters or more)</label><input id="password" type="password" name="password" autocomplete="{auto}" required>
<p><button type="submit">{title}</button></p>
</form>{other}"#,
        error = error_box(error),
        action = door.path(),
        title = door.title(),
        csrf = visitor.csrf_field(),
        next = escape(next),
        name = escape(name),
        auto = match door {
            Door::Login => "current-password",
            Door::Register => "new-password",
        },
    );
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(visitor, status, door.title(), &body)
}

#[derive(Debug, serde::Deserialize)]
pub struct Next {
    next: Option<String>,
}

pub async fn login_form(visitor: Visitor, Query(q): Query<Next>) -> Response {
    account_form(
        &visitor,
        Door::Login,
        &safe_next(q.next.as_deref()),
        "",
        None,
    )
}

pub async fn register_form(visitor: Visitor, Query(q): Query<Next>) -> Response {
    account_form(
        &visitor,
        Door::Register,
        &safe_next(q.next.as_deref()),
        "",
        None,
    )
}

/// A sent login or register form: the account opened if asked, a session, and on to `next`;
/// or the form again with the error.
async fn enter(state: &AppState, visitor: &Visitor, form: &FormData, door: Door) -> Response {
    let next = safe_next(form.get("next"));
    let result = async {
        visitor.check_csrf(form)?;
        let c = Credentials {
            name: form.field("name")?.trim().to_string(),
            password: form.field("password")?.to_string(),
        };
        if door == Door::Register {
            actions::register(state, &c).await?;
        }
        let secret = actions::login(state, &c).await?;
        let mut response = redirect(&next);
        response
            .headers_mut()
            .insert(SET_COOKIE, auth::session_cookie(&secret)?);
        Ok::<_, ApiError>(response)
    };
    match result.await {
        Ok(response) => response,
        Err(e) => account_form(
            visitor,
            door,
            &next,
            form.get("name").unwrap_or_default(),
            Some(&e),
        ),
    }
}

pub async fn login(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> Response {
    enter(&state, &visitor, &form, Door::Login).await
}

pub async fn register(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> Response {
    enter(&state, &visitor, &form, Door::Register).await
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
