//! The `memref` dialect: allocation, access, views and metadata ops.
//!
//! Buffer facts the deallocation passes rely on come from here, mirroring MLIR:
//! - `memref.alloc` allocates its result on the heap, `memref.alloca` on the stack of the
//!   enclosing automatic allocation scope; `memref.dealloc` frees its operand and
//!   `memref.realloc` frees its source and allocates its result;
//! - `memref.load`/`store`/`copy` read and write their buffer operands;
//! - the view ops (`subview`, `cast`, `reinterpret_cast`, `expand_shape`, `collapse_shape`,
//!   `view`, `memory_space_cast`) are pure and alias their first operand (`view_source`);
//! - `memref.extract_strided_metadata` is pure and its `base_buffer` result aliases the source,
//!   but, as in MLIR, it is *not* a view-like op;
//! - `memref.alloca_scope` is an automatic allocation scope with recursive memory effects and
//!   a region-branch interface (parent → body → parent, forwarding the return's operands).
//! - `memref.assume_alignment`, `prefetch` and `generic_atomic_rmw` are in `hints.rs`.

pub(crate) mod canonicalize;
mod canonicalize_folds;
mod hints;
mod ops;
mod static_shapes;

pub(crate) use static_shapes::folded_constant;
pub(crate) use static_shapes::{cast_folds_into_consumer, fold_cast_of_every_operand};

/// Whether `v` is a `memref.get_global` of a `memref.global` marked `constant`: a buffer no
/// program may write, whoever names it.
pub fn is_constant_global(ctx: &Context, v: Value) -> bool {
    let Some(op) = ctx.defining_op(v) else {
        return false;
    };
    if ctx.op_name_str(op) != "memref.get_global" {
        return false;
    }
    crate::dialects::syntax::symbol_ref(ctx, op, "name")
        .and_then(|name| ctx.lookup_symbol(op, name))
        .is_some_and(|g| {
            ctx.op_name_str(g) == "memref.global" && ctx.get_attr(g, "constant").is_some()
        })
}

/// Whether `op` is a `memref.global` without `constant`: any function may write it.
pub fn is_mutable_global(ctx: &Context, op: Op) -> bool {
    ctx.op_name_str(op) == "memref.global" && ctx.get_attr(op, "constant").is_none()
}

/// Whether a `memref.cast` between the two types verifies (for patterns that insert one).
pub fn cast_compatible_types(ctx: &Context, a: Type, b: Type) -> bool {
    cast_compatible(ctx, a, b)
}
pub use ops::{
    AllocOp, AllocaOp, AllocaScopeOp, AllocaScopeReturnOp, CastOp, CollapseShapeOp, CopyOp,
    DeallocOp, DimOp, ExpandShapeOp, ExtractAlignedPointerAsIndexOp, ExtractStridedMetadataOp,
    GetGlobalOp, LoadOp, Mixed, Rank1MemRef, RankOp, ReallocOp, ReinterpretCastOp, ReshapeOp,
    StoreOp, SubViewOp,
};

use smallvec::{SmallVec, smallvec};

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult, UnresolvedOperand};
use crate::asm::printer::OpPrinter;
use crate::attrs::{AffineExpr, AttrData};
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::decl::declare_ops;
use crate::dialects::syntax::{
    add_attr, dense_array, dense_array_values, int_attr, lookup_symbol, op_error,
    parse_dynamic_index_list, print_dynamic_index_list, segment_array, segment_sizes, set_segments,
    str_attr, symbol_ref, type_str,
};
use crate::entity::{Attr, Op, Type, Value};
use crate::registry::{
    Count::{Any, AtLeast, Exactly},
    NameHint, OpCounts, RegionBranch, Registry, Traits,
};
use crate::types::{DYNAMIC, TypeData};

/// Registers the memref ops.
pub fn register(reg: &mut Registry) {
    register_transpose(reg);
    register_allocation_ops(reg);
    register_access_ops(reg);
    register_view_ops(reg);
    register_metadata_ops(reg);
    register_global_ops(reg);
    register_scope_ops(reg);
    hints::register(reg);
}

// ----- registration ---------------------------------------------------------------------------

fn register_allocation_ops(reg: &mut Registry) {
    declare_ops! { reg;
        "memref.alloc" {
            traits: [ALLOCATION_LIKE],
            counts: OpCounts::new(Exactly(1), Any).segmented(2),
            attrs: ["alignment", "operandSegmentSizes"],
            memory: [Allocate(Result(0))],
            syntax: parse_alloc, print_alloc,
            verify: verify_alloc,
            hint: "alloc",
        }
        "memref.alloca" {
            traits: [ALLOCATION_LIKE],
            counts: OpCounts::new(Exactly(1), Any).segmented(2),
            attrs: ["alignment", "operandSegmentSizes"],
            memory: [Allocate(Result(0)) in AutomaticAllocationScope],
            syntax: parse_alloc, print_alloc,
            verify: verify_alloca,
            hint: "alloca",
        }
        "memref.dealloc" {
            counts: OpCounts::new(Exactly(0), Exactly(1)),
            memory: [Free(Operand(0))],
            syntax: parse_dealloc, print_operand_attrs_type,
            verify: verify_dealloc,
        }
        // As in MLIR: the source is freed (stage 0), then the result allocated (stage 1).
        "memref.realloc" {
            counts: OpCounts::new(Exactly(1), AtLeast(1)),
            attrs: ["alignment"],
            memory: [Free(Operand(0)), Allocate(Result(0))],
            syntax: parse_realloc, print_realloc,
            verify: verify_realloc,
        }
    }
}

fn register_access_ops(reg: &mut Registry) {
    declare_ops! { reg;
        "memref.load" {
            counts: OpCounts::new(Exactly(1), AtLeast(1)),
            attrs: ["alignment", "nontemporal"],
            memory: [Read(Operand(0))],
            syntax: parse_load, print_load,
            verify: verify_load,
        }
        "memref.store" {
            counts: OpCounts::new(Exactly(0), AtLeast(2)),
            attrs: ["alignment", "nontemporal"],
            memory: [Write(Operand(1))],
            syntax: parse_store, print_store,
            verify: verify_store,
        }
        "memref.copy" {
            counts: OpCounts::new(Exactly(0), Exactly(2)),
            memory: [Read(Operand(0)), Write(Operand(1))],
            syntax: parse_copy, print_copy,
            verify: verify_copy,
        }
        "memref.atomic_rmw" {
            counts: OpCounts::new(Exactly(1), AtLeast(2)),
            attrs: ["kind"],
            memory: [Read(Operand(1)), Write(Operand(1))],
            syntax: parse_atomic_rmw, print_atomic_rmw,
            verify: verify_atomic_rmw,
        }
    }
}

/// The view ops: pure, their result a view of their first operand.
fn register_view_ops(reg: &mut Registry) {
    declare_ops! { reg;
        "memref.subview" {
            traits: [VIEW_LIKE, PURE],
            counts: OpCounts::new(Exactly(1), AtLeast(1)).segmented(4),
            attrs: ["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"],
            syntax: parse_subview, print_subview,
            verify: verify_subview,
            view_source: 0,
            hint: "subview",
        }
        "memref.cast" {
            traits: [VIEW_LIKE, PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            syntax: parse_cast, print_cast,
            verify: verify_cast,
            view_source: 0,
            hint: "cast",
        }
        "memref.memory_space_cast" {
            traits: [VIEW_LIKE, PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            syntax: parse_cast, print_cast,
            verify: verify_memory_space_cast,
            view_source: 0,
            hint: "memspacecast",
        }
        "memref.reinterpret_cast" {
            traits: [VIEW_LIKE, PURE],
            counts: OpCounts::new(Exactly(1), AtLeast(1)).segmented(4),
            attrs: ["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"],
            syntax: parse_reinterpret_cast, print_reinterpret_cast,
            verify: verify_reinterpret_cast,
            view_source: 0,
            hint: "reinterpret_cast",
        }
        "memref.expand_shape" {
            traits: [VIEW_LIKE, PURE],
            counts: OpCounts::new(Exactly(1), AtLeast(1)),
            attrs: ["reassociation", "static_output_shape"],
            syntax: parse_expand_shape, print_expand_shape,
            verify: verify_expand_shape,
            view_source: 0,
            hint: "expand_shape",
        }
        "memref.collapse_shape" {
            traits: [VIEW_LIKE, PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            attrs: ["reassociation"],
            syntax: parse_collapse_shape, print_collapse_shape,
            verify: verify_collapse_shape,
            view_source: 0,
            hint: "collapse_shape",
        }
        "memref.view" {
            traits: [VIEW_LIKE, PURE],
            counts: OpCounts::new(Exactly(1), AtLeast(2)),
            syntax: parse_view, print_view,
            verify: verify_view,
            view_source: 0,
            hint: "view",
        }
    }
}

fn register_metadata_ops(reg: &mut Registry) {
    declare_ops! { reg;
        "memref.dim" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(2)),
            syntax: parse_dim, print_dim,
            verify: verify_dim,
            hint: "dim",
        }
        // A view of its source with the shape its second operand holds (identity strides).
        "memref.reshape" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(2)),
            syntax: parse_reshape, print_reshape,
            verify: verify_reshape,
            view_source: 0,
            hint: "reshape",
        }
        "memref.rank" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            syntax: parse_rank, print_operand_attrs_type,
            verify: verify_rank,
        }
        // Pure; its `base_buffer` result aliases the source, but (as in MLIR) it is not a view.
        "memref.extract_strided_metadata" {
            traits: [PURE],
            counts: OpCounts::new(AtLeast(2), Exactly(1)),
            syntax: parse_source_arrow_results, print_source_arrow_results,
            verify: verify_extract_strided_metadata,
            hints: strided_metadata_names,
        }
        "memref.extract_aligned_pointer_as_index" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            syntax: parse_source_arrow_results, print_source_arrow_results,
            verify: verify_extract_aligned_pointer,
            hint: "intptr",
        }
    }
}

fn register_global_ops(reg: &mut Registry) {
    declare_ops! { reg;
        "memref.global" {
            traits: [SYMBOL],
            counts: OpCounts::new(Exactly(0), Exactly(0)),
            property_kinds: [
                ("alignment", Integer),
                ("constant", Unit),
                ("sym_name", String),
                ("sym_visibility", String),
                ("type", Type),
            ],
            attrs: ["alignment", "constant", "initial_value", "sym_name", "sym_visibility", "type"],
            memory: [],
            syntax: parse_global, print_global,
            verify: verify_global,
        }
        "memref.get_global" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(0)),
            attrs: ["name"],
            syntax: parse_get_global, print_get_global,
            verify: verify_get_global,
        }
    }
}

/// `memref.alloca_scope`: parent → body → parent, forwarding the return's operands.
fn register_scope_ops(reg: &mut Registry) {
    declare_ops! { reg;
        "memref.alloca_scope" {
            traits: [AUTOMATIC_ALLOCATION_SCOPE, RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, NO_REGION_ARGUMENTS],
            counts: OpCounts::new(Any, Exactly(0)).regions(Exactly(1)),
            region_branch_of: RegionBranch::RUN_ONCE,
            syntax: parse_alloca_scope, print_alloca_scope,
            verify: verify_alloca_scope,
            implicit_terminator: "memref.alloca_scope.return",
        }
        "memref.alloca_scope.return" {
            traits: [TERMINATOR, RETURN_LIKE, PURE],
            counts: OpCounts::new(Exactly(0), Any),
            syntax: crate::dialects::syntax::parse_return_like, crate::dialects::syntax::print_return_like,
            verify: verify_scope_return,
        }
    }
}

// ----- memref type helpers ------------------------------------------------------------------

