//! Walks a whole stream with `llvmext_core`'s [`BitstreamReader`] — entering
//! every block, reading every record through its abbreviation — and counts
//! what `llvm-bcanalyzer` prints in its per-block summary, computed the way
//! `BitcodeAnalyzer::parseBlock` computes it.

use std::collections::BTreeMap;

use llvmext_core::bitstream::{BitstreamReader, Entry};
use llvmext_core::{magic, ErrorKind};

/// Per record code, within one block ID.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CodeStats {
    /// Records with this code.
    pub count: u64,
    /// Their bits, each from its abbreviation ID to its end (incl. blob
    /// padding).
    pub bits: u64,
    /// How many were abbreviated (abbreviation ID ≥ 4).
    pub abbreviated: u64,
}

/// Per block ID, over all its instances.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BlockStats {
    /// Times a block with this ID was entered.
    pub instances: u64,
    /// `ENTER_SUBBLOCK`s directly inside these blocks.
    pub sub_blocks: u64,
    /// `DEFINE_ABBREV`s directly inside these blocks (in `BLOCKINFO` too).
    pub abbrevs: u64,
    /// Records directly inside these blocks.
    pub records: u64,
    /// Records read through an abbreviation.
    pub abbreviated_records: u64,
    /// Size as the analyzer counts it: from just after the block ID to just
    /// after the aligned `END_BLOCK`, minus nested blocks (each measured
    /// from just after its own ID).
    pub bits: u64,
    /// Per record code.
    pub codes: BTreeMap<u32, CodeStats>,
}

/// What a full walk of one stream found.
#[derive(Debug, Clone, Default)]
pub struct StreamStats {
    /// The 4-byte magic.
    pub magic: [u8; 4],
    /// Size of the stream (wrapper stripped, magic included) in bits.
    pub total_bits: u64,
    /// Blocks at the top level.
    pub toplevel_blocks: u64,
    /// Per block ID.
    pub blocks: BTreeMap<u32, BlockStats>,
    /// Deepest nesting seen (1 = top-level blocks only).
    pub max_depth: usize,
    /// Records seen in total.
    pub total_records: u64,
    /// `BLOCKNAME`s of the last `BLOCKINFO` block, by block ID.
    pub block_names: BTreeMap<u32, String>,
    /// `SETRECORDNAME`s of the last `BLOCKINFO` block, by (block ID, code),
    /// in stream order (LLVM's analyzer shows the first for a code).
    pub record_names: BTreeMap<u32, Vec<(u32, String)>>,
}

impl StreamStats {
    /// The record name LLVM's analyzer would print for `code` in block
    /// `block_id`, from the last `BLOCKINFO` (its first `SETRECORDNAME`).
    pub fn record_name(&self, block_id: u32, code: u32) -> Option<&str> {
        if block_id < 8 {
            return None;
        }
        self.record_names.get(&block_id)?.iter().find(|(c, _)| *c == code).map(|(_, n)| n.as_str())
    }

    /// The block name LLVM's analyzer would print for a block ID (from
    /// `BLOCKINFO`; IR names are not known here).
    pub fn block_name(&self, block_id: u32) -> Option<&str> {
        if block_id == 0 {
            return Some("BLOCKINFO_BLOCK");
        }
        if block_id < 8 {
            return None;
        }
        self.block_names.get(&block_id).map(String::as_str).filter(|n| !n.is_empty())
    }
}

/// Why a walk stopped: a message, and the reader's error kind when the
/// reader reported it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalkError {
    /// What went wrong, and where.
    pub message: String,
    /// The `llvmext_core` error kind, if the reader returned an error.
    pub kind: Option<ErrorKind>,
}

impl std::fmt::Display for WalkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

fn structural(message: String) -> WalkError {
    WalkError { message, kind: None }
}

fn reader_error(context: String, e: llvmext_core::Error) -> WalkError {
    WalkError { kind: Some(e.kind().clone()), message: format!("{context}: {e}") }
}

