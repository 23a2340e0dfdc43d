#!/usr/bin/env bash
# The program installed (`cmake --install`) and packaged (`cpack -G DEB`) finds its shipped
# templates from any folder, as the README promises; a lone copy of it says where it
# looked; --help names the guide; cpack without `file` says what to install.
# Usage: install_test.sh BUILD_DIR TMP_DIR (a folder of its own under the build).
set -euo pipefail
build="$1"
tmp="$2"
rm -rf "$tmp"
mkdir -p "$tmp/deck"
fail() { echo "install_test: $*" >&2; exit 1; }

# A deck in a folder of its own, far from the source tree.
cat >"$tmp/deck/vocab.yaml" <<'YAML'
game: vocab
title: Vocabulary
designs:
  face:
    layers: [{type: text, text: "{word}", size: 18pt}]
decks:
  - {id: words, face: face, stocks: [poker-3x3-letter], cards: {csv: words.csv}}
YAML
printf 'word\nShalom\nTodah\n' >"$tmp/deck/words.csv"

# 1. cmake --install into a prefix; the installed program works from the deck's folder.
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
[ -f "$tmp/prefix/share/cardstock/templates/fonts.yaml" ] || fail "fonts.yaml not installed"
[ -f "$tmp/prefix/share/cardstock/templates/stocks/poker-3x3-letter.yaml" ] || fail "stocks not installed"
(cd "$tmp/deck" && "$tmp/prefix/bin/cardstock" build vocab.yaml -o out >/dev/null) || fail "installed build failed"
[ -f "$tmp/deck/out/vocab/words-poker-3x3-letter.pdf" ] || fail "installed build wrote no PDF"
# diff reads PDFs back through libcardstock-pdf.so, which the installed program loads from
# <prefix>/lib/cardstock: a changed word is a changed page.
printf 'word\nShalom\nBevakasha\n' >"$tmp/deck/words2.csv"
sed 's/words.csv/words2.csv/' "$tmp/deck/vocab.yaml" >"$tmp/deck/vocab2.yaml"
diff_says() {  # PROGRAM: what it says comparing out/ with out2/, and its exit status
  set +e
  (cd "$tmp/deck" && "$1" diff out out2 2>&1)
  echo "exit $?"
  set -e
}
(cd "$tmp/deck" && "$tmp/prefix/bin/cardstock" build vocab2.yaml -o out2 >/dev/null) ||
  fail "installed build of the second deck failed"
said="$(diff_says "$tmp/prefix/bin/cardstock")"
case "$said" in
  *"page 1: changed 'words-2'"*"exit 1") ;;
  *) fail "the installed diff said: $said" ;;
esac

# The JSON Schema is installed for editors, the same as `cardstock schema` prints; the
# installed guide's links lead to installed files (or to the source tree, said in words);
# the manual page names every command `cardstock --help` lists.
cmp -s "$tmp/prefix/share/cardstock/cardstock.schema.json" <("$tmp/prefix/bin/cardstock" schema) ||
  fail "share/cardstock/cardstock.schema.json is not what cardstock schema prints"
