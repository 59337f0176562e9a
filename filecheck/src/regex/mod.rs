//! POSIX extended regular expressions with the exact behaviour of LLVM's
//! `llvm::Regex` (Henry Spencer's library as LLVM ships it): the same
//! syntax (`\d` is a plain `d`, `{` is literal unless a digit follows,
//! back references `\1`..`\9`), the same errors, leftmost-longest matching
//! and the same choice of what each group captured.
//!
//! FileCheck builds one regex per pattern and matches it against the rest
//! of the input; its verdicts (and the values variables capture) depend on
//! all of these details, which general-purpose regex crates do not share.

mod compile;
mod engine;

use compile::Program;

/// Why a pattern does not compile, with LLVM's messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    Collate,
    CType,
    Escape,
    SubReg,
    Brack,
    Paren,
    Brace,
    BadBr,
    Range,
    Space,
    BadRpt,
    Empty,
    Assert,
}

impl ErrorCode {
    /// The message `llvm::Regex::isValid` reports.
    pub fn message(self) -> &'static str {
        match self {
            ErrorCode::Collate => "invalid collating element",
            ErrorCode::CType => "invalid character class",
            ErrorCode::Escape => "trailing backslash (\\)",
            ErrorCode::SubReg => "invalid backreference number",
            ErrorCode::Brack => "brackets ([ ]) not balanced",
            ErrorCode::Paren => "parentheses not balanced",
            ErrorCode::Brace => "braces not balanced",
            ErrorCode::BadBr => "invalid repetition count(s)",
            ErrorCode::Range => "invalid character range",
            ErrorCode::Space => "out of memory",
            ErrorCode::BadRpt => "repetition-operator operand invalid",
            ErrorCode::Empty => "empty (sub)expression",
            ErrorCode::Assert => "\"can't happen\" -- you found a bug",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

/// A set of bytes.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct CharSet([u64; 4]);

impl CharSet {
    pub(crate) fn add(&mut self, c: u8) {
        self.0[usize::from(c / 64)] |= 1 << (c % 64);
    }
    pub(crate) fn remove(&mut self, c: u8) {
        self.0[usize::from(c / 64)] &= !(1 << (c % 64));
    }
    pub(crate) fn contains(&self, c: u8) -> bool {
        self.0[usize::from(c / 64)] >> (c % 64) & 1 == 1
    }
    pub(crate) fn union(&self, o: &CharSet) -> CharSet {
        CharSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }
    pub(crate) fn complement(&self) -> CharSet {
        CharSet([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
    /// The only member, if the set has exactly one.
    pub(crate) fn single(&self) -> Option<u8> {
        let count: u32 = self.0.iter().map(|w| w.count_ones()).sum();
        if count != 1 {
            return None;
        }
        (0..=255u8).find(|c| self.contains(*c))
    }
}

/// Compilation options.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags {
    /// `.` and negated brackets do not match `\n`; `^` and `$` also match
    /// after and before a newline.
    pub newline: bool,
    /// Letters match both cases.
    pub ignore_case: bool,
}

/// A compiled regular expression.
#[derive(Debug)]
pub struct Regex {
    prog: Program,
}

/// Where a match and each of its groups lie in the searched text.
pub type Captures = Vec<Option<(usize, usize)>>;

impl Regex {
    /// Compiles `pattern` (POSIX extended syntax, LLVM dialect).
    pub fn new(pattern: &str, flags: Flags) -> Result<Regex, ErrorCode> {
        Self::from_bytes(pattern.as_bytes(), flags)
    }

    /// Compiles a pattern given as bytes.
    pub fn from_bytes(pattern: &[u8], flags: Flags) -> Result<Regex, ErrorCode> {
        compile::compile(pattern, flags.newline, flags.ignore_case).map(|prog| Regex { prog })
    }

    /// The number of parenthesized groups.
    pub fn groups(&self) -> usize {
        self.prog.nsub
    }

    /// The leftmost-longest match in `text`: element 0 is the whole match,
    /// element `i` group `i` (`None` if it took no part).
    pub fn captures(&self, text: &[u8]) -> Option<Captures> {
        engine::search(&self.prog, text)
    }

    /// Whether `text` contains a match.
    pub fn is_match(&self, text: &[u8]) -> bool {
        self.captures(text).is_some()
    }
}

/// Characters with a meaning in extended regular expressions.
const METACHARS: &[u8] = b"()^$|*+?.[]\\{}";

/// `s` with every metacharacter escaped by a backslash, as
/// `llvm::Regex::escape` does.
pub fn escape(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 8);
    for &c in s {
        // strchr() finds the terminating NUL too, so LLVM escapes NUL bytes.
        if METACHARS.contains(&c) || c == 0 {
            out.push(b'\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(re: &str, text: &str) -> Option<Vec<Option<String>>> {
        let r = Regex::new(re, Flags { newline: true, ignore_case: false }).unwrap();
        r.captures(text.as_bytes()).map(|c| c.into_iter().map(|g| g.map(|(s, e)| text[s..e].to_string())).collect())
    }

    fn s(x: &str) -> Option<String> {
        Some(x.to_string())
    }

    #[test]
    fn leftmost_longest() {
        assert_eq!(caps("a|ab", "xabc"), Some(vec![s("ab")]));
        assert_eq!(caps("(a|ab)(c|bcd)", "abcd"), Some(vec![s("abcd"), s("a"), s("bcd")]));
        assert_eq!(caps("x*", "yxx"), Some(vec![s("")]));
    }

    #[test]
    fn greedy_group_gives_ground() {
        assert_eq!(caps("%(.*) = %(.*) to", "%iv = %c0 to %c8"), Some(vec![s("%iv = %c0 to"), s("iv"), s("c0")]));
        assert_eq!(caps("a(.*)b", "a1b2b"), Some(vec![s("a1b2b"), s("1b2")]));
    }

    #[test]
    fn llvm_dialect() {
        // \d is a plain 'd'; { is literal unless a digit follows.
        assert_eq!(caps("\\d", "1d"), Some(vec![s("d")]));
        assert_eq!(caps("a{b", "a{b"), Some(vec![s("a{b")]));
        assert_eq!(caps("a{2}", "aaa"), Some(vec![s("aa")]));
        assert_eq!(Regex::new("", Flags::default()).unwrap_err(), ErrorCode::Empty);
        assert_eq!(Regex::new("a**", Flags::default()).unwrap_err(), ErrorCode::BadRpt);
        assert_eq!(Regex::new("(a", Flags::default()).unwrap_err(), ErrorCode::Paren);
        assert_eq!(Regex::new("[a", Flags::default()).unwrap_err(), ErrorCode::Brack);
        assert_eq!(Regex::new("\\2(a)", Flags::default()).unwrap_err(), ErrorCode::SubReg);
    }

    #[test]
    fn newline_mode() {
        assert_eq!(caps("b.*", "abc\ndef"), Some(vec![s("bc")]));
        assert_eq!(caps("^d", "abc\ndef"), Some(vec![s("d")]));
        assert_eq!(caps("c$", "abc\ndef"), Some(vec![s("c")]));
        assert_eq!(caps("[^x]+", "ab\ncd"), Some(vec![s("ab")]));
    }

    #[test]
    fn back_references() {
        assert_eq!(caps("(a+)b\\1", "aabaab"), Some(vec![s("aabaa"), s("aa")]));
        // Leftmost wins: an empty group before the first space.
        assert_eq!(caps("(.*) \\1", "xy ab ab"), Some(vec![s(" "), s("")]));
        assert_eq!(caps("(a)|b\\1", "b"), None);
    }

    #[test]
    fn classes_and_brackets() {
        assert_eq!(caps("[[:digit:]]+", "ab123c"), Some(vec![s("123")]));
        assert_eq!(caps("[]a]+", "x]a]"), Some(vec![s("]a]")]));
        assert_eq!(caps("[[:<:]]b", "ab b"), Some(vec![s("b")]));
    }

    #[test]
    fn ignore_case() {
        let r = Regex::new("abc", Flags { newline: true, ignore_case: true }).unwrap();
        assert!(r.is_match(b"xAbC"));
    }
}
