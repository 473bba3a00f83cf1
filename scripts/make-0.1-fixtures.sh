#!/usr/bin/env bash
# Makes the test fixtures of release 0.1 (game files and a SQLite database written by the 0.1
# binary, commit 7f0d054), kept in crates/postrider/tests/fixtures/0.1 so that every later
# release is tested against what 0.1 users have. Run once with the 0.1 binary:
#   scripts/make-0.1-fixtures.sh OLD_BINARY OUT_DIR [POSTGRES_URL]
# Needs curl and jq. With POSTGRES_URL (a server's maintenance database) it also dumps a
# PostgreSQL database made by the 0.1 server (pg_dump on the PATH).
set -euo pipefail
bin=$(realpath "$1"); out=$(realpath "$2"); pg=${3:-}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); cd "$work"

# Game files: a postal race part-way (a rider dropped, orders sealed), a board race with options,
# a Backpacks day with sealed orders, one on a GM's own map and deck.
$bin new race.json --teams red,blue,green --seed 42 >/dev/null
$bin lineup race.json --team red A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6 >/dev/null
$bin lineup race.json --team blue A 1 2 12 15 B 2 10 13 C 3 6 11 D 1 1 14 >/dev/null
$bin orders race.json --team red A 10 B 9 C 9 D 6 >/dev/null
$bin resolve race.json >/dev/null
$bin resolve race.json >/dev/null
$bin drop race.json --rider green-D >/dev/null
$bin retire race.json --rider blue-C >/dev/null
$bin resolve race.json >/dev/null
$bin orders race.json --team red --bot heuristic >/dev/null
cp race.json "$out/postal-race.json"

$bin new board.json --rules board --option turn1_congestion --option staggered_start --teams a,b,c --seed 5 >/dev/null
$bin lineup board.json --team a A 6 10 14 B 5 10 10 C 5 7 8 D 5 5 6 >/dev/null
for _ in 1 2 3 4; do $bin resolve board.json >/dev/null; done
$bin lineup board.json --team a A 6 10 14 B 5 10 10 C 5 7 8 D 5 5 6 >/dev/null 2>&1 || true
cp board.json "$out/board-race.json"

$bin new backpacks day.json --walkers ann,bob,cat --seed 7 >/dev/null
for _ in 1 2 3; do
  $bin orders day.json --walker ann --bot heuristic >/dev/null
  $bin orders day.json --walker bob --bot random >/dev/null
  $bin resolve day.json >/dev/null
done
$bin orders day.json --walker cat --bot heuristic >/dev/null
cp day.json "$out/backpacks-day.json"

$bin map show > /dev/null
src=$here/crates/game-backpacks/data
if [ -f "$src/keswick-map.toml" ]; then
  $bin new backpacks own.json --walkers dot,eli --seed 3 --map "$src/keswick-map.toml" --deck "$src/keswick-deck.toml" >/dev/null
  $bin orders own.json --walker dot --bot heuristic >/dev/null
  $bin resolve own.json >/dev/null
  cp own.json "$out/backpacks-own-map.json"
fi

