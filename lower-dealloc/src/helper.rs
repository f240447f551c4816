//! The `@dealloc_helper` library function of the generic lowering.
//!
//! Arguments: (A) pointers of the memrefs to free, (B) pointers of the retained memrefs, (C)
//! the conditions, (D) out: whether to free each memref of A, (E) out: the updated ownership
//! of each retained value. For each i:
//! `D[i] = C[i] ∧ ∀k: B[k] ≠ A[i] ∧ ∀j<i: (A[j] ≠ A[i] ∨ ¬C[j])`, and
//! `E[k] = ∨ { C[i] | A[i] = B[k] }`. The `¬C[j]` term is where we differ from MLIR (and from
//! the op's definition, see the crate doc): an earlier aliasing entry only takes over the free
//! when its own condition holds, so a later owner still frees the buffer, once.

use ir::dialects::arith::{AndIOp, CmpIOp, CmpIPredicate, ConstantOp, OrIOp, XOrIOp};
use ir::dialects::func::{FuncOp, ReturnOp};
use ir::dialects::memref::{DimOp, LoadOp, StoreOp};
use ir::dialects::scf::{ForOp, IfOp, YieldOp};
use ir::{Builder, Context, InsertPoint, Op, Traits, Value};

use ir::dialects::bufferization::copy::rank1_type;

/// Creates a private `@dealloc_helper` (renamed `_N` on a clash) at the end of symbol table
/// `table`; returns its name.
///
/// ```text
/// func.func private @dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
///   %c0 = arith.constant 0 : index
///   %c1 = arith.constant 1 : index
///   %true = arith.constant true
///   %false = arith.constant false
///   %dim = memref.dim %arg0, %c0 : memref<?xindex>
///   %dim_0 = memref.dim %arg1, %c0 : memref<?xindex>
///   scf.for %arg5 = %c0 to %dim_0 step %c1 {
///     memref.store %false, %arg4[%arg5] : memref<?xi1>
///   }
///   scf.for %arg5 = %c0 to %dim step %c1 {
///     %0 = memref.load %arg0[%arg5] : memref<?xindex>
///     %1 = memref.load %arg2[%arg5] : memref<?xi1>
///     %2 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %true) -> (i1) {
///       %5 = memref.load %arg1[%arg6] : memref<?xindex>
///       %6 = arith.cmpi eq, %5, %0 : index
///       scf.if %6 {
///         %9 = memref.load %arg4[%arg6] : memref<?xi1>
///         %10 = arith.ori %9, %1 : i1
///         memref.store %10, %arg4[%arg6] : memref<?xi1>
///       }
///       %7 = arith.cmpi ne, %5, %0 : index
///       %8 = arith.andi %arg7, %7 : i1
///       scf.yield %8 : i1
///     }
///     %3 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %2) -> (i1) {
///       %5 = memref.load %arg0[%arg6] : memref<?xindex>
///       %6 = memref.load %arg2[%arg6] : memref<?xi1>
///       %7 = arith.cmpi ne, %5, %0 : index
///       %8 = arith.xori %6, %true : i1
///       %9 = arith.ori %7, %8 : i1
///       %10 = arith.andi %arg7, %9 : i1
///       scf.yield %10 : i1
///     }
///     %4 = arith.andi %3, %1 : i1
///     memref.store %4, %arg3[%arg5] : memref<?xi1>
///   }
///   return
/// }
/// ```
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
    let index_buffer = rank1_type(ctx, None, index, None);
    let i1_buffer = rank1_type(ctx, None, i1, None);
    let inputs = [index_buffer, index_buffer, i1_buffer, i1_buffer, i1_buffer];
    let loc = ctx.op_loc(table);
    let ip = match ctx.last_op(body_block) {
        Some(t) if ctx.has_trait(t, Traits::TERMINATOR) => InsertPoint::Before(t),
        _ => InsertPoint::End(body_block),
    };
    let mut b = Builder::new(ctx, ip, loc);
    let helper = FuncOp::build(&mut b, &name, (&inputs, &[]), Some("private"));
    let Some(entry) = helper.entry_block(&b) else {
        return name;
    };
    let args = helper.arguments(&b).to_vec();
    b.set_insertion_point(InsertPoint::End(entry));
    emit_body(&mut b, &args);
    ReturnOp::build(&mut b, &[]);
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

