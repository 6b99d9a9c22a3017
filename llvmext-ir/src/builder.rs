//! A type-checked builder over the module model, in the style of Zig's
//! bitcode `Builder`, `wasm-encoder` and inkwell: types, constants,
//! globals, functions, blocks and every instruction kind of
//! [`inst`](crate::inst), each checked when it is built. A wrong operand
//! type is a [`BuildError`] value — with its [`ErrorKind`], the opcode, the
//! operand index and the types — never a panic, and never a module the
//! verifier would refuse later.
//!
//! The [`FunctionBuilder`] hands out [`ValueRef`]s and [`BlockRef`]s that
//! remember their function: using one in another function is an
//! [`ErrorKind::ForeignValue`] / [`ErrorKind::ForeignBlock`] error, not a
//! silently different value. The instruction rules live in
//! [`typecheck`](crate::typecheck), which the parser and the
//! [`verify`](crate::verify) module use too.
//!
//! ```
//! use llvmext_ir::prelude::*;
//!
//! let mut m = Module::named("max");
//! let mut b = Builder::new(&mut m);
//! let i32t = b.int(32)?;
//! let fty = b.fn_type(i32t, &[i32t, i32t])?;
//! let f = b.define_function("max", fty)?;
//! let mut fb = b.func(f)?;
//! let entry = fb.block("entry");
//! fb.position_at_end(entry);
//! let (x, y) = (fb.arg(0)?, fb.arg(1)?);
//! let gt = fb.icmp(IntPred::Sgt, x, y, "gt")?;
//! let r = fb.select(gt, x, y, "r")?;
//! // Type errors are values (and add nothing):
//! let one = fb.const_int(i32t, 1)?;
//! assert_eq!(fb.fadd(one, one, "").unwrap_err().kind, ErrorKind::OperandType);
//! assert_eq!(fb.br_cond(x, entry, entry).unwrap_err().to_string(),
//!            "br: operand 0: Branch condition is not 'i1' type! (type i32)");
//! fb.ret(Some(r))?;
//! assert_eq!(fb.ret(Some(r)).unwrap_err().kind, ErrorKind::Placement);
//! drop(fb);
//! assert!(llvmext_ir::verify::verify(&m).is_ok());
//! # Ok::<(), BuildError>(())
//! ```

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::attr::{Attr, AttrKind, AttrList};
use crate::constant::ConstKind;
use crate::float::FloatValue;
use crate::id::{AttrListId, BlockId, ComdatId, ConstId, GlobalRef, InstId, MdId, TypeId, Value};
use crate::inst::{
    flags, BinOp, CallConv, CallData, CastOp, Clause, FloatPred, Inst, InstKind, IntPred, Ordering,
    RmwOp, SyncScope, TailKind,
};
use crate::int::IntValue;
use crate::metadata::MdNode;
use crate::module::{
    Arg, Block, Comdat, ComdatKind, DllStorage, Function, GlobalCommon, GlobalVar, Linkage, Module,
    NamedMd, ThreadLocal, UnnamedAddr, Visibility,
};
use crate::typecheck::{
    check_common, check_global_var, check_inst, fn_sig, gep_vector, global_addrspace,
    indexed_aggregate, operand_type, Ty,
};
pub use crate::typecheck::{CheckError as BuildError, ErrorKind};
use crate::types::{FloatKind, TypeKind, Types};

type R<T> = Result<T, BuildError>;

fn err<T>(kind: ErrorKind, msg: &str) -> R<T> {
    Err(BuildError::new(kind, msg))
}

/// A [`ErrorKind::NoSuchId`] error.
fn missing(msg: &str) -> BuildError {
    BuildError::new(ErrorKind::NoSuchId, msg)
}

fn name_of(name: &str) -> crate::module::Name {
    if name.is_empty() {
        None
    } else {
        Some(name.into())
    }
}

// ---------------------------------------------------------------------------
// Handles
// ---------------------------------------------------------------------------

/// The scope of module-level values (constants, globals, metadata).
const MODULE: u32 = u32::MAX;

/// A value as the builder hands it out: a plain [`Value`] and the function
/// it belongs to (none for constants and globals). A [`FunctionBuilder`]
/// refuses a value of another function with [`ErrorKind::ForeignValue`].
///
/// Constants convert into it ([`From<ConstId>`](#impl-From%3CConstId%3E-for-ValueRef));
/// a plain value of the function being built becomes one through
/// [`FunctionBuilder::value`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ValueRef {
    func: u32,
    value: Value,
}

impl ValueRef {
    /// The plain value (an index into the module or the function).
    pub fn value(self) -> Value {
        self.value
    }
    /// The function the value belongs to (`None`: a constant, usable
    /// anywhere).
    pub fn function(self) -> Option<GlobalRef> {
        (self.func != MODULE).then_some(GlobalRef::Func(self.func))
    }
    /// The constant, if the value is one.
    pub fn as_const(self) -> Option<ConstId> {
        match self.value {
            Value::Const(c) => Some(c),
            _ => None,
        }
    }
}

impl From<ConstId> for ValueRef {
    fn from(c: ConstId) -> Self {
        ValueRef { func: MODULE, value: Value::Const(c) }
    }
}

/// A basic block as the builder hands it out: its [`BlockId`] and its
/// function. A [`FunctionBuilder`] refuses a block of another function
/// with [`ErrorKind::ForeignBlock`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlockRef {
    func: u32,
    id: BlockId,
}

impl BlockRef {
    /// The plain block id (an index into the function's blocks).
    pub fn id(self) -> BlockId {
        self.id
    }
    /// The function the block belongs to.
    pub fn function(self) -> GlobalRef {
        GlobalRef::Func(self.func)
    }
}

/// Whether a function type takes variable arguments (`...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum VarArg {
    /// A fixed parameter list.
    #[default]
    No,
    /// `...` after the parameters.
    Yes,
}

/// The flags of a `getelementptr`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct GepFlags(u8);

impl GepFlags {
    /// No flags.
    pub const NONE: GepFlags = GepFlags(0);
    /// `inbounds`.
    pub const INBOUNDS: GepFlags = GepFlags(flags::INBOUNDS);
    /// `nusw`.
    pub const NUSW: GepFlags = GepFlags(flags::NUSW);
    /// `nuw`.
    pub const NUW: GepFlags = GepFlags(flags::NUW);
    /// The raw bits ([`flags`]).
    pub fn bits(self) -> u8 {
        self.0
    }
}

impl core::ops::BitOr for GepFlags {
    type Output = GepFlags;
    fn bitor(self, o: GepFlags) -> GepFlags {
        GepFlags(self.0 | o.0)
    }
}

// ---------------------------------------------------------------------------
// The module builder
// ---------------------------------------------------------------------------

/// Builds into a [`Module`]: types, constants, globals, functions and
/// metadata. Instructions go through a [`FunctionBuilder`] from
/// [`func`](Self::func).
pub struct Builder<'m> {
    /// The module being built (everything the builder makes is plain data
    /// in it; reading and adjusting fields directly is fine).
    pub m: &'m mut Module,
}

impl<'m> Builder<'m> {
    /// A builder adding to `m`.
    pub fn new(m: &'m mut Module) -> Self {
        Builder { m }
    }

    // ----- types -----

    /// `void`.
    pub fn void(&self) -> TypeId {
        self.m.types.void()
    }
    /// `iN`.
    pub fn int(&mut self, bits: u32) -> R<TypeId> {
        Ok(self.m.types.int(bits)?)
    }
    /// A float format.
    pub fn float(&mut self, kind: FloatKind) -> TypeId {
        self.m.types.float(kind)
    }
    /// `ptr addrspace(N)`.
    pub fn ptr(&mut self, addrspace: u32) -> R<TypeId> {
        Ok(self.m.types.ptr(addrspace)?)
    }
    /// `<len x elem>`.
    pub fn vector(&mut self, elem: TypeId, len: u32) -> R<TypeId> {
        Ok(self.m.types.vector(elem, len, false)?)
    }
    /// `<vscale x len x elem>`.
    pub fn scalable_vector(&mut self, elem: TypeId, len: u32) -> R<TypeId> {
        Ok(self.m.types.vector(elem, len, true)?)
    }
    /// `[len x elem]`.
    pub fn array(&mut self, elem: TypeId, len: u64) -> R<TypeId> {
        Ok(self.m.types.array(elem, len)?)
    }
    /// A literal struct `{ fields }`.
    pub fn struct_type(&mut self, fields: &[TypeId]) -> R<TypeId> {
        Ok(self.m.types.literal_struct(fields, false)?)
    }
    /// A packed literal struct `<{ fields }>`.
    pub fn packed_struct_type(&mut self, fields: &[TypeId]) -> R<TypeId> {
        Ok(self.m.types.literal_struct(fields, true)?)
    }
    /// An identified struct `%name = type { fields }`.
    pub fn named_struct(&mut self, name: &str, fields: &[TypeId]) -> R<TypeId> {
        let t = self.m.types.named_struct(name)?;
        self.m.types.set_body(t, fields, false)?;
        Ok(t)
    }
    /// An identified struct with no body: `%name = type opaque` (give it
    /// one later through [`Types::set_body`]).
    pub fn opaque_struct(&mut self, name: &str) -> R<TypeId> {
        Ok(self.m.types.named_struct(name)?)
    }
    /// A function type `ret (params)`.
    pub fn fn_type(&mut self, ret: TypeId, params: &[TypeId]) -> R<TypeId> {
        Ok(self.m.types.function(ret, params, false)?)
    }
    /// A variadic function type `ret (params, ...)`.
    pub fn fn_type_vararg(&mut self, ret: TypeId, params: &[TypeId]) -> R<TypeId> {
        Ok(self.m.types.function(ret, params, true)?)
    }
    /// A function type, variadic or not as `vararg` says.
    pub fn fn_type_with(&mut self, ret: TypeId, params: &[TypeId], vararg: VarArg) -> R<TypeId> {
        Ok(self.m.types.function(ret, params, vararg == VarArg::Yes)?)
    }

