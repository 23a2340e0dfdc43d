#!/usr/bin/env bash
# Installs the Debian packages cardstock needs, if any are missing. Safe to run again.
#   bash scripts/setup.sh          what building and rendering need
#   bash scripts/setup.sh --test   also the test tools: clang + libFuzzer runtime (fuzzing)
set -euo pipefail

packages=(
  g++ cmake make pkg-config
  libcairo2-dev libpango1.0-dev librsvg2-dev libyaml-cpp-dev libcli11-dev
  libgtest-dev libpoppler-cpp-dev poppler-utils
  fonts-noto-core fonts-dejavu-core
  libhyphen-dev hyphen-en-us
)
if [ "${1:-}" = "--test" ]; then
  packages+=(clang libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "cardstock setup: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "cardstock setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
