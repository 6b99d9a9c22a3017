//! Properties of the bitstream container (`llvmext_core::bitstream`): random
//! stream programs (blocks, abbreviations, BLOCKINFO, records, blobs) written
//! with `BitstreamWriter` read back entry for entry with `BitstreamReader`;
//! skipping blocks; writer misuse; LLVM's BLOCKINFO semantics; and byte-exact
//! agreement with streams written by LLVM 19.

use std::collections::BTreeMap;

use llvmext_core::bitstream::{
    Abbrev, AbbrevOp, BitstreamReader, BitstreamWriter, BlockHeader, Entry, BLOCKINFO_BLOCK_ID,
};
use llvmext_core::ErrorKind;
use proptest::prelude::*;

const CHAR6: &[u8; 64] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";
const SETBID: u32 = 1;
const BLOCKNAME: u32 = 2;
const SETRECORDNAME: u32 = 3;

/// splitmix64: values for records are derived from a seed so that they can
/// be made to fit whichever abbreviation the record ends up using.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// A u64 biased towards boundaries.
    fn interesting(&mut self) -> u64 {
        match self.below(6) {
            0 => self.next(),
            1 => self.below(64),
            2 => 1u64 << self.below(64),
            3 => (1u64 << self.below(64)).wrapping_sub(1),
            4 => u64::MAX - self.below(3),
            _ => self.below(100_000),
        }
    }
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

// ---------------------------------------------------------------------------
// Programs.

#[derive(Debug, Clone)]
enum Item {
    /// A local `DEFINE_ABBREV`.
    Define(Abbrev),
    /// A record using one of the abbreviations visible at that point
    /// (`pick` chooses), with values derived from `seed`; a blob abbreviation
    /// gets its bytes through `emit_record_with_blob` when `blob_api`.
    Abbreviated { pick: u32, seed: u64, blob_api: bool },
    /// An unabbreviated record.
    Unabbrev { code: u32, ops: Vec<u64> },
    /// A nested block.
    Block(BlockSpec),
}

#[derive(Debug, Clone)]
struct BlockSpec {
    id: u32,
    width: u32,
    items: Vec<Item>,
}

#[derive(Debug, Clone)]
struct InfoSpec {
    bid: u32,
    abbrevs: Vec<Abbrev>,
    name: Option<Vec<u8>>,
    record_names: Vec<(u32, Vec<u8>)>,
}

#[derive(Debug, Clone)]
struct Program {
    blocks: Vec<BlockSpec>,
    /// `BLOCKINFO` at the top level before the blocks (`false`) or as the
    /// first item of the first block (`true`, as LLVM's module block).
    info: Option<(Vec<InfoSpec>, bool)>,
}

/// Block IDs that BLOCKINFO entries and blocks share, small and large.
const SHARED_IDS: [u32; 6] = [8, 9, 13, 17, 1000, u32::MAX];

fn block_id() -> impl Strategy<Value = u32> {
    prop_oneof![
        4 => prop::sample::select(&SHARED_IDS[..]),
        1 => 1u32..=u32::MAX,
        1 => prop::sample::select(&[1u32, 63, 64, 127, 128, 16383, 16384, 1 << 21][..]),
    ]
}

fn abbrev_width() -> impl Strategy<Value = u32> {
    prop_oneof![8 => 2u32..=8, 1 => 9u32..=32]
}

/// A scalar operand; `code` limits literals to record codes (u32).
fn scalar_op(code: bool) -> impl Strategy<Value = AbbrevOp> {
    let literal = if code {
        prop_oneof![3 => 0u64..64, 1 => 0u64..=u64::from(u32::MAX)].boxed()
    } else {
        prop_oneof![
            3 => 0u64..200,
            1 => any::<u64>(),
            1 => Just(u64::MAX),
            1 => (0u32..64).prop_map(|s| 1u64 << s),
        ]
        .boxed()
    };
    prop_oneof![
        2 => literal.prop_map(AbbrevOp::Literal),
        3 => (0u8..=32).prop_map(AbbrevOp::Fixed),
        // VBR(1) has no payload bits: it only holds 0.
        3 => prop_oneof![1 => Just(0u8), 1 => Just(1u8), 8 => 2u8..=32].prop_map(AbbrevOp::Vbr),
        1 => Just(AbbrevOp::Char6),
    ]
}

fn array_element() -> impl Strategy<Value = AbbrevOp> {
    prop_oneof![
        (1u8..=32).prop_map(AbbrevOp::Fixed),
        (1u8..=32).prop_map(AbbrevOp::Vbr),
        Just(AbbrevOp::Char6),
    ]
}

fn abbrev() -> impl Strategy<Value = Abbrev> {
    let tail = prop_oneof![
        2 => Just(None),
        1 => array_element().prop_map(Some),
        1 => Just(Some(AbbrevOp::Blob)),
    ];
    (scalar_op(true), prop::collection::vec(scalar_op(false), 0..6), tail).prop_map(
        |(first, mid, tail)| {
            let mut a = Abbrev::new([first]);
            for op in mid {
                a.push(op);
            }
            match tail {
                Some(AbbrevOp::Blob) => a.push(AbbrevOp::Blob),
                Some(elt) => {
                    a.push(AbbrevOp::Array);
                    a.push(elt);
                }
                None => {}
            }
            a
        },
    )
}

fn leaf_item() -> impl Strategy<Value = Item> {
    prop_oneof![
        2 => abbrev().prop_map(Item::Define),
        5 => (any::<u32>(), any::<u64>(), any::<bool>())
            .prop_map(|(pick, seed, blob_api)| Item::Abbreviated { pick, seed, blob_api }),
        2 => (
            prop_oneof![3 => 0u32..64, 1 => any::<u32>()],
            prop::collection::vec(
                prop_oneof![3 => 0u64..100, 2 => any::<u64>(), 1 => Just(u64::MAX)],
                0..100,
            ),
        )
            .prop_map(|(code, ops)| Item::Unabbrev { code, ops }),
    ]
}

fn item() -> impl Strategy<Value = Item> {
    leaf_item().prop_recursive(3, 48, 8, |inner| {
        prop_oneof![
            3 => leaf_item(),
            1 => (block_id(), abbrev_width(), prop::collection::vec(inner, 0..8))
                .prop_map(|(id, width, items)| Item::Block(BlockSpec { id, width, items })),
        ]
    })
}

fn block_spec() -> impl Strategy<Value = BlockSpec> {
    (block_id(), abbrev_width(), prop::collection::vec(item(), 0..10))
        .prop_map(|(id, width, items)| BlockSpec { id, width, items })
}

fn name() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..12)
}

fn info_specs() -> impl Strategy<Value = Vec<InfoSpec>> {
    prop::collection::btree_map(
        prop::sample::select(&SHARED_IDS[..]),
        (
            prop::collection::vec(abbrev(), 0..5),
            prop::option::of(name()),
            prop::collection::vec((any::<u32>(), name()), 0..3),
        ),
        0..4,
    )
    .prop_map(|m| {
        m.into_iter()
            .map(|(bid, (abbrevs, name, record_names))| InfoSpec {
                bid,
                abbrevs,
                name,
                record_names,
            })
            .collect()
    })
}

fn program() -> impl Strategy<Value = Program> {
    (prop::collection::vec(block_spec(), 1..4), prop::option::of((info_specs(), any::<bool>())))
        .prop_map(|(blocks, info)| Program { blocks, info })
}

// ---------------------------------------------------------------------------
// Expected and observed entries.

