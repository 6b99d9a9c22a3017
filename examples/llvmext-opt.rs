//! `llvmext-opt -S FILE.ll -o OUT.ll`: mirrors `opt -S` with no passes —
//! parse the `.ll`, verify it, print it as `llvm-dis`/`opt -S` would.
//! Without `-S` it writes LLVM 19 bitcode, as `opt` does: the bytes
//! `opt-19`/`llvm-as-19` write for the module (`llvmext_bitcode::write`).
//!
//! `FILE` may be `-` (standard input, the default); `-o -` (the default)
//! writes to standard output — for bitcode, as `opt`, only when standard
//! output is not a terminal or `-f` is given (otherwise a warning, no
//! output, exit status 0). Errors go to standard error in LLVM's layout
//! (`llvmext-opt: file:line:col: error: message`, the source line and a
//! caret) with exit status 1.

#[path = "common/cli.rs"]
mod cli;
#[path = "common/os.rs"]
mod os;
#[path = "common/parts.rs"]
mod parts;

use parts::{append, panicked, replaceable, write_part};

use os::os_message;
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

/// The input text: a read-only mapping of the file where the platform
/// allows (no copy, as LLVM's `MemoryBuffer` maps its inputs), else the
/// bytes read.
enum Input {
    Mapped { map: memmap2::Mmap, released: std::cell::Cell<usize> },
    Read(Vec<u8>),
}

impl Input {
    fn read(path: &str) -> std::io::Result<Input> {
        if path == "-" {
            let mut v = Vec::new();
            std::io::stdin().read_to_end(&mut v)?;
            return Ok(Input::Read(v));
        }
        let file = std::fs::File::open(path)?;
        if file.metadata()?.is_file() {
            // SAFETY: the mapping is read-only; as with any mapped input
            // (llvm-as maps its inputs too), the file must not be truncated
            // or rewritten while the tool runs.
            if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
                return Ok(Input::Mapped { map, released: std::cell::Cell::new(0) });
            }
        }
        let mut v = Vec::new();
        (&file).read_to_end(&mut v)?;
        Ok(Input::Read(v))
    }

    fn bytes(&self) -> &[u8] {
        match self {
            Input::Mapped { map, .. } => map,
            Input::Read(v) => v,
        }
    }

    /// The parser is past `at`: hand the whole pages before it back to the
    /// operating system (they are read again from the file if the parser
    /// looks back, to locate an error).
    fn done_before(&self, at: usize) {
        #[cfg(unix)]
        if let Input::Mapped { map, released } = self {
            const PAGE: usize = 4096;
            let (from, to) = (released.get(), at / PAGE * PAGE);
            if to > from {
                // SAFETY: a read-only, unmodified file mapping: dropped pages
                // are read back from the file with the same bytes.
                let _ = unsafe {
                    map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, from, to - from)
                };
                released.set(to);
            }
        }
        #[cfg(not(unix))]
        let _ = at;
    }
}

/// Runs the tool with `args` (without the program name); returns the exit
/// status, writing output to `out` (when `-o -`, which is not a terminal)
/// and messages to `err`.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    run_on(args, out, err, false)
}

/// The warning `opt` prints instead of writing bitcode to a terminal
/// (LLVM's `CheckBitcodeOutputToConsole`).
pub const BITCODE_TO_TERMINAL: &str = "WARNING: You're attempting to print out a bitcode file.\n\
    This is inadvisable as it may cause display problems. If\n\
    you REALLY want to taste LLVM bitcode first-hand, you\n\
    can force output with the `-f' option.\n\n";

