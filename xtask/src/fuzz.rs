//! Mutation fuzzing of the text front end.
//!
//! Seeds are the `// -----` chunks of every `.mlir` file under `tests/` (but the tensor-level
//! sources `X.tensor.mlir` of the real inputs). Each input is a seed
//! mutated a few times (byte edits, range deletion and duplication, splicing with another seed,
//! insertion of MLIR tokens, huge numbers, deep nesting). Oracle:
//! 1. parse → verify → print never panics;
//! 2. whatever parses and verifies, once printed, parses and verifies again and prints the same
//!    text (the printer never emits something we cannot read back).
//!
//! `--dialects linalg,affine,...` keeps only the seeds that use one of the named dialects; the
//! inserted tokens include ops and syntax of `linalg`, `affine`, `vector`, `math`, `index` and
//! `ub`.
//!
//! Crashing inputs are saved under `target/fuzz-crashes/`. With `--against-mlir-opt`, the same
//! inputs are compared with `mlir-opt-22` instead (see [`crate::fuzz_differential`]).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Result;
use ir::Context;
use ir::asm::{ParseOptions, PrintOptions, parse_module, print_module};

use crate::rng::Rng;

const TOKENS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    ",",
    ":",
    "=",
    "->",
    "?",
    "x",
    "%0",
    "%arg0",
    "%1#1",
    "^bb1",
    "^bb0(%a: i32):",
    "@f",
    "\"",
    "loc(",
    "#map",
    "!t",
    "memref<",
    "?x",
    "*x",
    "i1",
    "i64",
    "index",
    "f32",
    "tensor<",
    "vector<",
    "strided<[",
    "offset: ?",
    "affine_map<(d0) -> (d0)>",
    "dense<",
    "array<i64: ",
    "99999999999999999999999999999999999999999",
    "-",
    "0x",
    "1.0e999",
    "scf.yield",
    "cf.br ^bb1",
    "func.return",
    "memref.alloc()",
    "scf.if %0 {",
    "} else {",
    "bufferization.dealloc",
    "retain (",
    "if (",
    "\"foo.op\"() ({",
    "}) : () -> ()",
    "%c = arith.constant 0 : index\n",
    "iter_args(",
    " to ",
    " step ",
    "// -----",
    "\n",
    // The dialects bufferized programs are made of besides memref and scf.
    "linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = [\"parallel\"]}",
    "iterator_types = [\"reduction\"]",
    "ins(",
    "outs(",
    "linalg.yield",
    "linalg.index 0 : index",
    "linalg.matmul",
    "linalg.fill ins(%c : f32) outs(",
    "dimensions = [0]",
    "permutation = [1, 0]",
    "{ arith.addf }",
    "affine.for %i = 0 to 4 {",
    "affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {",
    "affine.load %0[%i + 1]",
    "affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>",
    "min affine_map<(d0) -> (4, d0)>",
    "affine.yield",
    "affine.parallel (%i) = (0) to (4)",
    "vector.transfer_read",
    "{in_bounds = [true]}",
    "vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = [\"reduction\"]}",
    "#vector.kind<add>",
    "vector.reduction <maximumf>, ",
    " into ",
    "vector<4x",
    "math.exp",
    " fastmath<fast>",
    "math.fpowi",
    "index.add",
    "index.constant 4",
    "index.casts",
    "ub.poison : i32",
    "tensor.pad",
    " nofold",
    " low[1, %i] high[0, 1]",
    "tensor.yield",
    "tensor.generate",
    "tensor.cast",
    "tensor<*xf32>",
    "tensor.extract",
    "tensor.insert",
    "tensor.from_elements",
    "tensor.splat",
    "tensor.concat dim(1)",
    "tensor.collapse_shape",
    "tensor.expand_shape",
    " output_shape [2, %n]",
    "tensor.insert_slice",
    "tensor.extract_slice",
    "[[0, 1], [2]]",
    "tensor.dim",
    "tensor<?x",
    "#dlti.dl_entry<index, 32>",
    "#dlti.dl_spec<index = 32 : i64>",
];

