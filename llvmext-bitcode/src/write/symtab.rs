//! The irsymtab: the symbol table LLVM 19 puts in a `SYMTAB` block after
//! the module so that linkers need not read the IR (`irsymtab::build` in
//! `llvm/lib/Object/IRSymtab.cpp`, its layout in
//! `llvm/include/llvm/Object/IRSymtab.h`), with its strings in the file's
//! string table after the module's, and `BitcodeWriter::writeSymtab`'s
//! choice of whether to write it at all.
//!
//! What llvm-as-19 does, and so what is done here:
//! - a module with module-level inline asm gets no symbol table and adds
//!   nothing to the string table (`writeSymtab` wants the target's asm
//!   parser to find the asm's symbols, and llvm-as registers no target);
//! - otherwise `irsymtab::build` runs: it adds the producer version, the
//!   triple and the source file name to the string table, then fails on
//!   a module without a datalayout, on an alias whose target is no global
//!   object, on a `common` function, and (COFF) on a comdat without a
//!   leader or a weak alias of a non-global: the error is swallowed, no
//!   block is written, and the strings added up to the failure stay;
//! - else the blob is written: a header, the module's symbol range, the
//!   comdats, one symbol per global value (functions, variables, aliases,
//!   ifuncs, then `_GLOBAL_OFFSET_TABLE_` for ELF x86 modules that may use
//!   it), the rare fields of some symbols, the dependent libraries.
//!
//! A symbol's name is its name mangled as the datalayout's mangling mode
//! says (`Mangler::getNameWithPrefix`: global and private prefixes,
//! Microsoft `@N` suffixes, `__unnamed_N` for unnamed ones, `__imp_` for
//! `dllimport`), its flags those of `ModuleSymbolTable::getSymbolFlags`
//! and `Builder::addSymbol` (among them "used": in `llvm.used` or
//! `llvm.compiler.used`, or named like one of the target's runtime library
//! calls, `RuntimeLibcallsInfo::initLibcalls`).

use super::triple::{Arch, Env, Format, OsType, Triple};
use std::collections::{HashMap, HashSet};

use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};
use llvmext_ir::constant::{ConstKind, ExprOp};
use llvmext_ir::datalayout::DataLayout;
use llvmext_ir::id::{ComdatId, ConstId, GlobalRef, Value};
use llvmext_ir::metadata::MdNode;
use llvmext_ir::module::{
    CallConv, ComdatKind, DllStorage, Function, GlobalCommon, Linkage, ThreadLocal, UnnamedAddr,
    Visibility,
};
use llvmext_ir::types::TypeKind;
use llvmext_ir::Module;

use super::enumerate::TypeOrder;
use super::module::{Strtab, LLVM19_VERSION};
use super::{internal, WriteError};
use crate::schema::{BlockId, SymtabCode};

/// `storage::Header::kCurrentVersion` of LLVM 19 (today's sources have 4,
/// with a 64-bit `Uncommon::CommonSize`).
pub(crate) const SYMTAB_VERSION: u32 = 3;

/// `sizeof(storage::Header)`: the version word, then nine `Str`s and
/// `Range`s (producer, modules, comdats, symbols, uncommons, triple,
/// source file name, COFF linker options, dependent libraries) of two
/// little-endian words each (offset, size).
const HEADER_SIZE: usize = 4 + 9 * 8;

/// Bit numbers of `storage::Symbol::Flags` (`Symbol::FlagBits`).
mod fb {
    /// Two bits: the visibility (0 default, 1 hidden, 2 protected).
    pub(super) const VISIBILITY: u32 = 0;
    /// The symbol has an `Uncommon` entry (the next one of its module).
    pub(super) const HAS_UNCOMMON: u32 = 2;
    /// Not defined here (`SF_Undefined`).
    pub(super) const UNDEFINED: u32 = 3;
    /// Weak (`SF_Weak`: linkonce, weak, extern_weak).
    pub(super) const WEAK: u32 = 4;
    /// Common (`SF_Common`).
    pub(super) const COMMON: u32 = 5;
    /// An alias (`SF_Indirect`).
    pub(super) const INDIRECT: u32 = 6;
    /// Must be kept (`llvm.used`, `llvm.compiler.used`, a runtime library
    /// call's name, an undefined asm symbol).
    pub(super) const USED: u32 = 7;
    /// Thread-local.
    pub(super) const TLS: u32 = 8;
    /// `canBeOmittedFromSymbolTable`.
    pub(super) const MAY_OMIT: u32 = 9;
    /// Not of local linkage (`SF_Global`).
    pub(super) const GLOBAL: u32 = 10;
    /// Private, or named `llvm.*`, or a variable of section
    /// `llvm.metadata` (`SF_FormatSpecific`).
    pub(super) const FORMAT_SPECIFIC: u32 = 11;
    /// `unnamed_addr` (not `local_unnamed_addr`).
    pub(super) const UNNAMED_ADDR: u32 = 12;
    /// A function or ifunc, or an alias of one (`SF_Executable`).
    pub(super) const EXECUTABLE: u32 = 13;
}

/// The symbol ELF x86 code may refer to without the IR naming it
/// (`ModuleSymbolTable::CollectAsmSymbols`, LLVM 19): listed for 32-bit
/// x86, and for x86-64 in the medium and large code models.
const GOT_SYMBOL: &[u8] = b"_GLOBAL_OFFSET_TABLE_";

/// `CodeModel::Medium` and `CodeModel::Large`: the values of the module
/// flag `"Code Model"` for which x86-64 lists [`GOT_SYMBOL`].
const CODE_MODELS_WITH_GOT: [u64; 2] = [3, 4];

/// Names `irsymtab` always marks used (`PreservedSymbols`, LLVM 19): the
/// stack protector's guard variables.
const PRESERVED_GLOBALS: [&str; 2] = ["__ssp_canary_word", "__stack_chk_guard"];

/// What stopped `irsymtab::build`.
enum Stop {
    /// An error LLVM's `writeSymtab` swallows (its message, for reading).
    Swallowed(#[allow(dead_code)] &'static str),
    /// A fault of this writer.
    Write(WriteError),
}

impl From<WriteError> for Stop {
    fn from(e: WriteError) -> Self {
        Stop::Write(e)
    }
}

/// `BitcodeWriter::writeSymtab` after the module: writes the `SYMTAB`
/// block when llvm-as-19 does (`true`), and in every case adds to
/// `strtab` what LLVM adds to it. Call it after the module block and
/// before [`write_strtab`](super::module::write_strtab).
pub(crate) fn write_symtab(
    w: &mut BitstreamWriter,
    order: &TypeOrder<'_>,
    strtab: &mut Strtab,
) -> Result<bool, WriteError> {
    let Some(blob) = build(order.module(), strtab)? else {
        return Ok(false);
    };
    // writeBlob: a block of its own abbreviation and one blob record.
    w.enter_block(BlockId::SYMTAB.0, 3);
    let abbrev = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(SymtabCode::BLOB.0)),
        AbbrevOp::Blob,
    ]))?;
    w.emit_record_with_blob(SymtabCode::BLOB.0, &[], &blob, Some(abbrev))?;
    w.exit_block()?;
    Ok(true)
}

