//! The object streamer: the directive-level interface a JIT or a parser
//! calls (switch section, define a label, emit an instruction, data, an
//! alignment, a fill, symbol attributes), recording sections, fragments,
//! fixups and symbols as LLVM's `MCELFStreamer` does. [`ObjectStreamer::finish`]
//! lays everything out and writes the ELF object.

mod dwarf;
mod names;
pub use dwarf::DwarfState;

use crate::diag::{Diagnostic, Loc, Severity};
use crate::expr::{BinaryOp, Expr, ExprId, Exprs, Variant};
use crate::fixup::{Fixup, FixupKind};
use crate::section::{
    AlignSpec, Fragment, FragmentId, FragmentKind, RelaxItem, Section, SectionId,
};
use crate::symbol::{Symbol, SymbolDef, SymbolId};
use crate::target::x86::{self, Inst, Mode};
use hashbrown::HashMap;
use llvmext_obj::elf::{Binding, SectionFlags, SectionType, SymbolType, Visibility};
use smallvec::SmallVec;

/// A symbol with the place in the source where it was written.
pub type PlacedSymbol = (SymbolId, Loc);

/// The architecture of an assembly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Arch {
    /// x86-64 (`x86_64-*`): ELF64, `R_X86_64_*` relocations with addends.
    X86_64,
    /// i386 (`i386-*`, `i686-*`): ELF32, `R_386_*` relocations without.
    I386,
}

impl Arch {
    /// The architecture of a target triple (`x86_64-linux-gnu`,
    /// `i686-pc-linux`, `x86_64`), as llvm-mc reads its `-triple`.
    pub fn from_triple(triple: &str) -> Option<Arch> {
        let arch = triple.split('-').next().unwrap_or("");
        match arch {
            "x86_64" | "amd64" | "x86_64h" => Some(Arch::X86_64),
            "i386" | "i486" | "i586" | "i686" | "i786" | "i886" | "i986" | "x86" => {
                Some(Arch::I386)
            }
            _ => None,
        }
    }

    /// The size of an address in bytes.
    pub fn pointer_size(self) -> u8 {
        match self {
            Arch::X86_64 => 8,
            Arch::I386 => 4,
        }
    }
}

/// A symbol attribute a directive sets (LLVM's `MCSymbolAttr`, the ELF
/// ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SymbolAttr {
    /// `.globl`/`.global`.
    Global,
    /// `.local`.
    Local,
    /// `.weak`.
    Weak,
    /// `.hidden`.
    Hidden,
    /// `.protected`.
    Protected,
    /// `.internal`.
    Internal,
    /// `.type x, @function`.
    Function,
    /// `.type x, @object`.
    Object,
    /// `.type x, @tls_object`.
    TlsObject,
    /// `.type x, @common`.
    CommonType,
    /// `.type x, @notype`.
    NoType,
    /// `.type x, @gnu_indirect_function`.
    IndirectFunction,
    /// `.type x, @gnu_unique_object`.
    UniqueObject,
}

/// The key LLVM's `MCContext` finds an ELF section by.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct SectionKey {
    name: Box<str>,
    group: Option<SymbolId>,
    linked_to: Option<SymbolId>,
    unique: Option<u32>,
}

/// How a new ELF section is described (`.section` arguments).
#[derive(Debug, Clone)]
pub struct SectionDesc<'a> {
    /// The name.
    pub name: &'a str,
    /// `sh_type`.
    pub sh_type: SectionType,
    /// `sh_flags`.
    pub flags: SectionFlags,
    /// `sh_entsize`.
    pub entsize: u64,
    /// The group signature and whether it is a COMDAT.
    pub group: Option<(&'a str, bool)>,
    /// `unique,N`.
    pub unique: Option<u32>,
    /// The symbol an `SHF_LINK_ORDER` section is linked to.
    pub linked_to: Option<SymbolId>,
}

impl<'a> SectionDesc<'a> {
    /// A section with no group, entry size or uniqueness.
    pub fn new(name: &'a str, sh_type: SectionType, flags: SectionFlags) -> Self {
        SectionDesc { name, sh_type, flags, entsize: 0, group: None, unique: None, linked_to: None }
    }
}

/// An ELF relocatable object being assembled.
///
/// ```
/// use llvmext_asm::streamer::{Arch, ObjectStreamer};
/// let mut s = ObjectStreamer::new(Arch::X86_64);
/// let f = s.symbol("f");
/// s.emit_label(f, Default::default());
/// s.emit_bytes(&[0xc3]); // ret
/// let obj = s.finish().unwrap();
/// assert_eq!(&obj[..4], b"\x7fELF");
/// ```
#[derive(Debug)]
pub struct ObjectStreamer {
    pub(crate) arch: Arch,
    pub(crate) mode: Mode,
    pub(crate) exprs: Exprs,
    pub(crate) symbols: Vec<Symbol>,
    /// Named symbols by name (the names live in the symbols).
    names: names::NameTable,
    hasher: hashbrown::DefaultHashBuilder,
    pub(crate) sections: Vec<Section>,
    /// The layout pass under way (0: none; see `assembler::layout`).
    pub(crate) layout_pass: crate::section::Cell32,
    /// Where each label is, from layout on (empty before: see
    /// `assembler::find_places`).
    pub(crate) places: Vec<crate::assembler::Place>,
    section_map: HashMap<SectionKey, SectionId>,
    /// Sections in the order they were first switched to.
    pub(crate) section_order: Vec<SectionId>,
    /// Symbols in the order they were registered (LLVM's
    /// `MCAssembler::symbols()`).
    pub(crate) symbol_order: Vec<SymbolId>,
    cur: Option<SectionId>,
    /// The subsection of `cur` (`.subsection`, `.text 1`).
    cur_sub: u32,
    /// `.previous`'s section and subsection.
    prev: Option<Place>,
    /// `.pushsection`'s saved current and previous places.
    stack: Vec<(Option<Place>, Option<Place>)>,
    pub(crate) diags: Vec<Diagnostic>,
    /// `.file` names with the number of registered symbols when each came.
    pub(crate) file_names: Vec<(Box<str>, u32)>,
    pub(crate) addrsig: bool,
    pub(crate) addrsig_syms: Vec<SymbolId>,
    /// `.symver` directives: the symbol, the versioned name, whether the
    /// original name stays, where.
    pub(crate) symvers: Vec<(SymbolId, String, bool, Loc)>,
    /// `.cg_profile from, to, count` entries (each symbol with the place
    /// it was written).
    pub(crate) cg_profile: Vec<(PlacedSymbol, PlacedSymbol, u64)>,
    /// Symbols `.symver` renamed: relocations name the version instead.
    pub(crate) renames: HashMap<SymbolId, SymbolId>,
    scratch: Vec<u8>,
    /// The instruction matcher, with the plans of the line shapes seen.
    pub(crate) matcher: x86::Matcher,
    scratch_fixups: Vec<x86::Fixup<ExprId>>,
    /// Where the fills whose count is not a constant were written
    /// (section, fragment, place), for an error if it is not absolute.
    pub(crate) fill_locs: Vec<(SectionId, u32, Loc)>,
    /// `.text`.
    pub(crate) text: SectionId,
    seen_ident: bool,
    /// How many times the current section changed.
    switches: u64,
    /// The line table and call frames (taken out while they write).
    pub(crate) dwarf: Option<Box<dwarf::DwarfState>>,
    /// The compilation directory line tables name.
    pub(crate) comp_dir: String,
}

