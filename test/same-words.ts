// The messages of many findings, as the formatter words them: every code the invalid examples (the
// shipped ones and the rule folders' own), the mutants and orders of many faults give, in every
// language, through each entry of the formatter. `npm run generate` writes them to
// src/messages/same-words.snapshot.txt and `generate:check` fails when they differ from it, so that a
// change of wording shows there line by line (src/messages/same-words.test.ts compares too); a new
// rule's lines come with its folder and `npm run generate`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { invalidOrderExamples } from '../scripts/generate-rules.mjs';
import { type Lang, langs } from '../src/generated/langs.js';
import { formatIn, formatMessage, formatOrder, formatPart } from '../src/messages/index.js';
import { validateProductOrderText } from '../src/text/index.js';
import { validateProductOrder } from '../src/validate.js';
import type { Finding } from '../src/violation.js';
import type { PartName } from '../src/wording.js';
import { mutants, order } from './arbitraries.js';

type Json = Record<string, unknown>;

// fixed samples, not properties: the snapshot holds the words of exactly these
const perRule = 6;
const mutated = Object.values(mutants).flatMap((arbitrary) =>
  fc.sample(arbitrary, { seed: 41, numRuns: perRule }).map((m) => m.order),
);

/** A valid order with a few faults of its own fields and places of no role in each item's product. */
function manyFaults(valid: Json, places: number): Json {
  const o = structuredClone(valid);
  o.description = 'x'.repeat(256);
  o.orderPostedDate = '2023-01-01T08:00+01:00';
  o.category = 'old';
  o.priorty = '1';
  for (const item of o.productOrderItem as Json[]) {
    const product = (item.product ?? { '@type': 'HvtLocalLoopProduct' }) as Json;
    const given = Array.isArray(product.relatedPlace) ? product.relatedPlace : [];
    product.relatedPlace = [...given, ...Array.from({ length: places }, () => ({ role: 'nowhere', place: 3 }))];
    item['@type'] = 'Item';
    item.product = product;
  }
  return o;
}

const drawnOrders = 30;
const drawn = fc.sample(order, { seed: 41, numRuns: drawnOrders });
const textsBesides = [
  '{"category": "new", "category": "old"}',
  '{"note": [{"text": 12345678901234567890}]}',
  '{"description": "x"',
  '{"description": } ',
  '',
];

/** Findings of the codes no order or text above gives: a proxy's, a service's, a caller's. */
const others = [
  { rule: 'R-field', code: 'unreadable', path: '', params: {} },
  { rule: 'R-field', code: 'too_costly', path: '', params: { limit: 2 * 2 ** 28 } },
  { rule: 'R-field', code: 'rule_failed', path: '', params: { error: 'TypeError: boom' } },
  {
    rule: 'R-field',
    code: 'invalid_date_time',
    path: '/orderPostedDate',
    params: { format: 'date-time', reason: 'no_such_date', date: '2025-02-29' },
  },
  { rule: 'R-query', code: 'too_small', path: '/offset', params: { limit: 0 } },
  { rule: 'R-query', code: 'too_large', path: '/limit', params: { limit: Number.MAX_SAFE_INTEGER } },
  { rule: 'R-body', code: 'invalid_json', path: '', params: { reason: 'syntax', position: 12 } },
  { rule: 'R-body', code: 'invalid_json', path: '', params: { reason: 'too_deep' } },
  { rule: 'R-event', code: 'unknown_event_type', path: '/eventType', params: { type: 'X', allowed: ['A', 'B'] } },
  { rule: 'R-field', code: 'not_allowed', path: '/a~1b/0', params: { allowed: [1, null, 'x', { y: 2 }] } },
  { rule: 'R-field', code: 'not_allowed', path: '/a/~0c', params: { allowed: 'new' } },
  { rule: 'R-field', code: 'not_allowed', path: '/x', params: {} },
  { rule: 'R-field', code: 'not_allowed', path: '/y/1', params: { allowed: Object.freeze([{ y: [2] }, 'z']) } },
  { rule: 'R99', code: 'no_such_code', path: '/x/3', params: {} },
] as unknown as readonly Finding[];

const parts: readonly PartName[] = ['relatedParty', 'contactMedium', 'productOrderItem', 'change', 'event'];

/** Each message of `orders` (and `texts`) in each language of `spoken`, one line each, through every entry of the formatter. */
function lines(orders: readonly unknown[], texts: readonly string[] | undefined, spoken: readonly string[]): string[] {
  const out: string[] = [];
  /** A finding's message as an order's validation words it, and each other entry's where it differs. */
  const entries = (f: Finding, lang: string, given?: string) => {
    const message = formatOrder(f, lang);
    const variants = [
      ['validation', given],
      ['message', formatMessage(f, lang)],
    ];
    for (const part of parts) variants.push([`in ${part}`, formatIn(f, lang, part)], [part, formatPart(f, lang, part)]);
    const differing = variants.filter(([, text]) => text !== undefined && text !== message);
    out.push(
      [`${lang} ${f.code} ${f.path} | ${message}`, ...differing.map(([name, text]) => `${name}: ${text}`)].join(' ‖ '),
    );
  };
  for (const lang of spoken) {
    for (const o of orders) {
      const result = validateProductOrder(o, { lang: lang as Lang });
      for (const v of [...result.violations, ...result.hints]) {
        entries({ rule: 'rule' in v ? v.rule : 'R-field', ...v } as Finding, lang, v.message);
      }
    }
    if (texts) {
      for (const f of others) entries(f, lang);
      for (const text of texts)
        for (const v of validateProductOrderText(text, { lang: lang as Lang }).violations)
          out.push(`${lang} ${v.code} ${v.path} | ${v.message}`);
    }
  }
  return out;
}

/** Where the lines are kept, from the root. */
export const sameWordsFile = 'src/messages/same-words.snapshot.txt';

/**
 * The text of {@link sameWordsFile}: a line with the count and digest of the messages of orders of
 * hundreds of faults each (every language, and 'fr', which falls back to English), then each message
 * of the examples, mutants, orders of a few faults and texts, once; and the codes those lines give.
 */
export function sameWords(root: string): { text: string; codes: Set<string> } {
  const examples = invalidOrderExamples(root).map((path) => readFileSync(`${root}${path}`, 'utf8'));
  const small = [
    ...examples.map((text) => JSON.parse(text) as unknown),
    ...mutated,
    ...drawn.map((o) => manyFaults(o, 1)),
  ];
  const all = lines(small, [...examples, ...textsBesides], langs);
  const many = lines(
    drawn.map((o) => manyFaults(o, 40)),
    undefined,
    [...langs, 'fr'],
  );
  const digest = createHash('sha256').update(many.join('\n')).digest('hex');
  const header = `# generated by npm run generate (test/same-words.ts); do not edit. Orders of hundreds of faults: ${many.length} lines, sha256 ${digest}`;
  return {
    text: `${[header, ...new Set(all)].join('\n')}\n`,
    codes: new Set(all.map((line) => line.split(' ')[1] ?? '')),
  };
}
