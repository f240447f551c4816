//! Hoisting and stack promotion: `buffer-hoisting`, `buffer-loop-hoisting`,
//! `promote-buffers-to-stack`, `optimize-allocation-liveness` (each on every `func.func`).

use hoisting::PromoteOptions;
use ir::{Context, Op};

use crate::pass::{Pass, PassFailed, PassInfo, PassKind, PassOutput};

/// The passes of this family.
pub fn all() -> Vec<PassInfo> {
    vec![
        PassInfo {
            name: "buffer-hoisting",
            summary: "Move heap allocations up to the block dominating every use of the buffer and its aliases, staying inside loops",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("buffer-hoisting")?;
                Ok(Box::new(Hoist::ToDominators))
            }),
        },
        PassInfo {
            name: "buffer-loop-hoisting",
            summary: "Move allocations out of sequential loops whose trips never pass the buffer on",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("buffer-loop-hoisting")?;
                Ok(Box::new(Hoist::OutOfLoops))
            }),
        },
        PassInfo {
            name: "optimize-allocation-liveness",
            summary: "Move each free up to right after the last use of its buffer in the buffer's block",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("optimize-allocation-liveness")?;
                Ok(Box::new(Hoist::Frees))
            }),
        },
        PassInfo {
            name: "promote-buffers-to-stack",
            summary: "Turn small heap allocations that never leave their allocation scope and are never freed into stack allocations",
            options: &[
                (
                    "max-alloc-size-in-bytes",
                    "Largest static allocation to promote, in bytes (default 1024)",
                ),
                (
                    "max-rank-of-allocated-memref",
                    "Largest rank of a dynamically sized allocation to promote (default 1)",
                ),
                (
                    "bitwidth-of-index-type",
                    "Bit width of index elements when sizing an allocation (default 64)",
                ),
            ],
            kind: PassKind::Pass(|mut o| {
                let defaults = PromoteOptions::default();
                let options = PromoteOptions {
                    max_alloc_size_in_bytes: non_negative(o.take_int(
                        "max-alloc-size-in-bytes",
                        defaults.max_alloc_size_in_bytes as i64,
                    )?),
                    max_rank_of_allocated_memref: non_negative(o.take_int(
                        "max-rank-of-allocated-memref",
                        defaults.max_rank_of_allocated_memref as i64,
                    )?),
                    bitwidth_of_index_type: non_negative(o.take_int(
                        "bitwidth-of-index-type",
                        i64::from(defaults.bitwidth_of_index_type),
                    )?) as u32,
                };
                o.finish("promote-buffers-to-stack")?;
                Ok(Box::new(Promote(options)))
            }),
        },
    ]
}

fn non_negative(v: i64) -> u64 {
    v.max(0) as u64
}

/// The passes that move ops without options.
enum Hoist {
    ToDominators,
    OutOfLoops,
    Frees,
}

impl Pass for Hoist {
    fn name(&self) -> &'static str {
        match self {
            Hoist::ToDominators => "buffer-hoisting",
            Hoist::OutOfLoops => "buffer-loop-hoisting",
            Hoist::Frees => "optimize-allocation-liveness",
        }
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        match self {
            Hoist::ToDominators => hoisting::buffer_hoisting(ctx, op),
            Hoist::OutOfLoops => hoisting::buffer_loop_hoisting(ctx, op),
            Hoist::Frees => hoisting::optimize_allocation_liveness(ctx, op),
        };
        Ok(())
    }
}

/// `promote-buffers-to-stack`.
struct Promote(PromoteOptions);

impl Pass for Promote {
    fn name(&self) -> &'static str {
        "promote-buffers-to-stack"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        hoisting::promote_buffers_to_stack(ctx, op, &self.0);
        Ok(())
    }
    fn options_text(&self) -> String {
        let d = PromoteOptions::default();
        let o = &self.0;
        if *o == d {
            return String::new();
        }
        format!(
            "{{bitwidth-of-index-type={} max-alloc-size-in-bytes={} max-rank-of-allocated-memref={}}}",
            o.bitwidth_of_index_type, o.max_alloc_size_in_bytes, o.max_rank_of_allocated_memref
        )
    }
}
