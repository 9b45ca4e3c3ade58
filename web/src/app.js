// The 5RINGS page. It draws what the engine (rings.js/rings.wasm, the C++
// engine through web/wasm/rings.cpp) says and sends it the squares clicked;
// the CPU players think in worker.js. No rule is decided here: legal
// targets, refusals and their reasons, eliminations, scores all come from
// RingsGame.view()/check()/play().
//
// URL parameters (for embedding and tests): seed=N fixes the drawn order and
// the quick CPU's choices; anim=F scales the move animations (0.2 = five
// times faster; the end animation always takes its full 2.2 s).
import { COLOURS, NAMES, LETTERS, RING_CENTRES, RING_R, RING_W, el, ease, startWordMorph, drawRings } from './art.js';
import { animate, everyFrame, sleep, loadEngine, ask as askWorker, download, readText, say, strengthWords, thinkWords, keyboardCursor, REDUCED_MOTION } from './common.js';

const params = new URLSearchParams(location.search);
// Reduced motion: moves are shown at once and the end is a short fade, but
// a CPU move still waits the time its slide would have taken (PACE), so a
// person can follow a game of CPUs.
const PACE = Math.max(0.01, Number(params.get('anim') ?? 1));
const ANIM = REDUCED_MOTION ? 0.01 : PACE;
const END_MS = REDUCED_MOTION ? 300 : 2200;
const $ = (id) => document.getElementById(id);
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const squareName = (c, r) => String.fromCharCode(65 + c) + (r + 1); // may name a square off the board
const cellXY = (cell) => [(cell % 10) * 10 + 5, (9 - Math.floor(cell / 10)) * 10 + 5];
const cellOf = (name) => (name.charCodeAt(0) - 65) + (Number(name.slice(1)) - 1) * 10;


// ------------------------------------------------------------ screens
function show(screen) {
  for (const s of document.querySelectorAll('.screen')) s.hidden = s.id !== screen;
  document.body.dataset.screen = screen;
}

let M = null; // the wasm module
// Everything the game needs is fetched once (common.js loadEngine):
// afterwards new games and new workers need no network (offline).
const engine = loadEngine('rings', 'createRings');
const makeWorker = engine.worker;
const ready = engine.module.then((m) => {
  M = m;
  fillLevels();
  window.__readyMs = performance.now(); // the engine is loaded: time to first interaction
  return m;
});
window.__cpuMs = []; // each CPU move's thinking time, as the worker measured it

// Title: the word RINGS turning into the rings and back.
everyFrame(startWordMorph($('word'), () => performance.now(), REDUCED_MOTION ? 0 : 2));
$('to-setup').onclick = () => show('setup');

// ------------------------------------------------------------ setup
const seats = ['human', 'cpu', 'cpu', 'cpu', 'cpu']; // by colour
function drawSeats() {
  const box = $('seats');
  box.textContent = '';
  seats.forEach((who, p) => {
    const row = document.createElement('div');
    row.className = 'seat';
    row.style.setProperty('--c', COLOURS[p]);
    row.innerHTML = `<span class="dot"></span><span class="name">${cap(NAMES[p])}</span>`;
    const b = document.createElement('button');
    b.className = 'who ' + who;
    b.dataset.colour = NAMES[p];
    b.textContent = who === 'human' ? 'Human' : 'CPU';
    b.setAttribute('aria-label', `${NAMES[p]}: ${b.textContent}, change`);
    b.onclick = () => {
      seats[p] = seats[p] === 'human' ? 'cpu' : 'human';
      drawSeats();
    };
    row.appendChild(b);
    box.appendChild(row);
  });
  const humans = seats.filter((s) => s === 'human').length;
  $('seat-note').textContent = humans ? `${humans} human${humans > 1 ? 's' : ''}, ${5 - humans} CPU` : 'No humans: watch five CPUs play.';
  // A level thinks its own time a move, the quick player a playout budget.
  $('time').disabled = $('strength').value === 'quick' || Boolean(chosenLevel());
  const l = chosenLevel();
  $('strength-about').textContent = l
    ? `Level ${l.level} of ${levels.length}, ${thinkWords(l.kind, l.timeMs)}: ${strengthWords(l.strength)}.`
    : 'Custom: not measured as the levels are.';
}
$('strength').onchange = drawSeats;

