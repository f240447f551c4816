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
        FloatKind::TF32 => f32::from_bits((bits as u32) << 13) as f64,
        FloatKind::BF16 => f32::from_bits((bits as u32) << 16) as f64,
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(bits),
    }
}

/// Rounds an `f64` to the nearest value of `kind` and returns its bits.
pub fn f64_to_bits(value: f64, kind: FloatKind) -> u64 {
    match kind {
        FloatKind::F16 => f64_to_f16(value) as u64,
        FloatKind::TF32 => f32_to_tf32(value as f32) as u64,
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

/// Rounds an `f32` to TF32 (round to nearest even on the 13 dropped mantissa bits).
fn f32_to_tf32(f: f32) -> u32 {
    let bits = f.to_bits();
    if f.is_nan() {
        return (bits >> 13) | 0x200;
    }
    let round = 0xfff + ((bits >> 13) & 1);
    bits.wrapping_add(round) >> 13
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
        FloatKind::TF32 => format!("0x{:X}", bits & 0x7ffff),
        FloatKind::F32 => format!("0x{:08X}", bits as u32),
        _ => format!("0x{bits:016X}"),
    }
}

/// A little-endian arbitrary-precision unsigned integer, just big enough for
/// `APFloat::toString`'s exact decimal conversion.
#[derive(Clone)]
struct BigUint(Vec<u32>);

impl BigUint {
    fn from_u64(v: u64) -> Self {
        BigUint(vec![v as u32, (v >> 32) as u32])
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    fn trailing_zeros(&self) -> u32 {
        let mut n = 0;
        for &l in &self.0 {
            if l == 0 {
                n += 32;
            } else {
                return n + l.trailing_zeros();
            }
        }
        n
    }

    fn bit_len(&self) -> u32 {
        for (i, &l) in self.0.iter().enumerate().rev() {
            if l != 0 {
                return i as u32 * 32 + (32 - l.leading_zeros());
            }
        }
        0
    }

    fn shr(&mut self, n: u32) {
        let (limbs, bits) = ((n / 32) as usize, n % 32);
        self.0.drain(..limbs.min(self.0.len()));
        if bits > 0 {
            let len = self.0.len();
            for i in 0..len {
                let hi = if i + 1 < len {
                    self.0[i + 1] << (32 - bits)
                } else {
                    0
                };
                self.0[i] = (self.0[i] >> bits) | hi;
            }
        }
    }

    fn shl(&mut self, n: u32) {
        let (limbs, bits) = ((n / 32) as usize, n % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for l in self.0.iter_mut() {
                let next = *l >> (32 - bits);
                *l = (*l << bits) | carry;
                carry = next;
            }
            self.0.push(carry);
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }

    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for l in self.0.iter_mut() {
            let v = *l as u64 * m as u64 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    /// Divides in place and returns the remainder.
    fn divrem_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for l in self.0.iter_mut().rev() {
            let v = (rem << 32) | *l as u64;
            *l = (v / d as u64) as u32;
            rem = v % d as u64;
        }
        rem as u32
    }
}

/// The IEEE parameters of a format: (precision in bits including the implicit one, exponent
/// bits).
fn ieee_params(kind: FloatKind) -> Option<(u32, u32)> {
    match kind {
        FloatKind::F16 => Some((11, 5)),
        FloatKind::BF16 => Some((8, 8)),
        FloatKind::TF32 => Some((11, 8)),
        FloatKind::F32 => Some((24, 8)),
        FloatKind::F64 => Some((53, 11)),
        _ => None,
    }
}

/// Emulates LLVM's `IEEEFloat::toString(Str, FormatPrecision, FormatMaxPadding,
/// TruncateZero)` digit for digit (truncating estimate, then round-half-up on the digits).
fn ap_to_string(
    bits: u64,
    kind: FloatKind,
    precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) -> Option<String> {
    let (p, e_bits) = ieee_params(kind)?;
    let width = p + e_bits;
    let negative = (bits >> (width - 1)) & 1 == 1;
    let biased = ((bits >> (p - 1)) & ((1 << e_bits) - 1)) as i32;
    let frac = bits & ((1u64 << (p - 1)) - 1);
    let bias = (1 << (e_bits - 1)) - 1;
    if biased == (1 << e_bits) - 1 {
        return None;
    }
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if biased == 0 && frac == 0 {
        if max_padding != 0 {
            out.push('0');
        } else if truncate_zero {
            out.push_str("0.0E+0");
        } else {
            out.push_str("0.0");
            for _ in 1..precision.max(1) {
                out.push('0');
            }
            out.push_str("e+00");
        }
        return Some(out);
    }
    let (significand, exponent) = if biased == 0 {
        (frac, 1 - bias)
    } else {
        (frac | (1u64 << (p - 1)), biased - bias)
    };
    let precision = if precision == 0 {
        2 + p * 59 / 196
    } else {
        precision
    };
    let mut exp = exponent - (p as i32 - 1);
    let mut sig = BigUint::from_u64(significand);
    let tz = sig.trailing_zeros();
    exp += tz as i32;
    sig.shr(tz);
    if exp > 0 {
        sig.shl(exp as u32);
        exp = 0;
    } else if exp < 0 {
        for _ in 0..-exp {
            sig.mul_small(5);
        }
    }
    // AdjustToPrecision on the integer: drop an underestimate of the excess digits.
    let bit_count = sig.bit_len();
    let bits_required = (precision * 196).div_ceil(59);
    if bit_count > bits_required {
        let removable = (bit_count - bits_required) * 59 / 196;
        exp += removable as i32;
        for _ in 0..removable {
            sig.divrem_small(10);
        }
    }
    // Digits, least significant first, trailing zeros dropped.
    let mut digits: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !sig.is_zero() {
        let d = sig.divrem_small(10) as u8;
        if in_trail && d == 0 {
            exp += 1;
        } else {
            digits.push(b'0' + d);
            in_trail = false;
        }
    }
    adjust_digits(&mut digits, &mut exp, precision as usize);
    let n = digits.len();
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u32 > max_padding || n as u32 + exp as u32 > precision
    } else {
        let msd = exp + n as i32 - 1;
        msd < 0 && (-msd) as u32 > max_padding
    };
    let digit = |i: usize| digits[n - 1 - i] as char;
    if scientific {
        exp += n as i32 - 1;
        out.push(digit(0));
        out.push('.');
        if n == 1 && truncate_zero {
            out.push('0');
        } else {
            (1..n).for_each(|i| out.push(digit(i)));
        }
        if !truncate_zero && precision as usize > n - 1 {
            (0..precision as usize - n + 1).for_each(|_| out.push('0'));
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let e = exp.unsigned_abs();
        if !truncate_zero && e < 10 {
            out.push('0');
        }
        out.push_str(&e.to_string());
        return Some(out);
    }
    if exp >= 0 {
        (0..n).for_each(|i| out.push(digit(i)));
        (0..exp).for_each(|_| out.push('0'));
        return Some(out);
    }
    let whole = exp + n as i32;
    let mut i = 0;
    if whole > 0 {
        while i < whole as usize {
            out.push(digit(i));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        (0..-whole).for_each(|_| out.push('0'));
    }
    (i..n).for_each(|i| out.push(digit(i)));
    Some(out)
}

/// `AdjustToPrecision` on the digit buffer (least significant digit first): round half up to
/// `precision` digits, dropping trailing zeros.
fn adjust_digits(digits: &mut Vec<u8>, exp: &mut i32, precision: usize) {
    let n = digits.len();
    if n <= precision {
        return;
    }
    let mut first = n - precision;
    if digits[first - 1] < b'5' {
        while first < n && digits[first] == b'0' {
            first += 1;
        }
        *exp += first as i32;
        digits.drain(..first);
        return;
    }
    let start = first;
    for digit in &mut digits[start..] {
        if *digit == b'9' {
            first += 1;
        } else {
            *digit += 1;
            break;
        }
    }
    *exp += first as i32;
    if first == n {
        digits.clear();
        digits.push(b'1');
        return;
    }
    digits.drain(..first);
}

/// Prints a float of `kind` given by its bits exactly as MLIR's printer does.
pub fn format_float(bits: u64, kind: FloatKind) -> String {
    if let Some(sci) = ap_to_string(bits, kind, 6, 0, false) {
        if parse_decimal_bits(&sci, kind) == Some(bits) {
            return sci;
        }
        if let Some(nat) = ap_to_string(bits, kind, 0, 3, true)
            && nat.contains('.')
        {
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
        let h = f64_to_bits(3.140625, FloatKind::F16);
        assert_eq!(format_float(h, FloatKind::F16), "3.140630e+00");
        let tenth = f64_to_bits(0.1, FloatKind::F16);
        assert_eq!(format_float(tenth, FloatKind::F16), "9.997550e-02");
        let b = f64_to_bits(2.5, FloatKind::BF16);
        assert_eq!(format_float(b, FloatKind::BF16), "2.500000e+00");
    }
}
