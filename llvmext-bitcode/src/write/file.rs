//! A whole bitcode file as LLVM 19's `WriteBitcodeToFile` writes it: the
//! `BC` magic, the IDENTIFICATION block, the MODULE block (its version,
//! BLOCKINFO, types, attributes, comdats and globals, constants, metadata
//! kinds and metadata, operand bundle tags, sync scopes, every function
//! body, the value symbol table the `VSTOFFSET` record points at), the
//! irsymtab where LLVM writes one, the string table; in a wrapper header
//! for Darwin and Mach-O targets.

use llvmext_core::bitstream::BitstreamWriter;
use llvmext_ir::verify::{VerifyError, VerifyOptions};
use llvmext_ir::Module;

use super::attrs::write_attributes;
use super::blockinfo::write_block_info;
use super::constants::write_module_constants;
use super::enumerate::TypeOrder;
use super::function::{
    vst_offset_placeholder, write_function, write_module_symtab, FunctionContext, FunctionValues,
};
use super::metadata::{write_module_metadata, FunctionMetadata};
use super::module::{write_identification, write_module_info, write_strtab, Strtab};
use super::names::{write_bundle_tags_and_sync_scopes, write_metadata_kinds};
use super::symtab::write_symtab;
use super::types::{type_bits, write_type_table};
use super::{internal, WriteError};
use crate::schema::{BlockId, ModuleCode};

/// The producer the IDENTIFICATION block names by default: the LLVM 19
/// release whose bitcode this writer writes (`llvm-as-19` writes the
/// same), so that a file can be compared with LLVM's byte for byte.
pub const LLVM19_PRODUCER: &str = super::module::LLVM19_PRODUCER;

/// How [`write_with`] writes a module.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// The producer string of the IDENTIFICATION block (default
    /// [`LLVM19_PRODUCER`]). A compiler may name itself; LLVM reads any
    /// producer with epoch 0.
    pub producer: String,
    /// Verify the module first, and refuse it if it is broken (default:
    /// every check, debug info included). `None` skips verification: for
    /// a module the caller has just verified.
    pub verify: Option<VerifyOptions>,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions { producer: LLVM19_PRODUCER.into(), verify: Some(VerifyOptions::default()) }
    }
}

impl WriteOptions {
    /// Sets [`producer`](Self::producer).
    pub fn producer(mut self, producer: impl Into<String>) -> Self {
        self.producer = producer.into();
        self
    }

    /// Sets [`verify`](Self::verify).
    pub fn verify(mut self, verify: Option<VerifyOptions>) -> Self {
        self.verify = verify;
        self
    }
}

/// Writes `m` as LLVM 19 bitcode, verifying it first: the bytes
/// `llvm-as-19` writes for the same module.
///
/// ```
/// let m = llvmext_ir::parse::parse(b"define i32 @f() {\n  ret i32 7\n}\n", "f.ll")?;
/// let bc = llvmext_bitcode::write::write(&m)?;
/// assert_eq!(&bc[..4], b"BC\xC0\xDE");
/// let back = llvmext_bitcode::read::read(&bc)?;
/// assert_eq!(back.functions.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(m: &Module) -> Result<Vec<u8>, WriteError> {
    write_with(m, &WriteOptions::default())
}

/// [`write()`] with options.
pub fn write_with(m: &Module, opts: &WriteOptions) -> Result<Vec<u8>, WriteError> {
    let mut out = Vec::new();
    write_into(m, opts, &mut out)?;
    Ok(out)
}

/// [`write_with`], appending to `out` (which is left as it was on error).
///
/// The verifier runs on a second thread while the module is written (the
/// bytes are dropped if it finds the module broken).
pub fn write_into(m: &Module, opts: &WriteOptions, out: &mut Vec<u8>) -> Result<(), WriteError> {
    let (verified, bytes) = write_stream(m, &opts.producer, opts.verify.as_ref());
    if let Some(Err(errors)) = verified {
        return Err(WriteError::Invalid(errors));
    }
    let bytes = bytes?;
    match m.triple.as_deref().and_then(super::triple::darwin_cpu_type) {
        Some(cpu) => out.extend_from_slice(&llvmext_core::magic::wrap(&bytes, cpu)),
        None => out.extend_from_slice(&bytes),
    }
    Ok(())
}

/// What the verifier found (`None`: not asked).
type Verified = Option<Result<(), Vec<VerifyError>>>;

/// Modules with fewer instructions than this are written on one thread.
const PARALLEL_INSTS: usize = 50_000;

