import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { invalidOrderExamples } from '../../scripts/generate-rules.mjs';
import { type Mutant, mutants, order } from '../../test/arbitraries.js';
import { runs } from '../../test/runs.js';
import { defineRule } from '../custom-rules.js';
import { validateInflightChangeProductOrder } from '../inflight.js';
import { pointerKeys } from '../pointer.js';
import { validateProductOrder } from '../validate.js';
import { createValidator } from '../validator/index.js';
import { type Located, validateInflightChangeProductOrderText, validateProductOrderText } from './index.js';
import { hostileString, objectsOf, write } from './test-kit.js';

// the cheap test for repeated names, switched off to compare with the scan alone; it counts the texts it settles
const cheap = vi.hoisted(() => ({ on: true, settled: 0 }));
vi.mock('./keys.js', async (importOriginal) => {
  const keys = await importOriginal<typeof import('./keys.js')>();
  const namesProvenUnique = (text: string, value: unknown) => {
    const proven = cheap.on && keys.namesProvenUnique(text, value);
    if (proven) cheap.settled++;
    return proven;
  };
  return { ...keys, namesProvenUnique };
});

/** The text a position spans, in `text` whose lines end at LF. */
function spanned(text: string, p: Located<object>): string {
  const lines = text.split('\n');
  const offset = (line: number, column: number) =>
    lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
  return text.slice(offset(p.line, p.column), offset(p.endLine, p.endColumn));
}

/** The value at a pointer, or the deepest one on its path that exists. */
function deepest(value: unknown, pointer: string): unknown {
  let node = value;
  for (const key of pointerKeys(pointer)) {
    const next =
      node !== null && typeof node === 'object' && Object.hasOwn(node, key) ? (node as never)[key] : undefined;
    if (next === undefined) break;
    node = next;
  }
  return node;
}

const examples = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'))
    .map((name) => [name, readFileSync(`${folder}/${name}`, 'utf8')] as const);
/** The invalid example orders, shipped and the rule folders' own. */
const invalidOrders = invalidOrderExamples('./').map((path) => [path, readFileSync(path, 'utf8')] as const);

