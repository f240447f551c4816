//! A seeded generator of random pre-deallocation programs for `cargo xtask fuzz`.
//!
//! A program is a tree of [`Node`]s (statements and compound statements with regions) so the
//! shrinker can delete parts of it; [`Program::render`] turns it into MLIR text. Every program
//! has private functions taking and returning memrefs and a `func.func @main()` that prints what
//! it computes through `@printI64`, so the interpreter can compare runs before and after a
//! deallocation pipeline.
//!
//! The generator tracks, for every memref in scope, its type and the extent of each dimension it
//! is guaranteed to have at run time (the minimum over every value it may hold), so every access
//! is in bounds and every view fits its source. Element types are `i64` only, so printed results
//! are deterministic. Constructs: `memref.alloc` (static and dynamic sizes) and `memref.alloca`,
//! stores, loads, `memref.subview`, `memref.cast`, `memref.reinterpret_cast`,
//! `memref.expand_shape`, `memref.collapse_shape`, `arith.select` of memrefs, calls of generated
//! functions (returning fresh buffers, an argument, or one of two), buffers handed to the
//! private `@sink` and never used again (after an `scf.if` or `scf.for` that may return them:
//! the ownership pass's handover), `cf.cond_br` diamonds and
//! `cf` loops with memref block arguments, `scf.if`, `scf.for`, `scf.while` and
//! `scf.execute_region` with memref results and iter_args, `scf.index_switch`, loops allocating
//! every iteration, `memref.realloc`, `bufferization.clone`, `memref.get_global`, and frees the
//! program does itself (`memref.dealloc` in the allocating block, or in both branches of an
//! `scf.if` below it), `linalg` ops (`fill`, `copy`, `generic`, `matmul`) on buffers and views
//! and `affine.for` nests with `affine.load`/`store` (see [`structured`]), nested to a bounded
//! depth.

use std::fmt::Write as _;

use crate::rng::Rng;

mod structured;

/// A piece of a generated program: the unit the shrinker deletes.
#[derive(Clone, Debug)]
pub enum Node {
    /// One statement: complete lines of text.
    Leaf(String),
    /// A compound statement: `parts[0] regions[0] parts[1] ... regions[n-1] parts[n]`.
    Group {
        /// The text around the regions (one more than the regions).
        parts: Vec<String>,
        /// The nested statement lists.
        regions: Vec<Vec<Node>>,
        /// Whether region contents are indented one level deeper (false for `cf` blocks).
        indent: bool,
    },
}

/// A generated program.
#[derive(Clone, Debug)]
pub struct Program {
    /// Top-level nodes: declarations and functions.
    pub nodes: Vec<Node>,
}

impl Program {
    /// The program as MLIR text.
    pub fn render(&self) -> String {
        let mut s = String::new();
        render_nodes(&self.nodes, 0, &mut s);
        s
    }

    /// How many nodes the program has (a size measure for shrinking).
    pub fn node_count(&self) -> usize {
        count_nodes(&self.nodes)
    }
}

fn count_nodes(nodes: &[Node]) -> usize {
    nodes
        .iter()
        .map(|n| match n {
            Node::Leaf(_) => 1,
            Node::Group { regions, .. } => {
                1 + regions.iter().map(|r| count_nodes(r)).sum::<usize>()
            }
        })
        .sum()
}

fn push_lines(text: &str, depth: usize, out: &mut String) {
    for line in text.lines() {
        let label = line.starts_with('^');
        let pad = if label {
            depth.saturating_sub(1)
        } else {
            depth
        };
        for _ in 0..pad {
            out.push_str("  ");
        }
        out.push_str(line);
        out.push('\n');
    }
}

fn render_nodes(nodes: &[Node], depth: usize, out: &mut String) {
    for n in nodes {
        match n {
            Node::Leaf(t) => push_lines(t, depth, out),
            Node::Group {
                parts,
                regions,
                indent,
            } => {
                let inner = if *indent { depth + 1 } else { depth };
                for (i, part) in parts.iter().enumerate() {
                    push_lines(part, depth, out);
                    if let Some(r) = regions.get(i) {
                        render_nodes(r, inner, out);
                    }
                }
            }
        }
    }
}

/// The strided layout of a memref type: `None` entries are dynamic (`?`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Strided {
    strides: Vec<Option<i64>>,
    offset: Option<i64>,
}

/// A memref type of `i64` elements.
#[derive(Clone, Debug, PartialEq, Eq)]
struct MemTy {
    /// Static sizes, `None` for `?`.
    dims: Vec<Option<usize>>,
    /// `None` for the identity layout.
    layout: Option<Strided>,
}

fn dyn_text(v: Option<i64>) -> String {
    v.map_or("?".to_string(), |x| x.to_string())
}

impl MemTy {
    fn identity(dims: Vec<Option<usize>>) -> MemTy {
        MemTy { dims, layout: None }
    }

    fn text(&self) -> String {
        let mut s = String::from("memref<");
        for d in &self.dims {
            match d {
                Some(n) => {
                    let _ = write!(s, "{n}x");
                }
                None => s.push_str("?x"),
            }
        }
        s.push_str("i64");
        if let Some(l) = &self.layout {
            let strides: Vec<String> = l.strides.iter().map(|&x| dyn_text(x)).collect();
            let _ = write!(s, ", strided<[{}]", strides.join(", "));
            if l.offset != Some(0) {
                let _ = write!(s, ", offset: {}", dyn_text(l.offset));
            }
            s.push('>');
        }
        s.push('>');
        s
    }

    fn rank(&self) -> usize {
        self.dims.len()
    }

    /// The strides and offset of this type (identity layouts made explicit).
    fn strided(&self) -> Strided {
        if let Some(l) = &self.layout {
            return l.clone();
        }
        let mut strides = vec![Some(1i64); self.rank()];
        for i in (0..self.rank().saturating_sub(1)).rev() {
            strides[i] = match (strides[i + 1], self.dims[i + 1]) {
                (Some(s), Some(d)) => Some(s * d as i64),
                _ => None,
            };
        }
        Strided {
            strides,
            offset: Some(0),
        }
    }

    /// Whether `memref.cast` from `self` to `to` is valid and only forgets static information.
    fn casts_to(&self, to: &MemTy) -> bool {
        if self.rank() != to.rank() {
            return false;
        }
        let dims_ok = self
            .dims
            .iter()
            .zip(&to.dims)
            .all(|(a, b)| b.is_none() || a == b);
        if !dims_ok {
            return false;
        }
        match (&self.layout, &to.layout) {
            (None, None) => true,
            (Some(_), None) => false,
            (_, Some(t)) => {
                let s = self.strided();
                let strides_ok = s
                    .strides
                    .iter()
                    .zip(&t.strides)
                    .all(|(a, b)| b.is_none() || a == b);
                strides_ok && (t.offset.is_none() || t.offset == s.offset)
            }
        }
    }

    /// A more dynamic type `self` casts to.
    fn generalized(&self, rng: &mut Rng) -> MemTy {
        if self.layout.is_none() && rng.chance(1, 2) {
            return MemTy::identity(self.dims.iter().map(|_| None).collect());
        }
        MemTy {
            dims: self.dims.iter().map(|_| None).collect(),
            layout: Some(Strided {
                strides: self.dims.iter().map(|_| None).collect(),
                offset: None,
            }),
        }
    }
}

/// A memref in scope.
#[derive(Clone, Debug)]
struct MemVal {
    name: String,
    ty: MemTy,
    /// Guaranteed run-time extent of each dimension.
    ext: Vec<usize>,
    /// What it may alias.
    flags: Flags,
}

/// What a memref may alias, as far as the generator's safety rules go.
///
/// The deallocation pipelines may return a *copy* of a function's argument (a
/// `bufferization.clone` at the return), so a buffer passed to a call must never be written
/// again, nor read through a result that might be its copy after a write: buffers are either
/// storable (written after their fill, never passed to calls) or callable (never written after
/// their fill). Stack buffers never leave the function that allocated them.
#[derive(Clone, Copy, Debug)]
struct Flags {
    /// May be (a view of) a stack allocation.
    stack: bool,
    /// Every buffer it may alias is writable.
    storable: bool,
    /// Every buffer it may alias may be passed to calls.
    callable: bool,
}

impl Flags {
    /// The identity of [`Flags::join`].
    const NEUTRAL: Flags = Flags {
        stack: false,
        storable: true,
        callable: true,
    };

