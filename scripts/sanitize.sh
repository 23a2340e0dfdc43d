#!/usr/bin/env bash
# Builds cardstock and its tests with AddressSanitizer + UndefinedBehaviorSanitizer (a
# Debug build in its own directory, build-asan/) and runs the test suite there, but for
# the heavy tests (ctest -LE heavy).
# Any ASan or UBSan report, or a leak in cardstock's own code, fails the run. Leaks
# inside fontconfig/Pango/GLib caches are suppressed by scripts/lsan.supp.
#
#   bash scripts/sanitize.sh
#
# Override the build directory with CARDSTOCK_ASAN_BUILD_DIR=/some/dir.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
build="${CARDSTOCK_ASAN_BUILD_DIR:-$root/build-asan}"

bash scripts/setup.sh --test  # it builds and runs the tests
# CARDSTOCK_SANITIZE adds -fsanitize=address,undefined to every target; GCC's "undefined"
# leaves out float-cast-overflow (a double too big for the integer it is converted to;
# see tests/fuzz-regressions/text-size-1e18pt.yaml), so it is added here.
# -g1: line tables only, all a sanitizer report needs for file:line. Compiling with it
# takes about a third less CPU than with -g (load/schema/schema.cpp 3.4 s, not 5.2 s;
# run/options.cpp 5.8 s, not 9.2 s), and the objects are smaller.
# -O1: what AddressSanitizer's documentation advises for speed; a report still names
# file:line.
# -no-pie: every process of the suite (each test is its own process, and most start the
# cardstock binary) spent most of its start-up relocating: the sanitizers' data about
# every check (112 MB in cardstock) held 4.3 million addresses to relocate in a
# position-independent program, 53 thousand in one that is not. `cardstock --version`
# took 4.8 s, and 2.6 s without.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCARDSTOCK_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS="-fsanitize=float-cast-overflow" -DCMAKE_CXX_FLAGS_DEBUG="-g1 -O1" \
  -DCMAKE_EXE_LINKER_FLAGS="-no-pie" >/dev/null
cmake --build "$build" -j "$(nproc)"

# detect_leaks: LeakSanitizer at exit of every test process (and of the cardstock
# binary the output tests run). abort_on_error/halt_on_error: the first report fails
# the test instead of scrolling past. The environment reaches the cardstock child
# processes too.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# -LE heavy: the heavy tests (browser, install, the .deb in a minimal Debian root;
# docs/development.md) run once, in scripts/test.sh: their time goes to programs the
# sanitizers do not look at. One job a core: a job more (tried) made every test slower by
# more than the third job gained (the 491 tests of both runs: 1.75 times their time).
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -LE heavy
