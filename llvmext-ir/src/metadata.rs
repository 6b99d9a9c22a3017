//! Metadata: strings, values as metadata, tuples, specialized debug-info
//! nodes ([`di`](crate::di)), `DIArgList`s — in one arena, uniqued by
//! content as LLVM uniques them (`distinct` nodes never are) — and the
//! table of metadata kinds (`!dbg`, `!tbaa`, ... then custom kinds in order
//! of registration, as LLVM numbers them).
//!
//! ```
//! use llvmext_ir::metadata::{MdNode, Metadata};
//! let mut md = Metadata::new();
//! let s = md.get_or_insert(MdNode::String(b"clang".to_vec().into()));
//! let a = md.get_or_insert(MdNode::Tuple(vec![Some(s)].into()));
//! let b = md.get_or_insert(MdNode::Tuple(vec![Some(s)].into()));
//! assert_eq!(a, b); // uniqued
//! let c = md.push_distinct(MdNode::Tuple(vec![Some(s)].into()));
//! assert_ne!(a, c);
//! // Found without being added; distinct nodes are never found.
//! assert_eq!(md.find(&MdNode::Tuple(vec![Some(s)].into())), Some(a));
//! assert_eq!(md.find(&MdNode::Tuple(vec![None].into())), None);
//! assert_eq!(md.kind_id("dbg").0, 0);
//! let k = md.kind_id("pcsections");
//! assert_eq!(md.kind_name(k), "pcsections");
//! ```

use crate::id::{TypeId, Value};
use crate::interner::Interner;
use alloc::boxed::Box;

pub use crate::id::{MdId, MdKindId};

use crate::di::schema::{DiLocation, DiNode};

/// LLVM 19's fixed metadata kinds (`FixedMetadataKinds.def`), by id.
pub const FIXED_KINDS: &[&str] = &[
    "dbg",
    "tbaa",
    "prof",
    "fpmath",
    "range",
    "tbaa.struct",
    "invariant.load",
    "alias.scope",
    "noalias",
    "nontemporal",
    "llvm.mem.parallel_loop_access",
    "nonnull",
    "dereferenceable",
    "dereferenceable_or_null",
    "make.implicit",
    "unpredictable",
    "invariant.group",
    "align",
    "llvm.loop",
    "type",
    "section_prefix",
    "absolute_symbol",
    "associated",
    "callees",
    "irr_loop",
    "llvm.access.group",
    "callback",
    "llvm.preserve.access.index",
    "vcall_visibility",
    "noundef",
    "annotation",
    "nosanitize",
    "func_sanitize",
    "exclude",
    "memprof",
    "callsite",
    "kcfi_type",
    "pcsections",
    "DIAssignID",
    "coro.outside.frame",
    "mmra",
];

/// The kind `!dbg`: the first fixed kind, the same id in every module.
pub const DBG: MdKindId = MdKindId(0);

/// A metadata node.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MdNode {
    /// `!"bytes"`.
    String(Box<[u8]>),
    /// A value as metadata: `ty value` (a constant, or inside a function an
    /// argument or instruction of that function).
    Value(TypeId, Value),
    /// `!{...}`; `None` operands print as `null`.
    Tuple(Box<[Option<MdId>]>),
    /// A specialized node (`!DISubprogram(...)`, ...) other than a
    /// location.
    Di(DiNode),
    /// `!DIArgList(...)`: values as metadata.
    ArgList(Box<[MdId]>),
    /// `!DILocation(...)`. The arena stores every location this way: a
    /// [`MdNode::Di`] of kind [`DiKind::LOCATION`](crate::di::schema::DiKind::LOCATION)
    /// given to it comes back as a `Location`.
    Location(DiLocation),
}

/// Folds `w` into the running hash word `h` (as `DiNode`'s hash does).
#[inline]
fn mix(h: u64, w: u64) -> u64 {
    (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
}

/// A value as one word: its kind in the high half.
#[inline]
fn value_word(v: &Value) -> u64 {
    let (tag, x) = match *v {
        Value::Const(c) => (0, c.0),
        Value::Arg(a) => (1, a),
        Value::Inst(i) => (2, i.0),
        Value::Metadata(m) => (3, m.0),
        Value::InlineAsm(k) => (4, k),
    };
    (tag << 32) | u64::from(x)
}

impl core::hash::Hash for MdNode {
    /// A word per node (a tuple's or a location's operands folded into
    /// it) given to the hasher once, the bytes of a string as they are:
    /// the arena hashes every node it uniques, and a hasher call per
    /// operand (and per operand's `Option` tag) was most of that cost.
    /// Equal nodes hash alike.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        let ids = |h: u64, ops: &[Option<MdId>]| {
            ops.iter().fold(h, |h, m| mix(h, m.map_or(u64::MAX, |m| u64::from(m.0))))
        };
        match self {
            MdNode::String(b) => {
                state.write_usize(b.len());
                state.write(b);
            }
            MdNode::Value(t, v) => state.write_u64(mix(mix(1, u64::from(t.0)), value_word(v))),
            MdNode::Tuple(ops) => state.write_u64(ids(mix(2, ops.len() as u64), ops)),
            MdNode::Di(d) => d.hash(state),
            MdNode::ArgList(a) => state
                .write_u64(a.iter().fold(mix(4, a.len() as u64), |h, m| mix(h, u64::from(m.0)))),
            MdNode::Location(l) => state.write_u64(mix(
                mix(mix(5, u64::from(l.line) | u64::from(l.column) << 32), u64::from(l.scope.0)),
                l.inlined_at.map_or(u64::MAX, |m| u64::from(m.0)) | u64::from(l.implicit) << 40,
            )),
        }
    }
}

