//! The executor: runs a function of a module over the checked heap.
//!
//! Entry point: [`run_function`]. The module is first pre-resolved into a
//! [`Program`](crate::program::Program) (decoded ops, dense frame slots), then executed by an
//! explicit state machine, never by Rust recursion: a call pushes a [`Frame`], entering a region
//! of `scf.*` / `memref.alloca_scope` pushes a [`Ctl`] record, and terminators (`func.return`,
//! `scf.yield`, `scf.condition`, `memref.alloca_scope.return`) pop them. Deep recursion of the
//! interpreted program therefore ends on the call-depth budget, not on a Rust stack overflow.
//!
//! Semantics (the reference for every pass):
//! - `func`: calls, recursion, `func.call_indirect` of `func.constant`; declarations of the
//!   runner-utils print functions are implemented, any other declaration is an error naming it
//!   when called. Each call opens an automatic allocation scope closed by `func.return`.
//! - `cf`: `br`, `cond_br`, `switch`, and `assert`, which ends the run with its message.
//! - `scf`: `if`, `for` (signed or `unsignedCmp` bounds), `while`/`condition`,
//!   `execute_region`, `index_switch`, `yield`, and `parallel`/`reduce`/`reduce.return` and
//!   `forall`/`forall.in_parallel` run sequentially in row-major order (see `exec/parallel.rs`).
//! - `test` (the upstream test dialect): `copy`, `buffer_based`, `region_buffer_based`,
//!   `read_buffer`, `forward_buffer`, `region_if` (see `exec/test_ops.rs`).
//! - `arith`: see [`crate::ops::arith`] and [`crate::ops::float`].
//! - `affine`, `math`, `index`, `ub`, `vector`: see [`crate::ops::affine`],
//!   [`crate::ops::math`], [`crate::ops::index`] and [`crate::ops::vector`].
//! - `memref`, `bufferization`, `deallocation`: see [`crate::ops::memory`].
//! - `linalg` structured ops on memrefs, `linalg.index`: see [`crate::ops::linalg`].
//!
//! Heap errors (use after free, double free, out of bounds...) are recorded by the heap and the
//! run continues (a failed load yields zero) unless [`RunConfig::stop_on_heap_error`] is set.
//! Everything else that cannot continue — a failed `cf.assert`, undefined behaviour such as a
//! division by zero, an unsupported op, an unknown external function, an exhausted budget —
//! ends the run with a [`RunError`] carrying the location of the offending op.

use std::fmt;
use std::rc::Rc;

use smallvec::SmallVec;

use ir::{Block, Context, Op};

use crate::heap::{Heap, HeapConfig, HeapError, Report};
use crate::ops::{arith, float};
use crate::program::{Callee, Extern, Kind, OpInfo, Program, loc_text};
use crate::runner_utils;
use crate::scalar::ScalarType;
use crate::value::{Val, mask, sext};

mod atomic;
mod parallel;
mod test_ops;

use parallel::ParState;

/// Source locations as the heap records them: `file:line:col`.
pub type SrcLoc = Rc<str>;

/// Limits and knobs of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunConfig {
    /// Ops executed before the run is stopped.
    pub max_steps: u64,
    /// Live heap plus stack bytes above which the run is stopped.
    pub max_live_bytes: u64,
    /// Nested calls above which the run is stopped.
    pub max_call_depth: usize,
    /// Stop at the first heap error instead of continuing.
    pub stop_on_heap_error: bool,
    /// Configuration of the checked heap.
    pub heap: HeapConfig,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            max_steps: 100_000_000,
            max_live_bytes: 1 << 30,
            max_call_depth: 10_000,
            stop_on_heap_error: false,
            heap: HeapConfig::default(),
        }
    }
}