#[derive(Debug, Clone, PartialEq)]
enum Ev {
    Enter(BlockHeader),
    Skipped(BlockHeader),
    /// `END_BLOCK`, with the bit position after it.
    End(u64),
    Define(Abbrev),
    Record {
        abbrev_id: u32,
        code: u32,
        ops: Vec<u64>,
        blob: Option<Vec<u8>>,
        /// Abbreviations visible in the block at that point.
        visible: usize,
    },
}

#[derive(Debug, Default, Clone, PartialEq)]
struct InfoModel {
    name: Option<Vec<u8>>,
    record_names: Vec<(u32, Vec<u8>)>,
    abbrevs: Vec<Abbrev>,
}

struct Scope {
    width: u32,
    visible: Vec<Abbrev>,
    enter_ev: usize,
}

/// Drives a `BitstreamWriter` through a program and records what a reader
/// must see.
struct Model {
    w: BitstreamWriter,
    events: Vec<Ev>,
    info: BTreeMap<u32, InfoModel>,
    scopes: Vec<Scope>,
}

impl Model {
    fn new() -> Self {
        Model {
            w: BitstreamWriter::new(),
            events: Vec::new(),
            info: BTreeMap::new(),
            scopes: Vec::new(),
        }
    }

    fn enter(&mut self, id: u32, width: u32) {
        let start_bit = self.w.bit_position();
        if id == BLOCKINFO_BLOCK_ID {
            self.w.enter_blockinfo_block();
        } else {
            self.w.enter_block(id, width);
        }
        let body_bit = self.w.bit_position();
        assert_eq!(body_bit % 32, 0);
        assert_eq!(self.w.abbrev_width(), width);
        let visible = self.info.get(&id).map(|i| i.abbrevs.clone()).unwrap_or_default();
        self.events.push(Ev::Enter(BlockHeader {
            block_id: id,
            abbrev_width: width,
            length_words: u32::MAX, // patched on exit
            start_bit,
            body_bit,
        }));
        self.scopes.push(Scope { width, visible, enter_ev: self.events.len() - 1 });
        assert_eq!(self.w.depth(), self.scopes.len());
    }

    fn exit(&mut self) {
        let scope = self.scopes.pop().unwrap();
        self.w.exit_block().unwrap();
        let end = self.w.bit_position();
        assert_eq!(end % 32, 0);
        let Ev::Enter(h) = &mut self.events[scope.enter_ev] else { unreachable!() };
        h.length_words = u32::try_from((end - h.body_bit) / 32).unwrap();
        assert_eq!(h.end_bit(), end);
        self.events.push(Ev::End(end));
        let width = self.scopes.last().map_or(2, |s| s.width);
        assert_eq!(self.w.abbrev_width(), width);
    }

    fn visible(&self) -> usize {
        self.scopes.last().map_or(0, |s| s.visible.len())
    }

    fn unabbrev(&mut self, code: u32, ops: &[u64]) {
        self.w.emit_record(code, ops, None).unwrap();
        let visible = self.visible();
        self.events.push(Ev::Record { abbrev_id: 3, code, ops: ops.to_vec(), blob: None, visible });
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Define(a) => {
                let id = self.w.define_abbrev(a.clone()).unwrap();
                let scope = self.scopes.last_mut().unwrap();
                scope.visible.push(a.clone());
                assert_eq!(id, 3 + scope.visible.len() as u32, "define_abbrev's ID");
                self.events.push(Ev::Define(a.clone()));
            }
            Item::Unabbrev { code, ops } => self.unabbrev(*code, ops),
            Item::Abbreviated { pick, seed, blob_api } => {
                let scope = self.scopes.last().unwrap();
                // Only IDs that fit the block's abbreviation width.
                let fit = if scope.width >= 32 { u64::MAX } else { (1u64 << scope.width) - 4 };
                let n = (scope.visible.len() as u64).min(fit);
                let mut rng = Rng(*seed);
                if n == 0 {
                    let ops: Vec<u64> = (0..rng.below(5)).map(|_| rng.interesting()).collect();
                    self.unabbrev(*pick % 100, &ops);
                    return;
                }
                let i = u64::from(*pick) % n;
                let a = scope.visible[i as usize].clone();
                let abbrev_id = 4 + i as u32;
                let (code, ops, blob) = values_for(&a, &mut rng);
                let visible = scope.visible.len();
                let mut expect_ops = ops.clone();
                match &blob {
                    Some(b) if *blob_api => {
                        self.w.emit_record_with_blob(code, &ops, b, Some(abbrev_id)).unwrap()
                    }
                    Some(b) => {
                        let mut all = ops.clone();
                        all.extend(b.iter().map(|&x| u64::from(x)));
                        self.w.emit_record(code, &all, Some(abbrev_id)).unwrap();
                    }
                    None => {
                        self.w.emit_record(code, &ops, Some(abbrev_id)).unwrap();
                        expect_ops = ops;
                    }
                }
                self.events.push(Ev::Record { abbrev_id, code, ops: expect_ops, blob, visible });
            }
            Item::Block(b) => self.block(b),
        }
    }

    fn block(&mut self, b: &BlockSpec) {
        self.enter(b.id, b.width);
        for it in &b.items {
            self.item(it);
        }
        self.exit();
    }

    fn blockinfo(&mut self, specs: &[InfoSpec]) {
        self.enter(BLOCKINFO_BLOCK_ID, 2);
        // A new BLOCKINFO replaces the old one.
        self.info.clear();
        let mut cur: Option<u32> = None;
        for s in specs {
            let entry = self.info.entry(s.bid).or_default();
            for a in &s.abbrevs {
                if cur != Some(s.bid) {
                    // define_blockinfo_abbrev writes the SETBID itself.
                    self.events.push(Ev::Record {
                        abbrev_id: 3,
                        code: SETBID,
                        ops: vec![s.bid.into()],
                        blob: None,
                        visible: 0,
                    });
                    cur = Some(s.bid);
                }
                let id = self.w.define_blockinfo_abbrev(s.bid, a.clone()).unwrap();
                entry.abbrevs.push(a.clone());
                assert_eq!(id, 3 + entry.abbrevs.len() as u32, "define_blockinfo_abbrev's ID");
                self.events.push(Ev::Define(a.clone()));
            }
            entry.name.clone_from(&s.name);
            entry.record_names.clone_from(&s.record_names);
            if cur != Some(s.bid) {
                self.unabbrev(SETBID, &[s.bid.into()]);
                cur = Some(s.bid);
            }
            if let Some(n) = &s.name {
                let ops: Vec<u64> = n.iter().map(|&c| c.into()).collect();
                self.unabbrev(BLOCKNAME, &ops);
            }
            for (code, n) in &s.record_names {
                let mut ops = vec![u64::from(*code)];
                ops.extend(n.iter().map(|&c| u64::from(c)));
                self.unabbrev(SETRECORDNAME, &ops);
            }
        }
        self.exit();
        // The writer knows the abbreviations too.
        for (bid, m) in &self.info {
            for (i, a) in m.abbrevs.iter().enumerate() {
                assert_eq!(self.w.block_info().abbrev(*bid, i), Some(a.ops()));
            }
        }
    }

    fn program(p: &Program) -> (Vec<u8>, Vec<Ev>, BTreeMap<u32, InfoModel>) {
        let mut m = Model::new();
        if let Some((specs, false)) = &p.info {
            m.blockinfo(specs);
        }
        for (i, b) in p.blocks.iter().enumerate() {
            if let (0, Some((specs, true))) = (i, &p.info) {
                m.enter(b.id, b.width);
                m.blockinfo(specs);
                for it in &b.items {
                    m.item(it);
                }
                m.exit();
            } else {
                m.block(b);
            }
        }
        assert_eq!(m.w.depth(), 0);
        let total = m.w.bit_position();
        let bytes = m.w.finish();
        assert_eq!(bytes.len() as u64 * 8, total, "blocks end on word boundaries");
        (bytes, m.events, m.info)
    }
}

