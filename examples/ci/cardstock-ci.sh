#!/usr/bin/env bash
# The steps of cardstock's CI recipe (docs/ci.md), shared by the GitHub Actions and
# GitLab CI files beside this one; tests/cli/ci_recipe_test.cpp runs those files' shell
# lines on a scratch repository, so the recipe cannot drift from the tool.
#
#   cardstock-ci.sh setup                install the Debian packages (scripts/setup.sh) and
#                                        build cardstock (scripts/configure.sh)
#   cardstock-ci.sh games                this job's share of content/*.yaml, one a line
#   cardstock-ci.sh check FORMAT         `cardstock check` this share; every diagnostic
#                                        stays in the log and becomes an annotation:
#                                        FORMAT github (workflow commands: inline in the
#                                        pull request), gitlab (gl-code-quality-report.json,
#                                        a Code Quality report) or text; fails on errors
#   cardstock-ci.sh build OUT            `cardstock build` this share into OUT
#   cardstock-ci.sh base REF OUT         build this share's games as they are on branch REF
#                                        into OUT (a git worktree of REF)
#   cardstock-ci.sh diff OLD NEW REPORT  `cardstock diff OLD NEW -o REPORT` and REPORT/summary.txt
#                                        (also the GitHub job summary); fails only if the
#                                        folders cannot be compared, not on changes
#
# Environment:
#   CARDSTOCK_SHARE=K/N    this job's share of the game files (default 1/1): the files,
#                          largest first, each to the share with the fewest bytes so far
#   CARDSTOCK_BASE_TOOL    base (default): build REF with REF's own cardstock, so a change
#                          to the tool shows too; head: with this one (faster; enough when
#                          only content changes)
#   CARDSTOCK=path         use this cardstock instead of building one
#   CARDSTOCK_SOURCE_URL   link the report's card sources there (URL + file + #L + line)
set -euo pipefail

cardstock="${CARDSTOCK:-$PWD/build/cardstock}"

die() {
  echo "cardstock-ci: $*" >&2
  exit 2
}

# This job's game files: sorted by size, largest first, each to the share whose files add
# up to the fewest bytes so far (ties: the lower share), so the shares take about as long.
games() {
  local share="${CARDSTOCK_SHARE:-1/1}"
  [[ "$share" =~ ^([0-9]+)/([0-9]+)$ ]] || die "CARDSTOCK_SHARE must be K/N, not '$share'"
  local k="${BASH_REMATCH[1]}" n="${BASH_REMATCH[2]}"
  { [ "$n" -ge 1 ] && [ "$k" -ge 1 ] && [ "$k" -le "$n" ]; } || die "CARDSTOCK_SHARE $share: want 1 <= K <= N"
  local -a load
  local i f best
  for ((i = 1; i <= n; i++)); do load[i]=0; done
  [ -d content ] || return 0
  while read -r size f; do
    best=1
    for ((i = 2; i <= n; i++)); do [ "${load[i]}" -lt "${load[best]}" ] && best=$i; done
    load[best]=$((load[best] + size))
    if [ "$best" -eq "$k" ]; then echo "$f"; fi
  done < <(find content -maxdepth 1 -name '*.yaml' -type f -printf '%s %p\n' | sort -k1,1nr -k2,2) | sort
}

# Diagnostics ("file:line:col: error: message") on stdin: copied to stdout, and as
# annotations: GitHub workflow commands on stdout, or a GitLab Code Quality report.
annotate() {
  local format="$1" line file row col kind msg n=0
  local report="gl-code-quality-report.json"
  [ "$format" = gitlab ] && printf '[' >"$report"
  while IFS= read -r line; do
    printf '%s\n' "$line"
    if [[ "$line" =~ ^([^:]+):([0-9]+):([0-9]+):\ (error|warning):\ (.*)$ ]]; then
      file="${BASH_REMATCH[1]}" row="${BASH_REMATCH[2]}" col="${BASH_REMATCH[3]}"
      kind="${BASH_REMATCH[4]}" msg="${BASH_REMATCH[5]}"
    elif [[ "$line" =~ ^([^:]+):\ (error|warning):\ (.*)$ ]]; then
      file="${BASH_REMATCH[1]}" row=1 col=1 kind="${BASH_REMATCH[2]}" msg="${BASH_REMATCH[3]}"
    else
      continue
    fi
    case "$format" in
      github)
        # Workflow command escaping: % CR LF in the message, and : , in properties too.
        # cardstock writes no CR or LF inside a line (it escapes them as \r, \n); these
        # keep the command one line whatever the log holds.
        msg="${msg//%/%25}" msg="${msg//$'\r'/%0D}" msg="${msg//$'\n'/%0A}"
        file="${file//%/%25}" file="${file//$'\r'/%0D}" file="${file//$'\n'/%0A}"
        file="${file//:/%3A}" file="${file//,/%2C}"
        printf '::%s file=%s,line=%s,col=%s,title=cardstock check::%s\n' "$kind" "$file" "$row" "$col" "$msg"
        ;;
      gitlab)
        local sev=major fp
        [ "$kind" = warning ] && sev=minor
        fp="$(printf '%s' "$file:$row:$col:$msg" | md5sum | cut -d' ' -f1)"
        msg="${msg//\\/\\\\}" msg="${msg//\"/\\\"}"
        file="${file//\\/\\\\}" file="${file//\"/\\\"}"
        [ $n -gt 0 ] && printf ',' >>"$report"
        printf '\n  {"description": "%s", "check_name": "cardstock-%s", "fingerprint": "%s", "severity": "%s", "location": {"path": "%s", "lines": {"begin": %s}}}' \
          "$msg" "$kind" "$fp" "$sev" "$file" "$row" >>"$report"
        ;;
    esac
    n=$((n + 1))
  done
  if [ "$format" = gitlab ]; then
    if [ $n -gt 0 ]; then printf '\n]\n' >>"$report"; else printf ']\n' >>"$report"; fi
  fi
  return 0
}