    /// Flags of a value that may be either.
    fn join(self, o: Flags) -> Flags {
        Flags {
            stack: self.stack || o.stack,
            storable: self.storable && o.storable,
            callable: self.callable && o.callable,
        }
    }
}

/// What a requested memref value must satisfy.
#[derive(Clone, Copy, Debug)]
struct Want {
    allow_stack: bool,
    storable: bool,
    callable: bool,
}

impl Want {
    /// Anything.
    const ANY: Want = Want {
        allow_stack: true,
        storable: false,
        callable: false,
    };
    /// A function's return value.
    const RETURN: Want = Want {
        allow_stack: false,
        storable: false,
        callable: false,
    };
    /// A call argument.
    const CALL_ARG: Want = Want {
        allow_stack: false,
        storable: false,
        callable: true,
    };

    fn admits(self, f: Flags) -> bool {
        (self.allow_stack || !f.stack)
            && (!self.storable || f.storable)
            && (!self.callable || f.callable)
    }

    /// The flags a value carried around a loop under this requirement has.
    fn loop_flags(self) -> Flags {
        Flags {
            stack: !self.callable,
            storable: self.storable,
            callable: self.callable,
        }
    }
}

/// The values visible in one region or block.
#[derive(Default, Clone)]
struct Scope {
    mems: Vec<MemVal>,
    ints: Vec<String>,
}

/// A generated function's signature and what its body guarantees.
#[derive(Clone)]
struct FuncSig {
    name: String,
    params: Vec<MemTy>,
    param_ext: Vec<Vec<usize>>,
    has_int_param: bool,
    results: Vec<MemTy>,
    result_ext: Vec<Vec<usize>>,
}

/// Knobs of the generator.
#[derive(Clone, Copy, Debug)]
pub struct GenConfig {
    /// Deepest region nesting.
    pub max_depth: usize,
    /// Statements per region, at most.
    pub max_stmts: usize,
    /// Private functions, at most.
    pub max_funcs: usize,
    /// Whether `scf.execute_region` bodies may hold `cf` diamonds and loops.
    pub region_cfg: bool,
    /// Whether `cf` loops (back edges) are generated at all.
    pub cf_loops: bool,
    /// Whether the program frees buffers itself (`memref.dealloc`).
    pub own_frees: bool,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            max_depth: 3,
            max_stmts: 4,
            max_funcs: 3,
            region_cfg: true,
            cf_loops: true,
            own_frees: true,
        }
    }
}

/// Counts of generated constructs (coverage).
#[derive(Clone, Debug, Default)]
pub struct Coverage {
    /// Construct name → how many were generated, in a fixed order.
    pub counts: Vec<(&'static str, u64)>,
}

impl Coverage {
    fn bump(&mut self, what: &'static str) {
        match self.counts.iter_mut().find(|(n, _)| *n == what) {
            Some((_, c)) => *c += 1,
            None => self.counts.push((what, 1)),
        }
    }

    /// Adds `other` into `self`.
    pub fn merge(&mut self, other: &Coverage) {
        for (n, c) in &other.counts {
            match self.counts.iter_mut().find(|(m, _)| m == n) {
                Some((_, d)) => *d += c,
                None => self.counts.push((n, *c)),
            }
        }
    }
}

/// The identity-layout types fresh buffers get.
const ALLOC_MENU: &[&[Option<usize>]] = &[
    &[Some(4)],
    &[None],
    &[Some(6)],
    &[Some(2), Some(3)],
    &[None, Some(3)],
    &[Some(2)],
];

struct Gen<'r> {
    rng: &'r mut Rng,
    cfg: GenConfig,
    cov: Coverage,
    next_value: usize,
    next_block: usize,
    scopes: Vec<Scope>,
    funcs: Vec<FuncSig>,
    used_index_consts: Vec<usize>,
    used_i64_consts: Vec<i64>,
    /// Which of the globals `@g0..` the program reads.
    used_globals: [bool; GLOBALS],
    /// Whether the program calls [`SINK`].
    used_sink: bool,
}

/// A private function that reads and prints the first element of the buffer it receives. It
/// is only ever called with a buffer nothing uses afterwards ([`Gen::handed_over_buffer`]), so
/// the ownership pass may hand the buffer over to it (it then frees it).
const SINK: &str = "func.func private @sink(%m: memref<2xi64>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<2xi64>
  func.call @printI64(%x) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
";

/// Globals a program may read (`@g0`, `@g1`).
const GLOBALS: usize = 2;

/// Generates the program of `seed`, with the constructs it used.
pub fn generate(seed: u64, cfg: GenConfig) -> (Program, Coverage) {
    let mut rng = Rng::new(seed);
    let mut g = Gen {
        rng: &mut rng,
        cfg,
        cov: Coverage::default(),
        next_value: 0,
        next_block: 0,
        scopes: Vec::new(),
        funcs: Vec::new(),
        used_index_consts: Vec::new(),
        used_i64_consts: Vec::new(),
        used_globals: [false; GLOBALS],
        used_sink: false,
    };
    let mut nodes = vec![Node::Leaf(
        "func.func private @printI64(i64)\nfunc.func private @printNewline()\n".into(),
    )];
    let nfuncs = g.rng.below(cfg.max_funcs + 1);
    for i in 0..nfuncs {
        nodes.push(g.private_function(i));
    }
    nodes.push(g.main_function());
    if g.used_sink {
        nodes.insert(1, Node::Leaf(SINK.into()));
    }
    for (k, _) in g.used_globals.iter().enumerate().filter(|(_, used)| **used) {
        let base = 10 * (k as i64 + 1);
        nodes.insert(
            1,
            Node::Leaf(format!(
                "memref.global \"private\" constant @g{k} : memref<4xi64> = dense<[{}, {}, {}, {}]>\n",
                base,
                base + 1,
                base + 2,
                base + 3
            )),
        );
    }
    (Program { nodes }, g.cov)
}

