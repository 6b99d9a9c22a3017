// Input for the jump-table-sizes, BB-address-map (version 5) and call-graph
// tests: compiled by rustc (LLVM 22) with
// -C llvm-args=-emit-jump-table-sizes-section,
// -C llvm-args=-basic-block-address-map and -C llvm-args=--call-graph-section.
#![crate_type = "lib"]

#[no_mangle]
pub fn sw(x: u32, y: u32) -> u32 {
    match x {
        0 => y + 1,
        1 => y * 3,
        2 => y ^ 7,
        3 => y / 5 + 2,
        4 => y.wrapping_sub(9),
        5 => y << 2,
        6 => y >> 1,
        _ => 0,
    }
}

#[inline(never)]
#[no_mangle]
pub fn leaf(x: u32) -> u32 {
    x.wrapping_mul(2654435761) >> 7
}

#[no_mangle]
pub fn calls(x: u32) -> u32 {
    if x > 3 {
        leaf(x) + leaf(x + 1)
    } else {
        sw(x, 5)
    }
}