// The CPU levels: the registry's (M.levels: solver/registry/games.h, the
// CLI's `games play --game rings --level N`), each with the strength the
// five-player matches measured; the page keeps no copy. They fill the
// select's first group; the custom players stay in the second.
let levels = [];
const DEFAULT_LEVEL = 'level:2'; // MCTS 10 ms: quick, and far above random
// The custom players in a player's words (MCTS: quick games played out in
// its head; paranoid alpha-beta: looking ahead as if all others were against it).
const KIND = { mcts: 'plays quick games out in its head', paranoid: 'looks ahead as if all the others played against it' };
function fillLevels() {
  levels = JSON.parse(M.levels());
  const group = $('levels');
  for (const l of levels) {
    const o = document.createElement('option');
    o.value = `level:${l.level}`;
    o.textContent = `Level ${l.level}: ${thinkWords(l.kind, l.timeMs)}`;
    group.appendChild(o);
  }
  // Picked unless the setup was already changed while the engine loaded.
  if (!$('strength').dataset.touched) $('strength').value = DEFAULT_LEVEL;
  drawSeats();
}
$('strength').addEventListener('input', () => ($('strength').dataset.touched = '1'));
function chosenLevel() {
  const v = ($('strength').value ?? '');
  return v.startsWith('level:') ? levels[Number(v.slice(6)) - 1] : null;
}
drawSeats();
$('start').onclick = () => newGame();
$('again').onclick = () => {
  stopGame();
  show('setup');
};

// ------------------------------------------------------------ the game
let game = null; // RingsGame
let view = null; // its last view()
let generation = 0; // a new game makes older async steps stop
let worker = null;
let settings = null;
let waitingHuman = false;
const board = $('board');
let layers = null;

function cpuLimits() {
  const s = settings.strength;
  if (s.startsWith('level:')) return { level: levels[Number(s.slice(6)) - 1] };
  if (s === 'quick') return { kind: 'mcts', timeMs: 0, playouts: 1000 };
  return { kind: s === 'strong' ? 'mcts' : 'paranoid', timeMs: settings.timeMs, playouts: 0 };
}

function stopGame() {
  generation++;
  waitingHuman = false;
  if (worker) worker.terminate();
  worker = null;
  delete document.body.dataset.thinking;
  delete document.body.dataset.waiting;
  delete document.body.dataset.over;
  stopReplay();
  if (game) game.delete();
  game = null;
  $('see-board').hidden = true;
  $('replay-game').hidden = true;
  $('see-board').setAttribute('aria-pressed', 'false');
  $('see-board').textContent = 'Show the final board';
}

async function newGame() {
  await ready;
  stopGame();
  const gen = generation;
  settings = { seats: [...seats], strength: $('strength').value, timeMs: Number($('time').value) };
  const seed = params.has('seed') ? Number(params.get('seed')) >>> 0 : crypto.getRandomValues(new Uint32Array(1))[0];
  game = new M.RingsGame(seed);
  view = JSON.parse(game.view());
  worker = await makeWorker();
  if (gen !== generation) return;
  show('game');
  $('end').hidden = true;
  $('reason').textContent = '';
  $('info').textContent = `Game no. ${seed}. CPU: ${describeCpu()}.`;
  buildBoard();
  render();
  await drawOrder(gen);
  if (gen !== generation) return;
  if (settings.seats.includes('human')) board.focus({ preventScroll: true });
  loop(gen);
}

function describeCpu() {
  const l = cpuLimits();
  if (l.level) return `Level ${l.level.level} of ${levels.length}, ${thinkWords(l.level.kind, l.level.timeMs)}`;
  return l.playouts ? `quick player, ${l.playouts.toLocaleString('en')} games played out a move` : `${KIND[l.kind]}, ${l.timeMs / 1000} s a move`;
}

