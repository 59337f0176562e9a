#!/usr/bin/env python3
"""Differential test of tessel-filecheck against LLVM FileCheck 22.

Two parts:
  * the corpus (filecheck/tests/corpus/*.test): every case's recorded
    verdict must be LLVM FileCheck's verdict today, and tessel's;
  * a seeded random run: check files generated from real MLIR text (the lit
    inputs and what tessel-opt prints for them) with variables, regexes,
    numeric expressions, every directive kind, then mutated (swapped and
    deleted lines, edited patterns, wrong line kinds) so that about half of
    the cases fail; random command-line flags. Every exit code must equal
    LLVM's. Identical stderr is counted and reported (the diagnostics are
    meant to match too, but the verdict is the contract).

--write-corpus DIR N writes N generated cases with LLVM's verdicts recorded
(balanced between passing and failing) instead of comparing.

Usage: scripts/filecheck_differential.py [--cases N] [--seed S]
         [--filecheck PATH] [--tessel PATH] [--write-corpus DIR N]
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# --- corpus files ---------------------------------------------------------

def parse_case(path):
    """A corpus case: '# ARGS:' and '# EXPECT:' header lines, then the
    sections '--- check' and '--- input'. A section's text runs from the
    line after its marker to the next marker line; in the '-noeol' variants
    of the markers the final newline is not part of the text."""
    text = open(path, encoding="utf-8").read()
    args, expect = [], None
    marker = re.compile(r"^--- (check|input)(-noeol)?\n", re.M)
    marks = list(marker.finditer(text))
    for line in text[:marks[0].start() if marks else len(text)].split("\n"):
        if line.startswith("# ARGS:"):
            args = line[len("# ARGS:"):].split()
        elif line.startswith("# EXPECT:"):
            expect = int(line[len("# EXPECT:"):].strip())
    sections = {}
    for k, m in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        body = text[m.end():end]
        if m.group(2):
            body = body[:-1] if body.endswith("\n") else body
        sections[m.group(1)] = body
    return args, expect, sections.get("check", ""), sections.get("input", "")


def write_case(path, args, expect, check, inp, note):
    with open(path, "w", encoding="utf-8") as f:
        f.write("# %s\n" % note)
        f.write("# ARGS: %s\n" % " ".join(args))
        f.write("# EXPECT: %d\n" % expect)
        for name, body in (("check", check), ("input", inp)):
            if body == "" or body.endswith("\n"):
                f.write("--- %s\n%s" % (name, body))
            else:
                f.write("--- %s-noeol\n%s\n" % (name, body))


# --- running both tools ---------------------------------------------------

def run_tool(tool, args, check, inp, tmp, llvm):
    cf = os.path.join(tmp, "check.txt")
    with open(cf, "w", encoding="utf-8") as f:
        f.write(check)
    try:
        p = subprocess.run([tool, cf] + args, input=inp.encode(), capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return 124, "timeout"
    return p.returncode, p.stderr.decode(errors="replace").replace(cf, "CHECKFILE")


# --- generation -----------------------------------------------------------

SSA = re.compile(r"%[A-Za-z_0-9#]+")
NUM = re.compile(r"(?<![A-Za-z_%#0-9])\d+(?![A-Za-z_0-9])")


def source_texts(tessel_opt):
    texts = []
    for path in sorted(glob.glob(os.path.join(ROOT, "lit/**/*.mlir"), recursive=True)):
        if f"{os.sep}Output{os.sep}" in path:
            # lit's scratch files: present only after a lit run, and some
            # are generated stress inputs (30,000 nested parentheses).
            continue
        src = open(path, encoding="utf-8").read()
        texts.append(src)
        if tessel_opt and os.path.exists(tessel_opt):
            for args in (["--split-input-file"], ["--split-input-file", "--mlir-print-op-generic"]):
                p = subprocess.run([tessel_opt, path] + args, capture_output=True)
                if p.returncode == 0 and p.stdout:
                    texts.append(p.stdout.decode(errors="replace"))
    return [t for t in texts if t.strip()]


class Gen:
    def __init__(self, r, texts):
        self.r = r
        self.texts = texts

    def window(self):
        r = self.r
        lines = r.choice(self.texts).split("\n")
        n = r.randint(3, 30)
        start = r.randint(0, max(0, len(lines) - n))
        return lines[start:start + n]

    def pattern_for(self, line, defined, numeric):
        """A pattern matching (part of) `line`, with variables and regexes."""
        r = self.r
        words = line.strip().split(" ")
        if not words or words == [""]:
            return ""
        a = r.randint(0, max(0, len(words) - 1))
        b = r.randint(a + 1, len(words))
        if r.random() < 0.5:
            a, b = 0, len(words)
        text = " ".join(words[a:b])
        out = []
        pos = 0
        for m in SSA.finditer(text):
            out.append(self.literal(text[pos:m.start()]))
            name = m.group(0)
            k = r.random()
            if name in defined and k < 0.7:
                out.append("%[[" + defined[name] + "]]")
            elif k < 0.55:
                var = "V%d" % len(defined)
                defined[name] = var
                out.append("%[[" + var + ":" + r.choice([".*", "[a-z0-9_]+", "[^ ]+", "[[:alnum:]_]*"]) + "]]")
            elif k < 0.75:
                out.append("{{.*}}")
            else:
                out.append(self.literal(name))
            pos = m.end()
        out.append(self.literal(text[pos:]))
        pat = "".join(out)
        if numeric and r.random() < 0.3:
            ms = list(NUM.finditer(pat))
            if ms:
                m = r.choice(ms)
                v = int(m.group(0))
                choice = r.random()
                if choice < 0.4:
                    rep = "[[#%d]]" % v
                elif choice < 0.7:
                    var = "N%d" % r.randint(0, 3)
                    rep = "[[#%s:]]" % var
                else:
                    rep = "[[#%d+%d]]" % (max(0, v - 1), 1)
                pat = pat[:m.start()] + rep + pat[m.end():]
        if r.random() < 0.1:
            pat = pat.replace(" ", "  ", 1)
        return pat

    def literal(self, s):
        r = self.r
        if r.random() < 0.08 and len(s) > 2:
            i = r.randint(0, len(s) - 2)
            return s[:i] + "{{" + re.sub(r"([][()^$|*+?.\\{}])", r"\\\1", s[i:i + 2]) + "}}" + s[i + 2:]
        if r.random() < 0.03:
            return s + "{{(a|b)?}}"
        return s

    def case(self):
        r = self.r
        lines = self.window()
        inp = "\n".join(lines) + "\n"
        prefixes = ["CHECK"]
        args = []
        if r.random() < 0.15:
            prefixes = ["CHECK", "FOO"]
            args.append("--check-prefixes=CHECK,FOO")
        checks = []
        defined = {}
        prev = -2
        label_done = False
        i = 0
        while i < len(lines):
            line = lines[i]
            if r.random() < 0.35:
                i += 1
                continue
            pfx = r.choice(prefixes)
            if line.strip() == "":
                if prev == i - 1 and r.random() < 0.5:
                    checks.append("// %s-EMPTY:" % pfx)
                    prev = i
                i += 1
                continue
            pat = self.pattern_for(line, defined, True)
            if not pat.strip():
                i += 1
                continue
            k = r.random()
            if ("func" in line or "module" in line) and not label_done and r.random() < 0.5 and "[[" not in pat:
                kind = "-LABEL"
                label_done = True
            elif prev == i - 1 and k < 0.35:
                kind = "-NEXT"
            elif k < 0.45 and i + 2 < len(lines):
                # A DAG group of this and the next line, in either order.
                pat2 = self.pattern_for(lines[i + 1], defined, False)
                if pat2.strip():
                    pair = [pat, pat2]
                    r.shuffle(pair)
                    checks.append("// %s-DAG: %s" % (pfx, pair[0]))
                    checks.append("// %s-DAG: %s" % (pfx, pair[1]))
                    prev = i + 1
                    i += 2
                    continue
                kind = ""
            elif k < 0.5:
                kind = "-NOT"
                pat = r.choice(["zzz", "error", pat, "%" + r.choice("abcxyz")])
            elif k < 0.55 and prev == i - 1:
                kind = "-SAME"
            else:
                kind = ""
            checks.append("// %s%s: %s" % (pfx, kind, pat))
            if kind != "-NOT":
                prev = i
            i += 1
        if not checks:
            checks.append("// CHECK: %s" % self.pattern_for(lines[0] or "x", defined, False) or "x")
        if r.random() < 0.1:
            checks.append("// CHECK-COUNT-%d: {{.+}}" % r.randint(1, 3))
        self.mutate(checks, lines)
        flags = self.flags(prefixes)
        inp = "\n".join(lines) + ("\n" if r.random() < 0.95 else "")
        check = "// RUN: tessel-opt %s | FileCheck %s\n" + "\n".join(checks) + "\n"
        return args + flags, check, inp

    def mutate(self, checks, lines):
        r = self.r
        for _ in range(r.choice([0, 0, 1, 1, 2])):
            k = r.random()
            if k < 0.2 and len(checks) > 1:
                a, b = r.sample(range(len(checks)), 2)
                checks[a], checks[b] = checks[b], checks[a]
            elif k < 0.35 and len(lines) > 1:
                del lines[r.randrange(len(lines))]
            elif k < 0.5 and checks:
                i = r.randrange(len(checks))
                checks[i] = re.sub(r"CHECK(-\w+)?:", r.choice(["CHECK-NEXT:", "CHECK-SAME:", "CHECK:", "CHECK-NOT:", "CHECK-DAG:"]), checks[i], count=1)
            elif k < 0.7 and checks:
                i = r.randrange(len(checks))
                c = checks[i]
                if len(c) > 12:
                    j = r.randrange(10, len(c))
                    checks[i] = c[:j] + r.choice("xq%[]{} 0") + c[j + 1:]
            elif k < 0.8 and lines:
                i = r.randrange(len(lines))
                lines.insert(i, lines[i])
            elif k < 0.9 and lines:
                i = r.randrange(len(lines))
                lines[i] = lines[i].replace(" ", "\t", 1).replace("%", "%x", 1)
            else:
                checks.insert(r.randrange(len(checks) + 1), "// CHECK-NOT: " + r.choice(["}", "%", "xyzzy", "func"]))

    def flags(self, prefixes):
        r = self.r
        f = []
        if r.random() < 0.1:
            f.append("--strict-whitespace")
        if r.random() < 0.1:
            f.append("--match-full-lines")
        if r.random() < 0.08:
            f.append("--ignore-case")
        if r.random() < 0.15:
            f.append("--enable-var-scope")
        if r.random() < 0.08:
            f.append("--implicit-check-not=" + r.choice(["error", "%c0", "func", "xyz"]))
        if r.random() < 0.05:
            f.append("--allow-deprecated-dag-overlap")
        if r.random() < 0.05:
            f.append("--allow-unused-prefixes")
        if r.random() < 0.05:
            f.append("-DVAL=" + r.choice(["%c0", "func", "x"]))
        if r.random() < 0.06:
            f.append(r.choice(["-v", "--vv"]))
        if r.random() < 0.08:
            f.append("--dump-input=" + r.choice(["always", "never", "fail"]))
        if r.random() < 0.05:
            f.append("--dump-input-filter=" + r.choice(["all", "annotation-full", "annotation", "error"]))
        if r.random() < 0.05:
            f.append("--dump-input-context=%d" % r.randint(0, 3))
        return f


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--filecheck", default="/usr/lib/llvm-22/bin/FileCheck")
    ap.add_argument("--tessel", default=os.path.join(ROOT, "target/debug/tessel-filecheck"))
    ap.add_argument("--tessel-opt", default=os.path.join(ROOT, "target/debug/tessel-opt"))
    ap.add_argument("--corpus", default=os.path.join(ROOT, "filecheck/tests/corpus"))
    ap.add_argument("--write-corpus", nargs=2, metavar=("DIR", "N"))
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    r = random.Random(seed)
    gen = Gen(r, source_texts(args.tessel_opt))
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        if args.write_corpus:
            out_dir, n = args.write_corpus[0], int(args.write_corpus[1])
            os.makedirs(out_dir, exist_ok=True)
            want = {0: n // 2, 1: n - n // 2}
            k = 0
            while want[0] + want[1] > 0:
                a, check, inp = gen.case()
                code, _ = run_tool(args.filecheck, a, check, inp, tmp, True)
                if code in want and want[code] > 0:
                    want[code] -= 1
                    write_case(os.path.join(out_dir, "gen-%03d.test" % k), a, code, check, inp,
                               "generated by filecheck_differential.py (seed %d); verdict from LLVM FileCheck 22" % seed)
                    k += 1
            print("wrote %d cases to %s" % (k, out_dir))
            return

        corpus = sorted(glob.glob(os.path.join(args.corpus, "*.test")))
        corpus_bad = 0
        for path in corpus:
            a, expect, check, inp = parse_case(path)
            lc, _ = run_tool(args.filecheck, a, check, inp, tmp, True)
            tc, terr = run_tool(args.tessel, a, check, inp, tmp, False)
            if not (lc == expect == tc):
                corpus_bad += 1
                print("corpus %s: recorded %s, llvm %d, tessel %d\n%s" % (os.path.basename(path), expect, lc, tc, terr[:800]))
        print("corpus: %d cases, %d disagreements" % (len(corpus), corpus_bad))

        same_err = 0
        verdicts = {0: 0, 1: 0, 2: 0}
        for i in range(args.cases):
            a, check, inp = gen.case()
            lc, lerr = run_tool(args.filecheck, a, check, inp, tmp, True)
            tc, terr = run_tool(args.tessel, a, check, inp, tmp, False)
            verdicts[lc] = verdicts.get(lc, 0) + 1
            if lerr == terr:
                same_err += 1
            if lc != tc:
                failures += 1
                if failures <= 10:
                    print("=== case %d: llvm %d, tessel %d; args %s\n--- check\n%s--- input\n%s--- llvm stderr\n%s--- tessel stderr\n%s"
                          % (i, lc, tc, a, check, inp, lerr[:1500], terr[:1500]))
        print("seed %d: %d random cases (llvm verdicts %s), %d disagreements, identical stderr in %d"
              % (seed, args.cases, verdicts, failures, same_err))
        failures += corpus_bad
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