/// Values that fit `a`: the code, the operands, and the blob (if `a` ends in
/// a blob).
fn values_for(a: &Abbrev, rng: &mut Rng) -> (u32, Vec<u64>, Option<Vec<u8>>) {
    let ops = a.ops();
    let scalar = |op: AbbrevOp, rng: &mut Rng| -> u64 {
        match op {
            AbbrevOp::Literal(v) => v,
            AbbrevOp::Fixed(w) => rng.interesting() & mask(w.into()),
            AbbrevOp::Vbr(0 | 1) => 0,
            AbbrevOp::Vbr(_) => rng.interesting(),
            AbbrevOp::Char6 => u64::from(CHAR6[rng.below(64) as usize]),
            AbbrevOp::Array | AbbrevOp::Blob => unreachable!(),
        }
    };
    let code = match ops[0] {
        AbbrevOp::Vbr(w) if w > 1 => rng.interesting() as u32,
        op => u32::try_from(scalar(op, rng)).unwrap(),
    };
    let mut vals = Vec::new();
    let mut blob = None;
    let mut i = 1;
    while i < ops.len() {
        match ops[i] {
            AbbrevOp::Array => {
                for _ in 0..rng.below(20) {
                    vals.push(scalar(ops[i + 1], rng));
                }
                i += 2;
            }
            AbbrevOp::Blob => {
                let len = match rng.below(4) {
                    0 => 0,
                    1 => rng.below(4),
                    _ => rng.below(70),
                };
                blob = Some((0..len).map(|_| rng.next() as u8).collect());
                i += 1;
            }
            op => {
                vals.push(scalar(op, rng));
                i += 1;
            }
        }
    }
    (code, vals, blob)
}

/// Reads a whole stream; `skip(n, block_id)` decides for the n-th sub-block
/// met whether to skip it. Also checks that every block ends where its
/// header says.
fn walk(bytes: &[u8], mut skip: impl FnMut(usize, u32) -> bool) -> (Vec<Ev>, BitstreamReader<'_>) {
    let mut r = BitstreamReader::new(bytes);
    let mut evs = Vec::new();
    let mut ops = Vec::new();
    let mut open: Vec<BlockHeader> = Vec::new();
    let mut met = 0;
    let mut bid: Option<u32> = None; // last SETBID inside BLOCKINFO
    while let Some(e) = r.advance().unwrap() {
        match e {
            Entry::SubBlock { block_id } => {
                let n = met;
                met += 1;
                let depth = r.depth();
                if skip(n, block_id) {
                    let h = r.skip_block().unwrap();
                    assert_eq!(h.block_id, block_id);
                    assert_eq!(r.bit_position(), h.end_bit(), "skip_block lands after the block");
                    assert_eq!(r.depth(), depth);
                    evs.push(Ev::Skipped(h));
                } else {
                    let h = r.enter_block().unwrap();
                    assert_eq!(h.block_id, block_id);
                    assert_eq!(r.bit_position(), h.body_bit);
                    assert_eq!(r.depth(), depth + 1);
                    assert_eq!(r.block_id(), Some(block_id));
                    assert_eq!(r.abbrev_width(), h.abbrev_width);
                    open.push(h);
                    bid = None;
                    evs.push(Ev::Enter(h));
                }
            }
            Entry::EndBlock => {
                let h = open.pop().expect("END_BLOCK matches an entered block");
                assert_eq!(r.bit_position(), h.end_bit(), "length_words is the real length");
                evs.push(Ev::End(r.bit_position()));
            }
            Entry::DefineAbbrev => {
                let a = if r.block_id() == Some(BLOCKINFO_BLOCK_ID) {
                    let b = bid.expect("SETBID before DEFINE_ABBREV");
                    let n = r.block_info().entry(b).unwrap().num_abbrevs();
                    Abbrev::new(r.block_info().abbrev(b, n - 1).unwrap().iter().copied())
                } else {
                    Abbrev::new(r.abbrev(3 + r.num_abbrevs() as u32).unwrap().iter().copied())
                };
                evs.push(Ev::Define(a));
            }
            Entry::Record(id) => {
                let visible = r.num_abbrevs();
                let mut copy = r.clone();
                let rec = r.read_record(id, &mut ops).unwrap();
                assert_eq!(rec.abbrev_id, id);
                // skip_record ends at the same place with the same code.
                assert_eq!(copy.skip_record(id).unwrap(), rec.code);
                assert_eq!(copy.bit_position(), r.bit_position());
                if r.block_id() == Some(BLOCKINFO_BLOCK_ID) && rec.code == SETBID {
                    bid = Some(ops[0] as u32);
                }
                evs.push(Ev::Record {
                    abbrev_id: id,
                    code: rec.code,
                    ops: ops.clone(),
                    blob: rec.blob.map(<[u8]>::to_vec),
                    visible,
                });
            }
        }
    }
    assert!(open.is_empty());
    assert!(r.at_end());
    (evs, r)
}

