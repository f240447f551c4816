//! Memory ops: `memref`, `bufferization` and the MLIR-HLO `deallocation` dialect.
//!
//! Descriptors follow MLIR's lowering to LLVM (see [`MemRefDesc`]): views
//! (`subview`, `reinterpret_cast`, `expand_shape`, `collapse_shape`, `transpose`, `cast`,
//! `view`) build new descriptors over the same allocation; accesses compute
//! `aligned + (offset + Σ index·stride) · element size` and go through the checked heap. An
//! index outside its dimension is reported as out of bounds even when the address stays inside
//! the buffer (it is undefined behaviour in MLIR).
//!
//! Frees always release the descriptor's *allocation* (MLIR frees the allocated pointer), so
//! `memref.dealloc` of a view of a live heap buffer frees that buffer.
//!
//! `bufferization.dealloc (%m_i) if (%c_i) retain (%r_j)` (BufferizationOps.td): "deallocates
//! each of the given memrefs if there is no alias to that memref in the list of retained
//! memrefs and the corresponding condition value is set ... If two memrefs alias each other,
//! only one will be deallocated to avoid double free situations. ... An updated condition
//! indicates the ownership of the respective retained memref. It is computed as the
//! disjunction of all `conditions` operands where the corresponding to `memrefs` operand
//! aliases with the retained memref." Here two memrefs alias when they point into the same
//! allocation (null aliases nothing). Exactly:
//! - `%m_i` is freed iff `%c_i` holds, it aliases no `%r_j`, and no earlier `%m_k` (k < i) of
//!   the same allocation was freed by this op (each allocation is freed at most once);
//! - result `j` is `OR_i (%c_i and %m_i aliases %r_j)`.
//!
//! (MLIR's generic lowering skips `%m_i` when any earlier `%m_k` aliases it, whatever `%c_k`;
//! the two agree whenever aliasing memrefs carry equal conditions, as the passes produce.)
//! The op counts `n·r + n·(n−1)/2` runtime alias checks for `n` memrefs and `r` retained
//! values: the pointer comparisons its lowering executes.
//!
//! `deallocation` (MLIR-HLO): an ownership indicator is a rank-0 descriptor of the allocation
//! (or null). `null` makes a null one, `own` the indicator of a memref's allocation,
//! `get_buffer` its address as `index` (0 for null), `free` frees it (null: no-op), and
//! `retain(%r...) of (%a...)` returns, for each retained `%r_i`, the first not yet returned
//! `%a_j` of the same allocation (else null), then frees every non-null `%a_j` not returned.
//! It counts `|r|·|a|` alias checks.

use std::rc::Rc;

use smallvec::SmallVec;

use ir::{AttrData, Op, TypeData};

use crate::exec::{Machine, RunError, RunErrorKind, fail};
use crate::heap::{AllocId, AllocKind, GlobalSpec};
use crate::program::{Kind, Mixed, OpInfo, memref_type};
use crate::scalar::ScalarType;
use crate::value::{MemRefDesc, Val, as_index, index_val};

type Dims = SmallVec<[i64; 4]>;

