//! `dealloc-opt`: the `mlir-opt`-style command-line driver.
//!
//! Runs on a thread with a large stack so deeply nested input cannot overflow it.

use std::process::ExitCode;

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
