//! Differential tests against `llvm-mc-19 -show-encoding`.
//!
//! Each test pipes a batch of AT&T lines into one `llvm-mc-19` process
//! (each line after a marker label), parses the encodings, fixups and
//! errors it prints, and compares them with [`match_att`] + [`encode`].
//! The operand parser below handles the plain numeric and symbolic
//! operands of the tests only; the real one is the MC layer's.

use super::*;
use std::fmt::Write as _;
use std::process::Command;

thread_local! {
    /// One matcher per test thread: each line of a shape seen before is
    /// matched through its plan, which debug builds check against the full
    /// search.
    static MATCHER: std::cell::RefCell<super::Matcher> = Default::default();
}

/// [`match_att`] through a [`super::Matcher`], as the parser matches.
fn cached_match<E: Copy>(
    mode: Mode,
    p: &Prefixes,
    mnemonic: &str,
    ops: &[Operand<E>],
) -> Result<super::Inst<E>, super::MatchError> {
    MATCHER.with(|m| m.borrow_mut().match_att(mode, p, mnemonic, ops))
}

const MC: &str = "llvm-mc-19";

/// An expression handle in the tests: index into a string table.
type Ex = u32;

#[derive(Default)]
struct Exprs {
    text: Vec<String>,
}

impl Exprs {
    fn add(&mut self, s: &str) -> Ex {
        self.text.push(s.to_string());
        (self.text.len() - 1) as Ex
    }
}

fn parse_int(s: &str) -> Option<i64> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    // Simple sums/differences of integers.
    let bytes = s.as_bytes();
    let mut total: i64 = 0;
    let mut i = 0;
    let mut sign = 1i64;
    let mut any = false;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => {
                i += 1;
                continue;
            }
            b'-' => {
                sign = -sign;
                i += 1;
                continue;
            }
            b' ' => {
                i += 1;
                continue;
            }
            _ => {}
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric()) {
            i += 1;
        }
        let tok = &s[start..i];
        let v = if let Some(h) = tok.strip_prefix("0x").or_else(|| tok.strip_prefix("0X")) {
            i64::from_str_radix(h, 16)
                .ok()
                .or_else(|| u64::from_str_radix(h, 16).ok().map(|v| v as i64))?
        } else {
            tok.parse::<i64>().ok().or_else(|| tok.parse::<u64>().ok().map(|v| v as i64))?
        };
        total = total.wrapping_add(sign.wrapping_mul(v));
        sign = 1;
        any = true;
    }
    any.then_some(total)
}

fn parse_value(s: &str, ex: &mut Exprs) -> Value<Ex> {
    let s = s.trim();
    if let Some(v) = parse_int(s) {
        return Value::Const(v);
    }
    let is_ident = |t: &str| {
        !t.is_empty()
            && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
    };
    let (sym, variant) = match s.split_once('@') {
        Some((_, b)) if !b.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
            (s, Variant::None)
        }
        Some((a, b)) => {
            let v = match b.to_ascii_uppercase().as_str() {
                "PLT" => Variant::Plt,
                "GOT" => Variant::Got,
                "GOTPCREL" => Variant::GotPcRel,
                "GOTPCREL_NORELAX" => Variant::GotPcRelNoRelax,
                "GOTOFF" => Variant::GotOff,
                "GOTTPOFF" => Variant::GotTpOff,
                "TPOFF" => Variant::TpOff,
                "NTPOFF" => Variant::NtpOff,
                "DTPOFF" => Variant::DtpOff,
                "TLSGD" => Variant::TlsGd,
                "TLSLD" => Variant::TlsLd,
                "TLSLDM" => Variant::TlsLdm,
                "TLSDESC" => Variant::TlsDesc,
                "TLSCALL" => Variant::TlsCall,
                "INDNTPOFF" => Variant::IndNtpOff,
                "GOTNTPOFF" => Variant::GotNtpOff,
                "GOTPC" => Variant::GotPc,
                _ => Variant::None,
            };
            (a, v)
        }
        None => (s, Variant::None),
    };
    let kind = if let Some(rest) = s.strip_prefix("_GLOBAL_OFFSET_TABLE_") {
        let rest = rest.trim();
        if rest.is_empty() {
            ExprKind::GlobalOffsetTable
        } else if is_ident(rest.trim_start_matches(['+', '-']).trim()) && parse_int(rest).is_none()
        {
            ExprKind::GlobalOffsetTableSymDiff
        } else {
            ExprKind::GlobalOffsetTable
        }
    } else if is_ident(sym) && parse_int(sym).is_none() {
        ExprKind::SymbolRef
    } else {
        ExprKind::Other
    };
    let variant = if kind == ExprKind::SymbolRef { variant } else { Variant::None };
    Value::Expr { expr: ex.add(s), variant, kind }
}

