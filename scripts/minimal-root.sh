#!/usr/bin/env bash
# Makes a minimal Debian 12 root file system in DIR, the start WSL's Debian and a
# Chromebook's Linux give: `mmdebstrap --variant=minbase bookworm`, with sudo (both have
# it, and docs/install.md says `sudo apt install`) and with apt's package lists kept, so
# `apt-get install ./cardstock_*.deb` inside it needs no `apt-get update`. Its apt sources
# are this machine's (/etc/apt/sources.list and sources.list.d/).
#   bash scripts/minimal-root.sh DIR
# Made once: a DIR holding a finished root (its stamp file, with the same recipe) is
# reused, so the tests of one build folder share it; an unfinished one is made again.
# Tests install into a copy of it (cp -a), never into DIR itself. Needs root (mmdebstrap
# in root mode creates device nodes) and mmdebstrap (scripts/setup.sh --test).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: minimal-root.sh DIR" >&2; exit 2; }
dir="$(realpath -m "$1")"
stamp="$dir/.cardstock-minimal-root"
say() { echo "minimal-root: $*" >&2; }
[ "$(id -u)" -eq 0 ] || { say "needs root (mmdebstrap in root mode, chroot)"; exit 77; }
command -v mmdebstrap >/dev/null ||
  { say "mmdebstrap is not installed; install it with: apt-get install mmdebstrap (or bash scripts/setup.sh --test)"; exit 1; }

sources=()
[ -f /etc/apt/sources.list ] && grep -q '^[[:space:]]*deb' /etc/apt/sources.list && sources+=(/etc/apt/sources.list)
for f in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] && sources+=("$f")
done
[ ${#sources[@]} -gt 0 ] || { say "this machine has no apt sources to copy (/etc/apt/sources.list, sources.list.d/)"; exit 1; }

# force-unsafe-io: dpkg skips its fsync calls while the root is made (59 s instead of 94 s
# here); the customize hook takes the setting out again, so the root's own dpkg is as shipped.
recipe=(mmdebstrap --variant=minbase --include=sudo --skip=cleanup/apt/lists
  --dpkgopt=force-unsafe-io --customize-hook='rm "$1/etc/dpkg/dpkg.cfg.d/99mmdebstrap"'
  bookworm "$dir" "${sources[@]}")
want="$(printf '%s\n' "${recipe[*]}"; cat "${sources[@]}" | sha256sum)"

# One maker at a time: a second caller waits, then reuses what the first made.
mkdir -p "$(dirname "$dir")"
exec 9>"$dir.lock"
flock 9
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  say "reusing $dir"
  exit 0
fi
if [ -e "$dir" ]; then
  # Never delete through a mount (a test's /proc left mounted by a killed run).
  if awk -v d="$dir" '$2 == d || index($2, d "/") == 1 {found = 1} END {exit !found}' /proc/self/mounts; then
    say "something is still mounted under $dir; unmount it (findmnt -R $dir) and run again"
    exit 1
  fi
  # Only a root this script began (or an empty folder) is removed.
  if [ -n "$(ls -A "$dir")" ] && [ ! -f "$dir/etc/debian_version" ]; then
    say "$dir is not empty and holds no Debian root; give an empty or new folder"
    exit 1
  fi
  rm -rf "$dir"
fi
start=$SECONDS
"${recipe[@]}" 2>"$dir.log" || { tail -20 "$dir.log" >&2; say "mmdebstrap failed (its log: $dir.log)"; exit 1; }
printf '%s\n' "$want" >"$stamp"
say "made $dir in $((SECONDS - start)) s"
