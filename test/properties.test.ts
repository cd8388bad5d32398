// Properties of validateProductOrder over generated orders: valid ones pass, each mutant breaks
// exactly its rule, paths resolve, the shipped schema agrees under other validators, results are
// deterministic and the input stays untouched.
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import '@hyperjump/json-schema/formats';
import {
  type Validator as Compiled,
  registerSchema,
  setShouldValidateFormat,
  validate,
} from '@hyperjump/json-schema/draft-2020-12';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { namesAt } from '../scripts/generate-names.mjs';
import { readRules } from '../scripts/generate-rules.mjs';
import { isProductOrderFVO, type RuleId, type Violation, validateProductOrder } from '../src/index.js';
import { nearest } from '../src/near.js';
import { type Mutant, mutants, notJson, order, orderWithNotJson } from './arbitraries.js';
import { runs } from './runs.js';

/** Runs per property: 1,000 in CI, 100 locally (test/runs.ts). */
const numRuns = runs(1000);
const settings = { numRuns };
/** A minute per 1,000 runs: the differential property runs an interpreter on every case. */
const timeout = Math.max(60_000, 60 * numRuns);

const schema = JSON.parse(readFileSync('schemas/product-order.schema.json', 'utf8'));
const cfworker = new Validator(schema, '2020-12', false);

/** The shipped schema compiled once by hyperjump: `validate(uri, value)` compiles it anew for every value. */
let hyperjump: Compiled;

beforeAll(async () => {
  setShouldValidateFormat(true);
  registerSchema(structuredClone(schema));
  hyperjump = await validate(schema.$id);
});

const families = Object.entries(mutants) as [RuleId, fc.Arbitrary<Mutant>][];
const anyMutant = fc.oneof(...families.map(([, family]) => family));
const orderOrMutant = fc.oneof(
  order,
  anyMutant.map((m) => m.order),
);

describe('the families of mutants', () => {
  it("are one for each rule that can fail, from its folder's arbitrary.ts, in the order of the ids", () =>
    expect(families.map(([rule]) => rule)).toEqual(
      readRules('./')
        .filter((rule) => rule.invalidates.length > 0)
        .map((rule) => rule.id),
    ));
});

describe('valid orders by construction', () => {
  it(
    'give valid: true, the input itself, no violation and no hint',
    () => {
      fc.assert(
        fc.property(order, (o) => {
          const result = validateProductOrder(o);
          expect(result.violations).toEqual([]);
          expect(result.hints).toEqual([]);
          expect(result.valid && result.value).toBe(o);
        }),
        settings,
      );
    },
    timeout,
  );
});

describe.each(families)('a mutation that breaks %s', (rule, family) => {
  it(
    'gives exactly one violation of that rule, at the node it touched',
    () => {
      fc.assert(
        fc.property(family, (m) => {
          const result = validateProductOrder(m.order);
          expect(result.valid).toBe(false);
          expect(result.violations.map(({ rule, code, path }) => ({ rule, code, path }))).toEqual([
            { rule, code: m.code, path: m.path },
          ]);
        }),
        settings,
      );
    },
    timeout,
  );
});

