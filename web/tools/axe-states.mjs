// axe-core at the start, middle and end of a game on each page, driven by
// clicks (works on older builds of the pages too, for before/after
// figures): SITE=DIR node web/tools/axe-states.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, start, axe } from '../tests/browser.mjs';

const env = await start(process.env.SITE || undefined);
const report = (what, v) => console.log(`${what}: ${v.length} serious/critical${v.map((x) => '\n  ' + x).join('')}`);
try {
  for (const game of ['shock', 'attract']) {
    const { page, context } = await env.open(`placement.html?game=${game}&anim=0`);
    await page.waitForSelector('body[data-ready]');
    await page.selectOption('#p-time', '50');
    await page.click('#p-new');
    report(`${game} start`, await axe(page));
    for (let k = 0; ; k++) {
      await page.waitForFunction(() => document.body.dataset.waiting || document.body.dataset.over, null, { timeout: 20000 });
      const v = await page.evaluate(() => window.__placement.view());
      if (v.over) break;
      const i = [...v.cells].indexOf('.');
      const sq = String.fromCharCode(65 + (i % v.n)) + (Math.floor(i / v.n) + 1);
      await page.click(`#p-board rect.sq[data-sq="${sq}"]`);
      await page.waitForFunction((n) => window.__placement.view().moves.length > n, v.moves.length);
      if (k === 10) report(`${game} mid`, await axe(page));
    }
    report(`${game} end`, await axe(page));
    await context.close();
  }
  {
    const moves = readFileSync(path.join(root, 'results/submission-200.jcgn'), 'utf8').split('\n').find((l) => l.startsWith('board 1 ')).split(' ').slice(4);
    const { page, context } = await env.open('nugget.html?anim=0');
    await page.waitForSelector('body[data-ready]');
    report('nugget start', await axe(page));
    for (const m of moves.slice(0, 20)) await page.click(`#n-board .n-label[data-label="${m[0]}"]`);
    report('nugget mid', await axe(page));
    for (const m of moves.slice(20)) await page.click(`#n-board .n-label[data-label="${m[0]}"]`);
    await page.waitForFunction(() => window.__nugget.view().solvedBoards === 1);
    report('nugget solved', await axe(page));
    await context.close();
  }
  {
    const { page, context } = await env.open('rings.html?seed=11&anim=0.05');
    await page.click('#to-setup');
    for (const c of ['black', 'red', 'yellow', 'green']) await page.click(`.who[data-colour=${c}]`);
    await page.click('#start');
    for (let k = 0; ; k++) {
      await page.waitForFunction(() => document.body.dataset.waiting || window.__view().phase === 'over', null, { timeout: 20000 });
      const v = await page.evaluate(() => window.__view());
      if (v.phase === 'over') break;
      await page.click(`#board rect.sq[data-sq="${v.legal[0]}"]`);
      await page.waitForFunction((n) => window.__view().ply > n, v.ply);
      if (k === 12) report('rings mid', await axe(page));
    }
    await page.waitForSelector('#end:not([hidden])');
    report('rings end', await axe(page));
    await context.close();
  }
} finally {
  await env.stop();
}
