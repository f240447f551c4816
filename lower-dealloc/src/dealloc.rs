//! Lowering of one `bufferization.dealloc` (the four cases).

use ir::dialects::arith::{AndIOp, CmpIOp, CmpIPredicate, ConstantOp, XOrIOp};
use ir::dialects::bufferization::DeallocOp;
use ir::dialects::func::CallOp;
use ir::dialects::memref::{
    self, AllocOp, CastOp, ExtractAlignedPointerAsIndexOp, LoadOp, StoreOp,
};
use ir::dialects::scf::{IfOp, YieldOp};
use ir::{Attr, Builder, Context, Diagnostic, InsertPoint, Op, Type, TypeData, Value};

/// The operand groups of a dealloc, read once.
struct Groups {
    memrefs: Vec<Value>,
    conditions: Vec<Value>,
    retained: Vec<Value>,
}

impl Groups {
    fn of(ctx: &Context, dealloc: DeallocOp) -> Self {
        Groups {
            memrefs: dealloc.memrefs(ctx).collect(),
            conditions: dealloc.conditions(ctx).collect(),
            retained: dealloc.retained(ctx).collect(),
        }
    }
}

/// Lowers one `bufferization.dealloc`; `helper` names the `@dealloc_helper` of its symbol
/// table, needed only when it has more than one memref.
pub fn lower_dealloc_op(
    ctx: &mut Context,
    op: Op,
    helper: Option<&str>,
) -> Result<(), Vec<Diagnostic>> {
    let d = Groups::of(ctx, DeallocOp(op));
    if d.memrefs.len() != d.conditions.len() || ctx.results(op).len() != d.retained.len() {
        return Err(vec![Diagnostic::error(
            ctx.op_loc(op),
            "malformed 'bufferization.dealloc'",
        )]);
    }
    tracing::debug!(
        at = %ir::diag::loc_text(ctx, ctx.op_loc(op)),
        memrefs = d.memrefs.len(),
        retained = d.retained.len(),
        "lowered: no memref, constants; one memref and nothing retained, a guarded free; \
         otherwise the helper's runtime alias checks"
    );
    let mut b = Builder::before(ctx, op);
    let replacements = match (d.memrefs.len(), d.retained.len()) {
        (0, _) => lower_empty(&mut b, d.retained.len()),
        (1, 0) => {
            dealloc_if(&mut b, d.conditions[0], d.memrefs[0]);
            Vec::new()
        }
        (1, _) => lower_one_memref(&mut b, &d),
        _ => match helper {
            Some(name) => lower_generic(&mut b, &d, name),
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

/// No memref: every retained value's ownership is `false`.
///
/// ```text
/// %r = bufferization.dealloc retain (%x : memref<2xf32>)
/// return %r : i1
/// // becomes
/// %false = arith.constant false
/// return %false : i1
/// ```
fn lower_empty(b: &mut Builder, retained: usize) -> Vec<Value> {
    if retained == 0 {
        return Vec::new();
    }
    let f = ConstantOp::build_bool(b, false).result(b);
    vec![f; retained]
}

/// `scf.if %cond { memref.dealloc %m }`: the case of one memref and nothing retained.
///
/// ```text
/// bufferization.dealloc (%m : memref<2xf32>) if (%c)
/// // becomes
/// scf.if %arg1 {
///   memref.dealloc %arg0 : memref<2xf32>
/// }
/// ```
pub(crate) fn dealloc_if(b: &mut Builder, cond: Value, m: Value) {
    let guard = IfOp::build(b, cond, &[], false);
    if let Some(then_block) = guard.then_block(b) {
        b.with_insertion_point(InsertPoint::End(then_block), |b| {
            memref::DeallocOp::build(b, m);
            YieldOp::build(b, &[]);
        });
    }
}

/// One memref, N retained: linear code, no helper. The memref is freed if its condition holds
/// and its pointer differs from every retained one; retained value `k` is owned if it is the
/// memref (same pointer) and the condition holds.
///
/// ```text
/// func.func @one_retained(%m: memref<2xf32>, %c: i1, %x: memref<2xf32>) -> i1 {
///   %r = bufferization.dealloc (%m : memref<2xf32>) if (%c) retain (%x : memref<2xf32>)
///   return %r : i1
/// // becomes
/// func.func @one_retained(%arg0: memref<2xf32>, %arg1: i1, %arg2: memref<2xf32>) -> i1 {
///   %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<2xf32> -> index
///   %intptr_0 = memref.extract_aligned_pointer_as_index %arg2 : memref<2xf32> -> index
///   %0 = arith.cmpi ne, %intptr, %intptr_0 : index
///   %1 = arith.andi %0, %arg1 : i1
///   scf.if %1 {
///     memref.dealloc %arg0 : memref<2xf32>
///   }
///   %true = arith.constant true
///   %2 = arith.xori %0, %true : i1
///   %3 = arith.andi %2, %arg1 : i1
///   return %3 : i1
/// ```
fn lower_one_memref(b: &mut Builder, d: &Groups) -> Vec<Value> {
    let (m, cond) = (d.memrefs[0], d.conditions[0]);
    let m_ptr = ExtractAlignedPointerAsIndexOp::build(b, m).result(b);
    let mut not_aliasing = Vec::new();
    for &r in &d.retained {
        let r_ptr = ExtractAlignedPointerAsIndexOp::build(b, r).result(b);
        not_aliasing.push(CmpIOp::build(b, CmpIPredicate::Ne, m_ptr, r_ptr).result(b));
    }
    let mut all = not_aliasing[0];
    for &v in &not_aliasing[1..] {
        all = AndIOp::build(b, all, v).result(b);
    }
    let should = AndIOp::build(b, all, cond).result(b);
    dealloc_if(b, should, m);
    let t = ConstantOp::build_bool(b, true).result(b);
    not_aliasing
        .into_iter()
        .map(|na| {
            let aliases = XOrIOp::build(b, na, t).result(b);
            AndIOp::build(b, aliases, cond).result(b)
        })
        .collect()
}

/// A rank-1 identity memref type of `elem` in `memory_space`, of static size `n` (or dynamic
/// with `None`).
pub(crate) fn rank1_type(
    ctx: &mut Context,
    n: Option<i64>,
    elem: Type,
    memory_space: Option<Attr>,
) -> Type {
    ctx.ty(TypeData::MemRef {
        shape: vec![n.unwrap_or(ir::DYNAMIC)],
        elem,
        layout: None,
        memory_space,
    })
}

/// The helper's input buffers: pointers to free, their conditions, pointers to retain.
struct HelperInputs {
    to_dealloc: Value,
    conditions: Value,
    to_retain: Value,
}

/// The generic case: store pointers and conditions in buffers, call the helper, free what it
/// says.
///
/// ```text
/// %r = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%ca, %cb)
///        retain (%x : memref<2xf32>)
/// // becomes (%arg0, %arg1 are %a, %b; %arg2, %arg3 the conditions; %arg4 is %x)
/// %alloc = memref.alloc() : memref<2xindex>
/// %alloc_0 = memref.alloc() : memref<2xi1>
/// %alloc_1 = memref.alloc() : memref<1xindex>
/// %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<2xf32> -> index
/// %c0 = arith.constant 0 : index
/// memref.store %intptr, %alloc[%c0] : memref<2xindex>
/// ...                                      // %arg1's pointer, the conditions, %arg4's pointer
/// %cast = memref.cast %alloc : memref<2xindex> to memref<?xindex>
/// %cast_7 = memref.cast %alloc_0 : memref<2xi1> to memref<?xi1>
/// %cast_8 = memref.cast %alloc_1 : memref<1xindex> to memref<?xindex>
/// %alloc_9 = memref.alloc() : memref<2xi1>
/// %alloc_10 = memref.alloc() : memref<1xi1>
/// %cast_11 = memref.cast %alloc_9 : memref<2xi1> to memref<?xi1>
/// %cast_12 = memref.cast %alloc_10 : memref<1xi1> to memref<?xi1>
/// call @dealloc_helper(%cast, %cast_8, %cast_7, %cast_11, %cast_12) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
/// %c0_13 = arith.constant 0 : index
/// %0 = memref.load %alloc_9[%c0_13] : memref<2xi1>
/// scf.if %0 {
///   memref.dealloc %arg0 : memref<2xf32>
/// }
/// ...                                      // the same for %arg1
/// %c0_15 = arith.constant 0 : index
/// %2 = memref.load %alloc_10[%c0_15] : memref<1xi1>    // replaces %r
/// memref.dealloc %alloc : memref<2xindex>
/// memref.dealloc %alloc_1 : memref<1xindex>
/// memref.dealloc %alloc_0 : memref<2xi1>
/// memref.dealloc %alloc_9 : memref<2xi1>
/// memref.dealloc %alloc_10 : memref<1xi1>
/// ```
fn lower_generic(b: &mut Builder, d: &Groups, helper: &str) -> Vec<Value> {
    let inputs = fill_helper_inputs(b, d);
    let (index, i1) = (b.ctx().index_type(), b.ctx().i1_type());
    let dynamic_index = rank1_type(b.ctx(), None, index, None);
    let dynamic_i1 = rank1_type(b.ctx(), None, i1, None);
    let to_dealloc = CastOp::build(b, inputs.to_dealloc, dynamic_index).result(b);
    let conditions = CastOp::build(b, inputs.conditions, dynamic_i1).result(b);
    let to_retain = CastOp::build(b, inputs.to_retain, dynamic_index).result(b);
    let (n, m) = (d.memrefs.len() as i64, d.retained.len() as i64);
    let i1_n = rank1_type(b.ctx(), Some(n), i1, None);
    let i1_m = rank1_type(b.ctx(), Some(m), i1, None);
    let dealloc_out = AllocOp::build(b, i1_n, &[]).result(b);
    let retain_out = AllocOp::build(b, i1_m, &[]).result(b);
    let args = [
        to_dealloc,
        to_retain,
        conditions,
        CastOp::build(b, dealloc_out, dynamic_i1).result(b),
        CastOp::build(b, retain_out, dynamic_i1).result(b),
    ];
    CallOp::build(b, helper, &args, &[]);
    for (i, &v) in d.memrefs.iter().enumerate() {
        let c = ConstantOp::build_index(b, i as i64).result(b);
        let should = LoadOp::build(b, dealloc_out, &[c]).result(b);
        dealloc_if(b, should, v);
    }
    let mut replacements = Vec::new();
    for i in 0..d.retained.len() {
        let c = ConstantOp::build_index(b, i as i64).result(b);
        replacements.push(LoadOp::build(b, retain_out, &[c]).result(b));
    }
    let temporaries = [
        inputs.to_dealloc,
        inputs.to_retain,
        inputs.conditions,
        dealloc_out,
        retain_out,
    ];
    for buffer in temporaries {
        memref::DeallocOp::build(b, buffer);
    }
    replacements
}

/// Allocates the helper's input buffers and stores the pointers and conditions in them.
fn fill_helper_inputs(b: &mut Builder, d: &Groups) -> HelperInputs {
    let (index, i1) = (b.ctx().index_type(), b.ctx().i1_type());
    let (n, m) = (d.memrefs.len() as i64, d.retained.len() as i64);
    let index_n = rank1_type(b.ctx(), Some(n), index, None);
    let i1_n = rank1_type(b.ctx(), Some(n), i1, None);
    let index_m = rank1_type(b.ctx(), Some(m), index, None);
    let to_dealloc = AllocOp::build(b, index_n, &[]).result(b);
    let conditions = AllocOp::build(b, i1_n, &[]).result(b);
    let to_retain = AllocOp::build(b, index_m, &[]).result(b);
    for (i, &v) in d.memrefs.iter().enumerate() {
        let pointer = ExtractAlignedPointerAsIndexOp::build(b, v).result(b);
        let c = ConstantOp::build_index(b, i as i64).result(b);
        StoreOp::build(b, pointer, to_dealloc, &[c]);
    }
    for (i, &v) in d.conditions.iter().enumerate() {
        let c = ConstantOp::build_index(b, i as i64).result(b);
        StoreOp::build(b, v, conditions, &[c]);
    }
    for (i, &v) in d.retained.iter().enumerate() {
        let pointer = ExtractAlignedPointerAsIndexOp::build(b, v).result(b);
        let c = ConstantOp::build_index(b, i as i64).result(b);
        StoreOp::build(b, pointer, to_retain, &[c]);
    }
    HelperInputs {
        to_dealloc,
        conditions,
        to_retain,
    }
}
