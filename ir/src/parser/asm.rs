//! The API custom assembly parsers use (MLIR's OpAsmParser, in small).

use super::lexer::Tok;
use super::{IntoLoc, PResult, Parser, SrcPos};
use crate::context::OpSpec;
use crate::registry::{traits, OpDef};
use crate::types::DYNAMIC;
use crate::{Attr, BlockId, Context, Loc, RegionId, Sym, Type, Value};

/// An operand named in the text but not yet given a type. The name is a
/// span of the source (no allocation per use).
#[derive(Copy, Clone, Debug)]
pub struct UnresolvedOperand {
    /// Byte offset of the name (after `%`) in the source.
    pub(crate) start: u32,
    /// Length of the name.
    pub(crate) len: u32,
    /// The result number (`%x#1`).
    pub index: u32,
    /// Where the operand is written.
    pub pos: SrcPos,
}

impl UnresolvedOperand {
    /// The name without `%`, read from the parsed source.
    pub fn name<'s>(&self, src: &'s str) -> &'s str {
        &src[self.start as usize..(self.start + self.len) as usize]
    }
}

/// Parses an op's custom assembly form (after the op name).
pub type ParseFn = fn(&mut OpParser<'_, '_>) -> PResult<()>;

/// The custom assembly parser of an op, attached to its
/// [`OpDef`](crate::registry::OpDef) as an interface (`format { .. }` in
/// [`op!`](crate::op)).
pub struct CustomParser(pub ParseFn);

/// Parses one op's custom form and collects its parts.
pub struct OpParser<'p, 'a> {
    pub(crate) p: &'p mut Parser<'a>,
    /// The op name being built.
    pub name: Sym,
    /// The op's location (its name token).
    pub loc: Loc,
    /// The op definition.
    pub def: &'static OpDef,
    /// Resolved operands, in order.
    pub operands: crate::context::ValueList,
    /// Result types, in order.
    pub result_types: crate::context::TypeList,
    /// Attributes.
    pub attrs: crate::context::AttrMap,
    /// Regions.
    pub regions: Vec<RegionId>,
    /// Successor blocks.
    pub successors: Vec<BlockId>,
}

impl<'p, 'a> OpParser<'p, 'a> {
    pub(crate) fn new(p: &'p mut Parser<'a>, name: Sym, loc: Loc, def: &'static OpDef) -> Self {
        OpParser {
            p,
            name,
            loc,
            def,
            operands: Default::default(),
            result_types: Default::default(),
            attrs: crate::context::AttrMap::default(),
            regions: Vec::new(),
            successors: Vec::new(),
        }
    }

    pub(crate) fn finish(self) -> OpSpec {
        OpSpec {
            name: self.name,
            operands: self.operands,
            result_types: self.result_types,
            attrs: self.attrs,
            regions: self.regions,
            successors: self.successors,
            loc: self.loc,
        }
    }

    /// The context.
    pub fn ctx(&mut self) -> &mut Context {
        self.p.ctx
    }

    /// The context, read-only.
    pub fn ctx_ref(&self) -> &Context {
        self.p.ctx
    }

    /// The position of the current token (for later diagnostics).
    pub fn cur_loc(&self) -> SrcPos {
        self.p.cur_pos()
    }

