//! The declarations of every pass and named pipeline, one module per family. Each is a
//! `static` [`Declaration`](crate::pass::Declaration): see [`crate::pass`]. Every family module
//! lists its own declarations in a `FAMILY` slice, so adding a pass touches only its family.

use std::sync::OnceLock;

use crate::pass::Registered;

mod analysis;
mod basic;
mod dealloc;
mod hlo;
mod hoisting;
mod legacy;
mod lower;
mod reuse;
mod simplify;
mod strategy;

/// Every family's list, in the order `--help` groups them.
static FAMILIES: &[&[&dyn Registered]] = &[
    basic::FAMILY,
    analysis::FAMILY,
    dealloc::FAMILY,
    simplify::FAMILY,
    lower::FAMILY,
    hoisting::FAMILY,
    legacy::FAMILY,
    reuse::FAMILY,
    hlo::FAMILY,
];

/// Every registered pass and pipeline, in family order.
pub fn all() -> &'static [&'static dyn Registered] {
    static ALL: OnceLock<Vec<&'static dyn Registered>> = OnceLock::new();
    ALL.get_or_init(|| {
        FAMILIES
            .iter()
            .flat_map(|family| family.iter().copied())
            .collect()
    })
}
