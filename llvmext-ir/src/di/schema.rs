//! The schema of the specialized debug-info nodes, on which the rest of
//! the model stands: the node types ([`DiKind`], [`DiField`], [`DiNode`]),
//! the field labels ([`Field`]) and, per kind, its fields in LLVM 19's
//! printing order with their types and defaults ([`KINDS`]).

use alloc::boxed::Box;

use crate::id::MdId;

/// A specialized node kind (an index into the schema table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DiKind(pub u8);

/// Declares the [`DiKind`] constants, numbered in [`KINDS`]' order; the
/// build fails if one does not name the schema entry at its index.
macro_rules! di_kinds {
    ($($konst:ident = $name:literal,)*) => {
        #[allow(missing_docs)]
        impl DiKind {
            di_kinds!(@consts 0u8, $($konst = $name,)*);
        }
        const _: () = {
            let mut n = 0;
            $(
                assert!(str_eq(KINDS[DiKind::$konst.0 as usize].name, $name));
                n += 1;
            )*
            assert!(n == KINDS.len());
        };
    };
    (@consts $n:expr, $konst:ident = $name:literal, $($rest:tt)*) => {
        #[doc = concat!("`!", $name, "`.")]
        pub const $konst: DiKind = DiKind($n);
        di_kinds!(@consts $n + 1, $($rest)*);
    };
    (@consts $n:expr,) => {};
}

/// `a == b`, at compile time.
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

di_kinds! {
    LOCATION = "DILocation",
    EXPRESSION = "DIExpression",
    GLOBAL_VARIABLE_EXPRESSION = "DIGlobalVariableExpression",
    GENERIC_DI_NODE = "GenericDINode",
    SUBRANGE = "DISubrange",
    ENUMERATOR = "DIEnumerator",
    BASIC_TYPE = "DIBasicType",
    DERIVED_TYPE = "DIDerivedType",
    COMPOSITE_TYPE = "DICompositeType",
    SUBROUTINE_TYPE = "DISubroutineType",
    FILE = "DIFile",
    COMPILE_UNIT = "DICompileUnit",
    SUBPROGRAM = "DISubprogram",
    LEXICAL_BLOCK = "DILexicalBlock",
    LEXICAL_BLOCK_FILE = "DILexicalBlockFile",
    NAMESPACE = "DINamespace",
    MODULE = "DIModule",
    TEMPLATE_TYPE_PARAMETER = "DITemplateTypeParameter",
    TEMPLATE_VALUE_PARAMETER = "DITemplateValueParameter",
    GLOBAL_VARIABLE = "DIGlobalVariable",
    LOCAL_VARIABLE = "DILocalVariable",
    LABEL = "DILabel",
    OBJC_PROPERTY = "DIObjCProperty",
    IMPORTED_ENTITY = "DIImportedEntity",
    ASSIGN_ID = "DIAssignID",
    MACRO = "DIMacro",
    MACRO_FILE = "DIMacroFile",
    COMMON_BLOCK = "DICommonBlock",
    STRING_TYPE = "DIStringType",
    GENERIC_SUBRANGE = "DIGenericSubrange",
}

/// A field value; what it means is given by the kind's schema.
///
/// Sixteen bytes: the lists sit behind one more box (a module holds
/// millions of fields, and few of them are lists), so that every value is
/// a tag and one word.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DiField {
    /// Not given (the schema's default).
    Absent,
    /// A signed integer.
    Int(i64),
    /// An unsigned integer, enum value (tag, language, encoding...) or
    /// flag set.
    UInt(u64),
    /// A metadata operand (strings are `MdNode::String` nodes); `None` is
    /// `null`.
    Md(Option<MdId>),
    /// The operations of a `DIExpression`.
    Ops(Box<Box<[u64]>>),
    /// An integer that fits neither `Int` nor `UInt` (a `DIEnumerator`
    /// value): sign and little-endian magnitude.
    Big {
        /// Whether the value is negative.
        negative: bool,
        /// The magnitude, little-endian 64-bit limbs.
        magnitude: Box<Box<[u64]>>,
    },
    /// A list of metadata operands (`GenericDINode`'s `operands: {...}`).
    List(Box<Box<[Option<MdId>]>>),
}

/// A specialized node: its kind and fields in schema order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiNode {
    /// The kind.
    pub kind: DiKind,
    /// The fields, in schema order.
    pub fields: Box<[DiField]>,
}

