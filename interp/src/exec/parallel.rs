//! `scf.parallel` (with `scf.reduce` / `scf.reduce.return`) and `scf.forall`.
//!
//! Both loops run their body sequentially, once per point of the iteration space in row-major
//! order (the last induction variable varies fastest): dimension `d` takes the values
//! `lb_d, lb_d + step_d, ...` below `ub_d`, and an empty dimension means no iteration at all.
//! Any sequential order is a valid execution of these ops; this one is also the order of
//! `--convert-scf-to-cf`. A non-positive step is undefined behaviour (the real loop never
//! ends). Each iteration opens an automatic allocation scope (both ops are
//! `AutomaticAllocationScope`s), closed when the iteration ends.
//!
//! `scf.parallel`: the terminator `scf.reduce(%v_0, ..., %v_n)` folds each `%v_i` into
//! accumulator `i` (starting from init value `i`) by running reduction region `i` on
//! `(accumulator, %v_i)`; its `scf.reduce.return` gives the new accumulator. The loop's results
//! are the final accumulators.
//!
//! `scf.forall`: the body receives the induction variables then the `shared_outs`, and ends in
//! an empty `scf.forall.in_parallel`; the results are the `shared_outs`. Only memref
//! `shared_outs` run (tensor ones are rejected when decoding).

use smallvec::SmallVec;

use ir::Op;

use super::{Ctl, Machine, RunError, RunErrorKind, SrcLoc, Vals, fail};
use crate::program::OpInfo;
use crate::value::Val;
use crate::value::{as_index, index_val};

type Dims = SmallVec<[i64; 4]>;

/// The state of an open `scf.parallel` or `scf.forall`.
pub(crate) struct ParState {
    op: Op,
    lbs: Dims,
    ubs: Dims,
    steps: Dims,
    /// The current point of the iteration space.
    ivs: Dims,
    /// Reduction accumulators (`scf.parallel`) or `shared_outs` (`scf.forall`).
    accs: Vals,
    /// The values the running `scf.reduce` folds in.
    pending: Vals,
    /// Whether the body receives `accs` after the induction variables (`scf.forall`).
    accs_are_args: bool,
}

impl ParState {
    /// The body's entry arguments at the current point.
    fn body_args(&self) -> Vals {
        let mut args: Vals = self.ivs.iter().map(|&i| index_val(i)).collect();
        if self.accs_are_args {
            args.extend(self.accs.iter().cloned());
        }
        args
    }

    /// Moves to the next point in row-major order; `false` past the last one.
    fn advance(&mut self) -> bool {
        for d in (0..self.ivs.len()).rev() {
            match self.ivs[d].checked_add(self.steps[d]) {
                Some(next) if next < self.ubs[d] => {
                    self.ivs[d] = next;
                    return true;
                }
                _ => self.ivs[d] = self.lbs[d],
            }
        }
        false
    }
}

