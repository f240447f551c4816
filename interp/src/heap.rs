//! The checked heap: every buffer a program creates, with sanitizer-grade diagnostics.
//!
//! The executor asks the heap for buffers ([`Heap::alloc`], [`Heap::define_global`]), reads and
//! writes them by byte offset ([`Heap::load`], [`Heap::store`], [`Heap::copy_bytes`]), frees
//! them ([`Heap::free`], [`Heap::free_address`]) and opens and closes automatic allocation
//! scopes ([`Heap::push_stack_scope`], [`Heap::pop_stack_scope`]). At the end,
//! [`Heap::finish`] reports leaks and statistics as a [`Report`].
//!
//! Invariants:
//! - Allocation ids ([`AllocId`]) and addresses are never reused. Addresses are fake but stable
//!   and deterministic: each kind of memory has its own region ([`GLOBAL_BASE`], [`HEAP_BASE`],
//!   [`STACK_BASE`]), buffers are placed in allocation order, aligned to at least
//!   [`MIN_ALIGNMENT`] and separated by a [`RED_ZONE`], so a dangling pointer never equals a
//!   newer buffer's address and a one-past-the-end pointer never equals another buffer's base.
//! - A freed heap buffer or a stack buffer whose scope exited keeps its metadata (id, address,
//!   site, where it died) but drops its bytes; any access to it is a use after free.
//! - Memory is raw little-endian bytes plus one "initialized" bit per byte, so reading bytes
//!   never written is detected per byte, whatever type the program reads them as.
//! - A user program's mistake is never a panic: it is recorded as a [`HeapError`] (in errors or
//!   warnings) and returned as `Err` so the executor knows the operation did not happen.
//!   Counters count every event; identical diagnostics (same kind, op location and buffer) are
//!   recorded once.
//! - Time is a logical clock of executed ops ([`Heap::begin_op`]). The ideal peak treats each
//!   heap buffer as live from its allocation step to its last access step (or just its
//!   allocation step if never accessed), and each stack buffer as live until its scope exits:
//!   the floor any deallocation strategy can reach without reusing buffers.
//! - Globals are neither counted in live bytes nor leaks; they live for the whole run.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Display};

pub use crate::report::{HeapError, HeapErrorKind, Report};
pub use crate::scalar::{Scalar, ScalarType};

/// First address of the global region.
pub const GLOBAL_BASE: u64 = 0x1000;
/// First address of the heap region.
pub const HEAP_BASE: u64 = 0x1_0000_0000;
/// First address of the stack region.
pub const STACK_BASE: u64 = 0x7f00_0000_0000;
/// End (exclusive) of the stack region.
const STACK_END: u64 = 0x7fff_ffff_0000;
/// Every buffer's address is a multiple of this (or of a larger requested alignment).
pub const MIN_ALIGNMENT: u64 = 64;
/// Unused bytes left after every buffer before the next one may start.
pub const RED_ZONE: u64 = 64;

/// Identifies one allocation for the whole run; ids are handed out in order and never reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AllocId(u32);

impl AllocId {
    /// The position of this allocation in allocation order, from zero.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Display for AllocId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Identifies one automatic allocation scope (a function body, a `memref.alloca_scope`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ScopeId(u32);

/// The kind of memory an executor asks for with [`Heap::alloc`]; globals use
/// [`Heap::define_global`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AllocKind {
    /// `memref.alloc` and friends: lives until freed.
    Heap,
    /// `memref.alloca`: lives until the innermost open stack scope exits.
    Stack,
}

/// The kind of memory an allocation is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MemoryKind {
    /// Heap memory, freed explicitly.
    Heap,
    /// Stack memory, owned by an automatic allocation scope.
    Stack { scope: ScopeId },
    /// A global (`memref.global`), live for the whole run.
    Global { name: String, constant: bool },
}

/// Whether an allocation can still be accessed, and if not, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status<L> {
    /// Accessible.
    Live,
    /// Freed at this op location, at this step.
    Freed { at: L, step: u64 },
    /// A stack buffer whose scope exited at this step.
    ScopeExited { step: u64 },
}

/// What to do when a program reads bytes it never wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum UninitializedReadPolicy {
    /// Count it only.
    Ignore,
    /// Count it and record a warning; the load succeeds (uninitialized bytes read as zero).
    #[default]
    Warn,
    /// Count it, record an error and fail the load.
    Error,
}

/// Knobs of the checked heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapConfig {
    /// How to treat reads of bytes never written.
    pub uninitialized_reads: UninitializedReadPolicy,
    /// Largest single allocation, in bytes; larger ones fail with
    /// [`HeapErrorKind::AllocationFailed`] instead of exhausting the interpreter's memory.
    pub max_allocation_bytes: u64,
}

impl Default for HeapConfig {
    fn default() -> Self {
        HeapConfig {
            uninitialized_reads: UninitializedReadPolicy::Warn,
            max_allocation_bytes: 1 << 28,
        }
    }
}

/// A global to create with [`Heap::define_global`].
#[derive(Clone, Copy, Debug)]
pub struct GlobalSpec<'a> {
    /// The symbol name, without `@`.
    pub name: &'a str,
    /// Size in bytes.
    pub size_bytes: u64,
    /// Requested alignment in bytes (raised to [`MIN_ALIGNMENT`]).
    pub alignment: u64,
    /// Stores into a constant global are errors.
    pub constant: bool,
    /// Values stored one after another from offset zero; `None` leaves the global
    /// uninitialized.
    pub initial_value: Option<&'a [Scalar]>,
}

