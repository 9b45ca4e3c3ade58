#!/usr/bin/env bash
# The figures the README and the docs quote for the committed entry
# (results/submission-200.jcgn), checked against `nugget verify` and the
# entry itself, and the proved optima they quote against
# results/optimality.md; results/optimality.md's table of 40 chain starts
# against results/optimality.csv (issue 53: the docs and the files cannot
# drift apart); every repository path a doc names in backticks exists, and
# every C++ or JavaScript name (a function, a type, a constant) a doc names
# in backticks is in the code (issue 60: the rules, and what is exempt, above
# the two checks at the end). Exits 1 naming each sentence that drifted
# (FILE:LINE, the line its paragraph or table row starts at), each path that
# does not exist and each name that is not in the code, 2 on bad usage.
#
#   scripts/check-figures.sh [NUGGET]     (default: $NUGGET, else build/bin/nugget)
#   ROOT=dir                              the source tree (default: this script's ..)
#
# Only sentences that name the committed entry (or its cycle) are read;
# a figure of another run (results/latest-200, an older version vN) is not.
set -euo pipefail

root=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
nugget=${1:-${NUGGET:-$root/build/bin/nugget}}
entry=$root/results/submission-200.jcgn

[[ -x $nugget ]] || { echo "check-figures: no nugget binary at $nugget (give its path as \$1 or NUGGET)" >&2; exit 2; }
[[ -f $entry ]] || { echo "check-figures: no $entry" >&2; exit 2; }

verify=$("$nugget" verify "$entry") || { echo "check-figures: nugget verify failed on $entry: $verify" >&2; exit 1; }

exec python3 - "$root" "$verify" <<'EOF'
import csv, re, sys
from pathlib import Path

root, verify = Path(sys.argv[1]), sys.argv[2]
m = re.fullmatch(r"valid: (\d+) boards, (\d+) moves, mean (\d+(?:\.\d+)?)\s*", verify)
if not m:
    sys.exit(f"check-figures: unexpected `nugget verify` output: {verify!r}")
boards, moves, mean = int(m[1]), int(m[2]), float(m[3])

# The entry itself: moves of each board, the final line of each.
counts, finals = [], []
for line in (root / "results/submission-200.jcgn").read_text().splitlines():
    f = line.split()
    if f and f[0] == "board":
        counts.append(int(f[3]))
    elif f and f[0] == "final":
        finals.append(" ".join(f[1:]))
truth = {"boards": boards, "moves": moves, "mean": mean, "board 1": counts[0]}
errors = []
if len(counts) != boards or sum(counts) != moves:
    errors.append(f"results/submission-200.jcgn: {len(counts)} boards, {sum(counts)} moves by its board lines; "
                  f"`nugget verify`: {boards}, {moves}")

def units(path):
    """Table rows, list items and paragraphs of a markdown file, with their first line."""
    out, cur, start = [], [], 0
    for i, line in enumerate(path.read_text().splitlines(), 1):
        new = line.startswith("|") or re.match(r"\s*(- |\d+\. )", line) or not line.strip() or line.startswith("#")
        if new and cur:
            out.append((start, " ".join(cur)))
            cur = []
        if line.strip():
            if not cur:
                start = i
            cur.append(line.strip())
            if line.startswith("|") or line.startswith("#"):
                out.append((start, " ".join(cur)))
                cur = []
    if cur:
        out.append((start, " ".join(cur)))
    return out

def same(quoted, value):
    """A quoted figure agrees with a value when it is that value at the quoted precision."""
    digits = len(quoted.split(".")[1]) if "." in quoted else 0
    return abs(float(quoted) - value) < 0.5 * 10 ** -digits + 1e-9

def check(where, text, what, quoted, value):
    if not same(quoted, value):
        snippet = text if len(text) < 200 else text[:200] + "..."
        errors.append(f"{where}: quotes {what} {quoted}, but {value} is right, in: \"{snippet}\"")

checked = 0
def figures(where, text, board1=True):
    """Check every figure of the committed entry quoted in one sentence."""
    global checked
    for q in re.findall(r"mean \**(\d+\.\d+)", text):
        check(where, text, "the committed entry's mean", q, truth["mean"]); checked += 1
    for b, t in re.findall(r"(\d+) boards, (\d+) moves", text):
        check(where, text, "the committed entry's boards", b, truth["boards"])
        check(where, text, "the committed entry's moves", t, truth["moves"]); checked += 2
    if board1:
        for q in re.findall(r"board 1 aimed in (\d+) moves", text):
            check(where, text, "board 1's moves", q, truth["board 1"]); checked += 1
        for b1, rest, t in re.findall(r"\b(\d+) \+ (\d+) x 14 = \**(\d+)", text):
            check(where, text, "board 1's moves", b1, truth["board 1"])
            check(where, text, "the boards after board 1", rest, truth["boards"] - 1)
            check(where, text, "the committed entry's moves", t, truth["moves"]); checked += 3

