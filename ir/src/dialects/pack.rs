//! `tensor.pack` / `tensor.unpack` (also spelled `linalg.pack` /
//! `linalg.unpack`): assembly format, semantics helpers and the verifier.

use crate::attrs::AttrKind;
use crate::context::known_names::{INNER_DIMS_POS, OPERAND_SEGMENT_SIZES, OUTER_DIMS_PERM, STATIC_INNER_TILES};
use crate::context::OpSpec;
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, VerifyError};
use crate::types::{TypeKind, DYNAMIC};
use crate::{Attr, Context, Loc, OpId, Type, Value};
use smallvec::SmallVec;

crate::op! {
    /// `tensor.pack`
    pub struct PackOp => PACK = "tensor.pack";
    operands segmented { source: One, dest: One, padding_value: Optional, inner_tiles: Variadic }
    attributes { inner_dims_pos: I64Array = "inner_dims_pos", outer_dims_perm: OptI64Array = "outer_dims_perm", static_inner_tiles: I64Array = "static_inner_tiles" }
    results { result: One }
    regions { }
    format { parse_pack, print_pack_or_unpack }
    patterns [super::patterns::constants::fold_constant_pack_or_unpack, super::patterns::tensor::drop_unneeded_padding_value, super::patterns::tensor::fold_pack_of_unpack, super::patterns::tensor::fold_fill_into_pack]
    def {
        aliases: &[PackOp::LINALG_NAME],
        verify: Some(verify_pack),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("pack".into())),
    }
}

impl PackOp {
    /// The name MLIR 22 gives the op (this one is the alias tessel also
    /// reads and prints with `--pack-spelling=linalg`).
    pub const LINALG_NAME: &'static str = "linalg.pack";
}

impl UnPackOp {
    /// The name MLIR 22 gives the op (see [`PackOp::LINALG_NAME`]).
    pub const LINALG_NAME: &'static str = "linalg.unpack";
}

crate::op! {
    /// `tensor.unpack`
    pub struct UnPackOp => UNPACK = "tensor.unpack";
    operands { source: One, dest: One, inner_tiles: Variadic }
    attributes { inner_dims_pos: I64Array = "inner_dims_pos", outer_dims_perm: OptI64Array = "outer_dims_perm", static_inner_tiles: I64Array = "static_inner_tiles" }
    results { result: One }
    regions { }
    format { parse_unpack, print_pack_or_unpack }
    patterns [super::patterns::constants::fold_constant_pack_or_unpack, super::patterns::tensor::fold_unpack_of_pack, super::patterns::tensor::unpack_into_init_of_dest, super::patterns::tensor::unpack_into_sliced_dest]
    def {
        aliases: &[UnPackOp::LINALG_NAME],
        verify: Some(verify_unpack),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("unpack".into())),
    }
}

/// A pack or unpack op, read into plain data.
#[derive(Clone, Debug)]
pub struct PackInfo {
    /// True for pack, false for unpack.
    pub is_pack: bool,
    pub source: Value,
    pub dest: Value,
    pub padding_value: Option<Value>,
    pub inner_dims_pos: SmallVec<[i64; 4]>,
    pub outer_dims_perm: SmallVec<[i64; 4]>,
    /// Static tiles with [`DYNAMIC`] for SSA ones.
    pub static_inner_tiles: SmallVec<[i64; 4]>,
    /// The SSA tiles, in order of the DYNAMIC entries.
    pub dynamic_inner_tiles: SmallVec<[Value; 4]>,
}

/// A tile: a constant or an SSA value (MLIR's OpFoldResult).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tile {
    Const(i64),
    Value(Value),
}

