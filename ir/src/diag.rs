//! Diagnostics in MLIR's format: `file:line:col: error: message`.

use crate::location::LocKind;
use crate::{Context, Loc};

/// How serious a diagnostic is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Severity {
    Error,
    Warning,
    Note,
    Remark,
}

impl Severity {
    /// The word MLIR prints (`error`, `warning`, `note`, `remark`).
    pub fn word(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        }
    }
}

/// A diagnostic with its location and attached notes.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: Loc,
    pub message: String,
    pub notes: Vec<Diagnostic>,
}

static STACKTRACE_ON_DIAGNOSTIC: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// `--mlir-print-stacktrace-on-diagnostic`: every error and remark made
/// from now on carries a note with the stack that made it.
pub fn set_stacktrace_on_diagnostic(on: bool) {
    STACKTRACE_ON_DIAGNOSTIC.store(on, std::sync::atomic::Ordering::Relaxed);
}

const TRACE_NOTE: &str = "diagnostic emitted with trace:";

/// The note `--mlir-print-stacktrace-on-diagnostic` attaches: the frames
/// as LLVM prints them (` #N function (file:line)`).
fn stacktrace_note(loc: Loc) -> Diagnostic {
    let trace = std::backtrace::Backtrace::force_capture().to_string();
    let mut text = String::from(TRACE_NOTE);
    for line in trace.lines() {
        let line = line.trim_start();
        if let Some(at) = line.strip_prefix("at ") {
            text.push_str(&format!(" ({at})"));
        } else if let Some((n, name)) = line.split_once(": ") {
            text.push_str(&format!("\n #{n} {name}"));
        }
    }
    Diagnostic { severity: Severity::Note, loc, message: text, notes: Vec::new() }
}

impl Diagnostic {
    fn new(severity: Severity, loc: Loc, message: String) -> Self {
        let mut notes = Vec::new();
        if STACKTRACE_ON_DIAGNOSTIC.load(std::sync::atomic::Ordering::Relaxed) {
            notes.push(stacktrace_note(loc));
        }
        Diagnostic { severity, loc, message, notes }
    }

    /// An error at `loc`.
    pub fn error(loc: Loc, message: impl Into<String>) -> Self {
        Diagnostic::new(Severity::Error, loc, message.into())
    }

    /// A remark at `loc`.
    pub fn remark(loc: Loc, message: impl Into<String>) -> Self {
        Diagnostic::new(Severity::Remark, loc, message.into())
    }

    /// Attaches a note.
    pub fn with_note(mut self, loc: Loc, message: impl Into<String>) -> Self {
        let note = Diagnostic { severity: Severity::Note, loc, message: message.into(), notes: Vec::new() };
        // The stack trace stays the last note, as mlir-opt attaches it when
        // it emits the diagnostic.
        let at = match self.notes.last() {
            Some(last) if last.message.starts_with(TRACE_NOTE) => self.notes.len() - 1,
            _ => self.notes.len(),
        };
        self.notes.insert(at, note);
        self
    }
}

/// A file:line:col position, if the location (or the first file location
/// inside it) has one.
pub fn file_line_col(ctx: &Context, loc: Loc) -> Option<(String, u32, u32)> {
    match ctx.loc_kind(loc) {
        LocKind::FileLineCol { file, line, col } => Some((ctx.str(*file).to_string(), *line, *col)),
        LocKind::Name { child: Some(c), .. } => file_line_col(ctx, *c),
        LocKind::CallSite { callee, .. } => file_line_col(ctx, *callee),
        LocKind::Fused(f) => f.locs.iter().find_map(|l| file_line_col(ctx, *l)),
        _ => None,
    }
}

/// Renders a location the way MLIR prefixes diagnostics with it.
pub fn render_loc(ctx: &Context, loc: Loc) -> String {
    match file_line_col(ctx, loc) {
        Some((f, l, c)) => format!("{f}:{l}:{c}"),
        None => match ctx.loc_kind(loc) {
            LocKind::Name { name, .. } => format!("\"{}\"", ctx.str(*name)),
            _ => "loc(unknown)".to_string(),
        },
    }
}

/// Renders a diagnostic and its notes. With `source`, each diagnostic at a
/// position inside that buffer also shows the source line and a caret.
pub fn render(ctx: &Context, d: &Diagnostic, source: Option<(&str, &str)>) -> String {
    let mut out = String::new();
    render_into(ctx, d, source, &mut out);
    for n in &d.notes {
        // Like MLIR, a note at its error's location does not repeat the source line.
        let src = if n.loc == d.loc { None } else { source };
        render_into(ctx, n, src, &mut out);
    }
    out
}

fn render_into(ctx: &Context, d: &Diagnostic, source: Option<(&str, &str)>, out: &mut String) {
    out.push_str(&render_loc(ctx, d.loc));
    out.push_str(": ");
    out.push_str(d.severity.word());
    out.push_str(": ");
    out.push_str(&d.message);
    out.push('\n');
    if let (Some((name, text)), Some((f, line, col))) = (source, file_line_col(ctx, d.loc)) {
        // Line 0 is no line (the module's own location): no snippet, as in MLIR.
        if f == name && line > 0 {
            if let Some(src_line) = text.lines().nth(line.saturating_sub(1) as usize) {
                out.push_str(src_line);
                out.push('\n');
                let pad: String = src_line
                    .chars()
                    .take(col.saturating_sub(1) as usize)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                out.push_str(&pad);
                out.push_str("^\n");
            }
        }
    }
}

/// Writes `text` to stderr, ignoring failure: a closed stderr (the reader
/// of a pipe gone) must not turn a diagnostic into a panic, which is what
/// `eprint!` does.
pub fn write_stderr(text: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|_| err.flush());
}

/// Writes informational output (`--help`, `--version`, lists) to stdout.
/// A reader that closed the pipe early (`| head -1`) is not an error, as
/// for other Unix tools: returns exit status 0 then, and 1 (with a message
/// naming `tool`) on any other write failure.
pub fn write_info(tool: &str, text: &str) -> i32 {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            write_stderr(&format!("{tool}: cannot write to stdout: {e}\n"));
            1
        }
    }
}
