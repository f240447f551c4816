//! `mlir-opt-22` as a child process fed on stdin, abandoned (killed) after a time limit: the
//! differential fuzzers call it thousands of times, and one run that hangs (a deadlock in its
//! thread pool has been seen under load) must not stall a whole campaign.

use std::io::Write as _;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// How one run of `mlir-opt-22` ended when it did not give its output.
#[derive(Debug)]
pub enum Stopped {
    /// It could not be started.
    NotStarted(String),
    /// It ran over the time limit and was killed.
    TimedOut(Duration),
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::NotStarted(why) => write!(f, "cannot run mlir-opt-22: {why}"),
            Stopped::TimedOut(limit) => {
                write!(
                    f,
                    "mlir-opt-22 ran over {} s and was killed",
                    limit.as_secs()
                )
            }
        }
    }
}

/// Runs `mlir-opt-22 ARGS -` on `input` and returns its output, or why there is none.
pub fn run_on_stdin(args: &[String], input: &str, limit: Duration) -> Result<Output, Stopped> {
    let mut child = Command::new("mlir-opt-22")
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Stopped::NotStarted(e.to_string()))?;
    let pid = child.id();
    let stdin = child.stdin.take();
    let text = input.to_string();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        // A child that exits early closes the pipe; its output tells the rest.
        if let Some(mut stdin) = stdin {
            let _ = stdin.write_all(text.as_bytes());
        }
        let _ = send.send(child.wait_with_output());
    });
    match receive.recv_timeout(limit) {
        Ok(Ok(output)) => Ok(output),
        Ok(Err(e)) => Err(Stopped::NotStarted(e.to_string())),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            Err(Stopped::TimedOut(limit))
        }
    }
}
