//! The op registry: for every op name, its traits, interfaces, syntax and verifier.
//!
//! Passes learn what an op does only from here (memory effects, region-branch successors,
//! branch operands, return-like, call, view-like), never by matching names. Users extend the
//! IR by calling [`Registry::register`] with an [`OpDef`] of their own; ops that are parsed but
//! not registered get a definition with [`OpDef::registered`] false and no traits.

use std::ops::Range;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::context::Context;
use crate::diag::Diagnostic;
use crate::entity::{Op, OpName, Value};

/// A set of op traits (a bit set).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Traits(pub u32);

impl Traits {
    /// No traits.
    pub const NONE: Traits = Traits(0);
    /// The op terminates a block.
    pub const TERMINATOR: Traits = Traits(1 << 0);
    /// Regions may not use values defined above the op.
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 1);
    /// The op's single-block regions need no terminator.
    pub const NO_TERMINATOR: Traits = Traits(1 << 2);
    /// The op returns control (and its operands) to the parent op.
    pub const RETURN_LIKE: Traits = Traits(1 << 3);
    /// Every region has at most one block.
    pub const SINGLE_BLOCK: Traits = Traits(1 << 4);
    /// The op materialises a constant from its `value` attribute.
    pub const CONSTANT_LIKE: Traits = Traits(1 << 5);
    /// No memory effects and no other side effects.
    pub const PURE: Traits = Traits(1 << 6);
    /// Operands may be reordered.
    pub const COMMUTATIVE: Traits = Traits(1 << 7);
    /// Stack allocations in the op's regions die when the op finishes.
    pub const AUTOMATIC_ALLOCATION_SCOPE: Traits = Traits(1 << 8);
    /// The op's region is a symbol table.
    pub const SYMBOL_TABLE: Traits = Traits(1 << 9);
    /// The op defines a symbol (`sym_name`).
    pub const SYMBOL: Traits = Traits(1 << 10);
    /// The op's effects are those of the ops in its regions.
    pub const RECURSIVE_MEMORY_EFFECTS: Traits = Traits(1 << 11);
    /// Regions are graph regions (no dominance requirement between ops).
    pub const GRAPH_REGION: Traits = Traits(1 << 12);
    /// The op is function-like (`function_type` attribute, body region).
    pub const FUNCTION_LIKE: Traits = Traits(1 << 13);
    /// The op's result is a view of (aliases) its source operand.
    pub const VIEW_LIKE: Traits = Traits(1 << 14);
    /// The op may be elided when its results are unused (allocation-like without side effects).
    pub const ALLOCATION_LIKE: Traits = Traits(1 << 15);
    /// No region's entry block has arguments (MLIR's `NoRegionArguments`).
    pub const NO_REGION_ARGUMENTS: Traits = Traits(1 << 16);
    /// The op is a loop: its body may run any number of times (MLIR's `LoopLikeOpInterface`).
    pub const LOOP_LIKE: Traits = Traits(1 << 17);
    /// The op's region runs in parallel instances (MLIR's `HasParallelRegion`): nothing may
    /// be hoisted out of it, since each instance needs its own buffers.
    pub const HAS_PARALLEL_REGION: Traits = Traits(1 << 18);

    /// Whether every trait in `other` is in `self`.
    pub fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Traits {
    type Output = Traits;
    fn bitor(self, rhs: Traits) -> Traits {
        Traits(self.0 | rhs.0)
    }
}

/// The kind a property must have (MLIR's attribute constraint of the property).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PropertyKind {
    /// `StrAttr`.
    String,
    /// `TypeAttr`.
    Type,
    /// `UnitAttr`.
    Unit,
    /// An integer attribute.
    Integer,
    /// `ArrayAttr`.
    Array,
}

