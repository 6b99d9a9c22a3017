//! The verifier on modules built directly through the model, one kind of
//! fault each. Where the fault can be written as `.ll`, the same module's
//! text is fed to `llvm-as-19`, which must refuse it with the same message
//! (so the wording and the rule are LLVM's, not ours).

mod common;

use llvmext_ir::attr::AttrListId;
use llvmext_ir::constant::ConstId;
use llvmext_ir::inst::{BinOp, CallData, Inst, InstId, InstKind, IntPred};
use llvmext_ir::module::{
    Alias, Arg, Block, BlockId, CallConv, Comdat, ComdatId, ComdatKind, Function, GlobalCommon,
    GlobalRef, GlobalVar, IFunc, Linkage, Module, Visibility,
};
use llvmext_ir::types::TypeId;
use llvmext_ir::verify::{verify, VerifyError};
use llvmext_ir::Value;

/// `llvm-as-19`'s stderr for `src` (it must fail).
fn llvm_as_error(src: &str) -> String {
    match common::llvm_as_verdict(src.as_bytes()) {
        Ok(_) => panic!("llvm-as-19 accepted:\n{src}"),
        Err(e) => e,
    }
}

fn llvm_as_ok(src: &str) {
    if let Err(e) = common::llvm_as_verdict(src.as_bytes()) {
        panic!("llvm-as-19 refused:\n{src}\n{e}");
    }
}

struct T {
    m: Module,
    i1: TypeId,
    i32: TypeId,
    i64: TypeId,
    void: TypeId,
    ptr: TypeId,
}

impl T {
    fn new() -> T {
        let mut m = Module::new();
        let i1 = m.types.int(1).unwrap();
        let i32 = m.types.int(32).unwrap();
        let i64 = m.types.int(64).unwrap();
        let ptr = m.types.ptr(0).unwrap();
        let void = m.types.void();
        T { m, i1, i32, i64, void, ptr }
    }

    fn c(&mut self, ty: TypeId, v: u64) -> Value {
        Value::Const(self.m.consts.int_u64(&self.m.types, ty, v).unwrap())
    }

    /// A function `name(params) -> ret` with `nblocks` empty blocks named
    /// b0, b1, ... (b0 is `entry`).
    fn func(&mut self, name: &str, ret: TypeId, params: &[TypeId], nblocks: usize) -> usize {
        let ty = self.m.types.function(ret, params, false).unwrap();
        let blocks = (0..nblocks)
            .map(|i| Block {
                name: Some(if i == 0 { "entry".into() } else { format!("b{i}").into() }),
                insts: Vec::new(),
            })
            .collect();
        self.m.functions.push(Function {
            common: GlobalCommon { name: Some(name.into()), ..Default::default() },
            args: vec![Arg::default(); params.len()],
            blocks,
            ..Function::new(ty)
        });
        self.m.functions.len() - 1
    }

    /// Appends an instruction to block `b` of function `f`.
    fn put(&mut self, f: usize, b: u32, kind: InstKind, ty: TypeId) -> Value {
        let fun = &mut self.m.functions[f];
        let id = InstId(fun.insts.len() as u32);
        fun.insts.push(Inst {
            kind,
            ty,
            name: None,
            md: Default::default(),
            dbg_records: Vec::new(),
        });
        fun.blocks[b as usize].insts.push(id);
        Value::Inst(id)
    }

    fn ret_void(&mut self, f: usize, b: u32) {
        let v = self.void;
        self.put(f, b, InstKind::Ret(None), v);
    }

    fn br(&mut self, f: usize, b: u32, to: u32) {
        let v = self.void;
        self.put(f, b, InstKind::Br(BlockId(to)), v);
    }

    fn condbr(&mut self, f: usize, b: u32, c: Value, t: u32, e: u32) {
        let v = self.void;
        self.put(
            f,
            b,
            InstKind::CondBr { cond: c, then_dest: BlockId(t), else_dest: BlockId(e) },
            v,
        );
    }

    fn add(&mut self, f: usize, b: u32, x: Value, y: Value, ty: TypeId) -> Value {
        self.put(f, b, InstKind::Binary { op: BinOp::Add, lhs: x, rhs: y, flags: 0, fmf: 0 }, ty)
    }

    fn phi(&mut self, f: usize, b: u32, ty: TypeId, inc: &[(Value, u32)]) -> Value {
        let incoming = inc.iter().map(|&(v, b)| (v, BlockId(b))).collect();
        self.put(f, b, InstKind::Phi { incoming, fmf: 0 }, ty)
    }

    fn global_var(&mut self, name: &str, ty: TypeId, init: Option<ConstId>) -> GlobalVar {
        GlobalVar {
            common: GlobalCommon { name: Some(name.into()), ..Default::default() },
            ty,
            addrspace: 0,
            externally_initialized: false,
            constant: false,
            init,
            section: None,
            comdat: None,
            align: 0,
            code_model: None,
            attrs: Default::default(),
            md: Vec::new(),
        }
    }

    fn errors(&self) -> Vec<VerifyError> {
        verify(&self.m).expect_err("the verifier accepted a faulty module")
    }
}

/// The verifier reports `msg` (among its errors) and llvm-as-19 reports it
/// for the text form `ll`.
fn expect(t: &T, msg: &str, ll: Option<&str>) -> VerifyError {
    let errs = t.errors();
    let e = errs
        .iter()
        .find(|e| e.message == msg)
        .unwrap_or_else(|| panic!("no error {msg:?} in {errs:#?}"))
        .clone();
    if let Some(ll) = ll {
        let out = llvm_as_error(ll);
        assert!(out.contains(msg), "llvm-as-19 says otherwise for {msg:?}:\n{out}");
    }
    e
}

/// `i32 @f(i1 %c)`: a loop with a phi — counts to 10.
fn good_loop(t: &mut T) -> usize {
    let (i1, i32) = (t.i1, t.i32);
    let f = t.func("f", i32, &[i1], 3);
    t.br(f, 0, 1);
    let zero = t.c(i32, 0);
    let one = t.c(i32, 1);
    let ten = t.c(i32, 10);
    let p = t.phi(f, 1, i32, &[(zero, 0)]);
    let n = t.add(f, 1, p, one, i32);
    if let Value::Inst(InstId(pi)) = p {
        if let InstKind::Phi { incoming, .. } = &mut t.m.functions[f].insts[pi as usize].kind {
            incoming.push((n, BlockId(1)));
        }
    }
    let c = t.put(f, 1, InstKind::ICmp { pred: IntPred::Slt, lhs: n, rhs: ten, flags: 0 }, i1);
    t.condbr(f, 1, c, 1, 2);
    t.put(f, 2, InstKind::Ret(Some(n)), t.void);
    f
}

#[test]
fn correct_module_passes() {
    let mut t = T::new();
    good_loop(&mut t);
    let i32 = t.i32;
    let z = t.m.consts.int_u64(&t.m.types, i32, 0).unwrap();
    let g = t.global_var("g", i32, Some(z));
    t.m.globals.push(g);
    let mut cg = t.global_var("cg", i32, Some(z));
    cg.common.linkage = Linkage::Common;
    t.m.globals.push(cg);
    let decl = t.global_var("ext", i32, None);
    t.m.globals.push(decl);
    assert_eq!(verify(&t.m), Ok(()));
    llvm_as_ok(
        "@g = global i32 0\n@cg = common global i32 0\n@ext = external global i32\n\
         define i32 @f(i1 %c) {\nentry:\n  br label %b1\nb1:\n  %p = phi i32 [ 0, %entry ], [ %n, %b1 ]\n\
         %n = add i32 %p, 1\n  %x = icmp slt i32 %n, 10\n  br i1 %x, label %b1, label %b2\nb2:\n  ret i32 %n\n}\n",
    );
}

