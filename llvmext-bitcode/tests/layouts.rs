//! The record layouts of `schema::layout` against real bitcode.
//!
//! `layouts_fit_the_corpus` walks every record of the corpus files under
//! `target/llvmext-corpus/` (clang-19, clang-13 to 16, rustc and zig cc
//! of LLVM 22: built by the root package's corpus tests, which `cargo test
//! --workspace` runs first; this file is not in the published package) and
//! checks each record that has a layout against the layout of
//! its module's version — operand count, required operands, counted and
//! conditional parts, whole groups in the variable part — and what the
//! operands hold: string-table names inside the module's `STRTAB` blob, type
//! IDs inside the type table, linkages, visibilities, flags and alignments
//! in range, references to section names, gc names, comdats, attribute
//! lists and groups, bundle tags and sync scopes that exist. Every record of
//! the blocks the reader reads must have a layout, debug-info nodes
//! included (those of LLVM 21 that LLVM 19 cannot hold aside).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use llvmext_bitcode::container;
use llvmext_bitcode::schema::layout::{self, OperandKind, Presence, ALL};
use llvmext_bitcode::schema::{BlockId, MetadataCode, RecordCode};
use llvmext_core::bitstream::{BitstreamReader, Item};

fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/llvmext-corpus");
    let mut out = Vec::new();
    let mut dirs = vec![root];
    while let Some(d) = dirs.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            if p.is_dir() {
                // The corpus root and the newer producers' files (not the
                // caches of outputs).
                if d.ends_with("llvmext-corpus") && name == "newer" || d.ends_with("newer") {
                    dirs.push(p);
                }
            } else if name.ends_with(".bc") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Per-module state the semantic checks need.
#[derive(Default)]
struct Module<'a> {
    /// Written by Zig's own bitcode writer (not LLVM's): it writes
    /// `dso_local` as 2 for an implicitly dso-local global (LLVM writes 0 or
    /// 1, and reads 2 as not dso-local).
    zig_writer: bool,
    version: u64,
    strtab: &'a [u8],
    num_types: Option<u64>,
    types_defined: u64,
    sections: u64,
    gcs: u64,
    comdats: u64,
    attr_lists: u64,
    attr_groups: BTreeSet<u64>,
    bundle_tags: u64,
    sync_scopes: u64,
    md_kinds: BTreeSet<u64>,
}

struct Stats {
    records: u64,
    checked: BTreeMap<&'static str, u64>,
    failures: Vec<String>,
    uncovered: BTreeSet<String>,
}

impl Stats {
    fn fail(&mut self, file: &str, msg: String) {
        if self.failures.len() < 40 {
            self.failures.push(format!("{file}: {msg}"));
        }
    }
}

/// Blocks whose every record the reader reads and so must have a layout
/// (in `METADATA`, all but the two debug-info nodes LLVM 19 has no model
/// for: `DISubrangeType` and `DIFixedPointType` of LLVM 21).
fn must_cover(block: BlockId, code: u32) -> bool {
    match block {
        BlockId::METADATA => {
            code != MetadataCode::SUBRANGE_TYPE.0 && code != MetadataCode::FIXED_POINT_TYPE.0
        }
        BlockId::MODULE => code != 15, // METADATA_VALUES_UNUSED
        BlockId::IDENTIFICATION
        | BlockId::PARAMATTR
        | BlockId::PARAMATTR_GROUP
        | BlockId::TYPE_NEW
        | BlockId::CONSTANTS
        | BlockId::FUNCTION
        | BlockId::VALUE_SYMTAB
        | BlockId::METADATA_KIND
        | BlockId::METADATA_ATTACHMENT
        | BlockId::USELIST
        | BlockId::OPERAND_BUNDLE_TAGS
        | BlockId::SYNC_SCOPE_NAMES
        | BlockId::STRTAB
        | BlockId::SYMTAB => true,
        _ => false,
    }
}

