// The JC Shock / JC Attract page: human against CPU or human against human.
// It draws what the engine (placement-engine.wasm, web/wasm/placement.cpp)
// says and sends it the squares clicked. No rule is decided here: legality,
// where the attracted pieces go, the winning pieces, the runs, the result
// all come from the C++ engine; the CPU is the CLI's alpha-beta or MCTS
// player in a worker (worker.js), at one of the game's levels (the
// registry's, as `games play --level N`, named by their measured strength)
// or as a custom player with the time per move chosen.
//
// URL parameters: game=shock|attract, anim=F scales the animations (0 = none).
import { loadEngine, ask, download, readText, sleep, animate, ease, svgEl, say, strengthWords, thinkWords, cap, levelOptions, levelOf, keyboardCursor, REDUCED_MOTION } from './common.js';

const params = new URLSearchParams(location.search);
const PACE = Math.max(0, Number(params.get('anim') ?? 1)); // the pause after a CPU move: kept under reduced motion
const ANIM = REDUCED_MOTION ? 0 : PACE; // the drop and the slides
const $ = (id) => document.getElementById(id);
const NAME = { o: 'white', x: 'black' };
// Board sizes the rules allow (RULES.md sections 3 and 4; the engine goes to 16).
const SIZES = { shock: [8, 9, 10, 11, 12, 13, 14, 15, 16], attract: [8, 10, 12, 14] };
const RULES = {
  shock: 'Place a piece on any empty square: every piece in its row and column moves one square toward it when the square on its way is free. When all pieces are placed, you are credited with the runs (3 or more in a line) of your opponent\'s pieces; the longest runs decide.',
  attract: 'Place a piece on any empty square: every piece in its row and column moves one square toward it when the square on its way is free. A piece whose four diagonal neighbours are opponent pieces is a winning piece: have more of them than your opponent and you win at once.',
};

const engine = loadEngine('placement-engine', 'createPlacement');
// The page's whole mutable state, in one place.
const state = {
  M: null, // the wasm module, once loaded (common.js loadEngine)
  gameName: params.get('game') === 'attract' ? 'attract' : 'shock', // the game of the tab shown
  levels: [], // that game's CPU levels (M.levels(gameName)), level 1 first
  levelsShown: false, // the levels were put in the CPU select once (a tab switch keeps the choice)
  kept: {}, // a game left unfinished by a tab switch, by game name: {game, size, white, black}
  // The game on the board:
  game: null, // ShockGame or AttractGame
  view: null, // game's last view(): what is drawn
  seats: null, // who plays each colour: {o: 'human'|'cpu', x: ...}
  generation: 0, // bumped by a new game: older async steps stop
  worker: null, // the CPU player's worker (worker.js)
  busy: false, // a move is being animated or the CPU is thinking
  pieceEls: new Map(), // page cell -> its piece's circle
  layers: null, // the board's SVG groups: {bg, pieces, marks}
};
const svg = $('p-board');