fn split_ops(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '(' => {
                depth += 1;
                cur.push(c)
            }
            ')' => {
                depth -= 1;
                cur.push(c)
            }
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
            }
            '{' if depth == 0 => {
                // A decoration starts a new pseudo-operand.
                if !cur.trim().is_empty() {
                    out.push(cur.trim().to_string());
                }
                cur.clear();
                cur.push(c);
            }
            '}' if depth == 0 => {
                cur.push(c);
                out.push(cur.trim().to_string());
                cur.clear();
            }
            _ => cur.push(c),
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out.retain(|s| !s.is_empty());
    out
}

fn parse_mem(s: &str, ex: &mut Exprs) -> Option<Mem<Ex>> {
    let mut s = s.trim();
    let mut seg = None;
    if let Some(rest) = s.strip_prefix('%') {
        if let Some((r, tail)) = rest.split_once(':') {
            seg = Some(parse_reg(r)?);
            s = tail.trim();
        }
    }
    let (disp, inner) = match s.rfind('(') {
        Some(p) if s.ends_with(')') && s[p + 1..].starts_with(['%', ',']) => {
            (&s[..p], Some(&s[p + 1..s.len() - 1]))
        }
        _ => (s, None),
    };
    let disp = if disp.trim().is_empty() { Value::Const(0) } else { parse_value(disp, ex) };
    let mut m = Mem { seg, disp, base: None, index: None, scale: 1, broadcast: None };
    if let Some(inner) = inner {
        let parts: Vec<&str> = inner.split(',').map(|p| p.trim()).collect();
        if let Some(b) = parts.first() {
            if !b.is_empty() {
                m.base = Some(parse_reg(b.strip_prefix('%')?)?);
            }
        }
        if let Some(i) = parts.get(1) {
            if !i.is_empty() {
                m.index = Some(parse_reg(i.strip_prefix('%')?)?);
            }
        }
        if let Some(sc) = parts.get(2) {
            m.scale = sc.parse().ok()?;
        }
    }
    Some(m)
}

fn parse_operand(s: &str, ex: &mut Exprs) -> Option<Operand<Ex>> {
    let s = s.trim();
    if let Some(d) = s.strip_prefix('{').and_then(|d| d.strip_suffix('}')) {
        let d = d.trim();
        return Some(match d {
            "z" => Operand::Zeroing,
            "rn-sae" => Operand::Rounding(Rounding::RnSae),
            "rd-sae" => Operand::Rounding(Rounding::RdSae),
            "ru-sae" => Operand::Rounding(Rounding::RuSae),
            "rz-sae" => Operand::Rounding(Rounding::RzSae),
            "sae" => Operand::Rounding(Rounding::Sae),
            _ if d.starts_with("1to") => return None,
            _ => Operand::Mask(parse_reg(d.strip_prefix('%')?)?),
        });
    }
    if let Some(v) = s.strip_prefix('$') {
        return Some(Operand::Imm(parse_value(v, ex)));
    }
    if let Some(rest) = s.strip_prefix('*') {
        let rest = rest.trim();
        if let Some(r) = rest.strip_prefix('%') {
            if !r.contains(':') {
                return Some(Operand::IndirectReg(parse_reg(r)?));
            }
        }
        return Some(Operand::IndirectMem(parse_mem(rest, ex)?));
    }
    if let Some(r) = s.strip_prefix('%') {
        if !r.contains(':') {
            return Some(Operand::Reg(parse_reg(r)?));
        }
    }
    Some(Operand::Mem(parse_mem(s, ex)?))
}