/// The helper's arguments (A to E in the module docs) and the constants its loops share.
struct HelperArgs {
    to_dealloc: Value,
    to_retain: Value,
    conditions: Value,
    dealloc_out: Value,
    retain_out: Value,
    c0: Value,
    c1: Value,
    t: Value,
}

/// Emits `f` into the end of the body of `for_op`, then returns to the current point; `f`
/// gets the body's arguments (induction variable first).
fn in_loop_body(b: &mut Builder, for_op: ForOp, f: impl FnOnce(&mut Builder, &[Value])) {
    let Some(body) = for_op.body(b) else {
        return;
    };
    let args = b.block_args(body).to_vec();
    b.with_insertion_point(InsertPoint::End(body), |b| f(b, &args));
}

fn emit_body(b: &mut Builder, args: &[Value]) {
    let &[to_dealloc, to_retain, conditions, dealloc_out, retain_out] = args else {
        return;
    };
    let c0 = ConstantOp::build_index(b, 0).result(b);
    let c1 = ConstantOp::build_index(b, 1).result(b);
    let t = ConstantOp::build_bool(b, true).result(b);
    let f = ConstantOp::build_bool(b, false).result(b);
    let n = DimOp::build(b, to_dealloc, c0).result(b);
    let m = DimOp::build(b, to_retain, c0).result(b);
    let a = HelperArgs {
        to_dealloc,
        to_retain,
        conditions,
        dealloc_out,
        retain_out,
        c0,
        c1,
        t,
    };

    // E[k] = false.
    let zero_loop = ForOp::build(b, c0, m, c1, &[]);
    in_loop_body(b, zero_loop, |b, body| {
        StoreOp::build(b, f, retain_out, &[body[0]]);
        YieldOp::build(b, &[]);
    });

    let main_loop = ForOp::build(b, c0, n, c1, &[]);
    in_loop_body(b, main_loop, |b, body| emit_entry(b, &a, body[0], m));
}

/// The body of the loop over the memrefs to free, for entry `i`.
fn emit_entry(b: &mut Builder, a: &HelperArgs, i: Value, m: Value) {
    let ptr = LoadOp::build(b, a.to_dealloc, &[i]).result(b);
    let cond = LoadOp::build(b, a.conditions, &[i]).result(b);

    // Retained values: OR the condition into the aliasing ones; AND of "does not alias".
    let retain_loop = ForOp::build(b, a.c0, m, a.c1, &[a.t]);
    in_loop_body(b, retain_loop, |b, body| {
        let (k, acc) = (body[0], body[1]);
        let r_ptr = LoadOp::build(b, a.to_retain, &[k]).result(b);
        let aliases = CmpIOp::build(b, CmpIPredicate::Eq, r_ptr, ptr).result(b);
        let update = IfOp::build(b, aliases, &[], false);
        if let Some(then_block) = update.then_block(b) {
            b.with_insertion_point(InsertPoint::End(then_block), |b| {
                let current = LoadOp::build(b, a.retain_out, &[k]).result(b);
                let updated = OrIOp::build(b, current, cond).result(b);
                StoreOp::build(b, updated, a.retain_out, &[k]);
                YieldOp::build(b, &[]);
            });
        }
        let distinct = CmpIOp::build(b, CmpIPredicate::Ne, r_ptr, ptr).result(b);
        let next = AndIOp::build(b, acc, distinct).result(b);
        YieldOp::build(b, &[next]);
    });
    let no_retain_alias = retain_loop.results(b)[0];

    // Earlier entries: only one whose condition holds takes over the free.
    let previous_loop = ForOp::build(b, a.c0, i, a.c1, &[no_retain_alias]);
    in_loop_body(b, previous_loop, |b, body| {
        let (j, acc) = (body[0], body[1]);
        let prev_ptr = LoadOp::build(b, a.to_dealloc, &[j]).result(b);
        let prev_cond = LoadOp::build(b, a.conditions, &[j]).result(b);
        let distinct = CmpIOp::build(b, CmpIPredicate::Ne, prev_ptr, ptr).result(b);
        let prev_not_freeing = XOrIOp::build(b, prev_cond, a.t).result(b);
        let not_taken = OrIOp::build(b, distinct, prev_not_freeing).result(b);
        let next = AndIOp::build(b, acc, not_taken).result(b);
        YieldOp::build(b, &[next]);
    });
    let no_alias = previous_loop.results(b)[0];
    let should = AndIOp::build(b, no_alias, cond).result(b);
    StoreOp::build(b, should, a.dealloc_out, &[i]);
    YieldOp::build(b, &[]);
}
