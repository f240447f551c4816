//! `cargo xtask compare [PATHS]... [--strategy NAME=PIPELINE]... [--jit] [--format F]
//! [--plot DIR] [--emit DIR]`: every deallocation strategy over a corpus, side by side.
//!
//! The corpus is every `.mlir` file under the paths (default `examples/`), each `// -----`
//! chunk a program of its own; programs without `@main()` are skipped with a note. The
//! strategies are `pipeline::compare`'s list, plus those given with `--strategy`
//! (`NAME=PIPELINE` or `NAME=!COMMAND ARGS`); `--only` keeps just the given ones. The result is
//! printed as a table, JSON, CSV or Markdown; `--plot DIR` draws it (see [`crate::plot`]),
//! `--emit DIR` writes each strategy's output program, `--scaling MAX_OPS` adds transform time
//! against size on the benchmark programs (see [`crate::scaling`]). A progress bar shows on a
//! terminal.

use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use pipeline::compare::{
    CompareOptions, Comparison, Format, Program, Strategy, compare, default_strategies, render,
};

/// `cargo xtask compare`.
#[derive(clap::Args)]
pub struct CompareArgs {
    /// Files or directories of .mlir programs with @main (default: examples/)
    paths: Vec<PathBuf>,
    /// Add a strategy: NAME=PIPELINE (textual pipeline) or NAME=!COMMAND ARGS (reads stdin)
    #[arg(long = "strategy", value_name = "NAME=PIPELINE")]
    strategies: Vec<String>,
    /// Run only the --strategy ones, not the built-in list
    #[arg(long)]
    only: bool,
    /// Also judge every output with the real MLIR JIT (mlir-runner-22)
    #[arg(long)]
    jit: bool,
    /// Output format: table, json, csv or markdown
    #[arg(long, default_value = "table")]
    format: String,
    /// Draw the comparison into this directory (SVG and PNG)
    #[arg(long, value_name = "DIR")]
    plot: Option<PathBuf>,
    /// Write every strategy's output program into this directory
    #[arg(long, value_name = "DIR")]
    emit: Option<PathBuf>,
    /// Also time every pipeline strategy on the benchmark programs up to this many ops
    #[arg(long, value_name = "MAX_OPS")]
    scaling: Option<usize>,
    /// Write the rendered result to this file instead of stdout
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs the command.
pub fn run(args: &CompareArgs) -> Result<()> {
    let format = Format::parse(&args.format).map_err(anyhow::Error::msg)?;
    let programs = load_programs(&args.paths)?;
    let mut strategies = if args.only {
        Vec::new()
    } else {
        default_strategies()
    };
    for spec in &args.strategies {
        strategies.push(Strategy::parse(spec).map_err(anyhow::Error::msg)?);
    }
    if strategies.is_empty() {
        bail!("no strategy to run (--only needs --strategy)");
    }
    let options = CompareOptions {
        jit: args.jit,
        ..CompareOptions::default()
    };
    let comparison = with_progress(programs.len() * strategies.len(), |on_row| {
        compare(&programs, &strategies, &options, on_row)
    });
    let text = render(&comparison, format);
    match &args.output {
        Some(file) => {
            std::fs::write(file, text).with_context(|| format!("writing {}", file.display()))?
        }
        None => print!("{text}"),
    }
    if let Some(dir) = &args.emit {
        emit(dir, &comparison)?;
    }
    if let Some(dir) = &args.plot {
        for written in crate::plot::draw(dir, &comparison)? {
            eprintln!("plot: {}", written.display());
        }
    }
    if let Some(max_ops) = args.scaling {
        let points = crate::scaling::measure(&strategies, max_ops);
        print!("\n{}", crate::scaling::markdown(&points));
        if let Some(dir) = &args.plot {
            for written in crate::plot::draw_scaling(dir, &points)? {
                eprintln!("plot: {}", written.display());
            }
        }
    }
    Ok(())
}

/// Runs `work` with a progress bar of `total` rows (drawn only on a terminal).
fn with_progress(
    total: usize,
    work: impl FnOnce(&mut dyn FnMut(&pipeline::compare::Row)) -> Comparison,
) -> Comparison {
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {wide_msg}") {
        bar.set_style(style);
    }
    let comparison = work(&mut |row| {
        bar.inc(1);
        bar.set_message(format!("{} / {}", row.program, row.strategy));
    });
    bar.finish_and_clear();
    comparison
}

/// Every `.mlir` file under `paths` (sorted), split into programs.
fn load_programs(paths: &[PathBuf]) -> Result<Vec<Program>> {
    let defaults = [PathBuf::from("examples")];
    let paths = if paths.is_empty() {
        &defaults[..]
    } else {
        paths
    };
    let mut files = Vec::new();
    for path in paths {
        if !path.exists() {
            bail!("{}: no such file or directory", path.display());
        }
        let found = walkdir::WalkDir::new(path)
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path())
            .filter(|p| p.extension().is_some_and(|x| x == "mlir"));
        files.extend(found);
    }
    let mut programs = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("reading {}", file.display()))?;
        programs.extend(Program::of_file(&file.display().to_string(), &text));
    }
    Ok(programs)
}

/// Writes each row's output as `DIR/<program>.<strategy>.mlir`.
fn emit(dir: &Path, comparison: &Comparison) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for row in &comparison.rows {
        let Some(output) = &row.output else { continue };
        let name = format!(
            "{}.{}.mlir",
            file_safe(&row.program),
            file_safe(&row.strategy)
        );
        std::fs::write(dir.join(&name), output).with_context(|| format!("writing {name}"))?;
    }
    Ok(())
}

/// `text` with path separators and other awkward characters replaced by `_`.
pub fn file_safe(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}
