// The engine of src/ against the engine of commit acd80ce (test/reference/engine.js, bundled by
// test/reference/build.mjs: a copy with module state of its own). The same call on the same input
// gives the same result, compared whole and in order: the verdict, each violation's rule, code, path,
// params and message, the hints, the truncation, the text entry's lines and columns, the keys of each
// object in their order. Inputs: the property generators, every example file (parsed and as text),
// 20,000 seeded mutants of the valid example orders and hostile shapes, under several option sets.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidOrderExamples } from '../scripts/generate-rules.mjs';
import { bitstream, localLoop, opticalAccess } from '../src/generated/facts.js';
import * as current from '../src/index.js';
import { comparePaths, decodeToken } from '../src/pointer.js';
import { inflightMutants, inflightOrder, mutants as mutantFamilies, order, orderWithNotJson } from './arbitraries.js';
import { mutants } from './mutator.js';
import * as reference from './reference/engine.js';
import { runs } from './runs.js';
import { counting, fakeLength, sharedReferences } from './traps.js';

/** What both engines export, typed as the package's own. */
type Engine = typeof reference;

/** One way to call an engine on an input, named for the failure message. */
interface Call {
  readonly name: string;
  run(engine: Engine, input: unknown): unknown;
}

// ---------------------------------------------------------------------------------------------
// Comparing results

/** Where two results first differ, and what each holds there. */
interface Difference {
  readonly at: string;
  readonly now: unknown;
  readonly before: unknown;
}

const isObject = (value: unknown): value is Record<string | number, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The first place where `now` and `before` differ, depth first: a value, an array's length, or an
 * object's keys in their order. The same object on both sides (the input itself, as `value`) is equal.
 */
function difference(now: unknown, before: unknown, at = 'result', seen = new Set<unknown>()): Difference | undefined {
  if (Object.is(now, before)) return undefined;
  if (!isObject(now) || !isObject(before) || Array.isArray(now) !== Array.isArray(before)) return { at, now, before };
  if (seen.has(now)) return undefined;
  seen.add(now);
  if (Array.isArray(now)) {
    const other = before as unknown as unknown[];
    const n = Math.min(now.length, other.length);
    for (let i = 0; i < n; i++) {
      const found = difference(now[i], other[i], `${at}[${i}]`, seen);
      if (found) return found;
    }
    return now.length === other.length ? undefined : { at: `${at}.length`, now: now.length, before: other.length };
  }
  const keys = Object.keys(now);
  const otherKeys = Object.keys(before);
  if (keys.join('\0') !== otherKeys.join('\0')) return { at: `${at} (its keys)`, now: keys, before: otherKeys };
  for (const key of keys) {
    const found = difference(now[key], before[key], `${at}.${key}`, seen);
    if (found) return found;
  }
  return undefined;
}

