//! What the verifier of touched ops checks for an op noted only for a change around it, or for
//! operands now reading other values of the same types.

use crate::asm::{ParseOptions, parse_module};
use crate::context::Context;
use crate::diag::Diagnostic;
use crate::entity::{Block, Op};
use crate::verify::{verify, verify_changed};

/// Verifies the ops `change` touches in `ctx` under `module`, as recorded.
fn verify_recorded(
    ctx: &mut Context,
    module: Op,
    change: impl FnOnce(&mut Context),
) -> Result<(), Vec<Diagnostic>> {
    ctx.start_recording_changes();
    change(ctx);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    verify_changed(ctx, module, touched)
}

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

const WHILE: &str = r#"
func.func @w(%x: index, %y: index, %z: i64) -> index {
  %r = scf.while (%a = %x) : (index) -> index {
    %c = arith.cmpi slt, %a, %y : index
    scf.condition(%c) %a : index
  } do {
  ^bb0(%b: index):
    %n = arith.addi %b, %b : index
    %m = arith.addi %b, %y : index
    scf.yield %n : index
  }
  return %r : index
}
"#;

/// The parsed loop's module, the loop, and the values the test replaces: `%a` (the `before`
/// region's argument), `%n` and `%m` (results of the `after` region) and `%z` (an `i64`).
fn while_loop(ctx: &mut Context) -> (Op, Op, [crate::entity::Value; 4]) {
    let module = parse_module(ctx, "t.mlir", WHILE, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    let function = ctx.walk_preorder(module)[1];
    let body = ctx.entry_block(ctx.regions(function)[0]).expect("a body");
    let z = ctx.block_args(body)[2];
    let loop_op = ctx.first_op(body).expect("the loop");
    let [before, after] = [0, 1].map(|i| {
        let region = ctx.regions(loop_op)[i];
        ctx.entry_block(region).expect("a block")
    });
    let a = ctx.block_args(before)[0];
    let after_ops: Vec<Op> = ctx.block_ops(after).collect();
    let (n, m) = (ctx.results(after_ops[0])[0], ctx.results(after_ops[1])[0]);
    (module, loop_op, [a, n, m, z])
}

/// A yield whose operand now reads another value of the same type gets its operands'
/// dominance checked (a value of the other region, out of its reach, fails) but not its rules nor its loop's (a
/// loop broken elsewhere, without being recorded, goes unseen); a value of another type gets
/// both checked.
#[test]
fn same_type_replacement_checks_a_yield_for_dominance_only() {
    let mut ctx = Context::new();
    let (module, loop_op, [a, n, m, z]) = while_loop(&mut ctx);
    let x = ctx.operand(loop_op, 0);
    ctx.push_operand(loop_op, x);
    assert!(verify(&ctx, module).is_err(), "the loop is broken");

    assert!(verify_recorded(&mut ctx, module, |ctx| ctx.replace_all_uses_with(n, m)).is_ok());

    let errors = verify_recorded(&mut ctx, module, |ctx| ctx.replace_all_uses_with(m, a))
        .expect_err("%a is out of reach");
    let message = &errors[0].message;
    assert!(
        message.contains("'scf.yield' op using value defined outside the region"),
        "{message}"
    );

    assert!(verify_recorded(&mut ctx, module, |ctx| ctx.replace_all_uses_with(a, z)).is_err());
}
