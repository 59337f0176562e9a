//! [`Builder`] methods that make the vector ops the lowerings build most
//! (extracts, inserts, transposes, broadcasts), their result types
//! inferred as the ops' own builders in MLIR infer them.

use crate::builder::Builder;
use crate::types::TypeKind;
use crate::{Type, Value};

use super::{vector_shape, BroadcastOp, ExtractOp, InsertOp, TransposeOp};

impl Builder<'_> {
    /// `vector.extract %v[pos]`: the vector without its leading
    /// `pos.len()` dims (the element when none is left).
    pub fn vector_extract(&mut self, v: Value, pos: &[i64]) -> Value {
        let ty = self.ctx.value_type(v);
        let result = match vector_shape(self.ctx, ty) {
            Some(s) if s.rank() > pos.len() => {
                let (shape, scalable, elem) = (s.shape[pos.len()..].to_vec(), s.scalable[pos.len()..].to_vec(), s.elem);
                self.ctx.ty(TypeKind::Vector { shape, scalable, elem })
            }
            Some(s) => s.elem,
            None => ty,
        };
        ExtractOp::create(self, v, &[], pos, &[result], vec![]).result(self.ctx)
    }

    /// `vector.insert %v, %dest[pos]`.
    pub fn vector_insert(&mut self, v: Value, dest: Value, pos: &[i64]) -> Value {
        let ty = self.ctx.value_type(dest);
        InsertOp::create(self, v, dest, &[], pos, &[ty], vec![]).result(self.ctx)
    }

    /// `vector.transpose %v, perm`.
    pub fn vector_transpose(&mut self, v: Value, perm: &[i64]) -> Value {
        let ty = self.ctx.value_type(v);
        let result = match vector_shape(self.ctx, ty) {
            Some(s) => {
                let pick = |i: &i64| usize::try_from(*i).ok().and_then(|i| s.shape.get(i).map(|d| (*d, s.scalable[i])));
                let (shape, scalable): (Vec<i64>, Vec<bool>) = perm.iter().filter_map(pick).unzip();
                let elem = s.elem;
                self.ctx.ty(TypeKind::Vector { shape, scalable, elem })
            }
            None => ty,
        };
        TransposeOp::create(self, v, perm, &[result], vec![]).result(self.ctx)
    }

    /// `vector.broadcast %v : .. to ty`.
    pub fn vector_broadcast(&mut self, v: Value, ty: Type) -> Value {
        BroadcastOp::create(self, v, &[ty], vec![]).vector(self.ctx)
    }
}
