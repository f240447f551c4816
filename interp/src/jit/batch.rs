//! Judging many programs with one `mlir-opt-22` and one `mlir-runner-22` invocation.
//!
//! Starting the two tools costs more than lowering and compiling a fuzz program of 500
//! operations, so [`Jit::run_batch`] links the programs into one module ([`super::link`]),
//! lowers it with [`super::lowerings`] and runs one entry that calls each
//! program's entry in turn, then `jit_check_program_end(k)`, which ends the program's standard
//! output with a marker and reports its own heap counts (`jit/alloc_check.c`). The verdict of
//! each program is the one [`Jit::run`] gives it alone:
//! - a program the linker does not understand, or alone in its batch, is run alone;
//! - a batch is lowered with one lowering, the first at the start (the second for programs
//!   holding a `memref.alloca_scope`, batched apart: see [`SCOPES_LEVEL`]); when it does not lower, the
//!   programs the errors point at (which would fail that lowering alone too) are batched
//!   again with the next lowering (run alone after the last) and the others with the same one;
//!   errors that point at no program split the batch in halves;
//! - when the runner crashes, times out or stops early, the programs that reached their end
//!   marker keep their outcome, the next one is run alone and the rest are batched again.

use std::collections::BTreeMap;
use std::path::Path;

use super::link::{BatchModule, Declared, Linked};
use super::{Jit, JitError, JitOutcome, lowerings, parse_counts, unique_name};

/// Most programs linked into one batch.
const MAX_PROGRAMS: usize = 64;

/// Most bytes of program text linked into one batch.
const MAX_BYTES: usize = 4 << 20;

/// The lowering ([`lowerings`]) programs holding a `memref.alloca_scope` start with: the first
/// lowering turns the scope into several blocks while it is still inside an `scf` op, which then
/// fails to verify, so such a program would fail it, and make its whole batch be lowered again.
const SCOPES_LEVEL: usize = 1;

/// The entry function of a batch module.
const BATCH_ENTRY: &str = "jit_batch_main";

/// What `jit_check_program_end(k)` prints after program `k`'s output: this, `k`, then
/// [`MARK_CLOSE`].
const MARK_OPEN: &str = "\u{1e}JIT-CHECK-END ";
const MARK_CLOSE: char = '\u{1e}';

/// How a batch was judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchStats {
    /// Batch modules lowered (successfully or not).
    pub lowerings: u64,
    /// Batch modules run by `mlir-runner-22`.
    pub runs: u64,
    /// Programs judged alone, by [`Jit::run`].
    pub alone: u64,
}

impl BatchStats {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: BatchStats) {
        self.lowerings += other.lowerings;
        self.runs += other.runs;
        self.alone += other.alone;
    }
}

/// A program of a batch: its index among the texts and its linkable form.
type Member<'a> = (usize, &'a Linked);

/// One batch's judging: the texts, the results so far and the counts.
struct Judging<'t> {
    jit: &'t Jit,
    texts: &'t [&'t str],
    entry: &'t str,
    results: Vec<Option<Result<JitOutcome, JitError>>>,
    stats: BatchStats,
}

impl Jit {
    /// Lowers and runs function `entry` (no arguments, no results) of each module of `texts`,
    /// with as few tool invocations as possible; the outcome of each is what [`Jit::run`] gives
    /// it (see the module doc).
    pub fn run_batch(
        &self,
        texts: &[&str],
        entry: &str,
    ) -> (Vec<Result<JitOutcome, JitError>>, BatchStats) {
        let mut judging = Judging {
            jit: self,
            texts,
            entry,
            results: vec![None; texts.len()],
            stats: BatchStats::default(),
        };
        let linked: Vec<Option<Linked>> = texts
            .iter()
            .enumerate()
            .map(|(i, text)| Linked::new(text, &format!("jit{i}_")))
            .collect();
        let mut members = Vec::new();
        for (i, l) in linked.iter().enumerate() {
            match l {
                Some(l) => members.push((i, l)),
                None => judging.alone(i),
            }
        }
        let (scoped, plain): (Vec<Member>, Vec<Member>) = members
            .iter()
            .partition(|&&(i, _)| texts[i].contains("memref.alloca_scope"));
        for (level, members) in [(0, plain), (SCOPES_LEVEL, scoped)] {
            for group in groups(&members, texts) {
                judging.judge(&group, level);
            }
        }
        let results = judging
            .results
            .into_iter()
            .map(|r| r.unwrap_or_else(|| Err(JitError::Run("not judged".into()))))
            .collect();
        (results, judging.stats)
    }
}