/** A value in one line, at most about `max` characters: cycles, holes and values that are no JSON shown as such. */
function show(value: unknown, max = 600): string {
  let out = '';
  const seen = new Set<unknown>();
  const write = (v: unknown, depth: number): void => {
    if (out.length > max) return;
    if (typeof v === 'string') out += JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…(${v.length} chars)` : v);
    else if (typeof v === 'bigint') out += `${v}n`;
    else if (typeof v === 'symbol') out += v.toString();
    else if (typeof v === 'function') out += '[function]';
    else if (!isObject(v)) out += String(v);
    else if (seen.has(v)) out += '[cycle]';
    else if (depth > 12) out += Array.isArray(v) ? '[…]' : '{…}';
    else {
      seen.add(v);
      try {
        const proto = Object.getPrototypeOf(v);
        if (!Array.isArray(v) && proto !== Object.prototype && proto !== null)
          out += `${proto?.constructor?.name ?? 'object'} `;
        if (v instanceof Date) out += Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
        else if (Array.isArray(v)) {
          out += '[';
          const n = Math.min(v.length, 20);
          for (let i = 0; i < n; i++) {
            if (i > 0) out += ', ';
            if (i in v) write(v[i], depth + 1);
            else out += '<hole>';
          }
          out += v.length > n ? `, … ${v.length - n} more]` : ']';
        } else {
          out += '{';
          const keys = Object.keys(v);
          for (const [i, key] of keys.slice(0, 30).entries()) {
            out += `${i > 0 ? ', ' : ''}${JSON.stringify(key)}: `;
            write(v[key], depth + 1);
          }
          out += keys.length > 30 ? `, … ${keys.length - 30} more}` : '}';
        }
      } catch {
        out += '[unreadable]';
      }
    }
  };
  write(value, 0);
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/** The list and index of a difference inside a violation, hint or issue (`result.violations[3].params.limit`). */
const inItem = /^result\.(violations|hints|issues|notes)\[(\d+)\]/;

/** What a failure shows: the call, the case, where they differ, the first differing violation whole, the input shortened. */
function report(call: string, name: string, input: unknown, found: Difference, now: unknown, before: unknown): string {
  const lines = [
    `${call} on ${name}: the current engine differs from acd80ce's at ${found.at}`,
    `  current: ${show(found.now, 300)}`,
    `  acd80ce: ${show(found.before, 300)}`,
  ];
  const item = inItem.exec(found.at);
  if (item) {
    const [, list, index] = item;
    const of = (result: unknown) => (isObject(result) && isObject(result[list]) ? result[list][index] : undefined);
    lines.push(
      `  ${list}[${index}] current: ${show(of(now), 400)}`,
      `  ${list}[${index}] acd80ce: ${show(of(before), 400)}`,
    );
  }
  lines.push(`  input: ${show(input, 800)}`);
  return lines.join('\n');
}

/** Whether a result stopped at the limit of findings (more faults than 10 × maxViolations, and 1,000). */
const pastTheStop = (result: unknown): boolean =>
  isObject(result) && isObject(result.truncated) && result.truncated.stopped === true;

/**
 * Past the stop the engines differ by design: acd80ce's listed the first by path of what its first
 * rules found before the limit, the walk lists the first by path of all (docs/decisions/0391-the-walk-past-the-stop.md). Both
 * stop, list as many, and the walk's are in path order.
 */
function stopDifference(now: unknown, before: unknown): Difference | undefined {
  if (!pastTheStop(now))
    return {
      at: 'result.truncated.stopped',
      now: (now as { truncated?: unknown }).truncated,
      before: (before as { truncated?: unknown }).truncated,
    };
  const listed = (result: unknown) => (result as { violations: { path: string }[] }).violations;
  if (listed(now).length !== listed(before).length)
    return { at: 'result.violations.length', now: listed(now).length, before: listed(before).length };
  const paths = listed(now).map((v) => v.path);
  const sorted = [...paths].sort(comparePaths);
  return paths.every((path, i) => path === sorted[i])
    ? undefined
    : { at: 'result.violations (path order)', now: paths, before: sorted };
}

/** The roles R10 to R12 demand of some place. */
const demandedRoles: Readonly<Record<string, readonly string[]>> = {
  R10: localLoop.roles,
  R11: [bitstream.role],
  R12: opticalAccess.roles,
};

/** The most places R10 to R12 allow. */
const placesMax: Readonly<Record<string, number>> = {
  R10: localLoop.places.max,
  R11: bitstream.places.max,
  R12: opticalAccess.places.max,
};

/** The codes of a finding about a missing row of a list. */
const missingRow: ReadonlySet<string> = new Set([
  'too_few_items',
  'missing_phone_contact',
  'missing_postal_contact',
  'missing_characteristic',
]);

/** The value at the JSON Pointer `pointer` of `input` (JSON text parsed), or undefined. */
function valueAt(input: unknown, pointer: string): unknown {
  let node = input;
  if (typeof node === 'string')
    try {
      node = JSON.parse(node);
    } catch {
      return undefined;
    }
  for (const token of pointer.split('/').slice(1).map(decodeToken)) {
    if (!isObject(node) || !Object.hasOwn(node, token)) return undefined;
    node = node[token];
  }
  return node;
}

