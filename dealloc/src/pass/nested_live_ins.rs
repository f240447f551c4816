//! The memrefs live into each block of a function whose regions have one block each, found
//! block by block as the pass visits them ([`NestedLiveIns`]), instead of by the liveness
//! analysis of the whole function.
//!
//! Where every region has one block, no value flows from a block to another of its region:
//! nothing is live out of a block, and the memrefs live into a block are those its ops (and the
//! ops nested in them) use but that are defined outside it. The pass visits the blocks nested in
//! a block's ops before the block, so each block's live-ins are its ops' memref operands
//! defined outside it, and the live-ins of the blocks nested in its ops that are not defined in
//! it. The pass adds uses to a block it visits only of memrefs the block defines or already uses
//! (its dealloc frees what the block defines and retains what its terminator uses), so a nested
//! block's live-ins found when it is visited are still those of the function as it came.

use ir::{Block, Context, Op, Value};
use smallvec::SmallVec;

use super::is_memref;

/// The live-in memrefs of the blocks visited, on a stack: those of the blocks nested in the ops
/// of a block the pass has not visited yet, to be taken when it is.
#[derive(Debug, Default)]
pub(super) struct NestedLiveIns {
    stack: Vec<Value>,
}

impl NestedLiveIns {
    /// Where the live-ins of the blocks visited from now on start (taken by
    /// [`Self::block_live_ins`] of the block holding them).
    pub(super) fn mark(&self) -> usize {
        self.stack.len()
    }

    /// The memrefs live into `block`, whose ops are `ops` and whose nested blocks were visited
    /// since `mark`, in value order. They replace the nested blocks' live-ins on the stack, for
    /// the block holding `block`.
    pub(super) fn block_live_ins(
        &mut self,
        ctx: &Context,
        block: Block,
        ops: &[Op],
        mark: usize,
    ) -> SmallVec<[Value; 8]> {
        let outside = |v: Value| ctx.value_parent_block(v) != Some(block);
        let mut live_ins: SmallVec<[Value; 8]> = SmallVec::new();
        for &op in ops {
            for v in ctx.operands(op) {
                if is_memref(ctx, v) && outside(v) && !live_ins.contains(&v) {
                    live_ins.push(v);
                }
            }
        }
        for &v in &self.stack[mark..] {
            if outside(v) && !live_ins.contains(&v) {
                live_ins.push(v);
            }
        }
        // The liveness analysis lists them in value order.
        live_ins.sort_unstable();
        self.stack.truncate(mark);
        self.stack.extend_from_slice(&live_ins);
        live_ins
    }
}

/// The number of blocks of the regions nested in the ops of `walk` (a function's pre-order
/// walk) when none has several blocks; `None` otherwise.
pub(super) fn blocks_of_single_block_regions(ctx: &Context, walk: &[Op]) -> Option<usize> {
    let mut blocks = 0;
    for &op in walk {
        for &region in ctx.regions(op) {
            let mut region_blocks = ctx.blocks(region);
            if region_blocks.next().is_some() {
                if region_blocks.next().is_some() {
                    return None;
                }
                blocks += 1;
            }
        }
    }
    Some(blocks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::parsed_walk;
    use analysis::liveness::Liveness;

    /// Visits the blocks nested in `block`'s ops, then `block`, as the pass does, checking each
    /// block's live-ins against the liveness analysis.
    fn visit(ctx: &Context, live: &Liveness, found: &mut NestedLiveIns, block: Block) -> usize {
        let ops: Vec<Op> = ctx.block_ops(block).collect();
        let mark = found.mark();
        let mut visited = 1;
        for &op in &ops {
            for &region in ctx.regions(op) {
                for nested in ctx.blocks(region) {
                    visited += visit(ctx, live, found, nested);
                }
            }
        }
        let live_ins = found.block_live_ins(ctx, block, &ops, mark);
        let expected: Vec<Value> = live.live_in(block).collect();
        assert_eq!(live_ins[..], expected[..], "{block:?}");
        assert!(live.live_out(block).next().is_none());
        visited
    }

    /// In functions whose regions have one block each, the live-ins found block by block are
    /// the liveness analysis's, in its order, for every block: memrefs used at several depths,
    /// defined in the block or outside, arguments of nested blocks, used twice, unused.
    #[test]
    fn live_ins_are_the_analysis_ones() {
        let src = r#"
func.func @f(%n: index, %arg: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %unused = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %a) -> (memref<4xf32>) {
    %inner = memref.alloc() : memref<4xf32>
    memref.store %v, %b[%c0] : memref<4xf32>
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%jt = %it) -> (memref<4xf32>) {
      memref.store %v, %arg[%c0] : memref<4xf32>
      memref.store %v, %inner[%c0] : memref<4xf32>
      memref.store %v, %b[%c0] : memref<4xf32>
      scf.yield %jt : memref<4xf32>
    }
    scf.yield %s : memref<4xf32>
  }
  %c = arith.cmpi slt, %c0, %n : index
  %t = scf.if %c -> (memref<4xf32>) {
    scf.yield %r : memref<4xf32>
  } else {
    memref.store %v, %r[%c0] : memref<4xf32>
    scf.yield %arg : memref<4xf32>
  }
  memref.store %v, %t[%c0] : memref<4xf32>
  return
}
"#;
        let (ctx, walk) = parsed_walk(src);
        let func = walk[1];
        assert_eq!(blocks_of_single_block_regions(&ctx, &walk[1..]), Some(5));
        let live = Liveness::compute_for(&ctx, func, |v| is_memref(&ctx, v));
        let body = ctx.entry_block(ctx.regions(func)[0]).expect("a body");
        let mut found = NestedLiveIns::default();
        assert_eq!(visit(&ctx, &live, &mut found, body), 5);
        let nested_live_ins = live.blocks().iter().map(|&b| live.live_in(b).count());
        assert!(
            nested_live_ins.sum::<usize>() >= 6,
            "the test sees live-ins"
        );
    }

    /// A region of several blocks anywhere leaves the function to the liveness analysis.
    #[test]
    fn several_blocks_are_found() {
        let src = r#"
func.func @f(%c: i1) {
  %0 = scf.execute_region -> index {
    cf.br ^bb1
  ^bb1:
    %1 = arith.constant 1 : index
    scf.yield %1 : index
  }
  return
}
"#;
        let (ctx, walk) = parsed_walk(src);
        assert_eq!(blocks_of_single_block_regions(&ctx, &walk[1..]), None);
    }
}
