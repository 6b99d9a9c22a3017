//! Debug-info metadata records (`METADATA_LOCATION` ... `METADATA_*`) into
//! [`DiNode`]s, as LLVM 19's `MetadataLoader` reads them.
//!
//! Each record is read the way `parseOneMetadata` of LLVM 19 reads it,
//! including the older layouts it accepts (and upgrades: old
//! `DISubprogram` flags into `spFlags`, old `DIExpression` versions, old
//! `DILocalVariable` tags, `DISubrange` count forms, version-0
//! `DIGlobalVariable`s, ...). Records written by newer LLVMs are read as far
//! as LLVM 19's model holds them: trailing operands at their default are
//! ignored, anything else is an error naming what cannot be represented.
//!
//! LLVM 19's layout of each record — which operand holds which field —
//! is the one in [`crate::schema::layout`] (`md_subprogram`, …), the
//! writer's too: this reader takes its positions from there, and
//! describes here only the older layouts and what LLVM's reader checks.
//!
//! The fields are normalised as [`llvmext_ir::di::build`] normalises the
//! text of the same node (a field at its default is `Absent`, signed fields
//! are `Int`, ...), so that a node read from bitcode equals the node read
//! from `llvm-dis-19`'s text of it.

use llvmext_ir::di::{self, DiField, DiKind, DiNode, Field as F};
use llvmext_ir::id::MdId;
use llvmext_ir::metadata::{MdNode, Metadata};

use crate::schema::layout as L;
use crate::schema::MetadataCode as C;

/// What a metadata operand holds when it is a value (`ValueAsMetadata`),
/// as far as the debug-info records care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MdValue {
    /// Not a value this module cares about: a node, a string, a value of
    /// another kind, or a `ConstantInt` wider than 64 bits.
    Other,
    /// A `ConstantInt` of `bits` bits (at most 64), sign-extended to 64
    /// bits (LLVM's `getSExtValue`). Integer zero is one too, though
    /// bitcode writes it as `CST_CODE_NULL`.
    ConstantInt {
        /// The sign-extended value.
        value: i64,
        /// The integer type's width.
        bits: u32,
    },
    /// A global variable (`@g`).
    GlobalVariable,
    /// A function.
    Function,
}

/// An upgrade LLVM 19 makes outside of the record itself, for the reader
/// core to carry out (see [`MdResolver::upgrade`]). "The node" is the node
/// of the record being decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Upgrade {
    /// An old `DICompileUnit` (operand 11) lists its subprograms in this
    /// tuple: once the block is read, every `DISubprogram` in it gets the
    /// node as its `unit:` (LLVM's `upgradeCUSubprograms`).
    CuSubprograms(MdId),
    /// An old `DISubprogram` names its function (this `ValueAsMetadata` of
    /// a function): the function gets the node as its `!dbg` subprogram
    /// (LLVM's `FunctionsWithSPs` / `setSubprogram`).
    SubprogramFunction(MdId),
    /// A version-0 `DIGlobalVariable` names its global variable (this
    /// `ValueAsMetadata`): the global gets a new `distinct
    /// !DIGlobalVariableExpression(var: <the node>, expr: !DIExpression())`
    /// as `!dbg` (LLVM's `addDebugInfo`).
    AttachGlobalVariable(MdId),
    /// A version-0 `DIGlobalVariable` was read: once the module's metadata
    /// is read, bare `DIGlobalVariable`s in the compile units' `globals:`
    /// and in globals' `!dbg` become `distinct
    /// !DIGlobalVariableExpression(var: ..., expr: !DIExpression())`
    /// (LLVM's `upgradeCUVariables`).
    GlobalVariableExpressions,
    /// A `DIExpression` older than version 2 was read: a leading
    /// `DW_OP_deref` of a `dbg.declare` of an argument must be dropped
    /// (LLVM's `upgradeDeclareExpressions`).
    DeclareExpressions,
}

/// Resolves the metadata operands of a record while its node is built.
///
/// [`md_or_null`](Self::md_or_null), [`md`](Self::md),
/// [`metadata`](Self::metadata) and [`md_value`](Self::md_value) are
/// needed by every reader; the others have defaults that are right for
/// bitcode written by LLVM 4.0 and later.
pub(crate) trait MdResolver {
    /// An operand stored as "ID + 1, 0 for null" (LLVM's `getMDOrNull`).
    fn md_or_null(&mut self, id_plus_one: u64) -> Result<Option<MdId>, String>;
    /// An operand stored as a plain ID (LLVM's `getMD`); never null.
    fn md(&mut self, id: u64) -> Result<MdId, String>;
    /// The metadata arena (to make a string node, e.g. for an upgrade).
    fn metadata(&mut self) -> &mut Metadata;
    /// What the (already resolved) operand `id` holds if it is a value.
    /// Needed because LLVM 19 prints a `ConstantInt` bound of a
    /// `DISubrange` (or rank of a `DICompositeType`) as an integer, which
    /// the model keeps as [`DiField::Int`]; and for the version-0
    /// `DIGlobalVariable` / old `DISubprogram` upgrades. Values are never
    /// forward references in bitcode (LLVM writes them before the nodes).
    fn md_value(&mut self, id: MdId) -> MdValue;
    /// An operand LLVM reads with `getDITypeRefOrNull` (scopes and types):
    /// in bitcode older than LLVM 3.9 it may be an `MDString` naming a
    /// `DICompositeType` by its `identifier:`, which LLVM's
    /// `upgradeTypeRef` replaces by that type once the block is read. The
    /// default reads it as [`md_or_null`](Self::md_or_null) (no upgrade).
    fn type_ref_or_null(&mut self, id_plus_one: u64) -> Result<Option<MdId>, String> {
        self.md_or_null(id_plus_one)
    }
    /// The `types:` tuple of an old `DISubroutineType` (LLVM's
    /// `upgradeTypeRefArray`: its string elements are type references as in
    /// [`type_ref_or_null`](Self::type_ref_or_null)). The default keeps it.
    fn type_ref_array(&mut self, types: Option<MdId>) -> Result<Option<MdId>, String> {
        Ok(types)
    }
    /// An upgrade to make outside of the record (see [`Upgrade`]). The
    /// default ignores it (nothing to do for bitcode of LLVM 4.0 and later,
    /// which never asks).
    fn upgrade(&mut self, upgrade: Upgrade) {
        let _ = upgrade;
    }
}

