//! The [`Context`]: owner of every IR node, type, attribute and location.
//!
//! Structure (as in MLIR): an op owns regions, a region owns a list of blocks, a block owns
//! arguments and a list of ops. Lists are intrusive and doubly linked through the nodes, so
//! insertion and removal are O(1). Every node knows its parent.
//!
//! Invariants kept by every mutating method:
//! 1. Each operand is on exactly one use-list, that of the value it reads; use-lists keep
//!    insertion order, so iteration over uses is deterministic.
//! 2. A linked op's `parent` is the block whose list contains it; a linked block's `parent` is
//!    the region whose list contains it; a region's `parent` is the op that owns it.
//! 3. Ids are never reused. Erased ops, blocks and values are marked dead.
//! 4. Attribute lists of ops are sorted by name, as MLIR's dictionaries are.

use std::borrow::Cow;
use std::cell::Cell;
use std::hash::{Hash, Hasher};

use cranelift_entity::PrimaryMap;
use cranelift_entity::packed_option::PackedOption;
use indexmap::IndexSet;
use rustc_hash::{FxBuildHasher, FxHashMap, FxHasher};
use smallvec::SmallVec;

use crate::attrs::AttrData;
use crate::entity::{Attr, Block, Loc, Op, OpName, Operand, Region, Sym, Type, Value};
use crate::location::{FilePos, LocData, POSITIONAL, POSITIONAL_SPACE, SourceBuffer, SourceId};
use crate::registry::{RECENT_SLOTS, Registry, StaticTextCache, recent_slot};
use crate::types::{FloatKind, Signedness, TypeData};

type Interner<T> = IndexSet<T, FxBuildHasher>;

/// The attributes of an op: two inline (most ops have at most two), as small as a `Vec`.
pub(crate) type OpAttrs = SmallVec<[(Sym, Attr); 2]>;

/// The payload of an operation, apart from its [`OpLinks`].
#[derive(Clone, Debug)]
pub struct OpData {
    pub(crate) operands: SmallVec<[Operand; 4]>,
    /// Four inline, at no cost in size (a list of up to four 4-byte ids takes the room of a
    /// heap pointer and length): ops with three or four results (`scf.while` over three
    /// values, `memref.extract_strided_metadata` of a 1-d buffer, built for every freed
    /// buffer) need no allocation.
    pub(crate) results: SmallVec<[Value; 4]>,
    pub(crate) attrs: OpAttrs,
    /// The regions and successors, boxed: most ops have neither, and every op's record is
    /// 40 bytes smaller for it.
    pub(crate) nested: Option<Box<OpNested>>,
    pub(crate) loc: Loc,
}

/// The regions and successors of an op that has any.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpNested {
    /// Four of each inline, at no cost in size (as for [`OpData::results`]): `scf.if` and
    /// `scf.while` have two regions and need no allocation beyond this record.
    pub(crate) regions: SmallVec<[Region; 4]>,
    pub(crate) successors: SmallVec<[Block; 4]>,
}

/// The fields of an op that walks and kind queries read: its name, its place in its block's
/// list and whether it is alive. They live in their own dense array, apart from [`OpData`],
/// so that walking a block, ordering ops or asking an op's kind touches 24 bytes per op instead of the whole
/// payload: on large programs (256k ops) the walks were bound by the memory latency of
/// following `prev`/`next` through 150-byte records.
#[derive(Clone, Debug)]
pub(crate) struct OpLinks {
    pub(crate) name: OpName,
    pub(crate) parent: PackedOption<Block>,
    pub(crate) prev: PackedOption<Op>,
    pub(crate) next: PackedOption<Op>,
    /// The op's position number in its block, for `is_before_in_block` (valid while the
    /// block's `order_valid` is set).
    pub(crate) order: Cell<u32>,
    pub(crate) alive: bool,
    /// Whether the op has regions (set when it gets its first: regions are only ever added),
    /// so that walks and `regions` skip the payload of the many ops without any.
    pub(crate) has_regions: bool,
    /// Whether the op has successors (set once: only which blocks they are changes), so that
    /// `successors`, asked of every op of a block by the verifier and region simplification,
    /// skips the payload of the many ops without any.
    pub(crate) has_successors: bool,
}

/// The payload of a block.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    pub(crate) args: SmallVec<[Value; 4]>,
    pub(crate) parent: PackedOption<Region>,
    pub(crate) first: PackedOption<Op>,
    pub(crate) last: PackedOption<Op>,
    pub(crate) prev: PackedOption<Block>,
    pub(crate) next: PackedOption<Block>,
    pub(crate) order_valid: Cell<bool>,
    pub(crate) alive: bool,
}

/// The payload of a region.
#[derive(Clone, Debug, Default)]
pub struct RegionData {
    pub(crate) parent: PackedOption<Op>,
    pub(crate) first: PackedOption<Block>,
    pub(crate) last: PackedOption<Block>,
}

/// Which way a walk takes the regions, blocks and ops of a list ([`Context::walk_preorder`]
/// goes forward; [`Context::walk_postorder`] is the backward walk reversed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    Forward,
    Backward,
}

/// Where a walk resumes ([`Context::walk_preorder`]): sixteen inline, so that the walks
/// of the few ops around a change (the change record's, erasing an op with regions) allocate
/// no stack; the stack holds one entry per block waiting and per level of nesting.
type WalkStack = SmallVec<[Op; 16]>;

/// The list a walk from `op` collects, holding `op`, with room for sixteen: most walks are of
/// an op just placed or erased with a few ops nested, and growing a list from one op
/// reallocates it three times before sixteen.
fn walk_list(op: Op) -> Vec<Op> {
    let mut out = Vec::with_capacity(16);
    out.push(op);
    out
}

/// Where a value comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueDef {
    /// Result `index` of `op`.
    Result {
        /// The defining op.
        op: Op,
        /// The result number.
        index: u32,
    },
    /// Argument `index` of `block`.
    BlockArg {
        /// The owning block.
        block: Block,
        /// The argument number.
        index: u32,
    },
    /// A forward reference the parser has not resolved yet.
    Placeholder,
}

/// The payload of a value.
#[derive(Clone, Debug)]
pub struct ValueData {
    pub(crate) ty: Type,
    pub(crate) def: ValueDef,
    pub(crate) first_use: PackedOption<Operand>,
    pub(crate) last_use: PackedOption<Operand>,
}

/// The payload of an operand (one use of a value).
#[derive(Clone, Debug)]
pub struct OperandData {
    pub(crate) value: Value,
    pub(crate) owner: Op,
    pub(crate) index: u32,
    pub(crate) prev_use: PackedOption<Operand>,
    pub(crate) next_use: PackedOption<Operand>,
}

/// Everything needed to create an operation.
#[derive(Clone, Debug)]
pub struct OpState {
    /// The op name.
    pub name: OpName,
    /// Operand values.
    pub operands: Vec<Value>,
    /// Result types.
    pub result_types: Vec<Type>,
    /// Attributes (any order; sorted on creation).
    pub attrs: Vec<(Sym, Attr)>,
    /// Regions, created beforehand and not owned by any op yet.
    pub regions: Vec<Region>,
    /// Successor blocks.
    pub successors: Vec<Block>,
    /// Source location.
    pub loc: Loc,
}

impl OpState {
    /// A state with no operands, results, attributes, regions or successors.
    pub fn new(name: OpName, loc: Loc) -> Self {
        OpState {
            name,
            operands: Vec::new(),
            result_types: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            loc,
        }
    }
}

/// The parts of an op to create, borrowed from an [`OpState`] or from a builder's arguments.
struct OpParts<'s> {
    name: OpName,
    loc: Loc,
    operands: &'s [Value],
    result_types: &'s [Type],
    regions: &'s [Region],
    successors: &'s [Block],
}

/// Owner of all IR entities and interned data.
pub struct Context {
    pub(crate) ops: PrimaryMap<Op, OpData>,
    /// Per op, in step with `ops`: its name, list links, order number and liveness.
    pub(crate) op_links: PrimaryMap<Op, OpLinks>,
    pub(crate) blocks: PrimaryMap<Block, BlockData>,
    pub(crate) regions: PrimaryMap<Region, RegionData>,
    pub(crate) values: PrimaryMap<Value, ValueData>,
    pub(crate) operands: PrimaryMap<Operand, OperandData>,
    types: Interner<TypeData>,
    attrs: Interner<AttrData>,
    locs: Interner<LocData>,
    /// Buffers whose byte offsets are locations (see [`crate::location`]).
    sources: Vec<SourceBuffer>,
    /// Next free id of the positional location space.
    next_source_base: u32,
    syms: Interner<Box<str>>,
    /// Dense array attributes by a hash of their element type and values, so that interning
    /// an existing one needs no allocation.
    dense_arrays: FxHashMap<u64, SmallVec<[Attr; 1]>>,
    /// The op registry: names, traits, interfaces, syntax and verifiers.
    pub registry: Registry,
    epoch: u64,
    /// The ops touched since recording started (see `context/changes.rs`); `None` when off.
    changed_ops: Option<Vec<Op>>,
    pub(crate) symbols: crate::symbols::SymbolCache,
    /// `index`, `i1` and `i64`, once interned (parsers ask for them for every index or condition
    /// operand, builders for every predicate).
    common_types: CommonTypes,
    /// The name `operandSegmentSizes`, interned once: printers, verifiers and patterns look
    /// it up on every op with operand groups.
    operand_segment_sizes: Sym,
    /// The name `sym_name`, interned once: every op placed in or taken out of a block is asked
    /// whether it names a symbol (for the symbol tables and the change record).
    sym_name: Sym,
    /// Integer attributes recently interned, by a hash of value and type: builders make the
    /// same few constants and predicates over and over, and comparing a slot costs less than
    /// hashing the attribute.
    recent_ints: [Option<(i128, Type, Attr)>; RECENT_INT_SLOTS],
    /// Names recently interned by [`Context::sym`], by a hash of the address of the text asked
    /// with: builders name the same few attributes (`predicate`, ...) from the same literals
    /// on every op, and comparing the text with a slot's name costs less than hashing it.
    recent_syms: [Option<Sym>; RECENT_SLOTS],
    /// Names recently interned by [`Context::sym_static`].
    static_syms: StaticTextCache<Sym>,
    /// Op names recently asked of [`Context::op_name_static`].
    static_op_names: StaticTextCache<OpName>,
    /// `operandSegmentSizes` arrays recently interned, by their packed sizes (see
    /// [`Context::segment_sizes_attr`]): builders and parsers ask for the same few over and
    /// over, and comparing a slot's key costs less than hashing the array.
    recent_segments: [Option<(u64, Attr)>; RECENT_SEGMENT_SLOTS],
}

