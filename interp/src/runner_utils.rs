//! The print functions of MLIR's C runner utilities (`libmlir_c_runner_utils`), byte for byte.
//!
//! Test programs declare these as externals (`func.func private @printF32(f32)`), so the same
//! program runs under `mlir-runner-22` and under this interpreter, and the two outputs must be
//! identical. Every function here returns the exact text the C library writes to stdout:
//!
//! | function       | C implementation      | example output            |
//! | -------------- | --------------------- | ------------------------- |
//! | `printI64`     | `printf("%lld", v)`   | `-9223372036854775808`    |
//! | `printU64`     | `printf("%llu", v)`   | `18446744073709551615`    |
//! | `printF32`     | `printf("%g", (double)v)` | `3.40282e+38`, `-nan` |
//! | `printF64`     | `printf("%lg", v)`    | `4.94066e-324`, `-0`      |
//! | `printNewline` | `"\n"`                | newline                   |
//! | `printComma`   | `", "`                | comma and one space       |
//! | `printOpen`    | `"( "`                | parenthesis and one space |
//! | `printClose`   | `" )"`                | space and parenthesis     |
//!
//! `printMemrefF32`, `printMemrefF64`, `printMemrefI32`, `printMemrefI64` and `printMemrefInd`
//! (`libmlir_runner_utils`, C++ streams) print an unranked memref: see [`print_memref`].
//! Elements of `f32`/`f64` print as C++ streams do, which is `%g` again.
//!
//! Invariants: output depends only on the argument's bits (no locale, no global state), and
//! `%g` is reproduced exactly: six significant digits, ties rounded to even on the exact binary
//! value (as glibc does), trailing zeros and a trailing point removed, exponents of at least two
//! digits, `inf`/`-inf`, and `nan`/`-nan` following the sign bit of the NaN. A `f32` argument is
//! widened to `f64` before formatting, exactly as C's variadic promotion does.

/// Significant digits of C's `%g` without an explicit precision.
const G_PRECISION: i32 = 6;

/// `printI64(i64)`: the signed decimal value.
pub fn print_i64(value: i64) -> String {
    value.to_string()
}

/// `printU64(i64)`: the argument's 64 bits read as an unsigned decimal value.
pub fn print_u64(value: u64) -> String {
    value.to_string()
}

/// `printF32(f32)`: C's `%g` of the value widened to `f64`.
pub fn print_f32(value: f32) -> String {
    format_c_g(f64::from(value))
}

/// `printF64(f64)`: C's `%lg`.
pub fn print_f64(value: f64) -> String {
    format_c_g(value)
}

/// `printNewline()`.
pub fn print_newline() -> String {
    "\n".to_owned()
}

/// `printComma()`: a comma followed by one space.
pub fn print_comma() -> String {
    ", ".to_owned()
}

/// `printOpen()`: an opening parenthesis followed by one space.
pub fn print_open() -> String {
    "( ".to_owned()
}

/// `printClose()`: one space followed by a closing parenthesis.
pub fn print_close() -> String {
    " )".to_owned()
}

/// What `printMemref*` prints before the elements of a memref.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemrefMeta {
    /// The aligned pointer (`0` for a null memref).
    pub address: u64,
    /// Offset of the first element, in elements.
    pub offset: i64,
    /// Size of each dimension.
    pub sizes: Vec<i64>,
    /// Stride of each dimension, in elements.
    pub strides: Vec<i64>,
}

/// `printMemrefF32` and its siblings (`libmlir_runner_utils`, C++ streams): a header line
/// `Unranked Memref base@ = 0x... rank = R offset = O sizes = [..] strides = [..] data = `,
/// then the elements as nested lists, one innermost list per line, each nested list indented
/// by its depth and items separated by `,` plus as many spaces as the rank. `element(i)` gives
/// the text of the element at linear index `i` (offset included) or an error that stops the
/// printing. Like the C++ code, a dimension of size 0 still prints its first element.
pub fn print_memref<E>(
    meta: &MemrefMeta,
    element: &mut dyn FnMut(i64) -> Result<String, E>,
) -> Result<String, E> {
    let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let address = match meta.address {
        0 => "0".to_owned(),
        a => format!("{a:#x}"),
    };
    let mut out = format!(
        "Unranked Memref base@ = {address} rank = {} offset = {} sizes = [{}] strides = [{}] data = \n",
        meta.sizes.len(),
        meta.offset,
        list(&meta.sizes),
        list(&meta.strides)
    );
    let rank = meta.sizes.len();
    if rank == 0 {
        out.push('[');
        out.push_str(&element(meta.offset)?);
        out.push(']');
    } else {
        print_memref_dims(meta, 0, meta.offset, element, &mut out)?;
    }
    out.push('\n');
    Ok(out)
}