// The drawn order, shown as the computer draws it: the chips shuffle, then
// settle into the engine's order (State::newGame(seed)).
function orderChips() {
  return view.order.map((p) => {
    const li = document.createElement('li');
    li.style.setProperty('--c', COLOURS[p]);
    li.dataset.colour = NAMES[p];
    const name = who(p), plain = cap(NAMES[p]);
    // "(you)" / "(CPU)" apart, so a narrow chip puts it on a line of its own, centred.
    li.innerHTML = `<span class="dot"></span><span class="name">${plain}${name === plain ? '' : `<span class="who-tag"> ${name.slice(plain.length + 1)}</span>`}</span><span class="pts"></span>`;
    li.querySelector('.name').insertAdjacentHTML('afterend', '<span class="out-tag">out</span>');
    return li;
  });
}
async function drawOrder(gen) {
  const ol = $('order');
  const chips = orderChips();
  ol.textContent = '';
  chips.forEach((c) => ol.appendChild(c));
  setStatus('Drawing the playing order…');
  document.body.dataset.drawing = '1';
  const shuffled = [...chips];
  for (let k = 0; k < 12; k++) {
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    shuffled.forEach((c) => ol.appendChild(c));
    await sleep(110 * ANIM);
    if (gen !== generation) return;
  }
  chips.forEach((c) => ol.appendChild(c));
  delete document.body.dataset.drawing;
  ol.classList.add('drawn');
}

function buildBoard() {
  board.textContent = '';
  board.removeAttribute('data-end');
  board.setAttribute('viewBox', BOARD_BOX);
  const bg = el('g', { class: 'bg' }, board);
  el('rect', { x: -0.6, y: -0.6, width: 101.2, height: 101.2, class: 'frame' }, bg);
  for (let r = 0; r < 10; r++)
    for (let c = 0; c < 10; c++) {
      const [x, y] = cellXY(r * 10 + c);
      el('rect', { x: x - 5, y: y - 5, width: 10, height: 10, class: (r + c) % 2 ? 'sq dark' : 'sq', 'data-sq': squareName(c, r) }, bg);
    }
  for (let i = 0; i < 10; i++) {
    el('text', { x: i * 10 + 5, y: 105.2, class: 'label' }, bg).textContent = String.fromCharCode(65 + i);
    el('text', { x: -4.4, y: (9 - i) * 10 + 6.4, class: 'label' }, bg).textContent = String(i + 1);
  }
  const hints = el('g', { class: 'hints' }, board);
  const trails = el('g', { class: 'trails' }, board);
  const ringsG = el('g', { class: 'rings' }, board);
  const ringEls = COLOURS.map((c, p) => {
    const g = el('g', { class: 'ring', 'data-colour': NAMES[p], visibility: 'hidden' }, ringsG);
    el('circle', { r: 3.7, class: 'ring-halo' }, g);
    el('circle', { r: 3.7, stroke: c, class: 'ring-body' }, g);
    el('path', { d: 'M-2.2 -2.2L2.2 2.2M2.2 -2.2L-2.2 2.2', class: 'ring-out', stroke: c }, g);
    return g;
  });
  const cur = el('rect', { width: 10, height: 10, class: 'cursor', visibility: 'hidden' }, board);
  layers = { bg, hints, trails, ringsG, ringEls, cur, trailEls: new Map() };
}

function placeRing(p, x, y, scale = 1) {
  const g = layers.ringEls[p];
  g.setAttribute('visibility', 'visible');
  g.setAttribute('transform', `translate(${x} ${y}) scale(${scale})`);
}

// Draws `view`: trails (new ones grow in), rings, eliminated marks, hints.
function render(skipRing = -1) {
  const cells = view.cells;
  for (let i = 0; i < 100; i++) {
    const ch = cells[i];
    if (ch >= 'a' && ch <= 'z' && !layers.trailEls.has(i)) {
      const p = LETTERS.indexOf(ch.toUpperCase());
      const [x, y] = cellXY(i);
      const c = el('circle', { cx: x, cy: y, r: 3.1, fill: COLOURS[p], class: 'trail grow', 'data-colour': NAMES[p] }, layers.trails);
      layers.trailEls.set(i, c);
    }
  }
  for (const [i, c] of layers.trailEls) // a replay stepping back
    if (!(cells[i] >= 'a' && cells[i] <= 'z')) {
      c.remove();
      layers.trailEls.delete(i);
    }
  view.rings.forEach((cell, p) => {
    layers.ringEls[p].classList.toggle('out', !!view.eliminated[p]);
    if (cell >= 0 && p !== skipRing) placeRing(p, ...cellXY(cell));
    if (cell < 0) layers.ringEls[p].setAttribute('visibility', 'hidden');
  });
  for (const li of $('order').children) {
    const p = NAMES.indexOf(li.dataset.colour);
    li.classList.toggle('turn', p === view.toMove);
    li.classList.toggle('out', !!view.eliminated[p]);
    li.querySelector('.pts').textContent = view.scores[p];
  }
  drawHints();
}

