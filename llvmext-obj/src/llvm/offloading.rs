//! `.llvm.offloading` (`SHT_LLVM_OFFLOADING`): device images with their
//! metadata, in LLVM's `OffloadBinary` format (magic `0x10FF10AD`).
//!
//! Versions 1 (LLVM 15–21: one image per binary, written by LLVM 19's
//! `clang-offload-packager`), 2 (several images, sized string values) and
//! 3 (header grows an `InflatedSize` for compressed binaries; compressed
//! binaries are reported as unsupported). All fields are little-endian
//! (LLVM writes its host structs). Layout, all offsets from the start of
//! the binary:
//!
//! ```text
//! header:  u8 magic[4] = 10 FF 10 AD; u32 version; u64 size (whole binary,
//!          a multiple of 8); u64 entries offset (= header size);
//!          u64 v1: entry size (40) / v2+: entry count; v3: u64 inflated size
//! entries: u16 image kind; u16 offload kind; u32 flags; u64 string map
//!          offset; u64 string count; u64 image offset; u64 image size
//! strings: u64 key offset; u64 value offset; v2+: u64 value size
//! string table (as LLVM's StringTableBuilder: leading NUL, tail-merged),
//! zero padding to 8, the images back to back, zero padding to 8
//! ```
//!
//! A section may hold several binaries, each starting 8-aligned.
//!
//! ```
//! use llvmext_obj::llvm::offloading::*;
//! let img = OffloadingImage {
//!     image_kind: ImageKind::ELF_OBJECT,
//!     offload_kind: OffloadKind::OPENMP,
//!     flags: 0,
//!     strings: vec![(b"triple".as_slice(), b"amdgcn-amd-amdhsa".as_slice())],
//!     image: b"\x7fELF...",
//! };
//! let bytes = write(&[img.clone()], 1).unwrap();
//! assert_eq!(&bytes[..4], MAGIC);
//! let bins = decode_section(&bytes).unwrap();
//! assert_eq!(bins[0].images, [img]);
//! ```

use crate::error::{Error, Result};
use crate::strtab::{StringTable, StrtabKind};

/// Conventional section name.
pub const NAME: &str = ".llvm.offloading";
/// The magic bytes.
pub const MAGIC: [u8; 4] = [0x10, 0xff, 0x10, 0xad];
/// The newest version this module knows.
pub const MAX_VERSION: u32 = 3;
/// Alignment of a binary (and of its size and image data).
pub const ALIGN: u64 = 8;

const ENTRY_SIZE: u64 = 40;

/// What an image contains (LLVM's `ImageKind`; other values are kept).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ImageKind(pub u16);

impl ImageKind {
    /// No image.
    pub const NONE: ImageKind = ImageKind(0);
    /// An object file (`o`).
    pub const ELF_OBJECT: ImageKind = ImageKind(1);
    /// LLVM bitcode (`bc`).
    pub const BITCODE: ImageKind = ImageKind(2);
    /// CUDA cubin.
    pub const CUBIN: ImageKind = ImageKind(3);
    /// CUDA fatbinary.
    pub const FATBINARY: ImageKind = ImageKind(4);
    /// PTX assembly.
    pub const PTX: ImageKind = ImageKind(5);
    /// SPIR-V.
    pub const SPIRV: ImageKind = ImageKind(6);
}

/// The producer of an image (LLVM's `OffloadKind`; other values are kept).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OffloadKind(pub u16);

impl OffloadKind {
    /// None.
    pub const NONE: OffloadKind = OffloadKind(0);
    /// OpenMP.
    pub const OPENMP: OffloadKind = OffloadKind(1);
    /// CUDA.
    pub const CUDA: OffloadKind = OffloadKind(2);
    /// HIP.
    pub const HIP: OffloadKind = OffloadKind(4);
    /// SYCL.
    pub const SYCL: OffloadKind = OffloadKind(8);
}

/// Entry flag: a metadata-only entry without an image.
pub const OIF_METADATA: u32 = 1;

/// One image with its metadata (borrowed, for writing and as decoded).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OffloadingImage<'a> {
    /// What the image is.
    pub image_kind: ImageKind,
    /// Who produced it.
    pub offload_kind: OffloadKind,
    /// Entry flags ([`OIF_METADATA`]).
    pub flags: u32,
    /// Key/value strings (`triple`, `arch`, ...), in order. Keys must not
    /// contain NUL; in version 1 neither may values.
    pub strings: Vec<(&'a [u8], &'a [u8])>,
    /// The image bytes.
    pub image: &'a [u8],
}