/// The parts of a ranked memref type.
/// Strides of a memref, inline up to rank 4.
type Strides = SmallVec<[i64; 4]>;

struct Ranked<'c> {
    shape: &'c [i64],
    elem: Type,
    layout: Option<Attr>,
    space: Option<Attr>,
}

fn ranked(ctx: &Context, ty: Type) -> Option<Ranked<'_>> {
    match ctx.type_data(ty) {
        TypeData::MemRef {
            shape,
            elem,
            layout,
            memory_space,
        } => Some(Ranked {
            shape,
            elem: *elem,
            layout: *layout,
            space: *memory_space,
        }),
        _ => None,
    }
}

fn is_memref(ctx: &Context, ty: Type) -> bool {
    ctx.type_data(ty).is_memref()
}

/// Element type and memory space of a ranked or unranked memref.
fn elem_and_space(ctx: &Context, ty: Type) -> Option<(Type, Option<Attr>)> {
    match ctx.type_data(ty) {
        TypeData::MemRef {
            elem, memory_space, ..
        }
        | TypeData::UnrankedMemRef { elem, memory_space } => Some((*elem, *memory_space)),
        _ => None,
    }
}

fn num_dynamic(shape: &[i64]) -> usize {
    shape.iter().filter(|&&d| d == DYNAMIC).count()
}

/// Row-major strides of a shape (dynamic once a dynamic size is crossed).
fn canonical_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![0; shape.len()];
    let mut running = 1i64;
    for i in (0..shape.len()).rev() {
        strides[i] = running;
        running = if running == DYNAMIC || shape[i] == DYNAMIC {
            DYNAMIC
        } else {
            running.saturating_mul(shape[i])
        };
    }
    strides
}

/// Whether a layout is the identity (absent or an identity affine map).
fn is_identity_layout(ctx: &Context, layout: Option<Attr>) -> bool {
    match layout.map(|l| ctx.attr_data(l)) {
        None => true,
        Some(AttrData::AffineMap(m)) => m.is_identity(),
        // `strided<[1]>` is the affine map `(d0) -> (d0)`.
        Some(AttrData::Strided { strides, offset }) => *offset == 0 && strides.as_slice() == [1],
        _ => false,
    }
}

/// The strides and offset of a ranked memref type, as MLIR's `getStridesAndOffset`.
fn strides_and_offset(ctx: &Context, m: &Ranked<'_>) -> Option<(Strides, i64)> {
    match m.layout.map(|l| ctx.attr_data(l)) {
        None => Some((canonical_strides(m.shape).into(), 0)),
        Some(AttrData::Strided { strides, offset }) => Some((strides.as_slice().into(), *offset)),
        Some(AttrData::AffineMap(map)) => {
            if map.is_identity() {
                return Some((canonical_strides(m.shape).into(), 0));
            }
            if map.results.len() != 1 || map.num_dims as usize != m.shape.len() {
                return None;
            }
            let mut strides: Strides = smallvec![0i64; m.shape.len()];
            let mut offset = 0i64;
            linear_terms(&map.results[0], &mut strides, &mut offset, 1)?;
            Some((strides, offset))
        }
        _ => None,
    }
}

/// Whether [`strides_and_offset`] has an answer for `m`, decided without building the strides
/// for the layouts that always have one (none, strided, identity map).
fn has_strides_and_offset(ctx: &Context, m: &Ranked<'_>) -> bool {
    match m.layout.map(|l| ctx.attr_data(l)) {
        None | Some(AttrData::Strided { .. }) => true,
        Some(AttrData::AffineMap(map)) if map.is_identity() => true,
        _ => strides_and_offset(ctx, m).is_some(),
    }
}

/// Adds `scale * expr` to the per-dimension strides and the offset; `None` if not linear.
fn linear_terms(e: &AffineExpr, strides: &mut [i64], offset: &mut i64, scale: i64) -> Option<()> {
    let add = |acc: &mut i64, v: i64| {
        *acc = if *acc == DYNAMIC || v == DYNAMIC {
            DYNAMIC
        } else {
            acc.checked_add(v).unwrap_or(DYNAMIC)
        };
    };
    match e {
        AffineExpr::Dim(d) => add(strides.get_mut(*d as usize)?, scale),
        AffineExpr::Symbol(_) => *offset = DYNAMIC,
        AffineExpr::Const(c) => add(
            offset,
            if scale == DYNAMIC {
                DYNAMIC
            } else {
                c.checked_mul(scale)?
            },
        ),
        AffineExpr::Add(a, b) => {
            linear_terms(a, strides, offset, scale)?;
            linear_terms(b, strides, offset, scale)?;
        }
        AffineExpr::Mul(a, b) => {
            let (factor, other) = match (a.as_ref(), b.as_ref()) {
                (AffineExpr::Const(c), o) | (o, AffineExpr::Const(c)) => (*c, o),
                (AffineExpr::Symbol(_), o) | (o, AffineExpr::Symbol(_)) => (DYNAMIC, o),
                _ => return None,
            };
            let s = if scale == DYNAMIC || factor == DYNAMIC {
                DYNAMIC
            } else {
                scale.checked_mul(factor)?
            };
            linear_terms(other, strides, offset, s)?;
        }
        _ => return None,
    }
    Some(())
}

fn dims_text(values: &[i64]) -> String {
    values
        .iter()
        .map(|&v| {
            if v == DYNAMIC {
                "?".to_string()
            } else {
                v.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("x")
}

fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", type_str(ctx, ty))
}

// ----- verifier helpers -----------------------------------------------------------------------

/// ODS's summary of `AnyRankedOrUnrankedMemRef`.
const ANY_MEMREF: &str = "ranked or unranked memref of any type values";

/// Whether operand `i` is a memref; if not, reports ODS's constraint error.
fn expect_memref_operand(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>, i: usize) -> bool {
    let ok = is_memref(ctx, operand_type(ctx, op, i));
    if !ok {
        operand_kind_error(ctx, op, diags, i, ANY_MEMREF);
    }
    ok
}

fn operand_type(ctx: &Context, op: Op, i: usize) -> Type {
    ctx.value_type(ctx.operand(op, i))
}

fn result_type(ctx: &Context, op: Op, i: usize) -> Type {
    ctx.value_type(ctx.result(op, i))
}

/// `operand #i must be <what>, but got '<type>'`.
fn operand_kind_error(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>, i: usize, what: &str) {
    let t = quoted(ctx, operand_type(ctx, op, i));
    op_error(
        ctx,
        op,
        diags,
        format!("operand #{i} must be {what}, but got {t}"),
    );
}

/// `result #i must be <what>, but got '<type>'`.
fn result_kind_error(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>, i: usize, what: &str) {
    let t = quoted(ctx, result_type(ctx, op, i));
    op_error(
        ctx,
        op,
        diags,
        format!("result #{i} must be {what}, but got {t}"),
    );
}

/// Checks that operands `range` are all of index type (`variadic of index`).
fn expect_index_operands(
    ctx: &Context,
    op: Op,
    diags: &mut Vec<Diagnostic>,
    range: std::ops::Range<usize>,
) -> bool {
    for i in range {
        if !matches!(ctx.type_data(operand_type(ctx, op, i)), TypeData::Index) {
            operand_kind_error(ctx, op, diags, i, "variadic of index");
            return false;
        }
    }
    true
}

/// Checks `operandSegmentSizes` against the operand count.
fn check_segments(
    ctx: &Context,
    op: Op,
    diags: &mut Vec<Diagnostic>,
    n: usize,
) -> Option<SmallVec<[usize; 4]>> {
    // A missing attribute reads as all-zero sizes, as MLIR's default-initialised property.
    // The sizes are copied one by one: `collect` is not inlined and costs more than the copy
    // (every allocation a pass touches is verified).
    let sizes: SmallVec<[usize; 4]> = match segment_sizes(ctx, op) {
        Some(values) => {
            let mut sizes = SmallVec::with_capacity(values.len());
            for &v in values {
                sizes.push(v.max(0) as usize);
            }
            sizes
        }
        None => smallvec![0; n],
    };
    if sizes.len() != n {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "'operandSegmentSizes' attribute for specifying operand segments must have {n} elements, but got {}",
                sizes.len()
            ),
        );
        return None;
    }
    let total: usize = sizes.iter().sum();
    if total != ctx.num_operands(op) {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "operand count ({}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'",
                ctx.num_operands(op)
            ),
        );
        return None;
    }
    Some(sizes)
}

// ----- parser helpers -------------------------------------------------------------------------

fn op_name(p: &OpParser<'_, '_>, state: &OpState) -> String {
    p.ctx.registry.def(state.name).name.clone()
}

/// Parses a type that must be a ranked memref (MLIR's `MemRefType` constraint).
fn parse_ranked_memref(p: &mut OpParser<'_, '_>, state: &OpState) -> PResult<Type> {
    let pos = p.cur_pos();
    let ty = p.parse_type()?;
    if !matches!(p.ctx.type_data(ty), TypeData::MemRef { .. }) {
        let msg = format!(
            "custom op '{}' invalid kind of type specified: expected builtin.memref, but found {}",
            op_name(p, state),
            quoted(p.ctx, ty)
        );
        return p.error_at(pos, msg);
    }
    Ok(ty)
}

/// Parses a type that must be a ranked or unranked memref (`BaseMemRefType`).
fn parse_any_memref(p: &mut OpParser<'_, '_>, state: &OpState) -> PResult<Type> {
    let pos = p.cur_pos();
    let ty = p.parse_type()?;
    if !is_memref(p.ctx, ty) {
        let msg = format!(
            "custom op '{}' invalid kind of type specified",
            op_name(p, state)
        );
        return p.error_at(pos, msg);
    }
    Ok(ty)
}

/// Parses `[%a, %b]` (possibly empty).
pub(crate) fn parse_square_operands(p: &mut OpParser<'_, '_>) -> PResult<Vec<UnresolvedOperand>> {
    p.expect(TokKind::LSquare, "[")?;
    let list = p.parse_operand_list()?;
    p.expect(TokKind::RSquare, "]")?;
    Ok(list)
}

/// Resolves `index` operands, appending them to `operands`.
pub(crate) fn resolve_indices_into(
    p: &mut OpParser<'_, '_>,
    list: &[UnresolvedOperand],
    operands: &mut Vec<Value>,
) -> PResult<()> {
    let index = p.ctx.index_type();
    p.resolve_operands_into(list, index, operands)
}

/// Parses the optional attr-dict and `: <source type> <keyword> <result type>`.
fn parse_attrs_and_cast_types(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
    keyword: &str,
) -> PResult<(Type, Type)> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let src = parse_any_memref(p, state)?;
    p.expect_keyword(keyword)?;
    let dst = parse_any_memref(p, state)?;
    Ok((src, dst))
}

/// Prints ` : <source type> <keyword> <result type>` for ops with one operand and result.
fn print_cast_types(p: &mut OpPrinter<'_>, op: Op, keyword: &str) {
    p.write(" : ");
    if let Some(&v) = p.ctx.operand_array(op).first() {
        p.print_type(p.ctx.value_type(v));
    }
    p.write(" ");
    p.write(keyword);
    p.write(" ");
    if let Some(&r) = p.ctx.results(op).first() {
        p.print_type(p.ctx.value_type(r));
    }
}

fn print_first_operand(p: &mut OpPrinter<'_>, op: Op) {
    if let Some(v) = p.ctx.operands(op).next() {
        p.print_operand(v);
    }
}

// ----- memref.alloc / memref.alloca -----------------------------------------------------------

