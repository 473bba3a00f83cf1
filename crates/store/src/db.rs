//! The database: SQLite (embedded, the default) or PostgreSQL, behind one pool. Queries are
//! written once in the SQL both understand; the schema is two commented migration folders, one
//! per dialect, applied on start.

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Connection, Executor};

static SQLITE: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES: Migrator = sqlx::migrate!("./migrations/postgres");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The database `conn` is connected to.
    pub fn of(conn: &sqlx::AnyConnection) -> Backend {
        match conn.backend_name() {
            "PostgreSQL" => Backend::Postgres,
            _ => Backend::Sqlite,
        }
    }
}

/// Which release's schema a database has ([`Db::schema`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schema {
    /// No postrider schema at all (a new database, or some other file).
    None,
    /// An earlier release's: this release's migrations bring it up to date.
    Earlier,
    Current,
    /// Migrations this release does not know: a later release's (or another program's).
    Later,
}

/// How long a connection may sit in the pool before it is tested again before use.
const IDLE_BEFORE_PING: std::time::Duration = std::time::Duration::from_secs(1);

#[derive(Clone, Debug)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
}

impl Db {
    /// Connects to `url` (`sqlite://FILE` or `postgres://…`) and brings the schema up to date
    /// when nothing can be lost by it: a new database, one of this release's schema, or an
    /// earlier release's that holds no game. An earlier release's database with games is
    /// refused: its upgrade waits for the operator's check (`serve --migrate`,
    /// docs/operations.md), so that no command (not even the MTA's `mail-in`, which exits 75
    /// and is tried again) migrates it first.
    pub async fn open(url: &str) -> Result<Db, String> {
        let db = Db::open_as_is(url).await?;
        db.migrate_if_nothing_is_lost(url).await?;
        Ok(db)
    }

    /// As [`Db::open`], but only a database some release of postrider made: an empty one (a
    /// wrong `--database`, a database being restored) is refused rather than given a schema,
    /// so that the MTA's `mail-in` never makes a database it would then fill (it exits 75 and
    /// the MTA keeps the mail).
    pub async fn open_existing(url: &str) -> Result<Db, String> {
        let db = Db::open_as_is(url).await?;
        if db.applied_migrations().await.is_empty() {
            db.pool.close().await;
            return Err(format!(
                "--database: {} holds no postrider database",
                redact(url)
            ));
        }
        db.migrate_if_nothing_is_lost(url).await?;
        Ok(db)
    }

    /// [`Db::open`]'s migration: this release's migrations applied unless the database is an
    /// earlier release's that holds games.
    async fn migrate_if_nothing_is_lost(&self, url: &str) -> Result<(), String> {
        let applied = self.applied_migrations().await;
        let known: Vec<i64> = self.migrator().iter().map(|m| m.version).collect();
        if !applied.is_empty() && applied.len() < known.len() && known.starts_with(&applied) {
            let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
                .fetch_one(&self.pool)
                .await
                .unwrap_or(0);
            if games > 0 {
                return Err(format!(
                    "--database: {} is of an earlier release (schema at migration {}, this \
                     release's at {}) and holds {games} games: check a copy, then migrate it with `serve --migrate` \
                     or `check --migrate` (docs/operations.md, Upgrade)",
                    redact(url),
                    applied.last().copied().unwrap_or_default(),
                    known.last().copied().unwrap_or_default(),
                ));
            }
        }
        self.migrate(url).await
    }

    /// Connects to `url` and brings its schema up to date whatever it holds (`serve
    /// --migrate`, `check --migrate`).
    pub async fn open_and_migrate(url: &str) -> Result<Db, String> {
        let db = Db::open_as_is(url).await?;
        db.migrate(url).await?;
        Ok(db)
    }

    /// Applies this release's migrations that the database lacks.
    async fn migrate(&self, url: &str) -> Result<(), String> {
        self.migrator()
            .run(&self.pool)
            .await
            .map_err(|e| format!("--database: migrating {}: {e}", redact(url)))
    }

