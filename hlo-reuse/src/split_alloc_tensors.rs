//! `hlo-split-alloc-tensors` (`mlir-hlo.md` §2.3): every use of a
//! `bufferization.alloc_tensor` gets a copy of it right before the user, and the original
//! goes once unused, so that bufferization gives each use a buffer of its own (short live
//! ranges for buffer reuse) instead of sharing one.
//!
//! ```text
//! %0 = bufferization.alloc_tensor() : tensor<2xf32>
//! %1 = "some.op"(%0) : (tensor<2xf32>) -> tensor<2xf32>
//! %2 = "some.op"(%0) : (tensor<2xf32>) -> tensor<2xf32>
//! // becomes
//! %0 = bufferization.alloc_tensor() : tensor<2xf32>
//! %1 = "some.op"(%0) : (tensor<2xf32>) -> tensor<2xf32>
//! %2 = bufferization.alloc_tensor() : tensor<2xf32>
//! %3 = "some.op"(%2) : (tensor<2xf32>) -> tensor<2xf32>
//! ```

use ir::dialects::bufferization::AllocTensorOp;
use ir::{Block, Context, Op, OpState, OpView, TransformResult, track_changes};

/// The options of [`hlo_split_alloc_tensors`] (it has none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SplitAllocTensorsOptions;

/// `hlo-split-alloc-tensors` on every block nested in `root`.
pub fn hlo_split_alloc_tensors(
    ctx: &mut Context,
    root: Op,
    _options: &SplitAllocTensorsOptions,
) -> TransformResult {
    track_changes(ctx, |ctx| {
        let mut blocks = Vec::new();
        for op in ctx.walk_preorder(root) {
            for &region in ctx.regions(op) {
                blocks.extend(ctx.blocks(region));
            }
        }
        for block in blocks {
            split_in_block(ctx, block);
        }
        Ok(())
    })
}

/// Gives every operand of an op in `block` defined by an `alloc_tensor` a fresh copy, then
/// erases the `alloc_tensor`s of `block` left without uses.
fn split_in_block(ctx: &mut Context, block: Block) {
    let ops: Vec<Op> = ctx.block_ops(block).collect();
    for &op in &ops {
        for i in 0..ctx.num_operands(op) {
            let v = ctx.operand(op, i);
            let Some(def) = ctx.defining_op(v) else {
                continue;
            };
            if !AllocTensorOp::is(ctx, def) || !ctx.regions(def).is_empty() {
                continue;
            }
            let copy = copy_op(ctx, def);
            ctx.insert_op_before(op, copy);
            let fresh = ctx.result(copy, 0);
            ctx.set_operand(op, i, fresh);
        }
    }
    for op in ops {
        if AllocTensorOp::is(ctx, op) && ctx.results(op).iter().all(|&r| !ctx.has_uses(r)) {
            ctx.erase_op(op);
        }
    }
}

/// A detached copy of the region-free op `op` (same operands, attributes and types).
fn copy_op(ctx: &mut Context, op: Op) -> Op {
    let mut state = OpState::new(ctx.op_name(op), ctx.op_loc(op));
    state.operands = ctx.operand_vec(op);
    state.result_types = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
    state.attrs = ctx.attrs(op).to_vec();
    ctx.create_op(state)
}
