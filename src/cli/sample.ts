// `product-order-validate sample`: valid and one-fault orders drawn from the package's arbitraries,
// as NDJSON or one file per sample. Built as a chunk of its own (dist/cli-sample.js) that bundles
// fast-check, so that an install without it runs the command; dist/cli.js loads it for `sample` only.
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import {
  closeSync,
  createWriteStream,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  type Category,
  faultCodes,
  faultyInflightChange,
  faultyListenerEvent,
  faultyProductOrder,
  inflightChange,
  type ListenerEventType,
  listenerEvent,
  type ProductType,
  productOrder,
} from '../arbitraries/index.js';
import { type Lang, langs } from '../generated/langs.js';
import { listeners } from '../http/events.js';
import { categories, productTypes } from '../rules/arbitrary-kit.js';
import type { RuleId, ViolationCode } from '../violation.js';
import { optionFault, readArgs } from './args.js';
import type { CliWording } from './wording.js';

/** The most samples one run writes. */
export const maxCount = 1_000_000;
/** The highest seed: fast-check draws from a 32-bit signed seed. */
export const maxSeed = 2 ** 31 - 1;
/** The kinds of sample. */
export const kinds = ['order', 'inflight', ...listeners.map((l) => l.type)] as const;

/** A fault to make: a rule, and the code of its one violation when given. */
export interface Break {
  readonly rule: RuleId;
  readonly code?: ViolationCode | undefined;
}

/** What `sample` is asked to write. */
export interface SampleOptions {
  readonly count: number;
  readonly seed: number;
  /** Whether `--seed` was given; else the seed was drawn, and is printed on stderr. */
  readonly seedGiven: boolean;
  readonly kind: (typeof kinds)[number];
  readonly categories: readonly string[] | undefined;
  readonly products: readonly string[] | undefined;
  /** The faults each sample has one of; none: valid samples. */
  readonly breaks: readonly Break[] | undefined;
  /** `-o`: the NDJSON file; neither it nor `outDir`: stdout. */
  readonly output: string | undefined;
  /** `--out-dir`: one pretty-printed file per sample. */
  readonly outDir: string | undefined;
  /** The language of the command's messages: `--lang`, else the environment's. */
  readonly lang: Lang;
  /** The language of the samples' texts: `--lang`, else German, never the environment's (a seed gives the same bytes everywhere). */
  readonly textLang: Lang;
}

/** The arguments after `sample` read: samples to write, a request for help, or a usage error. */
export type SampleCommand =
  | { readonly sample: SampleOptions }
  | { readonly help: Lang }
  | { readonly usage: string; readonly lang: Lang };

