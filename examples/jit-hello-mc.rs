//! `jit-hello-mc OUT.o`: the program of `jit-hello` (a `main` that prints a
//! string with `puts`), built through the assembler's streamer API as a
//! JIT or a compiler backend would drive it — instructions by mnemonic and
//! operands, labels, call-frame information — with no hand-encoded bytes:
//! the streamer encodes, lays out, writes `.eh_frame` and chooses the
//! relocations (`R_X86_64_PC32` to the string, `R_X86_64_PLT32` to `puts`).

use std::process::ExitCode;

use llvmext::asm::dwarf::cfi::CfiOp;
use llvmext::asm::streamer::{Arch, ObjectStreamer, SectionDesc, SymbolAttr};
use llvmext::asm::target::x86::{parse_reg, Mem, Operand, Value, Variant};
use llvmext::asm::Loc;
use llvmext::obj::elf::{SectionFlags, SectionType};

/// The message `main` prints.
pub const MESSAGE: &str = "hello from llvmext";

fn reg(name: &str) -> Operand<llvmext::asm::expr::ExprId> {
    Operand::Reg(parse_reg(name).expect("an x86-64 register"))
}

/// The object, as `clang -c` would make it from the equivalent C.
pub fn build_object() -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let mut s = ObjectStreamer::new(Arch::X86_64);

    // The string, in a mergeable string section.
    let mut rodata = SectionDesc::new(
        ".rodata.str1.1",
        SectionType::PROGBITS,
        SectionFlags::ALLOC | SectionFlags::MERGE | SectionFlags::STRINGS,
    );
    rodata.entsize = 1;
    let rodata = s.section(rodata);
    s.switch_section(rodata);
    let msg = s.symbol(".L.str");
    s.emit_label(msg, Loc::NONE);
    s.emit_bytes(MESSAGE.as_bytes());
    s.emit_bytes(&[0]);

    // main: sub $8, %rsp; lea .L.str(%rip), %rdi; call puts@PLT;
    // xor %eax, %eax; add $8, %rsp; ret — with its unwind information.
    let text = s.text_section();
    s.switch_section(text);
    s.emit_code_align(16, 0);
    let main = s.symbol("main");
    s.emit_symbol_attribute(main, SymbolAttr::Global);
    s.emit_symbol_attribute(main, SymbolAttr::Function);
    s.emit_label(main, Loc::NONE);
    s.cfi_start_proc(false)?;
    s.instruction("subq", &[Operand::Imm(Value::Const(8)), reg("rsp")])?;
    s.cfi(CfiOp::DefCfaOffset(16))?;
    let msg_ref = s.sym_value(msg, Variant::None);
    let rip = parse_reg("rip");
    s.instruction("leaq", &[Operand::Mem(Mem::base_disp(rip, msg_ref)), reg("rdi")])?;
    let puts = s.symbol("puts");
    let puts_ref = s.sym_value(puts, Variant::Plt);
    s.instruction("callq", &[Operand::Mem(Mem::base_disp(None, puts_ref))])?;
    s.instruction("xorl", &[reg("eax"), reg("eax")])?;
    s.instruction("addq", &[Operand::Imm(Value::Const(8)), reg("rsp")])?;
    s.cfi(CfiOp::DefCfaOffset(8))?;
    s.instruction("retq", &[])?;
    s.cfi_end_proc()?;
    // .size main, . - main
    let end = s.temp_symbol();
    s.emit_label(end, Loc::NONE);
    let (end_e, main_e) = (s.sym_expr(end, Variant::None), s.sym_expr(main, Variant::None));
    let size = s.exprs_mut().binary(llvmext::asm::expr::BinaryOp::Sub, end_e, main_e);
    s.emit_size(main, size);

    // No executable stack.
    let note =
        s.section(SectionDesc::new(".note.GNU-stack", SectionType::PROGBITS, SectionFlags::NONE));
    s.switch_section(note);
    Ok(s.finish()?)
}

#[allow(dead_code)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out] = args.as_slice() else {
        eprintln!("usage: jit-hello-mc OUT.o");
        return ExitCode::from(2);
    };
    let bytes = match build_object() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("jit-hello-mc: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(out, bytes) {
        eprintln!("jit-hello-mc: error: '{out}': {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
