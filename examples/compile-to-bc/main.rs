//! `compile-to-bc [DIR]`: the compiler story end to end. A module is built
//! with `llvmext_ir::builder` alone (no `.ll` text anywhere): a loop with
//! phis (`@fib`), recursion (`@fact`), a variadic call to the external
//! `printf` and a call to `puts` with global strings (`@greet`), struct and
//! array accesses through `getelementptr` (`@dot_points`, `@prime`), a
//! `switch` choosing among global strings (`@classify`). It is written as
//! bitcode with `llvmext_bitcode::write::write_with` (the IDENTIFICATION
//! block names this example), `clang-19` compiles the `.bc` together with
//! the C driver `driver.c` (beside this file) into an executable, which
//! runs; its output must be [`expected_output`].
//!
//! The files go to `DIR` (kept) or to a temporary directory (removed).
//! Needs `clang-19` on `PATH` (Debian package `clang-19`); without it the
//! example says so and exits with status 1.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use llvmext::bitcode::write::{write_with, WriteOptions};
use llvmext::ir::prelude::*;

/// The producer string the `.bc` names in its IDENTIFICATION block.
pub const PRODUCER: &str = "llvmext compile-to-bc example";

/// The C driver that calls the module's functions and prints the results.
pub const DRIVER_C: &str = include_str!("driver.c");

/// The C compiler, and the Debian package that ships it.
pub const CLANG: &str = "clang-19";

/// The points `driver.c` passes to `@dot_points`.
const POINTS: [(i64, i64); 5] = [(1, 2), (3, 4), (-5, 6), (7, -8), (100_000, 300_000)];

/// The primes `@prime` indexes.
const PRIMES: [i64; 8] = [2, 3, 5, 7, 11, 13, 17, 19];

