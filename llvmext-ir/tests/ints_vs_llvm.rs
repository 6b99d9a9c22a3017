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

/// Decimal literals of 1 to 30 000 digits, positive and negative, read into
/// widths below, at and above their size (LLVM truncates to the type), and
/// `u0x`/`s0x` literals (`s0x` is signed at its active bits: `s0x7` is
/// -1): parsed and printed back, they must equal `llvm-as-19 | llvm-dis-19`.
#[test]
fn literals_parse_and_print_as_llvm_does() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut text = String::new();
    let mut i = 0;
    for nd in [1usize, 19, 20, 39, 100, 760, 1000, 3000, 10_000, 30_000] {
        for w in [8u32, 63, 64, 65, 129, 1000, 3333, 4097, 40_000, 100_001] {
            for sign in ["", "-"] {
                let digits: String = match next() % 5 {
                    0 => "9".repeat(nd),
                    1 => format!("1{}", "0".repeat(nd - 1)),
                    // Leading zeros included.
                    _ => (0..nd).map(|_| char::from(b'0' + (next() % 10) as u8)).collect(),
                };
                text += &format!("@g{i} = global i{w} {sign}{digits}\n");
                i += 1;
            }
        }
    }
    for w in [8u32, 64, 65, 128, 129, 256, 4097] {
        for h in ["0", "7", "F", "8F", "FFFF", "80000000000000000", &"ABCDEF".repeat(20)] {
            for p in ["u0x", "s0x"] {
                text += &format!("@g{i} = global i{w} {p}{h}\n");
                i += 1;
            }
        }
    }
    let m = llvmext_ir::parse::parse(text.as_bytes(), "<stdin>").unwrap();
    let ours = llvmext_ir::write::print(&m);
    let bc = run("llvm-as-19", text.as_bytes());
    let dis = String::from_utf8(run("llvm-dis-19", &bc)).unwrap();
    assert_eq!(ours, dis);
}
