//! `.prefalign`, which LLVM 19 does not have (llvm-mc-19 cannot be the
//! oracle): the bytes below are worked out by hand from seed 000's
//! description and the newest LLVM source's `AsmParser::parseDirectivePrefAlign`,
//! `MCObjectStreamer::emitPrefAlign`, `MCAssembler::relaxPrefAlign` and
//! `writeFragment`. The body is what lies between the directive and its
//! end label; the alignment is the smallest power of two at least the
//! body's size, at most the preferred one; the padding is x86 NOPs or the
//! fill byte; the section's alignment rises to the alignment chosen.

use object::{Object, ObjectSection};

fn text_of(src: &str) -> (Vec<u8>, u64) {
    let opts = llvmext_asm::Options { file_name: "p.s".into(), ..Default::default() };
    let obj = llvmext_asm::assemble("x86_64-linux-gnu", src.as_bytes(), &opts)
        .unwrap_or_else(|e| panic!("{e}"));
    let file = object::File::parse(&obj[..]).expect("an ELF object");
    let text = file.section_by_name(".text").expect(".text");
    (text.data().expect("bytes").to_vec(), text.align())
}

fn error_of(src: &str) -> String {
    let opts = llvmext_asm::Options { file_name: "p.s".into(), ..Default::default() };
    match llvmext_asm::assemble("x86_64-linux-gnu", src.as_bytes(), &opts) {
        Ok(_) => panic!("accepted:\n{src}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn padding_follows_the_body_size() {
    let (bytes, align) = text_of(
        "\t.text
\tnop
\t.prefalign 4, .Lend, nop
\t.byte 1, 2, 3, 4, 5
.Lend:
\tnop
\t.prefalign 4, .Lend2, 0xcc
\t.fill 40, 1, 0x11
.Lend2:
\t.prefalign 3, .Lback, nop
.Lback:
\t.byte 0xee
\t.prefalign 5, .Lbefore, nop
.Lbefore:
\t.byte 0xff
",
    );
    let mut want = vec![0x90];
    // Body 5 bytes: bit_ceil(5) = 8 < 16, so align to 8: from 1, 7 bytes,
    // x86's 7-byte NOP.
    want.extend([0x0f, 0x1f, 0x80, 0, 0, 0, 0]);
    want.extend([1, 2, 3, 4, 5, 0x90]);
    // Body 40 bytes: bit_ceil(40) = 64, capped at 16: from 14, 2 fill bytes.
    want.extend([0xcc, 0xcc]);
    want.extend([0x11; 40]);
    // An empty body aligns to 1, an end label before the directive keeps
    // the alignment chosen so far (1): no padding either time.
    want.extend([0xee, 0xff]);
    assert_eq!(bytes, want);
    assert_eq!(align, 16, "the section's alignment rises to the largest chosen");
}

#[test]
fn a_function_as_a_compiler_writes_it() {
    // As a newer LLVM's x86 backend prints a function (seen in rustc and clang output): `.prefalign 4,
    // .Lfunc_end0, nop` before it. A 3-byte function after 1 byte of code
    // aligns to 4; a 20-byte one after that aligns to 16.
    let (bytes, align) = text_of(
        "\t.text
\tret
\t.globl f
\t.prefalign 4, .Lfunc_end0, nop
\t.type f,@function
f:
\txorl %eax, %eax
\tret
.Lfunc_end0:
\t.size f, .Lfunc_end0-f
\t.globl g
\t.prefalign 4, .Lfunc_end1, nop
\t.type g,@function
g:
\t.fill 19, 1, 0x90
\tret
.Lfunc_end1:
\t.size g, .Lfunc_end1-g
",
    );
    let mut want = vec![0xc3];
    // f: body 3 bytes (31 c0 c3): align 4, from 1: a 3-byte NOP.
    want.extend([0x0f, 0x1f, 0x00]);
    want.extend([0x31, 0xc0, 0xc3]);
    // g: body 20 bytes: bit_ceil(20) = 32, capped at 16; from 7, 9 bytes:
    // x86's 9-byte NOP.
    want.extend([0x66, 0x0f, 0x1f, 0x84, 0, 0, 0, 0, 0]);
    want.extend([0x90; 19]);
    want.push(0xc3);
    assert_eq!(bytes, want);
    assert_eq!(align, 16);
}

#[test]
fn errors_are_the_newest_llvm_s() {
    for (src, want) in [
        (
            "\t.prefalign 64, .Le, nop\n",
            "p.s:1:13: error: log2 alignment must be in the range [0, 63]",
        ),
        ("\t.prefalign 4 .Le, nop\n", "p.s:1:15: error: expected comma"),
        ("\t.prefalign 4, 5, nop\n", "p.s:1:16: error: expected symbol name"),
        (
            "\t.prefalign 4, .Le, 256\n.Le:\n",
            "p.s:1:21: error: fill value must be in range [0, 255]",
        ),
        (
            "\t.bss\n\t.prefalign 4, .Le, nop\n.Le:\n",
            "p.s:2:19: error: non-zero fill in BSS section '.bss'",
        ),
        (
            "\t.text\n\t.prefalign 4, .Le, nop\n\tnop\n\t.data\n.Le:\n",
            "<unknown>:0: error: .prefalign end symbol '.Le' must be in the current section",
        ),
    ] {
        let got = error_of(src);
        assert_eq!(got, want, "for:\n{src}");
    }
}
