//! The `arith` dialect: constants, integer and float arithmetic, comparisons, casts, `select`.
//!
//! Every op is pure (no memory effects). The custom syntax, result names and verifier messages
//! follow `mlir-opt-22`. Flag attributes (`overflowFlags`, `fastmath`) are kept as opaque
//! dialect attributes (`#arith.overflow<nsw>`, `#arith.fastmath<nnan,ninf>`) exactly as MLIR
//! prints them in generic form; comparison predicates are `i64` integer attributes.

pub(crate) mod canonicalize;
mod fold_minmax_casts;
mod integer_identities;
mod ops;
mod screen;
pub use ops::{
    AddIOp, AndIOp, CmpIOp, CmpIPredicate, ConstantOp, ExtSIOp, ExtUIOp, IndexCastOp, MaxSIOp,
    MaxUIOp, MinSIOp, MinUIOp, MulIOp, OrIOp, SelectOp, SubIOp, TruncIOp, XOrIOp,
};

use std::borrow::Cow;
use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use crate::asm::lexer::{TokKind, unescape};
use crate::asm::parser::{OpParser, PResult, UnresolvedOperand};
use crate::asm::printer::OpPrinter;
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{add_attr, invalid_property, op_error, type_str};
use crate::entity::{Attr, Op, Type};
use crate::registry::{Count::Exactly, NameHint, OpCounts, OpDef, Registry, Traits};
use crate::types::{DYNAMIC, Signedness, TypeData};

// ----- op tables ------------------------------------------------------------------------------

/// The flag attribute an op carries, and how the custom syntax treats it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FlagAttr {
    /// No flags.
    Nothing,
    /// `overflowFlags`: stored as `none` by the custom parser, printed unless `none`.
    Overflow,
    /// `fastmath`: stored as `none` by the custom parser, printed unless `none`.
    FastMath,
    /// `fastmath`: stored only when written, printed whenever present.
    OptionalFastMath,
}

/// The types an operand or result accepts (an ODS type constraint).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TypeClass {
    /// Signless integer or index, or a vector/tensor of them.
    SignlessIntOrIndex,
    /// Float, or a vector/tensor of floats.
    Float,
    /// `i1`, or a vector/tensor of `i1`.
    Bool,
    /// Signless integer (not index), or a vector/tensor of them.
    FixedWidthInt,
    /// Signless integer or index (-like), or a memref of them.
    IndexCastable,
    /// Signless integer or float (-like), or a memref of them.
    Bitcastable,
}

impl TypeClass {
    /// The constraint's summary, as used in "operand #0 must be ..." messages.
    fn summary(self) -> &'static str {
        match self {
            TypeClass::SignlessIntOrIndex => "signless-integer-like",
            TypeClass::Float => "floating-point-like",
            TypeClass::Bool => "bool-like",
            TypeClass::FixedWidthInt => "signless-fixed-width-integer-like",
            TypeClass::IndexCastable => "signless-integer-like or memref of signless-integer",
            TypeClass::Bitcastable => {
                "signless-integer-or-float-like or memref of signless-integer or float"
            }
        }
    }
}

/// A binary op with the syntax `%a, %b [flags] {attrs} : type`.
struct BinaryOp {
    name: &'static str,
    class: TypeClass,
    commutative: bool,
    flags: FlagAttr,
}

const fn int_op(name: &'static str, commutative: bool, flags: FlagAttr) -> BinaryOp {
    BinaryOp {
        name,
        class: TypeClass::SignlessIntOrIndex,
        commutative,
        flags,
    }
}

const fn float_op(name: &'static str, commutative: bool) -> BinaryOp {
    BinaryOp {
        name,
        class: TypeClass::Float,
        commutative,
        flags: FlagAttr::FastMath,
    }
}

const BINARY_OPS: &[BinaryOp] = &[
    int_op("addi", true, FlagAttr::Overflow),
    int_op("subi", false, FlagAttr::Overflow),
    int_op("muli", true, FlagAttr::Overflow),
    int_op("shli", false, FlagAttr::Overflow),
    int_op("divsi", false, FlagAttr::Nothing),
    int_op("divui", false, FlagAttr::Nothing),
    int_op("ceildivsi", false, FlagAttr::Nothing),
    int_op("ceildivui", false, FlagAttr::Nothing),
    int_op("floordivsi", false, FlagAttr::Nothing),
    int_op("remsi", false, FlagAttr::Nothing),
    int_op("remui", false, FlagAttr::Nothing),
    int_op("andi", true, FlagAttr::Nothing),
    int_op("ori", true, FlagAttr::Nothing),
    int_op("xori", true, FlagAttr::Nothing),
    int_op("shrsi", false, FlagAttr::Nothing),
    int_op("shrui", false, FlagAttr::Nothing),
    int_op("maxsi", true, FlagAttr::Nothing),
    int_op("maxui", true, FlagAttr::Nothing),
    int_op("minsi", true, FlagAttr::Nothing),
    int_op("minui", true, FlagAttr::Nothing),
    float_op("addf", true),
    float_op("subf", false),
    float_op("mulf", true),
    float_op("divf", false),
    float_op("remf", false),
    float_op("maximumf", true),
    float_op("minimumf", true),
    float_op("maxnumf", true),
    float_op("minnumf", true),
];

/// How a cast relates its operand and result element types.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum CastRule {
    /// Same kind, strictly wider result.
    Wider,
    /// Same kind, strictly narrower result.
    Narrower,
    /// Any pair allowed by the type classes.
    Any,
    /// Exactly one side is `index`.
    IndexSwitch,
    /// Same bit width.
    SameWidth,
}

/// A cast with the syntax `%a [flags] {attrs} : from to to`.
struct CastOp {
    name: &'static str,
    from: TypeClass,
    to: TypeClass,
    rule: CastRule,
    flags: FlagAttr,
}

const fn cast(
    name: &'static str,
    from: TypeClass,
    to: TypeClass,
    rule: CastRule,
    flags: FlagAttr,
) -> CastOp {
    CastOp {
        name,
        from,
        to,
        rule,
        flags,
    }
}

