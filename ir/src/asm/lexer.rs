//! The MLIR lexer.
//!
//! Produces one [`Token`] at a time from a byte buffer; tokens are byte ranges into the source,
//! so nothing is copied. Positions convert to 1-based line and column for diagnostics. The lexer
//! never panics: bad characters become [`TokKind::Error`] tokens for the parser to report.

/// The kind of a token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TokKind {
    /// End of input.
    Eof,
    /// Something the lexer cannot make sense of.
    Error,
    /// `foo`, `memref.alloc`, `i32`, `x4`.
    BareId,
    /// `%name`, `%0` (the token includes the `%`).
    PercentId,
    /// `^bb0`.
    CaretId,
    /// `@sym` or `@"quoted"`.
    AtId,
    /// `#alias` or `#dialect.attr`.
    HashId,
    /// `!alias` or `!dialect.type`.
    ExclamationId,
    /// `42`, `0x2A`.
    Integer,
    /// `1.5`, `2.0e-3`.
    Float,
    /// `"text"` (the token includes the quotes).
    String,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `::`
    ColonColon,
    /// `=`
    Equal,
    /// `->`
    Arrow,
    /// `?`
    Question,
    /// `*`
    Star,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `|`
    Vertical,
    /// `/` (not starting a comment; MLIR lexes it as punctuation no rule accepts)
    Slash,
    /// `...`
    Ellipsis,
}

/// A token: its kind and byte range.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Token {
    /// The kind.
    pub kind: TokKind,
    /// Start byte offset.
    pub start: usize,
    /// End byte offset (exclusive).
    pub end: usize,
}

/// A lexer over one buffer.
#[derive(Clone)]
pub struct Lexer<'s> {
    src: &'s [u8],
    pos: usize,
    /// The message and byte offset of the last [`TokKind::Error`] token produced.
    last_error: Option<(usize, &'static str)>,
}

/// Character class bits of [`CLASSES`].
const ID_START: u8 = 1;
/// A character of a bare identifier after its first (`[a-zA-Z0-9_$.]`).
const ID_CHAR: u8 = 2;
/// A character of a `%`, `^`, `#` or `!` name (`[a-zA-Z0-9_$.-]`).
const SUFFIX_ID_CHAR: u8 = 4;
/// A decimal digit.
const DIGIT: u8 = 8;

/// The class bits of every byte, so the scanning loops test one table entry per byte.
static CLASSES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let mut bits = 0;
        if b.is_ascii_alphabetic() || b == b'_' {
            bits |= ID_START;
        }
        if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.') {
            bits |= ID_CHAR | SUFFIX_ID_CHAR;
        }
        if b == b'-' {
            bits |= SUFFIX_ID_CHAR;
        }
        if b.is_ascii_digit() {
            bits |= DIGIT;
        }
        table[c] = bits;
        c += 1;
    }
    table
};

fn has_class(c: u8, class: u8) -> bool {
    CLASSES[usize::from(c)] & class != 0
}

fn is_id_start(c: u8) -> bool {
    has_class(c, ID_START)
}

