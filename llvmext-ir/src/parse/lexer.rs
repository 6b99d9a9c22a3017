//! The `.ll` lexer: a byte-slice scanner producing tokens that point into
//! the source (no allocation per token).

/// LLLexer's error for a quoted name holding a NUL byte (raw or `\00`);
/// LLParser then reports what it expected there, as here.
pub(crate) const NUL_IN_NAME: &str = "NUL character is not allowed in names";

/// Whether the quoted text `s` (escapes not yet undone) holds a NUL byte
/// once unescaped.
fn has_nul(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            0 => return true,
            b'\\' if s.get(i + 1) == Some(&b'\\') => i += 2,
            b'\\' if s.get(i + 1) == Some(&b'0') && s.get(i + 2) == Some(&b'0') => return true,
            _ => i += 1,
        }
    }
    false
}

/// What a token is; its text is `src[start..end]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tok {
    /// End of input.
    Eof,
    /// A lexical error (the message says which).
    Error(&'static str),
    /// `=`.
    Equal,
    /// `,`.
    Comma,
    /// `(`.
    LParen,
    /// `)`.
    RParen,
    /// `[`.
    LBrack,
    /// `]`.
    RBrack,
    /// `{`.
    LBrace,
    /// `}`.
    RBrace,
    /// `<`.
    Less,
    /// `>`.
    Greater,
    /// `*`.
    Star,
    /// `!` alone.
    Exclaim,
    /// `|`.
    Bar,
    /// `:`.
    Colon,
    /// `...`.
    DotDotDot,
    /// A bare word (keyword, `iN`, `DW_TAG_...`): the text.
    Ident,
    /// `name:` (a label): the name is `[start..end-1]`.
    Label,
    /// `"name":` (a quoted label).
    LabelStr,
    /// `N:` (a numbered label).
    LabelId,
    /// `@name` / `@"name"`.
    GlobalVar,
    /// `@N`.
    GlobalId,
    /// `%name` / `%"name"`.
    LocalVar,
    /// `%N`.
    LocalId,
    /// `$name` / `$"name"`.
    ComdatVar,
    /// `!name` (metadata name, may hold `\XX` escapes).
    MetadataVar,
    /// `#N`.
    AttrGrpId,
    /// `#dbg_value` and friends: the word after `#`.
    DbgRecord,
    /// A quoted string (with quotes).
    Str,
    /// An integer literal (maybe with `-`), or `u0x..`/`s0x..`.
    Int,
    /// A float literal (decimal or `0x...` forms).
    Float,
}

/// A token: its kind and byte span.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Token {
    pub kind: Tok,
    pub start: u32,
    pub end: u32,
}

pub(crate) struct Lexer<'a> {
    pub src: &'a [u8],
    pub pos: usize,
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'$' | b'.' | b'_')
}

