//! Whole files against `llvm-as-19`: for every module of the harness
//! ([`super::tests::inputs`]) llvm-as-19 accepts, [`write()`](super::write)
//! must give llvm-as-19's bytes. Where it does not, the test names the
//! first differing block and record (the path of blocks from the top,
//! each block's index among its siblings, both records). The one
//! difference allowed is the USELIST blocks of a few hand-written modules
//! (use-list orders LLParser makes from what the model does not hold): a
//! file that differs only there — compared with
//! those blocks left out and the offsets they move (`VSTOFFSET`, the
//! function offsets of the module's value symbol table) masked — is
//! counted apart, and allowed only for the modules of [`USE_LISTS_KNOWN`].
//!
//! The modules together must make the writer write every record LLVM 19
//! writes in the blocks of instructions, constants, metadata (every
//! debug-info node kind), types and attribute groups — each record a
//! layout of `schema::layout` describes, less those of
//! [`NEVER_WRITTEN_BY_LLVM_19`] — in a file identical to llvm-as-19's.

// Only with the `workspace-tests` feature (on for every `cargo test` in the
// workspace, off in the published crate): its modules are `tests.rs`'s,
// read from `../testdata` and `../llvmext-ir/tests/data`.
#![cfg(feature = "workspace-tests")]

use std::process::Command;

use llvmext_core::bitstream::{BitstreamReader, Item};

use super::tests::{inputs, tmp};
use crate::schema::{BlockId, ModuleCode, ValueSymtabCode};

/// An item of a bitstream, for comparison.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    Block { id: u32, items: Vec<Node> },
    Record { code: u32, abbrev: u32, ops: Vec<u64>, blob: Option<Vec<u8>> },
    Abbrev,
}

/// The items of the stream `bytes` (after its magic), BLOCKINFO entered
/// so that its abbreviations register.
fn tree(bytes: &[u8]) -> Result<Vec<Node>, String> {
    let mut r = BitstreamReader::new(bytes);
    let mut stack: Vec<(u32, Vec<Node>)> = vec![(u32::MAX, Vec::new())];
    loop {
        let item = r.next_item().map_err(|e| format!("{e}"))?;
        let Some(item) = item else { break };
        match item {
            Item::SubBlock { block_id } => {
                r.enter_block().map_err(|e| format!("{e}"))?;
                stack.push((block_id, Vec::new()));
            }
            Item::EndBlock => {
                let (id, items) = stack.pop().ok_or("unbalanced END_BLOCK")?;
                stack.last_mut().ok_or("unbalanced END_BLOCK")?.1.push(Node::Block { id, items });
            }
            Item::DefineAbbrev => stack.last_mut().ok_or("no block")?.1.push(Node::Abbrev),
            Item::Record { record, ops } => {
                stack.last_mut().ok_or("no block")?.1.push(Node::Record {
                    code: record.code,
                    abbrev: record.abbrev_id,
                    ops: ops.to_vec(),
                    blob: record.blob.map(<[u8]>::to_vec),
                })
            }
        }
    }
    let (_, top) = stack.pop().ok_or("no top level")?;
    Ok(top)
}

/// `items` without USELIST blocks (or with, `keep`) and with the offsets
/// they move masked.
fn without_use_lists(items: &[Node], parent: u32, keep: bool) -> Vec<Node> {
    let mut out = Vec::new();
    for n in items {
        match n {
            Node::Block { id, .. } if *id == BlockId::USELIST.0 && !keep => {}
            Node::Block { id, items } => {
                out.push(Node::Block { id: *id, items: without_use_lists(items, *id, keep) })
            }
            Node::Record { code, abbrev, ops, blob } => {
                let mut ops = ops.clone();
                if parent == BlockId::MODULE.0 && *code == ModuleCode::VSTOFFSET.0 {
                    ops.clear();
                }
                if parent == BlockId::VALUE_SYMTAB.0 && *code == ValueSymtabCode::FNENTRY.0 {
                    ops.truncate(1);
                }
                out.push(Node::Record { code: *code, abbrev: *abbrev, ops, blob: blob.clone() });
            }
            Node::Abbrev => out.push(Node::Abbrev),
        }
    }
    out
}

