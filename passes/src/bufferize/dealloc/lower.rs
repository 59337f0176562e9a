//! `-bufferization-lower-deallocations`, as MLIR 22's: a `bufferization.dealloc` of one
//! buffer becomes an `scf.if` around `memref.dealloc` (its condition and,
//! with retained values, that none of them is the same buffer, compared by
//! aligned pointer); one of several buffers calls `@dealloc_helper`, a
//! private function added to the module that checks every buffer against
//! the retained ones and the ones freed before it.

use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::dialects::arith::{AndIOp, CmpIOp, ConstantOp, OrIOp, XOrIOp};
use tessel_ir::dialects::bufferization::DeallocOp;
use tessel_ir::dialects::{func, memref, scf};
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{BlockId, Context, Diagnostic, Loc, OpId, Type, Value};

const HELPER: &str = "dealloc_helper";

fn cmpi(b: &mut Builder<'_>, pred: i128, l: Value, r: Value) -> Value {
    let (i1, i64t) = (b.ctx.int_type(1), b.ctx.int_type(64));
    let p = b.ctx.int_attr(pred, i64t);
    let op = b.op(CmpIOp::NAME, &[l, r], &[i1], &[("predicate", p)]);
    b.ctx.result(op, 0)
}

const EQ: i128 = 0;
const NE: i128 = 1;

fn binary(b: &mut Builder<'_>, name: &str, l: Value, r: Value) -> Value {
    let t = b.ctx.value_type(l);
    let op = b.op(name, &[l, r], &[t], &[]);
    b.ctx.result(op, 0)
}

fn aligned_pointer(b: &mut Builder<'_>, m: Value) -> Value {
    let index = b.ctx.index_type();
    memref::ExtractAlignedPointerOp::create(b, m, &[index], vec![]).result(b.ctx)
}

fn index_const(b: &mut Builder<'_>, v: i64) -> Value {
    let index = b.ctx.index_type();
    b.int_const_here(i128::from(v), index)
}

fn bool_const(b: &mut Builder<'_>, v: bool) -> Value {
    let i1 = b.ctx.int_type(1);
    let attr = b.ctx.int_attr(i128::from(v), i1);
    ConstantOp::create(b, Some(attr), &[i1], vec![]).result(b.ctx)
}

/// `scf.if %cond { <body> }` at the insertion point.
fn if_then(b: &mut Builder<'_>, cond: Value, body: impl FnOnce(&mut Builder<'_>)) -> BlockId {
    let (r, block, _) = b.region_with_block(&[]);
    let (er, _) = (b.ctx.create_region(), ());
    scf::IfOp::create(b, cond, &[], vec![r, er]);
    let saved = b.ip;
    b.ip = InsertPoint::End(block);
    body(b);
    scf::YieldOp::build(b, &[]);
    b.ip = saved;
    block
}

fn load(b: &mut Builder<'_>, m: Value, i: Value, t: Type) -> Value {
    let op = b.op(memref::LoadOp::NAME, &[m, i], &[t], &[]);
    b.ctx.result(op, 0)
}

fn store(b: &mut Builder<'_>, v: Value, m: Value, i: Value) {
    b.op(memref::StoreOp::NAME, &[v, m, i], &[], &[]);
}

fn dealloc(b: &mut Builder<'_>, m: Value) {
    memref::DeallocOp::create(b, m, &[], vec![]);
}

fn memref_1d(ctx: &mut Context, n: i64, elem: Type) -> Type {
    memref::layout::memref_type(ctx, vec![n], elem, None, None)
}

/// Lowers every `bufferization.dealloc` under `root` (a module gets the
/// helper function when some dealloc frees several buffers).
pub fn lower_deallocations(ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
    let mut deallocs = Vec::new();
    ctx.walk_preorder(root, &mut |o| {
        if DeallocOp::isa(ctx, o) {
            deallocs.push(o);
        }
    });
    let module = func::ModuleOp::isa(ctx, root).then_some(root);
    let needs_helper = deallocs.iter().any(|d| DeallocOp(*d).memrefs(ctx).len() > 1);
    let helper = match (needs_helper, module) {
        (true, Some(m)) => Some(build_helper(ctx, m)),
        _ => None,
    };
    for d in deallocs {
        lower_one(ctx, d, helper.as_deref())?;
    }
    Ok(())
}

