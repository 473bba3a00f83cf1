//! The profile page (the reader's time zone and mail) and the site's small scripts.

use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use locale::phrase;

use super::form::CsrfForm;
use super::frame::{PageResult, Visitor, redirect};
use super::profile_page::profile_page;
use super::{mail, when};
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, serde::Deserialize)]
pub struct SavedQuery {
    saved: Option<String>,
}

/// The profile: the time zone deadlines are shown in.
pub async fn profile_form(
    State(state): State<AppState>,
    visitor: Visitor,
    axum::extract::Query(q): axum::extract::Query<SavedQuery>,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let zone = player.time_zone.clone().unwrap_or_default();
    let mut mail = mail::section(&state, &visitor, player, None).await;
    mail.push_str(&super::player::feeds_section(&state, &visitor, player).await);
    mail.push_str(&super::absence::section(&state, &visitor, player, None).await);
    mail.push_str(&super::push::section(&state, &visitor, player, None).await);
    let lang = store::players::lang(&state, player.id)
        .await
        .unwrap_or_default();
    mail.push_str(&super::language::section(&visitor, lang));
    Ok(profile_page(&visitor, &zone, q.saved.is_some(), None, mail))
}

pub async fn profile(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let typed = form.get("time_zone").unwrap_or_default().trim().to_string();
    let result = async {
        let zone = if typed.is_empty() {
            None
        } else if when::zone(&typed).is_some() && typed.len() <= 64 {
            Some(typed.clone())
        } else {
            return Err(ApiError::Bad(phrase!(
                "error-time-zone-unknown",
                typed = typed
            )));
        };
        store::players::set_time_zone(&state, player.id, zone.as_deref()).await?;
        Ok(())
    };
    match result.await {
        Ok(()) => Ok(redirect("/profile?saved=1")),
        Err(e) => {
            let mail = mail::section(&state, &visitor, player, None).await;
            Ok(profile_page(&visitor, &typed, false, Some(&e), mail))
        }
    }
}

/// `POST /profile/zone`: the optional script's report of the browser's time zone, kept as the
/// profile's zone if the player has none yet (a zone they chose is never replaced).
pub async fn profile_zone(
    State(state): State<AppState>,
    visitor: Visitor,
    form: Result<CsrfForm, Response>,
) -> Response {
    // The script hears the API's error, not a page.
    let form = match form {
        Ok(CsrfForm(form)) => form,
        Err(refused) if refused.status() == StatusCode::FORBIDDEN => {
            return ApiError::Forbidden(phrase!("error-csrf-form")).into_response();
        }
        Err(not_a_form) => return not_a_form,
    };
    let result = async {
        let player = visitor
            .player
            .as_ref()
            .ok_or_else(|| ApiError::Unauthorized(phrase!("error-login-first")))?;
        let typed = form.field("time_zone")?.trim();
        if typed.len() > 64 || when::zone(typed).is_none() {
            return Err(ApiError::Bad(phrase!(
                "error-time-zone-unknown-short",
                typed = typed
            )));
        }
        store::players::set_time_zone_if_unset(&state, player.id, typed).await?;
        Ok(())
    };
    match result.await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => e.into_response(),
    }
}

