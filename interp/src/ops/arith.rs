//! Integer semantics of `arith` at exact widths: two's complement wrap-around, and the
//! undefined behaviours of division reported as errors.
//!
//! - `divsi`, `divui`, `ceildiv*`, `floordivsi`, `remsi`, `remui` by zero, and the signed
//!   overflow `MIN / -1` (also for `remsi`, as LLVM's `srem`), are immediate undefined behaviour:
//!   they return `Err` with a message, and the run stops.
//! - Shifts by the bit width or more produce poison in MLIR; here they produce 0 (`shli`,
//!   `shrui`) or the sign fill (`shrsi`), deterministically.
//! - Overflow flags (`nsw`, `nuw`) are ignored: results wrap.

use crate::program::{Conv, ExtOp, FTy, IntBin};
use crate::value::{Val, mask, sext};

use super::float::{from_f64, to_f64};

/// An `arith` integer binary operation on values of width `w`.
pub fn int_binary(op: IntBin, a: u128, b: u128, w: u32) -> Result<u128, &'static str> {
    let m = mask(w);
    let (sa, sb) = (sext(a, w), sext(b, w));
    let signed_min = sext(1u128 << (w.max(1) - 1), w);
    let div_checks = |signed: bool| -> Result<(), &'static str> {
        if b == 0 {
            return Err("division by zero");
        }
        if signed && sb == -1 && sa == signed_min && w > 0 {
            return Err("signed division overflow");
        }
        Ok(())
    };
    let r: u128 = match op {
        IntBin::Add => a.wrapping_add(b),
        IntBin::Sub => a.wrapping_sub(b),
        IntBin::Mul => a.wrapping_mul(b),
        IntBin::DivSI => {
            div_checks(true)?;
            sa.wrapping_div(sb) as u128
        }
        IntBin::DivUI => {
            div_checks(false)?;
            a / b
        }
        IntBin::CeilDivSI => {
            div_checks(true)?;
            let q = sa.wrapping_div(sb);
            let r = sa.wrapping_rem(sb);
            (if r != 0 && ((r < 0) == (sb < 0)) {
                q + 1
            } else {
                q
            }) as u128
        }
        IntBin::CeilDivUI => {
            div_checks(false)?;
            a / b + u128::from(!a.is_multiple_of(b))
        }
        IntBin::FloorDivSI => {
            div_checks(true)?;
            let q = sa.wrapping_div(sb);
            let r = sa.wrapping_rem(sb);
            (if r != 0 && ((r < 0) != (sb < 0)) {
                q - 1
            } else {
                q
            }) as u128
        }
        IntBin::RemSI => {
            div_checks(true)?;
            sa.wrapping_rem(sb) as u128
        }
        IntBin::RemUI => {
            div_checks(false)?;
            a % b
        }
        IntBin::And => a & b,
        IntBin::Or => a | b,
        IntBin::Xor => a ^ b,
        IntBin::Shl => {
            if b >= u128::from(w) {
                0
            } else {
                a << b
            }
        }
        IntBin::ShrUI => {
            if b >= u128::from(w) {
                0
            } else {
                a >> b
            }
        }
        IntBin::ShrSI => {
            let s = if b >= u128::from(w) {
                w.max(1) - 1
            } else {
                b as u32
            };
            (sa >> s) as u128
        }
        IntBin::MaxSI => sa.max(sb) as u128,
        IntBin::MinSI => sa.min(sb) as u128,
        IntBin::MaxUI => a.max(b),
        IntBin::MinUI => a.min(b),
    };
    Ok(r & m)
}

/// `arith.cmpi` with MLIR's predicate numbering (`eq` = 0 ... `uge` = 9).
pub fn compare(pred: u8, a: u128, b: u128, w: u32) -> bool {
    let (sa, sb) = (sext(a, w), sext(b, w));
    match pred {
        0 => a == b,
        1 => a != b,
        2 => sa < sb,
        3 => sa <= sb,
        4 => sa > sb,
        5 => sa >= sb,
        6 => a < b,
        7 => a <= b,
        8 => a > b,
        _ => a >= b,
    }
}

/// Integer bits of a float value of type `ty` (for `arith.bitcast`).
fn float_bits(v: &Val) -> u128 {
    match v {
        Val::F16(b) | Val::BF16(b) => u128::from(*b),
        Val::F32(f) => u128::from(f.to_bits()),
        Val::F64(f) => u128::from(f.to_bits()),
        Val::Int(i) => *i,
        _ => 0,
    }
}