/// One nested list of [`print_memref`]: dimension `dim` starting at linear index `start`.
fn print_memref_dims<E>(
    meta: &MemrefMeta,
    dim: usize,
    start: i64,
    element: &mut dyn FnMut(i64) -> Result<String, E>,
    out: &mut String,
) -> Result<(), E> {
    let rank = meta.sizes.len();
    if dim == rank {
        out.push_str(&element(start)?);
        return Ok(());
    }
    let innermost = dim + 1 == rank;
    let count = meta.sizes[dim].max(1);
    out.push('[');
    for i in 0..count {
        if i > 0 {
            out.push(',');
            out.push_str(if innermost { " " } else { " \n" });
            out.extend(std::iter::repeat_n(' ', dim + 1));
        }
        let at = start.wrapping_add(i.wrapping_mul(meta.strides[dim]));
        print_memref_dims(meta, dim + 1, at, element, out)?;
    }
    out.push(']');
    Ok(())
}

/// An element as a C++ stream prints it: floats as `%g`, integers in decimal (signed).
pub fn stream_scalar(value: &crate::scalar::Scalar) -> String {
    use crate::scalar::Scalar;
    match *value {
        Scalar::F32(f) => format_c_g(f64::from(f)),
        Scalar::F64(f) => format_c_g(f),
        Scalar::Index(i) => i.to_string(),
        Scalar::Int { bits, value } => crate::value::sext(value, bits).to_string(),
        Scalar::F16(bits) => format_c_g(f64::from(crate::ops::float::f16_to_f32(bits))),
        Scalar::BF16(bits) => format_c_g(f64::from(crate::ops::float::bf16_to_f32(bits))),
    }
}

/// The names of the runner-utils functions this module implements, sorted.
pub const FUNCTION_NAMES: [&str; 13] = [
    "printClose",
    "printComma",
    "printF32",
    "printF64",
    "printI64",
    "printMemrefF32",
    "printMemrefF64",
    "printMemrefI32",
    "printMemrefI64",
    "printMemrefInd",
    "printNewline",
    "printOpen",
    "printU64",
];

/// Formats `value` as C's `printf("%g", value)` does with glibc.
pub fn format_c_g(value: f64) -> String {
    if let Some(special) = format_non_finite_or_zero(value) {
        return special;
    }
    let (mantissa, exponent) = scientific_parts(value, G_PRECISION - 1);
    // C's rule: scientific notation when the exponent is below -4 or at least the precision.
    if !(-4..G_PRECISION).contains(&exponent) {
        format!(
            "{}e{}{:02}",
            strip_fraction_zeros(&mantissa),
            if exponent < 0 { '-' } else { '+' },
            exponent.unsigned_abs()
        )
    } else {
        let decimals = (G_PRECISION - 1 - exponent) as usize;
        strip_fraction_zeros(&format!("{value:.decimals$}")).to_owned()
    }
}

/// The `%g` text of NaNs, infinities and zeros, whose sign C prints from the sign bit.
fn format_non_finite_or_zero(value: f64) -> Option<String> {
    let sign = if value.is_sign_negative() { "-" } else { "" };
    let body = if value.is_nan() {
        "nan"
    } else if value.is_infinite() {
        "inf"
    } else if value == 0.0 {
        "0"
    } else {
        return None;
    };
    Some(format!("{sign}{body}"))
}

/// Splits `value` rounded to `decimals` fraction digits in scientific notation into its
/// mantissa text (`"-1.23457"`) and decimal exponent. Rounding is exact, ties to even.
fn scientific_parts(value: f64, decimals: i32) -> (String, i32) {
    let decimals = decimals.max(0) as usize;
    let text = format!("{value:.decimals$e}");
    match text.split_once('e') {
        Some((mantissa, exponent)) => match exponent.parse::<i32>() {
            Ok(exponent) => (mantissa.to_owned(), exponent),
            Err(_) => (text, 0),
        },
        None => (text, 0),
    }
}

/// Removes trailing zeros of a fraction and then a trailing decimal point, as `%g` does.
fn strip_fraction_zeros(text: &str) -> &str {
    if !text.contains('.') {
        return text;
    }
    text.trim_end_matches('0').trim_end_matches('.')
}