#[test]
fn block_without_terminator() {
    let mut t = T::new();
    let f = t.func("f", t.void, &[], 1);
    let one = t.c(t.i32, 1);
    t.add(f, 0, one, one, t.i32);
    let e = expect(&t, "Basic Block in function 'f' does not have terminator!", None);
    assert_eq!(e.function.as_deref(), Some("f"));
    assert_eq!(e.block, Some((0, "%entry".into())));
    // An empty block too.
    let mut t = T::new();
    t.func("f", t.void, &[], 1);
    expect(&t, "Basic Block in function 'f' does not have terminator!", None);
}

#[test]
fn terminator_in_the_middle() {
    let mut t = T::new();
    let f = t.func("f", t.void, &[], 1);
    t.ret_void(f, 0);
    t.ret_void(f, 0);
    let e = expect(&t, "Terminator found in the middle of a basic block!", None);
    assert_eq!(e.inst, Some(0));
}

#[test]
fn phi_not_at_top() {
    let mut t = T::new();
    let f = t.func("f", t.i32, &[], 2);
    t.br(f, 0, 1);
    let one = t.c(t.i32, 1);
    t.add(f, 1, one, one, t.i32);
    let p = t.phi(f, 1, t.i32, &[(one, 0)]);
    t.put(f, 1, InstKind::Ret(Some(p)), t.void);
    let e = expect(
        &t,
        "PHI nodes not grouped at top of basic block!",
        Some("define i32 @f() {\nentry:\n  br label %b\nb:\n  %y = add i32 1, 1\n  %p = phi i32 [1, %entry]\n  ret i32 %p\n}\n"),
    );
    assert_eq!((e.block.unwrap().0, e.inst), (1, Some(1)));
}

#[test]
fn phi_entries_and_predecessors() {
    let ll_missing = "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  %p = phi i32 [0, %entry]\n  ret i32 %p\n}\n";
    // Missing an entry for predecessor b1.
    let mut t = T::new();
    let f = t.func("f", t.i32, &[t.i1], 3);
    t.condbr(f, 0, Value::Arg(0), 1, 2);
    t.br(f, 1, 2);
    let zero = t.c(t.i32, 0);
    let p = t.phi(f, 2, t.i32, &[(zero, 0)]);
    t.put(f, 2, InstKind::Ret(Some(p)), t.void);
    expect(
        &t,
        "PHINode should have one entry for each predecessor of its parent basic block!",
        Some(ll_missing),
    );

    // An entry for a block that is not a predecessor (same count).
    let mut t = T::new();
    let f = t.func("f", t.i32, &[t.i1], 4);
    t.condbr(f, 0, Value::Arg(0), 1, 2);
    t.br(f, 1, 2);
    let zero = t.c(t.i32, 0);
    let p = t.phi(f, 2, t.i32, &[(zero, 0), (zero, 3)]);
    t.put(f, 2, InstKind::Ret(Some(p)), t.void);
    t.br(f, 3, 3);
    expect(
        &t,
        "PHI node entries do not match predecessors!",
        Some("define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %b1, label %b2\nb1:\n  br label %b2\nb2:\n  %p = phi i32 [0, %entry], [0, %b3]\n  ret i32 %p\nb3:\n  br label %b3\n}\n"),
    );

    // Two entries for one predecessor with different values.
    let mut t = T::new();
    let f = t.func("f", t.i32, &[t.i1], 2);
    t.condbr(f, 0, Value::Arg(0), 1, 1);
    let (zero, one) = (t.c(t.i32, 0), t.c(t.i32, 1));
    let p = t.phi(f, 1, t.i32, &[(zero, 0), (one, 0)]);
    t.put(f, 1, InstKind::Ret(Some(p)), t.void);
    expect(
        &t,
        "PHI node has multiple entries for the same basic block with different incoming values!",
        Some("define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %b1, label %b1\nb1:\n  %p = phi i32 [0, %entry], [1, %entry]\n  ret i32 %p\n}\n"),
    );
    // ... and with the same value it is fine (two edges from one block).
    let mut t = T::new();
    let f = t.func("f", t.i32, &[t.i1], 2);
    t.condbr(f, 0, Value::Arg(0), 1, 1);
    let zero = t.c(t.i32, 0);
    let p = t.phi(f, 1, t.i32, &[(zero, 0), (zero, 0)]);
    t.put(f, 1, InstKind::Ret(Some(p)), t.void);
    assert_eq!(verify(&t.m), Ok(()));
}

#[test]
fn dominance() {
    // A value defined on one side of a diamond, used after the join.
    let mut t = T::new();
    let f = t.func("f", t.i32, &[t.i1], 3);
    t.condbr(f, 0, Value::Arg(0), 1, 2);
    let one = t.c(t.i32, 1);
    let x = t.add(f, 1, one, one, t.i32);
    t.br(f, 1, 2);
    let y = t.add(f, 2, x, one, t.i32);
    t.put(f, 2, InstKind::Ret(Some(y)), t.void);
    let e = expect(
        &t,
        "Instruction does not dominate all uses!",
        Some("define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  %x = add i32 1, 2\n  br label %b\nb:\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n"),
    );
    assert_eq!((e.block.unwrap().0, e.inst), (2, Some(0)));

    // A use before the definition in the same block.
    let mut t = T::new();
    let f = t.func("f", t.i32, &[], 1);
    let one = t.c(t.i32, 1);
    // insts[0] uses insts[1], defined after it.
    t.add(f, 0, Value::Inst(InstId(1)), one, t.i32);
    let b = t.add(f, 0, one, one, t.i32);
    t.put(f, 0, InstKind::Ret(Some(b)), t.void);
    expect(&t, "Instruction does not dominate all uses!", None);

    // A phi's incoming value must dominate the end of the incoming block.
    let mut t = T::new();
    let f = t.func("f", t.i32, &[t.i1], 4);
    t.condbr(f, 0, Value::Arg(0), 1, 2);
    let one = t.c(t.i32, 1);
    let x = t.add(f, 1, one, one, t.i32);
    t.br(f, 1, 3);
    t.br(f, 2, 3);
    let p = t.phi(f, 3, t.i32, &[(x, 1), (x, 2)]);
    t.put(f, 3, InstKind::Ret(Some(p)), t.void);
    expect(&t, "Instruction does not dominate all uses!", None);
    // ... with the value from its own block only, it passes.
    if let InstKind::Phi { incoming, .. } = &mut t.m.functions[f].insts[4].kind {
        incoming[1].0 = one;
    }
    assert_eq!(verify(&t.m), Ok(()));
}