const CAST_OPS: &[CastOp] = {
    use CastRule::*;
    use FlagAttr::{Nothing, OptionalFastMath, Overflow};
    use TypeClass::{Bitcastable, FixedWidthInt, Float, IndexCastable};
    &[
        cast("extsi", FixedWidthInt, FixedWidthInt, Wider, Nothing),
        cast("extui", FixedWidthInt, FixedWidthInt, Wider, Nothing),
        cast("trunci", FixedWidthInt, FixedWidthInt, Narrower, Overflow),
        cast("extf", Float, Float, Wider, OptionalFastMath),
        cast("truncf", Float, Float, Narrower, OptionalFastMath),
        cast("sitofp", FixedWidthInt, Float, Any, Nothing),
        cast("uitofp", FixedWidthInt, Float, Any, Nothing),
        cast("fptosi", Float, FixedWidthInt, Any, Nothing),
        cast("fptoui", Float, FixedWidthInt, Any, Nothing),
        cast(
            "index_cast",
            IndexCastable,
            IndexCastable,
            IndexSwitch,
            Nothing,
        ),
        cast(
            "index_castui",
            IndexCastable,
            IndexCastable,
            IndexSwitch,
            Nothing,
        ),
        cast("bitcast", Bitcastable, Bitcastable, SameWidth, Nothing),
    ]
};

/// `arith.cmpi` predicates, by value.
const CMPI_PREDICATES: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

/// `arith.cmpf` predicates, by value.
const CMPF_PREDICATES: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

/// `arith.truncf` rounding modes, by value.
const ROUNDING_MODES: &[&str] = &[
    "to_nearest_even",
    "downward",
    "upward",
    "toward_zero",
    "to_nearest_away",
];

/// The binary op named `full_name`, found by hashing (its parser, printer and verifier ask for
/// every op they see).
fn binary_op(full_name: &str) -> Option<&'static BinaryOp> {
    static BY_NAME: OnceLock<FxHashMap<&'static str, &'static BinaryOp>> = OnceLock::new();
    let short = full_name.strip_prefix("arith.")?;
    let by_name = BY_NAME.get_or_init(|| BINARY_OPS.iter().map(|b| (b.name, b)).collect());
    by_name.get(short).copied()
}

fn cast_op(full_name: &str) -> Option<&'static CastOp> {
    let short = full_name.strip_prefix("arith.")?;
    CAST_OPS.iter().find(|c| c.name == short)
}

fn op_name_of(p: &OpParser<'_, '_>, state: &OpState) -> String {
    op_name_str(p, state).to_string()
}

/// The name of the op being parsed, borrowed (for lookups that need it only briefly).
fn op_name_str<'p>(p: &'p OpParser<'_, '_>, state: &OpState) -> &'p str {
    &p.ctx.registry.def(state.name).name
}

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    let mut constant = OpDef::new("arith.constant");
    constant.counts = Some(OpCounts::new(Exactly(1), Exactly(0)));
    constant.traits = Traits::PURE | Traits::CONSTANT_LIKE;
    constant.inherent_attrs = &["value"];
    constant.parse = Some(parse_constant);
    constant.print = Some(print_constant);
    constant.verify = Some(verify_constant);
    constant.name_hint = Some(constant_name_hint);
    reg.register(constant);

    for b in BINARY_OPS {
        let mut def = OpDef::new(&format!("arith.{}", b.name));
        def.counts = Some(OpCounts::new(Exactly(1), Exactly(2)));
        def.traits = Traits::PURE;
        if b.commutative {
            def.traits = def.traits | Traits::COMMUTATIVE;
        }
        def.inherent_attrs = flag_attr_names(b.flags);
        def.parse = Some(parse_binary);
        def.print = Some(print_binary);
        def.verify = Some(verify_binary);
        reg.register(def);
    }

    let mut negf = OpDef::new("arith.negf");
    negf.counts = Some(OpCounts::new(Exactly(1), Exactly(1)));
    negf.traits = Traits::PURE;
    negf.inherent_attrs = &["fastmath"];
    negf.parse = Some(parse_negf);
    negf.print = Some(print_negf);
    negf.verify = Some(verify_negf);
    reg.register(negf);

    for c in CAST_OPS {
        let mut def = OpDef::new(&format!("arith.{}", c.name));
        def.counts = Some(OpCounts::new(Exactly(1), Exactly(1)));
        def.traits = Traits::PURE;
        def.inherent_attrs = if c.name == "truncf" {
            &["fastmath", "roundingmode"]
        } else {
            flag_attr_names(c.flags)
        };
        def.parse = Some(parse_cast);
        def.print = Some(print_cast);
        def.verify = Some(verify_cast);
        reg.register(def);
    }

    for (name, inherent) in [
        ("arith.cmpi", &["predicate"][..]),
        ("arith.cmpf", &["fastmath", "predicate"][..]),
    ] {
        let mut def = OpDef::new(name);
        def.traits = Traits::PURE;
        def.inherent_attrs = inherent;
        def.counts = Some(OpCounts::new(Exactly(1), Exactly(2)));
        def.parse = Some(parse_cmp);
        def.print = Some(print_cmp);
        def.verify = Some(verify_cmp);
        reg.register(def);
    }

    let mut select = OpDef::new("arith.select");
    select.counts = Some(OpCounts::new(Exactly(1), Exactly(3)));
    select.traits = Traits::PURE;
    select.parse = Some(parse_select);
    select.print = Some(print_select);
    select.verify = Some(verify_select);
    reg.register(select);

    for name in [
        "arith.mulsi_extended",
        "arith.mului_extended",
        "arith.addui_extended",
    ] {
        let mut def = OpDef::new(name);
        def.traits = Traits::PURE | Traits::COMMUTATIVE;
        def.counts = Some(OpCounts::new(Exactly(2), Exactly(2)));
        def.parse = Some(parse_extended);
        def.print = Some(print_extended);
        def.verify = Some(verify_extended);
        def.name_hint = Some(extended_name_hint);
        reg.register(def);
    }
}

fn flag_attr_names(flags: FlagAttr) -> &'static [&'static str] {
    match flags {
        FlagAttr::Nothing => &[],
        FlagAttr::Overflow => &["overflowFlags"],
        FlagAttr::FastMath | FlagAttr::OptionalFastMath => &["fastmath"],
    }
}

// ----- flag attributes ------------------------------------------------------------------------