    /// Connects to `url` and leaves its schema as it is (a backup, or a live database read by
    /// another release's binary).
    pub async fn open_as_is(url: &str) -> Result<Db, String> {
        install_default_drivers();
        let backend = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            return Err(format!(
                "--database: {url:?} is neither sqlite://FILE nor postgres://…"
            ));
        };
        let options = match backend {
            // One connection: SQLite has one writer anyway, and a single connection never
            // meets "database is locked" between its own transactions.
            Backend::Sqlite => {
                // A read-only file (a backup being checked) keeps its journal as it is.
                let writable = !url.contains("mode=ro");
                AnyPoolOptions::new()
                    .max_connections(1)
                    .after_connect(move |conn, _| {
                        Box::pin(async move {
                            conn.execute("PRAGMA foreign_keys = ON").await?;
                            if writable {
                                conn.execute("PRAGMA journal_mode = WAL").await?;
                                conn.execute("PRAGMA synchronous = FULL").await?;
                            }
                            Ok(())
                        })
                    })
            }
            // The committer, two readers (`group_read`: sessions, games) and room for the rest
            // (the deadline worker's claims, pages, mail).
            Backend::Postgres => AnyPoolOptions::new().max_connections(8),
        };
        // sqlx tests each connection it hands out by default, a round trip to the database
        // before every query on PostgreSQL (besides the one it makes when the connection is
        // given back): a busy server checks only those that sat idle, as sqlx's own
        // documentation suggests; one idle that long may have been closed by the server.
        let options = options
            .test_before_acquire(false)
            .before_acquire(|conn, meta| {
                Box::pin(async move {
                    if meta.idle_for >= IDLE_BEFORE_PING {
                        conn.ping().await?;
                    }
                    Ok(true)
                })
            });
        let pool = options
            .connect(url)
            .await
            .map_err(|e| format!("--database: cannot open {}: {e}", redact(url)))?;
        Ok(Db { pool, backend })
    }

    fn migrator(&self) -> &'static Migrator {
        match self.backend {
            Backend::Sqlite => &SQLITE,
            Backend::Postgres => &POSTGRES,
        }
    }

    /// The migrations applied to this database, in order (none for a new one).
    async fn applied_migrations(&self) -> Vec<i64> {
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
            .fetch_all(&self.pool)
            .await
            .unwrap_or_default()
    }

    /// Which release's schema the database has, against this release's migrations.
    pub async fn schema(&self) -> Schema {
        let applied = self.applied_migrations().await;
        let known: Vec<i64> = self.migrator().iter().map(|m| m.version).collect();
        if applied.is_empty() {
            Schema::None
        } else if applied == known {
            Schema::Current
        } else if known.starts_with(&applied) {
            Schema::Earlier
        } else {
            Schema::Later
        }
    }

    /// Whether the schema is exactly this release's: every migration it knows applied, and
    /// none it does not know; else what differs, in one line.
    pub async fn check_schema_is_current(&self) -> Result<(), String> {
        let applied = self.applied_migrations().await;
        let known: Vec<i64> = self.migrator().iter().map(|m| m.version).collect();
        if applied == known {
            return Ok(());
        }
        let last = |v: &[i64]| v.last().map_or("none".to_string(), i64::to_string);
        Err(format!(
            "its schema is at migration {} and this release's at {}",
            last(&applied),
            last(&known)
        ))
    }
}

/// The file of a SQLite database URL (`sqlite://FILE?…`); `None` for PostgreSQL or memory.
pub fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    let file = url.strip_prefix("sqlite://")?.split('?').next()?;
    (!file.is_empty() && !file.contains(":memory:")).then(|| std::path::PathBuf::from(file))
}

/// A URL without its password, for messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &url[scheme + 3..at];
            let user = userinfo.split(':').next().unwrap_or_default();
            format!("{}://{user}:***@{}", &url[..scheme], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            super::redact("postgres://gm:secret@db:5432/pbm"),
            "postgres://gm:***@db:5432/pbm"
        );
        assert_eq!(super::redact("sqlite://x.db"), "sqlite://x.db");
    }
}
