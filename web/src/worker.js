// The search thread of every page: the same WebAssembly module as the page,
// asked for one answer at a time (a CPU move, a Golden Nugget hint), so the
// page keeps drawing while it thinks. common.js loadEngine starts it from a
// Blob of the module's JS + this file and hands it the wasm bytes it already
// holds, so new workers need no network (offline).
// Message in:  {wasm, factory} once (factory: the module's createX), then
//              {id, call, args}: the module's function `call` (think, hint),
//              which answers JSON or "error: ..."; or
//              {id, call: 'hintAnytime', args: {tiles, face, board, depth,
//              width, lookahead, heuristic, budget}}: Golden Nugget's hint
//              (the beam heuristic named, "chain" unless the page's hint=
//              parameter says another; the page runs one such search in
//              each of its workers), thinking for about `budget` ms: the
//              endgame table of `depth` first (built once, then kept; depth
//              4 when that one cannot be built), then beams of width, 2
//              width, 4 width, ... while
//              the next one (about twice the last) is expected to end within
//              the budget (as `nugget solve-board --budget` does).
// Message out: {id, ...the JSON answer} or {id, error}; for hintAnytime one
//              {id, step: {...hint's answer, elapsed}} a width (or {id,
//              step: {error, width, elapsed}}), then {id, done: true}. The
//              worker cannot be interrupted inside a width: the page stops
//              it by terminating it (and keeps the best step it was sent).
let ready = null;
onmessage = async (e) => {
  if (e.data.wasm) {
    ready = self[e.data.factory]({ wasmBinary: e.data.wasm });
    return;
  }
  const { id, call, args } = e.data;
  const M = await ready;
  if (call === 'hintAnytime') return hintAnytime(M, id, args);
  const answer = M[call](...args);
  postMessage(answer.startsWith('error: ') ? { id, error: answer.slice(7) } : { id, ...JSON.parse(answer) });
};

function hintAnytime(M, id, { tiles, face, board, depth, width, lookahead, heuristic = 'chain', budget }) {
  const t0 = performance.now();
  const elapsed = () => Math.round(performance.now() - t0);
  let table = M.hint(tiles, face, board, 0, depth, 0);
  // A table that does not fit (memory refused): the depth-4 one (~0.3 MB).
  if (table.startsWith('error: ') && depth > 4) table = M.hint(tiles, face, board, 0, (depth = 4), 0);
  if (table.startsWith('error: ')) return postMessage({ id, error: table.slice(7), done: true });
  postMessage({ id, table: { ...JSON.parse(table), elapsed: elapsed() } });
  for (let w = width; ; w *= 2) {
    const before = performance.now();
    const a = M.hint(tiles, face, board, w, depth, lookahead, heuristic);
    const took = performance.now() - before;
    postMessage({ id, step: a.startsWith('error: ') ? { error: a.slice(7), width: w, elapsed: elapsed() } : { ...JSON.parse(a), elapsed: elapsed() } });
    // A beam costs about its width: the next one about twice this one.
    if (w >= 100000 || performance.now() - t0 + 2.2 * took > budget) break;
  }
  postMessage({ id, done: true, elapsed: elapsed() });
}
