//! MLIR text: lexer, parser and printer.
//!
//! [`parse_module`] turns text into IR inside a [`Context`](crate::Context); [`print_module`]
//! prints an op tree back in MLIR's custom syntax (as `mlir-opt-22` does) or in generic form.

pub mod lexer;
mod names;
pub mod numbers;
pub mod parser;
pub mod printer;

pub use parser::{ParseOptions, parse_module};
pub use printer::{PrintOptions, print_module, print_module_into, print_op_generic_line};
