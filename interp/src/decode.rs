//! Decoding of op names and attributes into [`Kind`]s, once per op before execution.
//!
//! This is the only place that matches op names: the interpreter is the reference semantics of
//! the dialect subset, so it knows every op it runs. Anything unexpected (a missing attribute,
//! an element type we do not model) decodes to [`Kind::Unsupported`] with a reason.

use ir::{AttrData, Context, Op, TypeData};

use crate::program::{
    AtomicUpdate, Callee, Conv, ExtOp, FloatBin, IntBin, Kind, Mixed, Program, constant_value,
    extern_callee, float_ty, int_width, memref_type, scalar_type,
};
use crate::scalar::ScalarType;
use crate::value::Val;

/// Decodes `op`.
pub fn decode(prog: &Program, ctx: &Context, op: Op) -> Kind {
    let name = ctx.op_name_str(op);
    match try_decode(prog, ctx, op, name) {
        Some(kind) => kind,
        None => Kind::Unsupported(format!("'{name}' with these operand types or attributes")),
    }
}

fn result_type(ctx: &Context, op: Op, i: usize) -> Option<ir::Type> {
    ctx.results(op).get(i).map(|&v| ctx.value_type(v))
}

fn operand_type(ctx: &Context, op: Op, i: usize) -> Option<ir::Type> {
    (i < ctx.num_operands(op)).then(|| ctx.value_type(ctx.operand(op, i)))
}

fn int_attr(ctx: &Context, op: Op, name: &str) -> Option<i64> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::Integer { value, .. } => Some(*value as i64),
        AttrData::Bool(b) => Some(i64::from(*b)),
        _ => None,
    }
}

fn array_attr(ctx: &Context, op: Op, name: &str) -> Option<Vec<i64>> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::DenseArray { values, .. } => Some(values.clone()),
        AttrData::Array(items) => items
            .iter()
            .map(|&a| match ctx.attr_data(a) {
                AttrData::Integer { value, .. } => Some(*value as i64),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

fn string_attr(ctx: &Context, op: Op, name: &str) -> Option<String> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn symbol_attr(ctx: &Context, op: Op, name: &str) -> Option<String> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::SymbolRef { root, .. } => Some(ctx.sym_str(*root).to_owned()),
        _ => None,
    }
}

/// `operandSegmentSizes`, or `None` when absent.
pub fn segments(ctx: &Context, op: Op) -> Option<Vec<usize>> {
    array_attr(ctx, op, "operandSegmentSizes")
        .map(|v| v.into_iter().map(|x| x.max(0) as usize).collect())
}

fn reassociation(ctx: &Context, op: Op) -> Option<Vec<Vec<usize>>> {
    let AttrData::Array(groups) = ctx.attr_data(ctx.get_attr(op, "reassociation")?) else {
        return None;
    };
    groups
        .iter()
        .map(|&g| match ctx.attr_data(g) {
            AttrData::Array(items) => items
                .iter()
                .map(|&a| match ctx.attr_data(a) {
                    AttrData::Integer { value, .. } => Some(*value as usize),
                    _ => None,
                })
                .collect(),
            AttrData::DenseArray { values, .. } => {
                Some(values.iter().map(|&v| v as usize).collect())
            }
            _ => None,
        })
        .collect()
}

fn callee(prog: &Program, name: &str) -> Callee {
    prog.symbols
        .get(name)
        .cloned()
        .unwrap_or_else(|| match extern_callee(name) {
            Callee::Unknown(_) => Callee::Unknown(name.to_owned()),
            known => known,
        })
}

