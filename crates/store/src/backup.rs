//! Backups: a consistent copy of a server's database as one SQLite file, whichever database the
//! server runs on, and a copy put back. SQLite copies itself with `VACUUM INTO` (a snapshot,
//! taken while the server runs); PostgreSQL's rows are read in one repeatable-read transaction
//! (a snapshot too) into a SQLite file made by this release's migrations. No other program is
//! needed, and a backup of either can be restored to either.
//!
//! A backup file is made readable by its owner only, and never through a symbolic link. Before
//! anything is written from one, it is checked ([`Backup::open`]): SQLite's integrity check
//! (a truncated or damaged file is called so), then its schema; one of an earlier release is
//! migrated in a copy of its own. A restore into SQLite writes a file beside the target and
//! renames it into place once whole, so that a failed one leaves nothing behind.

use std::path::{Path, PathBuf};

use futures_util::TryStreamExt;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Connection, Executor, Row};

use crate::db::{Backend, Db, Schema};

/// Why a backup or a restore could not be made; nothing is left half-done.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0}")]
    Refused(String),
    /// The backup file is not a whole SQLite database: truncated, damaged, or another file.
    #[error("{}: damaged: {why} (truncated or altered since it was made)", file.display())]
    Damaged { file: PathBuf, why: String },
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

/// What a backup or restore copied.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Copied {
    pub tables: usize,
    pub rows: u64,
}

/// Rows written to the copy per statement.
const ROWS_PER_INSERT: usize = 64;

/// The SQLite URL of a backup file.
fn sqlite_url(path: &Path, create: bool) -> String {
    let mode = if create { "rwc" } else { "ro" };
    format!("sqlite://{}?mode={mode}", path.display())
}

/// Makes the new, empty file a backup is written into: readable by its owner only whatever the
/// umask (it holds every secret of the server), refused if anything is at `to` already, a
/// symbolic link too, even one that points nowhere (`O_EXCL` never follows one).
fn new_backup_file(to: &Path) -> Result<(), BackupError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(to) {
        Ok(file) => {
            // The umask may take bits away, never add them: say 0600 outright.
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                file.set_permissions(std::fs::Permissions::from_mode(0o600))
                    .map_err(|e| BackupError::Refused(format!("--to: {}: {e}", to.display())))?;
            }
            drop(file);
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            let link = std::fs::symlink_metadata(to).is_ok_and(|m| m.file_type().is_symlink());
            Err(BackupError::Refused(if link {
                format!(
                    "--to: {} is a symbolic link (a backup never follows one)",
                    to.display()
                )
            } else {
                format!(
                    "--to: {} already exists (a backup never overwrites a file)",
                    to.display()
                )
            }))
        }
        Err(e) => Err(BackupError::Refused(format!("--to: {}: {e}", to.display()))),
    }
}

/// Writes a consistent copy of `source` to `to`, a new file (mode 0600).
pub async fn backup(source: &Db, to: &Path) -> Result<Copied, BackupError> {
    source.check_schema_is_current().await.map_err(|e| {
        BackupError::Refused(format!(
            "the database: {e}: back it up with the release that runs it"
        ))
    })?;
    new_backup_file(to)?;
    let result = match source.backend {
        Backend::Sqlite => {
            // VACUUM INTO reads one snapshot: the server's writers go on meanwhile. It writes
            // into the empty file just made, keeping its mode.
            let path = to.to_string_lossy().replace('\'', "''");
            sqlx::query(sqlx::AssertSqlSafe(format!("VACUUM INTO '{path}'")))
                .execute(&source.pool)
                .await
                .map_err(BackupError::from)
                .and(count(to).await)
        }
        Backend::Postgres => postgres_to_file(source, to).await,
    };
    if result.is_err() {
        let _ = std::fs::remove_file(to);
    }
    result
}

