//! Containers of LLVM bitcode: the wrapper header, files holding several
//! modules, and bitcode embedded in object files.
//!
//! - [`parse`] / [`modules`] split a bitcode file into its modules the way
//!   LLVM's `getBitcodeFileContents` (behind `getBitcodeModuleList`) does:
//!   an optional `IDENTIFICATION` block followed by a `MODULE` block makes
//!   one module; a `STRTAB` block applies to every preceding module that
//!   has none yet; the first `SYMTAB` is the file's symbol table. Such files
//!   come from `llvm-cat -b`, from ThinLTO (a module plus its string and
//!   symbol tables) and from every `clang -c -emit-llvm`.
//! - [`find_embedded_bitcode`] finds the sections that carry bitcode in an
//!   object file: `.llvmbc` and `.llvmcmd` (`clang -fembed-bitcode`) and
//!   `.llvm.lto` (`clang -ffat-lto-objects`) in ELF (32/64-bit, either byte
//!   order) and COFF objects, `__LLVM,__bitcode` and `__LLVM,__cmdline` in
//!   Mach-O objects.
//! - [`concat_modules`] writes several modules into one file as
//!   `llvm-cat -b` does (the inverse of [`parse`]); a file for a Darwin
//!   target is put in the wrapper header with [`llvmext_core::magic::wrap`]
//!   (also reachable as [`crate::core::magic::wrap`]; [`WrapperHeader`]
//!   reads it).
//!
//! The readers only borrow their input and check every offset and size
//! against it; nothing is allocated in proportion to a count read from the
//! input beyond what the input's size bounds.
//!
//! ```
//! use llvmext_bitcode::container;
//! use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};
//!
//! // IDENTIFICATION + MODULE, twice, then one STRTAB for both (`llvm-cat -b`
//! // writes one after each module: see `concat_modules`).
//! let mut w = BitstreamWriter::new();
//! w.emit_magic(*b"BC\xC0\xDE");
//! for producer in ["LLVM19.1.7", "LLVM22.1.0"] {
//!     w.enter_block(13, 5); // IDENTIFICATION
//!     let chars: Vec<u64> = producer.bytes().map(u64::from).collect();
//!     w.emit_record(1, &chars, None).unwrap(); // STRING
//!     w.emit_record(2, &[0], None).unwrap(); // EPOCH
//!     w.exit_block().unwrap();
//!     w.enter_block(8, 3); // MODULE
//!     w.emit_record(1, &[2], None).unwrap(); // VERSION
//!     w.exit_block().unwrap();
//! }
//! w.enter_block(23, 3); // STRTAB
//! let blob = w.define_abbrev(Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Blob])).unwrap();
//! w.emit_record_with_blob(1, &[], b"main", Some(blob)).unwrap();
//! w.exit_block().unwrap();
//! let bytes = w.finish();
//!
//! let file = container::parse(&bytes).unwrap();
//! assert_eq!(file.modules.len(), 2);
//! assert_eq!(file.modules[0].producer.as_deref(), Some("LLVM19.1.7"));
//! assert_eq!(file.modules[1].producer.as_deref(), Some("LLVM22.1.0"));
//! assert_eq!(file.modules[1].epoch, Some(0));
//! // Every module without a string table of its own uses the next one.
//! assert!(file.modules.iter().all(|m| m.strtab == Some(&b"main"[..])));
//! // The first module starts right after the magic.
//! assert_eq!(file.modules[0].byte_range.start, 4);
//! assert_eq!(file.modules[0].byte_range.end, file.modules[1].byte_range.start);
//! ```

use std::fmt;
use std::ops::Range;

use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamReader, BitstreamWriter, Entry};
use llvmext_core::magic::{self, WrapperHeader};

use crate::schema::{BlockId, IdentificationCode, StrtabCode, SymtabCode};

/// Why a container could not be read. Every variant says where: a bit
/// offset for bitstreams, a byte offset for objects, both from the start of
/// the input given to the function that failed.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A malformed bitstream (the bit offset is in the whole input,
    /// wrapper header included).
    Bitstream(llvmext_core::Error),
    /// A bitcode file whose structure is wrong (LLVM's wording in
    /// parentheses in the message where it has one).
    Bitcode {
        /// What is wrong.
        message: &'static str,
        /// Bit offset in the input.
        bit: u64,
    },
    /// A malformed object file.
    Object {
        /// The format the input was read as (`None`: not recognized).
        format: Option<ObjectFormat>,
        /// What is wrong.
        message: &'static str,
        /// Byte offset in the input of the offending field or data.
        offset: u64,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Bitstream(e) => write!(f, "{e}"),
            Error::Bitcode { message, bit } => write!(f, "{message} at bit {bit}"),
            Error::Object { format: Some(fmt), message, offset } => {
                write!(f, "{fmt}: {message} at byte {offset}")
            }
            Error::Object { format: None, message, offset } => {
                write!(f, "{message} at byte {offset}")
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Bitstream(e) => Some(e),
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------
// Modules of a bitcode file
// ---------------------------------------------------------------------------

/// Which kind of summary a module carries (LLVM's `BitcodeLTOInfo`).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryKind {
    /// A `GLOBALVAL_SUMMARY` block: a ThinLTO module (`-flto=thin`).
    ThinLto,
    /// A `FULL_LTO_GLOBALVAL_SUMMARY` block: a full-LTO module with a
    /// summary.
    FullLto,
}

/// One module of a bitcode file: LLVM's `BitcodeModule`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleRange<'a> {
    /// The module's bytes as LLVM delimits them: from the start of its
    /// `IDENTIFICATION` block (or of its `MODULE` block when there is none;
    /// for the first module this is right after the magic) to the end of
    /// its `MODULE` block.
    pub bytes: &'a [u8],
    /// Where `bytes` lies in the input (wrapper header included).
    pub byte_range: Range<usize>,
    /// Bit offset, from the start of `bytes`, just past the
    /// `IDENTIFICATION` block's ID (LLVM's `IdentificationBit`); `None`
    /// when the module has no `IDENTIFICATION` block.
    pub identification_bit: Option<u64>,
    /// Bit offset, from the start of `bytes`, just past the `MODULE`
    /// block's ID (LLVM's `ModuleBit`).
    pub module_bit: u64,
    /// The producer string (`IDENTIFICATION`'s `STRING` record), e.g.
    /// `LLVM19.1.7`.
    pub producer: Option<String>,
    /// The bitcode epoch (`IDENTIFICATION`'s `EPOCH` record; LLVM accepts
    /// only 0).
    pub epoch: Option<u64>,
    /// The string table the module's names refer to: the blob of the
    /// first `STRTAB` block after it (LLVM's `getStrtab`).
    pub strtab: Option<&'a [u8]>,
    /// The summary block found among the `MODULE` block's sub-blocks.
    pub summary: Option<SummaryKind>,
}