/// The spelling and storage of one flag enum (`overflow<...>` or `fastmath<...>`).
struct FlagSpec {
    /// The attribute name on the op.
    attr: &'static str,
    /// The keyword in custom syntax.
    keyword: &'static str,
    /// The dialect attribute mnemonic (opaque attribute text before `<`).
    mnemonic: &'static str,
    /// The C++ enum name, for parse errors.
    enum_name: &'static str,
    /// The ODS attribute name, for parse errors.
    attr_def: &'static str,
    /// Individual flags, in printing order.
    bits: &'static [(&'static str, u32)],
    /// A name for all bits together (`fast`).
    all: Option<(&'static str, u32)>,
    /// Separator between printed flags.
    separator: &'static str,
}

const OVERFLOW: FlagSpec = FlagSpec {
    attr: "overflowFlags",
    keyword: "overflow",
    mnemonic: "arith.overflow",
    enum_name: "::mlir::arith::IntegerOverflowFlags",
    attr_def: "Arith_IntegerOverflowAttr",
    bits: &[("nsw", 1), ("nuw", 2)],
    all: None,
    separator: ", ",
};

const FASTMATH: FlagSpec = FlagSpec {
    attr: "fastmath",
    keyword: "fastmath",
    mnemonic: "arith.fastmath",
    enum_name: "::mlir::arith::FastMathFlags",
    attr_def: "Arith_FastMathAttr",
    bits: &[
        ("reassoc", 1),
        ("nnan", 2),
        ("ninf", 4),
        ("nsz", 8),
        ("arcp", 16),
        ("contract", 32),
        ("afn", 64),
    ],
    all: Some(("fast", 127)),
    separator: ",",
};

fn flag_spec(flags: FlagAttr) -> Option<&'static FlagSpec> {
    match flags {
        FlagAttr::Nothing => None,
        FlagAttr::Overflow => Some(&OVERFLOW),
        FlagAttr::FastMath | FlagAttr::OptionalFastMath => Some(&FASTMATH),
    }
}

impl FlagSpec {
    /// The value of one flag keyword.
    fn symbolize(&self, word: &str) -> Option<u32> {
        if word == "none" {
            return Some(0);
        }
        if let Some((name, bits)) = self.all
            && word == name
        {
            return Some(bits);
        }
        self.bits.iter().find(|(n, _)| *n == word).map(|&(_, b)| b)
    }

    /// The canonical text of a flag set (`none`, `nsw, nuw`, `fast`, `nnan,ninf`).
    fn stringify(&self, mut value: u32) -> String {
        if value == 0 {
            return "none".to_string();
        }
        let mut parts: Vec<&str> = Vec::new();
        if let Some((name, bits)) = self.all
            && value & bits == bits
        {
            parts.push(name);
            value &= !bits;
        }
        for &(name, bit) in self.bits {
            if value & bit != 0 {
                parts.push(name);
            }
        }
        parts.join(self.separator)
    }

    /// The opaque attribute holding a flag set.
    fn make_attr(&self, ctx: &mut Context, value: u32) -> Attr {
        let text = format!("{}<{}>", self.mnemonic, self.stringify(value));
        ctx.attr(AttrData::Opaque(text))
    }

    /// The flag set of an attribute, if it is this kind of flag attribute.
    fn decode(&self, ctx: &Context, attr: Attr) -> Option<u32> {
        let AttrData::Opaque(text) = ctx.attr_data(attr) else {
            return None;
        };
        let body = text
            .strip_prefix(self.mnemonic)?
            .trim_start()
            .strip_prefix('<')?
            .strip_suffix('>')?;
        // The common case (every op printed without flags carries `<none>`), without splitting.
        if body == "none" {
            return Some(0);
        }
        body.split(',')
            .map(|w| self.symbolize(w.trim()))
            .try_fold(0, |acc, v| v.map(|v| acc | v))
    }

    /// The flag set on `op`: `Some(0)` when absent, `None` when malformed.
    fn on_op(&self, ctx: &Context, op: Op) -> Option<u32> {
        match ctx.get_attr(op, self.attr) {
            Some(a) => self.decode(ctx, a),
            None => Some(0),
        }
    }

    /// Parses `<flag, flag>` after the keyword.
    fn parse_body(&self, p: &mut OpParser<'_, '_>, op_name: &str) -> PResult<u32> {
        p.expect(TokKind::Less, "<")?;
        let mut value = 0;
        loop {
            let pos = p.cur_pos();
            let word = p.parse_optional_keyword().unwrap_or("");
            match self.symbolize(word) {
                Some(v) => value |= v,
                None => {
                    let names: Vec<&str> = std::iter::once("none")
                        .chain(self.bits.iter().map(|(n, _)| *n))
                        .chain(self.all.map(|(n, _)| n))
                        .collect();
                    let first = format!(
                        "custom op '{op_name}' expected {} to be one of: {}",
                        self.enum_name,
                        names.join(", ")
                    );
                    let second = format!(
                        "custom op '{op_name}' failed to parse {} parameter 'value' which is to be a `{}`",
                        self.attr_def, self.enum_name
                    );
                    return Err(two_errors(p, pos, first, second));
                }
            }
            if !p.eat(TokKind::Comma) {
                break;
            }
        }
        p.expect(TokKind::Greater, ">")?;
        Ok(value)
    }
}

/// An error at `pos` followed by a second error at the current token (MLIR reports both).
fn two_errors(p: &mut OpParser<'_, '_>, pos: usize, first: String, second: String) -> Diagnostic {
    let mut d = p.error_at::<()>(pos, first).err().unwrap_or_else(|| {
        let loc = p.cur_loc();
        Diagnostic::error(loc, String::new())
    });
    if let Err(e) = p.error::<()>(second) {
        d.notes.push(e);
    }
    d
}

/// Parses the optional flag clause of an op and stores it (or its default) in `state`.
fn parse_flags(p: &mut OpParser<'_, '_>, state: &mut OpState, flags: FlagAttr) -> PResult<()> {
    let Some(spec) = flag_spec(flags) else {
        return Ok(());
    };
    let value = if p.eat_keyword(spec.keyword) {
        let op_name = op_name_of(p, state);
        Some(spec.parse_body(p, &op_name)?)
    } else if flags == FlagAttr::OptionalFastMath {
        None
    } else {
        Some(0)
    };
    if let Some(value) = value {
        let a = p.memoized_attr((spec.mnemonic, u64::from(value)), |ctx| {
            spec.make_attr(ctx, value)
        });
        add_attr(p, state, spec.attr, a);
    }
    Ok(())
}

