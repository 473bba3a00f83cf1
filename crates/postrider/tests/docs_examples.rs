//! Every command example in the README and in `docs/*.md` runs as shown.
//!
//! The test reads the fenced blocks whose info string is `sh` from `README.md` and then from
//! every `docs/*.md` file (in name order), and runs each line that calls `postrider`, in order,
//! against the binary this crate builds, in one temporary directory (so `new race.json` makes
//! the file the next line uses). Each must exit with status 0.
//!
//! What is not run, by rule (each skipped line is listed when the test runs):
//! - a block marked ```` ```sh no-run ```` (any info string after `sh` that contains `no-run`):
//!   for examples that need something the test cannot give — a file a player sent, a server that
//!   is running, a game id on a server;
//! - lines that do not call `postrider` (`cargo`, `curl`, `../shared/tools/…`, shell variables):
//!   other tests and CI run those;
//! - `postrider serve` (it starts a server that runs until stopped; `tests/serve.rs` runs it);
//! - `postrider tournament` with `--games` above 10 or `--playouts` above 200 (minutes in a debug
//!   build; `tests/tournament_cli.rs` runs small ones).
//!
//! A line is split as a shell would for these examples: words, '…' and "…" quoting, a `#`
//! comment to the end of the line, `VAR=value` prefixes, and `> FILE` / `< FILE` redirections.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The documents, README first, then docs/ in name order.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(workspace().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    docs.insert(0, workspace().join("README.md"));
    docs
}

/// The lines of every ```sh block of a Markdown text, with whether the block is marked no-run.
fn sh_lines(text: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut block: Option<bool> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            block = match block {
                Some(_) => None,
                // Opening a block: a `sh` block runs unless marked no-run; any other language
                // (or none) is never run.
                None => {
                    Some(info.split_whitespace().next() != Some("sh") || info.contains("no-run"))
                }
            };
            continue;
        }
        if let Some(no_run) = block {
            out.push((line.to_string(), no_run));
        }
    }
    out
}

/// One command line: its words (comments dropped, quotes removed) and redirections.
#[derive(Debug, Default, PartialEq)]
struct Line {
    words: Vec<String>,
    stdout: Option<String>,
    stdin: Option<String>,
}

fn split(line: &str) -> Line {
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '#') if !in_word => break,
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    let mut out = Line::default();
    let mut k = 0;
    while k < words.len() {
        match words[k].as_str() {
            ">" if k + 1 < words.len() => {
                out.stdout = Some(words[k + 1].clone());
                k += 2;
            }
            "<" if k + 1 < words.len() => {
                out.stdin = Some(words[k + 1].clone());
                k += 2;
            }
            w => {
                out.words.push(w.to_string());
                k += 1;
            }
        }
    }
    // `RUST_LOG=debug postrider …`: the variable does not change what runs.
    while out
        .words
        .first()
        .is_some_and(|w| w.contains('=') && !w.starts_with('-'))
    {
        out.words.remove(0);
    }
    out
}

/// Why a `postrider` line is not run, or `None` to run it.
fn skip_reason(args: &[String]) -> Option<&'static str> {
    let number_after = |flag: &str| -> Option<u64> {
        args.iter()
            .position(|a| a == flag)
            .and_then(|k| args.get(k + 1))
            .and_then(|n| n.parse().ok())
    };
    match args.first().map(String::as_str) {
        Some("serve") => Some("serve starts a server that runs until stopped"),
        Some("tournament")
            if number_after("--games").is_some_and(|n| n > 10)
                || number_after("--playouts").is_some_and(|n| n > 200) =>
        {
            Some("a tournament with more than 10 games or 200 playouts is long in a debug build")
        }
        _ => None,
    }
}

#[test]
fn every_command_example_in_the_readme_and_docs_runs_as_shown() {
    let dir = tempfile::tempdir().unwrap();
    let mut ran = Vec::new();
    let mut skipped = Vec::new();
    for doc in documents() {
        let name = doc
            .strip_prefix(workspace())
            .unwrap_or(&doc)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&doc).unwrap();
        for (raw, no_run) in sh_lines(&text) {
            let line = split(&raw);
            if line.words.first().map(String::as_str) != Some("postrider") {
                continue;
            }
            let args = &line.words[1..];
            let reason = if no_run {
                Some("in a block marked no-run")
            } else {
                skip_reason(args)
            };
            if let Some(reason) = reason {
                skipped.push(format!("{name}: {} ({reason})", raw.trim()));
                continue;
            }
            let mut command = Command::new(env!("CARGO_BIN_EXE_postrider"));
            command.args(args).current_dir(dir.path());
            command.stdin(match &line.stdin {
                Some(file) => Stdio::from(std::fs::File::open(dir.path().join(file)).unwrap()),
                None => Stdio::null(),
            });
            let out = command.output().expect("postrider runs");
            assert!(
                out.status.success(),
                "{name}: `{}` failed ({}): {}",
                raw.trim(),
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
            if let Some(file) = &line.stdout {
                std::fs::write(dir.path().join(file), &out.stdout).unwrap();
            }
            ran.push(format!("{name}: {}", raw.trim()));
        }
    }
    eprintln!("ran {} examples:\n  {}", ran.len(), ran.join("\n  "));
    eprintln!(
        "skipped {} by rule:\n  {}",
        skipped.len(),
        skipped.join("\n  ")
    );
    // The README alone has more than a dozen: finding none would mean the reader broke.
    assert!(ran.len() >= 12, "only {} examples ran", ran.len());
    assert!(
        ran.iter().any(|l| l.contains("new backpacks")),
        "the Backpacks example runs"
    );
}

#[test]
fn the_reader_splits_lines_as_the_shell_does() {
    let line = split(r#"postrider orders day.json --walker ann "1: rest; 2: rest" # a comment"#);
    assert_eq!(
        line.words,
        [
            "postrider",
            "orders",
            "day.json",
            "--walker",
            "ann",
            "1: rest; 2: rest"
        ]
    );
    let line = split("postrider map show > keswick.svg   # the map");
    assert_eq!(line.words, ["postrider", "map", "show"]);
    assert_eq!(line.stdout.as_deref(), Some("keswick.svg"));
    let line = split("RUST_LOG=debug postrider serve   # more logging");
    assert_eq!(line.words, ["postrider", "serve"]);
    let line = split("postrider orders race.json --team red - < email.txt");
    assert_eq!(line.stdin.as_deref(), Some("email.txt"));
    assert_eq!(
        sh_lines(
            "```sh\npostrider a\n```\n```sh no-run\npostrider b\n```\n```json\npostrider c\n```\n"
        ),
        [
            ("postrider a".to_string(), false),
            ("postrider b".to_string(), true),
            ("postrider c".to_string(), true)
        ]
    );
}