fn parse_alloc(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let sizes = p.parse_paren_operand_list()?;
    let symbols = if p.tok_kind() == TokKind::LSquare {
        parse_square_operands(p)?
    } else {
        Vec::new()
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_memref(p, state)?;
    resolve_indices_into(p, &sizes, &mut state.operands)?;
    resolve_indices_into(p, &symbols, &mut state.operands)?;
    set_segments(p, state, &[sizes.len() as i32, symbols.len() as i32]);
    state.result_types.push(ty);
    Ok(())
}

fn print_alloc(p: &mut OpPrinter<'_>, op: Op) {
    let sizes = segment_array(p.ctx, op, 0);
    let symbols = segment_array(p.ctx, op, 1);
    p.write("(");
    p.print_operands(&sizes);
    p.write(")");
    if !symbols.is_empty() {
        p.write("[");
        p.print_operands(&symbols);
        p.write("]");
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
    p.write(" : ");
    if let Some(&r) = p.ctx.results(op).first() {
        p.print_type(p.ctx.value_type(r));
    }
}

/// Reads nothing but the op's signature (name, operand and result types, attributes): the
/// verifier remembers its passes by signature (`verify/signature.rs` lists this op).
fn verify_alloc(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    verify_alloc_like(ctx, op, diags);
}

fn verify_alloca(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let mut cur = ctx.parent_op(op);
    let mut in_scope = false;
    while let Some(parent) = cur {
        if ctx.has_trait(parent, Traits::AUTOMATIC_ALLOCATION_SCOPE) {
            in_scope = true;
            break;
        }
        cur = ctx.parent_op(parent);
    }
    if !in_scope {
        op_error(
            ctx,
            op,
            diags,
            "requires an ancestor op with AutomaticAllocationScope trait",
        );
        return;
    }
    verify_alloc_like(ctx, op, diags);
}

fn verify_alloc_like(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(sizes) = check_segments(ctx, op, diags, 2) else {
        return;
    };
    if !expect_index_operands(ctx, op, diags, 0..ctx.num_operands(op)) {
        return;
    }
    let Some(m) = ranked(ctx, result_type(ctx, op, 0)) else {
        result_kind_error(ctx, op, diags, 0, "memref of any type values");
        return;
    };
    if let Some(a) = int_attr(ctx, op, "alignment")
        && a < 0
    {
        op_error(
            ctx,
            op,
            diags,
            "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0",
        );
        return;
    }
    let expected = num_dynamic(m.shape);
    if sizes[0] != expected {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "incorrect number of dynamic sizes, has {}, expected {expected}",
                sizes[0]
            ),
        );
        return;
    }
    // A strided layout's map has a symbol for its offset and each stride that is `?`.
    let symbols = match m.layout.map(|l| ctx.attr_data(l)) {
        Some(AttrData::AffineMap(map)) if !map.is_identity() => map.num_symbols as usize,
        Some(AttrData::Strided { strides, offset }) => {
            usize::from(*offset == crate::DYNAMIC)
                + strides.iter().filter(|&&s| s == crate::DYNAMIC).count()
        }
        _ => 0,
    };
    if sizes[1] != symbols {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "symbol operand count does not equal memref symbol count: expected {symbols}, got {}",
                sizes[1]
            ),
        );
    }
}

// ----- memref.dealloc -------------------------------------------------------------------------

fn parse_dealloc(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let operand = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_any_memref(p, state)?;
    state.operands.push(p.resolve_operand(&operand, ty)?);
    Ok(())
}

/// The format `$memref attr-dict : type($memref)` (`dealloc`, `rank`).
fn print_operand_attrs_type(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    print_first_operand(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(p.ctx.operand(op, 0)));
}

/// Reads nothing but the op's signature (name, operand and result types, attributes): the
/// verifier remembers its passes by signature (`verify/signature.rs` lists this op).
fn verify_dealloc(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    expect_memref_operand(ctx, op, diags, 0);
}

// ----- memref.realloc -------------------------------------------------------------------------

fn parse_realloc(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    let size = if p.eat(TokKind::LParen) {
        let s = p.parse_operand()?;
        p.expect(TokKind::RParen, ")")?;
        Some(s)
    } else {
        None
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let src_ty = parse_ranked_memref(p, state)?;
    p.expect_keyword("to")?;
    let dst_ty = parse_ranked_memref(p, state)?;
    state.operands.push(p.resolve_operand(&source, src_ty)?);
    if let Some(size) = size {
        let index = p.ctx.index_type();
        state.operands.push(p.resolve_operand(&size, index)?);
    }
    state.result_types.push(dst_ty);
    Ok(())
}

fn print_realloc(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    print_first_operand(p, op);
    if let Some(&size) = operands.get(1) {
        p.write("(");
        p.print_operand(size);
        p.write(")");
    }
    p.print_optional_attr_dict(op, &[]);
    print_cast_types(p, op, "to");
}

fn is_1d_memref(ctx: &Context, ty: Type) -> bool {
    ranked(ctx, ty).is_some_and(|m| m.shape.len() == 1)
}

fn verify_realloc(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let n = ctx.num_operands(op);
    if n == 0 {
        op_error(ctx, op, diags, "expected 1 or more operands, but found 0");
        return;
    }
    if n > 2 {
        op_error(
            ctx,
            op,
            diags,
            format!("expected 2 operands, but found {n}"),
        );
        return;
    }
    let (src_ty, dst_ty) = (operand_type(ctx, op, 0), result_type(ctx, op, 0));
    if !is_1d_memref(ctx, src_ty) {
        operand_kind_error(ctx, op, diags, 0, "1D memref of any type values");
        return;
    }
    if n == 2 && !expect_index_operands(ctx, op, diags, 1..2) {
        return;
    }
    if !is_1d_memref(ctx, dst_ty) {
        result_kind_error(ctx, op, diags, 0, "1D memref of any type values");
        return;
    }
    let (Some(src), Some(dst)) = (ranked(ctx, src_ty), ranked(ctx, dst_ty)) else {
        return;
    };
    let loc = ctx.op_loc(op);
    let (s, d) = (quoted(ctx, src_ty), quoted(ctx, dst_ty));
    let msg = if !is_identity_layout(ctx, src.layout) {
        format!("unsupported layout for source memref type {s}")
    } else if !is_identity_layout(ctx, dst.layout) {
        format!("unsupported layout for result memref type {d}")
    } else if src.space != dst.space {
        format!(
            "different memory spaces specified for source memref type {s} and result memref type {d}"
        )
    } else if src.elem != dst.elem {
        format!(
            "different element types specified for source memref type {s} and result memref type {d}"
        )
    } else if num_dynamic(dst.shape) > 0 && n < 2 {
        format!("missing dimension operand for result type {d}")
    } else if num_dynamic(dst.shape) == 0 && n == 2 {
        format!("unnecessary dimension operand for result type {d}")
    } else {
        return;
    };
    diags.push(Diagnostic::error(loc, msg));
}

// ----- memref.load / memref.store -------------------------------------------------------------

fn parse_load(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let memref = p.parse_operand()?;
    let indices = parse_square_operands(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_memref(p, state)?;
    let elem = ranked(p.ctx, ty).map_or(ty, |m| m.elem);
    state.operands.push(p.resolve_operand(&memref, ty)?);
    resolve_indices_into(p, &indices, &mut state.operands)?;
    state.result_types.push(elem);
    Ok(())
}

/// Prints the attr-dict of load/store, eliding `nontemporal = false` (its default).
fn print_access_attrs(p: &mut OpPrinter<'_>, op: Op) {
    let nontemporal_default = p
        .ctx
        .get_attr(op, "nontemporal")
        .is_some_and(|a| matches!(p.ctx.attr_data(a), AttrData::Bool(false)));
    let elided: &[&str] = if nontemporal_default {
        &["nontemporal"]
    } else {
        &[]
    };
    p.print_optional_attr_dict(op, elided);
}

/// Prints `%memref[%i, %j]`: the first of `operands` and the rest as indices.
fn print_memref_and_indices(p: &mut OpPrinter<'_>, mut operands: impl Iterator<Item = Value>) {
    if let Some(memref) = operands.next() {
        p.print_operand(memref);
        p.write("[");
        p.print_operand_values(operands);
        p.write("]");
    }
}

fn print_load(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    print_memref_and_indices(p, ctx.operands(op));
    print_access_attrs(p, op);
    p.write(" : ");
    if let Some(m) = ctx.operands(op).next() {
        p.print_type(ctx.value_type(m));
    }
}

/// Checks the memref operand `at` and the index operands after it; returns the memref.
fn verify_indexed_access<'c>(
    ctx: &'c Context,
    op: Op,
    diags: &mut Vec<Diagnostic>,
    at: usize,
    what: &str,
) -> Option<Ranked<'c>> {
    let Some(m) = ranked(ctx, operand_type(ctx, op, at)) else {
        operand_kind_error(ctx, op, diags, at, "memref of any type values");
        return None;
    };
    if !expect_index_operands(ctx, op, diags, at + 1..ctx.num_operands(op)) {
        return None;
    }
    let got = ctx.num_operands(op) - at - 1;
    if got != m.shape.len() {
        let msg = match what {
            "load" => format!(
                "incorrect number of indices for load, expected {} but got {got}",
                m.shape.len()
            ),
            _ => "store index operand count not equal to memref rank".to_string(),
        };
        op_error(ctx, op, diags, msg);
        return None;
    }
    Some(m)
}

/// Reads nothing but the op's signature (name, operand and result types, attributes): the
/// verifier remembers its passes by signature (`verify/signature.rs` lists this op).
fn verify_load(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(m) = verify_indexed_access(ctx, op, diags, 0, "load") else {
        return;
    };
    if result_type(ctx, op, 0) != m.elem {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that result type matches element type of 'memref'",
        );
    }
}

fn parse_store(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let memref = p.parse_operand()?;
    let indices = parse_square_operands(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_memref(p, state)?;
    let elem = ranked(p.ctx, ty).map_or(ty, |m| m.elem);
    state.operands.push(p.resolve_operand(&value, elem)?);
    state.operands.push(p.resolve_operand(&memref, ty)?);
    resolve_indices_into(p, &indices, &mut state.operands)?;
    Ok(())
}

fn print_store(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let mut operands = ctx.operands(op);
    let Some(value) = operands.next() else {
        return;
    };
    let memref = ctx.operands(op).nth(1);
    p.write(" ");
    p.print_operand(value);
    p.write(", ");
    print_memref_and_indices(p, operands);
    print_access_attrs(p, op);
    p.write(" : ");
    if let Some(m) = memref {
        p.print_type(ctx.value_type(m));
    }
}

/// Reads nothing but the op's signature (name, operand and result types, attributes): the
/// verifier remembers its passes by signature (`verify/signature.rs` lists this op).
fn verify_store(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(m) = verify_indexed_access(ctx, op, diags, 1, "store") else {
        return;
    };
    if operand_type(ctx, op, 0) != m.elem {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that type of 'value' matches element type of 'memref'",
        );
    }
}

// ----- memref.copy ----------------------------------------------------------------------------

fn parse_copy(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let target = p.parse_operand()?;
    let (src_ty, dst_ty) = parse_attrs_and_cast_types(p, state, "to")?;
    state.operands.push(p.resolve_operand(&source, src_ty)?);
    state.operands.push(p.resolve_operand(&target, dst_ty)?);
    Ok(())
}

fn print_copy(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    p.print_operands(&operands);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    if let [source, target] = operands[..] {
        p.print_type(p.ctx.value_type(source));
        p.write(" to ");
        p.print_type(p.ctx.value_type(target));
    }
}