const spec = {
  count: { type: 'string', short: 'n' },
  seed: { type: 'string' },
  kind: { type: 'string', short: 'k' },
  category: { type: 'string', multiple: true },
  product: { type: 'string', multiple: true },
  break: { type: 'string', multiple: true },
  output: { type: 'string', short: 'o' },
  'out-dir': { type: 'string' },
  pretty: { type: 'boolean' },
  lang: { type: 'string', short: 'l' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The name of the file of sample `n` (from 1) in a folder, its number padded to `width` digits. */
export const sampleFile = (n: number, width: number, suffix = 'json') =>
  `sample-${String(n).padStart(width, '0')}.${suffix}`;

/** The files a folder of samples holds: sample-<digits>.json and .expected.json. */
const sampleName = /^sample-[0-9]+(\.expected)?\.json$/;

/**
 * Reads the arguments after `sample`; `lang` is the environment's language, `draw` gives a seed when
 * none is given.
 */
export function parseSample(
  args: readonly string[],
  envLang: Lang,
  words: Readonly<Record<Lang, CliWording>>,
  draw: () => number = () => randomInt(0, maxSeed + 1),
): SampleCommand {
  const { values, positionals, tokens } = readArgs(args, spec);
  const langValue = typeof values.lang === 'string' ? values.lang : undefined;
  const lang = langs.find((known) => known === langValue) ?? envLang;
  const usage = words[lang].usage;
  const say = words[lang].sample;
  const refuse = (message: string): SampleCommand => ({ usage: message, lang });
  const fault = optionFault(tokens, spec, usage);
  if (fault !== undefined) return refuse(fault);
  if (values.help) return { help: lang };
  if (langValue !== undefined && langValue !== lang) return refuse(usage.choice('--lang', langValue, langs));
  if (positionals.length > 0) return refuse(usage.unknownOption(positionals[0]));

  const countValue = values.count as string | undefined;
  const count = countValue === undefined ? 10 : /^[1-9][0-9]{0,6}$/.test(countValue) ? Number(countValue) : 0;
  if (count < 1 || count > maxCount) return refuse(say.count(countValue ?? '', maxCount));
  const seedValue = values.seed as string | undefined;
  const seed = seedValue === undefined ? draw() : /^(0|[1-9][0-9]{0,9})$/.test(seedValue) ? Number(seedValue) : -1;
  if (seed < 0 || seed > maxSeed) return refuse(say.seedValue(seedValue ?? '', maxSeed));

  const kind = (values.kind as string | undefined) ?? 'order';
  if (!(kinds as readonly string[]).includes(kind)) return refuse(usage.choice('--kind', kind, kinds));
  /** The values of a repeatable option, each of them a comma list; undefined when it is not given. */
  const listed = (name: 'category' | 'product' | 'break') => {
    const given = values[name] as string[] | undefined;
    return given?.flatMap((value) => value.split(',')).map((value) => value.trim());
  };
  const chosen = (name: 'category' | 'product', allowed: readonly string[]): readonly string[] | SampleCommand => {
    const list = listed(name) ?? [];
    const wrong = list.find((value) => !allowed.includes(value));
    return wrong === undefined ? list : refuse(usage.choice(`--${name}`, wrong, allowed));
  };
  const categoryList = chosen('category', categories);
  if (!Array.isArray(categoryList)) return categoryList as SampleCommand;
  const productList = chosen('product', productTypes);
  if (!Array.isArray(productList)) return productList as SampleCommand;

  const codes: Readonly<Partial<Record<string, readonly string[]>>> =
    kind === 'order'
      ? faultCodes.productOrder
      : kind === 'inflight'
        ? faultCodes.inflightChange
        : faultCodes.listenerEvent;
  const rules = Object.keys(codes).filter((rule) => (codes[rule] ?? []).length > 0);
  const breaks: Break[] = [];
  for (const value of listed('break') ?? []) {
    const [rule, code, ...rest] = value.split(':');
    if (!rules.includes(rule) || rest.length > 0) return refuse(say.breakRule(value, rules));
    const allowed = codes[rule] ?? [];
    if (code !== undefined && !allowed.includes(code)) return refuse(say.breakCode(rule, code, allowed));
    breaks.push({ rule: rule as RuleId, code: code as ViolationCode | undefined });
  }
  for (const [name, list] of [
    ['--category', categoryList],
    ['--product', productList],
  ] as const) {
    if (list.length === 0) continue;
    if (kind !== 'order') return refuse(say.notWith(name, `--kind ${kind}`));
    if (breaks.length > 0) return refuse(say.notWith(name, '--break'));
  }

  const output = values.output as string | undefined;
  const outDir = values['out-dir'] as string | undefined;
  if (output !== undefined && outDir !== undefined) return refuse(say.outputAndDir);
  if (values.pretty && outDir === undefined) return refuse(say.prettyWithoutDir);
  if (output !== undefined && exists(output)) return refuse(say.outputExists(output));
  if (outDir !== undefined) {
    const fault = folderFault(outDir);
    if (fault !== undefined) return refuse(say.outDir(outDir, fault));
    const held = exists(outDir) ? readdirSync(outDir).find((name) => sampleName.test(name)) : undefined;
    if (held !== undefined) return refuse(say.outDirHolds(outDir, held));
  }
  return {
    sample: {
      count,
      seed,
      seedGiven: seedValue !== undefined,
      kind: kind as SampleOptions['kind'],
      categories: categoryList.length > 0 ? categoryList : undefined,
      products: productList.length > 0 ? productList : undefined,
      breaks: breaks.length > 0 ? breaks : undefined,
      output,
      outDir,
      lang,
      textLang: langValue === undefined ? 'de' : lang,
    },
  };
}

/** Whether anything is at `path`: a file, a folder, a dangling symbolic link, or what cannot be looked at. */
function exists(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/** Why `path` cannot be a folder of samples (a system error code), or undefined: a folder, or nothing yet. */
function folderFault(path: string): string | undefined {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat === undefined || stat.isDirectory() ? undefined : 'ENOTDIR';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

/** The arbitrary of the samples `options` asks for. */
export function arbitraryOf(options: SampleOptions): fc.Arbitrary<unknown> {
  const { kind, textLang: lang } = options;
  if (kind !== 'order' && kind !== 'inflight') {
    const type = kind as ListenerEventType;
    const codes = options.breaks?.map((b) => b.code);
    if (!codes) return listenerEvent({ type });
    return fc.oneof(...codes.map((code) => faultyListenerEvent({ type, ...(code ? { code } : {}) })));
  }
  if (options.breaks) {
    const faulty = kind === 'order' ? faultyProductOrder : faultyInflightChange;
    const each = options.breaks.map((b) => faulty({ rule: b.rule, lang, ...(b.code ? { code: b.code } : {}) }));
    return each.length === 1 ? (each[0] as fc.Arbitrary<unknown>) : fc.oneof(...each);
  }
  if (kind === 'inflight') return inflightChange({ lang });
  return productOrder({
    category: options.categories as readonly Category[] | undefined,
    product: options.products as readonly ProductType[] | undefined,
    lang,
  });
}

/** Where the samples go: each put in turn, waiting while the reader is behind, then ended. */
interface Sink {
  put(sample: unknown, n: number): Promise<void> | undefined;
  end(): Promise<void>;
}

/** Lines to a stream, gathered up to 64 KiB a write; waits for a drain when the stream is full. */
function lines(stream: NodeJS.WritableStream, close: boolean): Sink {
  let buffer = '';
  const flush = async () => {
    const text = buffer;
    buffer = '';
    if (text !== '' && !stream.write(text)) await once(stream, 'drain');
  };
  return {
    put(sample) {
      buffer += `${JSON.stringify(sample)}\n`;
      return buffer.length >= 65_536 ? flush() : undefined;
    },
    async end() {
      await flush();
      if (close) {
        stream.end();
        await once(stream, 'close');
      }
    },
  };
}

/** One pretty-printed file per sample in `folder`, and a faulty one's expected violation beside it; never over a file. */
function files(folder: string, count: number, faulty: boolean): Sink {
  mkdirSync(folder, { recursive: true });
  const width = Math.max(4, String(count).length);
  const write = (name: string, value: unknown) => {
    const fd = openSync(join(folder, name), 'wx');
    try {
      writeSync(fd, `${JSON.stringify(value, null, 2)}\n`);
    } finally {
      closeSync(fd);
    }
  };
  return {
    put(sample, n) {
      const { order, event, expected } = sample as { order?: unknown; event?: unknown; expected?: unknown };
      write(sampleFile(n, width), faulty ? (order ?? event) : sample);
      if (faulty) write(sampleFile(n, width, 'expected.json'), [expected]);
      return undefined;
    },
    end: async () => {},
  };
}

/** What `runSample` writes to. */
export interface SampleIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly words: CliWording;
}

/**
 * Writes the samples `options` asks for, one at a time; resolves to the exit code. The samples are
 * fast-check's for the seed, in the order `fc.sample(arbitrary, { seed, numRuns: count })` gives them.
 */
export async function runSample(options: SampleOptions, io: SampleIo): Promise<number> {
  if (!options.seedGiven) io.stderr.write(`product-order-validate: ${io.words.sample.seed(options.seed)}\n`);
  let sink: Sink;
  try {
    if (options.outDir !== undefined) sink = files(options.outDir, options.count, options.breaks !== undefined);
    else if (options.output !== undefined) {
      sink = lines(createWriteStream('', { fd: openSync(options.output, 'wx') }), true);
    } else sink = lines(io.stdout, false);
  } catch (error) {
    return cannotWrite(io, options.outDir ?? options.output ?? 'stdout', error);
  }
  let n = 0;
  let writeError: unknown;
  const run = await fc.check(
    fc.asyncProperty(arbitraryOf(options), async (sample) => {
      n += 1;
      try {
        await sink.put(sample, n);
      } catch (error) {
        writeError = error;
        throw error;
      }
    }),
    { seed: options.seed, numRuns: options.count, endOnFailure: true },
  );
  const where = options.outDir ?? options.output ?? 'stdout';
  if (writeError !== undefined) return cannotWrite(io, where, writeError);
  if (run.failed) throw run.errorInstance;
  try {
    await sink.end();
  } catch (error) {
    return cannotWrite(io, where, error);
  }
  return 0;
}

function cannotWrite(io: SampleIo, path: string, error: unknown): number {
  const reason = (error as NodeJS.ErrnoException)?.code ?? String(error);
  const said = reason === 'EEXIST' ? io.words.sample.outputExists(path) : io.words.usage.cannotWrite(path, reason);
  io.stderr.write(`product-order-validate: ${said}\n`);
  return 2;
}
