#!/usr/bin/env bash
# diff_bench: `cardstock diff` on two large PDFs that differ in three pages (issue 28 §5).
# Builds a game of PAGES x 9 cards on poker-3x3-letter twice (three cards changed, on
# the first, middle and last page), then times `cardstock diff` with each program given:
# the one built here and, with --before, another (say main's, before page digests).
# Two changes: the three cards say another number ("card4" -> "card40": letters the
# file already has), then a word with letters no card had ("Zebu"): the fonts embedded
# as subsets then differ, and every page that uses them is drawn. Built with -j 1 and
# --force: a game drawn in shares (-j) or partly from the cache gets its pages wrapped as
# forms of the shares' PDFs, a different structure drawing the same pixels, which the
# digests do not see through (every page is then drawn, as before).
#
#   bash bench/diff_bench.sh [--pages 5000] [--before /path/to/old/cardstock] [--keep]
#
# Prints one line a program: seconds of wall-clock and of CPU (user + system; on a busy
# machine the CPU time is the fairer figure), and the pages reported (the same for all).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
pages=5000 before="" keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --pages) pages="$2"; shift 2 ;;
    --before) before="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "usage: $0 [--pages N] [--before CARDSTOCK] [--keep]" >&2; exit 2 ;;
  esac
done
now="${CARDSTOCK:-$here/build/cardstock}"
work="$(mktemp -d "${TMPDIR:-/tmp}/cardstock-diff-bench.XXXXXX")"
[ "$keep" = 1 ] || trap 'rm -rf "$work"' EXIT
cards=$((pages * 9))
game() {  # $1: the word of the changed cards ("" for their own)
  printf 'game: g\ntitle: G\ndesigns:\n  face:\n    layers:\n'
  printf '      - {type: rect, x: 3mm, y: 3mm, w: 57.5mm, h: 82.9mm, stroke: "#203050", radius: 2.5mm}\n'
  printf '      - {type: text, text: "{word}", x: 6mm, y: 10mm, w: 51.5mm, h: 20mm, size: 18pt}\n'
  printf 'decks:\n  - id: cards\n    stocks: [poker-3x3-letter]\n    face: face\n    cards:\n'
  awk -v n="$cards" -v w="$1" 'BEGIN {
    for (k = 0; k < n; k++) {
      word = (k == 4 || k == int(n / 2) || k == n - 1) && w != "" ? w : "card" k
      printf "      - {id: c%d, word: %s}\n", k, word
    }
  }'
}
game "" >"$work/g.yaml"
"$now" build "$work/g.yaml" -o "$work/old" -q -j 1 --force
for change in card40 Zebu; do
  game "$change" >"$work/g.yaml"
  rm -rf "$work/new"
  "$now" build "$work/g.yaml" -o "$work/new" -q -j 1 --force
  echo "two PDFs of $pages pages, three pages differ: their cards say $change"
  for prog in "$now" ${before:+"$before"}; do
    status=0
    out="$(/usr/bin/time -f '%e %U %S' -o "$work/time" "$prog" diff "$work/old" "$work/new" 2>&1)" || status=$?
    [ "$status" = 1 ] || { echo "$prog: diff exited $status: $out" >&2; exit 1; }
    read -r wall user sys < <(tail -1 "$work/time")  # after "Command exited with non-zero status 1"
    printf '%-45s %8.1f s wall %8.1f s CPU  %s\n' "$prog" "$wall" "$(echo "$user + $sys" | bc)" \
      "$(echo "$out" | grep -o 'pages .* of [0-9]*')"
  done
done