/// Parses one AT&T line into prefixes, mnemonic and operands.
fn parse_line(line: &str, ex: &mut Exprs) -> Option<(Prefixes, String, Vec<Operand<Ex>>)> {
    let mut p = Prefixes::default();
    let owned = line.trim().replace("rep;", "rep ").replace("lock;", "lock ");
    let mut rest = owned.as_str();
    loop {
        let (w, tail) = match rest.find([' ', '\t']) {
            Some(i) => (&rest[..i], rest[i..].trim_start()),
            None => (rest, ""),
        };
        let w = w.trim_end_matches(';');
        if !tail.is_empty() && p.add(w) {
            rest = tail;
            continue;
        }
        if tail.is_empty() && p.add(w) {
            return None;
        }
        let mn = w.to_ascii_lowercase();
        let mut ops = Vec::new();
        // Broadcasts `(%rax){1to8}` attach to the memory operand.
        let parts = split_ops(tail);
        for part in parts {
            if let Some(n) = part.strip_prefix("{1to").and_then(|n| n.strip_suffix('}')) {
                if let Some(Operand::Mem(m)) = ops.last_mut() {
                    m.broadcast = n.parse().ok();
                    continue;
                }
                return None;
            }
            ops.push(parse_operand(&part, ex)?);
        }
        return Some((p, mn, ops));
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
struct Expected {
    bytes: Vec<Option<u8>>,
    fixups: Vec<(u32, String, String)>,
    error: Option<String>,
}

fn llvm_mc(triple: &str, lines: &[String]) -> Vec<Expected> {
    let mut input = String::new();
    for (i, l) in lines.iter().enumerate() {
        let _ = writeln!(input, ".Lmark{i}:\n{l}");
    }
    let dir = crate::test_scratch_dir("llvmext-asm-x86");
    // Tests call this from parallel threads: one file per call.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = dir.join(format!("llvmext-x86-test-{}-{triple}-{call}.s", std::process::id()));
    std::fs::write(&path, &input).expect("write temp file");
    let out = Command::new(MC)
        .arg(format!("-triple={triple}"))
        .arg("-show-encoding")
        .arg(&path)
        .output()
        .unwrap_or_else(|e| {
            panic!("{MC} not runnable ({e}): install llvm-19 (Debian package llvm-19)")
        });
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut res = vec![Expected::default(); lines.len()];
    let mut cur: Option<usize> = None;
    let mut base = 0u32;
    for l in stdout.lines() {
        let t = l.trim();
        if let Some(n) = t.strip_prefix(".Lmark").and_then(|x| x.strip_suffix(':')) {
            cur = n.parse().ok();
            continue;
        }
        let Some(c) = cur else { continue };
        if let Some(p) = l.find("encoding: [") {
            base = res[c].bytes.len() as u32;
            let body = &l[p + 11..];
            let body = &body[..body.find(']').unwrap_or(body.len())];
            for b in body.split(',') {
                let b = b.trim();
                if let Some(h) = b.strip_prefix("0x") {
                    res[c].bytes.push(u8::from_str_radix(h, 16).ok());
                } else if !b.is_empty() {
                    res[c].bytes.push(None);
                }
            }
        } else if let Some(p) = l.find("fixup ") {
            // fixup A - offset: 3, value: foo, kind: FK_Data_1
            let f = &l[p..];
            let off = f
                .split("offset: ")
                .nth(1)
                .and_then(|x| x.split(',').next())
                .and_then(|x| x.trim().parse::<u32>().ok());
            let val = f
                .split("value: ")
                .nth(1)
                .and_then(|x| x.rsplit_once(", kind: "))
                .map(|x| x.0.to_string());
            let kind = f.split("kind: ").nth(1).map(|x| x.trim().to_string());
            if let (Some(o), Some(v), Some(k)) = (off, val, kind) {
                res[c].fixups.push((o + base, k, v));
            }
        }
    }
    for l in stderr.lines() {
        // <path>:LINE:COL: error: MSG
        if let Some(p) = l.find(": error: ") {
            let head = &l[..p];
            let mut it = head.rsplitn(3, ':');
            let _col = it.next();
            let line: Option<usize> = it.next().and_then(|x| x.parse().ok());
            if let Some(line) = line {
                // Line 2i+2 is test line i.
                if line >= 2 && line % 2 == 0 {
                    let i = line / 2 - 1;
                    if i < res.len() && res[i].error.is_none() {
                        res[i].error = Some(l[p + 9..].to_string());
                    }
                }
            }
        }
    }
    res
}

fn norm_expr(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '(' && *c != ')')
        .collect::<String>()
        .to_ascii_lowercase()
}

fn render_fixup(f: &Fixup<Ex>, ex: &Exprs) -> String {
    let base = match f.value {
        Value::Const(c) => c.to_string(),
        Value::Expr { expr, .. } => ex.text[expr as usize].clone(),
    };
    let s = if f.addend > 0 {
        format!("{base}+{}", f.addend)
    } else if f.addend < 0 {
        format!("{base}{}", f.addend)
    } else {
        base
    };
    norm_expr(&s)
}

/// Runs our side for one line: bytes (None = fixup byte) and fixups, or
/// the error message.
type Encoded = (Vec<u8>, Vec<(u32, String, String)>);

fn ours(mode: Mode, line: &str) -> Result<Encoded, String> {
    let mut ex = Exprs::default();
    let Some((p, mn, ops)) = parse_line(line, &mut ex) else {
        // A line of prefixes only (`rep`, `lock`): LLVM emits the bytes.
        let bytes: Option<Vec<u8>> =
            line.split_whitespace().map(|w| prefix_byte(mode, w.trim_end_matches(';'))).collect();
        return bytes
            .map(|b| (b, Vec::new()))
            .ok_or_else(|| "<test parser: cannot parse>".to_string());
    };
    let inst = cached_match(mode, &p, &mn, &ops).map_err(|e| e.message)?;
    let mut bytes = Vec::new();
    let mut fx = Vec::new();
    encode(&inst, &mut bytes, &mut fx).map_err(|e| format!("encode: {}", e.message))?;
    let fixups = fx
        .iter()
        .map(|f| (f.offset, f.kind.llvm_name().to_string(), render_fixup(f, &ex)))
        .collect();
    Ok((bytes, fixups))
}

struct Report {
    compared: usize,
    matched: usize,
    mismatches: Vec<String>,
}

fn differential(triple: &str, mode: Mode, lines: &[String]) -> Report {
    let expected = llvm_mc(triple, lines);
    let mut rep = Report { compared: 0, matched: 0, mismatches: Vec::new() };
    for (line, exp) in lines.iter().zip(&expected) {
        rep.compared += 1;
        let got = ours(mode, line);
        // Lines LLVM's lexer/parser rejects before matching are the MC
        // parser's business, not ours.
        if exp.error.as_deref().is_some_and(|e| e.starts_with("unexpected token")) {
            rep.compared -= 1;
            continue;
        }
        let ok = match (&exp.error, &got) {
            (Some(e), Err(g)) => e == g,
            (Some(_), Ok(_)) => false,
            (None, Err(_)) => false,
            (None, Ok((bytes, fixups))) => {
                bytes.len() == exp.bytes.len()
                    && bytes
                        .iter()
                        .zip(&exp.bytes)
                        .all(|(b, e)| e.is_none_or(|e| e == *b) && (e.is_some() || *b == 0))
                    && fixups.len() == exp.fixups.len()
                    && fixups
                        .iter()
                        .zip(&exp.fixups)
                        .all(|(a, b)| a.0 == b.0 && a.1 == b.1 && a.2 == norm_expr(&b.2))
            }
        };
        if ok {
            rep.matched += 1;
        } else {
            let e = match &exp.error {
                Some(e) => format!("error: {e}"),
                None => format!(
                    "{} {:?}",
                    exp.bytes
                        .iter()
                        .map(|b| b.map_or("A".to_string(), |b| format!("{b:02x}")))
                        .collect::<Vec<_>>()
                        .join(" "),
                    exp.fixups
                ),
            };
            let g = match &got {
                Err(g) => format!("error: {g}"),
                Ok((b, f)) => format!(
                    "{} {:?}",
                    b.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" "),
                    f
                ),
            };
            rep.mismatches.push(format!("[{triple}] {line}\n    llvm: {e}\n    ours: {g}"));
        }
    }
    rep
}

