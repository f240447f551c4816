//! Recording which ops a transformation touched, so that the pass manager can verify only
//! those after a pass instead of the whole op it ran on.
//!
//! While recording is on ([`Context::start_recording_changes`]), every mutation notes the ops
//! whose verification it may invalidate: the op itself (placed, operands, attributes,
//! successors, results or regions changed; creating an op notes nothing, as no block holds
//! it yet), the parent op of a block whose ops or arguments
//! changed, the users of values whose type changed, whose uses were redirected (as only
//! their operands' values changed when the new value has the old one's type) or whose
//! definition was erased, and, for an op or block moved to a new place, every op nested in it
//! and the users of its results (their dominance may have changed). Some changes note less: an
//! op placed or removed ahead of its block's last op notes its block's parent only when that
//! parent's rules read it (it has successors or names a symbol), and a region body moved to a twin of its op
//! right before it notes both ops and the ops directly in the moved blocks (nothing deeper
//! sees a change). An attribute change also
//! notes the symbol table around a symbol (its users read the symbol: a call reads its callee's
//! signature) and the ops directly in the blocks of an op not isolated from above (they may
//! read it: `linalg.index` reads its parent's indexing maps). What reaches further from a
//! touched op is checked by `ir::verify::verify_changed` itself: the terminators of its blocks,
//! the parent of a terminator, and the symbol users under a touched symbol table.
//!
//! Each note says why its op was noted (`ir::verify::notes`): most ops changed themselves, but
//! an op moved along with an ancestor kept its own fields, and a block whose arguments changed
//! is noted apart from its parent, so that the verifier checks such ops only for what their
//! neighbourhood's change can break (the ops reading their ancestors, their operands'
//! dominance; the parent's rules and the branches into the block).

use cranelift_entity::PrimaryMap;

use crate::context::{Context, OperandData, ValueData, ValueDef};
use crate::entity::{Block, Op, Operand, Region, Value};
use crate::registry::Traits;
use crate::verify::notes::{self, ChangeRecord};

impl Context {
    /// Starts recording touched ops (dropping any earlier record).
    pub fn start_recording_changes(&mut self) {
        self.changed_ops = Some(Vec::new());
    }

    /// Stops recording and returns the notes of the touched ops (with repeats, in no useful
    /// order), for the verifier (`ir::verify::notes` reads them: some words carry a reason
    /// beside an op's id, and a block's id follows its parent's); `None` if recording was off.
    pub fn take_recorded_changes(&mut self) -> Option<ChangeRecord> {
        self.changed_ops.take().map(|words| ChangeRecord { words })
    }

    /// Whether touched ops are being recorded.
    pub(crate) fn is_recording_changes(&self) -> bool {
        self.changed_ops.is_some()
    }

    /// Notes `op` as touched.
    pub(crate) fn record_op(&mut self, op: Op) {
        if let Some(list) = &mut self.changed_ops {
            list.push(op);
        }
    }

    /// Notes that the arguments of `block` changed, or that it is leaving its region: its
    /// parent op's rules may read them, and so may the branches into it.
    pub(crate) fn record_block_parent(&mut self, block: Block) {
        if let Some(parent) = self.block_parent_op(block)
            && let Some(list) = &mut self.changed_ops
        {
            notes::push_block_args(list, parent, block);
        }
    }

    /// Notes the op owning `block` as touched (its ops changed where its rules read them).
    fn record_parent_of(&mut self, block: Block) {
        if self.is_recording_changes()
            && let Some(parent) = self.block_parent_op(block)
        {
            self.record_op(parent);
        }
    }

    /// Notes every user of `value`.
    pub(crate) fn record_users(&mut self, value: Value) {
        self.record_user_notes(value, |user| user);
    }

    /// Notes every user of `from`, whose uses are about to read `to` instead: as touched, or
    /// as [`notes::replaced`] when both values have the same type (the users' signatures stay
    /// as they were, so the verifier checks only what the values themselves decide).
    pub(crate) fn record_uses_replaced(&mut self, from: Value, to: Value) {
        if self.value_type(from) == self.value_type(to) {
            self.record_user_notes(from, notes::replaced);
        } else {
            self.record_users(from);
        }
    }

    /// Notes the user of each use of `value` as `note_of` writes it.
    #[inline]
    fn record_user_notes(&mut self, value: Value, note_of: impl Fn(Op) -> Op) {
        let Context {
            changed_ops,
            values,
            operands,
            ..
        } = self;
        if let Some(list) = changed_ops {
            push_users(list, values, operands, value, note_of);
        }
    }

    /// Notes an attribute change of `op`: the op, the symbol table around it when it is a
    /// symbol, and the ops directly in its blocks unless it is isolated from above.
    pub(crate) fn record_attr_change(&mut self, op: Op) {
        let Some(mut list) = self.changed_ops.take() else {
            return;
        };
        list.push(op);
        if self.has_trait(op, Traits::SYMBOL)
            && let Some(table) = self.parent_op(op)
        {
            list.push(table);
        }
        if !self.has_trait(op, Traits::ISOLATED_FROM_ABOVE) {
            for &region in self.regions(op) {
                for block in self.blocks(region) {
                    list.extend(self.block_ops(block));
                }
            }
        }
        self.changed_ops = Some(list);
    }