fn int_bin(name: &str) -> Option<IntBin> {
    Some(match name {
        "addi" => IntBin::Add,
        "subi" => IntBin::Sub,
        "muli" => IntBin::Mul,
        "divsi" => IntBin::DivSI,
        "divui" => IntBin::DivUI,
        "ceildivsi" => IntBin::CeilDivSI,
        "ceildivui" => IntBin::CeilDivUI,
        "floordivsi" => IntBin::FloorDivSI,
        "remsi" => IntBin::RemSI,
        "remui" => IntBin::RemUI,
        "andi" => IntBin::And,
        "ori" => IntBin::Or,
        "xori" => IntBin::Xor,
        "shli" => IntBin::Shl,
        "shrsi" => IntBin::ShrSI,
        "shrui" => IntBin::ShrUI,
        "maxsi" => IntBin::MaxSI,
        "maxui" => IntBin::MaxUI,
        "minsi" => IntBin::MinSI,
        "minui" => IntBin::MinUI,
        _ => return None,
    })
}

fn float_bin(name: &str) -> Option<FloatBin> {
    Some(match name {
        "addf" => FloatBin::Add,
        "subf" => FloatBin::Sub,
        "mulf" => FloatBin::Mul,
        "divf" => FloatBin::Div,
        "remf" => FloatBin::Rem,
        "maximumf" => FloatBin::Maximum,
        "minimumf" => FloatBin::Minimum,
        "maxnumf" => FloatBin::MaxNum,
        "minnumf" => FloatBin::MinNum,
        _ => return None,
    })
}

fn try_decode(prog: &Program, ctx: &Context, op: Op, name: &str) -> Option<Kind> {
    let (dialect, short) = name.split_once('.').unwrap_or(("", name));
    match dialect {
        "arith" if crate::ops::vector::has_vector_result(ctx, op) => {
            crate::ops::vector::decode_arith(ctx, op, short, float_bin(short), int_bin(short))
        }
        "arith" => decode_arith(ctx, op, short),
        "affine" => crate::ops::affine::decode(ctx, op, short),
        "math" => crate::ops::math::decode(ctx, op, short),
        "index" => crate::ops::index::decode(ctx, op, short),
        "ub" if short == "unreachable" => Some(Kind::Unreachable),
        "ub" => crate::ops::index::decode_poison(ctx, op),
        "vector" => crate::ops::vector::decode(ctx, op, short),
        "cf" => decode_cf(ctx, op, short),
        "func" => decode_func(prog, ctx, op, short),
        "scf" => decode_scf(ctx, op, short),
        "memref" => decode_memref(prog, ctx, op, short),
        "shape" => decode_shape(ctx, op, short),
        "bufferization" => decode_bufferization(ctx, op, short),
        "deallocation" => decode_deallocation(ctx, op, short),
        "test" => Some(decode_test(ctx, op, short)),
        "linalg" => Some(crate::ops::linalg::decode(ctx, op, short)),
        _ => Some(Kind::Unsupported(format!("'{name}'"))),
    }
}

