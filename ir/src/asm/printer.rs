//! The MLIR printer: IR to text, as `mlir-opt-22` prints it.
//!
//! Printing is a pure function of the IR structure. Value names follow MLIR's `SSANameState`
//! (see [`names`](super::names)). Affine maps are printed through `#map`, `#map1`... aliases, declared before the module.
//!
//! [`print_module_to`] streams the text to a writer, a buffer's worth at a time between ops,
//! unless the context holds an affine map or set: their alias declarations come first but are
//! known only once everything is printed.

use std::fmt::Write as _;
use std::io;

use cranelift_entity::SecondaryMap;
use itertools::Itertools;
use smallvec::SmallVec;

use crate::asm::names::{Names, compute_names, push_u32};
use crate::asm::numbers;
use crate::asm::parser::{UNREGISTERED_PROPERTIES, escape_string, format_int};
use crate::attrs::{AffineExpr, AffineMap, AttrData, IntegerSet};
use crate::context::Context;
use crate::entity::{Attr, Block, Op, Region, Type, Value};
use crate::registry::Traits;
use crate::types::{DYNAMIC, Signedness, TypeData};

/// Printer settings.
#[derive(Clone, Copy, Default, Debug)]
pub struct PrintOptions {
    /// Print every op in generic form (`--mlir-print-op-generic`).
    pub generic: bool,
}

/// Prints `op` (normally a `builtin.module`) with its aliases, ending in a newline.
pub fn print_module(ctx: &Context, op: Op, opts: &PrintOptions) -> String {
    let names = compute_names(ctx, op, opts.generic);
    let mut p = OpPrinter::new(ctx, &names, opts.generic);
    p.print_operation(op);
    p.out.push('\n');
    let mut out = std::mem::take(&mut p.out);
    let aliases = alias_definitions(&p);
    if !aliases.is_empty() {
        out.insert_str(0, &aliases);
    }
    out
}

/// The text a streaming print gathers before handing it to its writer.
const STREAM_CHUNK: usize = 1 << 16;

/// Writes `op` printed as [`print_module`] does to `writer`. Without affine maps or sets in the
/// context (no alias can precede the text), the text goes out as it is printed, so that no
/// copy of the whole output is ever held.
pub fn print_module_to(
    ctx: &Context,
    op: Op,
    opts: &PrintOptions,
    writer: &mut dyn io::Write,
) -> io::Result<()> {
    if ctx.has_alias_attrs() {
        return writer.write_all(print_module(ctx, op, opts).as_bytes());
    }
    let names = compute_names(ctx, op, opts.generic);
    let mut p = OpPrinter::new(ctx, &names, opts.generic);
    p.out.reserve(STREAM_CHUNK + STREAM_CHUNK / 4);
    p.sink = Some(Sink {
        writer,
        error: None,
    });
    p.print_operation(op);
    p.out.push('\n');
    let sink = p.sink.take().expect("the sink set above");
    match sink.error {
        Some(error) => Err(error),
        None => sink.writer.write_all(p.out.as_bytes()),
    }
}

/// Where a streaming print sends its text, and the first write that failed.
struct Sink<'a> {
    writer: &'a mut dyn io::Write,
    error: Option<io::Error>,
}

/// The `#map = affine_map<...>` and `#set = affine_set<...>` lines of the aliases `p` used.
fn alias_definitions(p: &OpPrinter<'_>) -> String {
    let mut out = String::new();
    for (i, map) in p.aliases.iter().enumerate() {
        let _ = writeln!(
            out,
            "{} = affine_map<{}>",
            alias_name(i),
            affine_map_text(map)
        );
    }
    for (i, set) in p.set_aliases.iter().enumerate() {
        let name = if i == 0 {
            "#set".to_string()
        } else {
            format!("#set{i}")
        };
        let _ = writeln!(out, "{name} = affine_set<{}>", integer_set_text(set));
    }
    out
}

/// Prints `op` in generic form as MLIR's diagnostics show it (`see current operation: ...`,
/// `block with no terminator, has ...`): values are named over the closest enclosing op isolated
/// from above (or the outermost op), as MLIR's local-scope printing does, and an op with
/// regions is printed whole on the lines after a leading newline.
pub fn print_op_for_diagnostic(ctx: &Context, op: Op) -> String {
    let root = naming_scope_root(ctx, op);
    let names = compute_names(ctx, root, true);
    let mut p = OpPrinter::new(ctx, &names, true);
    p.inline_aliases = true;
    if !ctx.regions(op).is_empty() {
        p.out.push('\n');
    }
    p.print_operation(op);
    p.out
}