fn check(reports: &[Report]) {
    let compared: usize = reports.iter().map(|r| r.compared).sum();
    let matched: usize = reports.iter().map(|r| r.matched).sum();
    let mut msg = String::new();
    for r in reports {
        for m in &r.mismatches {
            msg.push_str(m);
            msg.push('\n');
        }
    }
    eprintln!("x86 differential: {matched}/{compared} lines match llvm-mc-19");
    assert!(msg.is_empty(), "{} mismatches of {compared}:\n{msg}", compared - matched);
}

fn lines(s: &str) -> Vec<String> {
    s.lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .map(String::from)
        .collect()
}

const X86_64_LINES: &str = include_str!("testdata/x86_64.s");
const I686_LINES: &str = include_str!("testdata/i686.s");

#[test]
fn differential_hand_written() {
    let a = differential("x86_64-linux-gnu", Mode::Bits64, &lines(X86_64_LINES));
    let b = differential("i686-linux-gnu", Mode::Bits32, &lines(I686_LINES));
    check(&[a, b]);
}

/// Instruction lines of an assembly file (no labels, directives, comments).
#[cfg(feature = "workspace-tests")]
fn asm_instructions(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    if text.contains(".intel_syntax") {
        return out;
    }
    for l in text.lines().filter(|l| !l.contains('"')).flat_map(|l| l.split(';')) {
        let t = l.split('#').next().unwrap_or("").trim();
        if t.is_empty() || t.starts_with('.') || t.ends_with(':') || t.contains(":\t") {
            continue;
        }
        if t.starts_with('"') {
            continue;
        }
        out.push(t.replace('\t', " "));
    }
    out
}

