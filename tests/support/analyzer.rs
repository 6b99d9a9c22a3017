//! Runs `llvm-bcanalyzer-19` and parses what it prints: the per-block
//! summary (always printed) and the `-dump` trace. Also compares a summary
//! with a [`StreamStats`] walk of the same file.
//!
//! The formats are those of LLVM 19's `BitcodeAnalyzer` (`printStats` and
//! `parseBlock`).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use super::stats::StreamStats;
use super::tools::{describe, run, tool};

/// The analyzer's name for a stream type, from the magic.
pub fn stream_type_name(magic: [u8; 4]) -> &'static str {
    match &magic {
        b"BC\xC0\xDE" => "LLVM IR",
        b"CPCH" => "Clang Serialized AST",
        b"DIAG" => "Clang Serialized Diagnostics",
        b"RMRK" => "LLVM Remarks",
        _ => "unknown",
    }
}

/// One line of a block's "Record Histogram".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistogramLine {
    /// Records of this kind.
    pub count: u64,
    /// Their total size in bits.
    pub bits: u64,
    /// The "% Abv" column (two decimals), if any record was abbreviated.
    pub percent_abbrev: Option<String>,
    /// The record name (`UnknownCode<N>` when unnamed).
    pub name: String,
}

/// One "Block ID #N" section of the summary.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SummaryBlock {
    /// The name in parentheses, if printed.
    pub name: Option<String>,
    /// "Num Instances".
    pub instances: u64,
    /// "Total Size" in bits.
    pub bits: u64,
    /// "Num SubBlocks" (or the total of "Tot/Avg SubBlocks").
    pub sub_blocks: u64,
    /// "Num Abbrevs" (or the total of "Tot/Avg Abbrevs").
    pub abbrevs: u64,
    /// "Num Records" (or the total of "Tot/Avg Records").
    pub records: u64,
    /// "Percent Abbrevs" (four decimals), printed when there are records.
    pub percent_abbrevs: Option<String>,
    /// The record histogram, in printed order (count, then code,
    /// descending).
    pub histogram: Vec<HistogramLine>,
}

/// The analyzer's summary of a file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// "Total size" in bits (of the stream, wrapper stripped).
    pub file_bits: u64,
    /// "Stream type".
    pub stream_type: String,
    /// "# Toplevel Blocks".
    pub toplevel_blocks: u64,
    /// Per block ID.
    pub blocks: BTreeMap<u32, SummaryBlock>,
}

fn leading_u64(s: &str) -> Result<u64, String> {
    let digits: &str = &s[..s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len())];
    digits.parse().map_err(|_| format!("expected a number at {s:?}"))
}

