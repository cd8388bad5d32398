// npm run bench: the targets of the engine, each a ratio side by side in one process on the same
// input, in paired rounds (every tool in turn on the same corpus, the round's ratio taken), repeated
// by BENCH_RUNS fresh processes (3 by default); one table of the targets, with the median, the
// spread and each run's median of every ratio. Times are the process's CPU time, which the load of
// other processes on a shared machine disturbs less than the clock; orders per CPU second are context.
// BENCH_ROUNDS sets the rounds of a run (7), BENCH_CORPORA keeps the corpora whose name holds one of
// its comma-separated parts, BENCH_ONLY=bundles prints the sizes of a form's and the client's bundles alone,
// BENCH_ONLY=hostile the hostile 1 MiB bodies' lines alone.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import Ajv2020 from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import { validateProductOrder, validateProductOrderText } from 'product-order-validator';
import { Compile } from 'typebox/compile';
import {
  ajvEntry,
  bundleSize,
  clientEntry,
  clientOwnEntry,
  formEntries,
  validatorEntry,
  withoutValidators,
} from './bundle.js';
import { type Corpus, corpora, hostileBodies } from './corpora.js';
import { assembledDiagnosis } from './diagnosis.js';
import { fmt, type Measured, median, targetsTable } from './targets.js';

const rounds = Number(process.env.BENCH_ROUNDS) || 7;
const runs = Number(process.env.BENCH_RUNS) || 3;
/** CPU time a tool gets in one round, about, in ms. */
const batchMs = 50;
const schema = JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8'));
const standalone = 'bench/.out/ajv-standalone.mjs';

/** ajv 8 with allErrors and ajv-formats, compiling the schema as a team without this library would. */
function ajvAllErrors() {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

/** The process's CPU time so far, user and system, in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** One pass of a tool over a corpus, giving a count so that no work is optimised away. */
type Pass = () => number;

/**
 * The CPU time of one pass of each tool in each of `rounds` paired rounds: in a round every tool runs
 * in turn (the first rotating from round to round), each for about `batchMs`, so that a ratio of two
 * tools in one round compares them under the same conditions.
 */
function paired(passes: Record<string, Pass>): Record<string, number[]> {
  const names = Object.keys(passes);
  let sink = 0;
  const reps: Record<string, number> = {};
  for (const name of names) {
    const pass = passes[name] as Pass;
    // warm-up, which also sizes the tool's batch: at least two passes and 2 × batchMs
    let took = 0;
    let count = 0;
    for (const start = cpuMs(); count < 2 || took < 2 * batchMs; count++) {
      sink += pass();
      took = cpuMs() - start;
    }
    reps[name] = Math.max(1, Math.round((batchMs * count) / took));
  }
  const perRound: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length] as string;
      const pass = passes[name] as Pass;
      const times = reps[name] as number;
      const start = cpuMs();
      for (let r = 0; r < times; r++) sink += pass();
      perRound[name]?.push((cpuMs() - start) / times);
    }
  }
  if (Number.isNaN(sink)) throw new Error('nothing was computed');
  return perRound;
}

/** Each round's ratio `of[r] / to[r]`. */
const ratios = (of: readonly number[], to: readonly number[]) => of.map((value, r) => value / (to[r] ?? Number.NaN));

const describe = (corpus: Corpus, texts: readonly string[]) => {
  const kb = texts.reduce((sum, text) => sum + text.length, 0) / 1024 / texts.length;
  return `${corpus.name} (${texts.length} × ${fmt(kb, 1)} KB)`;
};

/** Orders per CPU second of each named tool, from its median time per pass over `count` orders. */
const perSecond = (times: Record<string, number[]>, count: number, names: Record<string, string>) => {
  const rates = Object.entries(names).map(
    ([label, name]) => `${label} ${fmt((count * 1000) / median(times[name] ?? []), 0)}`,
  );
  return `${rates.join(', ')} orders/CPU-s`;
};

