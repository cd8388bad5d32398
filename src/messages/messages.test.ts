// The one test that reads wording: every code renders in every language, its exact text pinned, and
// the languages have the same codes, params and words.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { invalidOrderExamples } from '../../scripts/generate-rules.mjs';
import { cliWords } from '../cli/languages.js';
import { type InputError, inputErrorCodes } from '../cli/sources.js';
import { type Lang, langs } from '../generated/langs.js';
import { httpWordTables } from '../http/languages.js';
import { type RuleCode, ruleCodes } from '../registry/codes.js';
import { validateProductOrder } from '../validate.js';
import type { Finding, FindingCode } from '../violation.js';
import { formatMessage } from './index.js';
import { assertions, layerMessages, partNames, violationWords } from './languages.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A finding of each code a rule folder introduces (rule.json `codes`), as the validator gives it: the
 * first of the invalid example orders (shipped, then the folders' own) that gives it, or none (a test below fails).
 */
const ruleSamples = Object.fromEntries(
  invalidOrderExamples(root)
    .flatMap((path) => {
      const order: unknown = JSON.parse(readFileSync(join(root, path), 'utf8'));
      return validateProductOrder(order).violations.filter((v) => Object.hasOwn(ruleCodes, v.code));
    })
    .reverse()
    .map(({ message, ...finding }) => [finding.code, finding]),
) as Readonly<Record<RuleCode, Finding>>;

/** A finding of every code, with the params its rules give; the type makes the list complete. */
const samples: Readonly<Record<FindingCode, Finding>> = {
  ...ruleSamples,
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
  missing_role: {
    rule: 'R10',
    code: 'missing_role',
    path: '/productOrderItem/0/product/relatedPlace',
    params: { role: 'locationB' },
  },
  missing_characteristic: {
    rule: 'R12',
    code: 'missing_characteristic',
    path: '/productOrderItem/0/product/relatedPlace/1/place/geographicSiteCharacteristic',
    params: { name: 'collocation_room_name', names: ['collocation_room_name'] },
  },
  unreadable: { rule: 'R-field', code: 'unreadable', path: '', params: {} },
  too_costly: { rule: 'R-field', code: 'too_costly', path: '', params: { limit: 2 * 2 ** 28 } },
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

/**
 * The exact text of every code in every language: each sample above, and the variants a template
 * words apart (a plural, a reason, an optional part). A change of wording changes this table.
 */
const texts: readonly (readonly [Finding, Readonly<Record<Lang, string>>])[] = [
  [
    samples.did_you_mean,
    {
      en: "'requestedCompletionDat': did you mean 'requestedCompletionDate'?",
      de: "'requestedCompletionDat': meinten Sie 'requestedCompletionDate'?",
    },
  ],
  [
    samples.wrong_type,
    {
      en: "'description' must be a string, not an integer.",
      de: "'description' muss eine Zeichenkette sein, nicht eine ganze Zahl.",
    },
  ],
  [
    samples.required,
    { en: "The order lacks the required property 'category'.", de: "Der Auftrag: die Pflichtangabe 'category' fehlt." },
  ],
  [
    samples.malformed_json,
    { en: 'The text is not JSON: unexpected character "}".', de: 'Der Text ist kein JSON: unerwartetes Zeichen "}".' },
  ],
  [
    samples.inexact_number,
    {
      en: "'text' is a number JavaScript cannot hold exactly: 12345678901234567890 is beyond 2⁵³ − 1 and would be rounded. Send it as a string.",
      de: "'text' ist eine Zahl, die JavaScript nicht genau darstellen kann: 12345678901234567890 liegt jenseits von 2⁵³ − 1 und würde gerundet. Bitte als Zeichenkette senden.",
    },
  ],
  [
    samples.duplicate_key,
    {
      en: "'phoneNumber' is named a second time in the same object: this check reads the last value, but a reader that keeps the first one, or refuses repeated names, reads another order. Name it once.",
      de: "'phoneNumber' steht ein zweites Mal im selben Objekt: diese Prüfung liest den letzten Wert, ein Leser, der den ersten behält oder doppelte Namen ablehnt, liest aber einen anderen Auftrag. Bitte nur einmal angeben.",
    },
  ],
  [
    samples.not_allowed,
    {
      en: "'category' must be one of: new, portChange.",
      de: "'category' muss einer dieser Werte sein: new, portChange.",
    },
  ],
  [
    samples.unknown_type,
    {
      en: "'@type' names an unknown type; allowed are: Individual, Organization.",
      de: "'@type' nennt einen unbekannten Typ; erlaubt sind: Individual, Organization.",
    },
  ],
  [
    samples.too_short,
    { en: "'priority' must be at least 1 character long.", de: "'priority' muss mindestens 1 Zeichen lang sein." },
  ],
  [
    samples.too_long,
    {
      en: "'description' must be at most 255 characters long.",
      de: "'description' darf höchstens 255 Zeichen lang sein.",
    },
  ],
  [
    samples.too_few_items,
    { en: "'productOrderItem' must have at least 1 item.", de: "'productOrderItem' muss mindestens 1 Eintrag haben." },
  ],
  [
    samples.too_many_items,
    {
      en: "'productOfferingQualification' must have at most 1 item.",
      de: "'productOfferingQualification' darf höchstens 1 Eintrag haben.",
    },
  ],
  [
    samples.invalid_date_time,
    {
      en: "'orderPostedDate' must be an RFC 3339 date-time with seconds and a time zone, e.g. 2023-01-01T08:00:00+01:00: it is not a valid date and time.",
      de: "'orderPostedDate' muss ein Zeitpunkt nach RFC 3339 mit Sekunden und Zeitzone sein, z. B. 2023-01-01T08:00:00+01:00: das ist kein gültiges Datum mit Uhrzeit.",
    },
  ],
  [
    samples.pattern_mismatch,
    {
      en: 'The value of national_destination_code must match the pattern ^[1-9][0-9]{1,4}$.',
      de: 'Der Wert von national_destination_code muss dem Muster ^[1-9][0-9]{1,4}$ entsprechen.',
    },
  ],
  [
    samples.unknown_role,
    {
      en: "'role' is in none of the role groups of R3 to R5; allowed are: technicalContact.",
      de: "'role' gehört zu keiner Rollengruppe aus R3 bis R5; erlaubt sind: technicalContact.",
    },
  ],
  [
    samples.missing_phone_contact,
    {
      en: 'A related party with role technicalContact needs a contactMedium with at least one PhoneContactMedium.',
      de: 'Ein Beteiligter mit der Rolle technicalContact braucht contactMedium mit mindestens einem PhoneContactMedium.',
    },
  ],
  [
    samples.missing_postal_contact,
    {
      en: 'A related party with role deliveryContact needs a contactMedium with at least one PostalAddressContactMedium.',
      de: 'Ein Beteiligter mit der Rolle deliveryContact braucht contactMedium mit mindestens einem PostalAddressContactMedium.',
    },
  ],
  [
    samples.missing_role,
    {
      en: 'relatedPlace must include a place with role locationB.',
      de: 'relatedPlace muss einen Ort mit der Rolle locationB enthalten.',
    },
  ],
  [
    samples.missing_characteristic,
    {
      en: 'geographicSiteCharacteristic must contain a characteristic named collocation_room_name.',
      de: 'geographicSiteCharacteristic muss ein Merkmal namens collocation_room_name enthalten.',
    },
  ],
  // regression: R10's two missing characteristics are one violation, whose message named only the first
  [
    {
      rule: 'R10',
      code: 'missing_characteristic',
      path: '/productOrderItem/0/product/relatedPlace/1/place/geographicSiteCharacteristic',
      params: { name: 'national_destination_code', names: ['national_destination_code', 'local_exchange_area'] },
    },
    {
      en: 'geographicSiteCharacteristic must contain characteristics named national_destination_code and local_exchange_area.',
      de: 'geographicSiteCharacteristic muss Merkmale namens national_destination_code und local_exchange_area enthalten.',
    },
  ],
  [
    samples.unreadable,
    {
      en: 'The input cannot be read: reading one of its properties failed.',
      de: 'Die Eingabe ist nicht lesbar: das Lesen einer ihrer Eigenschaften ist fehlgeschlagen.',
    },
  ],
  [
    samples.too_costly,
    {
      en: 'The order is too costly to check: more data than a JSON text within the limits can hold.',
      de: 'Der Auftrag ist zu aufwendig zu prüfen: mehr Daten, als ein JSON-Text innerhalb der Grenzen enthalten kann.',
    },
  ],
  [samples.too_small, { en: "'offset' must be at least 0.", de: "'offset' muss mindestens 0 sein." }],
  [
    samples.too_large,
    { en: "'limit' must be at most 9007199254740991.", de: "'limit' darf höchstens 9007199254740991 sein." },
  ],
  [
    samples.invalid_json,
    {
      en: 'The body is not valid JSON: it has a syntax error at position 12.',
      de: 'Der Inhalt ist kein gültiges JSON: er enthält einen Syntaxfehler an Position 12.',
    },
  ],
  [
    samples.rule_failed,
    {
      en: 'The rule R-field failed and could not check the input: TypeError: boom.',
      de: 'Die Regel R-field ist fehlgeschlagen und konnte die Eingabe nicht prüfen: TypeError: boom.',
    },
  ],
  [
    samples.unknown_event_type,
    {
      en: 'No listener receives events of type ProductOrderCreateEvent; the listeners receive: AppointmentCreateEvent.',
      de: 'Kein Listener empfängt Ereignisse vom Typ ProductOrderCreateEvent; die Listener empfangen: AppointmentCreateEvent.',
    },
  ],
  [
    { rule: 'R-field', code: 'too_many_items', path: '/note', params: { limit: 2, actual: 3 } },
    { en: "'note' must have at most 2 items.", de: "'note' darf höchstens 2 Einträge haben." },
  ],
  [
    { rule: 'R-field', code: 'too_few_items', path: '/productOrderItem', params: { limit: 2 } },
    {
      en: "'productOrderItem' must have at least 2 items.",
      de: "'productOrderItem' muss mindestens 2 Einträge haben.",
    },
  ],
  [
    { rule: 'R-field', code: 'too_short', path: '/priority', params: { limit: 2 } },
    { en: "'priority' must be at least 2 characters long.", de: "'priority' muss mindestens 2 Zeichen lang sein." },
  ],
  [
    {
      rule: 'R-field',
      code: 'invalid_date_time',
      path: '/orderPostedDate',
      params: { format: 'date-time', reason: 'missing_seconds' },
    },
    {
      en: "'orderPostedDate' must be an RFC 3339 date-time with seconds and a time zone, e.g. 2023-01-01T08:00:00+01:00: the seconds are missing.",
      de: "'orderPostedDate' muss ein Zeitpunkt nach RFC 3339 mit Sekunden und Zeitzone sein, z. B. 2023-01-01T08:00:00+01:00: die Sekunden fehlen.",
    },
  ],
  [
    {
      rule: 'R-field',
      code: 'invalid_date_time',
      path: '/orderPostedDate',
      params: { format: 'date-time', reason: 'missing_offset' },
    },
    {
      en: "'orderPostedDate' must be an RFC 3339 date-time with seconds and a time zone, e.g. 2023-01-01T08:00:00+01:00: the time zone offset (Z or +01:00) is missing.",
      de: "'orderPostedDate' muss ein Zeitpunkt nach RFC 3339 mit Sekunden und Zeitzone sein, z. B. 2023-01-01T08:00:00+01:00: die Zeitzone (Z oder +01:00) fehlt.",
    },
  ],
  [
    {
      rule: 'R-field',
      code: 'invalid_date_time',
      path: '/orderPostedDate',
      params: { format: 'date-time', reason: 'no_such_date', date: '2025-04-31' },
    },
    {
      en: "'orderPostedDate' must be an RFC 3339 date-time with seconds and a time zone, e.g. 2023-01-01T08:00:00+01:00: there is no April 31, 2025.",
      de: "'orderPostedDate' muss ein Zeitpunkt nach RFC 3339 mit Sekunden und Zeitzone sein, z. B. 2023-01-01T08:00:00+01:00: den 31. April 2025 gibt es nicht.",
    },
  ],
  [
    {
      rule: 'R-field',
      code: 'invalid_date_time',
      path: '/orderPostedDate',
      params: { format: 'date-time', reason: 'missing_time' },
    },
    {
      en: "'orderPostedDate' must be an RFC 3339 date-time with seconds and a time zone, e.g. 2023-01-01T08:00:00+01:00: the time is missing.",
      de: "'orderPostedDate' muss ein Zeitpunkt nach RFC 3339 mit Sekunden und Zeitzone sein, z. B. 2023-01-01T08:00:00+01:00: die Uhrzeit fehlt.",
    },
  ],
  [
    {
      rule: 'R-field',
      code: 'invalid_date_time',
      path: '/orderPostedDate',
      params: { format: 'date-time', reason: 'invalid', offset: 'optional' },
    },
    {
      en: "'orderPostedDate' must be an RFC 3339 date-time with seconds, e.g. 2023-01-01T08:00:00+01:00: it is not a valid date and time.",
      de: "'orderPostedDate' muss ein Zeitpunkt nach RFC 3339 mit Sekunden sein, z. B. 2023-01-01T08:00:00+01:00: das ist kein gültiges Datum mit Uhrzeit.",
    },
  ],
  [
    { rule: 'R-json', code: 'malformed_json', path: '', params: { reason: 'unexpected_end' } },
    {
      en: 'The text is not JSON: it ends before the value is complete.',
      de: 'Der Text ist kein JSON: er endet, bevor der Wert vollständig ist.',
    },
  ],
  [
    { rule: 'R-json', code: 'malformed_json', path: '', params: { reason: 'not_text', found: 'number' } },
    { en: 'The input must be JSON text, not a number.', de: 'Die Eingabe muss JSON-Text sein, nicht eine Zahl.' },
  ],
  [
    { rule: 'R-json', code: 'inexact_number', path: '/a', params: { reason: 'overflow', literal: '1e400' } },
    {
      en: "'a' is a number JavaScript cannot hold exactly: 1e400 would be read as Infinity. Send it as a string.",
      de: "'a' ist eine Zahl, die JavaScript nicht genau darstellen kann: 1e400 würde als Infinity gelesen. Bitte als Zeichenkette senden.",
    },
  ],
  [
    {
      rule: 'R-json',
      code: 'inexact_number',
      path: '/xNum',
      params: { reason: 'overflow', literal: 'Infinity', parsed: true },
    },
    {
      en: "'xNum' is a number too large for JavaScript: the service's JSON parser read it as Infinity. Send it as a string.",
      de: "'xNum' ist eine Zahl, die für JavaScript zu groß ist: der JSON-Parser des Dienstes hat sie als Infinity gelesen. Bitte als Zeichenkette senden.",
    },
  ],
  [
    {
      rule: 'R-json',
      code: 'inexact_number',
      path: '/n',
      params: { reason: 'unsafe_integer', literal: '12345678901234567000', parsed: true },
    },
    {
      en: "'n' is an integer beyond 2⁵³ − 1, which JavaScript cannot hold exactly: the service's JSON parser read it rounded, as 12345678901234567000. Send it as a string.",
      de: "'n' ist eine ganze Zahl jenseits von 2⁵³ − 1, die JavaScript nicht genau darstellen kann: der JSON-Parser des Dienstes hat sie gerundet gelesen, als 12345678901234567000. Bitte als Zeichenkette senden.",
    },
  ],
  [
    { rule: 'R-json', code: 'inexact_number', path: '/a', params: { reason: 'underflow', literal: '1e-400' } },
    {
      en: "'a' is a number JavaScript cannot hold exactly: 1e-400 would be read as 0. Send it as a string.",
      de: "'a' ist eine Zahl, die JavaScript nicht genau darstellen kann: 1e-400 würde als 0 gelesen. Bitte als Zeichenkette senden.",
    },
  ],
  [
    { rule: 'R-body', code: 'invalid_json', path: '', params: { reason: 'encoding' } },
    {
      en: 'The body is not valid JSON: it is not valid UTF-8.',
      de: 'Der Inhalt ist kein gültiges JSON: er ist kein gültiges UTF-8.',
    },
  ],
  [
    { rule: 'R-body', code: 'invalid_json', path: '', params: { reason: 'empty' } },
    { en: 'The body is not valid JSON: it is empty.', de: 'Der Inhalt ist kein gültiges JSON: er ist leer.' },
  ],
  [
    { rule: 'R-body', code: 'invalid_json', path: '', params: { reason: 'too_deep' } },
    {
      en: 'The body is not valid JSON: it nests arrays and objects more than 256 levels deep.',
      de: 'Der Inhalt ist kein gültiges JSON: er schachtelt Listen und Objekte mehr als 256 Ebenen tief.',
    },
  ],
  [
    {
      rule: 'R-field',
      code: 'wrong_type',
      path: '/x/0/value',
      params: { expected: 'string', actual: 'array', name: 'floor' },
    },
    {
      en: 'The value of floor must be a string, not an array.',
      de: 'Der Wert von floor muss eine Zeichenkette sein, nicht eine Liste.',
    },
  ],
  [
    { rule: 'R12', code: 'too_long', path: '/x/0/value', params: { limit: 50, name: 'collocation_room_name' } },
    {
      en: 'The value of collocation_room_name must be at most 50 characters long.',
      de: 'Der Wert von collocation_room_name darf höchstens 50 Zeichen lang sein.',
    },
  ],
  [
    { rule: 'R-field', code: 'pattern_mismatch', path: '/externalId/0/id', params: { pattern: '^[0-9]+$' } },
    { en: "'id' must match the pattern ^[0-9]+$.", de: "'id' muss dem Muster ^[0-9]+$ entsprechen." },
  ],
];

/** The exact text of every input error of the command, in every language. */
const inputErrors: readonly (readonly [InputError, Readonly<Record<Lang, string>>])[] = [
  [
    { name: 'a.json', error: 'not_found' },
    { en: 'no such file, folder or pattern', de: 'keine solche Datei, kein solcher Ordner, kein solches Muster' },
  ],
  [
    { name: 'a', error: 'no_match' },
    { en: 'no .json, .ndjson or .jsonl file found', de: 'keine .json-, .ndjson- oder .jsonl-Datei gefunden' },
  ],
  [
    { name: 'a', error: 'bad_pattern', reason: 'too_many_alternatives', limit: 10000 },
    {
      en: 'the pattern has more than 10,000 {a,b} alternatives',
      de: 'das Muster hat mehr als 10.000 {a,b}-Alternativen',
    },
  ],
  [
    { name: 'a', error: 'no_orders' },
    {
      en: 'no order in it: the input is empty, blank lines or an empty array',
      de: 'kein Auftrag darin: die Eingabe ist leer, leere Zeilen oder eine leere Liste',
    },
  ],
  [
    { name: 'a', error: 'too_large', limit: 536870888 },
    { en: 'too large to check: more than 536,870,888 bytes', de: 'zu groß zum Prüfen: mehr als 536.870.888 Bytes' },
  ],
  [
    { name: 'a', error: 'check_failed', reason: 'RangeError: Invalid string length' },
    {
      en: 'could not be checked, too large for this process (RangeError: Invalid string length)',
      de: 'konnte nicht geprüft werden, zu groß für diesen Prozess (RangeError: Invalid string length)',
    },
  ],
  [
    { name: 'a', error: 'unreadable', reason: 'EACCES' },
    { en: 'cannot read it (permission denied)', de: 'nicht lesbar (keine Berechtigung)' },
  ],
  [
    { name: 'a', error: 'unreadable', reason: 'EWEIRD' },
    { en: 'cannot read it (EWEIRD)', de: 'nicht lesbar (EWEIRD)' },
  ],
  [
    { name: 'a', error: 'malformed_json', reason: 'invalid_utf8', found: '0xFF' },
    { en: 'malformed JSON: not UTF-8 (byte 0xFF)', de: 'fehlerhaftes JSON: kein UTF-8 (Byte 0xFF)' },
  ],
  [
    { name: 'a', error: 'unreadable', reason: 'link_loop' },
    {
      en: 'cannot read it (a symbolic link to a folder that holds it: a loop)',
      de: 'nicht lesbar (ein symbolischer Link auf einen Ordner, der ihn enthält: eine Schleife)',
    },
  ],
  [
    { name: 'a', error: 'unreadable', reason: 'dangling_link', found: '../gone' },
    {
      en: 'cannot read it (a symbolic link to nothing: ../gone)',
      de: 'nicht lesbar (ein symbolischer Link ins Leere: ../gone)',
    },
  ],
  [
    { name: 'a', error: 'malformed_json', reason: 'utf16', found: 'UTF-16LE' },
    {
      en: 'malformed JSON: looks like UTF-16LE, not UTF-8; save it as UTF-8',
      de: 'fehlerhaftes JSON: sieht nach UTF-16LE aus, nicht nach UTF-8; als UTF-8 speichern',
    },
  ],
  [
    { name: 'a', error: 'malformed_json', reason: 'unexpected_end' },
    { en: 'malformed JSON: unexpected end of input', de: 'fehlerhaftes JSON: unerwartetes Ende der Eingabe' },
  ],
  [
    { name: 'a', error: 'malformed_json', reason: 'unexpected_character', found: '}' },
    { en: 'malformed JSON: unexpected character "}"', de: 'fehlerhaftes JSON: unerwartetes Zeichen "}"' },
  ],
];

/** The JSON types a message names in its own language. */
const typeNames = new Set(['string', 'object', 'array', 'number', 'integer', 'boolean']);

/** The template of `finding`'s code in `lang`. */
const templateOf = (lang: Lang, finding: Finding) =>
  (
    ({ ...violationWords[lang].table, ...layerMessages[lang] }) as unknown as Record<
      string,
      (finding: Finding, subject: string) => string
    >
  )[finding.code];

/** The params a template reads, in the order it reads them. */
function paramsRead(template: (finding: Finding, subject: string) => string, finding: Finding): string[] {
  const read: string[] = [];
  const params = new Proxy(finding.params, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.push(key);
      return Reflect.get(target, key, receiver);
    },
  });
  template({ ...finding, params } as Finding, 'S');
  return [...new Set(read)].sort();
}