#[test]
fn self_reference_and_unreachable_blocks() {
    // In a reachable block: an error.
    let mut t = T::new();
    let f = t.func("f", t.void, &[], 1);
    let one = t.c(t.i32, 1);
    t.add(f, 0, Value::Inst(InstId(0)), one, t.i32);
    t.ret_void(f, 0);
    expect(
        &t,
        "Only PHI nodes may reference their own value!",
        Some("define void @f() {\nentry:\n  %a = add i32 %a, 1\n  ret void\n}\n"),
    );

    // In an unreachable block: fine, as are uses of values from blocks
    // that do not dominate it (LLVM does not check unreachable code).
    let mut t = T::new();
    let f = t.func("f", t.i32, &[], 3);
    let zero = t.c(t.i32, 0);
    t.put(f, 0, InstKind::Ret(Some(zero)), t.void);
    let one = t.c(t.i32, 1);
    let a = t.add(f, 1, Value::Inst(InstId(4)), one, t.i32); // uses %c of block 2
    t.add(f, 1, Value::Inst(InstId(2)), one, t.i32); // itself
    t.put(f, 1, InstKind::Ret(Some(a)), t.void);
    let _c = t.add(f, 2, one, one, t.i32);
    t.br(f, 2, 1);
    assert_eq!(verify(&t.m), Ok(()), "{:#?}", verify(&t.m));
    llvm_as_ok("define i32 @f() {\nentry:\n  ret i32 0\nb:\n  %a = add i32 %c, 1\n  %s = add i32 %s, 1\n  ret i32 %a\nc0:\n  %c = add i32 1, 1\n  br label %b\n}\n");

    // A value from an unreachable block used in a reachable one: an error.
    let mut t = T::new();
    let f = t.func("f", t.i32, &[], 2);
    let one = t.c(t.i32, 1);
    t.put(f, 0, InstKind::Ret(Some(Value::Inst(InstId(1)))), t.void);
    t.add(f, 1, one, one, t.i32);
    t.put(f, 1, InstKind::Ret(Some(one)), t.void);
    expect(&t, "Instruction does not dominate all uses!", None);
}

#[test]
fn entry_block_with_predecessors() {
    let mut t = T::new();
    let f = t.func("f", t.void, &[], 1);
    t.br(f, 0, 0);
    expect(
        &t,
        "Entry block to function must not have predecessors!",
        Some("define void @f() {\nentry:\n  br label %entry\n}\n"),
    );
}

#[test]
fn ids_that_do_not_exist() {
    // A block listing an instruction id past the arena.
    let mut t = T::new();
    let f = t.func("f", t.void, &[], 1);
    t.m.functions[f].blocks[0].insts.push(InstId(7));
    let errs = t.errors();
    assert!(errs.iter().any(|e| e.message == "instruction id 7 does not exist"), "{errs:#?}");

    // An instruction placed twice.
    let mut t = T::new();
    let f = t.func("f", t.void, &[], 1);
    t.ret_void(f, 0);
    t.m.functions[f].blocks[0].insts.push(InstId(0));
    assert!(t.errors().iter().any(|e| e.message == "instruction id 0 is placed twice"));

    // Operands that do not exist: instruction, argument, constant; a
    // branch to a block that does not exist; an instruction in no block.
    let mut t = T::new();
    let f = t.func("f", t.i32, &[], 1);
    let one = t.c(t.i32, 1);
    t.add(f, 0, Value::Inst(InstId(99)), one, t.i32);
    t.add(f, 0, Value::Arg(3), one, t.i32);
    t.add(f, 0, Value::Const(ConstId(12345)), one, t.i32);
    let v = t.void;
    t.m.functions[f].insts.push(Inst {
        kind: InstKind::Unreachable,
        ty: v,
        name: None,
        md: Default::default(),
        dbg_records: vec![],
    });
    t.add(f, 0, Value::Inst(InstId(3)), one, t.i32);
    t.put(f, 0, InstKind::Br(BlockId(5)), t.void);
    let msgs: Vec<String> = t.errors().into_iter().map(|e| e.message).collect();
    for m in [
        "operand is instruction 99, which does not exist",
        "operand is argument 3, which does not exist",
        "operand is a constant that does not exist",
        "branch to block 5, which does not exist",
    ] {
        assert!(msgs.iter().any(|x| x == m), "missing {m:?} in {msgs:#?}");
    }

    // A constant naming a global that does not exist.
    let mut t = T::new();
    let p = t.ptr;
    let c = t.m.consts.global(p, GlobalRef::Var(40));
    let g = t.global_var("g", p, Some(c));
    t.m.globals.push(g);
    assert!(t
        .errors()
        .iter()
        .any(|e| e.message == "constant refers to something that does not exist"));
}

#[test]
fn instruction_type_rules() {
    // add i32, i64
    let mut t = T::new();
    let f = t.func("f", t.void, &[t.i32, t.i64], 1);
    t.add(f, 0, Value::Arg(0), Value::Arg(1), t.i32);
    t.ret_void(f, 0);
    expect(&t, "Both operands to a binary operator are not of the same type!", None);

    // br on an i32
    let mut t = T::new();
    let f = t.func("f", t.void, &[t.i32], 1);
    t.condbr(f, 0, Value::Arg(0), 0, 0);
    expect(&t, "Branch condition is not 'i1' type!", None);

    // ret i64 in an i32 function; ret void in an i32 function.
    let mut t = T::new();
    let f = t.func("f", t.i32, &[t.i64], 1);
    t.put(f, 0, InstKind::Ret(Some(Value::Arg(0))), t.void);
    expect(&t, "Function return type does not match operand type of return inst!", None);

    // A call with a wrong argument type.
    let mut t = T::new();
    let g = t.func("g", t.void, &[t.i32], 0);
    let f = t.func("f", t.void, &[t.i64], 1);
    let gty = t.m.functions[g].ty;
    let p = t.ptr;
    let callee = t.m.consts.global(p, GlobalRef::Func(g as u32));
    let call = CallData {
        cc: CallConv::C,
        attrs: AttrListId::EMPTY,
        fn_ty: gty,
        callee: Value::Const(callee),
        args: vec![Value::Arg(0)],
        bundles: vec![],
        fmf: 0,
        addrspace: 0,
    };
    t.put(f, 0, InstKind::Call { call: Box::new(call), tail: Default::default() }, t.void);
    t.ret_void(f, 0);
    expect(&t, "Call parameter type does not match function signature!", None);

    // A phi whose incoming value has another type.
    let mut t = T::new();
    let f = t.func("f", t.i32, &[], 2);
    t.br(f, 0, 1);
    let big = t.c(t.i64, 1);
    let p = t.phi(f, 1, t.i32, &[(big, 0)]);
    t.put(f, 1, InstKind::Ret(Some(p)), t.void);
    expect(&t, "PHI node operands are not the same type as the result!", None);

    // A load through an integer.
    let mut t = T::new();
    let f = t.func("f", t.void, &[t.i64], 1);
    t.put(
        f,
        0,
        InstKind::Load {
            ptr: Value::Arg(0),
            align: 4,
            volatile: false,
            ordering: Default::default(),
            scope: None,
        },
        t.i32,
    );
    t.ret_void(f, 0);
    expect(&t, "Load operand must be a pointer.", None);
}

