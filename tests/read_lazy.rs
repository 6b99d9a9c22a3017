//! Lazy reading: a function body read on its own, in any order, is the body
//! a whole read gives (same blocks, instructions, opcodes, result types,
//! names and callees), and reading one body of a large module reads only
//! it.

mod support;

use llvmext::bitcode::read::{read, Reader};
use llvmext::ir::inst::InstKind;
use llvmext::ir::Module;
use support::corpus::corpus_file;

/// What must agree between two readings of function `i`: per block, its
/// name and each instruction's opcode, name, result type and callee.
fn shape(m: &Module, i: usize) -> Vec<String> {
    let f = &m.functions[i];
    let mut out = Vec::new();
    for b in &f.blocks {
        out.push(format!("block {:?}", b.name));
        for &id in &b.insts {
            let inst = f.inst(id);
            let callee = match &inst.kind {
                InstKind::Call { call, .. } | InstKind::Invoke { call, .. } => m
                    .called_function(call)
                    .and_then(|g| g.common.name.as_ref())
                    .map(|n| n.to_string()),
                _ => None,
            };
            out.push(format!(
                "{} {:?} {} {:?} {} {}",
                inst.kind.opcode(),
                inst.name,
                m.types.display(inst.ty),
                callee,
                inst.md.len(),
                inst.dbg_records.len()
            ));
        }
    }
    out
}

#[test]
fn functions_read_one_by_one_equal_the_whole_read() {
    for name in ["sqlite3.O2.g", "c/interp.O0.g", "clang14/cxx/templates.O2.g", "rust/shapes.O2.g"]
    {
        let f = corpus_file(name);
        let bytes = f.read();
        let whole = read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut lazy = Reader::new(&bytes).unwrap();
        let bodies: Vec<usize> = lazy.functions_with_bodies().collect();
        assert!(!bodies.is_empty(), "{name}");
        // Every seventh body, from the last backwards, then the first twice.
        let mut order: Vec<usize> = bodies.iter().rev().step_by(7).copied().collect();
        order.push(bodies[0]);
        order.push(bodies[0]);
        for &i in &order {
            lazy.read_function(i).unwrap_or_else(|e| panic!("{name}: function {i}: {e}"));
        }
        let unread = bodies.iter().filter(|i| !order.contains(i)).count();
        // (Upgrading an old producer's intrinsics may move declarations:
        // functions are found by name after `into_module`.)
        let read_names: Vec<Vec<u8>> = order
            .iter()
            .map(|&i| lazy.module().functions[i].common.name.as_ref().unwrap().as_bytes().to_vec())
            .collect();
        let m = lazy.into_module();
        let by_name = |m: &Module, n: &[u8]| {
            m.functions
                .iter()
                .position(|f| f.common.name.as_ref().is_some_and(|x| x.as_bytes() == n))
                .unwrap_or_else(|| panic!("{name}: no function {}", String::from_utf8_lossy(n)))
        };
        for n in &read_names {
            let (a, b) = (shape(&m, by_name(&m, n)), shape(&whole, by_name(&whole, n)));
            assert_eq!(a, b, "{name}: {}", String::from_utf8_lossy(n));
        }
        // The others stay unread.
        let defined = m.functions.iter().filter(|f| !f.is_declaration()).count();
        let whole_defined = whole.functions.iter().filter(|f| !f.is_declaration()).count();
        assert_eq!(whole_defined - defined, unread, "{name}");
    }
}