#[cfg(feature = "workspace-tests")]
fn clang_asm(src: &std::path::Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("clang-19")
        .args(args)
        .arg("-S")
        .arg("-o")
        .arg("-")
        .arg(src)
        .output()
        .map_err(|e| format!("clang-19 not runnable ({e}): install clang-19"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

// Only with the `workspace-tests` feature (on for every `cargo test` in the
// workspace, off in the published crate): reads the repository outside
// this crate.
#[cfg(feature = "workspace-tests")]
#[test]
fn differential_clang_output() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/c");
    let mut sources: Vec<_> = std::fs::read_dir(&root)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "c"))
                .collect()
        })
        .unwrap_or_default();
    sources.sort();
    sources.push(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/target/x86/testdata/simd.c"),
    );
    let configs: &[(&str, Mode, &[&str])] = &[
        ("x86_64-linux-gnu", Mode::Bits64, &["-O0"]),
        ("x86_64-linux-gnu", Mode::Bits64, &["-O2", "-fPIC"]),
        ("x86_64-linux-gnu", Mode::Bits64, &["-O3", "-march=haswell"]),
        ("x86_64-linux-gnu", Mode::Bits64, &["-O2", "-march=skylake-avx512"]),
        ("i686-linux-gnu", Mode::Bits32, &["-O2", "-m32", "-fPIC"]),
        ("i686-linux-gnu", Mode::Bits32, &["-O0", "-m32"]),
    ];
    // Debian ships only the x86_64 libc headers: add their directory and
    // an empty gnu/stubs-32.h so that -m32 compiles find them.
    let stubs = crate::test_scratch_dir("llvmext-asm-x86").join("stubs");
    std::fs::create_dir_all(stubs.join("gnu")).expect("temp dir");
    std::fs::write(stubs.join("gnu/stubs-32.h"), "").expect("temp file");
    let inc = format!("-I{}", stubs.display());
    let mut reports = Vec::new();
    for (triple, mode, args) in configs {
        let mut seen = std::collections::HashMap::new();
        let mut all = Vec::new();
        let mut compiled = 0;
        for src in &sources {
            let mut a = vec!["-target", triple, &inc, "-I/usr/include/x86_64-linux-gnu"];
            a.extend_from_slice(args);
            // A source may not build for a target (__int128 on i686).
            let Ok(text) = clang_asm(src, &a) else { continue };
            compiled += 1;
            for l in asm_instructions(&text) {
                if seen.insert(l.clone(), ()).is_none() {
                    all.push(l);
                }
            }
        }
        assert!(
            compiled > 0,
            "clang-19 compiled none of the sources for {triple} {args:?}: install clang-19"
        );
        reports.push(differential(triple, *mode, &all));
    }
    check(&reports);
}

#[test]
fn nops_match_llvm() {
    for (triple, mode) in [("x86_64", Mode::Bits64), ("i686", Mode::Bits32)] {
        for n in 1..=40u64 {
            let src = format!(".text\nret\n.p2align 6\n.fill {},1,0xcc\n.p2align 6\nret\n", 64 - n);
            let dir = crate::test_scratch_dir("llvmext-asm-x86");
            let s = dir.join(format!("llvmext-nop-{}-{triple}-{n}.s", std::process::id()));
            let o = dir.join(format!("llvmext-nop-{}-{triple}-{n}.o", std::process::id()));
            std::fs::write(&s, src).unwrap();
            let st = Command::new(MC)
                .args([&format!("-triple={triple}"), "-filetype=obj", "-o"])
                .arg(&o)
                .arg(&s)
                .status()
                .expect("install llvm-19");
            assert!(st.success());
            let b = dir.join(format!("llvmext-nop-{}-{triple}-{n}.bin", std::process::id()));
            let st = Command::new("llvm-objcopy-19")
                .args(["-O", "binary", "--only-section=.text"])
                .arg(&o)
                .arg(&b)
                .status()
                .expect("install llvm-19");
            assert!(st.success());
            let text = std::fs::read(&b).unwrap();
            let _ = std::fs::remove_file(&s);
            let _ = std::fs::remove_file(&o);
            let _ = std::fs::remove_file(&b);
            let start = 128 - n as usize;
            let got = &text[start..start + n as usize];
            let mut want = Vec::new();
            write_nops(mode, n, &mut want);
            assert_eq!(got, &want[..], "{triple} {n}");
        }
    }
}

#[test]
fn no_panics_on_odd_operands() {
    let r = |n: &str| parse_reg(n).unwrap();
    let odd: Vec<Vec<Operand<Ex>>> = vec![
        vec![],
        vec![Operand::Reg(r("rax")); 6],
        vec![Operand::Zeroing, Operand::Mask(r("k1"))],
        vec![Operand::Mem(Mem {
            seg: None,
            disp: Value::Const(0),
            base: Some(r("xmm1")),
            index: Some(r("rsp")),
            scale: 3,
            broadcast: Some(7),
        })],
        vec![Operand::Imm(Value::Const(i64::MIN)), Operand::Reg(r("ah")), Operand::Reg(r("r8"))],
        vec![Operand::Rounding(Rounding::Sae), Operand::IndirectReg(r("st(7)"))],
    ];
    for mode in [Mode::Bits16, Mode::Bits32, Mode::Bits64] {
        for m in [
            "add",
            "mov",
            "vaddps",
            "jmp",
            "call",
            "fld",
            "movs",
            "",
            "x",
            "addq",
            "push",
            "vpgatherdd",
            "enter",
        ] {
            for ops in &odd {
                if let Ok(i) = match_att(mode, &Prefixes::default(), m, ops) {
                    let _ = encode(&i, &mut Vec::new(), &mut Vec::new());
                    let _ = relaxation(&i);
                }
            }
        }
    }
}

