//! `decode_di` against LLVM: `.ll` snippets with every kind of node are
//! assembled by `llvm-as-19` (and `llvm-as-14` for an older producer),
//! the records of every `METADATA` block are decoded, and the nodes are
//! compared with those `llvmext_ir::parse` reads from `llvm-dis-19`'s text
//! of the same bitcode (LLVM 19's reader is the oracle). Node identities
//! differ between the two arenas, so a node is compared field by field with
//! its operands reduced to what they are (a string's bytes, a node's kind,
//! an expression's elements, a value, a tuple).
//!
//! The compiler output under `target/llvmext-corpus/` (clang-19 `-g`
//! files; rustc's, made by LLVM 22) is decoded and compared the same way,
//! in the workspace (the `workspace-tests` feature).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

use llvmext_core::bits::BitReader;
use llvmext_core::bitstream::{BitstreamReader, Item};
use llvmext_ir::di::{self, DiField, DiKind, DiNode};
use llvmext_ir::id::MdId;
use llvmext_ir::metadata::{MdNode, Metadata};

use super::{decode_di, MdResolver, MdValue, Upgrade};
use crate::schema::MetadataCode as C;

// ------------------------------------------------------------ tools

fn tmp(name: &str) -> PathBuf {
    crate::test_scratch_dir("llvmext-bitcode-read-di").join(name)
}

fn run(tool: &str, args: &[&Path]) -> Result<Vec<u8>, String> {
    let out = Command::new(tool)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {tool} ({e}): install Debian package llvm-19"))?;
    if !out.status.success() {
        return Err(format!("{tool} failed: {}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(out.stdout)
}

fn assemble(tool: &str, name: &str, ll: &str) -> Vec<u8> {
    let src = tmp(&format!("{name}.ll"));
    let dst = tmp(&format!("{name}.bc"));
    std::fs::write(&src, ll).unwrap();
    // Verified (llvm-dis-19 would drop debug info that does not verify).
    run(tool, &[Path::new("-o"), &dst, &src]).unwrap();
    std::fs::read(&dst).unwrap()
}

fn disassemble(name: &str, bc: &[u8]) -> Result<Vec<u8>, String> {
    let src = tmp(&format!("{name}.dis.bc"));
    std::fs::write(&src, bc).unwrap();
    run("llvm-dis-19", &[Path::new("-o"), Path::new("-"), &src])
}

// ------------------------------------------------------------ bitcode walk

/// The records of one `METADATA` block.
struct Block {
    records: Vec<(u32, Vec<u64>, Option<Vec<u8>>)>,
}

/// What the walk of a module found.
#[derive(Default)]
struct Walk {
    /// Module-level value ids: what they are.
    values: Vec<MdValue>,
    /// Bit widths of the integer types, by type id.
    int_widths: HashMap<u64, u32>,
    /// The module-level block, then one block per function.
    module: Option<Block>,
    functions: Vec<Block>,
}

fn read_block(r: &mut BitstreamReader<'_>) -> Block {
    let mut records = Vec::new();
    loop {
        match r.next_item().unwrap().expect("block ends") {
            Item::EndBlock => break,
            Item::SubBlock { .. } => {
                r.skip_block().unwrap();
            }
            Item::DefineAbbrev => {}
            Item::Record { record, ops } => {
                records.push((record.code, ops.to_vec(), record.blob.map(|b| b.to_vec())))
            }
        }
    }
    Block { records }
}

fn walk(bytes: &[u8]) -> Walk {
    let file = crate::container::parse(bytes).unwrap();
    let module = &file.modules[0];
    let mut r = BitstreamReader::new(module.bytes);
    let mut w = Walk::default();
    // Module level.
    while let Some(item) = r.next_item().unwrap() {
        match item {
            Item::SubBlock { block_id: 8 } => {
                r.enter_block().unwrap();
                walk_module(&mut r, &mut w);
                break;
            }
            Item::SubBlock { .. } => {
                r.skip_block().unwrap();
            }
            _ => {}
        }
    }
    w
}

fn walk_module(r: &mut BitstreamReader<'_>, w: &mut Walk) {
    loop {
        let item = r.next_item().unwrap().expect("module block ends");
        match item {
            Item::EndBlock => return,
            Item::DefineAbbrev => {}
            Item::Record { record, .. } => match record.code {
                7 => w.values.push(MdValue::GlobalVariable),
                8 => w.values.push(MdValue::Function),
                9 | 14 | 15 => w.values.push(MdValue::Other),
                _ => {}
            },
            Item::SubBlock { block_id } => match block_id {
                0 => {
                    // BLOCKINFO: entering it registers its abbreviations.
                    r.enter_block().unwrap();
                    while !matches!(r.next_item().unwrap(), Some(Item::EndBlock) | None) {}
                }
                17 => {
                    r.enter_block().unwrap();
                    let b = read_block(r);
                    let mut id = 0u64;
                    for (code, ops, _) in b.records {
                        match code {
                            1 | 19 => {}
                            7 => {
                                w.int_widths.insert(id, ops[0] as u32);
                                id += 1;
                            }
                            _ => id += 1,
                        }
                    }
                }
                11 => {
                    r.enter_block().unwrap();
                    let b = read_block(r);
                    let mut ty = 0;
                    for (code, ops, _) in b.records {
                        match code {
                            1 => ty = ops[0],
                            4 => match w.int_widths.get(&ty) {
                                Some(&bits) if bits <= 64 => w.values.push(MdValue::ConstantInt {
                                    value: super::decode_sign_rotated(ops[0]) as i64,
                                    bits,
                                }),
                                _ => w.values.push(MdValue::Other),
                            },
                            // An integer zero is written as NULL.
                            2 => match w.int_widths.get(&ty) {
                                Some(&bits) if bits <= 64 => {
                                    w.values.push(MdValue::ConstantInt { value: 0, bits })
                                }
                                _ => w.values.push(MdValue::Other),
                            },
                            _ => w.values.push(MdValue::Other),
                        }
                    }
                }
                15 => {
                    r.enter_block().unwrap();
                    w.module = Some(read_block(r));
                }
                12 => {
                    r.enter_block().unwrap();
                    let mut found = Block { records: Vec::new() };
                    loop {
                        match r.next_item().unwrap().expect("function block ends") {
                            Item::EndBlock => break,
                            Item::SubBlock { block_id: 15 } => {
                                r.enter_block().unwrap();
                                found = read_block(r);
                            }
                            Item::SubBlock { .. } => {
                                r.skip_block().unwrap();
                            }
                            _ => {}
                        }
                    }
                    w.functions.push(found);
                }
                _ => {
                    r.skip_block().unwrap();
                }
            },
        }
    }
}

/// The strings of a `METADATA_STRINGS` record.
fn strings(ops: &[u64], blob: &[u8]) -> Vec<Vec<u8>> {
    let (count, offset) = (ops[0] as usize, ops[1] as usize);
    let mut lengths = BitReader::new(&blob[..offset]);
    let mut chars = &blob[offset..];
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let n = lengths.read_vbr(6).unwrap() as usize;
        out.push(chars[..n].to_vec());
        chars = &chars[n..];
    }
    out
}

// ------------------------------------------------------------ decoding

/// The test's resolver: bitcode metadata ids to arena slots made up front.
struct Resolver<'w> {
    md: Metadata,
    ids: Vec<MdId>,
    values: HashMap<MdId, MdValue>,
    walk_values: &'w [MdValue],
    upgrades: Vec<Upgrade>,
}

impl MdResolver for Resolver<'_> {
    fn md_or_null(&mut self, id_plus_one: u64) -> Result<Option<MdId>, String> {
        if id_plus_one == 0 {
            return Ok(None);
        }
        self.md(id_plus_one - 1).map(Some)
    }
    fn md(&mut self, id: u64) -> Result<MdId, String> {
        self.ids.get(id as usize).copied().ok_or_else(|| format!("metadata id {id} out of range"))
    }
    fn metadata(&mut self) -> &mut Metadata {
        &mut self.md
    }
    fn md_value(&mut self, id: MdId) -> MdValue {
        self.values.get(&id).copied().unwrap_or(MdValue::Other)
    }
    fn upgrade(&mut self, upgrade: Upgrade) {
        self.upgrades.push(upgrade);
    }
}