fn is_name_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || matches!(c, b'-' | b'$' | b'.' | b'_')
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8], pos: usize) -> Self {
        Lexer { src, pos }
    }

    #[inline]
    fn peek(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    fn tok(&self, kind: Tok, start: usize) -> Token {
        Token { kind, start: start as u32, end: self.pos as u32 }
    }

    /// Skips a quoted string body starting at the opening quote; false if
    /// unterminated.
    fn skip_string(&mut self) -> bool {
        // self.pos is at the opening quote.
        let rest = &self.src[self.pos + 1..];
        match rest.iter().position(|&c| c == b'"') {
            Some(n) => {
                self.pos += n + 2;
                true
            }
            None => false,
        }
    }

    fn at_eof(&self) -> bool {
        self.pos >= self.src.len()
    }

    /// The next token.
    #[allow(clippy::never_loop)]
    pub fn next(&mut self) -> Token {
        loop {
            // Skip white space and comments.
            while let Some(&c) = self.src.get(self.pos) {
                if c == b' ' || c == b'\n' || c == b'\t' || c == b'\r' {
                    self.pos += 1;
                } else if c == b';' {
                    match self.src[self.pos..].iter().position(|&c| c == b'\n' || c == b'\r') {
                        Some(n) => self.pos += n,
                        None => self.pos = self.src.len(),
                    }
                } else {
                    break;
                }
            }
            let start = self.pos;
            if self.at_eof() {
                return self.tok(Tok::Eof, start);
            }
            let c = self.src[self.pos];
            self.pos += 1;
            let k = match c {
                b'=' => Tok::Equal,
                b',' => Tok::Comma,
                b'(' => Tok::LParen,
                b')' => Tok::RParen,
                b'[' => Tok::LBrack,
                b']' => Tok::RBrack,
                b'{' => Tok::LBrace,
                b'}' => Tok::RBrace,
                b'<' => Tok::Less,
                b'>' => Tok::Greater,
                b'*' => Tok::Star,
                b'|' => Tok::Bar,
                b':' => Tok::Colon,
                b'@' => self.var(Tok::GlobalVar, Tok::GlobalId, start),
                b'%' => self.var(Tok::LocalVar, Tok::LocalId, start),
                b'$' => {
                    if self.peek(0) == b'"' {
                        self.pos_string(Tok::ComdatVar)
                    } else if is_name_start(self.peek(0)) || self.peek(0).is_ascii_digit() {
                        self.eat_name();
                        Tok::ComdatVar
                    } else {
                        self.ident_from(start)
                    }
                }
                b'!' => {
                    let n = self.peek(0);
                    if is_name_start(n) || n == b'\\' {
                        while is_name_char(self.peek(0)) || self.peek(0) == b'\\' {
                            self.pos += 1;
                        }
                        Tok::MetadataVar
                    } else {
                        Tok::Exclaim
                    }
                }
                b'#' => {
                    if self.peek(0).is_ascii_digit() {
                        while self.peek(0).is_ascii_digit() {
                            self.pos += 1;
                        }
                        Tok::AttrGrpId
                    } else if self.src[self.pos..].starts_with(b"dbg_") {
                        while is_name_char(self.peek(0)) {
                            self.pos += 1;
                        }
                        Tok::DbgRecord
                    } else {
                        Tok::Error("invalid token")
                    }
                }
                b'"' => {
                    self.pos = start;
                    if !self.skip_string() {
                        self.pos = self.src.len();
                        return Token {
                            kind: Tok::Error("end of file in string constant"),
                            start: start as u32,
                            end: start as u32,
                        };
                    }
                    if self.peek(0) == b':' {
                        self.pos += 1;
                        if has_nul(&self.src[start + 1..self.pos - 2]) {
                            Tok::Error(NUL_IN_NAME)
                        } else {
                            Tok::LabelStr
                        }
                    } else {
                        Tok::Str
                    }
                }
                b'.' if self.peek(0) == b'.' && self.peek(1) == b'.' => {
                    self.pos += 2;
                    Tok::DotDotDot
                }
                b'-' | b'+' | b'0'..=b'9' => self.number(start),
                _ if is_name_start(c) => self.ident_from(start),
                _ => Tok::Error("invalid character"),
            };
            return self.tok(k, start);
        }
    }

    /// A quoted name (`@"..."`, `%"..."`, `$"..."`), at its quote.
    fn pos_string(&mut self, kind: Tok) -> Tok {
        let open = self.pos;
        if !self.skip_string() {
            self.pos = self.src.len();
            return Tok::Error("end of file in quoted string");
        }
        if has_nul(&self.src[open + 1..self.pos - 1]) {
            return Tok::Error(NUL_IN_NAME);
        }
        kind
    }

    fn eat_name(&mut self) {
        while is_name_char(self.peek(0)) {
            self.pos += 1;
        }
    }

    fn var(&mut self, named: Tok, id: Tok, start: usize) -> Tok {
        let c = self.peek(0);
        if c == b'"' {
            return self.pos_string(named);
        }
        if c.is_ascii_digit() {
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
            return id;
        }
        if is_name_start(c) {
            self.eat_name();
            return named;
        }
        let _ = start;
        Tok::Error("invalid token")
    }

    fn ident_from(&mut self, start: usize) -> Tok {
        self.pos = start;
        self.eat_name();
        if self.peek(0) == b':' {
            self.pos += 1;
            return Tok::Label;
        }
        let word = &self.src[start..self.pos];
        // u0x / s0x hex integers.
        if word.len() > 3
            && (word[0] == b'u' || word[0] == b's')
            && &word[1..3] == b"0x"
            && word[3..].iter().all(|c| c.is_ascii_hexdigit())
        {
            return Tok::Int;
        }
        Tok::Ident
    }

    fn number(&mut self, start: usize) -> Tok {
        let first = self.src[start];
        // Hex floats: 0x, 0xK, 0xL, 0xM, 0xH, 0xR.
        if first == b'0' && self.peek(0) == b'x' {
            self.pos += 1;
            if matches!(self.peek(0), b'K' | b'L' | b'M' | b'H' | b'R') {
                self.pos += 1;
            }
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return Tok::Float;
        }
        if !first.is_ascii_digit() && !self.peek(0).is_ascii_digit() {
            // `-name` labels or words such as `-nan`? Treat as identifier.
            if is_name_start(first) {
                return self.ident_from(start);
            }
            return Tok::Error("invalid token");
        }
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        // A label `123:` or a name starting with digits `1abc:`.
        if first.is_ascii_digit() {
            if self.peek(0) == b':' {
                self.pos += 1;
                return Tok::LabelId;
            }
            if is_name_char(self.peek(0))
                && self.peek(0) != b'.'
                && !matches!(self.peek(0), b'e' | b'E')
            {
                let save = self.pos;
                self.eat_name();
                if self.peek(0) == b':' {
                    self.pos += 1;
                    return Tok::Label;
                }
                self.pos = save;
            }
        }
        if self.peek(0) != b'.' {
            return Tok::Int;
        }
        self.pos += 1;
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E') {
            let d = self.peek(1);
            if d.is_ascii_digit() || ((d == b'-' || d == b'+') && self.peek(2).is_ascii_digit()) {
                self.pos += 2;
                while self.peek(0).is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        Tok::Float
    }
}

/// Unescapes `\XX` hex escapes (and `\\`) as LLVM's `UnEscapeLexed` does.
pub(crate) fn unescape(s: &[u8]) -> alloc::borrow::Cow<'_, [u8]> {
    if !s.contains(&b'\\') {
        return alloc::borrow::Cow::Borrowed(s);
    }
    let mut out = alloc::vec::Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == b'\\' {
            if s.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            if let (Some(&a), Some(&b)) = (s.get(i + 1), s.get(i + 2)) {
                if a.is_ascii_hexdigit() && b.is_ascii_hexdigit() {
                    out.push(hexval(a) << 4 | hexval(b));
                    i += 3;
                    continue;
                }
            }
        }
        out.push(c);
        i += 1;
    }
    alloc::borrow::Cow::Owned(out)
}

pub(crate) fn hexval(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0,
    }
}