/// One allocation: its identity, where it lives, and its bytes while it is live.
#[derive(Clone, Debug)]
pub struct Allocation<L> {
    kind: MemoryKind,
    size_bytes: u64,
    address: u64,
    site: L,
    status: Status<L>,
    alloc_step: u64,
    last_access_step: Option<u64>,
    bytes: Vec<u8>,
    initialized: InitMask,
}

impl<L> Allocation<L> {
    /// Heap, stack (with its scope) or global.
    pub fn kind(&self) -> &MemoryKind {
        &self.kind
    }

    /// Size in bytes.
    pub fn size_bytes(&self) -> u64 {
        self.size_bytes
    }

    /// The fake, stable base address.
    pub fn address(&self) -> u64 {
        self.address
    }

    /// Where it was allocated.
    pub fn site(&self) -> &L {
        &self.site
    }

    /// Live, freed or dead with its scope.
    pub fn status(&self) -> &Status<L> {
        &self.status
    }

    /// Whether it can be accessed.
    pub fn is_live(&self) -> bool {
        matches!(self.status, Status::Live)
    }

    /// The step (executed-op count) at which it was allocated.
    pub fn alloc_step(&self) -> u64 {
        self.alloc_step
    }

    /// The step of its last load, store, copy or [`Heap::touch`], if any.
    pub fn last_access_step(&self) -> Option<u64> {
        self.last_access_step
    }

    fn is_heap(&self) -> bool {
        matches!(self.kind, MemoryKind::Heap)
    }

    fn is_global(&self) -> bool {
        matches!(self.kind, MemoryKind::Global { .. })
    }

    /// `heap buffer #3 (40 bytes)`.
    fn describe(&self, id: AllocId) -> String {
        let what = match &self.kind {
            MemoryKind::Heap => format!("heap buffer {id}"),
            MemoryKind::Stack { .. } => format!("stack buffer {id}"),
            MemoryKind::Global { name, .. } => format!("global @{name} ({id})"),
        };
        format!("{what} ({} bytes)", self.size_bytes)
    }

    /// Drops the bytes of a buffer that can no longer be accessed.
    fn release_storage(&mut self) {
        self.bytes = Vec::new();
        self.initialized = InitMask::default();
    }
}

/// One bit per byte: has this byte ever been written?
#[derive(Clone, Debug, Default)]
struct InitMask {
    words: Vec<u64>,
}

impl InitMask {
    fn new(len: usize) -> InitMask {
        InitMask {
            words: vec![0; len.div_ceil(64)],
        }
    }

    fn get(&self, index: usize) -> bool {
        self.words
            .get(index / 64)
            .is_some_and(|word| word & (1 << (index % 64)) != 0)
    }

    fn set(&mut self, index: usize, value: bool) {
        if let Some(word) = self.words.get_mut(index / 64) {
            if value {
                *word |= 1 << (index % 64);
            } else {
                *word &= !(1 << (index % 64));
            }
        }
    }

    fn set_range(&mut self, start: usize, len: usize) {
        (start..start + len).for_each(|index| self.set(index, true));
    }

    fn all_set(&self, start: usize, len: usize) -> bool {
        (start..start + len).all(|index| self.get(index))
    }
}

/// An open automatic allocation scope and the stack buffers it owns.
#[derive(Clone, Debug)]
struct StackFrame {
    scope: ScopeId,
    allocas: Vec<AllocId>,
}

/// The next free address of one memory region.
#[derive(Clone, Copy, Debug)]
struct RegionCursor {
    next: u64,
    end: u64,
}

impl RegionCursor {
    /// Reserves `size` bytes aligned to `alignment` plus a red zone; `None` when the region is
    /// exhausted.
    fn reserve(&mut self, size: u64, alignment: u64) -> Option<u64> {
        let address = self.next.checked_next_multiple_of(alignment)?;
        let next = address.checked_add(size)?.checked_add(RED_ZONE)?;
        if next > self.end {
            return None;
        }
        self.next = next;
        Some(address)
    }
}

/// The checked heap, generic over the executor's source-location type `L`.
#[derive(Clone, Debug)]
pub struct Heap<L> {
    config: HeapConfig,
    allocations: Vec<Allocation<L>>,
    by_address: BTreeMap<u64, AllocId>,
    globals: BTreeMap<String, AllocId>,
    stack: Vec<StackFrame>,
    next_scope: u32,
    heap_region: RegionCursor,
    stack_region: RegionCursor,
    global_region: RegionCursor,
    step: u64,
    live_bytes: u64,
    live_buffers: u64,
    stats: Report,
    recorded: BTreeSet<(HeapErrorKind, Option<String>, Option<AllocId>)>,
    /// Heap buffers a `bufferization.dealloc` would have freed but for an earlier memref of
    /// its list aliasing them under a false condition, with that dealloc's location (the
    /// first one): named if the buffer leaks.
    skipped_frees: BTreeMap<AllocId, String>,
}

impl<L: Clone + Display> Default for Heap<L> {
    fn default() -> Self {
        Heap::new(HeapConfig::default())
    }
}

