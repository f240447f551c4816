//! Common-subexpression elimination, scoped by dominance.
//!
//! An op is a candidate when it has no regions, results, and is known to have no memory
//! effects (constants included). Two candidates are equal when name, attributes, operands and
//! result types are; the operands of a commutative op, and of an `arith.cmpi` `eq` or `ne`,
//! count in any order (`arith.cmpi eq, %a, %b` and `arith.cmpi eq, %b, %a` merge, the first
//! one staying), which upstream's CSE does not do. Scopes: a region's entry block is visible in nested regions of the ops
//! that follow; in multi-block regions, a block sees what its dominators defined.

use analysis::cfg::RegionCfg;
use analysis::graph::{DominatorTree, NodeId};
use std::hash::{Hash, Hasher};

use ir::dialects::arith::{CmpIOp, CmpIPredicate};
use ir::{Block, Context, Effects, Op, OpView, Region, Traits, Value};
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::collections::hash_map::Entry as MapEntry;

/// A candidate recorded in a [`ScopedTable`]: the op, its hash, and the entry recorded before
/// it with the same hash that it shadows (still in scope, as scopes nest).
struct Entry {
    op: Op,
    hash: u64,
    shadowed: Option<u32>,
}

/// A hash table with scopes: candidates by the hash of what makes two of them equal (name,
/// attributes, operands and result types, read from the IR, no key is built). The entries are
/// a stack in the order recorded, so leaving a scope pops the entries recorded in it; the map
/// holds the latest entry of each hash, which chains to the earlier ones it shadows.
#[derive(Default)]
struct ScopedTable {
    latest: FxHashMap<u64, u32>,
    entries: Vec<Entry>,
}

impl ScopedTable {
    /// An op in scope equal to the candidate `op` whose hash is `hash` (the latest recorded);
    /// when there is none, `op` is recorded in the current scope. One lookup serves both.
    fn find_or_insert(&mut self, ctx: &Context, hash: u64, op: Op) -> Option<Op> {
        let index = u32::try_from(self.entries.len()).expect("fewer than 2^32 candidates");
        let shadowed = match self.latest.entry(hash) {
            MapEntry::Occupied(mut latest) => {
                let mut cursor = Some(*latest.get());
                while let Some(k) = cursor {
                    let entry = &self.entries[k as usize];
                    if same_computation(ctx, op, entry.op) {
                        return Some(entry.op);
                    }
                    cursor = entry.shadowed;
                }
                Some(std::mem::replace(latest.get_mut(), index))
            }
            MapEntry::Vacant(vacant) => {
                vacant.insert(index);
                None
            }
        };
        self.entries.push(Entry { op, hash, shadowed });
        None
    }

    /// The number of entries recorded, to come back to when the current scope is left.
    fn mark(&self) -> usize {
        self.entries.len()
    }

    /// Forgets the ops recorded since there were `mark` entries.
    fn leave_scope(&mut self, mark: usize) {
        // Latest first: each entry hands its hash back to the one it shadowed.
        for entry in self.entries.drain(mark..).rev() {
            match entry.shadowed {
                Some(previous) => {
                    self.latest.insert(entry.hash, previous);
                }
                None => {
                    self.latest.remove(&entry.hash);
                }
            }
        }
    }
}

/// The hash of what makes two candidates equal. The two operands of a binary op are hashed
/// in sorted order whether or not their order matters, so that the ops whose order does not
/// ([`operands_unordered`]) need not be told apart here: an op with swapped operands merely
/// shares the bucket, and [`same_computation`] decides.
fn computation_hash(ctx: &Context, op: Op) -> u64 {
    let mut h = FxHasher::default();
    ctx.op_name(op).hash(&mut h);
    ctx.attrs(op).hash(&mut h);
    if ctx.num_operands(op) == 2 {
        let (a, b) = (ctx.operand(op, 0), ctx.operand(op, 1));
        (a.min(b), a.max(b)).hash(&mut h);
    } else if operands_unordered(ctx, op) {
        sorted_operands(ctx, op).hash(&mut h);
    } else {
        for v in ctx.operands(op) {
            v.hash(&mut h);
        }
    }
    for &r in ctx.results(op) {
        ctx.value_type(r).hash(&mut h);
    }
    h.finish()
}

/// Whether the order of `op`'s operands does not change what it computes: a commutative op,
/// or an `arith.cmpi` whose predicate is symmetric (`eq`, `ne`).
fn operands_unordered(ctx: &Context, op: Op) -> bool {
    ctx.has_trait(op, Traits::COMMUTATIVE)
        || CmpIOp::of(ctx, op)
            .and_then(|cmp| cmp.predicate(ctx))
            .is_some_and(|p| matches!(p, CmpIPredicate::Eq | CmpIPredicate::Ne))
}

