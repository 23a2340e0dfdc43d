#!/usr/bin/env bash
# Installs the Debian packages cardstock needs, if any are missing. Safe to run again.
#   bash scripts/setup.sh          what building and rendering need (poppler's C++ API
#                                  reads PDFs back for `cardstock diff`; cpp-httplib
#                                  serves `cardstock preview`)
#   bash scripts/setup.sh --package  also what `cpack -G DEB` needs: file and dpkg-dev
#   bash scripts/setup.sh --test   also what the tests need: GoogleTest, poppler-utils, file and dpkg-dev (the .deb),
#                                  clang with its libFuzzer runtime and the LLVM tools of
#                                  the same version (llvm-symbolizer for readable crash
#                                  traces, llvm-profdata and llvm-cov for fuzz/README's
#                                  coverage recipe), python3-jsonschema and python3-yaml
#                                  (the JSON Schema checked by an independent validator),
#                                  chromium (the diff report opened in a real browser),
#                                  qpdf (the tests run `qpdf --check` on every PDF they
#                                  build), ghostscript (the CMYK tests; optional at
#                                  run time), lintian (the .deb is linted), chromium-driver
#                                  and python3-selenium (the preview tested in a real
#                                  browser), universal-ctags (the size rules' check),
#                                  mmdebstrap (the .deb installed in a minimal Debian root)
# Without root or sudo it installs nothing: it names what is missing and the command to
# install it, in one line, and exits 1.
set -euo pipefail

packages=(
  g++ cmake make pkg-config
  libcairo2-dev libpango1.0-dev librsvg2-dev libyaml-cpp-dev libcli11-dev
  fonts-noto-core fonts-dejavu-core
  libhyphen-dev hyphen-en-us libpoppler-cpp-dev
  libqpdf-dev nlohmann-json3-dev libxxhash-dev
  libzip-dev libxml2-dev libcpp-httplib-dev
)
case "${1:-}" in
  ""|--package|--test) ;;
  *) echo "usage: setup.sh [--package | --test]" >&2; exit 2 ;;
esac
if [ "${1:-}" = "--package" ] || [ "${1:-}" = "--test" ]; then
  # `cpack -G DEB` lists the .deb's library dependencies with dpkg-shlibdeps (dpkg-dev),
  # after finding the ELF files with `file`; a minimal Debian has neither.
  packages+=(file dpkg-dev)
fi
if [ "${1:-}" = "--test" ]; then
  # The LLVM tools must match the clang Debian installs (clang 14 on Debian 12).
  llvm="$(apt-cache depends clang 2>/dev/null | sed -n 's/.*Depends: clang-\([0-9][0-9]*\)$/\1/p' | head -1)"
  llvm="${llvm:-14}"
  packages+=(libgtest-dev poppler-utils clang "libclang-rt-$llvm-dev" "llvm-$llvm"
    python3-jsonschema python3-yaml chromium)
  # universal-ctags: scripts/check-sizes.sh (a ctest test) finds each function's first
  # and last line with it, to hold the rule of no function over 80 lines.
  packages+=(universal-ctags)
  # mmdebstrap: the minimal Debian 12 root (scripts/minimal-root.sh) the .deb is installed
  # into, as WSL's Debian and a Chromebook's Linux start.
  packages+=(mmdebstrap)
  # qpdf: `qpdf --check` on every PDF the tests build.
  packages+=(qpdf)
  # ghostscript: the CMYK PDF/X-1a tests (cmyk: true, --cmyk); cardstock itself runs
  # without it and says what to install when a build asks for CMYK.
  packages+=(ghostscript)
  # lintian: the install test lints the .deb (no errors allowed).
  packages+=(lintian)
  # The preview's browser tests (tests/browser/): headless Chromium driven by Selenium
  # through chromedriver.
  packages+=(chromium chromium-driver python3-selenium)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  # sudo without a password, or with one asked on this terminal; anything else cannot work.
  if command -v sudo >/dev/null && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then
    sudo="sudo"
  else
    echo "cardstock setup: missing Debian packages: ${missing[*]}; install them as root with: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
echo "cardstock setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
