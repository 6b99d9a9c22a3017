//! The ids of the model, in one leaf module: the arenas and the function
//! and module types hand them out, and every other module names them from
//! here (their home modules re-export them).

/// A type of a [`Types`](crate::types::Types) arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub(crate) u32);

impl TypeId {
    /// The position in the arena.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The id at position `i` of an arena (the inverse of
    /// [`index`](Self::index); meaningful for `i < Types::len()`).
    pub fn from_index(i: u32) -> TypeId {
        TypeId(i)
    }
}

/// A constant of a module's arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstId(pub u32);

/// A metadata node of a module's arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MdId(pub u32);

/// A metadata kind (`!dbg` is 0; LLVM 19's fixed kinds are 0..=40, custom
/// kinds follow in order of registration).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MdKindId(pub u32);

/// An interned attribute set; `AttrSetId::EMPTY` is the empty set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct AttrSetId(pub u32);

impl AttrSetId {
    /// The empty set.
    pub const EMPTY: AttrSetId = AttrSetId(0);
}

/// An interned attribute list; `AttrListId::EMPTY` has no attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct AttrListId(pub u32);

impl AttrListId {
    /// No attributes anywhere.
    pub const EMPTY: AttrListId = AttrListId(0);
}

/// An index into a function's [`Function::insts`](crate::module::Function::insts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub u32);

/// An index into a function's [`Function::blocks`](crate::module::Function::blocks) (layout order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// An index into [`Module::comdats`](crate::module::Module::comdats).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ComdatId(pub u32);

/// A global value of the module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GlobalRef {
    /// [`Module::globals`](crate::module::Module::globals)`[i]`.
    Var(u32),
    /// [`Module::functions`](crate::module::Module::functions)`[i]`.
    Func(u32),
    /// [`Module::aliases`](crate::module::Module::aliases)`[i]`.
    Alias(u32),
    /// [`Module::ifuncs`](crate::module::Module::ifuncs)`[i]`.
    IFunc(u32),
}

/// A function-local value, an operand of an instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// A constant (including globals, through [`ConstKind::Global`](crate::constant::ConstKind::Global)).
    Const(ConstId),
    /// The function's argument `n`.
    Arg(u32),
    /// The result of an instruction of this function.
    Inst(InstId),
    /// `metadata ...`: metadata as a value (intrinsic operands).
    Metadata(MdId),
    /// Inline assembly ([`Module::inline_asm`](crate::module::Module::inline_asm)`[i]`), only as a callee.
    InlineAsm(u32),
}
