//! `llvmext-dis [options] [FILE.bc...]`: mirrors `llvm-dis` (LLVM 19) —
//! read bitcode with `llvmext_bitcode::read`, verify it, print it as `.ll`.
//!
//! Inputs and outputs, as `llvm-dis-19` chooses them:
//!
//! - `FILE` may be `-` (standard input, also the default when no file is
//!   given); several files may be given, each disassembled in turn (then
//!   `-o` is refused, as llvm-dis refuses it).
//! - Without `-o`, `FILE.bc` is written to `FILE.ll` next to it (a name not
//!   ending in `.bc` gets `.ll` appended: `x.o` -> `x.o.ll`), and standard
//!   input goes to standard output. `-o OUT` writes `OUT`; `-o -` writes to
//!   standard output.
//! - The `; ModuleID` line names the input as given on the command line
//!   (`'<stdin>'` for standard input), as llvm-dis names it.
//! - A file holding several modules (`llvm-cat -b`) is written one file per
//!   module, as llvm-dis does: `FILE.0.ll`, `FILE.1.ll`... without `-o`,
//!   `OUT.0`, `OUT.1`... with `-o OUT`; from standard input without `-o`,
//!   every module goes to standard output, one after the other. One
//!   departure: with `-o -`, llvm-dis-19 says "only single module bitcode
//!   files can be written to stdout" and then writes files named `-.0`,
//!   `-.1`...; this tool writes every module to standard output instead.
//!   All modules of all inputs are read into one naming context, as
//!   llvm-dis reads them into one LLVM context (a struct name already
//!   taken becomes `name.N`).
//!
//! Verification. `llvm-dis-19` has no verifier option, but its reader
//! verifies some modules anyway: materializing a module runs LLVM's
//! `UpgradeDebugInfo`, which, when the module's "Debug Info Version" flag
//! is current (every `-g` module), runs the whole verifier, strips debug
//! info that fails the debug-info checks (printing the faults and
//! `warning: ignoring invalid debug info in FILE`) and aborts on any other
//! fault ("Broken module found, compilation aborted!"); a module with debug
//! info of another version loses it with a warning. This tool does the
//! debug-info part the same way and then runs the rest of the verifier on
//! *every* module: a module that fails it is reported (the verifier's
//! messages, then `llvmext-dis: error: FILE: input module is broken!`) with
//! exit status 1 and nothing written for it. `--disable-verify` skips that
//! check (the debug-info upgrade, part of reading, still runs).
//!
//! A bitcode file holding no module (the magic and at most 8 more bytes,
//! say) gives no output and exit status 0, as with llvm-dis.
//!
//! Errors go to standard error with exit status 1, in llvm-dis's words
//! where it has them: `llvmext-dis: error: MESSAGE` for bitcode the reader
//! refuses (its message ends in `at bit N`), `error: FILE: No such file or
//! directory` for an input that cannot be read, the system's message alone
//! for an output file that cannot be written.
//!
//! ThinLTO summaries: after a module with a summary block (`-flto=thin`,
//! fat LTO objects, rustc's bitcode), its summary index is printed as
//! llvm-dis-19 prints it (`llvmext_bitcode::summary`: a blank line, then
//! `^0 = module: (path: "FILE", ...)` with the input as named on the
//! command line, `<stdin>` for standard input). A summary newer than LLVM
//! 19 reads (rustc's LLVM 22 writes version 12, LLVM 19 reads 1 to 10) is
//! not printed, with a warning; a malformed one is an error, as it is for
//! llvm-dis-19.
//!
//! Not mirrored: `--show-annotations`, `--materialize-metadata`,
//! `--preserve-ll-uselistorder`, `--print-thinlto-index-only` and
//! `--set-importing` are refused as unsupported; `-f` and `--color` are
//! accepted and have no effect (the output is text, without colours).

#[path = "common/os.rs"]
mod os;
#[path = "common/parts.rs"]
mod parts;

