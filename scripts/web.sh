#!/usr/bin/env bash
# Builds the browser edition (static files) into build/web/:
#   rings.js + rings.wasm  the C++ 5RINGS engine and players (web/wasm/, em++)
#   index.html, *.js, *.css the page (web/src/), copied as they are
# Usage: scripts/web.sh [--serve [PORT]]   (--serve: then serve build/web on
# http://localhost:PORT/, default 8012, until Ctrl-C)
# Only the sources the module needs are compiled (engine/rings,
# heuristics/rings, the header-only players with -DGAME_NO_TBB). The
# Emscripten expected is Debian's (web/wasm/EMSCRIPTEN_VERSION); another
# version is reported, not refused. Its system libraries come prebuilt with
# the Debian package, so a clean build takes ~30 s on one core.
set -euo pipefail
cd "$(dirname "$0")/.."
serve=0; port=8012
while (($#)); do
  case "$1" in
    --serve) serve=1; if [[ ${2:-} =~ ^[0-9]+$ ]]; then port=$2; shift; fi ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
flags=(-std=c++20 -O2 -fexceptions -DNDEBUG -DGAME_NO_TBB -Wall -Wextra -Iengine -Iheuristics -Isolver)
srcs=(engine/rings/state.cpp engine/rings/position_file.cpp heuristics/rings/eval.cpp web/wasm/rings.cpp)
objs=(); pids=()
for s in "${srcs[@]}"; do
  o=$obj/$(echo "$s" | tr / _).o
  objs+=("$o")
  # Rebuild when the source or any header it includes is newer (make-style, via -MD).
  if [ ! -f "$o" ] || [ -n "$(find "$s" $(sed -e 's/^[^:]*://' -e 's/\\$//' "$o.d" 2>/dev/null) -newer "$o" 2>/dev/null | head -1)" ]; then
    echo "web.sh: em++ $s" >&2
    em++ "${flags[@]}" -MD -MF "$o.d" -c "$s" -o "$o" &
    pids+=($!)
  fi
done
for p in "${pids[@]}"; do wait "$p"; done  # a failed compile fails the script
# Link flags: Embind, a factory function (createRings) for page, worker and
# node, growable memory, no file system (the module reads nothing).
link=(--bind -O2 -sSTRICT=1 -sMODULARIZE=1 -sEXPORT_NAME=createRings -sENVIRONMENT=web,worker,node
      -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=32MB -sMAXIMUM_MEMORY=512MB -sTOTAL_STACK=1MB
      -fexceptions -sFILESYSTEM=0 --no-entry)
if [ ! -f "$out/rings.js" ] || [ -n "$(find "${objs[@]}" -newer "$out/rings.js" | head -1)" ]; then
  echo "web.sh: linking $out/rings.js" >&2
  em++ "${objs[@]}" "${link[@]}" -o "$out/rings.js"
fi
cp web/src/*.html web/src/*.js web/src/*.css "$out"/
echo "web.sh: built $out ($(du -sk "$out" | cut -f1) KB)" >&2
if ((serve)); then
  echo "web.sh: serving $out on http://localhost:$port/ (Ctrl-C stops)" >&2
  exec node web/tools/serve.mjs "$out" "$port"
fi