#[test]
fn linkage_rules() {
    let ll_common = "@g = common global i32 1\n";
    let mut t = T::new();
    let one = t.m.consts.int_u64(&t.m.types, t.i32, 1).unwrap();
    let mut g = t.global_var("g", t.i32, Some(one));
    g.common.linkage = Linkage::Common;
    t.m.globals.push(g);
    let e = expect(&t, "'common' global must have a zero initializer!", Some(ll_common));
    assert_eq!(e.global.as_deref(), Some("@g"));

    let mut t = T::new();
    let zero = t.m.consts.int_u64(&t.m.types, t.i32, 0).unwrap();
    let mut g = t.global_var("g", t.i32, Some(zero));
    g.common.linkage = Linkage::Common;
    g.constant = true;
    t.m.globals.push(g);
    expect(&t, "'common' global may not be marked constant!", Some("@g = common constant i32 0\n"));

    let mut t = T::new();
    let zero = t.m.consts.int_u64(&t.m.types, t.i32, 0).unwrap();
    t.m.comdats.push(Comdat { name: "g".into(), kind: ComdatKind::Any });
    let mut g = t.global_var("g", t.i32, Some(zero));
    g.common.linkage = Linkage::Common;
    g.comdat = Some(ComdatId(0));
    t.m.globals.push(g);
    expect(
        &t,
        "'common' global may not be in a Comdat!",
        Some("$g = comdat any\n@g = common global i32 0, comdat\n"),
    );

    // Declarations: only external / extern_weak.
    for l in [Linkage::Internal, Linkage::Private, Linkage::AvailableExternally, Linkage::Weak] {
        let mut t = T::new();
        let mut g = t.global_var("g", t.i32, None);
        g.common.linkage = l;
        t.m.globals.push(g);
        expect(&t, "Global is external, but doesn't have external or weak linkage!", None);
        let mut t = T::new();
        let f = t.func("f", t.void, &[], 0);
        t.m.functions[f].common.linkage = l;
        expect(&t, "invalid linkage for function declaration", None);
    }
    let mut t = T::new();
    let mut g = t.global_var("g", t.i32, None);
    g.common.linkage = Linkage::ExternWeak;
    t.m.globals.push(g);
    assert_eq!(verify(&t.m), Ok(()));

    // Local linkage with a non-default visibility.
    let mut t = T::new();
    let zero = t.m.consts.int_u64(&t.m.types, t.i32, 0).unwrap();
    let mut g = t.global_var("g", t.i32, Some(zero));
    g.common.linkage = Linkage::Private;
    g.common.visibility = Visibility::Hidden;
    t.m.globals.push(g);
    let msg = "symbol with local linkage must have default visibility";
    expect(&t, msg, None);
    assert!(llvm_as_error("@g = private hidden global i32 0\n").contains(msg));

    // Appending: arrays only.
    let mut t = T::new();
    let zero = t.m.consts.int_u64(&t.m.types, t.i32, 0).unwrap();
    let mut g = t.global_var("g", t.i32, Some(zero));
    g.common.linkage = Linkage::Appending;
    t.m.globals.push(g);
    expect(
        &t,
        "Only global arrays can have appending linkage!",
        Some("@g = appending global i32 0\n"),
    );

    // Functions may not be common.
    let mut t = T::new();
    let f = t.func("f", t.void, &[], 1);
    t.ret_void(f, 0);
    t.m.functions[f].common.linkage = Linkage::Common;
    expect(&t, "Functions may not have common linkage", None);
}

#[test]
fn alias_and_ifunc_rules() {
    let mut t = T::new();
    let zero = t.m.consts.int_u64(&t.m.types, t.i32, 0).unwrap();
    let g = t.global_var("g", t.i32, Some(zero));
    t.m.globals.push(g);
    let p = t.ptr;
    let ca = t.m.consts.global(p, GlobalRef::Alias(1));
    let cb = t.m.consts.global(p, GlobalRef::Alias(0));
    for (name, target) in [("a", ca), ("b", cb)] {
        t.m.aliases.push(Alias {
            common: GlobalCommon { name: Some(name.into()), ..Default::default() },
            ty: t.i32,
            addrspace: 0,
            aliasee: target,
        });
    }
    expect(
        &t,
        "Aliases cannot form a cycle",
        Some("@g = global i32 0\n@a = alias i32, ptr @b\n@b = alias i32, ptr @a\n"),
    );

    // An alias of a declaration.
    let mut t = T::new();
    let g = t.global_var("g", t.i32, None);
    t.m.globals.push(g);
    let cg = t.m.consts.global(t.ptr, GlobalRef::Var(0));
    t.m.aliases.push(Alias {
        common: GlobalCommon { name: Some("a".into()), ..Default::default() },
        ty: t.i32,
        addrspace: 0,
        aliasee: cg,
    });
    expect(
        &t,
        "Alias must point to a definition",
        Some("@g = external global i32\n@a = alias i32, ptr @g\n"),
    );

    // An ifunc with extern_weak linkage, and one whose resolver is a global variable.
    let mut t = T::new();
    let r = t.func("r", t.ptr, &[], 1);
    let null = t.m.consts.zero(&t.m.types, t.ptr).unwrap();
    t.put(r, 0, InstKind::Ret(Some(Value::Const(null))), t.void);
    let cr = t.m.consts.global(t.ptr, GlobalRef::Func(0));
    let fty = t.m.types.function(t.void, &[], false).unwrap();
    t.m.ifuncs.push(IFunc {
        common: GlobalCommon {
            name: Some("i".into()),
            linkage: Linkage::ExternWeak,
            ..Default::default()
        },
        ty: fty,
        addrspace: 0,
        resolver: cr,
    });
    expect(
        &t,
        "IFunc should have private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage!",
        Some("define ptr @r() {\n  ret ptr null\n}\n@i = extern_weak ifunc void (), ptr @r\n"),
    );
    t.m.ifuncs[0].common.linkage = Linkage::External;
    assert_eq!(verify(&t.m), Ok(()));
}

#[test]
fn long_chains_do_not_recurse() {
    // 200 000 blocks in a chain, each using the previous block's value: the
    // dominator tree and the checks run without recursion.
    let mut t = T::new();
    let n = 200_000u32;
    let f = t.func("f", t.i32, &[], n as usize);
    let one = t.c(t.i32, 1);
    let mut prev = one;
    for b in 0..n {
        prev = t.add(f, b, prev, one, t.i32);
        if b + 1 < n {
            t.br(f, b, b + 1);
        }
    }
    t.put(f, n - 1, InstKind::Ret(Some(prev)), t.void);
    assert_eq!(verify(&t.m), Ok(()));
}

#[test]
fn error_display_is_located() {
    let mut t = T::new();
    let f = t.func("f", t.void, &[t.i32, t.i64], 1);
    t.add(f, 0, Value::Arg(0), Value::Arg(1), t.i32);
    t.ret_void(f, 0);
    let e = &t.errors()[0];
    assert_eq!(
        e.to_string(),
        "function 'f': block %entry: instruction 0: Both operands to a binary operator are not of the same type!"
    );
}

