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

/// Rebuilds the ELF object `data` through llvmext-obj, after the checks of
/// [`validate`].
pub fn copy(data: &[u8]) -> Result<Vec<u8>, String> {
    validate(data).map_err(|r| r.message)?;
    match FileKind::parse(data).map_err(|e| e.to_string())? {
        FileKind::Elf32 => copy_as::<elf::FileHeader32<Endianness>>(data),
        FileKind::Elf64 => copy_as::<elf::FileHeader64<Endianness>>(data),
        _ => Err("not an ELF file".into()),
    }
}

/// An input llvm-objcopy-19 refuses, with its message: `names_file` when
/// llvm-objcopy prints it after the file name (`error: 'F': …`, the ELF
/// header and the section header table), not for what its ELF reader
/// finds in the sections (`error: section [index 2] has …`).
#[derive(Debug)]
pub struct Refusal {
    /// llvm-objcopy-19's message.
    pub message: String,
    /// Printed after the input file's name.
    pub names_file: bool,
}

/// Reads the section header table, the section and symbol string tables,
/// the symbol table and the relocation sections of the ELF object `data`
/// with llvm-objcopy-19's checks, and refuses what it refuses with its
/// message (every one names the section by index or name, and the value
/// found). What passes is copied by [`copy`].
pub fn validate(data: &[u8]) -> Result<(), Refusal> {
    use llvmext::core::raw::elf::{Encoding, FileHeader, Relocation, SectionHeader, Symbol};
    let file = |m: String| Refusal { message: m, names_file: true };
    let plain = |m: String| Refusal { message: m, names_file: false };
    // Another magic, class or byte order, or a truncated header: the
    // object crate's errors.
    let Some(enc) = Encoding::from_ident(data) else { return Ok(()) };
    let Some(h) = FileHeader::parse(data, enc) else { return Ok(()) };
    let len = data.len() as u64;
    if h.e_shoff == 0 {
        return Ok(());
    }
    let shsize = SectionHeader::size(enc) as u64;
    if u64::from(h.e_shentsize) != shsize {
        return Err(file(format!("invalid e_shentsize in ELF header: {}", h.e_shentsize)));
    }
    if h.e_shoff.checked_add(shsize).is_none_or(|end| end > len) {
        return Err(file(format!(
            "section header table goes past the end of the file: e_shoff = {:#x}",
            h.e_shoff
        )));
    }
    // Inside the file: checked above for section 0, below for the others.
    let shdr = |i: u64| {
        let at = (h.e_shoff + i * shsize) as usize;
        SectionHeader::parse(&data[at..], enc).unwrap_or_default()
    };
    let mut shnum = u64::from(h.e_shnum);
    if shnum == 0 {
        shnum = shdr(0).sh_size;
    }
    if shnum.checked_mul(shsize).and_then(|n| n.checked_add(h.e_shoff)).is_none_or(|e| e > len) {
        return Err(file("section table goes past the end of file".into()));
    }
    if shnum == 0 {
        return Ok(());
    }
    let headers: Vec<SectionHeader> = (0..shnum).map(shdr).collect();
    let mut shstrndx = u64::from(h.e_shstrndx);
    if shstrndx == u64::from(elf::SHN_XINDEX) {
        shstrndx = u64::from(headers[0].sh_link);
    }
    let type_name = |ty: u32| match SectionType(ty).name() {
        Some(n) => format!("SHT_{n}"),
        None => "Unknown".to_owned(),
    };
    // The bytes of section `i`, inside the file.
    let contents = |i: usize| -> Result<&[u8], Refusal> {
        let (off, size) = (headers[i].sh_offset, headers[i].sh_size);
        match off.checked_add(size) {
            Some(end) if end <= len => Ok(&data[off as usize..end as usize]),
            _ => Err(plain(format!(
                "section [index {i}] has a sh_offset ({off:#x}) + sh_size ({size:#x}) that is \
                 greater than the file size ({len:#x})"
            ))),
        }
    };
    // A string table's bytes, checked as LLVM's getStringTable does.
    let string_table = |i: usize| -> Result<&[u8], Refusal> {
        let ty = headers[i].sh_type;
        if ty != elf::SHT_STRTAB {
            return Err(plain(format!(
                "invalid sh_type for string table section [index {i}]: expected SHT_STRTAB, \
                 but got {}",
                type_name(ty)
            )));
        }
        let bytes = contents(i)?;
        match bytes.last() {
            None => Err(plain(format!("SHT_STRTAB string table section [index {i}] is empty"))),
            Some(0) => Ok(bytes),
            Some(_) => Err(plain(format!(
                "SHT_STRTAB string table section [index {i}] is non-null terminated"
            ))),
        }
    };
    if shstrndx >= shnum {
        return Err(plain(format!("section header string table index {shstrndx} does not exist")));
    }
    let shstrndx = shstrndx as usize;
    let shstrtab = if shstrndx == 0 { &[][..] } else { string_table(shstrndx)? };
    let c_str = |b: &[u8]| -> String {
        String::from_utf8_lossy(&b[..b.iter().position(|&c| c == 0).unwrap_or(b.len())])
            .into_owned()
    };
    let mut names = vec![String::new(); headers.len()];
    let mut symtab = None;
    for (i, s) in headers.iter().enumerate().skip(1) {
        if s.sh_type != elf::SHT_NOBITS {
            contents(i)?;
        }
        if shstrndx != 0 {
            let Some(rest) = shstrtab.get(s.sh_name as usize..) else {
                return Err(plain(format!(
                    "a section [index {i}] has an invalid sh_name ({:#x}) offset which goes \
                     past the end of the section name string table",
                    s.sh_name
                )));
            };
            names[i] = c_str(rest);
        }
        if s.sh_type == elf::SHT_SYMTAB {
            if symtab.is_some() {
                return Err(plain("found multiple SHT_SYMTAB sections".into()));
            }
            symtab = Some(i);
        }
    }
    // A table of `entsize`-byte entries: its sh_entsize and sh_size.
    let table = |i: usize, entsize: usize| -> Result<&[u8], Refusal> {
        let (got, size) = (headers[i].sh_entsize, headers[i].sh_size);
        if got != entsize as u64 {
            return Err(plain(format!(
                "section [index {i}] has invalid sh_entsize: expected {entsize}, but got {got}"
            )));
        }
        if size % entsize as u64 != 0 {
            return Err(plain(format!(
                "section [index {i}] has an invalid sh_size ({size}) which is not a multiple of \
                 its sh_entsize ({entsize})"
            )));
        }
        contents(i)
    };
    let mut nsyms = 0;
    if let Some(st) = symtab {
        let link = headers[st].sh_link as usize;
        if link >= headers.len() {
            return Err(plain(format!(
                "Symbol table has link index of {link} which is not a valid index"
            )));
        }
        if headers[link].sh_type != elf::SHT_STRTAB {
            return Err(plain(format!(
                "Symbol table has link index of {link} which is not a string table"
            )));
        }
        let strtab = string_table(link)?;
        let size = Symbol::size(enc);
        let syms = table(st, size)?;
        nsyms = (syms.len() / size) as u64;
        for entry in syms.chunks_exact(size).skip(1) {
            let sym = Symbol::parse(entry, enc).unwrap_or_default();
            let past = sym.st_name != 0 && sym.st_name as usize >= strtab.len();
            let (false, Some(name)) = (past, strtab.get(sym.st_name as usize..)) else {
                return Err(plain(format!(
                    "st_name ({:#x}) is past the end of the string table of size {:#x}",
                    sym.st_name,
                    strtab.len()
                )));
            };
            let shndx = u64::from(sym.st_shndx);
            if shndx != 0 && shndx < u64::from(elf::SHN_LORESERVE) && shndx >= shnum {
                return Err(plain(format!(
                    "symbol '{}' is defined has invalid section index {shndx}",
                    c_str(name)
                )));
            }
        }
    }
    // Section groups: their link, signature and members.
    for (i, s) in headers.iter().enumerate().skip(1) {
        if s.sh_type != elf::SHT_GROUP {
            continue;
        }
        let name = &names[i];
        let link = s.sh_link as usize;
        if link >= headers.len() {
            return Err(plain(format!("link field value '{link}' in section '{name}' is invalid")));
        }
        if Some(link) != symtab {
            return Err(plain(format!(
                "link field value '{link}' in section '{name}' is not a symbol table"
            )));
        }
        if u64::from(s.sh_info) >= nsyms {
            return Err(plain(format!(
                "info field value '{}' in section '{name}' is not a valid symbol index",
                s.sh_info
            )));
        }
        let words = contents(i)?;
        if words.is_empty() || words.len() % 4 != 0 {
            return Err(plain(format!("the content of the section {name} is malformed")));
        }
        for w in words.chunks_exact(4).skip(1) {
            let w = [w[0], w[1], w[2], w[3]];
            let member = if enc.big_endian { u32::from_be_bytes(w) } else { u32::from_le_bytes(w) };
            if u64::from(member) >= shnum {
                return Err(plain(format!(
                    "group member index {member} in section '{name}' is invalid"
                )));
            }
        }
    }
    for (i, s) in headers.iter().enumerate().skip(1) {
        let rela = s.sh_type == elf::SHT_RELA;
        if !rela && s.sh_type != elf::SHT_REL {
            continue;
        }
        let name = &names[i];
        let (link, info) = (u64::from(s.sh_link), u64::from(s.sh_info));
        if link != 0 {
            if link >= shnum {
                return Err(plain(format!("Link field value {link} in section {name} is invalid")));
            }
            if Some(link as usize) != symtab {
                return Err(plain(format!(
                    "Link field value {link} in section {name} is not a symbol table"
                )));
            }
        }
        if info >= shnum {
            return Err(plain(format!("Info field value {info} in section {name} is invalid")));
        }
        let size = Relocation::size(enc, rela);
        for entry in table(i, size)?.chunks_exact(size) {
            let sym = Relocation::parse(entry, enc, rela).unwrap_or_default().sym(enc);
            if sym != 0 && u64::from(sym) >= nsyms {
                return Err(plain(format!("invalid symbol index: {sym}")));
            }
        }
    }
    Ok(())
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
