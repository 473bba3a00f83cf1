//! Reading and writing game files and other input: whole or not at all, with one-line errors.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use game_backpacks::outing::Outing;
use game_breaking_away::race::Race;

/// A game file of either game, told apart by its `format`.
pub enum GameFile {
    Race(Race),
    Outing(Outing),
}

pub fn load(path: &str) -> Result<GameFile> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
    let format = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("format").and_then(|f| f.as_str()).map(String::from));
    Ok(match format.as_deref() {
        Some(game_backpacks::outing::FORMAT) => {
            GameFile::Outing(Outing::from_json(&text).with_context(|| path.to_string())?)
        }
        _ => GameFile::Race(Race::from_json(&text).with_context(|| path.to_string())?),
    })
}

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

/// The viewer a seat name (or --public) stands for.
pub fn viewer(index: Option<u8>, public: bool) -> game_api::Viewer {
    match (index, public) {
        (Some(i), _) => game_api::Viewer::Seat(game_api::Seat(i)),
        (None, true) => game_api::Viewer::Public,
        (None, false) => game_api::Viewer::Gm,
    }
}

/// The bots named on the command line, or the default line-up of bots.
pub fn bot_kinds(names: &[String], default: &[&str]) -> Result<Vec<bots::breaking_away::BotKind>> {
    let names: Vec<&str> = if names.is_empty() {
        default.to_vec()
    } else {
        names.iter().map(String::as_str).collect()
    };
    names
        .iter()
        .map(|b| {
            b.parse()
                .map_err(|e: String| anyhow::anyhow!("--bots: {e}"))
        })
        .collect()
}