/// Whether two shapes are compatible (unranked or dynamic sizes match anything).
fn shapes_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ranked(ctx, a), ranked(ctx, b)) {
        (Some(x), Some(y)) => {
            x.shape.len() == y.shape.len()
                && x.shape
                    .iter()
                    .zip(y.shape)
                    .all(|(&p, &q)| p == q || p == DYNAMIC || q == DYNAMIC)
        }
        _ => true,
    }
}

fn verify_copy(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    for i in 0..2 {
        if !expect_memref_operand(ctx, op, diags, i) {
            return;
        }
    }
    let (a, b) = (operand_type(ctx, op, 0), operand_type(ctx, op, 1));
    if elem_and_space(ctx, a).map(|e| e.0) != elem_and_space(ctx, b).map(|e| e.0) {
        op_error(
            ctx,
            op,
            diags,
            "requires the same element type for all operands",
        );
    } else if !shapes_compatible(ctx, a, b) {
        op_error(ctx, op, diags, "requires the same shape for all operands");
    }
}

// ----- shared view helpers --------------------------------------------------------------------

/// The printed form of a ranked memref type built from parts (for messages about types the
/// verifier infers but cannot intern).
fn memref_type_text(
    ctx: &Context,
    shape: &[i64],
    elem: Type,
    layout: Option<(&[i64], i64)>,
    space: Option<Attr>,
) -> String {
    let mut s = String::from("memref<");
    for &d in shape {
        s.push_str(&dims_text(&[d]));
        s.push('x');
    }
    s.push_str(&type_str(ctx, elem));
    if let Some((strides, offset)) = layout {
        s.push_str(", strided<[");
        s.push_str(&dims_text(strides).replace('x', ", "));
        s.push(']');
        if offset != 0 {
            s.push_str(", offset: ");
            s.push_str(&dims_text(&[offset]));
        }
        s.push('>');
    }
    if let Some(sp) = space {
        s.push_str(", ");
        s.push_str(&crate::asm::printer::attr_to_string(ctx, sp));
    }
    s.push('>');
    s
}

/// Saturating multiplication of sizes/strides where [`DYNAMIC`] absorbs everything but zero.
fn sat_mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        0
    } else if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_mul(b).unwrap_or(DYNAMIC)
    }
}

fn sat_add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.checked_add(b).unwrap_or(DYNAMIC)
    }
}

/// The static offsets, sizes and strides arrays of a subview or reinterpret_cast.
fn static_lists(ctx: &Context, op: Op) -> Option<[&[i64]; 3]> {
    Some([
        dense_array_values(ctx, op, "static_offsets")?,
        dense_array_values(ctx, op, "static_sizes")?,
        dense_array_values(ctx, op, "static_strides")?,
    ])
}

fn parse_offsets_sizes_strides_operands(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
    source: Value,
    lists: [(Vec<UnresolvedOperand>, Vec<i64>); 3],
) -> PResult<()> {
    state.operands.push(source);
    let mut counts = vec![1i32];
    for (name, (operands, statics)) in ["static_offsets", "static_sizes", "static_strides"]
        .into_iter()
        .zip(lists)
    {
        resolve_indices_into(p, &operands, &mut state.operands)?;
        counts.push(operands.len() as i32);
        let a = p.ctx.dense_i64_array(&statics);
        add_attr(p, state, name, a);
    }
    set_segments(p, state, &counts);
    Ok(())
}

const OFFSET_SIZE_STRIDE_ATTRS: [&str; 4] = [
    "operandSegmentSizes",
    "static_offsets",
    "static_sizes",
    "static_strides",
];

/// MLIR's `verifyOffsetSizeAndStrideOp`; `max_ranks` bounds the three lists.
fn verify_offset_size_stride<'c>(
    ctx: &'c Context,
    op: Op,
    diags: &mut Vec<Diagnostic>,
    max_ranks: [usize; 3],
) -> Option<[&'c [i64]; 3]> {
    let sizes = check_segments(ctx, op, diags, 4)?;
    if sizes[0] != 1 {
        op_error(
            ctx,
            op,
            diags,
            format!("expected 1 operand in segment #0, but found {}", sizes[0]),
        );
        return None;
    }
    if !expect_index_operands(ctx, op, diags, 1..ctx.num_operands(op)) {
        return None;
    }
    let Some(lists) = static_lists(ctx, op) else {
        for name in ["static_offsets", "static_sizes", "static_strides"] {
            if dense_array(ctx, op, name).is_none() {
                op_error(ctx, op, diags, format!("requires attribute '{name}'"));
                return None;
            }
        }
        return None;
    };
    let loc = ctx.op_loc(op);
    let [offsets, sz, strides] = &lists;
    if !(offsets.len() == 1 && max_ranks[0] == 1) && offsets.len() != sz.len() {
        diags.push(Diagnostic::error(loc, format!("expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.", offsets.len(), sz.len())));
        return None;
    }
    if sz.len() != strides.len() {
        diags.push(Diagnostic::error(loc, format!("expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.", sz.len(), strides.len())));
        return None;
    }
    for (k, (name, list)) in ["offset", "size", "stride"]
        .into_iter()
        .zip(&lists)
        .enumerate()
    {
        if list.len() != max_ranks[k] {
            diags.push(Diagnostic::error(
                loc,
                format!(
                    "expected {} {name} values, got {}",
                    max_ranks[k],
                    list.len()
                ),
            ));
            return None;
        }
        let dynamic = num_dynamic(list);
        if dynamic != sizes[k + 1] {
            diags.push(Diagnostic::error(
                loc,
                format!("expected {dynamic} dynamic {name} values"),
            ));
            return None;
        }
    }
    for (name, list) in [("offsets", offsets), ("sizes", sz)] {
        if let Some(v) = list.iter().find(|&&v| v < 0 && v != DYNAMIC) {
            diags.push(Diagnostic::error(
                loc,
                format!("expected {name} to be non-negative, but got {v}"),
            ));
            return None;
        }
    }
    Some(lists)
}

// ----- memref.subview -------------------------------------------------------------------------

fn parse_subview(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    let offsets = parse_dynamic_index_list(p)?;
    let sizes = parse_dynamic_index_list(p)?;
    let strides = parse_dynamic_index_list(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let src_ty = parse_ranked_memref(p, state)?;
    p.expect_keyword("to")?;
    let dst_ty = parse_ranked_memref(p, state)?;
    let source = p.resolve_operand(&source, src_ty)?;
    parse_offsets_sizes_strides_operands(p, state, source, [offsets, sizes, strides])?;
    state.result_types.push(dst_ty);
    Ok(())
}

fn print_offsets_sizes_strides(p: &mut OpPrinter<'_>, op: Op, separators: [&str; 3]) {
    let Some(lists) = static_lists(p.ctx, op) else {
        return;
    };
    for (k, list) in lists.iter().enumerate() {
        p.write(separators[k]);
        let dynamic = segment_array(p.ctx, op, k + 1);
        print_dynamic_index_list(p, list, &dynamic);
    }
}

fn print_subview(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    print_first_operand(p, op);
    print_offsets_sizes_strides(p, op, ["", " ", " "]);
    p.print_optional_attr_dict(op, &OFFSET_SIZE_STRIDE_ATTRS);
    print_cast_types(p, op, "to");
}

fn verify_subview(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let (src_ty, dst_ty) = (operand_type(ctx, op, 0), result_type(ctx, op, 0));
    let Some(src) = ranked(ctx, src_ty) else {
        operand_kind_error(ctx, op, diags, 0, "memref of any type values");
        return;
    };
    let Some(dst) = ranked(ctx, dst_ty) else {
        result_kind_error(ctx, op, diags, 0, "memref of any type values");
        return;
    };
    let rank = src.shape.len();
    let Some([offsets, sizes, strides]) = verify_offset_size_stride(ctx, op, diags, [rank; 3])
    else {
        return;
    };
    let loc = ctx.op_loc(op);
    let mut error = |msg: String| diags.push(Diagnostic::error(loc, msg));
    if src.space != dst.space {
        error(format!(
            "different memory spaces specified for base memref type {} and subview memref type {}",
            quoted(ctx, src_ty),
            quoted(ctx, dst_ty)
        ));
        return;
    }
    let Some((src_strides, src_offset)) = strides_and_offset(ctx, &src) else {
        error(format!("base type {} is not strided", quoted(ctx, src_ty)));
        return;
    };
    let mut offset = src_offset;
    for (&o, &s) in offsets.iter().zip(&src_strides) {
        offset = sat_add(offset, sat_mul(o, s));
    }
    let inferred_strides: Strides = strides
        .iter()
        .zip(&src_strides)
        .map(|(&a, &b)| sat_mul(a, b))
        .collect();
    // The messages print types; build them only when verification fails.
    let got = || quoted(ctx, dst_ty);
    let mismatch = |what: &str| {
        let expected = memref_type_text(
            ctx,
            sizes,
            src.elem,
            Some((&inferred_strides, offset)),
            src.space,
        );
        format!(
            "expected result type to be '{expected}' or a rank-reduced version. (mismatch of result {what}), but got {}",
            got()
        )
    };
    if dst.shape.len() > sizes.len() {
        error(format!(
            "expected result rank to be smaller or equal to the source rank, but got {}",
            got()
        ));
        return;
    }
    if rank_reduction_mask(sizes, dst.shape).is_none() {
        error(mismatch("sizes"));
        return;
    }
    if src.elem != dst.elem {
        error(format!(
            "expected result element type to be '{}', but got {}",
            type_str(ctx, src.elem),
            got()
        ));
        return;
    }
    let Some((dst_strides, dst_offset)) = strides_and_offset(ctx, &dst) else {
        error(mismatch("layout"));
        return;
    };
    if dst_offset != offset {
        error(mismatch("layout"));
        return;
    }
    let Some(dropped) =
        strided_rank_reduction_mask(sizes, &inferred_strides, dst.shape.len(), &dst_strides)
    else {
        error(mismatch("layout"));
        return;
    };
    let kept: Strides = inferred_strides
        .iter()
        .zip(&dropped)
        .filter(|(_, d)| !**d)
        .map(|(&s, _)| s)
        .collect();
    if kept != dst_strides {
        error(mismatch("layout"));
        return;
    }
    verify_in_bounds(src.shape, offsets, sizes, strides, &mut error);
}

/// MLIR's `computeRankReductionMask`: which dimensions of `original` are dropped (unit
/// dimensions, matched greedily) to obtain `reduced`.
fn rank_reduction_mask(original: &[i64], reduced: &[i64]) -> Option<Vec<bool>> {
    let mut dropped = vec![false; original.len()];
    let mut next = 0;
    for (i, &size) in original.iter().enumerate() {
        if next < reduced.len() && size == reduced[next] {
            next += 1;
            continue;
        }
        dropped[i] = true;
        if size != 1 {
            return None;
        }
    }
    (next == reduced.len()).then_some(dropped)
}

/// MLIR's `computeMemRefRankReductionMask`: static unit sizes are candidates for dropping,
/// disambiguated by the strides that remain in the reduced type.
fn strided_rank_reduction_mask(
    sizes: &[i64],
    strides: &[i64],
    reduced_rank: usize,
    reduced_strides: &[i64],
) -> Option<Vec<bool>> {
    let mut dropped: Vec<bool> = sizes.iter().map(|&s| s == 1).collect();
    if sizes.len() == reduced_rank {
        return Some(vec![false; sizes.len()]);
    }
    let count = |list: &[i64], v: i64| list.iter().filter(|&&x| x == v).count();
    if dropped.iter().filter(|&&d| d).count() + reduced_rank == sizes.len() {
        return Some(dropped);
    }
    let mut unaccounted: std::collections::BTreeMap<i64, usize> = std::collections::BTreeMap::new();
    for &s in strides {
        *unaccounted.entry(s).or_default() += 1;
    }
    for dim in 0..sizes.len() {
        if !dropped[dim] {
            continue;
        }
        let stride = strides[dim];
        let have = unaccounted.get(&stride).copied().unwrap_or(0);
        let want = count(reduced_strides, stride);
        if have > want {
            *unaccounted.entry(stride).or_default() -= 1;
        } else if have == want {
            dropped[dim] = false;
        } else {
            return None;
        }
    }
    (dropped.iter().filter(|&&d| d).count() + reduced_rank == sizes.len()).then_some(dropped)
}

/// MLIR's `verifyInBoundsSlice` for the static parts of a slice.
fn verify_in_bounds(
    shape: &[i64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
    error: &mut impl FnMut(String),
) {
    for (dim, &extent) in shape.iter().enumerate() {
        let (Some(&o), Some(&s), Some(&st)) = (offsets.get(dim), sizes.get(dim), strides.get(dim))
        else {
            return;
        };
        if extent == DYNAMIC || o == DYNAMIC {
            continue;
        }
        if s != DYNAMIC && s == 0 {
            continue;
        }
        if o >= extent {
            error(format!("offset {dim} is out-of-bounds: {o} >= {extent}"));
            return;
        }
        if s == DYNAMIC || st == DYNAMIC {
            continue;
        }
        let last = o.saturating_add((s - 1).saturating_mul(st));
        if last >= extent {
            error(format!(
                "slice along dimension {dim} runs out-of-bounds: {last} >= {extent}"
            ));
            return;
        }
    }
}

// ----- memref.cast / memref.memory_space_cast ---------------------------------------------------

fn parse_cast(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    let (src_ty, dst_ty) = parse_attrs_and_cast_types(p, state, "to")?;
    state.operands.push(p.resolve_operand(&source, src_ty)?);
    state.result_types.push(dst_ty);
    Ok(())
}

fn print_cast(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    print_first_operand(p, op);
    p.print_optional_attr_dict(op, &[]);
    print_cast_types(p, op, "to");
}

/// MLIR's `memref::CastOp::areCastCompatible`.
fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ranked(ctx, a), ranked(ctx, b)) {
        (Some(x), Some(y)) => {
            if x.elem != y.elem || x.space != y.space || x.shape.len() != y.shape.len() {
                return false;
            }
            if x.layout != y.layout {
                let (Some((xs, xo)), Some((ys, yo))) =
                    (strides_and_offset(ctx, &x), strides_and_offset(ctx, &y))
                else {
                    return false;
                };
                let ok = |p: i64, q: i64| p == DYNAMIC || q == DYNAMIC || p == q;
                if xs.len() != ys.len()
                    || !ok(xo, yo)
                    || !xs.iter().zip(&ys).all(|(&p, &q)| ok(p, q))
                {
                    return false;
                }
            }
            x.shape
                .iter()
                .zip(y.shape)
                .all(|(&p, &q)| p == DYNAMIC || q == DYNAMIC || p == q)
        }
        _ => {
            let both_unranked = matches!(ctx.type_data(a), TypeData::UnrankedMemRef { .. })
                && matches!(ctx.type_data(b), TypeData::UnrankedMemRef { .. });
            match (elem_and_space(ctx, a), elem_and_space(ctx, b)) {
                (Some(x), Some(y)) => !both_unranked && x == y,
                _ => false,
            }
        }
    }
}

