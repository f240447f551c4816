//! Ops with their own deallocation behaviour: MLIR's `BufferDeallocationOpInterface`, as a
//! table of function pointers keyed by op name that users extend with [`Extensions::register`].
//!
//! The pass consults the table before its generic handling. A [`OpBehaviour::process`] hook
//! replaces the generic handling of an op entirely (preconditions, memory effects, region-branch,
//! call and branch interfaces); afterwards, memref results the hook left without ownership get
//! the join of their memref operands' ownerships, as for every op. A
//! [`OpBehaviour::materialize`] hook computes a unique ownership indicator for a result of the
//! op when one is needed (a returned value, a value forwarded with `Unknown` ownership) instead
//! of cloning the buffer.
//!
//! The built-in behaviours (the only place this crate names ops it does not create itself):
//! - `cf.cond_br`: one dealloc per successor, conditions conjoined with the branch condition;
//! - `arith.select`: no processing; ownership materialises as `select(cond, own_t, own_f)`;
//! - `scf.forall.in_parallel`: a dealloc before it, its region must be empty;
//! - `scf.reduce.return`: only non-memref operands are supported.

use ir::dialects::arith::SelectOp;
use ir::dialects::cf::CondBrOp;
use ir::dialects::scf::{InParallelOp, ReduceReturnOp};
use ir::{Context, Diagnostic, Op, OpName, OpView, Value};

use crate::ownership::Ownership;
use crate::pass::DeallocState;

