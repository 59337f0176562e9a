//! The input buffer: stdin and small files are read into memory; large
//! regular files are mapped, as LLVM's `MemoryBuffer` does for mlir-opt.
//!
//! A mapping costs no copy and no freshly zeroed pages (the file's pages
//! come from the page cache), and its pages can be given back as soon as
//! they have been read: the UTF-8 check, the parser's line scan and the
//! parser itself each release what they are done with
//! ([`Input::release_prefix`]), and what is left goes before printing
//! ([`Input::release`]). The peak memory then holds a few megabytes of
//! the input, not all of it beside the IR.

use std::io::Read;

/// Files at least this large are mapped instead of read.
const MAP_THRESHOLD: u64 = 1 << 20;

/// The UTF-8 check of a mapped file goes this far between releases.
const CHECK_STEP: usize = 8 << 20;

/// Inputs at least this large turn transparent huge pages off
/// ([`Input::choose_page_size`]).
const SMALL_PAGES_FROM: usize = 24 << 20;

/// The page size the releases round to (a larger real page only makes
/// `madvise` drop less).
const PAGE: usize = 4096;

/// The text of the input and where it lives.
pub enum Input {
    /// Read into memory (stdin, small files, files that cannot be mapped).
    Owned(String),
    /// A read-only private mapping of a regular file, checked to be UTF-8.
    Mapped(memmap2::Mmap),
}

impl Input {
    /// Reads `path` (`-` for stdin); returns the input and its name for
    /// locations. Errors are the messages tessel-opt prints.
    pub fn read(path: &str) -> Result<(Input, String), String> {
        if path == "-" {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read stdin: {e}"))?;
            return Ok((Input::Owned(s), "<stdin>".into()));
        }
        let open_err = |e: std::io::Error| format!("Could not open input file '{path}': {e}");
        let not_utf8 = || format!("input file '{path}' is not valid UTF-8");
        let mut file = std::fs::File::open(path).map_err(open_err)?;
        let meta = file.metadata().map_err(open_err)?;
        if meta.is_file() && meta.len() >= MAP_THRESHOLD {
            // SAFETY: the mapping is read-only and private. Like LLVM's
            // mapped buffers, it assumes the file is not truncated or
            // rewritten while tessel-opt runs.
            if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
                let input = Input::Mapped(map);
                input.check_utf8().map_err(|()| not_utf8())?;
                return Ok((input, path.to_string()));
            }
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(open_err)?;
        let s = String::from_utf8(bytes).map_err(|_| not_utf8())?;
        Ok((Input::Owned(s), path.to_string()))
    }

    /// Chooses the page size for the IR of this input, for the rest of
    /// the process. mimalloc asks for transparent huge pages, and up to
    /// 100k ops they pay: one fault per 2 MiB instead of 512, 10-15% less
    /// time. On larger inputs the time is the same and they cost resident
    /// memory: 2 MiB granules that are only partly used (1M ops: 314 vs
    /// 256 MB on small functions, 358 vs 300 MB on `scf.for` nests). So from
    /// [`SMALL_PAGES_FROM`] bytes of input on, the process turns them off
    /// (`PR_SET_THP_DISABLE`, which the kernel checks at each fault).
    pub fn choose_page_size(&self) {
        #[cfg(target_os = "linux")]
        if self.text().len() >= SMALL_PAGES_FROM {
            // SAFETY: a plain syscall on the calling process; a failure
            // (an old kernel) only leaves huge pages on.
            unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0) };
        }
    }

    /// The input text.
    pub fn text(&self) -> &str {
        match self {
            Input::Owned(s) => s,
            // SAFETY: `read` checked that the mapped bytes are UTF-8, and
            // the mapping is never written.
            Input::Mapped(m) => unsafe { std::str::from_utf8_unchecked(m) },
        }
    }

    /// Checks a mapped input is UTF-8, a step at a time, giving back each
    /// step's pages once it is checked.
    fn check_utf8(&self) -> Result<(), ()> {
        let Input::Mapped(map) = self else { return Ok(()) };
        let mut at = 0;
        while at < map.len() {
            let end = (at + CHECK_STEP).min(map.len());
            at = match std::str::from_utf8(&map[at..end]) {
                Ok(_) => end,
                // A character cut by the step's end: check it with the next.
                Err(e) if e.error_len().is_none() && end < map.len() => at + e.valid_up_to(),
                Err(_) => return Err(()),
            };
            self.release_prefix(at);
        }
        Ok(())
    }

    /// Gives back the pages of a mapped input that lie wholly before byte
    /// `end` (all of them from the input's length on); like
    /// [`Self::release`], the text stays readable.
    pub fn release_prefix(&self, end: usize) {
        if let Input::Mapped(m) = self {
            // The last page of the mapping is whole to the system (the
            // kernel rounds the length up); any other partial page stays.
            let len = if end >= m.len() { m.len() } else { end / PAGE * PAGE };
            if len > 0 {
                // SAFETY: the mapping is private and never written, so
                // dropping its pages loses nothing: they are re-read from
                // the file. The range is inside the mapping.
                let _ = unsafe { m.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, 0, len) };
            }
        }
    }

    /// Gives a mapped input's pages back to the system. The text stays
    /// readable: a later read (a diagnostic quoting a source line) faults
    /// the pages in again from the file.
    pub fn release(&self) {
        self.release_prefix(usize::MAX);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether this process has transparent huge pages turned off.
    #[cfg(target_os = "linux")]
    fn thp_disabled() -> bool {
        // SAFETY: a query of the calling process's flag.
        unsafe { libc::prctl(libc::PR_GET_THP_DISABLE, 0, 0, 0, 0) == 1 }
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn huge_pages_go_off_from_the_threshold_on() {
        // One test, in this order: the flag is the whole process's.
        Input::Owned("x".repeat(SMALL_PAGES_FROM - 1)).choose_page_size();
        assert!(!thp_disabled(), "an input below the threshold keeps huge pages");
        Input::Owned("x".repeat(SMALL_PAGES_FROM)).choose_page_size();
        assert!(thp_disabled(), "an input at the threshold turns them off");
    }
}
