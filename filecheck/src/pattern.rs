//! One directive's pattern: parsing `{{regex}}`, `[[VAR:regex]]`,
//! `[[VAR]]` and `[[#expr]]` blocks into a single regex (as LLVM's
//! `Pattern::parsePattern` does), and matching it against the input with
//! the variables' current values.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::numeric::{Ast, BinOp, EvalError, Format, FormatKind, VarId};
use crate::regex::{self, Flags, Regex};
use crate::text::{find, find_ignore_case, Span, Str};
use crate::Request;

const SPACE: &[u8] = b" \t";

/// Directive kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckKind {
    Plain,
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
    Comment,
    /// The implicit end-of-input pattern that carries trailing DAG/NOT.
    Eof,
    Misspelled,
    BadNot,
    BadCount,
}

/// A directive's kind with its count (`-COUNT-n`) and `{LITERAL}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckType {
    pub kind: CheckKind,
    pub count: usize,
    pub literal: bool,
}

impl CheckType {
    pub fn new(kind: CheckKind) -> Self {
        CheckType { kind, count: 1, literal: false }
    }

    /// `CHECK-NEXT`, `CHECK-COUNT{LITERAL}`, ... as LLVM names it.
    pub fn describe(&self, prefix: &str) -> String {
        let modifiers = if self.literal { "{LITERAL}" } else { "" };
        let suffix = match self.kind {
            CheckKind::Plain if self.count > 1 => "-COUNT",
            CheckKind::Plain => "",
            CheckKind::Next => "-NEXT",
            CheckKind::Same => "-SAME",
            CheckKind::Not => "-NOT",
            CheckKind::Dag => "-DAG",
            CheckKind::Label => "-LABEL",
            CheckKind::Empty => "-EMPTY",
            CheckKind::Comment => return prefix.to_string(),
            CheckKind::Eof => return "implicit EOF".into(),
            CheckKind::Misspelled => return "misspelled".into(),
            CheckKind::BadNot => return "bad NOT".into(),
            CheckKind::BadCount => return "bad COUNT".into(),
        };
        format!("{prefix}{suffix}{modifiers}")
    }
}

/// An error with the text it is about.
#[derive(Clone, Debug)]
pub struct Diag {
    pub span: Span,
    pub msg: String,
    /// Mark the span with `~` (LLVM's `ErrorDiagnostic`); otherwise only
    /// a caret at its start.
    pub ranged: bool,
}

impl Diag {
    fn ranged(s: &Str, msg: impl Into<String>) -> Diag {
        Diag { span: s.span(), msg: msg.into(), ranged: true }
    }
    fn at(s: &Str, msg: impl Into<String>) -> Diag {
        let mut span = s.span();
        span.end = span.start;
        Diag { span, msg: msg.into(), ranged: false }
    }
}

/// A parse failure: the diagnostic and, for the one error LLVM reports by
/// exiting on the spot, that exit code.
#[derive(Debug)]
pub struct ParseError {
    pub diag: Diag,
    pub exit_now: Option<i32>,
    /// Reported through LLVM's error logging, which adds an empty line.
    pub logged: bool,
}

impl From<Diag> for ParseError {
    fn from(diag: Diag) -> Self {
        ParseError { diag, exit_now: None, logged: false }
    }
}

impl ParseError {
    fn logged(diag: Diag) -> Self {
        ParseError { diag, exit_now: None, logged: true }
    }
}

/// A numeric variable.
#[derive(Clone, Debug)]
pub struct NumVar {
    pub name: Vec<u8>,
    pub format: Format,
    /// The check-file line of its definition, if defined in a pattern.
    pub def_line: Option<usize>,
    pub value: Option<i128>,
}

/// Variables shared by all patterns.
#[derive(Default)]
pub struct Context {
    /// String variables with a value.
    pub strings: HashMap<Vec<u8>, Vec<u8>>,
    /// Names of string variables defined anywhere (for name clashes).
    pub defined_strings: HashSet<Vec<u8>>,
    /// Numeric variables by name.
    pub numeric_names: HashMap<Vec<u8>, VarId>,
    pub numeric: Vec<NumVar>,
    /// `@LINE`.
    pub line_var: VarId,
    /// Parentheses and calls open in the numeric expression being parsed.
    expr_depth: usize,
}

/// The deepest nesting of parentheses and calls in a numeric expression:
/// deeper is a diagnostic, not a stack overflow.
const MAX_EXPR_NESTING: usize = 256;

/// Enters one level of a numeric expression's nesting at `at`.
fn enter_expr(ctx: &mut Context, at: &Str) -> Result<(), Diag> {
    ctx.expr_depth += 1;
    if ctx.expr_depth > MAX_EXPR_NESTING {
        ctx.expr_depth = 0;
        return Err(Diag::ranged(
            at,
            format!("expression nested deeper than {MAX_EXPR_NESTING} levels is not supported"),
        ));
    }
    Ok(())
}

impl Context {
    pub fn new() -> Self {
        let mut c = Context::default();
        c.numeric.push(NumVar {
            name: b"@LINE".to_vec(),
            format: Format::new(FormatKind::Unsigned),
            def_line: None,
            value: None,
        });
        c.line_var = 0;
        c.numeric_names.insert(b"@LINE".to_vec(), 0);
        c
    }

