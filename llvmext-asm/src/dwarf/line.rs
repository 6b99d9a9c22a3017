//! Line tables: `.file` / `.loc` directives → `.debug_line` (DWARF 2–5) and
//! `.debug_line_str` (DWARF 5), as LLVM 19's `MCDwarfLineTable`,
//! `MCDwarfLineTableHeader`, `MCDwarfLineAddr` and `MCDwarfLineEntry` do for
//! the one compile unit assembler input has.

use super::{DwarfError, DwarfSection, DwarfSink, ErrorOperand};

/// `DWARF2_FLAG_IS_STMT`.
pub const FLAG_IS_STMT: u8 = 1;
/// `DWARF2_FLAG_BASIC_BLOCK`.
pub const FLAG_BASIC_BLOCK: u8 = 2;
/// `DWARF2_FLAG_PROLOGUE_END`.
pub const FLAG_PROLOGUE_END: u8 = 4;
/// `DWARF2_FLAG_EPILOGUE_BEGIN`.
pub const FLAG_EPILOGUE_BEGIN: u8 = 8;

const DW_LNS_COPY: u8 = 1;
const DW_LNS_ADVANCE_PC: u8 = 2;
const DW_LNS_ADVANCE_LINE: u8 = 3;
const DW_LNS_SET_FILE: u8 = 4;
const DW_LNS_SET_COLUMN: u8 = 5;
const DW_LNS_NEGATE_STMT: u8 = 6;
const DW_LNS_SET_BASIC_BLOCK: u8 = 7;
const DW_LNS_CONST_ADD_PC: u8 = 8;
const DW_LNS_SET_PROLOGUE_END: u8 = 10;
const DW_LNS_SET_EPILOGUE_BEGIN: u8 = 11;
const DW_LNS_SET_ISA: u8 = 12;
const DW_LNE_END_SEQUENCE: u8 = 1;
const DW_LNE_SET_ADDRESS: u8 = 2;
const DW_LNE_SET_DISCRIMINATOR: u8 = 4;
const DW_LNCT_PATH: u64 = 1;
const DW_LNCT_DIRECTORY_INDEX: u64 = 2;
const DW_LNCT_MD5: u64 = 5;
const DW_LNCT_LLVM_SOURCE: u64 = 0x2001;
const DW_FORM_UDATA: u64 = 0x0f;
const DW_FORM_DATA16: u64 = 0x1e;
const DW_FORM_LINE_STRP: u64 = 0x1f;

/// The standard opcode lengths LLVM writes (for opcodes 1..=12).
const STANDARD_OPCODE_LENGTHS: [u8; 12] = [0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1];

/// The line program's parameters (LLVM's `MCDwarfLineTableParams`; LLVM 19
/// uses the defaults for every DWARF version).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineParams {
    /// `opcode_base` (13). Values above 13 are treated as 13 by the header
    /// writer (LLVM asserts).
    pub opcode_base: u8,
    /// `line_base` (-5).
    pub line_base: i8,
    /// `line_range` (14). Zero is treated as 1.
    pub line_range: u8,
}

impl Default for LineParams {
    fn default() -> Self {
        LineParams { opcode_base: 13, line_base: -5, line_range: 14 }
    }
}

impl LineParams {
    fn range(&self) -> u64 {
        u64::from(self.line_range.max(1))
    }
    fn base(&self) -> u8 {
        self.opcode_base.clamp(1, 13)
    }
}

