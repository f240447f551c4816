//! Typed entity ids for the IR arenas.
//!
//! Every IR node lives in a dense arena owned by the [`Context`](crate::Context) and is named by a
//! `Copy` newtype over `u32`. Ids are never reused: erasing a node unlinks it and marks it dead,
//! so a stale id is detected instead of silently aliasing a newer node.

use cranelift_entity::entity_impl;

/// An operation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Op(u32);
entity_impl!(Op, "op");

/// A basic block inside a region.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(u32);
entity_impl!(Block, "block");

/// A region: a list of blocks owned by an operation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region(u32);
entity_impl!(Region, "region");

/// An SSA value: an operation result or a block argument.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u32);
entity_impl!(Value, "v");

/// One use of a value: an operand slot of an operation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Operand(u32);
entity_impl!(Operand, "use");

/// An interned type.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Type(u32);
entity_impl!(Type, "type");

/// An interned attribute.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attr(u32);
entity_impl!(Attr, "attr");

/// An interned source location.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc(u32);
entity_impl!(Loc, "loc");

/// An interned string (identifiers, attribute names, symbol names).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(u32);
entity_impl!(Sym, "sym");

/// An operation name: an index into the [`Registry`](crate::Registry).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpName(u32);
entity_impl!(OpName, "opname");
