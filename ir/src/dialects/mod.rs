//! The dialects tessel knows: builtin, func, arith, affine, scf, cf, complex, index, tensor
//! (with pack/unpack), math, ub (`ub.poison`), vector, memref,
//! bufferization and a linalg subset
//! (structured ops in `structured`).

pub mod affine;
pub mod affine_expand;
pub mod affine_index;
pub mod arith;
pub mod bufferization;
pub mod builders;
pub mod builtin;
pub mod cf;
pub mod complex;
pub mod conv;
pub mod func;
pub mod index;
pub mod linalg;
pub mod linalg_map;
pub mod linalg_reduce;
pub mod math;
pub mod memref;
pub mod pack;
pub mod patterns;
pub mod scf;
pub mod scf_more;
pub mod scf_parallel;
pub mod structured;
pub mod tensor;
pub mod tensor_gather;
pub mod tensor_more;
pub mod transform;
pub mod transform_loop;
pub mod transform_pack;
pub mod transform_param;
pub mod transform_vector;
pub mod ub;
pub mod vector;
pub mod xla;

use crate::registry::{traits, Dialect};
use crate::{Attr, Context, Value};

/// Every dialect of tessel.
pub static ALL: &[&Dialect] = &[
    &Dialect { name: "builtin", register: builtin::register },
    &Dialect { name: "func", register: func::register },
    &Dialect { name: "arith", register: arith::register },
    &Dialect {
        name: "affine",
        register: |r| {
            affine::register(r);
            affine_index::register(r);
        },
    },
    &Dialect { name: "scf", register: scf::register },
    &Dialect { name: "cf", register: cf::register },
    &Dialect { name: "tensor", register: tensor::register },
    &Dialect { name: "linalg", register: linalg::register },
    &Dialect { name: "math", register: math::register },
    &Dialect { name: "transform", register: transform::register },
    &Dialect { name: "xla", register: xla::register },
    &Dialect { name: "ub", register: ub::register },
    &Dialect { name: "vector", register: vector::register },
    &Dialect { name: "memref", register: memref::register },
    &Dialect { name: "bufferization", register: bufferization::register },
    &Dialect { name: "index", register: index::register },
    &Dialect { name: "complex", register: complex::register },
];

impl Context {
    /// A context with every dialect of tessel registered.
    pub fn new() -> Self {
        Context::with_dialects(ALL)
    }
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

/// The `value` attribute of a constant-like op defining `v`.
pub fn constant_attr_of(ctx: &Context, v: Value) -> Option<Attr> {
    let op = ctx.defining_op(v)?;
    if !ctx.def_of(op).is_some_and(|d| d.has(traits::CONSTANT_LIKE)) {
        return None;
    }
    ctx.get_attr_sym(op, crate::context::known_names::VALUE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_context_knows_only_the_dialects_it_is_given() {
        let ctx = Context::with_dialects(&[ALL[0], ALL[1]]);
        assert!(ctx.op_def("func.func").is_some() && ctx.op_def("builtin.module").is_some());
        assert!(ctx.op_def("scf.for").is_none());
        assert!(ctx.is_dialect_registered("func") && !ctx.is_dialect_registered("scf"));
        let all = Context::new();
        assert!(ALL.iter().all(|d| all.is_dialect_registered(d.name)));
    }
}