impl PackInfo {
    /// Reads a pack or unpack op. `None` when it is not one or is malformed.
    pub fn read(ctx: &Context, op: OpId) -> Option<PackInfo> {
        let is_pack = PackOp::isa(ctx, op);
        if !is_pack && !UnPackOp::isa(ctx, op) {
            return None;
        }
        let [inner_dims_pos, outer_dims_perm, static_inner_tiles, segments] =
            ctx.get_attrs(op, [INNER_DIMS_POS, OUTER_DIMS_PERM, STATIC_INNER_TILES, OPERAND_SEGMENT_SIZES]);
        let arr = |a: Option<Attr>| a.and_then(|a| ctx.as_i64_array(a)).map(SmallVec::from_slice);
        let inner_dims_pos = arr(inner_dims_pos)?;
        let outer_dims_perm = arr(outer_dims_perm).unwrap_or_default();
        let static_inner_tiles = arr(static_inner_tiles)?;
        let operands = ctx.operands(op);
        if operands.len() < 2 {
            return None;
        }
        let num_dyn = static_inner_tiles.iter().filter(|t| **t == DYNAMIC).count();
        let has_pad = if is_pack {
            match segments.map(|a| ctx.attr_kind(a)) {
                Some(AttrKind::DenseArray { values, .. }) if values.len() == 4 => values[2] == 1,
                _ => operands.len() == 3 + num_dyn,
            }
        } else {
            false
        };
        let tiles_start = 2 + has_pad as usize;
        if operands.len() != tiles_start + num_dyn {
            return None;
        }
        Some(PackInfo {
            is_pack,
            source: operands[0],
            dest: operands[1],
            padding_value: if has_pad { Some(operands[2]) } else { None },
            inner_dims_pos,
            outer_dims_perm,
            static_inner_tiles,
            dynamic_inner_tiles: SmallVec::from_slice(&operands[tiles_start..]),
        })
    }

    /// The tiles as constants or values.
    pub fn mixed_tiles(&self) -> SmallVec<[Tile; 4]> {
        let mut d = self.dynamic_inner_tiles.iter();
        self.static_inner_tiles
            .iter()
            .map(|t| if *t == DYNAMIC { Tile::Value(*d.next().expect("dynamic tile")) } else { Tile::Const(*t) })
            .collect()
    }

    /// The unpacked (source of pack, dest of unpack) value.
    pub fn unpacked(&self) -> Value {
        if self.is_pack {
            self.source
        } else {
            self.dest
        }
    }

    /// The packed (dest of pack, source of unpack) value.
    pub fn packed(&self) -> Value {
        if self.is_pack {
            self.dest
        } else {
            self.source
        }
    }

    /// Creates the op described by `self` (detached), with result type `dest`'s type.
    pub fn build(&self, ctx: &mut Context, loc: Loc, spelling: &str) -> OpId {
        let spec = self.spec(ctx, loc, spelling);
        ctx.create_op(spec)
    }

    /// The [`OpSpec`] of the op described by `self`.
    pub fn spec(&self, ctx: &mut Context, loc: Loc, spelling: &str) -> OpSpec {
        use crate::ods::{AttrSlot, One, OptI64Array, Optional, SpecBuilder, Variadic};
        let mut b = SpecBuilder::new();
        b.operands::<One>(self.source);
        b.operands::<One>(self.dest);
        if self.is_pack {
            b.operands::<Optional>(self.padding_value);
        }
        b.operands::<Variadic>(&self.dynamic_inner_tiles);
        let outer = (!self.outer_dims_perm.is_empty()).then_some(&self.outer_dims_perm[..]);
        let outer = OptI64Array::make(ctx, outer);
        b.attr("outer_dims_perm", outer);
        b.attr("inner_dims_pos", Some(ctx.i64_array_attr(&self.inner_dims_pos)));
        b.attr("static_inner_tiles", Some(ctx.i64_array_attr(&self.static_inner_tiles)));
        let ty = ctx.value_type(self.dest);
        let def = if self.is_pack { &PACK } else { &UNPACK };
        let mut spec = b.finish(ctx, def, &[ty], vec![], loc);
        spec.name = ctx.sym(spelling);
        spec
    }
}

