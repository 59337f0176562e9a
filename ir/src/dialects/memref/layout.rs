//! Strided memref layouts: `strided<[s0, s1], offset: o>` read and built,
//! the strides and offset of any memref type whose layout has them, and
//! the result layouts of views (`subview`, `transpose`, `expand_shape`,
//! `collapse_shape`) as MLIR 22 infers them.

use crate::affine::{AffineBinOp, AffineExpr, AffineMap};
use crate::attrs::AttrKind;
use crate::types::{TypeKind, DYNAMIC};
use crate::{Attr, Context, Type};

/// A strided layout: element `(i0, i1, ..)` lives at
/// `offset + i0 * strides[0] + i1 * strides[1] + ..` elements from the base.
/// `DYNAMIC` marks a stride or offset known only at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strided {
    pub strides: Vec<i64>,
    pub offset: i64,
}

fn dim_text(d: i64) -> String {
    if d == DYNAMIC {
        "?".into()
    } else {
        d.to_string()
    }
}

impl Strided {
    /// The body of the attribute as MLIR prints it: `<[8, 1]>` or
    /// `<[8, 1], offset: ?>` (a zero offset is not printed).
    pub fn body_text(&self) -> String {
        let strides: Vec<String> = self.strides.iter().map(|s| dim_text(*s)).collect();
        let mut s = format!("<[{}]", strides.join(", "));
        if self.offset != 0 {
            s.push_str(&format!(", offset: {}", dim_text(self.offset)));
        }
        s.push('>');
        s
    }

    /// Reads the body of `strided<...>` (from `<` to `>`).
    pub fn parse_body(text: &str) -> Result<Strided, String> {
        let inner = text
            .trim()
            .strip_prefix('<')
            .and_then(|t| t.strip_suffix('>'))
            .ok_or_else(|| "expected '<' in strided layout".to_string())?;
        let inner = inner.trim_start();
        let rest = inner.strip_prefix('[').ok_or_else(|| "expected '['".to_string())?;
        let close = rest.find(']').ok_or_else(|| "expected ']'".to_string())?;
        let value = |t: &str| -> Result<i64, String> {
            let t = t.trim();
            if t == "?" {
                return Ok(DYNAMIC);
            }
            t.parse::<i64>().map_err(|_| format!("expected an integer or '?' in strided layout, got '{t}'"))
        };
        let list = &rest[..close];
        let strides =
            if list.trim().is_empty() { vec![] } else { list.split(',').map(value).collect::<Result<Vec<_>, _>>()? };
        let tail = rest[close + 1..].trim();
        let offset = if tail.is_empty() {
            0
        } else {
            let t = tail.strip_prefix(',').ok_or_else(|| "expected ',' or '>'".to_string())?.trim_start();
            let t = t.strip_prefix("offset").ok_or_else(|| "expected 'offset' after comma".to_string())?.trim_start();
            let t = t.strip_prefix(':').ok_or_else(|| "expected ':' after 'offset'".to_string())?;
            value(t)?
        };
        if strides.iter().any(|s| *s != DYNAMIC && *s < 0) {
            // MLIR accepts negative strides; nothing to reject here.
        }
        Ok(Strided { strides, offset })
    }

    /// The contiguous row-major layout of `shape` (`DYNAMIC` strides outside
    /// a dynamic dim).
    pub fn row_major(shape: &[i64]) -> Strided {
        let mut strides = vec![1; shape.len()];
        let mut running = 1i64;
        for i in (0..shape.len()).rev() {
            strides[i] = running;
            running = mul(running, shape[i]);
        }
        Strided { strides, offset: 0 }
    }

    /// Whether every stride and the offset are static.
    pub fn is_static(&self) -> bool {
        self.offset != DYNAMIC && !self.strides.contains(&DYNAMIC)
    }
}

/// Saturating product: zero when either side is zero, else dynamic when
/// either side is (MLIR's `SaturatedInteger`).
pub fn mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        0
    } else if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_mul(b).unwrap_or(DYNAMIC)
    }
}