impl MdNode {
    /// The form the arena stores: a `DILocation` given as a [`DiNode`]
    /// becomes a [`MdNode::Location`].
    pub fn canonical(self) -> MdNode {
        match self {
            MdNode::Di(d) if d.kind == crate::di::schema::DiKind::LOCATION => {
                match DiLocation::from_node(&d) {
                    Some(l) => MdNode::Location(l),
                    None => MdNode::Di(d),
                }
            }
            n => n,
        }
    }

    /// The specialized node's kind, a location's included.
    pub fn di_kind(&self) -> Option<crate::di::schema::DiKind> {
        match self {
            MdNode::Di(d) => Some(d.kind),
            MdNode::Location(_) => Some(crate::di::schema::DiKind::LOCATION),
            _ => None,
        }
    }

    /// Appends the operands of an `MDNode` (a tuple or a specialized node,
    /// a location included) to `out`, in LLVM's operand order; `false`, and
    /// nothing appended, for a string, a value or an argument list.
    pub fn node_operands(&self, out: &mut alloc::vec::Vec<Option<MdId>>) -> bool {
        match self {
            MdNode::Tuple(ops) => out.extend_from_slice(ops),
            MdNode::Di(d) => crate::di::schema::md_operands(d.as_ref(), out),
            MdNode::Location(l) => {
                out.push(Some(l.scope));
                if let Some(i) = l.inlined_at {
                    out.push(Some(i));
                }
            }
            _ => return false,
        }
        true
    }

