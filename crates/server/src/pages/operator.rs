//! The operator's page (`/operator`): the server's health, the mail that did not get
//! through, the accounts (suspend, lift) and the games nobody has touched for a month
//! (archive). Anyone else is shown no such page.

use askama::Template;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use locale::{Lang, phrase, tr};
use store::account_care as care;

use super::form::CsrfForm;
use super::frame::{PageResult, Visitor, error_box, page, redirect};
use super::when::dated_in;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::text::filters;
use crate::{actions, health};

/// A game is listed as abandoned when its log has not grown for this long.
pub const IDLE_DAYS: i64 = 30;

/// Accounts listed at once (a name's beginning narrows the list).
const ACCOUNTS_SHOWN: i64 = 50;

/// Games and mail log lines listed at once.
const LISTED: i64 = 20;

#[derive(Debug, serde::Deserialize)]
pub struct OperatorQuery {
    name: Option<String>,
    done: Option<String>,
}

/// The visitor if they are the operator; for anyone else the page does not exist.
#[expect(
    clippy::result_large_err,
    reason = "the error is a page, as in PageResult, returned at once with `?`"
)]
fn operator(visitor: &Visitor) -> Result<&crate::auth::Player, Response> {
    let player = visitor.player_or_login("/operator")?;
    if player.operator {
        Ok(player)
    } else {
        Err(super::frame::error_page(
            visitor,
            &ApiError::NotFound(phrase!("error-operator-page-unknown")),
        ))
    }
}

/// The operator's page: health, the mail log, idle games, accounts.
#[derive(Debug, Template)]
#[template(path = "operator.html")]
struct OperatorPage<'a> {
    lang: Lang,
    /// The error box (HTML).
    error: String,
    notice: Option<&'a str>,
    ready: String,
    database: String,
    overdue: String,
    waiting: String,
    backups: String,
    backups_failing: bool,
    /// The health note, cut into text and commands (set as code).
    note: Vec<(String, bool)>,
    log: Vec<LogLine>,
    idle_title: String,
    idle: Vec<IdleGame>,
    csrf: String,
    prefix: &'a str,
    accounts: Vec<Account>,
    /// The line that says only the first accounts are listed.
    first: Option<String>,
}

/// A mail log line.
#[derive(Debug)]
struct LogLine {
    at: String,
    what: String,
    game: Option<i64>,
    address: String,
    detail: String,
}

/// A game idle long enough to be archived.
#[derive(Debug)]
struct IdleGame {
    id: i64,
    title: String,
    about: String,
}

/// An account, with its button to suspend or lift it (none for an operator).
#[derive(Debug)]
struct Account {
    name: String,
    operator: bool,
    suspended: bool,
    since: String,
}

async fn operator_page(
    state: &AppState,
    visitor: &Visitor,
    prefix: &str,
    notice: Option<&str>,
    error: Option<&ApiError>,
) -> ApiResult<String> {
    let zone = visitor.zone();
    let lang = visitor.lang;
    let readiness = health::readiness(state).await;
    // The commands are code, set as such in the sentence.
    let note = tr!(
        lang,
        "operator-health-note",
        readyz = "\u{1}/readyz\u{2}",
        mail_log = "\u{1}postrider mail-log\u{2}",
        backup = "\u{1}postrider backup\u{2}"
    );
    let note = note
        .split('\u{1}')
        .enumerate()
        .flat_map(|(i, part)| match (i, part.split_once('\u{2}')) {
            (0, _) | (_, None) => vec![(part.to_string(), false)],
            (_, Some((code, text))) => vec![(code.to_string(), true), (text.to_string(), false)],
        })
        .collect();
    let (backups, backups_failing) = backups_line(state, visitor, &readiness);
    let log = crate::mail_log::entries(&state.db, None, LISTED)
        .await
        .map_err(|e| ApiError::Internal(format!("mail log: {e}")))?;
    let idle = care::idle_games(&state.db, visitor.now - IDLE_DAYS * 86_400, LISTED).await?;
    let accounts = care::accounts(&state.db, prefix, ACCOUNTS_SHOWN).await?;
    let view = OperatorPage {
        lang,
        error: error_box(error),
        notice,
        ready: if readiness.ready {
            tr!(lang, "operator-ready")
        } else {
            tr!(lang, "operator-behind")
        },
        // "ok", or the database's own words for what is wrong (as /readyz gives them).
        database: if readiness.database == "ok" {
            tr!(lang, "operator-database-ok")
        } else {
            tr!(
                lang,
                "operator-database",
                database = readiness.database.as_str()
            )
        },
        overdue: tr!(lang, "operator-overdue", n = readiness.overdue_games),
        waiting: if readiness.outbox_oldest_due_seconds == 0 {
            tr!(lang, "operator-waiting-none")
        } else {
            tr!(
                lang,
                "operator-waiting",
                seconds = readiness.outbox_oldest_due_seconds
            )
        },
        backups,
        backups_failing,
        note,
        log: log
            .iter()
            .map(|entry| LogLine {
                at: dated_in(lang, entry.at, zone),
                what: tr!(
                    lang,
                    "operator-log-what",
                    what = entry.what.replace(' ', "-")
                ),
                game: entry.game,
                address: entry.address.clone(),
                detail: entry.detail.clone(),
            })
            .collect(),
        idle_title: tr!(lang, "operator-idle", days = IDLE_DAYS),
        idle: idle
            .iter()
            .map(|game| IdleGame {
                id: game.game,
                title: game.title.clone(),
                about: tr!(
                    lang,
                    "operator-idle-game",
                    game = game.game,
                    gm = game.gm.as_str(),
                    at = dated_in(lang, game.last_at, zone)
                ),
            })
            .collect(),
        csrf: visitor.csrf_token(),
        prefix,
        first: (accounts.len() as i64 == ACCOUNTS_SHOWN)
            .then(|| tr!(lang, "operator-first", n = ACCOUNTS_SHOWN)),
        accounts: accounts
            .iter()
            .map(|account| Account {
                name: account.name.clone(),
                operator: account.operator,
                suspended: account.suspended,
                since: tr!(
                    lang,
                    "operator-since",
                    at = dated_in(lang, account.created_at, zone)
                ),
            })
            .collect(),
    };
    view.render()
        .map_err(|e| ApiError::Internal(format!("template: {e}")))
}

