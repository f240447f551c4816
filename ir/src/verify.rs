//! The verifier: structural rules, SSA dominance and per-op constraints.
//!
//! Checks, collecting every error (not just the first):
//! 1. every operand is defined (no parser placeholders) and its definition dominates the use
//!    (in SSACFG regions; graph regions are exempt), including uses in nested regions;
//! 2. every block of a region that needs terminators ends with a terminator, and terminators
//!    appear only last; successors belong to the same region;
//! 3. ops isolated from above use no values defined outside them;
//! 4. each registered op's own verifier (operand/result/attribute constraints);
//! 5. symbol uses of call-like ops resolve in the nearest symbol table.

use rustc_hash::FxHashMap;

use crate::context::{Context, ValueDef};
use crate::diag::Diagnostic;
use crate::entity::{Block, Op, Region, Value};
use crate::registry::Traits;

/// Verifies `root` and everything nested in it.
pub fn verify(ctx: &Context, root: Op) -> Result<(), Vec<Diagnostic>> {
    let mut v = Verifier {
        ctx,
        diags: Vec::new(),
        block_index: FxHashMap::default(),
    };
    v.run(root);
    if v.diags.is_empty() {
        Ok(())
    } else {
        Err(v.diags)
    }
}

struct Verifier<'a> {
    ctx: &'a Context,
    diags: Vec<Diagnostic>,
    block_index: FxHashMap<Block, usize>,
}

impl Verifier<'_> {
    fn error(&mut self, op: Op, msg: String) {
        let loc = self.ctx.op_loc(op);
        self.diags.push(Diagnostic::error(loc, msg));
    }

    fn op_error(&mut self, op: Op, msg: &str) {
        let name = self.ctx.op_name_str(op).to_string();
        self.error(op, format!("'{name}' op {msg}"));
    }

    fn run(&mut self, root: Op) {
        let ops = self.ctx.walk_preorder(root);
        for &op in &ops {
            self.verify_structure(op);
        }
        let dom = crate::verify::dominance::BlockDominance::compute(self.ctx, root);
        for &op in &ops {
            self.verify_operands(op, &dom);
        }
        for &op in &ops {
            if let Some(f) = self.ctx.op_def(op).verify {
                f(self.ctx, op, &mut self.diags);
            }
        }
        let _ = &self.block_index;
    }

    fn verify_structure(&mut self, op: Op) {
        let def = self.ctx.op_def(op);
        let traits = def.traits;
        let registered = def.registered;
        for (ri, &region) in self.ctx.regions(op).iter().enumerate() {
            let blocks: Vec<Block> = self.ctx.blocks(region).collect();
            if traits.contains(Traits::SINGLE_BLOCK) && blocks.len() > 1 {
                self.op_error(op, &format!("expects region #{ri} to have 0 or 1 blocks"));
            }
            let needs_terminator = registered
                && !traits.contains(Traits::NO_TERMINATOR)
                && !traits.contains(Traits::GRAPH_REGION);
            for (bi, &block) in blocks.iter().enumerate() {
                if bi > 0 && self.is_entry_target(region, block) {
                    // handled below via successor checks
                }
                let ops: Vec<Op> = self.ctx.block_ops(block).collect();
                for (k, &inner) in ops.iter().enumerate() {
                    let is_last = k + 1 == ops.len();
                    let is_term = self.ctx.has_trait(inner, Traits::TERMINATOR);
                    if is_term && !is_last {
                        self.op_error(inner, "must be the last operation in the parent block");
                    }
                    for &s in self.ctx.successors(inner) {
                        if self.ctx.block_parent(s) != Some(region) {
                            self.error(
                                inner,
                                "reference to block defined in another region".to_string(),
                            );
                        }
                        if self.ctx.entry_block(region) == Some(s) {
                            self.error(
                                inner,
                                "entry block of region may not have predecessors".to_string(),
                            );
                        }
                    }
                }
                if needs_terminator {
                    match ops.last() {
                        Some(&last) if self.ctx.has_trait(last, Traits::TERMINATOR) => {}
                        Some(&last) if !self.ctx.is_registered(last) => {}
                        Some(&last) => {
                            let _ = last;
                            let loc = self.ctx.op_loc(last);
                            self.diags.push(Diagnostic::error(
                                loc,
                                "block with no terminator, has ".to_string()
                                    + &crate::asm::print_op_generic_line(self.ctx, last),
                            ));
                        }
                        None => {
                            let loc = self.ctx.op_loc(op);
                            self.diags.push(Diagnostic::error(
                                loc,
                                "empty block: expect at least a terminator".to_string(),
                            ));
                        }
                    }
                }
            }
        }
    }

    fn is_entry_target(&self, _region: Region, _block: Block) -> bool {
        false
    }

    fn verify_operands(&mut self, op: Op, dom: &dominance::BlockDominance) {
        for (i, v) in self.ctx.operands(op).enumerate() {
            match self.ctx.value_def(v) {
                ValueDef::Placeholder => {
                    self.error(
                        op,
                        format!("operand #{i} is an unresolved forward reference"),
                    );
                    continue;
                }
                _ => {}
            }
            if !self.value_visible(v, op) {
                let loc = self.ctx.op_loc(op);
                let mut d =
                    Diagnostic::error(loc, format!("operand #{i} does not dominate this use"));
                if let Some(def_loc) = self.def_loc(v) {
                    d = d.with_note(def_loc, "operand defined here");
                }
                let _ = dom;
                self.diags.push(d);
            } else if !dom.value_dominates(self.ctx, v, op) {
                let loc = self.ctx.op_loc(op);
                let mut d =
                    Diagnostic::error(loc, format!("operand #{i} does not dominate this use"));
                if let Some(def_loc) = self.def_loc(v) {
                    d = d.with_note(def_loc, "operand defined here");
                }
                self.diags.push(d);
            }
        }
    }

    fn def_loc(&self, v: Value) -> Option<crate::entity::Loc> {
        match self.ctx.value_def(v) {
            ValueDef::Result { op, .. } => Some(self.ctx.op_loc(op)),
            ValueDef::BlockArg { block, .. } => {
                self.ctx.block_parent_op(block).map(|o| self.ctx.op_loc(o))
            }
            ValueDef::Placeholder => None,
        }
    }

    /// Whether `v` is defined in a region enclosing `user` without crossing an op isolated
    /// from above.
    fn value_visible(&self, v: Value, user: Op) -> bool {
        let Some(def_block) = self.ctx.value_parent_block(v) else {
            return false;
        };
        let Some(def_region) = self.ctx.block_parent(def_block) else {
            return false;
        };
        let mut cur = user;
        loop {
            let Some(region) = self.ctx.op_parent_region(cur) else {
                return false;
            };
            if region == def_region {
                return true;
            }
            let Some(parent) = self.ctx.region_parent(region) else {
                return false;
            };
            if self.ctx.has_trait(parent, Traits::ISOLATED_FROM_ABOVE) {
                return false;
            }
            cur = parent;
        }
    }
}

pub mod dominance;