    // ----- constants -----

    /// An integer constant of `iN` type `ty` (sign-extended or truncated
    /// from `v`).
    pub fn const_int(&mut self, ty: TypeId, v: i64) -> R<ConstId> {
        let Some(bits) = Ty(&self.m.types).int_bits(ty) else {
            return Err(BuildError::new(ErrorKind::Type, "integer constant of a non-integer type")
                .with_types(&self.m.types, &[ty]));
        };
        Ok(self.m.consts.int(&self.m.types, ty, IntValue::from_i64(bits, v)?)?)
    }
    /// A float constant of `float` or `double` type `ty` (rounded from `v`
    /// for `float`).
    pub fn const_float(&mut self, ty: TypeId, v: f64) -> R<ConstId> {
        let fv = match self.m.types.get(ty) {
            Some(TypeKind::Float(FloatKind::Double)) => FloatValue::Double(v.to_bits()),
            Some(TypeKind::Float(FloatKind::Float)) => FloatValue::Float((v as f32).to_bits()),
            _ => {
                return Err(BuildError::new(
                    ErrorKind::Type,
                    "const_float needs a float or double type (use const_float_bits)",
                )
                .with_types(&self.m.types, &[ty]))
            }
        };
        Ok(self.m.consts.float(&self.m.types, ty, fv)?)
    }
    /// A float constant of any format, bit-exact.
    pub fn const_float_bits(&mut self, ty: TypeId, v: FloatValue) -> R<ConstId> {
        Ok(self.m.consts.float(&self.m.types, ty, v)?)
    }
    /// The zero value of `ty` (`0`, `0.0`, `null`, `none`, `zeroinitializer`).
    pub fn const_zero(&mut self, ty: TypeId) -> R<ConstId> {
        Ok(self.m.consts.zero(&self.m.types, ty)?)
    }
    /// `undef` of `ty`.
    pub fn const_undef(&mut self, ty: TypeId) -> R<ConstId> {
        first_class_const(&self.m.types, ty)?;
        Ok(self.m.consts.undef(ty))
    }
    /// `poison` of `ty`.
    pub fn const_poison(&mut self, ty: TypeId) -> R<ConstId> {
        first_class_const(&self.m.types, ty)?;
        Ok(self.m.consts.poison(ty))
    }
    /// An array constant.
    pub fn const_array(&mut self, ty: TypeId, elems: &[ConstId]) -> R<ConstId> {
        Ok(self.m.consts.array(&self.m.types, ty, elems)?)
    }
    /// A struct constant.
    pub fn const_struct(&mut self, ty: TypeId, elems: &[ConstId]) -> R<ConstId> {
        Ok(self.m.consts.structure(&self.m.types, ty, elems)?)
    }
    /// A vector constant.
    pub fn const_vector(&mut self, ty: TypeId, elems: &[ConstId]) -> R<ConstId> {
        Ok(self.m.consts.vector(&self.m.types, ty, elems)?)
    }
    /// `c"..."` of type `[len x i8]`.
    pub fn const_bytes(&mut self, bytes: &[u8]) -> R<ConstId> {
        let i8t = self.m.types.int(8)?;
        let at = self.m.types.array(i8t, bytes.len() as u64)?;
        Ok(self.m.consts.bytes(&self.m.types, at, bytes)?)
    }
    /// `ptrauth (ptr, i32 key, i64 disc, ptr addr_disc)`: `ptr` signed with
    /// `key` and the integer discriminator `disc`; `addr_disc` is the
    /// address discriminator, `ptr null` (address space 0) when `None`, as
    /// the `.ll` parser fills it in.
    pub fn const_ptr_auth(
        &mut self,
        ptr: ConstId,
        key: u32,
        disc: u64,
        addr_disc: Option<ConstId>,
    ) -> R<ConstId> {
        let i32t = self.m.types.int(32)?;
        let i64t = self.m.types.int(64)?;
        let k = self.m.consts.int_u64(&self.m.types, i32t, u64::from(key))?;
        let d = self.m.consts.int_u64(&self.m.types, i64t, disc)?;
        let a = match addr_disc {
            Some(a) => a,
            None => {
                let p0 = self.m.types.ptr(0)?;
                self.m.consts.zero(&self.m.types, p0)?
            }
        };
        Ok(self.m.consts.ptr_auth(&self.m.types, ptr, k, d, a)?)
    }
    /// A global value as a constant (its pointer).
    pub fn global_ref(&mut self, g: GlobalRef) -> R<ConstId> {
        let a = global_addrspace(self.m, g)
            .ok_or_else(|| missing("global value that does not exist"))?;
        let p = self.m.types.ptr(a)?;
        Ok(self.m.consts.global(p, g))
    }

    // ----- globals -----

    /// A global variable `@name` of value type `ty`: set its initializer,
    /// linkage, visibility... on the [`GlobalBuilder`], then
    /// [`finish`](GlobalBuilder::finish) it.
    ///
    /// ```
    /// use llvmext_ir::prelude::*;
    /// let mut m = Module::new();
    /// let mut b = Builder::new(&mut m);
    /// let i32t = b.int(32)?;
    /// let seven = b.const_int(i32t, 7)?;
    /// let cd = b.comdat("counter", ComdatKind::Any);
    /// b.global("counter", i32t)
    ///     .init(seven)
    ///     .linkage(Linkage::LinkOnceOdr)
    ///     .visibility(Visibility::Hidden)
    ///     .comdat(cd)
    ///     .align(4)
    ///     .finish()?;
    /// assert!(m.to_string().contains(
    ///     "@counter = linkonce_odr hidden global i32 7, comdat, align 4"));
    /// # Ok::<(), BuildError>(())
    /// ```
    pub fn global(&mut self, name: &str, ty: TypeId) -> GlobalBuilder<'_, 'm> {
        let g = GlobalVar {
            common: GlobalCommon { name: name_of(name), ..GlobalCommon::default() },
            ..GlobalVar::new(ty)
        };
        GlobalBuilder { b: self, g }
    }

    /// A global variable of value type `ty` with every other field at its
    /// default, for [`add_global`](Self::add_global) (prefer
    /// [`global`](Self::global)).
    pub fn global_template(&self, name: &str, ty: TypeId) -> GlobalVar {
        GlobalVar {
            common: GlobalCommon { name: name_of(name), ..GlobalCommon::default() },
            ..GlobalVar::new(ty)
        }
    }

    /// Adds a global variable after checking it (initializer type, linkage
    /// rules, alignment).
    pub fn add_global(&mut self, g: GlobalVar) -> R<GlobalRef> {
        check_global_var(self.m, &g)?;
        self.m.globals.push(g);
        Ok(GlobalRef::Var(self.m.globals.len() as u32 - 1))
    }

    /// A string constant as a global, as inkwell's
    /// `build_global_string_ptr` and clang make it:
    /// `@name = private unnamed_addr constant [N x i8] c"...\00", align 1`
    /// (`bytes` with a terminating NUL added). Returns the global; its
    /// pointer is [`global_ref`](Self::global_ref) /
    /// [`FunctionBuilder::global`].
    pub fn global_string(&mut self, name: &str, bytes: &[u8]) -> R<GlobalRef> {
        let mut z = Vec::with_capacity(bytes.len() + 1);
        z.extend_from_slice(bytes);
        z.push(0);
        let init = self.const_bytes(&z)?;
        let ty = self.m.consts.ty(init).ok_or_else(|| missing("constant that does not exist"))?;
        self.global(name, ty)
            .init(init)
            .constant()
            .linkage(Linkage::Private)
            .unnamed_addr(UnnamedAddr::Global)
            .align(1)
            .finish()
    }

    /// `$name = comdat kind` (the comdat of that name if it exists).
    pub fn comdat(&mut self, name: &str, kind: ComdatKind) -> ComdatId {
        if let Some(i) = self.m.comdats.iter().position(|c| c.name.as_bytes() == name.as_bytes()) {
            return ComdatId(i as u32);
        }
        self.m.comdats.push(Comdat { name: name.into(), kind });
        ComdatId(self.m.comdats.len() as u32 - 1)
    }

