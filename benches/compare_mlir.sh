#!/usr/bin/env bash
# Times `tessel-opt F -o /dev/null` against `mlir-opt F -o /dev/null` (parse,
# verify, print) on generated inputs, in the same run, best of 3, with peak
# memory. Usage: benches/compare_mlir.sh [ARITH_OPS] [PACK_OPS]
set -euo pipefail
cd "$(dirname "$0")/.."
ARITH=${1:-500000}
PACK=${2:-50000}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
cargo build --release --quiet --bin tessel-opt
TESSEL=target/release/tessel-opt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 benches/gen_large.py arith "$ARITH" > "$dir/arith.mlir"
python3 benches/gen_large.py pack "$PACK" > "$dir/pack.mlir"

best() { # prints "seconds max_rss_kb" of the fastest of 3 runs
  local best_t=999999 best_m=0
  for _ in 1 2 3; do
    /usr/bin/time -o "$dir/time.txt" -f "%e %M" "$@" -o /dev/null >/dev/null 2>&1
    local out t m
    out=$(tail -1 "$dir/time.txt")
    t=${out% *} m=${out#* }
    if awk "BEGIN{exit !($t < $best_t)}"; then best_t=$t; best_m=$m; fi
  done
  echo "$best_t $best_m"
}

printf "%-22s %10s %12s %12s %10s %12s %12s %8s\n" input ops tessel_s tessel_MB mlir_s mlir_MB tessel_ops/s speedup
for f in arith pack; do
  file="$dir/$f.mlir"
  ops=$("$TESSEL" "$file" --mlir-print-op-generic | grep -c ' = "\|^ *"' || true)
  read -r tt tm < <(best "$TESSEL" "$file")
  read -r mt mm < <(best "$MLIR_OPT" "$file")
  awk -v f="$f" -v n="$ops" -v tt="$tt" -v tm="$tm" -v mt="$mt" -v mm="$mm" 'BEGIN {
    printf "%-22s %10d %12.3f %12.1f %10.3f %12.1f %12.0f %7.1fx\n", f, n, tt, tm/1024, mt, mm/1024, (tt > 0 ? n/tt : 0), (tt > 0 ? mt/tt : 0) }'
done
