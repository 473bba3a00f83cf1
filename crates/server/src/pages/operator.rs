//! The operator's page (`/operator`): the server's health, the mail that did not get
//! through, the accounts (suspend, lift) and the games nobody has touched for a month
//! (archive). Anyone else is shown no such page.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use locale::{phrase, tr};

use super::when::dated_in;
use super::{CsrfForm, PageResult, Visitor, error_box, escape, page, redirect};
use crate::AppState;
use crate::actions;
use crate::error::{ApiError, ApiResult};
use crate::health;
use crate::store::account_care as care;

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
        Err(super::error_page(
            visitor,
            &ApiError::NotFound(phrase!("error-operator-page-unknown")),
        ))
    }
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
    let mut body = String::new();
    body.push_str(&error_box(error));
    if let Some(notice) = notice {
        body.push_str(&format!(
            r#"<p class="note" role="status" id="done">{}</p>"#,
            escape(notice)
        ));
    }
    body.push_str(&format!(
        r#"<section class="card stack" id="health" aria-labelledby="health-heading"><h2 id="health-heading">{title}</h2>
<ul><li>{ready}</li><li>{database}</li><li>{overdue}</li><li>{waiting}</li><li id="backups">{backups}</li></ul>
<p class="note">{note}</p></section>"#,
        title = tr!(lang, "operator-health"),
        ready = if readiness.ready {
            tr!(lang, "operator-ready")
        } else {
            tr!(lang, "operator-behind")
        },
        // "ok", or the database's own words for what is wrong (as /readyz gives them).
        database = escape(&if readiness.database == "ok" {
            tr!(lang, "operator-database-ok")
        } else {
            tr!(lang, "operator-database", database = readiness.database.as_str())
        }),
        overdue = tr!(lang, "operator-overdue", n = readiness.overdue_games),
        waiting = if readiness.outbox_oldest_due_seconds == 0 {
            tr!(lang, "operator-waiting-none")
        } else {
            tr!(
                lang,
                "operator-waiting",
                seconds = readiness.outbox_oldest_due_seconds
            )
        },
        backups = backups_line(state, visitor, &readiness),
        // The commands are code, set as such in the sentence.
        note = escape(&tr!(
            lang,
            "operator-health-note",
            readyz = "\u{1}/readyz\u{2}",
            mail_log = "\u{1}postrider mail-log\u{2}",
            backup = "\u{1}postrider backup\u{2}"
        ))
        .replace('\u{1}', "<code>")
        .replace('\u{2}', "</code>"),
    ));

    let log = crate::mail_log::entries(&state.db, None, LISTED)
        .await
        .map_err(|e| ApiError::Internal(format!("mail log: {e}")))?;
    body.push_str(
        &format!(
            r#"<section class="card stack" id="mail-log" aria-labelledby="mail-log-heading"><h2 id="mail-log-heading">{}</h2>"#,
            tr!(lang, "operator-mail-log")
        ),
    );
    if log.is_empty() {
        body.push_str(&format!("<p>{}</p>", tr!(lang, "operator-none")));
    } else {
        body.push_str("<ul>");
        for entry in &log {
            let game = entry.game.map_or(String::new(), |g| {
                format!(
                    r#" <a href="/games/{g}">{}</a>"#,
                    tr!(lang, "operator-game", game = g)
                )
            });
            body.push_str(&format!(
                "<li>{at}: {what}{game} · {address} · {detail}</li>",
                at = escape(&dated_in(lang, entry.at, zone)),
                what = escape(&tr!(
                    lang,
                    "operator-log-what",
                    what = entry.what.replace(' ', "-")
                )),
                address = escape(&entry.address),
                detail = escape(&entry.detail),
            ));
        }
        body.push_str("</ul>");
    }
    body.push_str("</section>");

    let idle = care::idle_games(&state.db, visitor.now - IDLE_DAYS * 86_400, LISTED).await?;
    body.push_str(&format!(
        r#"<section class="card stack" id="idle-games" aria-labelledby="idle-heading"><h2 id="idle-heading">{}</h2>"#,
        tr!(lang, "operator-idle", days = IDLE_DAYS)
    ));
    if idle.is_empty() {
        body.push_str(&format!("<p>{}</p>", tr!(lang, "operator-none")));
    } else {
        body.push_str(&format!(
            r#"<p class="note">{}</p><ul>"#,
            tr!(lang, "operator-archive-note")
        ));
        for game in &idle {
            body.push_str(&format!(
                r#"<li><a href="/games/{id}">{title}</a> {about} <form method="post" action="/operator" class="inline">{csrf}<input type="hidden" name="action" value="archive"><input type="hidden" name="game" value="{id}"><button type="submit">{archive}</button></form></li>"#,
                id = game.game,
                title = escape(&game.title),
                about = escape(&tr!(
                    lang,
                    "operator-idle-game",
                    game = game.game,
                    gm = game.gm.as_str(),
                    at = dated_in(lang, game.last_at, zone)
                )),
                archive = tr!(lang, "operator-archive"),
                csrf = visitor.csrf_field(),
            ));
        }
        body.push_str("</ul>");
    }
    body.push_str("</section>");

    let accounts = care::accounts(&state.db, prefix, ACCOUNTS_SHOWN).await?;
    body.push_str(&format!(
        r#"<section class="card stack" id="accounts" aria-labelledby="accounts-heading"><h2 id="accounts-heading">{title}</h2>
<form method="get" action="/operator"><label for="name">{label}</label><input id="name" type="search" name="name" value="{prefix}"><p><button type="submit">{find}</button></p></form><ul>"#,
        title = tr!(lang, "operator-accounts"),
        label = tr!(lang, "operator-names-beginning"),
        find = tr!(lang, "operator-find"),
        prefix = escape(prefix)
    ));
    for account in &accounts {
        let (state_text, action, button) = if account.suspended {
            (
                format!(" · {}", tr!(lang, "operator-suspended")),
                "lift",
                tr!(lang, "operator-lift"),
            )
        } else {
            (String::new(), "suspend", tr!(lang, "operator-suspend"))
        };
        let role = if account.operator {
            format!(" · {}", tr!(lang, "operator-operator"))
        } else {
            String::new()
        };
        let form = if account.operator {
            String::new()
        } else {
            format!(
                r#" <form method="post" action="/operator" class="inline">{csrf}<input type="hidden" name="action" value="{action}"><input type="hidden" name="name" value="{name}"><button type="submit">{button}</button></form>"#,
                csrf = visitor.csrf_field(),
                name = escape(&account.name),
            )
        };
        body.push_str(&format!(
            "<li>{name}{role}{state_text} · {since}{form}</li>",
            name = escape(&account.name),
            since = escape(&tr!(
                lang,
                "operator-since",
                at = dated_in(lang, account.created_at, zone)
            )),
        ));
    }
    if accounts.len() as i64 == ACCOUNTS_SHOWN {
        body.push_str(&format!(
            "<li>{}</li>",
            tr!(lang, "operator-first", n = ACCOUNTS_SHOWN)
        ));
    }
    body.push_str("</ul></section>");
    Ok(body)
}

/// How the deadline worker's own backups go, as HTML: off, none yet, the last made, or failing
/// (how many in a row and the last reason, in bold).
fn backups_line(state: &AppState, visitor: &Visitor, readiness: &health::Readiness) -> String {
    let lang = visitor.lang;
    if state.config.auto_backup.is_none() {
        return escape(&tr!(lang, "operator-backups-off"));
    }
    if readiness.backup_failures > 0 {
        return format!(
            "<strong>{}</strong>",
            escape(&tr!(
                lang,
                "operator-backups-failing",
                n = readiness.backup_failures,
                error = readiness.backup_error.as_deref().unwrap_or_default()
            ))
        );
    }
    match state.backups.get().made_at {
        Some(at) => escape(&tr!(
            lang,
            "operator-backups-made",
            at = dated_in(lang, at, visitor.zone())
        )),
        None => escape(&tr!(lang, "operator-backups-none")),
    }
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
        Err(e) => Err(super::error_page(&visitor, &e)),
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
            Err(e) => Err(super::error_page(&visitor, &e)),
        },
    }
}

/// The routes of the operator's page.
pub fn routes() -> axum::Router<crate::AppState> {
    use axum::routing::get;
    axum::Router::new().route("/operator", get(operator_form).post(operator_action))
}
