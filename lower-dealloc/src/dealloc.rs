//! Lowering of one `bufferization.dealloc` (the four cases).

use ir::dialects::syntax::segment_values;
use ir::{Context, Diagnostic, Op, Type, Value};

use crate::build::{Cmp, Emitter};

/// The operand groups of a dealloc op.
pub(crate) struct DeallocOperands {
    pub(crate) memrefs: Vec<Value>,
    pub(crate) conditions: Vec<Value>,
    pub(crate) retained: Vec<Value>,
}

pub(crate) fn operands(ctx: &Context, op: Op) -> DeallocOperands {
    DeallocOperands {
        memrefs: segment_values(ctx, op, 0),
        conditions: segment_values(ctx, op, 1),
        retained: segment_values(ctx, op, 2),
    }
}

/// Lowers one `bufferization.dealloc`; `helper` names the `@dealloc_helper` of its symbol
/// table, needed only when it has more than one memref.
pub fn lower_dealloc_op(
    ctx: &mut Context,
    op: Op,
    helper: Option<&str>,
) -> Result<(), Vec<Diagnostic>> {
    let d = operands(ctx, op);
    if d.memrefs.len() != d.conditions.len() || ctx.results(op).len() != d.retained.len() {
        return Err(vec![Diagnostic::error(
            ctx.op_loc(op),
            "malformed 'bufferization.dealloc'",
        )]);
    }
    tracing::debug!(memrefs = ?d.memrefs.len(), "1 memref: a guarded free; more: the helper");
    let replacements = match (d.memrefs.len(), d.retained.len()) {
        (0, _) => lower_empty(ctx, op, d.retained.len()),
        (1, 0) => {
            Emitter::before(ctx, op).dealloc_if(d.conditions[0], d.memrefs[0]);
            Vec::new()
        }
        (1, _) => lower_one_memref(ctx, op, &d),
        _ => match helper {
            Some(name) => lower_generic(ctx, op, &d, name),
            None => {
                let loc = ctx.op_loc(op);
                return Err(vec![
                    Diagnostic::error(
                        loc,
                        "library function required for generic lowering, but cannot be automatically inserted when operating on functions",
                    )
                    .on_op(op),
                    Diagnostic::error(
                        loc,
                        "failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal",
                    )
                    .on_op(op),
                ]);
            }
        },
    };
    ctx.replace_op_uses(op, &replacements);
    ctx.erase_op(op);
    Ok(())
}

fn lower_empty(ctx: &mut Context, op: Op, retained: usize) -> Vec<Value> {
    if retained == 0 {
        return Vec::new();
    }
    let f = Emitter::before(ctx, op).const_bool(false);
    vec![f; retained]
}

/// One memref, N retained: linear code, no helper.
fn lower_one_memref(ctx: &mut Context, op: Op, d: &DeallocOperands) -> Vec<Value> {
    let mut e = Emitter::before(ctx, op);
    let (m, cond) = (d.memrefs[0], d.conditions[0]);
    let m_ptr = e.pointer(m);
    let mut not_aliasing = Vec::new();
    for &r in &d.retained {
        let r_ptr = e.pointer(r);
        not_aliasing.push(e.cmpi(Cmp::Ne, m_ptr, r_ptr));
    }
    let mut all = not_aliasing[0];
    for &v in &not_aliasing[1..] {
        all = e.andi(all, v);
    }
    let should = e.andi(all, cond);
    e.dealloc_if(should, m);
    let t = e.const_bool(true);
    not_aliasing
        .into_iter()
        .map(|na| {
            let aliases = e.xori(na, t);
            e.andi(aliases, cond)
        })
        .collect()
}

/// The generic case: store pointers and conditions in buffers, call the helper, free what it
/// says.
fn lower_generic(ctx: &mut Context, op: Op, d: &DeallocOperands, helper: &str) -> Vec<Value> {
    let mut e = Emitter::before(ctx, op);
    let (index, i1) = (e.index(), e.i1());
    let (n, m) = (d.memrefs.len(), d.retained.len());
    let idx_n = e.vector_type(Some(n), index);
    let i1_n = e.vector_type(Some(n), i1);
    let idx_m = e.vector_type(Some(m), index);
    let i1_m = e.vector_type(Some(m), i1);
    let dyn_idx = e.vector_type(None, index);
    let dyn_i1 = e.vector_type(None, i1);
    let to_dealloc = e.alloc(idx_n, &[]);
    let conds = e.alloc(i1_n, &[]);
    let to_retain = e.alloc(idx_m, &[]);
    for (i, &v) in d.memrefs.iter().enumerate() {
        let p = e.pointer(v);
        let c = e.const_index(i as i64);
        e.store(p, to_dealloc, c);
    }
    for (i, &v) in d.conditions.iter().enumerate() {
        let c = e.const_index(i as i64);
        e.store(v, conds, c);
    }
    for (i, &v) in d.retained.iter().enumerate() {
        let p = e.pointer(v);
        let c = e.const_index(i as i64);
        e.store(p, to_retain, c);
    }
    let dyn_dealloc = e.cast(to_dealloc, dyn_idx);
    let dyn_conds = e.cast(conds, dyn_i1);
    let dyn_retain = e.cast(to_retain, dyn_idx);
    let dealloc_out = e.alloc(i1_n, &[]);
    let retain_out = e.alloc(i1_m, &[]);
    let dyn_dealloc_out = e.cast(dealloc_out, dyn_i1);
    let dyn_retain_out = e.cast(retain_out, dyn_i1);
    let callee = e.ctx.symbol_ref_attr(helper);
    let no_results: [Type; 0] = [];
    e.op(
        "func.call",
        &[
            dyn_dealloc,
            dyn_retain,
            dyn_conds,
            dyn_dealloc_out,
            dyn_retain_out,
        ],
        &no_results,
        &[("callee", callee)],
        Vec::new(),
    );
    for (i, &v) in d.memrefs.iter().enumerate() {
        let c = e.const_index(i as i64);
        let should = e.load(dealloc_out, c);
        e.dealloc_if(should, v);
    }
    let mut replacements = Vec::new();
    for i in 0..m {
        let c = e.const_index(i as i64);
        replacements.push(e.load(retain_out, c));
    }
    for buf in [to_dealloc, to_retain, conds, dealloc_out, retain_out] {
        e.dealloc(buf);
    }
    replacements
}