/// `invoke`/`landingpad` rules: a landingpad is the first non-phi of its
/// block, needs a personality; an invoke's unwind destination starts with a
/// pad; an invoke's value is available only along its normal edge.
#[test]
fn exception_handling_rules() {
    use llvmext_ir::builder::Builder;
    use llvmext_ir::inst::Clause;

    // Builds `i32 @f()` invoking `@g`, with `use_in` naming where the
    // invoke's result is used: 0 the normal dest, 1 the unwind dest.
    let build = |use_in: u32, personality: bool, pad_first: bool, unwind_pad: bool| {
        let mut m = Module::new();
        let mut b = Builder::new(&mut m);
        let i32t = b.int(32).unwrap();
        let ptr = b.ptr(0).unwrap();
        let gty = b.fn_type(i32t, &[]).unwrap();
        let g = b.declare_function("g", gty).unwrap();
        let pers = b.declare_function("pers", gty).unwrap();
        let f = b.define_function("f", gty).unwrap();
        if personality {
            let pc = b.global_ref(pers).unwrap();
            b.function_mut(f).unwrap().personality = Some(pc);
        }
        let lp_ty = b.struct_type(&[ptr, i32t]).unwrap();
        let mut fb = b.func(f).unwrap();
        let entry = fb.block("entry");
        let ok = fb.block("ok");
        let lpad = fb.block("lpad");
        fb.position_at_end(entry);
        let gv = fb.global(g).unwrap();
        let r = fb.invoke(gty, gv, &[], ok, lpad, "r").unwrap();
        fb.position_at_end(ok);
        let used = if use_in == 0 { r } else { fb.const_int(i32t, 0).unwrap() };
        fb.ret(Some(used)).unwrap();
        fb.position_at_end(lpad);
        if !unwind_pad {
            fb.ret(Some(r)).unwrap();
        } else {
            if !pad_first {
                let one = fb.const_int(i32t, 1).unwrap();
                fb.add(one, one, "x").unwrap();
            }
            let null = Builder::new(fb.module()).const_zero(ptr).unwrap();
            let lp = fb.landing_pad(lp_ty, &[Clause::Catch(Value::Const(null))], "lp").unwrap();
            let _ = lp;
            let used = if use_in == 1 { r } else { fb.const_int(i32t, 0).unwrap() };
            fb.ret(Some(used)).unwrap();
        }
        m
    };
    let head = "declare i32 @g()\ndeclare i32 @pers()\n";
    let text = |pers: bool, lpad: &str, okuse: &str| {
        format!(
            "{head}define i32 @f() {p} {{\nentry:\n  %r = invoke i32 @g() to label %ok unwind label %lpad\n\
             ok:\n  ret i32 {okuse}\nlpad:\n{lpad}}}\n",
            p = if pers { "personality ptr @pers" } else { "" }
        )
    };
    let good_lpad = "  %lp = landingpad { ptr, i32 } catch ptr null\n  ret i32 0\n";

    // Correct: the result used in the normal destination.
    let m = build(0, true, true, true);
    assert_eq!(verify(&m), Ok(()), "{:#?}", verify(&m));
    llvm_as_ok(&text(true, good_lpad, "%r"));

    let find = |m: &Module, msg: &str| {
        let errs = verify(m).expect_err("accepted");
        assert!(errs.iter().any(|e| e.message == msg), "no {msg:?} in {errs:#?}");
    };
    // The result used in the unwind destination.
    let msg = "Instruction does not dominate all uses!";
    find(&build(1, true, true, true), msg);
    let lpad_use = "  %lp = landingpad { ptr, i32 } catch ptr null\n  ret i32 %r\n";
    assert!(llvm_as_error(&text(true, lpad_use, "0")).contains(msg));

    // No personality.
    let msg = "LandingPadInst needs to be in a function with a personality.";
    find(&build(0, false, true, true), msg);
    assert!(llvm_as_error(&text(false, good_lpad, "%r")).contains(msg));

    // Not the first non-phi instruction.
    let msg = "LandingPadInst not the first non-PHI instruction in the block.";
    find(&build(0, true, false, true), msg);
    let late = "  %x = add i32 1, 1\n  %lp = landingpad { ptr, i32 } catch ptr null\n  ret i32 0\n";
    assert!(llvm_as_error(&text(true, late, "%r")).contains(msg));

    // An unwind destination with no pad.
    let msg = "The unwind destination does not have an exception handling instruction!";
    find(&build(0, true, true, false), msg);
    assert!(llvm_as_error(&text(true, "  ret i32 0\n", "%r")).contains(msg));
}

#[test]
fn debug_records_naming_missing_metadata() {
    let mut t = T::new();
    let f = t.func("f", t.void, &[], 1);
    t.ret_void(f, 0);
    t.m.functions[f].insts[0].dbg_records.push(llvmext_ir::inst::DbgRecord::Label {
        label: llvmext_ir::metadata::MdId(77),
        dbg_loc: llvmext_ir::metadata::MdId(78),
    });
    expect(&t, "debug record refers to metadata that does not exist", None);
}

#[test]
fn names_are_unique() {
    let mut t = T::new();
    let zero = t.m.consts.int_u64(&t.m.types, t.i32, 0).unwrap();
    let g = t.global_var("x", t.i32, Some(zero));
    t.m.globals.push(g);
    let f = t.func("x", t.void, &[], 1);
    t.ret_void(f, 0);
    expect(&t, "redefinition of global '@x'", None);

    let mut t = T::new();
    let f = t.func("f", t.void, &[t.i32], 1);
    t.m.functions[f].args[0].name = Some("x".into());
    let one = t.c(t.i32, 1);
    let a = t.add(f, 0, one, one, t.i32);
    t.ret_void(f, 0);
    let Value::Inst(InstId(ai)) = a else { unreachable!() };
    t.m.functions[f].insts[ai as usize].name = Some("x".into());
    expect(
        &t,
        "multiple definition of local value named 'x'",
        Some("define void @f(i32 %x) {\nentry:\n  %x = add i32 1, 1\n  ret void\n}\n"),
    );
}

/// Our parser and verifier's messages for `src`.
fn ours(src: &str) -> Vec<String> {
    let m = llvmext_ir::parse::parse(src.as_bytes(), "t.ll")
        .unwrap_or_else(|e| panic!("our parser refused:\n{src}\n{e}"));
    match verify(&m) {
        Ok(()) => Vec::new(),
        Err(errs) => errs.into_iter().map(|e| e.message).collect(),
    }
}

/// llvm-as-19 refuses `src` saying `msg`, and so do we.
fn both_refuse(src: &str, msg: &str) {
    let theirs = llvm_as_error(src);
    assert!(theirs.contains(msg), "llvm-as-19 says otherwise for {msg:?}:\n{theirs}\n{src}");
    let mine = ours(src);
    assert!(mine.iter().any(|e| e == msg), "we do not say {msg:?} for\n{src}\nbut {mine:#?}");
}

/// llvm-as-19 and we accept `src`.
fn both_accept(src: &str) {
    llvm_as_ok(src);
    let mine = ours(src);
    assert!(mine.is_empty(), "we refuse\n{src}\n{mine:#?}");
}

#[test]
fn musttail_rules() {
    let callee = "declare i32 @g(i32)\ndeclare void @v()\n";
    both_accept(&format!(
        "{callee}define i32 @f(i32 %x) {{\n  %r = musttail call i32 @g(i32 %x)\n  ret i32 %r\n}}\n"
    ));
    both_accept(&format!(
        "{callee}define i32 @f(i32 %x) {{\n  %r = musttail call i32 @g(i32 %x)\n  ret i32 undef\n}}\n"
    ));
    both_accept(
        "declare ptr @p(ptr)\ndefine ptr @f(ptr %x) {\n  %r = musttail call ptr @p(ptr %x)\n  %c = bitcast ptr %r to ptr\n  ret ptr %c\n}\n",
    );
    let cases: &[(&str, &str)] = &[
        (
            "declare i32 @gv(i32, ...)\ndefine i32 @f(i32 %x) {\n  %r = musttail call i32 (i32, ...) @gv(i32 %x)\n  ret i32 %r\n}\n",
            "cannot guarantee tail call due to mismatched varargs",
        ),
        (
            "define i64 @f(i32 %x) {\n  %r = musttail call i32 @g(i32 %x)\n  ret i64 0\n}\n",
            "cannot guarantee tail call due to mismatched return types",
        ),
        (
            "define fastcc i32 @f(i32 %x) {\n  %r = musttail call i32 @g(i32 %x)\n  ret i32 %r\n}\n",
            "cannot guarantee tail call due to mismatched calling conv",
        ),
        (
            "define i32 @f(i32 %x) {\n  %r = musttail call i32 @g(i32 %x)\n  %s = add i32 %r, 1\n  ret i32 %s\n}\n",
            "musttail call must precede a ret with an optional bitcast",
        ),
        (
            "define i32 @f(i32 %x) {\n  %r = musttail call i32 @g(i32 %x)\n  ret i32 %x\n}\n",
            "musttail call result must be returned",
        ),
        (
            "define i32 @f(i32 %x, i32 %y) {\n  %r = musttail call i32 @g(i32 %x)\n  ret i32 %r\n}\n",
            "cannot guarantee tail call due to mismatched parameter counts",
        ),
        (
            "define i32 @f(i64 %x) {\n  %t = trunc i64 %x to i32\n  %r = musttail call i32 @g(i32 %t)\n  ret i32 %r\n}\n",
            "cannot guarantee tail call due to mismatched parameter types",
        ),
        (
            "define i32 @f(i32 inreg %x) {\n  %r = musttail call i32 @g(i32 %x)\n  ret i32 %r\n}\n",
            "cannot guarantee tail call due to mismatched ABI impacting function attributes",
        ),
        (
            "declare tailcc void @t(ptr)\ndefine tailcc void @f(ptr inreg %x) {\n  musttail call tailcc void @t(ptr %x)\n  ret void\n}\n",
            "inreg attribute not allowed in tailcc musttail caller",
        ),
        (
            "declare tailcc void @t(ptr)\ndefine tailcc void @f(ptr %x) {\n  musttail call tailcc void @t(ptr byref(i32) %x)\n  ret void\n}\n",
            "byref attribute not allowed in tailcc musttail callee",
        ),
        (
            "declare tailcc void @t(ptr, ...)\ndefine tailcc void @f(ptr %x, ...) {\n  musttail call tailcc void (ptr, ...) @t(ptr %x, ...)\n  ret void\n}\n",
            "cannot guarantee tailcc tail call for varargs function",
        ),
        (
            "define void @f() {\n  musttail call void asm \"\", \"\"()\n  ret void\n}\n",
            "cannot use musttail call with inline asm",
        ),
    ];
    for (body, msg) in cases {
        both_refuse(&format!("{callee}{body}"), msg);
    }
}