/// Splits `members` into batches in order: at most [`MAX_PROGRAMS`] programs and
/// [`MAX_BYTES`] bytes each, and no two programs whose declarations clash
/// ([`Linked::agrees_with`]).
fn groups<'a>(members: &[Member<'a>], texts: &[&str]) -> Vec<Vec<Member<'a>>> {
    let mut out: Vec<Vec<Member>> = Vec::new();
    let mut current: Vec<Member> = Vec::new();
    let mut declared = Declared::default();
    let mut bytes = 0;
    for &(i, l) in members {
        let fits = current.len() < MAX_PROGRAMS && bytes + texts[i].len() <= MAX_BYTES;
        if !current.is_empty() && (!fits || !l.agrees_with(&declared)) {
            out.push(std::mem::take(&mut current));
            declared = Declared::default();
            bytes = 0;
        }
        declared.add(l);
        bytes += texts[i].len();
        current.push((i, l));
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

impl Judging<'_> {
    /// Judges program `i` alone.
    fn alone(&mut self, i: usize) {
        self.stats.alone += 1;
        self.results[i] = Some(self.jit.run(self.texts[i], self.entry));
    }

    /// Judges `members` as one batch lowered with lowering `level`, falling back as the module
    /// doc says.
    fn judge(&mut self, members: &[Member], level: usize) {
        match members {
            [] => {}
            [(i, _)] => self.alone(*i),
            _ => self.judge_batch(members, level),
        }
    }

    fn judge_batch(&mut self, members: &[Member], level: usize) {
        let linked: Vec<&Linked> = members.iter().map(|&(_, l)| l).collect();
        let module = BatchModule::link(&linked, self.entry, BATCH_ENTRY);
        let stem = self.jit.scratch.join(unique_name());
        let source = stem.with_extension("mlir");
        let lowered = stem.with_extension("llvm.mlirbc");
        let outcome = self.lower_and_run(&module, level, &source, &lowered);
        let _ = std::fs::remove_file(&source);
        let _ = std::fs::remove_file(&lowered);
        match outcome {
            Err(errors) => self.after_lowering_failed(members, level, &module, &errors),
            Ok((success, completed)) => self.after_run(members, level, success, completed),
        }
    }

    /// Lowers and runs the batch: whether the runner succeeded and the outcomes of the
    /// programs that reached their end, in order; or the lowering's errors.
    fn lower_and_run(
        &mut self,
        module: &BatchModule,
        level: usize,
        source: &Path,
        lowered: &Path,
    ) -> Result<(bool, Vec<JitOutcome>), String> {
        std::fs::write(source, &module.text).map_err(|e| e.to_string())?;
        self.stats.lowerings += 1;
        super::lower_with(source, lowered, &lowerings()[level])?;
        self.stats.runs += 1;
        let Ok(run) = self.jit.runner(lowered, BATCH_ENTRY) else {
            return Ok((false, Vec::new()));
        };
        let stdout = String::from_utf8_lossy(&run.stdout);
        let stderr = String::from_utf8_lossy(&run.stderr);

        Ok((run.status.success(), completed_programs(&stdout, &stderr)))
    }

    /// The programs the lowering errors point at are batched with the next lowering (judged
    /// alone after the last), the others batched again; when the errors point at none, the
    /// batch is split in halves.
    fn after_lowering_failed(
        &mut self,
        members: &[Member],
        level: usize,
        module: &BatchModule,
        errors: &str,
    ) {
        let mut culprits: Vec<usize> = error_lines(errors)
            .filter_map(|line| module.owner_of_line(line))
            .collect();
        culprits.sort_unstable();
        culprits.dedup();
        if culprits.is_empty() {
            let (a, b) = members.split_at(members.len() / 2);
            self.judge(a, level);
            self.judge(b, level);
            return;
        }
        let (failed, rest): (Vec<_>, Vec<_>) = members
            .iter()
            .enumerate()
            .partition(|(k, _)| culprits.binary_search(k).is_ok());
        let failed: Vec<Member> = failed.into_iter().map(|(_, &m)| m).collect();
        let rest: Vec<Member> = rest.into_iter().map(|(_, &m)| m).collect();
        if level + 1 < lowerings().len() {
            self.judge(&failed, level + 1);
        } else {
            for &(i, _) in &failed {
                self.alone(i);
            }
        }
        self.judge(&rest, level);
    }

    /// Keeps the outcomes of the programs that completed; judges the first that did not alone
    /// and the rest as a new batch. A run that failed after every program completed is split.
    fn after_run(
        &mut self,
        members: &[Member],
        level: usize,
        success: bool,
        completed: Vec<JitOutcome>,
    ) {
        if !success && completed.len() >= members.len() {
            let (a, b) = members.split_at(members.len() / 2);
            self.judge(a, level);
            self.judge(b, level);
            return;
        }
        let done = completed.len().min(members.len());
        for (&(i, _), outcome) in members.iter().zip(completed) {
            self.results[i] = Some(Ok(outcome));
        }
        if done < members.len() {
            self.alone(members[done].0);
            self.judge(&members[done + 1..], level);
        }
    }
}

