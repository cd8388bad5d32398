// npm run bench: throughput side by side in one process, interleaved rounds on the same orders;
// cold start against a bare node; browser bundle sizes. Prints ratios; absolute figures are context.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Validator } from '@cfworker/json-schema';
import '@hyperjump/json-schema/formats';
import { validator as safeValidator } from '@exodus/schemasafe';
import { registerSchema, setShouldValidateFormat, validate } from '@hyperjump/json-schema/draft-2020-12';
import { BASIC } from '@hyperjump/json-schema/experimental';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { validateProductOrder, validateProductOrderText } from 'product-order-validator';
import { Bench } from 'tinybench';
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
import { type Corpus, corpora } from './corpora.js';
import { assembledDiagnosis, withBetterAjvErrors, withMomoa } from './diagnosis.js';

const rounds = Number(process.env.BENCH_ROUNDS) || 5;
const schema = JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8'));

type Tools = Record<string, (order: unknown, text: string) => boolean>;

/**
 * The tools compared, each a function from one order to a verdict, each set up once on the shipped
 * schema. The interpreters (cfworker, hyperjump), 20 to 140 times slower, run only with
 * `BENCH_INTERPRETERS=1`.
 */
async function tools(): Promise<Tools> {
  const ajvOf = (options: Record<string, unknown>) => {
    const ajv = new Ajv2020.default({ strict: false, ...options });
    addFormats.default(ajv);
    return ajv.compile(schema);
  };
  const ajvAll = ajvOf({ allErrors: true });
  const ajvFirst = ajvOf({});
  const ajvOwn = ajvOf({ allErrors: true, ownProperties: true });
  const typebox = Compile(schema);
  const schemasafe = safeValidator(schema, { includeErrors: true, allErrors: true });
  const all: Tools = {
    validateProductOrder: (order) => validateProductOrder(order).valid,
    'ajv (allErrors)': (order) => ajvAll(order) as boolean,
    'ajv (first error)': (order) => ajvFirst(order) as boolean,
    'ajv (allErrors, ownProperties)': (order) => ajvOwn(order) as boolean,
    // a verdict only: Check gives no violations, and its Errors() is a second, slower pass
    'TypeBox 1.x Compile(schema).Check': (order) => typebox.Check(order),
    '@exodus/schemasafe (allErrors)': (order) => schemasafe(order as never),
    'JSON.parse': (_, text) => JSON.parse(text) !== null,
  };
  if (process.env.BENCH_INTERPRETERS !== '1') return all;
  const cfworker = new Validator(schema, '2020-12', false);
  setShouldValidateFormat(true);
  registerSchema(schema);
  const hyperjump = await validate(schema.$id);
  // each collects all errors, as validateProductOrder does: cfworker without short-circuit,
  // hyperjump with BASIC output
  all['@cfworker/json-schema'] = (order) => cfworker.validate(order as never).valid;
  all['@hyperjump/json-schema'] = (order) => hyperjump(order as never, BASIC).valid;
  return all;
}

/**
 * The orders of `corpus` on which a tool's verdict differs from validateProductOrder's, or from the
 * corpus's kind (a valid corpus holds only valid orders), each as "tool: index".
 */
function disagreements(corpus: Corpus, all: Tools): string[] {
  const found: string[] = [];
  corpus.orders.forEach((order, i) => {
    const ours = validateProductOrder(order).valid;
    if (ours !== (corpus.kind === 'valid'))
      found.push(`validateProductOrder: order ${i} is ${ours ? 'valid' : 'invalid'}`);
    for (const [name, check] of Object.entries(all)) {
      if (name === 'JSON.parse') continue;
      const verdict = check(order, corpus.texts[i]);
      if (verdict !== ours)
        found.push(
          `${name}: order ${i} ${verdict ? 'valid' : 'invalid'}, validateProductOrder says ${ours ? 'valid' : 'invalid'}`,
        );
    }
  });
  return found;
}

/** Orders per second of each tool on `corpus` in each of `rounds` interleaved rounds. */
async function roundByRound(corpus: Corpus, all: Tools, time = 300): Promise<Record<string, number[]>> {
  const perRound: Record<string, number[]> = {};
  for (let round = 0; round < rounds; round++) {
    // every tool validates the whole corpus; a few iterations suffice for the slow ones
    const bench = new Bench({ time, warmupTime: 50, iterations: 4, warmupIterations: 2 });
    for (const [name, check] of Object.entries(all)) {
      bench.add(name, () => {
        let valid = 0;
        for (let i = 0; i < corpus.orders.length; i++) if (check(corpus.orders[i], corpus.texts[i])) valid++;
        return valid;
      });
    }
    await bench.run();
    for (const task of bench.tasks) {
      const result = task.result;
      if (result.state !== 'completed') throw new Error(`${task.name}: ${result.state}`);
      perRound[task.name] ??= [];
      perRound[task.name].push(result.throughput.mean * corpus.orders.length);
    }
  }
  return perRound;
}