/// `cargo xtask fuzz-parser`.
#[derive(clap::Args)]
pub struct FuzzParserArgs {
    /// How long to fuzz, in seconds
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// The first seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Compare acceptance, printing and first error line with mlir-opt-22 instead
    #[arg(long)]
    against_mlir_opt: bool,
    /// Keep only the seed chunks using one of these dialects (e.g. linalg,affine,vector)
    #[arg(long, value_delimiter = ',')]
    dialects: Vec<String>,
}

/// Runs the fuzzer (see the module doc).
pub fn run(args: &FuzzParserArgs) -> Result<()> {
    let (seconds, seed) = (args.seconds, args.seed);
    let mut seeds = load_seeds();
    if !args.dialects.is_empty() {
        let prefixes: Vec<String> = args.dialects.iter().map(|d| format!("{d}.")).collect();
        seeds.retain(|chunk| prefixes.iter().any(|p| chunk.contains(p.as_str())));
    }
    anyhow::ensure!(!seeds.is_empty(), "no seed inputs found under tests/");
    if args.against_mlir_opt {
        return run_differential(seeds, seed, Duration::from_secs(seconds));
    }
    std::panic::set_hook(Box::new(|_| {}));
    let handle = std::thread::Builder::new()
        .stack_size(4 << 30)
        .spawn(move || fuzz_loop(&seeds, seed, Duration::from_secs(seconds)))?;
    let stats = handle
        .join()
        .map_err(|_| anyhow::anyhow!("fuzz thread died"))?;
    let _ = std::panic::take_hook();
    println!(
        "fuzz-parser: {} inputs in {:.0?} (seed {seed}); {} parsed and verified; {} crashes; {} round-trip failures",
        stats.inputs, stats.elapsed, stats.valid, stats.crashes, stats.roundtrip_failures
    );
    if stats.crashes > 0 || stats.roundtrip_failures > 0 {
        anyhow::bail!("failures saved under target/fuzz-crashes/");
    }
    Ok(())
}

/// The `--against-mlir-opt` mode (see [`crate::fuzz_differential`]).
fn run_differential(seeds: Vec<String>, seed: u64, budget: Duration) -> Result<()> {
    let handle = std::thread::Builder::new()
        .stack_size(4 << 30)
        .spawn(move || crate::fuzz_differential::differential_loop(&seeds, seed, budget))?;
    let stats = handle
        .join()
        .map_err(|_| anyhow::anyhow!("differential fuzz thread died"))?;
    let kinds = stats
        .disagreements
        .iter()
        .map(|(kind, n)| format!("{kind} {n}"))
        .collect::<Vec<_>>()
        .join(", ");
    println!(
        "fuzz-parser --against-mlir-opt: {} inputs (seed {seed}); {} agreed; {} skipped (mlir-opt-22 crashed or hung, or the deallocation dialect); {} disagreed{}",
        stats.inputs,
        stats.agreed,
        stats.skipped,
        stats.total_disagreements(),
        if kinds.is_empty() {
            String::new()
        } else {
            format!(" ({kinds}; saved under target/fuzz-disagreements/)")
        }
    );
    Ok(())
}

#[derive(Default)]
struct Stats {
    inputs: u64,
    valid: u64,
    crashes: u64,
    roundtrip_failures: u64,
    elapsed: Duration,
}

fn load_seeds() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests");
    let mut seeds = Vec::new();
    for entry in walkdir::WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy();
        // `X.tensor.mlir` are tensor-level sources for `mlir-opt-22`'s bufferizer, not inputs.
        if !name.ends_with(".mlir") || name.ends_with(".tensor.mlir") {
            continue;
        }
        if let Ok(text) = std::fs::read_to_string(entry.path()) {
            for (_, chunk) in pipeline::driver::split_chunks(&text) {
                seeds.push(chunk.to_string());
            }
        }
    }
    seeds
}