/// The irsymtab blob of `m` (`None`: LLVM writes none), its strings added
/// to `strtab` in LLVM's order (also those a failing build added).
pub(crate) fn build(m: &Module, strtab: &mut Strtab) -> Result<Option<Vec<u8>>, WriteError> {
    if !m.module_asm.is_empty() {
        return Ok(None);
    }
    match Builder::new(m, strtab).build() {
        Ok(blob) => Ok(Some(blob)),
        Err(Stop::Swallowed(_)) => Ok(None),
        Err(Stop::Write(e)) => Err(e),
    }
}

/// `storage::Str`: a string of the string table.
#[derive(Clone, Copy, Default)]
struct Str {
    /// Where it starts in the string table.
    offset: u32,
    /// Its length.
    size: u32,
}

/// `storage::Symbol`.
struct Symbol {
    /// The mangled name.
    name: Str,
    /// The IR name (empty for asm symbols and unnamed values).
    ir_name: Str,
    /// The index of its comdat in the comdat table, -1 for none.
    comdat: i32,
    /// The [`fb`] bits.
    flags: u32,
}

/// `storage::Uncommon` (LLVM 19: a 32-bit common size).
#[derive(Default)]
struct Uncommon {
    /// A common symbol's size (`getTypeAllocSize`, cut to 32 bits).
    common_size: u32,
    /// A common symbol's alignment (0: none given).
    common_align: u32,
    /// COFF: what a weak alias falls back to.
    coff_weak_fallback: Str,
    /// The section of the symbol's global object.
    section: Str,
}

/// `storage::Comdat`.
struct ComdatEntry {
    /// Its name (COFF: its leader's mangled name).
    name: Str,
    /// [`selection_kind`].
    kind: u32,
}

/// `Comdat::SelectionKind`'s values.
fn selection_kind(k: ComdatKind) -> u32 {
    match k {
        ComdatKind::Any => 0,
        ComdatKind::ExactMatch => 1,
        ComdatKind::Largest => 2,
        ComdatKind::NoDeduplicate => 3,
        ComdatKind::SameSize => 4,
    }
}

/// What `irsymtab::build` works with.
struct Builder<'a, 'm> {
    /// The module.
    m: &'m Module,
    /// The file's string table.
    strtab: &'a mut Strtab,
    /// The module's triple.
    tt: Triple,
    /// The module symbol table's mangler (symbol names, COFF weak
    /// fallbacks).
    sym_mangler: Mangler,
    /// The builder's own mangler (COFF comdat leaders and linker flags):
    /// its `__unnamed_N` numbers are its own.
    own_mangler: Mangler,
    /// The global values by name.
    names: HashMap<&'m [u8], GlobalRef>,
    /// Comdats given an index (or -1: COFF, local leader).
    comdat_index: HashMap<ComdatId, i32>,
    /// The comdat table.
    comdats: Vec<ComdatEntry>,
    /// The symbols.
    syms: Vec<Symbol>,
    /// The symbols' rare fields.
    uncommons: Vec<Uncommon>,
    /// ELF: `llvm.dependent-libraries`.
    dependent_libraries: Vec<Str>,
    /// COFF: `llvm.linker.options` and the export directives, each after
    /// a space.
    coff_linker_opts: Vec<u8>,
}

impl<'a, 'm> Builder<'a, 'm> {
    /// A builder adding to `strtab`.
    fn new(m: &'m Module, strtab: &'a mut Strtab) -> Self {
        Builder {
            m,
            strtab,
            tt: Triple::parse(m.triple.as_deref().unwrap_or("")),
            sym_mangler: Mangler::default(),
            own_mangler: Mangler::default(),
            names: HashMap::new(),
            comdat_index: HashMap::new(),
            comdats: Vec::new(),
            syms: Vec::new(),
            uncommons: Vec::new(),
            dependent_libraries: Vec::new(),
            coff_linker_opts: Vec::new(),
        }
    }

    /// `setStr`.
    fn str(&mut self, s: &[u8]) -> Str {
        Str { offset: self.strtab.add(s) as u32, size: s.len() as u32 }
    }

    /// `Builder::build` for one module.
    fn build(mut self) -> Result<Vec<u8>, Stop> {
        let m = self.m;
        let producer = self.str(LLVM19_VERSION.as_bytes());
        let triple = self.str(m.triple.as_deref().unwrap_or("").as_bytes());
        let source = self.str(m.source_filename.as_deref().unwrap_or(&[]));
        let mod_range = self.add_module()?;
        let opts = core::mem::take(&mut self.coff_linker_opts);
        let coff_opts = self.str(&opts);

        // The header, then each range where it starts.
        let mut out = vec![0u8; HEADER_SIZE];
        let word = |out: &mut Vec<u8>, v: u32| out.extend_from_slice(&v.to_le_bytes());
        let range = |out: &Vec<u8>, n: usize| (out.len() as u32, n as u32);
        let modules = range(&out, 1);
        for v in mod_range {
            word(&mut out, v);
        }
        let comdats = range(&out, self.comdats.len());
        for c in &self.comdats {
            for v in [c.name.offset, c.name.size, c.kind] {
                word(&mut out, v);
            }
        }
        let symbols = range(&out, self.syms.len());
        for s in &self.syms {
            let vals = [s.name.offset, s.name.size, s.ir_name.offset, s.ir_name.size];
            for v in vals.into_iter().chain([s.comdat as u32, s.flags]) {
                word(&mut out, v);
            }
        }
        let uncommons = range(&out, self.uncommons.len());
        for u in &self.uncommons {
            let f = u.coff_weak_fallback;
            for v in
                [u.common_size, u.common_align, f.offset, f.size, u.section.offset, u.section.size]
            {
                word(&mut out, v);
            }
        }
        let libs = range(&out, self.dependent_libraries.len());
        for s in &self.dependent_libraries {
            word(&mut out, s.offset);
            word(&mut out, s.size);
        }
        let mut header = Vec::with_capacity(HEADER_SIZE);
        word(&mut header, SYMTAB_VERSION);
        for (a, b) in [
            (producer.offset, producer.size),
            modules,
            comdats,
            symbols,
            uncommons,
            (triple.offset, triple.size),
            (source.offset, source.size),
            (coff_opts.offset, coff_opts.size),
            libs,
        ] {
            word(&mut header, a);
            word(&mut header, b);
        }
        out[..HEADER_SIZE].copy_from_slice(&header);
        Ok(out)
    }

