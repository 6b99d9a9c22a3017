//! The type table (`TYPE_BLOCK_ID_NEW`).
//!
//! Records may refer to types defined after them (an identified struct
//! used before its body): the block is read whole first, then each entry
//! is built on demand, identified structs before their bodies, so any
//! reference order LLVM accepts works here too. Typed pointers of old
//! producers become `ptr`, as LLVM 19 reads them; their pointee is kept for
//! the upgrades that need it.

use llvmext_ir::id::TypeId;
use llvmext_ir::types::{FloatKind, Types};

use crate::schema::TypeCode;

/// How deep [`TypeTable::build`] recurses through forward references
/// before it builds the far end of the chain first (from
/// [`TypeTable::build_bounded`]): each level is several KB of stack in a
/// debug build, and a 2 MiB thread must read any input.
const MAX_DEPTH: u32 = 32;

/// One record of the block, kept until the table is built.
#[derive(Debug, Clone)]
struct Raw {
    code: TypeCode,
    ops: core::ops::Range<usize>,
    name: Option<Box<[u8]>>,
    bit: u64,
}

/// The type table: bitcode type index -> model type.
#[derive(Debug, Default)]
pub(crate) struct TypeTable {
    raw: Vec<Raw>,
    data: Vec<u64>,
    /// Built types (`None`: not yet).
    built: Vec<Option<TypeId>>,
    /// The pointee index of a typed pointer (old producers).
    pointee: Vec<Option<u32>>,
    pending_name: Option<Box<[u8]>>,
    /// Identified structs made whose bodies are still to be set.
    bodies: Vec<usize>,
    /// The entry [`build`](Self::build) stopped at, [`MAX_DEPTH`] deep.
    deep: Option<usize>,
}

/// A type-table problem: the message and the bit of the record.
pub(crate) type TyErr = (String, u64);

impl TypeTable {
    /// Adds one record of the block (in order).
    pub(crate) fn push(&mut self, code: u32, ops: &[u64], bit: u64) -> Result<(), TyErr> {
        let code = TypeCode(code);
        match code {
            TypeCode::NUMENTRY => return Ok(()),
            TypeCode::STRUCT_NAME => {
                self.pending_name = Some(super::chars(ops).into());
                return Ok(());
            }
            _ => {}
        }
        let name = match code {
            TypeCode::STRUCT_NAMED | TypeCode::OPAQUE | TypeCode::TARGET_TYPE => {
                Some(self.pending_name.take().unwrap_or_default())
            }
            _ => None,
        };
        let start = self.data.len();
        self.data.extend_from_slice(ops);
        self.raw.push(Raw { code, ops: start..self.data.len(), name, bit });
        Ok(())
    }

    /// Builds every type; after this, [`get`](Self::get) answers.
    pub(crate) fn finish(
        &mut self,
        types: &mut Types,
        cx: &mut super::Context,
    ) -> Result<(), TyErr> {
        self.built = vec![None; self.raw.len()];
        self.pointee = vec![None; self.raw.len()];
        let mut waiting = vec![false; self.raw.len()];
        for i in 0..self.raw.len() {
            self.build_bounded(types, cx, i as u64, &mut waiting)?;
            while let Some(k) = self.bodies.pop() {
                let raw = &self.raw[k];
                let bit = raw.bit;
                let ops: Vec<u64> = self.data[raw.ops.clone()].to_vec();
                let t = self.built[k].expect("named struct made before its body");
                let packed =
                    *ops.first().ok_or_else(|| ("invalid struct type record".to_string(), bit))?
                        != 0;
                let mut fields = Vec::with_capacity(ops.len() - 1);
                for &f in &ops[1..] {
                    fields.push(self.build_bounded(types, cx, f, &mut waiting)?);
                }
                types
                    .set_body(t, &fields, packed)
                    .map_err(|e| (format!("invalid struct body: {e:?}"), bit))?;
            }
        }
        Ok(())
    }

    /// The type with table index `i`.
    #[inline]
    pub(crate) fn get(&self, i: u64) -> Option<TypeId> {
        self.built.get(usize::try_from(i).ok()?).copied().flatten()
    }

