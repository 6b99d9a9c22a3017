//! `llvmext-mc -triple=T -filetype=obj FILE.s -o OUT.o`: mirrors `llvm-mc`
//! assembling GAS-syntax x86-64 or i386 assembly into an ELF relocatable
//! object (the bytes `llvm-mc-19 -filetype=obj` writes).
//!
//! Options as llvm-mc spells them: `-triple=T`, `--triple=T`, `-triple T`
//! (also `-mtriple`), `-filetype=obj` (the only output type so far),
//! `-o FILE` (`-o -`, the default, is standard output), `-dwarf-version=N`
//! (the DWARF version of line tables made from `.loc`, default 4 as in
//! llvm-mc-19; `.file 0` makes it 5),
//! `-I DIR` (where `.include` looks). `FILE` may be `-` (standard input,
//! the default). Errors go to standard error as llvm-mc prints them
//! (`file:line:col: error: message`, the source line and a caret), with
//! exit status 1.

use std::io::{Read, Write};
use std::process::ExitCode;

fn option_value<'a>(
    a: &'a str,
    names: &[&str],
    it: &mut std::slice::Iter<'a, String>,
) -> Option<Result<&'a str, String>> {
    for n in names {
        if let Some(rest) = a.strip_prefix(n) {
            if let Some(v) = rest.strip_prefix('=') {
                return Some(Ok(v));
            }
            if rest.is_empty() {
                return Some(match it.next() {
                    Some(v) => Ok(v.as_str()),
                    None => Err(format!("for the {n} option: requires a value!")),
                });
            }
        }
    }
    None
}

