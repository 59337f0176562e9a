//! Parsing of builtin attributes, affine maps and sets, and locations.

use std::collections::HashMap;

use super::lexer::{self, Tok};
use super::{parse_int_text, IntoLoc, PResult, Parser, SrcPos};
use crate::affine::{AffineBinOp, AffineExpr, AffineMap, IntegerSet};
use crate::attrs::{AttrKind, DenseData, DenseElement};
use crate::float::{decode_bits, round_to_type};
use crate::location::LocKind;
use crate::types::TypeKind;
use crate::{Attr, Loc, Type};

/// A number literal before its type is known.
#[derive(Clone, Copy)]
struct NumLit<'s> {
    neg: bool,
    text: &'s str,
    is_float: bool,
}

impl<'a> Parser<'a> {
    /// Parses an attribute. `ty` is the type expected by context, if any.
    pub fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attr> {
        self.enter()?;
        let r = self.parse_attribute_inner(ty);
        self.leave();
        r
    }

    fn parse_attribute_inner(&mut self, ty: Option<Type>) -> PResult<Attr> {
        match self.kind() {
            Tok::LSquare => {
                self.bump();
                let mut elems = Vec::new();
                self.comma_list(Tok::RSquare, |p| {
                    elems.push(p.parse_attribute(None)?);
                    Ok(())
                })?;
                Ok(self.ctx.attr(AttrKind::Array(elems)))
            }
            Tok::LBrace => {
                let mut map = crate::context::AttrMap::default();
                self.parse_attr_dict_into(&mut map)?;
                let mut entries: Vec<_> = map.into_iter().collect();
                entries.sort_by(|a, b| self.ctx.str(a.0).cmp(self.ctx.str(b.0)));
                Ok(self.ctx.attr(AttrKind::Dict(entries)))
            }
            Tok::String => {
                let value = match lexer::unescape(self.text()) {
                    Ok(s) => s,
                    Err(e) => return self.err(e),
                };
                self.bump();
                let ty = if self.consume_if(Tok::Colon) { Some(self.parse_type()?) } else { None };
                Ok(self.ctx.attr(AttrKind::String { value, ty }))
            }
            Tok::AtId => self.parse_symbol_ref(),
            Tok::HashId => self.parse_hash_attr(),
            Tok::Integer | Tok::Float | Tok::Minus => {
                let loc = self.cur_pos();
                let lit = self.parse_num_lit()?;
                let ty = if self.consume_if(Tok::Colon) {
                    self.parse_type()?
                } else if let Some(t) = ty {
                    t
                } else if lit.is_float {
                    self.ctx.float_type(crate::types::FloatKind::F64)
                } else {
                    self.ctx.int_type(64)
                };
                self.number_attr(lit, ty, loc)
            }
            Tok::BareId => self.parse_keyword_attr(ty),
            Tok::LParen | Tok::BangId => {
                let t = self.parse_type()?;
                Ok(self.ctx.type_attr(t))
            }
            Tok::Error if self.text().starts_with('"') => self.wrong_token("unterminated string"),
            _ => self.err("expected attribute value"),
        }
    }