impl<L: Clone + Display> Heap<L> {
    /// An empty heap with one open stack scope (the outermost one, which never exits before
    /// [`Heap::finish`]).
    pub fn new(config: HeapConfig) -> Heap<L> {
        Heap {
            config,
            allocations: Vec::new(),
            by_address: BTreeMap::new(),
            globals: BTreeMap::new(),
            stack: vec![StackFrame {
                scope: ScopeId(0),
                allocas: Vec::new(),
            }],
            next_scope: 1,
            skipped_frees: BTreeMap::new(),
            heap_region: RegionCursor {
                next: HEAP_BASE,
                end: STACK_BASE,
            },
            stack_region: RegionCursor {
                next: STACK_BASE,
                end: STACK_END,
            },
            global_region: RegionCursor {
                next: GLOBAL_BASE,
                end: HEAP_BASE,
            },
            step: 0,
            live_bytes: 0,
            live_buffers: 0,
            stats: Report::default(),
            recorded: BTreeSet::new(),
        }
    }

    /// The configuration this heap was created with.
    pub fn config(&self) -> &HeapConfig {
        &self.config
    }

    // ----- clock and counters -------------------------------------------------------------

    /// Notes that the executor starts executing an op named `op_name`; advances the logical
    /// clock and returns the new step.
    pub fn begin_op(&mut self, op_name: &str) -> u64 {
        self.step += 1;
        match self.stats.ops_executed.get_mut(op_name) {
            Some(count) => *count += 1,
            None => {
                self.stats.ops_executed.insert(op_name.to_owned(), 1);
            }
        }
        self.step
    }

    /// Advances the logical clock by one op without counting it by name; the executor then
    /// reports its per-name counts with [`Heap::add_op_count`]. Returns the new step.
    pub fn begin_uncounted_op(&mut self) -> u64 {
        self.step += 1;
        self.step
    }

    /// Adds `count` executions of ops named `op_name` to the per-name counters.
    pub fn add_op_count(&mut self, op_name: &str, count: u64) {
        if count > 0 {
            *self
                .stats
                .ops_executed
                .entry(op_name.to_owned())
                .or_insert(0) += count;
        }
    }

    /// The number of ops executed so far.
    pub fn step(&self) -> u64 {
        self.step
    }

    /// Counts one buffer clone (`bufferization.clone`); its bytes are counted by the copy.
    pub fn record_clone(&mut self) {
        self.stats.clones += 1;
    }

    /// Counts `count` runtime alias checks (pointer comparisons made to decide a free).
    pub fn record_alias_checks(&mut self, count: u64) {
        self.stats.alias_checks += count;
    }

    /// Bytes currently live on the heap and stack.
    pub fn live_bytes(&self) -> u64 {
        self.live_bytes
    }

    /// Buffers currently live on the heap and stack.
    pub fn live_buffers(&self) -> u64 {
        self.live_buffers
    }

    /// Errors recorded so far.
    pub fn errors(&self) -> &[HeapError] {
        &self.stats.errors
    }

    /// Warnings recorded so far.
    pub fn warnings(&self) -> &[HeapError] {
        &self.stats.warnings
    }

    // ----- allocation ---------------------------------------------------------------------

    /// Allocates `elem_count` elements of `elem_size_bytes` each, aligned to
    /// [`MIN_ALIGNMENT`]. A negative count or an oversized request is an
    /// [`HeapErrorKind::AllocationFailed`] error located at `site`.
    pub fn alloc(
        &mut self,
        kind: AllocKind,
        elem_count: i64,
        elem_size_bytes: u64,
        site: L,
    ) -> Result<AllocId, HeapError> {
        let size = u64::try_from(elem_count)
            .ok()
            .and_then(|count| count.checked_mul(elem_size_bytes));
        match size {
            Some(size) => self.alloc_bytes(kind, size, MIN_ALIGNMENT, site),
            None => Err(self.allocation_failed(
                format!("cannot allocate {elem_count} elements of {elem_size_bytes} bytes"),
                &site,
            )),
        }
    }

    /// Allocates `size_bytes` bytes aligned to `alignment` (a power of two; anything else, or
    /// less than [`MIN_ALIGNMENT`], means [`MIN_ALIGNMENT`]). Stack buffers belong to the
    /// innermost open scope.
    pub fn alloc_bytes(
        &mut self,
        kind: AllocKind,
        size_bytes: u64,
        alignment: u64,
        site: L,
    ) -> Result<AllocId, HeapError> {
        let memory_kind = match kind {
            AllocKind::Heap => MemoryKind::Heap,
            AllocKind::Stack => MemoryKind::Stack {
                scope: self.innermost_scope(),
            },
        };
        let id = self.create_allocation(memory_kind, size_bytes, alignment, site)?;
        match kind {
            AllocKind::Heap => self.stats.allocs += 1,
            AllocKind::Stack => {
                self.stats.stack_allocs += 1;
                if let Some(frame) = self.stack.last_mut() {
                    frame.allocas.push(id);
                }
            }
        }
        self.live_bytes += size_bytes;
        self.live_buffers += 1;
        self.stats.peak_bytes = self.stats.peak_bytes.max(self.live_bytes);
        self.stats.peak_buffers = self.stats.peak_buffers.max(self.live_buffers);
        Ok(id)
    }