fn check_stream(file: &str, f: &container::BitcodeFile<'_>, st: &mut Stats) {
    let mut r = BitstreamReader::new(&f.stream[4..]);
    let mut stack: Vec<BlockId> = Vec::new();
    let mut modules_seen = 0usize;
    let mut m = Module::default();
    loop {
        let item = match r.next_item() {
            Ok(Some(i)) => i,
            Ok(None) => break,
            Err(e) => {
                st.fail(file, format!("bitstream error {e}"));
                return;
            }
        };
        match item {
            Item::SubBlock { block_id } => {
                let b = BlockId(block_id);
                if stack.is_empty() && b == BlockId::MODULE {
                    m = Module {
                        zig_writer: file.starts_with("zig_") && !file.starts_with("zig_cc"),
                        strtab: f.modules.get(modules_seen).and_then(|mr| mr.strtab).unwrap_or(&[]),
                        ..Module::default()
                    };
                    modules_seen += 1;
                }
                if let Err(e) = r.enter_block() {
                    st.fail(file, format!("enter block {block_id}: {e}"));
                    return;
                }
                stack.push(b);
            }
            Item::EndBlock => {
                if stack.pop() == Some(BlockId::TYPE_NEW) && m.num_types != Some(m.types_defined) {
                    let msg = format!("NUMENTRY {:?} but {} types", m.num_types, m.types_defined);
                    st.fail(file, msg);
                }
            }
            Item::DefineAbbrev => {}
            Item::Record { record, ops } => {
                let Some(&block) = stack.last() else { continue };
                st.records += 1;
                let ops = ops.to_vec();
                check_record(file, block, record.code, &ops, record.blob, &mut m, st);
            }
        }
    }
}

fn check_record(
    file: &str,
    block: BlockId,
    code: u32,
    ops: &[u64],
    blob: Option<&[u8]>,
    m: &mut Module<'_>,
    st: &mut Stats,
) {
    let Some(l) = layout::find(block, code, m.version) else {
        if must_cover(block, code) {
            let name = RecordCode::new(block, code)
                .and_then(|c| c.name())
                .map_or_else(|| format!("{block} code {code}"), str::to_string);
            st.uncovered.insert(format!("{name} (module version {})", m.version));
        }
        return;
    };
    *st.checked.entry(l.record).or_default() += 1;
    if l.blob != blob.is_some() {
        st.fail(file, format!("{}: blob {}", l.record, blob.is_some()));
    }
    let in_types = block == BlockId::TYPE_NEW;
    let mut problems = Vec::new();
    let mut last_offset = None;
    let res = l.walk(ops, m.version, |p| {
        let v = ops[p.at];
        let ok = match p.operand.kind {
            OperandKind::StrtabOffset => {
                last_offset = Some(v);
                true
            }
            OperandKind::StrtabSize => match last_offset.take() {
                Some(off) => off.checked_add(v).is_some_and(|e| e <= m.strtab.len() as u64),
                None => false,
            },
            OperandKind::TypeId => match m.num_types {
                Some(n) if in_types => v < n,
                Some(_) => v < m.types_defined,
                None => false,
            },
            OperandKind::Linkage => v <= 19,
            OperandKind::Visibility | OperandKind::DllStorageClass | OperandKind::UnnamedAddr => {
                v <= 2
            }
            OperandKind::ThreadLocal => v <= 4,
            OperandKind::Bool => v <= 1 || m.zig_writer && p.operand.name == "DSO_LOCAL" && v == 2,
            OperandKind::AlignLog2Plus1 => v <= 64,
            OperandKind::ComdatSelectionKind => v <= 4,
            OperandKind::AtomicOrdering => v <= 7,
            OperandKind::Char => v <= 255,
            OperandKind::Word32 => v <= u64::from(u32::MAX),
            OperandKind::SectionIdPlusOne => v <= m.sections,
            OperandKind::GcIdPlusOne => v <= m.gcs,
            OperandKind::ComdatIdPlusOne => v <= m.comdats,
            OperandKind::AttrListIdPlusOne => v <= m.attr_lists,
            OperandKind::AttrGroupId => {
                block == BlockId::PARAMATTR_GROUP || m.attr_groups.contains(&v)
            }
            OperandKind::BundleTagId => v < m.bundle_tags,
            OperandKind::SyncScopeId => v < m.sync_scopes.max(2),
            OperandKind::MdKindId => block == BlockId::METADATA_KIND || m.md_kinds.contains(&v),
            _ => true,
        };
        if !ok {
            problems.push(format!("{} = {v} (operand {})", p.operand.written, p.at));
        }
    });
    match res {
        Err(e) => st.fail(file, format!("{e}: {ops:?}")),
        Ok(()) if !problems.is_empty() => {
            st.fail(file, format!("{}: {} in {ops:?}", l.record, problems.join(", ")))
        }
        Ok(()) => {}
    }
    // What later records refer to.
    match (block, code) {
        (BlockId::MODULE, 1) => m.version = ops.first().copied().unwrap_or(0),
        (BlockId::MODULE, 5) => m.sections += 1,
        (BlockId::MODULE, 11) => m.gcs += 1,
        (BlockId::MODULE, 12) => m.comdats += 1,
        (BlockId::PARAMATTR, 2) => m.attr_lists += 1,
        (BlockId::PARAMATTR_GROUP, 3) => {
            if let Some(&g) = ops.first() {
                m.attr_groups.insert(g);
            }
        }
        (BlockId::TYPE_NEW, 1) => m.num_types = ops.first().copied(),
        (BlockId::TYPE_NEW, c) if c != 19 => m.types_defined += 1,
        (BlockId::OPERAND_BUNDLE_TAGS, 1) => m.bundle_tags += 1,
        (BlockId::SYNC_SCOPE_NAMES, 1) => m.sync_scopes += 1,
        (BlockId::METADATA_KIND, 6) => {
            if let Some(&k) = ops.first() {
                m.md_kinds.insert(k);
            }
        }
        (BlockId::METADATA, c) if c == MetadataCode::KIND.0 => {
            if let Some(&k) = ops.first() {
                m.md_kinds.insert(k);
            }
        }
        _ => {}
    }
}

