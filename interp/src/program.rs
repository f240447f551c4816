//! Pre-resolution: the module turned into what the executor needs at full speed.
//!
//! Before running, every op inside a function is decoded once into an [`OpInfo`]: what to do
//! ([`Kind`], with attributes, widths and element types already extracted), the frame slots of
//! its operands and results, and its location as text. Every value defined in a function gets a
//! dense slot number local to that function, so a call frame is a plain `Vec` of values.
//!
//! Decoding never fails: an op we cannot run becomes [`Kind::Unsupported`] with the reason, and
//! is reported only if executed.

use std::rc::Rc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use ir::{AttrData, Block, Context, FloatKind, Op, Type, TypeData, Value};

use crate::scalar::ScalarType;
use crate::value::{MemRefDesc, Val, mask};

/// A float format the executor computes with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FTy {
    /// `f16`.
    F16,
    /// `bf16`.
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

/// Integer binary operations of `arith`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum IntBin {
    Add,
    Sub,
    Mul,
    DivSI,
    DivUI,
    CeilDivSI,
    CeilDivUI,
    FloorDivSI,
    RemSI,
    RemUI,
    And,
    Or,
    Xor,
    Shl,
    ShrSI,
    ShrUI,
    MaxSI,
    MaxUI,
    MinSI,
    MinUI,
}

/// Float binary operations of `arith`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum FloatBin {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Maximum,
    Minimum,
    MaxNum,
    MinNum,
}

/// The update `memref.atomic_rmw` applies to the element it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicUpdate {
    /// An integer operation of the given width with the op's value.
    Int(IntBin, u32),
    /// A float operation with the op's value.
    Float(FloatBin, FTy),
    /// The op's value replaces the element.
    Assign,
}

/// Conversions of `arith`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Conv {
    ExtSI {
        from: u32,
        to: u32,
    },
    ExtUI {
        from: u32,
        to: u32,
    },
    TruncI {
        to: u32,
    },
    SIToFP {
        from: u32,
        to: FTy,
    },
    UIToFP {
        to: FTy,
    },
    FPToSI {
        to: u32,
    },
    FPToUI {
        to: u32,
    },
    FloatToFloat {
        to: FTy,
    },
    /// Reinterpret the bits: int to float, float to int, or same kind.
    Bitcast {
        to: ScalarType,
    },
}

/// Who a call goes to.
#[derive(Clone, Debug)]
pub enum Callee {
    /// A function of the module with a body: index into [`Program::funcs`].
    Func(u32),
    /// A runner-utils function.
    Extern(Extern),
    /// A declaration we do not implement, or a missing symbol.
    Unknown(String),
}

/// The runner-utils functions the executor implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Extern {
    PrintI64,
    PrintU64,
    PrintF32,
    PrintF64,
    PrintNewline,
    PrintComma,
    PrintOpen,
    PrintClose,
    /// `printMemrefF32` and its siblings of `libmlir_runner_utils`: the unranked memref's
    /// metadata and elements (which must have the element type the name says).
    PrintMemref(ScalarType),
}

/// A static-or-dynamic list (`static_offsets` with `?` taken from operands).
#[derive(Clone, Debug)]
pub struct Mixed {
    /// The static values; [`ir::DYNAMIC`] entries come from `dynamic`.
    pub statics: Vec<i64>,
    /// Operand positions (within the op's operands) of the dynamic entries, in order.
    pub first_dynamic: usize,
}