/// The operands of `op`, sorted: the same for two ops whose operands are a permutation of
/// each other.
fn sorted_operands(ctx: &Context, op: Op) -> SmallVec<[Value; 4]> {
    let mut operands: SmallVec<[Value; 4]> = ctx.operands(op).collect();
    operands.sort_unstable();
    operands
}

/// Whether `a` and `b` read the same operands: in the same order, or in any order when the
/// order does not matter (both have the same name and attributes, so both or neither are
/// [`operands_unordered`]).
fn same_operands(ctx: &Context, a: Op, b: Op) -> bool {
    ctx.operands(a).eq(ctx.operands(b))
        || (operands_unordered(ctx, a) && sorted_operands(ctx, a) == sorted_operands(ctx, b))
}

/// Whether `a` and `b` have the same name, attributes, operands and result types.
fn same_computation(ctx: &Context, a: Op, b: Op) -> bool {
    ctx.op_name(a) == ctx.op_name(b)
        && ctx.attrs(a) == ctx.attrs(b)
        && same_operands(ctx, a, b)
        && ctx.results(a).len() == ctx.results(b).len()
        && ctx
            .results(a)
            .iter()
            .zip(ctx.results(b))
            .all(|(&x, &y)| ctx.value_type(x) == ctx.value_type(y))
}

/// Runs CSE on everything nested in `root`; returns the number of ops erased.
pub fn cse(ctx: &mut Context, root: Op) -> usize {
    let mut table = ScopedTable::default();
    let mut erased = 0;
    for region in ctx.regions(root).to_vec() {
        erased += visit_region(ctx, region, &mut table);
    }
    erased
}

/// The blocks each block of `region` immediately dominates, in region order (none for a
/// single-block region, so only multi-block regions pay for a dominator tree).
fn dominator_children(ctx: &Context, region: Region) -> FxHashMap<Block, Vec<Block>> {
    let mut children: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
    if ctx.blocks(region).nth(1).is_none() {
        return children;
    }
    let Some(cfg) = RegionCfg::new(ctx, region) else {
        return children;
    };
    let tree = DominatorTree::new(cfg.graph());
    for index in 1..cfg.blocks().len() {
        if let Some(idom) = tree.immediate_dominator(NodeId::from_index(index)) {
            children
                .entry(cfg.block(idom))
                .or_default()
                .push(cfg.blocks()[index]);
        }
    }
    children
}

fn visit_region(ctx: &mut Context, region: Region, table: &mut ScopedTable) -> usize {
    let Some(entry) = ctx.entry_block(region) else {
        return 0;
    };
    let children = dominator_children(ctx, region);
    visit_block(ctx, entry, &children, table)
}

fn visit_block(
    ctx: &mut Context,
    block: Block,
    children: &FxHashMap<Block, Vec<Block>>,
    table: &mut ScopedTable,
) -> usize {
    let mark = table.mark();
    let mut erased = 0;
    let mut next = ctx.first_op(block);
    while let Some(op) = next {
        // Taken first: `op` may be erased (nested visits only erase ops inside `op`).
        next = ctx.next_op(op);
        erased += if ctx.regions(op).is_empty() {
            eliminate_if_redundant(ctx, op, table)
        } else {
            visit_nested_regions(ctx, op, table)
        };
    }
    if let Some(kids) = children.get(&block) {
        for &child in kids {
            erased += visit_block(ctx, child, children, table);
        }
    }
    table.leave_scope(mark);
    erased
}

/// Visits the regions of `op`; an isolated-from-above op's regions see nothing from outside.
fn visit_nested_regions(ctx: &mut Context, op: Op, table: &mut ScopedTable) -> usize {
    let isolated = ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE);
    let mut erased = 0;
    for index in 0..ctx.regions(op).len() {
        let region = ctx.regions(op)[index];
        erased += if isolated {
            visit_region(ctx, region, &mut ScopedTable::default())
        } else {
            visit_region(ctx, region, table)
        };
    }
    erased
}

/// Replaces the region-less op `op` by an equal op in scope, or records it; returns the number
/// of ops erased.
fn eliminate_if_redundant(ctx: &mut Context, op: Op, table: &mut ScopedTable) -> usize {
    if !is_candidate(ctx, op) {
        return 0;
    }
    let hash = computation_hash(ctx, op);
    let Some(existing) = table.find_or_insert(ctx, hash, op) else {
        return 0;
    };
    let values = ctx.results(existing).to_vec();
    ctx.replace_op_uses(op, &values);
    ctx.erase_op(op);
    1
}

