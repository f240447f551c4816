//! Values a region-branch op receives that are different buffers on every path: pairs of
//! entry-block arguments of one of its regions, or of its results, such that every edge into
//! them forwards two buffers already known apart.
//!
//! Beyond MLIR, whose alias questions about two arguments of one loop block answer "unknown",
//! so the lowering compares their addresses at run time on every trip. A double-buffered loop
//! (`iter_args(%a = %fresh, %b = %old)` yielding `%new, %a`) carries two buffers that are
//! apart on entry and stay apart, because each trip forwards a buffer allocated during the trip
//! next to one that was live before it. The proof is inductive: the pairs are the greatest set
//! such that on every edge into a pair the two forwarded values are apart by the existing rules
//! (an allocation made while the other buffer is live, distinct allocations, ...) or are
//! themselves a pair of the set. Loops whose arguments feed each other (a loop nest, loops in
//! sequence) are solved together.
//!
//! Computed once per run of the simplification: it only rewrites deallocations, so the values
//! the region-branch ops forward do not change under it.

use analysis::alias::is_buffer;
use analysis::cfg::{RegionEdgeView, for_each_region_edge};
use ir::{Context, Op, RegionPoint, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use analysis::dense::ValueMap;

/// Receiving points with more buffers than this are left out: their pairs grow quadratically
/// and such points are rare.
const MAX_BUFFERS_PER_POINT: usize = 16;

/// An unordered pair of values, stored smaller first.
pub(crate) type Pair = (Value, Value);

pub(crate) fn pair(x: Value, y: Value) -> Pair {
    if x < y { (x, y) } else { (y, x) }
}

/// Most received values one [`CarriedApart::apart_through_flow`] question may visit.
const FLOW_VISIT_LIMIT: usize = 64;

/// The pairs of values received by one region-branch op that are apart on every path, and
/// what each received buffer may be forwarded from.
#[derive(Default)]
pub(crate) struct CarriedApart {
    pairs: FxHashSet<Pair>,
    /// For each buffer received (at a point with two buffers or more), the op receiving it and
    /// the values every edge into it forwards; absent when some edge into its point does not
    /// set it.
    sources: ValueMap<(Op, SmallVec<[Value; 2]>)>,
}

impl CarriedApart {
    /// Whether `x` and `y` are a proved pair.
    pub(crate) fn contains(&self, x: Value, y: Value) -> bool {
        !self.pairs.is_empty() && self.pairs.contains(&pair(x, y))
    }

    /// Whether `x` is apart from every buffer the received value `y` may be: from each value
    /// forwarded into `y` (by `apart` or as a proved pair), or from the values forwarded into
    /// that one in turn. A search returning to a value already met assumes it (no path through
    /// it finds the same buffer as `x` without passing a value already checked); one that
    /// meets more than [`FLOW_VISIT_LIMIT`] values answers no.
    ///
    /// `x` must be one buffer along every edge followed: no op whose point is visited may
    /// define `x` or hold its definition, or an edge back into a loop that defines `x` would
    /// compare the forwarded value with `x` of the trip that ends, not of the next one.
    pub(crate) fn apart_through_flow(
        &self,
        ctx: &Context,
        x: Value,
        y: Value,
        base: impl Fn(Value) -> Value,
        apart: impl Fn(Value, Value) -> bool,
    ) -> bool {
        if self.sources.get(y).is_none() {
            return false;
        }
        let x_owner = match ctx.value_def(x) {
            ValueDef::Result { op, .. } => Some(op),
            ValueDef::BlockArg { block, .. } => ctx.block_parent_op(block),
            ValueDef::Placeholder => return false,
        };
        let holds_x = |op: Op| x_owner.is_some_and(|owner| ctx.is_ancestor(op, owner));
        let mut seen: SmallVec<[Value; 8]> = smallvec::smallvec![y];
        let mut work: SmallVec<[Value; 8]> = smallvec::smallvec![y];
        while let Some(v) = work.pop() {
            let Some((receiver, sources)) = self.sources.get(v) else {
                return false;
            };
            if holds_x(*receiver) {
                return false;
            }
            for &z in sources {
                let bz = base(z);
                if bz == x {
                    return false;
                }
                if seen.contains(&bz) || self.contains(x, bz) || apart(x, z) {
                    continue;
                }
                if self.sources.get(bz).is_none() || seen.len() >= FLOW_VISIT_LIMIT {
                    return false;
                }
                seen.push(bz);
                work.push(bz);
            }
        }
        true
    }

    /// The pairs of the region-branch ops `ops`, nested in `root`, the op the pass runs on
    /// (which sizes its table, [`ValueMap::for_scope`]). `base` maps a forwarded value to the buffer
    /// it views (the pairs are stated between such bases); `apart` answers, without this
    /// analysis, whether two forwarded values are certainly different buffers.
    pub(crate) fn compute(
        ctx: &Context,
        root: Op,
        ops: impl IntoIterator<Item = Op>,
        base: impl Fn(Value) -> Value,
        apart: impl Fn(Value, Value) -> bool,
    ) -> Self {
        let ops = ops.into_iter();
        // Room for a point per op: a loop that receives buffers has two or three.
        let mut points: Vec<Point> = Vec::with_capacity(ops.size_hint().0);
        for op in ops {
            if receives_two_buffers(ctx, op) {
                push_points_of(ctx, op, &mut points);
            }
        }
        let mut candidates = Candidates::default();
        let pairs: usize = points.iter().map(|point| point.pairs().count()).sum();
        candidates.dependents.reserve(pairs);
        for point in &points {
            for (first, second) in point.pairs() {
                let candidate = pair(point.buffers[first], point.buffers[second]);
                candidates.dependents.insert(candidate, Vec::new());
            }
        }
        for point in &points {
            for (first, second) in point.pairs() {
                let candidate = pair(point.buffers[first], point.buffers[second]);
                let edges = point.edges().map(|row| (row[first], row[second]));
                candidates.check(candidate, edges, &base, &apart);
            }
        }
        let mut sources = ValueMap::for_scope(ctx, root);
        sources.reserve(points.iter().map(|point| point.buffers.len()).sum());
        for point in &points {
            for (k, &v) in point.buffers.iter().enumerate() {
                let forwarded: Option<SmallVec<[Value; 2]>> =
                    point.edges().map(|row| row[k]).collect();
                if let Some(forwarded) = forwarded {
                    sources.insert(v, (point.receiver, forwarded));
                }
            }
        }
        CarriedApart {
            pairs: candidates.greatest_fixpoint(),
            sources,
        }
    }
}

/// Whether `op`'s results, or the arguments of one of its regions' entry blocks, hold two
/// buffers or more (no pair to prove otherwise; most loops and `scf.if`s carry one).
fn receives_two_buffers(ctx: &Context, op: Op) -> bool {
    let two = |values: &[Value]| {
        values
            .iter()
            .filter(|&&v| is_buffer(ctx, v))
            .nth(1)
            .is_some()
    };
    two(ctx.results(op))
        || ctx
            .regions(op)
            .iter()
            .filter_map(|&r| ctx.entry_block(r))
            .any(|b| two(ctx.block_args(b)))
}

/// One point a region-branch op forwards values to (its results, or a region's entry block):
/// the buffers it receives and what the edges into it forward to them.
struct Point {
    receiver: Op,
    buffers: SmallVec<[Value; 4]>,
    /// One row per edge into the point, one after the other, each `buffers.len()` long: the
    /// value the edge forwards to each buffer (by position in `buffers`), if it sets that
    /// buffer. In one list, so that a point of a loop needs no allocation of its own.
    forwarded: SmallVec<[Option<Value>; 8]>,
}

impl Point {
    /// The rows of [`Point::forwarded`], one per edge into the point.
    fn edges(&self) -> impl Iterator<Item = &[Option<Value>]> + '_ {
        self.forwarded.chunks(self.buffers.len())
    }

    /// The candidate pairs, as positions in `buffers`: every two buffers the point receives,
    /// the smaller value first (the order of [`pair`]).
    fn pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let n = self.buffers.len();
        (0..n).flat_map(move |i| {
            (i + 1..n).map(move |j| {
                if self.buffers[i] < self.buffers[j] {
                    (i, j)
                } else {
                    (j, i)
                }
            })
        })
    }
}

