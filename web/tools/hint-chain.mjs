// The Golden Nugget hint as a player meets it, in headless Chromium: a chain
// of BOARDS boards (default 20) solved by whole-board hints only (Hint:
// whole board, then Play all), thinking SECONDS each (5 or 20, the page's
// choice). Prints one line a board (moves, time, the widths tried) and the
// mean; board 1's line is the "whole-board hint for board 1" figure.
// SEARCHERS: the page's hint=... parameter (heuristic:depth:width of each worker,
// default the page's own choice).
// Usage (after scripts/web.sh): node web/tools/hint-chain.mjs [BOARDS] [SECONDS] [SEARCHERS]
import { start } from '../tests/browser.mjs';

const boards = Number(process.argv[2] ?? 20), seconds = String(process.argv[3] ?? 5), searchers = process.argv[4];
const env = await start();
try {
  const { page, errors } = await env.open('nugget.html?anim=0' + (searchers ? `&hint=${searchers}` : ''));
  await page.waitForSelector('body[data-ready]');
  await page.selectOption('#n-think', seconds);
  for (let b = 1; b <= boards; b++) {
    await page.click('#n-solve');
    await page.waitForSelector('#n-play-all:not([disabled])', { timeout: 120000 });
    await page.click('#n-play-all');
    await page.waitForFunction((n) => window.__nugget.view().solvedBoards >= n, b, { timeout: 120000 });
    const h = (await page.evaluate(() => window.__hints)).at(-1);
    const v = await page.evaluate(() => window.__nugget.view());
    const one = (s) => `${s.heuristic} depth ${s.depth}${s.table && s.table.elapsed >= s.table.tableMs ? ` (built in ${(s.table.tableMs / 1000).toFixed(1)} s, ${(s.table.tableBytes / 1e6).toFixed(1)} MB)` : ''} widths ${s.steps.map((w) => `${w.width}:${w.moves ?? '-'}`).join(' ')}`;
    console.log(`board ${b}: ${v.perBoard[b - 1]} moves (by ${h.by}), ${(h.ms / 1000).toFixed(1)} s` + (h.route ? ' (the route of the best known chain)' : `; ${h.searchers.map(one).join('; ')}`));
  }
  const v = await page.evaluate(() => window.__nugget.view());
  console.log(`${boards} boards by whole-board hints (${seconds} s each${searchers ? `, searchers ${searchers}` : ''}): ${v.totalMoves} moves, mean ${v.mean.toFixed(3)}`);
  if (errors.length) console.log('console errors:', errors.join('; '));
} finally {
  await env.stop();
}
