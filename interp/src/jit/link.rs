//! Linking several MLIR programs into one module, as text, so that one `mlir-opt-22` and one
//! `mlir-runner-22` invocation judge them all (see [`super::batch`]).
//!
//! Each program keeps its own text: only the names it defines are renamed with a prefix of its
//! own (symbols `@f` become `@jitK_f`, attribute and type aliases `#map` / `!t` become
//! `#jitK_map` / `!jitK_t`), so two programs that both define `@main` or `#map` no longer clash.
//! Declarations of external functions (`func.func private @printI64(i64)`, one line without a
//! body) keep their names, because the runtime libraries resolve them by name; the batch
//! declares each once. A `module { ... }` wrapper without attributes is dropped; anything the
//! scanner does not understand makes [`Linked::new`] refuse the program, which is then judged
//! on its own.
//!
//! The scanner knows just enough MLIR lexing: string literals (with escapes), `//` comments,
//! braces, and the `@`, `#` and `!` prefixed identifiers.

use std::collections::{BTreeMap, BTreeSet};

/// The C function of the checked heap that ends one program of a batch (`jit/alloc_check.c`).
pub(super) const PROGRAM_END: &str = "jit_check_program_end";

/// A program made ready to share a module: definitions renamed, declarations split off.
#[derive(Clone, Debug)]
pub(super) struct Linked {
    /// The prefix of every name this program defines.
    prefix: String,
    /// Its alias definitions, renamed (they must precede the module's operations).
    aliases: String,
    /// Its external function declarations: name and (trimmed) line.
    pub(super) declarations: Vec<(String, String)>,
    /// Its other top-level operations, renamed.
    body: String,
    /// Whether it prints with `vector.print`.
    prints_vectors: bool,
}

/// One token of interest: a prefixed identifier and where it lies in the text.
struct Ident {
    sigil: u8,
    name: String,
    quoted: bool,
    start: usize,
    end: usize,
}

impl Linked {
    /// Prepares `text` to be linked with the names it defines prefixed by `prefix`; `None` when
    /// its top-level structure is not one the linker handles.
    pub(super) fn new(text: &str, prefix: &str) -> Option<Linked> {
        let lines = top_level_lines(text)?;
        let statements = statements(&lines)?;
        let mut defined = BTreeSet::new();
        let mut declarations = Vec::new();
        for s in &statements {
            match s.kind {
                Kind::Alias => {
                    let alias = idents(&s.text).into_iter().next()?;
                    defined.insert((alias.sigil, alias.name));
                }
                Kind::Declaration => {}
                Kind::Definition => {
                    if let Some(name) = s.first_ident(b'@') {
                        defined.insert((b'@', name));
                    }
                }
            }
        }
        let rename = |sigil: u8, name: &str| defined.contains(&(sigil, name.to_string()));
        let mut aliases = String::new();
        let mut body = String::new();
        for s in &statements {
            let renamed = rewrite(&s.text, prefix, &rename);
            match s.kind {
                Kind::Alias => aliases.push_str(&renamed),
                Kind::Declaration => {
                    let name = s.first_ident(b'@')?;
                    declarations.push((name, renamed.trim().to_string()));
                }
                Kind::Definition => body.push_str(&renamed),
            }
        }
        Some(Linked {
            prefix: prefix.to_string(),
            aliases,
            declarations,
            prints_vectors: body.contains("vector.print"),
            body,
        })
    }