impl PropertyKind {
    /// Whether an attribute is of this kind.
    pub fn admits(self, data: &crate::attrs::AttrData) -> bool {
        use crate::attrs::AttrData;
        match self {
            PropertyKind::String => matches!(data, AttrData::String(_)),
            PropertyKind::Type => matches!(data, AttrData::Type(_)),
            PropertyKind::Unit => matches!(data, AttrData::Unit),
            PropertyKind::Integer => matches!(data, AttrData::Integer { .. }),
            PropertyKind::Array => matches!(data, AttrData::Array(_)),
        }
    }
}

/// The kind of a memory effect.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EffectKind {
    /// Reads memory.
    Read,
    /// Writes memory.
    Write,
    /// Allocates memory.
    Allocate,
    /// Frees memory.
    Free,
}

/// The value a memory effect acts on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EffectOn {
    /// An operand of the op, by index.
    Operand(usize),
    /// A result of the op, by index.
    Result(usize),
    /// No particular value (for example, a global resource).
    Nothing,
}

/// The resource a memory effect touches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Resource {
    /// The default resource (heap memory).
    Default,
    /// Stack memory of the enclosing automatic allocation scope.
    AutomaticAllocationScope,
}

/// One memory effect of an op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MemoryEffect {
    /// What happens.
    pub kind: EffectKind,
    /// To which value.
    pub on: EffectOn,
    /// In which resource.
    pub resource: Resource,
}

/// The memory effects of an op.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Effects {
    /// Exactly these effects (possibly none).
    Known(SmallVec<[MemoryEffect; 2]>),
    /// The op may do anything.
    Unknown,
}

/// A point control can flow to in a region-branch op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RegionPoint {
    /// Back to the op itself: its results receive the forwarded values.
    Parent,
    /// The entry block of the op's region with this index.
    Region(usize),
}

/// One edge of a region-branch op: where control goes and which values go along.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RegionEdge {
    /// The destination.
    pub to: RegionPoint,
    /// The forwarded values: when entering from the op, a range of the op's operands; when
    /// leaving a region, a range of the region terminator's operands.
    pub operands: Range<usize>,
    /// The receiving values: a range of the destination entry block's arguments, or of the
    /// op's results for [`RegionPoint::Parent`].
    pub inputs: Range<usize>,
}

/// Region-branch interface: the control flow between an op and its regions.
#[derive(Clone, Copy)]
pub struct RegionBranch {
    /// Edges taken when control enters the op.
    pub entry: fn(&Context, Op) -> SmallVec<[RegionEdge; 2]>,
    /// Edges taken from the terminator `term` of the region with index `region`.
    pub from_region: fn(&Context, Op, usize, Op) -> SmallVec<[RegionEdge; 2]>,
}

impl RegionBranch {
    /// The interface of an op running its single region once, whose terminator's operands are
    /// the op's results (`memref.alloca_scope`, `shape.assuming`).
    pub const RUN_ONCE: RegionBranch = RegionBranch {
        entry: |_, _| {
            smallvec::smallvec![RegionEdge {
                to: RegionPoint::Region(0),
                operands: 0..0,
                inputs: 0..0,
            }]
        },
        from_region: |ctx, op, _, term| {
            smallvec::smallvec![RegionEdge {
                to: RegionPoint::Parent,
                operands: 0..ctx.num_operands(term),
                inputs: 0..ctx.results(op).len(),
            }]
        },
    };
}

/// The calling convention of a call-like op.
#[derive(Clone, Copy)]
pub struct CallInterface {
    /// The callee symbol, if direct.
    pub callee: fn(&Context, Op) -> Option<crate::entity::Sym>,
    /// The range of operands passed as arguments.
    pub args: fn(&Context, Op) -> Range<usize>,
}

/// Where an allocation may be hoisted (MLIR's `HoistingKind`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct HoistingKind {
    /// Out of sequential loops whose trips do not pass the buffer on.
    pub out_of_loops: bool,
    /// Up to a dominating block, within the enclosing loop.
    pub to_dominators: bool,
}

