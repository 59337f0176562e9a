//! tessel's FileCheck: LLVM FileCheck's directives, flags, verdicts and
//! diagnostics, with no LLVM needed.
//!
//! ```
//! use tessel_filecheck::{run, Request};
//! let checks = b"CHECK: hello\nCHECK-NEXT: {{w.rld}}\n";
//! let out = run(&Request::default(), "t.mlir", checks, "<stdin>", b"hello\nworld\n");
//! assert_eq!(out.exit_code, 0);
//! ```

mod check;
pub mod cli;
mod dump;
pub mod numeric;
pub mod pattern;
pub mod regex;
pub mod source;
pub mod text;

pub use check::{canonicalize, validate_prefixes, FileCheck};

/// What to check and how: FileCheck's command-line options.
#[derive(Clone, Debug, Default)]
pub struct Request {
    pub check_prefixes: Vec<String>,
    pub comment_prefixes: Vec<String>,
    pub implicit_check_not: Vec<String>,
    /// `-D` definitions, `NAME=VALUE` or `#NAME=EXPR`.
    pub global_defines: Vec<String>,
    pub allow_empty_input: bool,
    pub allow_unused_prefixes: bool,
    pub enable_var_scope: bool,
    pub allow_deprecated_dag_overlap: bool,
    pub verbose: bool,
    pub verbose_verbose: bool,
    pub strict_whitespace: bool,
    pub match_full_lines: bool,
    pub ignore_case: bool,
    /// When to print the annotated input dump.
    pub dump_input: DumpInput,
    /// Which input lines the dump shows (`None`: all lines with
    /// `--dump-input=always`, else lines with errors).
    pub dump_input_filter: Option<DumpFilter>,
    /// Lines of context around the lines the filter selects (default 5).
    pub dump_input_context: Option<usize>,
}

/// `--dump-input`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum DumpInput {
    Never,
    #[default]
    Fail,
    Always,
}

/// `--dump-input-filter`, in increasing precedence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum DumpFilter {
    Error,
    Annotation,
    AnnotationFull,
    All,
}

/// The verdict: FileCheck's exit code (0 pass, 1 checks failed, 2 bad
/// usage or check file) and what it printed to stderr.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub exit_code: i32,
    pub stderr: String,
}

/// Stack for the matcher's backtracking (see `regex::engine`).
const STACK: usize = 256 << 20;

/// Checks `input` against the directives in `check_file`, as
/// `FileCheck check_file < input` with the options in `req`.
pub fn run(req: &Request, check_name: &str, check_file: &[u8], input_name: &str, input: &[u8]) -> Outcome {
    let req = req.clone();
    let (check_name, input_name) = (check_name.to_string(), input_name.to_string());
    let (check_file, input) = (check_file.to_vec(), input.to_vec());
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(s, move || run_here(req, &check_name, &check_file, &input_name, &input))
            .expect("spawn the checker thread")
            .join()
            .expect("checker thread")
    })
}

fn run_here(mut req: Request, check_name: &str, check_file: &[u8], input_name: &str, input: &[u8]) -> Outcome {
    if req.verbose_verbose {
        req.verbose = true;
    }
    if let Err(msg) = validate_prefixes(&req) {
        return Outcome { exit_code: 2, stderr: msg };
    }
    let strict = req.strict_whitespace;
    let allow_empty = req.allow_empty_input;
    let mut fc = match FileCheck::new(req, check_name, canonicalize(check_file, strict)) {
        Ok(fc) => fc,
        Err((sm, code)) => return Outcome { exit_code: code, stderr: sm.out },
    };
    if input.is_empty() && !allow_empty {
        let mut stderr = std::mem::take(&mut fc.sm.out);
        stderr.push_str(&format!("FileCheck error: '{input_name}' is empty.\n"));
        return Outcome { exit_code: 2, stderr };
    }
    let dump = fc.req().dump_input;
    let ok = fc.check_input(input_name, canonicalize(input, strict));
    let mut stderr = std::mem::take(&mut fc.sm.out);
    if dump == DumpInput::Always || (!ok && dump == DumpInput::Fail) {
        stderr.push_str(&dump::render(&fc, check_name, input_name));
    }
    Outcome { exit_code: if ok { 0 } else { 1 }, stderr }
}
