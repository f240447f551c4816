//! `buffer_deallocation_except_refused`: a function the pass would reject is put back exactly
//! as it was (and named in the answer), while the other functions are treated.

use ir::asm::{ParseOptions, PrintOptions, parse_module, print_module};
use ir::dialects::func::FuncOp;
use ir::{Changed, Context};
use legacy::BufferDeallocationOptions;

/// A function whose copy would hide a write (tests/buffer-deallocation/invalid.mlir, chunk 1)
/// and one the pass treats with a free.
const MODULE: &str = "func.func @refused(%n: index, %c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %a = memref.alloc() : memref<2xi64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<2xi64> {
    %y = scf.if %c -> memref<2xi64> {
      %b = memref.alloc() : memref<2xi64>
      scf.yield %b : memref<2xi64>
    } else {
      scf.yield %x : memref<2xi64>
    }
    scf.yield %y : memref<2xi64>
  }
  memref.store %one, %a[%c0] : memref<2xi64>
  %v = memref.load %r[%c0] : memref<2xi64>
  return %v : i64
}
func.func @treated() -> i64 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  %v = memref.load %a[%c0] : memref<2xi64>
  return %v : i64
}
";

/// The printed text of function `name` in `printed` (from its header to the next one).
fn function_text<'a>(printed: &'a str, name: &str) -> &'a str {
    let start = printed
        .find(&format!("func.func @{name}("))
        .expect("the function is printed");
    let rest = &printed[start..];
    let end = rest[1..].find("func.func @").map_or(rest.len(), |i| i + 1);
    &rest[..end]
}

#[test]
fn a_refused_function_is_put_back_as_it_was_and_the_others_are_treated() {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, "t.mlir", MODULE, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    let before = print_module(&ctx, module, &PrintOptions::default());

    let mut plain = Context::new();
    let plain_module = parse_module(&mut plain, "t.mlir", MODULE, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    let refusal = legacy::buffer_deallocation(&mut plain, plain_module, &BufferDeallocationOptions)
        .expect_err("the pass alone rejects @refused");
    assert!(refusal[0].message.contains("copy made for deallocation"));

    let (changed, refused) =
        legacy::buffer_deallocation_except_refused(&mut ctx, module, &BufferDeallocationOptions)
            .unwrap_or_else(|d| panic!("{}", d[0].message));
    assert_eq!(changed, Changed::Yes);
    let names: Vec<_> = refused
        .iter()
        .map(|&f| FuncOp(f).sym_name(&ctx).map(str::to_string))
        .collect();
    assert_eq!(names, vec![Some("refused".to_string())]);
    ir::verify::verify(&ctx, module).unwrap_or_else(|d| panic!("{}", d[0].message));
    let after = print_module(&ctx, module, &PrintOptions::default());
    assert_eq!(
        function_text(&after, "refused"),
        function_text(&before, "refused")
    );
    assert!(function_text(&after, "treated").contains("memref.dealloc"));
    assert!(!function_text(&before, "treated").contains("memref.dealloc"));
}
