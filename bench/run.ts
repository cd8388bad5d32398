// npm run bench: throughput side by side in one process, interleaved rounds on the same orders;
// cold start against a bare node; browser bundle sizes. Prints ratios; absolute figures are context.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Validator } from '@cfworker/json-schema';
import '@hyperjump/json-schema/formats';
import { registerSchema, setShouldValidateFormat, validate } from '@hyperjump/json-schema/draft-2020-12';
import { BASIC } from '@hyperjump/json-schema/experimental';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { validateProductOrder, validateProductOrderText } from 'product-order-validator';
import { Bench } from 'tinybench';
import { ajvEntry, bundleSize, formEntries, validatorEntry } from './bundle.js';
import { type Corpus, corpora } from './corpora.js';
import { assembledDiagnosis, withBetterAjvErrors, withMomoa } from './diagnosis.js';

const rounds = Number(process.env.BENCH_ROUNDS) || 5;
const schema = JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8'));

/** The tools compared, each a function from one order to a verdict. */
async function tools(): Promise<Record<string, (order: unknown, text: string) => boolean>> {
  const ajv = new Ajv2020.default({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const ajvValidate = ajv.compile(schema);
  const cfworker = new Validator(schema, '2020-12', false);
  setShouldValidateFormat(true);
  registerSchema(schema);
  const hyperjump = await validate(schema.$id);
  return {
    validateProductOrder: (order) => validateProductOrder(order).valid,
    'ajv (allErrors)': (order) => ajvValidate(order) as boolean,
    '@cfworker/json-schema': (order) => cfworker.validate(order as never).valid,
    // every tool collects all errors, as validateProductOrder does: ajv allErrors, cfworker without
    // short-circuit, hyperjump with BASIC output
    '@hyperjump/json-schema': (order) => hyperjump(order as never, BASIC).valid,
    'JSON.parse': (_, text) => JSON.parse(text) !== null,
  };
}

/** Orders per second of each tool on `corpus`: the median of `rounds` interleaved rounds. */
async function throughput(corpus: Corpus, all: Awaited<ReturnType<typeof tools>>): Promise<Record<string, number>> {
  const perRound = await roundByRound(corpus, all);
  return Object.fromEntries(Object.entries(perRound).map(([name, values]) => [name, median(values)]));
}

/** Orders per second of each tool on `corpus` in each of `rounds` interleaved rounds. */
async function roundByRound(corpus: Corpus, all: Awaited<ReturnType<typeof tools>>): Promise<Record<string, number[]>> {
  const perRound: Record<string, number[]> = {};
  for (let round = 0; round < rounds; round++) {
    // every tool validates the whole corpus; a few iterations suffice for the slow interpreters
    const bench = new Bench({ time: 400, warmupTime: 100, iterations: 8, warmupIterations: 4 });
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

/** The invalid examples, each file's text as it is: hand-written orders of 1 to 4 KB. */
function invalidExamples(): Corpus {
  const dir = 'examples/orders/invalid';
  const texts = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'))
    .sort()
    .map((name) => readFileSync(`${dir}/${name}`, 'utf8'));
  return { name: 'invalid examples', orders: texts.map((text) => JSON.parse(text)), texts };
}

/**
 * The full diagnosis of invalid orders as JSON text, pretty-printed as files are: every fault with
 * its line, column and message, from validateProductOrderText and from what a team would assemble
 * (bench/diagnosis.ts). The target is met against assembledDiagnosis, which places and words every
 * error of ajv's; the other two pipelines are context.
 */
async function fullDiagnosis(): Promise<void> {
  const assembled = 'ajv + json-source-map + @apideck/better-ajv-errors (assembledDiagnosis)';
  const diagnose: Record<string, (order: unknown, text: string) => boolean> = {
    validateProductOrderText: (_, text) => validateProductOrderText(text).violations.length > 0,
    [assembled]: (_, text) => assembledDiagnosis(text).length > 0,
    'ajv + momoa + @apideck/better-ajv-errors': (_, text) => withMomoa(text).length > 0,
    'ajv + better-ajv-errors given the text': (_, text) => withBetterAjvErrors(text).length > 0,
  };
  const pretty = corpora()
    .filter((c) => c.name.startsWith('invalid'))
    .map((c) => ({ ...c, texts: c.orders.map((o) => JSON.stringify(o, null, 2)) }));
  console.log('Full diagnosis (each fault with line, column and message) of pretty-printed invalid orders:\n');
  const rows: string[] = [];
  const verdicts: string[] = [];
  const ratios: number[] = [];
  for (const corpus of [...pretty, invalidExamples()]) {
    // what the pipelines find, so that none of them is seen to skip work
    let kb = 0;
    let errors = 0;
    let kept = 0;
    let unflagged = 0;
    for (const text of corpus.texts) {
      kb += text.length / 1024 / corpus.texts.length;
      const found = assembledDiagnosis(text).length;
      errors += found;
      kept += withBetterAjvErrors(text).length;
      if (found === 0) unflagged++;
    }
    const perRound = await roundByRound(corpus, diagnose);
    // each round's ratio of tasks run one after the other, then the median: steadier than the ratio
    // of two medians when the machine's pace drifts between rounds
    const over = (name: string) => perRound.validateProductOrderText.map((rate, round) => rate / perRound[name][round]);
    for (const [name, rates] of Object.entries(perRound)) {
      const by = name === 'validateProductOrderText' ? '' : `${fmt(median(over(name)))}×`;
      rows.push(`| ${corpus.name} | ${name} | ${fmt(median(rates), 0)} | ${by} |`);
    }
    const byRound = over(assembled);
    ratios.push(median(byRound));
    verdicts.push(
      `${corpus.name} (${corpus.texts.length} texts of ${fmt(kb, 1)} KB on average; ajv finds ${errors} errors ` +
        `and nothing in ${unflagged} orders; better-ajv-errors keeps ${kept} of them): ` +
        `validateProductOrderText: ${fmt(median(byRound), 1)}× the assembled pipeline ` +
        `(rounds ${fmt(Math.min(...byRound), 1)}× to ${fmt(Math.max(...byRound), 1)}×)`,
    );
  }
  console.log('| corpus | pipeline | orders/s | validateProductOrderText is faster by |');
  console.log('|---|---|---:|---:|');
  console.log(rows.join('\n'));
  console.log(`\n${verdicts.join('\n')}`);
  const least = Math.min(...ratios);
  console.log(
    `full diagnosis: target ≥ 3× the assembled pipeline ${least >= 3 ? 'met' : 'missed'} (least ${fmt(least)}×)\n`,
  );
}

async function main() {
  console.log(`node ${process.version}, ${cpus()[0].model}, ${cpus().length} cores; ${rounds} interleaved rounds\n`);
  const all = await tools();
  const rows: string[] = [];
  const summary: string[] = [];
  for (const corpus of corpora()) {
    const hz = await throughput(corpus, all);
    const ours = hz.validateProductOrder;
    for (const [name, value] of Object.entries(hz)) {
      const ratio = name === 'validateProductOrder' ? '' : `${fmt(ours / value)}×`;
      rows.push(`| ${corpus.name} | ${name} | ${fmt(value, 0)} | ${ratio} |`);
    }
    summary.push(
      `${corpus.name}: ${fmt(ours / hz['ajv (allErrors)'])}× ajv, ${fmt(ours / hz['JSON.parse'])}× JSON.parse, ` +
        `${fmt(ours / hz['@cfworker/json-schema'], 0)}× cfworker, ${fmt(ours / hz['@hyperjump/json-schema'], 0)}× hyperjump`,
    );
  }
  console.log('| corpus | tool | orders/s | validateProductOrder is faster by |');
  console.log('|---|---|---:|---:|');
  console.log(rows.join('\n'));
  console.log(`\n${summary.join('\n')}\n`);
  await fullDiagnosis();
  const cost = await hintCost(corpora()[0]);
  console.log(`hints firing: one near-miss property per ~1 KB order makes validation ${fmt(cost)}× as slow\n`);

  const cold = coldStart({
    validateProductOrder: `import { validateProductOrder, validateProductOrderText } from 'product-order-validator'; validateProductOrder(JSON.parse(process.argv[1]));`,
    'ajv compiling the schema': `import Ajv from 'ajv/dist/2020.js'; import addFormats from 'ajv-formats'; import { readdirSync, readFileSync } from 'node:fs'; const ajv = new Ajv.default({ allErrors: true, strict: false }); addFormats.default(ajv); ajv.compile(JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8')))(JSON.parse(process.argv[1]));`,
  });
  for (const [name, ms] of Object.entries(cold)) console.log(`cold start, ${name}: +${fmt(ms, 1)} ms over a bare node`);

  // what a form ships, each entry bundled for the browser from the built package
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
    ['the whole API', `export * from 'product-order-validator';`],
    ['ajv + ajv-formats + ajv-errors', ajvEntry],
  ];
  console.log('');
  for (const [name, entry] of forms) {
    const { minified, gzipped } = await bundleSize(entry, process.cwd());
    console.log(`browser bundle, ${name}: ${fmt(minified / 1024, 1)} KB min, ${fmt(gzipped / 1024, 1)} KB min+gzip`);
  }
}

await main();