check_links() {  # DOC_DIR SOURCE_DIR: every relative link of DOC_DIR/*.md names a file there
  local doc="$1" src="$2" f target
  for f in "$doc"/*.md; do
    while IFS= read -r target; do
      target="${target%%#*}"
      case "$target" in ""|*:*) continue ;; esac
      [ -e "$doc/$target" ] && continue
      # A link to nothing in the source tree either is an example (`[text](url)`).
      [ -e "$src/$target" ] || [ -e "$src/docs/$target" ] || continue
      fail "$f links to $target, which is not installed"
    done < <(grep -o '](\([^)]*\))' "$f" | sed 's/^](//; s/)$//')
  done
}
docdir="$tmp/prefix/share/doc/cardstock"
[ -f "$docdir/README.md" ] && [ -f "$docdir/format.md" ] || fail "README.md and format.md are not installed side by side"
check_links "$docdir" "$(cd "$(dirname "$0")/../.." && pwd)"
grep -q '](format.md' "$docdir/README.md" || fail "the installed README does not link format.md beside it"
for command in $("$tmp/prefix/bin/cardstock" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && /^  [a-z]/ {print $1}'); do
  zcat "$tmp/prefix/share/man/man1/cardstock.1.gz" | sed -n '/^\.SH COMMANDS/,/^\.SH OPTIONS/p' | grep -q "^\.B[IR]* $command\b" ||
    fail "the manual page does not describe '$command'"
done

# --help ends by naming the guide (a minimal Debian has no man-db for `man cardstock`):
# the installed one, or the checkout's from the build folder.
"$tmp/prefix/bin/cardstock" --help | grep -qxF "The guide: $tmp/prefix/share/doc/cardstock/README.md, with format.md (every key of a game file) beside it." ||
  fail "the installed --help does not name the installed guide: $("$tmp/prefix/bin/cardstock" --help | tail -3)"
src="$(cd "$(dirname "$0")/../.." && pwd)"
"$build/cardstock" --help | grep -qxF "The guide: $src/README.md, with $src/docs/format.md (every key of a game file)." ||
  fail "the build folder's --help does not name the checkout's guide: $("$build/cardstock" --help | tail -3)"

# The four games are installed as examples, each with every file it uses; the installed
# program copies one into a folder of the user's, where it builds.
for game in dayenu echad prophets unity; do
  [ -f "$tmp/prefix/share/cardstock/examples/$game/$game.yaml" ] || fail "the example $game is not installed"
  [ -f "$tmp/prefix/share/cardstock/examples/$game/$game.rules.md" ] || fail "the example $game has no rules"
done
[ -f "$tmp/prefix/share/cardstock/examples/echad/assets/echad/maps/egypt.svg" ] || fail "the example echad has no maps"
(cd "$tmp" && "$tmp/prefix/bin/cardstock" example unity d/ >/dev/null && "$tmp/prefix/bin/cardstock" build d/unity.yaml -o d-out >/dev/null) ||
  fail "the installed program's example unity does not copy and build"
[ -f "$tmp/d-out/unity/manifest.json" ] || fail "the copied example unity built nothing"

# 2. A copy of the program with nothing beside it says where it looked, and fails.
mkdir -p "$tmp/lonely/a/b/bin"
cp "$tmp/prefix/bin/cardstock" "$tmp/lonely/a/b/bin/"
set +e
msg="$(cd "$tmp/deck" && "$tmp/lonely/a/b/bin/cardstock" check vocab.yaml 2>&1)"
status=$?
set -e
[ "$status" = 1 ] || fail "a lone copy exited $status: $msg"
case "$msg" in
  "cardstock: error: the shipped templates folder was not found (looked in $tmp/lonely/a/b/share/cardstock/templates, $tmp/lonely/a/b/bin/templates, "*) ;;
  *) fail "a lone copy said: $msg" ;;
esac

# 3. The .deb holds the program in /usr/bin and the templates in /usr/share/cardstock, and
#    the program unpacked from it finds them.
if command -v dpkg-shlibdeps >/dev/null && command -v dpkg-deb >/dev/null; then
  cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/deb" >/dev/null
  deb="$(ls "$tmp"/deb/cardstock_*.deb)"
  dpkg-deb -f "$deb" Depends | grep -q "fonts-noto-core" || fail "the .deb does not depend on the fonts"
  dpkg-deb -x "$deb" "$tmp/root"
  [ -x "$tmp/root/usr/bin/cardstock" ] || fail "no usr/bin/cardstock in the .deb"
  [ -f "$tmp/root/usr/share/cardstock/templates/cards.yaml" ] || fail "no templates in the .deb"
  [ -f "$tmp/root/usr/share/cardstock/examples/prophets/prophets.yaml" ] || fail "no examples in the .deb"
  (cd "$tmp/deck" && "$tmp/root/usr/bin/cardstock" check vocab.yaml >/dev/null) || fail "the .deb's program failed"
  said="$(diff_says "$tmp/root/usr/bin/cardstock")"
  case "$said" in
    *"page 1: changed 'words-2'"*"exit 1") ;;
    *) fail "the .deb's diff said: $said" ;;
  esac
  dpkg-deb -f "$deb" Depends | grep -q "libpoppler-cpp" || fail "the .deb does not depend on poppler"
  dpkg-deb -f "$deb" Depends | grep -q "librsvg2-2" || fail "the .deb does not depend on librsvg (opened at run time)"
  [ "$(dpkg-deb -f "$deb" Suggests)" = ghostscript ] || fail "the .deb does not suggest ghostscript"
  [ -s "$tmp/root/usr/share/doc/cardstock/copyright" ] || fail "the .deb has no copyright file"
  for elf in usr/bin/cardstock usr/lib/cardstock/libcardstock-pdf.so; do
    ! readelf -S "$tmp/root/$elf" | grep -qE '\.symtab|\.debug_' || fail "$elf in the .deb is not stripped"
  done
  # lintian: no errors. Its two remaining warnings are CPack's ldconfig call for a .so
  # under /usr/lib (our private module; ldconfig does not look in lib/cardstock/).
  if command -v lintian >/dev/null; then
    # lintian keeps its scratch databases in TMPDIR: one of the test's own, removed with it.
    mkdir -p "$tmp/lintian-tmp"
    errors="$(TMPDIR="$tmp/lintian-tmp" lintian "$deb" 2>/dev/null | grep '^E:' || true)"
    [ -z "$errors" ] || fail "lintian: $errors"
  else
    echo "install_test: lintian is not installed; the .deb is not linted" >&2
  fi
else
  echo "install_test: dpkg-dev is not installed; the .deb is not checked" >&2
fi

# 4. Without `file` (a minimal Debian lacks it and dpkg-dev), cpack names the Debian
#    packages to install, before building or installing anything: a PATH of links to
#    every program but `file`.
cpack="$(command -v cpack)"
nofile="$tmp/path-without-file"
mkdir -p "$nofile"
IFS=: read -ra path_dirs <<<"$PATH"
for d in "${path_dirs[@]}"; do
  for f in "$d"/*; do
    if [ "${f##*/}" != file ] && [ -x "$f" ] && [ ! -e "$nofile/${f##*/}" ]; then ln -s "$f" "$nofile/${f##*/}"; fi
  done
done
! PATH="$nofile" command -v file >/dev/null || fail "file is still on the PATH made without it"
set +e
said="$(cd "$build" && PATH="$nofile" "$cpack" -G DEB -B "$tmp/deb-without-file" 2>&1)"
status=$?
set -e
said_flat="$(printf '%s' "$said" | tr '\n' ' ' | tr -s ' ')"
[ "$status" != 0 ] || fail "cpack without file succeeded: $said"
case "$said_flat" in
  *"Install projects"*) fail "cpack without file began installing before it said what is missing: $said" ;;
  *"cardstock: making the .deb needs the Debian packages file and dpkg-dev (missing here: file); install them with \`sudo apt install file dpkg-dev\` or \`bash scripts/setup.sh --package\`, then run cpack again"*) ;;
  *) fail "cpack without file said: $said" ;;
esac

rm -rf "$tmp"
echo "install_test: ok"
