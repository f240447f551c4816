//! `dealloc-opt --help`: the driver's flags, then every registered pass and pipeline with its
//! summary, description and options, all read from the declarations.

use crate::pass::{OptionHelp, Registered, registry};

/// Width the descriptions are wrapped to.
const WIDTH: usize = 100;
/// Column where a flag's explanation starts.
const EXPLANATION_COLUMN: usize = 36;

/// The driver's own flags, with what they do.
const DRIVER_FLAGS: &[(&str, &str)] = &[
    ("-o <file>", "Output file (default: stdout)"),
    (
        "--split-input-file",
        "Split the input at '// -----' and process each chunk",
    ),
    ("--verify-diagnostics", "Check expected-* annotations"),
    (
        "--allow-unregistered-dialect",
        "Accept ops of unknown dialects",
    ),
    ("--mlir-print-op-generic", "Print ops in generic form"),
    (
        "--mlir-print-ir-after-all",
        "Print the IR after every pass (stderr)",
    ),
    (
        "--mlir-print-ir-after-change",
        "With --mlir-print-ir-after-all, print only after passes that changed the IR",
    ),
    ("--mlir-timing", "Print per-pass timing (stderr)"),
    (
        "--verify-each=<bool>",
        "Verify after every pass (default: true)",
    ),
    (
        "--pass-pipeline=<text>",
        "A textual pipeline, e.g. 'builtin.module(func.func(cse),canonicalize{max-iterations=3})'",
    ),
    (
        "--dump-pass-pipeline",
        "Print the pipeline to run, every option spelled out (stderr)",
    ),
    (
        "--debug-only=<pass>[,<pass>]",
        "Print the debug log of these passes (stderr)",
    ),
    (
        "--run",
        "Run the entry function after the passes; its prints go to stdout (the IR only to -o \
         FILE), the report to stderr",
    ),
    (
        "-e, --entry-point=<name>",
        "Entry function of --run (default: main, no arguments)",
    ),
    (
        "--run-report=<file>",
        "Write the run's report as JSON ('-' for stdout)",
    ),
    (
        "--run-max-steps=<n>",
        "Stop the run after n executed ops (default: 100000000)",
    ),
    (
        "--run-max-bytes=<n>",
        "Stop the run above n live bytes (default: 1073741824)",
    ),
    (
        "--run-uninitialized=<policy>",
        "Reads of unwritten bytes: error, warn (default) or ignore",
    ),
    (
        "--compare[=<format>]",
        "Run every registered deallocation strategy on @main and print what each costs: \
         table (default), json, csv or markdown",
    ),
];

/// The whole `--help` text.
pub fn help_text() -> String {
    let mut s = String::from(
        "OVERVIEW: dealloc-opt: buffer deallocation for MLIR-style IR\n\n\
         USAGE: dealloc-opt [options] <input file>\n\nOPTIONS:\n",
    );
    for (flag, explanation) in DRIVER_FLAGS {
        explained(&mut s, 2, flag, explanation);
    }
    s.push_str(
        "\nENVIRONMENT:\n  DEALLOC_LOG=<filter>              A tracing filter for the debug log \
         (stderr), e.g.\n                                    'debug' or 'dealloc=trace,[pass{name=cse}]=debug'\n\n\
         PASSES (flag --NAME or --NAME='opt=value ...'; in pipelines NAME{opt=value ...}):\n",
    );
    for registered in registry() {
        pass_help(&mut s, registered);
    }
    s
}

/// One pass or pipeline: flag and summary, description, options.
fn pass_help(s: &mut String, registered: &dyn Registered) {
    let kind = if registered.is_pipeline() {
        " (pipeline)"
    } else {
        ""
    };
    s.push('\n');
    let flag = format!("--{}", registered.name());
    explained(s, 2, &flag, &format!("{}{kind}", registered.summary()));
    wrapped(s, 6, registered.description());
    for option in registered.option_help() {
        option_help(s, &option);
    }
}

/// One option: flag with its type, description and default, then an enum's spellings.
fn option_help(s: &mut String, option: &OptionHelp) {
    let flag = if option.type_name == "bool" {
        format!("{}[=<bool>]", option.name)
    } else {
        format!("{}=<{}>", option.name, option.type_name)
    };
    let text = format!("{} (default: {})", option.description, option.default);
    explained(s, 6, &flag, &text);
    for (spelling, meaning) in option.choices {
        explained(s, 10, &format!("={spelling}"), meaning);
    }
}

/// `flag` at `indent`, then `explanation` from [`EXPLANATION_COLUMN`] (on the next line when
/// the flag is too long), wrapped.
fn explained(s: &mut String, indent: usize, flag: &str, explanation: &str) {
    let lead = format!("{}{flag}", " ".repeat(indent));
    if lead.len() + 1 < EXPLANATION_COLUMN {
        s.push_str(&format!("{lead:<EXPLANATION_COLUMN$}"));
    } else {
        s.push_str(&lead);
        s.push('\n');
        s.push_str(&" ".repeat(EXPLANATION_COLUMN));
    }
    let lines = wrap(explanation, WIDTH - EXPLANATION_COLUMN);
    s.push_str(&lines.join(&format!("\n{}", " ".repeat(EXPLANATION_COLUMN))));
    s.push('\n');
}

/// `text` wrapped, every line indented by `indent`.
fn wrapped(s: &mut String, indent: usize, text: &str) {
    for line in wrap(text, WIDTH - indent) {
        s.push_str(&" ".repeat(indent));
        s.push_str(&line);
        s.push('\n');
    }
}

/// Splits `text` into lines of at most `width` characters at spaces (a longer word gets a line
/// of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_spaces_within_the_width() {
        assert_eq!(wrap("aa bb cc dd", 5), vec!["aa bb", "cc dd"]);
        assert_eq!(wrap("abcdefgh ij", 4), vec!["abcdefgh", "ij"]);
        assert_eq!(wrap("", 4), vec![""]);
    }

    #[test]
    fn lists_every_pass_option_and_choice() {
        let text = help_text();
        for registered in registry() {
            let flag = format!("--{}", registered.name());
            assert!(
                text.lines()
                    .any(|l| l.split_whitespace().next() == Some(flag.as_str())),
                "{flag} is missing"
            );
            for option in registered.option_help() {
                assert!(text.contains(&format!("      {}", option.name)));
            }
        }
        assert!(text.contains("region-simplify=<value>"));
        assert!(text.contains("          =aggressive"));
        assert!(text.lines().all(|l| l.len() <= WIDTH), "a line is too long");
    }
}