/// `MCDwarfLineAddr::encode`: the line-program bytes that advance the line
/// by `line_delta` and the address by `addr_delta` bytes and append a row,
/// appended to `out`. `line_delta == i64::MAX` means end of sequence
/// (`DW_LNE_end_sequence` after the address advance). `addr_delta` is
/// divided by `min_inst_alignment` first.
pub fn encode_line_advance(
    params: &LineParams,
    min_inst_alignment: u64,
    line_delta: i64,
    addr_delta: u64,
    out: &mut Vec<u8>,
) {
    let range = params.range();
    let opbase = u64::from(params.base());
    let line_base = i64::from(params.line_base);
    let max_special_addr_delta = (255 - opbase) / range;
    let addr_delta =
        if min_inst_alignment > 1 { addr_delta / min_inst_alignment } else { addr_delta };

    if line_delta == i64::MAX {
        if addr_delta == max_special_addr_delta {
            out.push(DW_LNS_CONST_ADD_PC);
        } else if addr_delta != 0 {
            out.push(DW_LNS_ADVANCE_PC);
            llvmext_core::leb128::write_uleb128(out, addr_delta);
        }
        out.extend_from_slice(&[0, 1, DW_LNE_END_SEQUENCE]);
        return;
    }

    let mut line_delta = line_delta;
    let mut temp = line_delta.wrapping_sub(line_base) as u64;
    let mut need_copy = false;
    if temp >= range || temp.wrapping_add(opbase) > 255 {
        out.push(DW_LNS_ADVANCE_LINE);
        llvmext_core::leb128::write_sleb128(out, line_delta);
        line_delta = 0;
        temp = line_base.wrapping_neg() as u64;
        need_copy = true;
    }
    if line_delta == 0 && addr_delta == 0 {
        out.push(DW_LNS_COPY);
        return;
    }
    temp = temp.wrapping_add(opbase);
    if addr_delta < 256 + max_special_addr_delta {
        let op = temp.wrapping_add(addr_delta.wrapping_mul(range));
        if op <= 255 {
            out.push(op as u8);
            return;
        }
        let op =
            temp.wrapping_add(addr_delta.wrapping_sub(max_special_addr_delta).wrapping_mul(range));
        if op <= 255 {
            out.push(DW_LNS_CONST_ADD_PC);
            out.push(op as u8);
            return;
        }
    }
    out.push(DW_LNS_ADVANCE_PC);
    llvmext_core::leb128::write_uleb128(out, addr_delta);
    if need_copy {
        out.push(DW_LNS_COPY);
    } else {
        out.push(temp as u8);
    }
}

/// A file of the line table (LLVM's `MCDwarfFile`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DwarfFile {
    /// The file name (without the directory part LLVM split off).
    pub name: String,
    /// The directory index (0: the compilation directory).
    pub dir_index: u32,
    /// The MD5 checksum, in the order the hex digits were written.
    pub md5: Option<[u8; 16]>,
    /// The embedded source (`source "..."`).
    pub source: Option<String>,
}

/// The current `.loc` (LLVM's `MCDwarfLoc`, with its field widths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DwarfLoc {
    /// File number.
    pub file: u32,
    /// Line.
    pub line: u32,
    /// Column (LLVM keeps 16 bits).
    pub column: u16,
    /// `FLAG_*` bits.
    pub flags: u8,
    /// ISA (LLVM keeps 8 bits).
    pub isa: u8,
    /// Discriminator.
    pub discriminator: u32,
}

impl Default for DwarfLoc {
    fn default() -> Self {
        DwarfLoc { file: 0, line: 0, column: 0, flags: FLAG_IS_STMT, isa: 0, discriminator: 0 }
    }
}

/// A row of the line table: a label at an instruction and the `.loc` it
/// takes (LLVM's `MCDwarfLineEntry`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineEntry<S> {
    /// The temporary label at the instruction.
    pub label: S,
    /// The location.
    pub loc: DwarfLoc,
}

/// The optional sub-directives of `.loc` (after file, line and column).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LocOptions {
    /// `basic_block`.
    pub basic_block: bool,
    /// `prologue_end`.
    pub prologue_end: bool,
    /// `epilogue_begin`.
    pub epilogue_begin: bool,
    /// `is_stmt N` (the last one given; must be 0 or 1). Without it the
    /// previous `.loc`'s `is_stmt` carries over.
    pub is_stmt: Option<i64>,
    /// `isa N` (must be ≥ 0).
    pub isa: Option<i64>,
    /// `discriminator N`.
    pub discriminator: Option<i64>,
}

/// The message for a `.loc` file number below 1 before DWARF 5.
pub const MSG_LOC_FILE_LT_ONE: &str = "file number less than one in '.loc' directive";
/// The message for a `.loc` file number without a `.file`.
pub const MSG_LOC_UNASSIGNED: &str = "unassigned file number in '.loc' directive";
/// The message for a `.file` number used twice.
pub const MSG_FILE_ALLOCATED: &str = "file number already allocated";
/// The warning given once when some `.file` directives have MD5 checksums
/// and some do not.
pub const MSG_INCONSISTENT_MD5: &str = "inconsistent use of MD5 checksums";

