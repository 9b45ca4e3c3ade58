#!/usr/bin/env bash
# kill -9 at random moments, then --resume, again and again: the entry ends
# byte-identical to an uninterrupted run. Four phases: the chain beam and
# the cycle phase (tries and aims) from the cycle-6 fixture, 5 kills each;
# the search for a cycle past the chain's last board (a 20-board chain that
# closed none), 20 stops by SIGKILL, SIGINT and SIGTERM in turn; the cycle
# route (the default: reversible cycles built, board 1 aimed into one), 5
# stops by the three signals.
# KILLS=n changes the kills a phase, BOARDS=n the chain phase's boards (a
# longer run has room for more kills; results/reliability.md: a 100-kill run).
# Usage: solve_kills.sh NUGGET WORKDIR FIXTURE
set -u
nugget=$1 work=$2 fixture=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "solve_kills: $*" >&2; exit 1; }
per=${KILLS:-5}
RANDOM=17  # the moments differ from kill to kill, the same from run to run
# killed ARGS...: runs nugget ARGS --out k.jcgn, killing it $per times (resuming
# once a checkpoint exists), then lets it finish.
# SIGNALS="KILL INT TERM" sends those in turn (default: KILL).
killed() {
  local kills=0 resume=() signals=(${SIGNALS:-KILL})
  [ -e k.jcgn.partial ] && resume=(--resume)
  while ((kills < per)); do
    "$nugget" "$@" --out k.jcgn "${resume[@]}" >/dev/null 2>&1 &
    local pid=$!
    sleep "0.$((RANDOM % 9 + 1))$((RANDOM % 10))"
    kill -"${signals[kills % ${#signals[@]}]}" "$pid" 2>/dev/null && ((kills++))
    wait "$pid" 2>/dev/null
    [ -e k.jcgn.partial ] && resume=(--resume)
    [ -e k.jcgn ] && [ ! -e k.jcgn.partial ] && break  # it finished first
  done
  if [ -e k.jcgn.partial ]; then "$nugget" "$@" --out k.jcgn --resume >/dev/null 2>&1 || fail "last resume failed"
  elif [ ! -e k.jcgn ]; then "$nugget" "$@" --out k.jcgn >/dev/null 2>&1 || fail "fresh run failed"; fi
  # kill -9 mid-write leaves a temporary file; the next run removes it.
  ! ls k.jcgn.nugget-tmp-* k.jcgn.partial.nugget-tmp-* >/dev/null 2>&1 || fail "temporary files left: $(ls k.jcgn*nugget-tmp-*)"
  echo "solve_kills: $kills kills" >&2
  total=$((total + kills))
}
total=0
chain=(solve --boards ${BOARDS:-20} --route chain --beam-width 50 --endgame-depth 2 --chain-beam 2 --shorten-window 3 --cycle-tries 0
       --enter-boards 0 --quiet)
# --search-boards 300: the default before it became 1500, a short test.
"$nugget" "${chain[@]}" --search-boards 300 --out full.jcgn >/dev/null || fail "uninterrupted chain run failed"
killed "${chain[@]}" --search-boards 300
cmp -s full.jcgn k.jcgn || fail "chain beam: killed and resumed differs from uninterrupted"
rm -f k.jcgn*

# The cycle phase: a checkpoint of the fixture's boards 1-3 (board 4 would
# start as board 2 did), written as solver/nugget/run/checkpoint.h says.
cycle=(solve --boards 20 --route chain --beam-width 60 --endgame-depth 2 --chain-beam 2 --shorten-window 3 --quiet
       --cycle-tries 4 --cycle-boards 3 --enter-boards 1 --enter-width 1500)
"$nugget" "${cycle[@]}" --out probe.jcgn --time-limit 0.000001 >/dev/null 2>&1
settings=$(grep "^# settings: " probe.jcgn.partial) || fail "no probe checkpoint"
text=$(printf '# jcgn-1\n# nugget-checkpoint 2\n%s\n%s' "$settings" "$(grep -E '^(board|final) ' "$fixture" | head -6)")
seal() { printf '%s\n# sha256 %s\n' "$text" "$(printf '%s\n' "$text" | sha256sum | cut -d' ' -f1)" >"$1"; }
seal full.jcgn.partial
"$nugget" "${cycle[@]}" --out full.jcgn --resume >/dev/null || fail "uninterrupted cycle run failed"
seal k.jcgn.partial
killed "${cycle[@]}"
cmp -s full.jcgn k.jcgn || fail "cycle phase: killed and resumed differs from uninterrupted"
rm -f k.jcgn* full.jcgn* probe.jcgn*

# The search past the last board: a checkpoint of a whole 20-board chain
# that closed no cycle (a run of these settings gives one), so every run
# starts in the search; it ends in the fallback (the chain as found): at
# such small settings the search closes no cycle within its boards.
base=(solve --boards 20 --route chain --beam-width 40 --endgame-depth 2 --chain-beam 2 --shorten-window 3 --seed 3)
search=("${base[@]}" --cycle-tries 2 --cycle-boards 3 --search-boards 300 --enter-boards 1 --enter-width 500)
"$nugget" "${search[@]}" --out probe.jcgn --time-limit 0.000001 >/dev/null 2>&1
settings=$(grep "^# settings: " probe.jcgn.partial) || fail "no probe checkpoint for the search"
"$nugget" "${base[@]}" --search-boards 0 --out chain.jcgn >/dev/null 2>&1 || fail "no chain for the search"
text=$(printf '# jcgn-1\n# nugget-checkpoint 2\n%s\n%s' "$settings" "$(grep -E '^(board|final) ' chain.jcgn)")
seal full.jcgn.partial
"$nugget" "${search[@]}" --out full.jcgn --resume 2>search.log >/dev/null || fail "uninterrupted search run failed"
grep -q "searching past its last board" search.log || fail "the search past the chain did not run"
seal k.jcgn.partial
per=${SEARCH_KILLS:-20} SIGNALS="KILL INT TERM" killed "${search[@]}"
cmp -s full.jcgn k.jcgn || fail "search past the chain: stopped and resumed differs from uninterrupted"
rm -f k.jcgn* full.jcgn* probe.jcgn*

# The cycle route: the stops land in the cycles' build, an aim or the
# polish; each resume goes on from the last aim checkpointed.
route=(solve --boards 20 --cycles 2 --later-cycles 0 --seed 7 --enter-width 2000 --enter-widen 1 --aims 6 --polish-width 200 --threads 1
       --quiet)
"$nugget" "${route[@]}" --out full.jcgn >/dev/null || fail "uninterrupted cycle-route run failed"
SIGNALS="KILL INT TERM" killed "${route[@]}"
cmp -s full.jcgn k.jcgn || fail "cycle route: stopped and resumed differs from uninterrupted"
echo "ok: stopped $total times in four phases, resumed to the same bytes"
