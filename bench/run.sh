#!/usr/bin/env bash
# Whole-process benchmark of `cardstock build` against the plain Cairo + Pango floor
# (bench/floor.c), then the Google Benchmark micro-benchmarks. See bench/README.md.
#
#   bash bench/run.sh [--no-micro] [bench.py options: --sizes 54,540 --reps 3 --keep ...]
#
# Builds into its own folder ($CARDSTOCK_BENCH_BUILD, default build-bench/ in the checkout:
# a build folder inside the source tree is where the program finds the shipped templates),
# Release, never into build/. About 1 minute on a 2-core machine, plus about 1 minute to
# compile the first time.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${CARDSTOCK_BENCH_BUILD:-$ROOT/build-bench}"
MICRO=1
ARGS=()
for a in "$@"; do
  if [[ "$a" == "--no-micro" ]]; then MICRO=0; else ARGS+=("$a"); fi
done

echo "== building (Release) into $BUILD"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCARDSTOCK_BENCH=ON \
  -DBUILD_TESTING=OFF >/dev/null
cmake --build "$BUILD" -j "$(nproc)" --target cardstock floor cardstock_bench >/dev/null

echo "== cardstock build vs floor"
status=0
python3 "$ROOT/bench/bench.py" --cardstock "$BUILD/cardstock" --floor "$BUILD/bench/floor" \
  --root "$ROOT" "${ARGS[@]+"${ARGS[@]}"}" || status=$?

echo
echo "== cardstock preview (headless Chromium)"
if /usr/bin/python3 -c "import selenium" 2>/dev/null && command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
  /usr/bin/python3 "$ROOT/bench/preview_bench.py" --cardstock "$BUILD/cardstock" || status=$?
else
  echo "skipped: needs chromium, chromium-driver and python3-selenium"
fi

if [[ $MICRO == 1 ]]; then
  echo
  echo "== micro-benchmarks (cardstock_bench)"
  # Debian's libbenchmark warns it "was built as DEBUG": that is the library's own
  # bookkeeping, not the code measured (cardstock is built Release).
  "$BUILD/bench/cardstock_bench" --benchmark_min_time=0.2 2>&1 | grep -v '^\*\*\*WARNING\*\*\* Library was built as DEBUG'
fi
exit $status