    /// Notes the users left to the results of `op`, whose definition is being erased (valid
    /// IR has none: any such user is now broken).
    pub(crate) fn record_result_users(&mut self, op: Op) {
        if !self.is_recording_changes() {
            return;
        }
        for k in 0..self.results(op).len() {
            self.record_users(self.results(op)[k]);
        }
    }

    /// Notes the definition of `value` and its users (its type changed).
    pub(crate) fn record_value_type_change(&mut self, value: Value) {
        if !self.is_recording_changes() {
            return;
        }
        match self.value_def(value) {
            ValueDef::Result { op, .. } => self.record_op(op),
            ValueDef::BlockArg { block, .. } => self.record_block_parent(block),
            ValueDef::Placeholder => {}
        }
        self.record_users(value);
    }

    /// Notes an op just placed in a block: the op, every op nested in it (as moved with it: a
    /// new op's nested ops were noted when placed in its blocks), the users of their
    /// results, and the block's parent op when [`Context::parent_reads_op_there`] says its
    /// rules may read the op. Allocates nothing for an op without regions (the common case: an
    /// op just built), as this runs on every insertion while recording; that case writes to
    /// the record in place ([`Context::note_placed_op_without_regions`]).
    pub(crate) fn record_placed_op(&mut self, op: Op) {
        if !self.is_recording_changes() {
            return;
        }
        let reading_parent = if self.parent_reads_op_there(op) {
            self.parent_op(op)
        } else {
            None
        };
        if self.regions(op).is_empty() {
            self.note_placed_op_without_regions(op, reading_parent);
            return;
        }
        let Some(mut list) = self.changed_ops.take() else {
            return;
        };
        list.extend(reading_parent);
        for inner in self.walk_preorder(op) {
            let note = if inner == op { op } else { notes::moved(inner) };
            self.note_op_and_result_users(inner, note, &mut list);
        }
        self.changed_ops = Some(list);
    }

    /// [`Context::record_placed_op`] for an op without regions: notes `reading_parent` (if
    /// any), the op and the users of its results, borrowing the record apart from the op and
    /// value tables it reads instead of taking it out and putting it back.
    #[inline]
    fn note_placed_op_without_regions(&mut self, op: Op, reading_parent: Option<Op>) {
        let Context {
            changed_ops,
            ops,
            values,
            operands,
            ..
        } = self;
        let Some(list) = changed_ops else {
            return;
        };
        list.extend(reading_parent);
        list.push(op);
        for &result in &ops[op].results {
            push_users(list, values, operands, result, |user| user);
        }
    }

    /// Notes the parent of the block `op` is about to leave, when [`Context::parent_reads_op_there`]
    /// says its rules may read `op` there (removing any other op leaves them as they were).
    pub(crate) fn record_op_leaving_block(&mut self, op: Op, block: Block) {
        if self.is_recording_changes() && self.parent_reads_op_there(op) {
            self.record_parent_of(block);
        }
    }

    /// Whether the rules of the parent of `op`'s block may read `op` there. Its block rules
    /// read the last op (the block must end in a terminator), the ops with successors (only
    /// the last may have some) and, in a symbol table, the ops naming a symbol (names are
    /// unique); its region rules and its own verifier read no other op of its blocks but their
    /// terminators (audited: `verify.rs`, the dialects' verify functions). Placing or removing
    /// another op, ahead of the block's last op, leaves all of them as they were.
    #[inline]
    fn parent_reads_op_there(&self, op: Op) -> bool {
        self.next_op(op).is_none()
            || !self.successors(op).is_empty()
            || self.sym_name_attr(op).is_some()
    }

    /// Pushes `note` (of `op`) and the users of `op`'s results onto `list`.
    fn note_op_and_result_users(&self, op: Op, note: Op, list: &mut Vec<Op>) {
        list.push(note);
        for &result in self.results(op) {
            list.extend(self.uses(result).map(|(user, _)| user));
        }
    }

    /// Notes a block just placed in a region: its parent op and everything in it.
    pub(crate) fn record_placed_block(&mut self, block: Block) {
        if !self.is_recording_changes() {
            return;
        }
        self.record_parent_of(block);
        let ops: Vec<Op> = self.block_ops(block).collect();
        for op in ops {
            self.record_placed_op(op);
        }
    }
}