/// The allocation interface of an op that allocates one buffer as its result (MLIR's
/// `AllocationOpInterface`): how it may move, and how to free, copy or promote what it
/// allocates. Passes that place, hoist or promote allocations read it from the registry.
#[derive(Clone, Copy)]
pub struct AllocationInterface {
    /// Where the allocation may be hoisted.
    pub hoisting: HoistingKind,
    /// Creates the stack allocation replacing this heap allocation op (same type, operands
    /// and attributes), at the builder's insertion point; `None` if it has no stack form.
    pub promote_to_stack: Option<fn(&mut crate::Builder, Op) -> Op>,
}

/// The copy interface of an op that copies the contents of one buffer operand into another
/// (MLIR's `CopyOpInterface`): which operands are the source and the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyInterface {
    /// The operand index of the buffer read.
    pub source: usize,
    /// The operand index of the buffer written.
    pub target: usize,
}

/// Parses the custom syntax of an op (after its name) into an [`crate::OpState`].
pub type ParseFn = fn(&mut OpParser<'_, '_>, &mut crate::OpState) -> PResult<()>;
/// Prints the custom syntax of an op (after its name and results).
pub type PrintFn = fn(&mut OpPrinter<'_>, Op);
/// Checks op-specific invariants, returning diagnostics.
pub type VerifyFn = fn(&Context, Op, &mut Vec<Diagnostic>);
/// A suggested result name: most are static words, so only computed ones (`c42_i32`) allocate.
pub type NameHint = std::borrow::Cow<'static, str>;
/// Suggests names for an op's results (`%alloc`, `%c0`...), one per result (or empty).
pub type NameHintFn = fn(&Context, Op, &mut Vec<NameHint>);
/// Suggests names for the entry-block arguments of region `index` of an op (`%in`, `%out`),
/// one per argument (an empty hint keeps the default `%argN`).
pub type BlockArgHintFn = fn(&Context, Op, usize, &mut Vec<NameHint>);
/// The operand range forwarded to successor `i` of a branch op.
pub type SuccessorOperandsFn = fn(&Context, Op, usize) -> Range<usize>;

/// How many of a kind of thing (regions, results, successors, operands) an op must have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Count {
    /// Any number (MLIR's variadic regions, results, successors or operands).
    Any,
    /// Exactly this many.
    Exactly(usize),
    /// This many or more.
    AtLeast(usize),
}

impl Count {
    /// Whether `n` satisfies the count.
    pub fn admits(self, n: usize) -> bool {
        match self {
            Count::Any => true,
            Count::Exactly(k) => n == k,
            Count::AtLeast(k) => n >= k,
        }
    }

    /// The smallest number the count admits.
    pub fn least(self) -> usize {
        match self {
            Count::Any => 0,
            Count::Exactly(k) | Count::AtLeast(k) => k,
        }
    }
}

/// The counts an op declares once, as MLIR's ODS traits do (`OneRegion`, `ZeroSuccessors`,
/// `AtLeastNOperands`, `AttrSizedOperandSegments`...). The verifier checks them first, in
/// MLIR's order (regions, results, successors, operands, segments), so that the op's own
/// verifier, its custom printer and every pass can rely on them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OpCounts {
    /// Regions.
    pub regions: Count,
    /// Results.
    pub results: Count,
    /// Block successors.
    pub successors: Count,
    /// Operands.
    pub operands: Count,
    /// The number of operand groups `operandSegmentSizes` sizes, if the op has them (MLIR's
    /// `AttrSizedOperandSegments`): the sizes must be that many, none negative, and add up to
    /// the operand count.
    pub segments: Option<usize>,
}

impl OpCounts {
    /// An op with `results` results and `operands` operands, no region and no successor.
    pub const fn new(results: Count, operands: Count) -> Self {
        OpCounts {
            regions: Count::Exactly(0),
            results,
            successors: Count::Exactly(0),
            operands,
            segments: None,
        }
    }

    /// The same counts with `regions` regions.
    pub const fn regions(self, regions: Count) -> Self {
        OpCounts { regions, ..self }
    }

    /// The same counts with `successors` successors.
    pub const fn successors(self, successors: Count) -> Self {
        OpCounts { successors, ..self }
    }