fn decode_arith(ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    let rt = result_type(ctx, op, 0);
    if let Some(b) = int_bin(short) {
        return Some(Kind::IntBin(b, int_width(ctx, rt?)?));
    }
    if let Some(b) = float_bin(short) {
        return Some(Kind::FloatBin(b, float_ty(ctx, rt?)?));
    }
    let in_ty = operand_type(ctx, op, 0);
    Some(match short {
        "constant" => {
            let attr = ctx.get_attr(op, "value")?;
            Kind::Const(constant_value(ctx, ctx.attr_data(attr), rt?)?)
        }
        "negf" => Kind::NegF(float_ty(ctx, rt?)?),
        "cmpi" => Kind::CmpI(
            int_attr(ctx, op, "predicate")? as u8,
            int_width(ctx, in_ty?)?,
        ),
        "cmpf" => Kind::CmpF(
            int_attr(ctx, op, "predicate")? as u8,
            float_ty(ctx, in_ty?)?,
        ),
        "select" => {
            if !ctx.type_data(operand_type(ctx, op, 0)?).is_scalar() {
                return None;
            }
            Kind::Select
        }
        "index_cast" | "index_castui" => Kind::IndexCast {
            from: int_width(ctx, in_ty?)?,
            to: int_width(ctx, rt?)?,
            signed: short == "index_cast",
        },
        "addui_extended" | "mulsi_extended" | "mului_extended" => Kind::ExtendedArith {
            op: match short {
                "addui_extended" => ExtOp::AddUI,
                "mulsi_extended" => ExtOp::MulSI,
                _ => ExtOp::MulUI,
            },
            width: int_width(ctx, rt?)?,
        },
        _ => {
            let to = scalar_type(ctx, rt?)?;
            let conv = match short {
                "extsi" => Conv::ExtSI {
                    from: int_width(ctx, in_ty?)?,
                    to: int_width(ctx, rt?)?,
                },
                "extui" => Conv::ExtUI {
                    from: int_width(ctx, in_ty?)?,
                    to: int_width(ctx, rt?)?,
                },
                "trunci" => Conv::TruncI {
                    to: int_width(ctx, rt?)?,
                },
                "sitofp" => Conv::SIToFP {
                    from: int_width(ctx, in_ty?)?,
                    to: float_ty(ctx, rt?)?,
                },
                "uitofp" => Conv::UIToFP {
                    to: float_ty(ctx, rt?)?,
                },
                "fptosi" => Conv::FPToSI {
                    to: int_width(ctx, rt?)?,
                },
                "fptoui" => Conv::FPToUI {
                    to: int_width(ctx, rt?)?,
                },
                "extf" | "truncf" => Conv::FloatToFloat {
                    to: float_ty(ctx, rt?)?,
                },
                "bitcast" => Conv::Bitcast { to },
                _ => return Some(Kind::Unsupported(format!("'arith.{short}'"))),
            };
            Kind::Conv(conv, to)
        }
    })
}

fn decode_cf(ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    Some(match short {
        "br" => Kind::Br,
        "cond_br" => {
            let seg = segments(ctx, op)?;
            Kind::CondBr {
                n_true: *seg.get(1)?,
            }
        }
        "assert" => Kind::Assert(string_attr(ctx, op, "msg").unwrap_or_default()),
        "switch" => {
            let width = int_width(ctx, operand_type(ctx, op, 0)?)?;
            let cases = match ctx.get_attr(op, "case_values").map(|a| ctx.attr_data(a)) {
                Some(AttrData::DenseElements { literal, .. }) => parse_int_literal(literal)?,
                Some(AttrData::DenseArray { values, .. }) => {
                    values.iter().map(|&v| v as i128).collect()
                }
                None => Vec::new(),
                _ => return None,
            };
            let seg = array_attr(ctx, op, "case_operand_segments")
                .unwrap_or_default()
                .into_iter()
                .map(|x| x.max(0) as usize)
                .collect();
            Kind::Switch {
                cases: cases
                    .into_iter()
                    .map(|c| (c as u128) & crate::value::mask(width))
                    .collect(),
                width,
                seg,
            }
        }
        _ => Kind::Unsupported(format!("'cf.{short}'")),
    })
}

/// Integers of a dense literal such as `[1, -2, 3]` or `4`.
fn parse_int_literal(text: &str) -> Option<Vec<i128>> {
    text.split(|c: char| c == '[' || c == ']' || c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| match s {
            "true" => Some(1),
            "false" => Some(0),
            _ => parse_i128(s),
        })
        .collect()
}

fn parse_i128(s: &str) -> Option<i128> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    let v = match digits.strip_prefix("0x") {
        Some(hex) => i128::from_str_radix(hex, 16).ok()?,
        None => digits.parse::<i128>().ok()?,
    };
    Some(if neg { -v } else { v })
}

