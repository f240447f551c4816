//! The three ops the ownership pass builds most, built from parts looked up once ([`OpKit`]).
//!
//! Every terminator the pass handles gets a `bufferization.dealloc` and a
//! `memref.extract_strided_metadata` per buffer it frees, and most blocks an `i1` constant or
//! two; the dialects' typed builders look up, on every build, the op's name by its text, the
//! attribute's name by its text, the `i1` constant's attribute, and the metadata's result types
//! (the base buffer's type hashed by the source type, then an index per offset, size and
//! stride). The kit looks up the names, the attribute names and the constants' attributes once
//! for all the functions of a run, keeps the metadata's result types of the memref type it was
//! asked last (a function's buffers mostly share one type), and creates each op through one
//! reused [`OpState`]: the same op, with the same operands, results, attribute and location,
//! inserted where the builder would insert it.

use ir::dialects::arith::ConstantOp;
use ir::dialects::bufferization::DeallocOp;
use ir::dialects::memref::ExtractStridedMetadataOp;
use ir::{Attr, Block, Context, Loc, Op, OpName, OpState, OpView, Sym, Type, TypeData, Value};
use smallvec::SmallVec;

/// The name of the segment sizes attribute of `bufferization.dealloc`.
const SEGMENT_SIZES: &str = "operandSegmentSizes";

/// What building the pass's frequent ops needs, looked up once (see the module doc).
pub(super) struct OpKit {
    /// The lists of the op being built, kept for the next one (left empty between builds).
    state: OpState,
    metadata: OpName,
    dealloc: OpName,
    constant: OpName,
    segment_sizes: Sym,
    value: Sym,
    i1: Type,
    /// `false` and `true` as `i1` attributes.
    bools: [Attr; 2],
    /// The memref type whose metadata was built last, and the metadata's result types.
    recent_metadata: Option<(Type, SmallVec<[Type; 8]>)>,
}

impl OpKit {
    /// The kit for `ctx` (whose dialects are registered: the pass checks them first).
    pub(super) fn new(ctx: &mut Context) -> Self {
        let i1 = ctx.i1_type();
        let bools = [0, 1].map(|value| ctx.int_attr(value, i1));
        let loc = ctx.unknown_loc();
        let dealloc = ctx.registry.get_or_unregistered(DeallocOp::NAME);
        OpKit {
            state: OpState::new(dealloc, loc),
            metadata: ctx
                .registry
                .get_or_unregistered(ExtractStridedMetadataOp::NAME),
            dealloc,
            constant: ctx.registry.get_or_unregistered(ConstantOp::NAME),
            segment_sizes: ctx.sym(SEGMENT_SIZES),
            value: ctx.sym("value"),
            i1,
            bools,
            recent_metadata: None,
        }
    }

    /// The interned name `value` (of a constant's attribute).
    pub(super) fn value_name(&self) -> Sym {
        self.value
    }

    /// The op id of `bufferization.dealloc`.
    pub(super) fn dealloc_name(&self) -> OpName {
        self.dealloc
    }

    /// `memref.extract_strided_metadata source` before `before` (at its location), as
    /// [`ExtractStridedMetadataOp::build`] makes it; returns its base buffer.
    pub(super) fn base_buffer_before(
        &mut self,
        ctx: &mut Context,
        before: Op,
        source: Value,
    ) -> Value {
        let source_type = ctx.value_type(source);
        if self
            .recent_metadata
            .as_ref()
            .is_none_or(|(recent, _)| *recent != source_type)
        {
            self.recent_metadata = Some((source_type, metadata_types(ctx, source_type)));
        }
        let types = self
            .recent_metadata
            .as_ref()
            .map_or(&[][..], |(_, t)| &t[..]);
        self.state.result_types.extend_from_slice(types);
        self.state.operands.push(source);
        let op = self.create(ctx, self.metadata, ctx.op_loc(before));
        ctx.insert_op_before(before, op);
        ctx.result(op, 0)
    }

    /// `bufferization.dealloc (memrefs) if (conditions) retain (retained)` before `before` (at
    /// its location), as [`DeallocOp::build`] makes it; returns the op.
    pub(super) fn dealloc_before(
        &mut self,
        ctx: &mut Context,
        before: Op,
        memrefs: &[Value],
        conditions: &[Value],
        retained: &[Value],
    ) -> Op {
        let sizes = [memrefs.len(), conditions.len(), retained.len()].map(|n| n as i32);
        let segments = ctx.segment_sizes_attr(&sizes);
        let operands = &mut self.state.operands;
        operands.reserve(memrefs.len() + conditions.len() + retained.len());
        for &value in [memrefs, conditions, retained].into_iter().flatten() {
            operands.push(value);
        }
        let i1 = self.i1;
        self.state
            .result_types
            .extend(std::iter::repeat_n(i1, retained.len()));
        self.state.attrs.push((self.segment_sizes, segments));
        let op = self.create(ctx, self.dealloc, ctx.op_loc(before));
        ctx.insert_op_before(before, op);
        op
    }