/// The decoded file: the arena, what each slot is, the DI nodes.
struct Decoded {
    md: Metadata,
    /// Slots that are not DI nodes or strings: "V" (value), "T" (tuple),
    /// "A" (DIArgList).
    other: HashMap<MdId, &'static str>,
    nodes: Vec<(MdId, DiNode, bool)>,
    /// Record codes seen, with how many.
    codes: BTreeMap<u32, usize>,
    errors: Vec<String>,
}

fn decode(bytes: &[u8]) -> Decoded {
    let w = walk(bytes);
    let mut r = Resolver {
        md: Metadata::new(),
        ids: Vec::new(),
        values: HashMap::new(),
        walk_values: &w.values,
        upgrades: Vec::new(),
    };
    let mut out = Decoded {
        md: Metadata::new(),
        other: HashMap::new(),
        nodes: Vec::new(),
        codes: BTreeMap::new(),
        errors: Vec::new(),
    };
    let module_block = w.module.as_ref();
    let module_count = module_block.map_or(0, |b| decode_block(b, &mut r, &mut out));
    for f in &w.functions {
        r.ids.truncate(module_count);
        decode_block(f, &mut r, &mut out);
    }
    out.md = r.md;
    out
}

/// Decodes one block, returning the number of metadata ids after it.
fn decode_block(b: &Block, r: &mut Resolver<'_>, out: &mut Decoded) -> usize {
    // Slots first (forward references), then the nodes.
    let mut slots = Vec::new();
    for (code, ops, blob) in &b.records {
        let code = C(*code);
        match code {
            C::STRINGS => {
                for s in strings(ops, blob.as_deref().unwrap_or(&[])) {
                    let id = r.md.push_ununiqued(MdNode::String(s.into()));
                    r.ids.push(id);
                }
            }
            C::NAME
            | C::NAMED_NODE
            | C::KIND
            | C::INDEX_OFFSET
            | C::INDEX
            | C::GLOBAL_DECL_ATTACHMENT
            | C::ATTACHMENT => {}
            _ => {
                let id = r.md.push_ununiqued(MdNode::Tuple(Box::new([])));
                r.ids.push(id);
                slots.push(id);
            }
        }
    }
    let mut slot = slots.into_iter();
    for (code, ops, _) in &b.records {
        let code = C(*code);
        match code {
            C::STRINGS
            | C::NAME
            | C::NAMED_NODE
            | C::KIND
            | C::INDEX_OFFSET
            | C::INDEX
            | C::GLOBAL_DECL_ATTACHMENT
            | C::ATTACHMENT => continue,
            _ => {}
        }
        let id = slot.next().unwrap();
        *out.codes.entry(code.0).or_default() += 1;
        match code {
            C::VALUE => {
                let v = r.walk_values.get(ops[1] as usize).copied().unwrap_or(MdValue::Other);
                r.values.insert(id, v);
                out.other.insert(id, "V");
                continue;
            }
            C::NODE | C::DISTINCT_NODE => {
                out.other.insert(id, "T");
                continue;
            }
            C::ARG_LIST => {
                out.other.insert(id, "A");
                continue;
            }
            _ => {}
        }
        match decode_di(code, ops, r) {
            Ok(Some((node, distinct))) => {
                r.md.replace(id, MdNode::Di(node.clone()));
                out.nodes.push((id, node, distinct));
            }
            Ok(None) => out.errors.push(format!("code {} not decoded", code.0)),
            Err(e) => out.errors.push(format!("code {} {ops:?}: {e}", code.0)),
        }
    }
    r.ids.len()
}

// ------------------------------------------------------------ comparing

/// What an operand is, without its identity.
fn shape(md: &Metadata, other: &HashMap<MdId, &'static str>, id: MdId) -> String {
    if let Some(s) = other.get(&id) {
        return (*s).to_owned();
    }
    match md.get(id) {
        Some(MdNode::String(s)) => format!("{:?}", String::from_utf8_lossy(s)),
        Some(MdNode::Di(n)) if n.kind == DiKind::EXPRESSION => format!("{:?}", n.fields),
        Some(MdNode::Di(n)) => di::kind_name(n.kind).to_owned(),
        Some(MdNode::Location(_)) => di::kind_name(DiKind::LOCATION).to_owned(),
        Some(MdNode::Value(..)) => "V".to_owned(),
        Some(MdNode::Tuple(_)) => "T".to_owned(),
        Some(MdNode::ArgList(_)) => "A".to_owned(),
        _ => "?".to_owned(),
    }
}

