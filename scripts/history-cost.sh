#!/usr/bin/env bash
# The cost of anonymous reads of a game of N events (default 1,000,000), for
# docs/performance.md (issue 28). This release seals at most 20 amendments per seat and turn, so
# such a game can only come from an earlier release, which let players amend without limit: the
# script makes two (a race whose red team sealed its turn-1 orders N times, still running; and a
# finished day whose first walker sealed its round-1 orders N times), puts them on a fresh
# SQLite server with `import`, then writes the amendments into the events table as the earlier
# release stored them (`import` itself refuses files over 16 MiB). Then, on a fresh server, it
# times each read: the history API and page (first page, a late turn), the game page and the
# finished day's public record, and other requests while a first read replays a long log; each request's seconds, bytes and status, and the server's peak
# resident memory (VmHWM) after each.
#
#   cargo build --release -p postrider
#   scripts/history-cost.sh target/release/postrider [N]
set -euo pipefail
bin=$(realpath "$1") n=${2:-1000000}
dir=$(mktemp -d) port=$((20000 + RANDOM % 20000))
trap '[ -n "${KEEP:-}" ] || rm -rf "$dir"' EXIT
cd "$dir"
"$bin" new breaking-away race.json --teams red,blue --seed 1 >/dev/null
"$bin" lineup race.json --team red A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4 >/dev/null
"$bin" orders race.json --team red A 6 B 9 C 8 D 7 >/dev/null
"$bin" new backpacks day.json --teams ann,bob --seed 1 >/dev/null
"$bin" orders day.json --walker ann --bot heuristic >/dev/null
"$bin" orders day.json --walker bob --bot random >/dev/null
for _ in $(seq 1 40); do "$bin" resolve day.json >/dev/null 2>&1 || break; done
db="$dir/db.sqlite"
serve() { "$bin" serve --database "sqlite://$db?mode=rwc" --listen "127.0.0.1:$port" >>serve.log 2>&1 & pid=$!; \
  until curl -s -o /dev/null "http://127.0.0.1:$port/api/games"; do sleep 0.2; done; }
serve
curl -s -o /dev/null -H 'content-type: application/json' \
  -d '{"name":"gm","password":"correct horse battery"}' "http://127.0.0.1:$port/api/players"
kill "$pid"; wait "$pid" || true
"$bin" import race.json --database "sqlite://$db" --gm gm >/dev/null
"$bin" import day.json --database "sqlite://$db" --gm gm >/dev/null
/usr/bin/time -f "amendments written: %e s" python3 - "$db" "$n" <<'EOF'
import sqlite3, sys
db, n = sys.argv[1], int(sys.argv[2])
c = sqlite3.connect(db)
for game in (1, 2):
    rows = c.execute("SELECT seq, at, actor, body FROM events WHERE game_id = ? ORDER BY seq",
                     (game,)).fetchall()
    # The first sealed orders, repeated where they stand until the game holds n events.
    k = next(i for i, r in enumerate(rows) if r[3].startswith('{"kind":"orders"'))
    copies = n - len(rows)
    log = rows[:k + 1] + [rows[k]] * copies + rows[k + 1:]
    c.execute("DELETE FROM events WHERE game_id = ?", (game,))
    c.executemany("INSERT INTO events (game_id, seq, at, actor, body) VALUES (?, ?, ?, ?, ?)",
                  ((game, s + 1, r[1], r[2], r[3]) for s, r in enumerate(log)))
    # A game's version is its last entry's seq: what its record is replayed up to.
    c.execute("UPDATE games SET version = ? WHERE id = ?", (len(log), game))
c.commit()
print("events:", c.execute("SELECT game_id, count(*) FROM events GROUP BY game_id").fetchall())
EOF
echo "database: $(du -h "$db" | cut -f1)"
serve
hwm() { grep VmHWM "/proc/$pid/status" | awk '{print $2 " KB"}'; }
echo "server peak at start: $(hwm)"
get() {
  curl -s -o body -w "$1: %{time_total} s, %{size_download} bytes, status %{http_code}" \
    "http://127.0.0.1:$port$1"
  echo "; server peak $(hwm)"
}
# While the day's first read replays its log, other requests: the list, the front page, health.
get /api/games/2/history > first.txt &
first=$!
sleep 1
for k in $(seq 1 10); do
  for path in /api/games / /healthz; do
    curl -s -o /dev/null -w "%{time_total} %{http_code} $path\n" "http://127.0.0.1:$port$path"
  done
done > during.txt
wait "$first"
echo "during the day's first read: $(sort -n during.txt | awk '{t[NR]=$1; s[$2]++} END {printf "%d requests, median %.3f s, slowest %.3f s, statuses:", NR, t[int((NR+1)/2)], t[NR]; for (k in s) printf " %s x%d", k, s[k]}')"
grep -v " 200 " during.txt || true
cat first.txt
for k in 1 2; do get /api/games/1/history; done
get "/api/games/1/history?from_turn=1"
get /games/1/history
get /games/1
get /api/games/1
get /api/games/2/history
get "/api/games/2/history?from_turn=9"
get /games/2/history
get /games/2
for k in 1 2; do get /api/games/2/record; done
kill "$pid"; wait "$pid" || true
