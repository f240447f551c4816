//! Source locations, as in MLIR's `Location`.
//!
//! Every operation carries a [`Loc`]. The parser gives each op the `file:line:col` of its first
//! token unless the text spells an explicit `loc(...)`. Diagnostics resolve a location to the
//! first file position it contains.

use crate::entity::{Loc, Sym};

/// The structure of a location.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocData {
    /// `loc(unknown)`.
    Unknown,
    /// `loc("file":line:col)`.
    FileLineCol {
        /// The file name.
        file: Sym,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        col: u32,
    },
    /// `loc("name"(child))`.
    Name {
        /// The name.
        name: Sym,
        /// The wrapped location, if any.
        child: Option<Loc>,
    },
    /// `loc(callsite(callee at caller))`.
    CallSite {
        /// Location of the callee.
        callee: Loc,
        /// Location of the caller.
        caller: Loc,
    },
    /// `loc(fused[a, b])`.
    Fused(Vec<Loc>),
}

/// A location resolved to a position in a file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FilePos {
    /// The file name.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
}