/// Prints ` overflow<...>` / ` fastmath<...>` when the op's flags call for it.
fn print_flags(p: &mut OpPrinter<'_>, op: Op, flags: FlagAttr) {
    let Some(spec) = flag_spec(flags) else {
        return;
    };
    let attr = p.ctx.get_attr(op, spec.attr);
    let value = attr.and_then(|a| spec.decode(p.ctx, a)).unwrap_or(0);
    let print = match flags {
        FlagAttr::OptionalFastMath => attr.is_some(),
        _ => value != 0,
    };
    if print {
        let text = format!(" {}<{}>", spec.keyword, spec.stringify(value));
        p.write(&text);
    }
}

/// Checks that the op's flag attribute (if any) is well formed.
fn verify_flags(ctx: &Context, op: Op, flags: FlagAttr, diags: &mut Vec<Diagnostic>) -> bool {
    let Some(spec) = flag_spec(flags) else {
        return true;
    };
    if spec.on_op(ctx, op).is_some() {
        return true;
    }
    invalid_property(ctx, op, spec.attr, diags);
    false
}

// ----- type helpers ---------------------------------------------------------------------------

/// The element type of a vector or tensor, or the type itself for scalars; `None` otherwise.
fn like_element(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_data(ty) {
        TypeData::Vector { elem, .. }
        | TypeData::Tensor { elem, .. }
        | TypeData::UnrankedTensor { elem } => Some(*elem),
        d if d.is_scalar() => Some(ty),
        _ => None,
    }
}

/// The element type of a memref (ranked or unranked).
fn memref_element(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_data(ty) {
        TypeData::MemRef { elem, .. } | TypeData::UnrankedMemRef { elem, .. } => Some(*elem),
        _ => None,
    }
}

fn is_index(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Index)
}

fn is_float(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Float(_))
}

fn is_i1(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_data(ty),
        TypeData::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    )
}

/// The bit width of an integer or float type.
fn bit_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Float(k) => Some(k.width()),
        _ => None,
    }
}

/// Whether `ty` satisfies a type constraint. Asked of every operand and result of the arith
/// ops the verifier sees: the type's data, and its element's, are read once.
fn accepts(ctx: &Context, class: TypeClass, ty: Type) -> bool {
    let data = ctx.type_data(ty);
    let elem = match data {
        TypeData::Vector { elem, .. }
        | TypeData::Tensor { elem, .. }
        | TypeData::UnrankedTensor { elem } => Some(ctx.type_data(*elem)),
        d if d.is_scalar() => Some(d),
        _ => None,
    };
    let memref_elem = || match data {
        TypeData::MemRef { elem, .. } | TypeData::UnrankedMemRef { elem, .. } => {
            Some(ctx.type_data(*elem))
        }
        _ => None,
    };
    let signless_int = |e: &TypeData| {
        matches!(
            e,
            TypeData::Integer {
                signedness: Signedness::Signless,
                ..
            }
        )
    };
    let index = |e: &TypeData| matches!(e, TypeData::Index);
    let float = |e: &TypeData| matches!(e, TypeData::Float(_));
    match class {
        TypeClass::SignlessIntOrIndex => elem.is_some_and(|e| signless_int(e) || index(e)),
        TypeClass::Float => elem.is_some_and(float),
        TypeClass::Bool => elem.is_some_and(|e| {
            matches!(
                e,
                TypeData::Integer {
                    width: 1,
                    signedness: Signedness::Signless
                }
            )
        }),
        TypeClass::FixedWidthInt => elem.is_some_and(signless_int),
        TypeClass::IndexCastable => {
            let ok = |e: &TypeData| signless_int(e) || index(e);
            elem.is_some_and(ok) || memref_elem().is_some_and(ok)
        }
        TypeClass::Bitcastable => {
            let ok = |e: &TypeData| signless_int(e) || float(e);
            elem.is_some_and(ok) || memref_elem().is_some_and(ok)
        }
    }
}

/// Reports "operand #i must be ..." / "result #i must be ..." unless `ty` fits `class`.
fn check_class(
    ctx: &Context,
    op: Op,
    what: &str,
    ty: Type,
    class: TypeClass,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    if accepts(ctx, class, ty) {
        return true;
    }
    op_error(
        ctx,
        op,
        diags,
        format!(
            "{what} must be {}, but got '{}'",
            class.summary(),
            type_str(ctx, ty)
        ),
    );
    false
}

/// The shape part of a type, for elementwise shape comparison (borrowed from the interned
/// type: verifiers compare shapes of every elementwise op they see).
#[derive(PartialEq, Eq)]
enum ShapeKey<'a> {
    Scalar,
    Vector(&'a [i64], &'a [bool]),
    Tensor(&'a [i64]),
    UnrankedTensor,
    MemRef(&'a [i64]),
    UnrankedMemRef,
    Other,
}

fn shape_key(ctx: &Context, ty: Type) -> ShapeKey<'_> {
    match ctx.type_data(ty) {
        TypeData::Vector {
            shape, scalable, ..
        } => ShapeKey::Vector(shape, scalable),
        TypeData::Tensor { shape, .. } => ShapeKey::Tensor(shape),
        TypeData::UnrankedTensor { .. } => ShapeKey::UnrankedTensor,
        TypeData::MemRef { shape, .. } => ShapeKey::MemRef(shape),
        TypeData::UnrankedMemRef { .. } => ShapeKey::UnrankedMemRef,
        d if d.is_scalar() => ShapeKey::Scalar,
        _ => ShapeKey::Other,
    }
}

/// `ty` with its element type replaced by `i1` (scalars become `i1`).
fn i1_same_shape(ctx: &mut Context, ty: Type) -> Type {
    let i1 = ctx.i1_type();
    match ctx.type_data(ty).clone() {
        TypeData::Vector {
            shape, scalable, ..
        } => ctx.ty(TypeData::Vector {
            shape,
            scalable,
            elem: i1,
        }),
        TypeData::Tensor {
            shape, encoding, ..
        } => ctx.ty(TypeData::Tensor {
            shape,
            elem: i1,
            encoding,
        }),
        TypeData::UnrankedTensor { .. } => ctx.ty(TypeData::UnrankedTensor { elem: i1 }),
        _ => i1,
    }
}

/// Whether a type is a vector or tensor (a "shaped" condition for `select`).
fn is_shaped(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_data(ty),
        TypeData::Vector { .. }
            | TypeData::Tensor { .. }
            | TypeData::UnrankedTensor { .. }
            | TypeData::MemRef { .. }
            | TypeData::UnrankedMemRef { .. }
    )
}