    /// `Builder::addModule`: its `storage::Module` (first symbol, end,
    /// first uncommon).
    fn add_module(&mut self) -> Result<[u32; 3], Stop> {
        let m = self.m;
        let dl_text = m.datalayout.as_deref().unwrap_or("");
        if dl_text.is_empty() {
            return Err(Stop::Swallowed("input module has no datalayout"));
        }
        let dl = DataLayout::parse(dl_text).map_err(|_| internal("an invalid datalayout"))?;
        let cx = Cx { m, mode: Mangling::of(dl.mangling), dl };
        self.names = names_of(m);
        let used = used_globals(m, &self.names);
        let got = self.tt.format() == Format::Elf
            && self.tt.is_x86()
            && (self.tt.arch == Arch::X86
                || module_flag_int(m, b"Code Model")
                    .is_some_and(|c| CODE_MODELS_WITH_GOT.contains(&c)));
        let values = global_values(m);
        let end = self.syms.len() + values.len() + usize::from(got);
        let mod_range = [self.syms.len() as u32, end as u32, self.uncommons.len() as u32];

        if self.tt.format() == Format::Coff {
            if let Some(nmd) =
                m.named_md.iter().find(|n| n.name.as_bytes() == b"llvm.linker.options")
            {
                for &node in nmd.ops.iter() {
                    let Some(MdNode::Tuple(ops)) = m.md.get(node) else {
                        return Err(internal("a linker option that is no tuple").into());
                    };
                    for op in ops.iter() {
                        let s =
                            md_string(m, *op).ok_or(internal("a linker option not a string"))?;
                        self.coff_linker_opts.push(b' ');
                        self.coff_linker_opts.extend_from_slice(s);
                    }
                }
            }
        }
        if self.tt.format() == Format::Elf {
            if let Some(nmd) =
                m.named_md.iter().find(|n| n.name.as_bytes() == b"llvm.dependent-libraries")
            {
                for &node in nmd.ops.iter() {
                    let first = match m.md.get(node) {
                        Some(MdNode::Tuple(ops)) => ops.first().copied().flatten(),
                        _ => None,
                    };
                    let s = first
                        .and_then(|f| md_string(m, Some(f)))
                        .ok_or(internal("a dependent library not a string"))?;
                    let s = self.str(s);
                    self.dependent_libraries.push(s);
                }
            }
        }
        let preserved = preserved_names(&self.tt);
        for g in values {
            self.add_symbol(&cx, &used, &preserved, g)?;
        }
        if got {
            // An undefined asm symbol: global, used, no IR name.
            let name = self.str(GOT_SYMBOL);
            let ir_name = self.str(b"");
            let flags = 1 << fb::UNDEFINED | 1 << fb::GLOBAL | 1 << fb::USED;
            self.syms.push(Symbol { name, ir_name, comdat: -1, flags });
        }
        Ok(mod_range)
    }

    /// `Builder::addSymbol` for a global value.
    fn add_symbol(
        &mut self,
        cx: &Cx<'m>,
        used: &HashSet<GlobalRef>,
        preserved: &HashSet<&'static [u8]>,
        g: GlobalRef,
    ) -> Result<(), Stop> {
        let m = self.m;
        let c = m.global_common(g);
        let ir = c.name.as_ref().map_or(&[][..], |n| n.as_bytes());
        let mut name = Vec::new();
        if c.dll == DllStorage::Import {
            name.extend_from_slice(b"__imp_");
        }
        self.sym_mangler.name(cx, g, &mut name)?;
        let name = self.str(&name);
        let mut flags = 0u32;
        let base = base_object(m, g);

        // ModuleSymbolTable::getSymbolFlags.
        let decl = is_declaration_for_linker(m, g);
        if decl {
            flags |= 1 << fb::UNDEFINED;
        }
        let weak = matches!(
            c.linkage,
            Linkage::LinkOnce
                | Linkage::LinkOnceOdr
                | Linkage::Weak
                | Linkage::WeakOdr
                | Linkage::ExternWeak
        );
        if weak {
            flags |= 1 << fb::WEAK;
        }
        let common = c.linkage == Linkage::Common;
        if common {
            flags |= 1 << fb::COMMON;
        }
        let indirect = matches!(g, GlobalRef::Alias(_));
        if indirect {
            flags |= 1 << fb::INDIRECT;
        }
        if !c.linkage.is_local() {
            flags |= 1 << fb::GLOBAL;
        }
        let llvm_metadata = match g {
            GlobalRef::Var(i) => {
                m.globals.get(i as usize).and_then(|v| v.section.as_ref()).map(|s| s.as_bytes())
                    == Some(b"llvm.metadata")
            }
            _ => false,
        };
        if c.linkage == Linkage::Private || ir.starts_with(b"llvm.") || llvm_metadata {
            flags |= 1 << fb::FORMAT_SPECIFIC;
        }
        if matches!(base, Some(GlobalRef::Func(_) | GlobalRef::IFunc(_))) {
            flags |= 1 << fb::EXECUTABLE;
        }

        // Builder::addSymbol.
        let ir_name = self.str(ir);
        if used.contains(&g) || (!ir.is_empty() && preserved.contains(ir)) {
            flags |= 1 << fb::USED;
        }
        if c.thread_local != ThreadLocal::NotThreadLocal {
            flags |= 1 << fb::TLS;
        }
        if c.unnamed_addr == UnnamedAddr::Global {
            flags |= 1 << fb::UNNAMED_ADDR;
        }
        if may_omit(m, g, c) {
            flags |= 1 << fb::MAY_OMIT;
        }
        flags |= visibility(c.visibility) << fb::VISIBILITY;
        let mut unc: Option<Uncommon> = None;
        if common {
            let GlobalRef::Var(i) = g else {
                return Err(Stop::Swallowed("Only variables can have common linkage!"));
            };
            let v = m.globals.get(i as usize).ok_or(internal("a global not in the module"))?;
            let size =
                cx.dl.alloc_size(&m.types, v.ty).ok_or(internal("a common global unsized"))?;
            let u = self.uncommon(&mut unc, &mut flags);
            u.common_size = size as u32;
            u.common_align = v.align as u32;
        }
        let Some(object) = base else {
            self.finish_symbol(name, ir_name, -1, flags, unc);
            return Err(Stop::Swallowed("Unable to determine comdat of alias!"));
        };
        let comdat = match object {
            GlobalRef::Var(i) => m.globals.get(i as usize).and_then(|v| v.comdat),
            GlobalRef::Func(i) => m.functions.get(i as usize).and_then(|f| f.comdat),
            _ => None,
        };
        let mut comdat_index = -1;
        if let Some(cd) = comdat {
            match self.comdat_index(cx, cd) {
                Ok(i) => comdat_index = i,
                Err(e) => {
                    self.finish_symbol(name, ir_name, comdat_index, flags, unc);
                    return Err(e);
                }
            }
        }
        if self.tt.format() == Format::Coff {
            self.linker_flags_coff(cx, g)?;
            if let (true, GlobalRef::Alias(i)) = (weak, g) {
                let aliasee = m.aliases.get(i as usize).ok_or(internal("an alias"))?.aliasee;
                let Some(fallback) = strip_pointer_casts(m, aliasee) else {
                    self.finish_symbol(name, ir_name, comdat_index, flags, unc);
                    return Err(Stop::Swallowed("Invalid weak external"));
                };
                let mut fname = Vec::new();
                if m.global_common(fallback).dll == DllStorage::Import {
                    fname.extend_from_slice(b"__imp_");
                }
                self.sym_mangler.name(cx, fallback, &mut fname)?;
                self.uncommon(&mut unc, &mut flags);
                let s = self.str(&fname);
                if let Some(u) = unc.as_mut() {
                    u.coff_weak_fallback = s;
                }
            }
        }
        let section = match object {
            GlobalRef::Var(i) => m.globals.get(i as usize).and_then(|v| v.section.as_ref()),
            GlobalRef::Func(i) => m.functions.get(i as usize).and_then(|f| f.section.as_ref()),
            _ => None,
        };
        if let Some(s) = section.filter(|s| !s.as_bytes().is_empty()) {
            self.uncommon(&mut unc, &mut flags);
            let s = self.str(s.as_bytes());
            if let Some(u) = unc.as_mut() {
                u.section = s;
            }
        }
        self.finish_symbol(name, ir_name, comdat_index, flags, unc);
        Ok(())
    }