/// Builds the module: every type, constant, global, function and
/// instruction through the typed builder, each checked as it is added.
/// `triple` is the target's (`None`: no `target triple`).
pub fn build_module(triple: Option<&str>) -> Result<Module, BuildError> {
    let mut m = Module::named("compile-to-bc");
    m.triple = triple.map(Into::into);
    let mut b = Builder::new(&mut m);
    let i32t = b.int(32)?;
    let i64t = b.int(64)?;
    let ptr = b.ptr(0)?;
    let void = b.void();

    // Attributes a front end would put on its functions.
    let nounwind = b.attr("nounwind")?;
    let attrs = b.attr_list(vec![nounwind], vec![], vec![]);

    // External functions from the C library: `printf` is variadic.
    let printf_ty = b.fn_type_vararg(i32t, &[ptr])?;
    let printf = b.declare_function("printf", printf_ty)?;
    let puts_ty = b.fn_type(i32t, &[ptr])?;
    let puts = b.declare_function("puts", puts_ty)?;

    // Global strings, as clang makes them (private unnamed_addr constants).
    let hello = b.global_string(".str.hello", b"hello, %s, from a module built by llvmext\n")?;
    let bye = b.global_string(".str.bye", b"(written as LLVM 19 bitcode, compiled by clang-19)")?;
    let names = [
        b.global_string(".str.zero", b"zero")?,
        b.global_string(".str.one", b"one")?,
        b.global_string(".str.two", b"two")?,
        b.global_string(".str.many", b"many")?,
    ];

    // void @greet(ptr %who): printf(hello, who); puts(bye)
    let ty = b.fn_type(void, &[ptr])?;
    let greet = b.define_function("greet", ty)?;
    b.set_arg_name(greet, 0, "who")?;
    {
        let mut f = b.func(greet)?;
        let entry = f.block("entry");
        f.position_at_end(entry);
        let fmt = f.global(hello)?;
        let who = f.arg(0)?;
        f.call_function(printf, &[fmt, who], "")?;
        let msg = f.global(bye)?;
        f.call_function(puts, &[msg], "")?;
        f.ret(None)?;
    }

    // i64 @fib(i64 %n): a loop, a and b carried in phis.
    let ty = b.fn_type(i64t, &[i64t])?;
    let fib = b.define_function("fib", ty)?;
    b.set_arg_name(fib, 0, "n")?;
    b.set_function_attrs(fib, attrs)?;
    {
        let mut f = b.func(fib)?;
        let entry = f.block("entry");
        let lp = f.block("loop");
        let body = f.block("body");
        let exit = f.block("exit");
        let n = f.arg(0)?;
        let zero = f.const_int(i64t, 0)?;
        let one = f.const_int(i64t, 1)?;
        f.position_at_end(entry);
        f.br(lp)?;
        f.position_at_end(lp);
        let i = f.phi(i64t, "i")?;
        let a = f.phi(i64t, "a")?;
        let bb = f.phi(i64t, "b")?;
        let more = f.icmp(IntPred::Slt, i, n, "more")?;
        f.br_cond(more, body, exit)?;
        f.position_at_end(body);
        let sum = f.add(a, bb, "sum")?;
        let next = f.binop(BinOp::Add, i, one, flags::NSW, 0, "i.next")?;
        f.br(lp)?;
        f.add_incoming(i, zero, entry)?;
        f.add_incoming(i, next, body)?;
        f.add_incoming(a, zero, entry)?;
        f.add_incoming(a, bb, body)?;
        f.add_incoming(bb, one, entry)?;
        f.add_incoming(bb, sum, body)?;
        f.position_at_end(exit);
        f.ret(Some(a))?;
    }

    // i64 @fact(i64 %n): n <= 1 ? 1 : n * fact(n - 1), recursively.
    let fact = b.define_function("fact", ty)?;
    b.set_arg_name(fact, 0, "n")?;
    b.set_function_attrs(fact, attrs)?;
    {
        let mut f = b.func(fact)?;
        let entry = f.block("entry");
        let base = f.block("base");
        let rec = f.block("recurse");
        let n = f.arg(0)?;
        let one = f.const_int(i64t, 1)?;
        f.position_at_end(entry);
        let small = f.icmp(IntPred::Sle, n, one, "small")?;
        f.br_cond(small, base, rec)?;
        f.position_at_end(base);
        f.ret(Some(one))?;
        f.position_at_end(rec);
        let m1 = f.binop(BinOp::Sub, n, one, flags::NSW, 0, "n.minus.1")?;
        let r = f.call_function(fact, &[m1], "r")?;
        let p = f.binop(BinOp::Mul, n, r, flags::NSW, 0, "product")?;
        f.ret(Some(p))?;
    }

    // %struct.point = type { i32, i32 }
    // i64 @dot_points(ptr %points, i64 %n): sum of x * y in 64 bits.
    let point = b.named_struct("struct.point", &[i32t, i32t])?;
    let ty = b.fn_type(i64t, &[ptr, i64t])?;
    let dot = b.define_function("dot_points", ty)?;
    b.set_arg_name(dot, 0, "points")?;
    b.set_arg_name(dot, 1, "n")?;
    b.set_function_attrs(dot, attrs)?;
    {
        let mut f = b.func(dot)?;
        let entry = f.block("entry");
        let lp = f.block("loop");
        let body = f.block("body");
        let exit = f.block("exit");
        let (points, n) = (f.arg(0)?, f.arg(1)?);
        let zero = f.const_int(i64t, 0)?;
        let one = f.const_int(i64t, 1)?;
        let (field_x, field_y) = (f.const_int(i32t, 0)?, f.const_int(i32t, 1)?);
        f.position_at_end(entry);
        f.br(lp)?;
        f.position_at_end(lp);
        let i = f.phi(i64t, "i")?;
        let acc = f.phi(i64t, "acc")?;
        let more = f.icmp(IntPred::Slt, i, n, "more")?;
        f.br_cond(more, body, exit)?;
        f.position_at_end(body);
        let px = f.gep(point, points, &[i, field_x], GepFlags::INBOUNDS, "x.addr")?;
        let py = f.gep(point, points, &[i, field_y], GepFlags::INBOUNDS, "y.addr")?;
        let x = f.load(i32t, px, 4, "x")?;
        let y = f.load(i32t, py, 4, "y")?;
        let x64 = f.sext(x, i64t, "x64")?;
        let y64 = f.sext(y, i64t, "y64")?;
        let xy = f.binop(BinOp::Mul, x64, y64, flags::NSW, 0, "xy")?;
        let acc2 = f.add(acc, xy, "acc.next")?;
        let next = f.binop(BinOp::Add, i, one, flags::NSW, 0, "i.next")?;
        f.br(lp)?;
        f.add_incoming(i, zero, entry)?;
        f.add_incoming(i, next, body)?;
        f.add_incoming(acc, zero, entry)?;
        f.add_incoming(acc, acc2, body)?;
        f.position_at_end(exit);
        f.ret(Some(acc))?;
    }

    // @primes = internal constant [8 x i32] [...]
    // i32 @prime(i64 %k): primes[k], or -1 past the end.
    let arr = b.array(i32t, PRIMES.len() as u64)?;
    let elems = PRIMES.iter().map(|&p| b.const_int(i32t, p)).collect::<Result<Vec<_>, _>>()?;
    let init = b.const_array(arr, &elems)?;
    let primes = b
        .global("primes", arr)
        .init(init)
        .constant()
        .linkage(Linkage::Internal)
        .align(4)
        .finish()?;
    let ty = b.fn_type(i32t, &[i64t])?;
    let prime = b.define_function("prime", ty)?;
    b.set_arg_name(prime, 0, "k")?;
    {
        let mut f = b.func(prime)?;
        let entry = f.block("entry");
        let inside = f.block("in.range");
        let outside = f.block("out.of.range");
        let k = f.arg(0)?;
        let len = f.const_int(i64t, PRIMES.len() as i64)?;
        let zero = f.const_int(i64t, 0)?;
        let minus_one = f.const_int(i32t, -1)?;
        f.position_at_end(entry);
        let ok = f.icmp(IntPred::Ult, k, len, "ok")?;
        f.br_cond(ok, inside, outside)?;
        f.position_at_end(inside);
        let table = f.global(primes)?;
        let at = f.gep(arr, table, &[zero, k], GepFlags::INBOUNDS, "p.addr")?;
        let p = f.load(i32t, at, 4, "p")?;
        f.ret(Some(p))?;
        f.position_at_end(outside);
        f.ret(Some(minus_one))?;
    }

    // ptr @classify(i32 %c): switch to one of four strings, merged by a phi.
    let ty = b.fn_type(ptr, &[i32t])?;
    let classify = b.define_function("classify", ty)?;
    b.set_arg_name(classify, 0, "c")?;
    {
        let mut f = b.func(classify)?;
        let entry = f.block("entry");
        let cases: Vec<BlockRef> =
            ["case.zero", "case.one", "case.two", "case.many"].map(|n| f.block(n)).to_vec();
        let done = f.block("done");
        let c = f.arg(0)?;
        f.position_at_end(entry);
        let mut arms = Vec::new();
        for (k, &block) in cases[..3].iter().enumerate() {
            arms.push((f.const_int(i32t, k as i64)?, block));
        }
        f.switch(c, cases[3], &arms)?;
        let mut incoming = Vec::new();
        for (&block, &name) in cases.iter().zip(&names) {
            f.position_at_end(block);
            incoming.push((f.global(name)?, block));
            f.br(done)?;
        }
        f.position_at_end(done);
        let s = f.phi(ptr, "name")?;
        for (v, block) in incoming {
            f.add_incoming(s, v, block)?;
        }
        f.ret(Some(s))?;
    }
    Ok(m)
}