/// The number of slots of [`Context::recent_segments`].
/// Sixty-four: with sixteen, a branchy program's few hot arrays (each `cf.cond_br`'s sizes before
/// and after a pass adds an operand, each dealloc's) shared slots and evicted each other on
/// every rung of `gen.py ladder`.
const RECENT_SEGMENT_SLOTS: usize = 64;

/// `sizes` packed into one number, distinct for distinct lists: the count in bits 48 and up,
/// size `i` in bits `12 i` to `12 i + 11`; `None` for more than four sizes or a size outside
/// `0..2^12` (those are interned without the cache).
fn packed_segment_sizes(sizes: &[i32]) -> Option<u64> {
    if sizes.len() > 4 {
        return None;
    }
    let mut key = (sizes.len() as u64) << 48;
    for (i, &size) in sizes.iter().enumerate() {
        if !(0..1 << 12).contains(&size) {
            return None;
        }
        key |= (size as u64) << (12 * i);
    }
    Some(key)
}

/// The slot of [`Context::recent_segments`] for the packed sizes `key`.
fn recent_segment_slot(key: u64) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize % RECENT_SEGMENT_SLOTS
}

/// The number of slots of [`Context::recent_ints`].
const RECENT_INT_SLOTS: usize = 32;

/// The slot of [`Context::recent_ints`] for the integer `value` of type `ty`.
fn recent_int_slot(value: i128, ty: Type) -> usize {
    let key = (value as u64) ^ (u64::from(ty.as_u32()) << 40);
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 59) as usize % RECENT_INT_SLOTS
}

/// Types interned on first use and then returned without hashing.
#[derive(Default)]
struct CommonTypes {
    index: Option<Type>,
    i1: Option<Type>,
    i32: Option<Type>,
    i64: Option<Type>,
    /// The base buffer type of each buffer type asked about (see
    /// [`Context::base_buffer_type`]): the deallocation passes build a
    /// `memref.extract_strided_metadata` for most frees, and looking its type up by the source
    /// type costs less than hashing a new `TypeData`.
    base_buffers: FxHashMap<Type, Type>,
}

impl CommonTypes {
    /// The slot keeping `iN` once interned, for the widths builders ask for all the time.
    #[inline]
    fn kept_int(&mut self, width: u32) -> Option<&mut Option<Type>> {
        match width {
            1 => Some(&mut self.i1),
            32 => Some(&mut self.i32),
            64 => Some(&mut self.i64),
            _ => None,
        }
    }
}

mod changes;
mod results;

/// The spacing of the op numbers `is_before_in_block` compares, leaving room for insertions.
const ORDER_STRIDE: u32 = 16;

