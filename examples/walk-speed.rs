//! `walk-speed FILE [ROUNDS]`: how fast a full record walk of a bitstream
//! file is, with `advance` + `read_record` (operands copied into a caller's
//! vector) and with `next_item` (operands in the reader's buffer).
//!
//! Each round runs five passes of each walk, alternating, and the best pass
//! of every walk is kept: on a shared machine the minimum is the figure
//! least disturbed by other jobs. The timed passes add up codes and operand
//! counts (as `benches/bitstream.rs` does); an untimed pass first checks
//! that both walks agree on a checksum of every code and operand.

use std::process::ExitCode;
use std::time::Instant;

use llvmext::core::bitstream::{BitstreamReader, Entry, Item};
use llvmext::core::magic;

/// Adds a record to a checksum: all of it (`FULL`) or its code and
/// operand count.
fn mix<const FULL: bool>(sum: u64, code: u32, ops: &[u64]) -> u64 {
    if FULL {
        ops.iter().fold(sum.rotate_left(5) ^ u64::from(code), |s, &v| s.rotate_left(7) ^ v)
    } else {
        sum.wrapping_add(u64::from(code)).wrapping_add(ops.len() as u64)
    }
}

fn read_record_walk<const FULL: bool>(stream: &[u8]) -> Result<u64, llvmext::core::Error> {
    let mut r = BitstreamReader::new(stream);
    let mut ops = Vec::new();
    let mut sum = 0;
    while let Some(e) = r.advance()? {
        match e {
            Entry::SubBlock { .. } => {
                r.enter_block()?;
            }
            Entry::Record(id) => {
                let rec = r.read_record(id, &mut ops)?;
                sum = mix::<FULL>(sum, rec.code, &ops);
            }
            Entry::EndBlock | Entry::DefineAbbrev => {}
        }
    }
    Ok(sum)
}

fn next_item_walk<const FULL: bool>(stream: &[u8]) -> Result<u64, llvmext::core::Error> {
    let mut r = BitstreamReader::new(stream);
    let mut sum = 0;
    while let Some(item) = r.next_item()? {
        match item {
            Item::SubBlock { .. } => {
                r.enter_block()?;
            }
            Item::Record { record, ops } => sum = mix::<FULL>(sum, record.code, ops),
            Item::EndBlock | Item::DefineAbbrev => {}
        }
    }
    Ok(sum)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: walk-speed FILE [ROUNDS]");
        return ExitCode::from(2);
    };
    let rounds: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let data = match std::fs::read(path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("walk-speed: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let stream = match magic::strip_wrapper(&data) {
        Ok(s) if s.len() >= 4 => &s[4..],
        _ => {
            eprintln!("walk-speed: {path}: not a bitstream with a magic");
            return ExitCode::FAILURE;
        }
    };
    match (read_record_walk::<true>(stream), next_item_walk::<true>(stream)) {
        (Ok(a), Ok(b)) if a == b => {}
        (Ok(a), Ok(b)) => {
            eprintln!("walk-speed: the walks disagree ({a:#x} vs {b:#x})");
            return ExitCode::FAILURE;
        }
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("walk-speed: {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    type Walk = fn(&[u8]) -> Result<u64, llvmext::core::Error>;
    let walks: [(&str, Walk); 2] = [
        ("advance + read_record", read_record_walk::<false>),
        ("next_item", next_item_walk::<false>),
    ];
    let mut best = [f64::MAX; 2];
    for _ in 0..rounds {
        for (i, (_, walk)) in walks.iter().enumerate() {
            for _ in 0..5 {
                let t = Instant::now();
                if std::hint::black_box(walk(stream)).is_err() {
                    return ExitCode::FAILURE;
                }
                best[i] = best[i].min(t.elapsed().as_secs_f64());
            }
        }
    }
    println!("{path}: {} bytes", data.len());
    for ((name, _), t) in walks.iter().zip(best) {
        println!("  {name:<22} {:8.1} MB/s  ({:.2} ms)", data.len() as f64 / t / 1e6, t * 1e3);
    }
    ExitCode::SUCCESS
}