    /// A function of type `fn_ty` (a declaration until it gets a block).
    pub fn declare_function(&mut self, name: &str, fn_ty: TypeId) -> R<GlobalRef> {
        let n = fn_sig(&self.m.types, fn_ty)
            .ok_or_else(|| {
                BuildError::new(ErrorKind::Type, "function type expected")
                    .with_types(&self.m.types, &[fn_ty])
            })?
            .1
            .len();
        self.m.functions.push(Function {
            common: GlobalCommon { name: name_of(name), ..GlobalCommon::default() },
            args: alloc::vec![Arg::default(); n],
            ..Function::new(fn_ty)
        });
        Ok(GlobalRef::Func(self.m.functions.len() as u32 - 1))
    }

    /// A function to be defined: the same as
    /// [`declare_function`](Self::declare_function); it becomes a
    /// definition with its first block.
    pub fn define_function(&mut self, name: &str, fn_ty: TypeId) -> R<GlobalRef> {
        self.declare_function(name, fn_ty)
    }

    /// The function `f` for adjusting fields (calling convention, section,
    /// garbage collector...).
    pub fn function_mut(&mut self, f: GlobalRef) -> R<&mut Function> {
        match f {
            GlobalRef::Func(i) => {
                self.m.functions.get_mut(i as usize).ok_or_else(|| missing("no such function"))
            }
            _ => err(ErrorKind::ValueKind, "not a function"),
        }
    }

    /// The common properties of global value `g`.
    fn common_mut(&mut self, g: GlobalRef) -> R<&mut GlobalCommon> {
        let m = &mut *self.m;
        let c = match g {
            GlobalRef::Var(i) => m.globals.get_mut(i as usize).map(|x| &mut x.common),
            GlobalRef::Func(i) => m.functions.get_mut(i as usize).map(|x| &mut x.common),
            GlobalRef::Alias(i) => m.aliases.get_mut(i as usize).map(|x| &mut x.common),
            GlobalRef::IFunc(i) => m.ifuncs.get_mut(i as usize).map(|x| &mut x.common),
        };
        c.ok_or_else(|| missing("global value that does not exist"))
    }

    /// Changes a property of global value `g` and re-checks it; on an
    /// error nothing changes.
    fn set_checked(&mut self, g: GlobalRef, set: impl FnOnce(&mut Module)) -> R<()> {
        self.common_mut(g)?;
        let saved = match g {
            GlobalRef::Var(i) => Saved::Var(self.m.globals[i as usize].clone()),
            GlobalRef::Func(i) => {
                let f = &self.m.functions[i as usize];
                Saved::Func(f.common.clone(), f.comdat, f.section.clone())
            }
            _ => Saved::Common(self.common_mut(g)?.clone()),
        };
        set(self.m);
        let r = match g {
            GlobalRef::Var(i) => check_global_var(self.m, &self.m.globals[i as usize]),
            GlobalRef::Func(i) => {
                let f = &self.m.functions[i as usize];
                check_common(&f.common).and_then(|()| match f.comdat {
                    Some(c) if c.0 as usize >= self.m.comdats.len() => {
                        Err(missing("comdat that does not exist"))
                    }
                    _ => Ok(()),
                })
            }
            _ => check_common(self.common_mut(g)?),
        };
        if r.is_err() {
            match (g, saved) {
                (GlobalRef::Var(i), Saved::Var(v)) => self.m.globals[i as usize] = v,
                (GlobalRef::Func(i), Saved::Func(c, cd, s)) => {
                    let f = &mut self.m.functions[i as usize];
                    (f.common, f.comdat, f.section) = (c, cd, s);
                }
                (_, Saved::Common(c)) => *self.common_mut(g)? = c,
                _ => {}
            }
        }
        r
    }

    /// Sets the linkage of global value `g` (checked: a declaration can only
    /// be `external`/`extern_weak`, local linkage needs default
    /// visibility...).
    pub fn set_linkage(&mut self, g: GlobalRef, linkage: Linkage) -> R<()> {
        self.set_checked(g, |m| {
            if let Ok(c) = Builder::new(m).common_mut(g) {
                c.linkage = linkage;
            }
        })
    }

    /// Sets the visibility of global value `g` (checked).
    pub fn set_visibility(&mut self, g: GlobalRef, visibility: Visibility) -> R<()> {
        self.set_checked(g, |m| {
            if let Ok(c) = Builder::new(m).common_mut(g) {
                c.visibility = visibility;
            }
        })
    }

    /// Sets the DLL storage class of global value `g` (checked).
    pub fn set_dll_storage(&mut self, g: GlobalRef, dll: DllStorage) -> R<()> {
        self.set_checked(g, |m| {
            if let Ok(c) = Builder::new(m).common_mut(g) {
                c.dll = dll;
            }
        })
    }

    /// Sets `unnamed_addr`/`local_unnamed_addr` of global value `g`.
    pub fn set_unnamed_addr(&mut self, g: GlobalRef, u: UnnamedAddr) -> R<()> {
        self.set_checked(g, |m| {
            if let Ok(c) = Builder::new(m).common_mut(g) {
                c.unnamed_addr = u;
            }
        })
    }

    /// Sets `dso_local` on global value `g` (checked: not with
    /// `dllimport`).
    pub fn set_dso_local(&mut self, g: GlobalRef, dso_local: bool) -> R<()> {
        self.set_checked(g, |m| {
            if let Ok(c) = Builder::new(m).common_mut(g) {
                c.dso_local = dso_local;
            }
        })
    }

    /// Puts global variable or function `g` in comdat `c` (checked: not a
    /// `common` global; the comdat must exist).
    pub fn set_comdat(&mut self, g: GlobalRef, c: ComdatId) -> R<()> {
        match g {
            GlobalRef::Var(_) | GlobalRef::Func(_) => {}
            _ => {
                return err(ErrorKind::Global, "only global variables and functions have a comdat")
            }
        }
        self.set_checked(g, |m| match g {
            GlobalRef::Var(i) => m.globals[i as usize].comdat = Some(c),
            GlobalRef::Func(i) => m.functions[i as usize].comdat = Some(c),
            _ => {}
        })
    }

    /// Puts global variable or function `g` in section `name`.
    pub fn set_section(&mut self, g: GlobalRef, name: &str) -> R<()> {
        match g {
            GlobalRef::Var(_) | GlobalRef::Func(_) => {}
            _ => {
                return err(ErrorKind::Global, "only global variables and functions have a section")
            }
        }
        self.set_checked(g, |m| match g {
            GlobalRef::Var(i) => m.globals[i as usize].section = Some(name.into()),
            GlobalRef::Func(i) => m.functions[i as usize].section = Some(name.into()),
            _ => {}
        })
    }

    /// Sets the calling convention of function `f`.
    pub fn set_call_conv(&mut self, f: GlobalRef, cc: CallConv) -> R<()> {
        self.function_mut(f)?.cc = cc;
        Ok(())
    }

    /// Sets the personality function of function `f` (for `invoke`,
    /// `landingpad` and the funclet pads).
    pub fn set_personality(&mut self, f: GlobalRef, personality: GlobalRef) -> R<()> {
        let c = self.global_ref(personality)?;
        self.function_mut(f)?.personality = Some(c);
        Ok(())
    }

    /// An attribute by keyword with no argument (`nounwind`, `noinline`...).
    pub fn attr(&self, keyword: &str) -> R<Attr> {
        AttrKind::from_keyword(keyword).map(Attr::Enum).ok_or_else(|| {
            BuildError::new(ErrorKind::Other, format!("unknown attribute '{keyword}'"))
        })
    }

    /// An attribute list: function, return and parameter attributes.
    pub fn attr_list(
        &mut self,
        func: Vec<Attr>,
        ret: Vec<Attr>,
        params: Vec<Vec<Attr>>,
    ) -> AttrListId {
        let func = self.m.attrs.set(func);
        let ret = self.m.attrs.set(ret);
        let params: Vec<_> = params.into_iter().map(|p| self.m.attrs.set(p)).collect();
        self.m.attrs.list(AttrList { func, ret, params: params.into() })
    }

    /// Sets a function's attribute list (parameters checked against its
    /// type's parameter count).
    pub fn set_function_attrs(&mut self, f: GlobalRef, list: AttrListId) -> R<()> {
        let n = self.m.attrs.get_list(list).params.len();
        let fun = self.function_mut(f)?;
        if n > fun.args.len() {
            return err(ErrorKind::Global, "attributes for more parameters than the function has");
        }
        fun.attrs = list;
        Ok(())
    }

    /// Names argument `n` of `f`.
    pub fn set_arg_name(&mut self, f: GlobalRef, n: u32, name: &str) -> R<()> {
        let fun = self.function_mut(f)?;
        let a = fun.args.get_mut(n as usize).ok_or_else(|| missing("no such argument"))?;
        a.name = name_of(name);
        Ok(())
    }

