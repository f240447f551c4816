//! `verify_changed` checks exactly the ops a mutation touched, and catches what breaks there.

use ir::Context;
use ir::asm::{ParseOptions, parse_module};
use ir::verify::{ChangeRecord, ChangeVerifier, verify, verify_changed};

const PROGRAM: &str = r#"
func.func @f(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %a = arith.addi %n, %c1 : index
  %b = arith.muli %a, %a : index
  return %b : index
}
"#;

/// A context holding `source` parsed, and its module.
fn parse(source: &str) -> (Context, ir::Op) {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, "t.mlir", source, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    (ctx, module)
}

fn parsed() -> (Context, ir::Op) {
    parse(PROGRAM)
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

/// Calls, region branches and block branches: rules that read another op than the touched one.
const NEIGHBOURS: &str = r#"
func.func @callee(%x: index) -> index {
  return %x : index
}
func.func private @decl(%x: index) -> i1
func.func @caller(%n: index, %b: i1) -> index {
  %r = func.call @callee(%n) : (index) -> index
  %s = scf.if %b -> (index) {
    scf.yield %n : index
  } else {
    scf.yield %r : index
  }
  cf.br ^bb1
^bb1:
  return %s : index
}
"#;

/// The module of [`NEIGHBOURS`] and its three functions.
fn neighbours() -> (Context, ir::Op, [ir::Op; 3]) {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, "n.mlir", NEIGHBOURS, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    let funcs: Vec<ir::Op> = ctx
        .walk_preorder(module)
        .into_iter()
        .filter(|&op| ctx.op_name_str(op) == "func.func")
        .collect();
    (ctx, module, [funcs[0], funcs[1], funcs[2]])
}

/// The first op named `name` under `root`.
fn first_named(ctx: &Context, root: ir::Op, name: &str) -> ir::Op {
    ctx.walk_preorder(root)
        .into_iter()
        .find(|&op| ctx.op_name_str(op) == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

/// Runs `change` while recording and checks that `verify_changed` rejects the result, as the
/// full verifier does, with the same first message.
fn assert_caught(ctx: &mut Context, module: ir::Op, change: impl FnOnce(&mut Context)) -> String {
    ctx.start_recording_changes();
    change(ctx);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    let errors = verify_changed(ctx, module, touched).expect_err("the change breaks the IR");
    let full = verify(ctx, module).expect_err("the full verifier rejects it");
    assert_eq!(errors[0].message, full[0].message);
    errors[0].message.clone()
}

#[test]
fn a_renamed_callee_is_caught_at_its_call() {
    let (mut ctx, module, [callee, _, _]) = neighbours();
    let message = assert_caught(&mut ctx, module, |ctx| {
        let name = ctx.str_attr("renamed");
        ctx.set_attr(callee, "sym_name", name);
    });
    assert!(
        message.contains("does not reference a valid function"),
        "{message}"
    );
}

#[test]
fn a_function_type_change_is_caught_at_its_return() {
    let (mut ctx, module, [callee, decl, _]) = neighbours();
    let message = assert_caught(&mut ctx, module, |ctx| {
        let ty = ctx.get_attr(decl, "function_type").expect("typed");
        ctx.set_attr(callee, "function_type", ty);
    });
    assert!(message.contains("return"), "{message}");
}

#[test]
fn a_yielded_value_of_another_type_is_caught_at_the_region_branch_op() {
    let (mut ctx, module, [_, _, caller]) = neighbours();
    let yield_op = first_named(&ctx, caller, "scf.yield");
    let entry = ctx.entry_block(ctx.regions(caller)[0]).expect("body");
    let flag = ctx.block_args(entry)[1];
    let message = assert_caught(&mut ctx, module, |ctx| ctx.set_operand(yield_op, 0, flag));
    assert!(message.contains("scf.if"), "{message}");
}

#[test]
fn a_new_successor_argument_is_caught_at_the_branch() {
    let (mut ctx, module, [_, _, caller]) = neighbours();
    let branch = first_named(&ctx, caller, "cf.br");
    let target = ctx.successors(branch)[0];
    let index = ctx.index_type();
    let message = assert_caught(&mut ctx, module, |ctx| {
        ctx.add_block_arg(target, index);
    });
    assert!(message.contains("operand"), "{message}");
}

/// A diamond whose `^bb2` holds an `scf.if`; `%a` is defined in `^bb1`, which does not
/// dominate `^bb2`.
const DIAMOND: &str = r#"
func.func @d(%c: i1) -> index {
  %c1 = arith.constant 1 : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = arith.addi %c1, %c1 : index
  cf.br ^bb3(%a : index)
^bb2:
  %r = scf.if %c -> index {
    scf.yield %c1 : index
  } else {
    scf.yield %c1 : index
  }
  cf.br ^bb3(%r : index)
^bb3(%x: index):
  return %x : index
}
"#;

/// The diamond's context, module, `%a`, the `cf.cond_br` and the then-`scf.yield`.
fn diamond() -> (Context, ir::Op, ir::Value, ir::Op, ir::Op) {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, "d.mlir", DIAMOND, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    let ops = ctx.walk_preorder(module);
    let find = |name: &str| {
        ops.iter()
            .copied()
            .find(|&op| ctx.op_name_str(op) == name)
            .expect(name)
    };
    let a = ctx.results(find("arith.addi"))[0];
    let (branch, then_yield) = (find("cf.cond_br"), find("scf.yield"));
    (ctx, module, a, branch, then_yield)
}

#[test]
fn a_use_nested_in_a_block_the_definition_does_not_dominate_is_caught() {
    let (mut ctx, module, a, _, then_yield) = diamond();
    ctx.start_recording_changes();
    ctx.set_operand(then_yield, 0, a);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    let errors = verify_changed(&ctx, module, touched).expect_err("^bb1 does not dominate");
    assert!(errors[0].message.contains("does not dominate this use"));
}

#[test]
fn a_reused_verifier_sees_the_blocks_as_they_are_now() {
    let (mut ctx, module, a, branch, then_yield) = diamond();
    let mut verifier = ChangeVerifier::default();
    // A valid change in `^bb2` numbers the function's blocks.
    ctx.start_recording_changes();
    let one = ctx.operands(then_yield).next().expect("operand");
    ctx.set_operand(then_yield, 0, one);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    assert!(verifier.verify(&ctx, module, touched).is_ok());
    // Now `^bb1` reaches `^bb2` alone, so `%a` dominates the yield: valid, and so checked.
    let bb1 = ctx.successors(branch)[0];
    let bb2 = ctx.successors(branch)[1];
    let bb1_branch = ctx.last_op(bb1).expect("terminator");
    ctx.start_recording_changes();
    ctx.set_successor(branch, 1, bb1);
    ctx.set_successor(bb1_branch, 0, bb2);
    ctx.set_operands(bb1_branch, &[]);
    ctx.set_operand(then_yield, 0, a);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    assert!(verify(&ctx, module).is_ok(), "the change is valid");
    assert!(verifier.verify(&ctx, module, touched).is_ok());
}

/// An `scf.if` nested in another: the inner one reads `%a`, defined in the outer then-block.
const NESTED_IFS: &str = r#"
func.func @g(%b: i1, %n: index) -> index {
  %c1 = arith.constant 1 : index
  %s = scf.if %b -> (index) {
    %a = arith.addi %n, %c1 : index
    %t = scf.if %b -> (index) {
      %m = arith.muli %a, %a : index
      scf.yield %m : index
    } else {
      scf.yield %a : index
    }
    scf.yield %t : index
  } else {
    scf.yield %n : index
  }
  return %s : index
}
"#;

/// The context and module of [`NESTED_IFS`].
fn nested_ifs() -> (Context, ir::Op) {
    parse(NESTED_IFS)
}

/// Builds a copy of `op` without region bodies before `anchor`, moves `op`'s region bodies
/// into it, hands `op`'s uses over and erases `op` (what the patterns dropping results do).
fn rebuild_before(ctx: &mut Context, op: ir::Op, anchor: ir::Op) -> ir::Op {
    let mut state = ir::OpState::new(ctx.op_name(op), ctx.op_loc(op));
    state.operands = ctx.operands(op).collect();
    state.result_types = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
    state.attrs = ctx.attrs(op).to_vec();
    let old_regions = ctx.regions(op).to_vec();
    let mut b = ir::Builder::before(ctx, anchor);
    state.regions = old_regions.iter().map(|_| b.region()).collect();
    let new = b.create(state);
    for (k, &old) in old_regions.iter().enumerate() {
        let to = ctx.regions(new)[k];
        ctx.take_region_body(old, to);
    }
    for k in 0..ctx.results(op).len() {
        let (from, to) = (ctx.results(op)[k], ctx.results(new)[k]);
        ctx.replace_all_uses_with(from, to);
    }
    ctx.erase_op(op);
    new
}

#[test]
fn a_region_moved_to_a_twin_verifies_and_a_break_deep_inside_it_is_caught() {
    let (mut ctx, module) = nested_ifs();
    let outer = first_named(&ctx, module, "scf.if");
    let mul = first_named(&ctx, module, "arith.muli");
    ctx.start_recording_changes();
    let twin = rebuild_before(&mut ctx, outer, outer);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    assert!(verify(&ctx, module).is_ok(), "the move is valid");
    assert!(verify_changed(&ctx, module, touched).is_ok());
    // `%t` is defined by the op holding the multiplication: it cannot dominate it.
    let inner = ctx.walk_preorder(twin)[2];
    let inner_result = ctx.results(inner)[0];
    let message = assert_caught(&mut ctx, module, |ctx| {
        rebuild_before(ctx, twin, twin);
        ctx.set_operand(mul, 0, inner_result);
    });
    assert!(message.contains("does not dominate this use"), "{message}");
}

#[test]
fn a_twin_whose_results_no_longer_match_the_moved_yields_is_caught() {
    let (mut ctx, module) = nested_ifs();
    let outer = first_named(&ctx, module, "scf.if");
    let flag = ctx.operands(outer).next().expect("condition");
    assert_caught(&mut ctx, module, |ctx| {
        let twin = rebuild_before(ctx, outer, outer);
        let i1 = ctx.value_type(flag);
        let mismatched = ctx.results(twin)[0];
        ctx.set_value_type(mismatched, i1);
    });
}

#[test]
fn a_region_moved_above_a_value_it_reads_is_caught() {
    let (mut ctx, module) = nested_ifs();
    let add = first_named(&ctx, module, "arith.addi");
    let inner = ctx
        .walk_preorder(module)
        .into_iter()
        .filter(|&op| ctx.op_name_str(op) == "scf.if")
        .nth(1)
        .expect("the inner if");
    let message = assert_caught(&mut ctx, module, |ctx| {
        rebuild_before(ctx, inner, add);
    });
    assert!(message.contains("does not dominate this use"), "{message}");
}

#[test]
fn an_op_placed_after_a_terminator_is_caught() {
    let (mut ctx, module) = nested_ifs();
    let add = first_named(&ctx, module, "arith.addi");
    let block = ctx.op_parent(add).expect("in a block");
    assert_caught(&mut ctx, module, |ctx| {
        let copy = ir::clone::clone_op(ctx, add);
        ctx.append_op(block, copy);
    });
}

#[test]
fn a_symbol_placed_ahead_of_the_last_op_of_a_symbol_table_is_caught() {
    // Not the last op and without successors, a placed op still matters to its block's parent
    // when it names a symbol: the module must see the name clash.
    let (mut ctx, module) = nested_ifs();
    let func = first_named(&ctx, module, "func.func");
    let message = assert_caught(&mut ctx, module, |ctx| {
        let copy = ir::clone::clone_op(ctx, func);
        ctx.insert_op_before(func, copy);
    });
    assert!(message.contains("redefinition of symbol"), "{message}");
}

#[test]
fn removing_an_op_ahead_of_the_last_leaves_its_block_parent_unnoted() {
    // The parent of a block reads only its last op, its ops with successors and its symbols:
    // erasing another op (its results unused) notes nothing around it.
    let (mut ctx, module) = nested_ifs();
    let mul = first_named(&ctx, module, "arith.muli");
    let yield_op = ctx.next_op(mul).expect("the then-yield");
    let a = ctx.operands(mul).next().expect("operand");
    ctx.start_recording_changes();
    ctx.set_operand(yield_op, 0, a);
    ctx.erase_op(mul);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    // The record notes the yield, touched, and nothing else (so not its parent).
    assert_eq!(touched, ChangeRecord::of_touched([yield_op]));
    assert!(verify_changed(&ctx, module, touched).is_ok());
}

#[test]
fn a_removed_terminator_is_caught_at_its_block_parent() {
    let (mut ctx, module) = nested_ifs();
    let mul = first_named(&ctx, module, "arith.muli");
    let yield_op = ctx.next_op(mul).expect("the then-yield");
    let message = assert_caught(&mut ctx, module, |ctx| {
        ctx.erase_op(yield_op);
    });
    assert!(message.contains("expects regions to end with"), "{message}");
}

#[test]
fn a_removed_callee_is_caught_at_its_call() {
    // Not the last op of the module, a function still matters to it: it names a symbol.
    let (mut ctx, module, [callee, _, _]) = neighbours();
    let message = assert_caught(&mut ctx, module, |ctx| {
        ctx.erase_op(callee);
    });
    assert!(
        message.contains("does not reference a valid function"),
        "{message}"
    );
}

/// A function of two blocks whose second holds an `scf.if` between two definitions.
const NESTED_IN_SECOND_BLOCK: &str = r#"
func.func @g(%c: i1, %n: index) -> index {
  cf.br ^bb1
^bb1:
  %x = arith.addi %n, %n : index
  %r = scf.if %c -> (index) {
    scf.yield %n : index
  } else {
    scf.yield %n : index
  }
  %y = arith.muli %r, %r : index
  return %y : index
}
"#;

#[test]
fn a_nested_use_is_decided_by_position_in_the_definitions_block() {
    // The use's ancestor (`scf.if`) is in the definition's block: position decides, before or
    // after, whatever the numbering of the function's blocks.
    let (mut ctx, module) = parse(NESTED_IN_SECOND_BLOCK);
    let then_yield = first_named(&ctx, module, "scf.yield");
    let earlier = ctx.results(first_named(&ctx, module, "arith.addi"))[0];
    let later = ctx.results(first_named(&ctx, module, "arith.muli"))[0];
    ctx.start_recording_changes();
    ctx.set_operand(then_yield, 0, earlier);
    let touched = ctx.take_recorded_changes().expect("recording was on");
    assert!(verify_changed(&ctx, module, touched).is_ok());
    let message = assert_caught(&mut ctx, module, |ctx| {
        ctx.set_operand(then_yield, 0, later)
    });
    assert!(message.contains("does not dominate this use"), "{message}");
}
