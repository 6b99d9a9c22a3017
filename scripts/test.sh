#!/usr/bin/env bash
# The full test suite: installs the LLVM 19 oracles when missing, then runs
# every test (unit, integration, differential against the LLVM tools, doc
# tests, benches in test mode) and the lint gates that keep main landable.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
export CARGO_TERM_COLOR=never
# One build from scratch: incremental compilation's caches would only take
# disk (as much again as the build itself) and time.
export CARGO_INCREMENTAL=0
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# Without default features: llvmext-ir without `std` (no threads), and
# llvmext-bitcode's analyzer without the IR model (its `ir` feature off).
cargo clippy -p llvmext-ir -p llvmext-bitcode --no-default-features --lib -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps
# The root package's tests first: they build the corpus under
# target/llvmext-corpus that the member crates' corpus tests read (and fail
# without); then the members'.
cargo test -p llvmext --all-targets
cargo test --workspace --exclude llvmext --all-targets
cargo test --workspace --doc
# The assembler corpus again with llvmext-asm's pre-scanning thread on for
# every file (by default only sources of 1 MiB or more get it): the objects
# must not change. The corpus is cached under target/ by the run above.
LLVMEXT_ASM_PRESCAN=1 cargo test -p llvmext --test llvmext_mc objects_match_llvm_mc_19
# The crates as they would be published, each built against the others as
# packaged (scripts/package-test.sh also runs the packaged crates' tests).
dirty=()
if [ -n "$(git status --porcelain 2>/dev/null)" ]; then dirty=(--allow-dirty); fi
# Cargo takes the packaged crates it builds against for registry crates:
# it unpacks each into its registry source cache once per name and version
# and never rebuilds one it has built, so a previous run's would be used.
# Neither cache is kept between runs (none of these crates is on crates.io:
# only these runs put them there).
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/llvmext-[a-z]*-[0-9]* target/publish-check
CARGO_TARGET_DIR=target/publish-check cargo publish --workspace --dry-run "${dirty[@]}" 2>&1 \
    | { grep -v -e "^warning: ignoring \(test\|benchmark\|example\)" -e "aborting upload" || true; }
# API breaks against the recorded baseline (scripts/semver-baseline).
bash scripts/semver-check.sh
