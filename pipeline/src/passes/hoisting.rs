//! Hoisting and stack promotion: `buffer-hoisting`, `buffer-loop-hoisting`,
//! `promote-buffers-to-stack`, `optimize-allocation-liveness` (each on every `func.func`).

use hoisting::{HoistOptions, PromoteOptions};
use ir::{Context, Op};

use crate::pass::{Pass, PassFailed, PassInfo, PassKind, PassOutput};

/// The passes of this family.
pub fn all() -> Vec<PassInfo> {
    vec![
        PassInfo {
            name: "buffer-hoisting",
            summary: "Move heap allocations up to the block dominating every use of the buffer and its aliases, staying inside loops",
            options: &[(
                "peak-safe",
                "Only moves that cannot raise the heap peak (none over another heap allocation)",
            )],
            kind: PassKind::Pass(|mut o| {
                let peak_safe = o.take_bool("peak-safe", false)?;
                o.finish("buffer-hoisting")?;
                Ok(Box::new(Hoist::ToDominators(HoistOptions { peak_safe })))
            }),
        },
        PassInfo {
            name: "buffer-loop-hoisting",
            summary: "Move allocations out of sequential loops whose trips never pass the buffer on",
            options: &[(
                "peak-safe",
                "Only moves that cannot raise the heap peak (none over another heap allocation)",
            )],
            kind: PassKind::Pass(|mut o| {
                let peak_safe = o.take_bool("peak-safe", false)?;
                o.finish("buffer-loop-hoisting")?;
                Ok(Box::new(Hoist::OutOfLoops(HoistOptions { peak_safe })))
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
                (
                    "peak-safe",
                    "Only promote buffers whose life to the end of the scope spans no other allocation",
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
                    peak_safe: o.take_bool("peak-safe", false)?,
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
    ToDominators(HoistOptions),
    OutOfLoops(HoistOptions),
    Frees,
}

impl Pass for Hoist {
    fn name(&self) -> &'static str {
        match self {
            Hoist::ToDominators(_) => "buffer-hoisting",
            Hoist::OutOfLoops(_) => "buffer-loop-hoisting",
            Hoist::Frees => "optimize-allocation-liveness",
        }
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        match self {
            Hoist::ToDominators(o) => hoisting::buffer_hoisting(ctx, op, o),
            Hoist::OutOfLoops(o) => hoisting::buffer_loop_hoisting(ctx, op, o),
            Hoist::Frees => hoisting::optimize_allocation_liveness(ctx, op),
        };
        Ok(())
    }
    fn options_text(&self) -> String {
        match self {
            Hoist::ToDominators(o) | Hoist::OutOfLoops(o) if o.peak_safe => {
                "{peak-safe=true}".to_string()
            }
            _ => String::new(),
        }
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
            "{{bitwidth-of-index-type={} max-alloc-size-in-bytes={} max-rank-of-allocated-memref={} peak-safe={}}}",
            o.bitwidth_of_index_type,
            o.max_alloc_size_in_bytes,
            o.max_rank_of_allocated_memref,
            o.peak_safe
        )
    }
}
