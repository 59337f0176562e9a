//! Parsing of builtin types.

use super::lexer::{self, Tok};
use super::{PResult, Parser};
use crate::types::{FloatKind, Signedness, TypeKind, DYNAMIC};
use crate::Type;

impl Parser<'_> {
    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        // Types nest (`tensor<tensor<...>>`, `(() -> ()) -> ()`): bounded
        // like regions and attributes, so a deep one is a diagnostic.
        self.enter()?;
        let t = self.parse_type_unguarded();
        self.leave();
        t
    }

    fn parse_type_unguarded(&mut self) -> PResult<Type> {
        match self.kind() {
            Tok::LParen => self.parse_function_type(),
            Tok::BangId => self.parse_dialect_type(),
            Tok::BareId => {
                // Shaped types repeat a lot in real IR: parse each spelling
                // once and look the rest up by their exact text.
                let start = self.tok_start();
                let end = self.tok_end();
                if matches!(self.text(), "tensor" | "memref" | "vector") && self.bytes().get(end) == Some(&b'<') {
                    if let Some(close) = quick_close(self.bytes(), end) {
                        let key = &self.src()[start..close];
                        if let Some(&t) = self.type_cache.get(key) {
                            self.reset_to(close);
                            return Ok(t);
                        }
                        let t = self.parse_builtin_type()?;
                        if self.tok_start() >= close {
                            self.type_cache.insert(key, t);
                        }
                        return Ok(t);
                    }
                }
                self.parse_builtin_type()
            }
            _ => self.err("expected non-function type"),
        }
    }

    /// Whether the current token can start a type.
    pub(crate) fn at_type(&self) -> bool {
        match self.kind() {
            Tok::LParen | Tok::BangId => true,
            Tok::BareId => is_type_keyword(self.text()),
            _ => false,
        }
    }

    fn parse_function_type(&mut self) -> PResult<Type> {
        self.bump();
        let mut inputs = Vec::new();
        self.comma_list(Tok::RParen, |p| {
            inputs.push(p.parse_type()?);
            Ok(())
        })?;
        self.expect_tok(Tok::Arrow)?;
        let results = self.parse_function_result_types()?;
        Ok(self.ctx.ty(TypeKind::Function { inputs, results }))
    }

    /// `type` or `(type, ...)`
    pub(crate) fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.kind() == Tok::LParen {
            // `(a) -> b` is a function type, `(a, b)` is a list.
            let save = self.tok_start();
            self.bump();
            let mut results = Vec::new();
            self.comma_list(Tok::RParen, |p| {
                results.push(p.parse_type()?);
                Ok(())
            })?;
            if self.kind() == Tok::Arrow {
                self.reset_to(save);
                return Ok(vec![self.parse_type()?]);
            }
            return Ok(results);
        }
        Ok(vec![self.parse_type()?])
    }

    fn parse_dialect_type(&mut self) -> PResult<Type> {
        let text = &self.text()[1..];
        let loc = self.cur_pos();
        if !text.contains('.') && self.bytes().get(self.tok_end()) != Some(&b'<') {
            let name = text.to_string();
            self.bump();
            return match self.lookup_type_alias(&name) {
                Some(t) => Ok(t),
                None => self.err_at(loc, format!("undefined symbol alias id '{name}'")),
            };
        }
        let (dialect, rest) = text.split_once('.').unwrap_or((text, ""));
        let dialect = dialect.to_string();
        let mut body = rest.to_string();
        let end = self.tok_end();
        if self.bytes().get(end) == Some(&b'<') {
            let close = self.balanced_end(end)?;
            body.push_str(&self.src()[end..close]);
            self.reset_to(close);
        } else {
            self.bump();
        }
        let dialect = self.ctx.sym(&dialect);
        Ok(self.ctx.ty(TypeKind::Opaque { dialect, text: body }))
    }

    pub(crate) fn tok_end(&self) -> usize {
        self.tok_start() + self.text().len()
    }

    /// Given the offset of a `<`, returns the offset just past its matching `>`.
    pub(crate) fn balanced_end(&mut self, open: usize) -> PResult<usize> {
        let b = self.bytes();
        let mut stack: Vec<u8> = Vec::new();
        let mut i = open;
        while i < b.len() {
            match b[i] {
                b'<' | b'(' | b'[' | b'{' => stack.push(b[i]),
                b'-' if b.get(i + 1) == Some(&b'>') => {
                    i += 2;
                    continue;
                }
                b'>' | b')' | b']' | b'}' => {
                    let want = match b[i] {
                        b'>' => b'<',
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    if stack.pop() != Some(want) {
                        let loc = self.loc_at(i);
                        return self.err_at(loc, "unbalanced brackets in dialect body");
                    }
                    if stack.is_empty() {
                        return Ok(i + 1);
                    }
                }
                b'"' => {
                    let t = lexer::lex(b, i);
                    if t.kind != Tok::String {
                        let loc = self.loc_at(i);
                        return self.err_at(loc, "unterminated string in dialect body");
                    }
                    i = t.end;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        let loc = self.loc_at(open);
        self.err_at(loc, "unbalanced '<' in dialect body")
    }

    fn parse_builtin_type(&mut self) -> PResult<Type> {
        let t = self.text();
        // Fast paths for the common scalar types.
        let common = match t {
            "index" => Some(TypeKind::Index),
            "i1" | "i8" | "i16" | "i32" | "i64" => {
                Some(TypeKind::Integer { width: t[1..].parse().unwrap_or(32), signedness: Signedness::Signless })
            }
            "f32" => Some(TypeKind::Float(FloatKind::F32)),
            "f16" => Some(TypeKind::Float(FloatKind::F16)),
            "bf16" => Some(TypeKind::Float(FloatKind::BF16)),
            "f64" => Some(TypeKind::Float(FloatKind::F64)),
            _ => None,
        };
        if let Some(k) = common {
            self.bump();
            return Ok(self.ctx.ty(k));
        }
        if let Some(k) = FloatKind::from_keyword(t) {
            self.bump();
            return Ok(self.ctx.ty(TypeKind::Float(k)));
        }
        if let Some((signedness, width)) = int_type_keyword(t) {
            if width == 0 || width > 16_777_215 {
                return self.err("invalid integer width");
            }
            self.bump();
            return Ok(self.ctx.ty(TypeKind::Integer { width, signedness }));
        }
        match t {
            "index" => {
                self.bump();
                Ok(self.ctx.ty(TypeKind::Index))
            }
            "none" => {
                self.bump();
                Ok(self.ctx.ty(TypeKind::None))
            }
            "tensor" => self.parse_tensor_type(),
            "memref" => self.parse_memref_type(),
            "vector" => self.parse_vector_type(),
            "complex" => {
                self.bump();
                self.expect_tok(Tok::Less)?;
                let elem = self.parse_type()?;
                self.expect_tok(Tok::Greater)?;
                Ok(self.ctx.ty(TypeKind::Complex { elem }))
            }
            "tuple" => {
                self.bump();
                self.expect_tok(Tok::Less)?;
                let mut elems = Vec::new();
                self.comma_list(Tok::Greater, |p| {
                    elems.push(p.parse_type()?);
                    Ok(())
                })?;
                Ok(self.ctx.ty(TypeKind::Tuple(elems)))
            }
            _ => self.err("expected non-function type"),
        }
    }

    /// Parses `4x?x` prefixes at byte level (the lexer would see `4x8xf32` as
    /// one identifier). Returns the dims and, for vectors, the scalable flags.
    fn parse_dims(&mut self, allow_scalable: bool) -> PResult<(Vec<i64>, Vec<bool>)> {
        let mut dims = Vec::new();
        let mut scalable = Vec::new();
        let mut pos = lexer::skip_trivia(self.bytes(), self.tok_start());
        loop {
            let b = self.bytes();
            let start = pos;
            let mut is_scalable = false;
            if allow_scalable && b.get(pos) == Some(&b'[') {
                is_scalable = true;
                pos += 1;
            }
            let d = if b.get(pos) == Some(&b'?') {
                pos += 1;
                DYNAMIC
            } else if b.get(pos).is_some_and(|c| c.is_ascii_digit()) {
                let s = pos;
                while b.get(pos).is_some_and(|c| c.is_ascii_digit()) {
                    pos += 1;
                }
                match self.src()[s..pos].parse::<i64>() {
                    Ok(v) => v,
                    Err(_) => {
                        let loc = self.loc_at(s);
                        return self.err_at(loc, "invalid dimension");
                    }
                }
            } else {
                if is_scalable {
                    let loc = self.loc_at(pos);
                    return self.err_at(loc, "expected dimension size in vector type");
                }
                pos = start;
                break;
            };
            if is_scalable {
                if b.get(pos) != Some(&b']') {
                    let loc = self.loc_at(pos);
                    return self.err_at(loc, "missing ']' closing scalable dimension");
                }
                pos += 1;
            }
            pos = lexer::skip_trivia(b, pos);
            if b.get(pos) != Some(&b'x') {
                let loc = self.loc_at(pos);
                return self.err_at(loc, "expected 'x' in dimension list");
            }
            pos = lexer::skip_trivia(b, pos + 1);
            dims.push(d);
            scalable.push(is_scalable);
        }
        self.reset_to(pos);
        Ok((dims, scalable))
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        self.bump();
        if self.kind() != Tok::Less {
            return self.err("expected '<' in tensor type");
        }
        let after = self.tok_end();
        self.reset_to(after);
        if self.kind() == Tok::Star {
            self.bump();
            self.expect_unranked_x()?;
            let elem = self.parse_element_type("tensor")?;
            self.expect_tok(Tok::Greater)?;
            return Ok(self.ctx.ty(TypeKind::UnrankedTensor { elem }));
        }
        let (shape, _) = self.parse_dims(false)?;
        let elem = self.parse_element_type("tensor")?;
        let encoding = if self.consume_if(Tok::Comma) { Some(self.parse_attribute(None)?) } else { None };
        self.expect(Tok::Greater, "'>' in tensor type")?;
        Ok(self.ctx.ty(TypeKind::Tensor { shape, elem, encoding }))
    }

    fn expect_unranked_x(&mut self) -> PResult<()> {
        // `*xf32`: the 'x' is glued to the element type by the lexer.
        let pos = lexer::skip_trivia(self.bytes(), self.tok_start());
        if self.bytes().get(pos) != Some(&b'x') {
            return self.err("expected 'x' in dimension list");
        }
        self.reset_to(pos + 1);
        Ok(())
    }

    fn parse_element_type(&mut self, what: &str) -> PResult<Type> {
        let loc = self.cur_pos();
        let t = self.parse_type()?;
        let ok = match self.ctx.type_kind(t) {
            TypeKind::Function { .. } | TypeKind::Tensor { .. } | TypeKind::UnrankedTensor { .. } | TypeKind::None => {
                false
            }
            TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } => what == "memref",
            _ => true,
        };
        if !ok {
            return self.err_at(loc, format!("invalid {what} element type"));
        }
        Ok(t)
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        self.bump();
        if self.kind() != Tok::Less {
            return self.err("expected '<' in memref type");
        }
        let after = self.tok_end();
        self.reset_to(after);
        if self.kind() == Tok::Star {
            self.bump();
            self.expect_unranked_x()?;
            let elem = self.parse_element_type("memref")?;
            let memory_space = if self.consume_if(Tok::Comma) { Some(self.parse_attribute(None)?) } else { None };
            self.expect_tok(Tok::Greater)?;
            return Ok(self.ctx.ty(TypeKind::UnrankedMemRef { elem, memory_space }));
        }
        let (shape, _) = self.parse_dims(false)?;
        let elem = self.parse_element_type("memref")?;
        let mut layout = None;
        let mut memory_space = None;
        while self.consume_if(Tok::Comma) {
            let a = self.parse_attribute(None)?;
            let is_layout = matches!(self.ctx.attr_kind(a), crate::attrs::AttrKind::AffineMap(_))
                || matches!(self.ctx.attr_kind(a), crate::attrs::AttrKind::Opaque { dialect, .. } if self.ctx.str(*dialect) == "strided");
            if is_layout && layout.is_none() && memory_space.is_none() {
                if let crate::attrs::AttrKind::AffineMap(m) = self.ctx.attr_kind(a) {
                    if m.is_identity() {
                        continue;
                    }
                }
                layout = Some(a);
            } else if memory_space.is_none() {
                memory_space = Some(a);
            } else {
                return self.err("multiple memory spaces specified in memref type");
            }
        }
        self.expect_tok(Tok::Greater)?;
        Ok(self.ctx.ty(TypeKind::MemRef { shape, elem, layout, memory_space }))
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        let start = self.cur_pos();
        self.bump();
        if self.kind() != Tok::Less {
            return self.err("expected '<' in vector type");
        }
        let after = self.tok_end();
        self.reset_to(after);
        let loc = self.cur_pos();
        let (shape, scalable) = self.parse_dims(true)?;
        if shape.contains(&DYNAMIC) {
            return self.err_at(loc, "vector types must have static shape");
        }
        let elem = self.parse_element_type("vector")?;
        self.expect_tok(Tok::Greater)?;
        // MLIR's VectorElementTypeInterface: integers, index and floats.
        if !matches!(self.ctx.type_kind(elem), TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)) {
            return self.err_at(start, "failed to verify 'elementType': VectorElementTypeInterface instance");
        }
        Ok(self.ctx.ty(TypeKind::Vector { shape, scalable, elem }))
    }
}

/// The end of a simple `<...>` (no nested brackets, strings or comments),
/// for the type cache; `None` means "parse it the long way".
fn quick_close(b: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    while i < b.len() {
        match b[i] {
            b'>' => return Some(i + 1),
            b'<' | b'"' | b'/' | b'#' | b'(' | b'{' | b'[' | b'\n' => return None,
            _ => i += 1,
        }
    }
    None
}

fn int_type_keyword(t: &str) -> Option<(Signedness, u32)> {
    let (s, digits) = if let Some(d) = t.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = t.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else if let Some(d) = t.strip_prefix('i') {
        (Signedness::Signless, d)
    } else {
        return None;
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) || digits.starts_with('0') && digits.len() > 1 {
        return None;
    }
    digits.parse::<u32>().ok().map(|w| (s, w))
}

/// Whether a bare identifier starts a builtin type.
pub(crate) fn is_type_keyword(t: &str) -> bool {
    FloatKind::from_keyword(t).is_some()
        || int_type_keyword(t).is_some()
        || matches!(t, "index" | "none" | "tensor" | "memref" | "vector" | "complex" | "tuple")
}
