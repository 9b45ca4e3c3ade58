// Drawing only (no rules): the five rings' geometry, the word RINGS as
// angular strokes, and the morphs between them. Everything is our own
// construction in SVG user units of a 100-wide box; no logo or font file.

export const SVGNS = 'http://www.w3.org/2000/svg';
// Player numbers are the engine's colours: 0..4 = blue black red yellow green.
export const COLOURS = ['#0081C8', '#000000', '#EE334E', '#FCB131', '#00A651'];
export const NAMES = ['blue', 'black', 'red', 'yellow', 'green'];
export const LETTERS = ['B', 'K', 'R', 'Y', 'G'];

// The five rings: top row blue, black, red; bottom row yellow, green.
export const RING_R = 11.5;
export const RING_W = 2.6;
const dx = RING_R * 2.24;
export const RING_CENTRES = [
  [50 - dx, 44], // blue
  [50, 44], // black
  [50 + dx, 44], // red
  [50 - dx / 2, 44 + RING_R * 1.02], // yellow
  [50 + dx / 2, 44 + RING_R * 1.02], // green
];
// Left to right the rings run blue, yellow, black, green, red: the letters
// R I N G S take those colours, so each letter turns into the ring below it.
export const WORD_COLOURS = [0, 3, 1, 4, 2];

import { svgEl as el, ease } from './common.js';
export { el, ease };

// Letters as single angular strokes (x right, y down, about 10 x 24, centred),
// slanted forward.
const GLYPHS = {
  R: [[-5, 12], [-5, -12], [3, -12], [5.5, -9], [5.5, -3], [3, 0], [-5, 0], [0, 0], [5.5, 12]],
  I: [[-3, -12], [3, -12], [0, -12], [0, 12], [-3, 12], [3, 12]],
  N: [[-5, 12], [-5, -12], [5, 12], [5, -12]],
  G: [[5.5, -8], [3, -12], [-3, -12], [-5.5, -9], [-5.5, 9], [-3, 12], [3, 12], [5.5, 9], [5.5, 1], [0.5, 1]],
  S: [[5.5, -8.5], [3, -12], [-3, -12], [-5.5, -9], [-5.5, -3], [-3, 0], [3, 0], [5.5, 3], [5.5, 9], [3, 12], [-3, 12], [-5.5, 8.5]],
};
const SLANT = 0.2;

function resample(points, n) {
  const seg = [];
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const d = Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
    seg.push(d);
    total += d;
  }
  const out = [];
  let i = 0;
  let acc = 0;
  for (let k = 0; k < n; k++) {
    const at = (total * k) / (n - 1);
    while (i < seg.length - 1 && acc + seg[i] < at) acc += seg[i++];
    const t = seg[i] ? Math.min(1, (at - acc) / seg[i]) : 0;
    const a = points[i];
    const b = points[i + 1];
    out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
  }
  return out;
}

const N = 140;
// Points of letter i of RINGS, and of the ring it becomes: ring points run
// the whole circle (first = last, so the closed ring needs no extra
// segment), starting where the letter's points are nearest.
export function morphShapes() {
  return [...'RINGS'].map((ch, i) => {
    const colour = WORD_COLOURS[i];
    const [cx, cy] = RING_CENTRES[colour];
    const letter = resample(GLYPHS[ch].map(([x, y]) => [cx + x - SLANT * y, 50 + y]), N);
    let best = null;
    for (const dir of [1, -1])
      for (let s = 0; s < 48; s++) {
        const a0 = (2 * Math.PI * s) / 48;
        const ring = [];
        for (let k = 0; k < N; k++) {
          const a = a0 + (dir * 2 * Math.PI * k) / (N - 1);
          ring.push([cx + RING_R * Math.cos(a), cy + RING_R * Math.sin(a)]);
        }
        const cost = ring.reduce((c, p, k) => c + (p[0] - letter[k][0]) ** 2 + (p[1] - letter[k][1]) ** 2, 0);
        if (!best || cost < best.cost) best = { cost, ring };
      }
    return { colour, letter, ring: best.ring };
  });
}

function pathOf(points) {
  return 'M' + points.map((p) => p[0].toFixed(2) + ' ' + p[1].toFixed(2)).join('L');
}

