//! The verifier: the structural checks LLVM's `Verifier` (`opt -passes=verify`,
//! and `llvm-as` after parsing) performs, on the plain model.
//!
//! - every block ends with exactly one terminator and has none in the
//!   middle; the entry block has no predecessors;
//! - phis are grouped at the top of their block, with one entry per
//!   predecessor (and only predecessors);
//! - SSA dominance: an instruction's operands dominate it, a phi's incoming
//!   value dominates the end of its incoming block — over a dominator tree
//!   computed with the Cooper–Harvey–Kennedy iterative algorithm (no
//!   recursion); uses in unreachable blocks are not checked, as in LLVM;
//! - the type rules of each instruction ([`check_inst`], the builder's own
//!   checks);
//! - linkage rules: declarations only `external`/`extern_weak`, `common`
//!   globals zero-initialized, not constant and not in a comdat, local
//!   linkage with default visibility and no DLL storage class, `appending`
//!   only for arrays, alias and ifunc rules;
//! - ids that do not exist (instructions, blocks, constants, globals,
//!   metadata) are errors, never panics.
//!
//! Messages are worded as LLVM's where it has one.
//!
//! ```
//! use llvmext_ir::builder::Builder;
//! use llvmext_ir::module::{Block, BlockId};
//! use llvmext_ir::Module;
//! let mut m = Module::new();
//! let mut b = Builder::new(&mut m);
//! let v = b.void();
//! let fty = b.fn_type(v, &[])?;
//! let f = b.define_function("f", fty)?;
//! let mut fb = b.func(f)?;
//! let entry = fb.block("entry");
//! fb.position_at_end(entry);
//! fb.br(entry)?; // a branch back to the entry block
//! drop(fb);
//! let errs = llvmext_ir::verify::verify(&m).unwrap_err();
//! assert_eq!(errs[0].message, "Entry block to function must not have predecessors!");
//! assert_eq!(errs[0].to_string(),
//!     "function 'f': block %entry: Entry block to function must not have predecessors!");
//! # Ok::<(), llvmext_ir::builder::BuildError>(())
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use crate::constant::ConstKind;
use crate::id::{ConstId, GlobalRef, InstId, Value};
use crate::inst::{InstKind, TailKind};
use crate::module::{Block, Function, Linkage, Module};
use crate::name::Name;
use crate::typecheck::{check_common, check_global_var, check_inst, global_addrspace};
use crate::types::TypeKind;

mod di_checks;
pub(crate) mod intrinsic_sig;
mod musttail;
mod tbaa;

/// A verification failure, located.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyError {
    /// The global value concerned (`@name`, or `@N` for unnamed ones by
    /// their index in their list), if any.
    pub global: Option<String>,
    /// The function concerned, if the fault is in a body.
    pub function: Option<String>,
    /// The block (its index in layout order) and its label (`%name` or
    /// `#index` when unnamed).
    pub block: Option<(u32, String)>,
    /// The instruction's position in its block.
    pub inst: Option<u32>,
    /// What is wrong.
    pub message: String,
    /// A debug-info fault (LLVM's `CheckDI`): `llvm-as` prints it, drops
    /// the module's debug info and accepts the module, with the warning
    /// "ignoring invalid debug info".
    pub debug_info: bool,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(func) = &self.function {
            write!(f, "function '{func}': ")?;
        } else if let Some(g) = &self.global {
            write!(f, "global '{g}': ")?;
        }
        if let Some((_, label)) = &self.block {
            write!(f, "block {label}: ")?;
        }
        if let Some(i) = self.inst {
            write!(f, "instruction {i}: ")?;
        }
        f.write_str(&self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for VerifyError {}

/// The debug-info checks alone (LLVM's `CheckDI` failures, each with
/// [`VerifyError::debug_info`] set): what [`debug_info::upgrade_debug_info`]
/// runs when a module is read.
///
/// [`debug_info::upgrade_debug_info`]: crate::debug_info::upgrade_debug_info
pub fn verify_debug_info(m: &Module) -> Vec<VerifyError> {
    di_checks::check(m)
        .into_iter()
        .map(|d| VerifyError {
            global: None,
            function: d.func,
            block: None,
            inst: None,
            message: d.message.into(),
            debug_info: true,
        })
        .collect()
}

/// Verifies `m`: `Ok` or every fault found.
pub fn verify(m: &Module) -> Result<(), Vec<VerifyError>> {
    verify_with(m, &VerifyOptions::default())
}

/// Which checks [`verify_with`] makes.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct VerifyOptions {
    /// Make the debug-info checks of [`verify_debug_info`] too (default
    /// `true`). A module just read by [`parse`](crate::parse::parse) has
    /// had them already (invalid debug info is dropped on read, as
    /// `llvm-as` does): a tool that verifies what it parsed can skip them.
    pub debug_info: bool,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        VerifyOptions { debug_info: true }
    }
}