fn fuzz_loop(seeds: &[String], seed: u64, budget: Duration) -> Stats {
    let mut rng = Rng::new(seed);
    let mut stats = Stats::default();
    let start = Instant::now();
    let crash_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/fuzz-crashes");
    // With DEALLOC_FUZZ_TRACE set, the input under test is kept in target/fuzz-current.mlir, so
    // a hang can be reproduced.
    let trace = std::env::var_os("DEALLOC_FUZZ_TRACE").is_some();
    while start.elapsed() < budget {
        for _ in 0..64 {
            let input = mutate(&mut rng, seeds);
            stats.inputs += 1;
            if trace {
                let _ = std::fs::write(crash_dir.with_file_name("fuzz-current.mlir"), &input);
            }
            match catch_unwind(AssertUnwindSafe(|| check_one(&input))) {
                Ok(Outcome::Rejected) => {}
                Ok(Outcome::Valid) => stats.valid += 1,
                Ok(Outcome::RoundTripFailed(why)) => {
                    stats.roundtrip_failures += 1;
                    save(
                        &crash_dir,
                        "roundtrip",
                        stats.inputs,
                        &format!("// {why}\n{input}"),
                    );
                }
                Err(_) => {
                    stats.crashes += 1;
                    save(&crash_dir, "crash", stats.inputs, &input);
                }
            }
        }
    }
    stats.elapsed = start.elapsed();
    stats
}

fn save(dir: &Path, kind: &str, n: u64, text: &str) {
    let _ = std::fs::create_dir_all(dir);
    let _ = std::fs::write(dir.join(format!("{kind}-{n}.mlir")), text);
}

enum Outcome {
    Rejected,
    Valid,
    RoundTripFailed(String),
}

fn parse_verify_print(text: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    let opts = ParseOptions {
        allow_unregistered: true,
    };
    let module = parse_module(&mut ctx, "fuzz.mlir", text, &opts).map_err(|d| d.message)?;
    ir::verify::verify(&ctx, module)
        .map_err(|d| d.first().map(|d| d.message.clone()).unwrap_or_default())?;
    Ok(print_module(&ctx, module, &PrintOptions::default()))
}

fn check_one(input: &str) -> Outcome {
    let Ok(printed) = parse_verify_print(input) else {
        return Outcome::Rejected;
    };
    match parse_verify_print(&printed) {
        Ok(again) if again == printed => Outcome::Valid,
        Ok(_) => Outcome::RoundTripFailed("printing is not idempotent".into()),
        Err(e) => Outcome::RoundTripFailed(format!("printed output does not re-parse: {e}")),
    }
}

/// One fuzz input: a random seed chunk, mutated one to four times.
pub(crate) fn mutate(rng: &mut Rng, seeds: &[String]) -> String {
    let mut bytes = seeds[rng.below(seeds.len())].clone().into_bytes();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let len = bytes.len().max(1);
        match rng.below(8) {
            0 => {
                let i = rng.below(len);
                if i < bytes.len() {
                    bytes[i] = (rng.next_u64() & 0x7f) as u8;
                }
            }
            1 => {
                let a = rng.below(len);
                let b = (a + rng.below(32)).min(bytes.len());
                if a < b {
                    bytes.drain(a..b);
                }
            }
            2 => {
                let a = rng.below(len);
                let b = (a + rng.below(64)).min(bytes.len());
                if a < b {
                    let piece = bytes[a..b].to_vec();
                    let at = rng.below(bytes.len() + 1);
                    bytes.splice(at..at, piece);
                }
            }
            3 | 4 => {
                let tok = TOKENS[rng.below(TOKENS.len())].as_bytes();
                let at = rng.below(bytes.len() + 1);
                bytes.splice(at..at, tok.iter().copied());
            }
            5 => {
                let other = seeds[rng.below(seeds.len())].as_bytes();
                let cut = rng.below(bytes.len() + 1);
                let from = rng.below(other.len() + 1);
                bytes.truncate(cut);
                bytes.extend_from_slice(&other[from..]);
            }
            6 => {
                // Truncate.
                let cut = rng.below(bytes.len() + 1);
                bytes.truncate(cut);
            }
            _ => {
                // Deep nesting of a region-holding op or of brackets.
                let limit = if rng.chance(1, 50) { 20_000 } else { 64 };
                let depth = 1 + rng.below(limit);
                let (open, close): (&str, &str) = match rng.below(3) {
                    0 => ("\"foo.r\"() ({\n", "}) : () -> ()\n"),
                    1 => ("[", "]"),
                    _ => ("tuple<", ">"),
                };
                let mut s = String::new();
                for _ in 0..depth {
                    s.push_str(open);
                }
                if rng.chance(3, 4) {
                    for _ in 0..depth {
                        s.push_str(close);
                    }
                }
                let at = rng.below(bytes.len() + 1);
                bytes.splice(at..at, s.bytes());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}
