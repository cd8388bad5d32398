// The command line read into options, with usage errors in the user's language.
import { parseArgs } from 'node:util';
import { cliWords } from '../generated/languages.js';
import { type Lang, langs } from '../messages/index.js';
import { maxInputBytes } from './feed.js';
import { type OrderType, orderTypes, validators } from './validators.js';

/** The output formats. */
export const formats = ['text', 'json', 'ndjson'] as const;

/** What the command is asked to do. */
export interface Options {
  readonly inputs: readonly string[];
  readonly type: OrderType;
  readonly format: (typeof formats)[number];
  readonly lang: Lang;
  readonly ndjson: boolean;
  /** Worker threads; 1 validates on the main thread. */
  readonly jobs: number;
  /** The most bytes of a JSON document or NDJSON line; a larger one is an input error. */
  readonly maxInputBytes: number;
}

/** The command line read: a run, a request for help or the version, or a usage error. */
export type Command =
  | { readonly run: Options }
  | { readonly help: Lang }
  | { readonly version: true }
  | { readonly usage: string; readonly lang: Lang };

const spec = {
  type: { type: 'string', short: 't' },
  format: { type: 'string', short: 'f' },
  lang: { type: 'string', short: 'l' },
  ndjson: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** The variable of the environment that lowers the limit on the bytes of a JSON document or NDJSON line. */
export const maxInputBytesVariable = 'PRODUCT_ORDER_VALIDATE_MAX_INPUT_BYTES';

/** The limit a value of {@link maxInputBytesVariable} sets, from 1 to {@link maxInputBytes} bytes; 0 for a value out of bounds or no number. */
function inputLimit(value: string | undefined): number {
  if (value === undefined || value === '') return maxInputBytes;
  const limit = /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : 0;
  return limit <= maxInputBytes ? limit : 0;
}

/** The language of the environment: the first of LC_ALL, LC_MESSAGES and LANG that is set, when the command speaks it (de_DE.UTF-8 gives de); else English. */
export function envLang(env: NodeJS.ProcessEnv): Lang {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  const code = /^([a-z]{2,3})(?:[_.@-]|$)/i.exec(locale)?.[1]?.toLowerCase();
  return langs.find((lang) => lang === code) ?? 'en';
}

/** Reads the arguments (without `node` and the script) against the environment's defaults. */
export function parseCommand(args: readonly string[], env: NodeJS.ProcessEnv, cores: number): Command {
  const { values, positionals, tokens } = parseArgs({
    args: [...args],
    options: spec,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const given = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const langValue = given(values.lang);
  const lang: Lang = langs.find((known) => known === langValue) ?? envLang(env);
  const usage = cliWords[lang].usage;
  const refuse = (message: string): Command => ({ usage: message, lang });

  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const known = spec[token.name as keyof typeof spec];
    if (!known) return refuse(usage.unknownOption(token.rawName));
    if (known.type === 'string' && typeof token.value !== 'string') return refuse(usage.missingValue(token.rawName));
    if (known.type === 'boolean' && token.value !== undefined) return refuse(usage.unexpectedValue(token.rawName));
  }
  if (values.help) return { help: lang };
  if (values.version) return { version: true };

  const choose = <T extends string>(name: string, allowed: readonly T[]): T | Command => {
    const value = given(values[name as keyof typeof values]);
    if (value === undefined) return allowed[0];
    return (allowed as readonly string[]).includes(value)
      ? (value as T)
      : refuse(usage.choice(`--${name}`, value, allowed));
  };
  const type = choose('type', orderTypes);
  if (typeof type !== 'string') return type;
  if (!validators[type]) return refuse(usage.unavailable(type));
  const format = choose('format', formats);
  if (typeof format !== 'string') return format;
  if (langValue !== undefined && langValue !== lang) return refuse(usage.choice('--lang', langValue, langs));

  const jobsValue = given(values.jobs);
  const jobs = jobsValue === undefined ? cores : /^[1-9][0-9]{0,2}$/.test(jobsValue) ? Number(jobsValue) : 0;
  if (jobs < 1 || jobs > 256) return refuse(usage.jobs(jobsValue ?? ''));

  const limitValue = env[maxInputBytesVariable];
  const limit = inputLimit(limitValue);
  if (limit === 0) return refuse(usage.maxInputBytes(maxInputBytesVariable, limitValue ?? '', maxInputBytes));

  if (positionals.length === 0) return refuse(usage.noInput);
  if (positionals.filter((arg) => arg === '-').length > 1) return refuse(usage.stdinTwice);
  const run = { inputs: positionals, type, format, lang, ndjson: values.ndjson === true, jobs, maxInputBytes: limit };
  return { run };
}