/**
 * A finding of acd80ce's as the current engine gives it by design (docs/decisions/0219-a-missing-row-is-reported-at-the-list-its-focus.md): one about a missing row of a list (a count too low, R3's and R4's contact
 * medium, a site's characteristic, and a place role that no place can take over) focused the key field
 * of the list's first row, `…/0/<key>`, and its Standard Schema issue sat there; so did a missing place
 * role while the count allows one more place, at a place whose role is not needed (`…/<j>/role`). Now
 * their focus is the control that adds a row, `…/-`, and their issue is at the list. Everything else
 * stays as it was; and acd80ce's code missing_place_role is missing_role.
 */
function focusNow(found: unknown, input: unknown): unknown {
  // acd80ce's missing_place_role is missing_role now, one code for a role a list lacks
  const item = isObject(found) && found.code === 'missing_place_role' ? { ...found, code: 'missing_role' } : found;
  if (!isObject(item) || !isObject(item.params) || typeof item.params.focus !== 'string') return item;
  const { focus } = item.params;
  const row = /^(.*)\/(\d+)\/[^/]+$/.exec(focus);
  if (!row) return item;
  const [, list, index] = row;
  const places = valueAt(input, list);
  const moved =
    (index === '0' && missingRow.has(String(item.code))) ||
    (item.code === 'missing_role' &&
      ((index === '0' && demandedRoles[String(item.rule)]?.includes(valueAt(input, `${list}/0/role`) as string)) ||
        (Array.isArray(places) && places.length < placesMax[String(item.rule)])));
  if (!moved) return item;
  const now: Record<string, unknown> = { ...item, params: { ...item.params, focus: `${list}/-` } };
  // an issue (its path keys, not a pointer): from the first row's key field to the list
  if (Array.isArray(item.path)) now.path = item.path.slice(0, -2);
  return now;
}

/** acd80ce's result with {@link focusNow} applied to its violations and issues. */
function byDesign(result: unknown, input: unknown): unknown {
  if (!isObject(result) || Array.isArray(result)) return result;
  const now = { ...result };
  for (const key of ['violations', 'issues'])
    if (Array.isArray(result[key])) now[key] = (result[key] as unknown[]).map((item) => focusNow(item, input));
  return now;
}

/**
 * acd80ce's finding of a day the calendar does not have (`2023-02-30`), `invalid_date_time` with the
 * reason `invalid`, as the current engine gives it by design (docs/decisions/0214-a-date-s-message-keeps-its-reason.md): the reason `no_such_date`, the day in `params.date`, and a message that says
 * so. Taken over only where the current engine says `no_such_date` at the same place and acd80ce
 * said `invalid`; everything else stays as it was.
 */
function datesNow(now: unknown, before: unknown): unknown {
  if (!isObject(now) || !isObject(before) || Array.isArray(before)) return before;
  const then = { ...before };
  for (const key of ['violations', 'issues']) {
    const mine = now[key];
    const theirs = before[key];
    if (!Array.isArray(mine) || !Array.isArray(theirs)) continue;
    then[key] = theirs.map((item: unknown, i: number) => {
      const at = mine[i] as Record<string, unknown> | undefined;
      const params = isObject(at) && isObject(at.params) ? at.params : undefined;
      if (params?.reason !== 'no_such_date' || !isObject(item) || !isObject(item.params)) return item;
      const same = item.code === 'invalid_date_time' && item.params.reason === 'invalid';
      return same && JSON.stringify(item.path) === JSON.stringify(at?.path)
        ? { ...item, params, message: at?.message }
        : item;
    });
  }
  return then;
}

/** The rules of the current engine that acd80ce's lacks: a result that names one is beyond its judgement. */
const newRules: ReadonlySet<string> = new Set(
  current.rules.map((r) => r.id as string).filter((id) => !reference.rules.some((r) => r.id === id)),
);

