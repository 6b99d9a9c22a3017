//! The `.ll` printer: writes a [`Module`] exactly as `llvm-dis-19` writes
//! the same module, byte for byte.
//!
//! It follows LLVM's `AsmWriter`: the `TypeFinder` order for identified
//! struct types (and the numbering of unnamed ones), the `SlotTracker`
//! numbering of unnamed globals, locals, attribute groups and metadata
//! nodes, and the layout of every line. Everything is written into one
//! `String`; deep constants and metadata are walked with explicit stacks.
//!
//! ```
//! use llvmext_ir::Module;
//! let mut m = Module::new();
//! m.triple = Some("x86_64-pc-linux-gnu".into());
//! let text = llvmext_ir::write::print(&m);
//! assert_eq!(text, "; ModuleID = '<stdin>'\ntarget triple = \"x86_64-pc-linux-gnu\"\n");
//! ```

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::RefCell;
use core::fmt::Write as _;

use hashbrown::HashMap;

use crate::attr::Attr;
use crate::constant::{expr_flags, ConstKind, ExprOp};
use crate::di::DiKind;
use crate::id::{AttrSetId, BlockId, ComdatId, ConstId, GlobalRef, MdId, MdKindId, TypeId, Value};
use crate::inst::{
    flags, fmf, CallConv, Clause, DbgKind, DbgRecord, Inst, InstKind, Ordering, SyncScope, TailKind,
};
use crate::metadata::MdNode;
use crate::module::{
    DllStorage, Function, GlobalCommon, Linkage, Module, ThreadLocal, UnnamedAddr, Visibility,
};
use crate::name::Name;
use crate::types::TypeKind;

const NONE: u32 = u32::MAX;

/// Prints `m` as `llvm-dis-19` prints it: with its
/// [`module_id`](Module::module_id) on the first line
/// (`; ModuleID = 'name'`), or, for a module without one (as the parser
/// makes them), as a module read from standard input
/// (`; ModuleID = '<stdin>'`). Bytes of the model that are not UTF-8 and
/// that LLVM prints raw (a `gc` name, a string attribute's kind) come out
/// as U+FFFD here; [`print_bytes`] and [`write_to`] keep them.
pub fn print(m: &Module) -> String {
    print_with_id(m, m.module_id.as_deref().unwrap_or("<stdin>"))
}

impl core::fmt::Display for Module {
    /// The module's `.ll` text, as [`print`] gives it.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&print(self))
    }
}

#[cfg(feature = "std")]
impl Module {
    /// Writes the module's `.ll` text to any [`std::io::Write`], streamed
    /// ([`write_to`], with the module's id as [`print`] takes it).
    pub fn write_to<W: std::io::Write>(&self, mut w: W) -> std::io::Result<()> {
        write_to(self, self.module_id.as_deref().unwrap_or("<stdin>"), &mut w)
    }
}

/// Prints `m` with `module_id` on the first line (`; ModuleID = '<id>'`);
/// an empty id, or one holding a newline, prints no such line (as LLVM).
pub fn print_with_id(m: &Module, module_id: &str) -> String {
    match String::from_utf8(print_bytes(m, module_id)) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// The exact bytes `llvm-dis-19` writes for `m`, with `module_id` on the
/// first line as [`print_with_id`].
pub fn print_bytes(m: &Module, module_id: &str) -> Vec<u8> {
    let ctx = Ctx::new(m);
    let mut out =
        Out::with_capacity(4096 + m.functions.iter().map(|f| f.insts.len() * 48).sum::<usize>());
    ctx.module(&mut out, module_id);
    out.b
}

/// Writes `m` to `w` as [`print_bytes`] would, a function at a time: the
/// whole text is never held in memory.
#[cfg(feature = "std")]
pub fn write_to(m: &Module, module_id: &str, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut failed = None;
    print_to(m, module_id, &mut |piece| {
        if failed.is_none() {
            failed = w.write_all(piece).err();
        }
    });
    failed.map_or(Ok(()), Err)
}

/// Prints `m` as [`print_bytes`] does, handing the bytes to `sink` piece by
/// piece (of about 64 KiB) as it goes: the whole text is never held, however
/// long (a splat of 10^8 elements prints as 10^8 elements).
///
/// ```
/// let m = llvmext_ir::parse::parse(b"@g = global <3 x i8> splat (i8 1)", "x").unwrap();
/// let mut text = Vec::new();
/// llvmext_ir::write::print_to(&m, "x", &mut |piece| text.extend_from_slice(piece));
/// assert_eq!(text, llvmext_ir::write::print_bytes(&m, "x"));
/// assert!(text.ends_with(b"@g = global <3 x i8> <i8 1, i8 1, i8 1>\n"));
/// ```
pub fn print_to(m: &Module, module_id: &str, sink: &mut dyn FnMut(&[u8])) {
    let ctx = Ctx::new(m);
    let mut out = Out::to_sink(sink);
    ctx.module(&mut out, module_id);
    out.flush_now();
}

/// A module numbered for printing, whose text can be printed in two
/// parts at once: everything before the numbered metadata nodes
/// ([`print_head`](Self::print_head)) and those nodes
/// ([`print_metadata`](Self::print_metadata)), the second half of a `-g`
/// module. Clone it to print the parts on two threads; the two parts one
/// after the other are [`print_to`]'s text.
///
/// ```
/// use llvmext_ir::write::{print_bytes, Printer};
/// let m = llvmext_ir::parse::parse(b"@g = global i32 0, !foo !0\n!0 = !{!\"x\"}\n", "x")?;
/// let p = Printer::new(&m, "x");
/// let mut head = Vec::new();
/// let md = std::thread::scope(|s| {
///     let q = p.clone();
///     let other = s.spawn(move || {
///         let mut md = Vec::new();
///         q.print_metadata(&mut |piece| md.extend_from_slice(piece));
///         md
///     });
///     p.print_head(&mut |piece| head.extend_from_slice(piece));
///     other.join().unwrap()
/// });
/// assert_eq!(md, b"\n!0 = !{!\"x\"}\n");
/// head.extend_from_slice(&md);
/// assert_eq!(head, print_bytes(&m, "x"));
///
/// // The head itself splits at any function.
/// let m = llvmext_ir::parse::parse(
///     b"define void @a() {\n  ret void\n}\ndefine void @b() #0 {\n  ret void\n}\nattributes #0 = { cold }\n",
///     "y",
/// )?;
/// let p = Printer::new(&m, "y");
/// let mut whole = Vec::new();
/// p.print_head(&mut |piece| whole.extend_from_slice(piece));
/// for at in 0..=3 {
///     let mut two = Vec::new();
///     p.print_head_to(at, &mut |piece| two.extend_from_slice(piece));
///     p.print_head_from(at, &mut |piece| two.extend_from_slice(piece));
///     assert_eq!(two, whole);
/// }
/// # Ok::<(), llvmext_ir::parse::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Printer<'m> {
    ctx: Ctx<'m>,
    module_id: String,
}

impl<'m> Printer<'m> {
    /// Numbers `m`'s types, globals, attribute groups and metadata as the
    /// printer does; `module_id` as in [`print_with_id`].
    pub fn new(m: &'m Module, module_id: &str) -> Self {
        Printer { ctx: Ctx::new(m), module_id: module_id.into() }
    }

    /// Prints everything before the numbered metadata nodes, handing the
    /// bytes to `sink` piece by piece as [`print_to`] does.
    pub fn print_head(&self, sink: &mut dyn FnMut(&[u8])) {
        let mut out = Out::to_sink(sink);
        self.ctx.head(&mut out, &self.module_id);
        out.flush_now();
    }

    /// [`print_head`](Self::print_head) in two parts, for two threads:
    /// this one, everything before function `at` (of
    /// [`Module::functions`]); [`print_head_from`](Self::print_head_from)
    /// the rest. Their texts one after the other are `print_head`'s.
    pub fn print_head_to(&self, at: usize, sink: &mut dyn FnMut(&[u8])) {
        let mut out = Out::to_sink(sink);
        let at = at.min(self.ctx.m.functions.len());
        self.ctx.head_part(&mut out, &self.module_id, 0..at, true, false);
        out.flush_now();
    }

    /// The head from function `at` on (see
    /// [`print_head_to`](Self::print_head_to)).
    pub fn print_head_from(&self, at: usize, sink: &mut dyn FnMut(&[u8])) {
        let mut out = Out::to_sink(sink);
        let n = self.ctx.m.functions.len();
        self.ctx.head_part(&mut out, &self.module_id, at.min(n)..n, false, true);
        out.flush_now();
    }

    /// Prints the numbered metadata nodes (`!0 = ...`, after an empty
    /// line; nothing if there are none).
    pub fn print_metadata(&self, sink: &mut dyn FnMut(&[u8])) {
        let mut out = Out::to_sink(sink);
        self.ctx.metadata(&mut out);
        out.flush_now();
    }
}

impl core::fmt::Debug for Printer<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Printer").field("module_id", &self.module_id).finish_non_exhaustive()
    }
}

/// How much text [`print_to`] gathers before handing it on.
const FLUSH_AT: usize = 1 << 16;

/// The printer's output buffer: bytes, since LLVM prints some strings raw.
/// The one [`print_to`] prints into has a sink; pieces of text built on
/// the side have none and are never flushed.
struct Out<'s> {
    b: Vec<u8>,
    sink: Option<Sink<'s>>,
}

/// The receiver of [`print_to`]'s pieces.
type Sink<'s> = &'s mut dyn FnMut(&[u8]);

impl<'s> Out<'s> {
    fn new() -> Self {
        Out { b: Vec::new(), sink: None }
    }

    /// An output handing its text to `sink` piece by piece.
    fn to_sink(sink: Sink<'s>) -> Self {
        Out { b: Vec::with_capacity(2 * FLUSH_AT), sink: Some(sink) }
    }

    fn with_capacity(n: usize) -> Self {
        Out { b: Vec::with_capacity(n), sink: None }
    }

    /// Hands the text to the sink once enough has gathered.
    #[inline]
    fn flush_if_full(&mut self) {
        if self.b.len() >= FLUSH_AT {
            self.flush_now();
        }
    }

    fn flush_now(&mut self) {
        if let Some(sink) = self.sink.as_mut() {
            if !self.b.is_empty() {
                sink(&self.b);
            }
            self.b.clear();
        }
    }

    #[inline]
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            self.b.push(c as u8);
        } else {
            let mut buf = [0u8; 4];
            self.b.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }

    #[inline]
    fn push_str(&mut self, s: &str) {
        self.b.extend_from_slice(s.as_bytes());
    }

    #[inline]
    fn push_bytes(&mut self, s: &[u8]) {
        self.b.extend_from_slice(s);
    }

    fn len(&self) -> usize {
        self.b.len()
    }

    fn clear(&mut self) {
        self.b.clear();
    }

    fn as_str_lossy(&self) -> &str {
        core::str::from_utf8(&self.b).unwrap_or("<non-UTF-8>")
    }
}

impl core::fmt::Write for Out<'_> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Small writers.