/// A bitcode file split into its parts: LLVM's `BitcodeFileContents`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitcodeFile<'a> {
    /// The wrapper header, if the file has one.
    pub wrapper: Option<WrapperHeader>,
    /// The bitstream (magic included) inside the input.
    pub stream: &'a [u8],
    /// Byte offset of `stream` in the input.
    pub stream_offset: usize,
    /// The modules, in file order.
    pub modules: Vec<ModuleRange<'a>>,
    /// The first `SYMTAB` block's blob (the irsymtab), if any.
    pub symtab: Option<&'a [u8]>,
    /// The string table the symbol table refers to: the first `STRTAB`
    /// after the symbol table.
    pub strtab_for_symtab: Option<&'a [u8]>,
}

/// The modules of a bitcode file (raw or wrapped); see [`parse`].
///
/// ```
/// # use llvmext_core::bitstream::BitstreamWriter;
/// # let mut w = BitstreamWriter::new();
/// # w.emit_magic(*b"BC\xC0\xDE");
/// # w.enter_block(8, 3);
/// # w.emit_record(1, &[2], None).unwrap();
/// # w.exit_block().unwrap();
/// # let bitcode = w.finish();
/// let wrapped = llvmext_core::magic::wrap(&bitcode, llvmext_core::magic::cpu_type::X86_64);
/// let mods = llvmext_bitcode::container::modules(&wrapped).unwrap();
/// assert_eq!(mods.len(), 1);
/// assert_eq!(mods[0].producer, None); // no IDENTIFICATION block
/// assert_eq!(mods[0].byte_range, 24..24 + bitcode.len() - 4);
/// ```
pub fn modules(data: &[u8]) -> Result<Vec<ModuleRange<'_>>, Error> {
    parse(data).map(|f| f.modules)
}

