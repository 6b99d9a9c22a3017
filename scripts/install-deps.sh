#!/usr/bin/env bash
# Installs what the examples and tests need on a fresh Debian machine:
# the LLVM 19 tools (Debian packages llvm-19 clang-19 lld-19), used as oracles.
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
command -v cargo >/dev/null 2>&1 || { echo "error: cargo not found: install Rust (rustup)" >&2; exit 1; }
