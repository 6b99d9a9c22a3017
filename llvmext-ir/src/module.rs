//! The module: globals, functions, aliases, ifuncs, comdats, named metadata,
//! and the arenas they share (types, constants, attributes, metadata).
//!
//! Everything is plain index-based data: a global is named by a
//! [`GlobalRef`], a function-local value by a [`Value`], a block by a
//! [`BlockId`]. References between globals go through the constant arena
//! ([`ConstKind::Global`]), so an
//! initializer, an operand and an alias target all name globals the same way.

use alloc::boxed::Box;
use alloc::vec::Vec;

pub use crate::id::{BlockId, ComdatId, GlobalRef, Value};
pub use crate::inst::CallConv;
pub use crate::name::Name;

use crate::attr::Attrs;
use crate::constant::{ConstKind, Constants};
use crate::id::{AttrListId, AttrSetId, ConstId, InstId, MdId, MdKindId, TypeId};
use crate::inst::{CallData, Inst};
use crate::metadata::Metadata;
use crate::name::ByteStr;
use crate::types::{TypeKind, Types};

keyword_enum! {
    /// Linkage types (LangRef "Linkage Types").
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    #[non_exhaustive]
    pub enum Linkage {
        /// `external` (printed as nothing on definitions).
        #[default]
        External = b"external",
        /// `private`.
        Private = b"private",
        /// `internal`.
        Internal = b"internal",
        /// `available_externally`.
        AvailableExternally = b"available_externally",
        /// `linkonce`.
        LinkOnce = b"linkonce",
        /// `weak`.
        Weak = b"weak",
        /// `common`.
        Common = b"common",
        /// `appending`.
        Appending = b"appending",
        /// `extern_weak`.
        ExternWeak = b"extern_weak",
        /// `linkonce_odr`.
        LinkOnceOdr = b"linkonce_odr",
        /// `weak_odr`.
        WeakOdr = b"weak_odr",
    }
}

impl Linkage {
    /// `private` or `internal`.
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Private | Linkage::Internal)
    }
}

keyword_enum! {
    /// Visibility styles.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum Visibility {
        /// `default` (printed as nothing).
        #[default]
        Default = b"default",
        /// `hidden`.
        Hidden = b"hidden",
        /// `protected`.
        Protected = b"protected",
    }
}

keyword_enum! {
    /// DLL storage classes.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum DllStorage {
        /// None.
        #[default]
        Default = b"",
        /// `dllimport`.
        Import = b"dllimport",
        /// `dllexport`.
        Export = b"dllexport",
    }
}

/// Thread-local storage models.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ThreadLocal {
    /// Not thread-local.
    #[default]
    NotThreadLocal,
    /// `thread_local` (general dynamic).
    GeneralDynamic,
    /// `thread_local(localdynamic)`.
    LocalDynamic,
    /// `thread_local(initialexec)`.
    InitialExec,
    /// `thread_local(localexec)`.
    LocalExec,
}

keyword_enum! {
    /// `unnamed_addr` / `local_unnamed_addr`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum UnnamedAddr {
        /// Neither.
        #[default]
        None = b"",
        /// `local_unnamed_addr`.
        Local = b"local_unnamed_addr",
        /// `unnamed_addr`.
        Global = b"unnamed_addr",
    }
}

keyword_enum! {
    /// COMDAT selection kinds.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum ComdatKind {
        /// `any`.
        #[default]
        Any = b"any",
        /// `exactmatch`.
        ExactMatch = b"exactmatch",
        /// `largest`.
        Largest = b"largest",
        /// `nodeduplicate`.
        NoDeduplicate = b"nodeduplicate",
        /// `samesize`.
        SameSize = b"samesize",
    }
}

/// A comdat: `$name = comdat kind`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comdat {
    /// Its name.
    pub name: ByteStr,
    /// Its selection kind.
    pub kind: ComdatKind,
}

/// What every global value has.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GlobalCommon {
    /// The name (`None`: unnamed, printed as `@N`).
    pub name: Name,
    /// Linkage.
    pub linkage: Linkage,
    /// Visibility.
    pub visibility: Visibility,
    /// DLL storage class.
    pub dll: DllStorage,
    /// Thread-local model.
    pub thread_local: ThreadLocal,
    /// `unnamed_addr` or `local_unnamed_addr`.
    pub unnamed_addr: UnnamedAddr,
    /// `dso_local` (`false`: dso_preemptable, printed as nothing).
    pub dso_local: bool,
    /// `partition "name"`.
    pub partition: Option<ByteStr>,
    /// Sanitizer metadata flags: [`SANITIZE_NO_ADDRESS`] and friends.
    pub sanitizer: u8,
}