fn canon(
    md: &Metadata,
    other: &HashMap<MdId, &'static str>,
    node: &DiNode,
    distinct: bool,
) -> String {
    let mut s = format!("{}{}(", if distinct { "distinct " } else { "" }, di::kind_name(node.kind));
    let def = di::schema(node.kind).unwrap();
    for (i, f) in node.fields.iter().enumerate() {
        let name = def.fields.get(i).map_or("?", |d| d.field.keyword());
        let v = match f {
            DiField::Absent => continue,
            DiField::Int(v) => format!("Int({v})"),
            DiField::UInt(v) => format!("UInt({v})"),
            DiField::Md(None) => "null".to_owned(),
            DiField::Md(Some(id)) => shape(md, other, *id),
            DiField::Ops(o) => format!("{o:?}"),
            DiField::Big { negative, magnitude } => format!("Big({negative}, {magnitude:?})"),
            DiField::List(l) => {
                let items: Vec<String> = l
                    .iter()
                    .map(|m| m.map_or("null".to_owned(), |id| shape(md, other, id)))
                    .collect();
                format!("{{{}}}", items.join(", "))
            }
        };
        s.push_str(&format!("{name}: {v}, "));
    }
    s.push(')');
    s
}

/// Distinct nodes as a multiset, uniqued ones as a set.
type Canon = (BTreeMap<String, usize>, BTreeSet<String>);

fn canon_decoded(d: &Decoded) -> Canon {
    let mut c: Canon = Default::default();
    for (_, n, distinct) in &d.nodes {
        let s = canon(&d.md, &d.other, n, *distinct);
        if *distinct {
            *c.0.entry(s).or_default() += 1;
        } else {
            c.1.insert(s);
        }
    }
    // Nodes the upgrades made.
    c
}

fn canon_parsed(text: &[u8]) -> Canon {
    let opts = llvmext_ir::parse::ParseOptions::default().upgrade_debug_info(false);
    // The parser does not read summaries (`^0 = module: ...`).
    let text: Vec<u8> = text
        .split_inclusive(|&b| b == b'\n')
        .filter(|l| !l.starts_with(b"^"))
        .flatten()
        .copied()
        .collect();
    let m = llvmext_ir::parse::parse_with(&text, "dis.ll", &opts).unwrap().module;
    let none = HashMap::new();
    let mut c: Canon = Default::default();
    for i in 0..m.md.len() {
        let id = MdId(i as u32);
        let node = match m.md.get(id) {
            Some(MdNode::Di(n)) => Some(n.clone()),
            Some(MdNode::Location(l)) => Some(l.to_node()),
            _ => None,
        };
        if let Some(n) = &node {
            let distinct = m.md.is_distinct(id);
            let s = canon(&m.md, &none, n, distinct);
            if distinct {
                *c.0.entry(s).or_default() += 1;
            } else {
                c.1.insert(s);
            }
        }
    }
    c
}

/// The differences between the two, as lines (empty when equal).
fn diff(ours: &Canon, theirs: &Canon) -> Vec<String> {
    let mut out = Vec::new();
    for (s, n) in &ours.0 {
        let m = theirs.0.get(s).copied().unwrap_or(0);
        if m != *n {
            out.push(format!("ours {n} theirs {m}: {s}"));
        }
    }
    for (s, m) in &theirs.0 {
        if !ours.0.contains_key(s) {
            out.push(format!("ours 0 theirs {m}: {s}"));
        }
    }
    // Locations of instructions are not metadata records in bitcode
    // (FUNC_CODE_DEBUG_LOC), but are nodes in the text.
    let theirs_only = |s: &&String| !s.starts_with("DILocation(");
    for s in ours.1.difference(&theirs.1) {
        out.push(format!("only ours: {s}"));
    }
    for s in theirs.1.difference(&ours.1).filter(theirs_only) {
        out.push(format!("only theirs: {s}"));
    }
    out
}

/// Decodes `bc`, compares with `llvm-dis-19`'s text; panics with the
/// differences. Returns the decoded file.
fn check_against_llvm19(name: &str, bc: &[u8]) -> Decoded {
    let d = decode(bc);
    assert!(d.errors.is_empty(), "{name}: decode errors:\n{}", d.errors.join("\n"));
    let text = disassemble(name, bc).unwrap();
    let diffs = diff(&canon_decoded(&d), &canon_parsed(&text));
    assert!(
        diffs.is_empty(),
        "{name}: {} differences with llvm-dis-19:\n{}",
        diffs.len(),
        diffs.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
    d
}

// ------------------------------------------------------------ snippets

/// Every kind of node LLVM 19 has, with odd values. (`GenericDINode`s have
/// no `operands:`: `llvmext_ir::parse` does not read `operands: {...}` yet;
/// [`generic_node_operands`] checks them.)
const ALL_KINDS_19: &str = r#"
source_filename = "all.c"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0, !dbg !60
@h = global i64 0, !dbg !62

define void @f(i32 %a) !dbg !20 {
entry:
  %x = alloca i32, align 4
  call void @llvm.dbg.declare(metadata ptr %x, metadata !30, metadata !DIExpression(DW_OP_plus_uconst, 8, DW_OP_deref)), !dbg !40
  call void @llvm.dbg.value(metadata i32 %a, metadata !31, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 16)), !dbg !41
  call void @llvm.dbg.value(metadata !DIArgList(i32 %a, i32 %a), metadata !31, metadata !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value)), !dbg !41
  call void @llvm.dbg.label(metadata !32), !dbg !41
  store i32 0, ptr %x, align 4, !DIAssignID !33
  ret void, !dbg !42
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)

