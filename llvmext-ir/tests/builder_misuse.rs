//! The builder tried as a compiler author would, wrongly: each misuse is a
//! structured [`BuildError`] (kind, opcode, operand index, types), nothing
//! is added to the module, and a value or block of one function is never
//! silently taken as one of another. Also: the front-page example's text
//! is accepted by `llvm-as-19`.

mod common;

use llvmext_ir::module::BlockId;
use llvmext_ir::prelude::*;

mod front_page {
    include!("../doc/front_page.rs");
    pub fn module() -> Result<Module, BuildError> {
        build()
    }
}

/// `llvm-as-19`'s verdict on `src`: `Ok` or its stderr.
fn llvm_as(src: &str) -> Result<(), String> {
    common::llvm_as_verdict(src.as_bytes()).map(drop)
}

#[test]
fn front_page_example_is_accepted_by_llvm_as() {
    let m = front_page::module().unwrap();
    assert_eq!(verify(&m), Ok(()));
    let text = m.to_string();
    assert!(text.starts_with("; ModuleID = 'count'\n"), "{text}");
    llvm_as(&text).unwrap_or_else(|e| panic!("llvm-as-19 refuses:\n{e}\n{text}"));
    // The same text through std::io::Write.
    let mut buf = Vec::new();
    m.write_to(&mut buf).unwrap();
    assert_eq!(buf, text.as_bytes());
}

#[test]
fn module_id_is_the_given_name() {
    let m = Module::named("my_module");
    // As LLVM's Module("my_module", ctx): the id is the source file name too.
    assert_eq!(m.to_string(), "; ModuleID = 'my_module'\nsource_filename = \"my_module\"\n");
    assert_eq!(Module::new().to_string(), "; ModuleID = '<stdin>'\n");
}

/// Checks the fields of an error.
#[track_caller]
fn check<T: std::fmt::Debug>(
    r: Result<T, BuildError>,
    kind: ErrorKind,
    opcode: &str,
    operand: Option<u32>,
    types: &[&str],
) -> BuildError {
    let e = r.expect_err("the builder accepted a misuse");
    assert_eq!(e.kind, kind, "{e}");
    assert_eq!(e.opcode, Some(opcode), "{e}");
    assert_eq!(e.operand, operand, "{e}");
    assert_eq!(e.types, types, "{e}");
    // Display and std::error::Error.
    let _: &dyn std::error::Error = &e;
    assert!(e.to_string().starts_with(&format!("{opcode}: ")), "{e}");
    e
}

struct Fx {
    m: Module,
    f: GlobalRef,
    g: GlobalRef,
    callee: GlobalRef,
    t: Tys,
}

#[derive(Clone, Copy)]
struct Tys {
    i1: TypeId,
    i32t: TypeId,
    i64t: TypeId,
    dbl: TypeId,
    st: TypeId,
}

/// Two functions `@f(i32, i64, double, ptr, <4 x i32>, {i32, double}, i1)`
/// returning i32 and `@g(i32)` returning i32, and `@callee(i32, ptr)`.
fn fixture() -> Fx {
    let mut m = Module::named("misuse");
    let mut b = Builder::new(&mut m);
    let i1 = b.int(1).unwrap();
    let i32t = b.int(32).unwrap();
    let i64t = b.int(64).unwrap();
    let dbl = b.float(FloatKind::Double);
    let ptr = b.ptr(0).unwrap();
    let v4 = b.vector(i32t, 4).unwrap();
    let st = b.struct_type(&[i32t, dbl]).unwrap();
    let fty = b.fn_type(i32t, &[i32t, i64t, dbl, ptr, v4, st, i1]).unwrap();
    let f = b.define_function("f", fty).unwrap();
    let gty = b.fn_type(i32t, &[i32t]).unwrap();
    let g = b.define_function("g", gty).unwrap();
    let cty = b.fn_type(i32t, &[i32t, ptr]).unwrap();
    let callee = b.declare_function("callee", cty).unwrap();
    Fx { m, f, g, callee, t: Tys { i1, i32t, i64t, dbl, st } }
}

