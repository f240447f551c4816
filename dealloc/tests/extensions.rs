//! The public extension point: user ops with their own deallocation behaviour
//! ([`dealloc::Extensions::register`]), and the preconditions that only user ops can reach.
//!
//! Each behaviour test runs the pass with and without the behaviour, then lowers the user ops
//! to the upstream ops they stand for (as a user's own pipeline would) and executes the result
//! in the interpreter: with the behaviour, the program runs clean; without the pass, it leaks.

use dealloc::{
    DeallocOptions, DeallocState, Extensions, OpBehaviour, Ownership, deallocate_buffers,
    deallocate_buffers_with,
};
use interp::{RunConfig, RunOutcome, run_function};
use ir::asm::{ParseOptions, parse_module, print_module};
use ir::{Context, Diagnostic, Op, OpDef, OpState, Traits, Value};

/// A context knowing the user ops of these tests:
/// - `user.acquire`: returns a fresh buffer; declares no memory effects (so the generic
///   handling rejects it);
/// - `user.either`: a pure `select` on memrefs the pass knows nothing about;
/// - `user.no_terminator_region`: a region op with the `NoTerminator` trait;
/// - `user.halt`: a terminator implementing neither the branch nor the region-terminator
///   interface;
/// - `user.branch_nowhere`: a terminator with the branch interface and no successor.
fn user_context() -> Context {
    let mut ctx = Context::new();
    ctx.registry.register(OpDef::new("user.acquire"));
    let mut either = OpDef::new("user.either");
    either.traits = Traits::PURE;
    ctx.registry.register(either);
    let mut no_terminator = OpDef::new("user.no_terminator_region");
    no_terminator.traits = Traits::NO_TERMINATOR | Traits::PURE;
    ctx.registry.register(no_terminator);
    let mut halt = OpDef::new("user.halt");
    halt.traits = Traits::TERMINATOR | Traits::PURE;
    ctx.registry.register(halt);
    let mut branch_nowhere = OpDef::new("user.branch_nowhere");
    branch_nowhere.traits = Traits::TERMINATOR | Traits::PURE;
    branch_nowhere.successor_operands = Some(|_, _, _| 0..0);
    ctx.registry.register(branch_nowhere);
    ctx
}

fn parse(ctx: &mut Context, src: &str) -> Op {
    parse_module(ctx, "input.mlir", src, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("test input does not parse: {}", d.message))
}

/// Replaces every op named `from` by an op named `to` with the same operands, results and
/// attributes.
fn lower_user_op(ctx: &mut Context, module: Op, from: &str, to: &str) {
    let target = ctx.registry.lookup(to).expect("target op registered");
    for op in ctx.walk_preorder(module) {
        if ctx.op_name_str(op) != from {
            continue;
        }
        let mut state = OpState::new(target, ctx.op_loc(op));
        state.operands = ctx.operands(op).collect();
        state.result_types = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
        let lowered = ctx.create_op(state);
        ctx.insert_op_before(op, lowered);
        let pairs: Vec<(Value, Value)> = ctx
            .results(op)
            .iter()
            .copied()
            .zip(ctx.results(lowered).iter().copied())
            .collect();
        for (old, new) in pairs {
            ctx.replace_all_uses_with(old, new);
        }
        ctx.erase_op(op);
    }
}

fn run_main(ctx: &Context, module: Op) -> RunOutcome {
    let outcome = run_function(ctx, module, "main", &RunConfig::default());
    if let Some(e) = &outcome.error {
        panic!(
            "program does not run: {e:?}\n{}",
            print_module(ctx, module, &Default::default())
        );
    }
    outcome
}

fn count_ops(ctx: &Context, module: Op, name: &str) -> usize {
    ctx.walk_preorder(module)
        .into_iter()
        .filter(|&op| ctx.op_name_str(op) == name)
        .count()
}

fn messages(diags: &[Diagnostic]) -> Vec<String> {
    diags.iter().map(|d| d.message.clone()).collect()
}

const ACQUIRE: &str = r#"
func.func private @printI64(i64)
func.func private @printNewline()

func.func @sum_of_two(%n: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = "user.acquire"() : () -> memref<4xi64>
  memref.store %n, %m[%c0] : memref<4xi64>
  memref.store %n, %m[%c1] : memref<4xi64>
  %a = memref.load %m[%c0] : memref<4xi64>
  %b = memref.load %m[%c1] : memref<4xi64>
  %s = arith.addi %a, %b : i64
  return %s : i64
}

