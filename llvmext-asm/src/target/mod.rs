//! Target back ends of the assembler: instruction matching (from the
//! operands the GAS-syntax parser produced) and instruction encoding, plus
//! each target's relaxation rules, NOP padding and ELF relocation types.
//!
//! Only x86 (16-, 32- and 64-bit modes) exists today; see [`x86`].

pub mod x86;