/// The events a reader sees when it skips the sub-blocks `skip` selects.
fn expect_skipping(full: &[Ev], mut skip: impl FnMut(usize, u32) -> bool) -> Vec<Ev> {
    let mut out = Vec::new();
    let mut met = 0;
    let mut i = 0;
    while i < full.len() {
        match &full[i] {
            Ev::Enter(h) => {
                let n = met;
                met += 1;
                if skip(n, h.block_id) {
                    out.push(Ev::Skipped(*h));
                    // Drop everything up to the matching End.
                    let mut depth = 0;
                    loop {
                        match full[i] {
                            Ev::Enter(_) => depth += 1,
                            Ev::End(_) => depth -= 1,
                            _ => {}
                        }
                        i += 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    continue;
                }
                out.push(full[i].clone());
            }
            e => out.push(e.clone()),
        }
        i += 1;
    }
    out
}

fn check_block_info(r: &BitstreamReader<'_>, info: &BTreeMap<u32, InfoModel>) {
    let bi = r.block_info();
    let ids: Vec<u32> = bi.entries().map(|e| e.block_id).collect();
    let want: Vec<u32> = info.keys().copied().collect();
    assert_eq!(ids, want);
    for (bid, m) in info {
        let e = bi.entry(*bid).unwrap();
        assert_eq!(e.block_id, *bid);
        assert_eq!(e.name, m.name, "BLOCKNAME of {bid}");
        assert_eq!(e.record_names, m.record_names, "SETRECORDNAMEs of {bid}");
        for (code, _) in &m.record_names {
            // The first SETRECORDNAME for a code wins, as in llvm-bcanalyzer's
            // GetCodeName.
            let first = m.record_names.iter().find(|(c, _)| c == code).unwrap();
            assert_eq!(e.record_name(*code), Some(&first.1[..]), "record_name({code}) of {bid}");
        }
        assert_eq!(e.num_abbrevs(), m.abbrevs.len());
        for (i, a) in m.abbrevs.iter().enumerate() {
            assert_eq!(bi.abbrev(*bid, i), Some(a.ops()));
        }
        assert_eq!(bi.abbrev(*bid, m.abbrevs.len()), None);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Everything written is read back, entry for entry: block headers
    /// (IDs, widths, lengths, positions), abbreviation definitions, record
    /// codes, abbreviation IDs, operands, blobs, and BLOCKINFO's names.
    #[test]
    fn programs_round_trip(p in program()) {
        let (bytes, expected, info) = Model::program(&p);
        let (got, r) = walk(&bytes, |_, _| false);
        prop_assert_eq!(&got, &expected);
        check_block_info(&r, &info);
    }

    /// A reader that skips every other (non-BLOCKINFO) sub-block sees the
    /// same remaining entries; one that skips every top-level block lands
    /// after each.
    #[test]
    fn skipping_blocks(p in program()) {
        let (bytes, expected, info) = Model::program(&p);
        // Numbering differs from the full walk (skipped blocks hide their
        // children), so count only blocks actually met.
        let mut met_r = 0;
        let mut met_e = 0;
        let (got, _) = walk(&bytes, |_, id| {
            let n = met_r;
            if id != BLOCKINFO_BLOCK_ID { met_r += 1; }
            id != BLOCKINFO_BLOCK_ID && n % 2 == 1
        });
        let want = expect_skipping(&expected, |_, id| {
            let n = met_e;
            if id != BLOCKINFO_BLOCK_ID { met_e += 1; }
            id != BLOCKINFO_BLOCK_ID && n % 2 == 1
        });
        prop_assert_eq!(&got, &want);

        // Skip every top-level block except BLOCKINFO.
        let mut depth = 0usize;
        let mut r = BitstreamReader::new(&bytes);
        let mut seen = Vec::new();
        let mut ops = Vec::new();
        while let Some(e) = r.advance().unwrap() {
            match e {
                Entry::SubBlock { block_id } if depth == 0 && block_id != BLOCKINFO_BLOCK_ID => {
                    seen.push(Ev::Skipped(r.skip_block().unwrap()));
                }
                Entry::SubBlock { .. } => { r.enter_block().unwrap(); depth += 1; }
                Entry::EndBlock => depth -= 1,
                Entry::Record(id) => { r.read_record(id, &mut ops).unwrap(); }
                Entry::DefineAbbrev => {}
            }
        }
        let want: Vec<Ev> = expected.iter().filter_map(|e| match e {
            Ev::Enter(h) if h.block_id != BLOCKINFO_BLOCK_ID && top_level(&expected, h) => Some(Ev::Skipped(*h)),
            _ => None,
        }).collect();
        prop_assert_eq!(seen, want);
        if let Some((_, true)) = p.info {
            // BLOCKINFO was inside the (skipped) first block.
            prop_assert!(r.block_info().is_empty());
        } else {
            check_block_info(&r, &info);
        }

        // advance() without enter/skip skips the block by itself.
        let mut r = BitstreamReader::new(&bytes);
        let mut ids = Vec::new();
        while let Some(e) = r.advance().unwrap() {
            match e {
                Entry::SubBlock { block_id } => ids.push(block_id),
                other => prop_assert!(false, "unexpected top-level entry {:?}", other),
            }
        }
        let mut want_ids = Vec::new();
        if let Some((_, false)) = p.info {
            want_ids.push(BLOCKINFO_BLOCK_ID);
        }
        want_ids.extend(p.blocks.iter().map(|b| b.id));
        prop_assert_eq!(ids, want_ids);
    }
}

/// Whether `h` is a top-level block of the event list.
fn top_level(evs: &[Ev], h: &BlockHeader) -> bool {
    let mut depth = 0;
    for e in evs {
        match e {
            Ev::Enter(x) => {
                if x == h {
                    return depth == 0;
                }
                depth += 1;
            }
            Ev::End(_) => depth -= 1,
            _ => {}
        }
    }
    false
}

// ---------------------------------------------------------------------------
// Writer misuse: an error, and the stream exactly as before the call.

/// A writer inside block 8 (width 6) with a few abbreviations defined, and
/// the IDs of those abbreviations.
fn writer_with_abbrevs(abbrevs: &[Abbrev]) -> (BitstreamWriter, Vec<u32>) {
    let mut w = BitstreamWriter::new();
    w.emit_magic(*b"TEST");
    w.enter_block(8, 6);
    w.emit_record(1, &[1, 2, 3], None).unwrap();
    w.bits_mut().write(0, 0);
    let ids = abbrevs.iter().map(|a| w.define_abbrev(a.clone()).unwrap()).collect();
    (w, ids)
}

/// Runs `misuse` on a copy of `w`; it must fail with `kind` at the current
/// bit position, and the copy must then produce the same bytes as `w` when
/// both continue identically.
fn assert_misuse(
    w: &BitstreamWriter,
    kind: ErrorKind,
    misuse: impl FnOnce(&mut BitstreamWriter) -> llvmext_core::Result<()>,
) {
    let mut bad = w.clone();
    let pos = bad.bit_position();
    let err = misuse(&mut bad).expect_err("misuse must be an error");
    assert_eq!(err.kind(), &kind, "{err}");
    assert_eq!(err.bit_offset(), pos);
    assert_eq!(bad.bit_position(), pos, "a failed call must not write");
    assert_eq!(bad.depth(), w.depth());
    assert_eq!(bad.abbrev_width(), w.abbrev_width());
    let continue_with = |mut x: BitstreamWriter| {
        x.emit_record(9, &[7, 8], None).unwrap();
        x.finish()
    };
    assert_eq!(continue_with(bad), continue_with(w.clone()), "stream changed by a failed call");
}

#[test]
fn misuse_value_too_wide_for_fixed() {
    for n in [1u8, 7, 8, 31, 32] {
        let a = Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Fixed(n)]);
        let (w, ids) = writer_with_abbrevs(&[a]);
        let v = 1u64 << n;
        assert_misuse(&w, ErrorKind::ValueDoesNotFit { index: 1, value: v }, |w| {
            w.emit_record(1, &[v], Some(ids[0]))
        });
        // The largest value that fits is fine.
        let mut ok = w.clone();
        ok.emit_record(1, &[v - 1], Some(ids[0])).unwrap();
    }
    // The code through a Fixed operand.
    let a = Abbrev::new([AbbrevOp::Fixed(3), AbbrevOp::Vbr(6)]);
    let (w, ids) = writer_with_abbrevs(&[a]);
    assert_misuse(&w, ErrorKind::ValueDoesNotFit { index: 0, value: 8 }, |w| {
        w.emit_record(8, &[1], Some(ids[0]))
    });
    // An array element, after some elements were already written.
    let a = Abbrev::new([AbbrevOp::Literal(2), AbbrevOp::Array, AbbrevOp::Fixed(4)]);
    let (w, ids) = writer_with_abbrevs(&[a]);
    assert_misuse(&w, ErrorKind::ValueDoesNotFit { index: 4, value: 16 }, |w| {
        w.emit_record(2, &[1, 2, 3, 16, 4], Some(ids[0]))
    });
    // Fixed(0) only holds 0.
    let a = Abbrev::new([AbbrevOp::Literal(2), AbbrevOp::Fixed(0), AbbrevOp::Vbr(0)]);
    let (w, ids) = writer_with_abbrevs(&[a]);
    assert_misuse(&w, ErrorKind::ValueDoesNotFit { index: 1, value: 1 }, |w| {
        w.emit_record(2, &[1, 0], Some(ids[0]))
    });
    assert_misuse(&w, ErrorKind::ValueDoesNotFit { index: 2, value: 5 }, |w| {
        w.emit_record(2, &[0, 5], Some(ids[0]))
    });
    // Blob bytes given as operands must be bytes.
    let a = Abbrev::new([AbbrevOp::Literal(3), AbbrevOp::Blob]);
    let (w, ids) = writer_with_abbrevs(&[a]);
    assert_misuse(&w, ErrorKind::ValueDoesNotFit { index: 3, value: 256 }, |w| {
        w.emit_record(3, &[1, 2, 256], Some(ids[0]))
    });
}