/// Saturating sum.
pub fn add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_add(b).unwrap_or(DYNAMIC)
    }
}

/// The `strided<...>` attribute of `s`.
pub fn strided_attr(ctx: &mut Context, s: &Strided) -> Attr {
    let dialect = ctx.sym("strided");
    ctx.attr(AttrKind::Opaque { dialect, text: s.body_text() })
}

/// The strided layout an attribute spells, if it is `strided<...>`.
pub fn as_strided(ctx: &Context, a: Attr) -> Option<Strided> {
    match ctx.attr_kind(a) {
        AttrKind::Opaque { dialect, text } if ctx.str(*dialect) == "strided" => Strided::parse_body(text).ok(),
        _ => None,
    }
}

/// The parts of a ranked memref type.
#[derive(Clone, Debug)]
pub struct MemRefParts {
    pub shape: Vec<i64>,
    pub elem: Type,
    pub layout: Option<Attr>,
    pub memory_space: Option<Attr>,
}

/// The parts of `t` if it is a ranked memref.
pub fn memref_parts(ctx: &Context, t: Type) -> Option<MemRefParts> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, elem, layout, memory_space } => {
            Some(MemRefParts { shape: shape.clone(), elem: *elem, layout: *layout, memory_space: *memory_space })
        }
        _ => None,
    }
}

/// Whether `t` is a ranked or unranked memref.
pub fn is_memref(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
}

/// The memory space of a ranked or unranked memref.
pub fn memory_space(ctx: &Context, t: Type) -> Option<Attr> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => *memory_space,
        _ => None,
    }
}

/// The strides and offset of a ranked memref type: row-major for the
/// identity layout, as spelled for `strided<>`, and read off an affine
/// layout of the form `offset + sum(d_i * stride_i)` (constants or
/// symbols, which are dynamic). `None` when the layout is not strided.
pub fn strides_and_offset(ctx: &Context, t: Type) -> Option<Strided> {
    let parts = memref_parts(ctx, t)?;
    let Some(layout) = parts.layout else { return Some(Strided::row_major(&parts.shape)) };
    if let Some(s) = as_strided(ctx, layout) {
        return (s.strides.len() == parts.shape.len()).then_some(s);
    }
    match ctx.attr_kind(layout) {
        AttrKind::AffineMap(m) => strided_form(m),
        _ => None,
    }
}

/// Whether a memref type's layout is the identity as MLIR's
/// `isIdentity` decides: none written, or one whose map is the identity
/// (only `strided<[1]>` of a rank-1 memref: a strided map has one result).
pub fn has_identity_layout(ctx: &Context, t: Type) -> bool {
    memref_parts(ctx, t).is_some_and(|p| match p.layout {
        None => true,
        Some(l) => as_strided(ctx, l).is_some_and(|s| s.strides == [1] && s.offset == 0),
    })
}

/// A ranked memref type; `layout: None` is the identity.
pub fn memref_type(
    ctx: &mut Context,
    shape: Vec<i64>,
    elem: Type,
    layout: Option<&Strided>,
    memory_space: Option<Attr>,
) -> Type {
    let layout = layout.map(|s| strided_attr(ctx, s));
    ctx.ty(TypeKind::MemRef { shape, elem, layout, memory_space })
}

/// The layout of a `memref.subview` of a `src`-strided memref (MLIR's
/// `SubViewOp::inferResultType`): the offsets moved along the source
/// strides, the strides scaled.
pub fn subview_layout(src: &Strided, offsets: &[i64], strides: &[i64]) -> Strided {
    let mut offset = src.offset;
    for (o, s) in offsets.iter().zip(&src.strides) {
        offset = add(offset, mul(*o, *s));
    }
    Strided { strides: src.strides.iter().zip(strides).map(|(a, b)| mul(*a, *b)).collect(), offset }
}

