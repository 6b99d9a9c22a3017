#!/usr/bin/env bash
# The main job: clang-19 compiles a C file of the repo to LLVM bitcode;
# llvmext reads the bitcode into its IR model and reports the functions,
# their blocks, instructions and calls (examples/bc-report.rs), then
# disassembles it (examples/llvmext-dis.rs) and compares the text with
# llvm-dis-19's.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
out="target/demo"
mkdir -p "$out"
clang-19 -c -emit-llvm -O2 -g examples/demo.c -o "$out/demo.bc"
cargo build --release --quiet --example bc-report --example llvmext-dis
target/release/examples/bc-report "$out/demo.bc"
echo
target/release/examples/llvmext-dis "$out/demo.bc" -o "$out/demo.ll"
llvm-dis-19 "$out/demo.bc" -o "$out/demo.llvm-dis.ll"
if cmp -s "$out/demo.ll" "$out/demo.llvm-dis.ll"; then
  echo "llvmext-dis $out/demo.bc: $(wc -l < "$out/demo.ll") lines, identical to llvm-dis-19's"
else
  echo "llvmext-dis $out/demo.bc differs from llvm-dis-19:" >&2
  diff "$out/demo.llvm-dis.ll" "$out/demo.ll" | head -20 >&2
  exit 1
fi