#[test]
fn misuse_non_char6() {
    let scalar = Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Char6]);
    let array = Abbrev::new([AbbrevOp::Literal(2), AbbrevOp::Array, AbbrevOp::Char6]);
    let (w, ids) = writer_with_abbrevs(&[scalar, array]);
    for bad in [b'-' as u64, b' ' as u64, 0, 255, 256 + b'a' as u64, u64::MAX] {
        assert_misuse(&w, ErrorKind::NotChar6 { value: bad }, |w| {
            w.emit_record(1, &[bad], Some(ids[0]))
        });
        // Partway through an array: the elements already written go too.
        assert_misuse(&w, ErrorKind::NotChar6 { value: bad }, |w| {
            w.emit_record(2, &[b'a'.into(), b'b'.into(), bad], Some(ids[1]))
        });
    }
    // The code through a Char6 operand.
    let code6 = Abbrev::new([AbbrevOp::Char6]);
    let (w, ids) = writer_with_abbrevs(&[code6]);
    assert_misuse(&w, ErrorKind::NotChar6 { value: 1 }, |w| w.emit_record(1, &[], Some(ids[0])));
    let mut ok = w.clone();
    ok.emit_record(b'x'.into(), &[], Some(ids[0])).unwrap();
}

#[test]
fn misuse_literal_mismatch() {
    let a = Abbrev::new([AbbrevOp::Literal(7), AbbrevOp::Literal(9), AbbrevOp::Vbr(6)]);
    let (w, ids) = writer_with_abbrevs(&[a]);
    assert_misuse(&w, ErrorKind::ValueDoesNotFit { index: 0, value: 6 }, |w| {
        w.emit_record(6, &[9, 1], Some(ids[0]))
    });
    assert_misuse(&w, ErrorKind::ValueDoesNotFit { index: 1, value: 8 }, |w| {
        w.emit_record(7, &[8, 1], Some(ids[0]))
    });
    let mut ok = w.clone();
    ok.emit_record(7, &[9, 1], Some(ids[0])).unwrap();
}

#[test]
fn misuse_wrong_operand_count() {
    let a = Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Fixed(8), AbbrevOp::Vbr(6)]);
    let arr =
        Abbrev::new([AbbrevOp::Literal(2), AbbrevOp::Fixed(8), AbbrevOp::Array, AbbrevOp::Vbr(6)]);
    let blob = Abbrev::new([AbbrevOp::Literal(3), AbbrevOp::Vbr(6), AbbrevOp::Blob]);
    let (w, ids) = writer_with_abbrevs(&[a, arr, blob]);
    for ops in [&[][..], &[1][..], &[1, 2, 3][..], &[1, 2, 3, 4][..]] {
        assert_misuse(&w, ErrorKind::RecordDoesNotMatchAbbrev, |w| {
            w.emit_record(1, ops, Some(ids[0]))
        });
    }
    // The array takes any number of elements, but not fewer scalars.
    assert_misuse(&w, ErrorKind::RecordDoesNotMatchAbbrev, |w| w.emit_record(2, &[], Some(ids[1])));
    let mut ok = w.clone();
    ok.emit_record(2, &[1], Some(ids[1])).unwrap();
    ok.emit_record(2, &[1, 2, 3, 4, 5], Some(ids[1])).unwrap();
    // Blob bytes given separately: no operands may be left over.
    assert_misuse(&w, ErrorKind::RecordDoesNotMatchAbbrev, |w| {
        w.emit_record_with_blob(3, &[1, 2], b"xyz", Some(ids[2]))
    });
    assert_misuse(&w, ErrorKind::RecordDoesNotMatchAbbrev, |w| {
        w.emit_record_with_blob(3, &[], b"xyz", Some(ids[2]))
    });
    ok.emit_record_with_blob(3, &[1], b"xyz", Some(ids[2])).unwrap();
}

#[test]
fn misuse_unknown_abbrev_id() {
    let a = Abbrev::new([AbbrevOp::Literal(1)]);
    let (w, ids) = writer_with_abbrevs(&[a]);
    assert_eq!(ids, [4]);
    for id in [0, 1, 2, 3, 5, 63, u32::MAX] {
        assert_misuse(&w, ErrorKind::UnknownAbbrev { id }, |w| w.emit_record(1, &[], Some(id)));
    }
    // Abbreviations of a closed block are gone.
    let mut w2 = w.clone();
    w2.enter_block(9, 6);
    let inner = w2.define_abbrev(Abbrev::new([AbbrevOp::Literal(5)])).unwrap();
    assert_eq!(inner, 4, "a sub-block starts its own numbering");
    w2.emit_record(5, &[], Some(4)).unwrap();
    w2.exit_block().unwrap();
    // Back in block 8, ID 4 is block 8's again.
    assert_misuse(&w2, ErrorKind::ValueDoesNotFit { index: 0, value: 5 }, |w| {
        w.emit_record(5, &[], Some(4))
    });
    // And at the top level there are none.
    let mut top = BitstreamWriter::new();
    assert_misuse(&top.clone(), ErrorKind::UnknownAbbrev { id: 4 }, |w| {
        w.emit_record(1, &[], Some(4))
    });
    top.enter_block(8, 3);
    top.exit_block().unwrap();
    assert_misuse(&top, ErrorKind::UnknownAbbrev { id: 4 }, |w| w.emit_record(1, &[], Some(4)));
}

#[test]
fn misuse_blob_without_abbrev() {
    let (w, _) = writer_with_abbrevs(&[]);
    assert_misuse(&w, ErrorKind::RecordDoesNotMatchAbbrev, |w| {
        w.emit_record_with_blob(1, &[], b"blob", None)
    });
    assert_misuse(&w, ErrorKind::RecordDoesNotMatchAbbrev, |w| {
        w.emit_record_with_blob(1, &[], b"", None)
    });
}

#[test]
fn misuse_exit_block_with_no_block_open() {
    let w = BitstreamWriter::new();
    assert_misuse(&w, ErrorKind::NoOpenBlock, |w| w.exit_block());
    let mut w = BitstreamWriter::new();
    w.emit_magic(*b"BC\xC0\xDE");
    w.enter_block(8, 3);
    w.exit_block().unwrap();
    assert_misuse(&w, ErrorKind::NoOpenBlock, |w| w.exit_block());
}

#[test]
fn misuse_invalid_abbrevs() {
    use AbbrevOp::*;
    let cases: Vec<(Vec<AbbrevOp>, ErrorKind)> = vec![
        (vec![], ErrorKind::EmptyAbbrev),
        (vec![Literal(1), Array, Fixed(2), Fixed(3)], ErrorKind::ArrayNotSecondToLast),
        (vec![Literal(1), Fixed(3), Array], ErrorKind::ArrayNotSecondToLast),
        (vec![Literal(1), Blob, Fixed(3)], ErrorKind::BlobNotLast),
        (vec![Literal(1), Blob, Blob], ErrorKind::BlobNotLast),
        (vec![Literal(1), Fixed(33)], ErrorKind::AbbrevWidthTooLarge { width: 33 }),
        (vec![Fixed(255)], ErrorKind::AbbrevWidthTooLarge { width: 255 }),
        (vec![Literal(1), Vbr(33)], ErrorKind::AbbrevWidthTooLarge { width: 33 }),
        (vec![Array, Fixed(8)], ErrorKind::AbbrevStartsWithArrayOrBlob),
        (vec![Blob], ErrorKind::AbbrevStartsWithArrayOrBlob),
        (vec![Literal(1), Array, Array], ErrorKind::BadArrayElement),
        (vec![Literal(1), Array, Blob], ErrorKind::BadArrayElement),
        (vec![Literal(1), Array, Literal(3)], ErrorKind::BadArrayElement),
        (vec![Literal(1), Array, Fixed(0)], ErrorKind::BadArrayElement),
        (vec![Literal(1), Array, Vbr(0)], ErrorKind::BadArrayElement),
    ];
    let (w, _) = writer_with_abbrevs(&[]);
    for (ops, kind) in cases {
        let a = Abbrev::new(ops.clone());
        assert_eq!(a.validate(), Err(kind.clone()), "{ops:?}");
        assert_misuse(&w, kind.clone(), |w| w.define_abbrev(a.clone()).map(drop));
        // The next abbreviation still gets ID 4.
        let mut next = w.clone();
        let _ = next.define_abbrev(a.clone());
        assert_eq!(next.define_abbrev(Abbrev::new([Literal(1)])).unwrap(), 4);
        // Also refused through BLOCKINFO.
        let mut bi = BitstreamWriter::new();
        bi.enter_blockinfo_block();
        assert_misuse(&bi, kind, |w| w.define_blockinfo_abbrev(8, a.clone()).map(drop));
    }
    // Widths 32 are fine.
    let mut ok = w.clone();
    ok.define_abbrev(Abbrev::new([Fixed(32), Vbr(32), Array, Fixed(32)])).unwrap();
}

