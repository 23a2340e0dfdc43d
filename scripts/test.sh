#!/usr/bin/env bash
# Command 2: installs what is missing, builds, and runs every test; then replays the fuzz
# regressions and fuzzes the loader for 60 s (scripts/fuzz.sh). In CI (CI=true), or with
# CARDSTOCK_SANITIZE_TESTS=1, the whole suite also runs under ASan + UBSan
# (scripts/sanitize.sh, its own build directory).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/configure.sh --tests
# The tests write only under build/: a system temp folder of their own must stay empty.
export TMPDIR="$PWD/build/tmpdir-watch"
rm -rf "$TMPDIR" && mkdir -p "$TMPDIR"
ctest --test-dir build --output-on-failure -j "$(nproc)"
if [ -n "$(ls -A "$TMPDIR")" ]; then
  echo "test.sh: the tests left files in the temp folder:" >&2
  ls -A "$TMPDIR" >&2
  exit 1
fi
unset TMPDIR
bash scripts/fuzz.sh "${CARDSTOCK_FUZZ_SECONDS:-60}"
if [ "${CI:-}" = "true" ] || [ "${CARDSTOCK_SANITIZE_TESTS:-}" = "1" ]; then
  bash scripts/sanitize.sh
fi
