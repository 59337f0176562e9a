//! The MLIR lexer: turns text into tokens on demand.

/// Token kinds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tok {
    Eof,
    Error,
    BareId,
    PercentId,
    CaretId,
    HashId,
    BangId,
    AtId,
    Integer,
    Float,
    String,
    LParen,
    RParen,
    LBrace,
    RBrace,
    LSquare,
    RSquare,
    Less,
    Greater,
    Colon,
    Comma,
    Equal,
    Arrow,
    Question,
    Star,
    Plus,
    Minus,
    Ellipsis,
    FileMetaBegin,
    FileMetaEnd,
    Vertical,
}

impl Tok {
    /// How the parser names the token in "expected ..." messages.
    pub fn spelling(self) -> &'static str {
        match self {
            Tok::LParen => "'('",
            Tok::RParen => "')'",
            Tok::LBrace => "'{'",
            Tok::RBrace => "'}'",
            Tok::LSquare => "'['",
            Tok::RSquare => "']'",
            Tok::Less => "'<'",
            Tok::Greater => "'>'",
            Tok::Colon => "':'",
            Tok::Comma => "','",
            Tok::Equal => "'='",
            Tok::Arrow => "'->'",
            Tok::Question => "'?'",
            Tok::Star => "'*'",
            Tok::Plus => "'+'",
            Tok::Minus => "'-'",
            Tok::Vertical => "'|'",
            _ => "token",
        }
    }
}

/// A token: kind and byte range in the source.
#[derive(Copy, Clone, Debug)]
pub struct Token {
    pub kind: Tok,
    pub start: usize,
    pub end: usize,
}

/// Character classes, one table lookup per byte in the hot loops.
const WS: u8 = 1;
const ID_START: u8 = 2;
const ID_CHAR: u8 = 4;
const SUFFIX_CHAR: u8 = 8;

const fn class_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let mut k = 0;
        if b.is_ascii_whitespace() {
            k |= WS;
        }
        if b.is_ascii_alphabetic() || b == b'_' {
            k |= ID_START;
        }
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.' {
            k |= ID_CHAR | SUFFIX_CHAR;
        }
        if b == b'-' {
            k |= SUFFIX_CHAR;
        }
        t[c] = k;
        c += 1;
    }
    t
}

static CLASS: [u8; 256] = class_table();

#[inline]
fn is(c: u8, class: u8) -> bool {
    CLASS[c as usize] & class != 0
}

/// The end of the run of `class` bytes starting at `from`.
#[inline]
fn run_end(src: &[u8], from: usize, class: u8) -> usize {
    match src.get(from..) {
        Some(rest) => from + rest.iter().position(|&b| !is(b, class)).unwrap_or(rest.len()),
        None => from,
    }
}

/// Skips whitespace and `//` comments from `pos`.
pub fn skip_trivia(src: &[u8], mut pos: usize) -> usize {
    loop {
        pos = run_end(src, pos, WS);
        if pos + 1 < src.len() && src[pos] == b'/' && src[pos + 1] == b'/' {
            pos = memchr::memchr(b'\n', &src[pos..]).map_or(src.len(), |i| pos + i);
            continue;
        }
        return pos;
    }
}

