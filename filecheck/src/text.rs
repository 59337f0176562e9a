//! Slices of source buffers that remember where they are, so that every
//! diagnostic can point at the text it is about (LLVM's `StringRef` into a
//! `SourceMgr` buffer).

use crate::source::{BufferId, Loc};

/// A range of a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub buf: BufferId,
    pub start: usize,
    pub end: usize,
}

impl Span {
    /// Where the span starts.
    pub fn loc(&self) -> Loc {
        Loc { buffer: self.buf, offset: self.start }
    }
    /// Whether the span is empty.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

/// A slice of a buffer's text together with its position.
#[derive(Clone, Copy, Debug)]
pub struct Str<'a> {
    all: &'a [u8],
    buf: BufferId,
    pub start: usize,
    pub end: usize,
}

impl<'a> Str<'a> {
    /// The whole of a buffer's text.
    pub fn whole(all: &'a [u8], buf: BufferId) -> Self {
        Str { all, buf, start: 0, end: all.len() }
    }
    /// `start..end` of a buffer.
    pub fn new(all: &'a [u8], buf: BufferId, start: usize, end: usize) -> Self {
        Str { all, buf, start, end }
    }
    /// The whole buffer this slice is in.
    pub fn all(&self) -> &'a [u8] {
        self.all
    }
    pub fn bytes(&self) -> &'a [u8] {
        &self.all[self.start..self.end]
    }
    pub fn span(&self) -> Span {
        Span { buf: self.buf, start: self.start, end: self.end }
    }
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
    pub fn first(&self) -> Option<u8> {
        self.bytes().first().copied()
    }
    pub fn last(&self) -> Option<u8> {
        self.bytes().last().copied()
    }
    pub fn starts_with(&self, p: &[u8]) -> bool {
        self.bytes().starts_with(p)
    }
    pub fn contains(&self, p: &[u8]) -> bool {
        self.find(p, 0).is_some()
    }
    /// Offset of the first occurrence of `p` at or after `from`.
    pub fn find(&self, p: &[u8], from: usize) -> Option<usize> {
        find(self.bytes(), p, from)
    }
    pub fn find_byte(&self, c: u8) -> Option<usize> {
        self.bytes().iter().position(|&b| b == c)
    }
    /// Offset of the first byte in `set`.
    pub fn find_first_of(&self, set: &[u8]) -> Option<usize> {
        self.bytes().iter().position(|b| set.contains(b))
    }
    /// The bytes from `from` (clamped) to the end.
    pub fn substr(&self, from: usize) -> Self {
        let s = (self.start + from).min(self.end);
        Str { start: s, ..*self }
    }
    /// At most `n` bytes from `from`.
    pub fn slice(&self, from: usize, n: usize) -> Self {
        let s = (self.start + from).min(self.end);
        let e = s.saturating_add(n).min(self.end);
        Str { start: s, end: e, ..*self }
    }
    /// The first `n` bytes (clamped).
    pub fn take(&self, n: usize) -> Self {
        Str { end: (self.start + n).min(self.end), ..*self }
    }
    /// Without the last `n` bytes.
    pub fn drop_back(&self, n: usize) -> Self {
        Str { end: self.end.saturating_sub(n).max(self.start), ..*self }
    }
    pub fn ltrim(&self, set: &[u8]) -> Self {
        let mut s = *self;
        while s.first().is_some_and(|c| set.contains(&c)) {
            s.start += 1;
        }
        s
    }
    pub fn rtrim(&self, set: &[u8]) -> Self {
        let mut s = *self;
        while s.last().is_some_and(|c| set.contains(&c)) {
            s.end -= 1;
        }
        s
    }
    pub fn consume_front(&mut self, p: &[u8]) -> bool {
        if self.starts_with(p) {
            self.start += p.len();
            true
        } else {
            false
        }
    }
    /// The text as a (lossy) string.
    pub fn string(&self) -> String {
        String::from_utf8_lossy(self.bytes()).into_owned()
    }
}

/// Offset of the first occurrence of `needle` in `hay` at or after `from`.
pub fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from > hay.len() {
        return None;
    }
    if needle.is_empty() {
        return Some(from);
    }
    let first = needle[0];
    let mut i = from;
    while i + needle.len() <= hay.len() {
        match hay[i..hay.len() + 1 - needle.len()].iter().position(|&c| c == first) {
            None => return None,
            Some(p) => {
                i += p;
                if &hay[i..i + needle.len()] == needle {
                    return Some(i);
                }
                i += 1;
            }
        }
    }
    None
}

/// Case-insensitive (ASCII) [`find`].
pub fn find_ignore_case(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    (0..=hay.len().checked_sub(needle.len())?).find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

/// Whether `c` continues a word for prefix detection (`[A-Za-z0-9_-]`).
pub fn is_part_of_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-' || c == b'_'
}
