//! Architecture invariants: the rules crates have no IO, no clock and no operating-system
//! randomness, in their dependency graph or in their own sources; each game crate stands on the
//! game API alone; the GM's lifecycle does no IO.
//!
//! The crates come from `cargo metadata` (every workspace member, so a new game crate is checked
//! without editing this file). Each graph comes from `cargo tree -p CRATE -e normal` rather than
//! the raw `cargo metadata` resolve: metadata unifies features across the whole workspace,
//! dev-dependencies included (proptest turns on `rand`'s `getrandom`), while `cargo tree -p`
//! resolves one package the way it is actually built.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Crates that do IO, read the clock or draw from the operating system: a rules crate never
/// depends on them, directly or not.
const FORBIDDEN: [&str; 12] = [
    "tokio",
    "sqlx",
    "axum",
    "hyper",
    "reqwest",
    "rusqlite",
    "lettre",
    "getrandom",
    "chrono",
    "time",
    "jiff",
    "std-env",
];

/// What source code that does IO, reads the clock or the environment, or draws from the
/// operating system says. `jiff` may compute with times a caller gives, never ask for the time.
const IO_IN_SOURCES: [&str; 14] = [
    "std::fs",
    "std::net",
    "std::env",
    "std::process",
    "std::thread",
    "std::io::stdin",
    "std::io::stdout",
    "SystemTime",
    "Instant",
    "::now(",
    "TimeZone::system",
    "getrandom",
    "tokio",
    "thread_rng",
];

fn cargo() -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

fn stdout(command: &mut Command) -> String {
    let output = command.output().expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Every workspace member: its name and the folder its sources are in.
fn workspace_crates() -> Vec<(String, PathBuf)> {
    let metadata: serde_json::Value = serde_json::from_str(&stdout(cargo().args([
        "metadata",
        "--format-version",
        "1",
        "--no-deps",
        "--locked",
        "--offline",
    ])))
    .unwrap();
    let crates: Vec<(String, PathBuf)> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let manifest = Path::new(p["manifest_path"].as_str().unwrap());
            (
                p["name"].as_str().unwrap().to_string(),
                manifest.parent().unwrap().join("src"),
            )
        })
        .collect();
    let names: Vec<&str> = crates.iter().map(|(n, _)| n.as_str()).collect();
    for known in [
        "game-api",
        "game-breaking-away",
        "game-backpacks",
        "gm",
        "postrider",
    ] {
        assert!(names.contains(&known), "the workspace was read: {names:?}");
    }
    crates
}

/// The game crates: every `game-*` member but the API they share.
fn game_crates(crates: &[(String, PathBuf)]) -> Vec<&str> {
    crates
        .iter()
        .map(|(n, _)| n.as_str())
        .filter(|n| n.starts_with("game-") && *n != "game-api")
        .collect()
}

/// The modules a grouped import `use std::{fs, net::TcpStream}` names, in full (`std::fs`,
/// `std::net::TcpStream`), over as many lines as it takes, with the line it starts on.
fn grouped_std_imports(code: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (start, _) in code.match_indices("std::{") {
        let line = code[..start].lines().count().max(1);
        let inside = &code[start + "std::{".len()..];
        let mut depth = 1;
        let end = inside
            .find(|c| {
                depth += match c {
                    '{' => 1,
                    '}' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .unwrap_or(inside.len());
        for item in inside[..end]
            .split([',', '}', ' ', '\n'])
            .map(|i| i.replace('{', ""))
            .filter(|i| !i.is_empty())
        {
            found.push((line, format!("std::{item}")));
        }
    }
    found
}

/// Every line of a crate's sources that says one of `words`, as `file:line: text`.
fn sources_saying(src: &Path, words: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    let mut folders = vec![src.to_path_buf()];
    let mut files = 0;
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files += 1;
                let text = std::fs::read_to_string(&path).unwrap();
                let code: Vec<&str> = text
                    .lines()
                    .map(|line| line.split("//").next().unwrap())
                    .collect();
                let imports = grouped_std_imports(&code.join("\n"));
                let lines = code.iter().map(|c| c.to_string()).enumerate();
                for (n, said) in lines.chain(imports.into_iter().map(|(n, i)| (n - 1, i))) {
                    if words.iter().any(|w| said.contains(w)) {
                        found.push(format!("{}:{}: {}", path.display(), n + 1, said.trim()));
                    }
                }
            }
        }
    }
    assert!(files > 0, "{} has sources", src.display());
    found
}

