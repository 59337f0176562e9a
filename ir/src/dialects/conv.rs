//! Linalg's convolution and pooling ops (`linalg.conv_2d_nhwc_hwcf`,
//! `linalg.depthwise_conv_2d_nhwc_hwc`, `linalg.pooling_nhwc_max`, ... the
//! 47 of MLIR 22): named structured ops whose input is indexed by
//! `out * stride + window * dilation`.
//!
//! Each op is one row of [`SPECS`]: its loops in upstream's order, and the
//! indices of its input, filter (or pooling window) and output over them,
//! where `oh+kh` stands for `oh * strides[k] + kh * dilations[k]` (the k-th
//! such pair of the input). A loop the output does not index is a
//! reduction. The maps follow from the row and the op's `strides` /
//! `dilations` (`dense<...> : tensor<Nxi64>`, 1 by default); the body from
//! its [`ConvBody`]. Parsing, printing, the generic form, verification,
//! the engine and generalization are the named ops' (see `structured.rs`).

use crate::affine::{AffineBinOp, AffineExpr, AffineMap};
use crate::attrs::{AttrKind, DenseData, DenseElement};
use crate::registry::OpDef;
use crate::{Attr, Context, OpId};

use super::structured::{NamedBody, NamedOp};

/// What a convolution or pooling op computes per element.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConvBody {
    /// `out + cast(in) * cast(filter)`.
    Mul,
    /// `out + (cast(in) - cast(izp)) * (cast(filter) - cast(kzp))` (the `_q`
    /// ops, with two scalar zero points after the filter).
    MulZeroPoints,
    /// `out + cast(in)` (sum pooling).
    Sum,
    /// `max(out, cast(in))`; `unsigned`: unsigned casts and compare.
    Max { unsigned: bool },
    /// `min(out, cast(in))`.
    Min { unsigned: bool },
}

/// One convolution or pooling op.
pub struct ConvSpec {
    pub named: NamedOp,
    /// Its loops, in upstream's order (`n oh ow f kh kw c`).
    pub loops: &'static str,
    pub input: &'static str,
    pub filter: &'static str,
    pub output: &'static str,
    /// It takes `strides` and `dilations` (all but `conv_1d/2d/3d`).
    pub strided: bool,
}

