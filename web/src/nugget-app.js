// The Golden Nugget page: play a chain by hand, replay an entry. It draws
// what the engine (nugget-engine.wasm, web/wasm/nugget.cpp) says and sends
// it the labels clicked. No rule is decided here: legality and its reasons,
// the tiles after a push, the solved test, the turn-over, the jcgn-1 text
// (writer and verifier) all come from the C++ engine; the hint is the
// solver's board search in a worker (worker.js).
//
// URL parameters: anim=F scales the animations and the pauses between the
// moves of Play all (0 = none, for tests; reduced motion drops the slides,
// never the pauses);
// hint=H:D:W,... the hint's searchers, one worker each (beam heuristic H,
// endgame table depth D when thinking 5 s, first beam width W; for
// measuring other choices, web/tools/hint-chain.mjs).
import { loadEngine, download, readText, sleep, svgEl, say, REDUCED_MOTION } from './common.js';
import { NuggetBoard, LABELS } from './nugget-board.js';

const params = new URLSearchParams(location.search);
const PACE = Math.max(0, Number(params.get('anim') ?? 1)); // the pauses: a person follows the moves
const ANIM = REDUCED_MOTION ? 0 : PACE; // the slides and turns
const MOVE_MS = 260 * ANIM, FLIP_MS = 900 * ANIM;
const STEP_MS = 450 * PACE; // Play all: a move every 0.45 s, slid or not
const STORE = 'jcgn-web-chain'; // localStorage: NuggetChain.save() text
const HINT_WIDTH = 300; // a searcher's first beam width (unless set), then twice that, four times, ... while the time lasts
const HINT_LOOKAHEAD = 8; // end states whose next board is test-solved (the solver's default)
const $ = (id) => document.getElementById(id);

const engine = loadEngine('nugget-engine', 'createNugget');
// The hint's searchers: one worker each, started on first use (Stop ends
// them), searching side by side on their own cores; the shortest solution
// of all is kept. Both use the solver's "chain" heuristic, which also
// prepares the next board: "displacement" finds shorter solutions of one
// board (board 1: 40 moves where "chain" finds 42 at width 1200), but a
// chain of 20 boards that keeps the shorter of the two averaged 31.55, of
// "chain" alone 29.55 (node, depth 5, width 1200; results/history/golden-nugget.md, session
// 12). They differ in table depth and widths (300, 600, ... and 424, 848,
// ...), so they search different beams: at equal widths depth 5 was never
// worse than depth 4 in that chain, but depth 4 costs less a node.
const SEARCHERS = (params.get('hint') ?? 'chain:4:300,chain:5:424').split(',').map((w) => {
  const [heuristic, depth, width] = w.split(':');
  return { heuristic, depth: Number(depth ?? 5), width: Number(width ?? HINT_WIDTH), worker: null };
});
const SEARCHER_COUNT = Math.max(1, Math.min(SEARCHERS.length, navigator.hardwareConcurrency || 1));

// The page's whole mutable state, in one place.
const state = {
  M: null, // the wasm module, once loaded (common.js loadEngine)
  // Play:
  chain: null, // NuggetChain: the chain being played
  view: null, // chain's last view(): what is drawn
  queue: Promise.resolve(), // pushes run one after another, each animated (enqueue)
  armed: { what: null, at: 0 }, // Restart or New chain pressed once, and when: a second press within 6 s does it
  spaceHeld: false, // the hidden face shown while the space bar is held
  hintRun: null, // the hint's search under way: {id, at, tiles, best, whole, t0, budget, searchers, resolve}
  hintId: 0, // the last hint search's id (a later one makes an older one's answers stale)
  bestKnown: new Map(), // tiles+face -> the shortest solution the hints found from there this session
  plan: null, // a whole-board solution being stepped: {moves, next, board, base}
  playingAll: false, // Play all is stepping the plan
  route: null, // the best known chain's route: {at: Map(key -> moves to the end of the board), first, later}
  boardStart: null, // {board, key}: the position the current board started from
  // Replay:
  replay: null, // Replay: the entry opened
  verdict: null, // the verifier's verdict on it (M.verify)
  at: { board: 1, move: 0 }, // the replay's position
  rview: null, // the replay's view at that position
  playing: null, // the timer of the replay's Play, or null
};

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
const board = new NuggetBoard($('n-board'), { onPush: (l) => enqueue(() => push(l)) });
const enqueue = (f) => (state.queue = state.queue.then(f).catch((e) => console.error(e)));