/// Pushes a new operand record of `op` at position `index` reading `value`, linked at the end
/// of `value`'s use-list, onto `operands`, and returns it (the op's own list is the caller's
/// to update). The record is pushed with its place in the use-list already set: every op built
/// links its operands here, and writing each field once saves a third of the work of
/// [`Context::link_use`]. A function of the two tables, so that an op's operand list can be
/// filled in place.
#[inline]
fn push_linked_operand(
    values: &mut PrimaryMap<Value, ValueData>,
    operands: &mut PrimaryMap<Operand, OperandData>,
    op: Op,
    index: usize,
    value: Value,
) -> Operand {
    let last = values[value].last_use;
    let u = operands.push(OperandData {
        value,
        owner: op,
        index: index as u32,
        prev_use: last,
        next_use: None.into(),
    });
    match last.expand() {
        Some(l) => operands[l].next_use = u.into(),
        None => values[value].first_use = u.into(),
    }
    values[value].last_use = u.into();
    u
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with every built-in dialect registered.
    pub fn new() -> Self {
        let mut ctx = Context {
            ops: PrimaryMap::new(),
            op_links: PrimaryMap::new(),
            blocks: PrimaryMap::new(),
            regions: PrimaryMap::new(),
            values: PrimaryMap::new(),
            operands: PrimaryMap::new(),
            types: Interner::default(),
            attrs: Interner::default(),
            locs: Interner::default(),
            sources: Vec::new(),
            next_source_base: 0,
            syms: Interner::default(),
            dense_arrays: FxHashMap::default(),
            registry: Registry::default(),
            epoch: 0,
            changed_ops: None,
            symbols: Default::default(),
            common_types: CommonTypes::default(),
            operand_segment_sizes: Sym::from_u32(0),
            sym_name: Sym::from_u32(0),
            recent_ints: Default::default(),
            recent_syms: Default::default(),
            static_syms: Default::default(),
            static_op_names: Default::default(),
            recent_segments: [None; RECENT_SEGMENT_SLOTS],
        };
        ctx.operand_segment_sizes = ctx.sym("operandSegmentSizes");
        ctx.sym_name = ctx.sym("sym_name");
        ctx.loc(LocData::Unknown);
        crate::dialects::register_all(&mut ctx.registry);
        ctx
    }

    /// A counter bumped by every structural mutation; cached analyses compare it.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    fn touch(&mut self) {
        self.epoch += 1;
    }

    // ----- interning -------------------------------------------------------------------------

    /// Interns a type.
    pub fn ty(&mut self, data: TypeData) -> Type {
        Type::from_u32(self.types.insert_full(data).0 as u32)
    }

    /// The structure of a type.
    #[inline]
    pub fn type_data(&self, ty: Type) -> &TypeData {
        &self.types[ty.as_u32() as usize]
    }

    /// Interns an attribute.
    pub fn attr(&mut self, data: AttrData) -> Attr {
        Attr::from_u32(self.attrs.insert_full(data).0 as u32)
    }

    /// Whether an affine map or integer set has been interned (the printer declares them as
    /// aliases before the module, so it must see the whole module before writing any of it).
    pub fn has_alias_attrs(&self) -> bool {
        self.attrs
            .iter()
            .any(|a| matches!(a, AttrData::AffineMap(_) | AttrData::AffineSet(_)))
    }

    /// The structure of an attribute.
    #[inline]
    pub fn attr_data(&self, attr: Attr) -> &AttrData {
        &self.attrs[attr.as_u32() as usize]
    }

    /// Interns a location.
    pub fn loc(&mut self, data: LocData) -> Loc {
        Loc::from_u32(self.locs.insert_full(data).0 as u32)
    }

    /// Reserves room for the entities parsed from `len` bytes of MLIR text: an op, a value
    /// and two operands per 32 bytes, more than the densest text holds, so that parsing a large
    /// buffer never regrows the arenas (each regrowth copies a whole arena and touches the
    /// pages of both copies); room never used is never touched, so this costs address space,
    /// not memory. The parser reserves for its text; a driver that will run passes building
    /// many ops reserves for a multiple of it first.
    pub fn reserve_for_text(&mut self, len: usize) {
        let ops = len / 32;
        self.ops.reserve(ops);
        self.op_links.reserve(ops);
        self.values.reserve(ops);
        self.operands.reserve(2 * ops);
        self.blocks.reserve(ops / 8);
        self.regions.reserve(ops / 8);
    }

    /// Registers a buffer whose byte offsets become locations through
    /// [`Context::source_loc`], without a table entry per location.
    pub fn add_source(&mut self, file: &str, text: &str) -> SourceId {
        let file = self.sym(file);
        let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
        let base =
            (len < POSITIONAL_SPACE - self.next_source_base).then_some(self.next_source_base);
        self.next_source_base = match base {
            // One id past the end, for the end-of-file position.
            Some(base) => base + len + 1,
            // Exhausted: later buffers are not placed either, so placed ones stay a prefix.
            None => POSITIONAL_SPACE,
        };
        let id = SourceId {
            index: self.sources.len() as u32,
            base,
        };
        self.sources.push(SourceBuffer {
            file,
            base,
            line_starts: crate::location::line_starts(text),
        });
        id
    }

    /// The location of a byte offset in a registered buffer: `file:line:col`.
    pub fn source_loc(&mut self, source: SourceId, offset: usize) -> Loc {
        let offset = u32::try_from(offset).unwrap_or(u32::MAX);
        match source.base {
            Some(base) => Loc::from_u32(POSITIONAL | (base + offset)),
            None => {
                let buffer = &self.sources[source.index as usize];
                let (line, col) = buffer.line_col(offset);
                let file = buffer.file;
                self.loc(LocData::FileLineCol { file, line, col })
            }
        }
    }

    /// The structure of a location.
    pub fn loc_data(&self, loc: Loc) -> Cow<'_, LocData> {
        let id = loc.as_u32();
        if id & POSITIONAL == 0 {
            return Cow::Borrowed(&self.locs[id as usize]);
        }
        let id = id & !POSITIONAL;
        let index = self
            .sources
            .partition_point(|s| s.base.is_some_and(|base| base <= id))
            - 1;
        let buffer = &self.sources[index];
        let offset = id
            - buffer
                .base
                .expect("positional locations come from placed buffers");
        let (line, col) = buffer.line_col(offset);
        Cow::Owned(LocData::FileLineCol {
            file: buffer.file,
            line,
            col,
        })
    }

    /// The unknown location.
    pub fn unknown_loc(&self) -> Loc {
        Loc::from_u32(0)
    }

    /// Interns a string.
    pub fn sym(&mut self, s: &str) -> Sym {
        let slot = recent_slot(s.as_ptr());
        if let Some(sym) = self.recent_syms[slot]
            && self.sym_str(sym) == s
        {
            return sym;
        }
        let sym = match self.syms.get_index_of(s) {
            Some(i) => Sym::from_u32(i as u32),
            None => Sym::from_u32(self.syms.insert_full(s.into()).0 as u32),
        };
        self.recent_syms[slot] = Some(sym);
        sym
    }

    /// [`Context::sym`] for static text (an attribute name literal, as typed builders use): a
    /// name interned recently is found by its text's address and length alone, without
    /// comparing its text (see `StaticTextCache`).
    #[inline]
    pub fn sym_static(&mut self, s: &'static str) -> Sym {
        self.resolve_static(s, |ctx| &mut ctx.static_syms, Context::sym)
    }

    /// [`Registry::get_or_unregistered`] for a name that is static text (a dialect's literal,
    /// as typed builders use): a name asked recently is found by its text's address and length
    /// alone, without comparing its text (see `StaticTextCache`).
    #[inline]
    pub fn op_name_static(&mut self, name: &'static str) -> OpName {
        self.resolve_static(
            name,
            |ctx| &mut ctx.static_op_names,
            |ctx, name| ctx.registry.get_or_unregistered(name),
        )
    }

    /// What `text` resolves to: from `cache` if remembered there, else by `resolve`, then
    /// remembered.
    #[inline]
    fn resolve_static<T: Copy>(
        &mut self,
        text: &'static str,
        cache: impl Fn(&mut Context) -> &mut StaticTextCache<T>,
        resolve: impl FnOnce(&mut Context, &'static str) -> T,
    ) -> T {
        if let Some(value) = cache(self).get(text) {
            return value;
        }
        let value = resolve(self, text);
        cache(self).remember(text, value);
        value
    }

    /// Looks up an interned string without interning it.
    pub fn lookup_sym(&self, s: &str) -> Option<Sym> {
        self.syms.get_index_of(s).map(|i| Sym::from_u32(i as u32))
    }

    /// The text of an interned string.
    pub fn sym_str(&self, sym: Sym) -> &str {
        &self.syms[sym.as_u32() as usize]
    }

    /// Resolves a location to the first file position it contains.
    pub fn file_pos(&self, loc: Loc) -> Option<FilePos> {
        match &*self.loc_data(loc) {
            LocData::Unknown => None,
            LocData::FileLineCol { file, line, col } => Some(FilePos {
                file: self.sym_str(*file).to_string(),
                line: *line,
                col: *col,
            }),
            LocData::Name { child, .. } => child.and_then(|c| self.file_pos(c)),
            LocData::CallSite { callee, .. } => self.file_pos(*callee),
            LocData::Fused(locs) => locs.iter().find_map(|l| self.file_pos(*l)),
        }
    }

    // ----- common types and attributes ------------------------------------------------------

    /// `iN` (`i1`, `i32` and `i64`, which builders ask for on every comparison, predicate and
    /// operand-segment array, without hashing once interned).
    pub fn int_type(&mut self, width: u32) -> Type {
        if let Some(&mut Some(ty)) = self.common_types.kept_int(width) {
            return ty;
        }
        let ty = self.signless_int_type(width);
        if let Some(slot) = self.common_types.kept_int(width) {
            *slot = Some(ty);
        }
        ty
    }

    fn signless_int_type(&mut self, width: u32) -> Type {
        self.ty(TypeData::Integer {
            width,
            signedness: Signedness::Signless,
        })
    }

    /// `i1`.
    pub fn i1_type(&mut self) -> Type {
        self.int_type(1)
    }

    /// The type of the base buffer `memref.extract_strided_metadata` gives for a buffer of type
    /// `source`: a rank-0 `memref` of its element type in its memory space (for a type that is
    /// no buffer, a rank-0 `memref` of the type itself).
    pub fn base_buffer_type(&mut self, source: Type) -> Type {
        if let Some(&base) = self.common_types.base_buffers.get(&source) {
            return base;
        }
        let (elem, memory_space) = match self.type_data(source) {
            TypeData::MemRef {
                elem, memory_space, ..
            }
            | TypeData::UnrankedMemRef { elem, memory_space } => (*elem, *memory_space),
            _ => (source, None),
        };
        let base = self.ty(TypeData::MemRef {
            shape: Vec::new(),
            elem,
            layout: None,
            memory_space,
        });
        self.common_types.base_buffers.insert(source, base);
        base
    }

    /// `index`.
    pub fn index_type(&mut self) -> Type {
        if let Some(ty) = self.common_types.index {
            return ty;
        }
        let ty = self.ty(TypeData::Index);
        self.common_types.index = Some(ty);
        ty
    }

    /// A float type.
    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.ty(TypeData::Float(kind))
    }

    /// An integer attribute of the given type, truncated and sign-extended to its width.
    pub fn int_attr(&mut self, value: i128, ty: Type) -> Attr {
        let value = match self.type_data(ty) {
            TypeData::Integer { width, .. } => crate::util::sext(value, *width),
            _ => crate::util::sext(value, 64),
        };
        let slot = recent_int_slot(value, ty);
        if let Some((recent_value, recent_ty, attr)) = self.recent_ints[slot]
            && recent_value == value
            && recent_ty == ty
        {
            return attr;
        }
        let attr = self.attr(AttrData::Integer { value, ty });
        self.recent_ints[slot] = Some((value, ty, attr));
        attr
    }

    /// A string attribute.
    pub fn str_attr(&mut self, s: &str) -> Attr {
        self.attr(AttrData::String(s.to_string()))
    }

    /// The unit attribute.
    pub fn unit_attr(&mut self) -> Attr {
        self.attr(AttrData::Unit)
    }

    /// A type attribute.
    pub fn type_attr(&mut self, ty: Type) -> Attr {
        self.attr(AttrData::Type(ty))
    }

    /// A flat symbol reference `@name`.
    pub fn symbol_ref_attr(&mut self, name: &str) -> Attr {
        let root = self.sym(name);
        self.attr(AttrData::SymbolRef {
            root,
            nested: Vec::new(),
        })
    }

    /// `array<i32: ...>`, as used by `operandSegmentSizes`.
    pub fn dense_i32_array(&mut self, values: &[i32]) -> Attr {
        let elem = self.int_type(32);
        let wide: SmallVec<[i64; 8]> = values.iter().map(|&v| v as i64).collect();
        self.dense_array_attr(elem, &wide)
    }

    /// The `operandSegmentSizes` attribute `array<i32: sizes>`: [`Context::dense_i32_array`],
    /// the same attribute, but an array of up to four sizes asked for recently is found by
    /// comparing one number (its packed sizes) instead of hashing it. Correct because an
    /// interned attribute never changes, and a slot keeps the attribute interned for exactly
    /// the sizes its key packs.
    pub fn segment_sizes_attr(&mut self, sizes: &[i32]) -> Attr {
        let Some(key) = packed_segment_sizes(sizes) else {
            return self.dense_i32_array(sizes);
        };
        let slot = recent_segment_slot(key);
        if let Some((cached, attr)) = self.recent_segments[slot]
            && cached == key
        {
            return attr;
        }
        let attr = self.dense_i32_array(sizes);
        self.recent_segments[slot] = Some((key, attr));
        attr
    }

    /// `array<i64: ...>`.
    pub fn dense_i64_array(&mut self, values: &[i64]) -> Attr {
        let elem = self.int_type(64);
        self.dense_array_attr(elem, values)
    }

    /// Interns `array<elem: values>`, allocating only when it is new: ops repeat the same few
    /// arrays (segment sizes, static offsets) over and over.
    fn dense_array_attr(&mut self, elem: Type, values: &[i64]) -> Attr {
        let key = {
            let mut hasher = FxHasher::default();
            (elem, values).hash(&mut hasher);
            hasher.finish()
        };
        let same = |data: &AttrData| matches!(data, AttrData::DenseArray { elem: e, values: v } if *e == elem && v == values);
        if let Some(attrs) = self.dense_arrays.get(&key)
            && let Some(&found) = attrs.iter().find(|&&a| same(self.attr_data(a)))
        {
            return found;
        }
        let attr = self.attr(AttrData::DenseArray {
            elem,
            values: values.to_vec(),
        });
        self.dense_arrays.entry(key).or_default().push(attr);
        attr
    }

    // ----- creation ---------------------------------------------------------------------------

    /// Creates an unlinked op; its regions become owned by it.
    pub fn create_op(&mut self, mut state: OpState) -> Op {
        self.create_op_reusing(&mut state)
    }

    /// [`Context::create_op`] from the parts of a state, with no state in between (no
    /// allocation beyond the op's own storage): what [`crate::Builder::build_op`] runs for
    /// every op.
    pub fn create_op_from_parts(
        &mut self,
        name: OpName,
        loc: Loc,
        operands: &[Value],
        result_types: &[Type],
        attrs: &[(&str, Attr)],
        regions: Vec<Region>,
    ) -> Op {
        let op_attrs = self.interned_attrs(attrs, Context::sym);
        self.create_op_from_named_parts(name, loc, operands, result_types, op_attrs, regions)
    }

    /// `attrs` with their names interned by `intern`.
    #[inline]
    fn interned_attrs<'n>(
        &mut self,
        attrs: &[(&'n str, Attr)],
        mut intern: impl FnMut(&mut Context, &'n str) -> Sym,
    ) -> OpAttrs {
        // Pushed one by one, not collected: `SmallVec`'s `collect` is not inlined and costs
        // more than the names' lookups on the few attributes of an op.
        let mut op_attrs = OpAttrs::with_capacity(attrs.len());
        for &(attr_name, attr) in attrs {
            op_attrs.push((intern(self, attr_name), attr));
        }
        op_attrs
    }

    /// [`Context::create_op_from_parts`] for attribute names that are static text (a typed
    /// builder's literals), interned by [`Context::sym_static`].
    pub fn create_op_from_static_parts(
        &mut self,
        name: OpName,
        loc: Loc,
        operands: &[Value],
        result_types: &[Type],
        attrs: &[(&'static str, Attr)],
        regions: Vec<Region>,
    ) -> Op {
        let op_attrs = self.interned_attrs(attrs, Context::sym_static);
        self.create_op_from_named_parts(name, loc, operands, result_types, op_attrs, regions)
    }

    /// The op of [`Context::create_op_from_parts`], its attribute names interned.
    fn create_op_from_named_parts(
        &mut self,
        name: OpName,
        loc: Loc,
        operands: &[Value],
        result_types: &[Type],
        op_attrs: OpAttrs,
        regions: Vec<Region>,
    ) -> Op {
        let parts = OpParts {
            name,
            loc,
            operands,
            result_types,
            regions: &regions,
            successors: &[],
        };
        self.create_op_with(parts, op_attrs)
    }

    /// [`Context::create_op`] from a state that is left empty but keeps its lists' capacity,
    /// so that a parser creating many ops allocates none for their states.
    pub fn create_op_reusing(&mut self, state: &mut OpState) -> Op {
        // Copied, not collected from a drain (see `create_op_from_parts`).
        let attrs = OpAttrs::from_slice(&state.attrs);
        state.attrs.clear();
        let parts = OpParts {
            name: state.name,
            loc: state.loc,
            operands: &state.operands,
            result_types: &state.result_types,
            regions: &state.regions,
            successors: &state.successors,
        };
        let op = self.create_op_with(parts, attrs);
        state.operands.clear();
        state.result_types.clear();
        state.regions.clear();
        state.successors.clear();
        op
    }

    /// Creates the op `parts` describes, with attributes `attrs` (any order): its lists are
    /// built in place and its record pushed once, complete; its regions become owned by it.
    fn create_op_with(&mut self, parts: OpParts<'_>, mut attrs: OpAttrs) -> Op {
        self.touch();
        let op = self.ops.next_key();
        if attrs.len() > 1 {
            self.sort_attrs(&mut attrs);
        }
        for &region in parts.regions {
            debug_assert!(
                self.regions[region].parent.is_none(),
                "region already owned"
            );
            self.regions[region].parent = op.into();
        }
        let nested = (!parts.regions.is_empty() || !parts.successors.is_empty()).then(|| {
            Box::new(OpNested {
                regions: SmallVec::from_slice(parts.regions),
                successors: SmallVec::from_slice(parts.successors),
            })
        });
        // Pushed with empty operand and result lists, which are then filled in place: building
        // them apart and moving them in copied each list twice, on every op built.
        let pushed = self.ops.push(OpData {
            operands: SmallVec::new(),
            results: SmallVec::new(),
            attrs,
            nested,
            loc: parts.loc,
        });
        let links = self.op_links.push(OpLinks {
            name: parts.name,
            parent: None.into(),
            prev: None.into(),
            next: None.into(),
            order: Cell::new(0),
            alive: true,
            has_regions: !parts.regions.is_empty(),
            has_successors: !parts.successors.is_empty(),
        });
        debug_assert!(
            pushed == op && links == op,
            "ops and their links are pushed in step"
        );
        self.link_operands_of_new_op(op, parts.operands);
        self.push_results_of_new_op(op, parts.result_types);
        // Not noted: an op no block holds is never verified, and placing it notes it.
        op
    }

    /// Fills the operand list of `op` (just pushed, with none) with records reading `values`,
    /// each linked at the end of its value's use-list, noting nothing.
    fn link_operands_of_new_op(&mut self, op: Op, values: &[Value]) {
        let Context {
            ops,
            values: value_table,
            operands,
            ..
        } = self;
        let list = &mut ops[op].operands;
        list.reserve_exact(values.len());
        for (index, &value) in values.iter().enumerate() {
            list.push(push_linked_operand(value_table, operands, op, index, value));
        }
    }

    /// Fills the result list of `op` (just pushed, with none) with new values of `types`.
    fn push_results_of_new_op(&mut self, op: Op, types: &[Type]) {
        let Context {
            ops,
            values: value_table,
            ..
        } = self;
        let list = &mut ops[op].results;
        list.reserve_exact(types.len());
        for (index, &ty) in types.iter().enumerate() {
            list.push(value_table.push(ValueData {
                ty,
                def: ValueDef::Result {
                    op,
                    index: index as u32,
                },
                first_use: None.into(),
                last_use: None.into(),
            }));
        }
    }

    /// New operand records of `op` reading `values` (for [`Context::splice_operands`] to put
    /// in its list), each linked at the end of its value's use-list, noting nothing.
    fn link_new_operands(&mut self, op: Op, values: &[Value]) -> SmallVec<[Operand; 4]> {
        // A loop of pushes into a list of the right capacity: `SmallVec`'s `collect` is not
        // inlined and costs twice as much on the few operands of an op.
        let mut operands = SmallVec::with_capacity(values.len());
        for (index, &value) in values.iter().enumerate() {
            operands.push(self.new_linked_operand(op, index, value));
        }
        operands
    }

    /// A new operand record of `op` at position `index` reading `value`, linked at the end of
    /// `value`'s use-list (the op's own list is the caller's to update), noting nothing.
    #[inline]
    fn new_linked_operand(&mut self, op: Op, index: usize, value: Value) -> Operand {
        push_linked_operand(&mut self.values, &mut self.operands, op, index, value)
    }

    /// Creates an empty region owned by no op yet.
    pub fn create_region(&mut self) -> Region {
        self.regions.push(RegionData::default())
    }

    /// Creates an empty, unlinked block.
    pub fn create_block(&mut self) -> Block {
        self.blocks.push(BlockData {
            alive: true,
            ..BlockData::default()
        })
    }

    /// Appends an argument of type `ty` to `block`.
    pub fn add_block_arg(&mut self, block: Block, ty: Type) -> Value {
        self.touch();
        self.record_block_parent(block);
        let index = self.blocks[block].args.len() as u32;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::BlockArg { block, index },
            first_use: None.into(),
            last_use: None.into(),
        });
        self.blocks[block].args.push(v);
        v
    }

    /// Inserts a new argument of type `ty` at position `index` of `block`.
    pub fn insert_block_arg(&mut self, block: Block, index: usize, ty: Type) -> Value {
        self.touch();
        self.record_block_parent(block);
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::BlockArg {
                block,
                index: index as u32,
            },
            first_use: None.into(),
            last_use: None.into(),
        });
        self.blocks[block].args.insert(index, v);
        self.renumber_block_args(block);
        v
    }

    /// Removes the argument at `index` of `block`; it must have no uses.
    pub fn erase_block_arg(&mut self, block: Block, index: usize) {
        self.touch();
        self.record_block_parent(block);
        let v = self.blocks[block].args.remove(index);
        self.record_users(v);
        debug_assert!(
            !self.has_uses(v),
            "erasing a block argument that still has uses"
        );
        self.renumber_block_args(block);
    }

    /// Removes the arguments at `indices` of `block` (each once, any order); they must have no
    /// uses. Renumbers the rest once.
    pub fn erase_block_args(&mut self, block: Block, indices: &[usize]) {
        self.touch();
        self.record_block_parent(block);
        let mut erased = vec![false; self.blocks[block].args.len()];
        for &index in indices {
            erased[index] = true;
        }
        for &index in indices {
            self.record_users(self.blocks[block].args[index]);
        }
        let mut position = 0;
        self.blocks[block].args.retain(|_| {
            position += 1;
            !erased[position - 1]
        });
        self.renumber_block_args(block);
    }

    fn renumber_block_args(&mut self, block: Block) {
        for (i, &v) in self.blocks[block].args.iter().enumerate() {
            self.values[v].def = ValueDef::BlockArg {
                block,
                index: i as u32,
            };
        }
    }

    /// Creates a value that stands for a not-yet-defined one (used by the parser).
    pub fn create_placeholder(&mut self, ty: Type) -> Value {
        self.values.push(ValueData {
            ty,
            def: ValueDef::Placeholder,
            first_use: None.into(),
            last_use: None.into(),
        })
    }

    fn sort_attrs(&self, attrs: &mut OpAttrs) {
        attrs.sort_by(|a, b| self.sym_str(a.0).cmp(self.sym_str(b.0)));
        attrs.dedup_by(|a, b| a.0 == b.0);
    }

    // ----- queries ----------------------------------------------------------------------------

    /// Whether the op has not been erased.
    #[inline]
    pub fn is_alive(&self, op: Op) -> bool {
        self.op_links[op].alive
    }

    /// The op's name id.
    #[inline]
    pub fn op_name(&self, op: Op) -> OpName {
        self.op_links[op].name
    }

    /// The op's name as text (`memref.alloc`).
    #[inline]
    pub fn op_name_str(&self, op: Op) -> &str {
        self.registry.def(self.op_links[op].name).name.as_str()
    }

    /// The op's location.
    #[inline]
    pub fn op_loc(&self, op: Op) -> Loc {
        self.ops[op].loc
    }

    /// Sets the op's location.
    pub fn set_op_loc(&mut self, op: Op, loc: Loc) {
        self.ops[op].loc = loc;
    }

    /// Number of operands.
    #[inline]
    pub fn num_operands(&self, op: Op) -> usize {
        self.ops[op].operands.len()
    }

    /// Operand `i` of `op`.
    #[inline]
    pub fn operand(&self, op: Op, i: usize) -> Value {
        self.operands[self.ops[op].operands[i]].value
    }

    /// The operand values of `op`, in order.
    pub fn operands(&self, op: Op) -> impl ExactSizeIterator<Item = Value> + Clone + '_ {
        self.ops[op]
            .operands
            .iter()
            .map(move |&u| self.operands[u].value)
    }

    /// The operand values of `op` in `range`; none when the range is out of bounds (as slice
    /// `get`).
    pub fn operands_in(
        &self,
        op: Op,
        range: std::ops::Range<usize>,
    ) -> impl ExactSizeIterator<Item = Value> + Clone + '_ {
        self.ops[op]
            .operands
            .get(range)
            .unwrap_or_default()
            .iter()
            .map(move |&u| self.operands[u].value)
    }

    /// The operand values of `op` as a vector.
    pub fn operand_vec(&self, op: Op) -> Vec<Value> {
        self.operands(op).collect()
    }

    /// The operand values of `op`, collected without a heap allocation for up to six (the
    /// printers' and verifiers' way to index them).
    pub fn operand_array(&self, op: Op) -> SmallVec<[Value; 6]> {
        // Pushed one by one: `SmallVec`'s `collect` is not inlined and costs more than the
        // copy itself on the few operands of an op.
        let list = &self.ops[op].operands;
        let mut values = SmallVec::with_capacity(list.len());
        for &operand in list {
            values.push(self.operands[operand].value);
        }
        values
    }

    /// The results of `op`.
    #[inline]
    pub fn results(&self, op: Op) -> &[Value] {
        &self.ops[op].results
    }

    /// Result `i` of `op`.
    #[inline]
    pub fn result(&self, op: Op, i: usize) -> Value {
        self.ops[op].results[i]
    }

    /// The regions of `op`.
    #[inline]
    pub fn regions(&self, op: Op) -> &[Region] {
        if !self.op_links[op].has_regions {
            return &[];
        }
        self.ops[op].nested.as_ref().map_or(&[], |n| &n.regions)
    }

    /// The successors of `op`.
    #[inline]
    pub fn successors(&self, op: Op) -> &[Block] {
        if !self.op_links[op].has_successors {
            return &[];
        }
        self.ops[op].nested.as_ref().map_or(&[], |n| &n.successors)
    }

    /// Replaces successor `i` of `op`.
    pub fn set_successor(&mut self, op: Op, i: usize, block: Block) {
        self.touch();
        self.record_op(op);
        let nested = self.ops[op].nested.as_mut();
        nested.expect("an op with successors").successors[i] = block;
    }

    /// The attributes of `op`, sorted by name.
    #[inline]
    pub fn attrs(&self, op: Op) -> &[(Sym, Attr)] {
        &self.ops[op].attrs
    }

    /// The `operandSegmentSizes` attribute of `op`, found by its interned name (no string
    /// comparison).
    pub fn operand_segment_sizes_attr(&self, op: Op) -> Option<Attr> {
        self.attr_by_sym(op, self.operand_segment_sizes)
    }

    /// The sizes of `op`'s `operandSegmentSizes` dense array, if it has one, read in place and
    /// found by the attribute's interned name: branches are asked for their successor operands
    /// over and over (verification, liveness, region simplification).
    #[inline]
    pub fn operand_segment_sizes(&self, op: Op) -> Option<&[i64]> {
        match self.attr_data(self.operand_segment_sizes_attr(op)?) {
            AttrData::DenseArray { values, .. } => Some(values),
            _ => None,
        }
    }

    /// Sets `op`'s `operandSegmentSizes` to `array<i32: sizes>`, interned through the cache of
    /// [`Context::segment_sizes_attr`] and set by the attribute's interned name: what a pass
    /// that adds operands to a branch's successor runs for every branch it changes.
    pub fn set_operand_segment_sizes(&mut self, op: Op, sizes: &[i32]) {
        let attr = self.segment_sizes_attr(sizes);
        self.set_attr_by_sym(op, self.operand_segment_sizes, attr);
    }

    /// The attribute of `op` whose interned name is `name`, if present (no string comparison).
    #[inline]
    pub fn attr_by_sym(&self, op: Op, name: Sym) -> Option<Attr> {
        self.ops[op]
            .attrs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, a)| *a)
    }

    /// The `sym_name` attribute of `op` (the symbol it names), found by its interned name (no
    /// string comparison).
    #[inline]
    pub fn sym_name_attr(&self, op: Op) -> Option<Attr> {
        self.attr_by_sym(op, self.sym_name)
    }

    /// The attribute named `name`, if present.
    #[inline]
    pub fn get_attr(&self, op: Op, name: &str) -> Option<Attr> {
        // Ops have few attributes: comparing their names beats hashing `name`.
        self.ops[op]
            .attrs
            .iter()
            .find(|(n, _)| self.sym_str(*n) == name)
            .map(|(_, a)| *a)
    }

    /// Sets (or replaces) the attribute `name`.
    pub fn set_attr(&mut self, op: Op, name: &str, value: Attr) {
        let sym = self.sym(name);
        self.set_attr_by_sym(op, sym, value);
    }

    /// Sets (or replaces) the attribute whose interned name is `name`. A replaced value keeps
    /// its place (the names, hence their order, do not change); a new name is sorted in.
    fn set_attr_by_sym(&mut self, op: Op, name: Sym, value: Attr) {
        self.record_attr_change(op);
        if name == self.sym_name {
            self.touch_symbols();
        }
        if let Some(slot) = self.ops[op].attrs.iter_mut().find(|(n, _)| *n == name) {
            slot.1 = value;
            return;
        }
        let mut attrs = std::mem::take(&mut self.ops[op].attrs);
        attrs.push((name, value));
        self.sort_attrs(&mut attrs);
        self.ops[op].attrs = attrs;
    }

    /// Removes the attribute `name`; returns whether it was present.
    pub fn remove_attr(&mut self, op: Op, name: &str) -> bool {
        let Some(sym) = self.lookup_sym(name) else {
            return false;
        };
        self.record_attr_change(op);
        if name == "sym_name" {
            self.touch_symbols();
        }
        let before = self.ops[op].attrs.len();
        self.ops[op].attrs.retain(|(n, _)| *n != sym);
        before != self.ops[op].attrs.len()
    }

    /// The type of a value.
    #[inline]
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v].ty
    }

    /// Changes the type of a value (callers keep the IR valid).
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.record_value_type_change(v);
        self.values[v].ty = ty;
    }

    /// Where a value comes from.
    #[inline]
    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v].def
    }

    /// The op defining `v`, if it is an op result.
    pub fn defining_op(&self, v: Value) -> Option<Op> {
        match self.values[v].def {
            ValueDef::Result { op, .. } => Some(op),
            _ => None,
        }
    }

    /// The block in which `v` is defined (the block of its op, or the block it is an argument of).
    #[inline]
    pub fn value_parent_block(&self, v: Value) -> Option<Block> {
        match self.values[v].def {
            ValueDef::Result { op, .. } => self.op_links[op].parent.expand(),
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::Placeholder => None,
        }
    }

    /// The arguments of `block`.
    #[inline]
    pub fn block_args(&self, block: Block) -> &[Value] {
        &self.blocks[block].args
    }

    /// The region containing `block`.
    #[inline]
    pub fn block_parent(&self, block: Block) -> Option<Region> {
        self.blocks[block].parent.expand()
    }

    /// The op owning the region that contains `block`.
    #[inline]
    pub fn block_parent_op(&self, block: Block) -> Option<Op> {
        self.block_parent(block)
            .and_then(|r| self.regions[r].parent.expand())
    }

    /// The block containing `op`.
    #[inline]
    pub fn op_parent(&self, op: Op) -> Option<Block> {
        self.op_links[op].parent.expand()
    }

    /// The region containing `op`.
    #[inline]
    pub fn op_parent_region(&self, op: Op) -> Option<Region> {
        self.op_parent(op).and_then(|b| self.block_parent(b))
    }

    /// The op whose region contains `op`.
    #[inline]
    pub fn parent_op(&self, op: Op) -> Option<Op> {
        self.op_parent(op).and_then(|b| self.block_parent_op(b))
    }

    /// The op owning `region`.
    #[inline]
    pub fn region_parent(&self, region: Region) -> Option<Op> {
        self.regions[region].parent.expand()
    }

    /// The index of `region` among its owner's regions.
    pub fn region_index(&self, region: Region) -> Option<usize> {
        let op = self.region_parent(region)?;
        self.regions(op).iter().position(|&r| r == region)
    }

    /// The blocks of `region`, in order.
    #[inline]
    pub fn blocks(&self, region: Region) -> BlockIter<'_> {
        BlockIter {
            ctx: self,
            next: self.regions[region].first.expand(),
        }
    }

    /// The first block of `region`.
    #[inline]
    pub fn entry_block(&self, region: Region) -> Option<Block> {
        self.regions[region].first.expand()
    }

    /// The last block of `region`.
    #[inline]
    pub fn last_block(&self, region: Region) -> Option<Block> {
        self.regions[region].last.expand()
    }

    /// The block after `block` in its region.
    #[inline]
    pub fn next_block(&self, block: Block) -> Option<Block> {
        self.blocks[block].next.expand()
    }

    /// The block before `block` in its region.
    #[inline]
    pub fn prev_block(&self, block: Block) -> Option<Block> {
        self.blocks[block].prev.expand()
    }

    /// The ops of `block`, in order.
    #[inline]
    pub fn block_ops(&self, block: Block) -> OpIter<'_> {
        OpIter {
            ctx: self,
            next: self.blocks[block].first.expand(),
        }
    }

    /// The first op of `block`.
    #[inline]
    pub fn first_op(&self, block: Block) -> Option<Op> {
        self.blocks[block].first.expand()
    }

    /// The last op of `block` (its terminator in a well-formed CFG region).
    #[inline]
    pub fn last_op(&self, block: Block) -> Option<Op> {
        self.blocks[block].last.expand()
    }

    /// The op after `op` in its block.
    #[inline]
    pub fn next_op(&self, op: Op) -> Option<Op> {
        self.op_links[op].next.expand()
    }

    /// The op before `op` in its block.
    #[inline]
    pub fn prev_op(&self, op: Op) -> Option<Op> {
        self.op_links[op].prev.expand()
    }

    /// The uses of `v` as (user op, operand index), in insertion order.
    #[inline]
    pub fn uses(&self, v: Value) -> UseIter<'_> {
        UseIter {
            ctx: self,
            next: self.values[v].first_use.expand(),
        }
    }

    /// Whether `v` has any use.
    #[inline]
    pub fn has_uses(&self, v: Value) -> bool {
        self.values[v].first_use.is_some()
    }

    /// Whether `a` comes before `b`; both must be in the same block. Always inlined: the
    /// verifier's dominance check asks it for most operands, and a call costs as much as the
    /// comparison.
    #[inline(always)]
    pub fn is_before_in_block(&self, a: Op, b: Op) -> bool {
        let block = self.op_links[a]
            .parent
            .expand()
            .expect("op is not in a block");
        debug_assert_eq!(self.op_links[b].parent.expand(), Some(block));
        if !self.blocks[block].order_valid.get() {
            self.renumber_block(block);
        }
        self.op_links[a].order.get() < self.op_links[b].order.get()
    }

    /// Numbers the ops of `block` afresh for [`Context::is_before_in_block`] (kept out of
    /// line: the numbers stay valid across most queries).
    #[cold]
    fn renumber_block(&self, block: Block) {
        for (i, op) in self.block_ops(block).enumerate() {
            let order = u32::try_from(i).map_or(u32::MAX, |i| i.saturating_mul(ORDER_STRIDE));
            self.op_links[op].order.set(order);
        }
        self.blocks[block].order_valid.set(true);
    }

    /// Whether `op` is `ancestor` or nested (at any depth) inside it.
    pub fn is_ancestor(&self, ancestor: Op, op: Op) -> bool {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if o == ancestor {
                return true;
            }
            cur = self.parent_op(o);
        }
        false
    }

    /// The ancestor of `op` (or `op` itself) that lies directly in `block`, if any.
    pub fn ancestor_in_block(&self, block: Block, op: Op) -> Option<Op> {
        let mut cur = op;
        loop {
            if self.op_parent(cur)? == block {
                return Some(cur);
            }
            cur = self.parent_op(cur)?;
        }
    }

    /// The ancestor of `region` (or `region` itself) that is a region of `op`... i.e. the region
    /// of `ancestor_op` containing `op`, if `op` is nested in it.
    pub fn ancestor_region_of(&self, ancestor_op: Op, op: Op) -> Option<Region> {
        let mut cur = op;
        loop {
            let region = self.op_parent_region(cur)?;
            let owner = self.region_parent(region)?;
            if owner == ancestor_op {
                return Some(region);
            }
            cur = owner;
        }
    }

    /// `region` or the closest region holding it whose owner is isolated from above (the body
    /// of the function it is in): where values defined in `region` and above it end.
    pub fn isolated_region(&self, region: Region) -> Option<Region> {
        let mut cur = region;
        loop {
            let owner = self.region_parent(cur)?;
            if self.has_trait(owner, crate::registry::Traits::ISOLATED_FROM_ABOVE) {
                return Some(cur);
            }
            cur = self.op_parent_region(owner)?;
        }
    }

    /// The closest op isolated from above whose first region holds `region` (a function
    /// holding it in its body).
    pub fn isolated_scope(&self, region: Region) -> Option<Op> {
        let isolated = self.isolated_region(region)?;
        let owner = self.region_parent(isolated)?;
        (self.regions(owner).first() == Some(&isolated)).then_some(owner)
    }

    /// Ops nested in `op` (including `op`), in pre-order. Collected first, so callers may mutate
    /// the IR while iterating over the result.
    pub fn walk_preorder(&self, op: Op) -> Vec<Op> {
        let mut out = walk_list(op);
        self.visit_nested_preorder(op, Direction::Forward, |o| out.push(o));
        out
    }

    /// Calls `visit` on `op` and every op nested in it, in the order of
    /// [`Context::walk_preorder`], collecting nothing: for walks that only read the IR (a
    /// whole-module walk collected a list as long as the module's ops only to go over it once).
    #[inline]
    pub fn for_each_preorder(&self, op: Op, mut visit: impl FnMut(Op)) {
        visit(op);
        self.visit_nested_preorder(op, Direction::Forward, visit);
    }

    /// Calls `visit` on the ops nested in `op` (not `op` itself) in pre-order: each op before
    /// the ops nested in it, and those before its next sibling. `Direction::Backward` mirrors
    /// the walk (regions, blocks and ops taken last first), which reversed is the post-order.
    ///
    /// The stack holds only the places where a walk resumes (the first op of a block not
    /// walked yet, or the sibling after an op whose blocks are walked first): the ops of a
    /// block are followed along their links, not pushed one by one.
    #[inline]
    fn visit_nested_preorder(&self, op: Op, direction: Direction, mut visit: impl FnMut(Op)) {
        let mut resume_at = WalkStack::new();
        self.push_block_starts(op, direction, &mut resume_at);
        while let Some(start) = resume_at.pop() {
            let mut cursor = Some(start);
            while let Some(current) = cursor {
                visit(current);
                cursor = match direction {
                    Direction::Forward => self.op_links[current].next.expand(),
                    Direction::Backward => self.op_links[current].prev.expand(),
                };
                if !self.regions(current).is_empty() {
                    if let Some(next) = cursor {
                        resume_at.push(next);
                    }
                    self.push_block_starts(current, direction, &mut resume_at);
                    break;
                }
            }
        }
    }

    /// Pushes where the walk of each block nested directly in `op` starts (its first op, or
    /// its last walking backward), so that the block walked first is popped first.
    /// (Each start is pushed by `if let`, not `extend` from an `Option`, which costs a
    /// reservation call per block.)
    fn push_block_starts(&self, op: Op, direction: Direction, resume_at: &mut WalkStack) {
        match direction {
            Direction::Forward => {
                for &region in self.regions(op).iter().rev() {
                    let mut block = self.regions[region].last.expand();
                    while let Some(b) = block {
                        if let Some(first) = self.blocks[b].first.expand() {
                            resume_at.push(first);
                        }
                        block = self.blocks[b].prev.expand();
                    }
                }
            }
            Direction::Backward => {
                for &region in self.regions(op) {
                    for b in self.blocks(region) {
                        if let Some(last) = self.blocks[b].last.expand() {
                            resume_at.push(last);
                        }
                    }
                }
            }
        }
    }

    /// Whether an op nested in `op` (at any depth, not `op` itself) satisfies `pred`: stops at
    /// the first that does, and collects nothing (unlike [`Self::walk_preorder`]).
    pub fn any_nested(&self, op: Op, mut pred: impl FnMut(Op) -> bool) -> bool {
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            for &r in self.regions(o).iter() {
                for block in self.blocks(r) {
                    for child in self.block_ops(block) {
                        if pred(child) {
                            return true;
                        }
                        stack.push(child);
                    }
                }
            }
        }
        false
    }

    /// Ops nested in `op` (including `op`), in post-order (children before parents).
    pub fn walk_postorder(&self, op: Op) -> Vec<Op> {
        // The mirrored pre-order, reversed, is the post-order.
        let mut out = walk_list(op);
        self.visit_nested_preorder(op, Direction::Backward, |o| out.push(o));
        out.reverse();
        out
    }

    // ----- operand mutation -------------------------------------------------------------------

    fn link_use(&mut self, u: Operand, v: Value) {
        let last = self.values[v].last_use;
        self.operands[u].prev_use = last;
        self.operands[u].next_use = None.into();
        match last.expand() {
            Some(l) => self.operands[l].next_use = u.into(),
            None => self.values[v].first_use = u.into(),
        }
        self.values[v].last_use = u.into();
    }

    fn unlink_use(&mut self, u: Operand) {
        let v = self.operands[u].value;
        let prev = self.operands[u].prev_use;
        let next = self.operands[u].next_use;
        match prev.expand() {
            Some(p) => self.operands[p].next_use = next,
            None => self.values[v].first_use = next,
        }
        match next.expand() {
            Some(n) => self.operands[n].prev_use = prev,
            None => self.values[v].last_use = prev,
        }
        self.operands[u].prev_use = None.into();
        self.operands[u].next_use = None.into();
    }

    /// Appends an operand reading `v` to `op`.
    pub fn push_operand(&mut self, op: Op, v: Value) {
        self.touch();
        self.record_op(op);
        self.link_new_operand(op, v);
    }

    /// Appends operand `v` to `op` and to `v`'s use-list, noting nothing.
    fn link_new_operand(&mut self, op: Op, v: Value) {
        let index = self.ops[op].operands.len();
        let u = self.new_linked_operand(op, index, v);
        self.ops[op].operands.push(u);
    }

    /// Makes operand `i` of `op` read `v`.
    pub fn set_operand(&mut self, op: Op, i: usize, v: Value) {
        self.touch();
        self.record_op(op);
        let u = self.ops[op].operands[i];
        if self.operands[u].value == v {
            return;
        }
        self.unlink_use(u);
        self.operands[u].value = v;
        self.link_use(u, v);
    }

    /// Replaces the operands `range` of `op` by `values` (which may differ in length). Every
    /// operand of the range leaves its use-list and the new ones join theirs at the end, in
    /// order; the records of the old operands are reused for the new ones, and the op's list
    /// changes in place.
    pub fn splice_operands(&mut self, op: Op, range: std::ops::Range<usize>, values: &[Value]) {
        self.touch();
        self.record_op(op);
        for i in range.clone() {
            let u = self.ops[op].operands[i];
            self.unlink_use(u);
        }
        let reused = range.len().min(values.len());
        for (k, &v) in values[..reused].iter().enumerate() {
            let u = self.ops[op].operands[range.start + k];
            self.operands[u].value = v;
            self.link_use(u, v);
        }
        let rest = range.start + reused;
        if values.len() > reused {
            let fresh = self.link_new_operands(op, &values[reused..]);
            self.ops[op].operands.insert_many(rest, fresh);
        } else {
            self.ops[op].operands.drain(rest..range.end);
        }
        let list = &self.ops[op].operands;
        for (i, &u) in list.iter().enumerate().skip(rest) {
            self.operands[u].index = i as u32;
        }
    }

    /// Replaces all operands of `op`.
    pub fn set_operands(&mut self, op: Op, values: &[Value]) {
        let n = self.num_operands(op);
        self.splice_operands(op, 0..n, values);
    }

    /// Makes every use of `from` read `to` instead. Costs O(uses of `from`).
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        self.touch();
        self.record_uses_replaced(from, to);
        while let Some(u) = self.values[from].first_use.expand() {
            self.unlink_use(u);
            self.operands[u].value = to;
            self.link_use(u, to);
        }
    }

    /// Makes every use of `from` read `to`, except uses whose owner is `except`.
    pub fn replace_all_uses_except(&mut self, from: Value, to: Value, except: Op) {
        let uses: Vec<Operand> = self.use_ids(from).collect();
        for u in uses {
            if self.operands[u].owner != except {
                let owner = self.operands[u].owner;
                self.record_op(owner);
                self.unlink_use(u);
                self.operands[u].value = to;
                self.link_use(u, to);
            }
        }
        self.touch();
    }

    fn use_ids(&self, v: Value) -> impl Iterator<Item = Operand> + '_ {
        let mut next = self.values[v].first_use.expand();
        std::iter::from_fn(move || {
            let u = next?;
            next = self.operands[u].next_use.expand();
            Some(u)
        })
    }

    /// Replaces each result of `op` with the corresponding value in `values`.
    pub fn replace_op_uses(&mut self, op: Op, values: &[Value]) {
        assert_eq!(
            self.ops[op].results.len(),
            values.len(),
            "result count mismatch"
        );
        // Read in place, not cloned: replacing uses leaves the op's results as they are.
        for (index, &value) in values.iter().enumerate() {
            let result = self.ops[op].results[index];
            self.replace_all_uses_with(result, value);
        }
    }

    // ----- list mutation ----------------------------------------------------------------------

    /// Numbers `op`, just inserted between `prev` (if any) and `next`, between their numbers
    /// when there is room (numbers are spaced by [`ORDER_STRIDE`]), so that inserting does not
    /// make the next order query renumber the whole block; otherwise renumbers lazily.
    fn order_between(&self, block: Block, prev: Option<Op>, next: Op, op: Op) {
        if !self.blocks[block].order_valid.get() {
            return;
        }
        let above = self.op_links[next].order.get();
        let below = prev.map(|p| self.op_links[p].order.get());
        let room = match below {
            Some(below) => above
                .checked_sub(below)
                .filter(|gap| *gap >= 2)
                .map(|gap| below + gap / 2),
            None => (above >= 1).then_some(above / 2),
        };
        match room {
            Some(order) => self.op_links[op].order.set(order),
            None => self.invalidate_order(block),
        }
    }

    fn invalidate_order(&self, block: Block) {
        self.blocks[block].order_valid.set(false);
    }

    /// Appends an unlinked op at the end of `block`.
    pub fn append_op(&mut self, block: Block, op: Op) {
        self.touch();
        debug_assert!(self.op_links[op].parent.is_none(), "op is already linked");
        let last = self.blocks[block].last;
        self.op_links[op].prev = last;
        self.op_links[op].next = None.into();
        self.op_links[op].parent = block.into();
        match last.expand() {
            Some(l) => {
                self.op_links[l].next = op.into();
                match self.op_links[l].order.get().checked_add(ORDER_STRIDE) {
                    Some(order) => self.op_links[op].order.set(order),
                    None => self.invalidate_order(block),
                }
            }
            None => {
                self.blocks[block].first = op.into();
                self.op_links[op].order.set(0);
            }
        }
        self.blocks[block].last = op.into();
        self.touch_symbols_if_symbol_in(op, block);
        self.record_placed_op(op);
    }

    /// Inserts an unlinked op right before `anchor`.
    pub fn insert_op_before(&mut self, anchor: Op, op: Op) {
        self.touch();
        debug_assert!(self.op_links[op].parent.is_none(), "op is already linked");
        let block = self.op_links[anchor]
            .parent
            .expand()
            .expect("anchor not in a block");
        let prev = self.op_links[anchor].prev;
        self.op_links[op].prev = prev;
        self.op_links[op].next = anchor.into();
        self.op_links[op].parent = block.into();
        self.op_links[anchor].prev = op.into();
        match prev.expand() {
            Some(p) => self.op_links[p].next = op.into(),
            None => self.blocks[block].first = op.into(),
        }
        self.order_between(block, prev.expand(), anchor, op);
        self.touch_symbols_if_symbol_in(op, block);
        self.record_placed_op(op);
    }

    /// Inserts an unlinked op right after `anchor`.
    pub fn insert_op_after(&mut self, anchor: Op, op: Op) {
        match self.op_links[anchor].next.expand() {
            Some(next) => self.insert_op_before(next, op),
            None => {
                let block = self.op_links[anchor]
                    .parent
                    .expand()
                    .expect("anchor not in a block");
                self.append_op(block, op);
            }
        }
    }

    /// Inserts an unlinked op at the start of `block`.
    pub fn prepend_op(&mut self, block: Block, op: Op) {
        match self.blocks[block].first.expand() {
            Some(first) => self.insert_op_before(first, op),
            None => self.append_op(block, op),
        }
    }

    /// Removes `op` from its block without destroying it.
    pub fn unlink_op(&mut self, op: Op) {
        self.touch();
        let Some(block) = self.op_links[op].parent.expand() else {
            return;
        };
        self.record_op_leaving_block(op, block);
        self.touch_symbols_if_symbol_in(op, block);
        let prev = self.op_links[op].prev;
        let next = self.op_links[op].next;
        match prev.expand() {
            Some(p) => self.op_links[p].next = next,
            None => self.blocks[block].first = next,
        }
        match next.expand() {
            Some(n) => self.op_links[n].prev = prev,
            None => self.blocks[block].last = prev,
        }
        self.op_links[op].prev = None.into();
        self.op_links[op].next = None.into();
        self.op_links[op].parent = None.into();
    }

    /// Moves `op` right before `anchor`.
    pub fn move_op_before(&mut self, op: Op, anchor: Op) {
        self.unlink_op(op);
        self.insert_op_before(anchor, op);
    }

    /// Moves `op` to the end of `block`.
    pub fn move_op_to_end(&mut self, op: Op, block: Block) {
        self.unlink_op(op);
        self.append_op(block, op);
    }

    /// Erases `op`, its regions and everything in them. Its results must be unused (uses inside
    /// its own regions excepted).
    pub fn erase_op(&mut self, op: Op) {
        self.unlink_op(op);
        // The common case, an op without regions, needs no walk (and allocates nothing).
        if self.regions(op).is_empty() {
            self.drop_operand_uses(op);
            self.record_result_users(op);
            self.mark_erased(op);
            return;
        }
        // Drop all operand uses first so nested values become unused.
        let nested = self.walk_postorder(op);
        for &o in &nested {
            self.drop_operand_uses(o);
        }
        for &o in &nested {
            self.record_result_users(o);
            self.mark_erased(o);
        }
    }

    /// Unlinks every operand of `op` from its value's use-list.
    fn drop_operand_uses(&mut self, op: Op) {
        for k in 0..self.ops[op].operands.len() {
            let u = self.ops[op].operands[k];
            self.unlink_use(u);
        }
    }

    /// Marks `op` (whose operands are unlinked and results unused) and its blocks erased.
    fn mark_erased(&mut self, op: Op) {
        debug_assert!(
            self.ops[op].results.iter().all(|&r| !self.has_uses(r)),
            "erasing op {} whose results still have uses",
            self.op_name_str(op)
        );
        self.op_links[op].alive = false;
        self.ops[op].operands.clear();
        for k in 0..self.regions(op).len() {
            let mut block = self.regions[self.regions(op)[k]].first.expand();
            while let Some(b) = block {
                self.blocks[b].alive = false;
                block = self.blocks[b].next.expand();
            }
        }
    }

    /// Appends an unlinked block at the end of `region`.
    pub fn append_block(&mut self, region: Region, block: Block) {
        self.touch();
        let last = self.regions[region].last;
        self.blocks[block].prev = last;
        self.blocks[block].next = None.into();
        self.blocks[block].parent = region.into();
        match last.expand() {
            Some(l) => self.blocks[l].next = block.into(),
            None => self.regions[region].first = block.into(),
        }
        self.regions[region].last = block.into();
        self.touch_symbols_of_region(region);
        self.record_placed_block(block);
    }

    /// Inserts an unlinked block right after `anchor`.
    pub fn insert_block_after(&mut self, anchor: Block, block: Block) {
        self.touch();
        let region = self.blocks[anchor]
            .parent
            .expand()
            .expect("anchor not in a region");
        let next = self.blocks[anchor].next;
        self.blocks[block].prev = anchor.into();
        self.blocks[block].next = next;
        self.blocks[block].parent = region.into();
        self.blocks[anchor].next = block.into();
        match next.expand() {
            Some(n) => self.blocks[n].prev = block.into(),
            None => self.regions[region].last = block.into(),
        }
        self.touch_symbols_of_region(region);
        self.record_placed_block(block);
    }

    /// Removes `block` from its region without destroying it.
    pub fn unlink_block(&mut self, block: Block) {
        self.touch();
        self.record_block_parent(block);
        let Some(region) = self.blocks[block].parent.expand() else {
            return;
        };
        self.touch_symbols_of_region(region);
        let prev = self.blocks[block].prev;
        let next = self.blocks[block].next;
        match prev.expand() {
            Some(p) => self.blocks[p].next = next,
            None => self.regions[region].first = next,
        }
        match next.expand() {
            Some(n) => self.blocks[n].prev = prev,
            None => self.regions[region].last = prev,
        }
        self.blocks[block].prev = None.into();
        self.blocks[block].next = None.into();
        self.blocks[block].parent = None.into();
    }

    /// Erases `block` and the ops in it; its arguments and results must be unused outside it.
    pub fn erase_block(&mut self, block: Block) {
        self.unlink_block(block);
        let ops: Vec<Op> = self.block_ops(block).collect();
        for op in ops.iter().rev() {
            for &r in self.ops[*op].results.clone().iter() {
                // Uses inside the block being erased are dropped with it; any user outside
                // it is now broken.
                self.record_users(r);
                let uses: Vec<Operand> = self.use_ids(r).collect();
                for u in uses {
                    self.unlink_use(u);
                }
            }
            self.erase_op(*op);
        }
        self.blocks[block].alive = false;
    }

    /// Splits `block` before `op`: `op` and everything after it move to a new block inserted
    /// right after `block`, which is returned.
    pub fn split_block(&mut self, block: Block, op: Op) -> Block {
        let new_block = self.create_block();
        self.insert_block_after(block, new_block);
        let mut cur = Some(op);
        while let Some(o) = cur {
            cur = self.op_links[o].next.expand();
            self.unlink_op(o);
            self.append_op(new_block, o);
        }
        new_block
    }

    /// Takes all blocks out of `from` and appends them to `to`.
    pub fn take_region_body(&mut self, from: Region, to: Region) {
        let paused = self.pause_recording_for_move_to_twin(from, to);
        let blocks: Vec<Block> = self.blocks(from).collect();
        for &b in &blocks {
            self.unlink_block(b);
            self.append_block(to, b);
        }
        self.record_move_to_twin(paused, from, to, &blocks);
    }

    /// Adds a result of type `ty` to `op` (MLIR would clone the op; ids stay stable here).
    pub fn append_result(&mut self, op: Op, ty: Type) -> Value {
        self.touch();
        self.record_op(op);
        let index = self.ops[op].results.len() as u32;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::Result { op, index },
            first_use: None.into(),
            last_use: None.into(),
        });
        self.ops[op].results.push(v);
        v
    }

    /// Adds a region to `op`.
    pub fn append_region(&mut self, op: Op) -> Region {
        self.touch();
        self.record_op(op);
        let r = self.regions.push(RegionData {
            parent: op.into(),
            ..RegionData::default()
        });
        let nested = self.ops[op].nested.get_or_insert_with(Default::default);
        nested.regions.push(r);
        self.op_links[op].has_regions = true;
        r
    }

    /// The number of ops ever created (an upper bound on live ops).
    pub fn op_capacity(&self) -> usize {
        self.ops.len()
    }

    /// The number of values ever created.
    pub fn value_capacity(&self) -> usize {
        self.values.len()
    }

    /// The number of blocks ever created.
    pub fn block_capacity(&self) -> usize {
        self.blocks.len()
    }
}