    /// The symbol's `Uncommon`, made (its two strings empty) on first use.
    fn uncommon<'u>(&mut self, unc: &'u mut Option<Uncommon>, flags: &mut u32) -> &'u mut Uncommon {
        if unc.is_none() {
            *flags |= 1 << fb::HAS_UNCOMMON;
            let empty = self.str(b"");
            let empty2 = self.str(b"");
            *unc = Some(Uncommon {
                coff_weak_fallback: empty,
                section: empty2,
                ..Uncommon::default()
            });
        }
        unc.get_or_insert_with(Uncommon::default)
    }

    /// Appends a symbol and its `Uncommon`, if it has one.
    fn finish_symbol(
        &mut self,
        name: Str,
        ir_name: Str,
        comdat: i32,
        flags: u32,
        unc: Option<Uncommon>,
    ) {
        self.syms.push(Symbol { name, ir_name, comdat, flags });
        self.uncommons.extend(unc);
    }

    /// `Builder::getComdatIndex`.
    fn comdat_index(&mut self, cx: &Cx<'m>, cd: ComdatId) -> Result<i32, Stop> {
        if let Some(&i) = self.comdat_index.get(&cd) {
            return Ok(i);
        }
        let m = self.m;
        let c = m.comdats.get(cd.0 as usize).ok_or(internal("an unknown comdat"))?;
        let index = self.comdats.len() as i32;
        self.comdat_index.insert(cd, index);
        let name = if self.tt.format() == Format::Coff {
            let Some(&leader) = self.names.get(c.name.as_bytes()) else {
                return Err(Stop::Swallowed("Could not find leader"));
            };
            if m.global_common(leader).linkage.is_local() {
                self.comdat_index.insert(cd, -1);
                return Ok(-1);
            }
            let mut n = Vec::new();
            self.own_mangler.name(cx, leader, &mut n)?;
            n
        } else {
            c.name.as_bytes().to_vec()
        };
        let name = self.str(&name);
        self.comdats.push(ComdatEntry { name, kind: selection_kind(c.kind) });
        Ok(index)
    }

    /// `emitLinkerFlagsForGlobalCOFF`: `-export:` and `-exclude-symbols:`
    /// directives into the COFF linker options.
    fn linker_flags_coff(&mut self, cx: &Cx<'m>, g: GlobalRef) -> Result<(), Stop> {
        let m = self.m;
        let c = m.global_common(g);
        let defined = !is_declaration(m, g);
        let ir = c.name.as_ref().map_or(&[][..], |n| n.as_bytes());
        let quotes = !ir.is_empty()
            && !ir.iter().all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'@' | b'#'));
        let msvc = self.tt.is_windows_msvc();
        let gnu_like = self.tt.is_windows_gnu() || self.tt.is_windows_cygwin();
        let prefix = cx.mode.global_prefix();
        let mut out = core::mem::take(&mut self.coff_linker_opts);
        if c.dll == DllStorage::Export && defined {
            out.extend_from_slice(if msvc { b" /EXPORT:" } else { b" -export:" });
            if quotes {
                out.push(b'"');
            }
            let mut flag = Vec::new();
            self.own_mangler.name(cx, g, &mut flag)?;
            if gnu_like && !flag.is_empty() && flag[0] == prefix.unwrap_or(0) {
                out.extend_from_slice(&flag[1..]);
            } else {
                out.extend_from_slice(&flag);
            }
            if self.tt.arm64ec {
                if let Some(d) = arm64ec_demangled(ir) {
                    out.extend_from_slice(b",EXPORTAS,");
                    out.extend_from_slice(&d);
                }
            }
            if quotes {
                out.push(b'"');
            }
            let value_ty = m.global_value_type(g);
            if !matches!(m.types.get(value_ty), Some(TypeKind::Function { .. })) {
                out.extend_from_slice(if msvc { b",DATA" } else { b",data" });
            }
        }
        if c.visibility == Visibility::Hidden && defined && self.tt.is_cyg_ming() {
            out.extend_from_slice(b" -exclude-symbols:");
            if quotes {
                out.push(b'"');
            }
            let mut flag = Vec::new();
            self.own_mangler.name(cx, g, &mut flag)?;
            if !flag.is_empty() && flag[0] == prefix.unwrap_or(0) {
                out.extend_from_slice(&flag[1..]);
            } else {
                out.extend_from_slice(&flag);
            }
            if quotes {
                out.push(b'"');
            }
        }
        self.coff_linker_opts = out;
        Ok(())
    }
}

/// `getArm64ECDemangledFunctionName`.
fn arm64ec_demangled(name: &[u8]) -> Option<Vec<u8>> {
    match name.first()? {
        b'#' => Some(name[1..].to_vec()),
        b'?' => {
            let at = name.windows(3).position(|w| w == b"$$h")?;
            let (a, b) = (&name[..at], &name[at + 3..]);
            if b.is_empty() {
                return None;
            }
            Some([a, b].concat())
        }
        _ => None,
    }
}

/// The module's global values in `Module::global_values()` order:
/// functions, variables, aliases, ifuncs.
fn global_values(m: &Module) -> Vec<GlobalRef> {
    let n = |len: usize| 0..len as u32;
    n(m.functions.len())
        .map(GlobalRef::Func)
        .chain(n(m.globals.len()).map(GlobalRef::Var))
        .chain(n(m.aliases.len()).map(GlobalRef::Alias))
        .chain(n(m.ifuncs.len()).map(GlobalRef::IFunc))
        .collect()
}