/** Whether `result` holds a finding (an object with `rule`) of a rule in `ids`, at most 8 levels down. */
function namesRule(result: unknown, ids: ReadonlySet<string>, depth = 8): boolean {
  if (ids.size === 0 || depth === 0 || typeof result !== 'object' || result === null) return false;
  if (typeof (result as { rule?: unknown }).rule === 'string' && ids.has((result as { rule: string }).rule))
    return true;
  return Object.values(result).some((value) => namesRule(value, ids, depth - 1));
}

/**
 * Runs each call on each case through both engines; fails with the first difference and how many there
 * were. A result of the current engine that names a rule acd80ce's lacks is left out: the reference
 * cannot judge it, and the rule's own tests do.
 */
class Tally {
  private calls = 0;
  private differ = 0;
  private first: string | undefined;

  /** Both engines on one input with every call; throws at once when `eager` (inside a property, to shrink). */
  same(name: string, input: unknown, calls: readonly Call[], eager = false): void {
    for (const call of calls) {
      this.calls++;
      const now = call.run(current, input);
      if (namesRule(now, newRules)) continue;
      const before = datesNow(now, byDesign(call.run(reference, input), input));
      const found = pastTheStop(before) ? stopDifference(now, before) : difference(now, before);
      if (!found) continue;
      this.differ++;
      const text = report(call.name, name, input, found, now, before);
      if (eager) throw new Error(text);
      this.first ??= text;
    }
  }

  /** Fails when some call differed, with the first; returns how many calls were compared. */
  done(): number {
    if (this.first) throw new Error(`${this.differ} of ${this.calls} calls differ; the first:\n${this.first}`);
    return this.calls;
  }
}

// ---------------------------------------------------------------------------------------------
// The calls

const optionSets: readonly [string, (engine: Engine) => current.ValidateOptions | undefined][] = [
  ['no options', () => undefined],
  ['{}', () => ({})],
  ["{ lang: 'de' }", () => ({ lang: 'de' })],
  ['{ maxViolations: 3 }', () => ({ maxViolations: 3 })],
  ['{ maxViolations: 1000 }', () => ({ maxViolations: 1000 })],
  // today's labels for both engines: the reference's findings worded as a form words them now (a
  // date's reason kept, a failed rule's sentence, what to do), so the verdict, rule, code, path and
  // params are compared as strictly as before and the message by today's words
  [
    '{ labels: labelsDe }',
    (engine) => ({ labels: engine === reference ? oldCodes(current.labelsDe) : current.labelsDe }),
  ],
];

/** `labels` for acd80ce's findings, whose code missing_place_role is missing_role now. */
function oldCodes(labels: current.Labels): current.Labels {
  const now = (f: current.Finding): current.Finding =>
    (f.code as string) === 'missing_place_role' ? ({ ...f, code: 'missing_role' } as current.Finding) : f;
  return { ...labels, message: (finding, input) => labels.message(now(finding), input) };
}

const get = (order: unknown, key: string): unknown =>
  isObject(order) && !Array.isArray(order) && Object.hasOwn(order, key) ? order[key] : undefined;

/** The findings of {@link several}: its own codes, and a built-in one. */
type Several = current.CustomFinding<'x_whole' | 'x_party' | 'x_category' | 'required'>;

/** A caller's rule that reports at several paths, against the path order (the last related parties first). */
const several: current.CustomRule<Several> = {
  id: 'X-several',
  title: 'Reports at the whole order, the last related parties, the category and a place.',
  check(order) {
    if (!isObject(order)) return [];
    const found: Several[] = [{ rule: 'X-several', code: 'x_whole', path: '', params: {} }];
    const parties = get(order, 'relatedParty');
    if (Array.isArray(parties))
      for (let i = parties.length - 1; i >= Math.max(0, parties.length - 3); i--)
        found.push({ rule: 'X-several', code: 'x_party', path: `/relatedParty/${i}/role`, params: { index: i } });
    found.push({
      rule: 'X-several',
      code: 'x_category',
      path: '/category',
      params: { is: typeof get(order, 'category') },
    });
    found.push({ rule: 'X-several', code: 'required', path: '/productOrderItem/0/product', params: { property: 'x' } });
    return found;
  },
};