fn push_u64(out: &mut Out, mut v: u64) {
    if v < 10 {
        out.push((b'0' + v as u8) as char);
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    while v > 0 {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
    }
    out.push_bytes(&buf[i..]);
}

fn push_i64(out: &mut Out, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_u64(out, v.unsigned_abs());
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// LLVM's `printEscapedString`.
fn push_escaped(out: &mut Out, s: &[u8]) {
    for &c in s {
        if c == b'\\' {
            out.push_str("\\\\");
        } else if (0x20..0x7f).contains(&c) && c != b'"' {
            out.b.push(c);
        } else {
            out.b.extend_from_slice(&[b'\\', HEX[(c >> 4) as usize], HEX[(c & 15) as usize]]);
        }
    }
}

/// LLVM's `printLLVMNameWithoutPrefix`.
fn push_name(out: &mut Out, name: &[u8]) {
    if crate::name::is_bare_name(name) {
        out.push_bytes(name);
    } else {
        out.push('"');
        push_escaped(out, name);
        out.push('"');
    }
}

/// LLVM's `printMetadataIdentifier`.
fn push_md_ident(out: &mut Out, b: &[u8]) {
    if b.is_empty() {
        out.push_str("<empty name> ");
        return;
    }
    for (i, &c) in b.iter().enumerate() {
        let ok = if i == 0 { c.is_ascii_alphabetic() } else { c.is_ascii_alphanumeric() };
        if ok || matches!(c, b'-' | b'$' | b'.' | b'_') {
            out.push(c as char);
        } else {
            out.push('\\');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
        }
    }
}

fn named(n: &Name) -> Option<&[u8]> {
    match n {
        Some(s) if !s.is_empty() => Some(s),
        _ => None,
    }
}

fn push_cc(out: &mut Out, cc: CallConv) {
    match cc.keyword() {
        Some(s) => {
            out.push_str(s);
            // AsmWriter's spelling of these two ends in a space.
            if cc == CallConv::AVR_INTR || cc == CallConv::AVR_SIGNAL {
                out.push(' ');
            }
        }
        None => {
            out.push_str("cc");
            push_u64(out, u64::from(cc.0));
        }
    }
}

fn push_fmf(out: &mut Out, f: u8) {
    if f & fmf::FAST == fmf::FAST {
        out.push_str(" fast");
        return;
    }
    for (bit, s) in [
        (fmf::REASSOC, " reassoc"),
        (fmf::NNAN, " nnan"),
        (fmf::NINF, " ninf"),
        (fmf::NSZ, " nsz"),
        (fmf::ARCP, " arcp"),
        (fmf::CONTRACT, " contract"),
        (fmf::AFN, " afn"),
    ] {
        if f & bit != 0 {
            out.push_str(s);
        }
    }
}

/// Linkage, `dso_local`, visibility (and DLL storage if `dll`).
fn push_gv_prefix(out: &mut Out, c: &GlobalCommon, dll: bool) {
    if c.linkage != Linkage::External {
        out.push_str(c.linkage.keyword());
        out.push(' ');
    }
    let implicit = c.linkage.is_local()
        || (c.visibility != Visibility::Default && c.linkage != Linkage::ExternWeak);
    if c.dso_local && !implicit {
        out.push_str("dso_local ");
    }
    if c.visibility != Visibility::Default {
        out.push_str(c.visibility.keyword());
        out.push(' ');
    }
    if dll && c.dll != DllStorage::Default {
        out.push_str(c.dll.keyword());
        out.push(' ');
    }
}

fn push_tls_ua(out: &mut Out, c: &GlobalCommon) {
    out.push_str(match c.thread_local {
        ThreadLocal::NotThreadLocal => "",
        ThreadLocal::GeneralDynamic => "thread_local ",
        ThreadLocal::LocalDynamic => "thread_local(localdynamic) ",
        ThreadLocal::InitialExec => "thread_local(initialexec) ",
        ThreadLocal::LocalExec => "thread_local(localexec) ",
    });
    if c.unnamed_addr != UnnamedAddr::None {
        out.push_str(c.unnamed_addr.keyword());
        out.push(' ');
    }
}

fn push_scope(out: &mut Out, s: &SyncScope) {
    if let Some(s) = s {
        out.push_str(" syncscope(\"");
        push_escaped(out, s.as_bytes());
        out.push_str("\")");
    }
}

/// The program address space of a datalayout string (`P<n>`).
fn program_as(dl: Option<&str>) -> u32 {
    let Some(dl) = dl else { return 0 };
    for part in dl.split('-') {
        if let Some(n) = part.strip_prefix('P') {
            return n.parse().unwrap_or(0);
        }
    }
    0
}

/// Slot numbers of one function's unnamed arguments, blocks and
/// instructions.
#[derive(Clone)]
struct Locals {
    args: Vec<u32>,
    blocks: Vec<u32>,
    insts: Vec<u32>,
}

impl Locals {
    fn new(m: &Module, f: &Function) -> Locals {
        let mut n = 0u32;
        let mut next = || {
            let v = n;
            n += 1;
            v
        };
        let args =
            f.args.iter().map(|a| if named(&a.name).is_some() { NONE } else { next() }).collect();
        let mut blocks = vec![NONE; f.blocks.len()];
        let mut insts = vec![NONE; f.insts.len()];
        for (bi, b) in f.blocks.iter().enumerate() {
            if named(&b.name).is_none() {
                blocks[bi] = next();
            }
            for &i in &b.insts {
                if let Some(inst) = f.insts.get(i.0 as usize) {
                    let void = matches!(m.types.get(inst.ty), Some(TypeKind::Void) | None);
                    if !void && named(&inst.name).is_none() {
                        if let Some(s) = insts.get_mut(i.0 as usize) {
                            *s = next();
                        }
                    }
                }
            }
        }
        Locals { args, blocks, insts }
    }
}

/// Everything numbered before printing.
#[derive(Clone)]
struct Ctx<'m> {
    m: &'m Module,
    /// Every type as printed, by type id.
    tstr: Vec<Box<str>>,
    /// Identified structs in TypeFinder order: numbered, then named.
    numbered: Vec<TypeId>,
    named_types: Vec<TypeId>,
    gslot: [Vec<u32>; 4],
    md_slot: Vec<u32>,
    md_order: Vec<MdId>,
    as_slot: Vec<u32>,
    as_order: Vec<AttrSetId>,
    prog_as: u32,
    /// Local numbering of functions named by `blockaddress`.
    other_locals: RefCell<HashMap<u32, Locals>>,
    /// The last use-list order given for each (function, block).
    use_orders: HashMap<(u32, u32), usize>,
    /// How many `blockaddress` constants name each (function, block)
    /// (counted only when there are use-list orders to apply).
    block_addrs: HashMap<(u32, u32), usize>,
}

enum Task<'a> {
    S(&'a str),
    C(ConstId),
    Tc(ConstId),
    Ty(TypeId),
    Mask(ConstId, TypeId),
    /// `, T e` this many more times (the rest of a splat).
    Rep(ConstId, u64),
}

impl<'m> Ctx<'m> {
    fn new(m: &'m Module) -> Ctx<'m> {
        let mut c = Ctx {
            m,
            tstr: Vec::new(),
            numbered: Vec::new(),
            named_types: Vec::new(),
            gslot: [Vec::new(), Vec::new(), Vec::new(), Vec::new()],
            md_slot: vec![NONE; m.md.len()],
            md_order: Vec::new(),
            as_slot: vec![NONE; m.attrs.set_count()],
            as_order: Vec::new(),
            prog_as: program_as(m.datalayout.as_deref()),
            other_locals: RefCell::new(HashMap::new()),
            use_orders: m
                .block_use_orders
                .iter()
                .enumerate()
                .map(|(i, o)| ((o.func, o.block.0), i))
                .collect(),
            block_addrs: if m.block_use_orders.is_empty() {
                HashMap::new()
            } else {
                let mut n: HashMap<(u32, u32), usize> = HashMap::new();
                for (_, _, k) in m.consts.iter() {
                    if let ConstKind::BlockAddress { func: GlobalRef::Func(f), block } = k {
                        *n.entry((*f, *block)).or_default() += 1;
                    }
                }
                n
            },
        };
        c.find_types();
        c.type_strings();
        c.slots();
        c
    }

    // ---- types -----------------------------------------------------------

    fn find_types(&mut self) {
        let m = self.m;
        let mut tf = TypeFinder {
            m,
            vis_ty: vec![false; m.types.len()],
            vis_c: vec![false; m.consts.len()],
            vis_md: vec![false; m.md.len()],
            structs: Vec::new(),
            ty_stack: Vec::new(),
            stack: Vec::new(),
            ops: Vec::new(),
        };
        for g in &m.globals {
            tf.ty(g.ty);
            if let Some(i) = g.init {
                tf.val(Value::Const(i));
            }
        }
        for a in &m.aliases {
            tf.ty(a.ty);
            tf.val(Value::Const(a.aliasee));
        }
        for i in &m.ifuncs {
            tf.ty(i.ty);
        }
        let mut mds = Vec::new();
        for f in &m.functions {
            tf.ty(f.ty);
            tf.attr_list(f.attrs);
            for c in [f.personality, f.prefix, f.prologue].into_iter().flatten() {
                tf.val(Value::Const(c));
            }
            for b in &f.blocks {
                for &id in &b.insts {
                    let Some(inst) = f.insts.get(id.0 as usize) else { continue };
                    tf.ty(inst.ty);
                    inst.kind.for_each_operand(|v| {
                        if !matches!(v, Value::Inst(_)) {
                            tf.val(v)
                        }
                    });
                    match &inst.kind {
                        InstKind::Gep { source_ty, .. } => tf.ty(*source_ty),
                        InstKind::Alloca { ty, .. } => tf.ty(*ty),
                        InstKind::Call { call, .. }
                        | InstKind::Invoke { call, .. }
                        | InstKind::CallBr { call, .. } => tf.attr_list(call.attrs),
                        _ => {}
                    }
                    sorted_md(&inst.md, &mut mds);
                    for &(k, n) in &mds {
                        if k.0 != 0 {
                            tf.md(n);
                        }
                    }
                    for r in &inst.dbg_records {
                        if let DbgRecord::Variable { location, .. } = r {
                            tf.md_value(*location);
                        }
                    }
                }
            }
        }
        for n in &m.named_md {
            for &o in &n.ops {
                tf.md(o);
            }
        }
        for t in tf.structs {
            if let Some((name, _)) = m.types.named_body(t) {
                if name.is_empty() {
                    self.numbered.push(t);
                } else {
                    self.named_types.push(t);
                }
            }
        }
    }

    fn type_strings(&mut self) {
        let m = self.m;
        let mut num = vec![NONE; m.types.len()];
        for (i, &t) in self.numbered.iter().enumerate() {
            num[t.index()] = i as u32;
        }
        let mut tstr: Vec<Box<str>> = Vec::with_capacity(m.types.len());
        let mut s = Out::new();
        #[allow(clippy::needless_range_loop)]
        for i in 0..m.types.len() {
            s.clear();
            let id = type_id(m, i);
            let get =
                |t: TypeId| -> &str { tstr.get(t.index()).map(|b| &**b).unwrap_or("<badref>") };
            match m.types.get(id) {
                None => s.push_str("<badref>"),
                Some(k) => match k {
                    TypeKind::Void => s.push_str("void"),
                    TypeKind::Float(f) => s.push_str(f.keyword()),
                    TypeKind::Label => s.push_str("label"),
                    TypeKind::Metadata => s.push_str("metadata"),
                    TypeKind::Token => s.push_str("token"),
                    TypeKind::X86Amx => s.push_str("x86_amx"),
                    TypeKind::X86Mmx => s.push_str("x86_mmx"),
                    TypeKind::Int(n) => {
                        s.push('i');
                        push_u64(&mut s, u64::from(*n));
                    }
                    TypeKind::Ptr(a) => {
                        s.push_str("ptr");
                        if *a != 0 {
                            s.push_str(" addrspace(");
                            push_u64(&mut s, u64::from(*a));
                            s.push(')');
                        }
                    }
                    TypeKind::Vector { elem, len, scalable } => {
                        s.push('<');
                        if *scalable {
                            s.push_str("vscale x ");
                        }
                        push_u64(&mut s, u64::from(*len));
                        s.push_str(" x ");
                        s.push_str(get(*elem));
                        s.push('>');
                    }
                    TypeKind::Array { elem, len } => {
                        s.push('[');
                        push_u64(&mut s, *len);
                        s.push_str(" x ");
                        s.push_str(get(*elem));
                        s.push(']');
                    }
                    TypeKind::Struct { fields, packed } => {
                        struct_body(&mut s, fields, *packed, &get)
                    }
                    TypeKind::Named(_) => {
                        let name = m.types.named_body(id).map(|n| n.0).unwrap_or(b"");
                        s.push('%');
                        if !name.is_empty() {
                            push_name(&mut s, name);
                        } else if num[i] != NONE {
                            push_u64(&mut s, u64::from(num[i]));
                        } else {
                            s.push_str("\"type <unnumbered>\"");
                        }
                    }
                    TypeKind::Function { ret, params, vararg } => {
                        s.push_str(get(*ret));
                        s.push_str(" (");
                        for (j, p) in params.iter().enumerate() {
                            if j > 0 {
                                s.push_str(", ");
                            }
                            s.push_str(get(*p));
                        }
                        if *vararg {
                            if !params.is_empty() {
                                s.push_str(", ");
                            }
                            s.push_str("...");
                        }
                        s.push(')');
                    }
                    TypeKind::TargetExt { name, types, ints } => {
                        s.push_str("target(\"");
                        push_escaped(&mut s, name.as_bytes());
                        s.push('"');
                        for t in types.iter() {
                            s.push_str(", ");
                            s.push_str(get(*t));
                        }
                        for n in ints.iter() {
                            s.push_str(", ");
                            push_u64(&mut s, u64::from(*n));
                        }
                        s.push(')');
                    }
                },
            }
            tstr.push(s.as_str_lossy().into());
        }
        self.tstr = tstr;
    }

    fn ty(&self, out: &mut Out, t: TypeId) {
        out.push_str(self.tstr.get(t.index()).map(|b| &**b).unwrap_or("<badref>"));
    }

    fn body(&self, out: &mut Out, t: TypeId) {
        match self.m.types.named_body(t) {
            Some((_, Some(b))) => {
                let get = |t: TypeId| -> &str {
                    self.tstr.get(t.index()).map(|b| &**b).unwrap_or("<badref>")
                };
                struct_body(out, b.fields, b.packed, &get)
            }
            _ => out.push_str("opaque"),
        }
    }

    // ---- slots -----------------------------------------------------------

    fn slots(&mut self) {
        let m = self.m;
        let mut n = 0u32;
        self.gslot[0] = number_unnamed(m.globals.iter().map(|g| &g.common.name), &mut n);
        let mut mds = Vec::new();
        for g in &m.globals {
            sorted_md(&g.md, &mut mds);
            for &(_, md) in &mds {
                self.md_slot_create(md);
            }
            if !m.attrs.get(g.attrs).is_empty() {
                self.as_create(g.attrs);
            }
        }
        self.gslot[2] = number_unnamed(m.aliases.iter().map(|g| &g.common.name), &mut n);
        self.gslot[3] = number_unnamed(m.ifuncs.iter().map(|g| &g.common.name), &mut n);
        for nm in &m.named_md {
            for &o in &nm.ops {
                self.md_slot_create(o);
            }
        }
        let mut fs = Vec::with_capacity(m.functions.len());
        for f in &m.functions {
            if named(&f.common.name).is_some() {
                fs.push(NONE);
            } else {
                fs.push(n);
                n += 1;
            }
            let fa = m.attrs.get_list(f.attrs).func;
            if !m.attrs.get(fa).is_empty() {
                self.as_create(fa);
            }
        }
        self.gslot[1] = fs;
        // Each function as it is printed: its metadata, then call-site
        // function attributes.
        for f in &m.functions {
            sorted_md(&f.md, &mut mds);
            for &(_, md) in &mds {
                self.md_slot_create(md);
            }
            for b in &f.blocks {
                for &id in &b.insts {
                    let Some(inst) = f.insts.get(id.0 as usize) else { continue };
                    for r in &inst.dbg_records {
                        match r {
                            DbgRecord::Variable { location, variable, assign, dbg_loc, .. } => {
                                if self.is_mdnode(*location) {
                                    self.md_slot_create(*location);
                                }
                                self.md_slot_create(*variable);
                                if let Some((id, addr, _)) = assign {
                                    self.md_slot_create(*id);
                                    if self.is_mdnode(*addr) {
                                        self.md_slot_create(*addr);
                                    }
                                }
                                self.md_slot_create(*dbg_loc);
                            }
                            DbgRecord::Label { label, dbg_loc } => {
                                self.md_slot_create(*label);
                                self.md_slot_create(*dbg_loc);
                            }
                        }
                    }
                    if let InstKind::Call { call, .. } = &inst.kind {
                        if self.is_intrinsic(call.callee) {
                            let mut ops = Vec::new();
                            inst.kind.for_each_operand(|v| {
                                if let Value::Metadata(md) = v {
                                    ops.push(md)
                                }
                            });
                            for md in ops {
                                if self.is_mdnode(md) {
                                    self.md_slot_create(md);
                                }
                            }
                        }
                    }
                    sorted_md(&inst.md, &mut mds);
                    for &(_, md) in &mds {
                        self.md_slot_create(md);
                    }
                }
            }
            for b in &f.blocks {
                for &id in &b.insts {
                    let Some(inst) = f.insts.get(id.0 as usize) else { continue };
                    if let InstKind::Call { call, .. }
                    | InstKind::Invoke { call, .. }
                    | InstKind::CallBr { call, .. } = &inst.kind
                    {
                        let fa = m.attrs.get_list(call.attrs).func;
                        if !m.attrs.get(fa).is_empty() {
                            self.as_create(fa);
                        }
                    }
                }
            }
        }
    }

    fn is_intrinsic(&self, callee: Value) -> bool {
        if let Value::Const(c) = callee {
            if let Some(ConstKind::Global(GlobalRef::Func(i))) = self.m.consts.kind(c) {
                if let Some(f) = self.m.functions.get(*i as usize) {
                    return named(&f.common.name).is_some_and(|n| n.starts_with(b"llvm."));
                }
            }
        }
        false
    }

    fn is_mdnode(&self, md: MdId) -> bool {
        self.m.md.get(md).is_some_and(MdNode::is_node)
    }

    fn is_expr(&self, md: MdId) -> bool {
        matches!(self.m.md.get(md), Some(MdNode::Di(d)) if d.kind == DiKind::EXPRESSION)
    }

    fn as_create(&mut self, s: AttrSetId) {
        if let Some(slot) = self.as_slot.get_mut(s.0 as usize) {
            if *slot == NONE {
                *slot = self.as_order.len() as u32;
                self.as_order.push(s);
            }
        }
    }

    /// `CreateMetadataSlot`: preorder over node operands, with a stack.
    fn md_slot_create(&mut self, root: MdId) {
        let mut stack = vec![root];
        let mut ops = Vec::new();
        while let Some(n) = stack.pop() {
            if !self.is_mdnode(n) || self.is_expr(n) {
                continue;
            }
            match self.md_slot.get_mut(n.0 as usize) {
                Some(s) if *s == NONE => *s = self.md_order.len() as u32,
                _ => continue,
            }
            self.md_order.push(n);
            ops.clear();
            md_operands(self.m, n, &mut ops);
            for &o in ops.iter().rev() {
                if let Some(o) = o {
                    stack.push(o);
                }
            }
        }
    }

    // ---- module ------------------------------------------------------------

    fn module(&self, out: &mut Out, id: &str) {
        self.head(out, id);
        self.metadata(out);
    }

    /// Everything but the numbered metadata nodes.
    fn head(&self, out: &mut Out, id: &str) {
        self.head_part(out, id, 0..self.m.functions.len(), true, true);
    }

    /// Part of the head: with `first`, what comes before the functions;
    /// the functions of `funcs`; with `last`, what comes after them.
    fn head_part(
        &self,
        out: &mut Out,
        id: &str,
        funcs: core::ops::Range<usize>,
        first: bool,
        last: bool,
    ) {
        if first {
            self.prologue(out, id);
        }
        for i in funcs {
            out.push('\n');
            self.function(out, i);
            out.flush_if_full();
        }
        if last {
            self.epilogue(out);
        }
    }

    /// Everything before the functions.
    fn prologue(&self, out: &mut Out, id: &str) {
        let m = self.m;
        if !id.is_empty() && !id.contains('\n') {
            out.push_str("; ModuleID = '");
            out.push_str(id);
            out.push_str("'\n");
        }
        if let Some(s) = &m.source_filename {
            if !s.is_empty() {
                out.push_str("source_filename = \"");
                push_escaped(out, s);
                out.push_str("\"\n");
            }
        }
        if let Some(s) = m.datalayout.as_deref().filter(|s| !s.is_empty()) {
            out.push_str("target datalayout = \"");
            out.push_str(s);
            out.push_str("\"\n");
        }
        if let Some(s) = m.triple.as_deref().filter(|s| !s.is_empty()) {
            out.push_str("target triple = \"");
            out.push_str(s);
            out.push_str("\"\n");
        }
        if !m.module_asm.is_empty() {
            out.push('\n');
            for l in &m.module_asm {
                out.push_str("module asm \"");
                push_escaped(out, l);
                out.push_str("\"\n");
            }
        }
        if !self.numbered.is_empty() || !self.named_types.is_empty() {
            out.push('\n');
            for (i, &t) in self.numbered.iter().enumerate() {
                out.push('%');
                push_u64(out, i as u64);
                out.push_str(" = type ");
                self.body(out, t);
                out.push('\n');
            }
            for &t in &self.named_types {
                self.ty(out, t);
                out.push_str(" = type ");
                self.body(out, t);
                out.push('\n');
            }
        }
        // Comdats used by functions, then by globals.
        let mut comdats: Vec<ComdatId> = Vec::new();
        let mut seen = vec![false; m.comdats.len()];
        for c in
            m.functions.iter().map(|f| f.comdat).chain(m.globals.iter().map(|g| g.comdat)).flatten()
        {
            if let Some(s) = seen.get_mut(c.0 as usize) {
                if !*s {
                    *s = true;
                    comdats.push(c);
                }
            }
        }
        if !comdats.is_empty() {
            out.push('\n');
        }
        for (i, c) in comdats.iter().enumerate() {
            let Some(cd) = m.comdats.get(c.0 as usize) else { continue };
            out.push('$');
            push_name(out, &cd.name);
            out.push_str(" = comdat ");
            out.push_str(cd.kind.keyword());
            out.push('\n');
            if i + 1 != comdats.len() {
                out.push('\n');
            }
        }
        if !m.globals.is_empty() {
            out.push('\n');
        }
        for i in 0..m.globals.len() {
            self.global(out, i);
            out.push('\n');
            out.flush_if_full();
        }
        if !m.aliases.is_empty() {
            out.push('\n');
        }
        for (i, a) in m.aliases.iter().enumerate() {
            self.gname(out, GlobalRef::Alias(i as u32));
            out.push_str(" = ");
            push_gv_prefix(out, &a.common, true);
            push_tls_ua(out, &a.common);
            out.push_str("alias ");
            self.ty(out, a.ty);
            out.push_str(", ");
            self.aliasee(out, a.aliasee);
            self.partition(out, &a.common);
            out.push('\n');
        }
        if !m.ifuncs.is_empty() {
            out.push('\n');
        }
        for (i, a) in m.ifuncs.iter().enumerate() {
            self.gname(out, GlobalRef::IFunc(i as u32));
            out.push_str(" = ");
            push_gv_prefix(out, &a.common, false);
            out.push_str("ifunc ");
            self.ty(out, a.ty);
            out.push_str(", ");
            self.aliasee(out, a.resolver);
            self.partition(out, &a.common);
            out.push('\n');
        }
    }

    /// Everything after the functions but the numbered metadata nodes.
    fn epilogue(&self, out: &mut Out) {
        let m = self.m;
        if !self.as_order.is_empty() {
            out.push('\n');
            for (i, &s) in self.as_order.iter().enumerate() {
                out.push_str("attributes #");
                push_u64(out, i as u64);
                out.push_str(" = { ");
                self.attr_set(out, s, true);
                out.push_str(" }\n");
            }
        }
        if !m.named_md.is_empty() {
            out.push('\n');
        }
        for nm in &m.named_md {
            out.push('!');
            push_md_ident(out, &nm.name);
            out.push_str(" = !{");
            for (i, &o) in nm.ops.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if self.is_expr(o) {
                    self.md_operand(out, Some(o), None);
                } else {
                    self.md_ref(out, o);
                }
            }
            out.push_str("}\n");
        }
    }

    /// The numbered metadata nodes (`!0 = ...`), after everything else.
    fn metadata(&self, out: &mut Out) {
        if !self.md_order.is_empty() {
            out.push('\n');
            for (i, &n) in self.md_order.iter().enumerate() {
                out.push('!');
                push_u64(out, i as u64);
                out.push_str(" = ");
                self.md_body(out, n);
                out.push('\n');
                out.flush_if_full();
            }
        }
    }

    fn aliasee(&self, out: &mut Out, c: ConstId) {
        if !matches!(self.m.consts.kind(c), Some(ConstKind::Expr { .. })) {
            if let Some(t) = self.m.consts.ty(c) {
                self.ty(out, t);
                out.push(' ');
            }
        }
        self.constant(out, c);
    }

    fn partition(&self, out: &mut Out, c: &GlobalCommon) {
        if let Some(p) = &c.partition {
            out.push_str(", partition \"");
            push_escaped(out, p.as_bytes());
            out.push('"');
        }
    }

    fn gname(&self, out: &mut Out, g: GlobalRef) {
        let (k, i) = match g {
            GlobalRef::Var(i) => (0, i),
            GlobalRef::Func(i) => (1, i),
            GlobalRef::Alias(i) => (2, i),
            GlobalRef::IFunc(i) => (3, i),
        };
        let name = match g {
            GlobalRef::Var(i) => self.m.globals.get(i as usize).map(|x| &x.common.name),
            GlobalRef::Func(i) => self.m.functions.get(i as usize).map(|x| &x.common.name),
            GlobalRef::Alias(i) => self.m.aliases.get(i as usize).map(|x| &x.common.name),
            GlobalRef::IFunc(i) => self.m.ifuncs.get(i as usize).map(|x| &x.common.name),
        };
        match name.and_then(named) {
            Some(n) => {
                out.push('@');
                push_name(out, n);
            }
            None => match self.gslot[k].get(i as usize) {
                Some(&s) if s != NONE => {
                    out.push('@');
                    push_u64(out, u64::from(s));
                }
                _ => out.push_str("<badref>"),
            },
        }
    }

    fn comdat(&self, out: &mut Out, c: Option<ComdatId>, own: &Name, comma: bool) {
        let Some(cd) = c.and_then(|c| self.m.comdats.get(c.0 as usize)) else { return };
        if comma {
            out.push(',');
        }
        out.push_str(" comdat");
        if own.as_deref() != Some(&*cd.name) {
            out.push_str("($");
            push_name(out, &cd.name);
            out.push(')');
        }
    }

    fn md_attachments(&self, out: &mut Out, md: &[(MdKindId, MdId)], sep: &str) {
        let mut v = Vec::new();
        sorted_md(md, &mut v);
        for &(k, n) in &v {
            out.push_str(sep);
            out.push('!');
            push_md_ident(out, self.m.md.kind_name(k).as_bytes());
            out.push(' ');
            self.md_operand(out, Some(n), None);
        }
    }

    fn global(&self, out: &mut Out, i: usize) {
        let Some(g) = self.m.globals.get(i) else { return };
        self.gname(out, GlobalRef::Var(i as u32));
        out.push_str(" = ");
        if g.init.is_none() && g.common.linkage == Linkage::External {
            out.push_str("external ");
        }
        push_gv_prefix(out, &g.common, true);
        push_tls_ua(out, &g.common);
        if g.addrspace != 0 {
            out.push_str("addrspace(");
            push_u64(out, u64::from(g.addrspace));
            out.push_str(") ");
        }
        if g.externally_initialized {
            out.push_str("externally_initialized ");
        }
        out.push_str(if g.constant { "constant " } else { "global " });
        self.ty(out, g.ty);
        if let Some(init) = g.init {
            out.push(' ');
            self.constant(out, init);
        }
        if let Some(s) = &g.section {
            out.push_str(", section \"");
            push_escaped(out, s.as_bytes());
            out.push('"');
        }
        self.partition(out, &g.common);
        if let Some(cm) = &g.code_model {
            out.push_str(", code_model \"");
            out.push_str(cm);
            out.push('"');
        }
        let s = g.common.sanitizer;
        for (bit, kw) in [
            (crate::module::SANITIZE_NO_ADDRESS, ", no_sanitize_address"),
            (crate::module::SANITIZE_NO_HWADDRESS, ", no_sanitize_hwaddress"),
            (crate::module::SANITIZE_MEMTAG, ", sanitize_memtag"),
            (crate::module::SANITIZE_ADDRESS_DYNINIT, ", sanitize_address_dyninit"),
        ] {
            if s & bit != 0 {
                out.push_str(kw);
            }
        }
        self.comdat(out, g.comdat, &g.common.name, true);
        if g.align != 0 {
            out.push_str(", align ");
            push_u64(out, g.align);
        }
        self.md_attachments(out, &g.md, ", ");
        if !self.m.attrs.get(g.attrs).is_empty() {
            self.group_ref(out, g.attrs);
        }
    }

    fn group_ref(&self, out: &mut Out, s: AttrSetId) {
        out.push_str(" #");
        match self.as_slot.get(s.0 as usize) {
            Some(&n) if n != NONE => push_u64(out, u64::from(n)),
            _ => out.push_str("-1"),
        }
    }

    // ---- functions -------------------------------------------------------

    fn function(&self, out: &mut Out, fi: usize) {
        let m = self.m;
        let Some(f) = m.functions.get(fi) else { return };
        let al = m.attrs.get_list(f.attrs);
        let fattrs = m.attrs.get(al.func);
        if fattrs.iter().any(|a| !matches!(a, Attr::String(..))) {
            out.push_str("; Function Attrs:");
            for a in fattrs.iter().filter(|a| !matches!(a, Attr::String(..))) {
                out.push(' ');
                self.attr(out, a, false);
            }
            out.push('\n');
        }
        let decl = f.is_declaration();
        if decl {
            out.push_str("declare");
            self.md_attachments(out, &f.md, " ");
            out.push(' ');
        } else {
            out.push_str("define ");
        }
        push_gv_prefix(out, &f.common, true);
        if f.cc != CallConv::C {
            push_cc(out, f.cc);
            out.push(' ');
        }
        let (ret, params, vararg) = match m.types.get(f.ty) {
            Some(TypeKind::Function { ret, params, vararg }) => (*ret, &params[..], *vararg),
            _ => (m.types.void(), &[][..], false),
        };
        if !m.attrs.get(al.ret).is_empty() {
            self.attr_set(out, al.ret, false);
            out.push(' ');
        }
        self.ty(out, ret);
        out.push(' ');
        self.gname(out, GlobalRef::Func(fi as u32));
        out.push('(');
        let locals = if decl { None } else { Some(Locals::new(m, f)) };
        for (i, &p) in params.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.ty(out, p);
            let pa = al.params.get(i).copied().unwrap_or_default();
            if !m.attrs.get(pa).is_empty() {
                out.push(' ');
                self.attr_set(out, pa, false);
            }
            if let Some(l) = &locals {
                out.push(' ');
                match f.args.get(i).and_then(|a| named(&a.name)) {
                    Some(n) => {
                        out.push('%');
                        push_name(out, n);
                    }
                    None => {
                        out.push('%');
                        push_u64(out, u64::from(l.args.get(i).copied().unwrap_or(NONE)));
                    }
                }
            }
        }
        if vararg {
            if !params.is_empty() {
                out.push_str(", ");
            }
            out.push_str("...");
        }
        out.push(')');
        if f.common.unnamed_addr != UnnamedAddr::None {
            out.push(' ');
            out.push_str(f.common.unnamed_addr.keyword());
        }
        if f.addrspace != 0 || self.prog_as != 0 {
            out.push_str(" addrspace(");
            push_u64(out, u64::from(f.addrspace));
            out.push(')');
        }
        if !fattrs.is_empty() {
            self.group_ref(out, al.func);
        }
        if let Some(s) = &f.section {
            out.push_str(" section \"");
            push_escaped(out, s.as_bytes());
            out.push('"');
        }
        if let Some(p) = &f.common.partition {
            out.push_str(" partition \"");
            push_escaped(out, p.as_bytes());
            out.push('"');
        }
        self.comdat(out, f.comdat, &f.common.name, false);
        if f.align != 0 {
            out.push_str(" align ");
            push_u64(out, f.align);
        }
        if let Some(gc) = &f.gc {
            // LLVM 19 writes the name raw (no escapes).
            out.push_str(" gc \"");
            out.push_bytes(gc);
            out.push('"');
        }
        for (kw, c) in
            [(" prefix ", f.prefix), (" prologue ", f.prologue), (" personality ", f.personality)]
        {
            if let Some(c) = c {
                out.push_str(kw);
                self.typed_const(out, c);
            }
        }
        let Some(l) = locals else {
            out.push('\n');
            return;
        };
        self.md_attachments(out, &f.md, " ");
        out.push_str(" {");
        let fx = FnCx { f, l: &l, vararg };
        // Predecessors: every block use by a terminator, latest first.
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); f.blocks.len()];
        for (bi, b) in f.blocks.iter().enumerate() {
            for &id in &b.insts {
                if let Some(inst) = f.insts.get(id.0 as usize) {
                    inst.kind.for_each_successor(|d| {
                        if let Some(p) = preds.get_mut(d.0 as usize) {
                            p.push(bi as u32)
                        }
                    });
                }
            }
        }
        let mut line_start;
        for (bi, b) in f.blocks.iter().enumerate() {
            let entry = bi == 0;
            line_start = out.len();
            if let Some(n) = named(&b.name) {
                out.push('\n');
                line_start = out.len();
                push_name(out, n);
                out.push(':');
            } else if !entry {
                out.push('\n');
                line_start = out.len();
                push_u64(out, u64::from(l.blocks[bi]));
                out.push(':');
            }
            if !entry {
                let col = out.len() - line_start;
                for _ in 0..(50usize.saturating_sub(col)).max(1) {
                    out.push(' ');
                }
                out.push(';');
                let permuted;
                let mut p = &preds[bi];
                if let Some(o) =
                    self.use_orders.get(&(fi as u32, bi as u32)).map(|&i| &m.block_use_orders[i])
                {
                    let nba = self.block_addrs.get(&(fi as u32, bi as u32)).copied().unwrap_or(0);
                    permuted = permute_preds(nba, p, &o.order);
                    p = &permuted;
                }
                if p.is_empty() {
                    out.push_str(" No predecessors!");
                } else {
                    out.push_str(" preds = ");
                    for (j, &pb) in p.iter().rev().enumerate() {
                        if j > 0 {
                            out.push_str(", ");
                        }
                        self.block_ref(out, &fx, BlockId(pb));
                    }
                }
            }
            out.push('\n');
            for &id in &b.insts {
                let Some(inst) = f.insts.get(id.0 as usize) else { continue };
                for r in &inst.dbg_records {
                    self.dbg_record(out, &fx, r);
                }
                self.inst(out, &fx, id.0, inst);
                out.push('\n');
            }
        }
        out.push_str("}\n");
    }

    fn block_ref(&self, out: &mut Out, fx: &FnCx<'_>, b: BlockId) {
        match fx.f.blocks.get(b.0 as usize) {
            Some(blk) => match named(&blk.name) {
                Some(n) => {
                    out.push('%');
                    push_name(out, n);
                }
                None => {
                    out.push('%');
                    push_u64(out, u64::from(fx.l.blocks[b.0 as usize]));
                }
            },
            None => out.push_str("<badref>"),
        }
    }

    fn label(&self, out: &mut Out, fx: &FnCx<'_>, b: BlockId) {
        out.push_str("label ");
        self.block_ref(out, fx, b);
    }

    /// `label %a, label %b` (the brackets are the caller's).
    fn labels(&self, out: &mut Out, fx: &FnCx<'_>, blocks: &[BlockId]) {
        for (i, &b) in blocks.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.label(out, fx, b);
        }
    }

    fn vty(&self, fx: &FnCx<'_>, v: Value) -> Option<TypeId> {
        self.m.value_type(fx.f, v)
    }

    fn value(&self, out: &mut Out, fx: Option<&FnCx<'_>>, v: Value) {
        match v {
            Value::Const(c) => self.constant(out, c),
            Value::Arg(n) => {
                let Some(fx) = fx else { return out.push_str("<badref>") };
                match fx.f.args.get(n as usize).and_then(|a| named(&a.name)) {
                    Some(s) => {
                        out.push('%');
                        push_name(out, s);
                    }
                    None => match fx.l.args.get(n as usize) {
                        Some(&s) if s != NONE => {
                            out.push('%');
                            push_u64(out, u64::from(s));
                        }
                        _ => out.push_str("<badref>"),
                    },
                }
            }
            Value::Inst(i) => {
                let Some(fx) = fx else { return out.push_str("<badref>") };
                match fx.f.insts.get(i.0 as usize).and_then(|x| named(&x.name)) {
                    Some(s) => {
                        out.push('%');
                        push_name(out, s);
                    }
                    None => match fx.l.insts.get(i.0 as usize) {
                        Some(&s) if s != NONE => {
                            out.push('%');
                            push_u64(out, u64::from(s));
                        }
                        _ => out.push_str("<badref>"),
                    },
                }
            }
            Value::Metadata(md) => self.md_operand(out, Some(md), fx),
            Value::InlineAsm(i) => {
                let Some(a) = self.m.inline_asm.get(i as usize) else {
                    return out.push_str("<badref>");
                };
                out.push_str("asm ");
                if a.side_effects {
                    out.push_str("sideeffect ");
                }
                if a.align_stack {
                    out.push_str("alignstack ");
                }
                if a.intel_dialect {
                    out.push_str("inteldialect ");
                }
                if a.can_throw {
                    out.push_str("unwind ");
                }
                out.push('"');
                push_escaped(out, &a.asm);
                out.push_str("\", \"");
                push_escaped(out, &a.constraints);
                out.push('"');
            }
        }
    }

    fn tvalue(&self, out: &mut Out, fx: &FnCx<'_>, v: Value) {
        match self.vty(fx, v) {
            Some(t) => self.ty(out, t),
            None => out.push_str("<badref>"),
        }
        out.push(' ');
        self.value(out, Some(fx), v);
    }

    fn inst(&self, out: &mut Out, fx: &FnCx<'_>, idx: u32, inst: &Inst) {
        out.push_str("  ");
        if let Some(n) = named(&inst.name) {
            out.push('%');
            push_name(out, n);
            out.push_str(" = ");
        } else if let Some(&s) = fx.l.insts.get(idx as usize) {
            if s != NONE {
                out.push('%');
                push_u64(out, u64::from(s));
                out.push_str(" = ");
            }
        }
        let k = &inst.kind;
        if k.is_terminator() {
            self.terminator(out, fx, inst);
        } else if matches!(
            k,
            InstKind::Alloca { .. }
                | InstKind::Load { .. }
                | InstKind::Store { .. }
                | InstKind::Fence { .. }
                | InstKind::CmpXchg { .. }
                | InstKind::AtomicRmw { .. }
                | InstKind::Gep { .. }
        ) {
            self.memory_inst(out, fx, inst);
        } else {
            self.operation(out, fx, inst);
        }
        self.md_attachments_fn(out, &inst.md, fx);
    }

    /// The terminators.
    fn terminator(&self, out: &mut Out, fx: &FnCx<'_>, inst: &Inst) {
        match &inst.kind {
            InstKind::Ret(None) => out.push_str("ret void"),
            InstKind::Ret(Some(v)) => {
                out.push_str("ret ");
                self.tvalue(out, fx, *v);
            }
            InstKind::Br(d) => {
                out.push_str("br ");
                self.label(out, fx, *d);
            }
            InstKind::CondBr { cond, then_dest, else_dest } => {
                out.push_str("br ");
                self.tvalue(out, fx, *cond);
                out.push_str(", ");
                self.label(out, fx, *then_dest);
                out.push_str(", ");
                self.label(out, fx, *else_dest);
            }
            InstKind::Switch { cond, default, cases } => {
                out.push_str("switch ");
                self.tvalue(out, fx, *cond);
                out.push_str(", ");
                self.label(out, fx, *default);
                out.push_str(" [");
                for (c, d) in cases {
                    out.push_str("\n    ");
                    self.typed_const(out, *c);
                    out.push_str(", ");
                    self.label(out, fx, *d);
                }
                out.push_str("\n  ]");
            }
            InstKind::IndirectBr { addr, dests } => {
                out.push_str("indirectbr ");
                self.tvalue(out, fx, *addr);
                out.push_str(", [");
                self.labels(out, fx, dests);
                out.push(']');
            }
            InstKind::Invoke { call, normal, unwind } => {
                out.push_str("invoke");
                self.call_body(out, fx, call, true, false);
                out.push_str("\n          to ");
                self.label(out, fx, *normal);
                out.push_str(" unwind ");
                self.label(out, fx, *unwind);
            }
            InstKind::CallBr { call, default, indirect } => {
                out.push_str("callbr");
                self.call_body(out, fx, call, false, false);
                out.push_str("\n          to ");
                self.label(out, fx, *default);
                out.push_str(" [");
                self.labels(out, fx, indirect);
                out.push(']');
            }
            InstKind::Resume(v) => {
                out.push_str("resume ");
                self.tvalue(out, fx, *v);
            }
            InstKind::CatchSwitch { parent, handlers, unwind } => {
                out.push_str("catchswitch within ");
                self.value(out, Some(fx), *parent);
                out.push_str(" [");
                self.labels(out, fx, handlers);
                out.push_str("] unwind ");
                match unwind {
                    Some(u) => self.label(out, fx, *u),
                    None => out.push_str("to caller"),
                }
            }
            InstKind::CatchRet { pad, dest } => {
                out.push_str("catchret from ");
                self.value(out, Some(fx), *pad);
                out.push_str(" to ");
                self.label(out, fx, *dest);
            }
            InstKind::CleanupRet { pad, unwind } => {
                out.push_str("cleanupret from ");
                self.value(out, Some(fx), *pad);
                out.push_str(" unwind ");
                match unwind {
                    Some(u) => self.label(out, fx, *u),
                    None => out.push_str("to caller"),
                }
            }
            InstKind::Unreachable => out.push_str("unreachable"),
            // The other instructions have their own printers.
            _ => {}
        }
    }

    /// `alloca`, `load`, `store`, `fence`, `cmpxchg`, `atomicrmw`, `getelementptr`.
    fn memory_inst(&self, out: &mut Out, fx: &FnCx<'_>, inst: &Inst) {
        let m = self.m;
        match &inst.kind {
            InstKind::Alloca { ty, count, align, addrspace, inalloca, swifterror } => {
                out.push_str("alloca ");
                if *inalloca {
                    out.push_str("inalloca ");
                }
                if *swifterror {
                    out.push_str("swifterror ");
                }
                self.ty(out, *ty);
                let is_i32_one = match count {
                    Value::Const(c) => match m.consts.kind(*c) {
                        Some(ConstKind::Int(v)) => v.bits() == 32 && v.limbs().first() == Some(&1),
                        _ => false,
                    },
                    _ => false,
                };
                if !is_i32_one {
                    out.push_str(", ");
                    self.tvalue(out, fx, *count);
                }
                if *align != 0 {
                    out.push_str(", align ");
                    push_u64(out, *align);
                }
                if *addrspace != 0 {
                    out.push_str(", addrspace(");
                    push_u64(out, u64::from(*addrspace));
                    out.push(')');
                }
            }
            InstKind::Load { ptr, align, volatile, ordering, scope } => {
                out.push_str("load");
                if *ordering != Ordering::NotAtomic {
                    out.push_str(" atomic");
                }
                if *volatile {
                    out.push_str(" volatile");
                }
                out.push(' ');
                self.ty(out, inst.ty);
                out.push_str(", ");
                self.tvalue(out, fx, *ptr);
                self.atomic(out, *ordering, scope);
                if *align != 0 {
                    out.push_str(", align ");
                    push_u64(out, *align);
                }
            }
            InstKind::Store { val, ptr, align, volatile, ordering, scope } => {
                out.push_str("store");
                if *ordering != Ordering::NotAtomic {
                    out.push_str(" atomic");
                }
                if *volatile {
                    out.push_str(" volatile");
                }
                out.push(' ');
                self.tvalue(out, fx, *val);
                out.push_str(", ");
                self.tvalue(out, fx, *ptr);
                self.atomic(out, *ordering, scope);
                if *align != 0 {
                    out.push_str(", align ");
                    push_u64(out, *align);
                }
            }
            InstKind::Fence { ordering, scope } => {
                out.push_str("fence");
                self.atomic(out, *ordering, scope);
            }
            InstKind::CmpXchg { ptr, cmp, new, success, failure, scope, weak, volatile, align } => {
                out.push_str("cmpxchg");
                if *weak {
                    out.push_str(" weak");
                }
                if *volatile {
                    out.push_str(" volatile");
                }
                out.push(' ');
                self.tvalue(out, fx, *ptr);
                out.push_str(", ");
                self.tvalue(out, fx, *cmp);
                out.push_str(", ");
                self.tvalue(out, fx, *new);
                push_scope(out, scope);
                out.push(' ');
                out.push_str(success.keyword());
                out.push(' ');
                out.push_str(failure.keyword());
                out.push_str(", align ");
                push_u64(out, *align);
            }
            InstKind::AtomicRmw { op, ptr, val, ordering, scope, volatile, align } => {
                out.push_str("atomicrmw");
                if *volatile {
                    out.push_str(" volatile");
                }
                out.push(' ');
                out.push_str(op.keyword());
                out.push(' ');
                self.tvalue(out, fx, *ptr);
                out.push_str(", ");
                self.tvalue(out, fx, *val);
                self.atomic(out, *ordering, scope);
                out.push_str(", align ");
                push_u64(out, *align);
            }
            InstKind::Gep { source_ty, base, indices, flags: fl } => {
                out.push_str("getelementptr");
                push_gep_flags(
                    out,
                    *fl & flags::INBOUNDS != 0,
                    *fl & flags::NUSW != 0,
                    *fl & flags::NUW != 0,
                );
                out.push(' ');
                self.ty(out, *source_ty);
                out.push(',');
                let mut ops = Vec::with_capacity(indices.len() + 1);
                ops.push(*base);
                ops.extend_from_slice(indices);
                self.same_type_ops(out, fx, &ops);
            }
            // The other instructions have their own printers.
            _ => {}
        }
    }

    /// The other instructions: arithmetic, casts, comparisons, vector and
    /// aggregate operations, `call`, `phi`, `select`, `freeze`, `va_arg`,
    /// `landingpad`, the pads.
    fn operation(&self, out: &mut Out, fx: &FnCx<'_>, inst: &Inst) {
        match &inst.kind {
            InstKind::Call { call, tail } => {
                out.push_str(match tail {
                    TailKind::None => "",
                    TailKind::Tail => "tail ",
                    TailKind::MustTail => "musttail ",
                    TailKind::NoTail => "notail ",
                });
                out.push_str("call");
                push_fmf(out, call.fmf);
                self.call_body(out, fx, call, true, *tail == TailKind::MustTail && fx.vararg);
            }
            InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
                out.push_str(if matches!(inst.kind, InstKind::CatchPad { .. }) {
                    "catchpad within "
                } else {
                    "cleanuppad within "
                });
                self.value(out, Some(fx), *parent);
                out.push_str(" [");
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.tvalue(out, fx, *a);
                }
                out.push(']');
            }
            InstKind::FNeg { val, fmf } => {
                out.push_str("fneg");
                push_fmf(out, *fmf);
                out.push(' ');
                self.tvalue(out, fx, *val);
            }
            InstKind::Binary { op, lhs, rhs, flags: fl, fmf } => {
                out.push_str(op.keyword());
                push_fmf(out, *fmf);
                push_int_flags(out, *fl);
                self.same_type_ops(out, fx, &[*lhs, *rhs]);
            }
            InstKind::ExtractElement { vec, idx } => {
                out.push_str("extractelement");
                self.same_type_ops(out, fx, &[*vec, *idx]);
            }
            InstKind::InsertElement { vec, elt, idx } => {
                out.push_str("insertelement");
                self.same_type_ops(out, fx, &[*vec, *elt, *idx]);
            }
            InstKind::ShuffleVector { a, b, mask } => {
                out.push_str("shufflevector ");
                self.tvalue(out, fx, *a);
                out.push_str(", ");
                self.tvalue(out, fx, *b);
                self.shuffle_mask(out, *mask, inst.ty);
            }
            InstKind::ExtractValue { agg, indices } => {
                out.push_str("extractvalue ");
                self.tvalue(out, fx, *agg);
                for &i in indices {
                    out.push_str(", ");
                    push_u64(out, u64::from(i));
                }
            }
            InstKind::InsertValue { agg, val, indices } => {
                out.push_str("insertvalue ");
                self.tvalue(out, fx, *agg);
                out.push_str(", ");
                self.tvalue(out, fx, *val);
                for &i in indices {
                    out.push_str(", ");
                    push_u64(out, u64::from(i));
                }
            }
            InstKind::Cast { op, val, flags: fl, fmf } => {
                out.push_str(op.keyword());
                push_fmf(out, *fmf);
                push_int_flags(out, *fl);
                out.push(' ');
                self.tvalue(out, fx, *val);
                out.push_str(" to ");
                self.ty(out, inst.ty);
            }
            InstKind::ICmp { pred, lhs, rhs, flags: fl } => {
                out.push_str("icmp");
                if fl & flags::SAMESIGN != 0 {
                    out.push_str(" samesign");
                }
                out.push(' ');
                out.push_str(pred.keyword());
                self.same_type_ops(out, fx, &[*lhs, *rhs]);
            }
            InstKind::FCmp { pred, lhs, rhs, fmf } => {
                out.push_str("fcmp");
                push_fmf(out, *fmf);
                out.push(' ');
                out.push_str(pred.keyword());
                self.same_type_ops(out, fx, &[*lhs, *rhs]);
            }
            InstKind::Phi { incoming, fmf } => {
                out.push_str("phi");
                push_fmf(out, *fmf);
                out.push(' ');
                self.ty(out, inst.ty);
                out.push(' ');
                for (i, (v, b)) in incoming.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str("[ ");
                    self.value(out, Some(fx), *v);
                    out.push_str(", ");
                    self.block_ref(out, fx, *b);
                    out.push_str(" ]");
                }
            }
            InstKind::Select { cond, then_val, else_val, fmf } => {
                out.push_str("select");
                push_fmf(out, *fmf);
                out.push(' ');
                self.tvalue(out, fx, *cond);
                out.push_str(", ");
                self.tvalue(out, fx, *then_val);
                out.push_str(", ");
                self.tvalue(out, fx, *else_val);
            }
            InstKind::Freeze(v) => {
                out.push_str("freeze ");
                self.tvalue(out, fx, *v);
            }
            InstKind::VaArg(v) => {
                out.push_str("va_arg ");
                self.tvalue(out, fx, *v);
                out.push_str(", ");
                self.ty(out, inst.ty);
            }
            InstKind::LandingPad { cleanup, clauses } => {
                out.push_str("landingpad ");
                self.ty(out, inst.ty);
                if *cleanup || !clauses.is_empty() {
                    out.push('\n');
                }
                if *cleanup {
                    out.push_str("          cleanup");
                }
                for (i, c) in clauses.iter().enumerate() {
                    if i != 0 || *cleanup {
                        out.push('\n');
                    }
                    let v = match c {
                        Clause::Catch(v) => {
                            out.push_str("          catch ");
                            v
                        }
                        Clause::Filter(v) => {
                            out.push_str("          filter ");
                            v
                        }
                    };
                    self.tvalue(out, fx, *v);
                }
            }
            // The other instructions have their own printers.
            _ => {}
        }
    }

    fn md_attachments_fn(&self, out: &mut Out, md: &[(MdKindId, MdId)], fx: &FnCx<'_>) {
        if md.is_empty() {
            return;
        }
        let mut v = Vec::new();
        sorted_md(md, &mut v);
        for &(k, n) in &v {
            out.push_str(", !");
            push_md_ident(out, self.m.md.kind_name(k).as_bytes());
            out.push(' ');
            self.md_operand(out, Some(n), Some(fx));
        }
    }

    fn atomic(&self, out: &mut Out, o: Ordering, scope: &SyncScope) {
        if o == Ordering::NotAtomic {
            return;
        }
        push_scope(out, scope);
        out.push(' ');
        out.push_str(o.keyword());
    }

    /// Operands the LLVM way: one leading type when all types agree.
    fn same_type_ops(&self, out: &mut Out, fx: &FnCx<'_>, ops: &[Value]) {
        let Some(&first) = ops.first() else { return };
        let t0 = self.vty(fx, first);
        let all = ops[1..].iter().any(|&o| self.vty(fx, o) != t0);
        if !all {
            out.push(' ');
            match t0 {
                Some(t) => self.ty(out, t),
                None => out.push_str("<badref>"),
            }
        }
        out.push(' ');
        for (i, &o) in ops.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            if all {
                self.tvalue(out, fx, o);
            } else {
                self.value(out, Some(fx), o);
            }
        }
    }

    fn call_body(
        &self,
        out: &mut Out,
        fx: &FnCx<'_>,
        call: &crate::inst::CallData,
        addrspace: bool,
        dots: bool,
    ) {
        let m = self.m;
        if call.cc != CallConv::C {
            out.push(' ');
            push_cc(out, call.cc);
        }
        let al = m.attrs.get_list(call.attrs);
        if !m.attrs.get(al.ret).is_empty() {
            out.push(' ');
            self.attr_set(out, al.ret, false);
        }
        if addrspace && (call.addrspace != 0 || self.prog_as != 0) {
            out.push_str(" addrspace(");
            push_u64(out, u64::from(call.addrspace));
            out.push(')');
        }
        out.push(' ');
        match m.types.get(call.fn_ty) {
            Some(TypeKind::Function { ret, vararg: false, .. }) => self.ty(out, *ret),
            _ => self.ty(out, call.fn_ty),
        }
        out.push(' ');
        self.value(out, Some(fx), call.callee);
        out.push('(');
        for (i, &a) in call.args.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            match self.vty(fx, a) {
                Some(t) => self.ty(out, t),
                None => out.push_str("<badref>"),
            }
            let pa = al.params.get(i).copied().unwrap_or_default();
            if !m.attrs.get(pa).is_empty() {
                out.push(' ');
                self.attr_set(out, pa, false);
            }
            out.push(' ');
            self.value(out, Some(fx), a);
        }
        if dots {
            if !call.args.is_empty() {
                out.push_str(", ");
            }
            out.push_str("...");
        }
        out.push(')');
        if !m.attrs.get(al.func).is_empty() {
            self.group_ref(out, al.func);
        }
        if !call.bundles.is_empty() {
            out.push_str(" [ ");
            for (i, b) in call.bundles.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push('"');
                push_escaped(out, b.tag.as_bytes());
                out.push_str("\"(");
                for (j, &v) in b.inputs.iter().enumerate() {
                    if j > 0 {
                        out.push_str(", ");
                    }
                    self.tvalue(out, fx, v);
                }
                out.push(')');
            }
            out.push_str(" ]");
        }
    }

    fn dbg_record(&self, out: &mut Out, fx: &FnCx<'_>, r: &DbgRecord) {
        out.push_str("    ");
        match r {
            DbgRecord::Variable { kind, location, variable, expression, assign, dbg_loc } => {
                out.push_str(match kind {
                    DbgKind::Value => "#dbg_value(",
                    DbgKind::Declare => "#dbg_declare(",
                    DbgKind::Assign => "#dbg_assign(",
                });
                for md in [*location, *variable, *expression] {
                    self.md_operand(out, Some(md), Some(fx));
                    out.push_str(", ");
                }
                if let Some((a, b, c)) = assign {
                    for md in [*a, *b, *c] {
                        self.md_operand(out, Some(md), Some(fx));
                        out.push_str(", ");
                    }
                }
                self.md_operand(out, Some(*dbg_loc), Some(fx));
            }
            DbgRecord::Label { label, dbg_loc } => {
                out.push_str("#dbg_label(");
                self.md_operand(out, Some(*label), Some(fx));
                out.push_str(", ");
                self.md_operand(out, Some(*dbg_loc), Some(fx));
            }
        }
        out.push_str(")\n");
    }

    fn shuffle_mask(&self, out: &mut Out, mask: ConstId, res_ty: TypeId) {
        let m = self.m;
        let (len, scalable) = match m.types.get(res_ty) {
            Some(TypeKind::Vector { len, scalable, .. }) => (*len, *scalable),
            _ => (0, false),
        };
        out.push_str(", <");
        if scalable {
            out.push_str("vscale x ");
        }
        push_u64(out, u64::from(len));
        out.push_str(" x i32> ");
        // -1 is poison. A mask of one repeated value is not expanded.
        let value = |e: ConstId| match m.consts.kind(e) {
            Some(ConstKind::Int(v)) => {
                v.limbs().first().map(|&l| l as u32 as i32 as i64).unwrap_or(-1)
            }
            _ => -1,
        };
        let (elems, fill): (&[ConstId], Option<i64>) = match m.consts.kind(mask) {
            Some(ConstKind::Vector(es)) => (es, None),
            Some(ConstKind::Zero) => (&[], Some(0)),
            Some(ConstKind::Splat(e)) => (&[], Some(value(*e))),
            _ => (&[], Some(-1)),
        };
        let n = if fill.is_some() { u64::from(len) } else { elems.len() as u64 };
        let all = |x: i64| fill.map_or_else(|| elems.iter().all(|&e| value(e) == x), |f| f == x);
        if all(0) {
            out.push_str("zeroinitializer");
        } else if all(-1) {
            out.push_str("poison");
        } else {
            out.push('<');
            for i in 0..n {
                let e = fill.unwrap_or_else(|| value(elems[i as usize]));
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str("i32 ");
                if e == -1 {
                    out.push_str("poison");
                } else {
                    push_i64(out, e);
                }
            }
            out.push('>');
        }
    }

    // ---- constants -------------------------------------------------------

    fn typed_const(&self, out: &mut Out, c: ConstId) {
        match self.m.consts.ty(c) {
            Some(t) => self.ty(out, t),
            None => out.push_str("<badref>"),
        }
        out.push(' ');
        self.constant(out, c);
    }

    /// `WriteConstantInternal`, with an explicit stack.
    fn constant(&self, out: &mut Out, root: ConstId) {
        let m = self.m;
        // The common flat constants need no stack.
        match m.consts.kind(root) {
            Some(ConstKind::Int(v)) => return push_int(out, v),
            Some(ConstKind::Global(g)) => return self.gname(out, *g),
            Some(ConstKind::Undef) => return out.push_str("undef"),
            Some(ConstKind::Poison) => return out.push_str("poison"),
            Some(ConstKind::Zero) => return out.push_str("zeroinitializer"),
            _ => {}
        }
        let mut stack: Vec<Task<'_>> = vec![Task::C(root)];
        while let Some(t) = stack.pop() {
            let c = match t {
                Task::S(s) => {
                    out.push_str(s);
                    continue;
                }
                Task::Ty(t) => {
                    self.ty(out, t);
                    continue;
                }
                Task::Mask(mk, t) => {
                    self.shuffle_mask(out, mk, t);
                    continue;
                }
                Task::Rep(e, n) => {
                    out.flush_if_full();
                    if n > 0 {
                        stack.push(Task::Rep(e, n - 1));
                        stack.push(Task::Tc(e));
                        out.push_str(", ");
                    }
                    continue;
                }
                Task::Tc(c) => {
                    match m.consts.ty(c) {
                        Some(t) => self.ty(out, t),
                        None => out.push_str("<badref>"),
                    }
                    out.push(' ');
                    stack.push(Task::C(c));
                    continue;
                }
                Task::C(c) => c,
            };
            let ty = m.consts.ty(c);
            let Some(kind) = m.consts.kind(c) else {
                out.push_str("<badref>");
                continue;
            };
            match kind {
                ConstKind::Int(v) => push_int(out, v),
                ConstKind::Float(f) => {
                    let _ = write!(out, "{f}");
                }
                ConstKind::Null => {
                    let tok = ty.is_some_and(|t| m.types.get(t) == Some(&TypeKind::Token));
                    out.push_str(if tok { "none" } else { "null" });
                }
                ConstKind::NoneToken => out.push_str("none"),
                ConstKind::Undef => out.push_str("undef"),
                ConstKind::Poison => out.push_str("poison"),
                ConstKind::Zero => out.push_str("zeroinitializer"),
                ConstKind::Bytes(b) => {
                    out.push_str("c\"");
                    push_escaped(out, b);
                    out.push('"');
                }
                ConstKind::Array(es) | ConstKind::Vector(es) => {
                    let (open, close) =
                        if matches!(kind, ConstKind::Array(_)) { ("[", "]") } else { ("<", ">") };
                    out.push_str(open);
                    stack.push(Task::S(close));
                    for (i, &e) in es.iter().enumerate().rev() {
                        stack.push(Task::Tc(e));
                        if i > 0 {
                            stack.push(Task::S(", "));
                        }
                    }
                }
                ConstKind::Splat(e) => {
                    // Printed element by element, as llvm-dis-19 does,
                    // without building the list.
                    let (len, array, byte) = match ty.and_then(|t| m.types.get(t)) {
                        Some(&TypeKind::Vector { len, .. }) => (u64::from(len), false, None),
                        Some(&TypeKind::Array { len, elem }) => {
                            let byte = match (m.types.get(elem), m.consts.kind(*e)) {
                                (Some(TypeKind::Int(8)), Some(ConstKind::Int(v))) => {
                                    Some(v.limbs()[0] as u8)
                                }
                                _ => None,
                            };
                            (len, true, byte)
                        }
                        _ => (0, false, None),
                    };
                    if let Some(b) = byte {
                        let mut one = Out::new();
                        push_escaped(&mut one, &[b]);
                        out.push_str("c\"");
                        for _ in 0..len {
                            out.push_bytes(&one.b);
                            out.flush_if_full();
                        }
                        out.push('"');
                    } else if len == 0 {
                        out.push_str("<badref>");
                    } else {
                        out.push_str(if array { "[" } else { "<" });
                        stack.push(Task::S(if array { "]" } else { ">" }));
                        stack.push(Task::Rep(*e, len - 1));
                        stack.push(Task::Tc(*e));
                    }
                }
                ConstKind::Struct(es) => {
                    let packed = ty.is_some_and(|t| match m.types.get(t) {
                        Some(TypeKind::Struct { packed, .. }) => *packed,
                        Some(TypeKind::Named(_)) => {
                            matches!(m.types.named_body(t), Some((_, Some(b))) if b.packed)
                        }
                        _ => false,
                    });
                    out.push_str(if packed { "<{" } else { "{" });
                    stack.push(Task::S(if packed { "}>" } else { "}" }));
                    if !es.is_empty() {
                        stack.push(Task::S(" "));
                        for (i, &e) in es.iter().enumerate().rev() {
                            stack.push(Task::Tc(e));
                            stack.push(Task::S(if i > 0 { ", " } else { " " }));
                        }
                    }
                }
                ConstKind::Global(g) => self.gname(out, *g),
                ConstKind::BlockAddress { func, block } => {
                    out.push_str("blockaddress(");
                    self.gname(out, *func);
                    out.push_str(", ");
                    self.foreign_block(out, *func, *block);
                    out.push(')');
                }
                ConstKind::DsoLocalEquivalent(g) => {
                    out.push_str("dso_local_equivalent ");
                    self.gname(out, *g);
                }
                ConstKind::NoCfi(g) => {
                    out.push_str("no_cfi ");
                    self.gname(out, *g);
                }
                ConstKind::Expr { op, flags: fl, ops, source_ty, inrange } => {
                    let cast = op.is_cast();
                    out.push_str(op.keyword());
                    match op {
                        ExprOp::Add | ExprOp::Sub | ExprOp::Mul | ExprOp::Shl => {
                            if fl & expr_flags::NUW != 0 {
                                out.push_str(" nuw");
                            }
                            if fl & expr_flags::NSW != 0 {
                                out.push_str(" nsw");
                            }
                        }
                        ExprOp::GetElementPtr => {
                            push_gep_flags(
                                out,
                                fl & expr_flags::INBOUNDS != 0,
                                fl & expr_flags::NUSW != 0,
                                fl & expr_flags::NUW != 0,
                            );
                            if let Some((lo, hi)) = inrange {
                                out.push_str(" inrange(");
                                push_i64(out, *lo);
                                out.push_str(", ");
                                push_i64(out, *hi);
                                out.push(')');
                            }
                        }
                        _ => {}
                    }
                    out.push_str(" (");
                    if let (ExprOp::GetElementPtr, Some(st)) = (op, source_ty) {
                        self.ty(out, *st);
                        out.push_str(", ");
                    }
                    stack.push(Task::S(")"));
                    let nops =
                        if *op == ExprOp::ShuffleVector { ops.len().min(2) } else { ops.len() };
                    if *op == ExprOp::ShuffleVector {
                        if let (Some(&mk), Some(t)) = (ops.get(2), ty) {
                            stack.push(Task::Mask(mk, t));
                        }
                    }
                    if cast {
                        if let Some(t) = ty {
                            stack.push(Task::Ty(t));
                            stack.push(Task::S(" to "));
                        }
                    }
                    for (i, &e) in ops[..nops].iter().enumerate().rev() {
                        stack.push(Task::Tc(e));
                        if i > 0 {
                            stack.push(Task::S(", "));
                        }
                    }
                }
                ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
                    // As LLVM 19's AsmWriter: the discriminator when it is
                    // not zero or an address discriminator follows; the
                    // address discriminator when it is not null.
                    let n = if !m.consts.is_null_value(*addr_disc) {
                        4
                    } else if !m.consts.is_null_value(*disc) {
                        3
                    } else {
                        2
                    };
                    out.push_str("ptrauth (");
                    stack.push(Task::S(")"));
                    let ops = [*ptr, *key, *disc, *addr_disc];
                    for (i, &e) in ops[..n].iter().enumerate().rev() {
                        stack.push(Task::Tc(e));
                        if i > 0 {
                            stack.push(Task::S(", "));
                        }
                    }
                }
                #[allow(unreachable_patterns)]
                _ => out.push_str("<unknown constant>"),
            }
        }
    }

    fn foreign_block(&self, out: &mut Out, func: GlobalRef, block: u32) {
        let GlobalRef::Func(fi) = func else { return out.push_str("<badref>") };
        let Some(f) = self.m.functions.get(fi as usize) else { return out.push_str("<badref>") };
        match f.blocks.get(block as usize) {
            None => out.push_str("<badref>"),
            Some(b) => match named(&b.name) {
                Some(n) => {
                    out.push('%');
                    push_name(out, n);
                }
                None => {
                    let mut cache = self.other_locals.borrow_mut();
                    let l = cache.entry(fi).or_insert_with(|| Locals::new(self.m, f));
                    out.push('%');
                    push_u64(out, u64::from(l.blocks.get(block as usize).copied().unwrap_or(NONE)));
                }
            },
        }
    }

    // ---- attributes ------------------------------------------------------

    fn attr_set(&self, out: &mut Out, s: AttrSetId, group: bool) {
        for (i, a) in self.m.attrs.get(s).iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            self.attr(out, a, group);
        }
    }

    /// `Attribute::getAsString`.
    fn attr(&self, out: &mut Out, a: &Attr, group: bool) {
        match a {
            Attr::Enum(k) => out.push_str(k.keyword()),
            Attr::Type(k, t) => {
                out.push_str(k.keyword());
                out.push('(');
                self.ty(out, *t);
                out.push(')');
            }
            Attr::Int(k, v) => {
                let kw = k.keyword();
                let v = *v;
                match kw {
                    "align" => {
                        out.push_str(if group { "align=" } else { "align " });
                        push_u64(out, v);
                    }
                    "alignstack" => {
                        if group {
                            out.push_str("alignstack=");
                            push_u64(out, v);
                        } else {
                            out.push_str("alignstack(");
                            push_u64(out, v);
                            out.push(')');
                        }
                    }
                    "uwtable" => out.push_str(if v == 1 { "uwtable(sync)" } else { "uwtable" }),
                    "allocsize" => {
                        out.push_str("allocsize(");
                        push_u64(out, v >> 32);
                        let n = v as u32;
                        if n != u32::MAX {
                            out.push(',');
                            push_u64(out, u64::from(n));
                        }
                        out.push(')');
                    }
                    "vscale_range" => {
                        out.push_str("vscale_range(");
                        push_u64(out, v >> 32);
                        out.push(',');
                        push_u64(out, v & 0xffff_ffff);
                        out.push(')');
                    }
                    "memory" => push_memory(out, v),
                    "nofpclass" => push_nofpclass(out, v),
                    "allockind" => {
                        out.push_str("allockind(\"");
                        let mut first = true;
                        for (bit, s) in [
                            (1, "alloc"),
                            (2, "realloc"),
                            (4, "free"),
                            (8, "uninitialized"),
                            (16, "zeroed"),
                            (32, "aligned"),
                        ] {
                            if v & bit != 0 {
                                if !first {
                                    out.push(',');
                                }
                                first = false;
                                out.push_str(s);
                            }
                        }
                        out.push_str("\")");
                    }
                    _ => {
                        out.push_str(kw);
                        out.push('(');
                        push_u64(out, v);
                        out.push(')');
                    }
                }
            }
            Attr::Range(k, t, lo, hi) => {
                out.push_str(k.keyword());
                out.push('(');
                self.ty(out, *t);
                out.push(' ');
                push_int_signed(out, lo);
                out.push_str(", ");
                push_int_signed(out, hi);
                out.push(')');
            }
            Attr::Initializes(rs) => {
                out.push_str("initializes(");
                for (i, (lo, hi)) in rs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push('(');
                    push_i64(out, *lo);
                    out.push_str(", ");
                    push_i64(out, *hi);
                    out.push(')');
                }
                out.push(')');
            }
            Attr::String(k, v) => {
                // LLVM 19 writes the key raw and escapes the value.
                out.push('"');
                out.push_bytes(k);
                out.push('"');
                if !v.is_empty() {
                    out.push_str("=\"");
                    push_escaped(out, v);
                    out.push('"');
                }
            }
        }
    }

    // ---- metadata --------------------------------------------------------

    fn md_ref(&self, out: &mut Out, n: MdId) {
        match self.md_slot.get(n.0 as usize) {
            Some(&s) if s != NONE => {
                out.push('!');
                push_u64(out, u64::from(s));
            }
            _ => out.push_str("<badref>"),
        }
    }

    /// `WriteAsOperandInternal` for metadata (`FromValue` semantics: local
    /// values are allowed when `fx` is given).
    fn md_operand(&self, out: &mut Out, n: Option<MdId>, fx: Option<&FnCx<'_>>) {
        let Some(n) = n else { return out.push_str("null") };
        match self.m.md.get(n) {
            None => out.push_str("<badref>"),
            Some(MdNode::String(s)) => {
                out.push_str("!\"");
                push_escaped(out, s);
                out.push('"');
            }
            Some(MdNode::Value(t, v)) => {
                self.ty(out, *t);
                out.push(' ');
                self.value(out, fx, *v);
            }
            Some(MdNode::ArgList(args)) => {
                out.push_str("!DIArgList(");
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.md_operand(out, Some(a), fx);
                }
                out.push(')');
            }
            Some(MdNode::Di(d)) if self.is_expr(n) => self.di_node(out, d.as_ref()),
            Some(_) => self.md_ref(out, n),
        }
    }

    fn md_body(&self, out: &mut Out, n: MdId) {
        if self.m.md.is_distinct(n) {
            out.push_str("distinct ");
        }
        match self.m.md.get(n) {
            Some(MdNode::Tuple(ops)) => {
                out.push_str("!{");
                for (i, &o) in ops.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.md_operand(out, o, None);
                }
                out.push('}');
            }
            Some(MdNode::Di(d)) => self.di_node(out, d.as_ref()),
            Some(MdNode::Location(l)) => self.location(out, l),
            _ => out.push_str("<badref>"),
        }
    }

    /// `!DILocation(...)` as [`di_node`](Self::di_node) prints it, without
    /// the walk of the schema (locations are most of a `-g` module's
    /// nodes): `line:` always, `column:` unless 0, `scope:`, `inlinedAt:`
    /// unless null, `isImplicitCode:` when true.
    fn location(&self, out: &mut Out, l: &crate::di::DiLocation) {
        out.push_str("!DILocation(line: ");
        push_u64(out, u64::from(l.line));
        if l.column != 0 {
            out.push_str(", column: ");
            push_u64(out, u64::from(l.column));
        }
        out.push_str(", scope: ");
        self.di_operand(out, l.scope);
        if let Some(ia) = l.inlined_at {
            out.push_str(", inlinedAt: ");
            self.di_operand(out, ia);
        }
        if l.implicit {
            out.push_str(", isImplicitCode: true");
        }
        out.push(')');
    }

    /// A node operand of a specialized node: `!N` for a numbered node, as
    /// [`md_operand`](Self::md_operand) prints anything else.
    fn di_operand(&self, out: &mut Out, n: MdId) {
        match self.node_slot(n) {
            Some(slot) => {
                out.push('!');
                push_u64(out, u64::from(slot));
            }
            None => self.md_operand(out, Some(n), None),
        }
    }

    /// The slot of `n` if it prints as `!N` inside a specialized node (a
    /// numbered node that is not an inline `DIExpression`).
    fn node_slot(&self, n: MdId) -> Option<u32> {
        let slot = *self.md_slot.get(n.0 as usize)?;
        (slot != NONE && self.is_mdnode(n) && !self.is_expr(n)).then_some(slot)
    }

    fn di_node(&self, out: &mut Out, d: crate::di::DiRef<'_>) {
        let mut scratch = Out::new();
        let mut operand = |o: &mut dyn core::fmt::Write, md: Option<MdId>| -> core::fmt::Result {
            // The usual operands, `null` and `!N`, straight to the output.
            let Some(n) = md else { return o.write_str("null") };
            if let Some(slot) = self.node_slot(n) {
                o.write_str("!")?;
                return crate::di::put_u64(o, u64::from(slot));
            }
            scratch.clear();
            self.md_operand(&mut scratch, md, None);
            o.write_str(scratch.as_str_lossy())
        };
        let _ = crate::di::write_node(out, d, &self.m.md, &mut operand);
    }
}

