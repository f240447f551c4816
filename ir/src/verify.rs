//! The verifier: structural rules, SSA dominance and per-op constraints.
//!
//! Follows MLIR's `OperationVerifier` (`mlir/lib/IR/Verifier.cpp`) step for step, and like it
//! stops at the first failure, except that the ops isolated from above nested in one op are all
//! verified (`mlir-opt` verifies them in parallel), so the diagnostics reported are the ones
//! `mlir-opt` reports:
//! 1. a depth-first walk of the ops and blocks under an op; on entering an op, its trait
//!    checks (terminator position, single block, symbol visibility) and its own verifier run,
//!    then region rules (graph regions have one block, entry blocks have no predecessors); on
//!    entering a block, it must not be empty (unless it may lack a terminator) and only its last
//!    op may have successors; on leaving a block, successors must be in the same region and the
//!    block must end in a terminator; on leaving an op, the ops isolated from above nested in it
//!    are verified the same way (each with its own dominance check), then symbol tables are
//!    checked for duplicate names;
//! 2. once an op's whole tree is structurally valid, SSA dominance of every operand in the
//!    regions it contains (graph regions are exempt, unreachable blocks are skipped), and
//!    isolation from above.

use rustc_hash::FxHashMap;

use crate::attrs::AttrData;
use crate::context::{Context, ValueDef};
use crate::diag::Diagnostic;
use crate::entity::{Block, Op, Region, Value};
use crate::registry::{OpDef, Traits};
use cranelift_entity::EntityRef;
use marks::Marks;
use notes::Note;
use signature::{Recall, SignatureMemo};

/// Verifies `root` and everything nested in it; the errors are the ones MLIR would report.
pub fn verify(ctx: &Context, root: Op) -> Result<(), Vec<Diagnostic>> {
    let mut v = Verifier::new(ctx);
    if v.verify_op_and_dominance(root) {
        Ok(())
    } else {
        Err(v.diags)
    }
}

/// Verifies the ops of `changed` that are alive and attached under the outermost ancestor of
/// `root` (the ops a transformation touched, from [`Context::take_recorded_changes`]), each
/// without descending into its regions: its own rules, the rules of its blocks and of their
/// terminators (a terminator reads its parent, a branch its successors' arguments), the rules
/// of its parent when it is a terminator (a region-branch op reads its terminators), its symbol
/// table, and the dominance of its operands; when a symbol table was touched, also every op
/// naming a symbol (a call reads its callee). An op noted only for a change around it is
/// checked for what that change can break ([`Check`]). With what the recording notes (see
/// `context/changes.rs`), this checks every rule a change can break, so that IR which verified
/// before the change verifies after it exactly when this passes.
///
/// Verifying after many transformations, keep one [`ChangeVerifier`] instead.
pub fn verify_changed(
    ctx: &Context,
    root: Op,
    changed: ChangeRecord,
) -> Result<(), Vec<Diagnostic>> {
    ChangeVerifier::default().verify(ctx, root, changed)
}

/// [`verify_changed`] for successive transformations: its tables are kept between calls and
/// emptied in O(1), so that each call costs in proportion to the ops it checks, not to the
/// module (a pass anchored on functions is verified once per function, and tables sized by the
/// module on each call made a pipeline over many functions quadratic).
///
/// What it keeps between calls (each region's dominator numbering, the signatures whose rules
/// passed) is in terms of one [`Context`]'s ids: use a fresh one for each context.
#[derive(Default)]
pub struct ChangeVerifier {
    /// Ops whose own rules are checked (or will be) in the current call.
    covered: Marks,
    /// Which blocks are nested in the current call's root.
    nested: NestedIn,
    /// Block dominance, forgotten at the start of each call.
    dom: dominance::BlockDominance,
    /// The signatures whose rules passed, kept for the whole run (a signature's rules pass
    /// wherever its ops stand).
    signatures: SignatureMemo,
    /// The blocks whose arguments changed (in the current call), by index.
    args_changed: Marks,
}

/// How a noted op is checked, by why it was noted (see [`notes`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
enum Check {
    /// Everything a change of the op can break (see [`verify_changed`]).
    Touched = 0,
    /// The op moved with an ancestor and its rules read nothing but its signature, or its
    /// operands now read other values of the same types and its rules (and, for a terminator,
    /// its parent's) read them by type only: they pass as they did, and only its operands'
    /// dominance may have changed.
    Dominance = 1,
    /// Arguments of some of the op's blocks changed (those marked in `args_changed`): its
    /// rules read them, and so do the branches into those blocks; nothing else changed.
    BlockArgs = 2,
}

/// Where a word of the list of checks keeps its [`Check`] (the list is kept in the record's
/// own words: no arena holds 2^30 entities).
const CHECK_SHIFT: u32 = 30;

impl Check {
    /// The word of the list of checks saying that `op` gets this check.
    #[inline]
    fn word(self, op: Op) -> Op {
        Op::from_u32(op.as_u32() | (self as u32) << CHECK_SHIFT)
    }

    /// The op of a word of the list of checks, and its check.
    #[inline]
    fn of_word(word: Op) -> (Op, Check) {
        let op = Op::from_u32(word.as_u32() & ((1 << CHECK_SHIFT) - 1));
        let check = match word.as_u32() >> CHECK_SHIFT {
            0 => Check::Touched,
            1 => Check::Dominance,
            _ => Check::BlockArgs,
        };
        (op, check)
    }
}