// ----- structural checks ----------------------------------------------------------------------

fn operand_type(ctx: &Context, op: Op, i: usize) -> Type {
    ctx.value_type(ctx.operand(op, i))
}

fn result_type(ctx: &Context, op: Op, i: usize) -> Type {
    ctx.value_type(ctx.result(op, i))
}

/// The dimensions of a shaped type: `None` for non-shaped types, `Some(None)` when unranked.
fn dims(ctx: &Context, ty: Type) -> Option<Option<Vec<i64>>> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, .. }
        | TypeData::Tensor { shape, .. }
        | TypeData::MemRef { shape, .. } => Some(Some(shape.clone())),
        TypeData::UnrankedTensor { .. } | TypeData::UnrankedMemRef { .. } => Some(None),
        _ => None,
    }
}

/// MLIR's `verifyCompatibleShape`: equal ranks with equal or dynamic dimensions.
fn shapes_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (dims(ctx, a), dims(ctx, b)) {
        (None, None) => true,
        (Some(None), Some(_)) | (Some(_), Some(None)) => true,
        (Some(Some(x)), Some(Some(y))) => {
            x.len() == y.len()
                && x.iter()
                    .zip(&y)
                    .all(|(&p, &q)| p == q || p == DYNAMIC || q == DYNAMIC)
        }
        _ => false,
    }
}

/// The element type of a shaped type, or the type itself.
fn element_or_self(ctx: &Context, ty: Type) -> Type {
    like_element(ctx, ty)
        .or_else(|| memref_element(ctx, ty))
        .unwrap_or(ty)
}

/// The `SameOperandsAndResultType` trait plus the result-type inference of the op: all types
/// agree up to dynamic dimensions, and the result type is exactly the first operand's type.
fn check_same_types(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let Some(&result) = ctx.results(op).first() else {
        return true;
    };
    let result = ctx.value_type(result);
    // The common case, decided without looking into the types: all of them are the same.
    let mut all_types = ctx
        .operands(op)
        .chain(ctx.results(op).iter().copied())
        .map(|v| ctx.value_type(v));
    if all_types.all(|ty| ty == result) {
        return true;
    }
    let elem = element_or_self(ctx, result);
    let others = ctx
        .operands(op)
        .chain(ctx.results(op).iter().copied())
        .map(|v| ctx.value_type(v));
    for ty in others {
        if element_or_self(ctx, ty) != elem || !shapes_compatible(ctx, ty, result) {
            op_error(
                ctx,
                op,
                diags,
                "requires the same type for all operands and results",
            );
            return false;
        }
    }
    let Some(first) = ctx.operands(op).next() else {
        return true;
    };
    let inferred = ctx.value_type(first);
    if inferred == result {
        return true;
    }
    op_error(
        ctx,
        op,
        diags,
        format!(
            "inferred type(s) '{}' are incompatible with return type(s) of operation '{}'",
            type_str(ctx, inferred),
            type_str(ctx, result)
        ),
    );
    op_error(ctx, op, diags, "failed to infer returned types");
    false
}

// ----- shared syntax pieces -------------------------------------------------------------------

/// Parses `%a, %b`.
fn parse_two_operands(p: &mut OpParser<'_, '_>) -> PResult<[UnresolvedOperand; 2]> {
    let lhs = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let rhs = p.parse_operand()?;
    Ok([lhs, rhs])
}

/// Prints ` %a, %b, ...` with all operands.
fn print_all_operands(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operand_values(ctx.operands(op));
}

/// Prints ` : type` with the type of result 0 (or nothing if the op has no result).
fn print_result_type(p: &mut OpPrinter<'_>, op: Op) {
    if let Some(&r) = p.ctx.results(op).first() {
        p.write(" : ");
        p.print_type(p.ctx.value_type(r));
    }
}

// ----- arith.constant -------------------------------------------------------------------------

/// The type of a typed attribute (`None` for attributes without a type).
fn typed_attr_type(ctx: &mut Context, attr: Attr) -> Option<Type> {
    match ctx.attr_data(attr).clone() {
        AttrData::Integer { ty, .. }
        | AttrData::Float { ty, .. }
        | AttrData::DenseElements { ty, .. } => Some(ty),
        AttrData::Bool(_) => Some(ctx.i1_type()),
        AttrData::String(_) => Some(ctx.ty(TypeData::None)),
        _ => None,
    }
}

fn parse_constant(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let pos = p.cur_pos();
    let mut value = p.parse_attribute()?;
    let Some(ty) = typed_attr_type(p.ctx, value) else {
        let name = op_name_of(p, state);
        return p.error_at(
            pos,
            format!("custom op '{name}' invalid kind of attribute specified"),
        );
    };
    if let AttrData::Bool(b) = *p.ctx.attr_data(value) {
        value = p.ctx.int_attr(i128::from(b), ty);
    }
    add_attr(p, state, "value", value);
    state.result_types.push(ty);
    Ok(())
}

fn print_constant(p: &mut OpPrinter<'_>, op: Op) {
    p.print_optional_attr_dict(op, &["value"]);
    if let Some(v) = p.ctx.get_attr(op, "value") {
        p.write(" ");
        p.print_attr(v);
    }
}

/// The type a constant's value attribute carries, without interning new types.
fn constant_value_type(ctx: &Context, attr: Attr) -> Option<Type> {
    match ctx.attr_data(attr) {
        AttrData::Integer { ty, .. }
        | AttrData::Float { ty, .. }
        | AttrData::DenseElements { ty, .. } => Some(*ty),
        _ => None,
    }
}

fn verify_constant(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(value) = ctx.get_attr(op, "value") else {
        op_error(ctx, op, diags, "requires attribute 'value'");
        return;
    };
    let result = result_type(ctx, op, 0);
    let value_matches = match ctx.attr_data(value) {
        AttrData::Bool(_) => is_i1(ctx, result),
        AttrData::String(_) => matches!(ctx.type_data(result), TypeData::None),
        AttrData::Opaque(_) => true,
        _ => constant_value_type(ctx, value) == Some(result),
    };
    if !value_matches {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that all of {value, result} have same type",
        );
        return;
    }
    if let TypeData::Integer { signedness, .. } = ctx.type_data(result)
        && *signedness != Signedness::Signless
    {
        op_error(ctx, op, diags, "integer return type must be signless");
        return;
    }
    let numeric = matches!(
        ctx.attr_data(value),
        AttrData::Integer { .. }
            | AttrData::Float { .. }
            | AttrData::DenseElements { .. }
            | AttrData::Bool(_)
    );
    if !numeric {
        op_error(
            ctx,
            op,
            diags,
            "value must be an integer, float, or elements attribute",
        );
    }
}