/// The op whose values MLIR numbers when it prints `op` with a local scope: the closest of `op`
/// and its ancestors that is isolated from above, else the outermost ancestor.
fn naming_scope_root(ctx: &Context, op: Op) -> Op {
    let mut root = op;
    while !ctx.has_trait(root, Traits::ISOLATED_FROM_ABOVE) {
        match ctx.parent_op(root) {
            Some(parent) => root = parent,
            None => break,
        }
    }
    root
}

fn alias_name(i: usize) -> String {
    if i == 0 {
        "#map".to_string()
    } else {
        format!("#map{i}")
    }
}

/// Prints a type as MLIR does (used in messages).
pub fn type_to_string(ctx: &Context, ty: Type) -> String {
    let names = Names::default();
    let mut p = OpPrinter::new(ctx, &names, false);
    p.inline_maps();
    p.print_type(ty);
    p.out
}

/// Prints an attribute as MLIR does (used in messages).
pub fn attr_to_string(ctx: &Context, attr: Attr) -> String {
    let names = Names::default();
    let mut p = OpPrinter::new(ctx, &names, false);
    p.inline_maps();
    p.print_attr(attr);
    p.out
}

impl<'a> OpPrinter<'a> {
    /// Prints `items` with `print_item`, separated by `, `.
    fn interleave_comma<T: Copy>(&mut self, items: &[T], mut print_item: impl FnMut(&mut Self, T)) {
        for (i, &item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            print_item(self, item);
        }
    }

    /// A printer writing into a fresh buffer, with the value and block names of one print run.
    fn new(ctx: &'a Context, names: &'a Names, generic: bool) -> Self {
        OpPrinter {
            ctx,
            out: String::new(),
            indent: 0,
            names,
            generic,
            aliases: Vec::new(),
            set_aliases: Vec::new(),
            inline_aliases: false,
            type_texts: SecondaryMap::new(),
            default_dialect: Some("builtin"),
            sink: None,
        }
    }

    /// Hands the text printed so far to the sink, if streaming and a chunk has gathered (only
    /// between ops: nothing reads back text printed before the op being printed).
    fn stream_when_full(&mut self) {
        if self.out.len() < STREAM_CHUNK {
            return;
        }
        let Some(sink) = &mut self.sink else {
            return;
        };
        if sink.error.is_none()
            && let Err(error) = sink.writer.write_all(self.out.as_bytes())
        {
            sink.error = Some(error);
        }
        self.out.clear();
    }
}

/// The printer state handed to custom op printers.
pub struct OpPrinter<'a> {
    /// The context being printed.
    pub ctx: &'a Context,
    out: String,
    indent: usize,
    names: &'a Names,
    generic: bool,
    aliases: Vec<AffineMap>,
    set_aliases: Vec<IntegerSet>,
    /// Print affine maps and sets in place instead of through `#map` aliases (in messages).
    inline_aliases: bool,
    /// The text of every type printed so far, by type id (types are interned: few and dense).
    type_texts: SecondaryMap<Type, Option<Box<str>>>,
    /// The default dialect of the op whose regions are being printed (`builtin` at the top
    /// level), whose prefix op names drop.
    default_dialect: Option<&'static str>,
    /// Where the text goes as it is printed ([`print_module_to`]); `None` keeps it in `out`.
    sink: Option<Sink<'a>>,
}

impl<'a> OpPrinter<'a> {
    fn inline_maps(&mut self) {
        self.generic = false;
        self.inline_aliases = true;
    }

    /// Appends raw text.
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Appends a decimal integer.
    pub fn write_int(&mut self, value: i64) {
        if value < 0 {
            self.out.push('-');
        }
        match u32::try_from(value.unsigned_abs()) {
            Ok(small) => push_u32(&mut self.out, small),
            Err(_) => {
                let _ = write!(self.out, "{}", value.unsigned_abs());
            }
        }
    }

