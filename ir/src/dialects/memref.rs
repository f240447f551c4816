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

use smallvec::{SmallVec, smallvec};

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult, UnresolvedOperand};
use crate::asm::printer::OpPrinter;
use crate::attrs::{AffineExpr, AttrData};
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{
    add_attr, dense_array, int_attr, lookup_symbol, op_error, segment_values, segments,
    set_segments, str_attr, symbol_ref, type_str,
};
use crate::entity::{Attr, Op, Type, Value};
use crate::registry::{
    EffectKind, EffectOn, Effects, MemoryEffect, OpDef, RegionBranch, RegionEdge, RegionPoint,
    Registry, Resource, Traits,
};
use crate::types::{DYNAMIC, TypeData};

/// Registers the memref ops.
pub fn register(reg: &mut Registry) {
    register_allocation_ops(reg);
    register_access_ops(reg);
    register_view_ops(reg);
    register_metadata_ops(reg);
    register_global_ops(reg);
    register_scope_ops(reg);
    register_atomic_ops(reg);
}

// ----- registration ---------------------------------------------------------------------------

fn register_allocation_ops(reg: &mut Registry) {
    for (name, resource, hint) in [
        ("memref.alloc", Resource::Default, "alloc"),
        ("memref.alloca", Resource::AutomaticAllocationScope, "alloca"),
    ] {
        let mut def = OpDef::new(name);
        def.traits = Traits::ALLOCATION_LIKE;
        def.inherent_attrs = &["alignment", "operandSegmentSizes"];
        def.effects = Some(match resource {
            Resource::Default => |_, _| known(&[effect(EffectKind::Allocate, EffectOn::Result(0))]),
            Resource::AutomaticAllocationScope => |_, _| {
                known(&[MemoryEffect {
                    kind: EffectKind::Allocate,
                    on: EffectOn::Result(0),
                    resource: Resource::AutomaticAllocationScope,
                }])
            },
        });
        def.parse = Some(parse_alloc);
        def.print = Some(print_alloc);
        def.verify = Some(match resource {
            Resource::Default => verify_alloc,
            Resource::AutomaticAllocationScope => verify_alloca,
        });
        def.name_hint = Some(match resource {
            Resource::Default => |_, _, n| n.push("alloc".into()),
            Resource::AutomaticAllocationScope => |_, _, n| n.push("alloca".into()),
        });
        let _ = hint;
        reg.register(def);
    }

    let mut dealloc = OpDef::new("memref.dealloc");
    dealloc.effects = Some(|_, _| known(&[effect(EffectKind::Free, EffectOn::Operand(0))]));
    dealloc.parse = Some(parse_dealloc);
    dealloc.print = Some(print_dealloc);
    dealloc.verify = Some(verify_dealloc);
    reg.register(dealloc);

    let mut realloc = OpDef::new("memref.realloc");
    realloc.inherent_attrs = &["alignment"];
    // As in MLIR: the source is freed (stage 0), then the result allocated (stage 1).
    realloc.effects = Some(|_, _| {
        known(&[
            effect(EffectKind::Free, EffectOn::Operand(0)),
            effect(EffectKind::Allocate, EffectOn::Result(0)),
        ])
    });
    realloc.parse = Some(parse_realloc);
    realloc.print = Some(print_realloc);
    realloc.verify = Some(verify_realloc);
    reg.register(realloc);
}