/// The line table of the (single) compile unit, with the state of `.loc`.
#[derive(Clone, Debug)]
pub struct LineTable<S, Sec> {
    dwarf_version: u16,
    exists: bool,
    dirs: Vec<String>,
    /// Index 0 unused, as LLVM's `MCDwarfFiles`.
    files: Vec<DwarfFile>,
    root: DwarfFile,
    comp_dir: String,
    has_all_md5: bool,
    has_any_md5: bool,
    has_any_source: bool,
    reported_md5: bool,
    source_ids: Vec<((String, String), u64)>,
    current: DwarfLoc,
    loc_seen: bool,
    sections: Vec<(Sec, Vec<LineEntry<S>>)>,
}

/// The most file numbers a table may have: LLVM resizes its file vector to
/// the largest `.file` number; this bound keeps that allocation in check
/// (LLVM would exhaust memory long before `u32::MAX`).
pub const MAX_FILE_NUMBER: u64 = 1 << 20;

impl<S: Copy + Eq, Sec: Copy + Eq> LineTable<S, Sec> {
    /// An empty table for the given DWARF version (2–5; `llvm-mc-19`'s
    /// default is 4, `-dwarf-version=N` sets it; other values are clamped).
    pub fn new(dwarf_version: u16) -> Self {
        LineTable {
            dwarf_version: dwarf_version.clamp(2, 5),
            exists: false,
            dirs: Vec::new(),
            files: Vec::new(),
            root: DwarfFile::default(),
            comp_dir: String::new(),
            has_all_md5: true,
            has_any_md5: false,
            has_any_source: false,
            reported_md5: false,
            source_ids: Vec::new(),
            current: DwarfLoc::default(),
            loc_seen: false,
            sections: Vec::new(),
        }
    }

    /// The context's DWARF version: the one given to [`LineTable::new`],
    /// raised to 5 by `.file 0`. It also selects the `.debug_frame` CIE
    /// version (pass it to [`super::cfi::CfiState::emit`]).
    pub fn dwarf_version(&self) -> u16 {
        self.dwarf_version
    }

    /// The files, indexed by number (entry 0 is unused and empty).
    pub fn files(&self) -> &[DwarfFile] {
        &self.files
    }

    /// The include directories (directory index `i` is `dirs()[i - 1]`).
    pub fn dirs(&self) -> &[String] {
        &self.dirs
    }

    /// The root file set by `.file 0` (empty name: none).
    pub fn root_file(&self) -> &DwarfFile {
        &self.root
    }

    /// The line entries per section, in order of each section's first entry.
    pub fn entries(&self) -> &[(Sec, Vec<LineEntry<S>>)] {
        &self.sections
    }

    /// Whether a `.loc` is pending (seen and not yet given to an
    /// instruction).
    pub fn loc_pending(&self) -> bool {
        self.loc_seen
    }

    fn track_md5(&mut self, used: bool) {
        self.has_all_md5 &= used;
        self.has_any_md5 |= used;
    }

    /// `.file N ["dir"] "name" [md5 0x...] [source "..."]` (only the numbered
    /// form: `.file "name"` without a number is the ELF `STT_FILE` symbol).
    /// `directory` is `""` when only one string is given.
    ///
    /// `.file 0` sets the root file and raises the DWARF version to 5. Other
    /// numbers split a directory off the name when `directory` is empty, and
    /// record the file. Returns `Ok(Some(warning))` for LLVM's once-only
    /// [`MSG_INCONSISTENT_MD5`] warning (at the directive).
    pub fn file_directive(
        &mut self,
        number: u64,
        directory: &str,
        filename: &str,
        md5: Option<[u8; 16]>,
        source: Option<&str>,
    ) -> Result<Option<DwarfError>, DwarfError> {
        self.exists = true;
        if number == 0 {
            // `.file 0`: the root file.
            if self.dwarf_version < 5 {
                self.dwarf_version = 5;
            }
            self.comp_dir = directory.to_owned();
            self.root = DwarfFile {
                name: filename.to_owned(),
                dir_index: 0,
                md5,
                source: source.map(str::to_owned),
            };
            self.track_md5(md5.is_some());
            self.has_any_source |= source.is_some();
        } else {
            self.get_file(number, directory, filename, md5, source)?;
        }
        if !(self.reported_md5 || self.files.is_empty() || self.has_all_md5 == self.has_any_md5) {
            self.reported_md5 = true;
            return Ok(Some(DwarfError::new(MSG_INCONSISTENT_MD5, ErrorOperand::Directive)));
        }
        Ok(None)
    }

