//! Small numeric helpers shared by the parser, printer and folders.

/// Sign-extends the low `width` bits of `value` to 128 bits.
pub fn sext(value: i128, width: u32) -> i128 {
    if width == 0 || width >= 128 {
        return value;
    }
    let shift = 128 - width;
    (value << shift) >> shift
}

/// Zero-extends the low `width` bits of `value`.
pub fn zext(value: i128, width: u32) -> u128 {
    if width >= 128 {
        return value as u128;
    }
    (value as u128) & ((1u128 << width) - 1)
}
