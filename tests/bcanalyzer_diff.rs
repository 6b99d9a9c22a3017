//! Differential tests of `llvmext_core::bitstream` against
//! `llvm-bcanalyzer-19` (Debian package `llvm-19`):
//!
//! - the reader walks every file of the bitcode corpus (clang-19, rustc /
//!   LLVM 22, llvm-as-19, llvm-cat-19, a wrapped file) and must count
//!   exactly what the analyzer's per-block summary reports — instances,
//!   sub-blocks, abbreviations, records, sizes in bits, and the per-code
//!   record histogram;
//! - streams written by `BitstreamWriter` (nested blocks, `BLOCKINFO`
//!   abbreviations and names, local abbreviations, arrays, blobs, literals,
//!   64-bit VBR values) must dump, under the analyzer, to exactly the
//!   structure that was written, and read back identically with
//!   `BitstreamReader`.

mod support;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use llvmext_core::bitstream::{
    Abbrev, AbbrevOp, BitstreamReader, BitstreamWriter, BlockHeader, Entry, BLOCKINFO_BLOCK_ID,
};
use llvmext_core::magic;
use support::analyzer::{self, DumpBlob, DumpNode, DumpRecord};
use support::cache::{corpus_dir, ScratchDir};
use support::stats::{self, StreamStats};
use support::{corpus, CorpusFile, Producer};

// ---------------------------------------------------------------------------
// The corpus against the analyzer's summary.
// ---------------------------------------------------------------------------

struct Checked {
    name: String,
    size: u64,
    blocks: u64,
    records: u64,
    depth: usize,
    ours: Duration,
    theirs: Duration,
    problems: Vec<String>,
}

fn check_file(f: &CorpusFile) -> Checked {
    let bytes = f.read();
    let t0 = Instant::now();
    let walked = stats::walk(&bytes);
    let ours = t0.elapsed();
    let t1 = Instant::now();
    let summary = analyzer::summary(&f.path);
    let theirs = t1.elapsed();
    let mut problems = Vec::new();
    let mut blocks = 0;
    let mut records = 0;
    let mut depth = 0;
    match (&walked, &summary) {
        (Err(e), _) => problems.push(format!("llvmext reader failed: {e}")),
        (_, Err(e)) => problems.push(format!("llvm-bcanalyzer-19 failed: {e}")),
        (Ok(w), Ok(s)) => {
            problems.extend(analyzer::compare(w, s));
            problems.extend(corpus_expectations(f, &bytes, w));
            blocks = w.blocks.values().map(|b| b.instances).sum();
            records = w.total_records;
            depth = w.max_depth;
        }
    }
    Checked { name: f.name.clone(), size: f.size(), blocks, records, depth, ours, theirs, problems }
}

/// The IDENTIFICATION block's producer string of each module.
fn producers(bytes: &[u8]) -> Vec<String> {
    let stream = magic::strip_wrapper(bytes).unwrap();
    let mut r = BitstreamReader::new(&stream[4..]);
    let mut ops = Vec::new();
    let mut found = Vec::new();
    while let Some(e) = r.advance().unwrap() {
        if e == (Entry::SubBlock { block_id: 13 }) {
            r.enter_block().unwrap();
            while let Some(e) = r.advance().unwrap() {
                match e {
                    Entry::Record(id) => {
                        let code = r.read_record(id, &mut ops).unwrap().code;
                        if code == 1 {
                            found.push(ops.iter().map(|&c| c as u8 as char).collect());
                        }
                    }
                    Entry::EndBlock => break,
                    _ => {}
                }
            }
        }
    }
    found
}

/// What each kind of corpus file must look like, beyond agreeing with the
/// analyzer (so a corpus that silently degrades is noticed).
fn corpus_expectations(f: &CorpusFile, bytes: &[u8], w: &StreamStats) -> Vec<String> {
    let mut problems = Vec::new();
    let mut expect = |ok: bool, what: String| {
        if !ok {
            problems.push(what);
        }
    };
    expect(
        magic::identify(bytes)
            == if f.wrapped { magic::StreamKind::Wrapper } else { magic::StreamKind::LlvmIr },
        format!("unexpected magic {:02x?}", &bytes[..4.min(bytes.len())]),
    );
    let modules = w.blocks.get(&8).map_or(0, |b| b.instances);
    expect(modules == f.modules as u64, format!("{modules} MODULE blocks, expected {}", f.modules));
    let prods = producers(bytes);
    let want = f.producer.llvm_prefix();
    let want = want.as_str();
    expect(
        prods.len() == f.modules && prods.iter().all(|p| p.starts_with(want)),
        format!("producer strings {prods:?}, expected {} starting with {want}", f.modules),
    );
    // Debug info shows up as a large METADATA block; check -g took effect
    // via the presence of metadata records with DI codes (COMPILE_UNIT = 20).
    let has_cu = w.blocks.get(&15).is_some_and(|b| b.codes.contains_key(&20));
    expect(
        has_cu == f.debug_info,
        format!("DICompileUnit present: {has_cu}, debug_info: {}", f.debug_info),
    );
    problems
}