/// Splits a bitcode file into its modules, string tables and symbol table
/// as LLVM's `getBitcodeFileContents` does.
///
/// The rules: the input's size must be a multiple of 4; a wrapper header is
/// skipped; the stream must start with `BC 0xC0DE`. At the top level, an
/// `IDENTIFICATION` block must be followed by a `MODULE` block, and the
/// pair is one module; a `MODULE` block alone is one module too. A `STRTAB`
/// block's blob becomes the string table of every preceding module that has
/// none yet, and of the symbol table if it has none; only the first
/// `SYMTAB` counts; other blocks and records are skipped. Reading stops when
/// fewer than 9 bytes are left (LLVM tolerates such trailing garbage, e.g.
/// from Apple's `ar`).
///
/// Unlike LLVM, this also reads the `IDENTIFICATION` block (for the
/// producer and epoch) and the `MODULE` block's top-level entries (for
/// [`ModuleRange::summary`]), so a module malformed there is an error here.
pub fn parse(data: &[u8]) -> Result<BitcodeFile<'_>, Error> {
    if data.len() % 4 != 0 {
        return Err(Error::Bitcode {
            message: "bitcode size is not a multiple of 4 bytes (Invalid bitcode signature)",
            bit: data.len() as u64 * 8,
        });
    }
    let (wrapper, stream, stream_offset) = if magic::identify(data) == magic::StreamKind::Wrapper {
        let bad = |e: llvmext_core::Error| Error::Bitcode {
            message: "invalid bitcode wrapper header",
            bit: e.bit_offset(),
        };
        let h = WrapperHeader::parse(data).map_err(bad)?;
        let inner = h.contents(data).map_err(bad)?;
        (Some(h), inner, h.offset as usize)
    } else {
        (None, data, 0)
    };
    if stream.get(..4) != Some(&magic::BITCODE_MAGIC[..]) {
        return Err(Error::Bitcode {
            message: "not LLVM IR bitcode (Invalid bitcode signature)",
            bit: stream_offset as u64 * 8,
        });
    }
    // Bit positions: `r` counts from the end of the magic; `pos` from the
    // start of the stream; errors from the start of the input.
    let in_stream = |r: &BitstreamReader<'_>| r.bit_position() + 32;
    let to_input = stream_offset as u64 * 8 + 32;
    let bs = |e: llvmext_core::Error| Error::Bitstream(e.offset_by(to_input));

    let mut file = BitcodeFile {
        wrapper,
        stream,
        stream_offset,
        modules: Vec::new(),
        symtab: None,
        strtab_for_symtab: None,
    };
    let mut r = BitstreamReader::new(&stream[4..]);
    loop {
        let begin = (in_stream(&r) / 8) as usize;
        if begin.saturating_add(8) >= stream.len() {
            break;
        }
        let Some(entry) = r.advance().map_err(bs)? else { break };
        let mut block_id = match entry {
            Entry::SubBlock { block_id } => block_id,
            Entry::Record(id) => {
                r.skip_record(id).map_err(bs)?;
                continue;
            }
            Entry::DefineAbbrev => continue,
            Entry::EndBlock => {
                return Err(Error::Bitcode {
                    message: "END_BLOCK at top level (Malformed block)",
                    bit: in_stream(&r) + stream_offset as u64 * 8,
                })
            }
        };
        let rel = |r: &BitstreamReader<'_>| in_stream(r) - begin as u64 * 8;
        let mut identification = None;
        if block_id == BlockId::IDENTIFICATION.0 {
            let bit = rel(&r);
            let (producer, epoch) = read_identification(&r).map_err(bs)?;
            r.skip_block().map_err(bs)?;
            let at = in_stream(&r) + stream_offset as u64 * 8;
            match r.advance().map_err(bs)? {
                Some(Entry::SubBlock { block_id: id }) if id == BlockId::MODULE.0 => {
                    block_id = id;
                }
                _ => {
                    return Err(Error::Bitcode {
                        message: "IDENTIFICATION block not followed by a MODULE block \
                                  (Malformed block)",
                        bit: at,
                    })
                }
            }
            identification = Some((bit, producer, epoch));
        }
        if block_id == BlockId::MODULE.0 {
            let module_bit = rel(&r);
            let summary = module_summary(&r).map_err(bs)?;
            r.skip_block().map_err(bs)?;
            let end = (in_stream(&r) / 8) as usize;
            let (identification_bit, producer, epoch) = match identification {
                Some((bit, p, e)) => (Some(bit), p, e),
                None => (None, None, None),
            };
            file.modules.push(ModuleRange {
                bytes: &stream[begin..end],
                byte_range: stream_offset + begin..stream_offset + end,
                identification_bit,
                module_bit,
                producer,
                epoch,
                strtab: None,
                summary,
            });
            continue;
        }
        if block_id == BlockId::STRTAB.0 {
            let strtab = read_blob_in_record(&mut r, StrtabCode::BLOB.0).map_err(bs)?;
            for m in file.modules.iter_mut().rev() {
                if m.strtab.is_some_and(|s| !s.is_empty()) {
                    break;
                }
                m.strtab = Some(strtab);
            }
            if file.symtab.is_some_and(|s| !s.is_empty())
                && file.strtab_for_symtab.is_none_or(|s| s.is_empty())
            {
                file.strtab_for_symtab = Some(strtab);
            }
            continue;
        }
        if block_id == BlockId::SYMTAB.0 {
            let symtab = read_blob_in_record(&mut r, SymtabCode::BLOB.0).map_err(bs)?;
            if file.symtab.is_none_or(|s| s.is_empty()) {
                file.symtab = Some(symtab);
            }
            continue;
        }
        r.skip_block().map_err(bs)?;
    }
    Ok(file)
}

/// Writes several modules into one bitcode file exactly as
/// `llvm-cat -b a.bc b.bc -o out.bc` does: the `BC` magic, then for each
/// module, in order, its bytes as they are in its own file (its
/// `IDENTIFICATION` and `MODULE` blocks, [`ModuleRange::bytes`]) followed
/// by a `STRTAB` block holding that module's string table
/// ([`ModuleRange::strtab`]; empty for a module that has none, as LLVM 4
/// and older wrote). Whatever else the input files hold is left out: the
/// irsymtab (`SYMTAB` block) that `llvm-as` and clang write, the wrapper
/// header, other top-level blocks. The output has no wrapper header (wrap
/// it with [`llvmext_core::magic::wrap`] where one is needed).
///
/// Modules are copied, never re-encoded, so this works for modules of any
/// producer and version; every module keeps its producer, its epoch, its
/// summary and its lazy-loading offsets (LLVM counts those from the
/// start of the module's own bytes). [`parse`] (and
/// [`read::Reader`](crate::read::Reader) with
/// [`ReadOptions::module`](crate::read::ReadOptions::module)) reads every
/// module back, each with its own string table.
///
/// `llvm-cat -b` takes every module of every input file, a multi-module
/// file's too: pass `parse(file)?.modules` of each input, in order.
///
/// # Errors
///
/// [`Error::Bitstream`] if the bitstream writer refuses a `STRTAB` record
/// (it accepts any table that fits in memory); the modules' bytes are
/// copied unchecked.
///
/// ```
/// use llvmext_bitcode::container;
/// # #[cfg(feature = "ir")] {
/// let a = llvmext_ir::parse::parse(b"define i32 @f() {\n  ret i32 1\n}\n", "a.ll")?;
/// let b = llvmext_ir::parse::parse(b"@g = global i32 2\n", "b.ll")?;
/// let (a, b) = (llvmext_bitcode::write::write(&a)?, llvmext_bitcode::write::write(&b)?);
///
/// let (fa, fb) = (container::parse(&a)?, container::parse(&b)?);
/// let both = container::concat_modules(fa.modules.iter().chain(&fb.modules))?;
///
/// let file = container::parse(&both)?;
/// assert_eq!(file.modules.len(), 2);
/// assert_eq!(file.modules[1].bytes, fb.modules[0].bytes);
/// assert_eq!(file.symtab, None); // llvm-cat drops the irsymtab
/// let opts = llvmext_bitcode::read::ReadOptions { module: 1 };
/// let second = llvmext_bitcode::read::read_with(&both, &opts)?;
/// assert_eq!(second.globals[0].common.name.as_deref(), Some(&b"g"[..]));
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn concat_modules<'m, 'a: 'm>(
    modules: impl IntoIterator<Item = &'m ModuleRange<'a>>,
) -> Result<Vec<u8>, Error> {
    let mut out = magic::BITCODE_MAGIC.to_vec();
    for m in modules {
        // A module's bytes start and end on a 32-bit word (blocks are
        // word-aligned), so they are copied as they are, and the STRTAB
        // block after them is the same wherever it lands.
        out.extend_from_slice(m.bytes);
        let at = out.len() as u64 * 8;
        let strtab =
            strtab_block(m.strtab.unwrap_or(&[])).map_err(|e| Error::Bitstream(e.offset_by(at)))?;
        out.extend_from_slice(&strtab);
    }
    Ok(out)
}