struct FnCx<'a> {
    f: &'a Function,
    l: &'a Locals,
    vararg: bool,
}

fn struct_body<'a>(s: &mut Out, fields: &[TypeId], packed: bool, get: &dyn Fn(TypeId) -> &'a str) {
    if packed {
        s.push('<');
    }
    if fields.is_empty() {
        s.push_str("{}");
    } else {
        s.push_str("{ ");
        for (j, f) in fields.iter().enumerate() {
            if j > 0 {
                s.push_str(", ");
            }
            s.push_str(get(*f));
        }
        s.push_str(" }");
    }
    if packed {
        s.push('>');
    }
}

fn type_id(m: &Module, i: usize) -> TypeId {
    let _ = m;
    TypeId::from_index(i as u32)
}

fn push_int_flags(out: &mut Out, fl: u8) {
    if fl & flags::NUW != 0 {
        out.push_str(" nuw");
    }
    if fl & flags::NSW != 0 {
        out.push_str(" nsw");
    }
    if fl & flags::EXACT != 0 {
        out.push_str(" exact");
    }
    if fl & flags::DISJOINT != 0 {
        out.push_str(" disjoint");
    }
    if fl & flags::NNEG != 0 {
        out.push_str(" nneg");
    }
}

fn push_gep_flags(out: &mut Out, inbounds: bool, nusw: bool, nuw: bool) {
    if inbounds {
        out.push_str(" inbounds");
    } else if nusw {
        out.push_str(" nusw");
    }
    if nuw {
        out.push_str(" nuw");
    }
}

