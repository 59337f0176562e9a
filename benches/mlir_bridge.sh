#!/usr/bin/env bash
# What converting a module into MLIR in-process (tessel-mlir) costs, next to
# mlir-opt's own parse + verify of the same text (`mlir-opt F -o /dev/null`
# also prints, so its `--mlir-timing` Parser line is reported too).
# Usage: benches/mlir_bridge.sh [ARITH_OPS]   (needs LLVM/MLIR 22)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 benches/gen_large.py arith "$N" > "$dir/arith.mlir"
cargo build --release --quiet -p tessel-mlir --features mlir --example bridge_cost
echo "== $N-op arith module: tessel-mlir"
/usr/bin/time -f "wall %e s, user %U s, sys %S s, peak RSS %M KB" target/release/examples/bridge_cost "$dir/arith.mlir"
echo "== mlir-opt 22 on the same text (parse, verify, print)"
/usr/bin/time -f "wall %e s, user %U s, sys %S s, peak RSS %M KB" \
  "$MLIR_OPT" "$dir/arith.mlir" -o /dev/null --mlir-timing 2>&1 | grep -E "Parser|Verifier|Output|wall"