# README.md and docs/: every sentence that names the committed entry.
names_entry = re.compile(r"committed entry|submission-200\.jcgn")
older = re.compile(r"\bv(1?\d)\b|\bthen\b|\bbefore\b|replaced")
docs = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
for path in docs:
    for line, text in units(path):
        where = f"{path.relative_to(root)}:{line}"
        if text.startswith("|"):  # a table row: the entry named in one cell, its figures in the next
            if names_entry.search(text) and not older.search(text):
                figures(where, text)
            continue
        for sentence in re.split(r"(?<=[.;])\s+(?=[A-Z(`])", text):
            if names_entry.search(sentence) and not older.search(sentence):
                figures(where, sentence)
# docs/web.md quotes `nugget verify` on the committed entry in its replay item.
for line, text in units(root / "docs/web.md"):
    if text.startswith("- Replay:"):
        figures(f"docs/web.md:{line}", text)

# results/README.md: the entries table's current row.
current = [(l, t) for l, t in units(root / "results/README.md") if t.startswith("| `submission-200.jcgn`") and "(current)" in t]
if len(current) != 1:
    errors.append(f"results/README.md: {len(current)} rows of the entries table say (current), not 1")
for line, text in current:
    cells = [c.strip() for c in text.strip("|").split("|")]
    check(f"results/README.md:{line}", text, "the committed entry's boards", cells[1], truth["boards"])
    check(f"results/README.md:{line}", text, "the committed entry's mean", cells[2].strip("*"), truth["mean"])
    figures(f"results/README.md:{line}", cells[4]); checked += 2

# results/optimality.md: the committed entry's boards, their proved optima.
opt = (root / "results/optimality.md").read_text()
sec = re.search(r"^## The committed entry's boards now \((v\d+), mean (\d+(?:\.\d+)?).*?\n(.*?)^## ", opt, re.M | re.S)
optima = []
if not sec:
    errors.append("results/optimality.md: no section \"The committed entry's boards now (vN, mean M, ...)\"")
else:
    check("results/optimality.md", sec[0][:80], "the committed entry's mean", sec[2], truth["mean"])
    body = " ".join(sec[3].split())
    for q in re.findall(r"Board 1: (\d+) moves", body):
        check("results/optimality.md", body[:120], "board 1's moves", q, truth["board 1"])
    optima = [int(q) for q in re.findall(r"\*\*optimum (\d+)\*\*", body)]
    if len(optima) != 2:
        errors.append(f"results/optimality.md: the committed entry's section proves {len(optima)} optima, not the cycle's 2")
    for k, o in enumerate(optima[:2]):
        if o != counts[k + 1]:
            errors.append(f"results/optimality.md: board {k + 2} proved optimum {o}, but the entry uses {counts[k + 1]} moves on it")
    # The proved starts are the committed entry's boards 2 and 3 (the final lines of boards 1 and 2).
    log = re.search(r"`(logs/[\w.-]+-cycle-boards\.txt)`", body)
    if not log:
        errors.append("results/optimality.md: the committed entry's section names no logs/...-cycle-boards.txt")
    else:
        starts = [l.split() for l in (root / "results" / log[1]).read_text().splitlines() if l.strip()]
        for k, s in enumerate(starts[:2]):
            face = "BA"[k]
            if " ".join(s[:49]) != finals[k] or s[49:] != [face]:
                errors.append(f"results/{log[1]}: line {k + 1} is not board {k + 1}'s final with face {face} "
                              "of results/submission-200.jcgn: the proof is not of the committed boards")
        checked += 2

# The optima quoted elsewhere for the committed cycle's boards: those proved.
quotes = [("README.md", r"\| the cycle's two boards \| optimum (\d+) moves each"),
          ("docs/cli.md", r"The committed entry's \(v\d+\) cycle's two boards: optimum (\d+) each"),
          ("docs/solver.md", r"The committed entry's cycle: both boards proved optimal from their starts, (\d+) each")]
for name, pattern in quotes:
    text = (root / name).read_text()
    for q in re.finditer(pattern.replace(" ", r"\s+"), text, re.S):
        line = text.count("\n", 0, q.start()) + 1
        for o in sorted(set(optima)):
            check(f"{name}:{line}", " ".join(q[0].split()), "the committed cycle's proved optimum", q[1], o)
        checked += 1

