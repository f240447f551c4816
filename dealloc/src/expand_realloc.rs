//! `expand-realloc`: rewrites `memref.realloc` into its components, as MLIR 22's
//! `ExpandReallocOpPattern` does:
//!
//! ```mlir
//! %cur = memref.dim %src, %c0            // or a constant for a static source
//! %grow = arith.cmpi ult, %cur, %new
//! %r = scf.if %grow -> (memref<?xf32>) {
//!   %alloc = memref.alloc(%new) : memref<?xf32>        // keeps `alignment`
//!   %subview = memref.subview %alloc[0] [%cur] [1]
//!   memref.copy %src, %subview
//!   memref.dealloc %src                              // only with `emit-deallocs`
//!   scf.yield %alloc
//! } else {
//!   %rc = memref.reinterpret_cast %src to offset: [0], sizes: [%new], strides: [1]
//!   scf.yield %rc
//! }
//! ```
//!
//! When both sizes are static, only the branch that runs is emitted, without `scf.if` (MLIR 22
//! emits both, and for a shrinking realloc the copy's subview is out of bounds, which fails
//! verification).
//!
//! Only rank-1 memrefs with the identity layout can be reallocated (the op's verifier
//! guarantees it); an op that does not have that shape is reported instead of expanded.

use ir::dialects::arith::{CmpIOp, CmpIPredicate, ConstantOp};
use ir::dialects::memref::{
    AllocOp, CopyOp, DeallocOp, DimOp, Mixed, Rank1MemRef, ReallocOp, ReinterpretCastOp, SubViewOp,
};
use ir::dialects::scf::{IfOp, YieldOp};
use ir::{
    Attr, AttrData, Builder, Context, DYNAMIC, Diagnostic, InsertPoint, Op, OpView, Type, TypeData,
    Value,
};

/// Options of `expand-realloc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpandReallocOptions {
    /// Free the old buffer after copying (`emit-deallocs`, default true).
    pub emit_deallocs: bool,
}

impl Default for ExpandReallocOptions {
    fn default() -> Self {
        ExpandReallocOptions {
            emit_deallocs: true,
        }
    }
}

/// The ops the expansion creates: all must be registered.
const OPS_CREATED: [&str; 10] = [
    ConstantOp::NAME,
    DimOp::NAME,
    CmpIOp::NAME,
    IfOp::NAME,
    YieldOp::NAME,
    AllocOp::NAME,
    SubViewOp::NAME,
    CopyOp::NAME,
    DeallocOp::NAME,
    ReinterpretCastOp::NAME,
];

