//! The atomic read-modify-write ops of `memref` (the interpreter runs one thread, so they are
//! a load followed by a store):
//!
//! - `memref.atomic_rmw kind %v, %m[%i]` stores `kind(%m[%i], %v)` (or `%v` for `assign`) and
//!   yields the element it read, as LLVM's `atomicrmw` does;
//! - `memref.generic_atomic_rmw %m[%i] { ^bb0(%current): ... memref.atomic_yield %new }` runs
//!   its body on the element read, stores what the body yields and yields that same value.

use ir::Op;

use super::{Ctl, Machine, RunError, RunErrorKind, fail};
use crate::ops::{arith, float};
use crate::program::{AtomicUpdate, OpInfo};
use crate::value::{Val, as_index};

impl Machine<'_> {
    /// `memref.atomic_rmw`: operands are the value, the memref and its indices.
    pub(super) fn atomic_rmw(
        &mut self,
        update: AtomicUpdate,
        info: &OpInfo,
    ) -> Result<(), RunError> {
        let a = &info.args;
        let indices: Vec<i64> = a[2..].iter().map(|&s| as_index(&self.get(s))).collect();
        let old = self.load_at(a[1], &indices, info)?;
        let value = self.get(a[0]);
        let new = match update {
            AtomicUpdate::Assign => value,
            AtomicUpdate::Int(b, w) => {
                let old_bits = as_index(&old) as u128;
                let r = arith::int_binary(b, old_bits, self.int(a[0]), w)
                    .map_err(|m| fail(RunErrorKind::UndefinedBehavior, m, &info.loc))?;
                Val::Int(r)
            }
            AtomicUpdate::Float(b, t) => {
                let r = float::binary(b, float::to_f64(&old), float::to_f64(&value));
                float::from_f64(r, t)
            }
        };
        self.store_at(a[1], &indices, &new, info)?;
        self.set(info.res[0], old);
        Ok(())
    }

    /// `memref.generic_atomic_rmw`: runs the body on the element its memref holds.
    pub(super) fn start_generic_atomic_rmw(
        &mut self,
        op: Op,
        info: &OpInfo,
    ) -> Result<(), RunError> {
        let a = &info.args;
        let indices: Vec<i64> = a[1..].iter().map(|&s| as_index(&self.get(s))).collect();
        let current = self.load_at(a[0], &indices, info)?;
        self.ctl.push(Ctl::AtomicBody(op));
        if !self.enter_region(op, 0, &[current])? {
            self.ctl.pop();
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "memref.generic_atomic_rmw without a body",
                &info.loc,
            ));
        }
        Ok(())
    }

    /// The body of `memref.generic_atomic_rmw` `op` yielded `vals`: stores the new element.
    pub(super) fn finish_generic_atomic_rmw(
        &mut self,
        op: Op,
        vals: &[Val],
    ) -> Result<(), RunError> {
        let prog = self.prog;
        let Some(info) = prog.info(op) else {
            self.exit_ctl(op, vals);
            return Ok(());
        };
        let Some(new) = vals.first() else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "memref.atomic_yield without a value",
                &info.loc,
            ));
        };
        let a = &info.args;
        let indices: Vec<i64> = a[1..].iter().map(|&s| as_index(&self.get(s))).collect();
        self.store_at(a[0], &indices, new, info)?;
        self.exit_ctl(op, vals);
        Ok(())
    }
}
