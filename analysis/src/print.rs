//! Text dumps of the analyses, used by the `--test-print-*` debug passes.
//!
//! * [`print_dominance`] reproduces the output of MLIR's `-test-print-dominance`
//!   (`mlir/test/lib/IR/TestDominance.cpp`) byte for byte, except that it does not annotate
//!   the IR with `test.block_ids` (analyses never mutate IR) and ignores
//!   `test.print_dominance` attributes.
//! * [`print_liveness`] follows MLIR's `Liveness::print` (block ids in pre-order,
//!   `arg<N>@<block>` / `val_<N>` value names, `LiveIn`/`LiveOut`, live intervals and
//!   currently-live values), but prints ops in a short form (`val_3 = arith.addi(val_1,
//!   arg0@0)`) instead of their full assembly, and without MLIR's backspace character.
//! * [`print_buffer_origin`] is our own format: the terminal buffers of every buffer value,
//!   then the same/different/unknown answer for every pair.

use std::fmt::Write as _;

use ir::{AttrData, Block, Context, Op, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::alias::{AliasResult, BufferOriginAnalysis, is_buffer};
use crate::dominance::{DominanceInfo, PostDominanceInfo};
use crate::liveness::Liveness;

/// The symbol name of `op`, or its op name.
fn op_title(ctx: &Context, op: Op) -> String {
    match ctx.get_attr(op, "sym_name").map(|a| ctx.attr_data(a)) {
        Some(AttrData::String(s)) => s.clone(),
        _ => ctx.op_name_str(op).to_string(),
    }
}

/// Prints dominance and post-dominance of all blocks nested in `op` (and `op`'s own block),
/// in the format of MLIR's `-test-print-dominance`.
pub fn print_dominance(ctx: &Context, op: Op) -> String {
    let dom = DominanceInfo::compute(ctx, op);
    let post = PostDominanceInfo::compute(ctx, op);
    let mut ids: FxHashMap<Block, usize> = FxHashMap::default();
    let mut order: Vec<Block> = Vec::new();
    for o in ctx.walk_postorder(op) {
        if let Some(b) = ctx.op_parent(o)
            && !ids.contains_key(&b)
        {
            ids.insert(b, order.len());
            order.push(b);
        }
    }
    let mut out = format!("Testing : {}\n", op_title(ctx, op));
    out.push_str("--- DominanceInfo ---\n");
    for &a in &order {
        for &b in &order {
            let n = dom.nearest_common_dominator(ctx, a, b);
            nearest_line(&mut out, &ids, a, b, n);
        }
    }
    out.push_str("--- PostDominanceInfo ---\n");
    for &a in &order {
        for &b in &order {
            let n = post.nearest_common_post_dominator_pair(ctx, a, b);
            nearest_line(&mut out, &ids, a, b, n);
        }
    }
    out.push_str("--- Block Dominance relationship ---\n");
    for &a in &order {
        for &b in &order {
            let d = dom.dominates_block(ctx, a, b);
            let p = dom.properly_dominates_block(ctx, a, b);
            relation_line(&mut out, "dominates", (ids[&a], ids[&b]), d, p);
        }
    }
    out.push_str("--- Block PostDominance relationship ---\n");
    for &a in &order {
        for &b in &order {
            let d = post.post_dominates_block(ctx, a, b);
            let p = post.properly_post_dominates_block(ctx, a, b);
            relation_line(&mut out, "postdominates", (ids[&a], ids[&b]), d, p);
        }
    }
    out
}

fn nearest_line(
    out: &mut String,
    ids: &FxHashMap<Block, usize>,
    a: Block,
    b: Block,
    n: Option<Block>,
) {
    let _ = write!(out, "Nearest({}, {}) = ", ids[&a], ids[&b]);
    match n.and_then(|n| ids.get(&n)) {
        Some(id) => {
            let _ = writeln!(out, "{id}");
        }
        None => out.push_str("<no dom>\n"),
    }
}

fn relation_line(out: &mut String, what: &str, (a, b): (usize, usize), d: bool, p: bool) {
    let _ = writeln!(
        out,
        "{what}({a}, {b}) = {} (properly = {})",
        d as u8, p as u8
    );
}

/// MLIR-style test names of the blocks and values nested in an op.
struct Names {
    blocks: Vec<Block>,
    block_ids: FxHashMap<Block, usize>,
    value_ids: FxHashMap<Value, usize>,
}

impl Names {
    /// Numbers blocks in pre-order and values (arguments, then results of each op) as MLIR's
    /// `Liveness::print` does.
    fn new(ctx: &Context, op: Op) -> Self {
        let mut names = Names {
            blocks: Vec::new(),
            block_ids: FxHashMap::default(),
            value_ids: FxHashMap::default(),
        };
        let mut stack: Vec<Block> = Vec::new();
        push_region_blocks(ctx, op, &mut stack);
        while let Some(block) = stack.pop() {
            names.block_ids.insert(block, names.blocks.len());
            names.blocks.push(block);
            for &arg in ctx.block_args(block) {
                let id = names.value_ids.len();
                names.value_ids.insert(arg, id);
            }
            let ops: Vec<Op> = ctx.block_ops(block).collect();
            for &o in &ops {
                for &r in ctx.results(o) {
                    let id = names.value_ids.len();
                    names.value_ids.insert(r, id);
                }
            }
            for &o in ops.iter().rev() {
                push_region_blocks(ctx, o, &mut stack);
            }
        }
        names
    }

    fn value(&self, ctx: &Context, v: Value) -> String {
        match ctx.value_def(v) {
            ValueDef::BlockArg { block, index } => match self.block_ids.get(&block) {
                Some(b) => format!("arg{index}@{b}"),
                None => format!("arg{index}@?"),
            },
            _ => match self.value_ids.get(&v) {
                Some(id) => format!("val_{id}"),
                None => "val_?".to_string(),
            },
        }
    }

    fn values(&self, ctx: &Context, vs: &[Value]) -> String {
        let mut sorted: Vec<Value> = vs.to_vec();
        sorted.sort_by_key(|v| self.value_ids.get(v).copied().unwrap_or(usize::MAX));
        sorted
            .iter()
            .map(|&v| format!("{} ", self.value(ctx, v)))
            .collect()
    }

    /// `val_3 = arith.addi(val_1, arg0@0)`.
    fn op(&self, ctx: &Context, op: Op) -> String {
        let mut s = String::new();
        let results: Vec<String> = ctx
            .results(op)
            .iter()
            .map(|&r| self.value(ctx, r))
            .collect();
        if !results.is_empty() {
            let _ = write!(s, "{} = ", results.join(", "));
        }
        let operands: Vec<String> = ctx.operands(op).map(|v| self.value(ctx, v)).collect();
        let _ = write!(s, "{}({})", ctx.op_name_str(op), operands.join(", "));
        s
    }
}

/// Pushes the blocks of `op`'s regions so that they pop in region order.
fn push_region_blocks(ctx: &Context, op: Op, stack: &mut Vec<Block>) {
    for &region in ctx.regions(op).iter().rev() {
        let blocks: Vec<Block> = ctx.blocks(region).collect();
        stack.extend(blocks.into_iter().rev());
    }
}

/// Prints the liveness of every block nested in `op`, following MLIR's `Liveness::print`.
pub fn print_liveness(ctx: &Context, op: Op) -> String {
    let live = Liveness::compute(ctx, op);
    let names = Names::new(ctx, op);
    let mut op_ids: FxHashMap<Op, usize> = FxHashMap::default();
    for (i, o) in ctx.walk_preorder(op).into_iter().enumerate() {
        op_ids.insert(o, i);
    }
    let mut out = format!("Testing : {}\n// ---- Liveness -----\n", op_title(ctx, op));
    for (id, &block) in names.blocks.iter().enumerate() {
        let _ = writeln!(out, "// - Block: {id}");
        let ins: Vec<Value> = live.live_in(block).collect();
        let outs: Vec<Value> = live.live_out(block).collect();
        let _ = writeln!(out, "// --- LiveIn: {}", names.values(ctx, &ins));
        let _ = writeln!(out, "// --- LiveOut: {}", names.values(ctx, &outs));
        out.push_str("// --- BeginLivenessIntervals");
        for o in ctx.block_ops(block) {
            if ctx.results(o).is_empty() {
                continue;
            }
            out.push('\n');
            for &r in ctx.results(o) {
                let _ = write!(out, "// {} :", names.value(ctx, r));
                let mut range = live.live_range_ops(ctx, r);
                range.sort_by_key(|x| op_ids.get(x).copied().unwrap_or(usize::MAX));
                for x in range {
                    let _ = write!(out, "\n//     {}", names.op(ctx, x));
                }
            }
        }
        out.push_str("\n// --- EndLivenessIntervals\n// --- BeginCurrentlyLive\n");
        for o in ctx.block_ops(block) {
            let current = live.currently_live_values(ctx, o);
            if current.is_empty() {
                continue;
            }
            let list = names.values(ctx, &current);
            let _ = writeln!(out, "//     {} [{}]", names.op(ctx, o), list.trim_end());
        }
        out.push_str("// --- EndCurrentlyLive\n");
    }
    out.push_str("// -------------------\n");
    out
}

/// Prints, for every buffer value nested in `op` (arguments and results, in pre-order), its
/// terminal buffers, then the answer of the origin analysis for every pair of buffers.
/// Values defined by an op carrying a string attribute `test.ptr` are named by it.
pub fn print_buffer_origin(ctx: &Context, op: Op) -> String {
    let analysis = BufferOriginAnalysis::compute(ctx, op);
    let names = Names::new(ctx, op);
    let mut buffers: Vec<Value> = Vec::new();
    let mut seen: FxHashSet<Value> = FxHashSet::default();
    for &block in &names.blocks {
        for &arg in ctx.block_args(block) {
            if is_buffer(ctx, arg) && seen.insert(arg) {
                buffers.push(arg);
            }
        }
        for o in ctx.block_ops(block) {
            for &r in ctx.results(o) {
                if is_buffer(ctx, r) && seen.insert(r) {
                    buffers.push(r);
                }
            }
        }
    }
    let label = |v: Value| -> String {
        let tag = ctx
            .defining_op(v)
            .and_then(|d| ctx.get_attr(d, "test.ptr"))
            .map(|a| ctx.attr_data(a));
        match tag {
            Some(AttrData::String(s)) => s.clone(),
            _ => names.value(ctx, v),
        }
    };
    let mut out = format!(
        "Testing : {}\n--- Terminal buffers ---\n",
        op_title(ctx, op)
    );
    for &v in &buffers {
        let terms: Vec<String> = analysis
            .view_flow()
            .terminal_buffers(ctx, v)
            .into_iter()
            .map(label)
            .collect();
        let _ = writeln!(out, "{}: [{}]", label(v), terms.join(", "));
    }
    out.push_str("--- Same allocation ---\n");
    for (i, &a) in buffers.iter().enumerate() {
        for &b in &buffers[i + 1..] {
            let answer = match analysis.is_same_allocation(ctx, a, b) {
                AliasResult::SameAllocation => "same",
                AliasResult::DifferentAllocation => "different",
                AliasResult::Unknown => "unknown",
            };
            let _ = writeln!(out, "{} <-> {}: {answer}", label(a), label(b));
        }
    }
    out
}