impl ChangeVerifier {
    /// Verifies the ops `changed` touched under `root`, as [`verify_changed`].
    pub fn verify(
        &mut self,
        ctx: &Context,
        root: Op,
        changed: ChangeRecord,
    ) -> Result<(), Vec<Diagnostic>> {
        let top = outermost_ancestor(ctx, root);
        self.covered.clear();
        self.nested.clear();
        self.dom.forget();
        let mut checks = changed.words;
        self.plan_checks(ctx, top, &mut checks);
        let mut v = Verifier::new(ctx);
        // Every noted op gets its rules checked where its check needs them: a terminator or
        // parent checked for a touched neighbour is skipped when it is noted itself or checked
        // already.
        v.rules_covered = std::mem::take(&mut self.covered);
        v.dom = std::mem::take(&mut self.dom);
        v.signatures = std::mem::take(&mut self.signatures);
        v.args_changed = std::mem::take(&mut self.args_changed);
        let ok = v.verify_noted_ops(root, top, &checks);
        self.covered = std::mem::take(&mut v.rules_covered);
        self.dom = std::mem::take(&mut v.dom);
        self.signatures = std::mem::take(&mut v.signatures);
        self.args_changed = std::mem::take(&mut v.args_changed);
        if ok { Ok(()) } else { Err(v.diags) }
    }

    /// Turns `record` in place into the list of the ops it notes that are alive and nested in
    /// `top`, each once, where it is first noted, with the check its notes together ask for
    /// (one note as touched makes it [`Check::Touched`]), as words of [`Check::word`]. Marks
    /// each op in `covered`, flagged while only noted for a change around it.
    fn plan_checks(&mut self, ctx: &Context, top: Op, record: &mut Vec<Op>) {
        self.args_changed.clear();
        // Whether an op noted first for a change around it was then noted as touched.
        let mut upgraded = false;
        let (mut read, mut kept) = (0, 0);
        // A note takes at least the word written for it: `kept` never passes `read`.
        while read < record.len() {
            let (note, next) = notes::read(record, read);
            read = next;
            let (op, check) = self.check_of(ctx, note);
            let light = check != Check::Touched;
            match self.covered.insert_flagged(op.index(), light) {
                None => {
                    if ctx.is_alive(op) && self.nested.contains(ctx, top, op) {
                        record[kept] = check.word(op);
                        kept += 1;
                    }
                }
                Some(true) if !light => {
                    self.covered.unflag(op.index());
                    upgraded = true;
                }
                Some(_) => {}
            }
        }
        record.truncate(kept);
        if upgraded {
            for word in record.iter_mut() {
                let (op, _) = Check::of_word(*word);
                if self.covered.flag(op.index()) == Some(false) {
                    *word = op;
                }
            }
        }
    }

    /// The op `note` is about and the check it asks for; marks the block of a block note.
    #[inline]
    fn check_of(&mut self, ctx: &Context, note: Note) -> (Op, Check) {
        match note {
            Note::Touched(op) => (op, Check::Touched),
            Note::Moved(op) => {
                let by_signature = ctx.is_alive(op)
                    && self
                        .signatures
                        .rules_read_only_signature(ctx, op, ctx.op_def(op));
                (
                    op,
                    if by_signature {
                        Check::Dominance
                    } else {
                        Check::Touched
                    },
                )
            }
            Note::Replaced(op) => {
                let rules_pass = ctx.is_alive(op)
                    && self.signatures.rules_pass_after_same_type_replacement(
                        ctx,
                        op,
                        ctx.op_def(op),
                    );
                (
                    op,
                    if rules_pass {
                        Check::Dominance
                    } else {
                        Check::Touched
                    },
                )
            }
            Note::BlockArgs { parent, block } => {
                if self.block_args_changed(ctx, parent, block) {
                    self.args_changed.insert(block.index());
                    (parent, Check::BlockArgs)
                } else {
                    (parent, Check::Touched)
                }
            }
        }
    }

    /// Whether a block note of `block` under `parent` is about its arguments alone: the block
    /// is still in a region of `parent` (else it left, and every rule of `parent` reading its
    /// blocks is checked, as for a touched op), and `parent` is neither a symbol table (whose
    /// rules are checked with its symbol users) nor a terminator (whose parent reads it).
    fn block_args_changed(&self, ctx: &Context, parent: Op, block: Block) -> bool {
        if !ctx.is_alive(parent) || ctx.block_parent_op(block) != Some(parent) {
            return false;
        }
        let def = ctx.op_def(parent);
        !def.traits.contains(Traits::SYMBOL_TABLE) && !def.traits.contains(Traits::TERMINATOR)
    }
}

/// The op `op` is nested in at the top (itself if it has no parent).
fn outermost_ancestor(ctx: &Context, op: Op) -> Op {
    let mut top = op;
    while let Some(parent) = ctx.parent_op(top) {
        top = parent;
    }
    top
}

/// Whether ops are nested in a root op, remembered per block: the touched ops of a pass come
/// in runs from the same blocks, and walking each one's ancestors up to the root costs more
/// than verifying it.
#[derive(Default)]
struct NestedIn {
    /// Blocks asked about since the last [`NestedIn::clear`], flagged if nested in the root.
    known: Marks,
    /// The last block asked about and its answer (runs of touched ops share a block).
    last: Option<(Block, bool)>,
}

impl NestedIn {
    /// Forgets every block (the next question may be about another root).
    fn clear(&mut self) {
        self.known.clear();
        self.last = None;
    }

    /// Whether `op` is `root` or nested (at any depth) in it; `root` must be the same since
    /// the last [`NestedIn::clear`]. Asked for every touched op: the answer for the block of
    /// the previous one is found inline.
    #[inline]
    fn contains(&mut self, ctx: &Context, root: Op, op: Op) -> bool {
        if op == root {
            return true;
        }
        let Some(block) = ctx.op_parent(op) else {
            return false;
        };
        if let Some((last, nested)) = self.last
            && last == block
        {
            return nested;
        }
        self.block_is_nested(ctx, root, block)
    }

    /// [`NestedIn::contains`] for an op of `block`, not the block asked about last.
    fn block_is_nested(&mut self, ctx: &Context, root: Op, block: Block) -> bool {
        let nested = match self.known.flag(block.index()) {
            Some(nested) => nested,
            None => {
                let nested = ctx
                    .block_parent_op(block)
                    .is_some_and(|parent| ctx.is_ancestor(root, parent));
                self.known.insert_flagged(block.index(), nested);
                nested
            }
        };
        self.last = Some((block, nested));
        nested
    }
}