/// A `!DILocation(...)` as the model holds it: the five fields in place,
/// not behind a box of [`DiField`]s (a module with debug info has hundreds
/// of thousands of locations: most of its nodes). The metadata arena turns
/// every [`DiNode`] of kind [`DiKind::LOCATION`] given to it into this
/// ([`MdNode::Location`](crate::metadata::MdNode::Location)); the generic
/// form is still at hand through [`fields`](Self::fields) and
/// [`to_node`](Self::to_node).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DiLocation {
    /// `line:` (0: none).
    pub line: u32,
    /// `column:` (0: none; LLVM keeps 16 bits).
    pub column: u16,
    /// `isImplicitCode: true`.
    pub implicit: bool,
    /// `scope:`.
    pub scope: MdId,
    /// `inlinedAt:`.
    pub inlined_at: Option<MdId>,
}

impl DiLocation {
    /// The fields in schema order, as a [`DiNode`] of kind
    /// [`DiKind::LOCATION`] holds them (`Absent` at their defaults).
    pub fn fields(&self) -> [DiField; 5] {
        let u = |v: u64| if v == 0 { DiField::Absent } else { DiField::UInt(v) };
        [
            u(u64::from(self.line)),
            u(u64::from(self.column)),
            DiField::Md(Some(self.scope)),
            self.inlined_at.map_or(DiField::Absent, |m| DiField::Md(Some(m))),
            u(u64::from(self.implicit)),
        ]
    }

    /// The generic form.
    pub fn to_node(&self) -> DiNode {
        DiNode { kind: DiKind::LOCATION, fields: Box::new(self.fields()) }
    }

    /// The location `node` is, if it is one whose fields fit (a scope, a
    /// line of 32 bits, a column of 16, a flag: what LLParser and the
    /// bitcode reader accept).
    pub fn from_node(node: &DiNode) -> Option<DiLocation> {
        if node.kind != DiKind::LOCATION || node.fields.len() != 5 {
            return None;
        }
        let u = |f: &DiField| match f {
            DiField::Absent => Some(0),
            DiField::UInt(v) => Some(*v),
            _ => None,
        };
        let md = |f: &DiField| match f {
            DiField::Absent => Some(None),
            DiField::Md(m) => Some(*m),
            _ => None,
        };
        let f = &node.fields;
        Some(DiLocation {
            line: u32::try_from(u(&f[0])?).ok()?,
            column: u16::try_from(u(&f[1])?).ok()?,
            scope: md(&f[2])??,
            inlined_at: md(&f[3])?,
            implicit: match u(&f[4])? {
                0 => false,
                1 => true,
                _ => return None,
            },
        })
    }
}

impl core::hash::Hash for DiNode {
    /// One word for the whole node, folded from a word per field, given to
    /// the hasher once: metadata arenas hash hundreds of thousands of
    /// nodes, and a hasher call per field (and per field's tag) was most
    /// of the cost of uniquing them. Equal nodes fold to equal words.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        #[inline]
        fn mix(h: u64, w: u64) -> u64 {
            (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
        }
        let mut h = u64::from(self.kind.0) ^ ((self.fields.len() as u64) << 8);
        for f in self.fields.iter() {
            h = match f {
                DiField::Absent => mix(h, 0),
                DiField::Int(v) => mix(mix(h, 1), *v as u64),
                DiField::UInt(v) => mix(mix(h, 2), *v),
                DiField::Md(None) => mix(h, 3),
                DiField::Md(Some(m)) => mix(h, 4 | (u64::from(m.0) << 8)),
                DiField::Ops(ops) => ops.iter().fold(mix(h, 5), |h, &w| mix(h, w)),
                DiField::Big { negative, magnitude } => {
                    magnitude.iter().fold(mix(h, 6 | u64::from(*negative) << 8), |h, &w| mix(h, w))
                }
                DiField::List(l) => {
                    l.iter().fold(mix(h, 7), |h, m| mix(h, m.map_or(u64::MAX, |m| u64::from(m.0))))
                }
            };
        }
        state.write_u64(h);
    }
}

/// The type of a field: which values it takes, as LLParser's field classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldType {
    /// `DW_TAG_*` or an unsigned integer up to 0xffff.
    Tag,
    /// An unsigned integer up to the bound.
    UInt(u64),
    /// A signed integer in the range.
    SInt(i64, i64),
    /// `true` / `false`.
    Bool,
    /// A metadata operand; `null` allowed or not.
    Md(bool),
    /// A string (`""` is null; with `true`, `""` is an error).
    Str(bool),
    /// `DIFlag*` / integers joined by `|`.
    DiFlags,
    /// `DISPFlag*` / integers joined by `|`.
    SpFlags,
    /// `DW_LANG_*` or an integer up to 0xffff.
    Lang,
    /// `DW_ATE_*` or an integer up to 0xff.
    Encoding,
    /// `DW_CC_*` or an integer up to 0xff.
    Cc,
    /// `DW_VIRTUALITY_*` or an integer up to 2.
    Virtuality,
    /// `DW_MACINFO_*` or an integer up to 0xff.
    Macinfo,
    /// `CSK_MD5`, `CSK_SHA1`, `CSK_SHA256`.
    ChecksumKind,
    /// `NoDebug`, `FullDebug`, ... or an integer up to 3.
    EmissionKind,
    /// `Default`, `GNU`, `None`, `Apple` or an integer up to 3.
    NameTableKind,
    /// A signed integer in the range, or a metadata operand.
    SIntOrMd(i64, i64),
    /// An integer of any width (`DIEnumerator`'s value).
    ApsInt,
    /// `{...}`: a list of metadata operands.
    MdList,
}

