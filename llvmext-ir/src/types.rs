//! LLVM IR types, interned in a [`Types`] arena and named by `Copy` ids.
//!
//! Every type LLVM 19 has: `void`, the float formats, `label`, `metadata`,
//! `token`, `x86_amx`, integers of any width up to 2^23 bits,
//! `ptr addrspace(N)`, fixed and scalable vectors, arrays, literal and
//! identified (named, possibly opaque or packed) structs, function types and
//! target extension types. Building a type checks it as LLVM's `get`
//! functions do (a vector of `void` is an error value, not a panic), and
//! equal types get the same id, so ids compare as types.
//!
//! ```
//! use llvmext_ir::types::Types;
//! let mut t = Types::new();
//! let i32_ = t.int(32).unwrap();
//! let ptr = t.ptr(0).unwrap();
//! let s = t.literal_struct(&[i32_, ptr], false).unwrap();
//! assert_eq!(t.literal_struct(&[i32_, ptr], false).unwrap(), s);
//! let v = t.vector(i32_, 4, true).unwrap();
//! assert_eq!(t.display(s).to_string(), "{ i32, ptr }");
//! assert_eq!(t.display(v).to_string(), "<vscale x 4 x i32>");
//! assert!(t.vector(t.void(), 4, false).is_err());
//! ```

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::hash::Hash;

pub use crate::id::TypeId;

use hashbrown::hash_table::HashTable;
use hashbrown::DefaultHashBuilder;

use crate::interner::Interner;

/// The widest integer type LLVM allows (`IntegerType::MAX_INT_BITS`).
pub const MAX_INT_BITS: u32 = 1 << 23;

/// The float formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// `half` (IEEE binary16).
    Half,
    /// `bfloat`.
    BFloat,
    /// `float` (binary32).
    Float,
    /// `double` (binary64).
    Double,
    /// `x86_fp80`.
    X86Fp80,
    /// `fp128` (binary128).
    Fp128,
    /// `ppc_fp128` (double-double).
    PpcFp128,
}

impl FloatKind {
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::Half => "half",
            FloatKind::BFloat => "bfloat",
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::X86Fp80 => "x86_fp80",
            FloatKind::Fp128 => "fp128",
            FloatKind::PpcFp128 => "ppc_fp128",
        }
    }

    /// The size in bits.
    pub fn bits(self) -> u32 {
        match self {
            FloatKind::Half | FloatKind::BFloat => 16,
            FloatKind::Float => 32,
            FloatKind::Double => 64,
            FloatKind::X86Fp80 => 80,
            FloatKind::Fp128 | FloatKind::PpcFp128 => 128,
        }
    }
}

/// What a type is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeKind {
    /// `void`.
    Void,
    /// A float format.
    Float(FloatKind),
    /// `label`.
    Label,
    /// `metadata`.
    Metadata,
    /// `token`.
    Token,
    /// `x86_amx`.
    X86Amx,
    /// `x86_mmx` (LLVM 19; a 64-bit MMX register value).
    X86Mmx,
    /// `iN`.
    Int(u32),
    /// `ptr addrspace(N)` (`ptr` for 0).
    Ptr(u32),
    /// `<N x T>` or `<vscale x N x T>`.
    Vector {
        /// The element type.
        elem: TypeId,
        /// The element count (the minimum, for scalable vectors).
        len: u32,
        /// `vscale x`.
        scalable: bool,
    },
    /// `[N x T]`.
    Array {
        /// The element type.
        elem: TypeId,
        /// The element count.
        len: u64,
    },
    /// A literal struct `{ ... }` or packed `<{ ... }>`.
    Struct {
        /// The field types.
        fields: Box<[TypeId]>,
        /// Packed.
        packed: bool,
    },
    /// An identified struct, by its index among the arena's named structs
    /// (its name and body are kept there: two of them are never the same
    /// type, whatever their bodies).
    Named(u32),
    /// A function type.
    Function {
        /// The return type.
        ret: TypeId,
        /// The parameter types.
        params: Box<[TypeId]>,
        /// Variadic (`...`).
        vararg: bool,
    },
    /// `target("name", types..., ints...)`.
    TargetExt {
        /// The name.
        name: Box<str>,
        /// The type parameters.
        types: Box<[TypeId]>,
        /// The integer parameters.
        ints: Box<[u32]>,
    },
}

