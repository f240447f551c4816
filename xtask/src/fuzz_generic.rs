//! `cargo xtask fuzz-generic [--count N] [--seed S]`: every registered op, in generic form with
//! any count of regions, results, successors and operands, through every way `dealloc-opt` can
//! take it.
//!
//! Each program holds one op of the registry (the ops taken in turn) inside a function with
//! arguments of a small pool of types. Its counts are either the ones its definition declares or
//! random (0 to 3), its operands and result types random from the pool, its regions empty or
//! ending in a random registered terminator, its inherent attributes present or not, with values
//! that fit their name or random ones. Each program goes through the driver with no pass (parse,
//! verify, print), with `--mlir-print-op-generic`, and with every registered pass and named
//! pipeline. The oracle is "no panic": a rejected program is fine, a panic is reported with its
//! location and a reproducer.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;

use anyhow::Result;
use ir::registry::{Count, OpCounts};
use ir::{Context, Traits};

use crate::rng::Rng;

/// The types operands and results are drawn from (each is also a function argument).
const TYPES: &[&str] = &[
    "memref<2xf32>",
    "memref<?xf32>",
    "memref<*xf32>",
    "i1",
    "index",
    "i32",
    "f32",
    "tensor<2xf32>",
];

/// Attribute values that fit no name in particular.
const ANY_ATTRS: &[&str] = &[
    "0 : i64",
    "unit",
    "\"s\"",
    "@g",
    "[]",
    "array<i32: 0>",
    "array<i64: 1>",
    "memref<2xf32>",
    "true",
];

/// Values that fit an attribute of a given name.
const NAMED_ATTRS: &[(&str, &[&str])] = &[
    ("alignment", &["64 : i64", "3 : i64"]),
    ("nontemporal", &["false", "true"]),
    (
        "static_offsets",
        &[
            "array<i64: 0>",
            "array<i64: -9223372036854775808>",
            "array<i64>",
        ],
    ),
    (
        "static_sizes",
        &[
            "array<i64: 1>",
            "array<i64: -9223372036854775808>",
            "array<i64: 2, 1>",
        ],
    ),
    (
        "static_strides",
        &[
            "array<i64: 1>",
            "array<i64: -9223372036854775808>",
            "array<i64>",
        ],
    ),
    (
        "static_output_shape",
        &[
            "array<i64: 2>",
            "array<i64: 1, 2>",
            "array<i64: -9223372036854775808>",
        ],
    ),
    ("reassociation", &["[[0]]", "[]", "[[0, 1]]"]),
    ("sym_name", &["\"g\"", "\"callee\""]),
    ("sym_visibility", &["\"private\"", "\"public\""]),
    ("type", &["memref<2xf32>", "memref<?xf32>", "i32"]),
    ("initial_value", &["dense<0.0> : tensor<2xf32>", "unit"]),
    ("constant", &["unit"]),
    ("name", &["@g", "@nowhere"]),
    ("callee", &["@callee", "@g", "@nowhere"]),
    (
        "value",
        &[
            "0 : index",
            "1 : i32",
            "true",
            "dense<0.0> : tensor<2xf32>",
            "@callee",
            "2.0 : f32",
        ],
    ),
    ("predicate", &["0 : i64", "9 : i64", "42 : i64"]),
    (
        "function_type",
        &[
            "(memref<2xf32>) -> memref<2xf32>",
            "() -> ()",
            "(index) -> (i1, i1)",
        ],
    ),
    (
        "case_values",
        &["dense<[1]> : tensor<1xi32>", "dense<> : tensor<0xi32>"],
    ),
    (
        "case_operand_segments",
        &["array<i32: 0>", "array<i32: 1>", "array<i32>"],
    ),
    (
        "cases",
        &["array<i64: 1>", "array<i64>", "array<i64: 1, 2>"],
    ),
    ("branch_weights", &["array<i32: 1, 1>", "array<i32: 1>"]),
    ("memory_space", &["1 : i64", "\"s\""]),
    ("kind", &["0 : i64", "1 : i64", "99 : i64"]),
    ("mapping", &["[]"]),
    (
        "fastmath",
        &["#arith.fastmath<none>", "#arith.fastmath<fast>"],
    ),
    (
        "overflowFlags",
        &["#arith.overflow<none>", "#arith.overflow<nsw>"],
    ),
    ("roundingmode", &["0 : i32", "7 : i32"]),
    ("msg", &["\"m\""]),
    ("restrict", &["unit"]),
    ("writable", &["unit"]),
    ("arg_attrs", &["[{}]", "[]"]),
    ("res_attrs", &["[{}]", "[]"]),
    ("copy", &["unit"]),
    ("staticLowerBound", &["array<i64: 0>", "array<i64>"]),
    ("staticUpperBound", &["array<i64: 4>", "array<i64>"]),
    ("staticStep", &["array<i64: 1>", "array<i64>"]),
    ("permutation", &["affine_map<(d0) -> (d0)>"]),
];