/// A top-level `STRTAB` block holding `strtab`, as LLVM's
/// `BitcodeWriter::copyStrtab` writes it: abbreviation width 3, a
/// `[literal 1, blob]` abbreviation, one `BLOB` record. (The only error:
/// a table too large for a block's 32-bit length.)
fn strtab_block(strtab: &[u8]) -> Result<Vec<u8>, llvmext_core::Error> {
    let mut w = BitstreamWriter::new();
    w.enter_block(BlockId::STRTAB.0, 3);
    let blob = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(StrtabCode::BLOB.0)),
        AbbrevOp::Blob,
    ]))?;
    w.emit_record_with_blob(StrtabCode::BLOB.0, &[], strtab, Some(blob))?;
    w.exit_block()?;
    Ok(w.finish())
}

/// Reads the `IDENTIFICATION` block `r` has just announced, on a copy of
/// the cursor: (producer, epoch).
fn read_identification(
    r: &BitstreamReader<'_>,
) -> Result<(Option<String>, Option<u64>), llvmext_core::Error> {
    let mut r = r.clone();
    r.enter_block()?;
    let (mut producer, mut epoch) = (None, None);
    let mut ops = Vec::new();
    while let Some(e) = r.advance()? {
        match e {
            Entry::EndBlock => break,
            Entry::Record(id) => {
                let rec = r.read_record(id, &mut ops)?;
                if rec.code == IdentificationCode::STRING.0 {
                    // As LLVM's `convertToString`: each value truncated to a
                    // byte.
                    let bytes: Vec<u8> = ops.iter().map(|&c| c as u8).collect();
                    producer = Some(String::from_utf8_lossy(&bytes).into_owned());
                } else if rec.code == IdentificationCode::EPOCH.0 {
                    epoch = ops.first().copied();
                }
            }
            Entry::SubBlock { .. } | Entry::DefineAbbrev => {}
        }
    }
    Ok((producer, epoch))
}

/// Looks for a summary among the sub-blocks of the `MODULE` block `r` has
/// just announced, on a copy of the cursor (LLVM's `getLTOInfo`).
fn module_summary(r: &BitstreamReader<'_>) -> Result<Option<SummaryKind>, llvmext_core::Error> {
    let mut r = r.clone();
    r.enter_block()?;
    let depth = r.depth();
    let mut found = None;
    while let Some(e) = r.advance()? {
        match e {
            Entry::EndBlock if r.depth() < depth => break,
            Entry::SubBlock { block_id } => {
                if block_id == BlockId::GLOBALVAL_SUMMARY.0 {
                    found = Some(SummaryKind::ThinLto);
                } else if block_id == BlockId::FULL_LTO_GLOBALVAL_SUMMARY.0 {
                    found = Some(SummaryKind::FullLto);
                } else if block_id == BlockId::BLOCKINFO.0 {
                    // Its abbreviations are needed by the module's records.
                    r.enter_block()?;
                    continue;
                }
                r.skip_block()?;
            }
            Entry::Record(id) => {
                r.skip_record(id)?;
            }
            Entry::EndBlock | Entry::DefineAbbrev => {}
        }
    }
    Ok(found)
}

/// LLVM's `readBlobInRecord`: enters the block `r` has just announced and
/// returns the blob of its last record with code `code` (empty if none).
fn read_blob_in_record<'a>(
    r: &mut BitstreamReader<'a>,
    code: u32,
) -> Result<&'a [u8], llvmext_core::Error> {
    r.enter_block()?;
    let depth = r.depth();
    let mut blob: &'a [u8] = &[];
    let mut ops = Vec::new();
    while let Some(e) = r.advance()? {
        match e {
            Entry::EndBlock if r.depth() < depth => break,
            Entry::SubBlock { .. } => {
                r.skip_block()?;
            }
            Entry::Record(id) => {
                let rec = r.read_record(id, &mut ops)?;
                if rec.code == code {
                    blob = rec.blob.unwrap_or(&[]);
                }
            }
            Entry::EndBlock | Entry::DefineAbbrev => {}
        }
    }
    Ok(blob)
}

// ---------------------------------------------------------------------------
// Bitcode embedded in objects
// ---------------------------------------------------------------------------

