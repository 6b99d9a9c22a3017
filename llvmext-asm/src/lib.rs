//! # llvmext-asm — LLVM's MC layer and an x86 ELF assembler
//!
//! GAS-syntax assembly (or a program driving the streamer) in, a
//! relocatable ELF object out: the bytes `llvm-mc-19 -filetype=obj` writes
//! for x86-64 and i386, checked against it by the workspace's tests on
//! clang-19 output for real C (SQLite, zlib, bzip2, lz4) and hand-written
//! assembly.
//!
//! The layout follows LLVM's seams:
//!
//! | module | LLVM | what it holds |
//! |---|---|---|
//! | [`expr`] | `MCExpr` | expressions in an arena: constants, symbols with `@` variants, operators |
//! | [`symbol`], [`section`] | `MCSymbolELF`, `MCSectionELF`, `MCFragment` | symbols; sections as fragment lists |
//! | [`fixup`] | `MCFixup` | a field whose bytes depend on an expression |
//! | [`streamer`] | `MCELFStreamer` | the directive-level API: sections, labels, data, instructions, alignment, CFI, line tables |
//! | [`assembler`] | `MCAssembler` | evaluation, layout and relaxation to a fixpoint, fixups to relocations |
//! | [`writer`] | `ELFObjectWriter` | the symbol table as LLVM orders it, handed to `llvmext_obj`'s ELF builder |
//! | [`dwarf`] | `MCDwarf` | `.eh_frame`/`.debug_frame` from `.cfi_*`, `.debug_line` from `.file`/`.loc` |
//! | [`parse`] | `AsmParser`, `ELFAsmParser`, `X86AsmParser` | the GAS-syntax parser over the streamer |
//! | [`target::x86`] | `X86AsmParser` matcher, `X86MCCodeEmitter`, `X86AsmBackend`, `X86ELFObjectWriter` | instruction matching and encoding (iced-x86's tables, LLVM's choices), relaxation, NOPs, relocation types |
//! | [`diag`] | `SourceMgr` | diagnostics with their place, printed as llvm-mc prints them |
//!
//! ```
//! let obj = llvmext_asm::assemble("x86_64-linux-gnu", b"f:\n\tmovl $1, %eax\n\tretq\n", &Default::default()).unwrap();
//! assert_eq!(&obj[..4], b"\x7fELF");
//! let err = llvmext_asm::assemble("x86_64-linux-gnu", b"\tfoo %eax\n", &Default::default()).unwrap_err();
//! assert_eq!(err.to_string(), "<stdin>:1:2: error: invalid instruction mnemonic 'foo'");
//! ```
//!
//! A JIT drives [`streamer::ObjectStreamer`] directly (see
//! `examples/jit-hello-mc.rs` in the repository):
//!
//! ```
//! use llvmext_asm::streamer::{Arch, ObjectStreamer};
//! use llvmext_asm::target::x86::{parse_reg, Operand, Value};
//! let mut s = ObjectStreamer::new(Arch::X86_64);
//! let f = s.symbol("f");
//! s.emit_label(f, Default::default());
//! let eax = Operand::Reg(parse_reg("eax").unwrap());
//! s.instruction("movl", &[Operand::Imm(Value::Const(7)), eax]).unwrap();
//! s.instruction("retq", &[]).unwrap();
//! let obj = s.finish().unwrap();
//! assert_eq!(&obj[..4], b"\x7fELF");
//! ```
#![deny(missing_docs)]

pub use llvmext_core as core;
pub use llvmext_obj as obj;

pub mod assembler;
pub mod diag;
pub mod dwarf;
pub mod expr;
mod finish;
pub mod fixup;
pub mod ids;
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
///
/// A source of 1 MiB or more is read with a second thread when the
/// machine has another core (see [`parse`]'s pre-scanner; the environment
/// variable `LLVMEXT_ASM_PRESCAN=0` turns that off, `=1` on whatever the
/// size), and a large object's bytes are written by two: the object and
/// the diagnostics are the same as with one.
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
    let prescan = prescan_wanted(source.len()).then_some(parse::prescan::CHUNK);
    assemble_with(triple, source, opts, consumed, prescan)
}

