// The search thread of every page: the same WebAssembly module as the page,
// asked for one answer at a time (a CPU move, a Golden Nugget hint), so the
// page keeps drawing while it thinks. common.js loadEngine starts it from a
// Blob of the module's JS + this file and hands it the wasm bytes it already
// holds, so new workers need no network (offline).
// Message in:  {wasm, factory} once (factory: the module's createX), then
//              {id, call, args}: the module's function `call` (think, hint),
//              which answers JSON or "error: ..."
// Message out: {id, ...the JSON answer} or {id, error}
let ready = null;
onmessage = async (e) => {
  if (e.data.wasm) {
    ready = self[e.data.factory]({ wasmBinary: e.data.wasm });
    return;
  }
  const { id, call, args } = e.data;
  const M = await ready;
  const answer = M[call](...args);
  postMessage(answer.startsWith('error: ') ? { id, error: answer.slice(7) } : { id, ...JSON.parse(answer) });
};
