//! `linalg`: structured ops on memrefs, `linalg.index` and `linalg.yield`.
//!
//! Every structured op (`linalg.generic` and the named ops, whose bodies the parser builds)
//! runs the way `convert-linalg-to-loops` lowers it: one loop per iteration dimension, outermost
//! first, each running from 0 to the size the indexing maps give it (loop `d` takes the size of
//! the first operand dimension indexed by exactly `d`,
//! [`ir::dialects::linalg::maps::loop_ranges`]). At each point of the loop nest the body runs
//! on the elements the maps select (an input that is not a memref, such as `linalg.fill`'s
//! value, is passed as it is), and the values `linalg.yield` gives are stored into the outputs at
//! their mapped positions. An output element is loaded only when the body uses its argument,
//! so filling a fresh buffer is not a read of uninitialized memory. `linalg.index d` is the
//! current value of loop `d`.
//!
//! Structured ops on tensors are not run (programs are judged after bufferization).

use std::rc::Rc;

use ir::dialects::linalg::maps;
use ir::{AffineMap, Context, Op, TypeData};

use crate::exec::{Ctl, Machine, RunError, RunErrorKind, fail};
use crate::program::{Kind, OpInfo};
use crate::value::{MemRefDesc, Val, index_val};

/// A structured op, decoded.
#[derive(Debug)]
pub struct Structure {
    /// One indexing map per operand.
    maps: Vec<AffineMap>,
    /// The number of input operands (the rest are outputs).
    inputs: usize,
    /// Whether the body uses each block argument (unused outputs are not loaded).
    arg_used: Vec<bool>,
}

/// An open structured op: its loop nest and where it stands.
pub(crate) struct Nest {
    op: Op,
    structure: Rc<Structure>,
    /// The operand values (memref descriptors or scalars).
    operands: Vec<Val>,
    /// The size of each loop.
    ranges: Vec<i64>,
    /// The current point.
    ivs: Vec<i64>,
}

impl Nest {
    /// Moves to the next point, the last loop fastest; `false` past the last one.
    fn advance(&mut self) -> bool {
        for d in (0..self.ivs.len()).rev() {
            self.ivs[d] += 1;
            if self.ivs[d] < self.ranges[d] {
                return true;
            }
            self.ivs[d] = 0;
        }
        false
    }

    /// The indices operand `i` is accessed at, at the current point.
    fn indices(&self, i: usize) -> Option<Vec<i64>> {
        let map = self.structure.maps.get(i)?;
        map.results
            .iter()
            .map(|e| maps::eval(e, &self.ivs))
            .collect()
    }
}

/// Decodes an op of the `linalg` dialect.
pub fn decode(ctx: &Context, op: Op, short: &str) -> Kind {
    match short {
        "yield" => Kind::Yield,
        "index" => match ctx.get_attr(op, "dim").map(|a| ctx.attr_data(a)) {
            Some(ir::AttrData::Integer { value, .. }) => Kind::LinalgIndex(*value as usize),
            _ => Kind::Unsupported("'linalg.index' without a dimension".into()),
        },
        _ => decode_structured(ctx, op, short),
    }
}

fn decode_structured(ctx: &Context, op: Op, short: &str) -> Kind {
    if !maps::is_structured(ctx, op) {
        return Kind::Unsupported(format!("'linalg.{short}'"));
    }
    let on_tensors = ctx
        .operands(op)
        .any(|v| matches!(ctx.type_data(ctx.value_type(v)), TypeData::Tensor { .. }));
    if on_tensors {
        return Kind::Unsupported(format!(
            "'linalg.{short}' on tensors (bufferize the program first)"
        ));
    }
    let Some(maps) = maps::indexing_maps(ctx, op) else {
        return Kind::Unsupported(format!("'linalg.{short}' without indexing maps"));
    };
    let arg_used = ctx
        .regions(op)
        .first()
        .and_then(|&r| ctx.entry_block(r))
        .map(|b| ctx.block_args(b).iter().map(|&a| ctx.has_uses(a)).collect())
        .unwrap_or_default();
    Kind::Structured(Rc::new(Structure {
        maps,
        inputs: maps::num_inputs(ctx, op),
        arg_used,
    }))
}

/// The shape an operand value gives the loop-range computation.
fn shape_of(v: &Val) -> &[i64] {
    match v {
        Val::MemRef(d) => &d.sizes,
        _ => &[],
    }
}

