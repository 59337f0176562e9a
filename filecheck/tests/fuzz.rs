//! Mutation fuzzing: corpus check files and inputs with FileCheck syntax
//! spliced in, deleted or truncated, under random flags. Every mutant must
//! get a verdict (exit 0, 1 or 2) without a panic.
//!
//! By default a fixed seed and 1,000 mutants. For a long run:
//! `TESSEL_FUZZ_SECONDS=600 cargo test --release -p tessel-filecheck --test fuzz -- --nocapture`
//! (seed from the clock, or `TESSEL_FUZZ_SEED`).

mod common;

use std::time::{Duration, Instant};

use common::{corpus_paths, parse_case, request, Case};
use tessel_filecheck::run;

use tessel_testkit::{Mutator, Rng};

const PIECES: &[&str] = &[
    "[[",
    "]]",
    "{{",
    "}}",
    "[[#",
    "[[@LINE",
    "@LINE+1",
    "#%x,",
    "%.3d,",
    ":",
    "::",
    "==",
    "(",
    ")",
    "|",
    "*",
    "+",
    "?",
    "\\",
    "\\1",
    "^",
    "$",
    "$V",
    "[:alpha:]",
    "[^",
    "{2,}",
    "CHECK:",
    "CHECK-NEXT:",
    "CHECK-SAME:",
    "CHECK-NOT:",
    "CHECK-DAG:",
    "CHECK-LABEL:",
    "CHECK-EMPTY:",
    "CHECK-COUNT-2:",
    "CHECK{LITERAL}:",
    "CHECK_NEXT:",
    "COM:",
    "\n",
    " ",
    "\t",
    "\r\n",
    "%",
    "V:",
    "[[V]]",
    "[[#N]]",
    "add(",
    "max(N,",
    ",",
    "-",
    "0x",
    "\u{0}",
    "\u{e9}",
];

const FLAGS: &[&str] = &[
    "--strict-whitespace",
    "--match-full-lines",
    "--ignore-case",
    "--enable-var-scope",
    "--implicit-check-not=%c",
    "--implicit-check-not={{a|b}}",
    "--implicit-check-not=[[X]]",
    "--allow-deprecated-dag-overlap",
    "--allow-unused-prefixes",
    "--check-prefixes=CHECK,NEXT",
    "-DV=x",
    "-D#N=3",
    "-D#%x,H=ff",
    "--allow-empty",
    "-v",
    "--vv",
];

fn mutate(text: &str, rng: &mut Rng, rounds: usize) -> String {
    Mutator { pieces: PIECES, bytes: b"[]{}#:%|*\\ \n-0()," }.mutate(text, rng, rounds)
}

fn exercise(case: &Case, rng: &mut Rng, stacked: bool) -> Option<String> {
    let rounds = if stacked { 1 + rng.below(6) } else { 1 + rng.below(2) };
    let check = if rng.below(4) > 0 { mutate(&case.check, rng, rounds) } else { case.check.clone() };
    let input = if rng.below(3) == 0 { mutate(&case.input, rng, rounds) } else { case.input.clone() };
    let mut args = case.args.clone();
    for _ in 0..rng.below(3) {
        args.push(FLAGS[rng.below(FLAGS.len())].to_string());
    }
    let req = request(&args);
    let outcome = std::panic::catch_unwind(|| run(&req, "fuzz.txt", check.as_bytes(), "<stdin>", input.as_bytes()));
    match outcome {
        Ok(o) if (0..=2).contains(&o.exit_code) => None,
        Ok(o) => Some(format!("exit code {}\n--- check\n{check}\n--- input\n{input}\n--- args {args:?}", o.exit_code)),
        Err(_) => Some(format!("panic\n--- check\n{check}\n--- input\n{input}\n--- args {args:?}")),
    }
}

#[test]
fn mutated_check_files_never_panic() {
    let seconds: u64 = std::env::var("TESSEL_FUZZ_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    let seed = tessel_testkit::fuzz_seed(seconds > 0, 0x9e3779b97f4a7c15);
    let cases: Vec<Case> = corpus_paths().iter().map(|p| parse_case(&std::fs::read_to_string(p).unwrap())).collect();
    let mut rng = Rng(seed);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut n = 0u64;
    loop {
        let case = &cases[rng.below(cases.len())];
        if let Some(problem) = exercise(case, &mut rng, seconds > 0) {
            panic!("seed {seed}, mutant {n}: {problem}");
        }
        n += 1;
        if (seconds == 0 && n >= 1000) || (seconds > 0 && Instant::now() >= deadline) {
            break;
        }
    }
    eprintln!("filecheck fuzz: {n} mutants, seed {seed}, no panics");
}
