#!/usr/bin/env python3
"""Hand-written FileCheck cases for every directive and flag, in passing
and failing variants. Running this script writes them to
filecheck/tests/corpus/syn-*.test with the verdict LLVM FileCheck 22 gives
each one recorded (so `cargo test` can hold tessel-filecheck to LLVM's
verdicts on machines without LLVM; CI re-checks the records).

Usage: scripts/filecheck_corpus_cases.py [--filecheck PATH] [--out DIR]
"""
import argparse
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MLIR = """func.func @f(%arg0: tensor<32xf32>) -> tensor<32xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %0 = tensor.empty() : tensor<32xf32>
  %1 = scf.for %arg1 = %c0 to %c32 step %c8 iter_args(%arg2 = %0) -> (tensor<32xf32>) {
    %extracted_slice = tensor.extract_slice %arg0[%arg1] [8] [1] : tensor<32xf32> to tensor<8xf32>
    %inserted_slice = tensor.insert_slice %extracted_slice into %arg2[%arg1] [8] [1] : tensor<8xf32> into tensor<32xf32>
    scf.yield %inserted_slice : tensor<32xf32>
  }
  return %1 : tensor<32xf32>
}
"""

TWO_FUNCS = """func.func @a() {
  %c1 = arith.constant 1 : index
  return
}
func.func @b() {
  %c2 = arith.constant 2 : index
  return
}
"""

