//! The `cf` loops of a function: which blocks lie on a cycle of their region's CFG, and on
//! which one (strongly connected components), so that placement and the write check know
//! where an op may run again after another.

use analysis::cfg::{RegionCfg, all_back_edges};
use analysis::graph::scc::StronglyConnectedComponents;
use ir::{Block, Context, Op, Region};
use rustc_hash::{FxHashMap, FxHashSet};

/// The cyclic regions of a function and the cycle (component number) of each block on one.
#[derive(Default)]
pub struct Cycles {
    regions: FxHashSet<Region>,
    component: FxHashMap<Block, usize>,
}

impl Cycles {
    /// Finds the cycles of every region nested in `func`.
    pub fn compute(ctx: &Context, func: Op) -> Cycles {
        let mut cycles = Cycles::default();
        let mut regions: Vec<Region> = Vec::new();
        for (from, _) in all_back_edges(ctx, func) {
            if let Some(r) = ctx.block_parent(from)
                && cycles.regions.insert(r)
            {
                regions.push(r);
            }
        }
        let mut next = 0;
        for region in regions {
            let Some(cfg) = RegionCfg::new(ctx, region) else {
                continue;
            };
            let graph = cfg.graph();
            let scc = StronglyConnectedComponents::new(graph);
            for node in graph.nodes() {
                let c = scc.component_of(node);
                if scc.is_cyclic(graph, c) {
                    cycles.component.insert(cfg.block(node), next + c);
                }
            }
            next += scc.len();
        }
        cycles
    }

    /// Whether `region`'s CFG has a cycle.
    pub fn is_cyclic(&self, region: Region) -> bool {
        self.regions.contains(&region)
    }

    /// Whether `later` may run after `earlier` through a `cf` loop: some block holding
    /// `earlier` and some block holding `later` (in the same region) lie on one cycle.
    pub fn share_cycle(&self, ctx: &Context, earlier: Op, later: Op) -> bool {
        let mut block = ctx.op_parent(later);
        while let Some(b) = block {
            if let Some(&c) = self.component.get(&b)
                && let Some(other) = ancestor_block_in(ctx, earlier, ctx.block_parent(b))
                && self.component.get(&other) == Some(&c)
            {
                return true;
            }
            block = ctx.block_parent_op(b).and_then(|op| ctx.op_parent(op));
        }
        false
    }
}

/// The block of `region` holding `op` (directly or through its ancestors).
fn ancestor_block_in(ctx: &Context, op: Op, region: Option<Region>) -> Option<Block> {
    let region = region?;
    let mut block = ctx.op_parent(op);
    while let Some(b) = block {
        if ctx.block_parent(b) == Some(region) {
            return Some(b);
        }
        block = ctx.block_parent_op(b).and_then(|o| ctx.op_parent(o));
    }
    None
}
