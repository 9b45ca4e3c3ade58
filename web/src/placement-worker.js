// The CPU player's thread for JC Shock and JC Attract: the CLI's alpha-beta
// and MCTS players (placement-engine.wasm), one move at a time.
// Message in:  {wasm} once, then {id, game, position, kind, timeMs, seed}
//              (position: the CLI's position file text)
// Message out: {id, move, ms, depth, playouts, value, proof} or {id, error}
let ready = null;
onmessage = async (e) => {
  if (e.data.wasm) {
    ready = createPlacement({ wasmBinary: e.data.wasm });
    return;
  }
  const { id, game, position, kind, timeMs, seed } = e.data;
  const M = await ready;
  const answer = M.think(game, position, kind, timeMs, seed >>> 0);
  postMessage(answer.startsWith('error: ') ? { id, error: answer.slice(7) } : { id, ...JSON.parse(answer) });
};
