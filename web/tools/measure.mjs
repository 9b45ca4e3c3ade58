// Figures for the README: page weight (raw and gzip), time to first
// interaction (navigation to the engine loaded, Play clickable), CPU move
// time at each strength. Usage (after scripts/web.sh):
//   node web/tools/measure.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../build/web');
let raw = 0, gz = 0;
for (const f of readdirSync(dir)) {
  const b = readFileSync(path.join(dir, f));
  raw += b.length;
  gz += gzipSync(b).length;
  console.log(`${f.padEnd(12)} ${String(b.length).padStart(8)} B  gzip ${String(gzipSync(b).length).padStart(7)} B`);
}
console.log(`page weight: ${(raw / 1024).toFixed(0)} KB, ${(gz / 1024).toFixed(0)} KB gzipped`);
const server = await serve(dir, 0);
const url = `http://127.0.0.1:${server.address().port}/rings.html`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (let i = 0; i < 3; i++) {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.__readyMs);
  console.log(`time to first interaction (run ${i + 1}): ${(await page.evaluate(() => window.__readyMs)).toFixed(0)} ms`);
  await page.close();
}
for (const [strength, label] of [['quick', 'quick (MCTS 1000 playouts)'], ['paranoid', 'paranoid, 1 s']]) {
  const page = await browser.newPage();
  await page.goto(url + '?seed=1&anim=0.05');
  await page.click('#to-setup');
  for (const c of ['blue']) await page.click(`.who[data-colour=${c}]`);
  await page.selectOption('#strength', strength);
  await page.click('#start');
  await page.waitForFunction(() => window.__cpuMs.length >= 12 || document.body.dataset.over, null, { timeout: 120000 });
  const ms = await page.evaluate(() => window.__cpuMs);
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(`CPU move time, ${label}: median ${sorted[sorted.length >> 1]} ms, max ${sorted[sorted.length - 1]} ms over ${ms.length} moves`);
  await page.close();
}
await browser.close();
server.close();
