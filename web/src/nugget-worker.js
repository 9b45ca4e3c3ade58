// The Golden Nugget hint's thread: the solver's board search (ChainSolver,
// narrow, serial; nugget-engine.wasm) runs here so the page keeps drawing.
// The page starts it from a Blob of nugget-engine.js + this file (common.js
// loadEngine) and hands it the wasm bytes.
// Message in:  {wasm} once, then {id, tiles, face, board, width}
// Message out: {id, moves, ms, width, depth, generated} or {id, error}
let ready = null;
onmessage = async (e) => {
  if (e.data.wasm) {
    ready = createNugget({ wasmBinary: e.data.wasm });
    return;
  }
  const { id, tiles, face, board, width } = e.data;
  const M = await ready;
  const answer = M.hint(tiles, face, board, width);
  postMessage(answer.startsWith('error: ') ? { id, error: answer.slice(7) } : { id, ...JSON.parse(answer) });
};