/// When the printer writes a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Print {
    /// Always (`ShouldSkipZero`/`ShouldSkipNull`/`ShouldSkipEmpty` false,
    /// `printBool` without a default).
    Always,
    /// Not when zero, null, empty or (booleans, tags) the default.
    SkipDefault,
    /// Never (read only: folded into other fields or not printed at all).
    Never,
    /// By a rule of the kind's own (see `write_node`).
    Special,
}

keyword_enum! {
    /// A field label of the specialized nodes (`line:`, `scope:`, ...), as
    /// the rows of [`KINDS`] name them: a field is found by its index in
    /// its kind ([`field_index`]), not by comparing strings.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[allow(missing_docs)]
    pub enum Field {
        Line = b"line",
        Column = b"column",
        Scope = b"scope",
        InlinedAt = b"inlinedAt",
        IsImplicitCode = b"isImplicitCode",
        Var = b"var",
        Expr = b"expr",
        Tag = b"tag",
        Header = b"header",
        Operands = b"operands",
        Count = b"count",
        LowerBound = b"lowerBound",
        UpperBound = b"upperBound",
        Stride = b"stride",
        Name = b"name",
        Value = b"value",
        IsUnsigned = b"isUnsigned",
        Size = b"size",
        Align = b"align",
        Encoding = b"encoding",
        Flags = b"flags",
        File = b"file",
        BaseType = b"baseType",
        Offset = b"offset",
        ExtraData = b"extraData",
        DwarfAddressSpace = b"dwarfAddressSpace",
        Annotations = b"annotations",
        PtrAuthKey = b"ptrAuthKey",
        PtrAuthIsAddressDiscriminated = b"ptrAuthIsAddressDiscriminated",
        PtrAuthExtraDiscriminator = b"ptrAuthExtraDiscriminator",
        PtrAuthIsaPointer = b"ptrAuthIsaPointer",
        PtrAuthAuthenticatesNullValues = b"ptrAuthAuthenticatesNullValues",
        Elements = b"elements",
        RuntimeLang = b"runtimeLang",
        VtableHolder = b"vtableHolder",
        TemplateParams = b"templateParams",
        Identifier = b"identifier",
        Discriminator = b"discriminator",
        DataLocation = b"dataLocation",
        Associated = b"associated",
        Allocated = b"allocated",
        Rank = b"rank",
        Cc = b"cc",
        Types = b"types",
        Filename = b"filename",
        Directory = b"directory",
        Checksumkind = b"checksumkind",
        Checksum = b"checksum",
        Source = b"source",
        Language = b"language",
        Producer = b"producer",
        IsOptimized = b"isOptimized",
        RuntimeVersion = b"runtimeVersion",
        SplitDebugFilename = b"splitDebugFilename",
        EmissionKind = b"emissionKind",
        Enums = b"enums",
        RetainedTypes = b"retainedTypes",
        Globals = b"globals",
        Imports = b"imports",
        Macros = b"macros",
        DwoId = b"dwoId",
        SplitDebugInlining = b"splitDebugInlining",
        DebugInfoForProfiling = b"debugInfoForProfiling",
        NameTableKind = b"nameTableKind",
        RangesBaseAddress = b"rangesBaseAddress",
        Sysroot = b"sysroot",
        Sdk = b"sdk",
        LinkageName = b"linkageName",
        Type = b"type",
        ScopeLine = b"scopeLine",
        ContainingType = b"containingType",
        VirtualIndex = b"virtualIndex",
        ThisAdjustment = b"thisAdjustment",
        SpFlags = b"spFlags",
        Unit = b"unit",
        Declaration = b"declaration",
        RetainedNodes = b"retainedNodes",
        ThrownTypes = b"thrownTypes",
        TargetFuncName = b"targetFuncName",
        IsLocal = b"isLocal",
        IsDefinition = b"isDefinition",
        Virtuality = b"virtuality",
        ExportSymbols = b"exportSymbols",
        ConfigMacros = b"configMacros",
        IncludePath = b"includePath",
        Apinotes = b"apinotes",
        IsDecl = b"isDecl",
        Defaulted = b"defaulted",
        Arg = b"arg",
        Setter = b"setter",
        Getter = b"getter",
        Attributes = b"attributes",
        Entity = b"entity",
        Nodes = b"nodes",
        StringLength = b"stringLength",
        StringLengthExpression = b"stringLengthExpression",
        StringLocationExpression = b"stringLocationExpression",
    }
}