impl VerifyOptions {
    /// Sets [`debug_info`](Self::debug_info).
    pub fn debug_info(mut self, on: bool) -> Self {
        self.debug_info = on;
        self
    }
}

/// [`verify`] with options.
///
/// ```
/// use llvmext_ir::verify::{verify_with, VerifyOptions};
/// let m = llvmext_ir::parse::parse(b"define i32 @f() {\n  ret i32 0\n}\n", "f.ll")?;
/// assert!(verify_with(&m, &VerifyOptions::default().debug_info(false)).is_ok());
/// # Ok::<(), llvmext_ir::parse::ParseError>(())
/// ```
pub fn verify_with(m: &Module, opts: &VerifyOptions) -> Result<(), Vec<VerifyError>> {
    let mut v = V { m, errs: Vec::new(), tbaa_valid: Vec::new() };
    v.module();
    if opts.debug_info {
        v.errs.extend(verify_debug_info(m));
    }
    if v.errs.is_empty() {
        Ok(())
    } else {
        Err(v.errs)
    }
}

/// LLVM 19's `Verifier::visitConstantPtrAuth`: the first rule a
/// `ptrauth` constant of type `ty` breaks, in LLVM's order and words.
fn ptr_auth_error(
    m: &Module,
    ty: crate::id::TypeId,
    ptr: ConstId,
    key: ConstId,
    disc: ConstId,
    addr_disc: ConstId,
) -> Option<&'static str> {
    let kind_of = |c: ConstId| m.consts.ty(c).and_then(|t| m.types.get(t));
    // `getKey`/`getDiscriminator` are `ConstantInt`s in LLVM; anything
    // else cannot be built there, and is reported here by its width rule.
    let int_of = |c: ConstId, bits: u32| {
        matches!(m.consts.kind(c), Some(ConstKind::Int(_)))
            && kind_of(c) == Some(&TypeKind::Int(bits))
    };
    if !matches!(kind_of(ptr), Some(TypeKind::Ptr(_))) {
        Some("signed ptrauth constant base pointer must have pointer type")
    } else if m.consts.ty(ptr) != Some(ty) {
        Some("signed ptrauth constant must have same type as its base pointer")
    } else if !int_of(key, 32) {
        Some("signed ptrauth constant key must be i32 constant integer")
    } else if !matches!(kind_of(addr_disc), Some(TypeKind::Ptr(_))) {
        Some("signed ptrauth constant address discriminator must be a pointer")
    } else if !int_of(disc, 64) {
        Some("signed ptrauth constant discriminator must be i64 constant integer")
    } else {
        None
    }
}

fn display_name(name: &Name, sigil: char, index: usize) -> String {
    match name {
        Some(n) => format!("{sigil}{n}"),
        None => format!("{sigil}{index}"),
    }
}

struct V<'a> {
    m: &'a Module,
    errs: Vec<VerifyError>,
    /// `!tbaa` tags found valid on a memory access (by node id): the check
    /// depends on nothing else, and a module has few tags and many uses.
    tbaa_valid: Vec<bool>,
}

/// Where in a function.
#[derive(Clone, Copy)]
struct Loc<'f> {
    func: &'f str,
    block: Option<(u32, &'f Name)>,
    inst: Option<u32>,
}

impl<'a> V<'a> {
    fn global_err(&mut self, g: String, msg: impl Into<String>) {
        self.errs.push(VerifyError {
            global: Some(g),
            function: None,
            block: None,
            inst: None,
            message: msg.into(),
            debug_info: false,
        });
    }

    fn at(&mut self, loc: Loc<'_>, msg: impl Into<String>) {
        self.errs.push(VerifyError {
            global: None,
            function: Some(loc.func.to_string()),
            block: loc.block.map(|(i, n)| {
                (
                    i,
                    match n {
                        Some(s) => format!("%{s}"),
                        None => format!("#{i}"),
                    },
                )
            }),
            inst: loc.inst,
            message: msg.into(),
            debug_info: false,
        });
    }