func.func @pick(%c: i1, %n: i64) -> memref<4xi64> {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> memref<4xi64> {
    %m = "user.acquire"() : () -> memref<4xi64>
    memref.store %n, %m[%c0] : memref<4xi64>
    scf.yield %m : memref<4xi64>
  } else {
    %m = memref.alloc() : memref<4xi64>
    %z = arith.constant 0 : i64
    memref.store %z, %m[%c0] : memref<4xi64>
    scf.yield %m : memref<4xi64>
  }
  return %r : memref<4xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %n = arith.constant 21 : i64
  %true = arith.constant true
  %false = arith.constant false
  %s = call @sum_of_two(%n) : (i64) -> i64
  call @printI64(%s) : (i64) -> ()
  call @printNewline() : () -> ()
  %p = call @pick(%true, %n) : (i1, i64) -> memref<4xi64>
  %q = call @pick(%false, %n) : (i1, i64) -> memref<4xi64>
  %x = memref.load %p[%c0] : memref<4xi64>
  %y = memref.load %q[%c0] : memref<4xi64>
  call @printI64(%x) : (i64) -> ()
  call @printI64(%y) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
"#;

/// `user.acquire` allocates: its result is owned by its block, like `memref.alloc`'s.
fn acquire_behaviour() -> OpBehaviour {
    OpBehaviour {
        process: Some(|state: &mut DeallocState<'_>, op| {
            let block = state.ctx().op_parent(op).expect("op in a block");
            let result = state.ctx().result(op, 0);
            state.own_new_buffer(result, block);
            Ok(())
        }),
        materialize: None,
    }
}

#[test]
fn an_op_without_effects_is_rejected_by_the_generic_handling() {
    let mut ctx = user_context();
    let module = parse(&mut ctx, ACQUIRE);
    let errors = deallocate_buffers(&mut ctx, module, &DeallocOptions::default())
        .expect_err("the generic handling must reject an op with unknown effects");
    assert_eq!(
        messages(&errors),
        ["ops with unknown memory side effects are not supported"]
    );
    let rendered = ir::diag::render(&ctx, &ir::diag::SourceMap::default(), &errors[0]);
    assert!(
        rendered.starts_with("input.mlir:8:8: error:"),
        "diagnostic not at the op: {rendered}"
    );
}

#[test]
fn a_registered_behaviour_makes_the_program_free_every_buffer_once() {
    // Control: the lowered program without the pass leaks the acquired buffers.
    let mut plain = user_context();
    let plain_module = parse(&mut plain, ACQUIRE);
    lower_user_op(&mut plain, plain_module, "user.acquire", "memref.alloc");
    let leaking = run_main(&plain, plain_module);
    assert_eq!(leaking.stdout, "42\n210\n");
    assert!(leaking.report.leaks > 0, "control program should leak");

    let mut ctx = user_context();
    let module = parse(&mut ctx, ACQUIRE);
    let mut ext = Extensions::builtin(&ctx);
    ext.register(&ctx, "user.acquire", acquire_behaviour())
        .expect("user.acquire is registered");
    deallocate_buffers_with(&mut ctx, module, &DeallocOptions::default(), &ext)
        .unwrap_or_else(|d| panic!("pass failed: {:?}", messages(&d)));
    ir::verify::verify(&ctx, module).expect("output verifies");
    assert_eq!(count_ops(&ctx, module, "user.acquire"), 2);
    lower_user_op(&mut ctx, module, "user.acquire", "memref.alloc");
    let outcome = run_main(&ctx, module);
    assert_eq!(outcome.stdout, leaking.stdout);
    assert!(
        outcome.report.deallocation_is_clean(),
        "{}\n{}",
        outcome.report.to_table(),
        print_module(&ctx, module, &Default::default())
    );
}

#[test]
fn registering_an_unknown_op_names_it() {
    let ctx = user_context();
    let mut ext = Extensions::empty();
    let err = ext
        .register(&ctx, "user.nonexistent", acquire_behaviour())
        .expect_err("unknown op");
    assert!(err.contains("'user.nonexistent'"), "{err}");
}

const EITHER: &str = r#"
func.func private @printI64(i64)
func.func private @printNewline()

func.func @either(%c: i1, %n: i64, %b: memref<2xi64>) -> memref<2xi64> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xi64>
  memref.store %n, %a[%c0] : memref<2xi64>
  %r = "user.either"(%c, %a, %b) : (i1, memref<2xi64>, memref<2xi64>) -> memref<2xi64>
  return %r : memref<2xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %n = arith.constant 7 : i64
  %one = arith.constant 1 : i64
  %true = arith.constant true
  %false = arith.constant false
  %b = memref.alloc() : memref<2xi64>
  memref.store %one, %b[%c0] : memref<2xi64>
  %p = call @either(%true, %n, %b) : (i1, i64, memref<2xi64>) -> memref<2xi64>
  %q = call @either(%false, %n, %b) : (i1, i64, memref<2xi64>) -> memref<2xi64>
  %x = memref.load %p[%c0] : memref<2xi64>
  %y = memref.load %q[%c0] : memref<2xi64>
  call @printI64(%x) : (i64) -> ()
  call @printI64(%y) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
"#;

