#!/usr/bin/env bash
# The .deb in a minimal Debian 12 (mmdebstrap --variant=minbase), as WSL's Debian and a
# Chromebook's Linux start: `apt-get install ./cardstock_*.deb` brings everything the
# program needs, and a new user's `cardstock --version`, `--help` (without man-db),
# `check` and `build` of the shipped games work there, the PDFs the same bytes as this
# machine's build. Prints how long each step took.
# Usage: deb_minimal_root_test.sh BUILD_DIR MINIMAL_ROOT TMP_DIR
#   MINIMAL_ROOT is made by scripts/minimal-root.sh (the MinimalRoot.Made test) and
#   shared; the test installs into a copy of it. Needs root (chroot, mount); exits 77
#   (skipped) without it.
set -euo pipefail
build="$(realpath "$1")"
shared_root="$2"
tmp="$(realpath -m "$3")"
src="$(cd "$(dirname "$0")/../.." && pwd)"
fail() { echo "deb_minimal_root_test: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "deb_minimal_root_test: needs root (chroot, mount /proc); skipped" >&2; exit 77; }
[ -f "$shared_root/.cardstock-minimal-root" ] || fail "no finished minimal root in $shared_root (run scripts/minimal-root.sh $shared_root)"
command -v dpkg-shlibdeps >/dev/null && command -v file >/dev/null ||
  fail "making the .deb needs file and dpkg-dev (bash scripts/setup.sh --package)"

# A /proc left mounted by a killed run is unmounted before its folder is removed.
root="$tmp/root"
[ ! -d "$root/proc" ] || ! mountpoint -q "$root/proc" || umount "$root/proc"
rm -rf "$tmp"
mkdir -p "$tmp"
cleanup() { if mountpoint -q "$root/proc"; then umount "$root/proc"; fi; }
trap cleanup EXIT
took() { echo "deb_minimal_root_test: $1 took $(($SECONDS - $2)) s"; }

t=$SECONDS
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/deb" >/dev/null
deb="$(ls "$tmp"/deb/cardstock_*.deb)"
took "making the .deb" $t

t=$SECONDS
cp -a "$shared_root" "$root"
mount -t proc proc "$root/proc"
took "copying the minimal root" $t
# What a new user has before installing: no cardstock, no man.
# A clean environment inside (none of this machine's TMPDIR, HOME or LANG).
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin /bin/sh -c "$1"; }
! in_root 'command -v man' >/dev/null || fail "the minimal root has man-db; the --help check below would prove nothing"
! in_root 'command -v cardstock' >/dev/null || fail "the minimal root already has cardstock"

t=$SECONDS
cp "$deb" "$root/tmp/"
# force-unsafe-io: dpkg without its fsync calls, as the root was made; nothing else differs
# from what docs/install.md says to run.
in_root "cd /tmp && DEBIAN_FRONTEND=noninteractive apt-get install -y -o Dpkg::Options::=--force-unsafe-io ./$(basename "$deb")" \
  >"$tmp/apt.log" 2>&1 || { tail -30 "$tmp/apt.log" >&2; fail "apt-get install of the .deb failed (log: $tmp/apt.log)"; }
took "apt-get install ./$(basename "$deb") ($(grep -o '[0-9]* newly installed' "$tmp/apt.log"))" $t

# A new user, logged in with su - (HOME, PATH and no LANG, as a fresh account has).
in_root 'useradd --create-home --shell /bin/bash teacher'
as_user() { chroot "$root" /usr/bin/env -i su - teacher -c "$1"; }
version="$(as_user 'cardstock --version')" || fail "cardstock --version failed in the root: $version"
[ "$version" = "$("$build/cardstock" --version)" ] || fail "the installed program says '$version'"
help="$(as_user 'cardstock --help')" || fail "cardstock --help failed without man-db: $help"
case "$help" in
  *"Subcommands:"*"/usr/share/doc/cardstock/README.md"*) ;;
  *) fail "cardstock --help does not point to the installed docs: $help" ;;
esac
[ -f "$root/usr/share/doc/cardstock/README.md" ] && [ -f "$root/usr/share/doc/cardstock/format.md" ] ||
  fail "the docs --help points to are not installed"
# The schema an editor on the other side (Windows, ChromeOS) reads beside the game.
as_user 'cardstock schema > cardstock.schema.json' || fail "cardstock schema failed"
cmp -s "$root/home/teacher/cardstock.schema.json" "$src/docs/cardstock.schema.json" ||
  fail "cardstock schema in the root is not docs/cardstock.schema.json"

# The four shipped games with all their files (content/), copied into the user's home, checked and built;
# the same copy built here by this build's program.
games=(dayenu echad prophets unity)
mkdir -p "$tmp/host/games" "$root/home/teacher/games"
for where in "$tmp/host/games" "$root/home/teacher/games"; do
  cp -r "$src/content/." "$where/"
done
in_root 'chown -R teacher:teacher /home/teacher/games'
ymls="${games[*]/%/.yaml}"
t=$SECONDS
said="$(as_user "cd games && cardstock check $ymls" 2>&1)" || fail "cardstock check in the root failed: $said"
took "cardstock check of the four games" $t
t=$SECONDS
said="$(as_user "cd games && cardstock build --quiet $ymls -o out" 2>&1)" || fail "cardstock build in the root failed: $said"
took "cardstock build of the four games" $t
(cd "$tmp/host/games" && "$build/cardstock" build --quiet $ymls -o out) || fail "the host's build failed"

# Every PDF the same bytes as the host's, and the same set of them.
(cd "$tmp/host/games/out" && find . -name '*.pdf' | sort) >"$tmp/host.list"
(cd "$root/home/teacher/games/out" && find . -name '*.pdf' | sort) >"$tmp/root.list"
[ -s "$tmp/host.list" ] || fail "the host's build made no PDF"
cmp -s "$tmp/host.list" "$tmp/root.list" || fail "different PDFs: $(diff "$tmp/host.list" "$tmp/root.list")"
differ=()
while IFS= read -r pdf; do
  cmp -s "$tmp/host/games/out/$pdf" "$root/home/teacher/games/out/$pdf" || differ+=("$pdf")
done <"$tmp/host.list"
[ ${#differ[@]} -eq 0 ] || fail "${#differ[@]} of $(wc -l <"$tmp/host.list") PDFs differ from the host's: ${differ[*]}"
echo "deb_minimal_root_test: $(wc -l <"$tmp/host.list") PDFs byte-identical to the host's"

cleanup
trap - EXIT
rm -rf "$tmp"
echo "deb_minimal_root_test: ok"
