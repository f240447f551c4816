//! Lowering of `bufferization.clone` to `memref.alloc` + `memref.copy`.

use ir::{AttrData, Context, Diagnostic, Op, TypeData};

use crate::build::Emitter;

/// Replaces a ranked clone by a fresh identity-layout allocation (cast to the result type if
/// needed) and a copy. Unranked memrefs and layouts an identity buffer cannot be cast to fail
/// to legalize.
pub(crate) fn lower_clone(ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
    let fail = |ctx: &Context| crate::illegal(ctx, op);
    if ctx.num_operands(op) != 1 || ctx.results(op).len() != 1 {
        return Err(fail(ctx));
    }
    let src = ctx.operand(op, 0);
    let result = ctx.result(op, 0);
    let result_ty = ctx.value_type(result);
    let TypeData::MemRef {
        shape,
        elem,
        layout,
        memory_space,
    } = ctx.type_data(result_ty).clone()
    else {
        return Err(fail(ctx));
    };
    if !identity_castable(ctx, &shape, layout) {
        return Err(fail(ctx));
    }
    let alloc_ty = ctx.ty(TypeData::MemRef {
        shape: shape.clone(),
        elem,
        layout: None,
        memory_space,
    });
    let mut e = Emitter::before(ctx, op);
    let mut dynamic = Vec::new();
    for (i, &d) in shape.iter().enumerate() {
        if d == ir::DYNAMIC {
            let c = e.const_index(i as i64);
            dynamic.push(e.dim(src, c));
        }
    }
    let alloc = e.alloc(alloc_ty, &dynamic);
    let dest = if alloc_ty == result_ty {
        alloc
    } else {
        e.cast(alloc, result_ty)
    };
    e.op("memref.copy", &[src, dest], &[], &[], Vec::new());
    ctx.replace_all_uses_with(result, dest);
    ctx.erase_op(op);
    Ok(())
}

/// Whether an identity-layout buffer of `shape` can be `memref.cast` to `layout`.
fn identity_castable(ctx: &Context, shape: &[i64], layout: Option<ir::Attr>) -> bool {
    let Some(layout) = layout else {
        return true;
    };
    match ctx.attr_data(layout) {
        AttrData::AffineMap(map) => map.is_identity(),
        AttrData::Strided { strides, offset } => {
            if *offset != 0 && *offset != ir::DYNAMIC {
                return false;
            }
            let mut expected = 1i64;
            let mut known = true;
            for (i, &s) in strides.iter().enumerate().rev() {
                if s != ir::DYNAMIC && known && s != expected {
                    return false;
                }
                match shape.get(i) {
                    Some(&d) if d != ir::DYNAMIC && known => expected = expected.saturating_mul(d),
                    _ => known = false,
                }
            }
            true
        }
        _ => false,
    }
}
