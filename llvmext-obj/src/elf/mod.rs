//! ELF objects (in progress).