/// Where a use stands relative to the definition of its value.
#[derive(Clone, Copy)]
enum Visibility {
    /// An op isolated from above lies between them.
    Isolated(Op),
    /// The use is not nested in the definition's region (or the block is in no region):
    /// dominance does not apply.
    Dominated,
    /// The value is defined nowhere (an unresolved placeholder).
    Undefined,
    /// The definition's block, and the use's ancestor in that block's region.
    Through(Block, Op),
}

/// What [`Verifier::scan_operands`] found about an op's operands.
#[derive(Clone, Copy)]
struct OperandScan {
    /// No operand is an unresolved placeholder.
    resolved: bool,
    /// Every operand is defined earlier in the op's block, so dominates it.
    local: bool,
}

/// An item of the depth-first verification walk.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum WorkItem {
    Op(Op),
    Block(Block),
}

struct Verifier<'a> {
    ctx: &'a Context,
    diags: Vec<Diagnostic>,
    dom: dominance::BlockDominance,
    /// Emptied worklists of finished walks, reused by the next (one walk per function).
    spare_worklists: Vec<Vec<(WorkItem, bool)>>,
    /// For each op with regions on the walk's path, the ops isolated from above found directly
    /// in its blocks, verified when the walk leaves it.
    isolated_children: Vec<Vec<Op>>,
    /// Scratch: the ops of the block being entered.
    block_ops: Vec<Op>,
    /// Whether an operand failed its dominance check during the current structural walk (the
    /// errors are then reported by MLIR's separate dominance walk, in its order).
    dominance_failed: bool,
    /// The last block asked about and whether it is reachable (ops come block by block).
    reachable_cache: Option<(Block, bool)>,
    /// For [`verify_changed`]: the ops whose own rules are checked already or will be (they
    /// were touched), so a neighbour of several touched ops is checked once.
    rules_covered: Marks,
    /// The signatures whose rules passed (in this walk, or in the run's earlier checks).
    signatures: SignatureMemo,
    /// For [`verify_changed`]: the blocks whose arguments changed, by index.
    args_changed: Marks,
}

impl<'a> Verifier<'a> {
    fn new(ctx: &'a Context) -> Self {
        Verifier {
            ctx,
            diags: Vec::new(),
            dom: dominance::BlockDominance::default(),
            spare_worklists: Vec::new(),
            isolated_children: Vec::new(),
            block_ops: Vec::new(),
            dominance_failed: false,
            reachable_cache: None,
            rules_covered: Marks::default(),
            signatures: SignatureMemo::default(),
            args_changed: Marks::default(),
        }
    }

    /// Records an error reported on `op` (MLIR's `op->emitError`) and returns `false`.
    fn error(&mut self, op: Op, msg: String) -> bool {
        let loc = self.ctx.op_loc(op);
        self.diags.push(Diagnostic::error(loc, msg).on_op(op));
        false
    }

    /// Records an error at the location of `op` but not reported on it (MLIR's
    /// `emitError(op->getLoc())`, which shows no current operation) and returns `false`.
    fn error_at_loc_of(&mut self, op: Op, msg: &str) -> bool {
        let loc = self.ctx.op_loc(op);
        self.diags.push(Diagnostic::error(loc, msg));
        false
    }

    /// Records `'name' op msg` at `op` and returns `false`.
    fn op_error(&mut self, op: Op, msg: &str) -> bool {
        let name = self.ctx.op_name_str(op).to_string();
        self.error(op, format!("'{name}' op {msg}"))
    }

    ///
    /// The structural walk also checks every operand's dominance as it goes, so that a valid
    /// op is walked once; only when an operand fails does MLIR's separate dominance walk run,
    /// to report the failure MLIR reports first.
    fn verify_op_and_dominance(&mut self, op: Op) -> bool {
        let outer_failed = std::mem::replace(&mut self.dominance_failed, false);
        let structure_ok = self.verify_operation(op);
        let dominance_failed = std::mem::replace(&mut self.dominance_failed, outer_failed);
        if !structure_ok {
            return false;
        }
        if !dominance_failed || self.ctx.regions(op).is_empty() {
            return true;
        }
        let reported = !self.verify_dominance_of_contained_regions(op);
        debug_assert!(
            reported,
            "the dominance walk finds what the structural walk found"
        );
        !reported
    }

    /// The structural walk of `op`'s tree, stopping at ops isolated from above.
    fn verify_operation(&mut self, op: Op) -> bool {
        let mut worklist = self.spare_worklists.pop().unwrap_or_default();
        let isolated_depth = self.isolated_children.len();
        worklist.push((WorkItem::Op(op), false));
        let ok = self.walk(op, &mut worklist);
        worklist.clear();
        self.spare_worklists.push(worklist);
        self.isolated_children.truncate(isolated_depth);
        ok
    }

    /// The checks of [`verify_changed`] for the noted ops `checks` (alive, under `top`, each
    /// once, as words of [`Check::word`]) of a transformation run on `root`.
    fn verify_noted_ops(&mut self, root: Op, top: Op, checks: &[Op]) -> bool {
        let mut symbol_table_touched = false;
        for &word in checks {
            let (op, check) = Check::of_word(word);
            let ok = match check {
                Check::Touched => {
                    // The op's definition, looked up once for the checks of its neighbourhood.
                    let def: &'a OpDef = self.ctx.op_def(op);
                    symbol_table_touched |=
                        def.registered && def.traits.contains(Traits::SYMBOL_TABLE);
                    self.verify_touched_op(root, op, def)
                }
                Check::Dominance => self.verify_moved_op(root, op),
                Check::BlockArgs => self.verify_op_with_changed_args(op),
            };
            if !ok {
                return false;
            }
        }
        !symbol_table_touched || self.verify_symbol_users(top)
    }

    /// The check of an op whose rules pass as they did ([`Check::Dominance`]: it moved with an
    /// ancestor, or its operands now read values of the same types): its operands' dominance.
    fn verify_moved_op(&mut self, root: Op, op: Op) -> bool {
        let scan = self.scan_operands(op);
        if !scan.resolved {
            return self.unresolved_operand(op);
        }
        if scan.local || op == root || self.reachable_block_of(op).is_none() {
            return true;
        }
        self.verify_operand_dominance(op)
    }

