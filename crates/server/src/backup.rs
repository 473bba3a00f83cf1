//! Backups: a consistent copy of a server's database as one SQLite file, whichever database the
//! server runs on, and a copy put back. SQLite copies itself with `VACUUM INTO` (a snapshot,
//! taken while the server runs); PostgreSQL's rows are read in one repeatable-read transaction
//! (a snapshot too) into a SQLite file made by this release's migrations. No other program is
//! needed, and a backup of either can be restored to either.

use std::path::Path;

use futures_util::TryStreamExt;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Connection, Executor, Row};

use crate::db::{Backend, Db};

/// Why a backup or a restore could not be made; nothing is left half-done.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0}")]
    Refused(String),
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

/// Writes a consistent copy of `source` to `to`, a new file.
pub async fn backup(source: &Db, to: &Path) -> Result<Copied, BackupError> {
    if to.exists() {
        return Err(BackupError::Refused(format!(
            "--to: {} already exists (a backup never overwrites a file)",
            to.display()
        )));
    }
    source.check_schema_is_current().await.map_err(|e| {
        BackupError::Refused(format!(
            "the database: {e}: back it up with the release that runs it"
        ))
    })?;
    let result = match source.backend {
        Backend::Sqlite => {
            // VACUUM INTO reads one snapshot: the server's writers go on meanwhile.
            let path = to.to_string_lossy().replace('\'', "''");
            sqlx::query(sqlx::AssertSqlSafe(format!("VACUUM INTO '{path}'")))
                .execute(&source.pool)
                .await?;
            let mut copy = AnyConnection::connect(&sqlite_url(to, false)).await?;
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
        Backend::Postgres => postgres_to_file(source, to).await,
    };
    if result.is_err() {
        let _ = std::fs::remove_file(to);
    }
    result
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

/// Puts the backup `from` into the database at `target` (created and migrated if new), which
/// must hold no players or games yet: a restore never mixes two servers' data.
pub async fn restore(from: &Path, target: &str) -> Result<Copied, BackupError> {
    if !from.is_file() {
        return Err(BackupError::Refused(format!(
            "{}: no such backup file",
            from.display()
        )));
    }
    let backup = Db::open_as_is(&sqlite_url(from, false))
        .await
        .map_err(BackupError::Refused)?;
    backup.check_schema_is_current().await.map_err(|e| {
        BackupError::Refused(format!(
            "{}: {e}: restore it with the release that made it, then upgrade",
            from.display()
        ))
    })?;
    let db = Db::open(target).await.map_err(BackupError::Refused)?;
    let mut into = db.pool.acquire().await?;
    for table in ["players", "games"] {
        let rows: i64 =
            sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}")))
                .fetch_one(&mut *into)
                .await?;
        if rows > 0 {
            return Err(BackupError::Refused(format!(
                "the target database already holds {rows} {table}: restore into a new one"
            )));
        }
    }
    let mut reading = backup.pool.acquire().await?;
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