# results/optimality.md's 40 chain starts against results/optimality.csv.
with open(root / "results/optimality.csv") as f:
    rows = list(csv.DictReader(f))
table = {int(m[0]): m for m in re.findall(
    r"^\| (\d+) \| (\d+) \| ([AB]) \| (\d+) \| (\d+) \| (\d+) \| (yes|no) \| (\d+(?:\.\d+)?) \|$", opt, re.M)}
for r in rows:
    t = table.get(int(r["line"]))
    want = (r["line"], r["board"], r["face"], r["beam_moves"], r["lower_bound"], r["upper_bound"],
            "yes" if r["proven"] == "1" else "no", r["seconds"])
    if t != want:
        errors.append(f"results/optimality.md: the row of line {r['line']} reads {t}, results/optimality.csv {want}")
    checked += 1
s = re.search(r"Summary: (\d+) of (\d+) proved in \d+ s; lower bounds (\d+)-(\d+) \(mean (\d+(?:\.\d+)?)\); "
              r"beam at width \d+ mean (\d+(?:\.\d+)?) moves, prove's width-\d+ beam mean (\d+(?:\.\d+)?); "
              r"beam minus lower bound mean (\d+(?:\.\d+)?)", opt)
if not s:
    errors.append("results/optimality.md: no Summary line of the 40 chain starts")
else:
    col = lambda k: [float(r[k]) for r in rows]
    avg = lambda v: sum(v) / len(v)
    lb = col("lower_bound")
    for what, q, v in [("proved", s[1], sum(r["proven"] == "1" for r in rows)), ("starts", s[2], len(rows)),
                       ("least lower bound", s[3], min(lb)), ("largest lower bound", s[4], max(lb)),
                       ("mean lower bound", s[5], avg(lb)), ("beam mean", s[6], avg(col("beam_moves"))),
                       ("prove's beam mean", s[7], avg(col("upper_bound"))),
                       ("beam minus lower bound", s[8], avg(col("beam_moves")) - avg(lb))]:
        check("results/optimality.md (Summary)", s[0], what, q, v)
        checked += 1

# Every repository path a doc names in backticks exists (issue 60, item 4):
# README.md, docs/**/*.md, every other README.md and results/*.md. A path is
# a word that starts with a top folder of the tree (`solver/...`, `cli/...`,
# `scripts/...`, `tests/...`, `results/...`, ...), or any relative path with
# a source or data extension, which may also be relative to the doc's own
# folder (`cycles/cycle.h` in solver/nugget/README.md). `{a,b}` is expanded,
# `*` globbed, and a word in capitals (`fuzz/corpus/TARGET`) stands for any
# name in a folder that must exist. Not checked: what git ignores (the
# tools' outputs: `build/...`, `results/latest-200.jcgn`, `web/node_modules`),
# a path after `=` (an output a command is told to write), and, in results/
# only, what describes the past: results/history/, a section whose heading
# (or a parent heading) is dated by a session, a round or a calendar date
# (all but the one headed "Now ..."), and a table row of a replaced entry
# ("(replaced)"): those name the files as they were then.
import fnmatch, glob, itertools, subprocess
TOP = "solver|cli|scripts|tests|results|engine|heuristics|docs|web|bench|fuzz|examples|cmake"
top_path = re.compile(r"(?<![\w./$=-])((?:%s)/[\w./*{},+-]*)" % TOP)
rel_path = re.compile(r"(?<![\w./$=-])([\w-]+/[\w./-]*\.(?:h|cpp|md|sh|py|cmake|txt|jcgn|csv|js|mjs|html))\b")
dated = re.compile(r"\b([Ss]ession \d+|[Rr]ound \d+|20\d\d-\d\d-\d\d)\b")

def expand(p):
    m = re.search(r"\{([^{}]*)\}", p)
    if not m:
        return [p]
    return list(itertools.chain.from_iterable(expand(p[:m.start()] + a + p[m.end():]) for a in m[1].split(",")))

def ignored(p):
    # As a file, and as a folder (`node_modules/` ignores folders only).
    for q in (p, p.rstrip("/") + "/"):
        r = subprocess.run(["git", "-C", str(root), "check-ignore", "-q", "--no-index", q], capture_output=True)
        if r.returncode == 0:
            return True
    return False

def present(p, base):
    parts = p.split("/")
    for k, part in enumerate(parts):
        if re.fullmatch(r"[A-Z][A-Z_]+", part):  # a placeholder: its folder must exist
            parts = parts[:k]
            break
    pattern = "/".join(parts)
    return any(glob.glob(str(b / pattern)) for b in (root, base)) or ignored(pattern)

