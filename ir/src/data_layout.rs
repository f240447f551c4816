//! What the data layout says about sizes: the `dlti.dl_spec` attribute of an enclosing op.
//!
//! MLIR sizes `index` by the closest data layout: the `dlti.dl_spec` of the op itself or of
//! its nearest ancestor that has one. Both spellings of the `index` entry are read:
//!
//! ```text
//! module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 32>>} { ... }
//! module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} { ... }
//! ```

use crate::attrs::AttrData;
use crate::{Context, Op};

/// The name of the data layout attribute.
pub const DATA_LAYOUT_ATTR: &str = "dlti.dl_spec";

/// The bit width of `index` in the data layout closest to `op`, if one gives it.
pub fn index_bitwidth(ctx: &Context, op: Op) -> Option<u32> {
    let mut at = Some(op);
    while let Some(current) = at {
        if let Some(spec) = ctx.get_attr(current, DATA_LAYOUT_ATTR) {
            return match ctx.attr_data(spec) {
                AttrData::Opaque(text) => index_entry(text),
                _ => None,
            };
        }
        at = ctx.parent_op(current);
    }
    None
}

/// The `index` entry of a `dlti.dl_spec<...>` body: `#dlti.dl_entry<index, N>` or
/// `index = N` (each with an optional `: type`).
fn index_entry(spec: &str) -> Option<u32> {
    let body = spec.strip_prefix("dlti.dl_spec<")?.strip_suffix('>')?;
    let entry = |text: &str| {
        let text = text.trim();
        let value = text
            .strip_prefix("#dlti.dl_entry<index,")
            .and_then(|rest| rest.strip_suffix('>'))
            .or_else(|| {
                text.strip_prefix("index")
                    .map(str::trim_start)?
                    .strip_prefix('=')
            })?;
        let number = value.split(':').next()?.trim();
        number.parse::<u32>().ok()
    };
    split_top_level(body).into_iter().find_map(entry)
}

/// Splits at commas outside `<...>`.
fn split_top_level(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::index_entry;

    #[test]
    fn reads_both_spellings_of_the_index_entry() {
        assert_eq!(
            index_entry("dlti.dl_spec<#dlti.dl_entry<index, 256>>"),
            Some(256)
        );
        assert_eq!(
            index_entry(
                "dlti.dl_spec<#dlti.dl_entry<i64, dense<64> : vector<2xi64>>, #dlti.dl_entry<index, 32 : i64>>"
            ),
            Some(32)
        );
        assert_eq!(index_entry("dlti.dl_spec<index = 16 : i64>"), Some(16));
        assert_eq!(
            index_entry("dlti.dl_spec<\"dlti.endianness\" = \"little\">"),
            None
        );
    }
}