/// Why a run stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RunErrorKind {
    /// A `cf.assert` whose condition was false.
    AssertionFailed,
    /// More than [`RunConfig::max_steps`] ops executed.
    StepBudgetExceeded,
    /// More than [`RunConfig::max_live_bytes`] live.
    MemoryBudgetExceeded,
    /// More than [`RunConfig::max_call_depth`] nested calls.
    CallDepthExceeded,
    /// An op the interpreter does not implement.
    UnsupportedOp,
    /// A call to a declaration that is not a runner-utils function, or to a missing symbol.
    UnknownFunction,
    /// Immediate undefined behaviour: division by zero, signed division overflow, a null
    /// memref dereferenced, a `memref.dim` out of range.
    UndefinedBehavior,
    /// An allocation the heap refused (negative or oversized).
    AllocationFailed,
    /// A heap error, when [`RunConfig::stop_on_heap_error`] is set.
    HeapError,
    /// The entry function is missing, has arguments, or the IR is malformed.
    InvalidProgram,
}

/// A fatal error of a run, with the location of the op that caused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunError {
    /// What kind of failure.
    pub kind: RunErrorKind,
    /// A sentence for humans.
    pub message: String,
    /// `file:line:col` of the offending op, when known.
    pub location: Option<String>,
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(loc) => write!(f, "{loc}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for RunError {}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    /// What the program printed through the runner-utils functions.
    pub stdout: String,
    /// Heap statistics, errors (leaks included, unless the run was cut short by `error`) and
    /// warnings.
    pub report: Report,
    /// Why the run stopped early, if it did.
    pub error: Option<RunError>,
}

/// Runs function `entry` (no arguments) of `module` and reports what happened.
pub fn run_function(ctx: &Context, module: Op, entry: &str, cfg: &RunConfig) -> RunOutcome {
    let prog = Program::new(ctx, module);
    let mut m = Machine::new(ctx, &prog, cfg);
    let error = m.start(entry).and_then(|()| m.run()).err();
    m.flush_op_counts();
    let end = m.end_loc.take();
    let stdout = std::mem::take(&mut m.out);
    let report = match error {
        None => m.heap.finish(end.as_ref()),
        Some(_) => m.heap.finish_cut_short(),
    };
    RunOutcome {
        stdout,
        report,
        error,
    }
}

/// A suspended caller.
pub(crate) struct Frame {
    /// The caller's values.
    vals: Vec<Val>,
    /// The call op to continue after (`None` for the entry function).
    call_op: Option<Op>,
    /// Height of the control stack when the callee was entered.
    ctl_base: usize,
    /// Height of the parallel-loop stack when the callee was entered.
    par_base: usize,
}

/// An open region-holding op of the current frame.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Ctl {
    /// `scf.if`, `scf.execute_region`, `scf.index_switch`: the yield gives the results.
    Simple(Op),
    /// `scf.for` with its induction variable state.
    For {
        op: Op,
        iv: u128,
        ub: u128,
        step: u128,
        width: u32,
        unsigned: bool,
    },
    /// `scf.while`.
    While(Op),
    /// `memref.alloca_scope`: its stack scope closes on return.
    AllocaScope(Op),
    /// `scf.parallel` or `scf.forall`, whose state is the top of [`Machine::par`].
    Parallel,
    /// Reduction region `index` of an `scf.reduce` running.
    Reduce { op: Op, index: usize },
    /// `test.region_if`: in its then or else region, or (`joined`) in its join region.
    RegionIf { op: Op, joined: bool },
    /// `test.region_buffer_based`, running its region on element `next` (row-major).
    ElementWise { op: Op, next: i64 },
    /// A `linalg` structured op, whose loop nest is the top of [`Machine::linalg`].
    Structured(Op),
    /// The body of a `memref.generic_atomic_rmw`.
    AtomicBody(Op),
}

/// The executor state.
pub(crate) struct Machine<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) prog: &'a Program,
    pub(crate) cfg: RunConfig,
    pub(crate) heap: Heap<SrcLoc>,
    pub(crate) out: String,
    /// Values of the current frame.
    pub(crate) vals: Vec<Val>,
    frames: Vec<Frame>,
    pub(crate) ctl: Vec<Ctl>,
    /// States of the open `scf.parallel` / `scf.forall` loops, innermost last.
    par: Vec<ParState>,
    /// The open `linalg` structured ops, innermost last.
    pub(crate) linalg: Vec<crate::ops::linalg::Nest>,
    pc: Option<Op>,
    /// The op executed last (to find the block when control falls off its end).
    last: Option<Op>,
    /// The empty block entered last, if any (for falling off its end).
    last_block: Option<Block>,
    done: bool,
    pool: Vec<Vec<Val>>,
    end_loc: Option<SrcLoc>,
    /// Ops executed per op name id, flushed into the heap's report at the end.
    op_counts: Vec<u64>,
}

