//! Architecture invariants: the rules crates have no IO, no clock and no operating-system
//! randomness in their dependency graph.
//!
//! The graph comes from `cargo tree -p CRATE -e normal` rather than the raw `cargo metadata`
//! resolve: metadata unifies features across the whole workspace, dev-dependencies included
//! (proptest turns on `rand`'s `getrandom`), while `cargo tree -p` resolves one package the way
//! it is actually built.

use std::collections::BTreeSet;
use std::process::Command;

/// Crates a rules crate must never depend on, directly or not.
const FORBIDDEN: [&str; 11] = [
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
    "std-env",
];
const RULES_CRATES: [&str; 3] = ["game-api", "game-breaking-away", "game-backpacks"];
const HIGHER_LAYERS: [&str; 4] = ["bots", "gm", "server", "postrider"];

fn dependencies(package: &str) -> BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args([
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
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_whitespace().next().map(String::from))
        .collect()
}

#[test]
fn rules_crates_stay_pure() {
    for rules_crate in RULES_CRATES {
        let deps = dependencies(rules_crate);
        assert!(
            deps.contains("serde"),
            "the dependency list was read: {deps:?}"
        );
        for forbidden in FORBIDDEN.iter().chain(&HIGHER_LAYERS) {
            assert!(
                !deps.contains(*forbidden),
                "{rules_crate} depends on {forbidden}: rules crates stay pure"
            );
        }
    }
}

#[test]
fn game_crates_depend_on_the_api_not_on_each_other() {
    let deps = dependencies("game-breaking-away");
    assert!(deps.contains("game-api"));
    assert!(
        !deps
            .iter()
            .any(|d| d.starts_with("game-") && d != "game-api" && d != "game-breaking-away")
    );
}

#[test]
fn the_gm_lifecycle_has_no_io_and_the_server_is_its_only_user_of_it() {
    // gm is the turn lifecycle as pure functions: the server brings the database, the
    // network and the clock.
    let deps = dependencies("gm");
    assert!(
        deps.contains("game-breaking-away") && deps.contains("bots"),
        "{deps:?}"
    );
    for forbidden in [
        "tokio",
        "sqlx",
        "axum",
        "hyper",
        "getrandom",
        "server",
        "postrider",
    ] {
        assert!(!deps.contains(forbidden), "gm depends on {forbidden}");
    }
    let server = dependencies("server");
    assert!(
        server.contains("gm") && server.contains("sqlx"),
        "{server:?}"
    );
    assert!(!server.contains("postrider"));
}
