//! `bc-report FILE.bc [--function NAME]`: what an analysis tool sees of a
//! bitcode file once `llvmext_bitcode::read` has turned it into the
//! `llvmext_ir` model — the producer, then every function defined with its
//! blocks, instructions and the functions it calls, then the functions
//! only declared. With `--function NAME`, only that function's body is
//! read (the others stay unread, as LLVM's lazy loading leaves them) and
//! only its row is printed.
//!
//! The README's main job (`scripts/demo.sh`) runs it on clang-19's bitcode
//! of `examples/demo.c`.

use std::collections::BTreeMap;
use std::process::ExitCode;

use llvmext::bitcode::read::Reader;
use llvmext::ir::inst::InstKind;
use llvmext::ir::Module;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, only) = match &args[..] {
        [p] => (p.clone(), None),
        [p, f, n] if f == "--function" => (p.clone(), Some(n.clone())),
        _ => {
            eprintln!("usage: bc-report FILE.bc [--function NAME]");
            return ExitCode::from(2);
        }
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("bc-report: error: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The globals and declarations first, each function body on demand:
    // all of them, or the one asked for.
    let read = Reader::new(&bytes).and_then(|mut r| {
        match &only {
            None => r.read_all_functions()?,
            Some(name) => {
                let m = r.module();
                let found = (0..m.functions.len()).find(|&i| {
                    m.functions[i].common.name.as_ref().is_some_and(|n| n == name.as_str())
                });
                if let Some(i) = found {
                    r.read_function(i)?;
                }
            }
        }
        Ok((r.identification().producer.clone(), r.into_module()))
    });
    let (producer, m) = match read {
        Ok(x) => x,
        Err(e) => {
            eprintln!("bc-report: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(name) = &only {
        let Some(i) = (0..m.functions.len()).find(|&i| {
            let f = &m.functions[i];
            !f.is_declaration() && f.common.name.as_ref().is_some_and(|n| n == name.as_str())
        }) else {
            eprintln!("bc-report: error: {path}: no function {name} with a body");
            return ExitCode::FAILURE;
        };
        row(&m, i);
        return ExitCode::SUCCESS;
    }
    if let Err(errors) = llvmext::ir::verify::verify(&m) {
        for e in &errors {
            eprintln!("{e}");
        }
        eprintln!("bc-report: error: {path}: the module is broken");
        return ExitCode::FAILURE;
    }
    report(&path, producer.as_deref().unwrap_or("an unknown producer"), &m);
    ExitCode::SUCCESS
}

fn name(m: &Module, i: usize) -> String {
    match &m.functions[i].common.name {
        Some(n) => String::from_utf8_lossy(n.as_bytes()).into_owned(),
        None => format!("#{i}"),
    }
}

fn report(path: &str, producer: &str, m: &Module) {
    let defined: Vec<usize> =
        (0..m.functions.len()).filter(|&i| !m.functions[i].is_declaration()).collect();
    println!(
        "{path} (written by {producer}): {} functions defined, {} declared, {} global variables",
        defined.len(),
        m.functions.len() - defined.len(),
        m.globals.len()
    );
    println!();
    println!("  {:<24} {:>6} {:>6}  calls", "function", "blocks", "insts");
    for &i in &defined {
        row(m, i);
    }
    let declared: Vec<String> = (0..m.functions.len())
        .filter(|&i| m.functions[i].is_declaration())
        .map(|i| name(m, i))
        .collect();
    if !declared.is_empty() {
        println!();
        println!("  declared: {}", declared.join(", "));
    }
}

/// Function `i`'s row: name, blocks, instructions, callees.
fn row(m: &Module, i: usize) {
    {
        let f = &m.functions[i];
        // Callee -> number of call sites (indirect calls and inline asm apart).
        let mut calls: BTreeMap<String, usize> = BTreeMap::new();
        for inst in &f.insts {
            let call = match &inst.kind {
                InstKind::Call { call, .. } => call,
                InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => call,
                _ => continue,
            };
            let callee = match m.called_function_index(call) {
                Some(c) => name(m, c),
                None => "(indirect)".into(),
            };
            *calls.entry(callee).or_default() += 1;
        }
        let calls: Vec<String> =
            calls.into_iter().map(|(c, n)| if n > 1 { format!("{c} ×{n}") } else { c }).collect();
        println!(
            "  {:<24} {:>6} {:>6}  {}",
            name(m, i),
            f.blocks.len(),
            f.insts.len(),
            calls.join(", ")
        );
    }
}
