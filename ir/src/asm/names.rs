//! SSA value and block names for one print run, as MLIR's `SSANameState` assigns them.
//!
//! A region's own blocks are named first (block arguments, then op results, with name hints such
//! as `%alloc` or `%c0`), then the regions nested in its ops, each starting from the counters of
//! its parent region and seeing only its ancestors' names. Conflicting hints get `_N` suffixes
//! from a counter saved and restored the same way. Blocks are `^bbN`, numbered per region.
//!
//! Names are compact: while naming, a value's name is a number, an `argN`, or an index into one
//! table of hint-derived texts with an optional `_N` suffix, plus its position in a
//! multi-result group (`#k`), so naming allocates nothing per value, not even for the `_N`
//! names of conflicts. A name is identified by its canonical (text, suffix) split: a text
//! ending in `_N` (`N` a canonical decimal) is the text before it with suffix `N`, so the same
//! string always has the same key, whether it came from a hint or from resolving a conflict.
//! Each group's name is then spelled once (`%name`) into one shared text, so printing a value
//! copies its spelling instead of formatting it again at every use.

use cranelift_entity::SecondaryMap;
use indexmap::IndexSet;
use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::borrow::Cow;

use crate::context::Context;
use crate::entity::{Block, Op, Region, Value};
use crate::registry::NameHint;

/// The base of a value's printed name (without `%` and without the `#k` group suffix).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum NameBase {
    /// `%N`.
    Number(u32),
    /// `%argN`.
    Arg(u32),
    /// A name derived from a hint: an index into [`Names::texts`].
    Text(u32),
    /// A hint-derived text with a `_N` suffix.
    Suffixed {
        /// The index into [`Names::texts`].
        text: u32,
        /// `N`.
        suffix: u32,
    },
}

/// Marks a name key without `_N` suffix.
const NO_SUFFIX: u32 = u32::MAX;

/// The identity of a hint-derived name: its text id and suffix (or [`NO_SUFFIX`]).
fn name_key(text: u32, suffix: u32) -> u64 {
    (u64::from(text) << 32) | u64::from(suffix)
}

/// Splits a name into its text and `_N` suffix when it ends in one (`N` canonical decimal
/// that fits below [`NO_SUFFIX`]).
fn split_suffix(name: &str) -> (&str, Option<u32>) {
    let Some((text, digits)) = name.rsplit_once('_') else {
        return (name, None);
    };
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    match digits.parse::<u32>() {
        Ok(n) if canonical && n != NO_SUFFIX => (text, Some(n)),
        _ => (name, None),
    }
}

/// Marks a value that is not a member of a multi-result group.
const NOT_IN_GROUP: u32 = u32::MAX;

/// The printed name of one value: where its group's spelling (`%name`) lies in
/// [`Names::spellings`] (empty if the value is not named in this print run), and its position
/// in the group.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ValueName {
    /// The offset of the group's spelling.
    start: u32,
    /// The length of the group's spelling, 0 for a value not named.
    len: u32,
    /// The position in a group of several results (`#k`), or [`NOT_IN_GROUP`].
    member: u32,
}

impl Default for ValueName {
    fn default() -> Self {
        ValueName {
            start: 0,
            len: 0,
            member: NOT_IN_GROUP,
        }
    }
}

impl ValueName {
    /// Whether the value is named in this print run.
    pub(crate) fn is_named(self) -> bool {
        self.len != 0
    }

    /// The `#k` position of the value in its result group, if the group has several results.
    pub(crate) fn member(self) -> Option<u32> {
        (self.member != NOT_IN_GROUP).then_some(self.member)
    }

    /// Whether this value starts a result group (a lone result or member `#0`).
    pub(crate) fn starts_group(self) -> bool {
        self.member == NOT_IN_GROUP || self.member == 0
    }
}

/// Names of values and blocks for one print run.
pub(crate) struct Names {
    /// Name of each value; not [named](ValueName::is_named) for values not named in this run.
    pub(crate) values: SecondaryMap<Value, ValueName>,
    /// Every hint-derived name, interned once.
    texts: IndexSet<String, FxBuildHasher>,
    /// The spelling (`%name`) of every group's name, one after the other.
    spellings: String,
    /// Block numbers within their region (`u32::MAX` for blocks not printed).
    pub(crate) blocks: SecondaryMap<Block, u32>,
    /// Predecessor block numbers of each block (one entry per incoming edge).
    pub(crate) preds: SecondaryMap<Block, SmallVec<[u32; 2]>>,
    /// Scratch buffer for name hints.
    hints: Vec<NameHint>,
}

