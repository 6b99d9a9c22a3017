//! Finishing an assembly, as LLVM's `MCAssembler::Finish` does: the
//! line tables and call frames written, each section's subsections put in
//! order, layout to a fixpoint (`assembler`), then the ELF object
//! (`writer::elf`). The streamer collects; this drives the stages after
//! it, so the streamer imports neither.

use crate::diag::{Diagnostic, Loc};
use crate::fixup::Fixup;
use crate::section::{Fragment, FragmentId, FragmentKind};
use crate::streamer::ObjectStreamer;
use crate::symbol::{Symbol, SymbolDef};

impl ObjectStreamer {
    /// Lays the assembly out and writes the ELF object; the error (every
    /// diagnostic) when something does not assemble.
    pub fn finish(self) -> Result<Vec<u8>, crate::diag::Error> {
        self.finish_diagnostics().map_err(|diagnostics| crate::diag::Error {
            diagnostics,
            files: Vec::new(),
            sources: Vec::new(),
        })
    }

    fn finish_diagnostics(mut self) -> Result<Vec<u8>, Vec<Diagnostic>> {
        let debug = std::env::var_os("LLVMEXT_ASM_DEBUG").is_some();
        let t0 = std::time::Instant::now();
        self.finish_dwarf(Loc::NONE);
        if self.has_errors() {
            return Err(self.diags);
        }
        if debug {
            eprintln!("peak memory before layout: {}", peak_memory());
            eprintln!("dwarf tables: {:?}", t0.elapsed());
            let frags: usize = self.sections.iter().map(|s| s.fragments.len()).sum();
            let data: usize = self.sections.iter().map(|s| s.data.len()).sum();
            let fixups: usize = self.sections.iter().map(|s| s.fixups.len()).sum();
            eprintln!(
                "symbols {} ({} B each), exprs {}, fragments {frags} ({} B each), data {data} B, fixups {fixups} ({} B each)",
                self.symbols.len(),
                core::mem::size_of::<Symbol>(),
                self.exprs.len(),
                core::mem::size_of::<Fragment>(),
                core::mem::size_of::<Fixup>()
            );
        }
        self.merge_subsections();
        let t1 = std::time::Instant::now();
        crate::assembler::layout(&mut self);
        if debug {
            eprintln!("peak memory after layout: {}", peak_memory());
            eprintln!("layout and fixups: {:?}", t1.elapsed());
        }
        if self.has_errors() {
            return Err(self.diags);
        }
        let t2 = std::time::Instant::now();
        let out = crate::writer::elf::write(&mut self);
        if debug {
            eprintln!("ELF writer: {:?}", t2.elapsed());
        }
        match out {
            Ok(bytes) if !self.has_errors() => Ok(bytes),
            _ => Err(self.diags),
        }
    }

    /// Puts each section's subsections in order (LLVM 19 chains their
    /// fragment lists at layout): the fragments stably sorted by
    /// subsection, the data buffer rebuilt in that order, and the labels
    /// (and the places of fills) moved with their fragments.
    fn merge_subsections(&mut self) {
        // Per section that had subsections: each fragment's new index.
        let mut moved: Vec<Option<Vec<u32>>> = vec![None; self.sections.len()];
        for (sec, moved) in self.sections.iter_mut().zip(moved.iter_mut()) {
            let Some(subs) = sec.frag_subsections.take() else { continue };
            let mut order: Vec<u32> = (0..sec.fragments.len() as u32).collect();
            order.sort_by_key(|&i| subs[i as usize]);
            let mut new_index = vec![0u32; order.len()];
            for (new, &old) in order.iter().enumerate() {
                new_index[old as usize] = new as u32;
            }
            let mut old_frags: Vec<Option<Fragment>> =
                std::mem::take(&mut sec.fragments).into_iter().map(Some).collect();
            let old_data = std::mem::take(&mut sec.data);
            let mut data = Vec::with_capacity(old_data.len());
            for &old in &order {
                let mut f = old_frags[old as usize].take().expect("each fragment once");
                if let FragmentKind::Data { start, len, .. } = &mut f.kind {
                    let (s, l) = (*start as usize, *len as usize);
                    *start = data.len() as u32;
                    data.extend_from_slice(&old_data[s..s + l]);
                }
                sec.fragments.push(f);
            }
            sec.data = data;
            sec.open_data = false;
            *moved = Some(new_index);
        }
        if moved.iter().all(Option::is_none) {
            return;
        }
        for sym in &mut self.symbols {
            let section_of = sym.section_of();
            if let SymbolDef::Label { section, fragment, .. } = &mut sym.def {
                // A section's own symbol stays at its start.
                if let (Some(new_index), false) =
                    (&moved[section.index()], section_of == Some(*section))
                {
                    *fragment = FragmentId(new_index[fragment.index()]);
                }
            }
        }
        for (sec, frag, _) in &mut self.fill_locs {
            if let Some(new_index) = &moved[sec.index()] {
                *frag = new_index[*frag as usize];
            }
        }
    }
}

/// The process's peak resident memory as Linux reports it (for
/// `LLVMEXT_ASM_DEBUG`), or `?`.
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| l.strip_prefix("VmHWM:")).map(|v| v.trim().to_string())
        })
        .unwrap_or_else(|| "?".into())
}
