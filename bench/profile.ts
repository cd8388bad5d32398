// A CPU profile of validateProductOrder on one corpus: `npm run bench:profile -- N` (N: the corpus, 0 to 11, in the order of bench/corpora.ts) writes
// bench/.out/*.cpuprofile, to open in Chrome DevTools.
import { readFileSync, writeFileSync } from 'node:fs';
import { corpora } from './corpora.js';

const index = Number(process.argv[2] ?? 0);
if (process.argv[3] !== 'run') {
  writeFileSync('bench/.out/corpus.json', JSON.stringify(corpora()[index].orders));
} else {
  const { validateProductOrder } = await import('product-order-validator');
  const orders = JSON.parse(readFileSync('bench/.out/corpus.json', 'utf8'));
  const end = Date.now() + 4000;
  let valid = 0;
  while (Date.now() < end) for (const order of orders) if (validateProductOrder(order).valid) valid++;
  console.log(`${valid} valid`);
}
