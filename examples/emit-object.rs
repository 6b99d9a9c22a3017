//! `emit-object elf|coff OUT`: one program, the same calls for ELF and
//! COFF except the format argument — a string in read-only data, a
//! function `greet` in a COMDAT that calls the external `puts` with it, and
//! `main` calling `greet` — written through `llvmext_obj::object`.
//!
//! The machine code is the same bytes for both ABIs: `greet` passes the
//! string in `rdi` (System V) and in `rcx` (Windows x64), keeps the stack
//! aligned to 16 and leaves Windows' 32-byte shadow space.
//!
//! ```text
//! cargo run --example emit-object -- elf hello.o && cc hello.o -o hello && ./hello
//! cargo run --example emit-object -- coff hello.obj   # lld-link-19 hello.obj msvcrt.lib ...
//! ```

use llvmext_obj::llvm::RelocKind;
use llvmext_obj::object::{
    Architecture, BinaryFormat, ComdatSelection, Object, Reloc, SectionKind, Symbol, SymbolKind,
    SymbolScope,
};

/// What the program prints.
pub const MESSAGE: &str = "Hello from llvmext-obj";

/// The object of the program in `format`.
pub fn build(format: BinaryFormat) -> Result<Vec<u8>, llvmext_obj::Error> {
    let mut obj = Object::new(format, Architecture::X86_64);

    let rodata = obj
        .add_section(SectionKind::ReadOnlyData.standard_name(format), SectionKind::ReadOnlyData)?;
    let mut msg = MESSAGE.as_bytes().to_vec();
    msg.push(0);
    let at = obj.append_data(rodata, &msg, 1)?;
    let msg = obj.add_symbol(
        Symbol::defined(b"msg", rodata, at, msg.len() as u64)
            .kind(SymbolKind::Data)
            .scope(SymbolScope::Local),
    )?;

    // greet: lea rdi, [rip + msg]; mov rcx, rdi; sub rsp, 40; call puts;
    //        add rsp, 40; ret
    let greet_text = obj.add_subsection(SectionKind::Text, b"greet")?;
    let code = [
        0x48, 0x8d, 0x3d, 0, 0, 0, 0, // lea rdi, [rip + msg]
        0x48, 0x89, 0xf9, // mov rcx, rdi
        0x48, 0x83, 0xec, 0x28, // sub rsp, 40
        0xe8, 0, 0, 0, 0, // call puts
        0x48, 0x83, 0xc4, 0x28, // add rsp, 40
        0xc3, // ret
    ];
    let at = obj.append_data(greet_text, &code, 16)?;
    let greet = obj.add_symbol(
        Symbol::defined(b"greet", greet_text, at, code.len() as u64).kind(SymbolKind::Text),
    )?;
    obj.add_comdat(greet, &[greet_text], ComdatSelection::Any)?;
    let puts = obj.add_symbol(Symbol::undefined(b"puts").kind(SymbolKind::Text))?;
    obj.add_reloc(
        greet_text,
        Reloc { offset: at + 3, symbol: msg, kind: RelocKind::PcRel32, addend: -4 },
    )?;
    obj.add_reloc(
        greet_text,
        Reloc { offset: at + 15, symbol: puts, kind: RelocKind::Branch, addend: -4 },
    )?;

    // main: sub rsp, 40; call greet; xor eax, eax; add rsp, 40; ret
    let text = obj.add_section(b".text", SectionKind::Text)?;
    let code = [
        0x48, 0x83, 0xec, 0x28, // sub rsp, 40
        0xe8, 0, 0, 0, 0, // call greet
        0x31, 0xc0, // xor eax, eax
        0x48, 0x83, 0xc4, 0x28, // add rsp, 40
        0xc3, // ret
    ];
    let at = obj.append_data(text, &code, 16)?;
    obj.add_symbol(Symbol::defined(b"main", text, at, code.len() as u64).kind(SymbolKind::Text))?;
    obj.add_reloc(
        text,
        Reloc { offset: at + 5, symbol: greet, kind: RelocKind::Branch, addend: -4 },
    )?;

    obj.write()
}

#[allow(dead_code)]
fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (format, out) = match args.as_slice() {
        [f, out] if f == "elf" => (BinaryFormat::Elf, out),
        [f, out] if f == "coff" => (BinaryFormat::Coff, out),
        _ => {
            eprintln!("usage: emit-object elf|coff OUT");
            return std::process::ExitCode::from(2);
        }
    };
    let bytes = match build(format) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("emit-object: error: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(out, bytes) {
        eprintln!("emit-object: error: '{out}': {e}");
        return std::process::ExitCode::FAILURE;
    }
    std::process::ExitCode::SUCCESS
}
