//! The Web Push calls (issue 56, `openapi.json`): the server's public VAPID key, a browser's
//! subscription for the signed-in player, its removal, the player's devices and choices.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::actions;
use crate::auth::Player;
use crate::error::{ApiError, ApiResult, Body};
use crate::push::subscription::Subscription;
use crate::state::AppState;
use locale::phrase;
use store::push::PushChoices;

/// `GET /api/push/key`: the server's public VAPID key, base64url (a browser's
/// `applicationServerKey`).
pub async fn key(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    let vapid = crate::push::keys::vapid(&state).await?;
    Ok(Json(json!({ "key": vapid.public })))
}

/// `POST /api/push`: the browser's `PushSubscription` JSON, for the signed-in player.
pub async fn subscribe(
    State(state): State<AppState>,
    player: Player,
    Body(subscription): Body<Subscription>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let device = actions::subscribe(&state, &player, &subscription).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "endpoint": device.endpoint, "created_at": device.created_at })),
    ))
}

#[derive(Debug, Deserialize)]
pub struct Endpoint {
    endpoint: String,
}

/// `DELETE /api/push`: `{"endpoint": …}`, one of the player's devices removed.
pub async fn unsubscribe(
    State(state): State<AppState>,
    player: Player,
    Body(body): Body<Endpoint>,
) -> ApiResult<StatusCode> {
    if actions::unsubscribe_device(&state, &player, &body.endpoint).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::NotFound(phrase!("error-push-no-device")))
    }
}

/// `GET /api/push`: the player's devices and what they want pushed.
pub async fn devices(State(state): State<AppState>, player: Player) -> ApiResult<Json<Value>> {
    let (devices, choices) = actions::push_profile(&state, &player).await?;
    Ok(Json(json!({ "devices": devices, "choices": choices })))
}

/// `POST /api/push/choices`: what the player wants pushed (`report`, `remind`, `press`).
pub async fn set_choices(
    State(state): State<AppState>,
    player: Player,
    Body(choices): Body<PushChoices>,
) -> ApiResult<Json<PushChoices>> {
    actions::set_push_choices(&state, &player, choices).await?;
    Ok(Json(choices))
}

/// The routes of push.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/push/key", get(key))
        .route(
            "/api/push",
            get(devices).post(subscribe).delete(unsubscribe),
        )
        .route("/api/push/choices", post(set_choices))
}
