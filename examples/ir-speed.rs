//! `ir-speed FILE.ll [ROUNDS]`: how fast `llvmext-ir` parses a `.ll` file
//! into the model and prints it back, side by side with
//! `llvm-as-19 FILE -o /dev/null` (which parses, verifies and writes
//! bitcode) and `llvm-dis-19` of the same module — run alternately, so the
//! ratios come from one run on a shared machine. The best time of each is
//! kept (the least disturbed by other jobs).

use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

fn best(times: &[Duration]) -> f64 {
    times.iter().min().map_or(f64::NAN, |d| d.as_secs_f64())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: ir-speed FILE.ll [ROUNDS]");
        return ExitCode::from(2);
    };
    let rounds: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(3);
    let src = match std::fs::read(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ir-speed: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let bc = std::env::temp_dir().join(format!("ir-speed-{}.bc", std::process::id()));
    let ok =
        Command::new("llvm-as-19").arg(path).arg("-o").arg(&bc).status().is_ok_and(|s| s.success());
    if !ok {
        eprintln!("ir-speed: llvm-as-19 cannot assemble {path} (install llvm-19)");
        return ExitCode::FAILURE;
    }
    let (mut parse, mut print, mut verify, mut as19, mut dis19) =
        (vec![], vec![], vec![], vec![], vec![]);
    let mut out_len = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        let m = match llvmext::ir::parse::parse(&src, path) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        parse.push(t.elapsed());
        let t = Instant::now();
        let v = llvmext::ir::verify::verify(&m);
        verify.push(t.elapsed());
        if let Err(e) = v {
            eprintln!("ir-speed: {} verifier errors, first: {}", e.len(), e[0]);
        }
        let t = Instant::now();
        let text = llvmext::ir::write::print_with_id(&m, path);
        print.push(t.elapsed());
        out_len = text.len();
        drop(m);
        let t = Instant::now();
        let s = Command::new("llvm-as-19").arg(path).args(["-o", "/dev/null"]).status();
        as19.push(t.elapsed());
        assert!(s.is_ok_and(|s| s.success()));
        let t = Instant::now();
        let s = Command::new("llvm-dis-19")
            .arg(&bc)
            .args(["-o", "/dev/null"])
            .stdout(Stdio::null())
            .status();
        dis19.push(t.elapsed());
        assert!(s.is_ok_and(|s| s.success()));
    }
    let _ = std::fs::remove_file(&bc);
    let mb = src.len() as f64 / 1e6;
    let (p, w, v, a, d) = (best(&parse), best(&print), best(&verify), best(&as19), best(&dis19));
    println!("file: {path} ({mb:.1} MB), best of {rounds}");
    println!("parse            {p:8.3} s  {:7.1} MB/s", mb / p);
    println!("verify           {v:8.3} s");
    println!(
        "print            {w:8.3} s  {:7.1} MB/s ({:.1} MB out)",
        out_len as f64 / 1e6 / w,
        out_len as f64 / 1e6
    );
    println!("llvm-as-19       {a:8.3} s  {:7.1} MB/s  (parse is {:.1}x faster)", mb / a, a / p);
    println!(
        "llvm-dis-19      {d:8.3} s  {:7.1} MB/s  (print is {:.1}x faster)",
        out_len as f64 / 1e6 / d,
        d / w
    );
    ExitCode::SUCCESS
}