/// The type of `memref.subview` without rank reduction.
pub fn subview_type(ctx: &mut Context, source: Type, offsets: &[i64], sizes: &[i64], strides: &[i64]) -> Option<Type> {
    let parts = memref_parts(ctx, source)?;
    let layout = subview_layout(&strides_and_offset(ctx, source)?, offsets, strides);
    Some(memref_type(ctx, sizes.to_vec(), parts.elem, Some(&layout), parts.memory_space))
}

/// A memref type's text without interning it (for verifier messages).
pub fn memref_text(ctx: &Context, shape: &[i64], elem: Type, layout: Option<&Strided>, space: Option<Attr>) -> String {
    let mut out =
        format!("memref<{}{}", crate::dialects::tensor::dims_string(shape), crate::printer::type_to_string(ctx, elem));
    if let Some(l) = layout {
        out.push_str(", strided");
        out.push_str(&l.body_text());
    }
    if let Some(m) = space {
        out.push_str(", ");
        let mut t = String::new();
        crate::printer::write_memory_space_text(ctx, m, &mut t);
        out.push_str(&t);
    }
    out.push('>');
    out
}

/// The layout of `memref.transpose` by `perm` (result dim `i` is source
/// dim `perm[i]`).
pub fn transposed_type(ctx: &mut Context, source: Type, perm: &[usize]) -> Option<Type> {
    let parts = memref_parts(ctx, source)?;
    let src = strides_and_offset(ctx, source)?;
    let shape = perm.iter().map(|p| parts.shape[*p]).collect();
    let strides = perm.iter().map(|p| src.strides[*p]).collect();
    let layout = Strided { strides, offset: src.offset };
    Some(memref_type(ctx, shape, parts.elem, Some(&layout), parts.memory_space))
}

/// The layout of `memref.expand_shape` to `shape` (MLIR's
/// `computeExpandedType`): `Some(None)` (identity) for an identity source,
/// otherwise each group's strides grow from its source stride outwards;
/// `None` when the source is not strided.
pub fn expanded_layout(ctx: &Context, source: Type, shape: &[i64], groups: &[Vec<i64>]) -> Option<Option<Strided>> {
    if has_identity_layout(ctx, source) {
        return Some(None);
    }
    let src = strides_and_offset(ctx, source)?;
    let mut strides = vec![1; shape.len()];
    for (g, s) in groups.iter().zip(&src.strides) {
        let mut running = *s;
        for d in g.iter().rev() {
            *strides.get_mut(*d as usize)? = running;
            running = mul(running, *shape.get(*d as usize)?);
        }
    }
    Some(Some(Strided { strides, offset: src.offset }))
}

/// The result type of `memref.expand_shape` to `shape`.
pub fn expanded_type(ctx: &mut Context, source: Type, shape: &[i64], groups: &[Vec<i64>]) -> Option<Type> {
    let parts = memref_parts(ctx, source)?;
    let layout = expanded_layout(ctx, source, shape, groups)?;
    Some(memref_type(ctx, shape.to_vec(), parts.elem, layout.as_ref(), parts.memory_space))
}

/// The layout of `memref.collapse_shape` (MLIR's
/// `computeCollapsedLayoutMap`, not strict): each group takes the stride of
/// its innermost non-unit dim; `None` when a group is visibly not
/// contiguous.
pub fn collapsed_layout(ctx: &Context, source: Type, groups: &[Vec<i64>]) -> Option<Strided> {
    let parts = memref_parts(ctx, source)?;
    let src = strides_and_offset(ctx, source)?;
    let shape = &parts.shape;
    let mut result = Vec::with_capacity(groups.len());
    for g in groups {
        let mut r: &[i64] = g;
        while r.len() > 1 && shape[*r.last()? as usize] == 1 {
            r = &r[..r.len() - 1];
        }
        let last = *r.last()? as usize;
        result.push(if shape[last] != DYNAMIC || r.len() == 1 { src.strides[last] } else { DYNAMIC });
    }
    for (g, stride) in groups.iter().zip(&result) {
        let mut running = *stride;
        for w in g.windows(2).rev() {
            let (outer, inner) = (w[0] as usize, w[1] as usize);
            running = mul(running, shape[inner]);
            if shape[outer] == 1 {
                continue;
            }
            let s = src.strides[outer];
            if running != DYNAMIC && s != DYNAMIC && running != s {
                return None;
            }
        }
    }
    Some(Strided { strides: result, offset: src.offset })
}