/// How the deadline worker's own backups go: off, none yet, the last made, or failing (how
/// many in a row and the last reason, shown in bold: the `bool`).
fn backups_line(
    state: &AppState,
    visitor: &Visitor,
    readiness: &health::Readiness,
) -> (String, bool) {
    let lang = visitor.lang;
    if state.config.auto_backup.is_none() {
        return (tr!(lang, "operator-backups-off"), false);
    }
    if readiness.backup_failures > 0 {
        let failing = tr!(
            lang,
            "operator-backups-failing",
            n = readiness.backup_failures,
            error = readiness.backup_error.as_deref().unwrap_or_default()
        );
        return (failing, true);
    }
    let line = match state.backups.get().made_at {
        Some(at) => tr!(
            lang,
            "operator-backups-made",
            at = dated_in(lang, at, visitor.zone())
        ),
        None => tr!(lang, "operator-backups-none"),
    };
    (line, false)
}

/// `GET /operator`.
pub async fn operator_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Query(q): Query<OperatorQuery>,
) -> PageResult {
    operator(&visitor)?;
    let prefix = q.name.unwrap_or_default();
    let lang = visitor.lang;
    let notice = q.done.as_deref().map(|done| match done {
        "suspend" => tr!(lang, "operator-done-suspend"),
        "lift" => tr!(lang, "operator-done-lift"),
        "archive" => tr!(lang, "operator-done-archive"),
        _ => tr!(lang, "operator-done"),
    });
    match operator_page(&state, &visitor, prefix.trim(), notice.as_deref(), None).await {
        Ok(body) => Ok(page(
            &visitor,
            StatusCode::OK,
            &tr!(lang, "operator-title"),
            &body,
        )),
        Err(e) => Err(super::frame::error_page(&visitor, &e)),
    }
}

/// `POST /operator`: suspend or lift an account, or archive a game; then the page again.
pub async fn operator_action(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = operator(&visitor)?;
    let result = async {
        let action = form.field("action")?;
        match action {
            "suspend" | "lift" => {
                actions::suspend(&state, player, form.field("name")?, action == "suspend").await
            }
            "archive" => {
                let game = form.field("game")?;
                let id = game.parse::<i64>().map_err(|_| {
                    ApiError::Bad(phrase!("error-operator-game-not-number", game = game))
                })?;
                actions::archive_game(&state, player, id).await
            }
            other => Err(ApiError::Bad(phrase!(
                "error-operator-action-unknown",
                other = other
            ))),
        }
        .map(|()| action.to_string())
    };
    match result.await {
        Ok(action) => Ok(redirect(&format!("/operator?done={action}"))),
        Err(e) => match operator_page(&state, &visitor, "", None, Some(&e)).await {
            Ok(body) => Ok(page(
                &visitor,
                e.status(),
                &tr!(visitor.lang, "operator-title"),
                &body,
            )),
            Err(e) => Err(super::frame::error_page(&visitor, &e)),
        },
    }
}

/// The routes of the operator's page.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::get;
    axum::Router::new().route("/operator", get(operator_form).post(operator_action))
}
