// The command line read into options, with usage errors in the user's language.
import { statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { type Lang, langs } from '../messages/index.js';
import { optionFault, readArgs } from './args.js';
import { type Config, type ConfigChoices, defaultBaseDir, findConfig, readConfig } from './config.js';
import { type FailOn, failOns } from './exit.js';
import { maxInputBytes } from './feed.js';
import { alternatives, maxAlternatives } from './glob.js';
import { cliWords } from './languages.js';
import { type Format, formats } from './report.js';
import { type OrderType, orderTypes, validators } from './validators.js';

/** A report to write: its format, and the file it goes to (stdout when there is none). */
export interface Output {
  readonly format: Format;
  readonly path: string | undefined;
}

/** What the command is asked to do. */
export interface Options {
  readonly inputs: readonly string[];
  readonly type: OrderType;
  /** The reports, at most one of them to stdout. */
  readonly outputs: readonly Output[];
  readonly lang: Lang;
  /** Whether valid orders are left out of the reports. */
  readonly quiet: boolean;
  /** Glob patterns of files not to check. */
  readonly exclude: readonly string[];
  /** The most violations listed per order. */
  readonly maxViolations: number | undefined;
  /** Whether numbers JavaScript cannot hold exactly are kept, rather than reported as `inexact_number`. */
  readonly keepInexactNumbers: boolean;
  readonly ndjson: boolean;
  /** Worker threads; 1 validates on the main thread. */
  readonly jobs: number;
  /** Whether `--jobs` was given: then workers start with the first input, else only once the input is large. */
  readonly jobsGiven: boolean;
  /** The most bytes of a JSON document or NDJSON line; a larger one is an input error. */
  readonly maxInputBytes: number;
  /** The folder reports name files from (absolute): `--base-dir`, else the git repository's root, `GITHUB_WORKSPACE`, `CI_PROJECT_DIR` or the working folder. */
  readonly baseDir: string;
  /** `--changed`: check only the files that differ from `base` (`undefined`: the default branch). */
  readonly changed: { readonly base: string | undefined } | undefined;
  /** What fails the run: violations, or hints too. */
  readonly failOn: FailOn;
  /** The most failing orders a run may have and exit 0. */
  readonly maxInvalid: number;
  /** The config file read, when there was one. */
  readonly config: string | undefined;
  /** Whether hints are left out of every report (`--no-hints`). */
  readonly noHints: boolean;
  /** A baseline file whose known violations are not reported (`--baseline`). */
  readonly baseline: string | undefined;
  /** Where to write the baseline of this run's violations (`--write-baseline`). */
  readonly writeBaseline: string | undefined;
  /** Whether baseline entries that match nothing fail the run (`--strict-baseline`); else a note says so. */
  readonly strictBaseline: boolean;
}

/** The command line read: a run, a request for help or the version, or a usage error. */
export type Command =
  | { readonly run: Options }
  | { readonly help: Lang }
  | { readonly version: true }
  | { readonly usage: string; readonly lang: Lang };

const spec = {
  type: { type: 'string', short: 't' },
  format: { type: 'string', short: 'f', multiple: true },
  output: { type: 'string', short: 'o', multiple: true },
  quiet: { type: 'boolean', short: 'q' },
  exclude: { type: 'string', multiple: true },
  'max-violations': { type: 'string' },
  'keep-inexact-numbers': { type: 'boolean' },
  lang: { type: 'string', short: 'l' },
  ndjson: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' },
  'base-dir': { type: 'string' },
  // a flag with an optional value, given as --changed=<base>: `--changed main` would read main as an input
  changed: { type: 'boolean' },
  'fail-on': { type: 'string' },
  'max-invalid': { type: 'string' },
  config: { type: 'string' },
  'no-hints': { type: 'boolean' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  'strict-baseline': { type: 'boolean' },
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
export function parseCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cores: number,
  cwd: string = process.cwd(),
): Command {
  const { values, positionals, tokens } = readArgs(args, spec);
  const given = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const langValue = given(values.lang);
  let lang: Lang = langs.find((known) => known === langValue) ?? envLang(env);
  let usage = cliWords[lang].usage;
  const refuse = (message: string): Command => ({ usage: message, lang });

  const fault = optionFault(tokens, spec, usage, 'changed');
  if (fault !== undefined) return refuse(fault);
  if (values.help) return { help: lang };
  if (values.version) return { version: true };

  // the base folder first: the config is looked for from the working folder up to it
  const baseValue = given(values['base-dir']);
  const folder = (value: string, from: string): string | Command => {
    const path = resolve(from, value);
    try {
      if (statSync(path).isDirectory()) return path;
      return refuse(usage.baseDir(value, 'ENOTDIR'));
    } catch (error) {
      return refuse(usage.baseDir(value, (error as NodeJS.ErrnoException).code ?? String(error)));
    }
  };
  let baseDir = baseValue === undefined ? defaultBaseDir(cwd, env) : folder(baseValue, cwd);
  if (typeof baseDir !== 'string') return baseDir;
  const choices: ConfigChoices = { type: orderTypes, lang: langs, format: formats, failOn: failOns };
  const configValue = given(values.config);
  const found =
    configValue === undefined ? findConfig(cwd, baseDir, choices) : readConfig(resolve(cwd, configValue), choices);
  if (found !== undefined && 'fault' in found) return refuse(usage.config(found));
  const config: Config | undefined = found;
  const settings = config?.values ?? {};
  const configLang = langs.find((known) => known === settings.lang);
  if (langValue === undefined && configLang !== undefined) {
    lang = configLang;
    usage = cliWords[lang].usage;
  }
  if (baseValue === undefined && settings.baseDir !== undefined && config) {
    baseDir = folder(settings.baseDir, config.folder);
    if (typeof baseDir !== 'string') return baseDir;
  }
  /** A path of the config, relative to its folder, as the working folder names it. */
  const fromConfig = (path: string) => (config ? relative(cwd, resolve(config.folder, path)) || '.' : path);

  const choose = <T extends string>(name: string, allowed: readonly T[], fallback?: string): T | Command => {
    const value = given(values[name as keyof typeof values]) ?? fallback;
    if (value === undefined) return allowed[0];
    return (allowed as readonly string[]).includes(value)
      ? (value as T)
      : refuse(usage.choice(`--${name}`, value, allowed));
  };
  const type = choose('type', orderTypes, settings.type);
  if (typeof type !== 'string') return type;
  if (!validators[type]) return refuse(usage.unavailable(type));
  const outputs: { format: Format; path: string | undefined }[] = [];
  for (const token of tokens) {
    if (token.kind !== 'option' || typeof token.value !== 'string') continue;
    if (token.name === 'format') {
      if (!(formats as readonly string[]).includes(token.value)) {
        return refuse(usage.choice(token.rawName, token.value, formats));
      }
      outputs.push({ format: token.value as Format, path: undefined });
    } else if (token.name === 'output') {
      const last = outputs[outputs.length - 1];
      if (!last) outputs.push({ format: 'text', path: token.value });
      else if (last.path === undefined) last.path = token.value;
      else return refuse(usage.outputWithoutFormat);
    }
  }
  if (outputs.length === 0 && settings.outputs) {
    for (const output of settings.outputs) {
      outputs.push({
        format: output.format as Format,
        path: output.output === undefined ? undefined : fromConfig(output.output),
      });
    }
  }
  if (outputs.length === 0) outputs.push({ format: 'text', path: undefined });
  const toStdout = outputs.filter((output) => output.path === undefined);
  if (toStdout.length > 1) return refuse(usage.stdoutTwice(toStdout.map((output) => output.format)));
  const paths = outputs.flatMap((output) => (output.path === undefined ? [] : [resolve(output.path)]));
  const twice = paths.find((path, i) => paths.indexOf(path) !== i);
  if (twice !== undefined) return refuse(usage.outputTwice(twice));
  if (langValue !== undefined && langValue !== lang) return refuse(usage.choice('--lang', langValue, langs));

  const maxValue = given(values['max-violations']);
  const maxViolations =
    maxValue === undefined ? settings.maxViolations : /^[1-9][0-9]{0,8}$/.test(maxValue) ? Number(maxValue) : 0;
  if (maxViolations === 0) return refuse(usage.maxViolations(maxValue ?? ''));
  const excludeGiven = (values.exclude ?? []).filter((value): value is string => typeof value === 'string');
  const exclude = excludeGiven.length > 0 ? excludeGiven : [...(settings.exclude ?? [])];
  const tooMany = exclude.find((pattern) => alternatives(pattern) === undefined);
  if (tooMany !== undefined) return refuse(usage.badExclude(tooMany, maxAlternatives));

  const jobsValue = given(values.jobs);
  const jobs = jobsValue === undefined ? cores : /^[1-9][0-9]{0,2}$/.test(jobsValue) ? Number(jobsValue) : 0;
  if (jobs < 1 || jobs > 256) return refuse(usage.jobs(jobsValue ?? ''));

  const limitValue = env[maxInputBytesVariable];
  const limit = inputLimit(limitValue);
  if (limit === 0) return refuse(usage.maxInputBytes(maxInputBytesVariable, limitValue ?? '', maxInputBytes));

  const failOn = choose('fail-on', failOns, settings.failOn);
  if (typeof failOn !== 'string') return failOn;
  const maxInvalidValue = given(values['max-invalid']);
  const maxInvalid =
    maxInvalidValue === undefined
      ? (settings.maxInvalid ?? 0)
      : /^(0|[1-9][0-9]{0,8})$/.test(maxInvalidValue)
        ? Number(maxInvalidValue)
        : -1;
  if (maxInvalid < 0) return refuse(usage.maxInvalid(maxInvalidValue ?? ''));
  const noHints = values['no-hints'] === true || settings.noHints === true;
  if (failOn === 'hints' && noHints) return refuse(usage.failOnHidden);
  let changed: Options['changed'];
  for (const token of tokens) {
    if (token.kind === 'option' && token.name === 'changed') changed = { base: token.value };
  }

  if (positionals.length === 0) return refuse(usage.noInput);
  if (positionals.filter((arg) => arg === '-').length > 1) return refuse(usage.stdinTwice);
  const run: Options = {
    inputs: positionals,
    type,
    outputs,
    lang,
    quiet: values.quiet === true,
    exclude,
    maxViolations,
    keepInexactNumbers: values['keep-inexact-numbers'] === true,
    ndjson: values.ndjson === true,
    jobs,
    jobsGiven: jobsValue !== undefined,
    maxInputBytes: limit,
    baseDir,
    changed,
    failOn,
    maxInvalid,
    config: config?.file,
    noHints,
    // the config's baseline is not read by a run that writes one: it may not exist yet
    baseline:
      given(values.baseline) ??
      (settings.baseline === undefined || given(values['write-baseline']) !== undefined
        ? undefined
        : fromConfig(settings.baseline)),
    writeBaseline: given(values['write-baseline']),
    strictBaseline: values['strict-baseline'] === true || settings.strictBaseline === true,
  };
  return { run };
}
