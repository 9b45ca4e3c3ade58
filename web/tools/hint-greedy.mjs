// Which of two hint searchers' answers to keep, measured without a browser
// and without the clock: a chain of 20 boards solved in node by the wasm
// hint() (the page's board search, look-ahead 8) at one fixed width, so the
// result does not depend on the machine's load. Each board: the "chain"
// heuristic at depth 5, and the other searcher; RULE picks what is played:
//   chain          chain's answer alone (the other is not run)
//   shortest       chain or displacement (depth 5), the shorter
//   margin         displacement only when MARGIN or more moves shorter
//   depths         chain at depth 5 or chain at depth 4, the shorter (ties: the
//                  better next-board estimate); one module each, as the page
//                  has one worker each (a module switching depths grows)
// Prints each board's lengths and the mean.
// Usage (after scripts/web.sh): node web/tools/hint-greedy.mjs RULE [WIDTH] [MARGIN]
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../build/web');
const load = () => createRequire(import.meta.url)(path.join(web, 'nugget-engine.js'))({ wasmBinary: readFileSync(path.join(web, 'nugget-engine.wasm')) });
const rule = process.argv[2], width = Number(process.argv[3] ?? 1200), margin = Number(process.argv[4] ?? 3);
if (!['chain', 'shortest', 'margin', 'depths'].includes(rule)) throw new Error('RULE: chain, shortest, margin or depths');
const N = await load(), other = rule === 'depths' ? await load() : N;
const ask = (M, c, v, b, depth, heuristic) => {
  const a = M.hint(c.tiles(), v.face, b, width, depth, 8, heuristic);
  if (a.startsWith('error: ')) throw new Error(a);
  return JSON.parse(a);
};
const c = N.NuggetChain.create(20);
const per = [];
for (let b = 1; b <= 20; b++) {
  const v = JSON.parse(c.view());
  const a = ask(N, c, v, b, 5, 'chain');
  const o = rule === 'chain' ? null : rule === 'depths' ? ask(other, c, v, b, 4, 'chain') : ask(N, c, v, b, 5, 'displacement');
  let pick = a;
  if (rule === 'shortest' && o.moves.length < a.moves.length) pick = o;
  if (rule === 'margin' && o.moves.length <= a.moves.length - margin) pick = o;
  if (rule === 'depths' && (o.moves.length < a.moves.length || (o.moves.length === a.moves.length && o.next < a.next))) pick = o;
  for (const m of pick.moves) c.push(m[0]);
  per.push(pick.moves.length);
  console.log(`board ${b}: chain ${a.moves.length}${o ? `, other ${o.moves.length}` : ''} -> ${pick.moves.length}`);
}
console.log(`${rule}, width ${width}${rule === 'margin' ? `, margin ${margin}` : ''}: mean ${(per.reduce((x, y) => x + y) / 20).toFixed(3)}`);
