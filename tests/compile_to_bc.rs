//! The compiler story (`examples/compile-to-bc`): a module built with
//! `llvmext_ir::builder` alone is written as bitcode, compiled by clang-19
//! with a C driver, and the program prints what the example expects; the
//! bitcode is what llvm-as-19 writes for the module's printed text, and
//! the example binary reports a missing clang-19 with the package to
//! install.

mod support;

#[path = "../examples/compile-to-bc/main.rs"]
#[allow(dead_code)]
mod compile_to_bc;

use std::process::Command;

use support::tools::{example_binary, run_ok, tool};

fn dir(name: &str) -> std::path::PathBuf {
    let d = support::cache::target_dir().join("llvmext-tests/compile-to-bc").join(name);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn builder_module_compiles_with_clang_and_runs() {
    let d = dir("lib");
    let o = compile_to_bc::compile_and_run(&tool("clang-19"), &d).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(o.stdout, compile_to_bc::expected_output());
    // The bitcode names its producer, and LLVM reads it back.
    let bc = std::fs::read(&o.bc).unwrap();
    let r = llvmext::bitcode::read::Reader::new(&bc).unwrap();
    assert_eq!(r.identification().producer.as_deref(), Some(compile_to_bc::PRODUCER));
    let dis = run_ok(Command::new(tool("llvm-dis-19")).arg(&o.bc).arg("-o").arg("-"));
    let text = String::from_utf8_lossy(&dis.stdout);
    for want in [
        "define i64 @fib(i64 %n) #0 {",
        "%i = phi i64 [ 0, %entry ], [ %i.next, %body ]",
        "%r = call i64 @fact(i64 %n.minus.1)",
        "call i32 (ptr, ...) @printf(ptr @.str.hello, ptr %who)",
        "%y.addr = getelementptr inbounds %struct.point, ptr %points, i64 %i, i32 1",
        "switch i32 %c, label %case.many [",
        "@primes = internal constant [8 x i32] [i32 2,",
    ] {
        assert!(text.contains(want), "llvm-dis-19 output lacks {want:?}:\n{text}");
    }
}

/// The builder's module, printed by llvmext and assembled by llvm-as-19,
/// gives the bytes our writer gives for the module itself.
#[test]
fn builder_module_bitcode_equals_llvm_as_of_its_text() {
    let d = dir("llvm-as");
    let m = compile_to_bc::build_module(Some("x86_64-pc-linux-gnu")).unwrap();
    llvmext::ir::verify::verify(&m).unwrap();
    let ll = d.join("prog.ll");
    std::fs::write(&ll, m.to_string()).unwrap();
    let theirs = d.join("prog.llvm-as.bc");
    run_ok(Command::new(tool("llvm-as-19")).arg(&ll).arg("-o").arg(&theirs));
    let ours = llvmext::bitcode::write::write(&m).unwrap();
    assert!(ours == std::fs::read(&theirs).unwrap(), "bitcode differs from llvm-as-19's");
}

#[test]
fn example_binary_prints_what_it_did() {
    let d = dir("bin");
    let out = Command::new(example_binary("compile-to-bc")).arg(&d).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("prog.bc ("), "{stdout}");
    assert!(stdout.contains("clang-19 -O2 -Werror"), "{stdout}");
    assert!(stdout.contains("  | fib(90) = 2880067194370816120\n"), "{stdout}");
    assert!(stdout.ends_with("output as expected\n"), "{stdout}");
    // The kept directory holds the files.
    for f in ["prog.bc", "driver.c", "prog"] {
        assert!(d.join(f).is_file(), "{f}");
    }
}

#[test]
fn example_binary_without_clang_says_what_to_install() {
    let empty = dir("no-path");
    let out = Command::new(example_binary("compile-to-bc"))
        .env("PATH", &empty)
        .arg(dir("no-clang"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(
            "compile-to-bc: error: clang-19 not found on PATH: install Debian package clang-19"
        ),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}
