// Screenshots and an axe-core report of the pages, for looking at them as a
// person would: node web/tools/look.mjs OUTDIR [WIDTH...]  (SITE=DIR: another built site)
// (build/web must be built; Debian's /usr/bin/chromium). Prints one line a
// page and width: the serious/critical axe violations.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { start } from '../tests/browser.mjs';

const out = process.argv[2] ?? '/tmp/shots';
const widths = process.argv.slice(3).map(Number);
mkdirSync(out, { recursive: true });
const pages = {
  landing: { url: '', ready: '.cards' },
  nugget: { url: 'nugget.html?anim=0', ready: 'body[data-ready]' },
  shock: { url: 'placement.html?game=shock&anim=0', ready: 'body[data-ready]' },
  attract: { url: 'placement.html?game=attract&anim=0', ready: 'body[data-ready]' },
  rings: { url: 'rings.html?seed=5&anim=0.1', ready: '#word path', then: async (page) => {
    await page.click('#to-setup');
    await page.click('#start');
    await page.waitForSelector('body[data-waiting]', { timeout: 30000 });
  } },
  rules: { url: 'rules.html', ready: 'h1' },
};
const env = await start(process.env.SITE || undefined);
try {
  for (const w of widths.length ? widths : [320, 375, 1280, 1920]) {
    for (const [name, p] of Object.entries(pages)) {
      const { page, context, errors } = await env.open(p.url, { width: w, height: w < 700 ? 800 : 900 });
      try {
        await page.waitForSelector(p.ready, { timeout: 20000 });
        if (p.then) await p.then(page);
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(out, `${name}-${w}.png`), fullPage: true });
        const r = await new AxeBuilder({ page }).analyze();
        const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        const other = r.violations.filter((v) => !bad.includes(v));
        console.log(`${name} ${w}: ${bad.length} serious/critical, other: ${other.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`).join(', ') || '-'}; incomplete: ${r.incomplete.map((v) => v.id).join(', ')}` + bad.map((v) => `\n  ${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`).join('') +
          (errors.length ? `\n  errors: ${errors.join('; ')}` : ''));
      } catch (e) {
        console.log(`${name} ${w}: ${e.message.split('\n')[0]}`);
      }
      await context.close();
    }
  }
} finally {
  await env.stop();
}
