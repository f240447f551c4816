//! Ownership-based buffer deallocation (`ownership-based-buffer-deallocation`) and
//! `expand-realloc`.
//!
//! [`deallocate_buffers`] inserts `bufferization.dealloc` ops so that every buffer allocated in a
//! `func.func` is freed exactly once, tracking an `i1` ownership indicator per memref value and
//! block, as MLIR 22's pass does (see `ARCHITECTURE.md` and the module docs of [`pass`]).
//! [`expand_realloc`] rewrites `memref.realloc` into alloc + copy (+ dealloc).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod expand_realloc;
pub mod extensions;
pub mod ownership;
pub mod pass;
#[cfg(test)]
mod test_support;

use ir::{Context, Op, TransformResult, track_changes};

pub use expand_realloc::ExpandReallocOptions;
pub use extensions::{Extensions, MaterializeFn, OpBehaviour, ProcessFn};
pub use ownership::Ownership;
pub use pass::{DeallocOptions, DeallocState};

/// `ownership-based-buffer-deallocation`: frees every buffer allocated in the functions nested
/// in `root` exactly once, with the built-in op behaviours ([`Extensions::builtin`]).
pub fn deallocate_buffers(
    ctx: &mut Context,
    root: Op,
    options: &DeallocOptions,
) -> TransformResult {
    track_changes(ctx, |ctx| pass::deallocate_buffers(ctx, root, options))
}

/// [`deallocate_buffers`] with the behaviours of `ext` for ops of their own (start from
/// [`Extensions::builtin`] and [`Extensions::register`] yours).
pub fn deallocate_buffers_with(
    ctx: &mut Context,
    root: Op,
    options: &DeallocOptions,
    ext: &Extensions,
) -> TransformResult {
    track_changes(ctx, |ctx| {
        pass::deallocate_buffers_with(ctx, root, options, ext)
    })
}

/// `expand-realloc`: rewrites every `memref.realloc` nested in `root` into an allocation, a
/// copy of the old contents and (unless `options` say otherwise) a free of the old buffer.
pub fn expand_realloc(
    ctx: &mut Context,
    root: Op,
    options: &ExpandReallocOptions,
) -> TransformResult {
    track_changes(ctx, |ctx| {
        expand_realloc::expand_realloc(ctx, root, options)
    })
}