/// The tables and rows of the SQLite file `file`.
async fn count(file: &Path) -> Result<Copied, BackupError> {
    let mut copy = AnyConnection::connect(&sqlite_url(file, false)).await?;
    let mut copied = Copied::default();
    for table in schema(&mut copy).await? {
        let rows: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT COUNT(*) FROM {}",
            table.name
        )))
        .fetch_one(&mut copy)
        .await?;
        copied.tables += 1;
        copied.rows += rows as u64;
    }
    Ok(copied)
}

/// PostgreSQL's rows, as of one snapshot, into a new SQLite file of the same schema.
async fn postgres_to_file(source: &Db, to: &Path) -> Result<Copied, BackupError> {
    let copy = Db::open(&sqlite_url(to, true))
        .await
        .map_err(BackupError::Refused)?;
    let mut into = copy.pool.acquire().await?;
    let tables = schema(&mut into).await?;
    let mut from = source.pool.acquire().await?;
    let mut snapshot = from.begin().await?;
    snapshot
        .execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        .await?;
    let mut writing = into.begin().await?;
    let copied = copy_tables(&mut snapshot, &mut writing, &tables, Backend::Sqlite).await?;
    writing.commit().await?;
    snapshot.rollback().await?;
    // One self-contained file: no write-ahead log beside it.
    into.execute("PRAGMA journal_mode = DELETE").await?;
    drop(into);
    copy.pool.close().await;
    Ok(copied)
}

/// A backup file checked whole and opened for reading: its integrity, then its schema (this
/// release's, or an earlier release's migrated in a copy of its own, removed when this is
/// dropped). Nothing is written to the file itself.
#[derive(Debug)]
pub struct Backup {
    pub db: Db,
    /// The backup was made by an earlier release; `db` is its migrated copy.
    pub migrated: bool,
    _copy: Option<tempfile::TempDir>,
}

impl Backup {
    /// Opens and checks the backup at `from`.
    pub async fn open(from: &Path) -> Result<Backup, BackupError> {
        let damaged = |why: String| BackupError::Damaged {
            file: from.to_path_buf(),
            why,
        };
        if !from.is_file() {
            return Err(BackupError::Refused(format!(
                "{}: no such backup file",
                from.display()
            )));
        }
        let db = Db::open_as_is(&sqlite_url(from, false))
            .await
            .map_err(BackupError::Refused)?;
        // A truncated file fails here, before its schema could be taken for another release's.
        let problems: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_all(&db.pool)
            .await
            .map_err(|e| {
                damaged(match e.as_database_error() {
                    Some(e) => e.message().to_string(),
                    None => e.to_string(),
                })
            })?;
        if problems != ["ok"] {
            let first = problems.first().cloned().unwrap_or_default();
            return Err(damaged(format!(
                "SQLite's integrity check found {} problems, the first: {first}",
                problems.len()
            )));
        }
        match db.schema().await {
            Schema::Current => Ok(Backup {
                db,
                migrated: false,
                _copy: None,
            }),
            Schema::None => Err(damaged("it holds no postrider schema".into())),
            Schema::Later => Err(BackupError::Refused(format!(
                "{}: made by a later release ({}): restore it with that release",
                from.display(),
                db.check_schema_is_current().await.err().unwrap_or_default()
            ))),
            Schema::Earlier => {
                db.pool.close().await;
                let dir = tempfile::tempdir().map_err(|e| {
                    BackupError::Refused(format!("a directory for the migrated copy: {e}"))
                })?;
                let copy = dir.path().join("migrated.db");
                std::fs::copy(from, &copy).map_err(|e| {
                    BackupError::Refused(format!("{}: copying it to migrate: {e}", from.display()))
                })?;
                let db = Db::open_and_migrate(&sqlite_url(&copy, true))
                    .await
                    .map_err(BackupError::Refused)?;
                Ok(Backup {
                    db,
                    migrated: true,
                    _copy: Some(dir),
                })
            }
        }
    }

