//! Reading and writing game files and other input: whole or not at all, with one-line errors.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};

/// Writes a game file whole or not at all: a temporary file beside it, then a rename.
pub fn save(path: &str, text: &str) -> Result<()> {
    let path = Path::new(path);
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .context("the game file needs a file name")?;
    let tmp = dir.join(format!(".{}.tmp", name.to_string_lossy()));
    std::fs::write(&tmp, text).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Writes to standard output; a closed pipe comes back as an error instead of a panic.
pub fn emit(text: &str) -> Result<()> {
    use std::io::Write;
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

/// A seed for a new game: the one place postrider reads the clock for randomness. It is stored
/// with the game, so everything after is reproducible.
pub fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    (now.as_nanos() as u64) ^ (u64::from(std::process::id()) << 32)
}
