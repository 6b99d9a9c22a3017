//! The ELF half of llvmext-objcopy: the object is read with the `object`
//! crate's low-level ELF reader and rebuilt through
//! `llvmext_obj::elf::ElfBuilder`, sections and symbols in their input order
//! (so that an object LLVM wrote comes out byte-identical).

use llvmext::obj::elf::{
    Binding, Class, ElfBuilder, Endian, Info, Link, Machine, OsAbi, Reloc, SectionFlags, SectionId,
    SectionSpec, SectionType, SymbolId, SymbolPlace, SymbolSpec, SymbolType, Visibility,
};
use object::elf;
use object::read::elf::{FileHeader, Rel as _, Rela as _, SectionHeader as _, Sym as _};
use object::{Endianness, FileKind};

/// Rebuilds the ELF object `data` through llvmext-obj.
pub fn copy(data: &[u8]) -> Result<Vec<u8>, String> {
    match FileKind::parse(data).map_err(|e| e.to_string())? {
        FileKind::Elf32 => copy_as::<elf::FileHeader32<Endianness>>(data),
        FileKind::Elf64 => copy_as::<elf::FileHeader64<Endianness>>(data),
        _ => Err("not an ELF file".into()),
    }
}

/// What an input section becomes.
#[derive(Clone, Copy)]
enum Role {
    /// Made again by the builder (string and symbol tables, the null
    /// section).
    Rebuilt,
    /// A section of the output.
    Section(SectionId),
    /// A relocation section, folded into its target's relocations.
    Relocs,
    /// The address-significance table, made again by the builder.
    Addrsig,
}