/// The node of a debug-info record: `Ok(None)` when `code` is not one of
/// them; with whether it is `distinct`.
pub(crate) fn decode_di(
    code: C,
    ops: &[u64],
    r: &mut dyn MdResolver,
) -> Result<Option<(DiNode, bool)>, String> {
    let o = Ops(ops);
    let n = ops.len();
    let d0 = o.at(0);
    let node = match code {
        C::LOCATION => {
            use L::md_location as l;
            // LLVM 21 adds the Key Instructions atom group and rank,
            // dropped (see `newer`: LLVM 19 places is_stmt without them).
            if n != l::IMPLICIT && n != l::ATOM_GROUP && n != l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_LOCATION", n));
            }
            let mut b = B::new(DiKind::LOCATION);
            b.uint(F::Line, o.u32(l::LINE));
            b.uint(F::Column, column(o.u32(l::COLUMN)));
            b.md(F::Scope, Some(r.md(o.at(l::SCOPE))?));
            b.md(F::InlinedAt, r.md_or_null(o.at(l::INLINED_AT))?);
            b.flag(F::IsImplicitCode, n > l::IMPLICIT && o.at(l::IMPLICIT) != 0);
            (b.finish(), d0 != 0)
        }
        C::GENERIC_DEBUG => {
            use L::md_generic_debug as l;
            if n < l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_GENERIC_DEBUG", n));
            }
            let tag = o.at(l::TAG);
            if tag >= 1 << 16 || o.at(l::VERSION) != 0 {
                return Err(invalid("METADATA_GENERIC_DEBUG", n));
            }
            let mut b = B::new(DiKind::GENERIC_DI_NODE);
            b.uint(F::Tag, tag);
            b.string(F::Header, o.at(l::HEADER), r)?;
            let first = l::LAYOUT.fields.len();
            if n > first {
                let mut list = Vec::with_capacity(n - first);
                for &op in &ops[first..] {
                    list.push(r.md_or_null(op)?);
                }
                b.set(F::Operands, DiField::List(Box::new(list.into())));
            }
            (b.finish(), d0 != 0)
        }
        C::SUBRANGE => {
            // Version 0: [count, lowerBound] as integers; version 1: count
            // as metadata; version 2: the four bounds as metadata.
            use L::md_subrange as l;
            let version = d0 >> 1;
            let need = if version == 2 { l::LAYOUT.fields.len() } else { l::LAYOUT.required };
            if n < need {
                return Err(invalid("METADATA_SUBRANGE", n));
            }
            let mut b = B::new(DiKind::SUBRANGE);
            match version {
                0 => {
                    b.set(F::Count, DiField::Int(o.at(l::COUNT) as i64));
                    b.set(F::LowerBound, DiField::Int(unrotate_sign(o.at(l::LOWER_BOUND))));
                }
                1 => {
                    let c = r.md_or_null(o.at(l::COUNT))?;
                    b.bound(F::Count, c, r, "count")?;
                    b.set(F::LowerBound, DiField::Int(unrotate_sign(o.at(l::LOWER_BOUND))));
                }
                2 => {
                    for (at, (f, name)) in [
                        (l::COUNT, (F::Count, "count")),
                        (l::LOWER_BOUND, (F::LowerBound, "lowerBound")),
                        (l::UPPER_BOUND, (F::UpperBound, "upperBound")),
                        (l::STRIDE, (F::Stride, "stride")),
                    ] {
                        let m = r.md_or_null(o.at(at))?;
                        b.bound(f, m, r, name)?;
                    }
                }
                _ => return Err("invalid METADATA_SUBRANGE record: unsupported version".into()),
            }
            (b.finish(), d0 & 1 != 0)
        }
        C::GENERIC_SUBRANGE => {
            use L::md_generic_subrange as l;
            if n < l::LAYOUT.required {
                return Err(invalid("METADATA_GENERIC_SUBRANGE", n));
            }
            let mut b = B::new(DiKind::GENERIC_SUBRANGE);
            b.md(F::Count, r.md_or_null(o.at(l::COUNT))?);
            b.md(F::LowerBound, r.md_or_null(o.at(l::LOWER_BOUND))?);
            b.md(F::UpperBound, r.md_or_null(o.at(l::UPPER_BOUND))?);
            b.md(F::Stride, r.md_or_null(o.at(l::STRIDE))?);
            (b.finish(), d0 & 1 != 0)
        }
        C::ENUMERATOR => {
            use L::md_enumerator as l;
            if n < l::LAYOUT.required {
                return Err(invalid("METADATA_ENUMERATOR", n));
            }
            let unsigned = d0 & 2 != 0;
            let value = if d0 & 4 != 0 {
                wide_enumerator(o.at(l::BIT_WIDTH), &ops[l::LAYOUT.fields.len()..], unsigned)
            } else {
                // Before big integers: the value, sign-rotated, in place of
                // the width.
                let v = unrotate_sign(o.at(l::BIT_WIDTH));
                if unsigned || v >= 0 {
                    DiField::UInt(v as u64)
                } else {
                    DiField::Int(v)
                }
            };
            let mut b = B::new(DiKind::ENUMERATOR);
            b.string(F::Name, o.at(l::NAME), r)?;
            b.set(F::Value, value);
            b.flag(F::IsUnsigned, unsigned);
            (b.finish(), d0 & 1 != 0)
        }
        C::BASIC_TYPE => {
            // LLVM 20 adds numExtraInhabitants, LLVM 21 dataSize and a
            // size given as metadata (flag bit 1).
            use L::md_basic_type as l;
            if !(l::LAYOUT.required..=l::LAYOUT.fields.len()).contains(&n) {
                return Err(invalid("METADATA_BASIC_TYPE", n));
            }
            if o.at(l::NUM_EXTRA_INHABITANTS) != 0 {
                return Err(unsupported("DIBasicType", "numExtraInhabitants (LLVM 20)"));
            }
            if o.at(l::DATA_SIZE) != 0 {
                return Err(unsupported("DIBasicType", "dataSize (LLVM 21)"));
            }
            let mut b = B::new(DiKind::BASIC_TYPE);
            b.uint(F::Tag, o.u16(l::TAG));
            b.string(F::Name, o.at(l::NAME), r)?;
            b.uint(F::Size, size_operand(d0 & 2 != 0, o.at(l::SIZE), r, "DIBasicType")?);
            b.uint(F::Align, o.u32(l::ALIGN));
            b.uint(F::Encoding, o.u32(l::ENCODING));
            b.uint(F::Flags, o.u32(l::DI_FLAGS));
            (b.finish(), d0 & 1 != 0)
        }
        C::STRING_TYPE => {
            use L::md_string_type as l;
            let full = l::LAYOUT.fields.len();
            if n != full - 1 && n != full {
                return Err(invalid("METADATA_STRING_TYPE", n));
            }
            // Without the location expression the rest moves up one.
            let short = usize::from(n < full);
            let mut b = B::new(DiKind::STRING_TYPE);
            b.uint(F::Tag, o.u16(l::TAG));
            b.string(F::Name, o.at(l::NAME), r)?;
            b.md(F::StringLength, r.md_or_null(o.at(l::STRING_LENGTH))?);
            b.md(F::StringLengthExpression, r.md_or_null(o.at(l::STRING_LENGTH_EXPRESSION))?);
            if short == 0 {
                let e = r.md_or_null(o.at(l::STRING_LOCATION_EXPRESSION))?;
                b.md(F::StringLocationExpression, e);
            }
            let size = o.at(l::SIZE - short);
            b.uint(F::Size, size_operand(d0 & 2 != 0, size, r, "DIStringType")?);
            b.uint(F::Align, o.u32(l::ALIGN - short));
            b.uint(F::Encoding, o.u32(l::ENCODING - short));
            (b.finish(), d0 & 1 != 0)
        }
        C::DERIVED_TYPE => {
            use L::md_derived_type as l;
            if !(l::LAYOUT.required..=l::LAYOUT.fields.len()).contains(&n) {
                return Err(invalid("METADATA_DERIVED_TYPE", n));
            }
            let size_md = d0 & 2 != 0;
            let mut b = B::new(DiKind::DERIVED_TYPE);
            b.uint(F::Tag, o.u16(l::TAG));
            b.string(F::Name, o.at(l::NAME), r)?;
            b.md(F::File, r.md_or_null(o.at(l::FILE))?);
            b.uint(F::Line, o.u32(l::LINE));
            b.md(F::Scope, r.type_ref_or_null(o.at(l::SCOPE))?);
            b.md(F::BaseType, r.type_ref_or_null(o.at(l::BASE_TYPE))?);
            b.uint(F::Size, size_operand(size_md, o.at(l::SIZE), r, "DIDerivedType")?);
            // The alignment and the pointer-authentication data share one
            // 32-bit word; the latter wins. Both annotations and ptrauth are
            // only looked for when the record has room for both (LLVM 14-18
            // wrote annotations alone at 13; LLVM 19 ignores them).
            let mut word = o.u32(l::ALIGN);
            if n > l::PTR_AUTH && o.at(l::PTR_AUTH) != 0 {
                word = o.u32(l::PTR_AUTH);
            }
            b.uint(F::Align, word);
            b.uint(F::Offset, size_operand(size_md, o.at(l::OFFSET), r, "DIDerivedType")?);
            b.uint(F::Flags, o.u32(l::DI_FLAGS));
            b.md(F::ExtraData, r.type_ref_or_null(o.at(l::EXTRA_DATA))?);
            if n > l::ADDRESS_SPACE && o.at(l::ADDRESS_SPACE) != 0 {
                b.uint(F::DwarfAddressSpace, (o.at(l::ADDRESS_SPACE) - 1) & 0xffff_ffff);
            }
            if n > l::PTR_AUTH && o.at(l::ANNOTATIONS) != 0 {
                b.md(F::Annotations, r.md_or_null(o.at(l::ANNOTATIONS))?);
            }
            (b.finish(), d0 & 1 != 0)
        }
        C::COMPOSITE_TYPE => composite(&o, r)?,
        C::SUBROUTINE_TYPE => {
            use L::md_subroutine_type as l;
            if n != l::LAYOUT.required && n != l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_SUBROUTINE_TYPE", n));
            }
            let mut types = r.md_or_null(o.at(l::TYPES))?;
            if d0 < 2 {
                types = r.type_ref_array(types)?;
            }
            let mut b = B::new(DiKind::SUBROUTINE_TYPE);
            b.uint(F::Flags, o.u32(l::DI_FLAGS));
            b.uint(F::Cc, o.at(l::CC) & 0xff);
            b.md(F::Types, types);
            (b.finish(), d0 & 1 != 0)
        }
        C::MODULE => {
            use L::md_module as l;
            if !(l::LAYOUT.required..=l::LAYOUT.fields.len()).contains(&n) {
                return Err(invalid("METADATA_MODULE", n));
            }
            // Records of 5 to 7 operands have no file: the rest moves up.
            let has_file = n > l::LINE;
            let k = usize::from(!has_file);
            let mut b = B::new(DiKind::MODULE);
            if has_file {
                b.md(F::File, r.md_or_null(o.at(l::FILE))?);
            }
            b.md(F::Scope, r.md_or_null(o.at(l::SCOPE - k))?);
            b.string(F::Name, o.at(l::NAME - k), r)?;
            b.string(F::ConfigMacros, o.at(l::CONFIG_MACROS - k), r)?;
            b.string(F::IncludePath, o.at(l::INCLUDE_PATH - k), r)?;
            b.string(F::Apinotes, o.at(l::APINOTES - k), r)?;
            if has_file {
                b.uint(F::Line, o.u32(l::LINE));
            }
            b.flag(F::IsDecl, n > l::IS_DECL && o.at(l::IS_DECL) != 0);
            (b.finish(), d0 != 0)
        }
        C::FILE => {
            use L::md_file as l;
            if n != l::LAYOUT.required && n != l::SOURCE && n != l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_FILE", n));
            }
            let mut b = B::new(DiKind::FILE);
            b.string(F::Filename, o.at(l::FILENAME), r)?;
            b.string(F::Directory, o.at(l::DIRECTORY), r)?;
            if n > l::CHECKSUM && o.at(l::CHECKSUM_KIND) != 0 && o.at(l::CHECKSUM) != 0 {
                // A checksum is kept even when empty.
                b.set(F::Checksumkind, DiField::UInt(o.u32(l::CHECKSUM_KIND)));
                b.md(F::Checksum, r.md_or_null(o.at(l::CHECKSUM))?);
            }
            if n > l::SOURCE {
                b.string(F::Source, o.at(l::SOURCE), r)?;
            }
            (b.finish(), d0 != 0)
        }
        C::COMPILE_UNIT => compile_unit(&o, r)?,
        C::SUBPROGRAM => subprogram(&o, r)?,
        C::LEXICAL_BLOCK => {
            use L::md_lexical_block as l;
            if n != l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_LEXICAL_BLOCK", n));
            }
            let mut b = B::new(DiKind::LEXICAL_BLOCK);
            b.md(F::Scope, r.md_or_null(o.at(l::SCOPE))?);
            b.md(F::File, r.md_or_null(o.at(l::FILE))?);
            b.uint(F::Line, o.u32(l::LINE));
            b.uint(F::Column, column(o.u32(l::COLUMN)));
            (b.finish(), d0 != 0)
        }
        C::LEXICAL_BLOCK_FILE => {
            use L::md_lexical_block_file as l;
            if n != l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_LEXICAL_BLOCK_FILE", n));
            }
            let mut b = B::new(DiKind::LEXICAL_BLOCK_FILE);
            b.md(F::Scope, r.md_or_null(o.at(l::SCOPE))?);
            b.md(F::File, r.md_or_null(o.at(l::FILE))?);
            b.uint(F::Discriminator, o.u32(l::DISCRIMINATOR));
            (b.finish(), d0 != 0)
        }
        C::COMMON_BLOCK => {
            use L::md_common_block as l;
            if n < l::LAYOUT.required {
                return Err(invalid("METADATA_COMMON_BLOCK", n));
            }
            let mut b = B::new(DiKind::COMMON_BLOCK);
            b.md(F::Scope, r.md_or_null(o.at(l::SCOPE))?);
            b.md(F::Declaration, r.md_or_null(o.at(l::DECLARATION))?);
            b.string(F::Name, o.at(l::NAME), r)?;
            b.md(F::File, r.md_or_null(o.at(l::FILE))?);
            b.uint(F::Line, o.u32(l::LINE));
            (b.finish(), d0 & 1 != 0)
        }
        C::NAMESPACE => {
            use L::md_namespace as l;
            // Newer records dropped the file and line (before the name).
            let name = match n {
                3 => o.at(l::NAME),
                5 => o.at(l::NAME + 1),
                _ => return Err(invalid("METADATA_NAMESPACE", n)),
            };
            let mut b = B::new(DiKind::NAMESPACE);
            b.string(F::Name, name, r)?;
            b.md(F::Scope, r.md_or_null(o.at(l::SCOPE))?);
            b.flag(F::ExportSymbols, d0 & 2 != 0);
            (b.finish(), d0 & 1 != 0)
        }
        C::MACRO => {
            use L::md_macro as l;
            if n != l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_MACRO", n));
            }
            let mut b = B::new(DiKind::MACRO);
            b.uint(F::Type, o.u16(l::TYPE));
            b.uint(F::Line, o.u32(l::LINE));
            b.string(F::Name, o.at(l::NAME), r)?;
            b.string(F::Value, o.at(l::VALUE), r)?;
            (b.finish(), d0 != 0)
        }
        C::MACRO_FILE => {
            use L::md_macro_file as l;
            if n != l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_MACRO_FILE", n));
            }
            let mut b = B::new(DiKind::MACRO_FILE);
            b.uint(F::Type, o.u16(l::TYPE));
            b.uint(F::Line, o.u32(l::LINE));
            b.md(F::File, r.md_or_null(o.at(l::FILE))?);
            b.md(F::Nodes, r.md_or_null(o.at(l::NODES))?);
            (b.finish(), d0 != 0)
        }
        C::TEMPLATE_TYPE => {
            use L::md_template_type as l;
            if n != l::LAYOUT.required && n != l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_TEMPLATE_TYPE", n));
            }
            let mut b = B::new(DiKind::TEMPLATE_TYPE_PARAMETER);
            b.string(F::Name, o.at(l::NAME), r)?;
            b.md(F::Type, r.type_ref_or_null(o.at(l::TYPE))?);
            // LLVM reads the flag as a metadata operand turned into a bool:
            // set when not 0.
            b.flag(F::Defaulted, n > l::IS_DEFAULT && o.at(l::IS_DEFAULT) != 0);
            (b.finish(), d0 != 0)
        }
        C::TEMPLATE_VALUE => {
            use L::md_template_value as l;
            let full = l::LAYOUT.fields.len();
            if n != full - 1 && n != full {
                return Err(invalid("METADATA_TEMPLATE_VALUE", n));
            }
            let mut b = B::new(DiKind::TEMPLATE_VALUE_PARAMETER);
            b.uint(F::Tag, o.u16(l::TAG));
            b.string(F::Name, o.at(l::NAME), r)?;
            b.md(F::Type, r.type_ref_or_null(o.at(l::TYPE))?);
            // Without `isDefault` the value moves up one.
            let short = usize::from(n < full);
            b.flag(F::Defaulted, short == 0 && o.at(l::IS_DEFAULT) != 0);
            b.md(F::Value, r.md_or_null(o.at(l::VALUE - short))?);
            (b.finish(), d0 != 0)
        }
        C::GLOBAL_VAR => return global_var(&o, r).map(Some),
        C::ASSIGN_ID => {
            if n != L::md_assign_id::LAYOUT.fields.len() {
                return Err("invalid DIAssignID record".into());
            }
            if d0 & 1 == 0 {
                return Err("invalid DIAssignID record: must be distinct".into());
            }
            (DiNode { kind: DiKind::ASSIGN_ID, fields: Box::new([]) }, true)
        }
        C::LOCAL_VAR => {
            use L::md_local_var as l;
            // A tenth operand was the obsolete `inlinedAt:`.
            if !(l::LAYOUT.required..=l::LAYOUT.fields.len()).contains(&n) {
                return Err(invalid("METADATA_LOCAL_VAR", n));
            }
            let has_align = d0 & 2 != 0;
            // Records without the alignment flag and with more than 8
            // operands have the old artificial tag at 1.
            let t = usize::from(!has_align && n > l::LAYOUT.required);
            let mut b = B::new(DiKind::LOCAL_VARIABLE);
            b.md(F::Scope, r.md_or_null(o.at(l::SCOPE + t))?);
            b.string(F::Name, o.at(l::NAME + t), r)?;
            b.md(F::File, r.md_or_null(o.at(l::FILE + t))?);
            b.uint(F::Line, o.u32(l::LINE + t));
            b.md(F::Type, r.type_ref_or_null(o.at(l::TYPE + t))?);
            b.uint(F::Arg, o.u16(l::ARG + t));
            b.uint(F::Flags, o.u32(l::DI_FLAGS + t));
            if has_align {
                if o.at(l::ALIGN) > u64::from(u32::MAX) {
                    return Err("invalid METADATA_LOCAL_VAR record: alignment too large".into());
                }
                b.uint(F::Align, o.at(l::ALIGN));
                if n > l::ANNOTATIONS {
                    b.md(F::Annotations, r.md_or_null(o.at(l::ANNOTATIONS))?);
                }
            }
            (b.finish(), d0 & 1 != 0)
        }
        C::LABEL => {
            // LLVM 21 adds the column (dropped, see `newer`: LLVM 19 labels
            // have a line only), isArtificial (flag bit 1) and the
            // coroutine suspend index (u64::MAX for none).
            use L::md_label as l;
            if !(l::LAYOUT.required..=l::LAYOUT.fields.len()).contains(&n) {
                return Err(invalid("METADATA_LABEL", n));
            }
            let coro = l::CORO_SUSPEND_IDX;
            if d0 & 2 != 0 || (n > coro && o.at(coro) != u64::MAX) {
                return Err(unsupported("DILabel", "isArtificial/coroSuspendIdx (LLVM 21)"));
            }
            let mut b = B::new(DiKind::LABEL);
            b.md(F::Scope, r.md_or_null(o.at(l::SCOPE))?);
            b.string(F::Name, o.at(l::NAME), r)?;
            b.md(F::File, r.md_or_null(o.at(l::FILE))?);
            b.uint(F::Line, o.u32(l::LINE));
            (b.finish(), d0 & 1 != 0)
        }
        C::EXPRESSION => {
            let first = L::md_expression::LAYOUT.fields.len();
            if n < first {
                return Err(invalid("METADATA_EXPRESSION", n));
            }
            let elements = upgrade_expression(d0 >> 1, &ops[first..], r)?;
            (
                DiNode {
                    kind: DiKind::EXPRESSION,
                    fields: Box::new([DiField::Ops(Box::new(elements))]),
                },
                d0 & 1 != 0,
            )
        }
        C::GLOBAL_VAR_EXPR => {
            use L::md_global_var_expr as l;
            if n != l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_GLOBAL_VAR_EXPR", n));
            }
            let var = r.md_or_null(o.at(l::VAR))?;
            let expr = match r.md_or_null(o.at(l::EXPR))? {
                Some(e) => e,
                None => empty_expression(r),
            };
            let mut b = B::new(DiKind::GLOBAL_VARIABLE_EXPRESSION);
            b.md(F::Var, var);
            b.md(F::Expr, Some(expr));
            (b.finish(), d0 != 0)
        }
        C::OBJC_PROPERTY => {
            use L::md_objc_property as l;
            if n != l::LAYOUT.fields.len() {
                return Err(invalid("METADATA_OBJC_PROPERTY", n));
            }
            let mut b = B::new(DiKind::OBJC_PROPERTY);
            b.string(F::Name, o.at(l::NAME), r)?;
            b.md(F::File, r.md_or_null(o.at(l::FILE))?);
            b.uint(F::Line, o.u32(l::LINE));
            b.string(F::Getter, o.at(l::GETTER), r)?;
            b.string(F::Setter, o.at(l::SETTER), r)?;
            b.uint(F::Attributes, o.u32(l::ATTRIBUTES));
            b.md(F::Type, r.type_ref_or_null(o.at(l::TYPE))?);
            (b.finish(), d0 != 0)
        }
        C::IMPORTED_ENTITY => {
            use L::md_imported_entity as l;
            if !(l::LAYOUT.required..=l::LAYOUT.fields.len()).contains(&n) {
                return Err(invalid("METADATA_IMPORTED_ENTITY", n));
            }
            let mut b = B::new(DiKind::IMPORTED_ENTITY);
            b.uint(F::Tag, o.u16(l::TAG));
            b.string(F::Name, o.at(l::NAME), r)?;
            b.md(F::Scope, r.md_or_null(o.at(l::SCOPE))?);
            b.md(F::Entity, r.type_ref_or_null(o.at(l::ENTITY))?);
            if n > l::FILE {
                b.md(F::File, r.md_or_null(o.at(l::FILE))?);
                b.uint(F::Line, o.u32(l::LINE));
            }
            if n > l::ELEMENTS {
                b.md(F::Elements, r.md_or_null(o.at(l::ELEMENTS))?);
            }
            (b.finish(), d0 != 0)
        }
        C::SUBRANGE_TYPE => {
            return Err(unsupported("METADATA_SUBRANGE_TYPE", "DISubrangeType (LLVM 21)"))
        }
        C::FIXED_POINT_TYPE => {
            return Err(unsupported("METADATA_FIXED_POINT_TYPE", "DIFixedPointType (LLVM 21)"))
        }
        _ => return Ok(None),
    };
    Ok(Some(node))
}

