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
// (resultTypes: only the violations are listed node by node; the passes and
// the incomplete are counted, not detailed: the same rules run, faster.)
export async function axe(page) {
  const r = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

// ------------------------------------------------------------ the checks of every state
// (web/tools/states.mjs brings the pages to each state; access.test.mjs and
// web/tools/axe-states.mjs run these there.)

// Text cut off, as lines "where: what": a line of text (its glyph boxes, from
// a Range) outside the slanted clip-path polygon of an element holding it,
// outside the box of an ancestor that hides its overflow, or off the
// window's sides; an SVG text outside its SVG; and the page scrolling
// sideways. Text made for screen readers only (.sr-only, 1 px boxes) is
// not looked at. An empty list: nothing clipped.
export async function clipped(page) {
  return page.evaluate(() => {
    const out = [];
    const W = innerWidth;
    if (document.documentElement.scrollWidth > W + 1) out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${W}`);
    // "polygon(16px 0px, 100% 0px, calc(100% - 16px) 100%, 0px 100%)" -> points in px of the box.
    const length = (v, size) => {
      v = v.trim();
      const calc = v.match(/^calc\((-?[\d.]+)% ([+-]) (-?[\d.]+)px\)$/);
      if (calc) return (size * Number(calc[1])) / 100 + (calc[2] === '+' ? 1 : -1) * Number(calc[3]);
      if (v.endsWith('%')) return (size * parseFloat(v)) / 100;
      return parseFloat(v);
    };
    const polygonOf = (el) => {
      const cp = getComputedStyle(el).clipPath;
      if (!cp.startsWith('polygon(')) return null;
      const b = el.getBoundingClientRect();
      // split on commas outside calc()
      const body = cp.slice(8, -1);
      const parts = [];
      let depth = 0, cur = '';
      for (const ch of body) {
        if (ch === '(') depth++;
        if (ch === ')') depth--;
        if (ch === ',' && !depth) (parts.push(cur), (cur = ''));
        else cur += ch;
      }
      parts.push(cur);
      return parts.map((p) => {
        const xy = p.trim().match(/^(calc\([^)]*\)|\S+) (calc\([^)]*\)|\S+)$/);
        return [b.left + length(xy[1], b.width), b.top + length(xy[2], b.height)];
      });
    };
    const insidePolygon = ([x, y], poly) => {
      let inside = false;
      for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
        const [xi, yi] = poly[i], [xj, yj] = poly[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    };
    const name = (el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.classList.length ? '.' + [...el.classList].join('.') : ''}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (!t.textContent.trim()) continue;
      const host = t.parentElement;
      if (!host || host.closest('select, option, script, style, title, .sr-only')) continue;
      if (getComputedStyle(host).visibility === 'hidden') continue;
      let seen = true; // not drawn: a transparent ancestor
      for (let a = host; a && seen; a = a.parentElement) seen = Number(getComputedStyle(a).opacity) > 0.01 && a.getAttribute('opacity') !== '0';
      if (!seen) continue;
      range.selectNodeContents(t);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (!rects.length) continue;
      const what = `"${t.textContent.trim().slice(0, 30)}" in ${name(host)}`;
      let screenReaderOnly = false;
      const checks = [];
      for (let a = host; a && a !== document.documentElement; a = a.parentElement) {
        const s = getComputedStyle(a);
        const b = a.getBoundingClientRect();
        if ((s.overflow === 'hidden' || s.overflowX === 'hidden' || s.overflowX === 'clip') && (b.width <= 1 || b.height <= 1)) screenReaderOnly = true;
        const poly = a instanceof HTMLElement || a instanceof SVGSVGElement ? polygonOf(a) : null;
        if (poly) checks.push([a, 'poly', poly]);
        if (['hidden', 'clip'].includes(s.overflowX) || ['hidden', 'clip'].includes(s.overflowY)) checks.push([a, 'box', b]);
        if (a instanceof SVGSVGElement && a.ownerSVGElement == null) checks.push([a, 'svg', b]);
      }
      if (screenReaderOnly) continue;
      for (const r of rects) {
        if (r.left < -1 || r.right > W + 1) out.push(`${what}: off the window's side [${r.left | 0}, ${r.right | 0}] of ${W}`);
        for (const [a, kind, shape] of checks) {
          const bad = kind === 'poly'
            ? [[r.left + 1, r.top + 1], [r.right - 1, r.top + 1], [r.left + 1, r.bottom - 1], [r.right - 1, r.bottom - 1]].some((p) => !insidePolygon(p, shape))
            : r.left < shape.left - 1 || r.right > shape.right + 1 || r.top < shape.top - 1 || r.bottom > shape.bottom + 1;
          if (bad) out.push(`${what}: cut by the ${kind === 'poly' ? 'slanted edge' : kind === 'svg' ? 'SVG box' : 'box'} of ${name(a)} (text [${r.left | 0},${r.top | 0},${r.right | 0},${r.bottom | 0}])`);
        }
      }
    }
    return [...new Set(out)];
  });
}

