//! The function ABI seen from a caller of this strategy: every memref a call returns is a
//! buffer of its own, which the caller frees. The copy-insertion pass guarantees it (each
//! returned buffer is returned as a clone); a function deallocated another way, such as the
//! ownership-based strategy, may return one buffer at two positions (its own callers compare
//! pointers before freeing). [`make_returned_buffers_distinct`] makes such a function keep
//! this strategy's promise.

use analysis::alias::is_buffer;
use ir::dialects::arith::{CmpIOp, CmpIPredicate, OrIOp};
use ir::dialects::bufferization::CloneOp;
use ir::dialects::func::FuncOp;
use ir::dialects::memref::ExtractAlignedPointerAsIndexOp;
use ir::dialects::scf::{IfOp, YieldOp};
use ir::{Builder, Context, InsertPoint, Op, Traits, TypeData, Value};

/// Rewrites every return of `func` so that the memrefs it returns are distinct buffers: a
/// ranked memref whose buffer (aligned pointer) is that of an earlier returned memref is
/// returned as a clone instead, decided at run time. Ranked memrefs only; returns with an
/// unranked memref are left alone.
pub fn make_returned_buffers_distinct(ctx: &mut Context, func: Op) {
    for ret in function_returns(ctx, func) {
        distinct_at(ctx, ret);
    }
}

/// The return-like terminators of the blocks of `func`'s body.
pub fn function_returns(ctx: &Context, func: Op) -> Vec<Op> {
    let Some(body) = FuncOp(func).body(ctx) else {
        return Vec::new();
    };
    ctx.blocks(body)
        .filter_map(|b| ctx.last_op(b))
        .filter(|&t| ctx.has_trait(t, Traits::RETURN_LIKE))
        .collect()
}

fn distinct_at(ctx: &mut Context, ret: Op) {
    let positions: Vec<usize> = (0..ctx.num_operands(ret))
        .filter(|&i| is_buffer(ctx, ctx.operand(ret, i)))
        .collect();
    let ranked = positions.iter().all(|&i| {
        matches!(
            ctx.type_data(ctx.value_type(ctx.operand(ret, i))),
            TypeData::MemRef { .. }
        )
    });
    if positions.len() < 2 || !ranked {
        return;
    }
    let loc = ctx.op_loc(ret);
    let mut b = Builder::new(ctx, InsertPoint::Before(ret), loc);
    let pointers: Vec<Value> = positions
        .iter()
        .map(|&i| {
            let v = b.ctx().operand(ret, i);
            ExtractAlignedPointerAsIndexOp::build(&mut b, v).result(&b)
        })
        .collect();
    for (k, &position) in positions.iter().enumerate().skip(1) {
        let mut seen: Option<Value> = None;
        for &earlier in &pointers[..k] {
            let same = CmpIOp::build(&mut b, CmpIPredicate::Eq, earlier, pointers[k]).result(&b);
            seen = Some(match seen {
                Some(before) => OrIOp::build(&mut b, before, same).result(&b),
                None => same,
            });
        }
        let Some(seen) = seen else { continue };
        let value = b.ctx().operand(ret, position);
        let ty = b.ctx().value_type(value);
        let choice = IfOp::build(&mut b, seen, &[ty], true);
        let (Some(then_block), Some(else_block)) =
            (choice.then_block(b.ctx()), choice.else_block(b.ctx()))
        else {
            continue;
        };
        b.set_insertion_point(InsertPoint::End(then_block));
        let copy = CloneOp::build(&mut b, value).result(&b);
        YieldOp::build(&mut b, &[copy]);
        b.set_insertion_point(InsertPoint::End(else_block));
        YieldOp::build(&mut b, &[value]);
        b.set_insertion_point(InsertPoint::Before(ret));
        let returned = b.ctx().result(choice.0, 0);
        b.ctx().set_operand(ret, position, returned);
    }
}
