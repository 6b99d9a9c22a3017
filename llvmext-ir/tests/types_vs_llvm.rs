//! Types as `llvm-as-19` reads them and `llvm-dis-19` prints them: a module
//! using every kind of type, written with our printer, must come back from
//! llvm-as-19 | llvm-dis-19 with the same text; and what LLVM refuses to
//! build is an error value here.

mod common;

use common::run;
use llvmext_ir::types::{FloatKind, TypeError, Types, MAX_INT_BITS};

#[test]
fn every_kind_of_type_prints_as_llvm_dis_prints_it() {
    let mut t = Types::new();
    let mut params = Vec::new();
    for bits in [1, 8, 17, 64, 128, 4096, MAX_INT_BITS] {
        params.push(t.int(bits).unwrap());
    }
    for k in [
        FloatKind::Half,
        FloatKind::BFloat,
        FloatKind::Float,
        FloatKind::Double,
        FloatKind::X86Fp80,
        FloatKind::Fp128,
        FloatKind::PpcFp128,
    ] {
        params.push(t.float(k));
    }
    let i8_ = t.int(8).unwrap();
    let i32_ = t.int(32).unwrap();
    let i64_ = t.int(64).unwrap();
    let f64_ = t.float(FloatKind::Double);
    let ptr = t.ptr(0).unwrap();
    let ptr1 = t.ptr(1).unwrap();
    params.extend([ptr, ptr1, t.ptr((1 << 24) - 1).unwrap()]);
    let v4 = t.vector(i32_, 4, false).unwrap();
    let vs = t.vector(f64_, 2, true).unwrap();
    let vp = t.vector(ptr1, 2, false).unwrap();
    params.extend([v4, vs, vp]);
    let a0 = t.array(i8_, 0).unwrap();
    let f32_ = t.float(FloatKind::Float);
    let f4 = t.vector(f32_, 4, false).unwrap();
    let inner = t.array(f4, 4).unwrap();
    let a2 = t.array(inner, 3).unwrap();
    params.extend([a0, a2]);
    let empty = t.literal_struct(&[], false).unwrap();
    let s = t.literal_struct(&[i32_, ptr], false).unwrap();
    let packed = t.literal_struct(&[i8_, i64_], true).unwrap();
    let nested = t.literal_struct(&[s, packed, a0], false).unwrap();
    params.extend([empty, s, packed, nested]);

    let named = t.named_struct("struct.S").unwrap();
    t.set_body(named, &[i32_, ptr, v4], false).unwrap();
    let quoted = t.named_struct("class.a b\"c").unwrap();
    t.set_body(quoted, &[named], true).unwrap();
    let opaque = t.named_struct("0opaque").unwrap();
    params.extend([named, quoted]);
    let svcount = t.target_ext("aarch64.svcount", &[], &[]).unwrap();
    let void = t.void();
    let image = t.target_ext("spirv.Image", &[void], &[0, 1, 0, 0, 0, 0, 0]).unwrap();
    params.extend([svcount, image]);
    let vfn = t.function(void, &[i32_], true).unwrap();
    let none = t.function(i32_, &[], true).unwrap();

    let mut text = String::new();
    for n in [named, quoted, opaque] {
        text += &format!("{} = type {}\n", t.display(n), t.display_body(n).unwrap());
    }
    text += &format!("\n@opaque = external global {}\n\n", t.display(opaque));
    for (i, &p) in params.iter().enumerate() {
        text += &format!("declare void @f{i}({})\n\n", t.display(p));
    }
    text += "declare void @v(i32, ...)\n\ndeclare i32 @n(...)\n\n";
    text += &format!(
        "define void @t() {{\n  call {} @v(i32 1)\n  %1 = call {} @n()\n  ret void\n}}\n",
        t.display(vfn),
        t.display(none)
    );
    let bc = run("llvm-as-19", text.as_bytes());
    let dis = String::from_utf8(run("llvm-dis-19", &bc)).unwrap();
    // llvm-dis prints the module header first and attribute groups last.
    for line in text.lines().filter(|l| !l.is_empty()) {
        assert!(dis.lines().any(|d| d == line), "llvm-dis-19 did not print `{line}`:\n{dis}");
    }
}

#[test]
fn what_llvm_refuses_is_an_error() {
    let mut t = Types::new();
    assert_eq!(t.int(0), Err(TypeError::IntWidth(0)));
    assert_eq!(t.int(MAX_INT_BITS + 1), Err(TypeError::IntWidth(MAX_INT_BITS + 1)));
    assert!(matches!(t.ptr(1 << 24), Err(TypeError::AddressSpace(_))));
    let void = t.void();
    let label = t.label();
    let i32_ = t.int(32).unwrap();
    assert!(matches!(t.vector(void, 4, false), Err(TypeError::BadElement { .. })));
    assert_eq!(t.vector(i32_, 0, false), Err(TypeError::EmptyVector));
    assert!(t.array(label, 1).is_err());
    let f = t.function(void, &[], false).unwrap();
    assert!(t.array(f, 1).is_err());
    let sv = t.vector(i32_, 4, true).unwrap();
    assert!(t.array(sv, 2).is_err(), "no arrays of scalable vectors");
    assert!(t.function(label, &[], false).is_err());
    assert!(t.function(void, &[void], false).is_err());
    let s = t.named_struct("s").unwrap();
    assert_eq!(t.named_struct("s"), Err(TypeError::NameTaken("s".into())));
    t.set_body(s, &[i32_], false).unwrap();
    assert_eq!(t.set_body(s, &[i32_], false), Err(TypeError::NotOpaque));
    assert_eq!(t.find_named("s"), Some(s));
    // Interning: equal types are one id; identified structs never merge.
    assert_eq!(t.int(32).unwrap(), i32_);
    let other = t.named_struct("s2").unwrap();
    t.set_body(other, &[i32_], false).unwrap();
    assert_ne!(s, other);
    // An id of a bigger arena.
    let mut big = Types::new();
    for bits in 1..100 {
        big.int(bits).unwrap();
    }
    let foreign = big.int(99).unwrap();
    assert_eq!(t.array(foreign, 1), Err(TypeError::ForeignId));
}