/// Floats or integers of a dense literal, as `f64`s (hex literals are raw bits of `elem`).
pub fn parse_dense_literal(text: &str, elem: ScalarType) -> Option<Vec<crate::scalar::Scalar>> {
    use crate::scalar::Scalar;
    text.split(|c: char| c == '[' || c == ']' || c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            let hex = s
                .strip_prefix("0x")
                .and_then(|h| u128::from_str_radix(h, 16).ok());
            Some(match elem {
                ScalarType::Int { bits } => Scalar::int(
                    bits,
                    match s {
                        "true" => 1,
                        "false" => 0,
                        _ => parse_i128(s)?,
                    },
                ),
                ScalarType::Index => Scalar::Index(parse_i128(s)? as i64),
                ScalarType::F32 => match hex {
                    Some(b) => Scalar::F32(f32::from_bits(b as u32)),
                    None => Scalar::F32(s.parse::<f64>().ok()? as f32),
                },
                ScalarType::F64 => match hex {
                    Some(b) => Scalar::F64(f64::from_bits(b as u64)),
                    None => Scalar::F64(s.parse::<f64>().ok()?),
                },
                ScalarType::F16 => match hex {
                    Some(b) => Scalar::F16(b as u16),
                    None => Scalar::F16(crate::ops::float::f32_to_f16(s.parse::<f32>().ok()?)),
                },
                ScalarType::BF16 => match hex {
                    Some(b) => Scalar::BF16(b as u16),
                    None => Scalar::BF16(crate::ops::float::f32_to_bf16(s.parse::<f32>().ok()?)),
                },
            })
        })
        .collect()
}

fn decode_func(prog: &Program, ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    Some(match short {
        "return" => Kind::Return,
        "call" => Kind::Call(callee(prog, &symbol_attr(ctx, op, "callee")?)),
        "call_indirect" => Kind::CallIndirect,
        "constant" => Kind::FuncConstant(callee(prog, &symbol_attr(ctx, op, "value")?)),
        _ => Kind::Unsupported(format!("'func.{short}'")),
    })
}

fn decode_scf(ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    Some(match short {
        "if" => Kind::If,
        "for" => Kind::For {
            width: int_width(ctx, operand_type(ctx, op, 0)?)?,
            unsigned: ctx.get_attr(op, "unsignedCmp").is_some(),
        },
        "while" => Kind::While,
        "condition" => Kind::Condition,
        "yield" => Kind::Yield,
        "execute_region" => Kind::ExecuteRegion,
        "index_switch" => Kind::IndexSwitch(array_attr(ctx, op, "cases")?),
        "parallel" => {
            let seg = segments(ctx, op)?;
            Kind::Parallel {
                dims: *seg.first()?,
            }
        }
        "reduce" => Kind::Reduce,
        "reduce.return" => Kind::Yield,
        "forall" => decode_forall(ctx, op)?,
        "forall.in_parallel" => {
            let region = *ctx.regions(op).first()?;
            let empty = ctx
                .entry_block(region)
                .is_none_or(|b| ctx.first_op(b).is_none());
            if !empty {
                return Some(Kind::Unsupported(
                    "'scf.forall.in_parallel' with ops in its body (tensor shared_outs)".into(),
                ));
            }
            Kind::Yield
        }
        _ => Kind::Unsupported(format!("'scf.{short}'")),
    })
}

/// `scf.forall`: static-or-dynamic bounds and steps; only memref `shared_outs` are run.
fn decode_forall(ctx: &Context, op: Op) -> Option<Kind> {
    let seg = segments(ctx, op)?;
    let (n_lbs, n_ubs, n_steps) = (*seg.first()?, *seg.get(1)?, *seg.get(2)?);
    let outs_start = n_lbs + n_ubs + n_steps;
    let tensor_out = (outs_start..ctx.num_operands(op))
        .any(|i| operand_type(ctx, op, i).is_some_and(|t| !ctx.type_data(t).is_memref()));
    if tensor_out {
        return Some(Kind::Unsupported(
            "'scf.forall' with tensor shared_outs".into(),
        ));
    }
    Some(Kind::Forall {
        lbs: mixed(ctx, op, "staticLowerBound", 0)?,
        ubs: mixed(ctx, op, "staticUpperBound", n_lbs)?,
        steps: mixed(ctx, op, "staticStep", n_lbs + n_ubs)?,
        outs_start,
    })
}