impl ObjectStreamer {
    /// An empty object for `arch`, in `.text` (aligned to 4, as LLVM's
    /// ELF streamer starts).
    pub fn new(arch: Arch) -> ObjectStreamer {
        let mode = match arch {
            Arch::X86_64 => Mode::Bits64,
            Arch::I386 => Mode::Bits32,
        };
        let mut s = ObjectStreamer {
            arch,
            mode,
            exprs: Exprs::default(),
            symbols: Vec::new(),
            names: names::NameTable::default(),
            layout_pass: crate::section::Cell32::new(0),
            places: Vec::new(),
            hasher: Default::default(),
            sections: Vec::new(),
            section_map: HashMap::new(),
            section_order: Vec::new(),
            symbol_order: Vec::new(),
            cur: None,
            cur_sub: 0,
            prev: None,
            stack: Vec::new(),
            diags: Vec::new(),
            file_names: Vec::new(),
            addrsig: false,
            addrsig_syms: Vec::new(),
            symvers: Vec::new(),
            cg_profile: Vec::new(),
            renames: HashMap::new(),
            scratch: Vec::new(),
            matcher: x86::Matcher::default(),
            scratch_fixups: Vec::new(),
            fill_locs: Vec::new(),
            text: SectionId(0),
            seen_ident: false,
            switches: 0,
            dwarf: Some(Box::new(dwarf::DwarfState::new(4))),
            comp_dir: std::env::current_dir().map(|p| p.display().to_string()).unwrap_or_default(),
        };
        let text = s.section(SectionDesc::new(
            ".text",
            SectionType::PROGBITS,
            SectionFlags::ALLOC | SectionFlags::EXECINSTR,
        ));
        s.text = text;
        s.switch_section(text);
        s.emit_code_align(4, 0);
        s
    }

    /// `.text`, where the streamer starts.
    pub fn text_section(&self) -> SectionId {
        self.text
    }

    /// A symbol reference as an instruction operand's value (`foo`,
    /// `foo@PLT`, `foo@GOTPCREL`).
    pub fn sym_value(&mut self, sym: SymbolId, variant: Variant) -> x86::Value<ExprId> {
        let e = self.sym_expr(sym, variant);
        x86::Value::sym(e, variant)
    }

    /// Matches an AT&T-syntax instruction (`mnemonic` and operands in AT&T
    /// order, as `llvm-mc` reads them) and emits it: what the parser does
    /// for an instruction line, for a JIT that builds code in memory.
    ///
    /// ```
    /// use llvmext_asm::streamer::{Arch, ObjectStreamer};
    /// use llvmext_asm::target::x86::{parse_reg, Operand, Value};
    /// let mut s = ObjectStreamer::new(Arch::X86_64);
    /// let eax = Operand::Reg(parse_reg("eax").unwrap());
    /// s.instruction("movl", &[Operand::Imm(Value::Const(42)), eax]).unwrap();
    /// s.instruction("retq", &[]).unwrap();
    /// let obj = s.finish().unwrap();
    /// assert_eq!(&obj[..4], b"\x7fELF");
    /// ```
    pub fn instruction(
        &mut self,
        mnemonic: &str,
        ops: &[x86::Operand<ExprId>],
    ) -> Result<(), x86::MatchError> {
        let inst = self.matcher.match_att(self.mode, &x86::Prefixes::default(), mnemonic, ops)?;
        let before = self.diags.len();
        self.emit_instruction(&inst, Loc::NONE);
        if let Some(d) = self.diags.get(before) {
            return Err(x86::MatchError { message: d.message.clone(), operand: None });
        }
        Ok(())
    }

    /// The architecture.
    pub fn arch(&self) -> Arch {
        self.arch
    }

    /// The instruction mode (`.code16`/`.code32`/`.code64` change it).
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Sets the instruction mode.
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// The expressions.
    pub fn exprs(&self) -> &Exprs {
        &self.exprs
    }

    /// The expressions, to add to.
    pub fn exprs_mut(&mut self) -> &mut Exprs {
        &mut self.exprs
    }

    /// The symbol `id` names.
    pub fn sym(&self, id: SymbolId) -> &Symbol {
        &self.symbols[id.index()]
    }

    /// The section `id` names.
    pub fn sec(&self, id: SectionId) -> &Section {
        &self.sections[id.index()]
    }

