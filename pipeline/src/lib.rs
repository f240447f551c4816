//! The pass infrastructure and the `dealloc-opt` driver.
//!
//! - [`driver`]: command-line parsing, input splitting, diagnostics verification, output.

pub mod driver;