/// The upstream `test` dialect ops with a clear meaning (`TestOps.td`); see
/// [`crate::exec`] for their semantics.
fn decode_test(ctx: &Context, op: Op, short: &str) -> Kind {
    match short {
        "copy" | "buffer_based" => Kind::Copy,
        "forward_buffer" => Kind::PassThrough,
        "read_buffer" => Kind::ReadBuffer,
        "region_buffer_based" => Kind::RegionBufferBased,
        "region_if" if ctx.regions(op).len() == 3 => Kind::RegionIf,
        "region_yield" | "region_if_yield" => Kind::Yield,
        "side_effect_op" => Kind::Unsupported(
            "'test.side_effect_op' (its effects are declared, not defined)".into(),
        ),
        _ => Kind::Unsupported(format!("'test.{short}' (no defined semantics)")),
    }
}

fn mixed(ctx: &Context, op: Op, attr: &str, first_dynamic: usize) -> Option<Mixed> {
    Some(Mixed {
        statics: array_attr(ctx, op, attr)?,
        first_dynamic,
    })
}

/// `shape.assuming` runs its region once (the witness is not checked: a failing one makes the
/// program's behaviour undefined); `shape.const_witness` is its `passing` flag.
fn decode_shape(ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    Some(match short {
        "assuming" => Kind::ExecuteRegion,
        "assuming_yield" => Kind::Yield,
        "const_witness" => Kind::Const(Val::Int(int_attr(ctx, op, "passing")? as u128)),
        _ => return None,
    })
}

/// The update of a `memref.atomic_rmw`, from its `kind` and element type.
fn atomic_update(ctx: &Context, op: Op) -> Option<AtomicUpdate> {
    let ty = result_type(ctx, op, 0)?;
    let kind = ir::dialects::memref::atomic_kind(ctx, op)?;
    let int = |b| Some(AtomicUpdate::Int(b, int_width(ctx, ty)?));
    let float = |b| Some(AtomicUpdate::Float(b, float_ty(ctx, ty)?));
    match kind {
        "assign" => Some(AtomicUpdate::Assign),
        "maxs" => int(IntBin::MaxSI),
        "maxu" => int(IntBin::MaxUI),
        "mins" => int(IntBin::MinSI),
        "minu" => int(IntBin::MinUI),
        "maxnumf" => float(FloatBin::MaxNum),
        "minnumf" => float(FloatBin::MinNum),
        other => match (int_bin(other), float_bin(other)) {
            (Some(b), _) => int(b),
            (_, Some(b)) => float(b),
            _ => None,
        },
    }
}

