#!/usr/bin/env bash
# The size rules: no function over 80 lines (in src/, fuzz/ and bench/) and no source file
# over 700 lines (src/, tests/, fuzz/, bench/). Lists every function and file that breaks
# them, as file:line, and exits 1 if there is any; exits 0 when all keep them.
#
#   bash scripts/check-sizes.sh [ROOT]     (ROOT: the checkout; default: this script's)
#
# Functions are found by universal-ctags (Debian: universal-ctags; scripts/setup.sh --test
# installs it), which gives each definition's first and last line; a function's size counts
# both, as an editor numbers them. The tests' functions are not held to 80 lines: several
# are tables of cases (tests/cli/hostile_test.cpp), which read best whole.
# Without universal-ctags only the files are checked, and the script says so and exits 77
# (ctest: skipped) if they pass.
set -euo pipefail
root="${1:-$(dirname "$0")/..}"
cd "$root"
max_function=80
max_file=700

sources() {  # NUL-separated, sorted
  find "$@" -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.c' \) -print0 2>/dev/null | sort -z
}

status=0
# One wc for every file ("lines name" a line, then a total, which is left out).
long_files=$(sources src tests fuzz bench | xargs -0 wc -l |
  awk -v max="$max_file" '$2 != "total" && $1 > max { printf "%s: %d lines (a source file has at most %d)\n", $2, $1, max }')
if [ -n "$long_files" ]; then
  echo "$long_files"
  status=1
fi

if ! ctags --version 2>/dev/null | grep -q 'Universal Ctags'; then
  echo "check-sizes.sh: universal-ctags is not installed (apt-get install universal-ctags):" \
       "the functions were not measured" >&2
  [ "$status" -eq 0 ] && exit 77
  exit "$status"
fi

# One line a function definition: "first last file name". Lambdas are counted within the
# function that holds them (ctags names them __anon...), not on their own.
long=$(sources src fuzz bench | xargs -0 ctags -x --language-force=C++ --kinds-C++=f --fields=+ne \
         --_xformat='%{line} %{end} %{input} %{name}' |
       awk -v max="$max_function" '$2 != "" && $2 - $1 + 1 > max {
         printf "%s:%d: function %s is %d lines (a function has at most %d)\n", $3, $1, $4, $2 - $1 + 1, max }' |
       sort -t: -k1,1 -k2,2n)
if [ -n "$long" ]; then
  echo "$long"
  status=1
fi
[ "$status" -eq 0 ] && echo "check-sizes.sh: every function within $max_function lines, every file within $max_file"
exit "$status"
