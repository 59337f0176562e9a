//! Ops declared once (MLIR's ODS, as a `macro_rules!` macro).
//!
//! [`op!`](crate::op) declares an op's name, aliases, operand groups
//! (single, optional, variadic; `operandSegmentSizes` when there is more
//! than one group of variable size), attributes, results, regions and the
//! rest of its [`OpDef`]. It emits the zero-cost `static OpDef` the registry
//! holds and a typed handle:
//!
//! ```ignore
//! op! {
//!     /// `tensor.dim`
//!     pub struct DimOp => DIM = "tensor.dim";
//!     operands { source: One, index: One }
//!     attributes {}
//!     results { result: One }
//!     regions {}
//!     format { parse_dim, print_dim }
//!     patterns [fold_dim]
//!     def { traits: traits::PURE }
//! }
//! // DimOp::cast(ctx, op) -> Option<DimOp>; dim.source(ctx) -> Value;
//! // DimOp::create(&mut b, source, index, &[index_ty], vec![]) -> DimOp
//! ```
//!
//! `format` and `patterns` are attached to the `OpDef` as interfaces
//! ([`OpDef::interface`](crate::registry::OpDef::interface)): the custom
//! parser and printer belong to the text layer and the patterns to the
//! rewriter, which the core `OpDef` does not name.
//!
//! Inherent attributes (the declared ones, plus `operandSegmentSizes` for a
//! segmented op) are printed as `<{...}>` properties in the generic form
//! and elided from the custom form's attribute dictionary automatically.

use crate::attrs::AttrKind;
use crate::context::{AttrMap, OpSpec, ValueList};
use crate::registry::{Arity, OpDef};
use crate::{Attr, Context, OpId, RegionId, Type, Value};

pub use crate::registry::{GroupDef, GroupKind};

/// The allowed value count of a list of groups.
pub const fn arity_of(groups: &[GroupDef]) -> Arity {
    let (mut min, mut max, mut unbounded) = (0, 0, false);
    let mut i = 0;
    while i < groups.len() {
        match groups[i].kind {
            GroupKind::One => {
                min += 1;
                max += 1;
            }
            GroupKind::Optional => max += 1,
            GroupKind::Variadic => unbounded = true,
        }
        i += 1;
    }
    if unbounded {
        Arity::at_least(min)
    } else {
        Arity::between(min, max)
    }
}