    /// Creates the global `spec.name` with its initial value, or returns the existing global
    /// of that name. Initial values that do not fit are an allocation failure.
    pub fn define_global(&mut self, spec: GlobalSpec<'_>, site: L) -> Result<AllocId, HeapError> {
        if let Some(&id) = self.globals.get(spec.name) {
            return Ok(id);
        }
        let initial_bytes: Vec<u8> = spec
            .initial_value
            .unwrap_or_default()
            .iter()
            .flat_map(Scalar::to_le_bytes)
            .collect();
        if initial_bytes.len() as u64 > spec.size_bytes {
            let message = format!(
                "initial value of global @{} has {} bytes, more than its {} bytes",
                spec.name,
                initial_bytes.len(),
                spec.size_bytes
            );
            return Err(self.allocation_failed(message, &site));
        }
        let kind = MemoryKind::Global {
            name: spec.name.to_owned(),
            constant: spec.constant,
        };
        let id = self.create_allocation(kind, spec.size_bytes, spec.alignment, site)?;
        self.globals.insert(spec.name.to_owned(), id);
        let allocation = &mut self.allocations[id.index()];
        allocation.bytes[..initial_bytes.len()].copy_from_slice(&initial_bytes);
        allocation.initialized.set_range(0, initial_bytes.len());
        Ok(id)
    }

    /// The global named `name` (without `@`), if defined.
    pub fn global(&self, name: &str) -> Option<AllocId> {
        self.globals.get(name).copied()
    }

    /// Places and records a new allocation; counts nothing.
    fn create_allocation(
        &mut self,
        kind: MemoryKind,
        size_bytes: u64,
        alignment: u64,
        site: L,
    ) -> Result<AllocId, HeapError> {
        if size_bytes > self.config.max_allocation_bytes {
            let message = format!(
                "allocation of {size_bytes} bytes exceeds the limit of {} bytes",
                self.config.max_allocation_bytes
            );
            return Err(self.allocation_failed(message, &site));
        }
        let Ok(raw_id) = u32::try_from(self.allocations.len()) else {
            return Err(self.allocation_failed("too many allocations".to_owned(), &site));
        };
        let alignment = effective_alignment(alignment);
        let region = match kind {
            MemoryKind::Heap => &mut self.heap_region,
            MemoryKind::Stack { .. } => &mut self.stack_region,
            MemoryKind::Global { .. } => &mut self.global_region,
        };
        let Some(address) = region.reserve(size_bytes, alignment) else {
            let message = format!("address space exhausted allocating {size_bytes} bytes");
            return Err(self.allocation_failed(message, &site));
        };
        let id = AllocId(raw_id);
        let len = size_bytes as usize;
        self.allocations.push(Allocation {
            kind,
            size_bytes,
            address,
            site,
            status: Status::Live,
            alloc_step: self.step,
            last_access_step: None,
            bytes: vec![0; len],
            initialized: InitMask::new(len),
        });
        self.by_address.insert(address, id);
        Ok(id)
    }

    fn allocation_failed(&mut self, message: String, site: &L) -> HeapError {
        let site = Some(site.to_string());
        self.record(
            HeapErrorKind::AllocationFailed,
            message,
            site.clone(),
            site,
            None,
        )
    }

    // ----- lookup -------------------------------------------------------------------------

    /// The allocation `id`, live or dead.
    pub fn allocation(&self, id: AllocId) -> Option<&Allocation<L>> {
        self.allocations.get(id.index())
    }

    /// Every allocation so far, in allocation order.
    pub fn allocations(&self) -> impl Iterator<Item = (AllocId, &Allocation<L>)> {
        (0u32..).map(AllocId).zip(self.allocations.iter())
    }

    /// The base address of allocation `id`.
    pub fn address_of(&self, id: AllocId) -> Option<u64> {
        self.allocation(id).map(Allocation::address)
    }

    /// Whether allocation `id` exists and can be accessed.
    pub fn is_live(&self, id: AllocId) -> bool {
        self.allocation(id).is_some_and(Allocation::is_live)
    }

    /// The allocation (live or dead) whose bytes contain `address`, and the offset of
    /// `address` in it. A zero-sized buffer contains its base address.
    pub fn allocation_of_address(&self, address: u64) -> Option<(AllocId, u64)> {
        let (&base, &id) = self.by_address.range(..=address).next_back()?;
        let allocation = self.allocation(id)?;
        let offset = address - base;
        (offset < allocation.size_bytes.max(1)).then_some((id, offset))
    }

    // ----- stack scopes -------------------------------------------------------------------

    /// Opens an automatic allocation scope; later stack allocations belong to it.
    pub fn push_stack_scope(&mut self) -> ScopeId {
        let scope = ScopeId(self.next_scope);
        self.next_scope += 1;
        self.stack.push(StackFrame {
            scope,
            allocas: Vec::new(),
        });
        scope
    }

    /// Closes the innermost scope opened by [`Heap::push_stack_scope`], killing its stack
    /// buffers, and returns it; `None` (and nothing happens) when only the outermost is open.
    pub fn pop_stack_scope(&mut self) -> Option<ScopeId> {
        if self.stack.len() <= 1 {
            return None;
        }
        let frame = self.stack.pop()?;
        self.kill_frame(&frame);
        Some(frame.scope)
    }

    fn innermost_scope(&self) -> ScopeId {
        self.stack.last().map_or(ScopeId(0), |frame| frame.scope)
    }

