//! Float constants of every format printed as llvm-dis-19 prints them: a
//! module of globals initialized with our text comes back from
//! llvm-as-19 | llvm-dis-19 unchanged (so LLVM reads our text as the same
//! bits, and prints those bits as we do).

mod common;

use common::run;
use llvmext_ir::float::FloatValue;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn values() -> Vec<FloatValue> {
    let mut v = Vec::new();
    let doubles = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        1.5,
        0.1,
        0.5,
        2.5,
        3.25,
        1e10,
        1e-10,
        // Doubles just below a power of ten: APFloat's truncating
        // AdjustToPrecision leaves 999999 and LLVM prints hex.
        1e-06,
        1e-07,
        1e-08,
        9.999999e-07,
        1e20,
        1e22,
        1e23,
        0.3,
        0.7,
        2.675,
        123456.0,
        1234567.0,
        1.234567e300,
        5e-324,
        2.2250738585072014e-308,
        f64::MAX,
        f64::MIN_POSITIVE,
        1.0 / 3.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        100.0,
        1e6,
        9.999995e5,
        9.9999995e5,
    ];
    for d in doubles {
        v.push(FloatValue::Double(f64::to_bits(d)));
        v.push(FloatValue::Float(f32::to_bits(d as f32)));
    }
    for bits in [
        0x7ff8_0000_0000_0000u64,
        0xfff8_0000_0000_0001,
        0x7ff0_0000_0000_0001,
        0x7ff4_0000_0000_0000,
    ] {
        v.push(FloatValue::Double(bits));
    }
    for bits in [0x7fc0_0000u32, 0xffc0_0001, 0x7f80_0001, 0x7fa0_0000, 0x0000_0001, 0x8000_0000] {
        v.push(FloatValue::Float(bits));
    }
    let mut r = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..200 {
        v.push(FloatValue::Double(r.next()));
        v.push(FloatValue::Float(r.next() as u32));
        v.push(FloatValue::Half(r.next() as u16));
        v.push(FloatValue::BFloat(r.next() as u16));
        // x86_fp80: an explicit integer bit, as LLVM's parser keeps it.
        let lo = r.next() | 1 << 63;
        let hi = r.next() & 0xffff;
        v.push(FloatValue::X86Fp80(u128::from(hi) << 64 | u128::from(lo)));
        v.push(FloatValue::Fp128(u128::from(r.next()) << 64 | u128::from(r.next())));
    }
    for x in [1.0f64, 0.1, -2.5, 1e300] {
        // ppc_fp128 with a zero low part: the high double in the low bits.
        v.push(FloatValue::PpcFp128(u128::from(x.to_bits())));
    }
    v.push(FloatValue::PpcFp128(
        u128::from(1e-20f64.to_bits()) << 64 | u128::from(1.0f64.to_bits()),
    ));
    v
}

#[test]
fn floats_print_as_llvm_dis_prints_them() {
    let vals = values();
    let mut text = String::new();
    for (i, v) in vals.iter().enumerate() {
        text += &format!("@g{i} = global {} {v}\n", v.kind().keyword());
    }
    let bc = run("llvm-as-19", text.as_bytes());
    let dis = String::from_utf8(run("llvm-dis-19", &bc)).unwrap();
    let printed: Vec<&str> = dis.lines().filter(|l| l.starts_with("@g")).collect();
    assert_eq!(printed.len(), vals.len());
    let mut decimal = 0;
    for (ours, theirs) in text.lines().zip(&printed) {
        assert_eq!(ours, *theirs);
        if !ours.contains("0x") {
            decimal += 1;
        }
    }
    assert!(decimal > 30, "only {decimal} values printed in decimal");
}