/// Why a type could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeError {
    /// An integer width of 0 or above [`MAX_INT_BITS`].
    IntWidth(u32),
    /// An address space above 2^24 - 1.
    AddressSpace(u32),
    /// A vector of 0 elements.
    EmptyVector,
    /// An element type a vector, array or struct cannot hold, a parameter
    /// type a function cannot take, or a return type it cannot have.
    BadElement {
        /// What was being built.
        what: &'static str,
        /// The offending type, printed.
        ty: String,
    },
    /// An id of another arena.
    ForeignId,
    /// A body given to a type that is not an opaque identified struct.
    NotOpaque,
    /// A second identified struct with a name already taken.
    NameTaken(String),
}

impl fmt::Display for TypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeError::IntWidth(w) => {
                write!(
                    f,
                    "bitwidth for integer type out of range: {w} (must be 1..={MAX_INT_BITS})"
                )
            }
            TypeError::AddressSpace(a) => write!(f, "invalid address space {a}"),
            TypeError::EmptyVector => f.write_str("zero element vector is illegal"),
            TypeError::BadElement { what, ty } => write!(f, "invalid {what}: {ty}"),
            TypeError::ForeignId => f.write_str("type id of another arena"),
            TypeError::NotOpaque => f.write_str("the struct already has a body"),
            TypeError::NameTaken(n) => write!(f, "redefinition of type named '{n}'"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TypeError {}

/// An identified struct's name and body.
#[derive(Debug, Clone)]
struct NamedStruct {
    name: crate::name::ByteStr,
    /// Fields and packedness; `None` while opaque.
    body: Option<(Box<[TypeId]>, bool)>,
}

/// The body of an identified struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StructBody<'a> {
    /// The field types.
    pub fields: &'a [TypeId],
    /// Packed (`<{ ... }>`).
    pub packed: bool,
}

/// The type arena of a module.
#[derive(Debug, Clone)]
pub struct Types {
    kinds: Interner<TypeKind>,
    /// Hashes the names of `names`' index.
    hasher: DefaultHashBuilder,
    named: Vec<NamedStruct>,
    /// Named struct index by name hash.
    names: HashTable<u32>,
}

impl Default for Types {
    fn default() -> Self {
        Self::new()
    }
}

fn hash_of<T: Hash + ?Sized>(h: &DefaultHashBuilder, v: &T) -> u64 {
    use core::hash::BuildHasher;
    h.hash_one(v)
}

impl Types {
    /// An arena holding the primitive types (`void` is id 0).
    pub fn new() -> Self {
        let mut t = Types {
            kinds: Interner::default(),
            hasher: DefaultHashBuilder::default(),
            named: Vec::new(),
            names: HashTable::new(),
        };
        t.intern(TypeKind::Void);
        t
    }

    fn intern(&mut self, kind: TypeKind) -> TypeId {
        TypeId(self.kinds.intern(kind))
    }

    /// What `id` is (`None` for an id of another arena).
    pub fn get(&self, id: TypeId) -> Option<&TypeKind> {
        self.kinds.get(id.0)
    }

    fn kind(&self, id: TypeId) -> Result<&TypeKind, TypeError> {
        self.get(id).ok_or(TypeError::ForeignId)
    }

    /// The id of `kind` if the arena holds it (identified structs by
    /// [`find_named`](Self::find_named)).
    pub fn find(&self, kind: &TypeKind) -> Option<TypeId> {
        self.kinds.find(kind, |k| k == kind).map(TypeId)
    }

    /// The number of distinct types.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Never: the arena always holds `void`.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// `void`.
    pub fn void(&self) -> TypeId {
        TypeId(0)
    }