use parts::{append, panicked, replaceable, write_part};

use os::os_message;
use std::io::{Read, Write};
use std::process::ExitCode;

use llvmext::bitcode::container;
use llvmext::bitcode::read::{Context, ReadError, ReadOptions, Reader};
use llvmext::bitcode::summary::{self, ModuleSummary};
use llvmext::ir::debug_info::{upgrade_debug_info, DebugInfoWarning};
use llvmext::ir::verify::{verify_with, VerifyError, VerifyOptions};
use llvmext::ir::Module;

const PROG: &str = "llvmext-dis";

/// The input bytes: a read-only mapping of the file where the platform
/// allows (as LLVM's `MemoryBuffer` maps its inputs), else the bytes read.
enum Input {
    Mapped(memmap2::Mmap),
    Read(Vec<u8>),
}

impl Input {
    fn read(path: &str) -> std::io::Result<Input> {
        let mut v = Vec::new();
        if path == "-" {
            std::io::stdin().read_to_end(&mut v)?;
            return Ok(Input::Read(v));
        }
        let file = std::fs::File::open(path)?;
        let md = file.metadata()?;
        if md.is_file() && md.len() > 0 {
            // SAFETY: the mapping is read-only; as with any mapped input
            // (llvm-dis maps its inputs too), the file must not be truncated
            // or rewritten while the tool runs.
            // Populated at once: the reader reads every byte, and one
            // call faults the pages in faster than a fault per page.
            if let Ok(map) = unsafe { memmap2::MmapOptions::new().populate().map(&file) } {
                return Ok(Input::Mapped(map));
            }
        }
        (&file).read_to_end(&mut v)?;
        Ok(Input::Read(v))
    }

    fn bytes(&self) -> &[u8] {
        match self {
            Input::Mapped(map) => map,
            Input::Read(v) => v,
        }
    }
}

/// Why a module was not disassembled.
#[derive(Debug)]
pub enum Failure {
    /// The reader refused the bitcode.
    Read(ReadError),
    /// The file could not be split into its modules.
    Container(container::Error),
    /// The module's summary is malformed.
    Summary(summary::Error),
    /// The verifier found faults (none of them in debug info).
    Broken(Vec<VerifyError>),
    /// The output could not be written.
    Write(std::io::Error),
}

impl Failure {
    /// Writes the failure to `err` as the tool reports it; `name` is the
    /// input as given (`<stdin>` for standard input).
    pub fn report(&self, name: &str, err: &mut dyn Write) {
        let _ = match self {
            Failure::Read(e) => writeln!(err, "{PROG}: error: {e}"),
            Failure::Container(e) => writeln!(err, "{PROG}: error: {e}"),
            Failure::Summary(e) => writeln!(err, "{PROG}: error: {e}"),
            Failure::Broken(errors) => {
                for e in errors {
                    let _ = writeln!(err, "{e}");
                }
                writeln!(err, "{PROG}: error: {name}: input module is broken!")
            }
            // As llvm-dis: the system's message alone.
            Failure::Write(e) => writeln!(err, "{}", os_message(e)),
        };
    }
}

/// How many modules the bitcode file `bytes` holds (LLVM's
/// `getBitcodeFileContents`).
pub fn module_count(bytes: &[u8]) -> Result<usize, Failure> {
    container::parse(bytes).map(|f| f.modules.len()).map_err(Failure::Container)
}

/// Reads module `index` of the bitcode file `bytes` (`name`: the input as
/// given, `<stdin>` for standard input) and its summary, upgrades its debug
/// info as LLVM's reader does (warnings to `err`), and, if `verify`,
/// verifies it.
pub fn load(
    bytes: &[u8],
    index: usize,
    name: &str,
    verify: bool,
    context: &mut Context,
    err: &mut dyn Write,
) -> Result<(Module, Option<ModuleSummary>), Failure> {
    let mut m = read_module(bytes, index, name, context)?;
    let s = read_summary(bytes, index, name, err)?;
    check(&mut m, verify, err)?;
    Ok((m, s))
}