// The force points as buttons of 44 px or more (#n-pad), for a screen where
// the board's labels are smaller: each side of the board a row of 7, in the
// order of the lines; a button pushes as its label does and shows what the
// label shows (not possible now, the hint), copied from the label's classes.
const PAD_SIDES = [
  ['Columns down (top labels)', '1234567', '↓'],
  ['Rows left (right labels)', 'ABCDEFG', '←'],
  ['Columns up (bottom labels)', 'NMLKJIH', '↑'],
  ['Rows right (left labels)', 'UTSRQPO', '→'],
];
const padButtons = {};
for (const [title, labels, arrow] of PAD_SIDES) {
  const side = document.createElement('div');
  side.className = 'pad-side';
  side.appendChild(document.createElement('span')).textContent = title;
  for (const l of labels) {
    const b = side.appendChild(document.createElement('button'));
    b.textContent = l + arrow;
    b.dataset.label = l;
    b.onclick = () => enqueue(() => push(l));
    padButtons[l] = b;
  }
  $('n-pad').appendChild(side);
}
const syncPad = () => {
  for (const l of LABELS) {
    const g = $('n-board').querySelector(`.n-label[data-label="${l}"]`);
    padButtons[l].className = ['illegal', 'hinted'].filter((c) => g.classList.contains(c)).join(' ');
    padButtons[l].setAttribute('aria-label', g.getAttribute('aria-label') ?? l);
  }
};
new MutationObserver(syncPad).observe($('n-board'), { subtree: true, attributeFilter: ['class', 'aria-label'] });
// Shown while a label's cell (a ninth of the board) is under 44 px.
new ResizeObserver(() => {
  const r = $('n-board').getBoundingClientRect();
  $('n-pad').hidden = Math.min(r.width, r.height) / 9 >= 44;
}).observe($('n-board'));

for (const n of [20, 30, 50, 100, 200]) {
  const o = document.createElement('option');
  o.value = o.textContent = n;
  $('n-length').appendChild(o);
}

function refresh() {
  state.view = JSON.parse(state.chain.view());
  $('n-board-no').textContent = state.view.board;
  $('n-boards').textContent = state.view.boards;
  $('n-face').textContent = state.view.face;
  $('n-count').textContent = state.view.moves.length;
  $('n-limit').textContent = state.view.limit;
  $('n-count').parentElement.classList.toggle('near', state.view.moves.length >= 90);
  const ol = $('n-moves');
  ol.textContent = '';
  for (const m of state.view.moves) {
    const li = document.createElement('li');
    li.textContent = m;
    li.title = moveWords(m); // the name in words under the pointer
    ol.appendChild(li);
  }
  ol.scrollTop = ol.scrollHeight;
  const per = state.view.perBoard;
  $('n-solved').textContent = state.view.solvedBoards;
  $('n-mean').textContent = per.length ? state.view.mean.toFixed(3) : '-';
  $('n-last').textContent = per.length ? per[per.length - 1] : '-';
  $('n-before').textContent = per.length > 1 ? per[per.length - 2] : '-';
  $('n-export').disabled = state.view.solvedBoards < 20;
  $('n-export-why').textContent = state.view.solvedBoards < 20
    ? `Export opens at 20 solved boards, the shortest entry the rules rank (${state.view.solvedBoards} solved so far).`
    : `Export saves the ${state.view.solvedBoards} boards solved as an entry file (jcgn-1), which the nugget tool verifies.`;
  if (!state.view.moves.length) state.boardStart = { board: state.view.board, key: keyOf(state.view) };
  $('n-length').value = state.view.boards;
  document.body.dataset.board = state.view.board;
  localStorage.setItem(STORE, state.chain.save());
}

function status(text) {
  $('n-status').textContent = text;
}
function refuse(text) {
  $('n-reason').textContent = text;
}
// A move in words: "P7" is a push at P that moves 7 cells of its line.
const cells = (m) => `${m[1]} cell${m[1] === '1' ? '' : 's'}`;
const moveWords = (m) => `pushed at ${m[0]}: ${cells(m)} moved (${m})`;
// A move to make, in words: "Try P7: push at P, 7 cells move."
const tryWords = (m) => `Try ${m}: push at ${m[0]}, ${cells(m)} move${m[1] === '1' ? 's' : ''}`;
// On a phone the board is above the fold only while the page is scrolled
// to it: after an action (undo, a hint, Play all, Restart) the board, the
// status line under it and Undo are brought back into view together, so
// the player watches the tiles, reads what happened and can take it back.
// The page scrolls by as little as that needs (nothing at the top of the
// page at 375 x 800); the board's top comes first when they do not fit.
function showBoard() {
  const box = (id) => $(id).getBoundingClientRect();
  const top = box('n-board').top;
  const bottom = Math.max(box('n-board').bottom, box('n-status').bottom, box('n-undo').bottom);
  let dy = bottom > innerHeight ? bottom - innerHeight + 8 : 0;
  if (top - dy < 0) dy = top;
  if (dy) scrollBy(0, dy);
}

