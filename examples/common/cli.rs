//! The command line the `llvm-as`/`opt`-like examples share: one
//! positional input (`-` for standard input), `-o FILE` (also `-oFILE`,
//! `-o=FILE`, `--o=FILE`), boolean flags, and LLVM's messages for what
//! does not parse.

use std::io::Write;

/// What was given.
pub struct Cli<'a> {
    /// The input (`None`: not given).
    pub input: Option<&'a str>,
    /// `-o`'s value (`None`: not given).
    pub output: Option<&'a str>,
    /// The flags given, as spelled in `flags` (the first spelling of each).
    pub flags: Vec<&'static str>,
}

impl Cli<'_> {
    /// Whether `flag` (its first spelling) was given.
    pub fn has(&self, flag: &str) -> bool {
        self.flags.contains(&flag)
    }
}

/// Parses `args` for the tool `prog`: `flags` lists the boolean flags,
/// each with its other spellings. `Err(status)` after printing LLVM's
/// message to `err` (`help` printed to `out` for `-h`/`-help`/`--help`,
/// status 0).
pub fn parse<'a>(
    prog: &str,
    args: &'a [String],
    flags: &[&[&'static str]],
    help: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Cli<'a>, u8> {
    let mut cli = Cli { input: None, output: None, flags: Vec::new() };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let a = a.as_str();
        if let Some(spellings) = flags.iter().find(|f| f.contains(&a)) {
            cli.flags.push(spellings[0]);
            continue;
        }
        match a {
            "-h" | "-help" | "--help" => {
                let _ = write!(out, "{help}");
                return Err(0);
            }
            "-o" => match it.next() {
                Some(o) => cli.output = Some(o),
                None => {
                    let _ = writeln!(err, "{prog}: Not enough positional command line arguments specified!\n{prog}: for the -o option: requires a value!");
                    return Err(1);
                }
            },
            s if s.starts_with("--o=") || s.starts_with("-o=") => {
                cli.output = Some(&s[s.find('=').unwrap_or(0) + 1..])
            }
            s if s.starts_with("-o") && s.len() > 2 => cli.output = Some(&s[2..]),
            "-" => cli.input = Some("-"),
            s if s.starts_with('-') => {
                let _ = writeln!(
                    err,
                    "{prog}: Unknown command line argument '{s}'.  Try: '{prog} --help'"
                );
                return Err(1);
            }
            s => {
                if cli.input.is_some() {
                    let _ = writeln!(err, "{prog}: Too many positional arguments specified!");
                    return Err(1);
                }
                cli.input = Some(s)
            }
        }
    }
    Ok(cli)
}
