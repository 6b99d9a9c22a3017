//! Specialized debug-info nodes against LLVM 19: every `!N = !DIxxx(...)`
//! line `llvm-dis-19` prints for clang-19 `-g` output of the testdata
//! sources (C and C++, -O0 and -O2, macros, assignment tracking) and for a
//! hand-written file of the kinds clang does not emit is split into fields,
//! built with `di::build` and printed with `di::write_node`; the result
//! must be the same line. Also LLParser's errors for bad fields.

mod common;

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use llvmext_ir::di::{self, DiRaw};
use llvmext_ir::metadata::{MdId, MdNode, Metadata};

/// A parsed field value, owned (the test-only tokenizer's output).
#[derive(Debug, Clone)]
enum Tok {
    Int(String),
    Str(Vec<u8>),
    Ident(String),
    Or(Vec<Tok>),
    Md(Option<MdId>),
    List(Vec<Tok>),
}

fn to_raw(t: &Tok) -> DiRaw<'_> {
    match t {
        Tok::Int(s) => DiRaw::Int(s),
        Tok::Str(b) => DiRaw::Str(b),
        Tok::Ident(s) => DiRaw::Ident(s),
        Tok::Or(v) => DiRaw::Or(v.iter().map(to_raw).collect()),
        Tok::Md(m) => DiRaw::Md(*m),
        Tok::List(v) => DiRaw::List(v.iter().map(to_raw).collect()),
    }
}

/// The test's view of a module's metadata: `!N` refs are `MdId(N)` (the
/// arena is filled with placeholders first), nodes made while reading
/// (inline expressions, strings, values) come after them.
struct Ctx {
    md: Metadata,
    placeholders: u32,
    values: HashMap<MdId, String>,
}

struct Lexer<'a> {
    s: &'a [u8],
    pos: usize,
}

