// The CPU player's thread: the same WebAssembly module as the page, asked
// for one move at a time, so the page keeps drawing while it thinks.
// Message in:  {id, position, kind, timeMs, playouts, seed}  (position: the
//              CLI's position file text, from RingsGame.position())
// Message out: {id, move, playouts, depth, ms, value} or {id, error}
importScripts('rings.js');
const ready = createRings();
onmessage = async (e) => {
  const { id, position, kind, timeMs, playouts, seed } = e.data;
  const M = await ready;
  const answer = M.think(position, kind, timeMs, playouts, seed >>> 0);
  postMessage(answer.startsWith('error: ') ? { id, error: answer.slice(7) } : { id, ...JSON.parse(answer) });
};
