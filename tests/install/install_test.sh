#!/usr/bin/env bash
# The installed programs (issue 52): `cmake --install BUILD --prefix P` into
# a temporary folder (mktemp: outside the source and build trees; removed
# when the test passes, kept and named when it fails), then, run from there
# with HOME and XDG_CACHE_HOME inside it (no cache of the developer is read,
# nothing is written outside it): P/bin/nugget --version, verify of the
# installed example entry, P/bin/games --help, a 200-board solve with a 30 s
# budget and no other option (the cycle route: no endgame table opened)
# whose entry verifies, and a chain-route solve whose 15 s budget cannot
# afford the depth-7 table build with this empty cache (a shallower table is
# built instead, cached in $XDG_CACHE_HOME/nugget). Also: the docs, examples, man pages and browser
# edition are where GNUInstallDirs puts them, and the programs carry no
# RPATH or RUNPATH into the build tree.
# Usage: install_test.sh CMAKE BUILD
set -uo pipefail
cmake=$1 build=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/nugget-install.XXXXXX") || exit 1
mkdir -p "$work"/{home,cache,run} && cd "$work/run" || exit 1
fail() { echo "FAIL: $* (kept: $work)" >&2; exit 1; }
export HOME=$work/home XDG_CACHE_HOME=$work/cache
unset NUGGET_TABLE_DIR
prefix=$work/prefix

"$cmake" --install "$build" --prefix "$prefix" >install.log 2>&1 || fail "cmake --install: $(cat install.log)"
nugget=$prefix/bin/nugget games=$prefix/bin/games
for f in bin/nugget bin/games share/doc/nugget/README.md share/doc/nugget/docs/RULES.md \
         share/doc/nugget/docs/formats/jcgn-1.md share/doc/nugget/examples/nugget/entry-20.jcgn \
         share/doc/nugget/examples/games/rings.rec share/nugget/web/index.html share/nugget/web/nugget.html; do
  [ -f "$prefix/$f" ] || fail "not installed: $f"
done
# Every link of the installed pages holds (issue 59, item 10: 8-10 pointed
# at results/, solver/, cli/, bench/data/, which are not installed).
docdir=$prefix/share/doc/nugget
while IFS= read -r page; do
  while IFS= read -r target; do
    path=${target%%#*}
    [ -z "$path" ] || [[ "$path" =~ ^[a-zA-Z][a-zA-Z0-9+.-]*: ]] && continue
    [ -e "$(dirname "$page")/$path" ] || fail "${page#"$docdir"/} links to $target, which is not installed"
  done < <(grep -oE '\]\([^) ]+\)' "$page" | sed -E 's/^\]\(//; s/\)$//')
done < <(find "$docdir" -name '*.md')
grep -q "results/README.md (in the source repository)" "$docdir/README.md" ||
  fail "the README's link to results/README.md was not made plain text"
# The man pages are built when help2man is found (cli/CMakeLists.txt).
if [ -f "$build/man/nugget.1" ]; then
  [ -f "$prefix/share/man/man1/nugget.1" ] && [ -f "$prefix/share/man/man1/games.1" ] || fail "man pages not installed"
  # games.1 documents every subcommand, as nugget.1 does (issue 59, item 10).
  for sub in play match analyze solve endgame bench; do
    grep -q "^\.SS \"games $sub\"" "$prefix/share/man/man1/games.1" || fail "games.1 has no part for games $sub"
  done
  grep -q '^\.SS "nugget cycles"' "$prefix/share/man/man1/nugget.1" || fail "nugget.1 has no part for nugget cycles"
fi
for p in "$nugget" "$games"; do
  if command -v readelf >/dev/null; then
    readelf -d "$p" | grep -E 'RPATH|RUNPATH' | grep -qF "$build" && fail "$p has an RPATH into $build"
  fi
done

"$nugget" --version >version.out 2>&1 || fail "nugget --version: $(cat version.out)"
grep -q '^nugget [0-9]' version.out || fail "nugget --version printed: $(cat version.out)"
"$games" --help >games.out 2>&1 || fail "games --help: $(cat games.out)"
grep -q '^usage: games' games.out || fail "games --help printed: $(cat games.out)"
"$nugget" verify "$prefix/share/doc/nugget/examples/nugget/entry-20.jcgn" >verify.out 2>&1 ||
  fail "nugget verify of the installed example: $(cat verify.out)"
grep -q '^valid: 20 boards' verify.out || fail "verify printed: $(cat verify.out)"

# The default route with an empty cache: every board within the budget, no table.
start=$SECONDS
"$nugget" solve --boards 200 --time-limit 30 --out x.jcgn --quiet >solve.out 2>&1 ||
  fail "nugget solve (exit $?): $(cat solve.out)"
echo "solve --boards 200 --time-limit 30: $((SECONDS - start)) s" >&2
"$nugget" verify x.jcgn >xverify.out 2>&1 || fail "the solved entry does not verify: $(cat xverify.out)"
grep -q '^valid: 200 boards' xverify.out || fail "verify of x.jcgn printed: $(cat xverify.out)"
cat xverify.out >&2
! ls "$XDG_CACHE_HOME"/nugget/endgame-depth*.tbl >/dev/null 2>&1 || fail "the cycle route opened an endgame table"
# The chain route, 15 s, empty cache: the depth-7 build (~3 min) is not
# started; a shallower table is, and the entry has every board.
start=$SECONDS
"$nugget" solve --boards 20 --route chain --time-limit 15 --out c.jcgn >csolve.out 2>&1 ||
  fail "nugget solve --route chain (exit $?): $(cat csolve.out)"
echo "solve --route chain --time-limit 15: $((SECONDS - start)) s" >&2
grep -q "endgame table: depth [0-9] instead of 7" csolve.out || fail "no shallower table: $(head -5 csolve.out)"
"$nugget" verify c.jcgn | grep -q '^valid: 20 boards' || fail "the chain-route entry does not verify"
ls "$XDG_CACHE_HOME"/nugget/endgame-depth*.tbl >/dev/null 2>&1 || fail "no endgame table cache in \$XDG_CACHE_HOME/nugget"
[ -z "$(ls -A "$HOME")" ] || fail "something was written to \$HOME: $(ls -A "$HOME")"
cd / && rm -rf "$work"
echo "install test: ok" >&2