/// Parses the summary part of the analyzer's output (anything before
/// "Summary of" — a dump — is ignored).
pub fn parse_summary(text: &str) -> Result<Summary, String> {
    let start = text.find("Summary of").ok_or("no \"Summary of\" line")?;
    let mut s = Summary::default();
    let mut have = (false, false, false);
    let mut cur: Option<u32> = None;
    let mut in_histogram = false;
    for (lineno, raw) in text[start..].lines().enumerate() {
        let ctx = |e: String| format!("summary line {}: {e}: {raw:?}", lineno + 1);
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("Block ID #") {
            let id_len = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
            let id: u32 = rest[..id_len].parse().map_err(|_| ctx("bad block ID".into()))?;
            let tail = &rest[id_len..];
            let name = if tail == ":" {
                None
            } else if let Some(n) = tail.strip_prefix(" (").and_then(|t| t.strip_suffix("):")) {
                Some(n.to_owned())
            } else {
                return Err(ctx("bad block header".into()));
            };
            if s.blocks.insert(id, SummaryBlock { name, ..Default::default() }).is_some() {
                return Err(ctx("block ID listed twice".into()));
            }
            cur = Some(id);
            in_histogram = false;
            continue;
        }
        let field = |prefix: &str| line.strip_prefix(prefix).map(str::trim);
        let Some(id) = cur else {
            if let Some(v) = field("Total size:") {
                s.file_bits = leading_u64(v).map_err(ctx)?;
                have.0 = true;
            } else if let Some(v) = field("Stream type:") {
                s.stream_type = v.to_owned();
                have.1 = true;
            } else if let Some(v) = field("# Toplevel Blocks:") {
                s.toplevel_blocks = leading_u64(v).map_err(ctx)?;
                have.2 = true;
            }
            continue;
        };
        let b = s.blocks.get_mut(&id).expect("current block");
        if line == "Record Histogram:" {
            in_histogram = true;
            continue;
        }
        if in_histogram {
            if line.starts_with("Count") {
                continue;
            }
            b.histogram.push(parse_histogram_line(raw).map_err(ctx)?);
            continue;
        }
        let total = |v: &str| leading_u64(v.split('/').next().unwrap_or(""));
        if let Some(v) = field("Num Instances:") {
            b.instances = leading_u64(v).map_err(ctx)?;
        } else if let Some(v) = field("Total Size:") {
            b.bits = leading_u64(v).map_err(ctx)?;
        } else if let Some(v) = field("Num SubBlocks:").or_else(|| field("Tot/Avg SubBlocks:")) {
            b.sub_blocks = total(v).map_err(ctx)?;
        } else if let Some(v) = field("Num Abbrevs:").or_else(|| field("Tot/Avg Abbrevs:")) {
            b.abbrevs = total(v).map_err(ctx)?;
        } else if let Some(v) = field("Num Records:").or_else(|| field("Tot/Avg Records:")) {
            b.records = total(v).map_err(ctx)?;
        } else if let Some(v) = field("Percent Abbrevs:") {
            b.percent_abbrevs = Some(v.trim_end_matches('%').to_owned());
        }
    }
    if have != (true, true, true) {
        return Err("summary header incomplete".into());
    }
    Ok(s)
}

/// `\t\t%7d %9lu` + (` %9.1f` if count > 1, else 10 blanks) + (` %7.2f` if
/// any abbreviated, else 8 blanks) + two blanks + name.
fn parse_histogram_line(raw: &str) -> Result<HistogramLine, String> {
    let line = raw.trim_start();
    let mut rest = line;
    let mut next_num = || -> Result<(u64, usize), String> {
        let t = rest.trim_start();
        let skipped = rest.len() - t.len();
        let n = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        let v = t[..n].parse().map_err(|_| "bad histogram number".to_owned())?;
        rest = &t[n..];
        Ok((v, skipped + n))
    };
    let (count, a) = next_num()?;
    let (bits, b) = next_num()?;
    let rest = line.get(a + b..).ok_or("short histogram line")?;
    let per_rec = rest.get(..10).ok_or("short histogram line")?;
    let abv = rest.get(10..18).ok_or("short histogram line")?;
    let name = rest.get(18..).and_then(|n| n.strip_prefix("  ")).ok_or("no record name")?;
    if per_rec.trim().is_empty() != (count == 1) {
        return Err("b/Rec column does not match the count".into());
    }
    let abv = abv.trim();
    Ok(HistogramLine {
        count,
        bits,
        percent_abbrev: (!abv.is_empty()).then(|| abv.to_owned()),
        name: name.to_owned(),
    })
}

/// A blob as `-dump` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DumpBlob {
    /// The bytes (printable, or decoded from `--show-binary-blobs` escapes).
    Bytes(Vec<u8>),
    /// "unprintable, N bytes."
    Unprintable(usize),
}

/// One record line of `-dump`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DumpRecord {
    /// The record name (`UnknownCode<N>` when unnamed).
    pub name: String,
    /// `codeid=` (with `--non-symbolic`, for named records).
    pub code_id: Option<u32>,
    /// `abbrevid=` (abbreviated records).
    pub abbrev_id: Option<u32>,
    /// `op0=`, `op1=`, … (printed as signed 64-bit).
    pub ops: Vec<i64>,
    /// "record string = '…'".
    pub string: Option<String>,
    /// "blob data = …".
    pub blob: Option<DumpBlob>,
    /// Anything else (IR-specific annotations, metadata string listings).
    pub extra: String,
}