/// Real-world C: SQLite and BLAKE3's SIMD C, compiled by clang-19, from
/// the sources the root package's corpus vendors (`testdata/c-corpus`,
/// under `target/llvmext-corpus/vendor-*`; `scripts/test.sh` runs those
/// tests first). Missing sources fail the test.
#[cfg(feature = "workspace-tests")]
#[test]
fn differential_registry_corpus() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .map(|t| if t.is_absolute() { t } else { root.join(t) })
        .unwrap_or_else(|| root.join("target"));
    let corpus = target.join("llvmext-corpus");
    let mut crates = Vec::new();
    if let Ok(d) = std::fs::read_dir(&corpus) {
        for v in d.flatten() {
            if v.file_name().to_string_lossy().starts_with("vendor-")
                && v.path().join(".complete").is_file()
            {
                if let Ok(c) = std::fs::read_dir(v.path()) {
                    crates.extend(c.flatten().map(|e| e.path()));
                }
            }
        }
    }
    let find = |prefix: &str| {
        crates
            .iter()
            .find(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(prefix)))
            .cloned()
            .unwrap_or_else(|| {
                panic!(
                    "{prefix}* missing from {}/vendor-*: run `cargo test -p llvmext` first (it vendors testdata/c-corpus)",
                    corpus.display()
                )
            })
    };
    let stubs = crate::test_scratch_dir("llvmext-asm-x86").join("stubs");
    std::fs::create_dir_all(stubs.join("gnu")).expect("temp dir");
    std::fs::write(stubs.join("gnu/stubs-32.h"), "").expect("temp file");
    let inc = format!("-I{}", stubs.display());
    let mut jobs: Vec<(&str, Mode, Vec<String>)> = Vec::new();
    let mut add = |triple: &'static str, mode: Mode, text: String| {
        if let Some(j) = jobs.iter_mut().find(|j| j.0 == triple) {
            j.2.extend(asm_instructions(&text));
        } else {
            jobs.push((triple, mode, asm_instructions(&text)));
        }
        let _ = mode;
    };
    {
        let f = find("libsqlite3-sys-").join("sqlite3/sqlite3.c");
        for (triple, mode, args) in [
            ("x86_64-linux-gnu", Mode::Bits64, vec!["-O2", "-fPIC"]),
            ("i686-linux-gnu", Mode::Bits32, vec!["-O1", "-fPIC"]),
        ] {
            let mut a = vec!["-target", triple, inc.as_str(), "-I/usr/include/x86_64-linux-gnu"];
            a.extend(args);
            let t =
                clang_asm(&f, &a).unwrap_or_else(|e| panic!("clang-19 -S {}: {e}", f.display()));
            add(triple, mode, t);
        }
    }
    {
        let b3 = find("blake3-");
        for (file, flags) in [
            ("blake3_avx512.c", &["-mavx512f", "-mavx512vl"][..]),
            ("blake3_avx2.c", &["-mavx2"][..]),
            ("blake3_sse41.c", &["-msse4.1"][..]),
            ("blake3_sse2.c", &[][..]),
            ("blake3.c", &[][..]),
        ] {
            let mut a =
                vec!["-target", "x86_64-linux-gnu", "-O3", "-I/usr/include/x86_64-linux-gnu"];
            a.extend_from_slice(flags);
            let src = b3.join("c").join(file);
            let t = clang_asm(&src, &a)
                .unwrap_or_else(|e| panic!("clang-19 -S {}: {e}", src.display()));
            add("x86_64-linux-gnu", Mode::Bits64, t);
        }
    }
    let mut reports = Vec::new();
    for (triple, mode, lines) in jobs {
        let mut seen = std::collections::HashMap::new();
        let uniq: Vec<String> =
            lines.into_iter().filter(|l| seen.insert(l.clone(), ()).is_none()).collect();
        reports.push(differential(triple, mode, &uniq));
    }
    check(&reports);
}

