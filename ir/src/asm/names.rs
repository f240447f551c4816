//! SSA value and block names for one print run, as MLIR's `SSANameState` assigns them.
//!
//! A region's own blocks are named first (block arguments, then op results, with name hints such
//! as `%alloc` or `%c0`), then the regions nested in its ops, each starting from the counters of
//! its parent region and seeing only its ancestors' names. Conflicting hints get `_N` suffixes
//! from a counter saved and restored the same way. Blocks are `^bbN`, numbered per region.
//!
//! Names are compact: a value's name is a number, an `argN` or an index into one table of the
//! hint-derived names, plus its position in a multi-result group (`#k`), so naming allocates
//! nothing per value.

use cranelift_entity::SecondaryMap;
use indexmap::IndexSet;
use rustc_hash::{FxBuildHasher, FxHashSet};
use smallvec::SmallVec;

use crate::context::Context;
use crate::entity::{Block, Op, Region, Value};

/// The base of a value's printed name (without `%` and without the `#k` group suffix).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) enum NameBase {
    /// Not named in this print run.
    #[default]
    Unnamed,
    /// `%N`.
    Number(u32),
    /// `%argN`.
    Arg(u32),
    /// A name derived from a hint: an index into [`Names::texts`].
    Text(u32),
}

/// Marks a value that is not a member of a multi-result group.
const NOT_IN_GROUP: u32 = u32::MAX;

/// The printed name of one value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ValueName {
    /// The group's name.
    pub(crate) base: NameBase,
    /// The position in a group of several results (`#k`), or [`NOT_IN_GROUP`].
    member: u32,
}

impl Default for ValueName {
    fn default() -> Self {
        ValueName {
            base: NameBase::Unnamed,
            member: NOT_IN_GROUP,
        }
    }
}

impl ValueName {
    /// The `#k` position of the value in its result group, if the group has several results.
    pub(crate) fn member(self) -> Option<u32> {
        (self.member != NOT_IN_GROUP).then_some(self.member)
    }

    /// Whether this value starts a result group (a lone result or member `#0`).
    fn starts_group(self) -> bool {
        self.member == NOT_IN_GROUP || self.member == 0
    }
}

/// Names of values and blocks for one print run.
pub(crate) struct Names {
    /// Name of each value; [`NameBase::Unnamed`] for values not named in this run.
    pub(crate) values: SecondaryMap<Value, ValueName>,
    /// Every hint-derived name, interned once.
    texts: IndexSet<String, FxBuildHasher>,
    /// Block numbers within their region (`u32::MAX` for blocks not printed).
    pub(crate) blocks: SecondaryMap<Block, u32>,
    /// Predecessor block numbers of each block (one entry per incoming edge).
    pub(crate) preds: SecondaryMap<Block, SmallVec<[u32; 2]>>,
    /// Scratch buffer for name hints.
    hints: Vec<String>,
}

impl Default for Names {
    fn default() -> Self {
        Names {
            values: SecondaryMap::new(),
            texts: IndexSet::default(),
            blocks: SecondaryMap::with_default(u32::MAX),
            preds: SecondaryMap::new(),
            hints: Vec::new(),
        }
    }
}

impl Names {
    /// The text of a hint-derived name.
    pub(crate) fn text(&self, id: u32) -> &str {
        &self.texts[id as usize]
    }

    /// The result groups of `op` as (base name, number of results), in order.
    pub(crate) fn result_groups(&self, results: &[Value]) -> SmallVec<[(NameBase, usize); 2]> {
        let mut groups: SmallVec<[(NameBase, usize); 2]> = SmallVec::new();
        for &r in results {
            let name = self.values[r];
            match groups.last_mut() {
                Some(last) if !name.starts_group() => last.1 += 1,
                _ => groups.push((name.base, 1)),
            }
        }
        groups
    }
}

#[derive(Clone)]
struct Counters {
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    scope: usize,
}

impl Counters {
    fn take_value(&mut self) -> NameBase {
        self.next_value += 1;
        NameBase::Number(self.next_value - 1)
    }

    fn take_arg(&mut self) -> NameBase {
        self.next_arg += 1;
        NameBase::Arg(self.next_arg - 1)
    }
}

/// The hint-derived names used in each scope (by id in [`Names::texts`]), and each scope's
/// parent.
struct NameScopes {
    used: Vec<(FxHashSet<u32>, Option<usize>)>,
}

impl NameScopes {
    fn is_used(&self, mut scope: usize, id: u32) -> bool {
        loop {
            let (set, parent) = &self.used[scope];
            if set.contains(&id) {
                return true;
            }
            match parent {
                Some(p) => scope = *p,
                None => return false,
            }
        }
    }
}

