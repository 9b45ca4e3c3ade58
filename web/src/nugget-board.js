// The Golden Nugget board, drawing only (no rules): 49 tiles and the 28
// force-point labels around them. It is given what the engine says (tiles,
// the colours of both faces, the legal labels) and reports the label pushed;
// which push is legal and what it does come from nugget-engine.wasm.
//
//   const b = new NuggetBoard(svg, { onPush(label) {} })
//   b.show(view)                  draws a view() at once
//   await b.move(before, after, ms)   slides the tiles from one view to the next
//   await b.turnOver(view, ms)    the tiles turn over (solved board) into view
//   b.hidden = true               shows the hidden face instead
//   b.flashLabel('P')             marks a refused push
import { svgEl, animate, ease } from './common.js';

export const TILE_COLOURS = { W: '#ffffff', Y: '#ffd21f', B: '#1f6fe0', P: '#ff6fb5', R: '#e3262f', G: '#18a558' };
export const COLOUR_NAMES = { W: 'white', Y: 'yellow', B: 'blue', P: 'pink', R: 'red', G: 'green' };

// Labels clockwise from the top-left corner (RULES.md section 1): 1-7 over
// columns 0-6, A-G right of rows 0-6, H-N under columns 6-0, O-U left of
// rows 6-0.
export const LABELS = '1234567ABCDEFGHIJKLMNOPQRSTU';
const CELL = 10;
const OFF = 10; // the board starts 10 units in: room for the labels
export function labelXY(label) {
  const i = LABELS.indexOf(label);
  if (i < 7) return [OFF + i * CELL + 5, 5];
  if (i < 14) return [OFF + 7 * CELL + 5, OFF + (i - 7) * CELL + 5];
  if (i < 21) return [OFF + (20 - i) * CELL + 5, OFF + 7 * CELL + 5];
  return [5, OFF + (27 - i) * CELL + 5];
}
const cellXY = (cell) => [OFF + (cell % 7) * CELL, OFF + Math.floor(cell / 7) * CELL];

export class NuggetBoard {
  constructor(svg, { onPush = null, numbers = true } = {}) {
    this.svg = svg;
    this.onPush = onPush;
    this.hiddenFace = false;
    this.view = null;
    svg.setAttribute('viewBox', '0 0 90 90');
    svg.textContent = '';
    svgEl('rect', { x: OFF - 1, y: OFF - 1, width: 7 * CELL + 2, height: 7 * CELL + 2, class: 'n-frame' }, svg);
    svgEl('rect', { x: OFF + CELL - 0.5, y: OFF + CELL - 0.5, width: 5 * CELL + 1, height: 5 * CELL + 1, class: 'n-inner' }, svg);
    this.labels = {};
    this.cursor = 'P';
    for (const l of LABELS) {
      const [x, y] = labelXY(l);
      const g = svgEl('g', { class: 'n-label', 'data-label': l }, svg);
      svgEl('rect', { x: x - 5, y: y - 5, width: 10, height: 10, class: 'hit' }, g); // the whole cell takes a tap
      svgEl('circle', { cx: x, cy: y, r: 4.2 }, g);
      svgEl('text', { x, y: y + 1.6, 'aria-hidden': 'true' }, g).textContent = l;
      if (onPush) {
        // Keyboard: one label is in the Tab order (roving tabindex); arrows
        // move to the nearest label that way, Enter or Space pushes.
        g.setAttribute('role', 'button');
        g.setAttribute('tabindex', l === this.cursor ? 0 : -1);
        g.addEventListener('click', () => this.onPush(l));
        g.addEventListener('keydown', (ev) => this.key(ev, l));
        g.addEventListener('focus', () => this.moveCursor(l, false));
      } else g.setAttribute('aria-hidden', 'true');
      this.labels[l] = g;
    }
    this.tilesG = svgEl('g', { class: 'n-tiles' }, svg);
    this.tileEls = new Map(); // tile number -> {g, rect, text}
    for (let t = 1; t <= 49; t++) {
      const g = svgEl('g', { class: 'n-tile', 'data-tile': t }, this.tilesG);
      const rect = svgEl('rect', { x: 0.6, y: 0.6, width: CELL - 1.2, height: CELL - 1.2, rx: 1.6 }, g);
      const text = svgEl('text', { x: CELL / 2, y: CELL / 2 + 1.3 }, g);
      if (numbers) text.textContent = t;
      this.tileEls.set(t, { g, rect, text });
    }
  }

  // What a label does, in words (rows and columns counted from the top
  // left, 1 to 7): "P: push row 6 to the right".
  static describe(l) {
    const i = LABELS.indexOf(l);
    if (i < 7) return `${l}: push column ${i + 1} down`;
    if (i < 14) return `${l}: push row ${i - 6} to the left`;
    if (i < 21) return `${l}: push column ${21 - i} up`;
    return `${l}: push row ${28 - i} to the right`;
  }

