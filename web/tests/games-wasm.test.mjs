// The Golden Nugget and placement modules in node, before any browser: the
// engines' answers through web/wasm/nugget.cpp and web/wasm/placement.cpp,
// checked against the native CLIs (`nugget verify`, `games apply`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, existsSync, mkdtempSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const web = path.join(root, 'build/web');
const load = (name) => createRequire(import.meta.url)(path.join(web, `${name}.js`))({ wasmBinary: readFileSync(path.join(web, `${name}.wasm`)) });
const N = await load('nugget-engine');
const P = await load('placement-engine');
const tmp = mkdtempSync(path.join(tmpdir(), 'web-wasm-'));
const submission = readFileSync(path.join(root, 'results/submission-200.jcgn'), 'utf8');
const boardsOf = (text) => text.split('\n').filter((l) => l.startsWith('board ')).map((l) => l.split(' ').slice(4));

test('Golden Nugget: the RULES.md worked example, the reasons, undo, save and restore', () => {
  const c = N.NuggetChain.create(20);
  assert.deepEqual(['P', '5', 'L'].map((l) => JSON.parse(c.push(l)).move), ['P7', '54', 'L6']);
  const v = JSON.parse(c.view());
  assert.equal(v.tiles.join(' '), '1 2 3 4 26 6 7 8 9 17 11 5 13 14 15 16 24 18 12 20 21 22 23 31 25 19 27 28 29 30 37 32 33 34 35 42 36 45 38 39 40 41 43 44 10 46 47 48 49');
  assert.deepEqual(JSON.parse(c.push('L')).cells.length, JSON.parse(c.view()).moves.at(-1)[1] * 1);
  assert.match(JSON.parse(c.push('#')).reason, /not a force point/);
  const copy = N.NuggetChain.restore(c.save());
  assert.equal(copy.view(), c.view());
  assert.equal(JSON.parse(c.undo()).move, JSON.parse(copy.view()).moves.at(-1));
  assert.equal(JSON.parse(c.view()).moves.length, 3);
  assert.equal(N.NuggetChain.create(19), null);
  assert.match(N.lastError(), /20 to 200 boards/);
  c.delete();
  copy.delete();
});

test('Golden Nugget: 20 boards of results/submission-200.jcgn pushed label by label give an entry nugget verify accepts, byte for byte the CLI\'s', () => {
  const boards = boardsOf(submission).slice(0, 20);
  const c = N.NuggetChain.create(20);
  for (const b of boards)
    for (const m of b) assert.equal(JSON.parse(c.push(m[0])).move, m);
  assert.ok(c.done());
  const restored = N.NuggetChain.restore(c.save()); // a finished chain reloads as it was: its last board solved
  assert.equal(restored.view(), c.view());
  assert.ok(JSON.parse(restored.view()).solved);
  restored.delete();
  const file = path.join(tmp, 'entry.jcgn');
  writeFileSync(file, c.entry());
  const total = boards.reduce((a, b) => a + b.length, 0);
  const nugget = path.join(root, 'build/bin/nugget');
  assert.ok(existsSync(nugget), 'build/bin/nugget');
  assert.equal(execFileSync(nugget, ['verify', file], { encoding: 'utf8' }).trim(), `valid: 20 boards, ${total} moves, mean ${(total / 20).toFixed(4)}`);
  // The same boards and finals as the submission's first 20 (the writer is jcgn::toString).
  const records = (t) => t.split('\n').filter((l) => /^(board|final) /.test(l));
  assert.deepEqual(records(c.entry()), records(submission).slice(0, 40));
  c.delete();
});

