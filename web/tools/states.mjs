// Every state a player reaches, one function each that brings a fresh page
// there (STATES, used by web/tests/access.test.mjs and
// web/tools/axe-states.mjs), and, run as a program, their screenshots:
//   node web/tools/states.mjs OUTDIR [WIDTH...]   (default 375 1920; STATES=a,b picks some)
// OUTDIR/<state>-<width>.png, viewport screenshots (what a person sees),
// 812 px high on a phone, 1080 on a wide screen. The states: the landing
// page; the rules page; Golden Nugget's refused push, a board solved, an
// entry replayed and verified, a damaged entry refused; JC Shock's refused
// square, its game kept while Attract is played, a finished game; JC
// Attract's RULES.md win; 5RINGS' refused jump and a finished game.
import path from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import { root, start } from '../tests/browser.mjs';

const entry = () => readFileSync(path.join(root, 'results/submission-200.jcgn'), 'utf8');
const board1 = () => entry().split('\n').find((l) => l.startsWith('board 1 ')).split(' ').slice(4);
// Opens `url` on the page and waits until it is ready.
async function go(page, url, ready = 'body[data-ready]') {
  await page.goto(page.base + url);
  await page.waitForSelector(ready, { timeout: 30000 });
}
async function dropEntry(page, name, text) {
  const dt = await page.evaluateHandle(([content, name]) => {
    const d = new DataTransfer();
    d.items.add(new File([content], name, { type: 'text/plain' }));
    return d;
  }, [text, name]);
  await page.dispatchEvent('#r-drop', 'drop', { dataTransfer: dt });
}

