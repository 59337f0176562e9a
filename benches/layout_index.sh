#!/usr/bin/env bash
# Times `tessel-layout index` on 10^6 index tuples read from stdin (the
# plainest bulk use: one tuple per line), release build; prints wall, CPU
# and peak memory. Usage: benches/layout_index.sh [N] [SHAPE]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
SHAPE=${2:-'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}'}
cargo build --release --bin tessel-layout -q
tmp=$(mktemp)
python3 - "$N" > "$tmp" <<'PY'
import random, sys
n = int(sys.argv[1])
r = random.Random(1)
sys.stdout.write("".join(f"{r.randrange(8)},0,{r.randrange(1280)},{r.randrange(16384)}\n" for _ in range(n)))
PY
echo "tessel-layout index, $N tuples, $SHAPE"
/usr/bin/time -f "%e s wall, %U s user, %S s sys, %M KB peak RSS" target/release/tessel-layout index "$SHAPE" < "$tmp" > /dev/null
rm -f "$tmp"