/// The bitstream of one module: magic, module, symbol and string tables.
fn write_stream(
    m: &Module,
    producer: &str,
    verify: Option<&VerifyOptions>,
) -> (Verified, Result<Vec<u8>, WriteError>) {
    // A second thread predicts the use-list orders (a function of the
    // module alone) while this one numbers the module and writes its
    // first blocks, then runs the verifier while the bodies are written.
    std::thread::scope(|s| {
        let (give, take) = std::sync::mpsc::sync_channel(1);
        let helper = s.spawn(move || {
            let _ = give.send(super::uselist::predict(m));
            verify.map(|v| llvmext_ir::verify::verify_with(m, v))
        });
        let bytes = write_stream_with(m, producer, take);
        let verified = helper.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        (verified, bytes)
    })
}

/// [`write_stream`], the use-list orders coming from `use_lists`.
fn write_stream_with(
    m: &Module,
    producer: &str,
    use_lists: std::sync::mpsc::Receiver<super::uselist::UseLists>,
) -> Result<Vec<u8>, WriteError> {
    let order = TypeOrder::new(m);
    let mut w = BitstreamWriter::with_capacity(256 * 1024);
    w.emit_magic(*b"BC\xC0\xDE");
    // Offsets into the module count from here (`bitcodeStartBit`).
    let bitcode_start = w.bit_position();
    write_identification(&mut w, producer)?;
    w.enter_block(BlockId::MODULE.0, 3);
    w.emit_record(ModuleCode::VERSION.0, &[2], None)?;
    write_block_info(&mut w, type_bits(order.types.len()))?;
    write_type_table(&mut w, &order)?;
    write_attributes(&mut w, &order)?;
    let mut strtab = Strtab::default();
    write_module_info(&mut w, &order, &mut strtab)?;
    let placeholder = vst_offset_placeholder(&w);
    write_module_constants(&mut w, &order)?;
    write_metadata_kinds(&mut w, m)?;
    write_module_metadata(&mut w, &order)?;
    let use_lists = use_lists.recv().map_err(|_| internal("the use-list thread stopped"))?;
    super::uselist::write_block(&mut w, &use_lists.module, &|v| {
        super::uselist::module_id(&order, v)
    })?;
    let (tags, scopes) = super::names::names_in_use(m);
    write_bundle_tags_and_sync_scopes(&mut w, &tags, &scopes)?;
    let cx = FunctionContext::with_names(&order, &tags, &scopes);
    // The function blocks, written by two threads when there is enough
    // to share (each block is self-contained and starts on a 32-bit
    // boundary, so the second half is written in a fork of the stream and
    // appended): the split balances instructions.
    let defined: Vec<usize> =
        (0..m.functions.len()).filter(|&k| !m.functions[k].is_declaration()).collect();
    let size = |k: &usize| m.functions[*k].insts.len();
    let total: usize = defined.iter().map(size).sum();
    let mut split = defined.len();
    if total >= PARALLEL_INSTS {
        let mut acc = 0;
        for (j, k) in defined.iter().enumerate() {
            if 2 * acc >= total {
                split = j;
                break;
            }
            acc += size(k);
        }
    }
    let (first, second) = defined.split_at(split);
    let body = |w: &mut BitstreamWriter, k: usize| -> Result<u64, WriteError> {
        let values = FunctionValues::new(&order, k)?;
        let lists = use_lists.functions.get(&k).map_or(&[][..], Vec::as_slice);
        let mut md = FunctionMetadata::new(&order, k, lists);
        write_function(w, &cx, &values, &mut md)
    };
    let mut starts = Vec::with_capacity(defined.len());
    let fork = if second.is_empty() { None } else { w.fork() };
    let forked = std::thread::scope(|s| {
        let other = fork.map(|mut fw| {
            s.spawn(move || -> Result<_, WriteError> {
                let mut at = Vec::with_capacity(second.len());
                for &k in second {
                    at.push((k, body(&mut fw, k)?));
                }
                Ok((fw, at))
            })
        });
        let mine: Result<(), WriteError> = first.iter().try_for_each(|&k| {
            starts.push((k, body(&mut w, k)?));
            Ok(())
        });
        let other = other.map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        mine.map(|()| other)
    })?;
    match forked {
        Some(res) => {
            let (fw, at) = res?;
            let base = w.bit_position();
            w.append_fork(fw)?;
            starts.extend(at.into_iter().map(|(k, b)| (k, base + b)));
        }
        None => {
            // (No fork: the second half, if any, here.)
            for &k in second {
                starts.push((k, body(&mut w, k)?));
            }
        }
    }
    write_module_symtab(&mut w, &order, &starts, placeholder, bitcode_start)?;
    w.exit_block()?;
    write_symtab(&mut w, &order, &mut strtab)?;
    write_strtab(&mut w, &strtab)?;
    Ok(w.finish())
}

/// Why a module was not written.
impl WriteError {
    /// The verifier's findings, when the module was refused as broken.
    pub fn verify_errors(&self) -> &[VerifyError] {
        match self {
            WriteError::Invalid(e) => e,
            _ => &[],
        }
    }
}
