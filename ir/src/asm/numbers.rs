//! Float formats and MLIR's float printing.
//!
//! Float attributes keep the bits of their own format (16, 32 or 64 bits), so NaN payloads and
//! signed zeros survive a round trip. [`format_float`] reproduces MLIR's `printFloatValue`:
//! six-digit scientific notation when it reads back exactly, else LLVM `APFloat`'s natural
//! precision when that contains a `.`, else the bits in hexadecimal.

use crate::types::FloatKind;

/// Converts the bits of a float of `kind` to an `f64` (exact for every format but f80/f128).
pub fn bits_to_f64(bits: u64, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F16 => f16_to_f64(bits as u16),
        FloatKind::BF16 => f32::from_bits((bits as u32) << 16) as f64,
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(bits),
    }
}

/// Rounds an `f64` to the nearest value of `kind` and returns its bits.
pub fn f64_to_bits(value: f64, kind: FloatKind) -> u64 {
    match kind {
        FloatKind::F16 => f64_to_f16(value) as u64,
        FloatKind::BF16 => f32_to_bf16(value as f32) as u64,
        FloatKind::F32 => (value as f32).to_bits() as u64,
        _ => value.to_bits(),
    }
}

/// Parses a decimal literal directly into `kind`, rounding once.
pub fn parse_decimal_bits(text: &str, kind: FloatKind) -> Option<u64> {
    match kind {
        FloatKind::F32 => text.parse::<f32>().ok().map(|f| f.to_bits() as u64),
        _ => text.parse::<f64>().ok().map(|f| f64_to_bits(f, kind)),
    }
}

fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let frac = (h & 0x3ff) as f64;
    match exp {
        0 => sign * frac * 2f64.powi(-24),
        31 if frac == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        _ => sign * (1.0 + frac / 1024.0) * 2f64.powi(exp - 15),
    }
}

fn f64_to_f16(value: f64) -> u16 {
    let sign: u16 = if value.is_sign_negative() { 0x8000 } else { 0 };
    if value.is_nan() {
        return 0x7e00;
    }
    let a = value.abs();
    if a.is_infinite() || a >= 65520.0 {
        return sign | 0x7c00;
    }
    // Scale into units of the smallest subnormal (2^-24) and round to nearest even.
    if a < 2f64.powi(-14) {
        let units = round_half_even(a / 2f64.powi(-24));
        return sign | units as u16;
    }
    let exp = a.log2().floor() as i32;
    let mut exp = exp.clamp(-14, 15);
    if a < 2f64.powi(exp) {
        exp -= 1;
    }
    let mant = round_half_even((a / 2f64.powi(exp) - 1.0) * 1024.0);
    let (exp, mant) = if mant >= 1024.0 {
        (exp + 1, 0.0)
    } else {
        (exp, mant)
    };
    if exp > 15 {
        return sign | 0x7c00;
    }
    sign | (((exp + 15) as u16) << 10) | mant as u16
}

fn f32_to_bf16(f: f32) -> u16 {
    let bits = f.to_bits();
    if f.is_nan() {
        return ((bits >> 16) | 0x40) as u16;
    }
    let round = 0x7fff + ((bits >> 16) & 1);
    ((bits.wrapping_add(round)) >> 16) as u16
}

fn round_half_even(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
        r - x.signum()
    } else {
        r
    }
}

/// The hexadecimal spelling MLIR uses for special values: `0x7FC00000`.
pub fn hex_bits(bits: u64, kind: FloatKind) -> String {
    match kind {
        FloatKind::F16 | FloatKind::BF16 => format!("0x{:04X}", bits as u16),
        FloatKind::F32 => format!("0x{:08X}", bits as u32),
        _ => format!("0x{bits:016X}"),
    }
}

/// The decimal digits (no leading zeros, trailing zeros trimmed) and the decimal exponent of
/// the first digit, for `value` rounded to `precision` significant digits.
fn decimal_digits(value: f64, precision: usize) -> (String, i32) {
    let s = format!("{:.*e}", precision - 1, value.abs());
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let mut digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    while digits.len() > 1 && digits.ends_with('0') {
        digits.pop();
    }
    (digits, exp.parse().unwrap_or(0))
}