#[test]
fn corpus_matches_bcanalyzer_summary() {
    let t = Instant::now();
    let files = corpus();
    let built = t.elapsed();
    assert!(files.len() >= 70, "corpus has only {} files", files.len());

    let queue = Mutex::new(files.iter());
    let results = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let Some(f) = queue.lock().unwrap().next() else { break };
                let c = check_file(f);
                results.lock().unwrap().push(c);
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by(|a, b| a.name.cmp(&b.name));

    let mut table = format!(
        "corpus ready in {built:.1?}; {} files in {}\n{:<32} {:>10} {:>7} {:>9} {:>5} {:>9} {:>9}\n",
        files.len(),
        corpus_dir().display(),
        "file",
        "bytes",
        "blocks",
        "records",
        "depth",
        "llvmext",
        "analyzer"
    );
    for r in &results {
        let _ = writeln!(
            table,
            "{:<32} {:>10} {:>7} {:>9} {:>5} {:>9.1?} {:>9.1?}",
            r.name, r.size, r.blocks, r.records, r.depth, r.ours, r.theirs
        );
    }
    println!("{table}");

    let failures: Vec<String> = results
        .iter()
        .filter(|r| !r.problems.is_empty())
        .map(|r| {
            let path =
                files.iter().find(|f| f.name == r.name).map(|f| f.path.display().to_string());
            format!("{} ({}):\n    {}", r.name, path.unwrap_or_default(), r.problems.join("\n    "))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} corpus files disagree with llvm-bcanalyzer-19:\n{}",
        failures.len(),
        results.len(),
        failures.join("\n")
    );
}

#[test]
fn corpus_has_every_producer_and_shape() {
    let files = corpus();
    let count = |p: &dyn Fn(&CorpusFile) -> bool| files.iter().filter(|f| p(f)).count();
    assert!(count(&|f| f.producer == Producer::Clang19 && !f.wrapped) >= 60);
    assert!(count(&|f| f.producer == Producer::Rustc) >= 8);
    assert_eq!(count(&|f| f.producer == Producer::LlvmAs19), 1);
    assert_eq!(count(&|f| f.producer == Producer::LlvmCat19 && f.modules == 2), 1);
    assert_eq!(count(&|f| f.wrapped), 1);
    for (opt, g) in [(0, false), (0, true), (2, false), (2, true)] {
        let name = format!("sqlite3.O{opt}{}", if g { ".g" } else { "" });
        let f = files.iter().find(|f| f.name == name).unwrap_or_else(|| panic!("no {name}"));
        assert!(f.size() > 1_000_000, "{name} is only {} bytes", f.size());
    }
    let big = support::largest_with_debug();
    let sqlite = files.iter().find(|f| f.name == "sqlite3.O2.g").unwrap();
    assert_eq!(big, sqlite.path);
}

// ---------------------------------------------------------------------------
// Streams written by BitstreamWriter against the analyzer's dump.
// ---------------------------------------------------------------------------

/// What was written, as the analyzer should show it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    Block {
        id: u32,
        width: u32,
        /// Name the analyzer prints (from `BLOCKINFO`), if any.
        name: Option<String>,
        /// Length in words, computed from the writer's positions.
        num_words: u64,
        /// Byte offset (in the stream, magic included) of the length word.
        length_at: usize,
        children: Vec<Node>,
    },
    Record {
        code: u32,
        name: Option<String>,
        abbrev: Option<u32>,
        ops: Vec<u64>,
        blob: Option<Vec<u8>>,
        /// Index in `ops` where an abbreviation's array starts.
        array_at: Option<usize>,
    },
}

#[derive(Default, Clone)]
struct InfoModel {
    names: BTreeMap<u32, String>,
    record_names: BTreeMap<u32, Vec<(u32, String)>>,
    abbrevs: BTreeMap<u32, Vec<Abbrev>>,
    cur: Option<u32>,
}

struct OpenBlock {
    id: u32,
    width: u32,
    name: Option<String>,
    body_bit: u64,
    children: Vec<Node>,
    abbrevs: Vec<Abbrev>,
}

/// Drives a `BitstreamWriter` and records what each call should produce,
/// modelling `BLOCKINFO` the way LLVM's analyzer reads it (a new
/// `BLOCKINFO` replaces the old; the first `SETRECORDNAME` for a code wins;
/// empty `BLOCKNAME`s and IDs below 8 are unnamed).
struct Recorder {
    w: BitstreamWriter,
    stack: Vec<OpenBlock>,
    top: Vec<Node>,
    info: InfoModel,
}