async function push(label) {
  if (!state.chain) return;
  const before = state.view;
  const r = JSON.parse(state.chain.push(label));
  if (!r.ok) {
    refuse(r.reason[0].toUpperCase() + r.reason.slice(1) + '.');
    board.flashLabel(label);
    return;
  }
  refuse('');
  board.markLabel(null);
  refresh();
  if (!r.solved) {
    status(moveWords(r.move)[0].toUpperCase() + moveWords(r.move).slice(1));
    await board.move(before, state.view, MOVE_MS);
    return;
  }
  // Solved: slide into the solved layout (the face just played), then turn over.
  const solvedView = r.done ? state.view : { ...state.view, shown: state.view.hidden, hidden: state.view.shown };
  await board.move(before, solvedView, MOVE_MS);
  const n = state.view.perBoard[state.view.perBoard.length - 1];
  status(`Board ${state.view.solvedBoards} solved in ${n} moves!`);
  document.body.dataset.solved = state.view.solvedBoards;
  if (r.done) {
    status(`Chain complete: ${state.view.solvedBoards} boards, mean ${state.view.mean.toFixed(3)}. Export it!`);
    board.show(state.view);
    return;
  }
  await sleep(350 * PACE);
  await board.turnOver(state.view, FLIP_MS);
  status(`Board ${state.view.solvedBoards} solved in ${n} moves. Board ${state.view.board} (face ${state.view.face}) starts.`);
}

async function undo() {
  const before = state.view;
  const r = JSON.parse(state.chain.undo());
  if (!r.ok) return refuse(r.reason[0].toUpperCase() + r.reason.slice(1) + '.');
  refuse('');
  refresh();
  status(`Took back ${r.move}`);
  showBoard();
  await board.move(before, state.view, MOVE_MS);
}

$('n-undo').onclick = () => enqueue(undo);
// Restart and New chain ask first: a second press within 6 s does it (the
// question is in the status line; the buttons keep their words and size).
function confirmed(what, question) {
  if (state.armed.what === what && performance.now() - state.armed.at < 6000) {
    state.armed = { what: null, at: 0 };
    return true;
  }
  state.armed = { what, at: performance.now() };
  refuse('');
  status(question);
  showBoard();
  return false;
}
$('n-restart').onclick = () => {
  if (!state.chain || !state.view.moves.length) return (refuse(''), status(`Board ${state.view.board} is at its start.`));
  if (!confirmed('restart', `Take back all ${state.view.moves.length} moves? Press Restart board again.`)) return;
  enqueue(async () => {
    stopPlan();
    state.chain.restartBoard();
    refresh();
    board.show(state.view);
    refuse('');
    status(`Board ${state.view.board} from its start`);
    showBoard();
  });
};

