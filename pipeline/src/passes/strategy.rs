//! What every named deallocation pipeline offers around its own passes: the `hoist` option
//! (peak-safe hoisting and promotion before, frees moved to last uses after) and the `reuse`
//! option (`hlo-buffer-reuse` last). One place for their help texts and their order.

use crate::pipeline_text::PipelineElement;

use super::{hoisting, reuse};

/// The `hoist` option's help text.
pub(super) const HOIST_HELP: &str = "First move allocations out of loops and up to dominators, \
    and promote small ones to the stack, skipping every move that could raise the peak; last, \
    move each free up to its buffer's last use";

/// The `reuse` option's help text.
pub(super) const REUSE_HELP: &str = "Last, move frees up to their buffers' last uses and run \
    hlo-buffer-reuse: freed buffers serve later allocations, copies are elided, loop \
    temporaries are hoisted or double-buffered, never raising the peak";

/// A strategy's pipeline: `prelude`, then hoisting if asked, then the passes that insert and
/// lower deallocation, then the frees moved up (with `hoist`) and buffer reuse (with `reuse`).
pub(super) fn around_deallocation(
    hoist: bool,
    reuse: bool,
    prelude: impl IntoIterator<Item = PipelineElement>,
    deallocation: impl IntoIterator<Item = PipelineElement>,
) -> Vec<PipelineElement> {
    let mut passes: Vec<PipelineElement> = prelude.into_iter().collect();
    if hoist {
        passes.extend(hoisting::before_deallocation());
    }
    passes.extend(deallocation);
    if hoist {
        passes.extend(hoisting::after_deallocation());
    }
    if reuse {
        passes.extend(reuse::after_deallocation());
    }
    passes
}