#[test]
fn value_of_another_function() {
    let mut fx = fixture();
    let mut b = Builder::new(&mut fx.m);
    // Values and a block of @g.
    let (g_arg, g_inst, g_block) = {
        let mut g = b.func(fx.g).unwrap();
        let entry = g.block("entry");
        g.position_at_end(entry);
        let a = g.arg(0).unwrap();
        let s = g.add(a, a, "s").unwrap();
        g.ret(Some(s)).unwrap();
        (a, s, entry)
    };
    assert_eq!(g_arg.function(), Some(fx.g));
    let mut f = b.func(fx.f).unwrap();
    let entry = f.block("entry");
    f.position_at_end(entry);
    let x = f.arg(0).unwrap();
    // @g's %s is instruction 0 of @g; @f has an instruction 0 too once it
    // has one: without the tag it would silently be taken as @f's.
    let own = f.add(x, x, "own").unwrap();
    assert_eq!(own.value(), g_inst.value());
    let e = check(f.add(x, g_inst, ""), ErrorKind::ForeignValue, "add", Some(1), &[]);
    assert_eq!(e.to_string(), "add: operand 1: a value of @g used in @f");
    check(f.add(g_arg, x, ""), ErrorKind::ForeignValue, "add", Some(0), &[]);
    check(f.ret(Some(g_inst)), ErrorKind::ForeignValue, "ret", Some(0), &[]);
    let callee = fx.callee;
    let p = f.arg(3).unwrap();
    check(f.call_function(callee, &[g_arg, p], ""), ErrorKind::ForeignValue, "call", Some(0), &[]);
    check(f.store(g_inst, p, 4), ErrorKind::ForeignValue, "store", Some(0), &[]);
    let phi_block = f.block("p");
    f.position_at_end(phi_block);
    let phi = f.phi(fx.t.i32t, "phi").unwrap();
    check(f.add_incoming(phi, g_inst, entry), ErrorKind::ForeignValue, "phi", Some(0), &[]);
    assert!(f.type_of(g_inst).is_err());
    let _ = g_block;
}

#[test]
fn block_of_another_function() {
    let mut fx = fixture();
    let mut b = Builder::new(&mut fx.m);
    let g_block = {
        let mut g = b.func(fx.g).unwrap();
        let entry = g.block("entry");
        g.position_at_end(entry);
        g.unreachable().unwrap();
        entry
    };
    let mut f = b.func(fx.f).unwrap();
    let entry = f.block("entry");
    // Block 0 of @g and block 0 of @f have the same plain id.
    assert_eq!(entry.id(), g_block.id());
    f.position_at_end(entry);
    let e = f.br(g_block).unwrap_err();
    assert_eq!(e.kind, ErrorKind::ForeignBlock);
    assert_eq!(e.opcode, Some("br"));
    assert_eq!(e.to_string(), "br: a block of @g used in @f");
    let c = f.arg(6).unwrap();
    assert_eq!(f.br_cond(c, entry, g_block).unwrap_err().kind, ErrorKind::ForeignBlock);
    let x = f.arg(0).unwrap();
    assert_eq!(f.switch(x, g_block, &[]).unwrap_err().kind, ErrorKind::ForeignBlock);
    // Positioned in @g's block, instructions fail.
    f.position_at_end(g_block);
    assert_eq!(f.add(x, x, "").unwrap_err().kind, ErrorKind::ForeignBlock);
    f.position_at_end(entry);
    f.ret(Some(x)).unwrap();
    assert_eq!(verify(&fx.m), Ok(()));
}

/// Plain ids out of range for a function are verifier errors (a foreign id
/// put into the model directly, past the builder).
#[test]
fn verifier_catches_out_of_range_ids() {
    use llvmext_ir::inst::{InstId, InstKind};
    let mut fx = fixture();
    let mut b = Builder::new(&mut fx.m);
    let mut g = b.func(fx.g).unwrap();
    let entry = g.block("entry");
    g.position_at_end(entry);
    let i32t = fx.t.i32t;
    let void = g.module().types.void();
    let e = g.push(InstKind::Ret(Some(Value::Inst(InstId(7)))), void, "").unwrap_err();
    assert_eq!((e.kind, e.operand), (ErrorKind::NoSuchId, Some(0)));
    let e = g.push(InstKind::Br(BlockId(3)), void, "").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NoSuchId);
    g.ret(Some(g.arg(0).unwrap())).unwrap();
    let _ = i32t;
    // Edit the model past the builder: argument 5 of @g(i32).
    let GlobalRef::Func(gi) = fx.g else { unreachable!() };
    let gf = &mut fx.m.functions[gi as usize];
    gf.insts[0].kind = InstKind::Ret(Some(Value::Arg(5)));
    let errs = verify(&fx.m).unwrap_err();
    assert!(errs.iter().any(|e| e.message.contains("argument 5")), "{errs:#?}");
    let gf = &mut fx.m.functions[gi as usize];
    gf.insts[0].kind = InstKind::Br(BlockId(4));
    let errs = verify(&fx.m).unwrap_err();
    assert!(errs.iter().any(|e| e.message.contains("block 4")), "{errs:#?}");
    let gf = &mut fx.m.functions[gi as usize];
    gf.insts[0].kind = InstKind::Ret(Some(Value::Inst(InstId(9))));
    let errs = verify(&fx.m).unwrap_err();
    assert!(errs.iter().any(|e| e.message.contains("instruction 9")), "{errs:#?}");
}