// The hidden face: a toggle, or held with the space bar. Space on a focused
// control (a button, a label of the board, a link, a field) is that
// control's own: it presses it, as everywhere else.
function setHidden(on) {
  board.hidden = on;
  $('n-hidden').setAttribute('aria-pressed', on);
}
$('n-hidden').onclick = () => (refuse(''), setHidden(!board.hidden));
const CONTROLS = 'button, a, input, select, textarea, label, summary, [role=button], [role=tab]';
document.addEventListener('keydown', (ev) => {
  if (document.body.dataset.mode !== 'play' || ev.target.closest('input, select, textarea')) return;
  if (ev.key === ' ') {
    if (ev.target.closest(CONTROLS)) return;
    if (!ev.repeat) {
      state.spaceHeld = true;
      setHidden(true);
    }
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
  if (ev.key === ' ' && state.spaceHeld) {
    state.spaceHeld = false;
    setHidden(false);
  }
});

// ------------------------------------------------------------ hint
// The solver's board search from the position now, in the searchers' workers
// side by side, for the time chosen (5 s, or 20 s to think longer): beams of
// width W, 2W, 4W, ... in each (worker.js hintAnytime), each width's
// solution shown as it comes; the shortest of all is kept; Stop, or the end
// of the time, keeps the best so far. Each worker builds its endgame table
// at its first hint and keeps it (symmetry-reduced: depth 4, 0.3 MB, 0.1 s;
// depth 5, 4.1 MB, 0.5-1 s). A worker never changes its table's depth:
// wasm memory does not shrink, and a worker switching between depths 4 and
// 5 grew by ~130 MB a switch until it failed (std::bad_alloc after 4
// switches, node); thinking longer is more widths at the same depths.
// Figures: results/history/golden-nugget.md, the sections of 2026-12-03
// (its sessions 11 and 12).

const hintKey = (tiles, face) => `${face} ${tiles}`;
function sayStatus(text) {
  say($('n-status'), text);
}
function hintLine() {
  const r = state.hintRun;
  if (!r) return;
  const s = (performance.now() - r.t0) / 1000;
  $('n-progress').value = Math.min(1, s / (r.budget / 1000));
  const best = r.best ? `best so far: a solution in ${r.best.moves.length} moves` : 'no solution yet';
  $('n-hint-out').textContent = `${r.why ?? ''}Thinking… ${s.toFixed(1)} s of ${r.budget / 1000} s; ${best}.`;
}
// Shorter wins; between equally short ones, the one that leaves the next
// board the better start (the heuristic's estimate of it).
const better = (a, b) => !b || a.moves.length < b.moves.length || (a.moves.length === b.moves.length && a.next < b.next);
function onHintMessage(k, e) {
  const d = e.data, r = state.hintRun;
  if (!r || d.id !== r.id) return;
  const one = r.searchers[k];
  if (d.table) {
    one.table = d.table;
    SEARCHERS[k].depth = d.table.depth; // 4 when depth 5 could not be built: asked for from then on
  }
  if (d.step && !d.step.error && better(d.step, r.best)) r.best = d.step;
  if (d.step) one.steps.push(d.step);
  hintLine();
  if (d.done || d.error) {
    one.done = true;
    one.error = d.error ?? null;
    if (r.searchers.every((x) => x.done)) r.resolve(r.searchers.find((x) => x.error)?.error ?? null);
  }
}
// Ends the searchers still at work: a width cannot be interrupted, so their
// workers go (their tables with them: built again at the next hint) and the
// best found so far stays. Stop does it; so does the end of the time chosen,
// when a width outlasts it (a worker starts a width it expects to end in
// time, but a busy machine can make it late).
function endSearch(byUser) {
  const r = state.hintRun;
  if (!r) return;
  r.searchers.forEach((one, k) => {
    if (one.done) return;
    SEARCHERS[k].worker?.terminate();
    SEARCHERS[k].worker = null;
    one.done = true;
    r.cut = (r.cut ?? 0) + 1;
  });
  if (byUser) r.stopped = true;
  r.resolve(null);
}

// The route of the best known chain (route.jcgn, made by scripts/web.sh from
// results/submission-200.jcgn: board 1, then the boards of its cycle), read
// by the C++ verifier: every position along it, with the moves from there to
// the end of its board. A hint from one of them plays the route at once (no
// search); the board after the route's last board is its cycle's first
// again, so a chain played by hints stays in the cycle.
const keyOf = (v) => `${v.face} ${v.tiles.join(' ')}`;
async function loadRoute() {
  try {
    const res = await fetch('route.jcgn');
    if (!res.ok) return;
    const r = new state.M.Replay(await res.text());
    const at = new Map(), counts = [];
    for (let b = 1; b <= r.boards(); b++) {
      const moves = JSON.parse(r.movesOf(b));
      counts.push(moves.length);
      for (let k = 0; k < moves.length; k++) at.set(keyOf(JSON.parse(r.at(b, k))), moves.slice(k));
    }
    r.delete();
    if (counts.length) state.route = { at, first: counts[0], later: Math.max(...counts.slice(1), 0) };
  } catch (e) {
    console.warn('no hint route:', e);
  }
}
// A solution's moves, the first 16 of them (the rest follow as they are played).
const movesText = (moves) => moves.slice(0, 16).join(' ') + (moves.length > 16 ? ` … (${moves.length - 16} more)` : '');
const routeWords = () => `the best known chain: board 1 in ${state.route.first} moves, then ${state.route.later} a board`;
// Why the hint searches: off the route, said with how far the route is.
function offRoute() {
  if (!state.route) return '';
  const fromStart = state.boardStart?.board === state.view.board ? state.route.at.get(state.boardStart.key) : null;
  if (fromStart) return `You left the route of ${routeWords()}: from this board's start it takes ${fromStart.length} moves (Restart board goes back to it). Searching instead. `;
  return `This board is off the route of ${routeWords()}. Searching. `;
}
function routeHint(whole, moves) {
  window.__hints.push({ board: state.view.board, played: state.view.moves.length, ms: 0, route: true, best: moves.length, by: 'route', steps: [], searchers: [] });
  const n = moves.length;
  const found = `${n} more move${n === 1 ? '' : 's'} solve this board on ${routeWords()}`;
  if (!whole) {
    board.markLabel(moves[0][0]);
    $('n-hint-out').textContent = `${tryWords(moves[0])}. ${found[0].toUpperCase() + found.slice(1)}.`;
    sayStatus(`${tryWords(moves[0])}.`);
    return;
  }
  $('n-hint-out').textContent = `${found[0].toUpperCase() + found.slice(1)}: ${movesText(moves)}.`;
  startPlan(moves, `${n} move${n === 1 ? '' : 's'} to solve it`);
}

async function hint(whole) {
  if (!state.chain || state.chain.done() || state.hintRun) return; // one search at a time
  stopPlan();
  refuse('');
  showBoard();
  const onRoute = state.route?.at.get(keyOf(state.view));
  if (onRoute) return routeHint(whole, onRoute);
  const why = offRoute();
  const budget = Number($('n-think').value) * 1000;
  const at = state.view, tiles = state.chain.tiles();
  const searchers = SEARCHERS.slice(0, SEARCHER_COUNT).map((one) => ({
    heuristic: one.heuristic, depth: one.depth, steps: [], table: null, done: false,
  }));
  const run = { id: ++state.hintId, at, tiles, best: null, whole, t0: performance.now(), budget, searchers, why };
  state.hintRun = run;
  document.body.dataset.thinking = '1';
  $('n-stop').disabled = false;
  $('n-progress').value = 0;
  sayStatus(`Thinking for ${budget / 1000} seconds…`);
  const ticker = setInterval(hintLine, 200);
  hintLine();
  const workers = await Promise.all(searchers.map(async (_, k) => (SEARCHERS[k].worker ??= await engine.worker())));
  const deadline = setTimeout(() => endSearch(false), Math.max(0, budget - (performance.now() - run.t0)));
  const error = await new Promise((resolve) => {
    run.resolve = resolve;
    searchers.forEach((one, k) => {
      workers[k].onmessage = (e) => onHintMessage(k, e);
      workers[k].postMessage({ id: run.id, call: 'hintAnytime', args: { tiles, face: at.face, board: at.board, depth: one.depth, heuristic: one.heuristic, width: SEARCHERS[k].width, lookahead: HINT_LOOKAHEAD, budget } });
    });
  });
  clearInterval(ticker);
  clearTimeout(deadline);
  state.hintRun = null;
  delete document.body.dataset.thinking;
  $('n-stop').disabled = !state.plan;
  $('n-progress').value = 0;
  // For tests and measurements: the first searcher's table and widths, then every searcher's.
  const steps = (one) => one.steps.map((s) => ({ width: s.width, moves: s.moves?.length, elapsed: s.elapsed }));
  window.__hints.push({
    board: at.board, played: at.moves.length, ms: Math.round(performance.now() - run.t0), depth: searchers[0].depth, stopped: !!run.stopped, cut: run.cut ?? 0,
    table: searchers[0].table, steps: steps(searchers[0]), best: run.best?.moves.length ?? null, by: run.best?.heuristic ?? null,
    searchers: searchers.map((one) => ({ heuristic: one.heuristic, depth: one.depth, table: one.table, steps: steps(one) })),
  });
  if (state.view !== at) return; // the board changed meanwhile
  // The best of this search and of any earlier one from the same position.
  const key = hintKey(tiles, at.face);
  const known = state.bestKnown.get(key);
  let moves = run.best?.moves;
  const earlier = known && (!moves || known.length < moves.length);
  if (earlier) moves = known;
  if (!moves) {
    const none = error ? `No hint: ${error}.` : 'No solution found in time: think longer.';
    $('n-hint-out').textContent = why + none;
    sayStatus(none);
    return;
  }
  state.bestKnown.set(key, moves);
  const total = at.moves.length + moves.length;
  const source = earlier ? 'found by an earlier hint from this position (the best known for it this session)'
    : known && known.length === moves.length ? 'the best known for this position this session' : null;
  const how = (run.stopped ? 'stopped after' : 'thought for') + ` ${((performance.now() - run.t0) / 1000).toFixed(1)} s`;
  const over = total > at.limit ? ` With the ${at.moves.length} already played that makes ${total}, over the limit of ${at.limit}: restart the board for a shorter way.` : '';
  const found = `a solution in ${moves.length} more move${moves.length === 1 ? '' : 's'}`;
  if (!whole) {
    board.markLabel(moves[0][0]);
    const text = `${tryWords(moves[0])}. It starts ${found}` + (source ? `, ${source}` : '') + ` (${how}).${over}`;
    $('n-hint-out').textContent = why + text;
    sayStatus(`${tryWords(moves[0])}.`);
    return;
  }
  const text = `${found[0].toUpperCase() + found.slice(1)}` + (source ? `, ${source}` : '') + ` (${how}): ${movesText(moves)}.${over}`;
  $('n-hint-out').textContent = why + text;
  startPlan(moves, found);
}
function startPlan(moves, found) {
  state.plan = { moves, next: 0, board: state.view.board, base: state.view.moves.length };
  $('n-step').disabled = $('n-play-all').disabled = $('n-stop').disabled = false;
  board.markLabel(moves[0][0]);
  sayStatus(`${found[0].toUpperCase() + found.slice(1)}. Next move: ${moves[0]}.`);
}
$('n-hint').onclick = () => hint(false);
$('n-solve').onclick = () => hint(true);

// Stepping through a whole-board solution: Next move, Play all, Stop. The
// plan holds while the board is the one it was found for and every move
// played since is the plan's.
function planHolds() {
  return state.plan && state.view.board === state.plan.board && !state.view.done && state.view.moves.length === state.plan.base + state.plan.next &&
    state.view.moves.slice(state.plan.base).every((m, i) => m === state.plan.moves[i]);
}
function stopPlan() {
  state.playingAll = false;
  state.plan = null;
  $('n-step').disabled = $('n-play-all').disabled = true;
  $('n-stop').disabled = !state.hintRun;
  $('n-play-all').textContent = 'Play all';
}
async function stepPlan() {
  if (!planHolds()) {
    const moved = state.plan !== null;
    stopPlan();
    if (moved) sayStatus('The board changed: ask for a new hint.');
    return false;
  }
  const m = state.plan.moves[state.plan.next];
  const boardNo = state.view.board;
  await push(m[0]);
  state.plan.next++;
  if (state.view.board !== boardNo || state.plan.next >= state.plan.moves.length) {
    const solved = state.view.board !== boardNo || state.view.solvedBoards >= boardNo;
    stopPlan();
    if (!solved) sayStatus('The solution ended without solving the board.');
    else $('n-hint-out').textContent = ''; // it spoke of the board just solved
    if (solved) document.body.dataset.planDone = state.view.solvedBoards;
    return false;
  }
  board.markLabel(state.plan.moves[state.plan.next][0]);
  // Paused while this move was played: the pause's words stay.
  sayStatus(`${state.plan.paused ? 'Paused at' : `Played ${m}:`} move ${state.plan.next} of ${state.plan.moves.length}. Next: ${state.plan.moves[state.plan.next]}.`);
  return true;
}
$('n-step').onclick = () => (refuse(''), showBoard(), state.plan && (state.plan.paused = false), enqueue(stepPlan));
// Play all: a move every STEP_MS (the slide, then a pause), with or without
// reduced motion, so a person can follow it.
$('n-play-all').onclick = () => {
  if (state.playingAll) return pausePlan();
  refuse('');
  state.playingAll = true;
  state.plan.paused = false;
  $('n-play-all').textContent = 'Pause';
  showBoard();
  const loop = async () => {
    for (;;) {
      const t0 = performance.now();
      if (!state.playingAll || !(await stepPlan())) break;
      await sleep(Math.max(0, STEP_MS - (performance.now() - t0)));
    }
  };
  enqueue(loop);
};
function pausePlan() {
  if (!state.plan) return;
  showBoard();
  state.playingAll = false;
  state.plan.paused = true;
  $('n-play-all').textContent = 'Play all';
  sayStatus(`Paused at move ${state.plan.next} of ${state.plan.moves.length}. Next: ${state.plan.moves[state.plan.next]}.`);
}
// Stop: ends a search (the best found so far is kept), or pauses Play all.
$('n-stop').onclick = () => (state.hintRun ? endSearch(true) : pausePlan());
window.__hints = [];

$('n-export').onclick = () => {
  const text = state.chain.entry();
  if (text) download(`golden-nugget-${state.view.solvedBoards}-boards.jcgn`, text);
};

$('n-new').onclick = () => {
  const started = state.view && (state.view.solvedBoards > 0 || state.view.moves.length > 0);
  if (started && !confirmed('new', 'Start a new chain? Press New chain again.')) return;
  enqueue(async () => {
    stopPlan();
    refuse('');
    state.chain?.delete();
    state.chain = state.M.NuggetChain.create(Number($('n-length').value));
    refresh();
    board.show(state.view);
    status(`A new chain of ${state.view.boards} boards: board 1, face A`);
  });
};

// ------------------------------------------------------------ replay
const rboard = new NuggetBoard($('r-board'));

async function openEntry(text, name) {
  stopPlaying();
  state.verdict = JSON.parse(state.M.verify(text, name));
  state.replay?.delete();
  state.replay = new state.M.Replay(text);
  const v = $('r-verdict');
  v.textContent = verdictWords(state.verdict);
  $('r-tool').textContent = `The nugget tool's words: ${state.verdict.message}`;
  v.className = 'verdict ' + (state.verdict.ok ? 'ok' : 'bad');
  document.body.dataset.verdict = state.verdict.ok ? 'valid' : 'invalid';
  const n = state.replay.boards();
  $('r-controls').hidden = n === 0;
  if (!n) return;
  $('r-board-slider').max = n;
  drawChart();
  seek(1, 0);
}

// The verifier's verdict (jcgn::verify, `nugget verify`'s words: "FILE:LINE:
// move 3 \"H6\": farthest white is at 7") said to a player: which board,
// which move, and why, in words.
function verdictWords(v) {
  if (v.ok) return `A valid entry: ${v.boards} boards solved in ${v.totalMoves.toLocaleString('en')} moves, a mean of ${v.mean.toFixed(4)} moves a board.`;
  const r = v.reason, next = v.boards + 1;
  const before = v.boards ? ` The ${v.boards} board${v.boards > 1 ? 's' : ''} before it replay${v.boards > 1 ? '' : 's'} here.` : '';
  let m = /^move (\d+) "([^"]*)": (.*)$/.exec(r);
  if (m) {
    const [, k, mv, why] = m;
    const f = /^farthest white is at (\d)$/.exec(why);
    const words = f ? `it says ${mv[1]} cells move, but the white tile farthest from ${mv[0]} is cell ${f[1]}, so a push at ${mv[0]} moves ${f[1]}`
      : why === 'it would move no coloured tile' ? `a push at ${mv[0]} would move no coloured tile`
      : why === 'the line has no white tile' ? `the line of ${mv[0]} has no white tile to bring in`
      : why === 'not a move' ? 'that is not a move name (a label, 1-7 or A-U, then the number of cells moved, 2-7)'
      : why.startsWith('full notation') ? 'the number of cells moved is missing after the label' : why;
    return `Board ${next}, move ${k} (${mv}) cannot be played: ${words}.${before}`;
  }
  if ((m = /^unknown record (.*)$/.exec(r))) return `This file is not a Golden Nugget entry: line ${v.line} starts with ${m[1]}, where an entry has "board", "final" or a "#" comment.`;
  if ((m = /^board (\d+) not solved$/.exec(r))) return `Board ${m[1]} is not solved by its moves: after the last one the coloured tiles are not in stripes.${before}`;
  if (r === 'final does not match') return `The tiles written after board ${v.boards} (line ${v.line}) are not where its moves put them.`;
  if ((m = /^20 boards needed, got (\d+)$/.exec(r))) return `Too short to rank: an entry needs 20 boards, this one has ${m[1]}.${before}`;
  return `Line ${v.line} is not as an entry's should be: ${r}.${before}`;
}

