#!/usr/bin/env bash
# CI: the Debian package as an operator gets it. Builds it from target/release/postrider
# (cargo-deb), installs it, runs the service's own ExecStart as the `postrider` user the package
# made, waits for /readyz through `postrider healthcheck`, stops it with SIGTERM (a clean exit),
# and checks the units with `systemd-analyze verify`. Needs root; the release binary is built.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v cargo-deb > /dev/null || cargo install cargo-deb --locked --version "^3.8" --quiet
cargo deb -p postrider --no-build --no-strip --output target/debian/postrider.deb > /dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ./target/debian/postrider.deb > /dev/null

unit=/lib/systemd/system/postrider.service
[ -f "$unit" ] || unit=/usr/lib/systemd/system/postrider.service
id postrider > /dev/null
[ "$(stat -c %U /var/lib/postrider)" = postrider ]
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
echo "package: $(dpkg-query -W postrider); running the unit's ExecStart as postrider: $exec_start"
set -a
# shellcheck disable=SC1091
[ -r /etc/postrider/postrider.env ] && . /etc/postrider/postrider.env
set +a
# shellcheck disable=SC2086
runuser -u postrider -- $exec_start --listen 127.0.0.1:18080 > /tmp/postrider-package.log 2>&1 &
pid=$!
for _ in $(seq 1 120); do
    if /usr/bin/postrider healthcheck http://127.0.0.1:18080 > /dev/null 2>&1; then break; fi
    sleep 0.5
done
/usr/bin/postrider healthcheck http://127.0.0.1:18080
kill -TERM "$pid"
wait "$pid"
grep -q "postrider has stopped" /tmp/postrider-package.log
[ "$(stat -c %U /var/lib/postrider/postrider.db)" = postrider ]

systemd-analyze verify "$unit" "$(dirname "$unit")/postrider-backup.service" "$(dirname "$unit")/postrider-backup.timer"
echo "package: installed, served as postrider, ready, stopped cleanly; units verified"