impl Machine<'_> {
    /// Starts a structured op: derives its loop ranges and runs its body at the first point.
    pub(crate) fn start_structured(
        &mut self,
        op: Op,
        info: &OpInfo,
        structure: &Rc<Structure>,
    ) -> Result<(), RunError> {
        let operands: Vec<Val> = info.args.iter().map(|&s| self.get(s)).collect();
        let shapes: Vec<&[i64]> = operands.iter().map(shape_of).collect();
        let Some(ranges) = maps::loop_ranges(&structure.maps, &shapes) else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "the indexing maps do not determine the loop ranges from the operand shapes",
                &info.loc,
            ));
        };
        if ranges.iter().any(|&r| r <= 0) {
            return Ok(());
        }
        let nest = Nest {
            op,
            structure: structure.clone(),
            operands,
            ivs: vec![0; ranges.len()],
            ranges,
        };
        self.linalg.push(nest);
        self.ctl.push(Ctl::Structured(op));
        self.enter_point(info)
    }

    /// The descriptor in operand `i` of the innermost open structured op, if it is a memref.
    fn nest_memref(&self, i: usize) -> Option<Rc<MemRefDesc>> {
        match self.linalg.last()?.operands.get(i)? {
            Val::MemRef(d) => Some(d.clone()),
            _ => None,
        }
    }

    /// The heap position of operand `i`'s element at the current point of the innermost nest.
    fn element_at(
        &mut self,
        i: usize,
        info: &OpInfo,
    ) -> Result<Option<(Rc<MemRefDesc>, crate::heap::AllocId, i64)>, RunError> {
        let (Some(d), Some(indices)) = (
            self.nest_memref(i),
            self.linalg.last().and_then(|n| n.indices(i)),
        ) else {
            return Ok(None);
        };
        Ok(self
            .element_offset_at(&d, &indices, info)?
            .map(|(id, offset)| (d, id, offset)))
    }

    /// Runs the body of the innermost nest at its current point.
    fn enter_point(&mut self, info: &OpInfo) -> Result<(), RunError> {
        let Some(nest) = self.linalg.last() else {
            return Ok(());
        };
        let (op, structure) = (nest.op, nest.structure.clone());
        let mut args = Vec::with_capacity(structure.maps.len());
        for i in 0..structure.maps.len() {
            let used = structure.arg_used.get(i).copied().unwrap_or(true);
            let arg = match self.linalg.last().and_then(|n| n.operands.get(i)) {
                Some(Val::MemRef(_)) if i >= structure.inputs && !used => Val::Undef,
                Some(Val::MemRef(_)) => match self.element_at(i, info)? {
                    Some((d, id, offset)) => {
                        let r = self.heap.load(id, offset, d.elem, &info.loc);
                        self.heap_result(r)?.map_or(Val::Undef, Val::from_scalar)
                    }
                    None => Val::Undef,
                },
                Some(scalar) => scalar.clone(),
                None => Val::Undef,
            };
            args.push(arg);
        }
        if !self.enter_region(op, 0, &args)? {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "structured op without a body",
                &info.loc,
            ));
        }
        Ok(())
    }

    /// The body of structured op `op` yielded `vals`: stores them into the outputs, then runs the
    /// next point or leaves the op.
    pub(crate) fn next_structured_point(&mut self, op: Op, vals: &[Val]) -> Result<(), RunError> {
        let prog = self.prog;
        let Some(info) = prog.info(op) else {
            self.linalg.pop();
            self.exit_ctl(op, &[]);
            return Ok(());
        };
        let inputs = self.linalg.last().map_or(0, |n| n.structure.inputs);
        for (k, v) in vals.iter().enumerate() {
            if let Some((d, id, offset)) = self.element_at(inputs + k, info)? {
                let r = self.heap.store(id, offset, v.to_scalar(d.elem), &info.loc);
                self.heap_result(r)?;
            }
        }
        let more = self.linalg.last_mut().is_some_and(Nest::advance);
        if more {
            self.enter_point(info)
        } else {
            self.linalg.pop();
            self.exit_ctl(op, &[]);
            Ok(())
        }
    }

    /// `linalg.index dim`: the current value of loop `dim` of the innermost structured op.
    pub(crate) fn linalg_index(&mut self, dim: usize, info: &OpInfo) -> Result<(), RunError> {
        let Some(&iv) = self.linalg.last().and_then(|n| n.ivs.get(dim)) else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                format!("linalg.index {dim} outside a structured op with that many loops"),
                &info.loc,
            ));
        };
        self.set(info.res[0], index_val(iv));
        Ok(())
    }
}