impl Gen<'_> {
    fn fresh(&mut self) -> String {
        self.next_value += 1;
        format!("%v{}", self.next_value)
    }

    fn block_label(&mut self) -> String {
        self.next_block += 1;
        format!("^bb{}", self.next_block)
    }

    fn idx(&mut self, k: usize) -> String {
        if !self.used_index_consts.contains(&k) {
            self.used_index_consts.push(k);
        }
        format!("%c{k}")
    }

    fn int_const(&mut self, k: i64) -> String {
        if !self.used_i64_consts.contains(&k) {
            self.used_i64_consts.push(k);
        }
        if k < 0 {
            format!("%im{}", -k)
        } else {
            format!("%i{k}")
        }
    }

    /// The constants a function used, as leaves for the top of its entry block.
    fn take_constants(&mut self) -> Vec<Node> {
        let mut idx = std::mem::take(&mut self.used_index_consts);
        idx.sort_unstable();
        let mut ints = std::mem::take(&mut self.used_i64_consts);
        ints.sort_unstable();
        let mut out: Vec<Node> = idx
            .into_iter()
            .map(|k| Node::Leaf(format!("%c{k} = arith.constant {k} : index\n")))
            .collect();
        for k in ints {
            let name = if k < 0 {
                format!("%im{}", -k)
            } else {
                format!("%i{k}")
            };
            out.push(Node::Leaf(format!("{name} = arith.constant {k} : i64\n")));
        }
        out
    }

    fn push_scope(&mut self) {
        self.scopes.push(Scope::default());
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    fn scope(&mut self) -> &mut Scope {
        if self.scopes.is_empty() {
            self.scopes.push(Scope::default());
        }
        let last = self.scopes.len() - 1;
        &mut self.scopes[last]
    }

    fn add_mem(&mut self, m: MemVal) {
        self.scope().mems.push(m);
    }

    fn add_int(&mut self, name: String) {
        self.scope().ints.push(name);
    }

    fn visible_mems(&self) -> Vec<MemVal> {
        self.scopes
            .iter()
            .flat_map(|s| s.mems.iter().cloned())
            .collect()
    }

    fn visible_ints(&self) -> Vec<String> {
        self.scopes
            .iter()
            .flat_map(|s| s.ints.iter().cloned())
            .collect()
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            None
        } else {
            Some(items[self.rng.below(items.len())].clone())
        }
    }

    // ----- scalars -----

    /// An `i64` value: one in scope or a small constant.
    fn int_value(&mut self) -> String {
        let ints = self.visible_ints();
        if !ints.is_empty()
            && self.rng.chance(2, 3)
            && let Some(v) = self.pick(&ints)
        {
            return v;
        }
        let k = self.rng.below(9) as i64 - 2;
        self.int_const(k)
    }

    /// An `i1` condition.
    fn condition(&mut self, out: &mut Vec<Node>) -> String {
        let a = self.int_value();
        if self.rng.chance(1, 4) {
            return if self.rng.chance(1, 2) {
                self.emit_true(out)
            } else {
                self.emit_false(out)
            };
        }
        let k = self.rng.below(5) as i64;
        let b = self.int_const(k);
        let pred = ["slt", "sle", "eq", "ne", "sgt", "sge"][self.rng.below(6)];
        let c = self.fresh();
        out.push(Node::Leaf(format!(
            "{c} = arith.cmpi {pred}, {a}, {b} : i64\n"
        )));
        c
    }

    fn emit_true(&mut self, out: &mut Vec<Node>) -> String {
        let c = self.fresh();
        out.push(Node::Leaf(format!("{c} = arith.constant true\n")));
        c
    }

    fn emit_false(&mut self, out: &mut Vec<Node>) -> String {
        let c = self.fresh();
        out.push(Node::Leaf(format!("{c} = arith.constant false\n")));
        c
    }

    /// An index in `0..n` as a value: a constant, or computed from an `i64` at run time.
    fn trip_count(&mut self, out: &mut Vec<Node>) -> String {
        if self.rng.chance(1, 3) {
            let v = self.int_value();
            let three = self.int_const(3);
            let t = self.fresh();
            let ti = self.fresh();
            out.push(Node::Leaf(format!(
                "{t} = arith.andi {v}, {three} : i64\n{ti} = arith.index_cast {t} : i64 to index\n"
            )));
            self.cov.bump("dynamic trip count");
            return ti;
        }
        let n = self.rng.below(4);
        self.idx(n)
    }

    // ----- memrefs -----

    /// Allocates and initializes a buffer of an identity type whose extents are at least `min`.
    fn alloc(
        &mut self,
        out: &mut Vec<Node>,
        dims: &[Option<usize>],
        min: &[usize],
        want: Want,
    ) -> MemVal {
        let stack = want.allow_stack && !want.callable && self.rng.chance(1, 8);
        let storable = want.storable || (!want.callable && (stack || self.rng.chance(1, 2)));
        let flags = Flags {
            stack,
            storable,
            callable: !storable && !stack,
        };
        let name = self.fresh();
        let mut ext = Vec::new();
        let mut operands = Vec::new();
        for (i, d) in dims.iter().enumerate() {
            let lo = min.get(i).copied().unwrap_or(1).max(1);
            match d {
                Some(n) => ext.push(*n),
                None => {
                    let n = lo + self.rng.below(3);
                    operands.push(self.idx(n));
                    ext.push(n);
                }
            }
        }
        let ty = MemTy::identity(dims.to_vec());
        let op = if stack { "alloca" } else { "alloc" };
        self.cov.bump(if stack {
            "memref.alloca"
        } else if operands.is_empty() {
            "memref.alloc (static)"
        } else {
            "memref.alloc (dynamic)"
        });
        out.push(Node::Leaf(format!(
            "{name} = memref.{op}({}) : {}\n",
            operands.join(", "),
            ty.text()
        )));
        let m = MemVal {
            name,
            ty,
            ext,
            flags,
        };
        self.fill(out, &m);
        m
    }

    /// Stores a value into every element within the extents of `m`.
    fn fill(&mut self, out: &mut Vec<Node>, m: &MemVal) {
        let ty = m.ty.text();
        let base = self.int_value();
        if m.ty.rank() == 1 && m.ext[0] <= 4 {
            for i in 0..m.ext[0] {
                let c = self.idx(i);
                let k = self.int_const(i as i64 + 1);
                let v = self.fresh();
                out.push(Node::Leaf(format!(
                    "{v} = arith.addi {base}, {k} : i64\nmemref.store {v}, {}[{c}] : {ty}\n",
                    m.name
                )));
            }
            return;
        }
        self.cov.bump("fill loop");
        let c0 = self.idx(0);
        let c1 = self.idx(1);
        let ivs: Vec<String> = (0..m.ty.rank()).map(|_| self.fresh()).collect();
        let mut body = Vec::new();
        let sum = self.sum_of_ivs(&mut body, base, &ivs);
        body.push(Node::Leaf(format!(
            "memref.store {sum}, {}[{}] : {ty}\n",
            m.name,
            ivs.join(", ")
        )));
        // Wrap innermost-first.
        for (d, iv) in ivs.iter().enumerate().rev() {
            let n = self.idx(m.ext[d]);
            body = vec![Node::Group {
                parts: vec![
                    format!("scf.for {iv} = {c0} to {n} step {c1} {{\n"),
                    "}\n".into(),
                ],
                regions: vec![body],
                indent: true,
            }];
        }
        out.extend(body);
    }

    /// `base + i0 + i1 + ...` as `i64`, computed into `body`; returns the value.
    fn sum_of_ivs(&mut self, body: &mut Vec<Node>, base: String, ivs: &[String]) -> String {
        let mut sum = base;
        for iv in ivs {
            let x = self.fresh();
            let y = self.fresh();
            body.push(Node::Leaf(format!(
                "{x} = arith.index_cast {iv} : index to i64\n{y} = arith.addi {sum}, {x} : i64\n"
            )));
            sum = y;
        }
        sum
    }

    fn fresh_alloc(&mut self, out: &mut Vec<Node>) -> MemVal {
        let dims = ALLOC_MENU[self.rng.below(ALLOC_MENU.len())].to_vec();
        let m = self.alloc(out, &dims, &[], Want::ANY);
        self.add_mem(m.clone());
        m
    }

    /// Casts `m` to `to` if needed (`m.ty` must cast to `to`).
    fn coerce(&mut self, out: &mut Vec<Node>, m: MemVal, to: &MemTy) -> MemVal {
        if m.ty == *to {
            return m;
        }
        self.cov.bump("memref.cast");
        let name = self.fresh();
        out.push(Node::Leaf(format!(
            "{name} = memref.cast {} : {} to {}\n",
            m.name,
            m.ty.text(),
            to.text()
        )));
        MemVal {
            name,
            ty: to.clone(),
            ext: m.ext,
            flags: m.flags,
        }
    }

    fn fits(m: &MemVal, ty: &MemTy, min: &[usize], want: Want) -> bool {
        m.ty.casts_to(ty) && want.admits(m.flags) && m.ext.iter().zip(min).all(|(a, b)| a >= b)
    }

    /// A value of type `ty` with extents at least `min`: one in scope (maybe cast, maybe a select
    /// of two) or a fresh buffer.
    fn value_of_type(
        &mut self,
        out: &mut Vec<Node>,
        ty: &MemTy,
        min: &[usize],
        want: Want,
    ) -> MemVal {
        let candidates: Vec<MemVal> = self
            .visible_mems()
            .into_iter()
            .filter(|m| Self::fits(m, ty, min, want))
            .collect();
        let dims: Vec<Option<usize>> = match &ty.layout {
            None => ty.dims.clone(),
            Some(_) => ty
                .dims
                .iter()
                .enumerate()
                .map(|(i, d)| match d {
                    Some(n) => Some(*n),
                    None if self.rng.chance(1, 2) => None,
                    None => Some(min.get(i).copied().unwrap_or(1).max(1) + self.rng.below(2)),
                })
                .collect(),
        };
        let allocatable = MemTy::identity(dims.clone()).casts_to(ty);
        let reuse = self.rng.chance(2, 3);
        if !candidates.is_empty() && (reuse || !allocatable) {
            if candidates.len() >= 2 && self.rng.chance(1, 4) {
                let a = candidates[self.rng.below(candidates.len())].clone();
                let b = candidates[self.rng.below(candidates.len())].clone();
                let a = self.coerce(out, a, ty);
                let b = self.coerce(out, b, ty);
                return self.select(out, a, b);
            }
            let m = candidates[self.rng.below(candidates.len())].clone();
            return self.coerce(out, m, ty);
        }
        let m = self.alloc(out, &dims, min, want);
        self.coerce(out, m, ty)
    }

    fn select(&mut self, out: &mut Vec<Node>, a: MemVal, b: MemVal) -> MemVal {
        let c = self.condition(out);
        let name = self.fresh();
        self.cov.bump("arith.select (memref)");
        out.push(Node::Leaf(format!(
            "{name} = arith.select {c}, {}, {} : {}\n",
            a.name,
            b.name,
            a.ty.text()
        )));
        MemVal {
            name,
            ty: a.ty.clone(),
            ext: a.ext.iter().zip(&b.ext).map(|(x, y)| *x.min(y)).collect(),
            flags: a.flags.join(b.flags),
        }
    }

    /// A type for a join (select, region results, block arguments) and its extents, seeded
    /// from a value in scope or from the allocation menu.
    fn join_type(&mut self, want: Want) -> (MemTy, Vec<usize>) {
        let mems: Vec<MemVal> = self
            .visible_mems()
            .into_iter()
            .filter(|m| want.admits(m.flags))
            .collect();
        if let Some(m) = self.pick(&mems)
            && self.rng.chance(2, 3)
        {
            let ty = if self.rng.chance(1, 2) {
                m.ty.clone()
            } else {
                m.ty.generalized(self.rng)
            };
            return (ty, m.ext.clone());
        }
        let dims = ALLOC_MENU[self.rng.below(ALLOC_MENU.len())].to_vec();
        let ext = dims.iter().map(|d| d.unwrap_or(2)).collect();
        (MemTy::identity(dims), ext)
    }

    fn load(&mut self, out: &mut Vec<Node>, m: &MemVal) -> String {
        let idx: Vec<String> = m
            .ext
            .clone()
            .iter()
            .map(|&e| {
                let k = self.rng.below(e.max(1));
                self.idx(k)
            })
            .collect();
        let v = self.fresh();
        out.push(Node::Leaf(format!(
            "{v} = memref.load {}[{}] : {}\n",
            m.name,
            idx.join(", "),
            m.ty.text()
        )));
        v
    }

    fn store(&mut self, out: &mut Vec<Node>, m: &MemVal) {
        let val = self.int_value();
        let idx: Vec<String> = m
            .ext
            .clone()
            .iter()
            .map(|&e| {
                let k = self.rng.below(e.max(1));
                self.idx(k)
            })
            .collect();
        out.push(Node::Leaf(format!(
            "memref.store {val}, {}[{}] : {}\n",
            m.name,
            idx.join(", "),
            m.ty.text()
        )));
    }

    fn print(&mut self, out: &mut Vec<Node>, v: &str) {
        out.push(Node::Leaf(format!(
            "func.call @printI64({v}) : (i64) -> ()\nfunc.call @printNewline() : () -> ()\n"
        )));
    }

    // ----- views -----

    fn view(&mut self, out: &mut Vec<Node>) {
        let mems = self.visible_mems();
        let Some(m) = self.pick(&mems) else { return };
        let made = match self.rng.below(5) {
            0 => self.subview(out, &m),
            1 => {
                let to = m.ty.generalized(self.rng);
                Some(self.coerce(out, m.clone(), &to))
            }
            2 => self.reinterpret_cast(out, &m),
            3 => self.expand_shape(out, &m),
            _ => self.collapse_shape(out, &m),
        };
        if let Some(v) = made {
            self.add_mem(v);
        }
    }

    fn subview(&mut self, out: &mut Vec<Node>, m: &MemVal) -> Option<MemVal> {
        let src = m.ty.strided();
        let mut offsets = Vec::new();
        let mut sizes = Vec::new();
        let mut strides = Vec::new();
        let mut dims = Vec::new();
        let mut ext = Vec::new();
        let mut res_strides = Vec::new();
        let mut offset = src.offset;
        for (d, &e) in m.ext.iter().enumerate() {
            let step = if e >= 3 && self.rng.chance(1, 4) {
                2
            } else {
                1
            };
            let max_size = (e - 1) / step + 1;
            let size = 1 + self.rng.below(max_size);
            let span = (size - 1) * step + 1;
            let off = self.rng.below(e - span + 1);
            if self.rng.chance(1, 3) {
                offsets.push(self.idx(off));
                offset = None;
            } else {
                offsets.push(off.to_string());
                offset = match (offset, src.strides[d]) {
                    (Some(o), Some(s)) => Some(o + off as i64 * s),
                    _ if off == 0 => offset,
                    _ => None,
                };
            }
            if self.rng.chance(1, 4) {
                sizes.push(self.idx(size));
                dims.push(None);
            } else {
                sizes.push(size.to_string());
                dims.push(Some(size));
            }
            strides.push(step.to_string());
            res_strides.push(src.strides[d].map(|s| s * step as i64));
            ext.push(size);
        }
        let ty = MemTy {
            dims,
            layout: Some(Strided {
                strides: res_strides,
                offset,
            }),
        };
        let name = self.fresh();
        self.cov.bump("memref.subview");
        out.push(Node::Leaf(format!(
            "{name} = memref.subview {}[{}] [{}] [{}] : {} to {}\n",
            m.name,
            offsets.join(", "),
            sizes.join(", "),
            strides.join(", "),
            m.ty.text(),
            ty.text()
        )));
        Some(MemVal {
            name,
            ty,
            ext,
            flags: m.flags,
        })
    }

    fn reinterpret_cast(&mut self, out: &mut Vec<Node>, m: &MemVal) -> Option<MemVal> {
        if m.ty.layout.is_some() {
            return None;
        }
        let total: usize = m.ext.iter().product();
        let (sizes, strides) = if total >= 4 && self.rng.chance(1, 2) {
            (vec![2usize, 2], vec![2i64, 1])
        } else {
            let s = 1 + self.rng.below(total.min(4));
            (vec![s], vec![1])
        };
        let span: usize = sizes.iter().product();
        let off = self.rng.below(total - span + 1);
        let (off_text, offset) = if self.rng.chance(1, 3) {
            (self.idx(off), None)
        } else {
            (off.to_string(), Some(off as i64))
        };
        let ty = MemTy {
            dims: sizes.iter().map(|&s| Some(s)).collect(),
            layout: Some(Strided {
                strides: strides.iter().map(|&s| Some(s)).collect(),
                offset,
            }),
        };
        let list = |v: &[String]| v.join(", ");
        let size_texts: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
        let stride_texts: Vec<String> = strides.iter().map(|s| s.to_string()).collect();
        let name = self.fresh();
        self.cov.bump("memref.reinterpret_cast");
        out.push(Node::Leaf(format!(
            "{name} = memref.reinterpret_cast {} to offset: [{off_text}], sizes: [{}], strides: [{}] : {} to {}\n",
            m.name,
            list(&size_texts),
            list(&stride_texts),
            m.ty.text(),
            ty.text()
        )));
        Some(MemVal {
            name,
            ty,
            ext: sizes,
            flags: m.flags,
        })
    }

    fn expand_shape(&mut self, out: &mut Vec<Node>, m: &MemVal) -> Option<MemVal> {
        if m.ty.layout.is_some() || m.ty.rank() != 1 {
            return None;
        }
        let n = m.ty.dims[0]?;
        if m.ext[0] != n {
            // Only part of the buffer is initialized (a grown `memref.realloc`): the view's
            // extents would reach past it.
            return None;
        }
        let shape = match n {
            4 => [2usize, 2],
            6 => [2, 3],
            2 => [1, 2],
            _ => return None,
        };
        let ty = MemTy::identity(vec![Some(shape[0]), Some(shape[1])]);
        let name = self.fresh();
        self.cov.bump("memref.expand_shape");
        out.push(Node::Leaf(format!(
            "{name} = memref.expand_shape {} [[0, 1]] output_shape [{}, {}] : {} into {}\n",
            m.name,
            shape[0],
            shape[1],
            m.ty.text(),
            ty.text()
        )));
        Some(MemVal {
            name,
            ty,
            ext: shape.to_vec(),
            flags: m.flags,
        })
    }

    fn collapse_shape(&mut self, out: &mut Vec<Node>, m: &MemVal) -> Option<MemVal> {
        if m.ty.layout.is_some() || m.ty.rank() != 2 {
            return None;
        }
        let inner = m.ty.dims[1]?;
        let dim = m.ty.dims[0].map(|d| d * inner);
        let ty = MemTy::identity(vec![dim]);
        let name = self.fresh();
        self.cov.bump("memref.collapse_shape");
        out.push(Node::Leaf(format!(
            "{name} = memref.collapse_shape {} [[0, 1]] : {} into {}\n",
            m.name,
            m.ty.text(),
            ty.text()
        )));
        Some(MemVal {
            name,
            ty,
            ext: vec![m.ext[0] * m.ext[1]],
            flags: m.flags,
        })
    }

    // ----- statements -----

    fn stmts(&mut self, out: &mut Vec<Node>, depth: usize, multi: bool) {
        let n = 1 + self.rng.below(self.cfg.max_stmts);
        for _ in 0..n {
            self.stmt(out, depth, multi);
        }
    }

    fn stmt(&mut self, out: &mut Vec<Node>, depth: usize, multi: bool) {
        let nested = depth < self.cfg.max_depth;
        let choice = self.rng.below(if nested { 26 } else { 13 });
        // Unnested, the last two choices are the structured statements (24, 25).
        let choice = if !nested && choice >= 11 {
            choice + 13
        } else {
            choice
        };
        match choice {
            0 | 1 => {
                self.fresh_alloc(out);
            }
            2 => self.store_somewhere(out),
            3 | 4 => self.load_somewhere(out),
            5 => self.view(out),
            6 => self.select_stmt(out),
            7 => self.call(out),
            8 => self.arith(out),
            9 => self.print_sum(out),
            10 => self.buffer_source(out),
            11 | 12 => self.scf_if(out, depth),
            13 | 14 => self.scf_for(out, depth),
            15 => self.scf_while(out, depth),
            16 => self.execute_region(out, depth),
            17 | 18 if multi => self.diamond(out, depth),
            19 if multi && self.cfg.cf_loops => self.cf_loop(out, depth),
            20 => self.index_switch(out, depth),
            21 if self.cfg.own_frees => self.freed_in_branches(out, depth),
            22 => self.handed_over_buffer(out),
            24 => self.structured(out),
            25 => self.affine_loop(out),
            _ => self.load_somewhere(out),
        }
    }

    /// A fresh buffer passed to [`SINK`] and never used again, so that the call may hand it
    /// over. Before the call it may go through an `scf.if` that returns it or a new buffer,
    /// or through an `scf.for` passing it on (no trip or some): their results alias it, and
    /// are read before the call.
    fn handed_over_buffer(&mut self, out: &mut Vec<Node>) {
        self.used_sink = true;
        let ty = "memref<2xi64>";
        let buffer = self.fresh();
        let c0 = self.idx(0);
        let value = self.int_value();
        out.push(Node::Leaf(format!(
            "{buffer} = memref.alloc() : {ty}\nmemref.store {value}, {buffer}[{c0}] : {ty}\n"
        )));
        let alias = match self.rng.below(3) {
            0 => {
                let cond = self.condition(out);
                let (alias, other) = (self.fresh(), self.fresh());
                let other_value = self.int_value();
                out.push(Node::Group {
                    parts: vec![
                        format!("{alias} = scf.if {cond} -> ({ty}) {{\n"),
                        "} else {\n".into(),
                        "}\n".into(),
                    ],
                    regions: vec![
                        vec![Node::Leaf(format!("scf.yield {buffer} : {ty}\n"))],
                        vec![Node::Leaf(format!(
                            "{other} = memref.alloc() : {ty}\nmemref.store {other_value}, {other}[{c0}] : {ty}\nscf.yield {other} : {ty}\n"
                        ))],
                    ],
                    indent: true,
                });
                Some(alias)
            }
            1 => {
                let trips = self.rng.below(3);
                let (upper, step) = (self.idx(trips), self.idx(1));
                let (alias, iv, carried) = (self.fresh(), self.fresh(), self.fresh());
                out.push(Node::Group {
                    parts: vec![
                        format!(
                            "{alias} = scf.for {iv} = {c0} to {upper} step {step} iter_args({carried} = {buffer}) -> ({ty}) {{\n"
                        ),
                        "}\n".into(),
                    ],
                    regions: vec![vec![Node::Leaf(format!("scf.yield {carried} : {ty}\n"))]],
                    indent: true,
                });
                Some(alias)
            }
            _ => None,
        };
        if let Some(alias) = alias {
            let read = self.fresh();
            out.push(Node::Leaf(format!(
                "{read} = memref.load {alias}[{c0}] : {ty}\n"
            )));
            self.print(out, &read);
        }
        out.push(Node::Leaf(format!(
            "func.call @sink({buffer}) : ({ty}) -> ()\n"
        )));
        self.cov.bump("buffer handed to @sink");
    }

    /// Buffers from less common sources: `memref.realloc` of a fresh buffer, a temporary freed
    /// by the program itself, `bufferization.clone` of a value in scope, `memref.get_global`.
    fn buffer_source(&mut self, out: &mut Vec<Node>) {
        match self.rng.below(4) {
            0 => self.realloc(out),
            1 if self.cfg.own_frees => self.freed_temporary(out),
            2 => self.clone_value(out),
            _ => self.global(out),
        }
    }

    /// A heap buffer of rank 1, filled, then reallocated; only the result stays in scope (the
    /// source is freed), with the extent known to be initialized. A dynamic size may shrink;
    /// a static one only grows or stays (`mlir-opt-22`'s `expand-realloc` emits invalid IR
    /// for a static shrink, so the JIT could not run the input).
    fn realloc(&mut self, out: &mut Vec<Node>) {
        let want = Want {
            allow_stack: false,
            storable: false,
            callable: false,
        };
        let dynamic = self.rng.chance(1, 2);
        let src_dims = if dynamic { vec![None] } else { vec![Some(4)] };
        let src = self.alloc(out, &src_dims, &[2], want);
        let old_len = src.ext[0];
        let new_len = if dynamic {
            1 + self.rng.below(old_len)
        } else {
            old_len + self.rng.below(3)
        };
        let name = self.fresh();
        let (size, ty) = if dynamic {
            (
                format!("({})", self.idx(new_len)),
                MemTy::identity(vec![None]),
            )
        } else {
            (String::new(), MemTy::identity(vec![Some(new_len)]))
        };
        self.cov.bump("memref.realloc");
        out.push(Node::Leaf(format!(
            "{name} = memref.realloc {}{size} : {} to {}\n",
            src.name,
            src.ty.text(),
            ty.text()
        )));
        self.add_mem(MemVal {
            name,
            ty,
            ext: vec![new_len.min(old_len)],
            flags: src.flags,
        });
    }

    /// A temporary buffer the program frees itself (`memref.dealloc`) after reading it; it
    /// never enters the scope.
    fn freed_temporary(&mut self, out: &mut Vec<Node>) {
        let dims = ALLOC_MENU[self.rng.below(ALLOC_MENU.len())].to_vec();
        let want = Want {
            allow_stack: false,
            storable: true,
            callable: false,
        };
        let m = self.alloc(out, &dims, &[], want);
        let v = self.load(out, &m);
        self.print(out, &v);
        self.add_int(v);
        self.cov.bump("memref.dealloc (same block)");
        out.push(Node::Leaf(format!(
            "memref.dealloc {} : {}\n",
            m.name,
            m.ty.text()
        )));
    }

    /// A buffer allocated here, read in both branches of an `scf.if`, and freed by the program
    /// in both (a free nested in a region of a buffer its parent block owns).
    fn freed_in_branches(&mut self, out: &mut Vec<Node>, depth: usize) {
        let want = Want {
            allow_stack: false,
            storable: true,
            callable: false,
        };
        let dims = ALLOC_MENU[self.rng.below(ALLOC_MENU.len())].to_vec();
        let m = self.alloc(out, &dims, &[], want);
        let c = self.condition(out);
        let mut branches = Vec::new();
        for _ in 0..2 {
            let mut body = Vec::new();
            self.push_scope();
            if self.rng.chance(1, 2) {
                self.stmts(&mut body, depth + 1, false);
            }
            let v = self.load(&mut body, &m);
            self.print(&mut body, &v);
            self.pop_scope();
            body.push(Node::Leaf(format!(
                "memref.dealloc {} : {}\n",
                m.name,
                m.ty.text()
            )));
            branches.push(body);
        }
        self.cov.bump("memref.dealloc (nested)");
        out.push(Node::Group {
            parts: vec![
                format!("scf.if {c} {{\n"),
                "} else {\n".into(),
                "}\n".into(),
            ],
            regions: branches,
            indent: true,
        });
    }

    /// `bufferization.clone` of a value in scope with the identity layout: a fresh heap buffer
    /// with the same contents. (`mlir-opt-22` cannot lower a clone with a static non-identity
    /// layout, so the JIT could not run the input.)
    fn clone_value(&mut self, out: &mut Vec<Node>) {
        let mems: Vec<MemVal> = self
            .visible_mems()
            .into_iter()
            .filter(|m| m.ty.layout.is_none())
            .collect();
        let Some(m) = self.pick(&mems) else {
            self.fresh_alloc(out);
            return;
        };
        let name = self.fresh();
        let ty = m.ty.text();
        self.cov.bump("bufferization.clone");
        out.push(Node::Leaf(format!(
            "{name} = bufferization.clone {} : {ty} to {ty}\n",
            m.name
        )));
        self.add_mem(MemVal {
            name,
            ty: m.ty,
            ext: m.ext,
            flags: Flags {
                stack: false,
                storable: true,
                callable: false,
            },
        });
    }

    /// `memref.get_global` of a global of 4 `i64` (read-only here: callable, never stored to).
    fn global(&mut self, out: &mut Vec<Node>) {
        let k = self.rng.below(GLOBALS);
        self.used_globals[k] = true;
        let name = self.fresh();
        let ty = MemTy::identity(vec![Some(4)]);
        self.cov.bump("memref.get_global");
        out.push(Node::Leaf(format!(
            "{name} = memref.get_global @g{k} : {}\n",
            ty.text()
        )));
        self.add_mem(MemVal {
            name,
            ty,
            ext: vec![4],
            flags: Flags {
                stack: false,
                storable: false,
                callable: true,
            },
        });
    }

    /// `scf.index_switch` on a small index, with two cases and a default yielding memrefs.
    fn index_switch(&mut self, out: &mut Vec<Node>, depth: usize) {
        let v = self.int_value();
        let three = self.int_const(3);
        let masked = self.fresh();
        let index = self.fresh();
        out.push(Node::Leaf(format!(
            "{masked} = arith.andi {v}, {three} : i64\n{index} = arith.index_cast {masked} : i64 to index\n"
        )));
        let types = self.result_types(2);
        let mut flags = Flags::NEUTRAL;
        let mut regions = Vec::new();
        for _ in 0..3 {
            let (body, f) = self.region_body(depth, false, &types, false);
            flags = flags.join(f);
            regions.push(body);
        }
        self.cov.bump("scf.index_switch");
        let results = self.bind_results(&types, flags);
        let ret = if types.is_empty() {
            String::new()
        } else {
            format!(" -> {}", Self::type_list(&types))
        };
        let first = self.rng.below(3);
        out.push(Node::Group {
            parts: vec![
                format!("{results}scf.index_switch {index}{ret}\ncase {first} {{\n"),
                format!("}}\ncase {} {{\n", first + 1),
                "}\ndefault {\n".into(),
                "}\n".into(),
            ],
            regions,
            indent: true,
        });
    }

    fn store_somewhere(&mut self, out: &mut Vec<Node>) {
        let mems: Vec<MemVal> = self
            .visible_mems()
            .into_iter()
            .filter(|m| m.flags.storable)
            .collect();
        if let Some(m) = self.pick(&mems) {
            self.store(out, &m);
        }
    }

    fn load_somewhere(&mut self, out: &mut Vec<Node>) {
        let mems = self.visible_mems();
        let Some(m) = self.pick(&mems) else {
            self.fresh_alloc(out);
            return;
        };
        let v = self.load(out, &m);
        if self.rng.chance(1, 2) {
            self.print(out, &v);
        }
        self.add_int(v);
    }

    fn arith(&mut self, out: &mut Vec<Node>) {
        let a = self.int_value();
        let b = self.int_value();
        let op = ["addi", "subi", "muli", "maxsi", "xori"][self.rng.below(5)];
        let v = self.fresh();
        out.push(Node::Leaf(format!("{v} = arith.{op} {a}, {b} : i64\n")));
        self.add_int(v);
    }

    fn print_sum(&mut self, out: &mut Vec<Node>) {
        let mems = self.visible_mems();
        let mut acc = self.int_const(0);
        for _ in 0..2 {
            if let Some(m) = self.pick(&mems) {
                let v = self.load(out, &m);
                let s = self.fresh();
                out.push(Node::Leaf(format!("{s} = arith.addi {acc}, {v} : i64\n")));
                acc = s;
            }
        }
        self.print(out, &acc);
    }

    fn select_stmt(&mut self, out: &mut Vec<Node>) {
        let (ty, ext) = self.join_type(Want::ANY);
        let a = self.value_of_type(out, &ty, &ext, Want::ANY);
        let b = self.value_of_type(out, &ty, &ext, Want::ANY);
        let s = self.select(out, a, b);
        self.add_mem(s);
    }

    fn call(&mut self, out: &mut Vec<Node>) {
        let funcs = self.funcs.clone();
        let Some(f) = self.pick(&funcs) else {
            self.fresh_alloc(out);
            return;
        };
        let mut args = Vec::new();
        for (ty, ext) in f.params.iter().zip(&f.param_ext) {
            let m = self.value_of_type(out, ty, ext, Want::CALL_ARG);
            args.push(m.name);
        }
        let mut arg_types: Vec<String> = f.params.iter().map(MemTy::text).collect();
        if f.has_int_param {
            args.push(self.int_value());
            arg_types.push("i64".into());
        }
        let names: Vec<String> = f.results.iter().map(|_| self.fresh()).collect();
        let res_types: Vec<String> = f.results.iter().map(MemTy::text).collect();
        self.cov.bump("func.call");
        out.push(Node::Leaf(format!(
            "{} = func.call @{}({}) : ({}) -> ({})\n",
            names.join(", "),
            f.name,
            args.join(", "),
            arg_types.join(", "),
            res_types.join(", ")
        )));
        for ((name, ty), ext) in names.into_iter().zip(&f.results).zip(&f.result_ext) {
            self.add_mem(MemVal {
                name,
                ty: ty.clone(),
                ext: ext.clone(),
                flags: Flags {
                    stack: false,
                    storable: false,
                    callable: true,
                },
            });
        }
    }

    /// Result types of a region op: 0 to 2 memref types with their extents.
    fn result_types(&mut self, max: usize) -> Vec<(MemTy, Vec<usize>)> {
        let n = self.rng.below(max + 1);
        (0..n).map(|_| self.join_type(Want::ANY)).collect()
    }

    /// Yields values of `types` at the end of a region: `terminator vals : types`.
    fn yield_values(
        &mut self,
        out: &mut Vec<Node>,
        types: &[(MemTy, Vec<usize>)],
        want: Want,
    ) -> (Vec<String>, Flags) {
        let mut names = Vec::new();
        let mut flags = Flags::NEUTRAL;
        for (ty, ext) in types {
            let m = self.value_of_type(out, ty, ext, want);
            flags = flags.join(m.flags);
            names.push(m.name);
        }
        (names, flags)
    }

    fn type_list(types: &[(MemTy, Vec<usize>)]) -> String {
        types
            .iter()
            .map(|(t, _)| t.text())
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn bind_results(&mut self, types: &[(MemTy, Vec<usize>)], flags: Flags) -> String {
        let mut names = Vec::new();
        for (ty, ext) in types {
            let name = self.fresh();
            names.push(name.clone());
            self.add_mem(MemVal {
                name,
                ty: ty.clone(),
                ext: ext.clone(),
                flags,
            });
        }
        if names.is_empty() {
            String::new()
        } else {
            format!("{} = ", names.join(", "))
        }
    }

    /// A region's statements and its terminator; `scf.if` (`implicit_yield`) may omit an empty
    /// `scf.yield`.
    fn region_body(
        &mut self,
        depth: usize,
        multi: bool,
        types: &[(MemTy, Vec<usize>)],
        implicit_yield: bool,
    ) -> (Vec<Node>, Flags) {
        let mut body = Vec::new();
        self.push_scope();
        self.stmts(&mut body, depth + 1, multi);
        let (vals, flags) = self.yield_values(&mut body, types, Want::ANY);
        self.pop_scope();
        if vals.is_empty() {
            if implicit_yield {
                return (body, flags);
            }
            body.push(Node::Leaf("scf.yield\n".into()));
        } else {
            body.push(Node::Leaf(format!(
                "scf.yield {} : {}\n",
                vals.join(", "),
                Self::type_list(types)
            )));
        }
        (body, flags)
    }

    fn scf_if(&mut self, out: &mut Vec<Node>, depth: usize) {
        let c = self.condition(out);
        let types = self.result_types(2);
        let (then_body, s1) = self.region_body(depth, false, &types, true);
        let with_else = !types.is_empty() || self.rng.chance(1, 2);
        let (else_body, s2) = if with_else {
            self.region_body(depth, false, &types, true)
        } else {
            (Vec::new(), Flags::NEUTRAL)
        };
        self.cov.bump(if types.is_empty() {
            "scf.if"
        } else {
            "scf.if (memref results)"
        });
        let results = self.bind_results(&types, s1.join(s2));
        let ret = if types.is_empty() {
            String::new()
        } else {
            format!(" -> ({})", Self::type_list(&types))
        };
        let (parts, regions) = if with_else {
            (
                vec![
                    format!("{results}scf.if {c}{ret} {{\n"),
                    "} else {\n".into(),
                    "}\n".into(),
                ],
                vec![then_body, else_body],
            )
        } else {
            (
                vec![format!("{results}scf.if {c}{ret} {{\n"), "}\n".into()],
                vec![then_body],
            )
        };
        out.push(Node::Group {
            parts,
            regions,
            indent: true,
        });
    }

    /// Loop-carried memrefs: initial values and the types/extents they keep.
    fn loop_want(&mut self) -> Want {
        match self.rng.below(3) {
            0 => Want {
                allow_stack: true,
                storable: true,
                callable: false,
            },
            1 => Want::CALL_ARG,
            _ => Want::ANY,
        }
    }

    fn loop_inits(
        &mut self,
        out: &mut Vec<Node>,
        want: Want,
    ) -> (Vec<MemVal>, Vec<(MemTy, Vec<usize>)>) {
        let n = 1 + self.rng.below(2);
        let mut inits = Vec::new();
        let mut types = Vec::new();
        for _ in 0..n {
            let (ty, ext) = self.join_type(want);
            let m = self.value_of_type(out, &ty, &ext, want);
            types.push((ty, ext));
            inits.push(m);
        }
        (inits, types)
    }

    fn scf_for(&mut self, out: &mut Vec<Node>, depth: usize) {
        let c0 = self.idx(0);
        let c1 = self.idx(1);
        let ub = self.trip_count(out);
        let with_iter = self.rng.chance(3, 4);
        let want = self.loop_want();
        let (inits, types) = if with_iter {
            self.loop_inits(out, want)
        } else {
            (Vec::new(), Vec::new())
        };
        let acc_init = self.int_value();
        let iv = self.fresh();
        let args: Vec<String> = types.iter().map(|_| self.fresh()).collect();
        let acc = self.fresh();
        self.push_scope();
        for (a, (ty, ext)) in args.iter().zip(&types) {
            self.add_mem(MemVal {
                name: a.clone(),
                ty: ty.clone(),
                ext: ext.clone(),
                flags: want.loop_flags(),
            });
        }
        let mut body = Vec::new();
        let ivi = self.fresh();
        body.push(Node::Leaf(format!(
            "{ivi} = arith.index_cast {iv} : index to i64\n"
        )));
        self.add_int(ivi.clone());
        if with_iter {
            self.add_int(acc.clone());
        }
        self.stmts(&mut body, depth + 1, false);
        let (vals, _) = self.yield_values(&mut body, &types, want);
        let next = self.fresh();
        if with_iter {
            let x = self.int_value();
            body.push(Node::Leaf(format!(
                "{next} = arith.addi {acc}, {x} : i64\n"
            )));
        }
        self.pop_scope();
        let mut all_types: Vec<String> = types.iter().map(|(t, _)| t.text()).collect();
        let mut yields = vals;
        if with_iter {
            all_types.push("i64".into());
            yields.push(next);
        }
        if !yields.is_empty() {
            body.push(Node::Leaf(format!(
                "scf.yield {} : {}\n",
                yields.join(", "),
                all_types.join(", ")
            )));
        }
        self.cov.bump(if with_iter {
            "scf.for (iter_args)"
        } else {
            "scf.for"
        });
        let mut results = self.bind_results(&types, want.loop_flags());
        if with_iter {
            let r = self.fresh();
            results = if results.is_empty() {
                format!("{r} = ")
            } else {
                format!("{}, {r} = ", results.trim_end_matches(" = "))
            };
            self.add_int(r);
        }
        let header = if with_iter {
            let mut pairs: Vec<String> = args
                .iter()
                .zip(&inits)
                .map(|(a, m)| format!("{a} = {}", m.name))
                .collect();
            pairs.push(format!("{acc} = {acc_init}"));
            format!(
                "{results}scf.for {iv} = {c0} to {ub} step {c1} iter_args({}) -> ({}) {{\n",
                pairs.join(", "),
                all_types.join(", ")
            )
        } else {
            format!("scf.for {iv} = {c0} to {ub} step {c1} {{\n")
        };
        out.push(Node::Group {
            parts: vec![header, "}\n".into()],
            regions: vec![body],
            indent: true,
        });
    }

    fn scf_while(&mut self, out: &mut Vec<Node>, depth: usize) {
        let want = self.loop_want();
        let (inits, types) = self.loop_inits(out, want);
        let zero = self.int_const(0);
        let one = self.int_const(1);
        let bound_k = self.rng.below(4) as i64;
        let bound = self.int_const(bound_k);
        let wargs: Vec<String> = types.iter().map(|_| self.fresh()).collect();
        let wk = self.fresh();
        // before region
        self.push_scope();
        for (a, (ty, ext)) in wargs.iter().zip(&types) {
            self.add_mem(MemVal {
                name: a.clone(),
                ty: ty.clone(),
                ext: ext.clone(),
                flags: want.loop_flags(),
            });
        }
        let mut before = Vec::new();
        if self.rng.chance(1, 2) {
            self.stmts(&mut before, depth + 1, false);
        }
        let (cvals, _) = self.yield_values(&mut before, &types, want);
        self.pop_scope();
        let go = self.fresh();
        before.push(Node::Leaf(format!(
            "{go} = arith.cmpi slt, {wk}, {bound} : i64\n"
        )));
        let mut tys: Vec<String> = types.iter().map(|(t, _)| t.text()).collect();
        tys.push("i64".into());
        let mut cvals = cvals;
        cvals.push(wk.clone());
        before.push(Node::Leaf(format!(
            "scf.condition({go}) {} : {}\n",
            cvals.join(", "),
            tys.join(", ")
        )));
        // after region
        let bargs: Vec<String> = types.iter().map(|_| self.fresh()).collect();
        let bk = self.fresh();
        self.push_scope();
        for (a, (ty, ext)) in bargs.iter().zip(&types) {
            self.add_mem(MemVal {
                name: a.clone(),
                ty: ty.clone(),
                ext: ext.clone(),
                flags: want.loop_flags(),
            });
        }
        self.add_int(bk.clone());
        let mut after = Vec::new();
        let mut bb_args: Vec<String> = bargs
            .iter()
            .zip(&types)
            .map(|(a, (t, _))| format!("{a}: {}", t.text()))
            .collect();
        bb_args.push(format!("{bk}: i64"));
        self.stmts(&mut after, depth + 1, false);
        let (mut yvals, _) = self.yield_values(&mut after, &types, want);
        self.pop_scope();
        let nk = self.fresh();
        after.push(Node::Leaf(format!("{nk} = arith.addi {bk}, {one} : i64\n")));
        yvals.push(nk);
        after.push(Node::Leaf(format!(
            "scf.yield {} : {}\n",
            yvals.join(", "),
            tys.join(", ")
        )));
        self.cov.bump("scf.while");
        let mut results = self.bind_results(&types, want.loop_flags());
        let rk = self.fresh();
        results = if results.is_empty() {
            format!("{rk} = ")
        } else {
            format!("{}, {rk} = ", results.trim_end_matches(" = "))
        };
        self.add_int(rk);
        let mut pairs: Vec<String> = wargs
            .iter()
            .zip(&inits)
            .map(|(a, m)| format!("{a} = {}", m.name))
            .collect();
        pairs.push(format!("{wk} = {zero}"));
        out.push(Node::Group {
            parts: vec![
                format!(
                    "{results}scf.while ({}) : ({}) -> ({}) {{\n",
                    pairs.join(", "),
                    tys.join(", "),
                    tys.join(", ")
                ),
                format!("}} do {{\n^bb0({}):\n", bb_args.join(", ")),
                "}\n".into(),
            ],
            regions: vec![before, after],
            indent: true,
        });
    }

    fn execute_region(&mut self, out: &mut Vec<Node>, depth: usize) {
        let types = self.result_types(1);
        let multi = self.cfg.region_cfg;
        let (body, flags) = self.region_body(depth, multi, &types, false);
        self.cov.bump("scf.execute_region");
        let results = self.bind_results(&types, flags);
        let ret = if types.is_empty() {
            String::new()
        } else {
            format!(" -> ({})", Self::type_list(&types))
        };
        out.push(Node::Group {
            parts: vec![
                format!("{results}scf.execute_region{ret} {{\n"),
                "}\n".into(),
            ],
            regions: vec![body],
            indent: true,
        });
    }

    /// The statements of one `cf` block sequence ending in `cf.br target(values of types)`.
    fn branch_body(
        &mut self,
        depth: usize,
        types: &[(MemTy, Vec<usize>)],
        target: &str,
    ) -> (Vec<Node>, Flags) {
        let mut body = Vec::new();
        self.push_scope();
        self.stmts(&mut body, depth + 1, true);
        let (vals, flags) = self.yield_values(&mut body, types, Want::ANY);
        self.pop_scope();
        if vals.is_empty() {
            body.push(Node::Leaf(format!("cf.br {target}\n")));
        } else {
            body.push(Node::Leaf(format!(
                "cf.br {target}({} : {})\n",
                vals.join(", "),
                Self::type_list(types)
            )));
        }
        (body, flags)
    }

    fn diamond(&mut self, out: &mut Vec<Node>, depth: usize) {
        let c = self.condition(out);
        let types = self.result_types(2);
        let (a, b, j) = (self.block_label(), self.block_label(), self.block_label());
        let (then_body, s1) = self.branch_body(depth, &types, &j);
        let (else_body, s2) = self.branch_body(depth, &types, &j);
        let args: Vec<MemVal> = types
            .iter()
            .map(|(ty, ext)| MemVal {
                name: self.fresh(),
                ty: ty.clone(),
                ext: ext.clone(),
                flags: s1.join(s2),
            })
            .collect();
        let arg_defs: Vec<String> = args
            .iter()
            .map(|m| format!("{}: {}", m.name, m.ty.text()))
            .collect();
        let join = if arg_defs.is_empty() {
            format!("{j}:\n")
        } else {
            format!("{j}({}):\n", arg_defs.join(", "))
        };
        for m in args {
            self.add_mem(m);
        }
        self.cov.bump(if types.is_empty() {
            "cf.cond_br diamond"
        } else {
            "cf.cond_br diamond (memref block args)"
        });
        out.push(Node::Group {
            parts: vec![
                format!("cf.cond_br {c}, {a}, {b}\n{a}:\n"),
                format!("{b}:\n"),
                join,
            ],
            regions: vec![then_body, else_body],
            indent: false,
        });
    }

    fn cf_loop(&mut self, out: &mut Vec<Node>, depth: usize) {
        let want = self.loop_want();
        let (inits, types) = self.loop_inits(out, want);
        let zero = self.int_const(0);
        let one = self.int_const(1);
        let bound_k = self.rng.below(4) as i64;
        let bound = self.int_const(bound_k);
        let (h, body_label, exit) = (self.block_label(), self.block_label(), self.block_label());
        let hargs: Vec<MemVal> = types
            .iter()
            .map(|(ty, ext)| MemVal {
                name: self.fresh(),
                ty: ty.clone(),
                ext: ext.clone(),
                flags: want.loop_flags(),
            })
            .collect();
        let k = self.fresh();
        let go = self.fresh();
        let k1 = self.fresh();
        self.push_scope();
        for m in &hargs {
            self.add_mem(m.clone());
        }
        self.add_int(k.clone());
        let mut body = Vec::new();
        self.stmts(&mut body, depth + 1, true);
        let (mut vals, _) = self.yield_values(&mut body, &types, want);
        self.pop_scope();
        let mut tys: Vec<String> = types.iter().map(|(t, _)| t.text()).collect();
        tys.push("i64".into());
        body.push(Node::Leaf(format!("{k1} = arith.addi {k}, {one} : i64\n")));
        vals.push(k1);
        body.push(Node::Leaf(format!(
            "cf.br {h}({} : {})\n",
            vals.join(", "),
            tys.join(", ")
        )));
        let mut init_names: Vec<String> = inits.iter().map(|m| m.name.clone()).collect();
        init_names.push(zero);
        let mut arg_defs: Vec<String> = hargs
            .iter()
            .map(|m| format!("{}: {}", m.name, m.ty.text()))
            .collect();
        arg_defs.push(format!("{k}: i64"));
        self.cov.bump("cf loop (memref block args)");
        for m in hargs {
            self.add_mem(m);
        }
        self.add_int(k.clone());
        out.push(Node::Group {
            parts: vec![
                format!(
                    "cf.br {h}({} : {})\n{h}({}):\n{go} = arith.cmpi slt, {k}, {bound} : i64\ncf.cond_br {go}, {body_label}, {exit}\n{body_label}:\n",
                    init_names.join(", "),
                    tys.join(", "),
                    arg_defs.join(", ")
                ),
                format!("{exit}:\n"),
            ],
            regions: vec![body],
            indent: false,
        });
    }

    // ----- functions -----

    fn private_function(&mut self, index: usize) -> Node {
        let name = format!("f{index}");
        let nparams = 1 + self.rng.below(3);
        let mut params = Vec::new();
        let mut param_ext = Vec::new();
        for _ in 0..nparams {
            let dims = ALLOC_MENU[self.rng.below(ALLOC_MENU.len())].to_vec();
            let ext: Vec<usize> = dims.iter().map(|d| d.unwrap_or(2)).collect();
            let base = MemTy::identity(dims);
            let ty = if self.rng.chance(1, 4) {
                base.generalized(self.rng)
            } else {
                base
            };
            params.push(ty);
            param_ext.push(ext);
        }
        let has_int_param = self.rng.chance(1, 2);
        let nresults = 1 + self.rng.below(2);
        let mut results = Vec::new();
        let mut result_ext = Vec::new();
        for _ in 0..nresults {
            if self.rng.chance(1, 2) {
                let i = self.rng.below(nparams);
                results.push(params[i].clone());
                result_ext.push(param_ext[i].clone());
            } else {
                let dims = ALLOC_MENU[self.rng.below(ALLOC_MENU.len())].to_vec();
                result_ext.push(dims.iter().map(|d| d.unwrap_or(1)).collect());
                results.push(MemTy::identity(dims));
            }
        }
        self.scopes.clear();
        self.push_scope();
        let mut arg_defs = Vec::new();
        for (i, (ty, ext)) in params.iter().zip(&param_ext).enumerate() {
            let n = format!("%arg{i}");
            arg_defs.push(format!("{n}: {}", ty.text()));
            self.add_mem(MemVal {
                name: n,
                ty: ty.clone(),
                ext: ext.clone(),
                flags: Flags {
                    stack: false,
                    storable: false,
                    callable: true,
                },
            });
        }
        if has_int_param {
            arg_defs.push("%x: i64".into());
            self.add_int("%x".into());
        }
        let mut body = Vec::new();
        self.stmts(&mut body, 0, true);
        let mut vals = Vec::new();
        for (ty, ext) in results.iter().zip(&result_ext) {
            let m = self.value_of_type(&mut body, ty, ext, Want::RETURN);
            vals.push(m.name);
        }
        let res_types: Vec<String> = results.iter().map(MemTy::text).collect();
        body.push(Node::Leaf(format!(
            "return {} : {}\n",
            vals.join(", "),
            res_types.join(", ")
        )));
        let mut full = self.take_constants();
        full.extend(body);
        self.scopes.clear();
        self.cov.bump("private function");
        self.funcs.push(FuncSig {
            name: name.clone(),
            params,
            param_ext,
            has_int_param,
            results,
            result_ext,
        });
        Node::Group {
            parts: vec![
                format!(
                    "func.func private @{name}({}) -> ({}) {{\n",
                    arg_defs.join(", "),
                    res_types.join(", ")
                ),
                "}\n".into(),
            ],
            regions: vec![full],
            indent: true,
        }
    }

    fn main_function(&mut self) -> Node {
        self.scopes.clear();
        self.push_scope();
        let mut body = Vec::new();
        self.fresh_alloc(&mut body);
        self.stmts(&mut body, 0, true);
        self.stmts(&mut body, 0, true);
        // Print something computed from every buffer still in scope.
        let mems = self.visible_mems();
        let mut acc = self.int_const(0);
        for m in mems.iter().take(6) {
            let v = self.load(&mut body, m);
            let s = self.fresh();
            body.push(Node::Leaf(format!("{s} = arith.addi {acc}, {v} : i64\n")));
            acc = s;
        }
        self.print(&mut body, &acc);
        body.push(Node::Leaf("return\n".into()));
        let mut full = self.take_constants();
        full.extend(body);
        self.scopes.clear();
        Node::Group {
            parts: vec!["func.func @main() {\n".into(), "}\n".into()],
            regions: vec![full],
            indent: true,
        }
    }
}