#[test]
fn wrong_operand_types_per_family() {
    let mut fx = fixture();
    let t = fx.t;
    let callee = fx.callee;
    let mut b = Builder::new(&mut fx.m);
    let mut f = b.func(fx.f).unwrap();
    let entry = f.block("entry");
    let other = f.block("other");
    f.position_at_end(entry);
    let [a32, a64, ad, ap, av, ast, ab] = [0, 1, 2, 3, 4, 5, 6].map(|i| f.arg(i).unwrap());
    use ErrorKind::*;

    // binop
    let e = check(f.add(a32, a64, ""), TypeMismatch, "add", Some(1), &["i32", "i64"]);
    assert_eq!(e.to_string(), "add: operand 1: types i32 and i64 differ");
    assert_eq!(e.message, "Both operands to a binary operator are not of the same type!");
    check(f.fadd(a32, a32, ""), OperandType, "fadd", Some(0), &["i32"]);
    check(f.shl(ad, ad, ""), OperandType, "shl", Some(0), &["double"]);
    check(f.fneg(a32, ""), OperandType, "fneg", Some(0), &["i32"]);
    // icmp / fcmp
    check(f.icmp(IntPred::Eq, a32, a64, ""), TypeMismatch, "icmp", Some(1), &["i32", "i64"]);
    check(f.icmp(IntPred::Eq, ad, ad, ""), OperandType, "icmp", Some(0), &["double"]);
    check(f.fcmp(FloatPred::Olt, a32, a32, ""), OperandType, "fcmp", Some(0), &["i32"]);
    check(f.fcmp(FloatPred::Olt, ad, a32, ""), TypeMismatch, "fcmp", Some(1), &["double", "i32"]);
    // cast
    let e = check(f.trunc(a32, t.i64t, ""), OperandType, "trunc", Some(0), &["i32", "i64"]);
    assert_eq!(e.message, "invalid cast opcode for cast from 'i32' to 'i64'");
    check(f.sitofp(av, t.dbl, ""), OperandType, "sitofp", Some(0), &["<4 x i32>", "double"]);
    // load / store
    check(f.load(t.i32t, a64, 4, ""), OperandType, "load", Some(0), &["i64"]);
    check(f.store(a32, a32, 4), OperandType, "store", Some(1), &["i32"]);
    // gep
    let c0 = f.const_int(t.i32t, 0).unwrap();
    check(
        f.gep(t.i32t, a32, &[c0], GepFlags::INBOUNDS, ""),
        OperandType,
        "getelementptr",
        Some(0),
        &["i32"],
    );
    check(
        f.gep(t.i32t, ap, &[ad], GepFlags::NONE, ""),
        OperandType,
        "getelementptr",
        Some(1),
        &["double"],
    );
    check(
        f.gep(t.st, ap, &[c0, a32], GepFlags::INBOUNDS, ""),
        InvalidConstant,
        "getelementptr",
        Some(2),
        &["{ i32, double }"],
    );
    // call arguments
    check(f.call_function(callee, &[a64, ap], ""), TypeMismatch, "call", Some(0), &["i32", "i64"]);
    check(f.call_function(callee, &[a32, a32], ""), TypeMismatch, "call", Some(1), &["ptr", "i32"]);
    check(f.call_function(callee, &[a32], ""), ArgumentCount, "call", None, &["i32 (i32, ptr)"]);
    check(
        f.call_function(callee, &[a32, ap, ap], ""),
        ArgumentCount,
        "call",
        Some(2),
        &["i32 (i32, ptr)"],
    );
    // extract / insert element and value
    check(f.extract_element(a32, a32, ""), OperandType, "extractelement", Some(0), &["i32"]);
    check(f.extract_element(av, ad, ""), OperandType, "extractelement", Some(1), &["double"]);
    check(
        f.insert_element(av, ad, a32, ""),
        TypeMismatch,
        "insertelement",
        Some(1),
        &["i32", "double"],
    );
    check(
        f.extract_value(ast, &[2], ""),
        InvalidConstant,
        "extractvalue",
        Some(0),
        &["{ i32, double }"],
    );
    check(
        f.insert_value(ast, a32, &[1], ""),
        TypeMismatch,
        "insertvalue",
        Some(1),
        &["double", "i32"],
    );
    // select
    check(f.select(a32, a32, a32, ""), OperandType, "select", Some(0), &["i32"]);
    check(f.select(ab, a32, a64, ""), TypeMismatch, "select", Some(2), &["i32", "i64"]);
    // switch condition and case
    check(f.switch(ad, other, &[]), OperandType, "switch", Some(0), &["double"]);
    let k64 = f.const_int(t.i64t, 0).unwrap();
    check(
        f.switch(a32, other, &[(c0, other), (k64, other)]),
        TypeMismatch,
        "switch",
        Some(2),
        &["i32", "i64"],
    );
    check(f.switch(a32, other, &[(a32, other)]), InvalidConstant, "switch", Some(1), &[]);
    check(
        f.switch(a32, other, &[(c0, other), (c0, entry)]),
        InvalidConstant,
        "switch",
        Some(2),
        &[],
    );
    // br condition
    check(f.br_cond(a32, entry, other), OperandType, "br", Some(0), &["i32"]);
    // ret type
    check(f.ret(Some(a64)), TypeMismatch, "ret", Some(0), &["i32", "i64"]);
    check(f.ret(None), TypeMismatch, "ret", None, &["i32", "void"]);
    // phi incoming
    f.position_at_end(other);
    let p = f.phi(t.i32t, "p").unwrap();
    let e = check(f.add_incoming(p, a64, entry), TypeMismatch, "phi", Some(0), &["i32", "i64"]);
    assert_eq!(e.to_string(), "phi: operand 0: types i32 and i64 differ");
    f.add_incoming(p, a32, entry).unwrap();
    check(f.add_incoming(p, a64, entry), TypeMismatch, "phi", Some(1), &["i32", "i64"]);
    check(f.add_incoming(a32, a32, entry), ValueKind, "phi", None, &[]);
    // placement
    f.ret(Some(p)).unwrap();
    check(f.ret(Some(p)), Placement, "ret", None, &[]);
    f.position_at_end(entry);
    f.br(other).unwrap();
    let _ = t.i1;
    // Nothing failed was added.
    assert_eq!(verify(&fx.m), Ok(()), "{:#?}", verify(&fx.m));
}