#[test]
fn misuse_blockinfo() {
    let a = Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Vbr(6)]);
    // define_abbrev in BLOCKINFO before any SETBID.
    let mut w = BitstreamWriter::new();
    w.enter_blockinfo_block();
    assert_misuse(&w, ErrorKind::MalformedBlockInfo, |w| w.define_abbrev(a.clone()).map(drop));
    // After an explicit SETBID it is registered for that block ID.
    w.emit_record(SETBID, &[12], None).unwrap();
    assert_eq!(w.define_abbrev(a.clone()).unwrap(), 4);
    assert_eq!(w.define_blockinfo_abbrev(12, a.clone()).unwrap(), 5);
    assert_eq!(w.block_info().entry(12).unwrap().num_abbrevs(), 2);
    // No second SETBID for the same block ID (LLVM's SwitchToBlockID).
    let before = w.bit_position();
    w.define_blockinfo_abbrev(12, a.clone()).unwrap();
    let setbid_bits = 2 + 6 + 6 + 6;
    let abbrev_bits = 2 + 5 + (1 + 8) + (1 + 3 + 5);
    assert_eq!(w.bit_position() - before, abbrev_bits);
    let before = w.bit_position();
    assert_eq!(w.define_blockinfo_abbrev(13, a.clone()).unwrap(), 4);
    assert_eq!(w.bit_position() - before, setbid_bits + abbrev_bits);
    w.exit_block().unwrap();
    // Outside BLOCKINFO, define_blockinfo_abbrev is an error.
    assert_misuse(&w, ErrorKind::MalformedBlockInfo, |w| {
        w.define_blockinfo_abbrev(12, a.clone()).map(drop)
    });
    w.enter_block(12, 4);
    assert_misuse(&w, ErrorKind::MalformedBlockInfo, |w| {
        w.define_blockinfo_abbrev(12, a.clone()).map(drop)
    });
    // Block 12 sees its three BLOCKINFO abbreviations; the next local one is 7.
    assert_eq!(w.define_abbrev(a.clone()).unwrap(), 7);
    w.emit_record(1, &[5], Some(6)).unwrap();
    // A block nested inside BLOCKINFO is not BLOCKINFO; back in BLOCKINFO
    // the SETBID in force is restored.
    let mut w = BitstreamWriter::new();
    w.enter_blockinfo_block();
    w.emit_record(SETBID, &[20], None).unwrap();
    w.enter_block(21, 3);
    assert_eq!(w.define_abbrev(a.clone()).unwrap(), 4, "a local abbreviation");
    w.exit_block().unwrap();
    assert_eq!(w.define_abbrev(a.clone()).unwrap(), 4, "registered for block 20");
    assert_eq!(w.block_info().entry(20).unwrap().num_abbrevs(), 1);
    assert!(w.block_info().entry(21).is_none());
}

// ---------------------------------------------------------------------------
// BLOCKINFO semantics.

#[test]
fn second_blockinfo_replaces_the_first() {
    let a1 = Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Fixed(3)]);
    let a2 = Abbrev::new([AbbrevOp::Literal(2), AbbrevOp::Vbr(8)]);
    let b1 = Abbrev::new([AbbrevOp::Literal(3), AbbrevOp::Char6]);
    let local = Abbrev::new([AbbrevOp::Literal(4), AbbrevOp::Fixed(1)]);

    let mut w = BitstreamWriter::new();
    w.enter_blockinfo_block();
    assert_eq!(w.define_blockinfo_abbrev(8, a1.clone()).unwrap(), 4);
    assert_eq!(w.define_blockinfo_abbrev(8, a2.clone()).unwrap(), 5);
    assert_eq!(w.define_blockinfo_abbrev(9, a1.clone()).unwrap(), 4);
    w.emit_record(BLOCKNAME, &[b'x'.into()], None).unwrap();
    w.exit_block().unwrap();
    w.enter_block(8, 4);
    w.emit_record(2, &[300], Some(5)).unwrap();
    w.exit_block().unwrap();

    w.enter_blockinfo_block();
    assert_eq!(w.define_blockinfo_abbrev(8, b1.clone()).unwrap(), 4, "IDs restart");
    w.exit_block().unwrap();
    assert!(w.block_info().entry(9).is_none());
    assert_eq!(w.block_info().entry(8).unwrap().num_abbrevs(), 1);
    w.enter_block(8, 4);
    assert_eq!(w.define_abbrev(local.clone()).unwrap(), 5);
    w.emit_record(3, &[b'q'.into()], Some(4)).unwrap();
    w.emit_record(4, &[1], Some(5)).unwrap();
    w.exit_block().unwrap();
    w.enter_block(9, 4);
    let err = w.emit_record(1, &[1], Some(4)).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::UnknownAbbrev { id: 4 });
    w.exit_block().unwrap();
    let bytes = w.finish();

    let mut r = BitstreamReader::new(&bytes);
    let mut ops = Vec::new();
    let mut recs = Vec::new();
    let mut n_info = 0;
    while let Some(e) = r.advance().unwrap() {
        match e {
            Entry::SubBlock { block_id } => {
                r.enter_block().unwrap();
                match block_id {
                    0 => n_info += 1,
                    8 if n_info == 1 => {
                        assert_eq!(r.num_abbrevs(), 2);
                        assert_eq!(r.abbrev(4), Some(a1.ops()));
                        assert_eq!(r.abbrev(5), Some(a2.ops()));
                        // The first BLOCKINFO's contents.
                        assert_eq!(
                            r.block_info().entry(9).unwrap().name.as_deref(),
                            Some(&b"x"[..])
                        );
                    }
                    8 => {
                        assert_eq!(r.num_abbrevs(), 1);
                        assert_eq!(r.abbrev(4), Some(b1.ops()));
                        assert!(r.block_info().entry(9).is_none(), "replaced, not merged");
                    }
                    9 => assert_eq!(r.num_abbrevs(), 0),
                    _ => unreachable!(),
                }
            }
            Entry::Record(id) => {
                let rec = r.read_record(id, &mut ops).unwrap();
                recs.push((r.block_id().unwrap(), id, rec.code, ops.clone()));
            }
            Entry::DefineAbbrev => {
                if r.block_id() == Some(8) {
                    assert_eq!(r.abbrev(5), Some(local.ops()));
                }
            }
            Entry::EndBlock => {}
        }
    }
    assert_eq!(
        recs,
        [
            (0, 3, SETBID, vec![8]),
            (0, 3, SETBID, vec![9]),
            (0, 3, BLOCKNAME, vec![b'x'.into()]),
            (8, 5, 2, vec![300]),
            (0, 3, SETBID, vec![8]),
            (8, 4, 3, vec![b'q'.into()]),
            (8, 5, 4, vec![1]),
        ]
    );
}

