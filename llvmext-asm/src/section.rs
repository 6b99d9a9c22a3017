//! Sections and their fragments (LLVM's `MCSectionELF` and `MCFragment`s).
//!
//! A section is a list of fragments. Bytes whose size is known when they
//! are emitted go to data fragments, whose contents live one after the
//! other in the section's byte buffer; what may change size during layout
//! (a relaxable instruction, an alignment, a `.fill` with a symbolic count,
//! `.org`, an LEB128 of an expression, a DWARF address advance) gets a
//! fragment of its own.

use crate::diag::Loc;
use crate::expr::ExprId;
use crate::fixup::Fixup;
use crate::ids::SymbolId;
pub use crate::ids::{FragmentId, SectionId};
use crate::target::x86::Inst;
use core::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use llvmext_obj::elf::{SectionFlags, SectionType};
use smallvec::SmallVec;

/// Layout values change through shared references while a layout is
/// computed (as LLVM's fragments do through its `MCAsmLayout`): each is an
/// atomic used as a cell (one writer, plain loads and stores), so that a
/// finished layout can be read from several threads at once.
macro_rules! layout_cell {
    ($(#[$m:meta])* $vis:vis $name:ident, $atomic:ty, $t:ty) => {
        $(#[$m])*
        #[derive(Debug, Default)]
        $vis struct $name($atomic);

        impl $name {
            pub(crate) const fn new(v: $t) -> Self {
                Self(<$atomic>::new(v))
            }

            #[inline]
            pub(crate) fn get(&self) -> $t {
                self.0.load(Ordering::Relaxed)
            }

            #[inline]
            pub(crate) fn set(&self, v: $t) {
                self.0.store(v, Ordering::Relaxed)
            }

            /// Sets `v`, giving the old value (not one atomic step: a cell
            /// has one writer).
            #[inline]
            #[allow(dead_code)]
            pub(crate) fn replace(&self, v: $t) -> $t {
                let old = self.get();
                self.set(v);
                old
            }
        }

        impl Clone for $name {
            fn clone(&self) -> Self {
                Self::new(self.get())
            }
        }
    };
}

layout_cell!(
    /// A `u64` of the layout.
    pub(crate) Cell64, AtomicU64, u64
);
layout_cell!(
    /// A `usize` of the layout.
    pub(crate) CellUsize, AtomicUsize, usize
);
layout_cell!(
    /// A `u32` of the layout.
    pub(crate) Cell32, AtomicU32, u32
);
layout_cell!(
    /// A `u8` of the layout (what a `.prefalign` chose so far).
    pub Cell8, AtomicU8, u8
);
layout_cell!(
    /// A `bool` of the layout.
    pub(crate) CellBool, AtomicBool, bool
);

/// A relaxable instruction of a section (the fragment names it by index):
/// the instruction in its current form, its encoding and its fixups.
#[derive(Debug, Clone)]
pub struct RelaxItem {
    /// The instruction, in its current form.
    pub inst: Inst<ExprId>,
    /// Its encoding.
    pub bytes: SmallVec<[u8; 16]>,
    /// Its fixups (offsets from the instruction's start).
    pub fixups: SmallVec<[Fixup; 2]>,
}

/// Padding to an alignment.
#[derive(Debug, Clone, Copy)]
pub struct AlignSpec {
    /// The alignment (a power of two).
    pub align: u64,
    /// The fill value when not NOPs.
    pub fill: i64,
    /// The size of the fill value.
    pub fill_size: u8,
    /// Pad only when it takes at most this many bytes.
    pub max: u64,
    /// Pad with NOPs (code alignment).
    pub nops: bool,
}

/// What a fragment holds. Encodings that layout may change (LEB128s,
/// DWARF advances) are kept as their size only and written again from
/// their values at the end.
#[derive(Debug, Clone)]
pub enum FragmentKind {
    /// Bytes of known size: `len` bytes at `start` of the section's
    /// buffer, with the fixups `fixups[fix_start..fix_start + fix_len]` of
    /// the section.
    Data {
        /// Where the bytes start in the section's buffer.
        start: u32,
        /// How many.
        len: u32,
        /// The first of its fixups in the section's list.
        fix_start: u32,
        /// How many fixups.
        fix_len: u32,
    },
    /// An instruction that may grow (a short jump, a short immediate of
    /// an expression): the index of its [`RelaxItem`] in the section.
    Relaxable(u32),
    /// Padding to an alignment.
    Align(Box<AlignSpec>),
    /// `count` repetitions of a `size`-byte value (`.fill`, `.zero`,
    /// `.skip`).
    Fill {
        /// The value, truncated to `size` bytes.
        value: u64,
        /// The size of one value (1..=8).
        size: u8,
        /// The number of values.
        count: ExprId,
    },
    /// `.org`: pad up to an offset.
    Org {
        /// The offset in the section.
        target: ExprId,
        /// The fill byte.
        fill: u8,
    },
    /// `.uleb128`/`.sleb128` of an expression.
    Leb {
        /// The value.
        value: ExprId,
        /// Signed (`.sleb128`).
        signed: bool,
        /// The size of the current encoding (it never shrinks).
        size: u8,
        /// Where the value is written (for an error if it is not
        /// absolute).
        loc: Loc,
    },
    /// A DWARF line-table address advance (`MCDwarfLineAddrFragment`) from
    /// label `last` to label `label`.
    DwarfLine {
        /// The line delta (`i64::MAX`: end of sequence).
        line_delta: i64,
        /// The label of the previous row.
        last: SymbolId,
        /// The label of this row.
        label: SymbolId,
        /// The size of the current encoding.
        size: u8,
    },
    /// A DWARF call-frame address advance (`MCDwarfCallFrameFragment`) from
    /// label `last` to label `label`.
    DwarfFrame {
        /// The label of the previous instruction.
        last: SymbolId,
        /// The label of this one.
        label: SymbolId,
        /// The size of the current encoding.
        size: u8,
    },
    /// `.prefalign log2, end, nop|fill` (the newest LLVM's `FT_PrefAlign`, after LLVM 19):
    /// padding up to an alignment that depends on the size of the code
    /// from here to label `end`: the smallest power of two at least that
    /// size, at most `2^log2`, and never less than what an earlier layout
    /// chose.
    PrefAlign {
        /// The label ending the body.
        end: SymbolId,
        /// The preferred alignment, as a power of two.
        log2: u8,
        /// Pad with NOPs (else with `fill`).
        nops: bool,
        /// The fill byte.
        fill: u8,
        /// The alignment chosen so far, as a power of two (it only grows).
        chosen: Cell8,
    },
    /// `.nops N`: exactly `count` bytes of NOPs.
    Nops {
        /// The number of bytes.
        count: u64,
        /// The longest NOP to use (0: the target's).
        max: u8,
    },
}

/// A fragment: its contents and, once laid out, its place.
#[derive(Debug, Clone)]
pub struct Fragment {
    /// What it holds.
    pub kind: FragmentKind,
    /// Its offset in the section (laid out on demand by the assembler).
    pub(crate) offset: Cell64,
    /// Its size at the last layout.
    pub(crate) size: Cell64,
}

impl Fragment {
    pub(crate) fn new(kind: FragmentKind) -> Fragment {
        Fragment { kind, offset: Cell64::new(0), size: Cell64::new(0) }
    }

    /// Its offset in the section (after layout).
    pub fn offset(&self) -> u64 {
        self.offset.get()
    }

    /// Its size (after layout).
    pub fn size(&self) -> u64 {
        self.size.get()
    }
}

/// A section's layout bookkeeping (the assembler's; not its contents).
#[derive(Debug, Clone, Default)]
pub(crate) struct SectionLayout {
    /// How many fragments from the start have their offset and size laid
    /// out for the current encodings (LLVM's last valid fragment).
    pub valid: CellUsize,
    /// The layout pass in which the section was last laid out, or found
    /// unchanged (0: none yet).
    pub pass: Cell32,
    /// Whether a fragment changed its size since the section was laid out.
    pub dirty: CellBool,
    /// Whether its layout can change with other sections' (a `.fill`
    /// count or an `.org` target that is not a constant): laid out afresh
    /// in every pass.
    pub dynamic: CellBool,
    /// How many times it was laid out afresh: two evaluations at one
    /// generation saw the same offsets.
    pub generation: Cell32,
    /// The fragments whose size the current generation's layout changed,
    /// in order: a distance between two fragments with none of these
    /// between them is the previous generation's.
    pub resized: Resized,
}

/// The fragments of a section the current generation's layout resized,
/// asked about through shared references without a lock: a hierarchical
/// bitmap (a bit per fragment; above it, a bit per non-empty word of the
/// level below), which finds the first resized fragment at or after a
/// place in a few steps. The fragments noted are also listed (behind a
/// mutex, taken only to note and to forget them). Sized for the section's
/// fragments when a layout starts.
#[derive(Debug, Default)]
pub(crate) struct Resized {
    levels: Vec<Vec<AtomicU64>>,
    list: std::sync::Mutex<Vec<u32>>,
}

impl Resized {
    /// Room for `n` fragments, none resized.
    pub(crate) fn reset(&mut self, n: usize) {
        self.levels.clear();
        let mut bits = n.max(1);
        loop {
            let words = bits.div_ceil(64);
            self.levels.push((0..words).map(|_| AtomicU64::new(0)).collect());
            if words == 1 {
                break;
            }
            bits = words;
        }
        self.list().clear();
    }

    fn list(&self) -> std::sync::MutexGuard<'_, Vec<u32>> {
        self.list.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Notes fragments `resized`.
    pub(crate) fn extend(&self, resized: &[u32]) {
        for &i in resized {
            let mut pos = i as usize;
            for level in &self.levels {
                let Some(word) = level.get(pos / 64) else { break };
                let old = word.load(Ordering::Relaxed);
                word.store(old | 1 << (pos % 64), Ordering::Relaxed);
                if old != 0 {
                    break;
                }
                pos /= 64;
            }
        }
        self.list().extend_from_slice(resized);
    }

    /// Forgets every resized fragment.
    pub(crate) fn clear(&self) {
        let mut list = self.list();
        for &i in list.iter() {
            let mut pos = i as usize;
            for level in &self.levels {
                if let Some(word) = level.get(pos / 64) {
                    word.store(0, Ordering::Relaxed);
                }
                pos /= 64;
            }
        }
        list.clear();
    }

    /// The first resized fragment at or after `from`.
    fn next(&self, from: usize) -> Option<usize> {
        // Up: the first level with a set bit at or after the place.
        let (mut level, mut pos) = (0, from);
        loop {
            let word = self.levels.get(level)?.get(pos / 64)?;
            let bits = word.load(Ordering::Relaxed) & (!0u64 << (pos % 64));
            if bits != 0 {
                pos = pos / 64 * 64 + bits.trailing_zeros() as usize;
                break;
            }
            // Nothing after it in this word: the words after, a level up.
            pos = pos / 64 + 1;
            level += 1;
        }
        // Down: the first set bit of each non-empty word below.
        while level > 0 {
            level -= 1;
            let bits = self.levels[level].get(pos)?.load(Ordering::Relaxed);
            pos = pos * 64 + bits.trailing_zeros() as usize;
        }
        Some(pos)
    }

    /// Whether a fragment in `from..to` was resized.
    pub(crate) fn any_in(&self, from: usize, to: usize) -> bool {
        from < to && self.next(from).is_some_and(|i| i < to)
    }
}

impl Clone for Resized {
    fn clone(&self) -> Self {
        let copy = |v: &Vec<AtomicU64>| {
            v.iter().map(|a| AtomicU64::new(a.load(Ordering::Relaxed))).collect()
        };
        Resized {
            levels: self.levels.iter().map(copy).collect(),
            list: std::sync::Mutex::new(self.list().clone()),
        }
    }
}

/// An ELF section.
#[derive(Debug, Clone)]
pub struct Section {
    pub(crate) name: Box<str>,
    pub(crate) sh_type: SectionType,
    pub(crate) flags: SectionFlags,
    pub(crate) entsize: u64,
    pub(crate) align: u64,
    /// The signature of its COMDAT group (or plain group), and whether
    /// it is a COMDAT.
    pub(crate) group: Option<(SymbolId, bool)>,
    /// `SHF_LINK_ORDER`: the symbol whose section this one links to.
    pub(crate) linked_to: Option<SymbolId>,
    /// The section's begin symbol (its `STT_SECTION` symbol).
    pub(crate) begin: SymbolId,
    /// The position in the order sections were first switched to
    /// (`u32::MAX`: never).
    pub(crate) order: u32,
    pub(crate) fragments: Vec<Fragment>,
    /// The subsection of each fragment, once a subsection other than 0
    /// was used (`None` until then: all are in subsection 0). Layout puts
    /// the subsections in order first.
    pub(crate) frag_subsections: Option<Vec<u32>>,
    /// The assembler's layout bookkeeping.
    pub(crate) layout: SectionLayout,
    pub(crate) relaxables: Vec<RelaxItem>,
    pub(crate) data: Vec<u8>,
    pub(crate) fixups: Vec<Fixup>,
    /// Whether the current last fragment may take more data.
    pub(crate) open_data: bool,
    /// Whether an instruction was emitted into the section.
    pub(crate) has_instructions: bool,
    /// The symbol at its end (LLVM's `getEndSymbol`), once asked for.
    pub(crate) end: Option<SymbolId>,
}

impl Section {
    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `sh_type`.
    pub fn sh_type(&self) -> SectionType {
        self.sh_type
    }

    /// `sh_flags`.
    pub fn flags(&self) -> SectionFlags {
        self.flags
    }

    /// The alignment.
    pub fn align(&self) -> u64 {
        self.align
    }

    /// Whether its contents take no room in the file (`SHT_NOBITS`).
    pub fn is_virtual(&self) -> bool {
        self.sh_type == SectionType::NOBITS
    }

    /// The fragments.
    pub fn fragments(&self) -> &[Fragment] {
        &self.fragments
    }

    /// The section size after layout.
    pub fn size(&self) -> u64 {
        self.fragments.last().map_or(0, |f| f.offset.get() + f.size.get())
    }
}

#[cfg(test)]
mod resized_tests {
    use super::Resized;

    #[test]
    fn any_in_agrees_with_a_plain_set() {
        let n = 300_000;
        let mut r = Resized::default();
        r.reset(n);
        let mut set = std::collections::BTreeSet::new();
        // A fixed pseudo-random walk: indices, then ranges to ask about.
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |m: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % m as u64) as usize
        };
        for round in 0..3 {
            let mut new: Vec<u32> = (0..(40 * (round + 1))).map(|_| next(n) as u32).collect();
            new.sort_unstable();
            r.extend(&new);
            set.extend(new.iter().map(|&i| i as usize));
            for _ in 0..5_000 {
                let a = next(n);
                let b = (a + next(if a % 2 == 0 { 300 } else { 300_000 })).min(n);
                assert_eq!(r.any_in(a, b), set.range(a..b).next().is_some(), "{a}..{b}");
            }
            r.clear();
            set.clear();
            assert!(!r.any_in(0, n));
        }
    }
}
