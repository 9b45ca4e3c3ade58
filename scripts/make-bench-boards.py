#!/usr/bin/env python3
"""Writes bench/data/boards-100.txt: 100 board starts from a real chain.

The start of board k is the final of board k-1 flipped (tile positions stay,
the face shown changes); board 1 is the start tiles 1..49, face A. Board k
shows face A for odd k, B for even k. We take boards k with k mod 4 in {1, 2}
(1, 2, 5, 6, ..., 197, 198): both faces, early and late boards alike.

Usage: scripts/make-bench-boards.py [ENTRY.jcgn] [OUT]
"""
import sys

src = sys.argv[1] if len(sys.argv) > 1 else "tests/nugget/data/long-200.jcgn"
out = sys.argv[2] if len(sys.argv) > 2 else "bench/data/boards-100.txt"

finals = []
moves = {}  # board k -> moves the chain used (a known solution length)
with open(src) as f:
    for line in f:
        w = line.split()
        if w and w[0] == "board":
            moves[int(w[1])] = len(w) - 3
        if w and w[0] == "final":
            tiles = [int(x) for x in w[1:]]
            assert sorted(tiles) == list(range(1, 50)), line
            finals.append(tiles)
assert len(finals) >= 198, f"{src}: only {len(finals)} boards"

starts = {1: list(range(1, 50))}
for k in range(2, len(finals) + 1):
    starts[k] = finals[k - 2]
chosen = [k for k in sorted(starts) if k % 4 in (1, 2)][:100]
assert len(chosen) == 100
with open(out, "w") as f:
    f.write(f"# 100 board starts from {src}: boards {chosen[0]},{chosen[1]},{chosen[2]},{chosen[3]},...,{chosen[-2]},{chosen[-1]} (k mod 4 in 1,2)\n")
    f.write("# columns: 49 tiles (row-major) then the face shown (A odd board, B even); optional trailing '# board k ref M'\n")
    f.write("# (M: moves this board took in the source chain, a known solution length)\n")
    for k in chosen:
        face = "A" if k % 2 == 1 else "B"
        f.write(" ".join(map(str, starts[k])) + f" {face} # board {k} ref {moves[k]}\n")
print(f"wrote {out}: {len(chosen)} boards")