    /// `arith.constant value` at the start of `block`, at `loc`, as
    /// [`ConstantOp::build_bool`] makes it; returns its result.
    pub(super) fn bool_at_start(
        &mut self,
        ctx: &mut Context,
        block: Block,
        loc: Loc,
        value: bool,
    ) -> Value {
        self.state.result_types.push(self.i1);
        self.state
            .attrs
            .push((self.value, self.bools[usize::from(value)]));
        let op = self.create(ctx, self.constant, loc);
        ctx.prepend_op(block, op);
        ctx.result(op, 0)
    }

    /// Creates the op named `name` at `loc` from the lists filled in [`Self::state`], which are
    /// left empty.
    fn create(&mut self, ctx: &mut Context, name: OpName, loc: Loc) -> Op {
        self.state.name = name;
        self.state.loc = loc;
        ctx.create_op_reusing(&mut self.state)
    }
}

/// The result types of the metadata of a value of type `source`: its base buffer, an offset,
/// and a size and a stride per dimension (as [`ExtractStridedMetadataOp::build`] finds them).
fn metadata_types(ctx: &mut Context, source: Type) -> SmallVec<[Type; 8]> {
    let rank = match ctx.type_data(source) {
        TypeData::MemRef { shape, .. } => shape.len(),
        _ => 0,
    };
    let base = ctx.base_buffer_type(source);
    let index = ctx.index_type();
    let mut types = SmallVec::with_capacity(2 + 2 * rank);
    types.push(base);
    types.extend(std::iter::repeat_n(index, 1 + 2 * rank));
    types
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::parsed_walk;
    use ir::Builder;
    use ir::dialects::func::FuncOp;

    /// The kit's ops print as the typed builders' ops do, whatever the memref types (ranks,
    /// unranked's rank-0 view, memory spaces, one after the other as the recent type changes),
    /// the dealloc's list lengths and the constant's value.
    #[test]
    fn kit_ops_are_the_builders_ops() {
        let src = r#"
func.func @f(%a: memref<2xf32>, %b: memref<?x3xi8, 1>, %c: memref<f64>, %d: memref<2xf32>, %p: i1, %q: i1) {
  func.return
}
"#;
        let built = |use_kit: bool| {
            let (mut ctx, walk) = parsed_walk(src);
            let (module, func, ret) = (walk[0], walk[1], walk[2]);
            let entry = FuncOp(func).entry_block(&ctx).expect("a body");
            let args = ctx.block_args(entry).to_vec();
            let (memrefs, conditions) = (&args[..4], &args[4..]);
            let loc = ctx.op_loc(func);
            let mut kit = OpKit::new(&mut ctx);
            let mut bases = Vec::new();
            for &m in memrefs.iter().chain(memrefs) {
                bases.push(match use_kit {
                    true => kit.base_buffer_before(&mut ctx, ret, m),
                    false => {
                        let mut b = Builder::before(&mut ctx, ret);
                        ExtractStridedMetadataOp::build(&mut b, m).base_buffer(&b)
                    }
                });
            }
            let lists: [(&[Value], &[Value], &[Value]); 3] = [
                (&bases[..1], &conditions[..1], &[]),
                (&bases[..2], conditions, &memrefs[..3]),
                (&bases[2..3], &conditions[1..], &memrefs[..1]),
            ];
            for (freed, under, retained) in lists {
                match use_kit {
                    true => {
                        kit.dealloc_before(&mut ctx, ret, freed, under, retained);
                    }
                    false => {
                        let mut b = Builder::before(&mut ctx, ret);
                        DeallocOp::build(&mut b, freed, under, retained);
                    }
                }
            }
            for value in [true, false, true] {
                match use_kit {
                    true => {
                        kit.bool_at_start(&mut ctx, entry, loc, value);
                    }
                    false => {
                        let mut b = Builder::at_start(&mut ctx, entry, loc);
                        ConstantOp::build_bool(&mut b, value);
                    }
                }
            }
            let generic = ir::asm::PrintOptions { generic: true };
            ir::asm::print_module(&ctx, module, &generic)
        };
        let expected = built(false);
        assert!(expected.contains("memref.extract_strided_metadata"));
        assert!(expected.contains("bufferization.dealloc"));
        assert_eq!(built(true), expected);
    }
}
