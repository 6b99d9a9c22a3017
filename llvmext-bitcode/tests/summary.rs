//! `llvmext_bitcode::summary`: its MD5 against RFC 1321's test vectors,
//! GUIDs and summaries against LLVM 19 (a `clang-19 -flto=thin` module of
//! `testdata/c/sched.c`, built at test time, printed by `llvm-dis-19`), and
//! the reader on hostile input (every truncation, corrupted words): an
//! `Err` located in the input, never a panic.

use std::path::PathBuf;
use std::process::Command;

use llvmext_bitcode::summary::{global_identifier, guid, md5, read, Linkage, Range};

fn hex(d: [u8; 16]) -> String {
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// RFC 1321, appendix A.5.
#[test]
fn md5_rfc1321_vectors() {
    let cases: [(&[u8], &str); 7] = [
        (b"", "d41d8cd98f00b204e9800998ecf8427e"),
        (b"a", "0cc175b9c0f1b6a831c399e269772661"),
        (b"abc", "900150983cd24fb0d6963f7d28e17f72"),
        (b"message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        (b"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        (
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
            "d174ab98d277d9f5a5611c2c9f419d9f",
        ),
        (
            b"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
            "57edf4a22be3c955ac49da2e2107b67a",
        ),
    ];
    for (input, want) in cases {
        assert_eq!(hex(md5(input)), want, "{:?}", String::from_utf8_lossy(input));
    }
    // Lengths around the padding boundary (55, 56, 64 bytes).
    for n in [55, 56, 63, 64, 65, 119, 120] {
        let _ = md5(&vec![b'x'; n]);
    }
}

/// GUIDs llvm-dis-19 printed for a `clang-19 -flto=thin` module of
/// `/work/main/testdata/c/sched.c`.
#[test]
fn guids_as_llvm() {
    assert_eq!(guid(b"vfprintf"), 454713833045966355);
    assert_eq!(guid(b"free"), 14965618067398077866);
    let file = b"/work/main/testdata/c/sched.c";
    let local = |n: &[u8], l| guid(&global_identifier(n, l, file));
    assert_eq!(local(b"current_env", Linkage::Internal), 246405389957622937);
    assert_eq!(local(b"__const.main.h", Linkage::Private), 14469956368047276302);
    assert_eq!(local(b"main", Linkage::External), 15822663052811949562);
}

#[test]
fn ranges_print_as_constant_range() {
    let r = |lower: i64, upper: i64| {
        let r = Range { lower: lower as u64, upper: upper as u64 };
        (r.signed_min(), r.signed_max())
    };
    assert_eq!(r(0, 8), (0, 7));
    assert_eq!(r(-4, 4), (-4, 3));
    assert_eq!(r(0, 0), (0, -1)); // empty
    assert_eq!(r(-1, -1), (i64::MIN, i64::MAX)); // full
    assert_eq!(r(5, -3), (i64::MIN, i64::MAX)); // sign-wrapped
}

/// A ThinLTO module of `testdata/c/sched.c` by clang-19 (written to
/// `name`, one per test: they run in parallel), and the text llvm-dis-19
/// makes of it (run in its directory, on its file name).
fn thin_module(name: &str) -> (Vec<u8>, String) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = root.join("target/llvmext-summary-test");
    std::fs::create_dir_all(&dir).unwrap();
    let bc = dir.join(name);
    let st = Command::new("clang-19")
        .args(["-flto=thin", "-O2", "-c", "-o"])
        .arg(&bc)
        .arg(root.join("testdata/c/sched.c"))
        .status()
        .expect("clang-19 (Debian package clang-19) runs");
    assert!(st.success());
    let out = Command::new("llvm-dis-19")
        .args([name, "-o", "-"])
        .current_dir(&dir)
        .output()
        .expect("llvm-dis-19 (Debian package llvm-19) runs");
    assert!(out.status.success());
    (std::fs::read(&bc).unwrap(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn summary_prints_as_llvm_dis() {
    let (bytes, text) = thin_module("sched.bc");
    let at = text.find("\n\n^0 = module: ").expect("llvm-dis-19 printed a summary");
    let theirs = &text[at + 1..];
    let s = read(&bytes, 0).unwrap().expect("a summary");
    assert_eq!(s.version, 10);
    assert!(s.values.windows(2).all(|w| w[0].guid < w[1].guid));
    let ours = String::from_utf8(s.print("sched.bc")).unwrap();
    assert_eq!(ours, theirs);
}

#[test]
fn modules_without_a_summary_have_none() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = root.join("target/llvmext-summary-test");
    std::fs::create_dir_all(&dir).unwrap();
    let bc = dir.join("plain.bc");
    let st = Command::new("clang-19")
        .args(["-emit-llvm", "-O1", "-c", "-o"])
        .arg(&bc)
        .arg(root.join("testdata/c/sched.c"))
        .status()
        .expect("clang-19 runs");
    assert!(st.success());
    assert_eq!(read(&std::fs::read(&bc).unwrap(), 0).unwrap(), None);
}

#[test]
fn hostile_inputs_are_errors_not_panics() {
    assert!(read(b"", 0).is_err());
    assert!(read(b"BC\xC0\xDE", 0).is_err());
    assert!(read(&[0x42, 0x43, 0xC0, 0xDE, 0x35, 0x14, 0, 0, 5, 0, 0, 0], 0).is_err());
    let (bytes, _) = thin_module("hostile.bc");
    let bits = bytes.len() as u64 * 8;
    // Every truncation at a word boundary.
    for n in (4..bytes.len()).step_by(4) {
        if let Err(e) = read(&bytes[..n], 0) {
            assert!(e.bit <= bits, "{e}");
            assert!(!e.message().is_empty());
        }
    }
    // Every word set to all ones, then to a small count.
    for v in [[0xff; 4], [0x13, 0, 0, 0]] {
        for i in (4..bytes.len()).step_by(4) {
            let mut b = bytes.clone();
            b[i..i + 4].copy_from_slice(&v);
            if let Err(e) = read(&b, 0) {
                assert!(e.bit <= bits, "{e}");
            }
        }
    }
}