/// Expands every `memref.realloc` nested in `root`.
pub fn expand_realloc(
    ctx: &mut Context,
    root: Op,
    options: &ExpandReallocOptions,
) -> Result<(), Vec<Diagnostic>> {
    let mut reallocs: Vec<ReallocOp> = Vec::new();
    ctx.for_each_preorder(root, |op| {
        if let Some(realloc) = ReallocOp::of(ctx, op) {
            reallocs.push(realloc);
        }
    });
    if reallocs.is_empty() {
        return Ok(());
    }
    if OPS_CREATED
        .iter()
        .any(|name| ctx.registry.lookup(name).is_none())
    {
        return Err(vec![Diagnostic::error(
            ctx.op_loc(root),
            "the dialects expand-realloc emits are not registered",
        )]);
    }
    let errors: Vec<Diagnostic> = reallocs
        .into_iter()
        .filter_map(|realloc| expand(ctx, realloc, options).err())
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A static size or a runtime `index` value (MLIR's `OpFoldResult`).
type Size = Mixed;

/// What the expansion of one realloc needs to know.
struct Realloc {
    source: Value,
    result_type: Type,
    source_shape: Rank1MemRef,
    /// The source's size (a `memref.dim` of it once built, when dynamic).
    current: Size,
    /// The result's size.
    target: Size,
    /// The realloc's size operand, for a dynamic result size.
    dynamic_size: Option<Value>,
    alignment: Option<Attr>,
    emit_deallocs: bool,
}

/// Reads `realloc`, or reports why it cannot be expanded.
fn inspect(
    ctx: &Context,
    realloc: ReallocOp,
    options: &ExpandReallocOptions,
) -> Result<Realloc, Diagnostic> {
    let op = realloc.op();
    let unsupported = || {
        Diagnostic::error(
            ctx.op_loc(op),
            "'memref.realloc' op cannot be expanded: expected a rank-1 memref with identity layout",
        )
    };
    if ctx.num_operands(op) == 0 || ctx.results(op).len() != 1 {
        return Err(unsupported());
    }
    let source = realloc.source(ctx);
    let result_type = ctx.value_type(realloc.result(ctx));
    let (Some(source_shape), Some(result_shape)) = (
        Rank1MemRef::of(ctx, ctx.value_type(source)),
        Rank1MemRef::of(ctx, result_type),
    ) else {
        return Err(unsupported());
    };
    let dynamic_size = realloc.dynamic_result_size(ctx);
    let target = match (result_shape.size == DYNAMIC, dynamic_size) {
        (true, Some(v)) => Size::Dynamic(v),
        (false, _) => Size::Static(result_shape.size),
        (true, None) => return Err(unsupported()),
    };
    Ok(Realloc {
        source,
        result_type,
        current: Size::Static(source_shape.size),
        source_shape,
        target,
        dynamic_size,
        alignment: realloc.alignment(ctx),
        emit_deallocs: options.emit_deallocs,
    })
}

/// Replaces `realloc` by its expansion.
fn expand(
    ctx: &mut Context,
    realloc: ReallocOp,
    options: &ExpandReallocOptions,
) -> Result<(), Diagnostic> {
    let mut r = inspect(ctx, realloc, options)?;
    let op = realloc.op();
    let old_result = realloc.result(ctx);
    let mut b = Builder::before(ctx, op);
    // The current size: a constant, or `memref.dim %src, %c0`.
    if r.source_shape.size == DYNAMIC {
        let c0 = ConstantOp::build_index(&mut b, 0).result(&b);
        r.current = Size::Dynamic(DimOp::build(&mut b, r.source, c0).result(&b));
    }
    let at = ir::diag::loc_text(&b, b.op_loc(op));
    let (branches, why) = match (r.current, r.target) {
        (Size::Static(old), Size::Static(new)) if old < new => ("grow", "both sizes known"),
        (Size::Static(_), Size::Static(_)) => ("shrink", "both sizes known"),
        _ => ("grow or shrink", "a size is known only at runtime"),
    };
    tracing::debug!(%at, "realloc expanded into {branches}: {why}");
    let replacement = match (r.current, r.target) {
        // Both sizes known: expand only the branch that runs. (MLIR 22 builds both, and the
        // copy's subview of a shrinking realloc is out of bounds: invalid IR.)
        (Size::Static(old), Size::Static(new)) if old < new => grow(&mut b, &r, None),
        (Size::Static(_), Size::Static(_)) => shrink(&mut b, &r),
        _ => grow_or_shrink(&mut b, &r),
    };
    ctx.replace_all_uses_with(old_result, replacement);
    ctx.erase_op(op);
    Ok(())
}

/// `scf.if (current < target) { grow } else { shrink }`; returns its result.
fn grow_or_shrink(b: &mut Builder, r: &Realloc) -> Value {
    let lhs = materialize(b, r.current);
    let rhs = materialize(b, r.target);
    let grows = CmpIOp::build(b, CmpIPredicate::Ult, lhs, rhs).result(b);
    let choice = IfOp::build(b, grows, &[r.result_type], true);
    if let Some(then_block) = choice.then_block(b) {
        b.with_insertion_point(InsertPoint::End(then_block), |b| {
            let grown = grow(b, r, r.dynamic_size);
            YieldOp::build(b, &[grown]);
        });
    }
    if let Some(else_block) = choice.else_block(b) {
        b.with_insertion_point(InsertPoint::End(else_block), |b| {
            let shrunk = shrink(b, r);
            YieldOp::build(b, &[shrunk]);
        });
    }
    choice.results(b)[0]
}

/// Allocates the new buffer (with `dynamic_size` as its size), copies the old contents into
/// its first `current` elements, frees the old buffer; returns the new one.
fn grow(b: &mut Builder, r: &Realloc, dynamic_size: Option<Value>) -> Value {
    let dynamic_sizes: Vec<Value> = dynamic_size.into_iter().collect();
    let alloc = AllocOp::build_aligned(b, r.result_type, &dynamic_sizes, r.alignment);
    let new_buffer = alloc.result(b);
    let view_size = match r.current {
        Size::Static(n) => n,
        Size::Dynamic(_) => DYNAMIC,
    };
    let strided = b.ctx().attr(AttrData::Strided {
        strides: vec![1],
        offset: 0,
    });
    let view_type = b.ctx().ty(TypeData::MemRef {
        shape: vec![view_size],
        elem: r.source_shape.elem,
        layout: Some(strided),
        memory_space: r.source_shape.memory_space,
    });
    let window = (
        &[Size::Static(0)][..],
        &[r.current][..],
        &[Size::Static(1)][..],
    );
    let view = SubViewOp::build(b, new_buffer, view_type, window).result(b);
    CopyOp::build(b, r.source, view);
    if r.emit_deallocs {
        DeallocOp::build(b, r.source);
    }
    new_buffer
}

/// The old buffer, reinterpreted with the new size.
fn shrink(b: &mut Builder, r: &Realloc) -> Value {
    let layout = (Size::Static(0), &[r.target][..], &[Size::Static(1)][..]);
    ReinterpretCastOp::build(b, r.source, r.result_type, layout).result(b)
}

/// `size` as a value: its own, or a new `index` constant.
fn materialize(b: &mut Builder, size: Size) -> Value {
    match size {
        Size::Static(n) => ConstantOp::build_index(b, n).result(b),
        Size::Dynamic(v) => v,
    }
}