/// An object file format.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectFormat {
    /// ELF, 32 or 64-bit, either byte order.
    Elf,
    /// Mach-O (thin, 32 or 64-bit, either byte order).
    MachO,
    /// A COFF object (not a PE image, not `/bigobj`).
    Coff,
}

impl fmt::Display for ObjectFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ObjectFormat::Elf => "ELF",
            ObjectFormat::MachO => "Mach-O",
            ObjectFormat::Coff => "COFF",
        })
    }
}

/// What an embedded section holds.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmbeddedKind {
    /// `.llvmbc` / `__LLVM,__bitcode`: the module's bitcode, as
    /// `clang -fembed-bitcode` embeds it.
    Bitcode,
    /// `.llvmcmd` / `__LLVM,__cmdline`: the `cc1` command line that goes
    /// with it (NUL-separated arguments), not bitcode.
    CommandLine,
    /// `.llvm.lto`: the LTO bitcode of a fat LTO object
    /// (`clang -ffat-lto-objects`).
    FatLto,
}

impl EmbeddedKind {
    /// Whether the section holds bitcode (everything but the command line).
    pub fn is_bitcode(self) -> bool {
        !matches!(self, EmbeddedKind::CommandLine)
    }
}

/// A section of an object file that carries embedded bitcode (or its
/// command line), borrowed from the object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbeddedBitcode<'a> {
    /// The object's format.
    pub format: ObjectFormat,
    /// What the section holds.
    pub kind: EmbeddedKind,
    /// The section's name (`segment,section` for Mach-O).
    pub section: String,
    /// The section's index in the section table (0-based for Mach-O and
    /// COFF, whose tables have no null entry).
    pub section_index: usize,
    /// Byte offset of the contents in the object.
    pub offset: u64,
    /// The section's contents.
    pub data: &'a [u8],
}

impl<'a> EmbeddedBitcode<'a> {
    /// Splits the contents into modules ([`parse`]). Errors are offset to
    /// positions in the object.
    pub fn parse(&self) -> Result<BitcodeFile<'a>, Error> {
        let bits = self.offset * 8;
        parse(self.data).map_err(|e| match e {
            Error::Bitstream(e) => Error::Bitstream(e.offset_by(bits)),
            Error::Bitcode { message, bit } => Error::Bitcode { message, bit: bit + bits },
            other => other,
        })
    }
}

/// Finds the sections of an ELF, Mach-O or COFF object that carry
/// embedded bitcode: `.llvmbc`, `.llvmcmd` and `.llvm.lto` (ELF, COFF),
/// `__LLVM,__bitcode` and `__LLVM,__cmdline` (Mach-O), in section table
/// order. An object without any gives an empty list.
///
/// Only the headers needed to find sections and their names are read, each
/// field checked against the input: a malformed object gives an
/// [`Error::Object`] naming the byte offset, never a panic.
///
/// ```
/// use llvmext_bitcode::container::{find_embedded_bitcode, EmbeddedKind, Error};
///
/// // A minimal little-endian ELF64 object: header, then the section table
/// // (null, .llvmbc, .shstrtab), then the section contents.
/// let names = b"\0.llvmbc\0.shstrtab\0";
/// let bitcode = b"BC\xC0\xDE\x35\x14\x00\x00\x05\x00\x00\x00";
/// let mut elf = vec![0u8; 64];
/// elf[..6].copy_from_slice(b"\x7fELF\x02\x01");
/// let shoff = 64u64;
/// let data_at = shoff + 3 * 64;
/// elf[0x28..0x30].copy_from_slice(&shoff.to_le_bytes());
/// elf[0x3a..0x3c].copy_from_slice(&64u16.to_le_bytes()); // e_shentsize
/// elf[0x3c..0x3e].copy_from_slice(&3u16.to_le_bytes()); // e_shnum
/// elf[0x3e..0x40].copy_from_slice(&2u16.to_le_bytes()); // e_shstrndx
/// let mut shdr = |name: u32, offset: u64, size: u64| {
///     let mut h = [0u8; 64];
///     h[0..4].copy_from_slice(&name.to_le_bytes());
///     h[4..8].copy_from_slice(&1u32.to_le_bytes()); // SHT_PROGBITS
///     h[24..32].copy_from_slice(&offset.to_le_bytes());
///     h[32..40].copy_from_slice(&size.to_le_bytes());
///     h
/// };
/// elf.extend_from_slice(&[0u8; 64]);
/// elf.extend_from_slice(&shdr(1, data_at, bitcode.len() as u64));
/// elf.extend_from_slice(&shdr(9, data_at + bitcode.len() as u64, names.len() as u64));
/// elf.extend_from_slice(bitcode);
/// elf.extend_from_slice(names);
///
/// let found = find_embedded_bitcode(&elf).unwrap();
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].kind, EmbeddedKind::Bitcode);
/// assert_eq!(found[0].section, ".llvmbc");
/// assert_eq!(found[0].data, bitcode);
///
/// // Hostile input is an error value.
/// let err = find_embedded_bitcode(&elf[..100]).unwrap_err();
/// // The section table (at e_shoff, read from byte 0x28) does not fit.
/// assert!(matches!(err, Error::Object { offset: 0x28, .. }), "{err}");
/// ```
pub fn find_embedded_bitcode(object: &[u8]) -> Result<Vec<EmbeddedBitcode<'_>>, Error> {
    match object {
        [0x7f, b'E', b'L', b'F', ..] => elf(object),
        [0xce | 0xcf, 0xfa, 0xed, 0xfe, ..] | [0xfe, 0xed, 0xfa, 0xce | 0xcf, ..] => macho(object),
        [a, b, ..] if is_coff_machine(u16::from_le_bytes([*a, *b])) => coff(object),
        _ => Err(Error::Object {
            format: None,
            message: "not an ELF, Mach-O or COFF object",
            offset: 0,
        }),
    }
}

