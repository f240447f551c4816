//! Op rules remembered by signature: an op whose rules read nothing but its name, the types of
//! its operands and results and its attributes passes them exactly when an op of the same
//! signature passed them before, so a hit skips them.
//!
//! Most of what the verifier checks after a pass is arithmetic and memory ops the pass created
//! or touched, a handful of signatures over and over (an `arith.addi` on `index`, a
//! `memref.load` of one buffer type); their rules (property kinds, counts, traits, the op's own
//! verifier) cost a few hundred instructions each, the signature's lookup a few dozen. Only
//! passes are remembered (a failure is checked again, so its diagnostics are the ones the full
//! check reports), and only for ops whose rules are known to read nothing else
//! ([`reads_only_signature`]): no regions, no successors, not a terminator (its position in
//! its block is a rule), not a symbol, and an op verifier audited to read only the signature.

use cranelift_entity::EntityRef;

use crate::context::Context;
use crate::entity::Op;
use crate::registry::{OpDef, Traits};

/// How many signatures are kept per op name: a pass creates ops of a few signatures per name,
/// and an op is compared with each kept signature of its name in turn, in place (building
/// and hashing its signature cost as much as the rules of most ops).
const SIGNATURES_PER_NAME: usize = 8;

/// Signatures whose rules passed, kept across the checks of a run.
#[derive(Default)]
pub(crate) struct SignatureMemo {
    /// Per op name (by index, sized by the registry, not the module).
    names: Vec<NameMemo>,
}

/// What the memo knows about the ops of one name.
#[derive(Clone, Default)]
struct NameMemo {
    /// Whether they may be remembered by signature, once asked.
    eligible: Option<bool>,
    /// Whether they are terminators whose rules, and whose parent's, read their operands by
    /// type only ([`TYPE_READ_TERMINATORS`]), once asked.
    type_read_terminator: Option<bool>,
    /// Signatures that passed (at most [`SIGNATURES_PER_NAME`]), each as [`signature_of`]
    /// writes it.
    passed: Vec<Box<[u32]>>,
    /// The entry of `passed` replaced next when it is full.
    next_replaced: usize,
}

/// What the memo says about an op's rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Recall {
    /// An op of its signature passed them.
    Passed,
    /// None of its signature is remembered: its rules are checked, and a pass remembered.
    Unknown,
    /// Its rules may read more than its signature.
    NotBySignature,
}

impl SignatureMemo {
    /// Whether an op of the signature of `op` (defined by `def`) passed its rules before.
    #[inline]
    pub(crate) fn recall(&mut self, ctx: &Context, op: Op, def: &OpDef) -> Recall {
        let Some(memo) = self.memo_if_by_signature(ctx, op, def) else {
            return Recall::NotBySignature;
        };
        if memo.passed.iter().any(|s| has_signature(ctx, op, s)) {
            Recall::Passed
        } else {
            Recall::Unknown
        }
    }

    /// Whether the rules of `op` (defined by `def`) read nothing but its signature: then they
    /// pass wherever it stands once they passed, as long as its signature is the same.
    #[inline]
    pub(crate) fn rules_read_only_signature(&mut self, ctx: &Context, op: Op, def: &OpDef) -> bool {
        self.memo_if_by_signature(ctx, op, def).is_some()
    }

    /// Whether the rules of `op` (defined by `def`), and those of its parent, pass as they did
    /// when some of its operands now read other values of the same types and nothing else of
    /// it changed: its rules read only its signature, or it is a terminator of
    /// [`TYPE_READ_TERMINATORS`] still last in its block (its place, and so its parent, did
    /// not change: moving it is noted as a change of the op).
    pub(crate) fn rules_pass_after_same_type_replacement(
        &mut self,
        ctx: &Context,
        op: Op,
        def: &OpDef,
    ) -> bool {
        if !ctx.regions(op).is_empty() || !ctx.successors(op).is_empty() {
            return false;
        }
        let memo = self.name_memo(ctx, op);
        if *memo
            .eligible
            .get_or_insert_with(|| reads_only_signature(def))
        {
            return true;
        }
        *memo
            .type_read_terminator
            .get_or_insert_with(|| reads_operands_by_type_as_terminator(def))
            && ctx.next_op(op).is_none()
    }