    fn new_var(&mut self, name: &[u8], format: Format, def_line: Option<usize>) -> VarId {
        self.numeric.push(NumVar { name: name.to_vec(), format, def_line, value: None });
        self.numeric.len() - 1
    }

    /// Forgets the values of variables whose names do not start with `$`
    /// (`--enable-var-scope` at each CHECK-LABEL).
    pub fn clear_local_vars(&mut self) {
        self.strings.retain(|k, _| k.first() == Some(&b'$'));
        let locals: Vec<Vec<u8>> = self.numeric_names.keys().filter(|k| k.first() != Some(&b'$')).cloned().collect();
        for k in locals {
            if let Some(v) = self.numeric_names.remove(&k) {
                self.numeric[v].value = None;
            }
        }
    }
}

/// What a substitution inserts.
#[derive(Debug)]
enum SubstKind {
    /// A string variable's value, escaped.
    String(Vec<u8>),
    /// An expression's value in its format.
    Numeric { ast: Ast, format: Format },
}

#[derive(Debug)]
struct Substitution {
    /// The text of the block, for diagnostics.
    from: Span,
    /// Where the value goes in the regex.
    index: usize,
    kind: SubstKind,
}

/// Which operands a numeric expression accepts at a position.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Allowed {
    LineVar,
    LegacyLiteral,
    Any,
}

/// A parsed pattern.
#[derive(Debug)]
pub struct Pattern {
    pub ty: CheckType,
    /// Where the pattern text starts.
    pub loc: Span,
    pub line: Option<usize>,
    fixed: Vec<u8>,
    regex: Vec<u8>,
    /// The regex compiled once, when it has no substitutions.
    compiled: Option<Regex>,
    substitutions: Vec<Substitution>,
    /// String variables defined here, by name, with their group.
    variable_defs: BTreeMap<Vec<u8>, usize>,
    /// Numeric variables defined here with their group.
    numeric_defs: HashMap<Vec<u8>, (VarId, usize)>,
    ignore_case: bool,
}

/// A successful match: offset and length in the searched text, and the
/// variables it captured with their ranges there.
#[derive(Clone, Debug, Default)]
pub struct Match {
    pub pos: usize,
    pub len: usize,
    pub captures: Vec<(Vec<u8>, usize, usize)>,
}

/// Why a match attempt failed.
#[derive(Debug)]
pub enum MatchError {
    NotFound,
    /// Substitution errors (undefined variables, overflow).
    Errors(Vec<Diag>),
}

impl Pattern {
    /// An empty pattern of the given type (the EOF pattern as is).
    pub fn new(ty: CheckType, loc: Span, line: Option<usize>) -> Self {
        Pattern {
            ty,
            loc,
            line,
            fixed: Vec::new(),
            regex: Vec::new(),
            compiled: None,
            substitutions: Vec::new(),
            variable_defs: BTreeMap::new(),
            numeric_defs: HashMap::new(),
            ignore_case: false,
        }
    }

    /// Whether the pattern defines or uses a variable (not allowed in
    /// CHECK-LABEL).
    pub fn has_variable(&self) -> bool {
        !(self.substitutions.is_empty() && self.variable_defs.is_empty())
    }

    /// The fixed string or regex, for near-miss search.
    fn example(&self) -> &[u8] {
        if self.fixed.is_empty() {
            &self.regex
        } else {
            &self.fixed
        }
    }

    /// Parses `text` (the rest of the directive's line).
    pub fn parse(&mut self, text: Str, prefix: &str, ctx: &mut Context, req: &Request) -> Result<(), ParseError> {
        let full_lines = req.match_full_lines && self.ty.kind != CheckKind::Not;
        self.ignore_case = req.ignore_case;
        self.loc = text.span();
        self.loc.end = self.loc.start;
        let mut ps = text;
        if !(req.strict_whitespace && req.match_full_lines) {
            ps = ps.rtrim(SPACE);
        }
        if ps.is_empty() && self.ty.kind != CheckKind::Empty {
            return Err(Diag::at(&text, format!("found empty check string with prefix '{prefix}:'")).into());
        }
        if !ps.is_empty() && self.ty.kind == CheckKind::Empty {
            return Err(Diag::at(
                &text,
                format!("found non-empty check string for empty check with prefix '{prefix}:'"),
            )
            .into());
        }
        if self.ty.kind == CheckKind::Empty {
            self.regex = b"(\n$)".to_vec();
            self.compile_static();
            return Ok(());
        }
        if self.ty.literal {
            self.fixed = ps.bytes().to_vec();
            return Ok(());
        }
        if !full_lines && (ps.len() < 2 || (!ps.contains(b"{{") && !ps.contains(b"[["))) {
            self.fixed = ps.bytes().to_vec();
            return Ok(());
        }
        if full_lines {
            self.regex.push(b'^');
            if !req.strict_whitespace {
                self.regex.extend_from_slice(b" *");
            }
        }
        let mut cur_paren = 1usize;
        while !ps.is_empty() {
            if ps.starts_with(b"{{") {
                let Some(end) = ps.find(b"}}", 0) else {
                    return Err(Diag::at(&ps, "found start of regex string with no end '}}'").into());
                };
                let alternation = ps.find_byte(b'|').is_some();
                if alternation {
                    self.regex.push(b'(');
                    cur_paren += 1;
                }
                self.add_regex(ps.slice(2, end - 2), &mut cur_paren)?;
                if alternation {
                    self.regex.push(b')');
                }
                ps = ps.substr(end + 2);
                continue;
            }
            if ps.starts_with(b"[[") && !ps.starts_with(b"[[[") {
                ps = self.parse_block(ps, prefix, &mut cur_paren, ctx)?;
                continue;
            }
            // The nearer of the next `{{` and `[[`; the `{{` is looked for only
            // before the `[[` (a run of `[` would otherwise rescan the rest
            // of the line for each one: quadratic, seconds on 100k of them).
            let square = ps.find(b"[[", 1).unwrap_or(ps.len());
            let end = ps.take(square).find(b"{{", 1).unwrap_or(square);
            self.regex.extend(regex::escape(ps.take(end).bytes()));
            ps = ps.substr(end);
        }
        if full_lines {
            if !req.strict_whitespace {
                self.regex.extend_from_slice(b" *");
            }
            self.regex.push(b'$');
        }
        self.compile_static();
        Ok(())
    }

