#!/usr/bin/env bash
# Compares two builds of the random_races example on a noisy machine (docs/performance.md):
# runs them one after the other N times (default 15), 5,000 races each, and prints each one's
# best and median races/s and the median of the paired ratios B/A.
#
#   cp target/release/examples/random_races /tmp/before   # at the old commit
#   cargo build --release -p game-breaking-away --example random_races
#   scripts/compare-races.sh /tmp/before target/release/examples/random_races
set -euo pipefail
a=$1 b=$2 n=${N:-15}
rate() { "$1" 5000 | grep -o '[0-9]* races/s' | cut -d' ' -f1; }
runs=()
for _ in $(seq "$n"); do runs+=("$(rate "$a") $(rate "$b")"); done
printf '%s\n' "${runs[@]}" | python3 -c '
import statistics, sys
pairs = [tuple(map(int, line.split())) for line in sys.stdin]
for name, rates in (("A", [p[0] for p in pairs]), ("B", [p[1] for p in pairs])):
    print(f"{name}: best {max(rates)} races/s, median {statistics.median(rates):.0f}")
print(f"median of B/A: {statistics.median(b / a for a, b in pairs):.3f} over {len(pairs)} pairs")
'