// ------------------------------------------------------------ the records

fn composite(o: &Ops<'_>, r: &mut dyn MdResolver) -> Result<(DiNode, bool), String> {
    use L::md_composite_type as l;
    let n = o.0.len();
    // LLVM 19 reads up to 22 operands; LLVM 20-22 add numExtraInhabitants
    // (22), specification (23), the Apple enum kind (24) and bitStride (25),
    // and a size/offset given as metadata (flag bit 2).
    if !(l::LAYOUT.required..=l::LAYOUT.fields.len()).contains(&n) {
        return Err(invalid("METADATA_COMPOSITE_TYPE", n));
    }
    if o.at(l::NUM_EXTRA_INHABITANTS) != 0 {
        return Err(unsupported("DICompositeType", "numExtraInhabitants (LLVM 20)"));
    }
    if o.at(l::SPECIFICATION) != 0 {
        return Err(unsupported("DICompositeType", "specification (LLVM 20)"));
    }
    // DW_APPLE_ENUM_KIND_invalid (~0u) means none.
    if n > l::ENUM_KIND && o.at(l::ENUM_KIND) != u64::from(u32::MAX) {
        return Err(unsupported("DICompositeType", "enumKind (LLVM 21)"));
    }
    if o.at(l::BIT_STRIDE) != 0 {
        return Err(unsupported("DICompositeType", "bitStride (LLVM 21)"));
    }
    if o.at(l::ALIGN) > u64::from(u32::MAX) {
        return Err("invalid METADATA_COMPOSITE_TYPE record: alignment too large".into());
    }
    let d0 = o.at(l::FLAGS);
    let size_md = d0 & 4 != 0;
    let mut b = B::new(DiKind::COMPOSITE_TYPE);
    b.uint(F::Tag, o.u16(l::TAG));
    b.string(F::Name, o.at(l::NAME), r)?;
    b.md(F::File, r.md_or_null(o.at(l::FILE))?);
    b.uint(F::Line, o.u32(l::LINE));
    b.md(F::Scope, r.type_ref_or_null(o.at(l::SCOPE))?);
    b.md(F::BaseType, r.type_ref_or_null(o.at(l::BASE_TYPE))?);
    b.uint(F::Size, size_operand(size_md, o.at(l::SIZE), r, "DICompositeType")?);
    b.uint(F::Align, o.at(l::ALIGN));
    b.uint(F::Offset, size_operand(size_md, o.at(l::OFFSET), r, "DICompositeType")?);
    b.uint(F::Flags, o.u32(l::DI_FLAGS));
    b.md(F::Elements, r.md_or_null(o.at(l::ELEMENTS))?);
    b.uint(F::RuntimeLang, o.u32(l::RUNTIME_LANG));
    b.md(F::VtableHolder, r.type_ref_or_null(o.at(l::VTABLE_HOLDER))?);
    b.md(F::TemplateParams, r.md_or_null(o.at(l::TEMPLATE_PARAMS))?);
    b.string(F::Identifier, o.at(l::IDENTIFIER), r)?;
    if n > l::DISCRIMINATOR {
        b.md(F::Discriminator, r.md_or_null(o.at(l::DISCRIMINATOR))?);
    }
    if n > l::DATA_LOCATION {
        b.md(F::DataLocation, r.md_or_null(o.at(l::DATA_LOCATION))?);
    }
    // Associated and allocated came together.
    if n > l::ALLOCATED {
        b.md(F::Associated, r.md_or_null(o.at(l::ASSOCIATED))?);
        b.md(F::Allocated, r.md_or_null(o.at(l::ALLOCATED))?);
    }
    if n > l::RANK {
        let rank = r.md_or_null(o.at(l::RANK))?;
        b.bound(F::Rank, rank, r, "rank")?;
    }
    if n > l::ANNOTATIONS {
        b.md(F::Annotations, r.md_or_null(o.at(l::ANNOTATIONS))?);
    }
    Ok((b.finish(), d0 & 1 != 0))
}

