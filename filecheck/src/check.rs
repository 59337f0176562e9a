//! Reading a check file into directives and checking an input against
//! them, following LLVM's `FileCheck::readCheckFile` and `checkInput`:
//! CHECK-LABEL partitioning, CHECK-DAG groups bounded by CHECK-NOTs,
//! CHECK-NEXT/SAME/EMPTY line rules, CHECK-COUNT, and the diagnostics.

use std::collections::BTreeSet;

use crate::pattern::{
    parse_numeric_block, parse_variable, CheckKind, CheckType, Context, Diag, Match, MatchError, ParseError, Pattern,
};
use crate::source::{BufferId, Kind, Loc, SourceMgr};
use crate::text::{find, is_part_of_word, Span, Str};
use crate::Request;

/// A CHECK-DAG or CHECK-NOT waiting for the next positive directive.
#[derive(Clone)]
struct DagNot {
    pat: usize,
    prefix: String,
}

/// A positive directive with the DAG/NOT directives before it.
struct CheckString {
    pat: usize,
    prefix: String,
    loc: Span,
    dag_not: Vec<DagNot>,
}

/// A loaded check file, ready to check inputs.
pub struct FileCheck {
    req: Request,
    pub sm: SourceMgr,
    ctx: Context,
    patterns: Vec<Pattern>,
    checks: Vec<CheckString>,
    /// Match results recorded for the input dump (`None`: no dump).
    pub(crate) diags: Option<Vec<InputDiag>>,
    /// The buffers of `--implicit-check-not` patterns (first, end).
    pub(crate) implicit_buffers: (BufferId, BufferId),
    pub(crate) check_buffer: BufferId,
    pub(crate) input_buffer: Option<BufferId>,
}

/// What a recorded match result says (LLVM's `FileCheckDiag::MatchType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchType {
    FoundAndExpected,
    FoundButExcluded,
    FoundButWrongLine,
    FoundButDiscarded,
    NoneAndExcluded,
    NoneButExpected,
    NoneForInvalidPattern,
    Fuzzy,
}

/// One match result or note for the input dump: the directive, what
/// happened and where in the input.
#[derive(Clone, Debug)]
pub struct InputDiag {
    pub ty: CheckType,
    pub check_loc: Loc,
    pub match_type: MatchType,
    /// Input offsets (end exclusive).
    pub start: usize,
    pub end: usize,
    pub note: String,
}

/// Canonicalizes a buffer as FileCheck does: drops the `\r` of `\r\n`,
/// and (unless `strict`) turns every run of spaces and tabs into one space.
pub fn canonicalize(text: &[u8], strict: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c == b'\r' && text.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        if strict || (c != b' ' && c != b'\t') {
            out.push(c);
            i += 1;
            continue;
        }
        out.push(b' ');
        while i + 1 < text.len() && (text[i + 1] == b' ' || text[i + 1] == b'\t') {
            i += 1;
        }
        i += 1;
    }
    out
}

/// Checks the prefixes given on the command line; an error message if one
/// is empty, malformed or repeated.
pub fn validate_prefixes(req: &Request) -> Result<(), String> {
    let mut unique: BTreeSet<String> = BTreeSet::new();
    if req.check_prefixes.is_empty() {
        unique.insert("CHECK".into());
    }
    if req.comment_prefixes.is_empty() {
        unique.insert("COM".into());
        unique.insert("RUN".into());
    }
    for (kind, list) in [("check", &req.check_prefixes), ("comment", &req.comment_prefixes)] {
        for p in list {
            if p.is_empty() {
                return Err(format!("error: supplied {kind} prefix must not be the empty string\n"));
            }
            if !p.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-') {
                return Err(format!(
                    "error: supplied {kind} prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '{p}'\n"
                ));
            }
            if !unique.insert(p.clone()) {
                return Err(format!(
                    "error: supplied {kind} prefix must be unique among check and comment prefixes: '{p}'\n"
                ));
            }
        }
    }
    Ok(())
}

