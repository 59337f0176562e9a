#!/usr/bin/env bash
# Tiling speed: tessel-opt (tile-pack-unpack + canonicalize + cse + print)
# against mlir-opt 22 (transform-interpreter tile_using_for + canonicalize +
# cse + print) on functions with N pack/unpack ops, best of $RUNS (default
# 5) runs each (three times as many below 10k ops, where a run is short and
# one noisy neighbour swings the figure), same machine state.
# Usage: [RUNS=n] benches/tiling_compare.sh [N ...]   (default: 1000 10000 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
SIZES=${*:-1000 10000 100000}
cargo build --release --quiet --bin tessel-opt
TESSEL=target/release/tessel-opt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
SCHEDULE='module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.pack", "linalg.unpack"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [2, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}'

RUNS=${RUNS:-5}
best() { # seconds of the fastest of $runs runs ("-" if the tool fails or takes over 10 minutes)
  local best_t=""
  for _ in $(seq "$runs"); do
    local s e
    s=$(date +%s.%N)
    if ! timeout 600 "$@" -o /dev/null >/dev/null 2>&1; then echo "-"; return; fi
    e=$(date +%s.%N)
    local t
    t=$(awk -v s="$s" -v e="$e" 'BEGIN{printf "%.3f", e - s}')
    if [ -z "$best_t" ] || awk "BEGIN{exit !($t < $best_t)}"; then best_t=$t; fi
  done
  echo "$best_t"
}

printf "%-10s %12s %14s %12s %14s %8s\n" ops tessel_s tessel_us/op mlir_s mlir_us/op speedup
for n in $SIZES; do
  runs=$RUNS
  if [ "$n" -lt 10000 ]; then runs=$((RUNS * 3)); fi
  python3 benches/gen_large.py pack "$n" > "$dir/in.mlir"
  { cat "$dir/in.mlir"; echo "$SCHEDULE"; } > "$dir/sched.mlir"
  tt=$(best "$TESSEL" "$dir/in.mlir" --tile-pack-unpack="tile-sizes=2,3" --canonicalize --cse)
  mt=$(best "$MLIR_OPT" "$dir/sched.mlir" -transform-interpreter -canonicalize -cse)
  awk -v n="$n" -v tt="$tt" -v mt="$mt" 'BEGIN {
    tu = (tt == "-") ? "-" : sprintf("%.2f", tt * 1e6 / n);
    mu = (mt == "-") ? "-" : sprintf("%.2f", mt * 1e6 / n);
    sp = (tt == "-" || mt == "-" || tt == 0) ? "-" : sprintf("%.1fx", mt / tt);
    printf "%-10d %12s %14s %12s %14s %8s\n", n, tt, tu, mt, mu, sp }'
done