/// The first difference of two item lists: the path to it and both sides.
fn first_difference(a: &[Node], b: &[Node], path: &str) -> Option<String> {
    let name = |id: u32| BlockId(id).name().map_or_else(|| format!("block {id}"), str::to_owned);
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if x == y {
            continue;
        }
        return Some(match (x, y) {
            (Node::Block { id: p, items: xs }, Node::Block { id: q, items: ys }) if p == q => {
                let here = format!("{path} > {}#{i}", name(*p));
                first_difference(xs, ys, &here)
                    .unwrap_or_else(|| format!("{here}: same items, other layout"))
            }
            (
                Node::Record { code, abbrev, ops, .. },
                Node::Record { code: c2, abbrev: a2, ops: o2, .. },
            ) => {
                let shown = |o: &[u64]| format!("{:?}", &o[..o.len().min(24)]);
                format!(
                    "{path}, item {i}: ours code {code} abbrev {abbrev} {}, llvm-as-19's code {c2} abbrev {a2} {}",
                    shown(ops),
                    shown(o2)
                )
            }
            _ => format!("{path}, item {i}: ours {x:?}, llvm-as-19's {y:?}"),
        });
    }
    (a.len() != b.len()).then(|| format!("{path}: {} items, llvm-as-19 has {}", a.len(), b.len()))
}

/// Hand-written modules whose use-list orders llvm-as-19 builds from
/// something the model does not hold (USELIST blocks differ, nothing
/// else), and why.
const USE_LISTS_KNOWN: &[(&str, &str)] = &[
    (
        "constfold.ll:constfold-cf2",
        "LLParser folds constant expressions as it parses them; the constants the \
         folding makes and drops keep uses the model never sees",
    ),
    ("constfold.ll:constfold-cf3", "as constfold.ll:constfold-cf2"),
    (
        "upgrade.ll:both-names-declared",
        "llvm-as upgrades old intrinsic calls after parsing, making new call \
         instructions (and uses) the model holds from the start",
    ),
    ("upgrade.ll:remangle-overloaded-intrinsic-names", "as upgrade.ll:both-names-declared"),
];

/// Records of `items` (in block `parent`) into `seen` as (block, code).
fn record_codes(items: &[Node], parent: u32, seen: &mut std::collections::BTreeSet<(u32, u32)>) {
    for n in items {
        match n {
            Node::Block { id, items } => record_codes(items, *id, seen),
            Node::Record { code, .. } => {
                seen.insert((parent, *code));
            }
            Node::Abbrev => {}
        }
    }
}

/// Records LLVM 19 never writes (the reader reads them from older
/// producers), with why: no module can show the writer writing them.
const NEVER_WRITTEN_BY_LLVM_19: &[(BlockId, &str, &str)] = &[
    (BlockId::TYPE_NEW, "TYPE_CODE_POINTER", "typed pointers (LLVM 17 removed them)"),
    (BlockId::TYPE_NEW, "TYPE_CODE_FUNCTION_OLD", "the function type before LLVM 3.3"),
    (BlockId::CONSTANTS, "CST_CODE_CE_UNOP", "fneg constant expressions (LLVM 19 refuses them)"),
    (BlockId::CONSTANTS, "CST_CODE_CE_SELECT", "select constant expressions (removed in LLVM 17)"),
    (
        BlockId::CONSTANTS,
        "CST_CODE_CE_CMP",
        "icmp/fcmp constant expressions (LLVM 19 refuses them)",
    ),
    (
        BlockId::CONSTANTS,
        "CST_CODE_CE_GEP_OLD",
        "getelementptr before LLVM 3.7 wrote its source type",
    ),
    (
        BlockId::CONSTANTS,
        "CST_CODE_CE_INBOUNDS_GEP",
        "inbounds as its own code (before LLVM 19's flags operand)",
    ),
    (
        BlockId::CONSTANTS,
        "CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD",
        "inrange as an index (before LLVM 19)",
    ),
    (
        BlockId::CONSTANTS,
        "CST_CODE_INLINEASM_OLD3",
        "inline asm without the function type (before LLVM 13)",
    ),
    (
        BlockId::FUNCTION,
        "FUNC_CODE_INST_SELECT",
        "select without the VSELECT layout (before LLVM 3.0)",
    ),
    (BlockId::FUNCTION, "FUNC_CODE_INST_CMP", "compare without flags (LLVM writes CMP2)"),
    (
        BlockId::METADATA,
        "METADATA_KIND",
        "metadata kinds inside METADATA (before LLVM 3.3's METADATA_KIND block)",
    ),
    (
        BlockId::METADATA,
        "METADATA_STRING_OLD",
        "one record per string (before LLVM 4.0's METADATA_STRINGS)",
    ),
];

