//! The dialects tessel knows: builtin, func, arith, affine, scf, tensor
//! (with pack/unpack) and a linalg subset.

pub mod affine;
pub mod arith;
pub mod func;
pub mod linalg;
pub mod pack;
pub mod pack_tiling;
pub mod patterns;
pub mod scf;
pub mod tensor;
pub mod transform;
pub mod xla;

use crate::registry::{traits, Registry};
use crate::{Attr, Context, Value};

/// Registers every dialect.
pub fn register_all(r: &mut Registry) {
    r.add(&func::MODULE);
    r.add(&func::FUNC);
    r.add(&func::RETURN);
    r.add(&func::CALL);
    arith::register(r);
    affine::register(r);
    scf::register(r);
    tensor::register(r);
    linalg::register(r);
    transform::register(r);
    xla::register(r);
}

/// The `value` attribute of a constant-like op defining `v`.
pub fn constant_attr_of(ctx: &Context, v: Value) -> Option<Attr> {
    let op = ctx.defining_op(v)?;
    if !ctx.op(op).def.is_some_and(|d| d.has(traits::CONSTANT_LIKE)) {
        return None;
    }
    ctx.get_attr(op, "value")
}
