//! `dealloc-opt`: the `mlir-opt`-style command-line driver.
//!
//! Runs on a thread with a large stack so deeply nested input cannot overflow it. With the
//! default `mimalloc` feature the binary allocates through mimalloc: the passes build and drop
//! many small ops and vectors, which glibc's malloc serves measurably slower.

use std::process::ExitCode;

#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let worker = std::thread::Builder::new()
        .stack_size(pipeline::driver::STACK_SIZE)
        .spawn(move || pipeline::driver::run(&args));
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            eprintln!("dealloc-opt: internal error");
            ExitCode::from(2)
        }
    }
}
