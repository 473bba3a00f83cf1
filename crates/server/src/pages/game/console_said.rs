//! The console in the GM's terms: what an action did, in plain words (`Turn 3 played now.`),
//! the deadline as a date and time in the GM's own zone, read back from the form, and the
//! preview of a turn as the report a player will read.

use game_api::report::ReportView;
use game_api::{Lang, Viewer};
use locale::{phrase, tr};
use store::Table;

use super::page::turn_name;
use crate::actions::{self, GmAction};
use crate::error::{ApiError, ApiResult};
use crate::pages::frame::Visitor;
use crate::state::AppState;

/// What a GM action did, in plain words (`Turn 3 played now.`), said above the console
/// after it; the game as it is now gives the turn and the deadline.
pub(super) fn done_text(table: &Table, visitor: &Visitor, action: &str) -> String {
    let lang = visitor.lang;
    let game = table.record.game();
    let deadline = table
        .row
        .next_deadline
        .map(|at| visitor.deadline(at))
        .unwrap_or_default();
    let text = match action {
        "resolve" => tr!(
            lang,
            "console-done-resolve",
            turn = turn_name(lang, game, table.record.resolved())
        ),
        "rollback" => tr!(
            lang,
            "console-done-rollback",
            turn = turn_name(lang, game, table.record.turn())
        ),
        "extend" | "resume" | "start" if !deadline.is_empty() => {
            tr!(lang, "console-done-deadline", deadline = deadline)
        }
        "pause" | "free" | "archive" | "restore" | "invite" | "bot" | "webhook" | "rated"
        | "piece" => lang.t(&format!("console-done-{action}")),
        _ => lang.t("console-done"),
    };
    // `turn 3 played now` leads the sentence: `Turn 3 played now.`
    let mut chars = text.chars();
    chars.next().map_or(text.clone(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// A moment as a `datetime-local` field holds it, in `zone` (UTC without one).
pub(super) fn local_time(at: i64, zone: Option<&str>) -> Option<String> {
    let zone = zone
        .and_then(crate::pages::when::zone)
        .unwrap_or(jiff::tz::TimeZone::UTC);
    let t = jiff::Timestamp::from_second(at).ok()?;
    Some(t.to_zoned(zone).strftime("%Y-%m-%dT%H:%M").to_string())
}

/// The GM's chosen date and time for the deadline (`at`, in their zone), as a move of the
/// deadline from where it is now; a time already past makes the turn due now.
pub(super) async fn deadline_at(
    state: &AppState,
    visitor: &Visitor,
    id: i64,
    at: &str,
) -> ApiResult<GmAction> {
    let zone = visitor
        .zone()
        .and_then(crate::pages::when::zone)
        .unwrap_or(jiff::tz::TimeZone::UTC);
    let at = actions::instant("at", at, &zone)?;
    let table = store::load(state, id).await?;
    let now = table.row.next_deadline.ok_or_else(|| {
        ApiError::Bad(if table.record.is_over() {
            phrase!("error-extend-game-over")
        } else {
            phrase!("error-extend-clock-not-started")
        })
    })?;
    Ok(GmAction::Extend {
        seconds: at.saturating_sub(now),
    })
}

/// A preview of the coming turn: its report as the game page shows one (the GM's view, in
/// the GM's language), with its picture.
#[derive(Debug)]
pub struct Preview {
    /// `turn 3`.
    pub name: String,
    pub view: ReportView,
    pub picture: Option<String>,
    /// The draws still to come were stood in for.
    pub stand_in: bool,
}

impl Preview {
    pub(super) fn of(
        played: &gm::Record,
        turn: u16,
        stand_in: bool,
        lang: Lang,
    ) -> ApiResult<Preview> {
        Ok(Preview {
            name: turn_name(lang, played.game(), turn),
            view: played.report_view(Viewer::Gm, lang, turn)?,
            picture: played
                .picture(Some(turn), Viewer::Gm, lang)
                .map(|p| p.close_up.unwrap_or(p.svg)),
            stand_in,
        })
    }
}