!llvm.dbg.cu = !{!0, !90}
!llvm.module.flags = !{!5, !6}
!named = !{!100, !101, !102, !103, !104, !105, !106, !107, !108, !109, !110, !111, !112, !113, !114, !115, !116, !117, !118, !119, !120, !121, !122, !123, !124, !125, !126, !127, !128, !129, !130, !131, !132, !133, !134, !135}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang \22x\22", isOptimized: true, flags: "-O2", runtimeVersion: 2, splitDebugFilename: "a.dwo", emissionKind: FullDebug, enums: !2, retainedTypes: !3, globals: !4, imports: !70, macros: !80, dwoId: 12345, splitDebugInlining: false, debugInfoForProfiling: true, nameTableKind: GNU, rangesBaseAddress: true, sysroot: "/sys", sdk: "MacOSX.sdk")
!1 = !DIFile(filename: "all.c", directory: "/tmp", checksumkind: CSK_MD5, checksum: "0123456789abcdef0123456789abcdef", source: "int x;")
!2 = !{!50}
!3 = !{!12}
!4 = !{!60, !62}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 7, !"Dwarf Version", i32 5}
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DIBasicType(name: "u8", size: 8, align: 8, encoding: DW_ATE_unsigned_char, flags: DIFlagBigEndian)
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64, dwarfAddressSpace: 1)
!13 = !DIDerivedType(tag: DW_TAG_LLVM_ptrauth_type, baseType: !12, ptrAuthKey: 2, ptrAuthIsAddressDiscriminated: true, ptrAuthExtraDiscriminator: 1234, ptrAuthIsaPointer: true, ptrAuthAuthenticatesNullValues: false)
!14 = !DIDerivedType(tag: DW_TAG_member, name: "m", scope: !15, file: !1, line: 3, baseType: !10, size: 32, align: 32, offset: 64, flags: DIFlagPublic | DIFlagBitField, extraData: i64 0, annotations: !16)
!15 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", scope: !1, file: !1, line: 2, size: 128, align: 64, flags: DIFlagTypePassByValue | DIFlagNonTrivial, elements: !17, vtableHolder: !15, templateParams: !18, identifier: "_ZTS1S", annotations: !16)
!16 = !{!19}
!17 = !{!14}
!18 = !{!34, !35}
!19 = !{!"key", !"value"}
!20 = distinct !DISubprogram(name: "f", linkageName: "_Z1fi", scope: !1, file: !1, line: 7, type: !21, scopeLine: 8, containingType: !15, virtualIndex: 3, thisAdjustment: -8, flags: DIFlagPrototyped | DIFlagArtificial, spFlags: DISPFlagDefinition | DISPFlagPureVirtual | DISPFlagOptimized | DISPFlagMainSubprogram, unit: !0, templateParams: !18, declaration: !22, retainedNodes: !23, thrownTypes: !24, annotations: !16, targetFuncName: "tf")
!21 = !DISubroutineType(flags: DIFlagLValueReference, cc: DW_CC_LLVM_Swift, types: !25)
!22 = !DISubprogram(name: "f", scope: !15, file: !1, line: 7, type: !21, spFlags: 0)
!23 = !{!30, !32}
!24 = !{!10}
!25 = !{null, !10}
!30 = !DILocalVariable(name: "x", arg: 1, scope: !20, file: !1, line: 9, type: !10, flags: DIFlagArtificial | DIFlagObjectPointer, align: 64, annotations: !16)
!31 = !DILocalVariable(name: "y", scope: !36, file: !1, line: 10, type: !10)
!32 = !DILabel(scope: !20, name: "lbl", file: !1, line: 11)
!33 = distinct !DIAssignID()
!34 = !DITemplateTypeParameter(name: "T", type: !10, defaulted: true)
!35 = !DITemplateValueParameter(name: "N", type: !10, defaulted: true, value: i32 7)
!36 = distinct !DILexicalBlock(scope: !20, file: !1, line: 12, column: 65535)
!37 = !DILexicalBlockFile(scope: !36, file: !1, discriminator: 4)
!40 = !DILocation(line: 9, column: 3, scope: !20)
!41 = !DILocation(line: 4294967295, column: 1, scope: !37, inlinedAt: !43, isImplicitCode: true)
!42 = distinct !DILocation(line: 0, scope: !36)
!43 = !DILocation(line: 1, scope: !20)
!50 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", file: !1, line: 20, baseType: !10, size: 32, elements: !51, runtimeLang: DW_LANG_Swift)
!51 = !{!52, !53, !54, !55, !56, !57, !58, !59}
!52 = !DIEnumerator(name: "A", value: 0)
!53 = !DIEnumerator(name: "B", value: -1)
!54 = !DIEnumerator(name: "C", value: 18446744073709551615, isUnsigned: true)
!55 = !DIEnumerator(name: "D", value: -9223372036854775808)
!56 = !DIEnumerator(name: "E", value: 170141183460469231731687303715884105727)
!57 = !DIEnumerator(name: "F", value: -170141183460469231731687303715884105728)
!58 = !DIEnumerator(name: "G", value: 9223372036854775807)
!59 = !DIEnumerator(name: "", value: 3)
!60 = !DIGlobalVariableExpression(var: !61, expr: !DIExpression(DW_OP_constu, 4, DW_OP_stack_value))
!61 = distinct !DIGlobalVariable(name: "g", linkageName: "_g", scope: !0, file: !1, line: 30, type: !10, isLocal: true, isDefinition: false, declaration: !14, templateParams: !18, align: 32, annotations: !16)
!62 = !DIGlobalVariableExpression(var: !63, expr: !DIExpression())
!63 = distinct !DIGlobalVariable(name: "h", scope: !0, file: !1, line: 31, type: !10, isLocal: false, isDefinition: true)
!70 = !{!71, !72}
!71 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !73, file: !1, line: 40, elements: !74)
!72 = !DIImportedEntity(tag: DW_TAG_imported_declaration, name: "alias", scope: !73, entity: !10)
!73 = !DINamespace(name: "ns", scope: null, exportSymbols: true)
!74 = !{!75}
!75 = !DIImportedEntity(tag: DW_TAG_imported_declaration, scope: !0, entity: !20)
!80 = !{!81}
!81 = !DIMacroFile(line: 0, file: !1, nodes: !82)
!82 = !{!83, !84, !85}
!83 = !DIMacro(type: DW_MACINFO_define, line: 1, name: "X", value: "1")
!84 = !DIMacro(type: DW_MACINFO_undef, line: 2, name: "X")
!85 = !DIMacroFile(file: !1, nodes: !86)
!86 = !{}
!90 = distinct !DICompileUnit(language: DW_LANG_Fortran95, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: LineTablesOnly, splitDebugInlining: true, nameTableKind: None)
!100 = !DISubrange(count: 10)
!101 = !DISubrange(count: 10, lowerBound: 0)
!102 = !DISubrange(count: -1, lowerBound: -5)
!103 = !DISubrange(count: !31, lowerBound: 1)
!104 = !DISubrange(count: !DIExpression(DW_OP_constu, 3), lowerBound: !DIExpression(DW_OP_constu, 1), stride: 4)
!105 = !DISubrange(lowerBound: 1, upperBound: 9, stride: -2)
!106 = !DIGenericSubrange(count: !DIExpression(DW_OP_push_object_address, DW_OP_deref), lowerBound: 3, stride: !31)
!107 = !DIGenericSubrange(lowerBound: !DIExpression(DW_OP_constu, 5), upperBound: -4, stride: 8)
!108 = !DICommonBlock(scope: !20, declaration: !63, name: "blk", file: !1, line: 50)
!109 = !DICommonBlock(scope: !20, declaration: null)
!110 = !DIStringType(name: "character(*)", stringLength: !31, stringLengthExpression: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 8), stringLocationExpression: !DIExpression(DW_OP_push_object_address, DW_OP_deref), size: 32, align: 8, encoding: DW_ATE_ASCII)
!111 = !DIStringType(tag: DW_TAG_string_type, name: "c")
!112 = !DIObjCProperty(name: "p", file: !1, line: 60, setter: "setP:", getter: "p", attributes: 7, type: !10)
!113 = !DIModule(scope: null, name: "M", configMacros: "-DX", includePath: "/inc", apinotes: "M.apinotes", file: !1, line: 70, isDecl: true)
!114 = !DIModule(scope: !113, name: "Sub")
!115 = !GenericDINode(tag: DW_TAG_entry_point, header: "some header")
!116 = !GenericDINode(tag: 65535)
!117 = distinct !GenericDINode(tag: DW_TAG_variable)
!118 = !DIBasicType(tag: DW_TAG_unspecified_type, name: "decltype(nullptr)")
!119 = !DIBasicType(name: "big", size: 18446744073709551615, align: 4294967295, encoding: 255)
!120 = !DIDerivedType(tag: DW_TAG_reference_type, name: "td", file: !1, line: 4294967295, baseType: null, dwarfAddressSpace: 0)
!121 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !15, baseType: !15, offset: 18446744073709551615, flags: DIFlagVirtual | DIFlagIndirectVirtualBase)
!122 = distinct !DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 320, elements: !123, dataLocation: !31, associated: !DIExpression(DW_OP_push_object_address, DW_OP_deref), allocated: !31, rank: 2)
!123 = !{!100}
!124 = distinct !DICompositeType(tag: DW_TAG_array_type, baseType: !10, elements: !123, rank: !DIExpression(DW_OP_push_object_address, DW_OP_deref))
!125 = !DICompositeType(tag: DW_TAG_variant_part, name: "vp", scope: !15, file: !1, size: 64, discriminator: !14, flags: DIFlagFwdDecl)
!126 = !DISubroutineType(types: null)
!127 = !DINamespace(scope: !0)
!128 = distinct !DIGlobalVariable(name: "n", scope: !0, isLocal: false, isDefinition: false)
!129 = !DILocalVariable(scope: !20, arg: 65535, flags: DIFlagThunk)
!130 = !DIFile(filename: "", directory: "")
!131 = !DIFile(filename: "sha", directory: "d", checksumkind: CSK_SHA256, checksum: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
!132 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0)
!133 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "Ts", value: !{!34})
!134 = !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_tag_offset, 3, DW_OP_LLVM_extract_bits_zext, 1, 2, DW_OP_stack_value)
!135 = !DIExpression(DW_OP_LLVM_entry_value, 1, DW_OP_reg0)
"#;