/// Names every value and block under `root`; in generic form hints are ignored and counters
/// keep running across regions.
pub(crate) fn compute_names(ctx: &Context, root: Op, generic: bool) -> Names {
    let mut names = Names {
        values: SecondaryMap::with_capacity(ctx.value_capacity()),
        ..Names::default()
    };
    let mut scopes = NameScopes {
        used: vec![(FxHashSet::default(), None)],
    };
    let start = Counters {
        next_value: 0,
        next_arg: 0,
        next_conflict: 0,
        scope: 0,
    };
    let mut naming = Naming {
        ctx,
        names: &mut names,
        scopes: &mut scopes,
        generic,
    };
    naming.name_op_results(root, &mut start.clone());
    // MLIR's `SSANameState`: regions are numbered from a LIFO worklist; each nested region
    // starts from the counters its parent region had when it was pushed, except in generic
    // form, where ids are unique and the counters simply keep running.
    let mut stack: Vec<(Region, Counters)> = ctx
        .regions(root)
        .iter()
        .map(|&r| (r, start.clone()))
        .collect();
    let mut running = start;
    while let Some((region, saved)) = stack.pop() {
        let mut c = if generic {
            Counters {
                scope: saved.scope,
                ..running.clone()
            }
        } else {
            saved
        };
        naming
            .scopes
            .used
            .push((FxHashSet::default(), Some(c.scope)));
        c.scope = naming.scopes.used.len() - 1;
        naming.name_region(region, &mut c);
        for block in ctx.blocks(region) {
            for op in ctx.block_ops(block) {
                for &r in ctx.regions(op) {
                    stack.push((r, c.clone()));
                }
            }
        }
        running = c;
    }
    names
}

/// The state of one naming run.
struct Naming<'a> {
    ctx: &'a Context,
    names: &'a mut Names,
    scopes: &'a mut NameScopes,
    generic: bool,
}

impl Naming<'_> {
    /// Names the blocks, block arguments and op results of `region` itself and records the
    /// predecessors of its blocks.
    fn name_region(&mut self, region: Region, c: &mut Counters) {
        let ctx = self.ctx;
        for (block_id, block) in ctx.blocks(region).enumerate() {
            self.names.blocks[block] = block_id as u32;
            for &arg in ctx.block_args(block) {
                let base = if block_id == 0 {
                    c.take_arg()
                } else {
                    c.take_value()
                };
                self.names.values[arg] = ValueName {
                    base,
                    member: NOT_IN_GROUP,
                };
            }
            for op in ctx.block_ops(block) {
                self.name_op_results(op, c);
            }
        }
        for (block_id, block) in ctx.blocks(region).enumerate() {
            if let Some(term) = ctx.last_op(block) {
                for &succ in ctx.successors(term) {
                    self.names.preds[succ].push(block_id as u32);
                }
            }
        }
    }

    fn name_op_results(&mut self, op: Op, c: &mut Counters) {
        let ctx = self.ctx;
        let results = ctx.results(op);
        if results.is_empty() {
            return;
        }
        let mut hints = std::mem::take(&mut self.names.hints);
        hints.clear();
        if !self.generic
            && let Some(f) = ctx.op_def(op).name_hint
        {
            f(ctx, op, &mut hints);
        }
        hints.resize(results.len(), String::new());
        // Split the results into groups: a new group starts at result 0 and at every named
        // result.
        let mut i = 0;
        while i < results.len() {
            let mut len = 1;
            while i + len < results.len() && hints[i + len].is_empty() {
                len += 1;
            }
            let base = if hints[i].is_empty() {
                c.take_value()
            } else {
                self.unique_name(std::mem::take(&mut hints[i]), c)
            };
            for k in 0..len {
                let member = if len == 1 { NOT_IN_GROUP } else { k as u32 };
                self.names.values[results[i + k]] = ValueName { base, member };
            }
            i += len;
        }
        self.names.hints = hints;
    }

    fn unique_name(&mut self, hint: String, c: &mut Counters) -> NameBase {
        let base = sanitize(hint);
        let id = match self.names.texts.get_index_of(base.as_str()) {
            Some(id) if self.scopes.is_used(c.scope, id as u32) => {
                self.conflict_free_name(&base, c)
            }
            Some(id) => id as u32,
            None => self.names.texts.insert_full(base).0 as u32,
        };
        self.scopes.used[c.scope].0.insert(id);
        NameBase::Text(id)
    }

    /// The first `base_N`, N from the shared conflict counter, not used in the scope.
    fn conflict_free_name(&mut self, base: &str, c: &mut Counters) -> u32 {
        let mut candidate = String::with_capacity(base.len() + 4);
        loop {
            candidate.clear();
            candidate.push_str(base);
            candidate.push('_');
            push_u32(&mut candidate, c.next_conflict);
            c.next_conflict += 1;
            match self.names.texts.get_index_of(candidate.as_str()) {
                Some(id) if self.scopes.is_used(c.scope, id as u32) => {}
                Some(id) => return id as u32,
                None => return self.names.texts.insert_full(candidate).0 as u32,
            }
        }
    }
}

/// Makes a name hint a valid SSA name: characters outside `[A-Za-z0-9_$.-]` become `_`, and a
/// leading digit gets a `_` prefix. Valid hints (the common case) are returned as they are.
fn sanitize(hint: String) -> String {
    let is_name_char = |ch: char| ch.is_ascii_alphanumeric() || matches!(ch, '_' | '$' | '.' | '-');
    let valid = hint.chars().all(is_name_char) && !hint.starts_with(|ch: char| ch.is_ascii_digit());
    if valid {
        return hint;
    }
    let mut s: String = hint
        .chars()
        .map(|ch| if is_name_char(ch) { ch } else { '_' })
        .collect();
    if s.starts_with(|ch: char| ch.is_ascii_digit()) {
        s.insert(0, '_');
    }
    s
}

/// Appends the decimal digits of `n` (faster than `write!` for the many numbers printed).
pub(crate) fn push_u32(out: &mut String, mut n: u32) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written, so the conversion cannot fail.
    out.push_str(std::str::from_utf8(&digits[start..]).unwrap_or_default());
}