fn chars(s: &str) -> Vec<u64> {
    s.bytes().map(u64::from).collect()
}

impl Recorder {
    fn new(magic: [u8; 4]) -> Self {
        let mut w = BitstreamWriter::new();
        w.emit_magic(magic);
        Recorder { w, stack: Vec::new(), top: Vec::new(), info: InfoModel::default() }
    }

    fn children(&mut self) -> &mut Vec<Node> {
        match self.stack.last_mut() {
            Some(b) => &mut b.children,
            None => &mut self.top,
        }
    }

    fn in_blockinfo(&self) -> bool {
        self.stack.last().is_some_and(|b| b.id == BLOCKINFO_BLOCK_ID)
    }

    fn block_name(&self, id: u32) -> Option<String> {
        match id {
            0 => Some("BLOCKINFO_BLOCK".into()),
            1..=7 => None,
            _ => self.info.names.get(&id).filter(|n| !n.is_empty()).cloned(),
        }
    }

    fn record_name(&self, block: u32, code: u32) -> Option<String> {
        match block {
            0 => ["SETBID", "BLOCKNAME", "SETRECORDNAME"]
                .get(code.wrapping_sub(1) as usize)
                .map(|s| s.to_string()),
            1..=7 => None,
            _ => self
                .info
                .record_names
                .get(&block)?
                .iter()
                .find(|(c, _)| *c == code)
                .map(|(_, n)| n.clone()),
        }
    }

    fn enter(&mut self, id: u32, width: u32) {
        self.w.enter_block(id, width);
        if id == BLOCKINFO_BLOCK_ID {
            self.info = InfoModel::default();
        }
        let abbrevs = self.info.abbrevs.get(&id).cloned().unwrap_or_default();
        self.stack.push(OpenBlock {
            id,
            width,
            name: self.block_name(id),
            body_bit: self.w.bit_position(),
            children: Vec::new(),
            abbrevs,
        });
    }

    fn exit(&mut self) {
        self.w.exit_block().unwrap();
        let b = self.stack.pop().expect("open block");
        let end = self.w.bit_position();
        assert_eq!(end % 32, 0, "exit_block did not align");
        let node = Node::Block {
            id: b.id,
            width: b.width,
            // The analyzer shows BLOCKINFO's name as known after reading it.
            name: if b.id == 0 { Some("BLOCKINFO_BLOCK".into()) } else { b.name },
            num_words: (end - b.body_bit) / 32,
            length_at: (b.body_bit / 8) as usize - 4,
            children: b.children,
        };
        self.children().push(node);
    }

    /// A local abbreviation; checks the ID the writer hands out.
    fn abbrev(&mut self, ops: &[AbbrevOp]) -> u32 {
        assert!(!self.in_blockinfo());
        let a = Abbrev::new(ops.iter().copied());
        let id = self.w.define_abbrev(a.clone()).unwrap();
        let b = self.stack.last_mut().expect("open block");
        b.abbrevs.push(a);
        assert_eq!(id as usize, 3 + b.abbrevs.len(), "abbreviation ID from define_abbrev");
        id
    }

    /// An abbreviation registered in `BLOCKINFO` for `block`.
    fn info_abbrev(&mut self, block: u32, ops: &[AbbrevOp]) -> u32 {
        assert!(self.in_blockinfo());
        if self.info.cur != Some(block) {
            // define_blockinfo_abbrev writes the SETBID itself.
            self.info.cur = Some(block);
            let name = self.record_name(0, 1);
            self.children().push(Node::Record {
                code: 1,
                name,
                abbrev: None,
                ops: vec![block.into()],
                blob: None,
                array_at: None,
            });
        }
        let a = Abbrev::new(ops.iter().copied());
        let id = self.w.define_blockinfo_abbrev(block, a.clone()).unwrap();
        let list = self.info.abbrevs.entry(block).or_default();
        list.push(a);
        assert_eq!(id as usize, 3 + list.len(), "abbreviation ID from define_blockinfo_abbrev");
        id
    }

    fn current_abbrev(&self, id: u32) -> Abbrev {
        self.stack.last().unwrap().abbrevs[id as usize - 4].clone()
    }