    /// The same counts with operands in `groups` groups sized by `operandSegmentSizes`.
    pub const fn segmented(self, groups: usize) -> Self {
        OpCounts {
            segments: Some(groups),
            ..self
        }
    }
}

/// The definition of an op.
#[derive(Clone)]
pub struct OpDef {
    /// Full name, `dialect.op`.
    pub name: String,
    /// Whether the op is known (as opposed to parsed under `--allow-unregistered-dialect`).
    pub registered: bool,
    /// Traits.
    pub traits: Traits,
    /// Names of inherent attributes (MLIR properties), printed in `<{...}>` in generic form.
    pub inherent_attrs: &'static [&'static str],
    /// The kind each property must have; one of another kind is rejected first, as MLIR's
    /// property conversion rejects it while parsing generic syntax.
    pub property_kinds: &'static [(&'static str, PropertyKind)],
    /// Memory effects; `None` means derived from traits (pure or recursive) or unknown.
    pub effects: Option<fn(&Context, Op) -> Effects>,
    /// Region-branch interface.
    pub region_branch: Option<RegionBranch>,
    /// Branch interface: operands forwarded to each successor.
    pub successor_operands: Option<SuccessorOperandsFn>,
    /// Call interface.
    pub call: Option<CallInterface>,
    /// View-like interface: the source buffer the result views.
    pub view_source: Option<fn(&Context, Op) -> Value>,
    /// Custom syntax parser.
    pub parse: Option<ParseFn>,
    /// Custom syntax printer.
    pub print: Option<PrintFn>,
    /// Op-specific verifier.
    pub verify: Option<VerifyFn>,
    /// Result-name suggestions.
    pub name_hint: Option<NameHintFn>,
    /// Entry-block argument name suggestions (MLIR's `getAsmBlockArgumentNames`).
    pub block_arg_hint: Option<BlockArgHintFn>,
    /// The dialect whose prefix may be omitted for ops nested in this op's regions.
    pub default_dialect: Option<&'static str>,
    /// The op every region of this op must end with (MLIR's `SingleBlockImplicitTerminator`).
    pub implicit_terminator: Option<&'static str>,
    /// Allocation interface (ops allocating their result buffer).
    pub allocation: Option<AllocationInterface>,
    /// Copy interface (ops copying one buffer's contents into another, MLIR's
    /// `CopyOpInterface`).
    pub copy: Option<CopyInterface>,
    /// Canonicalization folders and patterns (MLIR's `fold` and `getCanonicalizationPatterns`),
    /// applied by the greedy driver (`rewrite::Canonicalizations`).
    pub canonicalization: crate::rewrite::Canonicalization,
    /// How many regions, results, successors and operands the op has, checked by the verifier
    /// before anything else looks at the op (`None`: not declared, nothing is checked).
    pub counts: Option<OpCounts>,
}

impl OpDef {
    /// A definition with no traits, interfaces or syntax.
    pub fn new(name: &str) -> Self {
        OpDef {
            name: name.to_string(),
            registered: true,
            traits: Traits::NONE,
            inherent_attrs: &[],
            property_kinds: &[],
            effects: None,
            region_branch: None,
            successor_operands: None,
            call: None,
            view_source: None,
            parse: None,
            print: None,
            verify: None,
            name_hint: None,
            block_arg_hint: None,
            default_dialect: None,
            implicit_terminator: None,
            allocation: None,
            copy: None,
            canonicalization: crate::rewrite::Canonicalization::default(),
            counts: None,
        }
    }

    /// The dialect prefix of the name.
    pub fn dialect(&self) -> &str {
        self.name.split_once('.').map_or("", |(d, _)| d)
    }
}

/// All known op definitions, indexed by [`OpName`].
#[derive(Clone, Default)]
pub struct Registry {
    defs: Vec<OpDef>,
    by_name: FxHashMap<String, OpName>,
    /// Dialects that accept unknown ops (in generic form) without `--allow-unregistered-dialect`.
    open_dialects: Vec<String>,
    /// Dialects with at least one registered op.
    dialects: rustc_hash::FxHashSet<String>,
    /// Names recently asked of [`Registry::get_or_unregistered`], by a hash of the address of
    /// the text asked with: builders ask for the same few literals over and over, and
    /// comparing the text with a slot's name costs less than hashing it.
    recent: [Option<OpName>; RECENT_SLOTS],
}

