//! Decimal literals are parsed and printed in near-linear time: doubling
//! the digit count must not quadruple the time (as it did with the
//! schoolbook conversions).

use std::time::{Duration, Instant};

/// The best of five times to parse and print a global initialized with
/// an `n`-digit literal; checks the digits come back.
fn parse_and_print(n: usize) -> Duration {
    let digits: String = (0..n).map(|i| char::from(b'1' + (i * 7 % 9) as u8)).collect();
    let bits = n * 10 / 3 + 64;
    let text = format!("@g = global i{bits} {digits}\n");
    (0..5)
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
    // in a debug build. Four times the digits: the schoolbook algorithms
    // take 16 times as long, Karatsuba 9 times at most; the bound between
    // them leaves room for a noisy, shared machine.
    let (small, large) =
        if cfg!(debug_assertions) { (50_000, 200_000) } else { (250_000, 1_000_000) };
    let _ = parse_and_print(small / 10); // warm-up
    let a = parse_and_print(small);
    let b = parse_and_print(large);
    let ratio = b.as_secs_f64() / a.as_secs_f64();
    eprintln!("{small} digits: {a:?}, {large} digits: {b:?}: ratio {ratio:.2}");
    assert!(ratio < 12.0, "{small} digits: {a:?}, {large} digits: {b:?}: ratio {ratio:.2}");
}
