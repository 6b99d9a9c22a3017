//! One program through `llvmext_obj::object` with the same calls for both
//! formats (`examples/emit-object.rs`): the ELF object links with `cc` and
//! runs; the COFF object links with `lld-link-19` against an import library
//! of `msvcrt.dll` made by `llvm-dlltool-19`, and the image imports `puts`.
//! Both read back through `llvm-readobj-19` without warnings, with the
//! COMDAT and relocations each format spells its own way.

mod support;

#[path = "../examples/emit-object.rs"]
mod emit_object;

use std::process::Command;

use llvmext_obj::object::BinaryFormat;
use support::tools::{run_ok, tool};

fn readobj(path: &std::path::Path, args: &[&str]) -> String {
    let out = run_ok(Command::new(tool("llvm-readobj-19")).args(args).arg(path));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn same_calls_give_an_elf_that_runs_and_a_coff_that_links() {
    let dir = support::cache::target_dir().join("llvmext-tests/emit-object");
    std::fs::create_dir_all(&dir).unwrap();

    // ELF: cc links it (no warning about an executable stack) and it runs.
    let elf = dir.join("hello.o");
    std::fs::write(&elf, emit_object::build(BinaryFormat::Elf).unwrap()).unwrap();
    let text = readobj(&elf, &["--sections", "--relocations", "--symbols", "--section-groups"]);
    for want in [
        "R_X86_64_PC32 msg 0xFFFFFFFFFFFFFFFC",
        "R_X86_64_PLT32 puts 0xFFFFFFFFFFFFFFFC",
        "R_X86_64_PLT32 greet 0xFFFFFFFFFFFFFFFC",
        "Signature: greet",
        "Name: .note.GNU-stack",
    ] {
        assert!(text.contains(want), "no `{want}` in:\n{text}");
    }
    let exe = dir.join("hello");
    let link = run_ok(Command::new(tool("cc")).arg(&elf).arg("-o").arg(&exe));
    assert!(link.stderr.is_empty(), "cc warns: {}", String::from_utf8_lossy(&link.stderr));
    let out = run_ok(&mut Command::new(&exe));
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{}\n", emit_object::MESSAGE));

    // COFF: the same calls; lld-link-19 links it against msvcrt.dll.
    let obj = dir.join("hello.obj");
    std::fs::write(&obj, emit_object::build(BinaryFormat::Coff).unwrap()).unwrap();
    let text = readobj(&obj, &["--sections", "--relocations", "--symbols"]);
    for want in [
        "0x3 IMAGE_REL_AMD64_REL32 msg",
        "0xF IMAGE_REL_AMD64_REL32 puts",
        "0x5 IMAGE_REL_AMD64_REL32 greet",
        "Name: .text$greet",
        "Selection: Any (0x2)",
    ] {
        assert!(text.contains(want), "no `{want}` in:\n{text}");
    }
    let def = dir.join("msvcrt.def");
    std::fs::write(&def, "LIBRARY msvcrt.dll\nEXPORTS\nputs\n").unwrap();
    let lib = dir.join("msvcrt.lib");
    run_ok(
        Command::new(tool("llvm-dlltool-19"))
            .args(["-m", "i386:x86-64", "-d"])
            .arg(&def)
            .arg("-l")
            .arg(&lib),
    );
    let image = dir.join("hello.exe");
    let link = run_ok(
        Command::new(tool("lld-link-19"))
            .args(["/nodefaultlib", "/entry:main", "/subsystem:console", "/Brepro"])
            .arg(format!("/out:{}", image.display()))
            .arg(&obj)
            .arg(&lib),
    );
    assert!(link.stderr.is_empty(), "lld-link-19 warns: {}", String::from_utf8_lossy(&link.stderr));
    let imports = readobj(&image, &["--coff-imports"]);
    assert!(imports.contains("Name: msvcrt.dll") && imports.contains("Symbol: puts"), "{imports}");
}
