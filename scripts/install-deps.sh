#!/usr/bin/env bash
# Installs what the examples and tests need on a fresh Debian machine:
# the LLVM 19 tools (Debian packages llvm-19 clang-19 lld-19), used as oracles,
# and the glibc headers of the cross targets (libc6-dev-arm64-cross,
# libc6-dev-i386-cross).
set -euo pipefail
tools=(clang-19 llvm-as-19 llvm-dis-19 llvm-bcanalyzer-19 llvm-cat-19 llvm-mc-19 llvm-readobj-19 ld.lld-19)
missing=0
for t in "${tools[@]}"; do
  command -v "$t" >/dev/null 2>&1 || missing=1
done
if [ "$missing" = 1 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing llvm-19 clang-19 lld-19 with apt-get" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq llvm-19 clang-19 lld-19 >/dev/null
fi
for t in "${tools[@]}"; do
  command -v "$t" >/dev/null 2>&1 || { echo "error: $t still missing after installing llvm-19 clang-19 lld-19" >&2; exit 1; }
done
# Older producers of bitcode, read by the bitcode reader's tests: clang
# 13 to 16 (Debian packages clang-13 clang-14 clang-15 clang-16).
old=()
for v in 13 14 15 16; do
  command -v "clang-$v" >/dev/null 2>&1 || old+=("clang-$v")
done
if [ "${#old[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing ${old[*]} with apt-get" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${old[@]}" >/dev/null
fi
for v in 13 14 15 16; do
  command -v "clang-$v" >/dev/null 2>&1 || { echo "error: clang-$v still missing after installing clang-$v" >&2; exit 1; }
done
# C library headers for the cross targets the object tests compile real C
# for (clang-19 --target=aarch64-linux-gnu / i686-linux-gnu).
cross=()
[ -f /usr/aarch64-linux-gnu/include/stdio.h ] || cross+=(libc6-dev-arm64-cross)
[ -f /usr/i686-linux-gnu/include/stdio.h ] || cross+=(libc6-dev-i386-cross)
if [ "${#cross[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing ${cross[*]} with apt-get" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${cross[@]}" >/dev/null
fi
# The system C compiler and linker (`cc`, GNU ld): the JIT examples' and
# the assembler's end-to-end tests link objects with it and run them.
if ! command -v cc >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing gcc with apt-get" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq gcc >/dev/null
fi
command -v cargo >/dev/null 2>&1 || { echo "error: cargo not found: install Rust (rustup)" >&2; exit 1; }
# The nightly toolchain: some object tests assemble with LLVM 22 through
# `rustc +nightly` (global_asm! in a #![no_core] crate).
if command -v rustup >/dev/null 2>&1 && ! rustc +nightly --version >/dev/null 2>&1; then
  echo "installing the nightly Rust toolchain with rustup" >&2
  rustup toolchain install nightly --profile minimal >/dev/null
fi
# Newer producers and LLVM 22, for the bitcode reader's tests
# (tests/read_newer.rs): the Python wheels ziglang 0.17.0 (zig cc, clang
# 22.1, and Zig's own bitcode writer) and llvmlite 0.50.0 (LLVM 22.1).
if ! command -v python3 >/dev/null 2>&1 || ! python3 -m pip --version >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing python3 python3-pip with apt-get" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3 python3-pip >/dev/null
fi
wheels=()
[ "$(python3 -m ziglang version 2>/dev/null)" = "0.17.0" ] || wheels+=(ziglang==0.17.0)
python3 -c 'import llvmlite, sys; sys.exit(llvmlite.__version__ != "0.50.0")' >/dev/null 2>&1 || wheels+=(llvmlite==0.50.0)
if [ "${#wheels[@]}" -gt 0 ]; then
  echo "installing ${wheels[*]} with pip" >&2
  python3 -m pip install -q "${wheels[@]}" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "${wheels[@]}"
fi
[ "$(python3 -m ziglang version 2>/dev/null)" = "0.17.0" ] || { echo "error: ziglang 0.17.0 still missing after pip install ziglang==0.17.0" >&2; exit 1; }
python3 -c 'import llvmlite.binding' >/dev/null 2>&1 || { echo "error: llvmlite still missing after pip install llvmlite==0.50.0" >&2; exit 1; }
