//! Hand-written `.ll` snippets for the rules the corpus found: each is
//! parsed and printed by llvmext-ir and must equal `llvm-as-19 | llvm-dis-19`
//! of the same text (the `; ModuleID` line aside).

mod common;

fn check(src: &str) {
    let m = llvmext_ir::parse::parse(src.as_bytes(), "<stdin>").unwrap_or_else(|e| panic!("{e}"));
    let ours = llvmext_ir::write::print(&m);
    let bc = common::run("llvm-as-19", src.as_bytes());
    let theirs = String::from_utf8(common::run("llvm-dis-19", &bc)).unwrap();
    let strip = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(&ours), strip(&theirs), "\n--- ours\n{ours}\n--- llvm-dis-19\n{theirs}");
}

#[test]
fn atomics_default_to_their_store_size_alignment() {
    check(
        "target datalayout = \"e-p:32:32\"\n\
         define void @f(ptr %p) {\n\
         \x20 %a = atomicrmw add ptr %p, i64 1 seq_cst\n\
         \x20 %b = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst\n\
         \x20 %c = atomicrmw fadd ptr %p, double 1.0 seq_cst\n\
         \x20 %d = atomicrmw xchg ptr %p, ptr null seq_cst\n\
         \x20 %e = atomicrmw add ptr %p, i128 1 seq_cst\n\
         \x20 %g = cmpxchg weak ptr %p, i16 0, i16 1 acquire monotonic, align 8\n\
         \x20 ret void\n\
         }\n",
    );
}

#[test]
fn intrinsic_declarations_take_llvms_attributes() {
    check(
        "declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1) #0\n\
         declare i32 @llvm.eh.typeid.for.p0(ptr) #0\n\
         declare void @llvm.trap() #0\n\
         declare i32 @llvm.not.an.intrinsic(i32) #0\n\
         declare range(i8 -1, 2) i8 @llvm.ucmp.i8.i32(i32, i32) #0\n\
         attributes #0 = { mustprogress nounwind \"x\"=\"y\" }\n",
    );
}

#[test]
fn names_with_dollars_are_quoted_and_floats_print_as_apfloat() {
    check(
        "@\"a$b\" = global double 1.0e-06\n\
         @c = global double 1.0e-08\n\
         @d = global float 0x3E7AD7F2A0000000\n\
         @e = global [2 x double] [double 0.1, double 1.0e+23]\n\
         declare !custom !0 void @f()\n\
         !llvm.module.flags = !{!1}\n\
         !0 = distinct !{}\n\
         !1 = !{i32 2, !\"Debug Info Version\", i32 3}\n",
    );
}
