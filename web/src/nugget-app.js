// The Golden Nugget page: play a chain by hand, replay an entry. It draws
// what the engine (nugget-engine.wasm, web/wasm/nugget.cpp) says and sends
// it the labels clicked. No rule is decided here: legality and its reasons,
// the tiles after a push, the solved test, the turn-over, the jcgn-1 text
// (writer and verifier) all come from the C++ engine; the hint is the
// solver's board search in a worker (worker.js).
//
// URL parameters: anim=F scales the animations (0 = none, for tests).
import { loadEngine, ask, download, readText, sleep, svgEl, REDUCED_MOTION } from './common.js';
import { NuggetBoard, LABELS } from './nugget-board.js';

const params = new URLSearchParams(location.search);
const ANIM = REDUCED_MOTION ? 0 : Math.max(0, Number(params.get('anim') ?? 1));
const MOVE_MS = 260 * ANIM, FLIP_MS = 900 * ANIM;
const STORE = 'jcgn-web-chain'; // localStorage: NuggetChain.save() text
const HINT_WIDTH = 300; // the hint's beam width (the CLI's default is 350; the browser runs one thread)
const $ = (id) => document.getElementById(id);

const engine = loadEngine('nugget-engine', 'createNugget');
let M = null;
let worker = null; // the hint's thread, started on first use

// ------------------------------------------------------------ tabs
function mode(m) {
  document.body.dataset.mode = m;
  $('play').hidden = m !== 'play';
  $('replay').hidden = m !== 'replay';
  $('tab-play').setAttribute('aria-selected', m === 'play');
  $('tab-replay').setAttribute('aria-selected', m === 'replay');
  if (m === 'play') history.replaceState(null, '', location.pathname + location.search);
  else history.replaceState(null, '', location.pathname + location.search + '#replay');
}
$('tab-play').onclick = () => mode('play');
$('tab-replay').onclick = () => mode('replay');

// ------------------------------------------------------------ play
let chain = null; // NuggetChain
let view = null; // its last view()
let queue = Promise.resolve(); // pushes run one after another, each animated
const board = new NuggetBoard($('n-board'), { onPush: (l) => enqueue(() => push(l)) });
const enqueue = (f) => (queue = queue.then(f).catch((e) => console.error(e)));

for (const n of [20, 30, 50, 100, 200]) {
  const o = document.createElement('option');
  o.value = o.textContent = n;
  $('n-length').appendChild(o);
}

function refresh() {
  view = JSON.parse(chain.view());
  $('n-board-no').textContent = view.board;
  $('n-boards').textContent = view.boards;
  $('n-face').textContent = view.face;
  $('n-count').textContent = view.moves.length;
  $('n-limit').textContent = view.limit;
  $('n-count').parentElement.classList.toggle('near', view.moves.length >= 90);
  const ol = $('n-moves');
  ol.textContent = '';
  for (const m of view.moves) {
    const li = document.createElement('li');
    li.textContent = m;
    ol.appendChild(li);
  }
  ol.scrollTop = ol.scrollHeight;
  const per = view.perBoard;
  $('n-solved').textContent = view.solvedBoards;
  $('n-mean').textContent = per.length ? view.mean.toFixed(3) : '-';
  $('n-last').textContent = per.length ? per[per.length - 1] : '-';
  $('n-before').textContent = per.length > 1 ? per[per.length - 2] : '-';
  $('n-export').disabled = view.solvedBoards < 20;
  $('n-export').title = view.solvedBoards < 20 ? 'an entry has at least 20 boards' : '';
  $('n-length').value = view.boards;
  document.body.dataset.board = view.board;
  localStorage.setItem(STORE, chain.save());
}

function status(text) {
  $('n-status').textContent = text;
}
function refuse(text) {
  $('n-reason').textContent = text;
}