    /// LLVM's `MCDwarfLineTableHeader::tryGetFile` with an explicit number.
    fn get_file(
        &mut self,
        number: u64,
        directory: &str,
        filename: &str,
        md5: Option<[u8; 16]>,
        source: Option<&str>,
    ) -> Result<(), DwarfError> {
        let (mut dir, mut name) = (directory, filename);
        if dir == self.comp_dir {
            dir = "";
        }
        if name.is_empty() {
            name = "<stdin>";
            dir = "";
        }
        if self.files.is_empty() {
            self.track_md5(md5.is_some());
            self.has_any_source |= source.is_some();
        }
        if self.dwarf_version >= 5
            && !self.root.name.is_empty()
            && self.root.name == name
            && self.root.md5 == md5
        {
            return Ok(());
        }
        // LLVM passes the number on as a 32-bit `unsigned`; a multiple of
        // 2^32 thus asks for the next free number, as code generation does.
        let mut number = u64::from(number as u32);
        if number == 0 {
            number = self.files.len().max(1) as u64;
            let key = (dir.to_owned(), name.to_owned());
            if let Some((_, n)) = self.source_ids.iter().find(|(k, _)| *k == key) {
                let _ = n;
                return Ok(());
            }
            self.source_ids.push((key, number));
        }
        if number > MAX_FILE_NUMBER {
            return Err(DwarfError::new(
                format!("file number {number} is too large (the limit is {MAX_FILE_NUMBER})"),
                ErrorOperand::FileNumber,
            ));
        }
        let n = number as usize;
        if n >= self.files.len() {
            self.files.resize(n + 1, DwarfFile::default());
        }
        if !self.files[n].name.is_empty() {
            return Err(DwarfError::new(MSG_FILE_ALLOCATED, ErrorOperand::Directive));
        }
        if dir.is_empty() {
            let base = path_filename(name);
            if !base.is_empty() {
                let parent = path_parent(name);
                if !parent.is_empty() {
                    dir = parent;
                    name = base;
                }
            }
        }
        let dir_index = if dir.is_empty() {
            0
        } else {
            match self.dirs.iter().position(|d| d == dir) {
                Some(i) => i + 1,
                None => {
                    self.dirs.push(dir.to_owned());
                    self.dirs.len()
                }
            }
        };
        self.files[n] = DwarfFile {
            name: name.to_owned(),
            dir_index: u32::try_from(dir_index).unwrap_or(u32::MAX),
            md5,
            source: source.map(str::to_owned),
        };
        self.track_md5(md5.is_some());
        self.has_any_source |= source.is_some();
        Ok(())
    }

    /// Whether `.loc` may use file number `n` (LLVM's
    /// `isValidDwarfFileNumber`).
    pub fn is_valid_file_number(&self, n: u64) -> bool {
        if n == 0 {
            return self.dwarf_version >= 5;
        }
        usize::try_from(n).ok().and_then(|i| self.files.get(i)).is_some_and(|f| !f.name.is_empty())
    }

