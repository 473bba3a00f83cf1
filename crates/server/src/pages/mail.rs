//! The profile's mail settings: the address (confirmed by a link mailed to it, as the API's
//! `POST /api/account/email`) and what is mailed unasked (every mail, a daily digest, none).

use axum::Form;
use axum::extract::State;

use locale::tr;

use super::front::{MARK, marked, strong};
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
    let lang = visitor.lang;
    let off = if state.mail.is_none() {
        format!(r#"<p class="note">{}</p>"#, tr!(lang, "mail-form-off"))
    } else {
        String::new()
    };
    let address = match (&profile.email, &profile.pending) {
        (_, Some(pending)) => format!(
            r#"<p id="mail-pending">{}</p>"#,
            marked(
                &tr!(lang, "mail-form-pending", address = MARK),
                &[(MARK, strong(pending))]
            )
        ),
        (Some(email), None) => format!(
            r#"<p id="mail-confirmed">{}</p>"#,
            marked(
                &tr!(lang, "mail-form-confirmed", address = MARK),
                &[(MARK, strong(email))]
            )
        ),
        (None, None) => format!(
            r#"<p id="mail-none">{}</p>"#,
            tr!(lang, "mail-form-no-address")
        ),
    };
    // A bouncing address: the relay's words, and how to have it mailed again.
    let address = match (&profile.bouncing, &profile.email) {
        (Some(bouncing), Some(email)) => format!(
            r#"{address}<p id="mail-bouncing" class="error">{}</p>"#,
            marked(
                &tr!(
                    lang,
                    "mail-form-bouncing",
                    address = MARK,
                    words = bouncing.words.as_str()
                ),
                &[(MARK, strong(email))]
            )
        ),
        _ => address,
    };
    let choice = |value: MailChoice, label: String| {
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
        r#"<h2 id="mail">{title}</h2>{off}{error}{address}
<form method="post" action="/profile/mail">{csrf}
<label for="email">{address_label}</label>
<input id="email" type="email" name="email" value="{email}" autocomplete="email">
<fieldset><legend>{unasked}</legend>
{every}<br>{digest}<br>{none}
</fieldset>
<p class="hint">{always}</p>
<p><button type="submit">{save}</button></p>
</form>"#,
        title = tr!(lang, "mail-form-title"),
        address_label = tr!(lang, "mail-form-address"),
        unasked = tr!(lang, "mail-form-unasked"),
        always = tr!(lang, "mail-form-always"),
        save = tr!(lang, "mail-form-save"),
        error = error_box(error),
        csrf = visitor.csrf_field(),
        email = escape(
            profile
                .pending
                .as_deref()
                .or(profile.email.as_deref())
                .unwrap_or_default()
        ),
        every = choice(MailChoice::Every, tr!(lang, "mail-form-every")),
        digest = choice(MailChoice::Digest, tr!(lang, "mail-form-digest")),
        none = choice(MailChoice::None, tr!(lang, "mail-form-none")),
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
        // A bouncing address saved again is mailed a new confirmation link: confirming it
        // clears the bounce.
        let again = profile.bouncing.is_some()
            && profile.pending.is_none()
            && profile.email.as_deref() == Some(typed);
        if !typed.is_empty() && (again || !known.contains(&Some(typed))) {
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