impl Default for Names {
    fn default() -> Self {
        Names {
            values: SecondaryMap::new(),
            texts: IndexSet::default(),
            spellings: String::new(),
            blocks: SecondaryMap::with_default(u32::MAX),
            preds: SecondaryMap::new(),
            hints: Vec::new(),
        }
    }
}

impl Names {
    /// The spelling of the group `name` belongs to: `%` and the group's name, without `#k`
    /// (empty for a value not named).
    pub(crate) fn group_spelling(&self, name: ValueName) -> &str {
        let start = name.start as usize;
        &self.spellings[start..start + name.len as usize]
    }

    /// Spells `%` and `base` at the end of [`Names::spellings`] and returns the name of a
    /// lone value of that name.
    fn spell(&mut self, base: NameBase) -> ValueName {
        let out = &mut self.spellings;
        let start = out.len();
        out.push('%');
        match base {
            NameBase::Number(n) => push_u32(out, n),
            NameBase::Arg(n) => {
                out.push_str("arg");
                push_u32(out, n);
            }
            NameBase::Text(id) => out.push_str(&self.texts[id as usize]),
            NameBase::Suffixed { text, suffix } => {
                out.push_str(&self.texts[text as usize]);
                out.push('_');
                push_u32(out, suffix);
            }
        }
        ValueName {
            start: start as u32,
            len: (out.len() - start) as u32,
            member: NOT_IN_GROUP,
        }
    }

