#!/usr/bin/env bash
# The crates as they would be published: `cargo publish --workspace
# --dry-run` packages every crate and builds each against the others as
# packaged; then each `.crate` is unpacked outside the repository and its
# own tests (unit, integration, doc) run there, the family's other crates
# taken from their unpacked packages (not from the repository, not from
# crates.io). Tests that read the repository outside their crate are not in
# the packages (see each Cargo.toml's `exclude` and llvmext-bitcode's
# `workspace-tests` feature); this script shows the rest pass without it.
#
#   bash scripts/package-test.sh        (scripts/test.sh runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CARGO_TERM_COLOR=never

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

# The .crate files themselves (the dry run leaves them unpacked only).
CARGO_TARGET_DIR=target/publish-check cargo package --workspace --no-verify "${dirty[@]}" 2>&1 \
    | { grep -v -e "^warning: ignoring \(test\|benchmark\|example\)" || true; }

crates=(llvmext-core llvmext-ir llvmext-bitcode llvmext-obj llvmext-asm llvmext)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
# Outside the repository, so that no crate finds the workspace's Cargo.toml.
work=$(mktemp -d "${TMPDIR:-/tmp}/llvmext-package-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
for c in "${crates[@]}"; do
    tar -xzf "target/publish-check/package/$c-$version.crate" -C "$work"
done
patches=()
for c in "${crates[@]}"; do
    patches+=(--config "patch.crates-io.$c.path=\"$work/$c-$version\"")
done
# One target directory for all (the dependencies are built once), fresh
# each run: the packages' paths change from run to run and cargo would take
# a previous run's build of a crate for this one's.
export CARGO_TARGET_DIR="$root/target/package-test"
rm -rf "$CARGO_TARGET_DIR"
for c in "${crates[@]}"; do
    echo "== $c $version (unpacked package)"
    cp Cargo.lock "$work/$c-$version/Cargo.lock"
    (cd "$work/$c-$version" && cargo test "${patches[@]}" --all-targets && cargo test "${patches[@]}" --doc)
done
echo "package-test: ${#crates[@]} packaged crates built and tested"
