//! The MLIR parser: text to IR.
//!
//! A recursive-descent parser over [`Lexer`] tokens. It stops at the first error, as
//! `mlir-opt` does, and reports it at the offending token. Value names are scoped per region
//! (see [`NameScope`]); uses before definitions create placeholder values that are replaced
//! when the definition is seen (so blocks may appear in any order). Custom op syntax is
//! parsed by the op's registered [`ParseFn`](crate::registry::ParseFn), which calls the public
//! helpers of [`Parser`] (`parse_operand`, `resolve_operand`, `parse_type`, `parse_region`...).

mod dlti;
mod name_scope;

use name_scope::{NameKey, NameScope};

use itertools::Itertools;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::asm::lexer::{Lexer, TokKind, Token, unescape};
use crate::asm::numbers;
use crate::attrs::{AffineExpr, AffineMap, AttrData, IntegerSet};
use crate::context::{Context, OpState, ValueDef};
use crate::diag::Diagnostic;
use crate::entity::{Attr, Block, Loc, Op, Region, Sym, Type, Value};
use crate::location::LocData;
use crate::registry::Traits;
use crate::types::{DYNAMIC, FloatKind, Signedness, TypeData};

/// The result of a parsing step; the error is the one diagnostic reported.
pub type PResult<T> = Result<T, Diagnostic>;

/// The parser used by custom op syntax (the same object).
pub type OpParser<'s, 'c> = Parser<'s, 'c>;

/// Parser settings.
#[derive(Clone, Copy, Default, Debug)]
pub struct ParseOptions {
    /// Accept ops of unknown dialects (in generic form).
    pub allow_unregistered: bool,
}

/// The attribute name under which an unregistered op keeps its `<{...}>` properties (MLIR
/// stores them as one attribute, printed back inside `<...>` in generic form).
pub const UNREGISTERED_PROPERTIES: &str = "\u{0}properties";

/// The maximum nesting depth of regions, attributes and types.
pub const MAX_NESTING: usize = 100_000;

/// An SSA value name (without `%`), as the span of the source text that spells it; value
/// names are looked up by their text, never interned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SsaName {
    start: u32,
    end: u32,
}

/// A value reference before its type is known: `%name#number` at a source offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnresolvedOperand {
    /// The name without `%`.
    pub name: SsaName,
    /// The result number (`#N`), 0 if absent.
    pub number: u32,
    /// Byte offset of the reference.
    pub pos: usize,
}

/// A block-argument or region-argument definition: `%name: type`.
#[derive(Clone, Debug)]
pub struct ArgDef {
    /// The name and position.
    pub operand: UnresolvedOperand,
    /// Its type.
    pub ty: Type,
}

#[derive(Default)]
struct BlockScope<'s> {
    /// Blocks by name: the block, whether its label was seen, and the first reference offset.
    blocks: FxHashMap<&'s str, (Block, bool, usize)>,
}

/// A value visible under a name: the value and the offset of its definition (or, for a
/// forward reference, of its first use).
#[derive(Clone, Copy)]
struct ValueEntry {
    value: Value,
    pos: usize,
}

/// The SSA names in sight. As in MLIR, a whole buffer is one name scope: a region sees the
/// names of the regions around it, even inside an op isolated from above (`func.func`,
/// `builtin.module`), and a use there of a value from outside is the verifier's error
/// ("using value defined outside the region"), not the parser's. Names defined in a region go
/// out of sight when it closes; forward references do not, so a later definition anywhere in
/// the buffer resolves them.
/// Emptied scopes kept for the next regions, so that each region (each function, in a file of
/// many) does not grow maps and lists of its own anew. Large ones are dropped instead: clearing
/// costs their capacity, which small regions would pay again and again.
#[derive(Default)]
struct ScopePools<'s> {
    blocks: Vec<BlockScope<'s>>,
    names: Vec<Vec<NameKey>>,
}

/// Capacity above which an emptied scope map is dropped rather than reused.
const MAX_RECYCLED_CAPACITY: usize = 1024;

impl<'s> ScopePools<'s> {
    fn recycle_blocks(&mut self, mut scope: BlockScope<'s>) {
        if scope.blocks.capacity() <= MAX_RECYCLED_CAPACITY {
            scope.blocks.clear();
            self.blocks.push(scope);
        }
    }
}

/// The MLIR text parser.
pub struct Parser<'s, 'c> {
    /// The context receiving the IR.
    pub ctx: &'c mut Context,
    src: &'s str,
    lex: Lexer<'s>,
    tok: Token,
    type_aliases: FxHashMap<String, Type>,
    attr_aliases: FxHashMap<String, Attr>,
    loc_aliases: FxHashMap<String, Loc>,
    /// Location aliases used before their definition: name, offset of the use, and the op
    /// whose location it is (if it is an op's whole location).
    deferred_locs: Vec<(String, usize, Option<Op>)>,
    names: NameScope<'s>,
    /// Forward-reference placeholders not yet defined, with the offset of their first use.
    forward_refs: FxHashMap<Value, usize>,
    block_scopes: Vec<BlockScope<'s>>,
    pools: ScopePools<'s>,
    opts: ParseOptions,
    default_dialects: Vec<&'static str>,
    depth: usize,
    /// Number of results the op being parsed binds (`%a, %b = ...`).
    pub num_results: usize,
    /// The buffer in the context's source list; op locations are offsets into it.
    source: crate::location::SourceId,
    /// Builtin and function types already parsed, by their exact spelling (programs repeat a
    /// handful of types thousands of times; a hit skips lexing, parsing and interning).
    type_cache: FxHashMap<&'s str, Type>,
    /// Scratch buffer for dialect-qualified op names.
    op_name_buf: String,
    /// The op whose syntax is being parsed, innermost last: `Some` in custom syntax, `None` in
    /// generic syntax (see [`Parser::custom_error`]).
    custom_ops: Vec<Option<crate::entity::OpName>>,
    /// Emptied op states whose lists are reused (see [`Parser::take_state`]).
    state_pool: Vec<OpState>,
    /// Attributes custom parsers build over and over, by a key of their choosing (see
    /// [`Parser::memoized_attr`]).
    attr_memo: FxHashMap<(&'static str, u64), Attr>,
}

/// The dialect an op name in custom syntax names: the text before its first `.`, unless that
/// `.` ends the name (MLIR treats `foo.` as unprefixed, to be tried in the default dialect).
fn dialect_prefix(name: &str) -> Option<&str> {
    let dot = name.find('.')?;
    (dot + 1 < name.len()).then(|| &name[..dot])
}

/// Whether a bare identifier starts a builtin type (then an attribute position may hold it).
fn is_builtin_type_keyword(kw: &str) -> bool {
    matches!(
        kw,
        "index"
            | "none"
            | "f16"
            | "bf16"
            | "f32"
            | "f64"
            | "f80"
            | "f128"
            | "tf32"
            | "memref"
            | "tensor"
            | "vector"
            | "complex"
            | "tuple"
    ) || int_type_keyword(kw).is_some()
}

/// Parses a whole buffer into a `builtin.module` op, wrapping top-level ops in an implicit
/// module unless the buffer holds exactly one module. The error is the first diagnostic of
/// [`parse_module_diagnostics`].
pub fn parse_module(ctx: &mut Context, file: &str, src: &str, opts: &ParseOptions) -> PResult<Op> {
    parse_module_diagnostics(ctx, file, src, opts).map_err(|diags| {
        diags
            .into_iter()
            .next()
            .expect("a failed parse reports a diagnostic")
    })
}

/// [`parse_module`], reporting every diagnostic `mlir-opt` reports: the first syntax error,
/// or every use of an undeclared SSA value, in source order.
pub fn parse_module_diagnostics(
    ctx: &mut Context,
    file: &str,
    src: &str,
    opts: &ParseOptions,
) -> Result<Op, Vec<Diagnostic>> {
    let mut p = Parser::new(ctx, file, src, *opts);
    p.parse_top_level()
}

impl<'s, 'c> Parser<'s, 'c> {
    fn new(ctx: &'c mut Context, file: &str, src: &'s str, opts: ParseOptions) -> Self {
        let source = ctx.add_source(file, src);
        ctx.reserve_for_text(src.len());
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        Parser {
            ctx,
            src,
            lex,
            tok,
            type_aliases: FxHashMap::default(),
            attr_aliases: FxHashMap::default(),
            loc_aliases: FxHashMap::default(),
            deferred_locs: Vec::new(),
            names: NameScope::default(),
            forward_refs: FxHashMap::default(),
            block_scopes: Vec::new(),
            pools: ScopePools::default(),
            opts,
            default_dialects: Vec::new(),
            depth: 0,
            num_results: 0,
            source,
            type_cache: FxHashMap::default(),
            custom_ops: Vec::new(),
            state_pool: Vec::new(),
            op_name_buf: String::new(),
            attr_memo: FxHashMap::default(),
        }
    }

    // ----- token helpers ----------------------------------------------------------------------

    fn text(&self, t: Token) -> &'s str {
        &self.src[t.start..t.end]
    }

