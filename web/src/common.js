// What every page of the browser edition shares (no rules here): one frame
// loop for the animations, an engine loader that fetches a module's files
// once (so new workers need no network: the pages work offline once loaded),
// and a file download.

// ------------------------------------------------------------ people
// prefers-reduced-motion: the pages shorten their slides and stop their
// morphs (style.css stops the CSS animations).
export const REDUCED_MOTION = matchMedia('(prefers-reduced-motion: reduce)').matches;
// The last kind of input: body[data-input=pointer|keyboard]; style.css shows
// focus outlines and board cursors to keyboard users only.
for (const [ev, kind] of [['pointerdown', 'pointer'], ['keydown', 'keyboard']])
  addEventListener(ev, (e) => {
    if (kind === 'keyboard' && (e.ctrlKey || e.metaKey || e.altKey)) return;
    if (document.body) document.body.dataset.input = kind;
  }, true);

// Says `text` in a live region (a screen reader reads it out); the same
// text twice is said twice.
export function say(region, text) {
  if (!region) return;
  region.textContent = region.textContent === text ? text + '\u00a0' : text;
}

// ------------------------------------------------------------ a board's keyboard cursor
// Tab to a board of n x n cells (cell = row * n + column, row 0 at the
// bottom), the arrows move a cursor, Enter or space act on its cell, and a
// screen reader hears describe(cell) in the live region. The page gives
// what differs: its board's size, the cursor's rect, where a cell is drawn,
// the words and the action; ready() is false while no board is drawn. The
// cursor shows to keyboard users only (body[data-input], above).
export function keyboardCursor(board, { size, rect, xy, describe, act, region, ready, start = 0 }) {
  let cell = start;
  const hide = () => ready() && rect().setAttribute('visibility', 'hidden');
  const show = () => {
    const [x, y] = xy(cell);
    rect().setAttribute('x', x - 5);
    rect().setAttribute('y', y - 5);
    rect().setAttribute('visibility', 'visible');
    const words = describe(cell);
    if (words) say(region(), words);
  };
  board.addEventListener('keydown', (ev) => {
    if (!ready()) return;
    const n = size();
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[ev.key];
    if (step) {
      const c = Math.min(n - 1, Math.max(0, (cell % n) + step[0]));
      const r = Math.min(n - 1, Math.max(0, Math.floor(cell / n) + step[1]));
      cell = r * n + c;
      show();
      ev.preventDefault();
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      show();
      act(cell);
      ev.preventDefault();
    }
  });
  board.addEventListener('focus', () => ready() && document.body.dataset.input === 'keyboard' && show());
  board.addEventListener('blur', hide);
  board.addEventListener('pointerdown', hide);
  // fit(n): a board of another size keeps the cursor on it.
  return { hide, fit: (n) => { cell = Math.min(cell, n * n - 1); } };
}

// ------------------------------------------------------------ a player's words
// A level's measured strength (solver/registry/games.h: "beat level 2: 45
// wins, 0 draws, 17 losses, +169 Elo (+73 .. +265); SPRT H1 after 62
// games") as a player reads it: the games, not the statistics.
export function strengthWords(s) {
  const m = /^beat level (\d+): (\d+) wins?, (\d+) draws?, (\d+) loss(?:es)?/.exec(s);
  if (!m) return s.replace(/[,;]? *\(?[+-]?[\d>= +]*Elo.*$/, '');
  const [w, d, l] = [m[2], m[3], m[4]].map(Number);
  return `won ${w} of ${w + d + l} games against level ${m[1]}` + (d ? `, drew ${d}` : '') + (l ? `, lost ${l}` : ', lost none');
}
// How a level or a custom player thinks, in a few words.
export function thinkWords(kind, timeMs) {
  if (kind === 'random') return 'plays at random';
  return `thinks ${timeMs / 1000} s a move`;
}
export const cap = (s) => s[0].toUpperCase() + s.slice(1);

// ------------------------------------------------------------ the CPU levels
// A game's CPU levels (the registry's, M.levels(): solver/registry/games.h)
// as the options of a select's group, value "level:N"; the page keeps no
// copy. The custom players stay in the select's other group.
export function levelOptions(group, levels) {
  group.textContent = '';
  for (const l of levels) {
    const o = document.createElement('option');
    o.value = `level:${l.level}`;
    o.textContent = `Level ${l.level}: ${thinkWords(l.kind, l.timeMs)}`;
    group.appendChild(o);
  }
}
// The level a select's value names ("level:N"), or null for a custom player.
export const levelOf = (value, levels) => (value.startsWith('level:') ? levels[Number(value.slice(6)) - 1] : null);

// ------------------------------------------------------------ one frame loop
// Every animation is a function of the clock called once per frame; the
// counter lets a test see that frames keep coming while a CPU thinks.
const animations = new Set();
window.__frames = 0;
function frame() {
  window.__frames++;
  const now = performance.now();
  for (const a of animations) if (a(now) === false) animations.delete(a);
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);

// Adds f(now) to the loop until it returns false.
export function everyFrame(f) {
  animations.add(f);
}

// Calls step(t) with t from 0 to 1 over `ms`, once a frame; resolves at 1.
export function animate(ms, step) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    animations.add((now) => {
      const t = ms > 0 ? Math.min(1, (now - t0) / ms) : 1;
      step(t);
      if (t >= 1) {
        resolve();
        return false;
      }
      return true;
    });
  });
}
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

// ------------------------------------------------------------ engines
// loadEngine('nugget-engine', 'createNugget'):
//   module   a promise of the page's own instance of the wasm module
//   worker() a new Web Worker running that module's JS followed by
//            worker.js, handed the wasm bytes already fetched
export function loadEngine(name, factory) {
  const files = [`${name}.js`, 'worker.js', `${name}.wasm`];
  const assets = Promise.all(files.map((f) => fetch(f).then((r) => {
    if (!r.ok) throw new Error(`${f}: HTTP ${r.status}`);
    return f.endsWith('.wasm') ? r.arrayBuffer() : r.text();
  })));
  const workerUrl = assets.then(([js, wk]) => URL.createObjectURL(new Blob([js, '\n', wk], { type: 'text/javascript' })));
  const module = assets.then(([, , wasm]) => window[factory]({ wasmBinary: wasm.slice(0) }));
  async function worker() {
    const [, , wasm] = await assets;
    const w = new Worker(await workerUrl);
    w.postMessage({ wasm: wasm.slice(0), factory });
    w.onerror = (e) => console.error('worker:', e.message);
    return w;
  }
  return { module, worker };
}

// One request at a time to a worker: ask(worker, 'think', [...args])
// resolves with the answer carrying the same id.
let requestId = 0;
export function ask(worker, call, args) {
  const id = ++requestId;
  return new Promise((resolve) => {
    worker.onmessage = (e) => {
      if (e.data.id === id) resolve(e.data);
    };
    worker.postMessage({ id, call, args });
  });
}

// ------------------------------------------------------------ files
export function download(name, text) {
  const blob = new Blob([text], { type: 'text/plain' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// Reads a File (picker or drop) as text.
export function readText(file) {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsText(file);
  });
}

export function svgEl(name, attrs = {}, parent = null) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}
