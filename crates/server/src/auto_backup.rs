//! Backups the deadline worker makes itself (`serve --backup-dir DIR`), as a PBEM GM's code of
//! conduct asks (back up before each turn): before a pass of the worker that finds a game due,
//! at most once an hour, a copy of the database named by its time (`backup::backup`), and only
//! the newest `keep` copies are kept. A copy is a SQLite file `postrider restore` puts back.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use store::Store;
use store::backup::{BackupError, backup};

/// Where the worker's backups go, and how many it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutoBackup {
    pub dir: PathBuf,
    pub keep: usize,
}

/// The shortest time between two of the worker's backups (seconds).
pub const EVERY: i64 = 3600;

/// What a file of the worker's is called: `postrider-20261126T200000Z.db` (so that names sort
/// by time).
fn file_name(now: i64) -> String {
    let at = jiff::Timestamp::from_second(now).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
    format!("postrider-{}.db", at.strftime("%Y%m%dT%H%M%SZ"))
}

/// How the worker's backups have gone, for `/readyz`, `/operator` and the metrics: a failure
/// is otherwise a line in a log nobody reads, until the day the backup is needed.
#[derive(Debug, Default)]
pub struct Status(Mutex<Outcomes>);

/// What [`Status`] holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcomes {
    /// When the last backup was made (server clock, seconds).
    pub made_at: Option<i64>,
    /// Failures in a row since then.
    pub failures: u32,
    /// The last failure's reason, in one line, while they fail.
    pub error: Option<String>,
}

impl Status {
    pub fn get(&self) -> Outcomes {
        self.0.lock().map(|o| o.clone()).unwrap_or_default()
    }

    fn made(&self, at: i64) {
        if let Ok(mut o) = self.0.lock() {
            *o = Outcomes {
                made_at: Some(at),
                failures: 0,
                error: None,
            };
        }
        crate::metrics::backup("made");
    }

    fn failed(&self, error: &BackupError) {
        if let Ok(mut o) = self.0.lock() {
            o.failures += 1;
            o.error = Some(
                error
                    .to_string()
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_string(),
            );
        }
        crate::metrics::backup("failed");
    }
}

/// Backs the database up into `auto.dir` if a game is due and the last backup (`last`, the time
/// it was made) is an hour old or more; then removes all but the newest `auto.keep` of the
/// worker's files. Returns the new file, if one was made. The outcome is kept in
/// `status` (the server's `AppState::backups`). A failed backup is tried again at the next pass.
pub async fn before_deadlines(
    store: &Store,
    status: &Status,
    auto: &AutoBackup,
    last: &mut Option<i64>,
) -> Result<Option<PathBuf>, BackupError> {
    let result = attempt(store, auto, last).await;
    match &result {
        Ok(Some(_)) => status.made(store.clock.now()),
        Ok(None) => {}
        Err(e) => status.failed(e),
    }
    result
}

async fn attempt(
    state: &Store,
    auto: &AutoBackup,
    last: &mut Option<i64>,
) -> Result<Option<PathBuf>, BackupError> {
    let now = state.clock.now();
    if last.is_some_and(|at| now - at < EVERY)
        || !store::deadlines::any_due(state)
            .await
            .map_err(|e| BackupError::Refused(e.to_string()))?
    {
        return Ok(None);
    }
    std::fs::create_dir_all(&auto.dir).map_err(|e| refused(&auto.dir, &e))?;
    let to = auto.dir.join(file_name(now));
    backup(&state.db, &to).await?;
    *last = Some(now);
    prune(&auto.dir, auto.keep).map_err(|e| refused(&auto.dir, &e))?;
    Ok(Some(to))
}

/// Removes all but the newest `keep` of the worker's files in `dir` (other files are left).
fn prune(dir: &Path, keep: usize) -> std::io::Result<()> {
    let mut ours: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("postrider-") && n.ends_with(".db"))
        })
        .collect();
    ours.sort();
    let extra = ours.len().saturating_sub(keep.max(1));
    for old in &ours[..extra] {
        std::fs::remove_file(old)?;
    }
    Ok(())
}

fn refused(dir: &Path, e: &std::io::Error) -> BackupError {
    BackupError::Refused(format!("--backup-dir: {}: {e}", dir.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_named_by_their_time_so_that_names_sort_by_time() {
        assert_eq!(file_name(1_795_723_200), "postrider-20261126T200000Z.db");
        assert!(file_name(1_795_723_200) < file_name(1_795_726_800));
    }
}