#[cfg(test)]
mod tests {
    //! Expected strings are the output of the real library, produced by:
    //!
    //! ```sh
    //! mlir-opt-22 --convert-scf-to-cf --convert-arith-to-llvm --convert-func-to-llvm \
    //!   --convert-cf-to-llvm --reconcile-unrealized-casts prog.mlir -o prog.ll.mlir
    //! mlir-runner-22 -e main --entry-point-result=void \
    //!   --shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so.22.1 prog.ll.mlir
    //! ```
    //!
    //! where `prog.mlir` calls `@printF32`/`@printF64`/... on `arith.constant 0x... : f32`
    //! (hex constants give exact bit patterns, including NaN payloads and subnormals), each
    //! followed by `@printNewline`.
    use super::*;

    /// (f32 bits, mlir-runner-22 output of printF32).
    const F32_OBSERVED: &[(u32, &str)] = &[
        (0x0000_0000, "0"),
        (0x8000_0000, "-0"),
        (0x3F80_0000, "1"),
        (0xBF80_0000, "-1"),
        (0x3DCC_CCCD, "0.1"),
        (0x5015_02F9, "1e+10"),
        (0x2EDB_E6FF, "1e-10"),
        (0x4CEB_79A3, "1.23457e+08"),
        (0x7FC0_0000, "nan"),
        (0xFFC0_0000, "-nan"),
        (0x7F80_0000, "inf"),
        (0xFF80_0000, "-inf"),
        (0x0000_0001, "1.4013e-45"),
        (0x8000_0001, "-1.4013e-45"),
        (0x007F_FFFF, "1.17549e-38"),
        (0x0080_0000, "1.17549e-38"),
        (0x7F7F_FFFF, "3.40282e+38"),
        (0x7F7F_C99E, "3.4e+38"),
        (0x3EAA_AAAB, "0.333333"),
        (0x42F6_E979, "123.456"),
        (0x4974_2400, "1e+06"),
        (0x4974_2410, "1e+06"),
        (0x3727_C5AC, "1e-05"),
        (0x38D1_B717, "0.0001"),
        (0x7FC0_0001, "nan"),
        (0x7FA0_0000, "nan"),
        (0x4049_0FDB, "3.14159"),
        (0x4B18_9680, "1e+07"),
        (0x47C3_5000, "100000"),
        (0x47C3_4F80, "99999"),
        (0x4996_B428, "1.23456e+06"), // 1234565: a tie, rounded to even
        (0x47C3_5040, "100000"),      // 100000.5: a tie, rounded to even
        (0x47C3_50C0, "100002"),      // 100001.5: a tie, rounded to even
        (0x3901_742E, "0.000123457"),
        (0x4974_23F8, "1e+06"),
        (0x4B18_967B, "1e+07"),
        (0x47F1_2000, "123456"),
        (0x4996_B438, "1.23457e+06"),
        (0x52E6_B438, "4.95433e+11"),
        (0x6513_270E, "4.34318e+22"),
        (0x128B_2F33, "8.78377e-28"),
        (0x1818_E811, "1.97627e-24"),
        (0x0ED9_0475, "5.34989e-30"),
        (0x36F6_75CC, "7.34508e-06"),
        (0x6F03_675A, "4.06675e+28"),
        (0x3D9C_1724, "0.076216"),
        (0x6CAD_4A26, "1.67595e+27"),
        (0x90C1_92CF, "-7.63513e-29"),
        (0x3926_3059, "0.00015849"),
        (0x953F_48F1, "-3.86297e-26"),
        (0x93BD_04CF, "-4.7715e-27"),
        (0x0CB1_E29C, "2.74076e-31"),
        (0x0BEC_D7B0, "9.12284e-32"),
        (0x2217_BEAD, "2.05653e-18"),
        (0x24ED_E6A4, "1.03173e-16"),
        (0x9227_6658, "-5.28221e-28"),
        (0xD0ED_A82F, "-3.18978e+10"),
        (0x1A61_DBE2, "4.67065e-23"),
        (0xA38F_D547, "-1.55944e-17"),
        (0x18F1_35D2, "6.23514e-24"),
        (0x1012_F037, "2.89785e-29"),
        (0x9E77_69B1, "-1.30979e-20"),
        (0xAE2E_B154, "-3.97205e-11"),
        (0xC6F8_7718, "-31803.5"),
        (0x95E7_61D1, "-9.34545e-26"),
        (0x5C90_A958, "3.25749e+17"),
        (0xCB5C_7427, "-1.44477e+07"),
        (0xC7A2_EA20, "-83412.2"),
        (0x930D_6EAF, "-1.78513e-27"),
        (0x7EBF_F206, "1.2757e+38"),
        (0xBABC_ED20, "-0.00144139"),
        (0x9BE4_BCFC, "-3.78416e-22"),
        (0x1E39_8F10, "9.8234e-21"),
        (0x2A3A_F4D4, "1.66051e-13"),
        (0x26E8_7555, "1.613e-15"),
        (0x6BF4_6C69, "5.9098e+26"),
        (0xAB10_31D0, "-5.12282e-13"),
        (0x8EDE_0D7A, "-5.47402e-30"),
    ];