    /// `.loc file line [column] [sub-directives]`.
    ///
    /// First (as LLVM's `emitDwarfLocDirective` on an object streamer) a
    /// still-pending previous `.loc` gets a line entry at the current
    /// position; then this one becomes pending. Checks in LLVM's order: file
    /// number (< 1 before DWARF 5, unassigned), line and column ≥ 0,
    /// `is_stmt` 0 or 1, `isa` ≥ 0 (the parser checks the sub-directive
    /// syntax). Values are truncated to LLVM's field widths (line and
    /// discriminator 32 bits, column 16, ISA 8).
    pub fn loc_directive<K>(
        &mut self,
        sink: &mut K,
        file: i64,
        line: i64,
        column: i64,
        opts: &LocOptions,
    ) -> Result<(), DwarfError>
    where
        K: DwarfSink<Sym = S, Section = Sec>,
    {
        if file < 1 && self.dwarf_version < 5 {
            return Err(DwarfError::new(MSG_LOC_FILE_LT_ONE, ErrorOperand::FileNumber));
        }
        self.exists = true;
        if !self.is_valid_file_number(u64::from(file as u32)) {
            return Err(DwarfError::new(MSG_LOC_UNASSIGNED, ErrorOperand::FileNumber));
        }
        if line < 0 {
            return Err(DwarfError::new(
                "line number less than zero in '.loc' directive",
                ErrorOperand::Line,
            ));
        }
        if column < 0 {
            return Err(DwarfError::new(
                "column position less than zero in '.loc' directive",
                ErrorOperand::Column,
            ));
        }
        let mut flags = self.current.flags & FLAG_IS_STMT;
        if opts.basic_block {
            flags |= FLAG_BASIC_BLOCK;
        }
        if opts.prologue_end {
            flags |= FLAG_PROLOGUE_END;
        }
        if opts.epilogue_begin {
            flags |= FLAG_EPILOGUE_BEGIN;
        }
        match opts.is_stmt.map(|v| v as i32) {
            None => {}
            Some(0) => flags &= !FLAG_IS_STMT,
            Some(1) => flags |= FLAG_IS_STMT,
            Some(_) => {
                return Err(DwarfError::new("is_stmt value not 0 or 1", ErrorOperand::IsStmt))
            }
        }
        let mut isa = 0u8;
        if let Some(v) = opts.isa {
            let v = v as i32;
            if v < 0 {
                return Err(DwarfError::new("isa number less than zero", ErrorOperand::Isa));
            }
            isa = v as u8;
        }
        self.on_emit(sink);
        self.current = DwarfLoc {
            file: file as u32,
            line: line as u32,
            column: column as u16,
            flags,
            isa,
            discriminator: opts.discriminator.unwrap_or(0) as u32,
        };
        self.loc_seen = true;
        Ok(())
    }

    /// LLVM's `MCDwarfLineEntry::make`: if a `.loc` is pending, defines a
    /// temporary label at the current position of the current section and
    /// records a line entry for it. Call it before encoding each instruction
    /// and from every `emitBytes` / `emitValue` (data directives).
    pub fn on_emit<K>(&mut self, sink: &mut K)
    where
        K: DwarfSink<Sym = S, Section = Sec>,
    {
        if !self.loc_seen {
            return;
        }
        let label = sink.temp_label();
        sink.emit_label(label);
        self.exists = true;
        let sec = sink.current_section();
        let entry = LineEntry { label, loc: self.current };
        self.loc_seen = false;
        match self.sections.iter_mut().find(|(s, _)| *s == sec) {
            Some((_, v)) => v.push(entry),
            None => self.sections.push((sec, vec![entry])),
        }
    }

    /// Every section switch drops a pending `.loc` (LLVM's
    /// `MCObjectStreamer::changeSection` clears `DwarfLocSeen`).
    pub fn on_section_change(&mut self) {
        self.loc_seen = false;
    }

    /// LLVM's end-of-input check: `unassigned file number: N for .file
    /// directives` for every gap in the `.file` numbers (reported at the end
    /// of the input).
    pub fn check_files(&self) -> Vec<DwarfError> {
        let mut errs = Vec::new();
        if !self.exists {
            return errs;
        }
        for (i, f) in self.files.iter().enumerate().skip(1) {
            if f.name.is_empty() {
                errs.push(DwarfError::new(
                    format!("unassigned file number: {i} for .file directives"),
                    ErrorOperand::EndOfFile,
                ));
            }
        }
        errs
    }

