//! The IR of `dealloc`: an MLIR-style intermediate representation in Rust.
//!
//! - [`Context`] owns every op, block, region, value and operand in dense arenas, plus the
//!   interned types, attributes, locations and strings.
//! - [`Registry`] describes every op: traits, interfaces (memory effects, region branches,
//!   branch operands, calls, views), custom syntax and verifier. Passes query the registry and
//!   never match op names.
//! - [`asm`] reads and writes MLIR text, byte-compatible with `mlir-opt-22`.
//! - [`verify`] checks structural and per-op invariants and reports every error found.
//! - [`transform`]: [`Changed`] and [`TransformResult`], what every pass's library function
//!   returns.
//! - [`dialects`] registers the ops we support (`builtin`, `func`, `cf`, `scf`, `arith`,
//!   `memref`, `bufferization`, `deallocation`, `test`, and `affine`, `math`, `index`, `ub`,
//!   `vector` for what bufferization and vectorization leave).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod asm;
pub mod attrs;
pub mod builder;
pub mod clone;
pub mod context;
pub mod data_layout;
pub mod diag;
pub mod dialects;
pub mod dominators;
pub mod entity;
pub mod interfaces;
pub mod location;
pub mod registry;
pub mod rewrite;
pub mod symbols;
pub mod transform;
pub mod types;
pub mod util;
pub mod verify;

pub use attrs::{AffineExpr, AffineMap, AttrData};
pub use builder::{Builder, InsertPoint};
pub use context::{Context, OpState, ValueDef};
pub use diag::{Diagnostic, Severity, SourceMap};
pub use dialects::view::OpView;
pub use entity::{Attr, Block, Loc, Op, OpName, Operand, Region, Sym, Type, Value};
pub use location::{FilePos, LocData, SourceId};
pub use registry::{
    AllocationInterface, CallInterface, CopyInterface, Count, EffectKind, EffectOn, Effects,
    HoistingKind, MemoryEffect, OpCounts, OpDef, PropertyKind, RegionBranch, RegionEdge,
    RegionPoint, Registry, Resource, Traits,
};
pub use rewrite::{Pattern, Rewriter};
pub use transform::{Changed, TransformResult, track_changes};
pub use types::{DYNAMIC, FloatKind, Signedness, TypeData};
