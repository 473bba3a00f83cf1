//! A GM's reminder to a seat whose orders are missing: mailed through the outbox, or the text
//! for the GM to send another way.

use game_api::Seat;
use locale::{phrase, tr};

use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::letters;
use crate::state::AppState;
use store::{self, OutMail, Table};

/// A reminder given: mailed to the seat's player (`mailed`), or the text for the GM to send.
#[derive(Debug)]
pub(super) struct Reminder {
    pub seat: String,
    pub mailed: bool,
    pub text: String,
}

/// The GM's reminder to `seat`: refused if the seat owes nothing; mailed through the outbox
/// (once per turn and seat: a second press gives the text instead) when mail is on and its
/// player takes mail; otherwise the text, for the GM to send another way.
pub(super) async fn remind(
    state: &AppState,
    gm: &Player,
    table: &Table,
    seat: Seat,
) -> ApiResult<Reminder> {
    let row = &table.seats[seat.index()];
    if let Some(bot) = &row.bot {
        return Err(ApiError::Bad(phrase!(
            "error-remind-bot",
            name = row.name,
            bot = bot
        )));
    }
    if table.record.is_over() || store::table::seat_ready(&table.record, row) {
        return Err(ApiError::Bad(phrase!(
            "error-remind-nothing-owed",
            name = row.name
        )));
    }
    let turn = table.record.turn();
    // The seat's language: the reminder is the seat's player's to read, mailed or passed on.
    let lang = letters::seat_lang(state, table, seat).await?;
    let due = match table.row.next_deadline {
        Some(at) if !table.row.paused => {
            tr!(
                lang,
                "remind-gm-due",
                when = crate::mail_words::moment(lang, at)
            )
        }
        _ => tr!(lang, "remind-gm-no-deadline"),
    };
    let noun = crate::mail_words::turn_noun(table, lang);
    let base = state
        .mail
        .as_ref()
        .map(|m| m.public_url.clone())
        .or_else(|| state.config.public_url.clone())
        .unwrap_or_default();
    let link = format!(
        "{}/games/{}/orders",
        base.trim_end_matches('/'),
        table.row.id
    );
    // A roll-back re-opened the turn: the seat's orders are kept, but wait to be confirmed.
    let missing = if table.record.reopened(seat) {
        tr!(lang, "remind-gm-reopened", noun = noun, turn = turn)
    } else {
        tr!(lang, "remind-gm-missing", noun = noun, turn = turn)
    };
    let lead = tr!(
        lang,
        "remind-gm-lead",
        gm = gm.name.as_str(),
        title = table.row.title.as_str(),
        missing = missing,
        due = due
    );
    let address: Option<(i64, String)> = match (&state.mail, row.player_id) {
        (Some(_), Some(player)) => store::accounts::mailed_address(state, player)
            .await?
            .map(|to| (player, to)),
        _ => None,
    };
    let text = crate::reminders::reminder_body(table, lang, &lead, &link, address.is_some());
    let Some((player_id, to)) = address else {
        return Ok(Reminder {
            seat: row.name.clone(),
            mailed: false,
            text,
        });
    };
    let mail = OutMail {
        kind: "reminder".into(),
        to,
        game_id: Some(table.row.id),
        seat: Some(seat),
        player_id: Some(player_id),
        reply_secret: row.mail_secret.clone(),
        subject: letters::seat_subject(table, seat, lang, &tr!(lang, "remind-gm-what")),
        body: text.clone(),
        dedup_key: Some(format!("gm-remind/{}/{turn}/{}", table.row.id, seat.0)),
        ..OutMail::default()
    };
    let mailed = store::outbox_rows::queue_alone(state, &mail).await?;
    Ok(Reminder {
        seat: row.name.clone(),
        mailed,
        text,
    })
}
