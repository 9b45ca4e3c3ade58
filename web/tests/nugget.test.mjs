// The Golden Nugget page (nugget.html) in headless Chromium: play by clicks,
// a board solved and turned over, progress kept over a reload, an exported
// entry accepted by the native `nugget verify`, the replay of
// results/submission-200.jcgn and of a corrupted copy (the same message as
// `nugget verify`), a hint from the solver's board search. No console error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { root, shots, start, axe } from './browser.mjs';

const nugget = path.join(root, 'build/bin/nugget');
const submission = path.join(root, 'results/submission-200.jcgn');
// The moves of each board of an entry, in full notation.
const boardsOf = (text) => text.split('\n').filter((l) => l.startsWith('board ')).map((l) => l.split(' ').slice(4));

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

async function openNugget(query = '?anim=0') {
  const o = await env.open('nugget.html' + query);
  await o.page.waitForSelector('body[data-ready]');
  return o;
}
const label = (page, l) => page.locator(`#n-board .n-label[data-label="${l}"]`);
const view = (page) => page.evaluate(() => window.__nugget.view());
// Clicks the labels of full-notation moves: with the mouse (playwright), or
// as click events dispatched on the label elements in one round trip (the
// same handler; hundreds of mouse clicks would take minutes on a loaded
// 2-core machine). The page queues the pushes and plays them in order.
async function clickMoves(page, moves, { mouse = false } = {}) {
  if (mouse) {
    for (const m of moves) await label(page, m[0]).click();
    return;
  }
  await page.evaluate((labels) => {
    for (const l of labels) document.querySelector(`#n-board .n-label[data-label="${l}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }, moves.map((m) => m[0]));
}

test('the RULES.md worked example by clicks: P, 5, L give P7 54 L6 and the expected tiles; a refused push, undo, the hidden face', async () => {
  const { page, context, errors } = await openNugget('?anim=0.3');
  const start = await view(page);
  assert.equal(start.board, 1);
  assert.equal(start.face, 'A');
  for (const l of ['P', '5', 'L']) await label(page, l).click();
  await page.waitForFunction(() => window.__nugget.view().moves.length === 3);
  assert.deepEqual(await page.$$eval('#n-moves li', (lis) => lis.map((li) => li.textContent)), ['P7', '54', 'L6']);
  // Moves named in words, and the page says how a move is named (issue 61 item 8).
  assert.equal(await page.textContent('#n-status'), 'Pushed at L: 6 cells moved (L6)');
  assert.equal(await page.getAttribute('#n-moves li:first-child', 'title'), 'pushed at P: 7 cells moved (P7)');
  assert.match(await page.textContent('#play'), /A move's name is its label and how many cells moved: P7 pushes at P and moves 7/);
  const expected = '1 2 3 4 26 6 7 8 9 17 11 5 13 14 15 16 24 18 12 20 21 22 23 31 25 19 27 28 29 30 37 32 33 34 35 42 36 45 38 39 40 41 43 44 10 46 47 48 49';
  assert.equal((await view(page)).tiles.join(' '), expected);
  // The drawn tiles stand where the engine says, once the animation is over.
  await page.waitForTimeout(400);
  const drawn = await page.$$eval('#n-board .n-tile', (gs) => gs.map((g) => {
    const r = g.getBoundingClientRect();
    return { t: Number(g.dataset.tile), x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }));
  drawn.sort((a, b) => Math.round(a.y / 20) - Math.round(b.y / 20) || a.x - b.x);
  assert.equal(drawn.map((d) => d.t).join(' '), expected);
  assert.equal(await page.textContent('#n-count'), '3');
  await page.screenshot({ path: path.join(shots, 'nugget-play.png') });
  // 5 again is 53; then 5 would move no coloured tile: refused with the reason, nothing played.
  await label(page, '5').click();
  await page.waitForFunction(() => window.__nugget.view().moves.length === 4);
  assert.equal((await view(page)).moves[3], '53');
  // The labels are redrawn after the move's animation: wait for it (a loaded machine is slow).
  await page.waitForFunction((g) => g.classList.contains('illegal'), await label(page, '5').elementHandle(), { timeout: 10000 });
  await label(page, '5').click();
  await page.waitForFunction(() => document.getElementById('n-reason').textContent !== '');
  assert.equal(await page.textContent('#n-reason'), '5: it would move no coloured tile.');
  assert.equal((await view(page)).moves.length, 4);
  // Undo takes back 53 and L6.
  await page.click('#n-undo');
  await page.click('#n-undo');
  await page.waitForFunction(() => window.__nugget.view().moves.length === 2);
  assert.deepEqual(await page.$$eval('#n-moves li', (lis) => lis.map((li) => li.textContent)), ['P7', '54']);
  assert.equal(await page.textContent('#n-reason'), '');
  // The hidden face: toggled (click, Space on the button), and held with the space bar.
  const colourOf = (t) => page.$eval(`#n-board .n-tile[data-tile="${t}"]`, (g) => g.dataset.colour);
  assert.equal(await colourOf(1), 'Y'); // tile 1: A yellow, B white
  await page.click('#n-hidden');
  assert.equal(await colourOf(1), 'W');
  await page.click('#n-hidden');
  assert.equal(await colourOf(1), 'Y');
  // Space on the focused toggle presses it (a button's key, issue 48 item 2).
  await page.keyboard.press(' ');
  assert.equal(await colourOf(1), 'W');
  await page.keyboard.press(' ');
  assert.equal(await colourOf(1), 'Y');
  // Held while no control has the focus, Space shows the hidden face.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.down(' ');
  assert.equal(await colourOf(1), 'W');
  await page.keyboard.up(' ');
  assert.equal(await colourOf(1), 'Y');
  assert.deepEqual(errors, []);
  await context.close();
});

test('20 boards of results/submission-200.jcgn by clicks: each solved board turns over, progress survives a reload, the exported entry passes nugget verify', { timeout: 480000 }, async () => {
  assert.ok(existsSync(nugget), 'build/bin/nugget (scripts/build.sh nugget) verifies the download');
  const boards = boardsOf(readFileSync(submission, 'utf8')).slice(0, 20);
  const { page, context, errors } = await openNugget('?anim=0');
  await clickMoves(page, boards[0].slice(0, 20), { mouse: true });
  await clickMoves(page, boards[0].slice(20, -1));
  await page.waitForFunction((n) => window.__nugget.view().moves.length === n, boards[0].length - 1);
  // The last move of board 1, animated: the tiles turn over, board 2 starts on face B.
  await page.goto(page.url().replace('anim=0', 'anim=1'));
  await page.waitForSelector('body[data-ready]');
  assert.equal((await view(page)).moves.length, boards[0].length - 1, 'the moves so far survive a reload');
  await label(page, boards[0].at(-1)[0]).click();
  await page.waitForSelector('body[data-solved="1"]');
  await page.waitForTimeout(700);
  await page.screenshot({ path: path.join(shots, 'nugget-turn-over.png') });
  await page.waitForFunction(() => /starts/.test(document.getElementById('n-status').textContent), null, { timeout: 10000 });
  const v2 = await view(page);
  assert.equal(v2.board, 2);
  assert.equal(v2.face, 'B');
  assert.deepEqual(v2.perBoard, [boards[0].length]);
  // The tiles show face B now (tile 1 is white on B).
  assert.equal(await page.$eval('#n-board .n-tile[data-tile="1"]', (g) => g.dataset.colour), 'W');
  assert.equal(await page.textContent('#n-solved'), '1');
  // A reload keeps the chain.
  await page.goto(page.url().replace('anim=1', 'anim=0'));
  await page.waitForSelector('body[data-ready]');
  assert.equal((await view(page)).board, 2);
  assert.ok(await page.isDisabled('#n-export'), 'no entry under 20 boards');
  assert.equal(await page.textContent('#n-export-why'), 'Export opens at 20 solved boards, the shortest entry the rules rank (1 solved so far).');
  for (let k = 1; k < 20; k++) {
    await clickMoves(page, boards[k]);
    await page.waitForFunction((n) => window.__nugget.view().solvedBoards === n, k + 1, { timeout: 20000 });
  }
  const total = boards.reduce((a, b) => a + b.length, 0);
  assert.equal(await page.textContent('#n-mean'), (total / 20).toFixed(3));
  assert.equal(await page.textContent('#n-last'), String(boards[19].length));
  assert.equal(await page.textContent('#n-before'), String(boards[18].length));
  await page.screenshot({ path: path.join(shots, 'nugget-chain-done.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#n-export')]);
  const file = path.join(shots, 'hand-20.jcgn');
  await download.saveAs(file);
  const out = execFileSync(nugget, ['verify', file], { encoding: 'utf8' });
  assert.equal(out.trim(), `valid: 20 boards, ${total} moves, mean ${(total / 20).toFixed(4)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('replay: results/submission-200.jcgn is valid with its mean; stepping, scrubbing, the chart; a corrupted copy names the line nugget verify names', { timeout: 180000 }, async () => {
  const { page, context, errors } = await openNugget('?anim=0');
  await page.click('#tab-replay');
  await page.setInputFiles('#r-file', submission);
  await page.waitForSelector('body[data-verdict]');
  // The CLI's verdict on the same file (the committed entry changes when a better one is found).
  const expected = execFileSync(nugget, ['verify', submission], { encoding: 'utf8' }).trim();
  assert.match(expected, /^valid: 200 boards, \d+ moves, mean \d+\.\d{4}$/);
  assert.equal(await page.textContent('#r-tool'), `The nugget tool's words: ${expected}`);
  const [, boards, moves, mean] = expected.match(/^valid: (\d+) boards, (\d+) moves, mean ([\d.]+)$/);
  assert.equal(await page.textContent('#r-verdict'), `A valid entry: ${boards} boards solved in ${Number(moves).toLocaleString('en')} moves, a mean of ${mean} moves a board.`);
  assert.equal(await page.$$eval('#r-chart rect.bar', (bs) => bs.length), 200);
  assert.equal(await page.textContent('#r-move-count'), String(boardsOf(readFileSync(submission, 'utf8'))[0].length));
  await page.click('#r-next');
  await page.click('#r-next');
  assert.equal(await page.textContent('#r-move-no'), '2');
  assert.ok((await page.textContent('#r-last')).startsWith(`Move 2: ${boardsOf(readFileSync(submission, 'utf8'))[0][1]}`));
  // Scrub to board 150 (the chart's bar), then play at the fastest speed.
  await page.click('#r-chart rect.hit[data-board="150"]');
  assert.equal(await page.textContent('#r-board-no'), '150');
  // The chart names the bar under the pointer, and numbers its moves axis.
  await page.hover('#r-chart rect.hit[data-board="37"]');
  await page.waitForSelector('#r-tip:not([hidden])');
  assert.equal(await page.textContent('#r-tip'), `Board 37: ${boardsOf(readFileSync(submission, 'utf8'))[36].length} moves`);
  const ticks = await page.$$eval('#r-chart text.tick', (ts) => ts.map((t) => Number(t.textContent)));
  assert.ok(ticks.length >= 4 && ticks.includes(10), `moves axis: ${ticks}`);
  await page.screenshot({ path: path.join(shots, 'nugget-replay-tip.png') });
  await page.mouse.move(0, 0);
  assert.equal((await page.evaluate(() => window.__nugget.rview())).face, 'B');
  // The sliders in the page's yellow, not the browser's blue (issue 61 item 14).
  assert.deepEqual(await page.$$eval('#r-controls input[type=range]', (ss) => ss.map((s) => getComputedStyle(s).accentColor)), ['rgb(255, 212, 0)', 'rgb(255, 212, 0)']);
  await page.selectOption('#r-speed', '40');
  await page.click('#r-play');
  await page.waitForFunction(() => window.__nugget.at().move >= 5);
  await page.click('#r-play');
  await page.screenshot({ path: path.join(shots, 'nugget-replay.png') });
  // The end of a board: the move slider at its last move shows the solved board.
  const last = Number(await page.textContent('#r-move-count'));
  await page.$eval('#r-move-slider', (s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }, last);
  assert.equal((await page.evaluate(() => window.__nugget.rview())).solved, true);
  // A corrupted copy, dropped on the page: the same line and reason as the CLI.
  const text = readFileSync(submission, 'utf8').split('\n');
  const i = text.findIndex((l) => l.startsWith('board 37 '));
  const words = text[i].split(' ');
  words[7] = words[7][0] + (words[7][1] === '7' ? '6' : '7');
  text[i] = words.join(' ');
  const bad = path.join(shots, 'corrupt.jcgn');
  writeFileSync(bad, text.join('\n'));
  const cli = spawnSync(nugget, ['verify', 'corrupt.jcgn'], { cwd: shots, encoding: 'utf8' });
  assert.equal(cli.status, 1);
  const cliMessage = (cli.stdout + cli.stderr).trim();
  assert.match(cliMessage, new RegExp(`^corrupt\\.jcgn:${i + 1}: `));
  const dt = await page.evaluateHandle((content) => {
    const d = new DataTransfer();
    d.items.add(new File([content], 'corrupt.jcgn', { type: 'text/plain' }));
    return d;
  }, text.join('\n'));
  await page.dispatchEvent('#r-drop', 'drop', { dataTransfer: dt });
  await page.waitForSelector('body[data-verdict=invalid]');
  assert.equal(await page.textContent('#r-tool'), `The nugget tool's words: ${cliMessage}`);
  // In words: the board, the move, and why.
  const said = cliMessage.match(/move (\d+) "(..)": farthest white is at (\d)/);
  assert.ok(said, cliMessage);
  assert.equal(await page.textContent('#r-verdict'), `Board 37, move ${said[1]} (${said[2]}) cannot be played: it says ${said[2][1]} cells move, but the white tile farthest from ${said[2][0]} is cell ${said[3]}, so a push at ${said[2][0]} moves ${said[3]}. The 36 boards before it replay here.`);
  // A file that is no entry.
  const dt2 = await page.evaluateHandle(() => {
    const d = new DataTransfer();
    d.items.add(new File(['hello world\n'], 'notes.txt', { type: 'text/plain' }));
    return d;
  });
  await page.dispatchEvent('#r-drop', 'drop', { dataTransfer: dt2 });
  await page.waitForFunction(() => /not a Golden Nugget entry/.test(document.getElementById('r-verdict').textContent));
  assert.equal(await page.textContent('#r-verdict'), 'This file is not a Golden Nugget entry: line 1 starts with "hello", where an entry has "board", "final" or a "#" comment.');
  await page.dispatchEvent('#r-drop', 'drop', { dataTransfer: dt });
  await page.waitForFunction(() => /^Board 37/.test(document.getElementById('r-verdict').textContent));
  // The boards before the bad one still replay.
  assert.equal(await page.$$eval('#r-chart rect.bar', (bs) => bs.length), 36);
  await page.screenshot({ path: path.join(shots, 'nugget-replay-invalid.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hint off the route: the solver\'s board search in the worker for 5 s (widths 300, 600, ...) proposes a move the engine accepts, and says how far the route is; a whole-board solution stepped by Next move and Play all solves the board', { timeout: 180000 }, async () => {
  const { page, context, errors } = await openNugget('?anim=0');
  // Off the route of the best known chain (its board 1 starts 56).
  await label(page, 'P').click();
  await page.waitForFunction(() => window.__nugget.view().moves.length === 1);
  await page.click('#n-hint');
  await page.waitForSelector('body[data-thinking]');
  assert.match(await page.textContent('#n-hint-out'), /^You left the route of the best known chain: board 1 in \d+ moves, then \d+ a board: from this board's start it takes \d+ moves \(Restart board goes back to it\)\. Searching instead\./);
  await page.waitForSelector('#n-board .n-label.hinted', { timeout: 60000 });
  const text = await page.textContent('#n-hint-out');
  // The move in words (issue 61 item 8): "Try P7: push at P, 7 cells move."
  const tried = text.match(/Try (([1-7A-U])([1-7])): push at \2, \3 cells? moves?\. It starts a solution in \d+ more moves/);
  assert.ok(tried, text);
  assert.match(await page.textContent('#n-status'), new RegExp(`^Try ${tried[1]}: push at ${tried[2]}, ${tried[3]} cells? moves?\\.$`));
  assert.doesNotMatch(text, /beam|endgame|table/);
  const h = (await page.evaluate(() => window.__hints)).find((x) => !x.route);
  // The depth-4 table is built within the hint's 5 s, then widths 300, 600, ...
  assert.equal(h.depth, 4);
  assert.deepEqual(h.steps.map((s) => s.width), [300, 600, 1200, 2400, 4800, 9600, 19200].slice(0, h.steps.length), JSON.stringify(h));
  assert.ok(h.ms <= 12000, `5 s asked, ${h.ms} ms taken`); // slack for a loaded machine (the first width always runs)
  const first = tried[1];
  await label(page, first[0]).click();
  await page.waitForFunction(() => window.__nugget.view().moves.length === 2);
  assert.deepEqual((await view(page)).moves.slice(1), [first]);
  // Whole board, stopped early: the best found so far is kept.
  await page.click('#n-solve');
  await page.waitForFunction(() => window.__hints.length === 2 || document.querySelector('#n-hint-out').textContent.includes('best so far: a solution'), null, { timeout: 60000 });
  if (await page.evaluate(() => window.__hints.length === 1)) await page.click('#n-stop');
  await page.waitForSelector('#n-play-all:not([disabled])', { timeout: 60000 });
  const plan = await page.evaluate(() => window.__nugget.plan());
  const moves = plan.moves;
  assert.match(await page.textContent('#n-hint-out'), new RegExp(`A solution in ${moves.length} more moves.*: ${moves.slice(0, 3).join(' ')}`));
  assert.deepEqual(await axe(page), [], 'the hint\'s solution and its step buttons');
  await page.screenshot({ path: path.join(shots, 'nugget-hint-steps.png') });
  await page.focus('#n-step');
  await page.keyboard.press('Enter'); // keyboard-operable
  await page.waitForFunction(() => window.__nugget.view().moves.length === 3);
  assert.match(await page.textContent('#n-status'), new RegExp(`^Played ${moves[0]}: move 1 of ${moves.length}`));
  await page.click('#n-play-all');
  await page.waitForSelector('body[data-solved="1"]', { timeout: 60000 });
  const v = await view(page);
  assert.equal(v.board, 2);
  assert.equal(v.perBoard[0], 2 + moves.length);
  assert.equal(await page.isDisabled('#n-play-all'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the hint leads into the best known chain: 20 boards by whole-board hints follow the route shipped from results/submission-200.jcgn (board 1, then 12 a board), mean <= 14.5', { timeout: 240000 }, async () => {
  const entry = boardsOf(readFileSync(submission, 'utf8'));
  const { page, context, errors } = await openNugget('?anim=0');
  const route = await page.evaluate(() => window.__nugget.route());
  assert.equal(route.first, entry[0].length);
  assert.equal(route.later, Math.max(entry[1].length, entry[2].length));
  const t0 = Date.now();
  for (let b = 1; b <= 20; b++) {
    await page.click('#n-solve');
    await page.waitForSelector('#n-play-all:not([disabled])', { timeout: 60000 });
    if (b === 1) assert.match(await page.textContent('#n-hint-out'), /^62 more moves solve this board on the best known chain: board 1 in 62 moves, then 12 a board: 56 U6 27 /);
    await page.click('#n-play-all');
    await page.waitForFunction((n) => window.__nugget.view().solvedBoards >= n, b, { timeout: 60000 });
  }
  const v = await view(page);
  const hints = await page.evaluate(() => window.__hints);
  assert.equal(hints.length, 20);
  assert.ok(hints.every((h) => h.route), 'every board by the route, none by a search');
  assert.deepEqual(v.perBoard, entry.slice(0, 20).map((m) => m.length));
  console.log(`20-board chain by whole-board hints: ${v.totalMoves} moves, mean ${v.mean.toFixed(3)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  assert.ok(v.mean <= 14.5, `mean ${v.mean}`);
  assert.deepEqual(errors, []);
  await context.close();
});

// The controls a player presses (their places in the page, not the
// window: a scroll is not a shift), and the board.
const controlBoxes = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#play button, #play select, #n-board')]
  .filter((e) => e.getBoundingClientRect().width > 0)
  .map((e) => [e.id || `pad ${e.dataset.label}`, (({ left, top, width, height }) => [Math.round(left + scrollX), Math.round(top + scrollY), Math.round(width), Math.round(height)])(e.getBoundingClientRect())])));
function moved(before, after, what) {
  const out = [];
  for (const [id, b] of Object.entries(before)) {
    const a = after[id];
    if (!a) continue;
    if (b.some((x, i) => Math.abs(x - a[i]) > 1)) out.push(`${what}: ${id} [${b}] -> [${a}]`);
  }
  return out;
}
// The player's actions on a Golden Nugget board, in order; after each, `check` runs.
async function actions(page, check, { pad = false } = {}) {
  const push = (l) => (pad ? page.click(`#n-pad button[data-label="${l}"]`) : label(page, l).click());
  const n = (k) => page.waitForFunction((k) => window.__nugget.view().moves.length === k, k);
  for (const [k, l] of ['P', '5', 'L', '5'].entries()) {
    await push(l);
    await n(k + 1);
    await check(`push ${l}`);
  }
  await page.waitForFunction(() => document.querySelector('#n-board .n-label[data-label="5"]').classList.contains('illegal'));
  await push('5');
  await page.waitForFunction(() => document.getElementById('n-reason').textContent);
  await check('a refused push');
  for (let k = 3; k >= 0; k--) {
    await page.click('#n-undo');
    await n(k);
  }
  await page.click('#n-undo');
  await page.waitForFunction(() => document.getElementById('n-reason').textContent === 'No move to take back on this board.');
  await check('undo with no move');
  await page.click('#n-hint');
  await page.waitForSelector('#n-board .n-label.hinted');
  assert.equal(await page.textContent('#n-reason'), '', 'a hint clears the refusal before it');
  assert.match(await page.textContent('#n-status'), /^Try (([1-7A-U])([1-7])): push at \2, \3 cells? moves?\.$/, 'the hinted move in words');
  await check('hint: next move');
  await page.click('#n-solve');
  await page.waitForSelector('#n-play-all:not([disabled])');
  await check('hint: whole board');
  await page.click('#n-step');
  await n(1);
  await check('next move');
  await page.click('#n-play-all');
  await n(3);
  await check('play all, playing');
  await page.click('#n-play-all');
  await page.waitForFunction(() => /^Paused/.test(document.getElementById('n-status').textContent));
  await check('pause');
  await page.click('#n-restart');
  await page.waitForFunction(() => /Press Restart board again/.test(document.getElementById('n-status').textContent));
  assert.ok((await view(page)).moves.length > 0, 'restart asks first');
  await check('restart, asked');
  await page.click('#n-restart');
  await n(0);
  await check('restart');
}

test('nothing moves under the pointer: the controls and the board keep their places through pushes, a refusal, undo, hints, Next move, Play all, Pause and Restart (1280 x 900, 375 x 800)', { timeout: 180000 }, async () => {
  let shifts = 0;
  for (const [width, height] of [[1280, 900], [375, 800]]) {
    const { page, context, errors } = await env.open('nugget.html?anim=0.3', { width, height });
    await page.waitForSelector('body[data-ready]');
    const first = await controlBoxes(page);
    const bad = [];
    await actions(page, async (what) => {
      const b = moved(first, await controlBoxes(page), `${what} at ${width}`);
      shifts += b.length;
      bad.push(...b);
    }, { pad: width < 500 });
    assert.deepEqual(bad, []);
    assert.deepEqual(errors, []);
    await context.close();
  }
  console.log(`layout shifts of a control under the pointer: ${shifts}`);
});

test('on a phone (375 x 800) the board, the status line and Undo are in view after every action, Play all started from the bottom of the page included', { timeout: 180000 }, async () => {
  const { page, context, errors } = await env.open('nugget.html?anim=0.3', { width: 375, height: 800 });
  await page.waitForSelector('body[data-ready]');
  const bad = [];
  const inView = async (what) => {
    const r = await page.evaluate(() => ['#n-board', '#n-status', '#n-undo'].map((s) => { const b = document.querySelector(s).getBoundingClientRect(); return [s, Math.round(b.top), Math.round(b.bottom)]; }));
    for (const [s, top, bottom] of r) if (top < 0 || bottom > 800) bad.push(`${what}: ${s} at ${top}..${bottom}`);
  };
  await actions(page, inView, { pad: true });
  // Play all pressed after scrolling down to it: the board comes back into view.
  await page.click('#n-solve');
  await page.waitForSelector('#n-play-all:not([disabled])');
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
  await page.click('#n-play-all');
  await page.waitForFunction(() => window.__nugget.view().moves.length >= 2);
  await inView('play all from the bottom');
  await page.screenshot({ path: path.join(shots, 'nugget-phone-play-all.png') });
  assert.deepEqual(bad, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('reduced motion keeps the pace: Play all moves one push every 0.45 s without sliding', { timeout: 60000 }, async () => {
  const { page, context, errors } = await env.open('nugget.html', { width: 1100, height: 800 }, { reducedMotion: 'reduce' });
  await page.waitForSelector('body[data-ready]');
  await page.click('#n-solve');
  await page.waitForSelector('#n-play-all:not([disabled])');
  // Each move's time, taken in the page (the move counter's changes).
  await page.evaluate(() => {
    window.__at = [];
    new MutationObserver(() => window.__at.push(performance.now())).observe(document.getElementById('n-count'), { childList: true, characterData: true, subtree: true });
  });
  await page.click('#n-play-all');
  await page.waitForFunction(() => window.__nugget.view().moves.length >= 5, null, { timeout: 20000 });
  await page.click('#n-stop');
  const at = await page.evaluate(() => window.__at);
  const ms = Math.round(at[4] - at[0]);
  // No slide: the tiles stand where the engine puts them at once.
  assert.equal(await page.$$eval('#n-board .n-tile', (gs) => gs.filter((g) => /\./.test(g.getAttribute('transform') ?? '')).length), 0);
  console.log(`reduced motion: Play all, 4 moves in ${ms} ms`);
  assert.ok(ms >= 4 * 450 * 0.9, `4 moves in ${ms} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('touch targets on a phone (375 x 812): the board\'s labels are under 44 px there, so the force points are also buttons of 44 x 44 px or more that push as the labels do; none on a wide screen; the empty move list says so', { timeout: 60000 }, async () => {
  const { page, context, errors } = await openNugget('?anim=0');
  await page.setViewportSize({ width: 375, height: 812 });
  // A label's target is its cell, a ninth of the board.
  await page.waitForSelector('#n-pad:not([hidden])');
  const sizes = await page.evaluate(() => {
    const r = document.querySelector('#n-board').getBoundingClientRect();
    const pad = [...document.querySelectorAll('#n-pad button')].map((b) => {
      const x = b.getBoundingClientRect();
      return { l: b.dataset.label, w: x.width, h: x.height, left: x.left, right: x.right };
    });
    return { cell: Math.min(r.width, r.height) / 9, pad, scroll: document.documentElement.scrollWidth };
  });
  assert.ok(sizes.cell < 44, `a label cell is ${sizes.cell} px at 375`);
  assert.equal(sizes.pad.map((b) => b.l).sort().join(''), [...'1234567ABCDEFGHIJKLMNOPQRSTU'].sort().join(''), 'every force point once');
  for (const b of sizes.pad) {
    assert.ok(b.w >= 44 && b.h >= 44, `${b.l}: ${b.w} x ${b.h} px`);
    assert.ok(b.left >= 0 && b.right <= 375, `${b.l} lies on the screen`);
  }
  assert.equal(sizes.scroll, 375, 'no sideways scrolling');
  // The empty move list says it is empty (no blank bar under the status).
  assert.match(await page.$eval('#n-moves', (ol) => getComputedStyle(ol, '::before').content), /No moves yet/);
  // A pad button pushes as the label does: P, 5, L give P7 54 L6.
  for (const l of ['P', '5', 'L']) await page.click(`#n-pad button[data-label="${l}"]`);
  await page.waitForFunction(() => window.__nugget.view().moves.length === 3);
  assert.deepEqual((await view(page)).moves, ['P7', '54', 'L6']);
  assert.equal(await page.$eval('#n-moves', (ol) => getComputedStyle(ol, '::before').content), 'none');
  // A button shows what its label shows: not possible now (5 after P7 54 L6 53).
  await page.click('#n-pad button[data-label="5"]');
  await page.waitForFunction(() => window.__nugget.view().moves.length === 4);
  await page.waitForSelector('#n-pad button[data-label="5"].illegal');
  assert.match(await page.getAttribute('#n-pad button[data-label="5"]', 'aria-label'), /not possible now/);
  assert.deepEqual(await axe(page), [], 'the page with its pad at 375');
  // Wide enough for 44 px labels: no pad.
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.waitForSelector('#n-pad', { state: 'hidden' });
  assert.ok(await page.evaluate(() => document.querySelector('#n-board').getBoundingClientRect().width / 9 >= 44));
  assert.deepEqual(errors, []);
  await context.close();
});
