//! The COFF half of llvmext-objcopy: reads a COFF relocatable object
//! (regular or bigobj header) by hand, bounds-checking every field, and
//! rebuilds it entirely through `llvmext_obj::coff::CoffBuilder`.
//!
//! What is kept: the machine, time stamp and header characteristics; every
//! section (name, characteristics, alignment, contents or uninitialized
//! size, relocations in order, COMDAT selection or associated section, the
//! checksum when it is not the JamCRC of the contents); every symbol in
//! order (section symbols, `.file` symbols, weak externals, and any other
//! symbol with its auxiliary records as raw bytes). Objects written by LLVM
//! come out byte-identical. Line numbers and non-zero virtual sizes or
//! addresses (which LLVM never writes) are dropped.

use llvmext::core::raw::coff as raw;
use llvmext::obj::coff::{
    checksum, BigObj, CoffBuilder, Machine, Reloc, SectionFlags, SectionId, SectionSpec, Selection,
    StorageClass, Symbol, SymbolId, SymbolSection, SymbolType, WeakSearch, MAX_SECTIONS_16,
};

/// Rebuilds the COFF object `data` through llvmext-obj.
pub fn copy(data: &[u8]) -> Result<Vec<u8>, String> {
    let obj = Input::parse(data)?;
    obj.rebuild().map_err(|e| e.to_string())
}

const SCN_UNINITIALIZED: u32 = 0x0000_0080;
const SCN_LNK_COMDAT: u32 = 0x0000_1000;
const SCN_NRELOC_OVFL: u32 = 0x0100_0000;
const SCN_ALIGN_MASK: u32 = 0x00f0_0000;

fn bytes<'a>(data: &'a [u8], offset: u64, len: u64, what: &str) -> Result<&'a [u8], String> {
    let end = offset.checked_add(len).filter(|&e| e <= data.len() as u64);
    match end {
        Some(end) => Ok(&data[offset as usize..end as usize]),
        None => Err(format!(
            "truncated {what}: {len} bytes at offset {offset} past the end of the file ({} bytes)",
            data.len()
        )),
    }
}

/// The structure `parse` reads from the `len` bytes at `offset`, and those
/// bytes; a truncated structure is an error naming `what`.
fn read<'a, T>(
    data: &'a [u8],
    offset: u64,
    len: usize,
    what: &str,
    parse: impl FnOnce(&'a [u8]) -> Option<T>,
) -> Result<(T, &'a [u8]), String> {
    let b = bytes(data, offset, len as u64, what)?;
    // `bytes` checked the length, all `parse` checks.
    let parsed = parse(b).ok_or_else(|| format!("malformed {what} at offset {offset}"))?;
    Ok((parsed, b))
}

// The string table's size.

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn trim_nul(b: &[u8]) -> &[u8] {
    let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
    &b[..end]
}

struct InSection<'a> {
    name: &'a [u8],
    characteristics: u32,
    size: u32,
    raw_pointer: u32,
    reloc_pointer: u32,
    contents: &'a [u8],
    /// Without the overflow record.
    relocs: Vec<raw::Relocation>,
}

struct InSymbol<'a> {
    name: &'a [u8],
    value: u32,
    section: i32,
    ty: u16,
    class: u8,
    aux: Vec<&'a [u8]>,
}

/// The section symbol of a section and what its section-definition record
/// holds.
#[derive(Clone, Copy)]
struct SectionDef {
    /// Its position in `Input::symbols`.
    symbol: usize,
    selection: u8,
    /// The section's own number, or the associated section's.
    number: u32,
    checksum: u32,
}

struct Input<'a> {
    machine: u16,
    bigobj: bool,
    timestamp: u32,
    characteristics: u16,
    sections: Vec<InSection<'a>>,
    /// Symbols with the symbol-table index of each.
    symbols: Vec<(u32, InSymbol<'a>)>,
}