/// Finds the directive type after a prefix at `at`: the type and where
/// the rest of the line starts (`None`: nothing after the suffix).
fn find_check_type(text: &[u8], at: usize, prefix: &[u8], is_comment: bool) -> (Option<CheckType>, usize) {
    if text.len() - at <= prefix.len() {
        return (None, text.len());
    }
    let mut rest = at + prefix.len();
    let starts = |r: usize, p: &[u8]| text[r..].starts_with(p);
    if is_comment {
        if starts(rest, b":") {
            return (Some(CheckType::new(CheckKind::Comment)), rest + 1);
        }
        return (None, text.len());
    }
    let consume_modifiers = |mut ty: CheckType, mut r: usize| -> (Option<CheckType>, usize) {
        if starts(r, b":") {
            return (Some(ty), r + 1);
        }
        if !starts(r, b"{") {
            return (None, text.len());
        }
        r += 1;
        loop {
            while r < text.len() && b" \t\n\x0b\x0c\r".contains(&text[r]) {
                r += 1;
            }
            if starts(r, b"LITERAL") {
                ty.literal = true;
                r += 7;
            } else {
                return (None, r);
            }
            while r < text.len() && b" \t\n\x0b\x0c\r".contains(&text[r]) {
                r += 1;
            }
            if starts(r, b",") {
                r += 1;
            } else {
                break;
            }
        }
        if !starts(r, b"}:") {
            return (None, r);
        }
        (Some(ty), r + 2)
    };
    if starts(rest, b":") {
        return (Some(CheckType::new(CheckKind::Plain)), rest + 1);
    }
    if starts(rest, b"{") {
        return consume_modifiers(CheckType::new(CheckKind::Plain), rest);
    }
    let misspelled = starts(rest, b"_");
    if misspelled || starts(rest, b"-") {
        rest += 1;
    } else {
        return (None, text.len());
    }
    let (ty, r) = directive_suffix(text, rest, &consume_modifiers);
    match ty {
        Some(t) if misspelled => (Some(CheckType { kind: CheckKind::Misspelled, ..t }), r),
        other => (other, r),
    }
}

fn directive_suffix(
    text: &[u8],
    rest: usize,
    consume_modifiers: &dyn Fn(CheckType, usize) -> (Option<CheckType>, usize),
) -> (Option<CheckType>, usize) {
    let starts = |p: &[u8]| text[rest..].starts_with(p);
    if starts(b"COUNT-") {
        let mut r = rest + 6;
        let bad = (Some(CheckType::new(CheckKind::BadCount)), r);
        let negative = text.get(r) == Some(&b'-');
        if negative {
            r += 1;
        }
        let digits_start = r;
        let mut count: i64 = 0;
        while r < text.len() && text[r].is_ascii_digit() {
            match count.checked_mul(10).and_then(|c| c.checked_add(i64::from(text[r] - b'0'))) {
                Some(c) => count = c,
                None => return bad,
            }
            r += 1;
        }
        if r == digits_start {
            return bad;
        }
        if negative {
            count = -count;
        }
        if count <= 0 || count > i64::from(i32::MAX) {
            return (Some(CheckType::new(CheckKind::BadCount)), r);
        }
        if !(text.get(r) == Some(&b':') || text.get(r) == Some(&b'{')) {
            return (Some(CheckType::new(CheckKind::BadCount)), r);
        }
        let ty = CheckType { kind: CheckKind::Plain, count: count as usize, literal: false };
        return consume_modifiers(ty, r);
    }
    for combo in [
        &b"DAG-NOT:"[..],
        b"NOT-DAG:",
        b"NEXT-NOT:",
        b"NOT-NEXT:",
        b"SAME-NOT:",
        b"NOT-SAME:",
        b"EMPTY-NOT:",
        b"NOT-EMPTY:",
    ] {
        if starts(combo) {
            return (Some(CheckType::new(CheckKind::BadNot)), rest);
        }
    }
    for (word, kind) in [
        (&b"NEXT"[..], CheckKind::Next),
        (b"SAME", CheckKind::Same),
        (b"NOT", CheckKind::Not),
        (b"DAG", CheckKind::Dag),
        (b"LABEL", CheckKind::Label),
        (b"EMPTY", CheckKind::Empty),
    ] {
        if starts(word) {
            return consume_modifiers(CheckType::new(kind), rest + word.len());
        }
    }
    (None, rest)
}

/// Counts newlines (`\n`, `\r`, `\r\n`, `\n\r`) in `text`; returns the
/// count and where the text after the first one starts.
fn count_newlines(text: &[u8]) -> (usize, Option<usize>) {
    let mut n = 0;
    let mut first = None;
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c == b'\n' || c == b'\r' {
            n += 1;
            if i + 1 < text.len() && (text[i + 1] == b'\n' || text[i + 1] == b'\r') && text[i + 1] != c {
                i += 1;
            }
            i += 1;
            if n == 1 {
                first = Some(i);
            }
            continue;
        }
        i += 1;
    }
    (n, first)
}

impl FileCheck {
    /// Reads the check file (already canonicalized) in `check_text`.
    /// Diagnostics go to `self.sm.out`; `Err` carries the exit code.
    pub fn new(req: Request, check_name: &str, check_text: Vec<u8>) -> Result<FileCheck, (SourceMgr, i32)> {
        let diags = (req.dump_input != crate::DumpInput::Never).then(Vec::new);
        let mut fc = FileCheck {
            req,
            sm: SourceMgr::default(),
            ctx: Context::new(),
            patterns: Vec::new(),
            checks: Vec::new(),
            diags,
            implicit_buffers: (0, 0),
            check_buffer: 0,
            input_buffer: None,
        };
        let buf = fc.sm.add(check_name, check_text);
        fc.check_buffer = buf;
        match fc.read_check_file(buf) {
            Ok(()) => Ok(fc),
            Err(code) => Err((fc.sm, code)),
        }
    }