fn lower_one(ctx: &mut Context, op: OpId, helper: Option<&str>) -> Result<(), Diagnostic> {
    let h = DeallocOp(op);
    let (memrefs, conds, retained) = (h.memrefs(ctx).to_vec(), h.conditions(ctx).to_vec(), h.retained(ctx).to_vec());
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let replacements: Vec<Value> = if memrefs.is_empty() {
        let f = bool_const(&mut b, false);
        vec![f; retained.len()]
    } else if memrefs.len() == 1 && retained.is_empty() {
        if_then(&mut b, conds[0], |b| dealloc(b, memrefs[0]));
        Vec::new()
    } else if memrefs.len() == 1 {
        let m = aligned_pointer(&mut b, memrefs[0]);
        let mut no_alias = Vec::new();
        for r in &retained {
            let rp = aligned_pointer(&mut b, *r);
            no_alias.push(cmpi(&mut b, NE, m, rp));
        }
        let mut all = no_alias[0];
        for n in &no_alias[1..] {
            all = binary(&mut b, AndIOp::NAME, all, *n);
        }
        let should = binary(&mut b, AndIOp::NAME, all, conds[0]);
        if_then(&mut b, should, |b| dealloc(b, memrefs[0]));
        let t = bool_const(&mut b, true);
        no_alias
            .iter()
            .map(|n| {
                let aliases = binary(&mut b, XOrIOp::NAME, *n, t);
                binary(&mut b, AndIOp::NAME, aliases, conds[0])
            })
            .collect()
    } else {
        let Some(helper) = helper else {
            return Err(Diagnostic::error(
                loc,
                "library function required for generic lowering, but cannot be automatically inserted when operating on functions",
            ));
        };
        general_case(&mut b, helper, &memrefs, &conds, &retained)
    };
    let ctx = b.ctx;
    for (r, v) in ctx.results(op).to_vec().into_iter().zip(replacements) {
        ctx.replace_all_uses(r, v);
    }
    ctx.erase_op(op);
    Ok(())
}

fn general_case(
    b: &mut Builder<'_>,
    helper: &str,
    memrefs: &[Value],
    conds: &[Value],
    retained: &[Value],
) -> Vec<Value> {
    let (index, i1) = (b.ctx.index_type(), b.ctx.int_type(1));
    let alloc = |b: &mut Builder<'_>, n: usize, elem: Type| {
        let t = memref_1d(b.ctx, n as i64, elem);
        {
            let a = memref::AllocOp::create(b, &[], &[], None, &[t], vec![]).0;
            b.ctx.result(a, 0)
        }
    };
    let to_dealloc = alloc(b, memrefs.len(), index);
    let cond_list = alloc(b, conds.len(), i1);
    let to_retain = alloc(b, retained.len(), index);
    for (i, m) in memrefs.iter().enumerate() {
        let p = aligned_pointer(b, *m);
        let c = index_const(b, i as i64);
        store(b, p, to_dealloc, c);
    }
    for (i, cond) in conds.iter().enumerate() {
        let c = index_const(b, i as i64);
        store(b, *cond, cond_list, c);
    }
    for (i, r) in retained.iter().enumerate() {
        let p = aligned_pointer(b, *r);
        let c = index_const(b, i as i64);
        store(b, p, to_retain, c);
    }
    let cast = |b: &mut Builder<'_>, v: Value, elem: Type| {
        let t = memref_1d(b.ctx, DYNAMIC, elem);
        {
            let c = b.op(memref::CastOp::NAME, &[v], &[t], &[]);
            b.ctx.result(c, 0)
        }
    };
    let dyn_dealloc = cast(b, to_dealloc, index);
    let dyn_conds = cast(b, cond_list, i1);
    let dyn_retain = cast(b, to_retain, index);
    let dealloc_out = alloc(b, memrefs.len(), i1);
    let ownership_out = alloc(b, retained.len(), i1);
    let dyn_dealloc_out = cast(b, dealloc_out, i1);
    let dyn_ownership_out = cast(b, ownership_out, i1);
    let root = b.ctx.sym(helper);
    let callee = b.ctx.attr(tessel_ir::attrs::AttrKind::SymbolRef { root, nested: vec![] });
    let call_args = [dyn_dealloc, dyn_retain, dyn_conds, dyn_dealloc_out, dyn_ownership_out];
    b.op(func::CallOp::NAME, &call_args, &[], &[("callee", callee)]);
    for (i, m) in memrefs.iter().enumerate() {
        let c = index_const(b, i as i64);
        let should = load(b, dealloc_out, c, i1);
        if_then(b, should, |b| dealloc(b, *m));
    }
    let mut replacements = Vec::new();
    for i in 0..retained.len() {
        let c = index_const(b, i as i64);
        replacements.push(load(b, ownership_out, c, i1));
    }
    for v in [to_dealloc, to_retain, cond_list, dealloc_out, ownership_out] {
        dealloc(b, v);
    }
    replacements
}

