// The JC Shock / JC Attract page (placement.html) in headless Chromium: the
// RULES.md Attract win example loaded as a position file and finished by a
// click (white wins, C4 highlighted), a Shock game against the CPU to the end
// (the deciding runs drawn), its game record exported and read back
// (engine/records), refusals with the engine's reason, the level picker
// (a level picked is the level the CPU plays). No console error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { root, shots, start } from './browser.mjs';

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

async function openGame(query) {
  const o = await env.open('placement.html' + query);
  await o.page.waitForSelector('body[data-ready]');
  return o;
}
const square = (page, sq) => page.locator(`#p-board rect.sq[data-sq="${sq}"]`);

test('Attract: the RULES.md win example (white D7 A6 B4 E4, black D6 B5 B3 D2; white plays D4) ends in a white win, C4 highlighted', async () => {
  const { page, context, errors } = await openGame('?game=attract&anim=0.5');
  await page.selectOption('#p-white', 'human');
  await page.selectOption('#p-black', 'human');
  await page.click('#p-new');
  const file = path.join(shots, 'attract-example.txt');
  writeFileSync(file, '# RULES.md section 4, first example\n........\n...o....\no..x....\n.x......\n.o..o...\n.x......\n...x....\n........\nto_move o\n');
  await page.setInputFiles('#p-load', file);
  await page.waitForFunction(() => window.__placement.view().placed[0] === 4);
  await square(page, 'D6').click();
  assert.equal(await page.textContent('#p-reason'), 'D6 is occupied.');
  await square(page, 'D4').click();
  await page.waitForSelector('body[data-over]');
  const v = await page.evaluate(() => window.__placement.view());
  assert.equal(v.outcome, 'white wins');
  const where = (ch) => [...v.cells].map((c, i) => (c === ch ? String.fromCharCode(65 + (i % 8)) + (Math.floor(i / 8) + 1) : null)).filter(Boolean).sort();
  assert.deepEqual(where('o'), ['A6', 'C4', 'D4', 'D6', 'E4']);
  assert.deepEqual(where('x'), ['B3', 'B5', 'D3', 'D5']);
  assert.deepEqual(await page.$$eval('#p-board circle.winning', (cs) => cs.map((c) => c.dataset.sq + ' ' + c.classList.contains('o'))), ['C4 true']);
  assert.match(await page.textContent('#p-status'), /^White wins: C4 is a winning piece$/);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shots, 'attract-win.png') });
  await square(page, 'A1').click();
  assert.match(await page.textContent('#p-reason'), /game is over/);
  // The same position against the CPU at level 5 (MCTS, 1 s a move), on a
  // phone: it takes the win at once and says so in words (not "in 0.00 s,
  // after playing 0 quick games"); the result speaks to the player and is
  // in view; the settings leave the board most of the screen (issue 61
  // items 6, 10, 12).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.selectOption('#p-player', 'level:5');
  await page.selectOption('#p-white', 'cpu');
  await page.setInputFiles('#p-load', file);
  await page.waitForFunction(() => /Last CPU move/.test(document.getElementById('p-info').textContent));
  await page.waitForSelector('body[data-over]');
  assert.equal(await page.textContent('#p-info'), 'CPU (white): level 5 of 5, thinks 1 s a move. Last CPU move: D4, at once: the move was clear without thinking.');
  assert.equal(await page.textContent('#p-status'), 'You lost. White wins: C4 is a winning piece');
  const phone = await page.evaluate(() => Object.fromEntries(['.p-setup', '#p-status'].map((s) => { const b = document.querySelector(s).getBoundingClientRect(); return [s, [Math.round(b.top), Math.round(b.bottom)]]; })));
  assert.ok(phone['#p-status'][0] >= 0 && phone['#p-status'][1] <= 800, `the result at ${phone['#p-status']} of 800 px`);
  assert.ok(phone['.p-setup'][1] - phone['.p-setup'][0] <= 260, `the settings ${phone['.p-setup']} (440 px once)`);
  await page.screenshot({ path: path.join(shots, 'attract-cpu-wins-phone.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Shock 8x8: a human (the first empty square each turn) against the alpha-beta CPU, to the end; the deciding runs drawn', { timeout: 300000 }, async () => {
  const { page, context, errors } = await openGame('?game=shock&anim=0');
  await page.selectOption('#p-white', 'human');
  await page.selectOption('#p-black', 'cpu');
  await page.selectOption('#p-player', 'alphabeta');
  await page.selectOption('#p-time', '50');
  await page.click('#p-new');
  for (let turn = 0; turn < 31; turn++) {
    await page.waitForSelector('body[data-waiting=o]', { timeout: 60000 });
    const v = await page.evaluate(() => window.__placement.view());
    const cell = v.cells.indexOf('.');
    await square(page, String.fromCharCode(65 + (cell % 8)) + (Math.floor(cell / 8) + 1)).click();
    if (turn === 14) await page.screenshot({ path: path.join(shots, 'shock-mid-game.png') });
  }
  await page.waitForSelector('body[data-over]', { timeout: 60000 });
  const v = await page.evaluate(() => window.__placement.view());
  assert.equal(v.moves.length, 62);
  assert.deepEqual(v.placed, [31, 31]);
  assert.equal(await page.$$eval('#p-moves li', (l) => l.length), 62);
  assert.ok(['white wins', 'black wins', 'draw'].includes(v.outcome));
  if (v.outcome !== 'draw') {
    assert.ok(v.decidingLength >= 3);
    const lines = await page.$$eval('#p-board line.run', (ls) => ls.map((l) => l.dataset.run));
    assert.equal(lines.length, v.decidingRuns.o.length + v.decidingRuns.x.length);
    assert.ok(lines.every((r) => r.split(' ').length === v.decidingLength));
    assert.match(await page.textContent('#p-status'), new RegExp(`^You (won!|lost\\.) (White|Black) wins: runs of ${v.decidingLength} decided, \\d+ for (white|black) against \\d+`));
    assert.equal(await page.$$eval('.runs td.decides', (t) => t.length), 2);
  }
  await page.screenshot({ path: path.join(shots, 'shock-end.png') });
  // The position is named after its moves (issue 61 item 14: "...ply2.txt" once).
  const [position] = await Promise.all([page.waitForEvent('download'), page.click('#p-export')]);
  assert.equal(position.suggestedFilename(), 'shock-8x8-after-62-moves.txt');
  // The game record (engine/records' writer), read back by its reader into the same end.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#p-export-record')]);
  const file = path.join(shots, 'shock-game.rec');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  assert.match(text, /^\[Game "JC Shock"\]$/m);
  assert.match(text, /^\[Size "8"\]$/m);
  assert.match(text, /^\[Players "white=human black=alphabeta"\]$/m);
  assert.match(text, new RegExp(`^\\[Result "${v.outcome}"\\]$`, 'm'));
  await page.selectOption('#p-black', 'human');
  await page.click('#p-new');
  await page.waitForFunction(() => window.__placement.view().moves.length === 0);
  await page.setInputFiles('#p-load-record', file);
  await page.waitForFunction(() => window.__placement.view().moves.length === 62);
  assert.equal((await page.evaluate(() => window.__placement.view())).cells, v.cells);
  assert.match(await page.textContent('#p-status'), new RegExp(`^Loaded shock-game.rec \\(62 moves, ${v.outcome}\\)`));
  // A damaged record: the reader names the line.
  writeFileSync(file, text.replace(/^1\. (\S+) /m, '1. $1 $1 '));
  await page.setInputFiles('#p-load-record', file);
  await page.waitForFunction(() => document.getElementById('p-reason').textContent !== '');
  assert.match(await page.textContent('#p-reason'), /^shock-game\.rec: line \d+: /);
  assert.deepEqual(errors, []);
  await context.close();
});

// The level picker (issue 49): the levels are the registry's, the same as
// `games play --help` lists (one source: solver/registry/games.h through the
// wasm binding); a level picked is the level the CPU plays: its player and
// its time a move, and the record names it as the CLI does (level:N).
test('Levels: the picker lists the CLI\'s levels with their measured strength; two CPUs at level 2 play Attract to the end at it', { timeout: 120000 }, async () => {
  const help = execFileSync(path.join(root, 'build/bin/games'), ['play', '--help'], { encoding: 'utf8' });
  const cliLevels = (title) => {
    const block = help.split(`${title}:\n`)[1];
    return [...block.matchAll(/^ {2}(\d) {2}([a-z-]+), (\d+) ms a move: (.*)$/gm)].slice(0, 5).map((m) => ({ level: Number(m[1]), kind: m[2], timeMs: Number(m[3]), strength: m[4] }));
  };
  const { page, context, errors } = await openGame('?game=shock&anim=0');
  for (const [game, title] of [['shock', 'JC Shock'], ['attract', 'JC Attract']]) {
    if (game === 'attract') await page.click('#tab-attract');
    const levels = await page.evaluate(() => window.__placement.levels());
    assert.deepEqual(levels, cliLevels(title), `${game}: the page's levels are the CLI's`);
    const options = await page.$$eval('#p-levels option', (os) => os.map((o) => [o.value, o.textContent]));
    assert.deepEqual(options.map((o) => o[0]), levels.map((l) => `level:${l.level}`));
    // The line under the selects keeps its height whatever is chosen: the
    // board stays put (issue 61 item 9; a custom player's line was a line
    // longer on a phone).
    for (const [width, height] of [[360, 800], [375, 800], [1920, 1080]]) {
      await page.setViewportSize({ width, height });
      const tops = new Set();
      for (const v of await page.$$eval('#p-player option', (os) => os.map((o) => o.value))) {
        await page.selectOption('#p-player', v);
        tops.add(await page.$eval('#p-board', (b) => Math.round(b.getBoundingClientRect().top + scrollY)));
      }
      assert.equal(tops.size, 1, `${game} at ${width}: the board's top at ${[...tops]} px`);
    }
    await page.setViewportSize({ width: 1100, height: 800 });
  }
  // The picker: a labelled select, its strength as its description.
  assert.equal(await page.evaluate(() => document.querySelector('#p-player').labels[0].textContent.trim().startsWith('CPU level')), true);
  await page.selectOption('#p-player', 'level:2');
  const levels = await page.evaluate(() => window.__placement.levels());
  const words = await page.evaluate(async (s) => (await import('./common.js')).strengthWords(s), levels[1].strength);
  assert.equal(words, 'won 40 of 40 games against level 1, lost none');
  assert.equal(await page.textContent('#p-level-about'), `Level 2 of 5, thinks 0.01 s a move: ${words} (on 8x8).`);
  assert.ok(await page.isDisabled('#p-time'), 'a level thinks its own time');
  assert.ok(Number(await page.$eval('#p-time', (s) => getComputedStyle(s).opacity)) < 0.6, 'the disabled select looks disabled (issue 61 item 14)');
  await page.screenshot({ path: path.join(shots, 'attract-levels.png') });
  await page.selectOption('#p-white', 'cpu');
  await page.selectOption('#p-black', 'cpu');
  await page.click('#p-new');
  await page.waitForSelector('body[data-over]', { timeout: 90000 });
  // The last CPU move was level 2's: alpha-beta (a depth, not playouts), 10 ms a move.
  const info = await page.textContent('#p-info');
  assert.match(info, /^CPU \(white, black\): level 2 of 5, thinks 0\.01 s a move\. Last CPU move: [A-H][1-8] in 0\.\d\d s, looking \d+ moves? ahead/);
  assert.ok(Number(/in (0\.\d\d) s/.exec(info)[1]) < 0.5, `a 10 ms level thought ${info}`);
  assert.match(await page.evaluate(() => window.__placement.record()), /\[Players "white=level:2 black=level:2"\]/);
  // A custom player brings the time select back.
  await page.selectOption('#p-player', 'mcts');
  assert.ok(!(await page.isDisabled('#p-time')));
  assert.match(await page.textContent('#p-level-about'), /^Custom: plays quick games out in its head/);
  assert.deepEqual(errors, []);
  await context.close();
});
