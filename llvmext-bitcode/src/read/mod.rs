//! Reading bitcode into [`llvmext_ir`]'s model, as LLVM 19's
//! `BitcodeReader` reads it.
//!
//! [`read`] reads the first module of a file (raw `BC` stream, or wrapped)
//! with every function body; [`Reader`] reads the module's globals and
//! declarations first and each function body on demand (LLVM's lazy
//! loading), and picks a module of a multi-module file.
//!
//! ```no_run
//! let bytes = std::fs::read("hello.bc")?;
//! let m = llvmext_bitcode::read::read(&bytes)?;
//! for f in &m.functions {
//!     println!("{:?}: {} instructions", f.common.name, f.insts.len());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Everything read is checked: an operand that names no value, a type that
//! does not fit, a count the input cannot hold is a [`ReadError`] carrying
//! the bit offset and the block and record it was found in; nothing in the
//! input sizes an allocation beyond what the input itself holds.

pub(crate) mod attrs;
mod constants;
mod di;
mod error;
pub(crate) mod function;
mod metadata;
mod newer;
mod types;

pub use error::{ReadError, ReadErrorKind};

use hashbrown::HashMap;
use llvmext_core::bitstream::{BitstreamReader, Item};
use llvmext_ir::attr::{Attr, AttrList};
use llvmext_ir::datalayout::DataLayout;
use llvmext_ir::id::{AttrListId, AttrSetId, ComdatId, ConstId, GlobalRef, TypeId, Value};
use llvmext_ir::inst::{CallConv, SyncScope};
use llvmext_ir::module::{
    Alias, Comdat, ComdatKind, DllStorage, Function, GlobalCommon, GlobalVar, IFunc, Linkage,
    ThreadLocal, UnnamedAddr, Visibility,
};
use llvmext_ir::name::ByteStr;
use llvmext_ir::types::TypeKind;
use llvmext_ir::Module;

use crate::codes;
use crate::container;
use crate::schema::layout::{self, Layout};
use crate::schema::{BlockId, ModuleCode};

use self::metadata::MdList;
use self::types::TypeTable;

/// Reads the first module of a bitcode file (raw or wrapped) with every
/// function body.
pub fn read(bytes: &[u8]) -> Result<Module, ReadError> {
    read_with(bytes, &ReadOptions::default())
}

/// Reads the module `opts` names, with every function body.
pub fn read_with(bytes: &[u8], opts: &ReadOptions) -> Result<Module, ReadError> {
    let mut r = Reader::with_options(bytes, opts)?;
    r.read_all_functions()?;
    Ok(r.into_module())
}

/// Which module of a file [`Reader::with_options`] reads.
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {
    /// The index of the module in a multi-module file (`llvm-cat -b`,
    /// ThinLTO); 0 by default.
    pub module: usize,
}

/// What modules read into one LLVM context share: the names of identified
/// structs. LLVM renames a struct whose name the context already holds
/// `name.N`, with a counter of the context; `llvm-dis` reads all the files
/// it is given into one context, so the second of two files defining
/// `%struct.point` prints it as `%struct.point.0`. [`read`] and
/// [`Reader::new`] use a context of their own; pass one to
/// [`Reader::with_context`] for several.
#[derive(Debug, Default)]
pub struct Context {
    struct_names: hashbrown::HashSet<Box<[u8]>>,
    unique: u64,
}

impl Context {
    /// A context holding no names.
    pub fn new() -> Self {
        Self::default()
    }
}

/// What a module's `IDENTIFICATION` block says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Identification {
    /// The producer, e.g. `LLVM19.1.7` (`None`: no `IDENTIFICATION` block).
    pub producer: Option<String>,
    /// The bitcode epoch.
    pub epoch: Option<u64>,
}

/// A module whose globals and declarations are read, and whose function
/// bodies are read on demand ([`read_function`](Self::read_function)).
pub struct Reader<'a> {
    cx: Cx<'a>,
    /// For each function with a body: its index and the bit of its
    /// `FUNCTION_BLOCK`.
    bodies: Vec<(u32, u64)>,
    /// Which bodies are read.
    done: Vec<bool>,
    /// A reader inside the module block, to jump to bodies from.
    at_module: BitstreamReader<'a>,
    /// A copy of it, for when a body fails half-way.
    pristine: BitstreamReader<'a>,
    ident: Identification,
}

impl<'a> Reader<'a> {
    /// Reads the first module's globals, declarations, types, constants and
    /// metadata; function bodies wait for
    /// [`read_function`](Self::read_function).
    pub fn new(bytes: &'a [u8]) -> Result<Self, ReadError> {
        Self::with_options(bytes, &ReadOptions::default())
    }

    /// [`new`](Self::new), for the module `opts` names.
    pub fn with_options(bytes: &'a [u8], opts: &ReadOptions) -> Result<Self, ReadError> {
        Self::with_context(bytes, opts, &mut Context::new())
    }

    /// [`with_options`](Self::with_options), naming identified structs in
    /// `context` (see [`Context`]).
    pub fn with_context(
        bytes: &'a [u8],
        opts: &ReadOptions,
        context: &mut Context,
    ) -> Result<Self, ReadError> {
        let file = container::parse(bytes).map_err(|e| match e {
            // (The message without its location: the error adds it.)
            container::Error::Bitstream(b) => {
                ReadError::new(ReadErrorKind::Bitstream(b.kind().clone()), b.bit_offset())
            }
            container::Error::Bitcode { message, bit } => {
                ReadError::new(ReadErrorKind::Container(message.into()), bit)
            }
            container::Error::Object { message, offset, .. } => {
                ReadError::new(ReadErrorKind::Container(message.into()), offset * 8)
            }
        })?;
        let count = file.modules.len();
        let Some(mr) = file.modules.into_iter().nth(opts.module) else {
            let message = match count {
                0 => "the file holds no module".to_string(),
                n => format!("module {} requested, the file holds {n}", opts.module),
            };
            return Err(ReadError::new(ReadErrorKind::Container(message), bytes.len() as u64 * 8));
        };
        let base = mr.byte_range.start as u64 * 8;
        let ident = Identification { producer: mr.producer.clone(), epoch: mr.epoch };
        let mut cx = Cx::new(mr.bytes, base, mr.strtab.unwrap_or(&[]), mr.producer.clone());
        // A module's bytes start at its IDENTIFICATION block, or (first
        // module without one) right after the magic.
        let bodies = cx.read_top(context)?;
        let at_module = cx.at_module.take().unwrap_or_else(|| cx.r.clone());
        // LLVM gives every intrinsic its own attributes, whatever the file says.
        llvmext_ir::intrinsics::apply_intrinsic_attributes(&mut cx.m);
        let n = bodies.len();
        let pristine = at_module.clone();
        Ok(Reader { cx, bodies, done: vec![false; n], at_module, pristine, ident })
    }