/// The string at `offset` of the string table `strtab`.
fn string_at<'a>(strtab: &'a [u8], offset: u64, what: &str) -> Result<&'a [u8], String> {
    if offset < 4 || offset >= strtab.len() as u64 {
        return Err(format!(
            "{what}: string table offset {offset} outside the table ({} bytes)",
            strtab.len()
        ));
    }
    Ok(trim_nul(&strtab[offset as usize..]))
}

fn decode_base64_name(digits: &[u8]) -> Option<u64> {
    let mut v: u64 = 0;
    for &c in digits {
        let d = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        v = v * 64 + u64::from(d);
    }
    Some(v)
}

impl<'a> Input<'a> {
    fn parse(data: &'a [u8]) -> Result<Self, String> {
        let (head, _) =
            read(data, 0, raw::FileHeader::SIZE, "COFF file header", raw::FileHeader::parse)?;
        // Bigobj when the signatures, version and class id say so (what
        // `BigObjHeader::parse` checks), as LLVM decides.
        let bigobj = raw::BigObjHeader::parse(data);
        let (machine, nsections, timestamp, symtab, nsyms, characteristics, sections_at) =
            match bigobj {
                Some(h) => (
                    h.machine,
                    h.number_of_sections,
                    h.time_date_stamp,
                    h.pointer_to_symbol_table,
                    h.number_of_symbols,
                    0,
                    raw::BigObjHeader::SIZE,
                ),
                None => {
                    let optional = head.size_of_optional_header;
                    if optional != 0 {
                        return Err(format!(
                            "not a relocatable object: optional header of {optional} bytes"
                        ));
                    }
                    (
                        head.machine,
                        u32::from(head.number_of_sections),
                        head.time_date_stamp,
                        head.pointer_to_symbol_table,
                        head.number_of_symbols,
                        head.characteristics,
                        raw::FileHeader::SIZE,
                    )
                }
            };
        let bigobj = bigobj.is_some();
        let symbol_size = raw::Symbol::size(bigobj);

        // The symbol table and the string table after it.
        let symtab_len = u64::from(nsyms) * symbol_size as u64;
        let (symtab_bytes, strtab) = if symtab == 0 && nsyms == 0 {
            (&[][..], &[][..])
        } else {
            let st = bytes(data, u64::from(symtab), symtab_len, "symbol table")?;
            let str_at = u64::from(symtab) + symtab_len;
            let size = u32_at(bytes(data, str_at, 4, "string table size")?, 0);
            let strtab = bytes(data, str_at, u64::from(size.max(4)), "string table")?;
            (st, strtab)
        };

        let mut sections = Vec::with_capacity(nsections.min(1 << 20) as usize);
        for k in 0..u64::from(nsections) {
            let at = sections_at as u64 + raw::SectionHeader::SIZE as u64 * k;
            let (h, h_bytes) = read(
                data,
                at,
                raw::SectionHeader::SIZE,
                "section header",
                raw::SectionHeader::parse,
            )?;
            let name = if h.name.starts_with(b"//") {
                let off = decode_base64_name(trim_nul(&h.name[2..]))
                    .ok_or_else(|| format!("section {}: bad base-64 name", k + 1))?;
                string_at(strtab, off, &format!("name of section {}", k + 1))?
            } else if h.name[0] == b'/' {
                let digits = std::str::from_utf8(trim_nul(&h.name[1..]))
                    .ok()
                    .and_then(|s| s.parse::<u64>().ok())
                    .ok_or_else(|| format!("section {}: bad long-name offset", k + 1))?;
                string_at(strtab, digits, &format!("name of section {}", k + 1))?
            } else {
                // A short name, borrowed from the file (the name field
                // leads the header).
                trim_nul(&h_bytes[..h.name.len()])
            };
            let contents =
                if h.characteristics & SCN_UNINITIALIZED != 0 || h.pointer_to_raw_data == 0 {
                    &[][..]
                } else {
                    let what = format!("contents of section {}", k + 1);
                    let (at, len) = (h.pointer_to_raw_data, h.size_of_raw_data);
                    bytes(data, u64::from(at), u64::from(len), &what)?
                };
            let mut first = u64::from(h.pointer_to_relocations);
            let mut nrelocs = u32::from(h.number_of_relocations);
            if h.characteristics & SCN_NRELOC_OVFL != 0 && nrelocs == 0xffff {
                let what = format!("relocation count of section {}", k + 1);
                let (r, _) =
                    read(data, first, raw::Relocation::SIZE, &what, raw::Relocation::parse)?;
                // The count, this record included.
                let total = r.virtual_address;
                if total == 0 {
                    return Err(format!("section {}: overflow relocation count of 0", k + 1));
                }
                nrelocs = total - 1;
                first += raw::Relocation::SIZE as u64;
            }
            let what = format!("relocations of section {}", k + 1);
            let len = raw::Relocation::SIZE as u64 * u64::from(nrelocs);
            let relocs = bytes(data, first, len, &what)?
                .chunks_exact(raw::Relocation::SIZE)
                // Every chunk is a whole record: none is dropped.
                .filter_map(raw::Relocation::parse)
                .collect();
            sections.push(InSection {
                name,
                characteristics: h.characteristics,
                size: h.size_of_raw_data,
                raw_pointer: h.pointer_to_raw_data,
                reloc_pointer: h.pointer_to_relocations,
                contents,
                relocs,
            });
        }

        let mut symbols = Vec::new();
        let mut i = 0usize;
        let records: Vec<&[u8]> = symtab_bytes.chunks_exact(symbol_size).collect();
        while i < records.len() {
            let r = records[i];
            let sym = raw::Symbol::parse(r, bigobj)
                .ok_or_else(|| format!("symbol {i}: truncated record"))?;
            let name = match sym.name_offset() {
                Some(offset) => {
                    string_at(strtab, u64::from(offset), &format!("name of symbol {i}"))?
                }
                // A short name, borrowed from the file (the name field
                // leads the record).
                None => trim_nul(&r[..sym.name.len()]),
            };
            let section = if bigobj {
                sym.section_number
            } else {
                // As LLVM reads a 16-bit number: up to 65 279 a section
                // number, above that the special negative numbers (which
                // `parse` sign-extends all 16-bit numbers to).
                let n = sym.section_number as u16;
                if u32::from(n) <= MAX_SECTIONS_16 {
                    i32::from(n)
                } else {
                    sym.section_number
                }
            };
            // As llvm-objcopy-19: a positive section number names a section.
            if section > 0 && section as u32 > nsections {
                return Err(format!(
                    "section number out of range: symbol {i} '{}' names section {section} of \
                     {nsections}",
                    String::from_utf8_lossy(name)
                ));
            }
            let naux = usize::from(sym.number_of_aux_symbols);
            if i + 1 + naux > records.len() {
                return Err(format!("symbol {i}: {naux} auxiliary records past the table"));
            }
            let aux = records[i + 1..i + 1 + naux].to_vec();
            symbols.push((
                i as u32,
                InSymbol {
                    name,
                    value: sym.value,
                    section,
                    ty: sym.ty,
                    class: sym.storage_class,
                    aux,
                },
            ));
            i += 1 + naux;
        }
        Ok(Input { machine, bigobj, timestamp, characteristics, sections, symbols })
    }