    fn compile_static(&mut self) {
        if self.substitutions.is_empty() {
            self.compiled = Regex::from_bytes(&self.regex, self.flags()).ok();
        }
    }

    fn flags(&self) -> Flags {
        Flags { newline: true, ignore_case: self.ignore_case }
    }

    /// Validates a user regex and appends it.
    fn add_regex(&mut self, rs: Str, cur_paren: &mut usize) -> Result<(), ParseError> {
        match Regex::from_bytes(rs.bytes(), Flags::default()) {
            Err(e) => Err(Diag::at(&rs, format!("invalid regex: {e}")).into()),
            Ok(r) => {
                self.regex.extend_from_slice(rs.bytes());
                *cur_paren += r.groups();
                Ok(())
            }
        }
    }

    /// Parses a `[[...]]` block at the start of `ps`; returns the rest.
    fn parse_block<'a>(
        &mut self,
        ps: Str<'a>,
        _prefix: &str,
        cur_paren: &mut usize,
        ctx: &mut Context,
    ) -> Result<Str<'a>, ParseError> {
        let unparsed = ps.substr(2);
        let end = find_regex_var_end(unparsed)?;
        let mut match_str = unparsed.take(end.unwrap_or(unparsed.len()));
        let mut is_num = match_str.consume_front(b"#");
        let Some(end) = end else {
            return Err(Diag::at(&ps, "Invalid substitution block, no ]] found").into());
        };
        let rest = unparsed.substr(end + 2);

        let mut is_definition = false;
        let mut subst_needed = false;
        let mut is_legacy_line = false;
        let mut def_name: Vec<u8> = Vec::new();
        let mut subst_str: Option<Str> = None;
        let mut match_regexp: Option<Vec<u8>> = None;
        let mut match_regexp_str: Option<Str> = None;
        let mut subst_insert = self.regex.len();

        if !is_num {
            let var_end = match_str.find_byte(b':');
            let head = match_str.take(var_end.unwrap_or(match_str.len()));
            if let Some(sp) = head.find_first_of(SPACE) {
                return Err(Diag::at(&match_str.substr(sp), "unexpected whitespace").into());
            }
            let orig = match_str;
            let (name, pseudo) = parse_variable(&mut match_str).map_err(ParseError::logged)?;
            is_definition = var_end.is_some();
            subst_needed = !is_definition;
            if is_definition {
                if pseudo || !match_str.consume_front(b":") {
                    return Err(Diag::at(&name, "invalid name in string variable definition").into());
                }
                if ctx.numeric_names.contains_key(name.bytes()) {
                    return Err(Diag::at(
                        &name,
                        format!("numeric variable with name '{}' already exists", name.string()),
                    )
                    .into());
                }
                def_name = name.bytes().to_vec();
                match_regexp_str = Some(match_str);
            } else if pseudo {
                match_str = orig;
                is_legacy_line = true;
                is_num = true;
            } else {
                if !match_str.is_empty() {
                    return Err(Diag::at(&name, "invalid name in string variable use").into());
                }
                subst_str = Some(name);
            }
        }

        let mut numeric: Option<(Option<Ast>, Format)> = None;
        let mut defined_var = None;
        if is_num {
            let (ast, format, var) =
                parse_numeric_block(match_str, is_legacy_line, self.line, ctx).map_err(ParseError::logged)?;
            subst_needed = ast.is_some();
            if let Some(v) = var {
                is_definition = true;
                def_name = ctx.numeric[v].name.clone();
                defined_var = Some(v);
            }
            if subst_needed {
                subst_str = Some(match_str);
            } else {
                match_regexp = Some(format.wildcard_regex().into_bytes());
            }
            numeric = Some((ast, format));
        }

        if is_definition {
            self.regex.push(b'(');
            subst_insert += 1;
            if let Some(v) = defined_var {
                self.numeric_defs.insert(def_name.clone(), (v, *cur_paren));
                ctx.numeric_names.insert(def_name.clone(), v);
            } else {
                self.variable_defs.insert(def_name.clone(), *cur_paren);
                ctx.defined_strings.insert(def_name.clone());
            }
            *cur_paren += 1;
        }
        if let Some(rs) = match_regexp_str.filter(|s| !s.is_empty()) {
            self.add_regex(rs, cur_paren)?;
        } else if let Some(rx) = match_regexp.filter(|r| !r.is_empty()) {
            let r =
                Regex::from_bytes(&rx, Flags::default()).map_err(|e| Diag::at(&ps, format!("invalid regex: {e}")))?;
            self.regex.extend_from_slice(&rx);
            *cur_paren += r.groups();
        }
        if is_definition {
            self.regex.push(b')');
        }
        if subst_needed {
            let from = subst_str.expect("substitution text");
            let same_line_def = if numeric.is_none() { self.variable_defs.get(from.bytes()).copied() } else { None };
            if let Some(paren) = same_line_def {
                // FileCheck 22 writes the reference as `\N`: one digit.
                if !(1..=9).contains(&paren) {
                    return Err(Diag::at(&from, "Can't back-reference more than 9 variables").into());
                }
                self.regex.extend_from_slice(format!("\\{paren}").as_bytes());
            } else {
                let kind = match numeric {
                    Some((Some(ast), format)) => SubstKind::Numeric { ast, format },
                    _ => SubstKind::String(from.bytes().to_vec()),
                };
                self.substitutions.push(Substitution { from: from.span(), index: subst_insert, kind });
            }
        }
        Ok(rest)
    }

    /// Matches against `buffer` with the current variable values; on
    /// success records the variables this pattern defines.
    pub fn match_in(
        &self,
        buffer: &[u8],
        ctx: &mut Context,
        sm_text: &dyn Fn(Span) -> Vec<u8>,
    ) -> Result<Match, MatchError> {
        if self.ty.kind == CheckKind::Eof {
            return Ok(Match { pos: buffer.len(), len: 0, captures: Vec::new() });
        }
        if !self.fixed.is_empty() {
            let pos =
                if self.ignore_case { find_ignore_case(buffer, &self.fixed) } else { find(buffer, &self.fixed, 0) };
            return pos
                .map(|pos| Match { pos, len: self.fixed.len(), captures: Vec::new() })
                .ok_or(MatchError::NotFound);
        }
        let owned;
        let re = match &self.compiled {
            Some(r) => r,
            None => {
                let text = self.substituted_regex(ctx, sm_text)?;
                owned = Regex::from_bytes(&text, self.flags()).map_err(|_| MatchError::NotFound)?;
                &owned
            }
        };
        let caps = re.captures(buffer).ok_or(MatchError::NotFound)?;
        let range = |i: usize| caps.get(i).copied().flatten();
        let group = |i: usize| range(i).map(|(s, e)| &buffer[s..e]).unwrap_or(b"");
        let mut captures = Vec::new();
        for (name, &paren) in &self.variable_defs {
            ctx.strings.insert(name.clone(), group(paren).to_vec());
            if let Some((s, e)) = range(paren) {
                captures.push((name.clone(), s, e));
            }
        }
        for (name, &(var, paren)) in &self.numeric_defs {
            let v = ctx.numeric[var].format.value_of(group(paren));
            ctx.numeric_names.entry(name.clone()).or_insert(var);
            ctx.numeric[var].value = v;
            if let Some((s, e)) = range(paren) {
                captures.push((name.clone(), s, e));
            }
        }
        captures.sort_by_key(|c| c.1);
        let (s, e) = caps[0].expect("whole match");
        let skip = usize::from(self.ty.kind == CheckKind::Empty);
        Ok(Match { pos: s + skip, len: (e - s).saturating_sub(skip), captures })
    }

    /// The regex with every substitution's current value in place.
    fn substituted_regex(&self, ctx: &mut Context, sm_text: &dyn Fn(Span) -> Vec<u8>) -> Result<Vec<u8>, MatchError> {
        if let Some(line) = self.line {
            ctx.numeric[ctx.line_var].value = Some(line as i128);
        }
        let mut out = self.regex.clone();
        let mut offset = 0;
        let mut errors = Vec::new();
        for s in &self.substitutions {
            let value = match substitution_value(s, ctx, sm_text) {
                Ok(v) => v,
                Err(mut e) => {
                    errors.append(&mut e);
                    continue;
                }
            };
            let at = s.index + offset;
            out.splice(at..at, value.iter().copied());
            offset += value.len();
        }
        if errors.is_empty() {
            Ok(out)
        } else {
            Err(MatchError::Errors(errors))
        }
    }

    /// `with "VAR" equal to "value"` notes for each substitution that has a
    /// value.
    pub fn substitution_notes(&self, ctx: &Context, sm_text: &dyn Fn(Span) -> Vec<u8>) -> Vec<String> {
        let mut notes = Vec::new();
        for s in &self.substitutions {
            let shown = match &s.kind {
                SubstKind::String(name) => match ctx.strings.get(name) {
                    Some(v) => quote_value(v),
                    None => continue,
                },
                SubstKind::Numeric { ast, format } => {
                    match ast.eval(&|v| ctx.numeric[v].value).ok().and_then(|v| format.matching_string(v)) {
                        Some(text) => format!("\"{text}\""),
                        None => continue,
                    }
                }
            };
            notes.push(format!("with \"{}\" equal to {}", escape_for_display(&sm_text(s.from)), shown));
        }
        notes
    }

    /// Where the best near-miss for this pattern starts in `buffer`
    /// (LLVM's "possible intended match").
    pub fn fuzzy_match(&self, buffer: &[u8]) -> Option<usize> {
        let example = self.example();
        let limit = buffer.len().min(4096);
        if 4096usize * 2048 < limit * example.len().max(1) {
            return None;
        }
        let mut lines = 0usize;
        let mut best: Option<usize> = None;
        let mut best_quality = 0f64;
        for i in 0..limit {
            if buffer[i] == b'\n' {
                lines += 1;
            }
            if buffer[i] == b' ' || buffer[i] == b'\t' {
                continue;
            }
            let prefix = &buffer[i..(i + example.len()).min(buffer.len())];
            let prefix = prefix.split(|&c| c == b'\n').next().unwrap_or(b"");
            // Only qualities under 50 are ever reported, and only a better
            // one can replace the best so far: distances beyond that bound
            // need not be computed exactly.
            let bound = if best.is_some() { best_quality.min(50.0) } else { 50.0 };
            let Some(distance) = edit_distance_within(prefix, example, bound as usize) else { continue };
            let quality = distance as f64 + lines as f64 / 100.0;
            if best.is_none() || quality < best_quality {
                best = Some(i);
                best_quality = quality;
            }
        }
        best.filter(|&b| b != 0 && best_quality < 50.0)
    }
}

