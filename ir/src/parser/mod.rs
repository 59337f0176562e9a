//! MLIR's textual format: a recursive-descent parser producing IR in a
//! [`Context`]. The generic op form works for every op; registered ops also
//! parse their custom assembly form through [`OpParser`].

mod asm;
mod attr_parser;
pub mod lexer;
mod ssa_names;
mod type_parser;

pub use asm::{CustomParser, OpParser, ParseFn, UnresolvedOperand};

use std::collections::HashMap;

use rustc_hash::FxHashMap;

use crate::context::OpSpec;
use crate::diag::Diagnostic;
use crate::location::LocKind;
use crate::registry::traits;
use crate::{Attr, BlockId, Context, Loc, OpId, RegionId, Sym, Type, Value};
use lexer::{Tok, Token};

/// A parse error: the first one stops parsing, like MLIR.
pub type PResult<T> = Result<T, Diagnostic>;

/// A byte offset in the parsed buffer. Cheaper than a [`Loc`]: it becomes
/// one (interned) only when a diagnostic needs it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SrcPos(pub(crate) u32);

/// Something that names a place for a diagnostic.
pub trait IntoLoc {
    /// The location, interned in the parser's context.
    fn into_loc(self, p: &mut Parser<'_>) -> Loc;
}

impl IntoLoc for Loc {
    fn into_loc(self, _: &mut Parser<'_>) -> Loc {
        self
    }
}

impl IntoLoc for SrcPos {
    fn into_loc(self, p: &mut Parser<'_>) -> Loc {
        p.loc_at(self.0 as usize)
    }
}

/// The deepest nesting of regions and attributes the parser accepts before
/// it reports an error instead of overflowing the stack.
const MAX_NESTING: usize = 256;

/// The most operations one affine map or integer set may spell. Affine
/// expressions are trees that simplification walks recursively and
/// rebuilds on every operation, so a 100,000-term sum would take minutes
/// or overflow the stack; real maps have a handful of terms.
pub(crate) const MAX_AFFINE_OPS: usize = 1024;

struct ValueEntry {
    values: crate::context::ValueList,
    /// Where the name was defined (or first used, for forward references).
    pos: SrcPos,
    /// The first forward reference, while unresolved.
    forward: Option<SrcPos>,
}

#[derive(Default)]
struct IsolatedScope<'a> {
    values: ssa_names::SsaNames<'a, ValueEntry>,
    /// Names defined in the open nested regions, erased when their region
    /// closes (the outermost region's names go with the scope): one list,
    /// each region's names from its start in `region_starts` on, so that
    /// opening a region allocates nothing.
    region_defs: Vec<&'a str>,
    /// Where each open region's names start in `region_defs`.
    region_starts: Vec<usize>,
}

#[derive(Default)]
struct RegionScope<'a> {
    blocks: FxHashMap<&'a str, (BlockId, Option<Loc>)>,
}

/// Parses MLIR text into a [`Context`].
pub struct Parser<'a> {
    /// The context receiving the IR.
    pub ctx: &'a mut Context,
    src: &'a str,
    bytes: &'a [u8],
    file: Sym,
    line_starts: Vec<usize>,
    line_offset: u32,
    first_col_offset: u32,
    /// Line index of the last location computed (locations mostly move forward).
    last_line: usize,
    /// Whether the buffer is ASCII (columns are then byte offsets).
    ascii: bool,
    /// Told the offset before which the text has been read.
    release: Option<&'a dyn Fn(usize)>,
    /// The offset last passed to `release`.
    released: usize,
    tok: Token,
    type_aliases: HashMap<String, Type>,
    attr_aliases: HashMap<String, Attr>,
    /// The `distinct[N]<..>` attributes read so far, by the `N` written.
    pub(crate) distinct_ids: HashMap<u64, Attr>,
    loc_aliases: HashMap<String, Loc>,
    deferred_locs: Vec<(OpId, String, Loc)>,
    isolated: Vec<IsolatedScope<'a>>,
    regions: Vec<RegionScope<'a>>,
    default_dialects: Vec<&'static str>,
    depth: usize,
    /// Binary and unary operations read so far in the current affine map
    /// or integer set (bounded by [`MAX_AFFINE_OPS`]).
    pub(crate) affine_ops: usize,
    custom_op_cache: FxHashMap<&'a str, (Sym, &'static crate::registry::OpDef, ParseFn)>,
    pub(crate) type_cache: FxHashMap<&'a str, Type>,
}

/// The result of parsing a whole buffer.
pub struct ParsedModule {
    /// The top-level `builtin.module` (implicit when the text has none).
    pub module: OpId,
    /// `#alias` names the text defined for attributes, by attribute.
    pub attr_alias_names: HashMap<Attr, String>,
    /// The text had no top-level `builtin.module` of its own (its ops
    /// went into one the parser made).
    pub implicit: bool,
}

/// Where a buffer starts inside its file (for `--split-input-file` chunks,
/// which begin right after a `// -----` marker).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct BufferStart {
    /// 0-based line of the buffer's first character.
    pub line: u32,
    /// 0-based column of the buffer's first character.
    pub col: u32,
}

/// Parses a buffer. `file` names it in locations.
pub fn parse_module(ctx: &mut Context, src: &str, file: &str, start: BufferStart) -> PResult<ParsedModule> {
    let mut p = Parser::new(ctx, src, file, start);
    p.parse_top_level()
}

/// [`parse_module`], telling `release` every few megabytes that the text
/// before the byte offset it passes has been read (a mapped input gives
/// those pages back; the text must stay readable, as a diagnostic may
/// quote it later).
pub fn parse_module_releasing(
    ctx: &mut Context,
    src: &str,
    file: &str,
    start: BufferStart,
    release: &dyn Fn(usize),
) -> PResult<ParsedModule> {
    let mut p = Parser::with_release(ctx, src, file, start, Some(release));
    p.parse_top_level()
}