/// [`run`], where `tty` says whether `out` is a terminal.
pub fn run_on(args: &[String], out: &mut dyn Write, err: &mut dyn Write, tty: bool) -> u8 {
    let prog = "llvmext-opt";
    let help = format!(
        "OVERVIEW: llvmext .ll -> .ll/.bc verifier and writer (opt with no passes)\n\n\
         USAGE: {prog} [options] <input file>\n\n\
         OPTIONS:\n\
         \x20 -S                 Write output as LLVM assembly (default: LLVM 19 bitcode)\n\
         \x20 -o <filename>      Override output filename (default '-': standard output)\n\
         \x20 -f                 Enable binary output on terminals\n\
         \x20 --disable-verify   Do not run the verifier on the input\n\
         \x20 --help             Display available options\n"
    );
    let flags: &[&[&str]] = &[&["-S"], &["-f"], &["-disable-verify", "--disable-verify"]];
    let cli = match cli::parse(prog, args, flags, &help, out, err) {
        Ok(c) => c,
        Err(status) => return status,
    };
    let (input, output) = (cli.input, cli.output.unwrap_or("-"));
    let (text, verify, force) = (cli.has("-S"), !cli.has("-disable-verify"), cli.has("-f"));
    let input = input.unwrap_or("-");
    let name = if input == "-" { "<stdin>" } else { input };
    let src = match Input::read(input) {
        Ok(s) => s,
        Err(e) => {
            let e = os_message(&e);
            let _ = writeln!(err, "{prog}: {input}: error: Could not open input file: {e}");
            return 1;
        }
    };
    // Verify and print at once when the output is a file: the text goes to
    // a temporary file beside the output, renamed over it only if the
    // module verifies (so a broken module leaves the output untouched, as
    // llvm-as leaves it).
    let at_once = text && verify && output != "-" && replaceable(output);
    // As llvm-as, which upgrades debug info only when it verifies. When
    // verifying and printing at once, the debug-info checks run beside the
    // printer instead, and a module they find fault with is read again the
    // usual way (so the faults and warnings are llvm-as's).
    let opts = llvmext::ir::parse::ParseOptions::default()
        .upgrade_debug_info(verify && !at_once)
        .parallel(true);
    let mut module = match read(&src, name, &opts, err) {
        Some(m) => m,
        None => return 1,
    };
    let checks = llvmext::ir::verify::VerifyOptions::default().debug_info(false);
    let broken = |errors: Vec<llvmext::ir::verify::VerifyError>, err: &mut dyn Write| {
        for e in &errors {
            let _ = writeln!(err, "{e}");
        }
        let _ = writeln!(err, "{prog}: {name}: error: input module is broken!");
        1
    };
    if at_once {
        use llvmext::ir::debug_info::{self, DEBUG_METADATA_VERSION};
        let stale = debug_info::debug_metadata_version(&module) != DEBUG_METADATA_VERSION;
        if stale {
            // Stripped unchecked, as LLVM strips it.
            if let Some(w) = debug_info::upgrade_debug_info(&mut module) {
                let _ = writeln!(err, "warning: {w}");
            }
        }
        let tmp = format!("{output}.llvmext-opt-{}.tmp", std::process::id());
        let tmp_md = format!("{tmp}.md");
        // Two threads, five jobs: one numbers the module, prints all but the
        // metadata nodes, then appends those; the other verifies, prints
        // the metadata nodes (into a file of their own) and runs the
        // debug-info checks.
        let (faults, verified, written) = std::thread::scope(|s| {
            let (give_printer, printer) = std::sync::mpsc::channel();
            let (give_md, md_written) = std::sync::mpsc::channel();
            let (m, tmp, tmp_md) = (&module, &tmp, &tmp_md);
            let first = s.spawn(move || {
                let p = llvmext::ir::write::Printer::new(m, name);
                let _ = give_printer.send(p.clone());
                let head = write_part(tmp, |sink| p.print_head(sink));
                let md = md_written.recv().unwrap_or_else(|_| Err(panicked()));
                head.and(md).and_then(|()| append(tmp, tmp_md))
            });
            let verified = llvmext::ir::verify::verify_with(&module, &checks);
            let md = match printer.recv() {
                Ok(p) => write_part(tmp_md, |sink| p.print_metadata(sink)),
                Err(_) => Err(panicked()),
            };
            let _ = give_md.send(md);
            let faults =
                if stale { Vec::new() } else { llvmext::ir::verify::verify_debug_info(&module) };
            let written = first.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
            let _ = std::fs::remove_file(tmp_md);
            (faults, verified, written)
        });
        if !faults.is_empty() {
            // Invalid debug info: read the module again as llvm-as does.
            let _ = std::fs::remove_file(&tmp);
            let opts = llvmext::ir::parse::ParseOptions::default().parallel(true);
            module = match read(&src, name, &opts, err) {
                Some(m) => m,
                None => return 1,
            };
            drop(src);
            let sink = Sink { path: output, text: true, out, tty: false };
            return emit(&module, name, sink, Some(&checks), err, &broken);
        }
        drop(src);
        if let Err(errors) = verified {
            let _ = std::fs::remove_file(&tmp);
            return broken(errors, err);
        }
        if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, output)) {
            let _ = std::fs::remove_file(&tmp);
            // As opt: the system's message alone.
            let _ = writeln!(err, "{}", os_message(&e));
            return 1;
        }
        if EXIT_WITHOUT_FREEING.load(std::sync::atomic::Ordering::Relaxed) {
            // The process ends now: the system takes the memory back at
            // once, where freeing the module's million allocations takes a
            // twentieth of the run (clang's -disable-free does the same).
            std::mem::forget(module);
        }
        return 0;
    }
    // The text is not needed any more.
    drop(src);
    // The debug-info checks ran when the module was read (and dropped
    // invalid debug info, as llvm-as does): the verifier skips them.
    let sink = Sink { path: output, text, out, tty: tty && !force };
    emit(&module, name, sink, verify.then_some(&checks), err, &broken)
}