    /// Starts a new line at the current indentation.
    pub fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    /// Runs `f` one indentation level deeper (for custom forms continued on a new line).
    pub fn indented(&mut self, f: impl FnOnce(&mut Self)) {
        self.indent += 1;
        f(self);
        self.indent -= 1;
    }

    /// Prints a value reference: `%name`.
    pub fn print_operand(&mut self, v: Value) {
        let name = self.names.values[v];
        if !name.is_named() {
            // A value out of the printed scope, as MLIR spells it (without the `%`).
            self.out.push_str("<<UNKNOWN SSA VALUE>>");
            return;
        }
        self.out.push_str(self.names.group_spelling(name));
        if let Some(k) = name.member() {
            self.out.push('#');
            push_u32(&mut self.out, k);
        }
    }

    /// Prints values separated by `, `.
    pub fn print_operands(&mut self, vs: &[Value]) {
        self.interleave_comma(vs, |p, x| p.print_operand(x));
    }

    /// Prints the values `vs` yields separated by `, ` (an op's operands read in place, not
    /// collected first).
    pub fn print_operand_values(&mut self, vs: impl Iterator<Item = Value>) {
        for (i, v) in vs.enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_operand(v);
        }
    }

    /// Prints a value definition with its type: `%arg0: i32`.
    pub fn print_arg_def(&mut self, v: Value) {
        self.print_operand(v);
        self.out.push_str(": ");
        self.print_type(self.ctx.value_type(v));
    }

    /// Prints types separated by `, `.
    pub fn print_types(&mut self, ts: &[Type]) {
        self.interleave_comma(ts, |p, x| p.print_type(x));
    }

    /// Prints the types of values separated by `, `.
    pub fn print_value_types(&mut self, vs: &[Value]) {
        let ctx = self.ctx;
        self.interleave_comma(vs, |p, v| p.print_type(ctx.value_type(v)));
    }

    /// Prints `^bbN`.
    pub fn print_successor(&mut self, b: Block) {
        self.out.push_str("^bb");
        push_u32(&mut self.out, self.names.blocks[b]);
    }

    /// Prints `^bbN` or `^bbN(%a, %b : t1, t2)`.
    pub fn print_successor_and_operands(&mut self, b: Block, operands: &[Value]) {
        self.print_successor(b);
        if !operands.is_empty() {
            self.out.push('(');
            self.print_operands(operands);
            self.out.push_str(" : ");
            self.print_value_types(operands);
            self.out.push(')');
        }
    }

    /// Prints `@name`, quoting it when it is not a valid bare identifier.
    pub fn print_symbol_name(&mut self, name: &str) {
        self.out.push('@');
        let valid = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'));
        if valid {
            self.out.push_str(name);
        } else {
            let _ = write!(self.out, "\"{}\"", escape_string(name));
        }
    }

    /// Prints ` {a = 1, b}` with the attributes of `op` except those named in `elided`.
    pub fn print_optional_attr_dict(&mut self, op: Op, elided: &[&str]) {
        if self.ctx.attrs(op).is_empty() {
            return;
        }
        let attrs = self.visible_attrs(op, elided);
        if attrs.is_empty() {
            return;
        }
        self.out.push(' ');
        self.print_dict_entries(&attrs);
    }

    /// Prints ` attributes {a = 1}` with the attributes of `op` except those in `elided`.
    pub fn print_optional_attr_dict_with_keyword(&mut self, op: Op, elided: &[&str]) {
        if self.ctx.attrs(op).is_empty() {
            return;
        }
        let attrs = self.visible_attrs(op, elided);
        if attrs.is_empty() {
            return;
        }
        self.out.push_str(" attributes ");
        self.print_dict_entries(&attrs);
    }

    fn visible_attrs(&self, op: Op, elided: &[&str]) -> SmallVec<[(&'a str, Attr); 4]> {
        let ctx: &'a Context = self.ctx;
        let mut visible = SmallVec::new();
        for &(name, attr) in ctx.attrs(op) {
            let name = ctx.sym_str(name);
            if !elided.contains(&name) {
                visible.push((name, attr));
            }
        }
        visible
    }

    fn print_dict_entries(&mut self, attrs: &[(&str, Attr)]) {
        self.out.push('{');
        for (i, (name, a)) in attrs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_attr_name(name);
            if !matches!(self.ctx.attr_data(*a), AttrData::Unit) {
                self.out.push_str(" = ");
                self.print_attr(*a);
            }
        }
        self.out.push('}');
    }

    fn print_attr_name(&mut self, name: &str) {
        let valid = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'));
        if valid {
            self.out.push_str(name);
        } else {
            let _ = write!(self.out, "\"{}\"", escape_string(name));
        }
    }

    /// Prints a region in braces. `entry_args` prints the entry block's label and arguments;
    /// `terminators` prints block terminators (custom syntax may elide implicit ones).
    pub fn print_region(&mut self, region: Region, entry_args: bool, terminators: bool) {
        self.print_region_impl(region, entry_args, terminators, false);
    }

    /// MLIR's `printRegion`; `empty_block` forces the label of an empty entry block (as the
    /// generic form does).
    fn print_region_impl(
        &mut self,
        region: Region,
        entry_args: bool,
        terminators: bool,
        empty_block: bool,
    ) {
        self.out.push('{');
        self.indent += 1;
        // Walked through the list links (printing never changes the IR): nothing collected.
        let ctx = self.ctx;
        for (i, block) in ctx.blocks(region).enumerate() {
            let args = ctx.block_args(block);
            let print_label = i > 0
                || (entry_args && !args.is_empty())
                || (empty_block && ctx.first_op(block).is_none());
            if print_label {
                self.print_block_label(block, i == 0);
            }
            for op in ctx.block_ops(block) {
                let is_last = ctx.next_op(op).is_none();
                if is_last && !terminators && ctx.has_trait(op, Traits::TERMINATOR) {
                    continue;
                }
                self.newline();
                self.print_operation(op);
                self.stream_when_full();
            }
        }
        self.indent -= 1;
        self.newline();
        self.out.push('}');
    }

    fn print_block_label(&mut self, block: Block, is_entry: bool) {
        self.indent -= 1;
        self.newline();
        self.indent += 1;
        self.print_successor(block);
        let ctx = self.ctx;
        let args = ctx.block_args(block);
        if !args.is_empty() {
            self.out.push('(');
            self.interleave_comma(args, |p, x| p.print_arg_def(x));
            self.out.push(')');
        }
        self.out.push(':');
        if is_entry {
            return;
        }
        let mut preds: SmallVec<[u32; 2]> = self.names.preds[block].clone();
        preds.sort_unstable();
        match preds.len() {
            0 => self.out.push_str("  // no predecessors"),
            1 => {
                self.out.push_str("  // pred: ^bb");
                push_u32(&mut self.out, preds[0]);
            }
            n => {
                self.out.push_str("  // ");
                push_u32(&mut self.out, n as u32);
                self.out.push_str(" preds: ");
                for (i, &pred) in preds.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.out.push_str("^bb");
                    push_u32(&mut self.out, pred);
                }
            }
        }
    }

    /// Prints an op: results, name and body (custom syntax when available).
    pub fn print_operation(&mut self, op: Op) {
        self.print_result_defs(op);
        let def = self.ctx.op_def(op);
        let custom = if self.generic { None } else { def.print };
        match custom {
            Some(print) => {
                let name = def.name.as_str();
                // The dialect prefix is dropped when it is the default dialect of the enclosing
                // op (`func` inside `func.func`); at the top level the default is `builtin`.
                let default = self.default_dialect;
                // `name` starts with `d.` exactly when `d`, which holds no dot, is its dialect.
                let printed_name = match default {
                    Some(d)
                        if name.as_bytes().get(d.len()) == Some(&b'.')
                            && name.starts_with(d)
                            && !d.contains('.') =>
                    {
                        &name[d.len() + 1..]
                    }
                    _ => name,
                };
                self.out.push_str(printed_name);
                let outer = std::mem::replace(&mut self.default_dialect, def.default_dialect);
                print(self, op);
                self.default_dialect = outer;
            }
            None => self.print_generic(op),
        }
    }

    fn print_result_defs(&mut self, op: Op) {
        let results = self.ctx.results(op);
        let names = self.names;
        if results.is_empty() || !names.values[results[0]].is_named() {
            return;
        }
        // One `%name` or `%name:N` per result group.
        let mut start = 0;
        while start < results.len() {
            let len = 1 + results[start + 1..]
                .iter()
                .take_while(|&&r| !names.values[r].starts_group())
                .count();
            if start > 0 {
                self.out.push_str(", ");
            }
            self.out
                .push_str(names.group_spelling(names.values[results[start]]));
            if len > 1 {
                self.out.push(':');
                push_u32(&mut self.out, len as u32);
            }
            start += len;
        }
        self.out.push_str(" = ");
    }

    fn print_generic(&mut self, op: Op) {
        let def = self.ctx.op_def(op);
        let _ = write!(self.out, "\"{}\"(", escape_string(&def.name));
        let operands = self.ctx.operand_array(op);
        self.print_operands(&operands);
        self.out.push(')');
        let succs = self.ctx.successors(op).to_vec();
        if !succs.is_empty() {
            self.out.push('[');
            self.interleave_comma(&succs, |p, x| p.print_successor(x));
            self.out.push(']');
        }
        let inherent = def.inherent_attrs;
        let registered = def.registered;
        let all = self.visible_attrs(op, &[]);
        let (props, rest): (Vec<_>, Vec<_>) = all.into_iter().partition(|(n, _)| {
            (registered && inherent.contains(n)) || *n == UNREGISTERED_PROPERTIES
        });
        match props.as_slice() {
            [] => {}
            [(UNREGISTERED_PROPERTIES, attr)] if !registered => {
                self.out.push_str(" <");
                self.print_attr(*attr);
                self.out.push('>');
            }
            _ => {
                self.out.push_str(" <");
                self.print_dict_entries(&props);
                self.out.push('>');
            }
        }
        let regions = self.ctx.regions(op).to_vec();
        if !regions.is_empty() {
            self.out.push_str(" (");
            let outer = self.default_dialect.take();
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region_impl(r, true, true, true);
            }
            self.default_dialect = outer;
            self.out.push(')');
        }
        if !rest.is_empty() {
            self.out.push(' ');
            self.print_dict_entries(&rest);
        }
        self.out.push_str(" : ");
        let operand_types: Vec<Type> = operands.iter().map(|&v| self.ctx.value_type(v)).collect();
        let result_types: Vec<Type> = self
            .ctx
            .results(op)
            .iter()
            .map(|&v| self.ctx.value_type(v))
            .collect();
        self.print_function_type(&operand_types, &result_types);
    }

    /// Prints `(inputs) -> results`.
    pub fn print_function_type(&mut self, inputs: &[Type], results: &[Type]) {
        self.out.push('(');
        self.print_types(inputs);
        self.out.push_str(") -> ");
        self.print_result_type_list(results);
    }

    /// Prints a result type list: `t`, `(t1, t2)` or `()`; a single function type gets parens.
    pub fn print_result_type_list(&mut self, results: &[Type]) {
        let single_plain = results.len() == 1
            && !matches!(self.ctx.type_data(results[0]), TypeData::Function { .. });
        if single_plain {
            self.print_type(results[0]);
        } else {
            self.out.push('(');
            self.print_types(results);
            self.out.push(')');
        }
    }

    /// Prints a type.
    pub fn print_type(&mut self, ty: Type) {
        // Programs repeat a handful of types thousands of times: print each once per run.
        // (A type's text never changes within a run: an alias it uses is numbered when first
        // printed.)
        if let Some(text) = &self.type_texts[ty] {
            self.out.push_str(text);
            return;
        }
        let start = self.out.len();
        self.print_type_uncached(ty);
        self.type_texts[ty] = Some(self.out[start..].into());
    }

    fn print_type_uncached(&mut self, ty: Type) {
        match self.ctx.type_data(ty) {
            TypeData::Integer { width, signedness } => {
                let prefix = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                let _ = write!(self.out, "{prefix}{width}");
            }
            TypeData::Index => self.out.push_str("index"),
            TypeData::None => self.out.push_str("none"),
            TypeData::Float(k) => self.out.push_str(k.keyword()),
            TypeData::MemRef {
                shape,
                elem,
                layout,
                memory_space,
            } => {
                self.out.push_str("memref<");
                self.print_shape(shape, &[]);
                self.print_type(*elem);
                if let Some(l) = layout {
                    self.out.push_str(", ");
                    self.print_attr(*l);
                }
                if let Some(m) = memory_space {
                    self.out.push_str(", ");
                    self.print_attr_elide_default_type(*m);
                }
                self.out.push('>');
            }
            TypeData::UnrankedMemRef { elem, memory_space } => {
                self.out.push_str("memref<*x");
                self.print_type(*elem);
                if let Some(m) = memory_space {
                    self.out.push_str(", ");
                    self.print_attr_elide_default_type(*m);
                }
                self.out.push('>');
            }
            TypeData::Tensor {
                shape,
                elem,
                encoding,
            } => {
                self.out.push_str("tensor<");
                self.print_shape(shape, &[]);
                self.print_type(*elem);
                if let Some(e) = encoding {
                    self.out.push_str(", ");
                    self.print_attr(*e);
                }
                self.out.push('>');
            }
            TypeData::UnrankedTensor { elem } => {
                self.out.push_str("tensor<*x");
                self.print_type(*elem);
                self.out.push('>');
            }
            TypeData::Vector {
                shape,
                scalable,
                elem,
            } => {
                self.out.push_str("vector<");
                self.print_shape(shape, scalable);
                self.print_type(*elem);
                self.out.push('>');
            }
            TypeData::Complex(elem) => {
                self.out.push_str("complex<");
                self.print_type(*elem);
                self.out.push('>');
            }
            TypeData::Function { inputs, results } => {
                let (inputs, results) = (inputs.clone(), results.clone());
                self.print_function_type(&inputs, &results);
            }
            TypeData::Tuple(elems) => {
                let elems = elems.clone();
                self.out.push_str("tuple<");
                self.print_types(&elems);
                self.out.push('>');
            }
            TypeData::Opaque { text } => {
                self.out.push('!');
                self.out.push_str(text);
            }
        }
    }

    fn print_shape(&mut self, shape: &[i64], scalable: &[bool]) {
        for (i, &d) in shape.iter().enumerate() {
            let sc = scalable.get(i).copied().unwrap_or(false);
            if sc {
                self.out.push('[');
            }
            if d == DYNAMIC {
                self.out.push('?');
            } else {
                let _ = write!(self.out, "{d}");
            }
            if sc {
                self.out.push(']');
            }
            self.out.push('x');
        }
    }

    /// Prints an attribute with its type where MLIR prints one.
    pub fn print_attr(&mut self, attr: Attr) {
        self.print_attr_impl(attr, true);
    }

    /// Prints an attribute without the trailing `: type` of integers and floats.
    pub fn print_attr_without_type(&mut self, attr: Attr) {
        self.print_attr_impl(attr, false);
    }

    /// Prints an attribute, omitting the type of `i64` integers and `f64` floats (as MLIR does
    /// inside arrays and memory spaces).
    pub fn print_attr_elide_default_type(&mut self, attr: Attr) {
        let elide = match self.ctx.attr_data(attr) {
            AttrData::Integer { ty, .. } => matches!(
                self.ctx.type_data(*ty),
                TypeData::Integer {
                    width: 64,
                    signedness: Signedness::Signless
                }
            ),
            // A float printed in hexadecimal would read back as an integer: keep its type.
            AttrData::Float { ty, bits } => {
                matches!(
                    self.ctx.type_data(*ty),
                    TypeData::Float(crate::types::FloatKind::F64)
                ) && !numbers::format_float(*bits, crate::types::FloatKind::F64).contains("0x")
            }
            _ => false,
        };
        self.print_attr_impl(attr, !elide);
    }

    /// `array<i32: 1, 2>`: a dense array attribute of `elem` values.
    fn print_dense_array(&mut self, elem: Type, values: &[i64]) {
        self.out.push_str("array<");
        self.print_type(elem);
        if !values.is_empty() {
            self.out.push_str(": ");
            let data = self.ctx.type_data(elem).clone();
            for (i, v) in values.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                match &data {
                    TypeData::Integer { width, signedness } => {
                        self.out
                            .push_str(&format_int(*v as i128, *width, *signedness))
                    }
                    TypeData::Float(k) => self.out.push_str(&numbers::format_float(*v as u64, *k)),
                    _ => {
                        let _ = write!(self.out, "{v}");
                    }
                }
            }
        }
        self.out.push('>');
    }

    fn print_attr_impl(&mut self, attr: Attr, with_type: bool) {
        match self.ctx.attr_data(attr) {
            AttrData::Unit => self.out.push_str("unit"),
            AttrData::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            AttrData::Integer { value, ty } => {
                let (value, ty) = (*value, *ty);
                match *self.ctx.type_data(ty) {
                    TypeData::Integer { width, signedness } => {
                        self.out.push_str(&format_int(value, width, signedness));
                        if with_type && !(width == 1 && signedness == Signedness::Signless) {
                            self.out.push_str(" : ");
                            self.print_type(ty);
                        }
                    }
                    _ => {
                        let _ = write!(self.out, "{value}");
                        if with_type {
                            self.out.push_str(" : ");
                            self.print_type(ty);
                        }
                    }
                }
            }
            AttrData::Float { bits, ty } => {
                let (bits, ty) = (*bits, *ty);
                if let TypeData::Float(k) = *self.ctx.type_data(ty) {
                    self.out.push_str(&numbers::format_float(bits, k));
                }
                if with_type {
                    self.out.push_str(" : ");
                    self.print_type(ty);
                }
            }
            AttrData::String(s) => {
                let _ = write!(self.out, "\"{}\"", escape_string(s));
            }
            AttrData::Type(t) => self.print_type(*t),
            AttrData::Array(elems) => {
                let elems = elems.clone();
                self.out.push('[');
                self.interleave_comma(&elems, |p, x| p.print_attr_elide_default_type(x));
                self.out.push(']');
            }
            AttrData::Dict(entries) => {
                let ctx: &'a Context = self.ctx;
                let entries: Vec<(&str, Attr)> =
                    entries.iter().map(|&(n, a)| (ctx.sym_str(n), a)).collect();
                self.print_dict_entries(&entries);
            }
            AttrData::SymbolRef { root, nested } => {
                let root = self.ctx.sym_str(*root).to_string();
                let nested: Vec<String> = nested
                    .iter()
                    .map(|&s| self.ctx.sym_str(s).to_string())
                    .collect();
                self.print_symbol_name(&root);
                for n in nested {
                    self.out.push_str("::");
                    self.print_symbol_name(&n);
                }
            }
            AttrData::DenseArray { elem, values } => {
                let (elem, values) = (*elem, values.clone());
                self.print_dense_array(elem, &values);
            }
            AttrData::DenseElements { literal, ty } => {
                let ty = *ty;
                let _ = write!(self.out, "dense<{literal}>");
                if with_type {
                    self.out.push_str(" : ");
                    self.print_type(ty);
                }
            }
            AttrData::AffineMap(map) => {
                if self.inline_aliases {
                    let _ = write!(self.out, "affine_map<{}>", affine_map_text(map));
                    return;
                }
                let idx = match self.aliases.iter().position(|m| m == map) {
                    Some(i) => i,
                    None => {
                        self.aliases.push(map.clone());
                        self.aliases.len() - 1
                    }
                };
                self.out.push_str(&alias_name(idx));
            }
            AttrData::AffineSet(set) => {
                if self.inline_aliases {
                    let _ = write!(self.out, "affine_set<{}>", integer_set_text(set));
                    return;
                }
                let idx = match self.set_aliases.iter().position(|s| s == set) {
                    Some(i) => i,
                    None => {
                        self.set_aliases.push(set.clone());
                        self.set_aliases.len() - 1
                    }
                };
                if idx == 0 {
                    self.out.push_str("#set");
                } else {
                    let _ = write!(self.out, "#set{idx}");
                }
            }
            AttrData::Strided { strides, offset } => {
                let dims = |d: i64| {
                    if d == DYNAMIC {
                        "?".to_string()
                    } else {
                        d.to_string()
                    }
                };
                let _ = write!(
                    self.out,
                    "strided<[{}]",
                    strides.iter().map(|&s| dims(s)).join(", ")
                );
                if *offset != 0 {
                    let _ = write!(self.out, ", offset: {}", dims(*offset));
                }
                self.out.push('>');
            }
            AttrData::Opaque(text) => {
                if text.starts_with('"') {
                    self.out.push_str(text);
                } else {
                    self.out.push('#');
                    self.out.push_str(text);
                }
            }
        }
    }

    /// The printed name of a value without `%` (for diagnostics).
    pub fn value_name(&self, v: Value) -> Option<String> {
        if !self.names.values[v].is_named() {
            return None;
        }
        let mut printer = OpPrinter::new(self.ctx, self.names, self.generic);
        printer.print_operand(v);
        printer.out.remove(0);
        Some(printer.out)
    }
}

