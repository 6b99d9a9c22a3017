//! A bitstream analyzer whose output is byte-identical to LLVM 19's
//! `llvm-bcanalyzer`: the `-dump` trace (block and record names, abbreviation
//! IDs, operands, record strings, blobs, metadata string tables, metadata
//! index checks) and the per-block summary with its record histograms.
//!
//! ```
//! use llvmext_bitcode::analyzer::{analyze, Options};
//! use llvmext_core::bitstream::BitstreamWriter;
//!
//! let mut w = BitstreamWriter::new();
//! w.emit_magic(*b"BC\xC0\xDE");
//! w.enter_block(13, 5); // IDENTIFICATION
//! w.emit_record(2, &[0], None).unwrap(); // EPOCH
//! w.exit_block().unwrap();
//! let bytes = w.finish();
//!
//! let mut out = Vec::new();
//! analyze(&bytes, "x.bc", &Options { dump: true, ..Options::default() }, &mut out).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.starts_with(
//!     "<IDENTIFICATION_BLOCK_ID NumWords=1 BlockCodeSize=5>\n  <EPOCH op0=0/>\n</IDENTIFICATION_BLOCK_ID>\n"
//! ));
//! assert!(text.contains("  # Toplevel Blocks: 1\n"));
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};

use llvmext_core::bitstream::{
    AbbrevOp, BitstreamReader, BlockInfo, Entry, Item, Record, BLOCKINFO_BLOCK_ID,
};
use llvmext_core::magic::{self, WrapperHeader};

use crate::schema::{self, BlockId, MetadataCode};

/// What to print, as `llvm-bcanalyzer`'s options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// `-dump`: print the trace of blocks and records before the summary.
    pub dump: bool,
    /// `--dump-blockinfo`: also dump the records of `BLOCKINFO` blocks.
    pub dump_blockinfo: bool,
    /// Not `-non-symbolic`: print names only (with it, also `BlockID=` and
    /// `codeid=`).
    pub symbolic: bool,
    /// Not `-disable-histogram`: print per-code histograms in the summary.
    pub histogram: bool,
    /// `-show-binary-blobs`: print every blob with hex escapes.
    pub show_binary_blobs: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            dump: false,
            dump_blockinfo: false,
            symbolic: true,
            histogram: true,
            show_binary_blobs: false,
        }
    }
}

/// Why the analysis stopped. What was printed before stays printed, as with
/// `llvm-bcanalyzer`.
#[derive(Debug)]
pub enum AnalyzeError {
    /// A malformed bitstream (with the bit offset of the problem).
    Bitstream(llvmext_core::Error),
    /// A structural problem the analyzer itself detects, at a bit offset.
    Malformed {
        /// What is wrong (LLVM's wording where it has one).
        message: &'static str,
        /// Bit offset in the stream (after any wrapper header).
        bit: u64,
    },
    /// Writing the output failed.
    Io(io::Error),
}

impl fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyzeError::Bitstream(e) => write!(f, "{e}"),
            AnalyzeError::Malformed { message, bit } => write!(f, "{message} at bit {bit}"),
            AnalyzeError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AnalyzeError {}

impl From<llvmext_core::Error> for AnalyzeError {
    fn from(e: llvmext_core::Error) -> Self {
        AnalyzeError::Bitstream(e)
    }
}

impl From<io::Error> for AnalyzeError {
    fn from(e: io::Error) -> Self {
        AnalyzeError::Io(e)
    }
}

/// The kind of stream, from its signature (LLVM's `CurStreamTypeType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StreamType {
    Unknown,
    LlvmIr,
    ClangAst,
    ClangDiagnostics,
    Remarks,
}