struct Open {
    id: u32,
    start: u64,
    nested: u64,
}

/// Walks `file` (optionally wrapped; magic included) to its end.
pub fn walk(file: &[u8]) -> Result<StreamStats, WalkError> {
    let stream = magic::strip_wrapper(file).map_err(|e| reader_error("wrapper".into(), e))?;
    if stream.len() < 4 {
        return Err(structural(format!("stream of {} bytes has no magic", stream.len())));
    }
    let mut st = StreamStats {
        magic: stream[..4].try_into().unwrap(),
        total_bits: stream.len() as u64 * 8,
        ..Default::default()
    };
    let mut r = BitstreamReader::new(&stream[4..]);
    let mut stack: Vec<Open> = Vec::new();
    let mut ops = Vec::new();
    // Positions are reported from the start of the stream (magic included),
    // as llvm-bcanalyzer does.
    let at = |r: &BitstreamReader<'_>| r.bit_position() + 32;
    loop {
        let before = r.bit_position();
        let entry = r.advance().map_err(|e| reader_error("advance".into(), e.offset_by(32)))?;
        let Some(entry) = entry else {
            if !stack.is_empty() {
                return Err(structural(format!("stream ended inside {} blocks", stack.len())));
            }
            break;
        };
        match entry {
            Entry::SubBlock { block_id } => {
                match stack.last() {
                    Some(parent) => st.blocks.entry(parent.id).or_default().sub_blocks += 1,
                    None => st.toplevel_blocks += 1,
                }
                let start = r.bit_position();
                r.enter_block().map_err(|e| {
                    reader_error(
                        format!("enter block {block_id} at bit {}", at(&r)),
                        e.offset_by(32),
                    )
                })?;
                st.blocks.entry(block_id).or_default().instances += 1;
                stack.push(Open { id: block_id, start, nested: 0 });
                st.max_depth = st.max_depth.max(stack.len());
            }
            Entry::EndBlock => {
                let open =
                    stack.pop().ok_or_else(|| structural("END_BLOCK at the top level".into()))?;
                let size = r.bit_position() - open.start;
                st.blocks.entry(open.id).or_default().bits += size - open.nested;
                if let Some(parent) = stack.last_mut() {
                    parent.nested += size;
                }
            }
            Entry::DefineAbbrev => {
                let Some(open) = stack.last() else {
                    return Err(structural(format!(
                        "DEFINE_ABBREV at the top level, bit {}",
                        before + 32
                    )));
                };
                st.blocks.entry(open.id).or_default().abbrevs += 1;
            }
            Entry::Record(abbrev_id) => {
                let Some(open) = stack.last() else {
                    return Err(structural(format!(
                        "record at the top level, bit {}",
                        before + 32
                    )));
                };
                let id = open.id;
                let rec = r.read_record(abbrev_id, &mut ops).map_err(|e| {
                    reader_error(
                        format!("record (abbrev {abbrev_id}) in block {id}"),
                        e.offset_by(32),
                    )
                })?;
                let b = st.blocks.entry(id).or_default();
                b.records += 1;
                st.total_records += 1;
                let c = b.codes.entry(rec.code).or_default();
                c.count += 1;
                c.bits += r.bit_position() - before;
                if abbrev_id != 3 {
                    c.abbreviated += 1;
                    b.abbreviated_records += 1;
                }
            }
        }
    }
    for e in r.block_info().entries() {
        if let Some(name) = &e.name {
            st.block_names.insert(e.block_id, String::from_utf8_lossy(name).into_owned());
        }
        let names = e
            .record_names
            .iter()
            .map(|(c, n)| (*c, String::from_utf8_lossy(n).into_owned()))
            .collect::<Vec<_>>();
        if !names.is_empty() {
            st.record_names.insert(e.block_id, names);
        }
    }
    Ok(st)
}