/// What an op does, decoded.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub enum Kind {
    // ----- arith
    Const(Val),
    IntBin(IntBin, u32),
    FloatBin(FloatBin, FTy),
    NegF(FTy),
    CmpI(u8, u32),
    CmpF(u8, FTy),
    Select,
    Conv(Conv, ScalarType),
    IndexCast {
        from: u32,
        to: u32,
        signed: bool,
    },
    ExtendedArith {
        op: ExtOp,
        width: u32,
    },
    // ----- cf
    Br,
    CondBr {
        n_true: usize,
    },
    Switch {
        cases: Vec<u128>,
        width: u32,
        seg: Vec<usize>,
    },
    Assert(String),
    /// `ub.unreachable`: reaching it is undefined behaviour.
    Unreachable,
    // ----- func
    Return,
    Call(Callee),
    CallIndirect,
    FuncConstant(Callee),
    // ----- scf
    If,
    For {
        width: u32,
        unsigned: bool,
    },
    While,
    Condition,
    Yield,
    ExecuteRegion,
    IndexSwitch(Vec<i64>),
    /// `scf.parallel` with `dims` induction variables.
    Parallel {
        dims: usize,
    },
    Reduce,
    /// `scf.forall`; its `shared_outs` start at operand `outs_start`.
    Forall {
        lbs: Mixed,
        ubs: Mixed,
        steps: Mixed,
        outs_start: usize,
    },
    // ----- test
    ReadBuffer,
    RegionBufferBased,
    RegionIf,
    // ----- memref
    Alloc {
        stack: bool,
        elem: ScalarType,
        shape: Vec<i64>,
        layout: Option<(Vec<i64>, i64)>,
        align: u64,
    },
    Dealloc,
    Load,
    Store,
    /// `memref.atomic_rmw`: applies the update, yields the element it read.
    AtomicRmw(AtomicUpdate),
    /// `memref.generic_atomic_rmw`: its body computes the element stored from the one read.
    GenericAtomicRmw,
    PassThrough,
    Dim,
    Rank,
    /// `memref.reshape`: the source's buffer with the sizes its shape operand holds.
    Reshape,
    Subview {
        offsets: Mixed,
        sizes: Mixed,
        strides: Mixed,
        result_shape: Vec<i64>,
    },
    View {
        result_shape: Vec<i64>,
        elem: ScalarType,
    },
    ReinterpretCast {
        offsets: Mixed,
        sizes: Mixed,
        strides: Mixed,
        elem: ScalarType,
    },
    ExpandShape {
        groups: Vec<Vec<usize>>,
        shape: Mixed,
    },
    CollapseShape {
        groups: Vec<Vec<usize>>,
    },
    Realloc {
        elem: ScalarType,
        static_size: i64,
    },
    Copy,
    ExtractStridedMetadata,
    ExtractAlignedPointer,
    GetGlobal {
        global: Option<Op>,
        name: String,
    },
    AllocaScope,
    AllocaScopeReturn,
    Transpose(Vec<usize>),
    Nop,
    // ----- bufferization
    Clone {
        elem: ScalarType,
    },
    BufDealloc {
        n_memrefs: usize,
        n_retained: usize,
    },
    // ----- deallocation (MLIR-HLO)
    DeallocNull,
    DeallocOwn,
    DeallocGetBuffer,
    DeallocRetain {
        n_retained: usize,
    },
    DeallocFree,
    // ----- linalg
    Structured(Rc<crate::ops::linalg::Structure>),
    LinalgIndex(usize),
    // ----- affine, math, vector (see `crate::ops`)
    Affine(Box<crate::ops::affine::AffineKind>),
    Math(Box<crate::ops::math::MathKind>),
    Vector(Box<crate::ops::vector::VectorKind>),
    // -----
    Unsupported(String),
}

/// `arith.addui_extended`, `arith.mulsi_extended`, `arith.mului_extended`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ExtOp {
    AddUI,
    MulSI,
    MulUI,
}

/// One decoded op.
#[derive(Clone, Debug)]
pub struct OpInfo {
    /// What it does.
    pub kind: Kind,
    /// Frame slots of its operands.
    pub args: SmallVec<[u32; 4]>,
    /// Frame slots of its results.
    pub res: SmallVec<[u32; 2]>,
    /// `file:line:col` of the op.
    pub loc: Rc<str>,
}

/// A function with a body.
#[derive(Clone, Debug)]
pub struct FuncInfo {
    /// The `func.func` op.
    pub op: Op,
    /// Its symbol name.
    pub name: String,
    /// Its entry block.
    pub entry: Block,
    /// Number of value slots of a frame.
    pub n_slots: u32,
}

/// The whole module, pre-resolved.
pub struct Program {
    /// Decoded ops, indexed by op id (`None` outside functions).
    pub infos: Vec<Option<OpInfo>>,
    /// Frame slot of every value defined in a function, indexed by value id.
    pub slots: Vec<u32>,
    /// Functions with bodies.
    pub funcs: Vec<FuncInfo>,
    /// Every callable symbol of the module.
    pub symbols: FxHashMap<String, Callee>,
    /// `memref.global` ops by name.
    pub globals: FxHashMap<String, Op>,
}

