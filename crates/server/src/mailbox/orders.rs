//! A mail's orders, sealed through `actions::submit_via` (the path of the API and the forms,
//! whose echo answers the mail), or answered with why they were refused.

use locale::Phrase;
use mail::MailOrders;

use super::handled::{self, Handled, SeatMail};
use crate::actions::{self, Via};
use crate::error::{ApiError, ApiResult};
use crate::letters::refusal;
use crate::state::AppState;

/// Seals the orders `read` from the mail, or answers it with their problems.
pub(super) async fn submit(
    state: &AppState,
    mail: SeatMail,
    read: &MailOrders,
) -> ApiResult<Handled> {
    let via = Via::Mail {
        inbound: mail.id,
        to: mail.reply_to.clone(),
        in_reply_to: mail.message_id.clone(),
        ignored: read.ignored.clone(),
    };
    let outcome = match read.submission() {
        Ok(submission) => {
            actions::submit_via(state, &mail.player, mail.game_id, &submission, via).await
        }
        Err(problems) => Err(ApiError::Bad(Phrase::each(|lang| {
            let lines: Vec<String> = problems.iter().map(|p| p.text(lang)).collect();
            lines.join("\n")
        }))),
    };
    let lang = mail.lang;
    // Only a database failure is tried again (the MTA's 75); every refusal is answered.
    let (problems, stale) = match outcome {
        Ok(_) => return Ok(Handled::Applied),
        Err(e @ ApiError::Internal(_)) => return Err(e),
        Err(ApiError::Bad(message)) => {
            let text = message.text(lang);
            (text.lines().map(String::from).collect::<Vec<_>>(), false)
        }
        Err(ApiError::Stale { message, .. } | ApiError::Conflict(message)) => {
            (vec![message.text(lang)], true)
        }
        Err(other) => (vec![other.text(lang)], false),
    };
    // Answered, not applied: the reply and the inbound row's status in one transaction.
    let table = store::load(state, mail.game_id).await?;
    let (subject, body) = refusal(&table, mail.seat, lang, &problems, stale);
    handled::answer(
        state,
        mail.answer("refusal", subject, body),
        mail.done("refused", problems.join("; ")),
        mail.now,
    )
    .await?;
    Ok(Handled::Refused)
}