fn compile_unit(o: &Ops<'_>, r: &mut dyn MdResolver) -> Result<(DiNode, bool), String> {
    use L::md_compile_unit as l;
    let n = o.0.len();
    // LLVM 22 adds a language version (23rd operand, with bit 63 of the
    // language set when the language is a versioned DW_LNAME name).
    if !(l::LAYOUT.required..=l::LAYOUT.fields.len()).contains(&n) {
        return Err(invalid("METADATA_COMPILE_UNIT", n));
    }
    let lang = o.at(l::LANGUAGE);
    if lang & (1 << 63) != 0 {
        return Err(unsupported("DICompileUnit", "a versioned source language name (LLVM 22)"));
    }
    let mut b = B::new(DiKind::COMPILE_UNIT);
    b.uint(F::Language, lang & 0xffff_ffff);
    b.md(F::File, r.md_or_null(o.at(l::FILE))?);
    b.string(F::Producer, o.at(l::PRODUCER), r)?;
    b.flag(F::IsOptimized, o.at(l::IS_OPTIMIZED) != 0);
    b.string(F::Flags, o.at(l::CU_FLAGS), r)?;
    b.uint(F::RuntimeVersion, o.u32(l::RUNTIME_VERSION));
    b.string(F::SplitDebugFilename, o.at(l::SPLIT_DEBUG_FILENAME), r)?;
    b.uint(F::EmissionKind, o.u32(l::EMISSION_KIND));
    b.md(F::Enums, r.md_or_null(o.at(l::ENUMS))?);
    b.md(F::RetainedTypes, r.md_or_null(o.at(l::RETAINED_TYPES))?);
    b.md(F::Globals, r.md_or_null(o.at(l::GLOBALS))?);
    b.md(F::Imports, r.md_or_null(o.at(l::IMPORTS))?);
    if n > l::DWO_ID {
        b.uint(F::DwoId, o.at(l::DWO_ID));
    }
    if n > l::MACROS {
        b.md(F::Macros, r.md_or_null(o.at(l::MACROS))?);
    }
    let inlining = n <= l::SPLIT_DEBUG_INLINING || o.at(l::SPLIT_DEBUG_INLINING) != 0;
    b.flag(F::SplitDebugInlining, inlining);
    let profiling = o.at(l::DEBUG_INFO_FOR_PROFILING) != 0;
    b.flag(F::DebugInfoForProfiling, profiling);
    if n > l::NAME_TABLE_KIND {
        b.uint(F::NameTableKind, o.u32(l::NAME_TABLE_KIND));
    }
    b.flag(F::RangesBaseAddress, o.at(l::RANGES_BASE_ADDRESS) != 0);
    if n > l::SYSROOT {
        b.string(F::Sysroot, o.at(l::SYSROOT), r)?;
    }
    if n > l::SDK {
        b.string(F::Sdk, o.at(l::SDK), r)?;
    }
    // Old units list their subprograms.
    if let Some(sps) = r.md_or_null(o.at(l::SUBPROGRAMS))? {
        r.upgrade(Upgrade::CuSubprograms(sps));
    }
    // A compile unit is always distinct.
    Ok((b.finish(), true))
}

