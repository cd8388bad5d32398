// The one test that reads wording: every code renders in English and German.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliWords, httpWordTables, langs, layerMessages, violationWords } from '../generated/languages.js';
import { validateProductOrder } from '../validate.js';
import type { Finding, FindingCode } from '../violation.js';
import { formatMessage } from './index.js';

/** A finding of every code, with the params its rules give; the type makes the list complete. */
const samples: Readonly<Record<FindingCode, Finding>> = {
  did_you_mean: {
    rule: 'R-field',
    code: 'did_you_mean',
    path: '/requestedCompletionDat',
    params: { found: 'requestedCompletionDat', suggestion: 'requestedCompletionDate' },
  },
  wrong_type: {
    rule: 'R-field',
    code: 'wrong_type',
    path: '/description',
    params: { expected: 'string', actual: 'integer' },
  },
  required: { rule: 'R-field', code: 'required', path: '', params: { property: 'category' } },
  malformed_json: {
    rule: 'R-json',
    code: 'malformed_json',
    path: '',
    params: { reason: 'unexpected_character', found: '}' },
  },
  inexact_number: {
    rule: 'R-json',
    code: 'inexact_number',
    path: '/note/0/text',
    params: { reason: 'unsafe_integer', literal: '12345678901234567890' },
  },
  duplicate_key: {
    rule: 'R-json',
    code: 'duplicate_key',
    path: '/relatedParty/0/phoneNumber',
    params: { key: 'phoneNumber' },
  },
  not_allowed: { rule: 'R-field', code: 'not_allowed', path: '/category', params: { allowed: ['new', 'portChange'] } },
  unknown_type: {
    rule: 'R-party',
    code: 'unknown_type',
    path: '/relatedParty/0/partyOrPartyRole/@type',
    params: { allowed: ['Individual', 'Organization'] },
  },
  too_short: { rule: 'R-field', code: 'too_short', path: '/priority', params: { limit: 1 } },
  too_long: { rule: 'R-field', code: 'too_long', path: '/description', params: { limit: 255 } },
  too_few_items: { rule: 'R-field', code: 'too_few_items', path: '/productOrderItem', params: { limit: 1 } },
  too_many_items: {
    rule: 'R1',
    code: 'too_many_items',
    path: '/productOfferingQualification',
    params: { limit: 1, actual: 2 },
  },
  invalid_date_time: {
    rule: 'R-field',
    code: 'invalid_date_time',
    path: '/orderPostedDate',
    params: { format: 'date-time', reason: 'invalid' },
  },
  pattern_mismatch: {
    rule: 'R10',
    code: 'pattern_mismatch',
    path: '/productOrderItem/0/product/relatedPlace/1/place/geographicSiteCharacteristic/0/value',
    params: { pattern: '^[1-9][0-9]{1,4}$', name: 'national_destination_code' },
  },
  unknown_role: {
    rule: 'R6',
    code: 'unknown_role',
    path: '/relatedParty/0/role',
    params: { allowed: ['technicalContact'] },
  },
  missing_phone_contact: {
    rule: 'R3',
    code: 'missing_phone_contact',
    path: '/relatedParty/0/partyOrPartyRole',
    params: { role: 'technicalContact', property: 'contactMedium' },
  },
  missing_postal_contact: {
    rule: 'R4',
    code: 'missing_postal_contact',
    path: '/relatedParty/0/partyOrPartyRole/contactMedium',
    params: { role: 'deliveryContact' },
  },
  missing_place_role: {
    rule: 'R10',
    code: 'missing_place_role',
    path: '/productOrderItem/0/product/relatedPlace',
    params: { role: 'locationB' },
  },
  missing_characteristic: {
    rule: 'R12',
    code: 'missing_characteristic',
    path: '/productOrderItem/0/product/relatedPlace/1/place/geographicSiteCharacteristic',
    params: { name: 'collocation_room_name' },
  },
  unreadable: { rule: 'R-field', code: 'unreadable', path: '', params: {} },
  too_costly: { rule: 'R-field', code: 'too_costly', path: '', params: { limit: 7 * 2 ** 28 } },
  too_small: { rule: 'R-query', code: 'too_small', path: '/offset', params: { limit: 0 } },
  too_large: { rule: 'R-query', code: 'too_large', path: '/limit', params: { limit: Number.MAX_SAFE_INTEGER } },
  invalid_json: { rule: 'R-body', code: 'invalid_json', path: '', params: { reason: 'syntax', position: 12 } },
  rule_failed: { rule: 'R-field', code: 'rule_failed', path: '', params: { error: 'TypeError: boom' } },
  unknown_event_type: {
    rule: 'R-event',
    code: 'unknown_event_type',
    path: '',
    params: { type: 'ProductOrderCreateEvent', allowed: ['AppointmentCreateEvent'] },
  },
};

