//! The server's layers, read from its sources: the actions and the doors hold no game lock,
//! no settled read, no retry loop and no SQL (every change goes through `change::change`, every
//! read through a typed store function); no server source runs SQL at all; and no source file
//! is over 600 lines. That the store never calls up is kept by the compiler: it is a crate of
//! its own (`crates/store`) that does not depend on the server (`postrider`'s
//! `the_store_depends_on_no_door_mail_or_server`).

use std::path::{Path, PathBuf};

/// The longest a server source file may be.
const MOST_LINES: usize = 600;

/// Every `.rs` file under `dir`, in order.
pub(crate) fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The text of a source without its comments (a doc may name what the code must not use).
fn code(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The write machinery only the store may hold: a game's lock, a read that waits for this
/// process's changes, SQL, a write past the door, a retry loop.
const MACHINERY: [&str; 7] = [
    "store::lock(",
    "GameGuard",
    "settled(",
    "sqlx::",
    "store::append",
    "for attempt",
    "ATTEMPTS",
];

/// The sources above the store: the actions and the doors (the API's `api/`, the pages,
/// the mail door by pipe and by SMTP, and the mail door's readers, `*_mail.rs`).
fn above_the_store() -> Vec<PathBuf> {
    let src = src();
    let mut files = sources(&src.join("actions"));
    files.extend(sources(&src.join("api")));
    files.extend(sources(&src.join("pages")));
    files.extend(sources(&src.join("smtp_in")));
    files.extend(sources(&src.join("mailbox")));
    files.push(src.join("smtp_in.rs"));
    for path in std::fs::read_dir(&src).unwrap().map(|e| e.unwrap().path()) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with("_mail.rs") {
            files.push(path);
        }
    }
    assert!(
        files.iter().any(|p| p.ends_with("api/press.rs")),
        "every API file is a door"
    );
    files
}

#[test]
fn the_actions_and_the_doors_change_games_only_through_the_store_door() {
    let mut found = Vec::new();
    for path in above_the_store() {
        let text = code(&path);
        for machinery in MACHINERY {
            if text.contains(machinery) {
                found.push(format!("{}: {machinery}", path.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "write machinery outside the store:\n{}",
        found.join("\n")
    );
}

/// All SQL is the store's: the server reads and writes the database only through the store's
/// typed functions (`crates/store`), never with a query of its own. sqlx is only among the
/// server's dev-dependencies (its tests set rows up), so a query in its sources does not
/// build; this check names the file.
#[test]
fn no_server_source_runs_sql() {
    let found: Vec<String> = sources(&src())
        .into_iter()
        .filter(|path| code(path).contains("sqlx"))
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        found.is_empty(),
        "SQL outside the store:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_server_source_file_is_over_600_lines() {
    let long: Vec<String> = sources(&src())
        .into_iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(&path).unwrap().lines().count();
            (lines > MOST_LINES).then(|| format!("{}: {lines} lines", path.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "over {MOST_LINES} lines:\n{}",
        long.join("\n")
    );
}