#[test]
fn every_kind_from_llvm_as_19() {
    let bc = assemble("llvm-as-19", "all19", ALL_KINDS_19);
    let d = check_against_llvm19("all19", &bc);
    // Every kind was decoded at least once.
    let kinds: BTreeSet<&str> = d.nodes.iter().map(|(_, n, _)| di::kind_name(n.kind)).collect();
    let all: BTreeSet<&str> = di::KINDS.iter().map(|k| k.name).collect();
    let missing: Vec<_> = all.difference(&kinds).collect();
    assert!(missing.is_empty(), "kinds never decoded: {missing:?}");
}

/// The same kinds as LLVM 14 writes them (no ptrauth, no DIAssignID, no
/// targetFuncName, typed pointers): its `DIDerivedType` records have the
/// annotations at 13 and no room for ptrauth, which LLVM 19 drops.
const ALL_KINDS_14: &str = r#"
source_filename = "all14.c"

@g = global i32 0, !dbg !60

define void @f(i32 %a) !dbg !20 {
entry:
  %x = alloca i32, align 4
  call void @llvm.dbg.declare(metadata i32* %x, metadata !30, metadata !DIExpression(DW_OP_plus_uconst, 8, DW_OP_deref)), !dbg !40
  call void @llvm.dbg.label(metadata !32), !dbg !40
  ret void, !dbg !40
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5}
!named = !{!100, !101, !102, !103, !104, !106, !108, !110, !112, !113, !115, !121, !122, !14, !34, !35, !50}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang 14", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, globals: !4, imports: !70, macros: !80, sysroot: "/", sdk: "s")
!1 = !DIFile(filename: "all14.c", directory: "/tmp", checksumkind: CSK_SHA1, checksum: "0123456789012345678901234567890123456789")
!2 = !{!50}
!4 = !{!60}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64, dwarfAddressSpace: 3, annotations: !16)
!14 = !DIDerivedType(tag: DW_TAG_member, name: "m", scope: !15, file: !1, line: 3, baseType: !12, size: 32, offset: 64, flags: DIFlagPublic, annotations: !16)
!15 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !1, line: 2, size: 128, elements: !17, identifier: "_ZTS1S", annotations: !16)
!16 = !{!19}
!17 = !{!14}
!18 = !{!34, !35}
!19 = !{!"key", !"value"}
!20 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 7, type: !21, scopeLine: 8, virtualIndex: 2, thisAdjustment: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagVirtual | DISPFlagLocalToUnit, unit: !0, templateParams: !18, retainedNodes: !23, annotations: !16)
!21 = !DISubroutineType(types: !25)
!23 = !{!30}
!25 = !{null, !10}
!30 = !DILocalVariable(name: "x", arg: 1, scope: !20, file: !1, line: 9, type: !10, annotations: !16)
!32 = !DILabel(scope: !20, name: "lbl", file: !1, line: 11)
!34 = !DITemplateTypeParameter(name: "T", type: !10, defaulted: true)
!35 = !DITemplateValueParameter(name: "N", type: !10, value: i32 7)
!40 = !DILocation(line: 9, column: 3, scope: !20)
!50 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "E", file: !1, line: 20, baseType: !10, size: 32, elements: !51)
!51 = !{!52, !53, !54, !56}
!52 = !DIEnumerator(name: "A", value: 0)
!53 = !DIEnumerator(name: "B", value: -1)
!54 = !DIEnumerator(name: "C", value: 18446744073709551615, isUnsigned: true)
!56 = !DIEnumerator(name: "E", value: 170141183460469231731687303715884105727)
!60 = !DIGlobalVariableExpression(var: !61, expr: !DIExpression())
!61 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 30, type: !10, isLocal: true, isDefinition: true, annotations: !16)
!70 = !{!71}
!71 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !0, entity: !73, file: !1, line: 40)
!73 = !DINamespace(name: "ns", scope: null)
!80 = !{!81}
!81 = !DIMacroFile(line: 0, file: !1, nodes: !82)
!82 = !{!83}
!83 = !DIMacro(type: DW_MACINFO_define, line: 1, name: "X", value: "1")
!100 = !DISubrange(count: 10)
!101 = !DISubrange(count: 10, lowerBound: 0)
!102 = !DISubrange(count: -1, lowerBound: -5)
!103 = !DISubrange(count: !30, lowerBound: 1)
!104 = !DISubrange(lowerBound: 1, upperBound: 9, stride: -2)
!106 = !DIGenericSubrange(count: !DIExpression(DW_OP_push_object_address, DW_OP_deref), lowerBound: 3, stride: !30)
!108 = !DICommonBlock(scope: !20, declaration: null, name: "blk", file: !1, line: 50)
!110 = !DIStringType(name: "character(*)", stringLength: !30, stringLengthExpression: !DIExpression(DW_OP_push_object_address, DW_OP_plus_uconst, 8), size: 32)
!112 = !DIObjCProperty(name: "p", file: !1, line: 60, setter: "setP:", getter: "p", attributes: 7, type: !10)
!113 = !DIModule(scope: null, name: "M", configMacros: "-DX", includePath: "/inc", apinotes: "M.apinotes", file: !1, line: 70, isDecl: true)
!115 = !GenericDINode(tag: DW_TAG_entry_point, header: "some header")
!121 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !15, baseType: !15, flags: DIFlagVirtual)
!122 = distinct !DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 320, elements: !123, dataLocation: !30, rank: 2)
!123 = !{!100}
"#;

