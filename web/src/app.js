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
import { animate, everyFrame, sleep, loadEngine, ask as askWorker, download, readText, say, strengthWords, thinkWords, cap, levelOptions, levelOf, keyboardCursor, REDUCED_MOTION } from './common.js';

const params = new URLSearchParams(location.search);
// Reduced motion: moves are shown at once and the end is a short fade, but
// a CPU move still waits the time its slide would have taken (PACE), so a
// person can follow a game of CPUs.
const PACE = Math.max(0.01, Number(params.get('anim') ?? 1));
const ANIM = REDUCED_MOTION ? 0.01 : PACE;
const END_MS = REDUCED_MOTION ? 300 : 2200;
const $ = (id) => document.getElementById(id);
const squareName = (c, r) => String.fromCharCode(65 + c) + (r + 1); // may name a square off the board
const cellXY = (cell) => [(cell % 10) * 10 + 5, (9 - Math.floor(cell / 10)) * 10 + 5];
const cellOf = (name) => (name.charCodeAt(0) - 65) + (Number(name.slice(1)) - 1) * 10;

// The page's whole mutable state, in one place.
const state = {
  M: null, // the wasm module, once loaded (common.js loadEngine)
  seats: ['human', 'cpu', 'cpu', 'cpu', 'cpu'], // the setup: who plays each colour, in colour order
  levels: [], // the CPU levels of the registry (M.levels()), level 1 first
  // The game on the board:
  game: null, // RingsGame, or null before the first game and after stopGame()
  view: null, // game's last view(): what is drawn
  generation: 0, // bumped by a new game or stopGame(): older async steps stop
  worker: null, // the CPU players' worker of the current game (worker.js)
  settings: null, // the setup the game started with: {seats, strength, timeMs}
  waitingHuman: false, // a human is to move: the board takes clicks and keys
  layers: null, // the board's SVG groups and elements: {bg, hints, trails, ringsG, ringEls, cur, trailEls}
  replay: null, // a record being replayed: { text, moves, at, timer }, or null
};


// ------------------------------------------------------------ screens
function show(screen) {
  for (const s of document.querySelectorAll('.screen')) s.hidden = s.id !== screen;
  document.body.dataset.screen = screen;
}

// Everything the game needs is fetched once (common.js loadEngine):
// afterwards new games and new workers need no network (offline).
const engine = loadEngine('rings', 'createRings');
const makeWorker = engine.worker;
const ready = engine.module.then((m) => {
  state.M = m;
  fillLevels();
  window.__readyMs = performance.now(); // the engine is loaded: time to first interaction
  return m;
});
window.__cpuMs = []; // each CPU move's thinking time, as the worker measured it

// Title: the word RINGS turning into the rings and back.
everyFrame(startWordMorph($('word'), () => performance.now(), REDUCED_MOTION ? 0 : 2));
$('to-setup').onclick = () => show('setup');

// ------------------------------------------------------------ setup
function drawSeats() {
  const box = $('seats');
  box.textContent = '';
  state.seats.forEach((who, p) => {
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
      state.seats[p] = state.seats[p] === 'human' ? 'cpu' : 'human';
      drawSeats();
    };
    row.appendChild(b);
    box.appendChild(row);
  });
  const humans = state.seats.filter((s) => s === 'human').length;
  $('seat-note').textContent = humans ? `${humans} human${humans > 1 ? 's' : ''}, ${5 - humans} CPU` : 'No humans: watch five CPUs play.';
  // A level thinks its own time a move, the quick player a playout budget.
  $('time').disabled = $('strength').value === 'quick' || Boolean(chosenLevel());
  const l = chosenLevel();
  $('strength-about').textContent = l
    ? `Level ${l.level} of ${state.levels.length}, ${thinkWords(l.kind, l.timeMs)}: ${strengthWords(l.strength)}.`
    : 'Custom: not measured as the levels are.';
}
$('strength').onchange = drawSeats;

// The CPU levels: the registry's (M.levels: solver/registry/games.h, the
// CLI's `games play --game rings --level N`), each with the strength the
// five-player matches measured; the page keeps no copy. They fill the
// select's first group; the custom players stay in the second.
const DEFAULT_LEVEL = 'level:2'; // MCTS 10 ms: quick, and far above random
// The custom players in a player's words (MCTS: quick games played out in
// its head; paranoid alpha-beta: looking ahead as if all others were against it).
const KIND = { mcts: 'plays quick games out in its head', paranoid: 'looks ahead as if all the others played against it' };
function fillLevels() {
  state.levels = JSON.parse(state.M.levels());
  levelOptions($('levels'), state.levels);
  // Picked unless the setup was already changed while the engine loaded.
  if (!$('strength').dataset.touched) $('strength').value = DEFAULT_LEVEL;
  drawSeats();
}
$('strength').addEventListener('input', () => ($('strength').dataset.touched = '1'));
function chosenLevel() {
  return levelOf($('strength').value ?? '', state.levels);
}
drawSeats();
$('start').onclick = () => newGame();
$('again').onclick = () => {
  stopGame();
  show('setup');
};