/// The position of `name` in `names` (a compile-time lookup for the
/// generated accessors).
pub const fn index_of(names: &[&str], name: &str) -> usize {
    let mut i = 0;
    while i < names.len() {
        if str_eq(names[i], name) {
            return i;
        }
        i += 1;
    }
    panic!("no such group")
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The range of group `group` of `groups` among `total` values, when at
/// most one group has a variable size (the others are single); empty when
/// the values are too few.
fn range_without_segments(groups: &[GroupDef], group: usize, total: usize) -> std::ops::Range<usize> {
    let fixed = groups.iter().filter(|g| g.kind == GroupKind::One).count();
    let rest = total.saturating_sub(fixed);
    let size = |g: &GroupDef| if g.kind == GroupKind::One { 1 } else { rest };
    let start: usize = groups[..group].iter().map(size).sum();
    let end = start + size(&groups[group]);
    if end > total {
        return total..total;
    }
    start..end
}

/// The range of operand group `group` of `op`, from `operandSegmentSizes`
/// for a segmented op; empty when the op is malformed.
pub fn operand_range(ctx: &Context, op: OpId, def: &OpDef, group: usize) -> std::ops::Range<usize> {
    let total = ctx.operands(op).len();
    let empty = total..total;
    if def.segmented {
        let segments = ctx.get_attr_sym(op, crate::context::known_names::OPERAND_SEGMENT_SIZES);
        let Some(sizes) = segments.and_then(|a| ctx.as_i64_array(a)) else {
            return empty;
        };
        if sizes.len() != def.operand_groups.len() {
            return empty;
        }
        let start: i64 = sizes[..group].iter().sum();
        let end = start + sizes[group];
        if start < 0 || end as usize > total || sizes[group] < 0 {
            return empty;
        }
        start as usize..end as usize
    } else {
        range_without_segments(def.operand_groups, group, total)
    }
}

/// The range of result group `group` of `op`.
pub fn result_range(ctx: &Context, op: OpId, def: &OpDef, group: usize) -> std::ops::Range<usize> {
    let total = ctx.results(op).len();
    range_without_segments(def.result_groups_def, group, total)
}

/// Checks a segmented op's `operandSegmentSizes` against its operands and
/// groups (MLIR's messages): one size per group, their sum the operand
/// count, one value in a single group and at most one in an optional one.
/// Accessors of such an op may be used only after this holds.
pub fn check_segments(ctx: &Context, op: OpId, def: &OpDef) -> Result<(), crate::registry::VerifyError> {
    if !def.segmented {
        return Ok(());
    }
    let sizes = ctx
        .get_attr_sym(op, crate::context::known_names::OPERAND_SEGMENT_SIZES)
        .and_then(|a| ctx.as_i64_array(a))
        .ok_or("requires attribute 'operandSegmentSizes'")?;
    let groups = def.operand_groups;
    if sizes.len() != groups.len() {
        return Err(format!(
            "'operandSegmentSizes' attribute for specifying operand segments must have {} elements, but got {}",
            groups.len(),
            sizes.len()
        )
        .into());
    }
    let (total, n) = (sizes.iter().sum::<i64>(), ctx.operands(op).len() as i64);
    if total != n {
        return Err(format!(
            "operand count ({n}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'"
        )
        .into());
    }
    for (g, (group, size)) in groups.iter().zip(sizes).enumerate() {
        let ok = match group.kind {
            GroupKind::One => *size == 1,
            GroupKind::Optional => (0..=1).contains(size),
            GroupKind::Variadic => *size >= 0,
        };
        if !ok {
            let want = match group.kind {
                GroupKind::One => "1 operand",
                GroupKind::Optional => "0 or 1 operand",
                GroupKind::Variadic => "a non-negative count of operands",
            };
            return Err(format!(
                "operand group #{g} ('{}') requires {want}, but its segment size is {size}",
                group.name
            )
            .into());
        }
    }
    Ok(())
}

/// An operand or result group's shape in Rust: what the accessor returns
/// and what the builder takes.
pub trait ValueGroup {
    /// The group kind recorded in the [`OpDef`].
    const KIND: GroupKind;
    /// What an accessor returns.
    type Out<'a>;
    /// What a builder takes.
    type In<'a>;
    /// The accessor's value from the group's slice.
    fn out(values: &[Value]) -> Self::Out<'_>;
    /// Appends the builder's input; returns how many values it added.
    fn push(input: Self::In<'_>, to: &mut ValueList) -> usize;
}

/// Exactly one value: `Value`.
pub struct One;
/// Zero or one value: `Option<Value>`.
pub struct Optional;
/// Any number of values: `&[Value]`.
pub struct Variadic;

impl ValueGroup for One {
    const KIND: GroupKind = GroupKind::One;
    type Out<'a> = Value;
    type In<'a> = Value;
    fn out(values: &[Value]) -> Value {
        values[0]
    }
    fn push(input: Value, to: &mut ValueList) -> usize {
        to.push(input);
        1
    }
}

impl ValueGroup for Optional {
    const KIND: GroupKind = GroupKind::Optional;
    type Out<'a> = Option<Value>;
    type In<'a> = Option<Value>;
    fn out(values: &[Value]) -> Option<Value> {
        values.first().copied()
    }
    fn push(input: Option<Value>, to: &mut ValueList) -> usize {
        to.extend(input);
        input.is_some() as usize
    }
}

impl ValueGroup for Variadic {
    const KIND: GroupKind = GroupKind::Variadic;
    type Out<'a> = &'a [Value];
    type In<'a> = &'a [Value];
    fn out(values: &[Value]) -> &[Value] {
        values
    }
    fn push(input: &[Value], to: &mut ValueList) -> usize {
        to.extend_from_slice(input);
        input.len()
    }
}

/// An attribute's shape in Rust: what the accessor returns and what the
/// builder takes.
pub trait AttrSlot {
    /// What an accessor returns.
    type Out<'a>;
    /// What a builder takes.
    type In<'a>;
    /// The accessor's value from the attribute (absent: `None`).
    fn out(ctx: &Context, attr: Option<Attr>) -> Self::Out<'_>;
    /// The attribute to store for the builder's input (`None`: leave it out).
    fn make(ctx: &mut Context, input: Self::In<'_>) -> Option<Attr>;
}

/// `array<i64: ...>`: `&[i64]` (empty when absent); built from `&[i64]`.
pub struct I64Array;
/// An optional `array<i64: ...>`: `&[i64]` (empty when absent); built from
/// `Option<&[i64]>`.
pub struct OptI64Array;
/// A unit attribute: `bool`.
pub struct UnitAttr;
/// Any attribute: `Option<Attr>`.
pub struct AnyAttr;
/// A string attribute: `Option<&str>`; built from `&str`.
pub struct StrAttr;
/// An affine map: `Option<&AffineMap>`; built from `&AffineMap`.
pub struct MapAttr;

fn i64_array(ctx: &Context, attr: Option<Attr>) -> &[i64] {
    attr.and_then(|a| ctx.as_i64_array(a)).unwrap_or(&[])
}

impl AttrSlot for I64Array {
    type Out<'a> = &'a [i64];
    type In<'a> = &'a [i64];
    fn out(ctx: &Context, attr: Option<Attr>) -> &[i64] {
        i64_array(ctx, attr)
    }
    fn make(ctx: &mut Context, input: &[i64]) -> Option<Attr> {
        Some(ctx.i64_array_attr(input))
    }
}

impl AttrSlot for OptI64Array {
    type Out<'a> = &'a [i64];
    type In<'a> = Option<&'a [i64]>;
    fn out(ctx: &Context, attr: Option<Attr>) -> &[i64] {
        i64_array(ctx, attr)
    }
    fn make(ctx: &mut Context, input: Option<&[i64]>) -> Option<Attr> {
        input.map(|v| ctx.i64_array_attr(v))
    }
}

impl AttrSlot for UnitAttr {
    type Out<'a> = bool;
    type In<'a> = bool;
    fn out(_: &Context, attr: Option<Attr>) -> bool {
        attr.is_some()
    }
    fn make(ctx: &mut Context, input: bool) -> Option<Attr> {
        input.then(|| ctx.attr(AttrKind::Unit))
    }
}

impl AttrSlot for AnyAttr {
    type Out<'a> = Option<Attr>;
    type In<'a> = Option<Attr>;
    fn out(_: &Context, attr: Option<Attr>) -> Option<Attr> {
        attr
    }
    fn make(_: &mut Context, input: Option<Attr>) -> Option<Attr> {
        input
    }
}

impl AttrSlot for StrAttr {
    type Out<'a> = Option<&'a str>;
    type In<'a> = &'a str;
    fn out(ctx: &Context, attr: Option<Attr>) -> Option<&str> {
        match ctx.attr_kind(attr?) {
            AttrKind::String { value, .. } => Some(value),
            _ => None,
        }
    }
    fn make(ctx: &mut Context, input: &str) -> Option<Attr> {
        Some(ctx.string_attr(input))
    }
}

impl AttrSlot for MapAttr {
    type Out<'a> = Option<&'a crate::affine::AffineMap>;
    type In<'a> = &'a crate::affine::AffineMap;
    fn out(ctx: &Context, attr: Option<Attr>) -> Option<&crate::affine::AffineMap> {
        match ctx.attr_kind(attr?) {
            AttrKind::AffineMap(m) => Some(m),
            _ => None,
        }
    }
    fn make(ctx: &mut Context, input: &crate::affine::AffineMap) -> Option<Attr> {
        Some(ctx.attr(AttrKind::AffineMap(input.clone())))
    }
}

/// Collects the pieces of an op being created by a generated `create`.
pub struct SpecBuilder {
    operands: ValueList,
    segments: smallvec::SmallVec<[i64; 6]>,
    attrs: smallvec::SmallVec<[(&'static str, Attr); 6]>,
}

impl SpecBuilder {
    /// Starts an empty op.
    pub fn new() -> Self {
        SpecBuilder { operands: ValueList::new(), segments: Default::default(), attrs: Default::default() }
    }

    /// Appends an operand group.
    pub fn operands<G: ValueGroup>(&mut self, input: G::In<'_>) {
        let n = G::push(input, &mut self.operands);
        self.segments.push(n as i64);
    }

    /// Sets an attribute when `attr` is some.
    pub fn attr(&mut self, name: &'static str, attr: Option<Attr>) {
        if let Some(a) = attr {
            self.attrs.push((name, a));
        }
    }

    /// The spec of an op of `def` at the builder's location.
    pub fn finish(
        self,
        ctx: &mut Context,
        def: &OpDef,
        result_types: &[Type],
        regions: Vec<RegionId>,
        loc: crate::Loc,
    ) -> OpSpec {
        let mut attrs = AttrMap::default();
        for (k, v) in self.attrs {
            attrs.insert(ctx.static_sym(k), v);
        }
        if def.segmented {
            let i32t = ctx.int_type(32);
            let a = ctx.attr(AttrKind::DenseArray { elem: i32t, values: self.segments.to_vec() });
            attrs.insert(ctx.static_sym("operandSegmentSizes"), a);
        }
        OpSpec {
            name: ctx.static_sym(def.name),
            operands: self.operands,
            result_types: result_types.iter().copied().collect(),
            attrs,
            regions,
            successors: vec![],
            loc,
        }
    }
}

impl Default for SpecBuilder {
    fn default() -> Self {
        Self::new()
    }
}

/// A typed view of one kind of op (generated by [`op!`](crate::op)).
pub trait OpHandle: Copy {
    /// The op's definition.
    const DEF: &'static OpDef;
    /// Wraps `op` without checking.
    fn wrap(op: OpId) -> Self;
    /// The op.
    fn op(self) -> OpId;

    /// The handle of `op` if it is this kind of op (under any spelling).
    #[inline]
    fn cast(ctx: &Context, op: OpId) -> Option<Self> {
        Self::isa(ctx, op).then(|| Self::wrap(op))
    }

    /// Whether `op` is this kind of op.
    #[inline]
    fn isa(ctx: &Context, op: OpId) -> bool {
        ctx.def_of(op).is_some_and(|d| std::ptr::eq(d, Self::DEF))
    }

    /// The handle of the op defining `v`, if it is this kind of op.
    fn defining(ctx: &Context, v: Value) -> Option<Self> {
        Self::cast(ctx, ctx.defining_op(v)?)
    }
}

/// `"operandSegmentSizes"` for a segmented op (used by [`op!`](crate::op)).
#[doc(hidden)]
#[macro_export]
macro_rules! __segment_attr {
    (segmented) => {
        "operandSegmentSizes"
    };
}

/// Whether the `operands` list was marked `segmented`.
#[doc(hidden)]
#[macro_export]
macro_rules! __is_segmented {
    () => {
        false
    };
    (segmented) => {
        true
    };
}

/// Declares an op once: its [`OpDef`] static and a typed handle with
/// accessors and a `create` builder. See the [module docs](crate::ods).
#[macro_export]
macro_rules! op {
    (
        $(#[$meta:meta])*
        $vis:vis struct $Handle:ident => $DEF:ident = $name:literal;
        operands $($seg:ident)? { $($oname:ident : $okind:ident),* $(,)? }
        attributes { $($aname:ident : $akind:ident = $astr:literal),* $(,)? }
        results { $($rname:ident : $rkind:ident),* $(,)? }
        regions { $($regname:ident),* $(,)? }
        $(format { $parse:path, $print:path $(,)? })?
        $(patterns [$($pattern:path),* $(,)?])?
        def { $($field:ident : $value:expr),* $(,)? }
    ) => {
        #[doc = concat!("The definition of `", $name, "`.")]
        $vis static $DEF: $crate::registry::OpDef = $crate::registry::OpDef {
            inherent: &[$($astr,)* $($crate::__segment_attr!($seg))?],
            operand_groups: $Handle::OPERAND_GROUPS,
            result_groups_def: $Handle::RESULT_GROUPS,
            segmented: $crate::__is_segmented!($($seg)?),
            operands: $crate::ods::arity_of($Handle::OPERAND_GROUPS),
            results: $crate::ods::arity_of($Handle::RESULT_GROUPS),
            regions: $Handle::REGION_NAMES.len(),
            interfaces: &[
                $(
                    &$crate::parser::CustomParser($parse),
                    &$crate::printer::CustomPrinter($print),
                )?
                $(&$crate::rewriter::Canonicalization($crate::named_patterns![$($pattern),*]),)?
            ],
            $($field: $value,)*
            ..$crate::registry::OpDef::named($name)
        };

        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        $vis struct $Handle(pub $crate::OpId);

        impl $crate::ods::OpHandle for $Handle {
            const DEF: &'static $crate::registry::OpDef = &$DEF;
            #[inline]
            fn wrap(op: $crate::OpId) -> Self {
                $Handle(op)
            }
            #[inline]
            fn op(self) -> $crate::OpId {
                self.0
            }
        }

        #[allow(dead_code, clippy::too_many_arguments, clippy::extra_unused_lifetimes, clippy::needless_lifetimes)]
        impl $Handle {
            /// The op's name, for pass code that builds or names it
            /// through the generic builder.
            pub const NAME: &'static str = $name;
            /// The operand groups, in order.
            pub const OPERAND_GROUPS: &'static [$crate::ods::GroupDef] = &[$(
                $crate::ods::GroupDef {
                    name: stringify!($oname),
                    kind: <$crate::ods::$okind as $crate::ods::ValueGroup>::KIND,
                }
            ),*];
            /// The result groups, in order.
            pub const RESULT_GROUPS: &'static [$crate::ods::GroupDef] = &[$(
                $crate::ods::GroupDef {
                    name: stringify!($rname),
                    kind: <$crate::ods::$rkind as $crate::ods::ValueGroup>::KIND,
                }
            ),*];
            const OPERAND_NAMES: &'static [&'static str] = &[$(stringify!($oname)),*];
            const RESULT_NAMES: &'static [&'static str] = &[$(stringify!($rname)),*];
            const REGION_NAMES: &'static [&'static str] = &[$(stringify!($regname)),*];

            /// The handle of `op` if it is this kind of op.
            #[inline]
            pub fn cast(ctx: &$crate::Context, op: $crate::OpId) -> Option<Self> {
                <Self as $crate::ods::OpHandle>::cast(ctx, op)
            }

            /// Whether `op` is this kind of op.
            #[inline]
            pub fn isa(ctx: &$crate::Context, op: $crate::OpId) -> bool {
                <Self as $crate::ods::OpHandle>::isa(ctx, op)
            }

            /// The op.
            #[inline]
            pub fn op(self) -> $crate::OpId {
                self.0
            }

            /// The handle of the op defining `v`, if it is this kind of op.
            #[inline]
            pub fn defining(ctx: &$crate::Context, v: $crate::Value) -> Option<Self> {
                <Self as $crate::ods::OpHandle>::defining(ctx, v)
            }

            $(
                #[doc = concat!("Operand group `", stringify!($oname), "`.")]
                pub fn $oname(self, ctx: &$crate::Context) -> <$crate::ods::$okind as $crate::ods::ValueGroup>::Out<'_> {
                    const I: usize = $crate::ods::index_of($Handle::OPERAND_NAMES, stringify!($oname));
                    let r = $crate::ods::operand_range(ctx, self.0, &$DEF, I);
                    <$crate::ods::$okind as $crate::ods::ValueGroup>::out(&ctx.operands(self.0)[r])
                }
            )*

            $(
                #[doc = concat!("Attribute `", $astr, "`.")]
                pub fn $aname(self, ctx: &$crate::Context) -> <$crate::ods::$akind as $crate::ods::AttrSlot>::Out<'_> {
                    <$crate::ods::$akind as $crate::ods::AttrSlot>::out(ctx, ctx.get_attr(self.0, $astr))
                }
            )*

            $(
                #[doc = concat!("Result group `", stringify!($rname), "`.")]
                pub fn $rname(self, ctx: &$crate::Context) -> <$crate::ods::$rkind as $crate::ods::ValueGroup>::Out<'_> {
                    const I: usize = $crate::ods::index_of($Handle::RESULT_NAMES, stringify!($rname));
                    let r = $crate::ods::result_range(ctx, self.0, &$DEF, I);
                    <$crate::ods::$rkind as $crate::ods::ValueGroup>::out(&ctx.results(self.0)[r])
                }
            )*

            $(
                #[doc = concat!("Region `", stringify!($regname), "`.")]
                pub fn $regname(self, ctx: &$crate::Context) -> $crate::RegionId {
                    const I: usize = $crate::ods::index_of($Handle::REGION_NAMES, stringify!($regname));
                    ctx.regions(self.0)[I]
                }
            )*

            /// Creates the op at the builder's insertion point from its
            /// operand groups, attributes, result types and regions
            /// (`operandSegmentSizes` is computed).
            pub fn create<'v>(
                b: &mut $crate::builder::Builder<'_>,
                $($oname: <$crate::ods::$okind as $crate::ods::ValueGroup>::In<'v>,)*
                $($aname: <$crate::ods::$akind as $crate::ods::AttrSlot>::In<'v>,)*
                result_types: &[$crate::Type],
                regions: Vec<$crate::RegionId>,
            ) -> Self {
                #[allow(unused_mut)]
                let mut spec = $crate::ods::SpecBuilder::new();
                $(spec.operands::<$crate::ods::$okind>($oname);)*
                $(
                    let a = <$crate::ods::$akind as $crate::ods::AttrSlot>::make(b.ctx, $aname);
                    spec.attr($astr, a);
                )*
                let loc = b.loc;
                let spec = spec.finish(b.ctx, &$DEF, result_types, regions, loc);
                $Handle(b.insert(spec))
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::{Builder, InsertPoint};
    use crate::dialects::pack::PackOp;
    use crate::dialects::scf::ForOp;
    use crate::dialects::tensor::ExtractSliceOp;
    use crate::parser::{parse_module, BufferStart};

    fn registry_defs() -> Vec<&'static OpDef> {
        let ctx = Context::new();
        ctx.registered_ops().into_iter().filter_map(|n| ctx.op_def(n)).collect()
    }

    /// Without `operandSegmentSizes` the sizes are only known when at most
    /// one group has a variable size.
    #[test]
    fn ops_with_several_variable_groups_are_segmented() {
        for def in registry_defs() {
            let variable = def.operand_groups.iter().filter(|g| g.kind != GroupKind::One).count();
            assert!(variable <= 1 || def.segmented, "{} needs operandSegmentSizes", def.name);
            assert!(def.result_groups_def.iter().filter(|g| g.kind != GroupKind::One).count() <= 1, "{}", def.name);
            if def.segmented {
                assert!(def.inherent.contains(&"operandSegmentSizes"), "{}", def.name);
            }
        }
    }

    #[test]
    fn arity_follows_the_groups() {
        let g = |kind| GroupDef { name: "x", kind };
        assert_eq!(arity_of(&[g(GroupKind::One), g(GroupKind::One)]), Arity::exactly(2));
        assert_eq!(arity_of(&[g(GroupKind::One), g(GroupKind::Optional)]), Arity::between(1, 2));
        assert_eq!(arity_of(&[g(GroupKind::Variadic), g(GroupKind::One)]), Arity::at_least(1));
        assert_eq!(arity_of(&[]), Arity::exactly(0));
    }

    const PACKS: &str = r#"
func.func @f(%s: tensor<13x15xf32>, %d: tensor<?x4x8x?xf32>, %t: index, %pad: f32) -> tensor<?x4x8x?xf32> {
  %p = linalg.pack %s padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %d : tensor<13x15xf32> -> tensor<?x4x8x?xf32>
  return %p : tensor<?x4x8x?xf32>
}
"#;

    fn first<H: OpHandle>(ctx: &Context, root: OpId) -> H {
        ctx.nested_ops(root).into_iter().find_map(|o| H::cast(ctx, o)).expect("op")
    }

    #[test]
    fn accessors_read_segmented_groups() {
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, PACKS, "t.mlir", BufferStart::default()).expect("parse").module;
        let pack: PackOp = first(&ctx, m);
        let func = ctx.nested_ops(m)[0];
        let args = ctx.block_args(ctx.blocks(ctx.regions(func)[0])[0]).to_vec();
        assert_eq!(pack.source(&ctx), args[0]);
        assert_eq!(pack.dest(&ctx), args[1]);
        assert_eq!(pack.inner_tiles(&ctx), &[args[2]]);
        assert_eq!(pack.padding_value(&ctx), Some(args[3]));
        assert_eq!(pack.inner_dims_pos(&ctx), &[0, 1]);
        assert_eq!(pack.outer_dims_perm(&ctx), &[] as &[i64]);
        assert_eq!(pack.static_inner_tiles(&ctx), &[8, crate::types::DYNAMIC]);
        assert!(ForOp::cast(&ctx, pack.op()).is_none());
    }

    #[test]
    fn create_computes_segments_and_reads_back() {
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, PACKS, "t.mlir", BufferStart::default()).expect("parse").module;
        let pack: PackOp = first(&ctx, m);
        let (src, t) = (pack.source(&ctx), pack.inner_tiles(&ctx)[0]);
        let loc = ctx.op_loc(pack.op());
        let f32t = ctx.float_type(crate::types::FloatKind::F32);
        let ty = ctx.tensor_type(vec![4, crate::types::DYNAMIC], f32t);
        let mut b = Builder::new(&mut ctx, InsertPoint::Before(pack.op()), loc);
        let s = ExtractSliceOp::create(&mut b, src, &[t], &[t], &[], &[0, -1], &[4, -1], &[1, 1], &[ty], vec![]);
        assert_eq!(
            ctx.get_attr(s.op(), "operandSegmentSizes").and_then(|a| ctx.as_i64_array(a)),
            Some(&[1, 1, 1, 0][..])
        );
        assert_eq!(s.offsets(&ctx), &[t]);
        assert_eq!(s.sizes(&ctx), &[t]);
        assert!(s.strides(&ctx).is_empty());
        assert_eq!(s.static_sizes(&ctx), &[4, -1]);
        assert_eq!(ExtractSliceOp::defining(&ctx, s.result(&ctx)), Some(s));
    }
}