/** The ratios of validateProductOrder to ajv allErrors and TypeBox Check, orders as objects. */
function objects(chosen: readonly Corpus[], notes: string[]): Measured[] {
  const ajv = ajvAllErrors();
  const typebox = Compile(schema);
  const lines: Measured[] = [];
  for (const corpus of chosen) {
    const { orders } = corpus;
    const valid = corpus.kind === 'valid';
    orders.forEach((order, i) => {
      const ours = validateProductOrder(order).valid;
      if (ours !== valid)
        notes.push(`${corpus.name}: order ${i} is ${ours ? 'valid' : 'invalid'} to validateProductOrder`);
      if (ajv(order) !== ours) notes.push(`${corpus.name}: ajv disagrees with validateProductOrder on order ${i}`);
      if (valid && typebox.Check(order) !== ours)
        notes.push(`${corpus.name}: TypeBox disagrees with validateProductOrder on order ${i}`);
    });
    const count =
      (check: (order: unknown) => boolean): Pass =>
      () => {
        let n = 0;
        for (let i = 0; i < orders.length; i++) if (check(orders[i])) n++;
        return n;
      };
    const passes: Record<string, Pass> = {
      ours: count((order) => validateProductOrder(order).valid),
      ajv: count((order) => ajv(order) as boolean),
    };
    // TypeBox's Check gives a verdict only, no violations: compared on valid orders
    if (valid) passes.typebox = count((order) => typebox.Check(order));
    const times = paired(passes);
    const name = describe(corpus, corpus.texts);
    const bound = { atLeast: valid ? 2 : corpus.kind === 'thousand faults' ? 0.5 : 1.5 };
    const context = perSecond(
      times,
      orders.length,
      valid ? { ours: 'ours', ajv: 'ajv', TypeBox: 'typebox' } : { ours: 'ours', ajv: 'ajv' },
    );
    lines.push({
      target: 'validateProductOrder, speed ÷ ajv allErrors',
      corpus: name,
      bound,
      rounds: ratios(times.ajv ?? [], times.ours ?? []),
      context,
    });
    if (valid)
      lines.push({
        target: 'validateProductOrder, speed ÷ TypeBox Compile(schema).Check',
        corpus: name,
        bound: { atLeast: 1 },
        rounds: ratios(times.typebox ?? [], times.ours ?? []),
        context,
      });
  }
  return lines;
}

/**
 * The ratios of validateProductOrderText on texts as files are (pretty-printed; the invalid examples
 * as shipped): on valid texts to JSON.parse + ajv (positions looked up only when invalid), on invalid
 * texts to the assembled pipeline (json-source-map + ajv + @apideck/better-ajv-errors).
 */
function texts(chosen: readonly Corpus[]): Measured[] {
  const ajv = ajvAllErrors();
  const lines: Measured[] = [];
  for (const corpus of chosen) {
    const texts = corpus.name.includes('as shipped')
      ? corpus.texts
      : corpus.orders.map((order) => JSON.stringify(order, null, 2));
    const valid = corpus.kind === 'valid';
    const count =
      (check: (text: string) => boolean): Pass =>
      () => {
        let n = 0;
        for (let i = 0; i < texts.length; i++) if (check(texts[i] as string)) n++;
        return n;
      };
    const peer = valid
      ? // what a service does without this library: parse, check, and look the positions up only when invalid
        (text: string) => ajv(JSON.parse(text)) || assembledDiagnosis(text).length === 0
      : (text: string) => assembledDiagnosis(text).length === 0;
    const times = paired({ ours: count((text) => validateProductOrderText(text).valid), peer: count(peer) });
    lines.push({
      target: valid
        ? 'validateProductOrderText, speed ÷ JSON.parse + ajv (positions when invalid)'
        : 'validateProductOrderText, speed ÷ json-source-map + ajv + better-ajv-errors',
      corpus: describe(corpus, texts),
      bound: { atLeast: valid ? 1 : 3 },
      rounds: ratios(times.peer ?? [], times.ours ?? []),
      context: perSecond(times, texts.length, { ours: 'ours', peer: 'peer' }),
    });
  }
  return lines;
}

/**
 * The CPU of each hostile 1 MiB body over the valid 1 MiB body's, in three forms: the order as an
 * object (validateProductOrder), as text (validateProductOrderText), and as text parsed first
 * (JSON.parse + validateProductOrder).
 */