/// The summary of module `index` of `bytes`, if it has one: a summary
/// this reader does not read (newer than LLVM 19's) is left out with a
/// warning on `err`.
pub fn read_summary(
    bytes: &[u8],
    index: usize,
    name: &str,
    err: &mut dyn Write,
) -> Result<Option<ModuleSummary>, Failure> {
    match summary::read(bytes, index) {
        Ok(s) => Ok(s),
        Err(e) if matches!(e.kind, summary::ErrorKind::Unsupported(_)) => {
            let _ = writeln!(err, "{PROG}: warning: {name}: module summary not printed: {e}");
            Ok(None)
        }
        Err(e) => Err(Failure::Summary(e)),
    }
}

/// Reads module `index` of `bytes`, every function body with it.
fn read_module(
    bytes: &[u8],
    index: usize,
    name: &str,
    context: &mut Context,
) -> Result<Module, Failure> {
    let opts = ReadOptions { module: index };
    let mut r = Reader::with_context(bytes, &opts, context).map_err(Failure::Read)?;
    r.read_all_functions().map_err(Failure::Read)?;
    let mut m = r.into_module();
    m.module_id = Some(name.into());
    Ok(m)
}

/// What LLVM's reader does after reading (`UpgradeDebugInfo`: invalid or
/// stale debug info is dropped, with its faults and a warning on `err`),
/// then, if `verify`, the rest of the verifier.
fn check(m: &mut Module, verify: bool, err: &mut dyn Write) -> Result<(), Failure> {
    if let Some(w) = upgrade_debug_info(m) {
        if let DebugInfoWarning::InvalidDebugInfo { errors, .. } = &w {
            for e in errors {
                let _ = writeln!(err, "{e}");
            }
        }
        let _ = writeln!(err, "{PROG}: warning: {w}");
    }
    if verify {
        // The debug-info checks ran in the upgrade.
        verify_with(m, &VerifyOptions::default().debug_info(false)).map_err(Failure::Broken)?;
    }
    Ok(())
}

/// [`check`] and print `m` (and its summary `s`) into the file `path` at
/// once, on two threads: one numbers the module, prints the first
/// functions (and all before them) into a temporary file next to `path`,
/// runs the debug-info checks, then appends the other thread's text and
/// the summary; the other verifies (while the first numbers), then prints
/// the last functions and the metadata nodes into a file of their own
/// (see [`split_point`] for the shares). The text is renamed to
/// `path` only if the module passes; debug info that fails its checks
/// makes it all start again the serial way (drop it, then print), as
/// LLVM's reader drops it before anything is printed.
fn check_and_write(
    mut m: Module,
    summary: Option<&ModuleSummary>,
    name: &str,
    path: &str,
    verify: bool,
    err: &mut dyn Write,
) -> Result<Module, Failure> {
    use llvmext::ir::debug_info::{debug_metadata_version, DEBUG_METADATA_VERSION};
    if debug_metadata_version(&m) != DEBUG_METADATA_VERSION {
        // Stale or no debug info: dropped unchecked, as LLVM drops it.
        if let Some(w) = upgrade_debug_info(&mut m) {
            let _ = writeln!(err, "{PROG}: warning: {w}");
        }
    }
    let tmp = format!("{path}.llvmext-dis-{}.tmp", std::process::id());
    let tmp_md = format!("{tmp}.md");
    let checks = VerifyOptions::default().debug_info(false);
    let debug_info = debug_metadata_version(&m) == DEBUG_METADATA_VERSION;
    let at = split_point(&m, debug_info);
    let (faults, verified, written) = std::thread::scope(|s| {
        let (give_printer, printer) = std::sync::mpsc::channel();
        let (give_md, md_written) = std::sync::mpsc::channel();
        let (m, tmp, tmp_md) = (&m, &tmp, &tmp_md);
        let first = s.spawn(move || {
            let p = llvmext::ir::write::Printer::new(m, name);
            let _ = give_printer.send(p.clone());
            let head = write_part(tmp, |sink| p.print_head_to(at, sink));
            // While the other thread prints the rest.
            let faults = llvmext::ir::verify::verify_debug_info(m);
            let md = md_written.recv().unwrap_or_else(|_| Err(panicked()));
            let written = head
                .and(md)
                .and_then(|()| append(tmp, tmp_md))
                .and_then(|()| append_summary(tmp, summary, name));
            (faults, written)
        });
        // The verifier first: it needs no printer, which the first thread
        // is still numbering.
        let verified = if verify { verify_with(m, &checks) } else { Ok(()) };
        let md = match printer.recv() {
            Ok(p) => write_part(tmp_md, |sink| {
                p.print_head_from(at, sink);
                p.print_metadata(sink)
            }),
            Err(_) => Err(panicked()),
        };
        let _ = give_md.send(md);
        let (faults, written) = first.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        let _ = std::fs::remove_file(tmp_md);
        (faults, verified, written)
    });
    if !faults.is_empty() {
        let _ = std::fs::remove_file(&tmp);
        check(&mut m, verify, err)?;
        write_file(&m, summary, name, path).map_err(Failure::Write)?;
        return Ok(m);
    }
    if let Err(errors) = verified {
        let _ = std::fs::remove_file(&tmp);
        return Err(Failure::Broken(errors));
    }
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(Failure::Write(e));
    }
    Ok(m)
}

