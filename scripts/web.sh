#!/usr/bin/env bash
# Builds the browser edition (static files) into build/web/:
#   rings.js + rings.wasm  the C++ 5RINGS engine and players (web/wasm/, em++)
#   nugget-engine.js/.wasm Golden Nugget: engine, jcgn-1, the solver's board search
#   placement-engine.js/.wasm JC Shock and JC Attract: engine and players
#   *.html, *.js, *.css    the pages (web/src/), copied as they are (rules.html:
#                          the rules for players, its pictures played by the engines)
#   route.jcgn             the Golden Nugget hint's route: results/submission-200.jcgn's
#                          boards up to its first repeated one (board 1, then its cycle)
# Usage: scripts/web.sh [--serve [PORT]]   (--serve: then serve build/web on
# http://localhost:PORT/, default 8012, until Ctrl-C)
# Only the sources each module needs are compiled (the engines, their
# heuristics, the header-only players, the Golden Nugget solver's board
# search; solver/search/parallel.h runs their loops serially under
# Emscripten, where oneTBB does not exist). The
# Emscripten expected is Debian's (web/wasm/EMSCRIPTEN_VERSION); another
# version is reported, not refused. Its system libraries come prebuilt with
# the Debian package, so a clean build takes ~1-2 min on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
serve=0; port=8012
while (($#)); do
  case "$1" in
    --serve) serve=1; if [[ ${2:-} =~ ^[0-9]+$ ]]; then port=$2; shift; fi ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "web.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
bash scripts/setup.sh --web
export NODE_PATH=/usr/share/nodejs  # Debian's em++ runs on this node; its JS modules live there
want=$(cat web/wasm/EMSCRIPTEN_VERSION)
have=$(em++ --version | sed -n '1s/.* \([0-9][0-9.]*\) .*/\1/p')
[ "$have" = "$want" ] || echo "web.sh: note: emscripten $have, built and tested with $want" >&2

out=build/web; obj=build/web-obj
mkdir -p "$out" "$obj"
flags=(-std=c++20 -O2 -fexceptions -DNDEBUG -Wall -Wextra -Iengine -Iheuristics -Isolver)
# Link flags: Embind, a factory function per module for page, worker and
# node, growable memory, no file system (the modules read nothing).
link=(--bind -O2 -sSTRICT=1 -sMODULARIZE=1 -sENVIRONMENT=web,worker,node
      -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=32MB -sMAXIMUM_MEMORY=512MB -sTOTAL_STACK=1MB
      -fexceptions -sFILESYSTEM=0 --no-entry)
# The three modules: output name, factory name, sources.
modules=(
  "rings createRings engine/rings/state.cpp engine/rings/position_file.cpp heuristics/rings/eval.cpp web/wasm/rings.cpp"
  "nugget-engine createNugget engine/nugget/tiles.cpp engine/nugget/board.cpp engine/nugget/jcgn.cpp engine/nugget/symmetry.cpp heuristics/nugget/heuristics.cpp solver/nugget/tables/endgame.cpp solver/nugget/tables/endgame_store.cpp solver/nugget/chain/chain.cpp solver/nugget/chain/shorten.cpp web/wasm/nugget.cpp"
  "placement-engine createPlacement engine/placement/board.cpp engine/placement/shock.cpp engine/placement/attract.cpp engine/placement/position_file.cpp heuristics/placement/eval.cpp engine/records/game_record.cpp engine/rings/state.cpp engine/rings/position_file.cpp heuristics/rings/eval.cpp web/wasm/placement.cpp"
)
pids=(); declare -A seen=()  # a source two modules share is compiled once
for m in "${modules[@]}"; do
  read -r -a words <<<"$m"
  for s in "${words[@]:2}"; do
    o=$obj/$(echo "$s" | tr / _).o
    [ -n "${seen[$o]:-}" ] && continue
    seen[$o]=1
    # Rebuild when the source or any header it includes is newer (make-style, via -MD).
    if [ ! -f "$o" ] || [ -n "$(find "$s" $(sed -e 's/^[^:]*://' -e 's/\\$//' "$o.d" 2>/dev/null) -newer "$o" 2>/dev/null | head -1)" ]; then
      echo "web.sh: em++ $s" >&2
      em++ "${flags[@]}" -MD -MF "$o.d" -c "$s" -o "$o" &
      pids+=($!)
      # Two compiles at a time at most (a shared 2-core machine).
      if ((${#pids[@]} >= 2)); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
    fi
  done
done
for p in "${pids[@]}"; do wait "$p"; done  # a failed compile fails the script
for m in "${modules[@]}"; do
  read -r -a words <<<"$m"
  name=${words[0]}; factory=${words[1]}; objs=()
  for s in "${words[@]:2}"; do objs+=("$obj/$(echo "$s" | tr / _).o"); done
  if [ ! -f "$out/$name.js" ] || [ -n "$(find "${objs[@]}" -newer "$out/$name.js" | head -1)" ]; then
    echo "web.sh: linking $out/$name.js" >&2
    em++ "${objs[@]}" "${link[@]}" -sEXPORT_NAME="$factory" -o "$out/$name.js"
  fi
done
cp web/src/*.html web/src/*.js web/src/*.css "$out"/
# The Golden Nugget hint's route (nugget-app.js): the committed entry's
# boards up to where it repeats a board (board 1, then the cycle's boards),
# as a partial jcgn-1 file the page reads with the C++ verifier. Made from
# results/submission-200.jcgn at every build, never typed in.
awk -v src=results/submission-200.jcgn '
  BEGIN { print "# jcgn-1"; print "# the hint route: the boards of " src " up to its first repeated board" }
  /^board / { key = $3; for (i = 5; i <= NF; i++) key = key " " $i
              if (key in seen) exit
              seen[key] = 1; print; keep = 1; next }
  /^final / { if (keep) print; keep = 0 }' results/submission-200.jcgn >"$out/route.jcgn"
echo "web.sh: built $out ($(du -sk "$out" | cut -f1) KB)" >&2
if ((serve)); then
  echo "web.sh: serving $out on http://localhost:$port/ (Ctrl-C stops)" >&2
  exec node web/tools/serve.mjs "$out" "$port"
fi
