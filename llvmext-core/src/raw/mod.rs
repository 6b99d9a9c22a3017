//! The on-disk structures of the object formats LLVM's tools read and
//! write — ELF ([`elf`]) and COFF ([`coff`]) — as typed structs with the
//! byte layout described once: each parses from and writes to bytes in
//! either class and byte order, so the object writers, their readers and
//! the bitcode container (which finds `.llvmbc` in objects) share one
//! description instead of each spelling offsets.
//!
//! Parsing never panics: a structure past the end of the bytes is `None`.

pub mod coff;
pub mod elf;

/// Reads and writes the fields of one structure in order.
pub(crate) struct Fields<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) at: usize,
    pub(crate) big_endian: bool,
}

impl Fields<'_> {
    #[inline]
    pub(crate) fn uint(&mut self, size: usize) -> u64 {
        let b = &self.bytes[self.at..self.at + size];
        self.at += size;
        let mut v = 0u64;
        if self.big_endian {
            for &c in b {
                v = v << 8 | u64::from(c);
            }
        } else {
            for &c in b.iter().rev() {
                v = v << 8 | u64::from(c);
            }
        }
        v
    }
    #[inline]
    pub(crate) fn u8(&mut self) -> u8 {
        self.uint(1) as u8
    }
    #[inline]
    pub(crate) fn u16(&mut self) -> u16 {
        self.uint(2) as u16
    }
    #[inline]
    pub(crate) fn u32(&mut self) -> u32 {
        self.uint(4) as u32
    }
}

/// Writes the fields of one structure in order.
pub(crate) struct FieldsMut<'a> {
    pub(crate) bytes: &'a mut [u8],
    pub(crate) at: usize,
    pub(crate) big_endian: bool,
}

impl FieldsMut<'_> {
    #[inline]
    pub(crate) fn uint(&mut self, size: usize, v: u64) {
        let b = &mut self.bytes[self.at..self.at + size];
        self.at += size;
        if self.big_endian {
            for (k, c) in b.iter_mut().enumerate() {
                *c = (v >> (8 * (size - 1 - k))) as u8;
            }
        } else {
            for (k, c) in b.iter_mut().enumerate() {
                *c = (v >> (8 * k)) as u8;
            }
        }
    }
    #[inline]
    pub(crate) fn u8(&mut self, v: u8) {
        self.uint(1, u64::from(v))
    }
    #[inline]
    pub(crate) fn u16(&mut self, v: u16) {
        self.uint(2, u64::from(v))
    }
    #[inline]
    pub(crate) fn u32(&mut self, v: u32) {
        self.uint(4, u64::from(v))
    }
}
