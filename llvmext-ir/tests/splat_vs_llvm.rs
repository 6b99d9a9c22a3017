//! Splats and other uniform aggregates: stored once (the model holds no
//! constant per element of a type), printed element by element as
//! llvm-dis-19 prints them.

mod common;

use common::run;
use llvmext_ir::constant::ConstKind;

const UNIFORM: &str = r#"
@a = global <4 x i32> <i32 1, i32 1, i32 1, i32 1>
@b = global <4 x i32> splat (i32 1)
@c = global [4 x i32] [i32 1, i32 1, i32 1, i32 1]
@d = global [4 x i8] c"aaaa"
@e = global [4 x i8] [i8 1, i8 1, i8 1, i8 1]
@f = global <4 x float> splat (float 1.0)
@g = global <4 x ptr> splat (ptr @g)
@h = global [2 x [2 x i32]] [[2 x i32] [i32 1, i32 1], [2 x i32] [i32 1, i32 1]]
@i = global <4 x i32> splat (i32 0)
@j = global <4 x i32> splat (i32 undef)
@k = global <4 x i32> splat (i32 poison)
@l = global <2 x i1> splat (i1 true)
@m = global <2 x i64> <i64 ptrtoint (ptr @g to i64), i64 ptrtoint (ptr @g to i64)>
@n = global <2 x i128> splat (i128 3)
@o = global <1 x i32> splat (i32 3)
@p = global [1 x i32] [i32 3]
@q = global [1 x i8] c"\22"
@r = global [3 x i8] c"\22\22\22"
@s = global [3 x i8] c"\\\\\\"
@t = global [3 x [2 x i8]] [[2 x i8] c"ab", [2 x i8] c"ab", [2 x i8] c"ab"]
@u = global <3 x ptr> <ptr @a, ptr @a, ptr @a>
@v = global { <2 x i8>, [2 x i16] } { <2 x i8> splat (i8 9), [2 x i16] [i16 -1, i16 -1] }
@w = global <2 x i64> splat (i64 ptrtoint (ptr @g to i64))
@x = global [2 x ptr] [ptr getelementptr (i8, ptr @a, i64 1), ptr getelementptr (i8, ptr @a, i64 1)]
%S = type { i32, i32 }
@y = global ptr getelementptr ({ i32, i32 }, ptr @a, i64 0, i32 1)
define <4 x i32> @fn(<4 x i32> %x, <4 x ptr> %p) {
  %1 = add <4 x i32> %x, splat (i32 5)
  %2 = shufflevector <4 x i32> %1, <4 x i32> %x, <4 x i32> <i32 2, i32 2, i32 2, i32 2>
  %3 = shufflevector <4 x i32> %1, <4 x i32> %x, <4 x i32> zeroinitializer
  %4 = getelementptr %S, <4 x ptr> %p, <4 x i64> zeroinitializer, <4 x i32> splat (i32 1)
  %5 = and <4 x i32> %2, <i32 7, i32 7, i32 7, i32 7>
  %6 = shufflevector <4 x i32> %5, <4 x i32> %3, <8 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  ret <4 x i32> %5
}
"#;

#[test]
fn uniform_constants_print_as_llvm_dis_prints_them() {
    let m = llvmext_ir::parse::parse(UNIFORM.as_bytes(), "<stdin>").unwrap();
    let ours = llvmext_ir::write::print(&m);
    let dis =
        String::from_utf8(run("llvm-dis-19", &run("llvm-as-19", UNIFORM.as_bytes()))).unwrap();
    assert_eq!(ours, dis);
}

#[test]
fn a_splat_is_stored_once_whatever_its_length() {
    let text = "@g = global <100000000 x i32> splat (i32 1)\n\
                @h = global <4000000000 x i8> <i8 1, i8 1, i8 2, i8 2>\n";
    // The second global is an error (a length mismatch), reported without
    // building 4e9 elements.
    let e = llvmext_ir::parse::parse(text.as_bytes(), "<stdin>").unwrap_err();
    assert!(e.to_string().contains("2:"), "{e}");
    let text = "@g = global <100000000 x i32> splat (i32 1)\n\
                @h = global <100000000 x i32> splat (i32 1)\n";
    let m = llvmext_ir::parse::parse(text.as_bytes(), "<stdin>").unwrap();
    assert!(m.consts.len() < 10, "{} constants", m.consts.len());
    let splats = m.consts.iter().filter(|(_, _, k)| matches!(k, ConstKind::Splat(_))).count();
    assert_eq!(splats, 1);
}