function seek(b, m, animateFrom = null) {
  const n = state.replay.boards();
  b = Math.max(1, Math.min(n, b));
  const count = JSON.parse(state.replay.movesOf(b)).length;
  m = Math.max(0, Math.min(count, m));
  state.at = { board: b, move: m };
  const next = JSON.parse(state.replay.at(b, m));
  $('r-board-slider').value = b;
  $('r-board-no').textContent = b;
  $('r-move-slider').max = count;
  $('r-move-slider').value = m;
  $('r-move-no').textContent = m;
  $('r-move-count').textContent = count;
  $('r-last').textContent = m ? `Move ${m}: ${next.last}` + (next.solved ? ' — solved' : '') : `Board ${b}, face ${next.face}: the start`;
  for (const bar of $('r-chart').querySelectorAll('rect.bar')) bar.classList.toggle('current', Number(bar.dataset.board) === b);
  const prev = state.rview;
  state.rview = next;
  if (animateFrom && prev) return rboard.move(prev, next, Math.min(MOVE_MS, Number($('r-speed').value) * 0.7));
  rboard.show(next);
  return Promise.resolve();
}

function step(d) {
  const count = JSON.parse(state.replay.movesOf(state.at.board)).length;
  if (d > 0 && state.at.move >= count) {
    if (state.at.board >= state.replay.boards()) return false;
    const end = state.rview;
    const after = JSON.parse(state.replay.at(state.at.board + 1, 0));
    seek(state.at.board + 1, 0);
    rboard.show(end);
    return rboard.turnOver(after, FLIP_MS * 0.6);
  }
  if (d < 0 && state.at.move === 0) {
    if (state.at.board <= 1) return false;
    const prevCount = JSON.parse(state.replay.movesOf(state.at.board - 1)).length;
    return seek(state.at.board - 1, prevCount);
  }
  return seek(state.at.board, state.at.move + d, true);
}