/// MLIR's `memref::MemorySpaceCastOp::areCastCompatible`.
fn memory_space_cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.type_data(a), ctx.type_data(b)) {
        (
            TypeData::MemRef {
                shape: s1,
                elem: e1,
                layout: l1,
                ..
            },
            TypeData::MemRef {
                shape: s2,
                elem: e2,
                layout: l2,
                ..
            },
        ) => s1 == s2 && e1 == e2 && l1 == l2,
        (TypeData::UnrankedMemRef { elem: e1, .. }, TypeData::UnrankedMemRef { elem: e2, .. }) => {
            e1 == e2
        }
        _ => false,
    }
}

fn verify_cast_like(
    ctx: &Context,
    op: Op,
    diags: &mut Vec<Diagnostic>,
    compatible: fn(&Context, Type, Type) -> bool,
) {
    let (a, b) = (operand_type(ctx, op, 0), result_type(ctx, op, 0));
    if !is_memref(ctx, a) {
        operand_kind_error(ctx, op, diags, 0, ANY_MEMREF);
    } else if !is_memref(ctx, b) {
        result_kind_error(ctx, op, diags, 0, ANY_MEMREF);
    } else if !compatible(ctx, a, b) {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "operand type {} and result type {} are cast incompatible",
                quoted(ctx, a),
                quoted(ctx, b)
            ),
        );
    }
}

fn verify_cast(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    verify_cast_like(ctx, op, diags, cast_compatible);
}

fn verify_memory_space_cast(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    verify_cast_like(ctx, op, diags, memory_space_cast_compatible);
}

// ----- memref.reinterpret_cast ----------------------------------------------------------------