/// Runs the tool with `args` (without the program name), writing the
/// object to `out` when it goes to standard output and messages to `err`;
/// returns the exit status.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let prog = "llvmext-mc";
    let mut triple: Option<String> = None;
    let mut output = "-".to_string();
    let mut input: Option<String> = None;
    let mut opts = llvmext::asm::Options::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let a = a.as_str();
        let dashes = if a.starts_with("--") { &a[1..] } else { a };
        if let Some(v) = option_value(dashes, &["-triple", "-mtriple"], &mut it) {
            match v {
                Ok(v) => triple = Some(v.to_string()),
                Err(m) => {
                    let _ = writeln!(err, "{prog}: {m}");
                    return 1;
                }
            }
            continue;
        }
        if let Some(v) = option_value(dashes, &["-filetype"], &mut it) {
            match v {
                Ok("obj") => {}
                Ok(v @ ("asm" | "null")) => {
                    // llvm-mc's other outputs: printing assembly back is
                    // not implemented yet.
                    let _ = writeln!(
                        err,
                        "{prog}: -filetype={v} is not supported yet: only -filetype=obj"
                    );
                    return 1;
                }
                Ok(other) => {
                    let _ = writeln!(
                        err,
                        "{prog}: for the --filetype option: Cannot find option named '{other}'!"
                    );
                    return 1;
                }
                Err(m) => {
                    let _ = writeln!(err, "{prog}: {m}");
                    return 1;
                }
            }
            continue;
        }
        if let Some(v) = option_value(dashes, &["-dwarf-version"], &mut it) {
            match v.map(|s| s.parse::<u16>()) {
                Ok(Ok(n)) if (2..=5).contains(&n) => opts.dwarf_version = n,
                Ok(Ok(n)) => {
                    let _ = writeln!(err, "{prog}: error: invalid dwarf version: {n}");
                    return 1;
                }
                Ok(Err(_)) => {
                    let _ = writeln!(err, "{prog}: for the --dwarf-version option: '{}' value invalid for integer argument!", a.split('=').nth(1).unwrap_or(""));
                    return 1;
                }
                Err(m) => {
                    let _ = writeln!(err, "{prog}: {m}");
                    return 1;
                }
            }
            continue;
        }
        if let Some(v) = option_value(dashes, &["-o"], &mut it) {
            match v {
                Ok(v) => output = v.to_string(),
                Err(m) => {
                    let _ = writeln!(err, "{prog}: {m}");
                    return 1;
                }
            }
            continue;
        }
        if let Some(v) = option_value(dashes, &["-I"], &mut it) {
            match v {
                Ok(v) => opts.include_dirs.push(v.into()),
                Err(m) => {
                    let _ = writeln!(err, "{prog}: {m}");
                    return 1;
                }
            }
            continue;
        }
        if let Some(dir) = a.strip_prefix("-I") {
            opts.include_dirs.push(dir.into());
            continue;
        }
        match a {
            "-h" | "-help" | "--help" => {
                let _ = write!(
                    out,
                    "OVERVIEW: llvmext machine code assembler (llvm-mc)\n\n\
                     USAGE: {prog} [options] <input file>\n\n\
                     OPTIONS:\n\
                     \x20 -triple=<string>        Target triple to assemble for (x86_64-*, i386-*, i686-*)\n\
                     \x20 -filetype=obj           Write a relocatable ELF object\n\
                     \x20 -o <filename>           Output filename ('-': standard output)\n\
                     \x20 -dwarf-version=<int>    DWARF version of .loc line tables (default 4)\n\
                     \x20 -I <directory>          Directory of .include files\n"
                );
                return 0;
            }
            "-" => input = Some("-".into()),
            s if s.starts_with('-') => {
                let _ = writeln!(
                    err,
                    "{prog}: Unknown command line argument '{s}'.  Try: '{prog} --help'"
                );
                return 1;
            }
            s => {
                if input.is_some() {
                    let _ = writeln!(err, "{prog}: Too many positional arguments specified!");
                    return 1;
                }
                input = Some(s.into());
            }
        }
    }
    let input = input.unwrap_or_else(|| "-".into());
    let triple = triple.unwrap_or_else(|| "x86_64-unknown-linux-gnu".into());
    // A file is mapped, not read (no copy), and the pages the parser has
    // passed are given back as it goes: the input never has to be
    // resident all at once.
    let src = if input == "-" {
        let mut v = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut v) {
            let _ = writeln!(err, "{prog}: <stdin>: {e}");
            return 1;
        }
        Source::Read(v)
    } else {
        match open(&input) {
            Ok(s) => s,
            Err(e) => {
                let _ = writeln!(err, "{prog}: {input}: {}", e.kind().to_string().to_lowercase());
                return 1;
            }
        }
    };
    let text: &[u8] = match &src {
        Source::Mapped(m) => m,
        Source::Read(v) => v,
    };
    opts.file_name = if input == "-" { "<stdin>".into() } else { input.clone() };
    let mut released = 0usize;
    let mut release = |upto: usize| {
        if let Source::Mapped(m) = &src {
            // Whole pages only, from the last release point.
            let page = 4096;
            let end = upto / page * page;
            if end > released {
                // SAFETY: the mapping is read-only and private; dropping
                // its pages only makes a later read fault them in again
                // from the file.
                let _ = unsafe {
                    m.unchecked_advise_range(
                        memmap2::UncheckedAdvice::DontNeed,
                        released,
                        end - released,
                    )
                };
                released = end;
            }
        }
    };
    match llvmext::asm::assemble_streaming(&triple, text, &opts, &mut release) {
        Ok(obj) => {
            let r = if output == "-" {
                out.write_all(&obj).and_then(|()| out.flush())
            } else {
                std::fs::write(&output, &obj)
            };
            if let Err(e) = r {
                let _ = writeln!(err, "{prog}: {output}: {e}");
                return 1;
            }
            0
        }
        Err(e) => {
            let _ = write!(err, "{}", e.render(text));
            1
        }
    }
}

/// The input: mapped when it is a regular file, else read.
enum Source {
    Mapped(memmap2::Mmap),
    Read(Vec<u8>),
}

fn open(path: &str) -> std::io::Result<Source> {
    let file = std::fs::File::open(path)?;
    if file.metadata()?.is_file() {
        // SAFETY: a read-only mapping; as with any mapped input (llvm-mc
        // maps its inputs too), the file must not be truncated or
        // rewritten while the tool runs.
        if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
            return Ok(Source::Mapped(map));
        }
    }
    let mut v = Vec::new();
    (&file).read_to_end(&mut v)?;
    Ok(Source::Read(v))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = std::io::stdout();
    // Standard error is not held locked: the assembler's reading thread
    // must be able to report a panic rather than wait for it forever.
    let mut stderr = std::io::stderr();
    let status = run(&args, &mut stdout.lock(), &mut stderr);
    ExitCode::from(status)
}
