// The pages as a person meets them, in headless Chromium: nothing clipped at
// widths 320 to 1920, every game played to its end with key presses only
// (axe-core finds no serious or critical violation at the start, in the
// middle and at the end), reduced motion, the rules page, and the 5RINGS
// finale (the final board again, eliminated chips in colour, a record
// replayed in the page).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, shots, start, axe, clipped, focusOverlaps, keysPress } from './browser.mjs';
import { STATES } from '../tools/states.mjs';

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

// Every element matched by `inner` lies inside the box of `frame` (1 px of
// rounding allowed) and the page does not scroll sideways.
async function inside(page, frame, inner, what) {
  const bad = await page.evaluate(([frame, inner]) => {
    const f = document.querySelector(frame).getBoundingClientRect();
    const out = [];
    const els = [...document.querySelectorAll(inner)].filter((e) => getComputedStyle(e).visibility !== 'hidden' && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().width > 0);
    for (const e of els) {
      const b = e.getBoundingClientRect();
      if (b.left < f.left - 1 || b.right > f.right + 1 || b.top < f.top - 1 || b.bottom > f.bottom + 1)
        out.push(`${e.tagName}.${e.getAttribute('class')} ${e.textContent || e.dataset.sq || ''} [${b.left | 0},${b.top | 0},${b.right | 0},${b.bottom | 0}] outside [${f.left | 0},${f.top | 0},${f.right | 0},${f.bottom | 0}]`);
    }
    if (document.documentElement.scrollWidth > innerWidth) out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${innerWidth}`);
    return els.length ? out : [`nothing matches ${inner}`];
  }, [frame, inner]);
  assert.deepEqual(bad, [], what);
}
// The white frame is slanted by 16 px (12 px on a phone) at two corners: the
// board (its SVG box) must stay clear of the slant, and everything drawn
// inside the SVG's box.
async function boardHolds(page, wrap, svg, inner, what) {
  const gap = await page.evaluate(([wrap, svg]) => {
    const w = document.querySelector(wrap).getBoundingClientRect();
    const s = document.querySelector(svg).getBoundingClientRect();
    const slant = innerWidth <= 860 ? 12 : 16;
    return Math.min(s.left - w.left - slant, w.right - s.right - slant, s.top - w.top, w.bottom - s.bottom);
  }, [wrap, svg]);
  assert.ok(gap >= 4, `${what}: the board is ${gap} px from the frame's slant or edge`);
  await inside(page, svg, inner, what);
}

const WIDTHS = [320, 375, 768, 1280, 1920];

test('layout: at widths 320 to 1920 every board cell, label and ring lies inside its frame, on all pages', { timeout: 120000 }, async () => {
  const { page, context, errors } = await env.open('rings.html?seed=5&anim=0.1');
  await page.click('#to-setup');
  await page.click('#start');
  await page.waitForSelector('body[data-waiting]', { timeout: 30000 });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await boardHolds(page, '#game .boardwrap', '#board', '#board rect.sq, #board text.label, #board .ring circle', `5RINGS at ${width}`);
    await inside(page, 'body', '#order li, .buttons button', `5RINGS controls at ${width}`);
  }
  for (const [url, svg] of [['nugget.html?anim=0', '#n-board'], ['placement.html?game=shock&anim=0', '#p-board'], ['placement.html?game=attract&anim=0', '#p-board']]) {
    await page.goto(env.base + url);
    await page.waitForSelector('body[data-ready]');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const inner = svg === '#n-board' ? '#n-board .n-label circle, #n-board .n-tile rect, #n-board .n-frame' : '#p-board rect.sq, #p-board text.coord';
      await boardHolds(page, '.panel:not([hidden]) .boardwrap', svg, inner, `${url} at ${width}`);
    }
  }
  for (const url of ['', 'rules.html']) {
    await page.goto(env.base + url);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await inside(page, 'body', url ? '.rule h2, .toc a' : '.card', `${url || 'landing'} at ${width}`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// Arrow presses that take a square cursor from `from` to `to` (cells
// col + row * n, row 0 at the bottom).
function arrows(from, to, n) {
  const keys = [];
  const dc = (to % n) - (from % n), dr = Math.floor(to / n) - Math.floor(from / n);
  for (let i = 0; i < Math.abs(dc); i++) keys.push(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) keys.push(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  return keys;
}
const cellOf = (sq, n) => (sq.charCodeAt(0) - 65) + (Number(sq.slice(1)) - 1) * n;
// Tab until the element matching `selector` has the focus.
async function tabTo(page, selector) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
  }
  assert.fail(`Tab never reached ${selector}`);
}

test('5RINGS by keyboard only: five humans play a whole game (arrows and Enter), the cursor announced; axe finds nothing serious; the record replays in the page', { timeout: 180000 }, async () => {
  const { page, context, errors } = await env.open('rings.html?seed=11&anim=0.01');
  await page.waitForSelector('#word path');
  assert.deepEqual(await axe(page), [], 'title');
  await tabTo(page, '#to-setup');
  await page.keyboard.press('Enter');
  for (const c of ['black', 'red', 'yellow', 'green']) {
    await page.focus(`.who[data-colour=${c}]`); // the seat buttons, by keyboard
    await page.keyboard.press('Enter');
  }
  assert.deepEqual(await axe(page), [], 'setup');
  await tabTo(page, '#start');
  await page.keyboard.press('Enter');
  await page.waitForSelector('body[data-waiting]', { timeout: 30000 });
  // Hot seat: the humans are named by colour, none of them "(you)".
  assert.doesNotMatch(await page.textContent('#order'), /\(you\)/);
  assert.ok(await page.evaluate(() => document.activeElement.id === 'board'), 'the board has the focus');
  let cursor = await page.evaluate(() => 45);
  let moves = 0;
  let checkedMid = false;
  for (;;) {
    const v = await page.evaluate(() => window.__view());
    if (v.phase === 'over') break;
    const target = cellOf(v.legal[0], 10);
    for (const k of arrows(cursor, target, 10)) await page.keyboard.press(k);
    cursor = target;
    assert.match(await page.textContent('#cursor-say'), new RegExp(`^${v.legal[0]}, .*you can (place|jump) here`));
    await page.keyboard.press('Enter');
    moves++;
    await page.waitForFunction((ply) => window.__view().ply > ply && (document.body.dataset.waiting || window.__view().phase === 'over'), v.ply);
    if (!checkedMid && moves === 12) {
      checkedMid = true;
      assert.deepEqual(await axe(page), [], 'mid-game');
    }
  }
  await page.waitForSelector('#board[data-end=done]', { timeout: 10000 });
  await page.waitForSelector('#end:not([hidden])');
  await page.screenshot({ path: path.join(shots, 'rings-keyboard-end.png') });
  // Eliminated chips keep their colour: no translucency, marked "out".
  const chips = await page.$$eval('#order li.out', (lis) => lis.map((li) => [getComputedStyle(li).opacity, getComputedStyle(li.querySelector('.out-tag')).display]));
  assert.ok(chips.length >= 4);
  for (const [opacity, tag] of chips) assert.ok(opacity === '1' && tag !== 'none');
  assert.deepEqual(await axe(page), [], 'end');
  // The winner's line is dark on white whatever the colour (axe cannot judge
  // text over the gradients and shards, so the colours are checked here).
  assert.equal(await page.$eval('#winner', (h) => getComputedStyle(h).color), 'rgb(27, 11, 46)');
  // The rings lie inside the frame; the final board can be seen again.
  await boardHolds(page, '#game .boardwrap', '#board', '#board circle.olympic', 'the end rings');
  await page.focus('#see-board');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#board', 'data-end'), 'board');
  assert.equal(await page.$eval('#board .olympic-rings', (g) => getComputedStyle(g).display), 'none');
  assert.equal(await page.$$eval('#board .trails circle', (cs) => cs.length), 100 - (await page.evaluate(() => window.__view().empty)) - 5);
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#board', 'data-end'), 'done');
  const record = await page.evaluate(() => window.__record());
  const final = await page.evaluate(() => window.__view());
  // The game just played, again move by move from the end screen.
  await page.click('#replay-game');
  await page.waitForSelector('body[data-replay-at="0"]');
  await page.click('#r-fwd');
  await page.waitForSelector('body[data-replay-at="1"]');
  // The exported record replays in the page, to the same scores.
  await page.click('#again');
  await page.goto(env.base + 'rings.html?anim=0.01');
  await page.setInputFiles('#load-record', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
  await page.waitForSelector('body[data-replay]');
  assert.equal(await page.textContent('#r-at'), `Move 0 of ${final.moves.length}`);
  await page.click('#r-fwd');
  await page.waitForSelector('body[data-replay-at="1"]');
  await page.click('#r-last');
  await page.waitForSelector(`body[data-replay-at="${final.moves.length}"]`);
  assert.deepEqual(await page.evaluate(() => window.__view().scores), final.scores);
  await page.screenshot({ path: path.join(shots, 'rings-replay.png') });
  assert.ok(!(await page.isHidden('#end')));
  await page.click('#r-back');
  assert.equal(await page.evaluate(() => window.__view().ply), final.moves.length - 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('JC Shock and JC Attract by keyboard only: Tab to the board, arrows and Enter place every piece to the end; axe finds nothing serious', { timeout: 240000 }, async () => {
  for (const game of ['shock', 'attract']) {
    const { page, context, errors } = await env.open(`placement.html?game=${game}&anim=0`);
    await page.waitForSelector('body[data-ready]');
    await page.selectOption('#p-player', 'alphabeta'); // the custom player (the page opens at a level), so the time is chosen
    await page.selectOption('#p-time', '50');
    await page.click('#p-new');
    assert.deepEqual(await axe(page), [], `${game} start`);
    await tabTo(page, '#p-board');
    let cursor = 0;
    let mid = false;
    for (;;) {
      await page.waitForFunction(() => document.body.dataset.waiting || document.body.dataset.over, null, { timeout: 20000 });
      const v = await page.evaluate(() => window.__placement.view());
      if (v.over) break;
      // The first empty square, counted from A1.
      const cells = [...v.cells];
      const target = cells.indexOf('.');
      for (const k of arrows(cursor, target, v.n)) await page.keyboard.press(k);
      cursor = target;
      assert.match(await page.textContent('#p-cursor-say'), /you can place here/);
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => window.__placement.view().moves.length > n, v.moves.length);
      if (!mid && v.moves.length > 20) {
        mid = true;
        assert.deepEqual(await axe(page), [], `${game} mid-game`);
      }
    }
    assert.ok(await page.textContent('#p-status'));
    // (axe at the end: the states 'shock-end' and 'attract-win' of the test of every state)
    await page.screenshot({ path: path.join(shots, `${game}-keyboard-end.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('Golden Nugget by keyboard only: Tab to the labels, arrows to each, Enter pushes: board 1 of results/submission-200.jcgn solved; axe finds nothing serious', { timeout: 240000 }, async () => {
  const moves = readFileSync(path.join(root, 'results/submission-200.jcgn'), 'utf8').split('\n').find((l) => l.startsWith('board 1 ')).split(' ').slice(4);
  const { page, context, errors } = await env.open('nugget.html?anim=0');
  await page.waitForSelector('body[data-ready]');
  assert.deepEqual(await axe(page), [], 'nugget start');
  await tabTo(page, '#n-board .n-label');
  const at = () => page.evaluate(() => document.activeElement.dataset.label);
  const xy = (l) => {
    const i = '1234567ABCDEFGHIJKLMNOPQRSTU'.indexOf(l);
    if (i < 7) return [i + 1, 0];
    if (i < 14) return [8, i - 6];
    if (i < 21) return [21 - i, 8];
    return [0, 28 - i];
  };
  for (const [k, m] of moves.entries()) {
    for (let guard = 0; (await at()) !== m[0]; guard++) {
      assert.ok(guard < 20, `the arrows never reach ${m[0]}`);
      const [x0, y0] = xy(await at());
      const [x1, y1] = xy(m[0]);
      // Along the side the cursor is on first, then across.
      const horizontal = x1 !== x0 && (y0 === 0 || y0 === 8 || y1 === y0 || x0 === 0 && x1 === 8 || x0 === 8 && x1 === 0) ? true : y1 === y0;
      await page.keyboard.press(horizontal ? (x1 > x0 ? 'ArrowRight' : 'ArrowLeft') : (y1 > y0 ? 'ArrowDown' : 'ArrowUp'));
    }
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => window.__nugget.view().moves.length === n || window.__nugget.view().solvedBoards > 0, k + 1);
    if (k === 20) assert.deepEqual(await axe(page), [], 'nugget mid-board');
  }
  await page.waitForFunction(() => window.__nugget.view().solvedBoards === 1);
  assert.match(await page.textContent('#n-status'), new RegExp(`solved in ${moves.length} moves`));
  // (axe on the solved board: the state 'nugget-solved' of the test of every state)
  assert.deepEqual(errors, []);
  await context.close();
});

test('reduced motion: the RINGS word does not morph, CSS transitions are off, Golden Nugget pushes do not slide; without it the morph stops after two cycles', { timeout: 60000 }, async () => {
  const { page, context, errors } = await env.open('rings.html', { width: 800, height: 700 }, { reducedMotion: 'reduce' });
  await page.waitForSelector('#word[data-morph-done]');
  assert.equal(await page.getAttribute('#word', 'data-morph'), '0.000');
  // The morph on a clock of our own: two cycles (2 x 6.2 s), then it rests as the word.
  const ends = await page.evaluate(async () => {
    const { startWordMorph } = await import('./art.js');
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    document.body.appendChild(svg);
    let now = 0;
    const draw = startWordMorph(svg, () => now, 2);
    const seen = [];
    for (now = 0; now <= 13000; now += 500) seen.push([now, draw(), svg.dataset.morph]);
    svg.remove();
    return seen;
  });
  assert.ok(ends.some(([, , u]) => u === '1.000'), 'it becomes the rings');
  assert.deepEqual(ends.filter(([, going]) => !going).map(([t, , u]) => [t, u]), [[12500, '0.000'], [13000, '0.000']]);
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.buttons button') ?? document.body).transitionDuration), '1e-05s');
  await context.close();
  const { page: p2, context: c2, errors: e2 } = await env.open('nugget.html', { width: 800, height: 700 }, { reducedMotion: 'reduce' });
  await p2.waitForSelector('body[data-ready]');
  await p2.click('#n-board .n-label[data-label="P"]');
  await p2.waitForFunction(() => window.__nugget.view().moves.length === 1);
  // No slide: the tiles are in place at once.
  const t = await p2.$eval('#n-board .n-tile[data-tile="42"]', (g) => g.getAttribute('transform'));
  assert.match(t, /translate\(10 60\)/);
  await c2.close();
  assert.deepEqual([...errors, ...e2], []);
});

// Reduced motion drops the slides, not the pace (issue 61 item 2): a game of
// CPUs still moves at a pace a person follows.
test('reduced motion keeps the pace of CPU games: five CPUs in 5RINGS about 0.7 s a move, two CPUs in JC Attract 0.45 s a move', { timeout: 90000 }, async () => {
  // The times of the first moves, taken in the page.
  const times = (page, read, n) => page.evaluate(([read, n]) => new Promise((resolve) => {
    const f = new Function(`return ${read}`);
    const at = [];
    let last = f();
    const t = setInterval(() => {
      const now = f();
      if (now !== last) (at.push(performance.now()), (last = now));
      if (at.length > n) (clearInterval(t), resolve(at));
    }, 10);
  }), [read, n]);
  const { page, context, errors } = await env.open('rings.html?seed=8', { width: 1100, height: 800 }, { reducedMotion: 'reduce' });
  await page.waitForSelector('#word path');
  await page.click('#to-setup');
  await page.click('.who[data-colour=blue]');
  await page.selectOption('#strength', 'level:1');
  await page.click('#start');
  await page.waitForFunction(() => window.__view?.().ply >= 1, null, { timeout: 30000 });
  const rings = await times(page, 'window.__view().ply', 5);
  const ringsMs = Math.round((rings.at(-1) - rings[0]) / (rings.length - 1));
  await context.close();
  const { page: p2, context: c2, errors: e2 } = await env.open('placement.html?game=attract', { width: 1100, height: 800 }, { reducedMotion: 'reduce' });
  await p2.waitForSelector('body[data-ready]');
  await p2.selectOption('#p-white', 'cpu');
  await p2.selectOption('#p-player', 'level:1');
  await p2.click('#p-new');
  await p2.waitForFunction(() => window.__placement.view().moves.length >= 1);
  const attract = await times(p2, 'window.__placement.view().moves.length', 5);
  const attractMs = Math.round((attract.at(-1) - attract[0]) / (attract.length - 1));
  await c2.close();
  console.log(`reduced motion: 5RINGS five CPUs ${ringsMs} ms a move, JC Attract two CPUs ${attractMs} ms a move`);
  assert.ok(ringsMs >= 600, `5RINGS: ${ringsMs} ms a move`);
  assert.ok(attractMs >= 400, `Attract: ${attractMs} ms a move`);
  assert.deepEqual([...errors, ...e2], []);
});

test('the rules page for players: each game in a few sentences and a picture, the RULES.md examples played by the engines and drawn, no developer notes, linked from every page', { timeout: 60000 }, async () => {
  const { page, context, errors } = await env.open('rules.html?anim=0.2', { width: 375, height: 812 });
  await page.waitForSelector('body[data-ready][data-example]');
  const ids = await page.$$eval('.rule h2', (hs) => hs.map((h) => h.id));
  assert.deepEqual(ids, ['nugget', 'placement', 'shock', 'attract', 'rings']);
  // Each section: a picture with something drawn in it.
  assert.deepEqual(await page.$$eval('section.rule', (ss) => ss.map((s) => s.querySelectorAll('figure svg circle, figure svg rect').length > 10)), [true, true, true, true, true]);
  const md = readFileSync(path.join(root, 'docs/RULES.md'), 'utf8');
  const text = await page.textContent('main');
  // No maths asides (issue 61 item 13): the counts stay in RULES.md.
  for (const line of ['C(100, 5) = 75,287,520', '2 x 5! = 240']) assert.ok(md.includes(line) && !text.includes(line), line);
  // The goal and a worked solution: a board of the committed entry's cycle
  // (route.jcgn), stepped push by push to solved.
  assert.equal(await page.getAttribute('body', 'data-solve-solved'), 'true');
  await page.click('#fig-solve-step');
  await page.waitForSelector('body[data-solve-step="1"]');
  assert.match(await page.textContent('#fig-solve-say'), /^Push 1 of 12: ([1-7A-U])[2-7], at \1, moves [2-7] cells\. Next: /);
  await page.click('#fig-solve-all');
  await page.waitForSelector('body[data-solve-step="12"]');
  await page.screenshot({ path: path.join(shots, 'rules-solved-375.png'), fullPage: false });
  // No developer text before (or among) the rules (issue 48 item 5).
  assert.doesNotMatch(text, /engine\/|--help|cell index|7r \+ c|nugget verify|WebAssembly/);
  // The worked example of RULES.md section 1 (P, 5, L from the start), pushed
  // by the engine: its tiles, and where the tiles are drawn.
  const grid = md.slice(md.indexOf('Worked example: from the start')).split('```')[1].trim().split('\n').map((l) => l.trim().split(/\s+/).join(' ')).join(' ');
  assert.equal(await page.getAttribute('body', 'data-example'), grid);
  const drawn = await page.$$eval('#fig-nugget .n-tile', (gs) => gs.map((g) => {
    const r = g.getBoundingClientRect();
    return { t: Number(g.dataset.tile), x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }));
  const cell = (drawn[1].x - drawn[0].x) || 30;
  drawn.sort((a, b) => Math.round(a.y / Math.abs(cell)) - Math.round(b.y / Math.abs(cell)) || a.x - b.x);
  assert.equal(drawn.map((d) => d.t).join(' '), grid);
  // Section 2's example, placed by the engine: after B1, B8, E2, B2 white
  // stands on C2 and D2, black on B2 and B7; section 4's Attract win rings C4.
  const last = await page.$$eval('#fig-placement .strip-item:last-child circle.piece', (cs) => cs.map((c) => `${c.classList.contains('white') ? 'o' : 'x'}${c.dataset.sq}`).sort());
  assert.deepEqual(last, ['oC2', 'oD2', 'xB2', 'xB7']);
  assert.deepEqual(await page.$$eval('#fig-attract circle[data-mark]', (cs) => cs.map((c) => c.dataset.mark)), ['C4']);
  // The Attract strip's coordinates readable on a phone (issue 61 item 13:
  // about 6 px once): their drawn size, the font's size times the SVG's scale.
  const coordPx = await page.$$eval('#fig-attract text.coord', (ts) => Math.min(...ts.map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)));
  assert.ok(coordPx >= 11, `the Attract strip's coordinates ${coordPx.toFixed(1)} px at 375`);
  // Short enough to read on a phone (it was 7,220 px at 375).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(height < 5000, `the rules page is ${height} px tall at 375`);
  for (const [url, href] of [['', 'rules.html'], ['nugget.html', 'rules.html#nugget'], ['placement.html?game=attract', 'rules.html#attract'], ['rings.html', 'rules.html#rings']]) {
    await page.goto(env.base + url);
    await page.waitForLoadState('load');
    if (url.startsWith('placement')) await page.waitForSelector('body[data-ready]');
    assert.equal(await page.locator(`a[href="${href}"]`).count(), 1, `${url || 'landing'} links to ${href}`);
  }
  // 5RINGS loads the shared style sheet: "All games" is not a default link.
  assert.notEqual(await page.$eval('a.home', (a) => getComputedStyle(a).textDecorationLine), 'underline');
  assert.deepEqual(errors, []);
  await context.close();
});

// Every state a player reaches (web/tools/states.mjs: a refused move, a
// finished game, a replay, a verified and a damaged entry, a game kept by
// the Shock/Attract tabs, the rules page, the landing page), each checked
// at 320 to 1920 px: no text clipped (a slanted edge, a box, the window's
// side), axe-core finds nothing serious or critical (375), no
// focus ring over another control (375 and 1920), Space and Enter press
// every button (1280). And what issue 48 found in some of them.
test('every state a player reaches: nothing clipped at 320-1920 px, axe finds nothing serious, no focus ring over another control, Space and Enter press every button', { timeout: 420000 }, async () => {
  const problems = [];
  const count = { states: 0, axe: 0, clipped: 0, focus: 0, keys: 0, jargon: 0, tall: 0 };
  const size = {};
  for (const [name, drive] of Object.entries(STATES)) {
    const { page, context, errors } = await env.open('', { width: 1280, height: 900 });
    page.base = env.base;
    await drive(page);
    count.states++;
    const note = (kind, lines, width) => {
      count[kind] += lines.length;
      for (const l of lines) problems.push(`${name} at ${width}: ${kind}: ${l}`);
    };
    note('keys', await keysPress(page), 1280);
    // What a player reads (the page's text and every option of its selects)
    // names no engine or statistic (issue 61 item 5).
    const jargon = await page.evaluate(() => {
      const text = document.body.innerText + '\n' + [...document.querySelectorAll('option, optgroup')].map((o) => o.label || o.textContent).join('\n');
      return [...new Set(text.match(/alpha-beta|\bMCTS\b|\bElo\b|\bSPRT\b|playouts?\b|\bseed\b|\bply\b|\bplies\b|\bdepth\b|heuristic|\bbeam\b|endgame table/gi) ?? [])];
    });
    note('jargon', jargon, 1280);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 700 ? 812 : 1080 });
      await page.waitForTimeout(60);
      note('clipped', await clipped(page), width);
      if (width === 375) note('axe', await axe(page), width); // 3-5 s a run: once a state (web/tools/axe-states.mjs runs it at every width)
      if (width === 375 || width === 1920) note('focus', await focusOverlaps(page), width);
      // A game page fits a 1920 x 1080 screen (the rules page is a page to read).
      if (width === 1920 && name !== 'rules') {
        const h = await page.evaluate(() => document.documentElement.scrollHeight);
        if (h > 1080) note('tall', [`${h} px tall`], width);
      }
      // How big the board and the page are (issue 48 item 9).
      size[`${name} ${width}`] = await page.evaluate(() => ({ main: document.querySelector('main').getBoundingClientRect().width, board: document.querySelector('#n-board, #p-board, #board')?.getBoundingClientRect().width ?? 0 }));
      const extra = await page.evaluate(([name, width]) => {
        const bad = [];
        const box = (e) => e.getBoundingClientRect();
        if (name === 'nugget-replay') {
          // The chart's labels are 12 px or more and none lies over a bar.
          const bars = [...document.querySelectorAll('#r-chart rect.bar')].map(box);
          for (const t of document.querySelectorAll('#r-chart text')) {
            const r = box(t);
            if (r.height < 12) bad.push(`chart label "${t.textContent}" ${r.height.toFixed(1)} px high`);
            if (bars.some((b) => b.height > 0 && b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top)) bad.push(`chart label "${t.textContent}" over the bars`);
          }
        }
        if (name.startsWith('shock-') || name === 'attract-win') {
          // The board apart from the settings row; "of 31" beside its number.
          const gap = box(document.querySelector('.panel')).top - box(document.querySelector('.p-setup')).bottom;
          if (gap < 8) bad.push(`the board panel is ${gap.toFixed(0)} px below the settings`);
          if (width >= 375 && Math.abs(box(document.getElementById('p-pieces')).top - box(document.getElementById('p-count-o')).top) > 4) bad.push('"of N each" on a line of its own');
          if (/depth|ply|plies|proven|playouts/.test(document.getElementById('p-info').textContent)) bad.push(`the CPU's line in jargon: ${document.getElementById('p-info').textContent}`);
        }
        if (name.startsWith('rings-')) {
          const st = getComputedStyle(document.getElementById('status'));
          if (st.textTransform === 'uppercase' || st.fontStyle === 'italic' || st.transform !== 'none') bad.push('the status line in slanted capitals');
          // Every chip (the player to move's too): each line of its name
          // centred in it, as on a phone the chips are narrow columns.
          const range = document.createRange();
          for (const li of document.querySelectorAll('#order li')) {
            const r = box(li);
            range.selectNodeContents(li.querySelector('.name'));
            const lines = [...range.getClientRects()].filter((x) => x.width > 1);
            if (width <= 860 && lines.some((n) => Math.abs((n.left + n.right) / 2 - (r.left + r.right) / 2) > 4)) bad.push(`${li.dataset.colour}'s chip: its name off centre`);
          }
        }
        if (name === 'rings-end') {
          const seen = [...document.querySelectorAll('aside *')].filter((e) => e.children.length === 0 && /wins/i.test(e.textContent) && box(e).width > 1);
          if (seen.length !== 1) bad.push(`the winner named ${seen.length} times`);
          const b = box(document.getElementById('board')), g = box(document.querySelector('#board .olympic-rings'));
          const off = Math.abs((g.top + g.bottom) / 2 - (b.top + b.bottom) / 2) / b.height;
          if (off > 0.06 || g.height < 0.5 * b.height) bad.push(`the final rings off the middle of the frame (${(off * 100).toFixed(0)}%, ${(100 * g.height / b.height).toFixed(0)}% of its height)`);
        }
        return bad;
      }, [name, width]);
      for (const l of extra) problems.push(`${name} at ${width}: ${l}`);
    }
    if (name === 'shock-kept') {
      // The kept Shock game comes back with its tab, its three moves there.
      await page.click('#tab-shock');
      await page.waitForFunction(() => window.__placement.view().moves.length === 3);
      assert.match(await page.textContent('#p-kept'), /Shock game is back/);
    }
    for (const e of errors) problems.push(`${name}: console: ${e}`);
    await context.close();
  }
  // Wide screens: every page widens past its 1280 size, and so do the boards.
  for (const name of ['landing', 'rules', 'nugget-refused', 'shock-end', 'rings-refused']) {
    const [a, b] = [size[`${name} 1280`], size[`${name} 1920`]];
    if (b.main < 1.25 * a.main) problems.push(`${name}: the page ${a.main | 0} px wide at 1280, ${b.main | 0} at 1920`);
    if (a.board && b.board < 1.15 * a.board) problems.push(`${name}: the board ${a.board | 0} px at 1280, ${b.board | 0} at 1920`);
  }
  console.log(`states: ${count.states}, at ${WIDTHS.join(', ')} px: clipped ${count.clipped}; axe serious/critical ${count.axe} (375); focus rings over another control ${count.focus} (375, 1920); buttons Space/Enter do not press ${count.keys} (1280); engine words in a player's text ${count.jargon} (1280); game pages over 1080 px tall ${count.tall} (1920 x 1080)`);
  assert.deepEqual(problems, []);
});
