//! `bc-report FILE.bc`: what an analysis tool sees of a bitcode file once
//! `llvmext_bitcode::read` has turned it into the `llvmext_ir` model — the
//! producer, then every function defined with its blocks, instructions and
//! the functions it calls, then the functions only declared.
//!
//! The README's main job (`scripts/demo.sh`) runs it on clang-19's bitcode
//! of `examples/demo.c`.

use std::collections::BTreeMap;
use std::process::ExitCode;

use llvmext::bitcode::read::Reader;
use llvmext::ir::inst::InstKind;
use llvmext::ir::Module;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: bc-report FILE.bc");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("bc-report: error: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The globals and declarations first, each function body on demand:
    // here all of them.
    let read = Reader::new(&bytes).and_then(|mut r| {
        r.read_all_functions()?;
        Ok((r.identification().producer.clone(), r.into_module()))
    });
    let (producer, m) = match read {
        Ok(x) => x,
        Err(e) => {
            eprintln!("bc-report: error: {e}");
            return ExitCode::FAILURE;
        }
    };
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
    let declared: Vec<String> = (0..m.functions.len())
        .filter(|&i| m.functions[i].is_declaration())
        .map(|i| name(m, i))
        .collect();
    if !declared.is_empty() {
        println!();
        println!("  declared: {}", declared.join(", "));
    }
}