    /// The entry of `op`'s name if the rules of `op` (defined by `def`) read nothing but its
    /// signature. Asked for most ops the verifier checks: inlined into its callers.
    #[inline(always)]
    fn memo_if_by_signature(
        &mut self,
        ctx: &Context,
        op: Op,
        def: &OpDef,
    ) -> Option<&mut NameMemo> {
        if !ctx.regions(op).is_empty() || !ctx.successors(op).is_empty() {
            return None;
        }
        let memo = self.name_memo(ctx, op);
        let eligible = *memo
            .eligible
            .get_or_insert_with(|| reads_only_signature(def));
        eligible.then_some(memo)
    }

    /// Remembers that `op`, whose signature [`SignatureMemo::recall`] did not know, passed
    /// its rules (replacing the oldest signature of its name when it keeps enough).
    pub(crate) fn remember_pass(&mut self, ctx: &Context, op: Op) {
        let signature = signature_of(ctx, op);
        let memo = self.name_memo(ctx, op);
        if memo.passed.len() < SIGNATURES_PER_NAME {
            memo.passed.push(signature);
        } else {
            memo.passed[memo.next_replaced] = signature;
            memo.next_replaced = (memo.next_replaced + 1) % SIGNATURES_PER_NAME;
        }
    }

    /// The entry of `op`'s name.
    #[inline]
    fn name_memo(&mut self, ctx: &Context, op: Op) -> &mut NameMemo {
        let index = ctx.op_name(op).index();
        if self.names.len() <= index {
            self.names.resize(index + 1, NameMemo::default());
        }
        &mut self.names[index]
    }
}

/// `op`'s signature but its name (the memo keeps signatures by name): its operand and result
/// counts, their types, and its attributes (name and value, interned, in the op's order).
fn signature_of(ctx: &Context, op: Op) -> Box<[u32]> {
    let results = ctx.results(op);
    let mut signature = Vec::with_capacity(2 + ctx.num_operands(op) + results.len());
    signature.push(count(ctx.num_operands(op)));
    signature.push(count(results.len()));
    signature.extend(ctx.operands(op).map(|v| ctx.value_type(v).as_u32()));
    signature.extend(results.iter().map(|&r| ctx.value_type(r).as_u32()));
    for &(name, attr) in ctx.attrs(op) {
        signature.push(name.as_u32());
        signature.push(attr.as_u32());
    }
    signature.into_boxed_slice()
}

/// Whether `op`'s signature is `signature` ([`signature_of`]), compared in place.
#[inline]
fn has_signature(ctx: &Context, op: Op, signature: &[u32]) -> bool {
    let (operands, results, attrs) = (ctx.num_operands(op), ctx.results(op), ctx.attrs(op));
    let [num_operands, num_results, types_and_attrs @ ..] = signature else {
        return false;
    };
    if *num_operands != count(operands)
        || *num_results != count(results.len())
        || types_and_attrs.len() != operands + results.len() + 2 * attrs.len()
    {
        return false;
    }
    let (operand_types, rest) = types_and_attrs.split_at(operands);
    let (result_types, attr_words) = rest.split_at(results.len());
    ctx.operands(op)
        .zip(operand_types)
        .all(|(v, &ty)| ctx.value_type(v).as_u32() == ty)
        && results
            .iter()
            .zip(result_types)
            .all(|(&r, &ty)| ctx.value_type(r).as_u32() == ty)
        && attrs
            .iter()
            .zip(attr_words.chunks_exact(2))
            .all(|(&(name, attr), words)| [name.as_u32(), attr.as_u32()] == words)
}

/// A list's length as a signature word (no op has 2^32 operands).
fn count(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}

/// The ops whose own verifier reads nothing but the op's name, the types of its operands and
/// results and its attributes (audited: no parent, block, region, location or data layout
/// is read), so that their whole rules do, for an op without regions or successors.
const SIGNATURE_VERIFIED: &[&str] = &[
    "arith.cmpi",
    "arith.cmpf",
    "arith.select",
    "bufferization.dealloc",
    "memref.alloc",
    "memref.dealloc",
    "memref.extract_aligned_pointer_as_index",
    "memref.extract_strided_metadata",
    "memref.load",
    "memref.rank",
    "memref.store",
];

/// Terminators whose own rules read nothing but their signature, their parent's name and
/// their being last in their block, and whose possible parents' rules read their operands by
/// type only (audited: `verify_yield`, `verify_condition`; `verify_for`, `verify_if`,
/// `verify_while`, `verify_execute_region`, `verify_index_switch` and the region-branch type
/// check compare the types of the values forwarded, never the values).
const TYPE_READ_TERMINATORS: &[&str] = &["scf.yield", "scf.condition"];