/// Handles one op in place of the pass's generic handling.
pub type ProcessFn = fn(&mut DeallocState<'_>, Op) -> Result<(), Diagnostic>;

/// Materialises a unique ownership for `value` (a result of an op with this behaviour, defined
/// in the block being processed) with ops inserted before `before`: `Some((value', indicator))`,
/// or `None` to fall back to a clone.
pub type MaterializeFn = fn(&mut DeallocState<'_>, Value, Op) -> Option<(Value, Value)>;

/// The deallocation behaviour of one op.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpBehaviour {
    /// Replaces the generic handling of the op, if set.
    pub process: Option<ProcessFn>,
    /// Computes a unique ownership of the op's results, if set.
    pub materialize: Option<MaterializeFn>,
}

/// The behaviours registered for one run of the pass.
///
/// Indexed by op name number: op names are numbered densely by the registry, and the pass asks
/// for the behaviour of every op it visits, so a table lookup (no hashing) answers it.
#[derive(Clone, Debug, Default)]
pub struct Extensions {
    by_name: Vec<Option<OpBehaviour>>,
}

impl Extensions {
    /// No op with its own behaviour (every op gets the generic handling).
    pub fn empty() -> Self {
        Extensions::default()
    }

    /// The built-in behaviours, for those of their ops registered in `ctx`.
    pub fn builtin(ctx: &Context) -> Self {
        let mut table = Extensions::default();
        let builtins: [(&str, OpBehaviour); 4] = [
            (CondBrOp::NAME, process_only(process_cond_branch)),
            (
                SelectOp::NAME,
                OpBehaviour {
                    process: Some(|_, _| Ok(())),
                    materialize: Some(materialize_select),
                },
            ),
            (InParallelOp::NAME, process_only(process_in_parallel)),
            (ReduceReturnOp::NAME, process_only(process_reduce_return)),
        ];
        for (name, behaviour) in builtins {
            // Absent ops are skipped: a context may register a subset of the dialects.
            let _ = table.register(ctx, name, behaviour);
        }
        table
    }

    /// Gives the op named `name` its own behaviour, replacing any earlier one (built-in
    /// included). Fails, naming the op, if `ctx` does not know that op.
    pub fn register(
        &mut self,
        ctx: &Context,
        name: &str,
        behaviour: OpBehaviour,
    ) -> Result<(), String> {
        let id = ctx
            .registry
            .lookup(name)
            .ok_or_else(|| format!("cannot give '{name}' a deallocation behaviour: unknown op"))?;
        let slot = id.as_u32() as usize;
        if self.by_name.len() <= slot {
            self.by_name.resize(slot + 1, None);
        }
        self.by_name[slot] = Some(behaviour);
        Ok(())
    }

    /// The behaviour of ops named `name`, if they have their own.
    pub fn get(&self, name: OpName) -> Option<OpBehaviour> {
        self.by_name.get(name.as_u32() as usize).copied().flatten()
    }
}

fn process_only(process: ProcessFn) -> OpBehaviour {
    OpBehaviour {
        process: Some(process),
        materialize: None,
    }
}

/// `cf.cond_br`: one dealloc per successor, each under the branch condition (or its
/// negation), retaining what that successor receives (a buffer a successor takes passes its own
/// indicator along that edge; one neither takes is freed once, before the branch; see
/// `DeallocState::split_dealloc_per_successor`):
///
/// ```text
/// %a = memref.alloc() : memref<2xf32>
/// cf.cond_br %c, ^bb1(%a : memref<2xf32>), ^bb2
/// // becomes
/// %alloc = memref.alloc() : memref<2xf32>
/// %0 = arith.xori %true, %arg0 : i1
/// bufferization.dealloc (%alloc : memref<2xf32>) if (%0)
/// cf.cond_br %arg0, ^bb1(%alloc, %true : memref<2xf32>, i1), ^bb2
/// ```
fn process_cond_branch(state: &mut DeallocState<'_>, op: Op) -> Result<(), Diagnostic> {
    state.split_dealloc_per_successor(op)
}

/// `select(cond, own(true_value), own(false_value))`, when both operands have unique ownership.
/// (`arith.select` itself needs no processing: its result gets the join of its operands'
/// ownerships.)
///
/// ```text
/// %a = memref.alloc() : memref<2xf32>
/// %s = arith.select %c, %a, %m : memref<2xf32>
/// return %s : memref<2xf32>
/// // becomes
/// %alloc = memref.alloc() : memref<2xf32>
/// %0 = arith.select %arg0, %alloc, %arg1 : memref<2xf32>
/// %1 = arith.select %arg0, %true, %false : i1
/// %2 = scf.if %1 -> (memref<2xf32>) {
///   scf.yield %0 : memref<2xf32>
/// } else {
///   %4 = bufferization.clone %0 : memref<2xf32> to memref<2xf32>
///   scf.yield %4 : memref<2xf32>
/// }
/// ...
/// return %2 : memref<2xf32>
/// ```
fn materialize_select(
    state: &mut DeallocState<'_>,
    value: Value,
    before: Op,
) -> Option<(Value, Value)> {
    let ctx = state.ctx();
    let def = ctx.defining_op(value)?;
    let select = SelectOp::of(ctx, def).filter(|_| ctx.num_operands(def) == 3)?;
    let (cond, on_true, on_false) = (
        select.condition(ctx),
        select.true_value(ctx),
        select.false_value(ctx),
    );
    let block = ctx.op_parent(def)?;
    let (Ownership::Unique(own_true), Ownership::Unique(own_false)) = (
        state.ownership_from(on_true, block),
        state.ownership_from(on_false, block),
    ) else {
        return None;
    };
    Some((value, state.select(before, cond, own_true, own_false)))
}

/// `scf.forall.in_parallel`: the body frees what it owns before its terminator (whose region
/// must be empty).
///
/// ```text
/// scf.forall (%i) in (%n) {
///   %a = memref.alloc() : memref<2xf32>
/// }
/// // becomes
/// scf.forall (%arg1) in (%arg0) {
///   %true = arith.constant true
///   %alloc = memref.alloc() : memref<2xf32>
///   %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
///   bufferization.dealloc (%base_buffer : memref<f32>) if (%true)
/// }
/// ```
fn process_in_parallel(state: &mut DeallocState<'_>, op: Op) -> Result<(), Diagnostic> {
    let ctx = state.ctx();
    let nonempty = ctx
        .regions(op)
        .iter()
        .any(|&r| ctx.blocks(r).any(|b| ctx.first_op(b).is_some()));
    if nonempty {
        return Err(Diagnostic::error(
            ctx.op_loc(op),
            "only supported when nested region is empty",
        )
        .on_op(op));
    }
    state.insert_dealloc(op, &[]).map(|_| ())
}

/// `scf.reduce.return`: nothing to free; a memref operand is rejected.
///
/// ```text
/// scf.reduce.return %a : f32                 // unchanged
/// scf.reduce.return %a : memref<2xf32>       // error: only supported when operand is not a MemRef
/// ```
fn process_reduce_return(state: &mut DeallocState<'_>, op: Op) -> Result<(), Diagnostic> {
    let ctx = state.ctx();
    if ctx
        .operands(op)
        .any(|v| ctx.type_data(ctx.value_type(v)).is_memref())
    {
        return Err(Diagnostic::error(
            ctx.op_loc(op),
            "only supported when operand is not a MemRef",
        )
        .on_op(op));
    }
    Ok(())
}