#[test]
fn every_kind_from_llvm_as_14() {
    if Command::new("llvm-as-14").arg("--version").output().is_err() {
        eprintln!("llvm-as-14 not installed (Debian package llvm-14): skipped");
        return;
    }
    let bc = assemble("llvm-as-14", "all14", ALL_KINDS_14);
    check_against_llvm19("all14", &bc);
}

// ------------------------------------------------------------ records

/// A resolver for hand-made records: id N is node N of a fresh arena.
struct Plain {
    md: Metadata,
    upgrades: Vec<Upgrade>,
    values: HashMap<MdId, MdValue>,
}

impl Plain {
    fn new() -> Plain {
        let mut md = Metadata::new();
        // 0: "name", 1: "", 2..10: nodes.
        md.push_ununiqued(MdNode::String((*b"name").into()));
        md.push_ununiqued(MdNode::String(Box::new([])));
        for _ in 2..10 {
            md.push_ununiqued(MdNode::Tuple(Box::new([])));
        }
        Plain { md, upgrades: Vec::new(), values: HashMap::new() }
    }
}

impl MdResolver for Plain {
    fn md_or_null(&mut self, id_plus_one: u64) -> Result<Option<MdId>, String> {
        Ok(id_plus_one.checked_sub(1).map(|i| MdId(i as u32)))
    }
    fn md(&mut self, id: u64) -> Result<MdId, String> {
        Ok(MdId(id as u32))
    }
    fn metadata(&mut self) -> &mut Metadata {
        &mut self.md
    }
    fn md_value(&mut self, id: MdId) -> MdValue {
        self.values.get(&id).copied().unwrap_or(MdValue::Other)
    }
    fn upgrade(&mut self, upgrade: Upgrade) {
        self.upgrades.push(upgrade);
    }
}

fn one(code: C, ops: &[u64]) -> (DiNode, bool, Plain) {
    let mut r = Plain::new();
    let (n, d) = decode_di(code, ops, &mut r).unwrap().unwrap();
    (n, d, r)
}

fn field(n: &DiNode, f: di::Field) -> DiField {
    n.field(f).clone()
}

#[test]
fn expression_versions_are_upgraded() {
    use DiField::Ops;
    let ops = |n: &DiNode| n.fields[0].clone();
    // Version 0: DW_OP_bit_piece at the end becomes DW_OP_LLVM_fragment,
    // a leading DW_OP_deref moves to the end, before the fragment.
    let (n, _, r) = one(C::EXPRESSION, &[0, 0x06, 0x22, 8, 0x9d, 0, 32]);
    assert_eq!(ops(&n), Ops(Box::new(Box::new([0x23, 8, 0x06, 0x1000, 0, 32]))));
    assert_eq!(r.upgrades, [Upgrade::DeclareExpressions]);
    // Version 2: DW_OP_minus N becomes DW_OP_constu N, DW_OP_minus.
    let (n, d, r) = one(C::EXPRESSION, &[5, 0x1c, 4, 0x22, 2]);
    assert_eq!(ops(&n), Ops(Box::new(Box::new([0x10, 4, 0x1c, 0x23, 2]))));
    assert!(d);
    assert!(r.upgrades.is_empty());
    // Version 3 is kept as is, even DW_OP_plus.
    let (n, _, _) = one(C::EXPRESSION, &[6, 0x22]);
    assert_eq!(ops(&n), Ops(Box::new(Box::new([0x22]))));
    assert!(decode_di(C::EXPRESSION, &[8], &mut Plain::new()).is_err());
}

#[test]
fn old_subprogram_flags_become_sp_flags() {
    use di::Field as F;
    // Version 3 layout (no spFlags): [distinct|unit, scope, name, linkage,
    // file, line, type, isLocal, isDefinition, scopeLine, containingType,
    // virtuality, virtualIndex, flags, isOptimized, unit, templateParams,
    // declaration, retainedNodes, thisAdjustment, thrownTypes].
    let ops = [2, 3, 2, 0, 4, 7, 5, 1, 1, 8, 0, 2, 9, (1 << 21) | 256, 1, 6, 0, 0, 0, 16, 0];
    let (n, d, _) = one(C::SUBPROGRAM, &ops);
    assert!(d, "definitions are distinct");
    assert_eq!(field(&n, F::SpFlags), DiField::UInt(2 | 4 | 8 | 16 | 256));
    assert_eq!(field(&n, F::Flags), DiField::UInt(256));
    assert_eq!(field(&n, F::VirtualIndex), DiField::UInt(9));
    assert_eq!(field(&n, F::ScopeLine), DiField::UInt(8));
    assert_eq!(field(&n, F::ThisAdjustment), DiField::Int(16));
    assert_eq!(field(&n, F::Unit), DiField::Md(Some(MdId(5))));
    // The empty string of the linkage name is no name.
    assert_eq!(field(&n, F::Name), DiField::Absent);
    // Version 1 named the function at 15 (no unit flag).
    let mut r = Plain::new();
    r.values.insert(MdId(6), MdValue::Function);
    let ops = [0, 3, 1, 0, 4, 7, 5, 0, 1, 8, 0, 0, 0, 0, 0, 7, 0, 0, 0];
    let (n, d) = decode_di(C::SUBPROGRAM, &ops, &mut r).unwrap().unwrap();
    assert!(d);
    assert_eq!(field(&n, F::Unit), DiField::Absent);
    assert_eq!(r.upgrades, [Upgrade::SubprogramFunction(MdId(6))]);
}

