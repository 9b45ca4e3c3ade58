// The 5RINGS page in headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core; no browser download). Each test serves build/web on a
// free port and fails on any console error or page error.
// Screenshots go to build/web-test/ (docs/web/ holds the committed ones).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { root, shots, start } from './browser.mjs';

const COLOURS = { blue: '#0081c8', black: '#000000', red: '#ee334e', yellow: '#fcb131', green: '#00a651' };

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});
// The 5RINGS page (rings.html) with URL parameters.
const open = (query, ...rest) => env.open('rings.html' + query, ...rest);

async function setSeats(page, humans) {
  for (const c of Object.keys(COLOURS)) {
    const b = page.locator(`.who[data-colour=${c}]`);
    const isHuman = (await b.textContent()) === 'Human';
    if (isHuman !== humans.includes(c)) await b.click();
  }
}

test('five CPUs play a seeded game to the end; the score table sums to 100 and matches the CLI; the mosaic becomes the five rings', { timeout: 150000 }, async () => {
  const { page, context, errors } = await open('?seed=20120727&anim=0.1');
  await page.waitForFunction(() => document.querySelector('#word path')?.getAttribute('d'));
  await page.screenshot({ path: path.join(shots, 'title.png') });
  await page.click('#to-setup');
  await setSeats(page, []);
  assert.match(await page.textContent('#seat-note'), /watch five CPUs/);
  await page.selectOption('#strength', 'quick');
  await page.screenshot({ path: path.join(shots, 'setup.png') });
  await page.click('#start');
  // The order is drawn visibly, then settles on the engine's order.
  await page.waitForSelector('body[data-drawing]');
  await page.waitForSelector('#order.drawn');
  const shown = await page.$$eval('#order li', (lis) => lis.map((li) => li.dataset.colour));
  const order = await page.evaluate(() => window.__view().order);
  assert.deepEqual(shown, order.map((p) => Object.keys({ blue: 0, black: 1, red: 2, yellow: 3, green: 4 })[p]));
  assert.match(await page.textContent('#info'), /quick player, 1,000 games played out a move/);
  await page.waitForFunction(() => window.__view().ply >= 30, null, { timeout: 60000 });
  await page.screenshot({ path: path.join(shots, 'mid-game.png') });
  await page.waitForSelector('body[data-over]', { timeout: 120000 });
  // The end animation: continuous, at least 1.5 s, five ring shapes in five colours.
  await page.waitForSelector('#board[data-end=morphing]');
  const mid = await page.$$eval('#board .fly circle', (cs) => cs.length);
  assert.ok(mid > 5, 'the mosaic circles fly');
  await page.waitForSelector('#board[data-end=done]', { timeout: 10000 });
  assert.ok(Number(await page.getAttribute('#board', 'data-end-ms')) >= 1500);
  const rings = await page.$$eval('#board circle.olympic', (cs) =>
    cs.map((c) => ({ colour: c.dataset.colour, stroke: getComputedStyle(c).stroke, cx: +c.getAttribute('cx'), cy: +c.getAttribute('cy'), r: +c.getAttribute('r'), opacity: getComputedStyle(c.parentNode).opacity })));
  assert.equal(rings.length, 5);
  const rgb = (hex) => `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;
  for (const r of rings) assert.equal(r.stroke, rgb(COLOURS[r.colour]), r.colour);
  assert.deepEqual(new Set(rings.map((r) => r.stroke)).size, 5);
  assert.ok(rings.every((r) => r.opacity === '1' && r.r > 5));
  const by = Object.fromEntries(rings.map((r) => [r.colour, r]));
  assert.ok(by.blue.cx < by.black.cx && by.black.cx < by.red.cx && by.blue.cy === by.red.cy && by.black.cy === by.blue.cy);
  assert.ok(by.yellow.cy > by.blue.cy && by.green.cy === by.yellow.cy && by.blue.cx < by.yellow.cx && by.yellow.cx < by.black.cx && by.black.cx < by.green.cx && by.green.cx < by.red.cx);
  await page.waitForSelector('#end:not([hidden])');
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(shots, 'end.png') });
  // Score table: totals add to 100.
  const totals = await page.$$eval('#scores tr[data-colour]', (trs) => trs.map((tr) => [tr.dataset.colour, Number(tr.querySelector('.total').textContent)]));
  assert.equal(totals.length, 5);
  assert.equal(totals.reduce((a, [, t]) => a + t, 0), 100);
  assert.equal(await page.textContent('#scores tr.sum .total'), '100');
  // The exported record, replayed by the native CLI, gives the same scores.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const file = path.join(shots, 'game-record.txt');
  await download.saveAs(file);
  const games = path.join(root, 'build/bin/games');
  assert.ok(existsSync(games), 'build/bin/games (scripts/build.sh) replays the record');
  const out = execFileSync(path.join(root, 'web/tools/replay-record.sh'), [file, games], { encoding: 'utf8' });
  const result = out.trim().split('\n').pop();
  assert.match(readFileSync(file, 'utf8'), new RegExp(`^${result}$`, 'm'));
  const cli = Object.fromEntries([...result.matchAll(/([BKRYG])=(\d+)/g)].map(([, l, n]) => [{ B: 'blue', K: 'black', R: 'red', Y: 'yellow', G: 'green' }[l], Number(n)]));
  assert.deepEqual(Object.fromEntries(totals), cli);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a human seat: legal targets highlighted and accepted, illegal clicks refused with the reason, keyboard play', { timeout: 60000 }, async () => {
  const { page, context, errors } = await open('?seed=3&anim=0.1');
  await page.click('#to-setup');
  await setSeats(page, Object.keys(COLOURS)); // five humans: every click is ours
  await page.click('#start');
  await page.waitForSelector('body[data-waiting]');
  const ply = () => page.evaluate(() => window.__view().ply);
  const cell = (sq) => page.locator(`#board rect.sq[data-sq="${sq}"]`);
  assert.equal(await page.locator('#board .hint').count(), 100, 'placement: every empty square is a target');
  await cell('E5').click();
  await page.waitForFunction(() => window.__view().ply === 1);
  await cell('E5').click();
  assert.match(await page.textContent('#reason'), /^E5 is occupied by the \w+ ring\.$/);
  assert.equal(await ply(), 1);
  for (const sq of ['E6', 'A1', 'J10', 'A10']) {
    await page.waitForSelector('body[data-waiting]');
    await cell(sq).click();
  }
  await page.waitForFunction(() => window.__view().phase === 'move');
  await page.waitForSelector('body[data-waiting]');
  const v = await page.evaluate(() => window.__view());
  const hints = await page.$$eval('#board .hint.target', (hs) => hs.map((h) => h.dataset.sq).sort());
  assert.deepEqual(hints, [...v.legal].sort());
  assert.ok(!v.legal.includes('E8'));
  await cell('E8').click();
  assert.match(await page.textContent('#reason'), /^E8 is blocked by the \w+ ring on E6\.$/);
  await cell('F6').click();
  assert.match(await page.textContent('#reason'), /^F6 is not a jump from E5/);
  // A click on the row labels, left of column A, is off the board.
  const box = await page.locator('#board').boundingBox();
  await page.mouse.click(box.x + box.width * 0.02, box.y + box.height * 0.5);
  assert.match(await page.textContent('#reason'), /off the board/);
  assert.equal(await ply(), 5);
  await page.screenshot({ path: path.join(shots, 'human-refused.png') });
  await cell('C7').click();
  await page.waitForFunction(() => window.__view().ply === 6);
  assert.equal(await page.textContent('#reason'), '');
  // Keyboard: the second player (on E6) jumps to G4: cursor starts on F5.
  await page.waitForSelector('body[data-waiting]');
  await page.focus('#board');
  for (const k of ['ArrowRight', 'ArrowDown', 'Enter']) await page.keyboard.press(k);
  await page.waitForFunction(() => window.__view().ply === 7);
  const after = await page.evaluate(() => window.__view());
  assert.equal(after.moves[6], 'G4');
  assert.match(after.cells[36], /[BKRYG]/); // the ring on G4
  assert.match(after.cells[54], /[bkryg]/); // E6 keeps its trail
  assert.deepEqual(errors, []);
  await context.close();
});