    /// The spelling of the current token.
    pub fn tok_text(&self) -> &'s str {
        self.text(self.tok)
    }

    /// The kind of the current token.
    pub fn tok_kind(&self) -> TokKind {
        self.tok.kind
    }

    /// Drops the current token and lexes again from byte `pos`.
    fn relex_from(&mut self, pos: usize) {
        self.lex.reset(pos);
        self.tok = self.lex.next_token();
    }

    fn bump(&mut self) -> Token {
        let t = self.tok;
        self.tok = self.lex.next_token();
        t
    }

    /// The location of a byte offset.
    pub fn loc_at(&mut self, pos: usize) -> Loc {
        let pos = pos.min(self.src.len());
        self.ctx.source_loc(self.source, pos)
    }

    /// The location of the current token.
    pub fn cur_loc(&mut self) -> Loc {
        self.loc_at(self.tok.start)
    }

    /// The byte offset of the current token.
    pub fn cur_pos(&self) -> usize {
        self.tok.start
    }

    /// An error at a byte offset. When the current token is a lexing error, the lexer's own
    /// diagnostic is reported instead (as MLIR does: the lexer reported first).
    pub fn error_at<T>(&mut self, pos: usize, msg: impl Into<String>) -> PResult<T> {
        if self.tok.kind == TokKind::Error
            && let Some((at, lex_msg)) = self.lex.last_error()
        {
            let loc = self.loc_at(at);
            return Err(Diagnostic::error(loc, lex_msg));
        }
        let loc = self.loc_at(pos);
        Err(Diagnostic::error(loc, msg))
    }

    /// An error at the current token (at the last character of the input when at its end).
    pub fn error<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let pos = if self.tok.kind == TokKind::Eof {
            self.tok.start.saturating_sub(1)
        } else {
            self.tok.start
        };
        self.error_at(pos, msg)
    }

    /// An error about an unexpected token, placed like MLIR's `emitWrongTokenError`: when the
    /// current token starts a line, the error moves back to the end of the previous
    /// non-blank line (before any `//` comment on it), where the expected token belongs.
    pub fn error_wrong_token<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let pos = self.wrong_token_pos();
        self.error_at(pos, msg)
    }

    fn wrong_token_pos(&self) -> usize {
        let mut pos = self.tok.start;
        if self.tok.kind == TokKind::Eof {
            pos = pos.saturating_sub(1);
        }
        let original = pos;
        let bytes = self.src.as_bytes();
        let mut end = pos.min(bytes.len());
        loop {
            while end > 0 && matches!(bytes[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return original;
            }
            if !matches!(bytes[end - 1], b'\n' | b'\r') {
                return end;
            }
            end -= 1;
            let line_start = bytes[..end]
                .iter()
                .rposition(|&b| matches!(b, b'\n' | b'\r'))
                .unwrap_or(0);
            if let Some(comment) = find_bytes(&bytes[line_start..end], b"//") {
                end = line_start + comment;
            }
        }
    }

    /// Consumes a token of `kind` if present.
    pub fn eat(&mut self, kind: TokKind) -> bool {
        if self.tok.kind == kind {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes a token of `kind` or fails with "expected '`what`'" (at the wrong token).
    pub fn expect(&mut self, kind: TokKind, what: &str) -> PResult<()> {
        if self.eat(kind) {
            Ok(())
        } else {
            self.error_wrong_token(format!("expected '{what}'"))
        }
    }

    /// [`Parser::expect_msg`] with a message built only on failure (hot paths format nothing).
    fn expect_with(&mut self, kind: TokKind, msg: impl FnOnce() -> String) -> PResult<()> {
        if self.eat(kind) {
            Ok(())
        } else {
            self.error_wrong_token(msg())
        }
    }

    /// Consumes a token of `kind` or fails with the full message `msg` (at the wrong token).
    pub fn expect_msg(&mut self, kind: TokKind, msg: &str) -> PResult<()> {
        self.expect_with(kind, || msg.to_string())
    }

    /// Consumes the keyword `kw` if it is next.
    pub fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.tok.kind == TokKind::BareId && self.tok_text() == kw {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes the keyword `kw` or fails.
    pub fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.eat_keyword(kw) {
            Ok(())
        } else {
            self.custom_error(format!("expected '{kw}'"))
        }
    }

    /// An error at the current token raised by the custom parser of the op being parsed, which
    /// MLIR prefixes with `custom op 'NAME' ` (its `OpAsmParser::emitError`); outside custom
    /// syntax, a plain error.
    pub fn custom_error<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let pos = self.tok.start;
        self.custom_error_at(pos, msg)
    }

    /// [`Parser::custom_error`] at a byte offset.
    pub fn custom_error_at<T>(&mut self, pos: usize, msg: impl Into<String>) -> PResult<T> {
        let msg = msg.into();
        match self.custom_ops.last().copied().flatten() {
            Some(op) => {
                let name = self.ctx.registry.def(op).name.clone();
                self.error_at(pos, format!("custom op '{name}' {msg}"))
            }
            None => self.error_at(pos, msg),
        }
    }

    /// Consumes any bare identifier.
    pub fn parse_optional_keyword(&mut self) -> Option<&'s str> {
        if self.tok.kind == TokKind::BareId {
            let t = self.bump();
            Some(self.text(t))
        } else {
            None
        }
    }

    /// Whether the current token is the keyword `kw`.
    pub fn at_keyword(&self, kw: &str) -> bool {
        self.tok.kind == TokKind::BareId && self.tok_text() == kw
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.error(format!("nesting deeper than {MAX_NESTING} levels"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Parses `item (, item)*` with the given item parser.
    pub fn parse_comma_list<T>(
        &mut self,
        mut item: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        // Room for the usual few items up front: growing from one item reallocates twice.
        let mut out = Vec::with_capacity(4);
        out.push(item(self)?);
        while self.eat(TokKind::Comma) {
            out.push(item(self)?);
        }
        Ok(out)
    }

    /// Parses `open (item (, item)*)? close`.
    pub fn parse_delimited<T>(
        &mut self,
        open: TokKind,
        close: TokKind,
        item: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        self.parse_delimited_in(open, close, "", item)
    }

    /// [`Parser::parse_delimited`] whose missing closing delimiter is reported as "expected ','
    /// or ']'" (MLIR's `parseCommaSeparatedListUntil`: array attributes, successor lists,
    /// assignment lists).
    pub fn parse_delimited_until<T>(
        &mut self,
        open: TokKind,
        close: TokKind,
        item: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        let open_error = || format!("expected '{}'", open_text(open));
        let close_error = || format!("expected ',' or '{}'", open_text(close));
        self.parse_list_between(open, close, open_error, close_error, item)
    }

    /// [`Parser::parse_delimited`] whose missing-delimiter errors end with `context` (as MLIR's
    /// `parseCommaSeparatedList` messages do: "expected ')' to end region list").
    pub fn parse_delimited_in<T>(
        &mut self,
        open: TokKind,
        close: TokKind,
        context: &str,
        item: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        let delimiter_error = |kind| move || format!("expected '{}'{context}", open_text(kind));
        self.parse_list_between(
            open,
            close,
            delimiter_error(open),
            delimiter_error(close),
            item,
        )
    }

    /// `(%a, %b)` whose missing-delimiter errors end with `context` (MLIR's
    /// `parseOperandList` with a delimiter: " in operand list", " in argument list").
    pub fn parse_paren_operands_in(&mut self, context: &str) -> PResult<Vec<UnresolvedOperand>> {
        self.parse_delimited_in(TokKind::LParen, TokKind::RParen, context, |p| {
            p.parse_operand()
        })
    }

    /// The list machinery shared by the `parse_delimited*` variants; the messages are built
    /// only when a delimiter is missing.
    fn parse_list_between<T>(
        &mut self,
        open: TokKind,
        close: TokKind,
        open_error: impl FnOnce() -> String,
        close_error: impl FnOnce() -> String,
        mut item: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        self.expect_with(open, open_error)?;
        if self.eat(close) {
            return Ok(Vec::new());
        }
        let list = self.parse_comma_list(&mut item)?;
        self.expect_with(close, close_error)?;
        Ok(list)
    }

    // ----- top level --------------------------------------------------------------------------

    fn parse_top_level(&mut self) -> Result<Op, Vec<Diagnostic>> {
        let (top_block, ops) = self.parse_top_level_ops().map_err(|d| vec![d])?;
        self.check_forward_refs()?;
        self.finish_module(top_block, ops).map_err(|d| vec![d])
    }

    /// Parses the top-level ops and alias definitions into a new block.
    fn parse_top_level_ops(&mut self) -> PResult<(Block, Vec<Op>)> {
        let mut ops = Vec::new();
        let top_block = self.ctx.create_block();
        self.block_scopes.push(BlockScope::default());
        self.names.region_defs.push(Vec::new());
        loop {
            match self.tok.kind {
                TokKind::Eof => break,
                TokKind::HashId => self.parse_attr_alias_def()?,
                TokKind::ExclamationId => self.parse_type_alias_def()?,
                TokKind::LBrace if self.src[self.tok.end..].starts_with('-') => {
                    self.skip_file_metadata()?
                }
                _ => {
                    let op = self.parse_operation()?;
                    self.ctx.append_op(top_block, op);
                    ops.push(op);
                }
            }
        }
        Ok((top_block, ops))
    }

    /// Resolves deferred locations and wraps the top-level ops in a module unless they are one.
    fn finish_module(&mut self, top_block: Block, ops: Vec<Op>) -> PResult<Op> {
        self.resolve_deferred_locs()?;
        let module_name = self
            .ctx
            .registry
            .lookup("builtin.module")
            .expect("builtin.module is registered");
        if ops.len() == 1 && self.ctx.op_name(ops[0]) == module_name {
            self.ctx.unlink_op(ops[0]);
            return Ok(ops[0]);
        }
        let region = self.ctx.create_region();
        self.ctx.append_block(region, top_block);
        let loc = self.loc_at(0);
        let mut state = OpState::new(module_name, loc);
        state.regions.push(region);
        Ok(self.ctx.create_op(state))
    }

    /// Gives ops the locations of aliases defined after their use; an alias never defined is
    /// an error.
    fn resolve_deferred_locs(&mut self) -> PResult<()> {
        for (name, pos, op) in std::mem::take(&mut self.deferred_locs) {
            match self.loc_aliases.get(&name) {
                Some(&loc) => {
                    if let Some(op) = op {
                        self.ctx.set_op_loc(op, loc);
                    }
                }
                None => return self.error_at(pos, "operation location alias was never defined"),
            }
        }
        Ok(())
    }

    fn skip_file_metadata(&mut self) -> PResult<()> {
        match self.src[self.tok.start..].find("#-}") {
            Some(off) => {
                self.relex_from(self.tok.start + off + 3);
                Ok(())
            }
            None => self.error("expected '#-}' to close file metadata"),
        }
    }

    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let name = self.tok_text()[1..].to_string();
        let pos = self.tok.start;
        if name.contains('.') {
            return self.error("expected attribute alias name or operation");
        }
        self.bump();
        self.expect_msg(TokKind::Equal, "expected '=' in attribute alias definition")?;
        if self.attr_aliases.contains_key(&name) || self.loc_aliases.contains_key(&name) {
            return self.error_at(pos, format!("redefinition of attribute alias id '{name}'"));
        }
        if self.at_keyword("loc") {
            let loc = self.parse_loc_literal_in("inline location")?;
            self.loc_aliases.insert(name, loc);
        } else {
            let attr = self.parse_attribute()?;
            self.attr_aliases.insert(name, attr);
        }
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let name = self.tok_text()[1..].to_string();
        let pos = self.tok.start;
        self.bump();
        self.expect_msg(TokKind::Equal, "expected '=' in type alias definition")?;
        if self.type_aliases.contains_key(&name) {
            return self.error_at(pos, format!("redefinition of type alias id '{name}'"));
        }
        let ty = self.parse_type()?;
        self.type_aliases.insert(name, ty);
        Ok(())
    }

    // ----- value scopes -----------------------------------------------------------------------

    fn push_region_scope(&mut self) {
        let defs = self.pools.names.pop().unwrap_or_default();
        self.names.region_defs.push(defs);
        let blocks = self.pools.blocks.pop().unwrap_or_default();
        self.block_scopes.push(blocks);
    }

    fn pop_region_scope(&mut self) -> PResult<()> {
        let scope = self.block_scopes.pop().unwrap_or_default();
        let first_undefined = scope
            .blocks
            .values()
            .filter(|(_, defined, _)| !defined)
            .map(|(_, _, pos)| *pos)
            .min();
        if let Some(pos) = first_undefined {
            return self.error_at(pos, "reference to an undefined block");
        }
        self.pools.recycle_blocks(scope);
        let mut names = self.names.region_defs.pop().unwrap_or_default();
        // When no enclosing region defined a name and no forward reference waits for a
        // definition, every name in sight was defined in this region (a function body, in
        // general): forget them all at once.
        let only_this_region = self.forward_refs.is_empty()
            && self.names.region_defs.iter().all(|defs| defs.is_empty());
        if only_this_region {
            self.names.clear();
            names.clear();
        }
        for n in names.drain(..) {
            self.names.remove(n);
        }
        self.pools.names.push(names);
        Ok(())
    }

    /// Fails with "use of undeclared SSA value name" at the first use of every forward
    /// reference that was never defined, in source order (MLIR checks this once, after the
    /// whole buffer is parsed).
    fn check_forward_refs(&mut self) -> Result<(), Vec<Diagnostic>> {
        let mut positions: Vec<usize> = self.forward_refs.values().copied().collect();
        if positions.is_empty() {
            return Ok(());
        }
        positions.sort_unstable();
        let mut diags = Vec::with_capacity(positions.len());
        for pos in positions {
            let loc = self.loc_at(pos);
            diags.push(Diagnostic::error(loc, "use of undeclared SSA value name"));
        }
        Err(diags)
    }

    /// The text of an SSA name.
    fn name_text(&self, name: SsaName) -> &'s str {
        &self.src[name.start as usize..name.end as usize]
    }

    fn value_entry(&self, name: &'s str, number: u32) -> Option<ValueEntry> {
        self.names
            .slots(name)?
            .get(number as usize)
            .copied()
            .flatten()
    }

    /// The slot of `%name#number` for the key of `name`, created empty if there is none.
    fn value_slot(&mut self, key: NameKey, number: u32) -> &mut Option<ValueEntry> {
        let slots = self.names.slots_mut(key);
        let idx = number as usize;
        if slots.len() == idx {
            slots.push(None);
        } else if slots.len() < idx {
            slots.resize(idx + 1, None);
        }
        &mut slots[idx]
    }

    /// Defines `%name#number` as `value`, resolving a forward reference to it if one exists.
    fn define_value(
        &mut self,
        name: &'s str,
        number: u32,
        pos: usize,
        value: Value,
    ) -> PResult<()> {
        let entry = ValueEntry { value, pos };
        let key = self.names.key(name);
        let slot = self.value_slot(key, number);
        match *slot {
            None => *slot = Some(entry),
            Some(existing) => {
                self.resolve_forward_ref(name, number, existing, entry)?;
                *self.value_slot(key, number) = Some(entry);
            }
        }
        if let Some(defs) = self.names.region_defs.last_mut() {
            defs.push(key);
        }
        Ok(())
    }

    /// Replaces the forward reference `existing` to `%name#number` by its definition `def`, or
    /// fails if `existing` is a definition or of another type.
    fn resolve_forward_ref(
        &mut self,
        name: &str,
        number: u32,
        existing: ValueEntry,
        def: ValueEntry,
    ) -> PResult<()> {
        let ValueEntry { value, pos } = def;
        if !self.forward_refs.contains_key(&existing.value) {
            let loc = self.loc_at(pos);
            let note_loc = self.loc_at(existing.pos);
            let msg = format!("redefinition of SSA value '%{name}'");
            return Err(Diagnostic::error(loc, msg).with_note(note_loc, "previously defined here"));
        }
        let (expected, got) = (
            self.ctx.value_type(existing.value),
            self.ctx.value_type(value),
        );
        if expected != got {
            let msg = format!(
                "definition of SSA value '%{name}#{number}' has type '{}'",
                self.type_str(got)
            );
            let prior = format!(
                "previously used here with type '{}'",
                self.type_str(expected)
            );
            let (loc, note_loc) = (self.loc_at(pos), self.loc_at(existing.pos));
            return Err(Diagnostic::error(loc, msg).with_note(note_loc, prior));
        }
        self.ctx.replace_all_uses_with(existing.value, value);
        self.forward_refs.remove(&existing.value);
        Ok(())
    }

    /// The printed form of a type, for messages.
    pub fn type_str(&self, ty: Type) -> String {
        crate::asm::printer::type_to_string(self.ctx, ty)
    }

    // ----- operands ---------------------------------------------------------------------------

    /// Parses `%name` or `%name#N`.
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand> {
        if self.tok.kind != TokKind::PercentId {
            return self.error_wrong_token("expected SSA operand");
        }
        let t = self.bump();
        let name = SsaName {
            start: t.start as u32 + 1,
            end: t.end as u32,
        };
        let mut number = 0;
        if self.src[t.end..].starts_with('#') {
            let rest = &self.src[t.end + 1..];
            let len = rest.bytes().take_while(u8::is_ascii_digit).count();
            if len == 0 {
                return self.error("expected integer result number");
            }
            number = rest[..len]
                .parse()
                .map_or_else(|_| self.error("invalid SSA value result number"), Ok)?;
            self.relex_from(t.end + 1 + len);
        }
        Ok(UnresolvedOperand {
            name,
            number,
            pos: t.start,
        })
    }

    /// Parses an operand if one is next.
    pub fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand>> {
        if self.tok.kind == TokKind::PercentId {
            self.parse_operand().map(Some)
        } else {
            Ok(None)
        }
    }

    /// Parses a possibly empty comma-separated list of operands.
    pub fn parse_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand>> {
        if self.tok.kind != TokKind::PercentId {
            return Ok(Vec::new());
        }
        self.parse_comma_list(|p| p.parse_operand())
    }

    /// Parses `(operands)`.
    pub fn parse_paren_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand>> {
        self.expect(TokKind::LParen, "(")?;
        let list = self.parse_operand_list()?;
        self.expect(TokKind::RParen, ")")?;
        Ok(list)
    }

    /// Resolves an operand to a value of type `ty`, creating a forward reference if needed.
    pub fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> PResult<Value> {
        let name = self.name_text(operand.name);
        if let Some(entry) = self.value_entry(name, operand.number) {
            let actual = self.ctx.value_type(entry.value);
            if actual == ty {
                return Ok(entry.value);
            }
            let msg = format!(
                "use of value '%{name}' expects different type than prior uses: '{}' vs '{}'",
                self.type_str(ty),
                self.type_str(actual)
            );
            let (loc, note_loc) = (self.loc_at(operand.pos), self.loc_at(entry.pos));
            return Err(Diagnostic::error(loc, msg).with_note(note_loc, "prior use here"));
        }
        if let Some(first) = self.value_entry(name, 0)
            && !self.forward_refs.contains_key(&first.value)
        {
            return self.error_at(operand.pos, "reference to invalid result number");
        }
        let value = self.ctx.create_placeholder(ty);
        self.forward_refs.insert(value, operand.pos);
        let entry = ValueEntry {
            value,
            pos: operand.pos,
        };
        let key = self.names.key(name);
        *self.value_slot(key, operand.number) = Some(entry);
        Ok(value)
    }

    /// Resolves a list of operands against a list of types of the same length.
    pub fn resolve_operands(
        &mut self,
        operands: &[UnresolvedOperand],
        types: &[Type],
        pos: usize,
    ) -> PResult<Vec<Value>> {
        let mut values = Vec::with_capacity(operands.len());
        self.resolve_operands_typed_into(operands, types, pos, &mut values)?;
        Ok(values)
    }

    /// [`Parser::resolve_operands`], appending the values to `out` (an op state's operands).
    pub fn resolve_operands_typed_into(
        &mut self,
        operands: &[UnresolvedOperand],
        types: &[Type],
        pos: usize,
        out: &mut Vec<Value>,
    ) -> PResult<()> {
        if operands.len() != types.len() {
            let msg = format!(
                "number of operands and types do not match: got {} operands and {} types",
                operands.len(),
                types.len()
            );
            return self.custom_error_at(pos, msg);
        }
        for (o, &t) in operands.iter().zip(types) {
            out.push(self.resolve_operand(o, t)?);
        }
        Ok(())
    }

    /// Resolves every operand to the same type.
    pub fn resolve_operands_same(
        &mut self,
        operands: &[UnresolvedOperand],
        ty: Type,
    ) -> PResult<Vec<Value>> {
        let mut values = Vec::with_capacity(operands.len());
        self.resolve_operands_into(operands, ty, &mut values)?;
        Ok(values)
    }

    /// Resolves operands that all have type `ty`, appending them to `out` (an op state's
    /// operands: no list of its own is allocated).
    pub fn resolve_operands_into(
        &mut self,
        operands: &[UnresolvedOperand],
        ty: Type,
        out: &mut Vec<Value>,
    ) -> PResult<()> {
        for o in operands {
            out.push(self.resolve_operand(o, ty)?);
        }
        Ok(())
    }

    /// Parses `%name : type`.
    pub fn parse_arg_def(&mut self) -> PResult<ArgDef> {
        let operand = self.parse_operand()?;
        self.expect(TokKind::Colon, ":")?;
        let ty = self.parse_type()?;
        Ok(ArgDef { operand, ty })
    }

    /// Skips a trailing `loc(...)` if present.
    pub fn skip_loc(&mut self) -> PResult<()> {
        if self.at_keyword("loc") {
            self.parse_loc_literal()?;
        }
        Ok(())
    }

    // ----- operations -------------------------------------------------------------------------

    /// Parses one operation (with its results) and returns it unlinked.
    pub fn parse_operation(&mut self) -> PResult<Op> {
        self.enter()?;
        let result = self.parse_operation_inner();
        self.leave();
        result
    }

    fn parse_operation_inner(&mut self) -> PResult<Op> {
        let op_start = self.tok.start;
        let mut result_groups: SmallVec<[(&'s str, usize, usize); 2]> = SmallVec::new();
        if self.tok.kind == TokKind::PercentId {
            loop {
                if self.tok.kind != TokKind::PercentId {
                    return self.error_wrong_token("expected valid ssa identifier");
                }
                let t = self.bump();
                let mut count = 1;
                if self.eat(TokKind::Colon) {
                    if self.tok.kind != TokKind::Integer {
                        return self.error_wrong_token("expected integer number of results");
                    }
                    count = match parse_int_literal(self.tok_text()) {
                        Some(n) if n >= 1 && n <= u32::MAX as i128 => n as usize,
                        _ => {
                            return self
                                .error("expected named operation to have at least 1 result");
                        }
                    };
                    self.bump();
                }
                result_groups.push((&self.text(t)[1..], count, t.start));
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect_msg(TokKind::Equal, "expected '=' after SSA name")?;
        }
        let num_results: usize = result_groups.iter().map(|g| g.1).sum();
        let op = match self.tok.kind {
            TokKind::String => {
                // Errors inside a generic op are not its custom parser's.
                self.custom_ops.push(None);
                let parsed = self.parse_generic_operation();
                self.custom_ops.pop();
                parsed?
            }
            // MLIR lexes `i32`, `si8`, `ui1` as integer-type tokens, which name no op.
            TokKind::BareId if int_type_keyword(self.tok_text()).is_none() => {
                self.parse_custom_operation(num_results)?
            }
            _ => return self.error_wrong_token("expected operation name in quotes"),
        };
        if self.at_keyword("loc") {
            let deferred_before = self.deferred_locs.len();
            let loc = self.parse_loc_literal()?;
            self.ctx.set_op_loc(op, loc);
            if self.deferred_locs.len() == deferred_before + 1
                && loc == self.ctx.unknown_loc()
                && let Some(last) = self.deferred_locs.last_mut()
            {
                last.2 = Some(op);
            }
        }
        if result_groups.is_empty() {
            return Ok(op);
        }
        let num_defined = self.ctx.results(op).len();
        if num_defined != num_results {
            let msg = if num_defined == 0 {
                "cannot name an operation with no results".to_string()
            } else {
                format!(
                    "operation defines {num_defined} results but was provided {num_results} to bind"
                )
            };
            self.ctx.erase_op(op);
            return self.error_at(op_start, msg);
        }
        let mut next = 0;
        for (name, count, pos) in result_groups {
            for k in 0..count {
                let v = self.ctx.result(op, next + k);
                self.define_value(name, k as u32, pos, v)?;
            }
            next += count;
        }
        Ok(op)
    }

    fn resolve_op_name(&mut self, name: &str) -> Option<crate::entity::OpName> {
        let registry = &self.ctx.registry;
        let registered = |full: &str| {
            registry
                .lookup(full)
                .filter(|&id| registry.def(id).registered)
        };
        if let Some(id) = registered(name) {
            return Some(id);
        }
        if dialect_prefix(name).is_some() {
            return None;
        }
        // As MLIR: an unprefixed name is looked up in the default dialect of the closest
        // enclosing op in custom syntax (`builtin` at the top level), and nowhere else. The
        // full name is spelled in one reused buffer.
        let dialect = self.default_dialect();
        if dialect.is_empty() {
            return None;
        }
        let full = &mut self.op_name_buf;
        full.clear();
        full.push_str(dialect);
        full.push('.');
        full.push_str(name);
        registered(full)
    }

    /// MLIR's note on an op of an unknown dialect: the dialects there are.
    fn with_available_dialects(&self, diag: Diagnostic) -> Diagnostic {
        let loc = diag.loc;
        let note = format!(
            "Available dialects: {} ; for more info on dialect registration see \
             https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management",
            self.ctx.registry.dialect_names().join(", ")
        );
        diag.with_note(loc, note)
    }

    /// The dialect unprefixed op names resolve in here.
    fn default_dialect(&self) -> &'static str {
        self.default_dialects.last().copied().unwrap_or("builtin")
    }

    fn parse_custom_operation(&mut self, num_results: usize) -> PResult<Op> {
        let name_tok = self.bump();
        let name = self.text(name_tok);
        let loc = self.loc_at(name_tok.start);
        let Some(op_name) = self.resolve_op_name(name) else {
            let dialect = dialect_prefix(name);
            let (msg, dialect_missing) = match dialect {
                Some(d) if !self.ctx.registry.has_dialect(d) => (
                    format!("Dialect `{d}' not found for custom op '{name}' "),
                    true,
                ),
                Some(_) => (format!("custom op '{name}' is unknown"), false),
                None => match self.default_dialect() {
                    "" => (
                        format!(
                            "Dialect `' not found for custom op '{name}'  (tried '.{name}' as well)"
                        ),
                        true,
                    ),
                    d => (
                        format!("custom op '{name}' is unknown (tried '{d}.{name}' as well)"),
                        false,
                    ),
                },
            };
            let error = self.error_at(name_tok.start, msg);
            return if dialect_missing {
                error.map_err(|d| self.with_available_dialects(d))
            } else {
                error
            };
        };
        let def = SyntaxInfo::of(self.ctx.registry.def(op_name));
        let Some(parse) = def.parse else {
            let msg = format!("custom op '{name}' has no custom assembly form");
            return self.error_at(name_tok.start, msg);
        };
        let mut state = self.take_state(op_name, loc);
        let saved = self.num_results;
        self.num_results = num_results;
        // Every op in custom syntax sets the default dialect of its regions (MLIR's
        // `OpAsmOpInterface::getDefaultDialect`, empty unless the op names one).
        self.default_dialects
            .push(def.default_dialect.unwrap_or_default());
        self.custom_ops.push(Some(op_name));
        let parsed = parse(self, &mut state);
        self.custom_ops.pop();
        self.default_dialects.pop();
        self.num_results = saved;
        parsed?;
        if def.traits.contains(Traits::SINGLE_BLOCK) && def.traits.contains(Traits::NO_TERMINATOR) {
            // Like MLIR's generated parsers for `SingleBlock` regions: never leave them empty.
            for &region in &state.regions {
                if self.ctx.entry_block(region).is_none() {
                    let block = self.ctx.create_block();
                    self.ctx.append_block(region, block);
                }
            }
        }
        Ok(self.create_op_recycling(state))
    }

    /// The attribute `make` builds for `key`, built once per parse: for attributes a custom
    /// parser derives from a small value (`#arith.fastmath<none>` from the flag bits), whose
    /// building costs more than a lookup.
    pub fn memoized_attr(
        &mut self,
        key: (&'static str, u64),
        make: impl FnOnce(&mut Context) -> Attr,
    ) -> Attr {
        if let Some(&attr) = self.attr_memo.get(&key) {
            return attr;
        }
        let attr = make(self.ctx);
        self.attr_memo.insert(key, attr);
        attr
    }

    /// An empty op state, reusing the lists of one whose op was created.
    fn take_state(&mut self, name: crate::entity::OpName, loc: Loc) -> OpState {
        match self.state_pool.pop() {
            Some(mut state) => {
                state.name = name;
                state.loc = loc;
                state
            }
            None => OpState::new(name, loc),
        }
    }

    /// Creates the op of `state` and keeps the emptied state for [`Parser::take_state`].
    fn create_op_recycling(&mut self, mut state: OpState) -> Op {
        let op = self.ctx.create_op_reusing(&mut state);
        self.state_pool.push(state);
        op
    }

    fn parse_generic_operation(&mut self) -> PResult<Op> {
        let name_tok = self.bump();
        let Some(name) = unescape(&self.text(name_tok)[1..self.text(name_tok).len() - 1]) else {
            return self.error_at(name_tok.start, "invalid operation name");
        };
        if name.is_empty() {
            return self.error_at(name_tok.start, "empty operation name is invalid");
        }
        let loc = self.loc_at(name_tok.start);
        let op_name = match self.ctx.registry.lookup(&name) {
            Some(id) if self.ctx.registry.def(id).registered => id,
            _ => {
                // An unknown op of a registered dialect parses, and the verifier rejects it
                // unless the dialect allows unknown ops (as in MLIR); an op of an unknown
                // dialect needs `--allow-unregistered-dialect`.
                let dialect = name.split_once('.').map_or(name.as_str(), |(d, _)| d);
                if !self.opts.allow_unregistered && !self.ctx.registry.has_dialect(dialect) {
                    // MLIR reports this one at the token after the name.
                    let msg = "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used";
                    return self.error(msg);
                }
                self.ctx.registry.get_or_unregistered(&name)
            }
        };
        let operands_pos = self.tok.start;
        self.expect_msg(TokKind::LParen, "expected '(' to start operand list")?;
        let operands = self.parse_operand_list()?;
        self.expect_msg(TokKind::RParen, "expected ')' to end operand list")?;
        let mut state = self.take_state(op_name, loc);
        if self.tok.kind == TokKind::LSquare {
            let succs = self.parse_delimited_until(TokKind::LSquare, TokKind::RSquare, |p| {
                p.parse_successor()
            })?;
            state.successors = succs;
        }
        if self.tok.kind == TokKind::Less {
            self.bump();
            let props = self.parse_attribute()?;
            self.expect_msg(TokKind::Greater, "expected '>' to close properties")?;
            if !self.ctx.registry.def(op_name).registered {
                // Unregistered ops keep their properties as one opaque attribute.
                let key = self.ctx.sym(UNREGISTERED_PROPERTIES);
                state.attrs.push((key, props));
            } else {
                match self.ctx.attr_data(props).clone() {
                    AttrData::Dict(entries) => state.attrs.extend(entries),
                    _ => return self.error("expected dictionary of properties"),
                }
            }
        }
        if self.tok.kind == TokKind::LParen {
            // Ops in generic form leave the default dialect as it is (as MLIR does).
            let regions = self.parse_delimited_in(
                TokKind::LParen,
                TokKind::RParen,
                " to end region list",
                |p| p.parse_region_generic(),
            );
            state.regions = regions?;
        }
        if self.tok.kind == TokKind::LBrace {
            self.parse_attr_dict_into(&mut state.attrs)?;
        }
        self.expect_msg(TokKind::Colon, "expected ':' followed by operation type")?;
        let fn_pos = self.tok.start;
        let fn_ty = self.parse_type()?;
        let TypeData::Function { inputs, results } = self.ctx.type_data(fn_ty).clone() else {
            return self.error_at(fn_pos, "expected function type");
        };
        if operands.len() != inputs.len() {
            let msg = format!(
                "expected {} operand types but had {}",
                operands.len(),
                inputs.len()
            );
            return self.error_at(fn_pos, msg);
        }
        state.operands = self.resolve_operands(&operands, &inputs, operands_pos)?;
        state.result_types = results;
        Ok(self.create_op_recycling(state))
    }

    fn parse_region_generic(&mut self) -> PResult<Region> {
        let region = self.ctx.create_region();
        self.parse_region_body(region, None)?;
        Ok(region)
    }

    /// Parses a region `{ ... }` whose entry block receives `args` (if given) and returns it.
    pub fn parse_region(&mut self, args: Option<&[ArgDef]>) -> PResult<Region> {
        let region = self.ctx.create_region();
        self.parse_region_body(region, args)?;
        Ok(region)
    }

    /// Parses a region if a `{` is next.
    pub fn parse_optional_region(&mut self, args: Option<&[ArgDef]>) -> PResult<Option<Region>> {
        if self.tok.kind == TokKind::LBrace {
            self.parse_region(args).map(Some)
        } else {
            Ok(None)
        }
    }

    fn parse_region_body(&mut self, region: Region, args: Option<&[ArgDef]>) -> PResult<()> {
        // Nesting is counted per operation (each region belongs to one).
        self.expect_msg(TokKind::LBrace, "expected '{' to begin a region")?;
        self.push_region_scope();
        let result = self.parse_region_blocks(region, args);
        result.and_then(|_| self.pop_region_scope())
    }

    fn parse_region_blocks(&mut self, region: Region, args: Option<&[ArgDef]>) -> PResult<()> {
        if self.eat(TokKind::RBrace) {
            if let Some(args) = args
                && !args.is_empty()
            {
                let block = self.ctx.create_block();
                self.ctx.append_block(region, block);
                self.define_entry_args(block, args)?;
            }
            return Ok(());
        }
        if self.tok.kind != TokKind::CaretId {
            let block = self.ctx.create_block();
            self.ctx.append_block(region, block);
            if let Some(args) = args {
                self.define_entry_args(block, args)?;
            }
            self.parse_block_ops(block)?;
        } else if args.is_some_and(|a| !a.is_empty()) {
            return self.error("invalid block name in region with named arguments");
        }
        while self.tok.kind == TokKind::CaretId {
            self.parse_labelled_block(region)?;
        }
        self.expect(TokKind::RBrace, "}")
    }

    fn define_block_args(&mut self, block: Block, args: &[ArgDef]) -> PResult<()> {
        for a in args {
            let v = self.ctx.add_block_arg(block, a.ty);
            let name = self.name_text(a.operand.name);
            self.define_value(name, a.operand.number, a.operand.pos, v)?;
        }
        Ok(())
    }

    /// Defines the named arguments of a region's entry block; a name already visible in the
    /// scope (defined or referenced) is an error.
    fn define_entry_args(&mut self, block: Block, args: &[ArgDef]) -> PResult<()> {
        for a in args {
            let name = self.name_text(a.operand.name);
            if let Some(existing) = self.value_entry(name, a.operand.number) {
                let msg = format!("region entry argument '%{name}' is already in use");
                let (loc, note_loc) = (self.loc_at(a.operand.pos), self.loc_at(existing.pos));
                return Err(
                    Diagnostic::error(loc, msg).with_note(note_loc, "previously referenced here")
                );
            }
            let v = self.ctx.add_block_arg(block, a.ty);
            let name = self.name_text(a.operand.name);
            self.define_value(name, a.operand.number, a.operand.pos, v)?;
        }
        Ok(())
    }

    fn parse_block_ops(&mut self, block: Block) -> PResult<()> {
        while !matches!(self.tok.kind, TokKind::CaretId | TokKind::RBrace) {
            let op = self.parse_operation()?;
            self.ctx.append_op(block, op);
        }
        Ok(())
    }

    fn block_scope(&mut self) -> &mut BlockScope<'s> {
        self.block_scopes.last_mut().expect("inside a region")
    }

    fn parse_labelled_block(&mut self, region: Region) -> PResult<()> {
        let t = self.bump();
        let name = &self.src[t.start + 1..t.end];
        let block = match self.block_scope().blocks.get(name).copied() {
            Some((_, true, _)) => {
                return self.error_at(t.start, format!("redefinition of block '^{name}'"));
            }
            Some((b, false, pos)) => {
                self.block_scope().blocks.insert(name, (b, true, pos));
                b
            }
            None => {
                let b = self.ctx.create_block();
                self.block_scope().blocks.insert(name, (b, true, t.start));
                b
            }
        };
        self.ctx.append_block(region, block);
        if self.tok.kind == TokKind::LParen {
            let args = self.parse_delimited(TokKind::LParen, TokKind::RParen, |p| {
                let operand = p.parse_operand()?;
                p.expect_msg(TokKind::Colon, "expected ':' and type for SSA operand")?;
                let ty = p.parse_type()?;
                p.skip_loc()?;
                Ok(ArgDef { operand, ty })
            })?;
            self.define_block_args(block, &args)?;
        }
        self.expect_msg(TokKind::Colon, "expected ':' after block name")?;
        self.parse_block_ops(block)
    }

    /// Parses a successor reference `^bb1`.
    pub fn parse_successor(&mut self) -> PResult<Block> {
        if self.tok.kind != TokKind::CaretId {
            return self.error_wrong_token("expected block name");
        }
        let t = self.bump();
        let name = &self.src[t.start + 1..t.end];
        if self.block_scopes.is_empty() {
            return self.error_at(t.start, "block reference outside of a region");
        }
        if let Some(&(b, _, _)) = self.block_scope().blocks.get(name) {
            return Ok(b);
        }
        let b = self.ctx.create_block();
        self.block_scope().blocks.insert(name, (b, false, t.start));
        Ok(b)
    }

    /// Parses `^bb1` optionally followed by `(%a, %b : t1, t2)`, appending the operands.
    pub fn parse_successor_and_operands(&mut self, operands: &mut Vec<Value>) -> PResult<Block> {
        let block = self.parse_successor()?;
        if self.tok.kind == TokKind::LParen {
            // `^bb(%a, %b : t1, t2)`: the types are required, so `^bb()` is no valid list.
            self.bump();
            let pos = self.tok.start;
            let list = self.parse_operand_list()?;
            self.expect(TokKind::Colon, ":")?;
            let types = self.parse_comma_list(|p| p.parse_type())?;
            operands.extend(self.resolve_operands(&list, &types, pos)?);
            self.expect(TokKind::RParen, ")")?;
        }
        Ok(block)
    }

    // ----- attributes -------------------------------------------------------------------------

    /// Parses `{name = value, unit_name}` into `attrs` (keeps earlier entries).
    pub fn parse_attr_dict_into(&mut self, attrs: &mut Vec<(Sym, Attr)>) -> PResult<()> {
        let dict = self.parse_dictionary()?;
        for (name, value) in dict {
            if attrs.iter().any(|(n, _)| *n == name) {
                let msg = format!(
                    "duplicate key '{}' in dictionary attribute",
                    self.ctx.sym_str(name)
                );
                return self.error(msg);
            }
            attrs.push((name, value));
        }
        Ok(())
    }

    /// Parses an attribute dictionary if a `{` is next.
    pub fn parse_optional_attr_dict(&mut self, attrs: &mut Vec<(Sym, Attr)>) -> PResult<()> {
        if self.tok.kind == TokKind::LBrace {
            self.parse_attr_dict_into(attrs)?;
        }
        Ok(())
    }

    /// Parses `attributes {...}` if the keyword is next.
    pub fn parse_optional_attr_dict_with_keyword(
        &mut self,
        attrs: &mut Vec<(Sym, Attr)>,
    ) -> PResult<()> {
        if self.eat_keyword("attributes") {
            self.parse_attr_dict_into(attrs)?;
        }
        Ok(())
    }

    fn parse_dictionary(&mut self) -> PResult<Vec<(Sym, Attr)>> {
        self.expect_msg(TokKind::LBrace, "expected '{' in attribute dictionary")?;
        let mut entries: Vec<(Sym, Attr)> = Vec::new();
        if self.eat(TokKind::RBrace) {
            return Ok(entries);
        }
        loop {
            let key_pos = self.tok.start;
            let key = match self.tok.kind {
                TokKind::BareId => self.text(self.tok).to_string(),
                TokKind::String => {
                    let s = self.tok_text();
                    unescape(&s[1..s.len() - 1]).unwrap_or_default()
                }
                _ => return self.error_wrong_token("expected attribute name"),
            };
            self.bump();
            let key_sym = self.ctx.sym(&key);
            if entries.iter().any(|(k, _)| *k == key_sym) {
                let msg = format!("duplicate key '{key}' in dictionary attribute");
                return self.error_at(key_pos, msg);
            }
            let value = if self.eat(TokKind::Equal) {
                self.parse_attribute()?
            } else {
                self.ctx.unit_attr()
            };
            entries.push((key_sym, value));
            if !self.eat(TokKind::Comma) {
                break;
            }
        }
        self.expect_msg(TokKind::RBrace, "expected '}' in attribute dictionary")?;
        entries.sort_by(|a, b| self.ctx.sym_str(a.0).cmp(self.ctx.sym_str(b.0)));
        Ok(entries)
    }

    /// Parses any attribute.
    pub fn parse_attribute(&mut self) -> PResult<Attr> {
        self.enter()?;
        let r = self.parse_attribute_inner();
        self.leave();
        r
    }

    fn parse_attribute_inner(&mut self) -> PResult<Attr> {
        match self.tok.kind {
            TokKind::LSquare => {
                let elems =
                    self.parse_delimited_until(TokKind::LSquare, TokKind::RSquare, |p| {
                        p.parse_attribute()
                    })?;
                Ok(self.ctx.attr(AttrData::Array(elems)))
            }
            TokKind::LBrace => {
                let d = self.parse_dictionary()?;
                Ok(self.ctx.attr(AttrData::Dict(d)))
            }
            TokKind::AtId => self.parse_symbol_ref(),
            TokKind::String => {
                let t = self.bump();
                let s = self.text(t);
                let Some(s) = unescape(&s[1..s.len() - 1]) else {
                    return self.error_at(t.start, "invalid escape in string");
                };
                if self.tok.kind == TokKind::Colon {
                    // A typed string attribute: keep the type as part of an opaque attribute.
                    self.bump();
                    let ty = self.parse_type()?;
                    let text = format!("\"{}\" : {}", escape_string(&s), self.type_str(ty));
                    return Ok(self.ctx.attr(AttrData::Opaque(text)));
                }
                Ok(self.ctx.attr(AttrData::String(s)))
            }
            TokKind::Integer | TokKind::Float | TokKind::Minus => self.parse_number_attr(),
            TokKind::HashId => self.parse_hash_attr(),
            TokKind::BareId => self.parse_keyword_attr(),
            _ => {
                // Types such as function types may be attributes.
                if matches!(self.tok.kind, TokKind::LParen | TokKind::ExclamationId) {
                    let ty = self.parse_type()?;
                    return Ok(self.ctx.type_attr(ty));
                }
                self.error_wrong_token("expected attribute value")
            }
        }
    }

    fn parse_symbol_ref(&mut self) -> PResult<Attr> {
        let root = self.parse_symbol_name()?;
        let mut nested = Vec::new();
        while self.tok.kind == TokKind::ColonColon {
            self.bump();
            if self.tok.kind != TokKind::AtId {
                return self.error("expected nested symbol reference identifier");
            }
            nested.push(self.parse_symbol_name()?);
        }
        Ok(self.ctx.attr(AttrData::SymbolRef { root, nested }))
    }

    /// Parses `@name` or `@"quoted name"`.
    pub fn parse_symbol_name(&mut self) -> PResult<Sym> {
        if self.tok.kind != TokKind::AtId {
            return self.custom_error("expected valid '@'-identifier for symbol name");
        }
        let t = self.bump();
        let text = &self.text(t)[1..];
        let name = if let Some(q) = text.strip_prefix('"') {
            unescape(&q[..q.len() - 1]).unwrap_or_default()
        } else {
            text.to_string()
        };
        Ok(self.ctx.sym(&name))
    }

    /// Parses `@name` as a symbol name string attribute.
    pub fn parse_symbol_name_attr(&mut self) -> PResult<Attr> {
        let s = self.parse_symbol_name()?;
        let text = self.ctx.sym_str(s).to_string();
        Ok(self.ctx.str_attr(&text))
    }

    /// Parses an integer literal (with optional leading `-`).
    pub fn parse_integer(&mut self) -> PResult<i128> {
        let neg = self.eat(TokKind::Minus);
        if self.tok.kind != TokKind::Integer {
            return self.custom_error("expected integer value");
        }
        let t = self.bump();
        let Some(v) = parse_int_literal(self.text(t)) else {
            return self.error_at(t.start, "integer constant out of range");
        };
        Ok(if neg { -v } else { v })
    }

    /// Parses an integer if one is next.
    pub fn parse_optional_integer(&mut self) -> PResult<Option<i128>> {
        if matches!(self.tok.kind, TokKind::Integer)
            || (self.tok.kind == TokKind::Minus
                && self.src[self.tok.end..].starts_with(|c: char| c.is_ascii_digit()))
        {
            self.parse_integer().map(Some)
        } else {
            Ok(None)
        }
    }

    fn parse_number_attr(&mut self) -> PResult<Attr> {
        let neg = self.eat(TokKind::Minus);
        match self.tok.kind {
            TokKind::Integer => self.parse_dec_or_hex_attr(neg),
            TokKind::Float => self.parse_float_attr(neg),
            _ => self.error_wrong_token("expected constant integer or floating point value"),
        }
    }

    /// An attribute of the kind `is_kind` accepts, where custom syntax requires one (MLIR's
    /// typed `parseAttribute<AttrT>`, parsed with no type): numbers fail as literals of no
    /// type, and an attribute of another kind is "invalid kind of attribute specified".
    pub fn parse_attr_of_kind(&mut self, is_kind: impl Fn(&AttrData) -> bool) -> PResult<Attr> {
        let pos = self.tok.start;
        let neg = self.tok.kind == TokKind::Minus;
        if neg {
            self.bump();
        }
        match self.tok.kind {
            TokKind::Integer => self.error_at(
                self.tok.start,
                "integer literal not valid for specified type",
            ),
            TokKind::Float => {
                self.bump();
                self.error("floating point value not valid for specified type")
            }
            _ if neg => self.error_wrong_token("expected constant integer or floating point value"),
            _ => {
                let attr = self.parse_attribute()?;
                if is_kind(self.ctx.attr_data(attr)) {
                    Ok(attr)
                } else {
                    self.custom_error_at(pos, "invalid kind of attribute specified")
                }
            }
        }
    }

    /// A string attribute where custom syntax requires one (see [`Parser::parse_attr_of_kind`]).
    pub fn parse_string_attr(&mut self) -> PResult<Attr> {
        self.parse_attr_of_kind(|data| matches!(data, AttrData::String(_)))
    }

    /// A flat symbol reference (`@name`) where custom syntax requires one (see
    /// [`Parser::parse_attr_of_kind`]).
    pub fn parse_flat_symbol_ref_attr(&mut self) -> PResult<Attr> {
        self.parse_attr_of_kind(
            |data| matches!(data, AttrData::SymbolRef { nested, .. } if nested.is_empty()),
        )
    }

    /// The type after an optional `: type`, or `default` when there is none.
    fn parse_optional_colon_type(&mut self, default: TypeData) -> PResult<Type> {
        if self.eat(TokKind::Colon) {
            self.parse_type()
        } else {
            Ok(self.ctx.ty(default))
        }
    }

    /// MLIR's `parseDecOrHexAttr`: an integer literal, typed `i64` by default; with a float
    /// type it must be a hexadecimal bit pattern.
    fn parse_dec_or_hex_attr(&mut self, neg: bool) -> PResult<Attr> {
        let tok = self.bump();
        let default = TypeData::Integer {
            width: 64,
            signedness: Signedness::Signless,
        };
        let ty = self.parse_optional_colon_type(default)?;
        let (width, signedness) = match *self.ctx.type_data(ty) {
            TypeData::Float(kind) => {
                let bits = self.float_from_integer_literal(tok, neg, kind)?;
                return Ok(self.ctx.attr(AttrData::Float { bits, ty }));
            }
            TypeData::Integer { width, signedness } => (width, signedness),
            TypeData::Index => (64, Signedness::Signed),
            _ => return self.error_at(tok.start, "integer literal not valid for specified type"),
        };
        if neg && signedness == Signedness::Unsigned {
            let msg = "negative integer literal not valid for unsigned integer type";
            return self.error_at(tok.start, msg);
        }
        match build_int(self.text(tok), width, signedness, neg) {
            Some(value) => Ok(self.ctx.attr(AttrData::Integer { value, ty })),
            None => self.error_at(tok.start, "integer constant out of range for attribute"),
        }
    }

    /// MLIR's `parseFloatAttr`: a float literal, `f64` by default.
    fn parse_float_attr(&mut self, neg: bool) -> PResult<Attr> {
        let tok = self.bump();
        let ty = self.parse_optional_colon_type(TypeData::Float(FloatKind::F64))?;
        let TypeData::Float(kind) = *self.ctx.type_data(ty) else {
            return self.error("floating point value not valid for specified type");
        };
        let bits = self.float_from_literal(tok, neg, kind)?;
        Ok(self.ctx.attr(AttrData::Float { bits, ty }))
    }

    /// MLIR's `parseFloatFromLiteral`: a float literal (read as a double, then rounded to the
    /// format) or a hexadecimal bit pattern.
    fn float_from_literal(&mut self, tok: Token, neg: bool, kind: FloatKind) -> PResult<u64> {
        match tok.kind {
            TokKind::Float => {
                let value: f64 = self.text(tok).parse().unwrap_or(f64::INFINITY);
                Ok(numbers::f64_to_bits(if neg { -value } else { value }, kind))
            }
            TokKind::Integer => self.float_from_integer_literal(tok, neg, kind),
            _ => self.error_at(tok.start, "expected floating point literal"),
        }
    }

    /// MLIR's `parseFloatFromIntegerLiteral`: only `0x...` bit patterns are floats.
    fn float_from_integer_literal(
        &mut self,
        tok: Token,
        neg: bool,
        kind: FloatKind,
    ) -> PResult<u64> {
        let spelling = self.text(tok);
        let Some(hex) = spelling.strip_prefix("0x") else {
            let loc = self.loc_at(tok.start);
            let msg = "unexpected decimal integer literal for a floating point value";
            return Err(Diagnostic::error(loc, msg)
                .with_note(loc, "add a trailing dot to make the literal a float"));
        };
        if neg {
            let msg = "hexadecimal float literal should not have a leading minus";
            return self.error_at(tok.start, msg);
        }
        let digits = hex.trim_start_matches('0');
        let fits = digits.len() <= 16
            && u64::from_str_radix(if digits.is_empty() { "0" } else { digits }, 16)
                .is_ok_and(|v| kind.width() >= 64 || v >> kind.width() == 0);
        if !fits {
            return self.error_at(
                tok.start,
                "hexadecimal float constant out of range for type",
            );
        }
        Ok(u64::from_str_radix(if digits.is_empty() { "0" } else { digits }, 16).unwrap_or(0))
    }

    /// Builds an integer attribute, checking that `v` fits the type.
    pub fn make_int_attr(&mut self, v: i128, ty: Type, pos: usize) -> PResult<Attr> {
        let width = match *self.ctx.type_data(ty) {
            TypeData::Integer { width, signedness } => {
                let fits = match signedness {
                    Signedness::Unsigned => v >= 0 && fits_unsigned(v, width),
                    Signedness::Signed => fits_signed(v, width),
                    Signedness::Signless => {
                        fits_signed(v, width) || (v >= 0 && fits_unsigned(v, width))
                    }
                };
                if !fits {
                    return self.error_at(pos, "integer constant out of range for attribute");
                }
                width
            }
            TypeData::Index => 64,
            _ => return self.error_at(pos, "integer literal not valid for specified type"),
        };
        let value = crate::util::sext(v, width);
        Ok(self.ctx.attr(AttrData::Integer { value, ty }))
    }

    fn parse_hash_attr(&mut self) -> PResult<Attr> {
        let t = self.tok;
        let text = &self.text(t)[1..];
        if !text.contains('.') {
            self.bump();
            return match self.attr_aliases.get(text) {
                Some(&a) => Ok(a),
                // As in MLIR, the error is at the token after the alias.
                None => self.error(format!("undefined symbol alias id '{text}'")),
            };
        }
        if let Some(spec) = dlti::kind(text)
            && self.src[t.end..].starts_with('<')
        {
            return self.parse_dlti_attr(spec);
        }
        // A dialect attribute: keep its text, including a balanced `<...>` body.
        let body = self.take_balanced_suffix(t)?;
        Ok(self.ctx.attr(AttrData::Opaque(body)))
    }

    /// Consumes the current `#x.y` or `!x.y` token plus an optional balanced `<...>` directly
    /// after it, returning the text without the sigil.
    fn take_balanced_suffix(&mut self, t: Token) -> PResult<String> {
        let mut end = t.end;
        if self.src[end..].starts_with('<') {
            let mut depth = 0i32;
            let bytes = self.src.as_bytes();
            let mut i = end;
            let mut in_str = false;
            while i < bytes.len() {
                let c = bytes[i];
                if in_str {
                    if c == b'\\' {
                        i += 1;
                    } else if c == b'"' {
                        in_str = false;
                    }
                } else {
                    match c {
                        b'"' => in_str = true,
                        b'<' | b'(' | b'[' | b'{' => depth += 1,
                        b'>' if i > 0 && bytes[i - 1] == b'-' => {}
                        b'>' | b')' | b']' | b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                i += 1;
            }
            if depth != 0 || i >= bytes.len() {
                return self.error_at(t.start, "unbalanced '<' in dialect attribute or type");
            }
        }
        let text = self.src[t.start + 1..end].to_string();
        self.relex_from(end);
        Ok(text)
    }

    fn parse_keyword_attr(&mut self) -> PResult<Attr> {
        let kw = self.tok_text();
        match kw {
            "true" | "false" => {
                self.bump();
                Ok(self.ctx.attr(AttrData::Bool(kw == "true")))
            }
            "unit" => {
                self.bump();
                Ok(self.ctx.unit_attr())
            }
            "dense" => self.parse_dense_attr(),
            "array" => self.parse_dense_array(),
            "affine_map" => {
                self.bump();
                self.expect_msg(TokKind::Less, "expected '<' in affine map")?;
                let map = self.parse_affine_map()?;
                self.expect_msg(TokKind::Greater, "expected '>' in affine map")?;
                Ok(self.ctx.attr(AttrData::AffineMap(map)))
            }
            "affine_set" => {
                self.bump();
                self.expect_msg(TokKind::Less, "expected '<' in integer set")?;
                let set = self.parse_integer_set()?;
                self.expect_msg(TokKind::Greater, "expected '>' in integer set")?;
                Ok(self.ctx.attr(AttrData::AffineSet(set)))
            }
            "strided" => self.parse_strided(),
            "loc" => self.error("locations are not attributes here"),
            _ if !is_builtin_type_keyword(kw) => self.error_wrong_token("expected attribute value"),
            _ => {
                let ty = self.parse_type()?;
                Ok(self.ctx.type_attr(ty))
            }
        }
    }

    fn parse_strided(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect_msg(TokKind::Less, "expected '<' after 'strided'")?;
        self.expect(TokKind::LSquare, "[")?;
        let mut strides = Vec::new();
        if self.tok.kind != TokKind::RSquare {
            strides.push(self.parse_stride_or_offset()?);
            while self.eat(TokKind::Comma) {
                strides.push(self.parse_stride_or_offset()?);
            }
        }
        self.expect(TokKind::RSquare, "]")?;
        let mut offset = 0;
        if self.eat(TokKind::Comma) {
            if !self.eat_keyword("offset") {
                return self.error_wrong_token("expected 'offset' after comma");
            }
            self.expect_msg(TokKind::Colon, "expected ':' after 'offset'")?;
            offset = self.parse_stride_or_offset()?;
        }
        self.expect(TokKind::Greater, ">")?;
        Ok(self.ctx.attr(AttrData::Strided { strides, offset }))
    }

    /// An integer that fits `i64`, or `?` for a dynamic value (inside `strided<...>`).
    fn parse_stride_or_offset(&mut self) -> PResult<i64> {
        if self.eat(TokKind::Question) {
            return Ok(DYNAMIC);
        }
        let pos = self.tok.start;
        let neg = self.eat(TokKind::Minus);
        let value = (self.tok.kind == TokKind::Integer)
            .then(|| parse_uint_literal(self.tok_text()))
            .flatten()
            .filter(|&v| v <= i64::MAX as u128);
        let Some(value) = value else {
            return self.error_at(pos, "expected a 64-bit signed integer or '?'");
        };
        self.bump();
        Ok(if neg { -(value as i64) } else { value as i64 })
    }

    fn parse_dense_array(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(TokKind::Less, "<")?;
        let elem = self.parse_type()?;
        let kind = self.ctx.type_data(elem).clone();
        let mut values = Vec::new();
        if self.eat(TokKind::Colon) {
            values = self.parse_comma_list(|p| match &kind {
                TypeData::Integer { width: 1, .. } => {
                    if p.eat_keyword("true") {
                        Ok(1)
                    } else if p.eat_keyword("false") {
                        Ok(0)
                    } else {
                        p.error("expected 'true' or 'false'")
                    }
                }
                TypeData::Integer { width, signedness } => {
                    let neg = p.eat(TokKind::Minus);
                    if p.tok.kind != TokKind::Integer {
                        return p.error("expected integer literal");
                    }
                    let tok = p.bump();
                    match build_int(p.text(tok), *width, *signedness, neg) {
                        Some(v) => Ok(v as i64),
                        None => p.error("integer constant out of range"),
                    }
                }
                TypeData::Float(k) => {
                    let neg = p.eat(TokKind::Minus);
                    let tok = p.bump();
                    p.float_from_literal(tok, neg, *k).map(|bits| bits as i64)
                }
                _ => p.error("expected integer or float type for dense array"),
            })?;
        }
        self.expect_msg(TokKind::Greater, "expected '>' to close an array attribute")?;
        Ok(self.ctx.attr(AttrData::DenseArray { elem, values }))
    }

    fn parse_dense_attr(&mut self) -> PResult<Attr> {
        self.parse_dense_attr_typed(None)
    }

    /// Parses an attribute whose type is implied by context (MLIR's `parseAttribute(attr,
    /// type)`): a `dense<...>` literal then takes `ty` instead of a trailing `: type`.
    pub fn parse_attribute_of_type(&mut self, ty: Type) -> PResult<Attr> {
        if self.at_keyword("dense") {
            self.parse_dense_attr_typed(Some(ty))
        } else {
            self.parse_attribute()
        }
    }

    fn parse_dense_attr_typed(&mut self, given: Option<Type>) -> PResult<Attr> {
        let start = self.tok.start;
        self.bump();
        self.expect_msg(TokKind::Less, "expected '<' after 'dense'")?;
        let mut leaves: Vec<DenseLeaf> = Vec::new();
        let mut shape: Option<Vec<i64>> = None;
        let mut hex: Option<Token> = None;
        if !self.eat(TokKind::Greater) {
            match self.tok.kind {
                TokKind::LSquare => shape = Some(self.parse_dense_list(&mut leaves)?),
                TokKind::String => hex = Some(self.bump()),
                _ => leaves.push(self.parse_dense_leaf()?),
            }
            self.expect(TokKind::Greater, ">")?;
        }
        let ty = match given {
            Some(ty) => ty,
            None => {
                self.expect(TokKind::Colon, ":")?;
                self.parse_type()?
            }
        };
        let (ty_shape, elem) = match self.ctx.type_data(ty).clone() {
            TypeData::Tensor { shape, elem, .. } | TypeData::Vector { shape, elem, .. } => {
                (shape, elem)
            }
            _ => return self.error_at(start, "elements literal must be a shaped type"),
        };
        if ty_shape.contains(&DYNAMIC) {
            return self.error_at(start, "elements literal type must have static shape");
        }
        let num_elements: i64 = ty_shape.iter().product();
        if let Some(s) = shape.as_ref().filter(|s| **s != ty_shape) {
            let msg = format!(
                "inferred shape of elements literal ([{}]) does not match type ([{}])",
                s.iter().join(", "),
                ty_shape.iter().join(", ")
            );
            return self.error_at(start, msg);
        }
        if hex.is_none() && leaves.is_empty() && num_elements != 0 {
            let msg = format!(
                "parsed zero elements, but type ({}) expected at least 1",
                self.type_str(ty)
            );
            return self.error_at(start, msg);
        }
        let elem_data = self.ctx.type_data(elem).clone();
        let texts = match hex {
            Some(tok) => self.dense_hex_texts(tok, ty, &elem_data, num_elements, start)?,
            None => {
                let mut texts = Vec::with_capacity(leaves.len());
                for leaf in &leaves {
                    texts.push(self.format_dense_leaf(leaf, &elem_data)?);
                }
                texts
            }
        };
        let literal = if texts.is_empty() {
            String::new()
        } else if texts.iter().all(|t| t == &texts[0]) {
            texts[0].clone()
        } else {
            nest_dense(&texts, &ty_shape)
        };
        Ok(self.ctx.attr(AttrData::DenseElements { literal, ty }))
    }

    /// Decodes `dense<"0x...">` raw little-endian data into printed elements.
    fn dense_hex_texts(
        &mut self,
        tok: Token,
        ty: Type,
        elem: &TypeData,
        num_elements: i64,
        start: usize,
    ) -> PResult<Vec<String>> {
        let text = self.text(tok);
        let body = &text[1..text.len() - 1];
        let bytes = body.strip_prefix("0x").and_then(|h| {
            (h.len() % 2 == 0)
                .then(|| {
                    (0..h.len())
                        .step_by(2)
                        .map(|i| u8::from_str_radix(&h[i..i + 2], 16).ok())
                        .collect::<Option<Vec<u8>>>()
                })
                .flatten()
        });
        let Some(bytes) = bytes else {
            return self.error_at(
                start,
                "expected string containing hex digits starting with `0x`",
            );
        };
        let width = match elem {
            TypeData::Integer { width, .. } => *width,
            TypeData::Index => 64,
            TypeData::Float(k) => k.width(),
            _ => 0,
        };
        let elem_bytes = width.div_ceil(8) as usize;
        let count = bytes.len().checked_div(elem_bytes).unwrap_or(0);
        let valid = width % 8 == 0
            && width <= 128
            && elem_bytes > 0
            && bytes.len() % elem_bytes == 0
            && (count as i64 == num_elements || count == 1);
        if !valid {
            let msg = format!(
                "elements hex data size is invalid for provided type: '{}'",
                self.type_str(ty)
            );
            return self.error_at(start, msg);
        }
        let mut texts = Vec::with_capacity(count);
        for chunk in bytes.chunks(elem_bytes) {
            let raw = chunk
                .iter()
                .rev()
                .fold(0u128, |acc, &b| (acc << 8) | b as u128);
            texts.push(match elem {
                TypeData::Integer { width, signedness } => {
                    format_int(crate::util::sext(raw as i128, *width), *width, *signedness)
                }
                TypeData::Float(k) => numbers::format_float(raw as u64, *k),
                _ => (raw as i64).to_string(),
            });
        }
        Ok(texts)
    }

    fn parse_dense_list(&mut self, leaves: &mut Vec<DenseLeaf>) -> PResult<Vec<i64>> {
        self.enter()?;
        self.expect(TokKind::LSquare, "[")?;
        let mut inner: Option<Vec<i64>> = None;
        let mut count = 0i64;
        if !self.eat(TokKind::RSquare) {
            loop {
                if self.tok.kind == TokKind::LSquare {
                    let s = self.parse_dense_list(leaves)?;
                    if inner.as_ref().is_some_and(|i| i != &s) {
                        return self.error(
                            "tensor literal is invalid; ranks are not consistent between elements",
                        );
                    }
                    inner = Some(s);
                } else {
                    if inner.is_some() {
                        return self.error(
                            "tensor literal is invalid; ranks are not consistent between elements",
                        );
                    }
                    leaves.push(self.parse_dense_leaf()?);
                }
                count += 1;
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RSquare, "]")?;
        }
        self.leave();
        let mut shape = vec![count];
        if let Some(i) = inner {
            shape.extend(i);
        }
        Ok(shape)
    }

    fn parse_dense_leaf(&mut self) -> PResult<DenseLeaf> {
        match self.tok.kind {
            TokKind::BareId if matches!(self.tok_text(), "true" | "false") => {}
            TokKind::Integer | TokKind::Float => {}
            TokKind::Minus => {
                self.bump();
                if !matches!(self.tok.kind, TokKind::Integer | TokKind::Float) {
                    return self.error("expected integer or floating point literal");
                }
                let tok = self.bump();
                return Ok(DenseLeaf { neg: true, tok });
            }
            _ => return self.error("expected element literal of primitive type"),
        }
        let tok = self.bump();
        Ok(DenseLeaf { neg: false, tok })
    }

    /// Checks one element literal against the element type and returns its printed form.
    fn format_dense_leaf(&mut self, leaf: &DenseLeaf, elem: &TypeData) -> PResult<String> {
        let DenseLeaf { neg, tok } = *leaf;
        let is_bool = tok.kind == TokKind::BareId;
        let (width, signedness) = match elem {
            TypeData::Float(k) => {
                if is_bool {
                    return self.error_at(tok.start, "expected floating point literal");
                }
                let bits = self.float_from_literal(tok, neg, *k)?;
                return Ok(numbers::format_float(bits, *k));
            }
            TypeData::Integer { width, signedness } => (*width, *signedness),
            TypeData::Index => (64, Signedness::Signed),
            _ => return self.error_at(tok.start, "expected element literal of primitive type"),
        };
        if neg && signedness == Signedness::Unsigned {
            let msg = "expected unsigned integer elements, but parsed negative value";
            return self.error_at(tok.start, msg);
        }
        if tok.kind == TokKind::Float {
            let msg = "expected integer elements, but parsed floating-point";
            return self.error_at(tok.start, msg);
        }
        if is_bool {
            if width != 1 {
                let msg = "expected i1 type for 'true' or 'false' values";
                return self.error_at(tok.start, msg);
            }
            return Ok(self.text(tok).to_string());
        }
        match build_int(self.text(tok), width, signedness, neg) {
            Some(v) if matches!(elem, TypeData::Index) => Ok(v.to_string()),
            Some(v) => Ok(format_int(v, width, signedness)),
            None => self.error_at(tok.start, "integer constant out of range for type"),
        }
    }

    // ----- affine maps ------------------------------------------------------------------------

    /// `(d0, d1)[s0]`: the dimension and symbol names of an affine map or integer set.
    fn parse_affine_dims_and_symbols(&mut self) -> PResult<(Vec<String>, Vec<String>)> {
        let dims = self.parse_delimited_in(
            TokKind::LParen,
            TokKind::RParen,
            " in dimensional identifier list",
            |p| {
                p.parse_optional_keyword()
                    .map(str::to_string)
                    .map_or_else(|| p.error("expected dimension identifier"), Ok)
            },
        )?;
        let syms = if self.tok.kind == TokKind::LSquare {
            self.parse_delimited_in(TokKind::LSquare, TokKind::RSquare, " in symbol list", |p| {
                p.parse_optional_keyword()
                    .map(str::to_string)
                    .map_or_else(|| p.error("expected symbol identifier"), Ok)
            })?
        } else {
            Vec::new()
        };
        Ok((dims, syms))
    }

    /// Parses the body of `affine_set<...>`: `(dims)[syms] : (constraint, ...)`.
    fn parse_integer_set(&mut self) -> PResult<IntegerSet> {
        let (dims, syms) = self.parse_affine_dims_and_symbols()?;
        self.expect(TokKind::Colon, ":")?;
        let constraints = self.parse_delimited_in(
            TokKind::LParen,
            TokKind::RParen,
            " in integer set constraint list",
            |p| p.parse_affine_constraint(&dims, &syms),
        )?;
        Ok(IntegerSet {
            num_dims: dims.len() as u32,
            num_symbols: syms.len() as u32,
            constraints,
        })
    }

    /// `a >= b` (as `a - b >= 0`), `a <= b` (as `b - a >= 0`) or `a == b` (as `a - b == 0`).
    fn parse_affine_constraint(
        &mut self,
        dims: &[String],
        syms: &[String],
    ) -> PResult<(AffineExpr, bool)> {
        let lhs = self.parse_affine_expr(dims, syms)?;
        let minus = |e| affine_mul(e, AffineExpr::Const(-1));
        if self.eat(TokKind::Greater) && self.eat(TokKind::Equal) {
            let rhs = self.parse_affine_expr(dims, syms)?;
            return Ok((affine_add(lhs, minus(rhs)), false));
        }
        if self.eat(TokKind::Less) && self.eat(TokKind::Equal) {
            let rhs = self.parse_affine_expr(dims, syms)?;
            return Ok((affine_add(rhs, minus(lhs)), false));
        }
        if self.eat(TokKind::Equal) && self.eat(TokKind::Equal) {
            let rhs = self.parse_affine_expr(dims, syms)?;
            return Ok((affine_add(lhs, minus(rhs)), true));
        }
        self.error("expected '== affine-expr' or '>= affine-expr' at end of affine constraint")
    }

    /// Parses the body of an affine map: `(d0, d1)[s0] -> (d1, d0)`.
    pub fn parse_affine_map(&mut self) -> PResult<AffineMap> {
        let (dims, syms) = self.parse_affine_dims_and_symbols()?;
        self.expect_msg(TokKind::Arrow, "expected '->' or ':'")?;
        let results = self.parse_delimited_in(
            TokKind::LParen,
            TokKind::RParen,
            " in affine map range",
            |p| p.parse_affine_expr(&dims, &syms),
        )?;
        Ok(AffineMap {
            num_dims: dims.len() as u32,
            num_symbols: syms.len() as u32,
            results,
        })
    }

    fn parse_affine_expr(&mut self, dims: &[String], syms: &[String]) -> PResult<AffineExpr> {
        self.enter()?;
        let mut lhs = self.parse_affine_term(dims, syms, false)?;
        loop {
            if self.eat(TokKind::Plus) {
                let rhs = self.parse_affine_term(dims, syms, true)?;
                lhs = affine_add(lhs, rhs);
            } else if self.eat(TokKind::Minus) {
                let rhs = self.parse_affine_term(dims, syms, true)?;
                lhs = affine_add(lhs, affine_mul(rhs, AffineExpr::Const(-1)));
            } else {
                break;
            }
        }
        self.leave();
        Ok(lhs)
    }

    /// A product or quotient; `after_operator` when it is the right operand of `+` or `-`.
    /// As in MLIR, a product needs a factor without dimensions, and the right operand of
    /// `floordiv`, `ceildiv` and `mod` has none.
    fn parse_affine_term(
        &mut self,
        dims: &[String],
        syms: &[String],
        after_operator: bool,
    ) -> PResult<AffineExpr> {
        let mut lhs = self.parse_affine_atom(dims, syms, after_operator)?;
        loop {
            let op_pos = self.tok.start;
            if self.eat(TokKind::Star) {
                let rhs = self.parse_affine_atom(dims, syms, true)?;
                if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                    let msg = "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic";
                    return self.error_at(op_pos, msg);
                }
                lhs = affine_mul(lhs, rhs);
                continue;
            }
            let Some(op) = ["floordiv", "ceildiv", "mod"]
                .into_iter()
                .find(|&kw| self.at_keyword(kw))
            else {
                break;
            };
            self.bump();
            let rhs = self.parse_affine_atom(dims, syms, true)?;
            if !rhs.is_symbolic_or_constant() {
                let msg = format!(
                    "non-affine expression: right operand of {op} has to be either a constant or symbolic"
                );
                return self.error_at(op_pos, msg);
            }
            let (lhs_box, rhs_box) = (Box::new(lhs), Box::new(rhs));
            lhs = match op {
                "floordiv" => AffineExpr::FloorDiv(lhs_box, rhs_box),
                "ceildiv" => AffineExpr::CeilDiv(lhs_box, rhs_box),
                _ => AffineExpr::Mod(lhs_box, rhs_box),
            };
        }
        Ok(lhs)
    }

    fn parse_affine_atom(
        &mut self,
        dims: &[String],
        syms: &[String],
        after_operator: bool,
    ) -> PResult<AffineExpr> {
        self.enter()?;
        let r = match self.tok.kind {
            TokKind::LParen => {
                self.bump();
                let e = self.parse_affine_expr(dims, syms)?;
                self.expect(TokKind::RParen, ")")?;
                Ok(e)
            }
            TokKind::Minus => {
                self.bump();
                let e = self.parse_affine_atom(dims, syms, true)?;
                Ok(affine_mul(e, AffineExpr::Const(-1)))
            }
            TokKind::Integer => {
                let pos = self.tok.start;
                let v = self.parse_integer()?;
                i64::try_from(v)
                    .map(AffineExpr::Const)
                    .or_else(|_| self.error_at(pos, "constant too large for affine expression"))
            }
            // `floordiv`, `ceildiv` and `mod` here are undeclared names, as in MLIR.
            TokKind::BareId => {
                let name = self.tok_text();
                if let Some(i) = dims.iter().position(|d| d == name) {
                    self.bump();
                    Ok(AffineExpr::Dim(i as u32))
                } else if let Some(i) = syms.iter().position(|s| s == name) {
                    self.bump();
                    Ok(AffineExpr::Symbol(i as u32))
                } else {
                    self.error_wrong_token("use of undeclared identifier")
                }
            }
            _ if after_operator => self.error("missing right operand of binary operator"),
            TokKind::Plus | TokKind::Star => self.error("missing left operand of binary operator"),
            _ => self.error("expected affine expression"),
        };
        self.leave();
        r
    }

    // ----- locations --------------------------------------------------------------------------

    /// Parses `loc(...)` after an op, a block argument or a function argument.
    pub fn parse_loc_literal(&mut self) -> PResult<Loc> {
        self.parse_loc_literal_in("location")
    }

    /// Parses `loc(...)`; `what` names it in errors ("expected ')' in inline location").
    fn parse_loc_literal_in(&mut self, what: &str) -> PResult<Loc> {
        self.expect_keyword("loc")?;
        self.expect_with(TokKind::LParen, || format!("expected '(' in {what}"))?;
        let loc = self.parse_loc_body()?;
        self.expect_with(TokKind::RParen, || format!("expected ')' in {what}"))?;
        Ok(loc)
    }

    fn parse_loc_body(&mut self) -> PResult<Loc> {
        self.enter()?;
        let r = self.parse_loc_body_inner();
        self.leave();
        r
    }

    fn parse_loc_body_inner(&mut self) -> PResult<Loc> {
        match self.tok.kind {
            TokKind::HashId => {
                let t = self.bump();
                let name = &self.text(t)[1..];
                match self.loc_aliases.get(name) {
                    Some(&l) => Ok(l),
                    None => {
                        // MLIR allows location aliases to be defined after their uses.
                        self.deferred_locs.push((name.to_string(), t.start, None));
                        Ok(self.ctx.unknown_loc())
                    }
                }
            }
            TokKind::BareId if self.at_keyword("unknown") => {
                self.bump();
                Ok(self.ctx.unknown_loc())
            }
            TokKind::BareId if self.at_keyword("callsite") => {
                self.bump();
                self.expect_msg(TokKind::LParen, "expected '(' in callsite location")?;
                let callee = self.parse_loc_body()?;
                if !self.eat_keyword("at") {
                    return self.error_wrong_token("expected 'at' in callsite location");
                }
                let caller = self.parse_loc_body()?;
                self.expect_msg(TokKind::RParen, "expected ')' in callsite location")?;
                Ok(self.ctx.loc(LocData::CallSite { callee, caller }))
            }
            TokKind::BareId if self.at_keyword("fused") => {
                self.bump();
                if self.eat(TokKind::Less) {
                    self.parse_attribute()?;
                    self.expect(TokKind::Greater, ">")?;
                }
                let locs = self
                    .parse_delimited(TokKind::LSquare, TokKind::RSquare, |p| p.parse_loc_body())?;
                Ok(self.ctx.loc(LocData::Fused(locs)))
            }
            TokKind::String => {
                let t = self.bump();
                let s = self.text(t);
                let s = unescape(&s[1..s.len() - 1]).unwrap_or_default();
                let sym = self.ctx.sym(&s);
                if self.eat(TokKind::Colon) {
                    if self.tok.kind != TokKind::Integer {
                        return self.error("expected integer line number in FileLineColRange");
                    }
                    let line = self.parse_integer()?;
                    self.expect(TokKind::Colon, ":")?;
                    if self.tok.kind != TokKind::Integer {
                        return self.error("expected integer column number in FileLineColRange");
                    }
                    let col = self.parse_integer()?;
                    // `file:line:col to line:col` ranges are accepted and truncated to the start.
                    if self.eat_keyword("to") {
                        if self.eat(TokKind::Colon) {
                            self.parse_integer()?;
                        } else {
                            self.parse_integer()?;
                            self.expect(TokKind::Colon, ":")?;
                            self.parse_integer()?;
                        }
                    }
                    return Ok(self.ctx.loc(LocData::FileLineCol {
                        file: sym,
                        line: line.clamp(0, u32::MAX as i128) as u32,
                        col: col.clamp(0, u32::MAX as i128) as u32,
                    }));
                }
                let child = if self.eat(TokKind::LParen) {
                    let c = self.parse_loc_body()?;
                    self.expect(TokKind::RParen, ")")?;
                    Some(c)
                } else {
                    None
                };
                Ok(self.ctx.loc(LocData::Name { name: sym, child }))
            }
            _ => self.error("expected location instance"),
        }
    }

    // ----- types ------------------------------------------------------------------------------

    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        let spelling = self.cacheable_type_spelling();
        if let Some(text) = spelling
            && let Some(&ty) = self.type_cache.get(text)
        {
            let end = self.tok.start + text.len();
            self.relex_from(end);
            return Ok(ty);
        }
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        if let (Ok(ty), Some(text)) = (&r, spelling) {
            // Cache only if the parse consumed exactly the delimited text.
            let text_end = self.tok_start_of(text) + text.len();
            let next = self.tok.start.min(self.src.len());
            if next >= text_end && self.src[text_end..next].trim().is_empty() {
                self.type_cache.insert(text, *ty);
            }
        }
        r
    }

    fn tok_start_of(&self, text: &'s str) -> usize {
        text.as_ptr() as usize - self.src.as_ptr() as usize
    }

    /// The source text of the type starting at the current token, when it can be delimited
    /// cheaply: a keyword, optionally followed by a `<...>` body, or a function type
    /// `(...) -> result` whose result is parenthesized or such a keyword type, on one line and
    /// without string literals. `None` means "parse it the normal way".
    fn cacheable_type_spelling(&self) -> Option<&'s str> {
        let bytes = self.src.as_bytes();
        let start = self.tok.start;
        let end = match self.tok.kind {
            TokKind::BareId => keyword_type_end(bytes, self.tok.end)?,
            TokKind::LParen => {
                let arrow = skip_blanks(bytes, bracketed_end(bytes, start)?);
                if !bytes.get(arrow..)?.starts_with(b"->") {
                    return None;
                }
                let result = skip_blanks(bytes, arrow + 2);
                match bytes.get(result) {
                    Some(b'(') => bracketed_end(bytes, result)?,
                    Some(c) if c.is_ascii_alphabetic() => {
                        let id_len = bytes[result..]
                            .iter()
                            .position(|c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.')))
                            .unwrap_or(bytes.len() - result);
                        keyword_type_end(bytes, result + id_len)?
                    }
                    _ => return None,
                }
            }
            _ => return None,
        };
        self.src.get(start..end)
    }

    /// Parses `: type`.
    pub fn parse_colon_type(&mut self) -> PResult<Type> {
        self.expect(TokKind::Colon, ":")?;
        self.parse_type()
    }

    /// Parses `type (, type)*`.
    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        self.parse_comma_list(|p| p.parse_type())
    }

    /// Parses a function result list: `type` or `(type, ...)`.
    pub fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.tok.kind == TokKind::LParen {
            return self.parse_delimited(TokKind::LParen, TokKind::RParen, |p| p.parse_type());
        }
        Ok(vec![self.parse_type()?])
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        match self.tok.kind {
            TokKind::LParen => {
                let inputs =
                    self.parse_delimited(TokKind::LParen, TokKind::RParen, |p| p.parse_type())?;
                self.expect_msg(TokKind::Arrow, "expected '->' in function type")?;
                let results = self.parse_function_result_types()?;
                Ok(self.ctx.ty(TypeData::Function { inputs, results }))
            }
            TokKind::ExclamationId => {
                let t = self.tok;
                let text = &self.text(t)[1..];
                if !text.contains('.') {
                    self.bump();
                    return match self.type_aliases.get(text) {
                        Some(&ty) => Ok(ty),
                        None => self.error(format!("undefined symbol alias id '{text}'")),
                    };
                }
                let body = self.take_balanced_suffix(t)?;
                Ok(self.ctx.ty(TypeData::Opaque { text: body }))
            }
            TokKind::BareId => self.parse_builtin_type(),
            _ => self.error_wrong_token("expected non-function type"),
        }
    }

    fn parse_builtin_type(&mut self) -> PResult<Type> {
        let t = self.tok;
        let kw = self.text(t);
        let simple = match kw {
            "index" => Some(TypeData::Index),
            "none" => Some(TypeData::None),
            "f16" => Some(TypeData::Float(FloatKind::F16)),
            "bf16" => Some(TypeData::Float(FloatKind::BF16)),
            "f32" => Some(TypeData::Float(FloatKind::F32)),
            "f64" => Some(TypeData::Float(FloatKind::F64)),
            "f80" => Some(TypeData::Float(FloatKind::F80)),
            "f128" => Some(TypeData::Float(FloatKind::F128)),
            "tf32" => Some(TypeData::Float(FloatKind::TF32)),
            _ => int_type_keyword(kw),
        };
        if let Some(data) = simple {
            if let TypeData::Integer { width, .. } = data {
                let digits = kw.trim_start_matches(['s', 'u']).trim_start_matches('i');
                if digits.parse::<u32>().is_err() {
                    return self.error("invalid integer width");
                }
                if width >= 1 << 24 {
                    return self.error("integer bitwidth is limited to 16777215 bits");
                }
            }
            self.bump();
            return Ok(self.ctx.ty(data));
        }
        match kw {
            "memref" => self.parse_memref_type(),
            "tensor" => self.parse_tensor_type(),
            "vector" => self.parse_vector_type(),
            "complex" => {
                self.bump();
                self.expect_msg(TokKind::Less, "expected '<' in complex type")?;
                let elem = self.parse_type()?;
                self.expect_msg(TokKind::Greater, "expected '>' in complex type")?;
                Ok(self.ctx.ty(TypeData::Complex(elem)))
            }
            "tuple" => {
                self.bump();
                self.expect_msg(TokKind::Less, "expected '<' in tuple type")?;
                let elems = if self.tok.kind == TokKind::Greater {
                    Vec::new()
                } else {
                    self.parse_type_list()?
                };
                self.expect_msg(TokKind::Greater, "expected '>' in tuple type")?;
                Ok(self.ctx.ty(TypeData::Tuple(elems)))
            }
            _ => self.error_wrong_token("expected non-function type"),
        }
    }

    /// Parses the `4x?x` prefix of a shaped type and returns the dimensions; stops before the
    /// element type. As in MLIR it works on tokens: a dimension is an integer or `?` (only
    /// where `allow_dynamic`), then a bare identifier starting with `x` whose rest is lexed
    /// anew (`x4xf32` leaves `4xf32`), so spaces may separate them. With `allow_scalable`
    /// (vectors), `[4]` is a scalable dimension.
    fn parse_dimension_list(
        &mut self,
        allow_dynamic: bool,
        allow_scalable: bool,
    ) -> PResult<(Vec<i64>, Vec<bool>)> {
        let mut dims = Vec::new();
        let mut scalable = Vec::new();
        loop {
            let is_scalable = allow_scalable && self.tok.kind == TokKind::LSquare;
            match self.tok.kind {
                TokKind::Question if allow_dynamic => {
                    self.bump();
                    dims.push(DYNAMIC);
                }
                TokKind::Integer => dims.push(self.parse_integer_in_dimension_list()?),
                TokKind::LSquare if allow_scalable => {
                    self.bump();
                    dims.push(self.parse_integer_in_dimension_list()?);
                    if !self.eat(TokKind::RSquare) {
                        return self.error_wrong_token("missing ']' closing scalable dimension");
                    }
                }
                _ => break,
            }
            scalable.push(is_scalable);
            self.parse_x_in_dimension_list()?;
        }
        Ok((dims, scalable))
    }

    /// One static dimension. `0xf32` is `0`, `x`, `f32` (hexadecimal literals are not
    /// dimensions), so the lexer resumes after the `0`.
    fn parse_integer_in_dimension_list(&mut self) -> PResult<i64> {
        let text = self.tok_text();
        if self.tok.kind == TokKind::Integer && text.as_bytes().get(1) == Some(&b'x') {
            self.relex_from(self.tok.start + 1);
            return Ok(0);
        }
        match text.parse::<u64>().ok().and_then(|v| i64::try_from(v).ok()) {
            Some(v) if self.tok.kind == TokKind::Integer => {
                self.bump();
                Ok(v)
            }
            _ => self.error("invalid dimension"),
        }
    }

    /// The `x` after a dimension: a bare identifier starting with `x`, whose rest is lexed anew.
    fn parse_x_in_dimension_list(&mut self) -> PResult<()> {
        if self.tok.kind != TokKind::BareId || !self.tok_text().starts_with('x') {
            return self.error_wrong_token("expected 'x' in dimension list");
        }
        self.relex_from(self.tok.start + 1);
        Ok(())
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        let start = self.tok.start;
        self.bump();
        self.expect_msg(TokKind::Less, "expected '<' in memref type")?;
        let unranked = self.tok.kind == TokKind::Star;
        let mut shape = Vec::new();
        if unranked {
            self.bump();
            self.parse_x_in_dimension_list()?;
        } else {
            shape = self.parse_dimension_list(true, false)?.0;
        }
        let elem_pos = self.tok.start;
        let elem = self.parse_type()?;
        self.check_memref_elem(elem, elem_pos)?;
        let (layout, memory_space) = self.parse_memref_layout_and_space(unranked)?;
        if unranked {
            return Ok(self.ctx.ty(TypeData::UnrankedMemRef { elem, memory_space }));
        }
        if shape.iter().any(|&d| d < 0 && d != DYNAMIC) {
            return self.error_at(start, "invalid memref size");
        }
        let layout = match layout {
            Some(attr) => self.check_memref_layout(attr, shape.len(), start)?,
            None => None,
        };
        Ok(self.ctx.ty(TypeData::MemRef {
            shape,
            elem,
            layout,
            memory_space,
        }))
    }

    /// Parses `(, layout)? (, memory-space)? >` of a memref type, as MLIR's `parseMemRefType`
    /// does (a default `0` memory space is dropped).
    fn parse_memref_layout_and_space(
        &mut self,
        unranked: bool,
    ) -> PResult<(Option<Attr>, Option<Attr>)> {
        let mut layout = None;
        let mut memory_space = None;
        if self.eat(TokKind::Greater) {
            return Ok((None, None));
        }
        self.expect_msg(TokKind::Comma, "expected ',' or '>' in memref type")?;
        loop {
            let attr = self.parse_attribute()?;
            let is_layout = matches!(
                self.ctx.attr_data(attr),
                AttrData::AffineMap(_) | AttrData::Strided { .. }
            );
            if !is_layout {
                if memory_space.is_some() {
                    return self.error("multiple memory spaces specified in memref type");
                }
                memory_space = Some(attr);
            } else {
                layout = Some(attr);
                if unranked {
                    return self.error("cannot have affine map for unranked memref type");
                }
                if memory_space.is_some() {
                    return self.error("expected memory space to be last in memref type");
                }
            }
            if !self.eat(TokKind::Comma) {
                break;
            }
        }
        self.expect_msg(TokKind::Greater, "expected ',' or '>'")?;
        let memory_space = memory_space
            .filter(|&a| !matches!(self.ctx.attr_data(a), AttrData::Integer { value: 0, .. }));
        Ok((layout, memory_space))
    }

    /// Verifies a layout against the memref rank (MLIR's `verifyLayout`); an identity map is
    /// the default layout and is dropped.
    fn check_memref_layout(
        &mut self,
        attr: Attr,
        rank: usize,
        start: usize,
    ) -> PResult<Option<Attr>> {
        match self.ctx.attr_data(attr) {
            AttrData::AffineMap(m) => {
                if m.num_dims as usize != rank {
                    let msg = format!(
                        "memref layout mismatch between rank and affine map: {} != {}",
                        rank, m.num_dims
                    );
                    return self.error_at(start, msg);
                }
                Ok((!m.is_identity()).then_some(attr))
            }
            AttrData::Strided { strides, .. } if strides.len() != rank => {
                self.error_at(start, "expected the number of strides to match the rank")
            }
            _ => Ok(Some(attr)),
        }
    }

    fn check_memref_elem(&mut self, elem: Type, pos: usize) -> PResult<()> {
        let ok = matches!(
            self.ctx.type_data(elem),
            TypeData::Integer { .. }
                | TypeData::Index
                | TypeData::Float(_)
                | TypeData::Vector { .. }
                | TypeData::Complex(_)
                | TypeData::MemRef { .. }
                | TypeData::UnrankedMemRef { .. }
                | TypeData::Opaque { .. }
        );
        if ok {
            Ok(())
        } else {
            self.error_at(pos, "invalid memref element type")
        }
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        let start = self.tok.start;
        self.bump();
        self.expect_msg(TokKind::Less, "expected '<' in tensor type")?;
        if self.eat(TokKind::Star) {
            self.parse_x_in_dimension_list()?;
            let elem = self.parse_type()?;
            self.expect_msg(TokKind::Greater, "expected '>' in tensor type")?;
            return Ok(self.ctx.ty(TypeData::UnrankedTensor { elem }));
        }
        let (shape, _) = self.parse_dimension_list(true, false)?;
        let elem = self.parse_type()?;
        let encoding = if self.eat(TokKind::Comma) {
            Some(self.parse_attribute()?)
        } else {
            None
        };
        self.expect_msg(TokKind::Greater, "expected '>' in tensor type")?;
        if matches!(
            self.ctx.type_data(elem),
            TypeData::Function { .. } | TypeData::None
        ) {
            return self.error_at(start, "invalid tensor element type");
        }
        Ok(self.ctx.ty(TypeData::Tensor {
            shape,
            elem,
            encoding,
        }))
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        self.bump();
        self.expect_msg(TokKind::Less, "expected '<' in vector type")?;
        let (shape, scalable) = self.parse_dimension_list(false, true)?;
        let elem = self.parse_type()?;
        self.expect_msg(TokKind::Greater, "expected '>' in vector type")?;
        Ok(self.ctx.ty(TypeData::Vector {
            shape,
            scalable,
            elem,
        }))
    }
}

/// The parts of an [`OpDef`](crate::registry::OpDef) the parser needs, copied out so the
/// registry need not be cloned per op.
struct SyntaxInfo {
    parse: Option<crate::registry::ParseFn>,
    traits: Traits,
    default_dialect: Option<&'static str>,
}

impl SyntaxInfo {
    fn of(def: &crate::registry::OpDef) -> Self {
        SyntaxInfo {
            parse: def.parse,
            traits: def.traits,
            default_dialect: def.default_dialect,
        }
    }
}

/// The end of a keyword type whose keyword ends at `keyword_end`: there, or after the `<...>`
/// body that follows it.
fn keyword_type_end(bytes: &[u8], keyword_end: usize) -> Option<usize> {
    if bytes.get(keyword_end) == Some(&b'<') {
        bracketed_end(bytes, keyword_end)
    } else {
        Some(keyword_end)
    }
}

/// The end (exclusive) of the `(...)` or `<...>` text opening at `open`, when it closes within
/// 512 bytes on the same line and holds no string literal (the `>` of `->` closes nothing).
fn bracketed_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in bytes.iter().enumerate().skip(open).take(512) {
        match c {
            b'(' | b'<' => depth += 1,
            b'>' if bytes[i - 1] == b'-' => {}
            b')' | b'>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'"' | b'\n' => return None,
            _ => {}
        }
    }
    None
}

