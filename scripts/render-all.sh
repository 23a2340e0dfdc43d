#!/usr/bin/env bash
# Command 1: installs what is missing, builds the cardstock program (no tests), and renders
# every game into out/<game>/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/configure.sh
for g in echad dayenu unity prophets; do
  [ -f "content/$g.yaml" ] || echo "note: content/$g.yaml is not written yet; skipping $g"
done
./build/cardstock build "$@"
