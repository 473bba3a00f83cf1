//! The release `--version` names: the workspace version, and the git commit when the binary is
//! built from a git checkout (a source archive or a crates.io build has none and says so by
//! naming none).

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let release = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(commit) => format!("{version} (git {commit})"),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=POSTRIDER_RELEASE={release}");
    // Built again when HEAD moves: a commit, a checkout or a merge writes the worktree's own
    // HEAD log (and HEAD itself on a checkout).
    if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        let dir = PathBuf::from(dir);
        for file in [dir.join("HEAD"), dir.join("logs").join("HEAD")] {
            if file.exists() {
                println!("cargo:rerun-if-changed={}", file.display());
            }
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