/// Prints `(d0, d1)[s0]` for the given numbers of dimensions and symbols.
fn dims_and_symbols_text(num_dims: u32, num_symbols: u32, s: &mut String) {
    s.push('(');
    s.push_str(&(0..num_dims).map(|i| format!("d{i}")).join(", "));
    s.push(')');
    if num_symbols > 0 {
        s.push('[');
        s.push_str(&(0..num_symbols).map(|i| format!("s{i}")).join(", "));
        s.push(']');
    }
}

/// Prints the body of an integer set: `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`.
pub fn integer_set_text(set: &IntegerSet) -> String {
    let mut s = String::new();
    dims_and_symbols_text(set.num_dims, set.num_symbols, &mut s);
    s.push_str(" : (");
    for (i, (e, eq)) in set.constraints.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        print_affine(e, false, &mut s);
        s.push_str(if *eq { " == 0" } else { " >= 0" });
    }
    s.push(')');
    s
}

/// Prints the body of an affine map: `(d0)[s0] -> (d0 + s0)`.
pub fn affine_map_text(map: &AffineMap) -> String {
    let mut s = String::new();
    s.push('(');
    s.push_str(&(0..map.num_dims).map(|i| format!("d{i}")).join(", "));
    s.push(')');
    if map.num_symbols > 0 {
        s.push('[');
        s.push_str(&(0..map.num_symbols).map(|i| format!("s{i}")).join(", "));
        s.push(']');
    }
    s.push_str(" -> (");
    for (i, e) in map.results.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        print_affine(e, false, &mut s);
    }
    s.push(')');
    s
}

