//! The printer against LLVM 19: modules built through the model API are
//! printed, fed through `llvm-as-19 | llvm-dis-19`, and must come back
//! byte for byte (the `; ModuleID` line aside).

mod common;

use llvmext_ir::attr::{Attr, AttrKind, AttrList};
use llvmext_ir::constant::{expr_flags, ConstKind, ExprOp};
use llvmext_ir::float::FloatValue;
use llvmext_ir::inst::*;
use llvmext_ir::int::IntValue;
use llvmext_ir::metadata::MdNode;
use llvmext_ir::module::*;
use llvmext_ir::types::{FloatKind, TypeId};
use llvmext_ir::write;

fn roundtrip(text: &str) -> String {
    let bc = common::run("llvm-as-19", text.as_bytes());
    String::from_utf8(common::run("llvm-dis-19", &bc)).unwrap()
}

fn strip_id(s: &str) -> &str {
    match s.strip_prefix("; ModuleID = ") {
        Some(r) => r.split_once('\n').map(|x| x.1).unwrap_or(""),
        None => s,
    }
}

fn assert_same(m: &Module) {
    let ours = write::print(m);
    let theirs = roundtrip(&ours);
    if strip_id(&ours) != strip_id(&theirs) {
        let a: Vec<_> = ours.lines().collect();
        let b: Vec<_> = theirs.lines().collect();
        for i in 0..a.len().max(b.len()) {
            let (x, y) = (a.get(i).unwrap_or(&"<eof>"), b.get(i).unwrap_or(&"<eof>"));
            if x != y && i > 0 {
                panic!("line {}:\nours:  {x}\nllvm:  {y}\n--- ours ---\n{ours}", i + 1);
            }
        }
    }
}

fn ak(s: &str) -> AttrKind {
    AttrKind::from_keyword(s).unwrap()
}

struct B {
    m: Module,
}

impl B {
    fn new() -> B {
        let mut m = Module::new();
        m.source_filename = Some(b"t.c".to_vec().into());
        m.datalayout = Some(
            "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
                .into(),
        );
        m.triple = Some("x86_64-pc-linux-gnu".into());
        B { m }
    }
    fn i(&mut self, n: u32) -> TypeId {
        self.m.types.int(n).unwrap()
    }
    fn ptr(&mut self) -> TypeId {
        self.m.types.ptr(0).unwrap()
    }
    fn ci(&mut self, bits: u32, v: i64) -> Value {
        let t = self.i(bits);
        Value::Const(
            self.m.consts.int(&self.m.types, t, IntValue::from_i64(bits, v).unwrap()).unwrap(),
        )
    }
    fn gref(&mut self, g: GlobalRef) -> Value {
        let p = self.ptr();
        Value::Const(self.m.consts.global(p, g))
    }
    fn common(name: &str) -> GlobalCommon {
        GlobalCommon {
            name: if name.is_empty() { None } else { Some(name.into()) },
            ..Default::default()
        }
    }
    fn func(&mut self, name: &str, ret: TypeId, params: &[TypeId], vararg: bool) -> u32 {
        let ty = self.m.types.function(ret, params, vararg).unwrap();
        self.m.functions.push(Function {
            common: Self::common(name),
            attrs: Default::default(),
            md: vec![],
            args: params.iter().map(|_| Arg::default()).collect(),
            blocks: vec![],
            insts: vec![],
            ..Function::new(ty)
        });
        self.m.functions.len() as u32 - 1
    }
    fn block(&mut self, f: u32, name: &str) -> BlockId {
        let f = &mut self.m.functions[f as usize];
        f.blocks.push(Block {
            name: if name.is_empty() { None } else { Some(name.into()) },
            insts: vec![],
        });
        BlockId(f.blocks.len() as u32 - 1)
    }
    fn ins(&mut self, f: u32, b: BlockId, ty: TypeId, name: &str, kind: InstKind) -> Value {
        let f = &mut self.m.functions[f as usize];
        let id = InstId(f.insts.len() as u32);
        f.insts.push(Inst {
            kind,
            ty,
            name: if name.is_empty() { None } else { Some(name.into()) },
            md: Default::default(),
            dbg_records: vec![],
        });
        f.blocks[b.0 as usize].insts.push(id);
        Value::Inst(id)
    }
    fn global(
        &mut self,
        name: &str,
        ty: TypeId,
        init: Option<llvmext_ir::constant::ConstId>,
    ) -> u32 {
        self.m.globals.push(GlobalVar {
            common: Self::common(name),
            init,
            attrs: Default::default(),
            md: vec![],
            ..GlobalVar::new(ty)
        });
        self.m.globals.len() as u32 - 1
    }
    fn call(&mut self, fty: TypeId, callee: Value, args: Vec<Value>) -> Box<CallData> {
        Box::new(CallData {
            cc: CallConv::C,
            attrs: Default::default(),
            fn_ty: fty,
            callee,
            args,
            bundles: vec![],
            fmf: 0,
            addrspace: 0,
        })
    }
}

