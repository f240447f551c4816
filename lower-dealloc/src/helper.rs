//! The `@dealloc_helper` library function of the generic lowering.
//!
//! Arguments: (A) pointers of the memrefs to free, (B) pointers of the retained memrefs, (C)
//! the conditions, (D) out: whether to free each memref of A, (E) out: the updated ownership
//! of each retained value. For each i:
//! `D[i] = C[i] ∧ ∀k: B[k] ≠ A[i] ∧ ∀j<i: (A[j] ≠ A[i] ∨ ¬C[j])`, and
//! `E[k] = ∨ { C[i] | A[i] = B[k] }`. The `¬C[j]` term is where we differ from MLIR: an
//! earlier aliasing entry only takes over the free when its own condition holds.

use ir::{Context, Op, Traits, TypeData, Value};

use crate::build::{At, Cmp, Emitter};

/// Creates a private `@dealloc_helper` (renamed `_N` on a clash) at the end of symbol table
/// `table`; returns its name.
pub(crate) fn build_helper(ctx: &mut Context, table: Op) -> String {
    let name = unique_name(ctx, table, "dealloc_helper");
    let Some(&region) = ctx.regions(table).first() else {
        return name;
    };
    let body_block = match ctx.entry_block(region) {
        Some(b) => b,
        None => {
            let b = ctx.create_block();
            ctx.append_block(region, b);
            b
        }
    };
    let index = ctx.index_type();
    let i1 = ctx.i1_type();
    let dyn_of = |ctx: &mut Context, elem| {
        ctx.ty(TypeData::MemRef {
            shape: vec![ir::DYNAMIC],
            elem,
            layout: None,
            memory_space: None,
        })
    };
    let idx_buf = dyn_of(ctx, index);
    let i1_buf = dyn_of(ctx, i1);
    let inputs = vec![idx_buf, idx_buf, i1_buf, i1_buf, i1_buf];
    let fty = ctx.ty(TypeData::Function {
        inputs: inputs.clone(),
        results: Vec::new(),
    });
    let loc = ctx.op_loc(table);
    let region = ctx.create_region();
    let entry = ctx.create_block();
    ctx.append_block(region, entry);
    let args: Vec<Value> = inputs
        .iter()
        .map(|&t| ctx.add_block_arg(entry, t))
        .collect();
    let name_attr = ctx.str_attr(&name);
    let type_attr = ctx.type_attr(fty);
    let private = ctx.str_attr("private");
    let mut e = Emitter {
        ctx,
        at: At::End(body_block),
        loc,
    };
    let before_terminator = e
        .ctx
        .last_op(body_block)
        .filter(|&t| e.ctx.has_trait(t, Traits::TERMINATOR));
    if let Some(t) = before_terminator {
        e.at = At::Before(t);
    }
    e.op(
        "func.func",
        &[],
        &[],
        &[
            ("function_type", type_attr),
            ("sym_name", name_attr),
            ("sym_visibility", private),
        ],
        vec![region],
    );
    e.at = At::End(entry);
    emit_body(&mut e, &args);
    e.op("func.return", &[], &[], &[], Vec::new());
    name
}

fn unique_name(ctx: &Context, table: Op, base: &str) -> String {
    if ctx.lookup_symbol_in(table, base).is_none() {
        return base.to_string();
    }
    (0..)
        .map(|i| format!("{base}_{i}"))
        .find(|n| ctx.lookup_symbol_in(table, n).is_none())
        .unwrap_or_else(|| base.to_string())
}

fn emit_body(e: &mut Emitter<'_>, args: &[Value]) {
    let [to_dealloc, to_retain, conds, dealloc_out, retain_out] = args else {
        return;
    };
    let c0 = e.const_index(0);
    let c1 = e.const_index(1);
    let t = e.const_bool(true);
    let f = e.const_bool(false);
    let n = e.dim(*to_dealloc, c0);
    let m = e.dim(*to_retain, c0);

    // E[k] = false.
    let (_, zero_body) = e.for_loop(c0, m, c1, &[]);
    let outer = e.at;
    e.at = At::End(zero_body);
    let k = e.ctx.block_args(zero_body)[0];
    e.store(f, *retain_out, k);
    e.op("scf.yield", &[], &[], &[], Vec::new());
    e.at = outer;

    let (_, body) = e.for_loop(c0, n, c1, &[]);
    let function_level = e.at;
    e.at = At::End(body);
    let i = e.ctx.block_args(body)[0];
    let ptr = e.load(*to_dealloc, i);
    let cond = e.load(*conds, i);

    // Retained values: OR the condition into the aliasing ones; AND of "does not alias".
    let (retain_loop, rbody) = e.for_loop(c0, m, c1, &[t]);
    let loop_level = e.at;
    e.at = At::End(rbody);
    let (k, acc) = (e.ctx.block_args(rbody)[0], e.ctx.block_args(rbody)[1]);
    let r_ptr = e.load(*to_retain, k);
    let aliases = e.cmpi(Cmp::Eq, r_ptr, ptr);
    let (then_region, then_block) = e.region_with_block(&[]);
    let else_region = e.ctx.create_region();
    e.op(
        "scf.if",
        &[aliases],
        &[],
        &[],
        vec![then_region, else_region],
    );
    let if_level = e.at;
    e.at = At::End(then_block);
    let cur = e.load(*retain_out, k);
    let updated = e.ori(cur, cond);
    e.store(updated, *retain_out, k);
    e.op("scf.yield", &[], &[], &[], Vec::new());
    e.at = if_level;
    let distinct = e.cmpi(Cmp::Ne, r_ptr, ptr);
    let next = e.andi(acc, distinct);
    e.op("scf.yield", &[next], &[], &[], Vec::new());
    e.at = loop_level;
    let no_retain_alias = e.ctx.result(retain_loop, 0);

    // Earlier entries: only one whose condition holds takes over the free.
    let (prev_loop, pbody) = e.for_loop(c0, i, c1, &[no_retain_alias]);
    e.at = At::End(pbody);
    let (j, acc) = (e.ctx.block_args(pbody)[0], e.ctx.block_args(pbody)[1]);
    let prev_ptr = e.load(*to_dealloc, j);
    let prev_cond = e.load(*conds, j);
    let distinct = e.cmpi(Cmp::Ne, prev_ptr, ptr);
    let prev_not_freeing = e.xori(prev_cond, t);
    let not_taken = e.ori(distinct, prev_not_freeing);
    let next = e.andi(acc, not_taken);
    e.op("scf.yield", &[next], &[], &[], Vec::new());
    e.at = loop_level;
    let no_alias = e.ctx.result(prev_loop, 0);
    let should = e.andi(no_alias, cond);
    e.store(should, *dealloc_out, i);
    e.op("scf.yield", &[], &[], &[], Vec::new());
    e.at = function_level;
}