/// Location text of an op.
pub fn loc_text(ctx: &Context, op: Op) -> Rc<str> {
    match ctx.file_pos(ctx.op_loc(op)) {
        Some(p) => format!("{}:{}:{}", p.file, p.line, p.col).into(),
        None => format!("<unknown location of {}>", ctx.op_name_str(op)).into(),
    }
}

/// The scalar type of a type, if it has one.
pub fn scalar_type(ctx: &Context, ty: Type) -> Option<ScalarType> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } if *width <= 128 => Some(ScalarType::Int { bits: *width }),
        TypeData::Index => Some(ScalarType::Index),
        TypeData::Float(FloatKind::F16) => Some(ScalarType::F16),
        TypeData::Float(FloatKind::BF16) => Some(ScalarType::BF16),
        TypeData::Float(FloatKind::F32) => Some(ScalarType::F32),
        TypeData::Float(FloatKind::F64) => Some(ScalarType::F64),
        _ => None,
    }
}

/// The bit width of an integer or index type.
pub fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } if *width <= 128 => Some(*width),
        TypeData::Index => Some(64),
        _ => None,
    }
}

/// The float format of a type.
pub fn float_ty(ctx: &Context, ty: Type) -> Option<FTy> {
    match ctx.type_data(ty) {
        TypeData::Float(FloatKind::F16) => Some(FTy::F16),
        TypeData::Float(FloatKind::BF16) => Some(FTy::BF16),
        TypeData::Float(FloatKind::F32) => Some(FTy::F32),
        TypeData::Float(FloatKind::F64) => Some(FTy::F64),
        _ => None,
    }
}

/// Element type, static shape and static strided layout of a memref type.
pub struct MemRefTypeInfo {
    /// Element type (`i8` for types without a scalar element, such as ownership indicators).
    pub elem: ScalarType,
    /// Static shape (`DYNAMIC` for `?`); empty for unranked.
    pub shape: Vec<i64>,
    /// Strides and offset of a `strided<...>` layout.
    pub layout: Option<(Vec<i64>, i64)>,
}

/// Decodes a memref (or opaque ownership) type.
pub fn memref_type(ctx: &Context, ty: Type) -> Option<MemRefTypeInfo> {
    match ctx.type_data(ty) {
        TypeData::MemRef {
            shape,
            elem,
            layout,
            ..
        } => {
            let elem = scalar_type(ctx, *elem)?;
            let layout = layout.and_then(|a| match ctx.attr_data(a) {
                AttrData::Strided { strides, offset } => Some((strides.clone(), *offset)),
                _ => None,
            });
            Some(MemRefTypeInfo {
                elem,
                shape: shape.clone(),
                layout,
            })
        }
        TypeData::UnrankedMemRef { elem, .. } => Some(MemRefTypeInfo {
            elem: scalar_type(ctx, *elem)?,
            shape: Vec::new(),
            layout: None,
        }),
        TypeData::Opaque { .. } => Some(MemRefTypeInfo {
            elem: ScalarType::Int { bits: 8 },
            shape: Vec::new(),
            layout: None,
        }),
        _ => None,
    }
}

impl Program {
    /// Pre-resolves every function of `module`.
    pub fn new(ctx: &Context, module: Op) -> Program {
        let mut prog = Program {
            infos: vec![None; ctx.op_capacity()],
            slots: vec![u32::MAX; ctx.value_capacity()],
            funcs: Vec::new(),
            symbols: FxHashMap::default(),
            globals: FxHashMap::default(),
        };
        prog.collect_symbols(ctx, module);
        for f in 0..prog.funcs.len() {
            prog.number_slots(ctx, f);
        }
        for f in 0..prog.funcs.len() {
            for op in ctx.walk_preorder(prog.funcs[f].op) {
                if op == prog.funcs[f].op {
                    continue;
                }
                let info = prog.decode(ctx, op);
                prog.infos[op.as_u32() as usize] = Some(info);
            }
        }
        prog
    }