    /// (f64 bits, mlir-runner-22 output of printF64).
    const F64_OBSERVED: &[(u64, &str)] = &[
        (0x0000_0000_0000_0000, "0"),
        (0x8000_0000_0000_0000, "-0"),
        (0x3FF0_0000_0000_0000, "1"),
        (0x3FB9_9999_9999_999A, "0.1"),
        (0x4202_A05F_2000_0000, "1e+10"),
        (0x3DDB_7CDF_D9D7_BDBB, "1e-10"),
        (0x419D_6F34_5400_0000, "1.23457e+08"),
        (0x7FF8_0000_0000_0000, "nan"),
        (0xFFF8_0000_0000_0000, "-nan"),
        (0xFFF8_0000_0000_0001, "-nan"),
        (0xFFF0_0000_0000_0001, "-nan"),
        (0x7FF0_0000_0000_0001, "nan"),
        (0x7FF0_0000_0000_0000, "inf"),
        (0xFFF0_0000_0000_0000, "-inf"),
        (0x0000_0000_0000_0001, "4.94066e-324"),
        (0x000F_FFFF_FFFF_FFFF, "2.22507e-308"),
        (0x0010_0000_0000_0000, "2.22507e-308"),
        (0x7FEF_FFFF_FFFF_FFFF, "1.79769e+308"),
        (0x4009_21FB_5444_2D18, "3.14159"),
        (0x3FD5_5555_5555_5555, "0.333333"),
        (0x412E_8480_0000_0000, "1e+06"),
        (0x412E_847F_FFFF_FFFF, "1e+06"),
        (0x3EE4_F8B5_88E3_68F1, "1e-05"),
        (0x3EE4_F8B5_855E_B0A4, "1e-05"),
        (0x3F1A_36E2_EB1C_432D, "0.0001"),
        (0x4415_AF1D_78B5_8C40, "1e+20"),
        (0xC0FE_240C_9FBE_76C9, "-123457"),
        (0x4132_D685_0000_0000, "1.23456e+06"), // 1234565: a tie, rounded to even
        (0x40F8_6A08_0000_0000, "100000"),      // 100000.5: a tie, rounded to even
        (0x40F8_6A18_0000_0000, "100002"),      // 100001.5: a tie, rounded to even
        (0x3F20_2E85_BE11_1841, "0.000123457"),
        (0x412E_847F_0000_0000, "1e+06"),
        (0x4163_12CF_6000_0000, "1e+07"),
        (0x40FE_2400_0000_0000, "123456"),
        (0x4132_D687_0000_0000, "1.23457e+06"),
        (0x269E_0D37_F2A7_4DE4, "1.1365e-122"),
        (0x0C5C_7FD0_A6A3_A450, "3.9805e-249"),
        (0x892F_902B_D23F_0824, "-1.95774e-264"),
        (0x9531_985D_5D9D_C9F8, "-1.37011e-206"),
        (0x81E7_4EF5_E8E2_5D94, "-1.74023e-299"),
        (0x1600_A35A_0999_50D8, "1.06134e-202"),
        (0x11E2_0B8F_6B0D_549B, "1.56003e-222"),
        (0x8D11_6ECE_1738_F7D9, "-9.97313e-246"),
        (0xD3AC_94AF_0F21_DDB6, "-1.19235e+95"),
        (0xF28C_105D_1FB1_7C23, "-5.98818e+243"),
        (0xA09F_76B5_A170_B338, "-1.50187e-151"),
        (0x0FD6_30F1_F29D_0DA9, "2.23339e-232"),
        (0x658C_DA14_95E6_0AF5, "1.49652e+181"),
        (0x3898_D190_F9EB_DACC, "4.66786e-36"),
        (0xDBC4_96CB_8E81_973E, "-1.16913e+134"),
        (0x6B4C_B242_4A23_D596, "7.37044e+208"),
        (0x1E27_A1C0_8A6A_63EC, "2.05187e-163"),
        (0x8F6D_0558_4EF8_AA38, "-2.28183e-234"),
        (0x2E44_158B_AE97_BA94, "8.0769e-86"),
        (0x923A_7369_94E3_BF91, "-7.3175e-221"),
        (0x5F55_7203_3018_50C5, "1.75498e+151"),
        (0xB64C_E422_8C38_FB29, "-3.95363e-47"),
        (0x0F42_05B4_907A_70C3, "3.54261e-235"),
        (0x7F15_0524_34B9_B5DF, "1.44148e+304"),
        (0x6D76_B07E_881E_D162, "2.00235e+219"),
        (0x7731_AF10_506B_F2EF, "1.42552e+266"),
        (0x7403_E430_EC66_A787, "7.12084e+250"),
        (0x3F98_E277_4CBD_87AD, "0.0243014"),
        (0xB2F1_4C94_2E05_319A, "-2.62824e-63"),
        (0x14F4_733F_3E7D_1BFB, "9.95268e-208"),
        (0x8673_4721_4CDD_2055, "-1.35939e-277"),
        (0x57EE_05CD_E009_02C7, "3.69673e+115"),
        (0x49B6_4A08_72E6_CC3A, "1.27249e+47"),
        (0x12BD_4ACE_FAEC_BD38, "2.07451e-218"),
        (0x6B0A_18E8_830E_07BC, "4.18931e+207"),
        (0x5790_F82E_C1D3_FCFF, "6.5296e+113"),
        (0x7D2C_AF82_EEEA_CBE2, "9.1603e+294"),
        (0xF646_E1F4_0A09_7C97, "-5.62927e+261"),
        (0xC3BA_EA9E_13DE_EF86, "-1.93954e+18"),
        (0xCA02_135E_92B1_D3F2, "-3.3022e+48"),
    ];