    /// A float format.
    pub fn float(&mut self, kind: FloatKind) -> TypeId {
        self.intern(TypeKind::Float(kind))
    }

    /// `label`.
    pub fn label(&mut self) -> TypeId {
        self.intern(TypeKind::Label)
    }

    /// `metadata`.
    pub fn metadata(&mut self) -> TypeId {
        self.intern(TypeKind::Metadata)
    }

    /// `token`.
    pub fn token(&mut self) -> TypeId {
        self.intern(TypeKind::Token)
    }

    /// `x86_amx`.
    pub fn x86_amx(&mut self) -> TypeId {
        self.intern(TypeKind::X86Amx)
    }

    /// `x86_mmx`.
    pub fn x86_mmx(&mut self) -> TypeId {
        self.intern(TypeKind::X86Mmx)
    }

    /// `iN`, for N in 1..=[`MAX_INT_BITS`].
    pub fn int(&mut self, bits: u32) -> Result<TypeId, TypeError> {
        if bits == 0 || bits > MAX_INT_BITS {
            return Err(TypeError::IntWidth(bits));
        }
        Ok(self.intern(TypeKind::Int(bits)))
    }

    /// `ptr addrspace(N)`.
    pub fn ptr(&mut self, addrspace: u32) -> Result<TypeId, TypeError> {
        if addrspace >= 1 << 24 {
            return Err(TypeError::AddressSpace(addrspace));
        }
        Ok(self.intern(TypeKind::Ptr(addrspace)))
    }

    pub(crate) fn bad(&self, what: &'static str, ty: TypeId) -> TypeError {
        TypeError::BadElement { what, ty: self.display(ty).to_string() }
    }

    /// `<len x elem>` or `<vscale x len x elem>`: elements are integers,
    /// floats or pointers (LLVM's `VectorType::isValidElementType`, less
    /// target extension types).
    pub fn vector(&mut self, elem: TypeId, len: u32, scalable: bool) -> Result<TypeId, TypeError> {
        let ok =
            matches!(self.kind(elem)?, TypeKind::Int(_) | TypeKind::Float(_) | TypeKind::Ptr(_));
        if !ok {
            return Err(self.bad("vector element type", elem));
        }
        if len == 0 {
            return Err(TypeError::EmptyVector);
        }
        Ok(self.intern(TypeKind::Vector { elem, len, scalable }))
    }

    /// Whether arrays and structs may hold `ty` (LLVM's
    /// `ArrayType::isValidElementType`).
    fn aggregate_element(&self, ty: TypeId) -> Result<bool, TypeError> {
        Ok(!matches!(
            self.kind(ty)?,
            TypeKind::Void
                | TypeKind::Label
                | TypeKind::Metadata
                | TypeKind::Function { .. }
                | TypeKind::Token
                | TypeKind::X86Amx
                | TypeKind::Vector { scalable: true, .. }
        ))
    }

    /// `[len x elem]`.
    pub fn array(&mut self, elem: TypeId, len: u64) -> Result<TypeId, TypeError> {
        if !self.aggregate_element(elem)? {
            return Err(self.bad("array element type", elem));
        }
        Ok(self.intern(TypeKind::Array { elem, len }))
    }

    fn check_fields(&self, fields: &[TypeId]) -> Result<(), TypeError> {
        for &f in fields {
            // Structs may hold scalable vectors (LLVM 19 allows them in
            // literal and identified structs alike), nothing else arrays
            // refuse.
            let scalable = matches!(self.kind(f)?, TypeKind::Vector { scalable: true, .. });
            if !scalable && !self.aggregate_element(f)? {
                return Err(self.bad("struct element type", f));
            }
        }
        Ok(())
    }

    /// A literal struct `{ fields }` (`<{ fields }>` if packed).
    pub fn literal_struct(&mut self, fields: &[TypeId], packed: bool) -> Result<TypeId, TypeError> {
        self.check_fields(fields)?;
        Ok(self.intern(TypeKind::Struct { fields: fields.into(), packed }))
    }