/// `GlobalValue::getVisibility` as a number.
fn visibility(v: Visibility) -> u32 {
    match v {
        Visibility::Default => 0,
        Visibility::Hidden => 1,
        Visibility::Protected => 2,
    }
}

/// `GlobalValue::isDeclaration`.
fn is_declaration(m: &Module, g: GlobalRef) -> bool {
    match g {
        GlobalRef::Var(i) => m.globals.get(i as usize).is_none_or(|v| v.init.is_none()),
        GlobalRef::Func(i) => m.functions.get(i as usize).is_none_or(Function::is_declaration),
        GlobalRef::Alias(_) | GlobalRef::IFunc(_) => false,
    }
}

/// `GlobalValue::isDeclarationForLinker`.
fn is_declaration_for_linker(m: &Module, g: GlobalRef) -> bool {
    m.global_common(g).linkage == Linkage::AvailableExternally || is_declaration(m, g)
}

/// `GlobalValue::canBeOmittedFromSymbolTable`.
fn may_omit(m: &Module, g: GlobalRef, c: &GlobalCommon) -> bool {
    if c.linkage != Linkage::LinkOnceOdr {
        return false;
    }
    if c.unnamed_addr == UnnamedAddr::Global {
        return true;
    }
    if let GlobalRef::Var(i) = g {
        if !m.globals.get(i as usize).is_some_and(|v| v.constant) {
            return false;
        }
    }
    c.unnamed_addr != UnnamedAddr::None
}

/// The global values by name (`Module::getNamedValue`'s table).
fn names_of(m: &Module) -> HashMap<&[u8], GlobalRef> {
    let mut out = HashMap::new();
    for g in global_values(m) {
        if let Some(n) = m.global_common(g).name.as_ref().filter(|n| !n.as_bytes().is_empty()) {
            out.entry(n.as_bytes()).or_insert(g);
        }
    }
    out
}

/// How deep constant expressions are followed (LLVM recurses without a
/// bound; a deeper chain is taken as leading nowhere).
const MAX_DEPTH: u32 = 1_000;

/// `GlobalValue::getAliaseeObject`: the global object an alias ends at
/// through aliases and `add`, `sub`, casts and GEPs (`findBaseObject`);
/// a global object is its own.
fn base_object(m: &Module, g: GlobalRef) -> Option<GlobalRef> {
    match g {
        GlobalRef::Alias(i) => {
            let mut seen = HashSet::from([i]);
            base_of(m, m.aliases.get(i as usize)?.aliasee, &mut seen, 0)
        }
        g => Some(g),
    }
}

/// `findBaseObject` of a constant (`seen`: the aliases passed through).
fn base_of(m: &Module, c: ConstId, seen: &mut HashSet<u32>, depth: u32) -> Option<GlobalRef> {
    if depth > MAX_DEPTH {
        return None;
    }
    match m.consts.kind(c)? {
        ConstKind::Global(GlobalRef::Alias(i)) => {
            if seen.insert(*i) {
                base_of(m, m.aliases.get(*i as usize)?.aliasee, seen, depth + 1)
            } else {
                None
            }
        }
        ConstKind::Global(g) => Some(*g),
        ConstKind::Expr { op, ops, .. } => match op {
            ExprOp::Add => {
                let l = base_of(m, *ops.first()?, seen, depth + 1);
                let r = base_of(m, *ops.get(1)?, seen, depth + 1);
                match (l, r) {
                    (Some(_), Some(_)) => None,
                    (l, r) => l.or(r),
                }
            }
            ExprOp::Sub => {
                if base_of(m, *ops.get(1)?, seen, depth + 1).is_some() {
                    None
                } else {
                    base_of(m, *ops.first()?, seen, depth + 1)
                }
            }
            ExprOp::IntToPtr | ExprOp::PtrToInt | ExprOp::BitCast | ExprOp::GetElementPtr => {
                base_of(m, *ops.first()?, seen, depth + 1)
            }
            _ => None,
        },
        _ => None,
    }
}

/// `Value::stripPointerCasts` down to a global value (`None`: it is
/// none): through bitcasts, address space casts and GEPs of zero indices.
fn strip_pointer_casts(m: &Module, mut c: ConstId) -> Option<GlobalRef> {
    for _ in 0..MAX_DEPTH {
        match m.consts.kind(c)? {
            ConstKind::Global(g) => return Some(*g),
            ConstKind::Expr { op: ExprOp::BitCast | ExprOp::AddrSpaceCast, ops, .. } => {
                c = *ops.first()?;
            }
            ConstKind::Expr { op: ExprOp::GetElementPtr, ops, .. }
                if ops.iter().skip(1).all(|&i| is_zero_int(m, i)) =>
            {
                c = *ops.first()?;
            }
            _ => return None,
        }
    }
    None
}

/// A zero integer, or a zero vector of them.
fn is_zero_int(m: &Module, c: ConstId) -> bool {
    match m.consts.kind(c) {
        Some(ConstKind::Int(v)) => v.limbs().iter().all(|&l| l == 0),
        Some(ConstKind::Zero) => true,
        _ => false,
    }
}

/// `collectUsedGlobalVariables` of `llvm.used` and `llvm.compiler.used`.
fn used_globals(m: &Module, names: &HashMap<&[u8], GlobalRef>) -> HashSet<GlobalRef> {
    let mut out = HashSet::new();
    for list in [&b"llvm.used"[..], b"llvm.compiler.used"] {
        let Some(&GlobalRef::Var(i)) = names.get(list) else { continue };
        let Some(v) = m.globals.get(i as usize) else { continue };
        if v.common.linkage.is_local() {
            continue;
        }
        let elems: Vec<ConstId> = match v.init.and_then(|c| m.consts.kind(c)) {
            Some(ConstKind::Array(ops)) => ops.to_vec(),
            Some(ConstKind::Splat(e)) => vec![*e],
            _ => Vec::new(),
        };
        out.extend(elems.into_iter().filter_map(|e| strip_pointer_casts(m, e)));
    }
    out
}

/// The string an operand of a node is (`None`: it is none).
fn md_string(m: &Module, op: Option<llvmext_ir::id::MdId>) -> Option<&[u8]> {
    match m.md.get(op?)? {
        MdNode::String(s) => Some(s),
        _ => None,
    }
}

/// `Module::getModuleFlag(key)` as an integer.
fn module_flag_int(m: &Module, key: &[u8]) -> Option<u64> {
    let flags = m.named_md.iter().find(|n| n.name.as_bytes() == b"llvm.module.flags")?;
    for &node in flags.ops.iter() {
        let Some(MdNode::Tuple(ops)) = m.md.get(node) else { continue };
        if ops.len() < 3 || md_string(m, ops[1]) != Some(key) {
            continue;
        }
        return match m.md.get(ops[2]?)? {
            MdNode::Value(_, Value::Const(c)) => match m.consts.kind(*c)? {
                ConstKind::Int(v) => v.limbs().first().copied(),
                _ => None,
            },
            _ => None,
        };
    }
    None
}