/// The identity of a `&'static str`: its address and length. Two with the same identity have
/// the same text (static text is never freed nor changed), so a cache keyed by it needs no
/// comparison of the text. The address is kept as a number, not a pointer, so that holders
/// stay `Send`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct StaticText {
    address: usize,
    len: usize,
}

impl StaticText {
    /// The identity of `text`.
    #[inline]
    fn of(text: &'static str) -> Self {
        StaticText {
            address: text.as_ptr() as usize,
            len: text.len(),
        }
    }
}

/// What static texts asked recently resolved to, found by the text's identity ([`StaticText`])
/// without comparing the text: typed builders name the same few ops and attributes from the
/// same literals on every op they build. Two ways per set, the newest first, and many sets:
/// a literal may have a copy per codegen unit, each its own key, and with one way or few sets
/// two hot keys whose addresses hashed alike evicted each other on every op built (which did
/// depended on where the linker put the literals).
#[derive(Clone)]
pub(crate) struct StaticTextCache<T: Copy> {
    slots: [Option<(StaticText, T)>; STATIC_TEXT_WAYS * STATIC_TEXT_SETS],
}

/// The ways of each set of a [`StaticTextCache`].
const STATIC_TEXT_WAYS: usize = 2;
/// The sets of a [`StaticTextCache`].
const STATIC_TEXT_SETS: usize = 256;

impl<T: Copy> Default for StaticTextCache<T> {
    fn default() -> Self {
        StaticTextCache {
            slots: [None; STATIC_TEXT_WAYS * STATIC_TEXT_SETS],
        }
    }
}