/// `%c0`, `%c42_i32`, `%true`, `%false`, `%cst`, as MLIR names constants.
fn constant_name_hint(ctx: &Context, op: Op, names: &mut Vec<NameHint>) {
    let Some(value) = ctx.get_attr(op, "value") else {
        names.push("cst".into());
        return;
    };
    let name = match ctx.attr_data(value) {
        AttrData::Bool(b) => NameHint::Borrowed(if *b { "true" } else { "false" }),
        AttrData::Integer { value, ty } => match ctx.type_data(*ty) {
            TypeData::Integer { width: 1, .. } => {
                NameHint::Borrowed(if *value != 0 { "true" } else { "false" })
            }
            TypeData::Integer { width, .. } => {
                let value = crate::util::sext(*value, *width);
                NameHint::Owned(format!("c{value}_{}", type_str(ctx, *ty)))
            }
            _ => NameHint::Owned(format!("c{value}")),
        },
        _ => NameHint::Borrowed("cst"),
    };
    names.push(name);
}

// ----- binary ops -----------------------------------------------------------------------------

fn parse_binary(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let flags = binary_op(op_name_str(p, state)).map_or(FlagAttr::Nothing, |b| b.flags);
    let operands = parse_two_operands(p)?;
    parse_flags(p, state, flags)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let ty = p.parse_colon_type()?;
    p.resolve_operands_into(&operands, ty, &mut state.operands)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_binary(p: &mut OpPrinter<'_>, op: Op) {
    print_all_operands(p, op);
    // Flags and other attributes only print from attributes: most ops have none, and then
    // which binary op this is (a lookup by name) does not matter.
    if !p.ctx.attrs(op).is_empty() {
        let flags = binary_op(p.ctx.op_name_str(op)).map_or(FlagAttr::Nothing, |b| b.flags);
        print_flags(p, op, flags);
        p.print_optional_attr_dict(op, flag_attr_names(flags));
    }
    print_result_type(p, op);
}

fn verify_binary(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    // The common case, decided without looking the op up by name: no attribute (so no flags
    // to check, whatever the op's kind) and one type throughout, whose class is checked once
    // (operand #0 is the first the full check would report).
    if ctx.attrs(op).is_empty()
        && let Some(ty) = one_binary_type(ctx, op)
    {
        let class = binary_class(ctx.op_name_str(op));
        check_class(ctx, op, "operand #0", ty, class, diags);
        return;
    }
    let Some(info) = binary_op(ctx.op_name_str(op)) else {
        return;
    };
    if !verify_flags(ctx, op, info.flags, diags) {
        return;
    }
    let (lhs, rhs, res) = (
        operand_type(ctx, op, 0),
        operand_type(ctx, op, 1),
        result_type(ctx, op, 0),
    );
    // The common case: one type throughout, whose class is then checked once (operand #0 is
    // the first the full check would report).
    if lhs == rhs && rhs == res && ctx.num_operands(op) == 2 && ctx.results(op).len() == 1 {
        check_class(ctx, op, "operand #0", lhs, info.class, diags);
        return;
    }
    let ok = check_class(
        ctx,
        op,
        "operand #0",
        operand_type(ctx, op, 0),
        info.class,
        diags,
    ) && check_class(
        ctx,
        op,
        "operand #1",
        operand_type(ctx, op, 1),
        info.class,
        diags,
    ) && check_class(
        ctx,
        op,
        "result #0",
        result_type(ctx, op, 0),
        info.class,
        diags,
    );
    if ok {
        check_same_types(ctx, op, diags);
    }
}

/// Whether `full_name` names one of [`BINARY_OPS`], whose verifier ([`verify_binary`]) reads
/// nothing but the op's signature: the verifier remembers its passes by signature
/// (`verify/signature.rs`).
pub(crate) fn is_binary_op(full_name: &str) -> bool {
    binary_op(full_name).is_some()
}

/// The type of both operands and the result of a binary op with two operands and one result,
/// if they share it.
fn one_binary_type(ctx: &Context, op: Op) -> Option<Type> {
    if ctx.num_operands(op) != 2 || ctx.results(op).len() != 1 {
        return None;
    }
    let (lhs, rhs, res) = (
        operand_type(ctx, op, 0),
        operand_type(ctx, op, 1),
        result_type(ctx, op, 0),
    );
    (lhs == rhs && rhs == res).then_some(lhs)
}

/// The type class of the binary op named `full_name` (one of [`BINARY_OPS`]): the float ops
/// are exactly those whose name ends in `f` (a test checks every entry), so the class is read
/// off the name instead of looking the op up.
fn binary_class(full_name: &str) -> TypeClass {
    if full_name.ends_with('f') {
        TypeClass::Float
    } else {
        TypeClass::SignlessIntOrIndex
    }
}

// ----- arith.negf -----------------------------------------------------------------------------

fn parse_negf(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let operand = p.parse_operand()?;
    parse_flags(p, state, FlagAttr::FastMath)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let ty = p.parse_colon_type()?;
    state.operands = vec![p.resolve_operand(&operand, ty)?];
    state.result_types.push(ty);
    Ok(())
}

fn print_negf(p: &mut OpPrinter<'_>, op: Op) {
    print_all_operands(p, op);
    print_flags(p, op, FlagAttr::FastMath);
    p.print_optional_attr_dict(op, &["fastmath"]);
    print_result_type(p, op);
}

fn verify_negf(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !verify_flags(ctx, op, FlagAttr::FastMath, diags) {
        return;
    }
    let class = TypeClass::Float;
    let ok = check_class(
        ctx,
        op,
        "operand #0",
        operand_type(ctx, op, 0),
        class,
        diags,
    ) && check_class(ctx, op, "result #0", result_type(ctx, op, 0), class, diags);
    if ok {
        check_same_types(ctx, op, diags);
    }
}

// ----- casts ----------------------------------------------------------------------------------

fn parse_cast(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let name = op_name_str(p, state);
    let flags = cast_op(name).map_or(FlagAttr::Nothing, |c| c.flags);
    let is_truncf = name == "arith.truncf";
    let operand = p.parse_operand()?;
    if is_truncf {
        parse_rounding_mode(p, state)?;
    }
    parse_flags(p, state, flags)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let from = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let to = p.parse_type()?;
    state.operands = vec![p.resolve_operand(&operand, from)?];
    state.result_types.push(to);
    Ok(())
}

/// Parses the optional rounding-mode keyword of `arith.truncf`.
fn parse_rounding_mode(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let Some(mode) = ROUNDING_MODES.iter().position(|m| p.at_keyword(m)) else {
        return Ok(());
    };
    p.parse_optional_keyword();
    let i32_type = p.ctx.int_type(32);
    let attr = p.ctx.int_attr(mode as i128, i32_type);
    add_attr(p, state, "roundingmode", attr);
    Ok(())
}

fn print_cast(p: &mut OpPrinter<'_>, op: Op) {
    let flags = cast_op(p.ctx.op_name_str(op)).map_or(FlagAttr::Nothing, |c| c.flags);
    print_all_operands(p, op);
    if let Some(mode) = rounding_mode(p.ctx, op) {
        p.write(" ");
        p.write(mode);
    }
    print_flags(p, op, flags);
    p.print_optional_attr_dict(op, &["overflowFlags", "fastmath", "roundingmode"]);
    if let (Some(&from), Some(&to)) = (p.ctx.operand_array(op).first(), p.ctx.results(op).first()) {
        p.write(" : ");
        p.print_type(p.ctx.value_type(from));
        p.write(" to ");
        p.print_type(p.ctx.value_type(to));
    }
}

/// The rounding-mode keyword of an `arith.truncf`, if set.
fn rounding_mode(ctx: &Context, op: Op) -> Option<&'static str> {
    match ctx.attr_data(ctx.get_attr(op, "roundingmode")?) {
        AttrData::Integer { value, .. } => usize::try_from(*value)
            .ok()
            .and_then(|i| ROUNDING_MODES.get(i).copied()),
        _ => None,
    }
}