// ------------------------------------------------------------ setup
function pickGame(name) {
  state.gameName = name;
  $('p-title').textContent = name === 'shock' ? 'JC Shock' : 'JC Attract';
  document.title = $('p-title').textContent;
  document.body.dataset.game = name;
  for (const b of document.querySelectorAll('.tabs button')) b.setAttribute('aria-selected', b.dataset.game === name);
  const sel = $('p-size');
  sel.textContent = '';
  for (const n of SIZES[name]) {
    const o = document.createElement('option');
    o.value = n;
    o.textContent = `${n} x ${n}`;
    sel.appendChild(o);
  }
  $('p-rules').textContent = RULES[name];
  if (state.M) fillLevels();
  $('p-rules-link').href = `rules.html#${name}`;
  history.replaceState(null, '', `?game=${name}${params.has('anim') ? '&anim=' + params.get('anim') : ''}`);
}
// The Shock / Attract tabs: a game under way is kept when its tab is left
// (its board, moves, seats and size) and comes back, where it was, with its
// tab; the page says so. A game not begun or already over is not kept.
function switchGame(name) {
  if (name === state.gameName || !state.M) return;
  const left = state.gameName;
  if (state.game && !state.view.over && state.view.moves.length) {
    state.kept[left] = { game: state.game, size: $('p-size').value, white: $('p-white').value, black: $('p-black').value };
    state.generation++; // its CPU's answer, if one is coming, is dropped (asked again on return)
    state.busy = false;
    delete document.body.dataset.thinking;
    state.game = null;
  } else stop();
  pickGame(name);
  const back = state.kept[name];
  delete state.kept[name];
  if (back) {
    $('p-size').value = back.size;
    $('p-white').value = back.white;
    $('p-black').value = back.black;
    begin(back.game);
  } else newGame();
  keptNote(back ? `Your ${TITLE[name]} game is back where you left it.` : '');
}
const TITLE = { shock: 'Shock', attract: 'Attract' };
function keptNote(first) {
  const notes = first ? [first] : [];
  for (const g of Object.keys(state.kept)) notes.push(`Your ${TITLE[g]} game is kept: the ${TITLE[g]} tab brings it back.`);
  $('p-kept').textContent = notes.join(' ');
  $('p-kept').hidden = !notes.length;
}
for (const b of document.querySelectorAll('.tabs button')) b.onclick = () => switchGame(b.dataset.game);
$('p-new').onclick = () => (newGame(), keptNote(''));

// The CPU levels of the game: the registry's (M.levels: solver/registry/games.h,
// the CLI's `--level N`), each with the strength the matches measured; the
// page keeps no copy. They fill the CPU select's first group; the custom
// players (the second group) think the time per move chosen.
const DEFAULT_LEVEL = 'level:3';
// The custom players in a player's words (alpha-beta: it looks moves ahead;
// MCTS: it plays quick games to the end in its head).
const CUSTOM = { alphabeta: 'looks moves ahead', mcts: 'plays quick games out in its head' };
const seconds = (ms) => `${ms / 1000} s`;
function fillLevels() {
  state.levels = JSON.parse(state.M.levels(state.gameName));
  const sel = $('p-player');
  const keep = sel.value;
  levelOptions($('p-levels'), state.levels);
  // The first fill picks DEFAULT_LEVEL; a tab switch keeps the choice.
  sel.value = state.levelsShown ? keep : DEFAULT_LEVEL;
  if (!sel.value) sel.value = DEFAULT_LEVEL;
  state.levelsShown = true;
  levelChanged();
}
function chosenLevel() {
  return levelOf($('p-player').value, state.levels);
}
function levelChanged() {
  const l = chosenLevel();
  $('p-time').disabled = Boolean(l); // a level thinks its own time
  $('p-level-about').textContent = l
    ? `Level ${l.level} of ${state.levels.length}, ${thinkWords(l.kind, l.timeMs)}: ${strengthWords(l.strength)} (on 8x8).`
    : `Custom: ${CUSTOM[$('p-player').value]} for the time per move chosen (not measured).`;
  // The next CPU move plays the new choice: the line that names the CPU says so at once.
  if (state.game) $('p-info').textContent = cpuText();
}
$('p-player').onchange = levelChanged;
$('p-time').onchange = () => state.game && ($('p-info').textContent = cpuText());

function classFor(name) {
  return name === 'shock' ? state.M.ShockGame : state.M.AttractGame;
}

function stop() {
  state.generation++;
  state.busy = false;
  delete document.body.dataset.thinking;
  state.game?.delete();
  state.game = null;
}

function begin(g) {
  state.game = g;
  state.seats = { o: $('p-white').value, x: $('p-black').value };
  state.view = JSON.parse(state.game.view());
  delete document.body.dataset.over;
  buildBoard();
  render();
  $('p-reason').textContent = '';
  $('p-info').textContent = cpuText();
  loop(state.generation);
}