    /// The pointee of the typed pointer with index `i` (old producers).
    pub(crate) fn pointee(&self, i: u64) -> Option<u64> {
        self.pointee.get(usize::try_from(i).ok()?).copied().flatten().map(u64::from)
    }

    /// [`build`](Self::build) with bounded recursion: a chain of forward
    /// references deeper than [`MAX_DEPTH`] is built from its far end
    /// first, keeping the entries in between waiting (`waiting`); one
    /// waiting already is a cycle.
    fn build_bounded(
        &mut self,
        types: &mut Types,
        cx: &mut super::Context,
        i: u64,
        waiting: &mut [bool],
    ) -> Result<TypeId, TyErr> {
        let mut stack: Vec<u64> = Vec::new();
        let mut cur = i;
        loop {
            self.deep = None;
            match self.build(types, cx, cur, 0) {
                Ok(t) => match stack.pop() {
                    Some(p) => {
                        waiting[p as usize] = false;
                        cur = p;
                    }
                    None => return Ok(t),
                },
                Err(e) => {
                    let Some(j) = self.deep.take() else {
                        for &p in &stack {
                            waiting[p as usize] = false;
                        }
                        return Err(e);
                    };
                    if j as u64 == cur || waiting[j] {
                        for &p in &stack {
                            waiting[p as usize] = false;
                        }
                        return Err(("type refers to itself".into(), self.raw[j].bit));
                    }
                    waiting[cur as usize] = true;
                    stack.push(cur);
                    cur = j as u64;
                }
            }
        }
    }