fn push_int(out: &mut Out, v: &crate::int::IntValue) {
    if v.bits() == 1 {
        out.push_str(if v.limbs().first().is_some_and(|l| l & 1 == 1) { "true" } else { "false" });
        return;
    }
    push_int_signed(out, v);
}

/// An integer as signed decimal (`i1` 1 is `-1`).
fn push_int_signed(out: &mut Out, v: &crate::int::IntValue) {
    let bits = v.bits();
    if bits <= 64 {
        let raw = v.limbs().first().copied().unwrap_or(0);
        let sh = 64 - bits;
        push_i64(out, ((raw << sh) as i64) >> sh);
    } else {
        let _ = write!(out, "{v}");
    }
}

fn push_memory(out: &mut Out, v: u64) {
    const MR: [&str; 4] = ["none", "read", "write", "readwrite"];
    let loc = |l: u32| ((v >> (2 * l)) & 3) as usize;
    let other = loc(2);
    let all = loc(0) | loc(1) | loc(2);
    out.push_str("memory(");
    let mut first = true;
    if other != 0 || all == other {
        first = false;
        out.push_str(MR[other]);
    }
    for (l, name) in [(0, "argmem: "), (1, "inaccessiblemem: ")] {
        let mr = loc(l);
        if mr == other {
            continue;
        }
        if !first {
            out.push_str(", ");
        }
        first = false;
        out.push_str(name);
        out.push_str(MR[mr]);
    }
    out.push(')');
}

