//! The JIT example: an object built in-process by `examples/jit-hello.rs`
//! is read by llvm-readobj-19 without warnings, linked by `cc` (GNU ld) and
//! by `ld.lld-19`, and the programs print the message.

mod support;

#[path = "../examples/jit-hello.rs"]
mod jit_hello;

use std::path::Path;
use std::process::Command;

use support::tools::{run_ok, tool};

fn link_and_run(obj: &Path, exe: &Path, linker: &mut Command) {
    run_ok(linker.arg(obj).arg("-o").arg(exe));
    let out = run_ok(&mut Command::new(exe));
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{}\n", jit_hello::MESSAGE));
}

#[test]
fn jit_object_links_and_runs() {
    let dir = support::cache::target_dir().join("llvmext-tests/jit-hello");
    std::fs::create_dir_all(&dir).unwrap();
    let obj = dir.join("hello.o");
    std::fs::write(&obj, jit_hello::build_object().unwrap()).unwrap();

    let out = run_ok(
        Command::new(tool("llvm-readobj-19"))
            .args(["--file-headers", "--sections", "--relocations", "--symbols"])
            .arg(&obj),
    );
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("R_X86_64_PLT32 puts 0xFFFFFFFFFFFFFFFC"), "{text}");
    assert!(text.contains("R_X86_64_PC32 .L.str 0xFFFFFFFFFFFFFFFC"), "{text}");

    // cc: the system compiler driver with GNU ld.
    link_and_run(&obj, &dir.join("hello-cc"), &mut Command::new(tool("cc")));
    // ld.lld-19, through clang-19's driver for the C runtime files.
    let lld = tool("ld.lld-19");
    link_and_run(
        &obj,
        &dir.join("hello-lld"),
        Command::new(tool("clang-19")).arg(format!("--ld-path={}", lld.display())),
    );
}
