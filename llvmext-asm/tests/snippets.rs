//! Hand-written assembly of the kind people type (not compiler output):
//! every `tests/snippets/*.s` assembled by llvmext-asm and by `llvm-mc-19`
//! must give the same bytes. A file whose name starts with `i386-` is
//! assembled for `i686-linux-gnu`, the others for `x86_64-linux-gnu`.

use std::path::Path;
use std::process::Command;

#[test]
fn snippets_match_llvm_mc_19() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snippets");
    let out = std::env::temp_dir().join(format!("llvmext-asm-snippets-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    assert!(files.len() >= 21, "snippets missing in {}", dir.display());
    let mut failures = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let triple = if name.starts_with("i386-") { "i686-linux-gnu" } else { "x86_64-linux-gnu" };
        let reference = out.join(format!("{name}.o"));
        let status = Command::new("llvm-mc-19")
            .arg(format!("-triple={triple}"))
            .arg("-filetype=obj")
            .arg(f)
            .arg("-o")
            .arg(&reference)
            .status()
            .unwrap_or_else(|e| {
                panic!("llvm-mc-19 not runnable ({e}): install the Debian package llvm-19")
            });
        assert!(status.success(), "llvm-mc-19 rejected {name}");
        let theirs = std::fs::read(&reference).unwrap();
        let text = std::fs::read(f).unwrap();
        let opts = llvmext_asm::Options { file_name: name.clone(), ..Default::default() };
        match llvmext_asm::assemble(triple, &text, &opts) {
            Ok(ours) if ours == theirs => {}
            Ok(ours) => failures.push(format!(
                "{name}: {} bytes, llvm-mc-19 {} bytes, first difference at {:#x}",
                ours.len(),
                theirs.len(),
                ours.iter()
                    .zip(&theirs)
                    .position(|(a, b)| a != b)
                    .unwrap_or(ours.len().min(theirs.len()))
            )),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    assert!(
        failures.is_empty(),
        "{} of {} snippets differ from llvm-mc-19:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