#[test]
fn blockinfo_names_and_record_names() {
    let mut w = BitstreamWriter::new();
    w.enter_blockinfo_block();
    w.emit_record(SETBID, &[14], None).unwrap();
    w.emit_record(BLOCKNAME, &b"VALUE_SYMTAB".map(u64::from), None).unwrap();
    w.emit_record(SETRECORDNAME, &[1, b'E'.into(), b'N'.into()], None).unwrap();
    w.emit_record(SETRECORDNAME, &[2, b'B'.into()], None).unwrap();
    w.emit_record(SETRECORDNAME, &[1, b'X'.into()], None).unwrap();
    w.emit_record(SETBID, &[u32::MAX.into()], None).unwrap();
    w.emit_record(BLOCKNAME, &[], None).unwrap();
    w.exit_block().unwrap();
    let bytes = w.finish();
    let mut r = BitstreamReader::new(&bytes);
    let mut ops = Vec::new();
    while let Some(e) = r.advance().unwrap() {
        match e {
            Entry::SubBlock { .. } => drop(r.enter_block().unwrap()),
            Entry::Record(id) => drop(r.read_record(id, &mut ops).unwrap()),
            _ => {}
        }
    }
    let bi = r.block_info();
    let e = bi.entry(14).unwrap();
    assert_eq!(e.name.as_deref(), Some(&b"VALUE_SYMTAB"[..]));
    assert_eq!(e.record_name(1), Some(&b"EN"[..]), "the first SETRECORDNAME wins (bcanalyzer)");
    assert_eq!(e.record_name(2), Some(&b"B"[..]));
    assert_eq!(e.record_name(3), None);
    assert_eq!(e.record_names.len(), 3);
    assert_eq!(bi.entry(u32::MAX).unwrap().name.as_deref(), Some(&b""[..]));
    assert_eq!(bi.entries().len(), 2);
}

// ---------------------------------------------------------------------------
// LLVM as the oracle: bytes written by LLVM 19.

/// `f.bc` from `llvm-as-19` of
/// `define i32 @f(i32 %a) { %b = add i32 %a, 1  ret i32 %b }`
/// (identification, module with BLOCKINFO, types, metadata kinds, operand
/// bundle tags, sync scopes, a function with constants and a value symbol
/// table, module VST, STRTAB with a blob).
const LLVM19_F_BC: &[&str] = &[
    "4243c0de3514000005000000620c30244a59be66ddfbb5bf0b51804c01000000210c00003e010000",
    "0b02210002000000190000000781239141c80449061032399201840c250508191e048b62800c4502",
    "42920b42641032143808184b0a3232884870c421234412878c1041920264c808b1142043468820c9",
    "01323284580e9091214490a182a20219c307cb1519328c8c25101d3a74c80000892000000a000000",
    "22660410b24282c910524282c99071c250480a092643c605423226080a9a23008322240301230000",
    "1a210c4914feb20ca980400000000000000000000000000800890d024585020000623100c3000000",
    "3308801cc4e11c6614013d88433884c38c4280077978077398710ce6000fed100ef4800e330c421e",
    "c2c11dcea11c6630053d88433884831bcc033dc8433d8c033dcc788c7470077b0807794887707007",
    "7a700376788770208719cc110eec900ee1300f6e300fe3f00ef0500e3310c41dde211cd8211dc261",
    "1e6630893bbc833bd04339b4033cbc833c84033bccf0147660077b68073768877268073780877090",
    "8770600776280776f8057678877780875f08877118877298877998812ceef00eeee00ef5c00eec30",
    "0362c8a11ce4a11ccca11ce4a11cdc611cca211cc4811dca6106d6904339c84339984339c84339b8",
    "c33894433888033b94c32fbc833cfc823bd4033bb0c30cc769877058877270837468077860877418",
    "8774a08719ce530fee000ff2500ee4900ee3400fe1200eec500e3320281ddcc11ec2411ed2211cdc",
    "811edce01ce4e11dea011e66185138b0433a9c833bcc50247660077b68073760877778077898514c",
    "f4900ff0500e331e6a1eca611ce8211ddec11d7e011ee4a11ccc211df0610654858338ccc33bb043",
    "3dd04339fcc23ce4433b88c33bb0c38cc50a877998877718877408077a28077298815ce3100eecc0",
    "0ee5500ef33023c1d2411ee4e117d8e11dde011e6648193bb0833db4831b84c3388c4339ccc33cb8",
    "c139c8c33bd4033ccc48b471080776600771088771588719dbc60eec600fede006f0200fe5300fe5",
    "200ff6500e6e100ee3300ee5300ff3e006e9e00ee4500ef83023e2ec611cc2811dd8e117ec211de6",
    "211dc4211dd8211de8211f66209d3bbc433db80339948339cc58bc7070077778077a08077a488777",
    "708719cbe70eef300fe1e00ee9400fe9a00fe530c3010373a8077718875f988770708774a08774d0",
    "87729881844139e0c338b0433d904339cc40c4a01dcaa11de0411edec11c662463300ee1c00eec30",
    "0fe9400fe5304321837518077348875fa0877c80877298b194013c8cc33c94c338d0433abc833bcc",
    "c38cc50c48211542611ee6211dcec11d528114664c67300eef200fefe006ef500ff4300fe9400ee5",
    "e006e6200fe1d00ee530a3408376680779080700a91800002d0000000b0a7228877780077a587098",
    "433db8c338b04339d0c382e61cc6a10de8411ec2c11de6211de8211ddec11d1634e3600ee7500fe1",
    "200fe4400fe1200fe7500ef4b08081077928877060077678877108077a28077258709cc338b4013b",
    "a4833d94c3026b1cd8211cdce11cdc201ce4611cdc201ce8811ec2611cd0a11cc8611cc2811dd861",
    "c1010ff4200fe1500ff4800e0b8875180773488705cf38bc833bd84339c8c33994833b8c43398c03",
    "3dc8033b00000000d11000000600000007cc3ca4833b9c033b94033da0833c94433890c301000000",
    "612000000a0000001304412c1000000001000000941200002704c041381000000200000036100416",
    "10000000000000007120000003000000320e10228400b60200000000000000005d0c000005000000",
    "1203940b6631392e312e37662e6c6c0000000000",
];

fn llvm19_f_bc() -> Vec<u8> {
    let hex: String = LLVM19_F_BC.concat();
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect()
}

#[test]
fn identification_block_matches_llvm19() {
    // The first 32 bytes of every .bc clang-19 / llvm-as-19 writes.
    let mut w = BitstreamWriter::new();
    w.emit_magic(*b"BC\xC0\xDE");
    w.enter_block(13, 5);
    let string = w
        .define_abbrev(Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Array, AbbrevOp::Char6]))
        .unwrap();
    assert_eq!(string, 4);
    w.emit_record(1, &b"LLVM19.1.7".map(u64::from), Some(string)).unwrap();
    let epoch = w.define_abbrev(Abbrev::new([AbbrevOp::Literal(2), AbbrevOp::Vbr(6)])).unwrap();
    assert_eq!(epoch, 5);
    w.emit_record(2, &[0], Some(epoch)).unwrap();
    w.exit_block().unwrap();
    let bytes = w.finish();
    assert_eq!(bytes, llvm19_f_bc()[..32]);
}