    /// The diagnostics so far.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diags
    }

    /// Records an error.
    pub fn error(&mut self, loc: Loc, message: impl Into<String>) {
        self.error_width(loc, 1, message);
    }

    /// An error whose marker covers `width` columns from `loc`.
    pub(crate) fn error_width(&mut self, loc: Loc, width: u32, message: impl Into<String>) {
        let message = message.into();
        self.diags.push(Diagnostic { severity: Severity::Error, loc, message, width });
    }

    /// Records a warning.
    pub fn warning(&mut self, loc: Loc, message: impl Into<String>) {
        let message = message.into();
        self.diags.push(Diagnostic { severity: Severity::Warning, loc, message, width: 1 });
    }

    /// Removes and returns the diagnostics from index `from` on.
    pub(crate) fn take_diagnostics_from(&mut self, from: usize) -> Vec<Diagnostic> {
        self.diags.split_off(from.min(self.diags.len()))
    }

    /// Records a diagnostic as it is.
    pub(crate) fn push_diagnostic(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// Whether an error was recorded.
    pub fn has_errors(&self) -> bool {
        self.diags.iter().any(|d| d.severity == Severity::Error)
    }

    // ----- symbols -----

    /// The symbol named `name`, created undefined if new. Names starting
    /// with `.L` are temporary, as on ELF x86.
    pub fn symbol(&mut self, name: &str) -> SymbolId {
        self.symbol_ascii(name.as_bytes())
    }

    /// [`ObjectStreamer::symbol`] of a name the caller knows is UTF-8 (an
    /// identifier token: ASCII), spared the check.
    pub(crate) fn symbol_ascii(&mut self, name: &[u8]) -> SymbolId {
        let h = self.name_hash(name);
        self.symbol_hashed(name, h)
    }

    /// [`ObjectStreamer::symbol_ascii`] of a name whose hash (by
    /// [`ObjectStreamer::name_hasher`]) is known.
    pub(crate) fn symbol_hashed(&mut self, name: &[u8], h: u64) -> SymbolId {
        if let Some(id) = self.find_name(h, name) {
            return id;
        }
        let id = SymbolId(self.symbols.len() as u32);
        self.symbols.push(Symbol::from_bytes(name, name.starts_with(b".L")));
        self.names.insert(h, id);
        id
    }

    /// Takes the storage another thread made ready (see
    /// [`Prefaulted`]): the symbols, expressions and name table continue
    /// in memory whose pages are already there.
    pub(crate) fn adopt(&mut self, p: Prefaulted) {
        let mut symbols = p.symbols;
        if symbols.is_empty() && symbols.capacity() > self.symbols.len() {
            symbols.append(&mut self.symbols);
            self.symbols = symbols;
        }
        self.exprs.adopt(p.exprs);
        self.names.adopt(p.names);
    }

    /// Brings in what a lookup of a name with hash `h` reads: the table's
    /// entry (`deep`: the symbol it names too, the entry being in by now).
    #[inline]
    pub(crate) fn prefetch_name(&self, h: u64, deep: bool) {
        if !deep {
            self.names.prefetch(h);
        } else if let Some(id) = self.names.first_candidate(h) {
            if let Some(s) = self.symbols.get(id.index()) {
                names::prefetch(s);
            }
        }
    }

    /// Drops the diagnostics, expressions and symbols made since the
    /// first `keep` symbols: for the pre-scanner's scratch streamer, which
    /// reads operands line after line and keeps nothing of them.
    pub(crate) fn forget_scratch(&mut self, keep: usize) {
        self.diags.clear();
        self.exprs.truncate(0);
        if self.symbols.len() > keep {
            self.symbols.truncate(keep);
            self.names.clear();
            for i in 0..keep {
                if !self.symbols[i].name.as_bytes().is_empty() {
                    self.insert_name(SymbolId(i as u32));
                }
            }
        }
    }

    /// How many symbols there are.
    pub(crate) fn symbol_count(&self) -> usize {
        self.symbols.len()
    }

    /// How symbol names are hashed (for [`ObjectStreamer::symbol_hashed`]).
    pub(crate) fn name_hasher(&self) -> hashbrown::DefaultHashBuilder {
        self.hasher.clone()
    }

    fn name_hash(&self, name: &[u8]) -> u64 {
        use core::hash::BuildHasher;
        self.hasher.hash_one(name)
    }

    /// Makes symbol `id` findable by its name.
    fn insert_name(&mut self, id: SymbolId) {
        let h = self.name_hash(self.symbols[id.index()].name.as_bytes());
        self.names.insert(h, id);
    }

    fn find_name(&self, hash: u64, name: &[u8]) -> Option<SymbolId> {
        self.names.find(hash, |s| self.symbols[s.index()].name.is(name))
    }

    /// The symbol named `name`, if it exists.
    pub fn lookup_symbol(&self, name: &str) -> Option<SymbolId> {
        self.find_name(self.name_hash(name.as_bytes()), name.as_bytes())
    }

    /// A new unnamed temporary symbol (never in the symbol table unless a
    /// relocation needs it).
    pub fn temp_symbol(&mut self) -> SymbolId {
        let id = SymbolId(self.symbols.len() as u32);
        self.symbols.push(Symbol::new("", true));
        id
    }

    /// Registers `sym` with the assembler (fixing its place in the symbol
    /// table's order), as LLVM does on first definition, use in emitted
    /// code or data, or attribute.
    pub fn register(&mut self, sym: SymbolId) {
        let s = &mut self.symbols[sym.index()];
        if !s.registered() {
            s.set_registered(true);
            self.symbol_order.push(sym);
        }
    }

    fn register_expr(&mut self, e: ExprId) {
        let mut syms: SmallVec<[SymbolId; 4]> = SmallVec::new();
        self.exprs.for_each_sym(e, |s| syms.push(s));
        for s in syms {
            self.register(s);
        }
    }

    /// Defines `sym` at the current position (a label).
    pub fn emit_label(&mut self, sym: SymbolId, loc: Loc) {
        let s = &self.symbols[sym.index()];
        if s.is_defined() && !matches!(s.def, SymbolDef::Variable(_) if s.redefinable()) {
            let name = s.name.to_string();
            self.error(loc, format!("symbol '{name}' is already defined"));
            return;
        }
        let sec = self.current_section();
        let (frag, offset) = self.data_fragment_end();
        self.register(sym);
        let tls = self.sections[sec.index()].flags.contains(SectionFlags::TLS);
        let s = &mut self.symbols[sym.index()];
        s.def = SymbolDef::Label { section: sec, fragment: frag, offset };
        if tls {
            s.kind = SymbolType::TLS;
        }
    }

    /// Assigns `value` to `sym` (`.set sym, value`).
    pub fn emit_assignment(&mut self, sym: SymbolId, value: ExprId, loc: Loc) {
        let s = &self.symbols[sym.index()];
        if s.is_defined() && !s.redefinable() {
            let name = s.name.to_string();
            self.error(loc, format!("redefinition of '{name}'"));
            return;
        }
        self.register_expr(value);
        let s = &mut self.symbols[sym.index()];
        s.def = SymbolDef::Variable(value);
        s.set_redefinable(true);
        // LLVM's ELF streamer registers an assigned symbol as it emits
        // the assignment.
        self.register(sym);
    }

    /// Sets an attribute of `sym`; false when the attribute does not apply
    /// (LLVM reports it).
    pub fn emit_symbol_attribute(&mut self, sym: SymbolId, attr: SymbolAttr) -> bool {
        self.register(sym);
        let s = &mut self.symbols[sym.index()];
        let combine = |old: SymbolType, new: SymbolType| -> SymbolType {
            // LLVM's CombineSymbolTypes: a TLS or ifunc type is not
            // lost to a plain object/function.
            if old == SymbolType::TLS && new != SymbolType::NOTYPE && new != SymbolType::TLS {
                return old;
            }
            if old == SymbolType::GNU_IFUNC && new == SymbolType::FUNC {
                return old;
            }
            new
        };
        match attr {
            SymbolAttr::Global => {
                // A `.weak` or `.local` symbol made global keeps LLVM's last word.
                s.binding = Some(Binding::GLOBAL);
            }
            SymbolAttr::Local => s.binding = Some(Binding::LOCAL),
            SymbolAttr::Weak => s.binding = Some(Binding::WEAK),
            SymbolAttr::Hidden => s.visibility = Visibility::HIDDEN,
            SymbolAttr::Protected => s.visibility = Visibility::PROTECTED,
            SymbolAttr::Internal => s.visibility = Visibility::INTERNAL,
            SymbolAttr::Function => s.kind = combine(s.kind, SymbolType::FUNC),
            SymbolAttr::Object => s.kind = combine(s.kind, SymbolType::OBJECT),
            SymbolAttr::TlsObject => s.kind = combine(s.kind, SymbolType::TLS),
            SymbolAttr::CommonType => s.kind = combine(s.kind, SymbolType::OBJECT),
            SymbolAttr::NoType => s.kind = combine(s.kind, SymbolType::NOTYPE),
            SymbolAttr::IndirectFunction => s.kind = combine(s.kind, SymbolType::GNU_IFUNC),
            SymbolAttr::UniqueObject => {
                s.kind = combine(s.kind, SymbolType::OBJECT);
                s.binding = Some(Binding::GNU_UNIQUE);
            }
        }
        true
    }

    /// `.weakref alias, target`: `alias` stands for `target` in
    /// expressions; a relocation through it makes `target` weak (when
    /// undefined) and `alias` stays out of the symbol table.
    pub fn emit_weakref(&mut self, alias: SymbolId, target: SymbolId) {
        self.register(target);
        let e = self.exprs.add(Expr::Sym(target, Variant::Weakref));
        let a = &mut self.symbols[alias.index()];
        a.def = SymbolDef::Variable(e);
        a.set_weakref(true);
    }

    /// `.reloc offset, type, expr`: a relocation of a numbered type at
    /// `offset` bytes into the current data fragment (LLVM 19 counts a
    /// constant offset from there), against `value` (none: symbol 0).
    pub fn emit_reloc(&mut self, offset: u32, r_type: u32, value: Option<ExprId>, loc: Loc) {
        let value = match value {
            Some(v) => {
                self.register_expr(v);
                v
            }
            // LLVM refers to a new temporary symbol that is never
            // defined: the relocation has no symbol and no addend.
            None => self.exprs.constant(0),
        };
        let (frag, end) = self.data_fragment_end();
        let _ = end;
        let sec = &mut self.sections[self.cur.unwrap_or(self.text).index()];
        sec.fixups.push(Fixup { offset, kind: FixupKind::Literal(r_type), value, loc });
        if let FragmentKind::Data { fix_len, .. } = &mut sec.fragments[frag.index()].kind {
            *fix_len += 1;
        }
    }

    /// `.symver sym, name@VERSION[, remove]`: a versioned name for `sym`
    /// (`name@V`, `name@@V` the default version, `name@@@V` either as `sym`
    /// is defined or not), made at the end; with `keep_original` false
    /// (`remove`) or `sym` undefined, relocations use the versioned name.
    pub fn emit_symver(&mut self, sym: SymbolId, versioned: &str, keep_original: bool, loc: Loc) {
        self.symvers.push((sym, versioned.to_string(), keep_original, loc));
    }

    /// `.cg_profile from, to, count`: an edge of the call-graph profile
    /// (written at the end into `.llvm.call-graph-profile`); each symbol
    /// comes with the place errors about it point at.
    pub fn emit_cg_profile(&mut self, from: PlacedSymbol, to: PlacedSymbol, count: u64) {
        self.cg_profile.push((from, to, count));
    }

    /// Writes `.llvm.call-graph-profile` (`SHT_LLVM_CALL_GRAPH_PROFILE`,
    /// excluded from links, 8-byte weights; each edge's two symbols as
    /// `R_*_NONE` relocations at its weight), as LLVM's
    /// `finalizeCGProfile`: a temporary symbol stands for its section.
    pub(crate) fn finalize_cg_profile(&mut self) {
        if self.cg_profile.is_empty() {
            return;
        }
        let mut desc = SectionDesc::new(
            ".llvm.call-graph-profile",
            SectionType::LLVM_CALL_GRAPH_PROFILE,
            SectionFlags(0x8000_0000),
        );
        desc.entsize = 8;
        let sec = self.section(desc);
        self.push_section();
        self.switch_section(sec);
        let mut offset = 0u32;
        for (from, to, count) in core::mem::take(&mut self.cg_profile) {
            for (s, loc) in [from, to] {
                let mut s = s;
                if self.symbols[s.index()].temporary() {
                    match self.symbols[s.index()].def {
                        SymbolDef::Label { section, .. } => {
                            s = self.sections[section.index()].begin
                        }
                        _ => {
                            let n = self.symbols[s.index()].name.to_string();
                            self.error(
                                loc,
                                format!("Reference to undefined temporary symbol `{n}`"),
                            );
                            continue;
                        }
                    }
                }
                let e = self.exprs.add(Expr::Sym(s, Variant::None));
                self.emit_reloc(offset, 0, Some(e), loc);
            }
            self.emit_int(count, 8);
            offset += 8;
        }
        self.pop_section();
    }

    /// Makes the `.symver` names (LLVM's `executePostLayoutBinding`).
    pub(crate) fn bind_symvers(&mut self) {
        for (sym, name, keep, loc) in core::mem::take(&mut self.symvers) {
            let Some(at) = name.find('@') else { continue };
            let (prefix, rest) = name.split_at(at);
            let undefined = !self.symbols[sym.index()].is_defined();
            let tail =
                if rest.starts_with("@@@") { &rest[if undefined { 2 } else { 1 }..] } else { rest };
            let alias = self.symbol(&format!("{prefix}{tail}"));
            self.register(alias);
            let e = self.exprs.add(Expr::Sym(sym, Variant::None));
            let (binding, visibility, other) = {
                let s = &self.symbols[sym.index()];
                (s.binding(), s.visibility, s.other)
            };
            let a = &mut self.symbols[alias.index()];
            a.def = SymbolDef::Variable(e);
            a.binding = Some(binding);
            a.visibility = visibility;
            a.other = other;
            if !undefined && keep {
                continue;
            }
            if undefined && rest.starts_with("@@") && !rest.starts_with("@@@") {
                self.error(loc, format!("default version symbol {name} must be defined"));
                continue;
            }
            if let Some(&r) = self.renames.get(&sym) {
                if r != alias {
                    let n = self.symbols[sym.index()].name.to_string();
                    self.error(loc, format!("multiple versions for {n}"));
                    continue;
                }
            }
            self.renames.insert(sym, alias);
        }
    }

    /// `.size sym, value`.
    pub fn emit_size(&mut self, sym: SymbolId, value: ExprId) {
        self.symbols[sym.index()].set_size(value);
    }

    /// `.comm sym, size, align` (a local symbol gets room in `.bss`
    /// instead, as LLVM's ELF streamer gives it).
    pub fn emit_common(&mut self, sym: SymbolId, size: u64, align: u64, loc: Loc) {
        self.register(sym);
        let s = &mut self.symbols[sym.index()];
        if s.binding.is_none() {
            s.binding = Some(Binding::GLOBAL);
        }
        s.kind = SymbolType::OBJECT;
        let size_expr = self.exprs.constant(size as i64);
        if self.symbols[sym.index()].binding == Some(Binding::LOCAL) {
            let bss = self.section(SectionDesc::new(
                ".bss",
                SectionType::NOBITS,
                SectionFlags::WRITE | SectionFlags::ALLOC,
            ));
            self.push_section();
            self.switch_section(bss);
            self.emit_value_align(align.max(1), 0, 1, 0);
            self.emit_label(sym, loc);
            self.emit_zeros(size);
            self.pop_section();
        } else {
            if self.symbols[sym.index()].is_defined() {
                self.error(loc, "invalid symbol redefinition");
                return;
            }
            self.symbols[sym.index()].def = SymbolDef::Common { size, align: align.max(1) };
        }
        self.symbols[sym.index()].set_size(size_expr);
    }

    // ----- sections -----

    /// The ELF section `desc` describes, created if new (LLVM's
    /// `MCContext::getELFSection`: one section per name, group, linked-to
    /// symbol and unique id).
    pub fn section(&mut self, desc: SectionDesc<'_>) -> SectionId {
        let group = desc.group.map(|(g, comdat)| (self.symbol(g), comdat));
        let key = SectionKey {
            name: desc.name.into(),
            group: group.map(|g| g.0),
            linked_to: desc.linked_to,
            unique: desc.unique,
        };
        if let Some(&id) = self.section_map.get(&key) {
            return id;
        }
        let id = SectionId(self.sections.len() as u32);
        // The section's symbol goes by the section's name (LLVM's
        // createELFSectionImpl): an undefined symbol of that name becomes
        // it; the first section of a name gets the name.
        let begin = match self.lookup_symbol(desc.name) {
            Some(s)
                if !self.symbols[s.index()].is_defined()
                    && self.symbols[s.index()].section_of().is_none() =>
            {
                s
            }
            Some(_) => self.temp_symbol(),
            None => {
                let s = self.temp_symbol();
                self.symbols[s.index()].name = crate::symbol::SymName::new(desc.name);
                self.insert_name(s);
                s
            }
        };
        {
            let b = &mut self.symbols[begin.index()];
            b.name = crate::symbol::SymName::new(desc.name);
            b.kind = SymbolType::SECTION;
            b.set_temporary(true);
            b.set_section_of(id);
            b.def = SymbolDef::Label { section: id, fragment: FragmentId(0), offset: 0 };
        }
        if let Some((g, _)) = group {
            self.symbols[g.index()].set_signature(true);
        }
        self.sections.push(Section {
            name: desc.name.into(),
            sh_type: desc.sh_type,
            flags: desc.flags,
            entsize: desc.entsize,
            align: 1,
            group,
            linked_to: desc.linked_to,
            begin,
            order: u32::MAX,
            fragments: Vec::new(),
            frag_subsections: None,
            layout: Default::default(),
            relaxables: Vec::new(),
            data: Vec::new(),
            fixups: Vec::new(),
            open_data: false,
            has_instructions: false,
            end: None,
        });
        self.section_map.insert(key, id);
        id
    }

    /// The section the next bytes go to.
    pub fn current_section(&self) -> SectionId {
        self.cur.unwrap_or(self.text)
    }

    /// Switches to `sec` (`.section`, `.text`, …), registering it and its
    /// group signature as LLVM's ELF streamer does.
    pub fn switch_section(&mut self, sec: SectionId) {
        self.switch_subsection(sec, 0)
    }

    /// Switches to subsection `subsection` of `sec` (`.text 1`,
    /// `.subsection 2`, `.pushsection .data, 1`). A section's subsections
    /// are laid out one after another in increasing order, each holding
    /// what was emitted into it, in order.
    pub fn switch_subsection(&mut self, sec: SectionId, subsection: u32) {
        // `.previous` is the place before this switch, even a switch to
        // where the streamer already is (LLVM's `switchSection`).
        let here = self.cur.map(|c| (c, self.cur_sub));
        self.prev = here;
        if here != Some((sec, subsection)) {
            self.switches += 1;
            self.section_change_hook();
        }
        self.cur = Some(sec);
        self.cur_sub = subsection;
        let s = &mut self.sections[sec.index()];
        if subsection != 0 && s.frag_subsections.is_none() {
            s.frag_subsections = Some(vec![0; s.fragments.len()]);
        }
        // The open data fragment takes more only in its own subsection.
        let last = s.frag_subsections.as_ref().and_then(|v| v.last());
        if last.is_some_and(|&last| last != subsection) {
            s.open_data = false;
        }
        if let Some((g, _)) = self.sections[sec.index()].group {
            self.register(g);
        }
        if self.sections[sec.index()].order == u32::MAX {
            self.sections[sec.index()].order = self.section_order.len() as u32;
            self.section_order.push(sec);
        }
        let begin = self.sections[sec.index()].begin;
        self.register(begin);
        // A new data fragment after a switch (LLVM starts one per switch
        // when the last one is not data; reusing the last data fragment
        // is equivalent).
    }

    /// The current subsection.
    pub fn current_subsection(&self) -> u32 {
        self.cur_sub
    }

    /// The DWARF version of line tables made from `.loc` (llvm-mc's
    /// `-dwarf-version`; 4 unless set; `.file 0` raises it to 5). Set it
    /// before any `.file`.
    pub fn set_dwarf_version(&mut self, version: u16) {
        self.dwarf = Some(Box::new(dwarf::DwarfState::new(version)));
    }

    /// The compilation directory line tables of DWARF 5 name (the current
    /// directory unless set, as llvm-mc).
    pub fn set_comp_dir(&mut self, dir: &str) {
        self.comp_dir = dir.to_string();
    }

    /// How many times the current section has changed (a pending `.loc`
    /// is dropped on each change).
    pub fn section_switches(&self) -> u64 {
        self.switches
    }

    /// The begin symbol of `sec` (its `STT_SECTION` symbol in relocations).
    pub fn section_begin(&self, sec: SectionId) -> SymbolId {
        self.sections[sec.index()].begin
    }

    /// LLVM's `endSection`: a temporary symbol at the end of `sec`,
    /// defined there (switching to `sec`) the first time.
    pub fn section_end(&mut self, sec: SectionId) -> SymbolId {
        if let Some(e) = self.sections[sec.index()].end {
            if self.symbols[e.index()].is_defined() {
                return e;
            }
        }
        let e = match self.sections[sec.index()].end {
            Some(e) => e,
            None => {
                let e = self.temp_symbol();
                self.sections[sec.index()].end = Some(e);
                e
            }
        };
        self.switch_section(sec);
        self.emit_label(e, Loc::NONE);
        e
    }

    /// `.pushsection`: remembers the current and previous sections.
    pub fn push_section(&mut self) {
        self.stack.push((self.cur.map(|c| (c, self.cur_sub)), self.prev));
    }

    /// `.popsection`; false when nothing was pushed.
    pub fn pop_section(&mut self) -> bool {
        match self.stack.pop() {
            Some((cur, prev)) => {
                if let Some((c, sub)) = cur {
                    self.switch_subsection(c, sub);
                }
                self.prev = prev;
                true
            }
            None => false,
        }
    }

    /// `.previous`: back to the section (and subsection) before the last
    /// switch; false when there is none.
    pub fn switch_previous(&mut self) -> bool {
        match self.prev {
            Some((p, sub)) => {
                self.switch_subsection(p, sub);
                true
            }
            None => false,
        }
    }

    // ----- fragments -----

    /// The current data fragment and the offset at its end, a new one
    /// when the last fragment is not open data.
    fn data_fragment_end(&mut self) -> (FragmentId, u64) {
        let sec = &mut self.sections[self.cur.unwrap_or(self.text).index()];
        if !sec.open_data {
            let start = sec.data.len() as u32;
            let fixups = sec.fixups.len() as u32;
            sec.fragments.push(Fragment::new(FragmentKind::Data {
                start,
                len: 0,
                fix_start: fixups,
                fix_len: 0,
            }));
            if let Some(subs) = &mut sec.frag_subsections {
                subs.push(self.cur_sub);
            }
            sec.open_data = true;
        }
        let idx = sec.fragments.len() - 1;
        let len = match sec.fragments[idx].kind {
            FragmentKind::Data { len, .. } => len as u64,
            _ => 0,
        };
        (FragmentId(idx as u32), len)
    }

    fn push_fragment(&mut self, kind: FragmentKind) -> FragmentId {
        let sec = &mut self.sections[self.cur.unwrap_or(self.text).index()];
        sec.open_data = false;
        sec.fragments.push(Fragment::new(kind));
        if let Some(subs) = &mut sec.frag_subsections {
            subs.push(self.cur_sub);
        }
        FragmentId(sec.fragments.len() as u32 - 1)
    }

    /// Appends bytes (`.ascii`, `.byte` of constants, encoded
    /// instructions).
    pub fn emit_bytes(&mut self, bytes: &[u8]) {
        self.line_entry_hook();
        self.append_bytes(bytes);
    }

    /// Appends bytes without making a line entry.
    fn append_bytes(&mut self, bytes: &[u8]) {
        let (frag, _) = self.data_fragment_end();
        let sec = &mut self.sections[self.cur.unwrap_or(self.text).index()];
        sec.data.extend_from_slice(bytes);
        if let FragmentKind::Data { len, .. } = &mut sec.fragments[frag.index()].kind {
            *len += bytes.len() as u32;
        }
    }

    /// Appends `size` bytes of `value`, little-endian.
    pub fn emit_int(&mut self, value: u64, size: u8) {
        let b = value.to_le_bytes();
        self.emit_bytes(&b[..size as usize]);
    }

    /// Appends a `size`-byte field holding `value`: the value itself when
    /// it is a constant now, else a fixup (resolved at layout or a
    /// relocation).
    pub fn emit_value(&mut self, value: ExprId, size: u8, loc: Loc) {
        self.register_expr(value);
        self.emit_value_registered(value, size, loc);
    }

    /// [`ObjectStreamer::emit_value`] of an expression whose symbols the
    /// caller registered, in their order in it.
    pub(crate) fn emit_value_registered(&mut self, value: ExprId, size: u8, loc: Loc) {
        self.line_entry_hook();
        if let Some(v) = self.evaluate_now(value) {
            let fits = size >= 8 || {
                let bits = size as u32 * 8;
                let u = v as u64;
                u >> bits == 0 || (v >> (bits - 1)) == -1 || (v >> (bits - 1)) == 0
            };
            if !fits {
                self.error(loc, format!("value evaluated as {v} is out of range."));
                return;
            }
            self.append_bytes(&v.to_le_bytes()[..size as usize]);
            return;
        }
        let kind = match size {
            1 => FixupKind::Data1,
            2 => FixupKind::Data2,
            4 => FixupKind::Data4,
            _ => FixupKind::Data8,
        };
        self.add_data_fixup(kind, value, loc, 0);
        let zeros = [0u8; 8];
        self.append_bytes(&zeros[..size as usize]);
    }

    /// Adds a fixup at `at` bytes past the current end of the data
    /// fragment.
    fn add_data_fixup(&mut self, kind: FixupKind, value: ExprId, loc: Loc, at: u32) {
        let (frag, end) = self.data_fragment_end();
        let sec = &mut self.sections[self.cur.unwrap_or(self.text).index()];
        sec.fixups.push(Fixup { offset: end as u32 + at, kind, value, loc });
        if let FragmentKind::Data { fix_len, .. } = &mut sec.fragments[frag.index()].kind {
            *fix_len += 1;
        }
    }

    /// `.uleb128`/`.sleb128` of an expression.
    pub fn emit_leb(&mut self, value: ExprId, signed: bool) {
        self.emit_leb_at(value, signed, Loc::NONE)
    }

    /// [`ObjectStreamer::emit_leb`] of an expression written at `loc`.
    pub(crate) fn emit_leb_at(&mut self, value: ExprId, signed: bool, loc: Loc) {
        self.register_expr(value);
        self.emit_leb_registered(value, signed, loc);
    }

    /// [`ObjectStreamer::emit_leb_at`] of an expression whose symbols the
    /// caller registered, in their order in it.
    pub(crate) fn emit_leb_registered(&mut self, value: ExprId, signed: bool, loc: Loc) {
        if let Some(v) = self.evaluate_now(value) {
            self.emit_leb_const(v, signed);
            return;
        }
        self.push_fragment(FragmentKind::Leb { value, signed, size: 0, loc });
    }

    /// `.uleb128`/`.sleb128` of a literal: what
    /// [`ObjectStreamer::emit_leb`] writes for a constant expression.
    pub(crate) fn emit_leb_const(&mut self, v: i64, signed: bool) {
        let mut buf = [0u8; 10];
        let n = crate::assembler::encode_leb(v, signed, &mut buf);
        self.emit_bytes(&buf[..n]);
    }

    /// `count` zero bytes (`.zero`, `.skip`, `.space` of a constant).
    pub fn emit_zeros(&mut self, count: u64) {
        let c = self.exprs.constant(count as i64);
        self.emit_fill(c, 0, 1);
    }

    /// `count` repetitions of the `size`-byte `value` (`.fill`; `.zero`
    /// and `.skip` with a size of 1): a fill fragment, as LLVM makes one.
    pub fn emit_fill(&mut self, count: ExprId, value: u64, size: u8) {
        self.emit_fill_at(count, value, size, Loc::NONE)
    }

    /// [`ObjectStreamer::emit_fill`] of a count written at `loc`.
    pub(crate) fn emit_fill_at(&mut self, count: ExprId, value: u64, size: u8, loc: Loc) {
        self.register_expr(count);
        self.push_fragment(FragmentKind::Fill { value, size: size.clamp(1, 8), count });
        if !matches!(self.exprs.get(count), Expr::Const(_)) {
            let sec = self.current_section();
            let frag = self.sections[sec.index()].fragments.len() - 1;
            self.fill_locs.push((sec, frag as u32, loc));
        }
    }

    /// Pads with `fill` values of `fill_size` bytes up to a multiple of
    /// `align` (`.p2align`/`.balign` in data), at most `max` bytes (0: no
    /// limit).
    pub fn emit_value_align(&mut self, align: u64, fill: i64, fill_size: u8, max: u64) {
        self.push_align(AlignSpec { align, fill, fill_size, max, nops: false });
    }

    /// Pads with NOPs up to a multiple of `align`, at most `max` bytes (0:
    /// no limit): `.p2align` in code.
    pub fn emit_code_align(&mut self, align: u64, max: u64) {
        self.push_align(AlignSpec { align, fill: 0, fill_size: 1, max, nops: true });
    }

    /// An alignment fragment (`max` 0: no limit); the section's alignment
    /// rises to it.
    fn push_align(&mut self, mut spec: AlignSpec) {
        let sec = self.current_section();
        let s = &mut self.sections[sec.index()];
        s.align = s.align.max(spec.align);
        if spec.max == 0 {
            spec.max = spec.align;
        }
        self.push_fragment(FragmentKind::Align(Box::new(spec)));
    }

    /// `.org target, fill`.
    pub fn emit_org(&mut self, target: ExprId, fill: u8) {
        self.register_expr(target);
        self.push_fragment(FragmentKind::Org { target, fill });
    }

    /// `.prefalign log2, end, nop` (`nops`) or `.prefalign log2, end,
    /// fill`: pads so that the code from here to label `end` starts at an
    /// alignment that depends on its size (seed 000; the newest LLVM, not LLVM 19). Raises the
    /// section's alignment to the one chosen.
    pub fn emit_pref_align(&mut self, log2: u8, end: SymbolId, nops: bool, fill: u8) {
        self.push_fragment(FragmentKind::PrefAlign {
            end,
            log2: log2.min(63),
            nops,
            fill,
            chosen: crate::section::Cell8::new(0),
        });
    }

    /// `.nops count[, max]`.
    pub fn emit_nops(&mut self, count: u64, max: u64) {
        self.push_fragment(FragmentKind::Nops { count, max: max.min(255) as u8 });
    }

    /// A DWARF line-table advance by `line_delta` lines (`i64::MAX`: end
    /// of sequence) and by the bytes from label `last` to label `label`,
    /// which layout decides.
    pub fn emit_dwarf_line_advance(&mut self, line_delta: i64, last: SymbolId, label: SymbolId) {
        if let Some(d) = self.fixed_distance(last, label) {
            self.append_encoded(|b| {
                crate::dwarf::line::encode_line_advance(&Default::default(), 1, line_delta, d, b)
            });
            return;
        }
        self.push_fragment(FragmentKind::DwarfLine { line_delta, last, label, size: 0 });
    }

    /// A DWARF call-frame advance by the bytes from label `last` to label
    /// `label`, which layout decides.
    pub fn emit_dwarf_frame_advance(&mut self, last: SymbolId, label: SymbolId) {
        if let Some(d) = self.fixed_distance(last, label) {
            self.append_encoded(|b| crate::dwarf::cfi::encode_advance_loc(d, 1, b));
            return;
        }
        self.push_fragment(FragmentKind::DwarfFrame { last, label, size: 0 });
    }

    /// Appends what `encode` writes (into the streamer's scratch buffer).
    fn append_encoded(&mut self, encode: impl FnOnce(&mut Vec<u8>)) {
        let mut b = core::mem::take(&mut self.scratch);
        b.clear();
        encode(&mut b);
        self.append_bytes(&b);
        self.scratch = b;
    }

    /// The bytes from label `a` to label `b` when both are in one fragment
    /// (data, whose contents never move): what layout would find, known
    /// now. Most line-table rows and call-frame advances are such, and
    /// their bytes are then written at once instead of by layout.
    fn fixed_distance(&self, a: SymbolId, b: SymbolId) -> Option<u64> {
        match (self.symbols[a.index()].def, self.symbols[b.index()].def) {
            (
                SymbolDef::Label { section: sa, fragment: fa, offset: oa },
                SymbolDef::Label { section: sb, fragment: fb, offset: ob },
            ) if sa == sb && fa == fb && ob >= oa => Some(ob - oa),
            _ => None,
        }
    }

    /// Encodes and emits an instruction: into the current data fragment,
    /// or into a fragment of its own when it may need relaxation (a short
    /// jump, a short immediate of an expression).
    pub fn emit_instruction(&mut self, inst: &Inst<ExprId>, loc: Loc) {
        let mut bytes = core::mem::take(&mut self.scratch);
        let mut fixups = core::mem::take(&mut self.scratch_fixups);
        bytes.clear();
        fixups.clear();
        let encoded = x86::encode(inst, &mut bytes, &mut fixups);
        match encoded {
            Ok(()) => self.emit_encoded_instruction(inst, &bytes, &fixups, loc),
            Err(e) => {
                self.register_inst_exprs(inst);
                self.line_entry_hook();
                self.error(loc, e.to_string());
            }
        }
        self.scratch = bytes;
        self.scratch_fixups = fixups;
    }

    fn register_inst_exprs(&mut self, inst: &Inst<ExprId>) {
        let mut used: SmallVec<[ExprId; 4]> = SmallVec::new();
        x86_exprs(inst, |e| used.push(e));
        for e in used {
            self.register_expr(e);
        }
    }

    /// [`ObjectStreamer::emit_instruction`] of an instruction already
    /// encoded (`bytes`, `fixups`, as [`x86::encode`] gave them).
    pub(crate) fn emit_encoded_instruction(
        &mut self,
        inst: &Inst<ExprId>,
        bytes: &[u8],
        fixups: &[x86::Fixup<ExprId>],
        loc: Loc,
    ) {
        self.register_inst_exprs(inst);
        self.line_entry_hook();
        let sec = self.current_section();
        self.sections[sec.index()].has_instructions = true;
        if x86::may_need_relaxation(inst) {
            let fx: SmallVec<[Fixup; 2]> =
                fixups.iter().map(|f| self.lower_fixup(f, loc)).collect();
            let sec = &mut self.sections[self.cur.unwrap_or(self.text).index()];
            let idx = sec.relaxables.len() as u32;
            sec.relaxables.push(RelaxItem {
                inst: *inst,
                bytes: SmallVec::from_slice(bytes),
                fixups: fx,
            });
            self.push_fragment(FragmentKind::Relaxable(idx));
        } else {
            for f in fixups {
                let fx = self.lower_fixup(f, loc);
                self.add_data_fixup(fx.kind, fx.value, loc, fx.offset);
            }
            self.append_bytes(bytes);
        }
    }

    /// An instruction already matched and encoded, with no fixup and no
    /// relaxation to come: what [`ObjectStreamer::emit_instruction`] does
    /// with such an instruction's bytes.
    pub(crate) fn emit_encoded(&mut self, bytes: &[u8]) {
        self.line_entry_hook();
        let sec = self.current_section();
        self.sections[sec.index()].has_instructions = true;
        self.append_bytes(bytes);
    }

    /// A fixup of the x86 encoder as a fixup of the assembler: its value
    /// plus its addend as one expression.
    pub(crate) fn lower_fixup(&mut self, f: &x86::Fixup<ExprId>, loc: Loc) -> Fixup {
        let base = match f.value {
            x86::Value::Const(c) => self.exprs.constant(c.wrapping_add(f.addend)),
            x86::Value::Expr { expr, .. } => {
                if f.addend == 0 {
                    expr
                } else {
                    let c = self.exprs.constant(f.addend);
                    self.exprs.binary(BinaryOp::Add, expr, c)
                }
            }
        };
        Fixup { offset: f.offset, kind: f.kind, value: base, loc }
    }

    // ----- other directives -----

    /// `.file "name"`: an `STT_FILE` symbol before the local symbols
    /// registered from now on.
    pub fn emit_file_name(&mut self, name: &str) {
        self.file_names.push((name.into(), self.symbol_order.len() as u32));
    }

    /// `.ident "text"`: the string in `.comment` (after a first zero
    /// byte), as LLVM's ELF streamer writes it.
    pub fn emit_ident(&mut self, text: &[u8]) {
        let mut desc = SectionDesc::new(
            ".comment",
            SectionType::PROGBITS,
            SectionFlags::MERGE | SectionFlags::STRINGS,
        );
        desc.entsize = 1;
        let comment = self.section(desc);
        self.push_section();
        self.switch_section(comment);
        if !self.seen_ident {
            self.emit_bytes(&[0]);
            self.seen_ident = true;
        }
        self.emit_bytes(text);
        self.emit_bytes(&[0]);
        self.pop_section();
    }

    /// The empty `.note.GNU-stack` section compilers put in every object
    /// (`.section .note.GNU-stack,"",@progbits`): without it GNU ld makes
    /// the stack executable and warns. The current section stays.
    pub fn emit_note_gnu_stack(&mut self) {
        let note = self.section(SectionDesc::new(
            ".note.GNU-stack",
            SectionType::PROGBITS,
            SectionFlags::NONE,
        ));
        self.push_section();
        self.switch_section(note);
        self.pop_section();
    }

    /// `.addrsig`: write an address-significance table.
    pub fn emit_addrsig(&mut self) {
        self.addrsig = true;
    }

    /// `.addrsig_sym sym`.
    pub fn emit_addrsig_sym(&mut self, sym: SymbolId) {
        self.register(sym);
        self.addrsig_syms.push(sym);
    }

    /// Whether `e` is a plain constant node.
    pub fn is_const(&self, e: ExprId) -> bool {
        matches!(self.exprs.get(e), Expr::Const(_))
    }

    /// A reference to `sym` with `variant`.
    pub fn sym_expr(&mut self, sym: SymbolId, variant: Variant) -> ExprId {
        self.exprs.add(Expr::Sym(sym, variant))
    }
}

