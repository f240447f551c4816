//! Symbol tables: name → op maps for ops with the `SYMBOL_TABLE` trait.
//!
//! [`Context::lookup_symbol`] finds the nearest enclosing symbol table and looks a name up in
//! it. Tables are built on first use and cached per table op, tagged with the context's symbol
//! epoch, which every change that can add, remove or rename a symbol bumps: an op naming a
//! symbol placed in or taken out of a block of a symbol table, a block placed in or taken out
//! of a region of one, a `sym_name` set or removed. A lookup after such a change rebuilds the
//! table instead of returning stale data, and a pass that rewrites function bodies (ops and
//! blocks alike) does not rebuild the module's table at every lookup.

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

    /// Notes that `op` is placed in or taken out of `block`: bumps the symbol epoch if `op`
    /// names a symbol and `block` belongs to a symbol table. A table holds only the ops
    /// directly in its blocks that have a `sym_name`, so placing or removing any other op
    /// leaves every table as it was (and this is asked on every insertion: the attribute
    /// check comes first, as it is cheaper than the parent's traits).
    #[inline]
    pub(crate) fn touch_symbols_if_symbol_in(&mut self, op: Op, block: crate::entity::Block) {
        if self.sym_name_attr(op).is_some() {
            self.touch_symbols_if_table(block);
        }
    }

    /// Bumps the symbol epoch if `block` belongs to a symbol table.
    fn touch_symbols_if_table(&mut self, block: crate::entity::Block) {
        if let Some(region) = self.block_parent(block) {
            self.touch_symbols_of_region(region);
        }
    }

    /// Notes a block placed in or taken out of `region` (bumping the symbol epoch if the region
    /// belongs to a symbol table). A table's symbols are the ops directly in its blocks, so
    /// moving blocks anywhere else leaves every table as it was: a pass run on each function
    /// of a module (`func.func(...)`) that builds `scf.if` blocks must not make the next
    /// function's call lookups scan the module's symbols again (that was quadratic).
    pub(crate) fn touch_symbols_of_region(&mut self, region: crate::entity::Region) {
        if self
            .region_parent(region)
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
                    if let Some(a) = self.sym_name_attr(op)
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

#[cfg(test)]
mod tests {
    use crate::asm::{ParseOptions, parse_module};
    use crate::context::Context;
    use crate::entity::Op;

    fn module_with_function(ctx: &mut Context) -> Op {
        let src = "func.func @a() {\n  return\n}\n";
        parse_module(ctx, "t.mlir", src, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message))
    }

    /// An op built with the given `sym_name` (or none), not placed anywhere.
    fn build_op(ctx: &mut Context, sym_name: Option<&str>) -> Op {
        let name = ctx.registry.get_or_unregistered("test.symbol_or_not");
        let loc = ctx.unknown_loc();
        let attrs: Vec<(&str, crate::entity::Attr)> = match sym_name {
            Some(text) => vec![("sym_name", ctx.str_attr(text))],
            None => Vec::new(),
        };
        ctx.create_op_from_parts(name, loc, &[], &[], &attrs, Vec::new())
    }

    /// Placing or removing an op naming a symbol changes what the table finds; placing or
    /// removing any other op leaves the symbol epoch (and so the cached table) alone.
    #[test]
    fn only_ops_naming_symbols_invalidate_tables() {
        let mut ctx = Context::new();
        let module = module_with_function(&mut ctx);
        let body = ctx.entry_block(ctx.regions(module)[0]).expect("a body");
        let function = ctx.first_op(body).expect("a function");
        assert_eq!(ctx.lookup_symbol_in(module, "a"), Some(function));

        let plain = build_op(&mut ctx, None);
        let epoch = ctx.symbols.epoch;
        ctx.append_op(body, plain);
        ctx.unlink_op(plain);
        assert_eq!(ctx.symbols.epoch, epoch, "no symbol was placed or removed");

        let named = build_op(&mut ctx, Some("b"));
        ctx.insert_op_before(function, named);
        assert_eq!(ctx.lookup_symbol_in(module, "b"), Some(named));
        ctx.unlink_op(named);
        assert_eq!(ctx.lookup_symbol_in(module, "b"), None);
        assert_eq!(ctx.lookup_symbol_in(module, "a"), Some(function));
    }

    const MODULE: &str = "func.func @f() {\n  return\n}\nfunc.func @g() {\n  return\n}\n";

    /// Blocks moved inside a function leave the module's cached symbols valid; a block placed
    /// in the module's region (which may hold symbols) invalidates them.
    #[test]
    fn only_blocks_of_symbol_tables_invalidate_cached_symbols() {
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", MODULE, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let f = ctx.lookup_symbol_in(module, "f").expect("@f is found");
        let body = ctx.regions(f)[0];
        let epoch = ctx.symbols.epoch;
        let block = ctx.create_block();
        ctx.append_block(body, block);
        ctx.unlink_block(block);
        let after = ctx.create_block();
        ctx.insert_block_after(ctx.entry_block(body).expect("a body"), after);
        assert_eq!(
            ctx.symbols.epoch, epoch,
            "a function's blocks hold no module symbol"
        );
        let module_region = ctx.regions(module)[0];
        let extra = ctx.create_block();
        ctx.append_block(module_region, extra);
        assert!(
            ctx.symbols.epoch > epoch,
            "a block of the module may hold symbols"
        );
        let g = ctx.lookup_symbol_in(module, "g").expect("@g is found");
        ctx.unlink_op(g);
        ctx.append_op(extra, g);
        assert_eq!(
            ctx.lookup_symbol_in(module, "g"),
            Some(g),
            "moved, still a symbol"
        );
        let before = ctx.symbols.epoch;
        ctx.unlink_block(extra);
        assert!(ctx.symbols.epoch > before);
        assert_eq!(
            ctx.lookup_symbol_in(module, "g"),
            None,
            "its block left the module"
        );
    }
}
