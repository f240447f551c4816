// RUN: dealloc-opt %s --split-input-file --allow-unregistered-dialect

// `builtin.` is dropped only where `builtin` is the default dialect: at module level. Inside a
// `func.func` (default `func`) or an `scf` region (no default), builtin ops keep their prefix.
module {
  %0 = "foo.src"() : () -> i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to i64
  func.func @f(%a: i32) -> i64 {
    %b = builtin.unrealized_conversion_cast %a : i32 to i64
    scf.execute_region {
      %c = builtin.unrealized_conversion_cast %a : i32 to i64
      scf.yield
    }
    return %b : i64
  }
}
