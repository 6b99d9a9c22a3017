//! The constant arena: every constant of a module, interned by content (as
//! LLVM uniques its constants), each with its type.
//!
//! The constructors canonicalize the way LLVM's `ConstantArray::get`,
//! `ConstantStruct::get` and `ConstantVector::get` do, so two spellings of one
//! constant are one [`ConstId`] and print the same way: an aggregate whose
//! elements are all `poison`, all `undef` or all zero *is* `poison`, `undef`
//! or `zeroinitializer`, one whose elements are all the same other constant
//! is a [`ConstKind::Splat`] (stored once, whatever the length: the model
//! never holds a constant per element of a type), and an `[N x i8]` array
//! of integers is a byte string (`c"..."`).
//!
//! ```
//! use llvmext_ir::constant::{ConstKind, Constants};
//! use llvmext_ir::types::Types;
//! let mut t = Types::new();
//! let mut c = Constants::new();
//! let i8t = t.int(8).unwrap();
//! let arr = t.array(i8t, 2).unwrap();
//! let a = c.int_u64(&t, i8t, 104).unwrap();
//! let b = c.int_u64(&t, i8t, 105).unwrap();
//! let s = c.array(&t, arr, &[a, b]).unwrap();
//! assert!(matches!(c.kind(s), Some(ConstKind::Bytes(b)) if &b[..] == b"hi"));
//! let z = c.int_u64(&t, i8t, 0).unwrap();
//! let zz = c.array(&t, arr, &[z, z]).unwrap();
//! assert_eq!(c.kind(zz), Some(&ConstKind::Zero));
//! let big = t.vector(i8t, 100_000_000, false).unwrap();
//! let s = c.splat(&t, big, a).unwrap(); // <100000000 x i8> splat (i8 104)
//! assert_eq!(c.kind(s), Some(&ConstKind::Splat(a)));
//! ```

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::hash::Hash;

pub use crate::id::ConstId;

use crate::id::{GlobalRef, TypeId};
use crate::interner::Interner;

use crate::float::FloatValue;
use crate::int::IntValue;

use crate::types::{TypeError, TypeKind, Types};

keyword_enum! {
    /// Opcodes of the constant expressions LLVM 19 still has, and of
    /// instructions (shared numbering is not implied).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum ExprOp {
        /// `add`.
        Add = b"add",
        /// `sub`.
        Sub = b"sub",
        /// `mul`.
        Mul = b"mul",
        /// `xor`.
        Xor = b"xor",
        /// `shl` (gone from LLVM 19's parser; kept for reading older bitcode).
        Shl = b"shl",
        /// `trunc`.
        Trunc = b"trunc",
        /// `ptrtoint`.
        PtrToInt = b"ptrtoint",
        /// `inttoptr`.
        IntToPtr = b"inttoptr",
        /// `bitcast`.
        BitCast = b"bitcast",
        /// `addrspacecast`.
        AddrSpaceCast = b"addrspacecast",
        /// `getelementptr`.
        GetElementPtr = b"getelementptr",
        /// `extractelement`.
        ExtractElement = b"extractelement",
        /// `insertelement`.
        InsertElement = b"insertelement",
        /// `shufflevector`.
        ShuffleVector = b"shufflevector",
    }
}

impl ExprOp {
    /// `trunc`, `ptrtoint`, `inttoptr`, `bitcast`, `addrspacecast`: written
    /// `op (value to type)`.
    pub fn is_cast(self) -> bool {
        matches!(
            self,
            ExprOp::Trunc
                | ExprOp::PtrToInt
                | ExprOp::IntToPtr
                | ExprOp::BitCast
                | ExprOp::AddrSpaceCast
        )
    }
}

/// Flags of a constant expression: `nuw`/`nsw` for `add`/`sub`/`mul`/`shl`,
/// GEP flags for `getelementptr`.
pub mod expr_flags {
    /// `nuw` (also GEP `nuw`).
    pub const NUW: u8 = 1;
    /// `nsw`.
    pub const NSW: u8 = 2;
    /// GEP `inbounds`.
    pub const INBOUNDS: u8 = 4;
    /// GEP `nusw` (implied by `inbounds`, printed only without it).
    pub const NUSW: u8 = 8;
}