/// Where [`check_and_write`] splits the printing of the functions between
/// its two threads. In units of an instruction's printing, as measured on
/// SQLite with `-g`: the first thread numbers the module (0.3 per
/// instruction and metadata node), prints the functions before the split
/// and checks the debug info (0.25 per instruction and node, when there is
/// debug info); the second verifies (0.6 per instruction), prints the
/// other functions and the metadata nodes (0.45 each). Even shares (the
/// copy of the second part after the first comes after both): the first
/// thread's instructions are 0.65 of all of them and 0.075 of a node each,
/// less 0.125 of each instruction and node with debug info.
fn split_point(m: &Module, debug_info: bool) -> usize {
    let insts: usize = m.functions.iter().map(|f| f.insts.len()).sum();
    let nodes = m.md.len();
    let twice = 26 * insts + 3 * nodes;
    let di = if debug_info { 5 * (insts + nodes) } else { 0 };
    let want = twice.saturating_sub(di) / 40;
    let mut sum = 0;
    for (i, f) in m.functions.iter().enumerate() {
        if sum >= want {
            return i;
        }
        sum += f.insts.len();
    }
    m.functions.len()
}

/// Appends the summary `s` as llvm-dis prints it (`name`: the module's
/// path) to the file `to`.
fn append_summary(to: &str, s: Option<&ModuleSummary>, name: &str) -> std::io::Result<()> {
    let Some(s) = s else { return Ok(()) };
    let mut to = std::fs::OpenOptions::new().append(true).open(to)?;
    to.write_all(&s.print(name))
}

/// Prints `m` and its summary `s` to `w` as llvm-dis-19 prints them,
/// `name` on the `; ModuleID` line and as the summary's module path: the
/// numbered metadata nodes (half the text of a `-g` module) are printed on
/// a second thread while the rest streams out.
pub fn print(
    m: &Module,
    summary: Option<&ModuleSummary>,
    name: &str,
    w: &mut dyn Write,
) -> std::io::Result<()> {
    let p = llvmext::ir::write::Printer::new(m, name);
    std::thread::scope(|s| {
        let q = p.clone();
        let md = s.spawn(move || {
            let mut md = Vec::new();
            q.print_metadata(&mut |piece| md.extend_from_slice(piece));
            md
        });
        let mut failed = None;
        p.print_head(&mut |piece| {
            if failed.is_none() {
                failed = w.write_all(piece).err();
            }
        });
        let md = md.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        match failed {
            Some(e) => Err(e),
            None => w.write_all(&md).and_then(|()| match summary {
                Some(s) => w.write_all(&s.print(name)),
                None => Ok(()),
            }),
        }
    })
}