/// One field of a kind's schema.
#[derive(Debug, Clone, Copy)]
pub struct FieldDef {
    /// The label.
    pub field: Field,
    /// The values it takes.
    pub ty: FieldType,
    /// Whether the parser requires it.
    pub required: bool,
    /// Its value when not given (booleans and enums; 0 for the others).
    pub default: u64,
    /// When the printer writes it.
    pub print: Print,
}

/// A kind's schema.
#[derive(Debug, Clone, Copy)]
pub struct KindDef {
    /// `DILocation`, ...
    pub name: &'static str,
    /// The fields, in LLVM 19's printing order (fields that are never
    /// printed come last).
    pub fields: &'static [FieldDef],
    /// Required fields in the order LLParser checks them.
    pub required_order: &'static [Field],
}

const fn f(field: Field, ty: FieldType, print: Print) -> FieldDef {
    FieldDef { field, ty, required: false, default: 0, print }
}
const fn r(field: Field, ty: FieldType, print: Print) -> FieldDef {
    FieldDef { field, ty, required: true, default: 0, print }
}
const fn d(field: Field, ty: FieldType, default: u64, print: Print) -> FieldDef {
    FieldDef { field, ty, required: false, default, print }
}

use Field as F;
use FieldType as T;
use Print::{Always as A, Never as N, SkipDefault as S, Special as X};

pub(crate) const U16: u64 = 0xffff;
pub(crate) const U32: u64 = 0xffff_ffff;
const MD: FieldType = T::Md(true);
const MDNN: FieldType = T::Md(false);
const STR: FieldType = T::Str(false);
const LINE: FieldType = T::UInt(U32);
const SOM: FieldType = T::SIntOrMd(i64::MIN, i64::MAX);

