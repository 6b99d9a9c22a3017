#!/usr/bin/env bash
# The assembler's differential test over the WHOLE corpus matrix, not just
# CI's sample: `tests/llvmext_mc.rs` (objects_match_llvm_mc_19) with
# LLVMEXT_ASM_CORPUS=full.
#
#   LLVMEXT_ASM_CORPUS=sample (or unset, what CI runs): clang-19 -S of the C
#       in testdata/c, zlib, bzip2 and lz4 at -O0, -O2, -O2 -g, -O2 -gdwarf-4,
#       -O2 -ffunction-sections -fdata-sections and -O2 -fPIC for
#       x86_64-linux-gnu and i686-linux-gnu; clang++-19 -O2 -fexceptions of
#       testdata/cxx for both; rustc --emit=asm of testdata/rust (-O and
#       debug, x86-64); BLAKE3's hand-written x86-64 .S; and SQLite at
#       -O2 -g for x86-64 only.
#   LLVMEXT_ASM_CORPUS=full: the same plus SQLite at the other five flag
#       sets for x86-64 and all six for i686 (eleven more files of 100-200 MB
#       of assembly each; about ten more CPU-minutes of clang-19 on a cold
#       cache, see tests/support/asm_corpus.rs).
#
# Everything is cached under target/llvmext-corpus/asm/ (keyed by source
# bytes, flags and tool versions), so a second run only assembles. Each
# mismatch gets a report in target/llvmext-corpus/asm/report/<name>.txt.
#
# Usage: scripts/asm-corpus-full.sh [--release] [extra cargo test args]
#   --release  build the assembler optimized (the debug build is much
#              slower on SQLite's assembly)
set -euo pipefail
cd "$(dirname "$0")/.."
profile=()
if [ "${1:-}" = "--release" ]; then
  profile=(--release)
  shift
fi
export LLVMEXT_ASM_CORPUS=full
exec cargo test -p llvmext "${profile[@]}" --test llvmext_mc "$@" -- objects_match_llvm_mc_19 --nocapture
