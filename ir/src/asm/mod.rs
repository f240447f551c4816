//! MLIR text: lexer, parser and printer.
//!
//! [`parse_module`] (or [`parse_module_diagnostics`], reporting every error) turns text into IR inside a [`Context`](crate::Context); [`print_module`]
//! prints an op tree back in MLIR's custom syntax (as `mlir-opt-22` does) or in generic form.

pub mod lexer;
mod names;
pub mod numbers;
pub mod parser;
pub mod printer;

pub use parser::{ParseOptions, parse_module, parse_module_diagnostics};
pub use printer::{PrintOptions, print_module, print_module_to, print_op_for_diagnostic};
