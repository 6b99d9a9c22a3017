//! `BitstreamReader::next_item` (records decoded in bulk, without checking
//! the end of the input per field) against what was written and against
//! `advance` + `read_record` (every field checked): same records, and on
//! cut or damaged input the same error at the same bit.

use llvmext_core::bitstream::{
    Abbrev, AbbrevOp, BitstreamReader, BitstreamWriter, Entry, Item, Record,
};
use llvmext_core::Error;
use proptest::prelude::*;

/// A value whose VBR6 encoding has `chunks` chunks (1..=13), or one at a
/// chunk boundary, or an extreme.
fn value() -> impl Strategy<Value = u64> {
    prop_oneof![
        // Runs of one-chunk values fill a step with more values than it
        // writes at once.
        3 => 0u64..32,
        4 => (1u32..=13, any::<u64>()).prop_map(|(chunks, r)| {
            let bits = (5 * chunks).min(64);
            let low = if chunks == 1 { 0 } else { 1u64 << (5 * (chunks - 1)) };
            let span = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            low | (r & span)
        }),
        1 => prop::sample::select(vec![
            0,
            31,
            32,
            1023,
            1024,
            (1 << 30) - 1,
            1 << 30,
            u32::MAX as u64,
            (1 << 60) - 1,
            1 << 60,
            u64::MAX - 1,
            u64::MAX,
        ]),
    ]
}

/// A record code (VBR6 up to 32 bits in unabbreviated records).
fn code() -> impl Strategy<Value = u32> {
    prop_oneof![4 => 0u32..64, 1 => any::<u32>()]
}

#[derive(Debug, Clone)]
enum Rec {
    Unabbrev(u32, Vec<u64>),
    /// An abbreviated record: abbreviation index, code, operands, blob.
    Abbrev(usize, u32, Vec<u64>, Option<Vec<u8>>),
}