fn copy_as<E: FileHeader<Endian = Endianness>>(data: &[u8]) -> Result<Vec<u8>, String> {
    let err = |e: object::Error| e.to_string();
    let h = E::parse(data).map_err(err)?;
    let en = h.endian().map_err(err)?;
    if h.e_type(en) != elf::ET_REL {
        return Err("not a relocatable object".into());
    }
    let class = if h.is_class_64() { Class::Elf64 } else { Class::Elf32 };
    let endian = if en == Endianness::Little { Endian::Little } else { Endian::Big };
    let mut b = ElfBuilder::new(class, endian, Machine(h.e_machine(en)));
    b.set_os_abi(OsAbi(h.e_ident().os_abi));
    b.set_abi_version(h.e_ident().abi_version);
    b.set_e_flags(h.e_flags(en));
    let sections = h.sections(en, data).map_err(err)?;
    let symtab = sections.symbols(en, data, elf::SHT_SYMTAB).map_err(err)?;
    let symtab_index = symtab.section().0;
    let shstrndx = h.shstrndx(en, data).map_err(err)? as usize;

    // Relocation sections decide REL or RELA.
    let mut roles = vec![Role::Rebuilt; sections.len()];
    for (i, s) in sections.iter().enumerate() {
        match s.sh_type(en) {
            elf::SHT_REL | elf::SHT_RELA
                if s.sh_link(en) as usize == symtab_index && s.sh_info(en) != 0 =>
            {
                roles[i] = Role::Relocs;
                let target = sections.section(object::SectionIndex(s.sh_info(en) as usize));
                let cg =
                    target.is_ok_and(|t| t.sh_type(en) == SectionType::LLVM_CALL_GRAPH_PROFILE.0);
                if !cg {
                    b.set_rela(s.sh_type(en) == elf::SHT_RELA);
                }
            }
            _ => {}
        }
    }

    // Sections.
    for (i, s) in sections.iter().enumerate() {
        let ty = s.sh_type(en);
        if i == 0 || matches!(roles[i], Role::Relocs) {
            continue;
        }
        let flags = s.sh_flags(en).into();
        if i == symtab_index || ty == elf::SHT_SYMTAB_SHNDX {
            continue;
        }
        if ty == elf::SHT_STRTAB && (i == shstrndx || i == symtab.string_section().0) {
            continue;
        }
        if ty == elf::SHT_GROUP {
            continue; // made once its symbols exist
        }
        if ty == SectionType::LLVM_ADDRSIG.0 {
            roles[i] = Role::Addrsig;
            continue;
        }
        let name = sections.section_name(en, s).map_err(err)?;
        // Any sh_addralign is copied, as llvm-objcopy does; the builder's
        // section spec takes powers of two only, the rest is set raw.
        let align: u64 = s.sh_addralign(en).into();
        let spec = SectionSpec {
            name,
            sh_type: SectionType(ty),
            flags: SectionFlags(flags & !u64::from(elf::SHF_GROUP)),
            align: if align.is_power_of_two() { align } else { 1 },
            entsize: s.sh_entsize(en).into(),
            addr: s.sh_addr(en).into(),
            link: Link::Default,
            info: Info::Default,
            group: None,
        };
        let id = b.add_section(spec).map_err(|e| e.to_string())?;
        if !align.is_power_of_two() {
            b.set_raw_alignment(id, align).map_err(|e| e.to_string())?;
        }
        if ty == elf::SHT_NOBITS {
            b.set_nobits_size(id, s.sh_size(en).into()).map_err(|e| e.to_string())?;
        } else {
            let bytes = s.data(en, data).map_err(err)?;
            b.set_data(id, bytes.to_vec()).map_err(|e| e.to_string())?;
        }
        roles[i] = Role::Section(id);
    }
    let section_of = |index: usize| -> Option<SectionId> {
        match roles.get(index) {
            Some(Role::Section(id)) => Some(*id),
            _ => None,
        }
    };

    // Links and infos that name sections, now that all exist.
    let mut fixups = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        let Some(id) = section_of(i) else { continue };
        let (link, info) = (s.sh_link(en) as usize, s.sh_info(en));
        let default_link = matches!(
            SectionType(s.sh_type(en)),
            SectionType::REL
                | SectionType::RELA
                | SectionType::SYMTAB_SHNDX
                | SectionType::LLVM_CALL_GRAPH_PROFILE
                | SectionType::LLVM_ADDRSIG
                | SectionType::GROUP
        );
        let link = if link == 0 {
            // LLVM would fill these in: keep the input's 0.
            if default_link {
                Link::Raw(0)
            } else {
                Link::Default
            }
        } else if link == symtab_index {
            if default_link {
                Link::Default
            } else {
                Link::Symtab
            }
        } else if let Some(to) = section_of(link) {
            Link::Section(to)
        } else {
            return Err(format!("section {i}: sh_link {link} names a section that is not copied"));
        };
        let info = if info == 0 {
            Info::Default
        } else if s.sh_flags(en).into() & u64::from(elf::SHF_INFO_LINK) != 0 {
            match section_of(info as usize) {
                Some(to) => Info::Section(to),
                None => Info::Raw(info),
            }
        } else {
            Info::Raw(info)
        };
        fixups.push((id, link, info));
    }
    for (id, link, info) in fixups {
        b.set_link_info(id, link, info).map_err(|e| e.to_string())?;
    }

    // Symbols, in input order.
    let mut syms: Vec<SymbolId> = Vec::with_capacity(symtab.len());
    let group_sections: Vec<usize> = sections
        .iter()
        .enumerate()
        .filter(|(_, s)| s.sh_type(en) == elf::SHT_GROUP)
        .map(|(i, _)| i)
        .collect();
    let mut is_group = vec![false; sections.len()];
    for &g in &group_sections {
        is_group[g] = true;
    }
    let is_group = |i: usize| is_group.get(i).copied().unwrap_or(false);
    for (i, sym) in symtab.iter().enumerate().skip(1) {
        let name = sym.name(en, symtab.strings()).map_err(err)?;
        let shndx = match symtab.shndx(en, object::SymbolIndex(i)) {
            Some(x) if sym.st_shndx(en) == elf::SHN_XINDEX => x as usize,
            _ => usize::from(sym.st_shndx(en)),
        };
        let place = match sym.st_shndx(en) {
            elf::SHN_UNDEF => SymbolPlace::Undefined,
            elf::SHN_ABS => SymbolPlace::Absolute,
            elf::SHN_COMMON => SymbolPlace::Common,
            elf::SHN_XINDEX => match section_of(shndx) {
                Some(id) => SymbolPlace::Section(id),
                None if is_group(shndx) => SymbolPlace::Undefined,
                None => return Err(format!("symbol {i}: section {shndx} is not copied")),
            },
            v if u32::from(v) >= elf::SHN_LORESERVE as u32 => SymbolPlace::Reserved(v),
            _ => match section_of(shndx) {
                Some(id) => SymbolPlace::Section(id),
                // A group signature defined by its group section.
                None if is_group(shndx) => SymbolPlace::Undefined,
                None => return Err(format!("symbol {i}: section {shndx} is not copied")),
            },
        };
        let spec = SymbolSpec {
            name,
            binding: Binding(sym.st_bind()),
            kind: SymbolType(sym.st_type()),
            visibility: Visibility(sym.st_visibility()),
            other: sym.st_other() & !3,
            place,
            value: sym.st_value(en).into(),
            size: sym.st_size(en).into(),
        };
        syms.push(b.add_symbol(spec).map_err(|e| e.to_string())?);
    }
    let symbol = |index: u32| -> Result<Option<SymbolId>, String> {
        match index {
            0 => Ok(None),
            k => syms
                .get(k as usize - 1)
                .copied()
                .map(Some)
                .ok_or_else(|| format!("symbol index {k} out of range")),
        }
    };

    // Groups, in section order; their members.
    for &gi in &group_sections {
        let s = sections.section(object::SectionIndex(gi)).map_err(err)?;
        let Some((flag, members)) = s.group(en, data).map_err(err)? else { continue };
        let sig = symbol(s.sh_info(en))?.ok_or("a group without a signature symbol")?;
        let g = b.add_group(sig, flag == elf::GRP_COMDAT).map_err(|e| e.to_string())?;
        for m in members {
            let m = m.get(en) as usize;
            match roles.get(m) {
                Some(Role::Section(id)) => b.set_group(*id, g).map_err(|e| e.to_string())?,
                Some(Role::Relocs) => {}
                _ => return Err(format!("group member {m} is not a copied section")),
            }
        }
    }

    // Relocations.
    for (i, s) in sections.iter().enumerate() {
        if !matches!(roles[i], Role::Relocs) {
            continue;
        }
        let target = section_of(s.sh_info(en) as usize)
            .ok_or_else(|| format!("relocation section {i} applies to a section not copied"))?;
        let is_mips64el = false;
        let mut relocs = Vec::new();
        if let Some((rels, _)) = s.rel(en, data).map_err(err)? {
            for r in rels {
                let sym = symbol(r.r_sym(en))?;
                relocs.push(Reloc::new(r.r_offset(en).into(), sym, r.r_type(en), 0));
            }
        } else if let Some((relas, _)) = s.rela(en, data).map_err(err)? {
            for r in relas {
                let sym = symbol(r.r_sym(en, is_mips64el))?;
                let addend: i64 = r.r_addend(en).into();
                relocs.push(Reloc::new(
                    r.r_offset(en).into(),
                    sym,
                    r.r_type(en, is_mips64el),
                    addend,
                ));
            }
        }
        b.add_relocs(target, &relocs).map_err(|e| e.to_string())?;
    }

    // The address-significance table.
    for (i, s) in sections.iter().enumerate() {
        if !matches!(roles[i], Role::Addrsig) {
            continue;
        }
        let bytes = s.data(en, data).map_err(err)?;
        let mut list = Vec::new();
        let mut rest = bytes;
        while !rest.is_empty() {
            let (v, n) = llvmext::core::leb128::read_uleb128(rest)
                .map_err(|e| format!(".llvm_addrsig: {e}"))?;
            rest = &rest[n..];
            let idx = u32::try_from(v).map_err(|_| ".llvm_addrsig: index too large")?;
            if let Some(id) = symbol(idx)? {
                list.push(id);
            }
        }
        b.set_addrsig(&list).map_err(|e| e.to_string())?;
    }

    b.write().map_err(|e| e.to_string())
}