    /// The options this check file was read with.
    pub fn req(&self) -> &Request {
        &self.req
    }

    /// Prints a pattern or variable error. LLVM keeps such errors' ranges
    /// for its input dump only; the printed message has just a caret.
    fn print_diag(&mut self, d: &Diag) {
        self.sm.print(d.span.loc(), Kind::Error, &d.msg, None);
    }

    fn print_parse_error(&mut self, e: &ParseError) {
        self.print_diag(&e.diag);
        if e.logged {
            self.sm.print_plain("\n");
        }
    }

    /// Prints an error that LLVM reports through its error logging.
    fn print_logged(&mut self, d: &Diag) {
        self.print_diag(d);
        self.sm.print_plain("\n");
    }

    fn define_cmdline_variables(&mut self) -> Result<(), i32> {
        if self.req.global_defines.is_empty() {
            return Ok(());
        }
        let mut diag_text = String::new();
        let mut indices = Vec::new();
        for (i, def) in self.req.global_defines.iter().enumerate() {
            let prefix = format!("Global define #{}: ", i + 1);
            let Some(eq) = def.find('=') else {
                indices.push((diag_text.len(), 0));
                continue;
            };
            if def.starts_with('#') {
                diag_text.push_str(&format!("{prefix}{def} (parsed as: [["));
                let mut subst = def.clone().into_bytes();
                subst[eq] = b':';
                indices.push((diag_text.len(), subst.len()));
                diag_text.push_str(&String::from_utf8_lossy(&subst));
                diag_text.push_str("]])\n");
            } else {
                diag_text.push_str(&prefix);
                indices.push((diag_text.len(), def.len()));
                diag_text.push_str(def);
                diag_text.push('\n');
            }
        }
        let buf = self.sm.add("Global defines", diag_text.into_bytes());
        let text = self.sm.text(buf);
        let mut failed = false;
        for (start, len) in indices {
            let def = Str::new(&text, buf, start, start + len);
            if def.is_empty() {
                self.print_logged(&Diag {
                    span: def.span(),
                    msg: "missing equal sign in global definition".into(),
                    ranged: true,
                });
                failed = true;
                continue;
            }
            if def.first() == Some(b'#') {
                if let Err(d) = self.define_numeric(def.substr(1)) {
                    self.print_logged(&d);
                    failed = true;
                }
                continue;
            }
            let eq = def.find_byte(b'=').unwrap_or(def.len());
            let mut name_part = def.take(eq);
            let value = def.substr(eq + 1).bytes().to_vec();
            let orig = name_part;
            let (name, pseudo) = match parse_variable(&mut name_part) {
                Ok(v) => v,
                Err(d) => {
                    self.print_logged(&d);
                    failed = true;
                    continue;
                }
            };
            if pseudo || !name_part.is_empty() {
                let msg = format!("invalid name in string variable definition '{}'", orig.string());
                self.print_logged(&Diag { span: orig.span(), msg, ranged: true });
                failed = true;
                continue;
            }
            if self.ctx.numeric_names.contains_key(name.bytes()) {
                let msg = format!("numeric variable with name '{}' already exists", name.string());
                self.print_logged(&Diag { span: name.span(), msg, ranged: true });
                failed = true;
                continue;
            }
            self.ctx.strings.insert(name.bytes().to_vec(), value);
            self.ctx.defined_strings.insert(name.bytes().to_vec());
        }
        if failed {
            Err(2)
        } else {
            Ok(())
        }
    }

    fn define_numeric(&mut self, expr: Str) -> Result<(), Diag> {
        let (ast, _format, var) = parse_numeric_block(expr, false, None, &mut self.ctx)?;
        let Some(ast) = ast else {
            return Err(Diag {
                span: expr.span(),
                msg: "missing numeric expression in global definition".into(),
                ranged: true,
            });
        };
        let ctx = &self.ctx;
        let value = ast.eval(&|v| ctx.numeric[v].value).map_err(|_| Diag {
            span: expr.span(),
            msg: "unable to evaluate global definition".into(),
            ranged: true,
        })?;
        if let Some(v) = var {
            self.ctx.numeric[v].value = Some(value);
            let name = self.ctx.numeric[v].name.clone();
            self.ctx.numeric_names.insert(name, v);
        }
        Ok(())
    }