function hostile(): Measured[] {
  const bodies = hostileBodies();
  const forms = {
    object: (body: (typeof bodies)[number]) => () => validateProductOrder(body.order).violations.length,
    text: (body: (typeof bodies)[number]) => () => validateProductOrderText(body.text).violations.length,
    'JSON.parse + object': (body: (typeof bodies)[number]) => () =>
      validateProductOrder(JSON.parse(body.text)).violations.length,
  };
  const passes: Record<string, Pass> = {};
  for (const body of bodies) {
    for (const [form, pass] of Object.entries(forms)) passes[`${form}: ${body.name}`] = pass(body);
    passes[`JSON.parse: ${body.name}`] = () => (JSON.parse(body.text) ? 1 : 0);
  }
  const times = paired(passes);
  const [valid, ...rest] = bodies;
  const lines: Measured[] = [];
  // the package's own work: the object path, and the text path less JSON.parse of the same text, each round
  const beyond = (name: string | undefined) => {
    const text = times[`text: ${name}`] ?? [];
    const parse = times[`JSON.parse: ${name}`] ?? [];
    return text.map((t, r) => t - (parse[r] ?? Number.NaN));
  };
  for (const body of rest) {
    const of = beyond(body.name);
    const to = beyond(valid?.name);
    lines.push({
      target: "1 MiB hostile body as text, the package's CPU beyond JSON.parse ÷ the valid 1 MiB body's",
      corpus: body.name,
      bound: { atMost: 2 },
      rounds: ratios(of, to),
      context: `${fmt(median(of), 1)} ms against ${fmt(median(to), 1)} ms; JSON.parse alone ${fmt(
        median(times[`JSON.parse: ${body.name}`] ?? []) / median(times[`JSON.parse: ${valid?.name}`] ?? []),
        2,
      )}× the valid body's`,
    });
  }
  for (const form of Object.keys(forms))
    for (const body of rest) {
      const of = times[`${form}: ${body.name}`] ?? [];
      const to = times[`${form}: ${valid?.name}`] ?? [];
      lines.push({
        target: `1 MiB hostile body as ${form}, CPU ÷ the valid 1 MiB body's`,
        corpus: body.name,
        bound: { atMost: 2 },
        rounds: ratios(of, to),
        context: `${fmt(median(of), 1)} ms against ${fmt(median(to), 1)} ms`,
      });
    }
  return lines;
}

/** ajv's standalone code for the schema (allErrors, ajv-formats), as an ES module in bench/.out. */
function writeStandalone(): void {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, code: { source: true, esm: true } });
  addFormats.default(ajv);
  const code = standaloneCode.default(ajv, ajv.compile(schema));
  // the code of ajv-formats and ajv's runtime is still required by name, even in an ES module
  const prelude = `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);\n`;
  writeFileSync(standalone, prelude + code);
}

/**
 * Cold start: a fresh node importing the package and validating one order, against one importing
 * ajv's standalone module and validating it, and a bare node for context; the three interleaved, the
 * first rotating. Each process reports its own CPU time at its end (node's start-up included, the
 * same in both); a round's ratio is ours over ajv's.
 */
function coldStart(order: string, count = 10): Measured {
  const report = `const { user, system } = process.cpuUsage(); process.stdout.write(String((user + system) / 1000));`;
  const scripts: Record<string, string> = {
    bare: report,
    ours: `import { validateProductOrder } from 'product-order-validator'; if (validateProductOrder(JSON.parse(process.argv[1])).valid !== true) process.exit(1); ${report}`,
    ajv: `import validate from './${standalone}'; if (validate(JSON.parse(process.argv[1])) !== true) process.exit(1); ${report}`,
  };
  const names = Object.keys(scripts);
  const times: Record<string, number[]> = { bare: [], ours: [], ajv: [] };
  for (let round = 0; round < count; round++)
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length] as string;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', scripts[name] as string, order]);
      times[name]?.push(Number(String(out)));
    }
  const bare = median(times.bare ?? []);
  return {
    target: 'cold start of validateProductOrder, CPU ÷ ajv standalone',
    corpus: 'one ~1 KB order, a fresh node',
    bound: { atMost: 1 },
    rounds: ratios(times.ours ?? [], times.ajv ?? []),
    context: `${fmt(median(times.ours ?? []), 1)} ms against ${fmt(median(times.ajv ?? []), 1)} ms (bare node ${fmt(bare, 1)} ms)`,
  };
}