// ------------------------------------------------------------ the game
const board = $('board');

function cpuLimits() {
  const s = state.settings.strength;
  if (s.startsWith('level:')) return { level: levelOf(s, state.levels) };
  if (s === 'quick') return { kind: 'mcts', timeMs: 0, playouts: 1000 };
  return { kind: s === 'strong' ? 'mcts' : 'paranoid', timeMs: state.settings.timeMs, playouts: 0 };
}

function stopGame() {
  state.generation++;
  state.waitingHuman = false;
  if (state.worker) state.worker.terminate();
  state.worker = null;
  delete document.body.dataset.thinking;
  delete document.body.dataset.waiting;
  delete document.body.dataset.over;
  stopReplay();
  if (state.game) state.game.delete();
  state.game = null;
  $('see-board').hidden = true;
  $('replay-game').hidden = true;
  $('see-board').setAttribute('aria-pressed', 'false');
  $('see-board').textContent = 'Show the final board';
}

async function newGame() {
  await ready;
  stopGame();
  const gen = state.generation;
  state.settings = { seats: [...state.seats], strength: $('strength').value, timeMs: Number($('time').value) };
  const seed = params.has('seed') ? Number(params.get('seed')) >>> 0 : crypto.getRandomValues(new Uint32Array(1))[0];
  state.game = new state.M.RingsGame(seed);
  state.view = JSON.parse(state.game.view());
  state.worker = await makeWorker();
  if (gen !== state.generation) return;
  show('game');
  $('end').hidden = true;
  $('reason').textContent = '';
  $('info').textContent = `Game no. ${seed}. CPU: ${describeCpu()}.`;
  buildBoard();
  render();
  await drawOrder(gen);
  if (gen !== state.generation) return;
  if (state.settings.seats.includes('human')) board.focus({ preventScroll: true });
  loop(gen);
}

function describeCpu() {
  const l = cpuLimits();
  if (l.level) return `Level ${l.level.level} of ${state.levels.length}, ${thinkWords(l.level.kind, l.level.timeMs)}`;
  return l.playouts ? `quick player, ${l.playouts.toLocaleString('en')} games played out a move` : `${KIND[l.kind]}, ${l.timeMs / 1000} s a move`;
}