    fn kill_frame(&mut self, frame: &StackFrame) {
        for &id in &frame.allocas {
            let step = self.step;
            if let Some(allocation) = self.allocations.get_mut(id.index()) {
                allocation.status = Status::ScopeExited { step };
                allocation.release_storage();
                self.live_bytes -= allocation.size_bytes;
                self.live_buffers -= 1;
            }
        }
    }

    // ----- free ---------------------------------------------------------------------------

    /// Frees the heap buffer whose base address is `address` (as `memref.dealloc` of a
    /// descriptor's allocated pointer). Address zero is a no-op, as `free(NULL)`, and yields
    /// `Ok(None)`. An interior or unknown address is an invalid free.
    pub fn free_address(&mut self, address: u64, at: &L) -> Result<Option<AllocId>, HeapError> {
        if address == 0 {
            return Ok(None);
        }
        match self.allocation_of_address(address) {
            Some((id, 0)) => self.free(id, at).map(|()| Some(id)),
            Some((id, offset)) => {
                let message = format!(
                    "free of address {address:#x}, {offset} bytes inside {}",
                    self.describe(id)
                );
                Err(self.error(HeapErrorKind::InvalidFree, message, at, Some(id)))
            }
            None => {
                let message = format!("free of address {address:#x}, which was never allocated");
                Err(self.error(HeapErrorKind::InvalidFree, message, at, None))
            }
        }
    }

    /// Frees heap buffer `id`. Freeing it twice is a double free; freeing a stack buffer or a
    /// global is an invalid free.
    pub fn free(&mut self, id: AllocId, at: &L) -> Result<(), HeapError> {
        let Some(allocation) = self.allocations.get(id.index()) else {
            let message = format!("free of allocation {id}, which was never allocated");
            return Err(self.error(HeapErrorKind::InvalidFree, message, at, None));
        };
        match (&allocation.kind, &allocation.status) {
            (MemoryKind::Heap, Status::Live) => {
                self.release(id, at);
                Ok(())
            }
            (MemoryKind::Heap, Status::Freed { .. }) => {
                let message = format!("double free of {}", self.describe(id));
                Err(self.error(HeapErrorKind::DoubleFree, message, at, Some(id)))
            }
            (MemoryKind::Stack { .. }, _) => {
                let message = format!("free of {}, which is on the stack", self.describe(id));
                Err(self.error(HeapErrorKind::InvalidFree, message, at, Some(id)))
            }
            _ => {
                let message = format!("free of {}, which is not on the heap", self.describe(id));
                Err(self.error(HeapErrorKind::InvalidFree, message, at, Some(id)))
            }
        }
    }

    /// Checks the pointer comparisons of the `bufferization.dealloc` at `at` among the buffers
    /// `ids` it lists (memrefs and retained values): none may be a heap buffer freed before
    /// another of them was allocated. That one could sit at the freed buffer's address and
    /// compare equal to it (MLIR's lowering compares pointers): kept as if it were the freed
    /// buffer (a leak), or taken for a retained value. Reports the first such freed buffer.
    pub fn check_compared_pointers(&mut self, ids: &[AllocId], at: &L) -> Result<(), HeapError> {
        let freed_at_step = |heap: &Self, id: AllocId| match heap.allocation(id) {
            Some(a) if a.is_heap() => match a.status {
                Status::Freed { step, .. } => Some(step),
                _ => None,
            },
            _ => None,
        };
        let newest_live = ids
            .iter()
            .filter_map(|&id| self.allocation(id).filter(|a| a.is_live()))
            .map(|a| a.alloc_step)
            .max();
        let Some(newest_live) = newest_live else {
            return Ok(());
        };
        let Some(&stale) = ids
            .iter()
            .find(|&&id| freed_at_step(self, id).is_some_and(|freed| freed < newest_live))
        else {
            return Ok(());
        };
        let message = format!(
            "bufferization.dealloc compares the pointer of freed {} with that of a buffer \
             allocated since, which may sit at the same address and then count as it",
            self.describe(stale)
        );
        Err(self.error(HeapErrorKind::UseAfterFree, message, at, Some(stale)))
    }

    /// Notes that the `bufferization.dealloc` at `at` did not free `id`, though its condition
    /// held, because an earlier memref of its list aliases it under a false condition; a leak
    /// of `id` names it.
    pub fn note_skipped_free(&mut self, id: AllocId, at: &L) {
        self.skipped_frees
            .entry(id)
            .or_insert_with(|| at.to_string());
    }

    /// Marks live heap buffer `id` freed at `at`.
    fn release(&mut self, id: AllocId, at: &L) {
        let step = self.step;
        let allocation = &mut self.allocations[id.index()];
        allocation.status = Status::Freed {
            at: at.clone(),
            step,
        };
        allocation.release_storage();
        self.live_bytes -= allocation.size_bytes;
        self.live_buffers -= 1;
        self.stats.frees += 1;
    }

    /// `memref.realloc`: a new heap buffer of `new_size_bytes` holding the old contents (up to
    /// the smaller size; the rest uninitialized), then frees the old one. Always moves.
    pub fn realloc(
        &mut self,
        id: AllocId,
        new_size_bytes: u64,
        site: L,
        at: &L,
    ) -> Result<AllocId, HeapError> {
        self.checked_access(id, 0, 0, at)?;
        let old = &self.allocations[id.index()];
        let (old_size, is_heap) = (old.size_bytes, old.is_heap());
        if !is_heap {
            return match self.free(id, at) {
                Err(error) => Err(error),
                Ok(()) => Err(self.unexpected_success(at)),
            };
        }
        let new_id = self.alloc_bytes(AllocKind::Heap, new_size_bytes, MIN_ALIGNMENT, site)?;
        self.copy_bytes(id, 0, new_id, 0, old_size.min(new_size_bytes), at)?;
        self.free(id, at)?;
        Ok(new_id)
    }

