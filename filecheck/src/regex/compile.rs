//! Compiling a POSIX extended regular expression into the "strip" program
//! that LLVM's regex library (Henry Spencer's engine) runs.
//!
//! FileCheck's verdicts depend on exactly how that engine chooses among
//! matches (leftmost-longest overall, then a particular assignment of
//! subexpressions), and that choice depends on the shape of the compiled
//! program: `x*` is compiled as `(x+)?`, `x?` as `(x|)`, bounds `x{m,n}` are
//! unrolled. This module builds the same program shape so that the engine in
//! `engine.rs` makes the same choices.

use super::{CharSet, ErrorCode};

/// One operation of the compiled program. Operands are offsets to the
/// matching operation (forward for openers, backward for closers), a
/// character, a set index or a subexpression number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Op {
    /// Program start and end marker.
    End,
    /// A literal byte.
    Char,
    /// Beginning of line.
    Bol,
    /// End of line.
    Eol,
    /// Any byte.
    Any,
    /// A byte of a set.
    AnyOf,
    /// Start of a back reference (its group's program follows).
    BackStart,
    /// End of a back reference.
    BackEnd,
    /// Start of a `+` loop; operand: distance to its end.
    PlusStart,
    /// End of a `+` loop; operand: distance back to its start.
    PlusEnd,
    /// Start of an optional part; operand: distance to its end.
    QuestStart,
    /// End of an optional part.
    QuestEnd,
    /// Open group `n`.
    LParen,
    /// Close group `n`.
    RParen,
    /// Start of an alternation; operand: distance to the first `Or1`.
    ChStart,
    /// End of one alternative; operand: distance back to its start.
    Or1,
    /// Start of the next alternative; operand: distance to the next `Or2`
    /// or to `ChEnd`.
    Or2,
    /// End of an alternation.
    ChEnd,
    /// Beginning of word (`[[:<:]]`).
    Bow,
    /// Memory the C library never wrote (a copy reaching past dropped
    /// operations); matches nothing.
    Nop,
    /// End of word (`[[:>:]]`).
    Eow,
}

/// An operation with its operand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sop {
    pub op: Op,
    pub opnd: u32,
}

/// The compiled program and what the matcher needs to know about it.
#[derive(Debug)]
pub(crate) struct Program {
    pub strip: Vec<Sop>,
    pub sets: Vec<CharSet>,
    pub nsub: usize,
    pub nbol: usize,
    pub neol: usize,
    pub backrefs: bool,
    pub nplus: usize,
    pub newline: bool,
}

const DUPMAX: u32 = 255;
const INFINITY: u32 = DUPMAX + 1;
const NPAREN: usize = 10;