fn register_access_ops(reg: &mut Registry) {
    let mut load = OpDef::new("memref.load");
    load.inherent_attrs = &["alignment", "nontemporal"];
    load.effects = Some(|_, _| known(&[effect(EffectKind::Read, EffectOn::Operand(0))]));
    load.parse = Some(parse_load);
    load.print = Some(print_load);
    load.verify = Some(verify_load);
    reg.register(load);

    let mut store = OpDef::new("memref.store");
    store.inherent_attrs = &["alignment", "nontemporal"];
    store.effects = Some(|_, _| known(&[effect(EffectKind::Write, EffectOn::Operand(1))]));
    store.parse = Some(parse_store);
    store.print = Some(print_store);
    store.verify = Some(verify_store);
    reg.register(store);

    let mut copy = OpDef::new("memref.copy");
    copy.effects = Some(|_, _| {
        known(&[
            effect(EffectKind::Read, EffectOn::Operand(0)),
            effect(EffectKind::Write, EffectOn::Operand(1)),
        ])
    });
    copy.parse = Some(parse_copy);
    copy.print = Some(print_copy);
    copy.verify = Some(verify_copy);
    reg.register(copy);
}

fn view_def(name: &str) -> OpDef {
    let mut def = OpDef::new(name);
    def.traits = Traits::VIEW_LIKE | Traits::PURE;
    def.view_source = Some(|ctx, op| ctx.operand(op, 0));
    def
}

fn register_view_ops(reg: &mut Registry) {
    let mut subview = view_def("memref.subview");
    subview.inherent_attrs =
        &["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"];
    subview.parse = Some(parse_subview);
    subview.print = Some(print_subview);
    subview.verify = Some(verify_subview);
    subview.name_hint = Some(|_, _, n| n.push("subview".into()));
    reg.register(subview);

    let mut cast = view_def("memref.cast");
    cast.parse = Some(parse_cast);
    cast.print = Some(print_cast);
    cast.verify = Some(verify_cast);
    cast.name_hint = Some(|_, _, n| n.push("cast".into()));
    reg.register(cast);

    let mut space_cast = view_def("memref.memory_space_cast");
    space_cast.parse = Some(parse_cast);
    space_cast.print = Some(print_cast);
    space_cast.verify = Some(verify_memory_space_cast);
    space_cast.name_hint = Some(|_, _, n| n.push("memspacecast".into()));
    reg.register(space_cast);

    let mut reinterpret = view_def("memref.reinterpret_cast");
    reinterpret.inherent_attrs =
        &["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"];
    reinterpret.parse = Some(parse_reinterpret_cast);
    reinterpret.print = Some(print_reinterpret_cast);
    reinterpret.verify = Some(verify_reinterpret_cast);
    reinterpret.name_hint = Some(|_, _, n| n.push("reinterpret_cast".into()));
    reg.register(reinterpret);

    let mut expand = view_def("memref.expand_shape");
    expand.inherent_attrs = &["reassociation", "static_output_shape"];
    expand.parse = Some(parse_expand_shape);
    expand.print = Some(print_expand_shape);
    expand.verify = Some(verify_expand_shape);
    expand.name_hint = Some(|_, _, n| n.push("expand_shape".into()));
    reg.register(expand);

    let mut collapse = view_def("memref.collapse_shape");
    collapse.inherent_attrs = &["reassociation"];
    collapse.parse = Some(parse_collapse_shape);
    collapse.print = Some(print_collapse_shape);
    collapse.verify = Some(verify_collapse_shape);
    collapse.name_hint = Some(|_, _, n| n.push("collapse_shape".into()));
    reg.register(collapse);

    let mut view = view_def("memref.view");
    view.parse = Some(parse_view);
    view.print = Some(print_view);
    view.verify = Some(verify_view);
    view.name_hint = Some(|_, _, n| n.push("view".into()));
    reg.register(view);
}