    /// The module's identification (producer and epoch).
    pub fn identification(&self) -> &Identification {
        &self.ident
    }

    /// The module as read so far.
    pub fn module(&self) -> &Module {
        &self.cx.m
    }

    /// Indices (in [`Module::functions`]) of the functions with a body.
    pub fn functions_with_bodies(&self) -> impl Iterator<Item = usize> + '_ {
        self.bodies.iter().map(|b| b.0 as usize)
    }

    /// Reads the body of function `index` (of [`Module::functions`]) if it
    /// has one and it is not read yet.
    pub fn read_function(&mut self, index: usize) -> Result<(), ReadError> {
        let Some(k) = self.bodies.iter().position(|b| b.0 as usize == index) else {
            return Ok(());
        };
        self.read_body(k)
    }

    fn read_body(&mut self, k: usize) -> Result<(), ReadError> {
        if self.done[k] {
            return Ok(());
        }
        let (fi, bit) = self.bodies[k];
        // A body read to its end leaves the reader in the module block,
        // where the next jump starts from; one that failed may not.
        self.at_module.jump_to_bit(bit).map_err(|e| self.cx.bs(e))?;
        core::mem::swap(&mut self.cx.r, &mut self.at_module);
        let res = self.cx.read_function_block(fi);
        core::mem::swap(&mut self.cx.r, &mut self.at_module);
        if res.is_err() {
            self.at_module = self.pristine.clone();
        }
        res?;
        self.done[k] = true;
        Ok(())
    }

    /// Reads every function body not read yet.
    pub fn read_all_functions(&mut self) -> Result<(), ReadError> {
        for k in 0..self.bodies.len() {
            self.read_body(k)?;
        }
        Ok(())
    }

    /// The module (bodies not read stay empty: such a function looks like a
    /// declaration), upgraded as LLVM 19's reader upgrades older producers'
    /// modules ([`llvmext_ir::parse::auto_upgrade`]: old debug intrinsic
    /// calls become debug records, old intrinsic names and signatures take
    /// LLVM 19's). An upgraded intrinsic is declared anew at the end and
    /// its old declaration goes, so in a module of an old producer the
    /// indices of functions may differ from [`module`](Self::module)'s:
    /// find functions by name across the two.
    pub fn into_module(self) -> Module {
        let mut m = self.cx.m;
        llvmext_ir::parse::auto_upgrade(&mut m);
        m.md.shrink_to_fit();
        m.consts.shrink_to_fit();
        m
    }
}

/// A value of the value table with its type.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slot {
    pub v: Value,
    pub ty: TypeId,
}

/// What `MODULE_CODE_FUNCTION` says about a function's constant operands.
#[derive(Debug, Clone, Copy)]
struct FnOperands {
    func: u32,
    prologue: u64,
    prefix: u64,
    personality: u64,
}

/// The state of reading one module.
pub(crate) struct Cx<'a> {
    pub m: Module,
    pub r: BitstreamReader<'a>,
    /// Bit offset of the module's bytes in the input.
    base: u64,
    pub ops: Vec<u64>,
    strtab: &'a [u8],
    producer: Option<String>,
    /// `MODULE_CODE_VERSION`.
    pub version: u64,
    pub types: TypeTable,
    /// The module-level value table.
    pub vals: Vec<Slot>,
    sections: Vec<ByteStr>,
    gcs: Vec<ByteStr>,
    comdats: Vec<ComdatId>,
    pub attr_groups: HashMap<u64, (u64, AttrSetId)>,
    pub attr_lists: Vec<AttrListId>,
    global_inits: Vec<(u32, u64)>,
    indirect_inits: Vec<(GlobalRef, u64)>,
    fn_operands: Vec<FnOperands>,
    pub md: MdList,
    /// Bitcode metadata kind id -> the model's kind.
    pub md_kinds: HashMap<u64, llvmext_ir::id::MdKindId>,
    pub bundle_tags: Vec<Box<str>>,
    pub sync_scopes: Vec<SyncScope>,
    /// Where the record or block being read starts, its block and code.
    pub at: (u64, BlockId, Option<u32>),
    /// Functions in the order of their `MODULE_CODE_FUNCTION` records that
    /// have a body.
    with_bodies: Vec<u32>,
    /// A copy of the reader inside the module block (at its first
    /// function block), to jump to function bodies from.
    at_module: Option<BitstreamReader<'a>>,
    /// The module's datalayout, parsed (once the module block is read).
    pub dl: DataLayout,
    /// (function, block) of every `blockaddress` read so far.
    pub block_addrs: hashbrown::HashSet<(u32, u32)>,
    /// Every `DILocation` metadata records made, by its fields.
    pub record_locs: HashMap<metadata::LocKey, llvmext_ir::id::MdId>,
    /// The current function's `DILocation`s by their fields.
    pub loc_cache: HashMap<metadata::LocKey, llvmext_ir::id::MdId>,
    /// Lifetime markers declared with LLVM 22's type and given LLVM 19's
    /// (see [`newer`]).
    pub lifetime_fns: hashbrown::HashSet<u32>,
    /// The room a function's instructions are read into, kept from one
    /// function to the next (each function's list is then copied out at
    /// its exact length, not left with the spare third of a list grown by
    /// doubling).
    pub spare_insts: Vec<llvmext_ir::inst::Inst>,
}

impl<'a> Cx<'a> {
    fn new(bytes: &'a [u8], base: u64, strtab: &'a [u8], producer: Option<String>) -> Self {
        Cx {
            m: Module::new(),
            r: BitstreamReader::new(bytes),
            base,
            ops: Vec::new(),
            strtab,
            producer,
            version: 0,
            types: TypeTable::default(),
            vals: Vec::new(),
            sections: Vec::new(),
            gcs: Vec::new(),
            comdats: Vec::new(),
            attr_groups: HashMap::new(),
            attr_lists: Vec::new(),
            global_inits: Vec::new(),
            indirect_inits: Vec::new(),
            fn_operands: Vec::new(),
            md: MdList::default(),
            md_kinds: HashMap::new(),
            bundle_tags: Vec::new(),
            sync_scopes: Vec::new(),
            at: (0, BlockId::MODULE, None),
            with_bodies: Vec::new(),
            at_module: None,
            dl: DataLayout::default(),
            block_addrs: hashbrown::HashSet::new(),
            loc_cache: HashMap::new(),
            record_locs: HashMap::new(),
            lifetime_fns: hashbrown::HashSet::new(),
            spare_insts: Vec::new(),
        }
    }