impl<T: Copy> StaticTextCache<T> {
    /// The first slot of the set of `text`.
    #[inline]
    pub(crate) fn set_of(text: &'static str) -> usize {
        let hash = (text.as_ptr() as usize as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (hash >> 56) as usize % STATIC_TEXT_SETS * STATIC_TEXT_WAYS
    }

    /// What `text` resolved to, if it was remembered and not evicted since.
    #[inline]
    pub(crate) fn get(&self, text: &'static str) -> Option<T> {
        let key = StaticText::of(text);
        let set = Self::set_of(text);
        self.slots[set..set + STATIC_TEXT_WAYS]
            .iter()
            .flatten()
            .find(|(cached, _)| *cached == key)
            .map(|&(_, value)| value)
    }

    /// Remembers that `text` resolves to `value`, evicting the oldest of its set.
    #[inline]
    pub(crate) fn remember(&mut self, text: &'static str, value: T) {
        let set = Self::set_of(text);
        self.slots
            .copy_within(set..set + STATIC_TEXT_WAYS - 1, set + 1);
        self.slots[set] = Some((StaticText::of(text), value));
    }
}

/// The number of slots of [`Registry::recent`] (and of the context's recent names).
pub(crate) const RECENT_SLOTS: usize = 32;

/// The slot of [`Registry::recent`] for an op name's text at `address` (the context's recent
/// names use it too).
pub(crate) fn recent_slot(address: *const u8) -> usize {
    ((address as usize as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 59) as usize % RECENT_SLOTS
}

impl Registry {
    /// Lets `dialect` accept ops it does not register (parsed in generic form as unregistered
    /// ops), like MLIR dialects that call `allowUnknownOperations()` (the `test` dialect).
    pub fn allow_unknown_ops(&mut self, dialect: &str) {
        if !self.allows_unknown_ops(dialect) {
            self.open_dialects.push(dialect.to_string());
        }
    }

    /// Whether `dialect` accepts ops it does not register.
    pub fn allows_unknown_ops(&self, dialect: &str) -> bool {
        self.open_dialects.iter().any(|d| d == dialect)
    }

    /// Registers (or replaces) an op definition.
    pub fn register(&mut self, def: OpDef) -> OpName {
        if def.registered {
            self.dialects.insert(def.dialect().to_string());
        }
        if let Some(&id) = self.by_name.get(&def.name) {
            self.defs[id.as_u32() as usize] = def;
            return id;
        }
        let id = OpName::from_u32(self.defs.len() as u32);
        self.by_name.insert(def.name.clone(), id);
        self.defs.push(def);
        id
    }

    /// The id of a registered (or previously seen unregistered) op name.
    pub fn lookup(&self, name: &str) -> Option<OpName> {
        self.by_name.get(name).copied()
    }

    /// The id for an op name, registering an unregistered placeholder if it is unknown.
    pub fn get_or_unregistered(&mut self, name: &str) -> OpName {
        let slot = recent_slot(name.as_ptr());
        if let Some(id) = self.recent[slot]
            && self.def(id).name == name
        {
            return id;
        }
        let id = match self.lookup(name) {
            Some(id) => id,
            None => {
                let mut def = OpDef::new(name);
                def.registered = false;
                self.register(def)
            }
        };
        self.recent[slot] = Some(id);
        id
    }

    /// The definition of an op name.
    #[inline]
    pub fn def(&self, name: OpName) -> &OpDef {
        &self.defs[name.as_u32() as usize]
    }

    /// The definition of a registered op, for amending it after registration.
    pub fn def_mut(&mut self, name: &str) -> Option<&mut OpDef> {
        let id = self.lookup(name)?;
        Some(&mut self.defs[id.as_u32() as usize])
    }

    /// Declares the counts of already registered ops (a dialect's table of
    /// [`OpCounts`]); names that are not registered are ignored.
    pub fn declare_counts(&mut self, table: &[(&str, OpCounts)]) {
        for &(name, counts) in table {
            if let Some(def) = self.def_mut(name) {
                def.counts = Some(counts);
            }
        }
    }

    /// Whether a dialect has any registered op.
    pub fn has_dialect(&self, dialect: &str) -> bool {
        self.dialects.contains(dialect)
    }

    /// The names of the dialects with registered ops, sorted.
    pub fn dialect_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.dialects.iter().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// The names of all registered ops, sorted.
    pub fn registered_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .defs
            .iter()
            .filter(|d| d.registered)
            .map(|d| d.name.as_str())
            .collect();
        names.sort_unstable();
        names
    }
}

impl Context {
    /// The definition of `op`.
    #[inline]
    pub fn op_def(&self, op: Op) -> &OpDef {
        self.registry.def(self.op_name(op))
    }

    /// Whether `op` has all the given traits.
    #[inline]
    pub fn has_trait(&self, op: Op, t: Traits) -> bool {
        self.op_def(op).traits.contains(t)
    }

    /// Whether `op` is a registered op.
    #[inline]
    pub fn is_registered(&self, op: Op) -> bool {
        self.op_def(op).registered
    }

    /// The memory effects of `op` itself (not of ops nested in it).
    pub fn memory_effects(&self, op: Op) -> Effects {
        let def = self.op_def(op);
        if let Some(f) = def.effects {
            return f(self, op);
        }
        if def.traits.contains(Traits::PURE)
            || def.traits.contains(Traits::RECURSIVE_MEMORY_EFFECTS)
            || def.traits.contains(Traits::TERMINATOR) && def.registered
        {
            return Effects::Known(SmallVec::new());
        }
        Effects::Unknown
    }

    /// The operand range of branch `op` forwarded to successor `i`.
    pub fn successor_operand_range(&self, op: Op, i: usize) -> Option<Range<usize>> {
        self.op_def(op).successor_operands.map(|f| f(self, op, i))
    }

    /// The values branch `op` forwards to successor `i`.
    pub fn successor_operands(&self, op: Op, i: usize) -> Vec<Value> {
        match self.successor_operand_range(op, i) {
            Some(range) => range.map(|k| self.operand(op, k)).collect(),
            None => Vec::new(),
        }
    }
}
