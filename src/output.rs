//! The input's chunks (`// -----`) and where the output goes (`-o` or
//! stdout, written as it is printed).

use std::io::Write;

use tessel_ir::parser::BufferStart;
use tessel_ir::printer::PrintedText;

use crate::input::Input;

/// One `// -----` chunk of the input.
pub struct Chunk<'a> {
    pub text: &'a str,
    /// Where the chunk starts in the whole buffer.
    pub start: BufferStart,
    /// The input this chunk is the whole of: the parser gives back the
    /// pages it has read ([`Input::release_prefix`]), and the rest go once
    /// the chunk is parsed, verified and transformed, before the printer
    /// runs ([`Input::release`]).
    pub input: Option<&'a Input>,
}

/// Where the output goes: `-o FILE` or stdout, opened at the first write.
/// The printer writes a whole-input chunk here as it prints it
/// ([`print_op_top_to`]), instead of building the text first.
pub struct OutputTarget {
    path: Option<String>,
    writer: Option<Box<dyn Write + Send>>,
    /// A write failed and was reported: later writes are dropped silently
    /// (the error is said once).
    failed: bool,
}

impl OutputTarget {
    /// The target of `-o` (`None` or `-`: stdout).
    pub fn new(path: Option<&str>) -> Self {
        OutputTarget { path: path.filter(|p| *p != "-").map(str::to_string), writer: None, failed: false }
    }

    /// The writer, opening the file at the first call. Errors are the
    /// messages tessel-opt prints.
    pub fn writer(&mut self) -> Result<&mut (dyn Write + Send), String> {
        if self.writer.is_none() {
            // Buffered: the output comes in pieces, and stdout alone would
            // write at every newline.
            let w: Box<dyn Write + Send> = match &self.path {
                Some(path) => Box::new(std::io::BufWriter::with_capacity(
                    1 << 16,
                    std::fs::File::create(path).map_err(|e| format!("cannot write '{path}': {e}"))?,
                )),
                None => Box::new(std::io::BufWriter::with_capacity(1 << 16, std::io::stdout())),
            };
            self.writer = Some(w);
        }
        Ok(self.writer.as_deref_mut().expect("opened above"))
    }

    /// Runs `write` on the writer and flushes it. After a failure (which
    /// the caller reports) later writes do nothing.
    pub fn write_with(
        &mut self,
        write: impl FnOnce(&mut (dyn Write + Send)) -> std::io::Result<()>,
    ) -> Result<(), String> {
        if self.failed {
            return Ok(());
        }
        let written = match self.writer() {
            Ok(w) => write(&mut *w).and_then(|()| w.flush()).map_err(|e| match &self.path {
                Some(path) => format!("cannot write '{path}': {e}"),
                None => format!("cannot write output: {e}"),
            }),
            Err(e) => Err(e),
        };
        self.failed = written.is_err();
        written
    }

    /// Writes `text` and flushes.
    pub fn write_all(&mut self, text: &PrintedText) -> Result<(), String> {
        self.write_with(|w| text.write_to(w))
    }
}

/// The split marker. Like mlir-opt, it splits wherever it occurs, even
/// inside a longer comment line; a chunk starts right after it.
pub const SPLIT_MARKER: &str = "// -----";

/// Splits the input at every [`SPLIT_MARKER`].
pub fn split_input(text: &str) -> Vec<Chunk<'_>> {
    let mut chunks = Vec::new();
    let mut start = 0usize;
    let mut begin = BufferStart::default();
    for (pos, _) in text.match_indices(SPLIT_MARKER) {
        chunks.push(Chunk { text: &text[start..pos], start: begin, input: None });
        start = pos + SPLIT_MARKER.len();
        let line = text[..start].matches('\n').count() as u32;
        let line_start = text[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
        begin = BufferStart { line, col: text[line_start..start].chars().count() as u32 };
    }
    chunks.push(Chunk { text: &text[start..], start: begin, input: None });
    chunks
}
