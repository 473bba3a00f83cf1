//! One name for each thing: no Japanese message or template uses a name `GLOSSARY.md` retired.

use std::path::{Path, PathBuf};

/// One row of the glossary's table: the names kept and the ones retired for a concept.
#[derive(Debug)]
struct Term {
    concept: String,
    kept: Vec<String>,
    retired: Vec<String>,
}

/// A retired name found in a text.
#[derive(Debug, PartialEq)]
struct Use {
    line: usize,
    retired: String,
    concept: String,
}

/// The words in backticks in a cell of the table.
fn quoted(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The glossary's table: its columns found by their headings, one term per row.
fn terms(markdown: &str) -> Vec<Term> {
    let mut rows = markdown.lines().filter(|l| l.starts_with('|')).map(|l| {
        l.trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect::<Vec<_>>()
    });
    let heading = rows.next().expect("GLOSSARY.md has a table");
    let column = |name: &str| {
        heading
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("GLOSSARY.md: no column {name}"))
    };
    let (concept, kept, retired) = (column("Concept"), column("Japanese"), column("Retired"));
    rows.filter(|cells| !cells[0].starts_with("---"))
        .map(|cells| Term {
            concept: cells[concept].to_owned(),
            kept: quoted(cells[kept]),
            retired: quoted(cells[retired]),
        })
        .collect()
}

/// Every retired name in `text`, except where it is part of a name its own row keeps
/// (`目標地` inside `目標地点`).
fn retired_uses(terms: &[Term], text: &str) -> Vec<Use> {
    let mut uses = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for term in terms {
            // The stretches of the line that are names this row keeps.
            let kept: Vec<(usize, usize)> = term
                .kept
                .iter()
                .flat_map(|k| {
                    line.match_indices(k.as_str())
                        .map(|(at, k)| (at, at + k.len()))
                })
                .collect();
            for retired in &term.retired {
                for (at, r) in line.match_indices(retired.as_str()) {
                    let inside_kept = kept.iter().any(|&(s, e)| s <= at && at + r.len() <= e);
                    if !inside_kept {
                        uses.push(Use {
                            line: i + 1,
                            retired: retired.clone(),
                            concept: term.concept.clone(),
                        });
                    }
                }
            }
        }
    }
    uses
}

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn glossary() -> Vec<Term> {
    terms(&std::fs::read_to_string(crate_dir().join("GLOSSARY.md")).unwrap())
}

/// The Japanese messages and the Japanese templates (`*.ja.html`).
fn japanese_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.to_string_lossy().ends_with(".ja.html") {
                out.push(path);
            }
        }
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(crate_dir().join("locales/ja"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    walk(&crate_dir().join("../server/templates"), &mut files);
    files.sort();
    files
}

#[test]
fn the_glossary_reads_as_a_table_of_kept_and_retired_names() {
    let terms = glossary();
    assert!(terms.len() >= 30, "{terms:#?}");
    let walker = terms.iter().find(|t| t.concept == "walker").unwrap();
    assert_eq!(walker.kept, ["ハイカー"]);
    assert_eq!(walker.retired, ["ウォーカー"]);
    assert!(terms.iter().all(|t| !t.kept.is_empty()), "{terms:#?}");
}

/// A name one concept keeps never contains a name another concept retired: the table cannot
/// ask for a word and forbid it at once.
#[test]
fn no_kept_name_is_retired_by_another_concept() {
    let terms = glossary();
    for a in &terms {
        for b in terms.iter().filter(|b| b.concept != a.concept) {
            for kept in &a.kept {
                for retired in &b.retired {
                    assert!(
                        !kept.contains(retired.as_str()),
                        "{:?} keeps {kept}, which contains {retired}, retired by {:?}",
                        a.concept,
                        b.concept
                    );
                }
            }
        }
    }
}

/// The checker finds a retired name planted in a message, and leaves the kept name (and a
/// retired word inside it) alone.
#[test]
fn a_planted_retired_name_is_found() {
    let terms = glossary();
    let planted = "game-noun-walker = ハイカー\n\
                   bb-form-targets = 目標地点：\n\
                   bb-orders-name-one-walker = ウォーカーを1人書いてください\n\
                   bb-form-a-target = {\" · \"}目標地\n";
    assert_eq!(
        retired_uses(&terms, planted),
        [
            Use {
                line: 3,
                retired: "ウォーカー".into(),
                concept: "walker".into()
            },
            Use {
                line: 4,
                retired: "目標地".into(),
                concept: "target".into()
            },
        ]
    );
    // A duration keeps its 1日; the noun of a Backpacks game does not.
    assert!(retired_uses(&terms, "remind-within = { $within ->\n   *[day] 1日\n}").is_empty());
    assert_eq!(retired_uses(&terms, "game-noun-day = 1日").len(), 1);
    assert_eq!(retired_uses(&terms, "turn-name = {$noun}{$n}").len(), 1);
}

#[test]
fn no_japanese_message_or_template_uses_a_retired_name() {
    let terms = glossary();
    let files = japanese_files();
    assert!(files.len() > 12, "{files:?}");
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for u in retired_uses(&terms, &text) {
            found.push(format!(
                "{}:{}: {} (retired for {:?})",
                file.display(),
                u.line,
                u.retired,
                u.concept
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