/// Appends to `points` the points of `op` receiving two to [`MAX_BUFFERS_PER_POINT`] buffers.
fn push_points_of(ctx: &Context, op: Op, points: &mut Vec<Point>) {
    let mut edges: SmallVec<[RegionEdgeView; 8]> = SmallVec::new();
    for_each_region_edge(ctx, op, RegionPoint::Parent, |edge| edges.push(edge));
    for index in 0..ctx.regions(op).len() {
        for_each_region_edge(ctx, op, RegionPoint::Region(index), |edge| edges.push(edge));
    }
    let mut destinations: SmallVec<[RegionPoint; 4]> = SmallVec::new();
    for edge in &edges {
        if !destinations.contains(&edge.to) {
            destinations.push(edge.to);
        }
    }
    points.extend(
        destinations
            .into_iter()
            .filter_map(|to| point_at(ctx, op, &edges, to)),
    );
}

/// The point `to` of `receiver`, from the edges of `receiver` (those into `to` among them),
/// if it receives two to [`MAX_BUFFERS_PER_POINT`] buffers.
fn point_at(
    ctx: &Context,
    receiver: Op,
    edges: &[RegionEdgeView],
    to: RegionPoint,
) -> Option<Point> {
    let into = || edges.iter().filter(move |edge| edge.to == to);
    let mut buffers: SmallVec<[Value; 4]> = SmallVec::new();
    // The edges into one point mostly share their inputs (a loop's entry and back edge both
    // set its block's arguments): each list is scanned once.
    let mut scanned: SmallVec<[&[Value]; 4]> = SmallVec::new();
    for edge in into() {
        if scanned
            .iter()
            .any(|&inputs| std::ptr::eq(inputs, edge.inputs))
        {
            continue;
        }
        scanned.push(edge.inputs);
        for &v in edge.inputs {
            if !buffers.contains(&v) && is_buffer(ctx, v) {
                buffers.push(v);
            }
        }
    }
    if !(2..=MAX_BUFFERS_PER_POINT).contains(&buffers.len()) {
        return None;
    }
    let mut forwarded = SmallVec::new();
    for edge in into() {
        forwarded.extend(buffers.iter().map(|&v| edge.forwarded_to(ctx, v)));
    }
    Some(Point {
        receiver,
        buffers,
        forwarded,
    })
}