cmd="${1:-}"
[ $# -gt 0 ] && shift
case "$cmd" in
  setup)
    bash scripts/setup.sh
    command -v git >/dev/null || die "git is needed for the base branch's build (apt-get install git)"
    if [ -n "${CARDSTOCK:-}" ]; then
      [ -x "$CARDSTOCK" ] || die "CARDSTOCK=$CARDSTOCK is not a program"
      echo "cardstock-ci: using $CARDSTOCK"
    else
      bash scripts/configure.sh
    fi
    "$cardstock" --version
    ;;
  games)
    games
    ;;
  check)
    format="${1:-text}"
    case "$format" in github | gitlab | text) ;; *) die "check: FORMAT is github, gitlab or text" ;; esac
    mapfile -t files < <(games)
    if [ ${#files[@]} -eq 0 ]; then
      echo "cardstock-ci: no game files in share ${CARDSTOCK_SHARE:-1/1}"
      [ "$format" = gitlab ] && echo '[]' >gl-code-quality-report.json
      exit 0
    fi
    status=0
    "$cardstock" check "${files[@]}" >cardstock-check.log 2>&1 || status=$?
    annotate "$format" <cardstock-check.log
    rm -f cardstock-check.log
    exit $status
    ;;
  build)
    [ $# -eq 1 ] || die "build OUT"
    mapfile -t files < <(games)
    [ ${#files[@]} -eq 0 ] && { mkdir -p "$1"; exit 0; }
    "$cardstock" build "${files[@]}" -o "$1"
    ;;
  base)
    [ $# -eq 2 ] || die "base REF OUT"
    ref="$1" out="$(mkdir -p "$2" && cd "$2" && pwd)"
    mapfile -t files < <(games)
    # In a CI container the checkout belongs to another user: let git work in it.
    [ -n "${CI:-}" ] && git config --global --add safe.directory "$PWD"
    if git remote get-url origin >/dev/null 2>&1; then
      git fetch --no-tags --quiet origin "$ref"
      rev="$(git rev-parse FETCH_HEAD)"
    else
      rev="$(git rev-parse --verify "$ref^{commit}")"
    fi
    src="$PWD/.cardstock-base"
    git worktree remove --force "$src" 2>/dev/null || rm -rf "$src"
    git worktree add --quiet --detach "$src" "$rev"
    trap 'git worktree remove --force "$src" 2>/dev/null || rm -rf "$src"' EXIT
    tool="$cardstock"
    if [ "${CARDSTOCK_BASE_TOOL:-base}" = base ] && [ -z "${CARDSTOCK:-}" ]; then
      (cd "$src" && bash scripts/configure.sh)
      tool="$src/build/cardstock"
    fi
    built=()
    for f in "${files[@]}"; do
      [ -f "$src/$f" ] && built+=("$f")  # a game new in this branch has no base
    done
    if [ ${#built[@]} -gt 0 ]; then
      (cd "$src" && "$tool" build "${built[@]}" -o "$out")
    fi
    echo "cardstock-ci: built ${#built[@]} game file(s) of $ref ($rev) into $2"
    ;;
  diff)
    [ $# -eq 3 ] || die "diff OLD NEW REPORT"
    mkdir -p "$1" "$2"
    status=0
    "$cardstock" diff "$1" "$2" -o "$3" ${CARDSTOCK_SOURCE_URL:+--source-url "$CARDSTOCK_SOURCE_URL"} \
      >"$3.txt" || status=$?
    mkdir -p "$3"
    mv "$3.txt" "$3/summary.txt"
    cat "$3/summary.txt"
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
      {
        echo "### What changed on the printed page"
        echo '```'
        cat "$3/summary.txt"
        echo '```'
        echo "Pictures of every changed page: the job's review artifact (open index.html)."
      } >>"$GITHUB_STEP_SUMMARY"
    fi
    # 0: nothing changed, 1: something did (what a review is for); 2: not comparable.
    [ $status -le 1 ]
    ;;
  *)
    sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
