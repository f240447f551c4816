//! Tests of the worklist, the rewriter and the greedy driver, with a user-registered op that
//! brings its own canonicalization pattern.

use super::*;
use crate::asm::parser::{ParseOptions, parse_module};
use crate::asm::printer::{PrintOptions, print_module};
use crate::context::Context;
use crate::registry::{OpDef, Traits};

fn op(n: u32) -> Op {
    Op::from_u32(n)
}

fn drain(worklist: &mut Worklist) -> Vec<Op> {
    std::iter::from_fn(|| worklist.pop()).collect()
}

#[test]
fn an_op_pushed_before_its_visit_joins_the_generation_once() {
    let mut worklist = Worklist::default();
    worklist.start_generation([op(1), op(2)]);
    assert_eq!(worklist.pop(), Some(op(1)));
    worklist.extend([op(3), op(2), op(3)]);
    assert_eq!(drain(&mut worklist), vec![op(2), op(3)]);
    assert!(worklist.is_empty());
}

#[test]
fn an_op_pushed_after_its_visit_waits_for_the_next_generation() {
    let mut worklist = Worklist::default();
    worklist.start_generation([op(1), op(2)]);
    assert_eq!(worklist.pop(), Some(op(1)));
    worklist.push(op(1));
    worklist.push(op(1));
    assert!(!worklist.is_pending(op(1)));
    assert!(worklist.is_pending(op(2)));
    assert_eq!(drain(&mut worklist), vec![op(2)]);
    assert!(!worklist.is_empty());
    worklist.start_generation([op(4)]);
    assert_eq!(drain(&mut worklist), vec![op(1), op(4)]);
}

/// A forgotten op, visited already, is queued again in the same generation as a new op would
/// be: at the end, once.
#[test]
fn a_forgotten_op_joins_the_generation_again_as_a_new_op() {
    let mut worklist = Worklist::default();
    worklist.start_generation([op(1), op(2)]);
    assert_eq!(worklist.pop(), Some(op(1)));
    worklist.forget(op(1));
    worklist.extend([op(1), op(3), op(1)]);
    assert!(worklist.is_pending(op(1)));
    assert_eq!(drain(&mut worklist), vec![op(2), op(1), op(3)]);
    worklist.start_generation([]);
    assert!(worklist.is_empty());
}

/// `"toy.negate"(x)`: a pure op of one operand and one result, registered by the test with its
/// own pattern `negate(negate(x)) -> x`.
fn register_toy_negate(ctx: &mut Context) {
    let mut def = OpDef::new("toy.negate");
    def.traits = Traits::PURE;
    def.canonicalization.patterns = &[double_negation];
    ctx.registry.register(def);
}

fn double_negation(rw: &mut Rewriter, op: Op) -> bool {
    let inner = rw.defining_op(rw.operand(op, 0));
    let Some(inner) = inner.filter(|&inner| rw.op_name(inner) == rw.op_name(op)) else {
        return false;
    };
    let x = rw.operand(inner, 0);
    rw.replace_op_uses(op, &[x]);
    rw.erase_op(op);
    true
}

const NEGATIONS: &str = r#"func.func @f(%x: i32) -> i32 {
  %a = "toy.negate"(%x) : (i32) -> i32
  %b = "toy.negate"(%a) : (i32) -> i32
  %c = "toy.negate"(%b) : (i32) -> i32
  %d = "toy.negate"(%c) : (i32) -> i32
  return %d : i32
}"#;

/// A context knowing `toy.negate`, and [`NEGATIONS`] parsed in it.
fn negations() -> (Context, Op) {
    let mut ctx = Context::new();
    register_toy_negate(&mut ctx);
    let module =
        parse_module(&mut ctx, "t.mlir", NEGATIONS, &ParseOptions::default()).expect("parses");
    (ctx, module)
}

#[test]
fn a_user_registered_pattern_runs_to_a_fixed_point() {
    let (mut ctx, module) = negations();
    let report = apply_patterns_greedily(
        &mut ctx,
        module,
        &mut Canonicalizations,
        &GreedyConfig::default(),
    );
    assert_eq!(report.reason, StopReason::Converged);
    assert!(report.changed());
    let printed = print_module(&ctx, module, &PrintOptions::default());
    assert!(!printed.contains("toy.negate"), "{printed}");
    assert!(printed.contains("return %arg0 : i32"), "{printed}");
}