function drawHints() {
  layers.hints.textContent = '';
  if (!waitingHuman) return;
  const colour = COLOURS[view.toMove];
  for (const sq of view.legal) {
    const [x, y] = cellXY(cellOf(sq));
    if (view.phase === 'place') el('circle', { cx: x, cy: y, r: 1.1, fill: colour, class: 'hint', 'data-sq': sq }, layers.hints);
    else el('circle', { cx: x, cy: y, r: 3.7, stroke: colour, class: 'hint target', 'data-sq': sq }, layers.hints);
  }
}

function setStatus(text) {
  $('status').textContent = text;
}

// A player's name: "Blue (you)" when one human plays the CPUs; in a
// hot-seat game the humans are told apart by colour alone ("Blue", "Red"),
// the CPUs marked "(CPU)"; in a replayed record, the colour.
function who(p) {
  const humans = settings.seats.filter((s) => s === 'human').length;
  if (settings.seats[p] === 'human') return cap(NAMES[p]) + (humans === 1 ? ' (you)' : '');
  if (settings.seats[p] === 'cpu' && humans > 1) return cap(NAMES[p]) + ' (CPU)';
  return cap(NAMES[p]);
}

async function loop(gen) {
  while (gen === generation && view.phase !== 'over') {
    const p = view.toMove;
    if (settings.seats[p] === 'human') {
      waitingHuman = true;
      document.body.dataset.waiting = NAMES[p];
      const n = view.legal.length;
      setStatus(`${who(p)}: ${view.phase === 'place' ? 'place your ring' : `jump to a marked square (${n})`}`);
      drawHints();
      return; // attempt() continues the loop
    }
    setStatus(`${cap(NAMES[p])} is thinking…`);
    document.body.dataset.thinking = '1';
    const answer = await ask(gen);
    delete document.body.dataset.thinking;
    if (gen !== generation) return;
    if (answer.error) throw new Error(answer.error);
    window.__cpuMs.push(answer.ms);
    $('info').textContent = `Last CPU move: ${answer.move}` + (answer.kind === 'random' ? ', at random' : answer.kind === 'mcts' && answer.playouts <= 1 ? ', at once: the move was clear'
      : ` in ${(answer.ms / 1000).toFixed(2)} s, ` + (answer.playouts ? `after playing ${answer.playouts.toLocaleString('en')} quick games out in its head` : `looking ${answer.depth} moves ahead`)) +
      `. ${describeCpu()}.`;
    await playMove(answer.move, gen);
    await sleep(160 * ANIM + (REDUCED_MOTION ? 720 * PACE : 0)); // the slide's time, kept as a pause
  }
  if (gen === generation && view.phase === 'over') endGame(gen);
}

function ask(gen) {
  const seed = (game.seed() * 7919 + game.ply()) >>> 0;
  const l = cpuLimits();
  const answer = l.level
    ? askWorker(worker, 'thinkLevel', [game.position(), l.level.level, seed])
    : askWorker(worker, 'think', [game.position(), l.kind, l.timeMs, l.playouts, seed]);
  return answer.then((a) => (gen === generation ? a : { error: null }));
}

// Plays a move the engine has accepted (check() was ""), animated.
async function playMove(sq, gen) {
  const before = view;
  const p = before.toMove;
  const why = game.play(sq);
  if (why) throw new Error(`engine refused ${sq}: ${why}`);
  view = JSON.parse(game.view());
  const to = cellXY(cellOf(sq));
  $('reason').textContent = '';
  if (before.phase === 'place') {
    render(p);
    setStatus(`${who(p)} places on ${sq}`);
    await animate(300 * ANIM, (t) => placeRing(p, ...to, 1 + 1.4 * (1 - ease(t))));
  } else {
    const from = cellXY(before.rings[p]);
    render(p);
    setStatus(`${who(p)} jumps to ${sq}`);
    await animate(420 * ANIM, (t) => {
      const u = ease(t);
      placeRing(p, from[0] + (to[0] - from[0]) * u, from[1] + (to[1] - from[1]) * u, 1 + 0.55 * Math.sin(Math.PI * t));
    });
  }
  if (gen !== generation) return;
  placeRing(p, ...to);
  const out = view.eliminated.map((e, q) => (e && !before.eliminated[q] ? q : -1)).filter((q) => q >= 0);
  if (out.length) {
    setStatus(out.map((q) => `${cap(NAMES[q])} has no move and is out`).join('; '));
    await sleep(700 * ANIM);
  }
}