/// Where and how [`emit`] writes the module.
struct Sink<'a> {
    /// The output file (`-`: [`out`](Self::out)).
    path: &'a str,
    /// Text (`-S`), else bitcode.
    text: bool,
    /// Standard output.
    out: &'a mut dyn Write,
    /// Standard output is a terminal and `-f` was not given: no bitcode
    /// goes there.
    tty: bool,
}

/// Reads the module, printing the parser's warnings (and the debug-info
/// faults behind them) or its error; `None` after an error.
fn read(
    src: &Input,
    name: &str,
    opts: &llvmext::ir::parse::ParseOptions,
    err: &mut dyn Write,
) -> Option<llvmext::ir::Module> {
    let parsed = llvmext::ir::parse::parse_with_progress(src.bytes(), name, opts, &mut |at| {
        src.done_before(at)
    });
    match parsed {
        Ok(p) => {
            for w in &p.warnings {
                if let llvmext::ir::debug_info::DebugInfoWarning::InvalidDebugInfo {
                    errors, ..
                } = w
                {
                    for e in errors {
                        let _ = writeln!(err, "{e}");
                    }
                }
                let _ = writeln!(err, "warning: {w}");
            }
            Some(p.module)
        }
        Err(e) => {
            let _ = writeln!(err, "llvmext-opt: {e}");
            None
        }
    }
}

/// Verifies `module` with `checks` (unless `None`), then prints it or
/// writes its bitcode to `sink`, one after the other.
fn emit(
    module: &llvmext::ir::Module,
    name: &str,
    sink: Sink<'_>,
    checks: Option<&llvmext::ir::verify::VerifyOptions>,
    err: &mut dyn Write,
    broken: &dyn Fn(Vec<llvmext::ir::verify::VerifyError>, &mut dyn Write) -> u8,
) -> u8 {
    if let Some(checks) = checks {
        if let Err(errors) = llvmext::ir::verify::verify_with(module, checks) {
            return broken(errors, err);
        }
    }
    let Sink { path: output, text, out, tty } = sink;
    if !text {
        return emit_bitcode(module, name, output, out, tty, err);
    }
    // Streamed: the printed text is never held whole.
    if output == "-" {
        if llvmext::ir::write::write_to(module, name, out).and_then(|_| out.flush()).is_err() {
            return 1;
        }
    } else if let Err(e) = write_file(module, name, output) {
        // As opt: the system's message alone.
        let _ = writeln!(err, "{}", os_message(&e));
        return 1;
    }
    0
}

/// Writes `module` (verified already) as LLVM 19 bitcode to `output` (`-`:
/// `out`, unless it is a terminal: then, as `opt`, a warning and no
/// output, exit status 0).
fn emit_bitcode(
    module: &llvmext::ir::Module,
    name: &str,
    output: &str,
    out: &mut dyn Write,
    tty: bool,
    err: &mut dyn Write,
) -> u8 {
    if output == "-" && tty {
        let _ = write!(err, "{BITCODE_TO_TERMINAL}");
        return 0;
    }
    let opts = llvmext::bitcode::write::WriteOptions::default().verify(None);
    let bytes = match llvmext::bitcode::write::write_with(module, &opts) {
        Ok(b) => b,
        Err(e) => {
            let _ = writeln!(err, "llvmext-opt: {name}: error: {e}");
            return 1;
        }
    };
    if output == "-" {
        if out.write_all(&bytes).and_then(|()| out.flush()).is_err() {
            return 1;
        }
    } else if let Err(e) = std::fs::write(output, &bytes) {
        // As opt: the system's message alone.
        let _ = writeln!(err, "{}", os_message(&e));
        return 1;
    }
    0
}

/// Prints `module` into the file `path`.
fn write_file(module: &llvmext::ir::Module, name: &str, path: &str) -> std::io::Result<()> {
    let mut w = std::io::BufWriter::new(std::fs::File::create(path)?);
    llvmext::ir::write::write_to(module, name, &mut w)?;
    w.flush()
}

/// Set by `main`: `run` is the last thing the process does, so a module
/// it is done with need not be freed.
static EXIT_WITHOUT_FREEING: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

#[allow(dead_code)]
fn main() -> ExitCode {
    EXIT_WITHOUT_FREEING.store(true, std::sync::atomic::Ordering::Relaxed);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let tty = stdout.is_terminal();
    ExitCode::from(run_on(&args, &mut stdout.lock(), &mut stderr.lock(), tty))
}