fn dependencies(package: &str) -> BTreeSet<String> {
    stdout(cargo().args([
        "tree",
        "--locked",
        "--offline",
        "-p",
        package,
        "-e",
        "normal",
        "--prefix",
        "none",
        "--format",
        "{p}",
    ]))
    .lines()
    .filter_map(|line| line.split_whitespace().next().map(String::from))
    .collect()
}

/// The workspace crates below the rules: the words every layer writes in (`locale`). They are
/// as pure as the rules and stand on no other workspace crate.
const BELOW_THE_RULES: [&str; 1] = ["locale"];

/// No IO, no clock, no environment and no operating-system randomness in any rules crate (the
/// game API and every game) or the crates below them: not in its dependency graph, not in its
/// own sources; and no higher layer (any other workspace crate) below it.
#[test]
fn rules_crates_stay_pure() {
    let crates = workspace_crates();
    let rules: Vec<&str> = crates
        .iter()
        .map(|(n, _)| n.as_str())
        .filter(|n| n.starts_with("game-") || BELOW_THE_RULES.contains(n))
        .collect();
    for (rules_crate, src) in crates.iter().filter(|(n, _)| rules.contains(&n.as_str())) {
        let deps = dependencies(rules_crate);
        assert!(
            deps.contains("serde"),
            "the dependency list was read: {deps:?}"
        );
        let higher = crates.iter().map(|(n, _)| n.as_str()).filter(|n| {
            !rules.contains(n)
                || BELOW_THE_RULES.contains(&rules_crate.as_str()) && n != rules_crate
        });
        for forbidden in FORBIDDEN.into_iter().chain(higher) {
            assert!(
                !deps.contains(forbidden),
                "{rules_crate} depends on {forbidden}: rules crates stay pure"
            );
        }
        let io = sources_saying(src, &IO_IN_SOURCES);
        assert!(io.is_empty(), "{rules_crate} does IO: {io:#?}");
    }
}

/// Every game crate depends on the game API, and on no other crate of the workspace: not on
/// another game, not on a higher layer.
#[test]
fn game_crates_depend_on_the_api_not_on_each_other() {
    let crates = workspace_crates();
    let games = game_crates(&crates);
    assert!(
        games.contains(&"game-breaking-away") && games.contains(&"game-backpacks"),
        "{games:?}"
    );
    for game in &games {
        let deps = dependencies(game);
        assert!(deps.contains("game-api"), "{game} stands on the game API");
        for (other, _) in &crates {
            if other != game && other != "game-api" && !BELOW_THE_RULES.contains(&other.as_str()) {
                assert!(!deps.contains(other), "{game} depends on {other}");
            }
        }
    }
}

/// The store is the floor the server stands on: the database, the clock, the locks and the
/// outbox rows, behind one door. It stands on the rules (`gm`) and on sqlx, and on nothing that
/// speaks HTTP or mail or draws a page, nor on the server: it cannot call up, and it cannot name
/// the server's state. (askama comes in below it, through the games' report templates.)
#[test]
fn the_store_depends_on_no_door_mail_or_server() {
    let deps = dependencies("store");
    assert!(
        deps.contains("gm") && deps.contains("sqlx"),
        "the dependency list was read: {deps:?}"
    );
    for above in [
        "server",
        "mail",
        "axum",
        "hyper",
        "tower",
        "tower-http",
        "lettre",
        "resvg",
        "web-push-native",
    ] {
        assert!(!deps.contains(above), "the store depends on {above}");
    }
    assert!(
        dependencies("server").contains("store"),
        "the server stands on the store"
    );
}

/// gm is the turn lifecycle as pure functions: the caller brings the files or the database,
/// the network and the time. It computes with times (`jiff`, for deadlines in a time zone) but
/// never asks for one.
#[test]
fn the_gm_lifecycle_has_no_io() {
    let deps = dependencies("gm");
    assert!(
        deps.contains("game-breaking-away") && deps.contains("bots"),
        "the dependency list was read: {deps:?}"
    );
    for forbidden in FORBIDDEN.into_iter().filter(|&c| c != "jiff") {
        assert!(!deps.contains(forbidden), "gm depends on {forbidden}");
    }
    let crates = workspace_crates();
    let (_, src) = crates.iter().find(|(n, _)| n == "gm").unwrap();
    let io = sources_saying(src, &IO_IN_SOURCES);
    assert!(io.is_empty(), "gm does IO: {io:#?}");
}

