//! The memref liveness of a function whose memrefs cross one edge at most ([`EdgeLiveness`]),
//! found from the uses directly instead of by the liveness analysis.
//!
//! Where the body is the function's only region and every memref used outside the block defining
//! it is used only in blocks whose one predecessor is that block (as canonicalize leaves a chain
//! of conditional branches: each block's buffer is read by the next block, which only it
//! reaches), a memref is live into exactly the blocks using it outside its own and out of its
//! own block only: the analysis's backward search from each using block stops at once at the
//! defining block. Such a function's liveness is then one look at each op's operands and at
//! each block's successors.

use ir::{Block, Context, Op, Value};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::is_memref;

/// A few memrefs per block, in value order (as the analysis lists them).
type Memrefs = SmallVec<[Value; 2]>;

/// The live-in and live-out memrefs of the blocks of a function whose memrefs cross one edge at
/// most (see the module doc).
#[derive(Debug, Default)]
pub(super) struct EdgeLiveness {
    live_in: FxHashMap<Block, Memrefs>,
    live_out: FxHashMap<Block, Memrefs>,
}

/// Of a block, the one block whose terminator branches to it, or `None` when several do.
type OnlyPredecessor = Option<Block>;

impl EdgeLiveness {
    /// The liveness of `func`, whose pre-order walk is `walk`, when its memrefs cross one edge
    /// at most; `None` otherwise (a region nested in an op, or a memref used in a block that
    /// another block than its own reaches).
    pub(super) fn of(ctx: &Context, func: Op, walk: &[Op]) -> Option<Self> {
        let &[body] = ctx.regions(func) else {
            return None;
        };
        let mut predecessors: FxHashMap<Block, OnlyPredecessor> = FxHashMap::default();
        for block in ctx.blocks(body) {
            let Some(terminator) = ctx.last_op(block) else {
                continue;
            };
            for &successor in ctx.successors(terminator) {
                predecessors
                    .entry(successor)
                    .and_modify(|only| *only = only.filter(|&p| p == block))
                    .or_insert(Some(block));
            }
        }
        let mut liveness = EdgeLiveness::default();
        for &op in walk.get(1..).unwrap_or_default() {
            if !ctx.regions(op).is_empty() {
                return None;
            }
            let block = ctx.op_parent(op)?;
            for v in ctx.operands(op) {
                let defined_in = ctx.value_parent_block(v)?;
                if defined_in == block || !is_memref(ctx, v) {
                    continue;
                }
                if predecessors.get(&block) != Some(&Some(defined_in)) {
                    return None;
                }
                add(&mut liveness.live_in, block, v);
                add(&mut liveness.live_out, defined_in, v);
            }
        }
        for list in liveness
            .live_in
            .values_mut()
            .chain(liveness.live_out.values_mut())
        {
            list.sort_unstable();
        }
        Some(liveness)
    }

    /// The memrefs live into `block`, in value order.
    pub(super) fn live_in(&self, block: Block) -> &[Value] {
        self.live_in.get(&block).map_or(&[], |list| list.as_slice())
    }

    /// The memrefs live out of `block`, in value order.
    pub(super) fn live_out(&self, block: Block) -> &[Value] {
        self.live_out
            .get(&block)
            .map_or(&[], |list| list.as_slice())
    }

    /// Whether `value` is live into `block`.
    pub(super) fn is_live_in(&self, block: Block, value: Value) -> bool {
        self.live_in(block).contains(&value)
    }
}

/// Lists `v` for `block` (once).
fn add(lists: &mut FxHashMap<Block, Memrefs>, block: Block, v: Value) {
    let list = lists.entry(block).or_default();
    if !list.contains(&v) {
        list.push(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::parsed_walk;
    use analysis::liveness::Liveness;

    /// A chain of conditional branches whose buffers the next block reads: the liveness found
    /// from the uses is the analysis's, block by block, in its order.
    #[test]
    fn one_edge_liveness_is_the_analysis_one() {
        let src = r#"
func.func @f(%c: i1, %v: f32, %m: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb3(%a : memref<4xf32>)
^bb1:
  memref.store %v, %a[%c0] : memref<4xf32>
  memref.store %v, %b[%c0] : memref<4xf32>
  memref.store %v, %m[%c0] : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb2, ^bb3(%d : memref<4xf32>)
^bb2:
  memref.store %v, %d[%c0] : memref<4xf32>
  memref.store %v, %d[%c0] : memref<4xf32>
  cf.br ^bb3(%d : memref<4xf32>)
^bb3(%r: memref<4xf32>):
  return %r : memref<4xf32>
}
"#;
        let (ctx, walk) = parsed_walk(src);
        let func = walk[1];
        let walk = ctx.walk_preorder(func);
        let found = EdgeLiveness::of(&ctx, func, &walk).expect("memrefs cross one edge at most");
        let live = Liveness::compute_for_ops(&ctx, &walk, |v| is_memref(&ctx, v));
        let mut listed = 0;
        for &block in live.blocks() {
            let expected: Vec<Value> = live.live_in(block).collect();
            assert_eq!(found.live_in(block), &expected[..], "{block:?}");
            let expected: Vec<Value> = live.live_out(block).collect();
            assert_eq!(found.live_out(block), &expected[..], "{block:?}");
            for &v in found.live_out(block) {
                for &other in live.blocks() {
                    assert_eq!(found.is_live_in(other, v), live.is_live_in(other, v));
                }
            }
            listed += expected.len();
        }
        assert_eq!(listed, 4, "the test sees memrefs live out of blocks");
    }

    /// A memref used in a block two blocks reach, or in a nested region, leaves the function to
    /// the analysis.
    #[test]
    fn other_functions_are_left_to_the_analysis() {
        let joined = r#"
func.func @f(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  memref.store %v, %a[%c0] : memref<4xf32>
  return
}
"#;
        let nested = r#"
func.func @f(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.store %v, %a[%c0] : memref<4xf32>
  }
  return
}
"#;
        for src in [joined, nested] {
            let (ctx, walk) = parsed_walk(src);
            let func = walk[1];
            let walk = ctx.walk_preorder(func);
            assert!(EdgeLiveness::of(&ctx, func, &walk).is_none(), "{src}");
        }
    }
}
