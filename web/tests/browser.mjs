// What the headless-Chromium tests share: build/web served on a free port,
// Debian's /usr/bin/chromium (playwright-core; no browser download), and a
// page that records every console error and page error.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { serve } from '../tools/serve.mjs';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const shots = path.join(root, 'build/web-test'); // screenshots (docs/web/ holds the committed ones)
mkdirSync(shots, { recursive: true });

// start() once per test file (in before()), stop() in after().
export async function start(site = path.join(root, 'build/web')) {
  const server = await serve(site, 0);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  // open('nugget.html?anim=0'): a new context (its own storage) and page.
  async function open(url, viewport = { width: 1100, height: 800 }, extra = {}) {
    const context = await browser.newContext({ viewport, acceptDownloads: true, ...extra });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(base + url);
    return { page, context, errors };
  }
  return { base, browser, open, stop: async () => { await browser.close(); server.close(); } };
}

// axe-core on the page as it is: the violations of impact serious or
// critical, as "rule (count): first targets" lines (an empty list passes).
export async function axe(page) {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