/// One node of the `-dump` tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DumpNode {
    /// A block and what it contains.
    Block {
        /// Its name (`UnknownBlock<N>` when unnamed).
        name: String,
        /// `BlockID=` (with `--non-symbolic`, for named blocks).
        block_id: Option<u32>,
        /// `NumWords=`: the block length word.
        num_words: u64,
        /// `BlockCodeSize=`: the abbreviation ID width.
        code_size: u32,
        /// Its records and sub-blocks.
        children: Vec<DumpNode>,
    },
    /// `<BLOCKINFO_BLOCK/>`: a `BLOCKINFO` block not dumped (no
    /// `--dump-blockinfo`).
    BlockInfoElided,
    /// A record.
    Record(DumpRecord),
}

fn unescape(s: &str) -> Result<Vec<u8>, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b'\\') => out.push(b'\\'),
            Some(b't') => out.push(b'\t'),
            Some(b'n') => out.push(b'\n'),
            Some(b'"') => out.push(b'"'),
            Some(b'x') => {
                let hex = s.get(i + 2..i + 4).ok_or("short \\x escape")?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| "bad \\x escape")?);
                i += 2;
            }
            _ => return Err(format!("unknown escape at {i} in {s:?}")),
        }
        i += 2;
    }
    Ok(out)
}

fn parse_record(line: &str, escaped_blobs: bool) -> Result<DumpRecord, String> {
    let close = line.find("/>").ok_or("record without \"/>\"")?;
    let mut head = line[1..close].split(' ');
    let mut rec =
        DumpRecord { name: head.next().unwrap_or_default().to_owned(), ..Default::default() };
    let mut extra = Vec::new();
    for tok in head {
        let num = |v: &str| v.parse::<u32>().map_err(|_| format!("bad number in {tok:?}"));
        if let Some(v) = tok.strip_prefix("codeid=") {
            rec.code_id = Some(num(v)?);
        } else if let Some(v) = tok.strip_prefix("abbrevid=") {
            rec.abbrev_id = Some(num(v)?);
        } else if let Some((k, v)) = tok.strip_prefix("op").and_then(|t| t.split_once('=')) {
            if k.parse::<usize>().ok() != Some(rec.ops.len()) {
                return Err(format!("operand {tok:?} out of order"));
            }
            rec.ops.push(v.parse().map_err(|_| format!("bad operand {tok:?}"))?);
        } else {
            extra.push(tok);
        }
    }
    let mut tail = &line[close + 2..];
    let blob_at = tail.find(" blob data = ");
    if let Some(p) = blob_at {
        let blob = &tail[p + " blob data = ".len()..];
        rec.blob = Some(if let Some(n) = blob.strip_prefix("unprintable, ") {
            DumpBlob::Unprintable(leading_u64(n)? as usize)
        } else {
            let inner = blob
                .strip_prefix('\'')
                .and_then(|b| b.strip_suffix('\''))
                .ok_or("blob not quoted")?;
            DumpBlob::Bytes(if escaped_blobs {
                unescape(inner)?
            } else {
                inner.as_bytes().to_vec()
            })
        });
        tail = &tail[..p];
    }
    if let Some(s) = tail.strip_prefix(" record string = '") {
        let end = s.rfind('\'').ok_or("record string not quoted")?;
        rec.string = Some(s[..end].to_owned());
        tail = &s[end + 1..];
    }
    extra.push(tail.trim());
    rec.extra = extra.into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ");
    Ok(rec)
}

