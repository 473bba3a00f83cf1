//! What a page's form sends: its fields, and the extractor that lets a form through only with
//! this browser's CSRF token.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::response::{IntoResponse, Response};
use locale::phrase;

use super::frame::{Visitor, error_page};
use crate::auth::{self, FORM_COOKIE};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

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

/// A form sent from one of this site's pages in this browser: it carries the token of the
/// browser's form cookie. Any other (a form posted from another site, or from a browser that
/// lost its cookie) is refused with the error page (`403`) before the handler runs; a body
/// that is no form gets axum's own answer.
#[derive(Debug)]
pub struct CsrfForm(pub FormData);

impl FromRequest<AppState> for CsrfForm {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<CsrfForm, Response> {
        let (mut parts, body) = request.into_parts();
        // Only the cookie decides: reading it needs no database.
        let expected =
            crate::reader::cookie(&parts, FORM_COOKIE).map(|secret| auth::csrf_token(&secret));
        let request = Request::from_parts(parts.clone(), body);
        let axum::Form(form) = axum::Form::<FormData>::from_request(request, state)
            .await
            .map_err(IntoResponse::into_response)?;
        if expected.is_some() && form.get("csrf") == expected.as_deref() {
            return Ok(CsrfForm(form));
        }
        let refused = ApiError::Forbidden(phrase!("error-csrf-form"));
        // The page that says so, for this visitor (and giving a browser without one its cookie).
        Err(match Visitor::from_request_parts(&mut parts, state).await {
            Ok(visitor) => error_page(&visitor, &refused),
            Err(e) => e.into_response(),
        })
    }
}
