//! The data layout attributes `#dlti.dl_spec<...>` and `#dlti.dl_entry<...>`, parsed entry by
//! entry so that they print as `mlir-opt-22` prints them: a spec lists its entries as
//! `key = value` (whichever spelling they were written in), a lone entry stays
//! `#dlti.dl_entry<key, value>`, and every key and value is in its printed form
//! (`32` becomes `32 : i64`). Both are kept as [`AttrData::Opaque`] text, which
//! [`crate::data_layout`] reads.

use crate::asm::lexer::TokKind;
use crate::asm::printer::attr_to_string;
use crate::attrs::AttrData;
use crate::entity::Attr;

use super::{PResult, Parser};

/// The spelling of a data layout entry inside a spec.
const ENTRY: &str = "#dlti.dl_entry";

impl Parser<'_, '_> {
    /// Parses `#dlti.dl_spec<...>` (`spec`) or `#dlti.dl_entry<...>`, the current token.
    pub(super) fn parse_dlti_attr(&mut self, spec: bool) -> PResult<Attr> {
        self.bump();
        self.expect(TokKind::Less, "<")?;
        let text = if spec {
            let mut entries = Vec::new();
            if !self.eat(TokKind::Greater) {
                loop {
                    entries.push(self.parse_dlti_spec_entry()?);
                    if !self.eat(TokKind::Comma) {
                        break;
                    }
                }
                self.expect(TokKind::Greater, ">")?;
            }
            format!("dlti.dl_spec<{}>", entries.join(", "))
        } else {
            let (key, value) = self.parse_dlti_entry_body()?;
            format!("dlti.dl_entry<{key}, {value}>")
        };
        Ok(self.ctx.attr(AttrData::Opaque(text)))
    }

    /// One entry of a spec, `#dlti.dl_entry<key, value>` or `key = value`, as `key = value`.
    fn parse_dlti_spec_entry(&mut self) -> PResult<String> {
        if self.tok.kind == TokKind::HashId && self.text(self.tok) == ENTRY {
            self.bump();
            self.expect(TokKind::Less, "<")?;
            let (key, value) = self.parse_dlti_entry_body()?;
            return Ok(format!("{key} = {value}"));
        }
        let key = self.parse_dlti_key()?;
        self.expect(TokKind::Equal, "=")?;
        let value = self.parse_attribute()?;
        Ok(format!("{key} = {}", attr_to_string(self.ctx, value)))
    }

    /// `key, value>` of an entry, after its `<`.
    fn parse_dlti_entry_body(&mut self) -> PResult<(String, String)> {
        let key = self.parse_dlti_key()?;
        self.expect(TokKind::Comma, ",")?;
        let value = self.parse_attribute()?;
        self.expect(TokKind::Greater, ">")?;
        Ok((key, attr_to_string(self.ctx, value)))
    }

    /// An entry's key: a string or a type, in its printed form.
    fn parse_dlti_key(&mut self) -> PResult<String> {
        if self.tok.kind == TokKind::String {
            let key = self.parse_attribute()?;
            return Ok(attr_to_string(self.ctx, key));
        }
        let ty = self.parse_type()?;
        Ok(self.type_str(ty))
    }
}

/// Whether a dialect attribute name is the data layout spec (`Some(true)`) or entry
/// (`Some(false)`); `None` for any other.
pub(super) fn kind(name: &str) -> Option<bool> {
    match name {
        "dlti.dl_spec" => Some(true),
        "dlti.dl_entry" => Some(false),
        _ => None,
    }
}
