#!/usr/bin/env python3
"""Differential test of tessel's regex engine against llvm::Regex.

Generates random POSIX extended regexes (alternation, groups, repetition
operators and bounds, brackets and classes, anchors, back references, word
boundaries, and raw byte soup for the error paths) and texts over a small
alphabet, runs them through scripts/oracle/llvm_regex.cpp (linked against
libLLVM 22) and through tessel's engine (filecheck/examples/regex_cases.rs),
and requires identical answers: validity and error message, match offsets
and every group's offsets.

Usage: scripts/regex_differential.py [--cases N] [--seed S] [--llvm-dir DIR]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

ALPHA = "ab c\n_-x%"


def atom(r, depth):
    k = r.random()
    if depth < 3 and k < 0.18:
        return "(" + alt(r, depth + 1) + ")"
    if k < 0.55:
        return r.choice("abcx_% -")
    if k < 0.65:
        return "."
    if k < 0.78:
        inner = "".join(r.choice(["a", "b", "c", "a-c", "[:alpha:]", "[:digit:]", "[:space:]", "%", "-", "]", "^"]) for _ in range(r.randint(1, 3)))
        return "[" + ("^" if r.random() < 0.3 else "") + inner + "]"
    if k < 0.84:
        return r.choice(["^", "$"])
    if k < 0.9:
        return "\\" + r.choice("12abd.[{")
    if k < 0.93:
        return r.choice(["[[:<:]]", "[[:>:]]"])
    return r.choice(["{", "}", "a{1", "x{,2}"])


def piece(r, depth):
    a = atom(r, depth)
    k = r.random()
    if k < 0.15:
        return a + "*"
    if k < 0.25:
        return a + "+"
    if k < 0.33:
        return a + "?"
    if k < 0.4:
        m = r.randint(0, 3)
        return a + r.choice(["{%d}" % m, "{%d,}" % m, "{%d,%d}" % (m, m + r.randint(0, 2))])
    if k < 0.42:
        return a + "**"
    return a


def alt(r, depth):
    parts = []
    for _ in range(r.randint(1, 2 if depth else 3)):
        parts.append("".join(piece(r, depth) for _ in range(r.randint(1, 4))))
    return "|".join(parts)


def esc(s):
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def soup(r):
    return "".join(r.choice("ab()[]{}|*+?^$.\\-,:0123") for _ in range(r.randint(0, 8)))


def cases(r, n):
    for _ in range(n):
        pat = soup(r) if r.random() < 0.1 else alt(r, 0)
        text = "".join(r.choice(ALPHA) for _ in range(r.randint(0, 14)))
        flags = r.choice(["n", "n", "n", "-", "ni"])
        yield flags, pat, text


def run_oracle(oracle, all_cases, env):
    """llvm::Regex's answers; a case that crashes the C library (it has
    unbounded recursion and asserts compiled out) is answered "crash" and
    the oracle restarts after it."""
    answers = []
    while len(answers) < len(all_cases):
        rest = all_cases[len(answers):]
        data = "".join("%s\n%s\n%s\n" % (f, esc(p), esc(t)) for f, p, t in rest)
        proc = subprocess.run([oracle], input=data.encode(), capture_output=True, env=env)
        answers += proc.stdout.decode().splitlines()
        if proc.returncode != 0 and len(answers) < len(all_cases):
            answers.append("timeout" if proc.returncode == 124 else "crash")
    return answers


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--llvm-dir", default="/usr/lib/llvm-22")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    r = random.Random(seed)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as tmp:
        oracle = os.path.join(tmp, "llvm_regex")
        subprocess.run(["g++", "-O1", "-std=c++17", "-I" + args.llvm_dir + "/include",
                        os.path.join(root, "scripts/oracle/llvm_regex.cpp"),
                        "-L" + args.llvm_dir + "/lib", "-lLLVM", "-o", oracle], check=True)
        subprocess.run(["cargo", "build", "-q", "--release", "-p", "tessel-filecheck", "--example", "regex_cases"],
                       check=True, cwd=root)
        ours = os.path.join(root, "target/release/examples/regex_cases")
        all_cases = list(cases(r, args.cases))
        data = "".join("%s\n%s\n%s\n" % (f, esc(p), esc(t)) for f, p, t in all_cases)
        env = dict(os.environ, LD_LIBRARY_PATH=args.llvm_dir + "/lib")
        want = run_oracle(oracle, all_cases, env)
        got = subprocess.run([ours], input=data.encode(), capture_output=True, check=True).stdout.decode().splitlines()
    crashes = sum(1 for w in want if w in ("crash", "timeout"))
    bad = [(c, w, g) for c, w, g in zip(all_cases, want, got) if w != g and w not in ("crash", "timeout")]
    if len(want) != len(got):
        print("output lengths differ: llvm %d, tessel %d" % (len(want), len(got)))
        bad = bad or [("?", "?", "?")]
    for (f, p, t), w, g in bad[:20]:
        print("flags=%s pattern=%r text=%r\n  llvm:   %s\n  tessel: %s" % (f, p, t, w, g))
    valid = sum(1 for w in want if not w.startswith("invalid"))
    matched = sum(1 for w in want if w.startswith("match"))
    print("seed %d: %d cases (%d valid, %d matching, %d crash or hang llvm::Regex), %d disagreements"
          % (seed, len(all_cases), valid, matched, crashes, len(bad)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