fn reloc_name(elf64: bool, t: u32) -> String {
    use llvmext_obj::elf::{Reloc386 as R3, RelocX86_64 as R6};
    let names64 = [
        (R6::R64.0, "R_X86_64_64"),
        (R6::PC32.0, "R_X86_64_PC32"),
        (R6::GOT32.0, "R_X86_64_GOT32"),
        (R6::PLT32.0, "R_X86_64_PLT32"),
        (R6::GOTPCREL.0, "R_X86_64_GOTPCREL"),
        (R6::R32.0, "R_X86_64_32"),
        (R6::R32S.0, "R_X86_64_32S"),
        (R6::R16.0, "R_X86_64_16"),
        (R6::PC16.0, "R_X86_64_PC16"),
        (R6::R8.0, "R_X86_64_8"),
        (R6::PC8.0, "R_X86_64_PC8"),
        (R6::DTPOFF64.0, "R_X86_64_DTPOFF64"),
        (R6::TPOFF64.0, "R_X86_64_TPOFF64"),
        (R6::TLSGD.0, "R_X86_64_TLSGD"),
        (R6::TLSLD.0, "R_X86_64_TLSLD"),
        (R6::DTPOFF32.0, "R_X86_64_DTPOFF32"),
        (R6::GOTTPOFF.0, "R_X86_64_GOTTPOFF"),
        (R6::TPOFF32.0, "R_X86_64_TPOFF32"),
        (R6::PC64.0, "R_X86_64_PC64"),
        (R6::GOTOFF64.0, "R_X86_64_GOTOFF64"),
        (R6::GOTPC32.0, "R_X86_64_GOTPC32"),
        (R6::GOT64.0, "R_X86_64_GOT64"),
        (R6::GOTPC64.0, "R_X86_64_GOTPC64"),
        (R6::SIZE32.0, "R_X86_64_SIZE32"),
        (R6::SIZE64.0, "R_X86_64_SIZE64"),
        (R6::GOTPC32_TLSDESC.0, "R_X86_64_GOTPC32_TLSDESC"),
        (R6::TLSDESC_CALL.0, "R_X86_64_TLSDESC_CALL"),
        (R6::GOTPCRELX.0, "R_X86_64_GOTPCRELX"),
        (R6::REX_GOTPCRELX.0, "R_X86_64_REX_GOTPCRELX"),
    ];
    let names32 = [
        (R3::R32.0, "R_386_32"),
        (R3::PC32.0, "R_386_PC32"),
        (R3::GOT32.0, "R_386_GOT32"),
        (R3::PLT32.0, "R_386_PLT32"),
        (R3::GOTOFF.0, "R_386_GOTOFF"),
        (R3::GOTPC.0, "R_386_GOTPC"),
        (R3::TLS_IE.0, "R_386_TLS_IE"),
        (R3::TLS_GOTIE.0, "R_386_TLS_GOTIE"),
        (R3::TLS_LE.0, "R_386_TLS_LE"),
        (R3::TLS_GD.0, "R_386_TLS_GD"),
        (R3::TLS_LDM.0, "R_386_TLS_LDM"),
        (R3::R16.0, "R_386_16"),
        (R3::PC16.0, "R_386_PC16"),
        (R3::R8.0, "R_386_8"),
        (R3::PC8.0, "R_386_PC8"),
        (R3::TLS_IE_32.0, "R_386_TLS_IE_32"),
        (R3::TLS_LE_32.0, "R_386_TLS_LE_32"),
        (R3::TLS_LDO_32.0, "R_386_TLS_LDO_32"),
        (R3::TLS_GOTDESC.0, "R_386_TLS_GOTDESC"),
        (R3::TLS_DESC_CALL.0, "R_386_TLS_DESC_CALL"),
        (R3::GOT32X.0, "R_386_GOT32X"),
    ];
    let table: &[(u32, &str)] = if elf64 { &names64 } else { &names32 };
    table.iter().find(|(n, _)| *n == t).map_or_else(|| format!("type {t}"), |(_, s)| s.to_string())
}