/// Lexes one token starting at `pos` (after trivia).
pub fn lex(src: &[u8], pos: usize) -> Token {
    let start = skip_trivia(src, pos);
    let tok = |kind, end| Token { kind, start, end };
    if start >= src.len() {
        return tok(Tok::Eof, start);
    }
    let c = src[start];
    let at = |i: usize| src.get(i).copied().unwrap_or(0);
    match c {
        b'(' => tok(Tok::LParen, start + 1),
        b')' => tok(Tok::RParen, start + 1),
        b'{' => {
            if at(start + 1) == b'-' && at(start + 2) == b'#' {
                tok(Tok::FileMetaBegin, start + 3)
            } else {
                tok(Tok::LBrace, start + 1)
            }
        }
        b'}' => tok(Tok::RBrace, start + 1),
        b'[' => tok(Tok::LSquare, start + 1),
        b']' => tok(Tok::RSquare, start + 1),
        b'<' => tok(Tok::Less, start + 1),
        b'>' => tok(Tok::Greater, start + 1),
        b':' => tok(Tok::Colon, start + 1),
        b',' => tok(Tok::Comma, start + 1),
        b'=' => tok(Tok::Equal, start + 1),
        b'?' => tok(Tok::Question, start + 1),
        b'*' => tok(Tok::Star, start + 1),
        b'+' => tok(Tok::Plus, start + 1),
        b'|' => tok(Tok::Vertical, start + 1),
        b'-' => {
            if at(start + 1) == b'>' {
                tok(Tok::Arrow, start + 2)
            } else {
                tok(Tok::Minus, start + 1)
            }
        }
        b'.' => {
            if at(start + 1) == b'.' && at(start + 2) == b'.' {
                tok(Tok::Ellipsis, start + 3)
            } else {
                tok(Tok::Error, start + 1)
            }
        }
        b'"' => {
            let mut i = start + 1;
            while i < src.len() {
                match src[i] {
                    b'"' => return tok(Tok::String, i + 1),
                    b'\\' => i += 2,
                    b'\n' => return tok(Tok::Error, i),
                    _ => i += 1,
                }
            }
            tok(Tok::Error, src.len())
        }
        b'%' | b'^' | b'!' | b'#' | b'@' => {
            if c == b'#' && at(start + 1) == b'-' && at(start + 2) == b'}' {
                return tok(Tok::FileMetaEnd, start + 3);
            }
            let kind = match c {
                b'%' => Tok::PercentId,
                b'^' => Tok::CaretId,
                b'!' => Tok::BangId,
                b'#' => Tok::HashId,
                _ => Tok::AtId,
            };
            if c == b'@' && at(start + 1) == b'"' {
                let t = lex(src, start + 1);
                return Token { kind: if t.kind == Tok::String { Tok::AtId } else { Tok::Error }, start, end: t.end };
            }
            let mut i = start + 1;
            let first = at(i);
            if first.is_ascii_digit() && c != b'!' && c != b'#' && c != b'@' {
                while at(i).is_ascii_digit() {
                    i += 1;
                }
            } else if is(first, ID_START) || first == b'$' || first == b'.' || (first == b'-' && c != b'!') {
                i = run_end(src, i + 1, if c == b'!' || c == b'#' { ID_CHAR } else { SUFFIX_CHAR });
            } else if first.is_ascii_digit() {
                while at(i).is_ascii_digit() {
                    i += 1;
                }
            } else {
                return tok(Tok::Error, start + 1);
            }
            tok(kind, i)
        }
        b'0'..=b'9' => {
            let mut i = start;
            if c == b'0' && at(i + 1) == b'x' && at(i + 2).is_ascii_hexdigit() {
                i += 2;
                while at(i).is_ascii_hexdigit() {
                    i += 1;
                }
                return tok(Tok::Integer, i);
            }
            while at(i).is_ascii_digit() {
                i += 1;
            }
            if at(i) != b'.' {
                return tok(Tok::Integer, i);
            }
            i += 1;
            while at(i).is_ascii_digit() {
                i += 1;
            }
            if at(i) == b'e' || at(i) == b'E' {
                let mut j = i + 1;
                if at(j) == b'+' || at(j) == b'-' {
                    j += 1;
                }
                if at(j).is_ascii_digit() {
                    while at(j).is_ascii_digit() {
                        j += 1;
                    }
                    i = j;
                }
            }
            tok(Tok::Float, i)
        }
        _ if is(c, ID_START) => tok(Tok::BareId, run_end(src, start + 1, ID_CHAR)),
        _ => {
            // Step over a whole UTF-8 character so error locations stay valid.
            let mut end = start + 1;
            while end < src.len() && (src[end] & 0xC0) == 0x80 {
                end += 1;
            }
            tok(Tok::Error, end)
        }
    }
}

/// Decodes the body of a string token (with its quotes) into bytes.
pub fn unescape(tok_text: &str) -> Result<String, String> {
    let b = tok_text.as_bytes();
    let inner = &b[1..b.len().saturating_sub(1).max(1)];
    let mut out: Vec<u8> = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        if inner[i] != b'\\' {
            out.push(inner[i]);
            i += 1;
            continue;
        }
        let n = inner.get(i + 1).copied().unwrap_or(0);
        match n {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'"' => out.push(b'"'),
            b'\\' => out.push(b'\\'),
            _ if n.is_ascii_hexdigit() && inner.get(i + 2).is_some_and(|c| c.is_ascii_hexdigit()) => {
                let h = std::str::from_utf8(&inner[i + 1..i + 3]).unwrap_or("0");
                out.push(u8::from_str_radix(h, 16).unwrap_or(0));
                i += 3;
                continue;
            }
            _ => return Err("unknown escape in string literal".into()),
        }
        i += 2;
    }
    String::from_utf8(out).map_err(|_| "string literal is not valid UTF-8".into())
}