/// What a constant is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConstKind {
    /// An integer (or `true`/`false` for `i1`).
    Int(IntValue),
    /// A float of any format, bit-exact.
    Float(FloatValue),
    /// `null` (pointers) or `none` (the `token` type) — a pointer null is
    /// also what `zeroinitializer` of a pointer is.
    Null,
    /// `none` (token).
    NoneToken,
    /// `undef`.
    Undef,
    /// `poison`.
    Poison,
    /// `zeroinitializer` of an aggregate, vector or target extension type.
    Zero,
    /// `[ ... ]` (not all-zero, not an `i8` data array).
    Array(Box<[ConstId]>),
    /// `c"..."`: an `[N x i8]` array of integers.
    Bytes(Box<[u8]>),
    /// `{ ... }` or `<{ ... }>`.
    Struct(Box<[ConstId]>),
    /// `< ... >`.
    Vector(Box<[ConstId]>),
    /// A fixed vector or an array of two or more elements, all this
    /// constant (never `poison`, `undef` or a null value: those make the
    /// whole aggregate [`Poison`](Self::Poison), [`Undef`](Self::Undef) or
    /// [`Zero`](Self::Zero)). `llvm-dis-19` prints it element by element
    /// (`<i32 1, i32 1>`, `[i32 1, i32 1]`, `c"\01\01"`); the parser
    /// makes it from `splat (...)` and from lists of equal elements.
    Splat(ConstId),
    /// A global value, `@name`.
    Global(GlobalRef),
    /// A constant expression.
    Expr {
        /// The operation.
        op: ExprOp,
        /// [`expr_flags`].
        flags: u8,
        /// The operands (for `getelementptr`: base, then indices).
        ops: Box<[ConstId]>,
        /// For `getelementptr`: the source element type.
        source_ty: Option<TypeId>,
        /// For `getelementptr`: `inrange(lo, hi)`.
        inrange: Option<(i64, i64)>,
    },
    /// `blockaddress(@f, %bb)`: function and block index.
    BlockAddress {
        /// The function.
        func: GlobalRef,
        /// The block's index in the function's layout.
        block: u32,
    },
    /// `dso_local_equivalent @f`.
    DsoLocalEquivalent(GlobalRef),
    /// `no_cfi @f`.
    NoCfi(GlobalRef),
    /// `ptrauth (ptr CST, i32 KEY[, i64 DISC[, ptr ADDRDISC]])`: a signed
    /// pointer (LLVM's `ConstantPtrAuth`). Its type is the type of `ptr`.
    /// All four operands are always held, as LLVM holds them: the parser
    /// fills in `i64 0` and `ptr null` (address space 0) for the ones left
    /// out, and the printer leaves out a zero discriminator and a null
    /// address discriminator from the end. Operand order (for bitcode and
    /// use lists) is `ptr`, `key`, `disc`, `addr_disc`; see
    /// [`ConstKind::ptr_auth_operands`].
    PtrAuth {
        /// The pointer being signed (a pointer constant).
        ptr: ConstId,
        /// The key (an `i32` integer).
        key: ConstId,
        /// The integer discriminator (an `i64` integer).
        disc: ConstId,
        /// The address discriminator (a pointer constant; `null` if none).
        addr_disc: ConstId,
    },
}