    fn global_exists(&self, g: GlobalRef) -> bool {
        global_addrspace(self.m, g).is_some()
    }

    fn module(&mut self) {
        let m = self.m;
        // Constants naming globals or blocks that do not exist.
        for (id, ty, kind) in m.consts.iter() {
            if m.types.get(ty).is_none() {
                self.global_err(
                    format!("constant #{}", id.0),
                    "constant with a type that does not exist",
                );
                continue;
            }
            let bad = match kind {
                ConstKind::Global(g) | ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => {
                    !self.global_exists(*g)
                }
                ConstKind::BlockAddress { func, block } => match func {
                    GlobalRef::Func(i) => m
                        .functions
                        .get(*i as usize)
                        .is_none_or(|f| *block as usize >= f.blocks.len()),
                    _ => true,
                },
                ConstKind::Array(e) | ConstKind::Struct(e) | ConstKind::Vector(e) => {
                    e.iter().any(|c| m.consts.ty(*c).is_none())
                }
                ConstKind::Splat(e) => m.consts.ty(*e).is_none(),
                ConstKind::Expr { ops, .. } => ops.iter().any(|c| m.consts.ty(*c).is_none()),
                ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
                    [ptr, key, disc, addr_disc].iter().any(|c| m.consts.ty(**c).is_none())
                }
                _ => false,
            };
            if bad {
                self.global_err(
                    format!("constant #{}", id.0),
                    "constant refers to something that does not exist",
                );
            } else if let ConstKind::PtrAuth { ptr, key, disc, addr_disc } = kind {
                if let Some(msg) = ptr_auth_error(m, ty, *ptr, *key, *disc, *addr_disc) {
                    self.global_err(format!("constant #{}", id.0), msg);
                }
            }
        }
        // One namespace for every global value's name.
        let mut names: hashbrown::HashSet<&crate::name::ByteStr> = hashbrown::HashSet::new();
        let all = m
            .globals
            .iter()
            .map(|g| &g.common.name)
            .chain(m.functions.iter().map(|f| &f.common.name))
            .chain(m.aliases.iter().map(|a| &a.common.name))
            .chain(m.ifuncs.iter().map(|x| &x.common.name));
        for n in all.flatten() {
            if !names.insert(n) {
                let n = n.to_string_lossy();
                self.global_err(format!("@{n}"), format!("redefinition of global '@{n}'"));
            }
        }
        for (i, g) in m.globals.iter().enumerate() {
            if let Err(e) = check_global_var(m, g) {
                self.global_err(display_name(&g.common.name, '@', i), e.message);
            }
            self.md_attachments(&g.md, display_name(&g.common.name, '@', i));
        }
        for (i, f) in m.functions.iter().enumerate() {
            self.function(i, f);
        }
        for i in 0..m.aliases.len() {
            self.alias(i);
        }
        for (i, x) in m.ifuncs.iter().enumerate() {
            let name = display_name(&x.common.name, '@', i);
            if let Err(e) = check_common(&x.common) {
                self.global_err(name.clone(), e.message);
            }
            if !matches!(
                x.common.linkage,
                Linkage::Private
                    | Linkage::Internal
                    | Linkage::LinkOnce
                    | Linkage::Weak
                    | Linkage::LinkOnceOdr
                    | Linkage::WeakOdr
                    | Linkage::External
            ) {
                self.global_err(
                    name.clone(),
                    "IFunc should have private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage!",
                );
            }
            match self.resolve_global(x.resolver) {
                Some(GlobalRef::Func(fi)) => {
                    let Some(rf) = m.functions.get(fi as usize) else { continue };
                    if rf.is_declaration() {
                        self.global_err(name.clone(), "IFunc resolver must be a definition");
                    }
                    let ret_ptr = matches!(m.types.get(rf.ty), Some(TypeKind::Function { ret, .. }) if matches!(m.types.get(*ret), Some(TypeKind::Ptr(_))));
                    if !ret_ptr {
                        self.global_err(name, "IFunc resolver must return a pointer");
                    }
                }
                _ => self.global_err(name, "IFunc must have a Function resolver"),
            }
        }
        for n in &m.named_md {
            if n.ops.iter().any(|o| m.md.get(*o).is_none()) {
                self.global_err(
                    format!("!{}", n.name),
                    "named metadata operand that does not exist",
                );
            }
        }
    }

    fn md_attachments(&mut self, md: &[(crate::id::MdKindId, crate::id::MdId)], who: String) {
        for (k, id) in md {
            if self.m.md.get(*id).is_none() || (k.0 as usize) >= self.m.md.kind_count() {
                self.global_err(who.clone(), "metadata attachment that does not exist");
            }
        }
    }

    /// The global a constant names, looking through constant expressions.
    fn resolve_global(&self, c: ConstId) -> Option<GlobalRef> {
        let mut cur = c;
        for _ in 0..1000 {
            match self.m.consts.kind(cur)? {
                ConstKind::Global(g) => return Some(*g),
                ConstKind::Expr { ops, .. } => cur = *ops.first()?,
                _ => return None,
            }
        }
        None
    }

    fn alias(&mut self, i: usize) {
        let m = self.m;
        let Some(a) = m.aliases.get(i) else { return };
        let name = display_name(&a.common.name, '@', i);
        if let Err(e) = check_common(&a.common) {
            self.global_err(name.clone(), e.message);
        }
        if !matches!(
            a.common.linkage,
            Linkage::Private
                | Linkage::Internal
                | Linkage::LinkOnce
                | Linkage::Weak
                | Linkage::LinkOnceOdr
                | Linkage::WeakOdr
                | Linkage::External
                | Linkage::AvailableExternally
        ) {
            self.global_err(
                name.clone(),
                "Alias should have private, internal, linkonce, weak, linkonce_odr, weak_odr, external, or available_externally linkage!",
            );
        }
        let Some(aty) = m.consts.ty(a.aliasee) else {
            self.global_err(name, "Aliasee cannot be NULL!");
            return;
        };
        if m.types.get(aty) != Some(&TypeKind::Ptr(a.addrspace)) {
            self.global_err(name.clone(), "Alias and aliasee types should match!");
        }
        // Follow the chain of aliases (iteratively, detecting cycles).
        let mut seen = hashbrown::HashSet::new();
        seen.insert(i as u32);
        let mut cur = a.aliasee;
        loop {
            match self.resolve_global(cur) {
                Some(GlobalRef::Alias(j)) => {
                    if !seen.insert(j) {
                        self.global_err(name, "Aliases cannot form a cycle");
                        return;
                    }
                    let Some(next) = m.aliases.get(j as usize) else {
                        self.global_err(name, "Aliasee refers to an alias that does not exist");
                        return;
                    };
                    if matches!(
                        next.common.linkage,
                        Linkage::LinkOnce | Linkage::Weak | Linkage::ExternWeak | Linkage::Common
                    ) {
                        self.global_err(name, "Alias cannot point to an interposable alias");
                        return;
                    }
                    cur = next.aliasee;
                }
                Some(GlobalRef::Var(j)) => {
                    if m.globals.get(j as usize).is_none_or(|g| g.init.is_none()) {
                        self.global_err(name, "Alias must point to a definition");
                    }
                    return;
                }
                Some(GlobalRef::Func(j)) => {
                    if m.functions.get(j as usize).is_none_or(|f| f.is_declaration()) {
                        self.global_err(name, "Alias must point to a definition");
                    }
                    return;
                }
                Some(GlobalRef::IFunc(_)) => return,
                None => {
                    // An expression over no global (`inttoptr (i64 4096 to
                    // ptr)`) is a valid aliasee; anything else is not.
                    if !matches!(
                        m.consts.kind(a.aliasee),
                        Some(ConstKind::Expr { .. } | ConstKind::Global(_))
                    ) {
                        self.global_err(
                            name,
                            "Aliasee should be either GlobalValue or ConstantExpr",
                        );
                    }
                    return;
                }
            }
        }
    }

    fn function(&mut self, fi: usize, f: &'a Function) {
        let m = self.m;
        let fname = match &f.common.name {
            Some(n) => n.to_string(),
            None => format!("{fi}"),
        };
        let gname = display_name(&f.common.name, '@', fi);
        let top = Loc { func: &fname, block: None, inst: None };
        if let Err(e) = check_common(&f.common) {
            self.at(top, e.message);
        }
        let Some(TypeKind::Function { params, .. }) = m.types.get(f.ty) else {
            self.at(top, "function type is not a function type");
            return;
        };
        if params.len() != f.args.len() {
            self.at(
                top,
                "the function has a different number of arguments than its type has parameters",
            );
        }
        // verifyAttributeCount.
        if m.attrs.get_list(f.attrs).params.len() > params.len() {
            self.at(top, "Attribute after last parameter!");
        }
        match f.common.linkage {
            Linkage::Common => self.at(top, "Functions may not have common linkage"),
            Linkage::Appending => self.at(top, "Only global variables can have appending linkage!"),
            _ => {}
        }
        if f.is_declaration()
            && !matches!(f.common.linkage, Linkage::External | Linkage::ExternWeak)
        {
            self.at(top, "invalid linkage for function declaration");
        }
        if !f.is_declaration() && f.common.linkage == Linkage::ExternWeak {
            self.at(top, "extern_weak linkage is only valid on declarations");
        }
        for c in [f.prefix, f.prologue, f.personality].into_iter().flatten() {
            if m.consts.ty(c).is_none() {
                self.at(top, "prefix, prologue or personality constant that does not exist");
            }
        }
        if f.comdat.is_some_and(|c| c.0 as usize >= m.comdats.len()) {
            self.at(top, "comdat that does not exist");
        }
        self.md_attachments(&f.md, gname);
        if let Some(msg) = intrinsic_sig::check_function(f) {
            self.at(top, msg);
        }
        if f.is_declaration() {
            return;
        }
        self.body(f, &fname);
    }

    fn body(&mut self, f: &'a Function, fname: &str) {
        let nb = f.blocks.len();
        let ni = f.insts.len();
        // One namespace for arguments, blocks and instruction results.
        let mut names: hashbrown::HashSet<&crate::name::ByteStr> = hashbrown::HashSet::new();
        let top = Loc { func: fname, block: None, inst: None };
        let all = f
            .args
            .iter()
            .map(|a| &a.name)
            .chain(f.blocks.iter().map(|b| &b.name))
            .chain(f.insts.iter().map(|i| &i.name));
        for n in all.flatten() {
            if !names.insert(n) {
                let n = n.to_string_lossy();
                self.at(top, format!("multiple definition of local value named '{n}'"));
            }
        }
        // Placement: every listed id exists, and is listed once.
        let mut place: Vec<Option<(u32, u32)>> = vec![None; ni];
        let mut structural = false;
        for (bi, b) in f.blocks.iter().enumerate() {
            let bloc = Loc { func: fname, block: Some((bi as u32, &b.name)), inst: None };
            if b.insts.is_empty() {
                self.at(
                    bloc,
                    format!("Basic Block in function '{fname}' does not have terminator!"),
                );
                structural = true;
                continue;
            }
            let last = b.insts.len() - 1;
            for (ii, &id) in b.insts.iter().enumerate() {
                let loc = Loc { inst: Some(ii as u32), ..bloc };
                let Some(slot) = place.get_mut(id.0 as usize) else {
                    self.at(loc, format!("instruction id {} does not exist", id.0));
                    structural = true;
                    continue;
                };
                if slot.is_some() {
                    self.at(loc, format!("instruction id {} is placed twice", id.0));
                    structural = true;
                    continue;
                }
                *slot = Some((bi as u32, ii as u32));
                let term = f.insts.get(id.0 as usize).is_some_and(|i| i.kind.is_terminator());
                if ii == last && !term {
                    self.at(
                        bloc,
                        format!("Basic Block in function '{fname}' does not have terminator!"),
                    );
                    structural = true;
                } else if ii != last && term {
                    self.at(loc, "Terminator found in the middle of a basic block!");
                    structural = true;
                }
            }
        }
        // The control-flow graph (only block ids that exist; bad ones are
        // reported by the instruction checks).
        let mut succs: Vec<Vec<u32>> = vec![Vec::new(); nb];
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); nb];
        for (bi, b) in f.blocks.iter().enumerate() {
            let Some(t) = b.insts.last().and_then(|i| f.insts.get(i.0 as usize)) else { continue };
            if !t.kind.is_terminator() {
                continue;
            }
            for s in t.kind.successors() {
                if (s.0 as usize) < nb {
                    succs[bi].push(s.0);
                    preds[s.0 as usize].push(bi as u32);
                }
            }
        }
        if let Some(b0) = f.blocks.first() {
            if !preds[0].is_empty() {
                let loc = Loc { func: fname, block: Some((0, &b0.name)), inst: None };
                self.at(loc, "Entry block to function must not have predecessors!");
            }
        }
        let dom = DomTree::new(&succs, &preds);

        for (bi, b) in f.blocks.iter().enumerate() {
            let bloc = Loc { func: fname, block: Some((bi as u32, &b.name)), inst: None };
            let mut seen_non_phi = false;
            let mut first_non_phi: Option<usize> = None;
            for (ii, &id) in b.insts.iter().enumerate() {
                let loc = Loc { inst: Some(ii as u32), ..bloc };
                let Some(inst) = f.insts.get(id.0 as usize) else { continue };
                if let Err(e) = check_inst(self.m, f, &inst.kind, inst.ty) {
                    self.at(loc, e.message);
                } else {
                    self.inst_rules(f, b, ii, inst, loc);
                }
                if inst.name.is_some() && self.m.types.get(inst.ty) == Some(&TypeKind::Void) {
                    self.at(loc, "Instruction has a name, but provides a void value!");
                }
                for (_, md) in &inst.md {
                    if self.m.md.get(*md).is_none() {
                        self.at(loc, "metadata attachment that does not exist");
                    }
                }
                for r in &inst.dbg_records {
                    let mut bad = false;
                    r.for_each_md(|id| bad |= self.m.md.get(id).is_none());
                    if bad {
                        self.at(loc, "debug record refers to metadata that does not exist");
                    }
                }
                let is_phi = matches!(inst.kind, InstKind::Phi { .. });
                if is_phi {
                    if seen_non_phi {
                        self.at(loc, "PHI nodes not grouped at top of basic block!");
                    }
                } else {
                    if !seen_non_phi {
                        first_non_phi = Some(ii);
                    }
                    seen_non_phi = true;
                }
                if let InstKind::LandingPad { .. } = inst.kind {
                    if first_non_phi != Some(ii) {
                        self.at(
                            loc,
                            "LandingPadInst not the first non-PHI instruction in the block.",
                        );
                    }
                    if f.personality.is_none() {
                        self.at(
                            loc,
                            "LandingPadInst needs to be in a function with a personality.",
                        );
                    }
                }
                if let InstKind::Invoke { unwind, .. } = inst.kind {
                    if !self.is_eh_pad_block(f, unwind.0) {
                        self.at(loc, "The unwind destination does not have an exception handling instruction!");
                    }
                }
                if let InstKind::Phi { incoming, .. } = &inst.kind {
                    self.phi_preds(loc, incoming, &preds[bi]);
                }
                if structural {
                    continue;
                }
                // Dominance of operands.
                let here = (bi as u32, ii as u32);
                let mut ok = true;
                let mut self_ref = false;
                let mut unplaced = false;
                match &inst.kind {
                    InstKind::Phi { incoming, .. } => {
                        for &(v, pb) in incoming {
                            let Value::Inst(d) = v else { continue };
                            match self.def_at(&place, d) {
                                None => unplaced = true,
                                Some(def) => {
                                    if !self
                                        .dominates_phi_use(f, &dom, &preds, d, def, pb.0, bi as u32)
                                    {
                                        ok = false;
                                    }
                                }
                            }
                        }
                    }
                    kind => {
                        kind.for_each_operand(|v| {
                            let Value::Inst(d) = v else { return };
                            if d == id {
                                self_ref = true;
                                return;
                            }
                            match self.def_at(&place, d) {
                                None => unplaced = true,
                                Some(def) => {
                                    if !self.dominates_use(f, &dom, &preds, d, def, here) {
                                        ok = false;
                                    }
                                }
                            }
                        });
                    }
                }
                if unplaced {
                    self.at(
                        loc,
                        "Instruction referencing instruction not embedded in a basic block!",
                    );
                }
                if self_ref && dom.reachable(bi as u32) {
                    self.at(loc, "Only PHI nodes may reference their own value!");
                }
                if !ok {
                    self.at(loc, "Instruction does not dominate all uses!");
                }
            }
        }
    }

    /// The rules kept in submodules: `!tbaa` tags, intrinsic signatures
    /// and `immarg`, `musttail`.
    fn inst_rules(
        &mut self,
        f: &Function,
        b: &Block,
        ii: usize,
        inst: &crate::inst::Inst,
        loc: Loc<'_>,
    ) {
        let kind = &inst.kind;
        for &(k, md) in &inst.md {
            if k.0 == 1 && self.m.md.get(md).is_some() {
                let access = tbaa::is_access(kind);
                if access && self.tbaa_valid.get(md.0 as usize) == Some(&true) {
                    continue;
                }
                match tbaa::check(self.m, kind, md) {
                    Some(msg) => self.at(loc, msg),
                    None if access => {
                        if self.tbaa_valid.is_empty() {
                            self.tbaa_valid = alloc::vec![false; self.m.md.len()];
                        }
                        if let Some(v) = self.tbaa_valid.get_mut(md.0 as usize) {
                            *v = true;
                        }
                    }
                    None => {}
                }
            }
        }
        let call = match kind {
            InstKind::Call { call, .. }
            | InstKind::Invoke { call, .. }
            | InstKind::CallBr { call, .. } => call,
            _ => return,
        };
        if self.m.attrs.get_list(call.attrs).params.len() > call.args.len() {
            self.at(loc, "Attribute after last parameter!");
        }
        if let Some(msg) = intrinsic_sig::check_call(self.m, call) {
            self.at(loc, msg);
            return;
        }
        if let InstKind::Call { tail: TailKind::MustTail, .. } = kind {
            if let Some(msg) = musttail::check(self.m, f, b, ii, call) {
                self.at(loc, msg);
            }
        }
    }

    fn is_eh_pad_block(&self, f: &Function, b: u32) -> bool {
        let Some(block) = f.blocks.get(b as usize) else { return true };
        for id in &block.insts {
            match f.insts.get(id.0 as usize).map(|i| &i.kind) {
                Some(InstKind::Phi { .. }) => continue,
                Some(
                    InstKind::LandingPad { .. }
                    | InstKind::CatchSwitch { .. }
                    | InstKind::CatchPad { .. }
                    | InstKind::CleanupPad { .. },
                ) => return true,
                _ => return false,
            }
        }
        false
    }

    fn def_at(&self, place: &[Option<(u32, u32)>], d: InstId) -> Option<(u32, u32)> {
        place.get(d.0 as usize).copied().flatten()
    }

    /// The block where the value of `d` (defined at `def`) becomes
    /// available, when it is an `invoke` or `callbr`: the edge to the normal
    /// destination.
    fn edge_def(f: &Function, d: InstId) -> Option<u32> {
        match f.insts.get(d.0 as usize).map(|i| &i.kind) {
            Some(InstKind::Invoke { normal, .. }) => Some(normal.0),
            Some(InstKind::CallBr { default, .. }) => Some(default.0),
            _ => None,
        }
    }

    /// Whether the edge `from -> to` dominates block `b` (LLVM's
    /// `DominatorTree::dominates(BasicBlockEdge, BasicBlock)`).
    fn edge_dominates(dom: &DomTree, preds: &[Vec<u32>], from: u32, to: u32, b: u32) -> bool {
        if !dom.dominates(to, b) {
            return false;
        }
        let ps = preds.get(to as usize).map_or(&[][..], |p| &p[..]);
        if ps.iter().filter(|&&p| p == from).count() > 1 {
            return false;
        }
        ps.iter().all(|&p| p == from || !dom.reachable(p) || dom.dominates(to, p))
    }

    fn dominates_use(
        &self,
        f: &Function,
        dom: &DomTree,
        preds: &[Vec<u32>],
        d: InstId,
        def: (u32, u32),
        use_: (u32, u32),
    ) -> bool {
        if !dom.reachable(use_.0) {
            return true;
        }
        if let Some(normal) = Self::edge_def(f, d) {
            return Self::edge_dominates(dom, preds, def.0, normal, use_.0);
        }
        if def.0 == use_.0 {
            return def.1 < use_.1;
        }
        dom.dominates(def.0, use_.0)
    }

    #[allow(clippy::too_many_arguments)]
    fn dominates_phi_use(
        &self,
        f: &Function,
        dom: &DomTree,
        preds: &[Vec<u32>],
        d: InstId,
        def: (u32, u32),
        pred: u32,
        phi_block: u32,
    ) -> bool {
        if !dom.reachable(pred) {
            return true;
        }
        if let Some(normal) = Self::edge_def(f, d) {
            if def.0 == pred {
                return normal == phi_block;
            }
            return Self::edge_dominates(dom, preds, def.0, normal, pred);
        }
        if def.0 == pred {
            return true;
        }
        dom.dominates(def.0, pred)
    }

    fn phi_preds(&mut self, loc: Loc<'_>, incoming: &[(Value, crate::id::BlockId)], preds: &[u32]) {
        let mut ps: Vec<u32> = preds.to_vec();
        ps.sort_unstable();
        let mut vals: Vec<(u32, Value)> = incoming.iter().map(|&(v, b)| (b.0, v)).collect();
        vals.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| value_key(a.1).cmp(&value_key(b.1))));
        if vals.len() != ps.len() {
            self.at(
                loc,
                "PHINode should have one entry for each predecessor of its parent basic block!",
            );
            return;
        }
        for i in 0..vals.len() {
            if i > 0 && vals[i].0 == vals[i - 1].0 && vals[i].1 != vals[i - 1].1 {
                self.at(loc, "PHI node has multiple entries for the same basic block with different incoming values!");
                return;
            }
            if vals[i].0 != ps[i] {
                self.at(loc, "PHI node entries do not match predecessors!");
                return;
            }
        }
    }
}

