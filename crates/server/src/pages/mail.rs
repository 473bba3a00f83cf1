//! The profile's mail settings: the address (confirmed by a link mailed to it, as the API's
//! `POST /api/account/email`) and what is mailed unasked (every mail, a daily digest, none).

use axum::Form;
use axum::extract::State;

use super::{FormData, PageResult, Visitor, error_box, escape, redirect};
use crate::AppState;
use crate::actions;
use crate::auth::Player;
use crate::error::ApiError;
use crate::letters::MailChoice;

/// The mail part of the profile page: its form, and the error of the last try if any.
pub(super) async fn section(
    state: &AppState,
    visitor: &Visitor,
    player: &Player,
    error: Option<&ApiError>,
) -> String {
    let profile = match actions::mail_profile(state, player).await {
        Ok(p) => p,
        Err(e) => return error_box(Some(&e)),
    };
    let off = if state.mail.is_none() {
        r#"<p class="note">Mail is off on this server: nothing is mailed.</p>"#
    } else {
        ""
    };
    let address = match (&profile.email, &profile.pending) {
        (_, Some(pending)) => format!(
            r#"<p id="mail-pending">Waiting for confirmation: <strong>{}</strong> (open the link mailed to it).</p>"#,
            escape(pending)
        ),
        (Some(email), None) => format!(
            r#"<p id="mail-confirmed">Mail goes to <strong>{}</strong>.</p>"#,
            escape(email)
        ),
        (None, None) => r#"<p id="mail-none">No address yet.</p>"#.to_string(),
    };
    let choice = |value: MailChoice, label: &str| {
        let checked = if profile.mail_choice == value {
            " checked"
        } else {
            ""
        };
        format!(
            r#"<label class="check"><input type="radio" name="mail_choice" value="{v}"{checked}> {label}</label>"#,
            v = value.as_str()
        )
    };
    format!(
        r#"<h2 id="mail">Mail</h2>{off}{error}{address}
<form method="post" action="/profile/mail">{csrf}
<label for="email">Address (a new one is confirmed by a link mailed to it)</label>
<input id="email" type="email" name="email" value="{email}" autocomplete="email">
<fieldset><legend>What to mail you unasked</legend>
{every}<br>{digest}<br>{none}
</fieldset>
<p class="hint">Answers to your own order mail, and confirmation links, always come.</p>
<p><button type="submit">Save mail settings</button></p>
</form>"#,
        error = error_box(error),
        csrf = visitor.csrf_field(),
        email = escape(
            profile
                .pending
                .as_deref()
                .or(profile.email.as_deref())
                .unwrap_or_default()
        ),
        every = choice(
            MailChoice::Every,
            "Every mail: each turn's report, reminders a day and two hours before a deadline"
        ),
        digest = choice(
            MailChoice::Digest,
            "A daily digest: one mail a day listing the games whose orders are due"
        ),
        none = choice(MailChoice::None, "None"),
    )
}

/// The mail settings' form, sent: the choice saved, and a new address given (its
/// confirmation link mailed) if it differs from the account's.
pub async fn profile_mail(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result = async {
        visitor.check_csrf(&form)?;
        let choice = MailChoice::parse(form.field("mail_choice")?)?;
        let typed = form.get("email").unwrap_or_default().trim();
        let profile = actions::mail_profile(&state, player).await?;
        let known = [profile.email.as_deref(), profile.pending.as_deref()];
        if !typed.is_empty() && !known.contains(&Some(typed)) {
            actions::set_email(&state, player, typed).await?;
        }
        actions::set_mail_choice(&state, player, choice).await?;
        Ok::<_, ApiError>(())
    };
    match result.await {
        Ok(()) => Ok(redirect("/profile?saved=1#mail")),
        Err(e) => {
            let mail = section(&state, &visitor, player, None).await;
            let zone = player.time_zone.clone().unwrap_or_default();
            Ok(super::profile_page(&visitor, &zone, false, Some(&e), mail))
        }
    }
}