    /// The name `name`, defined by this program, has in the batch.
    pub(super) fn renamed(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    /// Whether this program's declarations agree with those already in `declared`. Lowering
    /// `vector.print` declares the runtime's print functions itself, which clashes with a
    /// `func` declaration of any of them in the same module, so a program printing vectors
    /// agrees with no batch declaring a print function, and the other way round.
    pub(super) fn agrees_with(&self, declared: &Declared) -> bool {
        let same_lines = self
            .declarations
            .iter()
            .all(|(name, line)| declared.functions.get(name).is_none_or(|l| l == line));
        let declares_print = self.declarations.iter().any(|(n, _)| is_print_function(n));
        same_lines
            && !(self.prints_vectors && declared.functions.keys().any(|n| is_print_function(n)))
            && !(declared.prints_vectors && declares_print)
    }
}

/// Whether `name` may be one of the runtime's print functions (`printI64`, `printNewline`...).
fn is_print_function(name: &str) -> bool {
    name.starts_with("print")
}

/// What the programs of a batch declare so far.
#[derive(Clone, Debug, Default)]
pub(super) struct Declared {
    /// External functions: name and the line declaring them.
    functions: BTreeMap<String, String>,
    /// Whether one of the programs prints with `vector.print`.
    prints_vectors: bool,
}

impl Declared {
    /// Adds the declarations of `program`.
    pub(super) fn add(&mut self, program: &Linked) {
        for (name, line) in &program.declarations {
            self.functions
                .entry(name.clone())
                .or_insert_with(|| line.clone());
        }
        self.prints_vectors |= program.prints_vectors;
    }
}

/// A batch module: its text and which lines belong to which program.
pub(super) struct BatchModule {
    pub(super) text: String,
    /// Per line of `text` (0-based), the index of the program it belongs to, if any.
    owners: Vec<Option<usize>>,
}

impl BatchModule {
    /// Links `programs` (index in the batch, prepared text) behind one entry function `entry`
    /// that calls each program's `program_entry` in turn, then [`PROGRAM_END`] with its index.
    pub(super) fn link(programs: &[&Linked], program_entry: &str, entry: &str) -> BatchModule {
        let mut module = BatchModule {
            text: String::new(),
            owners: Vec::new(),
        };
        for (k, p) in programs.iter().enumerate() {
            module.push(&p.aliases, Some(k));
        }
        let mut declared = BTreeMap::new();
        for (k, p) in programs.iter().enumerate() {
            for (name, line) in &p.declarations {
                if declared.insert(name.clone(), line.clone()).is_none() {
                    module.push(&format!("{line}\n"), Some(k));
                }
            }
        }
        module.push(&format!("func.func private @{PROGRAM_END}(i64)\n"), None);
        for (k, p) in programs.iter().enumerate() {
            module.push(&p.body, Some(k));
        }
        module.push(&format!("func.func @{entry}() {{\n"), None);
        for (k, p) in programs.iter().enumerate() {
            let call = format!(
                "  %c{k} = arith.constant {k} : i64\n  func.call @{}() : () -> ()\n  func.call @{PROGRAM_END}(%c{k}) : (i64) -> ()\n",
                p.renamed(program_entry)
            );
            module.push(&call, Some(k));
        }
        module.push("  return\n}\n", None);
        module
    }

    fn push(&mut self, text: &str, owner: Option<usize>) {
        self.text.push_str(text);
        self.owners
            .extend(std::iter::repeat_n(owner, text.matches('\n').count()));
    }

    /// The program whose text holds 1-based line `line`.
    pub(super) fn owner_of_line(&self, line: usize) -> Option<usize> {
        self.owners.get(line.checked_sub(1)?).copied().flatten()
    }
}

/// A line of the text, with the brace depth at its start.
struct Line<'a> {
    text: &'a str,
    depth: usize,
}

/// The lines inside the top-level module: those of `text` itself, or those between a plain
/// `module {` and its `}` (with depths relative to it). Alias definitions before the module
/// are kept too.
fn top_level_lines(text: &str) -> Option<Vec<Line<'_>>> {
    let mut depth = 0usize;
    let mut lines = Vec::new();
    for line in text.split_inclusive('\n') {
        lines.push(Line { text: line, depth });
        depth = brace_depth_after(line, depth)?;
    }
    if depth != 0 {
        return None;
    }
    let is_code = |l: &&Line| !is_blank_or_comment(l.text);
    let Some(first) = lines
        .iter()
        .position(|l| l.depth == 0 && l.text.trim() == "module {")
    else {
        return Some(lines);
    };
    let last = lines.iter().rposition(|l| is_code(&l))?;
    let outside_is_aliases = lines[..first]
        .iter()
        .filter(is_code)
        .all(|l| l.text.starts_with(['#', '!']));
    if last <= first || lines[last].text.trim() != "}" || !outside_is_aliases {
        return None;
    }
    let mut inner: Vec<Line> = lines.drain(..first).collect();
    inner.extend(lines.drain(1..last - first).map(|l| Line {
        text: l.text,
        depth: l.depth - 1,
    }));
    Some(inner)
}

fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with("//")
}