test('Golden Nugget: verify gives the CLI\'s message, valid or the first bad line; Replay steps the boards', () => {
  const ok = JSON.parse(N.verify(submission, 'submission-200.jcgn'));
  // The CLI's verdict on the same file (the committed entry changes when a better one is found).
  const expected = execFileSync(path.join(root, 'build/bin/nugget'), ['verify', path.join(root, 'results/submission-200.jcgn')], { encoding: 'utf8' }).trim();
  assert.match(expected, /^valid: 200 boards, \d+ moves, mean \d+\.\d{4}$/);
  assert.equal(ok.message, expected);
  assert.equal(ok.perBoard.length, 200);
  const lines = submission.split('\n');
  const i = lines.map((l, k) => (l.startsWith('final ') ? k : -1)).filter((k) => k >= 0)[4]; // board 5's final
  lines[i] = lines[i].replace(/ (\d+) (\d+)$/, ' $2 $1');
  const bad = path.join(tmp, 'bad.jcgn');
  writeFileSync(bad, lines.join('\n'));
  const cli = spawnSync(path.join(root, 'build/bin/nugget'), ['verify', 'bad.jcgn'], { cwd: tmp, encoding: 'utf8' });
  assert.equal(cli.status, 1);
  assert.equal(JSON.parse(N.verify(lines.join('\n'), 'bad.jcgn')).message, (cli.stdout + cli.stderr).trim());
  const r = new N.Replay(submission);
  assert.equal(r.boards(), 200);
  const moves = JSON.parse(r.movesOf(1));
  assert.equal(JSON.parse(r.at(1, moves.length)).solved, true);
  assert.equal(JSON.parse(r.at(2, 0)).face, 'B');
  r.delete();
});

test('Golden Nugget: the hint (the solver\'s board search, serial, endgame depth 4) solves board 1', () => {
  const c = N.NuggetChain.create(20);
  const t = JSON.parse(N.hint(c.tiles(), 'A', 1, 0, 4, 0)); // width 0: the table alone
  assert.deepEqual([t.moves, t.depth, t.tableBytes > 1e5], [[], 4, true]); // depth 4: 35,910 layouts up to symmetry, ~0.3 MB
  assert.match(N.hint(c.tiles(), 'A', 1, 100, 6, 0), /^error: /);
  const h = JSON.parse(N.hint(c.tiles(), 'A', 1, 100, 4, 2));
  assert.equal(h.depth, 4);
  assert.ok(h.moves.length >= 12 && h.moves.length <= 99);
  for (const m of h.moves) assert.equal(JSON.parse(c.push(m[0])).move, m);
  assert.equal(JSON.parse(c.view()).solvedBoards, 1);
  c.delete();
});

test('Golden Nugget: the hint with another beam heuristic (displacement, depth 5: hint=displacement:5 in the page) solves board 1; an unknown heuristic is refused', () => {
  const c = N.NuggetChain.create(20);
  const h = JSON.parse(N.hint(c.tiles(), 'A', 1, 100, 5, 2, 'displacement'));
  assert.deepEqual([h.depth, h.heuristic, h.tableBytes > 1e6], [5, 'displacement', true]); // depth 5: 634,851 layouts, ~4.1 MB
  assert.ok(h.moves.length >= 12 && h.moves.length <= 99);
  // Not the chain heuristic's answer at the same width (another search).
  assert.notDeepEqual(h.moves, JSON.parse(N.hint(c.tiles(), 'A', 1, 100, 5, 2)).moves);
  for (const m of h.moves) assert.equal(JSON.parse(c.push(m[0])).move, m);
  assert.equal(JSON.parse(c.view()).solvedBoards, 1);
  assert.match(N.hint(c.tiles(), 'B', 2, 100, 5, 0, 'nonsense'), /^error: unknown heuristic "nonsense"/);
  c.delete();
});

