#!/usr/bin/env bash
# The outbox against a real relay (issue 54): Postfix's smtp-sink on a loopback port takes
#   1. smtp-source's mails, 8 sessions, each mail a copy of a real report mail (HTML and
#      picture, as the outbox writes it: mail_load writes one to a file first);
#   2. the outbox's report mails (mail_load --relay: SEATS seats in races of four, every
#      deadline at once, one worker sending).
# Prints mail_load's lines, then last
#   outbox N mails/s, smtp-source M mails/s, ratio R
# Needs postfix's smtp-sink and smtp-source (Debian's postfix package; /usr/sbin).
#
#   scripts/mail-speed.sh [SEATS]        (default 1000; MAILS=2000 smtp-source's mails)
set -euo pipefail
cd "$(dirname "$0")/.."
SEATS=${1:-1000}
MAILS=${MAILS:-2000}
SINK=${SMTP_SINK:-/usr/sbin/smtp-sink}
SOURCE=${SMTP_SOURCE:-/usr/sbin/smtp-source}
for tool in "$SINK" "$SOURCE"; do
    [ -x "$tool" ] || { echo "mail-speed.sh: $tool not found (apt-get install postfix)" >&2; exit 2; }
done

cargo build --release -q -p server --example mail_load
TARGET=${CARGO_TARGET_DIR:-target}

WORK=$(mktemp -d)
# A copy of our own: a target directory shared with other checkouts may be rebuilt meanwhile.
cp "$TARGET/release/examples/mail_load" "$WORK/mail_load"
LOAD=$WORK/mail_load
SINK_PID=
cleanup() {
    [ -n "$SINK_PID" ] && kill "$SINK_PID" 2> /dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

# A free loopback port: the kernel's pick for a socket bound to port 0.
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# smtp-sink refuses to run as root without a user to run as.
AS_USER=()
[ "$(id -u)" = 0 ] && AS_USER=(-u nobody)
"$SINK" "${AS_USER[@]}" 127.0.0.1:"$PORT" 1000 > /dev/null 2> "$WORK/sink.log" &
SINK_PID=$!
for _ in $(seq 50); do
    (exec 3<> /dev/tcp/127.0.0.1/"$PORT") 2> /dev/null && break
    kill -0 "$SINK_PID" 2> /dev/null || { cat "$WORK/sink.log" >&2; exit 1; }
    sleep 0.1
done

# A real report mail, as the outbox sends it.
"$LOAD" --seats 4 --report-sample "$WORK/report.eml" > /dev/null
SIZE=$(wc -c < "$WORK/report.eml")

# smtp-source: 8 sessions, MAILS copies of the report mail, a connection per mail.
start=$(date +%s.%N)
"$SOURCE" -s 8 -m "$MAILS" -F "$WORK/report.eml" -f gm@club.example -t p1@example.net 127.0.0.1:"$PORT"
end=$(date +%s.%N)
SOURCE_RATE=$(python3 -c "print(round($MAILS / ($end - $start)))")
echo "smtp-source: $MAILS mails of $SIZE bytes in $(python3 -c "print(round($end - $start, 2))") s = $SOURCE_RATE mails/s"

# The outbox: report mails to the same sink.
"$LOAD" --seats "$SEATS" --relay smtp://127.0.0.1:"$PORT" | tee "$WORK/load.txt"
OUTBOX_RATE=$(sed -n 's/^deadline to last report.* = \([0-9]*\) mails\/s)$/\1/p' "$WORK/load.txt")
[ -n "$OUTBOX_RATE" ] || { echo "mail-speed.sh: no report rate in mail_load's output" >&2; exit 1; }

echo "outbox $OUTBOX_RATE mails/s, smtp-source $SOURCE_RATE mails/s, ratio $(python3 -c "print(f'{$OUTBOX_RATE / $SOURCE_RATE:.2f}')")"
