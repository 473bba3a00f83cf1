#!/bin/sh
# What the Debian package does, for a postrider installed without it (`cargo install`, or the
# release tarball): the `postrider` system user, its data directory /var/lib/postrider (0750),
# the settings file /etc/postrider/postrider.env (root:postrider 0640, kept if it exists), and
# the systemd units pointing at BINARY, enabled and started when systemd runs. Needs root.
# Usage: install-from-source.sh [BINARY]   (default: /usr/local/bin/postrider)
# Run from the release tarball's folder or from a checkout (it finds the units and env file).
set -eu
binary=${1:-/usr/local/bin/postrider}
here=$(cd "$(dirname "$0")" && pwd)
if [ -d "$here/systemd" ]; then
    units=$here/systemd env=$here/postrider.env # the release tarball
else
    units=$here/../packaging env=$here/../packaging/postrider.env # a checkout
fi
[ "$(id -u)" = 0 ] || { echo "install-from-source.sh: needs root" >&2; exit 2; }
[ -x "$binary" ] || { echo "install-from-source.sh: $binary: no such program (cargo install --locked --path crates/postrider --root /usr/local)" >&2; exit 2; }

if ! getent passwd postrider > /dev/null; then
    if command -v adduser > /dev/null; then
        adduser --system --group --home /var/lib/postrider --no-create-home \
            --shell /usr/sbin/nologin --gecos "postrider play-by-mail game master" postrider
    else
        useradd --system --user-group --home-dir /var/lib/postrider --no-create-home \
            --shell /usr/sbin/nologin --comment "postrider play-by-mail game master" postrider
    fi
fi
install -d -o postrider -g postrider -m 0750 /var/lib/postrider
install -d -m 0755 /etc/postrider
[ -e /etc/postrider/postrider.env ] || install -m 0640 "$env" /etc/postrider/postrider.env
chown root:postrider /etc/postrider/postrider.env
chmod 0640 /etc/postrider/postrider.env

for unit in postrider.service postrider-backup.service postrider-backup.timer; do
    sed "s#/usr/bin/postrider#$binary#g" "$units/$unit" > "/etc/systemd/system/$unit"
    chmod 0644 "/etc/systemd/system/$unit"
done
if [ -d /run/systemd/system ]; then
    systemctl daemon-reload
    systemctl enable --now postrider.service postrider-backup.timer
    echo "postrider: installed and started (systemctl status postrider)"
else
    echo "postrider: installed; systemd is not running here, so nothing was started"
fi
