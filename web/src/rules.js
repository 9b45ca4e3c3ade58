// The rules page's pictures. The worked examples of docs/RULES.md are
// played through the games' own engines (nugget-engine and
// placement-engine, as on the game pages) and drawn; no rule is decided
// here. The Shock end position and the 5RINGS jump are drawn as given.
import { loadEngine, sleep, svgEl, say, REDUCED_MOTION } from './common.js';
import { NuggetBoard } from './nugget-board.js';
import { COLOURS } from './art.js';

const $ = (id) => document.getElementById(id);
// anim=F scales the example's animation (0: none, for tests), as on the game pages.
const ANIM = REDUCED_MOTION ? 0 : Math.max(0, Number(new URLSearchParams(location.search).get('anim') ?? 1));

// A square board of n x n; `cells` A1 first (row 1 at the bottom, the
// engines' order), 'o' white, 'x' black, '.' empty. marks: squares ringed.
function drawBoard(svg, n, cells, { marks = [], run = null, label = true } = {}) {
  svg.setAttribute('viewBox', `-6 -1 ${n * 10 + 7} ${n * 10 + 9}`);
  svg.textContent = '';
  const at = (sq) => [(sq.charCodeAt(0) - 65) * 10 + 5, (n - Number(sq.slice(1))) * 10 + 5];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) svgEl('rect', { x: c * 10, y: (n - 1 - r) * 10, width: 10, height: 10, class: (r + c) % 2 ? 'sq' : 'sq dark' }, svg);
  if (label)
    for (let i = 0; i < n; i++) {
      // Centred on their row or column at any size (a phone draws them larger).
      svgEl('text', { x: i * 10 + 5, y: n * 10 + 4.2, 'dominant-baseline': 'central', class: 'coord' }, svg).textContent = String.fromCharCode(65 + i);
      svgEl('text', { x: -3, y: (n - 1 - i) * 10 + 5, 'dominant-baseline': 'central', class: 'coord' }, svg).textContent = i + 1;
    }
  [...cells].forEach((ch, i) => {
    if (ch === '.') return;
    const sq = String.fromCharCode(65 + (i % n)) + (Math.floor(i / n) + 1);
    const [x, y] = at(sq);
    svgEl('circle', { cx: x, cy: y, r: 3.8, class: ch === 'o' ? 'piece white' : 'piece black', 'data-sq': sq }, svg);
  });
  if (run) {
    const [a, b] = run.map(at);
    svgEl('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: 'run-mark' }, svg);
  }
  for (const sq of marks) {
    const [x, y] = at(sq);
    svgEl('circle', { cx: x, cy: y, r: 4.8, class: 'win-ring', 'data-mark': sq }, svg);
  }
}

// A small board with its caption, in a strip of them.
function stripBoard(strip, n, cells, caption, opts) {
  const fig = strip.appendChild(document.createElement('div'));
  fig.className = 'strip-item';
  const svg = svgEl('svg', { class: 'fig-board', role: 'img', 'aria-label': caption }, fig);
  drawBoard(svg, n, cells, opts);
  fig.appendChild(document.createElement('p')).textContent = caption;
  return svg;
}

// JC Shock: RULES.md section 3's final position (row 8 on top).
const SHOCK_END = ['xoooxxx.', 'ooxooxox', 'xxxxxooo', 'oxooxoox', 'oooxoxoo', 'oxxxooxx', 'ooxoxoxx', '.xxxxoxo'];
drawBoard($('fig-shock'), 8, [...SHOCK_END].reverse().join(''), { run: ['A6', 'E6'] });