    fn read_check_file(&mut self, buf: BufferId) -> Result<(), i32> {
        self.define_cmdline_variables()?;

        let mut implicit = Vec::new();
        let mut first_implicit = None;
        for p in self.req.implicit_check_not.clone() {
            let prefix = "-implicit-check-not='";
            let cmd = format!("{prefix}{p}'");
            let b = self.sm.add("command line", cmd.into_bytes());
            first_implicit.get_or_insert(b);
            self.implicit_buffers = (first_implicit.unwrap_or(b), b + 1);
            let text = self.sm.text(b);
            let s = Str::new(&text, b, prefix.len(), prefix.len() + p.len());
            let mut pat = Pattern::new(CheckType::new(CheckKind::Not), s.span(), None);
            // LLVM reports errors in these patterns but goes on.
            if let Err(e) = pat.parse(s, "IMPLICIT-CHECK", &mut self.ctx, &self.req) {
                self.print_parse_error(&e);
            }
            self.patterns.push(pat);
            implicit.push(DagNot { pat: self.patterns.len() - 1, prefix: "IMPLICIT-CHECK".into() });
        }
        let mut dag_not = implicit.clone();

        let default_prefix = self.req.check_prefixes.is_empty();
        if default_prefix {
            self.req.check_prefixes.push("CHECK".into());
        }
        if self.req.comment_prefixes.is_empty() {
            self.req.comment_prefixes = vec!["COM".into(), "RUN".into()];
        }
        let text = self.sm.text(buf);
        let mut matcher = PrefixMatcher::new(&self.req.check_prefixes, &self.req.comment_prefixes, &text);
        let mut not_found: BTreeSet<String> = self.req.check_prefixes.iter().cloned().collect();
        let distinct = not_found.len();
        let mut line = 1usize;
        let mut pos = 0usize;
        while let Some((prefix, ty, after)) = self.first_matching_prefix(&mut matcher, &text, &mut pos, &mut line) {
            let prefix_str = String::from_utf8_lossy(&text[pos..pos + prefix]).into_owned();
            if ty.kind != CheckKind::Comment {
                not_found.remove(&prefix_str);
            }
            let prefix_start = pos;
            pos = if after == text.len() { pos + prefix } else { after };
            let loc = Loc { buffer: buf, offset: prefix_start };
            match ty.kind {
                CheckKind::Misspelled => {
                    let directive = String::from_utf8_lossy(&text[prefix_start..after]).into_owned();
                    self.sm.print(loc, Kind::Error, &format!("misspelled directive '{directive}'"), None);
                    return Err(2);
                }
                CheckKind::BadNot => {
                    let l = Loc { buffer: buf, offset: pos };
                    self.sm.print(l, Kind::Error, &format!("unsupported -NOT combo on prefix '{prefix_str}'"), None);
                    return Err(2);
                }
                CheckKind::BadCount => {
                    let l = Loc { buffer: buf, offset: pos };
                    let msg = format!("invalid count in -COUNT specification on prefix '{prefix_str}'");
                    self.sm.print(l, Kind::Error, &msg, None);
                    return Err(2);
                }
                _ => {}
            }
            if !(self.req.strict_whitespace && self.req.match_full_lines) {
                while pos < text.len() && (text[pos] == b' ' || text[pos] == b'\t') {
                    pos += 1;
                }
            }
            let eol = text[pos..].iter().position(|&c| c == b'\n' || c == b'\r').map_or(text.len(), |e| pos + e);
            let pattern_text = Str::new(&text, buf, pos, eol);
            pos = eol;
            if ty.kind == CheckKind::Comment {
                continue;
            }
            let mut pat = Pattern::new(ty, pattern_text.span(), Some(line));
            if let Err(e) = pat.parse(pattern_text, &prefix_str, &mut self.ctx, &self.req) {
                self.print_parse_error(&e);
                return Err(e.exit_now.unwrap_or(2));
            }
            if ty.kind == CheckKind::Label && pat.has_variable() {
                let msg = format!("found '{prefix_str}-LABEL:' with variable definition or use");
                self.sm.print(loc, Kind::Error, &msg, None);
                return Err(2);
            }
            if matches!(ty.kind, CheckKind::Next | CheckKind::Same | CheckKind::Empty) && self.checks.is_empty() {
                let which = match ty.kind {
                    CheckKind::Next => "NEXT",
                    CheckKind::Empty => "EMPTY",
                    _ => "SAME",
                };
                let msg = format!("found '{prefix_str}-{which}' without previous '{prefix_str}: line");
                self.sm.print(loc, Kind::Error, &msg, None);
                return Err(2);
            }
            self.patterns.push(pat);
            let idx = self.patterns.len() - 1;
            if matches!(ty.kind, CheckKind::Dag | CheckKind::Not) {
                dag_not.push(DagNot { pat: idx, prefix: prefix_str });
                continue;
            }
            let dn = std::mem::replace(&mut dag_not, implicit.clone());
            self.checks.push(CheckString { pat: idx, prefix: prefix_str, loc: pattern_text.span(), dag_not: dn });
        }

        let none_found = not_found.len() == distinct;
        let some_unused = !self.req.allow_unused_prefixes && !not_found.is_empty();
        if (none_found || some_unused) && (implicit.is_empty() || !default_prefix) {
            let list: Vec<String> = not_found.iter().map(|p| format!("'{p}:'")).collect();
            let plural = if not_found.len() > 1 { "es " } else { " " };
            self.sm.print_plain(&format!("error: no check strings found with prefix{plural}{}\n", list.join(", ")));
            return Err(2);
        }
        if !dag_not.is_empty() {
            let span = Span { buf, start: pos, end: pos };
            let pat = Pattern::new(CheckType::new(CheckKind::Eof), span, Some(line + 1));
            self.patterns.push(pat);
            let prefix = self.req.check_prefixes[0].clone();
            self.checks.push(CheckString { pat: self.patterns.len() - 1, prefix, loc: span, dag_not });
        }
        Ok(())
    }

