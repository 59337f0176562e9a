// RUN: not tessel-opt %s --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not tessel-opt %s --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not tessel-opt %s --pass-pipeline='builtin.module(func.func(strip-debuginfo{bogus=1}))' 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not tessel-opt %s --pass-pipeline='builtin.module(func.func(strip-debuginfo)' 2>&1 | FileCheck %s --check-prefix=PAREN
// RUN: not tessel-opt %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tessel-opt %s %s 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not tessel-opt %s --verify-each=maybe 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: tessel-opt --help | FileCheck %s --check-prefix=HELP
// RUN: tessel-opt --help | FileCheck %s --check-prefix=INDENT --strict-whitespace

// FLAG: Unknown command line argument '--no-such-flag'
// PASS: 'no-such-pass' does not refer to a registered pass or pass pipeline
// OPT: invalid options for pass 'strip-debuginfo': no such option 'bogus'
// PAREN: expected ')' to close 'builtin.module(' in the pass pipeline
// MISSING: Could not open input file '{{.*}}.missing'
// TWO: Too many positional arguments
// BOOL: 'maybe' is invalid value for boolean argument
// HELP: USAGE: tessel-opt [options] <input file>
// Options are indented and their continuation lines sit under the description.
// INDENT: {{^}}  --ir-report=<file.html>         Write a self-contained page
// INDENT-NEXT: {{^}}                                  it added and removed
// HELP: --strip-debuginfo

func.func @f() {
  return
}