impl ConstKind {
    /// The operands of a [`PtrAuth`](Self::PtrAuth) in LLVM's operand
    /// order (`ptr`, `key`, `disc`, `addr_disc`); `None` for other kinds.
    pub fn ptr_auth_operands(&self) -> Option<[ConstId; 4]> {
        match *self {
            ConstKind::PtrAuth { ptr, key, disc, addr_disc } => Some([ptr, key, disc, addr_disc]),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Entry_ {
    ty: TypeId,
    kind: ConstKind,
}

/// The constant arena of a module.
#[derive(Debug, Clone, Default)]
pub struct Constants {
    items: Interner<Entry_>,
}

impl Constants {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of distinct constants.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Gives back the spare capacity of the arena (once the module is
    /// built or read).
    pub fn shrink_to_fit(&mut self) {
        self.items.shrink_to_fit();
    }

    /// No constants.
    pub fn is_empty(&self) -> bool {
        self.items.len() == 0
    }

    /// What `id` is.
    pub fn kind(&self, id: ConstId) -> Option<&ConstKind> {
        self.items.get(id.0).map(|e| &e.kind)
    }

    /// The type of `id`.
    pub fn ty(&self, id: ConstId) -> Option<TypeId> {
        self.items.get(id.0).map(|e| e.ty)
    }

    /// Interns `kind` of type `ty` as it is, with no canonicalization and no
    /// check. The typed constructors below are the checked way in.
    pub fn intern_raw(&mut self, ty: TypeId, kind: ConstKind) -> ConstId {
        ConstId(self.items.intern(Entry_ { ty, kind }))
    }

    /// An integer of type `ty` (an `iN`), truncated from `v`.
    pub fn int_u64(&mut self, types: &Types, ty: TypeId, v: u64) -> Result<ConstId, TypeError> {
        match types.get(ty) {
            Some(&TypeKind::Int(bits)) => {
                Ok(self.intern_raw(ty, ConstKind::Int(IntValue::from_u64(bits, v)?)))
            }
            _ => Err(types.bad("integer constant type", ty)),
        }
    }

    /// An integer of type `ty` from a value of the same width.
    pub fn int(&mut self, types: &Types, ty: TypeId, v: IntValue) -> Result<ConstId, TypeError> {
        match types.get(ty) {
            Some(&TypeKind::Int(bits)) if bits == v.bits() => {
                Ok(self.intern_raw(ty, ConstKind::Int(v)))
            }
            _ => Err(types.bad("integer constant type", ty)),
        }
    }

    /// A float of type `ty` (its format must match `v`'s).
    pub fn float(
        &mut self,
        types: &Types,
        ty: TypeId,
        v: FloatValue,
    ) -> Result<ConstId, TypeError> {
        match types.get(ty) {
            Some(&TypeKind::Float(k)) if k == v.kind() => {
                Ok(self.intern_raw(ty, ConstKind::Float(v)))
            }
            _ => Err(types.bad("float constant type", ty)),
        }
    }

    /// `undef` of `ty`.
    pub fn undef(&mut self, ty: TypeId) -> ConstId {
        self.intern_raw(ty, ConstKind::Undef)
    }

    /// `poison` of `ty`.
    pub fn poison(&mut self, ty: TypeId) -> ConstId {
        self.intern_raw(ty, ConstKind::Poison)
    }

    /// The zero value of `ty` as LLVM's `Constant::getNullValue` gives it:
    /// `0`, `0.0`, `null`, `none` or `zeroinitializer`.
    pub fn zero(&mut self, types: &Types, ty: TypeId) -> Result<ConstId, TypeError> {
        let kind = match types.get(ty) {
            Some(TypeKind::Int(bits)) => ConstKind::Int(IntValue::from_u64(*bits, 0)?),
            Some(TypeKind::Float(k)) => ConstKind::Float(FloatValue::zero(*k)),
            Some(TypeKind::Ptr(_)) => ConstKind::Null,
            Some(TypeKind::Token) => ConstKind::NoneToken,
            Some(
                TypeKind::Array { .. }
                | TypeKind::Struct { .. }
                | TypeKind::Named(_)
                | TypeKind::Vector { .. }
                | TypeKind::TargetExt { .. },
            ) => ConstKind::Zero,
            _ => return Err(types.bad("type of a zero constant", ty)),
        };
        Ok(self.intern_raw(ty, kind))
    }

    /// Whether `id` is LLVM's null value of its type (`isNullValue`): integer
    /// 0, float +0.0, `null`, `none`, `zeroinitializer`.
    pub fn is_null_value(&self, id: ConstId) -> bool {
        match self.kind(id) {
            Some(ConstKind::Int(v)) => v.limbs().iter().all(|&l| l == 0),
            Some(ConstKind::Float(f)) => f.is_pos_zero(),
            Some(ConstKind::Null | ConstKind::NoneToken | ConstKind::Zero) => true,
            _ => false,
        }
    }

    /// Canonical aggregate: all poison, all undef, all null (or empty);
    /// with `splat`, also all one other constant (two or more elements).
    fn uniform(&mut self, ty: TypeId, elems: &[ConstId], splat: bool) -> Option<ConstId> {
        let first = match elems.first() {
            None => return Some(self.intern_raw(ty, ConstKind::Zero)),
            Some(&f) => f,
        };
        if elems.iter().any(|&e| e != first) {
            return None;
        }
        self.uniform_of(ty, first, if splat { elems.len() as u64 } else { 1 })
    }

    /// `len` copies of `e` as `uniform` canonicalizes them, if they are
    /// uniform (`None` for a single non-null element).
    fn uniform_of(&mut self, ty: TypeId, e: ConstId, len: u64) -> Option<ConstId> {
        match self.kind(e) {
            _ if len == 0 => Some(self.intern_raw(ty, ConstKind::Zero)),
            Some(ConstKind::Poison) => Some(self.intern_raw(ty, ConstKind::Poison)),
            Some(ConstKind::Undef) => Some(self.intern_raw(ty, ConstKind::Undef)),
            _ if self.is_null_value(e) => Some(self.intern_raw(ty, ConstKind::Zero)),
            _ if len >= 2 => Some(self.intern_raw(ty, ConstKind::Splat(e))),
            _ => None,
        }
    }

    /// `splat (e)`: the fixed vector or array `ty` whose every element is
    /// `e`, canonicalized as the same list of elements would be (a single
    /// element is a one-element [`Vector`](ConstKind::Vector) or
    /// [`Array`](ConstKind::Array)). Takes constant space whatever the
    /// length.
    pub fn splat(&mut self, types: &Types, ty: TypeId, e: ConstId) -> Result<ConstId, TypeError> {
        let (elem, len, vector) = match types.get(ty) {
            Some(&TypeKind::Vector { elem, len, scalable: false }) => (elem, u64::from(len), true),
            Some(&TypeKind::Array { elem, len }) => (elem, len, false),
            _ => return Err(types.bad("splat constant type", ty)),
        };
        self.check_elems(types, &[e], |_| Some(elem))?;
        if let Some(c) = self.uniform_of(ty, e, len) {
            return Ok(c);
        }
        let one: Box<[ConstId]> = Box::new([e]);
        if vector {
            return Ok(self.intern_raw(ty, ConstKind::Vector(one)));
        }
        if types.get(elem) == Some(&TypeKind::Int(8)) {
            if let Some(ConstKind::Int(v)) = self.kind(e) {
                let b: Box<[u8]> = Box::new([v.limbs()[0] as u8]);
                return Ok(self.intern_raw(ty, ConstKind::Bytes(b)));
            }
        }
        Ok(self.intern_raw(ty, ConstKind::Array(one)))
    }

    /// The number of elements of array or vector constant `id`'s type, and
    /// the element its [`Splat`](ConstKind::Splat) repeats, if it is one.
    pub fn splat_parts(&self, types: &Types, id: ConstId) -> Option<(ConstId, u64)> {
        let Some(ConstKind::Splat(e)) = self.kind(id) else { return None };
        match types.get(self.ty(id)?) {
            Some(&TypeKind::Vector { len, .. }) => Some((*e, u64::from(len))),
            Some(&TypeKind::Array { len, .. }) => Some((*e, len)),
            _ => None,
        }
    }

    fn check_elems(
        &self,
        types: &Types,
        elems: &[ConstId],
        want: impl Fn(usize) -> Option<TypeId>,
    ) -> Result<(), TypeError> {
        for (i, &e) in elems.iter().enumerate() {
            let t = self.ty(e).ok_or(TypeError::ForeignId)?;
            if Some(t) != want(i) {
                return Err(types.bad("aggregate element type", t));
            }
        }
        Ok(())
    }

    /// `[ ... ]` of array type `ty`, canonicalized as `ConstantArray::get`.
    pub fn array(
        &mut self,
        types: &Types,
        ty: TypeId,
        elems: &[ConstId],
    ) -> Result<ConstId, TypeError> {
        let (elem, len) = match types.get(ty) {
            Some(&TypeKind::Array { elem, len }) => (elem, len),
            _ => return Err(types.bad("array constant type", ty)),
        };
        if len != elems.len() as u64 {
            return Err(types.bad("array constant length", ty));
        }
        self.check_elems(types, elems, |_| Some(elem))?;
        if let Some(c) = self.uniform(ty, elems, true) {
            return Ok(c);
        }
        if types.get(elem) == Some(&TypeKind::Int(8)) {
            let mut bytes = Vec::with_capacity(elems.len());
            for &e in elems {
                match self.kind(e) {
                    Some(ConstKind::Int(v)) => bytes.push(v.limbs()[0] as u8),
                    _ => break,
                }
            }
            if bytes.len() == elems.len() {
                return Ok(self.intern_raw(ty, ConstKind::Bytes(bytes.into())));
            }
        }
        Ok(self.intern_raw(ty, ConstKind::Array(elems.into())))
    }

    /// `c"..."`: an `[N x i8]` constant from bytes (`ty` must be
    /// `[len x i8]`), canonicalized (all zero bytes is `zeroinitializer`).
    pub fn bytes(&mut self, types: &Types, ty: TypeId, bytes: &[u8]) -> Result<ConstId, TypeError> {
        match types.get(ty) {
            Some(&TypeKind::Array { elem, len })
                if len == bytes.len() as u64 && types.get(elem) == Some(&TypeKind::Int(8)) => {}
            _ => return Err(types.bad("string constant type", ty)),
        }
        if bytes.iter().all(|&b| b == 0) {
            return Ok(self.intern_raw(ty, ConstKind::Zero));
        }
        if bytes.len() >= 2 && bytes.iter().all(|&b| b == bytes[0]) {
            let Some(&TypeKind::Array { elem, .. }) = types.get(ty) else {
                return Err(types.bad("string constant type", ty));
            };
            let e = self.int_u64(types, elem, u64::from(bytes[0]))?;
            return Ok(self.intern_raw(ty, ConstKind::Splat(e)));
        }
        Ok(self.intern_raw(ty, ConstKind::Bytes(bytes.into())))
    }

    /// `{ ... }` of struct type `ty` (literal or identified).
    pub fn structure(
        &mut self,
        types: &Types,
        ty: TypeId,
        elems: &[ConstId],
    ) -> Result<ConstId, TypeError> {
        let fields: Vec<TypeId> = match types.get(ty) {
            Some(TypeKind::Struct { fields, .. }) => fields.to_vec(),
            Some(TypeKind::Named(_)) => match types.named_body(ty) {
                Some((_, Some(body))) => body.fields.to_vec(),
                _ => return Err(types.bad("struct constant of an opaque type", ty)),
            },
            _ => return Err(types.bad("struct constant type", ty)),
        };
        if fields.len() != elems.len() {
            return Err(types.bad("struct constant field count", ty));
        }
        self.check_elems(types, elems, |i| fields.get(i).copied())?;
        if let Some(c) = self.uniform(ty, elems, false) {
            return Ok(c);
        }
        Ok(self.intern_raw(ty, ConstKind::Struct(elems.into())))
    }

    /// `< ... >` of fixed vector type `ty`.
    pub fn vector(
        &mut self,
        types: &Types,
        ty: TypeId,
        elems: &[ConstId],
    ) -> Result<ConstId, TypeError> {
        let elem = match types.get(ty) {
            Some(&TypeKind::Vector { elem, len, scalable: false })
                if len as usize == elems.len() =>
            {
                elem
            }
            _ => return Err(types.bad("vector constant type", ty)),
        };
        self.check_elems(types, elems, |_| Some(elem))?;
        if let Some(c) = self.uniform(ty, elems, true) {
            return Ok(c);
        }
        Ok(self.intern_raw(ty, ConstKind::Vector(elems.into())))
    }

    /// A global value as a constant of its pointer type `ptr_ty`.
    pub fn global(&mut self, ptr_ty: TypeId, g: GlobalRef) -> ConstId {
        self.intern_raw(ptr_ty, ConstKind::Global(g))
    }

    /// `ptrauth (ptr, i32 key, i64 disc, ptr addr_disc)`, checked as
    /// LLVM's verifier checks it: `ptr` and `addr_disc` pointers, `key` an
    /// `i32` integer and `disc` an `i64` integer. The type is `ptr`'s.
    ///
    /// ```
    /// use llvmext_ir::constant::Constants;
    /// use llvmext_ir::types::Types;
    /// let mut t = Types::new();
    /// let mut c = Constants::new();
    /// let p = t.ptr(0).unwrap();
    /// let (i32t, i64t) = (t.int(32).unwrap(), t.int(64).unwrap());
    /// let null = c.zero(&t, p).unwrap();
    /// let key = c.int_u64(&t, i32t, 2).unwrap();
    /// let disc = c.int_u64(&t, i64t, 0).unwrap();
    /// let s = c.ptr_auth(&t, null, key, disc, null).unwrap();
    /// assert_eq!(c.ty(s), Some(p));
    /// assert!(c.ptr_auth(&t, key, key, disc, null).is_err());
    /// ```
    pub fn ptr_auth(
        &mut self,
        types: &Types,
        ptr: ConstId,
        key: ConstId,
        disc: ConstId,
        addr_disc: ConstId,
    ) -> Result<ConstId, TypeError> {
        let ty_of = |c: ConstId| self.ty(c).ok_or(TypeError::ForeignId);
        let (ty, key_ty, disc_ty, addr_ty) =
            (ty_of(ptr)?, ty_of(key)?, ty_of(disc)?, ty_of(addr_disc)?);
        let is_ptr = |t: TypeId| matches!(types.get(t), Some(TypeKind::Ptr(_)));
        let is_int = |c: ConstId, t: TypeId, bits: u32| {
            matches!(types.get(t), Some(&TypeKind::Int(b)) if b == bits)
                && matches!(self.kind(c), Some(ConstKind::Int(_)))
        };
        if !is_ptr(ty) {
            return Err(types.bad("ptrauth pointer", ty));
        }
        if !is_int(key, key_ty, 32) {
            return Err(types.bad("ptrauth key (an i32 integer)", key_ty));
        }
        if !is_int(disc, disc_ty, 64) {
            return Err(types.bad("ptrauth discriminator (an i64 integer)", disc_ty));
        }
        if !is_ptr(addr_ty) {
            return Err(types.bad("ptrauth address discriminator", addr_ty));
        }
        Ok(self.intern_raw(ty, ConstKind::PtrAuth { ptr, key, disc, addr_disc }))
    }

    /// Replaces constant `id` by `kind` of type `ty` in place (for filling in
    /// forward references such as `blockaddress` to a later block). The
    /// entry is re-hashed; an equal constant already present stays apart.
    /// Returns `false` for an unknown id.
    pub fn replace_kind(&mut self, id: ConstId, ty: TypeId, kind: ConstKind) -> bool {
        self.items.replace(id.0, Entry_ { ty, kind })
    }

    /// Iterates over `(id, type, kind)` in creation order.
    pub fn iter(&self) -> impl Iterator<Item = (ConstId, TypeId, &ConstKind)> + '_ {
        self.items.iter().enumerate().map(|(i, e)| (ConstId(i as u32), e.ty, &e.kind))
    }
}