fn verify_cast(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(info) = cast_op(ctx.op_name_str(op)) else {
        return;
    };
    if !verify_flags(ctx, op, info.flags, diags) {
        return;
    }
    if ctx.get_attr(op, "roundingmode").is_some() && rounding_mode(ctx, op).is_none() {
        invalid_property(ctx, op, "roundingmode", diags);
        return;
    }
    let (from, to) = (operand_type(ctx, op, 0), result_type(ctx, op, 0));
    if !check_class(ctx, op, "operand #0", from, info.from, diags)
        || !check_class(ctx, op, "result #0", to, info.to, diags)
    {
        return;
    }
    if shape_key(ctx, from) != shape_key(ctx, to) {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that input and output have the same tensor dimensions",
        );
        return;
    }
    if !cast_compatible(ctx, info.rule, from, to) {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "operand type '{}' and result type '{}' are cast incompatible",
                type_str(ctx, from),
                type_str(ctx, to)
            ),
        );
    }
}

/// Whether the element types of a cast satisfy its rule (shapes already match).
fn cast_compatible(ctx: &Context, rule: CastRule, from: Type, to: Type) -> bool {
    let elem = |t: Type| like_element(ctx, t).or_else(|| memref_element(ctx, t));
    let (Some(a), Some(b)) = (elem(from), elem(to)) else {
        return false;
    };
    let same_kind = is_float(ctx, a) == is_float(ctx, b);
    match rule {
        CastRule::Wider => same_kind && bit_width(ctx, b) > bit_width(ctx, a),
        CastRule::Narrower => same_kind && bit_width(ctx, b) < bit_width(ctx, a),
        CastRule::Any => true,
        CastRule::IndexSwitch => is_index(ctx, a) != is_index(ctx, b),
        CastRule::SameWidth => {
            bit_width(ctx, a).is_some() && bit_width(ctx, a) == bit_width(ctx, b)
        }
    }
}

// ----- arith.cmpi / arith.cmpf ----------------------------------------------------------------

/// The predicate names and operand class of a comparison op.
fn cmp_info(name: &str) -> (&'static [&'static str], TypeClass, FlagAttr) {
    if name == "arith.cmpf" {
        (CMPF_PREDICATES, TypeClass::Float, FlagAttr::FastMath)
    } else {
        (
            CMPI_PREDICATES,
            TypeClass::SignlessIntOrIndex,
            FlagAttr::Nothing,
        )
    }
}

fn parse_cmp(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let (predicates, _, flags) = cmp_info(op_name_str(p, state));
    let pos = p.cur_pos();
    let word = match p.tok_kind() {
        TokKind::BareId => p.parse_optional_keyword().map(Cow::Borrowed),
        TokKind::String => {
            let text = p.tok_text();
            let s = unescape(&text[1..text.len() - 1]);
            p.eat(TokKind::String);
            s.map(Cow::Owned)
        }
        _ => None,
    };
    let Some(index) = word.and_then(|w| predicates.iter().position(|&n| n == w)) else {
        let name = op_name_of(p, state);
        let msg = format!(
            "custom op '{name}' expected string or keyword containing one of the following enum values for attribute 'predicate' [{}]",
            predicates.join(", ")
        );
        return p.error_at(pos, msg);
    };
    let predicate = p.memoized_attr(("arith.cmp predicate", index as u64), |ctx| {
        let i64_type = ctx.int_type(64);
        ctx.int_attr(index as i128, i64_type)
    });
    add_attr(p, state, "predicate", predicate);
    p.expect(TokKind::Comma, ",")?;
    let operands = parse_two_operands(p)?;
    parse_flags(p, state, flags)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let ty = p.parse_colon_type()?;
    p.resolve_operands_into(&operands, ty, &mut state.operands)?;
    let result = i1_same_shape(p.ctx, ty);
    state.result_types.push(result);
    Ok(())
}

/// The predicate name of a comparison, if the attribute is valid.
fn predicate_name(ctx: &Context, op: Op) -> Option<&'static str> {
    predicate_name_of(ctx, op, ctx.get_attr(op, "predicate")?)
}

/// The name of the predicate `attr` of the comparison `op` (`None` if malformed).
fn predicate_name_of(ctx: &Context, op: Op, attr: Attr) -> Option<&'static str> {
    let (predicates, _, _) = cmp_info(ctx.op_name_str(op));
    match ctx.attr_data(attr) {
        AttrData::Integer { value, ty } if bit_width(ctx, *ty) == Some(64) => {
            usize::try_from(*value)
                .ok()
                .and_then(|i| predicates.get(i).copied())
        }
        _ => None,
    }
}