#[test]
fn old_layouts() {
    use di::Field as F;
    // DILocalVariable with the old artificial tag at 1.
    let (n, _, _) = one(C::LOCAL_VAR, &[0, 0x101, 3, 1, 4, 12, 5, 2, 64]);
    assert_eq!(field(&n, F::Scope), DiField::Md(Some(MdId(2))));
    assert_eq!(field(&n, F::Line), DiField::UInt(12));
    assert_eq!(field(&n, F::Arg), DiField::UInt(2));
    assert_eq!(field(&n, F::Flags), DiField::UInt(64));
    // DISubrange version 0 (count as is, lowerBound sign-rotated) and 1.
    let (n, _, _) = one(C::SUBRANGE, &[0, 5, 3]);
    assert_eq!(field(&n, F::Count), DiField::Int(5));
    assert_eq!(field(&n, F::LowerBound), DiField::Int(-2));
    let (n, _, _) = one(C::SUBRANGE, &[3, 4, 0]);
    assert_eq!(field(&n, F::Count), DiField::Md(Some(MdId(3))));
    assert_eq!(field(&n, F::LowerBound), DiField::Int(0));
    // DIDerivedType of LLVM 14-18 (annotations alone at 13): dropped.
    let (n, _, _) = one(C::DERIVED_TYPE, &[0, 0xf, 0, 0, 0, 0, 3, 64, 0, 0, 0, 0, 2, 5]);
    assert_eq!(field(&n, F::Annotations), DiField::Absent);
    assert_eq!(field(&n, F::DwarfAddressSpace), DiField::UInt(1));
    // Version-1 DIGlobalVariable: the declaration at 10.
    let (n, _, _) = one(C::GLOBAL_VAR, &[2, 3, 1, 0, 4, 1, 3, 0, 1, 9, 6, 0]);
    assert_eq!(field(&n, F::Declaration), DiField::Md(Some(MdId(5))));
    assert_eq!(field(&n, F::IsDefinition), DiField::Absent);
    // Version-0 DIGlobalVariable with a constant: a distinct
    // DIGlobalVariableExpression with DW_OP_constu (zero-extended).
    let mut r = Plain::new();
    r.values.insert(MdId(7), MdValue::ConstantInt { value: -1, bits: 8 });
    let ops = [0, 3, 1, 0, 4, 1, 3, 0, 1, 8, 0, 0];
    let (n, d) = decode_di(C::GLOBAL_VAR, &ops, &mut r).unwrap().unwrap();
    assert!(d);
    assert_eq!(n.kind, DiKind::GLOBAL_VARIABLE_EXPRESSION);
    let DiField::Md(Some(e)) = field(&n, F::Expr) else { panic!() };
    assert_eq!(r.md.get(e), Some(&MdNode::Di(di::expression(&[0x10, 0xff, 0x9f]))));
    assert_eq!(r.upgrades, [Upgrade::GlobalVariableExpressions]);
    // ... with a global: the variable, and the global to attach.
    let mut r = Plain::new();
    r.values.insert(MdId(7), MdValue::GlobalVariable);
    let (n, _) = decode_di(C::GLOBAL_VAR, &ops, &mut r).unwrap().unwrap();
    assert_eq!(n.kind, DiKind::GLOBAL_VARIABLE);
    assert!(r.upgrades.contains(&Upgrade::AttachGlobalVariable(MdId(7))));
    // Old DICompileUnit with its subprograms.
    let mut ops = vec![1, 12, 3, 0, 0, 0, 0, 0, 1, 0, 0, 8, 0, 0];
    let mut r = Plain::new();
    let (n, d) = decode_di(C::COMPILE_UNIT, &ops, &mut r).unwrap().unwrap();
    assert!(d);
    assert_eq!(r.upgrades, [Upgrade::CuSubprograms(MdId(7))]);
    assert_eq!(field(&n, F::SplitDebugInlining), DiField::Absent);
    ops.extend([0, 0, 0]);
    let (n, _, _) = one(C::COMPILE_UNIT, &ops);
    assert_eq!(field(&n, F::SplitDebugInlining), DiField::UInt(0));
}

#[test]
fn newer_records() {
    use di::Field as F;
    // LLVM 21 DILocation with Key Instructions fields: the atom group and
    // rank are dropped (read/newer.rs).
    let (n, _, _) = one(C::LOCATION, &[0, 3, 4, 2, 0, 0, 0, 0]);
    assert_eq!(field(&n, F::Line), DiField::UInt(3));
    assert_eq!(one(C::LOCATION, &[0, 3, 4, 2, 0, 0, 5, 1]).0, n);
    // LLVM 21 DISubprogram with keyInstructions (operand 20): dropped.
    let sp = |key: Option<u64>| {
        let mut ops = vec![7, 3, 1, 0, 4, 7, 5, 8, 0, 8, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0];
        ops.extend(key);
        one(C::SUBPROGRAM, &ops).0
    };
    assert_eq!(sp(Some(1)), sp(None));
    assert_eq!(sp(Some(0)), sp(None));
    // LLVM 20 DIBasicType with numExtraInhabitants.
    let (n, _, _) = one(C::BASIC_TYPE, &[0, 0x24, 1, 32, 0, 5, 0, 0, 0]);
    assert_eq!(field(&n, F::Size), DiField::UInt(32));
    let e = decode_di(C::BASIC_TYPE, &[0, 0x24, 1, 32, 0, 5, 0, 3], &mut Plain::new());
    assert!(e.unwrap_err().contains("numExtraInhabitants"));
    // LLVM 21 size as metadata: a constant is read.
    let mut r = Plain::new();
    r.values.insert(MdId(4), MdValue::ConstantInt { value: 64, bits: 64 });
    let (n, _) = decode_di(C::DERIVED_TYPE, &[2, 0xf, 0, 0, 0, 0, 3, 5, 0, 0, 0, 0], &mut r)
        .unwrap()
        .unwrap();
    assert_eq!(field(&n, F::Size), DiField::UInt(64));
    assert!(decode_di(C::SUBRANGE_TYPE, &[0; 13], &mut Plain::new()).is_err());
    // A DILabel with a column: the column is dropped (read/newer.rs);
    // isArtificial and a coroutine suspend index are errors.
    let (n, _, _) = one(C::LABEL, &[1, 3, 1, 4, 5, 0, u64::MAX]);
    assert_eq!(field(&n, F::Line), DiField::UInt(5));
    assert_eq!(one(C::LABEL, &[1, 3, 1, 4, 5, 6, u64::MAX]).0, n);
    let e = decode_di(C::LABEL, &[3, 3, 1, 4, 5, 6, u64::MAX], &mut Plain::new());
    assert!(e.unwrap_err().contains("isArtificial"));
    let e = decode_di(C::LABEL, &[1, 3, 1, 4, 5, 6, 2], &mut Plain::new());
    assert!(e.unwrap_err().contains("coroSuspendIdx"));
}

