//! The `BLOCKINFO` block as LLVM 19's `writeBlockInfo` writes it: the
//! abbreviations every value symbol table, constants block and function
//! block shares, in the order that gives them the ids the writer uses.

use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};

use super::WriteError;
use crate::schema::{BlockId, ConstantsCode, FunctionCode, ValueSymtabCode};

/// The abbreviation ids `writeBlockInfo` defines (the first application
/// id is 4 in each block).
pub(crate) mod ids {
    /// `VST_ENTRY_8_ABBREV`.
    pub const VST_ENTRY_8: u32 = 4;
    /// `VST_ENTRY_7_ABBREV`.
    pub const VST_ENTRY_7: u32 = 5;
    /// `VST_ENTRY_6_ABBREV`.
    pub const VST_ENTRY_6: u32 = 6;
    /// `VST_BBENTRY_6_ABBREV`.
    pub const VST_BBENTRY_6: u32 = 7;
    /// `CONSTANTS_SETTYPE_ABBREV`.
    pub const CONSTANTS_SETTYPE: u32 = 4;
    /// `CONSTANTS_INTEGER_ABBREV`.
    pub const CONSTANTS_INTEGER: u32 = 5;
    /// `CONSTANTS_CE_CAST_Abbrev`.
    pub const CONSTANTS_CE_CAST: u32 = 6;
    /// `CONSTANTS_NULL_Abbrev`.
    pub const CONSTANTS_NULL: u32 = 7;
    /// `FUNCTION_INST_LOAD_ABBREV`.
    pub const FUNCTION_INST_LOAD: u32 = 4;
    /// `FUNCTION_INST_UNOP_ABBREV`.
    pub const FUNCTION_INST_UNOP: u32 = 5;
    /// `FUNCTION_INST_UNOP_FLAGS_ABBREV`.
    pub const FUNCTION_INST_UNOP_FLAGS: u32 = 6;
    /// `FUNCTION_INST_BINOP_ABBREV`.
    pub const FUNCTION_INST_BINOP: u32 = 7;
    /// `FUNCTION_INST_BINOP_FLAGS_ABBREV`.
    pub const FUNCTION_INST_BINOP_FLAGS: u32 = 8;
    /// `FUNCTION_INST_CAST_ABBREV`.
    pub const FUNCTION_INST_CAST: u32 = 9;
    /// `FUNCTION_INST_CAST_FLAGS_ABBREV`.
    pub const FUNCTION_INST_CAST_FLAGS: u32 = 10;
    /// `FUNCTION_INST_RET_VOID_ABBREV`.
    pub const FUNCTION_INST_RET_VOID: u32 = 11;
    /// `FUNCTION_INST_RET_VAL_ABBREV`.
    pub const FUNCTION_INST_RET_VAL: u32 = 12;
    /// `FUNCTION_INST_UNREACHABLE_ABBREV`.
    pub const FUNCTION_INST_UNREACHABLE: u32 = 13;
    /// `FUNCTION_INST_GEP_ABBREV`.
    pub const FUNCTION_INST_GEP: u32 = 14;
    /// `FUNCTION_DEBUG_RECORD_VALUE_ABBREV`.
    pub const FUNCTION_DEBUG_RECORD_VALUE: u32 = 15;
}

/// Writes `BLOCKINFO`; `type_bits` is the width of a type index.
pub(crate) fn write_block_info(w: &mut BitstreamWriter, type_bits: u8) -> Result<(), WriteError> {
    use AbbrevOp::{Array, Char6, Fixed, Literal, Vbr};
    let lit = |c: u32| Literal(u64::from(c));
    let ty = Fixed(type_bits);
    w.enter_blockinfo_block();
    let vst = BlockId::VALUE_SYMTAB.0;
    let defs: [(u32, u32, Abbrev); 20] = [
        (vst, ids::VST_ENTRY_8, Abbrev::new([Fixed(3), Vbr(8), Array, Fixed(8)])),
        (
            vst,
            ids::VST_ENTRY_7,
            Abbrev::new([lit(ValueSymtabCode::ENTRY.0), Vbr(8), Array, Fixed(7)]),
        ),
        (vst, ids::VST_ENTRY_6, Abbrev::new([lit(ValueSymtabCode::ENTRY.0), Vbr(8), Array, Char6])),
        (
            vst,
            ids::VST_BBENTRY_6,
            Abbrev::new([lit(ValueSymtabCode::BBENTRY.0), Vbr(8), Array, Char6]),
        ),
        (
            BlockId::CONSTANTS.0,
            ids::CONSTANTS_SETTYPE,
            Abbrev::new([lit(ConstantsCode::SETTYPE.0), ty]),
        ),
        (
            BlockId::CONSTANTS.0,
            ids::CONSTANTS_INTEGER,
            Abbrev::new([lit(ConstantsCode::INTEGER.0), Vbr(8)]),
        ),
        (
            BlockId::CONSTANTS.0,
            ids::CONSTANTS_CE_CAST,
            Abbrev::new([lit(ConstantsCode::CE_CAST.0), Fixed(4), ty, Vbr(8)]),
        ),
        (BlockId::CONSTANTS.0, ids::CONSTANTS_NULL, Abbrev::new([lit(ConstantsCode::NULL.0)])),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_LOAD,
            Abbrev::new([lit(FunctionCode::INST_LOAD.0), Vbr(6), ty, Vbr(4), Fixed(1)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_UNOP,
            Abbrev::new([lit(FunctionCode::INST_UNOP.0), Vbr(6), Fixed(4)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_UNOP_FLAGS,
            Abbrev::new([lit(FunctionCode::INST_UNOP.0), Vbr(6), Fixed(4), Fixed(8)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_BINOP,
            Abbrev::new([lit(FunctionCode::INST_BINOP.0), Vbr(6), Vbr(6), Fixed(4)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_BINOP_FLAGS,
            Abbrev::new([lit(FunctionCode::INST_BINOP.0), Vbr(6), Vbr(6), Fixed(4), Fixed(8)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_CAST,
            Abbrev::new([lit(FunctionCode::INST_CAST.0), Vbr(6), ty, Fixed(4)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_CAST_FLAGS,
            Abbrev::new([lit(FunctionCode::INST_CAST.0), Vbr(6), ty, Fixed(4), Fixed(8)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_RET_VOID,
            Abbrev::new([lit(FunctionCode::INST_RET.0)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_RET_VAL,
            Abbrev::new([lit(FunctionCode::INST_RET.0), Vbr(6)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_UNREACHABLE,
            Abbrev::new([lit(FunctionCode::INST_UNREACHABLE.0)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_INST_GEP,
            Abbrev::new([lit(FunctionCode::INST_GEP.0), Fixed(3), ty, Array, Vbr(6)]),
        ),
        (
            BlockId::FUNCTION.0,
            ids::FUNCTION_DEBUG_RECORD_VALUE,
            Abbrev::new([
                lit(FunctionCode::DEBUG_RECORD_VALUE_SIMPLE.0),
                Vbr(7),
                Vbr(7),
                Vbr(7),
                Vbr(6),
            ]),
        ),
    ];
    for (block, want, abbrev) in defs {
        let got = w.define_blockinfo_abbrev(block, abbrev)?;
        if got != want {
            return Err(WriteError::Internal("a BLOCKINFO abbreviation got another id"));
        }
    }
    w.exit_block()?;
    Ok(())
}