describe('validateProductOrderText', () => {
  it.each(invalidOrders)('places every violation of %s at its node', (_, text) => {
    const result = validateProductOrderText(text);
    const value = JSON.parse(text);
    expect(result.violations.map(({ line, column, endLine, endColumn, ...v }) => v)).toEqual(
      validateProductOrder(value).violations,
    );
    for (const v of result.violations) expect(JSON.parse(spanned(text, v))).toEqual(deepest(value, v.path));
  });

  it.each(examples('examples/orders/valid'))(
    'gives %s as validateProductOrder does, with no positions to find',
    (_, text) => {
      expect(validateProductOrderText(text)).toEqual(validateProductOrder(JSON.parse(text)));
    },
  );

  const layouts = [
    (v: unknown) => JSON.stringify(v),
    (v: unknown) => JSON.stringify(v, null, 2),
    (v: unknown) => JSON.stringify(v, null, '\t').replaceAll('\n', '\r\n'),
  ];

  /**
   * That `mutant`'s violation is found in its text written by `layout`, spanning the node the text
   * holds there: compared with what JSON.parse reads from the text, since JSON text cannot carry
   * all of a value (-0 is written as 0).
   */
  function expectPlaced(mutant: Mutant, layout: (v: unknown) => string): void {
    const text = layout(mutant.order);
    const result = validateProductOrderText(text);
    const v = result.violations.find((found) => found.rule === mutant.rule && found.path === mutant.path);
    expect(v).toBeDefined();
    if (v) expect(JSON.parse(spanned(text, v))).toEqual(deepest(JSON.parse(text), mutant.path));
  }

  it('places a violation of any rule at its node, in any layout of the text', () => {
    fc.assert(fc.property(fc.oneof(...Object.values(mutants)), fc.constantFrom(...layouts), expectPlaced), {
      numRuns: runs(300),
    });
  });

  it('places a violation at a node holding -0, which its text writes as 0 (seed 1999402206 of the property)', () => {
    const order = {
      category: 'new',
      productOrderItem: [
        {
          action: 'add',
          product: {
            '@type': 'HvtLocalLoopProduct',
            relatedPlace: [
              {
                role: 'alternateAddress',
                place: {
                  '@type': 'GeographicSite',
                  geographicSiteCharacteristic: [
                    { name: 'local_exchange_area', value: '500' },
                    { name: 'access_type', value: [-0] },
                  ],
                },
              },
            ],
          },
        },
      ],
    };
    const path = '/productOrderItem/0/product/relatedPlace';
    for (const layout of layouts) expectPlaced({ order, rule: 'R10', code: 'missing_role', path, what: '' }, layout);
  });

  it('places a missing property at the object that lacks it', () => {
    const text = '{\n  "category": "new",\n  "productOrderItem": [ { "id": "1", "action": "add" } ]\n}';
    const missing = validateProductOrderText(text).violations.find(
      (v) => v.code === 'required' && v.path === '/productOrderItem/0',
    );
    expect(missing).toMatchObject({ line: 3, column: 25, endLine: 3, endColumn: 55 });
  });

  it('places a misspelt property at its name, and a near-miss value at the value', async () => {
    const valid = readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8');
    const text = valid
      .replace('"requestedCompletionDate"', '"requestedCompletionDat"')
      .replace('"HvtLocalLoopProduct"', '"HVTLocalLoopProduct"');
    const { hints } = validateProductOrderText(text);
    const name = hints.find((h) => h.params.found === 'requestedCompletionDat');
    const value = hints.find((h) => h.params.found === 'HVTLocalLoopProduct');
    expect(name && spanned(text, name)).toBe('"requestedCompletionDat"');
    expect(value && spanned(text, value)).toBe('"HVTLocalLoopProduct"');
  });

  it('places a misspelt name holding ~ or / at its name, read through its escaped pointer', () => {
    const valid = readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8');
    for (const typo of ['requestedCompletionDat~', 'requestedCompletionDat/']) {
      const text = valid.replace('"requestedCompletionDate"', JSON.stringify(typo));
      const hint = validateProductOrderText(text).hints.find((h) => h.params.found === typo);
      expect(hint && spanned(text, hint)).toBe(JSON.stringify(typo));
    }
  });

  it('counts columns in UTF-16 units after multi-byte text, lines after CR LF, and not the byte order mark', () => {
    const text = '\uFEFF{\r\n "description": "Straße 😀",\r\n "priority": "äöü 😀 too long"\r\n}';
    const v = validateProductOrderText(text).violations.find((found) => found.path === '/priority');
    expect(v).toMatchObject({ line: 3, column: 14, endLine: 3, endColumn: 31 });
  });

  it.each([
    ['{"category": }', { reason: 'unexpected_character', found: '}' }, 1, 14, 15],
    ['{\n  "category": "new",\n', { reason: 'unexpected_end' }, 3, 1, 1],
    ['', { reason: 'unexpected_end' }, 1, 1, 1],
    ['{"a": "😀" x}', { reason: 'unexpected_character', found: 'x' }, 1, 12, 13],
    ['{"a": 1} 😀', { reason: 'unexpected_character', found: '😀' }, 1, 10, 12],
  ])('gives malformed JSON %j as one violation at its place', (text, params, line, column, endColumn) => {
    expect(validateProductOrderText(text, { lang: 'de' })).toEqual({
      valid: false,
      violations: [
        {
          rule: 'R-json',
          code: 'malformed_json',
          path: '',
          params,
          message: expect.stringMatching(/^Der Text ist kein JSON/),
          line,
          column,
          endLine: line,
          endColumn,
        },
      ],
      hints: [],
    });
  });

  it.each([[undefined], [null], [42], [{ category: 'new' }], [new Uint8Array(3)], [Symbol('x')]])(
    'gives %s, which is no text, a violation, not a throw',
    (input) => {
      const result = validateProductOrderText(input as never);
      expect(result.valid).toBe(false);
      expect(result.violations[0]).toMatchObject({
        rule: 'R-json',
        code: 'malformed_json',
        params: { reason: 'not_text' },
      });
    },
  );

  it('stays bounded on hostile text: nested a million deep, a 20 MB string, 100,000 faults', () => {
    const deep = `{"note": ${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
    expect(validateProductOrderText(deep).violations.some((v) => v.path === '/note/0')).toBe(true);
    const long = `{"description": "${'x'.repeat(20_000_000)}"}`;
    expect(validateProductOrderText(long).violations.find((v) => v.path === '/description')).toMatchObject({
      line: 1,
      column: 17,
      endColumn: 20_000_019,
    });
    const many = JSON.stringify({ note: Array.from({ length: 100_000 }, () => 1) });
    const result = validateProductOrderText(many, { maxViolations: 50 });
    expect(result.violations).toHaveLength(50);
    for (const v of result.violations) expect(v.line).toBe(1);
  });
});

describe('validateInflightChangeProductOrderText', () => {
  it.each(examples('examples/inflight/invalid'))('places every violation of %s at its node', (_, text) => {
    const value = JSON.parse(text);
    const result = validateInflightChangeProductOrderText(text);
    expect(result.violations.map(({ line, column, endLine, endColumn, ...v }) => v)).toEqual(
      validateInflightChangeProductOrder(value).violations,
    );
    for (const v of result.violations) expect(JSON.parse(spanned(text, v))).toEqual(deepest(value, v.path));
  });
});

describe('Validator.validateText', () => {
  it("places a carrier's own finding and gives it the carrier's words", () => {
    const carrier = createValidator({
      rules: [
        defineRule({
          id: 'X-no-rush',
          title: 'priority is not 1',
          check: (input) =>
            (input as { priority?: unknown }).priority === '1'
              ? [{ rule: 'X-no-rush', code: 'rush_order', path: '/priority', params: {} }]
              : [],
        }),
      ],
      messages: { de: { rush_order: () => 'Eilaufträge nehmen wir nicht an.' } },
    });
    const text = readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8').replace(
      '"priority": "2"',
      '"priority": "1"',
    );
    const result = carrier.validateText(text, { lang: 'de' });
    expect(result.violations).toEqual([
      expect.objectContaining({
        rule: 'X-no-rush',
        message: 'Eilaufträge nehmen wir nicht an.',
        line: 5,
        column: 15,
        endLine: 5,
        endColumn: 18,
      }),
    ]);
    expect(carrier.validateText('{', { lang: 'de' }).violations[0]).toMatchObject({
      rule: 'R-json',
      line: 1,
      column: 2,
    });
  });
});

describe('numbers JSON text cannot carry exactly', () => {
  const text = readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8').replace(
    /^\{/,
    '{\n  "carrierTicket": 12345678901234567890,\n  "carrierCost": 1e400,',
  );

  it('1e400 and 12345678901234567890 are inexact_number violations at their places, not stored as null or rounded in silence', () => {
    const result = validateProductOrderText(text, { lang: 'de' });
    expect(result.valid).toBe(false);
    expect(
      result.violations.map(({ rule, code, path, params, line, column }) => [rule, code, path, params, line, column]),
    ).toEqual([
      ['R-json', 'inexact_number', '/carrierCost', { reason: 'overflow', literal: '1e400' }, 3, 18],
      [
        'R-json',
        'inexact_number',
        '/carrierTicket',
        { reason: 'unsafe_integer', literal: '12345678901234567890' },
        2,
        20,
      ],
    ]);
    expect(result.violations[0].message).toBe(
      "'carrierCost' ist eine Zahl, die JavaScript nicht genau darstellen kann: 1e400 würde als Infinity gelesen. Bitte als Zeichenkette senden.",
    );
    expect(spanned(text, result.violations[1])).toBe('12345678901234567890');
  });

  it('keepInexactNumbers keeps them as JSON.parse reads them', () => {
    const result = validateProductOrderText(text, { keepInexactNumbers: true });
    expect(result.valid && (result.value as unknown as { carrierCost: number }).carrierCost).toBe(Infinity);
  });

  it("sit among the value's violations by path, within maxViolations, in a validator's validateText too", () => {
    const broken = text.replace('"category": "new"', '"category": "neu"');
    const result = createValidator().validateText(broken, { maxViolations: 2 });
    expect(result.violations.map((v) => v.path)).toEqual(['/carrierCost', '/carrierTicket']);
    expect(!result.valid && result.truncated).toEqual({ more: 1, stopped: false });
  });
});

describe('duplicate keys', () => {
  const valid = readFileSync('examples/orders/valid/new-hvt-local-loop.json', 'utf8');
  // the first phoneNumber 41 characters, the second fine: JSON.parse keeps the second
  const twice = valid.replace(
    '"phoneNumber": "+491701234567"',
    `"phoneNumber": "+49${'1'.repeat(38)}",\n            "phoneNumber": "+491701234567"`,
  );

  it('a phoneNumber named twice is a duplicate_key violation at the second name, not a valid order', () => {
    const result = validateProductOrderText(twice);
    expect(result.valid).toBe(false);
    expect(
      result.violations.map(({ rule, code, path, params, line, column, endLine, endColumn }) => [
        rule,
        code,
        path,
        params,
        [line, column, endLine, endColumn],
      ]),
    ).toEqual([
      [
        'R-json',
        'duplicate_key',
        '/relatedParty/0/partyOrPartyRole/contactMedium/0/phoneNumber',
        { key: 'phoneNumber' },
        [36, 13, 36, 26],
      ],
    ]);
    expect(validateProductOrderText(twice, { lang: 'de' }).violations[0].message).toBe(
      "'phoneNumber' steht ein zweites Mal im selben Objekt: diese Prüfung liest den letzten Wert, ein Leser, der den ersten behält oder doppelte Namen ablehnt, liest aber einen anderen Auftrag. Bitte nur einmal angeben.",
    );
  });

  it("validates the value JSON.parse reads (the last) and lists its other violations with the duplicate's, by path", () => {
    const broken = twice.replace('"category": "new"', '"category": "neu"');
    const result = validateProductOrderText(broken);
    expect(result.violations.map((v) => [v.code, v.path])).toEqual([
      ['not_allowed', '/category'],
      ['duplicate_key', '/relatedParty/0/partyOrPartyRole/contactMedium/0/phoneNumber'],
    ]);
    expect(validateProductOrderText(broken, { maxViolations: 1 })).toMatchObject({
      violations: [{ code: 'not_allowed' }],
      truncated: { more: 1, stopped: false },
    });
  });

  it('counts "a" and "\\u0061" as one name, in the in-flight text validator too', () => {
    const escaped = valid.replace(/^\{/, '{\n  "\\u0063ategory": "new",');
    const [found, ...more] = validateProductOrderText(escaped).violations;
    expect(more).toEqual([]);
    expect(found).toMatchObject({ code: 'duplicate_key', path: '/category', params: { key: 'category' } });
    expect(validateInflightChangeProductOrderText('{"a":1,"\\u0061":2}').violations).toContainEqual(
      expect.objectContaining({ code: 'duplicate_key', path: '/a', line: 1, column: 8 }),
    );
  });
});

describe('repeated names: the cheap test first', () => {
  /** The result of `text` with the cheap test, and with the scan alone. */
  const both = (text: string, options?: { maxViolations?: number }) => {
    const withTest = validateProductOrderText(text, options);
    cheap.on = false;
    try {
      return { withTest, scanOnly: validateProductOrderText(text, options) };
    } finally {
      cheap.on = true;
    }
  };

  it('gives the same violations, positions and hints as the scan alone, with and without a repeated name', () => {
    const orders = fc.oneof(order, ...Object.values(mutants).map((m) => m.map((mutant) => mutant.order)));
    const settledBefore = cheap.settled;
    fc.assert(
      fc.property(
        orders,
        fc.option(hostileString),
        fc.option(fc.nat()),
        fc.oneof(fc.constantFrom('id', '@type', 'role', 'name', 'value', 'category', 'action'), hostileString),
        fc.boolean(),
        fc.constantFrom('', ' ', '\n  ', '\r\n\t'),
        fc.constantFrom(undefined, 1, 3),
        (drawn, note, pick, name, escaped, gap, maxViolations) => {
          const node = note === null ? drawn : { ...(drawn as object), note };
          const objects = objectsOf(node);
          const target = pick === null ? undefined : objects[pick % objects.length];
          const { text } = write(node, target, name, escaped, gap);
          const { withTest, scanOnly } = both(text, { maxViolations });
          expect(withTest).toEqual(scanOnly);
          if (target !== undefined && maxViolations === undefined)
            expect(withTest.violations).toContainEqual(expect.objectContaining({ code: 'duplicate_key' }));
        },
      ),
      { numRuns: runs(500) },
    );
    expect(cheap.settled).toBeGreaterThan(settledBefore);
  });

  it.each([
    ['a name apart from its colon, repeated', '{"category" :"new","category":"new"}'],
    ['`":` in a string and a repeated name', '{"note":"x\\":y","category":"new","category":"new"}'],
    ['a repeated __proto__', '{"category":"new","__proto__":1,"__proto__":{}}'],
    ['a string that starts with a colon', '{"category":"new","note":":x"}'],
  ])('%s: %s gives what the scan alone gives', (_, text) => {
    const { withTest, scanOnly } = both(text);
    expect(withTest).toEqual(scanOnly);
  });
});