    /// A record; `blob` goes through `emit_record_with_blob`.
    fn record(&mut self, code: u32, ops: &[u64], blob: Option<&[u8]>, abbrev: Option<u32>) {
        match blob {
            Some(b) => self.w.emit_record_with_blob(code, ops, b, abbrev).unwrap(),
            None => self.w.emit_record(code, ops, abbrev).unwrap(),
        }
        let block = self.stack.last().expect("open block").id;
        let mut ops = ops.to_vec();
        let mut blob = blob.map(<[u8]>::to_vec);
        let mut array_at = None;
        if let Some(id) = abbrev {
            let a = self.current_abbrev(id);
            let aops = a.ops();
            if let Some(i) = aops.iter().position(|o| *o == AbbrevOp::Array) {
                array_at = Some(i - 1);
            }
            if aops.last() == Some(&AbbrevOp::Blob) && blob.is_none() {
                // The blob's bytes were passed as the trailing operands.
                let scalars = aops.len() - 2;
                blob = Some(ops.split_off(scalars).into_iter().map(|v| v as u8).collect());
            }
        }
        if block == BLOCKINFO_BLOCK_ID {
            let text = |v: &[u64]| v.iter().map(|&c| c as u8 as char).collect::<String>();
            match code {
                1 => self.info.cur = Some(ops[0] as u32),
                2 => {
                    let cur = self.info.cur.unwrap();
                    self.info.names.insert(cur, text(&ops));
                }
                3 => {
                    let cur = self.info.cur.unwrap();
                    self.info
                        .record_names
                        .entry(cur)
                        .or_default()
                        .push((ops[0] as u32, text(&ops[1..])));
                }
                _ => {}
            }
        }
        let name = self.record_name(block, code);
        self.children().push(Node::Record { code, name, abbrev, ops, blob, array_at });
    }

    fn finish(self) -> (Vec<u8>, Vec<Node>) {
        assert!(self.stack.is_empty());
        (self.w.finish(), self.top)
    }
}

fn is_print(b: u8) -> bool {
    (0x20..0x7f).contains(&b)
}

#[derive(Clone, Copy)]
struct DumpOpts {
    escaped_blobs: bool,
    dump_blockinfo: bool,
    non_symbolic: bool,
}

impl DumpOpts {
    fn flags(&self) -> Vec<&'static str> {
        let mut f = Vec::new();
        if self.escaped_blobs {
            f.push("--show-binary-blobs");
        }
        if self.dump_blockinfo {
            f.push("--dump-blockinfo");
        }
        if self.non_symbolic {
            f.push("--non-symbolic");
        }
        f
    }
}

/// The dump the analyzer must print for what was written.
fn expected_dump(nodes: &[Node], o: DumpOpts) -> Vec<DumpNode> {
    let mut out = Vec::new();
    for n in nodes {
        match n {
            Node::Block { id: 0, .. } if !o.dump_blockinfo => out.push(DumpNode::BlockInfoElided),
            Node::Block { id, width, name, num_words, children, .. } => out.push(DumpNode::Block {
                name: name.clone().unwrap_or_else(|| format!("UnknownBlock{id}")),
                block_id: (o.non_symbolic && name.is_some()).then_some(*id),
                num_words: *num_words,
                code_size: *width,
                children: expected_dump(children, o),
            }),
            Node::Record { code, name, abbrev, ops, blob, array_at } => {
                let string = array_at.and_then(|i| {
                    let arr = &ops[i..];
                    arr.iter()
                        .all(|&c| is_print(c as u8))
                        .then(|| arr.iter().map(|&c| c as u8 as char).collect())
                });
                let blob = blob.as_ref().map(|b| {
                    if o.escaped_blobs || b.iter().copied().all(is_print) {
                        DumpBlob::Bytes(b.clone())
                    } else {
                        DumpBlob::Unprintable(b.len())
                    }
                });
                out.push(DumpNode::Record(DumpRecord {
                    name: name.clone().unwrap_or_else(|| format!("UnknownCode{code}")),
                    code_id: (o.non_symbolic && name.is_some()).then_some(*code),
                    abbrev_id: *abbrev,
                    ops: ops.iter().map(|&v| v as i64).collect(),
                    string,
                    blob,
                    extra: String::new(),
                }))
            }
        }
    }
    out
}

