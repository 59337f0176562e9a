//! The corpus in `tests/corpus/`: hand-written cases for every directive
//! and flag and cases generated from MLIR text, each with the verdict LLVM
//! FileCheck 22 gives it recorded (`scripts/filecheck_corpus_cases.py`,
//! `scripts/filecheck_differential.py --write-corpus`). tessel-filecheck
//! must give every recorded verdict; CI re-checks the records against
//! LLVM's FileCheck.

mod common;

use common::{corpus_paths, parse_case, request};
use tessel_filecheck::run;

#[test]
fn corpus_verdicts_are_llvm_filechecks() {
    let paths = corpus_paths();
    let mut failures = Vec::new();
    let (mut pass, mut fail) = (0, 0);
    for p in &paths {
        let text = std::fs::read_to_string(p).unwrap();
        let case = parse_case(&text);
        let req = request(&case.args);
        let out = run(&req, "check.txt", case.check.as_bytes(), "<stdin>", case.input.as_bytes());
        if case.expect == 0 {
            pass += 1;
        } else {
            fail += 1;
        }
        if out.exit_code != case.expect {
            failures.push(format!(
                "{}: LLVM exits {}, tessel-filecheck {}\n{}",
                p.display(),
                case.expect,
                out.exit_code,
                out.stderr
            ));
        }
    }
    assert!(paths.len() >= 200, "the corpus has {} cases", paths.len());
    assert!(fail * 3 >= paths.len(), "{pass} passing and {fail} failing cases");
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), paths.len(), failures.join("\n"));
}
