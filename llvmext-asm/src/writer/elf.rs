//! The ELF object writer: LLVM's `ELFObjectWriter` choices (which symbols
//! go into the symbol table and in which order, section symbols for
//! relocations against local symbols, groups) over
//! [`llvmext_obj::elf::ElfBuilder`].

use crate::assembler::{self, symbol_assoc, symbol_offset, Assoc};
use crate::diag::Loc;
use crate::expr::Expr;
use crate::streamer::{Arch, ObjectStreamer};
use crate::symbol::{SymbolDef, SymbolId};
use llvmext_obj::elf::{
    self as e, Binding, Class, ElfBuilder, Endian, Machine, Reloc, SectionFlags, SectionSpec,
    SymbolPlace, SymbolSpec, SymbolType,
};

/// LLVM's `mergeTypeForSet`: the type of an assigned symbol given its own
/// and its base symbol's.
fn merge_type_for_set(orig: SymbolType, base: SymbolType) -> SymbolType {
    let t = base;
    match orig {
        SymbolType::GNU_IFUNC
            if matches!(
                t,
                SymbolType::FUNC | SymbolType::OBJECT | SymbolType::NOTYPE | SymbolType::TLS
            ) =>
        {
            SymbolType::GNU_IFUNC
        }
        SymbolType::FUNC
            if matches!(t, SymbolType::OBJECT | SymbolType::NOTYPE | SymbolType::TLS) =>
        {
            SymbolType::FUNC
        }
        SymbolType::OBJECT if t == SymbolType::NOTYPE => SymbolType::OBJECT,
        SymbolType::TLS
            if matches!(
                t,
                SymbolType::OBJECT | SymbolType::NOTYPE | SymbolType::GNU_IFUNC | SymbolType::FUNC
            ) =>
        {
            SymbolType::TLS
        }
        _ => t,
    }
}

/// The base symbol of an assigned symbol (`y = x + 1` → `x`), or `None`
/// for an absolute value.
fn base_symbol(st: &ObjectStreamer, sym: SymbolId) -> Option<SymbolId> {
    let mut cur = sym;
    for _ in 0..1000 {
        match st.symbols[cur.index()].def {
            SymbolDef::Variable(v) => {
                let r = assembler::evaluate_relocatable(st, v, true, true)?;
                if r.b.is_some() {
                    return None;
                }
                cur = r.a?.sym;
            }
            _ => return Some(cur),
        }
    }
    None
}

fn err(st: &mut ObjectStreamer, m: impl Into<String>) {
    st.error(Loc::NONE, m);
}