#[test]
fn generic_node_operands() {
    use di::Field as F;
    let (n, d, _) = one(C::GENERIC_DEBUG, &[1, 0x34, 0, 1, 3, 0, 2]);
    assert!(d);
    assert_eq!(field(&n, F::Tag), DiField::UInt(0x34));
    assert_eq!(field(&n, F::Header), DiField::Md(Some(MdId(0))));
    assert_eq!(
        field(&n, F::Operands),
        DiField::List(Box::new(Box::new([Some(MdId(2)), None, Some(MdId(1))])))
    );
    let (n, _, _) = one(C::GENERIC_DEBUG, &[0, 0, 0, 2]);
    assert_eq!(
        n,
        DiNode { kind: DiKind::GENERIC_DI_NODE, fields: vec![DiField::Absent; 3].into() }
    );
    assert!(decode_di(C::GENERIC_DEBUG, &[0, 1 << 16, 0, 0], &mut Plain::new()).is_err());
    assert!(decode_di(C::GENERIC_DEBUG, &[0, 1, 1, 0], &mut Plain::new()).is_err());
}

#[test]
fn hostile_records_are_errors_not_panics() {
    let codes = [
        C::LOCATION,
        C::GENERIC_DEBUG,
        C::SUBRANGE,
        C::GENERIC_SUBRANGE,
        C::ENUMERATOR,
        C::BASIC_TYPE,
        C::STRING_TYPE,
        C::DERIVED_TYPE,
        C::COMPOSITE_TYPE,
        C::SUBROUTINE_TYPE,
        C::MODULE,
        C::FILE,
        C::COMPILE_UNIT,
        C::SUBPROGRAM,
        C::LEXICAL_BLOCK,
        C::LEXICAL_BLOCK_FILE,
        C::COMMON_BLOCK,
        C::NAMESPACE,
        C::MACRO,
        C::MACRO_FILE,
        C::TEMPLATE_TYPE,
        C::TEMPLATE_VALUE,
        C::GLOBAL_VAR,
        C::LOCAL_VAR,
        C::LABEL,
        C::EXPRESSION,
        C::GLOBAL_VAR_EXPR,
        C::OBJC_PROPERTY,
        C::IMPORTED_ENTITY,
        C::ASSIGN_ID,
    ];
    for code in codes {
        for len in 0..30 {
            for fill in [0, 1, 7, u64::MAX] {
                let ops = vec![fill; len];
                let _ = decode_di(code, &ops, &mut Plain::new());
            }
        }
    }
    // A huge enumerator width does not allocate.
    let _ = decode_di(C::ENUMERATOR, &[4, u64::MAX, 1, 3], &mut Plain::new());
}

#[test]
fn wide_enumerators() {
    use super::wide_enumerator;
    // -1 as a 32-bit value (stored zero-extended).
    assert_eq!(wide_enumerator(32, &[0xffff_ffff << 1], false), DiField::Int(-1));
    assert_eq!(wide_enumerator(32, &[0xffff_ffff << 1], true), DiField::UInt(0xffff_ffff));
    // 2^64 - 1 as a 128-bit value: words [-1 (rotated: 3), 0].
    assert_eq!(wide_enumerator(128, &[3, 0], false), DiField::UInt(u64::MAX));
    // -2^64 as a 128-bit value: words [0, -1].
    assert_eq!(
        wide_enumerator(128, &[0, 3], false),
        DiField::Big { negative: true, magnitude: Box::new(Box::new([0, 1])) }
    );
    assert_eq!(wide_enumerator(64, &[], false), DiField::UInt(0));
    assert_eq!(wide_enumerator(64, &[1], false), DiField::Int(i64::MIN));
}

// ------------------------------------------------------------ corpus

// The corpus is built outside the crate (by the root package's tests, which
// `cargo test --workspace` runs first): its test is compiled in the workspace
// only (the `workspace-tests` feature), and fails there when it is missing.
#[cfg(feature = "workspace-tests")]
fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/llvmext-corpus");
    let rd = std::fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "no corpus at {} ({e}): the root package's tests build it \
             (`cargo test --workspace` runs them before this crate's)",
            dir.display()
        )
    });
    let mut v: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.ends_with(".bc") && n.contains(".g-") && !n.starts_with("embed_")
        })
        .collect();
    v.sort();
    v
}

/// Every `-g` file of the corpus: clang-19's are decoded without error and
/// equal to LLVM 19's reading; the others (rustc with LLVM 22) are decoded
/// and their errors listed (only "cannot be represented" ones allowed).
#[cfg(feature = "workspace-tests")]
#[test]
fn corpus_debug_info() {
    let files = corpus();
    assert!(!files.is_empty(), "no `-g` bitcode in target/llvmext-corpus");
    let mut failures = Vec::new();
    let mut total = 0;
    for p in &files {
        let name = p.file_name().unwrap().to_str().unwrap().to_owned();
        let bc = std::fs::read(p).unwrap();
        let d = decode(&bc);
        total += d.nodes.len();
        let producer = crate::container::parse(&bc).unwrap().modules[0].producer.clone();
        let llvm19 = producer.as_deref().is_some_and(|p| p.starts_with("LLVM19"));
        if !llvm19 {
            let bad: Vec<_> =
                d.errors.iter().filter(|e| !e.contains("cannot be represented")).collect();
            eprintln!(
                "{name} ({producer:?}): {} nodes, {} errors{}",
                d.nodes.len(),
                d.errors.len(),
                d.errors.first().map(|e| format!(", first: {e}")).unwrap_or_default()
            );
            if !bad.is_empty() {
                failures.push(format!("{name}: {bad:?}"));
            }
            continue;
        }
        if !d.errors.is_empty() {
            failures.push(format!("{name}: {:?}", &d.errors[..d.errors.len().min(5)]));
            continue;
        }
        let text = disassemble(&name, &bc).unwrap();
        let diffs = diff(&canon_decoded(&d), &canon_parsed(&text));
        if !diffs.is_empty() {
            failures.push(format!(
                "{name}: {} differences, e.g.\n{}",
                diffs.len(),
                diffs[..diffs.len().min(10)].join("\n")
            ));
        }
    }
    eprintln!("{} files, {total} debug-info nodes", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