/// `DISPFlag*` bits.
const SP_LOCAL: u64 = 1 << 2;
const SP_DEFINITION: u64 = 1 << 3;
const SP_OPTIMIZED: u64 = 1 << 4;
const SP_MAIN: u64 = 1 << 8;

/// Operands of a `DISubprogram` before version 5 (no `spFlags`) that
/// version 5 dropped; the others lie 2 (up to the virtual index) or 2 to
/// 3 (after the flags) places further than in LLVM 19's layout.
const OLD_IS_LOCAL: usize = 7;
const OLD_IS_DEFINITION: usize = 8;
const OLD_VIRTUALITY: usize = 11;
const OLD_FLAGS: usize = 13;
const OLD_IS_OPTIMIZED: usize = 14;

fn subprogram(o: &Ops<'_>, r: &mut dyn MdResolver) -> Result<(DiNode, bool), String> {
    use L::md_subprogram as l;
    let n = o.0.len();
    // LLVM 21 adds keyInstructions (operand 20).
    if !(l::LAYOUT.required..=l::LAYOUT.fields.len() + 1).contains(&n) {
        return Err(invalid("METADATA_SUBPROGRAM", n));
    }
    let d0 = o.at(0);
    let has_sp_flags = d0 & 4 != 0;
    let mut flags = if has_sp_flags { o.u32(l::DI_FLAGS) } else { o.u32(OLD_FLAGS) };
    // Old DIFlagMainSubprogram (bit 21 of the flags) moves to the spFlags.
    let main = flags & (1 << 21) != 0;
    flags &= !(1 << 21);
    let sp_flags = if has_sp_flags {
        o.u32(l::SP_FLAGS) | if main { SP_MAIN } else { 0 }
    } else {
        // LLVM's toSPFlags(isLocal, isDefinition, isOptimized, virtuality,
        // isMainSubprogram).
        (o.at(OLD_VIRTUALITY) & 3)
            | if o.at(OLD_IS_LOCAL) != 0 { SP_LOCAL } else { 0 }
            | if o.at(OLD_IS_DEFINITION) != 0 { SP_DEFINITION } else { 0 }
            | if o.at(OLD_IS_OPTIMIZED) != 0 { SP_OPTIMIZED } else { 0 }
            | if main { SP_MAIN } else { 0 }
    };
    let distinct = d0 & 1 != 0 || sp_flags & SP_DEFINITION != 0;
    let has_unit = d0 & 2 != 0;
    if (!has_sp_flags && has_unit && n < 19) || (has_sp_flags && !has_unit) {
        return Err(invalid("METADATA_SUBPROGRAM", n));
    }
    // Version 1 has the function at 15, version 2 removed it, version 3
    // has the unit there, version 4 added thisAdjustment, version 5
    // repacked the flags into spFlags.
    let (mut has_fn, mut has_this_adj, mut has_thrown) = (false, true, true);
    let (mut has_annotations, mut has_target) = (false, false);
    let (a, mut bo) = if has_sp_flags { (0, 0) } else { (2, 2) };
    if !has_sp_flags {
        if n >= 19 {
            has_fn = !has_unit;
            bo += 1;
        }
        has_this_adj = n >= 20;
        has_thrown = n >= 21;
    } else {
        has_annotations = n >= 19;
        has_target = n >= 20;
        // LLVM 21's keyInstructions (operand 20) is dropped (see `newer`).
    }
    let cu_or_fn = r.md_or_null(o.at(l::UNIT + bo))?;
    let mut b = B::new(DiKind::SUBPROGRAM);
    b.md(F::Scope, r.type_ref_or_null(o.at(l::SCOPE))?);
    b.string(F::Name, o.at(l::NAME), r)?;
    b.string(F::LinkageName, o.at(l::LINKAGE_NAME), r)?;
    b.md(F::File, r.md_or_null(o.at(l::FILE))?);
    b.uint(F::Line, o.u32(l::LINE));
    b.md(F::Type, r.md_or_null(o.at(l::TYPE))?);
    b.uint(F::ScopeLine, o.u32(l::SCOPE_LINE + a));
    b.md(F::ContainingType, r.type_ref_or_null(o.at(l::CONTAINING_TYPE + a))?);
    b.uint(F::VirtualIndex, o.u32(l::VIRTUAL_INDEX + a));
    if has_this_adj {
        b.sint(F::ThisAdjustment, i64::from(o.at(l::THIS_ADJUSTMENT + bo) as u32 as i32));
    }
    b.uint(F::Flags, flags);
    b.set(F::SpFlags, DiField::UInt(sp_flags));
    if has_unit {
        b.md(F::Unit, cu_or_fn);
    }
    b.md(F::TemplateParams, r.md_or_null(o.at(l::TEMPLATE_PARAMS + bo))?);
    b.md(F::Declaration, r.md_or_null(o.at(l::DECLARATION + bo))?);
    b.md(F::RetainedNodes, r.md_or_null(o.at(l::RETAINED_NODES + bo))?);
    if has_thrown {
        b.md(F::ThrownTypes, r.md_or_null(o.at(l::THROWN_TYPES + bo))?);
    }
    if has_annotations {
        b.md(F::Annotations, r.md_or_null(o.at(l::ANNOTATIONS + bo))?);
    }
    if has_target {
        b.string(F::TargetFuncName, o.at(l::TARGET_FUNC_NAME + bo), r)?;
    }
    if has_fn {
        if let Some(f) = cu_or_fn {
            if r.md_value(f) == MdValue::Function {
                r.upgrade(Upgrade::SubprogramFunction(f));
            }
        }
    }
    Ok((b.finish(), distinct))
}