/// Reads `data` (after its magic) and writes every entry again through
/// `BitstreamWriter`, as a bitstream copier would.
fn reencode(data: &[u8]) -> Vec<u8> {
    let mut w = BitstreamWriter::new();
    w.emit_magic(data[..4].try_into().unwrap());
    let mut r = BitstreamReader::new(&data[4..]);
    let mut ops = Vec::new();
    let mut bid = None;
    while let Some(e) = r.advance().unwrap() {
        match e {
            Entry::SubBlock { .. } => {
                let h = r.enter_block().unwrap();
                w.enter_block(h.block_id, h.abbrev_width);
            }
            Entry::EndBlock => w.exit_block().unwrap(),
            Entry::DefineAbbrev => {
                let a = if r.block_id() == Some(BLOCKINFO_BLOCK_ID) {
                    let b = bid.unwrap();
                    let n = r.block_info().entry(b).unwrap().num_abbrevs();
                    Abbrev::new(r.block_info().abbrev(b, n - 1).unwrap().iter().copied())
                } else {
                    Abbrev::new(r.abbrev(3 + r.num_abbrevs() as u32).unwrap().iter().copied())
                };
                w.define_abbrev(a).unwrap();
            }
            Entry::Record(id) => {
                let rec = r.read_record(id, &mut ops).unwrap();
                if r.block_id() == Some(BLOCKINFO_BLOCK_ID) && rec.code == SETBID {
                    bid = Some(ops[0] as u32);
                }
                let abbrev = (id != 3).then_some(id);
                match rec.blob {
                    Some(b) => w.emit_record_with_blob(rec.code, &ops, b, abbrev).unwrap(),
                    None => w.emit_record(rec.code, &ops, abbrev).unwrap(),
                }
            }
        }
    }
    w.finish()
}

#[test]
fn reencoding_llvm19_bitcode_is_byte_identical() {
    let bc = llvm19_f_bc();
    assert_eq!(bc.len(), 1340);
    assert_eq!(reencode(&bc), bc);
}

#[test]
fn llvm19_bitcode_structure() {
    // What llvm-bcanalyzer-19 -dump says about f.bc.
    let bc = llvm19_f_bc();
    let mut r = BitstreamReader::new(&bc[4..]);
    let mut ops = Vec::new();
    let mut blocks = Vec::new();
    let mut strtab = None;
    let mut fn_records = Vec::new();
    while let Some(e) = r.advance().unwrap() {
        match e {
            Entry::SubBlock { .. } => {
                let h = r.enter_block().unwrap();
                blocks.push((r.depth(), h.block_id, h.length_words, h.abbrev_width));
            }
            Entry::Record(id) => {
                let rec = r.read_record(id, &mut ops).unwrap();
                if r.block_id() == Some(23) {
                    strtab = rec.blob.map(<[u8]>::to_vec);
                    assert_eq!(id, 4);
                }
                if r.block_id() == Some(12) {
                    fn_records.push((id, rec.code, ops.clone()));
                }
            }
            _ => {}
        }
    }
    assert_eq!(
        blocks,
        [
            (1, 13, 5, 5),   // IDENTIFICATION_BLOCK_ID NumWords=5 BlockCodeSize=5
            (1, 8, 318, 3),  // MODULE_BLOCK NumWords=318 BlockCodeSize=3
            (2, 0, 25, 2),   // BLOCKINFO_BLOCK (Total Size 864b: 32 + 32 + 25 words)
            (2, 17, 10, 4),  // TYPE_BLOCK_ID
            (2, 22, 195, 3), // METADATA_KIND_BLOCK
            (2, 21, 45, 3),  // OPERAND_BUNDLE_TAGS_BLOCK
            (2, 26, 6, 2),   // SYNC_SCOPE_NAMES_BLOCK
            (2, 12, 10, 4),  // FUNCTION_BLOCK
            (3, 11, 1, 4),   // CONSTANTS_BLOCK
            (3, 14, 2, 4),   // VALUE_SYMTAB
            (2, 14, 3, 4),   // VALUE_SYMTAB
            (1, 23, 5, 3),   // STRTAB_BLOCK
        ]
    );
    assert_eq!(strtab.as_deref(), Some(&b"f19.1.7f.ll"[..]));
    // <DECLAREBLOCKS op0=1/> <INST_BINOP abbrevid=7 op0=2 op1=1 op2=0/>
    // <INST_RET abbrevid=12 op0=1/>
    assert_eq!(fn_records, [(3, 1, vec![1]), (7, 2, vec![2, 1, 0]), (12, 10, vec![1])]);
    // BLOCKINFO has 20 abbreviations for three block IDs.
    let total: usize = r.block_info().entries().map(|e| e.num_abbrevs()).sum();
    assert_eq!(total, 20);
}

// ---------------------------------------------------------------------------
// Writer bugs found while writing these tests (fixed; kept as regressions).

/// `emit_record_with_blob` with an abbreviation that has no blob operand
/// must not drop the blob silently (LLVM asserts "Blob data specified for
/// record that doesn't use it!").
#[test]
fn blob_with_non_blob_abbrev_is_an_error() {
    let a = Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Vbr(6)]);
    let (w, ids) = writer_with_abbrevs(&[a]);
    assert_misuse(&w, ErrorKind::RecordDoesNotMatchAbbrev, |w| {
        w.emit_record_with_blob(1, &[5], b"lost bytes", Some(ids[0]))
    });
}

/// An abbreviation ID that does not fit the block's abbreviation width is
/// refused, not written truncated (LLVM asserts "High bits set!"): with
/// 2-bit IDs, ID 4 would be written as 0 = END_BLOCK.
#[test]
fn abbrev_id_wider_than_width_is_refused() {
    let a = Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Fixed(8)]);
    for (width, defined) in [(2u32, 1usize), (3, 5), (5, 29)] {
        let mut w = BitstreamWriter::new();
        w.enter_block(8, width);
        let ids: Vec<u32> = (0..defined).map(|_| w.define_abbrev(a.clone()).unwrap()).collect();
        let last = *ids.last().unwrap();
        assert_eq!(last, 3 + defined as u32);
        assert!(last >> width != 0);
        assert_misuse(&w, ErrorKind::AbbrevIdTooWide { id: last, width }, |w| {
            w.emit_record(1, &[0xAB], Some(last))
        });
        // The largest ID that fits is written.
        let fits = (1u32 << width) - 1;
        if fits >= 4 {
            let mut ok = w.clone();
            ok.emit_record(1, &[0xAB], Some(fits)).unwrap();
        }
    }
}

/// `Vbr(1)` is a valid operand for `Abbrev::validate` and for LLVM (it can
/// only encode 0); emitting a record through it must not panic.
#[test]
fn vbr1_operand_does_not_panic() {
    let a = Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Vbr(1)]);
    let (mut w, ids) = writer_with_abbrevs(std::slice::from_ref(&a));
    let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let zero = w.clone().emit_record(1, &[0], Some(ids[0]));
        let one = w.clone().emit_record(1, &[1], Some(ids[0]));
        (zero, one)
    }));
    let (zero, one) = res.expect("emit_record must not panic on Vbr(1)");
    // 0 is representable (one 0 bit, as LLVM writes it); 1 is not.
    zero.unwrap();
    assert!(one.is_err());
    w.emit_record(1, &[0], Some(ids[0])).unwrap();
    w.exit_block().unwrap();
    let bytes = w.finish();
    let mut r = BitstreamReader::new(&bytes[4..]);
    let mut ops = Vec::new();
    r.advance().unwrap();
    r.enter_block().unwrap();
    loop {
        match r.advance().unwrap().unwrap() {
            Entry::Record(4) => {
                r.read_record(4, &mut ops).unwrap();
                assert_eq!(ops, [0]);
                break;
            }
            Entry::Record(id) => drop(r.read_record(id, &mut ops).unwrap()),
            _ => {}
        }
    }
}