describe('a typo', () => {
  const known = namesAt(schema);
  /** The places whose unknown properties get hints: those the generated checks walk. */
  const walked = [
    '',
    '/relatedParty/*',
    '/relatedParty/*/partyOrPartyRole',
    '/relatedParty/*/partyOrPartyRole/contactMedium/*',
    '/productOrderItem/*',
    '/productOrderItem/*/product',
  ];
  const token = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
  type Site = { parent: Record<string, unknown>; key: string; path: string; known: readonly string[]; name: boolean };

  /** Every known property name at a walked place, and every value named at its place, in `o`. */
  function sites(o: unknown, path = '', place = '', out: Site[] = []): Site[] {
    if (Array.isArray(o)) for (let i = 0; i < o.length; i++) sites(o[i], `${path}/${i}`, `${place}/*`, out);
    else if (typeof o === 'object' && o !== null) {
      const names = known.names.get(place);
      for (const [key, value] of Object.entries(o)) {
        const at = `${place}/${token(key)}`;
        if (names?.includes(key) && walked.includes(place))
          out.push({ parent: o as never, key, path, known: names, name: true });
        const values = known.values.get(at);
        if (typeof value === 'string' && values?.includes(value))
          out.push({ parent: o as never, key, path: `${path}/${token(key)}`, known: values, name: false });
        sites(value, `${path}/${token(key)}`, at, out);
      }
    }
    return out;
  }

  /** One slip of the hand: a letter dropped, doubled, swapped with the next, or in the other case. */
  const slip = (word: string, at: number, kind: number) => {
    const i = at % word.length;
    if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
    if (kind === 1) return word.slice(0, i) + word[i] + word.slice(i);
    if (kind === 2 && i + 1 < word.length) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    const c = word[i];
    return word.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + word.slice(i + 1);
  };

  it(
    'of a known name or value gives exactly the hint for it, and valid stays as the rules say',
    () => {
      fc.assert(
        fc.property(order, fc.nat(), fc.nat(), fc.nat(3), (generated, pick, at, kind) => {
          const o = structuredClone(generated);
          const all = sites(o).filter((s) => (s.name ? s.key : String(s.parent[s.key])).length >= 4);
          fc.pre(all.length > 0);
          const site = all[pick % all.length];
          const word = site.name ? site.key : String(site.parent[site.key]);
          const typo = slip(word, at, kind);
          fc.pre(typo !== word && !site.known.includes(typo) && !Object.hasOwn(site.parent, typo));
          fc.pre(nearest(typo, site.known) === word);
          let path: string;
          if (site.name) {
            const entries = Object.entries(site.parent);
            for (const [key] of entries) delete site.parent[key];
            for (const [key, value] of entries) site.parent[key === word ? typo : key] = value;
            path = `${site.path}/${token(typo)}`;
          } else {
            site.parent[site.key] = typo;
            path = site.path;
          }
          const { hints } = validateProductOrder(o);
          expect(hints.map((h) => [h.path, h.params])).toEqual([[path, { found: typo, suggestion: word }]]);
        }),
        settings,
      );
    },
    timeout,
  );
});

describe('the JSON that would be sent', () => {
  /** The rule, code and path of each violation: the verdict, without the words. */
  const verdict = (input: unknown) => {
    const result = validateProductOrder(input);
    return { valid: result.valid, violations: result.violations.map(({ rule, code, path }) => ({ rule, code, path })) };
  };
  const roundTrip = (input: unknown): unknown => JSON.parse(JSON.stringify(input) ?? 'null');
  /** Anything: generated orders, mutants, any value, and orders with a value that is no JSON somewhere. */
  const anyInput = fc.oneof(
    orderOrMutant,
    orderWithNotJson.map((o) => o.order),
    fc.anything({ withBoxedValues: true, withDate: true, withMap: true, withSet: true, withSparseArray: true }),
    notJson.map((n) => n.value),
  );

  it(
    'valid: true only for a value JSON.stringify sends as it is, whose round trip is valid too',
    () => {
      fc.assert(
        fc.property(anyInput, (input) => {
          if (!validateProductOrder(input).valid) return;
          expect(sameJson(input, roundTrip(input))).toBe(true);
          expect(verdict(roundTrip(input))).toEqual(verdict(input));
        }),
        settings,
      );
    },
    timeout,
  );

  it(
    'gives a value that is JSON (its round trip the same JSON) the verdict of its round trip',
    () => {
      fc.assert(
        fc.property(anyInput, (input) => {
          let back: unknown;
          try {
            back = roundTrip(input);
          } catch {
            return; // JSON.stringify throws: no JSON at all
          }
          if (sameJson(input, back)) expect(verdict(input)).toEqual(verdict(back));
        }),
        settings,
      );
    },
    timeout,
  );

  it(
    'reports a value that is no JSON, anywhere in a valid order, as one wrong_type at its node, naming what it is',
    () => {
      fc.assert(
        fc.property(orderWithNotJson, ({ order: o, path, found }) => {
          const { valid, violations } = validateProductOrder(o);
          expect(valid).toBe(false);
          const here = violations.filter((v) => v.path === path || v.path.startsWith(`${path}/`));
          expect(
            here.map(({ rule, code, path: at, params }) => ({
              rule,
              code,
              path: at,
              found: (params as { found?: string }).found,
            })),
          ).toEqual([{ rule: 'R-field', code: 'wrong_type', path, found }]);
        }),
        settings,
      );
    },
    timeout,
  );
});

describe('every violation path', () => {
  it(
    'resolves in the input, or names a missing child of a node that exists',
    () => {
      fc.assert(
        fc.property(fc.oneof(orderOrMutant, fc.anything()), (input) => {
          for (const violation of validateProductOrder(input).violations) expect(resolves(input, violation)).toBe(true);
        }),
        settings,
      );
    },
    timeout,
  );
});

