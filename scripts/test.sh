#!/usr/bin/env bash
# Command 2: installs what is missing, builds, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/configure.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