/// Bounds-checked fixed-width reads in one byte order.
#[derive(Clone, Copy)]
struct Bytes<'a> {
    data: &'a [u8],
    big: bool,
    format: ObjectFormat,
}

impl<'a> Bytes<'a> {
    fn err(&self, message: &'static str, offset: u64) -> Error {
        Error::Object { format: Some(self.format), message, offset }
    }

    fn array<const N: usize>(&self, at: u64, what: &'static str) -> Result<[u8; N], Error> {
        usize::try_from(at)
            .ok()
            .and_then(|s| self.data.get(s..s.checked_add(N)?))
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| self.err(what, at))
    }

    fn u16(&self, at: u64, what: &'static str) -> Result<u16, Error> {
        let b = self.array::<2>(at, what)?;
        Ok(if self.big { u16::from_be_bytes(b) } else { u16::from_le_bytes(b) })
    }

    fn u32(&self, at: u64, what: &'static str) -> Result<u32, Error> {
        let b = self.array::<4>(at, what)?;
        Ok(if self.big { u32::from_be_bytes(b) } else { u32::from_le_bytes(b) })
    }

    fn u64(&self, at: u64, what: &'static str) -> Result<u64, Error> {
        let b = self.array::<8>(at, what)?;
        Ok(if self.big { u64::from_be_bytes(b) } else { u64::from_le_bytes(b) })
    }

    /// A 32- or 64-bit word.
    fn word(&self, wide: bool, at: u64, what: &'static str) -> Result<u64, Error> {
        if wide {
            self.u64(at, what)
        } else {
            self.u32(at, what).map(u64::from)
        }
    }

    /// `size` bytes at `offset`; the error points at `field` (where the
    /// offending offset/size was read).
    fn slice(
        &self,
        offset: u64,
        size: u64,
        what: &'static str,
        field: u64,
    ) -> Result<&'a [u8], Error> {
        let end = offset.checked_add(size).ok_or_else(|| self.err(what, field))?;
        if end > self.data.len() as u64 {
            return Err(self.err(what, field));
        }
        Ok(&self.data[offset as usize..end as usize])
    }
}

fn classify(name: &[u8]) -> Option<EmbeddedKind> {
    match name {
        b".llvmbc" => Some(EmbeddedKind::Bitcode),
        b".llvmcmd" => Some(EmbeddedKind::CommandLine),
        b".llvm.lto" => Some(EmbeddedKind::FatLto),
        _ => None,
    }
}

const SHT_NOBITS: u32 = 8;
const SHN_XINDEX: u32 = 0xffff;
const SHF_COMPRESSED: u64 = 0x800;

fn elf(data: &[u8]) -> Result<Vec<EmbeddedBitcode<'_>>, Error> {
    use llvmext_core::raw::elf::{Encoding, FileHeader, SectionHeader};
    let fmt = ObjectFormat::Elf;
    let err = |message, offset| Error::Object { format: Some(fmt), message, offset };
    match data.get(4) {
        Some(1 | 2) => {}
        Some(_) => return Err(err("invalid EI_CLASS (not 1 or 2)", 4)),
        None => return Err(err("truncated ELF identification", data.len() as u64)),
    }
    match data.get(5) {
        Some(1 | 2) => {}
        Some(_) => return Err(err("invalid EI_DATA (not 1 or 2)", 5)),
        None => return Err(err("truncated ELF identification", data.len() as u64)),
    }
    let Some(enc) = Encoding::from_ident(data) else {
        return Err(err("not an ELF identification", 0));
    };
    let Some(h) = FileHeader::parse(data, enc) else {
        return Err(err("truncated ELF header", data.len() as u64));
    };
    if h.e_shoff == 0 {
        return Ok(Vec::new());
    }
    let entsize = SectionHeader::size(enc) as u64;
    if u64::from(h.e_shentsize) != entsize {
        return Err(err(
            "e_shentsize is not the size of a section header",
            FileHeader::E_SHENTSIZE_AT.get(enc),
        ));
    }
    let shoff_at = FileHeader::E_SHOFF_AT.get(enc);
    if h.e_shoff.checked_add(entsize).is_none_or(|end| end > data.len() as u64) {
        return Err(err("section header table past the end of the file", shoff_at));
    }
    // Section header `i`, inside the file (checked below), and where its
    // field `at` is.
    let at = |i: u64| h.e_shoff + i * entsize;
    let field = |i: u64, f: llvmext_core::raw::elf::FieldAt| at(i) + f.get(enc);
    let shdr = |i: u64| SectionHeader::parse(&data[at(i) as usize..], enc).unwrap_or_default();
    // Extended numbering: the real counts are in section 0.
    let first = shdr(0);
    let mut shnum = u64::from(h.e_shnum);
    if shnum == 0 {
        shnum = first.sh_size;
    }
    let mut shstrndx = u32::from(h.e_shstrndx);
    if shstrndx == SHN_XINDEX {
        shstrndx = first.sh_link;
    }
    let table_end = shnum.checked_mul(entsize).and_then(|n| n.checked_add(h.e_shoff));
    if table_end.is_none_or(|end| end > data.len() as u64) {
        return Err(err("section header table past the end of the file", shoff_at));
    }
    if u64::from(shstrndx) >= shnum {
        return Err(err("e_shstrndx is not a section index", FileHeader::E_SHSTRNDX_AT.get(enc)));
    }
    let b = Bytes { data, big: enc.big_endian, format: fmt };
    let section_data = |i: u64| -> Result<&[u8], Error> {
        let s = shdr(i);
        if s.sh_type == SHT_NOBITS {
            return Ok(&[]);
        }
        let what = "section contents past the end of the file";
        b.slice(s.sh_offset, s.sh_size, what, field(i, SectionHeader::SH_OFFSET_AT))
    };
    let names = section_data(u64::from(shstrndx))?;
    let mut found = Vec::new();
    for i in 0..shnum {
        let s = shdr(i);
        let name_at = field(i, SectionHeader::SH_NAME_AT);
        let Some(rest) = names.get(s.sh_name as usize..) else {
            return Err(err("section name offset past the end of the string table", name_at));
        };
        let Some(len) = rest.iter().position(|&c| c == 0) else {
            return Err(err("unterminated section name", name_at));
        };
        let name = &rest[..len];
        let Some(kind) = classify(name) else { continue };
        if s.sh_type == SHT_NOBITS {
            return Err(err(
                "embedded-bitcode section has no contents (SHT_NOBITS)",
                field(i, SectionHeader::SH_TYPE_AT),
            ));
        }
        if s.sh_flags & SHF_COMPRESSED != 0 {
            return Err(err(
                "compressed embedded-bitcode section (unsupported)",
                field(i, SectionHeader::SH_FLAGS_AT),
            ));
        }
        found.push(EmbeddedBitcode {
            format: fmt,
            kind,
            section: String::from_utf8_lossy(name).into_owned(),
            section_index: i as usize,
            offset: s.sh_offset,
            data: section_data(i)?,
        });
    }
    Ok(found)
}