/** A caller's rule that throws on an order without a description. */
const throwing: current.CustomRule<current.CustomFinding<'x_never'>> = {
  id: 'X-throws',
  title: 'Throws on an order without a description.',
  check(order) {
    if (get(order, 'description') === undefined) throw new TypeError('no description to read');
    return [];
  },
};

/** Each engine's validator with the caller's rules, without R14, with messages of its own and a built-in one reworded. */
const validators = new Map(
  [current, reference].map((engine: Engine) => [
    engine,
    engine.createValidator({
      rules: [several, throwing],
      without: ['R14'],
      messages: {
        en: { x_whole: () => 'The whole order.', x_party: (f) => `Party ${f.params.index}.` },
        de: { x_party: (f) => `Partei ${f.params.index}.`, required: (f) => `Es fehlt '${f.params.property}'.` },
      },
    }),
  ]),
);
const validator = (engine: Engine) => validators.get(engine) as ReturnType<typeof current.createValidator>;

/** What assertProductOrder throws, as data. */
function asserted(engine: Engine, input: unknown): unknown {
  try {
    engine.assertProductOrder(input, { lang: 'de' });
    return 'no throw';
  } catch (error) {
    const { name, message, violations } = error as current.ProductOrderValidationError;
    // acd80ce's message showed a violation of the whole order at '/', the pointer of the key ''; it is
    // given without a pointer since (CHANGELOG, Fixed)
    const said = engine === reference ? message.replace(/(: |; )\/: /g, '$1') : message;
    return { name, message: said, violations };
  }
}

const orderCalls: readonly Call[] = [
  ...optionSets.map(
    ([name, options]): Call => ({
      name: `validateProductOrder(input, ${name})`,
      run: (engine, input) => engine.validateProductOrder(input, options(engine)),
    }),
  ),
  { name: 'createValidator(…).validate(input)', run: (engine, input) => validator(engine).validate(input) },
  {
    name: "createValidator(…).validate(input, { lang: 'de', maxViolations: 5 })",
    run: (engine, input) => validator(engine).validate(input, { lang: 'de', maxViolations: 5 }),
  },
  {
    name: "productOrderSchema['~standard'].validate(input)",
    run: (engine, input) => engine.productOrderSchema['~standard'].validate(input),
  },
  { name: 'productOrderSchema.hints(input)', run: (engine, input) => engine.productOrderSchema.hints(input) },
  { name: "assertProductOrder(input, { lang: 'de' })", run: asserted },
];

const textOptionSets: readonly [string, (engine: Engine) => current.ValidateOptions | undefined][] = [
  ...optionSets,
  ['{ keepInexactNumbers: true }', () => ({ keepInexactNumbers: true })],
];

const textCalls: readonly Call[] = [
  ...textOptionSets.map(
    ([name, options]): Call => ({
      name: `validateProductOrderText(text, ${name})`,
      run: (engine, text) => engine.validateProductOrderText(text as string, options(engine)),
    }),
  ),
  {
    name: "createValidator(…).validateText(text, { lang: 'de' })",
    run: (engine, text) => validator(engine).validateText(text as string, { lang: 'de' }),
  },
];

const inflightCalls: readonly Call[] = optionSets.map(([name, options]) => ({
  name: `validateInflightChangeProductOrder(input, ${name})`,
  run: (engine, input) => engine.validateInflightChangeProductOrder(input, options(engine)),
}));

const inflightTextCalls: readonly Call[] = textOptionSets.map(([name, options]) => ({
  name: `validateInflightChangeProductOrderText(text, ${name})`,
  run: (engine, text) => engine.validateInflightChangeProductOrderText(text as string, options(engine)),
}));

/** `value` as JSON text two spaces indented, so that positions span lines; undefined when it has none (a BigInt, a cycle). */
function textOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The inputs