fn decode_memref(prog: &Program, ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    let rt = result_type(ctx, op, 0);
    Some(match short {
        "alloc" | "alloca"
            if segments(ctx, op).is_some_and(|s| s.get(1).is_some_and(|&n| n > 0)) =>
        {
            // Symbol operands give the layout's dynamic offset and strides; upstream's lowering
            // to LLVM rejects such an allocation, and the interpreter does not model it.
            Kind::Unsupported(format!("'memref.{short}' with layout symbol operands"))
        }
        "alloc" | "alloca" => {
            let info = memref_type(ctx, rt?)?;
            if !matches!(ctx.type_data(rt?), TypeData::MemRef { .. }) {
                return None;
            }
            Kind::Alloc {
                stack: short == "alloca",
                elem: info.elem,
                shape: info.shape,
                layout: info.layout,
                align: int_attr(ctx, op, "alignment").unwrap_or(0).max(0) as u64,
            }
        }
        "dealloc" => Kind::Dealloc,
        "load" => Kind::Load,
        "store" => Kind::Store,
        "atomic_rmw" => Kind::AtomicRmw(atomic_update(ctx, op)?),
        "generic_atomic_rmw" => Kind::GenericAtomicRmw,
        "atomic_yield" => Kind::Yield,
        "cast" | "memory_space_cast" | "assume_alignment" => Kind::PassThrough,
        "dim" => Kind::Dim,
        "rank" => Kind::Rank,
        "reshape" => Kind::Reshape,
        "subview" => {
            let seg = segments(ctx, op)?;
            let (a, b) = (*seg.get(1)?, *seg.get(2)?);
            Kind::Subview {
                offsets: mixed(ctx, op, "static_offsets", 1)?,
                sizes: mixed(ctx, op, "static_sizes", 1 + a)?,
                strides: mixed(ctx, op, "static_strides", 1 + a + b)?,
                result_shape: memref_type(ctx, rt?)?.shape,
            }
        }
        "view" => {
            let info = memref_type(ctx, rt?)?;
            Kind::View {
                result_shape: info.shape,
                elem: info.elem,
            }
        }
        "reinterpret_cast" => {
            let seg = segments(ctx, op)?;
            let (a, b) = (*seg.get(1)?, *seg.get(2)?);
            Kind::ReinterpretCast {
                offsets: mixed(ctx, op, "static_offsets", 1)?,
                sizes: mixed(ctx, op, "static_sizes", 1 + a)?,
                strides: mixed(ctx, op, "static_strides", 1 + a + b)?,
                elem: memref_type(ctx, rt?)?.elem,
            }
        }
        "expand_shape" => Kind::ExpandShape {
            groups: reassociation(ctx, op)?,
            shape: mixed(ctx, op, "static_output_shape", 1).unwrap_or_else(|| Mixed {
                statics: memref_type(
                    ctx,
                    rt.unwrap_or_else(|| ctx.value_type(ctx.operand(op, 0))),
                )
                .map(|i| i.shape)
                .unwrap_or_default(),
                first_dynamic: 1,
            }),
        },
        "collapse_shape" => Kind::CollapseShape {
            groups: reassociation(ctx, op)?,
        },
        "realloc" => {
            let info = memref_type(ctx, rt?)?;
            Kind::Realloc {
                elem: info.elem,
                static_size: *info.shape.first()?,
            }
        }
        "copy" => Kind::Copy,
        "extract_strided_metadata" => Kind::ExtractStridedMetadata,
        "extract_aligned_pointer_as_index" => Kind::ExtractAlignedPointer,
        "get_global" => {
            let name = symbol_attr(ctx, op, "name")?;
            Kind::GetGlobal {
                global: prog.globals.get(&name).copied(),
                name,
            }
        }
        "alloca_scope" => Kind::AllocaScope,
        "alloca_scope.return" => Kind::AllocaScopeReturn,
        "transpose" => {
            let AttrData::AffineMap(map) = ctx.attr_data(ctx.get_attr(op, "permutation")?) else {
                return None;
            };
            let perm = map
                .results
                .iter()
                .map(|e| match e {
                    ir::AffineExpr::Dim(d) => Some(*d as usize),
                    _ => None,
                })
                .collect::<Option<Vec<usize>>>()?;
            Kind::Transpose(perm)
        }
        "prefetch" => Kind::Nop,
        _ => Kind::Unsupported(format!("'memref.{short}'")),
    })
}

fn decode_bufferization(ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    Some(match short {
        "clone" => Kind::Clone {
            elem: memref_type(ctx, result_type(ctx, op, 0)?)?.elem,
        },
        "dealloc" => {
            let seg = segments(ctx, op)?;
            Kind::BufDealloc {
                n_memrefs: *seg.first()?,
                n_retained: *seg.get(2)?,
            }
        }
        _ => Kind::Unsupported(format!("'bufferization.{short}'")),
    })
}

fn decode_deallocation(ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    Some(match short {
        "null" => Kind::DeallocNull,
        "own" => Kind::DeallocOwn,
        "get_buffer" => Kind::DeallocGetBuffer,
        "free" => Kind::DeallocFree,
        "retain" => {
            let n_retained = match segments(ctx, op) {
                Some(seg) => *seg.first()?,
                None => ctx.results(op).len(),
            };
            Kind::DeallocRetain { n_retained }
        }
        _ => Kind::Unsupported(format!("'deallocation.{short}'")),
    })
}
