//! Typed views and builders of the `func` ops that passes create and inspect.
//!
//! ```text
//! func.func private @g(%arg0: memref<?xf32>) -> i1 {   // FuncOp::build(b, "g", ..., Some("private"))
//!   %0 = call @h(%arg0) : (memref<?xf32>) -> i1        // CallOp::build(b, "h", &[arg0], &[i1])
//!   return %0 : i1                                     // ReturnOp::build(b, &[v])
//! }
//! ```

use crate::Builder;
use crate::context::Context;
use crate::dialects::syntax::{function_type, str_attr, symbol_ref};
use crate::dialects::view::OpView;
use crate::entity::{Block, Region, Type, Value};
use crate::op_view;
use crate::types::TypeData;

op_view!(
    /// `func.func`: a named function, with a body or (a declaration) without.
    FuncOp,
    "func.func"
);

impl FuncOp {
    /// The function's name (`sym_name`).
    pub fn sym_name(self, ctx: &Context) -> Option<&str> {
        str_attr(ctx, self.0, "sym_name")
    }

    /// The `sym_visibility` (`None` for public).
    pub fn visibility(self, ctx: &Context) -> Option<&str> {
        str_attr(ctx, self.0, "sym_visibility")
    }

    /// Whether the function is private.
    pub fn is_private(self, ctx: &Context) -> bool {
        self.visibility(ctx) == Some("private")
    }

    /// The argument and result types of `function_type`.
    pub fn function_type(self, ctx: &Context) -> Option<(Vec<Type>, Vec<Type>)> {
        function_type(ctx, self.0, "function_type")
    }

    /// Sets `function_type` to `(inputs) -> (results)` (the entry block's arguments are the
    /// caller's to keep in step).
    pub fn set_function_type(self, ctx: &mut Context, inputs: Vec<Type>, results: Vec<Type>) {
        let ty = ctx.ty(TypeData::Function { inputs, results });
        let attr = ctx.type_attr(ty);
        ctx.set_attr(self.0, "function_type", attr);
    }

    /// The body region.
    pub fn body(self, ctx: &Context) -> Option<Region> {
        ctx.regions(self.0).first().copied()
    }

    /// The entry block (`None` for a declaration).
    pub fn entry_block(self, ctx: &Context) -> Option<Block> {
        ctx.entry_block(self.body(ctx)?)
    }

    /// Whether the function has a body.
    pub fn has_body(self, ctx: &Context) -> bool {
        self.entry_block(ctx).is_some()
    }

    /// The arguments of the entry block (none for a declaration).
    pub fn arguments(self, ctx: &Context) -> &[Value] {
        self.entry_block(ctx)
            .map_or(&[], |entry| ctx.block_args(entry))
    }

    /// Builds `func.func [visibility] @name(inputs) -> results` with an empty entry block
    /// taking `inputs`.
    pub fn build(
        b: &mut Builder,
        name: &str,
        (inputs, results): (&[Type], &[Type]),
        visibility: Option<&str>,
    ) -> Self {
        let ty = b.ctx().ty(TypeData::Function {
            inputs: inputs.to_vec(),
            results: results.to_vec(),
        });
        let mut attrs = vec![
            ("function_type", b.ctx().type_attr(ty)),
            ("sym_name", b.ctx().str_attr(name)),
        ];
        if let Some(visibility) = visibility {
            attrs.push(("sym_visibility", b.ctx().str_attr(visibility)));
        }
        let body = b.region();
        b.block_in(body, inputs);
        FuncOp(b.build_static_op(Self::NAME, &[], &[], &attrs, vec![body]))
    }
}

op_view!(
    /// `func.call`: calls a function by name.
    CallOp,
    "func.call"
);

impl CallOp {
    /// The called function's name.
    pub fn callee(self, ctx: &Context) -> Option<&str> {
        symbol_ref(ctx, self.0, "callee")
    }

    /// The arguments.
    pub fn args(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + Clone + '_ {
        ctx.operands(self.0)
    }

    /// The values the callee returns.
    pub fn results(self, ctx: &Context) -> &[Value] {
        ctx.results(self.0)
    }

    /// Builds `func.call @callee(args) : (...) -> (result_types)`.
    pub fn build(b: &mut Builder, callee: &str, args: &[Value], result_types: &[Type]) -> Self {
        let callee = b.ctx().symbol_ref_attr(callee);
        let attrs = [("callee", callee)];
        CallOp(b.build_static_op(Self::NAME, args, result_types, &attrs, Vec::new()))
    }
}

op_view!(
    /// `func.call_indirect`: calls the function value of its first operand.
    CallIndirectOp,
    "func.call_indirect"
);

impl CallIndirectOp {
    /// The called function value (the first operand; the verifier requires one).
    pub fn callee(self, ctx: &Context) -> Option<Value> {
        (ctx.num_operands(self.0) > 0).then(|| ctx.operand(self.0, 0))
    }
}

op_view!(
    /// `func.constant`: the address of a function as an SSA value.
    ConstantOp,
    "func.constant"
);

impl ConstantOp {
    /// The referenced function's name.
    pub fn function(self, ctx: &Context) -> Option<&str> {
        symbol_ref(ctx, self.0, "value")
    }
}

op_view!(
    /// `func.return`: returns from a `func.func`.
    ReturnOp,
    "func.return"
);

impl ReturnOp {
    /// The values returned.
    pub fn values(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + Clone + '_ {
        ctx.operands(self.0)
    }

    /// Builds `func.return values`.
    pub fn build(b: &mut Builder, values: &[Value]) -> Self {
        ReturnOp(b.build_static_op(Self::NAME, values, &[], &[], Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::InsertPoint;
    use crate::dialects::view::testing::build_in_func;

    #[test]
    fn functions_calls_and_returns_build() {
        let text = build_in_func("%a: i1", |b, args| {
            let i1 = b.value_type(args[0]);
            let InsertPoint::Before(ret) = b.insertion_point() else {
                panic!("the builder starts before the return");
            };
            let f = b.op_parent(ret).and_then(|entry| b.block_parent_op(entry));
            let module_block = f.and_then(|f| b.op_parent(f)).expect("in a module");
            let callee = b.with_insertion_point(InsertPoint::End(module_block), |b| {
                let g = FuncOp::build(b, "g", (&[i1], &[i1]), Some("private"));
                let x = g.arguments(b)[0];
                let entry = g.entry_block(b).expect("a body");
                b.with_insertion_point(InsertPoint::End(entry), |b| ReturnOp::build(b, &[x]));
                g
            });
            assert_eq!(callee.sym_name(b), Some("g"));
            assert!(callee.is_private(b));
            assert_eq!(callee.function_type(b), Some((vec![i1], vec![i1])));
            let call = CallOp::build(b, "g", &[args[0]], &[i1]);
            assert_eq!(call.callee(b), Some("g"));
            assert_eq!(call.args(b).collect::<Vec<_>>(), vec![args[0]]);
            let caller = FuncOp::of(b, f.expect("a function")).expect("a func.func");
            assert_eq!(caller.visibility(b), None);
            assert!(caller.has_body(b));
        });
        let expected = "\
module {
  func.func @f(%arg0: i1) {
    %0 = call @g(%arg0) : (i1) -> i1
    return
  }
  func.func private @g(%arg0: i1) -> i1 {
    return %arg0 : i1
  }
}
";
        assert_eq!(text, expected);
    }
}
