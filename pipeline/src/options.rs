//! Typed pass options: declared with [`pass_option!`], parsed from `name{key=value ...}` with
//! `mlir-opt`'s error messages, and printed back for pipeline dumps.
//!
//! An option is a field of the pass's options struct (which lives in the pass's library crate,
//! `dealloc::DeallocOptions` for instance) plus its flag name and description. The field's Rust
//! type decides how a value is spelled, through [`OptionType`]: `bool` (`true`/`false`/`1`/`0`, or
//! the bare name for `true`), `i64` and `u32` (decimal or `0x` hexadecimal) and option enums. The default
//! is the options struct's `Default`, so the library and the command line cannot disagree.

use simplify::RegionSimplify;

/// How the values of one Rust type are spelled in pass options.
pub trait OptionType: Sized {
    /// The value's name in `--help` (`<long>`) and in errors, as `mlir-opt` calls it.
    const TYPE_NAME: &'static str;
    /// The accepted spellings with what each means, for enums (empty otherwise).
    const CHOICES: &'static [(&'static str, &'static str)] = &[];
    /// Parses `text` (`None` when the option is given without `=value`); the error is
    /// `mlir-opt`'s message after `for the --NAME option: `.
    fn parse_option(text: Option<&str>) -> Result<Self, String>;
    /// The spelling [`OptionType::parse_option`] reads back.
    fn print_option(&self) -> String;
}

impl OptionType for bool {
    const TYPE_NAME: &'static str = "bool";

    fn parse_option(text: Option<&str>) -> Result<Self, String> {
        match text.unwrap_or("") {
            "" | "true" | "TRUE" | "True" | "1" => Ok(true),
            "false" | "FALSE" | "False" | "0" => Ok(false),
            other => Err(format!(
                "'{other}' is invalid value for boolean argument! Try 0 or 1"
            )),
        }
    }

    fn print_option(&self) -> String {
        self.to_string()
    }
}

impl OptionType for i64 {
    const TYPE_NAME: &'static str = "long";

    fn parse_option(text: Option<&str>) -> Result<Self, String> {
        let text = text.ok_or_else(|| "requires a value!".to_string())?;
        parse_integer(text).ok_or_else(|| format!("'{text}' value invalid for long argument!"))
    }

    fn print_option(&self) -> String {
        self.to_string()
    }
}

impl OptionType for u32 {
    const TYPE_NAME: &'static str = "uint";

    fn parse_option(text: Option<&str>) -> Result<Self, String> {
        let text = text.ok_or_else(|| "requires a value!".to_string())?;
        parse_integer(text)
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| format!("'{text}' value invalid for uint argument!"))
    }

    fn print_option(&self) -> String {
        self.to_string()
    }
}

/// A decimal or `0x`-hexadecimal integer with an optional sign.
fn parse_integer(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let magnitude = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => i128::from_str_radix(hex, 16).ok()?,
        None if digits.bytes().all(|b| b.is_ascii_digit()) => digits.parse::<i128>().ok()?,
        None => return None,
    };
    i64::try_from(if negative { -magnitude } else { magnitude }).ok()
}

/// Implements [`OptionType`] for an enum from its spellings.
macro_rules! option_enum {
    ($ty:ty { $($variant:path => $spelling:literal: $meaning:literal),+ $(,)? }) => {
        impl OptionType for $ty {
            const TYPE_NAME: &'static str = "value";
            const CHOICES: &'static [(&'static str, &'static str)] = &[$(($spelling, $meaning)),+];

            fn parse_option(text: Option<&str>) -> Result<Self, String> {
                match text.unwrap_or("") {
                    $($spelling => Ok($variant),)+
                    other => Err(format!("Cannot find option named '{other}'!")),
                }
            }

            fn print_option(&self) -> String {
                match self {
                    $($variant => $spelling,)+
                }
                .to_string()
            }
        }
    };
}

option_enum!(RegionSimplify {
    RegionSimplify::Disabled => "disabled": "leave blocks and regions as they are",
    RegionSimplify::Normal => "normal": "erase unreachable blocks, merge single-predecessor blocks",
    RegionSimplify::Aggressive => "aggressive": "the same as normal here",
});

/// One option of a pass whose options struct is `O`, made by [`pass_option!`].
pub struct OptionDecl<O: 'static> {
    /// The key in `name{key=value}` and `--name=key=value`.
    pub name: &'static str,
    /// What the option does (`--help`).
    pub description: &'static str,
    /// The value's type name ([`OptionType::TYPE_NAME`]).
    pub type_name: &'static str,
    /// The accepted spellings of an enum ([`OptionType::CHOICES`]).
    pub choices: &'static [(&'static str, &'static str)],
    /// Parses a value into the option's field.
    pub set: fn(&mut O, Option<&str>) -> Result<(), String>,
    /// The field's value, spelled as [`OptionDecl::set`] reads it.
    pub get: fn(&O) -> String,
}

/// Declares an option of a pass: `pass_option!("flag-name", field: Type, "what it does")`.
/// The field's Rust type must implement [`OptionType`].
#[macro_export]
macro_rules! pass_option {
    ($name:literal, $field:ident: $ty:ty, $description:expr) => {
        $crate::options::OptionDecl {
            name: $name,
            description: $description,
            type_name: <$ty as $crate::options::OptionType>::TYPE_NAME,
            choices: <$ty as $crate::options::OptionType>::CHOICES,
            set: |options, text| {
                options.$field = <$ty as $crate::options::OptionType>::parse_option(text)?;
                Ok(())
            },
            get: |options| <$ty as $crate::options::OptionType>::print_option(&options.$field),
        }
    };
}