doc_files = [root / "README.md"] + sorted((root / "docs").rglob("*.md")) + sorted(
    f for f in root.rglob("README.md") if f != root / "README.md"
    and not any(d in f.relative_to(root).parts for d in ("node_modules", "results")) and not f.relative_to(root).parts[0].startswith("build")
) + sorted((root / "results").glob("*.md"))
def doc_lines(path):
    """The lines of a doc a check reads, numbered: in results/, what
    describes the past (a dated heading above it, a "(replaced)" table row)
    is left out."""
    in_results = path.relative_to(root).parts[0] == "results"
    headings = []  # (level, dated) of the headings above the line
    for n, line in enumerate(path.read_text().splitlines(), 1):
        h = re.match(r"(#+) (.*)", line)
        if h:
            headings = [x for x in headings if x[0] < len(h[1])] + [(len(h[1]), bool(dated.search(h[2])) and not h[2].startswith("Now"))]
        if in_results and (any(d for _, d in headings) or (line.startswith("|") and "(replaced)" in line)):
            continue
        yield n, line

paths_checked = 0
for path in doc_files:
    rel = path.relative_to(root)
    for n, line in doc_lines(path):
        for span in re.findall(r"`([^`\n]+)`", line):
            for word in set(top_path.findall(span)) | set(rel_path.findall(span)):
                for p in expand(word.rstrip(".,:;")):
                    paths_checked += 1
                    if not present(p, path.parent):
                        errors.append(f"{rel}:{n}: names `{p}`, which does not exist")

# Every C++ (or JavaScript) name a doc names in backticks exists in the code
# (issue 60, item 4): README.md, docs/**/*.md, results/README.md and every
# other README.md of the tree. A name is a whole backticked span that is a
# call, `ident()` or `ident(args)`; a qualified name, `A::b`; a camel-case
# word, `TargetDistance`, `floorCycles`, `kFarKicks`; or any word followed by
# "in" and a source file, `polish` in `target.h`. Options (`--x`), paths
# (with a /), commands (with spaces, not in a call's parentheses) and plain
# words are not names. A name exists when each of its parts is a whole word
# of a source file in engine/ solver/ cli/ tests/ web/ scripts/ heuristics/
# bench/ fuzz/ examples/. In results/README.md, what describes the past is
# exempt as for the paths above.
code_words = set()
for d in ("engine", "solver", "cli", "tests", "web", "scripts", "heuristics", "bench", "fuzz", "examples"):
    for f in (root / d).rglob("*"):
        if "node_modules" not in f.parts and f.suffix in (".h", ".cpp", ".js", ".mjs", ".html", ".sh", ".py", ".cmake") and f.is_file():
            code_words.update(re.findall(r"\w+", f.read_text(errors="replace")))
call = re.compile(r"(~?[A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)*)\([^()]*\)")
qualified = re.compile(r"[A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)+")
camel = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+")
plain = re.compile(r"[A-Za-z_]\w*")  # any word, but only when a source file follows: `polish` in `target.h`
in_source = re.compile(r",? in `[\w./-]+\.(?:h|cpp|js|mjs)`")
name_docs = [root / "README.md", root / "results/README.md"] + sorted((root / "docs").rglob("*.md")) + sorted(
    f for f in root.rglob("README.md") if f != root / "README.md" and f.relative_to(root).parts[0] != "results"
    and not f.relative_to(root).parts[0].startswith("build") and "node_modules" not in f.parts)
names_checked = 0
for path in name_docs:
    rel = path.relative_to(root)
    for n, line in doc_lines(path):
        for q in re.finditer(r"`([^`\n]+)`", line):
            span = q[1].strip()
            if "/" in span or span.startswith("-"):
                continue
            m = call.fullmatch(span) or qualified.fullmatch(span) or camel.fullmatch(span)
            if not m and in_source.match(line, q.end()):
                m = plain.fullmatch(span)
            if not m:
                continue
            name = m[1] if m.re is call else m[0]
            names_checked += 1
            missing = [p for p in name.split("::") if p.lstrip("~") not in code_words]
            if missing:
                errors.append(f"{rel}:{n}: names `{name}`, which is not in the code ({', '.join(missing)})")

for e in errors:
    print("check-figures: DRIFT:", e)
if errors:
    sys.exit(1)
print(f"check-figures: {checked} quoted figures agree with `nugget verify` ({verify.strip()}), "
      "results/submission-200.jcgn, results/optimality.md and results/optimality.csv; "
      f"{paths_checked} paths the docs name exist; {names_checked} names checked, all in the code")
EOF