    /// Unreachable in practice: `free` of a non-heap buffer always fails. Kept so that no
    /// path of a user program can panic.
    fn unexpected_success(&mut self, at: &L) -> HeapError {
        let message = "realloc of a buffer that is not on the heap".to_owned();
        self.error(HeapErrorKind::InvalidFree, message, at, None)
    }

    // ----- access -------------------------------------------------------------------------

    /// Loads a `ty` value from byte `byte_offset` of allocation `id`. Bytes never written read
    /// as zero, after a warning or an error as configured.
    pub fn load(
        &mut self,
        id: AllocId,
        byte_offset: i64,
        ty: ScalarType,
        at: &L,
    ) -> Result<Scalar, HeapError> {
        let len = ty.size_bytes();
        let start = self.checked_access(id, byte_offset, len, at)?;
        let len = len as usize;
        if !self.allocations[id.index()].initialized.all_set(start, len) {
            self.uninitialized_read(id, byte_offset, ty, at)?;
        }
        let bytes = &self.allocations[id.index()].bytes[start..start + len];
        Ok(Scalar::from_le_bytes(ty, bytes))
    }

    /// Stores `value` at byte `byte_offset` of allocation `id`.
    pub fn store(
        &mut self,
        id: AllocId,
        byte_offset: i64,
        value: Scalar,
        at: &L,
    ) -> Result<(), HeapError> {
        let bytes = value.to_le_bytes();
        let start = self.checked_access(id, byte_offset, bytes.len() as u64, at)?;
        if let MemoryKind::Global { constant: true, .. } = self.allocations[id.index()].kind {
            let message = format!("store into constant {}", self.describe(id));
            return Err(self.error(HeapErrorKind::WriteToConstant, message, at, Some(id)));
        }
        let allocation = &mut self.allocations[id.index()];
        allocation.bytes[start..start + bytes.len()].copy_from_slice(&bytes);
        allocation.initialized.set_range(start, bytes.len());
        Ok(())
    }

    /// Loads element `index` of allocation `id`, viewed as an array of `ty`.
    pub fn load_element(
        &mut self,
        id: AllocId,
        index: i64,
        ty: ScalarType,
        at: &L,
    ) -> Result<Scalar, HeapError> {
        let byte_offset = self.element_offset(id, index, ty, at)?;
        self.load(id, byte_offset, ty, at)
    }

    /// Stores `value` as element `index` of allocation `id`, viewed as an array of its type.
    pub fn store_element(
        &mut self,
        id: AllocId,
        index: i64,
        value: Scalar,
        at: &L,
    ) -> Result<(), HeapError> {
        let byte_offset = self.element_offset(id, index, value.ty(), at)?;
        self.store(id, byte_offset, value, at)
    }

    /// Copies `len` bytes (and whether each was initialized) from `src` at `src_offset` to
    /// `dst` at `dst_offset`, as `memref.copy` does for one contiguous run. Copying
    /// uninitialized bytes is not a read of them. The bytes count towards `bytes_copied`.
    pub fn copy_bytes(
        &mut self,
        src: AllocId,
        src_offset: i64,
        dst: AllocId,
        dst_offset: i64,
        len: u64,
        at: &L,
    ) -> Result<(), HeapError> {
        let src_start = self.checked_access(src, src_offset, len, at)?;
        let dst_start = self.checked_access(dst, dst_offset, len, at)?;
        if let MemoryKind::Global { constant: true, .. } = self.allocations[dst.index()].kind {
            let message = format!("copy into constant {}", self.describe(dst));
            return Err(self.error(HeapErrorKind::WriteToConstant, message, at, Some(dst)));
        }
        let len = len as usize;
        let source = &self.allocations[src.index()];
        let bytes = source.bytes[src_start..src_start + len].to_vec();
        let initialized: Vec<bool> = (src_start..src_start + len)
            .map(|index| source.initialized.get(index))
            .collect();
        let target = &mut self.allocations[dst.index()];
        target.bytes[dst_start..dst_start + len].copy_from_slice(&bytes);
        for (index, is_set) in (dst_start..).zip(initialized) {
            target.initialized.set(index, is_set);
        }
        self.stats.bytes_copied += len as u64;
        Ok(())
    }

    /// Records an out-of-bounds access the executor detected itself (an index outside its
    /// dimension, even where the address stays inside buffer `id`), located at `at`.
    pub fn report_out_of_bounds(&mut self, id: AllocId, message: String, at: &L) -> HeapError {
        self.error(HeapErrorKind::OutOfBounds, message, at, Some(id))
    }

    /// Records an access to allocation `id` that the executor performs without loading or
    /// storing through the heap (an op with an unmodelled read or write effect). Checks that
    /// the buffer is live.
    pub fn touch(&mut self, id: AllocId, at: &L) -> Result<(), HeapError> {
        self.checked_access(id, 0, 0, at).map(|_| ())
    }

