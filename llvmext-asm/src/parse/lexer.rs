//! The GAS-syntax lexer (LLVM's `AsmLexer` for x86 ELF): identifiers,
//! integers, reals, strings, punctuation; `#` and `//` comments to the end
//! of the line, `/* */` comments anywhere; a newline or `;` ends a
//! statement.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tok {
    /// The end of the input.
    Eof,
    /// The end of a statement (a newline or `;`).
    Eol,
    /// An identifier (`foo`, `.text`, `.`, `a$b`).
    Ident,
    /// An integer literal (the value in [`Token::int`]).
    Int,
    /// A real literal (`1.5`, `1e3`, `0x1.8p3`).
    Real,
    /// A string literal, quotes included.
    Str,
    /// A punctuation token; see [`Punct`].
    Punct(Punct),
    /// Something the lexer does not know.
    Error(LexError),
}

/// What the lexer could not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LexError {
    /// A string without its closing quote on its line.
    UnterminatedString,
    /// A byte that starts no token.
    InvalidCharacter,
    /// `'` without its closing quote.
    UnterminatedQuote,
    /// A quoted character longer than one (escaped) character.
    QuoteTooLong,
    /// `0x1.8p` without exponent digits.
    HexFloatExponentDigit,
    /// `0x1.8` without `p`.
    HexFloatExponentPart,
    /// `0x` without digits.
    InvalidHex,
    /// `0b` followed by a digit other than 0 and 1.
    InvalidBinary,
    /// `0` followed by 8 or 9.
    InvalidOctal,
}

impl LexError {
    /// llvm-mc's message.
    pub fn message(self) -> &'static str {
        match self {
            LexError::UnterminatedString => "unterminated string constant",
            LexError::InvalidCharacter => "invalid character in input",
            LexError::UnterminatedQuote => "unterminated single quote",
            LexError::QuoteTooLong => "single quote way too long",
            LexError::HexFloatExponentDigit => {
                "invalid hexadecimal floating-point constant: expected exponent digit"
            }
            LexError::HexFloatExponentPart => {
                "invalid hexadecimal floating-point constant: expected exponent part 'p'"
            }
            LexError::InvalidHex => "invalid hexadecimal number",
            LexError::InvalidBinary => "invalid binary number",
            LexError::InvalidOctal => "invalid octal number",
        }
    }
}

/// Punctuation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Punct {
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Amp,
    AmpAmp,
    Pipe,
    PipePipe,
    Caret,
    Tilde,
    Exclaim,
    ExclaimEqual,
    Less,
    LessEqual,
    LessLess,
    LessGreater,
    Greater,
    GreaterEqual,
    GreaterGreater,
    Equal,
    EqualEqual,
    LParen,
    RParen,
    LBrac,
    RBrac,
    LCurly,
    RCurly,
    Comma,
    Colon,
    Dollar,
    At,
    Hash,
    Backslash,
}

/// A token: its kind and where it is in its buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// The kind.
    pub kind: Tok,
    /// The byte offset of its first byte.
    pub start: usize,
    /// The byte offset past its last byte.
    pub end: usize,
    /// The value of an integer, its low 64 bits.
    pub int: u64,
    /// An integer that needs more than 64 bits (its full value, up to 128
    /// bits: [`int_literal`]).
    pub big: bool,
}

impl Token {
    /// A token other than an integer.
    pub fn new(kind: Tok, start: usize, end: usize) -> Token {
        Token { kind, start, end, int: 0, big: false }
    }

    /// An integer, `over` when it needs more than 128 bits.
    pub(crate) fn integer(start: usize, end: usize, v: u128, over: bool) -> Token {
        Token { kind: Tok::Int, start, end, int: v as u64, big: over || v > u128::from(u64::MAX) }
    }
}

/// The value of integer literal `text` (a whole [`Tok::Int`] token from a
/// number), `None` when it needs more than 128 bits.
pub fn int_literal(text: &[u8]) -> Option<u128> {
    Lexer::new().number_value(text).1
}

/// Which bytes continue an identifier (LLVM's `isIdentifierChar` for x86
/// ELF): letters, digits, `_`, `$`, `.`, `?`.
static IDENT_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.' || b == b'?';
        c += 1;
    }
    t
};

pub(crate) fn is_ident_char(c: u8) -> bool {
    IDENT_CHAR[c as usize]
}