/// A fatal error at `info`'s location.
pub(crate) fn fail(kind: RunErrorKind, message: impl Into<String>, loc: &SrcLoc) -> RunError {
    RunError {
        kind,
        message: message.into(),
        location: Some(loc.to_string()),
    }
}

type Vals = SmallVec<[Val; 4]>;

impl<'a> Machine<'a> {
    fn new(ctx: &'a Context, prog: &'a Program, cfg: &RunConfig) -> Machine<'a> {
        Machine {
            ctx,
            prog,
            cfg: *cfg,
            heap: Heap::new(cfg.heap),
            out: String::new(),
            vals: Vec::new(),
            frames: Vec::new(),
            ctl: Vec::new(),
            par: Vec::new(),
            linalg: Vec::new(),
            pc: None,
            last: None,
            last_block: None,
            done: false,
            pool: Vec::new(),
            end_loc: None,
            op_counts: Vec::new(),
        }
    }

    fn start(&mut self, entry: &str) -> Result<(), RunError> {
        let invalid = |message: String| RunError {
            kind: RunErrorKind::InvalidProgram,
            message,
            location: None,
        };
        let f = match self.prog.symbols.get(entry) {
            Some(Callee::Func(f)) => *f,
            Some(_) => return Err(invalid(format!("entry function @{entry} has no body"))),
            None => return Err(invalid(format!("no function named @{entry}"))),
        };
        let func = &self.prog.funcs[f as usize];
        if !self.ctx.block_args(func.entry).is_empty() {
            let loc = loc_text(self.ctx, func.op);
            return Err(fail(
                RunErrorKind::InvalidProgram,
                format!("entry function @{entry} must take no arguments"),
                &loc,
            ));
        }
        self.enter_function(f, &[], None);
        Ok(())
    }

    // ----- values ------------------------------------------------------------------------

    #[inline]
    pub(crate) fn get(&self, slot: u32) -> Val {
        self.vals.get(slot as usize).cloned().unwrap_or_default()
    }

    #[inline]
    pub(crate) fn int(&self, slot: u32) -> u128 {
        match self.vals.get(slot as usize) {
            Some(Val::Int(v)) => *v,
            _ => 0,
        }
    }

    #[inline]
    pub(crate) fn set(&mut self, slot: u32, v: Val) {
        if let Some(x) = self.vals.get_mut(slot as usize) {
            *x = v;
        }
    }

    pub(crate) fn gather(&self, slots: &[u32]) -> Vals {
        slots.iter().map(|&s| self.get(s)).collect()
    }

    pub(crate) fn set_results(&mut self, op: Op, vals: &[Val]) {
        let prog = self.prog;
        if let Some(info) = prog.info(op) {
            for (&slot, v) in info.res.iter().zip(vals) {
                self.set(slot, v.clone());
            }
        }
    }

    /// Heap errors continue the run unless configured otherwise.
    pub(crate) fn heap_result<T>(&self, r: Result<T, HeapError>) -> Result<Option<T>, RunError> {
        match r {
            Ok(v) => Ok(Some(v)),
            Err(e) if self.cfg.stop_on_heap_error => Err(RunError {
                kind: RunErrorKind::HeapError,
                message: e.to_string(),
                location: e.location.clone(),
            }),
            Err(_) => Ok(None),
        }
    }

    // ----- control -----------------------------------------------------------------------

    fn enter_block(&mut self, block: Block, vals: &[Val]) {
        let ctx = self.ctx;
        for (&arg, v) in ctx.block_args(block).iter().zip(vals) {
            let slot = self.prog.slot(arg);
            self.set(slot, v.clone());
        }
        self.pc = ctx.first_op(block);
        self.last = None;
        if self.pc.is_none() {
            // An empty block: remember it so falling off its end finds its region.
            self.last_block = Some(block);
        }
    }

    pub(crate) fn enter_region(
        &mut self,
        op: Op,
        index: usize,
        vals: &[Val],
    ) -> Result<bool, RunError> {
        let Some(&region) = self.ctx.regions(op).get(index) else {
            return Ok(false);
        };
        let Some(block) = self.ctx.entry_block(region) else {
            return Ok(false);
        };
        self.enter_block(block, vals);
        Ok(true)
    }

    fn enter_function(&mut self, f: u32, args: &[Val], call_op: Option<Op>) {
        let func = &self.prog.funcs[f as usize];
        let mut vals = self.pool.pop().unwrap_or_default();
        vals.clear();
        vals.resize(func.n_slots as usize, Val::Undef);
        let caller = std::mem::replace(&mut self.vals, vals);
        self.frames.push(Frame {
            vals: caller,
            call_op,
            ctl_base: self.ctl.len(),
            par_base: self.par.len(),
        });
        self.heap.push_stack_scope();
        self.enter_block(func.entry, args);
    }

    fn return_from_function(&mut self, vals: &[Val], loc: &SrcLoc) {
        self.heap.pop_stack_scope();
        let Some(frame) = self.frames.pop() else {
            self.done = true;
            return;
        };
        self.ctl.truncate(frame.ctl_base);
        self.par.truncate(frame.par_base);
        let callee_vals = std::mem::replace(&mut self.vals, frame.vals);
        self.pool.push(callee_vals);
        match frame.call_op {
            Some(call) => {
                self.set_results(call, vals);
                self.pc = self.ctx.next_op(call);
                self.last = Some(call);
            }
            None => {
                self.done = true;
                self.end_loc = Some(loc.clone());
            }
        }
    }

    fn call(
        &mut self,
        callee: &Callee,
        op: Op,
        info: &OpInfo,
        args: &[Val],
    ) -> Result<(), RunError> {
        match callee {
            Callee::Func(f) => {
                if self.frames.len() >= self.cfg.max_call_depth {
                    return Err(fail(
                        RunErrorKind::CallDepthExceeded,
                        format!(
                            "call depth budget of {} nested calls exceeded",
                            self.cfg.max_call_depth
                        ),
                        &info.loc,
                    ));
                }
                self.enter_function(*f, args, Some(op));
                Ok(())
            }
            Callee::Extern(e) => self.call_extern(*e, args, &info.loc),
            Callee::Unknown(name) => Err(fail(
                RunErrorKind::UnknownFunction,
                format!("call to unknown external function @{name}"),
                &info.loc,
            )),
        }
    }

    fn call_extern(&mut self, e: Extern, args: &[Val], loc: &SrcLoc) -> Result<(), RunError> {
        let first = args.first().cloned().unwrap_or_default();
        let text = match e {
            Extern::PrintMemref(elem) => self.print_memref(&first, elem, loc)?,
            Extern::PrintI64 => runner_utils::print_i64(sext(first.int(), 64) as i64),
            Extern::PrintU64 => runner_utils::print_u64(first.int() as u64),
            Extern::PrintF32 => match first {
                Val::F32(f) => runner_utils::print_f32(f),
                other => runner_utils::print_f64(float::to_f64(&other)),
            },
            Extern::PrintF64 => runner_utils::print_f64(float::to_f64(&first)),
            Extern::PrintNewline => runner_utils::print_newline(),
            Extern::PrintComma => runner_utils::print_comma(),
            Extern::PrintOpen => runner_utils::print_open(),
            Extern::PrintClose => runner_utils::print_close(),
        };
        self.out.push_str(&text);
        Ok(())
    }

    /// `printMemref*` of the unranked memref `arg`, whose elements must be `elem`s; every
    /// element read is a checked load (a freed buffer is a use after free).
    fn print_memref(
        &mut self,
        arg: &Val,
        elem: ScalarType,
        loc: &SrcLoc,
    ) -> Result<String, RunError> {
        let Val::MemRef(d) = arg else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "printMemref of a non-memref value",
                loc,
            ));
        };
        if d.elem != elem {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "printMemref of a memref whose element type does not match the function",
                loc,
            ));
        }
        let address = d
            .alloc
            .and_then(|id| self.heap.address_of(id))
            .map_or(0, |base| (base as i64).wrapping_add(d.shift) as u64);
        let meta = runner_utils::MemrefMeta {
            address,
            offset: d.offset,
            sizes: d.sizes.to_vec(),
            strides: d.strides.to_vec(),
        };
        let Some(id) = d.alloc else {
            return Err(fail(
                RunErrorKind::UndefinedBehavior,
                "printMemref of a null memref",
                loc,
            ));
        };
        let size = elem.size_bytes() as i64;
        let mut read = |linear: i64| -> Result<String, RunError> {
            let byte = d.shift.wrapping_add(linear.wrapping_mul(size));
            let loaded = self.heap.load(id, byte, elem, loc);
            Ok(match self.heap_result(loaded)? {
                Some(value) => runner_utils::stream_scalar(&value),
                None => "?".to_owned(),
            })
        };
        runner_utils::print_memref(&meta, &mut read)
    }

    /// A terminator returning control to the op owning its region (`scf.yield`,
    /// `scf.condition`, `memref.alloca_scope.return`, or falling off a block's end).
    fn leave_region(&mut self, vals: &[Val], loc: &SrcLoc) -> Result<(), RunError> {
        let base = self.frames.last().map_or(0, |f| f.ctl_base);
        let Some(&top) = self.ctl.last().filter(|_| self.ctl.len() > base) else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "region terminator outside of a region-holding op",
                loc,
            ));
        };
        match top {
            Ctl::Simple(op) => self.exit_ctl(op, vals),
            Ctl::AllocaScope(op) => {
                self.heap.pop_stack_scope();
                self.exit_ctl(op, vals);
            }
            Ctl::While(op) => {
                self.enter_region(op, 0, vals)?;
            }
            Ctl::For {
                op,
                iv,
                ub,
                step,
                width,
                unsigned,
            } => {
                let next = iv.wrapping_add(step) & mask(width);
                let overflowed = if unsigned {
                    next < iv
                } else {
                    sext(next, width) < sext(iv, width)
                };
                if !overflowed && for_continues(next, ub, width, unsigned) {
                    if let Some(Ctl::For { iv, .. }) = self.ctl.last_mut() {
                        *iv = next;
                    }
                    let mut args: Vals = SmallVec::with_capacity(vals.len() + 1);
                    args.push(Val::Int(next));
                    args.extend(vals.iter().cloned());
                    self.enter_region(op, 0, &args)?;
                } else {
                    self.exit_ctl(op, vals);
                }
            }
            Ctl::Parallel => self.next_parallel_iteration(loc)?,
            Ctl::Reduce { index, .. } => self.reduce_return(index, vals, loc)?,
            Ctl::RegionIf { op, joined } => {
                if joined {
                    self.exit_ctl(op, vals);
                } else {
                    if let Some(top) = self.ctl.last_mut() {
                        *top = Ctl::RegionIf { op, joined: true };
                    }
                    self.enter_region_or_exit(op, 2, vals)?;
                }
            }
            Ctl::ElementWise { op, next } => self.next_element(op, next, vals)?,
            Ctl::Structured(op) => self.next_structured_point(op, vals)?,
            Ctl::AtomicBody(op) => self.finish_generic_atomic_rmw(op, vals)?,
        }
        Ok(())
    }

    /// Enters region `index` of `op`, or leaves `op` with `vals` when the region is empty
    /// (the top of the control stack must be `op`'s record).
    fn enter_region_or_exit(&mut self, op: Op, index: usize, vals: &[Val]) -> Result<(), RunError> {
        if !self.enter_region(op, index, vals)? {
            self.exit_ctl(op, vals);
        }
        Ok(())
    }

    pub(crate) fn exit_ctl(&mut self, op: Op, vals: &[Val]) {
        self.ctl.pop();
        self.set_results(op, vals);
        self.pc = self.ctx.next_op(op);
        self.last = Some(op);
    }

    /// Control fell off the end of a block without a terminator: an implicit yield.
    fn fell_off_block(&mut self) -> Result<(), RunError> {
        let block = match self.last {
            Some(op) => self.ctx.op_parent(op),
            None => self.last_block.take(),
        };
        let owner = block.and_then(|b| self.ctx.block_parent_op(b));
        let loc: SrcLoc = match owner {
            Some(o) => loc_text(self.ctx, o),
            None => "<unknown>".into(),
        };
        match owner {
            Some(o) if self.ctx.op_name_str(o) == "func.func" => {
                self.return_from_function(&[], &loc);
                Ok(())
            }
            _ => self.leave_region(&[], &loc),
        }
    }

    fn jump(&mut self, op: Op, succ: usize, vals: &[Val], loc: &SrcLoc) -> Result<(), RunError> {
        let Some(&block) = self.ctx.successors(op).get(succ) else {
            return Err(fail(RunErrorKind::InvalidProgram, "missing successor", loc));
        };
        self.enter_block(block, vals);
        Ok(())
    }

    // ----- main loop ---------------------------------------------------------------------

    fn run(&mut self) -> Result<(), RunError> {
        let prog = self.prog;
        while !self.done {
            let Some(op) = self.pc else {
                self.fell_off_block()?;
                continue;
            };
            let Some(info) = prog.info(op) else {
                let loc = loc_text(self.ctx, op);
                return Err(fail(
                    RunErrorKind::InvalidProgram,
                    "op outside any function",
                    &loc,
                ));
            };
            if self.heap.step() >= self.cfg.max_steps {
                return Err(fail(
                    RunErrorKind::StepBudgetExceeded,
                    format!("step budget of {} ops exceeded", self.cfg.max_steps),
                    &info.loc,
                ));
            }
            self.heap.begin_uncounted_op();
            let name = self.ctx.op_name(op).as_u32() as usize;
            if name >= self.op_counts.len() {
                self.op_counts.resize(name + 1, 0);
            }
            self.op_counts[name] += 1;
            self.pc = self.ctx.next_op(op);
            self.last = Some(op);
            self.exec(op, info)?;
        }
        Ok(())
    }

    fn flush_op_counts(&mut self) {
        for (name, &count) in self.op_counts.iter().enumerate() {
            let name = self
                .ctx
                .registry
                .def(ir::OpName::from_u32(name as u32))
                .name
                .as_str();
            self.heap.add_op_count(name, count);
        }
    }

    fn exec(&mut self, op: Op, info: &OpInfo) -> Result<(), RunError> {
        let a = &info.args;
        if self.exec_value_op(info)? {
            return Ok(());
        }
        match &info.kind {
            Kind::Br => {
                let vals = self.gather(a);
                self.jump(op, 0, &vals, &info.loc)?;
            }
            Kind::CondBr { n_true } => {
                let taken = self.int(a[0]) & 1 != 0;
                let range = if taken {
                    1..(1 + n_true).min(a.len())
                } else {
                    (1 + n_true).min(a.len())..a.len()
                };
                let vals = self.gather(&a[range]);
                self.jump(op, usize::from(!taken), &vals, &info.loc)?;
            }
            Kind::Switch { cases, seg, .. } => self.switch(op, info, cases, seg)?,
            Kind::Return => {
                let vals = self.gather(a);
                self.return_from_function(&vals, &info.loc);
            }
            Kind::Call(callee) => {
                let vals = self.gather(a);
                self.call(callee, op, info, &vals)?;
            }
            Kind::CallIndirect => {
                let Val::Func(f) = self.get(a[0]) else {
                    return Err(fail(
                        RunErrorKind::UndefinedBehavior,
                        "indirect call of a value that is not a function",
                        &info.loc,
                    ));
                };
                let vals = self.gather(&a[1..]);
                self.call(&Callee::Func(f), op, info, &vals)?;
            }
            Kind::If => {
                let region = if self.int(a[0]) & 1 != 0 { 0 } else { 1 };
                self.ctl.push(Ctl::Simple(op));
                if !self.enter_region(op, region, &[])? {
                    self.ctl.pop();
                }
            }
            Kind::For { width, unsigned } => {
                let (lb, ub, step) = (self.int(a[0]), self.int(a[1]), self.int(a[2]));
                let inits = self.gather(&a[3..]);
                if for_continues(lb, ub, *width, *unsigned) {
                    self.ctl.push(Ctl::For {
                        op,
                        iv: lb,
                        ub,
                        step,
                        width: *width,
                        unsigned: *unsigned,
                    });
                    let mut args: Vals = SmallVec::with_capacity(inits.len() + 1);
                    args.push(Val::Int(lb));
                    args.extend(inits);
                    self.enter_region(op, 0, &args)?;
                } else {
                    self.set_results(op, &inits);
                }
            }
            Kind::While => {
                let inits = self.gather(a);
                self.ctl.push(Ctl::While(op));
                self.enter_region(op, 0, &inits)?;
            }
            Kind::Condition => {
                let rest = self.gather(&a[1..]);
                let Some(&Ctl::While(w)) = self.ctl.last() else {
                    return Err(fail(
                        RunErrorKind::InvalidProgram,
                        "scf.condition outside scf.while",
                        &info.loc,
                    ));
                };
                if self.int(a[0]) & 1 != 0 {
                    self.enter_region(w, 1, &rest)?;
                } else {
                    self.exit_ctl(w, &rest);
                }
            }
            Kind::Yield | Kind::AllocaScopeReturn => {
                let vals = self.gather(a);
                self.leave_region(&vals, &info.loc)?;
            }
            Kind::ExecuteRegion => {
                self.ctl.push(Ctl::Simple(op));
                self.enter_region(op, 0, &[])?;
            }
            Kind::IndexSwitch(cases) => {
                let v = self.int(a[0]) as u64 as i64;
                let region = cases.iter().position(|&c| c == v).map_or(0, |i| i + 1);
                self.ctl.push(Ctl::Simple(op));
                if !self.enter_region(op, region, &[])? {
                    self.ctl.pop();
                }
            }
            Kind::AllocaScope => {
                self.heap.push_stack_scope();
                self.ctl.push(Ctl::AllocaScope(op));
                if !self.enter_region(op, 0, &[])? {
                    self.ctl.pop();
                    self.heap.pop_stack_scope();
                }
            }
            Kind::Parallel { dims } => self.start_parallel(op, info, *dims)?,
            Kind::Forall {
                lbs,
                ubs,
                steps,
                outs_start,
            } => {
                let bounds = [lbs, ubs, steps].map(|m| self.mixed(info, m));
                self.start_forall(op, info, bounds, *outs_start)?;
            }
            Kind::Reduce => self.start_reduce(op, info)?,
            Kind::ReadBuffer => self.read_buffer(info)?,
            Kind::RegionIf => {
                let vals = self.gather(a);
                self.ctl.push(Ctl::RegionIf { op, joined: false });
                self.enter_region_or_exit(op, 0, &vals)?;
            }
            Kind::RegionBufferBased => self.start_element_wise(op, info)?,
            Kind::Structured(s) => self.start_structured(op, info, s)?,
            Kind::LinalgIndex(dim) => self.linalg_index(*dim, info)?,
            Kind::Affine(k) => self.exec_affine(op, info, k)?,
            Kind::AtomicRmw(update) => self.atomic_rmw(*update, info)?,
            Kind::GenericAtomicRmw => self.start_generic_atomic_rmw(op, info)?,
            Kind::Math(k) => self.exec_math(info, k)?,
            Kind::Vector(k) => self.exec_vector(info, k)?,
            Kind::Unsupported(what) => {
                return Err(fail(
                    RunErrorKind::UnsupportedOp,
                    format!("unsupported op {what}"),
                    &info.loc,
                ));
            }
            _ => self.exec_memory(op, info)?,
        }
        Ok(())
    }

    /// Executes the ops that compute a value without control flow: the scalar `arith` ops
    /// (constants, arithmetic, comparisons, selects, casts), `func.constant`, and `cf.assert`;
    /// whether `info` was one.
    fn exec_value_op(&mut self, info: &OpInfo) -> Result<bool, RunError> {
        let a = &info.args;
        match &info.kind {
            Kind::Const(v) => self.set(info.res[0], v.clone()),
            Kind::IntBin(b, w) => {
                let r = arith::int_binary(*b, self.int(a[0]), self.int(a[1]), *w)
                    .map_err(|m| fail(RunErrorKind::UndefinedBehavior, m, &info.loc))?;
                self.set(info.res[0], Val::Int(r));
            }
            Kind::FloatBin(b, t) => {
                let x = float::to_f64(&self.get(a[0]));
                let y = float::to_f64(&self.get(a[1]));
                self.set(info.res[0], float::from_f64(float::binary(*b, x, y), *t));
            }
            Kind::NegF(t) => {
                let x = float::to_f64(&self.get(a[0]));
                self.set(info.res[0], float::from_f64(-x, *t));
            }
            Kind::CmpI(p, w) => {
                let r = arith::compare(*p, self.int(a[0]), self.int(a[1]), *w);
                self.set(info.res[0], Val::Int(u128::from(r)));
            }
            Kind::CmpF(p, _) => {
                let x = float::to_f64(&self.get(a[0]));
                let y = float::to_f64(&self.get(a[1]));
                self.set(info.res[0], Val::Int(u128::from(float::compare(*p, x, y))));
            }
            Kind::Select => {
                let pick = if self.int(a[0]) & 1 != 0 { a[1] } else { a[2] };
                let v = self.get(pick);
                self.set(info.res[0], v);
            }
            Kind::Conv(c, to) => {
                let v = arith::convert(*c, *to, &self.get(a[0]));
                self.set(info.res[0], v);
            }
            Kind::IndexCast { from, to, signed } => {
                let v = self.int(a[0]);
                let r = if *signed { sext(v, *from) as u128 } else { v };
                self.set(info.res[0], Val::Int(r & mask(*to)));
            }
            Kind::ExtendedArith { op: e, width } => {
                let (lo, hi) = arith::extended(*e, self.int(a[0]), self.int(a[1]), *width);
                self.set(info.res[0], Val::Int(lo));
                if let Some(&r1) = info.res.get(1) {
                    self.set(r1, Val::Int(hi));
                }
            }
            Kind::Assert(msg) => {
                if self.int(a[0]) & 1 == 0 {
                    return Err(fail(
                        RunErrorKind::AssertionFailed,
                        format!("assertion failed: {msg}"),
                        &info.loc,
                    ));
                }
            }
            Kind::Unreachable => {
                return Err(fail(
                    RunErrorKind::UndefinedBehavior,
                    "reached ub.unreachable",
                    &info.loc,
                ));
            }
            Kind::FuncConstant(callee) => match callee {
                Callee::Func(f) => self.set(info.res[0], Val::Func(*f)),
                _ => {
                    return Err(fail(
                        RunErrorKind::UnsupportedOp,
                        "func.constant of an external function",
                        &info.loc,
                    ));
                }
            },
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn switch(
        &mut self,
        op: Op,
        info: &OpInfo,
        cases: &[u128],
        seg: &[usize],
    ) -> Result<(), RunError> {
        let a = &info.args;
        let flag = self.int(a[0]);
        let case_total: usize = seg.iter().sum();
        let n_default = a.len().saturating_sub(1 + case_total);
        let (succ, range) = match cases.iter().position(|&c| c == flag) {
            Some(i) => {
                let start = 1 + n_default + seg[..i.min(seg.len())].iter().sum::<usize>();
                let len = seg.get(i).copied().unwrap_or(0);
                (i + 1, start..(start + len).min(a.len()))
            }
            None => (0, 1..1 + n_default),
        };
        let vals = self.gather(&a[range]);
        self.jump(op, succ, &vals, &info.loc)
    }
}

/// Whether a loop at `iv` continues below `ub`.
fn for_continues(iv: u128, ub: u128, width: u32, unsigned: bool) -> bool {
    if unsigned {
        iv < ub
    } else {
        sext(iv, width) < sext(ub, width)
    }
}