/// The affine map MLIR prints for a strided layout once canonicalized
/// (`affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>`): the offset symbol
/// first, then one symbol per dynamic stride.
pub fn strided_map_text(s: &Strided) -> String {
    let rank = s.strides.len();
    let dims: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
    let mut syms = 0;
    let mut terms: Vec<String> = Vec::new();
    let mut constant = 0i64;
    let offset_term = if s.offset == DYNAMIC {
        syms += 1;
        Some("s0".to_string())
    } else {
        constant = s.offset;
        None
    };
    for (i, st) in s.strides.iter().enumerate() {
        let t = if *st == DYNAMIC {
            let t = format!("d{i} * s{syms}");
            syms += 1;
            t
        } else if *st == 1 {
            format!("d{i}")
        } else if *st == 0 {
            continue;
        } else {
            format!("d{i} * {st}")
        };
        terms.push(t);
    }
    if let Some(o) = offset_term {
        terms.push(o);
    }
    if constant != 0 {
        terms.push(constant.to_string());
    }
    let body = if terms.is_empty() { "0".to_string() } else { terms.join(" + ") };
    let symbols = if syms == 0 {
        String::new()
    } else {
        format!("[{}]", (0..syms).map(|i| format!("s{i}")).collect::<Vec<_>>().join(", "))
    };
    format!("affine_map<({}){symbols} -> ({body})>", dims.join(", "))
}

