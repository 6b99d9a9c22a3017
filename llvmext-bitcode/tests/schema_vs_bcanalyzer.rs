//! The schema's analyzer names against the real `llvm-bcanalyzer-19`.
//!
//! Writes one LLVM IR bitstream holding, for every block ID from 0 to 40,
//! an unabbreviated record of every code from 0 to the largest known code of
//! that block plus 5; dumps it with `llvm-bcanalyzer-19 -dump
//! --dump-blockinfo`; and checks that every block and record name it prints
//! is the one [`BlockId::analyzer_name`] / [`record_analyzer_name`] give
//! (or `UnknownBlock<N>` / `UnknownCode<N>` where they give `None`).
//!
//! Set `LLVM_BCANALYZER` to use another binary.

use std::path::PathBuf;
use std::process::Command;

use llvmext_bitcode::core::bitstream::BitstreamWriter;
use llvmext_bitcode::schema::{record_analyzer_name, BlockId, RecordCode};

/// The block IDs written: all known ones, the reserved 1–7 and a few past
/// the last known one.
const MAX_BLOCK: u32 = 40;

/// The largest record code written in `block`.
fn max_code(block: BlockId) -> u32 {
    let known = (0..1024)
        .filter(|&c| RecordCode::new(block, c).is_some_and(|r| r.name().is_some()))
        .max()
        .unwrap_or(0);
    known + 5
}

/// Operands of every record. In `BLOCKINFO` the first makes `SETBID` select
/// block 200 (never written), so the `BLOCKNAME`/`SETRECORDNAME` records
/// written there rename nothing the test looks at.
const OPS: [u64; 2] = [200, 65];

fn analyzer() -> String {
    std::env::var("LLVM_BCANALYZER").unwrap_or_else(|_| "llvm-bcanalyzer-19".to_owned())
}

#[derive(Debug, PartialEq)]
enum Line {
    Block(String),
    Record(String),
}

#[test]
fn schema_names_match_llvm_bcanalyzer_19() {
    let mut w = BitstreamWriter::new();
    w.emit_magic(*b"BC\xC0\xDE");
    let mut expected = Vec::new();
    let mut where_ = Vec::new();
    for b in 0..=MAX_BLOCK {
        let block = BlockId(b);
        w.enter_block(b, 3);
        expected.push(Line::Block(
            block.analyzer_name().map_or_else(|| format!("UnknownBlock{b}"), str::to_owned),
        ));
        where_.push(format!("block {b}"));
        for code in 0..=max_code(block) {
            w.emit_record(code, &OPS, None).unwrap();
            expected.push(Line::Record(
                record_analyzer_name(block, code)
                    .map_or_else(|| format!("UnknownCode{code}"), str::to_owned),
            ));
            where_.push(format!("block {b} code {code}"));
        }
        w.exit_block().unwrap();
    }
    let bytes = w.finish();

    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("schema_vs_bcanalyzer_{}.bc", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let tool = analyzer();
    let out = match Command::new(&tool).arg("-dump").arg("--dump-blockinfo").arg(&path).output() {
        Ok(out) => out,
        Err(e) => panic!("cannot run {tool} ({e}): install Debian package llvm-19"),
    };
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8(out.stdout).expect("analyzer output is UTF-8");
    assert!(
        out.status.success(),
        "{tool} failed: {}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );

    // Every block here is top-level: `<NAME NumWords=…>` opens it, each
    // record is `  <NAME op0=… op1=…/>`, `</NAME>` closes it. The dump is
    // followed by the statistics summary.
    let mut actual = Vec::new();
    for line in stdout.lines() {
        if line.starts_with("Summary") {
            break;
        }
        if let Some(rest) = line.strip_prefix("  <") {
            let name = rest.split([' ', '/', '>']).next().unwrap();
            actual.push(Line::Record(name.to_owned()));
        } else if let Some(rest) = line.strip_prefix('<') {
            if rest.starts_with('/') {
                continue;
            }
            let name = rest.split([' ', '>']).next().unwrap();
            assert!(rest.contains(" NumWords="), "unexpected line: {line}");
            actual.push(Line::Block(name.to_owned()));
        }
    }

    let mut mismatches = Vec::new();
    for (i, (exp, at)) in expected.iter().zip(&where_).enumerate() {
        let got = actual.get(i);
        if got != Some(exp) {
            mismatches
                .push(format!("{at}: schema says {exp:?}, llvm-bcanalyzer-19 printed {got:?}"));
        }
    }
    assert!(mismatches.is_empty(), "{} mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
    assert_eq!(actual.len(), expected.len(), "the dump has extra lines");

    // Guard against a vacuous pass: LLVM 19 names 228 of these records.
    let named = actual
        .iter()
        .filter(|l| matches!(l, Line::Record(n) if !n.starts_with("UnknownCode")))
        .count();
    assert!(named >= 228, "only {named} named records in the dump");
}