    /// The section-definition record of section `k` (0-based) in `sym`, if
    /// `sym` is that section's symbol exactly as the builder writes it:
    /// `(selection, number field, checksum)`.
    fn section_definition(&self, k: usize, sym: &InSymbol<'_>) -> Option<SectionDef> {
        let s = &self.sections[k];
        if sym.class != StorageClass::STATIC.0
            || sym.section != k as i32 + 1
            || sym.value != 0
            || sym.ty != 0
            || sym.aux.len() != 1
            || sym.name != s.name
        {
            return None;
        }
        let a = sym.aux[0];
        let d = raw::AuxSectionDefinition::parse(a)?;
        let nrelocs = if s.relocs.len() >= 0xffff { 0xffff } else { s.relocs.len() as u16 };
        let (selection, number) = (d.selection, d.number);
        let canonical = d.length == s.size
            && d.number_of_relocations == nrelocs
            && d.number_of_linenumbers == 0
            // The unused bytes are 0, as the builder writes them.
            && a[15] == 0
            && a[18..].iter().all(|&b| b == 0)
            && (selection == 0 || s.characteristics & SCN_LNK_COMDAT != 0)
            && if selection == Selection::ASSOCIATIVE.0 {
                number != 0 && number as usize <= self.sections.len() && number != k as u32 + 1
            } else {
                number == k as u32 + 1
            };
        canonical.then_some(SectionDef { symbol: 0, selection, number, checksum: d.check_sum })
    }