#[test]
fn globals_linkages_and_comdats() {
    let mut b = B::new();
    let i32t = b.i(32);
    let i8t = b.i(8);
    let s = b.m.types.named_struct("struct.S").unwrap();
    let p = b.ptr();
    b.m.types.set_body(s, &[i32t, p], false).unwrap();
    let anon = b.m.types.named_struct("").unwrap();
    b.m.types.set_body(anon, &[i8t], true).unwrap();
    let opaque = b.m.types.named_struct("opq").unwrap();
    b.m.comdats.push(Comdat { name: "c1".into(), kind: ComdatKind::Any });
    b.m.comdats.push(Comdat { name: "unused".into(), kind: ComdatKind::Largest });
    b.m.comdats.push(Comdat { name: "f".into(), kind: ComdatKind::NoDeduplicate });
    b.m.module_asm = vec![b".globl x".to_vec().into(), b"x = 1 \"q\"".to_vec().into()];
    let z = b.m.consts.zero(&b.m.types, i32t).unwrap();
    let linkages = [
        Linkage::External,
        Linkage::Private,
        Linkage::Internal,
        Linkage::AvailableExternally,
        Linkage::LinkOnce,
        Linkage::Weak,
        Linkage::Common,
        Linkage::LinkOnceOdr,
        Linkage::WeakOdr,
    ];
    for (i, l) in linkages.iter().enumerate() {
        let g = b.global(&format!("g{i}"), i32t, Some(z));
        let gv = &mut b.m.globals[g as usize];
        gv.common.linkage = *l;
        gv.common.dso_local = i % 2 == 0;
        gv.align = 4;
    }
    let g = b.global("ext", i32t, None);
    b.m.globals[g as usize].common.dll = DllStorage::Import;
    let g = b.global("ew", i32t, None);
    b.m.globals[g as usize].common.linkage = Linkage::ExternWeak;
    // Everything on one global.
    let arr = b.m.types.array(i8t, 4).unwrap();
    let str_c = b.m.consts.bytes(&b.m.types, arr, b"a\0\"\\").unwrap();
    let g = b.global("full", arr, Some(str_c));
    {
        let gv = &mut b.m.globals[g as usize];
        gv.common.linkage = Linkage::Internal;
        gv.common.visibility = Visibility::Default;
        gv.common.thread_local = ThreadLocal::InitialExec;
        gv.common.unnamed_addr = UnnamedAddr::Global;
        gv.addrspace = 1;
        gv.externally_initialized = true;
        gv.constant = true;
        gv.section = Some("sec\x01".into());
        gv.common.partition = Some("part".into());
        gv.code_model = Some("large".into());
        gv.common.sanitizer = SANITIZE_NO_ADDRESS | SANITIZE_MEMTAG;
        gv.comdat = Some(ComdatId(0));
        gv.align = 16;
    }
    let attrs = b.m.attrs.set(vec![Attr::String("key".into(), "v\"al".into())]);
    let g = b.global("", s, None);
    b.m.globals[g as usize].attrs = attrs;
    b.m.globals[g as usize].common.visibility = Visibility::Hidden;
    let g = b.global("tl", i32t, Some(z));
    b.m.globals[g as usize].common.thread_local = ThreadLocal::GeneralDynamic;
    b.m.globals[g as usize].common.unnamed_addr = UnnamedAddr::Local;
    b.m.globals[g as usize].common.dso_local = true;
    b.m.globals[g as usize].common.linkage = Linkage::Internal;
    let g = b.global("an", anon, None);
    let _ = g;
    let g = b.global("op", opaque, None);
    let _ = g;
    let g = b.global("needs quote", i32t, Some(z));
    let _ = g;
    let f = b.func("f", b.m.types.void(), &[], false);
    b.m.functions[f as usize].comdat = Some(ComdatId(2));
    let bb = b.block(f, "");
    let v = b.m.types.void();
    b.ins(f, bb, v, "", InstKind::Ret(None));
    let f2 = b.func("f2", v, &[], false);
    b.m.functions[f2 as usize].comdat = Some(ComdatId(0));
    let bb = b.block(f2, "");
    b.ins(f2, bb, v, "", InstKind::Ret(None));
    // Aliases and an ifunc.
    let tgt = b.gref(GlobalRef::Var(0));
    let Value::Const(tgt) = tgt else { unreachable!() };
    b.m.aliases.push(Alias { common: B::common("al"), ty: i32t, addrspace: 0, aliasee: tgt });
    let one = b.ci(64, 1);
    let Value::Const(one) = one else { unreachable!() };
    let gep = b.m.consts.intern_raw(
        p,
        ConstKind::Expr {
            op: ExprOp::GetElementPtr,
            flags: expr_flags::INBOUNDS,
            ops: vec![tgt, one].into(),
            source_ty: Some(i8t),
            inrange: None,
        },
    );
    let mut c = B::common("al2");
    c.linkage = Linkage::Private;
    c.unnamed_addr = UnnamedAddr::Global;
    b.m.aliases.push(Alias { common: c, ty: i8t, addrspace: 0, aliasee: gep });
    let rf = b.func("resolver", p, &[], false);
    let bb = b.block(rf, "");
    let n = b.m.consts.zero(&b.m.types, p).unwrap();
    b.ins(rf, bb, v, "", InstKind::Ret(Some(Value::Const(n))));
    let res = b.gref(GlobalRef::Func(rf));
    let Value::Const(res) = res else { unreachable!() };
    let fty = b.m.types.function(v, &[], false).unwrap();
    b.m.ifuncs.push(IFunc { common: B::common("ifn"), ty: fty, addrspace: 0, resolver: res });
    assert_same(&b.m);
}