    /// The check of an op some of whose blocks' arguments changed ([`Check::BlockArgs`]): its
    /// own rules, and those of the terminators that branch to one of those blocks (in the
    /// order a touched op's terminators are checked).
    fn verify_op_with_changed_args(&mut self, op: Op) -> bool {
        if !self.verify_op_on_entrance(op) {
            return false;
        }
        let ctx = self.ctx;
        ctx.regions(op).iter().all(|&region| {
            ctx.blocks(region).all(|block| {
                ctx.last_op(block)
                    .filter(|&term| ctx.has_trait(term, Traits::TERMINATOR))
                    .filter(|&term| {
                        ctx.successors(term)
                            .iter()
                            .any(|s| self.args_changed.contains(s.index()))
                    })
                    .is_none_or(|term| self.verify_rules_once(term))
            })
        })
    }

    /// The checks of [`verify_changed`] for one op, whose definition is `def`.
    fn verify_touched_op(&mut self, root: Op, op: Op, def: &'a OpDef) -> bool {
        let scan = self.scan_operands(op);
        if !self.verify_op_rules(op, def, scan) {
            return false;
        }
        let ctx = self.ctx;
        let has_regions = !ctx.regions(op).is_empty();
        if has_regions && !self.verify_blocks_of(op) {
            return false;
        }
        if def.registered
            && def.traits.contains(Traits::SYMBOL_TABLE)
            && !self.verify_symbol_table(op)
        {
            return false;
        }
        if has_regions && !self.verify_terminators_of(op) {
            return false;
        }
        if def.traits.contains(Traits::TERMINATOR) && !self.verify_parent_of_terminator(op) {
            return false;
        }
        // Operands defined earlier in the op's block dominate it wherever it stands.
        if scan.local || op == root || self.reachable_block_of(op).is_none() {
            return true;
        }
        self.verify_operand_dominance(op)
    }

    /// The block rules of `op`'s blocks (checked, not walked: their ops are not entered).
    fn verify_blocks_of(&mut self, op: Op) -> bool {
        let ctx = self.ctx;
        ctx.regions(op).iter().all(|&region| {
            ctx.blocks(region).all(|block| {
                self.verify_block_rules_on_entrance(block) && self.verify_block_on_exit(block)
            })
        })
    }

    /// One pass over `op`'s operands for what both its own rules and its dominance check ask:
    /// whether every operand is resolved, and whether every one is defined earlier in `op`'s
    /// block (an argument of it or a result of an op before `op`), which settles dominance
    /// for most ops without the dominator tree.
    #[inline]
    fn scan_operands(&self, op: Op) -> OperandScan {
        let ctx = self.ctx;
        let use_block = ctx.op_parent(op);
        let mut local = use_block.is_some();
        for v in ctx.operands(op) {
            if ctx.value_def(v) == ValueDef::Placeholder {
                return OperandScan {
                    resolved: false,
                    local: false,
                };
            }
            // Short-circuited: an op outside any block is asked no block order.
            local = local && self.defined_earlier_in_block(v, op, use_block);
        }
        OperandScan {
            resolved: true,
            local,
        }
    }

    /// The own rules of the terminators of `op`'s blocks, which may read `op` (a yield its
    /// parent's results) or its blocks (a branch its successors' arguments).
    fn verify_terminators_of(&mut self, op: Op) -> bool {
        let ctx = self.ctx;
        ctx.regions(op).iter().all(|&region| {
            ctx.blocks(region).all(|block| {
                ctx.last_op(block)
                    .filter(|&term| ctx.has_trait(term, Traits::TERMINATOR))
                    .is_none_or(|term| self.verify_rules_once(term))
            })
        })
    }

    /// The own rules of the parent of `op`, a terminator: the parent may read it (a
    /// region-branch op the values its terminators forward).
    fn verify_parent_of_terminator(&mut self, op: Op) -> bool {
        self.ctx
            .parent_op(op)
            .is_none_or(|parent| self.verify_rules_once(parent))
    }

    /// The own rules of `op` (as on entering it), unless [`Verifier::rules_covered`] says they
    /// are checked already.
    fn verify_rules_once(&mut self, op: Op) -> bool {
        !self.rules_covered.insert(op.index()) || self.verify_op_on_entrance(op)
    }

    /// The own rules of every op under `top` that names a symbol (they may read it: a call
    /// its callee's signature, `memref.get_global` its global).
    fn verify_symbol_users(&mut self, top: Op) -> bool {
        let ctx = self.ctx;
        ctx.walk_preorder(top).into_iter().all(|op| {
            let names_symbol = ctx
                .attrs(op)
                .iter()
                .any(|&(_, attr)| matches!(ctx.attr_data(attr), AttrData::SymbolRef { .. }));
            !names_symbol || self.verify_op_on_entrance(op)
        })
    }

    /// Checks the dominance of `op`'s operands without reporting, if its block is reachable.
    fn note_operand_dominance(&mut self, op: Op) {
        let Some(block) = self.reachable_block_of(op) else {
            return;
        };
        let ctx = self.ctx;
        let all_dominate = ctx.operands(op).all(|v| {
            self.defined_earlier_in_block(v, op, Some(block)) || self.dominates_from_afar(v, op)
        });
        self.dominance_failed |= !all_dominate;
    }

    /// The block of `op`, if it is reachable from its region's entry (only there is dominance
    /// checked).
    #[inline]
    fn reachable_block_of(&mut self, op: Op) -> Option<Block> {
        let ctx = self.ctx;
        let block = ctx.op_parent(op)?;
        let reachable = match self.reachable_cache {
            Some((cached, reachable)) if cached == block => reachable,
            _ => {
                if let Some(region) = ctx.block_parent(block) {
                    self.dom.compute_region(ctx, region);
                }
                let reachable = self.dom.is_reachable(block);
                self.reachable_cache = Some((block, reachable));
                reachable
            }
        };
        reachable.then_some(block)
    }