function newGame() {
  if (!state.M) return;
  stop();
  const g = classFor(state.gameName).create(Number($('p-size').value));
  if (!g) throw new Error(state.M.lastError());
  begin(g);
}

function cpuText() {
  const cpus = ['o', 'x'].filter((c) => state.seats[c] === 'cpu');
  if (!cpus.length) return 'Human against human.';
  const l = chosenLevel();
  if (l) return `CPU (${cpus.map((c) => NAME[c]).join(', ')}): level ${l.level} of ${state.levels.length}, ${thinkWords(l.kind, l.timeMs)}.`;
  return `CPU (${cpus.map((c) => NAME[c]).join(', ')}): ${CUSTOM[$('p-player').value]}, ${seconds(Number($('p-time').value))} a move.`;
}

// ------------------------------------------------------------ drawing
// Page cells are row*n+col with row 0 at the bottom (A1); SVG y grows down.
const xy = (cell) => {
  const n = state.view.n;
  return [(cell % n) * 10 + 5, (n - 1 - Math.floor(cell / n)) * 10 + 5];
};
const squareName = (cell) => String.fromCharCode(65 + (cell % state.view.n)) + (Math.floor(cell / state.view.n) + 1);

function buildBoard() {
  const n = state.view.n;
  svg.setAttribute('viewBox', `-6 -2 ${n * 10 + 8} ${n * 10 + 8}`);
  svg.textContent = '';
  const bg = svgEl('g', {}, svg);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      const [x, y] = xy(cell);
      const sq = svgEl('rect', { x: x - 5, y: y - 5, width: 10, height: 10, class: (r + c) % 2 ? 'sq' : 'sq dark', 'data-sq': squareName(cell) }, bg);
      sq.addEventListener('click', () => attempt(squareName(cell)));
    }
  for (let i = 0; i < n; i++) {
    svgEl('text', { x: i * 10 + 5, y: n * 10 + 4.4, class: 'coord' }, bg).textContent = String.fromCharCode(65 + i);
    svgEl('text', { x: -3, y: (n - 1 - i) * 10 + 6.2, class: 'coord' }, bg).textContent = i + 1;
  }
  state.layers = { bg, pieces: svgEl('g', { class: 'pieces' }, svg), marks: svgEl('g', { class: 'marks' }, svg) };
  state.layers.cur = svgEl('rect', { width: 10, height: 10, class: 'cursor', visibility: 'hidden' }, svg);
  state.pieceEls = new Map();
  cursor.fit(n);
}

// ------------------------------------------------------------ keyboard
// Tab to the board, arrows move a cursor, Enter (or space) places; a
// screen reader hears the square, what stands on it and whether it is free
// (common.js, keyboardCursor).
function describe(cell) {
  const ch = state.view.cells[cell];
  const what = ch === '.' ? 'empty' : `${NAME[ch]} piece (${ch})`;
  const mine = !state.view.over && state.seats[state.view.toMove] === 'human' && ch === '.' ? ', you can place here' : '';
  return `${squareName(cell)}, ${what}${mine}`;
}
const cursor = keyboardCursor(svg, {
  size: () => state.view.n,
  rect: () => state.layers.cur,
  xy: (cell) => xy(cell),
  describe,
  act: (cell) => attempt(squareName(cell)),
  region: () => $('p-cursor-say'),
  ready: () => Boolean(state.layers && state.view),
});

function pieceAt(cell, colour) {
  const [x, y] = xy(cell);
  const e = svgEl('circle', { cx: x, cy: y, r: 3.9, class: `piece ${colour === 'o' ? 'white' : 'black'}`, 'data-colour': colour }, state.layers.pieces);
  return e;
}

// Pieces as the engine has them (after an animation, or at once).
function syncPieces() {
  for (const e of state.pieceEls.values()) e.remove();
  state.pieceEls = new Map();
  [...state.view.cells].forEach((ch, cell) => {
    if (ch !== '.') state.pieceEls.set(cell, pieceAt(cell, ch));
  });
  for (const [cell, e] of state.pieceEls) e.dataset.sq = squareName(cell);
}