#[test]
fn constants() {
    let mut b = B::new();
    let i32t = b.i(32);
    let i8t = b.i(8);
    let i1t = b.i(1);
    let i128t = b.i(128);
    let p = b.ptr();
    let dt = b.m.types.float(FloatKind::Double);
    let ft = b.m.types.float(FloatKind::Float);
    let ht = b.m.types.float(FloatKind::Half);
    let xt = b.m.types.float(FloatKind::X86Fp80);
    let add = |b: &mut B, name: &str, ty: TypeId, c| {
        b.global(name, ty, Some(c));
    };
    let c = b.m.consts.int(&b.m.types, i32t, IntValue::from_i64(32, -7).unwrap()).unwrap();
    add(&mut b, "int", i32t, c);
    let c = b.m.consts.int(&b.m.types, i1t, IntValue::from_i64(1, 1).unwrap()).unwrap();
    add(&mut b, "bool", i1t, c);
    let c =
        b.m.consts
            .int(&b.m.types, i128t, IntValue::from_limbs(128, &[5, 1 << 63]).unwrap())
            .unwrap();
    add(&mut b, "big", i128t, c);
    let c = b.m.consts.float(&b.m.types, dt, FloatValue::Double(1.5f64.to_bits())).unwrap();
    add(&mut b, "dbl", dt, c);
    let c = b.m.consts.float(&b.m.types, dt, FloatValue::Double(0.1f64.to_bits())).unwrap();
    add(&mut b, "dbl2", dt, c);
    let c = b.m.consts.float(&b.m.types, ft, FloatValue::Float(0.1f32.to_bits())).unwrap();
    add(&mut b, "flt", ft, c);
    let c = b.m.consts.float(&b.m.types, ht, FloatValue::Half(0x3c00)).unwrap();
    add(&mut b, "hlf", ht, c);
    let c =
        b.m.consts.float(&b.m.types, xt, FloatValue::X86Fp80(0x3fff_8000_0000_0000_0000)).unwrap();
    add(&mut b, "x80", xt, c);
    let c = b.m.consts.zero(&b.m.types, p).unwrap();
    add(&mut b, "nul", p, c);
    let c = b.m.consts.undef(i32t);
    add(&mut b, "und", i32t, c);
    let c = b.m.consts.poison(i32t);
    add(&mut b, "poi", i32t, c);
    let arr = b.m.types.array(i32t, 3).unwrap();
    let e: Vec<_> = (1..=3).map(|v| b.m.consts.int_u64(&b.m.types, i32t, v).unwrap()).collect();
    let c = b.m.consts.array(&b.m.types, arr, &e).unwrap();
    add(&mut b, "arr", arr, c);
    let z = b.m.consts.zero(&b.m.types, arr).unwrap();
    add(&mut b, "zarr", arr, z);
    let sarr = b.m.types.array(i8t, 6).unwrap();
    let c = b.m.consts.bytes(&b.m.types, sarr, b"hi\n\x7f\xff\0").unwrap();
    add(&mut b, "str", sarr, c);
    let st = b.m.types.literal_struct(&[i32t, p, arr], false).unwrap();
    let g0 = b.gref(GlobalRef::Var(0));
    let Value::Const(g0c) = g0 else { unreachable!() };
    let c = b.m.consts.structure(&b.m.types, st, &[e[0], g0c, c_arr(&b, arr)]).unwrap();
    add(&mut b, "st", st, c);
    let pst = b.m.types.literal_struct(&[i8t, i32t], true).unwrap();
    let e8 = e_i8(&mut b, 1);
    let c = b.m.consts.structure(&b.m.types, pst, &[e8, e[1]]).unwrap();
    add(&mut b, "pst", pst, c);
    let est = b.m.types.literal_struct(&[], false).unwrap();
    let c = b.m.consts.zero(&b.m.types, est).unwrap();
    add(&mut b, "est", est, c);
    let vt = b.m.types.vector(i32t, 4, false).unwrap();
    let c = b.m.consts.vector(&b.m.types, vt, &[e[0], e[1], e[2], e[0]]).unwrap();
    add(&mut b, "vec", vt, c);
    let i64t = b.i(64);
    let c = b.m.consts.intern_raw(
        i64t,
        ConstKind::Expr {
            op: ExprOp::PtrToInt,
            flags: 0,
            ops: vec![g0c].into(),
            source_ty: None,
            inrange: None,
        },
    );
    add(&mut b, "p2i", i64t, c);
    let c2 = b.m.consts.intern_raw(
        i64t,
        ConstKind::Expr {
            op: ExprOp::Add,
            flags: expr_flags::NUW | expr_flags::NSW,
            ops: vec![c, c].into(),
            source_ty: None,
            inrange: None,
        },
    );
    add(&mut b, "cadd", i64t, c2);
    let i0 = b.ci(64, 0);
    let i1 = b.ci(32, 2);
    let (Value::Const(i0), Value::Const(i1)) = (i0, i1) else { unreachable!() };
    let c = b.m.consts.intern_raw(
        p,
        ConstKind::Expr {
            op: ExprOp::GetElementPtr,
            flags: expr_flags::INBOUNDS | expr_flags::NUW,
            ops: vec![g0c, i0, i1].into(),
            source_ty: Some(st),
            inrange: None,
        },
    );
    add(&mut b, "gep", p, c);
    let c = b.m.consts.intern_raw(
        p,
        ConstKind::Expr {
            op: ExprOp::GetElementPtr,
            flags: expr_flags::NUSW,
            ops: vec![g0c, i0].into(),
            source_ty: Some(i8t),
            inrange: Some((-8, 16)),
        },
    );
    add(&mut b, "gep2", p, c);
    let f = b.func("fn", b.m.types.void(), &[], false);
    let bb0 = b.block(f, "entry");
    let bb1 = b.block(f, "");
    let v = b.m.types.void();
    b.ins(f, bb0, v, "", InstKind::Br(bb1));
    b.ins(f, bb1, v, "", InstKind::Ret(None));
    let c =
        b.m.consts.intern_raw(p, ConstKind::BlockAddress { func: GlobalRef::Func(f), block: 1 });
    add(&mut b, "ba", p, c);
    let c = b.m.consts.intern_raw(p, ConstKind::DsoLocalEquivalent(GlobalRef::Func(f)));
    add(&mut b, "dle", p, c);
    let c = b.m.consts.intern_raw(p, ConstKind::NoCfi(GlobalRef::Func(f)));
    add(&mut b, "nocfi", p, c);
    assert_same(&b.m);
}

