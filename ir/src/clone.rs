//! Deep copies of ops, MLIR's `Operation::clone`: the op, its attributes, regions, blocks and
//! everything nested, with uses of values defined inside the copied op redirected to their
//! copies and values defined outside it used as they are.
//!
//! A pass that may have to give up on a function after changing it keeps a copy taken
//! beforehand and puts it back.

use rustc_hash::FxHashMap;

use crate::{Block, Context, Op, OpState, Value};

/// What a copy maps: original values and blocks to their copies.
#[derive(Default)]
struct Mapping {
    values: FxHashMap<Value, Value>,
    blocks: FxHashMap<Block, Block>,
    /// Stand-ins for operands defined later than their use (forward references in
    /// unstructured control flow or graph regions), with the value each stands for.
    pending: Vec<(Value, Value)>,
}

/// A detached deep copy of `op` (in no block): insert it with [`Context::insert_op_before`]
/// or similar. Values defined outside `op` are used by the copy as they are.
pub fn clone_op(ctx: &mut Context, op: Op) -> Op {
    let mut mapping = Mapping::default();
    let copy = clone_into(ctx, op, &mut mapping);
    for (stand_in, original) in std::mem::take(&mut mapping.pending) {
        let target = mapping.values.get(&original).copied().unwrap_or(original);
        ctx.replace_all_uses_with(stand_in, target);
    }
    copy
}

fn clone_into(ctx: &mut Context, op: Op, mapping: &mut Mapping) -> Op {
    let mut regions = Vec::new();
    let mut bodies: Vec<(Block, Block)> = Vec::new();
    for &region in ctx.regions(op).to_vec().iter() {
        let copy = ctx.create_region();
        let blocks: Vec<Block> = ctx.blocks(region).collect();
        for block in blocks {
            let new_block = ctx.create_block();
            for &arg in ctx.block_args(block).to_vec().iter() {
                let ty = ctx.value_type(arg);
                let new_arg = ctx.add_block_arg(new_block, ty);
                mapping.values.insert(arg, new_arg);
            }
            mapping.blocks.insert(block, new_block);
            ctx.append_block(copy, new_block);
            bodies.push((block, new_block));
        }
        regions.push(copy);
    }
    let operands: Vec<Value> = ctx
        .operand_vec(op)
        .into_iter()
        .map(|v| mapped_operand(ctx, v, mapping))
        .collect();
    let mut state = OpState::new(ctx.op_name(op), ctx.op_loc(op));
    state.operands = operands;
    state.result_types = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
    state.attrs = ctx.attrs(op).to_vec();
    state.regions = regions;
    state.successors = ctx
        .successors(op)
        .iter()
        .map(|b| mapping.blocks.get(b).copied().unwrap_or(*b))
        .collect();
    let copy = ctx.create_op(state);
    for (&old, &new) in ctx
        .results(op)
        .to_vec()
        .iter()
        .zip(ctx.results(copy).to_vec().iter())
    {
        mapping.values.insert(old, new);
    }
    for (block, new_block) in bodies {
        let ops: Vec<Op> = ctx.block_ops(block).collect();
        for nested in ops {
            let nested_copy = clone_into(ctx, nested, mapping);
            ctx.append_op(new_block, nested_copy);
        }
    }
    copy
}

/// The copy of `v` if it is known, a stand-in if `v` may be defined inside the copied op later
/// (a result of an op or an argument of a block not copied yet), else `v` itself.
fn mapped_operand(ctx: &mut Context, v: Value, mapping: &mut Mapping) -> Value {
    if let Some(&copy) = mapping.values.get(&v) {
        return copy;
    }
    let stand_in = ctx.create_placeholder(ctx.value_type(v));
    mapping.pending.push((stand_in, v));
    stand_in
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm::{ParseOptions, PrintOptions, parse_module, print_module};

    #[test]
    fn a_copy_prints_as_the_original_and_uses_its_own_values() {
        let text = "func.func @f(%arg0: i1, %m: memref<2xf32>) -> memref<2xf32> {\n\
                    cf.br ^bb2\n\
                    ^bb1(%x: memref<2xf32>):\n\
                    return %x : memref<2xf32>\n\
                    ^bb2:\n\
                    %a = memref.alloc() : memref<2xf32>\n\
                    %r = scf.if %arg0 -> (memref<2xf32>) {\n\
                    scf.yield %a : memref<2xf32>\n\
                    } else {\n\
                    scf.yield %m : memref<2xf32>\n\
                    }\n\
                    cf.br ^bb1(%r : memref<2xf32>)\n\
                    }";
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", text, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let func = ctx.walk_preorder(module)[1];
        let before = print_module(&ctx, module, &PrintOptions::default());
        let copy = clone_op(&mut ctx, func);
        ctx.insert_op_before(func, copy);
        ctx.erase_op(func);
        assert_eq!(print_module(&ctx, module, &PrintOptions::default()), before);
        assert!(crate::verify::verify(&ctx, module).is_ok());
    }
}