    // ----- errors -----

    /// An error of kind `kind` at the current record.
    pub fn err(&self, kind: ReadErrorKind) -> ReadError {
        ReadError {
            kind,
            bit: self.base + self.at.0,
            block: Some(self.at.1),
            code: self.at.2,
            producer: self.producer.clone(),
        }
    }

    /// A malformed-record error.
    pub fn bad(&self, msg: impl Into<String>) -> ReadError {
        self.err(ReadErrorKind::Malformed(msg.into()))
    }

    /// A bad-reference error.
    pub fn bad_ref(&self, msg: impl Into<String>) -> ReadError {
        self.err(ReadErrorKind::BadReference(msg.into()))
    }

    /// An unsupported-construct error.
    pub fn unsupported(&self, msg: impl Into<String>) -> ReadError {
        self.err(ReadErrorKind::Unsupported(msg.into()))
    }

    /// A bitstream error, located in the input.
    pub fn bs(&self, e: llvmext_core::Error) -> ReadError {
        ReadError {
            kind: ReadErrorKind::Bitstream(e.kind().clone()),
            bit: self.base + e.bit_offset(),
            block: Some(self.at.1),
            code: None,
            producer: self.producer.clone(),
        }
    }

    /// Enters the block `advance` just returned.
    pub fn enter(&mut self, id: BlockId) -> Result<(), ReadError> {
        self.at = (self.r.bit_position(), id, None);
        self.r.enter_block().map_err(|e| self.bs(e))?;
        Ok(())
    }

    /// The type with table index `i`.
    pub fn ty(&self, i: u64) -> Result<TypeId, ReadError> {
        self.types.get(i).ok_or_else(|| self.bad_ref(format!("type index {i} out of range")))
    }

