//! The one error type at the HTTP boundary. Clients get a status and a JSON body
//! `{"error": "…", "code": "…"}`: the message names the field or value, in the reader's
//! language (see [`reader`]), and the code is its stable message id; internal causes are
//! logged, never sent.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use locale::{Lang, Phrase, phrase};
use serde_json::json;

use store::StoreError;

/// The largest request body accepted (orders are a line or two): the body limit's layer and
/// the error that names it.
pub const BODY_LIMIT: usize = 64 * 1024;

#[derive(Clone, Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed or the rules refuse it (400).
    #[error("{0}")]
    Bad(Phrase),
    /// No valid session or token (401).
    #[error("{0}")]
    Unauthorized(Phrase),
    /// Logged in, but not allowed (403).
    #[error("{0}")]
    Forbidden(Phrase),
    #[error("{0}")]
    NotFound(Phrase),
    /// The game changed under the request (409): resubmit against the new state.
    #[error("{0}")]
    Conflict(Phrase),
    /// Orders for a turn that is not the open one (409, with the open turn in the body).
    #[error("{message}")]
    Stale { message: Phrase, turn: u16 },
    #[error("{0}")]
    TooLarge(Phrase),
    #[error("{0}")]
    UnsupportedMedia(Phrase),
    /// Too many attempts (429, with `Retry-After`: seconds to wait).
    #[error("{message}")]
    TooMany { message: Phrase, retry_after: i64 },
    /// Anything else: logged with its cause, reported as a bare 500.
    #[error("internal error")]
    Internal(String),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Bad(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) | ApiError::Stale { .. } => StatusCode::CONFLICT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMedia(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooMany { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl ApiError {
    /// What a person is told: the phrase, or for an internal error a bare one (the cause is
    /// logged, never shown).
    pub fn phrase(&self) -> Phrase {
        match self {
            ApiError::Bad(p)
            | ApiError::Unauthorized(p)
            | ApiError::Forbidden(p)
            | ApiError::NotFound(p)
            | ApiError::Conflict(p)
            | ApiError::TooLarge(p)
            | ApiError::UnsupportedMedia(p)
            | ApiError::Stale { message: p, .. }
            | ApiError::TooMany { message: p, .. } => p.clone(),
            ApiError::Internal(_) => phrase!("error-internal"),
        }
    }

    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        self.phrase().text(lang)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(cause) = &self {
            tracing::error!(%cause, "internal error");
        }
        let lang = crate::reader::lang();
        let phrase = self.phrase();
        let mut body = json!({ "error": phrase.text(lang) });
        if let Some(code) = phrase.id() {
            body["code"] = json!(code);
        }
        if let ApiError::Stale { turn, .. } = &self {
            body["turn"] = json!(turn);
        }
        let mut response = (self.status(), Json(body)).into_response();
        response.headers_mut().insert(
            axum::http::header::CONTENT_LANGUAGE,
            HeaderValue::from_static(lang.code()),
        );
        self.add_retry_after(&mut response);
        response
    }
}

impl ApiError {
    /// Adds the `Retry-After` header a 429 carries (pages add it to theirs too).
    pub fn add_retry_after(&self, response: &mut Response) {
        if let ApiError::TooMany { retry_after, .. } = self {
            response.headers_mut().insert(
                RETRY_AFTER,
                HeaderValue::from(retry_after.max(&1).to_owned()),
            );
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::NotFound(message) => ApiError::NotFound(message),
            StoreError::Conflict(message) => ApiError::Conflict(message),
            StoreError::Refused(message) => ApiError::Bad(message),
            StoreError::Stale { message, turn } => ApiError::Stale { message, turn },
            StoreError::Database(cause) => ApiError::Internal(format!("database: {cause}")),
            StoreError::Internal(cause) => ApiError::Internal(cause),
        }
    }
}

impl From<gm::GmError> for ApiError {
    fn from(e: gm::GmError) -> ApiError {
        match e {
            gm::GmError::Refused(message) => ApiError::Bad(message),
            gm::GmError::Stale { message, open } => ApiError::Stale {
                message,
                turn: open,
            },
            // A stored log that does not replay is the server's fault, not the caller's.
            gm::GmError::Log(message) => ApiError::Internal(message),
            gm::GmError::Bot(reason) => {
                ApiError::Bad(phrase!("error-bot", reason = reason.to_string()))
            }
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let text = rejection.body_text();
        match rejection {
            JsonRejection::MissingJsonContentType(_) => {
                ApiError::UnsupportedMedia(phrase!("error-body-not-json"))
            }
            // The only way reading a body fails here is the length limit.
            JsonRejection::BytesRejection(_) => {
                ApiError::TooLarge(phrase!("error-body-too-large", bytes = BODY_LIMIT))
            }
            // The JSON parser's own words (a field's name, a line and column) are a
            // programmer's, and read the same in any language.
            _ => ApiError::Bad(phrase!(
                "error-body",
                reason = text.trim_start_matches(
                    "Failed to deserialize the JSON body into the target type: "
                )
            )),
        }
    }
}

/// A JSON body whose rejections become [`ApiError`]s.
#[derive(Debug, axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Body<T>(pub T);