    /// Writes `.debug_line` (and `.debug_line_str` for DWARF 5), if any
    /// `.file N` / `.loc` directive was seen (LLVM's
    /// `MCDwarfLineTable::emit`). `comp_dir` is the compilation directory
    /// used when there is no `.file 0` (`llvm-mc` uses the current directory,
    /// or `-fdebug-compilation-dir`); `code_pointer_size` the address size;
    /// `min_inst_alignment` the target's minimum instruction alignment (1 on
    /// x86).
    pub fn emit<K>(
        &self,
        sink: &mut K,
        comp_dir: &str,
        code_pointer_size: u8,
        min_inst_alignment: u64,
        params: &LineParams,
    ) where
        K: DwarfSink<Sym = S, Section = Sec>,
    {
        if !self.exists {
            return;
        }
        let v = self.dwarf_version;
        let mut line_str = if v >= 5 { Some(LineStr::default()) } else { None };
        let line_sec = sink.section(DwarfSection::DebugLine);
        let str_sec = line_str.as_ref().map(|_| sink.section(DwarfSection::DebugLineStr));
        let str_base = str_sec.map(|s| sink.section_begin_sym(s));
        sink.switch_section(line_sec);

        let start = sink.temp_label();
        sink.emit_label(start);
        let lo = sink.temp_label();
        let hi = sink.temp_label();
        emit_diff(sink, hi, lo, 4);
        sink.emit_label(lo);
        sink.emit_int(u64::from(v), 2);
        if v >= 5 {
            sink.emit_int(u64::from(code_pointer_size), 1);
            sink.emit_int(0, 1);
        }
        let pro_start = sink.temp_label();
        let pro_end = sink.temp_label();
        emit_diff(sink, pro_end, pro_start, 4);
        sink.emit_label(pro_start);
        let base = params.base();
        let mut hdr = vec![min_inst_alignment as u8];
        if v >= 4 {
            hdr.push(1);
        }
        hdr.push(1); // DWARF2_LINE_DEFAULT_IS_STMT
        hdr.push(params.line_base as u8);
        hdr.push(params.line_range);
        hdr.push(base);
        hdr.extend_from_slice(&STANDARD_OPCODE_LENGTHS[..usize::from(base - 1)]);
        sink.emit_bytes(&hdr);

        match (&mut line_str, str_base) {
            (Some(ls), Some(sb)) => self.emit_v5_tables(sink, comp_dir, Some((ls, sb))),
            _ if v >= 5 => self.emit_v5_tables(sink, comp_dir, None),
            _ => self.emit_v2_tables(sink),
        }
        sink.emit_label(pro_end);

        for (sec, entries) in &self.sections {
            self.emit_sequence(
                sink,
                *sec,
                line_sec,
                entries,
                code_pointer_size,
                min_inst_alignment,
                params,
            );
        }
        sink.emit_label(hi);

        if let (Some(ls), Some(s)) = (line_str, str_sec) {
            sink.switch_section(s);
            sink.emit_bytes(&ls.data);
        }
    }

    fn emit_v2_tables<K: DwarfSink>(&self, sink: &mut K) {
        let mut b = Vec::new();
        for d in &self.dirs {
            b.extend_from_slice(d.as_bytes());
            b.push(0);
        }
        b.push(0);
        for f in self.files.iter().skip(1) {
            b.extend_from_slice(f.name.as_bytes());
            b.push(0);
            llvmext_core::leb128::write_uleb128(&mut b, u64::from(f.dir_index));
            b.push(0);
            b.push(0);
        }
        b.push(0);
        sink.emit_bytes(&b);
    }

    fn emit_v5_tables<K: DwarfSink>(
        &self,
        sink: &mut K,
        comp_dir: &str,
        mut strs: Option<(&mut LineStr, K::Sym)>,
    ) {
        let form = if strs.is_some() {
            DW_FORM_LINE_STRP
        } else {
            0x08 /* DW_FORM_string */
        };
        sink.emit_int(1, 1);
        sink.emit_uleb(DW_LNCT_PATH);
        sink.emit_uleb(form);
        sink.emit_uleb(self.dirs.len() as u64 + 1);
        let cd = if self.comp_dir.is_empty() { comp_dir } else { self.comp_dir.as_str() };
        emit_string(sink, &mut strs, cd);
        for d in &self.dirs {
            emit_string(sink, &mut strs, d);
        }
        let mut entries = 2u64;
        if self.has_all_md5 {
            entries += 1;
        }
        if self.has_any_source {
            entries += 1;
        }
        sink.emit_int(entries, 1);
        sink.emit_uleb(DW_LNCT_PATH);
        sink.emit_uleb(form);
        sink.emit_uleb(DW_LNCT_DIRECTORY_INDEX);
        sink.emit_uleb(DW_FORM_UDATA);
        if self.has_all_md5 {
            sink.emit_uleb(DW_LNCT_MD5);
            sink.emit_uleb(DW_FORM_DATA16);
        }
        if self.has_any_source {
            sink.emit_uleb(DW_LNCT_LLVM_SOURCE);
            sink.emit_uleb(form);
        }
        sink.emit_uleb(if self.files.is_empty() { 1 } else { self.files.len() as u64 });
        // Without `.file 0`, file 1 doubles as the root file. (With neither,
        // LLVM reads past its file vector; an empty entry is written here.)
        let empty = DwarfFile::default();
        let root = if !self.root.name.is_empty() {
            &self.root
        } else {
            self.files.get(1).unwrap_or(&empty)
        };
        self.emit_v5_file(sink, &mut strs, root);
        for f in self.files.iter().skip(1) {
            self.emit_v5_file(sink, &mut strs, f);
        }
    }