/// Parses the `-dump` part of the analyzer's output (up to "Summary of").
/// `escaped_blobs`: the dump was made with `--show-binary-blobs`.
pub fn parse_dump(text: &str, escaped_blobs: bool) -> Result<Vec<DumpNode>, String> {
    let end = text.find("\nSummary of").map_or(text.len(), |p| p + 1);
    struct Open {
        name: String,
        block_id: Option<u32>,
        num_words: u64,
        code_size: u32,
        children: Vec<DumpNode>,
    }
    let mut stack: Vec<Open> = Vec::new();
    let mut top = Vec::new();
    for (lineno, raw) in text[..end].lines().enumerate() {
        let ctx = |e: String| format!("dump line {}: {e}: {raw:?}", lineno + 1);
        let line = raw.trim_start();
        if line.is_empty() {
            continue;
        }
        let children = match stack.last_mut() {
            Some(s) => &mut s.children,
            None => &mut top,
        };
        if !line.starts_with('<') {
            // Continuation lines (e.g. metadata strings) belong to the
            // previous record.
            if let Some(DumpNode::Record(r)) = children.last_mut() {
                r.extra.push('\n');
                r.extra.push_str(line);
                continue;
            }
            return Err(ctx("unexpected text".into()));
        }
        if line == "<BLOCKINFO_BLOCK/>" {
            children.push(DumpNode::BlockInfoElided);
        } else if let Some(name) = line.strip_prefix("</") {
            let name = name.strip_suffix('>').ok_or_else(|| ctx("bad close tag".into()))?;
            let open = stack.pop().ok_or_else(|| ctx("close without open".into()))?;
            if open.name != name {
                return Err(ctx(format!("closes {name} but {} is open", open.name)));
            }
            let node = DumpNode::Block {
                name: open.name,
                block_id: open.block_id,
                num_words: open.num_words,
                code_size: open.code_size,
                children: open.children,
            };
            match stack.last_mut() {
                Some(s) => s.children.push(node),
                None => top.push(node),
            }
        } else if line.contains("/>") {
            children.push(DumpNode::Record(parse_record(line, escaped_blobs).map_err(ctx)?));
        } else {
            let inner = line[1..].strip_suffix('>').ok_or_else(|| ctx("bad block tag".into()))?;
            let mut toks = inner.split(' ');
            let name = toks.next().unwrap_or_default().to_owned();
            let (mut block_id, mut words, mut size) = (None, None, None);
            for t in toks {
                let (k, v) = t.split_once('=').ok_or_else(|| ctx(format!("bad attribute {t}")))?;
                let v: u64 = v.parse().map_err(|_| ctx(format!("bad attribute {t}")))?;
                match k {
                    "BlockID" => block_id = Some(v as u32),
                    "NumWords" => words = Some(v),
                    "BlockCodeSize" => size = Some(v as u32),
                    _ => return Err(ctx(format!("unknown attribute {t}"))),
                }
            }
            let num_words = words.ok_or_else(|| ctx("no NumWords".into()))?;
            let code_size = size.ok_or_else(|| ctx("no BlockCodeSize".into()))?;
            stack.push(Open { name, block_id, num_words, code_size, children: Vec::new() });
        }
    }
    if let Some(open) = stack.last() {
        return Err(format!("dump ends inside <{}>", open.name));
    }
    Ok(top)
}

