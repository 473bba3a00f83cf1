//! Reading and writing game files and other input: whole or not at all, with one-line errors.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::Path;

use anyhow::{Context, Result};
use gm::GameFile;

/// A game file held by this process for one command's read–change–write: every command that
/// changes a game takes it before loading and keeps it until after [`save`], so two commands on one
/// game at once (two `orders` from a GM piping mail) run one after the other instead of one
/// overwriting the other's change. Reading commands need no hold: [`save`] replaces the file whole.
///
/// The lock is an exclusive advisory lock (`flock` on Unix, `LockFileEx` on Windows; the
/// standard library's `File::lock`, so no crate) on a sibling file `.NAME.lock`, not on the game
/// file itself. [`save`] replaces the game file by a rename, so a lock on the game file would be
/// on the old inode: a second command that opened the file before the rename would get its lock
/// once the first is done, on a file no longer at that path, and read stale text. Locking the
/// game file would need a re-open and an inode comparison after every wait, and `new` has no
/// game file to lock yet; the sibling is never renamed or removed (removing it would reopen the
/// same race), so every command locks the same file. The lock goes when the hold is dropped or
/// the process ends, however it ends.
#[derive(Debug)]
pub struct Hold {
    path: String,
    _lock: File,
}

/// Waits until no other command holds the existing game file at `path`, then holds it.
pub fn hold(path: &str) -> Result<Hold> {
    // A missing game is refused as before, without leaving a lock file for it.
    std::fs::metadata(path).with_context(|| format!("reading {path}"))?;
    hold_new(path)
}

/// Holds the path of a game file that may not exist yet (`new`), from the check to the write.
pub fn hold_new(path: &str) -> Result<Hold> {
    let (dir, name) = split(Path::new(path))?;
    let lock_path = dir.join(format!(".{}.lock", name.to_string_lossy()));
    let lock = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .with_context(|| format!("locking {path}: opening {}", lock_path.display()))?;
    lock.lock()
        .with_context(|| format!("locking {path}: {}", lock_path.display()))?;
    Ok(Hold {
        path: path.to_string(),
        _lock: lock,
    })
}

impl Hold {
    /// Reads the held game file.
    pub fn load(&self) -> Result<GameFile> {
        load(&self.path)
    }
}

/// The directory and the file name of a game file's path.
fn split(path: &Path) -> Result<(&Path, &std::ffi::OsStr)> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .context("the game file needs a file name")?;
    Ok((dir, name))
}

/// Writes a game file whole or not at all, and durably: a new temporary file with a unique name
/// beside it, written and flushed to the disk, renamed over the game file, then the directory
/// flushed so that the rename itself survives a power cut. An existing file's permissions are
/// kept; a new game file is readable by its owner only (it holds every secret hand).
pub fn save(path: &str, text: &str) -> Result<()> {
    let target = Path::new(path);
    let (dir, _) = split(target)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("writing {path}: a temporary file in {}", dir.display()))?;
    if let Ok(meta) = std::fs::metadata(target) {
        tmp.as_file()
            .set_permissions(meta.permissions())
            .with_context(|| format!("writing {path}"))?;
    }
    tmp.write_all(text.as_bytes())
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("writing {path}"))?;
    tmp.persist(target)
        .map_err(|e| e.error)
        .with_context(|| format!("writing {path}"))?;
    sync_dir(dir).with_context(|| format!("writing {path}: flushing {}", dir.display()))
}

/// Flushes a directory's entries (the rename) to the disk. Unix only: Windows does not open a
/// directory as a file, and there the rename is as durable as the file system makes it.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    if cfg!(unix) {
        File::open(dir)?.sync_all()
    } else {
        Ok(())
    }
}

/// Writes to standard output; a closed pipe comes back as an error instead of a panic.
pub fn emit(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

pub fn read_input(file: &str) -> Result<String> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading standard input")?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).with_context(|| format!("reading {file}"))
    }
}

/// The words of an order or line-up, or standard input for a single `-`.
pub fn text_argument(words: &[String]) -> Result<String> {
    if words.len() == 1 && words[0] == "-" {
        read_input("-")
    } else {
        Ok(words.join(" "))
    }
}

/// A seed for a new game, from the operating system's generator: nobody can work it out from
/// when the game was made. It is stored with the game, so everything after is reproducible.
pub fn fresh_seed() -> Result<u64> {
    getrandom::u64().map_err(|e| anyhow::anyhow!("drawing a seed from the operating system: {e}"))
}

/// The game file at `path`, read whole (its path named in the error).
pub fn load(path: &str) -> Result<GameFile> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
    GameFile::from_json(&text).with_context(|| path.to_string())
}
