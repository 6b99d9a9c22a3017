//! # llvmext-asm — an MC-style assembler
//!
//! LLVM's MC layer in Rust: expressions, symbols, sections and fragments,
//! layout and relaxation, fixups turned into relocations, DWARF from
//! directives, the GAS-syntax parser and the x86 target, writing ELF
//! objects through [`llvmext_obj`]'s builder. The goal, checked by the
//! tests against `llvm-mc-19`: the same object, byte for byte.
//!
//! ```
//! let obj = llvmext_asm::assemble("x86_64-linux-gnu", b"f:\n\tmovl $1, %eax\n\tretq\n", &Default::default()).unwrap();
//! assert_eq!(&obj[..4], b"\x7fELF");
//! ```
#![deny(missing_docs)]

pub use llvmext_core as core;
pub use llvmext_obj as obj;

pub mod assembler;
pub mod diag;
pub mod dwarf;
mod dwarf_glue;
pub mod expr;
pub mod fixup;
pub mod parse;
pub mod section;
pub mod streamer;
pub mod symbol;
pub mod target;
pub mod writer;

pub use diag::{Diagnostic, Error, Loc, Severity};
pub use parse::Options;
pub use streamer::{Arch, ObjectStreamer};

/// Assembles GAS-syntax `source` for `triple` into an ELF relocatable
/// object, as `llvm-mc -triple=TRIPLE -filetype=obj` does.
pub fn assemble(triple: &str, source: &[u8], opts: &Options) -> Result<Vec<u8>, Error> {
    assemble_streaming(triple, source, opts, &mut |_| {})
}

/// [`assemble`], telling `consumed(n)` each time the parser has passed
/// another stretch of the main source: bytes before `n` are not read
/// again (except to print diagnostics), so a caller that mapped a large
/// file may let the system drop those pages (what `llvmext-mc` does to
/// keep its memory small).
pub fn assemble_streaming(
    triple: &str,
    source: &[u8],
    opts: &Options,
    consumed: &mut dyn FnMut(usize),
) -> Result<Vec<u8>, Error> {
    let files = vec![opts.file_name.clone()];
    let Some(arch) = Arch::from_triple(triple) else {
        return Err(Error {
            diagnostics: vec![Diagnostic {
                severity: Severity::Error,
                loc: Loc::NONE,
                message: format!("unable to get target for '{triple}'"),
            }],
            files,
        });
    };
    let mut st = ObjectStreamer::new(arch);
    let mut p = parse::Parser::new(source, &mut st, opts.clone());
    p.set_consumed_hook(consumed);
    p.run();
    let names: Vec<String> = p.files.iter().map(|f| f.0.clone()).collect();
    drop(p);
    if st.has_errors() {
        return Err(Error { diagnostics: st.diagnostics().to_vec(), files: names });
    }
    st.finish().map_err(|e| Error { diagnostics: e.diagnostics, files: names })
}