/// `no_sanitize_address`.
pub const SANITIZE_NO_ADDRESS: u8 = 1;
/// `no_sanitize_hwaddress`.
pub const SANITIZE_NO_HWADDRESS: u8 = 2;
/// `sanitize_memtag`.
pub const SANITIZE_MEMTAG: u8 = 4;
/// `sanitize_address_dyninit`.
pub const SANITIZE_ADDRESS_DYNINIT: u8 = 8;

/// A global variable.
#[derive(Debug, Clone, PartialEq)]
pub struct GlobalVar {
    /// Name, linkage and the other global-value properties.
    pub common: GlobalCommon,
    /// The value type (the global itself is a `ptr addrspace(N)`).
    pub ty: TypeId,
    /// Address space.
    pub addrspace: u32,
    /// `externally_initialized`.
    pub externally_initialized: bool,
    /// `constant` (else `global`).
    pub constant: bool,
    /// The initializer (`None`: a declaration).
    pub init: Option<ConstId>,
    /// `section "name"`.
    pub section: Option<ByteStr>,
    /// `comdat` / `comdat($name)`.
    pub comdat: Option<ComdatId>,
    /// `align N` (0: none).
    pub align: u64,
    /// `code_model "kind"` (`tiny`, `small`, `kernel`, `medium`, `large`).
    pub code_model: Option<Box<str>>,
    /// Global variable attributes (`#N` after everything else).
    pub attrs: AttrSetId,
    /// Attached metadata (`!dbg !N`, ...), in the order given.
    pub md: Vec<(MdKindId, MdId)>,
}

impl GlobalVar {
    /// A declaration of value type `ty` with every other field at its
    /// default (no name, external, `global`, no initializer).
    pub fn new(ty: TypeId) -> Self {
        GlobalVar {
            common: GlobalCommon::default(),
            ty,
            addrspace: 0,
            externally_initialized: false,
            constant: false,
            init: None,
            section: None,
            comdat: None,
            align: 0,
            code_model: None,
            attrs: AttrSetId::EMPTY,
            md: Vec::new(),
        }
    }
}

/// A function argument.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Arg {
    /// Its name (`None`: numbered).
    pub name: Name,
}

/// A basic block.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Block {
    /// Its label (`None`: numbered).
    pub name: Name,
    /// Its instructions in order (indices into [`Function::insts`]).
    pub insts: Vec<InstId>,
}

/// A function declaration or definition.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    /// Name, linkage and the other global-value properties.
    pub common: GlobalCommon,
    /// The function type.
    pub ty: TypeId,
    /// Calling convention.
    pub cc: CallConv,
    /// Address space (`addrspace(N)` when not the datalayout's program
    /// address space; kept as given).
    pub addrspace: u32,
    /// Function, return and parameter attributes.
    pub attrs: AttrListId,
    /// `section "name"`.
    pub section: Option<ByteStr>,
    /// `comdat` / `comdat($name)`.
    pub comdat: Option<ComdatId>,
    /// `align N` (0: none).
    pub align: u64,
    /// `gc "name"`.
    pub gc: Option<ByteStr>,
    /// `prefix T C`.
    pub prefix: Option<ConstId>,
    /// `prologue T C`.
    pub prologue: Option<ConstId>,
    /// `personality T C`.
    pub personality: Option<ConstId>,
    /// Attached metadata on the definition (`!dbg !N`, ...).
    pub md: Vec<(MdKindId, MdId)>,
    /// Arguments (as many as the type has parameters).
    pub args: Vec<Arg>,
    /// Blocks in layout order; empty for a declaration.
    pub blocks: Vec<Block>,
    /// The instruction arena; blocks list which are where.
    pub insts: Vec<Inst>,
}

impl Function {
    /// A declaration of function type `ty` with every other field at its
    /// default (no name, external, `ccc`, no attributes, no arguments: push
    /// one [`Arg`] per parameter before printing).
    pub fn new(ty: TypeId) -> Self {
        Function {
            common: GlobalCommon::default(),
            ty,
            cc: CallConv::C,
            addrspace: 0,
            attrs: AttrListId::EMPTY,
            section: None,
            comdat: None,
            align: 0,
            gc: None,
            prefix: None,
            prologue: None,
            personality: None,
            md: Vec::new(),
            args: Vec::new(),
            blocks: Vec::new(),
            insts: Vec::new(),
        }
    }

    /// A declaration with no body.
    pub fn is_declaration(&self) -> bool {
        self.blocks.is_empty()
    }

    /// The instruction `id`.
    pub fn inst(&self, id: InstId) -> &Inst {
        &self.insts[id.0 as usize]
    }

