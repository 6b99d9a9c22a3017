//! LLVM special sections (in progress).