/// The offset of the first byte at or after `pos` that is not a space or a tab.
fn skip_blanks(bytes: &[u8], pos: usize) -> usize {
    let blanks = bytes.get(pos..).unwrap_or_default();
    pos + blanks
        .iter()
        .take_while(|&&c| c == b' ' || c == b'\t')
        .count()
}

fn find_bytes(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn open_text(k: TokKind) -> &'static str {
    match k {
        TokKind::LParen => "(",
        TokKind::RParen => ")",
        TokKind::LSquare => "[",
        TokKind::RSquare => "]",
        TokKind::LBrace => "{",
        TokKind::RBrace => "}",
        TokKind::Less => "<",
        TokKind::Greater => ">",
        _ => "?",
    }
}

/// One element literal of a `dense<...>` attribute: its token and a leading minus.
#[derive(Clone, Copy)]
struct DenseLeaf {
    neg: bool,
    tok: Token,
}

fn nest_dense(texts: &[String], shape: &[i64]) -> String {
    fn go(texts: &[String], shape: &[i64], out: &mut String) {
        if shape.is_empty() {
            out.push_str(&texts[0]);
            return;
        }
        let n = shape[0].max(0) as usize;
        let stride = texts.len().checked_div(n).unwrap_or(0);
        out.push('[');
        for i in 0..n {
            if i > 0 {
                out.push_str(", ");
            }
            go(&texts[i * stride..(i + 1) * stride], &shape[1..], out);
        }
        out.push(']');
    }
    let mut out = String::new();
    go(texts, shape, &mut out);
    out
}