    /// An error at the current token.
    pub fn err<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        self.p.err(msg)
    }

    /// An error at a location or source position.
    pub fn err_at<T>(&mut self, at: impl IntoLoc, msg: impl Into<String>) -> PResult<T> {
        self.p.err_at(at, msg)
    }

    /// An error of this op's custom parser, prefixed as MLIR's
    /// `CustomOpAsmParser::emitError` does (`custom op 'name' ...`).
    pub fn custom_err_at<T>(&mut self, at: impl IntoLoc, msg: impl Into<String>) -> PResult<T> {
        let msg = format!("custom op '{}' {}", self.def.name, msg.into());
        self.p.err_at(at, msg)
    }

    /// Whether the current token is `k`.
    pub fn at(&self, k: Tok) -> bool {
        self.p.kind() == k
    }

    /// Consumes `k` if present.
    pub fn optional(&mut self, k: Tok) -> bool {
        self.p.consume_if(k)
    }

    /// Consumes `k` or fails with "expected ...".
    pub fn expect(&mut self, k: Tok) -> PResult<()> {
        self.p.expect_tok(k)
    }

    /// Consumes `k` or fails with "expected `what`".
    pub fn expect_what(&mut self, k: Tok, what: &str) -> PResult<()> {
        self.p.expect(k, what)
    }

    /// A string literal (`"..."`), unescaped.
    pub fn string_literal(&mut self) -> PResult<String> {
        if self.p.kind() != Tok::String {
            return self.p.err("expected a string literal");
        }
        let s = match crate::parser::lexer::unescape(self.p.text()) {
            Ok(s) => s,
            Err(e) => return self.p.err(e),
        };
        self.p.consume_if(Tok::String);
        Ok(s)
    }

    /// Whether the current token is the keyword `kw`.
    pub fn at_keyword(&self, kw: &str) -> bool {
        self.p.is_keyword(kw)
    }

    /// The current bare identifier, if any.
    pub fn peek_keyword(&self) -> Option<&'a str> {
        if self.p.kind() == Tok::BareId {
            Some(self.p.text())
        } else {
            None
        }
    }

    /// Consumes the keyword `kw` if present.
    pub fn optional_keyword(&mut self, kw: &str) -> bool {
        self.p.consume_keyword(kw)
    }

    /// Consumes the keyword `kw` or fails.
    pub fn keyword(&mut self, kw: &str) -> PResult<()> {
        self.p.expect_keyword(kw)
    }

    /// Consumes and returns any bare identifier.
    pub fn any_keyword(&mut self) -> PResult<&'a str> {
        if self.p.kind() != Tok::BareId {
            return self.err("expected valid keyword");
        }
        let t = self.p.text();
        self.p.bump();
        Ok(t)
    }

    /// `%name` or `%name#i`.
    pub fn operand(&mut self) -> PResult<UnresolvedOperand> {
        self.p.parse_operand_ref()
    }

    /// An operand if one starts here.
    pub fn optional_operand(&mut self) -> PResult<Option<UnresolvedOperand>> {
        if self.p.kind() == Tok::PercentId {
            Ok(Some(self.operand()?))
        } else {
            Ok(None)
        }
    }

    /// An operand typed by a `:` right after it (`%v : f32`), if the
    /// current token starts one; `None` for the start of the next op's
    /// results (`%1 = ...`, `%0:2 = ...`).
    pub fn optional_typed_operand(&mut self) -> PResult<Option<UnresolvedOperand>> {
        if self.p.kind() != Tok::PercentId {
            return Ok(None);
        }
        // `%v : T` or `%v#1 : T`, not `%r = ` or `%r:2 = `.
        match self.p.peek_kinds::<3>() {
            [Tok::Colon, second, _] | [Tok::HashId, Tok::Colon, second] if second != Tok::Integer => {
                self.optional_operand()
            }
            _ => Ok(None),
        }
    }

    /// A comma-separated list of operands (possibly empty).
    pub fn operand_list(&mut self) -> PResult<Vec<UnresolvedOperand>> {
        let mut v = Vec::new();
        if self.p.kind() != Tok::PercentId {
            return Ok(v);
        }
        loop {
            v.push(self.operand()?);
            if !self.optional(Tok::Comma) {
                return Ok(v);
            }
        }
    }

    /// `[ operands ]` (SSA values only, as MLIR's `Delimiter::Square`).
    pub fn square_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand>> {
        self.expect(Tok::LSquare)?;
        let v = self.operand_list()?;
        if !self.at(Tok::RSquare) {
            return self.err("expected SSA operand");
        }
        self.expect(Tok::RSquare)?;
        Ok(v)
    }

    /// `( operands )`
    pub fn paren_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand>> {
        self.expect(Tok::LParen)?;
        let v = self.operand_list()?;
        self.expect(Tok::RParen)?;
        Ok(v)
    }

    /// Resolves an operand to a value of `ty`.
    pub fn resolve(&mut self, u: &UnresolvedOperand, ty: Type) -> PResult<Value> {
        self.p.resolve_value(u, ty)
    }

    /// Resolves and appends an operand.
    pub fn push_operand(&mut self, u: &UnresolvedOperand, ty: Type) -> PResult<Value> {
        let v = self.resolve(u, ty)?;
        self.operands.push(v);
        Ok(v)
    }

    /// Resolves and appends operands with their types.
    pub fn push_operands(&mut self, us: &[UnresolvedOperand], tys: &[Type], loc: SrcPos) -> PResult<()> {
        if us.len() != tys.len() {
            return self.err_at(loc, format!("{} operands present, but expected {}", us.len(), tys.len()));
        }
        for (u, t) in us.iter().zip(tys) {
            self.push_operand(u, *t)?;
        }
        Ok(())
    }

    /// Resolves and appends operands that all have type `ty`.
    pub fn push_operands_of(&mut self, us: &[UnresolvedOperand], ty: Type) -> PResult<()> {
        for u in us {
            self.push_operand(u, ty)?;
        }
        Ok(())
    }

    /// A type.
    pub fn ty(&mut self) -> PResult<Type> {
        self.p.parse_type()
    }

    /// `: type`
    pub fn colon_type(&mut self) -> PResult<Type> {
        self.p.expect(Tok::Colon, "':'")?;
        self.ty()
    }

    /// `: type, ...` for `operands` when there are any (the tail of
    /// return-like ops: `return %a, %b : i32, f32`), resolving them.
    pub fn optional_colon_typed(&mut self, operands: &[UnresolvedOperand]) -> PResult<()> {
        if operands.is_empty() {
            return Ok(());
        }
        let loc = self.cur_loc();
        self.p.expect(Tok::Colon, "':'")?;
        let tys = self.type_list()?;
        self.push_operands(operands, &tys, loc)
    }

    /// `: (inputs) -> results` (MLIR's `functional-type(operands,
    /// results)`): resolves `operands` against the inputs and sets the
    /// result types.
    pub fn functional_type_operands(&mut self, operands: &[UnresolvedOperand]) -> PResult<()> {
        let loc = self.cur_loc();
        self.p.expect(Tok::Colon, "':'")?;
        let type_loc = self.cur_loc();
        let fty = self.ty()?;
        let (inputs, results) = match self.ctx().type_kind(fty) {
            crate::types::TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
            _ => {
                let found = crate::printer::type_to_string(self.ctx(), fty);
                let msg = format!(
                    "custom op '{}' invalid kind of type specified: expected builtin.function, but found '{found}'",
                    self.def.name
                );
                return self.err_at(type_loc, msg);
            }
        };
        self.push_operands(operands, &inputs, loc)?;
        self.result_types = results.into();
        Ok(())
    }

    /// `type, type, ...` (at least one).
    pub fn type_list(&mut self) -> PResult<Vec<Type>> {
        let mut v = vec![self.ty()?];
        while self.optional(Tok::Comma) {
            v.push(self.ty()?);
        }
        Ok(v)
    }

    /// `(type, ...)` possibly empty.
    pub fn paren_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LParen)?;
        let mut v = Vec::new();
        self.p.comma_list(Tok::RParen, |p| {
            v.push(p.parse_type()?);
            Ok(())
        })?;
        Ok(v)
    }

    /// `-> type` or `-> (types)`.
    pub fn arrow_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::Arrow)?;
        self.p.parse_function_result_types()
    }

    /// Whether a type starts here.
    pub fn at_type(&self) -> bool {
        self.p.at_type()
    }

    /// An attribute (with `ty` as the type when the literal has none).
    pub fn attribute(&mut self, ty: Option<Type>) -> PResult<Attr> {
        self.p.parse_attribute(ty)
    }

    /// `@name`
    pub fn symbol_name(&mut self) -> PResult<Sym> {
        if self.p.kind() != Tok::AtId {
            return self.err("expected valid '@'-identifier for symbol name");
        }
        self.p.symbol_name()
    }

    /// An optional `{...}` attribute dictionary, merged into the op's attributes.
    pub fn optional_attr_dict(&mut self) -> PResult<()> {
        if self.p.kind() == Tok::LBrace {
            let mut map = crate::context::AttrMap::default();
            self.p.parse_attr_dict_into(&mut map)?;
            for (k, v) in map {
                if self.attrs.contains_key(&k) {
                    let n = self.p.ctx.str(k).to_string();
                    return self.err(format!("attribute '{n}' occurs more than once in the attribute list"));
                }
                self.attrs.insert(k, v);
            }
        }
        Ok(())
    }

    /// `attributes {...}` if present.
    pub fn optional_attr_dict_with_keyword(&mut self) -> PResult<()> {
        if self.optional_keyword("attributes") {
            if self.p.kind() != Tok::LBrace {
                return self.err("expected '{' in attribute dictionary");
            }
            self.optional_attr_dict()?;
        }
        Ok(())
    }

    /// Sets an attribute by name.
    pub fn set_attr(&mut self, name: &str, a: Attr) {
        let s = self.p.ctx.sym(name);
        self.attrs.insert(s, a);
    }

    /// Records the sizes of a segmented op's operand groups (its
    /// `operandSegmentSizes`), in the order the groups were pushed.
    pub fn set_operand_segments(&mut self, sizes: &[usize]) {
        let i32t = self.p.ctx.int_type(32);
        let values = sizes.iter().map(|n| *n as i64).collect();
        let a = self.p.ctx.attr(crate::attrs::AttrKind::DenseArray { elem: i32t, values });
        self.set_attr("operandSegmentSizes", a);
    }

    /// A region whose entry block gets `args`.
    pub fn region(&mut self, args: &[(UnresolvedOperand, Type)]) -> PResult<RegionId> {
        self.region_with_arg_locs(args, &[])
    }

    /// [`OpParser::region`] whose entry arguments have the locations
    /// written after them (`%a: i32 loc("x.py":3:4)`); `None` places an
    /// argument where it is written.
    pub fn region_with_arg_locs(
        &mut self,
        args: &[(UnresolvedOperand, Type)],
        locs: &[Option<Loc>],
    ) -> PResult<RegionId> {
        let isolated = self.def.has(traits::ISOLATED_FROM_ABOVE);
        let r = self.p.parse_region_body(args, locs, isolated, self.def.default_dialect)?;
        self.regions.push(r);
        Ok(r)
    }

    /// Inserts the implicit terminator into every block of `region` that lacks one.
    pub fn ensure_terminator(&mut self, region: RegionId, name: &str) {
        let ctx = &mut *self.p.ctx;
        if ctx.blocks(region).is_empty() {
            ctx.append_block(region);
        }
        for b in ctx.blocks(region).to_vec() {
            let has = ctx.last_op(b).is_some_and(|o| ctx.def_of(o).is_some_and(|d| d.has(traits::TERMINATOR)));
            if !has {
                // A terminator with regions (scf.forall.in_parallel) gets
                // them empty, each with one block.
                let num_regions = ctx.op_def(name).map(|d| d.regions).unwrap_or(0);
                let regions = (0..num_regions)
                    .map(|_| {
                        let r = ctx.create_region();
                        ctx.append_block(r);
                        r
                    })
                    .collect();
                let name = ctx.sym(name);
                let loc = self.loc;
                let op = ctx.create_op(OpSpec {
                    name,
                    operands: Default::default(),
                    result_types: Default::default(),
                    attrs: crate::context::AttrMap::default(),
                    regions,
                    successors: vec![],
                    loc,
                });
                ctx.append_op(b, op);
            }
        }
    }

    /// A successor, `^bb3` or `^bb3(%a, %b : index, i32)`: appended to
    /// the op's successors; returns its operands with their types.
    pub fn successor_with_operands(&mut self) -> PResult<(Vec<UnresolvedOperand>, Vec<Type>)> {
        let block = self.p.parse_successor()?;
        self.successors.push(block);
        if !self.optional(Tok::LParen) {
            return Ok((Vec::new(), Vec::new()));
        }
        let operands = self.operand_list()?;
        self.expect(Tok::Colon)?;
        let types = self.type_list()?;
        self.expect(Tok::RParen)?;
        if operands.len() != types.len() {
            return self.err(format!("{} operands present, but expected {}", operands.len(), types.len()));
        }
        Ok((operands, types))
    }

    /// A `loc(...)` location.
    pub fn location(&mut self) -> PResult<Loc> {
        self.p.parse_loc_literal()
    }

    /// An integer (optionally negative).
    pub fn integer(&mut self) -> PResult<i64> {
        self.p.parse_integer_i64()
    }

    /// `[1, 2, 3]`
    pub fn i64_list(&mut self) -> PResult<Vec<i64>> {
        self.expect(Tok::LSquare)?;
        let mut v = Vec::new();
        self.p.comma_list(Tok::RSquare, |p| {
            v.push(p.parse_integer_i64()?);
            Ok(())
        })?;
        Ok(v)
    }

    /// MLIR's DynamicIndexList: `[0, %a, 4]` with `delim` brackets; SSA
    /// entries are returned as operands and marked [`DYNAMIC`] in the ints.
    pub fn dynamic_index_list(&mut self, open: Tok, close: Tok) -> PResult<(Vec<UnresolvedOperand>, Vec<i64>)> {
        self.expect(open)?;
        let mut dyns = Vec::new();
        let mut ints = Vec::new();
        self.p.comma_list(close, |p| {
            if p.kind() == Tok::PercentId {
                dyns.push(p.parse_operand_ref()?);
                ints.push(DYNAMIC);
            } else {
                ints.push(p.parse_integer_i64()?);
            }
            Ok(())
        })?;
        Ok((dyns, ints))
    }

    /// `[[0, 1], [2]]`
    pub fn reassociation(&mut self) -> PResult<Vec<Vec<i64>>> {
        self.expect(Tok::LSquare)?;
        let mut groups = Vec::new();
        self.p.comma_list(Tok::RSquare, |p| {
            p.expect_tok(Tok::LSquare)?;
            let mut g = Vec::new();
            p.comma_list(Tok::RSquare, |p| {
                g.push(p.parse_integer_i64()?);
                Ok(())
            })?;
            groups.push(g);
            Ok(())
        })?;
        Ok(groups)
    }

    /// An affine map body `(d0)[s0] -> (...)` inside `affine_map<>` or bare,
    /// or a `#map` alias.
    pub fn affine_map_attr(&mut self) -> PResult<Attr> {
        self.attribute(None)
    }

    /// A bare affine map, `(d0, d1) -> (d1, d0)` (MLIR's `parseAffineMap`),
    /// as an attribute.
    pub fn affine_map_body_attr(&mut self) -> PResult<Attr> {
        let m = self.p.parse_affine_map_body()?;
        Ok(self.p.ctx.attr(crate::attrs::AttrKind::AffineMap(m)))
    }

    /// The index type.
    pub fn index_type(&mut self) -> Type {
        self.p.ctx.index_type()
    }

    /// The type of a resolved value.
    pub fn value_type(&self, v: Value) -> Type {
        self.p.ctx.value_type(v)
    }

    /// Prints a type for an error message.
    pub fn type_str(&self, t: Type) -> String {
        self.p.type_string(t)
    }
}