/// Prints an affine expression whose dimensions and symbols are named by `leaf` (called with
/// `false` and the position for a dimension, `true` for a symbol): the operand names of
/// `affine.load` and `affine.store` subscripts.
pub fn affine_expr_text_with(e: &AffineExpr, leaf: &dyn Fn(bool, u32, &mut String)) -> String {
    let mut s = String::new();
    print_affine_with(e, false, &mut s, leaf);
    s
}

fn default_leaf(is_symbol: bool, i: u32, s: &mut String) {
    let _ = write!(s, "{}{i}", if is_symbol { 's' } else { 'd' });
}

fn print_affine(e: &AffineExpr, strong: bool, s: &mut String) {
    print_affine_with(e, strong, s, &default_leaf);
}

fn print_affine_with(
    e: &AffineExpr,
    strong: bool,
    s: &mut String,
    leaf: &dyn Fn(bool, u32, &mut String),
) {
    use AffineExpr::*;
    let print_affine = |e: &AffineExpr, strong: bool, s: &mut String| {
        print_affine_with(e, strong, s, leaf);
    };
    match e {
        Dim(i) => leaf(false, *i, s),
        Symbol(i) => leaf(true, *i, s),
        Const(c) => {
            let _ = write!(s, "{c}");
        }
        Mul(l, r) if **r == Const(-1) => {
            s.push('-');
            print_affine(l, true, s);
        }
        Add(l, r) => {
            if strong {
                s.push('(');
            }
            print_affine(l, false, s);
            match &**r {
                Mul(rl, rc) if matches!(**rc, Const(c) if c < 0) => {
                    let Const(c) = **rc else { unreachable!() };
                    s.push_str(" - ");
                    if c == -1 {
                        print_affine(rl, matches!(**rl, Add(..)), s);
                    } else {
                        print_affine(rl, true, s);
                        let _ = write!(s, " * {}", -c);
                    }
                }
                Const(c) if *c < 0 => {
                    let _ = write!(s, " - {}", -c);
                }
                _ => {
                    s.push_str(" + ");
                    print_affine(r, false, s);
                }
            }
            if strong {
                s.push(')');
            }
        }
        Mul(l, r) | Mod(l, r) | FloorDiv(l, r) | CeilDiv(l, r) => {
            let op = match e {
                Mul(..) => " * ",
                Mod(..) => " mod ",
                FloorDiv(..) => " floordiv ",
                _ => " ceildiv ",
            };
            if strong {
                s.push('(');
            }
            print_affine(l, true, s);
            s.push_str(op);
            print_affine(r, true, s);
            if strong {
                s.push(')');
            }
        }
    }
}