/// Formats an integer of the given width and signedness as MLIR prints it.
pub fn format_int(v: i128, width: u32, signedness: Signedness) -> String {
    if width == 1 && signedness == Signedness::Signless {
        return if v & 1 != 0 { "true" } else { "false" }.to_string();
    }
    match signedness {
        Signedness::Unsigned => crate::util::zext(v, width).to_string(),
        _ => crate::util::sext(v, width).to_string(),
    }
}

fn int_type_keyword(kw: &str) -> Option<TypeData> {
    let (signedness, digits) = if let Some(d) = kw.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = kw.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else if let Some(d) = kw.strip_prefix('i') {
        (Signedness::Signless, d)
    } else {
        return None;
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // A width too large for `u32` is still an integer type (MLIR lexes it as one), which the
    // type parser then rejects as an invalid width.
    let width: u32 = digits.parse().unwrap_or(u32::MAX);
    Some(TypeData::Integer { width, signedness })
}

/// MLIR's `buildAttributeAPInt`: the value of an integer literal (decimal or `0x` hex, with a
/// leading minus if `neg`) as an integer of `width` bits, sign-extended to `i128`, or `None`
/// when it does not fit.
pub fn build_int(spelling: &str, width: u32, signedness: Signedness, neg: bool) -> Option<i128> {
    let magnitude = parse_uint_literal(spelling)?;
    if width < 128 && magnitude >> width != 0 {
        return None;
    }
    if width == 0 {
        return (!neg).then_some(0);
    }
    let sign_bit = 1u128 << (width.min(128) - 1);
    if neg {
        // The negation must have the sign bit set (or be zero).
        if magnitude > sign_bit {
            return None;
        }
        return Some(crate::util::sext((magnitude as i128).wrapping_neg(), width));
    }
    if signedness == Signedness::Signed && magnitude & sign_bit != 0 {
        return None;
    }
    Some(crate::util::sext(magnitude as i128, width))
}

/// Parses a decimal or `0x` hexadecimal literal as an unsigned 128-bit magnitude.
pub fn parse_uint_literal(text: &str) -> Option<u128> {
    match text.strip_prefix("0x") {
        Some(hex) => u128::from_str_radix(hex, 16).ok(),
        None => text.parse::<u128>().ok(),
    }
}

/// Parses a decimal or `0x` hexadecimal integer literal.
pub fn parse_int_literal(text: &str) -> Option<i128> {
    if let Some(hex) = text.strip_prefix("0x") {
        u128::from_str_radix(hex, 16)
            .ok()
            .and_then(|v| i128::try_from(v).ok())
    } else {
        text.parse::<i128>().ok()
    }
}

fn fits_signed(v: i128, width: u32) -> bool {
    if width >= 128 {
        return true;
    }
    if width == 0 {
        return v == 0;
    }
    let min = -(1i128 << (width - 1));
    let max = (1i128 << (width - 1)) - 1;
    (min..=max).contains(&v)
}

fn fits_unsigned(v: i128, width: u32) -> bool {
    if width >= 127 {
        return v >= 0;
    }
    v >= 0 && v < (1i128 << width)
}

/// Escapes a string the way MLIR prints string literals (without quotes).
pub fn escape_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{b:02X}")),
        }
    }
    out
}

