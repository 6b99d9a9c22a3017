//! Diagnostics: errors with the place in the source they are about,
//! printed as llvm-mc prints them.

use core::fmt;

/// A place in a source file: 1-based line and column (0: unknown), and the
/// file (an index into the assembler's list of source files: the main file
/// is 0, `.include`d files follow).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Loc {
    /// The source file.
    pub file: u32,
    /// The line, from 1 (0: no place).
    pub line: u32,
    /// The column, from 1.
    pub col: u32,
}

impl Loc {
    /// No place (errors about the whole output).
    pub const NONE: Loc = Loc { file: 0, line: 0, col: 0 };
}

/// The severity of a diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// An error: no object is written.
    Error,
    /// A warning.
    Warning,
    /// A note attached to the previous diagnostic.
    Note,
}

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub severity: Severity,
    /// Where.
    pub loc: Loc,
    /// What, as LLVM words it.
    pub message: String,
    /// How many columns from `loc` the source line's marker covers
    /// (`^~~~` under a mnemonic, an operand, a register: llvm-mc's
    /// ranges); 0 or 1 for the caret alone.
    pub width: u32,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        if self.loc.line == 0 {
            write!(f, "{s}: {}", self.message)
        } else {
            write!(f, "{}:{}: {s}: {}", self.loc.line, self.loc.col, self.message)
        }
    }
}

/// The error of an assembly: every diagnostic (at least one error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The diagnostics in the order they were found.
    pub diagnostics: Vec<Diagnostic>,
    /// The names of the source files [`Loc::file`] indexes: the main
    /// file first, then included files and macro expansions
    /// (`<instantiation>`, as llvm-mc names them).
    pub files: Vec<String>,
    /// The text of each source but the main one (which the caller has),
    /// for printing the lines diagnostics point at; empty where it was
    /// not kept (an expansion with no diagnostic in it).
    pub sources: Vec<Vec<u8>>,
}

impl Error {
    /// The first error.
    pub fn first(&self) -> Option<&Diagnostic> {
        self.diagnostics.iter().find(|d| d.severity == Severity::Error)
    }

    /// Every diagnostic as llvm-mc prints it (see [`render`]), the main
    /// file's text being `main`.
    pub fn render(&self, main: &[u8]) -> String {
        let files: Vec<(String, &[u8])> = self
            .files
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let text = if i == 0 { main } else { self.sources.get(i).map_or(&[][..], |s| s) };
                (n.clone(), text)
            })
            .collect();
        render(&self.diagnostics, &files)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.first() {
            // No place in the source: llvm-mc's `<unknown>:0:`.
            Some(d) if d.loc.line == 0 => write!(f, "<unknown>:0: {d}"),
            Some(d) => {
                let file = self.files.get(d.loc.file as usize).map_or("<input>", |s| s.as_str());
                write!(f, "{file}:{d}")
            }
            None => write!(f, "assembly failed"),
        }
    }
}

impl std::error::Error for Error {}

/// Renders diagnostics as llvm-mc prints them: `file:line:col: error: msg`,
/// the source line and a caret under the column.
pub fn render(diags: &[Diagnostic], files: &[(String, &[u8])]) -> String {
    let mut out = String::new();
    // Line starts of each file, computed once when a diagnostic needs one.
    let mut starts: Vec<Option<Vec<usize>>> = vec![None; files.len()];
    for d in diags {
        let fi = d.loc.file as usize;
        let (name, text) = files.get(fi).map_or(("<input>", &[][..]), |(n, t)| (n.as_str(), *t));
        let s = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        if d.loc.line == 0 {
            // No place in the source: llvm-mc's `<unknown>:0:`.
            out.push_str(&format!("<unknown>:0: {s}: {}\n", d.message));
            continue;
        }
        out.push_str(&format!("{name}:{}:{}: {s}: {}\n", d.loc.line, d.loc.col, d.message));
        let line = match starts.get_mut(fi) {
            Some(slot) => {
                let st = slot.get_or_insert_with(|| {
                    core::iter::once(0)
                        .chain(
                            text.iter()
                                .enumerate()
                                .filter(|(_, &b)| b == b'\n')
                                .map(|(i, _)| i + 1),
                        )
                        .collect()
                });
                source_line(text, st, d.loc.line)
            }
            None => None,
        };
        if let Some(line) = line {
            // As LLVM's SourceMgr prints it: tabs expanded to stops of 8,
            // the caret under the expanded column.
            let line = String::from_utf8_lossy(line);
            let mut text = String::new();
            let mut caret_at = None;
            let end_col = d.loc.col as usize + (d.width.max(1) as usize - 1);
            let mut end_at = None;
            for (i, c) in line.chars().enumerate() {
                if i + 1 == d.loc.col as usize {
                    caret_at = Some(text.chars().count());
                }
                if i + 1 == end_col {
                    end_at = Some(text.chars().count());
                }
                if c == '\t' {
                    let n = 8 - text.chars().count() % 8;
                    text.extend(std::iter::repeat_n(' ', n));
                } else {
                    text.push(c);
                }
            }
            let caret_at = caret_at.unwrap_or_else(|| {
                text.chars().count() + (d.loc.col as usize).saturating_sub(line.chars().count() + 1)
            });
            out.push_str(&text);
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', caret_at));
            out.push('^');
            let tildes = end_at.map_or(0, |e| e.saturating_sub(caret_at));
            out.extend(std::iter::repeat_n('~', tildes));
            out.push('\n');
        }
    }
    out
}

fn source_line<'t>(text: &'t [u8], starts: &[usize], line: u32) -> Option<&'t [u8]> {
    let start = *starts.get(line.checked_sub(1)? as usize)?;
    let rest = text.get(start..)?;
    let l = &rest[..rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len())];
    Some(l.strip_suffix(b"\r").unwrap_or(l))
}