fn bitcode_files(data: &[u8]) -> Vec<container::BitcodeFile<'_>> {
    if let Ok(f) = container::parse(data) {
        return vec![f];
    }
    match container::find_embedded_bitcode(data) {
        Ok(v) => v.iter().filter_map(|e| e.parse().ok()).collect(),
        Err(_) => Vec::new(),
    }
}

#[test]
fn layouts_fit_the_corpus() {
    let files = corpus_files();
    assert!(
        !files.is_empty(),
        "no corpus under target/llvmext-corpus: the root package's tests build it \
         (`cargo test --workspace` runs them before this crate's)"
    );
    let mut st = Stats {
        records: 0,
        checked: BTreeMap::new(),
        failures: Vec::new(),
        uncovered: BTreeSet::new(),
    };
    let mut modules = 0;
    for p in &files {
        let data = std::fs::read(p).unwrap();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        for f in bitcode_files(&data) {
            modules += f.modules.len();
            check_stream(&name, &f, &mut st);
        }
    }
    let total: u64 = st.checked.values().sum();
    eprintln!(
        "{} files, {modules} modules, {} records, {total} checked against {} layouts",
        files.len(),
        st.records,
        st.checked.len()
    );
    assert!(st.failures.is_empty(), "records that do not fit:\n{}", st.failures.join("\n"));
    assert!(st.uncovered.is_empty(), "records without a layout: {:?}", st.uncovered);
    // The layouts the reader relies on were all exercised.
    for l in [
        &layout::global_var::LAYOUT,
        &layout::function::LAYOUT,
        &layout::comdat::LAYOUT,
        &layout::inst_call::LAYOUT,
        &layout::inst_alloca::LAYOUT,
        &layout::inst_load::LAYOUT,
        &layout::inst_store::LAYOUT,
        &layout::inst_gep::LAYOUT,
        &layout::inst_phi::LAYOUT,
        &layout::cst_ce_gep::LAYOUT,
        &layout::md_strings::LAYOUT,
        &layout::strtab_blob::LAYOUT,
    ] {
        assert!(st.checked.get(l.record).is_some_and(|&n| n > 0), "{} never seen", l.record);
    }
}

// ---------------------------------------------------------------------------
// The layouts' own consistency.