    /// Gives back the spare capacity of the instruction and block lists
    /// (see [`Module::shrink_to_fit`]).
    pub fn shrink_to_fit(&mut self) {
        self.insts.shrink_to_fit();
        self.blocks.shrink_to_fit();
        for b in &mut self.blocks {
            b.insts.shrink_to_fit();
        }
    }
}

/// `@name = alias T, ptr @aliasee`.
#[derive(Debug, Clone, PartialEq)]
pub struct Alias {
    /// Name, linkage and the other global-value properties.
    pub common: GlobalCommon,
    /// The value type.
    pub ty: TypeId,
    /// Address space of the alias's pointer type.
    pub addrspace: u32,
    /// The aliasee (a constant of pointer type).
    pub aliasee: ConstId,
}

/// `@name = ifunc T, ptr @resolver`.
#[derive(Debug, Clone, PartialEq)]
pub struct IFunc {
    /// Name, linkage and the other global-value properties.
    pub common: GlobalCommon,
    /// The value type.
    pub ty: TypeId,
    /// Address space of the ifunc's pointer type.
    pub addrspace: u32,
    /// The resolver.
    pub resolver: ConstId,
}

/// `!name = !{!0, !1}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedMd {
    /// The name (without `!`).
    pub name: ByteStr,
    /// The operands (nodes).
    pub ops: Vec<MdId>,
}

/// `asm sideeffect alignstack inteldialect unwind "body", "constraints"`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InlineAsm {
    /// The function type of the call.
    pub ty: TypeId,
    /// The assembly text.
    pub asm: Box<[u8]>,
    /// The constraint string.
    pub constraints: Box<[u8]>,
    /// `sideeffect`.
    pub side_effects: bool,
    /// `alignstack`.
    pub align_stack: bool,
    /// `inteldialect`.
    pub intel_dialect: bool,
    /// `unwind`.
    pub can_throw: bool,
}

/// A whole module.
#[derive(Debug, Clone, Default)]
pub struct Module {
    /// The module identifier printed on the first line
    /// (`; ModuleID = 'id'`); `None` prints `'<stdin>'`, as `llvm-dis`
    /// does for a module read from standard input.
    pub module_id: Option<Box<str>>,
    /// `source_filename = "..."`.
    pub source_filename: Option<Box<[u8]>>,
    /// `target datalayout = "..."`.
    pub datalayout: Option<Box<str>>,
    /// `target triple = "..."`.
    pub triple: Option<Box<str>>,
    /// `module asm "..."`, one entry per line.
    pub module_asm: Vec<Box<[u8]>>,
    /// The type arena.
    pub types: Types,
    /// The constant arena.
    pub consts: Constants,
    /// Attribute sets and lists.
    pub attrs: Attrs,
    /// Metadata nodes and kinds.
    pub md: Metadata,
    /// Comdats, in order of definition.
    pub comdats: Vec<Comdat>,
    /// Global variables, in order.
    pub globals: Vec<GlobalVar>,
    /// Functions, in order.
    pub functions: Vec<Function>,
    /// Aliases, in order.
    pub aliases: Vec<Alias>,
    /// IFuncs, in order.
    pub ifuncs: Vec<IFunc>,
    /// Named metadata, in order.
    pub named_md: Vec<NamedMd>,
    /// Inline assembly values used as callees.
    pub inline_asm: Vec<InlineAsm>,
    /// Use-list orders of blocks set by `uselistorder_bb` directives. The
    /// order of a use list is visible in the text only through a block's
    /// `; preds = ...` comment, which is what this keeps.
    pub block_use_orders: Vec<BlockUseOrder>,
    /// Use-list orders of values set by `uselistorder` directives, in
    /// text order: not printed (as `llvm-dis` does not print them), kept
    /// so that a bitcode writer can rebuild the order of uses LLVM's
    /// parser leaves in memory.
    pub value_use_orders: Vec<ValueUseOrder>,
    /// The global values in the order the parser met their definitions
    /// and declarations (the module keeps each kind's order; this keeps
    /// their interleaving, which LLVM's parser makes uses in). Empty for a
    /// module not read from text: variables, aliases, ifuncs, then
    /// functions, as printed.
    pub definition_order: Vec<GlobalRef>,
}

/// `uselistorder <ty> <value>, { ... }`: the permutation LLVM applies to a
/// value's use list (use `i` of the current order moves to `order[i]`),
/// at the end of a function's body (`func`) or at the top level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueUseOrder {
    /// The function whose body holds the directive ([`Module::functions`]
    /// index); `None` at the top level.
    pub func: Option<u32>,
    /// The value.
    pub value: Value,
    /// The permutation.
    pub order: Box<[u32]>,
}