/// The writer stream exercised by the tests: 5-deep nesting, two
/// `BLOCKINFO` blocks, names, abbreviations of every operand kind.
fn sample_stream(magic: [u8; 4]) -> (Vec<u8>, Vec<Node>) {
    use AbbrevOp::*;
    let mut r = Recorder::new(magic);

    // BLOCKINFO #1: abbreviations and names for blocks 100..=103.
    r.enter(BLOCKINFO_BLOCK_ID, 2);
    let ident = r.info_abbrev(101, &[Literal(5), Array, Char6]);
    r.record(2, &chars("inner"), None, None);
    for (code, name) in [(5, "ident"), (6, "pair"), (7, "wide"), (8, "bytes")] {
        r.record(3, &[&[code][..], &chars(name)].concat(), None, None);
    }
    let blob_abbrev = r.info_abbrev(102, &[Fixed(6), Vbr(6), Blob]);
    r.record(2, &chars("blobs"), None, None);
    r.record(3, &[&[1][..], &chars("blob")].concat(), None, None);
    // Back to 101 (a second SETBID): IDs continue at 5; LLVM shows the first
    // name given to a code.
    let pair =
        r.info_abbrev(101, &[Literal(6), Vbr(8), Fixed(3), Literal(1_000_000), Fixed(0), Vbr(0)]);
    r.record(3, &[&[6][..], &chars("pair_renamed")].concat(), None, None);
    r.record(1, &[100], None, None);
    r.record(2, &chars("outer"), None, None);
    r.record(3, &[&[7][..], &chars("big")].concat(), None, None);
    r.record(1, &[103], None, None);
    r.record(2, &[], None, None); // empty BLOCKNAME: stays unnamed
    r.exit();
    assert_eq!((ident, blob_abbrev, pair), (4, 4, 5));

    r.enter(100, 3);
    let mut many: Vec<u64> = vec![
        0,
        1,
        31,
        32,
        63,
        64,
        (1 << 32) - 1,
        1 << 32,
        1 << 40,
        u64::MAX,
        1 << 63,
        i64::MAX as u64,
        12_345_678_901_234_567_890,
    ];
    many.extend((0..70u64).map(|i| i * i * 977));
    r.record(7, &many, None, None);
    r.record(9, &[], None, None);
    r.record(5000, &[1, 2], None, None);
    let vbr_array = r.abbrev(&[Fixed(5), Vbr(6), Array, Vbr(6)]);
    r.record(20, &[7, 1 << 35, 0, 99_999_999_999, u64::MAX], None, Some(vbr_array));
    let fixed_array =
        r.abbrev(&[Literal(21), Fixed(32), Fixed(1), Fixed(0), Vbr(0), Array, Fixed(8)]);
    r.record(
        21,
        &[&[0xFFFF_FFFF, 1, 0, 0][..], &chars("hello, world")].concat(),
        None,
        Some(fixed_array),
    );
    r.record(21, &[5, 0, 0, 0, 104, 0, 255], None, Some(fixed_array)); // unprintable array
    let char6 = r.abbrev(&[Fixed(7), Array, Char6]);
    r.record(22, &chars("Hello_World.0123456789"), None, Some(char6));
    r.record(22, &[], None, Some(char6)); // empty array

    r.enter(101, 4);
    r.record(5, &chars("abc_XYZ.09"), None, Some(ident));
    r.record(6, &[300, 5, 1_000_000, 0, 0], None, Some(pair));
    r.record(8, &[1, 2, 3], None, None);
    let wide = r.abbrev(&[Vbr(4), Vbr(32), Fixed(32), Vbr(2)]);
    assert_eq!(wide, 6, "local abbreviations follow BLOCKINFO's");
    r.record(7, &[u64::MAX, 0xDEAD_BEEF, 3], None, Some(wide));
    r.record(7, &[1 << 62, 0, 1], None, Some(wide));

    r.enter(102, 5);
    let mut all_bytes: Vec<u8> = (0..=255u8).collect();
    all_bytes.rotate_left(7);
    let long: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
    let blobs: [&[u8]; 10] = [
        b"",
        b"x",
        b"abc",
        b"abcd",
        b"abcde",
        &long,
        &all_bytes,
        b"plain text, with spaces & punctuation: a\\b 'q'",
        b"tab\there\nnewline \"quoted\"",
        b"\x00\x01\x02",
    ];
    for (i, b) in blobs.iter().enumerate() {
        r.record(1, &[i as u64 * 1000], Some(b), Some(blob_abbrev));
    }
    let ops_blob = r.abbrev(&[Literal(2), Blob]);
    r.record(2, &[104, 105, 0], None, Some(ops_blob)); // blob bytes as operands

    r.enter(103, 2);
    r.record(1, &[42], None, None);
    r.enter(104, 32);
    let a32 = r.abbrev(&[Fixed(32), Fixed(32), Vbr(32)]);
    r.record(65535, &[0x8000_0000, u64::MAX >> 1], None, Some(a32));
    r.record(3, &[], None, None);
    r.exit(); // 104
    r.enter(105, 6);
    r.exit(); // 105, empty
    r.exit(); // 103
    r.exit(); // 102
    r.exit(); // 101

    r.enter(101, 5);
    r.record(5, &chars("second"), None, Some(ident));
    let local = r.abbrev(&[Fixed(4), Array, Fixed(7)]);
    assert_eq!(local, 6, "local abbreviation IDs restart in each block");
    r.record(9, &[127, 0, 64], None, Some(local));
    r.exit(); // 101
    r.exit(); // 100

    // BLOCKINFO #2 replaces the first: new names and abbreviations.
    r.enter(BLOCKINFO_BLOCK_ID, 2);
    r.record(1, &[101], None, None);
    r.record(2, &chars("inner2"), None, None);
    r.record(3, &[&[5][..], &chars("ident2")].concat(), None, None);
    let a = r.info_abbrev(101, &[Literal(9), Fixed(16)]);
    assert_eq!(a, 4);
    r.exit();

    r.enter(101, 3);
    r.record(9, &[65535], None, Some(a));
    r.record(5, &[1], None, None);
    r.record(6, &[2], None, None); // its name was in the replaced BLOCKINFO
    r.exit();
    r.enter(106, 2);
    r.exit();

    r.finish()
}