/** The JSON files of `dir` that are inputs (not `.expected.json`), by name, as text. */
function examples(dir: string): [string, string][] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.expected.json'))
    .sort()
    .map((file) => [`${dir}/${file}`, readFileSync(`${dir}/${file}`, 'utf8')]);
}

const validOrders = examples('examples/orders/valid');
const invalidOrders = invalidOrderExamples('./').map((path): [string, string] => [path, readFileSync(path, 'utf8')]);
const validChanges = examples('examples/inflight/valid');
const invalidChanges = examples('examples/inflight/invalid');

/** One seed for every generated input: the same inputs on every run. */
const seed = 41;

/** A copy of the first valid example order, made anew for each case. */
const validOrder = (): Record<string, unknown> => JSON.parse(validOrders[0][1]);
/** The first item of a valid new order with a local loop: R9 and R10 read it. */
const newOrder = (): Record<string, unknown> =>
  JSON.parse((validOrders.find(([name]) => name.endsWith('new-hvt-local-loop.json')) ?? validOrders[0])[1]);

/** `levels` objects, each the one property `a` of the one above, `leaf` at the bottom. */
function nested(levels: number, leaf: unknown = 'bottom'): unknown {
  let deep = leaf;
  for (let i = 0; i < levels; i++) deep = { a: [deep] };
  return deep;
}

/**
 * Hostile inputs, each made anew: sparse, deep, odd keys, very many keys or faults, objects that
 * fight back; the large ones (`large`) for the calls that list and cut violations.
 */
function hostile(): [string, unknown, large?: true][] {
  const cases: [string, unknown, true?][] = [];
  const add = (name: string, make: (o: Record<string, unknown>) => unknown, large?: true) =>
    cases.push(large ? [name, make(newOrder()), large] : [name, make(newOrder())]);
  for (const value of [undefined, null, 42, 'order', true, 10n, Symbol('order'), [], [validOrder()], new Date(0)])
    cases.push([`the input ${show(value)}`, value]);
  add('sparse item list', (o) => {
    const items = o.productOrderItem as unknown[];
    const sparse = new Array(items.length + 3);
    for (const [i, item] of items.entries()) sparse[i + 1] = item;
    o.productOrderItem = sparse;
    return o;
  });
  add('sparse related parties of length 50', (o) => {
    const parties = o.relatedParty as unknown[];
    parties.length = 50;
    return o;
  });
  add('an array of 10,000 holes as note', (o) => ({ ...o, note: new Array(10_000) }), true);
  add(
    'nesting 1,500 deep in three places',
    (o) => ({
      ...o,
      note: [nested(1500)],
      extension: nested(1500),
      additionalOrderInformation: nested(1500),
    }),
    true,
  );
  add(
    'a related party nested 1,200 deep',
    (o) => {
      (o.relatedParty as unknown[]).push(nested(1200, { role: 'nope' }));
      return o;
    },
    true,
  );
  cases.push(['nesting 5,000 deep as the input', nested(5000)]);
  cases.push([
    '__proto__ keys in parsed JSON',
    JSON.parse(
      `{"__proto__": {"polluted": true}, "category": {"__proto__": "new"}, "productOrderItem": [{"__proto__": {"action": "add"}}]}`,
    ),
  ]);
  add('__proto__ keys beside the fields', (o) => {
    Object.defineProperty(o, '__proto__', { value: { category: 'new' }, enumerable: true });
    Object.defineProperty(o.relatedParty as object, '__proto__', { value: [], enumerable: true });
    return o;
  });
  add('keys with ~ and /', (o) => {
    Object.assign(o, { 'a/b': 1, 'c~d': 2, '~1': 3, '/': {}, '~': [] });
    const [item] = o.productOrderItem as Record<string, unknown>[];
    Object.assign(item, { 'act/ion': 'add', 'prod~uct': {}, '~0~1': null });
    return o;
  });
  add(
    '10,000 unknown keys',
    (o) => {
      for (let i = 0; i < 10_000; i++) o[`x-unknown-${i}`] = i;
      return o;
    },
    true,
  );
  add(
    '5,000 near misses of a name',
    (o) => {
      for (let i = 0; i < 5000; i++) o[`relatedPart${String.fromCharCode(97 + (i % 26))}${i}`] = [];
      for (let i = 0; i < 500; i++) o[`descriptio${String.fromCharCode(97 + (i % 26))}`] = 'x';
      return o;
    },
    true,
  );
  add(
    '1,000 faulty items',
    (o) => {
      const [item] = o.productOrderItem as Record<string, unknown>[];
      o.productOrderItem = Array.from({ length: 1000 }, () => ({ ...item, action: 'modify' }));
      return o;
    },
    true,
  );
  add(
    '20,000 faulty items, past the stop',
    (o) => {
      const [item] = o.productOrderItem as Record<string, unknown>[];
      o.productOrderItem = Array.from({ length: 20_000 }, (_, i) => (i % 3 === 0 ? { ...item, action: 3 } : {}));
      return o;
    },
    true,
  );
  add(
    '1,000 faults across every list',
    (o) => {
      o.relatedParty = Array.from({ length: 400 }, (_, i) => ({ role: i % 2 ? 'nope' : 'technicalContact' }));
      o.note = Array.from({ length: 300 }, () => ({ text: 5 }));
      o.externalId = Array.from({ length: 300 }, () => ({ id: '' }));
      return o;
    },
    true,
  );
  add('a throwing getter', (o) =>
    Object.defineProperty(o, 'description', {
      enumerable: true,
      get() {
        throw new Error('trap');
      },
    }),
  );
  add('the order behind counting proxies', (o) => counting(o));
  add(
    'an item list that says it holds 2,000 items',
    (o) => ({
      ...o,
      productOrderItem: fakeLength({ count: 0 }, () => ({ action: 'modify' }), 2000),
    }),
    true,
  );
  cases.push(['2^12 paths through 13 shared objects', { ...validOrder(), note: [sharedReferences(12)] }]);
  return cases;
}