/// What the generator needs to know of one registered op.
#[derive(Clone)]
struct OpInfo {
    name: String,
    terminator: bool,
    inherent_attrs: Vec<&'static str>,
    counts: Option<OpCounts>,
}

/// The registered ops, sorted by name.
fn registered_ops() -> Vec<OpInfo> {
    let ctx = Context::new();
    let registry = &ctx.registry;
    registry
        .registered_names()
        .into_iter()
        .filter_map(|name| {
            let def = registry.def(registry.lookup(name)?);
            Some(OpInfo {
                name: name.to_string(),
                terminator: def.traits.contains(Traits::TERMINATOR),
                inherent_attrs: def.inherent_attrs.to_vec(),
                counts: def.counts,
            })
        })
        .collect()
}

/// One generated program: fresh SSA names, the text of the function body so far.
struct Writer<'r> {
    rng: &'r mut Rng,
    next_name: usize,
    /// Keep to the declared counts and attribute values that fit their names (so that more
    /// programs verify and reach the custom printers and the passes).
    faithful: bool,
    /// No operand, result, region, successor or attribute at all: `"op"() : () -> ()`.
    bare: bool,
}

impl Writer<'_> {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next_name += 1;
        format!("%{prefix}{}", self.next_name)
    }

    fn pick<'a>(&mut self, list: &[&'a str]) -> &'a str {
        list[self.rng.below(list.len())]
    }

    /// A count: the declared one half of the time (always when faithful), else 0 to 3.
    fn count(&mut self, declared: Option<Count>) -> usize {
        if self.bare {
            return 0;
        }
        match declared {
            Some(count) if self.faithful || self.rng.chance(1, 2) => match count {
                Count::Exactly(n) => n,
                Count::AtLeast(n) => n + self.rng.below(2),
                Count::Any => self.rng.below(3),
            },
            _ => self.rng.below(4),
        }
    }

    /// `n` values from `pool` (name and type), random.
    fn values(&mut self, pool: &[(String, &'static str)], n: usize) -> Vec<(String, &'static str)> {
        (0..n)
            .map(|_| pool[self.rng.below(pool.len())].clone())
            .collect()
    }

    /// A generic op `"name"(operands) [successors] <{props}> (regions) {attrs} : (..) -> (..)`.
    fn op(
        &mut self,
        op: &OpInfo,
        terminators: &[&OpInfo],
        pool: &[(String, &'static str)],
    ) -> String {
        let counts = op.counts;
        let regions = self.count(counts.map(|c| c.regions));
        let results = self.count(counts.map(|c| c.results));
        let successors = self.count(counts.map(|c| c.successors));
        let num_operands = self.count(counts.map(|c| c.operands));
        let operands = self.values(pool, num_operands);
        let result_types: Vec<&str> = (0..results).map(|_| self.pick(TYPES)).collect();
        let mut text = String::new();
        match results {
            0 => {}
            1 => text.push_str(&format!("{} = ", self.fresh("r"))),
            n => text.push_str(&format!("{}:{n} = ", self.fresh("r"))),
        }
        let names: Vec<&str> = operands.iter().map(|(n, _)| n.as_str()).collect();
        let _ = write!(text, "\"{}\"({})", op.name, names.join(", "));
        if successors > 0 {
            text.push_str(&format!(" [{}]", vec!["^bb1"; successors].join(", ")));
        }
        let attrs = self.attributes(op, operands.len());
        if !attrs.is_empty() && self.rng.chance(1, 2) {
            let _ = write!(text, " <{{{}}}>", attrs.join(", "));
        }
        if regions > 0 {
            let bodies: Vec<String> = (0..regions)
                .map(|_| self.region(terminators, pool))
                .collect();
            let _ = write!(text, " ({})", bodies.join(", "));
        }
        if !attrs.is_empty() && !text.contains("<{") {
            let _ = write!(text, " {{{}}}", attrs.join(", "));
        }
        let types: Vec<&str> = operands.iter().map(|(_, t)| *t).collect();
        let _ = write!(
            text,
            " : ({}) -> ({})",
            types.join(", "),
            result_types.join(", ")
        );
        text
    }

    /// Some of the op's inherent attributes, each with a value that fits its name or a random one.
    fn attributes(&mut self, op: &OpInfo, operands: usize) -> Vec<String> {
        let mut attrs = Vec::new();
        if self.bare {
            return attrs;
        }
        for &name in &op.inherent_attrs {
            if self.rng.chance(1, 4) {
                continue;
            }
            let value = if name == "operandSegmentSizes" {
                self.segment_sizes(op.counts.and_then(|c| c.segments), operands)
            } else {
                match NAMED_ATTRS.iter().find(|(n, _)| *n == name) {
                    Some((_, values)) if self.faithful || self.rng.chance(7, 8) => {
                        self.pick(values).to_string()
                    }
                    _ => self.pick(ANY_ATTRS).to_string(),
                }
            };
            attrs.push(format!("{name} = {value}"));
        }
        attrs
    }

    /// `array<i32: ...>` with the declared number of groups (mostly) adding up to `operands`
    /// (mostly).
    fn segment_sizes(&mut self, groups: Option<usize>, operands: usize) -> String {
        let groups = match groups {
            Some(g) if self.rng.chance(3, 4) => g,
            _ => 1 + self.rng.below(4),
        };
        let mut sizes = vec![0i64; groups];
        let total = if self.rng.chance(3, 4) {
            operands
        } else {
            self.rng.below(4)
        };
        for _ in 0..total {
            let i = self.rng.below(groups);
            sizes[i] += 1;
        }
        if !self.faithful && self.rng.chance(1, 16) {
            sizes[0] = -1;
        }
        let sizes: Vec<String> = sizes.iter().map(i64::to_string).collect();
        format!("array<i32: {}>", sizes.join(", "))
    }

    /// A region: empty, or one or two blocks (arguments from the type pool) ending in a random
    /// registered terminator.
    fn region(&mut self, terminators: &[&OpInfo], outer: &[(String, &'static str)]) -> String {
        if self.rng.chance(1, 4) {
            return "{\n}".to_string();
        }
        let mut pool = outer.to_vec();
        let args: Vec<(String, &'static str)> = (0..self.rng.below(3))
            .map(|_| (self.fresh("a"), self.pick(TYPES)))
            .collect();
        pool.extend(args.iter().cloned());
        let header: Vec<String> = args.iter().map(|(n, t)| format!("{n}: {t}")).collect();
        let mut text = format!("{{\n^bb0({}):\n", header.join(", "));
        if self.rng.chance(1, 4) {
            text.push_str("  \"test.foo\"() : () -> ()\n");
        }
        let term = terminators[self.rng.below(terminators.len())];
        let num_operands = self.rng.below(3);
        let operands = self.values(&pool, num_operands);
        let names: Vec<&str> = operands.iter().map(|(n, _)| n.as_str()).collect();
        let types: Vec<&str> = operands.iter().map(|(_, t)| *t).collect();
        let _ = writeln!(
            text,
            "  \"{}\"({}) : ({}) -> ()\n}}",
            term.name,
            names.join(", "),
            types.join(", ")
        );
        text
    }
}

/// How a program's op is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    /// `"op"() : () -> ()`.
    Bare,
    /// The declared counts, fitting attributes, random types.
    Faithful,
    /// Any counts and attributes.
    Random,
}

/// The shape of program `i`: every op bare in the first round, faithful in the second, then
/// faithful or random at random.
fn shape_of(i: usize, num_ops: usize, rng: &mut Rng) -> Shape {
    match i / num_ops.max(1) {
        0 => Shape::Bare,
        1 => Shape::Faithful,
        _ if rng.chance(1, 2) => Shape::Faithful,
        _ => Shape::Random,
    }
}

/// A whole program around one generic `op`.
fn program(op: &OpInfo, terminators: &[&OpInfo], shape: Shape, rng: &mut Rng) -> String {
    let mut w = Writer {
        rng,
        next_name: 0,
        faithful: shape == Shape::Faithful,
        bare: shape == Shape::Bare,
    };
    let pool: Vec<(String, &'static str)> = TYPES
        .iter()
        .enumerate()
        .map(|(i, t)| (format!("%arg{i}"), *t))
        .collect();
    let args: Vec<String> = pool.iter().map(|(n, t)| format!("{n}: {t}")).collect();
    let body = w.op(op, terminators, &pool);
    let last = op.terminator || w.rng.chance(1, 8);
    let after = if last { "" } else { "  return\n" };
    format!(
        "memref.global \"private\" @g : memref<2xf32> = dense<0.0>\n\
         func.func @callee(%x: memref<2xf32>) -> memref<2xf32> {{\n  return %x : memref<2xf32>\n}}\n\
         func.func @f({}) {{\n  {body}\n{after}^bb1:\n  return\n}}\n",
        args.join(", ")
    )
}

/// The driver invocations every program goes through: no pass, generic printing, and each
/// registered pass and named pipeline.
fn invocations() -> Vec<Vec<String>> {
    let mut all = vec![Vec::new(), vec!["--mlir-print-op-generic".to_string()]];
    all.extend(
        pipeline::pass::registry()
            .iter()
            .map(|p| vec![format!("--{}", p.name())]),
    );
    all
}

/// A panic: where it happened and what it said.
#[derive(Clone, Debug)]
pub struct Panic {
    /// `file:line:col: message`.
    pub what: String,
    /// The driver arguments.
    pub args: Vec<String>,
    /// The program.
    pub program: String,
}

/// The location and message of the last panic on this process (set by the hook of [`fuzz`]).
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Runs `program` through every invocation, returning the panics and whether the first
/// invocation (parse, verify, print) accepted it.
fn check(program: &str, invocations: &[Vec<String>]) -> (Vec<Panic>, bool) {
    let mut panics = Vec::new();
    let mut accepted = false;
    for (i, args) in invocations.iter().enumerate() {
        let ran = catch_unwind(AssertUnwindSafe(|| {
            pipeline::driver::run_captured(args, Some(program))
        }));
        if i == 0 {
            accepted = ran.as_ref().is_ok_and(|out| out.code == 0);
        }
        if ran.is_err() {
            let what = LAST_PANIC
                .lock()
                .map(|mut p| p.take().unwrap_or_default())
                .unwrap_or_default();
            panics.push(Panic {
                what,
                args: args.clone(),
                program: program.to_string(),
            });
        }
    }
    (panics, accepted)
}

/// What a run found.
#[derive(Default, Debug)]
pub struct Findings {
    /// Programs tried.
    pub programs: usize,
    /// Programs that parse and verify.
    pub accepted: usize,
    /// Driver runs.
    pub runs: usize,
    /// The first panic of each distinct location and message.
    pub panics: BTreeMap<String, Panic>,
    /// How many panics in all.
    pub panic_count: usize,
}

/// Generates `count` programs from `seed` and runs each, on a thread with a big stack (as the
/// driver), with a panic hook that records instead of printing.
pub fn fuzz(count: usize, seed: u64) -> Findings {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_default();
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = Some(format!("{at}: {msg}"));
        }
    }));
    let findings = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || fuzz_loop(count, seed))
        .ok()
        .and_then(|h| h.join().ok())
        .unwrap_or_default();
    std::panic::set_hook(previous);
    findings
}

fn fuzz_loop(count: usize, seed: u64) -> Findings {
    let ops = registered_ops();
    let terminators: Vec<&OpInfo> = ops.iter().filter(|o| o.terminator).collect();
    let invocations = invocations();
    let mut rng = Rng::new(seed);
    let mut findings = Findings::default();
    for i in 0..count {
        let op = &ops[i % ops.len()];
        let shape = shape_of(i, ops.len(), &mut rng);
        let text = program(op, &terminators, shape, &mut rng);
        findings.programs += 1;
        findings.runs += invocations.len();
        let (panics, accepted) = check(&text, &invocations);
        findings.accepted += usize::from(accepted);
        if std::env::var_os("FUZZ_GENERIC_SHOW").is_some() {
            println!("// accepted: {accepted}\n{text}");
        }
        for panic in panics {
            findings.panic_count += 1;
            findings.panics.entry(panic.what.clone()).or_insert(panic);
        }
    }
    findings
}

/// `cargo xtask fuzz-generic`.
#[derive(clap::Args)]
pub struct FuzzGenericArgs {
    /// Programs to generate (default: 20 per registered op)
    #[arg(long)]
    count: Option<usize>,
    /// The first seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The command: `--count N` programs, `--seed S`.
pub fn run(args: &FuzzGenericArgs) -> Result<()> {
    let count = args.count.unwrap_or_else(|| registered_ops().len() * 20);
    let findings = fuzz(count, args.seed);
    println!(
        "fuzz-generic: {} programs ({} parse and verify), {} driver runs, {} panics ({} distinct)",
        findings.programs,
        findings.accepted,
        findings.runs,
        findings.panic_count,
        findings.panics.len()
    );
    for panic in findings.panics.values() {
        println!(
            "\n== panic: {}\n   args: {:?}\n{}",
            panic.what, panic.args, panic.program
        );
    }
    if !findings.panics.is_empty() {
        std::process::exit(1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic slice of the fuzzer: three programs per registered op (bare, faithful,
    /// then either).
    #[test]
    fn no_registered_op_in_generic_form_panics() {
        let count = registered_ops().len() * 3;
        let findings = fuzz(count, 7);
        assert_eq!(findings.programs, count);
        let report: Vec<String> = findings
            .panics
            .values()
            .map(|p| format!("{} with {:?} on\n{}", p.what, p.args, p.program))
            .collect();
        assert!(report.is_empty(), "panics:\n{}", report.join("\n"));
    }

    /// The generator writes what it claims: a bare op is bare, every op shows up.
    #[test]
    fn programs_hold_the_op_in_generic_form() {
        let ops = registered_ops();
        let terminators: Vec<&OpInfo> = ops.iter().filter(|o| o.terminator).collect();
        let mut rng = Rng::new(3);
        for op in &ops {
            let bare = program(op, &terminators, Shape::Bare, &mut rng);
            assert!(
                bare.contains(&format!("\"{}\"() : () -> ()", op.name)),
                "{bare}"
            );
            let text = program(op, &terminators, Shape::Random, &mut rng);
            assert!(text.contains(&format!("\"{}\"(", op.name)), "{text}");
        }
    }
}
