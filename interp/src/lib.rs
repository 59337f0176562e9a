//! tessel-interp: executes tessel IR on concrete values, so tests can show
//! that tiled and untiled IR compute the same tensors.
//!
//! Tensor elements are `f64` (integers up to 2^53 are exact). The contents
//! of `tensor.empty` are NaN, so reading memory nobody wrote shows up in
//! the result instead of passing silently.

use std::collections::HashMap;

mod kernels;

use kernels::ScalarFn;

use tessel_ir::attrs::{AttrKind, DenseData, DenseElement};
use tessel_ir::context::ValueDef;
use tessel_ir::dialects::arith::ConstantOp;
use tessel_ir::dialects::func::FuncOp;
use tessel_ir::dialects::pack::{PackInfo, Tile};
use tessel_ir::dialects::scf::InParallelOp;
use tessel_ir::dialects::tensor::slice_params;
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{BlockId, Context, OpId, RegionId, Value};

/// A dense row-major tensor.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub shape: Vec<usize>,
    pub data: Vec<f64>,
}

impl Tensor {
    /// A tensor filled with `v`.
    pub fn filled(shape: Vec<usize>, v: f64) -> Self {
        let n = shape.iter().product();
        Tensor { shape, data: vec![v; n] }
    }

    fn strides(&self) -> Vec<usize> {
        let mut s = vec![1; self.shape.len()];
        for i in (0..self.shape.len().saturating_sub(1)).rev() {
            s[i] = s[i + 1] * self.shape[i + 1];
        }
        s
    }

    fn offset(&self, idx: &[usize]) -> usize {
        idx.iter().zip(self.strides()).map(|(i, s)| i * s).sum()
    }

    /// Element at a multi-index.
    pub fn get(&self, idx: &[usize]) -> f64 {
        self.data[self.offset(idx)]
    }

    /// Whether two tensors hold the same bits (NaN equals NaN).
    pub fn same_bits(&self, other: &Tensor) -> bool {
        self.shape == other.shape
            && self.data.iter().zip(&other.data).all(|(a, b)| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()))
    }
}