impl Machine<'_> {
    /// `scf.parallel`: operands are `dims` lower bounds, upper bounds, steps, then inits.
    pub(super) fn start_parallel(
        &mut self,
        op: Op,
        info: &OpInfo,
        dims: usize,
    ) -> Result<(), RunError> {
        let a = &info.args;
        let group = |k: usize| -> Dims {
            a.iter()
                .skip(k * dims)
                .take(dims)
                .map(|&s| as_index(&self.get(s)))
                .collect()
        };
        let bounds = [group(0), group(1), group(2)];
        let inits = self.gather(a.get(3 * dims..).unwrap_or_default());
        self.start_loop(op, info, bounds, inits, false)
    }

    /// `scf.forall`: `bounds` are the evaluated lower bounds, upper bounds and steps.
    pub(crate) fn start_forall(
        &mut self,
        op: Op,
        info: &OpInfo,
        bounds: [Dims; 3],
        outs_start: usize,
    ) -> Result<(), RunError> {
        let outs = self.gather(info.args.get(outs_start..).unwrap_or_default());
        self.start_loop(op, info, bounds, outs, true)
    }

    fn start_loop(
        &mut self,
        op: Op,
        info: &OpInfo,
        [lbs, ubs, steps]: [Dims; 3],
        accs: Vals,
        accs_are_args: bool,
    ) -> Result<(), RunError> {
        let empty = lbs.iter().zip(&ubs).any(|(lb, ub)| lb >= ub);
        if empty {
            self.set_results(op, &accs);
            return Ok(());
        }
        if steps.iter().any(|&s| s <= 0) {
            return Err(fail(
                RunErrorKind::UndefinedBehavior,
                format!("parallel loop with a non-positive step {steps:?}"),
                &info.loc,
            ));
        }
        let state = ParState {
            op,
            ivs: lbs.clone(),
            lbs,
            ubs,
            steps,
            accs,
            pending: Vals::new(),
            accs_are_args,
        };
        let args = state.body_args();
        self.par.push(state);
        self.ctl.push(Ctl::Parallel);
        self.heap.push_stack_scope();
        self.enter_region(op, 0, &args)?;
        Ok(())
    }

    /// `scf.reduce`: folds its operands into the accumulators, one reduction region at a time.
    pub(super) fn start_reduce(&mut self, op: Op, info: &OpInfo) -> Result<(), RunError> {
        let values = self.gather(&info.args);
        let in_parallel = matches!(self.ctl.last(), Some(Ctl::Parallel));
        let Some(state) = self.par.last_mut().filter(|_| in_parallel) else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "scf.reduce outside scf.parallel",
                &info.loc,
            ));
        };
        if values.len() != state.accs.len() {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "scf.reduce operand count differs from the loop's init values",
                &info.loc,
            ));
        }
        state.pending = values;
        self.run_reduction(op, 0, &info.loc)
    }

    /// Runs reduction region `index` of the `scf.reduce` `op`, or ends the iteration when all
    /// regions ran.
    fn run_reduction(&mut self, op: Op, index: usize, loc: &SrcLoc) -> Result<(), RunError> {
        let Some(state) = self.par.last() else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "scf.reduce outside scf.parallel",
                loc,
            ));
        };
        let (Some(acc), Some(value)) = (state.accs.get(index), state.pending.get(index)) else {
            return self.next_parallel_iteration(loc);
        };
        let args = [acc.clone(), value.clone()];
        self.ctl.push(Ctl::Reduce { op, index });
        if !self.enter_region(op, index, &args)? {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "scf.reduce without a reduction region for an operand",
                loc,
            ));
        }
        Ok(())
    }

    /// `scf.reduce.return` of reduction region `index`: the new accumulator.
    pub(super) fn reduce_return(
        &mut self,
        index: usize,
        vals: &[Val],
        loc: &SrcLoc,
    ) -> Result<(), RunError> {
        let Some(Ctl::Reduce { op, .. }) = self.ctl.pop() else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "scf.reduce.return outside a reduction region",
                loc,
            ));
        };
        let (Some(state), [value]) = (self.par.last_mut(), vals) else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "scf.reduce.return must return exactly one value",
                loc,
            ));
        };
        if let Some(acc) = state.accs.get_mut(index) {
            *acc = value.clone();
        }
        self.run_reduction(op, index + 1, loc)
    }

    /// Ends the current iteration: starts the next one, or leaves the loop with its results.
    pub(super) fn next_parallel_iteration(&mut self, loc: &SrcLoc) -> Result<(), RunError> {
        self.heap.pop_stack_scope();
        let Some(state) = self.par.last_mut() else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "parallel loop state missing",
                loc,
            ));
        };
        let op = state.op;
        if state.advance() {
            let args = state.body_args();
            self.heap.push_stack_scope();
            self.enter_region(op, 0, &args)?;
        } else {
            let accs = std::mem::take(&mut state.accs);
            self.par.pop();
            self.exit_ctl(op, &accs);
        }
        Ok(())
    }
}
