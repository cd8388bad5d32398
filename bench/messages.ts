// The cost of the messages: validateProductOrder of this tree against another tree's (before a change
// to src/messages/), side by side in one process on the invalid corpora, in paired rounds; or a CPU
// profile of this tree's source. Both bundles come from the source, so a profile names its functions.
//
//   git archive <base> | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/node_modules
//   npx esbuild bench/messages.ts --bundle --platform=node --format=esm --packages=external --outfile=bench/.out/messages.mjs
//   npx esbuild /tmp/before/src/index.ts --bundle --platform=node --format=esm --packages=external --outfile=bench/.out/before.mjs
//   npx esbuild /tmp/before/src/messages/index.ts --bundle --platform=node --format=esm --packages=external --outfile=bench/.out/before-messages.mjs
//   node bench/.out/messages.mjs compare bench/.out/before.mjs bench/.out/before-messages.mjs   # the ratios, before ÷ this tree
//   node --cpu-prof --cpu-prof-dir=bench/.out bench/.out/messages.mjs profile 4   # corpus 4 of bench/corpora.ts
import { resolve } from 'node:path';
import { validateProductOrder } from '../src/index.js';
import { formatOrder } from '../src/messages/index.js';
import type { Finding } from '../src/violation.js';
import { type Corpus, corpora } from './corpora.js';

type Validate = typeof validateProductOrder;
type Format = typeof formatOrder;

const rounds = Number(process.env.BENCH_ROUNDS) || 61;
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

/** CPU time of the process (user and system, µs): on a shared machine, less noisy than the wall clock. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** CPU microseconds of `times` calls of `pass`. */
function time(pass: () => void, times: number): number {
  const start = cpu();
  for (let t = 0; t < times; t++) pass();
  return cpu() - start;
}

/** The ratios of `before` over `after`, in paired turns of about 20 ms each, alternating which goes first. */
function paired(before: () => void, after: () => void): number[] {
  const times = Math.max(1, Math.round(20_000 / Math.max(time(after, 1), 10)));
  for (let warm = 0; warm < 3; warm++) time(before, times) + time(after, times);
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const first = r % 2 === 0;
    const a = first ? time(before, times) : 0;
    const b = time(after, times);
    const c = first ? a : time(before, times);
    ratios.push(c / b);
  }
  return ratios.sort((x, y) => x - y);
}

const row = (cells: readonly (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);
const figures = (ratios: readonly number[]) => [
  fmt(median(ratios)),
  `${fmt(ratios[Math.floor(ratios.length / 4)])} to ${fmt(ratios[Math.floor((3 * ratios.length) / 4)])}`,
];

async function compare(beforePath: string, beforeMessages?: string): Promise<void> {
  const before = ((await import(resolve(beforePath))) as { validateProductOrder: Validate }).validateProductOrder;
  const words = beforeMessages && ((await import(resolve(beforeMessages))) as { formatOrder: Format }).formatOrder;
  console.log(
    `${rounds} paired rounds of CPU time, alternating which runs first; ratio = before ÷ after (> 1: faster now)`,
  );
  row([
    'corpus',
    'lang',
    'violations per order',
    'validation: median',
    'quartiles',
    ...(words ? ['messages alone: median', 'quartiles'] : []),
  ]);
  row(Array(words ? 7 : 5).fill('---'));
  for (const { corpus, lang } of invalid()) {
    const { orders } = corpus;
    for (const o of orders)
      if (JSON.stringify(before(o, { lang })) !== JSON.stringify(validateProductOrder(o, { lang })))
        throw new Error(`${corpus.name} (${lang}): the two trees answer differently`);
    const whole = paired(
      () => {
        for (const o of orders) before(o, { lang });
      },
      () => {
        for (const o of orders) validateProductOrder(o, { lang });
      },
    );
    const found = orders.flatMap((o) => validateProductOrder(o).violations) as unknown as Finding[];
    const alone =
      words &&
      paired(
        () => {
          for (const f of found) words(f, lang);
        },
        () => {
          for (const f of found) formatOrder(f, lang);
        },
      );
    row([
      corpus.name,
      lang,
      Math.round(found.length / orders.length),
      ...figures(whole),
      ...(alone ? figures(alone) : []),
    ]);
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
if (mode === 'compare' && arg) await compare(arg, process.argv[4]);
else if (mode === 'profile') profile(Number(arg ?? 4));
else console.log('usage: messages.mjs compare <before bundle> | profile <corpus>');
