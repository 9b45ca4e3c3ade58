// The landing page (index.html) in headless Chromium: four cards, each
// leading to its game's page, which loads its engine without a console error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shots, start } from './browser.mjs';

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.stop();
});

test('the landing page leads to the four games', { timeout: 120000 }, async () => {
  const { page, context, errors } = await env.open('');
  const cards = await page.$$eval('.cards a.card', (as) => as.map((a) => [a.querySelector('.name').textContent, a.getAttribute('href')]));
  assert.deepEqual(cards, [['JC Golden Nugget', 'nugget.html'], ['JC Shock', 'placement.html?game=shock'], ['JC Attract', 'placement.html?game=attract'], ['5RINGS', 'rings.html']]);
  // Words for players (issue 48 item 6): one puzzle and two duels among the
  // four games, as the cards say; no talk of engines or WebAssembly.
  assert.match(await page.textContent('.tag'), /one puzzle, two duels and a melee/i);
  assert.equal(await page.$$eval('.card .what', (ws) => ws.filter((w) => /^Two players/.test(w.textContent)).length), 2);
  assert.doesNotMatch(await page.textContent('main'), /C\+\+|WebAssembly|wasm|engine/i);
  await page.screenshot({ path: path.join(shots, 'landing.png') });
  const arrive = { 'to-nugget': 'body[data-ready]', 'to-shock': 'body[data-game=shock][data-ready]', 'to-attract': 'body[data-game=attract][data-ready]', 'to-rings': '#word path' };
  for (const [id, ready] of Object.entries(arrive)) {
    await page.click(`#${id}`);
    await page.waitForSelector(ready);
    await page.click('a.home[href="./"]');
    await page.waitForSelector('.cards');
  }
  assert.deepEqual(errors, []);
  await context.close();
});