// A human's square: the engine accepts it or says why not.
async function attempt(sq) {
  if (!game || view.phase === 'over' || replay) return;
  if (!waitingHuman) {
    $('reason').textContent = `Wait: it is ${cap(NAMES[view.toMove])}'s turn.`;
    return;
  }
  const why = game.check(sq);
  if (why) {
    $('reason').textContent = cap(why) + '.';
    flash(sq);
    return;
  }
  waitingHuman = false;
  delete document.body.dataset.waiting;
  drawHints();
  const gen = generation;
  await playMove(sq, gen);
  if (gen === generation) loop(gen);
}

function flash(sq) {
  const r = layers.bg.querySelector(`[data-sq="${sq}"]`);
  if (!r) return;
  r.classList.remove('refused');
  void r.getBoundingClientRect();
  r.classList.add('refused');
}

function squareAt(ev) {
  const pt = board.createSVGPoint();
  pt.x = ev.clientX;
  pt.y = ev.clientY;
  const q = pt.matrixTransform(board.getScreenCTM().inverse());
  return squareName(Math.floor(q.x / 10), 9 - Math.floor(q.y / 10));
}
board.addEventListener('click', (ev) => attempt(squareAt(ev)));

// What a screen reader says of the cursor's square: its name, what stands
// on it, and whether the player to move may go there.
function describeSquare(cell) {
  const sq = squareName(cell % 10, Math.floor(cell / 10));
  const ch = view.cells[cell];
  let what = 'empty';
  if (ch !== '.') {
    const p = LETTERS.indexOf(ch.toUpperCase());
    what = ch === ch.toUpperCase() ? `the ${NAMES[p]} ring${view.eliminated[p] ? ', out' : ''}` : `a ${NAMES[p]} trail`;
  }
  let legal = '';
  if (waitingHuman) legal = view.legal.includes(sq) ? (view.phase === 'place' ? ', you can place here' : ', you can jump here') : ', not a legal target';
  return `${sq}, ${what}${legal}`;
}
keyboardCursor(board, {
  size: () => 10,
  rect: () => layers.cur,
  xy: cellXY,
  describe: (cell) => (view ? describeSquare(cell) : ''),
  act: (cell) => attempt(squareName(cell % 10, Math.floor(cell / 10))),
  region: () => $('cursor-say'),
  ready: () => Boolean(layers),
  start: 45,
});

// ------------------------------------------------------------ the end
async function endGame(gen) {
  waitingHuman = false;
  drawHints();
  layers.cur.setAttribute('visibility', 'hidden');
  const w = view.winner;
  setStatus(`${who(w)} wins`);
  document.body.dataset.over = '1';
  scoreTable();
  $('winner').textContent = resultWords(w);
  $('winner').style.setProperty('--c', COLOURS[w]); // a bar in the winner's colour; the text stays dark on white
  await sleep(500 * ANIM);
  if (gen !== generation) return;
  await mosaicToRings(gen);
  if (gen !== generation) return;
  $('end').hidden = false;
  const word = $('endword');
  word.textContent = '';
  everyFrame(startWordMorph(word, () => performance.now(), REDUCED_MOTION ? 0 : 1));
}

// The result, to the player when one person plays against CPUs: "You won
// with 41 points!", or the place taken and the winner.
function resultWords(w) {
  const humans = settings.seats.map((s, p) => (s === 'human' ? p : -1)).filter((p) => p >= 0);
  const plain = `${cap(NAMES[w])} wins with ${view.scores[w]} points`;
  if (humans.length !== 1) return plain;
  const me = humans[0];
  if (me === w) return `You won with ${view.scores[w]} points!`;
  const place = 1 + view.order.filter((p) => view.scores[p] > view.scores[me]).length;
  return `You lost: ${['', '1st', '2nd', '3rd', '4th', '5th'][place]} place with ${view.scores[me]} points. ${plain}.`;
}