fn parse_reinterpret_cast(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    p.expect_keyword("to")?;
    p.expect_keyword("offset")?;
    p.expect(TokKind::Colon, ":")?;
    let offsets = parse_dynamic_index_list(p)?;
    p.expect(TokKind::Comma, ",")?;
    p.expect_keyword("sizes")?;
    p.expect(TokKind::Colon, ":")?;
    let sizes = parse_dynamic_index_list(p)?;
    p.expect(TokKind::Comma, ",")?;
    p.expect_keyword("strides")?;
    p.expect(TokKind::Colon, ":")?;
    let strides = parse_dynamic_index_list(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let src_ty = parse_any_memref(p, state)?;
    p.expect_keyword("to")?;
    let dst_ty = parse_ranked_memref(p, state)?;
    let source = p.resolve_operand(&source, src_ty)?;
    parse_offsets_sizes_strides_operands(p, state, source, [offsets, sizes, strides])?;
    state.result_types.push(dst_ty);
    Ok(())
}

fn print_reinterpret_cast(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    print_first_operand(p, op);
    print_offsets_sizes_strides(p, op, [" to offset: ", ", sizes: ", ", strides: "]);
    p.print_optional_attr_dict(op, &OFFSET_SIZE_STRIDE_ATTRS);
    print_cast_types(p, op, "to");
}

fn dynamic_or_int(v: i64) -> String {
    if v == DYNAMIC {
        "dynamic".to_string()
    } else {
        v.to_string()
    }
}

fn verify_reinterpret_cast(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let (src_ty, dst_ty) = (operand_type(ctx, op, 0), result_type(ctx, op, 0));
    let Some((src_elem, src_space)) = elem_and_space(ctx, src_ty) else {
        operand_kind_error(ctx, op, diags, 0, ANY_MEMREF);
        return;
    };
    let Some(dst) = ranked(ctx, dst_ty) else {
        result_kind_error(ctx, op, diags, 0, "memref of any type values");
        return;
    };
    let rank = dst.shape.len();
    let Some([offsets, sizes, strides]) =
        verify_offset_size_stride(ctx, op, diags, [1, rank, rank])
    else {
        return;
    };
    let loc = ctx.op_loc(op);
    let (s, d) = (quoted(ctx, src_ty), quoted(ctx, dst_ty));
    let mut error = |msg: String| diags.push(Diagnostic::error(loc, msg));
    if src_space != dst.space {
        return error(format!(
            "different memory spaces specified for source type {s} and result memref type {d}"
        ));
    }
    if src_elem != dst.elem {
        return error(format!(
            "different element types specified for source type {s} and result memref type {d}"
        ));
    }
    for (idx, (&r, &e)) in dst.shape.iter().zip(sizes).enumerate() {
        if r != DYNAMIC && r != e {
            return error(format!(
                "expected result type with size = {} instead of {r} in dim = {idx}",
                dynamic_or_int(e)
            ));
        }
    }
    let Some((dst_strides, dst_offset)) = strides_and_offset(ctx, &dst) else {
        return error(format!(
            "expected result type to have strided layout but found {d}"
        ));
    };
    if let Some(&e) = offsets.first()
        && dst_offset != DYNAMIC
        && dst_offset != e
    {
        return error(format!(
            "expected result type with offset = {} instead of {dst_offset}",
            dynamic_or_int(e)
        ));
    }
    for (idx, (&r, &e)) in dst_strides.iter().zip(strides).enumerate() {
        if r != DYNAMIC && r != e {
            return error(format!(
                "expected result type with stride = {} instead of {r} in dim = {idx}",
                dynamic_or_int(e)
            ));
        }
    }
}

// ----- memref.expand_shape / memref.collapse_shape --------------------------------------------

pub(crate) fn parse_reassociation(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let pos = p.cur_pos();
    let attr = p.parse_attribute()?;
    if reassociation_of(p.ctx, attr).is_none() {
        return p.custom_error_at(pos, "invalid kind of attribute specified");
    }
    add_attr(p, state, "reassociation", attr);
    Ok(())
}

/// The groups of a reassociation attribute (`[[0, 1], [2]]`).
pub(crate) fn reassociation_of(ctx: &Context, attr: Attr) -> Option<Vec<Vec<i64>>> {
    let AttrData::Array(groups) = ctx.attr_data(attr) else {
        return None;
    };
    groups
        .iter()
        .map(|&g| match ctx.attr_data(g) {
            AttrData::Array(items) => items
                .iter()
                .map(|&i| match ctx.attr_data(i) {
                    AttrData::Integer { value, .. } => i64::try_from(*value).ok(),
                    _ => None,
                })
                .collect(),
            _ => None,
        })
        .collect()
}

pub(crate) fn print_reassociation(p: &mut OpPrinter<'_>, op: Op) {
    if let Some(groups) = p
        .ctx
        .get_attr(op, "reassociation")
        .and_then(|a| reassociation_of(p.ctx, a))
    {
        let text = groups
            .iter()
            .map(|g| {
                format!(
                    "[{}]",
                    g.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        p.write(&format!("[{text}]"));
    }
}

fn parse_expand_shape(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    parse_reassociation(p, state)?;
    p.expect_keyword("output_shape")?;
    let (shape_operands, statics) = parse_dynamic_index_list(p)?;
    let (src_ty, dst_ty) = parse_attrs_and_ranked_types(p, state, "into")?;
    state.operands.push(p.resolve_operand(&source, src_ty)?);
    resolve_indices_into(p, &shape_operands, &mut state.operands)?;
    let a = p.ctx.dense_i64_array(&statics);
    add_attr(p, state, "static_output_shape", a);
    state.result_types.push(dst_ty);
    Ok(())
}

fn parse_attrs_and_ranked_types(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
    keyword: &str,
) -> PResult<(Type, Type)> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let src = parse_ranked_memref(p, state)?;
    p.expect_keyword(keyword)?;
    let dst = parse_ranked_memref(p, state)?;
    Ok((src, dst))
}

fn print_expand_shape(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    print_first_operand(p, op);
    p.write(" ");
    print_reassociation(p, op);
    p.write(" output_shape ");
    let statics = dense_array(p.ctx, op, "static_output_shape").unwrap_or_default();
    let operands = p.ctx.operand_array(op);
    print_dynamic_index_list(p, &statics, operands.get(1..).unwrap_or(&[]));
    p.print_optional_attr_dict(op, &["reassociation", "static_output_shape"]);
    print_cast_types(p, op, "into");
}

fn parse_collapse_shape(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    parse_reassociation(p, state)?;
    let (src_ty, dst_ty) = parse_attrs_and_ranked_types(p, state, "into")?;
    state.operands.push(p.resolve_operand(&source, src_ty)?);
    state.result_types.push(dst_ty);
    Ok(())
}

fn print_collapse_shape(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    print_first_operand(p, op);
    p.write(" ");
    print_reassociation(p, op);
    p.print_optional_attr_dict(op, &["reassociation"]);
    print_cast_types(p, op, "into");
}

/// The source, result and reassociation of a reshape op, after the common ODS checks.
fn reshape_parts<'c>(
    ctx: &'c Context,
    op: Op,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Ranked<'c>, Ranked<'c>, Vec<Vec<i64>>)> {
    let Some(src) = ranked(ctx, operand_type(ctx, op, 0)) else {
        operand_kind_error(ctx, op, diags, 0, "strided memref of any type values");
        return None;
    };
    let Some(dst) = ranked(ctx, result_type(ctx, op, 0)) else {
        result_kind_error(ctx, op, diags, 0, "strided memref of any type values");
        return None;
    };
    let Some(groups) = ctx
        .get_attr(op, "reassociation")
        .and_then(|a| reassociation_of(ctx, a))
    else {
        op_error(ctx, op, diags, "requires attribute 'reassociation'");
        return None;
    };
    Some((src, dst, groups))
}

/// MLIR's `verifyCollapsedShape` (multiple dynamic dimensions per group allowed).
fn verify_collapsed_shape(
    ctx: &Context,
    op: Op,
    diags: &mut Vec<Diagnostic>,
    collapsed: &[i64],
    expanded: &[i64],
    groups: &[Vec<i64>],
) -> bool {
    let mut error = |msg: String| {
        op_error(ctx, op, diags, msg);
        false
    };
    if collapsed.len() != groups.len() {
        return error(format!(
            "invalid number of reassociation groups: found {}, expected {}",
            groups.len(),
            collapsed.len()
        ));
    }
    let mut next = 0i64;
    for (collapsed_dim, group) in groups.iter().enumerate() {
        let mut found_dynamic = false;
        for &d in group {
            if d != next {
                return error("reassociation indices must be contiguous".to_string());
            }
            next += 1;
            let Some(&size) = usize::try_from(d).ok().and_then(|d| expanded.get(d)) else {
                return error(format!("reassociation index {d} is out of bounds"));
            };
            found_dynamic |= size == DYNAMIC;
        }
        if (collapsed[collapsed_dim] == DYNAMIC) != found_dynamic {
            return error(format!(
                "collapsed dim ({collapsed_dim}) must be dynamic if and only if reassociation group is dynamic"
            ));
        }
        if !found_dynamic {
            let size: i64 = group.iter().map(|&d| expanded[d as usize]).product();
            if size != collapsed[collapsed_dim] {
                return error(format!(
                    "collapsed dim size ({}) must equal reassociation group size ({size})",
                    collapsed[collapsed_dim]
                ));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return error(
                "rank 0 memrefs can only be extended/collapsed with/from ones".to_string(),
            );
        }
    } else if next != expanded.len() as i64 {
        return error(format!(
            "expanded rank ({}) inconsistent with number of reassociation indices ({next})",
            expanded.len()
        ));
    }
    true
}

/// Whether a result type equals `shape`/`elem`/`space` with the given layout (`None` for the
/// identity layout).
fn has_layout(ctx: &Context, ty: &Ranked, layout: Option<(&[i64], i64)>) -> bool {
    match (layout, ty.layout.map(|l| ctx.attr_data(l))) {
        (None, None) => true,
        (
            Some((strides, offset)),
            Some(AttrData::Strided {
                strides: s,
                offset: o,
            }),
        ) => s.as_slice() == strides && *o == offset,
        _ => false,
    }
}

fn verify_collapse_shape(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some((src, dst, groups)) = reshape_parts(ctx, op, diags) else {
        return;
    };
    let (r0, r1) = (src.shape.len(), dst.shape.len());
    if r0 < r1 {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "has source rank {r0} and result rank {r1}. This is not a collapse ({r0} < {r1})."
            ),
        );
        return;
    }
    if !verify_collapsed_shape(ctx, op, diags, dst.shape, src.shape, &groups) {
        return;
    }
    let layout = if is_identity_layout(ctx, src.layout) {
        None
    } else {
        match collapsed_layout(ctx, &src, &groups) {
            Some(l) => Some(l),
            None => {
                op_error(
                    ctx,
                    op,
                    diags,
                    "invalid source layout map or collapsing non-contiguous dims",
                );
                return;
            }
        }
    };
    let layout_ref = layout.as_ref().map(|(s, o)| (s.as_slice(), *o));
    if src.elem != dst.elem || src.space != dst.space || !has_layout(ctx, &dst, layout_ref) {
        let expected = memref_type_text(ctx, dst.shape, src.elem, layout_ref, src.space);
        let got = quoted(ctx, result_type(ctx, op, 0));
        op_error(
            ctx,
            op,
            diags,
            format!("expected collapsed type to be '{expected}' but found {got}"),
        );
    }
}

/// MLIR's `computeCollapsedLayoutMap` (non-strict).
fn collapsed_layout(ctx: &Context, src: &Ranked, groups: &[Vec<i64>]) -> Option<(Vec<i64>, i64)> {
    let (strides, offset) = strides_and_offset(ctx, src)?;
    let shape = &src.shape;
    let mut result = Vec::with_capacity(groups.len());
    for group in groups {
        let mut end = group.len();
        while end > 1 && shape[group[end - 1] as usize] == 1 {
            end -= 1;
        }
        let last = *group.get(end.checked_sub(1)?)? as usize;
        result.push(if shape[last] != DYNAMIC || end == 1 {
            strides[last]
        } else {
            DYNAMIC
        });
    }
    for (gi, group) in groups.iter().enumerate().rev() {
        let mut stride = result[gi];
        for &idx in group.iter().skip(1).rev() {
            let idx = idx as usize;
            stride = sat_mul(stride, shape[idx]);
            if shape[idx - 1] == 1 {
                continue;
            }
            let src_stride = strides[idx - 1];
            if stride != DYNAMIC && src_stride != DYNAMIC && stride != src_stride {
                return None;
            }
        }
    }
    Some((result, offset))
}

fn verify_expand_shape(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some((src, dst, groups)) = reshape_parts(ctx, op, diags) else {
        return;
    };
    if !expect_index_operands(ctx, op, diags, 1..ctx.num_operands(op)) {
        return;
    }
    let (r0, r1) = (src.shape.len(), dst.shape.len());
    if r0 > r1 {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "has source rank {r0} and result rank {r1}. This is not an expansion ({r0} > {r1})."
            ),
        );
        return;
    }
    if !verify_collapsed_shape(ctx, op, diags, src.shape, dst.shape, &groups) {
        return;
    }
    let layout = if is_identity_layout(ctx, src.layout) {
        None
    } else {
        let Some((strides, offset)) = strides_and_offset(ctx, &src) else {
            op_error(ctx, op, diags, "invalid source layout map");
            return;
        };
        Some((expanded_strides(&strides, dst.shape, &groups), offset))
    };
    let layout_ref = layout.as_ref().map(|(s, o)| (s.as_slice(), *o));
    if src.elem != dst.elem || src.space != dst.space || !has_layout(ctx, &dst, layout_ref) {
        let expected = memref_type_text(ctx, dst.shape, src.elem, layout_ref, src.space);
        let got = quoted(ctx, result_type(ctx, op, 0));
        op_error(
            ctx,
            op,
            diags,
            format!("expected expanded type to be '{expected}' but found {got}"),
        );
        return;
    }
    let statics = dense_array(ctx, op, "static_output_shape").unwrap_or_default();
    if statics.len() != r1 {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "expected number of static shape bounds to be equal to the output rank ({r1}) but found {} inputs instead",
                statics.len()
            ),
        );
        return;
    }
    let dynamic = num_dynamic(&statics);
    let given = ctx.num_operands(op) - 1;
    if dynamic != given {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {given} values"
            ),
        );
        return;
    }
    if let Some(pos) = dst
        .shape
        .iter()
        .zip(&statics)
        .position(|(&s, &o)| s != DYNAMIC && s != o)
    {
        op_error(
            ctx,
            op,
            diags,
            format!("invalid output shape provided at pos {pos}"),
        );
    }
}

/// MLIR's `computeExpandedLayoutMap` strides.
fn expanded_strides(src_strides: &[i64], result_shape: &[i64], groups: &[Vec<i64>]) -> Vec<i64> {
    let mut reversed = Vec::with_capacity(result_shape.len());
    let mut shape_index = result_shape.len();
    for (group, &stride) in groups.iter().zip(src_strides).rev() {
        let mut current = stride;
        for _ in group {
            reversed.push(current);
            shape_index = shape_index.saturating_sub(1);
            current = sat_mul(current, result_shape.get(shape_index).copied().unwrap_or(1));
        }
    }
    let mut strides: Vec<i64> = reversed.into_iter().rev().collect();
    strides.resize(result_shape.len(), 1);
    strides
}

// ----- memref.view ----------------------------------------------------------------------------

fn parse_view(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    p.expect(TokKind::LSquare, "[")?;
    let shift = p.parse_operand()?;
    p.expect(TokKind::RSquare, "]")?;
    let sizes = parse_square_operands(p)?;
    let (src_ty, dst_ty) = parse_attrs_and_ranked_types(p, state, "to")?;
    state.operands.push(p.resolve_operand(&source, src_ty)?);
    resolve_indices_into(p, &[shift], &mut state.operands)?;
    resolve_indices_into(p, &sizes, &mut state.operands)?;
    state.result_types.push(dst_ty);
    Ok(())
}

fn print_view(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    print_first_operand(p, op);
    p.write("[");
    if let Some(&shift) = operands.get(1) {
        p.print_operand(shift);
    }
    p.write("][");
    p.print_operands(operands.get(2..).unwrap_or(&[]));
    p.write("]");
    p.print_optional_attr_dict(op, &[]);
    print_cast_types(p, op, "to");
}

fn verify_view(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let (src_ty, dst_ty) = (operand_type(ctx, op, 0), result_type(ctx, op, 0));
    let src = ranked(ctx, src_ty).filter(|m| {
        m.shape.len() == 1
            && matches!(
                ctx.type_data(m.elem),
                TypeData::Integer {
                    width: 8,
                    signedness: crate::types::Signedness::Signless
                }
            )
    });
    let Some(src) = src else {
        operand_kind_error(
            ctx,
            op,
            diags,
            0,
            "1D memref of 8-bit signless integer values",
        );
        return;
    };
    if !expect_index_operands(ctx, op, diags, 1..ctx.num_operands(op)) {
        return;
    }
    let Some(dst) = ranked(ctx, dst_ty) else {
        result_kind_error(ctx, op, diags, 0, "memref of any type values");
        return;
    };
    let loc = ctx.op_loc(op);
    let (s, d) = (quoted(ctx, src_ty), quoted(ctx, dst_ty));
    let msg = if !is_identity_layout(ctx, src.layout) {
        format!("unsupported map for base memref type {s}")
    } else if !is_identity_layout(ctx, dst.layout) {
        format!("unsupported map for result memref type {d}")
    } else if src.space != dst.space {
        format!(
            "different memory spaces specified for base memref type {s} and view memref type {d}"
        )
    } else {
        let (has, expected) = (ctx.num_operands(op) - 2, num_dynamic(dst.shape));
        if has != expected {
            op_error(
                ctx,
                op,
                diags,
                format!("incorrect number of dynamic sizes, has {has}, expected {expected}"),
            );
        }
        return;
    };
    diags.push(Diagnostic::error(loc, msg));
}

// ----- memref.dim / memref.rank ---------------------------------------------------------------

/// `%source, %index : T` with an `index` result (memref.dim; tensor.dim shares it).
pub(crate) fn parse_dim(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let source = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let index = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    state.operands.push(p.resolve_operand(&source, ty)?);
    resolve_indices_into(p, &[index], &mut state.operands)?;
    let index_ty = p.ctx.index_type();
    state.result_types.push(index_ty);
    Ok(())
}

