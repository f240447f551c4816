//! Symbol tables: name → op maps for ops with the `SYMBOL_TABLE` trait.
//!
//! [`Context::lookup_symbol`] finds the nearest enclosing symbol table and looks a name up in
//! it. Tables are built on first use and cached per table op, tagged with the context's symbol
//! epoch, which every change that can add, remove or rename a symbol bumps (an op placed in or
//! taken out of a block of a symbol table, a block moved, a `sym_name` set or removed), so a
//! lookup after such a change rebuilds the table instead of returning stale data, and a pass
//! that rewrites function bodies does not rebuild the module's table at every lookup.

use rustc_hash::FxHashMap;

use crate::attrs::AttrData;
use crate::context::Context;
use crate::entity::Op;
use crate::registry::Traits;

/// The symbols of one table, tagged with the epoch they were collected at.
type EpochTable = (u64, FxHashMap<String, Op>);

/// Cached symbol tables, keyed by table op.
#[derive(Default)]
pub struct SymbolCache {
    tables: std::cell::RefCell<FxHashMap<Op, EpochTable>>,
    /// Bumped by every change that may add, remove or rename a symbol.
    epoch: u64,
}

impl Context {
    /// The op named `name` in the nearest symbol table enclosing `from` (not `from` itself).
    pub fn lookup_symbol(&self, from: Op, name: &str) -> Option<Op> {
        let mut cur = self.parent_op(from);
        while let Some(table) = cur {
            if self.has_trait(table, Traits::SYMBOL_TABLE) {
                return self.lookup_symbol_in(table, name);
            }
            cur = self.parent_op(table);
        }
        None
    }

    /// The op named `name` directly inside the symbol table op `table`.
    pub fn lookup_symbol_in(&self, table: Op, name: &str) -> Option<Op> {
        let epoch = self.symbols.epoch;
        let mut tables = self.symbols.tables.borrow_mut();
        let entry = tables
            .entry(table)
            .or_insert_with(|| (u64::MAX, FxHashMap::default()));
        if entry.0 != epoch {
            entry.1 = self.collect_symbols(table);
            entry.0 = epoch;
        }
        entry.1.get(name).copied()
    }

    /// Notes that the symbols of some table may have changed.
    pub(crate) fn touch_symbols(&mut self) {
        self.symbols.epoch += 1;
    }

    /// Notes a change to the ops of `block` (bumping the symbol epoch if it belongs to a symbol
    /// table).
    pub(crate) fn touch_symbols_of_block(&mut self, block: crate::entity::Block) {
        if self
            .block_parent_op(block)
            .is_some_and(|table| self.has_trait(table, Traits::SYMBOL_TABLE))
        {
            self.touch_symbols();
        }
    }

    fn collect_symbols(&self, table: Op) -> FxHashMap<String, Op> {
        let mut map = FxHashMap::default();
        for &r in self.regions(table) {
            for b in self.blocks(r) {
                for op in self.block_ops(b) {
                    if let Some(a) = self.get_attr(op, "sym_name")
                        && let AttrData::String(s) = self.attr_data(a)
                    {
                        map.entry(s.clone()).or_insert(op);
                    }
                }
            }
        }
        map
    }
}