    /// Puts this backup into the database at `target`, which must hold no players or games
    /// yet: a restore never mixes two servers' data. A SQLite target is written beside its
    /// path and renamed into place once whole; PostgreSQL's is created and migrated first and
    /// filled in one transaction.
    pub async fn restore_into(&self, target: &str) -> Result<Copied, BackupError> {
        match crate::db::sqlite_file(target) {
            Some(file) => self.restore_into_sqlite(&file).await,
            None => {
                let db = Db::open(target).await.map_err(BackupError::Refused)?;
                self.fill(&db).await
            }
        }
    }

    /// The SQLite target `file`: a new file beside it, filled, made self-contained, then renamed
    /// over it (an existing one must be empty); on a failure the new file goes.
    async fn restore_into_sqlite(&self, file: &Path) -> Result<Copied, BackupError> {
        if file.exists() {
            let existing = Db::open(&sqlite_url(file, true))
                .await
                .map_err(BackupError::Refused)?;
            let held = holds(&existing).await;
            existing.pool.close().await;
            held?;
        }
        let mut name = file.as_os_str().to_owned();
        name.push(".restoring");
        let restoring = PathBuf::from(name);
        remove_database_files(&restoring);
        let result = async {
            let db = Db::open(&sqlite_url(&restoring, true))
                .await
                .map_err(BackupError::Refused)?;
            let copied = self.fill(&db).await?;
            // One self-contained file to rename: no write-ahead log beside it.
            sqlx::query("PRAGMA journal_mode = DELETE")
                .execute(&db.pool)
                .await?;
            db.pool.close().await;
            std::fs::File::open(&restoring)
                .and_then(|f| f.sync_all())
                .map_err(|e| BackupError::Refused(format!("{}: {e}", restoring.display())))?;
            // The empty database the target was (a server started there once) has no log to
            // keep: its journal files would otherwise be read as the new file's.
            remove_database_files(file);
            std::fs::rename(&restoring, file)
                .map_err(|e| BackupError::Refused(format!("{}: {e}", file.display())))?;
            if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
                let _ = std::fs::File::open(dir).and_then(|d| d.sync_all());
            }
            Ok(copied)
        }
        .await;
        if result.is_err() {
            remove_database_files(&restoring);
        }
        result
    }

    /// Copies the backup's rows into `db` (migrated, holding no players or games) in one
    /// transaction.
    async fn fill(&self, db: &Db) -> Result<Copied, BackupError> {
        holds(db).await?;
        let mut into = db.pool.acquire().await?;
        let mut reading = self.db.pool.acquire().await?;
        let tables = schema(&mut reading).await?;
        let mut writing = into.begin().await?;
        let copied = copy_tables(&mut reading, &mut writing, &tables, db.backend).await?;
        if db.backend == Backend::Postgres {
            // Identity columns go on after the highest id restored.
            for table in tables
                .iter()
                .filter(|t| t.columns.iter().any(|(c, _)| c == "id"))
            {
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "SELECT setval(pg_get_serial_sequence('{0}', 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM {0}",
                    table.name
                )))
                .execute(&mut *writing)
                .await?;
            }
        }
        writing.commit().await?;
        Ok(copied)
    }
}

/// Refused if `db` holds players or games already.
async fn holds(db: &Db) -> Result<(), BackupError> {
    for table in ["players", "games"] {
        let rows: i64 =
            sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}")))
                .fetch_one(&db.pool)
                .await?;
        if rows > 0 {
            return Err(BackupError::Refused(format!(
                "the target database already holds {rows} {table}: restore into a new one"
            )));
        }
    }
    Ok(())
}

/// Removes a SQLite file and its journal files, those that exist.
fn remove_database_files(file: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut name = file.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}

/// Puts the backup `from` into the database at `target` (created and migrated if new), which
/// must hold no players or games yet: [`Backup::open`], then [`Backup::restore_into`].
pub async fn restore(from: &Path, target: &str) -> Result<Copied, BackupError> {
    Backup::open(from).await?.restore_into(target).await
}