fn push_nofpclass(out: &mut Out, v: u64) {
    out.push_str("nofpclass(");
    let mut mask = v & 0x3ff;
    if mask == 0 {
        out.push_str("none)");
        return;
    }
    const NAMES: [(u64, &str); 16] = [
        (0x3ff, "all"),
        (0x3, "nan"),
        (0x1, "snan"),
        (0x2, "qnan"),
        (0x204, "inf"),
        (0x4, "ninf"),
        (0x200, "pinf"),
        (0x60, "zero"),
        (0x20, "nzero"),
        (0x40, "pzero"),
        (0x90, "sub"),
        (0x10, "nsub"),
        (0x80, "psub"),
        (0x108, "norm"),
        (0x8, "nnorm"),
        (0x100, "pnorm"),
    ];
    let mut first = true;
    for (bits, name) in NAMES {
        if mask & bits == bits {
            if !first {
                out.push(' ');
            }
            first = false;
            out.push_str(name);
            mask &= !bits;
        }
    }
    out.push(')');
}

/// A block's predecessors (creation order, printed reversed) after a
/// `uselistorder_bb` permutation of its whole use list: LLVM's list is the
/// uses newest first, with the `nba` `blockaddress` uses (made when the
/// function is complete) ahead of the branches.
fn permute_preds(nba: usize, preds: &[u32], order: &[u32]) -> Vec<u32> {
    let list: Vec<Option<u32>> =
        core::iter::repeat_n(None, nba).chain(preds.iter().rev().map(|&p| Some(p))).collect();
    if list.len() != order.len() {
        return preds.to_vec();
    }
    let mut out = vec![None; list.len()];
    for (i, &to) in order.iter().enumerate() {
        if let Some(slot) = out.get_mut(to as usize) {
            *slot = list[i];
        }
    }
    // Back to creation order (the caller prints it reversed).
    out.into_iter().flatten().rev().collect()
}

