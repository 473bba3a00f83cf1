//! Where a server keeps its games, as every server command takes it: `--data` (a directory
//! holding its SQLite database), `--database` (a URL) or `--database-file` (a file holding one).

use anyhow::{Context, Result};
use clap::Args;

/// Where a server keeps its games: a data directory's SQLite database, or a database URL.
#[derive(Debug, Args)]
pub struct Database {
    /// The data directory (its SQLite database).
    #[arg(long, env = "POSTRIDER_DATA", default_value = "postrider-data")]
    data: String,
    /// A database URL instead of the data directory's: postgres://USER@HOST/DB or sqlite://FILE.
    #[arg(long, env = "POSTRIDER_DATABASE", hide_env_values = true)]
    database: Option<String>,
    /// A file holding the database URL, which may carry a password (kept off the command line
    /// and the environment, where `ps` and /proc show them).
    #[arg(long, env = "POSTRIDER_DATABASE_FILE", conflicts_with = "database")]
    database_file: Option<String>,
}

impl Database {
    /// The database's URL; the data directory is created if it is the one used.
    pub(crate) fn url(&self) -> Result<String> {
        if self.given()?.is_none() {
            std::fs::create_dir_all(&self.data)
                .with_context(|| format!("--data: cannot create {}", self.data))?;
        }
        self.target_url()
    }

    /// The database's URL, a SQLite one with leave to create the file; nothing is made yet
    /// (`restore` makes the directory once the backup is checked).
    pub(crate) fn target_url(&self) -> Result<String> {
        Ok(match self.given()? {
            Some(url) => url,
            None => format!("sqlite://{}/postrider.db?mode=rwc", self.data),
        })
    }

    /// The URL of a database that exists already: nothing is created, and a SQLite file that
    /// is not there is an error naming its path.
    pub(crate) fn existing_url(&self) -> Result<String> {
        let url = match self.given()? {
            Some(url) => url,
            None => format!("sqlite://{}/postrider.db?mode=rw", self.data),
        };
        if let Some(file) = crate::permissions::sqlite_file(&url)
            && !file.is_file()
        {
            anyhow::bail!(
                "{} does not exist (no server has run there)",
                file.display()
            );
        }
        Ok(url)
    }

    /// The URL given by `--database` or `--database-file`, if one was.
    fn given(&self) -> Result<Option<String>> {
        if let Some(file) = &self.database_file {
            let url = std::fs::read_to_string(file)
                .with_context(|| format!("--database-file: reading {file}"))?;
            return Ok(Some(url.trim().to_string()));
        }
        Ok(self.database.clone())
    }
}
