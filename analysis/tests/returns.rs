//! `ReturnSummaries`: what a function's results may be (arguments, fresh buffers, unknown), and
//! how the origin analysis uses them to tell call results apart.

use analysis::alias::{AliasResult, BufferOriginAnalysis, BufferViewFlowAnalysis};
use analysis::returns::{ReturnSummaries, ReturnedBuffer};
use ir::OpView;
use ir::asm::parser::{ParseOptions, parse_module};
use ir::dialects::func::CallOp;
use ir::{Context, Op, Value};
use smallvec::SmallVec;

const MODULE: &str = r#"
memref.global "private" constant @g : memref<2xf32> = dense<0.0>
func.func private @external() -> memref<2xf32>
func.func @fresh() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}
func.func @identity(%x: memref<2xf32>) -> memref<2xf32> {
  return %x : memref<2xf32>
}
func.func @arg_or_fresh(%x: memref<2xf32>, %c: i1) -> memref<2xf32> {
  %r = scf.if %c -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  } else {
    scf.yield %x : memref<2xf32>
  }
  return %r : memref<2xf32>
}
func.func @twice() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  return %a, %a : memref<2xf32>, memref<2xf32>
}
func.func @global() -> memref<2xf32> {
  %g = memref.get_global @g : memref<2xf32>
  return %g : memref<2xf32>
}
func.func @wraps() -> memref<2xf32> {
  %f = call @fresh() : () -> memref<2xf32>
  %v = memref.subview %f[0] [2] [1] : memref<2xf32> to memref<2xf32, strided<[1]>>
  %c = memref.cast %v : memref<2xf32, strided<[1]>> to memref<2xf32>
  return %c : memref<2xf32>
}
func.func @opaque() -> memref<2xf32> {
  %e = call @external() : () -> memref<2xf32>
  return %e : memref<2xf32>
}
func.func @recursive(%c: i1) -> memref<2xf32> {
  %r = scf.if %c -> memref<2xf32> {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  } else {
    %f = arith.constant true
    %s = func.call @recursive(%f) : (i1) -> memref<2xf32>
    scf.yield %s : memref<2xf32>
  }
  return %r : memref<2xf32>
}
func.func @guarded(%x: memref<2xf32>, %c: i1) -> memref<2xf32> {
  %true = arith.constant true
  %false = arith.constant false
  %p:2 = scf.if %c -> (memref<2xf32>, i1) {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a, %true : memref<2xf32>, i1
  } else {
    scf.yield %x, %false : memref<2xf32>, i1
  }
  %r = scf.if %p#1 -> memref<2xf32> {
    scf.yield %p#0 : memref<2xf32>
  } else {
    %k = bufferization.clone %p#0 : memref<2xf32> to memref<2xf32>
    scf.yield %k : memref<2xf32>
  }
  return %r : memref<2xf32>
}
func.func @guarded_loop(%x: memref<2xf32>, %n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %l:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %x, %own = %false) -> (memref<2xf32>, i1) {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a, %true : memref<2xf32>, i1
  }
  %r = scf.if %l#1 -> memref<2xf32> {
    scf.yield %l#0 : memref<2xf32>
  } else {
    %k = bufferization.clone %l#0 : memref<2xf32> to memref<2xf32>
    scf.yield %k : memref<2xf32>
  }
  return %r : memref<2xf32>
}
func.func @flag_not_constant(%x: memref<2xf32>, %c: i1, %d: i1) -> memref<2xf32> {
  %true = arith.constant true
  %p:2 = scf.if %c -> (memref<2xf32>, i1) {
    %a = memref.alloc() : memref<2xf32>
    scf.yield %a, %true : memref<2xf32>, i1
  } else {
    scf.yield %x, %d : memref<2xf32>, i1
  }
  %r = scf.if %p#1 -> memref<2xf32> {
    scf.yield %p#0 : memref<2xf32>
  } else {
    %k = bufferization.clone %p#0 : memref<2xf32> to memref<2xf32>
    scf.yield %k : memref<2xf32>
  }
  return %r : memref<2xf32>
}
func.func @caller(%c: i1) {
  %own = memref.alloc() : memref<2xf32>
  %f1 = call @fresh() : () -> memref<2xf32>
  %f2 = call @fresh() : () -> memref<2xf32>
  %i = call @identity(%f1) : (memref<2xf32>) -> memref<2xf32>
  %m = call @arg_or_fresh(%f2, %c) : (memref<2xf32>, i1) -> memref<2xf32>
  %t:2 = call @twice() : () -> (memref<2xf32>, memref<2xf32>)
  %w = call @wraps() : () -> memref<2xf32>
  %o = call @opaque() : () -> memref<2xf32>
  %r = call @recursive(%c) : (i1) -> memref<2xf32>
  %gl = call @global() : () -> memref<2xf32>
  %n = arith.constant 2 : index
  %g1 = call @guarded(%own, %c) : (memref<2xf32>, i1) -> memref<2xf32>
  %g2 = call @guarded_loop(%own, %n) : (memref<2xf32>, index) -> memref<2xf32>
  %g3 = call @flag_not_constant(%own, %c, %c) : (memref<2xf32>, i1, i1) -> memref<2xf32>
  "test.use"(%own, %f1, %f2, %i, %m, %t#0, %t#1, %w, %o, %r, %gl) : (memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>) -> ()
  return
}
"#;

fn parse(ctx: &mut Context) -> Op {
    let options = ParseOptions {
        allow_unregistered: true,
    };
    parse_module(ctx, "t.mlir", MODULE, &options).expect("parses")
}

fn function(ctx: &Context, module: Op, name: &str) -> Op {
    ctx.lookup_symbol_in(module, name).expect("a function")
}

/// The summary of the first call of `callee` in `@caller`.
fn summary_of<'s>(
    ctx: &Context,
    module: Op,
    summaries: &'s ReturnSummaries,
    callee: &str,
) -> Option<&'s [ReturnedBuffer]> {
    let caller = function(ctx, module, "caller");
    let call = ctx
        .walk_preorder(caller)
        .into_iter()
        .find(|&op| CallOp::of(ctx, op).and_then(|c| c.callee(ctx)) == Some(callee))
        .expect("a call");
    summaries.of_call(ctx, call)
}