    /// A builder for the body of function `f`.
    pub fn func(&mut self, f: GlobalRef) -> R<FunctionBuilder<'_>> {
        let GlobalRef::Func(i) = f else { return err(ErrorKind::ValueKind, "not a function") };
        if (i as usize) >= self.m.functions.len() {
            return Err(missing("no such function"));
        }
        Ok(FunctionBuilder { m: self.m, f: i as usize, cur: None })
    }

    // ----- metadata -----

    /// `!"s"`.
    pub fn md_string(&mut self, s: &[u8]) -> MdId {
        self.m.md.get_or_insert(MdNode::String(s.into()))
    }
    /// `!{...}` (`None`: `null`), uniqued.
    pub fn md_tuple(&mut self, ops: &[Option<MdId>]) -> R<MdId> {
        self.md_ops_ok(ops)?;
        Ok(self.m.md.get_or_insert(MdNode::Tuple(ops.into())))
    }
    /// `distinct !{...}`.
    pub fn md_distinct_tuple(&mut self, ops: &[Option<MdId>]) -> R<MdId> {
        self.md_ops_ok(ops)?;
        Ok(self.m.md.push_distinct(MdNode::Tuple(ops.into())))
    }
    fn md_ops_ok(&self, ops: &[Option<MdId>]) -> R<()> {
        if ops.iter().flatten().any(|&o| self.m.md.get(o).is_none()) {
            return Err(missing("metadata operand that does not exist"));
        }
        Ok(())
    }
    /// A constant as metadata (`i32 1`, `ptr @g`).
    pub fn md_const(&mut self, c: ConstId) -> R<MdId> {
        let ty = self.m.consts.ty(c).ok_or_else(|| missing("constant that does not exist"))?;
        Ok(self.m.md.get_or_insert(MdNode::Value(ty, Value::Const(c))))
    }
    /// Appends `ops` to named metadata `!name` (created if new).
    pub fn named_md(&mut self, name: &str, ops: &[MdId]) -> R<()> {
        if ops.iter().any(|&o| self.m.md.get(o).is_none()) {
            return Err(missing("metadata operand that does not exist"));
        }
        if let Some(n) = self.m.named_md.iter_mut().find(|n| n.name == name) {
            n.ops.extend_from_slice(ops);
        } else {
            self.m.named_md.push(NamedMd { name: name.into(), ops: ops.to_vec() });
        }
        Ok(())
    }
    /// Attaches `!kind md` to a global variable or function.
    pub fn attach_global(&mut self, g: GlobalRef, kind: &str, md: MdId) -> R<()> {
        if self.m.md.get(md).is_none() {
            return Err(missing("metadata that does not exist"));
        }
        let k = self.m.md.kind_id(kind);
        let list = match g {
            GlobalRef::Var(i) => {
                &mut self.m.globals.get_mut(i as usize).ok_or_else(|| missing("no such global"))?.md
            }
            GlobalRef::Func(i) => {
                &mut self
                    .m
                    .functions
                    .get_mut(i as usize)
                    .ok_or_else(|| missing("no such function"))?
                    .md
            }
            _ => {
                return err(
                    ErrorKind::ValueKind,
                    "metadata attaches to global variables and functions",
                )
            }
        };
        list.retain(|(kk, _)| *kk != k);
        list.push((k, md));
        Ok(())
    }
}

enum Saved {
    Var(GlobalVar),
    Func(GlobalCommon, Option<ComdatId>, Option<crate::name::ByteStr>),
    Common(GlobalCommon),
}

fn first_class_const(types: &Types, ty: TypeId) -> R<()> {
    match types.get(ty) {
        None => Err(missing("type that does not exist")),
        Some(TypeKind::Void | TypeKind::Function { .. } | TypeKind::Label | TypeKind::Metadata) => {
            Err(BuildError::new(ErrorKind::Type, "constants of this type do not exist")
                .with_types(types, &[ty]))
        }
        _ => Ok(()),
    }
}

/// A global variable being built by [`Builder::global`]: each setter
/// names one property; [`finish`](Self::finish) checks the whole (LLVM's
/// linkage, initializer and comdat rules) and adds it.
#[must_use = "a global is added by `finish`"]
pub struct GlobalBuilder<'b, 'm> {
    b: &'b mut Builder<'m>,
    g: GlobalVar,
}

impl GlobalBuilder<'_, '_> {
    /// The initializer (without one the global is a declaration).
    pub fn init(mut self, c: ConstId) -> Self {
        self.g.init = Some(c);
        self
    }
    /// `constant` instead of `global`.
    pub fn constant(mut self) -> Self {
        self.g.constant = true;
        self
    }
    /// The linkage (default `external`).
    pub fn linkage(mut self, l: Linkage) -> Self {
        self.g.common.linkage = l;
        self
    }
    /// The visibility (default `default`).
    pub fn visibility(mut self, v: Visibility) -> Self {
        self.g.common.visibility = v;
        self
    }
    /// The DLL storage class.
    pub fn dll_storage(mut self, d: DllStorage) -> Self {
        self.g.common.dll = d;
        self
    }
    /// `unnamed_addr` / `local_unnamed_addr`.
    pub fn unnamed_addr(mut self, u: UnnamedAddr) -> Self {
        self.g.common.unnamed_addr = u;
        self
    }
    /// `thread_local(...)`.
    pub fn thread_local(mut self, t: ThreadLocal) -> Self {
        self.g.common.thread_local = t;
        self
    }
    /// `dso_local`.
    pub fn dso_local(mut self) -> Self {
        self.g.common.dso_local = true;
        self
    }
    /// `align N`.
    pub fn align(mut self, a: u64) -> Self {
        self.g.align = a;
        self
    }
    /// `section "name"`.
    pub fn section(mut self, name: &str) -> Self {
        self.g.section = Some(name.into());
        self
    }
    /// `comdat` (from [`Builder::comdat`]).
    pub fn comdat(mut self, c: ComdatId) -> Self {
        self.g.comdat = Some(c);
        self
    }
    /// `addrspace(N)`.
    pub fn addrspace(mut self, a: u32) -> Self {
        self.g.addrspace = a;
        self
    }
    /// `externally_initialized`.
    pub fn externally_initialized(mut self) -> Self {
        self.g.externally_initialized = true;
        self
    }
    /// Checks the global and adds it to the module.
    pub fn finish(self) -> R<GlobalRef> {
        self.b.add_global(self.g)
    }
}

// ---------------------------------------------------------------------------
// The function builder
// ---------------------------------------------------------------------------

/// Builds the body of one function: blocks and instructions, appended at
/// the end of the current block ([`position_at_end`](Self::position_at_end)).
/// Every instruction is checked by [`check_inst`] before it is added, and
/// every [`ValueRef`]/[`BlockRef`] it is given must belong to this function
/// (or be a constant).
pub struct FunctionBuilder<'a> {
    m: &'a mut Module,
    f: usize,
    cur: Option<BlockRef>,
}

macro_rules! binops {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(&mut self, lhs: ValueRef, rhs: ValueRef, name: &str) -> R<ValueRef> {
            self.binop(BinOp::$op, lhs, rhs, 0, 0, name)
        }
    )*};
}

macro_rules! casts {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(&mut self, val: ValueRef, to: TypeId, name: &str) -> R<ValueRef> {
            self.cast(CastOp::$op, val, to, name)
        }
    )*};
}

impl<'a> FunctionBuilder<'a> {
    fn fun(&self) -> &Function {
        &self.m.functions[self.f]
    }

    fn tag(&self) -> u32 {
        self.f as u32
    }

    /// The function being built.
    pub fn function(&self) -> GlobalRef {
        GlobalRef::Func(self.tag())
    }

    /// The module (for types, constants and metadata while building).
    pub fn module(&mut self) -> &mut Module {
        self.m
    }