/// Runs the analyzer's dump on `bytes` and compares it with `nodes`.
fn assert_dump_matches(bytes: &[u8], nodes: &[Node], opts: DumpOpts) {
    let dir = ScratchDir::new(&corpus_dir(), "writer");
    let path = dir.path().join("stream.bin");
    std::fs::write(&path, bytes).unwrap();
    let (dump, summary) = analyzer::dump(&path, &opts.flags()).unwrap_or_else(|e| panic!("{e}"));
    let expected = expected_dump(nodes, opts);
    if dump != expected {
        // Point at the first differing node before the full trees.
        let flat = |v: &[DumpNode]| format!("{v:#?}");
        let (a, b) = (flat(&dump), flat(&expected));
        let line = a.lines().zip(b.lines()).position(|(x, y)| x != y).unwrap_or(0);
        panic!(
            "llvm-bcanalyzer-19 -dump {:?} differs from what BitstreamWriter wrote, first at \
             line {line}:\n  analyzer: {}\n  expected: {}\n\nanalyzer:\n{a}\nexpected:\n{b}",
            opts.flags(),
            a.lines().nth(line).unwrap_or(""),
            b.lines().nth(line).unwrap_or("")
        );
    }
    // The summary of the same run agrees with our reader's walk.
    let walked = stats::walk(bytes).unwrap();
    let diffs = analyzer::compare(&walked, &summary);
    assert!(diffs.is_empty(), "summary differs:\n{}", diffs.join("\n"));
}

/// Every block's backpatched length word holds the length the writer's
/// positions imply; returns how many blocks were checked.
fn check_length_words(bytes: &[u8], nodes: &[Node]) -> usize {
    let mut n = 0;
    for node in nodes {
        if let Node::Block { num_words, length_at, children, id, .. } = node {
            let word = u32::from_le_bytes(bytes[*length_at..*length_at + 4].try_into().unwrap());
            assert_eq!(
                u64::from(word),
                *num_words,
                "length word of block {id} at byte {length_at}"
            );
            n += 1 + check_length_words(bytes, children);
        }
    }
    n
}

#[test]
fn writer_stream_dumps_as_written() {
    for magic in [*b"LXT0", magic::BITCODE_MAGIC] {
        let (bytes, nodes) = sample_stream(magic);
        assert_eq!(check_length_words(&bytes, &nodes), 11);
        for opts in [
            DumpOpts { escaped_blobs: true, dump_blockinfo: true, non_symbolic: false },
            DumpOpts { escaped_blobs: false, dump_blockinfo: false, non_symbolic: true },
        ] {
            assert_dump_matches(&bytes, &nodes, opts);
        }
    }
}

