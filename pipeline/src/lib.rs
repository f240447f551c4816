//! The pass infrastructure and the `dealloc-opt` driver.
//!
//! - [`pass`]: the `Pass` trait, options and the one registry of passes and pipelines.
//! - [`passes`]: the registered wrappers around the transform crates' library functions.
//! - [`pipeline_text`]: MLIR's textual pipeline syntax.
//! - [`manager`]: nesting, verify-after-each, IR printing and timing.
//! - [`verify_diags`]: checks `--verify-diagnostics` annotations.
//! - [`run`]: `--run`, executing the transformed module with the interpreter.
//! - [`driver`]: the command line.
#![forbid(unsafe_code)]

pub mod driver;
pub mod manager;
pub mod pass;
pub mod passes;
pub mod pipeline_text;
pub mod run;
pub mod verify_diags;