/// The 1-based lines of the `error:` diagnostics in `mlir-opt-22`'s stderr
/// (`path:line:col: error: ...`).
fn error_lines(stderr: &str) -> impl Iterator<Item = usize> + '_ {
    stderr.lines().filter_map(|l| {
        let (position, _) = l.split_once(": error:")?;
        let mut parts = position.rsplitn(3, ':');
        let _column = parts.next()?;
        parts.next()?.parse().ok()
    })
}

/// The outcomes of the programs that reached their end marker, in order: the output before
/// marker `k` (after marker `k - 1`) with the counts of the `JIT-CHECK program=k` line.
fn completed_programs(stdout: &str, stderr: &str) -> Vec<JitOutcome> {
    let mut counts: BTreeMap<usize, JitOutcome> = BTreeMap::new();
    for line in stderr.lines() {
        let Some(rest) = line.strip_prefix("JIT-CHECK program=") else {
            continue;
        };
        let Some((k, fields)) = rest.split_once(' ') else {
            continue;
        };
        if let (Ok(k), Some(outcome)) = (k.parse(), parse_counts(fields)) {
            counts.entry(k).or_insert(outcome);
        }
    }
    let mut out = Vec::new();
    let mut rest = stdout;
    while let Some(at) = rest.find(MARK_OPEN) {
        let after = &rest[at + MARK_OPEN.len()..];
        let Some((index, tail)) = after.split_once(MARK_CLOSE) else {
            break;
        };
        let Some(mut outcome) = index.parse().ok().and_then(|k: usize| counts.remove(&k)) else {
            break;
        };
        if index != out.len().to_string() {
            break;
        }
        outcome.stdout = rest[..at].to_string();
        out.push(outcome);
        rest = tail;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_outputs_at_the_end_markers() {
        let stdout = "7\u{1e}JIT-CHECK-END 0\u{1e}1\n2\n\u{1e}JIT-CHECK-END 1\u{1e}partial";
        let stderr = "JIT-CHECK program=0 allocs=1 frees=0 leaks=1 bad_frees=0\nJIT-CHECK: free of 0x1, which is not a live allocation\nJIT-CHECK program=1 allocs=2 frees=2 leaks=0 bad_frees=1\n";
        let done = completed_programs(stdout, stderr);
        assert_eq!(done.len(), 2);
        assert_eq!((done[0].stdout.as_str(), done[0].leaks), ("7", 1));
        assert_eq!((done[1].stdout.as_str(), done[1].bad_frees), ("1\n2\n", 1));
        // A marker without its counts ends the list.
        assert_eq!(completed_programs(stdout, "").len(), 0);
    }

    #[test]
    fn finds_the_lines_of_lowering_errors() {
        let stderr = "/tmp/x/run-1-2.mlir:648:5: error: 'func.call' op bad\n    call @p()\n/tmp/x/run-1-2.mlir:9:1: note: see\nloc(\"a\"):3:4: error: other\n";
        assert_eq!(error_lines(stderr).collect::<Vec<_>>(), vec![648, 3]);
    }
}