const LC_SEGMENT: u32 = 0x1;
const LC_SEGMENT_64: u32 = 0x19;
/// `S_ZEROFILL`, `S_GB_ZEROFILL`, `S_THREAD_LOCAL_ZEROFILL`: no contents.
const ZEROFILL_TYPES: [u32; 3] = [0x1, 0xc, 0x12];

fn macho(data: &[u8]) -> Result<Vec<EmbeddedBitcode<'_>>, Error> {
    let fmt = ObjectFormat::MachO;
    let err = |message, offset| Error::Object { format: Some(fmt), message, offset };
    // The magic reads as 0xfeedface/0xfeedfacf in the file's byte order.
    let big = data[0] == 0xfe;
    let wide = if big { data[3] == 0xcf } else { data[0] == 0xcf };
    let b = Bytes { data, big, format: fmt };
    let header_size: u64 = if wide { 32 } else { 28 };
    if (data.len() as u64) < header_size {
        return Err(err("truncated Mach-O header", data.len() as u64));
    }
    let ncmds = b.u32(16, "truncated Mach-O header")?;
    let sizeofcmds = u64::from(b.u32(20, "truncated Mach-O header")?);
    let cmds_end = header_size + sizeofcmds;
    if cmds_end > data.len() as u64 {
        return Err(err("load commands past the end of the file", 20));
    }
    let (seg_size, sect_size): (u64, u64) = if wide { (72, 80) } else { (56, 68) };
    let mut found = Vec::new();
    let mut at = header_size;
    let mut index = 0usize;
    for _ in 0..ncmds {
        // Every command takes at least 8 bytes, so this loop ends within
        // the input whatever `ncmds` says.
        if at + 8 > cmds_end {
            return Err(err("load command past the end of the load commands", at));
        }
        let cmd = b.u32(at, "truncated load command")?;
        let cmdsize = u64::from(b.u32(at + 4, "truncated load command")?);
        if cmdsize < 8 || at + cmdsize > cmds_end {
            return Err(err("invalid load command size", at + 4));
        }
        if cmd == LC_SEGMENT || cmd == LC_SEGMENT_64 {
            if (cmd == LC_SEGMENT_64) != wide || cmdsize < seg_size {
                return Err(err("invalid segment load command", at));
            }
            let nsects_at = at + if wide { 64 } else { 48 };
            let nsects = u64::from(b.u32(nsects_at, "truncated segment load command")?);
            if nsects > (cmdsize - seg_size) / sect_size {
                return Err(err("section headers past the end of their load command", nsects_at));
            }
            for s in 0..nsects {
                let h = at + seg_size + s * sect_size;
                let sectname: [u8; 16] = b.array(h, "truncated section header")?;
                let segname: [u8; 16] = b.array(h + 16, "truncated section header")?;
                let cut = |n: &[u8; 16]| {
                    let len = n.iter().position(|&c| c == 0).unwrap_or(16);
                    n[..len].to_vec()
                };
                let (sect, seg) = (cut(&sectname), cut(&segname));
                let kind = match (seg.as_slice(), sect.as_slice()) {
                    (b"__LLVM", b"__bitcode") => Some(EmbeddedKind::Bitcode),
                    (b"__LLVM", b"__cmdline") => Some(EmbeddedKind::CommandLine),
                    _ => None,
                };
                if let Some(kind) = kind {
                    let size_at = h + 32 + if wide { 8 } else { 4 };
                    let size = b.word(wide, size_at, "truncated section header")?;
                    let offset_at = size_at + if wide { 8 } else { 4 };
                    let offset = u64::from(b.u32(offset_at, "truncated section header")?);
                    let flags = b.u32(offset_at + 16, "truncated section header")?;
                    if ZEROFILL_TYPES.contains(&(flags & 0xff)) {
                        return Err(err(
                            "embedded-bitcode section has no contents (zerofill)",
                            offset_at + 16,
                        ));
                    }
                    let contents = b.slice(
                        offset,
                        size,
                        "section contents past the end of the file",
                        offset_at,
                    )?;
                    let mut name = String::from_utf8_lossy(&seg).into_owned();
                    name.push(',');
                    name.push_str(&String::from_utf8_lossy(&sect));
                    found.push(EmbeddedBitcode {
                        format: fmt,
                        kind,
                        section: name,
                        section_index: index,
                        offset,
                        data: contents,
                    });
                }
                index += 1;
            }
        }
        at += cmdsize;
    }
    Ok(found)
}