    /// Checks an access of `len` bytes at `byte_offset` of `id` and marks the buffer accessed
    /// now; returns the start index into its bytes.
    fn checked_access(
        &mut self,
        id: AllocId,
        byte_offset: i64,
        len: u64,
        at: &L,
    ) -> Result<usize, HeapError> {
        let Some(allocation) = self.allocations.get(id.index()) else {
            let message = format!("access to allocation {id}, which was never allocated");
            return Err(self.error(HeapErrorKind::WildAccess, message, at, None));
        };
        if let Some(message) = self.dead_access_message(id, allocation) {
            return Err(self.error(HeapErrorKind::UseAfterFree, message, at, Some(id)));
        }
        let end = u64::try_from(byte_offset)
            .ok()
            .and_then(|start| start.checked_add(len));
        let start = match end {
            Some(end) if end <= allocation.size_bytes => byte_offset as usize,
            _ => {
                let message = format!(
                    "access of {len} bytes at offset {byte_offset} of {}",
                    allocation.describe(id)
                );
                return Err(self.error(HeapErrorKind::OutOfBounds, message, at, Some(id)));
            }
        };
        let step = self.step;
        self.allocations[id.index()].last_access_step = Some(step);
        Ok(start)
    }

    /// Why an access to `allocation` is a use after free, or `None` if it is live.
    fn dead_access_message(&self, id: AllocId, allocation: &Allocation<L>) -> Option<String> {
        match &allocation.status {
            Status::Live => None,
            Status::Freed { .. } => Some(format!("access to freed {}", allocation.describe(id))),
            Status::ScopeExited { .. } => Some(format!(
                "access to {} after its allocation scope exited",
                allocation.describe(id)
            )),
        }
    }

    /// The byte offset of element `index` of type `ty`; overflow is out of bounds.
    fn element_offset(
        &mut self,
        id: AllocId,
        index: i64,
        ty: ScalarType,
        at: &L,
    ) -> Result<i64, HeapError> {
        let offset = i64::try_from(ty.size_bytes())
            .ok()
            .and_then(|size| index.checked_mul(size));
        match offset {
            Some(offset) => Ok(offset),
            None => {
                let message = format!("element {index} of type {ty} is beyond any buffer");
                Err(self.error(HeapErrorKind::OutOfBounds, message, at, Some(id)))
            }
        }
    }

    /// Reports a read of bytes never written, per the configured policy.
    fn uninitialized_read(
        &mut self,
        id: AllocId,
        byte_offset: i64,
        ty: ScalarType,
        at: &L,
    ) -> Result<(), HeapError> {
        let message = format!(
            "read of {ty} at offset {byte_offset} of {}, never written",
            self.describe(id)
        );
        match self.config.uninitialized_reads {
            UninitializedReadPolicy::Ignore => {
                self.stats.uninitialized_reads += 1;
                Ok(())
            }
            UninitializedReadPolicy::Warn => {
                self.warning(HeapErrorKind::UninitializedRead, message, at, Some(id));
                Ok(())
            }
            UninitializedReadPolicy::Error => {
                Err(self.error(HeapErrorKind::UninitializedRead, message, at, Some(id)))
            }
        }
    }

    // ----- diagnostics --------------------------------------------------------------------

    fn describe(&self, id: AllocId) -> String {
        self.allocation(id)
            .map_or_else(|| format!("allocation {id}"), |a| a.describe(id))
    }

    /// Counts and records an error at op location `at` concerning buffer `id`.
    fn error(
        &mut self,
        kind: HeapErrorKind,
        message: String,
        at: &L,
        id: Option<AllocId>,
    ) -> HeapError {
        let site = self.site_text(id);
        self.record(kind, message, Some(at.to_string()), site, id)
    }

    /// Counts and records a warning at op location `at` concerning buffer `id`.
    fn warning(&mut self, kind: HeapErrorKind, message: String, at: &L, id: Option<AllocId>) {
        let site = self.site_text(id);
        let diagnostic = self.diagnostic(kind, message, Some(at.to_string()), site, id);
        self.count(kind);
        if self.first_time(&diagnostic, id) {
            self.stats.warnings.push(diagnostic);
        }
    }

    fn record(
        &mut self,
        kind: HeapErrorKind,
        message: String,
        location: Option<String>,
        alloc_site: Option<String>,
        id: Option<AllocId>,
    ) -> HeapError {
        let diagnostic = self.diagnostic(kind, message, location, alloc_site, id);
        self.count(kind);
        if self.first_time(&diagnostic, id) {
            self.stats.errors.push(diagnostic.clone());
        }
        diagnostic
    }

    /// The diagnostic, with where buffer `id` was freed when it is already freed.
    fn diagnostic(
        &self,
        kind: HeapErrorKind,
        message: String,
        location: Option<String>,
        alloc_site: Option<String>,
        id: Option<AllocId>,
    ) -> HeapError {
        let freed_at =
            id.and_then(|id| self.allocation(id))
                .and_then(|allocation| match &allocation.status {
                    Status::Freed { at, .. } => Some(at.to_string()),
                    _ => None,
                });
        HeapError {
            kind,
            message,
            location,
            alloc_site,
            freed_at,
        }
    }

    /// Whether no diagnostic of this kind, at this location, about this buffer was recorded.
    fn first_time(&mut self, diagnostic: &HeapError, id: Option<AllocId>) -> bool {
        self.recorded
            .insert((diagnostic.kind, diagnostic.location.clone(), id))
    }

