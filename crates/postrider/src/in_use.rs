//! A SQLite database's directory marked in use: `serve` (for as long as it runs) and `mail-in`
//! (for one message) hold a shared lock on the directory, and `restore` an exclusive one, so
//! that a restore never writes where a server or the MTA's pipe is reading and writing, and
//! neither starts on a database while it is being restored. The lock is `flock` on the
//! directory itself (the standard library's `File::lock`): no file is added to the directory,
//! and the lock goes with the process however it ends. PostgreSQL has no such directory.

use std::fs::File;
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::permissions::sqlite_file;

/// The directory a SQLite file is in.
fn directory(file: &Path) -> &Path {
    file.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// A lock held on a database's directory until dropped.
#[derive(Debug)]
pub struct Held {
    _lock: Option<File>,
    /// The directory, if [`exclusive_for`] made it.
    made: Option<std::path::PathBuf>,
}

impl Held {
    fn on(lock: File) -> Held {
        Held {
            _lock: Some(lock),
            made: None,
        }
    }

    fn none() -> Held {
        Held {
            _lock: None,
            made: None,
        }
    }

    /// Lets the directory go, removing it if [`exclusive_for`] made it and it is still empty
    /// (a restore that failed leaves nothing behind).
    pub fn release_and_tidy(self) {
        if let Some(dir) = &self.made {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// Marks the directory of the SQLite database at `url` in use by this process (shared with
/// other servers and `mail-in`s); refused while a `restore` writes there.
pub fn share(url: &str) -> Result<Held> {
    let Some(file) = sqlite_file(url) else {
        return Ok(Held::none());
    };
    let dir = directory(&file);
    let lock = File::open(dir).with_context(|| format!("opening {}", dir.display()))?;
    match lock.try_lock_shared() {
        Ok(()) => Ok(Held::on(lock)),
        Err(std::fs::TryLockError::WouldBlock) => bail!(
            "{}: a `postrider restore` is writing there: start once it is done",
            dir.display()
        ),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("locking {}", dir.display()))
        }
    }
}

/// Holds the directory `dir` for this process alone: refused while a server or `mail-in` has
/// a database there open.
fn exclusive(dir: &Path) -> Result<Held> {
    let lock = File::open(dir).with_context(|| format!("opening {}", dir.display()))?;
    match lock.try_lock() {
        Ok(()) => Ok(Held::on(lock)),
        Err(std::fs::TryLockError::WouldBlock) => bail!(
            "{} is in use: a server or mail-in has its database open (stop the service and hold the mail first: docs/operations.md, Restore in place)",
            dir.display()
        ),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("locking {}", dir.display()))
        }
    }
}

/// [`exclusive`] on the directory of the SQLite database at `url`, made if missing; nothing to
/// hold for PostgreSQL.
pub fn exclusive_for(url: &str) -> Result<Held> {
    let Some(file) = sqlite_file(url) else {
        return Ok(Held::none());
    };
    let dir = directory(&file);
    let made = !dir.exists();
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut held = exclusive(dir)?;
    held.made = made.then(|| dir.to_path_buf());
    Ok(held)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_restore_and_a_server_exclude_each_other() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/postrider.db?mode=rw", dir.path().display());
        let server = share(&url).unwrap();
        let mail_in = share(&url).unwrap();
        let refused = exclusive_for(&url).unwrap_err().to_string();
        assert!(refused.contains("is in use"), "{refused}");
        drop((server, mail_in));
        let restore = exclusive_for(&url).unwrap();
        let refused = share(&url).unwrap_err().to_string();
        assert!(refused.contains("postrider restore"), "{refused}");
        drop(restore);
        share(&url).unwrap();
        assert!(share("postgres://db/pbm").unwrap()._lock.is_none());
    }
}