/// Writes the object: resolves fixups, builds the symbol table as LLVM
/// orders it and hands everything to the ELF builder.
pub(crate) fn write(st: &mut ObjectStreamer) -> Result<Vec<u8>, ()> {
    st.bind_symvers();
    if st.has_errors() {
        return Err(());
    }
    let mut out = assembler::finish_fixups(st);
    if st.has_errors() {
        return Err(());
    }
    // Address-significant symbols: a temporary label stands for its
    // section.
    let mut addrsig: Vec<SymbolId> = Vec::new();
    if st.addrsig {
        for &s in &st.addrsig_syms.clone() {
            let sym = &st.symbols[s.index()];
            let mut t = s;
            if sym.name.starts_with(".L") {
                if let Assoc::Section(sec) = symbol_assoc(st, s, 0) {
                    t = st.sections[sec.index()].begin;
                }
            }
            st.symbols[t.index()].set_used_in_reloc(true);
            addrsig.push(t);
        }
    }
    let (class, machine) = match st.arch {
        Arch::X86_64 => (Class::Elf64, Machine::X86_64),
        Arch::I386 => (Class::Elf32, Machine::I386),
    };
    let mut b = ElfBuilder::new(class, Endian::Little, machine);
    // A `.reloc` goes where its source says, even past its section's end,
    // as llvm-mc writes it; other fixups are inside their fragments.
    if st
        .sections
        .iter()
        .any(|s| s.fixups.iter().any(|f| matches!(f.kind, crate::fixup::FixupKind::Literal(_))))
    {
        b.allow_relocs_outside_contents();
    }
    let mut bsec: Vec<Option<e::SectionId>> = vec![None; st.sections.len()];
    let order = st.section_order.clone();
    for &sid in &order {
        let s = &st.sections[sid.index()];
        let mut spec = SectionSpec::new(
            s.name.as_bytes(),
            s.sh_type,
            SectionFlags(s.flags.0 & !SectionFlags::GROUP.0),
        )
        .align(s.align)
        .entsize(s.entsize);
        if let Some(l) = s.linked_to {
            if let Assoc::Section(ls) = symbol_assoc(st, l, 0) {
                if let Some(Some(bs)) = bsec.get(ls.index()) {
                    spec = spec.link_order(*bs);
                } else {
                    spec.flags = SectionFlags(spec.flags.0 | SectionFlags::LINK_ORDER.0);
                }
            } else {
                spec.flags = SectionFlags(spec.flags.0 | SectionFlags::LINK_ORDER.0);
            }
        }
        let id = match b.add_section(spec) {
            Ok(id) => id,
            Err(x) => {
                err(st, x.to_string());
                return Err(());
            }
        };
        bsec[sid.index()] = Some(id);
        let size = st.sections[sid.index()].size();
        let r = if st.sections[sid.index()].is_virtual() {
            b.set_nobits_size(id, size)
        } else {
            b.set_data(id, std::mem::take(&mut out.contents[sid.index()]))
        };
        if let Err(x) = r {
            err(st, x.to_string());
            return Err(());
        }
    }
    // Link-order sections linked to sections added after them.
    for &sid in &order {
        let s = &st.sections[sid.index()];
        if let Some(l) = s.linked_to {
            if let Assoc::Section(ls) = symbol_assoc(st, l, 0) {
                if let (Some(me), Some(to)) = (bsec[sid.index()], bsec[ls.index()]) {
                    if let Err(x) = b.set_link_info(me, e::Link::Section(to), e::Info::Default) {
                        err(st, x.to_string());
                        return Err(());
                    }
                }
            }
        }
    }
    // The symbol table, in LLVM's order: registered symbols that belong
    // in it, `STT_FILE` symbols before the locals that came after them.
    let mut bsym: Vec<Option<e::SymbolId>> = vec![None; st.symbols.len()];
    let files = st.file_names.clone();
    let mut file_it = 0usize;
    let mut errors = Vec::new();
    let sym_order = st.symbol_order.clone();
    let add_files_upto =
        |b: &mut ElfBuilder, order: Option<u32>, file_it: &mut usize, errors: &mut Vec<String>| {
            while *file_it < files.len() {
                let (ref name, count) = files[*file_it];
                let count = if *file_it == 0 { 0 } else { count };
                if order.is_some_and(|o| count > o) {
                    break;
                }
                let mut spec = SymbolSpec::undefined(name.as_bytes());
                spec.binding = Binding::LOCAL;
                spec.kind = SymbolType::FILE;
                spec.place = SymbolPlace::Absolute;
                if let Err(x) = b.add_symbol(spec) {
                    errors.push(x.to_string());
                }
                *file_it += 1;
            }
        };
    for (pos, &sid) in sym_order.iter().enumerate() {
        let s = &st.symbols[sid.index()];
        let used = s.used_in_reloc() || s.weakref_used_in_reloc() || s.signature();
        // LLVM's isInSymtab.
        if let SymbolDef::Variable(v) = s.def {
            if let Expr::Sym(_, crate::expr::Variant::Weakref) = st.exprs.get(v) {
                continue;
            }
        }
        if !used && st.renames.contains_key(&sid) {
            continue;
        }
        if !used {
            if matches!(s.def, SymbolDef::Variable(_))
                && symbol_assoc(st, sid, 0) == Assoc::Undefined
            {
                continue;
            }
            if s.temporary() || s.kind == SymbolType::SECTION {
                continue;
            }
        }
        if s.temporary() && !s.is_defined() {
            errors.push(format!("Undefined temporary symbol {}", s.name));
            continue;
        }
        let local = s.binding() == Binding::LOCAL;
        if local {
            add_files_upto(&mut b, Some(pos as u32), &mut file_it, &mut errors);
        }
        if let Some(sec) = s.section_of() {
            let Some(bs) = bsec[sec.index()] else { continue };
            match b.add_section_symbol(bs) {
                Ok(id) => bsym[sid.index()] = Some(id),
                Err(x) => errors.push(x.to_string()),
            }
            continue;
        }
        let base = base_symbol(st, sid);
        let mut kind = s.kind;
        if let Some(bb) = base {
            if bb != sid {
                kind = merge_type_for_set(kind, st.symbols[bb.index()].kind);
            }
        }
        let (place, value) = match s.def {
            SymbolDef::Common { align, .. } => (SymbolPlace::Common, align),
            SymbolDef::Undefined => (SymbolPlace::Undefined, 0),
            _ => match symbol_assoc(st, sid, 0) {
                Assoc::Absolute => {
                    (SymbolPlace::Absolute, symbol_offset(st, sid, 0).unwrap_or(0) as u64)
                }
                Assoc::Undefined => (SymbolPlace::Undefined, 0),
                Assoc::Section(sec) => match bsec[sec.index()] {
                    Some(bs) => {
                        (SymbolPlace::Section(bs), symbol_offset(st, sid, 0).unwrap_or(0) as u64)
                    }
                    None => (SymbolPlace::Undefined, 0),
                },
            },
        };
        let mut size_expr = s.size();
        if size_expr.is_none() {
            if let Some(bb) = base {
                if bb != sid {
                    size_expr = st.symbols[bb.index()].size();
                }
            }
        }
        let size = match size_expr {
            Some(e) => match assembler::evaluate_absolute(st, e, true) {
                Some(v) => v as u64,
                None => {
                    errors.push("Size expression must be absolute.".into());
                    0
                }
            },
            None => 0,
        };
        let spec = SymbolSpec {
            name: s.name.as_bytes(),
            binding: s.binding(),
            kind,
            visibility: s.visibility,
            other: s.other,
            place,
            value,
            size,
        };
        match b.add_symbol(spec) {
            Ok(id) => bsym[sid.index()] = Some(id),
            Err(x) => errors.push(x.to_string()),
        }
    }
    add_files_upto(&mut b, None, &mut file_it, &mut errors);
    for m in errors.drain(..) {
        err(st, m);
    }
    if st.has_errors() {
        return Err(());
    }
    // Groups, in the order of their first member.
    let mut groups: Vec<(SymbolId, e::GroupId)> = Vec::new();
    for &sid in &order {
        if let Some((sig, comdat)) = st.sections[sid.index()].group {
            let g = match groups.iter().find(|g| g.0 == sig) {
                Some(g) => g.1,
                None => {
                    let Some(bs) = bsym[sig.index()] else { continue };
                    match b.add_group(bs, comdat) {
                        Ok(g) => {
                            groups.push((sig, g));
                            g
                        }
                        Err(x) => {
                            err(st, x.to_string());
                            return Err(());
                        }
                    }
                }
            };
            if let Some(bs) = bsec[sid.index()] {
                if let Err(x) = b.set_group(bs, g) {
                    err(st, x.to_string());
                    return Err(());
                }
            }
        }
    }
    for &sid in &order {
        let Some(bs) = bsec[sid.index()] else { continue };
        for r in &out.relocs[sid.index()] {
            let sym = match r.sym {
                Some(s) => match bsym[s.index()] {
                    Some(x) => Some(x),
                    None => {
                        let name = st.symbols[s.index()].name.to_string();
                        err(
                            st,
                            format!(
                                "relocation against '{name}', a symbol not in the symbol table"
                            ),
                        );
                        return Err(());
                    }
                },
                None => None,
            };
            if let Err(x) = b.add_reloc(bs, Reloc::new(r.offset, sym, r.r_type, r.addend)) {
                err(st, x.to_string());
                return Err(());
            }
        }
    }
    if st.addrsig {
        let ids: Vec<e::SymbolId> = addrsig.iter().filter_map(|s| bsym[s.index()]).collect();
        if let Err(x) = b.set_addrsig(&ids) {
            err(st, x.to_string());
            return Err(());
        }
    }
    b.write().map_err(|x| err(st, x.to_string()))
}