impl<'a> OffloadingImage<'a> {
    /// The value of `key`, if present (the last one, as LLVM's map keeps).
    pub fn string(&self, key: &[u8]) -> Option<&'a [u8]> {
        self.strings.iter().rev().find(|(k, _)| *k == key).map(|&(_, v)| v)
    }
}

/// A decoded binary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OffloadBinary<'a> {
    /// Format version.
    pub version: u32,
    /// Offset of the binary within the section.
    pub offset: u64,
    /// Its size in bytes (the header's).
    pub size: u64,
    /// Its images.
    pub images: Vec<OffloadingImage<'a>>,
}

fn align8(v: u64) -> u64 {
    v.div_ceil(ALIGN) * ALIGN
}

/// Writes one binary of `version` (1..=3) holding `images` (version 1:
/// exactly one), laid out as LLVM's `OffloadBinary::write`.
pub fn write(images: &[OffloadingImage<'_>], version: u32) -> Result<Vec<u8>> {
    if !(1..=MAX_VERSION).contains(&version) {
        return Err(Error::invalid(format!("unsupported offload binary version {version}")));
    }
    if images.is_empty() || (version == 1 && images.len() != 1) {
        return Err(Error::invalid(
            "an offload binary of version 1 holds exactly one image; later ones at least one",
        ));
    }
    let header_size: u64 = if version >= 3 { 40 } else { 32 };
    let string_entry: u64 = if version == 1 { 16 } else { 24 };
    let mut strtab = StringTable::new(StrtabKind::Elf);
    let mut ids = Vec::new();
    let mut total_strings = 0u64;
    for img in images {
        for &(k, v) in &img.strings {
            if k.contains(&0) || (version == 1 && v.contains(&0)) {
                return Err(Error::invalid("offload binary string contains a NUL byte"));
            }
            ids.push((strtab.add(k), strtab.add(v), v.len() as u64));
        }
        total_strings += img.strings.len() as u64;
    }
    let strtab = strtab.finalize()?;
    let entries_size = ENTRY_SIZE * images.len() as u64;
    let strtab_offset = header_size + entries_size + string_entry * total_strings;
    let data_offset = align8(strtab_offset + strtab.bytes().len() as u64);
    let images_size: u64 = images.iter().map(|i| i.image.len() as u64).sum();
    let size = align8(data_offset + images_size);

    let mut out = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    let put = |out: &mut Vec<u8>, v: u64| out.extend_from_slice(&v.to_le_bytes());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    put(&mut out, size);
    put(&mut out, header_size);
    put(&mut out, if version == 1 { ENTRY_SIZE } else { images.len() as u64 });
    if version >= 3 {
        put(&mut out, 0);
    }
    let mut string_offset = header_size + entries_size;
    let mut image_offset = data_offset;
    for img in images {
        out.extend_from_slice(&img.image_kind.0.to_le_bytes());
        out.extend_from_slice(&img.offload_kind.0.to_le_bytes());
        out.extend_from_slice(&img.flags.to_le_bytes());
        put(&mut out, string_offset);
        put(&mut out, img.strings.len() as u64);
        put(&mut out, image_offset);
        put(&mut out, img.image.len() as u64);
        string_offset += string_entry * img.strings.len() as u64;
        image_offset += img.image.len() as u64;
    }
    for &(k, v, vlen) in &ids {
        let off = |id| strtab_offset + u64::from(strtab.offset(id).unwrap_or(0));
        put(&mut out, off(k));
        put(&mut out, off(v));
        if version >= 2 {
            put(&mut out, vlen);
        }
    }
    out.extend_from_slice(strtab.bytes());
    out.resize(data_offset as usize, 0);
    for img in images {
        out.extend_from_slice(img.image);
    }
    out.resize(size as usize, 0);
    Ok(out)
}

/// Decodes every binary in a section.
pub fn decode_section(data: &[u8]) -> Result<Vec<OffloadBinary<'_>>> {
    let mut out = Vec::new();
    let mut offset = 0u64;
    while offset < data.len() as u64 {
        let bin = decode_binary(&data[offset as usize..]).map_err(|e| shift(e, offset))?;
        let next = align8(offset + bin.size);
        out.push(OffloadBinary { offset, ..bin });
        offset = next;
    }
    Ok(out)
}

fn shift(e: Error, by: u64) -> Error {
    match e.offset() {
        Some(o) => Error::at(e.kind().clone(), o + by),
        None => e,
    }
}

fn le_u64(d: &[u8], at: u64, what: &'static str) -> Result<u64> {
    let i = at as usize;
    d.get(i..i + 8)
        .map(|b| u64::from_le_bytes(b.try_into().unwrap_or_default()))
        .ok_or_else(|| Error::truncated(what, d.len() as u64))
}