/// [`assemble`] with the reading thread on, in chunks of about `chunk`
/// bytes whatever the size of `source`, or off (`None`). For tests and
/// fuzzing, which compare the two: the result is the same.
#[doc(hidden)]
pub fn assemble_prescanned(
    triple: &str,
    source: &[u8],
    opts: &Options,
    chunk: Option<usize>,
) -> Result<Vec<u8>, Error> {
    assemble_with(triple, source, opts, &mut |_| {}, chunk)
}

/// [`assemble_streaming`], with the pre-scanning thread reading chunks of
/// about `prescan` bytes, or without it.
pub(crate) fn assemble_with(
    triple: &str,
    source: &[u8],
    opts: &Options,
    consumed: &mut dyn FnMut(usize),
    prescan: Option<usize>,
) -> Result<Vec<u8>, Error> {
    let files = vec![opts.file_name.clone()];
    let Some(arch) = Arch::from_triple(triple) else {
        return Err(Error {
            diagnostics: vec![Diagnostic {
                severity: Severity::Error,
                loc: Loc::NONE,
                message: format!("unable to get target for '{triple}'"),
                width: 1,
            }],
            sources: vec![Vec::new(); files.len()],
            files,
        });
    };
    let mut st = ObjectStreamer::new(arch);
    let hasher = st.name_hasher();
    let shared = prescan
        .filter(|_| source.len() <= parse::prescan::MAX_SOURCE)
        .map(|chunk| parse::prescan::Shared::new(source, arch, opts.clone(), hasher, chunk));
    let sources = std::thread::scope(|scope| {
        let mut p = parse::Parser::new(source, &mut st, opts.clone());
        p.set_consumed_hook(consumed);
        if let Some(shared) = &shared {
            let scan = || shared.run_thread();
            // No thread (a system refusing one): the parser reads alone.
            if std::thread::Builder::new().name("prescan".into()).spawn_scoped(scope, scan).is_ok()
            {
                p.set_prescanned(parse::prescan::Prescanned::new(shared));
            }
        }
        let began = std::time::Instant::now();
        p.run();
        if std::env::var_os("LLVMEXT_ASM_DEBUG").is_some() {
            match p.prescan_took() {
                Some(t) => {
                    eprintln!("parse: {:?} (the pre-scanner's part: {t:?})", began.elapsed())
                }
                None => eprintln!("parse: {:?}", began.elapsed()),
            }
        }
        // The sources the diagnostics may point into, should there be any.
        let sources: Vec<(String, std::rc::Rc<[u8]>)> = std::mem::take(&mut p.files);
        sources
    });
    let error = |diagnostics: Vec<Diagnostic>| Error {
        diagnostics,
        files: sources.iter().map(|f| f.0.clone()).collect(),
        sources: sources.iter().map(|f| f.1.to_vec()).collect(),
    };
    if st.has_errors() {
        return Err(error(st.diagnostics().to_vec()));
    }
    st.finish().map_err(|e| error(e.diagnostics))
}

/// Whether a main source of `len` bytes is read ahead by a second thread
/// (see [`parse::prescan`]): from 1 MiB on, when the machine has a second
/// core. `LLVMEXT_ASM_PRESCAN=1` (or `0`) turns it on (off) whatever the
/// size; the object is the same either way.
fn prescan_wanted(len: usize) -> bool {
    match std::env::var("LLVMEXT_ASM_PRESCAN").as_deref() {
        Ok("1") => return true,
        Ok("0") => return false,
        _ => {}
    }
    len >= 1 << 20 && std::thread::available_parallelism().is_ok_and(|n| n.get() > 1)
}

/// A scratch directory for the unit tests' files: `tmp/<name>` in the
/// target directory the test binary was built in (cargo's
/// `CARGO_TARGET_TMPDIR`, which only integration tests are given). One
/// fixed place per test module, reused by every run, so the files of
/// earlier runs do not pile up in the system's temporary directory.
#[cfg(test)]
pub(crate) fn test_scratch_dir(name: &str) -> std::path::PathBuf {
    // The binary is `<target>/<profile>/deps/<crate>-<hash>`.
    let exe = std::env::current_exe().expect("the test binary's path");
    let target = exe.ancestors().nth(3).expect("a test binary under <target>/<profile>/deps");
    let dir = target.join("tmp").join(name);
    std::fs::create_dir_all(&dir).expect("create the tests' scratch directory");
    dir
}
