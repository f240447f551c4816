//! `expand-realloc`: rewrites `memref.realloc` into its components, as MLIR 22's
//! `ExpandReallocOpPattern` does:
//!
//! ```mlir
//! %cur = memref.dim %src, %c0            // or a constant for a static source
//! %grow = arith.cmpi ult, %cur, %new
//! %r = scf.if %grow -> (memref<?xf32>) {
//!   %alloc = memref.alloc(%new) : memref<?xf32>        // keeps `alignment`
//!   %subview = memref.subview %alloc[0] [%cur] [1]
//!   memref.copy %src, %subview
//!   memref.dealloc %src                              // only with `emit-deallocs`
//!   scf.yield %alloc
//! } else {
//!   %rc = memref.reinterpret_cast %src to offset: [0], sizes: [%new], strides: [1]
//!   scf.yield %rc
//! }
//! ```
//!
//! When both sizes are static, only the branch that runs is emitted, without `scf.if` (MLIR 22
//! emits both, and for a shrinking realloc the copy's subview is out of bounds, which fails
//! verification).
//!
//! Only rank-1 memrefs with the identity layout can be reallocated (the op's verifier
//! guarantees it); an op that does not have that shape is reported instead of expanded.

use ir::{
    AttrData, Context, DYNAMIC, Diagnostic, Loc, Op, OpName, OpState, Region, Type, TypeData, Value,
};

/// Options of `expand-realloc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpandReallocOptions {
    /// Free the old buffer after copying (`emit-deallocs`, default true).
    pub emit_deallocs: bool,
}

impl Default for ExpandReallocOptions {
    fn default() -> Self {
        ExpandReallocOptions {
            emit_deallocs: true,
        }
    }
}

/// `arith.cmpi` predicate number of `ult`.
const CMPI_ULT: i128 = 6;

/// The ops the expansion creates.
struct Names {
    constant: OpName,
    dim: OpName,
    cmpi: OpName,
    scf_if: OpName,
    scf_yield: OpName,
    alloc: OpName,
    subview: OpName,
    copy: OpName,
    dealloc: OpName,
    reinterpret: OpName,
}

impl Names {
    fn lookup(ctx: &Context) -> Option<Names> {
        let r = &ctx.registry;
        Some(Names {
            constant: r.lookup("arith.constant")?,
            dim: r.lookup("memref.dim")?,
            cmpi: r.lookup("arith.cmpi")?,
            scf_if: r.lookup("scf.if")?,
            scf_yield: r.lookup("scf.yield")?,
            alloc: r.lookup("memref.alloc")?,
            subview: r.lookup("memref.subview")?,
            copy: r.lookup("memref.copy")?,
            dealloc: r.lookup("memref.dealloc")?,
            reinterpret: r.lookup("memref.reinterpret_cast")?,
        })
    }
}