/// Whether the region-less op `op` may be merged with an equal one: it has results, is no
/// terminator or branch, and is known to have no memory effect.
fn is_candidate(ctx: &Context, op: Op) -> bool {
    if ctx.results(op).is_empty() || !ctx.successors(op).is_empty() {
        return false;
    }
    let def = ctx.op_def(op);
    if def.traits.contains(Traits::TERMINATOR) {
        return false;
    }
    // The common case without building an effect list: a pure op that does not compute its
    // effects has none (as `memory_effects` answers).
    if def.effects.is_none() && def.traits.contains(Traits::PURE) {
        return true;
    }
    matches!(ctx.memory_effects(op), Effects::Known(list) if list.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::asm::parser::{ParseOptions, parse_module};

    /// The ops of the body of the single function of `src`, in order.
    fn body_ops(ctx: &mut Context, src: &str) -> Vec<Op> {
        let module = parse_module(ctx, "t.mlir", src, &ParseOptions::default()).expect("parses");
        ctx.walk_preorder(module)
            .into_iter()
            .filter(|&op| {
                ctx.parent_op(op)
                    .is_some_and(|p| ctx.parent_op(p) == Some(module))
            })
            .collect()
    }

    const OPS: &str = "func.func @f(%a: index, %b: index) {
  %0 = arith.subi %a, %b : index
  %1 = arith.subi %b, %a : index
  %2 = arith.subi %a, %b : index
  %3 = arith.cmpi eq, %a, %b : index
  %4 = arith.cmpi eq, %b, %a : index
  %5 = arith.cmpi slt, %b, %a : index
  %6 = arith.cmpi slt, %a, %b : index
  return
}";

    #[test]
    fn a_shadowed_entry_is_found_behind_a_later_one_and_comes_back_when_its_scope_closes() {
        let mut ctx = Context::new();
        let ops = body_ops(&mut ctx, OPS);
        let (sub_ab, sub_ba, sub_ab_again) = (ops[0], ops[1], ops[2]);
        let mut table = ScopedTable::default();
        // One hash for all, as colliding candidates have.
        assert_eq!(table.find_or_insert(&ctx, 7, sub_ab), None);
        let mark = table.mark();
        assert_eq!(table.find_or_insert(&ctx, 7, sub_ba), None);
        assert_eq!(table.find_or_insert(&ctx, 7, sub_ab_again), Some(sub_ab));
        table.leave_scope(mark);
        assert_eq!(table.entries.len(), 1);
        assert_eq!(table.latest.get(&7), Some(&0));
        assert_eq!(table.find_or_insert(&ctx, 7, sub_ba), None);
        table.leave_scope(0);
        assert!(table.latest.is_empty() && table.entries.is_empty());
    }

    #[test]
    fn a_candidate_is_a_region_less_result_giving_op_without_effects() {
        let mut ctx = Context::new();
        let src = "func.func @f(%a: index, %m: memref<4xf32>) {
  %0 = arith.addi %a, %a : index
  %1 = memref.load %m[%a] : memref<4xf32>
  %2 = memref.alloc() : memref<4xf32>
  %3 = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> index
  memref.store %1, %2[%a] : memref<4xf32>
  return
}";
        let ops = body_ops(&mut ctx, src);
        let by_effects = |op: Op| {
            !ctx.results(op).is_empty()
                && !ctx.has_trait(op, Traits::TERMINATOR)
                && matches!(ctx.memory_effects(op), Effects::Known(list) if list.is_empty())
        };
        let candidates: Vec<bool> = ops.iter().map(|&op| is_candidate(&ctx, op)).collect();
        assert_eq!(candidates, [true, false, false, true, false, false]);
        assert!(
            ops.iter()
                .all(|&op| is_candidate(&ctx, op) == by_effects(op))
        );
    }

    #[test]
    fn swapped_operands_share_a_hash_but_merge_only_where_their_order_does_not_matter() {
        let mut ctx = Context::new();
        let ops = body_ops(&mut ctx, OPS);
        let hash = |op: Op| computation_hash(&ctx, op);
        let (sub_ab, sub_ba, eq_ab, eq_ba, slt_ba, slt_ab) =
            (ops[0], ops[1], ops[3], ops[4], ops[5], ops[6]);
        assert_eq!(hash(sub_ab), hash(sub_ba));
        assert!(!same_computation(&ctx, sub_ab, sub_ba));
        assert_eq!(hash(eq_ab), hash(eq_ba));
        assert!(same_computation(&ctx, eq_ab, eq_ba));
        assert_eq!(hash(slt_ab), hash(slt_ba));
        assert!(!same_computation(&ctx, slt_ab, slt_ba));
        assert_ne!(hash(sub_ab), hash(eq_ab));
    }
}