/// An instruction's attachments in LLVM's order: `!dbg` first, then by
/// kind (stable).
fn sorted_md(md: &[(MdKindId, MdId)], out: &mut Vec<(MdKindId, MdId)>) {
    out.clear();
    out.extend_from_slice(md);
    if out.len() > 1 {
        out.sort_by_key(|e| e.0);
    }
}

/// Slots for the unnamed ones of `names` (`NONE` for the named), counting
/// on from `n`.
fn number_unnamed<'n>(names: impl Iterator<Item = &'n Name>, n: &mut u32) -> Vec<u32> {
    names
        .map(|name| {
            if named(name).is_some() {
                NONE
            } else {
                *n += 1;
                *n - 1
            }
        })
        .collect()
}

/// A node's MDNode-or-value operands in LLVM operand order.
fn md_operands(m: &Module, n: MdId, out: &mut Vec<Option<MdId>>) {
    if let Some(node) = m.md.get(n) {
        node.node_operands(out);
    }
}

/// LLVM's `TypeFinder`, with explicit stacks.
struct TypeFinder<'m> {
    m: &'m Module,
    vis_ty: Vec<bool>,
    vis_c: Vec<bool>,
    vis_md: Vec<bool>,
    structs: Vec<TypeId>,
    ty_stack: Vec<TypeId>,
    stack: Vec<Item>,
    ops: Vec<Option<MdId>>,
}

