//! A small fact per value for the alias search (`aliases.rs`, `derived_bounds.rs`): a table by
//! value number when the pass runs on the outermost op, hashed when it runs on one function
//! of many.
//!
//! The search asks these facts of every alias of every free, so on the module they sit in a
//! plain table, one load per question (`analysis::dense::ValueMap`, with its slot and entry
//! lists, costs the placement a few percent more). Value numbers are global to the context,
//! though: under a `func.func` nest, a table per function would span every value of the
//! functions before it, and the pass would be quadratic in the number of functions. There the
//! facts are hashed, as many as the function has values.

use ir::{Context, Op, Value};
use rustc_hash::FxHashMap;

/// A `T` per value, `T::default()` for a value never set.
pub(crate) enum PerValue<T> {
    /// By value number, grown on demand.
    Table(Vec<T>),
    /// Hashed.
    Hashed(FxHashMap<Value, T>),
}

impl<T> Default for PerValue<T> {
    /// Hashed: right for any scope.
    fn default() -> Self {
        PerValue::Hashed(FxHashMap::default())
    }
}

impl<T: Copy + Default> PerValue<T> {
    /// Empty facts for a pass run on `root`: a table when `root` is the outermost op.
    pub(crate) fn for_scope(ctx: &Context, root: Op) -> Self {
        if ctx.parent_op(root).is_none() {
            PerValue::Table(Vec::new())
        } else {
            PerValue::default()
        }
    }

    /// The fact of `value`.
    #[inline]
    pub(crate) fn get(&self, value: Value) -> T {
        match self {
            PerValue::Table(table) => table
                .get(value.as_u32() as usize)
                .copied()
                .unwrap_or_default(),
            PerValue::Hashed(map) => map.get(&value).copied().unwrap_or_default(),
        }
    }

    /// Sets the fact of `value`; the fact it had.
    #[inline]
    pub(crate) fn replace(&mut self, value: Value, fact: T) -> T {
        match self {
            PerValue::Table(table) => {
                let index = value.as_u32() as usize;
                if index >= table.len() {
                    grow(table, index);
                }
                std::mem::replace(&mut table[index], fact)
            }
            PerValue::Hashed(map) => map.insert(value, fact).unwrap_or_default(),
        }
    }
}

/// Grows `table` to hold `index`, at least doubling it (kept out of line: rare).
#[cold]
fn grow<T: Copy + Default>(table: &mut Vec<T>, index: usize) {
    let len = (index + 1).max(2 * table.len());
    table.resize(len, T::default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::asm::parser::{ParseOptions, parse_module};

    #[test]
    fn a_function_hashes_its_facts_a_module_tables_them_and_both_answer_alike() {
        let mut ctx = Context::new();
        let src = "func.func @f(%a: index) -> index {\n  return %a : index\n}\n";
        let module =
            parse_module(&mut ctx, "t.mlir", src, &ParseOptions::default()).expect("parses");
        let function = ctx.walk_preorder(module)[1];
        let (near, far) = (Value::from_u32(3), Value::from_u32(100_000));
        for root in [module, function] {
            let mut facts: PerValue<u32> = PerValue::for_scope(&ctx, root);
            assert_eq!(matches!(facts, PerValue::Table(_)), root == module);
            assert_eq!((facts.get(near), facts.get(far)), (0, 0));
            assert_eq!(facts.replace(far, 7), 0);
            assert_eq!(facts.replace(far, 8), 7);
            assert_eq!((facts.get(near), facts.get(far)), (0, 8));
        }
    }
}