#[test]
fn globals_linkage_visibility_comdat() {
    let mut m = Module::named("g");
    let mut b = Builder::new(&mut m);
    let i32t = b.int(32).unwrap();
    let one = b.const_int(i32t, 1).unwrap();
    let cd = b.comdat("c", ComdatKind::Any);
    let g = b
        .global("c", i32t)
        .init(one)
        .linkage(Linkage::LinkOnceOdr)
        .comdat(cd)
        .align(4)
        .finish()
        .unwrap();
    b.set_visibility(g, Visibility::Protected).unwrap();
    // A local linkage with protected visibility is refused, and nothing
    // changes.
    let e = b.set_linkage(g, Linkage::Internal).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Global);
    assert_eq!(e.message, "symbol with local linkage must have default visibility");
    // A declaration cannot be internal.
    let e = b.global("d", i32t).linkage(Linkage::Internal).finish().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Global);
    let fty = b.fn_type(i32t, &[]).unwrap();
    let f = b.define_function("f", fty).unwrap();
    b.set_comdat(f, cd).unwrap();
    b.set_linkage(f, Linkage::LinkOnceOdr).unwrap();
    b.set_section(f, ".text.f").unwrap();
    b.set_unnamed_addr(f, UnnamedAddr::Global).unwrap();
    {
        let mut fb = b.func(f).unwrap();
        let e = fb.block("entry");
        fb.position_at_end(e);
        let c = fb.const_int(i32t, 0).unwrap();
        fb.ret(Some(c)).unwrap();
    }
    let s = b.global_string("msg", b"hi").unwrap();
    let _ = s;
    assert_eq!(verify(&m), Ok(()));
    let text = m.to_string();
    assert!(text.contains("$c = comdat any"), "{text}");
    assert!(text.contains("@c = linkonce_odr protected global i32 1, comdat, align 4"), "{text}");
    assert!(
        text.contains("@msg = private unnamed_addr constant [3 x i8] c\"hi\\00\", align 1"),
        "{text}"
    );
    assert!(
        text.contains("define linkonce_odr i32 @f() unnamed_addr section \".text.f\" comdat($c) {"),
        "{text}"
    );
    llvm_as(&text).unwrap_or_else(|e| panic!("llvm-as-19 refuses:\n{e}\n{text}"));
}