/// `user.either` selects between its memref operands: its ownership is the selected operand's
/// (here an owned allocation or a borrowed argument: the generic join of the two is `Unknown`).
fn either_behaviour() -> OpBehaviour {
    OpBehaviour {
        process: Some(|_, _| Ok(())),
        materialize: Some(|state, value, before| {
            let ctx = state.ctx();
            let def = ctx.defining_op(value)?;
            let block = ctx.op_parent(def)?;
            let (cond, a, b) = (
                ctx.operand(def, 0),
                ctx.operand(def, 1),
                ctx.operand(def, 2),
            );
            let (Ownership::Unique(own_a), Ownership::Unique(own_b)) =
                (state.ownership(a, block), state.ownership(b, block))
            else {
                return None;
            };
            Some((value, state.select(before, cond, own_a, own_b)))
        }),
    }
}

/// Runs the pass on [`EITHER`] with `ext`, lowers `user.either` to `arith.select` and runs it;
/// returns the number of clones made at runtime.
fn either_clones(ext: impl FnOnce(&Context) -> Extensions) -> u64 {
    let mut ctx = user_context();
    let module = parse(&mut ctx, EITHER);
    let ext = ext(&ctx);
    deallocate_buffers_with(&mut ctx, module, &DeallocOptions::default(), &ext)
        .unwrap_or_else(|d| panic!("pass failed: {:?}", messages(&d)));
    ir::verify::verify(&ctx, module).expect("output verifies");
    lower_user_op(&mut ctx, module, "user.either", "arith.select");
    let outcome = run_main(&ctx, module);
    assert_eq!(outcome.stdout, "71\n");
    assert!(
        outcome.report.deallocation_is_clean(),
        "{}",
        outcome.report.to_table()
    );
    outcome.report.clones
}

#[test]
fn a_materialize_hook_replaces_the_defensive_clone() {
    let generic = either_clones(Extensions::builtin);
    let with_hook = either_clones(|ctx| {
        let mut ext = Extensions::builtin(ctx);
        ext.register(ctx, "user.either", either_behaviour())
            .expect("user.either is registered");
        ext
    });
    assert_eq!(
        generic, 2,
        "without the hook every returned value is cloned"
    );
    assert_eq!(with_hook, 1, "with it only the borrowed argument is");
}

fn first_error(src: &str, ext: impl FnOnce(&Context) -> Extensions) -> String {
    let mut ctx = user_context();
    let module = parse(&mut ctx, src);
    let ext = ext(&ctx);
    let errors = deallocate_buffers_with(&mut ctx, module, &DeallocOptions::default(), &ext)
        .expect_err("the pass must reject this input");
    ir::diag::render(&ctx, &ir::diag::SourceMap::default(), &errors[0])
}

#[test]
fn a_region_op_without_terminator_is_rejected() {
    let src = r#"
func.func @f(%m: memref<2xf32>) {
  "user.no_terminator_region"(%m) ({
    %a = memref.alloc() : memref<2xf32>
  }) : (memref<2xf32>) -> ()
  return
}
"#;
    let rendered = first_error(src, Extensions::builtin);
    assert!(
        rendered.starts_with("input.mlir:3:3: error: NoTerminator trait is not supported"),
        "{rendered}"
    );
}

#[test]
fn a_terminator_without_branch_or_region_semantics_is_rejected() {
    let src = r#"
func.func @f(%m: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  "user.halt"(%a) : (memref<2xf32>) -> ()
}
"#;
    let rendered = first_error(src, Extensions::builtin);
    assert!(
        rendered.starts_with(
            "input.mlir:4:3: error: Terminators must implement either BranchOpInterface or \
             RegionBranchTerminatorOpInterface (but not both)!"
        ),
        "{rendered}"
    );
}

#[test]
fn a_tracked_memref_with_unknown_ownership_is_rejected() {
    let src = r#"
func.func @f() {
  %m = "user.acquire"() : () -> memref<4xi64>
  return
}
"#;
    let rendered = first_error(src, |ctx| {
        let mut ext = Extensions::builtin(ctx);
        let unknown = OpBehaviour {
            process: Some(|state, op| {
                let block = state.ctx().op_parent(op).expect("op in a block");
                let result = state.ctx().result(op, 0);
                state.set_ownership(result, block, Ownership::Unknown);
                state.track(result, block);
                Ok(())
            }),
            materialize: None,
        };
        ext.register(ctx, "user.acquire", unknown)
            .expect("user.acquire is registered");
        ext
    });
    assert!(
        rendered.starts_with("input.mlir:3:8: error: MemRef value does not have valid ownership"),
        "{rendered}"
    );
}

#[test]
fn a_branch_without_successor_is_rejected() {
    let src = r#"
func.func @f() {
  %a = memref.alloc() : memref<2xf32>
  "user.branch_nowhere"() : () -> ()
}
"#;
    let rendered = first_error(src, Extensions::builtin);
    assert!(
        rendered.starts_with(
            "input.mlir:4:3: error: only BranchOpInterface operations with exactly one \
             successor are supported yet"
        ),
        "{rendered}"
    );
}
