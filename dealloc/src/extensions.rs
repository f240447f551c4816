//! Ops with their own deallocation behaviour (MLIR's `BufferDeallocationOpInterface` external
//! models), looked up by op name once per run: the only place this crate names ops it does not
//! create itself.

use ir::{Context, OpName};
use rustc_hash::FxHashMap;

/// The built-in behaviours.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Special {
    /// `cf.cond_br`: one dealloc per successor, conditions conjoined with the branch condition.
    CondBranch,
    /// `arith.select`: ownership of the result is `select(cond, own_true, own_false)`.
    Select,
    /// `scf.forall.in_parallel`: a dealloc before it; its region must be empty.
    InParallel,
    /// `scf.reduce.return`: only non-memref operands are supported.
    ReduceReturn,
}

/// The external models registered for this run.
pub struct Extensions {
    by_name: FxHashMap<OpName, Special>,
}

impl Extensions {
    /// The built-in models, for the ops registered in `ctx`.
    pub fn builtin(ctx: &Context) -> Self {
        let mut by_name = FxHashMap::default();
        for (name, special) in [
            ("cf.cond_br", Special::CondBranch),
            ("arith.select", Special::Select),
            ("scf.forall.in_parallel", Special::InParallel),
            ("scf.reduce.return", Special::ReduceReturn),
        ] {
            if let Some(id) = ctx.registry.lookup(name) {
                by_name.insert(id, special);
            }
        }
        Extensions { by_name }
    }

    /// The behaviour of ops named `name`, if special.
    pub fn get(&self, name: OpName) -> Option<Special> {
        self.by_name.get(&name).copied()
    }
}
