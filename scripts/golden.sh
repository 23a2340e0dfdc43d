#!/usr/bin/env bash
# The golden digests (tests/golden/README.md).
#   bash scripts/golden.sh            builds, then checks every fixture output against
#                                     tests/golden/digests.sha256 (the test CI runs)
#   bash scripts/golden.sh --update   builds, then records the digests and fingerprints
#                                     anew: after a deliberate change, commit tests/golden/
#                                     with it, so the commit shows what changed
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/configure.sh --tests >/dev/null
if [ "${1:-}" = "--update" ]; then
  CARDSTOCK_UPDATE_GOLDENS=1 ./build/tests/output_tests --gtest_filter='Golden.*' --gtest_brief=1
  git --no-pager diff --stat -- tests/golden/ || true
else
  ./build/tests/output_tests --gtest_filter='Golden.*' --gtest_brief=1
fi