// One human against four CPUs, played to the end (issue 61): the end
// message (app.js resultWords) names the human's points and place as the
// score table shows them. The human takes the first legal move; the CPUs
// play level 1 (random, seeded by the game: the same game every run). Seed
// 1 is a game the human wins, seed 2 one it loses (3rd); both messages are
// checked against the table, not against these outcomes, and the test
// fails if the two seeds stop giving one of each.
const ORDINAL = ['', '1st', '2nd', '3rd', '4th', '5th'];
test('one human against four level-1 CPUs to the end: "You won with N points!" or the place taken, as the score table shows', { timeout: 90000 }, async () => {
  const seen = new Set();
  for (const seed of [1, 2]) {
    const { page, context, errors } = await open(`?seed=${seed}&anim=0.05`);
    await page.click('#to-setup');
    await setSeats(page, ['blue']);
    assert.match(await page.textContent('#seat-note'), /^1 human, 4 CPU$/);
    await page.waitForFunction(() => document.querySelectorAll('#levels option').length > 0);
    const weakest = (await page.evaluate(() => window.__levels()))[0];
    assert.equal(weakest.level, 1);
    await page.selectOption('#strength', 'level:1');
    await page.click('#start');
    let humanMoves = 0;
    for (;;) {
      await page.waitForFunction(() => document.body.dataset.waiting || window.__view()?.phase === 'over', null, { timeout: 30000 });
      const v = await page.evaluate(() => window.__view());
      if (v.phase === 'over') break;
      assert.equal(await page.getAttribute('body', 'data-waiting'), 'blue');
      assert.match(await page.textContent('#status'), /^Blue \(you\): /);
      await page.click(`#board rect.sq[data-sq="${v.legal[0]}"]`);
      humanMoves++;
      await page.waitForFunction((ply) => window.__view().ply > ply, v.ply);
    }
    assert.ok(humanMoves >= 1);
    await page.waitForSelector('#end:not([hidden])', { timeout: 15000 });
    // The final scores as shown: every player's total, the winner's row marked.
    const rows = await page.$$eval('#scores tr[data-colour]', (trs) => trs.map((tr) => ({ colour: tr.dataset.colour, total: Number(tr.querySelector('.total').textContent), win: tr.classList.contains('win') })));
    assert.equal(rows.length, 5);
    assert.equal(rows.reduce((a, r) => a + r.total, 0), 100);
    const winners = rows.filter((r) => r.win);
    assert.equal(winners.length, 1);
    const w = winners[0];
    assert.equal(w.total, Math.max(...rows.map((r) => r.total)), 'the winner has the highest total');
    const me = rows.find((r) => r.colour === 'blue');
    const place = 1 + rows.filter((r) => r.total > me.total).length;
    const cap = (s) => s[0].toUpperCase() + s.slice(1);
    const message = await page.textContent('#winner');
    if (w.colour === 'blue') {
      assert.equal(message, `You won with ${me.total} points!`);
      assert.equal(await page.textContent('#status'), 'Blue (you) wins');
      seen.add('won');
    } else {
      assert.ok(place >= 2);
      assert.equal(message, `You lost: ${ORDINAL[place]} place with ${me.total} points. ${cap(w.colour)} wins with ${w.total} points.`);
      assert.equal(await page.textContent('#status'), `${cap(w.colour)} wins`);
      seen.add('lost');
    }
    // The engine's own final view agrees with the table.
    const final = await page.evaluate(() => window.__view());
    assert.equal(final.scores[0], me.total); // blue is player 0
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.deepEqual([...seen].sort(), ['lost', 'won'], 'seeds 1 and 2: one game won and one lost by the human (pick two other seeds if the engine changed)');
});

test('the CPU thinks in a worker: frames keep coming and the time per move is the one chosen', { timeout: 60000 }, async () => {
  const { page, context, errors } = await open('?seed=9&anim=0.1');
  await page.click('#to-setup');
  await setSeats(page, []);
  await page.selectOption('#strength', 'strong');
  await page.selectOption('#time', '2000');
  await page.click('#start');
  await page.waitForSelector('body[data-thinking]');
  await page.waitForTimeout(200);
  const f0 = await page.evaluate(() => window.__frames);
  const t0 = Date.now();
  await page.waitForTimeout(1000);
  const f1 = await page.evaluate(() => window.__frames);
  const dt = Date.now() - t0;
  assert.ok(await page.$('body[data-thinking]'), 'still thinking during the measurement');
  assert.ok(f1 - f0 >= 20, `${f1 - f0} frames in ${dt} ms while the CPU thinks`);
  await page.waitForFunction(() => /Last CPU move/.test(document.querySelector('#info').textContent), null, { timeout: 10000 });
  const info = await page.textContent('#info');
  const secs = Number(info.match(/in ([\d.]+) s/)[1]);
  assert.ok(secs >= 1.9 && secs < 3, info);
  assert.match(info, /plays quick games out in its head, 2 s a move/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 360-pixel phone, offline once loaded: no sideways scrolling, the board fits, taps play', { timeout: 60000 }, async () => {
  const { page, context, errors } = await open('?seed=4&anim=0.1', { width: 360, height: 740 }, { hasTouch: true, isMobile: true });
  await page.waitForFunction(() => window.__readyMs);
  await context.setOffline(true);
  await page.waitForFunction(() => document.querySelector('#word path')?.getAttribute('d'));
  await page.screenshot({ path: path.join(shots, 'phone-title.png') });
  await page.click('#to-setup');
  await page.click('#start'); // default: blue human, four CPUs
  await page.waitForSelector('body[data-waiting=blue]', { timeout: 30000 });
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width <= 360 && box.width > 300, `board ${box.width}px wide`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
  const v = await page.evaluate(() => window.__view());
  await page.locator(`#board rect.sq[data-sq="${v.legal[0]}"]`).tap();
  await page.waitForFunction((n) => window.__view().ply > n, v.ply);
  await page.waitForFunction(() => window.__cpuMs.length > 0, null, { timeout: 20000 }); // a CPU moved, offline
  await page.screenshot({ path: path.join(shots, 'phone-game.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// The level picker (issue 49): the registry's levels, as `games play --help`
// lists them for 5RINGS (one source: solver/registry/games.h through the wasm
// binding); five CPUs at the 10 ms MCTS level think about 10 ms a move, not
// the time select's (disabled) 1 s.
test('Levels: the picker lists the CLI\'s 5RINGS levels and their measured strength; CPUs at the 10 ms level think 0.01 s a move', { timeout: 90000 }, async () => {
  const help = execFileSync(path.join(root, 'build/bin/games'), ['play', '--help'], { encoding: 'utf8' });
  const block = help.split('--game rings (5RINGS):')[1];
  const cli = [...block.matchAll(/^ {2}(\d) {2}([a-z-]+), (\d+) ms a move: (.*)$/gm)].map((m) => ({ level: Number(m[1]), kind: m[2], timeMs: Number(m[3]), strength: m[4] }));
  const { page, context, errors } = await open('?seed=11&anim=0.1');
  await page.click('#to-setup');
  await setSeats(page, []);
  await page.waitForFunction(() => document.querySelectorAll('#levels option').length > 0);
  const levels = await page.evaluate(() => window.__levels());
  assert.deepEqual(levels, cli, 'the page\'s levels are the CLI\'s');
  const quick = levels.find((l) => l.kind === 'mcts' && l.timeMs === 10);
  assert.ok(quick, 'a 10 ms MCTS level');
  await page.selectOption('#strength', `level:${quick.level}`);
  // In a player's words: the measured strength without the Elo figures (common.js strengthWords).
  const words = await page.evaluate(async (s) => (await import('./common.js')).strengthWords(s), quick.strength);
  assert.ok(quick.strength.startsWith(words), `the words are the CLI's text, shortened: ${words}`);
  assert.equal(await page.textContent('#strength-about'), `Level ${quick.level} of ${levels.length}, thinks 0.01 s a move: ${words}.`);
  assert.ok(await page.isDisabled('#time'), 'a level thinks its own time');
  await page.screenshot({ path: path.join(shots, 'rings-levels.png') });
  await page.click('#start');
  await page.waitForFunction(() => window.__cpuMs.length >= 12, null, { timeout: 30000 });
  const ms = [...(await page.evaluate(() => window.__cpuMs))].sort((a, b) => a - b);
  // MCTS uses its whole time unless a move is forced: most moves near 10 ms, none near the select's 1 s.
  assert.ok(ms[Math.floor(ms.length / 2)] >= 9, `median ${ms[Math.floor(ms.length / 2)]} ms (${ms})`);
  assert.ok(ms.at(-1) < 500, `a 10 ms level thought ${ms.at(-1)} ms (${ms})`);
  assert.match(await page.textContent('#info'), new RegExp(`^Last CPU move: [A-J]\\d+(, at once: the move was clear| in 0\\.\\d\\d s, after playing [\\d,]+ quick games out in its head)\\. Level ${quick.level} of ${levels.length}, thinks 0\\.01 s a move\\.$`));
  assert.deepEqual(errors, []);
  await context.close();
});
