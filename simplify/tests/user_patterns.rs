//! `canonicalize` applies the patterns an op registers in its `OpDef`, so an op a user
//! registers brings its own canonicalization.

use ir::asm::parser::{ParseOptions, parse_module};
use ir::asm::printer::{PrintOptions, print_module};
use ir::dialects::arith::ConstantOp;
use ir::{Context, Op, OpDef, Rewriter, Traits};

/// `x + 0 -> x` for the user op `"toy.add"`.
fn add_zero(rw: &mut Rewriter, op: Op) -> bool {
    let zero = rw.operand(op, 1);
    if ConstantOp::as_int(rw, zero) != Some(0) {
        return false;
    }
    let x = rw.operand(op, 0);
    rw.replace_op_uses(op, &[x]);
    rw.erase_op(op);
    true
}

fn context_with_toy_add() -> Context {
    let mut ctx = Context::new();
    let mut def = OpDef::new("toy.add");
    def.traits = Traits::PURE;
    def.canonicalization.patterns = &[add_zero];
    ctx.registry.register(def);
    ctx
}

fn canonicalized(ctx: &mut Context, src: &str) -> String {
    let module = parse_module(ctx, "t.mlir", src, &ParseOptions::default()).expect("parses");
    simplify::canonicalize(ctx, module, &simplify::CanonicalizeOptions::default())
        .expect("converges");
    print_module(ctx, module, &PrintOptions::default())
}

const ADDS: &str = r#"func.func @f(%x: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %a = "toy.add"(%x, %zero) : (i32, i32) -> i32
  %b = "toy.add"(%a, %one) : (i32, i32) -> i32
  %c = "toy.add"(%b, %zero) : (i32, i32) -> i32
  return %c : i32
}"#;

#[test]
fn a_user_registered_op_is_canonicalized_by_its_own_pattern() {
    let mut ctx = context_with_toy_add();
    let printed = canonicalized(&mut ctx, ADDS);
    let expected = r#"  func.func @f(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = "toy.add"(%arg0, %c1_i32) : (i32, i32) -> i32
    return %0 : i32
  }"#;
    assert!(printed.contains(expected), "{printed}");
}

#[test]
fn without_the_registered_pattern_the_op_stays() {
    let mut ctx = context_with_toy_add();
    if let Some(def) = ctx.registry.def_mut("toy.add") {
        def.canonicalization.patterns = &[];
    }
    let printed = canonicalized(&mut ctx, ADDS);
    assert_eq!(printed.matches("\"toy.add\"").count(), 3, "{printed}");
}
