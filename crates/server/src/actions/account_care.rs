//! Account care: a forgotten password reset by a mailed link, an account its owner deletes,
//! and what the operator does to accounts and abandoned games.

use locale::{phrase, tr};

use crate::auth::{self, Player};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::throttle::ClientAddr;
use store::account_care::{self as care, Erasure};
use store::{self, Change, OutMail};

/// How long a mailed reset link works (seconds).
pub const RESET_LINK_LIFETIME: i64 = 3600;

/// A second link is not mailed to an account within this many seconds of the last: a form
/// sent again and again fills nobody's mailbox.
pub const RESET_LINK_SPACING: i64 = 600;

/// Mails a reset link to every account (at most a few) whose name or confirmed address is
/// `who`. Says nothing of what it found, and answers before it looks: the answer and its time
/// are the same for any name or address. Each request counts against the client's address as
/// a failed login does (`throttle::ADDRESS`), so that one client cannot mail every account.
pub async fn forgot_password(state: &AppState, who: &str, client: ClientAddr) -> ApiResult<()> {
    if state.mail.is_none() {
        return Err(ApiError::Bad(phrase!("error-reset-mail-off")));
    }
    let who = who.trim().to_string();
    crate::text::check_line("who", &who)?;
    if who.is_empty() || who.len() > 254 {
        return Err(ApiError::Bad(phrase!("error-reset-who-missing")));
    }
    let now = state.clock.now();
    if let Some(wait) = state.throttle.wait(None, client.0, now) {
        return Err(ApiError::TooMany {
            message: phrase!("error-reset-throttled", wait = wait),
            retry_after: wait,
        });
    }
    state.throttle.failed(None, client.0, now);
    let errand = state.clone();
    state.errands.run(async move {
        if let Err(e) = mail_reset_links(&errand, &who, now).await {
            tracing::error!(error = %e, "reset link");
        }
    });
    Ok(())
}

async fn mail_reset_links(state: &AppState, who: &str, now: i64) -> ApiResult<()> {
    let Some(settings) = &state.mail else {
        return Ok(());
    };
    for account in care::resettable(&state.db, who).await? {
        // A link mailed in the last minutes is not mailed again; an operator's longer-lived
        // link is replaced by the mailed one.
        let recent = account.link_expires.is_some_and(|expires| {
            expires <= now + RESET_LINK_LIFETIME
                && expires > now + RESET_LINK_LIFETIME - RESET_LINK_SPACING
        });
        if recent {
            continue;
        }
        let token = auth::new_secret()?;
        let link = format!(
            "{}/reset/{token}",
            settings.public_url.trim_end_matches('/')
        );
        let lang = store::players::lang(state, account.id).await?;
        let mail = OutMail {
            kind: "reset".into(),
            to: account.email.clone(),
            player_id: Some(account.id),
            subject: tr!(lang, "account-mail-reset-subject"),
            body: format!(
                "{}\n\n{link}\n\n{}\n",
                tr!(lang, "account-mail-reset", name = account.name.as_str()),
                tr!(lang, "account-mail-reset-not-you"),
            ),
            ..OutMail::default()
        };
        care::set_reset_link(
            &state.db,
            account.id,
            &auth::secret_hash(&token),
            now + RESET_LINK_LIFETIME,
            Some((&mail, now)),
        )
        .await?;
    }
    Ok(())
}

fn unknown_link() -> ApiError {
    ApiError::NotFound(phrase!("error-reset-link-unknown"))
}

/// The name of the account a reset link opens.
pub async fn reset_link_name(state: &AppState, token: &str) -> ApiResult<String> {
    care::reset_name(&state.db, &auth::secret_hash(token), state.clock.now())
        .await?
        .ok_or_else(unknown_link)
}

/// Sets a new password by a reset link, spends the link, ends every session and token of the
/// account, and opens a new session: its secret and the account's name.
pub async fn reset_password(
    state: &AppState,
    token: &str,
    password: &str,
) -> ApiResult<(String, String)> {
    let name = reset_link_name(state, token).await?;
    crate::passwords::check_password(&name, password)?;
    let hash = state.hasher.hash(password).await?;
    let (id, name) = care::reset_password(
        &state.db,
        &auth::secret_hash(token),
        &hash,
        state.clock.now(),
    )
    .await?
    .ok_or_else(unknown_link)?;
    tracing::info!(player = id, "password reset by link");
    Ok((auth::issue(state, id, "session").await?, name))
}

