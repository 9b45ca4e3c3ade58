// The figures of every state a player reaches (web/tools/states.mjs): axe-core's
// serious and critical violations, the text clipped, the focus rings that
// cover another control, and the buttons that Space or Enter does not press,
// at each width given (default 320 375 768 1280 1920):
//   node web/tools/axe-states.mjs [WIDTH...]   (SITE=DIR: another built site; STATES=a,b)
// One line a state and width; the details under it.
import { start, axe, clipped, focusOverlaps, keysPress } from '../tests/browser.mjs';
import { STATES } from './states.mjs';

const widths = process.argv.slice(2).map(Number);
const only = process.env.STATES?.split(',');
const env = await start(process.env.SITE || undefined);
const total = { axe: 0, clipped: 0, focus: 0, keys: 0 };
try {
  for (const [name, drive] of Object.entries(STATES)) {
    if (only && !only.includes(name)) continue;
    const { page, context, errors } = await env.open('', { width: 1280, height: 900 });
    page.base = env.base;
    try {
      await drive(page);
      for (const w of widths.length ? widths : [320, 375, 768, 1280, 1920]) {
        await page.setViewportSize({ width: w, height: w < 700 ? 812 : 1080 });
        await page.waitForTimeout(100);
        const r = { axe: await axe(page), clipped: await clipped(page), focus: await focusOverlaps(page), keys: await keysPress(page) };
        for (const k of Object.keys(total)) total[k] += r[k].length;
        console.log(`${name} ${w}: axe ${r.axe.length}, clipped ${r.clipped.length}, focus over another ${r.focus.length}, keys ${r.keys.length}` +
          [...r.axe, ...r.clipped, ...r.focus, ...r.keys].map((l) => '\n  ' + l).join('') + (errors.length ? `\n  console errors: ${errors.join('; ')}` : ''));
      }
    } catch (e) {
      console.log(`${name}: ${e.message.split('\n')[0]}`);
    }
    await context.close();
  }
  console.log(`total: axe ${total.axe}, clipped ${total.clipped}, focus over another ${total.focus}, keys ${total.keys}`);
} finally {
  await env.stop();
}