/// A lexer over one buffer (a file, an included file or a macro
/// expansion).
#[derive(Debug, Clone)]
pub struct Lexer {
    /// The position of the next byte.
    pub pos: usize,
    /// The current line, from 1.
    pub line: u32,
    /// The offset where the current line starts.
    pub line_start: usize,
}

impl Lexer {
    /// A lexer at the start of a buffer.
    pub fn new() -> Lexer {
        Lexer { pos: 0, line: 1, line_start: 0 }
    }

    /// The 1-based column of byte offset `at` on the current line.
    pub fn col(&self, at: usize) -> u32 {
        (at.saturating_sub(self.line_start) + 1) as u32
    }

    fn newline(&mut self, at: usize) {
        self.line += 1;
        self.line_start = at + 1;
    }

    /// Skips spaces, tabs and comments (not newlines).
    fn skip_space(&mut self, s: &[u8]) {
        loop {
            // Compilers pad to the comment column with spaces: eight at a
            // time.
            while let Some(&chunk) = s.get(self.pos..).and_then(|r| r.first_chunk::<8>()) {
                if u64::from_ne_bytes(chunk) != u64::from_ne_bytes([b' '; 8]) {
                    break;
                }
                self.pos += 8;
            }
            match s.get(self.pos) {
                Some(b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b') => self.pos += 1,
                Some(b'/') if s.get(self.pos + 1) == Some(&b'*') => {
                    let mut i = self.pos + 2;
                    loop {
                        match s.get(i) {
                            None => {
                                self.pos = i;
                                return;
                            }
                            Some(b'*') if s.get(i + 1) == Some(&b'/') => {
                                self.pos = i + 2;
                                break;
                            }
                            Some(b'\n') => {
                                self.newline(i);
                                i += 1;
                            }
                            _ => i += 1,
                        }
                    }
                }
                Some(b'#') => self.skip_line_comment(s),
                Some(b'/') if s.get(self.pos + 1) == Some(&b'/') => self.skip_line_comment(s),
                _ => return,
            }
        }
    }

    fn skip_line_comment(&mut self, s: &[u8]) {
        let rest = &s[self.pos..];
        self.pos += memchr_nl(rest);
    }

    /// The next token.
    #[inline]
    pub fn next(&mut self, s: &[u8]) -> Token {
        self.skip_space(s);
        let start = self.pos;
        let tok = |kind, end| Token::new(kind, start, end);
        let Some(&c) = s.get(start) else {
            return tok(Tok::Eof, start);
        };
        match c {
            b'\n' => {
                self.pos += 1;
                self.newline(start);
                tok(Tok::Eol, start + 1)
            }
            b';' => {
                self.pos += 1;
                tok(Tok::Eol, start + 1)
            }
            b'0'..=b'9' => self.number(s),
            b'.' if s.get(start + 1).is_some_and(|d| d.is_ascii_digit()) => {
                // `.5`: a real.
                let mut i = start + 1;
                while s.get(i).is_some_and(|d| d.is_ascii_digit()) {
                    i += 1;
                }
                i = exponent(s, i);
                self.pos = i;
                tok(Tok::Real, i)
            }
            c if c.is_ascii_alphabetic() || c == b'_' || c == b'.' => {
                let i = ident_end(s, start + 1);
                self.pos = i;
                tok(Tok::Ident, i)
            }
            b'"' => {
                let mut i = start + 1;
                loop {
                    match s.get(i) {
                        None | Some(b'\n') => {
                            self.pos = i;
                            return tok(Tok::Error(LexError::UnterminatedString), i);
                        }
                        Some(b'\\') => i += 2,
                        Some(b'"') => {
                            i += 1;
                            break;
                        }
                        _ => i += 1,
                    }
                }
                self.pos = i;
                tok(Tok::Str, i)
            }
            b'\'' => self.char_literal(s),
            _ => {
                let n = s.get(start + 1).copied().unwrap_or(0);
                let (p, len) = match (c, n) {
                    (b'&', b'&') => (Punct::AmpAmp, 2),
                    (b'|', b'|') => (Punct::PipePipe, 2),
                    (b'!', b'=') => (Punct::ExclaimEqual, 2),
                    (b'<', b'=') => (Punct::LessEqual, 2),
                    (b'<', b'<') => (Punct::LessLess, 2),
                    (b'<', b'>') => (Punct::LessGreater, 2),
                    (b'>', b'=') => (Punct::GreaterEqual, 2),
                    (b'>', b'>') => (Punct::GreaterGreater, 2),
                    (b'=', b'=') => (Punct::EqualEqual, 2),
                    (b'+', _) => (Punct::Plus, 1),
                    (b'-', _) => (Punct::Minus, 1),
                    (b'*', _) => (Punct::Star, 1),
                    (b'/', _) => (Punct::Slash, 1),
                    (b'%', _) => (Punct::Percent, 1),
                    (b'&', _) => (Punct::Amp, 1),
                    (b'|', _) => (Punct::Pipe, 1),
                    (b'^', _) => (Punct::Caret, 1),
                    (b'~', _) => (Punct::Tilde, 1),
                    (b'!', _) => (Punct::Exclaim, 1),
                    (b'<', _) => (Punct::Less, 1),
                    (b'>', _) => (Punct::Greater, 1),
                    (b'=', _) => (Punct::Equal, 1),
                    (b'(', _) => (Punct::LParen, 1),
                    (b')', _) => (Punct::RParen, 1),
                    (b'[', _) => (Punct::LBrac, 1),
                    (b']', _) => (Punct::RBrac, 1),
                    (b'{', _) => (Punct::LCurly, 1),
                    (b'}', _) => (Punct::RCurly, 1),
                    (b',', _) => (Punct::Comma, 1),
                    (b':', _) => (Punct::Colon, 1),
                    (b'$', _) => (Punct::Dollar, 1),
                    (b'@', _) => (Punct::At, 1),
                    (b'\\', _) => (Punct::Backslash, 1),
                    _ => {
                        // One UTF-8 character or byte.
                        let len = utf8_len(c).min(s.len() - start);
                        self.pos = start + len;
                        return tok(Tok::Error(LexError::InvalidCharacter), start + len);
                    }
                };
                self.pos = start + len;
                tok(Tok::Punct(p), start + len)
            }
        }
    }

    fn char_literal(&mut self, s: &[u8]) -> Token {
        let start = self.pos;
        let mut i = start + 1;
        let v = match s.get(i) {
            Some(b'\\') => {
                i += 1;
                let e = s.get(i).copied().unwrap_or(0);
                i += 1;
                match e {
                    b'b' => 8,
                    b'f' => 12,
                    b'n' => 10,
                    b'r' => 13,
                    b't' => 9,
                    b'\'' => b'\'',
                    b'"' => b'"',
                    b'\\' => b'\\',
                    other => other,
                }
            }
            Some(&c) if c != b'\n' => {
                i += 1;
                c
            }
            _ => {
                self.pos = i;
                return Token::new(Tok::Error(LexError::UnterminatedQuote), start, i);
            }
        };
        if s.get(i) == Some(&b'\'') {
            i += 1;
            self.pos = i;
            return Token::integer(start, i, v as u128, false);
        }
        self.pos = i;
        Token::new(Tok::Error(LexError::QuoteTooLong), start, i)
    }

    fn number(&mut self, s: &[u8]) -> Token {
        self.number_value(s).0
    }

    /// A number token at the current position, and an integer's value
    /// (`None` when it needs more than 128 bits).
    fn number_value(&mut self, s: &[u8]) -> (Token, Option<u128>) {
        let start = self.pos;
        let err = |lx: &mut Lexer, m: LexError, end: usize| {
            lx.pos = end;
            (Token::new(Tok::Error(m), start, end), Some(0))
        };
        let c1 = s.get(start + 1).copied().unwrap_or(0);
        if s[start] == b'0' && (c1 == b'x' || c1 == b'X') {
            let mut i = start + 2;
            let mut v: u128 = 0;
            let mut over = false;
            let ds = i;
            while let Some(d) = s.get(i).and_then(|&d| (d as char).to_digit(16)) {
                over |= v >> 124 != 0;
                v = v.wrapping_mul(16).wrapping_add(d as u128);
                i += 1;
            }
            if matches!(s.get(i), Some(b'.' | b'p' | b'P')) {
                // A C99 hexadecimal float.
                if s.get(i) == Some(&b'.') {
                    i += 1;
                    while s.get(i).is_some_and(|d| d.is_ascii_hexdigit()) {
                        i += 1;
                    }
                }
                if matches!(s.get(i), Some(b'p' | b'P')) {
                    i += 1;
                    if matches!(s.get(i), Some(b'+' | b'-')) {
                        i += 1;
                    }
                    let e0 = i;
                    while s.get(i).is_some_and(|d| d.is_ascii_digit()) {
                        i += 1;
                    }
                    if i == e0 {
                        return err(self, LexError::HexFloatExponentDigit, i);
                    }
                } else {
                    return err(self, LexError::HexFloatExponentPart, i);
                }
                self.pos = i;
                return (Token::new(Tok::Real, start, i), Some(0));
            }
            if i == ds {
                return err(self, LexError::InvalidHex, i);
            }
            self.pos = i;
            return (Token::integer(start, i, v, over), (!over).then_some(v));
        }
        if s[start] == b'0'
            && (c1 == b'b' || c1 == b'B')
            && s.get(start + 2).is_some_and(|&d| d == b'0' || d == b'1')
        {
            let mut i = start + 2;
            let mut v: u128 = 0;
            let mut over = false;
            while let Some(&d) = s.get(i).filter(|&&d| d == b'0' || d == b'1') {
                over |= v >> 127 != 0;
                v = v.wrapping_mul(2).wrapping_add((d - b'0') as u128);
                i += 1;
            }
            if s.get(i).is_some_and(|d| d.is_ascii_digit()) {
                return err(self, LexError::InvalidBinary, i + 1);
            }
            self.pos = i;
            return (Token::integer(start, i, v, over), (!over).then_some(v));
        }
        let mut i = start;
        while s.get(i).is_some_and(|d| d.is_ascii_digit()) {
            i += 1;
        }
        // A decimal real: digits then `.` or an exponent.
        if matches!(s.get(i), Some(b'.'))
            || (matches!(s.get(i), Some(b'e' | b'E')) && is_exponent(s, i))
        {
            if s.get(i) == Some(&b'.') {
                i += 1;
                while s.get(i).is_some_and(|d| d.is_ascii_digit()) {
                    i += 1;
                }
            }
            i = exponent(s, i);
            self.pos = i;
            return (Token::new(Tok::Real, start, i), Some(0));
        }
        let digits = &s[start..i];
        let (radix, body) =
            if digits.len() > 1 && digits[0] == b'0' { (8, &digits[1..]) } else { (10, digits) };
        // In 64 bits while the value fits (nearly always), then in 128.
        let mut small: u64 = 0;
        let mut v: u128 = 0;
        let (mut wide, mut over) = (false, false);
        for &d in body {
            let d = d - b'0';
            if radix == 8 && d >= 8 {
                return err(self, LexError::InvalidOctal, i);
            }
            if !wide {
                match small.checked_mul(radix as u64).and_then(|x| x.checked_add(u64::from(d))) {
                    Some(x) => {
                        small = x;
                        continue;
                    }
                    None => {
                        wide = true;
                        v = u128::from(small);
                    }
                }
            }
            match v.checked_mul(radix).and_then(|x| x.checked_add(u128::from(d))) {
                Some(x) => v = x,
                None => {
                    over = true;
                    v = v.wrapping_mul(radix).wrapping_add(u128::from(d));
                }
            }
        }
        if !wide {
            v = u128::from(small);
        }
        self.pos = i;
        (Token::integer(start, i, v, over), (!over).then_some(v))
    }
}

/// Where the identifier characters from `from` on end: eight bytes at a
/// time, their classes gathered into a mask (one branch per eight bytes,
/// not one per byte).
pub(crate) fn ident_end(s: &[u8], from: usize) -> usize {
    let mut i = from;
    while let Some(chunk) = s.get(i..i + 8) {
        let mut m = 0u32;
        for (k, &b) in chunk.iter().enumerate() {
            m |= u32::from(IDENT_CHAR[b as usize]) << k;
        }
        let n = m.trailing_ones() as usize;
        if n < 8 {
            return i + n;
        }
        i += 8;
    }
    let rest = &s[i..];
    i + rest.iter().position(|&d| !is_ident_char(d)).unwrap_or(rest.len())
}

impl Default for Lexer {
    fn default() -> Self {
        Lexer::new()
    }
}

fn is_exponent(s: &[u8], i: usize) -> bool {
    let mut j = i + 1;
    if matches!(s.get(j), Some(b'+' | b'-')) {
        j += 1;
    }
    s.get(j).is_some_and(|d| d.is_ascii_digit())
}

fn exponent(s: &[u8], mut i: usize) -> usize {
    if matches!(s.get(i), Some(b'e' | b'E')) && is_exponent(s, i) {
        i += 1;
        if matches!(s.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        while s.get(i).is_some_and(|d| d.is_ascii_digit()) {
            i += 1;
        }
    }
    i
}

fn utf8_len(c: u8) -> usize {
    match c {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    }
}

/// The offset of the first newline in `s` (or its length).
pub(crate) fn memchr_nl(s: &[u8]) -> usize {
    memchr::memchr(b'\n', s).unwrap_or(s.len())
}

/// The bytes a string literal (quotes included) stands for, escapes
/// decoded as LLVM's `parseEscapedString` decodes them.
pub fn unescape(lit: &[u8], out: &mut Vec<u8>) -> Result<(), &'static str> {
    let body = &lit[1..lit.len().saturating_sub(1).max(1)];
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        i += 1;
        let Some(&e) = body.get(i) else {
            return Err("unexpected backslash at end of string");
        };
        match e {
            b'x' | b'X' => {
                if !body.get(i + 1).is_some_and(|d| d.is_ascii_hexdigit()) {
                    return Err("invalid hexadecimal escape sequence");
                }
                let mut v: u32 = 0;
                while let Some(d) = body.get(i + 1).and_then(|&d| (d as char).to_digit(16)) {
                    v = (v.wrapping_mul(16).wrapping_add(d)) & 0xffff;
                    i += 1;
                }
                out.push(v as u8);
                i += 1;
            }
            b'0'..=b'7' => {
                let mut v: u32 = 0;
                let mut n = 0;
                while n < 3 {
                    match body.get(i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + (d - b'0') as u32;
                            i += 1;
                            n += 1;
                        }
                        _ => break,
                    }
                }
                if v > 255 {
                    return Err("invalid octal escape sequence (out of range)");
                }
                out.push(v as u8);
            }
            b'b' => {
                out.push(8);
                i += 1;
            }
            b'f' => {
                out.push(12);
                i += 1;
            }
            b'n' => {
                out.push(10);
                i += 1;
            }
            b'r' => {
                out.push(13);
                i += 1;
            }
            b't' => {
                out.push(9);
                i += 1;
            }
            b'"' => {
                out.push(b'"');
                i += 1;
            }
            b'\\' => {
                out.push(b'\\');
                i += 1;
            }
            _ => return Err("invalid escape sequence (unrecognized character)"),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first token of `s`, and the integer's full value.
    fn int(s: &str) -> (Tok, u64, bool, Option<u128>) {
        let t = Lexer::new().next(s.as_bytes());
        (t.kind, t.int, t.big, int_literal(&s.as_bytes()[t.start..t.end]))
    }

    #[test]
    fn integers_in_64_and_128_bits() {
        let max = u64::MAX;
        assert_eq!(int("0"), (Tok::Int, 0, false, Some(0)));
        assert_eq!(int("123456789"), (Tok::Int, 123_456_789, false, Some(123_456_789)));
        assert_eq!(int("0777"), (Tok::Int, 0o777, false, Some(0o777)));
        assert_eq!(int("0x1F"), (Tok::Int, 0x1f, false, Some(0x1f)));
        assert_eq!(int("0b101"), (Tok::Int, 5, false, Some(5)));
        assert_eq!(int("18446744073709551615"), (Tok::Int, max, false, Some(u128::from(max))));
        let over = u128::from(max) + 1;
        assert_eq!(int("18446744073709551616"), (Tok::Int, 0, true, Some(over)));
        assert_eq!(int("0x10000000000000001"), (Tok::Int, 1, true, Some(over + 1)));
        assert_eq!(int("02000000000000000000000"), (Tok::Int, 0, true, Some(over)));
        let top = "0xffffffffffffffffffffffffffffffff";
        assert_eq!(int(top), (Tok::Int, max, true, Some(u128::MAX)));
        // More than 128 bits: big, and no value (LLVM's `.octa` refuses it).
        assert!(int("340282366920938463463374607431768211461").2);
        assert_eq!(int("340282366920938463463374607431768211461").3, None);
        assert_eq!(int("0x1ffffffffffffffffffffffffffffffff").3, None);
        assert_eq!(int(&format!("0b1{}", "0".repeat(128))).3, None);
        assert_eq!(int(&format!("0b1{}", "0".repeat(127))).3, Some(1 << 127));
        assert_eq!(int("08").0, Tok::Error(LexError::InvalidOctal));
        assert_eq!(int("0x").0, Tok::Error(LexError::InvalidHex));
    }
}
