#!/usr/bin/env bash
# Configures and builds cardstock into build/ (Release).
#   bash scripts/configure.sh          the cardstock program only (render-all.sh)
#   bash scripts/configure.sh --tests  and the test programs (test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--tests" ]; then
  bash scripts/setup.sh --test
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCARDSTOCK_WERROR=ON -DBUILD_TESTING=ON >/dev/null
  cmake --build build -j "$(nproc)"
else
  bash scripts/setup.sh
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCARDSTOCK_WERROR=ON -DBUILD_TESTING=OFF >/dev/null
  cmake --build build -j "$(nproc)" --target cardstock
fi