/// Expands every `memref.realloc` nested in `root`.
pub fn expand_realloc(
    ctx: &mut Context,
    root: Op,
    options: &ExpandReallocOptions,
) -> Result<(), Vec<Diagnostic>> {
    let Some(realloc) = ctx.registry.lookup("memref.realloc") else {
        return Ok(());
    };
    let reallocs: Vec<Op> = ctx
        .walk_preorder(root)
        .into_iter()
        .filter(|&op| ctx.op_name(op) == realloc)
        .collect();
    if reallocs.is_empty() {
        return Ok(());
    }
    let Some(names) = Names::lookup(ctx) else {
        return Err(vec![Diagnostic::error(
            ctx.op_loc(root),
            "the dialects expand-realloc emits are not registered",
        )]);
    };
    let mut errors = Vec::new();
    for op in reallocs {
        let loc = ctx.op_loc(op);
        let mut expander = Expander {
            ctx,
            names: &names,
            loc,
            anchor: op,
        };
        if let Err(d) = expander.expand(options) {
            errors.push(d);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A static size or a runtime `index` value (MLIR's `OpFoldResult`).
#[derive(Clone, Copy)]
enum Size {
    Static(i64),
    Dynamic(Value),
}

/// Expands one `memref.realloc`.
struct Expander<'a> {
    ctx: &'a mut Context,
    names: &'a Names,
    loc: Loc,
    /// The realloc: new ops outside the `scf.if` go right before it.
    anchor: Op,
}

/// The pieces of a rank-1 identity-layout memref type.
struct Rank1 {
    size: i64,
    elem: Type,
    memory_space: Option<ir::Attr>,
}

fn rank1(ctx: &Context, ty: Type) -> Option<Rank1> {
    match ctx.type_data(ty) {
        TypeData::MemRef {
            shape,
            elem,
            layout: None,
            memory_space,
        } if shape.len() == 1 => Some(Rank1 {
            size: shape[0],
            elem: *elem,
            memory_space: *memory_space,
        }),
        _ => None,
    }
}

impl Expander<'_> {
    fn expand(&mut self, options: &ExpandReallocOptions) -> Result<(), Diagnostic> {
        let op = self.anchor;
        let loc = self.loc;
        let unsupported = || {
            Diagnostic::error(
                loc,
                "'memref.realloc' op cannot be expanded: expected a rank-1 memref with identity layout",
            )
        };
        if self.ctx.num_operands(op) == 0 || self.ctx.results(op).len() != 1 {
            return Err(unsupported());
        }
        let source = self.ctx.operand(op, 0);
        let result_ty = self.ctx.value_type(self.ctx.result(op, 0));
        let (Some(src), Some(dst)) = (
            rank1(self.ctx, self.ctx.value_type(source)),
            rank1(self.ctx, result_ty),
        ) else {
            return Err(unsupported());
        };
        let dynamic_size = (self.ctx.num_operands(op) > 1).then(|| self.ctx.operand(op, 1));
        let alignment = self.ctx.get_attr(op, "alignment");

        // The current size: a constant, or `memref.dim %src, %c0`.
        let cur = if src.size == DYNAMIC {
            let c0 = self.index_const(0);
            let index = self.index();
            let dim = self.build(self.names.dim, &[source, c0], &[index], Vec::new());
            Size::Dynamic(self.ctx.result(dim, 0))
        } else {
            Size::Static(src.size)
        };
        let target = match (dst.size == DYNAMIC, dynamic_size) {
            (true, Some(v)) => Size::Dynamic(v),
            (false, _) => Size::Static(dst.size),
            (true, None) => return Err(unsupported()),
        };
        if let (Size::Static(old), Size::Static(new)) = (cur, target) {
            // Both sizes known: expand only the branch that runs. (MLIR 22 builds both, and
            // the copy's subview of a shrinking realloc is out of bounds: invalid IR.)
            let region = if old < new {
                self.grow_region(source, result_ty, &src, None, cur, alignment, options)
            } else {
                self.shrink_region(source, result_ty, target)
            };
            let value = self.inline_before_anchor(region);
            self.ctx
                .replace_all_uses_with(self.ctx.result(op, 0), value);
            self.ctx.erase_op(op);
            return Ok(());
        }
        let lhs = self.materialize(cur);
        let rhs = self.materialize(target);
        let i1 = self.ctx.i1_type();
        let i64t = self.ctx.int_type(64);
        let predicate = self.ctx.int_attr(CMPI_ULT, i64t);
        let cmp = self.build(
            self.names.cmpi,
            &[lhs, rhs],
            &[i1],
            vec![("predicate", predicate)],
        );
        let cond = self.ctx.result(cmp, 0);

        let then_region = self.grow_region(
            source,
            result_ty,
            &src,
            dynamic_size,
            cur,
            alignment,
            options,
        );
        let else_region = self.shrink_region(source, result_ty, target);
        let if_op = self.make_op(
            self.names.scf_if,
            &[cond],
            &[result_ty],
            Vec::new(),
            vec![then_region, else_region],
        );
        self.ctx.insert_op_before(op, if_op);
        let replacement = self.ctx.result(if_op, 0);
        self.ctx
            .replace_all_uses_with(self.ctx.result(op, 0), replacement);
        self.ctx.erase_op(op);
        Ok(())
    }

    /// The then region: allocate, copy the old contents into a subview, free, yield.
    #[allow(clippy::too_many_arguments)]
    fn grow_region(
        &mut self,
        source: Value,
        result_ty: Type,
        src: &Rank1,
        dynamic_size: Option<Value>,
        cur: Size,
        alignment: Option<ir::Attr>,
        options: &ExpandReallocOptions,
    ) -> Region {
        let (region, block) = self.new_region();
        let dyn_sizes: Vec<Value> = dynamic_size.into_iter().collect();
        let segments = self.ctx.dense_i32_array(&[dyn_sizes.len() as i32, 0]);
        let mut attrs = vec![("operandSegmentSizes", segments)];
        if let Some(a) = alignment {
            attrs.push(("alignment", a));
        }
        let alloc = self.make_op(
            self.names.alloc,
            &dyn_sizes,
            &[result_ty],
            attrs,
            Vec::new(),
        );
        self.ctx.append_op(block, alloc);
        let new_buffer = self.ctx.result(alloc, 0);

        let (view_size, view_operands) = match cur {
            Size::Static(n) => (n, vec![new_buffer]),
            Size::Dynamic(v) => (DYNAMIC, vec![new_buffer, v]),
        };
        let strided = self.ctx.attr(AttrData::Strided {
            strides: vec![1],
            offset: 0,
        });
        let view_ty = self.ctx.ty(TypeData::MemRef {
            shape: vec![view_size],
            elem: src.elem,
            layout: Some(strided),
            memory_space: src.memory_space,
        });
        let attrs = self.offset_size_stride_attrs(view_size, view_operands.len() - 1);
        let subview = self.make_op(
            self.names.subview,
            &view_operands,
            &[view_ty],
            attrs,
            Vec::new(),
        );
        self.ctx.append_op(block, subview);
        let view = self.ctx.result(subview, 0);

        let copy = self.make_op(
            self.names.copy,
            &[source, view],
            &[],
            Vec::new(),
            Vec::new(),
        );
        self.ctx.append_op(block, copy);
        if options.emit_deallocs {
            let free = self.make_op(self.names.dealloc, &[source], &[], Vec::new(), Vec::new());
            self.ctx.append_op(block, free);
        }
        let y = self.make_op(
            self.names.scf_yield,
            &[new_buffer],
            &[],
            Vec::new(),
            Vec::new(),
        );
        self.ctx.append_op(block, y);
        region
    }

    /// The else region: the old buffer, reinterpreted with the new size.
    fn shrink_region(&mut self, source: Value, result_ty: Type, target: Size) -> Region {
        let (region, block) = self.new_region();
        let (size, operands) = match target {
            Size::Static(n) => (n, vec![source]),
            Size::Dynamic(v) => (DYNAMIC, vec![source, v]),
        };
        let attrs = self.offset_size_stride_attrs(size, operands.len() - 1);
        let cast = self.make_op(
            self.names.reinterpret,
            &operands,
            &[result_ty],
            attrs,
            Vec::new(),
        );
        self.ctx.append_op(block, cast);
        let casted = self.ctx.result(cast, 0);
        let y = self.make_op(self.names.scf_yield, &[casted], &[], Vec::new(), Vec::new());
        self.ctx.append_op(block, y);
        region
    }

    /// Moves the ops of a single-block region built by [`Self::grow_region`] or
    /// [`Self::shrink_region`] before the realloc; returns the value its `scf.yield` yielded.
    fn inline_before_anchor(&mut self, region: Region) -> Value {
        let block = self
            .ctx
            .entry_block(region)
            .expect("expansion regions have a block");
        let ops: Vec<Op> = self.ctx.block_ops(block).collect();
        let (&terminator, body) = ops.split_last().expect("expansion regions end in a yield");
        for &op in body {
            self.ctx.move_op_before(op, self.anchor);
        }
        let yielded = self.ctx.operand(terminator, 0);
        self.ctx.erase_op(terminator);
        yielded
    }

    /// Offsets `[0]`, sizes `[size]`, strides `[1]` with `dynamic_sizes` size operands.
    fn offset_size_stride_attrs(
        &mut self,
        size: i64,
        dynamic_sizes: usize,
    ) -> Vec<(&'static str, ir::Attr)> {
        vec![
            (
                "operandSegmentSizes",
                self.ctx.dense_i32_array(&[1, 0, dynamic_sizes as i32, 0]),
            ),
            ("static_offsets", self.ctx.dense_i64_array(&[0])),
            ("static_sizes", self.ctx.dense_i64_array(&[size])),
            ("static_strides", self.ctx.dense_i64_array(&[1])),
        ]
    }

    fn materialize(&mut self, size: Size) -> Value {
        match size {
            Size::Static(n) => self.index_const(n),
            Size::Dynamic(v) => v,
        }
    }

    fn index(&mut self) -> Type {
        self.ctx.index_type()
    }

    fn index_const(&mut self, n: i64) -> Value {
        let ty = self.index();
        let attr = self.ctx.int_attr(i128::from(n), ty);
        let op = self.build(self.names.constant, &[], &[ty], vec![("value", attr)]);
        self.ctx.result(op, 0)
    }

    fn new_region(&mut self) -> (Region, ir::Block) {
        let region = self.ctx.create_region();
        let block = self.ctx.create_block();
        self.ctx.append_block(region, block);
        (region, block)
    }

    /// Creates an op before the realloc.
    fn build(
        &mut self,
        name: OpName,
        operands: &[Value],
        types: &[Type],
        attrs: Vec<(&str, ir::Attr)>,
    ) -> Op {
        let op = self.make_op(name, operands, types, attrs, Vec::new());
        self.ctx.insert_op_before(self.anchor, op);
        op
    }

    fn make_op(
        &mut self,
        name: OpName,
        operands: &[Value],
        types: &[Type],
        attrs: Vec<(&str, ir::Attr)>,
        regions: Vec<Region>,
    ) -> Op {
        let mut state = OpState::new(name, self.loc);
        state.operands = operands.to_vec();
        state.result_types = types.to_vec();
        state.attrs = attrs
            .into_iter()
            .map(|(n, a)| (self.ctx.sym(n), a))
            .collect();
        state.regions = regions;
        self.ctx.create_op(state)
    }
}