/// Iterator over the blocks of a region.
pub struct BlockIter<'a> {
    ctx: &'a Context,
    next: Option<Block>,
}

impl Iterator for BlockIter<'_> {
    type Item = Block;
    #[inline]
    fn next(&mut self) -> Option<Block> {
        let b = self.next?;
        self.next = self.ctx.blocks[b].next.expand();
        Some(b)
    }
}

/// Iterator over the ops of a block.
pub struct OpIter<'a> {
    ctx: &'a Context,
    next: Option<Op>,
}

impl Iterator for OpIter<'_> {
    type Item = Op;
    #[inline]
    fn next(&mut self) -> Option<Op> {
        let o = self.next?;
        self.next = self.ctx.op_links[o].next.expand();
        Some(o)
    }
}

/// Iterator over the uses of a value: (user op, operand index).
pub struct UseIter<'a> {
    ctx: &'a Context,
    next: Option<Operand>,
}

impl Iterator for UseIter<'_> {
    type Item = (Op, usize);
    #[inline]
    fn next(&mut self) -> Option<(Op, usize)> {
        let u = self.next?;
        let data = &self.ctx.operands[u];
        self.next = data.next_use.expand();
        Some((data.owner, data.index as usize))
    }
}
#[cfg(test)]
mod record_sizes {
    use super::*;