/// The brace depth after `line`, starting at `depth`; `None` if it would go negative or a
/// string does not end on the line.
fn brace_depth_after(line: &str, mut depth: usize) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = string_end(bytes, i)?,
            b'/' if bytes.get(i + 1) == Some(&b'/') => return Some(depth),
            b'{' => depth += 1,
            b'}' => depth = depth.checked_sub(1)?,
            _ => {}
        }
        i += 1;
    }
    Some(depth)
}

/// The index of the quote closing the string that opens at `open`.
fn string_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            b'\n' => return None,
            _ => i += 1,
        }
    }
    None
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Alias,
    Declaration,
    Definition,
}

/// A top-level statement: its lines and what it is.
struct Statement {
    text: String,
    kind: Kind,
}

impl Statement {
    fn first_ident(&self, sigil: u8) -> Option<String> {
        idents(&self.text)
            .into_iter()
            .find(|i| i.sigil == sigil)
            .map(|i| i.name)
    }
}

/// Groups lines into top-level statements: each starts on a line at depth 0 (blank and comment
/// lines join the statement before).
fn statements(lines: &[Line]) -> Option<Vec<Statement>> {
    let mut out: Vec<Statement> = Vec::new();
    for line in lines {
        let starts = line.depth == 0 && !is_blank_or_comment(line.text);
        if starts {
            let t = line.text.trim();
            // Nested modules and generic-form ops (whose symbols the scanner cannot see).
            if t.starts_with("module") || t.starts_with("builtin.module") || t.starts_with('"') {
                return None;
            }
            let kind = if t.starts_with(['#', '!']) {
                Kind::Alias
            } else if t.starts_with("func.func") && !t.ends_with('{') {
                Kind::Declaration
            } else {
                Kind::Definition
            };
            out.push(Statement {
                text: String::new(),
                kind,
            });
        }
        match out.last_mut() {
            Some(s) => s.text.push_str(line.text),
            None if is_blank_or_comment(line.text) => {}
            None => return None,
        }
    }
    // A declaration is one line; a longer one is treated as something else, renamed.
    for s in &mut out {
        if s.kind == Kind::Declaration && s.text.trim_end().contains('\n') {
            s.kind = Kind::Definition;
        }
    }
    Some(out)
}

/// The `@`, `#` and `!` identifiers of `text`, outside strings and comments.
fn idents(text: &str) -> Vec<Ident> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = string_end(bytes, i).unwrap_or(bytes.len()),
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
            }
            sigil @ (b'@' | b'#' | b'!') => {
                if let Some(ident) = ident_at(text, i, sigil) {
                    i = ident.end - 1;
                    out.push(ident);
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The identifier whose sigil is at `at`: a bare identifier, or a string after `@`.
fn ident_at(text: &str, at: usize, sigil: u8) -> Option<Ident> {
    let bytes = text.as_bytes();
    let start = at + 1;
    if sigil == b'@' && bytes.get(start) == Some(&b'"') {
        let close = string_end(bytes, start)?;
        return Some(Ident {
            sigil,
            name: text[start + 1..close].to_string(),
            quoted: true,
            start: at,
            end: close + 1,
        });
    }
    let first = *bytes.get(start)?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let len = bytes[start..]
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b"_$.".contains(&b)))
        .unwrap_or(bytes.len() - start);
    Some(Ident {
        sigil,
        name: text[start..start + len].to_string(),
        quoted: false,
        start: at,
        end: start + len,
    })
}

