//! `llvmext-as`'s command line against `llvm-as-19`'s: the output file
//! (default name, `-o FILE`, `-o -`), the bytes (those llvm-as-19 writes
//! for a clang-19 module), and the messages and exit status of a parse
//! error, a broken module, a missing input, an unknown flag and a
//! terminal on standard output.

mod support;

#[path = "../examples/llvmext-as.rs"]
#[allow(dead_code)]
mod llvm_as;

use std::fs;
use std::process::Command;

use support::tools::tool;

fn run(args: &[&str], tty: bool) -> (u8, Vec<u8>, String) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = llvm_as::run(&args, &mut out, &mut err, tty);
    (status, out, String::from_utf8(err).unwrap())
}

fn dir() -> std::path::PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("llvmext-as");
    fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn writes_llvm_as_19s_bytes_where_llvm_as_does() {
    let d = dir();
    let src = support::cache::repo_root().join("testdata/c/interp.c");
    let ll = d.join("interp.ll");
    let ok = Command::new(tool("clang-19"))
        .args(["-O2", "-g", "-S", "-emit-llvm", "-o"])
        .arg(&ll)
        .arg(&src)
        .status()
        .unwrap()
        .success();
    assert!(ok, "clang-19 failed");
    let theirs = d.join("theirs.bc");
    let ok = Command::new(tool("llvm-as-19")).arg(&ll).arg("-o").arg(&theirs).status().unwrap();
    assert!(ok.success());
    // No -o: FILE.ll gives FILE.bc.
    let (status, out, err) = run(&[ll.to_str().unwrap()], false);
    assert_eq!((status, out.len(), err.as_str()), (0, 0, ""));
    assert_eq!(fs::read(d.join("interp.bc")).unwrap(), fs::read(&theirs).unwrap());
    // -o -: standard output, when it is not a terminal.
    let (status, out, _) = run(&[ll.to_str().unwrap(), "-o", "-"], false);
    assert_eq!(status, 0);
    assert_eq!(out, fs::read(&theirs).unwrap());
    // A terminal: llvm-as's warning, nothing written, status 0; -f forces.
    let (status, out, err) = run(&[ll.to_str().unwrap(), "-o", "-"], true);
    assert_eq!((status, out.len()), (0, 0));
    assert!(err.starts_with("WARNING: You're attempting to print out a bitcode file."), "{err}");
    let (status, out, _) = run(&["-f", ll.to_str().unwrap(), "-o", "-"], true);
    assert_eq!((status, !out.is_empty()), (0, true));
}

#[test]
fn errors_are_llvm_as_19s() {
    let d = dir();
    // A parse error: located as llvm-as locates it.
    let bad = d.join("undefined.ll");
    fs::write(&bad, "define i32 @f() {\n  ret i32 %x\n}\n").unwrap();
    let (status, _, err) = run(&[bad.to_str().unwrap(), "-o", "/dev/null"], false);
    assert_eq!(status, 1);
    let theirs =
        Command::new(tool("llvm-as-19")).arg(&bad).arg("-o").arg("/dev/null").output().unwrap();
    let theirs = String::from_utf8_lossy(&theirs.stderr).to_string();
    assert_eq!(err.split_once(": ").map(|x| x.1), theirs.split_once(": ").map(|x| x.1));
    // A module that parses but does not verify: the verifier's message,
    // then llvm-as's; nothing written.
    let broken = d.join("broken.ll");
    fs::write(&broken, "define void @f() {\nentry:\n  br label %entry\n}\n").unwrap();
    let out = d.join("broken.bc");
    let (status, _, err) = run(&[broken.to_str().unwrap(), "-o", out.to_str().unwrap()], false);
    assert_eq!(status, 1, "{err}");
    assert!(err.contains("Entry block to function must not have predecessors!"), "{err}");
    assert!(err.contains("error: input module is broken!"), "{err}");
    assert!(!out.exists());
    let theirs =
        Command::new(tool("llvm-as-19")).arg(&broken).arg("-o").arg("/dev/null").output().unwrap();
    assert!(String::from_utf8_lossy(&theirs.stderr)
        .contains("Entry block to function must not have predecessors!"));
    // A missing input, an unknown flag, two inputs.
    let (status, _, err) = run(&[d.join("nope.ll").to_str().unwrap()], false);
    assert_eq!(status, 1);
    assert!(err.contains("error: Could not open input file: No such file or directory"), "{err}");
    let (status, _, err) = run(&["-bogus"], false);
    assert_eq!(
        (status, err.as_str()),
        (1, "llvmext-as: Unknown command line argument '-bogus'.  Try: 'llvmext-as --help'\n")
    );
    let (status, _, err) = run(&["a.ll", "b.ll"], false);
    assert_eq!(
        (status, err.as_str()),
        (1, "llvmext-as: Too many positional arguments specified!\n")
    );
    let (status, out, _) = run(&["--help"], false);
    assert_eq!(status, 0);
    assert!(String::from_utf8(out).unwrap().contains("USAGE: llvmext-as"));
}
