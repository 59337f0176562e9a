// Output errors: informational output to a closed pipe ends quietly with
// status 0, as Unix tools do; IR output that cannot be written is an error
// said once; a dump that cannot be written is reported without a source
// location (it is not an error in the IR).
//
// A real pipe (lit's own shell may buffer a pipeline): the reader exits
// after one line, so the writer meets a closed pipe.
// RUN: bash -c 'tessel-opt --list-ops | head -1; exit ${PIPESTATUS[0]}' | FileCheck %s --check-prefix=LIST
// RUN: bash -c 'tessel-opt --version | head -c 0; exit ${PIPESTATUS[0]}'
// RUN: bash -c 'tessel-opt --help | head -c 0; exit ${PIPESTATUS[0]}'
// RUN: bash -c 'tessel-filecheck --help | head -c 0; exit ${PIPESTATUS[0]}'
// RUN: bash -c 'tessel-layout --help | head -c 0; exit ${PIPESTATUS[0]}'
// RUN: python3 -c "print('\n'.join('func.func @f%%d() { return }' %% i for i in range(30000)))" > %t.many.mlir
// RUN: not bash -c 'tessel-opt %t.many.mlir 2> %t.pipe.err | head -1 > /dev/null; exit ${PIPESTATUS[0]}'
// RUN: cat %t.pipe.err | FileCheck %s --check-prefix=PIPE
// RUN: not tessel-opt %s -o %t.no/such/dir/out.mlir 2>&1 | FileCheck %s --check-prefix=OUTFILE
// RUN: echo file > %t.notadir
// RUN: not tessel-opt %s --cse --mlir-print-ir-after-all --mlir-print-ir-tree-dir=%t.notadir/sub -o /dev/null 2>&1 | FileCheck %s --check-prefix=TREE

// LIST: affine.apply
// PIPE: tessel-opt: cannot write output: Broken pipe
// PIPE-NOT: panicked
// OUTFILE: tessel-opt: cannot write '{{.*}}out.mlir': No such file or directory
// OUTFILE-NOT: cannot write
// TREE: tessel-opt: --mlir-print-ir-tree-dir: cannot write '{{.*}}notadir/sub/{{.*}}': Not a directory
// TREE-NOT: 0:0
// TREE-NOT: ^

func.func @f() {
  return
}
