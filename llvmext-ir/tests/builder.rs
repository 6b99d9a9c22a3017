//! The builder's acceptance test: a module built only through the builder
//! (loops with phis, calls, globals, a switch, a struct type, metadata) is
//! printed with `write::print`, assembled with `llvm-as-19`, compiled with
//! `clang-19` together with a C driver, and run; plus the builder's type
//! errors.

mod common;

use std::path::PathBuf;
use std::process::Command;

use llvmext_ir::builder::{BuildError, Builder, GepFlags};
use llvmext_ir::inst::{CastOp, IntPred, Ordering, RmwOp};
use llvmext_ir::module::{GlobalRef, Linkage, Module};
use llvmext_ir::types::FloatKind;
use llvmext_ir::verify::verify;

type R<T> = Result<T, BuildError>;

/// The module the C driver below links against.
fn build(triple: Option<&str>) -> R<Module> {
    let mut m = Module::new();
    m.triple = triple.map(Into::into);
    m.source_filename = Some(b"builder-test".to_vec().into());
    let mut b = Builder::new(&mut m);
    let i1 = b.int(1)?;
    let i32t = b.int(32)?;
    let i64t = b.int(64)?;
    let ptr = b.ptr(0)?;
    let void = b.void();
    let double = b.float(FloatKind::Double);
    let pair = b.named_struct("struct.pair", &[i32t, i64t])?;
    let _ = i1;

    // Globals.
    let table_ty = b.array(i32t, 5)?;
    let elems = [3, 1, 4, 1, 5].map(|v| b.const_int(i32t, v));
    let elems: Vec<_> = elems.into_iter().collect::<R<_>>()?;
    let table_init = b.const_array(table_ty, &elems)?;
    let table = b.global("table", table_ty).init(table_init).constant().finish()?;
    let hundred = b.const_int(i32t, 100)?;
    let counter = b.global("counter", i32t).init(hundred).finish()?;
    let greeting = b.global_string("greeting", b"hello")?;

    // Metadata: !llvm.ident, a note on a global and on an instruction.
    let ident = b.md_string(b"llvmext builder test");
    let ident_t = b.md_tuple(&[Some(ident)])?;
    b.named_md("llvm.ident", &[ident_t])?;
    let note = b.md_string(b"a note");
    let note_t = b.md_tuple(&[Some(note)])?;
    b.attach_global(counter, "my.note", note_t)?;

    let nounwind = b.attr("nounwind")?;
    let attrs = b.attr_list(vec![nounwind], vec![], vec![]);

    // int64_t sum_table(int32_t n): a loop with two phis over @table.
    let fty = b.fn_type(i64t, &[i32t])?;
    let sum_table = b.define_function("sum_table", fty)?;
    b.set_function_attrs(sum_table, attrs)?;
    b.set_arg_name(sum_table, 0, "n")?;
    {
        let mut f = b.func(sum_table)?;
        let entry = f.block("entry");
        let lp = f.block("loop");
        let body = f.block("body");
        let exit = f.block("exit");
        f.position_at_end(entry);
        f.br(lp)?;
        f.position_at_end(lp);
        let i = f.phi(i32t, "i")?;
        let acc = f.phi(i64t, "acc")?;
        let n = f.arg(0)?;
        let c = f.icmp(IntPred::Slt, i, n, "c")?;
        f.br_cond(c, body, exit)?;
        f.position_at_end(body);
        let i64i = f.sext(i, i64t, "idx")?;
        let zero64 = f.const_int(i64t, 0)?;
        let tbl = f.global(table)?;
        let p = f.gep(table_ty, tbl, &[zero64, i64i], GepFlags::INBOUNDS, "p")?;
        let v = f.load(i32t, p, 4, "v")?;
        let v64 = f.cast(CastOp::SExt, v, i64t, "v64")?;
        let acc2 = f.add(acc, v64, "acc2")?;
        let one = f.const_int(i32t, 1)?;
        let i2 = f.add(i, one, "i2")?;
        f.br(lp)?;
        let zero32 = f.const_int(i32t, 0)?;
        f.add_incoming(i, zero32, entry)?;
        f.add_incoming(i, i2, body)?;
        f.add_incoming(acc, zero64, entry)?;
        f.add_incoming(acc, acc2, body)?;
        f.position_at_end(exit);
        f.ret(Some(acc))?;
    }

    // int32_t classify(int32_t x): a switch joined by a phi.
    let fty = b.fn_type(i32t, &[i32t])?;
    let classify = b.define_function("classify", fty)?;
    {
        let mut f = b.func(classify)?;
        let entry = f.block("entry");
        let blocks: Vec<_> = ["zero", "one", "seven", "other"].iter().map(|n| f.block(n)).collect();
        let join = f.block("join");
        f.position_at_end(entry);
        let x = f.arg(0)?;
        let cases: Vec<_> = [0, 1, 7]
            .iter()
            .zip(&blocks)
            .map(|(&v, &bl)| Ok((Builder::new(f.module()).const_int(i32t, v)?.into(), bl)))
            .collect::<R<_>>()?;
        let sw = f.switch(x, blocks[3], &cases)?;
        let note = Builder::new(f.module()).md_string(b"the switch");
        let note = Builder::new(f.module()).md_tuple(&[Some(note)])?;
        f.attach_inst(sw, "my.note", note)?;
        for &bl in &blocks {
            f.position_at_end(bl);
            f.br(join)?;
        }
        f.position_at_end(join);
        let r = f.phi(i32t, "r")?;
        for (&bl, v) in blocks.iter().zip([10, 20, 30, -1]) {
            let c = f.const_int(i32t, v)?;
            f.add_incoming(r, c, bl)?;
        }
        f.ret(Some(r))?;
    }

    // void make_pair(struct pair *out, int32_t a, int64_t b): struct GEPs
    // and aggregate values.
    let fty = b.fn_type(void, &[ptr, i32t, i64t])?;
    let make_pair = b.define_function("make_pair", fty)?;
    {
        let mut f = b.func(make_pair)?;
        let entry = f.block("entry");
        f.position_at_end(entry);
        let (out, a, bb) = (f.arg(0)?, f.arg(1)?, f.arg(2)?);
        let undef = f.const_undef(pair)?;
        let agg = f.insert_value(undef, a, &[0], "agg")?;
        let agg = f.insert_value(agg, bb, &[1], "agg2")?;
        let a2 = f.extract_value(agg, &[0], "a2")?;
        let b2 = f.extract_value(agg, &[1], "b2")?;
        let z = f.const_int(i32t, 0)?;
        let one = f.const_int(i32t, 1)?;
        let p0 = f.gep(pair, out, &[z, z], GepFlags::INBOUNDS, "p0")?;
        let p1 = f.gep(pair, out, &[z, one], GepFlags::INBOUNDS, "p1")?;
        f.store(a2, p0, 8)?;
        f.store(b2, p1, 8)?;
        f.ret(None)?;
    }

    // int32_t fact(int32_t n): recursion through a call.
    let fty = b.fn_type(i32t, &[i32t])?;
    let fact = b.define_function("fact", fty)?;
    {
        let mut f = b.func(fact)?;
        let entry = f.block("entry");
        let base = f.block("base");
        let rec = f.block("rec");
        f.position_at_end(entry);
        let n = f.arg(0)?;
        let one = f.const_int(i32t, 1)?;
        let c = f.icmp(IntPred::Sle, n, one, "c")?;
        f.br_cond(c, base, rec)?;
        f.position_at_end(base);
        f.ret(Some(one))?;
        f.position_at_end(rec);
        let n1 = f.sub(n, one, "n1")?;
        let r = f.call_function(fact, &[n1], "r")?;
        let p = f.mul(n, r, "p")?;
        f.ret(Some(p))?;
    }

    // double avg(int32_t, int32_t).
    let fty = b.fn_type(double, &[i32t, i32t])?;
    let avg = b.define_function("avg", fty)?;
    {
        let mut f = b.func(avg)?;
        let entry = f.block("entry");
        f.position_at_end(entry);
        let (x, y) = (f.arg(0)?, f.arg(1)?);
        let fx = f.sitofp(x, double, "fx")?;
        let fy = f.sitofp(y, double, "fy")?;
        let s = f.fadd(fx, fy, "s")?;
        let two = f.const_float(double, 2.0)?;
        let h = f.fdiv(s, two, "h")?;
        f.ret(Some(h))?;
    }

    // int32_t twice(int32_t) is the driver's; quad calls it twice.
    let fty = b.fn_type(i32t, &[i32t])?;
    let twice = b.declare_function("twice", fty)?;
    let quad = b.define_function("quad", fty)?;
    {
        let mut f = b.func(quad)?;
        let entry = f.block("entry");
        f.position_at_end(entry);
        let x = f.arg(0)?;
        let y = f.call_function(twice, &[x], "y")?;
        let z = f.call_function(twice, &[y], "z")?;
        f.ret(Some(z))?;
    }

    // int32_t bump(int32_t d): atomicrmw on @counter, returns the old value.
    let bump = b.define_function("bump", fty)?;
    {
        let mut f = b.func(bump)?;
        let entry = f.block("entry");
        f.position_at_end(entry);
        let d = f.arg(0)?;
        let cp = f.global(counter)?;
        let old = f.atomic_rmw(RmwOp::Add, cp, d, Ordering::SeqCst, 4, "old")?;
        f.ret(Some(old))?;
    }

    // int32_t cas(int32_t *p, int32_t expected, int32_t new): 1 on success.
    let fty = b.fn_type(i32t, &[ptr, i32t, i32t])?;
    let cas = b.define_function("cas", fty)?;
    {
        let mut f = b.func(cas)?;
        let entry = f.block("entry");
        f.position_at_end(entry);
        let (p, e, n) = (f.arg(0)?, f.arg(1)?, f.arg(2)?);
        let pairv = f.cmpxchg(p, e, n, Ordering::SeqCst, Ordering::SeqCst, 4, "x")?;
        let ok = f.extract_value(pairv, &[1], "ok")?;
        let r = f.zext(ok, i32t, "r")?;
        f.ret(Some(r))?;
    }

    // int32_t maxi(int32_t, int32_t): select over frozen values.
    let fty = b.fn_type(i32t, &[i32t, i32t])?;
    let maxi = b.define_function("maxi", fty)?;
    {
        let mut f = b.func(maxi)?;
        let entry = f.block("entry");
        f.position_at_end(entry);
        let x = f.freeze(f.arg(0)?, "x")?;
        let y = f.arg(1)?;
        let gt = f.icmp(IntPred::Sgt, x, y, "gt")?;
        let r = f.select(gt, x, y, "r")?;
        f.ret(Some(r))?;
    }

    // const char *get_greeting(void).
    let fty = b.fn_type(ptr, &[])?;
    let get_greeting = b.define_function("get_greeting", fty)?;
    {
        let mut f = b.func(get_greeting)?;
        let entry = f.block("entry");
        f.position_at_end(entry);
        let g = f.global(greeting)?;
        f.ret(Some(g))?;
    }
    let _ = GlobalRef::Func(0);
    Ok(m)
}