/** Each round's ratio of `ours` to `name`: tasks of a round share the machine's pace. */
const ratios = (perRound: Record<string, number[]>, ours: string, name: string): number[] =>
  perRound[ours].map((rate, round) => rate / perRound[name][round]);

/** A ratio as "median× (min× to max×)" over the rounds. */
const spread = (byRound: number[]): string =>
  `${fmt(median(byRound))}× (${fmt(Math.min(...byRound))}× to ${fmt(Math.max(...byRound))}×)`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * What hints cost when they fire: validateProductOrder on the valid ~1 KB orders against the same
 * orders each with one unknown property a near miss of a known one, side by side; medians of rounds.
 */
async function hintCost(corpus: Corpus): Promise<number> {
  const typos = corpus.orders.map((o) => ({ ...(o as object), priorty: '1' }));
  if (typos.some((o) => validateProductOrder(o).hints.length !== 1)) throw new Error('a typo order gives no hint');
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ time: 400, warmupTime: 100 });
    bench.add('plain', () => {
      for (const o of corpus.orders) validateProductOrder(o);
    });
    bench.add('typo', () => {
      for (const o of typos) validateProductOrder(o);
    });
    await bench.run();
    const [plain, typo] = bench.tasks.map((task) => {
      if (task.result.state !== 'completed') throw new Error(`${task.name}: ${task.result.state}`);
      return task.result.throughput.mean;
    });
    ratios.push(plain / typo);
  }
  return median(ratios);
}