#[derive(Clone, Copy)]
enum Item {
    C(ConstId),
    Md(MdId),
}

impl TypeFinder<'_> {
    fn mark_ty(&mut self, t: TypeId) -> bool {
        match self.vis_ty.get_mut(t.index()) {
            Some(v) if !*v => {
                *v = true;
                true
            }
            _ => false,
        }
    }

    fn ty(&mut self, t: TypeId) {
        if !self.mark_ty(t) {
            return;
        }
        let m = self.m;
        self.ty_stack.push(t);
        while let Some(t) = self.ty_stack.pop() {
            let subs: &[TypeId] = match m.types.get(t) {
                Some(TypeKind::Struct { fields, .. }) => {
                    self.structs.push(t);
                    fields
                }
                Some(TypeKind::Named(_)) => {
                    self.structs.push(t);
                    match m.types.named_body(t) {
                        Some((_, Some(b))) => b.fields,
                        _ => &[],
                    }
                }
                Some(TypeKind::Array { elem, .. }) | Some(TypeKind::Vector { elem, .. }) => {
                    core::slice::from_ref(elem)
                }
                Some(TypeKind::Function { ret, params, .. }) => {
                    // ret first, then params; pushed in reverse.
                    for &p in params.iter().rev() {
                        if self.mark_ty(p) {
                            self.ty_stack.push(p);
                        }
                    }
                    let r = *ret;
                    if self.mark_ty(r) {
                        self.ty_stack.push(r);
                    }
                    &[]
                }
                Some(TypeKind::TargetExt { types, .. }) => types,
                _ => &[],
            };
            for &s in subs.iter().rev() {
                if self.mark_ty(s) {
                    self.ty_stack.push(s);
                }
            }
        }
    }

    fn attr_list(&mut self, l: crate::id::AttrListId) {
        let m = self.m;
        let al = m.attrs.get_list(l);
        let sets = [al.func, al.ret].into_iter().chain(al.params.iter().copied());
        for s in sets {
            for a in m.attrs.get(s) {
                if let Attr::Type(_, t) = a {
                    self.ty(*t);
                }
            }
        }
    }

    fn val(&mut self, v: Value) {
        match v {
            Value::Const(c) => self.run(Item::C(c)),
            Value::Metadata(md) => self.md_value(md),
            _ => {}
        }
    }

    /// A `MetadataAsValue` operand.
    fn md_value(&mut self, md: MdId) {
        match self.m.md.get(md) {
            Some(MdNode::Tuple(_) | MdNode::Di(_) | MdNode::Location(_)) => self.run(Item::Md(md)),
            Some(MdNode::Value(_, Value::Const(c))) => self.run(Item::C(*c)),
            Some(MdNode::ArgList(args)) => {
                for &a in args.iter() {
                    if let Some(MdNode::Value(_, Value::Const(c))) = self.m.md.get(a) {
                        self.run(Item::C(*c));
                    }
                }
            }
            _ => {}
        }
    }

    fn md(&mut self, md: MdId) {
        if self.m.md.get(md).is_some_and(MdNode::is_node) {
            self.run(Item::Md(md));
        }
    }

    fn run(&mut self, root: Item) {
        let m = self.m;
        self.stack.push(root);
        while let Some(it) = self.stack.pop() {
            match it {
                Item::C(c) => {
                    if matches!(m.consts.kind(c), Some(ConstKind::Global(_)) | None) {
                        continue;
                    }
                    match self.vis_c.get_mut(c.0 as usize) {
                        Some(v) if !*v => *v = true,
                        _ => continue,
                    }
                    if let Some(t) = m.consts.ty(c) {
                        self.ty(t);
                    }
                    let pa;
                    let ops: &[ConstId] = match m.consts.kind(c) {
                        Some(&ConstKind::PtrAuth { ptr, key, disc, addr_disc }) => {
                            pa = [ptr, key, disc, addr_disc];
                            &pa
                        }
                        Some(
                            ConstKind::Array(es) | ConstKind::Struct(es) | ConstKind::Vector(es),
                        ) => es,
                        Some(ConstKind::Splat(e)) => core::slice::from_ref(e),
                        Some(ConstKind::Expr { ops, source_ty, .. }) => {
                            if let Some(st) = source_ty {
                                self.ty(*st);
                            }
                            ops
                        }
                        _ => &[],
                    };
                    for &o in ops.iter().rev() {
                        self.stack.push(Item::C(o));
                    }
                }
                Item::Md(n) => {
                    match self.vis_md.get_mut(n.0 as usize) {
                        Some(v) if !*v => *v = true,
                        _ => continue,
                    }
                    let mut ops = core::mem::take(&mut self.ops);
                    ops.clear();
                    md_operands(m, n, &mut ops);
                    for &o in ops.iter().rev().flatten() {
                        match m.md.get(o) {
                            Some(MdNode::Tuple(_) | MdNode::Di(_) | MdNode::Location(_)) => {
                                self.stack.push(Item::Md(o))
                            }
                            Some(MdNode::Value(_, Value::Const(c))) => self.stack.push(Item::C(*c)),
                            _ => {}
                        }
                    }
                    self.ops = ops;
                }
            }
        }
    }
}