function render() {
  syncPieces();
  state.layers.marks.textContent = '';
  for (const r of state.layers.bg.querySelectorAll('rect.last')) r.classList.remove('last');
  const last = state.view.moves.at(-1);
  if (last) state.layers.bg.querySelector(`rect[data-sq="${last}"]`)?.classList.add('last');
  // Attract: every winning piece, ringed, as soon as it appears.
  if (state.view.winning)
    for (const c of ['o', 'x'])
      for (const cell of state.view.winning[c]) {
        const [x, y] = xy(cell);
        svgEl('circle', { cx: x, cy: y, r: 4.9, class: `winning ${c}`, 'data-sq': squareName(cell) }, state.layers.marks);
      }
  // Shock at the end: the runs of the length that decided.
  if (state.view.decidingRuns)
    for (const c of ['o', 'x'])
      for (const run of state.view.decidingRuns[c]) {
        const [x0, y0] = xy(run[0]);
        const [x1, y1] = xy(run.at(-1));
        svgEl('line', { x1: x0, y1: y0, x2: x1, y2: y1, class: `run ${c}`, 'data-run': run.map(squareName).join(' ') }, state.layers.marks);
      }
  $('p-count-o').textContent = state.view.placed[0];
  $('p-count-x').textContent = state.view.placed[1];
  $('p-pieces').textContent = state.view.pieces;
  const ol = $('p-moves');
  ol.textContent = '';
  state.view.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = `${i % 2 ? 'x' : 'o'} ${m}`;
    ol.appendChild(li);
  });
  ol.scrollTop = ol.scrollHeight;
  extras();
  document.body.dataset.ply = state.view.moves.length;
}

// Shock: the runs of each side by length (the deciding length marked);
// Attract: the winning pieces counted.
function extras() {
  const box = $('p-extra');
  if (state.view.game === 'attract') {
    box.innerHTML = `<p class="figure"><span>Winning pieces</span> <b>${state.view.winning.o.length}</b> <span>white</span> · <b>${state.view.winning.x.length}</b> <span>black</span></p>`;
    return;
  }
  const lengths = state.view.runs.o.map((_, i) => i + 3);
  const shown = lengths.filter((L, i) => state.view.runs.o[i] || state.view.runs.x[i] || L <= 5);
  let rows = `<tr><th>Runs of</th>${shown.map((L) => `<th>${L}</th>`).join('')}</tr>`;
  // A run counts for the other side: black's runs are white's points.
  for (const c of ['x', 'o']) {
    rows += `<tr><td>${cap(NAME[c])}'s runs, for ${NAME[c === 'x' ? 'o' : 'x']}</td>` +
      shown.map((L) => `<td class="${L === state.view.decidingLength ? 'decides' : ''}">${state.view.runs[c][L - 3]}</td>`).join('') + '</tr>';
  }
  box.innerHTML = `<table class="runs" aria-label="runs by length">${rows}</table>`;
}

// The new piece drops in, the attracted pieces slide one square each.
async function animateMove(r) {
  const before = state.pieceEls;
  const moving = r.slides.map(([from, to]) => ({ e: before.get(from), from: xy(from), to: xy(to) }));
  const drop = pieceAt(r.placed, r.colour);
  if (ANIM > 0)
    await animate(320 * ANIM, (t) => {
      const u = ease(t);
      drop.setAttribute('r', 3.9 * (1.6 - 0.6 * u));
      drop.setAttribute('opacity', Math.min(1, t * 2));
      for (const m of moving) {
        if (!m.e) continue;
        const k = ease(Math.min(1, Math.max(0, (t - 0.3) / 0.7)));
        m.e.setAttribute('cx', m.from[0] + (m.to[0] - m.from[0]) * k);
        m.e.setAttribute('cy', m.from[1] + (m.to[1] - m.from[1]) * k);
      }
    });
  drop.remove();
}

// ------------------------------------------------------------ play
function status(t) {
  $('p-status').textContent = t;
}