/// A section and a subsection of it.
type Place = (SectionId, u32);

/// Calls `f` on every expression an instruction's operands hold.
fn x86_exprs(inst: &Inst<ExprId>, mut f: impl FnMut(ExprId)) {
    let mut val = |v: &x86::Value<ExprId>| {
        if let x86::Value::Expr { expr, .. } = v {
            f(*expr)
        }
    };
    for op in &inst.ops[..inst.nops as usize] {
        match op {
            x86::IOp::Imm(v) | x86::IOp::Branch(v) => val(v),
            x86::IOp::Mem(m) => val(&m.disp),
            _ => {}
        }
    }
}

/// Storage for a large assembly's symbols, expressions and name table,
/// empty but with room, its pages touched (a page is zeroed by the system
/// on first use, a few microseconds each: tens of thousands of them for an
/// assembly of hundreds of thousands of symbols). The reading thread makes
/// it while the parser starts, and the parser moves what it has into it
/// ([`ObjectStreamer::adopt`]): those first uses are then not on the
/// parser's path.
pub(crate) struct Prefaulted {
    symbols: Vec<Symbol>,
    exprs: Vec<crate::expr::Expr>,
    names: Vec<u64>,
}

impl Prefaulted {
    /// Room for about as many symbols and expressions as `source_len`
    /// bytes of compiler output make (a little less than the densest).
    pub(crate) fn for_source(source_len: usize) -> Prefaulted {
        let symbols = source_len / 400;
        let exprs = source_len / 160;
        let names = (symbols * 4 / 3 + 1).next_power_of_two();
        Prefaulted {
            symbols: touched(symbols),
            exprs: touched(exprs),
            names: {
                let mut v = vec![0u64; names];
                // Zeros from the system are untouched pages: touch them.
                touch(&mut v);
                v
            },
        }
    }
}