/// Every specialized node kind LLVM 19's parser accepts (Metadata.def),
/// with its fields in printing order.
pub const KINDS: &[KindDef] = &[
    KindDef {
        name: "DILocation",
        fields: &[
            f(F::Line, LINE, A),
            f(F::Column, T::UInt(U16), S),
            r(F::Scope, MDNN, A),
            f(F::InlinedAt, MD, S),
            f(F::IsImplicitCode, T::Bool, S),
        ],
        required_order: &[F::Scope],
    },
    KindDef { name: "DIExpression", fields: &[], required_order: &[] },
    KindDef {
        name: "DIGlobalVariableExpression",
        fields: &[r(F::Var, MD, S), r(F::Expr, MD, S)],
        required_order: &[F::Var, F::Expr],
    },
    KindDef {
        name: "GenericDINode",
        fields: &[r(F::Tag, T::Tag, A), f(F::Header, STR, S), f(F::Operands, T::MdList, S)],
        required_order: &[F::Tag],
    },
    KindDef {
        name: "DISubrange",
        fields: &[
            f(F::Count, T::SIntOrMd(-1, i64::MAX), X),
            f(F::LowerBound, SOM, X),
            f(F::UpperBound, SOM, X),
            f(F::Stride, SOM, X),
        ],
        required_order: &[],
    },
    KindDef {
        name: "DIEnumerator",
        fields: &[r(F::Name, STR, A), r(F::Value, T::ApsInt, A), f(F::IsUnsigned, T::Bool, S)],
        required_order: &[F::Name, F::Value],
    },
    KindDef {
        name: "DIBasicType",
        fields: &[
            d(F::Tag, T::Tag, 0x24, S),
            f(F::Name, STR, S),
            f(F::Size, T::UInt(u64::MAX), S),
            f(F::Align, T::UInt(U32), S),
            f(F::Encoding, T::Encoding, S),
            f(F::Flags, T::DiFlags, S),
        ],
        required_order: &[],
    },
    KindDef {
        name: "DIDerivedType",
        fields: &[
            r(F::Tag, T::Tag, A),
            f(F::Name, STR, S),
            f(F::Scope, MD, S),
            f(F::File, MD, S),
            f(F::Line, LINE, S),
            r(F::BaseType, MD, A),
            f(F::Size, T::UInt(u64::MAX), S),
            f(F::Align, T::UInt(U32), X),
            f(F::Offset, T::UInt(u64::MAX), S),
            f(F::Flags, T::DiFlags, S),
            f(F::ExtraData, MD, S),
            d(F::DwarfAddressSpace, T::UInt(U32), U32, X),
            f(F::Annotations, MD, S),
            f(F::PtrAuthKey, T::UInt(7), X),
            f(F::PtrAuthIsAddressDiscriminated, T::Bool, X),
            f(F::PtrAuthExtraDiscriminator, T::UInt(U16), X),
            f(F::PtrAuthIsaPointer, T::Bool, X),
            f(F::PtrAuthAuthenticatesNullValues, T::Bool, X),
        ],
        required_order: &[F::Tag, F::BaseType],
    },
    KindDef {
        name: "DICompositeType",
        fields: &[
            r(F::Tag, T::Tag, A),
            f(F::Name, STR, S),
            f(F::Scope, MD, S),
            f(F::File, MD, S),
            f(F::Line, LINE, S),
            f(F::BaseType, MD, S),
            f(F::Size, T::UInt(u64::MAX), S),
            f(F::Align, T::UInt(U32), S),
            f(F::Offset, T::UInt(u64::MAX), S),
            f(F::Flags, T::DiFlags, S),
            f(F::Elements, MD, S),
            f(F::RuntimeLang, T::Lang, S),
            f(F::VtableHolder, MD, S),
            f(F::TemplateParams, MD, S),
            f(F::Identifier, STR, S),
            f(F::Discriminator, MD, S),
            f(F::DataLocation, MD, S),
            f(F::Associated, MD, S),
            f(F::Allocated, MD, S),
            f(F::Rank, SOM, X),
            f(F::Annotations, MD, S),
        ],
        required_order: &[F::Tag],
    },
    KindDef {
        name: "DISubroutineType",
        fields: &[f(F::Flags, T::DiFlags, S), f(F::Cc, T::Cc, S), r(F::Types, MD, A)],
        required_order: &[F::Types],
    },
    KindDef {
        name: "DIFile",
        fields: &[
            r(F::Filename, STR, A),
            r(F::Directory, STR, A),
            d(F::Checksumkind, T::ChecksumKind, 1, X),
            f(F::Checksum, STR, X),
            f(F::Source, STR, S),
        ],
        required_order: &[F::Filename, F::Directory],
    },
    KindDef {
        name: "DICompileUnit",
        fields: &[
            r(F::Language, T::Lang, S),
            r(F::File, MDNN, A),
            f(F::Producer, STR, S),
            f(F::IsOptimized, T::Bool, A),
            f(F::Flags, STR, S),
            f(F::RuntimeVersion, T::UInt(U32), A),
            f(F::SplitDebugFilename, STR, S),
            f(F::EmissionKind, T::EmissionKind, A),
            f(F::Enums, MD, S),
            f(F::RetainedTypes, MD, S),
            f(F::Globals, MD, S),
            f(F::Imports, MD, S),
            f(F::Macros, MD, S),
            f(F::DwoId, T::UInt(u64::MAX), S),
            d(F::SplitDebugInlining, T::Bool, 1, S),
            f(F::DebugInfoForProfiling, T::Bool, S),
            f(F::NameTableKind, T::NameTableKind, S),
            f(F::RangesBaseAddress, T::Bool, S),
            f(F::Sysroot, STR, S),
            f(F::Sdk, STR, S),
        ],
        required_order: &[F::Language, F::File],
    },
    KindDef {
        name: "DISubprogram",
        fields: &[
            f(F::Name, STR, S),
            f(F::LinkageName, STR, S),
            f(F::Scope, MD, A),
            f(F::File, MD, S),
            f(F::Line, LINE, S),
            f(F::Type, MD, S),
            f(F::ScopeLine, LINE, S),
            f(F::ContainingType, MD, S),
            f(F::VirtualIndex, T::UInt(U32), X),
            f(F::ThisAdjustment, T::SInt(i32::MIN as i64, i32::MAX as i64), S),
            f(F::Flags, T::DiFlags, S),
            f(F::SpFlags, T::SpFlags, X),
            f(F::Unit, MD, S),
            f(F::TemplateParams, MD, S),
            f(F::Declaration, MD, S),
            f(F::RetainedNodes, MD, S),
            f(F::ThrownTypes, MD, S),
            f(F::Annotations, MD, S),
            f(F::TargetFuncName, STR, S),
            f(F::IsLocal, T::Bool, N),
            d(F::IsDefinition, T::Bool, 1, N),
            f(F::IsOptimized, T::Bool, N),
            f(F::Virtuality, T::Virtuality, N),
        ],
        required_order: &[],
    },
    KindDef {
        name: "DILexicalBlock",
        fields: &[
            r(F::Scope, MDNN, A),
            f(F::File, MD, S),
            f(F::Line, LINE, S),
            f(F::Column, T::UInt(U16), S),
        ],
        required_order: &[F::Scope],
    },
    KindDef {
        name: "DILexicalBlockFile",
        fields: &[r(F::Scope, MDNN, A), f(F::File, MD, S), r(F::Discriminator, T::UInt(U32), A)],
        required_order: &[F::Scope, F::Discriminator],
    },
    KindDef {
        name: "DINamespace",
        fields: &[f(F::Name, STR, S), r(F::Scope, MD, A), f(F::ExportSymbols, T::Bool, S)],
        required_order: &[F::Scope],
    },
    KindDef {
        name: "DIModule",
        fields: &[
            r(F::Scope, MD, A),
            r(F::Name, STR, S),
            f(F::ConfigMacros, STR, S),
            f(F::IncludePath, STR, S),
            f(F::Apinotes, STR, S),
            f(F::File, MD, S),
            f(F::Line, LINE, S),
            f(F::IsDecl, T::Bool, S),
        ],
        required_order: &[F::Scope, F::Name],
    },
    KindDef {
        name: "DITemplateTypeParameter",
        fields: &[f(F::Name, STR, S), r(F::Type, MD, A), f(F::Defaulted, T::Bool, S)],
        required_order: &[F::Type],
    },
    KindDef {
        name: "DITemplateValueParameter",
        fields: &[
            d(F::Tag, T::Tag, 0x30, S),
            f(F::Name, STR, S),
            f(F::Type, MD, S),
            f(F::Defaulted, T::Bool, S),
            r(F::Value, MD, A),
        ],
        required_order: &[F::Value],
    },
    KindDef {
        name: "DIGlobalVariable",
        fields: &[
            f(F::Name, T::Str(true), S),
            f(F::LinkageName, STR, S),
            f(F::Scope, MD, A),
            f(F::File, MD, S),
            f(F::Line, LINE, S),
            f(F::Type, MD, S),
            f(F::IsLocal, T::Bool, A),
            d(F::IsDefinition, T::Bool, 1, A),
            f(F::Declaration, MD, S),
            f(F::TemplateParams, MD, S),
            f(F::Align, T::UInt(U32), S),
            f(F::Annotations, MD, S),
        ],
        required_order: &[],
    },
    KindDef {
        name: "DILocalVariable",
        fields: &[
            f(F::Name, STR, S),
            f(F::Arg, T::UInt(U16), S),
            r(F::Scope, MDNN, A),
            f(F::File, MD, S),
            f(F::Line, LINE, S),
            f(F::Type, MD, S),
            f(F::Flags, T::DiFlags, S),
            f(F::Align, T::UInt(U32), S),
            f(F::Annotations, MD, S),
        ],
        required_order: &[F::Scope],
    },
    KindDef {
        name: "DILabel",
        fields: &[r(F::Scope, MDNN, A), r(F::Name, STR, S), r(F::File, MD, S), r(F::Line, LINE, S)],
        required_order: &[F::Scope, F::Name, F::File, F::Line],
    },
    KindDef {
        name: "DIObjCProperty",
        fields: &[
            f(F::Name, STR, S),
            f(F::File, MD, S),
            f(F::Line, LINE, S),
            f(F::Setter, STR, S),
            f(F::Getter, STR, S),
            f(F::Attributes, T::UInt(U32), S),
            f(F::Type, MD, S),
        ],
        required_order: &[],
    },
    KindDef {
        name: "DIImportedEntity",
        fields: &[
            r(F::Tag, T::Tag, A),
            f(F::Name, STR, S),
            r(F::Scope, MD, A),
            f(F::Entity, MD, S),
            f(F::File, MD, S),
            f(F::Line, LINE, S),
            f(F::Elements, MD, S),
        ],
        required_order: &[F::Tag, F::Scope],
    },
    KindDef { name: "DIAssignID", fields: &[], required_order: &[] },
    KindDef {
        name: "DIMacro",
        fields: &[
            r(F::Type, T::Macinfo, A),
            f(F::Line, LINE, S),
            r(F::Name, STR, S),
            f(F::Value, STR, S),
        ],
        required_order: &[F::Type, F::Name],
    },
    KindDef {
        name: "DIMacroFile",
        fields: &[
            f(F::Line, LINE, S),
            r(F::File, MD, A),
            f(F::Nodes, MD, S),
            d(F::Type, T::Macinfo, 3, N),
        ],
        required_order: &[F::File],
    },
    KindDef {
        name: "DICommonBlock",
        fields: &[
            r(F::Scope, MD, A),
            f(F::Declaration, MD, A),
            f(F::Name, STR, S),
            f(F::File, MD, S),
            f(F::Line, LINE, S),
        ],
        required_order: &[F::Scope],
    },
    KindDef {
        name: "DIStringType",
        fields: &[
            d(F::Tag, T::Tag, 0x12, S),
            f(F::Name, STR, S),
            f(F::StringLength, MD, S),
            f(F::StringLengthExpression, MD, S),
            f(F::StringLocationExpression, MD, S),
            f(F::Size, T::UInt(u64::MAX), S),
            f(F::Align, T::UInt(U32), S),
            f(F::Encoding, T::Encoding, S),
        ],
        required_order: &[],
    },
    KindDef {
        name: "DIGenericSubrange",
        fields: &[
            f(F::Count, SOM, X),
            f(F::LowerBound, SOM, X),
            f(F::UpperBound, SOM, X),
            f(F::Stride, SOM, X),
        ],
        required_order: &[],
    },
];

