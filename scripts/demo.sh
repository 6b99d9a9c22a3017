#!/usr/bin/env bash
# The main job: compiles a C file of the repo to LLVM bitcode with clang-19
# and walks it with llvmext's bitstream reader (examples/bitstream-stats.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
out="target/demo"
mkdir -p "$out"
clang-19 -c -emit-llvm -O2 -g examples/demo.c -o "$out/demo.bc"
cargo run --release --quiet --example bitstream-stats -- "$out/demo.bc" "$@"
