//! The registered passes: thin wrappers around library functions in the analysis and transform
//! crates, one module per family.

use crate::pass::PassInfo;

mod analysis;
mod basic;
mod dealloc;
mod hoisting;
mod lower;
mod simplify;

/// Every registered pass and pipeline.
pub fn all() -> Vec<PassInfo> {
    let mut list = basic::all();
    list.extend(analysis::all());
    list.extend(dealloc::all());
    list.extend(simplify::all());
    list.extend(lower::all());
    list.extend(hoisting::all());
    list
}
