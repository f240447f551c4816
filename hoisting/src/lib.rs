//! Moving and shrinking allocations before (or after) deallocation is inserted:
//!
//! - [`buffer_hoisting`] (`buffer-hoisting`) moves heap allocations up to the block that
//!   dominates all their aliases' uses, staying inside loops;
//! - [`buffer_loop_hoisting`] (`buffer-loop-hoisting`) moves allocations out of sequential
//!   loops whose trips do not hand the buffer to the next trip, never out of parallel loops;
//! - [`promote_buffers_to_stack`] (`promote-buffers-to-stack`) turns small heap allocations
//!   that never escape their automatic allocation scope into stack allocations;
//! - [`optimize_allocation_liveness`] (`optimize-allocation-liveness`) moves an existing free
//!   up to right after the last use of the buffer and its aliases.
//!
//! Every pass sees ops only through the registry: allocations through their
//! [`ir::AllocationInterface`] and memory effects, loops through `LOOP_LIKE` and the
//! region-branch interface, parallel loops through `HAS_PARALLEL_REGION`, aliases through
//! `analysis::alias`. Each is linear in the size of the op it runs on, apart from alias sets.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod allocs;
mod hoist;
mod liveness_opt;
mod peak;
mod promote;

pub use allocs::{Allocation, heap_allocations, start_operation};
pub use hoist::{HoistOptions, buffer_hoisting, buffer_loop_hoisting};
pub use liveness_opt::{LivenessOptions, optimize_allocation_liveness};
pub use promote::{PromoteOptions, promote_buffers_to_stack};