/** The shape of a language's words: the key paths of its objects and the arity of its functions. */
function shape(words: unknown, at = ''): string[] {
  if (typeof words === 'function') return [`${at}()${words.length}`];
  if (words === null || typeof words !== 'object') return [`${at}:${typeof words}`];
  return Object.keys(words)
    .sort()
    .flatMap((key) => shape((words as Record<string, unknown>)[key], `${at}.${key}`));
}

/** The codes of the rule folders whose text the table above pins too. */
const pinnedRuleCodes = [
  'unknown_role',
  'missing_phone_contact',
  'missing_postal_contact',
  'missing_role',
  'missing_characteristic',
];

describe('the exact text of every code', () => {
  it.each(texts.map(([finding, text]) => [finding.code, finding, text] as const))(
    'words %s exactly so in every language',
    (_, finding, text) => {
      expect(Object.fromEntries(langs.map((lang) => [lang, formatMessage(finding, lang)]))).toEqual(text);
    },
  );
  it('covers every code but those of a rule folder, and every language', () => {
    const generic = Object.keys(samples).filter((code) => !Object.hasOwn(ruleCodes, code));
    expect(new Set(texts.map(([finding]) => finding.code))).toEqual(new Set([...generic, ...pinnedRuleCodes]));
    for (const [, text] of [...texts, ...inputErrors]) expect(Object.keys(text)).toEqual([...langs]);
  });
  it.each(inputErrors.map(([error, text]) => [error.error, error, text] as const))(
    "words the command's input error %s exactly so in every language",
    (_, error, text) => {
      expect(Object.fromEntries(langs.map((lang) => [lang, cliWords[lang].error(error)]))).toEqual(text);
    },
  );
  it('covers every input error code of the command', () => {
    expect(new Set(inputErrors.map(([error]) => error.error))).toEqual(new Set(inputErrorCodes));
  });
});

