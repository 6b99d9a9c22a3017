#!/usr/bin/env bash
# API compatibility: cargo-semver-checks compares the public API of every
# crate of the workspace with its API at the baseline commit named in
# scripts/semver-baseline, and fails on a change the crate's version does
# not allow (a breaking change needs a new major version — for 0.x, a new
# minor: 0.1.x -> 0.2.0). After a release (or an intended, version-bumped
# break) move the baseline to that commit.
#
#   bash scripts/semver-check.sh        (scripts/test.sh runs it)
#
# cargo-semver-checks is installed with `cargo install` under target/tools
# (pinned: the rustdoc JSON it reads changes with the toolchain).
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.51.0
tools=$PWD/target/tools
if ! "$tools/bin/cargo-semver-checks" --version 2>/dev/null | grep -q " $version\$"; then
    cargo install --locked --quiet cargo-semver-checks --version "$version" --root "$tools"
fi
export PATH="$tools/bin:$PATH"
baseline=$(grep -v '^#' scripts/semver-baseline | head -1 | tr -d '[:space:]')
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null \
    && [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ]; then
    git fetch --quiet --unshallow 2>/dev/null || true
fi
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "semver-check: the baseline commit $baseline is not in this clone;" \
        "the check needs the repository's history (git fetch --unshallow)" >&2
    exit 1
fi
cargo semver-checks --workspace --baseline-rev "$baseline"