    /// Whether the definition of `v`, outside `user`'s block or after it, is visible to `user`
    /// (no isolation boundary between) and dominates it.
    fn dominates_from_afar(&mut self, v: Value, user: Op) -> bool {
        self.dominates_given(v, self.visible_ancestor(v, user))
    }

    /// Whether the definition of `v` dominates a use standing where `visibility` says
    /// ([`Self::visible_ancestor`]); a use across an isolation boundary is not dominated. The
    /// definition's region is numbered first, unless the use's ancestor is in the definition's
    /// block (then position decides): a touched op's operand may come from a region no other
    /// check numbered.
    fn dominates_given(&mut self, v: Value, visibility: Visibility) -> bool {
        match visibility {
            Visibility::Through(def_block, ancestor) => {
                if self.ctx.op_parent(ancestor) != Some(def_block)
                    && let Some(region) = self.ctx.block_parent(def_block)
                {
                    self.dom.compute_region(self.ctx, region);
                }
                self.dom
                    .dominates_ancestor(self.ctx, v, def_block, ancestor)
            }
            Visibility::Dominated => true,
            Visibility::Undefined | Visibility::Isolated(_) => false,
        }
    }

    /// One walk up from `user` to the region of `v`'s definition: the op isolated from above
    /// that separates them, if any, else the ancestor of `user` in that region (as
    /// [`Context::ancestor_in_block_region`]), which decides dominance.
    fn visible_ancestor(&self, v: Value, user: Op) -> Visibility {
        let ctx = self.ctx;
        let Some(def_block) = ctx.value_parent_block(v) else {
            return Visibility::Undefined;
        };
        let Some(def_region) = ctx.block_parent(def_block) else {
            // No region to reach: nothing is crossed, and the use is not nested in it.
            return Visibility::Dominated;
        };
        let mut cur = user;
        loop {
            let Some(region) = ctx.op_parent_region(cur) else {
                return Visibility::Dominated;
            };
            if region == def_region {
                return Visibility::Through(def_block, cur);
            }
            let Some(parent) = ctx.region_parent(region) else {
                return Visibility::Dominated;
            };
            if ctx.has_trait(parent, Traits::ISOLATED_FROM_ABOVE) {
                return Visibility::Isolated(parent);
            }
            cur = parent;
        }
    }

