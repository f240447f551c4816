//! Textual pass pipelines: `builtin.module(func.func(canonicalize, cse), pass{opt=1})`.
//!
//! Parses MLIR's pipeline syntax into a tree of [`PipelineElement`]s: either a pass with its
//! options, or an op name with a nested pipeline. Named pipelines expand to their text.

use crate::pass::{Instance, lookup, unknown_pass};

/// One element of a pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PipelineElement {
    /// A pass with its options.
    Pass {
        /// Registered name.
        name: String,
        /// Options text (inside `{...}`).
        options: String,
    },
    /// Run `inner` on every op named `op` nested directly in the current op.
    Nest {
        /// The op name to nest on (`func.func`, `builtin.module`).
        op: String,
        /// The nested pipeline.
        inner: Vec<PipelineElement>,
    },
}

/// Parses a textual pipeline.
pub fn parse_pipeline(text: &str) -> Result<Vec<PipelineElement>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut pos = 0;
    let list = parse_list(&chars, &mut pos)?;
    skip_ws(&chars, &mut pos);
    if pos != chars.len() {
        return Err(format!(
            "unexpected '{}' at position {pos} in pass pipeline '{text}'",
            chars[pos]
        ));
    }
    Ok(list)
}

fn skip_ws(c: &[char], pos: &mut usize) {
    while *pos < c.len() && c[*pos].is_whitespace() {
        *pos += 1;
    }
}

fn parse_list(c: &[char], pos: &mut usize) -> Result<Vec<PipelineElement>, String> {
    let mut out = Vec::new();
    loop {
        skip_ws(c, pos);
        if *pos >= c.len() || c[*pos] == ')' {
            return Ok(out);
        }
        out.push(parse_element(c, pos)?);
        skip_ws(c, pos);
        if *pos < c.len() && c[*pos] == ',' {
            *pos += 1;
            continue;
        }
        return Ok(out);
    }
}

fn parse_element(c: &[char], pos: &mut usize) -> Result<PipelineElement, String> {
    let start = *pos;
    while *pos < c.len() && !matches!(c[*pos], '(' | ')' | '{' | ',') && !c[*pos].is_whitespace() {
        *pos += 1;
    }
    let name: String = c[start..*pos].iter().collect();
    if name.is_empty() {
        return Err("expected pass or op name in pass pipeline".into());
    }
    skip_ws(c, pos);
    if *pos < c.len() && c[*pos] == '(' {
        *pos += 1;
        let inner = parse_list(c, pos)?;
        if *pos >= c.len() || c[*pos] != ')' {
            return Err(format!(
                "expected ')' to close the pipeline nested on '{name}'"
            ));
        }
        *pos += 1;
        return Ok(PipelineElement::Nest { op: name, inner });
    }
    let mut options = String::new();
    if *pos < c.len() && c[*pos] == '{' {
        let mut depth = 0;
        let open = *pos;
        while *pos < c.len() {
            match c[*pos] {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            *pos += 1;
        }
        if *pos >= c.len() {
            return Err(format!("missing '}}' in options of pass '{name}'"));
        }
        options = c[open + 1..*pos].iter().collect();
        *pos += 1;
    }
    Ok(PipelineElement::Pass { name, options })
}

/// Replaces every named pipeline by the elements it stands for, recursively (bounded depth).
/// Pass names are checked; pass options are parsed when the pass manager builds the passes.
pub fn expand(
    elements: Vec<PipelineElement>,
    depth: usize,
) -> Result<Vec<PipelineElement>, String> {
    if depth > 32 {
        return Err("pass pipelines nest too deeply".into());
    }
    let mut out = Vec::new();
    for e in elements {
        match e {
            PipelineElement::Pass { name, options } => {
                let registered = lookup(&name).ok_or_else(|| unknown_pass(&name))?;
                if !registered.is_pipeline() {
                    out.push(PipelineElement::Pass { name, options });
                    continue;
                }
                if let Instance::Pipeline(inner) = registered.instantiate(&options)? {
                    out.extend(expand(inner, depth + 1)?);
                }
            }
            PipelineElement::Nest { op, inner } => out.push(PipelineElement::Nest {
                op,
                inner: expand(inner, depth + 1)?,
            }),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_nested_pipelines_with_options() {
        let p = parse_pipeline("builtin.module(func.func(a{x=1 y={b}}, b), c)").unwrap();
        assert_eq!(
            p,
            vec![PipelineElement::Nest {
                op: "builtin.module".into(),
                inner: vec![
                    PipelineElement::Nest {
                        op: "func.func".into(),
                        inner: vec![
                            PipelineElement::Pass {
                                name: "a".into(),
                                options: "x=1 y={b}".into()
                            },
                            PipelineElement::Pass {
                                name: "b".into(),
                                options: String::new()
                            },
                        ]
                    },
                    PipelineElement::Pass {
                        name: "c".into(),
                        options: String::new()
                    },
                ]
            }]
        );
    }

    #[test]
    fn rejects_unbalanced_text() {
        assert!(parse_pipeline("builtin.module(func.func(a)").is_err());
        assert!(parse_pipeline("a{x=1").is_err());
    }
}