/// Whether an op defined by `def` is a registered terminator of [`TYPE_READ_TERMINATORS`].
fn reads_operands_by_type_as_terminator(def: &OpDef) -> bool {
    def.registered
        && def.traits.contains(Traits::TERMINATOR)
        && TYPE_READ_TERMINATORS.contains(&def.name.as_str())
}

/// Whether the rules of an op defined by `def`, without regions or successors, read nothing
/// but its signature: registered (an unregistered op's rule reads its dialect), neither a
/// terminator (it must be its block's last op) nor a symbol (kept out: its rules are rare
/// and read its regions), with an op verifier known to read only the signature.
fn reads_only_signature(def: &OpDef) -> bool {
    def.registered
        && !def.traits.contains(Traits::TERMINATOR)
        && !def.traits.contains(Traits::SYMBOL)
        && (SIGNATURE_VERIFIED.contains(&def.name.as_str())
            || crate::dialects::arith::is_binary_op(&def.name))
}

#[cfg(test)]
mod tests {
    use super::{Recall, SIGNATURES_PER_NAME, SignatureMemo};
    use crate::asm::{ParseOptions, parse_module};
    use crate::context::Context;
    use crate::entity::Op;

    const FUNCTION: &str = r#"
func.func @f(%i: index, %j: i64) -> index {
  %a = arith.addi %i, %i : index
  %b = arith.addi %i, %a : index
  %c = arith.addi %j, %j : i64
  %d = arith.addi %i, %i overflow<nsw> : index
  %e = arith.cmpi slt, %i, %a : index
  %f = arith.cmpi sgt, %i, %a : index
  return %b : index
}
"#;

    /// The ops of the function's body, in a parsed context.
    fn body_ops(source: &str) -> (Context, Vec<Op>) {
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", source, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let function = ctx.walk_preorder(module)[1];
        let body = ctx.entry_block(ctx.regions(function)[0]).expect("a body");
        let ops = ctx.block_ops(body).collect();
        (ctx, ops)
    }

    /// What the memo recalls of `op`, which is then remembered as passed.
    fn recall_then_pass(memo: &mut SignatureMemo, ctx: &Context, op: Op) -> Recall {
        let recalled = memo.recall(ctx, op, ctx.op_def(op));
        if recalled == Recall::Unknown {
            memo.remember_pass(ctx, op);
        }
        recalled
    }

    /// Two ops differing in nothing but their operand values share a signature; another type,
    /// attribute or predicate does not; a return (a terminator) is never remembered.
    #[test]
    fn signatures_differ_exactly_where_the_rules_may() {
        let (ctx, ops) = body_ops(FUNCTION);
        let mut memo = SignatureMemo::default();
        let recalled: Vec<Recall> = ops
            .iter()
            .map(|&op| recall_then_pass(&mut memo, &ctx, op))
            .collect();
        use Recall::{NotBySignature, Passed, Unknown};
        let expected = [Unknown, Passed, Unknown, Unknown, Unknown, Unknown];
        assert_eq!(recalled, [&expected[..], &[NotBySignature]].concat());
        assert_eq!(recall_then_pass(&mut memo, &ctx, ops[4]), Passed);
    }

    /// A name keeps its last [`SIGNATURES_PER_NAME`] signatures: one more replaces the oldest.
    #[test]
    fn the_oldest_signature_of_a_name_is_replaced_first() {
        let types = ["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9"];
        assert_eq!(types.len(), SIGNATURES_PER_NAME + 1);
        let mut source = String::from("func.func @f() {\n");
        for ty in types {
            source.push_str(&format!("  %{ty} = arith.constant 0 : {ty}\n"));
            source.push_str(&format!("  %sum{ty} = arith.addi %{ty}, %{ty} : {ty}\n"));
        }
        source.push_str("  return\n}\n");
        let (ctx, ops) = body_ops(&source);
        let additions: Vec<Op> = ops.iter().copied().skip(1).step_by(2).take(9).collect();
        let mut memo = SignatureMemo::default();
        for &op in &additions {
            assert_eq!(recall_then_pass(&mut memo, &ctx, op), Recall::Unknown);
        }
        assert_eq!(
            recall_then_pass(&mut memo, &ctx, additions[8]),
            Recall::Passed
        );
        assert_eq!(
            recall_then_pass(&mut memo, &ctx, additions[1]),
            Recall::Passed
        );
        assert_eq!(
            recall_then_pass(&mut memo, &ctx, additions[0]),
            Recall::Unknown
        );
    }
}