#[test]
fn written_files_match_llvm_as_19() {
    let (mut identical, mut use_lists_only, mut compared) = (0, 0, 0);
    let mut failures = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (name, text) in inputs() {
        if super::tests::KNOWN.iter().any(|(n, _)| *n == name) {
            continue;
        }
        let file = name.replace([':', '/'], "_");
        let ll = tmp(&format!("{file}.file.ll"));
        let bc = tmp(&format!("{file}.file.bc"));
        std::fs::write(&ll, &text).unwrap();
        let ok = Command::new("llvm-as-19")
            .args([ll.to_str().unwrap(), "-o", bc.to_str().unwrap()])
            .stderr(std::process::Stdio::null())
            .status()
            .expect("cannot run llvm-as-19: install Debian package llvm-19")
            .success();
        if !ok {
            continue;
        }
        let m = match llvmext_ir::parse::parse(&text, ll.to_str().unwrap()) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{name}: our parser refused it: {e}"));
                continue;
            }
        };
        compared += 1;
        let theirs = std::fs::read(&bc).unwrap();
        let ours = match super::write(&m) {
            Ok(b) => b,
            Err(e) => {
                failures.push(format!("{name}: not written: {e}"));
                continue;
            }
        };
        if ours == theirs {
            if let Ok(t) = tree(ours.get(4..).unwrap_or_default()) {
                record_codes(&t, u32::MAX, &mut seen);
            }
        }
        if ours == theirs {
            identical += 1;
            if USE_LISTS_KNOWN.iter().any(|(n, _)| *n == name) {
                failures.push(format!("{name}: identical now: take it off USE_LISTS_KNOWN"));
            }
            continue;
        }
        let strip = |b: &[u8]| -> Result<Vec<Node>, String> {
            let b = llvmext_core::magic::strip_wrapper(b).map_err(|e| format!("{e}"))?;
            tree(b.get(4..).ok_or("too short")?)
        };
        let (t_ours, t_theirs) = match (strip(&ours), strip(&theirs)) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => {
                failures.push(format!(
                    "{name}: unreadable: ours {:?}, theirs {:?}",
                    a.err(),
                    b.err()
                ));
                continue;
            }
        };
        let (a, b) = (
            without_use_lists(&t_ours, u32::MAX, false),
            without_use_lists(&t_theirs, u32::MAX, false),
        );
        match first_difference(&a, &b, "file") {
            None => {
                use_lists_only += 1;
                if !USE_LISTS_KNOWN.iter().any(|(n, _)| *n == name) {
                    let (a, b) = (
                        without_use_lists(&t_ours, u32::MAX, true),
                        without_use_lists(&t_theirs, u32::MAX, true),
                    );
                    let d = first_difference(&a, &b, "file").unwrap_or_default();
                    failures.push(format!("{name}: use lists differ: {d}"));
                }
                if std::env::var_os("LLVMEXT_WRITE_USELIST").is_some() {
                    let (a, b) = (
                        without_use_lists(&t_ours, u32::MAX, true),
                        without_use_lists(&t_theirs, u32::MAX, true),
                    );
                    eprintln!("{name}: {}", first_difference(&a, &b, "file").unwrap_or_default());
                }
            }
            Some(d) => failures.push(format!("{name}: {d}")),
        }
    }
    eprintln!(
        "files: {compared} compared, {identical} byte-identical to llvm-as-19's, \
         {use_lists_only} differing only in USELIST blocks, {} otherwise",
        failures.len()
    );
    assert!(compared >= 100, "only {compared} modules compared");

    // Every record LLVM 19 writes in the blocks that hold the IR's variety
    // (instructions, constants, metadata incl. every debug-info node,
    // types, attributes) is written by some module here, so each path of
    // the writer is checked against llvm-as-19 (the hand-written
    // `records.ll` exists for those clang-19 never needs).
    let varied = [
        BlockId::FUNCTION,
        BlockId::CONSTANTS,
        BlockId::METADATA,
        BlockId::TYPE_NEW,
        BlockId::PARAMATTR_GROUP,
    ];
    let mut missing = Vec::new();
    for l in crate::schema::layout::ALL {
        let never =
            NEVER_WRITTEN_BY_LLVM_19.iter().any(|(b, r, _)| *b == l.block && *r == l.record);
        let written = seen.contains(&(l.block.0, l.code));
        if varied.contains(&l.block) && !written && !never {
            missing.push(format!("{} ({})", l.record, l.block));
        }
        if never && written {
            failures.push(format!("{}: written, but listed as never written by LLVM 19", l.record));
        }
    }
    if !missing.is_empty() {
        failures.push(format!("records no module makes the writer write: {}", missing.join(", ")));
    }
    assert!(
        failures.is_empty(),
        "{} problems in {compared} files:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