    /// Advances `pos` to the next prefix that starts a directive; returns
    /// the prefix length, the directive type and where its text starts.
    fn first_matching_prefix(
        &self,
        matcher: &mut PrefixMatcher,
        text: &[u8],
        pos: &mut usize,
        line: &mut usize,
    ) -> Option<(usize, CheckType, usize)> {
        while *pos < text.len() {
            let (at, len, is_comment) = matcher.next_match(text, *pos)?;
            let skipped = &text[*pos..at];
            *line += skipped.iter().filter(|&&c| c == b'\n').count();
            *pos = at;
            if skipped.last().is_none_or(|&c| !is_part_of_word(c)) {
                let (ty, after) = find_check_type(text, at, &text[at..at + len], is_comment);
                if let Some(ty) = ty {
                    return Some((len, ty, after));
                }
            }
            let mut end = at + len;
            while end < text.len() && is_part_of_word(text[end]) {
                end += 1;
            }
            *pos = end;
        }
        None
    }

    /// Checks `input` (already canonicalized); returns whether every
    /// directive matched. Diagnostics go to `self.sm.out`.
    pub fn check_input(&mut self, input_name: &str, input: Vec<u8>) -> bool {
        let buf = self.sm.add(input_name, input);
        self.input_buffer = Some(buf);
        let text = self.sm.text(buf);
        let mut ok = true;
        let (mut i, mut j) = (0usize, 0usize);
        let e = self.checks.len();
        let mut rest = 0usize;
        loop {
            let region;
            if j == e {
                region = (rest, text.len());
            } else {
                if self.patterns[self.checks[j].pat].ty.kind != CheckKind::Label {
                    j += 1;
                    continue;
                }
                let Some((pos, len)) = self.check(j, &text, buf, rest, text.len(), true) else {
                    return false;
                };
                region = (rest, rest + pos + len);
                rest += pos + len;
                j += 1;
            }
            if i != 0 && self.req.enable_var_scope {
                self.ctx.clear_local_vars();
            }
            let mut start = region.0;
            while i != j {
                match self.check(i, &text, buf, start, region.1, false) {
                    None => {
                        ok = false;
                        i = j;
                        break;
                    }
                    Some((pos, len)) => start += pos + len,
                }
                i += 1;
            }
            if j == e {
                break;
            }
        }
        ok
    }