async function play(square, gen) {
  const r = JSON.parse(state.game.play(square));
  if (!r.ok) throw new Error(`engine refused ${square}: ${r.reason}`);
  state.view = JSON.parse(state.game.view());
  state.busy = true;
  await animateMove(r);
  if (gen !== state.generation) return;
  state.busy = false;
  render();
}

async function loop(gen) {
  while (gen === state.generation && !state.view.over) {
    const c = state.view.toMove;
    if (state.seats[c] === 'human') {
      status(`${cap(NAME[c])} (${c}) to move: choose an empty square`);
      document.body.dataset.waiting = c;
      return; // attempt() goes on
    }
    delete document.body.dataset.waiting;
    status(`${cap(NAME[c])} (CPU) is thinking…`);
    document.body.dataset.thinking = '1';
    state.worker ??= await engine.worker();
    const seed = (state.game.ply() * 7919 + 1) >>> 0;
    const l = chosenLevel();
    const a = await (l
      ? ask(state.worker, 'thinkLevel', [state.gameName, state.game.position(), l.level, seed])
      : ask(state.worker, 'think', [state.gameName, state.game.position(), $('p-player').value, Number($('p-time').value), seed]));
    delete document.body.dataset.thinking;
    if (gen !== state.generation) return;
    if (a.error) throw new Error(a.error);
    $('p-info').textContent = `${cpuText()} Last CPU move: ${a.move}` + (a.kind === 'mcts' && !a.playouts ? `, ${cpuWords(a)}.` : ` in ${(a.ms / 1000).toFixed(2)} s, ${cpuWords(a)}.`);
    await play(a.move, gen);
    await sleep(state.seats.o === 'cpu' && state.seats.x === 'cpu' ? 450 * PACE : 120 * ANIM); // two CPUs: a pace a person can follow
  }
  if (gen === state.generation && state.view.over) finish();
}

// The CPU's answer in a player's words (the search's depth is in plies, one
// piece placed each; a proof names its length in the winner's moves).
function cpuWords(a) {
  if (a.kind === 'random') return 'at random';
  if (a.kind === 'mcts' && !a.playouts) return 'at once: the move was clear without thinking';
  if (a.kind === 'mcts') return `after playing ${a.playouts.toLocaleString('en')} quick games to the end in its head`;
  const ahead = `looking ${a.depth} ${a.depth === 1 ? 'move' : 'moves'} ahead`;
  const m = /^proven (win|loss|draw)(?:.*\((\d+) moves? of the winner\))?/.exec(a.proof ?? '');
  if (!m) return ahead;
  const n = Number(m[2]);
  if (m[1] === 'win') return `${ahead}: it is sure to win, in ${n} ${n === 1 ? 'move' : 'moves'} of its own`;
  if (m[1] === 'loss') return `${ahead}: it sees that it cannot avoid losing`;
  return `${ahead}: it sees a draw whatever is played`;
}

async function attempt(square) {
  if (!state.game || state.busy) return;
  if (state.view.over) return void ($('p-reason').textContent = 'The game is over: start a new one.');
  if (state.seats[state.view.toMove] !== 'human') return void ($('p-reason').textContent = `Wait: ${NAME[state.view.toMove]} (CPU) is to move.`);
  const why = state.game.check(square);
  if (why) {
    $('p-reason').textContent = cap(why) + '.';
    const sq = state.layers.bg.querySelector(`rect[data-sq="${square}"]`);
    sq?.classList.remove('refused');
    void sq?.getBoundingClientRect();
    sq?.classList.add('refused');
    return;
  }
  $('p-reason').textContent = '';
  delete document.body.dataset.waiting;
  const gen = state.generation;
  await play(square, gen);
  if (gen === state.generation) loop(gen);
}

