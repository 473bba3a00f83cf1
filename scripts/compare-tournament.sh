#!/usr/bin/env bash
# The tournament of random bots against the bare kernel, in one run (docs/performance.md):
# N times (default 5), the hand-written kernel (`random_races`, 100,000 races) and then the
# command users run (`postrider tournament ... --games 100000 --threads 1 --json`, timed by
# its own `elapsed_seconds`), one right after the other; prints each pair's rates, their
# ratio, and the median and best ratios.
#
#   cargo build --release -p postrider -p game-breaking-away --example random_races
#   scripts/compare-tournament.sh target/release/postrider target/release/examples/random_races
set -euo pipefail
postrider=$1 kernel=$2 n=${N:-5} games=${GAMES:-100000}
for _ in $(seq "$n"); do
  k=$("$kernel" "$games" | grep -o '[0-9]* races/s' | cut -d' ' -f1)
  t=$("$postrider" tournament --game breaking-away --rules postal-2.2 \
    --bots random,random,random,random --games "$games" --seed 1 --threads 1 --json |
    python3 -c "import json, sys; print(round($games / json.load(sys.stdin)['elapsed_seconds']))")
  echo "$k $t"
done | python3 -c '
import statistics, sys
pairs = [tuple(map(int, line.split())) for line in sys.stdin]
for k, t in pairs:
    print(f"kernel {k} races/s, tournament {t} races/s: {t / k:.2f}")
ratios = [t / k for k, t in pairs]
print(f"ratio median {statistics.median(ratios):.2f}, best {max(ratios):.2f}, worst {min(ratios):.2f} over {len(pairs)} pairs")
'