#[test]
fn equal_elements_are_one_splat() {
    let text = "@a = global <4 x i32> splat (i32 7)\n\
                @b = global <4 x i32> <i32 7, i32 7, i32 7, i32 7>\n\
                @c = global [3 x i8] c\"zzz\"\n\
                @d = global [3 x i8] [i8 122, i8 122, i8 122]\n";
    let m = llvmext_ir::parse::parse(text.as_bytes(), "<stdin>").unwrap();
    let inits: Vec<_> = m.globals.iter().map(|g| g.init.unwrap()).collect();
    assert_eq!(inits[0], inits[1]);
    assert_eq!(inits[2], inits[3]);
    assert!(matches!(m.consts.kind(inits[0]), Some(ConstKind::Splat(_))));
    assert!(matches!(m.consts.kind(inits[2]), Some(ConstKind::Splat(_))));
}

/// `print_to` hands on the text of long splats in pieces, never whole, and
/// the pieces make the text `print` gives (and llvm-dis-19 prints).
#[test]
fn long_splats_are_printed_in_pieces() {
    let text = format!(
        "@a = global <100000 x i32> splat (i32 1)\n@b = global [200000 x i8] c\"{}\"\n\
         @c = global [300 x [300 x i16]] zeroinitializer\n@d = global i8 1\n",
        "\\01".repeat(200_000)
    );
    let m = llvmext_ir::parse::parse(text.as_bytes(), "<stdin>").unwrap();
    let mut pieces = 0;
    let mut longest = 0;
    let mut streamed = Vec::new();
    llvmext_ir::write::print_to(&m, "<stdin>", &mut |p| {
        pieces += 1;
        longest = longest.max(p.len());
        streamed.extend_from_slice(p);
    });
    let streamed = String::from_utf8(streamed).unwrap();
    assert!(pieces > 10 && longest < 1 << 20, "{pieces} pieces, the longest {longest} bytes");
    assert_eq!(streamed, llvmext_ir::write::print(&m));
    let dis = String::from_utf8(run("llvm-dis-19", &run("llvm-as-19", text.as_bytes()))).unwrap();
    assert_eq!(streamed, dis);
}

/// Constant expressions over vectors longer than the lane-by-lane bound
/// for compact operands fold as LLVM folds them when an operand lists its
/// elements (LLVM folds at any length).
#[test]
fn long_listed_vectors_fold_as_llvm_folds_them() {
    const N: usize = 5000;
    let list = |ty: &str, f: &dyn Fn(usize) -> usize| {
        let items: Vec<String> = (0..N).map(|i| format!("{ty} {}", f(i))).collect();
        format!("<{N} x {ty}> <{}>", items.join(", "))
    };
    let text = format!(
        "@a = global <{N} x i32> add ({}, <{N} x i32> splat (i32 7))\n\
         @b = global <{N} x i32> insertelement ({}, i32 9, i32 3)\n\
         @c = global <{N} x i16> trunc ({} to <{N} x i16>)\n\
         @d = global <{N} x i32> shufflevector (<2 x i32> <i32 1, i32 2>, <2 x i32> <i32 3, i32 4>, {})\n\
         @e = global <{N} x i32> mul ({}, {})\n",
        list("i32", &|i| i),
        list("i32", &|i| i * 3),
        list("i32", &|i| i * 70_000),
        list("i32", &|i| i % 4),
        list("i32", &|i| i),
        list("i32", &|i| i + 1),
    );
    let m = llvmext_ir::parse::parse(text.as_bytes(), "<stdin>").unwrap();
    let ours = llvmext_ir::write::print(&m);
    let dis = String::from_utf8(run("llvm-dis-19", &run("llvm-as-19", text.as_bytes()))).unwrap();
    assert!(
        ours == dis,
        "differs from llvm-as-19 | llvm-dis-19 (first 300 bytes ours: {})",
        &ours[..300.min(ours.len())]
    );
    assert!(!ours.contains("add ("), "not folded");
}
