//! Players as the store keeps them: a name's unique key, a player found by name, their
//! languages and their addresses.

use locale::phrase;
use sqlx::Row;

use super::error::{StoreError, StoreResult};
use super::state::Store;

/// The form of a name that must be unique: NFKC and case folded. Names are 1–32 ASCII letters,
/// digits, `-`, `_` or `.` (`auth::check_name`), where both come down to lowercasing; `None` for
/// a name that is not a valid name (no account can have it).
pub fn name_key(name: &str) -> Option<String> {
    let valid = !name.is_empty()
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    valid.then(|| name.to_ascii_lowercase())
}

/// The id of the player called `name`, whatever its case, as a login finds it (the exact
/// name first: see `actions::login`).
pub async fn player_id(state: &Store, name: &str) -> StoreResult<i64> {
    let missing = || StoreError::NotFound(phrase!("error-gm-unknown-account", name = name));
    let key = name_key(name).ok_or_else(missing)?;
    sqlx::query(
        "SELECT id FROM players WHERE name = $1 OR name_key = $2 \
         ORDER BY CASE WHEN name = $1 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(name)
    .bind(key)
    .fetch_optional(&state.db.pool)
    .await?
    .map(|r| r.get(0))
    .ok_or_else(missing)
}

/// Sets `player`'s time zone (an IANA name, checked by the caller), or UTC for `None`.
pub async fn set_time_zone(state: &Store, player: i64, zone: Option<&str>) -> StoreResult<()> {
    sqlx::query("UPDATE players SET time_zone = $1 WHERE id = $2")
        .bind(zone)
        .bind(player)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// Sets `player`'s time zone to `zone` only if they have none (the browser's report of its
/// zone never replaces one the player chose).
pub async fn set_time_zone_if_unset(state: &Store, player: i64, zone: &str) -> StoreResult<()> {
    sqlx::query("UPDATE players SET time_zone = $1 WHERE id = $2 AND time_zone IS NULL")
        .bind(zone)
        .bind(player)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// The language `player` reads their mail and reports in (English unless they chose one, or
/// if the code stored is no longer one postrider speaks).
pub async fn lang(state: &Store, player: i64) -> StoreResult<game_api::Lang> {
    let code: Option<String> = sqlx::query_scalar("SELECT lang FROM players WHERE id = $1")
        .bind(player)
        .fetch_optional(&state.db.pool)
        .await?
        .flatten();
    Ok(code
        .and_then(|c| game_api::Lang::from_code(&c).ok())
        .unwrap_or_default())
}

/// Sets the language `player` reads their mail and reports in.
pub async fn set_lang(state: &Store, player: i64, lang: game_api::Lang) -> StoreResult<()> {
    sqlx::query("UPDATE players SET lang = $1 WHERE id = $2")
        .bind(lang.code())
        .bind(player)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// Sets the language of seat `seat` of game `game` (`None`: the player's own).
pub async fn set_seat_lang(
    state: &Store,
    game: i64,
    seat: u8,
    lang: Option<game_api::Lang>,
) -> StoreResult<()> {
    sqlx::query("UPDATE seats SET lang = $1 WHERE game_id = $2 AND seat = $3")
        .bind(lang.map(game_api::Lang::code))
        .bind(game)
        .bind(i64::from(seat))
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// A player's confirmed address, as the mail side reads it.
#[derive(Clone, Debug)]
pub struct Address {
    pub id: i64,
    pub email: String,
    /// `players.mail_choice` as stored (`every`, `digest`, `none`).
    pub mail_choice: String,
    /// The account's language (English unless they chose one postrider speaks).
    pub lang: game_api::Lang,
}

/// The confirmed addresses of the players `ids` (those who have one), in one query.
pub async fn addresses(state: &Store, ids: &[i64]) -> StoreResult<Vec<Address>> {
    let (list, ids) = super::sql::in_list(state.db.backend, ids);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT id, email, mail_choice, lang FROM players WHERE id IN {list} AND email IS NOT NULL"
    )));
    for id in ids {
        query = query.bind(id);
    }
    Ok(query
        .fetch_all(&state.db.pool)
        .await?
        .iter()
        .map(|r| Address {
            id: r.get(0),
            email: r.get(1),
            mail_choice: r.get(2),
            lang: r
                .get::<Option<String>, _>(3)
                .and_then(|c| game_api::Lang::from_code(&c).ok())
                .unwrap_or_default(),
        })
        .collect())
}