/// The packed shape implied by an unpacked shape: tiled dims become
/// `ceil(d / t)` (dynamic if either is), outer dims are permuted, tiles are
/// appended (MLIR's `PackOp::inferPackedType`).
pub fn infer_packed_shape(
    unpacked: &[i64],
    tiles: &[i64],
    inner_dims_pos: &[i64],
    outer_dims_perm: &[i64],
) -> SmallVec<[i64; 8]> {
    let mut shape: SmallVec<[i64; 8]> = SmallVec::from_slice(unpacked);
    for (i, &pos) in inner_dims_pos.iter().enumerate() {
        let p = pos as usize;
        if shape[p] == DYNAMIC {
            continue;
        }
        if tiles[i] == DYNAMIC {
            shape[p] = DYNAMIC;
            continue;
        }
        shape[p] = crate::affine::ceil_div(shape[p], tiles[i]);
    }
    if !outer_dims_perm.is_empty() {
        shape = outer_dims_perm.iter().map(|&j| shape[j as usize]).collect();
    }
    shape.extend_from_slice(tiles);
    shape
}

fn shape_of(ctx: &Context, t: Type) -> Option<(&[i64], Type)> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { shape, elem, .. } => Some((shape, *elem)),
        TypeKind::MemRef { shape, elem, .. } => Some((shape, *elem)),
        _ => None,
    }
}

fn invalid_positions(pos: &[i64], rank: usize) -> bool {
    if pos.len() > rank {
        return true;
    }
    // Positions are below `rank` once checked, so a bit per dim finds
    // repeats (verification runs on every pack/unpack after every pass).
    let mut seen: smallvec::SmallVec<[bool; 16]> = smallvec::smallvec![false; rank];
    pos.iter().any(|&p| p < 0 || p >= rank as i64 || std::mem::replace(&mut seen[p as usize], true))
}

/// The value of an `arith.constant` integer, if `v` is one.
pub fn constant_int(ctx: &Context, v: Value) -> Option<i64> {
    let op = ctx.defining_op(v)?;
    if !ctx.def_of(op).is_some_and(|d| d.has(traits::CONSTANT_LIKE)) {
        return None;
    }
    match ctx.attr_kind(ctx.get_attr_sym(op, crate::context::known_names::VALUE)?) {
        AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
        _ => None,
    }
}

/// Checks shared by pack and unpack (MLIR's commonVerifierPackAndUnPackOp,
/// which reports without the op-name prefix).
fn verify_common(ctx: &Context, op: OpId, info: &PackInfo) -> Result<(), VerifyError> {
    let tiles = info.mixed_tiles();
    if tiles.iter().any(|t| match t {
        Tile::Const(c) => *c == 0,
        Tile::Value(v) => constant_int(ctx, *v) == Some(0),
    }) {
        return Err(unprefixed("invalid zero tile factor"));
    }
    let (unpacked_shape, _) =
        shape_of(ctx, ctx.value_type(info.unpacked())).ok_or_else(|| VerifyError::from("expects ranked tensor"))?;
    let (packed_shape, _) =
        shape_of(ctx, ctx.value_type(info.packed())).ok_or_else(|| VerifyError::from("expects ranked tensor"))?;
    let rank = unpacked_shape.len();
    if invalid_positions(&info.inner_dims_pos, rank) {
        return Err(unprefixed("invalid inner_dims_pos vector"));
    }
    if invalid_positions(&info.outer_dims_perm, rank) {
        return Err(unprefixed("invalid outer_dims_perm vector"));
    }
    if !info.outer_dims_perm.is_empty() && info.outer_dims_perm.len() != rank {
        return Err(unprefixed("outer_dims_perm must be a permutation or empty"));
    }
    if tiles.len() > rank {
        return Err(unprefixed(
            "tiling factors must be less than or equal to the input rank for pack or output rank for unpack",
        ));
    }
    if tiles.len() != info.inner_dims_pos.len() {
        return Err(unprefixed("tiling factors must equal the number of dimensions to tile"));
    }
    let expected_rank = rank + tiles.len();
    if packed_shape.len() != expected_rank {
        return Err(unprefixed(&format!(
            "packed rank != (unpacked rank + num tiling factors), got {} != {expected_rank}",
            packed_shape.len()
        )));
    }
    let inner = &packed_shape[packed_shape.len() - tiles.len()..];
    let tiles_ok = inner.iter().zip(&tiles).all(|(d, t)| match t {
        Tile::Const(c) => d == c,
        Tile::Value(_) => *d == DYNAMIC,
    });
    if !tiles_ok {
        return Err(unprefixed(
            "mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type",
        ));
    }
    let expected =
        infer_packed_shape(unpacked_shape, &info.static_inner_tiles, &info.inner_dims_pos, &info.outer_dims_perm);
    let compatible = expected.iter().zip(packed_shape).all(|(a, b)| *a == DYNAMIC || *b == DYNAMIC || a == b);
    if !compatible {
        let packed_ty = ctx.value_type(info.packed());
        let (_, elem) = shape_of(ctx, packed_ty).expect("shaped");
        let exp_str = format!("tensor<{}{}>", dims_str(&expected), type_to_string(ctx, elem));
        return Err(unprefixed(&format!(
            "expected '{exp_str}' for the packed domain value, got '{}'",
            type_to_string(ctx, packed_ty)
        )));
    }
    let _ = op;
    Ok(())
}