impl<'s> Lexer<'s> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'s str) -> Self {
        Lexer {
            src: src.as_bytes(),
            pos: 0,
            last_error: None,
        }
    }

    /// The position and message of the most recent lexing error (MLIR's wording).
    pub fn last_error(&self) -> Option<(usize, &'static str)> {
        self.last_error
    }

    fn fail(&mut self, at: usize, msg: &'static str) -> TokKind {
        self.last_error = Some((at, msg));
        TokKind::Error
    }

    /// The current byte offset.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Moves the lexer to a byte offset (used to re-lex, e.g. `4xf32` dimension lists).
    pub fn reset(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
    }

    fn peek(&self, ahead: usize) -> u8 {
        self.src.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn skip_trivia(&mut self) {
        while let Some(&c) = self.src.get(self.pos) {
            match c {
                // NUL bytes are skipped as MLIR's lexer does inside a buffer.
                b' ' | b'\t' | b'\n' | b'\r' | 0 => self.pos += 1,
                b'/' if self.peek(1) == b'/' => {
                    let line = self.src.get(self.pos..).unwrap_or_default();
                    let end = line.iter().position(|&c| matches!(c, b'\n' | b'\r'));
                    self.pos += end.unwrap_or(line.len());
                }
                _ => return,
            }
        }
    }

    /// Advances past the bytes of class `class`.
    fn skip_class(&mut self, class: u8) {
        let rest = self.src.get(self.pos..).unwrap_or_default();
        let len = rest.iter().position(|&c| !has_class(c, class));
        self.pos += len.unwrap_or(rest.len());
    }

    fn tok(&self, kind: TokKind, start: usize) -> Token {
        Token {
            kind,
            start,
            end: self.pos,
        }
    }

    /// Lexes the next token.
    pub fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        if self.pos >= self.src.len() {
            return self.tok(TokKind::Eof, start);
        }
        let c = self.src[self.pos];
        self.pos += 1;
        let simple = |k| Some(k);
        let kind = match c {
            b'(' => simple(TokKind::LParen),
            b')' => simple(TokKind::RParen),
            b'[' => simple(TokKind::LSquare),
            b']' => simple(TokKind::RSquare),
            b'{' => simple(TokKind::LBrace),
            b'}' => simple(TokKind::RBrace),
            b'<' => simple(TokKind::Less),
            b'>' => simple(TokKind::Greater),
            b',' => simple(TokKind::Comma),
            b'=' => simple(TokKind::Equal),
            b'?' => simple(TokKind::Question),
            b'*' => simple(TokKind::Star),
            b'+' => simple(TokKind::Plus),
            b'|' => simple(TokKind::Vertical),
            b'/' => simple(TokKind::Slash),
            b':' => {
                if self.peek(0) == b':' {
                    self.pos += 1;
                    simple(TokKind::ColonColon)
                } else {
                    simple(TokKind::Colon)
                }
            }
            b'-' => {
                if self.peek(0) == b'>' {
                    self.pos += 1;
                    simple(TokKind::Arrow)
                } else {
                    simple(TokKind::Minus)
                }
            }
            b'.' if self.peek(0) == b'.' && self.peek(1) == b'.' => {
                self.pos += 2;
                simple(TokKind::Ellipsis)
            }
            b'.' => Some(self.fail(self.pos, "expected three consecutive dots for an ellipsis")),
            b'"' => Some(self.lex_string_body()),
            b'%' => Some(self.lex_prefixed(TokKind::PercentId, "invalid SSA name")),
            b'^' => Some(self.lex_prefixed(TokKind::CaretId, "invalid block name")),
            b'#' => Some(self.lex_prefixed(TokKind::HashId, "invalid attribute name")),
            b'!' => Some(self.lex_prefixed(TokKind::ExclamationId, "invalid type identifier")),
            b'@' => Some(self.lex_at()),
            c if c.is_ascii_digit() => Some(self.lex_number(c)),
            c if is_id_start(c) => {
                self.skip_class(ID_CHAR);
                Some(TokKind::BareId)
            }
            _ => None,
        };
        let kind = match kind {
            Some(k) => k,
            None => self.fail(start, "unexpected character"),
        };
        self.tok(kind, start)
    }

    fn lex_string_body(&mut self) -> TokKind {
        loop {
            let at_end = self.pos >= self.src.len();
            let c = self.peek(0);
            self.pos += 1;
            match c {
                b'"' => return TokKind::String,
                0 if !at_end => {}
                0 | b'\n' | 0x0b | 0x0c => {
                    self.pos -= 1;
                    let at = self.pos;
                    if at_end {
                        self.pos = self.src.len();
                    }
                    return self.fail(at, "expected '\"' in string literal");
                }
                b'\\' => {
                    let (a, b) = (self.peek(0), self.peek(1));
                    if matches!(a, b'"' | b'\\' | b'n' | b't') {
                        self.pos += 1;
                    } else if a.is_ascii_hexdigit() && b.is_ascii_hexdigit() {
                        self.pos += 2;
                    } else {
                        let at = self.pos - 1;
                        return self.fail(at, "unknown escape in string literal");
                    }
                }
                _ => {}
            }
        }
    }

    fn lex_prefixed(&mut self, kind: TokKind, error: &'static str) -> TokKind {
        let c = self.peek(0);
        if c.is_ascii_digit() {
            self.skip_class(DIGIT);
            return kind;
        }
        if !(c.is_ascii_alphabetic() || matches!(c, b'$' | b'.' | b'_' | b'-')) {
            let at = self.pos - 1;
            return self.fail(at, error);
        }
        self.skip_class(SUFFIX_ID_CHAR);
        kind
    }

    fn lex_at(&mut self) -> TokKind {
        if self.peek(0) == b'"' {
            self.pos += 1;
            return match self.lex_string_body() {
                TokKind::String => TokKind::AtId,
                _ => TokKind::Error,
            };
        }
        if !(is_id_start(self.peek(0))) {
            let at = self.pos;
            return self.fail(at, "@ identifier expected to start with letter or '_'");
        }
        self.skip_class(ID_CHAR);
        TokKind::AtId
    }

    fn lex_number(&mut self, first: u8) -> TokKind {
        if first == b'0' && self.peek(0) == b'x' && self.peek(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return TokKind::Integer;
        }
        self.skip_class(DIGIT);
        if self.peek(0) != b'.' {
            return TokKind::Integer;
        }
        self.pos += 1;
        self.skip_class(DIGIT);
        if matches!(self.peek(0), b'e' | b'E')
            && (self.peek(1).is_ascii_digit()
                || (matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit()))
        {
            self.pos += 2;
            self.skip_class(DIGIT);
        }
        TokKind::Float
    }
}

/// Decodes the body of a string literal token (without quotes), handling MLIR's escapes
/// (`\n`, `\t`, `\"`, `\\` and two hex digits).
pub fn unescape(body: &str) -> Option<String> {
    let bytes = body.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b != b'\\' {
            out.push(b);
            i += 1;
            continue;
        }
        let next = *bytes.get(i + 1)?;
        match next {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'"' => out.push(b'"'),
            b'\\' => out.push(b'\\'),
            h if h.is_ascii_hexdigit() => {
                let h2 = *bytes.get(i + 2)?;
                let s = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
                if !h2.is_ascii_hexdigit() {
                    return None;
                }
                out.push(u8::from_str_radix(s, 16).ok()?);
                i += 3;
                continue;
            }
            _ => return None,
        }
        i += 2;
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}
