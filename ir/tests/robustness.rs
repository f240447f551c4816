//! The parser, verifier and printer never panic: deep nesting, huge literals, truncated input
//! and random bytes all end in `Ok` or in a located error.

use ir::asm::{ParseOptions, PrintOptions, parse_module, print_module};
use ir::{Context, Diagnostic};

/// Parses, verifies and prints `src`, returning the first error if any. Errors must carry a
/// file location.
fn run(src: &str) -> Result<String, Diagnostic> {
    let mut ctx = Context::new();
    let opts = ParseOptions {
        allow_unregistered: true,
    };
    let result = parse_module(&mut ctx, "input.mlir", src, &opts).and_then(|module| {
        ir::verify::verify(&ctx, module)
            .map_err(|mut diags| diags.remove(0))
            .map(|()| print_module(&ctx, module, &PrintOptions::default()))
    });
    if let Err(d) = &result {
        assert!(
            ctx.file_pos(d.loc).is_some(),
            "error without a location: {}",
            d.message
        );
    }
    result
}

/// Runs `f` on a thread with a 4 GiB stack, as the driver does.
fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(4 << 30)
        .spawn(f)
        .expect("spawn parser thread")
        .join()
        .expect("parser thread panicked")
}

fn nested_regions(depth: usize) -> String {
    let mut src = String::with_capacity(depth * 40);
    for _ in 0..depth {
        src.push_str("\"foo.r\"() ({\n");
    }
    for _ in 0..depth {
        src.push_str("}) : () -> ()\n");
    }
    src
}

#[test]
fn ten_thousand_nested_regions_parse_and_print() {
    let out = with_big_stack(|| run(&nested_regions(10_000)));
    let printed = out.expect("deep nesting parses");
    assert_eq!(printed.matches("\"foo.r\"").count(), 10_000);
}

#[test]
fn nesting_beyond_the_limit_is_an_error() {
    let err = with_big_stack(|| run(&nested_regions(ir::asm::parser::MAX_NESTING + 10)));
    let err = err.expect_err("too deep");
    assert!(err.message.contains("nesting"), "{}", err.message);
}

#[test]
fn huge_integers_are_errors_not_panics() {
    let cases = [
        "func.func @f() attributes {a = 99999999999999999999999999999999999999999999999999 : i64} {\n  return\n}",
        "func.func @f() attributes {a = -340282366920938463463374607431768211456 : i128} {\n  return\n}",
        "func.func private @f(memref<99999999999999999999999xf32>)",
        "func.func private @f(memref<4xf32, strided<[99999999999999999999]>>)",
        "func.func private @f(i99999999999)",
        "func.func @f() -> f32 {\n  %0 = arith.constant 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : f32\n  return %0 : f32\n}",
        "%0:99999999999999999999 = \"foo.x\"() : () -> i32",
        "func.func @f() attributes {a = dense<\"0x0102\"> : tensor<3xi32>} {\n  return\n}",
    ];
    for src in cases {
        assert!(run(src).is_err(), "accepted: {src}");
    }
}

#[test]
fn every_truncation_of_a_valid_file_is_handled() {
    let src = r#"#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @f(%arg0: memref<4xf32>, %c: i1) -> f32 attributes {s = "a\"b", d = dense<[1.0, 2.0]> : tensor<2xf32>} {
  %c0 = arith.constant 0 : index
  %0 = scf.if %c -> (f32) {
    %1 = memref.load %arg0[%c0] : memref<4xf32>
    scf.yield %1 : f32
  } else {
    %cst = arith.constant 1.5 : f32
    scf.yield %cst : f32
  }
  cf.br ^bb1(%0 : f32)
^bb1(%2: f32):  // pred: ^bb0
  "foo.op"(%2) <{p = 1}> ({
  ^bb0(%x: f32):
    "foo.yield"(%x) : (f32) -> ()
  }) {loc_test} : (f32) -> () loc("file.mlir":3:4)
  return %2 : f32
}
"#;
    assert!(run(src).is_ok(), "{:?}", run(src).err());
    for end in 0..src.len() {
        if src.is_char_boundary(end) {
            let _ = run(&src[..end]);
        }
    }
}

#[test]
fn random_bytes_never_panic() {
    // A small deterministic generator (xorshift), biased towards MLIR punctuation.
    let alphabet = b"%^@#!\"(){}[]<>,:=-+*?.0123456789xabcdefimnrtu_ \n\\/";
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..2_000 {
        let mut bytes = Vec::new();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let len = (state % 120) as usize;
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let b = if state.is_multiple_of(5) {
                (state >> 8) as u8
            } else {
                alphabet[(state >> 8) as usize % alphabet.len()]
            };
            bytes.push(b);
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let _ = run(&text);
    }
}

#[test]
fn every_registered_op_declares_its_counts() {
    let ctx = Context::new();
    let undeclared: Vec<&str> = ctx
        .registry
        .registered_names()
        .into_iter()
        .filter(|name| {
            ctx.registry
                .lookup(name)
                .is_some_and(|id| ctx.registry.def(id).counts.is_none())
        })
        .collect();
    assert!(
        undeclared.is_empty(),
        "no counts declared for {undeclared:?}"
    );
}

/// The two generic forms of issue 11 that used to panic, and wrong counts of each kind: each
/// is rejected with `mlir-opt-22`'s message before any custom printer or op verifier sees it.
#[test]
fn wrong_counts_are_rejected_first_with_mlir_messages() {
    let cases = [
        (
            r#""builtin.module"() : () -> ()"#,
            "'builtin.module' op requires one region",
        ),
        (
            "func.func @f() {\n  \"func.call_indirect\"() : () -> ()\n  return\n}",
            "'func.call_indirect' op expected 1 or more operands, but found 0",
        ),
        (
            "func.func @f(%i: index) {\n  \"scf.if\"(%i) ({}) : (index) -> ()\n  return\n}",
            "'scf.if' op expected 2 regions",
        ),
        (
            "func.func @f() {\n  \"memref.alloc\"() : () -> ()\n  return\n}",
            "'memref.alloc' op requires one result",
        ),
        (
            "func.func @f() {\n  \"cf.br\"() : () -> ()\n}",
            "'cf.br' op requires 1 successor but found 0",
        ),
        (
            "func.func @f(%i: index) {\n  %x = \"arith.addi\"(%i) : (index) -> index\n  return\n}",
            "'arith.addi' op expected 2 operands, but found 1",
        ),
        (
            "func.func @f(%i: index) {\n  %x = \"memref.alloc\"(%i) : (index) -> memref<?xf32>\n  return\n}",
            "'memref.alloc' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'",
        ),
        (
            "func.func @f(%i: index) {\n  %x = \"memref.alloc\"(%i) <{operandSegmentSizes = array<i32: 1>}> : (index) -> memref<?xf32>\n  return\n}",
            "invalid properties {operandSegmentSizes = array<i32: 1>} for op memref.alloc: size mismatch in attribute conversion: 1 vs 2",
        ),
    ];
    for (src, message) in cases {
        let err = with_big_stack(move || run(src)).expect_err(src);
        assert_eq!(err.message, message, "{src}");
    }
}