    fn build(
        &mut self,
        types: &mut Types,
        cx: &mut super::Context,
        i: u64,
        depth: u32,
    ) -> Result<TypeId, TyErr> {
        let Some(raw) = usize::try_from(i).ok().and_then(|i| self.raw.get(i)) else {
            let bit = self.raw.last().map_or(0, |r| r.bit);
            return Err((
                format!("type index {i} out of range (the table has {})", self.raw.len()),
                bit,
            ));
        };
        let i = i as usize;
        if let Some(t) = self.built[i] {
            return Ok(t);
        }
        if depth > MAX_DEPTH {
            self.deep = Some(i);
            return Err((format!("types nested more than {MAX_DEPTH} deep"), raw.bit));
        }
        let code = raw.code;
        let bit = raw.bit;
        let ops: Vec<u64> = self.data[raw.ops.clone()].to_vec();
        let bad = |what: &str| (format!("invalid {what} type record"), bit);
        let map = |r: Result<TypeId, llvmext_ir::types::TypeError>| {
            r.map_err(|e| (format!("invalid type: {e:?}"), bit))
        };
        let t = match code {
            TypeCode::VOID => types.void(),
            TypeCode::HALF => types.float(FloatKind::Half),
            TypeCode::BFLOAT => types.float(FloatKind::BFloat),
            TypeCode::FLOAT => types.float(FloatKind::Float),
            TypeCode::DOUBLE => types.float(FloatKind::Double),
            TypeCode::X86_FP80 => types.float(FloatKind::X86Fp80),
            TypeCode::FP128 => types.float(FloatKind::Fp128),
            TypeCode::PPC_FP128 => types.float(FloatKind::PpcFp128),
            TypeCode::LABEL => types.label(),
            TypeCode::METADATA => types.metadata(),
            TypeCode::X86_MMX => types.x86_mmx(),
            TypeCode::X86_AMX => types.x86_amx(),
            TypeCode::TOKEN => types.token(),
            TypeCode::INTEGER => {
                let w = *ops.first().ok_or_else(|| bad("integer"))?;
                let w = u32::try_from(w).map_err(|_| bad("integer"))?;
                map(types.int(w))?
            }
            TypeCode::OPAQUE_POINTER => {
                let a = ops.first().copied().unwrap_or(0);
                map(types.ptr(u32::try_from(a).map_err(|_| bad("pointer"))?))?
            }
            TypeCode::POINTER => {
                let p = *ops.first().ok_or_else(|| bad("pointer"))?;
                let a = ops.get(1).copied().unwrap_or(0);
                let t = map(types.ptr(u32::try_from(a).map_err(|_| bad("pointer"))?))?;
                self.pointee[i] = u32::try_from(p).ok();
                t
            }
            TypeCode::FUNCTION_OLD | TypeCode::FUNCTION => {
                // FUNCTION_OLD: [vararg, attrid, retty, paramty...]
                // FUNCTION: [vararg, retty, paramty...]
                let skip = if code == TypeCode::FUNCTION_OLD { 1 } else { 0 };
                if ops.len() < 2 + skip {
                    return Err(bad("function"));
                }
                let vararg = ops[0] != 0;
                let ret = self.build(types, cx, ops[1 + skip], depth + 1)?;
                let mut params = Vec::with_capacity(ops.len() - 2 - skip);
                for &p in &ops[2 + skip..] {
                    params.push(self.build(types, cx, p, depth + 1)?);
                }
                map(types.function(ret, &params, vararg))?
            }
            TypeCode::STRUCT_ANON => {
                let packed = *ops.first().ok_or_else(|| bad("struct"))? != 0;
                let mut fields = Vec::with_capacity(ops.len() - 1);
                for &f in &ops[1..] {
                    fields.push(self.build(types, cx, f, depth + 1)?);
                }
                map(types.literal_struct(&fields, packed))?
            }
            TypeCode::STRUCT_NAMED | TypeCode::OPAQUE => {
                let name = self.raw[i].name.clone().unwrap_or_default();
                let t = named(types, &name, cx).map_err(|e| (e, bit))?;
                self.built[i] = Some(t);
                if code == TypeCode::STRUCT_NAMED {
                    // The body waits (no recursion through named structs).
                    self.bodies.push(i);
                }
                return Ok(t);
            }
            TypeCode::ARRAY => {
                if ops.len() < 2 {
                    return Err(bad("array"));
                }
                let e = self.build(types, cx, ops[1], depth + 1)?;
                map(types.array(e, ops[0]))?
            }
            TypeCode::VECTOR => {
                if ops.len() < 2 {
                    return Err(bad("vector"));
                }
                let n = u32::try_from(ops[0]).map_err(|_| bad("vector"))?;
                let e = self.build(types, cx, ops[1], depth + 1)?;
                let scalable = ops.get(2).is_some_and(|&s| s != 0);
                map(types.vector(e, n, scalable))?
            }
            TypeCode::TARGET_TYPE => {
                let n = usize::try_from(*ops.first().ok_or_else(|| bad("target extension"))?)
                    .map_err(|_| bad("target extension"))?;
                if n > ops.len() - 1 {
                    return Err(bad("target extension"));
                }
                let mut tys = Vec::with_capacity(n);
                for &t in &ops[1..1 + n] {
                    tys.push(self.build(types, cx, t, depth + 1)?);
                }
                let mut ints = Vec::with_capacity(ops.len() - 1 - n);
                for &v in &ops[1 + n..] {
                    ints.push(u32::try_from(v).map_err(|_| bad("target extension"))?);
                }
                let name = self.raw[i].name.clone().unwrap_or_default();
                let name = core::str::from_utf8(&name).map_err(|_| bad("target extension"))?;
                map(types.target_ext(name, &tys, &ints))?
            }
            c => {
                return Err((
                    match c.name() {
                        Some(n) => format!("type record {n} is not supported"),
                        None => format!("unknown type record code {}", c.0),
                    },
                    bit,
                ))
            }
        };
        self.built[i] = Some(t);
        Ok(t)
    }
}

/// An identified struct named `name`, renamed as LLVM renames a clash
/// with a name of the same context: `name.N`, `N` the context's counter.
fn named(types: &mut Types, name: &[u8], cx: &mut super::Context) -> Result<TypeId, String> {
    if name.is_empty() {
        return types.named_struct(name).map_err(|e| format!("{e:?}"));
    }
    if !cx.struct_names.contains(name) {
        if let Ok(t) = types.named_struct(name) {
            cx.struct_names.insert(name.into());
            return Ok(t);
        }
    }
    // Bounded: each try takes a new number, and the names in use are
    // finitely many.
    loop {
        let mut n = name.to_vec();
        n.extend_from_slice(format!(".{}", cx.unique).as_bytes());
        cx.unique += 1;
        if cx.struct_names.contains(&n[..]) {
            continue;
        }
        if let Ok(t) = types.named_struct(&n) {
            cx.struct_names.insert(n.into());
            return Ok(t);
        }
    }
}
