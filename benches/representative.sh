#!/usr/bin/env bash
# Parse, verify and print (`F -o /dev/null`) with tessel-opt and mlir-opt 22,
# in the same run, on the plain inputs a new user writes first
# (benches/gen_large.py: addf chain, many small functions, wide tensor ops,
# pack/unpack, scf.for nests, attribute-heavy ops, dense constants), at
# each size given (ops). Per tool: wall time, user+sys CPU time and peak
# RSS of the fastest of REPEAT runs, and the ratios mlir-opt / tessel
# (above 1: tessel ahead). Rows sorted worst wall-time ratio first.
#
# Usage: benches/representative.sh [SIZES...]   (default: 10000 100000 1000000)
#        REPEAT=3 KINDS="addf funcs" TESSEL_FLAGS=--threads=1 benches/representative.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=("$@")
[ ${#SIZES[@]} -eq 0 ] && SIZES=(10000 100000 1000000)
KINDS=${KINDS:-"addf funcs wide pack nest attrs dense"}
REPEAT=${REPEAT:-3}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
cargo build --release --quiet --bin tessel-opt
TESSEL=target/release/tessel-opt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# "wall cpu rss_kb" of the fastest of REPEAT runs (cpu = user + sys).
measure() {
  local best="" 
  for _ in $(seq "$REPEAT"); do
    /usr/bin/time -o "$dir/time.txt" -f "%e %U %S %M" "$@" -o /dev/null >/dev/null 2>"$dir/err.txt" || {
      echo "failed: $* ($(head -c 300 "$dir/err.txt"))" >&2; echo "nan nan 0"; return; }
    read -r w u s m < <(tail -1 "$dir/time.txt")
    local cpu
    cpu=$(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.2f", u + s}')
    if [ -z "$best" ] || awk -v a="$w" -v b="${best%% *}" 'BEGIN{exit !(a < b)}'; then best="$w $cpu $m"; fi
  done
  echo "$best"
}

rows="$dir/rows.txt"
: > "$rows"
for n in "${SIZES[@]}"; do
  for k in $KINDS; do
    f="$dir/$k-$n.mlir"
    python3 benches/gen_large.py "$k" "$n" > "$f"
    read -r tw tc tm < <(measure "$TESSEL" "$f" ${TESSEL_FLAGS:-})
    read -r mw mc mm < <(measure "$MLIR_OPT" "$f")
    awk -v k="$k" -v n="$n" -v tw="$tw" -v tc="$tc" -v tm="$tm" -v mw="$mw" -v mc="$mc" -v mm="$mm" 'BEGIN {
      rw = (tw > 0 ? mw / tw : 0); rc = (tc > 0 ? mc / tc : 0); rm = (tm > 0 ? mm / tm : 0)
      printf "%.3f %-6s %8d %8.2f %8.2f %8.0f %8.2f %8.2f %8.0f %6.1fx %6.1fx %6.1fx\n",
        rw, k, n, tw, tc, tm / 1024, mw, mc, mm / 1024, rw, rc, rm }' >> "$rows"
  done
done
printf "%-6s %8s %8s %8s %8s %8s %8s %8s %7s %7s %7s\n" input ops t_wall t_cpu t_MB m_wall m_cpu m_MB wall cpu rss
sort -n "$rows" | cut -d' ' -f2-
echo "(t_: tessel-opt ${TESSEL_FLAGS:-}; m_: mlir-opt 22; wall/cpu/rss: mlir-opt's over tessel's; best of $REPEAT; $(nproc) cores)"