/// A table of the schema and its columns with their declared SQLite types.
#[derive(Debug)]
struct Table {
    name: String,
    columns: Vec<(String, String)>,
}

/// The tables of a SQLite database in the order they were made (each after those it refers
/// to), without SQLite's and sqlx's own.
async fn schema(conn: &mut AnyConnection) -> Result<Vec<Table>, sqlx::Error> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         AND name <> '_sqlx_migrations' ORDER BY rowid",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut tables = Vec::with_capacity(names.len());
    for name in names {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT name, type FROM pragma_table_info('{name}') ORDER BY cid"
        )))
        .fetch_all(&mut *conn)
        .await?;
        let columns = rows
            .iter()
            .map(|r| (r.get::<String, _>(0), r.get::<String, _>(1).to_uppercase()))
            .collect();
        tables.push(Table { name, columns });
    }
    Ok(tables)
}

/// One value of a row, read by its column's declared SQLite type (the schema's types are
/// integers, text and blobs).
#[derive(Debug)]
enum Value {
    Integer(Option<i64>),
    Text(Option<String>),
    Blob(Option<Vec<u8>>),
    Real(Option<f64>),
}

fn value(row: &AnyRow, i: usize, declared: &str) -> Result<Value, sqlx::Error> {
    Ok(if declared.contains("INT") {
        Value::Integer(row.try_get(i)?)
    } else if declared.contains("BLOB") {
        Value::Blob(row.try_get(i)?)
    } else if declared.contains("REAL") || declared.contains("DOUB") {
        Value::Real(row.try_get(i)?)
    } else {
        Value::Text(row.try_get(i)?)
    })
}

/// Copies `tables` from `from` to `into`, a chunk of rows a statement, streaming (a table is
/// never held whole in memory).
async fn copy_tables(
    from: &mut AnyConnection,
    into: &mut AnyConnection,
    tables: &[Table],
    into_backend: Backend,
) -> Result<Copied, BackupError> {
    let mut copied = Copied::default();
    for table in tables {
        let list = table
            .columns
            .iter()
            .map(|(name, _)| name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        // PostgreSQL's identity columns take given ids only when told to.
        let overriding = if into_backend == Backend::Postgres
            && table.columns.iter().any(|(name, _)| name == "id")
        {
            " OVERRIDING SYSTEM VALUE"
        } else {
            ""
        };
        let select = format!("SELECT {list} FROM {}", table.name);
        let mut rows = sqlx::query(sqlx::AssertSqlSafe(select)).fetch(&mut *from);
        let mut chunk = Vec::with_capacity(ROWS_PER_INSERT);
        loop {
            let row = rows.try_next().await?;
            let done = row.is_none();
            chunk.extend(row);
            if chunk.len() == ROWS_PER_INSERT || (done && !chunk.is_empty()) {
                insert(&mut *into, table, &list, overriding, &chunk).await?;
                copied.rows += chunk.len() as u64;
                chunk.clear();
            }
            if done {
                break;
            }
        }
        copied.tables += 1;
    }
    Ok(copied)
}

/// One multi-row INSERT of `rows` into `table`.
async fn insert(
    into: &mut AnyConnection,
    table: &Table,
    list: &str,
    overriding: &str,
    rows: &[AnyRow],
) -> Result<(), BackupError> {
    let width = table.columns.len();
    let tuples = (0..rows.len())
        .map(|r| {
            let marks = (1..=width)
                .map(|c| format!("${}", r * width + c))
                .collect::<Vec<_>>()
                .join(", ");
            format!("({marks})")
        })
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "INSERT INTO {} ({list}){overriding} VALUES {tuples}",
        table.name
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for row in rows {
        for (c, (_, declared)) in table.columns.iter().enumerate() {
            query = match value(row, c, declared)? {
                Value::Integer(v) => query.bind(v),
                Value::Text(v) => query.bind(v),
                Value::Blob(v) => query.bind(v),
                Value::Real(v) => query.bind(v),
            };
        }
    }
    query.execute(into).await?;
    Ok(())
}