    /// The per-entity records bound the memory of a large program (about 320 bytes per op in
    /// all, at a million ops): growing one is a decision, not an accident.
    #[test]
    fn entity_records_stay_compact() {
        assert!(std::mem::size_of::<OpData>() <= 88);
        assert!(std::mem::size_of::<OpNested>() <= 48);
        assert!(std::mem::size_of::<OpLinks>() <= 24);
        assert!(std::mem::size_of::<ValueData>() <= 24);
        assert!(std::mem::size_of::<OperandData>() <= 20);
        assert!(std::mem::size_of::<BlockData>() <= 48);
        assert!(std::mem::size_of::<RegionData>() <= 12);
    }
}

#[cfg(test)]
mod interned_names {
    use super::*;

    /// A name asked by static text is the one asked by its text, for every registered op, and
    /// a name asked again comes from the cache unchanged.
    #[test]
    fn static_op_names_are_the_names_of_their_text() {
        let mut ctx = Context::new();
        let texts: Vec<&'static str> = (ctx.registry.registered_names().iter())
            .map(|&name| &*Box::leak(Box::<str>::from(name)))
            .collect();
        assert!(texts.len() > 100, "every dialect's ops are named");
        for text in texts {
            let expected = ctx.registry.get_or_unregistered(text);
            assert_eq!(ctx.op_name_static(text), expected, "{text}");
            assert_eq!(ctx.op_name_static(text), expected, "{text} again");
        }
    }

