//! Every decoder of LLVM's special sections and PC sections on arbitrary
//! bytes (and arbitrary relocation lists): an error or a value, never a
//! panic, and errors point inside the section or at a relocation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use llvmext_obj::llvm::{
    addrsig, bb_addr_map, callgraph, cfi_jump_table, cg_profile, deplibs, jt_sizes,
    linker_options, offloading, sympart, Format, Reloc, RelocKind,
};
use llvmext_obj::pcsections;

const KINDS: [RelocKind; 6] = [
    RelocKind::None,
    RelocKind::Abs32,
    RelocKind::Abs64,
    RelocKind::PcRel32,
    RelocKind::PcRel64,
    RelocKind::Branch,
];

fuzz_target!(|input: &[u8]| {
    let Some((&sel, rest)) = input.split_first() else { return };
    let Some((&nrel, rest)) = rest.split_first() else { return };
    // Relocations from the head of the input: 4 bytes each.
    let nrel = usize::from(nrel % 16).min(rest.len() / 4);
    let (head, data) = rest.split_at(nrel * 4);
    let relocs: Vec<Reloc<u32>> = head
        .chunks(4)
        .map(|c| Reloc {
            offset: u64::from(u16::from_le_bytes([c[0], c[1]])),
            symbol: u32::from(c[2]),
            addend: i64::from(c[3] as i8),
            kind: KINDS[usize::from(c[3]) % KINDS.len()],
        })
        .collect();
    let fmt = [Format::ELF64_LE, Format::ELF32_LE, Format::ELF64_BE, Format::ELF32_BE]
        [usize::from(sel >> 4) & 3];
    let len = data.len() as u64;
    let check = |e: llvmext_obj::Error| {
        if let Some(o) = e.offset() {
            // Within the section, or naming a relocation's own offset.
            let at_reloc = relocs.iter().any(|r| r.offset == o);
            assert!(o <= len || at_reloc, "error offset {o} past the input ({len} bytes): {e}");
        }
    };
    match sel % 14 {
        0 => drop(addrsig::decode(data).map_err(check)),
        1 => drop(bb_addr_map::decode(data, fmt).map_err(check)),
        2 => drop(bb_addr_map::decode_with_relocs(data, fmt, &relocs).map_err(check)),
        3 => drop(callgraph::decode(data, fmt).map_err(check)),
        4 => drop(callgraph::decode_with_relocs(data, fmt, &relocs).map_err(check)),
        5 => drop(cfi_jump_table::decode(data, u64::from(sel >> 4), &relocs).map_err(check)),
        6 => drop(cg_profile::decode(data, fmt, &relocs).map_err(check)),
        7 => drop(deplibs::DependentLibraries::parse(data).map(|d| d.iter().count()).map_err(check)),
        8 => drop(jt_sizes::decode(data, fmt).map_err(check)),
        9 => drop(
            linker_options::LinkerOptions::parse(data).map(|o| o.pairs().count()).map_err(check),
        ),
        10 => drop(offloading::decode_section(data).map_err(check)),
        11 => drop(sympart::decode(data, fmt, &relocs).map_err(check)),
        12 => drop(pcsections::decode(data, &relocs, if sel & 0x10 != 0 { 8 } else { 4 }).map_err(check)),
        _ => {
            let layout = pcsections::AuxLayout {
                function_size: sel & 0x10 != 0,
                compressed: sel & 0x20 != 0,
                consts: head.iter().map(|b| 1 + b % 8).collect(),
            };
            drop(pcsections::decode_aux(data, &layout, fmt).map_err(check))
        }
    }
});