/// Runs `llvm-bcanalyzer-19 <args> <file>`; its stdout, or an error with
/// its stderr.
pub fn run_analyzer(file: &Path, args: &[&str]) -> Result<String, String> {
    let mut c = Command::new(tool("llvm-bcanalyzer-19"));
    c.args(args).arg(file);
    let out = run(&mut c);
    if !out.status.success() {
        return Err(format!(
            "`{}` failed ({}): {}",
            describe(&c),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    // Names from BLOCKINFO are arbitrary bytes; StreamStats decodes them
    // lossily too.
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The analyzer's summary of `file`.
pub fn summary(file: &Path) -> Result<Summary, String> {
    parse_summary(&run_analyzer(file, &[])?)
}

/// The analyzer's `-dump` of `file` (with `extra` flags) and its summary.
pub fn dump(file: &Path, extra: &[&str]) -> Result<(Vec<DumpNode>, Summary), String> {
    let mut args = vec!["-dump"];
    args.extend_from_slice(extra);
    let text = run_analyzer(file, &args)?;
    let escaped = extra.contains(&"--show-binary-blobs") || extra.contains(&"-show-binary-blobs");
    Ok((parse_dump(&text, escaped)?, parse_summary(&text)?))
}

/// The analyzer's "Percent Abbrevs" for `abbreviated` of `records`.
pub fn percent_abbrevs(abbreviated: u64, records: u64) -> String {
    format!("{:.4}", (abbreviated as f64 * 100.0) / records as f64)
}

/// The analyzer's histogram "% Abv" for `abbreviated` of `count`.
pub fn percent_abbrev(abbreviated: u64, count: u64) -> Option<String> {
    (abbreviated > 0).then(|| format!("{:.2}", abbreviated as f64 / count as f64 * 100.0))
}

/// Every difference between the analyzer's summary and our walk of the same
/// file, as messages naming the block ID (empty if they agree).
pub fn compare(ours: &StreamStats, theirs: &Summary) -> Vec<String> {
    let mut diffs = Vec::new();
    let mut check = |what: String, a: &dyn std::fmt::Debug, b: &dyn std::fmt::Debug| {
        let (a, b) = (format!("{a:?}"), format!("{b:?}"));
        if a != b {
            diffs.push(format!("{what}: llvmext {a}, llvm-bcanalyzer {b}"));
        }
    };
    check("total size (bits)".into(), &ours.total_bits, &theirs.file_bits);
    check("stream type".into(), &stream_type_name(ours.magic), &theirs.stream_type);
    check("# toplevel blocks".into(), &ours.toplevel_blocks, &theirs.toplevel_blocks);
    let our_ids: Vec<u32> = ours.blocks.keys().copied().collect();
    let their_ids: Vec<u32> = theirs.blocks.keys().copied().collect();
    check("block IDs".into(), &our_ids, &their_ids);
    for (id, t) in &theirs.blocks {
        let Some(o) = ours.blocks.get(id) else { continue };
        let b = |what: &str| format!("block #{id} {what}");
        check(b("instances"), &o.instances, &t.instances);
        check(b("sub-blocks"), &o.sub_blocks, &t.sub_blocks);
        check(b("abbrevs"), &o.abbrevs, &t.abbrevs);
        check(b("records"), &o.records, &t.records);
        check(b("size (bits)"), &o.bits, &t.bits);
        let pct = (o.records > 0).then(|| percent_abbrevs(o.abbreviated_records, o.records));
        check(b("percent abbrevs"), &pct, &t.percent_abbrevs);
        if let Some(name) = ours.block_name(*id) {
            check(b("name"), &Some(name), &t.name.as_deref());
        } else if theirs.stream_type != "LLVM IR" {
            check(b("name"), &None::<&str>, &t.name.as_deref());
        }
        // The histogram is ordered by (count, code), descending, which
        // pins every line to a code.
        let mut codes: Vec<(u32, _)> = o.codes.iter().map(|(c, s)| (*c, *s)).collect();
        codes.sort_by_key(|(c, s)| std::cmp::Reverse((s.count, *c)));
        check(b("histogram lines"), &codes.len(), &t.histogram.len());
        for ((code, s), line) in codes.iter().zip(&t.histogram) {
            let r = |what: &str| format!("block #{id} code {code} {what}");
            check(r("count"), &s.count, &line.count);
            check(r("bits"), &s.bits, &line.bits);
            check(
                r("% abbreviated"),
                &percent_abbrev(s.abbreviated, s.count),
                &line.percent_abbrev,
            );
            let expected_name = if *id == 0 {
                match code {
                    1 => Some("SETBID".to_owned()),
                    2 => Some("BLOCKNAME".to_owned()),
                    3 => Some("SETRECORDNAME".to_owned()),
                    _ => None,
                }
            } else {
                ours.record_name(*id, *code).map(str::to_owned)
            };
            match expected_name {
                Some(n) => check(r("name"), &n, &line.name),
                None if theirs.stream_type != "LLVM IR" || line.name.starts_with("UnknownCode") => {
                    check(r("name"), &format!("UnknownCode{code}"), &line.name)
                }
                None => {}
            }
        }
    }
    diffs
}