    /// Names the values of one group `base`: a lone value, or the members `#0`, `#1`...
    fn name_group(&mut self, base: NameBase, group: &[Value]) {
        let lone = group.len() == 1;
        let name = self.spell(base);
        for (k, &v) in group.iter().enumerate() {
            let member = if lone { NOT_IN_GROUP } else { k as u32 };
            self.values[v] = ValueName { member, ..name };
        }
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

/// The hint-derived names visible in the scope being named: those of the open scopes, each a
/// region and its ancestors. Regions are named depth first, so the open scopes form a stack; a
/// name is in at most one of them (it is only added where none sees it), and closing a scope
/// removes its names. One lookup then answers what would take one per enclosing region.
///
/// A name is its text id and suffix. Suffixes come mostly from the conflict counter, which
/// counts up from 0, so each text marks its suffixes in a dense list that grows a little at a
/// time; a suffix far beyond the list (a hint spelling a large number) goes to a hash set.
struct NameScopes {
    /// Per text id, which of its names are in use: slot 0 for the text without suffix, slot
    /// `N + 1` for `_N`.
    dense: Vec<Vec<bool>>,
    /// Names in use whose slot was too far beyond their text's dense list, by [`name_key`].
    sparse: FxHashSet<u64>,
    /// The names of the open scopes as (text id, suffix), outermost scope first.
    added: Vec<(u32, u32)>,
    /// The open scopes, outermost first: each one's id and where its names start in `added`.
    open: Vec<(usize, usize)>,
    /// The id the next opened scope gets.
    next_id: usize,
}

/// How far beyond the end of a text's dense list a new name may extend it.
const DENSE_GROWTH: usize = 64;

/// The slot of suffix `suffix` in a text's dense list.
fn dense_slot(suffix: u32) -> usize {
    match suffix {
        NO_SUFFIX => 0,
        n => n as usize + 1,
    }
}

impl NameScopes {
    /// The outermost scope (id 0) alone is open.
    fn new() -> Self {
        NameScopes {
            dense: Vec::new(),
            sparse: FxHashSet::default(),
            added: Vec::new(),
            open: vec![(0, 0)],
            next_id: 1,
        }
    }

    /// Closes the scopes opened after `parent` and opens a new one inside it; returns its id.
    fn open_inside(&mut self, parent: usize) -> usize {
        while let Some(&(id, first)) = self.open.last()
            && id != parent
        {
            for i in first..self.added.len() {
                let (text, suffix) = self.added[i];
                self.mark(text, suffix, false);
            }
            self.added.truncate(first);
            self.open.pop();
        }
        let id = self.next_id;
        self.next_id += 1;
        self.open.push((id, self.added.len()));
        id
    }

    /// Whether the name (`text`, `suffix`) is used in the innermost open scope or around it.
    fn is_used(&self, text: u32, suffix: u32) -> bool {
        let in_dense = self
            .dense
            .get(text as usize)
            .and_then(|slots| slots.get(dense_slot(suffix)))
            .copied()
            .unwrap_or(false);
        in_dense || (!self.sparse.is_empty() && self.sparse.contains(&name_key(text, suffix)))
    }

    /// Marks the name (`text`, `suffix`) used in the innermost open scope.
    fn insert(&mut self, text: u32, suffix: u32) {
        self.mark(text, suffix, true);
        self.added.push((text, suffix));
    }

    /// Records whether the name (`text`, `suffix`) is in use.
    fn mark(&mut self, text: u32, suffix: u32, used: bool) {
        let text_index = text as usize;
        if self.dense.len() <= text_index {
            self.dense.resize_with(text_index + 1, Vec::new);
        }
        let slots = &mut self.dense[text_index];
        let slot = dense_slot(suffix);
        if slot < slots.len() {
            slots[slot] = used;
        } else if used && slot < slots.len() + DENSE_GROWTH {
            slots.resize(slot + 1, false);
            slots[slot] = true;
        } else if used {
            self.sparse.insert(name_key(text, suffix));
        }
        if !used && !self.sparse.is_empty() {
            self.sparse.remove(&name_key(text, suffix));
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
    let mut scopes = NameScopes::new();
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
        resolved: FxHashMap::default(),
        resolved_static: FxHashMap::default(),
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
        c.scope = naming.scopes.open_inside(c.scope);
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
    /// Every hint met so far, as [`Naming::resolve`] made it.
    resolved: FxHashMap<Box<str>, ResolvedHint>,
    /// The same for hints that are static strings (most are: `alloc`, `base_buffer`), keyed
    /// by address and length, so a lookup neither hashes nor compares their text.
    resolved_static: FxHashMap<(usize, usize), ResolvedHint>,
}

/// A name hint made a name: the ids in [`Names::texts`] of its canonical text and of its
/// whole text (what a conflict suffixes), and its `_N` suffix ([`NO_SUFFIX`] if none).
#[derive(Clone, Copy)]
struct ResolvedHint {
    text: u32,
    suffix: u32,
    whole: u32,
}

impl Naming<'_> {
    /// Names the blocks, block arguments and op results of `region` itself and records the
    /// predecessors of its blocks.
    fn name_region(&mut self, region: Region, c: &mut Counters) {
        let ctx = self.ctx;
        let mut arg_hints = self.entry_arg_hints(region);
        for (block_id, block) in ctx.blocks(region).enumerate() {
            self.names.blocks[block] = block_id as u32;
            for (k, &arg) in ctx.block_args(block).iter().enumerate() {
                let base = match arg_hints.get_mut(k) {
                    Some(hint) if block_id == 0 && !hint.is_empty() => {
                        self.unique_name(std::mem::take(hint), c)
                    }
                    _ if block_id == 0 => c.take_arg(),
                    _ => c.take_value(),
                };
                self.names.name_group(base, &[arg]);
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

    /// The names the op owning `region` suggests for its entry-block arguments (none in
    /// generic form).
    fn entry_arg_hints(&self, region: Region) -> Vec<NameHint> {
        let mut hints = Vec::new();
        let ctx = self.ctx;
        if let Some(op) = ctx.region_parent(region).filter(|_| !self.generic)
            && let Some(f) = ctx.op_def(op).block_arg_hint
            && let Some(index) = ctx.region_index(region)
        {
            f(ctx, op, index, &mut hints);
        }
        hints
    }

    fn name_op_results(&mut self, op: Op, c: &mut Counters) {
        let ctx = self.ctx;
        let results = ctx.results(op);
        if results.is_empty() {
            return;
        }
        let hint_fn = if self.generic {
            None
        } else {
            ctx.op_def(op).name_hint
        };
        // Without hints the results form one numbered group.
        let Some(hint_fn) = hint_fn else {
            self.names.name_group(c.take_value(), results);
            return;
        };
        let mut hints = std::mem::take(&mut self.names.hints);
        hints.clear();
        hint_fn(ctx, op, &mut hints);
        hints.resize(results.len(), NameHint::Borrowed(""));
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
            self.names.name_group(base, &results[i..i + len]);
            i += len;
        }
        self.names.hints = hints;
    }

    fn unique_name(&mut self, hint: NameHint, c: &mut Counters) -> NameBase {
        let hint = match hint {
            Cow::Borrowed(text) => self.resolve_static(text),
            Cow::Owned(text) => self.resolve(&text),
        };
        if self.scopes.is_used(hint.text, hint.suffix) {
            return self.conflict_free_name(hint.whole, c);
        }
        self.scopes.insert(hint.text, hint.suffix);
        match hint.suffix {
            NO_SUFFIX => NameBase::Text(hint.text),
            suffix => NameBase::Suffixed {
                text: hint.text,
                suffix,
            },
        }
    }

    /// [`Naming::resolve`] for a static hint, remembered by its address.
    fn resolve_static(&mut self, hint: &'static str) -> ResolvedHint {
        let key = (hint.as_ptr() as usize, hint.len());
        if let Some(&resolved) = self.resolved_static.get(&key) {
            return resolved;
        }
        let resolved = self.resolve(hint);
        self.resolved_static.insert(key, resolved);
        resolved
    }

    /// The texts of `hint`, sanitized and split once per print run: the same few hints
    /// (`alloc`, `c0`, `base_buffer`) name most values.
    fn resolve(&mut self, hint: &str) -> ResolvedHint {
        if let Some(&resolved) = self.resolved.get(hint) {
            return resolved;
        }
        let name = sanitize(hint);
        let (text, suffix) = split_suffix(&name);
        let text = self.text_id(text);
        let whole = match suffix {
            None => text,
            Some(_) => self.text_id(&name),
        };
        let resolved = ResolvedHint {
            text,
            suffix: suffix.unwrap_or(NO_SUFFIX),
            whole,
        };
        self.resolved.insert(hint.into(), resolved);
        resolved
    }

    /// The id of `text` in [`Names::texts`], interning it if new.
    fn text_id(&mut self, text: &str) -> u32 {
        match self.names.texts.get_index_of(text) {
            Some(id) => id as u32,
            None => self.names.texts.insert_full(text.to_string()).0 as u32,
        }
    }

    /// The first `name_N`, N from the shared conflict counter, not used in the scope, for the
    /// name of text id `text`.
    fn conflict_free_name(&mut self, text: u32, c: &mut Counters) -> NameBase {
        loop {
            let suffix = c.next_conflict;
            c.next_conflict += 1;
            if !self.scopes.is_used(text, suffix) {
                self.scopes.insert(text, suffix);
                return NameBase::Suffixed { text, suffix };
            }
        }
    }
}

/// Makes a name hint a valid SSA name: characters outside `[A-Za-z0-9_$.-]` become `_`, and a
/// leading digit gets a `_` prefix. Valid hints (the common case) are returned as they are.
fn sanitize(hint: &str) -> Cow<'_, str> {
    let is_name_char = |ch: char| ch.is_ascii_alphanumeric() || matches!(ch, '_' | '$' | '.' | '-');
    let valid = hint.chars().all(is_name_char) && !hint.starts_with(|ch: char| ch.is_ascii_digit());
    if valid {
        return Cow::Borrowed(hint);
    }
    let mut s: String = hint
        .chars()
        .map(|ch| if is_name_char(ch) { ch } else { '_' })
        .collect();
    if s.starts_with(|ch: char| ch.is_ascii_digit()) {
        s.insert(0, '_');
    }
    Cow::Owned(s)
}

/// Appends the decimal digits of `n` (faster than `write!` for the many numbers printed).
pub(crate) fn push_u32(out: &mut String, n: u32) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    out.push_str(itoa::Buffer::new().format(n));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_canonical_decimal_after_the_last_underscore_is_the_suffix() {
        assert_eq!(split_suffix("alloc_12"), ("alloc", Some(12)));
        assert_eq!(split_suffix("x_1_0"), ("x_1", Some(0)));
        assert_eq!(split_suffix("_5"), ("", Some(5)));
    }

    #[test]
    fn names_leave_sight_with_their_scope_whether_dense_or_sparse() {
        let mut scopes = NameScopes::new();
        scopes.insert(0, NO_SUFFIX);
        let inner = scopes.open_inside(0);
        // Suffix 3 extends the dense list; 100000 is far beyond it and goes to the hash set.
        scopes.insert(0, 3);
        scopes.insert(1, 100_000);
        assert!(scopes.is_used(0, NO_SUFFIX) && scopes.is_used(0, 3));
        assert!(scopes.is_used(1, 100_000) && !scopes.is_used(1, 99_999));
        assert!(!scopes.is_used(0, 2) && !scopes.is_used(2, NO_SUFFIX));
        scopes.open_inside(inner);
        assert!(
            scopes.is_used(0, 3),
            "a nested scope sees its parent's names"
        );
        scopes.open_inside(0);
        assert!(!scopes.is_used(0, 3) && !scopes.is_used(1, 100_000));
        assert!(scopes.is_used(0, NO_SUFFIX));
    }

    #[test]
    fn other_names_have_no_suffix() {
        for name in [
            "alloc",
            "c10_i32",
            "x_01",
            "x_",
            "x_4294967295",
            "x_99999999999",
        ] {
            assert_eq!(split_suffix(name), (name, None), "{name}");
        }
    }
}
