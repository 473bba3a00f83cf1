//! Accounts: registering, and logging in with the throttle and the failed attempts told.

use locale::{Lang, phrase, tr};
use serde::Deserialize;

use crate::auth;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::throttle::ClientAddr;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

/// Opens an account. Names are unique whatever their case (`auth::name_key`).
pub async fn register(state: &AppState, c: &Credentials) -> ApiResult<()> {
    auth::check_name(&c.name)?;
    crate::passwords::check_password(&c.name, &c.password)?;
    let key = auth::name_key(&c.name).unwrap_or_default();
    let taken = || ApiError::Conflict(phrase!("error-name-taken", name = c.name));
    if store::accounts::name_taken(state, &c.name, &key).await? {
        return Err(taken());
    }
    let hash = state.hasher.hash(&c.password).await?;
    let token = store::secrets::new_unsubscribe_token()?;
    if !store::accounts::insert_player(state, &c.name, &key, &hash, &token).await? {
        return Err(taken());
    }
    Ok(())
}

/// A session just opened.
#[derive(Debug)]
pub struct Login {
    /// The session's secret.
    pub secret: String,
    /// The account's name as registered.
    pub name: String,
    /// Wrong passwords given for the account since its last login (its owner is told).
    pub failed_attempts: i64,
}

impl Login {
    /// What the owner is told about the failed attempts, if there were any.
    pub fn notice(&self, lang: Lang) -> Option<String> {
        (self.failed_attempts > 0)
            .then(|| tr!(lang, "login-failed-attempts", n = self.failed_attempts))
    }
}

/// Checks a name and password and opens a session, unless the name or the client address
/// has failed too often lately (429: `throttle`). The password of an unknown name is checked
/// against a dummy hash, and its failure written as an account's is (`record_failure`), so
/// that both take as long.
pub async fn login(state: &AppState, c: &Credentials, client: ClientAddr) -> ApiResult<Login> {
    let key = auth::name_key(&c.name);
    let now = state.clock.now();
    if let Some(wait) = state.throttle.wait(key.as_deref(), client.0, now) {
        crate::metrics::login("throttled");
        return Err(ApiError::TooMany {
            message: phrase!("error-login-throttled", wait = wait),
            retry_after: wait,
        });
    }
    let row = match &key {
        Some(key) => store::accounts::login_row(state, &c.name, key).await?,
        None => None,
    };
    let hash = row.as_ref().map(|r| r.password_hash.as_str());
    if !state.hasher.verify(&c.password, hash).await? {
        state.throttle.failed(key.as_deref(), client.0, now);
        crate::metrics::login("failed");
        let failed_key = match &row {
            Some(row) => row.name_key.clone(),
            None => key.clone().unwrap_or_else(|| NO_ACCOUNT_KEY.into()),
        };
        record_failure(state, &failed_key, now).await?;
        return Err(ApiError::Unauthorized(phrase!("error-login-refused")));
    }
    let row = row.expect("a verified password has an account");
    if row.suspended {
        return Err(ApiError::Forbidden(phrase!("error-login-suspended")));
    }
    state.throttle.succeeded(key.as_deref().unwrap_or_default());
    let failed_attempts = store::accounts::take_failures(state, &row.name_key).await?;
    crate::metrics::login("ok");
    Ok(Login {
        secret: auth::issue(state, row.id, "session").await?,
        name: row.name,
        failed_attempts,
    })
}

/// The failure key of every name that no account can have.
const NO_ACCOUNT_KEY: &str = "?";

/// How long the failures of a name that is no account are kept, in seconds.
const UNKNOWN_FAILURES_KEPT: i64 = 24 * 3600;

/// Writes one failed login under a name's key, in one transaction with the same statements
/// whether or not the name is an account's: a failure costs the same either way, so its time
/// does not tell which names exist. The failures of names that are no account are dropped
/// after a day.
async fn record_failure(state: &AppState, name_key: &str, now: i64) -> ApiResult<()> {
    Ok(store::accounts::record_failure(state, name_key, now, now - UNKNOWN_FAILURES_KEPT).await?)
}