/// What a symbol's name is computed with.
struct Cx<'m> {
    /// The module.
    m: &'m Module,
    /// Its datalayout (sizes for common symbols and `@N` suffixes).
    dl: DataLayout,
    /// The datalayout's mangling mode.
    mode: Mangling,
}

/// `DataLayout::ManglingModeT`: the datalayout's `m:` letter.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mangling {
    /// No `m:`.
    None,
    /// `m:e`.
    Elf,
    /// `m:o`.
    MachO,
    /// `m:w`.
    WinCoff,
    /// `m:x`.
    WinCoffX86,
    /// `m:l`.
    Goff,
    /// `m:m`.
    Mips,
    /// `m:a`.
    Xcoff,
}

impl Mangling {
    /// The mode of an `m:` letter (`None`: no `m:`).
    fn of(letter: Option<u8>) -> Mangling {
        match letter {
            Some(b'e') => Mangling::Elf,
            Some(b'o') => Mangling::MachO,
            Some(b'w') => Mangling::WinCoff,
            Some(b'x') => Mangling::WinCoffX86,
            Some(b'l') => Mangling::Goff,
            Some(b'm') => Mangling::Mips,
            Some(b'a') => Mangling::Xcoff,
            _ => Mangling::None,
        }
    }

    /// `getGlobalPrefix` (`None` for `'\0'`).
    fn global_prefix(self) -> Option<u8> {
        match self {
            Mangling::MachO | Mangling::WinCoffX86 => Some(b'_'),
            _ => None,
        }
    }

    /// `getPrivateGlobalPrefix`.
    fn private_prefix(self) -> &'static [u8] {
        match self {
            Mangling::None => b"",
            Mangling::Elf | Mangling::WinCoff => b".L",
            Mangling::Goff => b"L#",
            Mangling::Mips => b"$",
            Mangling::MachO | Mangling::WinCoffX86 => b"L",
            Mangling::Xcoff => b"L..",
        }
    }

    /// `doNotMangleLeadingQuestionMark`.
    fn keeps_question_mark(self) -> bool {
        matches!(self, Mangling::WinCoff | Mangling::WinCoffX86)
    }
}

/// `Mangler`: names of global values, numbering the unnamed ones in the
/// order it is first asked about them.
#[derive(Default)]
struct Mangler {
    /// `AnonGlobalIDs`: the `N` of `__unnamed_N`, from 1.
    anon: HashMap<GlobalRef, u32>,
}

impl Mangler {
    /// `Mangler::getNameWithPrefix(OS, GV, /*CannotUsePrivateLabel=*/false)`.
    fn name(&mut self, cx: &Cx<'_>, g: GlobalRef, out: &mut Vec<u8>) -> Result<(), WriteError> {
        let m = cx.m;
        let c = m.global_common(g);
        let private = c.linkage == Linkage::Private;
        let name = c.name.as_ref().map_or(&[][..], |n| n.as_bytes());
        if name.is_empty() {
            let next = self.anon.len() as u32 + 1;
            let id = *self.anon.entry(g).or_insert(next);
            let n = format!("__unnamed_{id}");
            name_with_prefix(cx.mode, n.as_bytes(), private, cx.mode.global_prefix(), out);
            return Ok(());
        }
        let mut prefix = cx.mode.global_prefix();
        let mut ms = match base_object(m, g) {
            Some(GlobalRef::Func(i)) => m.functions.get(i as usize),
            _ => None,
        };
        if name[0] == 1 || (cx.mode.keeps_question_mark() && name[0] == b'?') {
            ms = None;
        }
        let cc = ms.map_or(CallConv::C, |f| f.cc);
        if cx.mode != Mangling::WinCoffX86 && cc != CallConv::X86_VECTORCALL {
            ms = None;
        }
        if ms.is_some() {
            if cc == CallConv::X86_FASTCALL {
                prefix = Some(b'@');
            } else if cc == CallConv::X86_VECTORCALL {
                prefix = None;
            }
        }
        name_with_prefix(cx.mode, name, private, prefix, out);
        let Some(f) = ms else { return Ok(()) };
        if cc == CallConv::X86_VECTORCALL {
            out.push(b'@');
        }
        let Some(TypeKind::Function { params, vararg, .. }) = m.types.get(f.ty) else {
            return Err(internal("a function whose type is no function type"));
        };
        let sret_at = |i: usize| has_param_attr(m, f, i, "sret").is_some();
        let has_sret = sret_at(0) || sret_at(1);
        if matches!(cc, CallConv::X86_STDCALL | CallConv::X86_FASTCALL | CallConv::X86_VECTORCALL)
            && (!vararg || params.is_empty() || (params.len() == 1 && has_sret))
        {
            // addByteCountSuffix: the arguments' sizes, each rounded up to
            // a pointer's, sret arguments left out.
            let ptr = u64::from(cx.dl.pointer_bits(0) / 8).max(1);
            let mut words = 0u64;
            for (i, &p) in params.iter().enumerate() {
                if sret_at(i) {
                    continue;
                }
                let ty = ["byval", "inalloca", "preallocated"]
                    .iter()
                    .find_map(|k| has_param_attr(m, f, i, k).flatten())
                    .unwrap_or(p);
                let size = cx.dl.alloc_size(&m.types, ty).ok_or(internal("an unsized argument"))?;
                words = words.wrapping_add(size.div_ceil(ptr) * ptr);
            }
            out.push(b'@');
            out.extend_from_slice((words as u32).to_string().as_bytes());
        }
        Ok(())
    }
}

/// Whether parameter `i` of `f` has attribute `kw`: `Some(type)` for a
/// type attribute, `Some(None)` for another, `None` if absent.
fn has_param_attr(
    m: &Module,
    f: &Function,
    i: usize,
    kw: &str,
) -> Option<Option<llvmext_ir::id::TypeId>> {
    let set = m.attrs.param(f.attrs, i);
    m.attrs.get(set).iter().find(|a| a.kind_keyword() == kw.as_bytes()).map(|a| match a {
        llvmext_ir::attr::Attr::Type(_, t) => Some(*t),
        _ => None,
    })
}

/// `getNameWithPrefixImpl`.
fn name_with_prefix(
    mode: Mangling,
    name: &[u8],
    private: bool,
    mut prefix: Option<u8>,
    out: &mut Vec<u8>,
) {
    if let Some(rest) = name.strip_prefix(&[1u8][..]) {
        out.extend_from_slice(rest);
        return;
    }
    if mode.keeps_question_mark() && name.first() == Some(&b'?') {
        prefix = None;
    }
    if private {
        out.extend_from_slice(mode.private_prefix());
    }
    out.extend(prefix);
    out.extend_from_slice(name);
}