// The focus ring drawn over another control, as lines: every control the
// Tab key reaches (and every Golden Nugget label, focused in turn) is
// focused by keyboard; its outline (width and offset) must not reach into
// another visible control's box. An empty list: no overlap.
const CONTROLS = 'a[href], button, select, input:not([type=file]), textarea, [tabindex], [role=button], [role=tab]';
export async function focusOverlaps(page, tabs = 60) {
  const check = () => page.evaluate((CONTROLS) => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    const w = s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth) || 0;
    if (!w) return { ok: true };
    const d = w + (parseFloat(s.outlineOffset) || 0);
    const b = el.getBoundingClientRect();
    if (b.width < 1 || b.height < 1) return { ok: true };
    const ring = { left: b.left - d, right: b.right + d, top: b.top - d, bottom: b.bottom + d };
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.dataset.label ? `[${e.dataset.label}]` : ''}${e.textContent.trim() ? ` "${e.textContent.trim().slice(0, 20)}"` : ''}`;
    const hits = [];
    for (const o of document.querySelectorAll(CONTROLS)) {
      if (o === el || o.contains(el) || el.contains(o)) continue;
      const r = o.getBoundingClientRect();
      const os = getComputedStyle(o);
      if (r.width < 1 || r.height < 1 || os.visibility === 'hidden' || o.closest('[hidden]')) continue;
      const x = Math.min(ring.right, r.right) - Math.max(ring.left, r.left);
      const y = Math.min(ring.bottom, r.bottom) - Math.max(ring.top, r.top);
      if (x > 0.5 && y > 0.5) hits.push(name(o));
    }
    return { ok: !hits.length, line: hits.length ? `${name(el)}: its focus ring (${w} px, offset ${s.outlineOffset}) covers ${hits.join(', ')}` : '' };
  }, CONTROLS);
  const out = new Set();
  await page.evaluate(() => document.activeElement?.blur());
  await page.evaluate(() => window.scrollTo(0, 0));
  const seen = new Set();
  for (let i = 0; i < tabs; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return '';
      e.dataset.focusSeen ??= String(Math.random());
      return e.dataset.focusSeen;
    });
    if (!id || seen.has(id)) break; // round the page once
    seen.add(id);
    const r = await check();
    if (r && !r.ok) out.add(r.line);
  }
  // The board's labels: one is in the Tab order, arrows reach the others.
  const labels = await page.$$('.n-board .n-label[role=button]');
  for (const l of labels) {
    if (!(await l.isVisible())) continue;
    await l.focus();
    const r = await check();
    if (r && !r.ok) out.add(r.line);
  }
  await page.evaluate(() => document.querySelectorAll('[data-focus-seen]').forEach((e) => delete e.dataset.focusSeen));
  return [...out];
}

// Space and Enter on every visible, enabled button (and role=button or tab)
// must press it, as a click does. The clicks are caught before the page
// sees them (nothing happens), so a state can be checked as it is. Returns
// the lines of the keys that did nothing.
export async function keysPress(page) {
  await page.evaluate(() => {
    window.__pressed = [];
    window.__catch = (e) => {
      const b = e.target.closest?.('button, [role=button], [role=tab]');
      if (b) window.__pressed.push(b);
      e.stopImmediatePropagation();
      e.preventDefault();
    };
    document.addEventListener('click', window.__catch, true);
  });
  const buttons = await page.$$('button, [role=button], [role=tab]');
  const out = [];
  for (const b of buttons) {
    if (!(await b.isVisible()) || !(await b.isEnabled().catch(() => true))) continue;
    const name = await b.evaluate((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.dataset.label ? `[${e.dataset.label}]` : ''} "${(e.getAttribute('aria-label') || e.textContent).trim().slice(0, 24)}"`);
    for (const key of [' ', 'Enter']) {
      await b.focus();
      await page.evaluate(() => (window.__pressed = []));
      await page.keyboard.press(key);
      const hit = await b.evaluate((e) => window.__pressed.includes(e));
      if (!hit) out.push(`${name}: ${key === ' ' ? 'Space' : 'Enter'} does not press it`);
    }
  }
  await page.evaluate(() => document.removeEventListener('click', window.__catch, true));
  return out;
}