macro_rules! conv_ops {
    ($($handle:ident, $id:ident = $name:literal, $strided:literal, $body:expr, $loops:literal, $input:literal, $filter:literal, $output:literal;)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`")]
                pub struct $handle => $id = $name;
                operands segmented { inputs: Variadic, outputs: Variadic }
                attributes { strides: AnyAttr = "strides", dilations: AnyAttr = "dilations" }
                results { results: Variadic }
                regions { body }
                format { super::structured::parse_named, super::structured::print_named }
                def {
                    verify: Some(super::structured::verify_structured),
                    traits: crate::registry::traits::SINGLE_BLOCK,
                }
            }
        )*

        /// Every convolution and pooling op.
        pub static SPECS: &[ConvSpec] = &[$(
            ConvSpec {
                named: NamedOp {
                    def: &$id,
                    inputs: if matches!($body, ConvBody::MulZeroPoints) { 4 } else { 2 },
                    body: NamedBody::Conv($body),
                },
                loops: $loops,
                input: $input,
                filter: $filter,
                output: $output,
                strided: $strided,
            },
        )*];
    };
}

use ConvBody::{Max, Min, Mul, MulZeroPoints as MulZp, Sum};

conv_ops! {
    Conv1DOp, CONV_1D = "linalg.conv_1d", false, Mul, "ow kw", "ow+kw", "kw", "ow";
    Conv2DOp, CONV_2D = "linalg.conv_2d", false, Mul, "oh ow kh kw", "oh+kh ow+kw", "kh kw", "oh ow";
    Conv3DOp, CONV_3D = "linalg.conv_3d", false, Mul, "od oh ow kd kh kw", "od+kd oh+kh ow+kw", "kd kh kw", "od oh ow";
    Conv1DNwcWcfOp, CONV_1D_NWC_WCF = "linalg.conv_1d_nwc_wcf", true, Mul, "n ow f kw c", "n ow+kw c", "kw c f", "n ow f";
    Conv1DNcwFcwOp, CONV_1D_NCW_FCW = "linalg.conv_1d_ncw_fcw", true, Mul, "n f ow c kw", "n c ow+kw", "f c kw", "n f ow";
    Conv2DNhwcHwcfOp, CONV_2D_NHWC_HWCF = "linalg.conv_2d_nhwc_hwcf", true, Mul, "n oh ow f kh kw c", "n oh+kh ow+kw c", "kh kw c f", "n oh ow f";
    Conv2DNhwcFhwcOp, CONV_2D_NHWC_FHWC = "linalg.conv_2d_nhwc_fhwc", true, Mul, "n oh ow f kh kw c", "n oh+kh ow+kw c", "f kh kw c", "n oh ow f";
    Conv2DNhwcHwcfQOp, CONV_2D_NHWC_HWCF_Q = "linalg.conv_2d_nhwc_hwcf_q", true, MulZp, "n oh ow f kh kw c", "n oh+kh ow+kw c", "kh kw c f", "n oh ow f";
    Conv2DNhwcFhwcQOp, CONV_2D_NHWC_FHWC_Q = "linalg.conv_2d_nhwc_fhwc_q", true, MulZp, "n oh ow f kh kw c", "n oh+kh ow+kw c", "f kh kw c", "n oh ow f";
    Conv2DNchwFchwOp, CONV_2D_NCHW_FCHW = "linalg.conv_2d_nchw_fchw", true, Mul, "n f oh ow c kh kw", "n c oh+kh ow+kw", "f c kh kw", "n f oh ow";
    Conv2DNchwFchwQOp, CONV_2D_NCHW_FCHW_Q = "linalg.conv_2d_nchw_fchw_q", true, MulZp, "n f oh ow c kh kw", "n c oh+kh ow+kw", "f c kh kw", "n f oh ow";
    Conv2DNgchwFgchwOp, CONV_2D_NGCHW_FGCHW = "linalg.conv_2d_ngchw_fgchw", true, Mul, "n g fg oh ow c kh kw", "n g c oh+kh ow+kw", "fg g c kh kw", "n g fg oh ow";
    Conv2DNgchwGfchwOp, CONV_2D_NGCHW_GFCHW = "linalg.conv_2d_ngchw_gfchw", true, Mul, "n g fg oh ow c kh kw", "n g c oh+kh ow+kw", "g fg c kh kw", "n g fg oh ow";
    Conv2DNgchwGfchwQOp, CONV_2D_NGCHW_GFCHW_Q = "linalg.conv_2d_ngchw_gfchw_q", true, MulZp, "n g fg oh ow c kh kw", "n g c oh+kh ow+kw", "g fg c kh kw", "n g fg oh ow";
    Conv2DNhwgcGfhwcOp, CONV_2D_NHWGC_GFHWC = "linalg.conv_2d_nhwgc_gfhwc", true, Mul, "n oh ow g fg kh kw c", "n oh+kh ow+kw g c", "g fg kh kw c", "n oh ow g fg";
    Conv2DNhwgcGfhwcQOp, CONV_2D_NHWGC_GFHWC_Q = "linalg.conv_2d_nhwgc_gfhwc_q", true, MulZp, "n oh ow g fg kh kw c", "n oh+kh ow+kw g c", "g fg kh kw c", "n oh ow g fg";
    Conv3DNdhwcDhwcfOp, CONV_3D_NDHWC_DHWCF = "linalg.conv_3d_ndhwc_dhwcf", true, Mul, "n od oh ow f kd kh kw c", "n od+kd oh+kh ow+kw c", "kd kh kw c f", "n od oh ow f";
    Conv3DNdhwcDhwcfQOp, CONV_3D_NDHWC_DHWCF_Q = "linalg.conv_3d_ndhwc_dhwcf_q", true, MulZp, "n od oh ow f kd kh kw c", "n od+kd oh+kh ow+kw c", "kd kh kw c f", "n od oh ow f";
    Conv3DNcdhwFcdhwOp, CONV_3D_NCDHW_FCDHW = "linalg.conv_3d_ncdhw_fcdhw", true, Mul, "n f od oh ow c kd kh kw", "n c od+kd oh+kh ow+kw", "f c kd kh kw", "n f od oh ow";
    DepthwiseConv1DNwcWcOp, DEPTHWISE_CONV_1D_NWC_WC = "linalg.depthwise_conv_1d_nwc_wc", true, Mul, "n ow ic kw", "n ow+kw ic", "kw ic", "n ow ic";
    DepthwiseConv1DNcwCwOp, DEPTHWISE_CONV_1D_NCW_CW = "linalg.depthwise_conv_1d_ncw_cw", true, Mul, "n ow ic kw", "n ic ow+kw", "ic kw", "n ic ow";
    DepthwiseConv1DNwcWcmOp, DEPTHWISE_CONV_1D_NWC_WCM = "linalg.depthwise_conv_1d_nwc_wcm", true, Mul, "n ow ic cm kw", "n ow+kw ic", "kw ic cm", "n ow ic cm";
    DepthwiseConv2DNhwcHwcOp, DEPTHWISE_CONV_2D_NHWC_HWC = "linalg.depthwise_conv_2d_nhwc_hwc", true, Mul, "n oh ow ic kh kw", "n oh+kh ow+kw ic", "kh kw ic", "n oh ow ic";
    DepthwiseConv2DNchwChwOp, DEPTHWISE_CONV_2D_NCHW_CHW = "linalg.depthwise_conv_2d_nchw_chw", true, Mul, "n oh ow ic kh kw", "n ic oh+kh ow+kw", "ic kh kw", "n ic oh ow";
    DepthwiseConv2DNhwcHwcQOp, DEPTHWISE_CONV_2D_NHWC_HWC_Q = "linalg.depthwise_conv_2d_nhwc_hwc_q", true, MulZp, "n oh ow ic kh kw", "n oh+kh ow+kw ic", "kh kw ic", "n oh ow ic";
    DepthwiseConv2DNhwcHwcmOp, DEPTHWISE_CONV_2D_NHWC_HWCM = "linalg.depthwise_conv_2d_nhwc_hwcm", true, Mul, "n oh ow ic cm kh kw", "n oh+kh ow+kw ic", "kh kw ic cm", "n oh ow ic cm";
    DepthwiseConv2DNhwcHwcmQOp, DEPTHWISE_CONV_2D_NHWC_HWCM_Q = "linalg.depthwise_conv_2d_nhwc_hwcm_q", true, MulZp, "n oh ow ic cm kh kw", "n oh+kh ow+kw ic", "kh kw ic cm", "n oh ow ic cm";
    DepthwiseConv3DNdhwcDhwcOp, DEPTHWISE_CONV_3D_NDHWC_DHWC = "linalg.depthwise_conv_3d_ndhwc_dhwc", true, Mul, "n od oh ow kd kh kw ic", "n od+kd oh+kh ow+kw ic", "kd kh kw ic", "n od oh ow ic";
    DepthwiseConv3DNcdhwCdhwOp, DEPTHWISE_CONV_3D_NCDHW_CDHW = "linalg.depthwise_conv_3d_ncdhw_cdhw", true, Mul, "n od oh ow kd kh kw ic", "n ic od+kd oh+kh ow+kw", "ic kd kh kw", "n ic od oh ow";
    DepthwiseConv3DNdhwcDhwcmOp, DEPTHWISE_CONV_3D_NDHWC_DHWCM = "linalg.depthwise_conv_3d_ndhwc_dhwcm", true, Mul, "n od oh ow cm kd kh kw ic", "n od+kd oh+kh ow+kw ic", "kd kh kw ic cm", "n od oh ow ic cm";
    PoolingNhwcSumOp, POOLING_NHWC_SUM = "linalg.pooling_nhwc_sum", true, Sum, "n oh ow c kh kw", "n oh+kh ow+kw c", "kh kw", "n oh ow c";
    PoolingNchwSumOp, POOLING_NCHW_SUM = "linalg.pooling_nchw_sum", true, Sum, "n c oh ow kh kw", "n c oh+kh ow+kw", "kh kw", "n c oh ow";
    PoolingNhwcMaxOp, POOLING_NHWC_MAX = "linalg.pooling_nhwc_max", true, Max { unsigned: false }, "n oh ow c kh kw", "n oh+kh ow+kw c", "kh kw", "n oh ow c";
    PoolingNhwcMaxUnsignedOp, POOLING_NHWC_MAX_UNSIGNED = "linalg.pooling_nhwc_max_unsigned", true, Max { unsigned: true }, "n oh ow c kh kw", "n oh+kh ow+kw c", "kh kw", "n oh ow c";
    PoolingNchwMaxOp, POOLING_NCHW_MAX = "linalg.pooling_nchw_max", true, Max { unsigned: false }, "n c oh ow kh kw", "n c oh+kh ow+kw", "kh kw", "n c oh ow";
    PoolingNhwcMinOp, POOLING_NHWC_MIN = "linalg.pooling_nhwc_min", true, Min { unsigned: false }, "n oh ow c kh kw", "n oh+kh ow+kw c", "kh kw", "n oh ow c";
    PoolingNhwcMinUnsignedOp, POOLING_NHWC_MIN_UNSIGNED = "linalg.pooling_nhwc_min_unsigned", true, Min { unsigned: true }, "n oh ow c kh kw", "n oh+kh ow+kw c", "kh kw", "n oh ow c";
    PoolingNwcSumOp, POOLING_NWC_SUM = "linalg.pooling_nwc_sum", true, Sum, "n ow c kw", "n ow+kw c", "kw", "n ow c";
    PoolingNcwSumOp, POOLING_NCW_SUM = "linalg.pooling_ncw_sum", true, Sum, "n c ow kw", "n c ow+kw", "kw", "n c ow";
    PoolingNwcMaxOp, POOLING_NWC_MAX = "linalg.pooling_nwc_max", true, Max { unsigned: false }, "n ow c kw", "n ow+kw c", "kw", "n ow c";
    PoolingNwcMaxUnsignedOp, POOLING_NWC_MAX_UNSIGNED = "linalg.pooling_nwc_max_unsigned", true, Max { unsigned: true }, "n ow c kw", "n ow+kw c", "kw", "n ow c";
    PoolingNcwMaxOp, POOLING_NCW_MAX = "linalg.pooling_ncw_max", true, Max { unsigned: false }, "n c ow kw", "n c ow+kw", "kw", "n c ow";
    PoolingNwcMinOp, POOLING_NWC_MIN = "linalg.pooling_nwc_min", true, Min { unsigned: false }, "n ow c kw", "n ow+kw c", "kw", "n ow c";
    PoolingNwcMinUnsignedOp, POOLING_NWC_MIN_UNSIGNED = "linalg.pooling_nwc_min_unsigned", true, Min { unsigned: true }, "n ow c kw", "n ow+kw c", "kw", "n ow c";
    PoolingNdhwcSumOp, POOLING_NDHWC_SUM = "linalg.pooling_ndhwc_sum", true, Sum, "n od oh ow c kd kh kw", "n od+kd oh+kh ow+kw c", "kd kh kw", "n od oh ow c";
    PoolingNdhwcMaxOp, POOLING_NDHWC_MAX = "linalg.pooling_ndhwc_max", true, Max { unsigned: false }, "n od oh ow c kd kh kw", "n od+kd oh+kh ow+kw c", "kd kh kw", "n od oh ow c";
    PoolingNdhwcMinOp, POOLING_NDHWC_MIN = "linalg.pooling_ndhwc_min", true, Min { unsigned: false }, "n od oh ow c kd kh kw", "n od+kd oh+kh ow+kw c", "kd kh kw", "n od oh ow c";
}

/// The row of convolution or pooling op `def`, if it is one.
pub fn spec(def: &OpDef) -> Option<&'static ConvSpec> {
    SPECS.iter().find(|s| std::ptr::eq(s.named.def, def))
}

impl ConvSpec {
    /// The number of strided dims (the `a+b` pairs of the input).
    pub fn spatial(&self) -> usize {
        self.input.matches('+').count()
    }

    /// The indexing maps (input, filter, the zero points of a `_q` op,
    /// output) for these strides and dilations, as MLIR builds them (its
    /// simplification of `d1 * 2 + d4 * 3`, `d1 + d4`).
    pub fn maps(&self, strides: &[i64], dilations: &[i64]) -> Vec<AffineMap> {
        let loops: Vec<&str> = self.loops.split_whitespace().collect();
        let n = loops.len() as u32;
        let dim = |name: &str| AffineExpr::Dim(loops.iter().position(|l| *l == name).expect("a loop of the op") as u32);
        let scaled = |name: &str, by: i64| AffineExpr::bin(AffineBinOp::Mul, dim(name), AffineExpr::constant(by));
        let map = |text: &str| {
            let mut k = 0;
            let results = text
                .split_whitespace()
                .map(|term| match term.split_once('+') {
                    Some((out, window)) => {
                        let (s, d) = (strides.get(k).copied().unwrap_or(1), dilations.get(k).copied().unwrap_or(1));
                        k += 1;
                        AffineExpr::bin(AffineBinOp::Add, scaled(out, s), scaled(window, d))
                    }
                    None => dim(term),
                })
                .collect();
            AffineMap { num_dims: n, num_syms: 0, results }
        };
        let mut maps = vec![map(self.input), map(self.filter)];
        if matches!(self.named.body, NamedBody::Conv(ConvBody::MulZeroPoints)) {
            maps.extend(std::iter::repeat_n(AffineMap { num_dims: n, num_syms: 0, results: vec![] }, 2));
        }
        maps.push(map(self.output));
        maps
    }
}

/// The values of a `strides` / `dilations` attribute of `n` entries
/// (`dense<1> : tensor<2xi64>` or `dense<[1, 2]>`); all 1 when absent;
/// `None` when it is not an i64 elements attribute of shape `[n]`.
pub fn index_attr(ctx: &Context, attr: Option<Attr>, n: usize) -> Option<Vec<i64>> {
    let Some(a) = attr else { return Some(vec![1; n]) };
    let AttrKind::Dense { ty, data } = ctx.attr_kind(a) else { return None };
    let shape = ctx.type_kind(*ty).shape()?;
    let elem = ctx.type_kind(*ty).element_type()?;
    let is_i64 = matches!(ctx.type_kind(elem), crate::types::TypeKind::Integer { width: 64, .. });
    if !is_i64 || shape != [n as i64] {
        return None;
    }
    let int = |e: &DenseElement| match e {
        DenseElement::Int(v) => i64::try_from(*v).ok(),
        DenseElement::Float(_) => None,
    };
    match data {
        DenseData::Splat(e) => Some(vec![int(e)?; n]),
        DenseData::Elements(items) if items.len() == n => items.iter().map(int).collect(),
        _ => None,
    }
}

/// The maps of convolution or pooling op `op` (`None` for another op or a
/// malformed `strides` / `dilations`).
pub fn conv_maps(ctx: &Context, op: OpId) -> Option<Vec<AffineMap>> {
    let spec = spec(ctx.def_of(op)?)?;
    let n = spec.spatial();
    let strides = index_attr(ctx, ctx.get_attr(op, "strides"), n)?;
    let dilations = index_attr(ctx, ctx.get_attr(op, "dilations"), n)?;
    Some(spec.maps(&strides, &dilations))
}

/// Upstream's attribute constraints on `strides` and `dilations`
/// (`RankedI64ElementsAttr<[N]>`).
pub fn verify_index_attrs(ctx: &Context, op: OpId) -> Result<(), String> {
    let Some(spec) = ctx.def_of(op).and_then(spec) else { return Ok(()) };
    let n = spec.spatial();
    for name in ["dilations", "strides"] {
        let attr = ctx.get_attr(op, name);
        if attr.is_some() && index_attr(ctx, attr, n).is_none() {
            return Err(format!(
                "attribute '{name}' failed to satisfy constraint: 64-bit signless int elements attribute of shape [{n}]"
            ));
        }
    }
    Ok(())
}
