// The cost of the messages: validateProductOrder of this tree against another tree's (before a change
// to src/messages/), side by side in one process on the invalid corpora, in paired rounds; or a CPU
// profile of this tree's source. Both bundles come from the source, so a profile names its functions.
//
//   git archive <base> | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/node_modules
//   npx esbuild bench/messages.ts --bundle --platform=node --format=esm --packages=external --outfile=bench/.out/messages.mjs
//   npx esbuild /tmp/before/src/index.ts --bundle --platform=node --format=esm --packages=external --outfile=bench/.out/before.mjs
//   node bench/.out/messages.mjs compare bench/.out/before.mjs     # the ratios, before ÷ this tree
//   node --cpu-prof --cpu-prof-dir=bench/.out bench/.out/messages.mjs profile 4   # corpus 4 of bench/corpora.ts
import { resolve } from 'node:path';
import { validateProductOrder } from '../src/index.js';
import { type Corpus, corpora } from './corpora.js';

type Validate = typeof validateProductOrder;

const rounds = Number(process.env.BENCH_ROUNDS) || 15;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const fmt = (n: number) => n.toFixed(2);

/** The invalid corpora of bench/corpora.ts, with the language each is worded in. */
function invalid(): { corpus: Corpus; lang: 'en' | 'de' }[] {
  const all = corpora().filter((c) => c.kind === 'ten faults' || c.kind === 'thousand faults');
  return all.flatMap((corpus) => [
    { corpus, lang: 'en' as const },
    { corpus, lang: 'de' as const },
  ]);
}

/** Milliseconds of `times` passes of `validate` over the orders. */
function time(validate: Validate, orders: readonly unknown[], lang: string, times: number): number {
  const start = performance.now();
  for (let t = 0; t < times; t++) for (const order of orders) validate(order, { lang });
  return performance.now() - start;
}

/** Passes enough for about 100 ms of `validate` over the orders. */
function passes(validate: Validate, orders: readonly unknown[], lang: string): number {
  const once = Math.max(time(validate, orders, lang, 1), 0.01);
  return Math.max(1, Math.round(100 / once));
}

async function compare(beforePath: string): Promise<void> {
  const before = ((await import(resolve(beforePath))) as { validateProductOrder: Validate }).validateProductOrder;
  console.log(`${rounds} paired rounds, alternating which runs first; ratio = before ÷ after (> 1: faster now)`);
  console.log('| corpus | lang | violations per order | median | range |');
  console.log('|---|---|---|---|---|');
  for (const { corpus, lang } of invalid()) {
    const same = corpus.orders.every(
      (o) => JSON.stringify(before(o, { lang })) === JSON.stringify(validateProductOrder(o, { lang })),
    );
    if (!same) throw new Error(`${corpus.name} (${lang}): the two trees answer differently`);
    const times = passes(validateProductOrder, corpus.orders, lang);
    for (let warm = 0; warm < 3; warm++) {
      time(before, corpus.orders, lang, times);
      time(validateProductOrder, corpus.orders, lang, times);
    }
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const first = r % 2 === 0;
      const a = first ? time(before, corpus.orders, lang, times) : 0;
      const b = time(validateProductOrder, corpus.orders, lang, times);
      const c = first ? a : time(before, corpus.orders, lang, times);
      ratios.push(c / b);
    }
    ratios.sort((x, y) => x - y);
    const count = corpus.orders.reduce<number>((n, o) => n + validateProductOrder(o).violations.length, 0);
    console.log(
      `| ${corpus.name} | ${lang} | ${Math.round(count / corpus.orders.length)} | ${fmt(median(ratios))} | ${fmt(ratios[0])} to ${fmt(ratios[ratios.length - 1])} |`,
    );
  }
}

function profile(index: number): void {
  const { orders } = corpora()[index];
  const end = Date.now() + 4000;
  let invalidOrders = 0;
  while (Date.now() < end) for (const order of orders) if (!validateProductOrder(order).valid) invalidOrders++;
  console.log(`${corpora()[index].name}: ${invalidOrders} invalid validations`);
}

const [mode, arg] = process.argv.slice(2);
if (mode === 'compare' && arg) await compare(arg);
else if (mode === 'profile') profile(Number(arg ?? 4));
else console.log('usage: messages.mjs compare <before bundle> | profile <corpus>');