test('placement: the RULES.md move example, Attract win example, and a random Shock game the CLI replays to the same position', () => {
  // Section 2: white B1; black B8 (B1 -> B2); white E2 (B2 -> C2); black B2 (B8 -> B7, E2 -> D2, C2 stays).
  const g = P.ShockGame.create(8);
  for (const m of ['B1', 'B8', 'E2', 'B2']) assert.ok(JSON.parse(g.play(m)).ok);
  const cells = JSON.parse(g.view()).cells;
  const at = (sq) => cells[(Number(sq.slice(1)) - 1) * 8 + sq.charCodeAt(0) - 65];
  assert.deepEqual(['B7', 'B2', 'C2', 'D2'].map(at), ['x', 'x', 'o', 'o']);
  assert.equal(g.check('C2'), 'C2 is occupied');
  g.delete();
  const a = P.AttractGame.fromPosition('........\n...o....\no..x....\n.x......\n.o..o...\n.x......\n...x....\n........\nto_move o\n');
  const r = JSON.parse(a.play('D4'));
  assert.equal(r.slides.length, 4);
  const v = JSON.parse(a.view());
  assert.equal(v.outcome, 'white wins');
  assert.deepEqual(v.winning, { o: [3 * 8 + 2], x: [] });
  a.delete();
  assert.equal(P.AttractGame.create(9), null);
  assert.match(P.lastError(), /attract has no 9x9 board/);
  // A game of CPU moves (alpha-beta 5 ms a move) replayed by `games apply`.
  const games = path.join(root, 'build/bin/games');
  assert.ok(existsSync(games), 'build/bin/games');
  const s = P.ShockGame.create(8);
  const empty = path.join(tmp, 'empty.txt');
  writeFileSync(empty, s.position());
  while (!JSON.parse(s.view()).over) {
    const m = JSON.parse(P.think('shock', s.position(), 'alphabeta', 5, 1));
    assert.ok(JSON.parse(s.play(m.move)).ok);
  }
  const end = JSON.parse(s.view());
  const out = execFileSync(games, ['apply', '--game', 'shock', '--position', empty, ...end.moves], { encoding: 'utf8' });
  assert.ok(out.includes(s.position().trim()), 'the CLI reaches the same position');
  assert.match(out, new RegExp(`result: ${end.outcome}`));
  // The game record: engine/records' writer, read back by its reader.
  const rec = s.record('white=alphabeta black=alphabeta', '2026.12.01');
  assert.match(rec, /^\[Game "JC Shock"\]$/m);
  const back = JSON.parse(P.readRecord(rec));
  assert.deepEqual(back, { game: 'shock', size: 8, moves: end.moves, result: end.outcome });
  assert.match(JSON.parse(P.readRecord(rec.replace(/^1\. (\S+)/m, '1. Z9'))).error, /^line \d+: /);
  s.delete();
});

// The levels (issue 49): the module hands the page the registry's levels,
// the very ones `games play --help` lists, and thinkLevel plays a level's
// player at its time a move; a level the game has not is refused.
test('Levels: levels(game) is the CLI\'s list for JC Shock and JC Attract; thinkLevel plays the level\'s player', () => {
  const help = execFileSync(path.join(root, 'build/bin/games'), ['play', '--help'], { encoding: 'utf8' });
  for (const [game, title] of [['shock', 'JC Shock'], ['attract', 'JC Attract']]) {
    const block = help.split(`${title}:\n`)[1];
    const cli = [...block.matchAll(/^ {2}(\d) {2}([a-z-]+), (\d+) ms a move: (.*)$/gm)].slice(0, 5).map((m) => ({ level: Number(m[1]), kind: m[2], timeMs: Number(m[3]), strength: m[4] }));
    const levels = JSON.parse(P.levels(game));
    assert.deepEqual(levels, cli, `${game}: the module's levels are the CLI's`);
    const s = (game === 'shock' ? P.ShockGame : P.AttractGame).create(8);
    for (const l of levels.slice(0, 3)) {
      const a = JSON.parse(P.thinkLevel(game, s.position(), l.level, 7));
      assert.equal(a.kind, l.kind, `level ${l.level}`);
      assert.equal(s.check(a.move), '', `level ${l.level}'s move ${a.move} is legal`);
      if (l.kind !== 'random') assert.ok(a.ms >= l.timeMs / 2 && a.ms < l.timeMs + 500, `level ${l.level} thought ${a.ms} ms`);
    }
    assert.match(P.thinkLevel(game, s.position(), levels.length + 1, 7), /^error: 'level:6' is no level: give level:N with N in 1\.\.5$/);
    assert.match(P.thinkLevel(game, s.position(), 0, 7), /^error: 'level:0' is no level/);
    s.delete();
  }
  assert.match(P.levels('go'), /^error: unknown game 'go'/);
});
