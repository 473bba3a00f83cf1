//! A player's mail settings: the address and its confirmation, what is mailed unasked, and
//! the one-click unsubscribe.

use locale::{phrase, tr};

use crate::auth::{self, Player};
use crate::error::{ApiError, ApiResult};
use crate::letters::MailChoice;
use crate::state::AppState;
use crate::text;
use store::{self, OutMail};

/// How long an email confirmation link works (seconds).
pub const EMAIL_TOKEN_LIFETIME: i64 = 48 * 3600;

/// Gives the account a new email address: nothing is sent to it but the confirmation link
/// until it is confirmed. Needs mail on this server (`serve --smtp`).
pub async fn set_email(state: &AppState, player: &Player, address: &str) -> ApiResult<()> {
    let Some(settings) = &state.mail else {
        return Err(ApiError::Bad(phrase!("error-email-mail-off")));
    };
    let address = check_email(address)?;
    let token = auth::new_secret()?;
    let now = state.clock.now();
    let link = format!(
        "{}/confirm-email/{token}",
        settings.public_url.trim_end_matches('/')
    );
    // In the account's language (English if none was chosen).
    let lang = player.lang.unwrap_or_default();
    let mail = OutMail {
        kind: "confirm".into(),
        to: address.to_string(),
        player_id: Some(player.id),
        subject: tr!(lang, "account-mail-confirm-subject"),
        body: format!(
            "{}\n\n{link}\n\n{}\n",
            tr!(lang, "account-mail-confirm", name = player.name.as_str()),
            tr!(lang, "account-mail-confirm-not-you"),
        ),
        ..OutMail::default()
    };
    store::accounts::set_email_pending(
        state,
        store::accounts::PendingEmail {
            player_id: player.id,
            address,
            token_hash: auth::secret_hash(&token),
            expires: now + EMAIL_TOKEN_LIFETIME,
            unsubscribe_token: store::secrets::new_unsubscribe_token()?,
            mail: &mail,
        },
    )
    .await?;
    Ok(())
}

/// An email address as typed, trimmed; refused unless it is one plain `name@domain`.
pub(super) fn check_email(address: &str) -> ApiResult<&str> {
    let address = address.trim();
    text::check_line("email", address)?;
    let valid = address.len() <= 254
        && address.split('@').count() == 2
        && address
            .split('@')
            .all(|part| !part.is_empty() && !part.contains(char::is_whitespace))
        && !address.contains(['<', '>', ',', ';', '"']);
    if valid {
        Ok(address)
    } else {
        Err(ApiError::Bad(phrase!(
            "error-email-invalid",
            address = address
        )))
    }
}

/// Confirms the address a link's token was sent to: the account's name.
pub async fn confirm_email(state: &AppState, token: &str) -> ApiResult<String> {
    store::accounts::confirm_email(state, &auth::secret_hash(token))
        .await?
        .ok_or_else(|| ApiError::NotFound(phrase!("error-confirm-link-unknown")))
}

/// What the account's mail settings are: the confirmed address, one waiting for its
/// confirmation, what is mailed unasked, and whether the address bounces.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MailProfile {
    pub email: Option<String>,
    pub pending: Option<String>,
    pub mail_choice: MailChoice,
    /// The confirmed address bounced (when, and the relay's words): nothing but a confirmation
    /// link is mailed to it until it is confirmed again (`null` when it takes mail).
    pub bouncing: Option<store::bounces::Bouncing>,
}

pub async fn mail_profile(state: &AppState, player: &Player) -> ApiResult<MailProfile> {
    let (email, pending, choice) = store::accounts::mail_settings(state, player.id).await?;
    Ok(MailProfile {
        email,
        pending,
        mail_choice: MailChoice::from_db(&choice),
        bouncing: store::bounces::of_player(state, player.id).await?,
    })
}

/// Sets what the account wants mailed unasked: every mail, a daily digest, or none.
pub async fn set_mail_choice(
    state: &AppState,
    player: &Player,
    choice: MailChoice,
) -> ApiResult<()> {
    store::accounts::set_mail_choice(state, player.id, choice.as_str()).await?;
    Ok(())
}

/// One-click unsubscribe (RFC 8058): the token of a mail's `List-Unsubscribe` link sets its
/// account's choice to none, without a login. A link of an earlier release carried the mail's
/// Message-ID instead; it still works.
pub async fn unsubscribe(state: &AppState, token: &str) -> ApiResult<()> {
    // (The one action without a player: the token is the authority.)
    let token = token.trim();
    let player = store::accounts::unsubscriber(state, token).await?;
    let Some(player) = player.filter(|_| !token.is_empty()) else {
        return Err(ApiError::NotFound(phrase!("error-unsubscribe-unknown")));
    };
    store::accounts::set_mail_choice(state, player, MailChoice::None.as_str()).await?;
    Ok(())
}