describe('messages', () => {
  it.each(Object.values(samples))('renders $code in English and German, differently', (finding) => {
    const en = formatMessage(finding, 'en');
    const de = formatMessage(finding, 'de');
    for (const text of [en, de]) {
      expect(text.trim()).not.toBe('');
      expect(text).not.toMatch(/undefined|\[object Object\]/);
    }
    expect(de).not.toBe(en);
  });
  it('writes English by default', () =>
    expect(formatMessage(samples.required)).toBe(formatMessage(samples.required, 'en')));
  it.each([
    ['', 'The order'],
    ['/description', "'description'"],
    ['/relatedParty/12', "Item 12 of 'relatedParty'"],
    ['/relatedParty/012', "'012'"],
    ['/a~1b~0c', "'a/b~c'"],
    ['/a~1b/0', "Item 0 of 'a/b'"],
  ])('names the node at %j as %s', (path, name) => {
    const message = formatMessage({ rule: 'R-field', code: 'too_short', path, params: { limit: 1 } });
    expect(message).toBe(`${name} must be at least 1 character long.`);
  });
  it('says the seconds are missing from a date-time without seconds, in both languages', () => {
    const order = {
      category: 'new',
      orderPostedDate: '2025-03-10T09:15+01:00',
      requestedCompletionDate: '2025-04-01T12:00:00+02:00',
      relatedParty: [],
      productOrderItem: [{ action: 'add', product: { relatedPlace: [] } }],
    };
    const [en, ...more] = validateProductOrder(order).violations;
    const [de] = validateProductOrder(order, { lang: 'de' }).violations;
    expect([en.code, more.length]).toEqual(['invalid_date_time', 0]);
    expect(en.message).toMatch(/seconds are missing/);
    expect(de.message).toMatch(/Sekunden fehlen/);
  });
});

describe('the languages', () => {
  it('are those listed in languages.json, each with every part: violations, HTTP, command', () => {
    const listed: unknown = JSON.parse(readFileSync(new URL('languages.json', import.meta.url), 'utf8'));
    expect(langs).toEqual(listed);
    for (const lang of langs) {
      const codes = [...Object.keys(violationWords[lang].table), ...Object.keys(layerMessages[lang])];
      expect(codes.sort()).toEqual(Object.keys(samples).sort());
      expect(Object.keys(httpWordTables[lang].statuses)).toEqual(Object.keys(httpWordTables.en.statuses));
      expect(cliWords[lang].help('1.0.0', 2)).toContain('product-order-validate');
    }
  });

  // regression: five `lang === 'de' ? … : …` choices outside the tables fell back to English silently
  it('are chosen nowhere but through the tables: no source compares a language code', () => {
    const src = new URL('..', import.meta.url).pathname;
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('generated'),
    );
    const choices = files.flatMap((f) =>
      readFileSync(join(src, f), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /[=!]==?\s*'(en|de)'|'(en|de)'\s*[=!]==?/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(choices).toEqual([]);
  });
});
