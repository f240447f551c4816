//! A `Value` is not its `Type`: asking for a type's data needs `value_type` first.

use ir::Context;

fn type_of_value(ctx: &Context, v: ir::Value) -> bool {
    matches!(ctx.type_data(v), ir::TypeData::Index)
}

fn main() {
    let _ = type_of_value;
}