// 5RINGS: blue on E5 (from J3 by G3), its five targets; trails on C7 and
// G3, red's ring on F5; green's trail on D4 is jumped over.
{
  const svg = $('fig-rings');
  const at = (sq) => [(sq.charCodeAt(0) - 65) * 10 + 5, (10 - Number(sq.slice(1))) * 10 + 5];
  for (let r = 0; r < 10; r++)
    for (let c = 0; c < 10; c++) svgEl('rect', { x: c * 10, y: r * 10, width: 10, height: 10, class: (r + c) % 2 ? 'sq' : 'sq dark' }, svg);
  for (let i = 0; i < 10; i++) {
    svgEl('text', { x: i * 10 + 5, y: 104.6, class: 'coord' }, svg).textContent = String.fromCharCode(65 + i);
    svgEl('text', { x: -3.5, y: (9 - i) * 10 + 6.2, class: 'coord' }, svg).textContent = i + 1;
  }
  const trail = (sq, p) => svgEl('circle', { cx: at(sq)[0], cy: at(sq)[1], r: 3.1, fill: COLOURS[p] }, svg);
  const ring = (sq, p) => {
    const [x, y] = at(sq);
    svgEl('circle', { cx: x, cy: y, r: 3.4, fill: 'none', stroke: '#fff', 'stroke-width': 2.8 }, svg);
    svgEl('circle', { cx: x, cy: y, r: 3.4, fill: 'none', stroke: COLOURS[p], 'stroke-width': 1.7, 'data-ring': sq }, svg);
  };
  for (const sq of ['J3', 'G3']) trail(sq, 0); // blue's way so far: J3, G3, then E5
  trail('C7', 3);
  trail('D4', 4);
  ring('F5', 2);
  ring('E5', 0);
  for (const sq of ['E8', 'E2', 'B5', 'G7', 'C3']) {
    const [x, y] = at(sq);
    svgEl('circle', { cx: x, cy: y, r: 3.7, class: 'target', stroke: COLOURS[0], 'data-target': sq }, svg);
  }
  svgEl('path', { d: `M ${at('E5')[0] + 4} ${at('E5')[1]} L ${at('G5')[0]} ${at('G5')[1]}`, class: 'no-jump' }, svg);
  const [hx, hy] = at('H5');
  svgEl('path', { d: `M ${hx - 3} ${hy - 3} L ${hx + 3} ${hy + 3} M ${hx + 3} ${hy - 3} L ${hx - 3} ${hy + 3}`, class: 'no-jump' }, svg);
}

// The placement move and the Attract win, played by the engine.
const placement = loadEngine('placement-engine', 'createPlacement');
const nugget = loadEngine('nugget-engine', 'createNugget');
async function placementFigures() {
  const M = await placement.module;
  const strip = $('fig-placement');
  const g = M.ShockGame.create(8);
  const steps = [['B1', 'White B1'], ['B8', 'Black B8: B1 to B2'], ['E2', 'White E2: B2 to C2'], ['B2', 'Black B2: B8 to B7, E2 to D2']];
  for (const [sq, caption] of steps) {
    const r = JSON.parse(g.play(sq));
    if (!r.ok) throw new Error(`the engine refused ${sq}: ${r.reason}`);
    const v = JSON.parse(g.view());
    stripBoard(strip, 8, v.cells, caption, { marks: [sq], label: false });
  }
  g.delete();
  // Attract: RULES.md section 4, first example (a position file, row 8 first).
  const a = M.AttractGame.fromPosition('........\n...o....\no..x....\n.x......\n.o..o...\n.x......\n...x....\n........\nto_move o\n');
  if (!a) throw new Error(M.lastError());
  const before = JSON.parse(a.view());
  stripBoard($('fig-attract'), 8, before.cells, 'Before: white to play D4', { label: true });
  const r = JSON.parse(a.play('D4'));
  if (!r.ok) throw new Error(`the engine refused D4: ${r.reason}`);
  const after = JSON.parse(a.view());
  const sq = (i) => String.fromCharCode(65 + (i % 8)) + (Math.floor(i / 8) + 1);
  const winning = after.winning?.o ?? [];
  stripBoard($('fig-attract'), 8, after.cells, `After D4: ${after.outcome}, ${winning.map(sq).join(', ')} winning`, { marks: winning.map(sq) });
  a.delete();
  document.body.dataset.placementFigures = '1';
}

