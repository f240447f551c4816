//! Set-up shared by the unit tests of this crate.

/// A fresh context holding `src` parsed as a module (registered dialects only), and the
/// module; a parse error fails the test with its message.
pub(crate) fn parsed(src: &str) -> (ir::Context, ir::Op) {
    let mut ctx = ir::Context::new();
    let module = ir::asm::parse_module(&mut ctx, "t.mlir", src, &ir::asm::ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    (ctx, module)
}
