#!/usr/bin/env bash
# The layers of the source tree, enforced (issue 60, item 3; ctest
# include_layers): a file in a lower folder never includes from a higher one
# (docs/contributing.md, "One idea a folder": a file that needs something from
# a higher layer is in the wrong place). Reads every quoted #include of
# engine/, heuristics/, solver/ and cli/, resolves it to the repository file
# the build would take, and fails naming FILE:LINE for each include that a
# rule below forbids and the exceptions do not list. A listed exception that
# no longer happens fails too, so the list stays the truth and only shrinks.
#
#   scripts/check-layers.sh          (ROOT=path: another checkout)
set -uo pipefail
ROOT=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$ROOT" || exit 2

# FOLDER -> the folders its files may not include from (prefixes of repository
# paths; a rule for a folder covers everything under it). From the bottom up:
RULES=(
  # The engines (the rules) know nothing of evaluation, search or programs.
  "engine/                 heuristics/ solver/ cli/"
  "heuristics/             solver/ cli/"
  # Search knows no particular game (docs/contributing.md).
  "solver/search/          engine/nugget/ engine/placement/ engine/rings/ heuristics/ solver/game/ solver/registry/ solver/nugget/"
  "solver/game/            engine/nugget/ engine/placement/ engine/rings/ heuristics/ solver/registry/ solver/nugget/"
  # The library serves the programs, never the other way round.
  "solver/                 cli/"
  # The solver's concept folders (solver/nugget/README.md): the team of
  # processes (an interface any algorithm may share its work through) and
  # the tables at the bottom, the cycle model on them, aims and the chain
  # above, the run (the pipeline, its checkpoints) on top.
  "solver/nugget/team/     solver/nugget/tables/ solver/nugget/cycles/ solver/nugget/aims/ solver/nugget/chain/ solver/nugget/run/"
  "solver/nugget/tables/   solver/nugget/cycles/ solver/nugget/aims/ solver/nugget/chain/ solver/nugget/run/"
  "solver/nugget/cycles/   solver/nugget/aims/ solver/nugget/chain/ solver/nugget/run/"
  "solver/nugget/aims/     solver/nugget/run/"
  "solver/nugget/chain/    solver/nugget/run/"
  # What both command lines share names no game (cli/common/command.h).
  "cli/common/             cli/nugget/ cli/games/ engine/nugget/ engine/placement/ engine/rings/ heuristics/ solver/"
)

# FILE INCLUDED: the includes that break a rule today, each with its reason.
# No new one may be added without one; a fix removes its line.
EXCEPTIONS=()  # none left (the last went in issue 60, item 1)

# Where a quoted include is looked for, as the build's include paths give it:
# the including file's own folder first, then these roots.
INCLUDE_ROOTS=(engine heuristics solver cli)

# $1 including file, $2 included name -> the repository path (nothing: not
# ours; several, space-separated: ambiguous, which the caller refuses).
resolve() {
  local dir found=() r
  dir=$(dirname "$1")
  [[ -f "$dir/$2" ]] && { echo "$dir/$2"; return; }
  for r in "${INCLUDE_ROOTS[@]}"; do [[ -f "$r/$2" ]] && found+=("$r/$2"); done
  echo "${found[*]}"
}

forbidden() {  # $1 including file, $2 included path -> the rule's folders it breaks
  local rule folder f
  for rule in "${RULES[@]}"; do
    read -r folder rest <<<"$rule"
    [[ "$1" == "$folder"* ]] || continue
    for f in $rest; do [[ "$2" == "$f"* ]] && echo "$folder may not include from $f"; done
  done
}

bad=0
declare -A used=()
while IFS=: read -r file line text; do
  name=$(sed -E 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]+)".*/\1/' <<<"$text")
  target=$(resolve "$file" "$name")
  [[ -z "$target" ]] && continue  # a generated or outside header: no layer of ours
  if [[ "$target" == *" "* ]]; then
    echo "$file:$line: \"$name\" could be any of $target: rename one"
    bad=1
    continue
  fi
  why=$(forbidden "$file" "$target")
  [[ -z "$why" ]] && continue
  key="$file $target"
  if printf '%s\n' "${EXCEPTIONS[@]}" | grep -qxF "$key"; then
    used[$key]=1
    continue
  fi
  echo "$file:$line: includes $target, but ${why//$'\n'/; } (scripts/check-layers.sh, RULES)"
  bad=1
done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' engine heuristics solver cli \
           --include='*.h' --include='*.cpp' --include='*.hpp' --include='*.cc' | LC_ALL=C sort)

for e in "${EXCEPTIONS[@]}"; do
  [[ -n "${used[$e]:-}" ]] && continue
  echo "check-layers.sh: the exception \"$e\" no longer happens: remove it from EXCEPTIONS"
  bad=1
done

if ((bad)); then
  echo "check-layers.sh: FAILED"
  exit 1
fi
echo "check-layers.sh: every include within its layer (${#RULES[@]} rules, ${#EXCEPTIONS[@]} listed exceptions)"
