#!/usr/bin/env bash
# The cost of one anonymous history request on a game of N events (default 1,000,000), for
# docs/performance.md (issue 28): a race whose red team sealed its orders N-4 times (a log as
# an earlier release let players write it, put on the server with `import`), a fresh server
# on SQLite, then GET /api/games/1/history twice (the first request also replays the log);
# prints each request's seconds and bytes and the server's peak resident memory (VmHWM)
# before and after each.
#
#   cargo build --release -p postrider
#   scripts/history-cost.sh target/release/postrider [N] [QUERY]
set -euo pipefail
bin=$(realpath "$1") n=${2:-1000000} query=${3:-}
dir=$(mktemp -d) port=$((20000 + RANDOM % 20000))
cd "$dir"
"$bin" new breaking-away base.json --teams red,blue --seed 1 >/dev/null
"$bin" lineup base.json --team red A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4 >/dev/null
"$bin" orders base.json --team red A 6 B 9 C 8 D 7 >/dev/null
python3 - "$n" <<'EOF'
import json, sys
n = int(sys.argv[1])
game = json.load(open("base.json"))
orders = game["log"][-1]
game["log"] += [orders] * (n - len(game["log"]))
json.dump(game, open("big.json", "w"))
EOF
db="sqlite://$dir/db.sqlite?mode=rwc"
serve() { "$bin" serve --database "$db" --listen "127.0.0.1:$port" >serve.log 2>&1 & pid=$!; \
  until curl -s -o /dev/null "http://127.0.0.1:$port/api/games"; do sleep 0.2; done; }
serve
curl -s -o /dev/null -H 'content-type: application/json' \
  -d '{"name":"gm","password":"correct horse battery"}' "http://127.0.0.1:$port/api/players"
kill "$pid"; wait "$pid" || true
/usr/bin/time -f "import: %e s, %M KB peak" "$bin" import big.json --database "$db" --gm gm >/dev/null
serve
hwm() { grep VmHWM "/proc/$pid/status" | awk '{print $2 " KB"}'; }
echo "events: $n; server peak before: $(hwm)"
for k in 1 2; do
  curl -s -o body.json -w "request $k: %{time_total} s, %{size_download} bytes, status %{http_code}\n" \
    "http://127.0.0.1:$port/api/games/1/history$query"
  echo "server peak after request $k: $(hwm)"
done
kill "$pid"; wait "$pid" || true
rm -rf "$dir"