fn c_arr(b: &B, arr: TypeId) -> llvmext_ir::constant::ConstId {
    // The array made above (interned: same id).
    let mut found = None;
    for (id, ty, k) in b.m.consts.iter() {
        if ty == arr && matches!(k, ConstKind::Array(_)) {
            found = Some(id);
        }
    }
    found.unwrap()
}

fn e_i8(b: &mut B, v: u64) -> llvmext_ir::constant::ConstId {
    let t = b.i(8);
    b.m.consts.int_u64(&b.m.types, t, v).unwrap()
}

#[test]
fn instructions() {
    let mut b = B::new();
    let i32t = b.i(32);
    let i64t = b.i(64);
    let i1t = b.i(1);
    let i8t = b.i(8);
    let p = b.ptr();
    let v = b.m.types.void();
    let dt = b.m.types.float(FloatKind::Double);
    let vt = b.m.types.vector(i32t, 4, false).unwrap();
    let st = b.m.types.literal_struct(&[i32t, dt], false).unwrap();
    let ext = b.func("ext", i32t, &[i32t, p], false);
    let va = b.func("va", v, &[i32t], true);
    let f = b.func("f", i32t, &[i32t, i32t, p, dt, vt, i1t], false);
    b.m.functions[f as usize].args[1].name = Some("named".into());
    let attrs = {
        let nu = b.m.attrs.set(vec![Attr::Enum(ak("noundef"))]);
        let pa = b.m.attrs.set(vec![
            Attr::Enum(ak("nocapture")),
            Attr::Int(ak("align"), 8),
            Attr::Int(ak("dereferenceable"), 16),
        ]);
        let fa = b.m.attrs.set(vec![
            Attr::Enum(ak("nounwind")),
            Attr::Int(ak("memory"), 0b00_00_01),
            Attr::Int(ak("uwtable"), 2),
            Attr::String("frame-pointer".into(), "all".into()),
        ]);
        b.m.attrs.list(AttrList {
            func: fa,
            ret: nu,
            params: vec![nu, Default::default(), pa].into(),
        })
    };
    b.m.functions[f as usize].attrs = attrs;
    let a0 = Value::Arg(0);
    let a1 = Value::Arg(1);
    let ap = Value::Arg(2);
    let ad = Value::Arg(3);
    let av = Value::Arg(4);
    let ab = Value::Arg(5);
    let e = b.block(f, "");
    let l1 = b.block(f, "loop");
    let l2 = b.block(f, "");
    let exit = b.block(f, "exit with space");
    let un = b.block(f, "");
    let mut x = a0;
    for (op, fl) in [
        (BinOp::Add, flags::NUW | flags::NSW),
        (BinOp::Sub, flags::NSW),
        (BinOp::Mul, 0),
        (BinOp::UDiv, flags::EXACT),
        (BinOp::SDiv, 0),
        (BinOp::URem, 0),
        (BinOp::SRem, 0),
        (BinOp::Shl, flags::NUW),
        (BinOp::LShr, flags::EXACT),
        (BinOp::AShr, 0),
        (BinOp::And, 0),
        (BinOp::Or, flags::DISJOINT),
        (BinOp::Xor, 0),
    ] {
        x = b.ins(f, e, i32t, "", InstKind::Binary { op, lhs: x, rhs: a1, flags: fl, fmf: 0 });
    }
    let mut y = ad;
    for (op, fm) in [
        (BinOp::FAdd, fmf::FAST),
        (BinOp::FSub, fmf::NNAN | fmf::REASSOC),
        (BinOp::FMul, fmf::CONTRACT | fmf::AFN),
        (BinOp::FDiv, fmf::NSZ | fmf::ARCP | fmf::NINF),
        (BinOp::FRem, 0),
    ] {
        y = b.ins(f, e, dt, "", InstKind::Binary { op, lhs: y, rhs: ad, flags: 0, fmf: fm });
    }
    y = b.ins(f, e, dt, "neg", InstKind::FNeg { val: y, fmf: fmf::NNAN });
    let c0 = b.ci(32, 0);
    let ee = b.ins(f, e, i32t, "", InstKind::ExtractElement { vec: av, idx: c0 });
    let c64 = b.ci(64, 1);
    let ie = b.ins(f, e, vt, "", InstKind::InsertElement { vec: av, elt: ee, idx: c64 });
    let mt = b.m.types.vector(i32t, 4, false).unwrap();
    let mask_elems: Vec<_> =
        [0u64, 5, 2, 7].iter().map(|&m| b.m.consts.int_u64(&b.m.types, i32t, m).unwrap()).collect();
    let pz = b.m.consts.poison(i32t);
    let mut me = mask_elems.clone();
    me[3] = pz;
    let mask = b.m.consts.vector(&b.m.types, mt, &me).unwrap();
    b.ins(f, e, vt, "", InstKind::ShuffleVector { a: av, b: ie, mask });
    let zm = b.m.consts.zero(&b.m.types, mt).unwrap();
    b.ins(f, e, vt, "", InstKind::ShuffleVector { a: av, b: ie, mask: zm });
    let su = b.m.consts.undef(st);
    let iv = b.ins(
        f,
        e,
        st,
        "",
        InstKind::InsertValue { agg: Value::Const(su), val: x, indices: vec![0] },
    );
    b.ins(f, e, dt, "", InstKind::ExtractValue { agg: iv, indices: vec![1] });
    let one = b.ci(32, 1);
    let al = b.ins(
        f,
        e,
        p,
        "",
        InstKind::Alloca {
            ty: i32t,
            count: one,
            align: 4,
            addrspace: 0,
            inalloca: false,
            swifterror: false,
        },
    );
    let c5 = b.ci(64, 5);
    b.ins(
        f,
        e,
        p,
        "arr",
        InstKind::Alloca {
            ty: i64t,
            count: c5,
            align: 8,
            addrspace: 0,
            inalloca: false,
            swifterror: false,
        },
    );
    b.ins(
        f,
        e,
        v,
        "",
        InstKind::Store {
            val: x,
            ptr: al,
            align: 4,
            volatile: true,
            ordering: Ordering::NotAtomic,
            scope: None,
        },
    );
    b.ins(
        f,
        e,
        v,
        "",
        InstKind::Store {
            val: x,
            ptr: al,
            align: 4,
            volatile: false,
            ordering: Ordering::Release,
            scope: Some("singlethread".into()),
        },
    );
    let ld = b.ins(
        f,
        e,
        i32t,
        "",
        InstKind::Load {
            ptr: al,
            align: 4,
            volatile: false,
            ordering: Ordering::NotAtomic,
            scope: None,
        },
    );
    b.ins(
        f,
        e,
        i32t,
        "",
        InstKind::Load {
            ptr: al,
            align: 4,
            volatile: true,
            ordering: Ordering::Acquire,
            scope: None,
        },
    );
    b.ins(f, e, v, "", InstKind::Fence { ordering: Ordering::SeqCst, scope: None });
    let pair = b.m.types.literal_struct(&[i32t, i1t], false).unwrap();
    b.ins(
        f,
        e,
        pair,
        "",
        InstKind::CmpXchg {
            ptr: al,
            cmp: ld,
            new: x,
            success: Ordering::AcqRel,
            failure: Ordering::Monotonic,
            scope: None,
            weak: true,
            volatile: true,
            align: 4,
        },
    );
    for op in [RmwOp::Xchg, RmwOp::Add, RmwOp::Nand, RmwOp::UMax, RmwOp::UIncWrap] {
        b.ins(
            f,
            e,
            i32t,
            "",
            InstKind::AtomicRmw {
                op,
                ptr: al,
                val: x,
                ordering: Ordering::SeqCst,
                scope: None,
                volatile: false,
                align: 4,
            },
        );
    }
    b.ins(
        f,
        e,
        dt,
        "",
        InstKind::AtomicRmw {
            op: RmwOp::FAdd,
            ptr: al,
            val: ad,
            ordering: Ordering::Monotonic,
            scope: Some("agent".into()),
            volatile: true,
            align: 8,
        },
    );
    let c2 = b.ci(64, 2);
    b.ins(
        f,
        e,
        p,
        "",
        InstKind::Gep { source_ty: st, base: ap, indices: vec![c2, one], flags: flags::INBOUNDS },
    );
    b.ins(
        f,
        e,
        p,
        "",
        InstKind::Gep {
            source_ty: i8t,
            base: ap,
            indices: vec![c2],
            flags: flags::NUSW | flags::NUW,
        },
    );
    b.ins(f, e, p, "", InstKind::Gep { source_ty: i8t, base: ap, indices: vec![], flags: 0 });
    let casts = [
        (CastOp::Trunc, i8t, x, flags::NUW),
        (CastOp::ZExt, i64t, x, flags::NNEG),
        (CastOp::SExt, i64t, x, 0),
        (CastOp::SIToFP, dt, x, 0),
        (CastOp::UIToFP, dt, x, flags::NNEG),
        (CastOp::FPToSI, i32t, ad, 0),
        (CastOp::FPToUI, i32t, ad, 0),
        (CastOp::PtrToInt, i64t, ap, 0),
        (CastOp::BitCast, vt, av, 0),
    ];
    for (op, ty, val, fl) in casts {
        b.ins(f, e, ty, "", InstKind::Cast { op, val, flags: fl, fmf: 0 });
    }
    let ft = b.m.types.float(FloatKind::Float);
    b.ins(f, e, ft, "", InstKind::Cast { op: CastOp::FPTrunc, val: ad, flags: 0, fmf: 0 });
    let i2p =
        b.ins(f, e, p, "", InstKind::Cast { op: CastOp::IntToPtr, val: c64, flags: 0, fmf: 0 });
    let p1 = b.m.types.ptr(1).unwrap();
    b.ins(f, e, p1, "", InstKind::Cast { op: CastOp::AddrSpaceCast, val: i2p, flags: 0, fmf: 0 });
    let cmp =
        b.ins(f, e, i1t, "cmp", InstKind::ICmp { pred: IntPred::Slt, lhs: x, rhs: a1, flags: 0 });
    b.ins(f, e, i1t, "", InstKind::FCmp { pred: FloatPred::Ueq, lhs: ad, rhs: y, fmf: fmf::NINF });
    b.ins(f, e, i32t, "", InstKind::Select { cond: cmp, then_val: x, else_val: a1, fmf: 0 });
    b.ins(f, e, i32t, "", InstKind::Freeze(x));
    b.ins(f, e, i32t, "", InstKind::VaArg(ap));
    let ext_fty = b.m.functions[ext as usize].ty;
    let ext_v = b.gref(GlobalRef::Func(ext));
    let mut cd = b.call(ext_fty, ext_v, vec![x, ap]);
    let nu = b.m.attrs.set(vec![Attr::Enum(ak("noundef"))]);
    let ca = b.m.attrs.set(vec![Attr::Enum(ak("nounwind")), Attr::Enum(ak("cold"))]);
    cd.attrs = b.m.attrs.list(AttrList { func: ca, ret: nu, params: vec![nu].into() });
    cd.bundles = vec![Bundle { tag: "deopt".into(), inputs: vec![x, one] }];
    b.ins(f, e, i32t, "", InstKind::Call { call: cd, tail: TailKind::Tail });
    let mut cd = b.call(ext_fty, ext_v, vec![x, ap]);
    cd.cc = CallConv::FAST;
    b.ins(f, e, i32t, "", InstKind::Call { call: cd, tail: TailKind::NoTail });
    let va_fty = b.m.functions[va as usize].ty;
    let va_v = b.gref(GlobalRef::Func(va));
    let cd = b.call(va_fty, va_v, vec![x, ad, ap]);
    b.ins(f, e, v, "", InstKind::Call { call: cd, tail: TailKind::None });
    let asm_ty = b.m.types.function(v, &[], false).unwrap();
    b.m.inline_asm.push(InlineAsm {
        ty: asm_ty,
        asm: b"nop".to_vec().into(),
        constraints: b"~{memory}".to_vec().into(),
        side_effects: true,
        align_stack: false,
        intel_dialect: true,
        can_throw: false,
    });
    let cd = b.call(asm_ty, Value::InlineAsm(0), vec![]);
    b.ins(f, e, v, "", InstKind::Call { call: cd, tail: TailKind::None });
    b.ins(f, e, v, "", InstKind::Br(l1));
    // loop: phi and switch
    let ph = b.ins(
        f,
        l1,
        i32t,
        "i",
        InstKind::Phi { incoming: vec![(a0, e), (Value::Inst(InstId(0)), l1), (x, l2)], fmf: 0 },
    );
    if let InstKind::Phi { incoming, .. } =
        &mut b.m.functions[f as usize].insts.last_mut().unwrap().kind
    {
        incoming[1].0 = ph;
    }
    let c1 = b.ci(32, 1);
    let c7 = b.ci(32, 7);
    let (Value::Const(c1), Value::Const(c7)) = (c1, c7) else { unreachable!() };
    b.ins(
        f,
        l1,
        v,
        "",
        InstKind::Switch { cond: ph, default: exit, cases: vec![(c1, l1), (c7, l2)] },
    );
    b.ins(f, l2, v, "", InstKind::CondBr { cond: ab, then_dest: l1, else_dest: exit });
    b.ins(f, exit, v, "", InstKind::Ret(Some(ph)));
    b.ins(f, un, v, "", InstKind::Unreachable);
    assert_same(&b.m);
}