#[test]
fn intrinsic_signatures() {
    both_accept(
        "declare i32 @llvm.abs.i32(i32, i1 immarg)\ndeclare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\ndeclare <4 x float> @llvm.fma.v4f32(<4 x float>, <4 x float>, <4 x float>)\ndeclare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)\ndeclare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)\ndeclare <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr>, i32, <4 x i1>, <4 x i32>)\ndeclare void @llvm.va_start.p0(ptr)\ndeclare void @llvm.donothing()\ndeclare i64 @llvm.ctpop.i64(i64)\ndeclare <2 x i64> @llvm.x86.sse2.psad.bw(<16 x i8>, <16 x i8>)\n\
define i32 @f(i32 %x, ptr %p, <4 x float> %v, <4 x i32> %w, <4 x ptr> %ps, <4 x i1> %m, <16 x i8> %b, ...) {\n  %a = call i32 @llvm.abs.i32(i32 %x, i1 false)\n  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %p, i64 4, i1 false)\n  %f = call <4 x float> @llvm.fma.v4f32(<4 x float> %v, <4 x float> %v, <4 x float> %v)\n  %o = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %x, i32 %x)\n  %r = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %w)\n  %g = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> %ps, i32 4, <4 x i1> %m, <4 x i32> %w)\n  call void @llvm.va_start.p0(ptr %p)\n  call void @llvm.donothing()\n  %c = call i64 @llvm.ctpop.i64(i64 0)\n  %s = call <2 x i64> @llvm.x86.sse2.psad.bw(<16 x i8> %b, <16 x i8> %b)\n  ret i32 %a\n}\n",
    );
    let cases: &[(&str, &str)] = &[
        (
            "declare i32 @llvm.trap()\ndefine void @f() {\n  call i32 @llvm.trap()\n  ret void\n}\n",
            "Intrinsic has incorrect return type!",
        ),
        (
            "declare void @llvm.trap(i32)\ndefine void @f() {\n  call void @llvm.trap(i32 1)\n  ret void\n}\n",
            "Intrinsic has incorrect argument type!",
        ),
        (
            "declare i64 @llvm.abs.i32(i32, i1)\ndefine void @f() {\n  call i64 @llvm.abs.i32(i32 1, i1 false)\n  ret void\n}\n",
            "Intrinsic has incorrect argument type!",
        ),
        (
            "declare float @llvm.fma.f32(float, double, float)\ndefine void @f() {\n  call float @llvm.fma.f32(float 1.0, double 1.0, float 1.0)\n  ret void\n}\n",
            "Intrinsic has incorrect argument type!",
        ),
        (
            "declare void @llvm.trap(...)\ndefine void @f() {\n  call void (...) @llvm.trap()\n  ret void\n}\n",
            "Intrinsic was not defined with variable arguments!",
        ),
        (
            "declare i32 @llvm.abs.i32(i32, i1)\ndefine void @f(i1 %c) {\n  call i32 @llvm.abs.i32(i32 1, i1 %c)\n  ret void\n}\n",
            "immarg operand has non-immediate parameter",
        ),
        ("define void @llvm.trap() {\n  ret void\n}\n", "llvm intrinsics cannot be defined!"),
    ];
    for (src, msg) in cases {
        both_refuse(src, msg);
    }
}

#[test]
fn tbaa_rules() {
    let nodes = "!0 = !{!\"int\", !1, i64 0}\n!1 = !{!\"omnipotent char\", !2, i64 0}\n!2 = !{!\"Simple C/C++ TBAA\"}\n!3 = !{!\"S\", !0, i64 0, !0, i64 4}\n";
    let load = |tag: &str, extra: &str| {
        format!("define i32 @f(ptr %p) {{\n  %v = load i32, ptr %p, !tbaa {tag}\n  ret i32 %v\n}}\n{nodes}{extra}")
    };
    // Scalar and struct-path tags, the new format.
    both_accept(&load("!4", "!4 = !{!0, !0, i64 0}\n"));
    both_accept(&load("!4", "!4 = !{!3, !0, i64 4}\n"));
    both_accept(&load("!4", "!4 = !{!0, !0, i64 0, i64 1}\n"));
    // An old scalar tag (llvm-as upgrades it to !{!4, !4, i64 0}).
    both_accept(&load("!4", "!4 = !{!\"x\", !5}\n!5 = !{}\n"));
    both_accept(&load(
        "!6",
        "!4 = !{!2, i64 4, !\"int\"}\n!5 = !{!4, i64 8, !\"S\", !4, i64 0, i64 4, !4, i64 4, i64 4}\n!6 = !{!5, !4, i64 4, i64 4}\n",
    ));
    let cases: &[(&str, &str, &str)] = &[
        ("!4", "!4 = !{!0, !0, i64 1}\n", "Offset not zero at the point of scalar access"),
        ("!4", "!4 = !{!3, !5, i64 4}\n!5 = !{!\"other\", !2, i64 0}\n", "Did not see access type in access path!"),
        ("!4", "!4 = !{!0, !0, i64 0, i64 2}\n", "Immutability part of the struct tag metadata must be either 0 or 1"),
        ("!4", "!4 = !{!0, !0, i64 0, i64 0, i64 0}\n", "Struct tag metadata must have either 3 or 4 operands"),
        ("!4", "!4 = !{!3, !\"x\", i64 0}\n", "Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes"),
        ("!4", "!4 = !{!3, !3, i64 0}\n", "Access type node must be a valid scalar type"),
        ("!4", "!4 = !{!0, !0, !\"x\"}\n", "Offset must be constant integer"),
        ("!4", "!4 = !{!5, !0, i64 0}\n!5 = !{!\"T\", !0, i64 4, !0, i64 0}\n", "Offsets must be increasing!"),
        ("!4", "!4 = !{!5, !0, i64 0}\n!5 = !{!\"T\", !0, i64 0, !0}\n", "Struct tag nodes must have an odd number of operands!"),
        ("!4", "!4 = !{!5, !0, i64 0}\n!5 = !{!\"T\", !0, i32 0, !0, i64 4}\n", "Bitwidth between the offsets and struct type entries must match"),
        ("!4", "!4 = !{!5, !0, i64 0}\n!5 = !{!0, !0, i64 0}\n", "Struct tag nodes have a string as their first operand"),
        ("!4", "!4 = !{!5, !0, i64 0}\n!5 = !{!\"T\", !0, i64 4}\n", "Could not find TBAA parent in struct type node"),
        // An old scalar tag (upgraded by llvm-as to !{!4, !4, i64 0}), not
        // a scalar type node.
        ("!4", "!4 = !{!\"x\", !\"y\"}\n", "Access type node must be a valid scalar type"),
        // A DILocation as the tag.
        ("!4", "!4 = !DILocation(line: 2, scope: !5)\n!5 = distinct !DISubprogram(name: \"f\", unit: !6, spFlags: DISPFlagDefinition)\n!6 = distinct !DICompileUnit(language: DW_LANG_C99, file: !7)\n!7 = !DIFile(filename: \"a.c\", directory: \"/\")\n", "Access type node must be a valid scalar type"),
    ];
    for (tag, extra, msg) in cases {
        both_refuse(&load(tag, extra), msg);
    }
    both_refuse(
        &format!("define i32 @f(i32 %x) {{\n  %v = add i32 %x, 1, !tbaa !4\n  ret i32 %v\n}}\n{nodes}!4 = !{{!0, !0, i64 0}}\n"),
        "This instruction shall not have a TBAA access tag!",
    );
}