# A server's database: two games through the API, orders, a resolved turn, a roll-back.
serve() { # $1: --data DIR or --database URL
  $bin serve --listen 127.0.0.1:18099 "$@" > serve.log 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -s -o /dev/null http://127.0.0.1:18099/ && break; sleep 0.1; done
}
play() {
  local api=http://127.0.0.1:18099/api j='Content-Type: application/json'
  curl -s -H "$j" -d '{"name":"gm","password":"a long password"}' $api/players >/dev/null
  curl -s -H "$j" -d '{"name":"ann","password":"a long password"}' $api/players >/dev/null
  local gm ann race day
  gm=$(curl -s -H "$j" -d '{"name":"gm","password":"a long password"}' $api/login | jq -r .token)
  ann=$(curl -s -H "$j" -d '{"name":"ann","password":"a long password"}' $api/login | jq -r .token)
  race=$(curl -s -H "$j" -H "Authorization: Bearer $gm" $api/games -d '{"title":"Tour","game":"breaking-away","seats":["red","blue"],"deadline":{"every":"interval","seconds":86400},"seed":11}')
  local rinv; rinv=$(echo "$race" | jq -r '.invites[0].invite')
  curl -s -H "$j" -H "Authorization: Bearer $ann" $api/games/1/join -d "{\"invite\":\"$rinv\"}" >/dev/null
  curl -s -H "$j" -H "Authorization: Bearer $ann" $api/games/1/orders -d '{"lineup":"A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6","orders":"A 10 B 9 C 9 D 6"}' >/dev/null
  curl -s -H "$j" -H "Authorization: Bearer $gm" $api/games/1/gm -d '{"action":"bot","seat":1,"bot":"heuristic"}' >/dev/null
  curl -s -H "$j" -H "Authorization: Bearer $gm" $api/games/1/gm -d '{"action":"resolve"}' >/dev/null
  curl -s -H "$j" -H "Authorization: Bearer $gm" $api/games/1/gm -d '{"action":"resolve"}' >/dev/null
  curl -s -H "$j" -H "Authorization: Bearer $gm" $api/games/1/gm -d '{"action":"rollback"}' >/dev/null
  curl -s -H "$j" -H "Authorization: Bearer $ann" $api/games/1/orders -d '{"orders":"A 10 B 9 C 9 D 5"}' >/dev/null
  day=$(curl -s -H "$j" -H "Authorization: Bearer $gm" $api/games -d '{"title":"Walk","game":"backpacks","seats":["ann","bob"],"deadline":{"every":"interval","seconds":86400},"seed":7}')
  local dinv; dinv=$(echo "$day" | jq -r '.invites[0].invite')
  curl -s -H "$j" -H "Authorization: Bearer $ann" $api/games/2/join -d "{\"invite\":\"$dinv\"}" >/dev/null
  curl -s -H "$j" -H "Authorization: Bearer $ann" $api/games/2/orders -d '{"orders":"1: rest; 2: rest"}' >/dev/null
  curl -s -H "$j" -H "Authorization: Bearer $gm" $api/games/2/gm -d '{"action":"resolve"}' >/dev/null
}
serve --data data; play
# What the 0.1 server serves of those games: every report, to the GM, ann and the public.
python3 - "$out/server.reports.json" <<'PY'
import json, sys, urllib.request
api = 'http://127.0.0.1:18099/api'
def call(path, body=None, tok=None):
    headers = {'Content-Type': 'application/json'} | ({'Authorization': 'Bearer ' + tok} if tok else {})
    data = json.dumps(body).encode() if body is not None else None
    return urllib.request.urlopen(urllib.request.Request(api + path, data=data, headers=headers)).read().decode()
gm = json.loads(call('/login', {'name': 'gm', 'password': 'a long password'}))['token']
ann = json.loads(call('/login', {'name': 'ann', 'password': 'a long password'}))['token']
out = {}
for gid in (1, 2):
    turn = json.loads(call(f'/games/{gid}', tok=gm))['turn']
    out[f'{gid} turn'] = turn
    for t in range(1, turn):
        for who, tok in (('gm', gm), ('ann', ann), ('public', None)):
            out[f'{gid} {who} {t}'] = call(f'/games/{gid}/reports/{t}', tok=tok)
json.dump(out, open(sys.argv[1], 'w'), indent=1, sort_keys=True)
PY
kill $pid; wait $pid 2>/dev/null || true
# The server keeps SQLite in WAL mode: fold the log into the file before copying it.
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("PRAGMA wal_checkpoint(TRUNCATE)"); c.execute("PRAGMA journal_mode=DELETE"); c.close()' data/postrider.db
cp data/postrider.db "$out/server.sqlite"
if [ -n "$pg" ]; then
  psql -q "$pg" -c 'DROP DATABASE IF EXISTS postrider_fixture' -c 'CREATE DATABASE postrider_fixture'
  url=${pg%/*}/postrider_fixture
  serve --database "$url"; play; kill $pid; wait $pid 2>/dev/null || true
  pg_dump --no-owner --no-privileges "$url" > "$out/server.postgres.sql"
fi
rm -rf "$work"