// Score table: squares held, the winner's share of the empty squares, total.
function scoreTable() {
  const t = $('scores');
  const w = view.winner;
  let rows = '<tr><th>Player</th><th>Squares</th><th>Empty</th><th>Total</th></tr>';
  for (const p of view.order) {
    const empty = p === w ? view.empty : 0;
    rows += `<tr class="${p === w ? 'win' : ''}" data-colour="${NAMES[p]}"><td><span class="dot" style="--c:${COLOURS[p]}"></span>${cap(NAMES[p])}</td>` +
      `<td>${view.scores[p] - empty}</td><td>${empty}</td><td class="total">${view.scores[p]}</td></tr>`;
  }
  const sum = view.scores.reduce((a, b) => a + b, 0);
  rows += `<tr class="sum"><td>All</td><td>${100 - view.empty}</td><td>${view.empty}</td><td class="total">${sum}</td></tr>`;
  t.innerHTML = rows;
}

// The mosaic (every trail and ring, as coloured circles) flies into the five
// interlaced rings, each circle to its own colour's ring, in one continuous
// motion; the board fades out underneath.
async function mosaicToRings(gen) {
  board.dataset.end = 'morphing';
  const fly = el('g', { class: 'fly' }, board);
  const dots = [];
  for (let i = 0; i < 100; i++) {
    const ch = view.cells[i];
    if (ch === '.') continue;
    const p = LETTERS.indexOf(ch.toUpperCase());
    const [x, y] = cellXY(i);
    dots.push({ p, x, y, e: el('circle', { cx: x, cy: y, r: 3.1, fill: COLOURS[p] }, fly) });
  }
  layers.trails.setAttribute('opacity', 0);
  layers.ringsG.setAttribute('display', 'none');
  layers.hints.setAttribute('display', 'none');
  // Each colour's circles keep their angular order round their ring's centre.
  for (let p = 0; p < 5; p++) {
    const [cx, cy] = RING_CENTRES[p];
    const mine = dots.filter((d) => d.p === p);
    mine.forEach((d) => (d.a = Math.atan2(d.y - cy, d.x - cx)));
    mine.sort((a, b) => a.a - b.a);
    const a0 = mine.length ? mine[0].a : 0;
    mine.forEach((d, k) => {
      const a = a0 + (2 * Math.PI * k) / mine.length;
      d.tx = cx + RING_R * Math.cos(a);
      d.ty = cy + RING_R * Math.sin(a);
    });
  }
  const rings = drawRings(board);
  rings.setAttribute('opacity', 0);
  layers.olympic = rings;
  const t0 = performance.now();
  await animate(END_MS, (t) => {
    const u = ease(t);
    for (const d of dots) {
      d.e.setAttribute('cx', d.x + (d.tx - d.x) * u);
      d.e.setAttribute('cy', d.y + (d.ty - d.y) * u);
      d.e.setAttribute('r', 3.1 + (RING_W * 0.62 - 3.1) * u);
    }
    layers.bg.setAttribute('opacity', 1 - u);
    const v = Math.max(0, (t - 0.6) / 0.4);
    rings.setAttribute('opacity', v);
    fly.setAttribute('opacity', 1 - v * v);
  });
  if (gen !== generation) return;
  fly.remove();
  board.dataset.end = 'done';
  board.setAttribute('viewBox', RINGS_BOX);
  board.dataset.endMs = Math.round(performance.now() - t0);
  $('see-board').hidden = false;
  $('replay-game').hidden = false;
}

// The board's frame (the squares and their labels), and the five rings'
// own box when they stand alone at the end: the board then shrinks to it
// (style.css: #board[data-end=done]), so the rings sit in the middle of
// the frame instead of high in an empty square.
const BOARD_BOX = '-8 -2 110 110';
const RINGS_BOX = '6 24 88 52';

// After the rings: the final board again, and back to the rings.
function seeBoard(on) {
  if (!layers?.olympic) return;
  layers.olympic.setAttribute('display', on ? 'none' : 'inline');
  layers.bg.setAttribute('opacity', on ? 1 : 0);
  layers.trails.setAttribute('opacity', on ? 1 : 0);
  layers.ringsG.setAttribute('display', on ? 'inline' : 'none');
  board.dataset.end = on ? 'board' : 'done';
  board.setAttribute('viewBox', on ? BOARD_BOX : RINGS_BOX);
  $('see-board').textContent = on ? 'Show the rings' : 'Show the final board';
  $('see-board').setAttribute('aria-pressed', on);
}
$('see-board').onclick = () => seeBoard(board.dataset.end !== 'board');