/// Operands of a `DIGlobalVariable` of version 0 or 1.
const OLD_GV_VARIABLE: usize = 9;
const OLD_GV_DECLARATION: usize = 10;
const OLD_GV_ALIGN: usize = 11;

fn global_var(o: &Ops<'_>, r: &mut dyn MdResolver) -> Result<(DiNode, bool), String> {
    use L::md_global_var as l;
    let n = o.0.len();
    if !(l::LAYOUT.required..=l::LAYOUT.fields.len()).contains(&n) {
        return Err(invalid("METADATA_GLOBAL_VAR", n));
    }
    let d0 = o.at(0);
    let distinct = d0 & 1 != 0;
    let version = d0 >> 1;
    if version > 2 {
        return Err(invalid("METADATA_GLOBAL_VAR", n));
    }
    let mut b = B::new(DiKind::GLOBAL_VARIABLE);
    b.md(F::Scope, r.md_or_null(o.at(l::SCOPE))?);
    b.string(F::Name, o.at(l::NAME), r)?;
    b.string(F::LinkageName, o.at(l::LINKAGE_NAME), r)?;
    b.md(F::File, r.md_or_null(o.at(l::FILE))?);
    b.uint(F::Line, o.u32(l::LINE));
    b.md(F::Type, r.type_ref_or_null(o.at(l::TYPE))?);
    b.flag(F::IsLocal, o.at(l::IS_LOCAL) != 0);
    b.flag(F::IsDefinition, o.at(l::IS_DEFINITION) != 0);
    if version == 2 {
        b.md(F::Declaration, r.md_or_null(o.at(l::DECLARATION))?);
        b.md(F::TemplateParams, r.md_or_null(o.at(l::TEMPLATE_PARAMS))?);
        b.uint(F::Align, o.u32(l::ALIGN));
        if n > l::ANNOTATIONS {
            b.md(F::Annotations, r.md_or_null(o.at(l::ANNOTATIONS))?);
        }
        return Ok((b.finish(), distinct));
    }
    // Versions 0 and 1: the global (0) or nothing at 9, the declaration
    // at 10, the alignment at 11.
    b.md(F::Declaration, r.md_or_null(o.at(OLD_GV_DECLARATION))?);
    if version == 1 {
        b.uint(F::Align, o.u32(OLD_GV_ALIGN));
        return Ok((b.finish(), distinct));
    }
    // Version 0 stored the variable's global or constant at 9: a global
    // gets the variable attached, a constant becomes the expression of a
    // distinct DIGlobalVariableExpression that takes the record's place.
    r.upgrade(Upgrade::GlobalVariableExpressions);
    if n > OLD_GV_ALIGN {
        if o.at(OLD_GV_ALIGN) > u64::from(u32::MAX) {
            return Err("invalid METADATA_GLOBAL_VAR record: alignment too large".into());
        }
        b.uint(F::Align, o.at(OLD_GV_ALIGN));
    }
    let var = b.finish();
    let Some(operand) = r.md_or_null(o.at(OLD_GV_VARIABLE))? else { return Ok((var, distinct)) };
    match r.md_value(operand) {
        MdValue::GlobalVariable => {
            r.upgrade(Upgrade::AttachGlobalVariable(operand));
            Ok((var, distinct))
        }
        MdValue::ConstantInt { value, bits } => {
            let zext = if bits >= 64 { value as u64 } else { value as u64 & ((1 << bits) - 1) };
            let md = r.metadata();
            let expr = md.get_or_insert(MdNode::Di(di::expression(&[0x10, zext, 0x9f])));
            let var = if distinct {
                md.push_distinct(MdNode::Di(var))
            } else {
                md.get_or_insert(MdNode::Di(var))
            };
            let mut b = B::new(DiKind::GLOBAL_VARIABLE_EXPRESSION);
            b.md(F::Var, Some(var));
            b.md(F::Expr, Some(expr));
            Ok((b.finish(), true))
        }
        // Another value, or a node: LLVM keeps the node only when it is
        // not a value (an expression), as the record's node.
        MdValue::Function | MdValue::Other => {
            if matches!(r.metadata().get(operand), Some(MdNode::Value(..))) {
                return Ok((var, distinct));
            }
            let md = r.metadata();
            let var = if distinct {
                md.push_distinct(MdNode::Di(var))
            } else {
                md.get_or_insert(MdNode::Di(var))
            };
            let mut b = B::new(DiKind::GLOBAL_VARIABLE_EXPRESSION);
            b.md(F::Var, Some(var));
            b.md(F::Expr, Some(operand));
            Ok((b.finish(), true))
        }
    }
}

