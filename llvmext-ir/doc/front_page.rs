use llvmext_ir::prelude::*;

/// `int count(int n)`: for each `i < n`, adds 10, 20 or 1 (a switch on
/// `i`) to a sum, printing the running sum with `printf`; returns it.
fn build() -> Result<Module, BuildError> {
    let mut m = Module::named("count");
    let mut b = Builder::new(&mut m);
    let (i32t, ptr) = (b.int(32)?, b.ptr(0)?);
    let printf_ty = b.fn_type_vararg(i32t, &[ptr])?;
    let printf = b.declare_function("printf", printf_ty)?;
    // @.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1
    let fmt = b.global_string(".str", b"%d\n")?;

    let fty = b.fn_type(i32t, &[i32t])?;
    let count = b.define_function("count", fty)?;
    b.set_arg_name(count, 0, "n")?;
    let mut f = b.func(count)?;
    let entry = f.block("entry");
    let head = f.block("loop");
    let body = f.block("body");
    let (zero, one, other) = (f.block("zero"), f.block("one"), f.block("other"));
    let latch = f.block("latch");
    let exit = f.block("exit");

    f.position_at_end(entry);
    f.br(head)?;

    // loop: %i and %sum are phis; their back-edge values come later.
    f.position_at_end(head);
    let i = f.phi(i32t, "i")?;
    let sum = f.phi(i32t, "sum")?;
    let n = f.arg(0)?;
    let more = f.icmp(IntPred::Slt, i, n, "more")?;
    f.br_cond(more, body, exit)?;

    // body: switch i32 %i, label %other [0 -> %zero, 1 -> %one]
    f.position_at_end(body);
    let (c0, c1) = (f.const_int(i32t, 0)?, f.const_int(i32t, 1)?);
    f.switch(i, other, &[(c0, zero), (c1, one)])?;
    for bl in [zero, one, other] {
        f.position_at_end(bl);
        f.br(latch)?;
    }

    // latch: the step is a phi over the switch's destinations.
    f.position_at_end(latch);
    let step = f.phi(i32t, "step")?;
    for (bl, v) in [(zero, 10), (one, 20), (other, 1)] {
        let c = f.const_int(i32t, v)?;
        f.add_incoming(step, c, bl)?;
    }
    let next_sum = f.add(sum, step, "sum.next")?;
    let s = f.global(fmt)?;
    f.call_function(printf, &[s, next_sum], "")?;
    let next_i = f.add(i, c1, "i.next")?;
    f.br(head)?;
    f.add_incoming(i, c0, entry)?;
    f.add_incoming(i, next_i, latch)?;
    f.add_incoming(sum, c0, entry)?;
    f.add_incoming(sum, next_sum, latch)?;

    f.position_at_end(exit);
    f.ret(Some(sum))?;
    Ok(m)
}