/// The `IMAGE_FILE_MACHINE_*` values LLVM writes COFF objects for.
fn is_coff_machine(m: u16) -> bool {
    matches!(
        m,
        0x014c // I386
            | 0x8664 // AMD64
            | 0x01c4 // ARMNT
            | 0xaa64 // ARM64
            | 0xa641 // ARM64EC
            | 0xa64e // ARM64X
    )
}

/// `IMAGE_SCN_CNT_UNINITIALIZED_DATA`.
const COFF_BSS: u32 = 0x80;

fn coff(data: &[u8]) -> Result<Vec<EmbeddedBitcode<'_>>, Error> {
    let fmt = ObjectFormat::Coff;
    let err = |message, offset| Error::Object { format: Some(fmt), message, offset };
    let b = Bytes { data, big: false, format: fmt };
    if data.len() < 20 {
        return Err(err("truncated COFF file header", data.len() as u64));
    }
    let nsections = u64::from(b.u16(2, "truncated COFF file header")?);
    let symtab = u64::from(b.u32(8, "truncated COFF file header")?);
    let nsyms = u64::from(b.u32(12, "truncated COFF file header")?);
    let opt_size = u64::from(b.u16(16, "truncated COFF file header")?);
    let table = 20 + opt_size;
    if table + nsections * 40 > data.len() as u64 {
        return Err(err("section table past the end of the file", 2));
    }
    // The string table follows the symbol table (18-byte records).
    let strtab = |at_field: u64| -> Result<&[u8], Error> {
        let start = symtab + nsyms * 18;
        let size = u64::from(b.u32(start, "string table past the end of the file")?);
        if size < 4 {
            return Err(err("invalid string table size", start));
        }
        b.slice(start, size, "string table past the end of the file", at_field)
    };
    let mut found = Vec::new();
    for i in 0..nsections {
        let h = table + i * 40;
        let raw: [u8; 8] = b.array(h, "truncated section header")?;
        let short = &raw[..raw.iter().position(|&c| c == 0).unwrap_or(8)];
        let long;
        let name: &[u8] = if let Some(digits) = short.strip_prefix(b"/") {
            // `/<decimal offset>` into the string table (`//<base64>` for
            // huge tables cannot name our sections).
            let off = std::str::from_utf8(digits)
                .ok()
                .and_then(|s| s.parse::<u64>().ok())
                .ok_or_else(|| err("invalid long section name", h))?;
            let table = strtab(h)?;
            let rest = usize::try_from(off)
                .ok()
                .and_then(|o| table.get(o..))
                .ok_or_else(|| err("section name offset past the end of the string table", h))?;
            let len = rest
                .iter()
                .position(|&c| c == 0)
                .ok_or_else(|| err("unterminated section name", h))?;
            long = &rest[..len];
            long
        } else {
            short
        };
        let Some(kind) = classify(name) else { continue };
        let size = u64::from(b.u32(h + 16, "truncated section header")?);
        let offset = u64::from(b.u32(h + 20, "truncated section header")?);
        let flags = b.u32(h + 36, "truncated section header")?;
        if flags & COFF_BSS != 0 {
            return Err(err("embedded-bitcode section has no contents (uninitialized)", h + 36));
        }
        let contents = if size == 0 {
            &[][..]
        } else {
            b.slice(offset, size, "section contents past the end of the file", h + 20)?
        };
        found.push(EmbeddedBitcode {
            format: fmt,
            kind,
            section: String::from_utf8_lossy(name).into_owned(),
            section_index: i as usize,
            offset,
            data: contents,
        });
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garbage_is_not_an_object() {
        for input in [&b""[..], b"\x7f", b"\x7fEL", b"MZ", b"\xcf\xfa\xed"] {
            assert!(find_embedded_bitcode(input).is_err(), "{input:?}");
        }
    }

    #[test]
    fn truncated_elf_headers_are_errors() {
        let mut elf = vec![0u8; 64];
        elf[..6].copy_from_slice(b"\x7fELF\x02\x01");
        elf[0x28] = 0x40;
        elf[0x3a] = 64;
        elf[0x3c] = 1;
        for len in 0..elf.len() {
            assert!(find_embedded_bitcode(&elf[..len]).is_err(), "{len}");
        }
        // Section table past the end.
        assert!(matches!(find_embedded_bitcode(&elf), Err(Error::Object { offset: 0x28, .. })));
    }

    #[test]
    fn bitcode_size_must_be_a_multiple_of_four() {
        assert!(matches!(parse(b"BC\xC0\xDE\0"), Err(Error::Bitcode { bit: 40, .. })));
        assert!(matches!(parse(b"DIAG"), Err(Error::Bitcode { bit: 0, .. })));
        assert_eq!(parse(b"BC\xC0\xDE").unwrap().modules, vec![]);
    }
}
