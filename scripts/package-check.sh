#!/usr/bin/env bash
# CI: the Debian package as an operator gets it, on a machine (or container) without systemd
# running. Installs the .deb given (scripts/release.sh's) with `apt install ./FILE`, its
# dependencies resolved by apt, or without one packs the release binary already built
# (cargo-deb, --no-build) and installs that; checks the user and data
# directory the package made, runs `systemd-analyze verify` on its units, starts the service's
# own ExecStart (with its EnvironmentFile) as the `postrider` user in the background, waits for
# /readyz through `postrider healthcheck`, hands `mail-in` a message as postrider (the MTA's
# pipe), and stops the server with SIGTERM (a clean exit). Needs root.
# Usage: scripts/package-check.sh [DEB]   (after cargo build --release --locked -p postrider)
set -euo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
port=${POSTRIDER_PACKAGE_PORT:-18080}
log=$(mktemp /tmp/postrider-package.XXXXXX.log)

fail() {
    echo "package-check.sh: $*" >&2
    exit 1
}
[ "$(id -u)" = 0 ] || { echo "package-check.sh: needs root (it installs the package)" >&2; exit 2; }
[ -x "$target/release/postrider" ] || {
    echo "package-check.sh: $target/release/postrider: build it first (cargo build --release --locked -p postrider)" >&2
    exit 2
}

command -v cargo-deb > /dev/null || cargo install cargo-deb --locked --version "^3.8" --quiet
# systemd-analyze comes with Debian's systemd package; installed, it does not need to run.
command -v systemd-analyze > /dev/null || {
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends systemd > /dev/null
}

deb=${1:-}
if [ -z "$deb" ]; then
    deb="$target/debian/postrider.deb"
    cargo deb -p postrider --no-build --fast --output "$deb" > /dev/null
fi
deb=$(realpath "$deb")
# As an operator installs it: apt resolves the fonts it depends on. --reinstall: a machine that
# already has this version (an earlier check, an earlier commit) would otherwise keep its binary.
if ! DEBIAN_FRONTEND=noninteractive apt-get install --reinstall -y -qq "$deb" > /dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install --reinstall -y -qq "$deb" > /dev/null
fi
echo "package: $(dpkg-query -W postrider) installed; /usr/bin/postrider --version: $(/usr/bin/postrider --version)"
[ "$(/usr/bin/postrider --version)" = "$("$target/release/postrider" --version)" ] ||
    fail "/usr/bin/postrider is not the binary just built"

units=$(dirname "$(dpkg -L postrider | grep '/postrider.service$' | head -n 1)")
unit=$units/postrider.service
[ -f "$unit" ] || fail "the package installed no postrider.service"
id postrider > /dev/null || fail "the package made no postrider user"
[ "$(stat -c '%U %a' /var/lib/postrider)" = "postrider 750" ] ||
    fail "/var/lib/postrider is $(stat -c '%U %a' /var/lib/postrider), not postrider's with mode 750"
[ "$(stat -c '%U:%G %a' /etc/postrider/postrider.env)" = "root:postrider 640" ] ||
    fail "/etc/postrider/postrider.env is $(stat -c '%U:%G %a' /etc/postrider/postrider.env)"

systemd-analyze verify "$unit" "$units/postrider-backup.service" "$units/postrider-backup.timer"
echo "package: systemd-analyze verify: $unit and the backup service and timer are sound"

exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
echo "package: running the unit's ExecStart as postrider: $exec_start --listen 127.0.0.1:$port"
set -a
# shellcheck disable=SC1091
. /etc/postrider/postrider.env
set +a
# setpriv execs the command as postrider (runuser would stay its parent and die by the signal).
# shellcheck disable=SC2086
setpriv --reuid postrider --regid postrider --init-groups -- $exec_start --listen "127.0.0.1:$port" > "$log" 2>&1 &
pid=$!
trap 'kill -TERM "$pid" 2> /dev/null || true' EXIT
for _ in $(seq 1 120); do
    if /usr/bin/postrider healthcheck "http://127.0.0.1:$port" > /dev/null 2>&1; then break; fi
    kill -0 "$pid" 2> /dev/null || { cat "$log" >&2; fail "the service's command exited"; }
    sleep 0.5
done
/usr/bin/postrider healthcheck "http://127.0.0.1:$port" || { cat "$log" >&2; fail "/readyz never answered ready"; }
if grep -q "is not writable" "$log"; then
    cat "$log" >&2
    fail "serve warned that the database is not writable"
fi

# The MTA's pipe as the package's user: a message for no seat is stored and dropped, exit 0.
printf 'From: someone@players.example\r\nTo: orders+nobody@orders.club.example\r\nSubject: hello\r\nMessage-ID: <package-check@players.example>\r\n\r\nhello\r\n' |
    runuser -u postrider -- /usr/bin/postrider mail-in --data /var/lib/postrider \
        --recipient orders+nobody@orders.club.example 2>> "$log" ||
    { cat "$log" >&2; fail "mail-in as postrider did not handle a message"; }

kill -TERM "$pid"
wait "$pid" || { cat "$log" >&2; fail "serve did not exit 0 on SIGTERM"; }
trap - EXIT
grep -q "postrider has stopped" "$log" || { cat "$log" >&2; fail "serve did not log its stop"; }
[ "$(stat -c %U /var/lib/postrider/postrider.db)" = postrider ] || fail "the database is not postrider's"
echo "package: installed, served as postrider from the unit's ExecStart, ready, mail piped in, stopped cleanly"
