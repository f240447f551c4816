//! The rewriter through which patterns change the IR, noting the ops a change may affect.
//!
//! It reads as a [`Context`] (it derefs to one) and offers the structural mutations the
//! patterns use. Each records the ops whose patterns may newly apply: users of replaced values,
//! defining ops of the operands an erased op or modified op dropped (they may be dead now), the
//! parent of an erased op, created and moved ops and the defining ops of a moved op's operands,
//! and the op before an erased or moved one (position-sensitive patterns look at their
//! successor). The greedy driver ([`super::apply_patterns_greedily`]) puts the noted ops on
//! its worklist instead of rescanning everything. Notes may name ops erased later; the driver
//! skips those.
//!
//! New ops are created through the [`Builder`]s the rewriter hands out
//! ([`Rewriter::builder_before`], [`Rewriter::builder`]): they report every op they insert to
//! the rewriter, so patterns build exactly as passes do and their new ops are noted.

use std::ops::Deref;

use smallvec::SmallVec;

use crate::builder::{Builder, InsertPoint};
use crate::context::{Context, ValueDef};
use crate::entity::{Block, Loc, Op, Region, Type, Value};

/// A [`Context`] wrapper that notes the ops affected by each change.
pub struct Rewriter<'c> {
    ctx: &'c mut Context,
    noted: Vec<Op>,
    /// Regions whose blocks, block arguments or edges may have changed (see
    /// [`Rewriter::take_touched_regions`]).
    touched: Vec<Region>,
    /// The op changed in place where a rebuild would have made a twin of it, since the
    /// driver last asked ([`Rewriter::take_renewed`]).
    renewed: Option<Op>,
}

impl Deref for Rewriter<'_> {
    type Target = Context;

    fn deref(&self) -> &Context {
        self.ctx
    }
}

impl<'c> Rewriter<'c> {
    /// A rewriter over `ctx` with nothing noted.
    pub fn new(ctx: &'c mut Context) -> Self {
        Rewriter {
            ctx,
            noted: Vec::new(),
            touched: Vec::new(),
            renewed: None,
        }
    }

    /// The context, for interning types, attributes and names only: structural changes must go
    /// through the rewriter's own methods so that they are noted.
    pub fn interner(&mut self) -> &mut Context {
        self.ctx
    }

    /// Takes the ops noted since the last call.
    pub fn take_noted(&mut self) -> Vec<Op> {
        std::mem::take(&mut self.noted)
    }

