//! The upstream `test` dialect ops with a definite meaning (`TestOps.td`, as MLIR's
//! buffer-deallocation tests use them).
//!
//! - `test.copy(%src, %dst)` and `test.buffer_based in(%src) out(%dst)`: copy every element
//!   of `%src` to `%dst` (they read their input and write their output, like `memref.copy`).
//! - `test.read_buffer %m`: reads every element (a use of the buffer).
//! - `test.forward_buffer %m`: returns its operand.
//! - `test.region_buffer_based in(%src) out(%dst) { ^bb0(%in, %out): ... test.region_yield %v }`:
//!   element-wise, like `linalg.generic`: for every element in row-major order the region runs
//!   on `(%src[i], %dst[i])` and `%v` is stored to `%dst[i]`. `%dst[i]` is loaded only when the
//!   region uses its argument, so a fresh output buffer is not an uninitialized read.
//! - `test.region_if %x then {...} else {...} join {...}`: has no condition; the executor takes
//!   the then region (one of its possible executions), whose `test.region_if_yield` values
//!   enter the join region, whose yielded values are the results.
//!
//! Other `test` ops (`test.side_effect_op`, `test.return`, ...) have no defined behaviour and
//! are reported as unsupported.

use ir::Op;

use super::{Ctl, Machine, RunError, RunErrorKind, Vals, fail};
use crate::heap::AllocId;
use crate::program::OpInfo;
use crate::value::{MemRefDesc, Val};

/// The allocation and byte offset of the element at row-major position `linear` of `d`.
fn element_address(d: &MemRefDesc, linear: i64) -> Option<(AllocId, i64)> {
    let id = d.alloc?;
    let mut rest = linear;
    let mut elem = d.offset;
    for (&size, &stride) in d.sizes.iter().zip(&d.strides).rev() {
        let size = size.max(1);
        elem = elem.wrapping_add((rest % size).wrapping_mul(stride));
        rest /= size;
    }
    let bytes = elem.wrapping_mul(d.elem.size_bytes() as i64);
    Some((id, d.shift.wrapping_add(bytes)))
}

impl Machine<'_> {
    /// The memref descriptor in operand `i` of `info`, or an error naming `what`.
    fn operand_memref(
        &self,
        info: &OpInfo,
        i: usize,
        what: &str,
    ) -> Result<std::rc::Rc<MemRefDesc>, RunError> {
        match info.args.get(i).map(|&s| self.get(s)) {
            Some(Val::MemRef(d)) if d.alloc.is_some() => Ok(d),
            _ => Err(fail(
                RunErrorKind::UndefinedBehavior,
                format!("{what} through a null memref"),
                &info.loc,
            )),
        }
    }

    /// Loads the element at row-major position `linear` of `d` (zero after a heap error).
    fn load_linear(&mut self, d: &MemRefDesc, linear: i64, info: &OpInfo) -> Result<Val, RunError> {
        let Some((id, offset)) = element_address(d, linear) else {
            return Ok(Val::Undef);
        };
        let r = self.heap.load(id, offset, d.elem, &info.loc);
        Ok(self.heap_result(r)?.map_or(Val::Undef, Val::from_scalar))
    }

    /// `test.read_buffer`: reads every element.
    pub(super) fn read_buffer(&mut self, info: &OpInfo) -> Result<(), RunError> {
        let d = self.operand_memref(info, 0, "test.read_buffer")?;
        for linear in 0..d.num_elements() {
            self.load_linear(&d, linear, info)?;
        }
        Ok(())
    }

    /// `test.region_buffer_based`: runs the region on the first element, if any.
    pub(super) fn start_element_wise(&mut self, op: Op, info: &OpInfo) -> Result<(), RunError> {
        let src = self.operand_memref(info, 0, "test.region_buffer_based")?;
        let dst = self.operand_memref(info, 1, "test.region_buffer_based")?;
        if src.sizes != dst.sizes {
            return Err(fail(
                RunErrorKind::UndefinedBehavior,
                format!(
                    "test.region_buffer_based between shapes {:?} and {:?}",
                    src.sizes, dst.sizes
                ),
                &info.loc,
            ));
        }
        if src.num_elements() == 0 {
            return Ok(());
        }
        self.ctl.push(Ctl::ElementWise { op, next: 0 });
        self.enter_element(op, info, 0)
    }

    /// Enters the region of `test.region_buffer_based` `op` on element `linear`.
    fn enter_element(&mut self, op: Op, info: &OpInfo, linear: i64) -> Result<(), RunError> {
        let src = self.operand_memref(info, 0, "test.region_buffer_based")?;
        let dst = self.operand_memref(info, 1, "test.region_buffer_based")?;
        let block_args = self
            .ctx
            .regions(op)
            .first()
            .and_then(|&r| self.ctx.entry_block(r))
            .map(|b| self.ctx.block_args(b).to_vec())
            .unwrap_or_default();
        let mut args = Vals::new();
        if !block_args.is_empty() {
            args.push(self.load_linear(&src, linear, info)?);
        }
        if let Some(&out) = block_args.get(1) {
            let v = if self.ctx.has_uses(out) {
                self.load_linear(&dst, linear, info)?
            } else {
                Val::Undef
            };
            args.push(v);
        }
        if !self.enter_region(op, 0, &args)? {
            self.exit_ctl(op, &[]);
        }
        Ok(())
    }

    /// The region of `test.region_buffer_based` `op` yielded `vals` for element `linear`:
    /// stores the value, then runs the next element or leaves the op.
    pub(super) fn next_element(
        &mut self,
        op: Op,
        linear: i64,
        vals: &[Val],
    ) -> Result<(), RunError> {
        let prog = self.prog;
        let Some(info) = prog.info(op) else {
            self.exit_ctl(op, &[]);
            return Ok(());
        };
        let dst = self.operand_memref(info, 1, "test.region_buffer_based")?;
        if let Some(v) = vals.first().filter(|v| !matches!(v, Val::MemRef(_)))
            && let Some((id, offset)) = element_address(&dst, linear)
        {
            let r = self
                .heap
                .store(id, offset, v.to_scalar(dst.elem), &info.loc);
            self.heap_result(r)?;
        }
        let next = linear + 1;
        if next < dst.num_elements() {
            if let Some(top) = self.ctl.last_mut() {
                *top = Ctl::ElementWise { op, next };
            }
            self.enter_element(op, info, next)
        } else {
            self.exit_ctl(op, &[]);
            Ok(())
        }
    }
}
