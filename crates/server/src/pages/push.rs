//! The profile's push settings (issue 56): the player's devices, each with a remove button;
//! the "notify this device" switch (`static/push.js`, the section's one script: subscribing
//! needs the browser's push manager); and what is pushed, beside the mail choices.

use askama::Template;
use axum::extract::State;
use locale::Lang;
use store::push::PushChoices;

use super::form::CsrfForm;
use super::frame::{PageResult, Visitor, error_box, redirect};
use crate::actions;
use crate::auth::Player;
use crate::error::ApiError;
use crate::state::AppState;
use crate::text::filters;

/// A device as the profile names it: its push service's host (`fcm.googleapis.com`: Chrome
/// on Android; `updates.push.services.mozilla.com`: Firefox; `web.push.apple.com`: Safari).
fn service(endpoint: &str) -> &str {
    let rest = endpoint.split_once("://").map_or(endpoint, |(_, r)| r);
    rest.split(['/', '?']).next().unwrap_or(rest)
}

/// The push part of the profile page.
pub(super) async fn section(
    state: &AppState,
    visitor: &Visitor,
    player: &Player,
    error: Option<&ApiError>,
) -> String {
    let (devices, choices) = match actions::push_profile(state, player).await {
        Ok(p) => p,
        Err(e) => return error_box(Some(&e)),
    };
    let section = PushSection {
        lang: visitor.lang,
        error: error_box(error),
        devices: devices
            .iter()
            .map(|d| Device {
                endpoint: d.endpoint.clone(),
                name: service(&d.endpoint).to_string(),
                since: super::when::dated_in(visitor.lang, d.created_at, visitor.zone()),
            })
            .collect(),
        csrf: visitor.csrf_token(),
        report: choices.report,
        remind: choices.remind,
        press: choices.press,
    };
    section.render().unwrap_or_default()
}

/// One device of the push section.
#[derive(Debug)]
struct Device {
    endpoint: String,
    /// Its push service's host.
    name: String,
    /// When it was added, dated for the reader.
    since: String,
}

/// The push part of the profile page.
#[derive(Debug, Template)]
#[template(path = "profile/push.html")]
struct PushSection {
    lang: Lang,
    /// The error box (HTML).
    error: String,
    devices: Vec<Device>,
    csrf: String,
    report: bool,
    remind: bool,
    press: bool,
}

/// The profile page again with `error` in the push section.
async fn again(
    state: &AppState,
    visitor: &Visitor,
    player: &Player,
    error: ApiError,
) -> PageResult {
    let zone = player.time_zone.clone().unwrap_or_default();
    let mut sections = super::mail::section(state, visitor, player, None).await;
    sections.push_str(&section(state, visitor, player, Some(&error)).await);
    Ok(super::profile_page::profile_page(
        visitor,
        &zone,
        false,
        Some(&error),
        sections,
    ))
}

/// `POST /profile/push`: what is pushed, saved.
pub async fn save_choices(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result = async {
        let on = |name: &str| form.get(name) == Some("1");
        let choices = PushChoices {
            report: on("report"),
            remind: on("remind"),
            press: on("press"),
        };
        actions::set_push_choices(&state, player, choices).await
    };
    match result.await {
        Ok(()) => Ok(redirect("/profile?saved=1#push")),
        Err(e) => again(&state, &visitor, player, e).await,
    }
}

/// `POST /profile/push/remove`: one device removed.
pub async fn remove(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result =
        async { actions::unsubscribe_device(&state, player, form.field("endpoint")?).await };
    match result.await {
        Ok(_) => Ok(redirect("/profile?saved=1#push")),
        Err(e) => again(&state, &visitor, player, e).await,
    }
}

/// The routes of the profile's push settings.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::post;
    axum::Router::new()
        .route("/profile/push", post(save_choices))
        .route("/profile/push/remove", post(remove))
}
