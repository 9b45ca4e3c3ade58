// The built WebAssembly module in node, before any browser: the engine's
// answers through the Embind boundary (web/wasm/rings.cpp), a full CPU game,
// and the record replayed by the native `games` CLI to the same result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, existsSync, mkdtempSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const web = path.join(root, 'build/web');
const createRings = createRequire(import.meta.url)(path.join(web, 'rings.js'));
// Emscripten 3.1.6 would fetch() the .wasm by path in node; hand it the bytes.
const M = await createRings({ wasmBinary: readFileSync(path.join(web, 'rings.wasm')) });

test('a new game: the order drawn from the seed, placement on any of 100 squares', () => {
  const g = new M.RingsGame(7);
  const v = JSON.parse(g.view());
  assert.equal(v.phase, 'place');
  assert.deepEqual([...v.order].sort(), [0, 1, 2, 3, 4]);
  assert.equal(v.toMove, v.order[0]);
  assert.equal(v.legal.length, 100);
  assert.equal(v.cells, '.'.repeat(100));
  g.delete();
});

test('illegal moves are refused with the reason, legal ones accepted', () => {
  const g = new M.RingsGame(7);
  assert.equal(g.play('E5'), '');
  assert.match(g.check('E5'), /E5 is occupied by the \w+ ring/);
  assert.match(g.check('K3'), /off the board/);
  for (const sq of ['A1', 'J10', 'A10', 'J1']) assert.equal(g.play(sq), '');
  // Movement: the first in the order jumps from E5.
  const v = JSON.parse(g.view());
  assert.equal(v.phase, 'move');
  assert.deepEqual([...v.legal].sort(), ['C3', 'C7', 'E2', 'E8', 'G3', 'G7', 'H5', 'B5'].sort());
  assert.match(g.check('E6'), /not a jump from E5/);
  g.delete();
  // Blocked: a ring on a jumped-over square.
  const h = new M.RingsGame(7);
  for (const sq of ['E5', 'E6', 'A1', 'J10', 'A10']) h.play(sq);
  assert.match(h.check('E8'), /E8 is blocked by the \w+ ring on E6/);
  h.delete();
});

test('a five-CPU game plays to the end; scores sum to 100; the CLI replays the record', () => {
  const g = new M.RingsGame(11);
  let v = JSON.parse(g.view());
  let n = 0;
  while (v.phase !== 'over') {
    const r = JSON.parse(M.think(g.position(), 'mcts', 0, 60, 1000 + n));
    assert.ok(v.legal.includes(r.move), `${r.move} among ${v.legal}`);
    assert.equal(g.play(r.move), '');
    v = JSON.parse(g.view());
    n++;
  }
  assert.ok(n > 5);
  assert.equal(v.scores.reduce((a, b) => a + b, 0), 100);
  assert.equal(v.eliminated.reduce((a, b) => a + b, 0), 4);
  const record = g.record();
  assert.match(record, new RegExp(`^${v.result}$`, 'm'));
  // The record reads back to the same game.
  const back = M.RingsGame.fromRecord(record);
  assert.equal(back.view(), g.view());
  back.delete();
  const games = path.join(root, 'build/bin/games');
  if (existsSync(games)) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rings-')), 'game.txt');
    writeFileSync(file, record);
    const out = execFileSync(path.join(root, 'web/tools/replay-record.sh'), [file, games], { encoding: 'utf8' });
    assert.equal(out.trim().split('\n').pop(), v.result);
    assert.ok(out.startsWith(g.position()), 'same final position as the CLI');
  }
  g.delete();
});

test('same seed, same playout-limited MCTS move; paranoid and random answer too', () => {
  const g = new M.RingsGame(3);
  const a = JSON.parse(M.think(g.position(), 'mcts', 0, 200, 5));
  const b = JSON.parse(M.think(g.position(), 'mcts', 0, 200, 5));
  assert.equal(a.move, b.move);
  assert.equal(a.playouts, 200);
  for (const kind of ['paranoid', 'random']) assert.match(JSON.parse(M.think(g.position(), kind, 100, 0, 1)).move, /^[A-J]\d+$/);
  assert.match(M.think(g.position(), 'nobody', 10, 0, 1), /^error: unknown player/);
  assert.equal(M.RingsGame.fromRecord('moves E5'), null);
  assert.match(M.lastError(), /no order line/);
  g.delete();
});