/// `@dealloc_helper`, as MLIR 22's `buildDeallocationLibraryFunction`, at
/// the end of the module; its name.
fn build_helper(ctx: &mut Context, module: OpId) -> String {
    let (index, i1) = (ctx.index_type(), ctx.int_type(1));
    let index_list = memref_1d(ctx, DYNAMIC, index);
    let bool_list = memref_1d(ctx, DYNAMIC, i1);
    let arg_types = [index_list, index_list, bool_list, bool_list, bool_list];
    let name = unique_name(ctx, module, HELPER);
    let body_block = ctx.blocks(ctx.regions(module)[0])[0];
    // MLIR's `SymbolTable::insert` appends to the module.
    let ip = InsertPoint::End(body_block);
    let loc = ctx.op_loc(module);
    let mut b = Builder::new(ctx, ip, loc);
    let (region, block, args) = b.region_with_block(&arg_types);
    let fty = b.ctx.ty(TypeKind::Function { inputs: arg_types.to_vec(), results: vec![] });
    let fty_attr = b.ctx.type_attr(fty);
    let name_attr = b.ctx.string_attr(&name);
    let private = b.ctx.string_attr("private");
    let mut attrs = tessel_ir::context::AttrMap::default();
    for (k, v) in [("sym_name", name_attr), ("function_type", fty_attr), ("sym_visibility", private)] {
        attrs.insert(b.ctx.sym(k), v);
    }
    let spec = tessel_ir::context::OpSpec {
        name: b.ctx.sym(func::FuncOp::NAME),
        operands: Default::default(),
        result_types: Default::default(),
        attrs,
        regions: vec![region],
        successors: vec![],
        loc,
    };
    b.insert(spec);
    let [to_dealloc, to_retain, conds, dealloc_out, retain_out] = [args[0], args[1], args[2], args[3], args[4]];
    b.ip = InsertPoint::End(block);
    let c0 = index_const(&mut b, 0);
    let c1 = index_const(&mut b, 1);
    let t = bool_const(&mut b, true);
    let fv = bool_const(&mut b, false);
    let dim = |b: &mut Builder<'_>, v: Value| memref::DimOp::create(b, v, c0, &[index], vec![]).result(b.ctx);
    let dealloc_size = dim(&mut b, to_dealloc);
    let retain_size = dim(&mut b, to_retain);
    for_loop(&mut b, c0, retain_size, c1, &[], |b, i, _| {
        store(b, fv, retain_out, i);
        Vec::new()
    });
    for_loop(&mut b, c0, dealloc_size, c1, &[], |b, outer, _| {
        let m = load(b, to_dealloc, outer, index);
        let cond = load(b, conds, outer, i1);
        let no_retain_alias = for_loop(b, c0, retain_size, c1, &[t], |b, i, acc| {
            let r = load(b, to_retain, i, index);
            let aliases = cmpi(b, EQ, r, m);
            if_then(b, aliases, |b| {
                let old = load(b, retain_out, i, i1);
                let joined = binary(b, OrIOp::NAME, old, cond);
                store(b, joined, retain_out, i);
            });
            let differs = cmpi(b, NE, r, m);
            vec![binary(b, AndIOp::NAME, acc[0], differs)]
        });
        let no_alias = for_loop(b, c0, outer, c1, &[no_retain_alias[0]], |b, i, acc| {
            let prev = load(b, to_dealloc, i, index);
            let differs = cmpi(b, NE, prev, m);
            vec![binary(b, AndIOp::NAME, acc[0], differs)]
        });
        let should = binary(b, AndIOp::NAME, no_alias[0], cond);
        store(b, should, dealloc_out, outer);
        Vec::new()
    });
    b.op(func::ReturnOp::NAME, &[], &[], &[]);
    let _: Loc = loc;
    name
}

/// `scf.for %i = lb to ub step step iter_args(inits)` with a body built by
/// `body` from the induction variable and the iteration values; its
/// results.
fn for_loop(
    b: &mut Builder<'_>,
    lb: Value,
    ub: Value,
    step: Value,
    inits: &[Value],
    body: impl FnOnce(&mut Builder<'_>, Value, &[Value]) -> Vec<Value>,
) -> Vec<Value> {
    let lp = scf::ForOp::build(b, lb, ub, step, inits);
    let block = b.ctx.blocks(b.ctx.regions(lp.0)[0])[0];
    let args = b.ctx.block_args(block).to_vec();
    let saved = b.ip;
    b.ip = match b.ctx.last_op(block) {
        Some(t) => InsertPoint::Before(t),
        None => InsertPoint::End(block),
    };
    let yielded = body(b, args[0], &args[1..]);
    match b.ctx.last_op(block) {
        Some(t) if scf::YieldOp::isa(b.ctx, t) => {
            for (k, v) in yielded.into_iter().enumerate() {
                b.ctx.set_operand(t, k, v);
            }
        }
        _ => {
            scf::YieldOp::build(b, &yielded);
        }
    }
    b.ip = saved;
    b.ctx.results(lp.0).to_vec()
}

/// `base`, or `base_N` if the module already has a symbol of that name.
fn unique_name(ctx: &Context, module: OpId, base: &str) -> String {
    let taken = |n: &str| {
        ctx.nested_ops(module).into_iter().any(|o| {
            ctx.get_attr(o, "sym_name").is_some_and(
                |a| matches!(ctx.attr_kind(a), tessel_ir::attrs::AttrKind::String { value, .. } if value == n),
            )
        })
    };
    if !taken(base) {
        return base.to_string();
    }
    (0..).map(|i| format!("{base}_{i}")).find(|n| !taken(n)).expect("a free name")
}