const DRIVER: &str = r#"
#include <stdio.h>
#include <stdint.h>
struct pair { int32_t a; int64_t b; };
int64_t sum_table(int32_t n);
int32_t classify(int32_t x);
void make_pair(struct pair *out, int32_t a, int64_t b);
int32_t fact(int32_t n);
double avg(int32_t a, int32_t b);
int32_t quad(int32_t x);
int32_t bump(int32_t d);
int32_t cas(int32_t *p, int32_t e, int32_t n);
int32_t maxi(int32_t a, int32_t b);
const char *get_greeting(void);
extern int32_t counter;
extern const int32_t table[5];
int32_t twice(int32_t x) { return 2 * x; }
int main(void) {
    struct pair p = {0, 0};
    make_pair(&p, -7, 1234567890123LL);
    int32_t v = 5;
    int ok1 = cas(&v, 5, 9), ok2 = cas(&v, 5, 11);
    int32_t old = bump(3);
    printf("sum %lld %lld %lld\n", (long long)sum_table(5), (long long)sum_table(3), (long long)sum_table(0));
    printf("classify %d %d %d %d\n", classify(0), classify(1), classify(7), classify(42));
    printf("pair %d %lld\n", p.a, (long long)p.b);
    printf("fact %d %d\n", fact(1), fact(10));
    printf("avg %.2f\n", avg(3, 8));
    printf("quad %d\n", quad(5));
    printf("bump %d %d\n", old, counter);
    printf("cas %d %d %d\n", ok1, ok2, v);
    printf("max %d %d\n", maxi(3, -4), maxi(-9, 2));
    printf("%s %d\n", get_greeting(), table[2]);
    return 0;
}
"#;

