#!/usr/bin/env bash
# Configures and builds cardstock into build/ (Release). Used by render-all.sh and test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCARDSTOCK_WERROR=ON >/dev/null
cmake --build build -j "$(nproc)"