/// Abbreviations exercising every operand kind; the code is a literal or
/// a field.
fn abbrevs() -> Vec<Abbrev> {
    use AbbrevOp::*;
    vec![
        Abbrev::new([Literal(7), Vbr(6), Vbr(6), Fixed(3)]),
        Abbrev::new([Fixed(5), Vbr(7), Vbr(8), Fixed(1), Vbr(4)]),
        Abbrev::new([Literal(9), Array, Vbr(6)]),
        Abbrev::new([Vbr(6), Fixed(2), Array, Fixed(8)]),
        Abbrev::new([Literal(4), Array, Char6]),
        Abbrev::new([Literal(5), Vbr(3), Blob]),
        Abbrev::new([Literal(6), Vbr(14), Vbr(16), Vbr(32), Fixed(32), Fixed(0), Vbr(0)]),
    ]
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

/// Makes `ops` fit abbreviation `a` (its code and operands).
fn fit(a: &Abbrev, code: u32, vals: &[u64], blob: &[u8]) -> (u32, Vec<u64>, Option<Vec<u8>>) {
    let mut ops = Vec::new();
    let mut it = vals.iter().copied().cycle();
    let mut code = code;
    let scalar = |op: AbbrevOp, v: u64| match op {
        AbbrevOp::Literal(l) => l,
        AbbrevOp::Fixed(w) => v & mask(w.into()),
        AbbrevOp::Vbr(0) => 0,
        AbbrevOp::Vbr(_) => v,
        AbbrevOp::Char6 => u64::from(b"az09._AZ"[(v % 8) as usize]),
        _ => unreachable!(),
    };
    let a_ops = a.ops();
    code = scalar(a_ops[0], code.into()) as u32;
    let mut blob_out = None;
    let mut i = 1;
    while i < a_ops.len() {
        match a_ops[i] {
            AbbrevOp::Array => {
                let n = vals.len();
                for _ in 0..n {
                    ops.push(scalar(a_ops[i + 1], it.next().unwrap_or(1)));
                }
                i += 2;
            }
            AbbrevOp::Blob => {
                blob_out = Some(blob.to_vec());
                i += 1;
            }
            op => {
                ops.push(scalar(op, it.next().unwrap_or(3)));
                i += 1;
            }
        }
    }
    (code, ops, blob_out)
}

fn records() -> impl Strategy<Value = Vec<Rec>> {
    let n = abbrevs().len();
    let rec = prop_oneof![
        3 => (code(), prop::collection::vec(value(), 0..40))
            .prop_map(|(c, ops)| Rec::Unabbrev(c, ops)),
        2 => (0..n, code(), prop::collection::vec(value(), 0..12),
              prop::collection::vec(any::<u8>(), 0..9))
            .prop_map(|(a, c, vals, blob)| {
                let abbrev = &abbrevs()[a];
                let (c, ops, blob) = fit(abbrev, c, &vals, &blob);
                Rec::Abbrev(a, c, ops, blob)
            }),
    ];
    prop::collection::vec(rec, 0..30)
}

/// A stream with the records in one block (abbreviation width `width`).
fn stream(recs: &[Rec], width: u32) -> Vec<u8> {
    let mut w = BitstreamWriter::new();
    w.enter_block(8, width);
    let ids: Vec<u32> = abbrevs().into_iter().map(|a| w.define_abbrev(a).unwrap()).collect();
    for r in recs {
        match r {
            Rec::Unabbrev(c, ops) => w.emit_record(*c, ops, None).unwrap(),
            Rec::Abbrev(a, c, ops, blob) => match blob {
                Some(b) => w.emit_record_with_blob(*c, ops, b, Some(ids[*a])).unwrap(),
                None => w.emit_record(*c, ops, Some(ids[*a])).unwrap(),
            },
        }
    }
    w.exit_block().unwrap();
    w.finish()
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Ev {
    Block(u32),
    End,
    Define,
    Record(u32, u32, Vec<u64>, Option<Vec<u8>>),
}

fn ev(record: Record<'_>, ops: &[u64]) -> Ev {
    Ev::Record(record.abbrev_id, record.code, ops.to_vec(), record.blob.map(<[u8]>::to_vec))
}

fn walk_checked(data: &[u8]) -> (Vec<Ev>, Option<Error>, u64) {
    let mut r = BitstreamReader::new(data);
    let mut evs = Vec::new();
    let mut ops = Vec::new();
    let err = loop {
        match r.advance() {
            Ok(None) => break None,
            Err(e) => break Some(e),
            Ok(Some(Entry::SubBlock { block_id })) => match r.enter_block() {
                Ok(_) => evs.push(Ev::Block(block_id)),
                Err(e) => break Some(e),
            },
            Ok(Some(Entry::EndBlock)) => evs.push(Ev::End),
            Ok(Some(Entry::DefineAbbrev)) => evs.push(Ev::Define),
            Ok(Some(Entry::Record(id))) => match r.read_record(id, &mut ops) {
                Ok(rec) => evs.push(ev(rec, &ops)),
                Err(e) => break Some(e),
            },
        }
    };
    (evs, err, r.bit_position())
}

fn walk_items(data: &[u8]) -> (Vec<Ev>, Option<Error>, u64) {
    let mut r = BitstreamReader::new(data);
    let mut evs = Vec::new();
    let err = loop {
        let e = match r.next_item() {
            Ok(None) => break None,
            Err(e) => break Some(e),
            Ok(Some(Item::SubBlock { block_id })) => Ev::Block(block_id),
            Ok(Some(Item::EndBlock)) => Ev::End,
            Ok(Some(Item::DefineAbbrev)) => Ev::Define,
            Ok(Some(Item::Record { record, ops })) => ev(record, ops),
        };
        if let Ev::Block(_) = e {
            if let Err(e) = r.enter_block() {
                break Some(e);
            }
        }
        if let Ev::Record(_, _, ops, _) = &e {
            assert_eq!(r.record_ops(), &ops[..]);
        }
        evs.push(e);
    };
    (evs, err, r.bit_position())
}

fn expected(recs: &[Rec]) -> Vec<Ev> {
    let mut evs = vec![Ev::Block(8)];
    evs.extend(std::iter::repeat_n(Ev::Define, abbrevs().len()));
    for r in recs {
        evs.push(match r {
            Rec::Unabbrev(c, ops) => Ev::Record(3, *c, ops.clone(), None),
            Rec::Abbrev(a, c, ops, blob) => {
                Ev::Record(4 + *a as u32, *c, ops.clone(), blob.clone())
            }
        });
    }
    evs.push(Ev::End);
    evs
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Every record reads back through both paths.
    #[test]
    fn next_item_reads_what_was_written(recs in records(), width in 4u32..=9) {
        let data = stream(&recs, width);
        let want = expected(&recs);
        let (items, err, _) = walk_items(&data);
        prop_assert_eq!(err, None);
        prop_assert_eq!(&items, &want);
        let (checked, err, _) = walk_checked(&data);
        prop_assert_eq!(err, None);
        prop_assert_eq!(&checked, &want);
    }

    /// Cut anywhere, or with bits flipped, both paths see the same entries
    /// and stop with the same error at the same bit.
    #[test]
    fn next_item_fails_like_the_checked_path(
        recs in records(),
        width in 4u32..=9,
        cut in any::<prop::sample::Index>(),
        flips in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let mut data = stream(&recs, width);
        let bits = data.len() * 8;
        for f in &flips {
            let b = f.index(bits);
            data[b / 8] ^= 1 << (b % 8);
        }
        let cut = cut.index(data.len() + 1);
        let data = &data[..cut];
        let (items, items_err, items_end) = walk_items(data);
        let (checked, checked_err, checked_end) = walk_checked(data);
        prop_assert_eq!(items, checked);
        prop_assert_eq!(&items_err, &checked_err);
        if items_err.is_none() {
            prop_assert_eq!(items_end, checked_end);
        }
    }
}

/// Unabbreviated records of every length up to 300 operands, with values
/// of every chunk count, so that runs end at every offset of a step and
/// values cross steps with every carry.
#[test]
fn long_unabbreviated_records() {
    let mut recs = Vec::new();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for n in 0..300usize {
        let ops = (0..n)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly one-chunk values in every other record.
                let chunks = if n % 2 == 0 && x % 8 != 0 { 1 } else { (i + n) % 13 + 1 };
                let bits = (5 * chunks as u32).min(64);
                let v = x & mask(bits);
                if chunks > 1 {
                    v | 1 << (5 * (chunks as u32 - 1))
                } else {
                    v
                }
            })
            .collect();
        recs.push(Rec::Unabbrev((n % 70) as u32, ops));
    }
    for width in [4, 5, 6, 7, 9] {
        let data = stream(&recs, width);
        let want = expected(&recs);
        assert_eq!(walk_items(&data).0, want);
        assert_eq!(walk_checked(&data).0, want);
    }
}