fn returned(args: &[u32], fresh: bool, unknown: bool) -> ReturnedBuffer {
    ReturnedBuffer {
        args: SmallVec::from_slice(args),
        fresh,
        unknown,
    }
}

#[test]
fn summaries_follow_the_bodies() {
    let mut ctx = Context::new();
    let module = parse(&mut ctx);
    let s = ReturnSummaries::compute(&ctx, module);
    let of = |name| summary_of(&ctx, module, &s, name).map(<[_]>::to_vec);
    assert_eq!(of("fresh"), Some(vec![returned(&[], true, false)]));
    assert_eq!(of("identity"), Some(vec![returned(&[0], false, false)]));
    assert_eq!(of("arg_or_fresh"), Some(vec![returned(&[0], true, false)]));
    // One allocation at two positions: neither result is fresh.
    assert_eq!(
        of("twice"),
        Some(vec![returned(&[], false, true), returned(&[], false, true)])
    );
    // Through a call, a subview and a cast: still the callee's fresh buffer.
    assert_eq!(of("wraps"), Some(vec![returned(&[], true, false)]));
    assert_eq!(of("opaque"), Some(vec![returned(&[], false, true)]));
    // The recursive call is not summarized while its caller is: unknown.
    assert_eq!(of("recursive"), Some(vec![returned(&[], true, true)]));
    assert_eq!(of("global"), Some(vec![returned(&[], false, true)]));
    // The ownership pass's return guard `if owned then v else clone v`: the argument reaches
    // `v` only with ownership `false`, so the result is always a new buffer...
    assert_eq!(of("guarded"), Some(vec![returned(&[], true, false)]));
    // ... also when a loop that runs zero times passes the argument through.
    assert_eq!(of("guarded_loop"), Some(vec![returned(&[], true, false)]));
    // A flag that is not the constant `false` proves nothing.
    assert_eq!(
        of("flag_not_constant"),
        Some(vec![returned(&[0], true, false)])
    );
    // A callee without a body has no summary.
    let opaque = function(&ctx, module, "opaque");
    let external_call = ctx
        .walk_preorder(opaque)
        .into_iter()
        .find(|&op| CallOp::of(&ctx, op).is_some())
        .expect("the call of @external");
    assert!(s.of_call(&ctx, external_call).is_none());
}

/// The operands of the `test.use` in `@caller`, in order.
fn used(ctx: &Context, module: Op) -> Vec<Value> {
    let caller = function(ctx, module, "caller");
    let user = ctx
        .walk_preorder(caller)
        .into_iter()
        .find(|&op| ctx.op_name_str(op) == "test.use")
        .expect("test.use");
    ctx.operands(user).collect()
}

#[test]
fn fresh_call_results_are_new_buffers() {
    let mut ctx = Context::new();
    let module = parse(&mut ctx);
    let caller = function(&ctx, module, "caller");
    let with = BufferOriginAnalysis::compute_interprocedural(&ctx, module);
    let without = BufferOriginAnalysis::compute(&ctx, caller);
    let v = used(&ctx, module);
    let [own, f1, f2, i, m, t0, t1, w, o, r, gl] = v[..] else {
        panic!("eleven operands");
    };
    use AliasResult::{DifferentAllocation as Different, SameAllocation as Same, Unknown};
    let pairs = [
        (own, f1, Different),
        (f1, f2, Different),
        (own, w, Different),
        (f1, w, Different),
        // @identity returns its argument: %i is %f1, and never %f2.
        (i, f1, Same),
        (i, f2, Different),
        // @arg_or_fresh may return %f2 or a new buffer.
        (m, f2, Unknown),
        (m, f1, Different),
        // One buffer at two positions.
        (t0, t1, Unknown),
        // A global, an external callee's result, a recursive result: nothing proved.
        (o, own, Unknown),
        (r, own, Unknown),
        (gl, own, Unknown),
    ];
    for (a, b, expected) in pairs {
        assert_eq!(with.is_same_allocation(&ctx, a, b), expected, "{a:?} {b:?}");
        // MLIR's analysis proves none of these apart.
        assert_eq!(
            without.is_same_allocation(&ctx, a, b),
            Unknown,
            "{a:?} {b:?}"
        );
    }
}