  key(ev, l) {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[ev.key];
    if (d) {
      ev.preventDefault();
      ev.stopPropagation();
      const [x0, y0] = labelXY(l);
      let best = null;
      for (const m of LABELS) {
        const [x, y] = labelXY(m);
        const along = (x - x0) * d[0] + (y - y0) * d[1];
        if (along <= 0) continue;
        const across = Math.abs((x - x0) * d[1]) + Math.abs((y - y0) * d[0]);
        const cost = along + 3 * across;
        if (!best || cost < best.cost) best = { m, cost };
      }
      if (best) this.moveCursor(best.m, true);
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      // A button's keys: Enter or Space presses it (as a click).
      ev.preventDefault();
      ev.stopPropagation();
      if (!ev.repeat) this.labels[l].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }
  }

  moveCursor(l, focus) {
    for (const m of LABELS) this.labels[m].setAttribute('tabindex', m === l ? 0 : -1);
    this.cursor = l;
    if (focus) this.labels[l].focus();
  }

  set hidden(on) {
    this.hiddenFace = on;
    this.svg.classList.toggle('hidden-face', on);
    if (this.view) this.paint(this.view);
  }
  get hidden() {
    return this.hiddenFace;
  }

  // Colours (face shown, or hidden when asked) and the legal labels.
  paint(view) {
    const colours = this.hiddenFace ? view.hidden : view.shown;
    view.tiles.forEach((t, cell) => this.colour(t, colours[cell]));
    for (const l of LABELS) {
      const illegal = !(l in (view.legal ?? {}));
      this.labels[l].classList.toggle('illegal', illegal);
      if (this.onPush) this.labels[l].setAttribute('aria-label', NuggetBoard.describe(l) + (illegal ? ' (not possible now)' : ''));
    }
  }

  colour(t, c) {
    const e = this.tileEls.get(t);
    e.rect.setAttribute('fill', TILE_COLOURS[c]);
    e.g.dataset.colour = c;
    e.text.setAttribute('class', c === 'W' || c === 'Y' || c === 'P' ? 'dark' : 'light');
  }

  place(t, x, y, scale = 1, sx = 1) {
    const e = this.tileEls.get(t);
    const k = (CELL * (1 - scale)) / 2;
    e.g.setAttribute('transform', `translate(${x + k + (CELL * scale * (1 - sx)) / 2} ${y + k}) scale(${scale * sx} ${scale})`);
  }

  show(view) {
    this.view = view;
    view.tiles.forEach((t, cell) => this.place(t, ...cellXY(cell)));
    this.paint(view);
  }

  // Every tile glides from its cell in `before` to its cell in `after`;
  // tiles going farther than one cell (the white tile to the force point)
  // are lifted above the others.
  async move(before, after, ms) {
    const from = new Map(before.tiles.map((t, cell) => [t, cell]));
    const moving = [];
    after.tiles.forEach((t, cell) => {
      const a = from.get(t);
      if (a !== cell) moving.push({ t, a: cellXY(a), b: cellXY(cell), far: Math.abs((a % 7) - (cell % 7)) + Math.abs(Math.floor(a / 7) - Math.floor(cell / 7)) > 1 });
    });
    for (const m of moving) if (m.far) this.tilesG.appendChild(this.tileEls.get(m.t).g); // on top
    if (ms > 0)
      await animate(ms, (t) => {
        const u = ease(t);
        for (const m of moving) {
          const lift = m.far ? 1 + 0.22 * Math.sin(Math.PI * t) : 1;
          this.place(m.t, m.a[0] + (m.b[0] - m.a[0]) * u, m.a[1] + (m.b[1] - m.a[1]) * u, lift);
        }
      });
    this.show(after);
  }

  // The solved board turns over tile by tile (a wave from the top-left
  // corner) and shows `next` (the same tiles, the other face).
  async turnOver(next, ms) {
    this.view = next;
    if (ms > 0) {
      const done = new Set();
      await animate(ms, (t) => {
        next.tiles.forEach((tile, cell) => {
          const delay = ((cell % 7) + Math.floor(cell / 7)) / 12 * 0.5;
          const u = Math.min(1, Math.max(0, (t - delay) / 0.5));
          const [x, y] = cellXY(cell);
          this.place(tile, x, y, 1, Math.abs(Math.cos(Math.PI * u)) || 0.02);
          if (u >= 0.5 && !done.has(tile)) {
            done.add(tile);
            this.colour(tile, (this.hiddenFace ? next.hidden : next.shown)[cell]);
          }
        });
      });
    }
    this.show(next);
  }

  flashLabel(l) {
    const g = this.labels[l];
    if (!g) return;
    g.classList.remove('refused');
    void g.getBoundingClientRect();
    g.classList.add('refused');
  }

  markLabel(l) {
    for (const x of LABELS) this.labels[x].classList.toggle('hinted', x === l);
  }
}
