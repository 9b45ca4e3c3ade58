// Screenshots of every page at its start, in the middle and at the end, at
// the widths given (default 1280 and 375): OUTDIR/<page>-<state>-<width>.png.
// Golden Nugget: the start, the hint thinking, a whole-board hint stepped
// half way, board 1 solved by it; JC Shock and JC Attract: CPU against CPU
// (0.05 s a move); 5RINGS: five CPUs (quick); the landing page and the rules
// page: the top, the middle and the bottom. Viewport screenshots (what a
// person sees), 900 px high (812 on a phone).
// Usage (after scripts/web.sh): node web/tools/states.mjs OUTDIR [WIDTH...]
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { start } from '../tests/browser.mjs';

const out = process.argv[2] ?? '/tmp/states';
const widths = process.argv.slice(3).map(Number);
mkdirSync(out, { recursive: true });
const scrollTo = (page, f) => page.evaluate((f) => window.scrollTo(0, f * (document.documentElement.scrollHeight - innerHeight)), f);
const pages = {
  landing: async (page, shot) => {
    await page.goto(page.base);
    await page.waitForSelector('.cards');
    await shot('start');
    await scrollTo(page, 0.5);
    await shot('mid');
    await scrollTo(page, 1);
    await shot('end');
  },
  rules: async (page, shot) => {
    await page.goto(page.base + 'rules.html');
    await page.waitForSelector('h1');
    await shot('start');
    await scrollTo(page, 0.5);
    await shot('mid');
    await scrollTo(page, 1);
    await shot('end');
  },
  nugget: async (page, shot) => {
    await page.goto(page.base + 'nugget.html?anim=0');
    await page.waitForSelector('body[data-ready]');
    await shot('start');
    await page.click('#n-solve');
    await page.waitForFunction(() => /best so far: a solution/.test(document.querySelector('#n-hint-out').textContent), null, { timeout: 60000 });
    await page.locator('#n-thinking').scrollIntoViewIfNeeded();
    await shot('thinking');
    await page.waitForSelector('#n-steps:not([hidden])', { timeout: 60000 });
    for (let i = 0; i < 12; i++) {
      await page.click('#n-step');
      await page.waitForFunction((n) => window.__nugget.view().moves.length === n, i + 1);
    }
    await page.locator('#n-steps').scrollIntoViewIfNeeded();
    await shot('mid');
    await page.click('#n-play-all');
    await page.waitForSelector('body[data-solved="1"]', { timeout: 60000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('end');
  },
  shock: (page, shot) => placement(page, shot, 'shock'),
  attract: (page, shot) => placement(page, shot, 'attract'),
  rings: async (page, shot) => {
    await page.goto(page.base + 'rings.html?seed=5&anim=0.05');
    await page.waitForFunction(() => document.querySelector('#word path')?.getAttribute('d'));
    await shot('start');
    await page.click('#to-setup');
    for (const c of ['blue', 'black', 'red', 'yellow', 'green']) {
      const b = page.locator(`.who[data-colour=${c}]`);
      if ((await b.textContent()) === 'Human') await b.click();
    }
    await page.selectOption('#strength', 'quick');
    await page.click('#start');
    await page.waitForFunction(() => window.__view().ply >= 30, null, { timeout: 120000 });
    await shot('mid');
    await page.waitForSelector('#end:not([hidden])', { timeout: 180000 });
    await page.waitForTimeout(600);
    await shot('end');
  },
};
async function placement(page, shot, game) {
  await page.goto(page.base + `placement.html?game=${game}&anim=0`);
  await page.waitForSelector('body[data-ready]');
  await page.selectOption('#p-white', 'cpu');
  await page.selectOption('#p-black', 'cpu');
  await page.selectOption('#p-time', '50');
  await page.click('#p-new');
  await shot('start');
  await page.waitForFunction(() => window.__placement.view().moves.length >= 20, null, { timeout: 120000 });
  await shot('mid');
  await page.waitForSelector('body[data-over]', { timeout: 180000 });
  await shot('end');
}

const only = process.env.PAGES?.split(',');
const env = await start();
try {
  for (const w of widths.length ? widths : [1280, 375]) {
    for (const [name, drive] of Object.entries(pages)) {
      if (only && !only.includes(name)) continue;
      const { page, context, errors } = await env.open('', { width: w, height: w < 700 ? 812 : 900 });
      page.base = env.base;
      const shot = (state) => page.screenshot({ path: path.join(out, `${name}-${state}-${w}.png`) });
      try {
        await drive(page, shot);
        console.log(`${name} ${w}: done${errors.length ? `; console errors: ${errors.join('; ')}` : ''}`);
      } catch (e) {
        console.log(`${name} ${w}: ${e.message.split('\n')[0]}`);
      }
      await context.close();
    }
  }
} finally {
  await env.stop();
}
