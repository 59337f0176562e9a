#!/usr/bin/env bash
# FileCheck speed: a 500-line check file (CHECK/CHECK-NEXT/CHECK-DAG with
# SSA-name captures, {{...}} regexes and numeric blocks) against the tiled
# output it was written for, timed with the *debug* build of
# tessel-filecheck (what `cargo test` runs) and with LLVM's FileCheck for
# reference. Best of 5. Target: under 50 ms in the debug build.
set -euo pipefail
cd "$(dirname "$0")/.."
FILECHECK=${FILECHECK:-/usr/lib/llvm-22/bin/FileCheck}
cargo build --quiet -p tessel-filecheck --bin tessel-filecheck
cargo build --quiet --bin tessel-opt
dir=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$dir"' EXIT
python3 benches/gen_large.py pack 60 > "$dir/in.mlir"
target/debug/tessel-opt "$dir/in.mlir" --tile-pack-unpack="tile-sizes=2,3" --canonicalize --cse > "$dir/out.mlir"
python3 - "$dir/out.mlir" "$dir/check.txt" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
out, names, n = [], {}, 0
prev = -2
for i, line in enumerate(lines):
    if len(out) >= 500 or not line.strip():
        continue
    def ssa(m):
        global n
        v = m.group(0)
        if v in names:
            return "%[[" + names[v] + "]]"
        n += 1
        names[v] = "V%d" % n
        return "%[[" + names[v] + ":[^ ]+]]"
    esc = {"[": "{{\\[}}", "]": "{{]}}", "{": "{{[{]}}", "}": "{{[}]}}"}
    pat = re.sub(r"%[A-Za-z_0-9]+", ssa, "".join(esc.get(c, c) for c in line.strip()))
    pat = re.sub(r"tensor<([0-9]+)x", lambda m: "tensor<[[#%s]]x" % m.group(1), pat, count=1)
    kind = "CHECK-NEXT" if prev == i - 1 and i % 3 else "CHECK"
    out.append("// %s: %s" % (kind, pat))
    prev = i
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
echo "check lines: $(wc -l < "$dir/check.txt"), input lines: $(wc -l < "$dir/out.mlir")"
best() {
  local b=""
  for _ in 1 2 3 4 5; do
    local s e t
    s=$(date +%s%N)
    "$@" < "$dir/out.mlir" > /dev/null 2>&1 || { echo "FAILED: $*" >&2; "$@" < "$dir/out.mlir" 2>&1 | head -20 >&2; exit 1; }
    e=$(date +%s%N)
    t=$(( (e - s) / 1000 ))
    if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done
  echo "$b"
}
t=$(best target/debug/tessel-filecheck "$dir/check.txt")
printf "tessel-filecheck (debug build): %d.%03d ms\n" $((t / 1000)) $((t % 1000))
if [ -x "$FILECHECK" ]; then
  l=$(best "$FILECHECK" "$dir/check.txt")
  printf "LLVM FileCheck 22 (release):    %d.%03d ms\n" $((l / 1000)) $((l % 1000))
fi