/// `DW_OP_*` used by the expression upgrades.
const OP_DEREF: u64 = 0x06;
const OP_CONSTU: u64 = 0x10;
const OP_MINUS: u64 = 0x1c;
const OP_PLUS: u64 = 0x22;
const OP_PLUS_UCONST: u64 = 0x23;
const OP_BIT_PIECE: u64 = 0x9d;
const OP_LLVM_FRAGMENT: u64 = 0x1000;

/// LLVM 19's `upgradeDIExpression`: the elements of a version-`version`
/// expression as version 3.
fn upgrade_expression(
    version: u64,
    elements: &[u64],
    r: &mut dyn MdResolver,
) -> Result<Box<[u64]>, String> {
    if version == 3 {
        return Ok(elements.into());
    }
    if version > 3 {
        return Err("invalid METADATA_EXPRESSION record: unknown version".into());
    }
    let mut e: Vec<u64> = elements.to_vec();
    let n = e.len();
    if version == 0 && n >= 3 && e[n - 3] == OP_BIT_PIECE {
        e[n - 3] = OP_LLVM_FRAGMENT;
    }
    if version <= 1 {
        // Move a leading DW_OP_deref to the end (before a fragment).
        if n > 0 && e[0] == OP_DEREF {
            let mut end = n;
            if n >= 3 && e[n - 3] == OP_LLVM_FRAGMENT {
                end = n - 3;
            }
            e.copy_within(1..end, 0);
            e[end - 1] = OP_DEREF;
        }
        r.upgrade(Upgrade::DeclareExpressions);
    }
    // DW_OP_plus N becomes DW_OP_plus_uconst N, DW_OP_minus N becomes
    // DW_OP_constu N, DW_OP_minus (sizes of that time).
    let mut out = Vec::with_capacity(e.len() + 2);
    let mut rest = &e[..];
    while let Some(&op) = rest.first() {
        let size = match op {
            OP_CONSTU | OP_MINUS | OP_PLUS => 2,
            OP_LLVM_FRAGMENT => 3,
            _ => 1,
        }
        .min(rest.len());
        let args = &rest[1..size];
        match op {
            OP_PLUS => {
                out.push(OP_PLUS_UCONST);
                out.extend_from_slice(args);
            }
            OP_MINUS => {
                out.push(OP_CONSTU);
                out.extend_from_slice(args);
                out.push(OP_MINUS);
            }
            _ => {
                out.push(op);
                out.extend_from_slice(args);
            }
        }
        rest = &rest[size..];
    }
    Ok(out.into())
}

// ------------------------------------------------------------ helpers

/// The operands, read with out-of-range operands as 0 (the size checks are
/// LLVM's; this only keeps hostile records from panicking).
struct Ops<'a>(&'a [u64]);