#[test]
fn exceptions_and_metadata() {
    let mut b = B::new();
    let i32t = b.i(32);
    let p = b.ptr();
    let v = b.m.types.void();
    let tok = b.m.types.token();
    let lp_ty = b.m.types.literal_struct(&[p, i32t], false).unwrap();
    let pers = b.func("__gxx_personality_v0", i32t, &[], true);
    let thrower = b.func("thrower", v, &[], false);
    let f = b.func("f", v, &[p], false);
    let pv = b.gref(GlobalRef::Func(pers));
    let Value::Const(pc) = pv else { unreachable!() };
    b.m.functions[f as usize].personality = Some(pc);
    let e = b.block(f, "");
    let ok = b.block(f, "ok");
    let lp = b.block(f, "lpad");
    let tfty = b.m.functions[thrower as usize].ty;
    let tv = b.gref(GlobalRef::Func(thrower));
    let cd = b.call(tfty, tv, vec![]);
    b.ins(f, e, v, "", InstKind::Invoke { call: cd, normal: ok, unwind: lp });
    b.ins(f, ok, v, "", InstKind::Ret(None));
    let null = b.m.consts.zero(&b.m.types, p).unwrap();
    let l = b.ins(
        f,
        lp,
        lp_ty,
        "",
        InstKind::LandingPad { cleanup: true, clauses: vec![Clause::Catch(Value::Const(null))] },
    );
    b.ins(f, lp, v, "", InstKind::Resume(l));
    // Windows-style funclets.
    let g = b.func("g", v, &[], false);
    b.m.functions[g as usize].personality = Some(pc);
    let e = b.block(g, "");
    let dsp = b.block(g, "dispatch");
    let h = b.block(g, "handler");
    let cont = b.block(g, "cont");
    let cl = b.block(g, "");
    let cd = b.call(tfty, tv, vec![]);
    b.ins(g, e, v, "", InstKind::Invoke { call: cd, normal: cont, unwind: dsp });
    let none = b.m.consts.zero(&b.m.types, tok).unwrap();
    let cs = b.ins(
        g,
        dsp,
        tok,
        "cs",
        InstKind::CatchSwitch { parent: Value::Const(none), handlers: vec![h], unwind: Some(cl) },
    );
    let cp =
        b.ins(g, h, tok, "", InstKind::CatchPad { parent: cs, args: vec![Value::Const(null)] });
    b.ins(g, h, v, "", InstKind::CatchRet { pad: cp, dest: cont });
    b.ins(g, cont, v, "", InstKind::Ret(None));
    let cup =
        b.ins(g, cl, tok, "", InstKind::CleanupPad { parent: Value::Const(none), args: vec![] });
    b.ins(g, cl, v, "", InstKind::CleanupRet { pad: cup, unwind: None });
    // Metadata: named, tuples, strings, values, distinct, attachments.
    let s = b.m.md.get_or_insert(MdNode::String(b"str \"q\"\n".to_vec().into()));
    let gv = b.gref(GlobalRef::Func(f));
    let Value::Const(gvc) = gv else { unreachable!() };
    let mv = b.m.md.get_or_insert(MdNode::Value(p, Value::Const(gvc)));
    let one = b.ci(32, 1);
    let i1 = b.m.md.get_or_insert(MdNode::Value(i32t, one));
    let inner = b.m.md.get_or_insert(MdNode::Tuple(vec![Some(s)].into()));
    let d = b.m.md.push_distinct(MdNode::Tuple(vec![Some(inner), None, Some(mv)].into()));
    let t = b.m.md.get_or_insert(MdNode::Tuple(vec![Some(i1), Some(d), Some(s)].into()));
    let empty = b.m.md.get_or_insert(MdNode::Tuple(vec![].into()));
    b.m.named_md.push(NamedMd { name: "named.md".into(), ops: vec![t, empty] });
    let k = b.m.md.kind_id("custom");
    let kp = b.m.md.kind_id("another");
    b.m.functions[f as usize].md.push((k, empty));
    b.m.functions[g as usize].insts[0].md = smallvec::smallvec![(k, d), (kp, inner)];
    let gl = b.global("gl", i32t, None);
    b.m.globals[gl as usize].md.push((k, inner));
    assert_same(&b.m);
}

