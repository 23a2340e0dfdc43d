#!/usr/bin/env bash
# Fuzzes for SECONDS in all (default 60) with libFuzzer + ASan + UBSan, after replaying
# every input in tests/fuzz-regressions/: the loader and the whole `check` path
# (fuzz/fuzz_game.cpp) for five sixths of them, then the manifest.json reader of
# `cardstock diff` (fuzz/fuzz_manifest.cpp) for the last sixth (at least 5 s each).
# Exits non-zero on any crash, sanitizer report, leak, timeout (-timeout=10) or memory
# blow-up (-rss_limit_mb=2048). Needs clang++ and its libFuzzer runtime (Debian: clang,
# libclang-rt-14-dev); without them it prints a note and exits 0.
#
#   bash scripts/fuzz.sh [SECONDS]
#
# Builds into build-fuzz/ (override: CARDSTOCK_FUZZ_BUILD_DIR=/some/dir). The corpus is
# copied: fuzz/corpus/ is never modified. A crash input is left in <build dir>/artifacts/;
# see fuzz/README.md for turning it into a regression input.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

seconds="${1:-60}"
case "$seconds" in
  ''|*[!0-9]*) echo "usage: bash scripts/fuzz.sh [SECONDS]" >&2; exit 2 ;;
esac
build="${CARDSTOCK_FUZZ_BUILD_DIR:-$root/build-fuzz}"

if ! command -v clang++ >/dev/null || ! command -v clang >/dev/null; then
  echo "fuzz.sh: clang++ not found; skipping the fuzz run (Debian: apt-get install clang libclang-rt-14-dev)"
  exit 0
fi
probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }' >"$probe/p.cpp"
if ! clang++ -fsanitize=fuzzer,address,undefined "$probe/p.cpp" -o "$probe/p" 2>"$probe/err"; then
  echo "fuzz.sh: clang++ cannot link -fsanitize=fuzzer (libFuzzer runtime missing?); skipping the fuzz run"
  echo "fuzz.sh: (Debian: apt-get install libclang-rt-14-dev)"
  sed 's/^/  /' "$probe/err" | head -5
  exit 0
fi

bash scripts/setup.sh  # the project's own build dependencies (Cairo, Pango, yaml-cpp...)

# The whole build directory gets coverage and sanitizers, so cardstock_core is
# instrumented; fuzz_game itself adds -fsanitize=fuzzer (its main). -Wno-unknown-warning-option:
# the project's warning flags include GCC-only ones.
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -Wno-unknown-warning-option"
# -O1 -gline-tables-only (not RelWithDebInfo's -O2 -g): line tables are all a crash trace
# needs, and full debug information is costly to compile (for the sanitized build, -g1
# took a third less CPU than -g: scripts/sanitize.sh).
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCARDSTOCK_FUZZ=ON -DBUILD_TESTING=OFF -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" >/dev/null
cmake --build "$build" --target fuzz_game fuzz_manifest -j "$(nproc)"
fuzzer="$build/fuzz/fuzz_game"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
# Crash traces with function names and lines (llvm-symbolizer of clang's own version).
ver="$(clang --version | sed -n 's/.*clang version \([0-9][0-9]*\).*/\1/p' | head -1)"
sym="$(command -v "llvm-symbolizer-$ver" || command -v llvm-symbolizer || true)"
[ -n "$sym" ] && export ASAN_SYMBOLIZER_PATH="$sym"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
common=(-rss_limit_mb=2048 -timeout=10)

# 1. Every input that once crashed must now run clean.
regressions=()
if [ -d tests/fuzz-regressions ]; then
  while IFS= read -r -d '' f; do regressions+=("$f"); done \
    < <(find tests/fuzz-regressions -type f ! -name 'README*' -print0 | sort -z)
fi
if [ ${#regressions[@]} -gt 0 ]; then
  echo "fuzz.sh: replaying ${#regressions[@]} regression input(s) from tests/fuzz-regressions/"
  if ! "$fuzzer" "${common[@]}" "${regressions[@]}" >"$build/regressions.log" 2>&1; then
    cat "$build/regressions.log" >&2
    echo "fuzz.sh: FAILED: a regression input crashes again (log above)" >&2
    exit 1
  fi
fi

# 2. Fuzz on a fresh copy of the seed corpus (plus the regression inputs).
[ "$seconds" -eq 0 ] && { echo "fuzz.sh: 0 seconds: regressions only"; exit 0; }
# The targets share the SECONDS: a new target takes its part, not more time.
mseconds=$(( seconds / 6 > 5 ? seconds / 6 : 5 ))
gseconds=$(( seconds - mseconds > 5 ? seconds - mseconds : 5 ))
work="$build/corpus-run"
rm -rf "$work" "$build/artifacts"
mkdir -p "$work" "$build/artifacts"
cp fuzz/corpus/* "$work/"
[ ${#regressions[@]} -gt 0 ] && cp "${regressions[@]}" "$work/"
echo "fuzz.sh: fuzzing the loader for ${gseconds}s (log: $build/fuzz.log)"
status=0
"$fuzzer" "${common[@]}" -max_total_time="$gseconds" -print_final_stats=1 \
  -dict=fuzz/cardstock.dict -artifact_prefix="$build/artifacts/" "$work" >"$build/fuzz.log" 2>&1 || status=$?
grep -E '^#[0-9]+[[:space:]]+DONE|^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$build/fuzz.log" || true
if [ "$status" -ne 0 ]; then
  grep -vE '^(#[0-9]+[[:space:]]|INFO:|".*" # Uses|###### )' "$build/fuzz.log" | awk 'NR <= 80' >&2
  echo "fuzz.sh: FAILED (exit $status): crash input(s) in $build/artifacts/:" >&2
  ls -1 "$build/artifacts/" >&2
  echo "fuzz.sh: minimize with: $fuzzer -minimize_crash=1 -runs=10000 <crash file>;" \
       "then add it to tests/fuzz-regressions/ (fuzz/README.md)" >&2
  exit 1
fi

# 3. The manifest reader, on its own seeds.
mwork="$build/corpus-manifest-run"
rm -rf "$mwork" && mkdir -p "$mwork" && cp fuzz/corpus-manifest/* "$mwork/"
echo "fuzz.sh: fuzzing the manifest reader for ${mseconds}s (log: $build/fuzz-manifest.log)"
status=0
"$build/fuzz/fuzz_manifest" "${common[@]}" -max_total_time="$mseconds" -print_final_stats=1 \
  -artifact_prefix="$build/artifacts/" "$mwork" >"$build/fuzz-manifest.log" 2>&1 || status=$?
grep -E '^#[0-9]+[[:space:]]+DONE|^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$build/fuzz-manifest.log" || true
if [ "$status" -ne 0 ]; then
  grep -vE '^(#[0-9]+[[:space:]]|INFO:|".*" # Uses|###### )' "$build/fuzz-manifest.log" | awk 'NR <= 80' >&2
  echo "fuzz.sh: FAILED (exit $status): the manifest reader; crash input(s) in $build/artifacts/" >&2
  ls -1 "$build/artifacts/" >&2
  exit 1
fi
echo "fuzz.sh: ok"