/// The regex text a substitution inserts, or its errors.
fn substitution_value(
    s: &Substitution,
    ctx: &Context,
    sm_text: &dyn Fn(Span) -> Vec<u8>,
) -> Result<Vec<u8>, Vec<Diag>> {
    let undefined = |span: Span| Diag {
        span: Span { end: span.end, ..span },
        msg: format!("undefined variable: {}", String::from_utf8_lossy(&sm_text(span))),
        ranged: true,
    };
    let overflow = || Diag {
        span: s.from,
        msg: "unable to substitute variable or numeric expression: overflow error".into(),
        ranged: true,
    };
    match &s.kind {
        SubstKind::String(name) => match ctx.strings.get(name) {
            Some(v) => Ok(regex::escape(v)),
            None => Err(vec![undefined(s.from)]),
        },
        SubstKind::Numeric { ast, format } => match ast.eval(&|v| ctx.numeric[v].value) {
            Ok(v) => format.matching_string(v).map(String::into_bytes).ok_or_else(|| vec![overflow()]),
            Err(EvalError::Undefined(spans)) => Err(spans.into_iter().map(undefined).collect()),
            Err(EvalError::Overflow) => Err(vec![overflow()]),
        },
    }
}

/// A variable's value quoted for a note, escaped if it has unprintable
/// characters or quotes.
fn quote_value(v: &[u8]) -> String {
    let needs = v.iter().any(|&c| !(0x20..0x7f).contains(&c) || c == b'"');
    if needs {
        format!("\"{}\" (escaped value)", escape_for_display(v))
    } else {
        format!("\"{}\"", String::from_utf8_lossy(v))
    }
}