    /// Drains the ops noted since the last call, keeping the list's capacity for the next
    /// notes (the driver drains after every visit).
    pub fn drain_noted(&mut self) -> std::vec::Drain<'_, Op> {
        self.noted.drain(..)
    }

    /// Whether anything was noted since the last [`Self::take_noted`].
    pub fn has_noted(&self) -> bool {
        !self.noted.is_empty()
    }

    /// Notes `op` itself.
    pub fn note(&mut self, op: Op) {
        self.noted.push(op);
    }

    /// Takes the regions touched since the last call (possibly repeated, possibly erased
    /// since): those where a block was erased, split, moved in or out, or got or lost an
    /// argument; where a block argument lost a use; where a branch was erased or moved; and
    /// those that took over another region's blocks. With the branches among the noted ops
    /// (new or changed), these are the regions whose block structure may simplify further.
    pub fn take_touched_regions(&mut self) -> Vec<Region> {
        std::mem::take(&mut self.touched)
    }

    fn touch_block_region(&mut self, block: Block) {
        if let Some(region) = self.ctx.block_parent(block) {
            self.touched.push(region);
        }
    }

    /// Notes the region of `op` if `op` is a branch (it is leaving or moving).
    fn touch_if_branch(&mut self, op: Op) {
        if !self.ctx.successors(op).is_empty()
            && let Some(region) = self.ctx.op_parent_region(op)
        {
            self.touched.push(region);
        }
    }

    fn note_users(&mut self, v: Value) {
        self.noted.extend(self.ctx.uses(v).map(|(user, _)| user));
    }

    fn note_definer(&mut self, v: Value) {
        match self.ctx.value_def(v) {
            ValueDef::Result { op, .. } => self.noted.push(op),
            ValueDef::BlockArg { block, .. } => self.touch_block_region(block),
            ValueDef::Placeholder => {}
        }
    }

    fn note_operand_definers(&mut self, op: Op) {
        for i in 0..self.ctx.num_operands(op) {
            self.note_definer(self.ctx.operand(op, i));
        }
    }

    /// Notes a moved op, its surroundings and the defining ops of its operands (a pattern may
    /// depend on where a value's users are, e.g. a clone on its free being in its block).
    fn note_move(&mut self, op: Op) {
        self.touch_if_branch(op);
        self.note_surroundings(op);
        self.note_operand_definers(op);
        self.noted.push(op);
    }

    /// Notes the op before `op` in its block and its parent op: position-sensitive patterns
    /// and region-holding parents react to ops appearing or disappearing there.
    fn note_surroundings(&mut self, op: Op) {
        if let Some(prev) = self.ctx.prev_op(op) {
            self.noted.push(prev);
        }
        if let Some(parent) = self.ctx.parent_op(op) {
            self.noted.push(parent);
        }
    }

    /// A builder inserting at `ip` with location `loc`, whose new ops are noted.
    pub fn builder(&mut self, ip: InsertPoint, loc: Loc) -> Builder<'_> {
        Builder::new(self.ctx, ip, loc).with_listener(&mut self.noted)
    }

    /// A builder inserting right before `anchor`, at its location, whose new ops are noted.
    pub fn builder_before(&mut self, anchor: Op) -> Builder<'_> {
        Builder::before(self.ctx, anchor).with_listener(&mut self.noted)
    }

    /// Takes the op that [`Rewriter::keep_results_in_place`] changed since the last call: the
    /// driver visits it again in the current generation, as it would visit the twin a rebuild
    /// makes, and does not treat it as the op it just visited (which a rebuild erases).
    pub fn take_renewed(&mut self) -> Option<Op> {
        self.renewed.take()
    }

    /// Gives `op` the operands `operands` and keeps only its results `kept` (distinct; the
    /// others must be unused), in place: the IR a rebuild would leave (a twin with those
    /// operands and results built right before `op`, its regions moved over, the kept results'
    /// uses redirected, `op` erased), without the new op, regions and values. The notes are
    /// those of the rebuild, in its order, with `op` standing for the twin; the touched
    /// regions are `op`'s, as the twin's would be; the operands are relinked at the end of
    /// their use-lists as the twin's would be linked; and the driver visits `op` again as the
    /// new op it stands for ([`Rewriter::take_renewed`]). So the rewrite goes on exactly as
    /// after the rebuild. For the op a pattern is visiting, whose regions hold at most one
    /// block each (region simplification, which the new regions would be queued for, has
    /// nothing to do in them).
    pub fn keep_results_in_place(&mut self, op: Op, operands: &[Value], kept: &[usize]) {
        debug_assert!(self.renewed.is_none(), "one renewal per visit");
        // Building the twin notes it; taking over the regions touches them.
        self.noted.push(op);
        self.renewed = Some(op);
        let regions: SmallVec<[Region; 4]> = SmallVec::from_slice(self.ctx.regions(op));
        self.touched.extend_from_slice(&regions);
        // Redirecting the kept results' uses notes their users.
        for &k in kept {
            self.note_users(self.ctx.result(op, k));
        }
        // Erasing the old op notes the op before it (the twin), its parent and the definers
        // of its operands (its regions are empty by then).
        self.note_surroundings_of_replaced(op);
        self.note_operand_definers(op);
        self.ctx.set_operands(op, operands);
        self.ctx.keep_results(op, kept);
    }

    /// What erasing an op right after its twin notes: the twin (here the op itself), then the
    /// parent op.
    fn note_surroundings_of_replaced(&mut self, op: Op) {
        self.noted.push(op);
        if let Some(parent) = self.ctx.parent_op(op) {
            self.noted.push(parent);
        }
    }

    /// Moves the blocks of `from` to the end of `to`.
    pub fn take_region_body(&mut self, from: Region, to: Region) {
        self.touched.push(to);
        self.ctx.take_region_body(from, to);
    }

    /// Makes every use of `from` read `to`.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if let ValueDef::BlockArg { block, .. } = self.ctx.value_def(from) {
            self.touch_block_region(block);
        }
        self.note_users(from);
        self.ctx.replace_all_uses_with(from, to);
    }

    /// Replaces each result of `op` with the corresponding value.
    pub fn replace_op_uses(&mut self, op: Op, values: &[Value]) {
        for &r in self.ctx.results(op) {
            let users = self.ctx.uses(r).map(|(user, _)| user);
            self.noted.extend(users);
        }
        self.ctx.replace_op_uses(op, values);
    }

    /// Erases `op` and everything nested in it.
    pub fn erase_op(&mut self, op: Op) {
        self.touch_if_branch(op);
        self.note_surroundings(op);
        self.note_nested_operand_definers(op);
        let block = self.ctx.op_parent(op);
        self.ctx.erase_op(op);
        if let Some(block) = block {
            self.touch_if_only_a_branch_left(block);
        }
    }

    /// Touches the region of `block` when `block` is left holding nothing but a branch: the
    /// branches into it may now skip it (region simplification visits them again).
    fn touch_if_only_a_branch_left(&mut self, block: Block) {
        if let Some(only) = self.ctx.first_op(block)
            && self.ctx.last_op(block) == Some(only)
            && !self.ctx.successors(only).is_empty()
        {
            self.touch_block_region(block);
        }
    }

    /// Notes the defining ops of the operands of `op` and of every op nested in it.
    fn note_nested_operand_definers(&mut self, op: Op) {
        if self.ctx.regions(op).is_empty() {
            self.note_operand_definers(op);
            return;
        }
        for nested in self.ctx.walk_preorder(op) {
            self.note_operand_definers(nested);
        }
    }

    /// Erases `block` and its ops.
    pub fn erase_block(&mut self, block: Block) {
        self.touch_block_region(block);
        if let Some(parent) = self.ctx.block_parent_op(block) {
            self.noted.push(parent);
        }
        let ops: Vec<Op> = self.ctx.block_ops(block).collect();
        for op in ops {
            self.note_nested_operand_definers(op);
        }
        self.ctx.erase_block(block);
    }

    /// Splits `block` before `op`: `op` and the ops after it move to a new block right after
    /// `block`, which is returned.
    pub fn split_block(&mut self, block: Block, op: Op) -> Block {
        self.touch_block_region(block);
        self.note_surroundings(op);
        self.noted.push(op);
        self.ctx.split_block(block, op)
    }

    /// Moves `block` (with its ops) right after `anchor`, into `anchor`'s region.
    pub fn move_block_after(&mut self, block: Block, anchor: Block) {
        self.move_block(block, |ctx| ctx.insert_block_after(anchor, block));
    }

    /// Moves `block` (with its ops) to the end of `region`.
    pub fn move_block_to_end(&mut self, block: Block, region: Region) {
        self.move_block(block, |ctx| ctx.append_block(region, block));
    }

    /// Unlinks `block` and places it with `place`, noting its old parent and its ops.
    fn move_block(&mut self, block: Block, place: impl FnOnce(&mut Context)) {
        self.touch_block_region(block);
        if let Some(parent) = self.ctx.block_parent_op(block) {
            self.noted.push(parent);
        }
        self.ctx.unlink_block(block);
        place(self.ctx);
        self.touch_block_region(block);
        let ops: Vec<Op> = self.ctx.block_ops(block).collect();
        self.noted.extend(ops);
    }

    /// Appends an argument of type `ty` to `block`.
    pub fn add_block_arg(&mut self, block: Block, ty: Type) -> Value {
        self.touch_block_region(block);
        if let Some(parent) = self.ctx.block_parent_op(block) {
            self.noted.push(parent);
        }
        self.ctx.add_block_arg(block, ty)
    }

    /// Makes operand `i` of `op` read `v`.
    pub fn set_operand(&mut self, op: Op, i: usize, v: Value) {
        self.note_definer(self.ctx.operand(op, i));
        self.noted.push(op);
        self.ctx.set_operand(op, i, v);
    }

    /// Replaces all operands of `op`.
    pub fn set_operands(&mut self, op: Op, values: &[Value]) {
        self.note_operand_definers(op);
        self.noted.push(op);
        self.ctx.set_operands(op, values);
    }

    /// Moves `op` right before `anchor`.
    pub fn move_op_before(&mut self, op: Op, anchor: Op) {
        self.note_move(op);
        self.ctx.move_op_before(op, anchor);
    }

    /// Moves `op` to the end of `block`.
    pub fn move_op_to_end(&mut self, op: Op, block: Block) {
        self.note_move(op);
        self.ctx.move_op_to_end(op, block);
    }

    /// Moves `op` right after `anchor`.
    pub fn move_op_after(&mut self, op: Op, anchor: Op) {
        self.note_move(op);
        self.ctx.unlink_op(op);
        self.ctx.insert_op_after(anchor, op);
    }

    /// Moves `op` to the start of `block`.
    pub fn move_op_to_start(&mut self, op: Op, block: Block) {
        self.note_move(op);
        self.ctx.unlink_op(op);
        self.ctx.prepend_op(block, op);
    }

    /// Removes argument `index` of `block`, which must have no uses.
    pub fn erase_block_arg(&mut self, block: Block, index: usize) {
        self.touch_block_region(block);
        if let Some(parent) = self.ctx.block_parent_op(block) {
            self.noted.push(parent);
        }
        self.ctx.erase_block_arg(block, index);
    }

    /// Removes the arguments at `indices` of `block` (each once, any order), which must have
    /// no uses; linear in the number of arguments, however many go.
    pub fn erase_block_args(&mut self, block: Block, indices: &[usize]) {
        self.touch_block_region(block);
        if let Some(parent) = self.ctx.block_parent_op(block) {
            self.noted.push(parent);
        }
        self.ctx.erase_block_args(block, indices);
    }

    /// Removes operand `index` of `op`, shrinking the `operandSegmentSizes` group that holds
    /// it (if the op has groups).
    pub fn erase_operand(&mut self, op: Op, index: usize) {
        self.erase_operands(op, &[index]);
    }

    /// Removes the operands at `indices` of `op` (each once, any order), shrinking the
    /// `operandSegmentSizes` groups that hold them (if the op has groups); linear in the
    /// number of operands, however many go.
    pub fn erase_operands(&mut self, op: Op, indices: &[usize]) {
        // Operand lists are short: the scratch lists stay off the heap.
        let count = self.ctx.num_operands(op);
        let mut erased: SmallVec<[bool; 8]> = SmallVec::from_elem(false, count);
        for &index in indices.iter().filter(|&&i| i < count) {
            erased[index] = true;
        }
        if !erased.contains(&true) {
            return;
        }
        let mut kept: SmallVec<[Value; 8]> = SmallVec::with_capacity(count);
        for (i, &gone) in erased.iter().enumerate() {
            let value = self.ctx.operand(op, i);
            if gone {
                self.note_definer(value);
            } else {
                kept.push(value);
            }
        }
        self.noted.push(op);
        self.ctx.set_operands(op, &kept);
        let Some(sizes) = crate::dialects::syntax::segments(self.ctx, op) else {
            return;
        };
        let mut start = 0;
        let shrunk: Vec<i32> = sizes
            .iter()
            .map(|&len| {
                let group = start..start + len;
                start += len;
                (len - erased[group].iter().filter(|&&gone| gone).count()) as i32
            })
            .collect();
        let attr = self.ctx.dense_i32_array(&shrunk);
        self.ctx.set_attr(op, "operandSegmentSizes", attr);
    }
}
