//! What the unit tests of the crate share: a parsed program, its blocks and its values.

use ir::asm::parser::{ParseOptions, parse_module};
use ir::{Block, Context, Op, Value};

/// The context holding `text`, parsed, and its module.
pub(crate) fn parsed(text: &str) -> (Context, Op) {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, "t.mlir", text, &ParseOptions::default()).expect("parses");
    (ctx, module)
}

/// The blocks of `module` and its values (results and block arguments), in program order.
pub(crate) fn blocks_and_values(ctx: &Context, module: Op) -> (Vec<Block>, Vec<Value>) {
    let mut blocks = Vec::new();
    let mut values = Vec::new();
    for op in ctx.walk_preorder(module) {
        values.extend_from_slice(ctx.results(op));
        for &region in ctx.regions(op) {
            for block in ctx.blocks(region) {
                blocks.push(block);
                values.extend_from_slice(ctx.block_args(block));
            }
        }
    }
    (blocks, values)
}

/// The buffers of `module` (results and block arguments), in program order.
pub(crate) fn buffers(ctx: &Context, module: Op) -> Vec<Value> {
    let (_, mut values) = blocks_and_values(ctx, module);
    values.retain(|&v| analysis::alias::is_buffer(ctx, v));
    values
}