/// The conversions of `arith`; `to` is the result's scalar type.
pub fn convert(conv: Conv, to: crate::scalar::ScalarType, v: &Val) -> Val {
    use crate::scalar::ScalarType as S;
    match conv {
        Conv::ExtSI { from, to } => Val::Int((sext(v.int(), from) as u128) & mask(to)),
        Conv::ExtUI { to, .. } => Val::Int(v.int() & mask(to)),
        Conv::TruncI { to } => Val::Int(v.int() & mask(to)),
        Conv::SIToFP { from, to } => {
            int_to_float(sext(v.int(), from) as f64, sext(v.int(), from), to)
        }
        Conv::UIToFP { to } => int_to_float(v.int() as f64, v.int() as i128, to),
        Conv::FPToSI { to } => {
            let f = to_f64(v);
            Val::Int((f as i128 as u128) & mask(to))
        }
        Conv::FPToUI { to } => {
            let f = to_f64(v);
            Val::Int((f as u128) & mask(to))
        }
        Conv::FloatToFloat { to } => from_f64(to_f64(v), to),
        Conv::Bitcast { .. } => {
            let bits = float_bits(v);
            match to {
                S::Int { bits: w } => Val::Int(bits & mask(w)),
                S::Index => Val::Int(bits & mask(64)),
                S::F16 => Val::F16(bits as u16),
                S::BF16 => Val::BF16(bits as u16),
                S::F32 => Val::F32(f32::from_bits(bits as u32)),
                S::F64 => Val::F64(f64::from_bits(bits as u64)),
            }
        }
    }
}

/// An integer converted to a float format, rounded once where the format allows.
fn int_to_float(as_f64: f64, exact: i128, to: FTy) -> Val {
    match to {
        FTy::F32 => Val::F32(exact as f32),
        FTy::F64 => Val::F64(exact as f64),
        _ => from_f64(as_f64, to),
    }
}

/// `arith.addui_extended`, `arith.mulsi_extended`, `arith.mului_extended`: (low, high or
/// overflow bit).
pub fn extended(op: ExtOp, a: u128, b: u128, w: u32) -> (u128, u128) {
    let m = mask(w);
    match op {
        ExtOp::AddUI => {
            let sum = a.wrapping_add(b);
            let overflow = if w >= 128 { sum < a } else { sum > m };
            (sum & m, u128::from(overflow))
        }
        ExtOp::MulUI | ExtOp::MulSI if w <= 64 => {
            let product: i128 = if op == ExtOp::MulSI {
                sext(a, w) * sext(b, w)
            } else {
                (a * b) as i128
            };
            let p = product as u128;
            (p & m, (p >> w) & m)
        }
        _ => (a.wrapping_mul(b) & m, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_exact_widths() {
        assert_eq!(int_binary(IntBin::Add, 255, 1, 8), Ok(0));
        assert_eq!(int_binary(IntBin::Sub, 0, 1, 5), Ok(31));
        assert_eq!(int_binary(IntBin::Mul, 1 << 63, 2, 64), Ok(0));
    }

    #[test]
    fn signed_division_rounds_toward_zero_floor_and_ceil() {
        let m7 = (-7i128 as u128) & mask(32);
        assert_eq!(sext(int_binary(IntBin::DivSI, m7, 2, 32).unwrap(), 32), -3);
        assert_eq!(
            sext(int_binary(IntBin::FloorDivSI, m7, 2, 32).unwrap(), 32),
            -4
        );
        assert_eq!(
            sext(int_binary(IntBin::CeilDivSI, m7, 2, 32).unwrap(), 32),
            -3
        );
        assert_eq!(
            sext(int_binary(IntBin::CeilDivSI, 7, 2, 32).unwrap(), 32),
            4
        );
        assert_eq!(sext(int_binary(IntBin::RemSI, m7, 2, 32).unwrap(), 32), -1);
        assert!(int_binary(IntBin::DivSI, 1, 0, 32).is_err());
        assert!(int_binary(IntBin::DivSI, 0x80, 0xff, 8).is_err());
    }

    #[test]
    fn comparisons_respect_signedness() {
        assert!(compare(2, 0xff, 0, 8)); // slt: -1 < 0
        assert!(!compare(6, 0xff, 0, 8)); // ult: 255 < 0 is false
    }
}