/// The parser reports read text to its `release` hook in steps this large.
/// Small steps matter: the kernel maps a file's pages well ahead of the
/// reads (large page-cache folios), so with 8 MiB steps 40 MB of a 52 MB
/// input was resident at once near the end of the parse, beside the IR.
const RELEASE_STEP: usize = 1 << 20;

impl<'a> Parser<'a> {
    /// A parser over `src`.
    pub fn new(ctx: &'a mut Context, src: &'a str, file: &str, start: BufferStart) -> Self {
        Self::with_release(ctx, src, file, start, None)
    }

    /// A parser over `src` that reports read text to `release`.
    fn with_release(
        ctx: &'a mut Context,
        src: &'a str,
        file: &str,
        start: BufferStart,
        release: Option<&'a dyn Fn(usize)>,
    ) -> Self {
        let bytes = src.as_bytes();
        let mut line_starts = vec![0];
        let mut ascii = true;
        for (at, step) in bytes.chunks(RELEASE_STEP).enumerate() {
            let base = at * RELEASE_STEP;
            line_starts.extend(memchr::memchr_iter(b'\n', step).map(|i| base + i + 1));
            ascii &= step.is_ascii();
            if let Some(release) = release {
                release(base + step.len());
            }
        }
        // About one op per line.
        ctx.reserve_for_ops(line_starts.len());
        let file = ctx.sym(file);
        let tok = lexer::lex(bytes, 0);
        Parser {
            ctx,
            src,
            bytes,
            file,
            line_starts,
            line_offset: start.line,
            first_col_offset: start.col,
            last_line: 0,
            ascii,
            release,
            released: 0,
            tok,
            type_aliases: HashMap::new(),
            attr_aliases: HashMap::new(),
            distinct_ids: HashMap::new(),
            loc_aliases: HashMap::new(),
            deferred_locs: Vec::new(),
            isolated: Vec::new(),
            regions: Vec::new(),
            default_dialects: Vec::new(),
            depth: 0,
            affine_ops: 0,
            custom_op_cache: FxHashMap::default(),
            type_cache: FxHashMap::default(),
        }
    }

    // ---- tokens ---------------------------------------------------------

    /// The current token kind.
    #[inline]
    pub(crate) fn kind(&self) -> Tok {
        self.tok.kind
    }

