//! Malformed `.ll` inputs: located errors worded as llvm-as-19 words them,
//! never a panic, bounded recursion.

use std::process::Command;

use llvmext_ir::parse::parse;

/// llvm-as-19's diagnostic for `src` (without the `llvm-as-19: ` prefix).
fn llvm_as_error(src: &str) -> String {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("llvmext-parse-errors-{k}"));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.ll");
    std::fs::write(&path, src).unwrap();
    let out = Command::new("llvm-as-19")
        .arg("bad.ll")
        .args(["-o", "/dev/null"])
        .current_dir(&dir)
        .output()
        .expect("llvm-as-19 (install Debian package llvm-19)");
    assert!(!out.status.success(), "llvm-as-19 accepted:\n{src}");
    let e = String::from_utf8_lossy(&out.stderr).into_owned();
    e.strip_prefix("llvm-as-19: ").unwrap_or(&e).trim_end().to_string()
}

/// Cases where our message and location equal llvm-as-19's byte for byte.
const SAME_AS_LLVM: &[&str] = &[
    "define i32 @f() {\n  ret i32 %x\n}\n",
    "foo\n",
    "define i32 @f(ptr %p) {\n  %x = add i32 0, 0\n  %y = load i32, ptr %x\n  ret i32 0\n}\n",
    "@a = global i32 shl (i32 1, i32 2)\n",
    "@a = global i32 zext (i32 1 to i64)\n",
    "define void @f() {\n  br label %bb\n}\n",
    "\tdefine void @f() {\n\t%x = add i32 %y, 1\n  ret void\n}\n",
    "define void @f() {\n  %0 = add i32 1, 1\n  ret void\n}\n",
    "define void @f() {\n  %3 = add i32 1, 1\n  %2 = add i32 1, 1\n  ret void\n}\n",
    "@a = global ptr 5\n",
    "@a = global i32 @b\n@b = global i32 0\n",
    "!0 = !{!1}\n",
    "@a = global i32 1.5\n",
    "@a = global i32 zeroinitializer\n@b = global %T zeroinitializer\n",
    "define void @f() {\n  %x = add i32 1, 1\n  %y = add i64 %x, 1\n  ret void\n}\n",
    "define void @f() {\n  call void @g()\n  ret void\n}\n",
    "@a = global [2 x i8] c\"ab\n",
    "define void @f() {\n  store i32 0, ptr %p, align 3\n  ret void\n}\n",
    "@g = global i32 0\n@x = global ptr ptrauth (i32 0, i32 0)\n",
    "@g = global i32 0\n@x = global ptr ptrauth (ptr @g, i64 0)\n",
    "@g = global i32 0\n@x = global ptr ptrauth (ptr @g, i32 undef)\n",
    "@g = global i32 0\n@x = global ptr ptrauth (ptr @g, i32 0, i32 0)\n",
    "@g = global i32 0\n@x = global ptr ptrauth (ptr @g, i32 0, i64 ptrtoint (ptr @g to i64))\n",
    "@g = global i32 0\n@x = global ptr ptrauth (ptr @g, i32 0, i64 0, i64 0)\n",
    "@g = global i32 0\n@x = global ptr ptrauth (ptr @g)\n",
    "@g = global i32 0\n@x = global ptr ptrauth ptr @g\n",
    "@g = global i32 0\n@x = global ptr ptrauth (ptr @g, i32 0, i64 0, ptr @g, i32 0)\n",
    "@g = global i32 0\n@x = global ptr addrspace(1) ptrauth (ptr @g, i32 0)\n",
    "define ptr @f(ptr %p) {\n  ret ptr ptrauth (ptr @f, i32 0, i64 0, ptr %p)\n}\n",
    "@x = global [1 x ptr] [ptr %p]\n",
];

#[test]
fn messages_and_locations_match_llvm_as() {
    for src in SAME_AS_LLVM {
        let want = llvm_as_error(src);
        let got = parse(src.as_bytes(), "bad.ll").expect_err(src).to_string();
        assert_eq!(got, want, "for input:\n{src}");
    }
}

/// Inputs llvm-as-19 rejects: we must reject them too, located on the
/// line llvm-as names, without panicking.
const REJECTED: &[&str] = &[
    "define void @f() {\n  %x = bogus i32 1\n  ret void\n}\n",
    "@a = global i32 \"str\"\n",
    "define void @f() {\n  ret void\n",
    "define void @f() {\n  %x = add i32 1, 1\n  %x = add i32 1, 1\n  ret void\n}\n",
    "@a = global { i32, i32 } { i32 1 }\n",
    "@a = global [3 x i32] [i32 1, i32 2]\n",
    "define void @f() {\n  %p = alloca i32\n  %v = load i32, i32 %p\n  ret void\n}\n",
    "target triple = \"x86_64\n",
    "@a = global i32 0, !dbg !7\n",
    "define void @f() {\nentry:\n  br label %entry2\n}\n",
    "!llvm.ident = !{!0\n",
    "@a = external global i32, section \n",
    "%T = type { i32, %U }\n",
    "define i32 @f() {\n  ret i64 0\n}\n",
    "@x = global i8 ~\n",
];

