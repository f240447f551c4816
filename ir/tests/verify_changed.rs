//! `verify_changed` checks exactly the ops a mutation touched, and catches what breaks there.

use ir::Context;
use ir::asm::{ParseOptions, parse_module};
use ir::verify::{verify, verify_changed};

const PROGRAM: &str = r#"
func.func @f(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %a = arith.addi %n, %c1 : index
  %b = arith.muli %a, %a : index
  return %b : index
}
"#;

fn parsed() -> (Context, ir::Op) {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, "f.mlir", PROGRAM, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    (ctx, module)
}

/// The ops of the function body, in order.
fn body_ops(ctx: &Context, module: ir::Op) -> Vec<ir::Op> {
    let func = ctx.walk_preorder(module)[1];
    let block = ctx.entry_block(ctx.regions(func)[0]).expect("body");
    ctx.block_ops(block).collect()
}

#[test]
fn a_use_redirected_to_a_later_definition_is_caught() {
    let (mut ctx, module) = parsed();
    let ops = body_ops(&ctx, module);
    let (add, mul) = (ops[1], ops[2]);
    let later = ctx.results(mul)[0];
    ctx.start_recording_changes();
    ctx.set_operand(add, 1, later);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    let errors = verify_changed(&ctx, module, touched).expect_err("use before definition");
    assert!(
        errors[0].message.contains("does not dominate this use"),
        "{}",
        errors[0].message
    );
    assert!(verify(&ctx, module).is_err());
}

#[test]
fn an_op_moved_below_its_users_is_caught() {
    let (mut ctx, module) = parsed();
    let ops = body_ops(&ctx, module);
    let (add, ret) = (ops[1], ops[3]);
    ctx.start_recording_changes();
    ctx.move_op_before(add, ret);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    let errors = verify_changed(&ctx, module, touched).expect_err("users precede the op");
    assert!(errors[0].message.contains("does not dominate this use"));
}

#[test]
fn untouched_ops_are_not_checked_and_valid_changes_pass() {
    let (mut ctx, module) = parsed();
    let ops = body_ops(&ctx, module);
    let (c1, add, mul) = (ops[0], ops[1], ops[2]);
    // Break the IR without recording, then make a valid recorded change elsewhere.
    ctx.set_operand(add, 1, ctx.results(mul)[0]);
    ctx.start_recording_changes();
    let one = ctx.results(c1)[0];
    ctx.set_operand(mul, 1, one);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    assert!(verify_changed(&ctx, module, touched).is_ok());
    assert!(
        verify(&ctx, module).is_err(),
        "the full verifier still sees it"
    );
}