/** Milliseconds a fresh node process spends on `script`, over a bare one: medians of interleaved runs. */
function coldStart(scripts: Record<string, string>, runs = 20): Record<string, number> {
  const times: Record<string, number[]> = {};
  const order = JSON.stringify(corpora()[0].orders[0]);
  for (let run = 0; run < runs; run++) {
    for (const [name, script] of Object.entries({ bare: '', ...scripts })) {
      const start = process.hrtime.bigint();
      execFileSync(process.execPath, ['--input-type=module', '-e', script, order]);
      times[name] ??= [];
      times[name].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  const bare = median(times.bare);
  return Object.fromEntries(Object.entries(scripts).map(([name]) => [name, median(times[name]) - bare]));
}

const fmt = (n: number, digits = 2) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The targets of issue 28 for a corpus of `kind`, each as a line saying met or not met. */
function targets(corpus: Corpus, perRound: Record<string, number[]>): string[] {
  const over = (name: string) => median(ratios(perRound, 'validateProductOrder', name));
  const line = (what: string, ratio: number, least: number) =>
    `${corpus.name}: ${what} ≥ ${fmt(least, 1)}×: ${ratio >= least ? 'met' : 'not met'} (${fmt(ratio)}×)`;
  const ajv = over('ajv (allErrors)');
  if (corpus.kind === 'valid')
    return [line('ajv (allErrors)', ajv, 2), line('TypeBox Check', over('TypeBox 1.x Compile(schema).Check'), 1)];
  if (corpus.kind === 'ten faults') return [line('ajv (allErrors)', ajv, 1.5)];
  if (corpus.kind === 'thousand faults') return [line('ajv (allErrors), within 2×', ajv, 0.5)];
  return [];
}

/**
 * The full diagnosis of invalid orders as JSON text, pretty-printed as files are (the invalid
 * examples as their files are): every fault with its line, column and message, from
 * validateProductOrderText and from what a team would assemble (bench/diagnosis.ts). The target is
 * met against assembledDiagnosis, which places and words every error of ajv's; the other two
 * pipelines are context.
 */
async function fullDiagnosis(invalid: Corpus[]): Promise<void> {
  const diagnoseText = (_: unknown, text: string) => validateProductOrderText(text).violations.length > 0;
  const assembled = 'ajv + json-source-map + @apideck/better-ajv-errors (assembledDiagnosis)';
  const diagnose: Tools = {
    validateProductOrderText: (_, text) => validateProductOrderText(text).violations.length > 0,
    [assembled]: (_, text) => assembledDiagnosis(text).length > 0,
    'ajv + momoa + @apideck/better-ajv-errors': (_, text) => withMomoa(text).length > 0,
    'ajv + better-ajv-errors given the text': (_, text) => withBetterAjvErrors(text).length > 0,
  };
  console.log('Full diagnosis (each fault with line, column and message) of invalid orders as files are:\n');
  const rows: string[] = [];
  const verdicts: string[] = [];
  for (const given of invalid) {
    const texts = given.name.includes('as shipped') ? given.texts : given.orders.map((o) => JSON.stringify(o, null, 2));
    const corpus = { ...given, texts };
    // what the pipelines find, so that none of them is seen to skip work
    let kb = 0;
    let errors = 0;
    let kept = 0;
    let unflagged = 0;
    let ours = 0;
    for (const text of corpus.texts) {
      kb += text.length / 1024 / corpus.texts.length;
      const found = assembledDiagnosis(text).length;
      errors += found;
      if (corpus.kind !== 'thousand faults') kept += withBetterAjvErrors(text).length;
      ours += validateProductOrderText(text).violations.length;
      if (found === 0) unflagged++;
    }
    // the two pipelines for context take seconds an order with a thousand faults: left out there
    const pipelines =
      corpus.kind === 'thousand faults'
        ? { validateProductOrderText: diagnoseText, [assembled]: diagnose[assembled] }
        : diagnose;
    const perRound = await roundByRound(corpus, pipelines);
    for (const [name, rates] of Object.entries(perRound)) {
      const by = name === 'validateProductOrderText' ? '' : spread(ratios(perRound, 'validateProductOrderText', name));
      rows.push(`| ${corpus.name} | ${name} | ${fmt(median(rates), 0)} | ${by} |`);
    }
    const byRound = ratios(perRound, 'validateProductOrderText', assembled);
    verdicts.push(
      `${corpus.name} (${corpus.texts.length} texts of ${fmt(kb, 1)} KB on average; validateProductOrderText lists ` +
        `${ours} violations, ajv finds ${errors} errors and nothing in ${unflagged} orders; better-ajv-errors keeps ` +
        `${corpus.kind === 'thousand faults' ? '(not run)' : kept} of them): ${spread(byRound)} the assembled pipeline; target ≥ 3×: ` +
        `${median(byRound) >= 3 ? 'met' : 'not met'}`,
    );
  }
  console.log('| corpus | pipeline | orders/s | validateProductOrderText is faster by (rounds) |');
  console.log('|---|---|---:|---:|');
  console.log(rows.join('\n'));
  console.log(`\n${verdicts.join('\n')}\n`);
}

async function main() {
  // `BENCH_ONLY=bundles npm run bench`: the bundle sizes alone, which no load on the machine changes
  if (process.env.BENCH_ONLY === 'bundles') return bundles();
  const load = loadavg().map((n) => fmt(n));
  console.log(
    `node ${process.version}, ${cpus()[0].model}, ${cpus().length} cores, load average ${load.join(', ')}; ` +
      `${rounds} interleaved rounds\n`,
  );
  const all = await tools();
  const every = corpora();
  const only = process.env.BENCH_CORPORA;
  const chosen = only ? every.filter((c) => only.split(',').some((part) => c.name.includes(part))) : every;
  const rows: string[] = [];
  const summary: string[] = [];
  const met: string[] = [];
  for (const corpus of chosen) {
    const differ = disagreements(corpus, all);
    let found = 0;
    let ajvErrors = 0;
    const ajv = new Ajv2020.default({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const check = ajv.compile(schema);
    for (const order of corpus.orders) {
      const result = validateProductOrder(order);
      if (!result.valid) found += result.violations.length;
      if (!check(order)) ajvErrors += check.errors?.length ?? 0;
    }
    const kb = corpus.texts.reduce((sum, text) => sum + text.length, 0) / 1024 / corpus.texts.length;
    summary.push(
      `${corpus.name}: ${corpus.orders.length} orders of ${fmt(kb, 1)} KB on average; validateProductOrder lists ` +
        `${found} violations, ajv (allErrors) ${ajvErrors} errors; verdicts: ` +
        (differ.length === 0
          ? 'every tool agrees'
          : `${differ.length} disagreements:\n  ${differ.slice(0, 20).join('\n  ')}`),
    );
    const perRound = await roundByRound(corpus, all);
    for (const [name, rates] of Object.entries(perRound)) {
      const by = name === 'validateProductOrder' ? '' : spread(ratios(perRound, 'validateProductOrder', name));
      rows.push(`| ${corpus.name} | ${name} | ${fmt(median(rates), 0)} | ${by} |`);
    }
    met.push(...targets(corpus, perRound));
  }
  console.log('| corpus | tool | orders/s | validateProductOrder is faster by: median (rounds) |');
  console.log('|---|---|---:|---:|');
  console.log(rows.join('\n'));
  console.log(`\n${summary.join('\n')}\n`);
  console.log(`Targets:\n${met.join('\n')}\n`);
  await fullDiagnosis(chosen.filter((c) => c.kind !== 'valid'));
  if (process.env.BENCH_CORPORA) return;
  const cost = await hintCost(every[0]);
  console.log(`hints firing: one near-miss property per ~1 KB order makes validation ${fmt(cost)}× as slow\n`);

  const cold = coldStart({
    validateProductOrder: `import { validateProductOrder, validateProductOrderText } from 'product-order-validator'; validateProductOrder(JSON.parse(process.argv[1]));`,
    'ajv compiling the schema': `import Ajv from 'ajv/dist/2020.js'; import addFormats from 'ajv-formats'; import { readFileSync } from 'node:fs'; const ajv = new Ajv.default({ allErrors: true, strict: false }); addFormats.default(ajv); ajv.compile(JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8')))(JSON.parse(process.argv[1]));`,
  });
  for (const [name, ms] of Object.entries(cold)) console.log(`cold start, ${name}: +${fmt(ms, 1)} ms over a bare node`);

  await bundles();
}

/** What a form and a partner's client ship: each entry bundled for the browser from the built package. */
async function bundles() {
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
  console.log('');
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

await main();
