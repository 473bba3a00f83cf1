#!/usr/bin/env bash
# A release a GM installs, into one folder (default dist/VERSION): the stripped binary, the
# Debian package with it, a .tar.gz (the binary, the systemd units, the env file, the docs and
# the install script for a machine without the package), and SHA256SUMS over all three.
# Builds from a clean checkout (it refuses uncommitted changes, so that what is released is a
# commit), with --locked (the versions the tests ran). Needs cargo-deb (installed if missing).
# Usage: scripts/release.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}

if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "release.sh: the checkout has uncommitted changes; commit or stash them first" >&2
    exit 2
fi
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$version" ] || { echo "release.sh: no version in Cargo.toml's [workspace.package]" >&2; exit 2; }
grep -q "^## $version" CHANGELOG.md || {
    echo "release.sh: CHANGELOG.md has no '## $version' section" >&2
    exit 2
}
out=${1:-dist/$version}
arch=$(dpkg --print-architecture 2> /dev/null || uname -m)

command -v cargo-deb > /dev/null || cargo install cargo-deb --locked --version "^3.8" --quiet
cargo build --release --locked -p postrider
rm -rf "$out"
mkdir -p "$out"

# The binary without its line tables: a backtrace names functions still (the symbols stay).
strip --strip-debug -o "$out/postrider" "$target/release/postrider"
"$out/postrider" --version > /dev/null

# The package, from the same build (cargo-deb strips its copy the same way).
cargo deb -p postrider --no-build --output "$out/postrider_${version}_${arch}.deb" > /dev/null

# The tarball: everything to run it by hand or under systemd without the package.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/postrider-$version"
mkdir -p "$root/systemd" "$root/doc"
cp "$out/postrider" "$root/"
cp packaging/postrider.service packaging/postrider-backup.service packaging/postrider-backup.timer "$root/systemd/"
cp packaging/postrider.env "$root/"
cp scripts/install-from-source.sh "$root/install.sh"
cp README.md CHANGELOG.md "$root/doc/"
cp docs/operations.md docs/mail.md docs/server.md "$root/doc/"
tar -C "$stage" --owner=0 --group=0 -czf "$out/postrider-${version}-linux-${arch}.tar.gz" "postrider-$version"

(cd "$out" && sha256sum postrider "postrider_${version}_${arch}.deb" "postrider-${version}-linux-${arch}.tar.gz" > SHA256SUMS)
echo "release $version in $out:"
ls -l "$out" | tail -n +2