// The word RINGS in `svg` (viewBox 0 0 100 100) turning into the five rings
// and back: hold, morph, hold, morph, `cycles` times, then it rests as the
// word (0: the word only, for reduced motion). Returns the frame function
// for everyFrame(); it returns false when done or detached.
export function startWordMorph(svg, clock, cycles = 2) {
  const shapes = morphShapes();
  const g = el('g', { class: 'word' }, svg);
  // Painted top rings first, so that as rings they interlace (drawRings).
  const paths = [];
  for (const i of [0, 2, 4, 1, 3]) { // R N S (blue, black, red), then I G (yellow, green)
    const s = shapes[i];
    paths[i] = el('path', { id: `word-${++clipIds}`, stroke: COLOURS[s.colour], fill: 'none', 'stroke-linejoin': 'miter', 'stroke-miterlimit': 2.2, 'data-colour': NAMES[s.colour] }, g);
  }
  // Near the rings, each top ring's path again over its over-crossing.
  const over = el('g', { class: 'word-over', display: 'none' }, g);
  const defs = el('defs', {}, over);
  for (const c of overCrossings()) {
    const id = `ring-over-${++clipIds}`;
    el('circle', { cx: c.x, cy: c.y, r: RING_W * 1.6 }, el('clipPath', { id }, defs));
    el('use', { href: '#' + paths[WORD_COLOURS.indexOf(c.top)].id, 'clip-path': `url(#${id})` }, over);
  }
  const hold = 1400;
  const move = 1700;
  const cycle = 2 * (hold + move);
  const start = clock();
  const draw = () => {
    if (!svg.isConnected) return false;
    const elapsed = clock() - start;
    const done = elapsed >= cycles * cycle;
    const t = done ? 0 : elapsed % cycle;
    let u = 0;
    if (t < hold) u = 0;
    else if (t < hold + move) u = ease((t - hold) / move);
    else if (t < 2 * hold + move) u = 1;
    else u = 1 - ease((t - 2 * hold - move) / move);
    shapes.forEach((s, i) => {
      const pts = s.letter.map((p, k) => [p[0] + (s.ring[k][0] - p[0]) * u, p[1] + (s.ring[k][1] - p[1]) * u]);
      // Nearly a ring: the path is closed, so its two ends meet in a join
      // instead of two butt ends (a notch where the path starts).
      paths[i].setAttribute('d', pathOf(pts) + (u > 0.97 ? 'Z' : ''));
      paths[i].setAttribute('stroke-width', (4.2 + (RING_W - 4.2) * u).toFixed(2));
    });
    over.setAttribute('display', u > 0.97 ? 'inline' : 'none');
    svg.dataset.morph = u.toFixed(3);
    if (done) svg.dataset.morphDone = '1';
    return !done;
  };
  return draw;
}

// The interlaced rings, as the Olympic symbol: each bottom ring lies over
// the top rings it crosses, except at the lower of the two crossings of each
// pair, where the top ring lies over it. Drawn without gaps: the five whole
// rings (the bottom ones last), then each top ring once more, clipped to a
// small disc round its over-crossing, so the redrawn piece is the same
// circle over itself and leaves no seam.
let clipIds = 0;
// Where each top ring lies over a bottom ring: the lower of their two
// crossings (top ring, point).
function overCrossings() {
  return [[0, 3], [1, 3], [1, 4], [2, 4]].map(([top, bottom]) => {
    const [x0, y0] = RING_CENTRES[top];
    const [x1, y1] = RING_CENTRES[bottom];
    const d = Math.hypot(x1 - x0, y1 - y0);
    const mid = Math.atan2(y1 - y0, x1 - x0);
    const half = Math.acos(d / (2 * RING_R));
    const a = [mid + half, mid - half].sort((p, q) => Math.sin(q) - Math.sin(p))[0];
    return { top, x: x0 + RING_R * Math.cos(a), y: y0 + RING_R * Math.sin(a) };
  });
}
export function drawRings(parent) {
  const g = el('g', { class: 'olympic-rings' }, parent);
  for (const p of [0, 1, 2, 3, 4]) {
    const [cx, cy] = RING_CENTRES[p];
    el('circle', { class: 'olympic', 'data-colour': NAMES[p], cx, cy, r: RING_R, fill: 'none', stroke: COLOURS[p], 'stroke-width': RING_W }, g);
  }
  const defs = el('defs', {}, g);
  for (const { top, x, y } of overCrossings()) {
    const [cx, cy] = RING_CENTRES[top];
    const id = `ring-over-${++clipIds}`;
    el('circle', { cx: x, cy: y, r: RING_W * 1.25 }, el('clipPath', { id }, defs));
    el('circle', { class: 'olympic-over', cx, cy, r: RING_R, fill: 'none', stroke: COLOURS[top], 'stroke-width': RING_W, 'clip-path': `url(#${id})` }, g);
  }
  return g;
}