#[test]
fn attributes_of_every_shape() {
    let mut b = B::new();
    let i32t = b.i(32);
    let p = b.ptr();
    let v = b.m.types.void();
    let s = b.m.types.named_struct("struct.S").unwrap();
    b.m.types.set_body(s, &[i32t], false).unwrap();
    let ft = b.m.types.float(FloatKind::Float);
    let f = b.func("f", p, &[p, p, ft, i32t, p], false);
    let range = Attr::Range(
        ak("range"),
        i32t,
        IntValue::from_i64(32, -1).unwrap(),
        IntValue::from_i64(32, 10).unwrap(),
    );
    let p0 = b.m.attrs.set(vec![Attr::Type(ak("byval"), s), Attr::Int(ak("align"), 4)]);
    let p1 =
        b.m.attrs.set(vec![Attr::Enum(ak("noalias")), Attr::Int(ak("dereferenceable_or_null"), 8)]);
    let p2 = b.m.attrs.set(vec![Attr::Int(ak("nofpclass"), 0x3 | 0x204)]);
    let p3 = b.m.attrs.set(vec![range, Attr::Enum(ak("signext"))]);
    let p4 =
        b.m.attrs
            .set(vec![Attr::Initializes(vec![(0, 4), (8, 12)].into()), Attr::Enum(ak("writable"))]);
    let ret = b.m.attrs.set(vec![Attr::Enum(ak("nonnull")), Attr::Int(ak("align"), 16)]);
    let fa = b.m.attrs.set(vec![
        Attr::Int(ak("allocsize"), (3 << 32) | 0xffff_ffff),
        Attr::Int(ak("allockind"), 1 | 16),
        Attr::Int(ak("memory"), 0b01_00_11),
        Attr::Int(ak("uwtable"), 1),
        Attr::Int(ak("vscale_range"), (1 << 32) | 16),
        Attr::Int(ak("alignstack"), 16),
        Attr::String("alloc-family".into(), "malloc".into()),
        Attr::String("empty".into(), "".into()),
    ]);
    b.m.functions[f as usize].attrs =
        b.m.attrs.list(AttrList { func: fa, ret, params: vec![p0, p1, p2, p3, p4].into() });
    let d = b.func("d", v, &[p, i32t, i32t], false);
    let sr = b.m.attrs.set(vec![Attr::Type(ak("sret"), s), Attr::Int(ak("align"), 4)]);
    let fa2 =
        b.m.attrs.set(vec![Attr::Int(ak("allocsize"), (1 << 32) | 2), Attr::Int(ak("memory"), 0)]);
    b.m.functions[d as usize].attrs =
        b.m.attrs.list(AttrList { func: fa2, ret: Default::default(), params: vec![sr].into() });
    let only_str = b.func("s", v, &[], false);
    let fa3 = b.m.attrs.set(vec![Attr::String("x".into(), "y".into())]);
    b.m.functions[only_str as usize].attrs =
        b.m.attrs.list(AttrList { func: fa3, ..Default::default() });
    let e = b.block(f, "");
    let n = b.m.consts.zero(&b.m.types, p).unwrap();
    b.ins(f, e, v, "", InstKind::Ret(Some(Value::Const(n))));
    assert_same(&b.m);
}

