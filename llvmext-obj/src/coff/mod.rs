//! COFF objects (in progress).
