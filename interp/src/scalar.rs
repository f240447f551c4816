//! Scalar values as they live in memory: integers, `index` and floats, with their byte encoding.
//!
//! The heap stores raw bytes, so a buffer can be viewed with another element type
//! (`memref.view` of an `i8` buffer as `f32`) exactly as on a machine. This module converts
//! between typed [`Scalar`] values and their little-endian bytes.
//!
//! Invariants:
//! - An integer's `value` is always masked to its width: `Scalar::Int { bits: 8, value }` has
//!   `value < 256`. Signedness is a matter of interpretation ([`Scalar::as_i128`] sign-extends).
//! - `iN` occupies `ceil(N / 8)` bytes (so `i1` takes one byte, as in LLVM's data layout);
//!   `index` is 64 bits; integers wider than 128 bits keep their low 128 bits, upper bytes zero.
//! - Encoding then decoding with the same type is the identity (NaN payloads included).

use std::fmt;

/// The type of a value stored in memory; it determines the size and the decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarType {
    /// `iN` of the given width in bits.
    Int { bits: u32 },
    /// `index`, 64 bits wide.
    Index,
    /// `f16`, kept as its bits.
    F16,
    /// `bf16`, kept as its bits.
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

impl ScalarType {
    /// Bytes one value of this type occupies in memory.
    pub fn size_bytes(self) -> u64 {
        match self {
            ScalarType::Int { bits } => u64::from(bits).div_ceil(8),
            ScalarType::Index | ScalarType::F64 => 8,
            ScalarType::F16 | ScalarType::BF16 => 2,
            ScalarType::F32 => 4,
        }
    }
}

impl fmt::Display for ScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScalarType::Int { bits } => write!(f, "i{bits}"),
            ScalarType::Index => f.write_str("index"),
            ScalarType::F16 => f.write_str("f16"),
            ScalarType::BF16 => f.write_str("bf16"),
            ScalarType::F32 => f.write_str("f32"),
            ScalarType::F64 => f.write_str("f64"),
        }
    }
}

/// A value loaded from or stored to memory.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// An `iN` value, two's complement, masked to `bits`.
    Int { bits: u32, value: u128 },
    /// An `index` value.
    Index(i64),
    /// An `f16` value, as its bits.
    F16(u16),
    /// A `bf16` value, as its bits.
    BF16(u16),
    /// An `f32` value.
    F32(f32),
    /// An `f64` value.
    F64(f64),
}

impl Scalar {
    /// An `iN` value from any integer, truncated to `bits` (two's complement).
    pub fn int(bits: u32, value: i128) -> Scalar {
        Scalar::Int {
            bits,
            value: (value as u128) & int_mask(bits),
        }
    }

    /// The type of this value.
    pub fn ty(&self) -> ScalarType {
        match self {
            Scalar::Int { bits, .. } => ScalarType::Int { bits: *bits },
            Scalar::Index(_) => ScalarType::Index,
            Scalar::F16(_) => ScalarType::F16,
            Scalar::BF16(_) => ScalarType::BF16,
            Scalar::F32(_) => ScalarType::F32,
            Scalar::F64(_) => ScalarType::F64,
        }
    }

    /// An integer or index value, sign-extended from its width; `None` for floats.
    pub fn as_i128(&self) -> Option<i128> {
        match *self {
            Scalar::Int { bits, value } => Some(sign_extend(bits, value)),
            Scalar::Index(value) => Some(i128::from(value)),
            _ => None,
        }
    }

    /// An integer or index value, zero-extended from its width; `None` for floats.
    pub fn as_u128(&self) -> Option<u128> {
        match *self {
            Scalar::Int { value, .. } => Some(value),
            Scalar::Index(value) => Some(u128::from(value as u64)),
            _ => None,
        }
    }

    /// The little-endian bytes of this value, `ty().size_bytes()` of them.
    pub fn to_le_bytes(&self) -> Vec<u8> {
        match *self {
            Scalar::Int { bits, value } => int_to_le_bytes(bits, value),
            Scalar::Index(value) => value.to_le_bytes().to_vec(),
            Scalar::F16(bits) | Scalar::BF16(bits) => bits.to_le_bytes().to_vec(),
            Scalar::F32(value) => value.to_bits().to_le_bytes().to_vec(),
            Scalar::F64(value) => value.to_bits().to_le_bytes().to_vec(),
        }
    }