async function push(label) {
  if (!chain) return;
  const before = view;
  const r = JSON.parse(chain.push(label));
  if (!r.ok) {
    refuse(r.reason[0].toUpperCase() + r.reason.slice(1) + '.');
    board.flashLabel(label);
    return;
  }
  refuse('');
  board.markLabel(null);
  refresh();
  if (!r.solved) {
    status(`Pushed ${r.move}`);
    await board.move(before, view, MOVE_MS);
    return;
  }
  // Solved: slide into the solved layout (the face just played), then turn over.
  const solvedView = r.done ? view : { ...view, shown: view.hidden, hidden: view.shown };
  await board.move(before, solvedView, MOVE_MS);
  const n = view.perBoard[view.perBoard.length - 1];
  status(`Board ${view.solvedBoards} solved in ${n} moves!`);
  document.body.dataset.solved = view.solvedBoards;
  if (r.done) {
    status(`Chain complete: ${view.solvedBoards} boards, mean ${view.mean.toFixed(3)}. Export it!`);
    board.show(view);
    return;
  }
  await sleep(350 * ANIM);
  await board.turnOver(view, FLIP_MS);
  status(`Board ${view.solvedBoards} solved in ${n} moves. Board ${view.board} (face ${view.face}) starts.`);
}

async function undo() {
  const before = view;
  const r = JSON.parse(chain.undo());
  if (!r.ok) return refuse(r.reason[0].toUpperCase() + r.reason.slice(1) + '.');
  refuse('');
  refresh();
  status(`Took back ${r.move}`);
  await board.move(before, view, MOVE_MS);
}

$('n-undo').onclick = () => enqueue(undo);
$('n-restart').onclick = () => enqueue(async () => {
  chain.restartBoard();
  refresh();
  board.show(view);
  status(`Board ${view.board} from its start`);
});

// The hidden face: a toggle, or held with the space bar.
function setHidden(on) {
  board.hidden = on;
  $('n-hidden').setAttribute('aria-pressed', on);
}
$('n-hidden').onclick = () => setHidden(!board.hidden);
document.addEventListener('keydown', (ev) => {
  if (document.body.dataset.mode !== 'play' || ev.target.closest('input, select, textarea')) return;
  if (ev.key === ' ') {
    if (!ev.repeat) setHidden(true);
    ev.preventDefault();
    return;
  }
  const l = ev.key.length === 1 ? ev.key.toUpperCase() : '';
  if (l && LABELS.includes(l) && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
    enqueue(() => push(l));
    ev.preventDefault();
  }
});
document.addEventListener('keyup', (ev) => {
  if (ev.key === ' ' && document.body.dataset.mode === 'play') setHidden(false);
});

// The hint: the solver's board search from the position now.
async function hint(whole) {
  if (!chain || chain.done() || document.body.dataset.thinking) return; // one search at a time
  $('n-hint-out').textContent = 'The solver is searching…';
  document.body.dataset.thinking = '1';
  worker ??= await engine.worker();
  const at = view;
  const a = await ask(worker, 'hint', [chain.tiles(), at.face, at.board, HINT_WIDTH]);
  delete document.body.dataset.thinking;
  if (a.error) {
    $('n-hint-out').textContent = `No hint: ${a.error}`;
    return;
  }
  if (view !== at) return; // the board changed meanwhile
  const total = at.moves.length + a.moves.length;
  const how = `solver's board search, beam width ${a.width}, endgame table depth ${a.depth}, ${(a.ms / 1000).toFixed(1)} s`;
  const over = total > at.limit ? ` That is ${total} with the ${at.moves.length} played: over the limit of ${at.limit}; restart the board for a shorter way.` : '';
  if (!whole) {
    board.markLabel(a.moves[0][0]);
    $('n-hint-out').textContent = `Next: ${a.moves[0]} (a solution in ${a.moves.length} more moves; ${how}).${over}`;
    return;
  }
  $('n-hint-out').textContent = `Solution (${a.moves.length} moves; ${how}): ${a.moves.join(' ')}.${over}`;
  for (const m of a.moves) enqueue(() => push(m[0]));
}
$('n-hint').onclick = () => hint(false);
$('n-solve').onclick = () => hint(true);