/// POSIX character classes in the C locale.
const CLASSES: &[(&str, &str)] = &[
    ("alnum", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"),
    ("alpha", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
    ("blank", " \t"),
    (
        "cntrl",
        "\x07\x08\t\n\x0b\x0c\r\x01\x02\x03\x04\x05\x06\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f",
    ),
    ("digit", "0123456789"),
    (
        "graph",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
    ),
    ("lower", "abcdefghijklmnopqrstuvwxyz"),
    (
        "print",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ",
    ),
    ("punct", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    ("space", "\t\n\x0b\x0c\r "),
    ("upper", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    ("xdigit", "0123456789ABCDEFabcdef"),
];

/// Collating element names usable in `[[.name.]]` and `[[=name=]]`.
const COLLATING_NAMES: &[(&str, u8)] = &[
    ("NUL", 0),
    ("SOH", 1),
    ("STX", 2),
    ("ETX", 3),
    ("EOT", 4),
    ("ENQ", 5),
    ("ACK", 6),
    ("BEL", 7),
    ("alert", 7),
    ("BS", 8),
    ("backspace", 8),
    ("HT", 9),
    ("tab", 9),
    ("LF", 10),
    ("newline", 10),
    ("VT", 11),
    ("vertical-tab", 11),
    ("FF", 12),
    ("form-feed", 12),
    ("CR", 13),
    ("carriage-return", 13),
    ("SO", 14),
    ("SI", 15),
    ("DLE", 16),
    ("DC1", 17),
    ("DC2", 18),
    ("DC3", 19),
    ("DC4", 20),
    ("NAK", 21),
    ("SYN", 22),
    ("ETB", 23),
    ("CAN", 24),
    ("EM", 25),
    ("SUB", 26),
    ("ESC", 27),
    ("IS4", 28),
    ("FS", 28),
    ("IS3", 29),
    ("GS", 29),
    ("IS2", 30),
    ("RS", 30),
    ("IS1", 31),
    ("US", 31),
    ("space", b' '),
    ("exclamation-mark", b'!'),
    ("quotation-mark", b'"'),
    ("number-sign", b'#'),
    ("dollar-sign", b'$'),
    ("percent-sign", b'%'),
    ("ampersand", b'&'),
    ("apostrophe", b'\''),
    ("left-parenthesis", b'('),
    ("right-parenthesis", b')'),
    ("asterisk", b'*'),
    ("plus-sign", b'+'),
    ("comma", b','),
    ("hyphen", b'-'),
    ("hyphen-minus", b'-'),
    ("period", b'.'),
    ("full-stop", b'.'),
    ("slash", b'/'),
    ("solidus", b'/'),
    ("zero", b'0'),
    ("one", b'1'),
    ("two", b'2'),
    ("three", b'3'),
    ("four", b'4'),
    ("five", b'5'),
    ("six", b'6'),
    ("seven", b'7'),
    ("eight", b'8'),
    ("nine", b'9'),
    ("colon", b':'),
    ("semicolon", b';'),
    ("less-than-sign", b'<'),
    ("equals-sign", b'='),
    ("greater-than-sign", b'>'),
    ("question-mark", b'?'),
    ("commercial-at", b'@'),
    ("left-square-bracket", b'['),
    ("backslash", b'\\'),
    ("reverse-solidus", b'\\'),
    ("right-square-bracket", b']'),
    ("circumflex", b'^'),
    ("circumflex-accent", b'^'),
    ("underscore", b'_'),
    ("low-line", b'_'),
    ("grave-accent", b'`'),
    ("left-brace", b'{'),
    ("left-curly-bracket", b'{'),
    ("vertical-line", b'|'),
    ("right-brace", b'}'),
    ("right-curly-bracket", b'}'),
    ("tilde", b'~'),
    ("DEL", 127),
];

/// Compiles `pattern` (extended syntax). `newline`: `.` and negated sets do
/// not match `\n`, `^`/`$` match at line boundaries. `icase`: letters match
/// either case.
pub(crate) fn compile(pattern: &[u8], newline: bool, icase: bool) -> Result<Program, ErrorCode> {
    let mut p = Parser {
        pat: pattern,
        next: 0,
        end: pattern.len(),
        error: None,
        raw: Vec::with_capacity(pattern.len() * 3 / 2 + 2),
        slen: 0,
        sets: Vec::new(),
        nsub: 0,
        pbegin: [0; NPAREN],
        pend: [0; NPAREN],
        newline,
        icase,
        nbol: 0,
        neol: 0,
        backrefs: false,
        depth: 0,
    };
    p.emit(Op::End, 0);
    p.ere(None);
    p.emit(Op::End, 0);
    if let Some(e) = p.error {
        return Err(e);
    }
    let mut strip = p.raw;
    strip.truncate(p.slen);
    if !consistent(&strip) {
        return Err(ErrorCode::Assert);
    }

    let nplus = plus_nesting(&strip).ok_or(ErrorCode::Assert)?;
    Ok(Program { strip, sets: p.sets, nsub: p.nsub, nbol: p.nbol, neol: p.neol, backrefs: p.backrefs, nplus, newline })
}

/// The C library's sanity scan of optional parts and alternations (done
/// while looking for a literal every match must contain): each must end
/// where its operands say. Copies of dropped operations (`(x){0}` then
/// `\1`) can break this; the library then reports "can't happen".
fn consistent(strip: &[Sop]) -> bool {
    let mut scan = 1;
    loop {
        let Some(&s) = strip.get(scan) else { return false };
        scan += 1;
        if matches!(s.op, Op::QuestStart | Op::ChStart) {
            let mut at = scan - 1;
            let mut cur = s;
            loop {
                at += cur.opnd as usize;
                let Some(&next) = strip.get(at) else { return false };
                cur = next;
                if !matches!(cur.op, Op::QuestEnd | Op::ChEnd | Op::Or2) {
                    return false;
                }
                if matches!(cur.op, Op::QuestEnd | Op::ChEnd) {
                    break;
                }
            }
            scan = at;
            continue;
        }
        if s.op == Op::End {
            return true;
        }
    }
}

/// Deepest nesting of `+` loops (the backtracking matcher keeps one
/// position per level); `None` if the loops are unbalanced.
fn plus_nesting(strip: &[Sop]) -> Option<usize> {
    let (mut nest, mut max) = (0usize, 0usize);
    for s in &strip[1..] {
        match s.op {
            Op::PlusStart => nest += 1,
            Op::PlusEnd => {
                max = max.max(nest);
                nest = nest.checked_sub(1)?;
            }
            _ => {}
        }
    }
    (nest == 0).then_some(max)
}

/// Deepest group nesting accepted; deeper patterns are reported as too
/// large instead of overflowing the stack.
const MAX_DEPTH: usize = 1000;

struct Parser<'a> {
    pat: &'a [u8],
    next: usize,
    end: usize,
    error: Option<ErrorCode>,
    /// The program's memory: operations past `slen` are stale (dropped),
    /// as in the C library, where copies can still read them.
    raw: Vec<Sop>,
    slen: usize,
    sets: Vec<CharSet>,
    nsub: usize,
    pbegin: [usize; NPAREN],
    pend: [usize; NPAREN],
    newline: bool,
    icase: bool,
    nbol: usize,
    neol: usize,
    backrefs: bool,
    depth: usize,
}

impl Parser<'_> {
    // --- scanning -------------------------------------------------------

    fn more(&self) -> bool {
        self.next < self.end
    }
    fn more2(&self) -> bool {
        self.next + 1 < self.end
    }
    /// The next byte, or 0 past the end (as the C scanner reads its NULs).
    fn peek(&self) -> u8 {
        if self.more() {
            self.pat[self.next]
        } else {
            0
        }
    }
    fn peek2(&self) -> u8 {
        if self.more2() {
            self.pat[self.next + 1]
        } else {
            0
        }
    }
    fn see(&self, c: u8) -> bool {
        self.more() && self.peek() == c
    }
    fn see_two(&self, a: u8, b: u8) -> bool {
        self.more2() && self.peek() == a && self.peek2() == b
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.see(c) {
            self.next += 1;
            true
        } else {
            false
        }
    }
    fn eat_two(&mut self, a: u8, b: u8) -> bool {
        if self.see_two(a, b) {
            self.next += 2;
            true
        } else {
            false
        }
    }
    fn get_next(&mut self) -> u8 {
        let c = self.peek();
        if self.more() {
            self.next += 1;
        }
        c
    }

    /// Records the first error and stops the scan.
    fn set_error(&mut self, e: ErrorCode) {
        if self.error.is_none() {
            self.error = Some(e);
        }
        self.next = 0;
        self.end = 0;
    }
    fn require(&mut self, cond: bool, e: ErrorCode) {
        if !cond {
            self.set_error(e);
        }
    }

    // --- emitting -------------------------------------------------------

    fn here(&self) -> usize {
        self.slen
    }
    fn put(&mut self, s: Sop) {
        if self.slen < self.raw.len() {
            self.raw[self.slen] = s;
        } else {
            self.raw.push(s);
        }
        self.slen += 1;
    }
    fn emit(&mut self, op: Op, opnd: usize) {
        if self.error.is_some() {
            return;
        }
        self.put(Sop { op, opnd: opnd as u32 });
    }
    /// Inserts `op` at `pos` with the distance to the current end as its
    /// operand, shifting the recorded group positions.
    fn insert(&mut self, op: Op, pos: usize) {
        if self.error.is_some() {
            return;
        }
        let opnd = self.here() - pos + 1;
        for i in 1..NPAREN {
            if self.pbegin[i] >= pos {
                self.pbegin[i] += 1;
            }
            if self.pend[i] >= pos {
                self.pend[i] += 1;
            }
        }
        self.put(Sop { op, opnd: opnd as u32 });
        self.raw[pos..self.slen].rotate_right(1);
    }
    /// Completes the forward reference at `pos` to point here.
    fn ahead(&mut self, pos: usize) {
        if self.error.is_some() {
            return;
        }
        let value = self.here() - pos;
        self.raw[pos].opnd = value as u32;
    }
    /// Emits `op` pointing back to `pos`.
    fn astern(&mut self, op: Op, pos: usize) {
        let d = self.here() - pos;
        self.emit(op, d);
    }
    /// Appends a copy of `start..finish`, returning where it starts.
    fn dupl(&mut self, start: usize, finish: usize) -> usize {
        let ret = self.here();
        let copy: Vec<Sop> =
            (start..finish).map(|i| self.raw.get(i).copied().unwrap_or(Sop { op: Op::Nop, opnd: 0 })).collect();
        for s in copy {
            self.put(s);
        }
        ret
    }

    // --- grammar --------------------------------------------------------

    /// Alternation and concatenation, up to `stop` (or the end).
    fn ere(&mut self, stop: Option<u8>) {
        let mut prevback = 0;
        let mut prevfwd = 0;
        let mut first = true;
        loop {
            let conc = self.here();
            while self.more() && self.peek() != b'|' && Some(self.peek()) != stop {
                self.ere_exp();
            }
            let nonempty = self.here() != conc;
            self.require(nonempty, ErrorCode::Empty);
            if !self.eat(b'|') {
                break;
            }
            if first {
                self.insert(Op::ChStart, conc);
                prevfwd = conc;
                prevback = conc;
                first = false;
            }
            self.astern(Op::Or1, prevback);
            prevback = self.here().saturating_sub(1);
            self.ahead(prevfwd);
            prevfwd = self.here();
            self.emit(Op::Or2, 0);
        }
        if !first {
            self.ahead(prevfwd);
            self.astern(Op::ChEnd, prevback);
        }
    }

    /// One atom and its repetition operator, if any.
    fn ere_exp(&mut self) {
        let c = self.get_next();
        let pos = self.here();
        let mut was_caret = false;
        match c {
            b'(' => {
                self.require(self.more(), ErrorCode::Paren);
                self.nsub += 1;
                let subno = self.nsub;
                if subno < NPAREN {
                    self.pbegin[subno] = self.here();
                }
                self.emit(Op::LParen, subno);
                if !self.see(b')') {
                    self.depth += 1;
                    if self.depth > MAX_DEPTH {
                        self.set_error(ErrorCode::Space);
                    } else {
                        self.ere(Some(b')'));
                    }
                    self.depth -= 1;
                }
                if subno < NPAREN {
                    self.pend[subno] = self.here();
                }
                self.emit(Op::RParen, subno);
                let ok = self.more() && self.get_next() == b')';
                self.require(ok, ErrorCode::Paren);
            }
            b')' => self.set_error(ErrorCode::Paren),
            b'^' => {
                self.emit(Op::Bol, 0);
                self.nbol += 1;
                was_caret = true;
            }
            b'$' => {
                self.emit(Op::Eol, 0);
                self.neol += 1;
            }
            b'|' => self.set_error(ErrorCode::Empty),
            b'*' | b'+' | b'?' => self.set_error(ErrorCode::BadRpt),
            b'.' => {
                if self.newline {
                    self.non_newline();
                } else {
                    self.emit(Op::Any, 0);
                }
            }
            b'[' => self.bracket(),
            b'\\' => {
                self.require(self.more(), ErrorCode::Escape);
                let c = self.get_next();
                if (b'1'..=b'9').contains(&c) {
                    let n = (c - b'0') as usize;
                    if self.pend[n] == 0 {
                        self.set_error(ErrorCode::SubReg);
                    } else {
                        self.emit(Op::BackStart, n);
                        let (b, e) = (self.pbegin[n], self.pend[n]);
                        self.dupl(b + 1, e);
                        self.emit(Op::BackEnd, n);
                        self.backrefs = true;
                    }
                } else {
                    self.ordinary(c);
                }
            }
            b'{' => {
                let ok = !self.more() || !self.peek().is_ascii_digit();
                self.require(ok, ErrorCode::BadRpt);
                self.ordinary(c);
            }
            _ => self.ordinary(c),
        }

        if !self.more() {
            return;
        }
        let c = self.peek();
        if !is_repetition(c, self.more2(), self.peek2()) {
            return;
        }
        self.next += 1;
        self.require(!was_caret, ErrorCode::BadRpt);
        match c {
            b'*' => {
                self.insert(Op::PlusStart, pos);
                self.astern(Op::PlusEnd, pos);
                self.insert(Op::QuestStart, pos);
                self.astern(Op::QuestEnd, pos);
            }
            b'+' => {
                self.insert(Op::PlusStart, pos);
                self.astern(Op::PlusEnd, pos);
            }
            b'?' => {
                // `y?` is emitted as `(y|)`, as the C library does.
                self.insert(Op::ChStart, pos);
                self.close_empty_alternative(pos);
            }
            _ => {
                // `{m}`, `{m,}`, `{m,n}`
                let count = self.count();
                let count2 = if self.eat(b',') {
                    if self.peek().is_ascii_digit() {
                        let c2 = self.count();
                        self.require(count <= c2, ErrorCode::BadBr);
                        c2
                    } else {
                        INFINITY
                    }
                } else {
                    count
                };
                self.repeat(pos, count, count2);
                if !self.eat(b'}') {
                    while self.more() && self.peek() != b'}' {
                        self.next += 1;
                    }
                    self.require(self.more(), ErrorCode::Brace);
                    self.set_error(ErrorCode::BadBr);
                }
            }
        }
        if !self.more() {
            return;
        }
        let c = self.peek();
        if is_repetition(c, self.more2(), self.peek2()) {
            self.set_error(ErrorCode::BadRpt);
        }
    }

    fn count(&mut self) -> u32 {
        let mut count = 0u32;
        let mut ndigits = 0;
        while self.more() && self.peek().is_ascii_digit() && count <= DUPMAX {
            count = count * 10 + u32::from(self.get_next() - b'0');
            ndigits += 1;
        }
        self.require(ndigits > 0 && count <= DUPMAX, ErrorCode::BadBr);
        count
    }

    /// A bracket expression, after its `[`.
    fn bracket(&mut self) {
        if self.end - self.next > 5 {
            let rest = &self.pat[self.next..self.next + 6];
            if rest == b"[:<:]]" {
                self.emit(Op::Bow, 0);
                self.next += 6;
                return;
            }
            if rest == b"[:>:]]" {
                self.emit(Op::Eow, 0);
                self.next += 6;
                return;
            }
        }
        let mut cs = CharSet::default();
        let invert = self.eat(b'^');
        if self.eat(b']') {
            cs.add(b']');
        } else if self.eat(b'-') {
            cs.add(b'-');
        }
        while self.more() && self.peek() != b']' && !self.see_two(b'-', b']') {
            self.bracket_term(&mut cs);
        }
        if self.eat(b'-') {
            cs.add(b'-');
        }
        let ok = self.more() && self.get_next() == b']';
        self.require(ok, ErrorCode::Brack);
        if self.error.is_some() {
            return;
        }
        self.finish_set(cs, invert);
    }

    fn finish_set(&mut self, mut cs: CharSet, invert: bool) {
        if self.icase {
            for c in 0..=255u8 {
                if cs.contains(c) && c.is_ascii_alphabetic() {
                    cs.add(other_case(c));
                }
            }
        }
        if invert {
            cs = cs.complement();
            if self.newline {
                cs.remove(b'\n');
            }
        }
        if let Some(c) = cs.single() {
            self.ordinary(c);
        } else {
            self.sets.push(cs);
            let n = self.sets.len() - 1;
            self.emit(Op::AnyOf, n);
        }
    }

    fn bracket_term(&mut self, cs: &mut CharSet) {
        let c = match self.peek() {
            b'[' => self.peek2(),
            b'-' => {
                self.set_error(ErrorCode::Range);
                return;
            }
            _ => 0,
        };
        match c {
            b':' => {
                self.next += 2;
                self.require(self.more(), ErrorCode::Brack);
                let c = self.peek();
                self.require(c != b'-' && c != b']', ErrorCode::CType);
                self.char_class(cs);
                self.require(self.more(), ErrorCode::Brack);
                let ok = self.eat_two(b':', b']');
                self.require(ok, ErrorCode::CType);
            }
            b'=' => {
                self.next += 2;
                self.require(self.more(), ErrorCode::Brack);
                let c = self.peek();
                self.require(c != b'-' && c != b']', ErrorCode::Collate);
                let c = self.collating_element(b'=');
                cs.add(c);
                self.require(self.more(), ErrorCode::Brack);
                let ok = self.eat_two(b'=', b']');
                self.require(ok, ErrorCode::Collate);
            }
            _ => {
                let start = self.bracket_symbol();
                let finish = if self.see(b'-') && self.more2() && self.peek2() != b']' {
                    self.next += 1;
                    if self.eat(b'-') {
                        b'-'
                    } else {
                        self.bracket_symbol()
                    }
                } else {
                    start
                };
                // The C library compares plain (signed) chars.
                let (s, f) = (start as i8, finish as i8);
                self.require(s <= f, ErrorCode::Range);
                if s <= f {
                    for c in s..=f {
                        cs.add(c as u8);
                    }
                }
            }
        }
    }

    fn char_class(&mut self, cs: &mut CharSet) {
        let sp = self.next;
        while self.more() && self.peek().is_ascii_alphabetic() {
            self.next += 1;
        }
        let name = &self.pat[sp..self.next.max(sp)];
        match CLASSES.iter().find(|(n, _)| n.as_bytes() == name) {
            Some((_, chars)) => {
                for &c in chars.as_bytes() {
                    cs.add(c);
                }
            }
            None => self.set_error(ErrorCode::CType),
        }
    }

    fn bracket_symbol(&mut self) -> u8 {
        self.require(self.more(), ErrorCode::Brack);
        if !self.eat_two(b'[', b'.') {
            return self.get_next();
        }
        let value = self.collating_element(b'.');
        let ok = self.eat_two(b'.', b']');
        self.require(ok, ErrorCode::Collate);
        value
    }

    fn collating_element(&mut self, endc: u8) -> u8 {
        let sp = self.next;
        while self.more() && !self.see_two(endc, b']') {
            self.next += 1;
        }
        if !self.more() {
            self.set_error(ErrorCode::Brack);
            return 0;
        }
        let name = &self.pat[sp..self.next];
        if let Some((_, c)) = COLLATING_NAMES.iter().find(|(n, _)| n.as_bytes() == name) {
            return *c;
        }
        if name.len() == 1 {
            return name[0];
        }
        self.set_error(ErrorCode::Collate);
        0
    }

    fn ordinary(&mut self, c: u8) {
        if self.icase && c.is_ascii_alphabetic() {
            let mut cs = CharSet::default();
            cs.add(c);
            cs.add(other_case(c));
            self.sets.push(cs);
            let n = self.sets.len() - 1;
            self.emit(Op::AnyOf, n);
        } else {
            self.emit(Op::Char, c as usize);
        }
    }

    fn non_newline(&mut self) {
        let mut cs = CharSet::default();
        cs.add(b'\n');
        let mut cs = cs.complement();
        cs.remove(b'\n');
        self.sets.push(cs);
        let n = self.sets.len() - 1;
        self.emit(Op::AnyOf, n);
    }

    /// Completes `y` (opened by a `ChStart` inserted at `pos`) into `(y|)`,
    /// the C library's encoding of "optional".
    fn close_empty_alternative(&mut self, pos: usize) {
        self.astern(Op::Or1, pos);
        self.ahead(pos);
        self.emit(Op::Or2, 0);
        let there = self.here().saturating_sub(1);
        self.ahead(there);
        let tt = self.here().saturating_sub(2);
        self.astern(Op::ChEnd, tt);
    }

    /// Unrolls a bounded repetition of `start..here`, as the C library does.
    fn repeat(&mut self, start: usize, from: u32, to: u32) {
        if self.error.is_some() {
            return;
        }
        let finish = self.here();
        let map = |n: u32| -> u32 {
            if n <= 1 {
                n
            } else if n == INFINITY {
                3
            } else {
                2
            }
        };
        match (map(from), map(to)) {
            (0, 0) => self.slen = start,
            (0, _) => {
                // as (x{1,to})?, emitted as (y|)
                self.insert(Op::ChStart, start);
                self.repeat(start + 1, 1, to);
                self.close_empty_alternative(start);
            }
            (1, 1) => {}
            (1, 2) => {
                // as x?x{1,n-1}
                self.insert(Op::ChStart, start);
                self.close_empty_alternative(start);
                let copy = self.dupl(start + 1, finish + 1);
                self.repeat(copy, 1, to - 1);
            }
            (1, 3) => {
                self.insert(Op::PlusStart, start);
                self.astern(Op::PlusEnd, start);
            }
            (2, 2) => {
                let copy = self.dupl(start, finish);
                self.repeat(copy, from - 1, to - 1);
            }
            (2, 3) => {
                let copy = self.dupl(start, finish);
                self.repeat(copy, from - 1, to);
            }
            _ => self.set_error(ErrorCode::Assert),
        }
    }
}

fn is_repetition(c: u8, more2: bool, next: u8) -> bool {
    c == b'*' || c == b'+' || c == b'?' || (c == b'{' && more2 && next.is_ascii_digit())
}

fn other_case(c: u8) -> u8 {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else if c.is_ascii_lowercase() {
        c.to_ascii_uppercase()
    } else {
        c
    }
}