/// llvm-as-19's stderr for `src`, where it finds invalid debug info (it
/// must say so; it then drops the debug info and verifies again, which
/// still fails when the faulty nodes are reachable from elsewhere).
fn llvm_as_di_warning(src: &str) -> String {
    let err = common::llvm_as_verdict(src.as_bytes()).unwrap_or_else(|e| e);
    assert!(err.contains("ignoring invalid debug info"), "no debug-info warning for\n{src}\n{err}");
    err
}

/// llvm-as-19 reports the debug-info fault `msg` for `src`, and so do we.
fn both_find_di_fault(src: &str, msg: &str) {
    let theirs = llvm_as_di_warning(src);
    assert!(theirs.contains(msg), "llvm-as-19 says otherwise for {msg:?}:\n{theirs}\n{src}");
    // The verifier finds it when the parser keeps the debug info...
    let keep = llvmext_ir::parse::ParseOptions::default().upgrade_debug_info(false);
    let m =
        llvmext_ir::parse::parse_with(src.as_bytes(), "t.ll", &keep).expect("our parser").module;
    let errs = verify(&m).expect_err("we accept");
    // (Debug intrinsics are records once parsed; the verifier then names
    // the record.)
    let as_record = msg
        .replace("llvm.dbg.value intrinsic", "#dbg record")
        .replace("llvm.dbg.declare intrinsic", "#dbg record");
    assert!(
        errs.iter().any(|e| (e.message == msg || e.message == as_record) && e.debug_info),
        "we do not say {msg:?} for\n{src}\nbut {errs:#?}"
    );
    // ...and the parser, as llvm-as, warns and drops the debug info.
    let p = llvmext_ir::parse::parse_with(src.as_bytes(), "t.ll", &Default::default()).unwrap();
    match p.warnings.as_slice() {
        [w @ llvmext_ir::debug_info::DebugInfoWarning::InvalidDebugInfo { errors, .. }] => {
            assert!(errors.iter().any(|e| e.message == msg), "{w:?}");
            assert_eq!(w.to_string(), "ignoring invalid debug info in t.ll");
        }
        w => panic!("no debug-info warning for\n{src}\n{w:?}"),
    }
}

/// A function `f` with debug info; `{body}` is its body, `{extra}` more
/// metadata (numbered from !20).
fn di_module(body: &str, extra: &str) -> String {
    format!(
        "define void @f() !dbg !5 {{\n{body}\n}}\n!llvm.dbg.cu = !{{!0}}\n!llvm.module.flags = !{{!3}}\n\
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)\n\
!1 = !DIFile(filename: \"a.c\", directory: \"/\")\n\
!3 = !{{i32 2, !\"Debug Info Version\", i32 3}}\n\
!5 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, type: !6, unit: !0, spFlags: DISPFlagDefinition)\n\
!6 = !DISubroutineType(types: !7)\n!7 = !{{null}}\n!8 = !DILocation(line: 2, scope: !5)\n{extra}"
    )
}

#[test]
fn debug_info_rules() {
    both_accept(&di_module(
        "  ret void, !dbg !8",
        "!20 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n",
    ));
    let cases: &[(&str, &str, &str)] = &[
        ("  ret void, !dbg !20", "!20 = !DILocation(line: 2, scope: !1)\n", "location requires a valid scope"),
        (
            "  ret void, !dbg !20",
            "!20 = !DILocation(line: 2, scope: !21)\n!21 = !DISubprogram(name: \"g\", scope: !1, spFlags: 0)\n",
            "scope points into the type hierarchy",
        ),
        (
            "  ret void, !dbg !20",
            "!20 = !DILocation(line: 2, scope: !21)\n!21 = distinct !DISubprogram(name: \"g\", scope: !1, file: !1, line: 3, type: !6, unit: !0, spFlags: DISPFlagDefinition)\n",
            "!dbg attachment points at wrong subprogram for function",
        ),
        (
            "  ret void, !dbg !8",
            "!20 = !DISubprogram(name: \"g\", scope: !1, line: 3, spFlags: 0)\n!21 = !{!20}\n!llvm.x = !{!21}\n",
            "line specified with no file",
        ),
        (
            "  ret void, !dbg !8",
            "!20 = !DISubprogram(name: \"g\", scope: !1, file: !1, type: !1, spFlags: 0)\n!llvm.x = !{!20}\n",
            "invalid subroutine type",
        ),
        (
            "  ret void, !dbg !8",
            "!20 = distinct !DISubprogram(name: \"g\", scope: !1, file: !1, spFlags: DISPFlagDefinition)\n!llvm.x = !{!20}\n",
            "subprogram definitions must have a compile unit",
        ),
        (
            "  ret void, !dbg !8",
            "!20 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !1, size: 64)\n!llvm.x = !{!20}\n",
            "invalid base type",
        ),
        (
            "  ret void, !dbg !8",
            "!20 = !DIBasicType(tag: DW_TAG_pointer_type, name: \"int\")\n!llvm.x = !{!20}\n",
            "invalid tag",
        ),
        (
            "  ret void, !dbg !8",
            "!20 = !DICompositeType(tag: DW_TAG_structure_type, name: \"S\", elements: !1)\n!llvm.x = !{!20}\n",
            "invalid composite elements",
        ),
        (
            "  ret void, !dbg !8",
            "!20 = !DILocalVariable(name: \"x\", scope: !1)\n!llvm.x = !{!20}\n",
            "local variable requires a valid scope",
        ),
        (
            "  ret void, !dbg !8",
            "!20 = !DIFile(filename: \"b.c\", directory: \"/\", checksumkind: CSK_MD5, checksum: \"abc\")\n!llvm.x = !{!20}\n",
            "invalid checksum length",
        ),
        (
            "  ret void, !dbg !8",
            "!20 = !DILexicalBlock(scope: !1, file: !1, line: 2)\n!llvm.x = !{!20}\n",
            "invalid local scope",
        ),
        (
            "  ret void, !dbg !8, !foo !21",
            "!21 = !{!8}\n",
            "DILocation not allowed within this metadata node",
        ),
        (
            "  call void @llvm.dbg.value(metadata i32 0, metadata !1, metadata !DIExpression()), !dbg !8\n  ret void, !dbg !8",
            "declare void @llvm.dbg.value(metadata, metadata, metadata)\n",
            "invalid llvm.dbg.value intrinsic variable",
        ),        // verifyFnArgs: two variables for argument 1 (records, then intrinsics).
        (
            "  %p = alloca i32, align 4\n    #dbg_declare(ptr %p, !20, !DIExpression(), !8)\n    #dbg_declare(ptr %p, !21, !DIExpression(), !8)\n  ret void, !dbg !8",
            "!20 = !DILocalVariable(name: \"a\", arg: 1, scope: !5, file: !1, line: 1)\n!21 = !DILocalVariable(name: \"b\", arg: 1, scope: !5, file: !1, line: 1)\n",
            "conflicting debug info for argument",
        ),
        (
            "  %p = alloca i32, align 4\n  call void @llvm.dbg.declare(metadata ptr %p, metadata !20, metadata !DIExpression()), !dbg !8\n  call void @llvm.dbg.declare(metadata ptr %p, metadata !21, metadata !DIExpression()), !dbg !8\n  ret void, !dbg !8",
            "declare void @llvm.dbg.declare(metadata, metadata, metadata)\n!20 = !DILocalVariable(name: \"a\", arg: 2, scope: !5, file: !1, line: 1)\n!21 = !DILocalVariable(name: \"b\", arg: 2, scope: !5, file: !1, line: 1)\n",
            "conflicting debug info for argument",
        ),
    ];
    for (body, extra, msg) in cases {
        both_find_di_fault(&di_module(body, extra), msg);
    }
    // Compile units must be distinct.
    let src = di_module("  ret void, !dbg !8", "").replace(
        "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug)",
        "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, emissionKind: FullDebug, enums: !1)",
    );
    both_find_di_fault(&src, "invalid enum list");
}