    fn parse_num_lit(&mut self) -> PResult<NumLit<'a>> {
        let neg = self.consume_if(Tok::Minus);
        match self.kind() {
            Tok::Integer | Tok::Float => {
                let is_float = self.kind() == Tok::Float;
                let text = self.text();
                self.bump();
                Ok(NumLit { neg, text, is_float })
            }
            _ => self.err("expected integer or floating point literal"),
        }
    }

    fn number_attr(&mut self, lit: NumLit<'_>, ty: Type, loc: SrcPos) -> PResult<Attr> {
        let kind = self.ctx.type_kind(ty).clone();
        match kind {
            TypeKind::Float(fk) => {
                let v = self.float_value(lit, fk, loc)?;
                Ok(self.ctx.attr(AttrKind::Float { bits: v.to_bits(), ty }))
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                if lit.is_float {
                    return self.err_at(loc, "floating point value not valid for specified type");
                }
                let v = self.int_value(lit, ty, loc)?;
                Ok(self.ctx.attr(AttrKind::Integer { value: v, ty }))
            }
            _ => self.err_at(loc, "integer literal not valid for specified type"),
        }
    }

    fn float_value(&mut self, lit: NumLit<'_>, fk: crate::types::FloatKind, loc: SrcPos) -> PResult<f64> {
        if !lit.is_float && !lit.text.starts_with("0x") {
            let loc = loc.into_loc(self);
            return Err(crate::Diagnostic::error(loc, "unexpected decimal integer literal for a floating point value")
                .with_note(loc, "add a trailing dot to make the literal a float"));
        }
        if lit.is_float {
            let v: f64 = match lit.text.parse() {
                Ok(v) => v,
                Err(_) => return self.err_at(loc, "invalid floating point value"),
            };
            let v = if lit.neg { -v } else { v };
            return Ok(round_to_type(v, fk));
        }
        if lit.text.starts_with("0x") {
            if lit.neg {
                return self.err_at(loc, "hexadecimal float literal should not have a leading minus");
            }
            let bits = match u128::from_str_radix(&lit.text[2..], 16) {
                Ok(b) => b,
                Err(_) => return self.err_at(loc, "hexadecimal float constant out of range for type"),
            };
            return match decode_bits(bits, fk) {
                Some(v) => Ok(v),
                None => self.err_at(loc, "hexadecimal float constant out of range for type"),
            };
        }
        let v: f64 = match lit.text.parse() {
            Ok(v) => v,
            Err(_) => return self.err_at(loc, "invalid floating point value"),
        };
        Ok(round_to_type(if lit.neg { -v } else { v }, fk))
    }

    fn int_value(&mut self, lit: NumLit<'_>, ty: Type, loc: SrcPos) -> PResult<i128> {
        let Some(mag) = parse_int_text(lit.text) else {
            return self.err_at(loc, "integer constant out of range for attribute");
        };
        let v = if lit.neg { -mag } else { mag };
        let (width, signed) = match self.ctx.type_kind(ty) {
            TypeKind::Index => (64, None),
            TypeKind::Integer { width, signedness } => (*width, Some(*signedness)),
            _ => (64, None),
        };
        if width >= 127 {
            return Ok(v);
        }
        let w = width;
        let ok = match signed {
            Some(crate::types::Signedness::Unsigned) => v >= 0 && v < (1i128 << w),
            Some(crate::types::Signedness::Signed) => v >= -(1i128 << (w - 1)) && v < (1i128 << (w - 1)),
            // Signless and index accept both the signed and unsigned range.
            _ => v >= -(1i128 << (w - 1)) && v < (1i128 << w),
        };
        if !ok {
            return self.err_at(loc, "integer constant out of range for attribute");
        }
        // Store signless values sign-extended, as MLIR prints them.
        if signed != Some(crate::types::Signedness::Unsigned) && w > 0 && v >= (1i128 << (w - 1)) {
            return Ok(v - (1i128 << w));
        }
        Ok(v)
    }

    fn parse_symbol_ref(&mut self) -> PResult<Attr> {
        let root = self.symbol_name()?;
        let mut nested = Vec::new();
        // `@a::@b`: the lexer sees ':' ':'.
        while self.kind() == Tok::Colon && self.bytes().get(self.tok_start() + 1) == Some(&b':') {
            let after = self.tok_start() + 2;
            self.reset_to(after);
            if self.kind() != Tok::AtId {
                return self.err("expected nested symbol reference identifier");
            }
            nested.push(self.symbol_name()?);
        }
        Ok(self.ctx.attr(AttrKind::SymbolRef { root, nested }))
    }

    pub(crate) fn symbol_name(&mut self) -> PResult<crate::Sym> {
        let t = &self.text()[1..];
        let name = if t.starts_with('"') {
            match lexer::unescape(t) {
                Ok(s) => s,
                Err(e) => return self.err(e),
            }
        } else {
            t.to_string()
        };
        self.bump();
        Ok(self.ctx.sym(&name))
    }

    fn parse_hash_attr(&mut self) -> PResult<Attr> {
        let text = &self.text()[1..];
        let loc = self.cur_pos();
        let end = self.tok_end();
        let followed_by_angle = self.bytes().get(end) == Some(&b'<');
        if !text.contains('.') && !followed_by_angle {
            let name = text.to_string();
            self.bump();
            return match self.lookup_attr_alias(&name) {
                Some(a) => Ok(a),
                None => self.err_at(loc, format!("undefined symbol alias id '{name}'")),
            };
        }
        let (dialect, rest) = text.split_once('.').unwrap_or((text, ""));
        let dialect = dialect.to_string();
        let mut body = rest.to_string();
        if followed_by_angle {
            let close = self.balanced_end(end)?;
            body.push_str(&self.src()[end..close]);
            self.reset_to(close);
        } else {
            self.bump();
        }
        // `#complex.number<:f32 1.0, 2.0>` is kept as MLIR prints it, its
        // type after it (which the printed form carries: read it back).
        if dialect == "complex" && body.starts_with("number<") {
            if self.kind() == Tok::Colon {
                self.bump();
                self.parse_type()?;
            }
            match complex_number_text(&body) {
                Some(text) => body = text,
                None => return self.err_at(loc, "expected #complex.number<:type re, im> with a float type"),
            }
        }
        // Fast-math flags are kept as MLIR prints them (see `fastmath_text`).
        if dialect == "arith" {
            if let Some(flags) = body.strip_prefix("fastmath<").and_then(|b| b.strip_suffix('>')) {
                if let Some(t) = crate::attrs::fastmath_text(flags.split(',')) {
                    body = t;
                }
            }
        }
        let dialect = self.ctx.sym(&dialect);
        Ok(self.ctx.attr(AttrKind::Opaque { dialect, text: body }))
    }

    fn parse_keyword_attr(&mut self, ty: Option<Type>) -> PResult<Attr> {
        let kw = self.text();
        match kw {
            "true" | "false" => {
                let v = kw == "true";
                self.bump();
                if self.consume_if(Tok::Colon) {
                    let t = self.parse_type()?;
                    return Ok(self.ctx.attr(AttrKind::Integer { value: -(v as i128), ty: t }));
                }
                Ok(self.ctx.attr(AttrKind::Bool(v)))
            }
            "unit" => {
                self.bump();
                Ok(self.ctx.attr(AttrKind::Unit))
            }
            "affine_map" => {
                self.bump();
                self.expect_tok(Tok::Less)?;
                let m = self.parse_affine_map_body()?;
                self.expect_tok(Tok::Greater)?;
                Ok(self.ctx.attr(AttrKind::AffineMap(m)))
            }
            "affine_set" => {
                self.bump();
                self.expect_tok(Tok::Less)?;
                let s = self.parse_integer_set_body()?;
                self.expect_tok(Tok::Greater)?;
                Ok(self.ctx.attr(AttrKind::IntegerSet(s)))
            }
            "array" => self.parse_dense_array(),
            "dense" => self.parse_dense(ty),
            "loc" => {
                let l = self.parse_loc_literal()?;
                let _ = l;
                Ok(self.ctx.attr(AttrKind::Unit))
            }
            "dense_resource" => self.parse_dense_resource(),
            "distinct" => self.parse_distinct(),
            "strided" | "sparse" | "opaque" => {
                let kw = kw.to_string();
                let end = self.tok_end();
                if self.bytes().get(end) != Some(&b'<') {
                    return self.err(format!("expected '<' after '{kw}'"));
                }
                let close = self.balanced_end(end)?;
                let text = self.src()[end..close].to_string();
                self.reset_to(close);
                let ty = if kw != "strided" && self.consume_if(Tok::Colon) { Some(self.parse_type()?) } else { None };
                let dialect = self.ctx.sym(&kw);
                let text = match ty {
                    Some(t) => format!("{text} : {}", self.type_string(t)),
                    None => text,
                };
                Ok(self.ctx.attr(AttrKind::Opaque { dialect, text }))
            }
            _ if self.at_type() => {
                let _ = ty;
                let t = self.parse_type()?;
                Ok(self.ctx.type_attr(t))
            }
            _ => self.err("expected attribute value"),
        }
    }

    /// `distinct[N]<attr>` (`<>`: `unit`): the same `N` in one input is
    /// the same attribute, and must reference the same attribute.
    fn parse_distinct(&mut self) -> PResult<Attr> {
        let loc = self.cur_pos();
        self.bump();
        self.expect_tok(Tok::LSquare)?;
        let id = match self.kind() {
            Tok::Integer => match self.text().parse::<u64>() {
                Ok(v) => v,
                Err(_) => return self.err("expected an unsigned 64-bit integer"),
            },
            _ => return self.wrong_token("expected distinct ID"),
        };
        self.bump();
        self.expect_tok(Tok::RSquare)?;
        self.expect_tok(Tok::Less)?;
        let referenced =
            if self.kind() == Tok::Greater { self.ctx.attr(AttrKind::Unit) } else { self.parse_attribute(None)? };
        self.expect_tok(Tok::Greater)?;
        if let Some(&a) = self.distinct_ids.get(&id) {
            let previous = match self.ctx.attr_kind(a) {
                AttrKind::Distinct { referenced, .. } => *referenced,
                _ => a,
            };
            if previous != referenced {
                let text = crate::printer::attr_to_string(self.ctx, previous);
                return self.err_at(loc, format!("referenced attribute does not match previous definition: {text}"));
            }
            return Ok(a);
        }
        let a = self.ctx.fresh_distinct(referenced);
        self.distinct_ids.insert(id, a);
        Ok(a)
    }

    /// `dense_resource<handle> : shaped-type` (the handle a keyword or a
    /// string).
    fn parse_dense_resource(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect_tok(Tok::Less)?;
        let handle = match self.kind() {
            Tok::String => match lexer::unescape(self.text()) {
                Ok(h) => h,
                Err(e) => return self.err(e),
            },
            Tok::BareId => self.text().to_string(),
            _ => return self.err("expected identifier key for 'resource' entry"),
        };
        self.bump();
        self.expect_tok(Tok::Greater)?;
        let loc = self.cur_pos();
        if !self.consume_if(Tok::Colon) {
            return self.wrong_token("expected ':'");
        }
        let ty = self.parse_type()?;
        if self.ctx.type_kind(ty).shape().is_none() {
            return self.err_at(loc, "`dense_resource` expected a shaped type");
        }
        Ok(self.ctx.attr(AttrKind::DenseResource { ty, handle }))
    }

    fn parse_dense_array(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect_tok(Tok::Less)?;
        let elem = self.parse_type()?;
        let kind = self.ctx.type_kind(elem).clone();
        if !matches!(kind, TypeKind::Integer { .. } | TypeKind::Float(_)) {
            return self.err("expected integer or float type for dense array");
        }
        let mut values = Vec::new();
        if self.consume_if(Tok::Colon) {
            loop {
                let loc = self.cur_pos();
                let v = if self.kind() == Tok::BareId && matches!(self.text(), "true" | "false") {
                    let b = self.text() == "true";
                    self.bump();
                    b as i64
                } else {
                    let lit = self.parse_num_lit()?;
                    match kind {
                        TypeKind::Float(fk) => self.float_value(lit, fk, loc)?.to_bits() as i64,
                        _ => {
                            if lit.is_float {
                                return self.err_at(loc, "expected integer value");
                            }
                            self.int_value(lit, elem, loc)? as i64
                        }
                    }
                };
                values.push(v);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect_tok(Tok::Greater)?;
        Ok(self.ctx.attr(AttrKind::DenseArray { elem, values }))
    }

    /// `dense<...> : type`; without the `: type` when the context gives
    /// the type (`given`, as in `memref.global`'s initial value).
    fn parse_dense(&mut self, given: Option<Type>) -> PResult<Attr> {
        let loc = self.cur_pos();
        self.bump();
        self.expect_tok(Tok::Less)?;
        enum Lit<'s> {
            Num(NumLit<'s>),
            Bool(bool),
            /// `(re, im)`: a complex element.
            Pair(NumLit<'s>, NumLit<'s>),
        }
        let mut elems: Vec<Lit<'_>> = Vec::new();
        let mut hex: Option<String> = None;
        let mut shape: Vec<i64> = Vec::new();
        let mut is_list = false;
        if self.kind() == Tok::String {
            hex = Some(self.text().to_string());
            self.bump();
        } else if self.kind() != Tok::Greater {
            // Nested lists: record the shape from the first path, flatten.
            fn parse_elem<'s>(
                p: &mut Parser<'s>,
                depth: usize,
                shape: &mut Vec<i64>,
                out: &mut Vec<Lit<'s>>,
            ) -> PResult<()> {
                p.enter()?;
                if p.kind() == Tok::LSquare {
                    p.bump();
                    let mut n = 0i64;
                    if p.kind() != Tok::RSquare {
                        loop {
                            parse_elem(p, depth + 1, shape, out)?;
                            n += 1;
                            if !p.consume_if(Tok::Comma) {
                                break;
                            }
                        }
                    }
                    p.expect_tok(Tok::RSquare)?;
                    if shape.len() <= depth {
                        shape.resize(depth + 1, -1);
                    }
                    if shape[depth] == -1 {
                        shape[depth] = n;
                    } else if shape[depth] != n {
                        return p.err("tensor literal is invalid; ranks are not consistent between elements");
                    }
                } else if p.consume_if(Tok::LParen) {
                    fn part<'s>(p: &mut Parser<'s>) -> PResult<NumLit<'s>> {
                        let neg = p.consume_if(Tok::Minus);
                        if !matches!(p.kind(), Tok::Integer | Tok::Float) {
                            return p.err("expected element literal of primitive type");
                        }
                        let (is_float, text) = (p.kind() == Tok::Float, p.text());
                        p.bump();
                        Ok(NumLit { neg, text, is_float })
                    }
                    let re = part(p)?;
                    p.expect(Tok::Comma, "',' between complex elements")?;
                    let im = part(p)?;
                    p.expect_tok(Tok::RParen)?;
                    out.push(Lit::Pair(re, im));
                } else if p.kind() == Tok::BareId && matches!(p.text(), "true" | "false") {
                    out.push(Lit::Bool(p.text() == "true"));
                    p.bump();
                } else {
                    let neg = p.consume_if(Tok::Minus);
                    match p.kind() {
                        Tok::Integer | Tok::Float => {
                            let is_float = p.kind() == Tok::Float;
                            let text: &'s str = p.text();
                            p.bump();
                            out.push(Lit::Num(NumLit { neg, text, is_float }));
                        }
                        _ => return p.err("expected element literal of primitive type"),
                    }
                }
                p.leave();
                Ok(())
            }
            is_list = self.kind() == Tok::LSquare;
            parse_elem(self, 0, &mut shape, &mut elems)?;
        }
        self.expect_tok(Tok::Greater)?;
        let ty_loc = self.cur_pos();
        let ty = match given {
            Some(t) => t,
            None => {
                self.expect(Tok::Colon, "':'")?;
                self.parse_type()?
            }
        };
        let (tshape, elem_ty) = match self.ctx.type_kind(ty) {
            TypeKind::Tensor { shape, elem, .. } | TypeKind::Vector { shape, elem, .. } => (shape.clone(), *elem),
            _ => return self.err_at(ty_loc, "elements literal must be a shaped type"),
        };
        if tshape.iter().any(|d| *d < 0) {
            return self.err_at(ty_loc, "elements literal type must have static shape");
        }
        let Some(num) = tshape.iter().try_fold(1i64, |acc, d| acc.checked_mul(*d)) else {
            return self.err_at(ty_loc, "elements literal type has more elements than fit in 64 bits");
        };
        let complex_part = match self.ctx.type_kind(elem_ty) {
            TypeKind::Complex { elem } => Some(*elem),
            _ => None,
        };
        let data = if let Some(h) = hex {
            DenseData::Hex(h)
        } else if let Some(part_ty) = complex_part {
            self.complex_dense(&elems, part_ty, is_list, &shape, &tshape, num, loc, |l| match l {
                Lit::Pair(re, im) => Some((*re, *im)),
                _ => None,
            })?
        } else {
            let ek = self.ctx.type_kind(elem_ty).clone();
            let mut conv = Vec::with_capacity(elems.len());
            for l in &elems {
                conv.push(match (l, &ek) {
                    (Lit::Bool(b), TypeKind::Integer { width: 1, .. }) => DenseElement::Int(*b as i128),
                    (Lit::Bool(_), _) => return self.err_at(loc, "expected i1 type for 'true' or 'false' values"),
                    (Lit::Num(n), TypeKind::Float(fk)) => {
                        DenseElement::Float(self.float_value(*n, *fk, loc)?.to_bits())
                    }
                    (Lit::Num(n), TypeKind::Integer { .. } | TypeKind::Index) => {
                        if n.is_float {
                            return self.err_at(loc, "expected integer elements, but parsed floating-point");
                        }
                        let v = self.int_value(*n, elem_ty, loc)?;
                        // An i1 element is stored as 0 or 1, as `true` is.
                        let v = if matches!(ek, TypeKind::Integer { width: 1, .. }) { v & 1 } else { v };
                        DenseElement::Int(v)
                    }
                    (Lit::Pair(..), _) => return self.err_at(loc, "expected element literal of primitive type"),
                    _ => return self.err_at(loc, "expected integer or floating point element type"),
                });
            }
            if !is_list && conv.len() == 1 {
                DenseData::Splat(conv[0])
            } else if conv.is_empty() && num == 0 {
                DenseData::Elements(conv)
            } else {
                let lit_shape: Vec<i64> = shape.iter().map(|d| (*d).max(0)).collect();
                if lit_shape != tshape {
                    let s = lit_shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
                    let t = tshape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
                    return self.err_at(
                        loc,
                        format!("inferred shape of elements literal ([{s}]) does not match type ([{t}])"),
                    );
                }
                // Uniform literals are stored as splats, as MLIR does.
                if conv.windows(2).all(|w| w[0] == w[1]) {
                    DenseData::Splat(conv[0])
                } else {
                    DenseData::Elements(conv)
                }
            }
        };
        Ok(self.ctx.attr(AttrKind::Dense { ty, data }))
    }

    /// The data of a `dense` literal of complex elements: `(re, im)` pairs
    /// (`pair` reads one from a literal) of the part type `part_ty`, a splat
    /// when the literal is one pair or all pairs are equal.
    #[allow(clippy::too_many_arguments)]
    fn complex_dense<L>(
        &mut self,
        elems: &[L],
        part_ty: Type,
        is_list: bool,
        shape: &[i64],
        tshape: &[i64],
        num: i64,
        loc: SrcPos,
        pair: impl Fn(&L) -> Option<(NumLit<'_>, NumLit<'_>)>,
    ) -> PResult<DenseData> {
        let mut parts = Vec::with_capacity(elems.len() * 2);
        for l in elems {
            let Some((re, im)) = pair(l) else {
                return self.err_at(loc, "expected element literal of complex type: (re, im)");
            };
            for n in [re, im] {
                parts.push(match self.ctx.type_kind(part_ty).clone() {
                    TypeKind::Float(fk) => DenseElement::Float(self.float_value(n, fk, loc)?.to_bits()),
                    TypeKind::Integer { .. } if !n.is_float => DenseElement::Int(self.int_value(n, part_ty, loc)?),
                    TypeKind::Integer { .. } => {
                        return self.err_at(loc, "expected integer elements, but parsed floating-point")
                    }
                    _ => return self.err_at(loc, "expected integer or floating point element type"),
                });
            }
        }
        let pairs: Vec<(DenseElement, DenseElement)> = parts.chunks_exact(2).map(|c| (c[0], c[1])).collect();
        if (!is_list && pairs.len() == 1)
            || (!pairs.is_empty() && pairs.windows(2).all(|w| w[0] == w[1]) && {
                let lit_shape: Vec<i64> = shape.iter().map(|d| (*d).max(0)).collect();
                lit_shape == tshape
            })
        {
            return Ok(DenseData::ComplexSplat(pairs[0].0, pairs[0].1));
        }
        let lit_shape: Vec<i64> = shape.iter().map(|d| (*d).max(0)).collect();
        if !(pairs.is_empty() && num == 0) && lit_shape != tshape {
            let s = lit_shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
            let t = tshape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
            return self.err_at(loc, format!("inferred shape of elements literal ([{s}]) does not match type ([{t}])"));
        }
        Ok(DenseData::ComplexElements(parts))
    }

    // ---- affine ---------------------------------------------------------

    fn parse_dim_sym_ids(&mut self) -> PResult<(HashMap<String, AffineExpr>, u32, u32)> {
        let mut names = HashMap::new();
        self.expect(Tok::LParen, "'(' at start of dimensional identifiers list")?;
        let mut nd = 0u32;
        self.comma_list(Tok::RParen, |p| {
            if p.kind() != Tok::BareId {
                return p.err("expected bare identifier");
            }
            let n = p.text().to_string();
            if names.contains_key(&n) {
                return p.err(format!("redefinition of identifier '{n}'"));
            }
            names.insert(n, AffineExpr::Dim(nd));
            nd += 1;
            p.bump();
            Ok(())
        })?;
        let mut ns = 0u32;
        if self.consume_if(Tok::LSquare) {
            self.comma_list(Tok::RSquare, |p| {
                if p.kind() != Tok::BareId {
                    return p.err("expected bare identifier");
                }
                let n = p.text().to_string();
                if names.contains_key(&n) {
                    return p.err(format!("redefinition of identifier '{n}'"));
                }
                names.insert(n, AffineExpr::Sym(ns));
                ns += 1;
                p.bump();
                Ok(())
            })?;
        }
        Ok((names, nd, ns))
    }

    /// Parses `(d0)[s0] -> (exprs)`.
    pub(crate) fn parse_affine_map_body(&mut self) -> PResult<AffineMap> {
        self.affine_ops = 0;
        let (names, nd, ns) = self.parse_dim_sym_ids()?;
        self.expect_tok(Tok::Arrow)?;
        self.expect(Tok::LParen, "'(' at start of affine map range")?;
        let mut results = Vec::new();
        self.comma_list(Tok::RParen, |p| {
            results.push(p.parse_affine_expr(&names)?);
            Ok(())
        })?;
        Ok(AffineMap { num_dims: nd, num_syms: ns, results })
    }

    fn parse_integer_set_body(&mut self) -> PResult<IntegerSet> {
        self.affine_ops = 0;
        let (names, nd, ns) = self.parse_dim_sym_ids()?;
        self.expect(Tok::Colon, "':'")?;
        self.expect(Tok::LParen, "'('")?;
        let mut constraints = Vec::new();
        self.comma_list(Tok::RParen, |p| {
            let lhs = p.parse_affine_expr(&names)?;
            let (op, rhs_first) = match p.kind() {
                Tok::Greater => (0, true),
                Tok::Less => (1, true),
                Tok::Equal => (2, true),
                _ => return p.err("expected '== affine-expr' or '>= affine-expr' at end of affine constraint"),
            };
            let _ = rhs_first;
            p.bump();
            p.expect(Tok::Equal, "'=' in affine constraint")?;
            let rhs = p.parse_affine_expr(&names)?;
            let c = match op {
                0 => (lhs - rhs, false),
                1 => (rhs - lhs, false),
                _ => (lhs - rhs, true),
            };
            constraints.push(c);
            Ok(())
        })?;
        Ok(IntegerSet { num_dims: nd, num_syms: ns, constraints })
    }

    /// Counts one operation of the current affine map or set; an error
    /// past [`super::MAX_AFFINE_OPS`].
    fn count_affine_op(&mut self) -> PResult<()> {
        self.affine_ops += 1;
        if self.affine_ops > super::MAX_AFFINE_OPS {
            let max = super::MAX_AFFINE_OPS;
            return self.err(format!("affine map or set with more than {max} operations is not supported"));
        }
        Ok(())
    }

    fn parse_affine_expr(&mut self, names: &HashMap<String, AffineExpr>) -> PResult<AffineExpr> {
        self.enter()?;
        let mut lhs = self.parse_affine_term(names)?;
        loop {
            let sub = match self.kind() {
                Tok::Plus => false,
                Tok::Minus => true,
                _ => break,
            };
            self.count_affine_op()?;
            self.bump();
            let rhs = self.parse_affine_term(names)?;
            lhs = if sub { lhs - rhs } else { lhs + rhs };
        }
        self.leave();
        Ok(lhs)
    }

    fn parse_affine_term(&mut self, names: &HashMap<String, AffineExpr>) -> PResult<AffineExpr> {
        let mut lhs = self.parse_affine_operand(names)?;
        loop {
            let op = match self.kind() {
                Tok::Star => AffineBinOp::Mul,
                Tok::BareId => match self.text() {
                    "floordiv" => AffineBinOp::FloorDiv,
                    "ceildiv" => AffineBinOp::CeilDiv,
                    "mod" => AffineBinOp::Mod,
                    _ => break,
                },
                _ => break,
            };
            let loc = self.cur_pos();
            self.count_affine_op()?;
            self.bump();
            let rhs = self.parse_affine_operand(names)?;
            if op == AffineBinOp::Mul {
                if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                    return self.err_at(
                        loc,
                        "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                    );
                }
            } else if !rhs.is_symbolic_or_constant() {
                let w = match op {
                    AffineBinOp::FloorDiv => "floordiv",
                    AffineBinOp::CeilDiv => "ceildiv",
                    _ => "modulo",
                };
                return self.err_at(
                    loc,
                    format!("non-affine expression: right operand of {w} has to be either a constant or symbolic"),
                );
            }
            lhs = AffineExpr::bin(op, lhs, rhs);
        }
        Ok(lhs)
    }

    fn parse_affine_operand(&mut self, names: &HashMap<String, AffineExpr>) -> PResult<AffineExpr> {
        match self.kind() {
            Tok::Minus => {
                self.count_affine_op()?;
                self.bump();
                self.enter()?;
                let e = self.parse_affine_operand(names)?;
                self.leave();
                Ok(e * AffineExpr::Const(-1))
            }
            Tok::LParen => {
                self.bump();
                let e = self.parse_affine_expr(names)?;
                self.expect_tok(Tok::RParen)?;
                Ok(e)
            }
            Tok::Integer => {
                let v = match parse_int_text(self.text()).and_then(|v| i64::try_from(v).ok()) {
                    Some(v) => v,
                    None => return self.err("constant too large for index"),
                };
                self.bump();
                Ok(AffineExpr::Const(v))
            }
            Tok::BareId => match names.get(self.text()) {
                Some(e) => {
                    let e = e.clone();
                    self.bump();
                    Ok(e)
                }
                None => {
                    let t = self.text().to_string();
                    self.err(format!("use of undeclared identifier '{t}'"))
                }
            },
            _ => self.err("expected affine expression"),
        }
    }

    // ---- locations ------------------------------------------------------

    /// Parses `loc(...)`.
    pub(crate) fn parse_loc_literal(&mut self) -> PResult<Loc> {
        self.expect_keyword("loc")?;
        self.expect(Tok::LParen, "'(' in inline location")?;
        let l = self.parse_loc_inner()?;
        self.expect(Tok::RParen, "')' in inline location")?;
        Ok(l)
    }

    fn parse_loc_inner(&mut self) -> PResult<Loc> {
        self.enter()?;
        let r = match self.kind() {
            Tok::HashId => {
                let name = self.text()[1..].to_string();
                self.bump();
                match self.lookup_loc_alias(&name) {
                    Some(l) => Ok(l),
                    None => self.err(format!("undefined symbol alias id '{name}'")),
                }
            }
            Tok::String => {
                let s = match lexer::unescape(self.text()) {
                    Ok(s) => s,
                    Err(e) => return self.err(e),
                };
                self.bump();
                let name = self.ctx.sym(&s);
                if self.consume_if(Tok::Colon) {
                    let line = self.parse_integer_i64()?;
                    self.expect(Tok::Colon, "':' in FileLineColLoc")?;
                    let col = self.parse_integer_i64()?;
                    if self.consume_keyword("to") {
                        // Ranges keep only their start.
                        let _ = self.parse_integer_i64()?;
                        if self.consume_if(Tok::Colon) {
                            let _ = self.parse_integer_i64()?;
                        }
                    }
                    Ok(self.ctx.loc(LocKind::FileLineCol { file: name, line: line as u32, col: col as u32 }))
                } else if self.consume_if(Tok::LParen) {
                    let child = self.parse_loc_inner()?;
                    self.expect_tok(Tok::RParen)?;
                    Ok(self.ctx.loc(LocKind::Name { name, child: Some(child) }))
                } else {
                    Ok(self.ctx.loc(LocKind::Name { name, child: None }))
                }
            }
            Tok::BareId => match self.text() {
                "unknown" => {
                    self.bump();
                    Ok(self.ctx.loc(LocKind::Unknown))
                }
                "callsite" => {
                    self.bump();
                    self.expect_tok(Tok::LParen)?;
                    let callee = self.parse_loc_inner()?;
                    self.expect_keyword("at")?;
                    let caller = self.parse_loc_inner()?;
                    self.expect_tok(Tok::RParen)?;
                    Ok(self.ctx.loc(LocKind::CallSite { callee, caller }))
                }
                "fused" => {
                    self.bump();
                    let metadata = if self.consume_if(Tok::Less) {
                        let a = self.parse_attribute(None)?;
                        self.expect_tok(Tok::Greater)?;
                        Some(a)
                    } else {
                        None
                    };
                    self.expect_tok(Tok::LSquare)?;
                    let mut locs = Vec::new();
                    self.comma_list(Tok::RSquare, |p| {
                        locs.push(p.parse_loc_inner()?);
                        Ok(())
                    })?;
                    Ok(self.ctx.loc(LocKind::fused(locs, metadata)))
                }
                _ => self.err("expected location instance"),
            },
            _ => self.err("expected location instance"),
        };
        self.leave();
        r
    }
}

/// `number<:f32 1.000000e+00, 2.000000e+00> : complex<f32>` for the body
/// `number<:f32 1.0, 2.0>` of a `#complex.number` (None if it is not one).
fn complex_number_text(body: &str) -> Option<String> {
    let inner = body.strip_prefix("number<:")?.strip_suffix('>')?;
    let (ty, parts) = inner.trim().split_once(char::is_whitespace)?;
    let kind = crate::types::FloatKind::from_keyword(ty)?;
    let (re, im) = parts.split_once(',')?;
    let (re, im): (f64, f64) = (re.trim().parse().ok()?, im.trim().parse().ok()?);
    let (mut re_s, mut im_s) = (String::new(), String::new());
    crate::float::print_float(re, kind, &mut re_s);
    crate::float::print_float(im, kind, &mut im_s);
    Some(format!("number<:{ty} {re_s}, {im_s}> : complex<{ty}>"))
}