    /// (argument, mlir-runner-22 output of printI64).
    const I64_OBSERVED: &[(i64, &str)] = &[
        (0, "0"),
        (1, "1"),
        (-1, "-1"),
        (i64::MAX, "9223372036854775807"),
        (i64::MIN, "-9223372036854775808"),
        (42, "42"),
        (-42, "-42"),
        (1_000_000, "1000000"),
    ];

    /// (argument as i64 bits, mlir-runner-22 output of printU64).
    const U64_OBSERVED: &[(i64, &str)] = &[
        (0, "0"),
        (1, "1"),
        (-1, "18446744073709551615"),
        (i64::MAX, "9223372036854775807"),
        (i64::MIN, "9223372036854775808"),
        (42, "42"),
        (-42, "18446744073709551574"),
        (1_000_000, "1000000"),
    ];

    #[test]
    fn print_f32_matches_mlir_runner() {
        for &(bits, expected) in F32_OBSERVED {
            assert_eq!(
                print_f32(f32::from_bits(bits)),
                expected,
                "f32 bits {bits:#010x}"
            );
        }
    }

    #[test]
    fn print_f64_matches_mlir_runner() {
        for &(bits, expected) in F64_OBSERVED {
            assert_eq!(
                print_f64(f64::from_bits(bits)),
                expected,
                "f64 bits {bits:#018x}"
            );
        }
    }

    #[test]
    fn print_i64_matches_mlir_runner() {
        for &(value, expected) in I64_OBSERVED {
            assert_eq!(print_i64(value), expected);
        }
    }

    #[test]
    fn print_u64_matches_mlir_runner() {
        for &(value, expected) in U64_OBSERVED {
            assert_eq!(print_u64(value as u64), expected);
        }
    }

    /// Observed: `printF32(0.0); printNewline(); printF32(-0.0); printComma(); printOpen();
    /// printClose(); printNewline()` prints `"0\n-0, (  )\n"`.
    #[test]
    fn punctuation_matches_mlir_runner() {
        let text = [
            print_f32(0.0),
            print_newline(),
            print_f32(-0.0),
            print_comma(),
            print_open(),
            print_close(),
            print_newline(),
        ]
        .concat();
        assert_eq!(text, "0\n-0, (  )\n");
    }
}
