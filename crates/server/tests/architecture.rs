//! The server's layers, read from its sources: the store imports no door (API, pages, mail
//! in), no action, no letter and no `AppState` (it never calls up); the actions and the doors hold no game lock, no settled
//! read, no retry loop and no SQL (every change goes through `change::change`, every read
//! through a typed store function); and no source file is over 600 lines.

use std::path::{Path, PathBuf};

/// The longest a server source file may be.
const MOST_LINES: usize = 600;

/// What the store must never import: the doors, the actions, the letters, the HTTP error, the
/// change's steps with their letters, and the server's state (the store has its own type).
const ABOVE_THE_STORE: [&str; 12] = [
    "api", "pages", "mailbox", "smtp_in", "actions", "letters", "error", "games", "change",
    "state", "AppState", "lib",
];

fn sources(dir: &Path) -> Vec<PathBuf> {
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

/// The top-level modules a source names through `crate::` (`crate::store::x`, and each name of
/// `crate::{a, b::c}`).
fn crate_imports(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            names.extend(group[..end].split(',').map(|n| ident(n.trim())));
        } else {
            names.push(ident(rest));
        }
    }
    names.retain(|n| !n.is_empty());
    names
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

#[test]
fn the_store_imports_no_door_no_action_and_no_letter() {
    let mut upward = Vec::new();
    for path in sources(&src().join("store")) {
        for name in crate_imports(&code(&path)) {
            if ABOVE_THE_STORE.contains(&name.as_str()) {
                upward.push(format!("{} imports crate::{name}", path.display()));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "the store imports upward:\n{}",
        upward.join("\n")
    );
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

#[test]
fn a_group_import_is_read_name_by_name() {
    assert_eq!(
        crate_imports("use crate::{AppState, store::x};\nuse crate::api::Y;"),
        ["AppState", "store", "api"]
    );
}