    /// Whether this is a node that prints as `!N` (a tuple or a specialized
    /// node), not a string, a value or an argument list.
    pub fn is_node(&self) -> bool {
        matches!(self, MdNode::Tuple(_) | MdNode::Di(_) | MdNode::Location(_))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct MdEntry {
    node: MdNode,
    distinct: bool,
}

/// The metadata arena and kind table of a module.
#[derive(Debug, Clone)]
pub struct Metadata {
    /// Uniqued nodes are interned; `distinct` nodes and nodes not uniqued
    /// (yet) are stored apart.
    nodes: Interner<MdEntry>,
    kinds: Interner<Box<str>>,
}

impl Default for Metadata {
    fn default() -> Self {
        Self::new()
    }
}

impl Metadata {
    /// An empty arena with LLVM 19's fixed kinds registered.
    pub fn new() -> Self {
        let mut m = Metadata { nodes: Interner::default(), kinds: Interner::default() };
        for k in FIXED_KINDS {
            m.kind_id(k);
        }
        debug_assert_eq!(m.kind_name(DBG), "dbg");
        m
    }

    /// The uniqued node `node` (an existing equal, non-distinct node if
    /// there is one).
    pub fn get_or_insert(&mut self, node: MdNode) -> MdId {
        let node = node.canonical();
        MdId(self.nodes.intern(MdEntry { node, distinct: false }))
    }

    /// The uniqued node equal to `node`, if there is one (nothing is
    /// added).
    pub fn find(&self, node: &MdNode) -> Option<MdId> {
        /// Hashes as [`MdEntry`] does.
        #[derive(Hash)]
        struct EntryRef<'a> {
            node: &'a MdNode,
            distinct: bool,
        }
        let canonical;
        let node = match node {
            MdNode::Di(d) if d.kind == crate::di::schema::DiKind::LOCATION => {
                canonical = node.clone().canonical();
                &canonical
            }
            n => n,
        };
        let key = EntryRef { node, distinct: false };
        self.nodes.find(&key, |e| !e.distinct && e.node == *node).map(MdId)
    }

    /// A new `distinct` node.
    pub fn push_distinct(&mut self, node: MdNode) -> MdId {
        let node = node.canonical();
        MdId(self.nodes.push_apart(MdEntry { node, distinct: true }))
    }

    /// A new node that is not `distinct` but is kept apart from equal nodes
    /// (for nodes on a uniqued cycle, which LLVM cannot merge either).
    pub fn push_ununiqued(&mut self, node: MdNode) -> MdId {
        let node = node.canonical();
        MdId(self.nodes.push_apart(MdEntry { node, distinct: false }))
    }

    /// Replaces the contents of a node made by [`push_distinct`](Self::push_distinct)
    /// or [`push_ununiqued`](Self::push_ununiqued) (for filling in forward
    /// references). Uniqued nodes are never changed: returns `false`.
    pub fn replace(&mut self, id: MdId, node: MdNode) -> bool {
        let node = node.canonical();
        if self.nodes.is_interned(id.0) {
            return false;
        }
        match self.nodes.get_apart_mut(id.0) {
            Some(e) => {
                e.node = node;
                true
            }
            None => false,
        }
    }

    /// [`replace`](Self::replace), also setting whether the node is
    /// `distinct` (for a node made apart before it was known which it
    /// is, as a reader of forward references does).
    pub fn replace_as(&mut self, id: MdId, node: MdNode, distinct: bool) -> bool {
        let node = node.canonical();
        if self.nodes.is_interned(id.0) {
            return false;
        }
        match self.nodes.get_apart_mut(id.0) {
            Some(e) => {
                e.node = node;
                e.distinct = distinct;
                true
            }
            None => false,
        }
    }

    /// Takes the contents of node `id`, which must not be uniqued (made by
    /// [`push_distinct`](Self::push_distinct) or
    /// [`push_ununiqued`](Self::push_ununiqued)), leaving an empty tuple.
    pub(crate) fn take_ununiqued(&mut self, id: MdId) -> MdNode {
        match self.nodes.get_apart_mut(id.0) {
            Some(e) => core::mem::replace(&mut e.node, MdNode::Tuple(Box::new([]))),
            None => MdNode::Tuple(Box::new([])),
        }
    }

    /// Puts `node` back into node `id`, which must not be uniqued.
    pub(crate) fn put_ununiqued(&mut self, id: MdId, node: MdNode) {
        let node = node.canonical();
        if let Some(e) = self.nodes.get_apart_mut(id.0) {
            e.node = node;
        }
    }

    /// Uniques node `id` (not uniqued, not `distinct`) with the contents
    /// `node`: the id of an equal uniqued node if there is one (`id` is
    /// then left as it was, apart, and nothing should refer to it), else
    /// `id` itself, uniqued from now on.
    pub(crate) fn unique_at(&mut self, id: MdId, node: MdNode) -> MdId {
        let node = node.canonical();
        MdId(self.nodes.intern_at(id.0, MdEntry { node, distinct: false }))
    }

    /// Whether `id` is uniqued (found by [`get_or_insert`](Self::get_or_insert)).
    #[cfg(feature = "std")]
    pub(crate) fn is_uniqued(&self, id: MdId) -> bool {
        self.nodes.is_interned(id.0)
    }

    /// A copy of the kind table.
    #[cfg(feature = "std")]
    pub(crate) fn kinds_clone(&self) -> Interner<Box<str>> {
        self.kinds.clone()
    }

    /// Takes `kinds` as the kind table.
    #[cfg(feature = "std")]
    pub(crate) fn take_kinds(&mut self, kinds: Interner<Box<str>>) {
        self.kinds = kinds;
    }

    /// The node `id`.
    pub fn get(&self, id: MdId) -> Option<&MdNode> {
        self.nodes.get(id.0).map(|e| &e.node)
    }

    /// Whether `id` is `distinct`.
    pub fn is_distinct(&self, id: MdId) -> bool {
        self.nodes.get(id.0).is_some_and(|e| e.distinct)
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Makes room for `n` more nodes (a reader that knows how many come
    /// saves the arena's growth and its table's rehashing).
    pub fn reserve(&mut self, n: usize) {
        self.nodes.reserve(n);
    }

    /// Gives back the spare capacity of the node arena (once the module is
    /// built or read).
    pub fn shrink_to_fit(&mut self) {
        self.nodes.shrink_to_fit();
    }

    /// No nodes.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 0
    }

    /// The id of kind `name`, registered if new.
    pub fn kind_id(&mut self, name: &str) -> MdKindId {
        match self.find_kind(name) {
            Some(k) => k,
            None => MdKindId(self.kinds.intern(name.into())),
        }
    }

    /// The id of kind `name` if registered.
    pub fn find_kind(&self, name: &str) -> Option<MdKindId> {
        self.kinds.find(name, |k| &**k == name).map(MdKindId)
    }

    /// The name of kind `id` (`""` if unknown).
    pub fn kind_name(&self, id: MdKindId) -> &str {
        self.kinds.get(id.0).map(|k| &**k).unwrap_or("")
    }

    /// The number of registered kinds.
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }
}