    /// Decodes a value of type `ty` from little-endian `bytes`; missing bytes read as zero.
    pub fn from_le_bytes(ty: ScalarType, bytes: &[u8]) -> Scalar {
        match ty {
            ScalarType::Int { bits } => Scalar::Int {
                bits,
                value: u128::from_le_bytes(fixed_bytes(bytes)) & int_mask(bits),
            },
            ScalarType::Index => Scalar::Index(i64::from_le_bytes(fixed_bytes(bytes))),
            ScalarType::F16 => Scalar::F16(u16::from_le_bytes(fixed_bytes(bytes))),
            ScalarType::BF16 => Scalar::BF16(u16::from_le_bytes(fixed_bytes(bytes))),
            ScalarType::F32 => Scalar::F32(f32::from_bits(u32::from_le_bytes(fixed_bytes(bytes)))),
            ScalarType::F64 => Scalar::F64(f64::from_bits(u64::from_le_bytes(fixed_bytes(bytes)))),
        }
    }
}

/// The mask of the low `bits` bits of a `u128` (all ones from 128 bits on).
fn int_mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// Sign-extends the low `bits` bits of `value`.
fn sign_extend(bits: u32, value: u128) -> i128 {
    if bits == 0 || bits >= 128 {
        return value as i128;
    }
    let shift = 128 - bits;
    ((value << shift) as i128) >> shift
}

/// `ceil(bits / 8)` little-endian bytes of `value`, zero-padded beyond 128 bits.
fn int_to_le_bytes(bits: u32, value: u128) -> Vec<u8> {
    let size = ScalarType::Int { bits }.size_bytes() as usize;
    let mut bytes = value.to_le_bytes().to_vec();
    bytes.resize(size, 0);
    bytes
}

/// The first `N` bytes of `bytes`, zero-padded when it is shorter.
fn fixed_bytes<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut fixed = [0u8; N];
    let len = bytes.len().min(N);
    fixed[..len].copy_from_slice(&bytes[..len]);
    fixed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_masked_and_sign_extend() {
        let minus_one = Scalar::int(8, -1);
        assert_eq!(
            minus_one,
            Scalar::Int {
                bits: 8,
                value: 255
            }
        );
        assert_eq!(minus_one.as_i128(), Some(-1));
        assert_eq!(minus_one.as_u128(), Some(255));
        assert_eq!(Scalar::int(1, 3).as_u128(), Some(1));
        assert_eq!(Scalar::int(128, -5).as_i128(), Some(-5));
    }

    #[test]
    fn sizes_follow_the_data_layout() {
        assert_eq!(ScalarType::Int { bits: 1 }.size_bytes(), 1);
        assert_eq!(ScalarType::Int { bits: 17 }.size_bytes(), 3);
        assert_eq!(ScalarType::Index.size_bytes(), 8);
        assert_eq!(ScalarType::BF16.size_bytes(), 2);
        assert_eq!(Scalar::int(256, 7).to_le_bytes().len(), 32);
    }

    #[test]
    fn encoding_round_trips() {
        let values = [
            Scalar::int(1, 1),
            Scalar::int(17, -2),
            Scalar::int(64, i128::from(i64::MIN)),
            Scalar::int(200, -1),
            Scalar::Index(-3),
            Scalar::F16(0x3C00),
            Scalar::BF16(0xFFC1),
            Scalar::F32(-0.1),
            Scalar::F64(1e300),
        ];
        for value in values {
            let bytes = value.to_le_bytes();
            assert_eq!(bytes.len() as u64, value.ty().size_bytes());
            assert_eq!(Scalar::from_le_bytes(value.ty(), &bytes), value);
        }
        let nan = Scalar::F32(f32::from_bits(0xFFC0_0001));
        let decoded = Scalar::from_le_bytes(ScalarType::F32, &nan.to_le_bytes());
        assert!(matches!(decoded, Scalar::F32(v) if v.to_bits() == 0xFFC0_0001));
    }

    #[test]
    fn reinterpretation_is_little_endian() {
        let bytes = Scalar::F32(1.0).to_le_bytes();
        assert_eq!(bytes, vec![0, 0, 0x80, 0x3F]);
        let as_int = Scalar::from_le_bytes(ScalarType::Int { bits: 32 }, &bytes);
        assert_eq!(as_int.as_u128(), Some(0x3F80_0000));
    }
}
