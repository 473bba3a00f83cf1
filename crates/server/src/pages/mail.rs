//! The profile's mail settings: the address (confirmed by a link mailed to it, as the API's
//! `POST /api/account/email`) and what is mailed unasked (every mail, a daily digest, none).

use askama::Template as _;
use axum::extract::State;
use locale::{Lang, tr};

use super::form::CsrfForm;
use super::frame::{PageResult, Visitor, error_box, redirect};
use super::sentence::{MARK, Piece, Sentence};
use crate::actions;
use crate::auth::Player;
use crate::error::ApiError;
use crate::letters::MailChoice;
use crate::state::AppState;
use crate::text::filters;

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
    let address = match (&profile.email, &profile.pending) {
        (_, Some(pending)) => Address::Pending(Sentence::new(
            &tr!(lang, "mail-form-pending", address = MARK),
            &[(MARK, Piece::strong(pending))],
        )),
        (Some(email), None) => Address::Confirmed(Sentence::new(
            &tr!(lang, "mail-form-confirmed", address = MARK),
            &[(MARK, Piece::strong(email))],
        )),
        (None, None) => Address::None,
    };
    // A bouncing address: the relay's words, and how to have it mailed again.
    let bouncing = match (&profile.bouncing, &profile.email) {
        (Some(bouncing), Some(email)) => Some(Sentence::new(
            &tr!(
                lang,
                "mail-form-bouncing",
                address = MARK,
                words = bouncing.words.as_str()
            ),
            &[(MARK, Piece::strong(email))],
        )),
        _ => None,
    };
    let form = MailSection {
        lang,
        off: state.mail.is_none(),
        error: error_box(error),
        address,
        bouncing,
        csrf: visitor.csrf_token(),
        email: profile
            .pending
            .as_deref()
            .or(profile.email.as_deref())
            .unwrap_or_default()
            .to_string(),
        choices: [
            (MailChoice::Every, tr!(lang, "mail-form-every")),
            (MailChoice::Digest, tr!(lang, "mail-form-digest")),
            (MailChoice::None, tr!(lang, "mail-form-none")),
        ],
        chosen: profile.mail_choice,
    };
    form.render().unwrap_or_default()
}

/// The account's address as the mail section says it (the address in bold).
#[derive(Debug)]
enum Address {
    Pending(Sentence),
    Confirmed(Sentence),
    None,
}

/// The mail part of the profile page.
#[derive(Debug, askama::Template)]
#[template(path = "profile/mail.html")]
struct MailSection {
    lang: Lang,
    /// The server sends no mail.
    off: bool,
    /// The error box (HTML).
    error: String,
    address: Address,
    /// The relay's words on a bouncing address, the address in bold.
    bouncing: Option<Sentence>,
    csrf: String,
    email: String,
    choices: [(MailChoice, String); 3],
    chosen: MailChoice,
}

/// The mail settings' form, sent: the choice saved, and a new address given (its
/// confirmation link mailed) if it differs from the account's.
pub async fn profile_mail(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result = async {
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
            Ok(super::profile_page::profile_page(
                &visitor,
                &zone,
                false,
                Some(&e),
                mail,
            ))
        }
    }
}

/// The routes of the profile's mail settings.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::post;
    axum::Router::new().route("/profile/mail", post(profile_mail))
}