    fn collect_symbols(&mut self, ctx: &Context, module: Op) {
        for op in ctx.walk_preorder(module) {
            let name = match ctx.get_attr(op, "sym_name").map(|a| ctx.attr_data(a)) {
                Some(AttrData::String(s)) => s.clone(),
                _ => continue,
            };
            match ctx.op_name_str(op) {
                "func.func" => {
                    let entry = ctx.regions(op).first().and_then(|&r| ctx.entry_block(r));
                    let callee = match entry {
                        Some(entry) => {
                            self.funcs.push(FuncInfo {
                                op,
                                name: name.clone(),
                                entry,
                                n_slots: 0,
                            });
                            Callee::Func(self.funcs.len() as u32 - 1)
                        }
                        None => extern_callee(&name),
                    };
                    self.symbols.entry(name).or_insert(callee);
                }
                "memref.global" => {
                    self.globals.entry(name).or_insert(op);
                }
                _ => {}
            }
        }
    }

    fn number_slots(&mut self, ctx: &Context, f: usize) {
        let mut next = 0u32;
        let mut assign = |slots: &mut Vec<u32>, v: Value| {
            if let Some(s) = slots.get_mut(v.as_u32() as usize) {
                *s = next;
                next += 1;
            }
        };
        for op in ctx.walk_preorder(self.funcs[f].op) {
            if op != self.funcs[f].op {
                for &r in ctx.results(op) {
                    assign(&mut self.slots, r);
                }
            }
            for &region in ctx.regions(op) {
                for block in ctx.blocks(region) {
                    for &a in ctx.block_args(block) {
                        assign(&mut self.slots, a);
                    }
                }
            }
        }
        self.funcs[f].n_slots = next;
    }

    /// The decoded form of `op` (`None` outside functions).
    pub fn info(&self, op: Op) -> Option<&OpInfo> {
        self.infos
            .get(op.as_u32() as usize)
            .and_then(Option::as_ref)
    }

    /// The frame slot of `v` (`u32::MAX` if it is not defined in a function).
    pub fn slot(&self, v: Value) -> u32 {
        self.slots
            .get(v.as_u32() as usize)
            .copied()
            .unwrap_or(u32::MAX)
    }

    fn decode(&self, ctx: &Context, op: Op) -> OpInfo {
        let args = ctx.operands(op).map(|v| self.slot(v)).collect();
        let res = ctx.results(op).iter().map(|&v| self.slot(v)).collect();
        let kind = crate::decode::decode(self, ctx, op);
        OpInfo {
            kind,
            args,
            res,
            loc: loc_text(ctx, op),
        }
    }
}

/// The callee for a declaration named `name`.
pub fn extern_callee(name: &str) -> Callee {
    let e = match name {
        "printI64" => Extern::PrintI64,
        "printU64" => Extern::PrintU64,
        "printF32" => Extern::PrintF32,
        "printF64" => Extern::PrintF64,
        "printNewline" => Extern::PrintNewline,
        "printComma" => Extern::PrintComma,
        "printOpen" => Extern::PrintOpen,
        "printClose" => Extern::PrintClose,
        "printMemrefF32" => Extern::PrintMemref(ScalarType::F32),
        "printMemrefF64" => Extern::PrintMemref(ScalarType::F64),
        "printMemrefI32" => Extern::PrintMemref(ScalarType::Int { bits: 32 }),
        "printMemrefI64" => Extern::PrintMemref(ScalarType::Int { bits: 64 }),
        "printMemrefInd" => Extern::PrintMemref(ScalarType::Index),
        _ => return Callee::Unknown(name.to_owned()),
    };
    Callee::Extern(e)
}

/// A constant of the given type from an attribute.
pub fn constant_value(ctx: &Context, data: &AttrData, ty: Type) -> Option<Val> {
    match (data, ctx.type_data(ty)) {
        (AttrData::Bool(b), _) => Some(Val::Int(u128::from(*b))),
        (AttrData::Integer { value, .. }, _) => {
            let w = int_width(ctx, ty)?;
            Some(Val::Int((*value as u128) & mask(w)))
        }
        (AttrData::Float { bits, .. }, _) => Some(match float_ty(ctx, ty)? {
            // Float attributes keep the bits of their own format.
            FTy::F64 => Val::F64(f64::from_bits(*bits)),
            FTy::F32 => Val::F32(f32::from_bits(*bits as u32)),
            FTy::F16 => Val::F16(*bits as u16),
            FTy::BF16 => Val::BF16(*bits as u16),
        }),
        _ => None,
    }
}

/// A descriptor placeholder used when decoding needs a typed null.
pub fn null_desc(elem: ScalarType) -> Rc<MemRefDesc> {
    Rc::new(MemRefDesc::null(elem))
}
