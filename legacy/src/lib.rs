//! The copy-insertion deallocation strategy of MLIR up to LLVM 20 (seed 001), made sound:
//! `buffer-deallocation` places a clone at every critical alias and a free at the common
//! post-dominator of a buffer's aliases; `copy-removal` then reuses the source or the target of
//! a copy where the seed's constraints allow.
//!
//! * [`flow`]: which operands forward buffers into which block arguments, region arguments and
//!   region-branch results (branch and region-branch interfaces).
//! * [`origins`]: which owned buffer each value may be a view of, and the critical merges.
//! * [`cycles`]: the `cf` loops.
//! * [`placement`]: where each owned buffer is freed.
//! * [`hazards`]: the check that no clone changes what the program computes.
//! * [`fallback`]: runtime ownership flags for the merges whose clones it refuses.
//! * [`copy_removal`]: the post pass.
//! * [`returns`]: the promise to callers that returned buffers are distinct, for functions
//!   deallocated by another strategy.
//!
//! The function ABI is the ownership-based strategy's (`dealloc`): arguments are never owned,
//! returned buffers are owned by the caller (every returned buffer is returned as a clone,
//! which copy removal and clone canonicalization take out where the source dies right there),
//! and call results are owned by the caller, which frees them.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod copy_removal;
pub mod cycles;
pub mod fallback;
pub mod flow;
pub mod hazards;
pub mod origins;
mod pass;
pub mod placement;
pub mod returns;

use ir::{Changed, Context, Diagnostic, Op, TransformResult, track_changes};

/// Options of `buffer-deallocation` (none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BufferDeallocationOptions;

/// Options of `copy-removal` (none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyRemovalOptions;

/// `buffer-deallocation`: clones every buffer forwarded into a critical merge, returns a clone
/// of every returned buffer, moves the program's own frees and frees every owned buffer after
/// the last use of its aliases, in every `func.func` with a body nested in `root`.
pub fn buffer_deallocation(
    ctx: &mut Context,
    root: Op,
    _options: &BufferDeallocationOptions,
) -> TransformResult {
    track_changes(ctx, |ctx| pass::run(ctx, root, false).map(|_| ()))
}

/// [`buffer_deallocation`], except that a function where a copy would be observed (a buffer
/// written through one name while its copy is read through another) is left exactly as it
/// was instead of getting runtime ownership flags or failing the pass. Returns those functions (the ops now in the module), in program order,
/// for another strategy to deallocate; other errors still fail the pass.
pub fn buffer_deallocation_except_refused(
    ctx: &mut Context,
    root: Op,
    _options: &BufferDeallocationOptions,
) -> Result<(Changed, Vec<Op>), Vec<Diagnostic>> {
    let mut refused = Vec::new();
    let changed = track_changes(ctx, |ctx| {
        refused = pass::run(ctx, root, true)?;
        Ok(())
    })?;
    Ok((changed, refused))
}

/// `copy-removal`: removes copies whose source or target can take the other's place.
pub fn copy_removal(ctx: &mut Context, root: Op, _options: &CopyRemovalOptions) -> TransformResult {
    track_changes(ctx, |ctx| {
        copy_removal::run(ctx, root);
        Ok(())
    })
}