#[test]
fn calling_conventions_and_function_fields() {
    let mut b = B::new();
    let v = b.m.types.void();
    let i32t = b.i(32);
    b.m.comdats.push(Comdat { name: "own".into(), kind: ComdatKind::Any });
    for (i, cc) in [0u32, 8, 9, 10, 18, 64, 65, 70, 79, 200].iter().enumerate() {
        let f = b.func(&format!("f{i}"), v, &[], false);
        b.m.functions[f as usize].cc = CallConv(*cc);
        if i % 2 == 0 {
            let e = b.block(f, "");
            b.ins(f, e, v, "", InstKind::Ret(None));
        }
    }
    let f = b.func("own", v, &[i32t], true);
    {
        let fun = &mut b.m.functions[f as usize];
        fun.common.linkage = Linkage::Internal;
        fun.common.unnamed_addr = UnnamedAddr::Global;
        fun.section = Some("text.x".into());
        fun.common.partition = Some("p".into());
        fun.comdat = Some(ComdatId(0));
        fun.align = 16;
        fun.gc = Some("shadow-stack".into());
    }
    let one = b.ci(32, 1);
    let Value::Const(one) = one else { unreachable!() };
    b.m.functions[f as usize].prefix = Some(one);
    b.m.functions[f as usize].prologue = Some(one);
    let e = b.block(f, "");
    b.ins(f, e, v, "", InstKind::Ret(None));
    let u = b.func("", v, &[], false);
    b.m.functions[u as usize].common.linkage = Linkage::Private;
    let e = b.block(u, "");
    b.ins(u, e, v, "", InstKind::Ret(None));
    assert_same(&b.m);
}