/// LLVM's `write_escaped`.
fn escape_for_display(v: &[u8]) -> String {
    let mut out = String::new();
    for &c in v {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'"' => out.push_str("\\\""),
            0x20..=0x7e => out.push(c as char),
            _ => out.push_str(&format!("\\{:03o}", c)),
        }
    }
    out
}

/// Levenshtein distance with replacements (LLVM's `edit_distance`), or
/// `None` when it exceeds `max`.
fn edit_distance_within(a: &[u8], b: &[u8], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        let mut row_min = row[0];
        for (j, &cb) in b.iter().enumerate() {
            let old = row[j + 1];
            row[j + 1] = if ca == cb { prev } else { 1 + prev.min(row[j]).min(row[j + 1]) };
            row_min = row_min.min(row[j + 1]);
            prev = old;
        }
        if row_min > max {
            return None;
        }
    }
    (row[b.len()] <= max).then_some(row[b.len()])
}

/// The offset of the `]]` closing a substitution block, skipping nested
/// brackets and escapes; a stray `]` is fatal, as in LLVM (exit 1).
fn find_regex_var_end(s: Str) -> Result<Option<usize>, ParseError> {
    let bytes = s.bytes();
    let mut i = 0;
    let mut depth = 0usize;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"]]") && depth == 0 {
            return Ok(Some(i));
        }
        if bytes[i] == b'\\' {
            i += 2;
            continue;
        }
        match bytes[i] {
            b'[' => depth += 1,
            b']' => {
                if depth == 0 {
                    let diag = Diag::at(&s.substr(i), "missing closing \"]\" for regex variable");
                    return Err(ParseError { diag, exit_now: Some(1), logged: false });
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(None)
}

/// Parses a variable name (`$` global, `@` pseudo) from the front of `s`.
pub fn parse_variable<'a>(s: &mut Str<'a>) -> Result<(Str<'a>, bool), Diag> {
    if s.is_empty() {
        return Err(Diag::ranged(s, "empty variable name"));
    }
    let b = s.bytes();
    let pseudo = b[0] == b'@';
    let mut i = usize::from(b[0] == b'$' || pseudo);
    if i == b.len() {
        let kind = if pseudo { "pseudo " } else { "global " };
        return Err(Diag::ranged(&s.substr(i), format!("empty {kind}variable name")));
    }
    if !(b[i] == b'_' || b[i].is_ascii_alphabetic()) {
        return Err(Diag::ranged(s, "invalid variable name"));
    }
    i += 1;
    while i < b.len() && (b[i] == b'_' || b[i].is_ascii_alphanumeric()) {
        i += 1;
    }
    let name = s.take(i);
    *s = s.substr(i);
    Ok((name, pseudo))
}

/// Parses the inside of a `[[#...]]` block: returns the expression (if
/// any), its format and the variable it defines (if any).
pub fn parse_numeric_block(
    expr: Str,
    legacy_line: bool,
    line: Option<usize>,
    ctx: &mut Context,
) -> Result<(Option<Ast>, Format, Option<VarId>), Diag> {
    let outer_all = expr.all();
    let mut expr = expr;
    let mut explicit: Option<Format> = None;
    let mut precision = 0u32;
    let spec_end = expr.find_byte(b',');
    let fn_start = expr.find_byte(b'(');
    if let Some(fse) = spec_end.filter(|&f| fn_start.is_none_or(|p| f < p)) {
        let mut fmt = expr.take(fse).ltrim(SPACE).rtrim(SPACE);
        expr = expr.substr(fse + 1);
        if !fmt.consume_front(b"%") {
            return Err(Diag::ranged(&fmt, "invalid matching format specification in expression"));
        }
        let alt_loc = fmt;
        let alternate = fmt.consume_front(b"#");
        if fmt.consume_front(b".") {
            match consume_integer(&mut fmt, 10) {
                Some(p) if (0..=u32::MAX as i128).contains(&p) => precision = p as u32,
                _ => return Err(Diag::ranged(&fmt, "invalid precision in format specifier")),
            }
        }
        if !fmt.is_empty() {
            let loc = fmt;
            let c = fmt.first().unwrap_or(0);
            fmt = fmt.substr(1);
            let kind = match c {
                b'u' => FormatKind::Unsigned,
                b'd' => FormatKind::Signed,
                b'x' => FormatKind::HexLower,
                b'X' => FormatKind::HexUpper,
                _ => return Err(Diag::at(&loc, "invalid format specifier in expression")),
            };
            let hex = matches!(kind, FormatKind::HexLower | FormatKind::HexUpper);
            explicit = Some(Format { kind, precision, alternate: alternate && hex });
        }
        let is_hex = explicit.is_some_and(|f| matches!(f.kind, FormatKind::HexLower | FormatKind::HexUpper));
        if alternate && !is_hex {
            return Err(Diag::at(&alt_loc, "alternate form only supported for hex values"));
        }
        let fmt = fmt.ltrim(SPACE);
        if !fmt.is_empty() {
            return Err(Diag::ranged(&fmt, "invalid matching format specification in expression"));
        }
    }

    let mut def_expr = None;
    if let Some(d) = expr.find_byte(b':') {
        def_expr = Some(expr.take(d));
        expr = expr.substr(d + 1);
    }
    expr = expr.ltrim(SPACE);
    let constraint = expr.consume_front(b"==");
    expr = expr.ltrim(SPACE);
    let mut ast = None;
    if expr.is_empty() {
        if constraint {
            return Err(Diag::ranged(&expr, "empty numeric expression should not have a constraint"));
        }
    } else {
        expr = expr.rtrim(SPACE);
        let outer = expr;
        let allowed = if legacy_line { Allowed::LineVar } else { Allowed::Any };
        let mut result = parse_operand(&mut expr, allowed, !constraint, line, ctx)?;
        while !expr.is_empty() {
            result = parse_binop(outer, &mut expr, result, legacy_line, line, ctx)?;
            if legacy_line && !expr.is_empty() {
                return Err(Diag::ranged(
                    &expr,
                    format!("unexpected characters at end of expression '{}'", expr.string()),
                ));
            }
        }
        ast = Some(result);
    }

    let mut format = match explicit {
        Some(f) => f,
        None => match &ast {
            Some(a) => implicit_format(a, ctx, outer_all)?,
            None => Format::new(FormatKind::NoFormat),
        },
    };
    if format.kind == FormatKind::NoFormat {
        format = Format { kind: FormatKind::Unsigned, precision, alternate: false };
    }

    let mut defined = None;
    if let Some(de) = def_expr {
        let de = de.ltrim(SPACE);
        defined = Some(parse_numeric_definition(de, ctx, line, format)?);
    }
    Ok((ast, format, defined))
}

fn parse_numeric_definition(mut e: Str, ctx: &mut Context, line: Option<usize>, format: Format) -> Result<VarId, Diag> {
    let (name, pseudo) = parse_variable(&mut e)?;
    if pseudo {
        return Err(Diag::ranged(&name, "definition of pseudo numeric variable unsupported"));
    }
    if ctx.defined_strings.contains(name.bytes()) {
        return Err(Diag::ranged(&name, format!("string variable with name '{}' already exists", name.string())));
    }
    let e = e.ltrim(SPACE);
    if !e.is_empty() {
        return Err(Diag::ranged(&e, "unexpected characters after numeric variable name"));
    }
    match ctx.numeric_names.get(name.bytes()) {
        Some(&v) => {
            if !ctx.numeric[v].format.same(&format) {
                return Err(Diag::ranged(&e, "format different from previous variable definition"));
            }
            Ok(v)
        }
        None => Ok(ctx.new_var(name.bytes(), format, line)),
    }
}

fn parse_variable_use(name: Str, pseudo: bool, line: Option<usize>, ctx: &mut Context) -> Result<Ast, Diag> {
    if pseudo && name.bytes() != b"@LINE" {
        return Err(Diag::ranged(&name, format!("invalid pseudo numeric variable '{}'", name.string())));
    }
    let v = match ctx.numeric_names.get(name.bytes()) {
        Some(&v) => v,
        None => {
            let v = ctx.new_var(name.bytes(), Format::new(FormatKind::Unsigned), None);
            ctx.numeric_names.insert(name.bytes().to_vec(), v);
            v
        }
    };
    if let (Some(d), Some(l)) = (ctx.numeric[v].def_line, line) {
        if d == l {
            return Err(Diag::ranged(
                &name,
                format!("numeric variable '{}' defined earlier in the same CHECK directive", name.string()),
            ));
        }
    }
    Ok(Ast::Var { name: name.span(), var: v })
}

fn parse_operand(
    expr: &mut Str,
    allowed: Allowed,
    maybe_constraint: bool,
    line: Option<usize>,
    ctx: &mut Context,
) -> Result<Ast, Diag> {
    if expr.starts_with(b"(") {
        if allowed != Allowed::Any {
            return Err(Diag::ranged(expr, "parenthesized expression not permitted here"));
        }
        return parse_paren(expr, line, ctx);
    }
    if allowed == Allowed::LineVar || allowed == Allowed::Any {
        let mut attempt = *expr;
        match parse_variable(&mut attempt) {
            Ok((name, pseudo)) => {
                *expr = attempt;
                if expr.ltrim(SPACE).starts_with(b"(") {
                    if allowed != Allowed::Any {
                        return Err(Diag::ranged(&name, "unexpected function call"));
                    }
                    return parse_call(expr, name, line, ctx);
                }
                return parse_variable_use(name, pseudo, line, ctx);
            }
            Err(e) => {
                if allowed == Allowed::LineVar {
                    return Err(e);
                }
            }
        }
    }
    let save = *expr;
    let negative = expr.consume_front(b"-");
    let radix = if allowed == Allowed::LegacyLiteral { 10 } else { 0 };
    match consume_integer(expr, radix) {
        Some(v) => {
            let text = Span { end: expr.start, ..save.span() };
            Ok(Ast::Literal { text, value: if negative { -v } else { v } })
        }
        None => {
            let what = if maybe_constraint { "matching constraint or " } else { "" };
            Err(Diag::ranged(&save, format!("invalid {what}operand format")))
        }
    }
}

fn parse_paren(expr: &mut Str, line: Option<usize>, ctx: &mut Context) -> Result<Ast, Diag> {
    enter_expr(ctx, expr)?;
    let sub = parse_paren_body(expr, line, ctx);
    ctx.expr_depth = ctx.expr_depth.saturating_sub(1);
    sub
}

fn parse_paren_body(expr: &mut Str, line: Option<usize>, ctx: &mut Context) -> Result<Ast, Diag> {
    *expr = expr.ltrim(SPACE);
    expr.consume_front(b"(");
    *expr = expr.ltrim(SPACE);
    if expr.is_empty() {
        return Err(Diag::ranged(expr, "missing operand in expression"));
    }
    let mut sub = parse_operand(expr, Allowed::Any, false, line, ctx)?;
    *expr = expr.ltrim(SPACE);
    while !expr.is_empty() && !expr.starts_with(b")") {
        let orig = *expr;
        sub = parse_binop(orig, expr, sub, false, line, ctx)?;
        *expr = expr.ltrim(SPACE);
    }
    if !expr.consume_front(b")") {
        return Err(Diag::ranged(expr, "missing ')' at end of nested expression"));
    }
    Ok(sub)
}

fn parse_binop(
    outer: Str,
    rest: &mut Str,
    lhs: Ast,
    legacy_line: bool,
    line: Option<usize>,
    ctx: &mut Context,
) -> Result<Ast, Diag> {
    *rest = rest.ltrim(SPACE);
    if rest.is_empty() {
        return Ok(lhs);
    }
    let op_loc = *rest;
    let c = rest.first().unwrap_or(0);
    *rest = rest.substr(1);
    let op = match c {
        b'+' => BinOp::Add,
        b'-' => BinOp::Sub,
        _ => return Err(Diag::at(&op_loc, format!("unsupported operation '{}'", c as char))),
    };
    *rest = rest.ltrim(SPACE);
    if rest.is_empty() {
        return Err(Diag::ranged(rest, "missing operand in expression"));
    }
    let allowed = if legacy_line { Allowed::LegacyLiteral } else { Allowed::Any };
    let rhs = parse_operand(rest, allowed, false, line, ctx)?;
    let text = outer.drop_back(rest.len()).span();
    Ok(Ast::Binary { text, op, lhs: Box::new(lhs), rhs: Box::new(rhs) })
}

fn parse_call(expr: &mut Str, name: Str, line: Option<usize>, ctx: &mut Context) -> Result<Ast, Diag> {
    enter_expr(ctx, &name)?;
    let call = parse_call_body(expr, name, line, ctx);
    ctx.expr_depth = ctx.expr_depth.saturating_sub(1);
    call
}

fn parse_call_body(expr: &mut Str, name: Str, line: Option<usize>, ctx: &mut Context) -> Result<Ast, Diag> {
    *expr = expr.ltrim(SPACE);
    let op = match name.bytes() {
        b"add" => BinOp::Add,
        b"div" => BinOp::Div,
        b"max" => BinOp::Max,
        b"min" => BinOp::Min,
        b"mul" => BinOp::Mul,
        b"sub" => BinOp::Sub,
        _ => return Err(Diag::ranged(&name, format!("call to undefined function '{}'", name.string()))),
    };
    expr.consume_front(b"(");
    *expr = expr.ltrim(SPACE);
    let mut args = Vec::new();
    while !expr.is_empty() && !expr.starts_with(b")") {
        if expr.starts_with(b",") {
            return Err(Diag::ranged(expr, "missing argument"));
        }
        let outer = *expr;
        let mut arg = parse_operand(expr, Allowed::Any, false, line, ctx)?;
        while !expr.is_empty() {
            *expr = expr.ltrim(SPACE);
            if expr.starts_with(b",") || expr.starts_with(b")") {
                break;
            }
            arg = parse_binop(outer, expr, arg, false, line, ctx)?;
        }
        args.push(arg);
        *expr = expr.ltrim(SPACE);
        if !expr.consume_front(b",") {
            break;
        }
        *expr = expr.ltrim(SPACE);
        if expr.starts_with(b")") {
            return Err(Diag::ranged(expr, "missing argument"));
        }
    }
    if !expr.consume_front(b")") {
        return Err(Diag::ranged(expr, "missing ')' at end of call expression"));
    }
    if args.len() == 2 {
        let rhs = args.pop().expect("two arguments");
        let lhs = args.pop().expect("two arguments");
        let text = Span { end: expr.start, ..name.span() };
        return Ok(Ast::Binary { text, op, lhs: Box::new(lhs), rhs: Box::new(rhs) });
    }
    Err(Diag::ranged(&name, format!("function '{}' takes 2 arguments but {} given", name.string(), args.len())))
}

/// The format an expression takes from its variables (`all`: the text of
/// the buffer the expression is in).
fn implicit_format(ast: &Ast, ctx: &Context, all: &[u8]) -> Result<Format, Diag> {
    match ast {
        Ast::Literal { .. } => Ok(Format::new(FormatKind::NoFormat)),
        Ast::Var { var, .. } => Ok(ctx.numeric[*var].format),
        Ast::Binary { text, lhs, rhs, .. } => {
            let l = implicit_format(lhs, ctx, all)?;
            let r = implicit_format(rhs, ctx, all)?;
            if l.kind != FormatKind::NoFormat && r.kind != FormatKind::NoFormat && !l.same(&r) {
                let src = |sp: Span| String::from_utf8_lossy(&all[sp.start..sp.end]).into_owned();
                return Err(Diag {
                    span: *text,
                    msg: format!(
                        "implicit format conflict between '{}' ({}) and '{}' ({}), need an explicit format specifier",
                        src(lhs.text()),
                        l.describe(),
                        src(rhs.text()),
                        r.describe()
                    ),
                    ranged: true,
                });
            }
            Ok(if l.kind != FormatKind::NoFormat { l } else { r })
        }
    }
}

/// LLVM's `StringRef::consumeInteger` into a wide integer: radix 0 senses
/// `0x`, `0b`, `0o` and a leading `0`.
fn consume_integer(s: &mut Str, radix: u32) -> Option<i128> {
    let mut rest = *s;
    let radix = if radix == 0 {
        let b = rest.bytes();
        if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
            rest = rest.substr(2);
            16
        } else if b.len() >= 2 && b[0] == b'0' && (b[1] == b'b' || b[1] == b'B') {
            rest = rest.substr(2);
            2
        } else if b.starts_with(b"0o") {
            rest = rest.substr(2);
            8
        } else if b.len() > 1 && b[0] == b'0' && b[1].is_ascii_digit() {
            rest = rest.substr(1);
            8
        } else {
            10
        }
    } else {
        radix
    };
    if rest.is_empty() {
        return None;
    }
    rest = rest.ltrim(b"0");
    if rest.is_empty() {
        *s = rest;
        return Some(0);
    }
    let mut value: i128 = 0;
    let mut consumed = false;
    while let Some(c) = rest.first() {
        let d = match c {
            b'0'..=b'9' => u32::from(c - b'0'),
            b'a'..=b'z' => u32::from(c - b'a') + 10,
            b'A'..=b'Z' => u32::from(c - b'A') + 10,
            _ => break,
        };
        if d >= radix {
            break;
        }
        value = value.checked_mul(i128::from(radix))?.checked_add(i128::from(d))?;
        consumed = true;
        rest = rest.substr(1);
    }
    if !consumed && rest.len() == s.len() {
        return None;
    }
    *s = rest;
    Some(value)
}
