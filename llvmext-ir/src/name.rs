//! Names and other strings as LLVM holds them: byte strings, not
//! necessarily UTF-8.
//!
//! `@"\FF\FE"` and `@"\FF\FD"` are two different globals in LLVM; a model
//! that decoded names to Rust strings would fold both into `"\u{FFFD}\u{FFFD}"`
//! and report a false redefinition. [`ByteStr`] keeps the bytes and still
//! reads like a string where it is one:
//!
//! ```
//! use llvmext_ir::name::ByteStr;
//! let a = ByteStr::from("main");
//! assert_eq!(a, "main");
//! assert_eq!(a.to_str(), Some("main"));
//! let b = ByteStr::from(&b"\xff\xfe"[..]);
//! assert_eq!(b.to_str(), None);
//! assert_eq!(b.to_string(), "\"\\FF\\FE\"");      // LLVM's spelling
//! assert_ne!(b, ByteStr::from(&b"\xff\xfd"[..]));
//! ```

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// An owned byte string: a name (global, local, type, comdat, named
/// metadata), a section, a string attribute. Compares with `&str` and
/// `&[u8]`; [`Display`](fmt::Display) writes it as LLVM writes a name after
/// its sigil (bare, or quoted with `\XX` escapes).
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ByteStr(Box<[u8]>);

impl ByteStr {
    /// The bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The text, if the bytes are UTF-8.
    pub fn to_str(&self) -> Option<&str> {
        core::str::from_utf8(&self.0).ok()
    }

    /// The text with invalid UTF-8 replaced by U+FFFD (for messages).
    pub fn to_string_lossy(&self) -> alloc::borrow::Cow<'_, str> {
        String::from_utf8_lossy(&self.0)
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The bytes, owned.
    pub fn into_boxed_bytes(self) -> Box<[u8]> {
        self.0
    }
}

impl core::ops::Deref for ByteStr {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl AsRef<[u8]> for ByteStr {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl core::borrow::Borrow<[u8]> for ByteStr {
    fn borrow(&self) -> &[u8] {
        &self.0
    }
}

impl From<&str> for ByteStr {
    fn from(s: &str) -> Self {
        ByteStr(s.as_bytes().into())
    }
}

impl From<&String> for ByteStr {
    fn from(s: &String) -> Self {
        ByteStr(s.as_bytes().into())
    }
}

impl From<String> for ByteStr {
    fn from(s: String) -> Self {
        ByteStr(s.into_bytes().into_boxed_slice())
    }
}

impl From<Box<str>> for ByteStr {
    fn from(s: Box<str>) -> Self {
        ByteStr(s.into_boxed_bytes())
    }
}

impl From<&[u8]> for ByteStr {
    fn from(s: &[u8]) -> Self {
        ByteStr(s.into())
    }
}

impl<const N: usize> From<&[u8; N]> for ByteStr {
    fn from(s: &[u8; N]) -> Self {
        ByteStr(s[..].into())
    }
}

impl From<Vec<u8>> for ByteStr {
    fn from(s: Vec<u8>) -> Self {
        ByteStr(s.into_boxed_slice())
    }
}

impl From<Box<[u8]>> for ByteStr {
    fn from(s: Box<[u8]>) -> Self {
        ByteStr(s)
    }
}

impl PartialEq<str> for ByteStr {
    fn eq(&self, o: &str) -> bool {
        *self.0 == *o.as_bytes()
    }
}

impl PartialEq<&str> for ByteStr {
    fn eq(&self, o: &&str) -> bool {
        *self.0 == *o.as_bytes()
    }
}

impl PartialEq<[u8]> for ByteStr {
    fn eq(&self, o: &[u8]) -> bool {
        *self.0 == *o
    }
}

impl PartialEq<&[u8]> for ByteStr {
    fn eq(&self, o: &&[u8]) -> bool {
        *self.0 == **o
    }
}

impl fmt::Debug for ByteStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.to_string_lossy(), f)
    }
}

/// As LLVM writes a name after its sigil; see [`write_name`].
impl fmt::Display for ByteStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_name(f, &self.0)
    }
}

/// Whether a name is written bare after its sigil: letters, digits, `-._`,
/// not starting with a digit, not empty (LLVM's `PrintLLVMName`).
pub fn is_bare_name(name: &[u8]) -> bool {
    !name.is_empty()
        && !name[0].is_ascii_digit()
        && name.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'))
}

/// Writes an LLVM identifier's name after its sigil: bare if
/// [`is_bare_name`], else quoted with `\XX` escapes for bytes outside
/// printable ASCII, `"` and `\` (written `\\`, as LLVM 19 does).
pub fn write_name(f: &mut dyn fmt::Write, name: &[u8]) -> fmt::Result {
    if is_bare_name(name) {
        // Bare names are ASCII.
        return f.write_str(core::str::from_utf8(name).unwrap_or(""));
    }
    f.write_char('"')?;
    write_escaped(f, name)?;
    f.write_char('"')
}

/// Writes `bytes` as the inside of an LLVM quoted string
/// (`printEscapedString`): printable ASCII as is except `"` and `\`, which
/// LLVM 19 writes as `\22` and `\\`; every other byte as `\XX`.
pub fn write_escaped(f: &mut dyn fmt::Write, bytes: &[u8]) -> fmt::Result {
    let mut start = 0;
    for (i, &c) in bytes.iter().enumerate() {
        let plain = (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\';
        if plain {
            continue;
        }
        f.write_str(core::str::from_utf8(&bytes[start..i]).unwrap_or(""))?;
        if c == b'\\' {
            f.write_str("\\\\")?;
        } else {
            write!(f, "\\{c:02X}")?;
        }
        start = i + 1;
    }
    f.write_str(core::str::from_utf8(&bytes[start..]).unwrap_or(""))
}

/// A global or local name (bytes, as in LLVM): `Some("x".into())` prints as `@x`/`%x`, `None` is an
/// unnamed value, numbered when printed (`@0`, `%1`).
pub type Name = Option<ByteStr>;
