// The landing page: four cards, each with a small picture of its game
// (drawing only).
import { svgEl } from './common.js';
import { drawRings } from './art.js';
import { TILE_COLOURS } from './nugget-board.js';

// Golden Nugget: a solved board (horizontal stripes inside a white border).
const n = document.querySelector('.nugget-mini');
const stripes = 'YBPRG';
for (let r = 0; r < 7; r++)
  for (let c = 0; c < 7; c++) {
    const inner = r > 0 && r < 6 && c > 0 && c < 6;
    svgEl('rect', { x: c * 10 + 0.6, y: r * 10 + 0.6, width: 8.8, height: 8.8, rx: 1.4, fill: TILE_COLOURS[inner ? stripes[r - 1] : 'W'], stroke: '#1b0b2e', 'stroke-width': 0.5 }, n);
  }

// Shock and Attract: a few pieces on an 8x8 board.
function pieces(svg, cells, highlight = []) {
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 8; c++) svgEl('rect', { x: c * 10, y: r * 10, width: 10, height: 10, fill: (r + c) % 2 ? '#e9e2ef' : '#f4f0f7' }, svg);
  cells.forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch === '.') return;
    svgEl('circle', { cx: c * 10 + 5, cy: r * 10 + 5, r: 3.8, class: ch === 'o' ? 'piece white' : 'piece black' }, svg);
  }));
  for (const [r, c] of highlight) svgEl('circle', { cx: c * 10 + 5, cy: r * 10 + 5, r: 4.8, class: 'win-ring' }, svg);
}
pieces(document.querySelector('.shock-mini'), ['........', '..o.....', '.xxxxx..', '..o.o...', '...oxo..', '....o...', '........', '........']);
// The RULES.md win example after D4: white's C4 between four black pieces.
pieces(document.querySelector('.attract-mini'), ['........', '........', 'o..o....', '.x.x....', '..ooo...', '.x.x....', '........', '........'], [[4, 2]]);
drawRings(document.querySelector('.rings-mini')).setAttribute('transform', 'translate(0 -22)');