    /// A [`Builder`] on the same module (for constants, types, metadata).
    pub fn builder(&mut self) -> Builder<'_> {
        Builder::new(self.m)
    }

    fn fname(&self, tag: u32) -> String {
        match self.m.functions.get(tag as usize).and_then(|f| f.common.name.as_deref()) {
            Some(n) => format!("@{}", String::from_utf8_lossy(n)),
            None => format!("function #{tag}"),
        }
    }

    /// Operand `i` of an `opcode` instruction as a plain value of this
    /// function.
    fn val(&self, opcode: &'static str, i: usize, v: ValueRef) -> R<Value> {
        if v.func == MODULE || v.func == self.tag() {
            return Ok(v.value);
        }
        Err(BuildError::new(
            ErrorKind::ForeignValue,
            format!("a value of {} used in {}", self.fname(v.func), self.fname(self.tag())),
        )
        .in_opcode(opcode)
        .at_operand(i))
    }

    fn vals(&self, opcode: &'static str, first: usize, vs: &[ValueRef]) -> R<Vec<Value>> {
        vs.iter().enumerate().map(|(k, &v)| self.val(opcode, first + k, v)).collect()
    }

    /// A block of this function as a plain id.
    fn blk(&self, opcode: &'static str, b: BlockRef) -> R<BlockId> {
        if b.func == self.tag() {
            return Ok(b.id);
        }
        Err(BuildError::new(
            ErrorKind::ForeignBlock,
            format!("a block of {} used in {}", self.fname(b.func), self.fname(self.tag())),
        )
        .in_opcode(opcode))
    }

    fn blks(&self, opcode: &'static str, bs: &[BlockRef]) -> R<Vec<BlockId>> {
        bs.iter().map(|&b| self.blk(opcode, b)).collect()
    }

    fn mine(&self, value: Value) -> ValueRef {
        let func = match value {
            Value::Arg(_) | Value::Inst(_) => self.tag(),
            _ => MODULE,
        };
        ValueRef { func, value }
    }

    /// A plain value of this function (an argument or instruction index
    /// that exists in it, or a constant) as a [`ValueRef`] — for values
    /// that did not come from this builder.
    pub fn value(&self, v: Value) -> R<ValueRef> {
        match v {
            Value::Metadata(_) | Value::InlineAsm(_) => Ok(self.mine(v)),
            _ => operand_type(self.m, self.fun(), v).map(|_| self.mine(v)),
        }
    }

    /// A plain block id of this function as a [`BlockRef`].
    pub fn block_ref(&self, b: BlockId) -> R<BlockRef> {
        crate::typecheck::block_ok(self.fun(), b)?;
        Ok(BlockRef { func: self.tag(), id: b })
    }

    /// Argument `n` as a value.
    pub fn arg(&self, n: u32) -> R<ValueRef> {
        if (n as usize) < self.fun().args.len() {
            Ok(self.mine(Value::Arg(n)))
        } else {
            Err(missing(&format!("function has no argument {n}")))
        }
    }

    /// A new block at the end of the function (`""`: unnamed).
    pub fn block(&mut self, name: &str) -> BlockRef {
        let f = &mut self.m.functions[self.f];
        f.blocks.push(Block { name: name_of(name), insts: Vec::new() });
        BlockRef { func: self.f as u32, id: BlockId(f.blocks.len() as u32 - 1) }
    }

    /// Appends the following instructions at the end of `b` (a block of
    /// another function makes them fail with [`ErrorKind::ForeignBlock`]).
    pub fn position_at_end(&mut self, b: BlockRef) {
        self.cur = Some(b);
    }

    /// The block instructions go to.
    pub fn current_block(&self) -> Option<BlockRef> {
        self.cur
    }

    /// The type of a value of this function.
    pub fn type_of(&self, v: ValueRef) -> R<TypeId> {
        let v = self.val("", 0, v).map_err(|mut e| {
            e.opcode = None;
            e.operand = None;
            e
        })?;
        match v {
            Value::Metadata(_) => {
                self.m.types.find(&TypeKind::Metadata).ok_or_else(|| missing("metadata"))
            }
            Value::InlineAsm(i) => self
                .m
                .inline_asm
                .get(i as usize)
                .map(|a| a.ty)
                .ok_or_else(|| missing("no such inline asm")),
            _ => operand_type(self.m, self.fun(), v),
        }
    }

    // ----- constants, for convenience -----

    /// An integer constant value (also what [`switch`](Self::switch)
    /// cases are).
    pub fn const_int(&mut self, ty: TypeId, v: i64) -> R<ValueRef> {
        Ok(Builder::new(self.m).const_int(ty, v)?.into())
    }
    /// A `float`/`double` constant value.
    pub fn const_float(&mut self, ty: TypeId, v: f64) -> R<ValueRef> {
        Ok(Builder::new(self.m).const_float(ty, v)?.into())
    }
    /// The zero value of `ty` (`0`, `null`, `zeroinitializer`...).
    pub fn const_zero(&mut self, ty: TypeId) -> R<ValueRef> {
        Ok(Builder::new(self.m).const_zero(ty)?.into())
    }
    /// `undef` of `ty`.
    pub fn const_undef(&mut self, ty: TypeId) -> R<ValueRef> {
        Ok(Builder::new(self.m).const_undef(ty)?.into())
    }
    /// `poison` of `ty`.
    pub fn const_poison(&mut self, ty: TypeId) -> R<ValueRef> {
        Ok(Builder::new(self.m).const_poison(ty)?.into())
    }
    /// A global value as an operand (its pointer).
    pub fn global(&mut self, g: GlobalRef) -> R<ValueRef> {
        Ok(Builder::new(self.m).global_ref(g)?.into())
    }
    /// `none`, the token constant (the parent of a top-level pad).
    pub fn const_none(&mut self) -> ValueRef {
        let tok = self.m.types.token();
        self.m.consts.intern_raw(tok, ConstKind::NoneToken).into()
    }
    /// `iN`.
    pub fn int_type(&mut self, bits: u32) -> R<TypeId> {
        Ok(self.m.types.int(bits)?)
    }

    // ----- the core -----

    /// Adds an instruction of any kind with result type `ty` after checking
    /// it; the typed methods below compute `ty` and call this. The plain
    /// ids in `kind` are checked to exist in this function, but cannot be
    /// told from another function's: prefer the typed methods.
    pub fn push(&mut self, kind: InstKind, ty: TypeId, name: &str) -> R<InstId> {
        let opcode = kind.opcode();
        let place = |msg: &str| BuildError::new(ErrorKind::Placement, msg).in_opcode(opcode);
        let cur = self.cur.ok_or_else(|| place("no current block: call position_at_end first"))?;
        let b = self.blk(opcode, cur)?;
        let f = &self.m.functions[self.f];
        let block = f
            .blocks
            .get(b.0 as usize)
            .ok_or_else(|| missing("the current block does not exist").in_opcode(opcode))?;
        if let Some(&last) = block.insts.last() {
            if f.insts.get(last.0 as usize).is_some_and(|i| i.kind.is_terminator()) {
                return Err(place("the block already ends with a terminator"));
            }
            if matches!(kind, InstKind::Phi { .. })
                && block.insts.iter().any(|i| {
                    !matches!(
                        f.insts.get(i.0 as usize).map(|x| &x.kind),
                        Some(InstKind::Phi { .. })
                    )
                })
            {
                return Err(place("PHI nodes not grouped at top of basic block!"));
            }
        }
        check_inst(self.m, f, &kind, ty)?;
        if Ty(&self.m.types).is_void(ty) && !name.is_empty() {
            return Err(place("Instruction has a name, but provides a void value!"));
        }
        let f = &mut self.m.functions[self.f];
        let id = InstId(f.insts.len() as u32);
        f.insts.push(Inst {
            kind,
            ty,
            name: name_of(name),
            md: Default::default(),
            dbg_records: Vec::new(),
        });
        if let Some(bl) = f.blocks.get_mut(b.0 as usize) {
            bl.insts.push(id);
        }
        Ok(id)
    }

    fn push_v(&mut self, kind: InstKind, ty: TypeId, name: &str) -> R<ValueRef> {
        let id = self.push(kind, ty, name)?;
        Ok(self.mine(Value::Inst(id)))
    }

    /// The type of operand `i` (a plain value), for computing result types.
    fn ty(&self, opcode: &'static str, i: usize, v: Value) -> R<TypeId> {
        operand_type(self.m, self.fun(), v).map_err(|e| e.in_opcode(opcode).at_operand(i))
    }

    fn void_ty(&self) -> TypeId {
        self.m.types.void()
    }

    /// The i1 type, or `<N x i1>` shaped like `like`.
    fn bool_like(&mut self, like: TypeId) -> R<TypeId> {
        let i1 = self.m.types.int(1)?;
        match Ty(&self.m.types).vec(like) {
            Some((len, scalable)) => Ok(self.m.types.vector(i1, len, scalable)?),
            None => Ok(i1),
        }
    }

    fn fn_ret(&self, opcode: &'static str, fn_ty: TypeId) -> R<TypeId> {
        fn_sig(&self.m.types, fn_ty).map(|s| s.0).ok_or_else(|| {
            BuildError::new(ErrorKind::OperandType, "Callee is not of function type!")
                .in_opcode(opcode)
                .with_types(&self.m.types, &[fn_ty])
        })
    }

    // ----- terminators -----

    /// `ret void` (`None`) or `ret ty v`.
    pub fn ret(&mut self, v: Option<ValueRef>) -> R<InstId> {
        let v = v.map(|v| self.val("ret", 0, v)).transpose()?;
        let vt = self.void_ty();
        self.push(InstKind::Ret(v), vt, "")
    }
    /// `br label %dest`.
    pub fn br(&mut self, dest: BlockRef) -> R<InstId> {
        let dest = self.blk("br", dest)?;
        let vt = self.void_ty();
        self.push(InstKind::Br(dest), vt, "")
    }
    /// `br i1 %cond, label %then, label %else`.
    pub fn br_cond(
        &mut self,
        cond: ValueRef,
        then_dest: BlockRef,
        else_dest: BlockRef,
    ) -> R<InstId> {
        let cond = self.val("br", 0, cond)?;
        let (then_dest, else_dest) = (self.blk("br", then_dest)?, self.blk("br", else_dest)?);
        let vt = self.void_ty();
        self.push(InstKind::CondBr { cond, then_dest, else_dest }, vt, "")
    }
    /// `switch`: each case is an integer constant of the condition's type
    /// (from [`const_int`](Self::const_int), or a [`ConstId`] converted
    /// with `.into()`) and its destination. Case `k` is operand `k + 1` in
    /// errors.
    pub fn switch(
        &mut self,
        cond: ValueRef,
        default: BlockRef,
        cases: &[(ValueRef, BlockRef)],
    ) -> R<InstId> {
        let cond = self.val("switch", 0, cond)?;
        let default = self.blk("switch", default)?;
        let mut cs = Vec::with_capacity(cases.len());
        for (k, &(c, b)) in cases.iter().enumerate() {
            let Some(c) = c.as_const() else {
                return Err(BuildError::new(
                    ErrorKind::InvalidConstant,
                    "case value is not a constant integer",
                )
                .in_opcode("switch")
                .at_operand(k + 1));
            };
            cs.push((c, self.blk("switch", b)?));
        }
        let vt = self.void_ty();
        self.push(InstKind::Switch { cond, default, cases: cs }, vt, "")
    }
    /// `indirectbr`.
    pub fn indirect_br(&mut self, addr: ValueRef, dests: &[BlockRef]) -> R<InstId> {
        let addr = self.val("indirectbr", 0, addr)?;
        let dests = self.blks("indirectbr", dests)?;
        let vt = self.void_ty();
        self.push(InstKind::IndirectBr { addr, dests }, vt, "")
    }
    /// The plain [`CallData`] of a call of `callee` with `args` (argument
    /// `i` is operand `i`, the callee operand `args.len()`).
    fn call_data(
        &self,
        opcode: &'static str,
        fn_ty: TypeId,
        callee: ValueRef,
        args: &[ValueRef],
    ) -> R<CallData> {
        let args = self.vals(opcode, 0, args)?;
        let callee = self.val(opcode, args.len(), callee)?;
        Ok(plain_call(fn_ty, callee, args))
    }
    /// `invoke` of `callee` (of function type `fn_ty`).
    pub fn invoke(
        &mut self,
        fn_ty: TypeId,
        callee: ValueRef,
        args: &[ValueRef],
        normal: BlockRef,
        unwind: BlockRef,
        name: &str,
    ) -> R<ValueRef> {
        let call = Box::new(self.call_data("invoke", fn_ty, callee, args)?);
        let (normal, unwind) = (self.blk("invoke", normal)?, self.blk("invoke", unwind)?);
        let ret = self.fn_ret("invoke", fn_ty)?;
        self.push_v(InstKind::Invoke { call, normal, unwind }, ret, name)
    }
    /// `callbr` of `callee` (usually inline assembly): falls through to
    /// `default`, may jump to `indirect`.
    #[allow(clippy::too_many_arguments)]
    pub fn call_br(
        &mut self,
        fn_ty: TypeId,
        callee: ValueRef,
        args: &[ValueRef],
        default: BlockRef,
        indirect: &[BlockRef],
        name: &str,
    ) -> R<ValueRef> {
        let call = Box::new(self.call_data("callbr", fn_ty, callee, args)?);
        let default = self.blk("callbr", default)?;
        let indirect = self.blks("callbr", indirect)?;
        let ret = self.fn_ret("callbr", fn_ty)?;
        self.push_v(InstKind::CallBr { call, default, indirect }, ret, name)
    }
    /// `catchswitch within %parent [handlers] unwind ...` (`parent`: a pad
    /// or [`const_none`](Self::const_none); `unwind`: `None` unwinds to the
    /// caller).
    pub fn catch_switch(
        &mut self,
        parent: ValueRef,
        handlers: &[BlockRef],
        unwind: Option<BlockRef>,
        name: &str,
    ) -> R<ValueRef> {
        let parent = self.val("catchswitch", 0, parent)?;
        let handlers = self.blks("catchswitch", handlers)?;
        let unwind = unwind.map(|u| self.blk("catchswitch", u)).transpose()?;
        let tok = self.m.types.token();
        self.push_v(InstKind::CatchSwitch { parent, handlers, unwind }, tok, name)
    }
    /// `catchpad within %catchswitch [args]`.
    pub fn catch_pad(&mut self, parent: ValueRef, args: &[ValueRef], name: &str) -> R<ValueRef> {
        let args = self.vals("catchpad", 0, args)?;
        let parent = self.val("catchpad", args.len(), parent)?;
        let tok = self.m.types.token();
        self.push_v(InstKind::CatchPad { parent, args }, tok, name)
    }
    /// `cleanuppad within %parent [args]`.
    pub fn cleanup_pad(&mut self, parent: ValueRef, args: &[ValueRef], name: &str) -> R<ValueRef> {
        let args = self.vals("cleanuppad", 0, args)?;
        let parent = self.val("cleanuppad", args.len(), parent)?;
        let tok = self.m.types.token();
        self.push_v(InstKind::CleanupPad { parent, args }, tok, name)
    }
    /// `catchret from %pad to label %dest`.
    pub fn catch_ret(&mut self, pad: ValueRef, dest: BlockRef) -> R<InstId> {
        let pad = self.val("catchret", 0, pad)?;
        let dest = self.blk("catchret", dest)?;
        let vt = self.void_ty();
        self.push(InstKind::CatchRet { pad, dest }, vt, "")
    }
    /// `cleanupret from %pad unwind ...`.
    pub fn cleanup_ret(&mut self, pad: ValueRef, unwind: Option<BlockRef>) -> R<InstId> {
        let pad = self.val("cleanupret", 0, pad)?;
        let unwind = unwind.map(|u| self.blk("cleanupret", u)).transpose()?;
        let vt = self.void_ty();
        self.push(InstKind::CleanupRet { pad, unwind }, vt, "")
    }
    /// `resume ty %v`.
    pub fn resume(&mut self, v: ValueRef) -> R<InstId> {
        let v = self.val("resume", 0, v)?;
        let vt = self.void_ty();
        self.push(InstKind::Resume(v), vt, "")
    }
    /// `unreachable`.
    pub fn unreachable(&mut self) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::Unreachable, vt, "")
    }

    // ----- arithmetic -----

    /// A binary operator with [`flags`] (`nuw`, `nsw`, `exact`,
    /// `disjoint`) and fast-math flags ([`fmf`](crate::inst::fmf)).
    pub fn binop(
        &mut self,
        op: BinOp,
        lhs: ValueRef,
        rhs: ValueRef,
        flags: u8,
        fmf: u8,
        name: &str,
    ) -> R<ValueRef> {
        let kw = op.keyword();
        let (lhs, rhs) = (self.val(kw, 0, lhs)?, self.val(kw, 1, rhs)?);
        let ty = self.ty(kw, 0, lhs)?;
        self.push_v(InstKind::Binary { op, lhs, rhs, flags, fmf }, ty, name)
    }

    binops! {
        /// `add` (two equal integer or integer-vector operands).
        add => Add;
        /// `sub`.
        sub => Sub;
        /// `mul`.
        mul => Mul;
        /// `udiv`.
        udiv => UDiv;
        /// `sdiv`.
        sdiv => SDiv;
        /// `urem`.
        urem => URem;
        /// `srem`.
        srem => SRem;
        /// `shl`.
        shl => Shl;
        /// `lshr`.
        lshr => LShr;
        /// `ashr`.
        ashr => AShr;
        /// `and`.
        and => And;
        /// `or`.
        or => Or;
        /// `xor`.
        xor => Xor;
        /// `fadd` (two equal float or float-vector operands).
        fadd => FAdd;
        /// `fsub`.
        fsub => FSub;
        /// `fmul`.
        fmul => FMul;
        /// `fdiv`.
        fdiv => FDiv;
        /// `frem`.
        frem => FRem;
    }

    /// `fneg`.
    pub fn fneg(&mut self, val: ValueRef, name: &str) -> R<ValueRef> {
        let val = self.val("fneg", 0, val)?;
        let ty = self.ty("fneg", 0, val)?;
        self.push_v(InstKind::FNeg { val, fmf: 0 }, ty, name)
    }

    /// `icmp pred` (integers, pointers or vectors of them); the result is
    /// `i1` or a vector of `i1`.
    pub fn icmp(&mut self, pred: IntPred, lhs: ValueRef, rhs: ValueRef, name: &str) -> R<ValueRef> {
        let (lhs, rhs) = (self.val("icmp", 0, lhs)?, self.val("icmp", 1, rhs)?);
        let a = self.ty("icmp", 0, lhs)?;
        let ty = self.bool_like(a)?;
        self.push_v(InstKind::ICmp { pred, lhs, rhs, flags: 0 }, ty, name)
    }

    /// `fcmp pred` (floats or float vectors).
    pub fn fcmp(
        &mut self,
        pred: FloatPred,
        lhs: ValueRef,
        rhs: ValueRef,
        name: &str,
    ) -> R<ValueRef> {
        let (lhs, rhs) = (self.val("fcmp", 0, lhs)?, self.val("fcmp", 1, rhs)?);
        let a = self.ty("fcmp", 0, lhs)?;
        let ty = self.bool_like(a)?;
        self.push_v(InstKind::FCmp { pred, lhs, rhs, fmf: 0 }, ty, name)
    }

    /// A cast to `to`, checked by LLVM's `castIsValid` rules
    /// ([`cast_valid`](crate::typecheck::cast_valid)).
    pub fn cast(&mut self, op: CastOp, val: ValueRef, to: TypeId, name: &str) -> R<ValueRef> {
        let val = self.val(op.keyword(), 0, val)?;
        self.push_v(InstKind::Cast { op, val, flags: 0, fmf: 0 }, to, name)
    }

    casts! {
        /// `trunc` (to a narrower integer).
        trunc => Trunc;
        /// `zext` (to a wider integer).
        zext => ZExt;
        /// `sext`.
        sext => SExt;
        /// `fptrunc`.
        fptrunc => FPTrunc;
        /// `fpext`.
        fpext => FPExt;
        /// `fptoui`.
        fptoui => FPToUI;
        /// `fptosi`.
        fptosi => FPToSI;
        /// `uitofp`.
        uitofp => UIToFP;
        /// `sitofp`.
        sitofp => SIToFP;
        /// `ptrtoint`.
        ptrtoint => PtrToInt;
        /// `inttoptr`.
        inttoptr => IntToPtr;
        /// `bitcast`.
        bitcast => BitCast;
        /// `addrspacecast`.
        addrspacecast => AddrSpaceCast;
    }

    // ----- vectors and aggregates -----

    /// `extractelement`.
    pub fn extract_element(&mut self, vec: ValueRef, idx: ValueRef, name: &str) -> R<ValueRef> {
        let op = "extractelement";
        let (vec, idx) = (self.val(op, 0, vec)?, self.val(op, 1, idx)?);
        let vt = self.ty(op, 0, vec)?;
        let ty = Ty(&self.m.types).scalar(vt);
        self.push_v(InstKind::ExtractElement { vec, idx }, ty, name)
    }
    /// `insertelement`.
    pub fn insert_element(
        &mut self,
        vec: ValueRef,
        elt: ValueRef,
        idx: ValueRef,
        name: &str,
    ) -> R<ValueRef> {
        let op = "insertelement";
        let (vec, elt, idx) = (self.val(op, 0, vec)?, self.val(op, 1, elt)?, self.val(op, 2, idx)?);
        let ty = self.ty(op, 0, vec)?;
        self.push_v(InstKind::InsertElement { vec, elt, idx }, ty, name)
    }
    /// `shufflevector` with a mask of element indices (`None`: poison).
    pub fn shuffle_vector(
        &mut self,
        a: ValueRef,
        b: ValueRef,
        mask: &[Option<u32>],
        name: &str,
    ) -> R<ValueRef> {
        let op = "shufflevector";
        let (a, b) = (self.val(op, 0, a)?, self.val(op, 1, b)?);
        let at = self.ty(op, 0, a)?;
        let t = Ty(&self.m.types);
        let bad = |msg: &str| BuildError::new(ErrorKind::InvalidConstant, msg).in_opcode(op);
        let Some((_, scalable)) = t.vec(at) else {
            return Err(BuildError::new(ErrorKind::OperandType, "Invalid shufflevector operands!")
                .in_opcode(op)
                .at_operand(0)
                .with_types(&self.m.types, &[at]));
        };
        let elem = t.scalar(at);
        if mask.is_empty() {
            return Err(bad("Invalid shufflevector operands!").at_operand(2));
        }
        let len = u32::try_from(mask.len()).map_err(|_| bad("mask too long").at_operand(2))?;
        let i32t = self.m.types.int(32)?;
        let mty = self.m.types.vector(i32t, len, scalable)?;
        let mut elems = Vec::with_capacity(mask.len());
        for &x in mask {
            elems.push(match x {
                Some(i) => self.m.consts.int_u64(&self.m.types, i32t, u64::from(i))?,
                None => self.m.consts.poison(i32t),
            });
        }
        let mc = if scalable {
            if elems.iter().all(|&e| self.m.consts.is_null_value(e)) {
                self.m.consts.zero(&self.m.types, mty)?
            } else if elems
                .iter()
                .all(|&e| matches!(self.m.consts.kind(e), Some(ConstKind::Poison)))
            {
                self.m.consts.poison(mty)
            } else {
                return Err(bad("a scalable shufflevector mask must be zeroinitializer or poison")
                    .at_operand(2));
            }
        } else {
            self.m.consts.vector(&self.m.types, mty, &elems)?
        };
        let ty = self.m.types.vector(elem, len, scalable)?;
        self.push_v(InstKind::ShuffleVector { a, b, mask: mc }, ty, name)
    }
    /// `extractvalue`.
    pub fn extract_value(&mut self, agg: ValueRef, indices: &[u32], name: &str) -> R<ValueRef> {
        let op = "extractvalue";
        let agg = self.val(op, 0, agg)?;
        let at = self.ty(op, 0, agg)?;
        let ty = indexed_aggregate(&self.m.types, at, indices).ok_or_else(|| {
            BuildError::new(ErrorKind::InvalidConstant, "Invalid ExtractValueInst operands!")
                .in_opcode(op)
                .at_operand(0)
                .with_types(&self.m.types, &[at])
        })?;
        self.push_v(InstKind::ExtractValue { agg, indices: indices.to_vec() }, ty, name)
    }
    /// `insertvalue`.
    pub fn insert_value(
        &mut self,
        agg: ValueRef,
        val: ValueRef,
        indices: &[u32],
        name: &str,
    ) -> R<ValueRef> {
        let op = "insertvalue";
        let (agg, val) = (self.val(op, 0, agg)?, self.val(op, 1, val)?);
        let ty = self.ty(op, 0, agg)?;
        self.push_v(InstKind::InsertValue { agg, val, indices: indices.to_vec() }, ty, name)
    }

    // ----- memory -----

    /// `alloca ty, align N` (one element, address space 0).
    pub fn alloca(&mut self, ty: TypeId, align: u64, name: &str) -> R<ValueRef> {
        let i32t = self.m.types.int(32)?;
        let one = self.m.consts.int_u64(&self.m.types, i32t, 1)?;
        self.alloca_full(ty, one.into(), align, 0, name)
    }
    /// `alloca ty, ity count, align N, addrspace(A)`.
    pub fn alloca_full(
        &mut self,
        ty: TypeId,
        count: ValueRef,
        align: u64,
        addrspace: u32,
        name: &str,
    ) -> R<ValueRef> {
        let count = self.val("alloca", 0, count)?;
        let p = self.m.types.ptr(addrspace)?;
        self.push_v(
            InstKind::Alloca { ty, count, align, addrspace, inalloca: false, swifterror: false },
            p,
            name,
        )
    }
    /// `load ty, ptr %p, align N`.
    pub fn load(&mut self, ty: TypeId, ptr: ValueRef, align: u64, name: &str) -> R<ValueRef> {
        self.load_atomic(ty, ptr, Ordering::NotAtomic, None, align, name)
    }
    /// `load atomic ty, ptr %p ordering, align N`.
    pub fn load_atomic(
        &mut self,
        ty: TypeId,
        ptr: ValueRef,
        ordering: Ordering,
        scope: SyncScope,
        align: u64,
        name: &str,
    ) -> R<ValueRef> {
        let ptr = self.val("load", 0, ptr)?;
        self.push_v(InstKind::Load { ptr, align, volatile: false, ordering, scope }, ty, name)
    }
    /// `store ty %v, ptr %p, align N`.
    pub fn store(&mut self, val: ValueRef, ptr: ValueRef, align: u64) -> R<InstId> {
        self.store_atomic(val, ptr, Ordering::NotAtomic, None, align)
    }
    /// `store atomic`.
    pub fn store_atomic(
        &mut self,
        val: ValueRef,
        ptr: ValueRef,
        ordering: Ordering,
        scope: SyncScope,
        align: u64,
    ) -> R<InstId> {
        let (val, ptr) = (self.val("store", 0, val)?, self.val("store", 1, ptr)?);
        let vt = self.void_ty();
        self.push(InstKind::Store { val, ptr, align, volatile: false, ordering, scope }, vt, "")
    }
    /// `fence`.
    pub fn fence(&mut self, ordering: Ordering, scope: SyncScope) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::Fence { ordering, scope }, vt, "")
    }
    /// `cmpxchg ptr %p, ty %cmp, ty %new success failure, align N`; the
    /// result is `{ ty, i1 }`.
    #[allow(clippy::too_many_arguments)]
    pub fn cmpxchg(
        &mut self,
        ptr: ValueRef,
        cmp: ValueRef,
        new: ValueRef,
        success: Ordering,
        failure: Ordering,
        align: u64,
        name: &str,
    ) -> R<ValueRef> {
        let op = "cmpxchg";
        let (ptr, cmp, new) = (self.val(op, 0, ptr)?, self.val(op, 1, cmp)?, self.val(op, 2, new)?);
        let ct = self.ty(op, 1, cmp)?;
        let i1 = self.m.types.int(1)?;
        let ty = self.m.types.literal_struct(&[ct, i1], false)?;
        self.push_v(
            InstKind::CmpXchg {
                ptr,
                cmp,
                new,
                success,
                failure,
                scope: None,
                weak: false,
                volatile: false,
                align,
            },
            ty,
            name,
        )
    }
    /// `atomicrmw op ptr %p, ty %v ordering, align N`.
    pub fn atomic_rmw(
        &mut self,
        op: RmwOp,
        ptr: ValueRef,
        val: ValueRef,
        ordering: Ordering,
        align: u64,
        name: &str,
    ) -> R<ValueRef> {
        let (ptr, val) = (self.val("atomicrmw", 0, ptr)?, self.val("atomicrmw", 1, val)?);
        let ty = self.ty("atomicrmw", 1, val)?;
        self.push_v(
            InstKind::AtomicRmw { op, ptr, val, ordering, scope: None, volatile: false, align },
            ty,
            name,
        )
    }
    /// `getelementptr [flags] source_ty, ptr %base, indices...`: the
    /// result is a pointer (or a vector of pointers) in the base's address
    /// space; struct indices must be constant `i32`s in range. The base is
    /// operand 0, index `k` operand `k + 1`.
    pub fn gep(
        &mut self,
        source_ty: TypeId,
        base: ValueRef,
        indices: &[ValueRef],
        flags: GepFlags,
        name: &str,
    ) -> R<ValueRef> {
        let op = "getelementptr";
        let base = self.val(op, 0, base)?;
        let indices = self.vals(op, 1, indices)?;
        let bt = self.ty(op, 0, base)?;
        let t = Ty(&self.m.types);
        let a = t.ptr_as(t.scalar(bt)).ok_or_else(|| {
            BuildError::new(
                ErrorKind::OperandType,
                "GEP base pointer is not a vector or a vector of pointers",
            )
            .in_opcode(op)
            .at_operand(0)
            .with_types(&self.m.types, &[bt])
        })?;
        let width = gep_vector(self.m, self.fun(), bt, &indices).map_err(|e| e.in_opcode(op))?;
        let p = self.m.types.ptr(a)?;
        let ty = match width {
            Some((len, scalable)) => self.m.types.vector(p, len, scalable)?,
            None => p,
        };
        self.push_v(InstKind::Gep { source_ty, base, indices, flags: flags.bits() }, ty, name)
    }

    // ----- other -----

    /// `phi ty` with no incoming values yet: add them with
    /// [`add_incoming`](Self::add_incoming) (loops need the back-edge value
    /// later).
    pub fn phi(&mut self, ty: TypeId, name: &str) -> R<ValueRef> {
        self.push_v(InstKind::Phi { incoming: Vec::new(), fmf: 0 }, ty, name)
    }
    /// Adds `[value, block]` to a phi (value type must be the phi's type;
    /// the new incoming value is operand `k` for the phi's `k`-th entry).
    pub fn add_incoming(&mut self, phi: ValueRef, value: ValueRef, block: BlockRef) -> R<()> {
        let op = "phi";
        let not_phi = || BuildError::new(ErrorKind::ValueKind, "not a phi").in_opcode(op);
        let Value::Inst(id) = self.val(op, 0, phi).map_err(|mut e| {
            e.operand = None;
            e
        })?
        else {
            return Err(not_phi());
        };
        let f = &self.m.functions[self.f];
        let inst = f.insts.get(id.0 as usize).ok_or_else(|| missing("no such instruction"))?;
        let InstKind::Phi { incoming, .. } = &inst.kind else { return Err(not_phi()) };
        let k = incoming.len();
        let value = self.val(op, k, value)?;
        let block = self.blk(op, block)?;
        let vt = self.ty(op, k, value)?;
        crate::typecheck::block_ok(f, block).map_err(|e| e.in_opcode(op).at_operand(k))?;
        if inst.ty != vt {
            return Err(BuildError::new(
                ErrorKind::TypeMismatch,
                "PHI node operands are not the same type as the result!",
            )
            .in_opcode(op)
            .at_operand(k)
            .with_types(&self.m.types, &[inst.ty, vt]));
        }
        if let Some(Inst { kind: InstKind::Phi { incoming, .. }, .. }) =
            self.m.functions[self.f].insts.get_mut(id.0 as usize)
        {
            incoming.push((value, block));
        }
        Ok(())
    }
    /// `select i1 %c, ty %a, ty %b`.
    pub fn select(
        &mut self,
        cond: ValueRef,
        then_val: ValueRef,
        else_val: ValueRef,
        name: &str,
    ) -> R<ValueRef> {
        let op = "select";
        let cond = self.val(op, 0, cond)?;
        let (then_val, else_val) = (self.val(op, 1, then_val)?, self.val(op, 2, else_val)?);
        let ty = self.ty(op, 1, then_val)?;
        self.push_v(InstKind::Select { cond, then_val, else_val, fmf: 0 }, ty, name)
    }
    /// `freeze`.
    pub fn freeze(&mut self, v: ValueRef, name: &str) -> R<ValueRef> {
        let v = self.val("freeze", 0, v)?;
        let ty = self.ty("freeze", 0, v)?;
        self.push_v(InstKind::Freeze(v), ty, name)
    }
    /// `call` of `callee` (a pointer) as function type `fn_ty`; argument
    /// `i` is operand `i`, the callee operand `args.len()`.
    pub fn call(
        &mut self,
        fn_ty: TypeId,
        callee: ValueRef,
        args: &[ValueRef],
        name: &str,
    ) -> R<ValueRef> {
        let call = self.call_data("call", fn_ty, callee, args)?;
        self.call_full(call, TailKind::None, name)
    }
    /// `call` of function `f` of this module.
    pub fn call_function(&mut self, f: GlobalRef, args: &[ValueRef], name: &str) -> R<ValueRef> {
        let GlobalRef::Func(i) = f else {
            return Err(BuildError::new(ErrorKind::ValueKind, "not a function").in_opcode("call"));
        };
        let fty = self
            .m
            .functions
            .get(i as usize)
            .ok_or_else(|| missing("no such function").in_opcode("call"))?
            .ty;
        let callee = self.global(f)?;
        self.call(fty, callee, args, name)
    }
    /// A `call` with every field given (plain values: see
    /// [`push`](Self::push)).
    pub fn call_full(&mut self, call: CallData, tail: TailKind, name: &str) -> R<ValueRef> {
        let ret = self.fn_ret("call", call.fn_ty)?;
        self.push_v(InstKind::Call { call: Box::new(call), tail }, ret, name)
    }
    /// `va_arg ptr %ap, ty`.
    pub fn va_arg(&mut self, ap: ValueRef, ty: TypeId, name: &str) -> R<ValueRef> {
        let ap = self.val("va_arg", 0, ap)?;
        self.push_v(InstKind::VaArg(ap), ty, name)
    }
    /// `landingpad ty clauses` (the clauses are constants: typeinfo
    /// globals, or arrays of them for `filter`).
    pub fn landing_pad(&mut self, ty: TypeId, clauses: &[Clause], name: &str) -> R<ValueRef> {
        self.push_v(InstKind::LandingPad { cleanup: false, clauses: clauses.to_vec() }, ty, name)
    }
    /// `landingpad ty cleanup clauses`: a landing pad that also runs for
    /// exceptions no clause catches.
    pub fn landing_pad_cleanup(
        &mut self,
        ty: TypeId,
        clauses: &[Clause],
        name: &str,
    ) -> R<ValueRef> {
        self.push_v(InstKind::LandingPad { cleanup: true, clauses: clauses.to_vec() }, ty, name)
    }

    /// Attaches `!kind md` to instruction `v` (`!dbg`, `!tbaa`, custom).
    pub fn attach(&mut self, v: ValueRef, kind: &str, md: MdId) -> R<()> {
        let id = as_inst(self.val("", 0, v)?)?;
        self.attach_inst(id, kind, md)
    }
    /// Attaches `!kind md` to an instruction by id.
    pub fn attach_inst(&mut self, id: InstId, kind: &str, md: MdId) -> R<()> {
        if self.m.md.get(md).is_none() {
            return Err(missing("metadata that does not exist"));
        }
        let k = self.m.md.kind_id(kind);
        let inst = self.m.functions[self.f]
            .insts
            .get_mut(id.0 as usize)
            .ok_or_else(|| missing("no such instruction"))?;
        inst.md.retain(|(kk, _)| *kk != k);
        inst.md.push((k, md));
        Ok(())
    }
    /// Sets the flags ([`flags`]) of a binary operator, cast, icmp or GEP,
    /// re-checking the instruction.
    pub fn set_flags(&mut self, v: ValueRef, fl: u8) -> R<()> {
        let id = as_inst(self.val("", 0, v)?)?;
        let f = &self.m.functions[self.f];
        let mut inst =
            f.insts.get(id.0 as usize).ok_or_else(|| missing("no such instruction"))?.clone();
        match &mut inst.kind {
            InstKind::Binary { flags, .. }
            | InstKind::Cast { flags, .. }
            | InstKind::ICmp { flags, .. }
            | InstKind::Gep { flags, .. } => *flags = fl,
            _ => {
                return Err(BuildError::new(ErrorKind::Attribute, "this instruction has no flags")
                    .in_opcode(inst.kind.opcode()))
            }
        }
        check_inst(self.m, f, &inst.kind, inst.ty)?;
        self.m.functions[self.f].insts[id.0 as usize] = inst;
        Ok(())
    }
}

fn as_inst(v: Value) -> R<InstId> {
    match v {
        Value::Inst(i) => Ok(i),
        _ => err(ErrorKind::ValueKind, "not an instruction"),
    }
}

fn plain_call(fn_ty: TypeId, callee: Value, args: Vec<Value>) -> CallData {
    CallData {
        cc: CallConv::C,
        attrs: AttrListId::EMPTY,
        fn_ty,
        callee,
        args,
        bundles: Vec::new(),
        fmf: 0,
        addrspace: 0,
    }
}
