//! `llvmext-as FILE.ll -o OUT.bc`: mirrors `llvm-as` — parse the `.ll`,
//! verify it, write LLVM 19 bitcode (the bytes llvm-as-19 writes; the
//! IDENTIFICATION block names `LLVM19.1.7`, the dialect written).
//!
//! `FILE` may be `-` (standard input, the default). Without `-o` the
//! output is `FILE` with `.ll` replaced by `.bc` (standard output when
//! reading standard input); `-o -` writes to standard output, which must
//! not be a terminal unless `-f` is given. Errors go to standard error in
//! LLVM's layout (`llvmext-as: file:line:col: error: message`, the source
//! line and a caret) with exit status 1.

#[path = "common/cli.rs"]
mod cli;
#[path = "common/os.rs"]
mod os;

use os::os_message;
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

/// Runs the tool with `args` (without the program name); returns the exit
/// status, writing output to `out` (when `-o -`) and messages to `err`.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write, tty: bool) -> u8 {
    let prog = "llvmext-as";
    let help = format!(
        "OVERVIEW: llvmext .ll -> .bc assembler (llvm-as)\n\n\
         USAGE: {prog} [options] <input .ll file>\n\n\
         OPTIONS:\n\
         \x20 -o <filename>      Override output filename\n\
         \x20 -f                 Enable binary output on terminals\n\
         \x20 --disable-verify   Do not run verifier on input LLVM (dangerous!)\n\
         \x20 --help             Display available options\n"
    );
    let flags: &[&[&str]] = &[&["-f"], &["-disable-verify", "--disable-verify"]];
    let cli = match cli::parse(prog, args, flags, &help, out, err) {
        Ok(c) => c,
        Err(status) => return status,
    };
    let (input, output, verify, force) =
        (cli.input, cli.output, !cli.has("-disable-verify"), cli.has("-f"));
    let input = input.unwrap_or("-");
    // llvm-as: `-` in, `-` out; `x.ll` gives `x.bc`; another name gets
    // `.bc` appended.
    let output = match output {
        Some(o) => o.to_owned(),
        None if input == "-" => "-".to_owned(),
        None => match input.strip_suffix(".ll") {
            Some(stem) => format!("{stem}.bc"),
            None => format!("{input}.bc"),
        },
    };
    let name = if input == "-" { "<stdin>" } else { input };
    // The input mapped where the platform allows (no copy, as LLVM's
    // MemoryBuffer maps its inputs), else read.
    let read = || -> std::io::Result<Source> {
        if input == "-" {
            let mut v = Vec::new();
            std::io::stdin().read_to_end(&mut v)?;
            return Ok(Source::Read(v));
        }
        let file = std::fs::File::open(input)?;
        if file.metadata()?.is_file() {
            // SAFETY: a read-only mapping; as with any mapped input (llvm-as
            // maps its inputs too), the file must not be truncated or
            // rewritten while the tool runs.
            if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
                return Ok(Source::Mapped(map));
            }
        }
        let mut v = Vec::new();
        (&file).read_to_end(&mut v)?;
        Ok(Source::Read(v))
    };
    let src = match read() {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(
                err,
                "{prog}: {input}: error: Could not open input file: {}",
                os_message(&e)
            );
            return 1;
        }
    };
    // As llvm-as: debug info is checked (and dropped with a warning when
    // invalid) while parsing when verifying.
    let opts =
        llvmext::ir::parse::ParseOptions::default().upgrade_debug_info(verify).parallel(true);
    let module = match llvmext::ir::parse::parse_with(src.bytes(), name, &opts) {
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
            p.module
        }
        Err(e) => {
            let _ = writeln!(err, "{prog}: {e}");
            return 1;
        }
    };
    drop(src);
    let checks = llvmext::ir::verify::VerifyOptions::default().debug_info(false);
    let opts = llvmext::bitcode::write::WriteOptions::default().verify(verify.then_some(checks));
    let bytes = match llvmext::bitcode::write::write_with(&module, &opts) {
        Ok(b) => b,
        Err(llvmext::bitcode::write::WriteError::Invalid(errors)) => {
            for e in &errors {
                let _ = writeln!(err, "{e}");
            }
            let _ = writeln!(err, "{prog}: {name}: error: input module is broken!");
            return 1;
        }
        Err(e) => {
            let _ = writeln!(err, "{prog}: {name}: error: {e}");
            return 1;
        }
    };
    if output == "-" {
        if tty && !force {
            let _ = writeln!(
                err,
                "WARNING: You're attempting to print out a bitcode file.\n\
                 This is inadvisable as it may cause display problems. If\n\
                 you REALLY want to taste LLVM bitcode first-hand, you\n\
                 can force output with the `-f' option.\n"
            );
            // (llvm-as writes nothing and exits 0.)
            return 0;
        }
        if out.write_all(&bytes).and_then(|()| out.flush()).is_err() {
            return 1;
        }
    } else if let Err(e) = std::fs::write(&output, &bytes) {
        let _ = writeln!(err, "{prog}: {}", os_message(&e));
        return 1;
    }
    if EXIT_WITHOUT_FREEING.load(std::sync::atomic::Ordering::Relaxed) {
        // The process ends now: the system takes the memory back at once
        // (freeing the module's million allocations would take longer).
        std::mem::forget(module);
        std::mem::forget(bytes);
    }
    0
}

/// Set by `main`: `run` is the last thing the process does.
static EXIT_WITHOUT_FREEING: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// The input text.
enum Source {
    Mapped(memmap2::Mmap),
    Read(Vec<u8>),
}

impl Source {
    fn bytes(&self) -> &[u8] {
        match self {
            Source::Mapped(m) => m,
            Source::Read(v) => v,
        }
    }
}

#[allow(dead_code)]
fn main() -> ExitCode {
    EXIT_WITHOUT_FREEING.store(true, std::sync::atomic::Ordering::Relaxed);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let tty = stdout.is_terminal();
    ExitCode::from(run(&args, &mut stdout.lock(), &mut stderr.lock(), tty))
}