#[test]
fn the_tests_can_fail() {
    // A deliberately wrong printing is caught by the comparison.
    let m = Module::new();
    let ours = write::print(&m) + "\n; extra\n";
    let theirs = roundtrip(&ours);
    assert_ne!(strip_id(&ours), strip_id(&theirs));
}

/// A large generated function (100 000 adds and stores) prints, parses
/// back and prints the same; the printer's throughput is shown (run with
/// `--release --nocapture` to read it; criterion benches are in `benches/`).
#[test]
fn a_large_function_prints_and_parses_back() {
    let mut b = B::new();
    let i32t = b.i(32);
    let p = b.ptr();
    let f = b.func("big", i32t, &[i32t, p], false);
    let e = b.block(f, "");
    let mut x = Value::Arg(0);
    for i in 0..100_000 {
        let c = b.ci(32, i);
        x = b.ins(
            f,
            e,
            i32t,
            "",
            InstKind::Binary { op: BinOp::Add, lhs: x, rhs: c, flags: flags::NSW, fmf: 0 },
        );
        let v = b.m.types.void();
        b.ins(
            f,
            e,
            v,
            "",
            InstKind::Store {
                val: x,
                ptr: Value::Arg(1),
                align: 4,
                volatile: false,
                ordering: Ordering::NotAtomic,
                scope: None,
            },
        );
    }
    let v = b.m.types.void();
    b.ins(f, e, v, "", InstKind::Ret(Some(x)));
    let t = std::time::Instant::now();
    let s = write::print(&b.m);
    let dt = t.elapsed().as_secs_f64();
    println!("printed {} bytes in {:.3} s: {:.0} MB/s", s.len(), dt, s.len() as f64 / dt / 1e6);
    assert_eq!(s.matches(" = add nsw i32 ").count(), 100_000, "every add printed");
    assert_eq!(s.matches("\n  store i32 ").count(), 100_000, "every store printed");
    let back = llvmext_ir::parse::parse(s.as_bytes(), "<stdin>")
        .unwrap_or_else(|e| panic!("our own text: {e}"));
    let again = write::print(&back);
    if let Some((i, (a, b))) = s.lines().zip(again.lines()).enumerate().find(|(_, (a, b))| a != b) {
        panic!("printed, parsed and printed again: line {} differs:\n  {a}\n  {b}", i + 1);
    }
    assert_eq!(again.len(), s.len(), "printed, parsed and printed again: not the same length");
}