impl<'a> Lexer<'a> {
    fn ws(&mut self) {
        while self.s.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.pos) == Some(&c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn word(&mut self) -> String {
        self.ws();
        let st = self.pos;
        while let Some(&c) = self.s.get(self.pos) {
            if c.is_ascii_alphanumeric()
                || c == b'_'
                || c == b'-'
                || c == b'.'
                || c == b'@'
                || c == b'%'
            {
                self.pos += 1;
            } else {
                break;
            }
        }
        String::from_utf8(self.s[st..self.pos].to_vec()).unwrap()
    }
    fn string(&mut self) -> Vec<u8> {
        assert!(self.eat(b'"'));
        let mut out = Vec::new();
        loop {
            let c = self.s[self.pos];
            self.pos += 1;
            match c {
                b'"' => return out,
                b'\\' if self.s[self.pos] == b'\\' => {
                    out.push(b'\\');
                    self.pos += 1;
                }
                b'\\' => {
                    let h = std::str::from_utf8(&self.s[self.pos..self.pos + 2]).unwrap();
                    out.push(u8::from_str_radix(h, 16).unwrap());
                    self.pos += 2;
                }
                c => out.push(c),
            }
        }
    }
    /// A metadata operand: `!N`, `null`, `!"s"`, `!DIExpression(...)`, `ty value`.
    fn operand(&mut self, cx: &mut Ctx) -> Option<MdId> {
        self.ws();
        if self.s[self.pos..].starts_with(b"null") {
            self.pos += 4;
            return None;
        }
        if self.eat(b'!') {
            if self.s[self.pos] == b'"' {
                let b = self.string();
                return Some(cx.md.get_or_insert(MdNode::String(b.into())));
            }
            if self.s[self.pos].is_ascii_digit() {
                let n: u32 = self.word().parse().unwrap();
                assert!(n < cx.placeholders);
                return Some(MdId(n));
            }
            let kind = self.word();
            let k = di::kind_by_name(&kind).unwrap_or_else(|| panic!("kind {kind}"));
            let fields = self.fields(cx, &kind);
            let raws: Vec<(&str, DiRaw<'_>)> =
                fields.iter().map(|(n, t)| (n.as_str(), to_raw(t))).collect();
            let node = di::build(k, &raws, &mut cx.md).unwrap();
            return Some(cx.md.get_or_insert(MdNode::Di(node)));
        }
        // `ty value` as metadata: kept as text.
        let ty = self.word();
        let val = self.word();
        let id = cx.md.push_distinct(MdNode::Tuple(Box::new([])));
        cx.values.insert(id, format!("{ty} {val}"));
        Some(id)
    }
    fn value(&mut self, cx: &mut Ctx) -> Tok {
        self.ws();
        let c = self.s[self.pos];
        let first = if c == b'"' {
            Tok::Str(self.string())
        } else if c == b'!' || self.s[self.pos..].starts_with(b"null") {
            Tok::Md(self.operand(cx))
        } else if c == b'{' {
            self.pos += 1;
            let mut v = Vec::new();
            if !self.eat(b'}') {
                loop {
                    v.push(Tok::Md(self.operand(cx)));
                    if self.eat(b'}') {
                        break;
                    }
                    assert!(self.eat(b','));
                }
            }
            Tok::List(v)
        } else if c == b'-' || c.is_ascii_digit() {
            Tok::Int(self.word())
        } else if c.is_ascii_alphabetic()
            && !self.s[self.pos..].starts_with(b"i32 ")
            && !self.s[self.pos..].starts_with(b"i64 ")
            && !self.s[self.pos..].starts_with(b"ptr ")
        {
            Tok::Ident(self.word())
        } else {
            Tok::Md(self.operand(cx))
        };
        let save = self.pos;
        if self.eat(b'|') {
            let mut v = vec![first];
            loop {
                self.ws();
                let c = self.s[self.pos];
                v.push(if c.is_ascii_digit() {
                    Tok::Int(self.word())
                } else {
                    Tok::Ident(self.word())
                });
                if !self.eat(b'|') {
                    break;
                }
            }
            return Tok::Or(v);
        }
        self.pos = save;
        first
    }
    fn fields(&mut self, cx: &mut Ctx, kind: &str) -> Vec<(String, Tok)> {
        assert!(self.eat(b'('));
        let mut out = Vec::new();
        if self.eat(b')') {
            return out;
        }
        loop {
            if kind == "DIExpression" {
                out.push((String::new(), self.value(cx)));
            } else {
                let label = self.word();
                assert!(self.eat(b':'), "label {label}");
                out.push((label, self.value(cx)));
            }
            if self.eat(b')') {
                return out;
            }
            assert!(self.eat(b','), "at {}", String::from_utf8_lossy(&self.s[self.pos..]));
        }
    }
}

fn print_operand(cx: &Ctx, out: &mut dyn std::fmt::Write, m: Option<MdId>) -> std::fmt::Result {
    let Some(id) = m else { return out.write_str("null") };
    if id.0 < cx.placeholders {
        return write!(out, "!{}", id.0);
    }
    if let Some(v) = cx.values.get(&id) {
        return out.write_str(v);
    }
    match cx.md.get(id) {
        Some(MdNode::String(s)) => {
            out.write_str("!\"")?;
            di::write_escaped(out, s)?;
            out.write_str("\"")
        }
        Some(MdNode::Di(n)) => {
            di::write_node(out, n.as_ref(), &cx.md, &mut |o: &mut dyn std::fmt::Write, m| {
                print_operand(cx, o, m)
            })
        }
        Some(MdNode::Location(l)) => {
            let fields = l.fields();
            let n = di::DiRef { kind: di::DiKind::LOCATION, fields: &fields };
            di::write_node(out, n, &cx.md, &mut |o: &mut dyn std::fmt::Write, m| {
                print_operand(cx, o, m)
            })
        }
        _ => out.write_str("<?>"),
    }
}

/// Checks every specialized node line of `ll` (llvm-dis output); returns
/// how many lines were checked.
fn check_text(ll: &str, counts: &mut HashMap<String, usize>) -> usize {
    let max = ll
        .lines()
        .filter_map(|l| l.strip_prefix('!'))
        .filter_map(|l| l.split(' ').next()?.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    let mut cx = Ctx { md: Metadata::new(), placeholders: max + 1, values: HashMap::new() };
    for _ in 0..=max {
        cx.md.push_distinct(MdNode::Tuple(Box::new([])));
    }
    let mut n = 0;
    // Every inline `!DIExpression(...)` (in named tuples, debug records,
    // fields) on its own.
    for line in ll.lines() {
        let mut rest = line;
        while let Some(p) = rest.find("!DIExpression(") {
            let e = &rest[p..];
            let end = e.find(')').unwrap() + 1;
            let mut lx = Lexer { s: &e.as_bytes()[1..end], pos: "DIExpression".len() };
            let fields = lx.fields(&mut cx, "DIExpression");
            let raws: Vec<(&str, DiRaw<'_>)> =
                fields.iter().map(|(n, t)| (n.as_str(), to_raw(t))).collect();
            let k = di::kind_by_name("DIExpression").unwrap();
            let node = di::build(k, &raws, &mut cx.md).unwrap_or_else(|e| panic!("{line}: {e:?}"));
            let mut s = String::new();
            di::write_node(&mut s, node.as_ref(), &cx.md, &mut |_: &mut dyn std::fmt::Write, _| {
                Ok(())
            })
            .unwrap();
            assert_eq!(s, &e[..end]);
            *counts.entry("DIExpression".to_string()).or_default() += 1;
            n += 1;
            rest = &e[end..];
        }
    }
    for line in ll.lines() {
        let Some(eq) = line.find(" = ") else { continue };
        if !line.starts_with('!') || !line[1..eq].bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let rhs = &line[eq + 3..];
        let (distinct, body) = match rhs.strip_prefix("distinct ") {
            Some(b) => ("distinct ", b),
            None => ("", rhs),
        };
        let Some(body) = body.strip_prefix('!') else { continue };
        if !(body.starts_with("DI") || body.starts_with("GenericDINode")) {
            continue;
        }
        let kind_name: String = body.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        let kind = di::kind_by_name(&kind_name).unwrap_or_else(|| panic!("unknown kind in {line}"));
        if std::env::var_os("DI_TRACE").is_some() {
            eprintln!("{line}");
        }
        let mut lx = Lexer { s: body.as_bytes(), pos: kind_name.len() };
        let fields = lx.fields(&mut cx, &kind_name);
        let raws: Vec<(&str, DiRaw<'_>)> =
            fields.iter().map(|(n, t)| (n.as_str(), to_raw(t))).collect();
        let node = di::build(kind, &raws, &mut cx.md).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        if distinct.is_empty() {
            assert_eq!(di::distinct_required(kind, None), None, "{line}");
            assert_eq!(di::distinct_required(kind, Some(&node)), None, "{line}");
        }
        let mut s = format!("{}{distinct}", &line[..eq + 3]);
        di::write_node(&mut s, node.as_ref(), &cx.md, &mut |o: &mut dyn std::fmt::Write, m| {
            print_operand(&cx, o, m)
        })
        .unwrap();
        assert_eq!(s, line);
        *counts.entry(kind_name).or_default() += 1;
        n += 1;
    }
    n
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

fn clang(compiler: &str, src: &Path, args: &[&str]) -> Vec<u8> {
    let out = Command::new(compiler)
        .args(["-S", "-emit-llvm", "-o", "-", "-target", "x86_64-unknown-linux-gnu"])
        .args(args)
        .arg(src)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {compiler} ({e}): install Debian package clang-19"));
    assert!(out.status.success(), "{compiler} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

fn as_dis(ll: &[u8], disable_verify: bool) -> String {
    let bc = if disable_verify {
        common::filter("llvm-as-19", &["--disable-verify", "-", "-o", "-"], ll).stdout
    } else {
        common::run("llvm-as-19", ll)
    };
    String::from_utf8(common::filter("llvm-dis-19", &["-", "-o", "-"], &bc).stdout).unwrap()
}

#[test]
fn di_lines_round_trip_like_llvm_dis() {
    let mut counts = HashMap::new();
    let mut total = 0;
    let mut sources = Vec::new();
    for dir in ["testdata/c", "testdata/cxx"] {
        let mut v: Vec<_> =
            std::fs::read_dir(root().join(dir)).unwrap().map(|e| e.unwrap().path()).collect();
        v.sort();
        sources.extend(v);
    }
    for src in &sources {
        let cxx = src.extension().is_some_and(|e| e == "cpp");
        let compiler = if cxx { "clang++-19" } else { "clang-19" };
        for args in [
            &["-O0", "-g"][..],
            &["-O2", "-g"][..],
            &["-O0", "-g3", "-fdebug-macro"][..],
            &["-O2", "-g", "-Xclang", "-fexperimental-assignment-tracking=forced"][..],
        ] {
            let ll = clang(compiler, src, args);
            total += check_text(&as_dis(&ll, false), &mut counts);
        }
    }
    let hand = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/di_kinds.ll"))
        .unwrap();
    total += check_text(&as_dis(&hand, true), &mut counts);
    let mut kinds: Vec<_> = counts.iter().collect();
    kinds.sort();
    eprintln!("checked {total} specialized-node lines: {kinds:?}");
    for k in [
        "DICompileUnit",
        "DIFile",
        "DIBasicType",
        "DIDerivedType",
        "DICompositeType",
        "DISubroutineType",
        "DISubprogram",
        "DILocation",
        "DILocalVariable",
        "DIGlobalVariable",
        "DIGlobalVariableExpression",
        "DILexicalBlock",
        "DILexicalBlockFile",
        "DISubrange",
        "DIGenericSubrange",
        "DIEnumerator",
        "DITemplateTypeParameter",
        "DITemplateValueParameter",
        "DINamespace",
        "DIImportedEntity",
        "DILabel",
        "DIMacro",
        "DIMacroFile",
        "DIModule",
        "DICommonBlock",
        "DIStringType",
        "DIObjCProperty",
        "DIAssignID",
        "GenericDINode",
        "DIExpression",
    ] {
        assert!(counts.contains_key(k), "no {k} line was checked");
    }
    assert!(total > 1000, "only {total} lines");
}

/// LLVM's message for `node` (after `file:line:col: error: `).
fn llvm_error(node: &str) -> String {
    let src = format!("!named = !{{!0}}\n!0 = distinct {node}\n");
    let out = Command::new("llvm-as-19")
        .args(["-", "-o", "/dev/null"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(src.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let first = err.lines().next().unwrap_or("").to_string();
    first.split(" error: ").nth(1).unwrap_or(&first).to_string()
}

#[test]
fn bad_fields_give_llparsers_errors() {
    let cases = [
        "!DILocation(line: 1, scope: !0, foo: 1)",
        "!DILocation(line: 1, line: 2, scope: !0)",
        "!DILocation(line: 1)",
        "!DILocation(line: -1, scope: !0)",
        "!DILocation(line: 4294967296, scope: !0)",
        "!DILocation(column: 65536, scope: !0)",
        "!DILocation(scope: null)",
        "!DILocation(scope: 5)",
        "!DILocation(scope: !0, isImplicitCode: 1)",
        "!DIBasicType(encoding: DW_ATE_foo)",
        "!DIBasicType(encoding: DW_TAG_member)",
        "!DIBasicType(encoding: 256)",
        "!DIBasicType(tag: DW_TAG_nope)",
        "!DIBasicType(tag: 65536)",
        "!DIBasicType(flags: DIFlagNope)",
        "!DIBasicType(flags: DIFlagZero)",
        "!DIBasicType(flags: DIFlagPublic | 4294967296)",
        "!DIBasicType(flags: DISPFlagPure)",
        "!DIBasicType(name: 3)",
        "!DIBasicType(size: !0)",
        "!DIBasicType(size: 18446744073709551616)",
        "!DISubprogram(spFlags: DISPFlagNope)",
        "!DISubprogram(spFlags: DIFlagPublic)",
        "!DISubprogram(thisAdjustment: 2147483648)",
        "!DISubprogram(thisAdjustment: -2147483649)",
        "!DISubprogram(thisAdjustment: DW_TAG_member)",
        "!DISubprogram(virtuality: DW_VIRTUALITY_nope)",
        "!DISubprogram(virtuality: 3)",
        "!DISubprogram(isLocal: DW_TAG_member)",
        "!DIEnumerator(name: \"a\", value: -1, isUnsigned: true)",
        "!DIEnumerator(name: \"a\")",
        "!DIEnumerator(value: 1)",
        "!DIEnumerator(name: \"a\", value: \"b\")",
        "!DIFile(filename: \"a\", directory: \"b\", checksum: \"00\")",
        "!DIFile(filename: \"a\", directory: \"b\", checksumkind: CSK_MD5)",
        "!DIFile(filename: \"a\", directory: \"b\", checksumkind: CSK_FOO, checksum: \"0\")",
        "!DIFile(filename: \"a\")",
        "!DICompileUnit(language: DW_LANG_C99, file: !0, emissionKind: 4)",
        "!DICompileUnit(language: DW_LANG_C99, file: !0, nameTableKind: 4)",
        "!DICompileUnit(language: DW_LANG_C99, file: !0, emissionKind: DW_TAG_member)",
        "!DICompileUnit(language: DW_LANG_Nope, file: !0)",
        "!DICompileUnit(file: !0)",
        "!DICompileUnit(language: DW_LANG_C99)",
        "!DICompileUnit(language: DW_LANG_C99, file: null)",
        "!DISubrange(count: -2)",
        "!DISubrange(count: null)",
        "!DISubrange(lowerBound: -9223372036854775809)",
        "!DISubroutineType(cc: DW_CC_nope, types: null)",
        "!DISubroutineType(cc: 256, types: null)",
        "!DISubroutineType(flags: 0)",
        "!DIMacro(type: DW_MACINFO_nope, name: \"x\")",
        "!DIMacro(type: DW_MACINFO_define)",
        "!DIMacroFile(type: DW_MACINFO_define, line: 1)",
        "!DIExpression(DW_OP_nope)",
        "!DIExpression(-1)",
        "!DIExpression(18446744073709551616)",
        "!DIExpression(DW_ATE_nope)",
        "!DIExpression(DW_TAG_member)",
        "!DIGlobalVariable(name: \"\")",
        "!DIDerivedType(tag: DW_TAG_member, baseType: null, ptrAuthKey: 8)",
        "!DIDerivedType(tag: DW_TAG_member, baseType: null, dwarfAddressSpace: 4294967296)",
        "!DIDerivedType(tag: DW_TAG_member)",
        "!DIDerivedType(baseType: null)",
        "!DICompositeType(name: \"x\")",
        "!DICompositeType(tag: DW_TAG_array_type, runtimeLang: DW_LANG_Nope)",
        "!DICompositeType(tag: DW_TAG_array_type, rank: DW_TAG_member)",
        "!DILabel(scope: !0, name: \"l\", file: !0)",
        "!DILabel(scope: !0, name: \"l\", file: !0, line: 1, column: 2)",
        "!DILexicalBlockFile(scope: !0)",
        "!DILexicalBlock(scope: !0, column: 65536)",
        "!DILocalVariable(scope: !0, arg: 65536)",
        "!DIImportedEntity(tag: DW_TAG_imported_module)",
        "!DIModule(scope: null)",
        "!DITemplateValueParameter(name: \"x\")",
        "!DIGlobalVariableExpression(var: !0)",
        "!GenericDINode(header: \"x\")",
        "!GenericDINode(tag: 1, operands: !0)",
        "!DINamespace(name: \"x\")",
        "!DICommonBlock(name: \"x\")",
    ];
    for case in cases {
        let want = llvm_error(case);
        assert!(!want.is_empty(), "llvm-as-19 accepted {case}");
        let kind_name: String =
            case[1..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        let kind = di::kind_by_name(&kind_name).unwrap();
        let mut cx = Ctx { md: Metadata::new(), placeholders: 1, values: HashMap::new() };
        cx.md.push_distinct(MdNode::Tuple(Box::new([])));
        let mut lx = Lexer { s: &case.as_bytes()[1..], pos: kind_name.len() };
        let fields = lx.fields(&mut cx, &kind_name);
        let raws: Vec<(&str, DiRaw<'_>)> =
            fields.iter().map(|(n, t)| (n.as_str(), to_raw(t))).collect();
        let got = di::build(kind, &raws, &mut cx.md);
        let msg = match got {
            Err(e) => e.message,
            Ok(n) => di::distinct_required(kind, Some(&n)).unwrap_or("<accepted>").to_string(),
        };
        if std::env::var_os("DI_TRACE").is_some() {
            eprintln!("{case} => {want}");
        }
        assert_eq!(msg, want, "{case}");
    }
    eprintln!("{} malformed nodes give llvm-as-19's messages", cases.len());
}
