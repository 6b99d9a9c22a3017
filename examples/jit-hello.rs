//! `jit-hello OUT.o`: what a JIT or a small compiler does with llvmext-obj —
//! machine code it produced itself (an x86-64 `main` that loads a string
//! from `.rodata` through a relocation and calls the external `puts`) put
//! into a relocatable ELF object in-process, ready for `cc OUT.o` or
//! `ld.lld`.

use std::process::ExitCode;

use llvmext::obj::elf::{
    Binding, Class, ElfBuilder, Endian, Machine, Reloc, RelocX86_64, SectionFlags, SectionSpec,
    SectionType, SymbolSpec, SymbolType,
};

/// The message `main` prints.
pub const MESSAGE: &str = "hello from llvmext";

/// The object: `.text` with `main`, `.rodata.str1.1` with the message,
/// an empty `.note.GNU-stack` (no executable stack), and the relocations
/// for the string's address and the call.
pub fn build_object() -> Result<Vec<u8>, llvmext::obj::Error> {
    let mut b = ElfBuilder::new(Class::Elf64, Endian::Little, Machine::X86_64);
    let text_flags = SectionFlags::ALLOC | SectionFlags::EXECINSTR;
    let text =
        b.add_section(SectionSpec::new(b".text", SectionType::PROGBITS, text_flags).align(16))?;
    let str_flags = SectionFlags::ALLOC | SectionFlags::MERGE | SectionFlags::STRINGS;
    let rodata = b.add_section(
        SectionSpec::new(b".rodata.str1.1", SectionType::PROGBITS, str_flags).entsize(1),
    )?;
    b.add_section(SectionSpec::new(b".note.GNU-stack", SectionType::PROGBITS, SectionFlags::NONE))?;

    let mut msg = MESSAGE.as_bytes().to_vec();
    msg.push(0);
    b.append_data(rodata, &msg, 1)?;

    #[rustfmt::skip]
    let code: [u8; 25] = [
        0x48, 0x83, 0xec, 0x08,             // sub  $8, %rsp (align the stack for the call)
        0x48, 0x8d, 0x3d, 0, 0, 0, 0,       // lea  msg(%rip), %rdi
        0xe8, 0, 0, 0, 0,                   // call puts@PLT
        0x31, 0xc0,                         // xor  %eax, %eax
        0x48, 0x83, 0xc4, 0x08,             // add  $8, %rsp
        0xc3,                               // ret
        0x90, 0x90,                         // padding
    ];
    b.append_data(text, &code, 16)?;

    // A symbol for the string, not the section symbol: the addend of a
    // PC-relative reference must not be read as an offset into a merged
    // string section (LLVM keeps `.L.str` in the symbol table for this).
    let msg_sym = b.add_symbol(SymbolSpec::defined(
        b".L.str",
        Binding::LOCAL,
        SymbolType::NOTYPE,
        rodata,
        0,
        0,
    ))?;
    b.add_symbol(SymbolSpec::defined(b"main", Binding::GLOBAL, SymbolType::FUNC, text, 0, 23))?;
    let puts = b.add_symbol(SymbolSpec::undefined(b"puts"))?;
    // Both fields are 4 bytes before the end of their instruction.
    b.add_reloc(text, Reloc::new(7, Some(msg_sym), RelocX86_64::PC32, -4))?;
    b.add_reloc(text, Reloc::new(12, Some(puts), RelocX86_64::PLT32, -4))?;
    b.write()
}

#[allow(dead_code)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out] = args.as_slice() else {
        eprintln!("usage: jit-hello OUT.o");
        return ExitCode::from(2);
    };
    let bytes = match build_object() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("jit-hello: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(out, bytes) {
        eprintln!("jit-hello: error: '{out}': {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