/** Hostile texts: broken syntax, duplicate names, inexact numbers, a byte order mark, deep nesting, lone surrogates. */
function hostileTexts(): [string, string][] {
  const text = validOrders[0][1];
  return [
    ['the empty text', ''],
    ['only spaces', '   \n '],
    ['an unclosed object', text.slice(0, text.length / 2)],
    ['a trailing comma', text.replace(/}\s*$/, ',}')],
    ['a byte order mark', `\uFEFF${text}`],
    ['a duplicate name', text.replace('{', '{"category": "portChange",')],
    ['duplicate names deep', text.replace('"relatedParty": [', '"relatedParty": [{"role": "a", "role": "b"},')],
    ['inexact numbers', text.replace('{', '{"x-big": 1e400, "x-long": 12345678901234567890, "x-tiny": 1e-400,')],
    ['a lone surrogate', text.replace('{', '{"x-odd": "\\ud800",')],
    ['nesting 5,000 deep', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['nesting 900 deep in a note', text.replace('{', `{"note": ${'['.repeat(900)}${']'.repeat(900)},`)],
    [
      '10,000 unknown keys',
      text.replace('{', `{${Array.from({ length: 10_000 }, (_, i) => `"k${i}": ${i}`).join(',')},`),
    ],
    ['a NUL character', text.replace('{', '{"x-nul": "\u0000",')],
    ['a second value after the order', `${text} {}`],
  ];
}

describe('a result that names a rule the reference engine lacks', () => {
  it('is found in a list of violations or issues, and nowhere else', () => {
    const ids = new Set(['R15']);
    expect(namesRule({ valid: false, violations: [{ rule: 'R3' }, { rule: 'R15' }] }, ids)).toBe(true);
    expect(namesRule({ issues: [{ path: ['a'], rule: 'R15' }] }, ids)).toBe(true);
    expect(namesRule({ valid: false, violations: [{ rule: 'R3', params: { role: 'R15' } }] }, ids)).toBe(false);
    expect(namesRule({ valid: false, violations: [{ rule: 'R15' }] }, new Set())).toBe(false);
  });
});