/// An empty vector with room for `n` elements whose pages are touched.
fn touched<T>(n: usize) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    let spare = v.spare_capacity_mut();
    let step = (4096 / core::mem::size_of::<T>().max(1)).max(1);
    for x in spare.iter_mut().step_by(step) {
        *x = core::mem::MaybeUninit::zeroed();
    }
    core::hint::black_box(&mut v);
    v
}

/// Writes each page of `v` (its values unchanged).
fn touch(v: &mut [u64]) {
    for x in v.iter_mut().step_by(512) {
        *x = core::hint::black_box(*x);
    }
}

#[cfg(test)]
mod prefault_tests {
    use super::*;

    /// Taking ready storage keeps every symbol, name and expression where
    /// it was, and what comes after goes on from there.
    #[test]
    fn adopted_storage_keeps_what_was_made() {
        let mut st = ObjectStreamer::new(Arch::X86_64);
        let names: Vec<String> = (0..3000).map(|i| format!(".Ltmp{i}")).collect();
        let ids: Vec<SymbolId> = names.iter().map(|n| st.symbol(n)).collect();
        let exprs: Vec<ExprId> = (0..5000).map(|i| st.exprs.constant(i)).collect();
        st.adopt(Prefaulted::for_source(64 << 20));
        assert!(st.symbols.capacity() >= (64 << 20) / 400);
        assert!(st.names.capacity() > 4096);
        for (n, &id) in names.iter().zip(&ids) {
            assert_eq!(st.lookup_symbol(n), Some(id), "{n}");
        }
        for (i, &e) in exprs.iter().enumerate() {
            assert_eq!(st.exprs.get(e), Expr::Const(i as i64));
        }
        let more = st.symbol("after");
        assert_eq!(more.index(), ids[ids.len() - 1].index() + 1);
        assert_eq!(st.lookup_symbol("after"), Some(more));
        assert_eq!(st.lookup_symbol(".Ltmp3000"), None);
    }
}
