//! Decimal literals are parsed and printed in near-linear time: doubling
//! the digit count must not quadruple the time (as it did with the
//! schoolbook conversions).

use std::time::{Duration, Instant};

/// The best of three times to parse and print a global initialized with
/// an `n`-digit literal; checks the digits come back.
fn parse_and_print(n: usize) -> Duration {
    let digits: String = (0..n).map(|i| char::from(b'1' + (i * 7 % 9) as u8)).collect();
    let bits = n * 10 / 3 + 64;
    let text = format!("@g = global i{bits} {digits}\n");
    (0..3)
        .map(|_| {
            let t = Instant::now();
            let m = llvmext_ir::parse::parse(text.as_bytes(), "<stdin>").unwrap();
            let out = llvmext_ir::write::print(&m);
            let d = t.elapsed();
            assert!(out.contains(&digits));
            d
        })
        .min()
        .unwrap()
}

#[test]
fn big_literals_take_near_linear_time() {
    // Big enough that the conversions, not the fixed costs, dominate even
    // in a debug build; the schoolbook algorithms gave a ratio near 4,
    // Karatsuba near 3 at most.
    let (small, large) =
        if cfg!(debug_assertions) { (100_000, 200_000) } else { (500_000, 1_000_000) };
    let _ = parse_and_print(small / 10); // warm-up
    let a = parse_and_print(small);
    let b = parse_and_print(large);
    let ratio = b.as_secs_f64() / a.as_secs_f64();
    eprintln!("{small} digits: {a:?}, {large} digits: {b:?}: ratio {ratio:.2}");
    assert!(ratio < 3.5, "{small} digits: {a:?}, {large} digits: {b:?}: ratio {ratio:.2}");
}