/// The optional script of every page: the browser's time zone, from the first visit. It
/// sets the `tz` cookie (pages then show times in it), keeps it as the profile's zone of a
/// logged-in player who has none (the mail's times then follow), and reloads a page written
/// in UTC for want of it, once. Pages work without it, in UTC until a zone is chosen.
pub async fn site_script() -> Response {
    (
        [
            (CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=3600"),
        ],
        SITE_JS,
    )
        .into_response()
}

pub(super) const SITE_JS: &str = r#"// Optional: the whole road (the whole map) opens scrolled to the reader's riders (walker); the pages work without it.
document.querySelectorAll('details.whole').forEach(function (d) {
  d.addEventListener('toggle', function () {
    var svg = d.querySelector('svg[data-focus]');
    if (d.open && svg) {
      svg.parentNode.scrollLeft = Number(svg.getAttribute('data-focus')) || 0;
      svg.parentNode.scrollTop = Number(svg.getAttribute('data-focus-y')) || 0;
    }
  });
});
// Optional: deadlines in the browser's own time zone from the first visit; the pages work without it.
(function () {
  var zone = window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || zone.length > 64) { return; }
  var root = document.documentElement;
  var had = document.cookie.split('; ').indexOf('tz=' + zone) >= 0;
  if (!had) { document.cookie = 'tz=' + zone + '; path=/; max-age=31536000; samesite=lax'; }
  var set = document.cookie.split('; ').indexOf('tz=' + zone) >= 0;
  var reload = set && !had && root.getAttribute('data-zone') === '' && !/^(UTC|Etc\/UTC|Etc\/GMT)$/.test(zone);
  var token = root.getAttribute('data-zone-save');
  var saved = token && window.fetch
    ? fetch('/profile/zone', {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'csrf=' + encodeURIComponent(token) + '&time_zone=' + encodeURIComponent(zone)
      }).catch(function () {})
    : Promise.resolve();
  if (reload) { saved.then(function () { location.reload(); }); }
})();
// Optional: the service worker keeps the latest page of each game for reading offline.
if ('serviceWorker' in navigator) { navigator.serviceWorker.register('/sw.js').catch(function () {}); }
"#;

/// The optional script of the profile page: fills an empty time-zone field from the browser.
pub async fn zone_script() -> Response {
    (
        [(CONTENT_TYPE, "text/javascript; charset=utf-8")],
        "// Optional: an empty time-zone field takes the browser's own zone; the page works without it.\n\
var f = document.getElementById('time_zone');\n\
if (f && !f.value && window.Intl) { f.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ''; }\n",
    )
        .into_response()
}

/// The optional script of the GM console and the profile: a copy button beside each
/// invitation link (the link is in a read-only field, selectable without it; its words come
/// from the field's `data-` attributes, in the page's language; a link the server could only
/// give as a path is completed with the browser's own address), and the profile's own copy
/// buttons (`data-copy`, hidden until this script shows them).
pub async fn copy_script() -> Response {
    (
        [(CONTENT_TYPE, "text/javascript; charset=utf-8")],
        "// Optional: a Copy button beside each invitation link; the page works without it.\n\
document.querySelectorAll('input.invite-link').forEach(function (field) {\n\
  if (field.value.charAt(0) === '/') { field.value = location.origin + field.value; }\n\
  var button = document.createElement('button');\n\
  button.type = 'button';\n\
  button.className = 'copy secondary';\n\
  button.textContent = field.getAttribute('data-copy-label');\n\
  button.setAttribute('aria-label', field.getAttribute('data-copy-aria'));\n\
  button.addEventListener('click', function () {\n\
    field.select();\n\
    var done = function () { button.textContent = field.getAttribute('data-copied'); };\n\
    if (navigator.clipboard && window.isSecureContext) {\n\
      navigator.clipboard.writeText(field.value).then(done, function () { document.execCommand('copy'); done(); });\n\
    } else { document.execCommand('copy'); done(); }\n\
  });\n\
  field.insertAdjacentElement('afterend', button);\n\
});\n\
document.querySelectorAll('button[data-copy]').forEach(function (button) {\n\
  button.hidden = false;\n\
  button.addEventListener('click', function () {\n\
    var done = function () { button.textContent = button.getAttribute('data-copied'); };\n\
    if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(button.getAttribute('data-copy')).then(done); }\n\
  });\n\
});\n",
    )
        .into_response()
}

/// The routes of the profile and the scripts every page may use.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/profile", get(profile_form).post(profile))
        .route("/profile/zone", post(profile_zone))
        .route("/static/site.js", get(site_script))
        .route("/static/zone.js", get(zone_script))
        .route("/static/copy.js", get(copy_script))
}
