//! Integer constants of many widths printed as llvm-dis-19 prints them: a
//! module of globals initialized with our text comes back from
//! llvm-as-19 | llvm-dis-19 unchanged.

mod common;

use common::run;
use llvmext_ir::int::IntValue;

#[test]
fn integers_print_as_llvm_dis_prints_them() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut vals = Vec::new();
    for bits in [1, 2, 7, 8, 16, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200, 256, 1000, 4096] {
        let n = (bits as usize).div_ceil(64);
        vals.push(IntValue::from_u64(bits, 0).unwrap());
        vals.push(IntValue::from_i64(bits, -1).unwrap());
        vals.push(IntValue::from_u64(bits, 1).unwrap());
        // The most negative and the largest value.
        let mut min = vec![0u64; n];
        min[(bits as usize - 1) / 64] = 1 << ((bits - 1) % 64);
        vals.push(IntValue::from_limbs(bits, &min).unwrap());
        let max: Vec<u64> = min.iter().map(|&m| if m == 0 { u64::MAX } else { m - 1 }).collect();
        vals.push(IntValue::from_limbs(bits, &max).unwrap());
        for _ in 0..5 {
            let limbs: Vec<u64> = (0..n).map(|_| next()).collect();
            vals.push(IntValue::from_limbs(bits, &limbs).unwrap());
        }
    }
    let mut text = String::new();
    for (i, v) in vals.iter().enumerate() {
        text += &format!("@g{i} = global i{} {v}\n", v.bits());
    }
    let bc = run("llvm-as-19", text.as_bytes());
    let dis = String::from_utf8(run("llvm-dis-19", &bc)).unwrap();
    let printed: Vec<&str> = dis.lines().filter(|l| l.starts_with("@g")).collect();
    assert_eq!(printed.len(), vals.len());
    for (ours, theirs) in text.lines().zip(&printed) {
        assert_eq!(ours, *theirs);
    }
}