#[test]
fn debug_info_one_variable_per_argument_is_fine() {
    // The same variable twice, or the second one inlined: no fault.
    both_accept(&di_module(
        "  %p = alloca i32, align 4\n    #dbg_declare(ptr %p, !20, !DIExpression(), !8)\n    #dbg_value(ptr %p, !20, !DIExpression(), !8)\n    #dbg_declare(ptr %p, !21, !DIExpression(), !22)\n  ret void, !dbg !8",
        "!20 = !DILocalVariable(name: \"a\", arg: 1, scope: !5, file: !1, line: 1)\n\
         !21 = !DILocalVariable(name: \"b\", arg: 1, scope: !5, file: !1, line: 1)\n\
         !22 = !DILocation(line: 3, scope: !5, inlinedAt: !8)\n",
    ));
}

/// verifyAttributeCount: attributes for a parameter the function type or
/// the call does not have (text cannot say it: the parser sizes the lists).
#[test]
fn attribute_after_last_parameter() {
    use llvmext_ir::attr::{Attr, AttrKind, AttrList};
    let mut t = T::new();
    let g = t.func("g", t.void, &[t.i32], 1);
    t.ret_void(g, 0);
    let nonnull = Attr::Enum(AttrKind::from_keyword("noundef").expect("an attribute"));
    let set = t.m.attrs.set(vec![nonnull]);
    let two = t.m.attrs.list(AttrList { params: vec![set, set].into(), ..Default::default() });
    t.m.functions[g].attrs = two;
    let e = expect(&t, "Attribute after last parameter!", None);
    assert_eq!(e.function.as_deref(), Some("g"));

    let mut t = T::new();
    let g = t.func("g", t.void, &[t.i32], 1);
    t.ret_void(g, 0);
    let one = t.c(t.i32, 1);
    let set =
        t.m.attrs.set(vec![Attr::Enum(AttrKind::from_keyword("noundef").expect("an attribute"))]);
    let two = t.m.attrs.list(AttrList { params: vec![set, set].into(), ..Default::default() });
    let f = t.func("f", t.void, &[], 1);
    let fn_ty = t.m.functions[g].ty;
    let p = t.ptr;
    let callee = t.m.consts.global(p, GlobalRef::Func(g as u32));
    let call = CallData {
        cc: CallConv::C,
        attrs: two,
        fn_ty,
        callee: Value::Const(callee),
        args: vec![one],
        bundles: vec![],
        fmf: 0,
        addrspace: 0,
    };
    t.put(f, 0, InstKind::Call { call: Box::new(call), tail: Default::default() }, t.void);
    t.ret_void(f, 0);
    expect(&t, "Attribute after last parameter!", None);
}

/// visitConstantPtrAuth: each rule of a `ptrauth` constant, broken in a
/// module built directly (the parser refuses every one of them, with
/// LLParser's own messages); and a `ptrauth` aliasee, which LLVM 19 does
/// not take.
#[test]
fn ptrauth_rules() {
    use llvmext_ir::constant::ConstKind;
    let messages = [
        "signed ptrauth constant base pointer must have pointer type",
        "signed ptrauth constant must have same type as its base pointer",
        "signed ptrauth constant key must be i32 constant integer",
        "signed ptrauth constant address discriminator must be a pointer",
        "signed ptrauth constant discriminator must be i64 constant integer",
    ];
    for (case, msg) in messages.into_iter().enumerate() {
        let mut t = T::new();
        let g = t.m.consts.global(t.ptr, GlobalRef::Var(0));
        let k = t.m.consts.int_u64(&t.m.types, t.i32, 0).unwrap();
        let d = t.m.consts.int_u64(&t.m.types, t.i64, 0).unwrap();
        let p1 = t.m.types.ptr(1).unwrap();
        let (ty, [ptr, key, disc, addr_disc]) = match case {
            0 => (t.ptr, [k, k, d, g]),
            1 => (p1, [g, k, d, g]),
            2 => (t.ptr, [g, d, d, g]),
            3 => (t.ptr, [g, k, d, d]),
            _ => (t.ptr, [g, k, k, g]),
        };
        let pa = t.m.consts.intern_raw(ty, ConstKind::PtrAuth { ptr, key, disc, addr_disc });
        let v = t.global_var("g", ty, Some(pa));
        t.m.globals.push(v);
        let e = expect(&t, msg, None);
        assert_eq!(e.global.as_deref(), Some(&*format!("constant #{}", pa.0)));
    }

    // Well formed, through the typed constructor: accepted.
    let mut t = T::new();
    let g = t.m.consts.global(t.ptr, GlobalRef::Var(0));
    let k = t.m.consts.int_u64(&t.m.types, t.i32, 2).unwrap();
    let d = t.m.consts.int_u64(&t.m.types, t.i64, 1234).unwrap();
    let pa = t.m.consts.ptr_auth(&t.m.types, g, k, d, g).unwrap();
    let v = t.global_var("g", t.ptr, Some(pa));
    t.m.globals.push(v);
    verify(&t.m).unwrap();
    assert!(t.m.consts.ptr_auth(&t.m.types, g, d, d, g).is_err());

    // A ptrauth aliasee is neither a global value nor a constant expression.
    let mut t = T::new();
    let v = t.global_var("g", t.i32, None);
    t.m.globals.push(v);
    let g = t.m.consts.global(t.ptr, GlobalRef::Var(0));
    let k = t.m.consts.int_u64(&t.m.types, t.i32, 0).unwrap();
    let d = t.m.consts.int_u64(&t.m.types, t.i64, 0).unwrap();
    let null = t.m.consts.zero(&t.m.types, t.ptr).unwrap();
    let pa = t.m.consts.ptr_auth(&t.m.types, g, k, d, null).unwrap();
    t.m.globals[0].init = Some(t.m.consts.int_u64(&t.m.types, t.i32, 0).unwrap());
    t.m.aliases.push(Alias {
        common: GlobalCommon { name: Some("a".into()), ..Default::default() },
        ty: t.i32,
        addrspace: 0,
        aliasee: pa,
    });
    expect(
        &t,
        "Aliasee should be either GlobalValue or ConstantExpr",
        Some("@g = global i32 0\n@a = alias i32, ptr ptrauth (ptr @g, i32 0)\n"),
    );
}
