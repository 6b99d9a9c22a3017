//! The analysis-tool story end to end: clang-19 compiles `examples/demo.c`
//! to bitcode, `examples/bc-report.rs` reads it into the IR model and
//! reports each function's blocks, instructions and callees; the figures
//! must agree with llvm-dis-19's text of the same file.

mod support;

use std::process::Command;

use support::tools::{command, tool};

#[test]
fn bc_report_agrees_with_llvm_dis() {
    let dir = support::cache::corpus_dir().join("bc-report");
    std::fs::create_dir_all(&dir).unwrap();
    let bc = dir.join("demo.bc");
    let root = support::cache::repo_root();
    let ok = command("clang-19", ["-c", "-emit-llvm", "-O2", "-g"])
        .arg(root.join("examples/demo.c"))
        .arg("-o")
        .arg(&bc)
        .status()
        .unwrap();
    assert!(ok.success(), "clang-19 failed");
    let text = Command::new(tool("llvm-dis-19")).arg(&bc).arg("-o").arg("-").output().unwrap();
    assert!(text.status.success());
    let text = String::from_utf8(text.stdout).unwrap();
    let out = Command::new(support::tools::example_binary("bc-report")).arg(&bc).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report = String::from_utf8(out.stdout).unwrap();
    // Each function llvm-dis-19 shows defined: its row names it with the
    // number of instructions its body has in the text.
    let mut defined = 0;
    for body in text.split("\ndefine ").skip(1) {
        let name = body.split('@').nth(1).unwrap().split('(').next().unwrap();
        let body = &body[..body.find("\n}\n").unwrap()];
        let insts = body
            .lines()
            .skip(1)
            // An instruction line: two spaces, then not a space (case
            // lines and debug records are indented further) nor the `]`
            // that closes a switch's cases.
            .filter(|l| l.starts_with("  ") && !l[2..].starts_with(' ') && !l[2..].starts_with(']'))
            .count();
        let row = report
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no row for {name} in\n{report}"));
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cols[2], insts.to_string(), "{name}: {row}");
        defined += 1;
    }
    assert!(defined >= 3, "{text}");
    assert!(report.contains(&format!("{defined} functions defined")), "{report}");
    assert!(report.contains("calls") && report.contains("strcmp"), "{report}");
}
