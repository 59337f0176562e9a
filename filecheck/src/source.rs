//! Named text buffers and diagnostics printed the way LLVM's `SourceMgr`
//! prints them: `file:line:col: kind: message`, the source line, a caret
//! line with `~` under a marked range.

use std::fmt::Write;
use std::rc::Rc;

/// A buffer's index in a [`SourceMgr`].
pub type BufferId = usize;

/// A position in one of the buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loc {
    pub buffer: BufferId,
    pub offset: usize,
}

/// Severity of a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Error,
    Warning,
    Remark,
    Note,
}

impl Kind {
    fn label(self) -> &'static str {
        match self {
            Kind::Error => "error",
            Kind::Warning => "warning",
            Kind::Remark => "remark",
            Kind::Note => "note",
        }
    }
}

struct Buffer {
    name: String,
    text: Rc<[u8]>,
    /// Offsets of the `\n` bytes, for line lookups.
    newlines: Vec<usize>,
}

/// The buffers diagnostics can point into, and the text printed so far.
#[derive(Default)]
pub struct SourceMgr {
    buffers: Vec<Buffer>,
    /// Everything printed (FileCheck's stderr).
    pub out: String,
}

impl SourceMgr {
    /// Adds a buffer and returns its id.
    pub fn add(&mut self, name: &str, text: Vec<u8>) -> BufferId {
        let newlines = text.iter().enumerate().filter(|(_, c)| **c == b'\n').map(|(i, _)| i).collect();
        self.buffers.push(Buffer { name: name.to_string(), text: text.into(), newlines });
        self.buffers.len() - 1
    }

    /// The text of a buffer.
    pub fn text(&self, id: BufferId) -> Rc<[u8]> {
        self.buffers[id].text.clone()
    }

    /// The name of a buffer.
    pub fn name(&self, id: BufferId) -> &str {
        &self.buffers[id].name
    }

    /// 1-based line and column of `loc`.
    pub fn line_col(&self, loc: Loc) -> (usize, usize) {
        let b = &self.buffers[loc.buffer];
        let line_index = b.newlines.partition_point(|&n| n < loc.offset);
        let line_start = if line_index == 0 { 0 } else { b.newlines[line_index - 1] + 1 };
        (line_index + 1, loc.offset - line_start + 1)
    }

    /// Prints a diagnostic at `loc`, marking `range` (offsets in the same
    /// buffer) with `~`.
    pub fn print(&mut self, loc: Loc, kind: Kind, msg: &str, range: Option<(usize, usize)>) {
        let (line, col) = self.line_col(loc);
        let b = &self.buffers[loc.buffer];
        let text = &b.text;
        let line_start = loc.offset - (col - 1);
        let mut line_end = line_start;
        while line_end < text.len() && text[line_end] != b'\n' && text[line_end] != b'\r' {
            line_end += 1;
        }
        let _ = writeln!(self.out, "{}:{}:{}: {}: {}", b.name, line, col, kind.label(), msg);
        let source = &text[line_start..line_end];
        // Caret line over the source columns, ranges as '~'.
        let mut carets = vec![b' '; source.len() + 1];
        if let Some((rs, re)) = range {
            let from = rs.max(line_start).saturating_sub(line_start);
            let to = re.min(line_end).saturating_sub(line_start);
            for c in carets.iter_mut().take(to.min(source.len() + 1)).skip(from) {
                *c = b'~';
            }
        }
        let caret_col = (col - 1).min(source.len());
        carets[caret_col] = b'^';
        let (src_line, caret_line) = expand_tabs(source, &carets);
        self.out.push_str(&src_line);
        self.out.push('\n');
        self.out.push_str(caret_line.trim_end());
        self.out.push('\n');
    }

    /// Prints a message with no location.
    pub fn print_plain(&mut self, msg: &str) {
        self.out.push_str(msg);
    }
}

/// The source line with tabs expanded to 8-column stops, and the caret
/// line aligned to it.
fn expand_tabs(source: &[u8], carets: &[u8]) -> (String, String) {
    let mut src: Vec<u8> = Vec::with_capacity(source.len());
    let mut car: Vec<u8> = Vec::with_capacity(source.len() + 1);
    for (i, &c) in source.iter().enumerate() {
        if c == b'\t' {
            let fill = 8 - src.len() % 8;
            let mark = carets[i];
            // The mark under a tab fills the tab's whole width, as in LLVM.
            for _ in 0..fill {
                src.push(b' ');
                car.push(mark);
            }
        } else {
            src.push(c);
            car.push(carets[i]);
        }
    }
    car.push(carets[source.len()]);
    (lossy(&src), lossy(&car))
}

/// `text` as a printable string for messages (lossy UTF-8).
pub fn lossy(text: &[u8]) -> String {
    String::from_utf8_lossy(text).into_owned()
}