/// `text` with every identifier `rename` selects prefixed by `prefix`.
fn rewrite(text: &str, prefix: &str, rename: &dyn Fn(u8, &str) -> bool) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut copied = 0;
    for ident in idents(text) {
        if !rename(ident.sigil, &ident.name) {
            continue;
        }
        out.push_str(&text[copied..ident.start]);
        out.push(char::from(ident.sigil));
        if ident.quoted {
            out.push_str(&format!("\"{prefix}{}\"", ident.name));
        } else {
            out.push_str(prefix);
            out.push_str(&ident.name);
        }
        copied = ident.end;
    }
    out.push_str(&text[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROGRAM: &str = "#map = affine_map<(d0) -> (d0)>\nmodule {\n  func.func private @printI64(i64)\n  memref.global \"private\" constant @g : memref<2xi64> = dense<[1, 2]>\n  func.func private @f(%arg0: memref<2xi64>) -> i64 {\n    %0 = memref.get_global @g : memref<2xi64>\n    // @g in a comment, \"@g\" in a string\n    %c = arith.constant 0 : index\n    %1 = memref.load %0[%c] : memref<2xi64>\n    return %1 : i64\n  }\n  func.func @main() {\n    %0:2 = \"test.two\"() {map = #map} : () -> (i64, i64)\n    %m = memref.alloc() : memref<2xi64>\n    %1 = call @f(%m) : (memref<2xi64>) -> i64\n    call @printI64(%0#1) : (i64) -> ()\n    return\n  }\n}\n";

    #[test]
    fn renames_definitions_and_keeps_declarations() {
        let linked = Linked::new(PROGRAM, "jit3_").expect("linkable");
        assert_eq!(linked.aliases, "#jit3_map = affine_map<(d0) -> (d0)>\n");
        assert_eq!(
            linked.declarations,
            vec![(
                "printI64".to_string(),
                "func.func private @printI64(i64)".to_string()
            )]
        );
        let body = &linked.body;
        for wanted in [
            "constant @jit3_g :",
            "func.func private @jit3_f(",
            "memref.get_global @jit3_g ",
            "// @g in a comment, \"@g\" in a string",
            "func.func @jit3_main()",
            "{map = #jit3_map}",
            "call @jit3_f(%m)",
            "call @printI64(%0#1)",
        ] {
            assert!(body.contains(wanted), "{wanted} not in\n{body}");
        }
        assert!(!body.contains("module"), "{body}");
    }

    #[test]
    fn links_behind_one_entry_and_maps_lines_to_programs() {
        let a = Linked::new(PROGRAM, "jit0_").unwrap();
        let b = Linked::new(
            "func.func private @printI64(i64)\nfunc.func @main() {\n  return\n}\n",
            "jit1_",
        )
        .unwrap();
        let module = BatchModule::link(&[&a, &b], "main", "jit_batch_main");
        assert_eq!(
            module.text.matches("func.func private @printI64").count(),
            1
        );
        assert!(module.text.contains("func.call @jit1_main() : () -> ()"));
        let line_of = |needle: &str| {
            module.text[..module.text.find(needle).unwrap()]
                .matches('\n')
                .count()
                + 1
        };
        assert_eq!(module.owner_of_line(line_of("memref.get_global")), Some(0));
        assert_eq!(
            module.owner_of_line(line_of("func.func @jit1_main")),
            Some(1)
        );
        assert_eq!(
            module.owner_of_line(line_of("func.call @jit1_main")),
            Some(1)
        );
        assert_eq!(
            module.owner_of_line(line_of("@jit_check_program_end(i64)")),
            None
        );
        let mut declared = Declared::default();
        declared.functions.insert(
            "printI64".to_string(),
            "func.func private @printI64(f32)".to_string(),
        );
        assert!(!b.agrees_with(&declared));
    }

    #[test]
    fn keeps_vector_printers_apart_from_print_declarations() {
        let vector = "func.func @main() {\n  %c = arith.constant dense<1> : vector<2xi64>\n  vector.print %c : vector<2xi64>\n  return\n}\n";
        let declaring = "func.func private @printNewline()\nfunc.func @main() {\n  call @printNewline() : () -> ()\n  return\n}\n";
        let plain = "func.func @main() {\n  return\n}\n";
        let [vector, declaring, plain] =
            [vector, declaring, plain].map(|t| Linked::new(t, "p_").expect("links"));
        let mut with_vector = Declared::default();
        with_vector.add(&vector);
        let mut with_declaring = Declared::default();
        with_declaring.add(&declaring);
        assert!(!declaring.agrees_with(&with_vector));
        assert!(!vector.agrees_with(&with_declaring));
        assert!(plain.agrees_with(&with_vector) && plain.agrees_with(&with_declaring));
        assert!(vector.agrees_with(&with_vector));
    }

    #[test]
    fn refuses_what_it_does_not_understand() {
        assert!(Linked::new("module attributes {x} {\n}\n", "p_").is_none());
        assert!(Linked::new("func.func @main() {\n", "p_").is_none());
        assert!(Linked::new("}\n", "p_").is_none());
        assert!(Linked::new("\"func.func\"() <{sym_name = \"f\"}> : () -> ()\n", "p_").is_none());
    }
}