#[test]
fn rejected_inputs_are_located_on_llvm_as_line() {
    for src in REJECTED {
        let want = llvm_as_error(src);
        let want_line: u32 = want.split(':').nth(1).and_then(|l| l.parse().ok()).unwrap();
        let e = parse(src.as_bytes(), "bad.ll").expect_err(src);
        assert_eq!(e.line, want_line, "input:\n{src}\nours: {e}\nllvm: {want}");
        assert!(e.col >= 1);
        let shown = e.to_string();
        assert!(shown.starts_with(&format!("bad.ll:{}:{}: error: ", e.line, e.col)), "{shown}");
        assert_eq!(shown.lines().count(), 3, "{shown}");
    }
}

#[test]
fn deep_constant_expression_nesting_is_an_error_not_a_crash() {
    let n = 100_000;
    let mut s = String::from("@g = global i64 0\n@a = global i64 ");
    for _ in 0..n {
        s.push_str("add (i64 ");
    }
    s.push_str("ptrtoint (ptr @g to i64)");
    for _ in 0..n {
        s.push_str(", i64 1)");
    }
    s.push('\n');
    let e = parse(s.as_bytes(), "deep.ll").expect_err("too deep");
    assert_eq!(e.line, 2);
    assert!(e.message.contains("nesting"), "{e}");
}

#[test]
fn deep_metadata_and_type_nesting_is_an_error_not_a_crash() {
    let n = 100_000;
    let mut s = String::from("!0 = ");
    for _ in 0..n {
        s.push_str("!{");
    }
    for _ in 0..n {
        s.push('}');
    }
    s.push('\n');
    let e = parse(s.as_bytes(), "deep.ll").expect_err("too deep");
    assert_eq!(e.line, 1);
    assert!(e.message.contains("nesting"), "{e}");

    let mut t = String::from("@a = external global ");
    for _ in 0..n {
        t.push_str("[1 x ");
    }
    t.push_str("i8");
    for _ in 0..n {
        t.push(']');
    }
    let e = parse(t.as_bytes(), "deep.ll").expect_err("too deep");
    assert!(e.message.contains("nesting"), "{e}");
}

#[test]
fn truncated_and_garbled_inputs_never_panic() {
    let base = b"source_filename = \"x.c\"\n%S = type { i32, ptr }\n@g = global %S { i32 1, ptr @g }, align 8\n\
define i32 @f(i32 %a, ptr %p) #0 {\nentry:\n  %c = icmp sgt i32 %a, 0\n  br i1 %c, label %t, label %e\nt:\n  %v = load i32, ptr %p, align 4, !tbaa !1\n  br label %e\ne:\n  %r = phi i32 [ %v, %t ], [ 0, %entry ]\n  call void @llvm.dbg.value(metadata i32 %r, metadata !2, metadata !2)\n  ret i32 %r\n}\ndeclare void @llvm.dbg.value(metadata, metadata, metadata)\nattributes #0 = { nounwind \"frame-pointer\"=\"all\" memory(read) uwtable(sync) }\n!1 = !{!\"int\", !3, i64 0}\n!2 = !{}\n!3 = distinct !{!3}\n";
    for cut in 0..base.len() {
        let _ = parse(&base[..cut], "cut.ll");
    }
    let mut x: u32 = 12345;
    for i in 0..base.len() {
        let mut v = base.to_vec();
        x = x.wrapping_mul(1103515245).wrapping_add(12345);
        v[i] = b"{}[]()<>,=!%@#\"x0 \\\n"[(x >> 16) as usize % 20];
        let _ = parse(&v, "garbled.ll");
    }
    parse(base, "ok.ll").unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn huge_numbers_do_not_allocate() {
    for s in [
        "@a = global [4294967295 x i8] zeroinitializer\n",
        "@a = global i8388608 0\n",
        "@a = global <4294967295 x i8> zeroinitializer\n",
        "%0 = type { i32 }\n%4294967295 = type { i32 }\n",
        "!4294967295 = !{}\n!0 = !{!4294967295}\n",
        "@a = global i64 99999999999999999999999999999999999999999999\n",
    ] {
        let _ = parse(s.as_bytes(), "big.ll");
    }
}
