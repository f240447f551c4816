//! Interned attributes.
//!
//! An [`Attr`] is an index into the context's attribute table; structural equality is id
//! equality. Dictionaries keep their entries sorted by name, as MLIR's `DictionaryAttr` does, so
//! printing is deterministic. Dialect attributes we do not model stay verbatim in
//! [`AttrData::Opaque`].

use crate::entity::{Attr, Sym, Type};

/// The structure of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrData {
    /// `unit`: present or absent.
    Unit,
    /// `true` / `false`.
    Bool(bool),
    /// `42 : i32`. The value is sign-extended to 128 bits from the type's width.
    Integer {
        /// The value, sign-extended from the type's width.
        value: i128,
        /// An integer or index type.
        ty: Type,
    },
    /// `1.0 : f32`. The value is kept as the bits of an `f64` holding it exactly.
    Float {
        /// `f64::to_bits` of the value.
        bits: u64,
        /// A float type.
        ty: Type,
    },
    /// `"text"`.
    String(String),
    /// A type used as an attribute.
    Type(Type),
    /// `[a, b]`.
    Array(Vec<Attr>),
    /// `{a = 1, b}`, sorted by name.
    Dict(Vec<(Sym, Attr)>),
    /// `@root::@nested`.
    SymbolRef {
        /// The root symbol.
        root: Sym,
        /// Nested references.
        nested: Vec<Sym>,
    },
    /// `array<i64: 1, 2>`: integers (or float bits) of one element type.
    DenseArray {
        /// The element type.
        elem: Type,
        /// The values; floats are stored as `f64::to_bits` cast to `i64`.
        values: Vec<i64>,
    },
    /// `dense<...> : tensor<...>`, kept as its literal text plus its type.
    DenseElements {
        /// The literal between `dense<` and `>`, normalised by the parser.
        literal: String,
        /// The shaped type.
        ty: Type,
    },
    /// `affine_map<(d0)[s0] -> (d0 + s0)>`.
    AffineMap(AffineMap),
    /// `affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>`.
    AffineSet(IntegerSet),
    /// `strided<[?, 1], offset: ?>`.
    Strided {
        /// Strides; [`DYNAMIC`](crate::DYNAMIC) for `?`.
        strides: Vec<i64>,
        /// Offset; [`DYNAMIC`](crate::DYNAMIC) for `?`.
        offset: i64,
    },
    /// A dialect attribute kept verbatim (the text after `#`).
    Opaque(String),
}

/// An affine map: `(dims)[symbols] -> (results)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AffineMap {
    /// Number of dimensions.
    pub num_dims: u32,
    /// Number of symbols.
    pub num_symbols: u32,
    /// Result expressions.
    pub results: Vec<AffineExpr>,
}

/// An integer set: `(dims)[symbols] : (constraints)`, each constraint `expr >= 0` or
/// `expr == 0`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntegerSet {
    /// Number of dimensions.
    pub num_dims: u32,
    /// Number of symbols.
    pub num_symbols: u32,
    /// Constraint expressions and whether each is an equality (`== 0`) rather than `>= 0`.
    pub constraints: Vec<(AffineExpr, bool)>,
}

/// An affine expression.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AffineExpr {
    /// `dN`.
    Dim(u32),
    /// `sN`.
    Symbol(u32),
    /// A constant.
    Const(i64),
    /// `a + b`.
    Add(Box<AffineExpr>, Box<AffineExpr>),
    /// `a * b`.
    Mul(Box<AffineExpr>, Box<AffineExpr>),
    /// `a mod b`.
    Mod(Box<AffineExpr>, Box<AffineExpr>),
    /// `a floordiv b`.
    FloorDiv(Box<AffineExpr>, Box<AffineExpr>),
    /// `a ceildiv b`.
    CeilDiv(Box<AffineExpr>, Box<AffineExpr>),
}

impl AffineExpr {
    /// Whether the expression uses no dimension (MLIR's `isSymbolicOrConstant`).
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Symbol(_) | AffineExpr::Const(_) => true,
            AffineExpr::Add(a, b)
            | AffineExpr::Mul(a, b)
            | AffineExpr::Mod(a, b)
            | AffineExpr::FloorDiv(a, b)
            | AffineExpr::CeilDiv(a, b) => {
                a.is_symbolic_or_constant() && b.is_symbolic_or_constant()
            }
        }
    }
}

impl AffineMap {
    /// Whether this is the identity map `(d0, ..., dn) -> (d0, ..., dn)` without symbols.
    pub fn is_identity(&self) -> bool {
        self.num_symbols == 0
            && self.results.len() == self.num_dims as usize
            && self
                .results
                .iter()
                .enumerate()
                .all(|(i, e)| *e == AffineExpr::Dim(i as u32))
    }
}