fn print_cmp(p: &mut OpPrinter<'_>, op: Op) {
    let (_, _, flags) = cmp_info(p.ctx.op_name_str(op));
    p.write(" ");
    p.write(predicate_name(p.ctx, op).unwrap_or("eq"));
    p.write(",");
    print_all_operands(p, op);
    print_flags(p, op, flags);
    p.print_optional_attr_dict(op, &["predicate", "fastmath"]);
    if let Some(&lhs) = p.ctx.operand_array(op).first() {
        p.write(" : ");
        p.print_type(p.ctx.value_type(lhs));
    }
}

/// Reads nothing but the op's signature (name, operand and result types, attributes): the
/// verifier remembers its passes by signature (`verify/signature.rs` lists this op).
fn verify_cmp(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let (_, class, flags) = cmp_info(ctx.op_name_str(op));
    if !verify_flags(ctx, op, flags, diags) {
        return;
    }
    let Some(predicate) = ctx.get_attr(op, "predicate") else {
        op_error(ctx, op, diags, "requires attribute 'predicate'");
        return;
    };
    if predicate_name_of(ctx, op, predicate).is_none() {
        invalid_property(ctx, op, "predicate", diags);
        return;
    }
    let (lhs, rhs, res) = (
        operand_type(ctx, op, 0),
        operand_type(ctx, op, 1),
        result_type(ctx, op, 0),
    );
    // Operand #1 of the type of operand #0 (the common case) has its class.
    let ok = check_class(ctx, op, "operand #0", lhs, class, diags)
        && (rhs == lhs || check_class(ctx, op, "operand #1", rhs, class, diags))
        && check_class(ctx, op, "result #0", res, TypeClass::Bool, diags);
    if !ok {
        return;
    }
    if lhs != rhs {
        op_error(
            ctx,
            op,
            diags,
            "requires all operands to have the same type",
        );
        return;
    }
    if shape_key(ctx, lhs) != shape_key(ctx, res) {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that result type has i1 element type and same shape as operands",
        );
    }
}

// ----- arith.select ---------------------------------------------------------------------------

fn parse_select(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let pos = p.cur_pos();
    let operands = p.parse_operand_list()?;
    if operands.len() != 3 {
        let name = op_name_of(p, state);
        return p.error_at(pos, format!("custom op '{name}' expected 3 operands"));
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let mut result = p.parse_colon_type()?;
    let condition = if p.eat(TokKind::Comma) {
        let c = result;
        result = p.parse_type()?;
        c
    } else {
        p.ctx.i1_type()
    };
    state.operands = p.resolve_operands(&operands, &[condition, result, result], pos)?;
    state.result_types.push(result);
    Ok(())
}

fn print_select(p: &mut OpPrinter<'_>, op: Op) {
    print_all_operands(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    if let Some(c) = p.ctx.operands(op).next() {
        let cond = p.ctx.value_type(c);
        if is_shaped(p.ctx, cond) {
            p.print_type(cond);
            p.write(", ");
        }
    }
    if let Some(&r) = p.ctx.results(op).first() {
        p.print_type(p.ctx.value_type(r));
    }
}

/// Reads nothing but the op's signature (name, operand and result types, attributes): the
/// verifier remembers its passes by signature (`verify/signature.rs` lists this op).
fn verify_select(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let cond = operand_type(ctx, op, 0);
    if !check_class(ctx, op, "operand #0", cond, TypeClass::Bool, diags) {
        return;
    }
    let result = result_type(ctx, op, 0);
    if operand_type(ctx, op, 1) != result || operand_type(ctx, op, 2) != result {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that all of {true_value, false_value, result} have same type",
        );
        return;
    }
    if !is_i1(ctx, cond) && shape_key(ctx, cond) != shape_key(ctx, result) {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that condition is signless i1 or has matching shape",
        );
    }
}

// ----- extended arithmetic --------------------------------------------------------------------

fn parse_extended(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let name = op_name_of(p, state);
    let operands = parse_two_operands(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let ty = p.parse_colon_type()?;
    let second = if name == "arith.addui_extended" {
        p.expect(TokKind::Comma, ",")?;
        p.parse_type()?
    } else {
        ty
    };
    p.resolve_operands_into(&operands, ty, &mut state.operands)?;
    state.result_types = vec![ty, second];
    Ok(())
}

fn print_extended(p: &mut OpPrinter<'_>, op: Op) {
    print_all_operands(p, op);
    p.print_optional_attr_dict(op, &[]);
    let results = p.ctx.results(op).to_vec();
    if p.ctx.op_name_str(op) == "arith.addui_extended" {
        p.write(" : ");
        p.print_value_types(&results);
    } else {
        print_result_type(p, op);
    }
}

fn verify_extended(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let class = TypeClass::SignlessIntOrIndex;
    let (lhs, rhs, first) = (
        operand_type(ctx, op, 0),
        operand_type(ctx, op, 1),
        result_type(ctx, op, 0),
    );
    let ok = check_class(ctx, op, "operand #0", lhs, class, diags)
        && check_class(ctx, op, "operand #1", rhs, class, diags)
        && check_class(ctx, op, "result #0", first, class, diags);
    if ok && (lhs != rhs || lhs != first) {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that all of {lhs, rhs, low, high} have same type",
        );
    }
}

/// `%low, %high` for the multiplications, `%sum, %overflow` for the addition.
fn extended_name_hint(ctx: &Context, op: Op, names: &mut Vec<NameHint>) {
    let pair = if ctx.op_name_str(op) == "arith.addui_extended" {
        ["sum", "overflow"]
    } else {
        ["low", "high"]
    };
    names.extend(pair.map(NameHint::Borrowed));
}

#[cfg(test)]
mod tests {
    use super::{BINARY_OPS, binary_class, binary_op};

    /// The verifier's common case reads a binary op's class off its name: it must be the class
    /// the op's entry declares, for every binary op.
    #[test]
    fn binary_class_from_the_name_is_the_declared_one() {
        for b in BINARY_OPS {
            let name = format!("arith.{}", b.name);
            let declared = binary_op(&name).map(|info| info.class);
            assert_eq!(Some(binary_class(&name)), declared, "{name}");
        }
    }
}
