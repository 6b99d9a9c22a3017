//! The GAS parser and the whole assembler on arbitrary text: an object or
//! diagnostics, never a panic, a hang or unbounded memory. Inputs are
//! assembled for x86-64 and i386; every diagnostic must have a place in
//! its source (the input, an included file or a macro expansion), or
//! none for errors about the whole output; rendering them never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for triple in ["x86_64-linux-gnu", "i686-linux-gnu"] {
        let opts = llvmext_asm::Options::default();
        match llvmext_asm::assemble(triple, data, &opts) {
            Ok(obj) => assert_eq!(&obj[..4], b"\x7fELF"),
            Err(e) => {
                assert!(e.first().is_some(), "an error without an error diagnostic");
                let lines = data.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
                for d in e.diagnostics.iter().filter(|d| d.loc.file == 0) {
                    assert!(d.loc.line <= lines + 1, "diagnostic past the input: {d}");
                }
                // Expansions and includes are sources of their own: every
                // place must be in a source the error names.
                for d in &e.diagnostics {
                    assert!((d.loc.file as usize) < e.files.len().max(1), "unknown source: {d}");
                }
                let _ = e.render(data);
            }
        }
    }
});
