//! Sessions and API tokens as the store keeps them: a credential is the SHA-256 of its secret
//! (the server's `auth` draws and hashes it), its player, its kind and when it ends. Every
//! request's read of its session is one of many answered by one query ([`Sessions`], read
//! through the process's `group_read`).

use std::collections::HashMap;
use std::sync::Arc;

use sqlx::{AnyConnection, Row};

use super::clock::Clock;
use super::db::Backend;
use super::error::StoreResult;
use super::group_read;
use super::state::Store;

/// Stores a credential: the hash of its secret, for `player_id`, of `kind` (`session`, `api`),
/// made at `now`, ending at `expires` (`None`: never).
pub async fn insert(
    state: &Store,
    token_hash: &str,
    player_id: i64,
    kind: &str,
    now: i64,
    expires: Option<i64>,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO credentials (token_hash, player_id, kind, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(token_hash)
    .bind(player_id)
    .bind(kind)
    .bind(now)
    .bind(expires)
    .execute(&state.db.pool)
    .await?;
    Ok(())
}

/// Removes the credential whose secret hashes to `token_hash`.
pub async fn delete(state: &Store, token_hash: &str) -> StoreResult<()> {
    sqlx::query("DELETE FROM credentials WHERE token_hash = $1")
        .bind(token_hash)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// What a credential's hash opens: the player's columns a request needs.
#[derive(Clone, Debug)]
pub struct SessionRow {
    pub id: i64,
    pub name: String,
    pub time_zone: Option<String>,
    /// The confirmed address, unless the player wants no mail.
    pub echo_to: Option<String>,
    pub operator: bool,
    pub lang: Option<locale::Lang>,
}

/// The read of sessions by their hashes, as of the server's clock (expired ones, and those of
/// a suspended account, are none).
#[derive(Debug)]
pub struct Sessions {
    pub clock: Arc<dyn Clock>,
}

impl group_read::Fetch for Sessions {
    type Key = String;
    type Value = SessionRow;

    async fn fetch(
        &self,
        conn: &mut AnyConnection,
        hashes: &[String],
    ) -> StoreResult<HashMap<String, SessionRow>> {
        let backend = Backend::of(conn);
        let (list, padded) = super::sql::in_list(backend, hashes);
        let now = super::sql::placeholders_after(backend, hashes.len().next_power_of_two(), 1, 1);
        let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT c.token_hash, p.id, p.name, p.time_zone, \
             CASE WHEN p.mail_choice <> 'none' THEN p.email END, p.operator, p.lang \
             FROM credentials c JOIN players p ON p.id = c.player_id \
             WHERE c.token_hash IN {list} AND (c.expires_at IS NULL OR c.expires_at > {now}) \
             AND p.suspended_at IS NULL"
        )));
        for hash in padded {
            query = query.bind(hash);
        }
        let rows = query.bind(self.clock.now()).fetch_all(&mut *conn).await?;
        Ok(rows
            .iter()
            .map(|row| {
                let session = SessionRow {
                    id: row.get(1),
                    name: row.get(2),
                    time_zone: row.get(3),
                    echo_to: row.get(4),
                    operator: row.get::<i64, _>(5) != 0,
                    lang: row
                        .get::<Option<String>, _>(6)
                        .and_then(|c| locale::Lang::from_code(&c).ok()),
                };
                (row.get(0), session)
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group_read::Fetch;

    #[tokio::test]
    async fn one_query_reads_many_sessions_as_of_the_clock() {
        let db = crate::Db::open("sqlite::memory:").await.unwrap();
        for (id, name, zone, email, choice) in [
            (1, "ann", None, Some("ann@example.org"), "every"),
            (
                2,
                "bob",
                Some("Europe/London"),
                Some("bob@example.org"),
                "none",
            ),
        ] {
            sqlx::query(
                "INSERT INTO players (id, name, name_key, password_hash, created_at, time_zone, email, mail_choice) \
                 VALUES ($1, $2, $2, 'x', 0, $3, $4, $5)",
            )
            .bind(id)
            .bind(name)
            .bind(zone)
            .bind(email)
            .bind(choice)
            .execute(&db.pool)
            .await
            .unwrap();
        }
        // A live session, an API token, an expired session, and one expiring at this second.
        for (hash, player, kind, expires) in [
            ("live", 1, "session", Some(1_000)),
            ("token", 2, "api", None),
            ("expired", 1, "session", Some(400)),
            ("now", 2, "session", Some(500)),
        ] {
            sqlx::query(
                "INSERT INTO credentials (token_hash, player_id, kind, created_at, expires_at) VALUES ($1, $2, $3, 0, $4)",
            )
            .bind(hash)
            .bind(player)
            .bind(kind)
            .bind(expires)
            .execute(&db.pool)
            .await
            .unwrap();
        }
        let sessions = Sessions {
            clock: Arc::new(crate::ManualClock::at(500)),
        };
        // Five keys: the list is padded to eight, which finds nothing more.
        let keys = ["live", "token", "expired", "now", "unknown"].map(String::from);
        let mut conn = db.pool.acquire().await.unwrap();
        let found = sessions.fetch(&mut conn, &keys).await.unwrap();
        let mut seen: Vec<_> = found
            .iter()
            .map(|(hash, s)| {
                (
                    hash.as_str(),
                    s.id,
                    s.name.as_str(),
                    s.time_zone.as_deref(),
                    s.echo_to.as_deref(),
                )
            })
            .collect();
        seen.sort();
        assert_eq!(
            seen,
            [
                ("live", 1, "ann", None, Some("ann@example.org")),
                ("token", 2, "bob", Some("Europe/London"), None),
            ]
        );
    }
}