    fn str_at(&self, off: u64, size: u64) -> Result<&'a [u8], ReadError> {
        let s = self.strtab;
        usize::try_from(off)
            .ok()
            .zip(usize::try_from(size).ok())
            .and_then(|(o, n)| s.get(o..o.checked_add(n)?))
            .ok_or_else(|| self.bad("name out of the string table"))
    }

    // ----- the module block -----

    /// Reads the top level up to and through the module block, skipping
    /// function bodies; returns the bodies' functions and bits.
    fn read_top(&mut self, context: &mut Context) -> Result<Vec<(u32, u64)>, ReadError> {
        loop {
            let start = self.r.bit_position();
            let item = match self.r.next_item() {
                Ok(x) => x,
                Err(e) => return Err(self.bs(e)),
            };
            match item {
                None => return Err(self.bad("no MODULE_BLOCK in the module")),
                Some(Item::SubBlock { block_id }) if block_id == BlockId::MODULE.0 => {
                    self.at = (start, BlockId::MODULE, None);
                    self.r.enter_block().map_err(|e| self.bs(e))?;
                    return self.read_module(context);
                }
                Some(Item::SubBlock { .. }) => {
                    self.r.skip_block().map_err(|e| self.bs(e))?;
                }
                Some(_) => {}
            }
        }
    }

    fn read_module(&mut self, context: &mut Context) -> Result<Vec<(u32, u64)>, ReadError> {
        let mut bodies = Vec::new();
        let mut ops = core::mem::take(&mut self.ops);
        let mut resolved = false;
        loop {
            let start = self.r.bit_position();
            let item = match self.r.next_item() {
                Ok(x) => x,
                Err(e) => return Err(self.bs(e)),
            };
            let Some(item) = item else {
                return Err(self.bad("MODULE_BLOCK not terminated"));
            };
            match item {
                Item::EndBlock => break,
                Item::DefineAbbrev => {}
                Item::SubBlock { block_id } => {
                    let id = BlockId(block_id);
                    match id {
                        BlockId::BLOCKINFO => {
                            self.enter(id)?;
                            self.skip_rest()?;
                        }
                        BlockId::PARAMATTR_GROUP => {
                            self.enter(id)?;
                            self.read_attr_groups()?;
                        }
                        BlockId::PARAMATTR => {
                            self.enter(id)?;
                            self.read_attr_lists()?;
                        }
                        BlockId::TYPE_NEW => {
                            self.enter(id)?;
                            self.read_types(context)?;
                        }
                        BlockId::CONSTANTS => {
                            self.enter(id)?;
                            let base = self.vals.len();
                            self.read_constants(None, base)?;
                        }
                        BlockId::METADATA_KIND => {
                            self.enter(id)?;
                            self.read_md_kinds()?;
                        }
                        BlockId::METADATA => {
                            if !resolved {
                                self.resolve_global_inits()?;
                                resolved = true;
                            }
                            self.enter(id)?;
                            self.read_metadata_block(None)?;
                        }
                        BlockId::OPERAND_BUNDLE_TAGS => {
                            self.enter(id)?;
                            self.read_bundle_tags()?;
                        }
                        BlockId::SYNC_SCOPE_NAMES => {
                            self.enter(id)?;
                            self.read_sync_scopes()?;
                        }
                        BlockId::FUNCTION => {
                            if !resolved {
                                self.resolve_global_inits()?;
                                resolved = true;
                            }
                            let k = bodies.len();
                            let Some(&fi) = self.with_bodies.get(k) else {
                                self.at = (start, id, None);
                                return Err(
                                    self.bad("more function bodies than functions with one")
                                );
                            };
                            bodies.push((fi, start));
                            if self.at_module.is_none() {
                                self.at_module = Some(self.r.clone());
                            }
                            self.r.skip_block().map_err(|e| self.bs(e))?;
                        }
                        _ => {
                            // VALUE_SYMTAB (names come from the STRTAB),
                            // USELIST, summaries, unknown blocks.
                            self.r.skip_block().map_err(|e| self.bs(e))?;
                        }
                    }
                }
                Item::Record { record, ops: rops } => {
                    ops.clear();
                    ops.extend_from_slice(rops);
                    self.at = (start, BlockId::MODULE, Some(record.code));
                    self.module_record(ModuleCode(record.code), &ops)?;
                }
            }
        }
        self.ops = ops;
        if !resolved {
            self.resolve_global_inits()?;
        }
        // The datalayout as LLVM 19 upgrades it when it reads the module
        // block, parsed once for the bodies (alloca address spaces, the
        // alignments a record leaves out).
        if let Some(dl) = self.m.datalayout.as_deref() {
            let triple = self.m.triple.as_deref().unwrap_or("");
            let up = llvmext_ir::datalayout::upgrade_string(dl, triple);
            if up != dl {
                self.m.datalayout = Some(up.into());
            }
        }
        self.dl = self
            .m
            .datalayout
            .as_deref()
            .and_then(|d| DataLayout::parse(d).ok())
            .unwrap_or_default();
        if bodies.len() != self.with_bodies.len() {
            return Err(self.bad(format!(
                "{} functions have a body, the module holds {} function blocks",
                self.with_bodies.len(),
                bodies.len()
            )));
        }
        Ok(bodies)
    }

    /// Skips the rest of the current block.
    pub fn skip_rest(&mut self) -> Result<(), ReadError> {
        loop {
            match match self.r.next_item() {
                Ok(x) => x,
                Err(e) => return Err(self.bs(e)),
            } {
                None => return Err(self.bad("block not terminated")),
                Some(Item::EndBlock) => return Ok(()),
                Some(Item::SubBlock { .. }) => {
                    self.r.skip_block().map_err(|e| self.bs(e))?;
                }
                Some(_) => {}
            }
        }
    }

    fn module_record(&mut self, code: ModuleCode, ops: &[u64]) -> Result<(), ReadError> {
        match code {
            ModuleCode::VERSION => {
                let v = *ops.first().ok_or_else(|| self.bad("VERSION without a value"))?;
                if v > 2 {
                    return Err(
                        self.unsupported(format!("module version {v} (this reader knows 0 to 2)"))
                    );
                }
                self.version = v;
            }
            ModuleCode::TRIPLE => {
                let t = chars(ops);
                self.m.triple = Some(String::from_utf8_lossy(&t).into());
            }
            ModuleCode::DATALAYOUT => {
                let t = chars(ops);
                self.m.datalayout = Some(String::from_utf8_lossy(&t).into());
            }
            ModuleCode::ASM => {
                let t = chars(ops);
                // One entry per line, as the parser keeps them.
                let t = t.strip_suffix(b"\n").unwrap_or(&t);
                self.m.module_asm =
                    t.split(|&b| b == b'\n').map(|l| l.to_vec().into_boxed_slice()).collect();
            }
            ModuleCode::SOURCE_FILENAME => {
                let t = chars(ops);
                self.m.source_filename = Some(t.into_boxed_slice());
            }
            ModuleCode::SECTIONNAME => {
                let t = chars(ops);
                self.sections.push(ByteStr::from(t));
            }
            ModuleCode::GCNAME => {
                let t = chars(ops);
                self.gcs.push(ByteStr::from(t));
            }
            ModuleCode::DEPLIB => {}
            ModuleCode::COMDAT => self.comdat(ops)?,
            ModuleCode::GLOBALVAR => self.global_var(ops)?,
            ModuleCode::FUNCTION => self.function(ops)?,
            ModuleCode::ALIAS | ModuleCode::IFUNC => self.alias_or_ifunc(code, ops)?,
            ModuleCode::ALIAS_OLD => self.alias_old(ops)?,
            ModuleCode::VSTOFFSET | ModuleCode::HASH | ModuleCode::METADATA_VALUES_UNUSED => {}
            c => {
                return Err(self.unsupported(match c.name() {
                    Some(n) => format!("module record {n}"),
                    None => format!("unknown module record code {}", c.0),
                }))
            }
        }
        Ok(())
    }

    /// `[strtab_offset, strtab_size, rest...]` in version 2: the name and
    /// the rest.
    fn name_and_rest<'o>(
        &self,
        ops: &'o [u64],
    ) -> Result<(Option<&'a [u8]>, &'o [u64]), ReadError> {
        if self.version < 2 {
            return Ok((None, ops));
        }
        if ops.len() < 2 {
            return Err(self.bad("record too short for a name"));
        }
        let name = self.str_at(ops[0], ops[1])?;
        Ok((if name.is_empty() { None } else { Some(name) }, &ops[2..]))
    }

    /// `ops` indexed by `layout`'s positions in this module's version.
    fn fields<'o>(&self, layout: &'static Layout, ops: &'o [u64]) -> Fields<'o> {
        Fields { ops, skip: layout.absent_prefix(self.version) }
    }

    fn comdat(&mut self, ops: &[u64]) -> Result<(), ReadError> {
        // v2: [strtab_offset, strtab_size, selection_kind]
        // v1: [selection_kind, name_size, name chars...]
        let (name, kind) = if self.version >= 2 {
            use layout::comdat::SELECTION_KIND;
            let (n, _) = self.name_and_rest(ops)?;
            let kind = ops.get(SELECTION_KIND).ok_or_else(|| self.bad("COMDAT too short"))?;
            (n.unwrap_or(&[]).to_vec(), *kind)
        } else {
            use layout::comdat_v1::{NAME, NAME_SIZE, SELECTION_KIND};
            if ops.len() < layout::comdat_v1::LAYOUT.min_len(self.version) {
                return Err(self.bad("COMDAT too short"));
            }
            let n = usize::try_from(ops[NAME_SIZE])
                .ok()
                .filter(|&n| n <= ops.len() - NAME)
                .ok_or_else(|| self.bad("COMDAT name size"))?;
            (chars(&ops[NAME..NAME + n]), ops[SELECTION_KIND])
        };
        let code = u32::try_from(kind).ok().map(crate::schema::ComdatSelectionKind);
        let Some(kind) = code.and_then(codes::comdat::decode) else {
            return Err(self.bad(format!("unknown comdat selection kind {kind}")));
        };
        let id = ComdatId(self.m.comdats.len() as u32);
        self.m.comdats.push(Comdat { name: ByteStr::from(name), kind });
        self.comdats.push(id);
        Ok(())
    }

    fn comdat_ref(&self, v: u64) -> Result<Option<ComdatId>, ReadError> {
        if v == 0 {
            return Ok(None);
        }
        self.comdats
            .get((v - 1) as usize)
            .copied()
            .map(Some)
            .ok_or_else(|| self.bad_ref(format!("comdat #{} out of range", v - 1)))
    }

    fn section(&self, v: u64) -> Result<Option<ByteStr>, ReadError> {
        if v == 0 {
            return Ok(None);
        }
        // An empty name is no section, as LLVM's setSection("") is.
        self.sections
            .get((v - 1) as usize)
            .map(|s| if s.is_empty() { None } else { Some(s.clone()) })
            .ok_or_else(|| self.bad_ref(format!("section name #{} out of range", v - 1)))
    }

    fn align(&self, v: u64) -> Result<u64, ReadError> {
        match v {
            0 => Ok(0),
            1..=64 => Ok(1u64 << (v - 1).min(63)),
            _ => Err(self.bad(format!("invalid alignment exponent {v}"))),
        }
    }

    fn attr_list(&self, v: u64) -> Result<AttrListId, ReadError> {
        if v == 0 {
            return Ok(AttrListId::EMPTY);
        }
        self.attr_lists
            .get((v - 1) as usize)
            .copied()
            .ok_or_else(|| self.bad_ref(format!("attribute list #{} out of range", v - 1)))
    }

    fn ptr_ty(&mut self, addrspace: u32) -> Result<TypeId, ReadError> {
        self.m.types.ptr(addrspace).map_err(|e| self.bad(format!("{e:?}")))
    }

    fn push_global_value(&mut self, g: GlobalRef, addrspace: u32) -> Result<(), ReadError> {
        let pty = self.ptr_ty(addrspace)?;
        let c = self.m.consts.global(pty, g);
        self.vals.push(Slot { v: Value::Const(c), ty: pty });
        Ok(())
    }

    fn global_var(&mut self, ops: &[u64]) -> Result<(), ReadError> {
        use layout::global_var::*;
        let (name, _) = self.name_and_rest(ops)?;
        let r = self.fields(&LAYOUT, ops);
        if ops.len() < LAYOUT.min_len(self.version) {
            return Err(self.bad("GLOBALVAR record too short"));
        }
        let mut ty_id = r[TYPE];
        let constant = r[FLAGS] & 1 != 0;
        let explicit = r[FLAGS] & 2 != 0;
        let addrspace;
        if explicit {
            addrspace = u32::try_from(r[FLAGS] >> 2).map_err(|_| self.bad("address space"))?;
        } else {
            // A typed pointer (old producers).
            let t = self.ty(ty_id)?;
            match self.m.types.get(t) {
                Some(&TypeKind::Ptr(a)) => addrspace = a,
                _ => return Err(self.bad("global variable type is not a pointer")),
            }
            ty_id = self
                .types
                .pointee(ty_id)
                .ok_or_else(|| self.bad("global variable without a pointee type"))?;
        }
        let ty = self.ty(ty_id)?;
        let raw_linkage = r[LINKAGE];
        let linkage = linkage(raw_linkage);
        let mut g = GlobalVar::new(ty);
        g.common.name = name.map(ByteStr::from);
        g.common.linkage = linkage;
        g.constant = constant;
        g.addrspace = addrspace;
        g.align = self.align(r[ALIGN])?;
        g.section = self.section(r[SECTION])?;
        if r.has(VISIBILITY) && !linkage.is_local() {
            g.common.visibility = visibility(r[VISIBILITY]);
        }
        if r.has(THREAD_LOCAL) {
            g.common.thread_local = thread_local(r[THREAD_LOCAL]);
        }
        if r.has(UNNAMED_ADDR) {
            g.common.unnamed_addr = unnamed_addr(r[UNNAMED_ADDR]);
        }
        if r.has(EXTERNALLY_INITIALIZED) {
            g.externally_initialized = r[EXTERNALLY_INITIALIZED] != 0;
        }
        if r.has(DLL_STORAGE_CLASS) {
            if !linkage.is_local() {
                g.common.dll = dll(r[DLL_STORAGE_CLASS]);
            }
        } else {
            upgrade_dll(&mut g.common, raw_linkage);
        }
        if r.has(COMDAT) {
            g.comdat = self.comdat_ref(r[COMDAT])?;
        } else if has_implicit_comdat(raw_linkage) {
            g.comdat = self.implicit_comdat(name);
        }
        if r.has(ATTRIBUTES) && r[ATTRIBUTES] != 0 {
            let l = self.attr_list(r[ATTRIBUTES])?;
            g.attrs = self.m.attrs.get_list(l).func;
        }
        if r.has(DSO_LOCAL) {
            g.common.dso_local = r[DSO_LOCAL] == 1; // (LLVM: any other value is preemptable)
        }
        infer_dso_local(&mut g.common);
        if r.has(PARTITION_SIZE) && r[PARTITION_SIZE] != 0 {
            g.common.partition =
                Some(ByteStr::from(self.str_at(r[PARTITION_OFFSET], r[PARTITION_SIZE])?));
        }
        if r.has(SANITIZER) && r[SANITIZER] != 0 {
            g.common.sanitizer = (r[SANITIZER] & 0xf) as u8;
        }
        if r.has(CODE_MODEL) && r[CODE_MODEL] != 0 {
            let Some(cm) = codes::code_model::decode(r[CODE_MODEL]) else {
                return Err(self.bad(format!("invalid code model {}", r[CODE_MODEL])));
            };
            g.code_model = Some(cm.into());
        }
        let idx = self.m.globals.len() as u32;
        if r[INIT] != 0 {
            self.global_inits.push((idx, r[INIT] - 1));
        }
        self.m.globals.push(g);
        self.push_global_value(GlobalRef::Var(idx), addrspace)
    }

    /// The comdat an old producer's linkage implied: one named after the
    /// global, kind `any`.
    fn implicit_comdat(&mut self, name: Option<&[u8]>) -> Option<ComdatId> {
        let name = name?;
        let id = ComdatId(self.m.comdats.len() as u32);
        self.m.comdats.push(Comdat { name: ByteStr::from(name), kind: ComdatKind::Any });
        Some(id)
    }

    fn function(&mut self, ops: &[u64]) -> Result<(), ReadError> {
        use layout::function::*;
        let (name, _) = self.name_and_rest(ops)?;
        let r = self.fields(&LAYOUT, ops);
        if ops.len() < LAYOUT.min_len(self.version) {
            return Err(self.bad("FUNCTION record too short"));
        }
        let mut fty_id = r[TYPE];
        let mut fty = self.ty(fty_id)?;
        if let Some(TypeKind::Ptr(_)) = self.m.types.get(fty) {
            fty_id = self
                .types
                .pointee(fty_id)
                .ok_or_else(|| self.bad("function type is a pointer without pointee"))?;
            fty = self.ty(fty_id)?;
        }
        // LLVM 22's one-operand lifetime markers take LLVM 19's type.
        let lifetime = newer::lifetime_type(&mut self.m.types, name, fty);
        if let Some(t) = lifetime {
            fty = t;
        }
        let nparams = match self.m.types.get(fty) {
            Some(TypeKind::Function { params, .. }) => params.len(),
            _ => return Err(self.bad("function type is not a function type")),
        };
        let cc = r[CALLING_CONV];
        if cc > 1023 {
            return Err(self.bad(format!("invalid calling convention {cc}")));
        }
        let raw_linkage = r[LINKAGE];
        let linkage = linkage(raw_linkage);
        let mut f = Function::new(fty);
        f.common.name = name.map(ByteStr::from);
        f.common.linkage = linkage;
        f.cc = CallConv(cc as u32);
        f.attrs = self.attr_list(r[PARAMATTRS])?;
        f.align = self.align(r[ALIGN])?;
        f.section = self.section(r[SECTION])?;
        if !linkage.is_local() {
            f.common.visibility = visibility(r[VISIBILITY]);
        }
        if r.has(GC) && r[GC] != 0 {
            // An empty name is no gc, as LLVM's setGC("") is.
            let gc = self
                .gcs
                .get((r[GC] - 1) as usize)
                .cloned()
                .ok_or_else(|| self.bad_ref(format!("gc name #{} out of range", r[GC] - 1)))?;
            f.gc = if gc.is_empty() { None } else { Some(gc) };
        }
        if r.has(UNNAMED_ADDR) {
            f.common.unnamed_addr = unnamed_addr(r[UNNAMED_ADDR]);
        }
        let mut fo = FnOperands {
            func: self.m.functions.len() as u32,
            prologue: 0,
            prefix: 0,
            personality: 0,
        };
        if r.has(PROLOGUE) {
            fo.prologue = r[PROLOGUE];
        }
        if r.has(DLL_STORAGE_CLASS) {
            if !linkage.is_local() {
                f.common.dll = dll(r[DLL_STORAGE_CLASS]);
            }
        } else {
            upgrade_dll(&mut f.common, raw_linkage);
        }
        if r.has(COMDAT) {
            f.comdat = self.comdat_ref(r[COMDAT])?;
        } else if has_implicit_comdat(raw_linkage) {
            f.comdat = self.implicit_comdat(name);
        }
        if r.has(PREFIX) {
            fo.prefix = r[PREFIX];
        }
        if r.has(PERSONALITY) {
            fo.personality = r[PERSONALITY];
        }
        if r.has(DSO_LOCAL) {
            f.common.dso_local = r[DSO_LOCAL] == 1;
        }
        infer_dso_local(&mut f.common);
        let dl_program_as = 0; // LLVM takes the datalayout's program address space
        f.addrspace = if r.has(ADDRSPACE) {
            u32::try_from(r[ADDRSPACE]).map_err(|_| self.bad("address space"))?
        } else {
            dl_program_as
        };
        if r.has(PARTITION_SIZE)
            && r[PARTITION_SIZE] != 0
            && r[PARTITION_OFFSET]
                .checked_add(r[PARTITION_SIZE])
                .is_some_and(|e| e <= self.strtab.len() as u64)
        {
            f.common.partition =
                Some(ByteStr::from(self.str_at(r[PARTITION_OFFSET], r[PARTITION_SIZE])?));
        }
        f.args = vec![Default::default(); nparams];
        let idx = self.m.functions.len() as u32;
        if lifetime.is_some() {
            self.lifetime_fns.insert(idx);
        }
        if fo.prologue != 0 || fo.prefix != 0 || fo.personality != 0 {
            self.fn_operands.push(fo);
        }
        if r[IS_PROTO] == 0 {
            self.with_bodies.push(idx);
        }
        let addrspace = f.addrspace;
        self.m.functions.push(f);
        self.push_global_value(GlobalRef::Func(idx), addrspace)
    }

    /// `MODULE_CODE_ALIAS` / `MODULE_CODE_IFUNC`, by their layouts.
    fn alias_or_ifunc(&mut self, code: ModuleCode, ops: &[u64]) -> Result<(), ReadError> {
        use layout::{alias as a, ifunc as i};
        let ifunc = code == ModuleCode::IFUNC;
        let lay = if ifunc { &i::LAYOUT } else { &a::LAYOUT };
        let (name, _) = self.name_and_rest(ops)?;
        let r = self.fields(lay, ops);
        if ops.len() < lay.min_len(self.version) {
            return Err(self.bad("alias record too short"));
        }
        // The fields both have, at the same places.
        const _: () = assert!(a::TYPE == i::TYPE && a::ADDRSPACE == i::ADDRSPACE);
        const _: () = assert!(a::ALIASEE == i::RESOLVER && a::LINKAGE == i::LINKAGE);
        const _: () = assert!(a::VISIBILITY == i::VISIBILITY);
        let addrspace = u32::try_from(r[a::ADDRSPACE]).map_err(|_| self.bad("address space"))?;
        let ty = self.ty(r[a::TYPE])?;
        let val = r[a::ALIASEE];
        let raw_linkage = r[a::LINKAGE];
        let mut c = GlobalCommon {
            name: name.map(ByteStr::from),
            linkage: linkage(raw_linkage),
            ..Default::default()
        };
        // Local linkage keeps the default visibility and DLL storage.
        if r.has(a::VISIBILITY) && !c.linkage.is_local() {
            c.visibility = visibility(r[a::VISIBILITY]);
        }
        let (dso, partition) = if ifunc {
            (i::DSO_LOCAL, i::PARTITION_OFFSET)
        } else {
            if !r.has(a::DLL_STORAGE_CLASS) {
                upgrade_dll(&mut c, raw_linkage);
            } else if !c.linkage.is_local() {
                c.dll = dll(r[a::DLL_STORAGE_CLASS]);
            }
            if r.has(a::THREAD_LOCAL) {
                c.thread_local = thread_local(r[a::THREAD_LOCAL]);
            }
            if r.has(a::UNNAMED_ADDR) {
                c.unnamed_addr = unnamed_addr(r[a::UNNAMED_ADDR]);
            }
            (a::DSO_LOCAL, a::PARTITION_OFFSET)
        };
        if r.has(dso) {
            c.dso_local = r[dso] == 1;
        }
        infer_dso_local(&mut c);
        if r.has(partition + 1) && r[partition + 1] != 0 {
            c.partition = Some(ByteStr::from(self.str_at(r[partition], r[partition + 1])?));
        }
        self.push_indirect(ifunc, c, ty, addrspace, val)
    }

    /// `MODULE_CODE_ALIAS_OLD` (before LLVM 3.8: a typed pointer, no
    /// address space of its own), by its layout.
    fn alias_old(&mut self, ops: &[u64]) -> Result<(), ReadError> {
        use layout::alias_old as o;
        let (name, _) = self.name_and_rest(ops)?;
        let r = self.fields(&o::LAYOUT, ops);
        if ops.len() < o::LAYOUT.min_len(self.version) {
            return Err(self.bad("alias record too short"));
        }
        let t = self.ty(r[o::TYPE])?;
        let Some(&TypeKind::Ptr(addrspace)) = self.m.types.get(t) else {
            return Err(self.bad("alias type is not a pointer"));
        };
        let pointee = self
            .types
            .pointee(r[o::TYPE])
            .ok_or_else(|| self.bad("alias without a pointee type"))?;
        let ty = self.ty(pointee)?;
        let raw_linkage = r[o::LINKAGE];
        let mut c = GlobalCommon {
            name: name.map(ByteStr::from),
            linkage: linkage(raw_linkage),
            ..Default::default()
        };
        if r.has(o::VISIBILITY) && !c.linkage.is_local() {
            c.visibility = visibility(r[o::VISIBILITY]);
        }
        if !r.has(o::DLL_STORAGE_CLASS) {
            upgrade_dll(&mut c, raw_linkage);
        } else if !c.linkage.is_local() {
            c.dll = dll(r[o::DLL_STORAGE_CLASS]);
        }
        if r.has(o::THREAD_LOCAL) {
            c.thread_local = thread_local(r[o::THREAD_LOCAL]);
        }
        if r.has(o::UNNAMED_ADDR) {
            c.unnamed_addr = unnamed_addr(r[o::UNNAMED_ADDR]);
        }
        if r.has(o::DSO_LOCAL) {
            c.dso_local = r[o::DSO_LOCAL] == 1;
        }
        infer_dso_local(&mut c);
        if r.has(o::PARTITION_SIZE) && r[o::PARTITION_SIZE] != 0 {
            c.partition =
                Some(ByteStr::from(self.str_at(r[o::PARTITION_OFFSET], r[o::PARTITION_SIZE])?));
        }
        self.push_indirect(false, c, ty, addrspace, r[o::ALIASEE])
    }

    /// An alias or ifunc whose aliasee or resolver is value `val`.
    fn push_indirect(
        &mut self,
        ifunc: bool,
        c: GlobalCommon,
        ty: TypeId,
        addrspace: u32,
        val: u64,
    ) -> Result<(), ReadError> {
        // The aliasee or resolver is filled in once constants are read.
        let placeholder = ConstId(u32::MAX);
        let g = if ifunc {
            let idx = self.m.ifuncs.len() as u32;
            self.m.ifuncs.push(IFunc { common: c, ty, addrspace, resolver: placeholder });
            GlobalRef::IFunc(idx)
        } else {
            let idx = self.m.aliases.len() as u32;
            self.m.aliases.push(Alias { common: c, ty, addrspace, aliasee: placeholder });
            GlobalRef::Alias(idx)
        };
        self.indirect_inits.push((g, val));
        self.push_global_value(g, addrspace)
    }

    /// A module-level constant by value id.
    fn module_const(&self, id: u64) -> Result<ConstId, ReadError> {
        match self.vals.get(id as usize) {
            Some(Slot { v: Value::Const(c), .. }) => Ok(*c),
            Some(_) => Err(self.bad_ref(format!("value #{id} is not a constant"))),
            None => {
                Err(self.bad_ref(format!("value #{id} out of range ({} values)", self.vals.len())))
            }
        }
    }

    fn resolve_global_inits(&mut self) -> Result<(), ReadError> {
        for (g, v) in core::mem::take(&mut self.global_inits) {
            let c = self.module_const(v)?;
            self.m.globals[g as usize].init = Some(c);
        }
        for (g, v) in core::mem::take(&mut self.indirect_inits) {
            let c = self.module_const(v)?;
            match g {
                GlobalRef::Alias(i) => self.m.aliases[i as usize].aliasee = c,
                GlobalRef::IFunc(i) => self.m.ifuncs[i as usize].resolver = c,
                _ => {}
            }
        }
        for fo in core::mem::take(&mut self.fn_operands) {
            let get = |cx: &Self, v: u64| -> Result<Option<ConstId>, ReadError> {
                if v == 0 {
                    Ok(None)
                } else {
                    cx.module_const(v - 1).map(Some)
                }
            };
            let (pro, pre, per) =
                (get(self, fo.prologue)?, get(self, fo.prefix)?, get(self, fo.personality)?);
            let f = &mut self.m.functions[fo.func as usize];
            f.prologue = pro;
            f.prefix = pre;
            f.personality = per;
        }
        Ok(())
    }

    // ----- small blocks -----

    fn read_types(&mut self, context: &mut Context) -> Result<(), ReadError> {
        loop {
            let start = self.r.bit_position();
            match match self.r.next_item() {
                Ok(x) => x,
                Err(e) => return Err(self.bs(e)),
            } {
                None => return Err(self.bad("TYPE_BLOCK not terminated")),
                Some(Item::EndBlock) => break,
                Some(Item::SubBlock { .. }) => {
                    self.r.skip_block().map_err(|e| self.bs(e))?;
                }
                Some(Item::DefineAbbrev) => {}
                Some(Item::Record { record, ops }) => {
                    let ops = ops.to_vec();
                    self.at = (start, BlockId::TYPE_NEW, Some(record.code));
                    self.types.push(record.code, &ops, start).map_err(|(m, b)| {
                        let mut e = self.bad(m);
                        e.bit = self.base + b;
                        e
                    })?;
                }
            }
        }
        let base = self.base;
        let producer = self.producer.clone();
        self.types.finish(&mut self.m.types, context).map_err(|(m, b)| ReadError {
            kind: ReadErrorKind::Malformed(m),
            bit: base + b,
            block: Some(BlockId::TYPE_NEW),
            code: None,
            producer,
        })
    }

    /// Reads the records of the current block to its end (sub-blocks
    /// skipped), handing each to `f` with the error location set to it.
    pub(crate) fn each_record(
        &mut self,
        id: BlockId,
        mut f: impl FnMut(&mut Self, u32, &[u64]) -> Result<(), ReadError>,
    ) -> Result<(), ReadError> {
        let mut ops = core::mem::take(&mut self.ops);
        let res = loop {
            let start = self.r.bit_position();
            let item = match self.r.next_item() {
                Ok(x) => x,
                Err(e) => break Err(self.bs(e)),
            };
            match item {
                None => {
                    break Err(self.bad(format!("{} not terminated", id.name().unwrap_or("block"))))
                }
                Some(Item::EndBlock) => break Ok(()),
                Some(Item::SubBlock { .. }) => {
                    if let Err(e) = self.r.skip_block() {
                        break Err(self.bs(e));
                    }
                }
                Some(Item::DefineAbbrev) => {}
                Some(Item::Record { record, ops: rops }) => {
                    ops.clear();
                    ops.extend_from_slice(rops);
                    self.at = (start, id, Some(record.code));
                    if let Err(e) = f(self, record.code, &ops) {
                        break Err(e);
                    }
                }
            }
        };
        self.ops = ops;
        res
    }

    fn read_bundle_tags(&mut self) -> Result<(), ReadError> {
        self.each_record(BlockId::OPERAND_BUNDLE_TAGS, |cx, _, ops| {
            cx.bundle_tags.push(String::from_utf8_lossy(&chars(ops)).into());
            Ok(())
        })
    }

    fn read_sync_scopes(&mut self) -> Result<(), ReadError> {
        self.each_record(BlockId::SYNC_SCOPE_NAMES, |cx, _, ops| {
            // The system scope is the empty name.
            let s = chars(ops);
            cx.sync_scopes.push(if s.is_empty() {
                None
            } else {
                Some(String::from_utf8_lossy(&s).into())
            });
            Ok(())
        })
    }

    /// The sync scope with bitcode id `id`: 0 single thread, 1 system
    /// (LLVM's fixed ids) unless the module names its scopes.
    pub fn sync_scope(&self, id: u64) -> Result<SyncScope, ReadError> {
        if self.sync_scopes.is_empty() {
            return match id {
                0 => Ok(Some("singlethread".into())),
                1 => Ok(None),
                _ => Err(self.bad_ref(format!("sync scope #{id} out of range"))),
            };
        }
        self.sync_scopes
            .get(id as usize)
            .cloned()
            .ok_or_else(|| self.bad_ref(format!("sync scope #{id} out of range")))
    }

    fn read_attr_groups(&mut self) -> Result<(), ReadError> {
        let mut attrs: Vec<Attr> = Vec::new();
        self.each_record(BlockId::PARAMATTR_GROUP, |cx, code, ops| {
            if code != 3 {
                return Ok(());
            }
            let types = &cx.types;
            let tyf = |i: u64| types.get(i);
            let mt = &mut cx.m.types;
            let mut intf = |w: u32| mt.int(w).ok();
            let mut ctx = attrs::AttrCtx { types: &tyf, int_type: &mut intf };
            let r = attrs::decode_group(ops, &mut ctx, &mut attrs);
            let (grp, idx) = r.map_err(|m| cx.bad(m))?;
            let set = cx.m.attrs.set(core::mem::take(&mut attrs));
            cx.attr_groups.insert(grp, (idx, set));
            Ok(())
        })
    }

    fn read_attr_lists(&mut self) -> Result<(), ReadError> {
        self.each_record(BlockId::PARAMATTR, |cx, code, ops| {
            if code != 2 {
                return Err(cx.unsupported("old-style attribute lists (PARAMATTR_CODE_ENTRY_OLD)"));
            }
            let mut func = AttrSetId::EMPTY;
            let mut ret = AttrSetId::EMPTY;
            let mut params: Vec<AttrSetId> = Vec::new();
            for &g in ops {
                let &(idx, set) = cx
                    .attr_groups
                    .get(&g)
                    .ok_or_else(|| cx.bad_ref(format!("attribute group #{g} not defined")))?;
                match idx {
                    0xFFFF_FFFF => func = cx.merge_sets(func, set),
                    0 => ret = cx.merge_sets(ret, set),
                    n => {
                        let n = (n - 1) as usize;
                        if n >= 65536 {
                            return Err(cx.bad(format!("attribute index {idx} out of range")));
                        }
                        if params.len() <= n {
                            params.resize(n + 1, AttrSetId::EMPTY);
                        }
                        params[n] = cx.merge_sets(params[n], set);
                    }
                }
            }
            while params.last() == Some(&AttrSetId::EMPTY) {
                params.pop();
            }
            let l = cx.m.attrs.list(AttrList { func, ret, params: params.into() });
            cx.attr_lists.push(l);
            Ok(())
        })
    }

    fn merge_sets(&mut self, a: AttrSetId, b: AttrSetId) -> AttrSetId {
        if a == AttrSetId::EMPTY {
            return b;
        }
        let mut v = self.m.attrs.get(a).to_vec();
        v.extend_from_slice(self.m.attrs.get(b));
        self.m.attrs.set(v)
    }
}

