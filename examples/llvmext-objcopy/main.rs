//! `llvmext-objcopy IN.o OUT.o`: reads an ELF or COFF relocatable object and
//! rebuilds it entirely through the llvmext-obj builders (mirrors
//! `llvm-objcopy` with no options).

mod coff;
mod elf;
#[path = "../common/os.rs"]
mod os;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: llvmext-objcopy IN.o OUT.o");
        return ExitCode::from(2);
    };
    let data = match std::fs::read(input) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("llvmext-objcopy: error: '{input}': {}", os::os_message(&e));
            return ExitCode::FAILURE;
        }
    };
    if let Err(r) = elf::validate(&data) {
        match r.names_file {
            true => eprintln!("llvmext-objcopy: error: '{input}': {}", r.message),
            false => eprintln!("llvmext-objcopy: error: {}", r.message),
        }
        return ExitCode::FAILURE;
    }
    let result = if data.starts_with(b"\x7fELF") { elf::copy(&data) } else { coff::copy(&data) };
    match result {
        Ok(bytes) => match std::fs::write(output, bytes) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("llvmext-objcopy: error: '{output}': {}", os::os_message(&e));
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprintln!("llvmext-objcopy: error: '{input}': {e}");
            ExitCode::FAILURE
        }
    }
}
