//! The corpus in `tests/corpus/`: hand-written cases for every directive
//! and flag and cases generated from MLIR text, each with the verdict LLVM
//! FileCheck 22 gives it recorded (`scripts/filecheck_corpus_cases.py`,
//! `scripts/filecheck_differential.py --write-corpus`). tessel-filecheck
//! must give every recorded verdict; CI re-checks the records against
//! LLVM's FileCheck. One trial per case, named by its file.

mod common;

use common::{corpus_paths, parse_case, request};
use libtest_mimic::{Arguments, Trial};
use tessel_filecheck::run;

fn check_case(path: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let case = parse_case(&text);
    let req = request(&case.args);
    let out = run(&req, "check.txt", case.check.as_bytes(), "<stdin>", case.input.as_bytes());
    if out.exit_code != case.expect {
        return Err(format!("LLVM exits {}, tessel-filecheck {}\n{}", case.expect, out.exit_code, out.stderr));
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let paths = corpus_paths();
    let failing = paths.iter().filter(|p| std::fs::read_to_string(p).is_ok_and(|t| parse_case(&t).expect != 0)).count();
    let mut trials = vec![Trial::test("corpus_is_large_and_mixed", move || {
        if paths.len() < 200 || failing * 3 < paths.len() {
            return Err(format!("{} cases, {failing} of them failing", paths.len()).into());
        }
        Ok(())
    })];
    trials.extend(corpus_paths().into_iter().map(|p| {
        let name = p.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
        Trial::test(name, move || check_case(&p).map_err(Into::into))
    }));
    libtest_mimic::run(&args, trials).exit();
}