    /// Texts at one address differ by their length: a prefix of a name asked before is
    /// another name, not the cached one.
    #[test]
    fn a_static_prefix_is_another_op_name() {
        let mut ctx = Context::new();
        let longer: &'static str = "memref.deallocx";
        let shorter: &'static str = &longer[..14];
        let unregistered = ctx.op_name_static(longer);
        let dealloc = ctx.op_name_static(shorter);
        assert_eq!(Some(dealloc), ctx.registry.lookup("memref.dealloc"));
        assert_ne!(dealloc, unregistered);
        assert_eq!(ctx.op_name_static(longer), unregistered);
    }

    /// Names interned from static text are the names of their text, a prefix at the same
    /// address included (the cache keys on address and length).
    #[test]
    fn static_names_are_the_names_of_their_text() {
        let mut ctx = Context::new();
        let longer: &'static str = "predicatex";
        let shorter: &'static str = &longer[..9];
        let (long_sym, short_sym) = (ctx.sym_static(longer), ctx.sym_static(shorter));
        assert_eq!(ctx.sym_str(long_sym), longer);
        assert_eq!(ctx.sym_str(short_sym), "predicate");
        assert_eq!(ctx.sym_static(longer), ctx.sym("predicatex"));
        assert_eq!(ctx.sym_static(shorter), ctx.sym("predicate"));
    }