/// What the command line asks for.
struct Args {
    inputs: Vec<String>,
    output: Option<String>,
    verify: bool,
    print: bool,
}

const HELP: &str = "OVERVIEW: llvmext .bc -> .ll disassembler (mirrors llvm-dis)

USAGE: llvmext-dis [options] [input bitcode]...

OPTIONS:
  -o <filename>      Override output filename ('-': standard output)
  --disable-verify   Do not run the verifier on the modules read
  --disable-output   Don't output the .ll file
  -f                 Accepted for llvm-dis compatibility (no effect)
  --help             Display available options
  --version          Display the version of this program
";

/// Parses the command line; `Err` with the exit status once the message
/// (or the help) is written.
fn parse_args(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Result<Args, u8> {
    let mut a = Args { inputs: Vec::new(), output: None, verify: true, print: true };
    let mut it = args.iter();
    let mut positional_only = false;
    while let Some(arg) = it.next() {
        if positional_only || arg == "-" || !arg.starts_with('-') {
            a.inputs.push(arg.clone());
            continue;
        }
        if arg == "--" {
            positional_only = true;
            continue;
        }
        // LLVM's command line takes `-x` and `--x` alike, and `-x=v`.
        let flag = arg.strip_prefix("--").unwrap_or(&arg[1..]);
        let (flag, value) = match flag.split_once('=') {
            Some((f, v)) => (f, Some(v)),
            None => (flag, None),
        };
        match flag {
            "o" => match value.or_else(|| it.next().map(String::as_str)) {
                Some(v) => a.output = Some(v.to_string()),
                None => {
                    let _ = writeln!(err, "{PROG}: for the -o option: requires a value!");
                    return Err(1);
                }
            },
            "h" | "help" | "help-hidden" | "help-list" | "help-list-hidden" => {
                let _ = out.write_all(HELP.as_bytes());
                return Err(0);
            }
            "version" => {
                let _ = writeln!(
                    out,
                    "{PROG} (llvmext {})\n  mirrors llvm-dis of LLVM 19",
                    env!("CARGO_PKG_VERSION")
                );
                return Err(0);
            }
            "disable-verify" => a.verify = false,
            "disable-output" => a.print = false,
            "f" | "color" => {}
            "show-annotations"
            | "materialize-metadata"
            | "preserve-ll-uselistorder"
            | "print-thinlto-index-only"
            | "set-importing" => {
                let _ = writeln!(err, "{PROG}: error: option '{arg}' is not supported");
                return Err(1);
            }
            _ => {
                let _ = writeln!(
                    err,
                    "{PROG}: Unknown command line argument '{arg}'.  Try: '{PROG} --help'"
                );
                return Err(1);
            }
        }
    }
    Ok(a)
}

/// Where module `index` of `count` read from `input` goes: `None` for
/// standard output.
fn output_path(input: &str, output: Option<&str>, index: usize, count: usize) -> Option<String> {
    match output {
        Some("-") => None,
        Some(o) if count > 1 => Some(format!("{o}.{index}")),
        Some(o) => Some(o.to_string()),
        None if input == "-" => None,
        None => {
            let base = input.strip_suffix(".bc").unwrap_or(input);
            Some(if count > 1 { format!("{base}.{index}.ll") } else { format!("{base}.ll") })
        }
    }
}

/// Prints `m` and its summary `s` into the new file `path` (removed again
/// if writing fails, as LLVM's `ToolOutputFile` removes it).
fn write_file(
    m: &Module,
    s: Option<&ModuleSummary>,
    name: &str,
    path: &str,
) -> std::io::Result<()> {
    let file = std::fs::File::create(path)?;
    let mut w = std::io::BufWriter::with_capacity(1 << 16, file);
    let written = print(m, s, name, &mut w).and_then(|()| w.flush());
    if written.is_err() {
        drop(w);
        let _ = std::fs::remove_file(path);
    }
    written
}

/// Runs the tool with `args` (without the program name); returns the exit
/// status, writing standard output's text to `out` and messages to `err`.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut a = match parse_args(args, out, err) {
        Ok(a) => a,
        Err(status) => return status,
    };
    if a.inputs.is_empty() {
        a.inputs.push("-".into());
    } else if a.inputs.len() > 1 && a.output.is_some() {
        let _ = writeln!(err, "error: output file name cannot be set for multiple input files");
        return 1;
    }
    // llvm-dis reads every module of every input into one LLVM context.
    let mut context = Context::new();
    for input in &a.inputs {
        let name = if input == "-" { "<stdin>" } else { input.as_str() };
        let data = match Input::read(input) {
            Ok(d) => d,
            Err(e) => {
                let _ = writeln!(err, "error: {input}: {}", os_message(&e));
                return 1;
            }
        };
        let bytes = data.bytes();
        // The first module is read before the file is split, so that the
        // reader's own message reports a file it refuses.
        let mut first = match read_module(bytes, 0, name, &mut context) {
            Ok(m) => Some(m),
            // A bitcode file without a module (LLVM stops looking for
            // modules fewer than 9 bytes before the end): llvm-dis writes
            // nothing and succeeds.
            Err(_) if module_count(bytes).is_ok_and(|n| n == 0) => continue,
            Err(f) => {
                f.report(name, err);
                return 1;
            }
        };
        let count = match module_count(bytes) {
            Ok(n) => n.max(1), // (the reader read a module)
            Err(f) => {
                f.report(name, err);
                return 1;
            }
        };
        // The input is let go once its last module and summary are read
        // (the model owns everything it holds), so that its pages do not
        // stay resident while the module is checked and printed.
        let mut data = Some(data);
        for index in 0..count {
            let Some(bytes) = data.as_ref().map(Input::bytes) else { break };
            let mut m = match first.take() {
                Some(m) => m,
                None => match read_module(bytes, index, name, &mut context) {
                    Ok(m) => m,
                    Err(f) => {
                        f.report(name, err);
                        return 1;
                    }
                },
            };
            let s = match read_summary(bytes, index, name, err) {
                Ok(s) => s,
                Err(f) => {
                    f.report(name, err);
                    return 1;
                }
            };
            if index + 1 == count {
                data = None;
            }
            let s = s.as_ref();
            let path = output_path(input, a.output.as_deref(), index, count);
            if let (true, Some(path)) = (a.print, path.as_deref().filter(|p| replaceable(p))) {
                m = match check_and_write(m, s, name, path, a.verify, err) {
                    Ok(m) => m,
                    Err(f) => {
                        f.report(name, err);
                        return 1;
                    }
                };
            } else {
                if let Err(f) = check(&mut m, a.verify, err) {
                    f.report(name, err);
                    return 1;
                }
                if a.print {
                    match path {
                        None => {
                            if let Err(e) = print(&m, s, name, out).and_then(|()| out.flush()) {
                                let _ = writeln!(err, "{PROG}: error: {}", os_message(&e));
                                return 1;
                            }
                        }
                        Some(path) => {
                            if let Err(e) = write_file(&m, s, name, &path) {
                                // As llvm-dis: the system's message alone.
                                let _ = writeln!(err, "{}", os_message(&e));
                                return 1;
                            }
                        }
                    }
                }
            }
            if EXIT_WITHOUT_FREEING.load(std::sync::atomic::Ordering::Relaxed) {
                // The process ends soon: the system takes the memory back
                // at once, where freeing a large module's allocations one by
                // one takes a noticeable part of the run.
                std::mem::forget(m);
            }
        }
    }
    0
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
    ExitCode::from(run(&args, &mut stdout.lock(), &mut stderr.lock()))
}
