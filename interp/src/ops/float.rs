//! IEEE floats: conversions between formats and `arith` float operations.
//!
//! Every format is computed through `f64`: for `f32`, `f16` and `bf16` a single `+ - * /` in
//! `f64` rounded once to the format is correctly rounded (53 ≥ 2·24 + 2), so results match
//! hardware. Narrowing conversions round to nearest, ties to even; NaNs stay NaNs (quiet).

use crate::program::{FTy, FloatBin};
use crate::value::Val;

/// `f32` to `f16` bits, rounding to nearest even.
pub fn f32_to_f16(f: f32) -> u16 {
    let x = f.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 0xff {
        return if man == 0 {
            sign | 0x7c00
        } else {
            sign | 0x7e00 | ((man >> 13) as u16)
        };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let mut r = m >> shift;
        let rem = m & ((1u32 << shift) - 1);
        if rem > half || (rem == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    if rem > 0x1000 || (rem == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

/// `f16` bits to `f32` (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let negative = h & 0x8000 != 0;
    let sign = u32::from(h & 0x8000) << 16;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    let bits = if exp == 0 {
        let v = man as f32 * f32::from_bits(0x3380_0000); // 2^-24
        return if negative { -v } else { v };
    } else if exp == 0x1f {
        sign | 0x7f80_0000 | (man << 13)
    } else {
        sign | ((exp + 112) << 23) | (man << 13)
    };
    f32::from_bits(bits)
}

/// `f32` to `bf16` bits, rounding to nearest even.
pub fn f32_to_bf16(f: f32) -> u16 {
    let x = f.to_bits();
    if f.is_nan() {
        return ((x >> 16) as u16) | 0x40;
    }
    let rounding = 0x7fff + ((x >> 16) & 1);
    (x.wrapping_add(rounding) >> 16) as u16
}

/// `bf16` bits to `f32` (exact).
pub fn bf16_to_f32(b: u16) -> f32 {
    f32::from_bits(u32::from(b) << 16)
}

/// A float value as `f64` (exact); zero for non-floats.
pub fn to_f64(v: &Val) -> f64 {
    match v {
        Val::F64(f) => *f,
        Val::F32(f) => f64::from(*f),
        Val::F16(h) => f64::from(f16_to_f32(*h)),
        Val::BF16(b) => f64::from(bf16_to_f32(*b)),
        _ => 0.0,
    }
}

/// Rounds `f` to format `ty`.
pub fn from_f64(f: f64, ty: FTy) -> Val {
    match ty {
        FTy::F64 => Val::F64(f),
        FTy::F32 => Val::F32(f as f32),
        FTy::F16 => Val::F16(f32_to_f16(f as f32)),
        FTy::BF16 => Val::BF16(f32_to_bf16(f as f32)),
    }
}

/// `arith` float binary operations.
pub fn binary(op: FloatBin, a: f64, b: f64) -> f64 {
    match op {
        FloatBin::Add => a + b,
        FloatBin::Sub => a - b,
        FloatBin::Mul => a * b,
        FloatBin::Div => a / b,
        FloatBin::Rem => a % b,
        FloatBin::Maximum => {
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b {
                if a.is_sign_negative() { b } else { a }
            } else {
                a.max(b)
            }
        }
        FloatBin::Minimum => {
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b {
                if a.is_sign_negative() { a } else { b }
            } else {
                a.min(b)
            }
        }
        FloatBin::MaxNum => a.max(b),
        FloatBin::MinNum => a.min(b),
    }
}

/// `arith.cmpf` with MLIR's predicate numbering (`false` = 0 ... `true` = 15).
pub fn compare(pred: u8, a: f64, b: f64) -> bool {
    let unordered = a.is_nan() || b.is_nan();
    match pred {
        0 => false,
        1 => !unordered && a == b,
        2 => !unordered && a > b,
        3 => !unordered && a >= b,
        4 => !unordered && a < b,
        5 => !unordered && a <= b,
        6 => !unordered && a != b,
        7 => !unordered,
        8 => unordered || a == b,
        9 => unordered || a > b,
        10 => unordered || a >= b,
        11 => unordered || a < b,
        12 => unordered || a <= b,
        13 => unordered || a != b,
        14 => unordered,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_precision_round_trips() {
        for f in [0.0f32, -0.0, 1.0, -2.5, 65504.0, 6.1e-5, 5.96e-8, 0.1] {
            let h = f32_to_f16(f);
            let back = f16_to_f32(h);
            assert!((back - f).abs() <= f.abs() * 1e-3 + 6e-8, "{f} -> {back}");
        }
        assert_eq!(f32_to_f16(1.0), 0x3c00);
        assert_eq!(f32_to_f16(f32::INFINITY), 0x7c00);
        assert_eq!(f32_to_f16(1e6), 0x7c00);
        assert_eq!(f32_to_bf16(1.0), 0x3f80);
        assert_eq!(bf16_to_f32(0x3f80), 1.0);
    }

    #[test]
    fn maximum_and_minimum_order_zeros() {
        assert!(binary(FloatBin::Maximum, -0.0, 0.0).is_sign_positive());
        assert!(binary(FloatBin::Minimum, -0.0, 0.0).is_sign_negative());
        assert!(binary(FloatBin::Maximum, f64::NAN, 1.0).is_nan());
        assert_eq!(binary(FloatBin::MaxNum, f64::NAN, 1.0), 1.0);
    }
}
