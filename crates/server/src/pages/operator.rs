//! The operator's page (`/operator`): the server's health, the mail that did not get
//! through, the accounts (suspend, lift) and the games nobody has touched for a month
//! (archive). Anyone else is shown no such page.

use axum::Form;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::{FormData, PageResult, Visitor, error_box, escape, page, redirect, when};
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
            &ApiError::NotFound("page: no such page".into()),
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
        r#"<section class="card stack" id="health" aria-labelledby="health-heading"><h2 id="health-heading">Health</h2>
<ul><li>{ready}</li><li>Database: {database}</li><li>Games past their deadline: {overdue}</li><li>Oldest mail waiting: {waiting}</li></ul>
<p class="note">The same as <code>/readyz</code>; <code>postrider mail-log</code> and <code>postrider backup</code> do the rest on the command line.</p></section>"#,
        ready = if readiness.ready {
            "Ready: the deadlines and the mail are keeping up."
        } else {
            "Behind: see below."
        },
        database = escape(&readiness.database),
        overdue = readiness.overdue_games,
        waiting = if readiness.outbox_oldest_due_seconds == 0 {
            "none".to_string()
        } else {
            format!("{} s", readiness.outbox_oldest_due_seconds)
        },
    ));

    let log = crate::mail_log::entries(&state.db, None, LISTED)
        .await
        .map_err(|e| ApiError::Internal(format!("mail log: {e}")))?;
    body.push_str(
        r#"<section class="card stack" id="mail-log" aria-labelledby="mail-log-heading"><h2 id="mail-log-heading">Mail that did not get through</h2>"#,
    );
    if log.is_empty() {
        body.push_str("<p>None.</p>");
    } else {
        body.push_str("<ul>");
        for entry in &log {
            let game = entry.game.map_or(String::new(), |g| {
                format!(r#" <a href="/games/{g}">game {g}</a>"#)
            });
            body.push_str(&format!(
                "<li>{at}: {what}{game} · {address} · {detail}</li>",
                at = escape(&when::moment(entry.at, zone)),
                what = escape(entry.what),
                address = escape(&entry.address),
                detail = escape(&entry.detail),
            ));
        }
        body.push_str("</ul>");
    }
    body.push_str("</section>");

    let idle = care::idle_games(&state.db, visitor.now - IDLE_DAYS * 86_400, LISTED).await?;
    body.push_str(&format!(
        r#"<section class="card stack" id="idle-games" aria-labelledby="idle-heading"><h2 id="idle-heading">Games untouched for {IDLE_DAYS} days</h2>"#
    ));
    if idle.is_empty() {
        body.push_str("<p>None.</p>");
    } else {
        body.push_str(r#"<p class="note">Archiving takes a game off the lists and pauses it; its GM can put it back.</p><ul>"#);
        for game in &idle {
            body.push_str(&format!(
                r#"<li><a href="/games/{id}">{title}</a> (game {id}, GM {gm}, last move {at}) <form method="post" action="/operator" class="inline">{csrf}<input type="hidden" name="action" value="archive"><input type="hidden" name="game" value="{id}"><button type="submit">Archive</button></form></li>"#,
                id = game.game,
                title = escape(&game.title),
                gm = escape(&game.gm),
                at = escape(&when::moment(game.last_at, zone)),
                csrf = visitor.csrf_field(),
            ));
        }
        body.push_str("</ul>");
    }
    body.push_str("</section>");

    let accounts = care::accounts(&state.db, prefix, ACCOUNTS_SHOWN).await?;
    body.push_str(&format!(
        r#"<section class="card stack" id="accounts" aria-labelledby="accounts-heading"><h2 id="accounts-heading">Accounts</h2>
<form method="get" action="/operator"><label for="name">Names beginning with</label><input id="name" type="search" name="name" value="{prefix}"><p><button type="submit">Find</button></p></form><ul>"#,
        prefix = escape(prefix)
    ));
    for account in &accounts {
        let (state_text, action, button) = if account.suspended {
            (" · suspended", "lift", "Lift the suspension")
        } else {
            ("", "suspend", "Suspend")
        };
        let role = if account.operator { " · operator" } else { "" };
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
            "<li>{name}{role}{state_text} · since {since}{form}</li>",
            name = escape(&account.name),
            since = escape(&when::moment(account.created_at, zone)),
        ));
    }
    if accounts.len() as i64 == ACCOUNTS_SHOWN {
        body.push_str(&format!(
            "<li>… the first {ACCOUNTS_SHOWN}; give more of the name to find others.</li>"
        ));
    }
    body.push_str("</ul></section>");
    Ok(body)
}

/// `GET /operator`.
pub async fn operator_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Query(q): Query<OperatorQuery>,
) -> PageResult {
    operator(&visitor)?;
    let prefix = q.name.unwrap_or_default();
    let notice = q.done.as_deref().map(|done| match done {
        "suspend" => "Suspended: the account's sessions ended.",
        "lift" => "The suspension is lifted.",
        "archive" => "Archived.",
        _ => "Done.",
    });
    match operator_page(&state, &visitor, prefix.trim(), notice, None).await {
        Ok(body) => Ok(page(&visitor, StatusCode::OK, "Server", &body)),
        Err(e) => Err(super::error_page(&visitor, &e)),
    }
}

/// `POST /operator`: suspend or lift an account, or archive a game; then the page again.
pub async fn operator_action(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = operator(&visitor)?;
    let result = async {
        visitor.check_csrf(&form)?;
        let action = form.field("action")?;
        match action {
            "suspend" | "lift" => {
                actions::suspend(&state, player, form.field("name")?, action == "suspend").await
            }
            "archive" => {
                let game = form.field("game")?;
                let id = game
                    .parse::<i64>()
                    .map_err(|_| ApiError::Bad(format!("game: {game:?} is not a game's number")))?;
                actions::archive_game(&state, player, id).await
            }
            other => Err(ApiError::Bad(format!("action: unknown {other:?}"))),
        }
        .map(|()| action.to_string())
    };
    match result.await {
        Ok(action) => Ok(redirect(&format!("/operator?done={action}"))),
        Err(e) => match operator_page(&state, &visitor, "", None, Some(&e)).await {
            Ok(body) => Ok(page(&visitor, e.status(), "Server", &body)),
            Err(e) => Err(super::error_page(&visitor, &e)),
        },
    }
}
