import { start } from './browser.mjs';
const env = await start();
const { page, errors } = await env.open(process.argv[2]);
await page.waitForSelector('body[data-ready]');
await page.waitForTimeout(Number(process.argv[4] ?? 500));
await page.screenshot({ path: process.argv[3] });
console.log(errors);
await env.stop();
