//! The streamer-API JIT example: `examples/jit-hello-mc.rs` builds the
//! `jit-hello` program through the assembler (no hand-encoded bytes); the
//! object matches what llvm-mc-19 makes of the same program written as
//! assembly, links with `cc` and `ld.lld-19`, and prints the message.

mod support;

#[path = "../examples/jit-hello-mc.rs"]
mod jit_hello_mc;

use std::process::Command;

use support::tools::{run_ok, tool};

/// The same program as text, for llvm-mc-19.
const SOURCE: &str = "\t.section\t.rodata.str1.1,\"aMS\",@progbits,1
.L.str:
\t.asciz\t\"hello from llvmext\"
\t.text
\t.p2align\t4
\t.globl\tmain
\t.type\tmain,@function
main:
\t.cfi_startproc
\tsubq\t$8, %rsp
\t.cfi_def_cfa_offset 16
\tleaq\t.L.str(%rip), %rdi
\tcallq\tputs@PLT
\txorl\t%eax, %eax
\taddq\t$8, %rsp
\t.cfi_def_cfa_offset 8
\tretq
\t.cfi_endproc
.Lend:
\t.size\tmain, .Lend-main
\t.section\t\".note.GNU-stack\",\"\",@progbits
";

#[test]
fn streamer_object_matches_llvm_mc_links_and_runs() {
    let dir = support::cache::target_dir().join("llvmext-tests/jit-hello-mc");
    std::fs::create_dir_all(&dir).unwrap();
    let obj = dir.join("hello.o");
    let ours = jit_hello_mc::build_object().unwrap();
    std::fs::write(&obj, &ours).unwrap();

    // llvm-mc-19 on the same program as text: the same object.
    let src = dir.join("hello.s");
    std::fs::write(&src, SOURCE).unwrap();
    let reference = dir.join("hello-ref.o");
    run_ok(
        Command::new(tool("llvm-mc-19"))
            .args(["-triple=x86_64-linux-gnu", "-filetype=obj"])
            .arg(&src)
            .arg("-o")
            .arg(&reference),
    );
    let theirs = std::fs::read(&reference).unwrap();
    assert!(
        ours == theirs,
        "the streamer's object differs from llvm-mc-19's ({} vs {} bytes)",
        ours.len(),
        theirs.len()
    );

    for (exe, linker) in [
        ("hello-cc", {
            let mut c = Command::new(tool("cc"));
            c.arg(&obj);
            c
        }),
        ("hello-lld", {
            let mut c = Command::new(tool("clang-19"));
            c.arg(format!("--ld-path={}", tool("ld.lld-19").display())).arg(&obj);
            c
        }),
    ] {
        let exe = dir.join(exe);
        let mut linker = linker;
        run_ok(linker.arg("-o").arg(&exe));
        let out = run_ok(&mut Command::new(&exe));
        assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{}\n", jit_hello_mc::MESSAGE));
    }
}