fn register_metadata_ops(reg: &mut Registry) {
    let mut dim = OpDef::new("memref.dim");
    dim.traits = Traits::PURE;
    dim.parse = Some(parse_dim);
    dim.print = Some(print_dim);
    dim.verify = Some(verify_dim);
    dim.name_hint = Some(|_, _, n| n.push("dim".into()));
    reg.register(dim);

    let mut rank = OpDef::new("memref.rank");
    rank.traits = Traits::PURE;
    rank.parse = Some(parse_rank);
    rank.print = Some(print_rank);
    rank.verify = Some(verify_rank);
    reg.register(rank);

    // Pure; its `base_buffer` result aliases the source, but (as in MLIR) it is not a view op.
    let mut metadata = OpDef::new("memref.extract_strided_metadata");
    metadata.traits = Traits::PURE;
    metadata.parse = Some(parse_source_arrow_results);
    metadata.print = Some(print_source_arrow_results);
    metadata.verify = Some(verify_extract_strided_metadata);
    metadata.name_hint = Some(strided_metadata_names);
    reg.register(metadata);

    let mut pointer = OpDef::new("memref.extract_aligned_pointer_as_index");
    pointer.traits = Traits::PURE;
    pointer.parse = Some(parse_source_arrow_results);
    pointer.print = Some(print_source_arrow_results);
    pointer.verify = Some(verify_extract_aligned_pointer);
    pointer.name_hint = Some(|_, _, n| n.push("intptr".into()));
    reg.register(pointer);
}

fn register_global_ops(reg: &mut Registry) {
    let mut global = OpDef::new("memref.global");
    global.traits = Traits::SYMBOL;
    global.inherent_attrs = &[
        "alignment",
        "constant",
        "initial_value",
        "sym_name",
        "sym_visibility",
        "type",
    ];
    global.effects = Some(|_, _| known(&[]));
    global.parse = Some(parse_global);
    global.print = Some(print_global);
    global.verify = Some(verify_global);
    reg.register(global);

    let mut get_global = OpDef::new("memref.get_global");
    get_global.traits = Traits::PURE;
    get_global.inherent_attrs = &["name"];
    get_global.parse = Some(parse_get_global);
    get_global.print = Some(print_get_global);
    get_global.verify = Some(verify_get_global);
    reg.register(get_global);
}

fn register_scope_ops(reg: &mut Registry) {
    let mut scope = OpDef::new("memref.alloca_scope");
    scope.traits = Traits::AUTOMATIC_ALLOCATION_SCOPE
        | Traits::RECURSIVE_MEMORY_EFFECTS
        | Traits::SINGLE_BLOCK;
    scope.region_branch = Some(RegionBranch {
        entry: |_, _| smallvec![RegionEdge { to: RegionPoint::Region(0), operands: 0..0, inputs: 0..0 }],
        from_region: |ctx, op, _, term| {
            let n = ctx.num_operands(term);
            smallvec![RegionEdge {
                to: RegionPoint::Parent,
                operands: 0..n,
                inputs: 0..ctx.results(op).len(),
            }]
        },
    });
    scope.parse = Some(parse_alloca_scope);
    scope.print = Some(print_alloca_scope);
    scope.verify = Some(verify_alloca_scope);
    reg.register(scope);

    let mut ret = OpDef::new("memref.alloca_scope.return");
    ret.traits = Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE;
    ret.parse = Some(parse_scope_return);
    ret.print = Some(print_scope_return);
    ret.verify = Some(verify_scope_return);
    reg.register(ret);
}

fn register_atomic_ops(reg: &mut Registry) {
    let mut rmw = OpDef::new("memref.atomic_rmw");
    rmw.inherent_attrs = &["kind"];
    rmw.effects = Some(|_, _| {
        known(&[
            effect(EffectKind::Read, EffectOn::Operand(1)),
            effect(EffectKind::Write, EffectOn::Operand(1)),
        ])
    });
    rmw.parse = Some(parse_atomic_rmw);
    rmw.print = Some(print_atomic_rmw);
    rmw.verify = Some(verify_atomic_rmw);
    reg.register(rmw);
}

// ----- effects --------------------------------------------------------------------------------

fn effect(kind: EffectKind, on: EffectOn) -> MemoryEffect {
    MemoryEffect { kind, on, resource: Resource::Default }
}

fn known(effects: &[MemoryEffect]) -> Effects {
    Effects::Known(SmallVec::from_slice(effects))
}