export const STATES = {
  landing: async (page) => go(page, '', '.cards'),
  rules: async (page) => {
    await go(page, 'rules.html?anim=0');
    await page.waitForSelector('body[data-example]');
  },
  'nugget-refused': async (page) => {
    await go(page, 'nugget.html?anim=0');
    // RULES.md's example: P, 5, L, then 5 (53); 5 again would move no coloured tile.
    for (const l of ['P', '5', 'L', '5']) await page.click(`#n-board .n-label[data-label="${l}"]`);
    await page.waitForFunction(() => window.__nugget.view().moves.length === 4);
    await page.click('#n-board .n-label[data-label="5"]');
    await page.waitForFunction(() => document.getElementById('n-reason').textContent);
  },
  'nugget-solved': async (page) => {
    await go(page, 'nugget.html?anim=0');
    await page.evaluate((labels) => {
      for (const l of labels) document.querySelector(`#n-board .n-label[data-label="${l}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }, board1().map((m) => m[0]));
    await page.waitForFunction(() => window.__nugget.view().solvedBoards === 1);
  },
  'nugget-replay': async (page) => {
    await go(page, 'nugget.html?anim=0#replay');
    await dropEntry(page, 'submission-200.jcgn', entry());
    await page.waitForSelector('body[data-verdict=valid]');
    await page.click('#r-chart rect.hit[data-board="3"]');
    for (let i = 0; i < 5; i++) await page.click('#r-next');
  },
  'nugget-damaged': async (page) => {
    await go(page, 'nugget.html?anim=0#replay');
    const lines = entry().split('\n');
    const i = lines.findIndex((l) => l.startsWith('board 37 '));
    const w = lines[i].split(' ');
    w[7] = w[7] === 'P7' ? 'Q7' : 'P7'; // a move of board 37 changed
    lines[i] = w.join(' ');
    await dropEntry(page, 'damaged.jcgn', lines.join('\n'));
    await page.waitForSelector('body[data-verdict=invalid]');
  },
  'shock-refused': async (page) => {
    await go(page, 'placement.html?game=shock&anim=0');
    await page.selectOption('#p-white', 'human');
    await page.selectOption('#p-black', 'human');
    await page.click('#p-new');
    for (const sq of ['B1', 'B8', 'E2']) {
      await page.click(`#p-board rect.sq[data-sq="${sq}"]`);
      await page.waitForSelector('body[data-waiting]');
    }
    await page.click('#p-board rect.sq[data-sq="C2"]'); // occupied
    await page.waitForFunction(() => document.getElementById('p-reason').textContent);
  },
  'shock-kept': async (page) => {
    await STATES['shock-refused'](page);
    await page.click('#tab-attract');
    await page.waitForSelector('#p-kept:not([hidden])');
  },
  'shock-end': async (page) => {
    await go(page, 'placement.html?game=shock&anim=0');
    await page.selectOption('#p-white', 'cpu');
    await page.selectOption('#p-player', 'alphabeta'); // custom: the time below applies
    await page.selectOption('#p-time', '50');
    await page.click('#p-new');
    await page.waitForSelector('body[data-over]', { timeout: 120000 });
  },
  'attract-win': async (page) => {
    await go(page, 'placement.html?game=attract&anim=0');
    await page.selectOption('#p-white', 'human');
    await page.selectOption('#p-black', 'human');
    await page.click('#p-new');
    await page.setInputFiles('#p-load', { name: 'example.txt', mimeType: 'text/plain', buffer: Buffer.from('........\n...o....\no..x....\n.x......\n.o..o...\n.x......\n...x....\n........\nto_move o\n') });
    await page.waitForFunction(() => window.__placement.view().placed[0] === 4);
    await page.click('#p-board rect.sq[data-sq="D4"]');
    await page.waitForSelector('body[data-over]');
  },
  'rings-refused': async (page) => {
    await go(page, 'rings.html?seed=11&anim=0.05', '#word path');
    await page.click('#to-setup');
    await page.selectOption('#strength', 'quick');
    await page.click('#start');
    // Blue (the human) places, then waits for its first jump; an illegal square clicked.
    for (;;) {
      await page.waitForSelector('body[data-waiting]', { timeout: 60000 });
      const v = await page.evaluate(() => window.__view());
      if (v.phase === 'move') break;
      await page.click(`#board rect.sq[data-sq="${v.legal[0]}"]`);
      await page.waitForFunction((n) => window.__view().ply > n, v.ply);
    }
    // A square the engine does not offer (occupied, or not a jump away).
    const bad = await page.evaluate(() => {
      const v = window.__view();
      for (let c = 0; c < 10; c++) for (let r = 1; r <= 10; r++) if (!v.legal.includes(String.fromCharCode(65 + c) + r)) return String.fromCharCode(65 + c) + r;
    });
    await page.click(`#board rect.sq[data-sq="${bad}"]`);
    await page.waitForFunction(() => document.getElementById('reason').textContent);
  },
  'rings-end': async (page) => {
    await go(page, 'rings.html?seed=5&anim=0.05', '#word path');
    await page.click('#to-setup');
    await page.click('.who[data-colour=blue]'); // the only human seat becomes a CPU: five CPUs
    await page.selectOption('#strength', 'quick');
    await page.click('#start');
    await page.waitForSelector('#end:not([hidden])', { timeout: 180000 });
    await page.waitForTimeout(300);
  },
};

// The screenshots.
if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? '/tmp/states';
  const widths = process.argv.slice(3).map(Number);
  mkdirSync(out, { recursive: true });
  const only = process.env.STATES?.split(',');
  const env = await start(process.env.SITE || undefined);
  try {
    for (const w of widths.length ? widths : [375, 1920]) {
      for (const [name, drive] of Object.entries(STATES)) {
        if (only && !only.includes(name)) continue;
        const { page, context, errors } = await env.open('', { width: w, height: w < 700 ? 812 : 1080 });
        page.base = env.base;
        try {
          await drive(page);
          await page.evaluate(() => document.activeElement?.blur());
          await page.mouse.move(1, 1); // no button left in its hover colour
          await page.screenshot({ path: path.join(out, `${name}-${w}.png`) });
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
}
