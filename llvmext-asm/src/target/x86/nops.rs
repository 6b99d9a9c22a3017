//! NOP padding (`X86AsmBackend::writeNopData`, LLVM 19).

use super::Mode;

/// LLVM 19's 32/64-bit NOPs of 1 to 10 bytes.
const NOPS32: [&[u8]; 10] = [
    &[0x90],
    &[0x66, 0x90],
    &[0x0f, 0x1f, 0x00],
    &[0x0f, 0x1f, 0x40, 0x00],
    &[0x0f, 0x1f, 0x44, 0x00, 0x00],
    &[0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00],
    &[0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00],
    &[0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
    &[0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
    &[0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
];

/// 16-bit mode NOPs of 1 to 4 bytes.
const NOPS16: [&[u8]; 4] = [&[0x90], &[0x66, 0x90], &[0x8d, 0x74, 0x00], &[0x8d, 0xb4, 0x00, 0x00]];

/// The longest NOP `llvm-mc-19` emits by default for a mode
/// (`X86AsmBackend::getMaximumNopSize` with the default CPU): 15 in 64-bit
/// mode (x86-64 "generic" has `TuningFast15ByteNOP`), 1 in 32-bit mode
/// (the i386/i686 default CPU lacks `FeatureNOPL`), 4 in 16-bit mode.
pub fn max_nop_len(mode: Mode) -> u64 {
    match mode {
        Mode::Bits16 => 4,
        Mode::Bits32 => 1,
        Mode::Bits64 => 15,
    }
}

/// Appends `count` bytes of NOPs as `llvm-mc-19` pads code sections: NOPs
/// of [`max_nop_len`] bytes, then one of the remaining length; NOPs longer
/// than 10 bytes are the 10-byte one behind `0x66` prefixes.
pub fn write_nops(mode: Mode, count: u64, out: &mut Vec<u8>) {
    write_nops_max(mode, max_nop_len(mode), count, out)
}

/// [`write_nops`] with an explicit longest NOP (1 to 15; e.g. 15 for
/// `.code32` in an `x86_64` object, whose CPU has long NOPs).
pub fn write_nops_max(mode: Mode, max: u64, mut count: u64, out: &mut Vec<u8>) {
    let max = if mode == Mode::Bits16 { max.clamp(1, 4) } else { max.clamp(1, 15) };
    while count != 0 {
        let this = count.min(max);
        let prefixes = this.saturating_sub(10);
        for _ in 0..prefixes {
            out.push(0x66);
        }
        let rest = (this - prefixes) as usize;
        if mode == Mode::Bits16 {
            out.extend_from_slice(NOPS16[rest - 1]);
        } else {
            out.extend_from_slice(NOPS32[rest - 1]);
        }
        count -= this;
    }
}