describe('the languages, side by side', () => {
  it.each(langs.filter((lang) => lang !== 'en'))('%s has the codes of English, no more, no fewer', (lang) => {
    expect(Object.keys(violationWords[lang].table).sort()).toEqual(Object.keys(violationWords.en.table).sort());
    expect(Object.keys(layerMessages[lang]).sort()).toEqual(Object.keys(layerMessages.en).sort());
  });
  it.each(langs.filter((lang) => lang !== 'en'))('%s reads the same params of each code as English', (lang) => {
    for (const [finding] of texts) {
      expect([finding.code, paramsRead(templateOf(lang, finding), finding)]).toEqual([
        finding.code,
        paramsRead(templateOf('en', finding), finding),
      ]);
    }
  });
  it.each(langs.filter((lang) => lang !== 'en'))(
    '%s shows every param value and the subject that English shows',
    (lang) => {
      for (const [finding, text] of texts) {
        // a reason is worded, not shown: 'syntax' is "a syntax error" and "einen Syntaxfehler"
        const read = paramsRead(templateOf('en', finding), finding).filter((key) => key !== 'reason');
        const params = finding.params as Readonly<Record<string, unknown>>;
        const shown = [...read.map((key) => params[key]), `'${finding.path.slice(finding.path.lastIndexOf('/') + 1)}'`]
          .flatMap((value) => (Array.isArray(value) ? value : [value]))
          .map(String)
          // a type's name is translated: 'integer' is "an integer" and "eine ganze Zahl"
          .filter((value) => value.length > 1 && !typeNames.has(value) && text.en.includes(value));
        expect([finding.code, shown.filter((value) => !text[lang].includes(value))]).toEqual([finding.code, []]);
      }
    },
  );
  it.each(langs.filter((lang) => lang !== 'en'))(
    '%s has every word of English in every layer, each template taking the same arguments',
    (lang) => {
      const of = (words: Lang) => ({
        violations: violationWords[words],
        parts: partNames[words],
        assertion: assertions[words],
        layers: layerMessages[words],
        http: httpWordTables[words],
        cli: cliWords[words],
      });
      expect(shape(of(lang))).toEqual(shape(of('en')));
    },
  );
});

describe('the codes a rule folder introduces', () => {
  it.each(Object.keys(ruleCodes))('%s has an invalid example that gives it', (code) => {
    expect(ruleSamples[code as RuleCode]?.code).toBe(code);
  });

  it.each(Object.keys(ruleCodes))('%s has a message of its own in every language', (code) => {
    const finding = ruleSamples[code as RuleCode];
    for (const lang of langs) {
      expect(Object.hasOwn(violationWords[lang].table, code), `${code} in ${lang}`).toBe(true);
      // not the neutral message of a code without one, which names the code
      expect(formatMessage(finding, lang)).not.toContain(code);
    }
  });
});

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
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'writes English for lang %j, a name every object inherits, and does not throw',
    (lang) => {
      expect(formatMessage(samples.required, lang)).toBe(formatMessage(samples.required, 'en'));
      expect(validateProductOrder({}, { lang: lang as 'en' }).violations[0].message).toBe(
        validateProductOrder({}).violations[0].message,
      );
    },
  );
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
