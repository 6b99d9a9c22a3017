//! A bounds-checked cursor over section bytes, with errors carrying the
//! byte offset.

use super::{Endian, Format};
use crate::error::{Error, Result};
use llvmext_core::leb128;

/// Reads fixed-size fields, LEB128 and C strings from a section.
#[derive(Debug, Clone)]
pub(crate) struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Self {
        Cursor { data, pos: 0 }
    }

    pub(crate) fn offset(&self) -> u64 {
        self.pos as u64
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    pub(crate) fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    fn end(&self) -> u64 {
        self.data.len() as u64
    }

    pub(crate) fn bytes(&mut self, n: usize, what: &'static str) -> Result<&'a [u8]> {
        if n > self.remaining() {
            return Err(Error::truncated(what, self.end()));
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N]> {
        let s = self.bytes(N, what)?;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        Ok(a)
    }

    pub(crate) fn u8(&mut self, what: &'static str) -> Result<u8> {
        Ok(self.array::<1>(what)?[0])
    }

    pub(crate) fn u16(&mut self, f: Format, what: &'static str) -> Result<u16> {
        let a = self.array::<2>(what)?;
        Ok(match f.endian {
            Endian::Little => u16::from_le_bytes(a),
            Endian::Big => u16::from_be_bytes(a),
        })
    }

    pub(crate) fn u32(&mut self, f: Format, what: &'static str) -> Result<u32> {
        let a = self.array::<4>(what)?;
        Ok(match f.endian {
            Endian::Little => u32::from_le_bytes(a),
            Endian::Big => u32::from_be_bytes(a),
        })
    }

    pub(crate) fn u64(&mut self, f: Format, what: &'static str) -> Result<u64> {
        let a = self.array::<8>(what)?;
        Ok(match f.endian {
            Endian::Little => u64::from_le_bytes(a),
            Endian::Big => u64::from_be_bytes(a),
        })
    }

    /// An unsigned integer of `size` (1..=8) bytes.
    pub(crate) fn uint(&mut self, f: Format, size: u8, what: &'static str) -> Result<u64> {
        let s = self.bytes(usize::from(size), what)?;
        let mut v = 0u64;
        match f.endian {
            Endian::Little => {
                for &b in s.iter().rev() {
                    v = (v << 8) | u64::from(b);
                }
            }
            Endian::Big => {
                for &b in s {
                    v = (v << 8) | u64::from(b);
                }
            }
        }
        Ok(v)
    }

    /// A pointer-sized field.
    pub(crate) fn addr(&mut self, f: Format, what: &'static str) -> Result<super::Address> {
        let offset = self.offset();
        let value = if f.is_64 { self.u64(f, what)? } else { u64::from(self.u32(f, what)?) };
        Ok(super::Address { offset, value })
    }

    pub(crate) fn uleb(&mut self, what: &'static str) -> Result<u64> {
        match leb128::read_uleb128(&self.data[self.pos..]) {
            Ok((v, n)) => {
                self.pos += n;
                Ok(v)
            }
            Err(e) => {
                let at = (self.pos + e.offset()) as u64;
                Err(match e.kind() {
                    leb128::ErrorKind::Truncated => Error::truncated(what, at),
                    _ => {
                        Error::malformed(format!("{what}: ULEB128 value does not fit 64 bits"), at)
                    }
                })
            }
        }
    }

    /// A ULEB128 that must fit 32 bits (LLVM's `readULEB128As<uint32_t>`).
    pub(crate) fn uleb_u32(&mut self, what: &'static str) -> Result<u32> {
        let at = self.offset();
        let v = self.uleb(what)?;
        u32::try_from(v).map_err(|_| {
            Error::malformed(format!("{what}: ULEB128 value {v:#x} exceeds UINT32_MAX"), at)
        })
    }

    /// Bytes up to (not including) the next NUL, which is consumed.
    pub(crate) fn cstr(&mut self, what: &'static str) -> Result<&'a [u8]> {
        let rest = &self.data[self.pos..];
        let nul =
            rest.iter().position(|&b| b == 0).ok_or_else(|| Error::truncated(what, self.end()))?;
        self.pos += nul + 1;
        Ok(&rest[..nul])
    }
}