function stopPlaying() {
  if (state.playing) clearTimeout(state.playing);
  state.playing = null;
  $('r-play').textContent = 'Play';
}
async function playOn() {
  const r = step(1);
  if (r === false) return stopPlaying();
  await r;
  if (state.playing) state.playing = setTimeout(playOn, Number($('r-speed').value));
}
$('r-play').onclick = () => {
  if (state.playing) return stopPlaying();
  $('r-play').textContent = 'Pause';
  state.playing = setTimeout(playOn, 0);
};
$('r-next').onclick = () => (stopPlaying(), step(1));
$('r-prev').onclick = () => (stopPlaying(), step(-1));
$('r-next-board').onclick = () => (stopPlaying(), seek(state.at.board + 1, 0));
$('r-prev-board').onclick = () => (stopPlaying(), seek(state.at.board - 1, 0));
$('r-board-slider').oninput = (e) => (stopPlaying(), seek(Number(e.target.value), 0));
$('r-move-slider').oninput = (e) => (stopPlaying(), seek(state.at.board, Number(e.target.value)));

// Moves per board: one bar a board (a cycle shows as a repeating pattern),
// drawn in the chart's own pixels (redrawn when its width changes), so the
// labels are 13 px at any width; the mean's label stands in the band above
// the bars, never over them.
const CHART_FONT = 13;
function drawChart() {
  const svg = $('r-chart');
  svg.textContent = '';
  const per = state.verdict?.perBoard ?? [];
  if (!per.length) return;
  const W = Math.max(200, Math.round(svg.clientWidth || 400));
  const H = Math.round(Math.min(260, Math.max(170, W * 0.42)));
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.dataset.width = W;
  const f = CHART_FONT, top = Math.max(...per, 20);
  const left = 34, band = f + 10, bottom = f + 8; // axis numbers; the legend's band; the board numbers
  const plotH = H - band - bottom - 2, base = H - bottom - 2;
  const bw = (W - left - 2) / per.length;
  const text = (x, y, t, cls = 'axis') => (svgEl('text', { x, y, class: cls }, svg).textContent = t);
  // The moves axis: a line every 10 moves (every 20 past 80), each numbered.
  const stepY = top > 80 ? 20 : 10;
  for (let v = 0; v <= top; v += stepY) {
    const y = base - (plotH * v) / top;
    if (v) svgEl('line', { x1: left, y1: y, x2: W, y2: y, class: 'grid-line' }, svg);
    if (v === 0 || base - y >= f) text(left - 4, y + f * 0.35, v, 'axis end tick');
  }
  svgEl('line', { x1: left, y1: base, x2: W, y2: base, class: 'axis-line' }, svg);
  per.forEach((n, i) => {
    const h = (plotH * n) / top;
    svgEl('rect', { x: left + 1 + i * bw, y: base - h, width: Math.max(0.6, bw - (bw > 3 ? 0.5 : 0.1)), height: h, class: 'bar', 'data-board': i + 1 }, svg);
    // The whole column is the bar's target: a 2-pixel bar is picked by its column.
    const hit = svgEl('rect', { x: left + 1 + i * bw, y: band, width: bw, height: base - band, class: 'hit', 'data-board': i + 1 }, svg);
    hit.addEventListener('click', () => (stopPlaying(), seek(i + 1, 0)));
    hit.addEventListener('pointerenter', () => chartTip(i + 1));
  });
  svg.onpointerleave = () => chartTip(null);
  const mean = per.reduce((a, b) => a + b, 0) / per.length;
  const y = base - (plotH * mean) / top;
  svgEl('line', { x1: left, y1: y, x2: W, y2: y, class: 'mean-line' }, svg);
  // The legend: "moves a board", and the dashed line's meaning.
  text(left, f, 'moves a board');
  svgEl('line', { x1: W - 118, y1: f * 0.65, x2: W - 100, y2: f * 0.65, class: 'mean-line' }, svg);
  text(W - 2, f, `mean ${mean.toFixed(3)}`, 'axis end mean');
  // The boards axis: board 1, the last, and round numbers between.
  const stepX = [1, 2, 5, 10, 20, 25, 50, 100].find((s) => (per.length / s) * 34 <= W - left) ?? 100;
  text(left, H - 3, 'board 1');
  for (let b = stepX; (per.length - b) * bw > 44; b += stepX) if (b * bw > 60) text(left + 1 + (b - 0.5) * bw, H - 3, b, 'axis mid');
  text(W - 2, H - 3, `${per.length}`, 'axis end');
  for (const bar of svg.querySelectorAll('rect.bar')) bar.classList.toggle('current', Number(bar.dataset.board) === state.at.board);
}
// The bar under the pointer (or the board chosen by keyboard), named in a
// tip over the chart: "Board 37: 12 moves".
function chartTip(b) {
  const tip = $('r-tip');
  const per = state.verdict?.perBoard ?? [];
  if (!b || !per[b - 1]) return void (tip.hidden = true);
  const bar = $('r-chart').querySelector(`rect.bar[data-board="${b}"]`).getBoundingClientRect();
  const box = tip.parentElement.getBoundingClientRect();
  tip.textContent = `Board ${b}: ${per[b - 1]} moves`;
  tip.hidden = false;
  const x = Math.min(box.width - tip.offsetWidth, Math.max(0, bar.left + bar.width / 2 - box.left - tip.offsetWidth / 2));
  tip.style.left = `${x}px`;
  tip.style.top = `${Math.max(0, bar.top - box.top - tip.offsetHeight - 6)}px`;
  for (const r of $('r-chart').querySelectorAll('rect.bar')) r.classList.toggle('pointed', Number(r.dataset.board) === b);
}
$('r-chart').addEventListener('keydown', (ev) => {
  const d = { ArrowRight: 1, ArrowLeft: -1, PageUp: 10, PageDown: -10 }[ev.key];
  if (!d || !state.replay) return;
  ev.preventDefault();
  stopPlaying();
  seek(state.at.board + d, 0);
  chartTip(state.at.board);
});
$('r-chart').addEventListener('blur', () => chartTip(null));
new ResizeObserver(() => {
  const svg = $('r-chart');
  if (state.verdict && Math.abs((svg.clientWidth || 0) - Number(svg.dataset.width ?? 0)) > 2) drawChart();
}).observe($('r-chart'));

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
state.M = await engine.module;
await loadRoute();
const saved = localStorage.getItem(STORE);
if (saved) {
  state.chain = state.M.NuggetChain.restore(saved);
  if (!state.chain) console.warn('the saved chain was not restored:', state.M.lastError());
}
state.chain ??= state.M.NuggetChain.create(20);
refresh();
if (state.view.moves.length) {
  // Reloaded in the middle of a board: where it started (for the hint's route).
  const copy = state.M.NuggetChain.restore(state.chain.save());
  if (copy) {
    copy.restartBoard();
    state.boardStart = { board: state.view.board, key: keyOf(JSON.parse(copy.view())) };
    copy.delete();
  }
}
board.show(state.view);
status(state.view.solvedBoards || state.view.moves.length ? `Welcome back: board ${state.view.board}, ${state.view.moves.length} moves so far` : 'Board 1, face A: click a label to push');
if (location.hash === '#replay') mode('replay');
document.body.dataset.ready = '1';
window.__nugget = { plan: () => state.plan, route: () => state.route && { positions: state.route.at.size, first: state.route.first, later: state.route.later }, view: () => state.view, verdict: () => state.verdict, at: () => state.at, rview: () => state.rview };