    /// A new identified struct named `name` (`%name`), opaque until
    /// [`set_body`](Self::set_body).
    /// An empty name makes an unnamed identified struct (printed `%N`);
    /// there may be any number of those.
    pub fn named_struct(&mut self, name: impl AsRef<[u8]>) -> Result<TypeId, TypeError> {
        let name = name.as_ref();
        if !name.is_empty() && self.named_by_name(name).is_some() {
            return Err(TypeError::NameTaken(String::from_utf8_lossy(name).into_owned()));
        }
        let index = self.named.len() as u32;
        self.named.push(NamedStruct { name: name.into(), body: None });
        let h = hash_of(&self.hasher, name);
        let Types { named, names, hasher, .. } = self;
        names.insert_unique(h, index, |&i| hash_of(hasher, named[i as usize].name.as_bytes()));
        Ok(self.intern(TypeKind::Named(index)))
    }

    fn named_by_name(&self, name: &[u8]) -> Option<u32> {
        let h = hash_of(&self.hasher, name);
        self.names.find(h, |&i| self.named[i as usize].name == name).copied()
    }

    /// The identified struct named `name`.
    pub fn find_named(&self, name: impl AsRef<[u8]>) -> Option<TypeId> {
        let index = self.named_by_name(name.as_ref())?;
        let kind = TypeKind::Named(index);
        self.kinds.find(&kind, |k| *k == kind).map(TypeId)
    }

    /// Gives an opaque identified struct its body.
    pub fn set_body(
        &mut self,
        id: TypeId,
        fields: &[TypeId],
        packed: bool,
    ) -> Result<(), TypeError> {
        let TypeKind::Named(index) = *self.kind(id)? else {
            return Err(TypeError::NotOpaque);
        };
        if self.named[index as usize].body.is_some() {
            return Err(TypeError::NotOpaque);
        }
        self.check_fields(fields)?;
        self.named[index as usize].body = Some((fields.into(), packed));
        Ok(())
    }

    /// An identified struct's name, and its body (`None` while opaque).
    pub fn named_body(&self, id: TypeId) -> Option<(&[u8], Option<StructBody<'_>>)> {
        let TypeKind::Named(index) = *self.get(id)? else { return None };
        let n = &self.named[index as usize];
        Some((&n.name, n.body.as_ref().map(|(f, p)| StructBody { fields: f, packed: *p })))
    }

    /// A function type (LLVM's `FunctionType::isValidReturnType` and
    /// `isValidArgumentType`).
    pub fn function(
        &mut self,
        ret: TypeId,
        params: &[TypeId],
        vararg: bool,
    ) -> Result<TypeId, TypeError> {
        if matches!(
            self.kind(ret)?,
            TypeKind::Function { .. } | TypeKind::Label | TypeKind::Metadata
        ) {
            return Err(self.bad("function return type", ret));
        }
        for &p in params {
            if matches!(self.kind(p)?, TypeKind::Void | TypeKind::Function { .. }) {
                return Err(self.bad("function argument type", p));
            }
        }
        Ok(self.intern(TypeKind::Function { ret, params: params.into(), vararg }))
    }

    /// `target("name", types..., ints...)`.
    pub fn target_ext(
        &mut self,
        name: &str,
        types: &[TypeId],
        ints: &[u32],
    ) -> Result<TypeId, TypeError> {
        for &t in types {
            self.kind(t)?;
        }
        Ok(self.intern(TypeKind::TargetExt {
            name: name.into(),
            types: types.into(),
            ints: ints.into(),
        }))
    }

    /// `ty` as LLVM writes it (identified structs by name).
    pub fn display(&self, ty: TypeId) -> DisplayType<'_> {
        DisplayType { types: self, ty }
    }

    /// An identified struct's body as LLVM writes it after `%name = type `:
    /// `opaque`, `{ ... }` or `<{ ... }>`.
    pub fn display_body(&self, ty: TypeId) -> Option<DisplayBody<'_>> {
        self.named_body(ty).map(|_| DisplayBody { types: self, ty })
    }
}