// ------------------------------------------------------------ replay
// A record exported by this page (or written by hand: seed, order, moves)
// replayed move by move: RingsGame.fromRecord checks every move; stepping
// back rebuilds the game from the record cut after that move.
let replay = null; // { text, moves, at, timer }
function recordUpTo(text, k) {
  return text.split('\n').map((l) => (/^\s*moves\b/.test(l) ? 'moves ' + replay.moves.slice(0, k).join(' ') : l)).join('\n');
}
$('load-record').onchange = async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  const text = await readText(f);
  e.target.value = '';
  await ready;
  startReplay(text, f.name);
};
// The game just ended, move by move.
$('replay-game').onclick = () => game && startReplay(game.record(), 'this game');

function startReplay(text, name) {
  const g = M.RingsGame.fromRecord(text);
  if (!g) return void ($('load-error').textContent = `${name}: ${M.lastError()}`);
  $('load-error').textContent = '';
  const moves = JSON.parse(g.view()).moves;
  g.delete();
  stopGame();
  settings = { seats: Array(5).fill('record'), strength: 'quick', timeMs: 0 };
  replay = { text, moves, at: 0, timer: 0, name };
  document.body.dataset.replay = '1';
  show('game');
  $('replay-bar').hidden = false;
  $('reason').textContent = '';
  replayTo(0);
  const ol = $('order');
  ol.textContent = '';
  orderChips().forEach((c) => ol.appendChild(c));
  ol.classList.add('drawn');
  render();
  $('info').textContent = `Record ${name}: ${moves.length} moves.`;
  $('r-play').focus({ preventScroll: true });
}

function replayTo(k) {
  k = Math.max(0, Math.min(replay.moves.length, k));
  game?.delete();
  game = M.RingsGame.fromRecord(recordUpTo(replay.text, k));
  view = JSON.parse(game.view());
  replay.at = k;
  if (!layers || k === 0) buildBoard();
  render();
  replayShown();
}
function replayShown() {
  const k = replay.at;
  $('r-at').textContent = `Move ${k} of ${replay.moves.length}`;
  setStatus(k ? `Move ${k}: ${view.moves[k - 1]}` : 'The start: empty board');
  const over = view.phase === 'over';
  $('end').hidden = !over;
  if (over) {
    scoreTable();
    const w = view.winner;
    $('winner').textContent = `${cap(NAMES[w])} wins with ${view.scores[w]} points`;
    $('winner').style.setProperty('--c', COLOURS[w]);
    setStatus(`${cap(NAMES[w])} wins`);
  }
  document.body.dataset.replayAt = k;
}
async function replayStep() {
  if (!replay || replay.at >= replay.moves.length) return false;
  const gen = generation;
  await playMove(replay.moves[replay.at], gen);
  if (gen !== generation || !replay) return false;
  replay.at++;
  render();
  replayShown();
  return true;
}
function stopReplay() {
  if (replay?.timer) clearTimeout(replay.timer);
  replay = null;
  delete document.body.dataset.replay;
  $('replay-bar').hidden = true;
  $('r-play').textContent = 'Play';
}
function pauseReplay() {
  if (replay?.timer) clearTimeout(replay.timer);
  if (replay) replay.timer = 0;
  $('r-play').textContent = 'Play';
}
$('r-first').onclick = () => replay && (pauseReplay(), replayTo(0));
$('r-last').onclick = () => replay && (pauseReplay(), replayTo(replay.moves.length));
$('r-back').onclick = () => replay && (pauseReplay(), replayTo(replay.at - 1));
$('r-fwd').onclick = () => replay && (pauseReplay(), replayStep());
$('r-play').onclick = () => {
  if (!replay) return;
  if (replay.timer) return pauseReplay();
  if (replay.at >= replay.moves.length) replayTo(0);
  $('r-play').textContent = 'Pause';
  const on = async () => {
    if (!replay?.timer) return;
    if (!(await replayStep())) return pauseReplay();
    if (replay?.timer) replay.timer = setTimeout(on, 500 * ANIM);
  };
  replay.timer = setTimeout(on, 0);
};

// ------------------------------------------------------------ export
$('export').onclick = () => {
  if (game) download(`5rings-seed-${game.seed()}.txt`, game.record());
};
window.__record = () => (game ? game.record() : '');
window.__view = () => view;
window.__levels = () => levels; // the registry's levels, as the picker shows them