/// `lhs + rhs` with MLIR's canonicalisations: constants folded, constant and symbolic terms on
/// the right, zero dropped, `(x + c1) + c2` reassociated.
pub fn affine_add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    affine_combine(AffineBinary::Add, lhs, rhs)
}

/// `lhs * rhs` with MLIR's canonicalisations: constants folded and moved right, one dropped,
/// `(x * c1) * c2` reassociated.
pub fn affine_mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    affine_combine(AffineBinary::Mul, lhs, rhs)
}

/// The two commutative, associative affine operators [`affine_combine`] simplifies.
#[derive(Clone, Copy)]
enum AffineBinary {
    Add,
    Mul,
}

impl AffineBinary {
    fn neutral(self) -> i64 {
        match self {
            AffineBinary::Add => 0,
            AffineBinary::Mul => 1,
        }
    }

    fn fold(self, a: i64, b: i64) -> i64 {
        match self {
            AffineBinary::Add => a.wrapping_add(b),
            AffineBinary::Mul => a.wrapping_mul(b),
        }
    }

    /// The operands of `e` if it is this operator applied to a constant right-hand side.
    fn split_const(self, e: &AffineExpr) -> Option<(&AffineExpr, i64)> {
        match (self, e) {
            (AffineBinary::Add, AffineExpr::Add(x, c))
            | (AffineBinary::Mul, AffineExpr::Mul(x, c)) => match **c {
                AffineExpr::Const(c) => Some((x, c)),
                _ => None,
            },
            _ => None,
        }
    }

