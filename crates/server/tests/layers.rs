//! The server's files stand in layers: no file imports one that imports it back, however long
//! the way round (a circle), and none imports one above it (its parent module, or `lib.rs`,
//! which declares every module). An import is a path a file names in code: `crate::a::b`,
//! `super::x`, an item of `lib.rs` (`crate::AppState`), or a child module it declares. Inline
//! modules (a file's `mod tests { … }`, an askama filters module) are left out: their `super::`
//! is the file itself. The crates around the server are kept apart by Cargo; inside it, this
//! is the check.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A file's module path (`["pages", "game"]` for `pages/game/mod.rs`; `[]` for `lib.rs`).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .strip_prefix(src)
        .unwrap()
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The code a file's imports are read from: no comments, no inline module's body.
fn top_level_code(text: &str) -> String {
    let mut code = Vec::new();
    let mut inline = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if inline {
            inline = line != "}";
            continue;
        }
        let opens_inline = (line.starts_with("mod ") || line.starts_with("pub mod "))
            && line.trim_end().ends_with('{');
        if opens_inline {
            inline = true;
        } else if !trimmed.starts_with("//") && !trimmed.starts_with("#[") {
            code.push(line);
        }
    }
    code.join("\n")
}

/// The words of a path written at `at` in `code` (`a::b::C`), each an identifier.
fn path_at(code: &str, at: usize) -> Vec<String> {
    let rest = &code[at..];
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(rest.len());
    rest[..end]
        .split("::")
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// The modules each file imports, as files.
fn imports(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let files = crate::architecture::sources(src);
    let by_module: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .map(|f| (module_of(src, f), f.clone()))
        .collect();
    // The file of the longest module that starts `path`.
    // (A path no module starts is an item of `lib.rs`, the top: `crate::AppState`.)
    let file_of = |path: &[String]| -> Option<&PathBuf> {
        (0..=path.len())
            .rev()
            .find_map(|n| by_module.get(&path[..n]))
    };
    let mut graph = BTreeMap::new();
    for file in &files {
        let me = module_of(src, file);
        let code = top_level_code(&std::fs::read_to_string(file).unwrap());
        let children: BTreeSet<String> = code
            .lines()
            .filter_map(|l| {
                let l = l.trim_start().trim_start_matches("pub ");
                l.strip_prefix("mod ")?.strip_suffix(';').map(String::from)
            })
            .collect();
        let mut named = Vec::new();
        // `crate::{a, b::c}` and `super::{x, y}` groups: each name with its prefix.
        for (prefix, base) in [
            ("crate::", Vec::new()),
            ("super::", me[..me.len().saturating_sub(1)].to_vec()),
        ] {
            for (at, _) in code.match_indices(prefix) {
                let after = at + prefix.len();
                if code[after..].starts_with('{') {
                    let group = &code[after + 1..];
                    let end = group.find('}').unwrap_or(group.len());
                    for name in group[..end].split(',') {
                        let mut path = base.clone();
                        path.extend(name.trim().split("::").map(|w| w.trim().to_string()));
                        named.push(path);
                    }
                } else {
                    let mut path = base.clone();
                    path.extend(path_at(&code, after));
                    named.push(path);
                }
            }
        }
        for child in &children {
            // Declaring a module is using it, so a module never imports its parent, the one
            // above it (a file's unit tests, `mod tests;`, are the file's own and may).
            if child != "tests" {
                let mut path = me.clone();
                path.push(child.clone());
                named.push(path);
            }
            for (at, _) in code.match_indices(&format!("{child}::")) {
                let before = code[..at].chars().next_back();
                if before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':')) {
                    let mut path = me.clone();
                    path.push(child.clone());
                    named.push(path);
                }
            }
        }
        let targets: BTreeSet<PathBuf> = named
            .iter()
            .filter_map(|path| file_of(path))
            .filter(|target| *target != file)
            .cloned()
            .collect();
        graph.insert(file.clone(), targets);
    }
    graph
}

/// A circle through `start`, if there is one: the files on the way round.
fn circle_through(
    graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
    start: &PathBuf,
) -> Option<Vec<PathBuf>> {
    let mut came_from: BTreeMap<&PathBuf, &PathBuf> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for next in &graph[at] {
            if next == start {
                let mut way = vec![at.clone()];
                let mut back = at;
                while back != start {
                    back = came_from[back];
                    way.push(back.clone());
                }
                way.reverse();
                return Some(way);
            }
            if !came_from.contains_key(next) && graph.contains_key(next) {
                came_from.insert(next, at);
                queue.push_back(next);
            }
        }
    }
    None
}

#[test]
fn no_server_files_import_each_other_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = imports(&src);
    assert!(
        graph[&src.join("lib.rs")].contains(&src.join("change.rs")),
        "the imports were read: {:?}",
        graph[&src.join("lib.rs")]
    );
    let mut circles = BTreeSet::new();
    for file in graph.keys() {
        if let Some(way) = circle_through(&graph, file) {
            let mut names: Vec<String> = way
                .iter()
                .map(|f| f.strip_prefix(&src).unwrap().display().to_string())
                .collect();
            // One line a circle, whichever file it was found from.
            let first = names.iter().enumerate().min_by_key(|(_, n)| *n).unwrap().0;
            names.rotate_left(first);
            circles.insert(names.join(" -> "));
        }
    }
    assert!(
        circles.is_empty(),
        "files import each other in a circle:\n{}",
        circles.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The reading finds a circle made of each kind of import (a child naming its parent, an item
/// of `lib.rs`), and none where an inline module's `super::` names its own file.
#[test]
fn a_circle_is_found_through_paths_groups_and_child_modules() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir(src.join("door")).unwrap();
    for (file, text) in [
        (
            "lib.rs",
            "mod bell;\nmod door;\nmod words;\npub fn ring() {}\n",
        ),
        (
            "door/mod.rs",
            "mod knock;\nuse crate::{words::Hello};\nfn g() { knock::twice(); }\n",
        ),
        ("door/knock.rs", "fn h() { super::open(); }\n"),
        ("words.rs", "pub mod filters {\n    use super::x;\n}\n"),
        ("bell.rs", "fn b() { crate::ring(); }\n"),
    ] {
        std::fs::write(src.join(file), text).unwrap();
    }
    let graph = imports(src);
    let way = circle_through(&graph, &src.join("door/knock.rs")).expect("door and knock");
    assert_eq!(way, [src.join("door/knock.rs"), src.join("door/mod.rs")]);
    assert!(graph[&src.join("door/mod.rs")].contains(&src.join("words.rs")));
    assert!(circle_through(&graph, &src.join("words.rs")).is_none());
    let way = circle_through(&graph, &src.join("bell.rs")).expect("bell and lib");
    assert_eq!(way, [src.join("bell.rs"), src.join("lib.rs")]);
}
