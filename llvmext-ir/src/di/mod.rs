//! Specialized debug-info metadata nodes (`!DILocation(...)`,
//! `!DISubprogram(...)`, `!DIExpression(...)`, ...): one schema per kind
//! says its fields, their types and defaults, and the order LLVM 19 prints
//! them in; the parser and printer both follow it.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::id::MdId;
use crate::metadata::{MdNode, Metadata};

pub mod schema;

pub use schema::*;
use schema::{Field as F, FieldType as T, U16, U32};

/// A field value as the `.ll` parser read it, before the kind's schema
/// gives it a meaning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiRaw<'a> {
    /// An integer literal as written (decimal, maybe with a `-`).
    Int(&'a str),
    /// A string literal, unescaped.
    Str(&'a [u8]),
    /// A bare word: `DW_TAG_member`, `true`, `FullDebug`, `CSK_MD5`,
    /// `DW_OP_plus_uconst`, ...
    Ident(&'a str),
    /// `A | B | 4`: a flag set.
    Or(alloc::vec::Vec<DiRaw<'a>>),
    /// A metadata operand already resolved by the parser (`!N`, `!"s"`,
    /// an inline `!DIExpression(...)`); `None` is `null`.
    Md(Option<MdId>),
    /// `{a, b, ...}`: `GenericDINode`'s operand list (elements are `Md`).
    List(alloc::vec::Vec<DiRaw<'a>>),
}

/// Why a specialized node could not be built; `field` is the index of the
/// offending field in the list given (or `usize::MAX` for the node).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiError {
    /// Index of the field at fault in the input, `usize::MAX` for none.
    pub field: usize,
    /// The message, worded as LLVM's parser words it where it has one.
    pub message: alloc::string::String,
}

/// `DW_TAG_*` (Dwarf.def).
const DW_TAGS: &[(u32, &str)] = &[
    (0x0, "DW_TAG_null"),
    (0x1, "DW_TAG_array_type"),
    (0x2, "DW_TAG_class_type"),
    (0x3, "DW_TAG_entry_point"),
    (0x4, "DW_TAG_enumeration_type"),
    (0x5, "DW_TAG_formal_parameter"),
    (0x8, "DW_TAG_imported_declaration"),
    (0xa, "DW_TAG_label"),
    (0xb, "DW_TAG_lexical_block"),
    (0xd, "DW_TAG_member"),
    (0xf, "DW_TAG_pointer_type"),
    (0x10, "DW_TAG_reference_type"),
    (0x11, "DW_TAG_compile_unit"),
    (0x12, "DW_TAG_string_type"),
    (0x13, "DW_TAG_structure_type"),
    (0x15, "DW_TAG_subroutine_type"),
    (0x16, "DW_TAG_typedef"),
    (0x17, "DW_TAG_union_type"),
    (0x18, "DW_TAG_unspecified_parameters"),
    (0x19, "DW_TAG_variant"),
    (0x1a, "DW_TAG_common_block"),
    (0x1b, "DW_TAG_common_inclusion"),
    (0x1c, "DW_TAG_inheritance"),
    (0x1d, "DW_TAG_inlined_subroutine"),
    (0x1e, "DW_TAG_module"),
    (0x1f, "DW_TAG_ptr_to_member_type"),
    (0x20, "DW_TAG_set_type"),
    (0x21, "DW_TAG_subrange_type"),
    (0x22, "DW_TAG_with_stmt"),
    (0x23, "DW_TAG_access_declaration"),
    (0x24, "DW_TAG_base_type"),
    (0x25, "DW_TAG_catch_block"),
    (0x26, "DW_TAG_const_type"),
    (0x27, "DW_TAG_constant"),
    (0x28, "DW_TAG_enumerator"),
    (0x29, "DW_TAG_file_type"),
    (0x2a, "DW_TAG_friend"),
    (0x2b, "DW_TAG_namelist"),
    (0x2c, "DW_TAG_namelist_item"),
    (0x2d, "DW_TAG_packed_type"),
    (0x2e, "DW_TAG_subprogram"),
    (0x2f, "DW_TAG_template_type_parameter"),
    (0x30, "DW_TAG_template_value_parameter"),
    (0x31, "DW_TAG_thrown_type"),
    (0x32, "DW_TAG_try_block"),
    (0x33, "DW_TAG_variant_part"),
    (0x34, "DW_TAG_variable"),
    (0x35, "DW_TAG_volatile_type"),
    (0x36, "DW_TAG_dwarf_procedure"),
    (0x37, "DW_TAG_restrict_type"),
    (0x38, "DW_TAG_interface_type"),
    (0x39, "DW_TAG_namespace"),
    (0x3a, "DW_TAG_imported_module"),
    (0x3b, "DW_TAG_unspecified_type"),
    (0x3c, "DW_TAG_partial_unit"),
    (0x3d, "DW_TAG_imported_unit"),
    (0x3f, "DW_TAG_condition"),
    (0x40, "DW_TAG_shared_type"),
    (0x41, "DW_TAG_type_unit"),
    (0x42, "DW_TAG_rvalue_reference_type"),
    (0x43, "DW_TAG_template_alias"),
    (0x44, "DW_TAG_coarray_type"),
    (0x45, "DW_TAG_generic_subrange"),
    (0x46, "DW_TAG_dynamic_type"),
    (0x47, "DW_TAG_atomic_type"),
    (0x48, "DW_TAG_call_site"),
    (0x49, "DW_TAG_call_site_parameter"),
    (0x4a, "DW_TAG_skeleton_unit"),
    (0x4b, "DW_TAG_immutable_type"),
    (0x4081, "DW_TAG_MIPS_loop"),
    (0x4101, "DW_TAG_format_label"),
    (0x4102, "DW_TAG_function_template"),
    (0x4103, "DW_TAG_class_template"),
    (0x4104, "DW_TAG_GNU_BINCL"),
    (0x4105, "DW_TAG_GNU_EINCL"),
    (0x4106, "DW_TAG_GNU_template_template_param"),
    (0x4107, "DW_TAG_GNU_template_parameter_pack"),
    (0x4108, "DW_TAG_GNU_formal_parameter_pack"),
    (0x4109, "DW_TAG_GNU_call_site"),
    (0x410a, "DW_TAG_GNU_call_site_parameter"),
    (0x4200, "DW_TAG_APPLE_property"),
    (0x4201, "DW_TAG_SUN_function_template"),
    (0x4202, "DW_TAG_SUN_class_template"),
    (0x4203, "DW_TAG_SUN_struct_template"),
    (0x4204, "DW_TAG_SUN_union_template"),
    (0x4205, "DW_TAG_SUN_indirect_inheritance"),
    (0x4206, "DW_TAG_SUN_codeflags"),
    (0x4207, "DW_TAG_SUN_memop_info"),
    (0x4208, "DW_TAG_SUN_omp_child_func"),
    (0x4209, "DW_TAG_SUN_rtti_descriptor"),
    (0x420a, "DW_TAG_SUN_dtor_info"),
    (0x420b, "DW_TAG_SUN_dtor"),
    (0x420c, "DW_TAG_SUN_f90_interface"),
    (0x420d, "DW_TAG_SUN_fortran_vax_structure"),
    (0x42ff, "DW_TAG_SUN_hi"),
    (0x4300, "DW_TAG_LLVM_ptrauth_type"),
    (0x5101, "DW_TAG_ALTIUM_circ_type"),
    (0x5102, "DW_TAG_ALTIUM_mwa_circ_type"),
    (0x5103, "DW_TAG_ALTIUM_rev_carry_type"),
    (0x5111, "DW_TAG_ALTIUM_rom"),
    (0x6000, "DW_TAG_LLVM_annotation"),
    (0x8004, "DW_TAG_GHS_namespace"),
    (0x8005, "DW_TAG_GHS_using_namespace"),
    (0x8006, "DW_TAG_GHS_using_declaration"),
    (0x8007, "DW_TAG_GHS_template_templ_param"),
    (0x8765, "DW_TAG_UPC_shared_type"),
    (0x8766, "DW_TAG_UPC_strict_type"),
    (0x8767, "DW_TAG_UPC_relaxed"),
    (0xa000, "DW_TAG_PGI_kanji_type"),
    (0xa020, "DW_TAG_PGI_interface_block"),
    (0xb000, "DW_TAG_BORLAND_property"),
    (0xb001, "DW_TAG_BORLAND_Delphi_string"),
    (0xb002, "DW_TAG_BORLAND_Delphi_dynamic_array"),
    (0xb003, "DW_TAG_BORLAND_Delphi_set"),
    (0xb004, "DW_TAG_BORLAND_Delphi_variant"),
];

/// `DW_ATE_*` (Dwarf.def).
const DW_ATES: &[(u32, &str)] = &[
    (0x1, "DW_ATE_address"),
    (0x2, "DW_ATE_boolean"),
    (0x3, "DW_ATE_complex_float"),
    (0x4, "DW_ATE_float"),
    (0x5, "DW_ATE_signed"),
    (0x6, "DW_ATE_signed_char"),
    (0x7, "DW_ATE_unsigned"),
    (0x8, "DW_ATE_unsigned_char"),
    (0x9, "DW_ATE_imaginary_float"),
    (0xa, "DW_ATE_packed_decimal"),
    (0xb, "DW_ATE_numeric_string"),
    (0xc, "DW_ATE_edited"),
    (0xd, "DW_ATE_signed_fixed"),
    (0xe, "DW_ATE_unsigned_fixed"),
    (0xf, "DW_ATE_decimal_float"),
    (0x10, "DW_ATE_UTF"),
    (0x11, "DW_ATE_UCS"),
    (0x12, "DW_ATE_ASCII"),
    (0x81, "DW_ATE_HP_complex_float"),
    (0x82, "DW_ATE_HP_float128"),
    (0x83, "DW_ATE_HP_complex_float128"),
    (0x84, "DW_ATE_HP_floathpintel"),
    (0x85, "DW_ATE_HP_imaginary_float90"),
    (0x86, "DW_ATE_HP_imaginary_float128"),
];

/// `DW_LANG_*` (Dwarf.def).
const DW_LANGS: &[(u32, &str)] = &[
    (0x1, "DW_LANG_C89"),
    (0x2, "DW_LANG_C"),
    (0x3, "DW_LANG_Ada83"),
    (0x4, "DW_LANG_C_plus_plus"),
    (0x5, "DW_LANG_Cobol74"),
    (0x6, "DW_LANG_Cobol85"),
    (0x7, "DW_LANG_Fortran77"),
    (0x8, "DW_LANG_Fortran90"),
    (0x9, "DW_LANG_Pascal83"),
    (0xa, "DW_LANG_Modula2"),
    (0xb, "DW_LANG_Java"),
    (0xc, "DW_LANG_C99"),
    (0xd, "DW_LANG_Ada95"),
    (0xe, "DW_LANG_Fortran95"),
    (0xf, "DW_LANG_PLI"),
    (0x10, "DW_LANG_ObjC"),
    (0x11, "DW_LANG_ObjC_plus_plus"),
    (0x12, "DW_LANG_UPC"),
    (0x13, "DW_LANG_D"),
    (0x14, "DW_LANG_Python"),
    (0x15, "DW_LANG_OpenCL"),
    (0x16, "DW_LANG_Go"),
    (0x17, "DW_LANG_Modula3"),
    (0x18, "DW_LANG_Haskell"),
    (0x19, "DW_LANG_C_plus_plus_03"),
    (0x1a, "DW_LANG_C_plus_plus_11"),
    (0x1b, "DW_LANG_OCaml"),
    (0x1c, "DW_LANG_Rust"),
    (0x1d, "DW_LANG_C11"),
    (0x1e, "DW_LANG_Swift"),
    (0x1f, "DW_LANG_Julia"),
    (0x20, "DW_LANG_Dylan"),
    (0x21, "DW_LANG_C_plus_plus_14"),
    (0x22, "DW_LANG_Fortran03"),
    (0x23, "DW_LANG_Fortran08"),
    (0x24, "DW_LANG_RenderScript"),
    (0x25, "DW_LANG_BLISS"),
    (0x26, "DW_LANG_Kotlin"),
    (0x27, "DW_LANG_Zig"),
    (0x28, "DW_LANG_Crystal"),
    (0x2a, "DW_LANG_C_plus_plus_17"),
    (0x2b, "DW_LANG_C_plus_plus_20"),
    (0x2c, "DW_LANG_C17"),
    (0x2d, "DW_LANG_Fortran18"),
    (0x2e, "DW_LANG_Ada2005"),
    (0x2f, "DW_LANG_Ada2012"),
    (0x30, "DW_LANG_HIP"),
    (0x31, "DW_LANG_Assembly"),
    (0x32, "DW_LANG_C_sharp"),
    (0x33, "DW_LANG_Mojo"),
    (0x34, "DW_LANG_GLSL"),
    (0x35, "DW_LANG_GLSL_ES"),
    (0x36, "DW_LANG_HLSL"),
    (0x37, "DW_LANG_OpenCL_CPP"),
    (0x38, "DW_LANG_CPP_for_OpenCL"),
    (0x39, "DW_LANG_SYCL"),
    (0x40, "DW_LANG_Ruby"),
    (0x41, "DW_LANG_Move"),
    (0x42, "DW_LANG_Hylo"),
    (0x8001, "DW_LANG_Mips_Assembler"),
    (0x8e57, "DW_LANG_GOOGLE_RenderScript"),
    (0xb000, "DW_LANG_BORLAND_Delphi"),
];

/// `DW_CC_*` (Dwarf.def).
const DW_CCS: &[(u32, &str)] = &[
    (0x1, "DW_CC_normal"),
    (0x2, "DW_CC_program"),
    (0x3, "DW_CC_nocall"),
    (0x4, "DW_CC_pass_by_reference"),
    (0x5, "DW_CC_pass_by_value"),
    (0x40, "DW_CC_GNU_renesas_sh"),
    (0x41, "DW_CC_GNU_borland_fastcall_i386"),
    (0xb0, "DW_CC_BORLAND_safecall"),
    (0xb1, "DW_CC_BORLAND_stdcall"),
    (0xb2, "DW_CC_BORLAND_pascal"),
    (0xb3, "DW_CC_BORLAND_msfastcall"),
    (0xb4, "DW_CC_BORLAND_msreturn"),
    (0xb5, "DW_CC_BORLAND_thiscall"),
    (0xb6, "DW_CC_BORLAND_fastcall"),
    (0xc0, "DW_CC_LLVM_vectorcall"),
    (0xc1, "DW_CC_LLVM_Win64"),
    (0xc2, "DW_CC_LLVM_X86_64SysV"),
    (0xc3, "DW_CC_LLVM_AAPCS"),
    (0xc4, "DW_CC_LLVM_AAPCS_VFP"),
    (0xc5, "DW_CC_LLVM_IntelOclBicc"),
    (0xc6, "DW_CC_LLVM_SpirFunction"),
    (0xc7, "DW_CC_LLVM_OpenCLKernel"),
    (0xc8, "DW_CC_LLVM_Swift"),
    (0xc9, "DW_CC_LLVM_PreserveMost"),
    (0xca, "DW_CC_LLVM_PreserveAll"),
    (0xcb, "DW_CC_LLVM_X86RegCall"),
    (0xcc, "DW_CC_LLVM_M68kRTD"),
    (0xcd, "DW_CC_LLVM_PreserveNone"),
    (0xce, "DW_CC_LLVM_RISCVVectorCall"),
    (0xcf, "DW_CC_LLVM_SwiftTail"),
    (0xff, "DW_CC_GDB_IBM_OpenCL"),
];

/// `DW_OP_*` (Dwarf.def, then the `DW_OP_LLVM_*` of Dwarf.h).
const DW_OPS: &[(u32, &str)] = &[
    (0x3, "DW_OP_addr"),
    (0x6, "DW_OP_deref"),
    (0x8, "DW_OP_const1u"),
    (0x9, "DW_OP_const1s"),
    (0xa, "DW_OP_const2u"),
    (0xb, "DW_OP_const2s"),
    (0xc, "DW_OP_const4u"),
    (0xd, "DW_OP_const4s"),
    (0xe, "DW_OP_const8u"),
    (0xf, "DW_OP_const8s"),
    (0x10, "DW_OP_constu"),
    (0x11, "DW_OP_consts"),
    (0x12, "DW_OP_dup"),
    (0x13, "DW_OP_drop"),
    (0x14, "DW_OP_over"),
    (0x15, "DW_OP_pick"),
    (0x16, "DW_OP_swap"),
    (0x17, "DW_OP_rot"),
    (0x18, "DW_OP_xderef"),
    (0x19, "DW_OP_abs"),
    (0x1a, "DW_OP_and"),
    (0x1b, "DW_OP_div"),
    (0x1c, "DW_OP_minus"),
    (0x1d, "DW_OP_mod"),
    (0x1e, "DW_OP_mul"),
    (0x1f, "DW_OP_neg"),
    (0x20, "DW_OP_not"),
    (0x21, "DW_OP_or"),
    (0x22, "DW_OP_plus"),
    (0x23, "DW_OP_plus_uconst"),
    (0x24, "DW_OP_shl"),
    (0x25, "DW_OP_shr"),
    (0x26, "DW_OP_shra"),
    (0x27, "DW_OP_xor"),
    (0x28, "DW_OP_bra"),
    (0x29, "DW_OP_eq"),
    (0x2a, "DW_OP_ge"),
    (0x2b, "DW_OP_gt"),
    (0x2c, "DW_OP_le"),
    (0x2d, "DW_OP_lt"),
    (0x2e, "DW_OP_ne"),
    (0x2f, "DW_OP_skip"),
    (0x30, "DW_OP_lit0"),
    (0x31, "DW_OP_lit1"),
    (0x32, "DW_OP_lit2"),
    (0x33, "DW_OP_lit3"),
    (0x34, "DW_OP_lit4"),
    (0x35, "DW_OP_lit5"),
    (0x36, "DW_OP_lit6"),
    (0x37, "DW_OP_lit7"),
    (0x38, "DW_OP_lit8"),
    (0x39, "DW_OP_lit9"),
    (0x3a, "DW_OP_lit10"),
    (0x3b, "DW_OP_lit11"),
    (0x3c, "DW_OP_lit12"),
    (0x3d, "DW_OP_lit13"),
    (0x3e, "DW_OP_lit14"),
    (0x3f, "DW_OP_lit15"),
    (0x40, "DW_OP_lit16"),
    (0x41, "DW_OP_lit17"),
    (0x42, "DW_OP_lit18"),
    (0x43, "DW_OP_lit19"),
    (0x44, "DW_OP_lit20"),
    (0x45, "DW_OP_lit21"),
    (0x46, "DW_OP_lit22"),
    (0x47, "DW_OP_lit23"),
    (0x48, "DW_OP_lit24"),
    (0x49, "DW_OP_lit25"),
    (0x4a, "DW_OP_lit26"),
    (0x4b, "DW_OP_lit27"),
    (0x4c, "DW_OP_lit28"),
    (0x4d, "DW_OP_lit29"),
    (0x4e, "DW_OP_lit30"),
    (0x4f, "DW_OP_lit31"),
    (0x50, "DW_OP_reg0"),
    (0x51, "DW_OP_reg1"),
    (0x52, "DW_OP_reg2"),
    (0x53, "DW_OP_reg3"),
    (0x54, "DW_OP_reg4"),
    (0x55, "DW_OP_reg5"),
    (0x56, "DW_OP_reg6"),
    (0x57, "DW_OP_reg7"),
    (0x58, "DW_OP_reg8"),
    (0x59, "DW_OP_reg9"),
    (0x5a, "DW_OP_reg10"),
    (0x5b, "DW_OP_reg11"),
    (0x5c, "DW_OP_reg12"),
    (0x5d, "DW_OP_reg13"),
    (0x5e, "DW_OP_reg14"),
    (0x5f, "DW_OP_reg15"),
    (0x60, "DW_OP_reg16"),
    (0x61, "DW_OP_reg17"),
    (0x62, "DW_OP_reg18"),
    (0x63, "DW_OP_reg19"),
    (0x64, "DW_OP_reg20"),
    (0x65, "DW_OP_reg21"),
    (0x66, "DW_OP_reg22"),
    (0x67, "DW_OP_reg23"),
    (0x68, "DW_OP_reg24"),
    (0x69, "DW_OP_reg25"),
    (0x6a, "DW_OP_reg26"),
    (0x6b, "DW_OP_reg27"),
    (0x6c, "DW_OP_reg28"),
    (0x6d, "DW_OP_reg29"),
    (0x6e, "DW_OP_reg30"),
    (0x6f, "DW_OP_reg31"),
    (0x70, "DW_OP_breg0"),
    (0x71, "DW_OP_breg1"),
    (0x72, "DW_OP_breg2"),
    (0x73, "DW_OP_breg3"),
    (0x74, "DW_OP_breg4"),
    (0x75, "DW_OP_breg5"),
    (0x76, "DW_OP_breg6"),
    (0x77, "DW_OP_breg7"),
    (0x78, "DW_OP_breg8"),
    (0x79, "DW_OP_breg9"),
    (0x7a, "DW_OP_breg10"),
    (0x7b, "DW_OP_breg11"),
    (0x7c, "DW_OP_breg12"),
    (0x7d, "DW_OP_breg13"),
    (0x7e, "DW_OP_breg14"),
    (0x7f, "DW_OP_breg15"),
    (0x80, "DW_OP_breg16"),
    (0x81, "DW_OP_breg17"),
    (0x82, "DW_OP_breg18"),
    (0x83, "DW_OP_breg19"),
    (0x84, "DW_OP_breg20"),
    (0x85, "DW_OP_breg21"),
    (0x86, "DW_OP_breg22"),
    (0x87, "DW_OP_breg23"),
    (0x88, "DW_OP_breg24"),
    (0x89, "DW_OP_breg25"),
    (0x8a, "DW_OP_breg26"),
    (0x8b, "DW_OP_breg27"),
    (0x8c, "DW_OP_breg28"),
    (0x8d, "DW_OP_breg29"),
    (0x8e, "DW_OP_breg30"),
    (0x8f, "DW_OP_breg31"),
    (0x90, "DW_OP_regx"),
    (0x91, "DW_OP_fbreg"),
    (0x92, "DW_OP_bregx"),
    (0x93, "DW_OP_piece"),
    (0x94, "DW_OP_deref_size"),
    (0x95, "DW_OP_xderef_size"),
    (0x96, "DW_OP_nop"),
    (0x97, "DW_OP_push_object_address"),
    (0x98, "DW_OP_call2"),
    (0x99, "DW_OP_call4"),
    (0x9a, "DW_OP_call_ref"),
    (0x9b, "DW_OP_form_tls_address"),
    (0x9c, "DW_OP_call_frame_cfa"),
    (0x9d, "DW_OP_bit_piece"),
    (0x9e, "DW_OP_implicit_value"),
    (0x9f, "DW_OP_stack_value"),
    (0xa0, "DW_OP_implicit_pointer"),
    (0xa1, "DW_OP_addrx"),
    (0xa2, "DW_OP_constx"),
    (0xa3, "DW_OP_entry_value"),
    (0xa4, "DW_OP_const_type"),
    (0xa5, "DW_OP_regval_type"),
    (0xa6, "DW_OP_deref_type"),
    (0xa7, "DW_OP_xderef_type"),
    (0xa8, "DW_OP_convert"),
    (0xa9, "DW_OP_reinterpret"),
    (0xe0, "DW_OP_GNU_push_tls_address"),
    (0xe1, "DW_OP_HP_is_value"),
    (0xe2, "DW_OP_HP_fltconst4"),
    (0xe3, "DW_OP_HP_fltconst8"),
    (0xe4, "DW_OP_HP_mod_range"),
    (0xe5, "DW_OP_HP_unmod_range"),
    (0xe6, "DW_OP_HP_tls"),
    (0xe8, "DW_OP_INTEL_bit_piece"),
    (0xed, "DW_OP_WASM_location"),
    (0xee, "DW_OP_WASM_location_int"),
    (0xf0, "DW_OP_APPLE_uninit"),
    (0xf3, "DW_OP_GNU_entry_value"),
    (0xf8, "DW_OP_PGI_omp_thread_num"),
    (0xfb, "DW_OP_GNU_addr_index"),
    (0xfc, "DW_OP_GNU_const_index"),
    (0xe9, "DW_OP_LLVM_user"),
    (0x1000, "DW_OP_LLVM_fragment"),
    (0x1001, "DW_OP_LLVM_convert"),
    (0x1002, "DW_OP_LLVM_tag_offset"),
    (0x1003, "DW_OP_LLVM_entry_value"),
    (0x1004, "DW_OP_LLVM_implicit_pointer"),
    (0x1005, "DW_OP_LLVM_arg"),
    (0x1006, "DW_OP_LLVM_extract_bits_sext"),
    (0x1007, "DW_OP_LLVM_extract_bits_zext"),
];

/// `DW_VIRTUALITY_*` (Dwarf.def).
const DW_VIRTUALITIES: &[(u32, &str)] = &[
    (0x0, "DW_VIRTUALITY_none"),
    (0x1, "DW_VIRTUALITY_virtual"),
    (0x2, "DW_VIRTUALITY_pure_virtual"),
];

/// `DW_MACINFO_*` (Dwarf.h).
const DW_MACINFOS: &[(u32, &str)] = &[
    (0x01, "DW_MACINFO_define"),
    (0x02, "DW_MACINFO_undef"),
    (0x03, "DW_MACINFO_start_file"),
    (0x04, "DW_MACINFO_end_file"),
    (0xff, "DW_MACINFO_vendor_ext"),
];

/// `CSK_*` (DIFile::ChecksumKind).
const CHECKSUM_KINDS: &[(u32, &str)] = &[(1, "CSK_MD5"), (2, "CSK_SHA1"), (3, "CSK_SHA256")];

/// DICompileUnit emission kinds.
const EMISSION_KINDS: &[(u32, &str)] =
    &[(0, "NoDebug"), (1, "FullDebug"), (2, "LineTablesOnly"), (3, "DebugDirectivesOnly")];

/// DICompileUnit name table kinds.
const NAME_TABLE_KINDS: &[(u32, &str)] = &[(0, "Default"), (1, "GNU"), (2, "None"), (3, "Apple")];

/// `DIFlag*` (DebugInfoFlags.def), in its order; the multi-bit ones are
/// handled apart when printing.
const DI_FLAGS: &[(u32, &str)] = &[
    (1, "DIFlagPrivate"),
    (2, "DIFlagProtected"),
    (3, "DIFlagPublic"),
    (1 << 2, "DIFlagFwdDecl"),
    (1 << 3, "DIFlagAppleBlock"),
    (1 << 4, "DIFlagReservedBit4"),
    (1 << 5, "DIFlagVirtual"),
    (1 << 6, "DIFlagArtificial"),
    (1 << 7, "DIFlagExplicit"),
    (1 << 8, "DIFlagPrototyped"),
    (1 << 9, "DIFlagObjcClassComplete"),
    (1 << 10, "DIFlagObjectPointer"),
    (1 << 11, "DIFlagVector"),
    (1 << 12, "DIFlagStaticMember"),
    (1 << 13, "DIFlagLValueReference"),
    (1 << 14, "DIFlagRValueReference"),
    (1 << 15, "DIFlagExportSymbols"),
    (1 << 16, "DIFlagSingleInheritance"),
    (2 << 16, "DIFlagMultipleInheritance"),
    (3 << 16, "DIFlagVirtualInheritance"),
    (1 << 18, "DIFlagIntroducedVirtual"),
    (1 << 19, "DIFlagBitField"),
    (1 << 20, "DIFlagNoReturn"),
    (1 << 22, "DIFlagTypePassByValue"),
    (1 << 23, "DIFlagTypePassByReference"),
    (1 << 24, "DIFlagEnumClass"),
    (1 << 25, "DIFlagThunk"),
    (1 << 26, "DIFlagNonTrivial"),
    (1 << 27, "DIFlagBigEndian"),
    (1 << 28, "DIFlagLittleEndian"),
    (1 << 29, "DIFlagAllCallsDescribed"),
    ((1 << 2) | (1 << 5), "DIFlagIndirectVirtualBase"),
];

/// `DISPFlag*` (DebugInfoFlags.def).
const DISP_FLAGS: &[(u32, &str)] = &[
    (1, "DISPFlagVirtual"),
    (2, "DISPFlagPureVirtual"),
    (1 << 2, "DISPFlagLocalToUnit"),
    (1 << 3, "DISPFlagDefinition"),
    (1 << 4, "DISPFlagOptimized"),
    (1 << 5, "DISPFlagPure"),
    (1 << 6, "DISPFlagElemental"),
    (1 << 7, "DISPFlagRecursive"),
    (1 << 8, "DISPFlagMainSubprogram"),
    (1 << 9, "DISPFlagDeleted"),
    (1 << 11, "DISPFlagObjCDirect"),
];

fn name_of(table: &[(u32, &'static str)], v: u64) -> Option<&'static str> {
    table.iter().find(|e| u64::from(e.0) == v).map(|e| e.1)
}

fn value_of(table: &[(u32, &str)], name: &str) -> Option<u32> {
    table.iter().find(|e| e.1 == name).map(|e| e.0)
}

/// The `DW_OP_*` name of a DWARF expression opcode.
pub fn op_name(op: u64) -> Option<&'static str> {
    name_of(DW_OPS, op)
}

/// The opcode of a `DW_OP_*` name.
pub fn op_by_name(name: &str) -> Option<u64> {
    value_of(DW_OPS, name).map(u64::from)
}

/// The `DW_TAG_*` name of a tag.
pub fn tag_name(tag: u64) -> Option<&'static str> {
    name_of(DW_TAGS, tag)
}

// ---------------------------------------------------------------- building

fn err(field: usize, message: impl Into<String>) -> DiError {
    DiError { field, message: message.into() }
}

/// A decimal literal: sign and magnitude (little-endian limbs, no
/// trailing zero limbs).
struct Lit {
    negative: bool,
    mag: Vec<u64>,
}

impl Lit {
    fn parse(s: &str) -> Option<Lit> {
        let (negative, digits) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let mut mag: Vec<u64> = Vec::new();
        for b in digits.bytes() {
            let mut carry = u128::from(b - b'0');
            for limb in mag.iter_mut() {
                let v = u128::from(*limb) * 10 + carry;
                *limb = v as u64;
                carry = v >> 64;
            }
            if carry != 0 {
                mag.push(carry as u64);
            }
        }
        Some(Lit { negative, mag })
    }
    fn as_u64(&self) -> Option<u64> {
        match self.mag.len() {
            0 => Some(0),
            1 => self.mag.first().copied(),
            _ => None,
        }
    }
    /// The value as i128 if it fits.
    fn as_i128(&self) -> Option<i128> {
        let m = match self.mag.len() {
            0 => 0u128,
            1 => u128::from(self.mag[0]),
            2 => u128::from(self.mag[0]) | (u128::from(self.mag[1]) << 64),
            _ => return None,
        };
        if m > i128::MAX as u128 {
            return None;
        }
        Some(if self.negative { -(m as i128) } else { m as i128 })
    }
    fn is_zero(&self) -> bool {
        self.mag.is_empty()
    }
}

fn lex_class(word: &str) -> &'static str {
    for (p, c) in [
        ("DW_TAG_", "tag"),
        ("DW_ATE_", "ate"),
        ("DW_VIRTUALITY_", "virt"),
        ("DW_LANG_", "lang"),
        ("DW_CC_", "cc"),
        ("DW_OP_", "op"),
        ("DW_MACINFO_", "macinfo"),
        ("DIFlag", "diflag"),
        ("DISPFlag", "spflag"),
        ("CSK_", "csk"),
    ] {
        if word.starts_with(p) {
            return c;
        }
    }
    match word {
        "NoDebug" | "FullDebug" | "LineTablesOnly" | "DebugDirectivesOnly" => "emission",
        "GNU" | "Apple" | "None" | "Default" => "nametable",
        "true" | "false" => "bool",
        _ => "other",
    }
}

fn parse_unsigned(i: usize, name: &str, raw: &DiRaw<'_>, max: u64) -> Result<u64, DiError> {
    let DiRaw::Int(s) = raw else { return Err(err(i, "expected unsigned integer")) };
    let lit = Lit::parse(s).ok_or_else(|| err(i, "expected unsigned integer"))?;
    if lit.negative {
        return Err(err(i, "expected unsigned integer"));
    }
    match lit.as_u64() {
        Some(v) if v <= max => Ok(v),
        _ => Err(err(i, format!("value for '{name}' too large, limit is {max}"))),
    }
}

fn parse_signed(i: usize, name: &str, s: &str, min: i64, max: i64) -> Result<i64, DiError> {
    let lit = Lit::parse(s).ok_or_else(|| err(i, "expected signed integer"))?;
    let v = lit.as_i128();
    let too_small = match v {
        Some(v) => v < i128::from(min),
        None => lit.negative,
    };
    if too_small {
        return Err(err(i, format!("value for '{name}' too small, limit is {min}")));
    }
    match v {
        Some(v) if v <= i128::from(max) => Ok(v as i64),
        _ => Err(err(i, format!("value for '{name}' too large, limit is {max}"))),
    }
}

/// An enumerated field: a named word of class `class` from `table`, or an
/// unsigned integer up to `max`.
#[allow(clippy::too_many_arguments)]
fn parse_enum(
    i: usize,
    name: &str,
    raw: &DiRaw<'_>,
    class: &str,
    table: &[(u32, &str)],
    max: u64,
    expected: &str,
    invalid: &str,
) -> Result<u64, DiError> {
    match raw {
        DiRaw::Int(_) => parse_unsigned(i, name, raw, max),
        DiRaw::Ident(w) if lex_class(w) == class => value_of(table, w)
            .map(u64::from)
            .ok_or_else(|| err(i, format!("invalid {invalid} '{w}'"))),
        _ => Err(err(i, format!("expected {expected}"))),
    }
}

fn parse_flags(i: usize, raw: &DiRaw<'_>, sp: bool) -> Result<u64, DiError> {
    let one = |r: &DiRaw<'_>| -> Result<u64, DiError> {
        match r {
            DiRaw::Int(s) if !s.starts_with('-') => {
                let lit = Lit::parse(s).ok_or_else(|| err(i, "expected integer"))?;
                match lit.as_u64() {
                    Some(v) if v <= U32 => Ok(v),
                    _ => Err(err(i, "expected 32-bit integer (too large)")),
                }
            }
            DiRaw::Ident(w) if lex_class(w) == if sp { "spflag" } else { "diflag" } => {
                let table = if sp { DISP_FLAGS } else { DI_FLAGS };
                match value_of(table, w) {
                    Some(v) => Ok(u64::from(v)),
                    None if sp => Err(err(i, format!("invalid subprogram debug info flag '{w}'"))),
                    None => Err(err(i, format!("invalid debug info flag '{w}'"))),
                }
            }
            _ => Err(err(i, "expected debug info flag")),
        }
    };
    match raw {
        DiRaw::Or(items) => {
            let mut v = 0;
            for it in items {
                v |= one(it)?;
            }
            Ok(v)
        }
        r => one(r),
    }
}

fn parse_md(i: usize, name: &str, raw: &DiRaw<'_>, null_ok: bool) -> Result<Option<MdId>, DiError> {
    match raw {
        DiRaw::Md(None) if !null_ok => Err(err(i, format!("'{name}' cannot be null"))),
        DiRaw::Md(m) => Ok(*m),
        _ => Err(err(i, "expected metadata operand")),
    }
}

fn uint_field(v: u64, default: u64) -> DiField {
    if v == default {
        DiField::Absent
    } else {
        DiField::UInt(v)
    }
}

/// Builds a `!Name(field: value, ...)` node of kind `kind` from the fields
/// as parsed; string fields become `MdNode::String` nodes of `md`.
///
/// For `DIExpression` the operands are given in order with an empty label:
/// `("", DiRaw::Ident("DW_OP_plus_uconst"))`, `("", DiRaw::Int("8"))`.
/// Errors carry LLParser's wording; `field` is the index into `fields` of
/// the value at fault (`usize::MAX`: at the closing parenthesis, e.g. a
/// missing required field, or after it for the checks LLParser makes once
/// all fields are read).
pub fn build(
    kind: DiKind,
    fields: &[(&str, DiRaw<'_>)],
    md: &mut crate::metadata::Metadata,
) -> Result<DiNode, DiError> {
    let def = schema(kind).ok_or_else(|| err(usize::MAX, "expected metadata type"))?;
    if kind == DiKind::EXPRESSION {
        return build_expression(kind, fields);
    }
    if kind == DiKind::ASSIGN_ID {
        if !fields.is_empty() {
            return Err(err(0, "expected ')' here"));
        }
        return Ok(DiNode { kind, fields: Box::new([]) });
    }
    let mut out: Vec<DiField> = alloc::vec![DiField::Absent; def.fields.len()];
    let mut seen: Vec<bool> = alloc::vec![false; def.fields.len()];
    for (i, (label, raw)) in fields.iter().enumerate() {
        let Some(fi) = Field::from_keyword(label.as_bytes()).and_then(|f| field_index(kind, f))
        else {
            return Err(err(i, format!("invalid field '{label}'")));
        };
        if seen[fi] {
            return Err(err(i, format!("field '{label}' cannot be specified more than once")));
        }
        seen[fi] = true;
        let fd = &def.fields[fi];
        let name = fd.field.keyword();
        if matches!(raw, DiRaw::Or(_)) && !matches!(fd.ty, T::DiFlags | T::SpFlags) {
            return Err(err(i, "expected ')' here"));
        }
        let v = match fd.ty {
            T::Tag => uint_field(
                parse_enum(i, name, raw, "tag", DW_TAGS, U16, "DWARF tag", "DWARF tag")?,
                fd.default,
            ),
            T::UInt(max) => uint_field(parse_unsigned(i, name, raw, max)?, fd.default),
            T::SInt(min, max) => match raw {
                DiRaw::Int(s) => match parse_signed(i, name, s, min, max)? {
                    0 => DiField::Absent,
                    v => DiField::Int(v),
                },
                _ => return Err(err(i, "expected signed integer")),
            },
            T::Bool => match raw {
                DiRaw::Ident("true") => uint_field(1, fd.default),
                DiRaw::Ident("false") => uint_field(0, fd.default),
                _ => return Err(err(i, "expected 'true' or 'false'")),
            },
            T::Md(null_ok) => match parse_md(i, name, raw, null_ok)? {
                Some(m) => DiField::Md(Some(m)),
                None => DiField::Absent,
            },
            T::Str(empty_error) => match raw {
                DiRaw::Str(b) if b.is_empty() && empty_error => {
                    return Err(err(i, format!("'{name}' cannot be empty")))
                }
                // DIFile's source keeps an empty string (it prints the same).
                DiRaw::Str([]) => DiField::Absent,
                DiRaw::Str(b) => DiField::Md(Some(md.get_or_insert(MdNode::String((*b).into())))),
                _ => return Err(err(i, "expected string constant")),
            },
            T::DiFlags => uint_field(parse_flags(i, raw, false)?, 0),
            T::SpFlags => DiField::UInt(parse_flags(i, raw, true)?),
            T::Lang => uint_field(
                parse_enum(
                    i,
                    name,
                    raw,
                    "lang",
                    DW_LANGS,
                    U16,
                    "DWARF language",
                    "DWARF language",
                )?,
                0,
            ),
            T::Encoding => uint_field(
                parse_enum(
                    i,
                    name,
                    raw,
                    "ate",
                    DW_ATES,
                    0xff,
                    "DWARF type attribute encoding",
                    "DWARF type attribute encoding",
                )?,
                0,
            ),
            T::Cc => uint_field(
                parse_enum(
                    i,
                    name,
                    raw,
                    "cc",
                    DW_CCS,
                    0xff,
                    "DWARF calling convention",
                    "DWARF calling convention",
                )?,
                0,
            ),
            T::Virtuality => uint_field(
                parse_enum(
                    i,
                    name,
                    raw,
                    "virt",
                    DW_VIRTUALITIES,
                    2,
                    "DWARF virtuality code",
                    "DWARF virtuality code",
                )?,
                0,
            ),
            T::Macinfo => uint_field(
                parse_enum(
                    i,
                    name,
                    raw,
                    "macinfo",
                    DW_MACINFOS,
                    0xff,
                    "DWARF macinfo type",
                    "DWARF macinfo type",
                )?,
                fd.default,
            ),
            T::ChecksumKind => match raw {
                DiRaw::Ident(w)
                    if lex_class(w) == "csk" && value_of(CHECKSUM_KINDS, w).is_some() =>
                {
                    DiField::UInt(u64::from(value_of(CHECKSUM_KINDS, w).unwrap_or(1)))
                }
                DiRaw::Ident(w) | DiRaw::Int(w) => {
                    return Err(err(i, format!("invalid checksum kind '{w}'")))
                }
                _ => return Err(err(i, "invalid checksum kind ''")),
            },
            T::EmissionKind => uint_field(
                parse_enum(
                    i,
                    name,
                    raw,
                    "emission",
                    EMISSION_KINDS,
                    3,
                    "emission kind",
                    "emission kind",
                )?,
                0,
            ),
            T::NameTableKind => uint_field(
                parse_enum(
                    i,
                    name,
                    raw,
                    "nametable",
                    NAME_TABLE_KINDS,
                    3,
                    "nameTable kind",
                    "nameTable kind",
                )?,
                0,
            ),
            T::SIntOrMd(min, max) => match raw {
                DiRaw::Int(s) => DiField::Int(parse_signed(i, name, s, min, max)?),
                _ => match parse_md(i, name, raw, min != -1)? {
                    Some(m) => DiField::Md(Some(m)),
                    None => DiField::Absent,
                },
            },
            T::ApsInt => match raw {
                DiRaw::Int(s) => {
                    let lit = Lit::parse(s).ok_or_else(|| err(i, "expected integer"))?;
                    apsint_field(&lit)
                }
                _ => return Err(err(i, "expected integer")),
            },
            T::MdList => match raw {
                DiRaw::List(items) => {
                    let mut v = Vec::with_capacity(items.len());
                    for it in items {
                        match it {
                            DiRaw::Md(m) => v.push(*m),
                            _ => return Err(err(i, "expected metadata operand")),
                        }
                    }
                    if v.is_empty() {
                        DiField::Absent
                    } else {
                        DiField::List(Box::new(v.into()))
                    }
                }
                _ => return Err(err(i, "expected '{' here")),
            },
        };
        out[fi] = v;
    }
    for &req in def.required_order {
        if let Some(fi) = field_index(kind, req) {
            if !seen[fi] {
                let req = req.keyword();
                return Err(err(usize::MAX, format!("missing required field '{req}'")));
            }
        }
    }
    fixup(kind, def, &mut out, &seen, md)?;
    Ok(DiNode { kind, fields: out.into() })
}

fn apsint_field(lit: &Lit) -> DiField {
    if lit.is_zero() {
        return DiField::UInt(0);
    }
    if !lit.negative {
        if let Some(v) = lit.as_u64() {
            return DiField::UInt(v);
        }
    } else if let Some(v) = lit.as_i128() {
        if v >= i128::from(i64::MIN) {
            return DiField::Int(v as i64);
        }
    }
    DiField::Big { negative: lit.negative, magnitude: Box::new(lit.mag.clone().into()) }
}

/// The rules LLParser applies once all fields are read.
fn fixup(
    kind: DiKind,
    def: &KindDef,
    out: &mut [DiField],
    seen: &[bool],
    md: &mut Metadata,
) -> Result<(), DiError> {
    let idx = |f: Field| field_index(kind, f);
    let get = |out: &[DiField], f: Field| -> u64 {
        let Some(i) = idx(f) else { return 0 };
        match out.get(i) {
            Some(DiField::UInt(v)) => *v,
            _ => def.fields.get(i).map_or(0, |f| f.default),
        }
    };
    match kind {
        DiKind::ENUMERATOR => {
            let unsigned = get(out, F::IsUnsigned) != 0;
            let negative = match idx(F::Value).and_then(|i| out.get(i)) {
                Some(DiField::Int(v)) => *v < 0,
                Some(DiField::Big { negative, .. }) => *negative,
                _ => false,
            };
            if unsigned && negative {
                return Err(err(usize::MAX, "unsigned enumerator with negative value"));
            }
        }
        DiKind::FILE => {
            let (k, c) = (idx(F::Checksumkind).unwrap_or(0), idx(F::Checksum).unwrap_or(0));
            let (ks, cs) = (seen.get(k) == Some(&true), seen.get(c) == Some(&true));
            if ks != cs {
                return Err(err(
                    usize::MAX,
                    "'checksumkind' and 'checksum' must be provided together",
                ));
            }
            if ks {
                // Both given: the checksum is kept even when empty.
                if matches!(out.get(c), Some(DiField::Absent)) {
                    if let Some(slot) = out.get_mut(c) {
                        *slot = DiField::Md(Some(md.get_or_insert(MdNode::String(Box::new([])))));
                    }
                }
            } else if let Some(slot) = out.get_mut(k) {
                *slot = DiField::Absent;
            }
        }
        DiKind::SUBPROGRAM => {
            let sp = idx(F::SpFlags).unwrap_or(0);
            if seen.get(sp) != Some(&true) {
                let mut v = get(out, F::Virtuality) & 3;
                if get(out, F::IsLocal) != 0 {
                    v |= 4;
                }
                if get(out, F::IsDefinition) != 0 {
                    v |= 8;
                }
                if get(out, F::IsOptimized) != 0 {
                    v |= 16;
                }
                if let Some(slot) = out.get_mut(sp) {
                    *slot = DiField::UInt(v);
                }
            }
            for n in [F::IsLocal, F::IsDefinition, F::IsOptimized, F::Virtuality] {
                if let Some(slot) = idx(n).and_then(|i| out.get_mut(i)) {
                    *slot = DiField::Absent;
                }
            }
        }
        DiKind::DERIVED_TYPE => {
            // LLVM 19 keeps the pointer-authentication data and the
            // alignment in one 32-bit word: with a key, the packed data
            // replaces the alignment.
            let key = get(out, F::PtrAuthKey);
            if key != 0 {
                let word = key
                    | (get(out, F::PtrAuthIsAddressDiscriminated) << 4)
                    | (get(out, F::PtrAuthExtraDiscriminator) << 5)
                    | (get(out, F::PtrAuthIsaPointer) << 21)
                    | (get(out, F::PtrAuthAuthenticatesNullValues) << 22);
                if let Some(slot) = idx(F::Align).and_then(|i| out.get_mut(i)) {
                    *slot = uint_field(word, 0);
                }
            }
            for n in [
                F::PtrAuthKey,
                F::PtrAuthIsAddressDiscriminated,
                F::PtrAuthExtraDiscriminator,
                F::PtrAuthIsaPointer,
                F::PtrAuthAuthenticatesNullValues,
            ] {
                if let Some(slot) = idx(n).and_then(|i| out.get_mut(i)) {
                    *slot = DiField::Absent;
                }
            }
        }
        DiKind::GENERIC_SUBRANGE => {
            // An integer bound is a `DIExpression(DW_OP_consts, N)`.
            for slot in out.iter_mut() {
                if let DiField::Int(v) = *slot {
                    let e = DiNode {
                        kind: DiKind::EXPRESSION,
                        fields: Box::new([DiField::Ops(Box::new(Box::new([0x11, v as u64])))]),
                    };
                    *slot = DiField::Md(Some(md.get_or_insert(MdNode::Di(e))));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

fn build_expression(kind: DiKind, fields: &[(&str, DiRaw<'_>)]) -> Result<DiNode, DiError> {
    let mut ops = Vec::with_capacity(fields.len());
    for (i, (label, raw)) in fields.iter().enumerate() {
        if !label.is_empty() {
            return Err(err(i, "expected unsigned integer"));
        }
        match raw {
            DiRaw::Ident(w) if lex_class(w) == "op" => match op_by_name(w) {
                Some(v) => ops.push(v),
                None => return Err(err(i, format!("invalid DWARF op '{w}'"))),
            },
            DiRaw::Ident(w) if lex_class(w) == "ate" => match value_of(DW_ATES, w) {
                Some(v) => ops.push(u64::from(v)),
                None => return Err(err(i, format!("invalid DWARF attribute encoding '{w}'"))),
            },
            DiRaw::Int(s) => {
                let lit = Lit::parse(s).ok_or_else(|| err(i, "expected unsigned integer"))?;
                if lit.negative {
                    return Err(err(i, "expected unsigned integer"));
                }
                match lit.as_u64() {
                    Some(v) => ops.push(v),
                    None => {
                        return Err(err(i, format!("element too large, limit is {}", u64::MAX)))
                    }
                }
            }
            _ => return Err(err(i, "expected unsigned integer")),
        }
    }
    Ok(DiNode { kind, fields: Box::new([DiField::Ops(Box::new(ops.into()))]) })
}

/// A `DIExpression` node with these operations.
pub fn expression(ops: &[u64]) -> DiNode {
    DiNode { kind: DiKind::EXPRESSION, fields: Box::new([DiField::Ops(Box::new(ops.into()))]) }
}

// ---------------------------------------------------------------- printing

/// The number of elements (opcode included) of the operation `op`, as
/// LLVM 19's `DIExpression::ExprOperand::getSize`.
fn op_size(op: u64) -> usize {
    match op {
        0x70..=0x8f => 2,                              // DW_OP_breg*
        0x1001 | 0x1000 | 0x1006 | 0x1007 | 0x92 => 3, // convert, fragment, extract_bits, bregx
        0x10 | 0x11 | 0x94 | 0x23 | 0x1002 | 0x1003 | 0x1005 | 0x90 => 2,
        _ => 1,
    }
}

/// The `(offset, size)` in bits of the expression's `DW_OP_LLVM_fragment`
/// (LLVM's `DIExpression::getFragmentInfo`), walking operation by
/// operation.
pub fn expression_fragment(ops: &[u64]) -> Option<(u64, u64)> {
    let mut pos = 0;
    while pos < ops.len() {
        if ops[pos] == 0x1000 {
            return Some((*ops.get(pos + 1)?, *ops.get(pos + 2)?));
        }
        pos += op_size(ops[pos]);
    }
    None
}

/// `DIExpression::isValid` of LLVM 19 (an expression that would make
/// LLVM's printer read past its end counts as not valid).
pub fn expression_is_valid(ops: &[u64]) -> bool {
    let n = ops.len();
    let mut pos = 0;
    let first = match ops.first() {
        Some(0x1005) if ops.get(1) == Some(&0) => 2,
        _ => 0,
    };
    while pos < n {
        let op = ops[pos];
        let size = op_size(op);
        if pos + size > n {
            return false;
        }
        match op {
            0x50..=0x8f => {
                // reg*/breg*: LLVM stops checking here; the rest must still
                // fit for printing.
                let mut p = pos;
                while p < n {
                    p += op_size(ops[p]);
                }
                return p == n;
            }
            0x1000 => return pos + size == n,
            0x9f => {
                if pos + size != n && ops.get(pos + size) != Some(&0x1000) {
                    return false;
                }
            }
            0x16 => {
                if n == 1 {
                    return false;
                }
            }
            0x1003 => {
                let mut p = pos;
                while p < n {
                    p += op_size(ops[p]);
                }
                return p == n && pos == first && ops.get(pos + 1) == Some(&1);
            }
            0x1004 | 0x1001 | 0x1005 | 0x1002 | 0x1006 | 0x1007 | 0x10 | 0x23 | 0x22 | 0x1c
            | 0x1e | 0x1b | 0x1d | 0x21 | 0x1a | 0x27 | 0x24 | 0x25 | 0x26 | 0x06 | 0x94 | 0x18
            | 0x30 | 0x20 | 0x12 | 0x90 | 0x92 | 0x97 | 0x14 | 0x11 | 0x29 | 0x2e | 0x2b | 0x2a
            | 0x2d | 0x2c => {}
            _ => return false,
        }
        pos += size;
    }
    true
}

/// `sep` (`""` first, then `", "`), `name` and `": "`.
fn key(out: &mut dyn Write, sep: &mut &str, name: &str) -> fmt::Result {
    out.write_str(sep)?;
    out.write_str(name)?;
    *sep = ", ";
    out.write_str(": ")
}

/// `v` in decimal, without the formatting machinery (the printer's hot
/// path: every field of every node).
pub(crate) fn put_u64(out: &mut dyn Write, mut v: u64) -> fmt::Result {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.write_str(core::str::from_utf8(&buf[i..]).unwrap_or(""))
}

/// `v` in decimal (see [`put_u64`]).
fn put_i64(out: &mut dyn Write, v: i64) -> fmt::Result {
    if v < 0 {
        out.write_str("-")?;
    }
    put_u64(out, v.unsigned_abs())
}

fn write_expression(out: &mut dyn Write, ops: &[u64]) -> fmt::Result {
    out.write_str("!DIExpression(")?;
    let mut sep = "";
    if expression_is_valid(ops) {
        let mut pos = 0;
        while pos < ops.len() {
            let op = ops[pos];
            let size = op_size(op);
            out.write_str(sep)?;
            out.write_str(op_name(op).unwrap_or(""))?;
            sep = ", ";
            let args = ops.get(pos + 1..pos + size).unwrap_or(&[]);
            if op == 0x1001 {
                if let [bits, enc] = args {
                    out.write_str(", ")?;
                    put_u64(out, *bits)?;
                    out.write_str(", ")?;
                    out.write_str(name_of(DW_ATES, *enc).unwrap_or(""))?;
                }
            } else {
                for a in args {
                    out.write_str(", ")?;
                    put_u64(out, *a)?;
                }
            }
            pos += size;
        }
    } else {
        for v in ops {
            out.write_str(sep)?;
            put_u64(out, *v)?;
            sep = ", ";
        }
    }
    out.write_str(")")
}

/// Writes `s` as LLVM's `printEscapedString` does (`\` doubled, printable
/// ASCII but `"` as is, the rest as `\XX`).
pub fn write_escaped(out: &mut dyn Write, s: &[u8]) -> fmt::Result {
    for &b in s {
        if b == b'\\' {
            out.write_str("\\\\")?;
        } else if (0x20..0x7f).contains(&b) && b != b'"' {
            out.write_char(b as char)?;
        } else {
            write!(out, "\\{:02X}", b)?;
        }
    }
    Ok(())
}

fn string_of<'m>(md: &'m Metadata, f: &DiField) -> &'m [u8] {
    match f {
        DiField::Md(Some(id)) => match md.get(*id) {
            Some(MdNode::String(s)) => s,
            _ => &[],
        },
        _ => &[],
    }
}

fn write_flags(out: &mut dyn Write, v: u64, sp: bool) -> fmt::Result {
    let mut rest = v;
    let mut parts: Vec<&str> = Vec::new();
    if sp {
        for (bit, name) in DISP_FLAGS {
            let b = u64::from(*bit);
            if rest & b != 0 {
                parts.push(name);
                rest &= !b;
            }
        }
    } else {
        let acc = rest & 3;
        if acc != 0 {
            parts.push(name_of(DI_FLAGS, acc).unwrap_or(""));
            rest &= !3;
        }
        let ptm = rest & (3 << 16);
        if ptm != 0 {
            parts.push(name_of(DI_FLAGS, ptm).unwrap_or(""));
            rest &= !(3 << 16);
        }
        if rest & 0x24 == 0x24 {
            parts.push("DIFlagIndirectVirtualBase");
            rest &= !0x24;
        }
        for (bit, name) in DI_FLAGS {
            let b = u64::from(*bit);
            if b.count_ones() == 1 && rest & b != 0 {
                parts.push(name);
                rest &= !b;
            }
        }
    }
    let mut sep = "";
    for p in &parts {
        write!(out, "{sep}{p}")?;
        sep = " | ";
    }
    if rest != 0 || parts.is_empty() {
        write!(out, "{sep}{rest}")?;
    }
    Ok(())
}

fn write_big(out: &mut dyn Write, negative: bool, mag: &[u64]) -> fmt::Result {
    if negative {
        out.write_char('-')?;
    }
    let bits = (mag.len() as u32).saturating_mul(64).saturating_add(1);
    match crate::int::IntValue::from_limbs(bits, mag) {
        Ok(v) => write!(out, "{v}"),
        Err(_) => out.write_str("0"),
    }
}

/// The signed constant a `DIGenericSubrange` bound prints as, if the
/// expression is one (`DIExpression::isConstant` giving a signed constant).
fn generic_constant(md: &Metadata, id: MdId) -> Option<i64> {
    let Some(MdNode::Di(n)) = md.get(id) else { return None };
    if n.kind != DiKind::EXPRESSION {
        return None;
    }
    let Some(DiField::Ops(ops)) = n.fields.first() else { return None };
    let signed = match ops.len() {
        2 => ops[0] == 0x11,
        3 => ops[0] == 0x11 && ops[2] == 0x9f,
        6 => ops[0] == 0x11 && ops[2] == 0x9f && ops[3] == 0x1000,
        _ => false,
    };
    if signed {
        Some(ops[1] as i64)
    } else {
        None
    }
}

/// Writes a specialized node as LLVM 19 does, from `!` to `)` (the printer
/// writes `distinct ` before it). `operand` writes a metadata operand (`!N`,
/// `null`, an inline `!DIExpression()`, ...).
pub fn write_node(
    out: &mut dyn core::fmt::Write,
    node: DiRef<'_>,
    md: &crate::metadata::Metadata,
    operand: &mut dyn FnMut(&mut dyn core::fmt::Write, Option<MdId>) -> core::fmt::Result,
) -> core::fmt::Result {
    let Some(def) = schema(node.kind) else { return out.write_str("!DIUnknown()") };
    if node.kind == DiKind::EXPRESSION {
        return match node.fields.first() {
            Some(DiField::Ops(ops)) => write_expression(out, ops),
            _ => write_expression(out, &[]),
        };
    }
    out.write_str("!")?;
    out.write_str(def.name)?;
    out.write_str("(")?;
    let mut sep = "";
    let tag = node.uint(F::Tag);
    for (i, fd) in def.fields.iter().enumerate() {
        let v = node.fields.get(i).unwrap_or(&DiField::Absent);
        let name = fd.field.keyword();
        if fd.print == Print::Never {
            continue;
        }
        // Special rules first.
        if fd.print == Print::Special {
            match (node.kind, fd.field) {
                (DiKind::SUBRANGE | DiKind::GENERIC_SUBRANGE | DiKind::COMPOSITE_TYPE, _) => {
                    match v {
                        DiField::Int(n) => {
                            key(out, &mut sep, name)?;
                            put_i64(out, *n)?;
                        }
                        DiField::Md(Some(id)) => {
                            if node.kind == DiKind::GENERIC_SUBRANGE {
                                if let Some(c) = generic_constant(md, *id) {
                                    write!(out, "{sep}{name}: {c}")?;
                                    sep = ", ";
                                    continue;
                                }
                            }
                            key(out, &mut sep, name)?;
                            operand(out, Some(*id))?;
                        }
                        _ => {}
                    }
                }
                (DiKind::DERIVED_TYPE, F::Align) => {
                    let w = node.uint(F::Align);
                    if tag == 0x4300 {
                        // DW_TAG_LLVM_ptrauth_type: the word is the
                        // pointer-authentication data.
                        if w & 15 != 0 {
                            write!(out, "{sep}ptrAuthKey: {}", w & 15)?;
                            sep = ", ";
                        }
                        write!(out, "{sep}ptrAuthIsAddressDiscriminated: {}", (w >> 4) & 1 != 0)?;
                        sep = ", ";
                        if (w >> 5) & 0xffff != 0 {
                            write!(out, ", ptrAuthExtraDiscriminator: {}", (w >> 5) & 0xffff)?;
                        }
                        write!(out, ", ptrAuthIsaPointer: {}", (w >> 21) & 1 != 0)?;
                        write!(out, ", ptrAuthAuthenticatesNullValues: {}", (w >> 22) & 1 != 0)?;
                    } else if w != 0 {
                        key(out, &mut sep, "align")?;
                        put_u64(out, w)?;
                    }
                }
                (DiKind::DERIVED_TYPE, F::DwarfAddressSpace) => {
                    if let DiField::UInt(a) = v {
                        write!(out, "{sep}dwarfAddressSpace: {a}")?;
                        sep = ", ";
                    }
                }
                (DiKind::FILE, F::Checksumkind) => {
                    if let DiField::UInt(k) = v {
                        write!(
                            out,
                            "{sep}checksumkind: {}",
                            name_of(CHECKSUM_KINDS, *k).unwrap_or("")
                        )?;
                        write!(out, ", checksum: \"")?;
                        write_escaped(out, string_of(md, node.field(F::Checksum)))?;
                        out.write_str("\"")?;
                        sep = ", ";
                    }
                }
                (DiKind::SUBPROGRAM, F::VirtualIndex) => {
                    let vi = node.uint(F::VirtualIndex);
                    if node.uint(F::SpFlags) & 3 != 0 || vi != 0 {
                        write!(out, "{sep}virtualIndex: {vi}")?;
                        sep = ", ";
                    }
                }
                (DiKind::SUBPROGRAM, F::SpFlags) => {
                    write!(out, "{sep}spFlags: ")?;
                    write_flags(out, node.uint(F::SpFlags), true)?;
                    sep = ", ";
                }
                _ => {}
            }
            continue;
        }
        let always = fd.print == Print::Always;
        match fd.ty {
            T::Tag => {
                let t = node.uint(fd.field);
                if always || t != fd.default {
                    key(out, &mut sep, name)?;
                    match tag_name(t) {
                        Some(s) => out.write_str(s)?,
                        None => put_u64(out, t)?,
                    }
                }
            }
            T::UInt(_) | T::SInt(..) => match v {
                DiField::Int(x) => {
                    if always || *x != 0 {
                        key(out, &mut sep, name)?;
                        put_i64(out, *x)?;
                    }
                }
                _ => {
                    let x = node.uint(fd.field);
                    if always || x != 0 {
                        key(out, &mut sep, name)?;
                        put_u64(out, x)?;
                    }
                }
            },
            T::Bool => {
                let b = node.uint(fd.field) != 0;
                if always || b != (fd.default != 0) {
                    key(out, &mut sep, name)?;
                    out.write_str(if b { "true" } else { "false" })?;
                }
            }
            T::Md(_) => {
                let m = match v {
                    DiField::Md(m) => *m,
                    _ => None,
                };
                if always || m.is_some() {
                    key(out, &mut sep, name)?;
                    operand(out, m)?;
                }
            }
            T::Str(_) => {
                let s = string_of(md, v);
                if always || !s.is_empty() {
                    key(out, &mut sep, name)?;
                    out.write_str("\"")?;
                    write_escaped(out, s)?;
                    out.write_str("\"")?;
                }
            }
            T::DiFlags => {
                let x = node.uint(fd.field);
                if x != 0 {
                    key(out, &mut sep, name)?;
                    write_flags(out, x, false)?;
                }
            }
            T::SpFlags => {}
            T::Lang | T::Encoding | T::Cc | T::Virtuality | T::Macinfo => {
                let x = node.uint(fd.field);
                let table = match fd.ty {
                    T::Lang => DW_LANGS,
                    T::Encoding => DW_ATES,
                    T::Cc => DW_CCS,
                    T::Virtuality => DW_VIRTUALITIES,
                    _ => DW_MACINFOS,
                };
                // printDwarfEnum skips zero whatever it is told;
                // printMacinfoType always prints.
                if x != 0 || fd.ty == T::Macinfo {
                    key(out, &mut sep, name)?;
                    match name_of(table, x) {
                        Some(s) => out.write_str(s)?,
                        None => put_u64(out, x)?,
                    }
                }
            }
            T::EmissionKind | T::NameTableKind => {
                let x = node.uint(fd.field);
                let table =
                    if fd.ty == T::EmissionKind { EMISSION_KINDS } else { NAME_TABLE_KINDS };
                if always || x != 0 {
                    key(out, &mut sep, name)?;
                    out.write_str(name_of(table, x).unwrap_or(""))?;
                }
            }
            T::ChecksumKind | T::SIntOrMd(..) => {}
            T::ApsInt => {
                write!(out, "{sep}{name}: ")?;
                match v {
                    DiField::Int(x) => write!(out, "{x}")?,
                    DiField::UInt(x) => write!(out, "{x}")?,
                    DiField::Big { negative, magnitude } => write_big(out, *negative, magnitude)?,
                    _ => out.write_str("0")?,
                }
                sep = ", ";
            }
            T::MdList => {
                if let DiField::List(items) = v {
                    key(out, &mut sep, name)?;
                    out.write_str("{")?;
                    let mut s2 = "";
                    for m in items.iter() {
                        out.write_str(s2)?;
                        operand(out, *m)?;
                        s2 = ", ";
                    }
                    out.write_str("}")?;
                    sep = ", ";
                }
            }
        }
    }
    out.write_str(")")
}