fn dims_str(shape: &[i64]) -> String {
    let mut s = String::new();
    for d in shape {
        if *d == DYNAMIC {
            s.push('?');
        } else {
            s.push_str(&d.to_string());
        }
        s.push('x');
    }
    s
}

fn unprefixed(msg: &str) -> VerifyError {
    VerifyError::bare(msg)
}

fn verify_result_matches_dest(ctx: &Context, op: OpId, info: &PackInfo) -> Result<(), VerifyError> {
    let results = ctx.results(op);
    let dest_ty = ctx.value_type(info.dest);
    if results.len() == 1 && ctx.value_type(results[0]) != dest_ty {
        return Err("failed to verify that result type matches type of dest".into());
    }
    Ok(())
}

fn read_or_err(ctx: &Context, op: OpId) -> Result<PackInfo, VerifyError> {
    let names = ["inner_dims_pos", "static_inner_tiles"];
    for (n, a) in names.iter().zip(ctx.get_attrs(op, [INNER_DIMS_POS, STATIC_INNER_TILES])) {
        match a.map(|a| ctx.attr_kind(a)) {
            None => return Err(format!("requires attribute '{n}'").into()),
            Some(AttrKind::DenseArray { .. }) => {}
            Some(_) => {
                return Err(format!("attribute '{n}' failed to satisfy constraint: i64 dense array attribute").into())
            }
        }
    }
    PackInfo::read(ctx, op).ok_or_else(|| {
        let n = ctx.operands(op).len();
        VerifyError::from(format!("operand count ({n}) does not match the number of SSA inner tiles"))
    })
}

fn verify_pack(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let segments: &[i64] = match ctx.get_attr_sym(op, OPERAND_SEGMENT_SIZES).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) => values,
        _ => &[0; 4],
    };
    if segments.len() != 4 {
        return Err(format!(
            "'operandSegmentSizes' attribute for specifying operand segments must have 4 elements, but got {}",
            segments.len()
        )
        .into());
    }
    let (total, n) = (segments.iter().sum::<i64>(), ctx.operands(op).len() as i64);
    if total != n {
        return Err(format!(
            "operand count ({n}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'"
        )
        .into());
    }
    let info = read_or_err(ctx, op)?;
    verify_result_matches_dest(ctx, op, &info)?;
    verify_common(ctx, op, &info)?;
    let (src_shape, src_elem) = shape_of(ctx, ctx.value_type(info.source)).expect("checked");
    if let Some(p) = info.padding_value {
        let pt = ctx.value_type(p);
        if pt != src_elem {
            return Err(format!(
                "expected padding_value has '{}' but got: '{}'",
                type_to_string(ctx, src_elem),
                type_to_string(ctx, pt)
            )
            .into());
        }
    }
    if info.padding_value.is_none() {
        let (dest_shape, _) = shape_of(ctx, ctx.value_type(info.dest)).expect("checked");
        if requires_padding_value(ctx, src_shape, dest_shape, &info) {
            return Err(
                "invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set"
                    .into(),
            );
        }
    }
    Ok(())
}