    /// Names whose texts share a set of the cache are all kept: a third evicts the oldest.
    #[test]
    fn names_sharing_a_set_are_kept() {
        let mut ctx = Context::new();
        let texts: Vec<&'static str> = (0..4096)
            .map(|k| &*Box::leak(format!("n{k}").into_boxed_str()))
            .collect();
        let set = StaticTextCache::<Sym>::set_of;
        let sharing: Vec<&'static str> = texts
            .iter()
            .copied()
            .filter(|&text| set(text) == set(texts[0]))
            .take(3)
            .collect();
        assert_eq!(sharing.len(), 3, "three texts of one set among 4096");
        let (a, b) = (ctx.sym_static(sharing[0]), ctx.sym_static(sharing[1]));
        assert_eq!(ctx.static_syms.get(sharing[0]), Some(a));
        assert_eq!(ctx.static_syms.get(sharing[1]), Some(b));
        let c = ctx.sym_static(sharing[2]);
        assert_eq!(
            ctx.static_syms.get(sharing[0]),
            None,
            "the oldest is evicted"
        );
        assert_eq!(ctx.static_syms.get(sharing[1]), Some(b));
        assert_eq!(ctx.static_syms.get(sharing[2]), Some(c));
    }

    /// Setting `operandSegmentSizes` replaces the value in place, or sorts a new one in among
    /// the op's attributes; either way the attribute is the interned array.
    #[test]
    fn segment_sizes_are_set_in_place_or_sorted_in() {
        let mut ctx = Context::new();
        let loc = ctx.unknown_loc();
        let name = ctx.registry.get_or_unregistered("test.op");
        let (a, z) = (ctx.unit_attr(), ctx.str_attr("z"));
        let op = ctx.create_op_from_parts(name, loc, &[], &[], &[("a", a), ("z", z)], Vec::new());
        ctx.set_operand_segment_sizes(op, &[1, 2]);
        let names = |ctx: &Context| -> Vec<String> {
            ctx.attrs(op)
                .iter()
                .map(|&(n, _)| ctx.sym_str(n).to_string())
                .collect()
        };
        assert_eq!(names(&ctx), ["a", "operandSegmentSizes", "z"]);
        assert_eq!(ctx.operand_segment_sizes(op), Some(&[1, 2][..]));
        ctx.set_operand_segment_sizes(op, &[3, 0]);
        assert_eq!(names(&ctx), ["a", "operandSegmentSizes", "z"]);
        assert_eq!(ctx.operand_segment_sizes(op), Some(&[3, 0][..]));
        let interned = ctx.dense_i32_array(&[3, 0]);
        assert_eq!(ctx.operand_segment_sizes_attr(op), Some(interned));
    }
}