/// The names `irsymtab` marks used for a target (LLVM 19's
/// `buildPreservedSymbolsSet`): [`PRESERVED_GLOBALS`] and the names of
/// `RuntimeLibcallsInfo(TT)`'s runtime library calls.
fn preserved_names(tt: &Triple) -> HashSet<&'static [u8]> {
    let table: Vec<(&str, Option<&'static str>)> = LIBCALLS
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(code, name)| (code, (name != "-").then_some(name)))
        .collect();
    let index: HashMap<&str, usize> = table.iter().enumerate().map(|(i, e)| (e.0, i)).collect();
    let mut names: Vec<Option<&'static str>> = table.iter().map(|e| e.1).collect();
    let mut set = |codes: &[(&str, Option<&'static str>)]| assign(&mut names, &index, codes);
    let none = |codes: &[&'static str]| -> Vec<(&'static str, Option<&'static str>)> {
        codes.iter().map(|&c| (c, None)).collect()
    };
    /// What 32-bit targets' libgcc lacks.
    const I128_32BIT: [&str; 5] = ["SHL_I128", "SRL_I128", "SRA_I128", "MUL_I128", "MULO_I64"];
    if tt.arch == Arch::X86_64 && tt.is_gnu_env() {
        set(libcalls::X86_64_GNU_F128);
    }
    if tt.is_ppc() {
        set(libcalls::PPC_F128);
    }
    if tt.is_darwin() {
        set(&[("FPEXT_F16_F32", Some("__extendhfsf2")), ("FPROUND_F32_F16", Some("__truncsfhf2"))]);
        match tt.arch {
            Arch::X86 | Arch::X86_64 if tt.is_macosx() && !tt.macos_10_lt(6) => {
                set(&[("BZERO", Some("__bzero"))]);
            }
            Arch::AArch64 | Arch::AArch64_32 => set(&[("BZERO", Some("bzero"))]),
            _ => {}
        }
        // darwinHasSinCos.
        let sincos = if tt.arch == Arch::X86 {
            false
        } else if tt.is_macosx() {
            !tt.macos_10_lt(9) && tt.is_64bit()
        } else if matches!(tt.os, OsType::Ios | OsType::TvOs) {
            !tt.os_version_lt(7, 0)
        } else {
            true
        };
        if sincos {
            set(&[
                ("SINCOS_STRET_F32", Some("__sincosf_stret")),
                ("SINCOS_STRET_F64", Some("__sincos_stret")),
            ]);
        }
        let exp10 = [("EXP10_F32", Some("__exp10f")), ("EXP10_F64", Some("__exp10"))];
        match tt.os {
            OsType::MacOsx if tt.macos_10_lt(9) => set(&none(&["EXP10_F32", "EXP10_F64"])),
            OsType::Ios if tt.os_version_lt(7, 0) => set(&none(&["EXP10_F32", "EXP10_F64"])),
            OsType::MacOsx | OsType::Ios | OsType::TvOs | OsType::WatchOs | OsType::XrOs => {
                set(&exp10)
            }
            _ => {}
        }
    }
    if tt.is_gnu_env() || tt.os == OsType::Fuchsia || (tt.env == Env::Android && !tt.android_lt(9))
    {
        set(&[
            ("SINCOS_F32", Some("sincosf")),
            ("SINCOS_F64", Some("sincos")),
            ("SINCOS_F80", Some("sincosl")),
            ("SINCOS_F128", Some("sincosl")),
            ("SINCOS_PPCF128", Some("sincosl")),
        ]);
    }
    if tt.arch == Arch::X86_64 && tt.scei && matches!(tt.os, OsType::Ps4 | OsType::Ps5) {
        set(&[("SINCOS_F32", Some("sincosf")), ("SINCOS_F64", Some("sincos"))]);
    }
    if tt.os == OsType::OpenBsd {
        set(&none(&["STACKPROTECTOR_CHECK_FAIL"]));
    }
    if tt.os == OsType::Win32 && !tt.is_cyg_ming() {
        set(&none(&[
            "LDEXP_F32",
            "LDEXP_F80",
            "LDEXP_F128",
            "LDEXP_PPCF128",
            "FREXP_F32",
            "FREXP_F80",
            "FREXP_F128",
            "FREXP_PPCF128",
        ]));
    }
    let powi = none(&["POWI_F32", "POWI_F64"]);
    if tt.is_aarch64() && tt.is_msvcrt() {
        set(&powi);
    }
    if matches!(tt.arch, Arch::AmdGcn | Arch::R600 | Arch::Nvptx | Arch::Nvptx64) {
        // All but the atomics.
        let (first, last) = (index.get("ATOMIC_LOAD"), index.get("ATOMIC_FETCH_NAND_16"));
        if let (Some(&first), Some(&last)) = (first, last) {
            for (i, n) in names.iter_mut().enumerate() {
                if i < first || i > last {
                    *n = None;
                }
            }
        }
    }
    let mut set = |codes: &[(&str, Option<&'static str>)]| assign(&mut names, &index, codes);
    if matches!(tt.arch, Arch::Arm | Arch::ArmEb | Arch::Thumb | Arch::ThumbEb) {
        set(&none(&I128_32BIT));
        set(&none(&["MULO_I128"]));
        if tt.is_msvcrt() {
            set(&powi);
        }
    }
    if tt.arch == Arch::Avr {
        set(&none(&[
            "SDIV_I8", "SDIV_I16", "SDIV_I32", "UDIV_I8", "UDIV_I16", "UDIV_I32", "SREM_I8",
            "SREM_I16", "SREM_I32", "UREM_I8", "UREM_I16", "UREM_I32",
        ]));
    }
    if tt.arch == Arch::Hexagon {
        set(&none(&["SHL_I128", "SRL_I128", "SRA_I128"]));
    }
    if matches!(tt.arch, Arch::LoongArch32 | Arch::LoongArch64) {
        if tt.arch != Arch::LoongArch64 {
            set(&none(&["MUL_I128", "MULO_I64"]));
        }
        set(&none(&["MULO_I128"]));
    }
    if matches!(tt.arch, Arch::Mips | Arch::MipsEl) {
        set(&none(&I128_32BIT));
        set(&none(&["MULO_I128"]));
    }
    if tt.is_ppc() {
        if !matches!(tt.arch, Arch::Ppc64 | Arch::Ppc64Le) {
            set(&none(&I128_32BIT));
        }
        set(&none(&["MULO_I128"]));
    }
    if tt.arch == Arch::RiscV32 {
        set(&none(&I128_32BIT));
    }
    if matches!(tt.arch, Arch::Sparc | Arch::SparcEl | Arch::SparcV9) {
        if tt.arch != Arch::SparcV9 {
            set(&none(&I128_32BIT));
        }
        set(&none(&["MULO_I128"]));
    }
    if tt.arch == Arch::SystemZ {
        set(&none(&["SRL_I128", "SHL_I128", "SRA_I128"]));
    }
    if tt.is_x86() {
        if tt.arch == Arch::X86 {
            set(&none(&I128_32BIT));
        }
        set(&none(&["MULO_I128"]));
        if tt.is_msvcrt() {
            set(&powi);
        }
    }
    let mut out: HashSet<&'static [u8]> = names.into_iter().flatten().map(str::as_bytes).collect();
    out.extend(PRESERVED_GLOBALS.iter().map(|s| s.as_bytes()));
    out
}

/// Every name [`preserved_names`] may give, for tests: the default names
/// and those of the target-specific tables.
#[cfg(test)]
pub(crate) fn libcall_candidates() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = LIBCALLS
        .lines()
        .filter_map(|l| l.split_once(' ').map(|(_, n)| n))
        .filter(|&n| n != "-")
        .chain(libcalls::X86_64_GNU_F128.iter().chain(libcalls::PPC_F128).filter_map(|e| e.1))
        .chain(["__extendhfsf2", "__truncsfhf2", "__bzero", "bzero", "__sincosf_stret"])
        .chain(["__sincos_stret", "__exp10f", "__exp10", "sincosf", "sincos", "sincosl"])
        .chain(PRESERVED_GLOBALS)
        .chain(["__security_cookie"])
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// `setLibcallName` of each (code, name) pair (`None`: `nullptr`).
fn assign(
    names: &mut [Option<&'static str>],
    index: &HashMap<&str, usize>,
    codes: &[(&str, Option<&'static str>)],
) {
    for &(code, name) in codes {
        if let Some(slot) = index.get(code).and_then(|&i| names.get_mut(i)) {
            *slot = name;
        }
    }
}

/// Runtime library call names LLVM 19's `initLibcalls` sets for some
/// targets in place of `RuntimeLibcalls.def`'s.
mod libcalls {
    /// x86-64 with a GNU environment: the `f128` variants of the math
    /// functions (the `_FINITE` ones too).
    pub(super) const X86_64_GNU_F128: &[(&str, Option<&str>)] = &[
        ("REM_F128", Some("fmodf128")),
        ("FMA_F128", Some("fmaf128")),
        ("SQRT_F128", Some("sqrtf128")),
        ("CBRT_F128", Some("cbrtf128")),
        ("LOG_F128", Some("logf128")),
        ("LOG_FINITE_F128", Some("__logf128_finite")),
        ("LOG2_F128", Some("log2f128")),
        ("LOG2_FINITE_F128", Some("__log2f128_finite")),
        ("LOG10_F128", Some("log10f128")),
        ("LOG10_FINITE_F128", Some("__log10f128_finite")),
        ("EXP_F128", Some("expf128")),
        ("EXP_FINITE_F128", Some("__expf128_finite")),
        ("EXP2_F128", Some("exp2f128")),
        ("EXP2_FINITE_F128", Some("__exp2f128_finite")),
        ("EXP10_F128", Some("exp10f128")),
        ("SIN_F128", Some("sinf128")),
        ("COS_F128", Some("cosf128")),
        ("TAN_F128", Some("tanf128")),
        ("SINCOS_F128", Some("sincosf128")),
        ("ASIN_F128", Some("asinf128")),
        ("ACOS_F128", Some("acosf128")),
        ("ATAN_F128", Some("atanf128")),
        ("SINH_F128", Some("sinhf128")),
        ("COSH_F128", Some("coshf128")),
        ("TANH_F128", Some("tanhf128")),
        ("POW_F128", Some("powf128")),
        ("POW_FINITE_F128", Some("__powf128_finite")),
        ("CEIL_F128", Some("ceilf128")),
        ("TRUNC_F128", Some("truncf128")),
        ("RINT_F128", Some("rintf128")),
        ("NEARBYINT_F128", Some("nearbyintf128")),
        ("ROUND_F128", Some("roundf128")),
        ("ROUNDEVEN_F128", Some("roundevenf128")),
        ("FLOOR_F128", Some("floorf128")),
        ("COPYSIGN_F128", Some("copysignf128")),
        ("FMIN_F128", Some("fminf128")),
        ("FMAX_F128", Some("fmaxf128")),
        ("LROUND_F128", Some("lroundf128")),
        ("LLROUND_F128", Some("llroundf128")),
        ("LRINT_F128", Some("lrintf128")),
        ("LLRINT_F128", Some("llrintf128")),
        ("LDEXP_F128", Some("ldexpf128")),
        ("FREXP_F128", Some("frexpf128")),
    ];

    /// PowerPC: `kf` in place of `tf` for IEEE quad precision.
    pub(super) const PPC_F128: &[(&str, Option<&str>)] = &[
        ("ADD_F128", Some("__addkf3")),
        ("SUB_F128", Some("__subkf3")),
        ("MUL_F128", Some("__mulkf3")),
        ("DIV_F128", Some("__divkf3")),
        ("POWI_F128", Some("__powikf2")),
        ("FPEXT_F32_F128", Some("__extendsfkf2")),
        ("FPEXT_F64_F128", Some("__extenddfkf2")),
        ("FPROUND_F128_F32", Some("__trunckfsf2")),
        ("FPROUND_F128_F64", Some("__trunckfdf2")),
        ("FPTOSINT_F128_I32", Some("__fixkfsi")),
        ("FPTOSINT_F128_I64", Some("__fixkfdi")),
        ("FPTOSINT_F128_I128", Some("__fixkfti")),
        ("FPTOUINT_F128_I32", Some("__fixunskfsi")),
        ("FPTOUINT_F128_I64", Some("__fixunskfdi")),
        ("FPTOUINT_F128_I128", Some("__fixunskfti")),
        ("SINTTOFP_I32_F128", Some("__floatsikf")),
        ("SINTTOFP_I64_F128", Some("__floatdikf")),
        ("SINTTOFP_I128_F128", Some("__floattikf")),
        ("UINTTOFP_I32_F128", Some("__floatunsikf")),
        ("UINTTOFP_I64_F128", Some("__floatundikf")),
        ("UINTTOFP_I128_F128", Some("__floatuntikf")),
        ("OEQ_F128", Some("__eqkf2")),
        ("UNE_F128", Some("__nekf2")),
        ("OGE_F128", Some("__gekf2")),
        ("OLT_F128", Some("__ltkf2")),
        ("OLE_F128", Some("__lekf2")),
        ("OGT_F128", Some("__gtkf2")),
        ("UO_F128", Some("__unordkf2")),
    ];
}

/// LLVM 19's `RuntimeLibcalls.def` (generated by
/// `scripts/gen-runtime-libcalls.py` from the llvm-19-dev header): each
/// runtime library call's code and
/// default name (`-`: `nullptr`), one a line in enum order (the
/// outline-atomic calls, all `nullptr` and after the last named one, and
/// `UNKNOWN_LIBCALL` left out).
const LIBCALLS: &str = include_str!("runtime-libcalls.txt");
