//! A mail's press, published by the seat's player through `actions::post_press` (the same
//! checks as the page's and the API's) and answered with a receipt, unless the mail's orders
//! answer it.

use game_api::{Lang, Seat};
use locale::tr;

use super::handled::{self, Handled, SeatMail};
use crate::actions::{self, Draft, Recipient};
use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::press_mail::MailPress;
use crate::state::AppState;
use store::{self, Table};

/// Publishes a mail's press. With no orders beside it the receipt answers the mail, and it is
/// handled (`Some`); with orders, their echo answers it (`None`), and the receipt goes apart only
/// when some press was refused.
pub(super) async fn publish(
    state: &AppState,
    mail: &SeatMail,
    table: &Table,
    press: &[MailPress],
    orders_too: bool,
) -> ApiResult<Option<Handled>> {
    if press.is_empty() {
        return Ok(None);
    }
    let published = publish_each(state, &mail.player, mail.game_id, mail.id, press).await?;
    let (subject, body) = receipt(table, mail.seat, mail.lang, &published);
    let press_answer = mail.answer("press", subject, body);
    if !orders_too {
        let status = if published.all { "applied" } else { "refused" };
        let done = mail.done(status, published.lines.join("; "));
        handled::answer(state, press_answer, done, mail.now).await?;
        return Ok(Some(if published.all {
            Handled::Applied
        } else {
            Handled::Refused
        }));
    }
    if !published.all {
        store::outbox_rows::queue_alone(state, &press_answer).await?;
    }
    Ok(None)
}

/// What became of a mail's press: a line for each message, and whether every one was
/// published.
#[derive(Clone, Debug, Default)]
struct Published {
    lines: Vec<String>,
    all: bool,
}

/// Posts a mail's press for `player` in game `game`, each message as its own post (the same
/// checks as the page's and the API's), each once however often inbound mail `inbound` is
/// delivered. Only a database failure is an `Err`.
async fn publish_each(
    state: &AppState,
    player: &Player,
    game: i64,
    inbound: i64,
    press: &[MailPress],
) -> ApiResult<Published> {
    // The receipt is in the seat's language (the mail door sets the player's to it).
    let lang = player.lang.unwrap_or_default();
    let mut published = Published {
        lines: Vec::new(),
        all: true,
    };
    for (k, message) in press.iter().enumerate() {
        let draft = Draft {
            text: message.text.clone(),
            to: message.to.iter().cloned().map(Recipient::Written).collect(),
            as_gm: false,
            source: Some(format!("mail/{inbound}/{k}")),
        };
        let first = message.text.lines().next().unwrap_or_default();
        let quoted: String = first.chars().take(60).collect();
        match actions::post_press(state, player, game, &draft).await {
            Ok(line) => published.lines.push(tr!(
                lang,
                "press-mail-published",
                header = line.header.as_str(),
                quoted = quoted.as_str()
            )),
            Err(e @ ApiError::Internal(_)) => return Err(e),
            Err(e) => {
                published.all = false;
                published.lines.push(tr!(
                    lang,
                    "press-mail-refused",
                    quoted = quoted.as_str(),
                    error = e.to_string()
                ));
            }
        }
    }
    Ok(published)
}

/// The answer to a mail's press, in `lang`: its subject and body.
fn receipt(table: &Table, seat: Seat, lang: Lang, published: &Published) -> (String, String) {
    let mut body = format!("{}\n\n", tr!(lang, "press-mail-intro"));
    for line in &published.lines {
        body.push_str(&format!("- {line}\n"));
    }
    body.push_str(&format!("\n{}\n", tr!(lang, "press-mail-how")));
    (
        crate::letters::seat_subject(table, seat, lang, &tr!(lang, "press-mail-what")),
        body,
    )
}