/// What each candidate pair needs: pairs that must hold for it to hold (its forwarded values
/// on some edge are such a pair), and the candidates refuted outright.
#[derive(Default)]
struct Candidates {
    /// Every candidate, with the candidates that depend on it.
    dependents: FxHashMap<Pair, Vec<Pair>>,
    /// Candidates some edge refutes without any hypothesis.
    refuted: Vec<Pair>,
}

impl Candidates {
    /// Checks the edges into `candidate` (every candidate is known), given as what each
    /// forwards to its first and second value: an edge setting only one of them, or
    /// forwarding two views of one buffer, or two values neither apart nor a candidate pair,
    /// refutes it; an edge forwarding a candidate pair makes it depend on that pair. `apart`,
    /// the costly question, is only asked when the forwarded values are no candidate pair.
    fn check(
        &mut self,
        candidate: Pair,
        edges: impl Iterator<Item = (Option<Value>, Option<Value>)>,
        base: &impl Fn(Value) -> Value,
        apart: &impl Fn(Value, Value) -> bool,
    ) {
        for forwarded in edges {
            let (Some(x), Some(y)) = forwarded else {
                self.refuted.push(candidate);
                return;
            };
            let (bx, by) = (base(x), base(y));
            if bx == by {
                self.refuted.push(candidate);
                return;
            }
            if let Some(dependents) = self.dependents.get_mut(&pair(bx, by)) {
                dependents.push(candidate);
            } else if !apart(x, y) {
                self.refuted.push(candidate);
                return;
            }
        }
    }

    /// The candidates left once every refuted one, and every one needing a refuted or
    /// non-candidate pair, is removed (transitively).
    fn greatest_fixpoint(self) -> FxHashSet<Pair> {
        let mut refuted = self.refuted;
        let mut dead: FxHashSet<Pair> = FxHashSet::default();
        while let Some(p) = refuted.pop() {
            if dead.insert(p)
                && let Some(dependents) = self.dependents.get(&p)
            {
                refuted.extend(dependents.iter().copied());
            }
        }
        self.dependents
            .into_keys()
            .filter(|p| !dead.contains(p))
            .collect()
    }
}
