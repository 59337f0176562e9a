#!/usr/bin/env python3
"""`--remove-dead-values` speed: tessel-opt against mlir-opt 22 on one module
of N random programs (the generator of `scripts/rdv_parity.py` without its
`cf` branches and with every helper private, where 22 builds invalid IR:
dead results of loops and branches, stores to a local buffer, private
helpers of several results), wall time, CPU time (user + sys) and peak
memory (max RSS) of the best of RUNS runs, the tools taking turns. The
outputs on a module of 200 programs are compared first: they must be
identical (on larger modules 22's canonicalization step folds a few ops
otherwise, docs/differences.md).

mlir-opt 22 takes time quadratic in the module here (16 s for 1000
programs), so the default sizes are small.

Usage: benches/rdv_compare.py [--runs R] [--seed S] [N ...]   (default 250 1000)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
sys.path.insert(0, HERE)
import sccp_compare  # noqa: E402
from rdv_parity import program  # noqa: E402

if __name__ == "__main__":
    # Helpers private: 22 leaves a null operand in a call to a public
    # function that ignores an argument (docs/differences.md).
    sccp_compare.main(
        "--remove-dead-values",
        lambda rng, k: program(rng, k, cf=False).replace("func.func @g", "func.func private @g"),
        check=200,
        sizes=(250, 1000),
    )