/// Deletes the player's own account once the password is given again: the account is erased
/// (`store::account_care::erase`) unless a game still running needs it, which the error names.
pub async fn delete_account(
    state: &AppState,
    player: &Player,
    password: &str,
    client: ClientAddr,
) -> ApiResult<()> {
    if player.operator {
        return Err(ApiError::Bad(phrase!("error-delete-operator")));
    }
    let key = auth::name_key(&player.name).unwrap_or_default();
    let now = state.clock.now();
    // A stolen session does not get to guess the password faster than a login would.
    if let Some(wait) = state.throttle.wait(Some(&key), client.0, now) {
        return Err(ApiError::TooMany {
            message: phrase!("error-password-throttled", wait = wait),
            retry_after: wait,
        });
    }
    let row = store::accounts::login_row(state, &player.name, &key).await?;
    let hash = row.as_ref().map(|r| r.password_hash.as_str());
    if !state.hasher.verify(password, hash).await? {
        state.throttle.failed(Some(&key), client.0, now);
        store::accounts::record_failure(state, &key, now, now - 24 * 3600).await?;
        return Err(ApiError::Forbidden(phrase!("error-password-wrong")));
    }
    match care::erase(&state.db, player.id, state.clock.now()).await? {
        Erasure::Erased(_) => {
            tracing::info!(player = player.id, "account deleted by its owner");
            Ok(())
        }
        Erasure::Held(games) => {
            let list = locale::Phrase::each(move |lang| {
                let games: Vec<String> = games
                    .iter()
                    .map(|g| {
                        let title = g.title.as_str();
                        if g.gm {
                            tr!(lang, "error-delete-game-run", title = title, game = g.game)
                        } else {
                            tr!(
                                lang,
                                "error-delete-game-played",
                                title = title,
                                game = g.game
                            )
                        }
                    })
                    .collect();
                lang.separated(&games)
            });
            Err(ApiError::Conflict(phrase!(
                "error-delete-games-left",
                list = list
            )))
        }
    }
}

/// Refuses anyone but the operator.
pub fn require_operator(player: &Player) -> ApiResult<()> {
    if player.operator {
        Ok(())
    } else {
        Err(ApiError::Forbidden(phrase!("error-operator-only")))
    }
}

/// The operator suspends an account or lifts its suspension. An operator's account (the
/// operator's own included) is not suspended: the role is taken away first, on the command
/// line, so that a server always keeps someone who can act.
pub async fn suspend(state: &AppState, operator: &Player, name: &str, on: bool) -> ApiResult<()> {
    require_operator(operator)?;
    let account = care::account(&state.db, name)
        .await?
        .ok_or_else(|| ApiError::NotFound(phrase!("error-name-unknown", name = name)))?;
    if on && account.operator {
        return Err(ApiError::Bad(phrase!(
            "error-suspend-operator",
            name = account.name
        )));
    }
    let at = on.then(|| state.clock.now());
    care::set_suspended(&state.db, account.id, at).await?;
    tracing::info!(
        account = account.id,
        by = operator.id,
        suspended = on,
        "suspension"
    );
    Ok(())
}

/// The operator archives a game (an abandoned one): it leaves the lists and, if it was
/// running, is paused, as when its GM archives it.
pub async fn archive_game(state: &AppState, operator: &Player, id: i64) -> ApiResult<()> {
    require_operator(operator)?;
    let actor = format!("operator:{}", operator.name);
    crate::change::change(state, id, &actor, |table| {
        if table.row.archived {
            return Err(ApiError::Bad(phrase!("error-archive-already", id = id)));
        }
        Ok::<Change, ApiError>(super::gm::archive_change(table))
    })
    .await?;
    tracing::info!(game = id, by = operator.id, "game archived by the operator");
    Ok(())
}