// Golden Nugget: board 1 from the start, then P, 5 and L pushed by the
// engine and slid on the board as on the game page.
async function nuggetFigure() {
  const M = await nugget.module;
  const board = new NuggetBoard($('fig-nugget'));
  let chain = M.NuggetChain.create(20);
  board.show(JSON.parse(chain.view()));
  let running = false;
  const play = async () => {
    if (running) return;
    running = true;
    delete document.body.dataset.example;
    chain.delete();
    chain = M.NuggetChain.create(20);
    let view = JSON.parse(chain.view());
    board.show(view);
    say($('fig-nugget-say'), 'From the start: P, then 5, then L.');
    const ms = 500 * ANIM;
    const played = [];
    for (const l of ['P', '5', 'L']) {
      await sleep(1.4 * ms);
      board.markLabel(l);
      await sleep(0.8 * ms);
      const r = JSON.parse(chain.push(l));
      if (!r.ok) throw new Error(`the engine refused ${l}: ${r.reason}`);
      const next = JSON.parse(chain.view());
      await board.move(view, next, ms);
      view = next;
      played.push(r.move);
      say($('fig-nugget-say'), `Pushed ${played.join(', ')} (label and the white tile's cell).`);
    }
    board.markLabel(null);
    document.body.dataset.example = view.tiles.join(' ');
    running = false;
  };
  $('fig-nugget-play').onclick = play;
  play(); // once on opening (at once, without sliding, under reduced motion)
}

// The goal and a worked solution: a board of the best known chain (board 2
// of route.jcgn, made from results/submission-200.jcgn at build time),
// solved push by push by the engine: each push named and said in words.
async function solveFigure() {
  const M = await nugget.module;
  const res = await fetch('route.jcgn');
  if (!res.ok) return void ($('fig-solve-say').textContent = 'The worked solution is not in this copy of the pages.');
  const replay = new M.Replay(await res.text());
  const b = replay.boards() >= 2 ? 2 : 1;
  const moves = JSON.parse(replay.movesOf(b));
  const board = new NuggetBoard($('fig-solve'));
  let k = 0;
  let view = JSON.parse(replay.at(b, 0));
  board.show(view);
  say($('fig-solve-say'), `A worked solution: this board (face ${view.face}) is solved in ${moves.length} pushes: ${moves.join(' ')}. Next: ${moves[0]}.`);
  const step = async () => {
    if (k >= moves.length) k = 0, (view = JSON.parse(replay.at(b, 0))), board.show(view);
    const next = JSON.parse(replay.at(b, ++k));
    board.markLabel(null);
    await board.move(view, next, 400 * ANIM);
    view = next;
    const m = moves[k - 1];
    say($('fig-solve-say'), k < moves.length
      ? `Push ${k} of ${moves.length}: ${m}, at ${m[0]}, moves ${m[1]} cells. Next: ${moves[k]}.`
      : `Push ${k} of ${moves.length}: ${m}. Solved: the 25 coloured tiles stand in one-colour stripes in the middle square.`);
    if (k < moves.length) board.markLabel(moves[k][0]);
    document.body.dataset.solveStep = k;
  };
  board.markLabel(moves[0][0]);
  $('fig-solve-step').onclick = step;
  $('fig-solve-all').onclick = () => {
    k = moves.length;
    view = JSON.parse(replay.at(b, k));
    board.markLabel(null);
    board.show(view);
    say($('fig-solve-say'), `Solved in ${moves.length} pushes: the 25 coloured tiles stand in one-colour stripes in the middle square.`);
    document.body.dataset.solveStep = k;
  };
  document.body.dataset.solveSolved = JSON.parse(replay.at(b, moves.length)).solved;
}

await Promise.all([placementFigures(), nuggetFigure(), solveFigure()]);
document.body.dataset.ready = '1';