pub(crate) fn print_dim(p: &mut OpPrinter<'_>, op: Op) {
    p.print_optional_attr_dict(op, &[]);
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    p.print_operands(&operands);
    p.write(" : ");
    if let Some(&m) = operands.first() {
        p.print_type(p.ctx.value_type(m));
    }
}

fn expect_index_result(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !matches!(ctx.type_data(result_type(ctx, op, 0)), TypeData::Index) {
        result_kind_error(ctx, op, diags, 0, "index");
    }
}

fn verify_dim(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let ok = match ctx.type_data(operand_type(ctx, op, 0)) {
        TypeData::MemRef { shape, .. } => !shape.is_empty(),
        TypeData::UnrankedMemRef { .. } => true,
        _ => false,
    };
    if !ok {
        operand_kind_error(
            ctx,
            op,
            diags,
            0,
            "unranked.memref of any type values or non-0-ranked.memref of any type values",
        );
        return;
    }
    if !matches!(ctx.type_data(operand_type(ctx, op, 1)), TypeData::Index) {
        operand_kind_error(ctx, op, diags, 1, "index");
        return;
    }
    expect_index_result(ctx, op, diags);
}

// ----- memref.reshape -------------------------------------------------------------------------

/// `%source(%shape) attr-dict : (source-type, shape-type) -> result-type`.
fn parse_reshape(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    let shape = p.parse_paren_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let at = p.cur_pos();
    let ty = p.parse_colon_type()?;
    let TypeData::Function { inputs, results } = p.ctx.type_data(ty).clone() else {
        return p.error_at(at, "expected function type");
    };
    let ([source_ty, shape_ty], [result_ty], [shape]) = (&inputs[..], &results[..], &shape[..])
    else {
        return p.error_at(at, "expected (source, shape) -> result types");
    };
    state.operands.push(p.resolve_operand(&source, *source_ty)?);
    state.operands.push(p.resolve_operand(shape, *shape_ty)?);
    state.result_types.push(*result_ty);
    Ok(())
}

fn print_reshape(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_vec(op);
    let [source, shape] = operands[..] else {
        return;
    };
    p.write(" ");
    p.print_operand(source);
    p.write("(");
    p.print_operand(shape);
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let inputs = [p.ctx.value_type(source), p.ctx.value_type(shape)];
    let results: Vec<Type> = p
        .ctx
        .results(op)
        .iter()
        .map(|&r| p.ctx.value_type(r))
        .collect();
    p.print_function_type(&inputs, &results);
}

fn verify_reshape(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let (source, shape, result) = (
        operand_type(ctx, op, 0),
        operand_type(ctx, op, 1),
        result_type(ctx, op, 0),
    );
    if elem_and_space(ctx, source).map(|e| e.0) != elem_and_space(ctx, result).map(|e| e.0) {
        op_error(
            ctx,
            op,
            diags,
            "element types of source and destination memref types should be the same",
        );
        return;
    }
    let shape_is_rank1 =
        matches!(ctx.type_data(shape), TypeData::MemRef { shape, .. } if shape.len() == 1);
    if !shape_is_rank1 {
        operand_kind_error(
            ctx,
            op,
            diags,
            1,
            "1D memref of signless integer or index values",
        );
    }
}

fn parse_rank(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let ty = p.parse_colon_type()?;
    state.operands.push(p.resolve_operand(&source, ty)?);
    let index_ty = p.ctx.index_type();
    state.result_types.push(index_ty);
    Ok(())
}

/// Reads nothing but the op's signature (name, operand and result types, attributes): the
/// verifier remembers its passes by signature (`verify/signature.rs` lists this op).
fn verify_rank(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !expect_memref_operand(ctx, op, diags, 0) {
        return;
    }
    expect_index_result(ctx, op, diags);
}

// ----- memref.extract_strided_metadata / extract_aligned_pointer_as_index --------------------

/// `$source : type($source) -> type(results) attr-dict`.
fn parse_source_arrow_results(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_any_memref(p, state)?;
    p.expect(TokKind::Arrow, "->")?;
    state.result_types = p.parse_type_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    state.operands.push(p.resolve_operand(&source, ty)?);
    Ok(())
}

fn print_source_arrow_results(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    print_first_operand(p, op);
    p.write(" : ");
    let ctx = p.ctx;
    if let Some(m) = ctx.operands(op).next() {
        p.print_type(ctx.value_type(m));
    }
    p.write(" -> ");
    p.print_value_types(ctx.results(op));
    p.print_optional_attr_dict(op, &[]);
}

fn strided_metadata_names(ctx: &Context, op: Op, names: &mut Vec<NameHint>) {
    let n = ctx.results(op).len();
    let rank = n.saturating_sub(2) / 2;
    names.push("base_buffer".into());
    if n > 1 {
        names.push("offset".into());
    }
    for group in ["sizes", "strides"] {
        for k in 0..rank {
            names.push(NameHint::Borrowed(if k == 0 { group } else { "" }));
        }
    }
}

/// Reads nothing but the op's signature (name, operand and result types, attributes): the
/// verifier remembers its passes by signature (`verify/signature.rs` lists this op).
fn verify_extract_strided_metadata(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let src_ty = operand_type(ctx, op, 0);
    let Some(src) = ranked(ctx, src_ty).filter(|m| has_strides_and_offset(ctx, m)) else {
        operand_kind_error(ctx, op, diags, 0, "strided memref of any type values");
        return;
    };
    let results = ctx.results(op);
    if results.len() < 2 {
        op_error(
            ctx,
            op,
            diags,
            format!("expected 2 or more results, but found {}", results.len()),
        );
        return;
    }
    let base_ok = matches!(ctx.type_data(result_type(ctx, op, 0)), TypeData::MemRef { shape, .. } if shape.is_empty());
    if !base_ok {
        result_kind_error(
            ctx,
            op,
            diags,
            0,
            "strided memref of any type values of rank 0",
        );
        return;
    }
    for i in 1..results.len() {
        if !matches!(ctx.type_data(result_type(ctx, op, i)), TypeData::Index) {
            result_kind_error(
                ctx,
                op,
                diags,
                i,
                if i == 1 { "index" } else { "variadic of index" },
            );
            return;
        }
    }
    let rank = src.shape.len();
    let base_matches = matches!(
        ctx.type_data(result_type(ctx, op, 0)),
        TypeData::MemRef { elem, layout: None, memory_space, .. } if *elem == src.elem && *memory_space == src.space
    );
    if results.len() != 2 + 2 * rank || !base_matches {
        let mut inferred = vec![format!(
            "'{}'",
            memref_type_text(ctx, &[], src.elem, None, src.space)
        )];
        inferred.extend(std::iter::repeat_n("'index'".to_string(), 1 + 2 * rank));
        let actual: Vec<String> = results
            .iter()
            .map(|&r| quoted(ctx, ctx.value_type(r)))
            .collect();
        op_error(
            ctx,
            op,
            diags,
            format!(
                "inferred type(s) {} are incompatible with return type(s) of operation {}",
                inferred.join(", "),
                actual.join(", ")
            ),
        );
    }
}

/// Reads nothing but the op's signature (name, operand and result types, attributes): the
/// verifier remembers its passes by signature (`verify/signature.rs` lists this op).
fn verify_extract_aligned_pointer(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !expect_memref_operand(ctx, op, diags, 0) {
        return;
    }
    expect_index_result(ctx, op, diags);
}

// ----- memref.global / memref.get_global ------------------------------------------------------

fn is_static_memref(ctx: &Context, ty: Type) -> bool {
    ranked(ctx, ty).is_some_and(|m| num_dynamic(m.shape) == 0)
}

fn parse_global(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    if p.tok_kind() == TokKind::String {
        let vis = p.parse_attribute()?;
        add_attr(p, state, "sym_visibility", vis);
    }
    if p.eat_keyword("constant") {
        let unit = p.ctx.unit_attr();
        add_attr(p, state, "constant", unit);
    }
    let name = p.parse_symbol_name_attr()?;
    add_attr(p, state, "sym_name", name);
    let ty = p.parse_colon_type()?;
    if !is_static_memref(p.ctx, ty) {
        let msg = format!(
            "custom op '{}' type should be static shaped memref, but got {}",
            op_name(p, state),
            quoted(p.ctx, ty)
        );
        return Err(Diagnostic::error(state.loc, msg));
    }
    let type_attr = p.ctx.type_attr(ty);
    add_attr(p, state, "type", type_attr);
    if p.eat(TokKind::Equal) {
        let value = if p.eat_keyword("uninitialized") {
            p.ctx.unit_attr()
        } else {
            let tensor = match ranked(p.ctx, ty) {
                Some(m) => p.ctx.ty(TypeData::Tensor {
                    shape: m.shape.to_vec(),
                    elem: m.elem,
                    encoding: None,
                }),
                None => ty,
            };
            let value = p.parse_attribute_of_type(tensor)?;
            if !matches!(p.ctx.attr_data(value), AttrData::DenseElements { .. }) {
                let msg = format!(
                    "custom op '{}' initial value should be a unit or elements attribute",
                    op_name(p, state)
                );
                return Err(Diagnostic::error(state.loc, msg));
            }
            value
        };
        add_attr(p, state, "initial_value", value);
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    Ok(())
}

fn print_global(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(vis) = ctx.get_attr(op, "sym_visibility") {
        p.print_attr(vis);
        p.write(" ");
    }
    if ctx.get_attr(op, "constant").is_some() {
        p.write("constant ");
    }
    p.print_symbol_name(str_attr(ctx, op, "sym_name").unwrap_or(""));
    p.write(" : ");
    if let Some(t) = ctx.get_attr(op, "type") {
        p.print_attr(t);
    }
    if let Some(init) = ctx.get_attr(op, "initial_value") {
        p.write(" = ");
        if matches!(ctx.attr_data(init), AttrData::Unit) {
            p.write("uninitialized");
        } else {
            p.print_attr_without_type(init);
        }
    }
    p.print_optional_attr_dict(
        op,
        &[
            "sym_name",
            "sym_visibility",
            "constant",
            "type",
            "initial_value",
        ],
    );
}

/// The memref type of a `memref.global`'s `type` attribute.
fn global_type(ctx: &Context, op: Op) -> Option<Type> {
    crate::dialects::syntax::type_attr(ctx, op, "type")
}

fn verify_global(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if str_attr(ctx, op, "sym_name").is_none() {
        op_error(ctx, op, diags, "requires attribute 'sym_name'");
        return;
    }
    let Some(ty) = global_type(ctx, op) else {
        op_error(ctx, op, diags, "requires attribute 'type'");
        return;
    };
    if let Some(a) = int_attr(ctx, op, "alignment")
        && (a <= 0 || a & (a - 1) != 0)
    {
        op_error(
            ctx,
            op,
            diags,
            "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0",
        );
        return;
    }
    let Some(m) = ranked(ctx, ty).filter(|m| num_dynamic(m.shape) == 0) else {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "type should be static shaped memref, but got {}",
                quoted(ctx, ty)
            ),
        );
        return;
    };
    let Some(init) = ctx.get_attr(op, "initial_value") else {
        return;
    };
    match ctx.attr_data(init) {
        AttrData::Unit => {}
        AttrData::DenseElements { ty: init_ty, .. } => {
            if let TypeData::Tensor { shape, elem, .. } = ctx.type_data(*init_ty) {
                if *elem != m.elem {
                    op_error(
                        ctx,
                        op,
                        diags,
                        format!(
                            "initial value element expected to be of type {}, but was of type {}",
                            quoted(ctx, m.elem),
                            quoted(ctx, *elem)
                        ),
                    );
                } else if *shape != m.shape {
                    let join =
                        |s: &[i64]| s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
                    op_error(
                        ctx,
                        op,
                        diags,
                        format!(
                            "initial value shape expected to be {} but was {}",
                            join(m.shape),
                            join(shape)
                        ),
                    );
                }
            }
        }
        _ => {
            let text = crate::asm::printer::attr_to_string(ctx, init);
            op_error(
                ctx,
                op,
                diags,
                format!("initial value should be a unit or elements attribute, but got {text}"),
            );
        }
    }
}