/// The strides and offset of a one-result layout map that is a sum of
/// `d_i * stride_i` plus an offset, each a constant or a symbol (dynamic):
/// MLIR's `getStridesAndOffset` for affine layouts. `None` for any other
/// map (a `mod`, a product of two dims, several results).
pub fn strided_form(m: &AffineMap) -> Option<Strided> {
    if m.results.len() != 1 {
        return None;
    }
    /// A coefficient: a constant, or dynamic when a symbol is involved.
    fn lin(e: &AffineExpr, rank: usize) -> Option<(Vec<i64>, i64)> {
        let sum = |a: i64, b: i64| add(a, b);
        let prod = |a: i64, b: i64| mul(a, b);
        match e {
            AffineExpr::Dim(d) => {
                let mut v = vec![0; rank];
                *v.get_mut(*d as usize)? = 1;
                Some((v, 0))
            }
            AffineExpr::Sym(_) => Some((vec![0; rank], DYNAMIC)),
            AffineExpr::Const(c) => Some((vec![0; rank], *c)),
            AffineExpr::Bin(AffineBinOp::Add, a, b) => {
                let (va, ca) = lin(a, rank)?;
                let (vb, cb) = lin(b, rank)?;
                Some((va.iter().zip(&vb).map(|(x, y)| sum(*x, *y)).collect(), sum(ca, cb)))
            }
            AffineExpr::Bin(AffineBinOp::Mul, a, b) => {
                let (va, ca) = lin(a, rank)?;
                let (vb, cb) = lin(b, rank)?;
                // One side must be free of dims: it scales the other.
                let ((dims, c), factor) = if vb.iter().all(|x| *x == 0) {
                    ((va, ca), cb)
                } else if va.iter().all(|x| *x == 0) {
                    ((vb, cb), ca)
                } else {
                    return None;
                };
                let scale = |x: i64| if x == 0 { 0 } else { prod(x, factor) };
                Some((dims.iter().map(|x| scale(*x)).collect(), scale(c)))
            }
            _ => None,
        }
    }
    let (strides, offset) = lin(&m.results[0], m.num_dims as usize)?;
    Some(Strided { strides, offset })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strided_bodies_read_and_print_canonically() {
        let s = Strided::parse_body("<[?, 1], offset: ?>").unwrap();
        assert_eq!(s, Strided { strides: vec![DYNAMIC, 1], offset: DYNAMIC });
        assert_eq!(s.body_text(), "<[?, 1], offset: ?>");
        let z = Strided::parse_body("<[4, 1], offset: 0>").unwrap();
        assert_eq!(z.body_text(), "<[4, 1]>");
        assert_eq!(Strided::parse_body("<[]>").unwrap().body_text(), "<[]>");
        assert!(Strided::parse_body("<[4, x]>").is_err());
    }

    #[test]
    fn row_major_strides_saturate_past_a_dynamic_dim() {
        assert_eq!(Strided::row_major(&[4, 8, 2]).strides, vec![16, 2, 1]);
        assert_eq!(Strided::row_major(&[4, DYNAMIC, 2]).strides, vec![DYNAMIC, 2, 1]);
    }

    #[test]
    fn subview_and_transpose_layouts_follow_mlir() {
        let mut ctx = Context::new();
        let f32 = ctx.float_type(crate::types::FloatKind::F32);
        let src = memref_type(&mut ctx, vec![4, 8], f32, None, None);
        let sv = subview_type(&mut ctx, src, &[1, 0], &[1, 8], &[1, 1]).unwrap();
        assert_eq!(crate::printer::type_to_string(&ctx, sv), "memref<1x8xf32, strided<[8, 1], offset: 8>>");
        let dynm = memref_type(&mut ctx, vec![DYNAMIC, DYNAMIC], f32, None, None);
        let t = transposed_type(&mut ctx, dynm, &[1, 0]).unwrap();
        assert_eq!(crate::printer::type_to_string(&ctx, t), "memref<?x?xf32, strided<[1, ?]>>");
        assert_eq!(
            strided_map_text(&Strided { strides: vec![1, DYNAMIC], offset: 0 }),
            "affine_map<(d0, d1)[s0] -> (d0 + d1 * s0)>"
        );
    }

    #[test]
    fn affine_layouts_give_their_strides_and_the_identity_is_mlirs() {
        use std::sync::Arc;
        let bin = |op, a, b| AffineExpr::Bin(op, Arc::new(a), Arc::new(b));
        // (d0, d1)[s0] -> (d0 * s0 + d1 + 4)
        let e = bin(
            AffineBinOp::Add,
            bin(AffineBinOp::Add, bin(AffineBinOp::Mul, AffineExpr::Dim(0), AffineExpr::Sym(0)), AffineExpr::Dim(1)),
            AffineExpr::Const(4),
        );
        let m = AffineMap { num_dims: 2, num_syms: 1, results: vec![e] };
        assert_eq!(strided_form(&m), Some(Strided { strides: vec![DYNAMIC, 1], offset: 4 }));
        let modulo = AffineMap {
            num_dims: 1,
            num_syms: 0,
            results: vec![bin(AffineBinOp::Mod, AffineExpr::Dim(0), AffineExpr::Const(4))],
        };
        assert_eq!(strided_form(&modulo), None);

        let mut ctx = Context::new();
        let f32 = ctx.float_type(crate::types::FloatKind::F32);
        let one = memref_type(&mut ctx, vec![8], f32, Some(&Strided { strides: vec![1], offset: 0 }), None);
        let two = memref_type(&mut ctx, vec![8], f32, Some(&Strided { strides: vec![2], offset: 0 }), None);
        let rows = memref_type(&mut ctx, vec![2, 4], f32, Some(&Strided { strides: vec![4, 1], offset: 0 }), None);
        assert!(has_identity_layout(&ctx, one));
        assert!(!has_identity_layout(&ctx, two));
        assert!(!has_identity_layout(&ctx, rows), "a rank-2 strided map is never MLIR's identity");
    }
}