$('n-export').onclick = () => {
  const text = chain.entry();
  if (text) download(`golden-nugget-${view.solvedBoards}-boards.jcgn`, text);
};

let newArmed = 0;
$('n-new').onclick = () => {
  const started = view && (view.solvedBoards > 0 || view.moves.length > 0);
  if (started && performance.now() - newArmed > 4000) {
    newArmed = performance.now();
    $('n-new').textContent = 'Sure? Click again';
    setTimeout(() => ($('n-new').textContent = 'New chain'), 4000);
    return;
  }
  $('n-new').textContent = 'New chain';
  enqueue(async () => {
    chain?.delete();
    chain = M.NuggetChain.create(Number($('n-length').value));
    refresh();
    board.show(view);
    status(`A new chain of ${view.boards} boards: board 1, face A`);
  });
};

// ------------------------------------------------------------ replay
const rboard = new NuggetBoard($('r-board'));
let replay = null; // Replay
let verdict = null;
let at = { board: 1, move: 0 };
let rview = null;
let playing = null;

async function openEntry(text, name) {
  stopPlaying();
  verdict = JSON.parse(M.verify(text, name));
  replay?.delete();
  replay = new M.Replay(text);
  const v = $('r-verdict');
  v.textContent = verdict.message;
  v.className = 'verdict ' + (verdict.ok ? 'ok' : 'bad');
  document.body.dataset.verdict = verdict.ok ? 'valid' : 'invalid';
  const n = replay.boards();
  $('r-controls').hidden = n === 0;
  if (!n) return;
  $('r-board-slider').max = n;
  drawChart();
  seek(1, 0);
}

function seek(b, m, animateFrom = null) {
  const n = replay.boards();
  b = Math.max(1, Math.min(n, b));
  const count = JSON.parse(replay.movesOf(b)).length;
  m = Math.max(0, Math.min(count, m));
  at = { board: b, move: m };
  const next = JSON.parse(replay.at(b, m));
  $('r-board-slider').value = b;
  $('r-board-no').textContent = b;
  $('r-move-slider').max = count;
  $('r-move-slider').value = m;
  $('r-move-no').textContent = m;
  $('r-move-count').textContent = count;
  $('r-last').textContent = m ? `Move ${m}: ${next.last}` + (next.solved ? ' — solved' : '') : `Board ${b}, face ${next.face}: the start`;
  for (const bar of $('r-chart').querySelectorAll('rect.bar')) bar.classList.toggle('current', Number(bar.dataset.board) === b);
  const prev = rview;
  rview = next;
  if (animateFrom && prev) return rboard.move(prev, next, Math.min(MOVE_MS, Number($('r-speed').value) * 0.7));
  rboard.show(next);
  return Promise.resolve();
}

function step(d) {
  const count = JSON.parse(replay.movesOf(at.board)).length;
  if (d > 0 && at.move >= count) {
    if (at.board >= replay.boards()) return false;
    const end = rview;
    const after = JSON.parse(replay.at(at.board + 1, 0));
    seek(at.board + 1, 0);
    rboard.show(end);
    return rboard.turnOver(after, FLIP_MS * 0.6);
  }
  if (d < 0 && at.move === 0) {
    if (at.board <= 1) return false;
    const prevCount = JSON.parse(replay.movesOf(at.board - 1)).length;
    return seek(at.board - 1, prevCount);
  }
  return seek(at.board, at.move + d, true);
}