/// What the program prints: worked out here, independently of LLVM.
pub fn expected_output() -> String {
    let fib = |n: i64| (0..n).fold((0i64, 1i64), |(a, b), _| (b, a.wrapping_add(b))).0;
    let mut s = String::from(
        "hello, a C driver, from a module built by llvmext\n\
         (written as LLVM 19 bitcode, compiled by clang-19)\nfib:",
    );
    for n in 0..=12 {
        s += &format!(" {}", fib(n));
    }
    s += &format!("\nfib(90) = {}\n", fib(90));
    s += &format!("fact(20) = {}\n", (1..=20i64).product::<i64>());
    s += &format!("dot_points = {}\n", POINTS.iter().map(|(x, y)| x * y).sum::<i64>());
    s += "prime:";
    for k in 0..=8 {
        s += &format!(" {}", PRIMES.get(k).copied().unwrap_or(-1));
    }
    s += "\n";
    for c in -1i32..=3 {
        let name = match c {
            0 => "zero",
            1 => "one",
            2 => "two",
            _ => "many",
        };
        s += &format!("classify({c}) = {name}\n");
    }
    s
}

/// `clang-19` on `PATH`, or the message saying how to install it.
pub fn find_clang() -> Result<PathBuf, String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).map(|d| d.join(CLANG)).find(|p| p.is_file()).ok_or_else(|| {
        format!(
            "{CLANG} not found on PATH: install Debian package clang-19 (apt-get install clang-19)"
        )
    })
}