function finish() {
  delete document.body.dataset.waiting;
  document.body.dataset.over = state.view.outcome;
  let why = '';
  const w = state.view.outcome.startsWith('white') ? 'o' : state.view.outcome.startsWith('black') ? 'x' : null;
  if (state.view.game === 'attract' && w) {
    why = `: ${state.view.winning[w].map(squareName).join(', ')} ${state.view.winning[w].length > 1 ? 'are winning pieces' : 'is a winning piece'}`;
  } else if (state.view.game === 'shock' && state.view.decidingLength && w) {
    const l = state.view.decidingLength;
    const credited = state.view.runs[w === 'o' ? 'x' : 'o'][l - 3], other = state.view.runs[w][l - 3];
    why = `: runs of ${l} decided, ${credited} for ${NAME[w]} against ${other}`;
  }
  // Against the CPU the result speaks to the player.
  const humans = ['o', 'x'].filter((c) => state.seats[c] === 'human');
  const you = humans.length === 1 ? (!w ? 'A draw. ' : w === humans[0] ? 'You won! ' : 'You lost. ') : '';
  status(`${you}${cap(state.view.outcome)}${why}`);
  // On a phone the result may be under the board: brought into view.
  const r = $('p-status').getBoundingClientRect();
  if (r.bottom > innerHeight) $('p-status').scrollIntoView({ block: 'nearest' });
}

$('p-undo').onclick = () => {
  if (!state.game || state.busy) return;
  // Against the CPU, back to the human's last turn.
  do {
    if (!state.game.undo()) break;
    state.view = JSON.parse(state.game.view());
  } while (state.seats[state.view.toMove] !== 'human' && state.view.moves.length);
  state.generation++;
  render();
  $('p-reason').textContent = '';
  loop(state.generation);
};

$('p-export').onclick = () => state.game && download(`${state.gameName}-${state.view.n}x${state.view.n}-after-${state.view.moves.length}-moves.txt`, `# JC ${cap(state.gameName)} position (web edition): games apply --game ${state.gameName} --position FILE\n` + state.game.position());

$('p-load').onchange = async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  const text = await readText(f);
  e.target.value = '';
  const g = classFor(state.gameName).fromPosition(text);
  if (!g) {
    $('p-reason').textContent = `${f.name}: ${state.M.lastError()}`;
    return;
  }
  stop();
  begin(g);
  status(`Loaded ${f.name}. ` + $('p-status').textContent);
};

// The game record (engine/records: the CLI's one reader and writer).
function playersTag() {
  const who = (c) => (state.seats[c] === 'human' ? 'human' : $('p-player').value); // a kind, or level:N as the CLI names it
  return `white=${who('o')} black=${who('x')}`;
}
$('p-export-record').onclick = () => {
  if (!state.game) return;
  const text = state.game.record(playersTag(), new Date().toISOString().slice(0, 10).replaceAll('-', '.'));
  if (!text) return void ($('p-reason').textContent = 'A game set up from a position file has no record (a record starts from the empty board): export the position.');
  download(`${state.gameName}-${state.view.n}x${state.view.n}-${state.view.moves.length}-moves.rec`, text);
};
$('p-load-record').onchange = async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  const text = await readText(f);
  e.target.value = '';
  const r = JSON.parse(state.M.readRecord(text));
  if (r.error) return void ($('p-reason').textContent = `${f.name}: ${r.error}`);
  if (r.game !== state.gameName) pickGame(r.game);
  $('p-size').value = r.size;
  stop();
  const g = classFor(r.game).create(r.size);
  for (const m of r.moves) {
    const played = JSON.parse(g.play(m));
    if (!played.ok) throw new Error(`record move ${m}: ${played.reason}`); // parseRecord replayed it already
  }
  begin(g);
  status(`Loaded ${f.name} (${r.moves.length} moves, ${r.result}). ` + $('p-status').textContent);
};

// ------------------------------------------------------------ start
pickGame(state.gameName);
state.M = await engine.module;
fillLevels();
newGame();
document.body.dataset.ready = '1';
window.__placement = { view: () => state.view, record: () => state.game?.record(playersTag(), ''), levels: () => state.levels };
