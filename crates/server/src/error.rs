//! The one error type at the HTTP boundary. Clients get a status and a JSON body
//! `{"error": "…"}` naming the field or value; internal causes are logged, never sent.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::store::StoreError;

#[derive(Clone, Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed or the rules refuse it (400).
    #[error("{0}")]
    Bad(String),
    /// No valid session or token (401).
    #[error("{0}")]
    Unauthorized(String),
    /// Logged in, but not allowed (403).
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// The game changed under the request (409): resubmit against the new state.
    #[error("{0}")]
    Conflict(String),
    /// Orders for a turn that is not the open one (409, with the open turn in the body).
    #[error("{message}")]
    Stale { message: String, turn: u16 },
    #[error("{0}")]
    TooLarge(String),
    #[error("{0}")]
    UnsupportedMedia(String),
    /// Too many attempts (429, with `Retry-After`: seconds to wait).
    #[error("{message}")]
    TooMany { message: String, retry_after: i64 },
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

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(cause) = &self {
            tracing::error!(%cause, "internal error");
        }
        let body = match &self {
            ApiError::Stale { turn, .. } => json!({ "error": self.to_string(), "turn": turn }),
            _ => json!({ "error": self.to_string() }),
        };
        let mut response = (self.status(), Json(body)).into_response();
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

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        ApiError::Internal(format!("database: {e}"))
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
            e @ gm::GmError::Bot(_) => ApiError::Bad(e.to_string()),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let text = rejection.body_text();
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::UnsupportedMedia(
                "body: send JSON with Content-Type: application/json".into(),
            ),
            // The only way reading a body fails here is the length limit.
            JsonRejection::BytesRejection(_) => {
                ApiError::TooLarge(format!("body: larger than {} bytes", crate::BODY_LIMIT))
            }
            _ => ApiError::Bad(format!(
                "body: {}",
                text.trim_start_matches(
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