/// What [`compile_and_run`] made and saw.
#[derive(Debug)]
pub struct Outcome {
    /// The bitcode file.
    pub bc: PathBuf,
    /// Its size in bytes.
    pub bc_len: usize,
    /// The C driver.
    pub driver: PathBuf,
    /// The executable.
    pub exe: PathBuf,
    /// The clang command line.
    pub clang_command: String,
    /// What the executable printed.
    pub stdout: String,
}

/// Builds the module for `clang`'s default target, writes `prog.bc` and
/// `driver.c` into `dir`, compiles and links them with `clang` into
/// `prog`, runs it and returns what it printed. Every failure is a
/// message.
pub fn compile_and_run(clang: &Path, dir: &Path) -> Result<Outcome, String> {
    // The target: what clang compiles for by default (a compiler knows it).
    let out = Command::new(clang)
        .arg("-print-target-triple")
        .output()
        .map_err(|e| format!("cannot run {}: {e}", clang.display()))?;
    let triple = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if !out.status.success() || triple.is_empty() {
        return Err(format!("{} -print-target-triple failed", clang.display()));
    }
    let module = build_module(Some(&triple)).map_err(|e| format!("building the module: {e}"))?;
    let bytes = write_with(&module, &WriteOptions::default().producer(PRODUCER))
        .map_err(|e| format!("writing bitcode: {e}"))?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let (bc, driver, exe) = (dir.join("prog.bc"), dir.join("driver.c"), dir.join("prog"));
    std::fs::write(&bc, &bytes).map_err(|e| format!("{}: {e}", bc.display()))?;
    std::fs::write(&driver, DRIVER_C).map_err(|e| format!("{}: {e}", driver.display()))?;
    let mut cc = Command::new(clang);
    cc.args(["-O2", "-Werror"]).arg(&driver).arg(&bc).arg("-o").arg(&exe);
    let clang_command = format!("{cc:?}").replace('"', "");
    let out = cc.output().map_err(|e| format!("cannot run {}: {e}", clang.display()))?;
    if !out.status.success() || !out.stderr.is_empty() {
        return Err(format!(
            "{clang_command} failed ({}):\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let run = Command::new(&exe).output().map_err(|e| format!("{}: {e}", exe.display()))?;
    if !run.status.success() {
        return Err(format!("{} exited with {}", exe.display(), run.status));
    }
    let stdout = String::from_utf8(run.stdout).map_err(|e| format!("output not UTF-8: {e}"))?;
    Ok(Outcome { bc, bc_len: bytes.len(), driver, exe, clang_command, stdout })
}

#[allow(dead_code)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (dir, keep) = match args.as_slice() {
        [] => (
            std::env::temp_dir().join(format!("llvmext-compile-to-bc-{}", std::process::id())),
            false,
        ),
        [d] if !d.starts_with('-') => (PathBuf::from(d), true),
        _ => {
            eprintln!("usage: compile-to-bc [DIR]");
            return ExitCode::from(2);
        }
    };
    let clang = match find_clang() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("compile-to-bc: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = compile_and_run(&clang, &dir);
    let status = match result {
        Ok(o) => {
            println!("built a module with llvmext_ir::builder: @greet, @fib, @fact, @dot_points, @prime, @classify");
            println!(
                "wrote {} ({} bytes of LLVM 19 bitcode, producer {PRODUCER:?})",
                o.bc.display(),
                o.bc_len
            );
            println!("wrote {}", o.driver.display());
            println!("ran {}", o.clang_command);
            println!("ran {}:", o.exe.display());
            for line in o.stdout.lines() {
                println!("  | {line}");
            }
            if o.stdout == expected_output() {
                println!("output as expected");
                ExitCode::SUCCESS
            } else {
                eprintln!(
                    "compile-to-bc: error: unexpected output; expected:\n{}",
                    expected_output()
                );
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("compile-to-bc: error: {e}");
            ExitCode::FAILURE
        }
    };
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    status
}