fn parse_get_global(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let name = p.parse_flat_symbol_ref_attr()?;
    add_attr(p, state, "name", name);
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_memref(p, state)?;
    state.result_types.push(ty);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    Ok(())
}

fn print_get_global(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    if let Some(name) = p.ctx.get_attr(op, "name") {
        p.print_attr(name);
    }
    p.write(" : ");
    if let Some(&r) = p.ctx.results(op).first() {
        p.print_type(p.ctx.value_type(r));
    }
    p.print_optional_attr_dict(op, &["name"]);
}

fn verify_get_global(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(name) = symbol_ref(ctx, op, "name") else {
        op_error(ctx, op, diags, "requires attribute 'name'");
        return;
    };
    let result = result_type(ctx, op, 0);
    if !is_static_memref(ctx, result) {
        result_kind_error(
            ctx,
            op,
            diags,
            0,
            "statically shaped memref of any type values",
        );
        return;
    }
    let global = lookup_symbol(ctx, op, name).filter(|&g| ctx.op_name_str(g) == "memref.global");
    let Some(global) = global else {
        op_error(
            ctx,
            op,
            diags,
            format!("'{name}' does not reference a valid global memref"),
        );
        return;
    };
    if let Some(ty) = global_type(ctx, global)
        && ty != result
    {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "result type {} does not match type {} of the global memref @{name}",
                quoted(ctx, result),
                quoted(ctx, ty)
            ),
        );
    }
}

// ----- memref.alloca_scope --------------------------------------------------------------------

fn parse_alloca_scope(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    if p.eat(TokKind::Arrow) {
        state.result_types = p.parse_function_result_types()?;
    }
    let region = p.parse_region(None)?;
    ensure_scope_terminator(p, state, region);
    state.regions.push(region);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    Ok(())
}

/// Adds the implicit `memref.alloca_scope.return` when the body does not end in a terminator.
fn ensure_scope_terminator(
    p: &mut OpParser<'_, '_>,
    state: &OpState,
    region: crate::entity::Region,
) {
    let block = match p.ctx.entry_block(region) {
        Some(b) => b,
        None => {
            let b = p.ctx.create_block();
            p.ctx.append_block(region, b);
            b
        }
    };
    let terminated = p
        .ctx
        .last_op(block)
        .is_some_and(|op| p.ctx.has_trait(op, Traits::TERMINATOR));
    if terminated {
        return;
    }
    if let Some(name) = p.ctx.registry.lookup("memref.alloca_scope.return") {
        let ret = p.ctx.create_op(OpState::new(name, state.loc));
        p.ctx.append_op(block, ret);
    }
}

fn print_alloca_scope(p: &mut OpPrinter<'_>, op: Op) {
    let results = p.ctx.results(op).to_vec();
    p.write(" ");
    if !results.is_empty() {
        p.write(" -> (");
        p.print_value_types(&results);
        p.write(")");
    }
    p.write(" ");
    if let Some(&region) = p.ctx.regions(op).first() {
        p.print_region(region, false, !results.is_empty());
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_alloca_scope(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let regions = ctx.regions(op);
    if regions.len() != 1 {
        op_error(ctx, op, diags, "requires 1 region");
    }
}

fn verify_scope_return(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(parent) = ctx.parent_op(op) else {
        return;
    };
    if ctx.op_name_str(parent) != "memref.alloca_scope" {
        op_error(ctx, op, diags, "expects parent op 'memref.alloca_scope'");
        return;
    }
    let results = ctx.results(parent);
    let operands = ctx.operand_array(op);
    if operands.len() != results.len() {
        op_error(
            ctx,
            parent,
            diags,
            format!(
                "along control flow edge from Region #0 to parent results: source has {} operands, but target successor needs {}",
                operands.len(),
                results.len()
            ),
        );
        return;
    }
    for (i, (&v, &r)) in operands.iter().zip(results).enumerate() {
        let (a, b) = (ctx.value_type(v), ctx.value_type(r));
        if a != b {
            op_error(
                ctx,
                parent,
                diags,
                format!(
                    "along control flow edge from Region #0 to parent results: source type #{i} {} should match input type #{i} {}",
                    quoted(ctx, a),
                    quoted(ctx, b)
                ),
            );
            return;
        }
    }
}

// ----- memref.atomic_rmw ----------------------------------------------------------------------

/// The `arith::AtomicRMWKind` keywords, by enum value.
const ATOMIC_KINDS: [&str; 16] = [
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf",
    "mins", "minu", "mulf", "muli", "ori", "xori",
];

fn parse_atomic_rmw(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let pos = p.cur_pos();
    let kind = p
        .parse_optional_keyword()
        .and_then(|k| ATOMIC_KINDS.iter().position(|&c| c == k));
    let Some(kind) = kind else {
        return p.error_at(pos, "expected valid keyword for atomic kind");
    };
    let i64_ty = p.ctx.int_type(64);
    let kind_attr = p.ctx.int_attr(kind as i128, i64_ty);
    add_attr(p, state, "kind", kind_attr);
    let value = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let memref = p.parse_operand()?;
    let indices = parse_square_operands(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    p.expect(TokKind::LParen, "(")?;
    let value_ty = p.parse_type()?;
    p.expect(TokKind::Comma, ",")?;
    let memref_ty = parse_ranked_memref(p, state)?;
    p.expect(TokKind::RParen, ")")?;
    p.expect(TokKind::Arrow, "->")?;
    let result_ty = p.parse_type()?;
    state.operands.push(p.resolve_operand(&value, value_ty)?);
    state.operands.push(p.resolve_operand(&memref, memref_ty)?);
    resolve_indices_into(p, &indices, &mut state.operands)?;
    state.result_types.push(result_ty);
    Ok(())
}

/// The keyword of a `memref.atomic_rmw`'s `kind` (`addf`, `maxs`, ...), if it is valid.
pub fn atomic_kind(ctx: &Context, op: Op) -> Option<&'static str> {
    let k = int_attr(ctx, op, "kind")?;
    ATOMIC_KINDS.get(usize::try_from(k).ok()?).copied()
}

fn print_atomic_rmw(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    let Some((&value, rest)) = operands.split_first() else {
        return;
    };
    p.write(" ");
    p.write(atomic_kind(p.ctx, op).unwrap_or("<<invalid kind>>"));
    p.write(" ");
    p.print_operand(value);
    p.write(", ");
    print_memref_and_indices(p, rest.iter().copied());
    p.print_optional_attr_dict(op, &["kind"]);
    p.write(" : (");
    p.print_type(p.ctx.value_type(value));
    p.write(", ");
    if let Some(&m) = rest.first() {
        p.print_type(p.ctx.value_type(m));
    }
    p.write(") -> ");
    if let Some(&r) = p.ctx.results(op).first() {
        p.print_type(p.ctx.value_type(r));
    }
}

fn verify_atomic_rmw(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(kind) = atomic_kind(ctx, op) else {
        op_error(ctx, op, diags, "requires attribute 'kind'");
        return;
    };
    let Some(m) = ranked(ctx, operand_type(ctx, op, 1)) else {
        operand_kind_error(
            ctx,
            op,
            diags,
            1,
            "memref of signless integer or floating-point values",
        );
        return;
    };
    if !expect_index_operands(ctx, op, diags, 2..ctx.num_operands(op)) {
        return;
    }
    let value_ty = operand_type(ctx, op, 0);
    if value_ty != m.elem {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that value type matches element type of memref",
        );
        return;
    }
    if result_type(ctx, op, 0) != value_ty {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that result type matches value type",
        );
        return;
    }
    if m.shape.len() != ctx.num_operands(op) - 2 {
        op_error(
            ctx,
            op,
            diags,
            "expects the number of subscripts to be equal to memref rank",
        );
        return;
    }
    let is_float = matches!(ctx.type_data(value_ty), TypeData::Float(_));
    let is_int = matches!(ctx.type_data(value_ty), TypeData::Integer { .. });
    let wants_float = matches!(
        kind,
        "addf" | "maximumf" | "maxnumf" | "minimumf" | "minnumf" | "mulf"
    );
    if kind != "assign" && wants_float && !is_float {
        op_error(
            ctx,
            op,
            diags,
            format!("with kind '{kind}' expects a floating-point type"),
        );
    } else if kind != "assign" && !wants_float && !is_int {
        op_error(
            ctx,
            op,
            diags,
            format!("with kind '{kind}' expects an integer type"),
        );
    }
}

// ----- memref.transpose -----------------------------------------------------------------------

/// Registers `memref.transpose`: a view permuting the dimensions of its source, written
/// `memref.transpose %m (d0, d1) -> (d1, d0) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>`.
pub fn register_transpose(reg: &mut Registry) {
    declare_ops! { reg;
        "memref.transpose" {
            traits: [VIEW_LIKE, PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            attrs: ["permutation"],
            syntax: parse_transpose, print_transpose,
            verify: verify_transpose,
            view_source: 0,
            hint: "transpose",
        }
    }
}

fn parse_transpose(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    let map = p.parse_affine_map()?;
    let attr = p.ctx.attr(AttrData::AffineMap(map));
    add_attr(p, state, "permutation", attr);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let src_ty = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let dst_ty = p.parse_type()?;
    state.operands.push(p.resolve_operand(&source, src_ty)?);
    state.result_types.push(dst_ty);
    Ok(())
}

fn print_transpose(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    p.print_operand(p.ctx.operand(op, 0));
    p.write(" ");
    if let Some(AttrData::AffineMap(map)) = p
        .ctx
        .get_attr(op, "permutation")
        .map(|a| p.ctx.attr_data(a))
    {
        p.write(&crate::asm::printer::affine_map_text(map));
    }
    p.print_optional_attr_dict(op, &["permutation"]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(p.ctx.operand(op, 0)));
    p.write(" to ");
    p.print_type(p.ctx.value_type(p.ctx.result(op, 0)));
}

fn verify_transpose(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if ctx.num_operands(op) != 1 || ctx.results(op).len() != 1 {
        op_error(ctx, op, diags, "expected 1 operand and 1 result");
        return;
    }
    let Some(AttrData::AffineMap(map)) = ctx.get_attr(op, "permutation").map(|a| ctx.attr_data(a))
    else {
        op_error(ctx, op, diags, "requires attribute 'permutation'");
        return;
    };
    let rank = match ctx.type_data(ctx.value_type(ctx.operand(op, 0))) {
        crate::types::TypeData::MemRef { shape, .. } => shape.len(),
        _ => {
            op_error(
                ctx,
                op,
                diags,
                "operand #0 must be strided memref of any type values",
            );
            return;
        }
    };
    let mut seen = vec![false; rank];
    let is_permutation = map.num_dims as usize == rank
        && map.results.len() == rank
        && map.results.iter().all(|e| match e {
            crate::attrs::AffineExpr::Dim(d) if (*d as usize) < rank && !seen[*d as usize] => {
                seen[*d as usize] = true;
                true
            }
            _ => false,
        });
    if !is_permutation {
        op_error(ctx, op, diags, "expected a permutation map");
    }
}
