//! API misuse that must not compile (checked with `trybuild`; the expected compiler output is
//! in `tests/ui/*.stderr`, regenerated with `TRYBUILD=overwrite`).

#[test]
fn api_misuse_does_not_compile() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
