//! Reading bitcode into [`llvmext_ir`]'s model.
//!
//! ```no_run
//! let bytes = std::fs::read("hello.bc")?;
//! let m = llvmext_bitcode::read::read(&bytes)?;
//! for f in &m.functions {
//!     println!("{:?}: {} instructions", f.common.name, f.insts.len());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod attrs;
mod di;
mod error;

pub use error::{ReadError, ReadErrorKind};

use llvmext_ir::Module;

/// Reads the first module of a bitcode file (raw or wrapped) with every
/// function body.
pub fn read(bytes: &[u8]) -> Result<Module, ReadError> {
    let _ = bytes;
    Err(ReadError::new(ReadErrorKind::Unsupported("not implemented yet".into()), 0))
}
