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
command -v cargo >/dev/null 2>&1 || { echo "error: cargo not found: install Rust (rustup)" >&2; exit 1; }
# The nightly toolchain: some object tests assemble with LLVM 22 through
# `rustc +nightly` (global_asm! in a #![no_core] crate).
if command -v rustup >/dev/null 2>&1 && ! rustc +nightly --version >/dev/null 2>&1; then
  echo "installing the nightly Rust toolchain with rustup" >&2
  rustup toolchain install nightly --profile minimal >/dev/null
fi
