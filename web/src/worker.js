// The CPU player's thread: the same WebAssembly module as the page, asked
// for one move at a time, so the page keeps drawing while it thinks.
// The page starts it from a Blob of rings.js + this file and hands it the
// wasm bytes it already holds, so new games need no network (offline).
// Message in:  {wasm} once, then {id, position, kind, timeMs, playouts, seed}
//              (position: the CLI's position file text, RingsGame.position())
// Message out: {id, move, playouts, depth, ms, value} or {id, error}
let ready = null;
onmessage = async (e) => {
  if (e.data.wasm) {
    ready = createRings({ wasmBinary: e.data.wasm });
    return;
  }
  const { id, position, kind, timeMs, playouts, seed } = e.data;
  const M = await ready;
  const answer = M.think(position, kind, timeMs, playouts, seed >>> 0);
  postMessage(answer.startsWith('error: ') ? { id, error: answer.slice(7) } : { id, ...JSON.parse(answer) });
};