function stopPlaying() {
  if (playing) clearTimeout(playing);
  playing = null;
  $('r-play').textContent = 'Play';
}
async function playOn() {
  const r = step(1);
  if (r === false) return stopPlaying();
  await r;
  if (playing) playing = setTimeout(playOn, Number($('r-speed').value));
}
$('r-play').onclick = () => {
  if (playing) return stopPlaying();
  $('r-play').textContent = 'Pause';
  playing = setTimeout(playOn, 0);
};
$('r-next').onclick = () => (stopPlaying(), step(1));
$('r-prev').onclick = () => (stopPlaying(), step(-1));
$('r-next-board').onclick = () => (stopPlaying(), seek(at.board + 1, 0));
$('r-prev-board').onclick = () => (stopPlaying(), seek(at.board - 1, 0));
$('r-board-slider').oninput = (e) => (stopPlaying(), seek(Number(e.target.value), 0));
$('r-move-slider').oninput = (e) => (stopPlaying(), seek(at.board, Number(e.target.value)));

// Moves per board: one bar a board (a cycle shows as a repeating pattern).
function drawChart() {
  const svg = $('r-chart');
  svg.textContent = '';
  const per = verdict.perBoard;
  if (!per.length) return;
  const W = 400, H = 160, top = Math.max(...per, 20);
  const bw = (W - 30) / per.length;
  svgEl('text', { x: 2, y: 10, class: 'axis' }, svg).textContent = top;
  svgEl('text', { x: 2, y: H - 12, class: 'axis' }, svg).textContent = 0;
  svgEl('line', { x1: 26, y1: H - 14, x2: W, y2: H - 14, class: 'axis-line' }, svg);
  per.forEach((n, i) => {
    const h = ((H - 20) * n) / top;
    const bar = svgEl('rect', { x: 28 + i * bw, y: H - 14 - h, width: Math.max(0.6, bw - 0.4), height: h, class: 'bar', 'data-board': i + 1 }, svg);
    svgEl('title', {}, bar).textContent = `board ${i + 1}: ${n} moves`;
    bar.addEventListener('click', () => (stopPlaying(), seek(i + 1, 0)));
  });
  const mean = per.reduce((a, b) => a + b, 0) / per.length;
  const y = H - 14 - ((H - 20) * mean) / top;
  svgEl('line', { x1: 26, y1: y, x2: W, y2: y, class: 'mean-line' }, svg);
  svgEl('text', { x: W - 2, y: y - 2, class: 'axis end' }, svg).textContent = `mean ${mean.toFixed(3)}`;
  svgEl('text', { x: 28, y: H - 2, class: 'axis' }, svg).textContent = 'board 1';
  svgEl('text', { x: W - 2, y: H - 2, class: 'axis end' }, svg).textContent = `board ${per.length}`;
}

$('r-file').onchange = async (e) => {
  const f = e.target.files[0];
  if (f) openEntry(await readText(f), f.name);
};
const drop = $('r-drop');
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', async (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  const f = e.dataTransfer.files[0];
  $('r-file').value = ''; // the picker no longer names the entry shown
  if (f) openEntry(await readText(f), f.name);
});
// Dropping a file anywhere on the replay tab opens it too.
document.addEventListener('dragover', (e) => document.body.dataset.mode === 'replay' && e.preventDefault());
document.addEventListener('drop', async (e) => {
  if (document.body.dataset.mode !== 'replay' || e.target.closest('#r-drop')) return;
  e.preventDefault();
  const f = e.dataTransfer.files[0];
  if (f) openEntry(await readText(f), f.name);
});

// ------------------------------------------------------------ start
M = await engine.module;
const saved = localStorage.getItem(STORE);
if (saved) {
  chain = M.NuggetChain.restore(saved);
  if (!chain) console.warn('the saved chain was not restored:', M.lastError());
}
chain ??= M.NuggetChain.create(20);
refresh();
board.show(view);
status(view.solvedBoards || view.moves.length ? `Welcome back: board ${view.board}, ${view.moves.length} moves so far` : 'Board 1, face A: click a label to push');
if (location.hash === '#replay') mode('replay');
document.body.dataset.ready = '1';
window.__nugget = { view: () => view, verdict: () => verdict, at: () => at, rview: () => rview };
