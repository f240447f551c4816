//! Editing an op's results in place: dropping unused ones without rebuilding the op.

use smallvec::SmallVec;

use crate::context::{Context, ValueDef};
use crate::entity::{Op, Value};

impl Context {
    /// Keeps only the results of `op` at positions `kept` (distinct), which become results 0,
    /// 1, ... in that order; the others, which must be unused, leave the op. Records `op` as
    /// changed: its result list is all that differs, so its own verification (result count and
    /// types against its regions' terminators) is what the change may invalidate; the kept
    /// results keep their values, so their users see no change.
    pub fn keep_results(&mut self, op: Op, kept: &[usize]) {
        debug_assert!(
            (0..self.ops[op].results.len())
                .filter(|k| !kept.contains(k))
                .all(|k| self.values[self.ops[op].results[k]].first_use.is_none()),
            "a dropped result still has uses"
        );
        self.touch();
        self.record_op(op);
        let results: SmallVec<[Value; 4]> = kept.iter().map(|&k| self.ops[op].results[k]).collect();
        for (index, &value) in results.iter().enumerate() {
            self.values[value].def = ValueDef::Result {
                op,
                index: index as u32,
            };
        }
        self.ops[op].results = results;
    }
}

#[cfg(test)]
mod tests {
    use crate::asm::{ParseOptions, parse_module};
    use crate::context::{Context, ValueDef};

    const PAIR: &str = r#"
func.func @f(%c: i1, %a: index, %b: index) -> index {
  %0:3 = "test.three"() : () -> (index, index, index)
  return %0#2 : index
}
"#;

    /// Keeping the last of three results leaves one result, the same value, now result 0,
    /// and records the op; its user still reads it.
    #[test]
    fn kept_results_are_renumbered_and_keep_their_values() {
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", PAIR, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let op = ctx
            .walk_preorder(module)
            .into_iter()
            .find(|&o| ctx.op_name_str(o) == "test.three")
            .expect("the op");
        let last = ctx.results(op)[2];
        ctx.start_recording_changes();
        ctx.keep_results(op, &[2]);
        assert_eq!(ctx.results(op), &[last]);
        assert!(matches!(ctx.value_def(last), ValueDef::Result { op: o, index: 0 } if o == op));
        assert_eq!(ctx.uses(last).count(), 1);
        let recorded = ctx.take_recorded_changes().expect("recording was on");
        assert!(recorded.words.contains(&op));
    }
}
