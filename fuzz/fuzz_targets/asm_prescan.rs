//! The assembler's reading thread against the parser alone, on arbitrary
//! text: the same object, or the same diagnostics, whether the thread
//! reads the source (in chunks of a few dozen bytes, so that chunk ends
//! fall everywhere) or not. Neither may panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte chooses the chunk size: 1 to 256 bytes.
    let Some((&c, text)) = data.split_first() else { return };
    let chunk = usize::from(c) + 1;
    for triple in ["x86_64-linux-gnu", "i686-linux-gnu"] {
        let opts = llvmext_asm::Options::default();
        let alone = llvmext_asm::assemble_prescanned(triple, text, &opts, None);
        let with = llvmext_asm::assemble_prescanned(triple, text, &opts, Some(chunk));
        match (alone, with) {
            (Ok(a), Ok(b)) => assert!(a == b, "{triple}: objects differ"),
            (Err(a), Err(b)) => assert_eq!(a.render(text), b.render(text), "{triple}"),
            (a, b) => panic!("{triple}: one assembled, one did not: {:?} / {:?}", a.err(), b.err()),
        }
    }
});
