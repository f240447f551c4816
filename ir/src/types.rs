//! Interned types.
//!
//! A [`Type`] is an index into the context's type table; two types are equal exactly when their
//! ids are equal. [`TypeData`] is the closed set of type shapes we model; dialect types we do not
//! know are kept verbatim as [`TypeData::Opaque`] so they still round-trip.

use crate::entity::{Attr, Type};

/// The marker MLIR uses for a dynamic dimension, offset or stride (`?` in the text).
pub const DYNAMIC: i64 = i64::MIN;

/// Signedness of an integer type: `i32` is signless, `si32` signed, `ui32` unsigned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    /// `iN`
    Signless,
    /// `siN`
    Signed,
    /// `uiN`
    Unsigned,
}

/// The floating-point formats we parse.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    /// IEEE half precision.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single precision.
    F32,
    /// IEEE double precision.
    F64,
    /// x87 extended precision.
    F80,
    /// IEEE quad precision.
    F128,
    /// NVIDIA TensorFloat-32 (19 bits: 8-bit exponent, 10-bit mantissa).
    TF32,
}

impl FloatKind {
    /// The keyword of the type in MLIR's syntax.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
            FloatKind::TF32 => "tf32",
        }
    }

    /// The storage width in bits.
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
            FloatKind::TF32 => 19,
        }
    }
}

/// The structure of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeData {
    /// `iN`, `siN`, `uiN`.
    Integer {
        /// Bit width.
        width: u32,
        /// Signedness semantics.
        signedness: Signedness,
    },
    /// `index`.
    Index,
    /// A floating-point type.
    Float(FloatKind),
    /// `none`.
    None,
    /// `memref<4x?xf32, layout, space>`.
    MemRef {
        /// Dimension sizes; [`DYNAMIC`] for `?`.
        shape: Vec<i64>,
        /// Element type.
        elem: Type,
        /// Layout attribute, `None` for the identity layout.
        layout: Option<Attr>,
        /// Memory space attribute, `None` for the default space.
        memory_space: Option<Attr>,
    },
    /// `memref<*xf32, space>`.
    UnrankedMemRef {
        /// Element type.
        elem: Type,
        /// Memory space attribute.
        memory_space: Option<Attr>,
    },
    /// `tensor<4x?xf32, encoding>`.
    Tensor {
        /// Dimension sizes; [`DYNAMIC`] for `?`.
        shape: Vec<i64>,
        /// Element type.
        elem: Type,
        /// Encoding attribute.
        encoding: Option<Attr>,
    },
    /// `tensor<*xf32>`.
    UnrankedTensor {
        /// Element type.
        elem: Type,
    },
    /// `vector<4x[8]xf32>`.
    Vector {
        /// Dimension sizes.
        shape: Vec<i64>,
        /// Which dimensions are scalable (`[8]`).
        scalable: Vec<bool>,
        /// Element type.
        elem: Type,
    },
    /// `complex<f32>`.
    Complex(Type),
    /// `(i32, f32) -> memref<?xf32>`.
    Function {
        /// Argument types.
        inputs: Vec<Type>,
        /// Result types.
        results: Vec<Type>,
    },
    /// `tuple<i32, f32>`.
    Tuple(Vec<Type>),
    /// A dialect type kept as text: `!dialect.body` or `!dialect<body>`.
    Opaque {
        /// The text after `!`, verbatim (for example `deallocation.ownership`).
        text: String,
    },
}

impl TypeData {
    /// Whether this is a ranked or unranked memref.
    pub fn is_memref(&self) -> bool {
        matches!(
            self,
            TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. }
        )
    }

    /// Whether this is an integer, index or float type.
    pub fn is_scalar(&self) -> bool {
        matches!(
            self,
            TypeData::Integer { .. } | TypeData::Index | TypeData::Float(_)
        )
    }
}
