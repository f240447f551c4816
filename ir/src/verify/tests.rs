//! What the verifier of touched ops checks for an op noted only for a change around it.

use crate::asm::{ParseOptions, parse_module};
use crate::context::Context;
use crate::entity::{Block, Op};
use crate::verify::{verify, verify_changed};

const DIAMOND: &str = r#"
func.func @f(%c: i1, %x: index) -> index {
  cf.cond_br %c, ^a, ^b
^a:
  %y = arith.addi %x, %x : index
  cf.br ^join
^b:
  cf.br ^join
^join:
  return %x : index
}
"#;

/// The parsed diamond's module and its function's blocks, in order.
fn diamond(ctx: &mut Context) -> (Op, Vec<Block>) {
    let module = parse_module(ctx, "t.mlir", DIAMOND, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    let function = ctx.walk_preorder(module)[1];
    let blocks = ctx.blocks(ctx.regions(function)[0]).collect();
    (module, blocks)
}

/// A block given an argument gets the branches into it checked (one left without an operand
/// for it fails), but not the function's other terminators: a branch broken elsewhere, without
/// being recorded, goes unseen, where checking the function as touched would see it.
#[test]
fn new_block_arguments_check_the_branches_into_their_block_only() {
    let mut ctx = Context::new();
    let (module, blocks) = diamond(&mut ctx);
    let (entry, a, b, join) = (blocks[0], blocks[1], blocks[2], blocks[3]);
    let x = ctx.block_args(entry)[1];
    let cond_br = ctx.last_op(entry).expect("a terminator");
    ctx.push_operand(cond_br, x);
    assert!(
        verify(&ctx, module).is_err(),
        "the conditional branch is broken"
    );

    ctx.start_recording_changes();
    let index = ctx.index_type();
    ctx.add_block_arg(join, index);
    for block in [a, b] {
        let branch = ctx.last_op(block).expect("a terminator");
        ctx.push_operand(branch, x);
    }
    let touched = ctx.take_recorded_changes().expect("recording was on");
    assert!(verify_changed(&ctx, module, touched).is_ok());

    ctx.start_recording_changes();
    ctx.add_block_arg(join, index);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    let errors = verify_changed(&ctx, module, touched).expect_err("branches lack an operand");
    let message = &errors[0].message;
    assert!(message.contains("but target block has 2"), "{message}");
}