/// APFloat's natural precision for a format (`2 + precision * 59 / 196`).
fn natural_precision(kind: FloatKind) -> usize {
    let mantissa_bits = match kind {
        FloatKind::F16 => 11,
        FloatKind::BF16 => 8,
        FloatKind::F32 => 24,
        FloatKind::F64 => 53,
        FloatKind::F80 => 64,
        FloatKind::F128 => 113,
    };
    2 + mantissa_bits * 59 / 196
}

/// `APFloat::toString(str, 6, 0, false)`: six significant digits, scientific, padded.
fn scientific6(value: f64) -> String {
    let (digits, exp10) = decimal_digits(value, 6);
    let mut s = String::new();
    if value.is_sign_negative() {
        s.push('-');
    }
    s.push_str(&digits[..1]);
    s.push('.');
    s.push_str(&digits[1..]);
    for _ in digits.len() - 1..6 {
        s.push('0');
    }
    s.push('e');
    s.push(if exp10 >= 0 { '+' } else { '-' });
    s.push_str(&format!("{:02}", exp10.unsigned_abs()));
    s
}

/// `APFloat::toString(str)`: natural precision, trailing zeros truncated, padding 3.
fn natural(value: f64, kind: FloatKind) -> String {
    let precision = natural_precision(kind);
    let (digits, exp10) = decimal_digits(value, precision);
    let n = digits.len() as i32;
    let exp = exp10 - (n - 1);
    let mut s = String::new();
    if value.is_sign_negative() {
        s.push('-');
    }
    let scientific = if exp >= 0 {
        exp > 3 || n + exp > precision as i32
    } else {
        let msd = exp + n - 1;
        msd < 0 && -msd > 3
    };
    if scientific {
        s.push_str(&digits[..1]);
        s.push('.');
        if n == 1 {
            s.push('0');
        } else {
            s.push_str(&digits[1..]);
        }
        s.push('E');
        s.push(if exp10 >= 0 { '+' } else { '-' });
        s.push_str(&exp10.unsigned_abs().to_string());
    } else if exp >= 0 {
        s.push_str(&digits);
        for _ in 0..exp {
            s.push('0');
        }
    } else {
        let whole = exp + n;
        if whole > 0 {
            s.push_str(&digits[..whole as usize]);
            s.push('.');
            s.push_str(&digits[whole as usize..]);
        } else {
            s.push_str("0.");
            for _ in 0..-whole {
                s.push('0');
            }
            s.push_str(&digits);
        }
    }
    s
}

/// Prints a float of `kind` given by its bits exactly as MLIR's printer does.
pub fn format_float(bits: u64, kind: FloatKind) -> String {
    let value = bits_to_f64(bits, kind);
    if value.is_finite()
        && matches!(
            kind,
            FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64
        )
    {
        let sci = scientific6(value);
        if parse_decimal_bits(&sci, kind) == Some(bits) {
            return sci;
        }
        let nat = natural(value, kind);
        if nat.contains('.') {
            return nat;
        }
    }
    hex_bits(bits, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f64s(v: f64) -> String {
        format_float(v.to_bits(), FloatKind::F64)
    }

    fn f32s(v: f32) -> String {
        format_float(v.to_bits() as u64, FloatKind::F32)
    }

    // Expected strings were printed by `mlir-opt-22` for `arith.constant` ops.
    #[test]
    fn matches_mlir_opt_22() {
        assert_eq!(f64s(0.1), "1.000000e-01");
        assert_eq!(f32s(0.1), "1.000000e-01");
        assert_eq!(f64s(1.0e10), "1.000000e+10");
        assert_eq!(f64s(123456789.0), "0x419D6F3454000000");
        assert_eq!(f32s(1.5e-7), "1.500000e-07");
        assert_eq!(f64s(-0.0), "-0.000000e+00");
        assert_eq!(f64s(1.0e300), "1.000000e+300");
        assert_eq!(f64s(100.0), "1.000000e+02");
        assert_eq!(f64s(0.3333333333333333), "0.33333333333333331");
        assert_eq!(f32s(1234567.0), "0x4996B438");
        assert_eq!(format_float(0x7FC00000, FloatKind::F32), "0x7FC00000");
        assert_eq!(
            format_float(0xFFF0000000000000, FloatKind::F64),
            "0xFFF0000000000000"
        );
        let h = f64_to_bits(3.14159, FloatKind::F16);
        assert_eq!(format_float(h, FloatKind::F16), "3.140630e+00");
        let b = f64_to_bits(2.5, FloatKind::BF16);
        assert_eq!(format_float(b, FloatKind::BF16), "2.500000e+00");
    }
}