/** One run: every line measured once, printed as JSON for the parent. */
function run(): void {
  if (process.env.BENCH_ONLY === 'hostile') {
    console.log(JSON.stringify({ lines: hostile(), notes: [] }));
    return;
  }
  const every = corpora();
  const only = process.env.BENCH_CORPORA;
  const chosen = only ? every.filter((c) => only.split(',').some((part) => c.name.includes(part))) : every;
  const notes: string[] = [];
  const lines = [...objects(chosen, notes), ...texts(chosen)];
  if (!only) lines.push(...hostile(), coldStart(JSON.stringify(every[0]?.orders[0])));
  console.log(JSON.stringify({ lines, notes }));
}

/** The bundle sizes: validateProductOrder bundled for the browser, against ajv's. */
async function bundles(): Promise<Measured> {
  const ours = await bundleSize(validatorEntry, process.cwd());
  const ajv = await bundleSize(ajvEntry, process.cwd());
  return {
    target: 'browser bundle of validateProductOrder, min+gzip',
    corpus: '—',
    bound: { atMost: 10 },
    unit: ' KB',
    rounds: [ours.gzipped / 1024],
    context: `${fmt(ours.minified / 1024, 1)} KB min; ajv + ajv-formats + ajv-errors ${fmt(ajv.gzipped / 1024, 1)} KB min+gzip`,
  };
}

/** What a form and a partner's client ship: each entry bundled for the browser from the built package. */
async function allBundles(): Promise<void> {
  const forms: [string, string][] = [
    ['validateProductOrder', validatorEntry],
    ['productOrderSchema', formEntries.schema],
    ['productOrderSchema + labelsDe', `export { productOrderSchema, labelsDe } from 'product-order-validator';`],
    ['productOrderSchema + labelsEn', `export { productOrderSchema, labelsEn } from 'product-order-validator';`],
    ['createProductOrderSchema + labelsDe + toDateTime', formEntries.labelled],
    [
      'withJsonSchema(productOrderSchema)',
      `export { productOrderSchema, withJsonSchema } from 'product-order-validator';`,
    ],
    [
      'productOrderSchema + fieldFactsDe + describeField',
      `export { productOrderSchema, fieldFactsDe, describeField } from 'product-order-validator';`,
    ],
    ['the whole API', `export * from 'product-order-validator';`],
    ['ajv + ajv-formats + ajv-errors', ajvEntry],
  ];
  for (const [name, entry] of forms) {
    const { minified, gzipped } = await bundleSize(entry, process.cwd());
    console.log(`browser bundle, ${name}: ${fmt(minified / 1024, 1)} KB min, ${fmt(gzipped / 1024, 1)} KB min+gzip`);
  }
  // the partner's client: as it ships, and its own code without the validators it checks with
  for (const [name, size] of [
    ['createProductOrderClient', await bundleSize(clientEntry, process.cwd())],
    [
      'createProductOrderClient without the validators',
      await bundleSize(clientOwnEntry, process.cwd(), [withoutValidators]),
    ],
  ] as const)
    console.log(
      `browser bundle, ${name}: ${fmt(size.minified / 1024, 1)} KB min, ${fmt(size.gzipped / 1024, 1)} KB min+gzip`,
    );
}

async function main(): Promise<void> {
  if (process.argv[2] === 'run') return run();
  if (process.env.BENCH_ONLY === 'bundles') return allBundles();
  const bundle = await bundles();
  writeStandalone();
  const load = () =>
    loadavg()
      .map((n) => fmt(n))
      .join(', ');
  console.log(
    `node ${process.version}, ${cpus()[0]?.model}, ${cpus().length} cores, load average ${load()}; ` +
      `${runs} runs of ${rounds} paired rounds`,
  );
  const measured: Measured[][] = [];
  const notes = new Set<string>();
  for (let r = 0; r < runs; r++) {
    const out = execFileSync(process.execPath, [process.argv[1] as string, 'run'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const result = JSON.parse(out) as { lines: Measured[]; notes: string[] };
    measured.push([...result.lines, bundle]);
    for (const note of result.notes) notes.add(note);
    console.log(`run ${r + 1} of ${runs} done, load average ${load()}`);
  }
  console.log(`\n${targetsTable(measured)}\n`);
  if (notes.size > 0) console.log(`Verdicts that differ:\n  ${[...notes].slice(0, 20).join('\n  ')}\n`);
}

await main();