describe('the shipped schema, run by validators that are not ajv', () => {
  it(
    'gives the verdict of validateProductOrder and of isProductOrderFVO',
    async () => {
      await fc.assert(
        fc.asyncProperty(orderOrMutant, async (input) => {
          const verdict = validateProductOrder(input).valid;
          expect(isProductOrderFVO(input)).toBe(verdict);
          expect(cfworker.validate(input as never).valid).toBe(verdict);
          expect(hyperjump(input as never).valid).toBe(verdict);
        }),
        settings,
      );
    },
    timeout,
  );
});

describe('results', () => {
  it(
    'are the same twice, and whatever the order of properties in the input',
    () => {
      fc.assert(
        fc.property(orderOrMutant, fc.integer(), (input, seed) => {
          const first = validateProductOrder(input, { lang: 'de' });
          expect(validateProductOrder(input, { lang: 'de' })).toEqual(first);
          expect(validateProductOrder(shuffled(input, seed), { lang: 'de' }).violations).toEqual(first.violations);
        }),
        settings,
      );
    },
    timeout,
  );

  it(
    'leave the input untouched: a copy is unchanged after validation, and a deep-frozen copy gets the same result',
    () => {
      // a write into a frozen input throws inside the rule and is caught, so the frozen copy alone
      // cannot see a rule that writes: the unfrozen copy shows the write, the frozen one its result
      fc.assert(
        fc.property(orderOrMutant, (input) => {
          const before = structuredClone(input);
          const copy = structuredClone(input);
          const { violations } = validateProductOrder(copy);
          expect(copy).toStrictEqual(before);
          const frozen = deepFreeze(structuredClone(input));
          expect(validateProductOrder(frozen).violations).toStrictEqual(violations);
          expect(frozen).toStrictEqual(before);
        }),
        settings,
      );
    },
    timeout,
  );
});

/** The reference tokens of a JSON Pointer. */
const tokens = (path: string): string[] =>
  path === ''
    ? []
    : path
        .slice(1)
        .split('/')
        .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));

/** Whether a violation's path points at a node of the input, or at a missing child of one. */
function resolves(input: unknown, { path, code, params }: Violation): boolean {
  let node = input;
  const names = tokens(path);
  for (const [i, name] of names.entries()) {
    const last = i === names.length - 1;
    const child = step(node, name);
    if (child === missing) return last && code !== 'required' && isContainer(node);
    node = child;
  }
  return code !== 'required' || (isContainer(node) && step(node, String(params.property)) === missing);
}

const missing = Symbol('missing');
const isContainer = (node: unknown) => typeof node === 'object' && node !== null;

function step(node: unknown, name: string): unknown {
  if (!isContainer(node) || !Object.hasOwn(node as object, name)) return missing;
  const child = (node as Record<string, unknown>)[name];
  return child === undefined ? missing : child;
}

/** A copy of `value` whose objects list their properties in another order. */
function shuffled(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffled(item, seed));
  if (!isContainer(value)) return value;
  const entries = Object.entries(value as object);
  const rotated = entries.map((_, i) => entries[(i + Math.abs(seed)) % entries.length]).reverse();
  return Object.fromEntries(rotated.map(([k, v]) => [k, shuffled(v, seed)]));
}

function deepFreeze<T>(value: T): T {
  if (isContainer(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as object)) deepFreeze(child);
  }
  return value;
}

/**
 * Whether `a` and `b` are the same JSON: strings, booleans, null and finite numbers alike (0 and -0
 * too), arrays of Array's prototype without holes and objects of Object's or none, with the same
 * defined properties; anything else is no JSON, and the same as nothing.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a === 'number') return Number.isFinite(a) && a === b;
  if (typeof a === 'string' || typeof a === 'boolean' || a === null) return a === b;
  if (typeof a !== 'object' || typeof b !== 'object' || b === null) return false;
  if (Array.isArray(a)) {
    if (Object.getPrototypeOf(a) !== Array.prototype || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!(i in a) || !sameJson(a[i], b[i])) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(a);
  if ((proto !== Object.prototype && proto !== null) || Array.isArray(b)) return false;
  if (typeof (a as { toJSON?: unknown }).toJSON === 'function') return false;
  const keys = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}
