//! A small op emitter: creates ops of the dialects the lowering targets at an insertion point.
//!
//! The op names used here are the ops this crate lowers *to* (`memref`, `arith`, `scf`,
//! `func`); they are looked up in the registry and fall back to unregistered placeholders, so
//! construction never panics.

use ir::{Attr, Block, Context, Loc, Op, OpState, Region, Type, TypeData, Value};

/// Where new ops go.
#[derive(Clone, Copy)]
pub(crate) enum At {
    /// Right before this op.
    Before(Op),
    /// At the end of this block.
    End(Block),
}

/// Creates ops at an insertion point with one location.
pub(crate) struct Emitter<'c> {
    pub(crate) ctx: &'c mut Context,
    pub(crate) at: At,
    pub(crate) loc: Loc,
}

/// `arith.cmpi` predicates used here.
#[derive(Clone, Copy)]
pub(crate) enum Cmp {
    Eq = 0,
    Ne = 1,
}

impl<'c> Emitter<'c> {
    pub(crate) fn before(ctx: &'c mut Context, op: Op) -> Self {
        let loc = ctx.op_loc(op);
        Emitter {
            ctx,
            at: At::Before(op),
            loc,
        }
    }

    /// Creates and inserts an op.
    pub(crate) fn op(
        &mut self,
        name: &str,
        operands: &[Value],
        types: &[Type],
        attrs: &[(&str, Attr)],
        regions: Vec<Region>,
    ) -> Op {
        let op_name = self.ctx.registry.get_or_unregistered(name);
        let mut state = OpState::new(op_name, self.loc);
        state.operands = operands.to_vec();
        state.result_types = types.to_vec();
        state.attrs = attrs.iter().map(|(n, a)| (self.ctx.sym(n), *a)).collect();
        state.regions = regions;
        let op = self.ctx.create_op(state);
        match self.at {
            At::Before(anchor) => self.ctx.insert_op_before(anchor, op),
            At::End(block) => self.ctx.append_op(block, op),
        }
        op
    }

    /// Creates an op with one result and returns it.
    pub(crate) fn value(&mut self, name: &str, operands: &[Value], ty: Type) -> Value {
        let op = self.op(name, operands, &[ty], &[], Vec::new());
        self.ctx.result(op, 0)
    }

    pub(crate) fn i1(&mut self) -> Type {
        self.ctx.i1_type()
    }

    pub(crate) fn index(&mut self) -> Type {
        self.ctx.index_type()
    }

    pub(crate) fn const_index(&mut self, v: i64) -> Value {
        let ty = self.index();
        let attr = self.ctx.int_attr(i128::from(v), ty);
        let op = self.op("arith.constant", &[], &[ty], &[("value", attr)], Vec::new());
        self.ctx.result(op, 0)
    }

    pub(crate) fn const_bool(&mut self, v: bool) -> Value {
        let ty = self.i1();
        let attr = self.ctx.int_attr(i128::from(v), ty);
        let op = self.op("arith.constant", &[], &[ty], &[("value", attr)], Vec::new());
        self.ctx.result(op, 0)
    }

    pub(crate) fn cmpi(&mut self, pred: Cmp, a: Value, b: Value) -> Value {
        let i64t = self.ctx.int_type(64);
        let p = self.ctx.int_attr(pred as i128, i64t);
        let i1 = self.i1();
        let op = self.op(
            "arith.cmpi",
            &[a, b],
            &[i1],
            &[("predicate", p)],
            Vec::new(),
        );
        self.ctx.result(op, 0)
    }

    pub(crate) fn andi(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ctx.value_type(a);
        self.value("arith.andi", &[a, b], ty)
    }

    pub(crate) fn ori(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ctx.value_type(a);
        self.value("arith.ori", &[a, b], ty)
    }

    pub(crate) fn xori(&mut self, a: Value, b: Value) -> Value {
        let ty = self.ctx.value_type(a);
        self.value("arith.xori", &[a, b], ty)
    }

    /// `memref.extract_aligned_pointer_as_index`.
    pub(crate) fn pointer(&mut self, m: Value) -> Value {
        let ty = self.index();
        self.value("memref.extract_aligned_pointer_as_index", &[m], ty)
    }

    /// `memref.alloc(dynamic sizes) : ty`.
    pub(crate) fn alloc(&mut self, ty: Type, dynamic: &[Value]) -> Value {
        self.allocation("memref.alloc", ty, dynamic)
    }

    /// `memref.alloca(dynamic sizes) : ty`.
    pub(crate) fn alloca(&mut self, ty: Type, dynamic: &[Value]) -> Value {
        self.allocation("memref.alloca", ty, dynamic)
    }

    fn allocation(&mut self, name: &str, ty: Type, dynamic: &[Value]) -> Value {
        let seg = self.ctx.dense_i32_array(&[dynamic.len() as i32, 0]);
        let op = self.op(
            name,
            dynamic,
            &[ty],
            &[("operandSegmentSizes", seg)],
            Vec::new(),
        );
        self.ctx.result(op, 0)
    }