    fn emit_v5_file<K: DwarfSink>(
        &self,
        sink: &mut K,
        strs: &mut Option<(&mut LineStr, K::Sym)>,
        f: &DwarfFile,
    ) {
        emit_string(sink, strs, &f.name);
        sink.emit_uleb(u64::from(f.dir_index));
        if self.has_all_md5 {
            sink.emit_bytes(&f.md5.unwrap_or([0; 16]));
        }
        if self.has_any_source {
            // (LLVM 19 writes an empty source as ""; later versions as "\n".)
            emit_string(sink, strs, f.source.as_deref().unwrap_or(""));
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn emit_sequence<K>(
        &self,
        sink: &mut K,
        sec: Sec,
        line_sec: Sec,
        entries: &[LineEntry<S>],
        ptr_size: u8,
        min_inst_alignment: u64,
        params: &LineParams,
    ) where
        K: DwarfSink<Sym = S, Section = Sec>,
    {
        let mut file = 1u32;
        let mut last_line = 1u32;
        let mut column = 0u16;
        let mut flags = FLAG_IS_STMT;
        let mut isa = 0u8;
        let mut discriminator = 0u32;
        let mut prev: Option<S> = None;
        for e in entries {
            let l = e.loc;
            let line_delta = i64::from(l.line) - i64::from(last_line);
            let mut b = Vec::new();
            if file != l.file {
                file = l.file;
                b.push(DW_LNS_SET_FILE);
                llvmext_core::leb128::write_uleb128(&mut b, u64::from(file));
            }
            if column != l.column {
                column = l.column;
                b.push(DW_LNS_SET_COLUMN);
                llvmext_core::leb128::write_uleb128(&mut b, u64::from(column));
            }
            if discriminator != l.discriminator && self.dwarf_version >= 4 {
                discriminator = l.discriminator;
                let mut d = Vec::new();
                llvmext_core::leb128::write_uleb128(&mut d, u64::from(discriminator));
                b.push(0);
                llvmext_core::leb128::write_uleb128(&mut b, d.len() as u64 + 1);
                b.push(DW_LNE_SET_DISCRIMINATOR);
                b.extend_from_slice(&d);
            }
            if isa != l.isa {
                isa = l.isa;
                b.push(DW_LNS_SET_ISA);
                llvmext_core::leb128::write_uleb128(&mut b, u64::from(isa));
            }
            if (l.flags ^ flags) & FLAG_IS_STMT != 0 {
                flags = l.flags;
                b.push(DW_LNS_NEGATE_STMT);
            }
            if l.flags & FLAG_BASIC_BLOCK != 0 {
                b.push(DW_LNS_SET_BASIC_BLOCK);
            }
            if l.flags & FLAG_PROLOGUE_END != 0 {
                b.push(DW_LNS_SET_PROLOGUE_END);
            }
            if l.flags & FLAG_EPILOGUE_BEGIN != 0 {
                b.push(DW_LNS_SET_EPILOGUE_BEGIN);
            }
            if !b.is_empty() {
                sink.emit_bytes(&b);
            }
            advance(sink, line_delta, prev, e.label, ptr_size, min_inst_alignment, params);
            discriminator = 0;
            last_line = l.line;
            prev = Some(e.label);
        }
        if let Some(p) = prev {
            let end = sink.section_end_sym(sec);
            sink.switch_section(line_sec);
            advance(sink, i64::MAX, Some(p), end, ptr_size, min_inst_alignment, params);
        }
    }
}

/// `MCObjectStreamer::emitDwarfAdvanceLineAddr`: the first row of a sequence
/// sets the address (`DW_LNE_set_address` with a relocated pointer) and
/// advances the line only; later rows are fragments.
fn advance<K: DwarfSink>(
    sink: &mut K,
    line_delta: i64,
    prev: Option<K::Sym>,
    label: K::Sym,
    ptr_size: u8,
    min_inst_alignment: u64,
    params: &LineParams,
) {
    match prev {
        Some(p) => sink.emit_advance_line_addr(line_delta, p, label),
        None => {
            sink.emit_bytes(&[0, ptr_size.wrapping_add(1), DW_LNE_SET_ADDRESS]);
            let e = sink.sym_expr(label);
            sink.emit_value(e, ptr_size);
            let mut b = Vec::new();
            encode_line_advance(params, min_inst_alignment, line_delta, 0, &mut b);
            sink.emit_bytes(&b);
        }
    }
}

fn emit_diff<K: DwarfSink>(sink: &mut K, hi: K::Sym, lo: K::Sym, size: u8) {
    let h = sink.sym_expr(hi);
    let l = sink.sym_expr(lo);
    let d = sink.sub_expr(h, l);
    sink.emit_value(d, size);
}

fn emit_string<K: DwarfSink>(sink: &mut K, strs: &mut Option<(&mut LineStr, K::Sym)>, s: &str) {
    match strs {
        Some((ls, base)) => {
            let off = ls.add(s);
            let b = sink.sym_expr(*base);
            let e = sink.add_const_expr(b, off as i64);
            sink.emit_value(e, 4);
        }
        None => {
            sink.emit_bytes(s.as_bytes());
            sink.emit_bytes(&[0]);
        }
    }
}

/// `.debug_line_str` contents: NUL-terminated strings in first-use order,
/// each stored once (LLVM's `StringTableBuilder` of kind DWARF, finalized in
/// order).
#[derive(Default)]
struct LineStr {
    data: Vec<u8>,
    offsets: Vec<(String, usize)>,
}

impl LineStr {
    fn add(&mut self, s: &str) -> usize {
        if let Some((_, o)) = self.offsets.iter().find(|(t, _)| t == s) {
            return *o;
        }
        let o = self.data.len();
        self.data.extend_from_slice(s.as_bytes());
        self.data.push(0);
        self.offsets.push((s.to_owned(), o));
        o
    }
}

/// LLVM's `sys::path::filename` (POSIX style): the last component; `.` for a
/// path ending in `/` (other than the root).
pub fn path_filename(p: &str) -> &str {
    let b = p.as_bytes();
    let root = root_dir_start(b);
    let mut end = b.len();
    while end > 0 && Some(end - 1) != root && b[end - 1] == b'/' {
        end -= 1;
    }
    if !b.is_empty() && b[b.len() - 1] == b'/' && root.is_none_or(|r| end.wrapping_sub(1) > r) {
        return ".";
    }
    let start = filename_pos(&b[..end]);
    &p[start..end]
}

/// LLVM's `sys::path::parent_path` (POSIX style).
pub fn path_parent(p: &str) -> &str {
    let b = p.as_bytes();
    let mut end = filename_pos(b);
    let filename_was_sep = !b.is_empty() && b.get(end) == Some(&b'/');
    let root = root_dir_start(b);
    while end > 0 && root.is_none_or(|r| end > r) && b[end - 1] == b'/' {
        end -= 1;
    }
    if Some(end) == root && !filename_was_sep {
        return &p[..end + 1];
    }
    &p[..end]
}

fn filename_pos(b: &[u8]) -> usize {
    if b.len() == 2 && b[0] == b'/' && b[1] == b'/' {
        return 0;
    }
    if let Some(&b'/') = b.last() {
        return b.len() - 1;
    }
    match b.iter().rposition(|&c| c == b'/') {
        None => 0,
        Some(1) if b[0] == b'/' => 0,
        Some(pos) => pos + 1,
    }
}

fn root_dir_start(b: &[u8]) -> Option<usize> {
    if b.len() > 3 && b[0] == b'/' && b[1] == b'/' && b[2] != b'/' {
        return b[2..].iter().position(|&c| c == b'/').map(|p| p + 2);
    }
    if b.first() == Some(&b'/') {
        return Some(0);
    }
    None
}