#[test]
fn without_dead_op_erasure_the_inner_negations_stay() {
    let (mut ctx, module) = negations();
    let config = GreedyConfig {
        erase_dead_ops: false,
        ..GreedyConfig::default()
    };
    apply_patterns_greedily(&mut ctx, module, &mut Canonicalizations, &config);
    let printed = print_module(&ctx, module, &PrintOptions::default());
    assert!(printed.contains("return %arg0 : i32"), "{printed}");
    assert!(printed.contains("toy.negate"), "{printed}");
}

/// A pattern set that always finds a change to make: it moves each op right before its
/// block's last op, which moves the op after it out of that place.
struct Restless;

impl PatternSet for Restless {
    fn apply(&mut self, rw: &mut Rewriter, op: Op) -> bool {
        let Some(last) = rw.op_parent(op).and_then(|block| rw.last_op(block)) else {
            return false;
        };
        if last == op || rw.next_op(op) == Some(last) {
            return false;
        }
        rw.move_op_before(op, last);
        true
    }
}

#[test]
fn a_pattern_set_that_keeps_changing_stops_at_the_iteration_cap() {
    let (mut ctx, module) = negations();
    let config = GreedyConfig {
        max_iterations: 3,
        erase_dead_ops: false,
    };
    let report = apply_patterns_greedily(&mut ctx, module, &mut Restless, &config);
    assert_eq!(report.reason, StopReason::IterationLimit);
    assert_eq!(report.iterations, 3);
}

#[test]
fn builders_of_the_rewriter_report_the_ops_they_create() {
    let (mut ctx, module) = negations();
    let first = ctx
        .walk_preorder(module)
        .into_iter()
        .find(|&o| ctx.op_name_str(o) == "toy.negate")
        .expect("a negation");
    let mut rw = Rewriter::new(&mut ctx);
    let x = rw.operand(first, 0);
    let ty = rw.value_type(x);
    let created = rw
        .builder_before(first)
        .build_op("toy.negate", &[x], &[ty], &[], Vec::new());
    assert_eq!(rw.next_op(created), Some(first));
    assert_eq!(rw.take_noted(), vec![created]);
    let result = rw.result(first, 0);
    let users: Vec<Op> = rw.uses(result).map(|(user, _)| user).collect();
    rw.replace_all_uses_with(result, x);
    assert_eq!(rw.take_noted(), users);
}

/// Records, after each iteration, the initial ops with regions the driver gathered and those
/// a filter of the initial ops gives (alive, with regions), while the negation pattern runs.
#[derive(Default)]
struct GatheredRegions {
    gathered: Vec<Vec<Op>>,
    filtered: Vec<Vec<Op>>,
}

impl PatternSet for GatheredRegions {
    fn apply(&mut self, rw: &mut Rewriter, op: Op) -> bool {
        Canonicalizations.apply(rw, op)
    }

    fn after_iteration(&mut self, rw: &mut Rewriter, info: &IterationInfo) -> usize {
        self.gathered.push(info.initial_with_regions.to_vec());
        let filtered = info
            .initial
            .iter()
            .copied()
            .filter(|&op| rw.is_alive(op) && !rw.regions(op).is_empty())
            .collect();
        self.filtered.push(filtered);
        0
    }
}

/// The initial ops with regions that the first iteration gathers are the initial ops that
/// have regions, in order (the function, then the module), and stay so in later iterations.
#[test]
fn the_first_iteration_gathers_the_initial_ops_with_regions_in_order() {
    let (mut ctx, module) = negations();
    let mut set = GatheredRegions::default();
    let report = apply_patterns_greedily(&mut ctx, module, &mut set, &GreedyConfig::default());
    assert!(report.iterations >= 2);
    assert_eq!(set.gathered, set.filtered);
    let function = ctx
        .parent_op(ctx.walk_preorder(module)[2])
        .expect("in a function");
    assert_eq!(set.gathered[0], vec![function, module]);
}
