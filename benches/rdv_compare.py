#!/usr/bin/env python3
"""`--remove-dead-values` speed: tessel-opt against mlir-opt 22 on one module
of N random programs (the generator of `scripts/rdv_parity.py` without its
`cf` tails, on which 22 builds invalid IR one time in five: dead results of
loops and branches, stores to a local buffer, private helpers of several
results), wall time, CPU time (user + sys) and peak memory (max RSS) of the
best of RUNS runs, the tools taking turns. Both outputs for the smallest
module are compared first: they must be identical.

Usage: benches/rdv_compare.py [--runs R] [--seed S] [N ...]   (default 1000 10000)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
sys.path.insert(0, HERE)
import sccp_compare  # noqa: E402
from rdv_parity import program  # noqa: E402

if __name__ == "__main__":
    sccp_compare.main("--remove-dead-values", lambda rng, k: program(rng, k, cf_tail=False))
