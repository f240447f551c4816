//! Source locations, as in MLIR's `Location`.
//!
//! Every operation carries a [`Loc`]. The parser gives each op the `file:line:col` of its first
//! token unless the text spells an explicit `loc(...)`. Diagnostics resolve a location to the
//! first file position it contains.
//!
//! Parsed ops are the bulk of all locations, and each has its own position, so interning them
//! would cost a hash-table entry per op. Instead the parser registers its buffer once
//! ([`Context::add_source`](crate::Context::add_source)) and every op's location is its byte
//! offset there, tagged by the top bit of the [`Loc`] id. Line and column are computed only
//! when a diagnostic or a caller asks for them.

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

/// A parsed buffer whose byte offsets serve as locations.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SourceId {
    /// Index into the context's source list.
    pub(crate) index: u32,
    /// First id of the buffer's offsets in the positional location space, or `None` when the
    /// space is exhausted (then its locations are interned one by one).
    pub(crate) base: Option<u32>,
}

/// The line table of a registered buffer.
pub(crate) struct SourceBuffer {
    pub(crate) file: Sym,
    /// First id of the buffer in the positional space, as in [`SourceId::base`].
    pub(crate) base: Option<u32>,
    /// Byte offset of every line start.
    pub(crate) line_starts: Vec<u32>,
}

impl SourceBuffer {
    /// The 1-based line and column of a byte offset.
    pub(crate) fn line_col(&self, offset: u32) -> (u32, u32) {
        let line_idx = self.line_starts.partition_point(|&start| start <= offset) - 1;
        (line_idx as u32 + 1, offset - self.line_starts[line_idx] + 1)
    }
}

/// Location ids with this bit set are positions in a registered buffer.
pub(crate) const POSITIONAL: u32 = 1 << 31;
/// Size of the positional space: the top id is left out because it is the packed-option
/// sentinel of [`Loc`].
pub(crate) const POSITIONAL_SPACE: u32 = u32::MAX - POSITIONAL;

/// The byte offset of every line start: 0 and each offset after a `\n`, found by `memchr`'s
/// vectorized search (a fraction of an instruction per byte on a large input). Offsets past
/// `u32::MAX` are not recorded (such buffers use interned locations, clamped).
pub(crate) fn line_starts(src: &str) -> Vec<u32> {
    let bytes = &src.as_bytes()[..src.len().min(u32::MAX as usize)];
    let mut starts = Vec::with_capacity(bytes.len() / 32 + 1);
    starts.push(0);
    starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| (i + 1) as u32));
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_follow_every_newline() {
        let text = "ab\n\ncdefghijklmnop\nq\n";
        assert_eq!(line_starts(text), vec![0, 3, 4, 19, 21]);
    }

    #[test]
    fn line_col_is_one_based() {
        let buffer = SourceBuffer {
            file: Sym::from_u32(0),
            base: Some(0),
            line_starts: line_starts("ab\ncd\n"),
        };
        assert_eq!(buffer.line_col(0), (1, 1));
        assert_eq!(buffer.line_col(1), (1, 2));
        assert_eq!(buffer.line_col(3), (2, 1));
        assert_eq!(buffer.line_col(6), (3, 1));
    }
}
