//! `bitstream-stats FILE...` — walks any LLVM bitstream file (IR bitcode,
//! wrapped bitcode, clang serialized diagnostics, remarks, ...) with
//! `llvmext-core`'s reader, decoding every record through its abbreviation,
//! and prints a per-block summary plus the walk's throughput.
//!
//! Exit status 0 on success; on malformed input, `error: ... at bit N` on
//! stderr and exit status 1.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use llvmext::core::bitstream::{BitstreamReader, Item};
use llvmext::core::magic;

#[derive(Default)]
struct BlockStats {
    instances: u64,
    bits: u64,
    sub_blocks: u64,
    abbrevs: u64,
    records: u64,
    abbreviated: u64,
    blob_bytes: u64,
    /// Records per code, for codes below 256 (the rest in `rare_codes`).
    codes: Vec<u64>,
    rare_codes: BTreeMap<u32, u64>,
}

impl BlockStats {
    fn count_code(&mut self, code: u32) {
        match self.codes.get_mut(code as usize) {
            Some(n) => *n += 1,
            None if code < 256 => {
                self.codes.resize(code as usize + 1, 0);
                self.codes[code as usize] = 1;
            }
            None => *self.rare_codes.entry(code).or_default() += 1,
        }
    }

    fn code_counts(&self) -> Vec<(u32, u64)> {
        let small = self.codes.iter().enumerate().filter(|(_, &n)| n > 0);
        let mut all: Vec<(u32, u64)> = small.map(|(c, &n)| (c as u32, n)).collect();
        all.extend(self.rare_codes.iter().map(|(&c, &n)| (c, n)));
        all
    }
}

/// Per-block-ID statistics; blocks are looked up once per block entry.
#[derive(Default)]
struct Stats {
    ids: BTreeMap<u32, usize>,
    blocks: Vec<BlockStats>,
}

impl Stats {
    fn index(&mut self, block_id: u32) -> usize {
        let next = self.blocks.len();
        let i = *self.ids.entry(block_id).or_insert(next);
        if i == next {
            self.blocks.push(BlockStats::default());
        }
        i
    }
}

fn walk(stream: &[u8], stats: &mut Stats) -> Result<u64, llvmext::core::Error> {
    let mut r = BitstreamReader::new(stream);
    // Indices into `stats.blocks` of the open blocks.
    let mut stack: Vec<usize> = Vec::new();
    let mut top = 0;
    while let Some(item) = r.next_item()? {
        match item {
            Item::SubBlock { block_id } => {
                match stack.last() {
                    Some(&parent) => stats.blocks[parent].sub_blocks += 1,
                    None => top += 1,
                }
                let h = r.enter_block()?;
                let i = stats.index(block_id);
                let s = &mut stats.blocks[i];
                s.instances += 1;
                s.bits += h.end_bit() - h.start_bit;
                stack.push(i);
            }
            Item::EndBlock => {
                stack.pop();
            }
            Item::DefineAbbrev => {
                if let Some(&b) = stack.last() {
                    stats.blocks[b].abbrevs += 1;
                }
            }
            Item::Record { record: rec, .. } => {
                let b = match stack.last() {
                    Some(&b) => b,
                    None => stats.index(u32::MAX),
                };
                let s = &mut stats.blocks[b];
                s.records += 1;
                s.abbreviated += u64::from(rec.abbrev_id != 3);
                s.blob_bytes += rec.blob.map_or(0, |b| b.len() as u64);
                s.count_code(rec.code);
            }
        }
    }
    Ok(top)
}

fn run(path: &str) -> Result<(), String> {
    let data = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let kind = magic::identify(&data);
    let inner = magic::strip_wrapper(&data).map_err(|e| format!("{path}: error: {e}"))?;
    if inner.len() < 4 {
        return Err(format!("{path}: error: file too small to be a bitstream"));
    }
    let mut stats = Stats::default();
    let t = Instant::now();
    let top = walk(&inner[4..], &mut stats).map_err(|e| format!("{path}: error: {e}"))?;
    let secs = t.elapsed().as_secs_f64();
    println!("{path}: {kind:?}, {} bytes, {top} top-level blocks", data.len());
    println!(
        "  {:>8} {:>9} {:>9} {:>8} {:>9} {:>7} {:>10}",
        "block", "instances", "bits", "abbrevs", "records", "%abbr", "blob bytes"
    );
    for (id, &i) in &stats.ids {
        let s = &stats.blocks[i];
        let pct =
            if s.records == 0 { 0.0 } else { 100.0 * s.abbreviated as f64 / s.records as f64 };
        println!(
            "  {:>8} {:>9} {:>9} {:>8} {:>9} {:>6.1}% {:>10}",
            id, s.instances, s.bits, s.abbrevs, s.records, pct, s.blob_bytes
        );
        let mut top = s.code_counts();
        top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let list: Vec<String> = top.iter().take(6).map(|(c, n)| format!("{c}×{n}")).collect();
        println!("  {:>8}   most frequent codes: {}", "", list.join(" "));
    }
    println!(
        "  walked in {:.3} ms ({:.0} MB/s, every record decoded)",
        secs * 1e3,
        inner.len() as f64 / secs / 1e6
    );
    Ok(())
}

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() || files.iter().any(|f| f == "-h" || f == "--help") {
        eprintln!("usage: bitstream-stats FILE...");
        return ExitCode::from(1);
    }
    let mut status = ExitCode::SUCCESS;
    for f in &files {
        if let Err(e) = run(f) {
            eprintln!("{e}");
            status = ExitCode::from(1);
        }
    }
    status
}