impl Ops<'_> {
    #[inline]
    fn at(&self, i: usize) -> u64 {
        self.0.get(i).copied().unwrap_or(0)
    }
    /// As C++ `unsigned` (truncated to 32 bits).
    #[inline]
    fn u32(&self, i: usize) -> u64 {
        self.at(i) & 0xffff_ffff
    }
    /// As a 16-bit field (tags, macinfo types, argument numbers).
    #[inline]
    fn u16(&self, i: usize) -> u64 {
        self.at(i) & 0xffff
    }
}

/// LLVM's `adjustColumn`: columns that do not fit 16 bits are unknown (0).
fn column(c: u64) -> u64 {
    if c >= 1 << 16 {
        0
    } else {
        c
    }
}

/// The metadata loader's `unrotateSign`.
fn unrotate_sign(u: u64) -> i64 {
    if u & 1 != 0 {
        !(u >> 1) as i64
    } else {
        (u >> 1) as i64
    }
}

/// `BitcodeReader::decodeSignRotatedValue` (the words of wide integers).
fn decode_sign_rotated(v: u64) -> u64 {
    if v & 1 == 0 {
        v >> 1
    } else if v != 1 {
        (v >> 1).wrapping_neg()
    } else {
        1 << 63
    }
}

/// A `DIEnumerator` value stored as a wide integer of `bits` bits, as the
/// `.ll` parser keeps the literal LLVM prints for it (signed or not).
fn wide_enumerator(bits: u64, words: &[u64], unsigned: bool) -> DiField {
    // `APInt(bits, words)`: missing words are zero, extra bits dropped.
    let limbs = usize::try_from(bits.div_ceil(64)).unwrap_or(usize::MAX).min(words.len());
    let mut mag: Vec<u64> = words[..limbs].iter().map(|&w| decode_sign_rotated(w)).collect();
    let top_bits = bits % 64;
    let full = bits <= 64 * limbs as u64;
    if full && top_bits != 0 {
        if let Some(last) = mag.last_mut() {
            *last &= (1u64 << top_bits) - 1;
        }
    }
    // Negative when signed and the sign bit (inside the words) is set.
    let negative = !unsigned
        && full
        && bits > 0
        && mag.last().is_some_and(|&w| (w >> ((bits - 1) % 64)) & 1 != 0);
    if negative {
        // Magnitude = 2^bits - value.
        let mut carry = true;
        for (i, w) in mag.iter_mut().enumerate() {
            let mask = if i + 1 == limbs && top_bits != 0 { (1u64 << top_bits) - 1 } else { !0 };
            let (v, c) = (!*w & mask).overflowing_add(u64::from(carry));
            *w = v & mask;
            carry = c || (mask != !0 && v > mask);
        }
    }
    while mag.last() == Some(&0) {
        mag.pop();
    }
    match (negative, mag.as_slice()) {
        (_, []) => DiField::UInt(0),
        (false, [m]) => DiField::UInt(*m),
        (true, [m]) if *m <= 1 << 63 => DiField::Int((*m as i64).wrapping_neg()),
        _ => DiField::Big { negative, magnitude: Box::new(mag.into()) },
    }
}

/// A size or offset: the operand itself, or (newer records with the flag
/// set) a metadata operand that must be a `ConstantInt` for LLVM 19's model
/// (null reads as 0).
fn size_operand(is_md: bool, op: u64, r: &mut dyn MdResolver, kind: &str) -> Result<u64, String> {
    if !is_md {
        return Ok(op);
    }
    let Some(m) = r.md_or_null(op)? else { return Ok(0) };
    match r.md_value(m) {
        MdValue::ConstantInt { value, .. } => Ok(value as u64),
        _ => Err(unsupported(kind, "a size or offset that is not a constant (LLVM 21)")),
    }
}

/// The node of `!DIExpression()`.
fn empty_expression(r: &mut dyn MdResolver) -> MdId {
    r.metadata().get_or_insert(MdNode::Di(di::expression(&[])))
}

fn invalid(record: &str, n: usize) -> String {
    format!("invalid {record} record ({n} operands)")
}

/// What every message of [`unsupported`] says (the reader reports those as
/// [`ReadErrorKind::Unsupported`](super::ReadErrorKind::Unsupported)).
pub(crate) const UNREPRESENTABLE: &str = "cannot be represented in LLVM 19's debug-info model";

fn unsupported(what: &str, feature: &str) -> String {
    format!("{what}: {feature} {UNREPRESENTABLE}")
}

/// Builds a node's fields in schema order, normalised as `di::build` does.
struct B {
    kind: DiKind,
    fields: Vec<DiField>,
    defaults: &'static [di::FieldDef],
}

impl B {
    fn new(kind: DiKind) -> B {
        let defaults = di::schema(kind).map_or(&[][..], |k| k.fields);
        B { kind, fields: vec![DiField::Absent; defaults.len()], defaults }
    }

    fn finish(self) -> DiNode {
        DiNode { kind: self.kind, fields: self.fields.into() }
    }

    #[inline]
    fn set(&mut self, f: F, v: DiField) {
        if let Some(slot) = di::field_index(self.kind, f).and_then(|i| self.fields.get_mut(i)) {
            *slot = v;
        }
    }

    /// An unsigned, enumerated or flag field: `Absent` at its default.
    #[inline]
    fn uint(&mut self, f: F, v: u64) {
        if let Some(i) = di::field_index(self.kind, f) {
            let default = self.defaults.get(i).map_or(0, |d| d.default);
            if let Some(slot) = self.fields.get_mut(i) {
                *slot = if v == default { DiField::Absent } else { DiField::UInt(v) };
            }
        }
    }

    /// A boolean field.
    #[inline]
    fn flag(&mut self, f: F, v: bool) {
        self.uint(f, u64::from(v));
    }

    /// A signed field: `Absent` when 0.
    #[inline]
    fn sint(&mut self, f: F, v: i64) {
        self.set(f, if v == 0 { DiField::Absent } else { DiField::Int(v) });
    }

    /// A metadata field: `Absent` when null.
    #[inline]
    fn md(&mut self, f: F, m: Option<MdId>) {
        if m.is_some() {
            self.set(f, DiField::Md(m));
        }
    }

    /// A string field (`getMDString`): `Absent` when null or empty.
    #[inline]
    fn string(&mut self, f: F, op: u64, r: &mut dyn MdResolver) -> Result<(), String> {
        let Some(m) = r.md_or_null(op)? else { return Ok(()) };
        if let Some(MdNode::String(s)) = r.metadata().get(m) {
            if s.is_empty() {
                return Ok(());
            }
        }
        self.set(f, DiField::Md(Some(m)));
        Ok(())
    }

    /// A bound that LLVM 19 prints as an integer when it is a
    /// `ConstantInt` (`DISubrange` bounds, `DICompositeType`'s rank).
    fn bound(
        &mut self,
        f: F,
        m: Option<MdId>,
        r: &mut dyn MdResolver,
        name: &str,
    ) -> Result<(), String> {
        let Some(id) = m else { return Ok(()) };
        match r.md_value(id) {
            MdValue::ConstantInt { value, .. } => self.set(f, DiField::Int(value)),
            MdValue::Other if !matches!(r.metadata().get(id), Some(MdNode::Value(..))) => {
                self.set(f, DiField::Md(Some(id)))
            }
            _ => return Err(format!("{name}: a value that is not a 64-bit ConstantInt")),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