/// The schema of `kind`.
pub fn schema(kind: DiKind) -> Option<&'static KindDef> {
    KINDS.get(usize::from(kind.0))
}

/// The kind named `name` (`DILocation`, `DISubprogram`, ...).
pub fn kind_by_name(name: &str) -> Option<DiKind> {
    KINDS.iter().position(|k| k.name == name).map(|i| DiKind(i as u8))
}

/// The name of `kind`.
pub fn kind_name(kind: DiKind) -> &'static str {
    schema(kind).map(|k| k.name).unwrap_or("")
}

/// Whether a node must be `distinct`: the message LLParser gives when it is
/// not. With `node` `None`, the kinds that always need it (checked before
/// the fields are read, at the kind's name); with a node, the
/// `DISubprogram` definitions (checked after).
pub fn distinct_required(kind: DiKind, node: Option<&DiNode>) -> Option<&'static str> {
    match (kind, node) {
        (DiKind::COMPILE_UNIT, None) => Some("missing 'distinct', required for !DICompileUnit"),
        (DiKind::ASSIGN_ID, None) => Some("missing 'distinct', required for !DIAssignID()"),
        (DiKind::SUBPROGRAM, Some(n)) => {
            let i = field_index(kind, F::SpFlags)?;
            match n.fields.get(i) {
                Some(DiField::UInt(v)) if v & 8 != 0 => {
                    Some("missing 'distinct', required for !DISubprogram that is a Definition")
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// No such field in the kind.
const NO_FIELD: u8 = u8::MAX;

/// `FIELD_INDEX[kind][field]`: the field's position in its kind's row of
/// [`KINDS`] (`NO_FIELD` if the kind has none), worked out from the table
/// at compile time.
static FIELD_INDEX: [[u8; Field::ALL.len()]; KINDS.len()] = {
    let mut t = [[NO_FIELD; Field::ALL.len()]; KINDS.len()];
    let mut k = 0;
    while k < KINDS.len() {
        let fields = KINDS[k].fields;
        assert!(fields.len() < NO_FIELD as usize);
        let mut i = 0;
        while i < fields.len() {
            t[k][fields[i].field as usize] = i as u8;
            i += 1;
        }
        k += 1;
    }
    t
};

/// The position of field `f` in nodes of `kind` (`None` if the kind has
/// no such field).
pub fn field_index(kind: DiKind, f: Field) -> Option<usize> {
    match FIELD_INDEX.get(usize::from(kind.0))?[f as usize] {
        NO_FIELD => None,
        i => Some(usize::from(i)),
    }
}

impl DiNode {
    /// The field `f` (`Absent` if not given or not a field of the kind).
    pub fn field(&self, f: Field) -> &DiField {
        field_index(self.kind, f).and_then(|i| self.fields.get(i)).unwrap_or(&DiField::Absent)
    }

    /// The field `f` as an unsigned value (its default when absent).
    pub fn uint(&self, f: Field) -> u64 {
        self.as_ref().uint(f)
    }

    /// The node borrowed as a kind and fields.
    pub fn as_ref(&self) -> DiRef<'_> {
        DiRef { kind: self.kind, fields: &self.fields }
    }
}

/// A specialized node borrowed: its kind and fields in schema order (of a
/// [`DiNode`], or of a [`DiLocation`] through [`DiLocation::fields`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiRef<'a> {
    /// The kind.
    pub kind: DiKind,
    /// The fields, in schema order.
    pub fields: &'a [DiField],
}

impl<'a> DiRef<'a> {
    /// The field `f` (`Absent` if not given or not a field of the kind).
    pub fn field(&self, f: Field) -> &'a DiField {
        field_index(self.kind, f).and_then(|i| self.fields.get(i)).unwrap_or(&DiField::Absent)
    }

    /// The field `f` as an unsigned value (its default when absent).
    pub fn uint(&self, f: Field) -> u64 {
        let Some(i) = field_index(self.kind, f) else { return 0 };
        match self.fields.get(i) {
            Some(DiField::UInt(v)) => *v,
            Some(DiField::Int(v)) => *v as u64,
            _ => schema(self.kind).and_then(|k| k.fields.get(i)).map_or(0, |d| d.default),
        }
    }
}

/// The fields of a `DICompositeType` that are operands, in LLVM 19's
/// operand order (`rank` may be an integer: a constant operand).
pub const COMPOSITE_TYPE_OPERANDS: &[Field] = &[
    F::File,
    F::Scope,
    F::Name,
    F::BaseType,
    F::Elements,
    F::VtableHolder,
    F::TemplateParams,
    F::Identifier,
    F::Discriminator,
    F::DataLocation,
    F::Associated,
    F::Allocated,
    F::Rank,
    F::Annotations,
];

/// The fields of a node of `kind` that are operands of LLVM 19's `MDNode`
/// (strings included), in LLVM's *operand* order (the operand indices of
/// LLVM 19's `DebugInfoMetadata.h`; operands LLVM always leaves null, such
/// as a `DIBasicType`'s file and scope, are left out). `GenericDINode`'s
/// `operands:` list follows its header.
pub fn operand_fields(kind: DiKind) -> &'static [Field] {
    match kind {
        DiKind::LOCATION => &[F::Scope, F::InlinedAt],
        DiKind::GLOBAL_VARIABLE_EXPRESSION => &[F::Var, F::Expr],
        DiKind::GENERIC_DI_NODE => &[F::Header, F::Operands],
        DiKind::SUBRANGE | DiKind::GENERIC_SUBRANGE => {
            &[F::Count, F::LowerBound, F::UpperBound, F::Stride]
        }
        DiKind::ENUMERATOR | DiKind::BASIC_TYPE => &[F::Name],
        DiKind::STRING_TYPE => {
            &[F::Name, F::StringLength, F::StringLengthExpression, F::StringLocationExpression]
        }
        DiKind::DERIVED_TYPE => {
            &[F::File, F::Scope, F::Name, F::BaseType, F::ExtraData, F::Annotations]
        }
        DiKind::COMPOSITE_TYPE => COMPOSITE_TYPE_OPERANDS,
        DiKind::SUBROUTINE_TYPE => &[F::Types],
        DiKind::FILE => &[F::Filename, F::Directory, F::Checksum, F::Source],
        DiKind::COMPILE_UNIT => &[
            F::File,
            F::Producer,
            F::Flags,
            F::SplitDebugFilename,
            F::Enums,
            F::RetainedTypes,
            F::Globals,
            F::Imports,
            F::Macros,
            F::Sysroot,
            F::Sdk,
        ],
        DiKind::SUBPROGRAM => &[
            F::File,
            F::Scope,
            F::Name,
            F::LinkageName,
            F::Type,
            F::Unit,
            F::Declaration,
            F::RetainedNodes,
            F::ContainingType,
            F::TemplateParams,
            F::ThrownTypes,
            F::Annotations,
            F::TargetFuncName,
        ],
        DiKind::LEXICAL_BLOCK | DiKind::LEXICAL_BLOCK_FILE => &[F::File, F::Scope],
        DiKind::NAMESPACE => &[F::Scope, F::Name],
        DiKind::MODULE => {
            &[F::File, F::Scope, F::Name, F::ConfigMacros, F::IncludePath, F::Apinotes]
        }
        DiKind::TEMPLATE_TYPE_PARAMETER => &[F::Name, F::Type],
        DiKind::TEMPLATE_VALUE_PARAMETER => &[F::Name, F::Type, F::Value],
        // (LLVM holds the name twice, at 1 and 4: reached once.)
        DiKind::GLOBAL_VARIABLE => &[
            F::Scope,
            F::Name,
            F::File,
            F::Type,
            F::LinkageName,
            F::Declaration,
            F::TemplateParams,
            F::Annotations,
        ],
        DiKind::LOCAL_VARIABLE => &[F::Scope, F::Name, F::File, F::Type, F::Annotations],
        DiKind::LABEL => &[F::Scope, F::Name, F::File],
        DiKind::OBJC_PROPERTY => &[F::Name, F::File, F::Getter, F::Setter, F::Type],
        DiKind::IMPORTED_ENTITY => &[F::Scope, F::Entity, F::Name, F::File, F::Elements],
        DiKind::MACRO => &[F::Name, F::Value],
        DiKind::MACRO_FILE => &[F::File, F::Nodes],
        DiKind::COMMON_BLOCK => &[F::Scope, F::Declaration, F::Name, F::File],
        _ => &[],
    }
}

/// The metadata operands of a specialized node in LLVM 19's *operand*
/// order ([`operand_fields`]: `MDNode::operands()`, e.g. `DISubprogram`:
/// file, scope, name, linkageName, type, unit, ...), strings included; the
/// order in which the printer's slot numbering and the bitcode writer's
/// enumeration walk a node. `None` is a null operand; an integer field
/// (a `DISubrange` count given as a number) is not an operand here.
pub fn md_operands(node: DiRef<'_>, out: &mut alloc::vec::Vec<Option<MdId>>) {
    for &f in operand_fields(node.kind) {
        match node.field(f) {
            DiField::Md(m) => out.push(*m),
            DiField::List(l) => out.extend_from_slice(l),
            _ => {}
        }
    }
}