const EXPECTED: &str = "sum 14 8 0\nclassify 10 20 30 -1\npair -7 1234567890123\nfact 1 3628800\n\
avg 5.50\nquad 20\nbump 100 103\ncas 1 0 9\nmax 3 2\nhello 4\n";

#[test]
fn builder_module_verifies() {
    let m = build(None).unwrap();
    assert_eq!(verify(&m), Ok(()));
    assert_eq!(m.functions.len(), 11);
    assert_eq!(m.globals.len(), 3);
    assert_eq!(m.named_md.len(), 1);
}

fn tool(cmd: &mut Command) -> std::process::Output {
    let out =
        cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e} (Debian package llvm-19 / clang-19)"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[test]
fn builder_module_assembles_compiles_and_runs() {
    let triple = tool(Command::new("clang-19").arg("-print-target-triple")).stdout;
    let triple = String::from_utf8(triple).unwrap();
    let m = build(Some(triple.trim())).unwrap();
    assert_eq!(verify(&m), Ok(()));
    let text = llvmext_ir::write::print(&m);
    assert!(text.contains("define"), "the printer gave no functions:\n{text}");

    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("builder-acceptance");
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join("module.ll");
    let bc = dir.join("module.bc");
    let c = dir.join("driver.c");
    let exe = dir.join("driver");
    std::fs::write(&ll, &text).unwrap();
    std::fs::write(&c, DRIVER).unwrap();
    tool(Command::new("llvm-as-19").arg(&ll).arg("-o").arg(&bc));
    // Our text reads back through llvm-dis to itself (apart from the
    // ModuleID line).
    let dis = tool(Command::new("llvm-dis-19").arg(&bc).arg("-o").arg("-")).stdout;
    let dis = String::from_utf8(dis).unwrap();
    let body = |s: &str| {
        s.lines().skip_while(|l| l.starts_with("; ModuleID")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(body(&dis), body(&text), "llvm-dis-19 prints the module differently");
    tool(Command::new("clang-19").arg("-O1").arg(&c).arg(&bc).arg("-o").arg(&exe));
    let out = tool(&mut Command::new(&exe)).stdout;
    assert_eq!(String::from_utf8(out).unwrap(), EXPECTED);
}

// ---------------------------------------------------------------------------
// Type errors: each is an error value, and nothing is added to the module.
// ---------------------------------------------------------------------------

fn err_msg<T: std::fmt::Debug>(r: R<T>) -> String {
    r.expect_err("the builder accepted an ill-typed instruction").message
}

#[test]
fn type_errors_are_values() {
    let mut m = Module::new();
    let mut b = Builder::new(&mut m);
    let i1 = b.int(1).unwrap();
    let i32t = b.int(32).unwrap();
    let i64t = b.int(64).unwrap();
    let ptr = b.ptr(0).unwrap();
    let ptr1 = b.ptr(1).unwrap();
    let f32t = b.float(FloatKind::Float);
    let dbl = b.float(FloatKind::Double);
    let v4i32 = b.vector(i32t, 4).unwrap();
    let v4f = b.vector(f32t, 4).unwrap();
    let st = b.struct_type(&[i32t, dbl]).unwrap();
    let arr = b.array(i32t, 3).unwrap();
    let void = b.void();
    let callee_ty = b.fn_type(i32t, &[i32t, ptr]).unwrap();
    let callee = b.declare_function("callee", callee_ty).unwrap();
    let fty = b.fn_type(i32t, &[i32t, i64t, dbl, ptr, v4i32, st, i1, v4f]).unwrap();
    let func = b.define_function("f", fty).unwrap();
    let mut f = b.func(func).unwrap();

    // Before any block: no current block.
    assert!(f.ret(None).is_err());
    let entry = f.block("entry");
    let other = f.block("other");
    f.position_at_end(entry);
    let [a32, a64, ad, ap, av, ast, ab, avf] = [0, 1, 2, 3, 4, 5, 6, 7].map(|i| f.arg(i).unwrap());
    assert!(f.arg(8).is_err());

    let e = err_msg(f.add(a32, a64, ""));
    assert_eq!(e, "Both operands to a binary operator are not of the same type!");
    assert_eq!(
        err_msg(f.add(ad, ad, "")),
        "Integer arithmetic operators only work with integral types!"
    );
    assert_eq!(
        err_msg(f.fadd(a32, a32, "")),
        "Floating-point arithmetic operators only work with floating-point types!"
    );
    assert_eq!(err_msg(f.and(ap, ap, "")), "Logical operators only work with integral types!");
    assert_eq!(err_msg(f.shl(ad, ad, "")), "Shifts only work with integral types!");
    assert!(f.add(av, av, "").is_ok(), "vector add");
    assert_eq!(err_msg(f.fneg(a32, "")), "FNeg operator only works with float types!");
    assert_eq!(
        err_msg(f.binop(llvmext_ir::inst::BinOp::Add, a32, a32, 4, 0, "")),
        "invalid flags for 'add'"
    );

    // icmp / fcmp: result i1 or vector of i1.
    assert_eq!(
        err_msg(f.icmp(IntPred::Eq, a32, a64, "")),
        "Both operands to ICmp instruction are not of the same type!"
    );
    assert_eq!(
        err_msg(f.icmp(IntPred::Eq, ad, ad, "")),
        "Invalid operand types for ICmp instruction"
    );
    let vc = f.icmp(IntPred::Eq, av, av, "vc").unwrap();
    assert_eq!(f.type_of(vc).unwrap(), f.module().types.vector(i1, 4, false).unwrap());
    assert!(f.icmp(IntPred::Eq, ap, ap, "").is_ok(), "pointer icmp");
    assert!(f.fcmp(llvmext_ir::inst::FloatPred::Olt, a32, a32, "").is_err());

    // Casts: castIsValid.
    assert!(err_msg(f.trunc(a32, i64t, ""))
        .starts_with("invalid cast opcode for cast from 'i32' to 'i64'"));
    assert!(f.trunc(a64, i32t, "").is_ok());
    assert!(f.zext(a64, i32t, "").is_err());
    assert!(f.sext(a32, i64t, "").is_ok());
    assert!(f.fptrunc(ad, f32t, "").is_ok());
    assert!(f.fpext(ad, f32t, "").is_err());
    assert!(f.bitcast(a32, f32t, "").is_ok());
    assert!(f.bitcast(a64, f32t, "").is_err());
    assert!(f.bitcast(ap, i64t, "").is_err(), "bitcast pointer to int");
    assert!(f.bitcast(av, v4f, "").is_ok());
    assert!(f.addrspacecast(ap, ptr, "").is_err(), "same address space");
    assert!(f.addrspacecast(ap, ptr1, "").is_ok());
    assert!(f.ptrtoint(ap, i64t, "").is_ok());
    assert!(f.inttoptr(ad, ptr, "").is_err());
    assert!(f.sitofp(av, v4f, "").is_ok());
    assert!(f.sitofp(av, dbl, "").is_err(), "vector to scalar");

    // Memory.
    assert_eq!(err_msg(f.load(i32t, a64, 4, "")), "Load operand must be a pointer.");
    assert_eq!(err_msg(f.store(a32, a32, 4)), "Store operand must be a pointer.");
    assert!(f.load_atomic(st, ap, Ordering::Acquire, None, 8, "").is_err());
    assert!(f.load_atomic(i32t, ap, Ordering::Release, None, 4, "").is_err());
    assert!(f.fence(Ordering::Monotonic, None).is_err());
    assert!(f.alloca(void, 4, "").is_err());
    let x = f.cmpxchg(ap, a32, a32, Ordering::SeqCst, Ordering::Monotonic, 4, "x").unwrap();
    let want = f.module().types.literal_struct(&[i32t, i1], false).unwrap();
    assert_eq!(f.type_of(x).unwrap(), want);
    assert!(f.cmpxchg(ap, a32, a64, Ordering::SeqCst, Ordering::Monotonic, 4, "").is_err());
    assert!(f.cmpxchg(ap, a32, a32, Ordering::SeqCst, Ordering::Release, 4, "").is_err());
    assert!(f.atomic_rmw(RmwOp::FAdd, ap, a32, Ordering::SeqCst, 4, "").is_err());
    assert!(f.atomic_rmw(RmwOp::FAdd, ap, ad, Ordering::SeqCst, 8, "").is_ok());
    assert!(f.atomic_rmw(RmwOp::Add, ap, a32, Ordering::Unordered, 4, "").is_err());

    // GEP: struct indices must be constant i32 in range; the result is a
    // pointer or a vector of pointers.
    let c0 = f.const_int(i32t, 0).unwrap();
    let c1 = f.const_int(i32t, 1).unwrap();
    let c2 = f.const_int(i32t, 2).unwrap();
    let c1_64 = f.const_int(i64t, 1).unwrap();
    assert!(f.gep(st, ap, &[c0, c1], GepFlags::INBOUNDS, "").is_ok());
    assert!(
        f.gep(st, ap, &[c0, c2], GepFlags::INBOUNDS, "").is_err(),
        "field 2 of a 2-field struct"
    );
    assert!(f.gep(st, ap, &[c0, c1_64], GepFlags::INBOUNDS, "").is_err(), "i64 struct index");
    assert!(f.gep(st, ap, &[c0, a32], GepFlags::INBOUNDS, "").is_err(), "variable struct index");
    assert!(f.gep(arr, ap, &[c0, a32], GepFlags::INBOUNDS, "").is_ok(), "variable array index");
    assert!(f.gep(i32t, a32, &[c0], GepFlags::INBOUNDS, "").is_err(), "base not a pointer");
    assert!(f.gep(i32t, ap, &[c0, c0], GepFlags::INBOUNDS, "").is_err(), "indexing into i32");
    let vg = f.gep(i32t, ap, &[av], GepFlags::NONE, "vg").unwrap();
    let vptr = f.module().types.vector(ptr, 4, false).unwrap();
    assert_eq!(f.type_of(vg).unwrap(), vptr);

    // Aggregates and vectors.
    let e1 = f.extract_value(ast, &[1], "e1").unwrap();
    assert_eq!(f.type_of(e1).unwrap(), dbl);
    assert_eq!(err_msg(f.extract_value(ast, &[2], "")), "Invalid ExtractValueInst operands!");
    assert_eq!(err_msg(f.insert_value(ast, a32, &[1], "")), "Invalid InsertValueInst operands!");
    assert!(f.insert_value(ast, ad, &[1], "").is_ok());
    assert_eq!(err_msg(f.extract_element(a32, a32, "")), "Invalid extractelement operands!");
    assert!(f.extract_element(av, a64, "").is_ok());
    assert_eq!(err_msg(f.insert_element(av, ad, a32, "")), "Invalid insertelement operands!");
    let sh = f.shuffle_vector(av, av, &[Some(0), Some(7), None], "sh").unwrap();
    assert_eq!(f.type_of(sh).unwrap(), f.module().types.vector(i32t, 3, false).unwrap());
    assert!(f.shuffle_vector(av, av, &[Some(8)], "").is_err(), "mask index out of range");
    assert!(f.shuffle_vector(av, avf, &[Some(0)], "").is_err(), "different vector types");

    // select, freeze.
    assert_eq!(err_msg(f.select(a32, a32, a32, "")), "Invalid operands for select instruction!");
    assert!(f.select(ab, a32, a64, "").is_err());
    assert!(f.select(vc, av, av, "").is_ok(), "vector select");
    assert!(f.freeze(ast, "").is_ok());

    // Calls check the callee's type.
    assert_eq!(
        err_msg(f.call_function(callee, &[a32], "")),
        "Incorrect number of arguments passed to called function!"
    );
    assert_eq!(
        err_msg(f.call_function(callee, &[a64, ap], "")),
        "Call parameter type does not match function signature!"
    );
    assert!(f.call_function(callee, &[a32, ap], "").is_ok());

    // Phis: incoming values of the phi's type.
    f.position_at_end(other);
    let p = f.phi(i32t, "p").unwrap();
    assert_eq!(
        err_msg(f.add_incoming(p, a64, entry)),
        "PHI node operands are not the same type as the result!"
    );
    f.add_incoming(p, a32, entry).unwrap();
    let one = f.add(p, p, "").unwrap();
    assert_eq!(err_msg(f.phi(i32t, "late")), "PHI nodes not grouped at top of basic block!");

    // Terminators.
    assert_eq!(err_msg(f.br_cond(a32, entry, other)), "Branch condition is not 'i1' type!");
    assert_eq!(
        err_msg(f.ret(Some(a64))),
        "Function return type does not match operand type of return inst!"
    );
    assert_eq!(
        err_msg(f.ret(None)),
        "Function return type does not match operand type of return inst!"
    );
    let k0 = f.const_int(i64t, 0).unwrap();
    assert_eq!(
        err_msg(f.switch(a32, entry, &[(k0, other)])),
        "Switch constants must all be same type as switch value!"
    );
    assert_eq!(
        err_msg(f.switch(a32, entry, &[(c0, other), (c0, entry)])),
        "Duplicate integer as switch case"
    );
    assert!(f.block_ref(llvmext_ir::module::BlockId(9)).is_err(), "a block that does not exist");
    f.ret(Some(one)).unwrap();
    assert_eq!(err_msg(f.ret(Some(one))), "the block already ends with a terminator");
    // entry has no terminator yet: close it so the function verifies.
    f.position_at_end(entry);
    f.br(other).unwrap();

    // Every failed call added nothing: the module still verifies.
    assert_eq!(verify(&m), Ok(()), "{:#?}", verify(&m));
}

#[test]
fn global_errors_are_values() {
    let mut m = Module::new();
    let mut b = Builder::new(&mut m);
    let i32t = b.int(32).unwrap();
    let i64t = b.int(64).unwrap();
    let one64 = b.const_int(i64t, 1).unwrap();
    let one = b.const_int(i32t, 1).unwrap();
    assert_eq!(
        err_msg(b.global("g", i32t).init(one64).finish()),
        "Global variable initializer type does not match global variable type!"
    );
    let mut g = b.global_template("c", i32t);
    g.common.linkage = Linkage::Common;
    g.init = Some(one);
    assert_eq!(err_msg(b.add_global(g)), "'common' global must have a zero initializer!");
    let mut g = b.global_template("d", i32t);
    g.common.linkage = Linkage::Internal;
    assert_eq!(
        err_msg(b.add_global(g)),
        "Global is external, but doesn't have external or weak linkage!"
    );
    assert!(b.int(0).is_err());
    assert!(b.fn_type(b.void(), &[b.void()]).is_err());
    assert!(b.const_int(b.void(), 3).is_err());
    assert!(b.md_tuple(&[Some(llvmext_ir::metadata::MdId(999))]).is_err());
    assert!(m.globals.is_empty());
}

/// `llvm-as-19` accepts `src`?
fn llvm_as_accepts(src: &str) -> bool {
    common::llvm_as_verdict(src.as_bytes()).is_ok()
}

/// Every cast opcode between 12 types: the builder accepts exactly the
/// casts `llvm-as-19` accepts (LLVM's `castIsValid`).
#[test]
fn casts_agree_with_llvm_as() {
    let type_texts = [
        "i1",
        "i8",
        "i32",
        "i64",
        "half",
        "float",
        "double",
        "ptr",
        "ptr addrspace(1)",
        "<4 x i32>",
        "<4 x float>",
        "<2 x i64>",
        "<4 x ptr>",
        "<1 x ptr>",
        "<vscale x 4 x i32>",
        "<vscale x 4 x float>",
    ];
    let mut m = Module::new();
    let mut b = Builder::new(&mut m);
    let i1 = b.int(1).unwrap();
    let i8t = b.int(8).unwrap();
    let i32t = b.int(32).unwrap();
    let i64t = b.int(64).unwrap();
    let half = b.float(FloatKind::Half);
    let f32t = b.float(FloatKind::Float);
    let dbl = b.float(FloatKind::Double);
    let p0 = b.ptr(0).unwrap();
    let p1 = b.ptr(1).unwrap();
    let tys = [
        i1,
        i8t,
        i32t,
        i64t,
        half,
        f32t,
        dbl,
        p0,
        p1,
        b.vector(i32t, 4).unwrap(),
        b.vector(f32t, 4).unwrap(),
        b.vector(i64t, 2).unwrap(),
        b.vector(p0, 4).unwrap(),
        b.vector(p0, 1).unwrap(),
        b.scalable_vector(i32t, 4).unwrap(),
        b.scalable_vector(f32t, 4).unwrap(),
    ];
    for (i, &t) in tys.iter().enumerate() {
        assert_eq!(b.m.types.display(t).to_string(), type_texts[i]);
    }
    let void = b.void();
    let fty = b.fn_type(void, &tys).unwrap();
    let func = b.define_function("f", fty).unwrap();
    let mut f = b.func(func).unwrap();
    let entry = f.block("entry");
    f.position_at_end(entry);
    let ops = [
        CastOp::Trunc,
        CastOp::ZExt,
        CastOp::SExt,
        CastOp::FPTrunc,
        CastOp::FPExt,
        CastOp::FPToUI,
        CastOp::FPToSI,
        CastOp::UIToFP,
        CastOp::SIToFP,
        CastOp::PtrToInt,
        CastOp::IntToPtr,
        CastOp::BitCast,
        CastOp::AddrSpaceCast,
    ];
    let mut cases = Vec::new();
    for op in ops {
        for (si, _) in tys.iter().enumerate() {
            for (di, &dt) in tys.iter().enumerate() {
                let ours = f.cast(op, f.arg(si as u32).unwrap(), dt, "").is_ok();
                let text = format!(
                    "define void @f({s} %x) {{\n  %r = {op} {s} %x to {d}\n  ret void\n}}\n",
                    s = type_texts[si],
                    d = type_texts[di],
                    op = op.keyword()
                );
                cases.push((text, ours));
            }
        }
    }
    // Every cast we accept, in one module (one function each): llvm-as-19
    // must accept it. Of the casts we refuse (most of them), every fifth,
    // one module each: llvm-as-19 must refuse it (one run per case is slow).
    let accepted: String = cases
        .iter()
        .filter(|c| c.1)
        .enumerate()
        .map(|(i, (text, _))| text.replacen("@f(", &format!("@f{i}("), 1))
        .collect();
    assert!(
        llvm_as_accepts(&accepted),
        "llvm-as-19 refuses a cast the builder accepts:\n{accepted}"
    );
    let refused: Vec<&(String, bool)> = cases.iter().filter(|c| !c.1).step_by(5).collect();
    let half_len = refused.len() / 2;
    let (a, b2) = refused.split_at(half_len);
    let mismatches: Vec<String> = std::thread::scope(|s| {
        let h: Vec<_> = [a, b2]
            .into_iter()
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .filter(|(text, _)| llvm_as_accepts(text))
                        .map(|(text, _)| format!("llvm-as-19 accepts: {text}"))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        h.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    assert!(cases.iter().filter(|c| c.1).count() > 50);
    assert!(
        mismatches.is_empty(),
        "{} of {} casts disagree:\n{}",
        mismatches.len(),
        refused.len(),
        mismatches.join("\n")
    );
}

/// Funclet-style exception handling built through the builder: it
/// verifies, and llvm-as-19 accepts the printed text.
#[test]
fn funclet_exception_handling() {
    let mut m = Module::new();
    let mut b = Builder::new(&mut m);
    let void = b.void();
    let i32t = b.int(32).unwrap();
    let ptr = b.ptr(0).unwrap();
    let vty = b.fn_type(void, &[]).unwrap();
    let pty = b.fn_type_vararg(i32t, &[]).unwrap();
    let g = b.declare_function("g", vty).unwrap();
    let pers = b.declare_function("__CxxFrameHandler3", pty).unwrap();
    let f = b.define_function("f", vty).unwrap();
    let pc = b.global_ref(pers).unwrap();
    b.function_mut(f).unwrap().personality = Some(pc);
    let mut fb = b.func(f).unwrap();
    let entry = fb.block("entry");
    let next = fb.block("next");
    let cont = fb.block("cont");
    let cs = fb.block("cs");
    let handler = fb.block("handler");
    let cleanup = fb.block("cleanup");
    fb.position_at_end(entry);
    let gv = fb.global(g).unwrap();
    fb.invoke(vty, gv, &[], next, cs, "").unwrap();
    fb.position_at_end(next);
    fb.invoke(vty, gv, &[], cont, cleanup, "").unwrap();
    fb.position_at_end(cont);
    fb.ret(None).unwrap();
    fb.position_at_end(cs);
    let none = fb.const_none();
    let s = fb.catch_switch(none, &[handler], None, "s").unwrap();
    fb.position_at_end(handler);
    let null = fb.const_zero(ptr).unwrap();
    let flags = fb.const_int(i32t, 64).unwrap();
    let p = fb.catch_pad(s, &[null, flags, null], "p").unwrap();
    // A catchret from something that is not a token is refused.
    assert!(fb.catch_ret(flags, cont).is_err());
    fb.catch_ret(p, cont).unwrap();
    fb.position_at_end(cleanup);
    let c = fb.cleanup_pad(none, &[], "c").unwrap();
    fb.cleanup_ret(c, None).unwrap();
    assert_eq!(verify(&m), Ok(()), "{:#?}", verify(&m));
    let text = llvmext_ir::write::print(&m);
    assert!(llvm_as_accepts(&text), "llvm-as-19 refuses:\n{text}");
}