// The drawn order, shown as the computer draws it: the chips shuffle, then
// settle into the engine's order (State::newGame(seed)).
function orderChips() {
  return state.view.order.map((p) => {
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
    if (gen !== state.generation) return;
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
  state.layers = { bg, hints, trails, ringsG, ringEls, cur, trailEls: new Map() };
}

function placeRing(p, x, y, scale = 1) {
  const g = state.layers.ringEls[p];
  g.setAttribute('visibility', 'visible');
  g.setAttribute('transform', `translate(${x} ${y}) scale(${scale})`);
}

// Draws `view`: trails (new ones grow in), rings, eliminated marks, hints.
function render(skipRing = -1) {
  const cells = state.view.cells;
  for (let i = 0; i < 100; i++) {
    const ch = cells[i];
    if (ch >= 'a' && ch <= 'z' && !state.layers.trailEls.has(i)) {
      const p = LETTERS.indexOf(ch.toUpperCase());
      const [x, y] = cellXY(i);
      const c = el('circle', { cx: x, cy: y, r: 3.1, fill: COLOURS[p], class: 'trail grow', 'data-colour': NAMES[p] }, state.layers.trails);
      state.layers.trailEls.set(i, c);
    }
  }
  for (const [i, c] of state.layers.trailEls) // a replay stepping back
    if (!(cells[i] >= 'a' && cells[i] <= 'z')) {
      c.remove();
      state.layers.trailEls.delete(i);
    }
  state.view.rings.forEach((cell, p) => {
    state.layers.ringEls[p].classList.toggle('out', !!state.view.eliminated[p]);
    if (cell >= 0 && p !== skipRing) placeRing(p, ...cellXY(cell));
    if (cell < 0) state.layers.ringEls[p].setAttribute('visibility', 'hidden');
  });
  for (const li of $('order').children) {
    const p = NAMES.indexOf(li.dataset.colour);
    li.classList.toggle('turn', p === state.view.toMove);
    li.classList.toggle('out', !!state.view.eliminated[p]);
    li.querySelector('.pts').textContent = state.view.scores[p];
  }
  drawHints();
}

function drawHints() {
  state.layers.hints.textContent = '';
  if (!state.waitingHuman) return;
  const colour = COLOURS[state.view.toMove];
  for (const sq of state.view.legal) {
    const [x, y] = cellXY(cellOf(sq));
    if (state.view.phase === 'place') el('circle', { cx: x, cy: y, r: 1.1, fill: colour, class: 'hint', 'data-sq': sq }, state.layers.hints);
    else el('circle', { cx: x, cy: y, r: 3.7, stroke: colour, class: 'hint target', 'data-sq': sq }, state.layers.hints);
  }
}

function setStatus(text) {
  $('status').textContent = text;
}

// A player's name: "Blue (you)" when one human plays the CPUs; in a
// hot-seat game the humans are told apart by colour alone ("Blue", "Red"),
// the CPUs marked "(CPU)"; in a replayed record, the colour.
function who(p) {
  const humans = state.settings.seats.filter((s) => s === 'human').length;
  if (state.settings.seats[p] === 'human') return cap(NAMES[p]) + (humans === 1 ? ' (you)' : '');
  if (state.settings.seats[p] === 'cpu' && humans > 1) return cap(NAMES[p]) + ' (CPU)';
  return cap(NAMES[p]);
}

async function loop(gen) {
  while (gen === state.generation && state.view.phase !== 'over') {
    const p = state.view.toMove;
    if (state.settings.seats[p] === 'human') {
      state.waitingHuman = true;
      document.body.dataset.waiting = NAMES[p];
      const n = state.view.legal.length;
      setStatus(`${who(p)}: ${state.view.phase === 'place' ? 'place your ring' : `jump to a marked square (${n})`}`);
      drawHints();
      return; // attempt() continues the loop
    }
    setStatus(`${cap(NAMES[p])} is thinking…`);
    document.body.dataset.thinking = '1';
    const answer = await ask(gen);
    delete document.body.dataset.thinking;
    if (gen !== state.generation) return;
    if (answer.error) throw new Error(answer.error);
    window.__cpuMs.push(answer.ms);
    $('info').textContent = `Last CPU move: ${answer.move}` + (answer.kind === 'random' ? ', at random' : answer.kind === 'mcts' && answer.playouts <= 1 ? ', at once: the move was clear'
      : ` in ${(answer.ms / 1000).toFixed(2)} s, ` + (answer.playouts ? `after playing ${answer.playouts.toLocaleString('en')} quick games out in its head` : `looking ${answer.depth} moves ahead`)) +
      `. ${describeCpu()}.`;
    await playMove(answer.move, gen);
    await sleep(160 * ANIM + (REDUCED_MOTION ? 720 * PACE : 0)); // the slide's time, kept as a pause
  }
  if (gen === state.generation && state.view.phase === 'over') endGame(gen);
}

function ask(gen) {
  const seed = (state.game.seed() * 7919 + state.game.ply()) >>> 0;
  const l = cpuLimits();
  const answer = l.level
    ? askWorker(state.worker, 'thinkLevel', [state.game.position(), l.level.level, seed])
    : askWorker(state.worker, 'think', [state.game.position(), l.kind, l.timeMs, l.playouts, seed]);
  return answer.then((a) => (gen === state.generation ? a : { error: null }));
}

// Plays a move the engine has accepted (check() was ""), animated.
async function playMove(sq, gen) {
  const before = state.view;
  const p = before.toMove;
  const why = state.game.play(sq);
  if (why) throw new Error(`engine refused ${sq}: ${why}`);
  state.view = JSON.parse(state.game.view());
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
  if (gen !== state.generation) return;
  placeRing(p, ...to);
  const out = state.view.eliminated.map((e, q) => (e && !before.eliminated[q] ? q : -1)).filter((q) => q >= 0);
  if (out.length) {
    setStatus(out.map((q) => `${cap(NAMES[q])} has no move and is out`).join('; '));
    await sleep(700 * ANIM);
  }
}

// A human's square: the engine accepts it or says why not.
async function attempt(sq) {
  if (!state.game || state.view.phase === 'over' || state.replay) return;
  if (!state.waitingHuman) {
    $('reason').textContent = `Wait: it is ${cap(NAMES[state.view.toMove])}'s turn.`;
    return;
  }
  const why = state.game.check(sq);
  if (why) {
    $('reason').textContent = cap(why) + '.';
    flash(sq);
    return;
  }
  state.waitingHuman = false;
  delete document.body.dataset.waiting;
  drawHints();
  const gen = state.generation;
  await playMove(sq, gen);
  if (gen === state.generation) loop(gen);
}

function flash(sq) {
  const r = state.layers.bg.querySelector(`[data-sq="${sq}"]`);
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
  const ch = state.view.cells[cell];
  let what = 'empty';
  if (ch !== '.') {
    const p = LETTERS.indexOf(ch.toUpperCase());
    what = ch === ch.toUpperCase() ? `the ${NAMES[p]} ring${state.view.eliminated[p] ? ', out' : ''}` : `a ${NAMES[p]} trail`;
  }
  let legal = '';
  if (state.waitingHuman) legal = state.view.legal.includes(sq) ? (state.view.phase === 'place' ? ', you can place here' : ', you can jump here') : ', not a legal target';
  return `${sq}, ${what}${legal}`;
}
keyboardCursor(board, {
  size: () => 10,
  rect: () => state.layers.cur,
  xy: cellXY,
  describe: (cell) => (state.view ? describeSquare(cell) : ''),
  act: (cell) => attempt(squareName(cell % 10, Math.floor(cell / 10))),
  region: () => $('cursor-say'),
  ready: () => Boolean(state.layers),
  start: 45,
});

// ------------------------------------------------------------ the end
async function endGame(gen) {
  state.waitingHuman = false;
  drawHints();
  state.layers.cur.setAttribute('visibility', 'hidden');
  const w = state.view.winner;
  setStatus(`${who(w)} wins`);
  document.body.dataset.over = '1';
  scoreTable();
  $('winner').textContent = resultWords(w);
  $('winner').style.setProperty('--c', COLOURS[w]); // a bar in the winner's colour; the text stays dark on white
  await sleep(500 * ANIM);
  if (gen !== state.generation) return;
  await mosaicToRings(gen);
  if (gen !== state.generation) return;
  $('end').hidden = false;
  const word = $('endword');
  word.textContent = '';
  everyFrame(startWordMorph(word, () => performance.now(), REDUCED_MOTION ? 0 : 1));
}

// The result, to the player when one person plays against CPUs: "You won
// with 41 points!", or the place taken and the winner.
function resultWords(w) {
  const humans = state.settings.seats.map((s, p) => (s === 'human' ? p : -1)).filter((p) => p >= 0);
  const plain = `${cap(NAMES[w])} wins with ${state.view.scores[w]} points`;
  if (humans.length !== 1) return plain;
  const me = humans[0];
  if (me === w) return `You won with ${state.view.scores[w]} points!`;
  const place = 1 + state.view.order.filter((p) => state.view.scores[p] > state.view.scores[me]).length;
  return `You lost: ${['', '1st', '2nd', '3rd', '4th', '5th'][place]} place with ${state.view.scores[me]} points. ${plain}.`;
}

// Score table: squares held, the winner's share of the empty squares, total.
function scoreTable() {
  const t = $('scores');
  const w = state.view.winner;
  let rows = '<tr><th>Player</th><th>Squares</th><th>Empty</th><th>Total</th></tr>';
  for (const p of state.view.order) {
    const empty = p === w ? state.view.empty : 0;
    rows += `<tr class="${p === w ? 'win' : ''}" data-colour="${NAMES[p]}"><td><span class="dot" style="--c:${COLOURS[p]}"></span>${cap(NAMES[p])}</td>` +
      `<td>${state.view.scores[p] - empty}</td><td>${empty}</td><td class="total">${state.view.scores[p]}</td></tr>`;
  }
  const sum = state.view.scores.reduce((a, b) => a + b, 0);
  rows += `<tr class="sum"><td>All</td><td>${100 - state.view.empty}</td><td>${state.view.empty}</td><td class="total">${sum}</td></tr>`;
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
    const ch = state.view.cells[i];
    if (ch === '.') continue;
    const p = LETTERS.indexOf(ch.toUpperCase());
    const [x, y] = cellXY(i);
    dots.push({ p, x, y, e: el('circle', { cx: x, cy: y, r: 3.1, fill: COLOURS[p] }, fly) });
  }
  state.layers.trails.setAttribute('opacity', 0);
  state.layers.ringsG.setAttribute('display', 'none');
  state.layers.hints.setAttribute('display', 'none');
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
  state.layers.olympic = rings;
  const t0 = performance.now();
  await animate(END_MS, (t) => {
    const u = ease(t);
    for (const d of dots) {
      d.e.setAttribute('cx', d.x + (d.tx - d.x) * u);
      d.e.setAttribute('cy', d.y + (d.ty - d.y) * u);
      d.e.setAttribute('r', 3.1 + (RING_W * 0.62 - 3.1) * u);
    }
    state.layers.bg.setAttribute('opacity', 1 - u);
    const v = Math.max(0, (t - 0.6) / 0.4);
    rings.setAttribute('opacity', v);
    fly.setAttribute('opacity', 1 - v * v);
  });
  if (gen !== state.generation) return;
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
  if (!state.layers?.olympic) return;
  state.layers.olympic.setAttribute('display', on ? 'none' : 'inline');
  state.layers.bg.setAttribute('opacity', on ? 1 : 0);
  state.layers.trails.setAttribute('opacity', on ? 1 : 0);
  state.layers.ringsG.setAttribute('display', on ? 'inline' : 'none');
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
function recordUpTo(text, k) {
  return text.split('\n').map((l) => (/^\s*moves\b/.test(l) ? 'moves ' + state.replay.moves.slice(0, k).join(' ') : l)).join('\n');
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
$('replay-game').onclick = () => state.game && startReplay(state.game.record(), 'this game');

function startReplay(text, name) {
  const g = state.M.RingsGame.fromRecord(text);
  if (!g) return void ($('load-error').textContent = `${name}: ${state.M.lastError()}`);
  $('load-error').textContent = '';
  const moves = JSON.parse(g.view()).moves;
  g.delete();
  stopGame();
  state.settings = { seats: Array(5).fill('record'), strength: 'quick', timeMs: 0 };
  state.replay = { text, moves, at: 0, timer: 0, name };
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
  k = Math.max(0, Math.min(state.replay.moves.length, k));
  state.game?.delete();
  state.game = state.M.RingsGame.fromRecord(recordUpTo(state.replay.text, k));
  state.view = JSON.parse(state.game.view());
  state.replay.at = k;
  if (!state.layers || k === 0) buildBoard();
  render();
  replayShown();
}
function replayShown() {
  const k = state.replay.at;
  $('r-at').textContent = `Move ${k} of ${state.replay.moves.length}`;
  setStatus(k ? `Move ${k}: ${state.view.moves[k - 1]}` : 'The start: empty board');
  const over = state.view.phase === 'over';
  $('end').hidden = !over;
  if (over) {
    scoreTable();
    const w = state.view.winner;
    $('winner').textContent = `${cap(NAMES[w])} wins with ${state.view.scores[w]} points`;
    $('winner').style.setProperty('--c', COLOURS[w]);
    setStatus(`${cap(NAMES[w])} wins`);
  }
  document.body.dataset.replayAt = k;
}
async function replayStep() {
  if (!state.replay || state.replay.at >= state.replay.moves.length) return false;
  const gen = state.generation;
  await playMove(state.replay.moves[state.replay.at], gen);
  if (gen !== state.generation || !state.replay) return false;
  state.replay.at++;
  render();
  replayShown();
  return true;
}
function stopReplay() {
  if (state.replay?.timer) clearTimeout(state.replay.timer);
  state.replay = null;
  delete document.body.dataset.replay;
  $('replay-bar').hidden = true;
  $('r-play').textContent = 'Play';
}
function pauseReplay() {
  if (state.replay?.timer) clearTimeout(state.replay.timer);
  if (state.replay) state.replay.timer = 0;
  $('r-play').textContent = 'Play';
}
$('r-first').onclick = () => state.replay && (pauseReplay(), replayTo(0));
$('r-last').onclick = () => state.replay && (pauseReplay(), replayTo(state.replay.moves.length));
$('r-back').onclick = () => state.replay && (pauseReplay(), replayTo(state.replay.at - 1));
$('r-fwd').onclick = () => state.replay && (pauseReplay(), replayStep());
$('r-play').onclick = () => {
  if (!state.replay) return;
  if (state.replay.timer) return pauseReplay();
  if (state.replay.at >= state.replay.moves.length) replayTo(0);
  $('r-play').textContent = 'Pause';
  const on = async () => {
    if (!state.replay?.timer) return;
    if (!(await replayStep())) return pauseReplay();
    if (state.replay?.timer) state.replay.timer = setTimeout(on, 500 * ANIM);
  };
  state.replay.timer = setTimeout(on, 0);
};

// ------------------------------------------------------------ export
$('export').onclick = () => {
  if (state.game) download(`5rings-seed-${state.game.seed()}.txt`, state.game.record());
};
window.__record = () => (state.game ? state.game.record() : '');
window.__view = () => state.view;
window.__levels = () => state.levels; // the registry's levels, as the picker shows them