    fn pattern_text(&self) -> impl Fn(Span) -> Vec<u8> + '_ {
        move |s: Span| self.sm_text_of(s)
    }

    fn sm_text_of(&self, s: Span) -> Vec<u8> {
        self.sm.text(s.buf)[s.start..s.end].to_vec()
    }

    /// Runs a pattern against `text[start..end]`.
    fn run_pattern(&mut self, pat: usize, text: &[u8], start: usize, end: usize) -> Result<Match, MatchError> {
        let sm = &self.sm;
        let get = |s: Span| sm.text(s.buf)[s.start..s.end].to_vec();
        self.patterns[pat].match_in(&text[start..end], &mut self.ctx, &get)
    }

    /// One positive directive with its DAG/NOT group over
    /// `text[start..end]`; returns its match (relative to `start`).
    fn check(
        &mut self,
        cs: usize,
        text: &[u8],
        buf: BufferId,
        start: usize,
        end: usize,
        label_scan: bool,
    ) -> Option<(usize, usize)> {
        let mut last_pos = 0;
        let mut not_strings = Vec::new();
        if !label_scan {
            last_pos = self.check_dag(cs, text, buf, start, end, &mut not_strings)?;
        }
        let pat = self.checks[cs].pat;
        let count = self.patterns[pat].ty.count;
        let mut last_match_end = last_pos;
        let mut first_match_pos = 0;
        for i in 1..=count {
            let from = start + last_match_end;
            let result = self.run_pattern(pat, text, from, end);
            let prefix = self.checks[cs].prefix.clone();
            let m = self.report(true, &prefix, pat, i, buf, from, end, result)?;
            if i == 1 {
                first_match_pos = last_pos + m.pos;
            }
            last_match_end += m.pos + m.len;
        }
        let match_len = last_match_end - first_match_pos;
        if !label_scan {
            let skipped = (start + last_pos, start + first_match_pos);
            if self.check_next(cs, text, buf, skipped) || self.check_same(cs, text, buf, skipped) {
                let (ty, loc) = (self.patterns[pat].ty, self.checks[cs].loc.loc());
                let (ms, me) = (start + first_match_pos, start + first_match_pos + match_len);
                if self.req.verbose {
                    self.relabel_last(loc, MatchType::FoundButWrongLine);
                } else {
                    self.record(ty, loc, MatchType::FoundButWrongLine, ms, me, String::new());
                }
                return None;
            }
            if self.check_not(text, buf, skipped, &not_strings) {
                return None;
            }
        }
        Some((first_match_pos, match_len))
    }

    /// Records a match result for the input dump.
    fn record(&mut self, ty: CheckType, check_loc: Loc, match_type: MatchType, start: usize, end: usize, note: String) {
        if let Some(d) = &mut self.diags {
            d.push(InputDiag { ty, check_loc, match_type, start, end, note });
        }
    }

    /// Re-labels the trailing results of the directive at `check_loc`.
    fn relabel_last(&mut self, check_loc: Loc, match_type: MatchType) {
        if let Some(d) = &mut self.diags {
            for diag in d.iter_mut().rev() {
                if diag.check_loc != check_loc {
                    break;
                }
                diag.match_type = match_type;
            }
        }
    }

    /// Records the substitution notes of `pat` at `at` (input offset).
    fn record_substitutions(&mut self, pat: usize, match_type: MatchType, at: usize) {
        if self.diags.is_none() {
            return;
        }
        let notes = {
            let get = self.pattern_text();
            self.patterns[pat].substitution_notes(&self.ctx, &get)
        };
        let (ty, loc) = (self.patterns[pat].ty, self.patterns[pat].loc.loc());
        for n in notes {
            self.record(ty, loc, match_type, at, at, n);
        }
    }

    /// Reports a match attempt as LLVM's `reportMatchResult` does; returns
    /// the match if it is not an error. With an input dump, results that
    /// are not errors go to the dump instead of being printed.
    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        expected: bool,
        prefix: &str,
        pat: usize,
        count_index: usize,
        buf: BufferId,
        from: usize,
        end: usize,
        result: Result<Match, MatchError>,
    ) -> Option<Match> {
        let p = &self.patterns[pat];
        let desc = p.ty.describe(prefix);
        let (ty, count) = (p.ty, p.ty.count);
        let pat_loc = p.loc.loc();
        let counted = |msg: String| if count > 1 { format!("{msg} ({count_index} out of {count})") } else { msg };
        match result {
            Ok(m) => {
                let has_error = !expected;
                let mut print = true;
                if !has_error {
                    if !self.req.verbose || (!self.req.verbose_verbose && ty.kind == CheckKind::Eof) {
                        return Some(m);
                    }
                    print = self.diags.is_none();
                }
                let match_type = if expected { MatchType::FoundAndExpected } else { MatchType::FoundButExcluded };
                let (ms, me) = (from + m.pos, from + m.pos + m.len);
                self.record(ty, pat_loc, match_type, ms, me, String::new());
                self.record_substitutions(pat, match_type, ms);
                for (name, s, e) in &m.captures {
                    let note = format!("captured var \"{}\"", String::from_utf8_lossy(name));
                    self.record(ty, pat_loc, match_type, from + s, from + e, note);
                }
                if !print {
                    return Some(m);
                }
                if expected {
                    let msg = counted(format!("{desc}: expected string found in input"));
                    self.sm.print(pat_loc, Kind::Remark, &msg, None);
                    self.print_found(pat, buf, from, &m);
                    return Some(m);
                }
                let msg = counted(format!("{desc}: excluded string found in input"));
                self.sm.print(pat_loc, Kind::Error, &msg, None);
                self.print_found(pat, buf, from, &m);
                None
            }
            Err(err) => {
                let pattern_errors = match err {
                    MatchError::Errors(ds) => ds,
                    MatchError::NotFound => Vec::new(),
                };
                let has_pattern_error = !pattern_errors.is_empty();
                for d in &pattern_errors {
                    self.print_diag(d);
                }
                let has_error = expected || has_pattern_error;
                let match_type = if has_pattern_error {
                    MatchType::NoneForInvalidPattern
                } else if expected {
                    MatchType::NoneButExpected
                } else {
                    MatchType::NoneAndExcluded
                };
                let mut print = true;
                if !has_error {
                    if !self.req.verbose_verbose {
                        // An absent excluded string is what we want.
                        return Some(Match::default());
                    }
                    print = self.diags.is_none();
                }
                self.record(ty, pat_loc, match_type, from, end, String::new());
                for d in &pattern_errors {
                    self.record(ty, pat_loc, match_type, from, from, d.msg.clone());
                }
                self.record_substitutions(pat, match_type, from);
                if !print {
                    return Some(Match::default());
                }
                let at = Loc { buffer: buf, offset: from };
                if !has_pattern_error {
                    let what = if expected { "expected" } else { "excluded" };
                    let msg = counted(format!("{desc}: {what} string not found in input"));
                    let kind = if expected { Kind::Error } else { Kind::Remark };
                    self.sm.print(pat_loc, kind, &msg, None);
                    self.sm.print(at, Kind::Note, "scanning from here", None);
                }
                self.print_substitutions(pat, at);
                if expected {
                    let text = self.sm.text(buf);
                    if let Some(best) = self.patterns[pat].fuzzy_match(&text[from..end]) {
                        self.record(ty, pat_loc, MatchType::Fuzzy, from + best, from + best, String::new());
                        let l = Loc { buffer: buf, offset: from + best };
                        self.sm.print(l, Kind::Note, "possible intended match here", None);
                    }
                }
                if has_error {
                    None
                } else {
                    Some(Match::default())
                }
            }
        }
    }

    /// "found here", the substitutions and the captured variables of a
    /// match at `from + m.pos`.
    fn print_found(&mut self, pat: usize, buf: BufferId, from: usize, m: &Match) {
        let at = Loc { buffer: buf, offset: from + m.pos };
        self.sm.print(at, Kind::Note, "found here", Some((from + m.pos, from + m.pos + m.len)));
        self.print_substitutions(pat, at);
        for (name, s, e) in &m.captures {
            let l = Loc { buffer: buf, offset: from + s };
            let msg = format!("captured var \"{}\"", String::from_utf8_lossy(name));
            self.sm.print(l, Kind::Note, &msg, Some((from + s, from + e)));
        }
    }

    fn print_substitutions(&mut self, pat: usize, at: Loc) {
        let notes = {
            let get = self.pattern_text();
            self.patterns[pat].substitution_notes(&self.ctx, &get)
        };
        for n in notes {
            self.sm.print(at, Kind::Note, &n, None);
        }
    }

    /// CHECK-NEXT / CHECK-EMPTY: the match must be on the next line.
    fn check_next(&mut self, cs: usize, text: &[u8], buf: BufferId, skipped: (usize, usize)) -> bool {
        let kind = self.patterns[self.checks[cs].pat].ty.kind;
        if kind != CheckKind::Next && kind != CheckKind::Empty {
            return false;
        }
        let name = format!("{}{}", self.checks[cs].prefix, if kind == CheckKind::Empty { "-EMPTY" } else { "-NEXT" });
        let (n, first) = count_newlines(&text[skipped.0..skipped.1]);
        let loc = self.checks[cs].loc.loc();
        let at = |o: usize| Loc { buffer: buf, offset: o };
        if n == 0 {
            self.sm.print(loc, Kind::Error, &format!("{name}: is on the same line as previous match"), None);
            self.sm.print(at(skipped.1), Kind::Note, "'next' match was here", None);
            self.sm.print(at(skipped.0), Kind::Note, "previous match ended here", None);
            return true;
        }
        if n != 1 {
            self.sm.print(loc, Kind::Error, &format!("{name}: is not on the line after the previous match"), None);
            self.sm.print(at(skipped.1), Kind::Note, "'next' match was here", None);
            self.sm.print(at(skipped.0), Kind::Note, "previous match ended here", None);
            let f = skipped.0 + first.unwrap_or(0);
            self.sm.print(at(f), Kind::Note, "non-matching line after previous match is here", None);
            return true;
        }
        false
    }

    /// CHECK-SAME: the match must be on the line of the previous one.
    fn check_same(&mut self, cs: usize, text: &[u8], buf: BufferId, skipped: (usize, usize)) -> bool {
        if self.patterns[self.checks[cs].pat].ty.kind != CheckKind::Same {
            return false;
        }
        let (n, _) = count_newlines(&text[skipped.0..skipped.1]);
        if n != 0 {
            let msg = format!("{}-SAME: is not on the same line as the previous match", self.checks[cs].prefix);
            let loc = self.checks[cs].loc.loc();
            self.sm.print(loc, Kind::Error, &msg, None);
            self.sm.print(Loc { buffer: buf, offset: skipped.1 }, Kind::Note, "'next' match was here", None);
            self.sm.print(Loc { buffer: buf, offset: skipped.0 }, Kind::Note, "previous match ended here", None);
            return true;
        }
        false
    }

    /// Whether any of the NOT patterns occurs in `region` (reported).
    fn check_not(&mut self, text: &[u8], buf: BufferId, region: (usize, usize), nots: &[DagNot]) -> bool {
        let mut failed = false;
        for n in nots {
            let result = self.run_pattern(n.pat, text, region.0, region.1);
            if self.report(false, &n.prefix, n.pat, 1, buf, region.0, region.1, result).is_none() {
                failed = true;
            }
        }
        failed
    }

    /// Matches the DAG groups before directive `cs`; returns where the
    /// directive's own search starts (relative to `start`). NOTs after the
    /// last group are left in `not_strings`.
    fn check_dag(
        &mut self,
        cs: usize,
        text: &[u8],
        buf: BufferId,
        start: usize,
        end: usize,
        not_strings: &mut Vec<DagNot>,
    ) -> Option<usize> {
        let dag_not = self.checks[cs].dag_not.clone();
        if dag_not.is_empty() {
            return Some(0);
        }
        let mut start_pos = 0usize;
        // Sorted, non-overlapping matches of the current group.
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        for (k, dn) in dag_not.iter().enumerate() {
            let kind = self.patterns[dn.pat].ty.kind;
            if kind == CheckKind::Not {
                not_strings.push(dn.clone());
                continue;
            }
            let mut match_pos = start_pos;
            let mut mi = 0usize;
            let (m_pos, m_len, m_caps);
            loop {
                let from = start + match_pos;
                let result = self.run_pattern(dn.pat, text, from, end);
                let m = match result {
                    Ok(m) if !self.req.verbose_verbose => m,
                    other => self.report(true, &dn.prefix, dn.pat, 1, buf, from, end, other)?,
                };
                let pos = match_pos + m.pos;
                let new = (pos, pos + m.len);
                if self.req.allow_deprecated_dag_overlap {
                    if let Some(block) = ranges.first_mut() {
                        block.0 = block.0.min(new.0);
                        block.1 = block.1.max(new.1);
                    } else {
                        ranges.push(new);
                    }
                    m_pos = pos;
                    m_len = m.len;
                    // Captures relative to the group's start, like the match.
                    m_caps = m.captures.iter().map(|(n, s, e)| (n.clone(), s + match_pos, e + match_pos)).collect();
                    break;
                }
                let mut overlap = false;
                while mi < ranges.len() {
                    if new.0 < ranges[mi].1 {
                        overlap = ranges[mi].0 < new.1;
                        break;
                    }
                    mi += 1;
                }
                if !overlap {
                    ranges.insert(mi, new);
                    m_pos = pos;
                    m_len = m.len;
                    // Captures relative to the group's start, like the match.
                    m_caps = m.captures.iter().map(|(n, s, e)| (n.clone(), s + match_pos, e + match_pos)).collect();
                    break;
                }
                if self.req.verbose_verbose && self.diags.is_some() {
                    let loc = self.patterns[dn.pat].loc.loc();
                    self.relabel_last(loc, MatchType::FoundButDiscarded);
                } else if self.req.verbose_verbose {
                    let r = ranges[mi];
                    let at = Loc { buffer: buf, offset: start + r.0 };
                    self.sm.print(
                        at,
                        Kind::Note,
                        "match discarded, overlaps earlier DAG match here",
                        Some((start + r.0, start + r.1)),
                    );
                }
                match_pos = ranges[mi].1;
                mi += 1;
            }
            if !self.req.verbose_verbose {
                let m = Match { pos: m_pos, len: m_len, captures: m_caps };
                self.report(true, &dn.prefix, dn.pat, 1, buf, start, end, Ok(m));
            }
            let group_ends = dag_not.get(k + 1).is_none_or(|next| self.patterns[next.pat].ty.kind == CheckKind::Not);
            if group_ends {
                if !not_strings.is_empty() {
                    let region = (start + start_pos, start + ranges[0].0);
                    if self.check_not(text, buf, region, not_strings) {
                        return None;
                    }
                    not_strings.clear();
                }
                start_pos = ranges.last().map_or(start_pos, |r| r.1);
                ranges.clear();
            }
        }
        Some(start_pos)
    }
}