#[cfg(test)]
mod source_locations {
    use super::*;

    fn position(ctx: &Context, loc: Loc) -> (String, u32, u32) {
        let pos = ctx.file_pos(loc).expect("a file position");
        (pos.file, pos.line, pos.col)
    }

    /// Offsets in the second of two buffers resolve against that buffer, not the first.
    #[test]
    fn offsets_resolve_in_their_own_buffer() {
        let mut ctx = Context::new();
        let first = ctx.add_source("a.mlir", "ab\ncd\n");
        let second = ctx.add_source("b.mlir", "x\n\nyz");
        let in_first = ctx.source_loc(first, 4);
        let in_second = ctx.source_loc(second, 4);
        let at_end = ctx.source_loc(second, 5);
        assert_eq!(position(&ctx, in_first), ("a.mlir".into(), 2, 2));
        assert_eq!(position(&ctx, in_second), ("b.mlir".into(), 3, 2));
        assert_eq!(position(&ctx, at_end), ("b.mlir".into(), 3, 3));
    }

    /// Offset locations and interned ones live side by side.
    #[test]
    fn interned_locations_are_unaffected() {
        let mut ctx = Context::new();
        let source = ctx.add_source("a.mlir", "ab\n");
        let file = ctx.sym("c.mlir");
        let interned = ctx.loc(LocData::FileLineCol {
            file,
            line: 7,
            col: 9,
        });
        let offset = ctx.source_loc(source, 1);
        assert_eq!(position(&ctx, interned), ("c.mlir".into(), 7, 9));
        assert_eq!(position(&ctx, offset), ("a.mlir".into(), 1, 2));
        assert_eq!(ctx.file_pos(ctx.unknown_loc()), None);
    }
}

#[cfg(test)]
mod derived_types {
    use super::*;
    use crate::asm::printer::type_to_string;

    /// The base buffer type keeps the element type and memory space and drops shape and layout;
    /// asking again gives the same type, and a source of the same element type elsewhere gets
    /// its own.
    #[test]
    fn base_buffer_type_keeps_element_and_memory_space() {
        let mut ctx = Context::new();
        let f32_ty = ctx.float_type(FloatKind::F32);
        let i64_ty = ctx.int_type(64);
        let space = ctx.int_attr(3, i64_ty);
        let source = ctx.ty(TypeData::MemRef {
            shape: vec![4, crate::types::DYNAMIC],
            elem: f32_ty,
            layout: None,
            memory_space: Some(space),
        });
        let base = ctx.base_buffer_type(source);
        assert_eq!(type_to_string(&ctx, base), "memref<f32, 3>");
        assert_eq!(ctx.base_buffer_type(source), base);
        let default_space = ctx.ty(TypeData::MemRef {
            shape: vec![4],
            elem: f32_ty,
            layout: None,
            memory_space: None,
        });
        let default_base = ctx.base_buffer_type(default_space);
        assert_eq!(type_to_string(&ctx, default_base), "memref<f32>");
        let unranked = ctx.ty(TypeData::UnrankedMemRef {
            elem: f32_ty,
            memory_space: None,
        });
        let unranked_base = ctx.base_buffer_type(unranked);
        assert_eq!(type_to_string(&ctx, unranked_base), "memref<f32>");
    }

    /// The integer types kept once interned are the types interning their data gives.
    #[test]
    fn remembered_integer_types_are_the_interned_ones() {
        let mut ctx = Context::new();
        for width in [1, 32, 64, 16] {
            let first = ctx.int_type(width);
            let interned = ctx.ty(TypeData::Integer {
                width,
                signedness: Signedness::Signless,
            });
            assert_eq!(first, interned);
            assert_eq!(ctx.int_type(width), first);
            assert_eq!(type_to_string(&ctx, first), format!("i{width}"));
        }
    }
}

#[cfg(test)]
mod walk_order {
    use super::*;
    use crate::asm::{ParseOptions, parse_module};

    /// Regions with several blocks, an op with two regions, nesting three deep, an empty
    /// block and ops both before and after nested ones.
    const NESTED: &str = r#"
func.func @f(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.cond_br %c, ^a, ^b
^a:
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      %x = arith.addi %i, %c1 : index
    } else {
      %y = arith.muli %i, %c1 : index
    }
    %z = arith.subi %i, %c1 : index
  }
  cf.br ^b
^b:
  scf.execute_region {
    cf.br ^c
  ^c:
    scf.yield
  }
  return
}
"#;

    /// The pre-order by recursion over the op lists, as the walks must give it.
    fn preorder_by_recursion(ctx: &Context, op: Op, out: &mut Vec<Op>) {
        out.push(op);
        for &region in ctx.regions(op) {
            for block in ctx.blocks(region) {
                for child in ctx.block_ops(block) {
                    preorder_by_recursion(ctx, child, out);
                }
            }
        }
    }

    /// The post-order (each op after everything nested in it) by recursion.
    fn postorder_by_recursion(ctx: &Context, op: Op, out: &mut Vec<Op>) {
        for &region in ctx.regions(op) {
            for block in ctx.blocks(region) {
                for child in ctx.block_ops(block) {
                    postorder_by_recursion(ctx, child, out);
                }
            }
        }
        out.push(op);
    }

    #[test]
    fn walks_match_the_recursive_orders() {
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", NESTED, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let (mut pre, mut post) = (Vec::new(), Vec::new());
        preorder_by_recursion(&ctx, module, &mut pre);
        postorder_by_recursion(&ctx, module, &mut post);
        assert_eq!(pre.len(), 18, "every op of the program is walked");
        assert_eq!(ctx.walk_preorder(module), pre);
        assert_eq!(ctx.walk_postorder(module), post);
        // From an op inside the nest, the walks cover it and what it holds only.
        let for_op = pre[5];
        assert_eq!(ctx.op_name_str(for_op), "scf.for");
        let pre_from_for = ctx.walk_preorder(for_op);
        let names: Vec<&str> = pre_from_for.iter().map(|&op| ctx.op_name_str(op)).collect();
        assert_eq!(
            names,
            [
                "scf.for",
                "scf.if",
                "arith.addi",
                "scf.yield",
                "arith.muli",
                "scf.yield",
                "arith.subi",
                "scf.yield"
            ]
        );
        let mut post_from_for = Vec::new();
        postorder_by_recursion(&ctx, for_op, &mut post_from_for);
        assert_eq!(ctx.walk_postorder(for_op), post_from_for);
    }

    #[test]
    fn visits_come_in_the_collected_preorder() {
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", NESTED, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let mut pre = Vec::new();
        preorder_by_recursion(&ctx, module, &mut pre);
        for &from in &pre {
            let mut visited = Vec::new();
            ctx.for_each_preorder(from, |op| visited.push(op));
            let mut expected = Vec::new();
            preorder_by_recursion(&ctx, from, &mut expected);
            assert_eq!(visited, expected, "visits from {from:?}");
        }
    }
}