/// The scan of sources finds what it looks for (else the tests above would pass on anything).
#[test]
fn the_source_scan_finds_io() {
    let crates = workspace_crates();
    let (_, postrider) = crates.iter().find(|(n, _)| n == "postrider").unwrap();
    let io = sources_saying(postrider, &IO_IN_SOURCES);
    assert!(
        io.iter()
            .any(|l| l.contains("files.rs") && l.contains("std::fs")),
        "{io:#?}"
    );
    let grouped =
        grouped_std_imports("use std::{\n    collections::BTreeMap,\n    fs::{self, File},\n};");
    let grouped: Vec<&str> = grouped.iter().map(|(_, i)| i.as_str()).collect();
    assert!(
        grouped.iter().any(|i| i.starts_with("std::fs")),
        "{grouped:?}"
    );
}

/// Every file under `dir` (not the build's, git's, or any tests'), as paths from the workspace.
fn plain_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !["target", ".git", "tests", "node_modules"].contains(&name.as_str()) {
                plain_files(root, &path, out);
            }
        } else {
            let relative = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            out.push(relative);
        }
    }
}

/// Issue 32: the third game plugs in by touching only the files ARCHITECTURE.md's "Adding a
/// game" lists — at most eight — and every one it lists for a game for the tests only.
#[test]
fn the_third_game_touches_only_the_files_adding_a_game_lists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().unwrap();
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let section = architecture
        .split("## Adding a game")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("ARCHITECTURE.md has the section");
    // The numbered list's paths (in backticks, with a '/' or a file's extension).
    let list: String = section
        .split("\n\n")
        .filter(|p| p.trim_start().starts_with("1."))
        .collect();
    let listed: BTreeSet<String> = list
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|p| p.contains('/') || p.ends_with(".toml") || p.ends_with(".md"))
        .map(String::from)
        .collect();
    assert!(listed.contains("crates/gm/src/games.rs"), "{listed:?}");

    // The files git tracks (an untracked file of one's own is not the project's); a tree
    // without git is walked.
    let tracked = Command::new("git")
        .args(["ls-files"])
        .current_dir(&root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .map(String::from)
                .collect()
        });
    let files: Vec<String> = match tracked {
        Some(files) => files,
        None => {
            let mut files = Vec::new();
            plain_files(&root, &root, &mut files);
            files
        }
    };
    let files = files
        .into_iter()
        .filter(|f| !f.split('/').any(|part| part == "tests"));
    let touched: BTreeSet<String> = files
        .filter(|f| {
            // The game's own crate and its words (one `.ftl` per language) are not plugging in.
            let own_words =
                f.starts_with("crates/locale/locales/") && f.ends_with("/goofspiel.ftl");
            !(f.starts_with("crates/game-goofspiel/")
                || own_words
                || f.ends_with(".md")
                || f == "Cargo.lock")
        })
        .filter(|f| {
            std::fs::read(root.join(f)).is_ok_and(|bytes| {
                String::from_utf8_lossy(&bytes)
                    .to_lowercase()
                    .contains("goofspiel")
            })
        })
        .collect();
    assert!(touched.len() <= 8, "{touched:?}");
    for file in &touched {
        assert!(
            listed.contains(file),
            "{file} names the third game but is not listed"
        );
    }
    for file in listed
        .iter()
        .filter(|f| !f.contains("NAME") && !f.ends_with(".md"))
    {
        assert!(
            touched.contains(file),
            "{file} is listed but the third game needs no change there"
        );
    }
}

/// The most lines a source file (in `src`, `tests`, `examples` or `benches`) holds: past it, a
/// file holds more than one idea (STYLE.md).
const MOST_LINES: usize = 600;

/// Every `.rs` file under `dir`, with its line count; files marked `@generated` are left out.
fn source_lengths(dir: &Path, out: &mut Vec<(PathBuf, usize)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            source_lengths(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            if !text.lines().take(5).any(|line| line.contains("@generated")) {
                out.push((path, text.lines().count()));
            }
        }
    }
}

#[test]
fn no_source_file_is_over_600_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().unwrap();
    let mut lengths = Vec::new();
    // Tests, examples and benches are source too: a test file holds one subject.
    for (_, src) in workspace_crates() {
        for dir in ["src", "tests", "examples", "benches"] {
            let dir = src.parent().unwrap().join(dir);
            if dir.is_dir() {
                source_lengths(&dir, &mut lengths);
            }
        }
    }
    assert!(lengths.len() > 100, "the sources were read: {lengths:?}");
    let mut over = Vec::new();
    for (path, lines) in &lengths {
        let relative = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        if *lines > MOST_LINES {
            over.push(format!("{relative}: {lines} lines"));
        }
    }
    assert!(
        over.is_empty(),
        "over {MOST_LINES} lines (cut where the ideas part): {over:#?}"
    );
}
