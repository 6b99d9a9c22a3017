//! `!pcsections` decoding against LLVM 19's reading of
//! testdata/llvm-sections/pcsections.ll: the file goes through
//! `llvm-as-19 | llvm-dis-19`, its metadata lines are read back into an
//! arena (uniqued, as LLVM keeps them), every `!pcsections` attachment is
//! decoded, and building the same sections with the builder must give the
//! very same (uniqued) nodes.

mod common;

use std::collections::HashMap;
use std::path::Path;

use llvmext_ir::constant::{ConstKind, Constants};
use llvmext_ir::metadata::{MdId, MdNode, Metadata};
use llvmext_ir::module::Value;
use llvmext_ir::pcsections::{self, SectionSpec};
use llvmext_ir::types::{TypeId, Types};

struct Cx<'a> {
    lines: HashMap<u32, &'a str>,
    done: HashMap<u32, MdId>,
    md: Metadata,
    types: Types,
    consts: Constants,
}

impl Cx<'_> {
    /// The node `!n`, made (uniqued) from its `!{...}` line.
    fn node(&mut self, n: u32) -> MdId {
        if let Some(&id) = self.done.get(&n) {
            return id;
        }
        let body = self.lines[&n].strip_prefix("!{").unwrap().strip_suffix('}').unwrap();
        let mut ops = Vec::new();
        for op in body.split(", ") {
            if let Some(s) = op.strip_prefix("!\"") {
                let s = s.strip_suffix('"').unwrap();
                ops.push(Some(self.md.get_or_insert(MdNode::String(s.as_bytes().into()))));
            } else if let Some(r) = op.strip_prefix('!') {
                ops.push(Some(self.node(r.parse().unwrap())));
            } else {
                let (ty, v) = op.split_once(' ').unwrap();
                let bits: u32 = ty.strip_prefix('i').unwrap().parse().unwrap();
                let t = self.types.int(bits).unwrap();
                let v: i64 = v.parse().unwrap();
                let c = self.consts.int_u64(&self.types, t, v as u64).unwrap();
                ops.push(Some(self.md.get_or_insert(MdNode::Value(t, Value::Const(c)))));
            }
        }
        let id = self.md.get_or_insert(MdNode::Tuple(ops.into()));
        self.done.insert(n, id);
        id
    }
}

fn int_of(consts: &Constants, c: llvmext_ir::constant::ConstId) -> String {
    match consts.kind(c) {
        Some(ConstKind::Int(v)) => v.to_string(),
        k => format!("{k:?}"),
    }
}

#[test]
fn pcsections_decode_and_build_like_llvm() {
    let src = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/llvm-sections/pcsections.ll"),
    )
    .unwrap();
    let ll =
        String::from_utf8(common::run("llvm-dis-19", &common::run("llvm-as-19", &src))).unwrap();
    let mut cx = Cx {
        lines: HashMap::new(),
        done: HashMap::new(),
        md: Metadata::new(),
        types: Types::new(),
        consts: Constants::new(),
    };
    for line in ll.lines() {
        if let Some((l, r)) = line.split_once(" = ") {
            if let Some(n) = l.strip_prefix('!').and_then(|n| n.parse().ok()) {
                cx.lines.insert(n, r);
            }
        }
    }
    // Every attachment, decoded.
    let mut decoded = Vec::new();
    for line in ll.lines() {
        for part in line.split("!pcsections !").skip(1) {
            let n: u32 = part.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap();
            let id = cx.node(n);
            decoded.push(id);
        }
    }
    assert_eq!(decoded.len(), 6, "{ll}");
    let mut text = Vec::new();
    for &id in &decoded {
        let secs = pcsections::decode(&cx.md, id).unwrap();
        let mut s = String::new();
        for sec in &secs {
            s += &format!(
                "[{}{}",
                String::from_utf8_lossy(sec.name),
                if sec.uleb128 { " C" } else { "" }
            );
            for &a in &sec.aux {
                let vals: Vec<String> = pcsections::aux_constants(&cx.md, a)
                    .unwrap()
                    .iter()
                    .map(|&(t, c)| format!("{} {}", cx.types.display(t), int_of(&cx.consts, c)))
                    .collect();
                s += &format!(" {{{}}}", vals.join(", "));
            }
            s += "]";
        }
        text.push(s);
    }
    // Functions first (@foo, @bar), then instructions in order, as
    // llvm-dis prints them.
    assert_eq!(
        text,
        [
            "[sec.funcs {i32 7, i64 9}]",
            "[sec.a {i8 1, i16 2}]",
            "[sec.a {i8 1, i16 2}]",
            "[sec.b C {i64 300, i8 -56, i32 70000} {i16 5}][sec.c]",
            "[sec.funcs2 C {i32 7, i64 9}]",
            "[sec.a]",
        ]
    );
    // The builder makes the same uniqued nodes.
    let ty = |cx: &mut Cx, b: u32| -> TypeId { cx.types.int(b).unwrap() };
    let c = |cx: &mut Cx, b: u32, v: u64| {
        let t = ty(cx, b);
        (t, cx.consts.int_u64(&cx.types, t, v).unwrap())
    };
    let a1 = [c(&mut cx, 32, 7), c(&mut cx, 64, 9)];
    let a2 = [c(&mut cx, 64, 300), c(&mut cx, 8, 200), c(&mut cx, 32, 70000)];
    let a3 = [c(&mut cx, 16, 5)];
    let funcs = pcsections::build(
        &mut cx.md,
        &[SectionSpec { name: b"sec.funcs", uleb128: false, aux: &[&a1] }],
    );
    assert_eq!(funcs, decoded[0]);
    let b = pcsections::build(
        &mut cx.md,
        &[
            SectionSpec { name: b"sec.b", uleb128: true, aux: &[&a2, &a3] },
            SectionSpec { name: b"sec.c", uleb128: false, aux: &[] },
        ],
    );
    assert_eq!(b, decoded[3]);
    let f2 = pcsections::build(
        &mut cx.md,
        &[SectionSpec { name: b"sec.funcs2", uleb128: true, aux: &[&a1] }],
    );
    assert_eq!(f2, decoded[4]);
    // Not pcsections: a tuple starting with a tuple, a bad operand.
    let t = cx.md.get_or_insert(MdNode::Tuple(Box::new([Some(funcs)])));
    assert_eq!(pcsections::decode(&cx.md, t), Err(pcsections::PcSectionsError::NoLeadingName));
    let s = cx.md.get_or_insert(MdNode::String(b"x".to_vec().into()));
    let bad = cx.md.get_or_insert(MdNode::Tuple(Box::new([Some(s), None])));
    assert_eq!(pcsections::decode(&cx.md, bad), Err(pcsections::PcSectionsError::BadOperand(1)));
    assert!(pcsections::decode(&cx.md, s).is_err());
}