CASES = [
    # --- CHECK -------------------------------------------------------------
    ("check-plain", [], "CHECK: arith.constant 8\n", MLIR),
    ("check-plain-miss", [], "CHECK: arith.constant 9\n", MLIR),
    ("check-order", [], "CHECK: %c0 =\nCHECK: %c8 =\nCHECK: %c32 =\n", MLIR),
    ("check-order-wrong", [], "CHECK: %c8 =\nCHECK: %c0 =\n", MLIR),
    ("check-same-line-twice", [], "CHECK: scf.for\nCHECK: step\n", MLIR),
    ("check-trailing-space", [], "CHECK: return    \n", MLIR),
    ("check-empty-pattern", [], "CHECK:\n", MLIR),
    ("check-no-directives", [], "nothing here\n", MLIR),
    ("check-prefix-in-word", [], "XCHECK: nope\nCHECK: return\n", MLIR),
    ("check-misspelled", [], "CHECK_NEXT: return\n", MLIR),
    ("check-colon-eof", [], "CHECK: func\nCHECK:", MLIR),
    # --- CHECK-NEXT --------------------------------------------------------
    ("next-ok", [], "CHECK: %c0 =\nCHECK-NEXT: %c8 =\nCHECK-NEXT: %c32 =\n", MLIR),
    ("next-skips-line", [], "CHECK: %c0 =\nCHECK-NEXT: %c32 =\n", MLIR),
    ("next-same-line", [], "CHECK: scf.for\nCHECK-NEXT: step\n", MLIR),
    ("next-first", [], "CHECK-NEXT: func\n", MLIR),
    ("next-after-dag", [], "CHECK-DAG: %c8 =\nCHECK-NEXT: %c32 =\n", MLIR),
    # --- CHECK-SAME --------------------------------------------------------
    ("same-ok", [], "CHECK: scf.for %arg1\nCHECK-SAME: step %c8\nCHECK-SAME: iter_args\n", MLIR),
    ("same-next-line", [], "CHECK: scf.for\nCHECK-SAME: tensor.extract_slice\n", MLIR),
    ("same-first", [], "CHECK-SAME: func\n", MLIR),
    # --- CHECK-NOT ---------------------------------------------------------
    ("not-absent", [], "CHECK: %c0\nCHECK-NOT: linalg\nCHECK: return\n", MLIR),
    ("not-present", [], "CHECK: %c0\nCHECK-NOT: tensor.empty\nCHECK: return\n", MLIR),
    ("not-leading", [], "CHECK-NOT: linalg\nCHECK: func\n", MLIR),
    ("not-trailing-present", [], "CHECK: scf.yield\nCHECK-NOT: return\n", MLIR),
    ("not-trailing-absent", [], "CHECK: scf.yield\nCHECK-NOT: scf.for\n", MLIR),
    ("not-between-dags", [], "CHECK-DAG: %c8 =\nCHECK-NOT: %c0 =\nCHECK-DAG: %c32 =\n", MLIR),
    ("not-combo", [], "CHECK-DAG-NOT: x\n", MLIR),
    ("not-regex", [], "CHECK: func\nCHECK-NOT: {{arith\\.addi|linalg}}\nCHECK: return\n", MLIR),
    # --- CHECK-DAG ---------------------------------------------------------
    ("dag-any-order", [], "CHECK-DAG: %c32 =\nCHECK-DAG: %c0 =\nCHECK-DAG: %c8 =\nCHECK: tensor.empty\n", MLIR),
    ("dag-missing", [], "CHECK-DAG: %c32 =\nCHECK-DAG: %c16 =\n", MLIR),
    ("dag-overlap", [], "CHECK-DAG: arith.constant\nCHECK-DAG: arith.constant\nCHECK-DAG: arith.constant\nCHECK-DAG: arith.constant\n", MLIR),
    ("dag-overlap-allowed", ["--allow-deprecated-dag-overlap"], "CHECK-DAG: arith.constant\nCHECK-DAG: arith.constant\nCHECK-DAG: arith.constant\nCHECK-DAG: arith.constant\n", MLIR),
    ("dag-same-line", [], "CHECK-DAG: step\nCHECK-DAG: scf.for\n", MLIR),
    ("dag-before-check-past", [], "CHECK-DAG: return\nCHECK: func\n", MLIR),
    ("dag-with-vars", [], "CHECK-DAG: %[[A:.*]] = arith.constant 0\nCHECK-DAG: %[[B:.*]] = arith.constant 8\nCHECK: scf.for {{.*}} = %[[A]] to {{.*}} step %[[B]]\n", MLIR),
    ("dag-groups-split-by-not", [], "CHECK-DAG: %c0\nCHECK-NOT: %c32\nCHECK-DAG: %c8 =\n", MLIR),
    ("dag-trailing", [], "CHECK: func\nCHECK-DAG: scf.yield\nCHECK-DAG: return\n", MLIR),
    ("dag-trailing-missing", [], "CHECK: func\nCHECK-DAG: scf.yield\nCHECK-DAG: linalg\n", MLIR),
    # --- CHECK-LABEL -------------------------------------------------------
    ("label-ok", [], "CHECK-LABEL: @a\nCHECK: constant 1\nCHECK-LABEL: @b\nCHECK: constant 2\n", TWO_FUNCS),
    ("label-confines", [], "CHECK-LABEL: @a\nCHECK: constant 2\nCHECK-LABEL: @b\n", TWO_FUNCS),
    ("label-missing", [], "CHECK-LABEL: @c\nCHECK: return\n", TWO_FUNCS),
    ("label-var", [], "CHECK-LABEL: @[[F:a]]\n", TWO_FUNCS),
    ("label-both-regions-fail", [], "CHECK-LABEL: @a\nCHECK: nope\nCHECK-LABEL: @b\nCHECK: nada\n", TWO_FUNCS),
    ("label-dag", [], "CHECK-LABEL: @b\nCHECK-DAG: return\nCHECK-DAG: constant 2\n", TWO_FUNCS),
    ("label-regex", [], "CHECK-LABEL: func.func @{{[ab]}}()\nCHECK: return\n", TWO_FUNCS),
    # --- CHECK-EMPTY -------------------------------------------------------
    ("empty-ok", [], "CHECK: one\nCHECK-EMPTY:\nCHECK-NEXT: three\n", "one\n\nthree\n"),
    ("empty-not-empty", [], "CHECK: one\nCHECK-EMPTY:\n", "one\ntwo\n"),
    ("empty-with-text", [], "CHECK: one\nCHECK-EMPTY: two\n", "one\n\ntwo\n"),
    ("empty-skips", [], "CHECK: one\nCHECK-EMPTY:\n", "one\ntwo\n\n"),
    ("empty-first", [], "CHECK-EMPTY:\n", "\n"),
    # --- CHECK-COUNT -------------------------------------------------------
    ("count-ok", [], "CHECK-COUNT-3: arith.constant\nCHECK: tensor.empty\n", MLIR),
    ("count-too-many", [], "CHECK-COUNT-4: arith.constant\nCHECK: tensor.empty\n", MLIR),
    ("count-zero", [], "CHECK-COUNT-0: x\n", MLIR),
    ("count-bad", [], "CHECK-COUNT-x: y\n", MLIR),
    ("count-next", [], "CHECK: func\nCHECK-COUNT-2: arith.constant\nCHECK-NEXT: %c32\n", MLIR),
    # --- {LITERAL} ---------------------------------------------------------
    ("literal-ok", [], "CHECK{LITERAL}: a[[b]]{{c}}\n", "x a[[b]]{{c}} y\n"),
    ("literal-miss", [], "CHECK{LITERAL}: [[b]]\n", "b\n"),
    ("literal-next", [], "CHECK: one\nCHECK-NEXT{LITERAL}: {{two}}\n", "one\n{{two}}\n"),
    ("literal-bad-modifier", [], "CHECK{FOO}: x\n", "x\n"),
    # --- variables ---------------------------------------------------------
    ("var-def-use", [], "CHECK: %[[INIT:.*]] = tensor.empty\nCHECK: iter_args(%{{.*}} = %[[INIT]])\n", MLIR),
    ("var-wrong-value", [], "CHECK: %[[C:c[0-9]+]] = arith.constant 8\nCHECK: scf.for {{.*}} = %[[C]] to\n", MLIR),
    ("var-undefined", [], "CHECK: %[[NOPE]] = tensor.empty\n", MLIR),
    ("var-same-line-backref", [], "CHECK: [[X:%arg[0-9]]][{{.*}}] [8] [1] {{.*}} %arg2[[[X]]]\n", MLIR),
    ("var-greedy-gives-ground", [], "CHECK: %[[IV:.*]] = %[[LB:.*]] to %[[UB:.*]] step\nCHECK: extract_slice %arg0[%[[IV]]]\n", MLIR),
    ("var-redefine", [], "CHECK: %[[V:c[0-9]+]] = arith.constant 0\nCHECK: %[[V:c[0-9]+]] = arith.constant 8\nCHECK: step %[[V]]\n", MLIR),
    ("var-bad-name", [], "CHECK: [[1X:.*]]\n", MLIR),
    ("var-no-close", [], "CHECK: [[X:.*\n", MLIR),
    ("var-stray-bracket", [], "CHECK: [[X:a]b]]\n", MLIR),
    ("var-space", [], "CHECK: [[X :.*]]\n", MLIR),
    ("var-use-extra", [], "CHECK: [[X+1]]\n", MLIR),
    ("var-global", ["--enable-var-scope"], "CHECK-LABEL: @a\nCHECK: %[[$C:.*]] = arith\nCHECK-LABEL: @b\nCHECK: %[[$C]]\n", TWO_FUNCS),
    ("var-scope-clears", ["--enable-var-scope"], "CHECK-LABEL: @a\nCHECK: [[R:return]]\nCHECK-LABEL: @b\nCHECK: [[R]]\n", TWO_FUNCS),
    ("var-scope-off", [], "CHECK-LABEL: @a\nCHECK: [[R:return]]\nCHECK-LABEL: @b\nCHECK: [[R]]\n", TWO_FUNCS),
    ("var-cmdline", ["-DFN=b"], "CHECK: @[[FN]]()\n", TWO_FUNCS),
    ("var-cmdline-miss", ["-DFN=c"], "CHECK: @[[FN]]()\n", TWO_FUNCS),
    ("var-cmdline-bad", ["-D1X=b"], "CHECK: @b\n", TWO_FUNCS),
    ("var-empty-capture", [], "CHECK: a[[E:]]b[[E]]c\n", "abc\n"),
    ("var-alternation", [], "CHECK: [[K:arith|tensor]].empty\n", MLIR),
    ("regex-alternation-grouping", [], "CHECK: abc{{x|z}}def\n", "abczdef\n"),
    ("regex-no-end", [], "CHECK: {{abc\n", "abc\n"),
    ("regex-invalid", [], "CHECK: {{a(b}}\n", "ab\n"),
    ("regex-empty", [], "CHECK: a{{}}b\n", "ab\n"),
    ("regex-posix-d", [], "CHECK: {{\\d}}\n", "7 d\n"),
    ("regex-posix-d-miss", [], "CHECK: x{{\\d}}\n", "x7\n"),
    ("regex-class", [], "CHECK: %c{{[[:digit:]]+}} = arith.constant 32\n", MLIR),
    ("regex-brace-literal", [], "CHECK: {{a{b}}\n", "a{b\n"),
    ("regex-anchor", [], "CHECK: {{^}}  %c0\n", MLIR),
    ("regex-dollar", [], "CHECK: index{{$}}\n", MLIR),
    ("regex-dot-newline", [], "CHECK: func{{.*}}return\n", MLIR),
    # --- numeric -----------------------------------------------------------
    ("num-def-use", [], "CHECK: constant [[#N:]] : index\nCHECK: constant [[#N+8]] : index\n", MLIR),
    ("num-wrong", [], "CHECK: constant [[#N:]] : index\nCHECK: constant [[#N+7]] : index\n", MLIR),
    ("num-line", [], "CHECK: [[#@LINE]]\nCHECK: [[#@LINE+1]]\n", "1\n2 3\n"),
    ("num-legacy-line", [], "CHECK: line [[@LINE]]\n", "line 1\n"),
    ("num-hex", [], "CHECK: [[#%x,A:]] [[#%X,A+1]] [[#%#x,A+2]]\n", "fe FF 0x100\n"),
    ("num-precision", [], "CHECK: [[#%.3u,P:]] [[#%.3u,P+1]]\n", "007 008\n"),
    ("num-signed", [], "CHECK: [[#%d,S:]] [[#%d,S-3]]\n", "1 -2\n"),
    ("num-unsigned-negative", [], "CHECK: [[#U:]] [[#U-3]]\n", "1 -2\n"),
    ("num-functions", [], "CHECK: [[#X:]] [[#add(X,1)]] [[#mul(X,3)]] [[#max(X,9)]] [[#min(X,1)]] [[#div(X,2)]] [[#sub(X,4)]]\n", "4 5 12 9 1 2 0\n"),
    ("num-div-zero", [], "CHECK: [[#X:]] [[#div(X,0)]]\n", "4 5\n"),
    ("num-undefined", [], "CHECK: [[#Y+1]]\n", "4\n"),
    ("num-same-line", [], "CHECK: [[#Z:]] [[#Z]]\n", "4 4\n"),
    ("num-constraint", [], "CHECK: [[#V:]]\nCHECK: [[#==V+1]]\n", "1\n2\n"),
    ("num-bad-format", [], "CHECK: [[#%q,V:]]\n", "1\n"),
    ("num-bad-operand", [], "CHECK: [[#V*2]]\n", "1\n"),
    ("num-conflict", [], "CHECK: [[#%x,H:]] [[#%u,D:]]\nCHECK: [[#H+D]]\n", "a 1\n11\n"),
    ("num-string-clash", [], "CHECK: [[V:a]] [[#V:]]\n", "a 1\n"),
    ("num-cmdline", ["-D#NUM=5"], "CHECK: [[#NUM+1]]\n", "6\n"),
    ("num-cmdline-hex", ["-D#%x,NUM=255"], "CHECK: [[#NUM]]\n", "ff\n"),
    ("num-paren", [], "CHECK: [[#X:]] [[#(X+1)-(2)]]\n", "3 2\n"),
    ("num-literal-hex", [], "CHECK: [[#0x10]]\n", "16\n"),
    # --- prefixes and comments ---------------------------------------------
    ("prefix-custom", ["--check-prefix=FOO"], "FOO: return\nCHECK: nonsense\n", MLIR),
    ("prefixes-two", ["--check-prefixes=A,B"], "A: %c0\nB: %c8\n", MLIR),
    ("prefixes-unused", ["--check-prefixes=A,B"], "A: %c0\n", MLIR),
    ("prefixes-unused-allowed", ["--check-prefixes=A,B", "--allow-unused-prefixes"], "A: %c0\n", MLIR),
    ("prefix-invalid", ["--check-prefix=A.B"], "A.B: x\n", MLIR),
    ("prefix-duplicate", ["--check-prefixes=A,A"], "A: x\n", MLIR),
    ("prefix-empty", ["--check-prefix="], "CHECK: x\n", MLIR),
    ("prefix-longest", ["--check-prefixes=CHECK,CHECK-X"], "CHECK-X: %c8\nCHECK: %c32\n", MLIR),
    ("comment-com", [], "COM: CHECK: nope\nCHECK: func\n", MLIR),
    ("comment-run", [], "// RUN: FileCheck %s --check-prefix=CHECK\nCHECK: func\n", MLIR),
    ("comment-custom", ["--comment-prefixes=NOTE"], "NOTE: CHECK: nope\nCHECK: func\n", MLIR),
    ("comment-only", [], "COM: CHECK: nope\n", MLIR),
    # --- whitespace ----------------------------------------------------------
    ("ws-canonical", [], "CHECK: %c0    =   arith.constant\n", MLIR),
    ("ws-strict", ["--strict-whitespace"], "CHECK: %c0 =  arith.constant\n", MLIR),
    ("ws-strict-ok", ["--strict-whitespace"], "CHECK: {{^}}  %c0 = arith\n", MLIR),
    ("ws-tabs", [], "CHECK: a b\n", "a\t\t b\n"),
    ("ws-crlf", [], "CHECK: one\nCHECK-NEXT: two\n", "one\r\ntwo\r\n"),
    ("full-lines-ok", ["--match-full-lines"], "CHECK: return\nCHECK: }\n", "  return\n}\n"),
    ("full-lines-partial", ["--match-full-lines"], "CHECK: arith.constant 0\n", MLIR),
    ("full-lines-strict", ["--match-full-lines", "--strict-whitespace"], "CHECK:  return\n", "  return\n"),
    ("full-lines-not", ["--match-full-lines"], "CHECK: return\nCHECK-NOT: }x\n", "return\n}\n"),
    ("ignore-case", ["--ignore-case"], "CHECK: FUNC.FUNC @F\nCHECK: {{RETURN}} [[X:%1]]\n", MLIR),
    ("ignore-case-off", [], "CHECK: FUNC.FUNC @F\n", MLIR),
    # --- implicit-check-not and input --------------------------------------
    ("implicit-not-ok", ["--implicit-check-not=linalg"], "CHECK: func\nCHECK: return\n", MLIR),
    ("implicit-not-hit", ["--implicit-check-not=tensor.empty"], "CHECK: func\nCHECK: return\n", MLIR),
    ("implicit-not-covered", ["--implicit-check-not=tensor.empty"], "CHECK: func\nCHECK: tensor.empty\nCHECK: return\n", MLIR),
    ("implicit-not-only", ["--implicit-check-not=error"], "", "all good\n"),
    ("empty-input", [], "CHECK-NOT: x\n", ""),
    ("empty-input-allowed", ["--allow-empty"], "CHECK-NOT: x\n", ""),
    ("noeol-input", [], "CHECK: last\n", "first\nlast"),
    ("near-miss", [], "CHECK: %c8 = arith.constant 9 : index\n", MLIR),
    # --- interactions --------------------------------------------------------
    ("mix-label-implicit-not", ["--implicit-check-not=constant"], "CHECK-LABEL: @a\nCHECK: return\nCHECK-LABEL: @b\nCHECK: return\n", TWO_FUNCS),
    ("mix-label-dag-not", [], "CHECK-LABEL: @a\nCHECK-DAG: return\nCHECK-NOT: constant 2\nCHECK-LABEL: @b\n", TWO_FUNCS),
    ("mix-dag-count", [], "CHECK-DAG: %c32\nCHECK-COUNT-2: arith.constant\n", MLIR),
    ("mix-not-dag-not", [], "CHECK: func\nCHECK-NOT: linalg\nCHECK-DAG: %c8\nCHECK-NOT: %c0 =\nCHECK: tensor.empty\n", MLIR),
    ("mix-dag-next-after", [], "CHECK-DAG: %c0 =\nCHECK-DAG: %c8 =\nCHECK-NEXT: %c32\n", MLIR),
    ("mix-empty-after-label", [], "CHECK-LABEL: one\nCHECK-EMPTY:\nCHECK: two\n", "one\n\ntwo\n"),
    ("mix-same-after-dag", [], "CHECK: scf.for\nCHECK-DAG: step\nCHECK-SAME: iter_args\n", MLIR),
    ("mix-var-in-implicit-not", ["--implicit-check-not=[[X]]"], "CHECK: [[X:%c8]]\n", MLIR),
    ("mix-regex-in-implicit-not", ["--implicit-check-not={{linalg|affine}}"], "CHECK: func\n", MLIR),
    ("mix-global-prefix-var", ["--enable-var-scope", "-DFN=a"], "CHECK-LABEL: @b\nCHECK-LABEL: @[[FN]]\n", TWO_FUNCS),
    ("mix-count-literal", [], "CHECK-COUNT-2{LITERAL}: [[\n", "[[ [[\n"),
    ("mix-literal-spaces", [], "CHECK{ LITERAL , LITERAL }: a[[b\n", "a[[b\n"),
    ("mix-next-literal", [], "CHECK: x\nCHECK-NEXT{LITERAL}: y\n", "x\ny\n"),
    ("num-negative-signed", [], "CHECK: [[#%d,V:]] [[#%d,V+1]]\n", "-5 -4\n"),
    ("num-unsigned-underflow", [], "CHECK: [[#V:]] [[#V-1]]\n", "0 1\n"),
    ("num-hex-upper-mismatch", [], "CHECK: [[#%X,V:]] [[#V+1]]\n", "A B\n"),
    ("num-hex-lower-case", [], "CHECK: [[#%x,V:]] [[#V+1]]\n", "a b\n"),
    ("num-line-offset", [], "CHECK: [[#@LINE-1]]\nCHECK: [[#@LINE+5]]\n", "0\n7\n"),
    ("num-precision-short", [], "CHECK: [[#%.4x,V:]]\n", "ff\n"),
    ("num-redefine-format", [], "CHECK: [[#%x,V:]]\nCHECK: [[#%u,V:]]\n", "a\n1\n"),
    ("var-def-in-regex-group", [], "CHECK: [[V:{{a|b}}]]\n", "b\n"),
    ("var-brackets-in-regex", [], "CHECK: [[V:[[:alpha:]]+]]-[[V]]\n", "ab-ab\n"),
    ("var-escaped-bracket", [], "CHECK: [[V:a\\]]]\n", "a]\n"),
    ("var-triple-bracket", [], "CHECK: [[[V:a]]]\n", "[a]\n"),
    ("prefix-suffix-of-word", [], "MYCHECK: nope\nCHECK: func\n", MLIR),
    ("prefix-after-dash", [], "-CHECK: func\n", MLIR),
    ("prefix-in-run-line", [], "// RUN: x | FileCheck %s # CHECK: nope\nCHECK: func\n", MLIR),
    ("crlf-check-file", [], "CHECK: %c0\r\nCHECK-NEXT: %c8\r\n", MLIR),
    ("tab-in-pattern", [], "CHECK: arith.constant\t8\n", MLIR),
    ("tab-in-pattern-strict", ["--strict-whitespace"], "CHECK: arith.constant\t8\n", MLIR),
    ("not-empty-region", [], "CHECK: %c0\nCHECK-NOT: {{.*}}\nCHECK: %c8\n", MLIR),
    ("dag-empty-pattern-regex", [], "CHECK-DAG: {{.*}}\nCHECK-DAG: {{.*}}\nCHECK: %c8\n", MLIR),
    ("full-lines-regex", ["--match-full-lines"], "CHECK: {{.*}}arith.constant 8{{.*}}\n", MLIR),
    ("full-lines-next", ["--match-full-lines"], "CHECK: %c0 = arith.constant 0 : index\nCHECK-NEXT: %c8 = arith.constant 8 : index\n", MLIR),
    ("ignore-case-var", ["--ignore-case"], "CHECK: [[V:ARITH]].constant 0\nCHECK: [[V]].CONSTANT 8\n", MLIR),
    ("ignore-case-backref", ["--ignore-case"], "CHECK: [[V:A]][[V]]\n", "aA\n"),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--filecheck", default="/usr/lib/llvm-22/bin/FileCheck")
    ap.add_argument("--out", default=os.path.join(ROOT, "filecheck/tests/corpus"))
    args = ap.parse_args()
    import importlib.util
    spec = importlib.util.spec_from_file_location("fd", os.path.join(ROOT, "scripts/filecheck_differential.py"))
    fd = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fd)
    os.makedirs(args.out, exist_ok=True)
    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, flags, check, inp in CASES:
            code, _ = fd.run_tool(args.filecheck, flags, check, inp, tmp, True)
            counts[code] = counts.get(code, 0) + 1
            fd.write_case(os.path.join(args.out, "syn-%s.test" % name), flags, code, check, inp,
                          "hand-written case '%s'; verdict from LLVM FileCheck 22" % name)
    print("wrote %d cases, LLVM verdicts %s" % (len(CASES), counts))


if __name__ == "__main__":
    main()