    /// The current token text.
    #[inline]
    pub(crate) fn text(&self) -> &'a str {
        &self.src[self.tok.start..self.tok.end]
    }

    #[inline]
    pub(crate) fn bump(&mut self) {
        self.tok = lexer::lex(self.bytes, self.tok.end);
    }

    /// The kinds of the next `N` tokens after the current one (the
    /// current one not consumed).
    pub(crate) fn peek_kinds<const N: usize>(&self) -> [Tok; N] {
        let mut out = [Tok::Eof; N];
        let mut end = self.tok.end;
        for k in out.iter_mut() {
            let t = lexer::lex(self.bytes, end);
            *k = t.kind;
            end = t.end;
        }
        out
    }

    /// Re-lexes from a byte position.
    pub(crate) fn reset_to(&mut self, pos: usize) {
        self.tok = lexer::lex(self.bytes, pos);
    }

    pub(crate) fn tok_start(&self) -> usize {
        self.tok.start
    }

    pub(crate) fn src(&self) -> &'a str {
        self.src
    }

    pub(crate) fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Tells the `release` hook, once per [`RELEASE_STEP`], that the text
    /// before the current token has been read.
    #[inline]
    fn release_read_text(&mut self) {
        if let Some(release) = self.release {
            if self.tok.start >= self.released + RELEASE_STEP {
                self.released = self.tok.start;
                release(self.released);
            }
        }
    }

    /// A location for a byte offset.
    pub(crate) fn loc_at(&mut self, pos: usize) -> Loc {
        // Ops are parsed in order: walk forward from the last line found
        // before falling back to a binary search.
        let mut line = self.last_line;
        if pos < self.line_starts[line] || self.line_starts.get(line + 8).is_some_and(|s| pos >= *s) {
            line = match self.line_starts.binary_search(&pos) {
                Ok(i) => i,
                Err(i) => i - 1,
            };
        } else {
            while self.line_starts.get(line + 1).is_some_and(|s| pos >= *s) {
                line += 1;
            }
        }
        self.last_line = line;
        let prefix = &self.src[self.line_starts[line]..pos];
        let mut col = if self.ascii { prefix.len() } else { prefix.chars().count() } + 1;
        if line == 0 {
            col += self.first_col_offset as usize;
        }
        self.ctx.loc(LocKind::FileLineCol {
            file: self.file,
            line: line as u32 + 1 + self.line_offset,
            col: col as u32,
        })
    }

    /// The location of the current token.
    pub(crate) fn cur_loc(&mut self) -> Loc {
        self.loc_at(self.tok.start)
    }

    /// An error at the current token.
    pub(crate) fn err<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let loc = self.cur_loc();
        Err(Diagnostic::error(loc, msg))
    }

    /// An error at a location or source position.
    pub(crate) fn err_at<T>(&mut self, at: impl IntoLoc, msg: impl Into<String>) -> PResult<T> {
        let loc = at.into_loc(self);
        Err(Diagnostic::error(loc, msg))
    }

    /// The position of the current token.
    pub(crate) fn cur_pos(&self) -> SrcPos {
        SrcPos(self.tok.start as u32)
    }

    pub(crate) fn consume_if(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn expect(&mut self, k: Tok, what: &str) -> PResult<()> {
        if self.consume_if(k) {
            Ok(())
        } else {
            self.wrong_token(format!("expected {what}"))
        }
    }

    pub(crate) fn expect_tok(&mut self, k: Tok) -> PResult<()> {
        if self.consume_if(k) {
            Ok(())
        } else {
            let s = k.spelling();
            self.wrong_token(format!("expected {s}"))
        }
    }

    /// MLIR's emitWrongTokenError: report right after the previous token
    /// (skipping blank lines and trailing comments), not at the next one.
    pub(crate) fn wrong_token<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        if self.tok.kind == Tok::Error && self.bytes.get(self.tok.start) == Some(&b'"') {
            let end = self.src[self.tok.start..].find('\n').map(|i| self.tok.start + i).unwrap_or(self.src.len());
            let loc = self.loc_at(end);
            return Err(Diagnostic::error(loc, "expected '\"' in string literal"));
        }
        let mut pos = self.tok.start;
        if self.tok.kind == Tok::Eof && pos > 0 {
            pos -= 1;
        }
        let original = pos;
        let b = self.bytes;
        let mut end = pos;
        loop {
            while end > 0 && (b[end - 1] == b' ' || b[end - 1] == b'\t') {
                end -= 1;
            }
            if end == 0 {
                let loc = self.loc_at(original);
                return Err(Diagnostic::error(loc, msg));
            }
            if b[end - 1] != b'\n' && b[end - 1] != b'\r' {
                let loc = self.loc_at(end);
                return Err(Diagnostic::error(loc, msg));
            }
            end -= 1;
            let line_start = self.src[..end].rfind('\n').map(|i| i + 1).unwrap_or(0);
            if let Some(c) = self.src[line_start..end].find("//") {
                end = line_start + c;
            }
        }
    }

    pub(crate) fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == Tok::BareId && self.text() == kw
    }

    pub(crate) fn consume_keyword(&mut self, kw: &str) -> bool {
        if self.is_keyword(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.consume_keyword(kw) {
            Ok(())
        } else {
            self.err(format!("expected '{kw}'"))
        }
    }

    pub(crate) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.err(format!("nesting deeper than {MAX_NESTING} levels is not supported"));
        }
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Parses `elem (',' elem)*`, or nothing when `close` follows immediately.
    pub(crate) fn comma_list(&mut self, close: Tok, mut elem: impl FnMut(&mut Self) -> PResult<()>) -> PResult<()> {
        if self.kind() == close {
            self.bump();
            return Ok(());
        }
        loop {
            elem(self)?;
            if self.consume_if(Tok::Comma) {
                continue;
            }
            return self.expect_tok(close);
        }
    }

    pub(crate) fn parse_integer_i64(&mut self) -> PResult<i64> {
        let neg = self.consume_if(Tok::Minus);
        if self.kind() != Tok::Integer {
            return self.err("expected integer value");
        }
        let v = parse_int_text(self.text()).and_then(|v| if neg { v.checked_neg() } else { Some(v) });
        let v = v.and_then(|v| i64::try_from(v).ok());
        match v {
            Some(v) => {
                self.bump();
                Ok(v)
            }
            None => self.err("integer value too large"),
        }
    }

    // ---- top level ------------------------------------------------------

    fn parse_top_level(&mut self) -> PResult<ParsedModule> {
        // mlir-opt gives an implicit module the buffer's start, and 0:0 for a
        // buffer at the very start of its file.
        let start_loc = if self.line_offset == 0 && self.first_col_offset == 0 {
            self.ctx.loc(LocKind::FileLineCol { file: self.file, line: 0, col: 0 })
        } else {
            self.loc_at(0)
        };
        let body = self.ctx.create_region();
        let block = self.ctx.append_block(body);
        self.isolated.push(IsolatedScope::default());
        self.push_region_scope();
        let mut top_ops = Vec::new();
        loop {
            match self.kind() {
                Tok::Eof => break,
                Tok::HashId => self.parse_attr_alias_def()?,
                Tok::BangId => self.parse_type_alias_def()?,
                Tok::FileMetaBegin => self.parse_file_metadata()?,
                _ => {
                    let op = self.parse_operation(block)?;
                    top_ops.push(op);
                    self.release_read_text();
                }
            }
        }
        self.pop_region_scope()?;
        self.finish_isolated_scope()?;
        for (op, name, at) in std::mem::take(&mut self.deferred_locs) {
            match self.loc_aliases.get(&name) {
                Some(l) => self.ctx.ops[op].loc = *l,
                None => return self.err_at(at, format!("undefined symbol alias id '{name}'")),
            }
        }
        let attr_alias_names = self.attr_aliases.iter().map(|(k, v)| (*v, k.clone())).collect();
        let module_name = self.ctx.sym("builtin.module");
        if top_ops.len() == 1 && self.ctx.op(top_ops[0]).name == module_name {
            let m = top_ops[0];
            self.ctx.unlink_op(m);
            return Ok(ParsedModule { module: m, attr_alias_names, implicit: false });
        }
        let module = self.ctx.create_op(OpSpec {
            name: module_name,
            operands: Default::default(),
            result_types: Default::default(),
            attrs: crate::context::AttrMap::default(),
            regions: vec![body],
            successors: vec![],
            loc: start_loc,
        });
        Ok(ParsedModule { module, attr_alias_names, implicit: true })
    }

    /// `{-# key: { .. }, .. #-}`: the blobs of `dialect_resources: {
    /// builtin: { handle: "0x.." } }` go to [`Context::resources`]; other
    /// dialects' resources and `external_resources` are skipped.
    fn parse_file_metadata(&mut self) -> PResult<()> {
        self.bump();
        loop {
            if self.consume_if(Tok::FileMetaEnd) {
                return Ok(());
            }
            let section = match self.kind() {
                Tok::BareId => self.text().to_string(),
                _ => return self.err("expected identifier key in file metadata dictionary"),
            };
            self.bump();
            self.expect(Tok::Colon, "':'")?;
            if section == "dialect_resources" {
                self.parse_dialect_resources()?;
            } else if section == "external_resources" {
                self.parse_external_resources()?;
            } else {
                self.skip_braced()?;
            }
            if !self.consume_if(Tok::Comma) && self.kind() != Tok::FileMetaEnd {
                return self.err("expected '#-}' to end file metadata");
            }
        }
    }

    /// `{ dialect: { key: "0x..", .. }, .. }`.
    fn parse_dialect_resources(&mut self) -> PResult<()> {
        self.expect(Tok::LBrace, "'{'")?;
        while !self.consume_if(Tok::RBrace) {
            let dialect = match self.kind() {
                Tok::BareId => self.text().to_string(),
                _ => return self.err("expected identifier key for 'resource' entry"),
            };
            self.bump();
            self.expect(Tok::Colon, "':'")?;
            if dialect != "builtin" {
                self.skip_braced()?;
            } else {
                self.expect(Tok::LBrace, "'{'")?;
                while !self.consume_if(Tok::RBrace) {
                    let key = self.resource_key()?;
                    self.expect(Tok::Colon, "':'")?;
                    let loc = self.cur_loc();
                    let blob = match self.kind() {
                        Tok::String => {
                            lexer::unescape(self.text()).ok().and_then(|t| crate::attrs::ResourceBlob::from_hex(&t))
                        }
                        _ => None,
                    };
                    let Some(blob) = blob else {
                        return self.err_at(loc, format!("expected hex string blob for key '{key}'"));
                    };
                    self.bump();
                    self.ctx.resources.insert(key, blob);
                    if !self.consume_if(Tok::Comma) && self.kind() != Tok::RBrace {
                        return self.err("expected ',' or '}'");
                    }
                }
            }
            if !self.consume_if(Tok::Comma) && self.kind() != Tok::RBrace {
                return self.err("expected ',' or '}'");
            }
        }
        Ok(())
    }

    /// `{ group: { key: "string" | true | false, .. }, .. }`, kept in
    /// [`Context::external_resources`].
    fn parse_external_resources(&mut self) -> PResult<()> {
        use crate::attrs::ExternalResourceValue as V;
        self.expect(Tok::LBrace, "'{'")?;
        while !self.consume_if(Tok::RBrace) {
            let group = self.resource_key()?;
            self.expect(Tok::Colon, "':'")?;
            self.expect(Tok::LBrace, "'{'")?;
            let mut entries = Vec::new();
            while !self.consume_if(Tok::RBrace) {
                let key = self.resource_key()?;
                self.expect(Tok::Colon, "':'")?;
                let value = match self.kind() {
                    Tok::String => match lexer::unescape(self.text()) {
                        Ok(v) => V::String(v),
                        Err(e) => return self.err(e),
                    },
                    Tok::BareId if self.text() == "true" || self.text() == "false" => V::Bool(self.text() == "true"),
                    _ => return self.err(format!("expected a string or a boolean for key '{key}'")),
                };
                self.bump();
                entries.push((key, value));
                if !self.consume_if(Tok::Comma) && self.kind() != Tok::RBrace {
                    return self.err("expected ',' or '}'");
                }
            }
            self.ctx.external_resources.push((group, entries));
            if !self.consume_if(Tok::Comma) && self.kind() != Tok::RBrace {
                return self.err("expected ',' or '}'");
            }
        }
        Ok(())
    }

    /// A resource key: an identifier or a string.
    fn resource_key(&mut self) -> PResult<String> {
        let key = match self.kind() {
            Tok::BareId => self.text().to_string(),
            Tok::String => match lexer::unescape(self.text()) {
                Ok(k) => k,
                Err(e) => return self.err(e),
            },
            _ => return self.err("expected identifier key for 'resource' entry"),
        };
        self.bump();
        Ok(key)
    }

    /// Skips a `{ .. }` with whatever it nests.
    fn skip_braced(&mut self) -> PResult<()> {
        let start = self.tok.start;
        if self.kind() != Tok::LBrace {
            return self.err("expected '{'");
        }
        let close = self.balanced_end(start)?;
        self.reset_to(close);
        Ok(())
    }

    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let name = self.text()[1..].to_string();
        let loc = self.cur_loc();
        self.bump();
        if !self.consume_if(Tok::Equal) {
            return self.err("expected '=' in attribute alias definition");
        }
        if name.contains('.') {
            return self.err_at(loc, "attribute names with a '.' are reserved for dialect-defined names");
        }
        if self.attr_aliases.contains_key(&name) || self.loc_aliases.contains_key(&name) {
            return self.err_at(loc, format!("redefinition of attribute alias id '{name}'"));
        }
        if self.is_keyword("loc") {
            let l = self.parse_loc_literal()?;
            self.loc_aliases.insert(name, l);
            return Ok(());
        }
        let a = self.parse_attribute(None)?;
        self.attr_aliases.insert(name, a);
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let name = self.text()[1..].to_string();
        let loc = self.cur_loc();
        self.bump();
        if !self.consume_if(Tok::Equal) {
            return self.err("expected '=' in type alias definition");
        }
        if self.type_aliases.contains_key(&name) {
            return self.err_at(loc, format!("redefinition of type alias id '{name}'"));
        }
        self.consume_keyword("type");
        let t = self.parse_type()?;
        self.type_aliases.insert(name, t);
        Ok(())
    }

    pub(crate) fn lookup_attr_alias(&self, name: &str) -> Option<Attr> {
        self.attr_aliases.get(name).copied()
    }

    pub(crate) fn lookup_type_alias(&self, name: &str) -> Option<Type> {
        self.type_aliases.get(name).copied()
    }

    pub(crate) fn lookup_loc_alias(&self, name: &str) -> Option<Loc> {
        self.loc_aliases.get(name).copied()
    }

    // ---- scopes ---------------------------------------------------------

    fn push_region_scope(&mut self) {
        self.regions.push(RegionScope::default());
        if let Some(s) = self.isolated.last_mut() {
            s.region_starts.push(s.region_defs.len());
        }
    }

    fn pop_region_scope(&mut self) -> PResult<()> {
        let scope = self.regions.pop().expect("region scope");
        let mut undefined: Vec<_> = scope.blocks.iter().filter_map(|(n, (_, fwd))| fwd.map(|l| (l, *n))).collect();
        undefined.sort_by_key(|(l, _)| l.index());
        if let Some((loc, name)) = undefined.into_iter().next() {
            let _ = name;
            return self.err_at(loc, "reference to an undefined block");
        }
        if let Some(s) = self.isolated.last_mut() {
            let start = s.region_starts.pop().unwrap_or(0);
            // The outermost region of an isolated scope ends with the scope:
            // nothing to erase one by one.
            if !s.region_starts.is_empty() {
                for n in s.region_defs.drain(start..) {
                    if s.values.get(n).is_some_and(|e| e.forward.is_none()) {
                        s.values.remove(n);
                    }
                }
            }
            s.region_defs.truncate(start);
        }
        Ok(())
    }

    fn finish_isolated_scope(&mut self) -> PResult<()> {
        let scope = self.isolated.pop().expect("isolated scope");
        // The first unresolved forward reference in the text.
        if let Some(pos) = scope.values.entries().filter_map(|e| e.forward.map(|l| l.0)).min() {
            return self.err_at(SrcPos(pos), "use of undeclared SSA value name");
        }
        Ok(())
    }

    /// Resolves `%name#index` to a value of type `ty`, creating a forward
    /// reference when the name is not defined yet.
    pub(crate) fn resolve_value(&mut self, u: &UnresolvedOperand, ty: Type) -> PResult<Value> {
        let name = u.name(self.src);
        let scope = self.isolated.last().expect("value scope");
        if let Some(e) = scope.values.get(name) {
            if let Some(&v) = e.values.get(u.index as usize) {
                let vt = self.ctx.value_type(v);
                if vt != ty {
                    let (a, b) = (self.type_string(ty), self.type_string(vt));
                    let prior = e.pos.into_loc(self);
                    let here = u.pos.into_loc(self);
                    return Err(Diagnostic::error(
                        here,
                        format!("use of value '%{name}' expects different type than prior uses: '{a}' vs '{b}'"),
                    )
                    .with_note(prior, "prior use here"));
                }
                return Ok(v);
            }
            if e.forward.is_none() {
                let n = e.values.len();
                let _ = n;
                return self.err_at(u.pos, "reference to invalid result number");
            }
            let missing = u.index as usize + 1 - e.values.len();
            let extra: crate::context::ValueList = (0..missing).map(|_| self.ctx.new_placeholder(ty)).collect();
            let e = self.isolated.last_mut().unwrap().values.get_mut(name).unwrap();
            e.values.extend(extra);
            return Ok(e.values[u.index as usize]);
        }
        let mut values = crate::context::ValueList::new();
        for _ in 0..=u.index {
            values.push(self.ctx.new_placeholder(ty));
        }
        let v = values[u.index as usize];
        let scope = self.isolated.last_mut().unwrap();
        scope.values.insert(name, ValueEntry { values, pos: u.pos, forward: Some(u.pos) });
        Ok(v)
    }

    /// Binds `%name` to a group of values (op results or one block argument).
    pub(crate) fn define_values(
        &mut self,
        name: &'a str,
        pos: SrcPos,
        values: crate::context::ValueList,
    ) -> PResult<()> {
        let scope = self.isolated.last_mut().expect("value scope");
        if let Some(e) = scope.values.get_mut(name) {
            if e.forward.is_none() {
                let prev = e.pos.into_loc(self);
                let loc = pos.into_loc(self);
                return Err(Diagnostic::error(loc, format!("redefinition of SSA value '%{name}'"))
                    .with_note(prev, "previously defined here"));
            }
            let placeholders = std::mem::take(&mut e.values);
            if placeholders.len() > values.len() {
                let i = placeholders.len() - 1;
                return self.err_at(
                    pos,
                    format!("operation defines {} results but was provided a use of result #{i}", values.len()),
                );
            }
            for (ph, v) in placeholders.iter().zip(&values) {
                let (pt, vt) = (self.ctx.value_type(*ph), self.ctx.value_type(*v));
                if pt != vt {
                    let (a, b) = (self.type_string(vt), self.type_string(pt));
                    return self.err_at(
                        pos,
                        format!(
                            "definition of SSA value '%{name}#{}' has type '{a}', but a prior use expects '{b}'",
                            0
                        ),
                    );
                }
                self.ctx.replace_all_uses(*ph, *v);
            }
            let scope = self.isolated.last_mut().unwrap();
            let e = scope.values.get_mut(name).unwrap();
            e.values = values;
            e.forward = None;
            e.pos = pos;
        } else {
            scope.values.insert(name, ValueEntry { values, pos, forward: None });
        }
        let scope = self.isolated.last_mut().unwrap();
        // Only nested regions erase their names one by one.
        if scope.region_starts.len() > 1 {
            scope.region_defs.push(name);
        }
        Ok(())
    }

    pub(crate) fn type_string(&self, t: Type) -> String {
        crate::printer::type_to_string(self.ctx, t)
    }

    // ---- operations -----------------------------------------------------

    /// Parses one operation and appends it to `block`.
    pub(crate) fn parse_operation(&mut self, block: BlockId) -> PResult<OpId> {
        self.enter()?;
        let mut result_names: smallvec::SmallVec<[(&'a str, u32, SrcPos); 1]> = Default::default();
        if self.kind() == Tok::PercentId {
            loop {
                if self.kind() != Tok::PercentId {
                    return self.err("expected valid ssa identifier");
                }
                let name = &self.text()[1..];
                if name.contains('#') {
                    return self.err("expected valid ssa identifier");
                }
                let loc = self.cur_pos();
                self.bump();
                let mut count = 1;
                if self.consume_if(Tok::Colon) {
                    if self.kind() != Tok::Integer {
                        return self.err("expected integer number of results");
                    }
                    count = match self.text().parse::<u32>() {
                        Ok(c) if c > 0 => c,
                        _ => return self.err("expected named operation to have at least 1 result"),
                    };
                    self.bump();
                }
                result_names.push((name, count, loc));
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            if !self.consume_if(Tok::Equal) {
                return self.err("expected '=' after SSA name");
            }
        }
        let op = match self.kind() {
            Tok::String => self.parse_generic_op()?,
            Tok::BareId => self.parse_custom_op()?,
            _ => return self.err("expected operation name in quotes"),
        };
        self.parse_trailing_loc(op)?;
        let results: crate::context::ValueList = self.ctx.results(op).iter().copied().collect();
        let expected: u32 = result_names.iter().map(|r| r.1).sum();
        if !result_names.is_empty() && expected as usize != results.len() {
            let loc = result_names[0].2;
            if results.is_empty() {
                return self.err_at(loc, "cannot name an operation with no results");
            }
            return self.err_at(
                loc,
                format!("operation defines {} results but was provided {expected} to bind", results.len()),
            );
        }
        let mut next = 0usize;
        for (name, count, loc) in result_names {
            let group = results[next..next + count as usize].iter().copied().collect();
            next += count as usize;
            self.define_values(name, loc, group)?;
        }
        self.ctx.append_op(block, op);
        self.leave();
        Ok(op)
    }

    fn parse_trailing_loc(&mut self, op: OpId) -> PResult<()> {
        if !self.is_keyword("loc") {
            return Ok(());
        }
        let start = self.tok.start;
        self.bump();
        self.expect_tok(Tok::LParen)?;
        if self.kind() == Tok::HashId {
            let name = self.text()[1..].to_string();
            let at = self.cur_loc();
            self.bump();
            self.expect_tok(Tok::RParen)?;
            match self.lookup_loc_alias(&name) {
                Some(l) => self.ctx.ops[op].loc = l,
                None => self.deferred_locs.push((op, name, at)),
            }
            return Ok(());
        }
        self.reset_to(start);
        let l = self.parse_loc_literal()?;
        self.ctx.ops[op].loc = l;
        Ok(())
    }

    fn parse_generic_op(&mut self) -> PResult<OpId> {
        let loc = self.cur_loc();
        let name_str = match lexer::unescape(self.text()) {
            Ok(s) => s,
            Err(e) => return self.err(e),
        };
        self.bump();
        if name_str.is_empty() {
            return self.err_at(loc, "empty operation name is invalid");
        }
        let def = self.ctx.op_def(&name_str);
        if def.is_none() {
            let paren = self.cur_loc();
            self.check_unregistered(&name_str, loc, paren)?;
        }
        // Operands.
        self.expect(Tok::LParen, "'(' to start operand list")?;
        let mut operands = Vec::new();
        self.comma_list(Tok::RParen, |p| {
            operands.push(p.parse_operand_ref()?);
            Ok(())
        })?;
        // Successors.
        let mut successors = Vec::new();
        if self.kind() == Tok::LSquare {
            self.bump();
            self.comma_list(Tok::RSquare, |p| {
                successors.push(p.parse_successor()?);
                Ok(())
            })?;
        }
        let mut attrs = crate::context::AttrMap::default();
        // Properties.
        if self.kind() == Tok::Less {
            self.bump();
            if self.kind() != Tok::LBrace {
                return self.err("expected '{' to start properties");
            }
            let d = self.parse_attribute(None)?;
            if let crate::attrs::AttrKind::Dict(entries) = self.ctx.attr_kind(d).clone() {
                attrs.extend(entries);
            } else {
                return self.err("expected dictionary of properties");
            }
            self.expect_tok(Tok::Greater)?;
        }
        // Regions.
        let mut regions = Vec::new();
        if self.kind() == Tok::LParen {
            self.bump();
            let isolated = def.is_some_and(|d| d.has(traits::ISOLATED_FROM_ABOVE));
            self.comma_list(Tok::RParen, |p| {
                regions.push(p.parse_region_body(&[], &[], isolated, None)?);
                Ok(())
            })?;
        }
        if self.kind() == Tok::LBrace {
            self.parse_attr_dict_into(&mut attrs)?;
        }
        self.expect(Tok::Colon, "':' followed by operation type")?;
        let fty_loc = self.cur_pos();
        let fty = self.parse_type()?;
        let (inputs, outputs) = match self.ctx.type_kind(fty) {
            crate::types::TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
            _ => return self.err_at(fty_loc, "expected function type"),
        };
        if inputs.len() != operands.len() {
            return self.err_at(
                fty_loc,
                format!(
                    "expected {} operand type{} but had {}",
                    operands.len(),
                    if operands.len() == 1 { "" } else { "s" },
                    inputs.len()
                ),
            );
        }
        let mut operand_values = Vec::with_capacity(operands.len());
        for (u, t) in operands.iter().zip(inputs) {
            operand_values.push(self.resolve_value(u, t)?);
        }
        let name = self.ctx.sym(&name_str);
        Ok(self.ctx.create_op(OpSpec {
            name,
            operands: operand_values.into(),
            result_types: outputs.into(),
            attrs,
            regions,
            successors,
            loc,
        }))
    }

    fn check_unregistered(&mut self, name: &str, op_loc: Loc, loc: Loc) -> PResult<()> {
        if self.ctx.allow_unregistered {
            return Ok(());
        }
        let dialect = name.split('.').next().unwrap_or(name);
        if name.contains('.') && self.ctx.is_dialect_registered(dialect) {
            return self.err_at(
                op_loc,
                format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"),
            );
        }
        if !name.contains('.') || !self.ctx.is_dialect_registered(dialect) {
            return self.err_at(
                loc,
                "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
            );
        }
        Ok(())
    }

    fn parse_custom_op(&mut self) -> PResult<OpId> {
        let loc = self.cur_loc();
        let written = self.text();
        // Most ops repeat: resolve each spelling once.
        if let Some(&(name_sym, def, parse)) = self.custom_op_cache.get(written) {
            self.bump();
            let mut op_parser = OpParser::new(self, name_sym, loc, def);
            parse(&mut op_parser)?;
            let spec = op_parser.finish();
            return Ok(self.ctx.create_op(spec));
        }
        let mut def = self.ctx.op_def(written);
        let mut name = std::borrow::Cow::Borrowed(written);
        if def.is_none() {
            if let Some(d) = self.default_dialects.last() {
                let full = format!("{d}.{written}");
                if let Some(found) = self.ctx.op_def(&full) {
                    def = Some(found);
                    name = full.into();
                }
            }
            if def.is_none() {
                if let Some(found) = self.ctx.op_def(&format!("builtin.{written}")) {
                    def = Some(found);
                    name = found.name.into();
                }
            }
        }
        let Some((def, CustomParser(parse))) = def.and_then(|d| Some((d, d.interface::<CustomParser>()?))) else {
            let d = self.default_dialects.last().copied().unwrap_or("builtin");
            let dialect = written.split('.').next().unwrap_or(written);
            if written.contains('.') && !self.ctx.is_dialect_registered(dialect) {
                let mut known: Vec<&str> =
                    self.ctx.registered_ops().iter().filter_map(|n| n.split('.').next()).collect();
                known.sort_unstable();
                known.dedup();
                return Err(Diagnostic::error(
                    loc,
                    format!("Dialect `{dialect}' not found for custom op '{written}' "),
                )
                .with_note(loc, format!("Available dialects: {}", known.join(", "))));
            }
            if written.contains('.') {
                return self.err_at(loc, format!("custom op '{written}' is unknown"));
            }
            return self.err_at(loc, format!("custom op '{written}' is unknown (tried '{d}.{written}' as well)"));
        };
        self.bump();
        let name_sym = self.ctx.sym(&name);
        if self.default_dialects.is_empty() || written.contains('.') {
            // Names that do not depend on the default dialect can be cached.
            self.custom_op_cache.insert(written, (name_sym, def, *parse));
        }
        let mut op_parser = OpParser::new(self, name_sym, loc, def);
        parse(&mut op_parser)?;
        let spec = op_parser.finish();
        Ok(self.ctx.create_op(spec))
    }

    pub(crate) fn parse_operand_ref(&mut self) -> PResult<UnresolvedOperand> {
        if self.kind() != Tok::PercentId {
            return self.err("expected SSA operand");
        }
        let pos = self.cur_pos();
        let start = self.tok.start + 1;
        let len = self.tok.end - start;
        self.bump();
        let mut u = UnresolvedOperand { start: start as u32, len: len as u32, index: 0, pos };
        // `%x#1`: the lexer stops at '#', which then lexes as a hash id.
        if self.kind() == Tok::HashId && self.tok.start == self.prev_token_end_for_hash() {
            let t = &self.text()[1..];
            match t.parse::<u32>() {
                Ok(i) => {
                    u.index = i;
                    self.bump();
                }
                Err(_) => return self.err("invalid SSA value result number"),
            }
        }
        Ok(u)
    }

    fn prev_token_end_for_hash(&self) -> usize {
        // A result number is only valid directly after the name, with no space.
        let s = self.tok.start;
        if s > 0 && !self.bytes[s - 1].is_ascii_whitespace() {
            s
        } else {
            usize::MAX
        }
    }

    pub(crate) fn parse_successor(&mut self) -> PResult<BlockId> {
        if self.kind() != Tok::CaretId {
            return self.err("expected block name");
        }
        let name = &self.text()[1..];
        let loc = self.cur_loc();
        self.bump();
        self.block_by_name(name, loc, false)
    }

    fn block_by_name(&mut self, name: &'a str, loc: Loc, defining: bool) -> PResult<BlockId> {
        let scope = self.regions.last_mut().expect("region scope");
        if let Some((b, fwd)) = scope.blocks.get_mut(name) {
            let b = *b;
            if defining {
                if fwd.is_none() {
                    return self.err_at(loc, format!("redefinition of block '^{name}'"));
                }
                *fwd = None;
            }
            return Ok(b);
        }
        // Blocks are created detached and attached to the region when defined.
        let b = crate::BlockId::new(self.ctx.blocks.len());
        self.ctx.blocks.push(Default::default());
        let fwd = if defining { None } else { Some(loc) };
        self.regions.last_mut().unwrap().blocks.insert(name, (b, fwd));
        Ok(b)
    }

    /// Parses `{ blocks }` into a new region. `entry_args` become the entry
    /// block's arguments (custom forms like `scf.for` declare them outside).
    /// A region; `entry_args` become its entry block's arguments, at the
    /// location `arg_locs` gives (`None`, or past its end: where the
    /// argument is written, as MLIR's parser places it).
    pub(crate) fn parse_region_body(
        &mut self,
        entry_args: &[(UnresolvedOperand, Type)],
        arg_locs: &[Option<Loc>],
        isolated: bool,
        default_dialect: Option<&'static str>,
    ) -> PResult<RegionId> {
        self.enter()?;
        self.expect(Tok::LBrace, "'{' to begin a region")?;
        let region = self.ctx.create_region();
        if isolated {
            self.isolated.push(IsolatedScope::default());
        }
        self.push_region_scope();
        if let Some(d) = default_dialect {
            self.default_dialects.push(d);
        }
        let result = self.parse_region_blocks(region, entry_args, arg_locs);
        if default_dialect.is_some() {
            self.default_dialects.pop();
        }
        result?;
        self.pop_region_scope()?;
        if isolated {
            self.finish_isolated_scope()?;
        }
        self.leave();
        Ok(region)
    }

    /// Adds `entry_args` to block `b` and defines their names.
    fn add_entry_args(
        &mut self,
        b: BlockId,
        entry_args: &[(UnresolvedOperand, Type)],
        arg_locs: &[Option<Loc>],
    ) -> PResult<()> {
        for (i, (u, t)) in entry_args.iter().enumerate() {
            let loc = match arg_locs.get(i).copied().flatten() {
                Some(l) => l,
                None => u.pos.into_loc(self),
            };
            let v = self.ctx.add_block_arg_at(b, *t, loc);
            self.define_values(u.name(self.src), u.pos, smallvec::smallvec![v])?;
        }
        Ok(())
    }

    fn parse_region_blocks(
        &mut self,
        region: RegionId,
        entry_args: &[(UnresolvedOperand, Type)],
        arg_locs: &[Option<Loc>],
    ) -> PResult<()> {
        if self.consume_if(Tok::RBrace) {
            if !entry_args.is_empty() {
                let b = self.ctx.append_block(region);
                self.add_entry_args(b, entry_args, arg_locs)?;
            }
            return Ok(());
        }
        let mut first = true;
        while self.kind() != Tok::RBrace {
            let block = if self.kind() == Tok::CaretId {
                if first && !entry_args.is_empty() {
                    return self.err("invalid block name in region with named arguments");
                }
                let name = &self.text()[1..];
                let loc = self.cur_loc();
                self.bump();
                let b = self.block_by_name(name, loc, true)?;
                self.attach_block(region, b);
                if self.consume_if(Tok::LParen) {
                    self.comma_list(Tok::RParen, |p| {
                        let u = p.parse_operand_ref()?;
                        p.expect(Tok::Colon, "':' and type for SSA value")?;
                        let t = p.parse_type()?;
                        let loc = if p.kind() == Tok::BareId && p.text() == "loc" {
                            p.parse_loc_literal()?
                        } else {
                            u.pos.into_loc(p)
                        };
                        let v = p.ctx.add_block_arg_at(b, t, loc);
                        p.define_values(u.name(p.src), u.pos, smallvec::smallvec![v])
                    })?;
                }
                self.expect(Tok::Colon, "':' after block name")?;
                b
            } else if first {
                let b = self.ctx.append_block(region);
                self.add_entry_args(b, entry_args, arg_locs)?;
                b
            } else {
                return self.err("expected block name");
            };
            first = false;
            while !matches!(self.kind(), Tok::CaretId | Tok::RBrace | Tok::Eof) {
                self.parse_operation(block)?;
                self.release_read_text();
            }
            if self.kind() == Tok::Eof {
                return self.err("expected '}' to end region");
            }
        }
        self.bump();
        Ok(())
    }

    fn attach_block(&mut self, region: RegionId, b: BlockId) {
        self.ctx.blocks[b].parent = Some(region);
        self.ctx.regions[region].blocks.push(b);
    }

    /// Parses `{name = attr, unit_name}` into `attrs`.
    pub(crate) fn parse_attr_dict_into(&mut self, attrs: &mut crate::context::AttrMap) -> PResult<()> {
        self.expect(Tok::LBrace, "'{' in attribute dictionary")?;
        self.comma_list(Tok::RBrace, |p| {
            let pos = p.cur_pos();
            let name: std::borrow::Cow<'_, str> = match p.kind() {
                Tok::BareId => p.text().into(),
                Tok::String => match lexer::unescape(p.text()) {
                    Ok(s) => s.into(),
                    Err(e) => return p.err(e),
                },
                _ if p.text().chars().next().is_some_and(|c| c.is_ascii_alphabetic()) => p.text().into(),
                _ => return p.err("expected attribute name"),
            };
            if name.is_empty() {
                return p.err("expected valid attribute name");
            }
            p.bump();
            let sym = p.ctx.sym(&name);
            if attrs.contains_key(&sym) {
                return p.err_at(pos, format!("duplicate key '{name}' in dictionary attribute"));
            }
            let value = if p.consume_if(Tok::Equal) {
                p.parse_attribute(None)?
            } else {
                p.ctx.attr(crate::attrs::AttrKind::Unit)
            };
            attrs.insert(sym, value);
            Ok(())
        })
    }
}

/// Parses an integer token's text (decimal or `0x` hex).
pub(crate) fn parse_int_text(t: &str) -> Option<i128> {
    if let Some(h) = t.strip_prefix("0x") {
        u128::from_str_radix(h, 16).ok().and_then(|v| i128::try_from(v).ok())
    } else {
        t.parse::<i128>().ok()
    }
}