/// `uselistorder_bb @f, %bb, { ... }`: the permutation LLVM applies to the
/// block's use list (use `i` of the current order moves to `order[i]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockUseOrder {
    /// The function ([`Module::functions`] index).
    pub func: u32,
    /// The block.
    pub block: BlockId,
    /// The permutation.
    pub order: Box<[u32]>,
}

impl Module {
    /// An empty module.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty module named `id`, as LLVM's `Module(id, context)`: printed
    /// as `; ModuleID = 'id'`, with `id` as its `source_filename` too.
    pub fn named(id: &str) -> Self {
        Module {
            module_id: Some(id.into()),
            source_filename: Some(id.as_bytes().into()),
            ..Self::default()
        }
    }

    /// Gives back the spare capacity the module's arenas and lists kept
    /// while they grew (the metadata nodes and constants, each function's
    /// instructions and blocks): call it once the module is built or
    /// read, before keeping it for long. The bitcode and `.ll` readers do.
    pub fn shrink_to_fit(&mut self) {
        self.md.shrink_to_fit();
        self.consts.shrink_to_fit();
        for f in &mut self.functions {
            f.shrink_to_fit();
        }
    }

    /// The function a call calls directly (LLVM's `getCalledFunction`):
    /// its index in [`functions`](Self::functions), `None` for an indirect
    /// call, inline asm or a callee that is another constant.
    pub fn called_function_index(&self, call: &CallData) -> Option<usize> {
        let Value::Const(c) = call.callee else { return None };
        match self.consts.kind(c)? {
            ConstKind::Global(GlobalRef::Func(i)) if (*i as usize) < self.functions.len() => {
                Some(*i as usize)
            }
            _ => None,
        }
    }

    /// The function a call calls directly (see
    /// [`called_function_index`](Self::called_function_index)).
    ///
    /// ```
    /// use llvmext_ir::inst::InstKind;
    /// let m = llvmext_ir::parse::parse(
    ///     b"declare i32 @puts(ptr)\ndefine void @f(ptr %s) {\n  %r = call i32 @puts(ptr %s)\n  ret void\n}\n",
    ///     "f.ll",
    /// )?;
    /// let f = &m.functions[1];
    /// let InstKind::Call { call, .. } = &f.insts[0].kind else { unreachable!() };
    /// let callee = m.called_function(call).and_then(|g| g.common.name.as_ref());
    /// assert_eq!(callee.map(|n| n.to_string()).as_deref(), Some("puts"));
    /// # Ok::<(), llvmext_ir::parse::ParseError>(())
    /// ```
    pub fn called_function(&self, call: &CallData) -> Option<&Function> {
        self.functions.get(self.called_function_index(call)?)
    }

    /// The common properties of a global value.
    pub fn global_common(&self, g: GlobalRef) -> &GlobalCommon {
        match g {
            GlobalRef::Var(i) => &self.globals[i as usize].common,
            GlobalRef::Func(i) => &self.functions[i as usize].common,
            GlobalRef::Alias(i) => &self.aliases[i as usize].common,
            GlobalRef::IFunc(i) => &self.ifuncs[i as usize].common,
        }
    }

    /// The address space of a global value's pointer.
    pub fn global_addrspace(&self, g: GlobalRef) -> u32 {
        match g {
            GlobalRef::Var(i) => self.globals[i as usize].addrspace,
            GlobalRef::Func(i) => self.functions[i as usize].addrspace,
            GlobalRef::Alias(i) => self.aliases[i as usize].addrspace,
            GlobalRef::IFunc(i) => self.ifuncs[i as usize].addrspace,
        }
    }

    /// The value type of a global value (for a function, its function type).
    pub fn global_value_type(&self, g: GlobalRef) -> TypeId {
        match g {
            GlobalRef::Var(i) => self.globals[i as usize].ty,
            GlobalRef::Func(i) => self.functions[i as usize].ty,
            GlobalRef::Alias(i) => self.aliases[i as usize].ty,
            GlobalRef::IFunc(i) => self.ifuncs[i as usize].ty,
        }
    }

    /// The type of `v` as an operand of function `f` (`None` if `v` names
    /// something `f` does not have).
    pub fn value_type(&self, f: &Function, v: Value) -> Option<TypeId> {
        match v {
            Value::Const(c) => self.consts.ty(c),
            Value::Arg(n) => match self.types.get(f.ty)? {
                TypeKind::Function { params, .. } => params.get(n as usize).copied(),
                _ => None,
            },
            Value::Inst(i) => f.insts.get(i.0 as usize).map(|i| i.ty),
            Value::Metadata(_) => self.types_metadata(),
            Value::InlineAsm(i) => self.inline_asm.get(i as usize).map(|a| a.ty),
        }
    }

    fn types_metadata(&self) -> Option<TypeId> {
        self.types.find(&TypeKind::Metadata)
    }
}
