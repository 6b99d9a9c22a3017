//! The `.ll` parser on arbitrary bytes: never a panic, never unbounded
//! recursion. What it accepts must verify or be rejected by the verifier
//! with errors (no panic), and a module that verifies must print to text
//! that parses again and prints the same.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(m) = llvmext_ir::parse::parse(data, "fuzz.ll") else { return };
    if llvmext_ir::verify::verify(&m).is_err() {
        return;
    }
    let text = llvmext_ir::write::print(&m);
    let again = match llvmext_ir::parse::parse(text.as_bytes(), "printed.ll") {
        Ok(m) => m,
        Err(e) => panic!("our own printing does not parse: {e}\n{text}"),
    };
    assert_eq!(llvmext_ir::write::print(&again), text, "printing is not a fixed point");
});