/// Parses the text inside `name{...}` into `O`, starting from `O::default()`. Errors read as
/// `mlir-opt`'s, followed by the line saying which pass could not be added.
pub fn parse_options<O: Default>(
    pass: &str,
    declared: &[OptionDecl<O>],
    text: &str,
) -> Result<O, String> {
    let mut options = O::default();
    let failed =
        |message: String| format!("{message}\nfailed to add `{pass}` with options `{text}`");
    for (key, value) in split_options(text).map_err(failed)? {
        let Some(option) = declared.iter().find(|o| o.name == key) else {
            return Err(failed(format!(
                "<Pass-Options-Parser>: no such option {key}"
            )));
        };
        (option.set)(&mut options, value.as_deref())
            .map_err(|message| failed(format!("for the --{key} option: {message}")))?;
    }
    Ok(options)
}

/// Every option with its value, `{a=1 b=true}` in declaration order, or nothing when the pass
/// has no options (how `mlir-opt` dumps a pipeline).
pub fn print_options<O>(declared: &[OptionDecl<O>], options: &O) -> String {
    if declared.is_empty() {
        return String::new();
    }
    format!("{{{}}}", print_assignments(declared, options))
}

/// Every option with its value, `a=1 b=true`: the text inside a pass's braces.
pub fn print_assignments<O>(declared: &[OptionDecl<O>], options: &O) -> String {
    let items: Vec<String> = declared
        .iter()
        .map(|o| format!("{}={}", o.name, (o.get)(options)))
        .collect();
    items.join(" ")
}

/// Splits `a=1 b c="x y" d={e=1 f}` into keys and values (`None` without `=`): space
/// separated, values may be quoted or nest brackets.
fn split_options(text: &str) -> Result<Vec<(String, Option<String>)>, String> {
    let mut entries = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let key_end = rest
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(rest.len());
        let key = &rest[..key_end];
        if key.is_empty() {
            return Err(format!(
                "<Pass-Options-Parser>: expected an option name in '{text}'"
            ));
        }
        rest = &rest[key_end..];
        let value = match rest.strip_prefix('=') {
            Some(after) => {
                let end = value_end(after);
                rest = &after[end..];
                Some(unquote(&after[..end]).to_string())
            }
            None => None,
        };
        entries.push((key.to_string(), value));
        rest = rest.trim_start();
    }
    Ok(entries)
}

/// Where a value starting `text` ends: at the first space outside quotes and brackets.
fn value_end(text: &str) -> usize {
    let mut depth = 0i32;
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '{' | '(' | '[' if !quoted => depth += 1,
            '}' | ')' | ']' if !quoted => depth -= 1,
            c if c.is_whitespace() && !quoted && depth <= 0 => return i,
            _ => {}
        }
    }
    text.len()
}

/// `"text"` without its quotes; anything else as is.
fn unquote(value: &str) -> &str {
    value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default, Debug, PartialEq)]
    struct Sample {
        flag: bool,
        count: i64,
        level: RegionSimplify,
    }

    const SAMPLE: &[OptionDecl<Sample>] = &[
        pass_option!("flag", flag: bool, "a switch"),
        pass_option!("count", count: i64, "a number"),
        pass_option!("level", level: RegionSimplify, "a choice"),
    ];

    fn parse(text: &str) -> Result<Sample, String> {
        parse_options("sample", SAMPLE, text)
    }

    #[test]
    fn parses_every_type_of_value() {
        let parsed = parse(" flag count=0x10  level=disabled ").unwrap();
        assert_eq!(
            parsed,
            Sample {
                flag: true,
                count: 16,
                level: RegionSimplify::Disabled
            }
        );
        assert_eq!(parse("count=-3 flag=0").unwrap().count, -3);
        assert!(!parse("flag=False").unwrap().flag);
    }

    #[test]
    fn reports_errors_as_mlir_opt_does() {
        let failed = "\nfailed to add `sample` with options";
        assert_eq!(
            parse("foo=1").unwrap_err(),
            format!("<Pass-Options-Parser>: no such option foo{failed} `foo=1`")
        );
        assert_eq!(
            parse("flag=maybe").unwrap_err(),
            format!(
                "for the --flag option: 'maybe' is invalid value for boolean argument! Try 0 or 1{failed} `flag=maybe`"
            )
        );
        assert_eq!(
            parse("count=1x").unwrap_err(),
            format!(
                "for the --count option: '1x' value invalid for long argument!{failed} `count=1x`"
            )
        );
        assert_eq!(
            parse("count").unwrap_err(),
            format!("for the --count option: requires a value!{failed} `count`")
        );
        assert_eq!(
            parse("level=some").unwrap_err(),
            format!(
                "for the --level option: Cannot find option named 'some'!{failed} `level=some`"
            )
        );
    }

    #[test]
    fn printed_options_parse_back() {
        let options = parse("count=7 level=aggressive").unwrap();
        let text = print_options(SAMPLE, &options);
        assert_eq!(text, "{flag=false count=7 level=aggressive}");
        let inner = text.trim_start_matches('{').trim_end_matches('}');
        assert_eq!(parse(inner).unwrap(), options);
    }

    #[test]
    fn values_keep_quotes_and_brackets_together() {
        let entries = split_options(r#"a="x y" b={c=1 d} e"#).unwrap();
        assert_eq!(
            entries,
            vec![
                ("a".into(), Some("x y".into())),
                ("b".into(), Some("{c=1 d}".into())),
                ("e".into(), None),
            ]
        );
    }
}