fn value_key(v: Value) -> (u8, u32) {
    match v {
        Value::Const(c) => (0, c.0),
        Value::Arg(n) => (1, n),
        Value::Inst(i) => (2, i.0),
        Value::Metadata(m) => (3, m.0),
        Value::InlineAsm(i) => (4, i),
    }
}

/// A dominator tree over blocks `0..n` (entry 0), computed with the
/// Cooper–Harvey–Kennedy iterative algorithm on reverse postorder.
struct DomTree {
    /// Reverse-postorder number of each block (`u32::MAX`: unreachable).
    rpo: Vec<u32>,
    /// Immediate dominator (the entry is its own; unreachable: `u32::MAX`).
    idom: Vec<u32>,
}

impl DomTree {
    fn new(succs: &[Vec<u32>], preds: &[Vec<u32>]) -> Self {
        let n = succs.len();
        let mut rpo = vec![u32::MAX; n];
        let mut idom = vec![u32::MAX; n];
        if n == 0 {
            return DomTree { rpo, idom };
        }
        // Iterative DFS for the postorder.
        let mut post: Vec<u32> = Vec::with_capacity(n);
        let mut visited = vec![false; n];
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        visited[0] = true;
        while let Some(top) = stack.last_mut() {
            let (b, next) = *top;
            if let Some(&s) = succs[b as usize].get(next) {
                top.1 += 1;
                if !visited[s as usize] {
                    visited[s as usize] = true;
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        let order: Vec<u32> = post.iter().rev().copied().collect();
        for (i, &b) in order.iter().enumerate() {
            rpo[b as usize] = i as u32;
        }
        idom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for &b in order.iter().skip(1) {
                let mut new_idom = u32::MAX;
                for &p in &preds[b as usize] {
                    if idom[p as usize] == u32::MAX {
                        continue;
                    }
                    new_idom =
                        if new_idom == u32::MAX { p } else { intersect(&rpo, &idom, p, new_idom) };
                }
                if new_idom != u32::MAX && idom[b as usize] != new_idom {
                    idom[b as usize] = new_idom;
                    changed = true;
                }
            }
        }
        DomTree { rpo, idom }
    }

    fn reachable(&self, b: u32) -> bool {
        self.rpo.get(b as usize).is_some_and(|&r| r != u32::MAX)
    }

    /// Whether block `a` dominates block `b` (every block dominates
    /// itself; an unreachable `b` is dominated by everything, as in LLVM).
    fn dominates(&self, a: u32, b: u32) -> bool {
        if !self.reachable(b) {
            return true;
        }
        if !self.reachable(a) {
            return false;
        }
        let ra = self.rpo[a as usize];
        let mut cur = b;
        while self.rpo[cur as usize] > ra {
            cur = self.idom[cur as usize];
        }
        cur == a
    }
}

fn intersect(rpo: &[u32], idom: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while rpo[a as usize] > rpo[b as usize] {
            a = idom[a as usize];
        }
        while rpo[b as usize] > rpo[a as usize] {
            b = idom[b as usize];
        }
    }
    a
}