/// Writes an LLVM identifier's name after its sigil (LLVM's
/// `PrintLLVMName`); see [`crate::name::write_name`].
pub fn write_name(f: &mut dyn fmt::Write, name: &[u8]) -> fmt::Result {
    crate::name::write_name(f, name)
}

/// A type printed as LLVM prints it; see [`Types::display`].
pub struct DisplayType<'a> {
    types: &'a Types,
    ty: TypeId,
}

fn write_list(f: &mut fmt::Formatter<'_>, t: &Types, list: &[TypeId]) -> fmt::Result {
    for (i, &x) in list.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}", t.display(x))?;
    }
    Ok(())
}

fn write_struct_body(
    f: &mut fmt::Formatter<'_>,
    t: &Types,
    fields: &[TypeId],
    packed: bool,
) -> fmt::Result {
    if packed {
        f.write_char('<')?;
    }
    if fields.is_empty() {
        f.write_str("{}")?;
    } else {
        f.write_str("{ ")?;
        write_list(f, t, fields)?;
        f.write_str(" }")?;
    }
    if packed {
        f.write_char('>')?;
    }
    Ok(())
}

use core::fmt::Write as _;

impl fmt::Display for DisplayType<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.types;
        let Some(kind) = t.get(self.ty) else { return f.write_str("<foreign type>") };
        match kind {
            TypeKind::Void => f.write_str("void"),
            TypeKind::Float(k) => f.write_str(k.keyword()),
            TypeKind::Label => f.write_str("label"),
            TypeKind::Metadata => f.write_str("metadata"),
            TypeKind::Token => f.write_str("token"),
            TypeKind::X86Amx => f.write_str("x86_amx"),
            TypeKind::X86Mmx => f.write_str("x86_mmx"),
            TypeKind::Int(n) => write!(f, "i{n}"),
            TypeKind::Ptr(0) => f.write_str("ptr"),
            TypeKind::Ptr(a) => write!(f, "ptr addrspace({a})"),
            TypeKind::Vector { elem, len, scalable } => {
                let v = if *scalable { "vscale x " } else { "" };
                write!(f, "<{v}{len} x {}>", t.display(*elem))
            }
            TypeKind::Array { elem, len } => write!(f, "[{len} x {}]", t.display(*elem)),
            TypeKind::Struct { fields, packed } => write_struct_body(f, t, fields, *packed),
            TypeKind::Named(i) => {
                f.write_char('%')?;
                write_name(f, &t.named[*i as usize].name)
            }
            TypeKind::Function { ret, params, vararg } => {
                write!(f, "{} (", t.display(*ret))?;
                write_list(f, t, params)?;
                if *vararg {
                    f.write_str(if params.is_empty() { "..." } else { ", ..." })?;
                }
                f.write_char(')')
            }
            TypeKind::TargetExt { name, types, ints } => {
                f.write_str("target(\"")?;
                for c in name.bytes() {
                    if c == b'\\' {
                        f.write_str("\\\\")?;
                    } else if (0x20..0x7f).contains(&c) && c != b'"' {
                        f.write_char(c as char)?;
                    } else {
                        write!(f, "\\{c:02X}")?;
                    }
                }
                f.write_char('"')?;
                for &x in types.iter() {
                    write!(f, ", {}", t.display(x))?;
                }
                for i in ints.iter() {
                    write!(f, ", {i}")?;
                }
                f.write_char(')')
            }
        }
    }
}

/// An identified struct's body as LLVM prints it; see
/// [`Types::display_body`].
pub struct DisplayBody<'a> {
    types: &'a Types,
    ty: TypeId,
}

impl fmt::Display for DisplayBody<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.types.named_body(self.ty) {
            Some((_, Some(b))) => write_struct_body(f, self.types, b.fields, b.packed),
            _ => f.write_str("opaque"),
        }
    }
}