/// Finds the next occurrence of any check or comment prefix, preferring
/// the longest at a position.
struct PrefixMatcher {
    /// Prefix, whether it is a comment prefix, and its next occurrence.
    prefixes: Vec<(Vec<u8>, bool, Option<usize>)>,
}

impl PrefixMatcher {
    fn new(check: &[String], comment: &[String], text: &[u8]) -> Self {
        let mut prefixes: Vec<(Vec<u8>, bool, Option<usize>)> = check
            .iter()
            .map(|p| (p.as_bytes().to_vec(), false))
            .chain(comment.iter().map(|p| (p.as_bytes().to_vec(), true)))
            .map(|(p, c)| {
                let at = find(text, &p, 0);
                (p, c, at)
            })
            .collect();
        prefixes.sort_by_key(|p| std::cmp::Reverse(p.0.len()));
        PrefixMatcher { prefixes }
    }

    /// The earliest prefix occurrence at or after `from`: position,
    /// length, whether it is a comment prefix.
    fn next_match(&mut self, text: &[u8], from: usize) -> Option<(usize, usize, bool)> {
        let mut best: Option<(usize, usize, bool)> = None;
        for (p, comment, at) in &mut self.prefixes {
            if let Some(a) = *at {
                if a < from {
                    *at = find(text, p, from);
                }
            }
            if let Some(a) = *at {
                if best.is_none_or(|b| a < b.0) {
                    best = Some((a, p.len(), *comment));
                }
            }
        }
        best
    }
}