/// A record's operands as the characters of a string (each keeps its low
/// byte, as LLVM's `convertToString` does).
pub(crate) fn chars(ops: &[u64]) -> Vec<u8> {
    ops.iter().map(|&c| c as u8).collect()
}

// ----- decoded enumerations (LLVM 19's getDecoded*, from `codes`) -----

/// A module record's operands indexed by the positions of its
/// [`layout`] (which count the string-table name of version 2 even when an
/// older record lacks it).
#[derive(Clone, Copy)]
struct Fields<'o> {
    ops: &'o [u64],
    skip: usize,
}

impl Fields<'_> {
    /// Whether the record reaches operand `field`.
    fn has(&self, field: usize) -> bool {
        field.checked_sub(self.skip).is_some_and(|i| i < self.ops.len())
    }
}

impl core::ops::Index<usize> for Fields<'_> {
    type Output = u64;

    fn index(&self, field: usize) -> &u64 {
        &self.ops[field - self.skip]
    }
}

fn linkage(v: u64) -> Linkage {
    codes::decode_linkage(v)
}

fn has_implicit_comdat(v: u64) -> bool {
    codes::linkage_has_implicit_comdat(v)
}

fn visibility(v: u64) -> Visibility {
    codes::visibility::decode(v).unwrap_or_default()
}

fn dll(v: u64) -> DllStorage {
    codes::dll::decode(v).unwrap_or_default()
}

fn upgrade_dll(c: &mut GlobalCommon, raw_linkage: u64) {
    // The obsolete dllimport and dllexport linkages.
    match raw_linkage {
        5 => c.dll = DllStorage::Import,
        6 => c.dll = DllStorage::Export,
        _ => {}
    }
}

fn thread_local(v: u64) -> ThreadLocal {
    codes::thread_local::decode(v).unwrap_or(ThreadLocal::GeneralDynamic)
}

fn unnamed_addr(v: u64) -> UnnamedAddr {
    codes::unnamed_addr::decode(v).unwrap_or_default()
}

/// LLVM's `inferDSOLocal`: local linkage, or a non-default visibility on
/// anything but `extern_weak`, is `dso_local`.
fn infer_dso_local(c: &mut GlobalCommon) {
    if c.linkage.is_local()
        || (c.visibility != Visibility::Default && c.linkage != Linkage::ExternWeak)
    {
        c.dso_local = true;
    }
}