/// Functions calling each other without a cycle, around module-level ops: the summaries and
/// the flow are built from one visit of each op ([`ReturnSummaries::compute_with_flow_over`]).
const ACYCLIC: &str = r#"
func.func @pick(%x: memref<2xf32>, %c: i1) -> memref<2xf32> {
  %r = scf.if %c -> memref<2xf32> {
    %f = func.call @fresh() : () -> memref<2xf32>
    scf.yield %f : memref<2xf32>
  } else {
    scf.yield %x : memref<2xf32>
  }
  return %r : memref<2xf32>
}
func.func @main(%c: i1, %n: index) {
  %g = memref.get_global @g : memref<2xf32>
  %f = func.call @fresh() : () -> memref<2xf32>
  %p = func.call @pick(%f, %c) : (memref<2xf32>, i1) -> memref<2xf32>
  %e = func.call @external() : () -> memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %p, %b = %g) -> (memref<2xf32>, memref<2xf32>) {
    %v = memref.subview %a[0] [2] [1] : memref<2xf32> to memref<2xf32, strided<[1]>>
    %w = memref.cast %v : memref<2xf32, strided<[1]>> to memref<2xf32>
    scf.yield %b, %w : memref<2xf32>, memref<2xf32>
  }
  "test.use"(%l#0, %l#1, %e) : (memref<2xf32>, memref<2xf32>, memref<2xf32>) -> ()
  return
}
func.func @fresh() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  return %a : memref<2xf32>
}
func.func private @external() -> memref<2xf32>
memref.global "private" constant @g : memref<2xf32> = dense<0.0>
"#;

/// A function calling itself, whose summary (a fresh buffer) makes the result of that call
/// fresh, which it is not while the call is linked before the summary is known.
const SELF_CALL: &str = r#"
func.func @again(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    %s = func.call @again(%c) : (i1) -> memref<2xf32>
    "test.use"(%s) : (memref<2xf32>) -> ()
  }
  return %a : memref<2xf32>
}
func.func @main(%c: i1) {
  %m = func.call @again(%c) : (i1) -> memref<2xf32>
  "test.use"(%m) : (memref<2xf32>) -> ()
  return
}
"#;

/// Every value defined in `ops`: their results and the arguments of their blocks.
fn values_of(ctx: &Context, ops: &[Op]) -> Vec<Value> {
    let mut values = Vec::new();
    for &op in ops {
        values.extend_from_slice(ctx.results(op));
        for &region in ctx.regions(op) {
            for block in ctx.blocks(region) {
                values.extend_from_slice(ctx.block_args(block));
            }
        }
    }
    values
}

/// `compute_with_flow_over` answers as the summaries of `compute_over` and the flow built
/// with them over the whole walk, value by value, with the links of each in the same order.
fn assert_built_together_as_apart(src: &str) {
    let mut ctx = Context::new();
    let options = ParseOptions {
        allow_unregistered: true,
    };
    let module = parse_module(&mut ctx, "t.mlir", src, &options).expect("parses");
    let ops = ctx.walk_preorder(module);
    let (summaries, flow) = ReturnSummaries::compute_with_flow_over(&ctx, module, &ops);
    let apart = ReturnSummaries::compute_over(&ctx, module, &ops);
    let expected = BufferViewFlowAnalysis::compute_with_returns(&ctx, module, &apart);
    for &op in &ops {
        assert_eq!(summaries.of_call(&ctx, op), apart.of_call(&ctx, op));
    }
    let values = values_of(&ctx, &ops);
    assert!(values.len() >= 5, "{} values", values.len());
    for v in values {
        assert_eq!(flow.sources(v), expected.sources(v));
        assert_eq!(flow.derived(v), expected.derived(v));
        assert_eq!(flow.may_be_terminal(v), expected.may_be_terminal(v));
        assert_eq!(flow.is_fresh(v), expected.is_fresh(v));
    }
}

#[test]
fn summaries_and_flow_built_together_equal_them_built_apart() {
    // Each function summarized from its own links, then the ops outside them.
    assert_built_together_as_apart(ACYCLIC);
    // Calls linked before their callee's summary: the flow is built again.
    assert_built_together_as_apart(MODULE);
    assert_built_together_as_apart(SELF_CALL);
}
