//! The bitcode reader on arbitrary bytes: never a panic, never unbounded
//! recursion or allocation. Inputs of even length that do not start with
//! a bitcode magic get the `BC\xC0\xDE` magic in front, so the fuzzer gets
//! past it half of the time. A module that reads is verified
//! (errors are fine, a panic is not) and printed; the lazy [`Reader`]
//! reads one function body by index, chosen by the last byte; the ThinLTO
//! summary reader reads the first module's summary and prints it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use llvmext_bitcode::read::{read, Reader};

fuzz_target!(|data: &[u8]| {
    // A real file (the seeds) is read as it is; anything else gets the
    // magic in front when its length is even.
    let owned;
    let bytes: &[u8] = if data.starts_with(b"BC\xC0\xDE")
        || data.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
        || data.len() % 2 == 1
    {
        data
    } else {
        owned = [&b"BC\xC0\xDE"[..], data].concat();
        &owned
    };
    let sel = usize::from(data.last().copied().unwrap_or(0));
    let check = |e: &llvmext_bitcode::read::ReadError| {
        assert!(e.bit <= bytes.len() as u64 * 8, "error bit {} past the input: {e}", e.bit);
        assert!(!e.message().is_empty(), "empty error message at bit {}", e.bit);
    };
    match read(bytes) {
        Ok(m) => {
            let _ = llvmext_ir::verify::verify(&m);
            let _ = llvmext_ir::write::print(&m);
        }
        Err(e) => check(&e),
    }
    if let Ok(Some(s)) = llvmext_bitcode::summary::read(bytes, 0) {
        let _ = s.print("fuzz.bc");
    }
    match Reader::new(bytes) {
        Ok(mut r) => {
            let with: Vec<usize> = r.functions_with_bodies().collect();
            if !with.is_empty() {
                let i = with[sel % with.len()];
                if let Err(e) = r.read_function(i) {
                    check(&e);
                }
            }
        }
        Err(e) => check(&e),
    }
});
