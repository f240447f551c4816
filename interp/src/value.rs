//! Runtime values of the executor: integers, floats, memref descriptors, function references.
//!
//! Invariants:
//! - An integer is kept as a `u128` masked to its width (`index` is 64 bits wide); the width
//!   itself is a static property of the op reading it, pre-resolved before execution.
//! - A memref is a descriptor shared by reference counting ([`MemRefDesc`]), exactly the
//!   information of MLIR's lowered descriptor: the allocation it points into (`None` for a
//!   null pointer), the byte distance from the allocated to the aligned pointer, an offset,
//!   sizes and strides in elements, and the element type. Copying a value never copies a
//!   buffer.
//! - `!deallocation.ownership` values are memref descriptors of rank zero.
//! - A `vector` is a shape and its scalar elements, shared by reference counting.

use std::rc::Rc;

use smallvec::SmallVec;

use crate::heap::AllocId;
use crate::scalar::{Scalar, ScalarType};

/// A memref descriptor, as MLIR lowers it to LLVM (allocated and aligned pointers, offset,
/// sizes, strides).
#[derive(Clone, Debug, PartialEq)]
pub struct MemRefDesc {
    /// The allocation the allocated pointer points to; `None` for a null memref.
    pub alloc: Option<AllocId>,
    /// Bytes from the allocated pointer to the aligned pointer (non-zero after `memref.view`).
    pub shift: i64,
    /// Offset of the first element from the aligned pointer, in elements.
    pub offset: i64,
    /// Size of each dimension.
    pub sizes: SmallVec<[i64; 4]>,
    /// Stride of each dimension, in elements.
    pub strides: SmallVec<[i64; 4]>,
    /// The element type.
    pub elem: ScalarType,
}

impl MemRefDesc {
    /// A null descriptor of the given rank-zero element type.
    pub fn null(elem: ScalarType) -> MemRefDesc {
        MemRefDesc {
            alloc: None,
            shift: 0,
            offset: 0,
            sizes: SmallVec::new(),
            strides: SmallVec::new(),
            elem,
        }
    }

    /// A row-major descriptor of the given sizes over `alloc`.
    pub fn contiguous(alloc: Option<AllocId>, sizes: &[i64], elem: ScalarType) -> MemRefDesc {
        MemRefDesc {
            alloc,
            shift: 0,
            offset: 0,
            sizes: SmallVec::from_slice(sizes),
            strides: row_major_strides(sizes),
            elem,
        }
    }

    /// The number of elements (product of the sizes; zero if any size is not positive).
    pub fn num_elements(&self) -> i64 {
        self.sizes
            .iter()
            .try_fold(1i64, |acc, &s| acc.checked_mul(s.max(0)))
            .unwrap_or(i64::MAX)
    }

    /// Whether the strides are the row-major strides of the sizes.
    pub fn is_row_major(&self) -> bool {
        let mut expected = 1i64;
        for (&size, &stride) in self.sizes.iter().zip(&self.strides).rev() {
            if size != 1 && stride != expected {
                return false;
            }
            expected = expected.saturating_mul(size);
        }
        true
    }
}

/// Row-major strides of `sizes`.
pub fn row_major_strides(sizes: &[i64]) -> SmallVec<[i64; 4]> {
    let mut strides: SmallVec<[i64; 4]> = SmallVec::from_elem(1, sizes.len());
    let mut acc = 1i64;
    for i in (0..sizes.len()).rev() {
        strides[i] = acc;
        acc = acc.wrapping_mul(sizes[i].max(0));
    }
    strides
}

/// A runtime value.
#[derive(Clone, Debug, Default)]
pub enum Val {
    /// Not yet defined (reading it is a bug of the executor or of an unverified program).
    #[default]
    Undef,
    /// An integer or `index`, masked to its width.
    Int(u128),
    /// `f16`, as bits.
    F16(u16),
    /// `bf16`, as bits.
    BF16(u16),
    /// `f32`.
    F32(f32),
    /// `f64`.
    F64(f64),
    /// A ranked or unranked memref, or an ownership indicator.
    MemRef(Rc<MemRefDesc>),
    /// A function reference (`func.constant`): an index into the callee table.
    Func(u32),
    /// A `vector` value (see [`VectorVal`]).
    Vector(Rc<VectorVal>),
}

/// A `vector` value: its shape and its scalar elements in row-major order (a 0-d vector has
/// an empty shape and one element).
#[derive(Clone, Debug, Default)]
pub struct VectorVal {
    /// The size of each dimension.
    pub shape: SmallVec<[i64; 4]>,
    /// The elements, row-major.
    pub elems: Vec<Val>,
}

/// The vector value of `shape` holding `elems` (row-major).
pub fn vector_value(shape: &[i64], elems: Vec<Val>) -> Val {
    Val::Vector(Rc::new(VectorVal {
        shape: SmallVec::from_slice(shape),
        elems,
    }))
}

impl Val {
    /// The integer bits (masked to the width of the producer); zero for non-integers.
    #[inline]
    pub fn int(&self) -> u128 {
        match self {
            Val::Int(v) => *v,
            _ => 0,
        }
    }

    /// A boolean (`i1`).
    #[inline]
    pub fn bool(&self) -> bool {
        self.int() & 1 != 0
    }

    /// The memref descriptor, if this is one.
    pub fn memref(&self) -> Option<&Rc<MemRefDesc>> {
        match self {
            Val::MemRef(m) => Some(m),
            _ => None,
        }
    }

    /// The value as stored in memory with type `ty`.
    pub fn to_scalar(&self, ty: ScalarType) -> Scalar {
        match (ty, self) {
            (ScalarType::Int { bits }, v) => Scalar::int(bits, v.int() as i128),
            (ScalarType::Index, v) => Scalar::Index(v.int() as u64 as i64),
            (ScalarType::F16, Val::F16(b)) => Scalar::F16(*b),
            (ScalarType::BF16, Val::BF16(b)) => Scalar::BF16(*b),
            (ScalarType::F32, Val::F32(f)) => Scalar::F32(*f),
            (ScalarType::F64, Val::F64(f)) => Scalar::F64(*f),
            (ScalarType::F16, _) => Scalar::F16(0),
            (ScalarType::BF16, _) => Scalar::BF16(0),
            (ScalarType::F32, _) => Scalar::F32(0.0),
            (ScalarType::F64, _) => Scalar::F64(0.0),
        }
    }

    /// The value of a scalar loaded from memory.
    pub fn from_scalar(s: Scalar) -> Val {
        match s {
            Scalar::Int { value, .. } => Val::Int(value),
            Scalar::Index(v) => Val::Int(u128::from(v as u64)),
            Scalar::F16(b) => Val::F16(b),
            Scalar::BF16(b) => Val::BF16(b),
            Scalar::F32(f) => Val::F32(f),
            Scalar::F64(f) => Val::F64(f),
        }
    }
}

/// The mask of the low `width` bits.
#[inline]
pub fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// Sign-extends the low `width` bits of `v`.
#[inline]
pub fn sext(v: u128, width: u32) -> i128 {
    if width == 0 || width >= 128 {
        return v as i128;
    }
    let shift = 128 - width;
    ((v << shift) as i128) >> shift
}

/// An `index` value.
#[inline]
pub fn index_val(v: i64) -> Val {
    Val::Int(u128::from(v as u64))
}

/// Reads an `index` value.
#[inline]
pub fn as_index(v: &Val) -> i64 {
    v.int() as u64 as i64
}
