//! The coff half of llvmext-objcopy (in progress).

/// Rebuilds the coff object `data` through llvmext-obj.
pub fn copy(_data: &[u8]) -> Result<Vec<u8>, String> {
    Err("coff objects are not supported yet".into())
}