/// A NUL-terminated string at `at` within `d`, whose offset was read at
/// `field`.
fn cstr_at<'a>(d: &'a [u8], at: u64, what: &'static str, field: u64) -> Result<&'a [u8]> {
    let s = usize::try_from(at)
        .ok()
        .and_then(|i| d.get(i..))
        .ok_or_else(|| Error::malformed(format!("{what} offset {at} out of bounds"), field))?;
    let n = s.iter().position(|&b| b == 0).ok_or_else(|| Error::truncated(what, d.len() as u64))?;
    Ok(&s[..n])
}

fn slice_at<'a>(
    d: &'a [u8],
    at: u64,
    len: u64,
    what: &'static str,
    field: u64,
) -> Result<&'a [u8]> {
    at.checked_add(len)
        .filter(|&end| end <= d.len() as u64)
        .map(|end| &d[at as usize..end as usize])
        .ok_or_else(|| {
            Error::malformed(format!("{what} ({len} bytes at {at}) out of bounds"), field)
        })
}

/// Decodes the binary at the start of `data` (which may continue past it).
pub fn decode_binary(data: &[u8]) -> Result<OffloadBinary<'_>> {
    if data.len() < 32 {
        return Err(Error::truncated("offload binary header", data.len() as u64));
    }
    if data[..4] != MAGIC {
        return Err(Error::malformed("bad offload binary magic", 0));
    }
    let version = u32::from_le_bytes([data[4], data[5], data[6], data[7]]);
    if version == 0 || version > MAX_VERSION {
        return Err(Error::malformed(format!("unsupported offload binary version {version}"), 4));
    }
    let header_size: u64 = if version >= 3 { 40 } else { 32 };
    let size = le_u64(data, 8, "offload binary size")?;
    if size > data.len() as u64 {
        return Err(Error::truncated("offload binary", data.len() as u64));
    }
    if size < header_size {
        return Err(Error::malformed(
            format!("offload binary size {size} smaller than its header"),
            8,
        ));
    }
    let d = &data[..size as usize];
    if version >= 3 && le_u64(d, 32, "offload binary inflated size")? != 0 {
        return Err(Error::malformed("compressed offload binaries are not supported", 32));
    }
    let entries_offset = le_u64(d, 16, "offload entries offset")?;
    let field = le_u64(d, 24, "offload entry count")?;
    let count = if version == 1 {
        if field != ENTRY_SIZE {
            return Err(Error::malformed(
                format!("offload entry size {field} is not {ENTRY_SIZE}"),
                24,
            ));
        }
        1
    } else {
        field
    };
    match count.checked_mul(ENTRY_SIZE).and_then(|n| n.checked_add(entries_offset)) {
        Some(end) if end <= size && entries_offset >= header_size => {}
        _ => return Err(Error::malformed("offload entries out of bounds", 16)),
    }
    let string_entry: u64 = if version == 1 { 16 } else { 24 };
    let mut images = Vec::new();
    for i in 0..count {
        let e = entries_offset + i * ENTRY_SIZE;
        let b = &d[e as usize..(e + ENTRY_SIZE) as usize];
        let image_kind = ImageKind(u16::from_le_bytes([b[0], b[1]]));
        let offload_kind = OffloadKind(u16::from_le_bytes([b[2], b[3]]));
        let flags = u32::from_le_bytes([b[4], b[5], b[6], b[7]]);
        let string_offset = le_u64(d, e + 8, "string map offset")?;
        let num_strings = le_u64(d, e + 16, "string count")?;
        let image_offset = le_u64(d, e + 24, "image offset")?;
        let image_size = le_u64(d, e + 32, "image size")?;
        match num_strings.checked_mul(string_entry).and_then(|n| n.checked_add(string_offset)) {
            Some(end) if end <= size => {}
            _ => return Err(Error::malformed("offload string map out of bounds", e + 8)),
        }
        let mut strings = Vec::with_capacity(num_strings as usize);
        for j in 0..num_strings {
            let s = string_offset + j * string_entry;
            let key = cstr_at(d, le_u64(d, s, "string key offset")?, "string key", s)?;
            let value_offset = le_u64(d, s + 8, "string value offset")?;
            let value = if version == 1 {
                cstr_at(d, value_offset, "string value", s + 8)?
            } else {
                let len = le_u64(d, s + 16, "string value size")?;
                slice_at(d, value_offset, len, "string value", s + 8)?
            };
            strings.push((key, value));
        }
        let image = slice_at(d, image_offset, image_size, "offload image", e + 24)?;
        images.push(OffloadingImage { image_kind, offload_kind, flags, strings, image });
    }
    Ok(OffloadBinary { version, offset: 0, size, images })
}