#[test]
fn writer_stream_summary_names_and_counts() {
    let (bytes, _) = sample_stream(*b"LXT0");
    let dir = ScratchDir::new(&corpus_dir(), "writer");
    let path = dir.path().join("stream.bin");
    std::fs::write(&path, &bytes).unwrap();
    let s = analyzer::summary(&path).unwrap();
    assert_eq!(s.stream_type, "unknown");
    assert_eq!(s.toplevel_blocks, 5);
    assert_eq!(s.file_bits, bytes.len() as u64 * 8);
    let ids: Vec<u32> = s.blocks.keys().copied().collect();
    assert_eq!(ids, [0, 100, 101, 102, 103, 104, 105, 106]);
    // Names come from the last BLOCKINFO.
    let name = |id: u32| s.blocks[&id].name.as_deref();
    assert_eq!(name(0), Some("BLOCKINFO_BLOCK"));
    assert_eq!(name(101), Some("inner2"));
    assert_eq!(name(100), None);
    assert_eq!(name(103), None);
    let b101 = &s.blocks[&101];
    assert_eq!((b101.instances, b101.sub_blocks, b101.abbrevs, b101.records), (3, 1, 2, 10));
    let b0 = &s.blocks[&0];
    assert_eq!((b0.instances, b0.abbrevs, b0.records), (2, 4, 19));
    let hist: Vec<(&str, u64)> =
        s.blocks[&101].histogram.iter().map(|l| (l.name.as_str(), l.count)).collect();
    assert_eq!(
        hist,
        [
            ("ident2", 3),
            ("UnknownCode9", 2),
            ("UnknownCode7", 2),
            ("UnknownCode6", 2),
            ("UnknownCode8", 1)
        ]
    );
    let walked = stats::walk(&bytes).unwrap();
    let diffs = analyzer::compare(&walked, &s);
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

/// The written stream as `BitstreamReader` sees it, in the recorder's terms
/// (names are checked through the analyzer instead).
fn read_back(bytes: &[u8]) -> Vec<Node> {
    let mut r = BitstreamReader::new(&bytes[4..]);
    let mut stack: Vec<(BlockHeader, Vec<Node>)> = Vec::new();
    let mut top = Vec::new();
    let mut ops = Vec::new();
    while let Some(e) = r.advance().unwrap() {
        match e {
            Entry::SubBlock { block_id } => {
                let h = r.enter_block().unwrap();
                assert_eq!(h.block_id, block_id);
                stack.push((h, Vec::new()));
            }
            Entry::EndBlock => {
                let (h, children) = stack.pop().unwrap();
                let node = Node::Block {
                    id: h.block_id,
                    width: h.abbrev_width,
                    name: None,
                    num_words: h.length_words.into(),
                    // Bits count from after the magic and the length word
                    // precedes the body: + 4 - 4 bytes.
                    length_at: (h.body_bit / 8) as usize,
                    children,
                };
                match stack.last_mut() {
                    Some(p) => p.1.push(node),
                    None => top.push(node),
                }
            }
            Entry::DefineAbbrev => {}
            Entry::Record(id) => {
                let array_at = r
                    .abbrev(id)
                    .and_then(|a| a.iter().position(|o| *o == AbbrevOp::Array))
                    .map(|i| i - 1);
                let rec = r.read_record(id, &mut ops).unwrap();
                assert_eq!(rec.abbrev_id, id);
                let node = Node::Record {
                    code: rec.code,
                    name: None,
                    abbrev: (id != 3).then_some(id),
                    ops: ops.clone(),
                    blob: rec.blob.map(<[u8]>::to_vec),
                    array_at,
                };
                stack.last_mut().expect("record inside a block").1.push(node);
            }
        }
    }
    assert!(stack.is_empty() && r.at_end());
    top
}

fn strip_names(nodes: &[Node]) -> Vec<Node> {
    nodes
        .iter()
        .map(|n| match n {
            Node::Block { id, width, num_words, length_at, children, .. } => Node::Block {
                id: *id,
                width: *width,
                name: None,
                num_words: *num_words,
                length_at: *length_at,
                children: strip_names(children),
            },
            Node::Record { code, abbrev, ops, blob, array_at, .. } => Node::Record {
                code: *code,
                name: None,
                abbrev: *abbrev,
                ops: ops.clone(),
                blob: blob.clone(),
                array_at: *array_at,
            },
        })
        .collect()
}

#[test]
fn writer_stream_reads_back_identically() {
    let (bytes, nodes) = sample_stream(*b"LXT0");
    assert_eq!(bytes.len() % 4, 0);
    let back = read_back(&bytes);
    assert_eq!(back, strip_names(&nodes));

    // BLOCKINFO as the reader ends up with it: the second block replaced
    // the first.
    let w = stats::walk(&bytes).unwrap();
    assert_eq!(w.block_name(101), Some("inner2"));
    assert_eq!(w.block_name(102), None);
    assert_eq!(w.record_name(101, 5), Some("ident2"));
    assert_eq!(w.record_name(101, 6), None);
}

/// Writing is deterministic and the writer's output does not depend on the
/// magic beyond its four bytes.
#[test]
fn writer_stream_is_deterministic() {
    let (a, _) = sample_stream(*b"LXT0");
    let (b, _) = sample_stream(*b"LXT0");
    let (c, _) = sample_stream(magic::BITCODE_MAGIC);
    assert_eq!(a, b);
    assert_eq!(a[4..], c[4..]);
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Bit flips in a written stream and in a real module: wherever
/// llvm-bcanalyzer-19 accepts the result, the reader must accept it too and
/// count exactly the same; where the analyzer rejects it, so must the
/// reader. The reader may reject more only through its documented extra
/// checks (a block longer than its container, a VBR value that loses set
/// bits, which LLVM silently truncates).
#[test]
fn mutated_streams_agree_with_bcanalyzer() {
    let (sample, _) = sample_stream(*b"LXT0");
    let interp = support::corpus_file("c/interp.O2").read();
    let dir = ScratchDir::new(&corpus_dir(), "mutants");
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut jobs = Vec::new();
    for (name, orig) in [("writer sample", &sample), ("c/interp.O2", &interp)] {
        for i in 0..60 {
            let mut b = orig.clone();
            let mut flipped = Vec::new();
            for _ in 0..1 + xorshift(&mut seed) % 3 {
                let bit = 32 + xorshift(&mut seed) % (b.len() as u64 * 8 - 32);
                b[(bit / 8) as usize] ^= 1 << (bit % 8);
                flipped.push(bit);
            }
            let path = dir.path().join(format!("{}-{i}.bin", name.replace('/', "_")));
            std::fs::write(&path, &b).unwrap();
            jobs.push((
                format!("{name} with bits {flipped:?} flipped ({})", path.display()),
                b,
                path,
            ));
        }
    }
    let queue = Mutex::new(jobs.iter());
    let problems = Mutex::new(Vec::new());
    let counts = Mutex::new([0usize; 3]);
    std::thread::scope(|s| {
        for _ in 0..std::thread::available_parallelism().map_or(2, |n| n.get()).min(8) {
            s.spawn(|| loop {
                let Some((what, bytes, path)) = queue.lock().unwrap().next() else { break };
                let problem = match (stats::walk(bytes), analyzer::summary(path)) {
                    (Ok(o), Ok(t)) => {
                        counts.lock().unwrap()[0] += 1;
                        let d = analyzer::compare(&o, &t);
                        (!d.is_empty()).then(|| d.join("; "))
                    }
                    (Err(_), Err(_)) => {
                        counts.lock().unwrap()[1] += 1;
                        None
                    }
                    (Err(e), Ok(_)) => {
                        counts.lock().unwrap()[2] += 1;
                        let allowed = matches!(
                            e.kind,
                            Some(llvmext_core::ErrorKind::BlockPastEnd { .. })
                                | Some(llvmext_core::ErrorKind::VbrTooLong { .. })
                        );
                        (!allowed).then(|| format!("llvmext rejects, llvm-bcanalyzer accepts: {e}"))
                    }
                    (Ok(_), Err(e)) => {
                        Some(format!("llvmext accepts, llvm-bcanalyzer rejects: {e}"))
                    }
                };
                if let Some(p) = problem {
                    problems.lock().unwrap().push(format!("{what}:\n    {p}"));
                }
            });
        }
    });
    let [both_ok, both_err, stricter] = counts.into_inner().unwrap();
    println!("{both_ok} accepted by both, {both_err} rejected by both, {stricter} only by llvmext");
    let problems = problems.into_inner().unwrap();
    assert!(problems.is_empty(), "{} mutants disagree:\n{}", problems.len(), problems.join("\n"));
    // The mutants are not all trivially fine or trivially broken.
    assert!(both_ok > 20 && both_err > 10, "{both_ok} accepted, {both_err} rejected");
}

/// LLVM's analyzer names a record after the *first* `SETRECORDNAME` given
/// for its code (`GetCodeName` returns the first match);
/// `BlockInfoEntry::record_name` must do the same.
#[test]
fn core_record_name_agrees_with_llvm_on_duplicates() {
    let mut w = BitstreamWriter::new();
    w.emit_magic(*b"LXT0");
    w.enter_blockinfo_block();
    w.emit_record(1, &[101], None).unwrap();
    w.emit_record(3, &[&[5][..], &chars("first")].concat(), None).unwrap();
    w.emit_record(3, &[&[5][..], &chars("second")].concat(), None).unwrap();
    w.exit_block().unwrap();
    w.enter_block(101, 3);
    w.emit_record(5, &[1], None).unwrap();
    w.exit_block().unwrap();
    let bytes = w.finish();

    let dir = ScratchDir::new(&corpus_dir(), "writer");
    let path = dir.path().join("dup.bin");
    std::fs::write(&path, &bytes).unwrap();
    let (dump, _) = analyzer::dump(&path, &[]).unwrap();
    let Some(DumpNode::Block { children, .. }) = dump.get(1) else { panic!("{dump:?}") };
    let Some(DumpNode::Record(rec)) = children.first() else { panic!("{children:?}") };
    assert_eq!(rec.name, "first", "llvm-bcanalyzer-19");

    let mut r = BitstreamReader::new(&bytes[4..]);
    let mut ops = Vec::new();
    while let Some(e) = r.advance().unwrap() {
        match e {
            Entry::SubBlock { .. } => {
                r.enter_block().unwrap();
            }
            Entry::Record(id) => {
                r.read_record(id, &mut ops).unwrap();
            }
            _ => {}
        }
    }
    let name = r.block_info().entry(101).unwrap().record_name(5);
    assert_eq!(name, Some(&b"first"[..]), "llvmext-core BlockInfoEntry::record_name");
}

/// The harness fails (rather than skips) without its tools, naming the
/// package to install.
#[test]
fn missing_tool_names_the_debian_package() {
    let err = std::panic::catch_unwind(|| support::tool("llvm-nonexistent-tool-19")).unwrap_err();
    let msg = err.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(msg.contains("install Debian package llvm-19"), "{msg}");
    assert!(msg.contains(support::tools::APT_INSTALL), "{msg}");
    let clang = support::tools::debian_package("clang-19");
    assert_eq!(clang, "clang-19");
    assert!(Path::new(&support::tool("llvm-bcanalyzer-19")).is_file());
}