/// MLIR's `PackOp::requirePaddingValue`: some static source dim is not a
/// multiple of its (constant, or implied by the dest) tile.
fn requires_padding_value(ctx: &Context, src: &[i64], dest: &[i64], info: &PackInfo) -> bool {
    let mut outer: SmallVec<[i64; 8]> = SmallVec::from_slice(&dest[..src.len()]);
    if !info.outer_dims_perm.is_empty() {
        let mut inv: SmallVec<[i64; 8]> = smallvec::smallvec![0i64; outer.len()];
        for (i, &p) in info.outer_dims_perm.iter().enumerate() {
            inv[p as usize] = outer[i];
        }
        outer = inv;
    }
    for (&pos, tile) in info.inner_dims_pos.iter().zip(info.mixed_tiles()) {
        let d = src[pos as usize];
        if d == DYNAMIC {
            continue;
        }
        let c = match tile {
            Tile::Const(c) => Some(c),
            Tile::Value(v) => constant_int(ctx, v),
        };
        match c {
            Some(c) if c != 0 => {
                if d % c != 0 {
                    return true;
                }
            }
            Some(_) => {}
            None => {
                let o = outer[pos as usize];
                if o != DYNAMIC && o != 0 && d % o != 0 {
                    return true;
                }
            }
        }
    }
    false
}

fn verify_unpack(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let info = read_or_err(ctx, op)?;
    verify_result_matches_dest(ctx, op, &info)?;
    verify_common(ctx, op, &info)
}

// ---- assembly ------------------------------------------------------------

fn parse_pack(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_common(p, true)
}

fn parse_unpack(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_common(p, false)
}

fn parse_common(p: &mut OpParser<'_, '_>, is_pack: bool) -> PResult<()> {
    let source = p.operand()?;
    let mut padding = None;
    if is_pack && p.optional_keyword("padding_value") {
        p.expect(Tok::LParen)?;
        let v = p.operand()?;
        let t = p.colon_type()?;
        p.expect(Tok::RParen)?;
        padding = Some((v, t));
    }
    if p.optional_keyword("outer_dims_perm") {
        p.expect(Tok::Equal)?;
        let v = p.i64_list()?;
        let a = p.ctx().i64_array_attr(&v);
        p.set_attr("outer_dims_perm", a);
    }
    p.keyword("inner_dims_pos")?;
    p.expect(Tok::Equal)?;
    let v = p.i64_list()?;
    let a = p.ctx().i64_array_attr(&v);
    p.set_attr("inner_dims_pos", a);
    p.keyword("inner_tiles")?;
    p.expect(Tok::Equal)?;
    let (dyn_tiles, static_tiles) = p.dynamic_index_list(Tok::LSquare, Tok::RSquare)?;
    let a = p.ctx().i64_array_attr(&static_tiles);
    p.set_attr("static_inner_tiles", a);
    p.keyword("into")?;
    let dest = p.operand()?;
    p.optional_attr_dict()?;
    let type_loc = p.cur_loc();
    let src_ty = p.colon_type()?;
    p.expect(Tok::Arrow)?;
    let dest_ty = p.ty()?;
    let _ = type_loc;
    p.push_operand(&source, src_ty)?;
    p.push_operand(&dest, dest_ty)?;
    if let Some((v, t)) = &padding {
        p.push_operand(v, *t)?;
    }
    let index = p.index_type();
    p.push_operands_of(&dyn_tiles, index)?;
    if is_pack {
        p.set_operand_segments(&[1, 1, padding.is_some() as usize, dyn_tiles.len()]);
    }
    p.result_types.push(dest_ty);
    Ok(())
}

fn print_pack_or_unpack(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(info) = PackInfo::read(ctx, op) else {
        return;
    };
    p.write(" ");
    p.print_operand(info.source);
    if let Some(pad) = info.padding_value {
        p.write(" padding_value(");
        p.print_operand(pad);
        p.write(" : ");
        p.print_type(ctx.value_type(pad));
        p.write(")");
    }
    if !info.outer_dims_perm.is_empty() {
        p.write(" outer_dims_perm = ");
        p.print_i64_list(&info.outer_dims_perm);
    }
    p.write(" inner_dims_pos = ");
    p.print_i64_list(&info.inner_dims_pos);
    p.write(" inner_tiles = ");
    p.print_dynamic_index_list(&info.dynamic_inner_tiles, &info.static_inner_tiles, '[', ']');
    p.write(" into ");
    p.print_operand(info.dest);
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(info.source));
    p.write(" -> ");
    p.print_type(ctx.value_type(info.dest));
}
