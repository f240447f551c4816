//! The debug log, as `mlir-opt -debug-only` gives it: `tracing` events printed to stderr.
//!
//! The pass manager runs every pass inside a span named `pass` whose `name` field is the
//! pass's registered name, so `--debug-only=cse,canonicalize` shows exactly the events emitted
//! while those passes run (at `debug` level and below), whatever crate emits them.
//! `DEALLOC_LOG` takes any `tracing` env-filter (`debug`, `dealloc=trace`,
//! `[pass{name=cse}]=trace`...) and adds to it. With neither, nothing is installed and the
//! events cost a disabled-callsite check.

use tracing_subscriber::EnvFilter;

/// The environment variable holding a `tracing` env-filter.
pub const LOG_ENV: &str = "DEALLOC_LOG";

/// The filter for `--debug-only` passes plus the `DEALLOC_LOG` filter, or `None` when neither
/// asks for anything.
pub fn filter(debug_only: &[String], env: Option<&str>) -> Result<Option<EnvFilter>, String> {
    let mut directives: Vec<String> = env
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|e| e.to_string())
        .into_iter()
        .collect();
    for pass in debug_only {
        if pass.is_empty()
            || !pass
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
        {
            return Err(format!("invalid pass name '{pass}' in --debug-only"));
        }
        directives.push(format!("[pass{{name={pass}}}]=debug"));
    }
    if directives.is_empty() {
        return Ok(None);
    }
    // With only span directives, events outside those spans stay off.
    let text = directives.join(",");
    EnvFilter::builder()
        .with_default_directive(tracing::level_filters::LevelFilter::OFF.into())
        .parse(&text)
        .map(Some)
        .map_err(|e| format!("invalid log filter '{text}': {e}"))
}

/// Installs the stderr log for `--debug-only` and `DEALLOC_LOG`, if either asks for it.
pub fn install(debug_only: &[String]) -> Result<(), String> {
    let env = std::env::var(LOG_ENV).ok();
    let Some(filter) = filter(debug_only, env.as_deref())? else {
        return Ok(());
    };
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .without_time()
        .try_init()
        .map_err(|e| format!("cannot install the debug log: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_requested_installs_nothing() {
        assert!(filter(&[], None).unwrap().is_none());
        assert!(filter(&[], Some("  ")).unwrap().is_none());
    }

    #[test]
    fn pass_names_become_span_directives() {
        let f = filter(
            &["cse".into(), "canonicalize".into()],
            Some("dealloc=trace"),
        )
        .unwrap();
        let text = f.unwrap().to_string();
        assert!(text.contains("[pass{name=cse}]=debug"), "{text}");
        assert!(text.contains("dealloc=trace"), "{text}");
    }

    #[test]
    fn bad_filters_are_errors() {
        assert!(filter(&["a{b".into()], None).is_err());
        assert!(filter(&[], Some("[[[")).is_err());
    }
}
