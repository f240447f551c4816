//! The pass infrastructure and the `dealloc-opt` driver.
//!
//! - [`pass`]: pass and pipeline declarations, the `Pass` trait and the one registry.
//! - [`options`]: typed pass options, parsed and printed as `mlir-opt` does.
//! - [`passes`]: the declaration of every pass and pipeline.
//! - [`pipeline_text`]: MLIR's textual pipeline syntax.
//! - [`manager`]: nesting, verify-after-each, IR printing and timing.
//! - [`verify_diags`]: checks `--verify-diagnostics` annotations.
//! - [`run`]: `--run`, executing the transformed module with the interpreter.
//! - [`compare`]: deallocation strategies side by side (`--compare`).
//! - [`driver`]: the command line; [`help`]: its `--help`; [`logging`]: `--debug-only`.
#![forbid(unsafe_code)]

pub mod compare;
pub mod driver;
pub mod help;
pub mod logging;
pub mod manager;
pub mod options;
pub mod pass;
pub mod passes;
pub mod pipeline_text;
pub mod run;
pub mod verify_diags;
