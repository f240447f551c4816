//! Entity handles are distinct types: a `Block` is not an `Op`.

use ir::Context;

fn erase_block_as_op(ctx: &mut Context) {
    let block = ctx.create_block();
    ctx.erase_op(block);
}

fn main() {
    let _ = erase_block_as_op;
}