    /// A rank-1 memref type with static size `n` (or dynamic with `None`).
    pub(crate) fn vector_type(&mut self, n: Option<usize>, elem: Type) -> Type {
        let dim = n.map_or(ir::DYNAMIC, |n| n as i64);
        self.ctx.ty(TypeData::MemRef {
            shape: vec![dim],
            elem,
            layout: None,
            memory_space: None,
        })
    }

    /// A rank-1 identity memref type of `elem` in `memory_space`, of static size `n` (or
    /// dynamic with `None`).
    pub(crate) fn memref_type(
        &mut self,
        n: Option<i64>,
        elem: Type,
        memory_space: Option<Attr>,
    ) -> Type {
        self.ctx.ty(TypeData::MemRef {
            shape: vec![n.unwrap_or(ir::DYNAMIC)],
            elem,
            layout: None,
            memory_space,
        })
    }

    /// `memref.reinterpret_cast %m to offset: [offset], sizes: [shape], strides: [strides]`
    /// with static offset and strides; the dynamic entries of `shape` take `dynamic_sizes`.
    pub(crate) fn reinterpret_cast(
        &mut self,
        m: Value,
        ty: Type,
        offset: i64,
        shape: &[i64],
        dynamic_sizes: &[Value],
        strides: &[i64],
    ) -> Value {
        let segments = self
            .ctx
            .dense_i32_array(&[1, 0, dynamic_sizes.len() as i32, 0]);
        let offsets = self.ctx.dense_i64_array(&[offset]);
        let sizes = self.ctx.dense_i64_array(shape);
        let strides = self.ctx.dense_i64_array(strides);
        let operands = [&[m][..], dynamic_sizes].concat();
        let op = self.op(
            "memref.reinterpret_cast",
            &operands,
            &[ty],
            &[
                ("operandSegmentSizes", segments),
                ("static_offsets", offsets),
                ("static_sizes", sizes),
                ("static_strides", strides),
            ],
            Vec::new(),
        );
        self.ctx.result(op, 0)
    }

    pub(crate) fn cast(&mut self, m: Value, ty: Type) -> Value {
        self.value("memref.cast", &[m], ty)
    }

    pub(crate) fn store(&mut self, v: Value, m: Value, i: Value) {
        self.op("memref.store", &[v, m, i], &[], &[], Vec::new());
    }

    pub(crate) fn load(&mut self, m: Value, i: Value) -> Value {
        let ty = match self.ctx.type_data(self.ctx.value_type(m)) {
            TypeData::MemRef { elem, .. } | TypeData::UnrankedMemRef { elem, .. } => *elem,
            _ => self.ctx.i1_type(),
        };
        self.value("memref.load", &[m, i], ty)
    }

    pub(crate) fn dealloc(&mut self, m: Value) {
        self.op("memref.dealloc", &[m], &[], &[], Vec::new());
    }

    pub(crate) fn dim(&mut self, m: Value, i: Value) -> Value {
        let ty = self.index();
        self.value("memref.dim", &[m, i], ty)
    }

    /// A region with one block holding `args`; returns both.
    pub(crate) fn region_with_block(&mut self, args: &[Type]) -> (Region, Block) {
        let region = self.ctx.create_region();
        let block = self.ctx.create_block();
        self.ctx.append_block(region, block);
        for &t in args {
            self.ctx.add_block_arg(block, t);
        }
        (region, block)
    }

    /// `scf.if %cond { memref.dealloc %m }`.
    pub(crate) fn dealloc_if(&mut self, cond: Value, m: Value) {
        let (then_region, then_block) = self.region_with_block(&[]);
        let else_region = self.ctx.create_region();
        self.op("scf.if", &[cond], &[], &[], vec![then_region, else_region]);
        let saved = self.at;
        self.at = At::End(then_block);
        self.dealloc(m);
        self.op("scf.yield", &[], &[], &[], Vec::new());
        self.at = saved;
    }

    /// Emits into the end of `block` while `f` runs, then returns to the previous point.
    pub(crate) fn inside<T>(&mut self, block: Block, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = self.at;
        self.at = At::End(block);
        let out = f(self);
        self.at = saved;
        out
    }

    /// `scf.for %i = lb to ub step s iter_args(inits)`: returns the op and its body block
    /// (arguments: the induction variable, then the iteration arguments). The body is empty.
    pub(crate) fn for_loop(
        &mut self,
        lb: Value,
        ub: Value,
        step: Value,
        inits: &[Value],
    ) -> (Op, Block) {
        let index = self.index();
        let mut args = vec![index];
        let types: Vec<Type> = inits.iter().map(|&v| self.ctx.value_type(v)).collect();
        args.extend(&types);
        let (region, block) = self.region_with_block(&args);
        let operands = [&[lb, ub, step][..], inits].concat();
        let op = self.op("scf.for", &operands, &types, &[], vec![region]);
        (op, block)
    }
}