/// Pushes the note `note_of` writes for the user of each use of `value` onto `list`, in use
/// order (what [`Context::uses`] gives), reading only the value and operand tables, so that
/// the record can be borrowed beside them.
#[inline]
fn push_users(
    list: &mut Vec<Op>,
    values: &PrimaryMap<Value, ValueData>,
    operands: &PrimaryMap<Operand, OperandData>,
    value: Value,
    note_of: impl Fn(Op) -> Op,
) {
    let mut next = values[value].first_use.expand();
    while let Some(operand) = next {
        list.push(note_of(operands[operand].owner));
        next = operands[operand].next_use.expand();
    }
}

impl Context {
    /// Takes the record out while the blocks of `from` move to `to`, when the op owning `to`
    /// is a twin of the one owning `from` (same name, same region index) placed right before
    /// it: see [`Context::record_move_to_twin`]. `None` (the move records as usual) otherwise.
    pub(crate) fn pause_recording_for_move_to_twin(
        &mut self,
        from: Region,
        to: Region,
    ) -> Option<Vec<Op>> {
        let (old, new) = (self.region_parent(from)?, self.region_parent(to)?);
        let twins = self.prev_op(old) == Some(new)
            && self.op_name(old) == self.op_name(new)
            && self.region_index(from) == self.region_index(to);
        if twins { self.changed_ops.take() } else { None }
    }

    /// Puts back the record `paused` after `blocks` moved from `from` to a twin right before
    /// its owner, noting both owners and the ops directly in the blocks (as moved: their parent
    /// changed, nothing else of theirs) instead of every op nested in them and their users: every value that dominated the old
    /// owner's region dominates the new one's (nothing but the new owner lies between them,
    /// and its results reach the moved ops only through recorded use changes), the region kind
    /// is the same (same name and index), and an op deeper down keeps its parent.
    pub(crate) fn record_move_to_twin(
        &mut self,
        paused: Option<Vec<Op>>,
        from: Region,
        to: Region,
        blocks: &[Block],
    ) {
        let Some(mut list) = paused else {
            return;
        };
        list.extend(self.region_parent(from));
        list.extend(self.region_parent(to));
        for &block in blocks {
            list.extend(self.block_ops(block).map(notes::moved));
        }
        self.changed_ops = Some(list);
    }
}

#[cfg(test)]
mod tests {
    use crate::asm::{ParseOptions, parse_module};
    use crate::context::Context;
    use crate::entity::Op;
    use crate::verify::notes;

    const FUNCTION: &str = r#"
func.func @f() -> index {
  %c = arith.constant 1 : index
  %d = arith.addi %c, %c : index
  return %d : index
}
"#;

    /// The ops of the function's body: constant, addition, return; and the function.
    fn body_ops(ctx: &mut Context) -> (Vec<Op>, Op) {
        let module = parse_module(ctx, "t.mlir", FUNCTION, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let module_body = ctx.entry_block(ctx.regions(module)[0]).expect("a body");
        let function = ctx.first_op(module_body).expect("a function");
        let body = ctx.entry_block(ctx.regions(function)[0]).expect("a body");
        (ctx.block_ops(body).collect(), function)
    }

    /// An op placed ahead of its block's last op notes itself and each use of its results (the
    /// addition twice), not its parent; one placed last notes its parent too, first.
    #[test]
    fn placed_op_notes_itself_its_users_and_a_reading_parent() {
        let mut ctx = Context::new();
        let (ops, function) = body_ops(&mut ctx);
        let (constant, addition, ret) = (ops[0], ops[1], ops[2]);
        ctx.unlink_op(constant);
        ctx.start_recording_changes();
        ctx.insert_op_before(addition, constant);
        let noted = ctx.take_recorded_changes().expect("recording was on");
        assert_eq!(noted.words, vec![constant, addition, addition]);

        let block = ctx.op_parent(ret).expect("in a block");
        ctx.unlink_op(ret);
        ctx.start_recording_changes();
        ctx.append_op(block, ret);
        let noted = ctx.take_recorded_changes().expect("recording was on");
        assert_eq!(noted.words, vec![function, ret]);
    }

    /// Uses redirected to a value of the same type note their users as replaced, each once per
    /// use; to a value of another type, as touched.
    #[test]
    fn replaced_uses_note_their_users_by_whether_the_type_is_kept() {
        let mut ctx = Context::new();
        let (ops, _) = body_ops(&mut ctx);
        let (constant, addition, ret) = (ops[0], ops[1], ops[2]);
        let (c, d) = (ctx.results(constant)[0], ctx.results(addition)[0]);
        ctx.start_recording_changes();
        ctx.replace_all_uses_with(d, c);
        let noted = ctx.take_recorded_changes().expect("recording was on");
        assert_eq!(noted.words, vec![notes::replaced(ret)]);

        let wide = ctx.int_type(64);
        let block = ctx.op_parent(ret).expect("in a block");
        let other = ctx.add_block_arg(block, wide);
        ctx.start_recording_changes();
        ctx.replace_all_uses_with(c, other);
        let noted = ctx.take_recorded_changes().expect("recording was on");
        assert_eq!(noted.words, vec![addition, addition, ret]);
    }
}