impl Machine<'_> {
    /// The descriptor in `slot` (a null descriptor if the value is not a memref).
    fn desc(&self, slot: u32) -> Rc<MemRefDesc> {
        match self.vals.get(slot as usize) {
            Some(Val::MemRef(m)) => m.clone(),
            _ => Rc::new(MemRefDesc::null(ScalarType::Int { bits: 8 })),
        }
    }

    pub(crate) fn mixed(&self, info: &OpInfo, m: &Mixed) -> Dims {
        let mut next = m.first_dynamic;
        m.statics
            .iter()
            .map(|&s| {
                if s == ir::DYNAMIC {
                    let v = info
                        .args
                        .get(next)
                        .map_or(0, |&slot| as_index(&self.get(slot)));
                    next += 1;
                    v
                } else {
                    s
                }
            })
            .collect()
    }

    fn check_budget(&self, info: &OpInfo) -> Result<(), RunError> {
        if self.heap.live_bytes() > self.cfg.max_live_bytes {
            return Err(fail(
                RunErrorKind::MemoryBudgetExceeded,
                format!(
                    "memory budget of {} live bytes exceeded ({} live)",
                    self.cfg.max_live_bytes,
                    self.heap.live_bytes()
                ),
                &info.loc,
            ));
        }
        Ok(())
    }

    fn allocate(
        &mut self,
        info: &OpInfo,
        kind: AllocKind,
        count: i64,
        elem: ScalarType,
        align: u64,
    ) -> Result<AllocId, RunError> {
        let r = match count.checked_mul(elem.size_bytes() as i64) {
            Some(bytes) if bytes >= 0 && align > 0 => {
                self.heap
                    .alloc_bytes(kind, bytes as u64, align, info.loc.clone())
            }
            _ => self
                .heap
                .alloc(kind, count, elem.size_bytes(), info.loc.clone()),
        };
        let id = r.map_err(|e| fail(RunErrorKind::AllocationFailed, e.message, &info.loc))?;
        self.check_budget(info)?;
        Ok(id)
    }

    /// Byte offset of the element at `indices`, checking each index against its dimension
    /// (`None` after recording an out-of-bounds access).
    pub(crate) fn element_offset_at(
        &mut self,
        d: &MemRefDesc,
        indices: &[i64],
        info: &OpInfo,
    ) -> Result<Option<(AllocId, i64)>, RunError> {
        let Some(id) = d.alloc else {
            return Err(fail(
                RunErrorKind::UndefinedBehavior,
                "access through a null memref",
                &info.loc,
            ));
        };
        let mut linear = d.offset;
        for (dim, &i) in indices.iter().enumerate() {
            let size = d.sizes.get(dim).copied().unwrap_or(0);
            if i < 0 || i >= size {
                let message = format!("index {i} out of bounds for dimension {dim} of size {size}");
                let e = self.heap.report_out_of_bounds(id, message, &info.loc);
                self.heap_result::<()>(Err(e))?;
                return Ok(None);
            }
            linear = linear.wrapping_add(i.wrapping_mul(d.strides.get(dim).copied().unwrap_or(0)));
        }
        let bytes = d
            .shift
            .wrapping_add(linear.wrapping_mul(d.elem.size_bytes() as i64));
        Ok(Some((id, bytes)))
    }

    /// The element of the memref in `memref` at `indices` (zero after a recorded heap error).
    pub(crate) fn load_at(
        &mut self,
        memref: u32,
        indices: &[i64],
        info: &OpInfo,
    ) -> Result<Val, RunError> {
        let d = self.desc(memref);
        let v = match self.element_offset_at(&d, indices, info)? {
            Some((id, off)) => {
                let r = self.heap.load(id, off, d.elem, &info.loc);
                self.heap_result(r)?
            }
            None => None,
        };
        Ok(v.map_or_else(|| zero(d.elem), Val::from_scalar))
    }

    /// Stores `v` into the memref in `memref` at `indices`.
    pub(crate) fn store_at(
        &mut self,
        memref: u32,
        indices: &[i64],
        v: &Val,
        info: &OpInfo,
    ) -> Result<(), RunError> {
        let d = self.desc(memref);
        if let Some((id, off)) = self.element_offset_at(&d, indices, info)? {
            let r = self.heap.store(id, off, v.to_scalar(d.elem), &info.loc);
            self.heap_result(r)?;
        }
        Ok(())
    }

    /// The sizes a rank-1 shape operand of `memref.reshape` holds (checked loads); `None` when a
    /// heap error was recorded and the run goes on.
    fn read_shape(&mut self, shape: &MemRefDesc, info: &OpInfo) -> Result<Option<Dims>, RunError> {
        let Some(id) = shape.alloc else {
            return Err(fail(
                RunErrorKind::UndefinedBehavior,
                "memref.reshape with a null shape operand",
                &info.loc,
            ));
        };
        let rank = shape.sizes.first().copied().unwrap_or(0);
        let size = shape.elem.size_bytes() as i64;
        let stride = shape.strides.first().copied().unwrap_or(1);
        let mut sizes = Dims::new();
        for i in 0..rank {
            let element = shape.offset.wrapping_add(i.wrapping_mul(stride));
            let byte = shape.shift.wrapping_add(element.wrapping_mul(size));
            let loaded = self.heap.load(id, byte, shape.elem, &info.loc);
            match self.heap_result(loaded)? {
                Some(value) => sizes.push(as_index(&Val::from_scalar(value))),
                None => return Ok(None),
            }
        }
        Ok(Some(sizes))
    }

    /// Runs a memory op.
    pub(crate) fn exec_memory(&mut self, op: Op, info: &OpInfo) -> Result<(), RunError> {
        let a = &info.args;
        if self.exec_view_op(info)?
            || self.exec_metadata_op(info)?
            || self.exec_deallocation_op(info)?
        {
            return Ok(());
        }
        match &info.kind {
            Kind::Alloc {
                stack,
                elem,
                shape,
                layout,
                align,
            } => {
                let mut next = 0;
                let sizes: Dims = shape
                    .iter()
                    .map(|&s| {
                        if s == ir::DYNAMIC {
                            next += 1;
                            a.get(next - 1).map_or(0, |&slot| as_index(&self.get(slot)))
                        } else {
                            s
                        }
                    })
                    .collect();
                if let Some(&negative) = sizes.iter().find(|&&s| s < 0) {
                    return Err(fail(
                        RunErrorKind::AllocationFailed,
                        format!("allocation with negative dimension size {negative}"),
                        &info.loc,
                    ));
                }
                let mut d = MemRefDesc::contiguous(None, &sizes, *elem);
                let kind = if *stack {
                    AllocKind::Stack
                } else {
                    AllocKind::Heap
                };
                let mut count = d.num_elements();
                if let Some((strides, offset)) = layout
                    && strides.len() == sizes.len()
                    && !strides.contains(&ir::DYNAMIC)
                    && *offset != ir::DYNAMIC
                {
                    d.strides = strides.iter().copied().collect();
                    d.offset = *offset;
                    count = extent(&d);
                }
                d.alloc = Some(self.allocate(info, kind, count, *elem, *align)?);
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            Kind::Dealloc => {
                if let Some(id) = self.desc(a[0]).alloc {
                    let r = self.heap.free(id, &info.loc);
                    self.heap_result(r)?;
                }
            }
            Kind::Load => {
                let indices: Dims = a[1..].iter().map(|&s| as_index(&self.get(s))).collect();
                let v = self.load_at(a[0], &indices, info)?;
                self.set(info.res[0], v);
            }
            Kind::Store => {
                let indices: Dims = a[2..].iter().map(|&s| as_index(&self.get(s))).collect();
                let v = self.get(a[0]);
                self.store_at(a[1], &indices, &v, info)?;
            }
            Kind::PassThrough => {
                let v = self.get(a[0]);
                self.set(info.res[0], v);
            }
            Kind::Dim => {
                let d = self.desc(a[0]);
                let i = as_index(&self.get(a[1]));
                let Some(&size) = usize::try_from(i).ok().and_then(|i| d.sizes.get(i)) else {
                    return Err(fail(
                        RunErrorKind::UndefinedBehavior,
                        format!(
                            "memref.dim index {i} out of range for rank {}",
                            d.sizes.len()
                        ),
                        &info.loc,
                    ));
                };
                self.set(info.res[0], index_val(size));
            }
            Kind::Rank => {
                let rank = self.desc(a[0]).sizes.len() as i64;
                self.set(info.res[0], index_val(rank));
            }
            Kind::Realloc { elem, static_size } => {
                let src = self.desc(a[0]);
                let size = if *static_size == ir::DYNAMIC {
                    a.get(1).map_or(0, |&s| as_index(&self.get(s)))
                } else {
                    *static_size
                };
                let bytes = size.max(0) as u64 * elem.size_bytes();
                let id = match src.alloc {
                    Some(id) => self
                        .heap
                        .realloc(id, bytes, info.loc.clone(), &info.loc)
                        .map_err(|e| fail(RunErrorKind::AllocationFailed, e.message, &info.loc))?,
                    None => self.allocate(info, AllocKind::Heap, size, *elem, 0)?,
                };
                self.check_budget(info)?;
                let d = MemRefDesc::contiguous(Some(id), &[size], *elem);
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            Kind::Copy => {
                let (src, dst) = (self.desc(a[0]), self.desc(a[1]));
                self.copy_elements(&src, &dst, info)?;
            }
            Kind::GetGlobal { global, name } => self.get_global(op, info, *global, name)?,
            Kind::Nop => {}
            Kind::Clone { elem } => {
                let src = self.desc(a[0]);
                let count = src.num_elements();
                let id = self.allocate(info, AllocKind::Heap, count, *elem, 0)?;
                self.heap.record_clone();
                let d = MemRefDesc::contiguous(Some(id), &src.sizes, *elem);
                self.copy_elements(&src, &d, info)?;
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            other => {
                return Err(fail(
                    RunErrorKind::UnsupportedOp,
                    format!("unsupported op {other:?}"),
                    &info.loc,
                ));
            }
        }
        Ok(())
    }

    /// Executes the ops that rearrange or take apart a descriptor (reshapes, transposes,
    /// strided metadata, the aligned pointer); whether `info` was one.
    fn exec_metadata_op(&mut self, info: &OpInfo) -> Result<bool, RunError> {
        let a = &info.args;
        match &info.kind {
            Kind::Reshape => {
                let (src, shape) = (self.desc(a[0]), self.desc(a[1]));
                let Some(sizes) = self.read_shape(&shape, info)? else {
                    return Ok(true);
                };
                let mut d = MemRefDesc::contiguous(src.alloc, &sizes, src.elem);
                d.shift = src.shift;
                d.offset = src.offset;
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            Kind::Transpose(perm) => {
                let src = self.desc(a[0]);
                let mut d = (*src).clone();
                for (i, &p) in perm.iter().enumerate() {
                    if let (Some(s), Some(t)) = (src.sizes.get(p), src.strides.get(p))
                        && i < d.sizes.len()
                    {
                        d.sizes[i] = *s;
                        d.strides[i] = *t;
                    }
                }
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            Kind::ExtractStridedMetadata => {
                let src = self.desc(a[0]);
                let base = MemRefDesc {
                    alloc: src.alloc,
                    shift: src.shift,
                    offset: 0,
                    sizes: SmallVec::new(),
                    strides: SmallVec::new(),
                    elem: src.elem,
                };
                let mut outs: Vec<Val> = vec![Val::MemRef(Rc::new(base)), index_val(src.offset)];
                outs.extend(src.sizes.iter().map(|&s| index_val(s)));
                outs.extend(src.strides.iter().map(|&s| index_val(s)));
                for (&slot, v) in info.res.iter().zip(outs) {
                    self.set(slot, v);
                }
            }
            Kind::ExtractAlignedPointer => {
                let d = self.desc(a[0]);
                let address = match d.alloc.and_then(|id| self.heap.address_of(id)) {
                    Some(base) => (base as i64).wrapping_add(d.shift),
                    None => 0,
                };
                self.set(info.res[0], index_val(address));
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Executes the ops that make a new descriptor over the same buffer (views, casts,
    /// expanded and collapsed shapes); whether `info` was one.
    fn exec_view_op(&mut self, info: &OpInfo) -> Result<bool, RunError> {
        let a = &info.args;
        match &info.kind {
            Kind::Subview {
                offsets,
                sizes,
                strides,
                result_shape,
            } => {
                let src = self.desc(a[0]);
                let (offs, szs, sts) = (
                    self.mixed(info, offsets),
                    self.mixed(info, sizes),
                    self.mixed(info, strides),
                );
                let mut d = MemRefDesc {
                    sizes: SmallVec::new(),
                    strides: SmallVec::new(),
                    ..(*src).clone()
                };
                for i in 0..offs.len() {
                    let st = src.strides.get(i).copied().unwrap_or(0);
                    d.offset = d.offset.wrapping_add(offs[i].wrapping_mul(st));
                }
                // Rank reduction is decided on the static sizes, as MLIR's verifier does.
                let keep = kept_dims(&sizes.statics, result_shape);
                for i in 0..szs.len() {
                    if keep[i] {
                        d.sizes.push(szs[i]);
                        let st = src.strides.get(i).copied().unwrap_or(0);
                        d.strides
                            .push(st.wrapping_mul(sts.get(i).copied().unwrap_or(1)));
                    }
                }
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            Kind::View { result_shape, elem } => {
                let src = self.desc(a[0]);
                let shift = as_index(&self.get(a[1]));
                let mut next = 2;
                let sizes: Dims = result_shape
                    .iter()
                    .map(|&s| {
                        if s == ir::DYNAMIC {
                            next += 1;
                            a.get(next - 1).map_or(0, |&slot| as_index(&self.get(slot)))
                        } else {
                            s
                        }
                    })
                    .collect();
                let mut d = MemRefDesc::contiguous(src.alloc, &sizes, *elem);
                d.shift = src
                    .shift
                    .wrapping_add(src.offset.wrapping_mul(src.elem.size_bytes() as i64))
                    .wrapping_add(shift);
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            Kind::ReinterpretCast {
                offsets,
                sizes,
                strides,
                elem,
            } => {
                let src = self.desc(a[0]);
                let d = MemRefDesc {
                    alloc: src.alloc,
                    shift: src.shift,
                    offset: self.mixed(info, offsets).first().copied().unwrap_or(0),
                    sizes: self.mixed(info, sizes),
                    strides: self.mixed(info, strides),
                    elem: *elem,
                };
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            Kind::ExpandShape { groups, shape } => {
                let src = self.desc(a[0]);
                let sizes = self.mixed(info, shape);
                let mut strides: Dims = SmallVec::from_elem(1, sizes.len());
                for (g, dims) in groups.iter().enumerate() {
                    let mut stride = src.strides.get(g).copied().unwrap_or(1);
                    for &dim in dims.iter().rev() {
                        if dim < strides.len() {
                            strides[dim] = stride;
                            stride = stride.wrapping_mul(sizes[dim]);
                        }
                    }
                }
                let d = MemRefDesc {
                    sizes,
                    strides,
                    ..(*src).clone()
                };
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            Kind::CollapseShape { groups } => {
                let src = self.desc(a[0]);
                let mut d = MemRefDesc {
                    sizes: SmallVec::new(),
                    strides: SmallVec::new(),
                    ..(*src).clone()
                };
                for dims in groups {
                    let size = dims
                        .iter()
                        .map(|&i| src.sizes.get(i).copied().unwrap_or(1))
                        .fold(1i64, i64::wrapping_mul);
                    let stride = dims
                        .iter()
                        .rev()
                        .find(|&&i| src.sizes.get(i).copied().unwrap_or(1) != 1)
                        .or(dims.last())
                        .map_or(1, |&i| src.strides.get(i).copied().unwrap_or(1));
                    d.sizes.push(size);
                    d.strides.push(stride);
                }
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Executes `bufferization.dealloc` and the MLIR-HLO `deallocation` ops; whether `info` was
    /// one.
    fn exec_deallocation_op(&mut self, info: &OpInfo) -> Result<bool, RunError> {
        let a = &info.args;
        match &info.kind {
            Kind::BufDealloc {
                n_memrefs,
                n_retained,
            } => self.bufferization_dealloc(info, *n_memrefs, *n_retained)?,
            Kind::DeallocNull => {
                self.set(
                    info.res[0],
                    Val::MemRef(Rc::new(MemRefDesc::null(ScalarType::Int { bits: 8 }))),
                );
            }
            Kind::DeallocOwn => {
                let src = self.desc(a[0]);
                let mut d = MemRefDesc::null(src.elem);
                d.alloc = src.alloc;
                self.set(info.res[0], Val::MemRef(Rc::new(d)));
            }
            Kind::DeallocGetBuffer => {
                let d = self.desc(a[0]);
                let address = d.alloc.and_then(|id| self.heap.address_of(id)).unwrap_or(0);
                self.set(info.res[0], index_val(address as i64));
            }
            Kind::DeallocFree => {
                if let Some(id) = self.desc(a[0]).alloc {
                    let r = self.heap.free(id, &info.loc);
                    self.heap_result(r)?;
                }
            }
            Kind::DeallocRetain { n_retained } => self.deallocation_retain(info, *n_retained)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Copies every element of `src` to the same position in `dst` (shapes must match).
    fn copy_elements(
        &mut self,
        src: &MemRefDesc,
        dst: &MemRefDesc,
        info: &OpInfo,
    ) -> Result<(), RunError> {
        let count = src.num_elements();
        if count == 0 {
            return Ok(());
        }
        let (Some(s), Some(t)) = (src.alloc, dst.alloc) else {
            return Err(fail(
                RunErrorKind::UndefinedBehavior,
                "copy through a null memref",
                &info.loc,
            ));
        };
        if src.sizes != dst.sizes {
            return Err(fail(
                RunErrorKind::UndefinedBehavior,
                format!("copy between shapes {:?} and {:?}", src.sizes, dst.sizes),
                &info.loc,
            ));
        }
        let es = src.elem.size_bytes() as i64;
        let byte = |d: &MemRefDesc, linear: i64| d.shift.wrapping_add(linear.wrapping_mul(es));
        if src.is_row_major() && dst.is_row_major() && src.elem == dst.elem {
            let r = self.heap.copy_bytes(
                s,
                byte(src, src.offset),
                t,
                byte(dst, dst.offset),
                (count * es) as u64,
                &info.loc,
            );
            self.heap_result(r)?;
            return Ok(());
        }
        let rank = src.sizes.len();
        let mut idx: Dims = SmallVec::from_elem(0, rank);
        for _ in 0..count {
            let lin = |d: &MemRefDesc| {
                idx.iter().zip(&d.strides).fold(d.offset, |acc, (&i, &st)| {
                    acc.wrapping_add(i.wrapping_mul(st))
                })
            };
            let (so, to) = (byte(src, lin(src)), byte(dst, lin(dst)));
            let r = self.heap.copy_bytes(s, so, t, to, es as u64, &info.loc);
            if self.heap_result(r)?.is_none() {
                return Ok(());
            }
            for dim in (0..rank).rev() {
                idx[dim] += 1;
                if idx[dim] < src.sizes[dim] {
                    break;
                }
                idx[dim] = 0;
            }
        }
        Ok(())
    }

    fn get_global(
        &mut self,
        _op: Op,
        info: &OpInfo,
        global: Option<Op>,
        name: &str,
    ) -> Result<(), RunError> {
        let ctx = self.ctx;
        let Some(g) = global else {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                format!("no memref.global named @{name}"),
                &info.loc,
            ));
        };
        let ty = match ctx.get_attr(g, "type").map(|a| ctx.attr_data(a)) {
            Some(AttrData::Type(t)) => *t,
            _ => {
                return Err(fail(
                    RunErrorKind::InvalidProgram,
                    format!("memref.global @{name} has no type"),
                    &info.loc,
                ));
            }
        };
        let Some(mt) =
            memref_type(ctx, ty).filter(|_| matches!(ctx.type_data(ty), TypeData::MemRef { .. }))
        else {
            return Err(fail(
                RunErrorKind::UnsupportedOp,
                format!("memref.global @{name} of an unsupported type"),
                &info.loc,
            ));
        };
        let d0 = MemRefDesc::contiguous(None, &mt.shape, mt.elem);
        let id = match self.heap.global(name) {
            Some(id) => id,
            None => {
                let count = d0.num_elements();
                let initial = match ctx.get_attr(g, "initial_value").map(|a| ctx.attr_data(a)) {
                    Some(AttrData::DenseElements { literal, .. }) => {
                        let mut v = crate::decode::parse_dense_literal(literal, mt.elem)
                            .unwrap_or_default();
                        if v.len() == 1 && count > 1 {
                            v = vec![v[0]; count as usize];
                        }
                        Some(v)
                    }
                    _ => None,
                };
                let spec = GlobalSpec {
                    name,
                    size_bytes: count.max(0) as u64 * mt.elem.size_bytes(),
                    alignment: match ctx.get_attr(g, "alignment").map(|a| ctx.attr_data(a)) {
                        Some(AttrData::Integer { value, .. }) => *value as u64,
                        _ => 0,
                    },
                    constant: ctx.get_attr(g, "constant").is_some(),
                    initial_value: initial.as_deref(),
                };
                let site = crate::program::loc_text(ctx, g);
                self.heap
                    .define_global(spec, site)
                    .map_err(|e| fail(RunErrorKind::AllocationFailed, e.message, &info.loc))?
            }
        };
        let mut d = d0;
        d.alloc = Some(id);
        self.set(info.res[0], Val::MemRef(Rc::new(d)));
        Ok(())
    }

    fn bufferization_dealloc(&mut self, info: &OpInfo, n: usize, r: usize) -> Result<(), RunError> {
        let a = &info.args;
        if a.len() < 2 * n + r {
            return Err(fail(
                RunErrorKind::InvalidProgram,
                "malformed bufferization.dealloc",
                &info.loc,
            ));
        }
        let retained: SmallVec<[Option<AllocId>; 4]> =
            (0..r).map(|j| self.desc(a[2 * n + j]).alloc).collect();
        let compared = a[..n].iter().chain(&a[2 * n..2 * n + r]).copied();
        self.check_compared_pointers(info, compared)?;
        let mut updated: SmallVec<[bool; 4]> = SmallVec::from_elem(false, r);
        // As the op's definition says: memref `i` is freed when its condition holds and it
        // aliases no retained memref and no earlier memref of the list, whatever that earlier
        // memref's condition. An earlier alias whose condition is false therefore keeps a later
        // owner from freeing the buffer (upstream's generic lowering does exactly this).
        let mut listed: SmallVec<[AllocId; 4]> = SmallVec::new();
        for i in 0..n {
            let cond = self.int(a[n + i]) & 1 != 0;
            let Some(id) = self.desc(a[i]).alloc else {
                continue;
            };
            let mut aliases_retained = false;
            for (j, &rj) in retained.iter().enumerate() {
                if rj == Some(id) {
                    aliases_retained = true;
                    updated[j] |= cond;
                }
            }
            let aliases_earlier = listed.contains(&id);
            if !aliases_earlier {
                listed.push(id);
            }
            if cond && !aliases_retained {
                if aliases_earlier {
                    // Still live: its first listing did not free it.
                    if self.heap.is_live(id) {
                        self.heap.note_skipped_free(id, &info.loc);
                    }
                } else {
                    let res = self.heap.free(id, &info.loc);
                    self.heap_result(res)?;
                }
            }
        }
        let checks = (n * r + n * n.saturating_sub(1) / 2) as u64;
        self.heap.record_alias_checks(checks);
        for (j, &slot) in info.res.iter().enumerate() {
            let v = updated.get(j).copied().unwrap_or(false);
            self.set(slot, Val::Int(u128::from(v)));
        }
        Ok(())
    }

    /// An op comparing the pointers of the memrefs in argument slots `slots` (a
    /// `bufferization.dealloc`'s memrefs and retained values, a `deallocation.retain`'s
    /// operands): none may be freed before another was allocated
    /// ([`crate::heap::Heap::check_compared_pointers`]).
    fn check_compared_pointers(
        &mut self,
        info: &OpInfo,
        slots: impl IntoIterator<Item = u32>,
    ) -> Result<(), RunError> {
        let ids: SmallVec<[AllocId; 8]> = slots
            .into_iter()
            .filter_map(|slot| self.desc(slot).alloc)
            .collect();
        if ids.len() < 2 {
            return Ok(());
        }
        let res = self.heap.check_compared_pointers(&ids, &info.loc);
        self.heap_result(res)?;
        Ok(())
    }

    fn deallocation_retain(&mut self, info: &OpInfo, r: usize) -> Result<(), RunError> {
        let a = &info.args;
        let r = r.min(a.len());
        self.check_compared_pointers(info, a.iter().copied())?;
        let allocs: Vec<Rc<MemRefDesc>> = a[r..].iter().map(|&s| self.desc(s)).collect();
        let mut returned = vec![false; allocs.len()];
        for i in 0..r {
            let target = self.desc(a[i]).alloc;
            let found = target.and_then(|t| {
                (0..allocs.len()).find(|&j| !returned[j] && allocs[j].alloc == Some(t))
            });
            let v = match found {
                Some(j) => {
                    returned[j] = true;
                    Val::MemRef(allocs[j].clone())
                }
                None => Val::MemRef(Rc::new(MemRefDesc::null(ScalarType::Int { bits: 8 }))),
            };
            if let Some(&slot) = info.res.get(i) {
                self.set(slot, v);
            }
        }
        self.heap.record_alias_checks((r * allocs.len()) as u64);
        for (j, d) in allocs.iter().enumerate() {
            if let (false, Some(id)) = (returned[j], d.alloc) {
                let res = self.heap.free(id, &info.loc);
                self.heap_result(res)?;
            }
        }
        Ok(())
    }
}

/// The zero of an element type (what a failed load yields).
fn zero(elem: ScalarType) -> Val {
    Val::from_scalar(Val::Int(0).to_scalar(elem))
}

/// Elements spanned by a strided descriptor: `offset + Σ (size−1)·stride + 1`.
fn extent(d: &MemRefDesc) -> i64 {
    if d.sizes.iter().any(|&s| s <= 0) {
        return d.offset.max(0);
    }
    d.sizes
        .iter()
        .zip(&d.strides)
        .fold(d.offset.wrapping_add(1), |acc, (&s, &st)| {
            acc.wrapping_add((s - 1).wrapping_mul(st))
        })
}

/// Which of the subview sizes survive in a rank-reduced result of shape `result`: unit
/// dimensions are dropped, left to right, where they do not match the result shape.
fn kept_dims(sizes: &[i64], result: &[i64]) -> Vec<bool> {
    let mut keep = vec![true; sizes.len()];
    let mut to_drop = sizes.len().saturating_sub(result.len());
    let mut j = 0;
    for i in 0..sizes.len() {
        let remaining_src = sizes.len() - i;
        let remaining_dst = result.len().saturating_sub(j);
        let must_drop = remaining_src > remaining_dst;
        let matches = result.get(j).is_some_and(|&r| r == sizes[i]);
        if to_drop > 0 && sizes[i] == 1 && (must_drop && !matches || remaining_dst == 0) {
            keep[i] = false;
            to_drop -= 1;
        } else {
            j += 1;
        }
    }
    keep
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_reduction_drops_unmatched_unit_dims() {
        assert_eq!(kept_dims(&[1, 4], &[4]), vec![false, true]);
        assert_eq!(kept_dims(&[4, 1], &[4]), vec![true, false]);
        assert_eq!(kept_dims(&[1, 1, 4], &[1, 4]), vec![true, false, true]);
        assert_eq!(kept_dims(&[2, 3], &[2, 3]), vec![true, true]);
        let dynamic = ir::DYNAMIC;
        assert_eq!(kept_dims(&[1, dynamic], &[dynamic]), vec![false, true]);
        assert_eq!(kept_dims(&[dynamic, 1], &[dynamic]), vec![true, false]);
    }
}