/// Calls `f` with every multi-index of `shape` in row-major order.
fn for_each_index(shape: &[usize], mut f: impl FnMut(&[usize])) {
    if shape.contains(&0) {
        return;
    }
    let mut idx = vec![0usize; shape.len()];
    loop {
        f(&idx);
        let mut d = shape.len();
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// A runtime value.
#[derive(Clone, Debug, PartialEq)]
pub enum RtValue {
    /// An `index` or integer scalar.
    Int(i64),
    /// A float scalar.
    Float(f64),
    /// A tensor.
    Tensor(Tensor),
}

impl RtValue {
    fn int(&self) -> Result<i64, String> {
        match self {
            RtValue::Int(v) => Ok(*v),
            other => Err(format!("expected an integer, got {other:?}")),
        }
    }

    fn scalar(&self) -> Result<f64, String> {
        match self {
            RtValue::Int(v) => Ok(*v as f64),
            RtValue::Float(v) => Ok(*v),
            RtValue::Tensor(_) => Err("expected a scalar".into()),
        }
    }

    fn tensor(&self) -> Result<&Tensor, String> {
        match self {
            RtValue::Tensor(t) => Ok(t),
            other => Err(format!("expected a tensor, got {other:?}")),
        }
    }
}

/// Offsets, sizes and strides of a slice, resolved.
type SliceBox = (Vec<usize>, Vec<usize>, Vec<usize>);

/// Executes functions of one module.
pub struct Interpreter<'c> {
    ctx: &'c Context,
    module: OpId,
    env: HashMap<Value, RtValue>,
    /// Ops executed (a guard against runaway loops).
    pub steps: u64,
    /// The most ops one call may execute.
    pub step_limit: u64,
}

enum Flow {
    Next,
    Yield(Vec<RtValue>),
}

impl<'c> Interpreter<'c> {
    /// An interpreter over `module`.
    pub fn new(ctx: &'c Context, module: OpId) -> Self {
        Interpreter { ctx, module, env: HashMap::new(), steps: 0, step_limit: 50_000_000 }
    }

    fn find_func(&self, name: &str) -> Option<OpId> {
        let ctx = self.ctx;
        let body = ctx.blocks(ctx.regions(self.module)[0])[0];
        ctx.block_ops(body).find(|o| FuncOp::cast(ctx, *o).is_some_and(|f| f.sym_name(ctx) == Some(name)))
    }

    /// Calls function `name` with `args`.
    pub fn call(&mut self, name: &str, args: Vec<RtValue>) -> Result<Vec<RtValue>, String> {
        let f = self.find_func(name).ok_or_else(|| format!("no function @{name}"))?;
        let region = self.ctx.regions(f)[0];
        let entry = *self.ctx.blocks(region).first().ok_or("function has no body")?;
        self.run_block(entry, args)
    }

    fn get(&self, v: Value) -> Result<RtValue, String> {
        self.env.get(&v).cloned().ok_or_else(|| format!("value {v:?} used before it was computed"))
    }

    fn run_region(&mut self, r: RegionId, args: Vec<RtValue>) -> Result<Vec<RtValue>, String> {
        let b = *self.ctx.blocks(r).first().ok_or("empty region")?;
        self.run_block(b, args)
    }

    fn run_block(&mut self, b: BlockId, args: Vec<RtValue>) -> Result<Vec<RtValue>, String> {
        let ctx = self.ctx;
        for (a, v) in ctx.block_args(b).iter().zip(args) {
            self.env.insert(*a, v);
        }
        for op in ctx.block_ops(b) {
            self.steps += 1;
            if self.steps > self.step_limit {
                return Err("step limit exceeded".into());
            }
            if let Flow::Yield(vals) = self.exec(op)? {
                return Ok(vals);
            }
        }
        Ok(vec![])
    }

    fn set(&mut self, op: OpId, i: usize, v: RtValue) {
        self.env.insert(self.ctx.result(op, i), v);
    }

    fn operand(&self, op: OpId, i: usize) -> Result<RtValue, String> {
        self.get(self.ctx.operands(op)[i])
    }

    fn shape_of(&self, v: Value) -> Vec<i64> {
        self.ctx.value_type_kind(v).shape().map(|s| s.to_vec()).unwrap_or_default()
    }

    /// Runs one op with the kernel registered for it.
    fn exec(&mut self, op: OpId) -> Result<Flow, String> {
        match kernels::kernel(self.ctx, op) {
            Some(kernels::Entry::Kernel(kernel)) => kernel(self, op),
            Some(kernels::Entry::Scalar(f)) => kernels::arith_op(self, op, f),
            None => Err(format!("the interpreter does not support '{}'", self.ctx.op_name(op))),
        }
    }

    fn forall(&mut self, op: OpId) -> Result<(), String> {
        let ctx = self.ctx;
        let b = tessel_ir::dialects::scf::forall_bounds(ctx, op).ok_or("malformed scf.forall")?;
        let resolve = |this: &Self, ints: &[i64], vals: &[Value]| -> Result<Vec<i64>, String> {
            let mut it = vals.iter();
            ints.iter()
                .map(|x| if *x == DYNAMIC { this.get(*it.next().ok_or("missing bound")?)?.int() } else { Ok(*x) })
                .collect()
        };
        let (lbs, ubs, steps) = (
            resolve(self, &b.lbs.0, &b.lbs.1)?,
            resolve(self, &b.ubs.0, &b.ubs.1)?,
            resolve(self, &b.steps.0, &b.steps.1)?,
        );
        if steps.iter().any(|s| *s <= 0) {
            return Err("scf.forall with a non-positive step".into());
        }
        let mut outs: Vec<Tensor> =
            b.outputs.iter().map(|v| self.get(*v)?.tensor().cloned()).collect::<Result<_, _>>()?;
        let counts: Vec<usize> = (0..lbs.len())
            .map(|i| if ubs[i] > lbs[i] { ((ubs[i] - lbs[i] + steps[i] - 1) / steps[i]) as usize } else { 0 })
            .collect();
        let region = ctx.regions(op)[0];
        let body = ctx.blocks(region)[0];
        let mut points = Vec::new();
        for_each_index(&counts, |k| points.push(k.to_vec()));
        if counts.is_empty() {
            points.push(vec![]);
        }
        for k in points {
            let mut args: Vec<RtValue> =
                k.iter().enumerate().map(|(i, k)| RtValue::Int(lbs[i] + *k as i64 * steps[i])).collect();
            // Each iteration sees the shared outputs as they were on entry.
            for v in &b.outputs {
                args.push(self.get(*v)?);
            }
            for (a, v) in ctx.block_args(body).iter().zip(args) {
                self.env.insert(*a, v);
            }
            for o in ctx.block_ops(body) {
                if InParallelOp::isa(ctx, o) {
                    for &pb in ctx.blocks(ctx.regions(o)[0]) {
                        for ins in ctx.block_ops(pb) {
                            let src = self.operand(ins, 0)?;
                            let dest_arg = ctx.operands(ins)[1];
                            let ValueDef::BlockArg { index, .. } = ctx.value_def(dest_arg) else {
                                return Err("parallel_insert_slice must write a shared_outs argument".into());
                            };
                            let which = index as usize - lbs.len();
                            let (offs, sizes, strides) = self.slice(ins)?;
                            outs[which] = insert(src.tensor()?, &outs[which], &offs, &sizes, &strides)?;
                        }
                    }
                } else if let Flow::Yield(_) = self.exec(o)? {
                    break;
                }
            }
        }
        for (i, t) in outs.into_iter().enumerate() {
            self.set(op, i, RtValue::Tensor(t));
        }
        Ok(())
    }

    fn slice(&self, op: OpId) -> Result<SliceBox, String> {
        let p = slice_params(self.ctx, op).ok_or("malformed slice")?;
        let resolve = |ints: &[i64], vals: &[Value]| -> Result<Vec<usize>, String> {
            let mut it = vals.iter();
            ints.iter()
                .map(|x| {
                    let v = if *x == DYNAMIC { self.get(*it.next().ok_or("missing slice value")?)?.int()? } else { *x };
                    usize::try_from(v).map_err(|_| format!("negative slice parameter {v}"))
                })
                .collect()
        };
        Ok((
            resolve(&p.offsets.0, &p.offsets.1)?,
            resolve(&p.sizes.0, &p.sizes.1)?,
            resolve(&p.strides.0, &p.strides.1)?,
        ))
    }

    /// The shape of a possibly rank-reduced result: unit sizes the result
    /// type does not have are dropped, left to right.
    fn result_shape(&self, v: Value, sizes: &[usize]) -> Vec<usize> {
        let ty = self.shape_of(v);
        if ty.len() == sizes.len() {
            return sizes.to_vec();
        }
        let mut out = Vec::new();
        let mut extra = sizes.len() - ty.len().min(sizes.len());
        for s in sizes {
            if *s == 1 && extra > 0 && (out.len() >= ty.len() || ty[out.len()] != 1) {
                extra -= 1;
            } else {
                out.push(*s);
            }
        }
        out
    }

    fn new_tensor(&self, result: Value, dyn_sizes: &[Value], fill: f64) -> Result<Tensor, String> {
        let mut it = dyn_sizes.iter();
        let shape = self
            .shape_of(result)
            .iter()
            .map(|d| {
                if *d == DYNAMIC {
                    let v = self.get(*it.next().ok_or("missing dynamic size")?)?.int()?;
                    usize::try_from(v).map_err(|_| format!("negative size {v}"))
                } else {
                    Ok(*d as usize)
                }
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Tensor::filled(shape, fill))
    }

    fn tiles(&self, info: &PackInfo) -> Result<Vec<usize>, String> {
        info.mixed_tiles()
            .iter()
            .map(|t| match t {
                Tile::Const(c) => Ok(*c as usize),
                Tile::Value(v) => self.get(*v)?.int().map(|x| x as usize),
            })
            .collect()
    }

    /// Source index of every packed element (None in the padding).
    fn packed_to_unpacked(
        info: &PackInfo,
        tiles: &[usize],
        unpacked: &[usize],
        packed_idx: &[usize],
    ) -> Option<Vec<usize>> {
        let n = unpacked.len();
        let perm: Vec<usize> = if info.outer_dims_perm.is_empty() {
            (0..n).collect()
        } else {
            info.outer_dims_perm.iter().map(|p| *p as usize).collect()
        };
        let mut src = vec![0usize; n];
        for (j, &p) in perm.iter().enumerate() {
            src[p] = packed_idx[j];
        }
        for (i, pos) in info.inner_dims_pos.iter().enumerate() {
            let d = *pos as usize;
            src[d] = src[d] * tiles[i] + packed_idx[n + i];
        }
        if src.iter().zip(unpacked).any(|(s, u)| s >= u) {
            None
        } else {
            Some(src)
        }
    }

    fn pack(&self, info: &PackInfo) -> Result<Tensor, String> {
        let src = self.get(info.source)?;
        let src = src.tensor()?;
        let dest = self.get(info.dest)?;
        let shape = dest.tensor()?.shape.clone();
        let tiles = self.tiles(info)?;
        let pad = match info.padding_value {
            Some(p) => self.get(p)?.scalar()?,
            None => f64::NAN,
        };
        let mut out = Tensor::filled(shape.clone(), 0.0);
        let mut k = 0;
        for_each_index(&shape, |idx| {
            out.data[k] = match Self::packed_to_unpacked(info, &tiles, &src.shape, idx) {
                Some(s) => src.get(&s),
                None => pad,
            };
            k += 1;
        });
        Ok(out)
    }

    fn unpack(&self, info: &PackInfo) -> Result<Tensor, String> {
        let src = self.get(info.source)?;
        let src = src.tensor()?;
        let dest = self.get(info.dest)?;
        let shape = dest.tensor()?.shape.clone();
        let tiles = self.tiles(info)?;
        let n = shape.len();
        let perm: Vec<usize> = if info.outer_dims_perm.is_empty() {
            (0..n).collect()
        } else {
            info.outer_dims_perm.iter().map(|p| *p as usize).collect()
        };
        let mut tile_of = vec![None; n];
        for (i, pos) in info.inner_dims_pos.iter().enumerate() {
            tile_of[*pos as usize] = Some((i, tiles[i]));
        }
        let mut out = Tensor::filled(shape.clone(), 0.0);
        let mut k = 0;
        let mut err = None;
        for_each_index(&shape, |e| {
            let mut p = vec![0usize; n + tiles.len()];
            for (j, &d) in perm.iter().enumerate() {
                p[j] = match tile_of[d] {
                    Some((_, t)) => e[d] / t,
                    None => e[d],
                };
            }
            for (d, to) in tile_of.iter().enumerate() {
                if let Some((i, t)) = to {
                    p[n + i] = e[d] % t;
                }
            }
            if p.iter().zip(&src.shape).any(|(a, b)| a >= b) {
                err = Some("unpack reads outside its source".to_string());
                return;
            }
            out.data[k] = src.get(&p);
            k += 1;
        });
        match err {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }

    fn constant(&self, op: OpId) -> Result<RtValue, String> {
        let ctx = self.ctx;
        let a = ConstantOp(op).value(ctx).ok_or("constant without value")?;
        Ok(match ctx.attr_kind(a) {
            AttrKind::Integer { value, .. } => RtValue::Int(*value as i64),
            AttrKind::Bool(b) => RtValue::Int(*b as i64),
            AttrKind::Float { bits, .. } => RtValue::Float(f64::from_bits(*bits)),
            AttrKind::Dense { ty, data } => {
                let shape: Vec<usize> = ctx.type_kind(*ty).shape().unwrap_or(&[]).iter().map(|d| *d as usize).collect();
                let el = |e: &DenseElement| match e {
                    DenseElement::Int(v) => *v as f64,
                    DenseElement::Float(b) => f64::from_bits(*b),
                };
                match data {
                    DenseData::Splat(e) => RtValue::Tensor(Tensor::filled(shape, el(e))),
                    DenseData::Elements(es) => RtValue::Tensor(Tensor { shape, data: es.iter().map(el).collect() }),
                    DenseData::Hex(_) => return Err("hex dense constants are not supported".into()),
                }
            }
            _ => return Err("unsupported constant".into()),
        })
    }

    fn arith(&self, op: OpId, scalar_op: ScalarFn) -> Result<RtValue, String> {
        let ctx = self.ctx;
        let args: Vec<RtValue> = ctx.operands(op).iter().map(|v| self.get(*v)).collect::<Result<_, _>>()?;
        if let Some(RtValue::Tensor(t)) = args.iter().find(|a| matches!(a, RtValue::Tensor(_))) {
            // Elementwise over tensors of one shape.
            let shape = t.shape.clone();
            let mut data = Vec::with_capacity(t.data.len());
            for i in 0..t.data.len() {
                let scalars: Vec<RtValue> = args
                    .iter()
                    .map(|a| match a {
                        RtValue::Tensor(x) => RtValue::Float(x.data[i]),
                        other => other.clone(),
                    })
                    .collect();
                data.push(scalar_op(&scalars)?.scalar()?);
            }
            return Ok(RtValue::Tensor(Tensor { shape, data }));
        }
        let is_int = matches!(ctx.value_type_kind(ctx.result(op, 0)), TypeKind::Index | TypeKind::Integer { .. });
        let v = scalar_op(&args)?;
        Ok(match (v, is_int) {
            (RtValue::Float(f), true) => RtValue::Int(f as i64),
            (v, _) => v,
        })
    }
}

fn check_bounds(shape: &[usize], offs: &[usize], sizes: &[usize], strides: &[usize]) -> Result<(), String> {
    for d in 0..shape.len() {
        if sizes[d] > 0 && offs[d] + (sizes[d] - 1) * strides[d] >= shape[d] {
            return Err(format!("slice out of bounds in dim {d}"));
        }
    }
    Ok(())
}

fn insert(src: &Tensor, dest: &Tensor, offs: &[usize], sizes: &[usize], strides: &[usize]) -> Result<Tensor, String> {
    check_bounds(&dest.shape, offs, sizes, strides)?;
    let mut out = dest.clone();
    let mut k = 0;
    for_each_index(sizes, |idx| {
        let d: Vec<usize> = idx.iter().enumerate().map(|(i, x)| offs[i] + x * strides[i]).collect();
        let o = out.offset(&d);
        out.data[o] = src.data[k];
        k += 1;
    });
    Ok(out)
}