    fn site_text(&self, id: Option<AllocId>) -> Option<String> {
        id.and_then(|id| self.allocation(id))
            .map(|allocation| allocation.site.to_string())
    }

    fn count(&mut self, kind: HeapErrorKind) {
        let counter = match kind {
            HeapErrorKind::UseAfterFree => &mut self.stats.use_after_free,
            HeapErrorKind::DoubleFree => &mut self.stats.double_frees,
            HeapErrorKind::InvalidFree => &mut self.stats.invalid_frees,
            HeapErrorKind::OutOfBounds => &mut self.stats.out_of_bounds,
            HeapErrorKind::UninitializedRead => &mut self.stats.uninitialized_reads,
            HeapErrorKind::Leak => &mut self.stats.leaks,
            HeapErrorKind::WildAccess => &mut self.stats.wild_accesses,
            HeapErrorKind::WriteToConstant | HeapErrorKind::AllocationFailed => return,
        };
        *counter += 1;
    }

    // ----- end of run ---------------------------------------------------------------------

    /// The peak live bytes had every heap buffer been freed right after its last access (stack
    /// buffers keep their real lifetimes; open scopes count as exiting after the current step).
    pub fn ideal_peak_bytes(&self) -> u64 {
        let end_of_run = self.step + 1;
        let intervals = self
            .allocations
            .iter()
            .filter_map(|allocation| ideal_interval(allocation, end_of_run));
        peak_of_intervals(intervals)
    }

    /// Ends the run: closes every stack scope, reports every live heap buffer as a leak
    /// located at `end_of_entry` (the entry function's return, when known), and returns the
    /// statistics.
    pub fn finish(self, end_of_entry: Option<&L>) -> Report {
        self.close(true, end_of_entry)
    }

    /// Ends a run cut short by an error: like [`Heap::finish`], but the heap buffers still
    /// live are not reported as leaks. The program never reached the point where it would
    /// have freed them, so what is live is where it stopped, not what it leaks; a run stopped
    /// by its memory budget would otherwise list every buffer it held.
    pub fn finish_cut_short(self) -> Report {
        self.close(false, None)
    }

    /// Closes every stack scope, reports the live heap buffers as leaks if `leaks`, and
    /// returns the statistics.
    fn close(mut self, leaks: bool, end_of_entry: Option<&L>) -> Report {
        self.stats.ideal_peak_bytes = self.ideal_peak_bytes();
        while let Some(frame) = self.stack.pop() {
            self.kill_frame(&frame);
        }
        if leaks {
            self.report_leaks(end_of_entry);
        }
        self.stats.steps = self.step;
        self.stats
    }

    fn report_leaks(&mut self, end_of_entry: Option<&L>) {
        let location = end_of_entry.map(ToString::to_string);
        let leaked: Vec<AllocId> = self
            .allocations()
            .filter(|(_, allocation)| allocation.is_heap() && allocation.is_live())
            .map(|(id, _)| id)
            .collect();
        for id in leaked {
            let mut message = format!("{} is never freed", self.describe(id));
            if let Some(at) = self.skipped_frees.get(&id) {
                message.push_str(&format!(
                    " (the bufferization.dealloc at {at} passes over it: an earlier memref of \
                     its list aliases it, under a false condition)"
                ));
            }
            let site = self.site_text(Some(id));
            self.record(
                HeapErrorKind::Leak,
                message,
                location.clone(),
                site,
                Some(id),
            );
            self.stats.leaked_bytes += self.allocations[id.index()].size_bytes;
        }
    }
}

/// The alignment actually used for a request: a power of two, at least [`MIN_ALIGNMENT`].
fn effective_alignment(requested: u64) -> u64 {
    if requested.is_power_of_two() {
        requested.max(MIN_ALIGNMENT)
    } else {
        MIN_ALIGNMENT
    }
}

/// The half-open step interval `[start, end)` an allocation occupies in the ideal schedule,
/// with its size; `None` for globals.
fn ideal_interval<L>(allocation: &Allocation<L>, end_of_run: u64) -> Option<(u64, u64, u64)> {
    if allocation.is_global() {
        return None;
    }
    let start = allocation.alloc_step;
    let end = match (&allocation.kind, &allocation.status) {
        (MemoryKind::Stack { .. }, Status::ScopeExited { step }) => *step,
        (MemoryKind::Stack { .. }, _) => end_of_run,
        _ => allocation.last_access_step.unwrap_or(start) + 1,
    };
    Some((start, end.max(start + 1), allocation.size_bytes))
}

/// The largest total size of simultaneously live half-open intervals `(start, end, size)`.
/// An interval ending at step `s` and one starting at `s` do not overlap.
fn peak_of_intervals(intervals: impl Iterator<Item = (u64, u64, u64)>) -> u64 {
    // (step, is_start, size): at equal steps, ends (false) sort before starts (true).
    let mut events: Vec<(u64, bool, u64)> = intervals
        .flat_map(|(start, end, size)| [(start, true, size), (end, false, size)])
        .collect();
    events.sort_unstable();
    let mut live: u64 = 0;
    let mut peak: u64 = 0;
    for (_, is_start, size) in events {
        if is_start {
            live += size;
            peak = peak.max(live);
        } else {
            live -= size;
        }
    }
    peak
}

#[cfg(test)]
mod tests;
