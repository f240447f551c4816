//! `Context::results` borrows the context: the slice cannot outlive a mutation.

use ir::Context;

fn erase_while_borrowed(ctx: &mut Context, op: ir::Op) -> usize {
    let results = ctx.results(op);
    ctx.erase_op(op);
    results.len()
}

fn main() {
    let _ = erase_while_borrowed;
}