impl StreamType {
    fn of(magic: &[u8]) -> Self {
        match magic {
            [b'C', b'P', b'C', b'H'] => StreamType::ClangAst,
            [b'D', b'I', b'A', b'G'] => StreamType::ClangDiagnostics,
            [b'R', b'M', b'R', b'K'] => StreamType::Remarks,
            [b'B', b'C', 0xC0, 0xDE] => StreamType::LlvmIr,
            _ => StreamType::Unknown,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            StreamType::Unknown => "unknown",
            StreamType::LlvmIr => "LLVM IR",
            StreamType::ClangAst => "Clang Serialized AST",
            StreamType::ClangDiagnostics => "Clang Serialized Diagnostics",
            StreamType::Remarks => "LLVM Remarks",
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct RecordStats {
    instances: u64,
    abbreviated: u64,
    bits: u64,
}

#[derive(Debug, Default)]
struct BlockStats {
    instances: u64,
    bits: u64,
    sub_blocks: u64,
    abbrevs: u64,
    records: u64,
    abbreviated: u64,
    /// Per record code below 4096 (the common case), indexed by code.
    codes: Vec<RecordStats>,
    /// Codes from 4096 on (only hostile or exotic streams).
    rare_codes: BTreeMap<u32, RecordStats>,
}

impl BlockStats {
    #[inline]
    fn code(&mut self, code: u32) -> &mut RecordStats {
        if (code as usize) < self.codes.len() {
            return &mut self.codes[code as usize];
        }
        if code < 4096 {
            self.codes.resize(code as usize + 1, RecordStats::default());
            return &mut self.codes[code as usize];
        }
        self.rare_codes.entry(code).or_default()
    }

    fn code_stats(&self) -> impl Iterator<Item = (u32, &RecordStats)> {
        let small = self.codes.iter().enumerate().map(|(c, s)| (c as u32, s));
        small.chain(self.rare_codes.iter().map(|(&c, s)| (c, s))).filter(|(_, s)| s.instances > 0)
    }
}

/// One step of the walk: an [`Entry`], with a record already decoded.
enum Step<'a> {
    SubBlock(u32),
    EndBlock,
    DefineAbbrev,
    Record(Record<'a>),
}

/// An open block of the trace.
struct Frame {
    block_id: u32,
    stats: usize,
    /// LLVM's `BlockBitStart`: the position after the block ID, moved on by
    /// the size of every sub-block so those are not counted twice.
    bit_start: u64,
    /// The position after the block ID, unadjusted.
    entry_bit: u64,
    dump: bool,
    name: Option<Vec<u8>>,
    metadata_index_offset: u64,
    /// Index in `Analyzer::name_tables` of this block's record names, when
    /// they are the fixed LLVM 19 ones (no `BLOCKINFO` names for it).
    names: Option<usize>,
}

/// Record codes below this get a precomputed name table per block ID.
const NAME_TABLE_CODES: u32 = 128;

/// Analyzes `data` (a bitstream file, possibly with a wrapper header) as
/// `llvm-bcanalyzer [-dump] FILENAME` does and writes the same bytes to
/// `out`. On error, what was written so far stays written (the summary is
/// not printed), as with `llvm-bcanalyzer`.
pub fn analyze<W: Write>(
    data: &[u8],
    filename: &str,
    opts: &Options,
    out: &mut W,
) -> Result<(), AnalyzeError> {
    let mut a = Analyzer::new(opts, out);
    let result = a.run(data);
    a.flush()?;
    result?;
    if opts.dump {
        a.put(b"\n\n");
    }
    a.print_stats(filename);
    a.flush()?;
    Ok(())
}

struct Analyzer<'o, W: Write> {
    opts: &'o Options,
    out: &'o mut W,
    buf: Vec<u8>,
    stream_type: StreamType,
    stream_bits: u64,
    top_blocks: u64,
    /// Block ID → index in `blocks`.
    ids: BTreeMap<u32, usize>,
    blocks: Vec<BlockStats>,
    /// The last `BLOCKINFO` seen, for the summary's names.
    final_info: BlockInfo,
    /// Per block ID, the fixed analyzer names of codes below
    /// `NAME_TABLE_CODES`, computed once.
    name_tables: Vec<Vec<Option<&'static [u8]>>>,
    name_table_ids: BTreeMap<u32, usize>,
}

const FLUSH_AT: usize = 1 << 16;

impl<'o, W: Write> Analyzer<'o, W> {
    fn new(opts: &'o Options, out: &'o mut W) -> Self {
        Analyzer {
            opts,
            out,
            buf: Vec::with_capacity(FLUSH_AT + 4096),
            stream_type: StreamType::Unknown,
            stream_bits: 0,
            top_blocks: 0,
            ids: BTreeMap::new(),
            blocks: Vec::new(),
            final_info: BlockInfo::default(),
            name_tables: Vec::new(),
            name_table_ids: BTreeMap::new(),
        }
    }

    /// The name table for `block_id` if its record names are the fixed ones
    /// (an LLVM IR stream, and no `SETRECORDNAME` for it in `info`).
    fn name_table(&mut self, block_id: u32, info: &BlockInfo) -> Option<usize> {
        if self.stream_type != StreamType::LlvmIr || block_id < 8 {
            return None;
        }
        if info.entry(block_id).is_some_and(|e| !e.record_names.is_empty()) {
            return None;
        }
        let next = self.name_tables.len();
        let i = *self.name_table_ids.entry(block_id).or_insert(next);
        if i == next {
            let names = (0..NAME_TABLE_CODES)
                .map(|c| schema::record_analyzer_name(BlockId(block_id), c).map(str::as_bytes))
                .collect();
            self.name_tables.push(names);
        }
        Some(i)
    }

    #[inline]
    fn put(&mut self, s: &[u8]) {
        self.buf.extend_from_slice(s);
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    #[inline]
    fn maybe_flush(&mut self) -> io::Result<()> {
        if self.buf.len() >= FLUSH_AT {
            self.flush()?;
        }
        Ok(())
    }

    fn stats_index(&mut self, block_id: u32) -> usize {
        let next = self.blocks.len();
        let i = *self.ids.entry(block_id).or_insert(next);
        if i == next {
            self.blocks.push(BlockStats::default());
        }
        i
    }

    fn run(&mut self, data: &[u8]) -> Result<(), AnalyzeError> {
        let mut data = data;
        if magic::identify(data) == magic::StreamKind::Wrapper {
            if data.len() < WrapperHeader::SIZE {
                return Err(AnalyzeError::Malformed {
                    message: "Invalid bitcode wrapper header",
                    bit: 0,
                });
            }
            let field =
                |i: usize| u32::from_le_bytes([data[i], data[i + 1], data[i + 2], data[i + 3]]);
            if self.opts.dump {
                self.put(b"<BITCODE_WRAPPER_HEADER");
                for (name, i) in
                    [("Magic", 0), ("Version", 4), ("Offset", 8), ("Size", 12), ("CPUType", 16)]
                {
                    let s = format!(" {name}=0x{:08x}", field(i));
                    self.put(s.as_bytes());
                }
                self.put(b"/>\n");
            }
            data = magic::strip_wrapper(data).map_err(|_| AnalyzeError::Malformed {
                message: "Invalid bitcode wrapper header",
                bit: 0,
            })?;
        }
        self.stream_bits = data.len() as u64 * 8;
        if data.len() < 4 {
            return Err(AnalyzeError::Malformed {
                message: "unexpected end of stream reading the signature",
                bit: data.len() as u64 * 8,
            });
        }
        self.stream_type = StreamType::of(&data[..4]);
        let mut r = BitstreamReader::new(&data[4..]);
        let result = self.walk(&mut r);
        self.final_info = r.block_info().clone();
        // Errors report offsets in the stream, magic included.
        result.map_err(|e| match e {
            AnalyzeError::Bitstream(e) => AnalyzeError::Bitstream(e.offset_by(32)),
            AnalyzeError::Malformed { message, bit } => {
                AnalyzeError::Malformed { message, bit: bit + 32 }
            }
            other => other,
        })
    }

    fn block_name(&self, block_id: u32, info: &BlockInfo) -> Option<Vec<u8>> {
        block_name(self.stream_type, block_id, info).map(<[u8]>::to_vec)
    }

    fn walk(&mut self, r: &mut BitstreamReader<'_>) -> Result<(), AnalyzeError> {
        let mut frames: Vec<Frame> = Vec::new();
        loop {
            let record_start = r.bit_position();
            if frames.is_empty() && r.at_end() {
                return Ok(());
            }
            // Inside blocks, records are decoded as they are found; at the
            // top level a record is an error before it is decoded.
            let entry = if frames.is_empty() {
                match r.advance()? {
                    None => return Ok(()),
                    Some(Entry::SubBlock { block_id }) => Step::SubBlock(block_id),
                    Some(Entry::EndBlock) => Step::EndBlock,
                    Some(Entry::DefineAbbrev) => Step::DefineAbbrev,
                    Some(Entry::Record(_)) => {
                        return Err(AnalyzeError::Malformed {
                            message: "Invalid record at top-level",
                            bit: record_start,
                        })
                    }
                }
            } else {
                match r.next_item()? {
                    None => return Ok(()),
                    Some(Item::SubBlock { block_id }) => Step::SubBlock(block_id),
                    Some(Item::EndBlock) => Step::EndBlock,
                    Some(Item::DefineAbbrev) => Step::DefineAbbrev,
                    Some(Item::Record { record, .. }) => Step::Record(record),
                }
            };
            match entry {
                Step::SubBlock(block_id) => {
                    let entry_bit = r.bit_position();
                    if frames.is_empty() {
                        self.top_blocks += 1;
                    }
                    let stats = self.stats_index(block_id);
                    self.blocks[stats].instances += 1;
                    let is_info = block_id == BLOCKINFO_BLOCK_ID;
                    let indent = frames.len() * 2;
                    if self.opts.dump && is_info && !self.opts.dump_blockinfo {
                        self.indent(indent);
                        self.put(b"<BLOCKINFO_BLOCK/>\n");
                    }
                    let dump = self.opts.dump && (!is_info || self.opts.dump_blockinfo);
                    let header = r.enter_block()?;
                    let name = self.block_name(block_id, r.block_info());
                    if dump {
                        self.indent(indent);
                        self.put(b"<");
                        match &name {
                            Some(n) => {
                                self.put(n);
                                if !self.opts.symbolic {
                                    self.put(b" BlockID=");
                                    push_u64(&mut self.buf, block_id.into());
                                }
                            }
                            None => {
                                self.put(b"UnknownBlock");
                                push_u64(&mut self.buf, block_id.into());
                            }
                        }
                        self.put(b" NumWords=");
                        push_u64(&mut self.buf, header.length_words.into());
                        self.put(b" BlockCodeSize=");
                        push_u64(&mut self.buf, header.abbrev_width.into());
                        self.put(b">\n");
                    }
                    frames.push(Frame {
                        block_id,
                        stats,
                        bit_start: entry_bit,
                        entry_bit,
                        dump,
                        name,
                        metadata_index_offset: 0,
                        names: None,
                    });
                    let names = self.name_table(block_id, r.block_info());
                    if let Some(f) = frames.last_mut() {
                        f.names = names;
                    }
                }
                Step::EndBlock => {
                    let Some(f) = frames.pop() else {
                        return Err(AnalyzeError::Malformed {
                            message: "Invalid record at top-level",
                            bit: record_start,
                        });
                    };
                    let end = r.bit_position();
                    self.blocks[f.stats].bits += end - f.bit_start;
                    if f.dump {
                        self.indent(frames.len() * 2);
                        self.put(b"</");
                        match &f.name {
                            Some(n) => self.put(n),
                            None => {
                                self.put(b"UnknownBlock");
                                push_u64(&mut self.buf, f.block_id.into());
                            }
                        }
                        self.put(b">\n");
                    }
                    if let Some(parent) = frames.last_mut() {
                        self.blocks[parent.stats].sub_blocks += 1;
                        parent.bit_start += end - f.entry_bit;
                    }
                    if f.block_id == BLOCKINFO_BLOCK_ID {
                        // New BLOCKINFO names may apply to the open blocks.
                        for open in frames.iter_mut() {
                            open.names = self.name_table(open.block_id, r.block_info());
                        }
                    }
                    self.maybe_flush()?;
                }
                Step::DefineAbbrev => {
                    let Some(f) = frames.last() else {
                        return Err(AnalyzeError::Malformed {
                            message: "Invalid record at top-level",
                            bit: record_start,
                        });
                    };
                    self.blocks[f.stats].abbrevs += 1;
                }
                Step::Record(rec) => {
                    let abbrev_id = rec.abbrev_id;
                    let depth = frames.len();
                    let Some(f) = frames.last_mut() else {
                        return Err(AnalyzeError::Malformed {
                            message: "Invalid record at top-level",
                            bit: record_start,
                        });
                    };
                    let ops = r.record_ops();
                    let after = r.bit_position();
                    let s = &mut self.blocks[f.stats];
                    s.records += 1;
                    let abbreviated = abbrev_id != 3;
                    s.abbreviated += u64::from(abbreviated);
                    let cs = s.code(rec.code);
                    cs.instances += 1;
                    cs.bits += after - record_start;
                    cs.abbreviated += u64::from(abbreviated);
                    if f.dump {
                        let names = f.names.map(|i| self.name_tables[i].as_slice());
                        dump_record(
                            &mut self.buf,
                            names,
                            self.opts,
                            self.stream_type,
                            r,
                            f,
                            (depth - 1) * 2,
                            abbrev_id,
                            rec.code,
                            ops,
                            rec.blob,
                            record_start,
                        )?;
                        self.maybe_flush()?;
                    }
                }
            }
        }
    }

    fn indent(&mut self, n: usize) {
        self.buf.resize(self.buf.len() + n, b' ');
    }

    fn print_stats(&mut self, filename: &str) {
        let total = self.stream_bits;
        let mut o = String::new();
        use std::fmt::Write as _;
        let _ = writeln!(o, "Summary of {filename}:");
        let _ = writeln!(o, "         Total size: {}", size_bits(total));
        let _ = writeln!(o, "        Stream type: {}", self.stream_type.describe());
        let _ = writeln!(o, "  # Toplevel Blocks: {}", self.top_blocks);
        o.push('\n');
        o.push_str("Per-block Summary:\n");
        for (&id, &i) in &self.ids {
            let s = &self.blocks[i];
            let _ = write!(o, "  Block ID #{id}");
            if let Some(n) = block_name(self.stream_type, id, &self.final_info) {
                let _ = write!(o, " ({})", String::from_utf8_lossy(n));
            }
            o.push_str(":\n");
            let _ = writeln!(o, "      Num Instances: {}", s.instances);
            let _ = writeln!(o, "         Total Size: {}", size_bits(s.bits));
            let pct = s.bits as f64 * 100.0 / total as f64;
            let _ = writeln!(o, "    Percent of file: {}%", fixed(pct, 4));
            if s.instances > 1 {
                let inst = s.instances as f64;
                let _ = writeln!(o, "       Average Size: {}", size_bits_f(s.bits as f64 / inst));
                let _ = writeln!(
                    o,
                    "  Tot/Avg SubBlocks: {}/{}",
                    s.sub_blocks,
                    exp(s.sub_blocks as f64 / inst)
                );
                let _ = writeln!(
                    o,
                    "    Tot/Avg Abbrevs: {}/{}",
                    s.abbrevs,
                    exp(s.abbrevs as f64 / inst)
                );
                let _ = writeln!(
                    o,
                    "    Tot/Avg Records: {}/{}",
                    s.records,
                    exp(s.records as f64 / inst)
                );
            } else {
                let _ = writeln!(o, "      Num SubBlocks: {}", s.sub_blocks);
                let _ = writeln!(o, "        Num Abbrevs: {}", s.abbrevs);
                let _ = writeln!(o, "        Num Records: {}", s.records);
            }
            if s.records > 0 {
                let pct = s.abbreviated as f64 * 100.0 / s.records as f64;
                let _ = writeln!(o, "    Percent Abbrevs: {}%", fixed(pct, 4));
            }
            o.push('\n');
            if self.opts.histogram && s.records > 0 {
                // LLVM sorts (count, code) pairs ascending and reverses.
                let mut freq: Vec<(u64, u32)> =
                    s.code_stats().map(|(c, st)| (st.instances, c)).collect();
                freq.sort_unstable();
                freq.reverse();
                o.push_str("\tRecord Histogram:\n");
                o.push_str("\t\t  Count    # Bits     b/Rec   % Abv  Record Kind\n");
                for (count, code) in freq {
                    let st = if (code as usize) < s.codes.len() {
                        s.codes[code as usize]
                    } else {
                        s.rare_codes[&code]
                    };
                    let _ = write!(o, "\t\t{count:7} {:9}", st.bits);
                    if st.instances > 1 {
                        let _ = write!(o, " {:>9}", fixed(st.bits as f64 / st.instances as f64, 1));
                    } else {
                        o.push_str("          ");
                    }
                    if st.abbreviated > 0 {
                        let pct = st.abbreviated as f64 / st.instances as f64 * 100.0;
                        let _ = write!(o, " {:>7}", fixed(pct, 2));
                    } else {
                        o.push_str("        ");
                    }
                    o.push_str("  ");
                    match code_name(self.stream_type, code, id, &self.final_info) {
                        Some(n) => o.push_str(&String::from_utf8_lossy(n)),
                        None => {
                            let _ = write!(o, "UnknownCode{code}");
                        }
                    }
                    o.push('\n');
                }
                o.push('\n');
            }
        }
        self.put(o.as_bytes());
    }
}

/// The name `llvm-bcanalyzer` gives block `block_id` (LLVM's
/// `GetBlockName`).
fn block_name(stream: StreamType, block_id: u32, info: &BlockInfo) -> Option<&[u8]> {
    if block_id < 8 {
        return (block_id == BLOCKINFO_BLOCK_ID).then_some(b"BLOCKINFO_BLOCK".as_slice());
    }
    if let Some(name) = info.entry(block_id).and_then(|e| e.name.as_deref()) {
        if !name.is_empty() {
            return Some(name);
        }
    }
    if stream != StreamType::LlvmIr {
        return None;
    }
    BlockId(block_id).analyzer_name().map(str::as_bytes)
}

/// The name `llvm-bcanalyzer` gives record `code` in block `block_id`
/// (LLVM's `GetCodeName`).
fn code_name(stream: StreamType, code: u32, block_id: u32, info: &BlockInfo) -> Option<&[u8]> {
    if block_id < 8 {
        if block_id != BLOCKINFO_BLOCK_ID {
            return None;
        }
        return match code {
            1 => Some(b"SETBID"),
            2 => Some(b"BLOCKNAME"),
            3 => Some(b"SETRECORDNAME"),
            _ => None,
        };
    }
    if let Some(name) = info.entry(block_id).and_then(|e| e.record_name(code)) {
        return Some(name);
    }
    if stream != StreamType::LlvmIr {
        return None;
    }
    schema::record_analyzer_name(BlockId(block_id), code).map(str::as_bytes)
}

/// One record line of the dump (LLVM's `parseBlock` record case).
#[allow(clippy::too_many_arguments)]
fn dump_record(
    o: &mut Vec<u8>,
    names: Option<&[Option<&'static [u8]>]>,
    opts: &Options,
    stream: StreamType,
    r: &BitstreamReader<'_>,
    f: &mut Frame,
    indent: usize,
    abbrev_id: u32,
    code: u32,
    ops: &[u64],
    blob: Option<&[u8]>,
    record_start: u64,
) -> Result<(), AnalyzeError> {
    o.resize(o.len() + indent + 2, b' ');
    o.push(b'<');
    let name = match names.and_then(|t| t.get(code as usize)) {
        Some(&n) => n,
        None => code_name(stream, code, f.block_id, r.block_info()),
    };
    match name {
        Some(n) => {
            o.extend_from_slice(n);
            if !opts.symbolic {
                o.extend_from_slice(b" codeid=");
                push_u64(o, code.into());
            }
        }
        None => {
            o.extend_from_slice(b"UnknownCode");
            push_u64(o, code.into());
        }
    }
    if abbrev_id != 3 {
        o.extend_from_slice(b" abbrevid=");
        push_u64(o, abbrev_id.into());
    }
    o.reserve(ops.len() * 8 + 64);
    for (i, &v) in ops.iter().enumerate() {
        o.extend_from_slice(b" op");
        push_u64(o, i as u64);
        o.push(b'=');
        push_i64(o, v as i64);
    }
    if f.block_id == BlockId::METADATA.0 {
        if code == MetadataCode::INDEX_OFFSET.0 {
            if ops.len() != 2 {
                o.extend_from_slice(b"(Invalid record)");
            } else {
                let offset = ops[0].wrapping_add(ops[1] << 32);
                // Positions are in the stream with its magic.
                f.metadata_index_offset = (r.bit_position() + 32).wrapping_add(offset);
            }
        }
        if code == MetadataCode::INDEX.0 {
            o.extend_from_slice(b" (offset ");
            let start = record_start + 32;
            if f.metadata_index_offset == start {
                o.extend_from_slice(b"match)");
            } else {
                o.extend_from_slice(b"mismatch: ");
                push_u64(o, f.metadata_index_offset);
                o.extend_from_slice(b" vs ");
                push_u64(o, start);
                o.push(b')');
            }
        }
    }
    // MODULE_CODE_HASH is verified by llvm-bcanalyzer only with -check-hash,
    // which llvmext-bcanalyzer does not offer: nothing to print for it.
    o.extend_from_slice(b"/>");
    if abbrev_id != 3 {
        if let Some(aops) = r.abbrev(abbrev_id) {
            if let Some(i) = aops.iter().skip(1).position(|op| *op == AbbrevOp::Array) {
                // `i` counts from operand 1: the array's values start at
                // record index `i` (LLVM: `j = i - 1` with `i` from 1).
                let tail = ops.get(i..).unwrap_or(&[]);
                if tail.iter().all(|&v| is_print(v as u8)) {
                    o.extend_from_slice(b" record string = '");
                    o.extend(tail.iter().map(|&v| v as u8));
                    o.push(b'\'');
                }
            }
        }
    }
    if let Some(blob) = blob {
        if f.block_id == BlockId::METADATA.0 && code == MetadataCode::STRINGS.0 {
            decode_metadata_strings(o, indent, ops, blob, record_start)?;
        } else {
            o.extend_from_slice(b" blob data = ");
            if opts.show_binary_blobs {
                o.push(b'\'');
                write_escaped(o, blob);
                o.push(b'\'');
            } else if blob.iter().all(|&c| is_print(c)) {
                o.push(b'\'');
                o.extend_from_slice(blob);
                o.push(b'\'');
            } else {
                o.extend_from_slice(b"unprintable, ");
                push_u64(o, blob.len() as u64);
                o.extend_from_slice(b" bytes.");
            }
        }
    }
    o.push(b'\n');
    Ok(())
}

/// LLVM's `decodeMetadataStringsBlob`: `[count, offset]` and a blob of VBR6
/// lengths followed by the characters.
fn decode_metadata_strings(
    o: &mut Vec<u8>,
    indent: usize,
    ops: &[u64],
    blob: &[u8],
    at: u64,
) -> Result<(), AnalyzeError> {
    let bad = |message| AnalyzeError::Malformed { message, bit: at + 32 };
    if blob.is_empty() {
        return Err(bad("Cannot decode empty blob."));
    }
    if ops.len() != 2 {
        return Err(bad("Decoding metadata strings blob needs two record entries."));
    }
    let mut count = ops[0] as u32;
    let offset = ops[1] as u32 as usize;
    o.extend_from_slice(b" num-strings = ");
    push_u64(o, count.into());
    o.extend_from_slice(b" {\n");
    let lengths = blob.get(..offset).unwrap_or(blob);
    let mut strings = blob.get(offset..).unwrap_or(&[]);
    let mut r = llvmext_core::bits::BitReader::new(lengths);
    loop {
        if r.at_end() {
            return Err(bad("bad length"));
        }
        let size = r.read_vbr(6)? as usize;
        if strings.len() < size {
            return Err(bad("truncated chars"));
        }
        o.resize(o.len() + indent + 4, b' ');
        o.push(b'\'');
        write_escaped(o, &strings[..size]);
        o.extend_from_slice(b"'\n");
        strings = &strings[size..];
        // A do-while on an unsigned count, as in LLVM (0 wraps around).
        count = count.wrapping_sub(1);
        if count == 0 {
            break;
        }
    }
    o.resize(o.len() + indent + 2, b' ');
    o.push(b'}');
    Ok(())
}

#[inline]
fn is_print(c: u8) -> bool {
    (0x20..0x7f).contains(&c)
}

/// LLVM's `raw_ostream::write_escaped` with hex escapes.
fn write_escaped(o: &mut Vec<u8>, s: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &c in s {
        match c {
            b'\\' => o.extend_from_slice(b"\\\\"),
            b'\t' => o.extend_from_slice(b"\\t"),
            b'\n' => o.extend_from_slice(b"\\n"),
            b'"' => o.extend_from_slice(b"\\\""),
            c if is_print(c) => o.push(c),
            c => {
                o.extend_from_slice(&[b'\\', b'x', HEX[(c >> 4) as usize], HEX[(c & 15) as usize]])
            }
        }
    }
}

/// "00" to "99".
const DIGITS2: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Appends `v` in decimal. Most operands are small: those take no loop
/// and no call.
#[inline(always)]
fn push_u64(o: &mut Vec<u8>, v: u64) {
    if v < 10 {
        o.push(b'0' + v as u8);
    } else if v < 100 {
        let i = v as usize * 2;
        o.extend_from_slice(&[DIGITS2[i], DIGITS2[i + 1]]);
    } else {
        push_u64_long(o, v);
    }
}

#[inline(never)]
fn push_u64_long(o: &mut Vec<u8>, mut v: u64) {
    let mut tmp = [0u8; 20];
    let mut i = tmp.len();
    while v >= 100 {
        let d = (v % 100) as usize * 2;
        v /= 100;
        i -= 2;
        tmp[i] = DIGITS2[d];
        tmp[i + 1] = DIGITS2[d + 1];
    }
    if v >= 10 {
        let d = v as usize * 2;
        i -= 2;
        tmp[i] = DIGITS2[d];
        tmp[i + 1] = DIGITS2[d + 1];
    } else {
        i -= 1;
        tmp[i] = b'0' + v as u8;
    }
    o.extend_from_slice(&tmp[i..]);
}

/// Appends `v` in decimal, with a minus sign when negative.
#[inline(always)]
fn push_i64(o: &mut Vec<u8>, v: i64) {
    if v < 0 {
        o.push(b'-');
    }
    push_u64(o, v.unsigned_abs());
}

/// `%.Nf`.
fn fixed(v: f64, decimals: usize) -> String {
    format!("{v:.decimals$}")
}

/// `%e` (C's six-digit scientific notation, two-digit exponent at least).
fn exp(v: f64) -> String {
    let s = format!("{v:.6e}");
    let (mantissa, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let sign = if e < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", e.unsigned_abs())
}

/// LLVM's `printSize(uint64_t)`: `%lub/%.2fB/%luW`.
fn size_bits(bits: u64) -> String {
    format!("{bits}b/{:.2}B/{}W", bits as f64 / 8.0, bits / 32)
}

/// LLVM's `printSize(double)`: `%.2f/%.2fB/%luW`.
fn size_bits_f(bits: f64) -> String {
    format!("{bits:.2}/{:.2}B/{}W", bits / 8.0, (bits / 32.0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_style_number_formats() {
        assert_eq!(exp(3.574147e0), "3.574147e+00");
        assert_eq!(exp(0.0), "0.000000e+00");
        assert_eq!(exp(354.0184), "3.540184e+02");
        assert_eq!(exp(0.05), "5.000000e-02");
        assert_eq!(size_bits(33716483), "33716483b/4214560.38B/1053640W");
        assert_eq!(size_bits_f(22123.68), "22123.68/2765.46B/691W");
        assert_eq!(fixed(61.16361, 4), "61.1636");
    }

    #[test]
    fn escapes_like_raw_ostream() {
        let mut o = Vec::new();
        write_escaped(&mut o, b"a\\b\t\n\"\x01\xff~");
        assert_eq!(o, b"a\\\\b\\t\\n\\\"\\x01\\xFF~");
    }

    #[test]
    fn integers() {
        let mut o = Vec::new();
        push_u64(&mut o, 0);
        o.push(b' ');
        push_u64(&mut o, u64::MAX);
        o.push(b' ');
        push_i64(&mut o, i64::MIN);
        o.push(b' ');
        push_i64(&mut o, -1);
        assert_eq!(o, b"0 18446744073709551615 -9223372036854775808 -1");
    }
}
