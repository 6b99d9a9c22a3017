//! `llvmext-bcanalyzer` — mirrors `llvm-bcanalyzer`: `[-dump] FILE` prints
//! byte for byte what `llvm-bcanalyzer-19 [-dump] FILE` prints.
//!
//! Options: `-dump`, `--dump-blockinfo`, `-non-symbolic`,
//! `-disable-histogram`, `-show-binary-blobs` (one or two leading dashes).
//! `-reencode=OUT` (ours): write FILE back through llvmext's bitstream
//! writer to OUT (byte-identical for files LLVM wrote) instead of analyzing.
//! On malformed input: what was printed so far, then
//! `llvmext-bcanalyzer: error: ... at bit N` on stderr and exit status 1.

#[path = "common/os.rs"]
mod os;

use std::io::Write;
use std::process::ExitCode;

use llvmext::bitcode::analyzer::{analyze, Options};

fn usage() -> ExitCode {
    eprintln!(
        "usage: llvmext-bcanalyzer [-dump] [--dump-blockinfo] [-non-symbolic] \
         [-disable-histogram] [-show-binary-blobs] FILE"
    );
    ExitCode::from(1)
}

fn main() -> ExitCode {
    let mut opts = Options::default();
    let mut file = None;
    let mut reencode_to = None;
    for arg in std::env::args().skip(1) {
        if let Some(out) = arg.trim_start_matches('-').strip_prefix("reencode=") {
            reencode_to = Some(out.to_string());
            continue;
        }
        match arg.trim_start_matches('-') {
            _ if !arg.starts_with('-') || arg == "-" => {
                if file.replace(arg).is_some() {
                    return usage();
                }
            }
            "dump" => opts.dump = true,
            "dump-blockinfo" => opts.dump_blockinfo = true,
            "non-symbolic" => opts.symbolic = false,
            "disable-histogram" => opts.histogram = false,
            "show-binary-blobs" => opts.show_binary_blobs = true,
            _ => return usage(),
        }
    }
    let file = file.unwrap_or_else(|| "-".to_string());
    let data = if file == "-" {
        let mut v = Vec::new();
        if let Err(e) = std::io::Read::read_to_end(&mut std::io::stdin(), &mut v) {
            eprintln!("llvmext-bcanalyzer: {}", os::os_message(&e));
            return ExitCode::from(1);
        }
        v
    } else {
        match std::fs::read(&file) {
            Ok(d) => d,
            Err(e) => {
                // As llvm-bcanalyzer: the system's message alone.
                eprintln!("llvmext-bcanalyzer: {}", os::os_message(&e));
                return ExitCode::from(1);
            }
        }
    };
    if let Some(out) = reencode_to {
        return match llvmext::bitcode::reencode::reencode(&data) {
            Ok(bytes) => match std::fs::write(&out, bytes) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("llvmext-bcanalyzer: error: {out}: {}", os::os_message(&e));
                    ExitCode::from(1)
                }
            },
            Err(e) => {
                eprintln!("llvmext-bcanalyzer: error: {e}");
                ExitCode::from(1)
            }
        };
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let name = if file == "-" { "<stdin>" } else { file.as_str() };
    let result = analyze(&data, name, &opts, &mut out);
    let _ = out.flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("llvmext-bcanalyzer: error: {e}");
            ExitCode::from(1)
        }
    }
}
