//! The profile's push settings (issue 56): the player's devices, each with a remove button;
//! the "notify this device" switch (`static/push.js`, the section's one script: subscribing
//! needs the browser's push manager); and what is pushed, beside the mail choices.

use axum::Form;
use axum::extract::State;

use locale::tr;

use super::{FormData, PageResult, Visitor, error_box, escape, redirect};
use crate::AppState;
use crate::actions;
use crate::auth::Player;
use crate::error::ApiError;
use crate::store::push::PushChoices;

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
    let lang = visitor.lang;
    let rows: String = devices
        .iter()
        .map(|d| {
            format!(
                r#"<li><form method="post" action="/profile/push/remove" class="cluster">{csrf}<input type="hidden" name="endpoint" value="{endpoint}"><span>{name} · {since}</span> <button type="submit" class="button-secondary">{remove}</button></form></li>"#,
                csrf = visitor.csrf_field(),
                endpoint = escape(&d.endpoint),
                name = escape(service(&d.endpoint)),
                since = super::when::dated_in(lang, d.created_at, visitor.zone()),
                remove = tr!(lang, "push-form-remove"),
            )
        })
        .collect();
    let list = if devices.is_empty() {
        format!(r#"<p id="push-none">{}</p>"#, tr!(lang, "push-form-none"))
    } else {
        format!(r#"<ul id="push-devices">{rows}</ul>"#)
    };
    let check = |name: &str, on: bool, label: String| {
        format!(
            r#"<label class="check"><input type="checkbox" name="{name}" value="1"{}> {label}</label>"#,
            if on { " checked" } else { "" }
        )
    };
    format!(
        r#"<section class="card stack" aria-labelledby="push"><h2 id="push">{title}</h2>{error}
<p class="hint">{about}</p>
<label class="check"><input type="checkbox" id="push-this" disabled> {this}</label>
<p class="note" id="push-unsupported" hidden>{unsupported}</p>
{list}
<form method="post" action="/profile/push">{csrf}
<fieldset><legend>{what}</legend>
{report}<br>{remind}<br>{press}
</fieldset>
<p><button type="submit">{save}</button></p>
</form></section>
<script src="/static/push.js" defer></script>"#,
        title = tr!(lang, "push-form-title"),
        about = tr!(lang, "push-form-about"),
        this = tr!(lang, "push-form-this"),
        unsupported = tr!(lang, "push-form-unsupported"),
        what = tr!(lang, "push-form-what"),
        save = tr!(lang, "push-form-save"),
        error = error_box(error),
        csrf = visitor.csrf_field(),
        report = check("report", choices.report, tr!(lang, "push-form-report")),
        remind = check("remind", choices.remind, tr!(lang, "push-form-remind")),
        press = check("press", choices.press, tr!(lang, "push-form-press")),
    )
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
    Ok(super::profile_page(
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
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result = async {
        visitor.check_csrf(&form)?;
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
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result = async {
        visitor.check_csrf(&form)?;
        actions::unsubscribe_device(&state, player, form.field("endpoint")?).await
    };
    match result.await {
        Ok(_) => Ok(redirect("/profile?saved=1#push")),
        Err(e) => again(&state, &visitor, player, e).await,
    }
}