#[test]
fn every_layout_names_its_record() {
    for l in ALL {
        assert!(!l.record.is_empty(), "{l:?}");
        assert!(RecordCode::new(l.block, l.code).is_some(), "{}", l.record);
        assert!(l.required <= l.fields.len(), "{}", l.record);
        assert!(l.fields.len() <= 32, "{}", l.record);
        for (k, f) in l.fields.iter().enumerate() {
            if let Presence::IfBit { field, .. } | Presence::Counted { field } = f.presence {
                assert!(field < k, "{}: {} refers forward", l.record, f.name)
            }
        }
    }
}

#[test]
fn one_layout_per_record_and_version() {
    for (i, a) in ALL.iter().enumerate() {
        for b in &ALL[i + 1..] {
            let overlap = a.versions.0 <= b.versions.1 && b.versions.0 <= a.versions.1;
            assert!(!(a.block == b.block && a.code == b.code && overlap), "{} twice", a.record);
        }
    }
}

#[test]
fn written_as_llvm_writes_it() {
    use layout::*;
    assert_eq!(
        global_var::LAYOUT.written,
        "[strtab_offset, strtab_size, type, isconst|explicit_type<<1|addrspace<<2, \
         initid+1, linkage, alignment, section+1, visibility, threadlocal, \
         unnamed_addr, externally_initialized, dllstorageclass, comdat+1, \
         attributes+1, dso_local, partition_offset, partition_size, sanitizer, \
         code_model]"
    );
    assert!(function::LAYOUT.written.starts_with("[strtab_offset, strtab_size, type, "));
    assert_eq!(inst_phi::LAYOUT.written, "[ty, n x (val, bb#), fmf]");
    assert_eq!(md_node::LAYOUT.written, "[n x md num+1]");
    assert_eq!(global_var::LINKAGE, 5);
    assert_eq!(global_var::FIELDS[global_var::LINKAGE].name, "LINKAGE");
    assert_eq!(function::ADDRSPACE, 18);
    assert_eq!(inst_call::CALLEE, 4);
}

#[test]
fn walks() {
    use layout::*;
    let l = &inst_call::LAYOUT;
    // cc = explicit type, no fmf: [attrs, cc, fnty, callee, args…]
    let cc = 1 << 15;
    assert!(l.check(&[0, cc, 3, 1, 2, 3], 2).is_ok());
    assert!(l.check(&[0, cc, 3], 2).is_err());
    // A forward-referenced callee takes its type too.
    let mut at = Vec::new();
    l.walk(&[0, cc | 1 << 17, 8, 3, u64::from(u32::MAX), 9], 2, |p| {
        at.push((p.operand.name, p.at, p.width))
    })
    .unwrap();
    assert_eq!(
        at,
        [("ATTRS", 0, 1), ("CC", 1, 1), ("FMF", 2, 1), ("FN_TYPE", 3, 1), ("CALLEE", 4, 2)]
    );
    // phi: an even count ends in fast-math flags.
    assert!(inst_phi::LAYOUT.check(&[1, 2, 0, 4, 1], 2).is_ok());
    assert!(inst_phi::LAYOUT.check(&[1, 2, 0, 4, 1, 8], 2).is_ok());
    // A counted part must fit.
    assert!(inst_catchswitch::LAYOUT.check(&[1, 2, 0, 1], 2).is_ok());
    assert!(inst_catchswitch::LAYOUT.check(&[1, 2, 0, 1, 2], 2).is_ok());
    assert!(inst_catchswitch::LAYOUT.check(&[1, 5, 0], 2).is_err());
    assert_eq!(global_var::LAYOUT.min_len(2), 8);
    assert_eq!(global_var::LAYOUT.min_len(1), 6);
    assert_eq!(global_var::LAYOUT.max_len(2), Some(20));
    assert!(global_var::LAYOUT.check(&[0; 21], 2).is_err());
    assert_eq!(comdat_v1::LAYOUT.check(&[1, 3, 97, 98, 99], 1), Ok(()));
    assert_eq!(find(BlockId::MODULE, 12, 1).unwrap().record, "MODULE_CODE_COMDAT");
    assert_eq!(find(BlockId::MODULE, 12, 2).unwrap().fields.len(), 3);
}