/// Objects: relaxation of instructions whose fixup stays unresolved (an
/// undefined symbol) and the relocation type of every fixup, against
/// `llvm-mc-19 -filetype=obj` and `llvm-readobj-19 -r`.
#[test]
fn relaxation_and_relocations_match_llvm() {
    let x64 = "movq foo@GOTPCREL(%rip), %rax
movl foo@GOTPCREL(%rip), %eax
call *foo@GOTPCREL(%rip)
addq foo@GOTPCREL(%rip), %rax
movq foo@GOTPCREL(%rip), %r12
leaq foo(%rip), %rax
movq foo+8(%rip), %rax
call foo
call foo@PLT
jmp foo
jne foo
jmp foo+4
movl $foo, %eax
movq $foo, %rax
movabsq $foo, %rax
addq $foo, %rax
addl $foo, %eax
addw $foo, %ax
cmpq $foo, (%rdi)
addl $foo, foo(%rip)
pushq $foo
imulq $foo, %rax, %rcx
movq foo, %rax
movq foo(%rax), %rax
movq foo@GOTTPOFF(%rip), %rax
leaq foo@TLSGD(%rip), %rdi
leaq foo@TLSLD(%rip), %rdi
leaq foo@TLSDESC(%rip), %rax
call *foo@TLSCALL(%rax)
movq %fs:foo@TPOFF, %rax
leaq foo@DTPOFF(%rax), %rax
movabsq $foo@GOTOFF, %rax
leaq _GLOBAL_OFFSET_TABLE_(%rip), %rax
movabsq $_GLOBAL_OFFSET_TABLE_, %rax
movb $foo, %al
movw $foo, %ax";
    let x86 = "call foo
call foo@PLT
jmp foo
jne foo
movl foo@GOT(%ebx), %eax
movl foo@GOT(%ebx), %ecx
addl foo@GOT(%ebx), %eax
movl foo@GOTOFF(%ebx), %eax
addl $_GLOBAL_OFFSET_TABLE_, %ebx
addl $_GLOBAL_OFFSET_TABLE_+16, %ebx
leal foo@TLSGD(,%ebx,1), %eax
leal foo@TLSLDM(%ebx), %eax
movl foo@GOTNTPOFF(%ebx), %eax
movl foo@INDNTPOFF, %eax
movl %gs:foo@NTPOFF, %eax
movl foo@DTPOFF(%eax), %eax
movl $foo, %eax
movl foo, %eax
movl foo(,%eax,4), %eax
pushl $foo
addl $foo, %eax";
    let mut failures = Vec::new();
    for (triple, mode, elf64, src) in [
        ("x86_64-linux-gnu", Mode::Bits64, true, x64),
        ("i686-linux-gnu", Mode::Bits32, false, x86),
    ] {
        // Ours: relax fully (the symbol is undefined), encode, lay out.
        let mut text = Vec::new();
        let mut relocs = Vec::new();
        let mut masks = Vec::new();
        let mut ex = Exprs::default();
        for line in src.lines() {
            let (p, mn, ops) = parse_line(line, &mut ex).expect("test line");
            let mut inst = cached_match(mode, &p, &mn, &ops).expect(line);
            while let Some(r) = relaxation(&inst) {
                inst = r;
            }
            let start = text.len();
            let mut fx = Vec::new();
            encode(&inst, &mut text, &mut fx).expect(line);
            for f in fx {
                let variant = match f.value {
                    Value::Expr { variant, .. } => variant,
                    Value::Const(_) => Variant::None,
                };
                let t = elf::elf_reloc_type(elf64, mode, f.kind, variant, f.kind.is_pc_rel())
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
                relocs.push((start as u64 + f.offset as u64, reloc_name(elf64, t), line));
                masks.push((start + f.offset as usize, f.kind.size() as usize));
            }
        }
        // LLVM's.
        let dir = crate::test_scratch_dir("llvmext-asm-x86");
        let s = dir.join(format!("llvmext-rel-{}-{triple}.s", std::process::id()));
        let o = dir.join(format!("llvmext-rel-{}-{triple}.o", std::process::id()));
        let b = dir.join(format!("llvmext-rel-{}-{triple}.bin", std::process::id()));
        std::fs::write(&s, src).unwrap();
        let st = Command::new(MC)
            .args([&format!("-triple={triple}"), "-filetype=obj", "-o"])
            .arg(&o)
            .arg(&s)
            .status()
            .expect("install llvm-19");
        assert!(st.success(), "llvm-mc-19 failed");
        let st = Command::new("llvm-objcopy-19")
            .args(["-O", "binary", "--only-section=.text"])
            .arg(&o)
            .arg(&b)
            .status()
            .expect("install llvm-19");
        assert!(st.success());
        let mut want = std::fs::read(&b).unwrap();
        let ro =
            Command::new("llvm-readobj-19").arg("-r").arg(&o).output().expect("install llvm-19");
        let _ = (std::fs::remove_file(&s), std::fs::remove_file(&o), std::fs::remove_file(&b));
        for (off, size) in &masks {
            for j in 0..*size {
                if let Some(x) = want.get_mut(off + j) {
                    *x = 0;
                }
            }
        }
        if want != text {
            failures
                .push(format!("{triple}: .text differs\n  llvm: {want:02x?}\n  ours: {text:02x?}"));
        }
        let ro = String::from_utf8_lossy(&ro.stdout);
        let theirs: Vec<(u64, String)> = ro
            .lines()
            .filter_map(|l| {
                let mut it = l.split_whitespace();
                let off = u64::from_str_radix(it.next()?.strip_prefix("0x")?, 16).ok()?;
                Some((off, it.next()?.to_string()))
            })
            .collect();
        if theirs.len() != relocs.len() {
            failures.push(format!("{triple}: {} relocations, ours {}", theirs.len(), relocs.len()));
        }
        for ((o1, t1), (o2, t2, line)) in theirs.iter().zip(&relocs) {
            if o1 != o2 || t1 != t2 {
                failures.push(format!("{triple}: {line}: llvm {o1:#x} {t1}, ours {o2:#x} {t2}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