describe('the current engine gives what the engine of acd80ce gives', () => {
  it('on every example order and in-flight change, parsed and as text, under every option set', () => {
    const tally = new Tally();
    for (const [name, text] of [...validOrders, ...invalidOrders]) {
      tally.same(name, JSON.parse(text), orderCalls);
      tally.same(`${name} as text`, text, textCalls);
    }
    for (const [name, text] of [...validChanges, ...invalidChanges]) {
      tally.same(name, JSON.parse(text), inflightCalls);
      tally.same(`${name} as text`, text, inflightTextCalls);
    }
    tally.done();
  });

  // each generated input through both engines with no options and in turn with one other call; one in eight as text
  const [plainOrder, ...otherOrderCalls] = orderCalls;
  const [plainChange, ...otherChangeCalls] = inflightCalls;

  it('on the property generators: valid orders, their mutants of every rule and orders with a value that is no JSON', () => {
    const families = Object.values(mutantFamilies) as fc.Arbitrary<{ order: unknown }>[];
    const input = fc.oneof(
      order,
      fc.oneof(...families).map((m) => m.order),
      orderWithNotJson.map((m) => m.order),
    );
    const tally = new Tally();
    fc.assert(
      fc.property(input, fc.nat(), (o, n) => {
        tally.same('a generated order', o, [plainOrder, otherOrderCalls[n % otherOrderCalls.length]], true);
        const text = n % 8 === 0 ? textOf(o) : undefined;
        if (text !== undefined) tally.same('a generated order as text', text, [textCalls[n % textCalls.length]], true);
      }),
      { seed, numRuns: runs(2000) },
    );
    tally.done();
  });

  it('on the in-flight generators: valid changes and their mutants', () => {
    const families = Object.values(inflightMutants) as fc.Arbitrary<{ order: unknown }>[];
    const input = fc.oneof(
      inflightOrder,
      fc.oneof(...families).map((m) => m.order),
    );
    const tally = new Tally();
    fc.assert(
      fc.property(input, fc.nat(), (o, n) => {
        tally.same('a generated change', o, [plainChange, otherChangeCalls[n % otherChangeCalls.length]], true);
        const text = n % 8 === 0 ? textOf(o) : undefined;
        if (text !== undefined)
          tally.same('a generated change as text', text, [inflightTextCalls[n % inflightTextCalls.length]], true);
      }),
      { seed, numRuns: runs(1000) },
    );
    tally.done();
  });

  it('on 20,000 seeded mutants of the valid example orders', () => {
    const valid = validOrders.map(([, text]) => JSON.parse(text));
    const tally = new Tally();
    // every mutant with no options; every fourth in turn with one other call, every sixteenth as text
    for (const [n, { input, from, what }] of mutants(valid, 20_000, seed).entries()) {
      const name = `mutant ${n} of ${validOrders[from][0]} (${what})`;
      tally.same(
        name,
        input,
        n % 4 === 0 ? [plainOrder, otherOrderCalls[(n / 4) % otherOrderCalls.length]] : [plainOrder],
      );
      if (n % 16 !== 0) continue;
      const text = textOf(input);
      if (text !== undefined) tally.same(`${name} as text`, text, [textCalls[(n / 16) % textCalls.length]]);
    }
    tally.done();
  });

  it('on hostile shapes and texts, under every option set', () => {
    const tally = new Tally();
    // the large ones with no options, the cuts at 3 and 1,000 violations, and a validator of the caller's
    const listing = orderCalls.filter(({ name }) => /no options|maxViolations|createValidator/.test(name));
    for (const [name, input, large] of hostile()) tally.same(name, input, large ? listing : orderCalls);
    for (const [name, text] of hostileTexts()) tally.same(name, text, textCalls);
    tally.done();
  });
});