    fn build(self, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
        match self {
            AffineBinary::Add => AffineExpr::Add(Box::new(lhs), Box::new(rhs)),
            AffineBinary::Mul => AffineExpr::Mul(Box::new(lhs), Box::new(rhs)),
        }
    }
}

fn affine_combine(op: AffineBinary, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    use AffineExpr::Const;
    match (&lhs, &rhs) {
        (Const(a), Const(b)) => return Const(op.fold(*a, *b)),
        (_, Const(n)) if *n == op.neutral() => return lhs,
        (Const(n), _) if *n == op.neutral() => return rhs,
        _ => {}
    }
    if matches!(lhs, Const(_)) || (is_symbolic(&lhs) && !is_symbolic(&rhs)) {
        return affine_combine(op, rhs, lhs);
    }
    if let (Some((x, c1)), Const(c2)) = (op.split_const(&lhs), &rhs) {
        return affine_combine(op, x.clone(), Const(op.fold(c1, *c2)));
    }
    op.build(lhs, rhs)
}

fn is_symbolic(e: &AffineExpr) -> bool {
    use AffineExpr::*;
    match e {
        Dim(_) => false,
        Symbol(_) | Const(_) => true,
        Add(a, b) | Mul(a, b) | Mod(a, b) | FloorDiv(a, b) | CeilDiv(a, b) => {
            is_symbolic(a) && is_symbolic(b)
        }
    }
}

impl Context {
    /// Whether `v` is a placeholder left by the parser (never in verified IR).
    pub fn is_placeholder(&self, v: Value) -> bool {
        matches!(self.value_def(v), ValueDef::Placeholder)
    }
}
