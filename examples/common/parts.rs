//! What the printing tools (llvmext-opt, llvmext-dis) share to write a
//! module's text into a file from two threads: each part into a file of
//! its own, the second appended to the first, the result renamed into
//! place.

use std::io::{Seek, Write};

/// Writes into the new file `path` what `print` hands its sink.
pub fn write_part(path: &str, print: impl FnOnce(&mut dyn FnMut(&[u8]))) -> std::io::Result<()> {
    let mut w = std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(path)?);
    let mut failed = None;
    print(&mut |piece| {
        if failed.is_none() {
            failed = w.write_all(piece).err();
        }
    });
    match failed {
        Some(e) => Err(e),
        None => w.flush(),
    }
}

/// Appends the file `from` to the file `to` (in the kernel where it can).
pub fn append(to: &str, from: &str) -> std::io::Result<()> {
    let mut to = std::fs::OpenOptions::new().write(true).open(to)?;
    to.seek(std::io::SeekFrom::End(0))?;
    std::io::copy(&mut std::fs::File::open(from)?, &mut to)?;
    Ok(())
}

/// The error of a printing thread that panicked.
pub fn panicked() -> std::io::Error {
    std::io::Error::other("printer panicked")
}

/// Whether `path` is a regular file or absent, so that a file renamed over
/// it stands for writing it (not a device, a pipe or a symbolic link).
pub fn replaceable(path: &str) -> bool {
    match std::fs::symlink_metadata(path) {
        Ok(md) => md.file_type().is_file(),
        Err(e) => e.kind() == std::io::ErrorKind::NotFound,
    }
}