    /// Runs the walk of [`Verifier::verify_operation`]. Each worklist item carries whether it
    /// was entered already (then the next visit is its exit).
    fn walk(&mut self, root: Op, worklist: &mut Vec<(WorkItem, bool)>) -> bool {
        while let Some(last) = worklist.last_mut() {
            let (top, entered) = *last;
            if entered {
                worklist.pop();
                let ok = match top {
                    WorkItem::Op(o) => self.verify_op_on_exit(o),
                    WorkItem::Block(b) => self.verify_block_on_exit(b),
                };
                if !ok {
                    return false;
                }
                continue;
            }
            last.1 = true;
            match top {
                WorkItem::Op(o) => {
                    let scan = self.scan_operands(o);
                    if !self.verify_op_rules(o, self.ctx.op_def(o), scan) {
                        return false;
                    }
                    if o != root && !scan.local {
                        self.note_operand_dominance(o);
                    }
                    if !self.ctx.regions(o).is_empty() {
                        self.isolated_children.push(Vec::new());
                    }
                    for &region in self.ctx.regions(o).iter().rev() {
                        let mut block = self.ctx.last_block(region);
                        while let Some(b) = block {
                            worklist.push((WorkItem::Block(b), false));
                            block = self.ctx.prev_block(b);
                        }
                    }
                }
                WorkItem::Block(b) => {
                    let mut ops = std::mem::take(&mut self.block_ops);
                    let ok = self.verify_block_on_entrance(b, &mut ops);
                    if ok {
                        self.schedule_block_ops(&ops, worklist);
                    }
                    self.block_ops = ops;
                    if !ok {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn is_isolated_with_regions(&self, op: Op) -> bool {
        !self.ctx.regions(op).is_empty() && self.ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE)
    }

    /// MLIR's error for an unregistered op of a registered dialect that does not allow unknown
    /// ops (the parser accepts it, as MLIR's does).
    fn unknown_op_of_closed_dialect(&self, op: Op) -> Option<String> {
        let name = self.ctx.op_name_str(op);
        let (dialect, _) = name.split_once('.')?;
        let registry = &self.ctx.registry;
        (registry.has_dialect(dialect) && !registry.allows_unknown_ops(dialect)).then(|| {
            format!(
                "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
            )
        })
    }

    /// The op's properties have the kinds its definition declares (MLIR checks this first,
    /// while converting the properties of generic syntax).
    fn verify_property_kinds(&mut self, op: Op, def: &OpDef) -> bool {
        let kinds = def.property_kinds;
        if kinds.is_empty() {
            return true;
        }
        // The op's attributes are sorted by name, as `kinds` is: the first wrong one in
        // either order is the same.
        let wrong = self.ctx.attrs(op).iter().find_map(|&(name, attr)| {
            let name = self.ctx.sym_str(name);
            kinds
                .iter()
                .find(|(kind_name, _)| *kind_name == name)
                .filter(|(_, kind)| !kind.admits(self.ctx.attr_data(attr)))
                .map(|(kind_name, _)| *kind_name)
        });
        let Some(name) = wrong else {
            return true;
        };
        // A parse-time error in MLIR: no "see current operation" note.
        crate::dialects::syntax::invalid_property(self.ctx, op, name, &mut self.diags);
        false
    }

    /// The counts the op's definition declares (MLIR's ODS count traits, verified before any
    /// other trait): a malformed `operandSegmentSizes` first, as MLIR's parser rejects it.
    fn verify_counts(&mut self, op: Op, def: &OpDef) -> bool {
        let Some(declared) = &def.counts else {
            return true;
        };
        match counts::count_error(self.ctx, op, declared) {
            None => true,
            Some(counts::CountError::Op(message)) => self.op_error(op, &message),
            Some(counts::CountError::Property(reason)) => {
                crate::dialects::syntax::invalid_properties(self.ctx, op, &mut self.diags, &reason);
                false
            }
        }
    }

    /// MLIR's `NoRegionArguments` error for the first region whose entry block has arguments.
    fn region_with_arguments(&self, op: Op) -> Option<String> {
        let regions = self.ctx.regions(op);
        let index = regions.iter().position(|&region| {
            self.ctx
                .entry_block(region)
                .is_some_and(|entry| !self.ctx.block_args(entry).is_empty())
        })?;
        Some(if regions.len() > 1 {
            format!("region #{index} should have no arguments")
        } else {
            "region should have no arguments".to_string()
        })
    }

    /// The own rules of `op`, checked on entering it.
    fn verify_op_on_entrance(&mut self, op: Op) -> bool {
        let resolved = self
            .ctx
            .operands(op)
            .all(|v| !matches!(self.ctx.value_def(v), ValueDef::Placeholder));
        let scan = OperandScan {
            resolved,
            local: false,
        };
        self.verify_op_rules(op, self.ctx.op_def(op), scan)
    }

    /// Reports the first unresolved operand of `op` and returns `false`.
    #[cold]
    fn unresolved_operand(&mut self, op: Op) -> bool {
        let i = self
            .ctx
            .operands(op)
            .position(|v| matches!(self.ctx.value_def(v), ValueDef::Placeholder))
            .unwrap_or(0);
        self.error(
            op,
            format!("operand #{i} is an unresolved forward reference"),
        )
    }

    /// The own rules of `op`, whose definition is `def` and whose operands `scan` describes:
    /// skipped when an op of the same signature passed them and they read nothing else
    /// ([`SignatureMemo`]).
    fn verify_op_rules(&mut self, op: Op, def: &'a OpDef, scan: OperandScan) -> bool {
        if !scan.resolved {
            return self.unresolved_operand(op);
        }
        let recalled = self.signatures.recall(self.ctx, op, def);
        if recalled == Recall::Passed {
            return true;
        }
        let ok = self.verify_rules_of_resolved(op, def);
        if ok && recalled == Recall::Unknown {
            self.signatures.remember_pass(self.ctx, op);
        }
        ok
    }

    /// The own rules of `op`, whose definition is `def` and whose operands are all resolved.
    fn verify_rules_of_resolved(&mut self, op: Op, def: &'a OpDef) -> bool {
        if def.registered {
            if !self.verify_property_kinds(op, def)
                || !self.verify_counts(op, def)
                || !self.verify_traits(op, def)
            {
                return false;
            }
            if let Some(f) = def.verify {
                let before = self.diags.len();
                f(self.ctx, op, &mut self.diags);
                if self.diags.len() > before {
                    self.diags.truncate(before + 1);
                    self.mark_reported_on(op, before);
                    return false;
                }
            }
        }
        if !def.registered
            && let Some(message) = self.unknown_op_of_closed_dialect(op)
        {
            return self.error(op, message);
        }
        let graph = def.traits.contains(Traits::GRAPH_REGION);
        let registered = def.registered;
        for (i, &region) in self.ctx.regions(op).iter().enumerate() {
            if registered && graph && self.ctx.blocks(region).nth(1).is_some() {
                return self.op_error(
                    op,
                    &format!("expects graph region #{i} to have 0 or 1 blocks"),
                );
            }
            if let Some(entry) = self.ctx.entry_block(region)
                && self.has_predecessors(region, entry)
            {
                return self.error_at_loc_of(op, "entry block of region may not have predecessors");
            }
        }
        true
    }

    /// Marks the diagnostic at `index`, which an op verifier reported, as reported on `op` when
    /// it is at `op`'s location (op verifiers report through `emitOpError`).
    fn mark_reported_on(&mut self, op: Op, index: usize) {
        let loc = self.ctx.op_loc(op);
        if let Some(d) = self.diags.get_mut(index)
            && d.op.is_none()
            && d.loc == loc
        {
            d.op = Some(op);
        }
    }

    fn has_predecessors(&self, region: Region, target: Block) -> bool {
        self.ctx.blocks(region).any(|b| {
            self.ctx
                .last_op(b)
                .is_some_and(|t| self.ctx.successors(t).contains(&target))
        })
    }

    /// The checks MLIR's op traits and interfaces contribute to `verifyInvariants`.
    fn verify_traits(&mut self, op: Op, def: &OpDef) -> bool {
        let traits = def.traits;
        if let Some(term) = def.implicit_terminator {
            for &region in self.ctx.regions(op) {
                for block in self.ctx.blocks(region) {
                    let last = self.ctx.last_op(block);
                    let found = last.map_or("", |t| self.ctx.op_name_str(t));
                    if found != term {
                        let msg = format!(
                            "'{}' op expects regions to end with '{term}', found '{found}'",
                            self.ctx.op_name_str(op)
                        );
                        let loc = self.ctx.op_loc(op);
                        self.diags.push(Diagnostic::error(loc, msg).on_op(op).with_note(
                            loc,
                            format!("in custom textual format, the absence of terminator implies '{term}'"),
                        ));
                        return false;
                    }
                }
            }
        }
        if traits.contains(Traits::NO_REGION_ARGUMENTS)
            && let Some(message) = self.region_with_arguments(op)
        {
            return self.op_error(op, &message);
        }
        if traits.contains(Traits::TERMINATOR) {
            let is_last = self
                .ctx
                .op_parent(op)
                .is_some_and(|b| self.ctx.last_op(b) == Some(op));
            if !is_last {
                return self.op_error(op, "must be the last operation in the parent block");
            }
        }
        if traits.contains(Traits::SINGLE_BLOCK) {
            for (i, &region) in self.ctx.regions(op).iter().enumerate() {
                if self.ctx.blocks(region).count() > 1 {
                    return self
                        .op_error(op, &format!("expects region #{i} to have 0 or 1 blocks"));
                }
            }
        }
        if traits.contains(Traits::SYMBOL) && !self.verify_symbol(op) {
            return false;
        }
        true
    }

    /// MLIR's `SymbolOpInterface` verifier.
    fn verify_symbol(&mut self, op: Op) -> bool {
        let name_ok = self
            .ctx
            .sym_name_attr(op)
            .is_some_and(|a| matches!(self.ctx.attr_data(a), AttrData::String(_)));
        if !name_ok {
            return self.op_error(op, "requires string attribute 'sym_name'");
        }
        let visibility = self.ctx.get_attr(op, "sym_visibility");
        if let Some(visibility) = visibility {
            let problem = match self.ctx.attr_data(visibility) {
                AttrData::String(s) if matches!(s.as_str(), "public" | "private" | "nested") => {
                    None
                }
                AttrData::String(_) => Some(
                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got",
                ),
                _ => Some(
                    "requires visibility attribute 'sym_visibility' to be a string attribute, but got",
                ),
            };
            if let Some(problem) = problem {
                let printed = crate::asm::printer::attr_to_string(self.ctx, visibility);
                return self.op_error(op, &format!("{problem} {printed}"));
            }
        }
        let is_declaration = self.ctx.has_trait(op, Traits::FUNCTION_LIKE)
            && self
                .ctx
                .regions(op)
                .first()
                .is_some_and(|&r| self.ctx.entry_block(r).is_none());
        let public = visibility
            .is_none_or(|a| matches!(self.ctx.attr_data(a), AttrData::String(s) if s == "public"));
        if is_declaration && public {
            return self.op_error(op, "symbol declaration cannot have public visibility");
        }
        true
    }

    /// MLIR's `mayBeValidWithoutTerminator`.
    fn may_lack_terminator(&self, block: Block) -> bool {
        let Some(region) = self.ctx.block_parent(block) else {
            return true;
        };
        if self.ctx.entry_block(region) != self.ctx.last_block(region) {
            return false;
        }
        match self.ctx.region_parent(region) {
            None => true,
            Some(op) => {
                !self.ctx.is_registered(op) || self.ctx.has_trait(op, Traits::NO_TERMINATOR)
            }
        }
    }

    /// Pushes the ops of an entered block on the walk, first to last on top, and sets its ops
    /// isolated from above aside for the exit of the block's parent op.
    fn schedule_block_ops(&mut self, ops: &[Op], worklist: &mut Vec<(WorkItem, bool)>) {
        for &o in ops.iter().rev() {
            if !self.is_isolated_with_regions(o) {
                worklist.push((WorkItem::Op(o), false));
            }
        }
        let ctx = self.ctx;
        let isolated = ops.iter().copied().filter(|&o| {
            !ctx.regions(o).is_empty() && ctx.has_trait(o, Traits::ISOLATED_FROM_ABOVE)
        });
        if let Some(list) = self.isolated_children.last_mut() {
            list.extend(isolated);
        }
    }

    /// Block rules checked on entering `block`, whose ops it collects into `ops`.
    fn verify_block_on_entrance(&mut self, block: Block, ops: &mut Vec<Op>) -> bool {
        ops.clear();
        if !self.verify_block_rules_on_entrance(block) {
            return false;
        }
        ops.extend(self.ctx.block_ops(block));
        true
    }

    /// The rules of [`Verifier::verify_block_on_entrance`], without collecting the ops (a
    /// touched op's blocks are checked, not walked).
    fn verify_block_rules_on_entrance(&mut self, block: Block) -> bool {
        let Some(last) = self.ctx.last_op(block) else {
            if self.may_lack_terminator(block) {
                return true;
            }
            let parent = self.ctx.block_parent_op(block);
            let loc = parent.map_or_else(|| self.ctx.unknown_loc(), |p| self.ctx.op_loc(p));
            let msg = "empty block: expect at least a terminator";
            self.diags.push(Diagnostic::error(loc, msg));
            return false;
        };
        let ctx = self.ctx;
        let misplaced = ctx
            .block_ops(block)
            .find(|&op| op != last && !ctx.successors(op).is_empty());
        if let Some(op) = misplaced {
            let msg = "operation with block successors must terminate its parent block";
            return self.error(op, msg.into());
        }
        true
    }

    fn verify_block_on_exit(&mut self, block: Block) -> bool {
        let Some(last) = self.ctx.last_op(block) else {
            return true;
        };
        let region = self.ctx.block_parent(block);
        if self
            .ctx
            .successors(last)
            .iter()
            .any(|&s| self.ctx.block_parent(s) != region)
        {
            return self.op_error(last, "branching to block of a different region");
        }
        if self.may_lack_terminator(block) {
            return true;
        }
        let might_terminate =
            !self.ctx.is_registered(last) || self.ctx.has_trait(last, Traits::TERMINATOR);
        if !might_terminate {
            let printed = crate::asm::print_op_for_diagnostic(self.ctx, last);
            return self.error(last, format!("block with no terminator, has {printed}"));
        }
        true
    }

    fn verify_op_on_exit(&mut self, op: Op) -> bool {
        let isolated = if self.ctx.regions(op).is_empty() {
            Vec::new()
        } else {
            self.isolated_children.pop().unwrap_or_default()
        };
        // Like `mlir-opt` (which verifies these in parallel), every one of them is verified
        // and each failure reported, in order.
        let mut all_ok = true;
        for o in isolated {
            all_ok &= self.verify_op_and_dominance(o);
        }
        if !all_ok {
            return false;
        }
        if self.ctx.is_registered(op) && self.ctx.has_trait(op, Traits::SYMBOL_TABLE) {
            return self.verify_symbol_table(op);
        }
        true
    }

    /// MLIR's `verifySymbolTable`: symbol names are unique in the table.
    fn verify_symbol_table(&mut self, op: Op) -> bool {
        let mut seen: FxHashMap<&str, Op> = FxHashMap::default();
        let ctx = self.ctx;
        for &region in ctx.regions(op) {
            for block in ctx.blocks(region) {
                for inner in ctx.block_ops(block) {
                    let Some(AttrData::String(name)) =
                        ctx.sym_name_attr(inner).map(|a| ctx.attr_data(a))
                    else {
                        continue;
                    };
                    if let Some(&first) = seen.get(name.as_str()) {
                        let msg = format!("redefinition of symbol named '{name}'");
                        let d = Diagnostic::error(ctx.op_loc(inner), msg)
                            .on_op(inner)
                            .with_note(ctx.op_loc(first), "see existing symbol definition here");
                        self.diags.push(d);
                        return false;
                    }
                    seen.insert(name, inner);
                }
            }
        }
        true
    }

    /// MLIR's `verifyDominanceOfContainedRegions`: the first operand not dominated by its
    /// definition fails.
    fn verify_dominance_of_contained_regions(&mut self, op: Op) -> bool {
        let ctx = self.ctx;
        let mut worklist = vec![op];
        while let Some(op) = worklist.pop() {
            for &region in ctx.regions(op) {
                self.dom.compute_region(ctx, region);
                for block in ctx.blocks(region) {
                    let reachable = self.dom.is_reachable(block);
                    for inner in ctx.block_ops(block) {
                        if reachable && !self.verify_operand_dominance(inner) {
                            return false;
                        }
                        if !ctx.regions(inner).is_empty()
                            && !ctx.has_trait(inner, Traits::ISOLATED_FROM_ABOVE)
                        {
                            worklist.push(inner);
                        }
                    }
                }
            }
        }
        true
    }

    fn verify_operand_dominance(&mut self, op: Op) -> bool {
        let use_block = self.ctx.op_parent(op);
        for (i, v) in self.ctx.operands(op).enumerate() {
            if self.defined_earlier_in_block(v, op, use_block) {
                continue;
            }
            let visibility = self.visible_ancestor(v, op);
            if let Visibility::Isolated(isolated) = visibility {
                let msg = "using value defined outside the region";
                let name = self.ctx.op_name_str(op).to_string();
                let d = Diagnostic::error(self.ctx.op_loc(op), format!("'{name}' op {msg}"))
                    .on_op(op)
                    .with_note(
                        self.ctx.op_loc(isolated),
                        "required by region isolation constraints",
                    );
                self.diags.push(d);
                return false;
            }
            if !self.dominates_given(v, visibility) {
                self.diagnose_invalid_dominance(op, i, v);
                return false;
            }
        }
        true
    }

    /// The common case, decided without the dominator tree: `v` is an argument of `user`'s
    /// block, or the result of an op before `user` in it (no isolation boundary in between).
    /// Asked for most operands the verifier sees: inlined into its loops.
    #[inline(always)]
    fn defined_earlier_in_block(&self, v: Value, user: Op, use_block: Option<Block>) -> bool {
        match self.ctx.value_def(v) {
            ValueDef::BlockArg { block, .. } => Some(block) == use_block,
            ValueDef::Result { op: def, .. } => {
                def != user
                    && self.ctx.op_parent(def) == use_block
                    && self.ctx.is_before_in_block(def, user)
            }
            ValueDef::Placeholder => false,
        }
    }

    /// MLIR's `diagnoseInvalidOperandDominance`.
    fn diagnose_invalid_dominance(&mut self, op: Op, index: usize, v: Value) {
        let loc = self.ctx.op_loc(op);
        let d = Diagnostic::error(loc, format!("operand #{index} does not dominate this use"))
            .on_op(op);
        let use_region = self.ctx.op_parent_region(op);
        let use_block = self.ctx.op_parent(op);
        let d = match self.ctx.value_def(v) {
            ValueDef::Result { op: def, .. } => {
                let def_block = self.ctx.op_parent(def);
                let def_region = self.ctx.op_parent_region(def);
                let relation = if def_block == use_block {
                    " (op in the same block)"
                } else if def_region == use_region {
                    " (op in the same region)"
                } else if self.region_is_proper_ancestor(def_region, use_region) {
                    " (op in a parent region)"
                } else if self.region_is_proper_ancestor(use_region, def_region) {
                    " (op in a child region)"
                } else {
                    " (op is neither in a parent nor in a child region)"
                };
                d.with_note(
                    self.ctx.op_loc(def),
                    format!("operand defined here{relation}"),
                )
            }
            ValueDef::BlockArg { block, .. } => {
                let note_loc = self
                    .ctx
                    .block_parent_op(block)
                    .map_or_else(|| self.ctx.unknown_loc(), |o| self.ctx.op_loc(o));
                let def_region = self.ctx.block_parent(block);
                let index = def_region
                    .and_then(|r| self.ctx.blocks(r).position(|b| b == block))
                    .unwrap_or(0);
                let relation = if def_region == use_region {
                    " in the same region)"
                } else if self.region_is_proper_ancestor(def_region, use_region) {
                    " in a parent region)"
                } else if self.region_is_proper_ancestor(use_region, def_region) {
                    " in a child region)"
                } else {
                    " neither in a parent nor in a child region)"
                };
                let msg = format!("operand defined as a block argument (block #{index}{relation}");
                d.with_note(note_loc, msg)
            }
            ValueDef::Placeholder => d,
        };
        self.diags.push(d);
    }

    /// Whether `ancestor` strictly encloses `region`.
    fn region_is_proper_ancestor(&self, ancestor: Option<Region>, region: Option<Region>) -> bool {
        let (Some(ancestor), Some(mut region)) = (ancestor, region) else {
            return false;
        };
        loop {
            let Some(parent) = self
                .ctx
                .region_parent(region)
                .and_then(|op| self.ctx.op_parent_region(op))
            else {
                return false;
            };
            if parent == ancestor {
                return true;
            }
            region = parent;
        }
    }
}

mod counts;
pub mod dominance;
mod marks;
pub(crate) mod notes;

pub use notes::ChangeRecord;
mod signature;
#[cfg(test)]
mod tests;