    fn rebuild(&self) -> llvmext::obj::Result<Vec<u8>> {
        let n = self.sections.len();
        // The symbol (position in `symbols`) and record of each section's
        // definition.
        let mut defs: Vec<Option<SectionDef>> = vec![None; n];
        for (pos, (_, sym)) in self.symbols.iter().enumerate() {
            if sym.section > 0 && sym.section as usize <= n {
                let k = sym.section as usize - 1;
                if defs[k].is_none() {
                    if let Some(d) = self.section_definition(k, sym) {
                        defs[k] = Some(SectionDef { symbol: pos, ..d });
                    }
                }
            }
        }
        let is_assoc =
            |k: usize| matches!(defs[k], Some(d) if d.selection == Selection::ASSOCIATIVE.0);

        // The order the sections were created in: LLVM numbers the
        // associative sections last but lays the contents out in creation
        // order, so merge the two runs by file offset.
        let first_assoc = (0..n).find(|&k| is_assoc(k)).unwrap_or(n);
        let llvm_numbering = (first_assoc..n).all(is_assoc);
        let order: Vec<usize> = if llvm_numbering {
            let key = |k: usize| {
                let s = &self.sections[k];
                if s.characteristics & SCN_UNINITIALIZED == 0 && s.raw_pointer != 0 {
                    Some(s.raw_pointer)
                } else if !s.relocs.is_empty() {
                    Some(s.reloc_pointer)
                } else {
                    None
                }
            };
            let footprint = |k: usize| {
                let s = &self.sections[k];
                let data = if s.characteristics & SCN_UNINITIALIZED == 0 { s.size } else { 0 };
                u64::from(data) + s.relocs.len() as u64
            };
            let a: Vec<usize> = (0..n).filter(|&k| !is_assoc(k)).collect();
            let b: Vec<usize> = (0..n).filter(|&k| is_assoc(k)).collect();
            let (mut ia, mut ib) = (0, 0);
            let mut order = Vec::with_capacity(n);
            while ia < a.len() || ib < b.len() {
                let take_a = if ia == a.len() {
                    false
                } else if ib == b.len() {
                    true
                } else {
                    match (key(a[ia]), key(b[ib])) {
                        (None, _) => true,
                        (_, None) => false,
                        // On a tie the section that takes no room came first.
                        (Some(x), Some(y)) => x < y || (x == y && footprint(a[ia]) == 0),
                    }
                };
                if take_a {
                    order.push(a[ia]);
                    ia += 1;
                } else {
                    order.push(b[ib]);
                    ib += 1;
                }
            }
            order
        } else {
            (0..n).collect()
        };

        let mut b = CoffBuilder::new(Machine(self.machine));
        b.set_bigobj(if self.bigobj { BigObj::Always } else { BigObj::Auto });
        b.set_timestamp(self.timestamp);
        b.set_characteristics(self.characteristics);
        b.set_llvm_section_numbering(llvm_numbering);

        let mut ids: Vec<Option<SectionId>> = vec![None; n];
        for &k in &order {
            let s = &self.sections[k];
            let id = b.add_section(
                SectionSpec::new(s.name, SectionFlags(s.characteristics)).without_symbol(),
            )?;
            if s.characteristics & SCN_ALIGN_MASK == 0 {
                b.clear_alignment(id)?;
            }
            if s.characteristics & SCN_UNINITIALIZED != 0 {
                b.set_uninitialized_size(id, s.size)?;
            } else {
                b.set_data(id, s.contents)?;
            }
            ids[k] = Some(id);
        }
        let ids: Vec<SectionId> = ids.into_iter().flatten().collect();
        for (k, def) in defs.iter().enumerate() {
            let Some(def) = *def else { continue };
            if def.selection == Selection::ASSOCIATIVE.0 {
                b.set_associative(ids[k], ids[def.number as usize - 1])?;
            } else if def.selection != 0 {
                b.set_comdat(ids[k], Selection(def.selection))?;
            }
            let s = &self.sections[k];
            let computed =
                if s.characteristics & SCN_UNINITIALIZED != 0 { 0 } else { checksum(s.contents) };
            if def.checksum != computed {
                b.set_checksum(ids[k], def.checksum)?;
            }
        }
        let def_of: std::collections::HashMap<usize, usize> =
            defs.iter().enumerate().filter_map(|(k, d)| d.map(|d| (d.symbol, k))).collect();

        // Symbols, in order.
        let symbol_size = if self.bigobj { 20 } else { 18 };
        let mut by_index: Vec<Option<SymbolId>> = vec![None; self.symbol_table_len()];
        let mut weak = Vec::new();
        for (pos, (index, sym)) in self.symbols.iter().enumerate() {
            let id = if let Some(&k) = def_of.get(&pos) {
                b.add_section_symbol(ids[k])?
            } else if let Some(file) = self.file_name(sym, symbol_size) {
                b.add_file(&file)?
            } else if sym.class == StorageClass::WEAK_EXTERNAL.0
                && sym.section == 0
                && sym.value == 0
                && sym.ty == 0
                && sym.aux.len() == 1
                && sym.aux[0][8..].iter().all(|&c| c == 0)
            {
                let a = raw::AuxWeakExternal::parse(sym.aux[0]).unwrap_or_default();
                let id = b.add_weak_external(sym.name, None, WeakSearch(a.characteristics))?;
                weak.push((id, a.tag_index));
                id
            } else {
                let section = match sym.section {
                    0 => SymbolSection::Undefined,
                    -1 => SymbolSection::Absolute,
                    -2 => SymbolSection::Debug,
                    s if s > 0 && s as usize <= n => SymbolSection::Section(ids[s as usize - 1]),
                    s => SymbolSection::Number(s),
                };
                let id = b.add_symbol(Symbol {
                    name: sym.name,
                    value: sym.value,
                    section,
                    ty: SymbolType(sym.ty),
                    storage_class: StorageClass(sym.class),
                })?;
                for a in &sym.aux {
                    b.add_aux_record(id, a)?;
                }
                id
            };
            by_index[*index as usize] = Some(id);
        }
        let symbol_at = |index: u32, what: &str| {
            by_index.get(index as usize).copied().flatten().ok_or_else(|| {
                llvmext::obj::Error::invalid(format!(
                    "{what} refers to symbol index {index}, which is not a symbol"
                ))
            })
        };
        for (id, tag) in weak {
            b.set_weak_default(id, symbol_at(tag, "a weak external")?)?;
        }
        for (k, s) in self.sections.iter().enumerate() {
            for r in &s.relocs {
                let symbol = symbol_at(r.symbol_table_index, "a relocation")?;
                let offset = u64::from(r.virtual_address);
                b.add_reloc(ids[k], Reloc::new(offset, Some(symbol), r.ty, 0))?;
            }
        }
        b.write()
    }

    fn symbol_table_len(&self) -> usize {
        self.symbols.last().map_or(0, |(i, s)| *i as usize + 1 + s.aux.len())
    }

    /// The file name of a `.file` symbol the builder writes the same way.
    fn file_name(&self, sym: &InSymbol<'a>, symbol_size: usize) -> Option<Vec<u8>> {
        if sym.class != StorageClass::FILE.0
            || sym.name != b".file"
            || sym.section != -2
            || sym.value != 0
            || sym.ty != 0
        {
            return None;
        }
        let mut name: Vec<u8> = sym.aux.concat();
        while name.last() == Some(&0) {
            name.pop();
        }
        (name.len().div_ceil(symbol_size) == sym.aux.len()).then_some(name)
    }
}
