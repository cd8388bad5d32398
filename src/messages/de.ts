// The violations' messages in German, the parts' names and the assertion's message; the HTTP
// helpers' words are http/words-de.ts's, the command's cli/words-de.ts's.

import { ruleMessages } from '../registry/rule-messages-de.js';
import {
  type AssertWording,
  dayOf,
  type LayerMessageTable,
  listOf,
  type MessageTable,
  type PartWording,
  quote,
  type ViolationWording,
  type Wording,
} from '../wording.js';

const wording: Wording = {
  whole: 'Der Auftrag',
  item: (index, list) => `Eintrag ${index} von ${list}`,
  other: ({ rule, code }, s) => `${s}: Die Regel ${rule} meldet ${code}.`,
};

/** How messages name a part validated alone. */
export const parts: PartWording = {
  relatedParty: 'Der Beteiligte',
  contactMedium: 'Das Kontaktmedium',
  productOrderItem: 'Die Auftragsposition',
  change: 'Der Änderungsauftrag',
  event: 'Das Ereignis',
};

const types: Readonly<Record<string, string>> = {
  string: 'eine Zeichenkette',
  object: 'ein Objekt',
  array: 'eine Liste',
  number: 'eine Zahl',
  integer: 'eine ganze Zahl',
  boolean: 'ein Wahrheitswert',
  json: 'ein JSON-Wert',
  toJSON: 'ein Objekt mit toJSON',
  hole: 'eine Lücke',
  cycle: 'ein Verweis auf sich selbst',
  function: 'eine Funktion',
  symbol: 'ein Symbol',
  prototype: 'ein Objekt mit fremdem Prototyp',
  'too deep': 'mehr als 1.000 Ebenen tief verschachtelt',
};
const type = (name: unknown) => types[String(name)] ?? String(name);
/** A characteristic's value is named after the characteristic. */
const named = (params: Readonly<Record<string, unknown>>, s: string) =>
  params.name ? `Der Wert von ${params.name}` : s;
const example = 'z. B. 2023-01-01T08:00:00+01:00';
const dateFaults: Readonly<Record<string, string>> = {
  missing_seconds: 'die Sekunden fehlen',
  missing_offset: 'die Zeitzone (Z oder +01:00) fehlt',
  missing_time: 'die Uhrzeit fehlt',
  invalid: 'das ist kein gültiges Datum mit Uhrzeit',
};

/** What a date-time lacks, or the day it names that the calendar does not have: "den 31. April gibt es nicht". */
export const dateFault = ({ reason, date }: { readonly reason?: unknown; readonly date?: unknown }): string => {
  if (reason !== 'no_such_date') return dateFaults[String(reason)] ?? dateFaults.invalid;
  const [day, month, year] = dayOf('de', date);
  return `den ${day}. ${month} ${year} gibt es nicht`;
};

const jsonFaults: Readonly<Record<string, string>> = {
  syntax: 'er enthält einen Syntaxfehler',
  encoding: 'er ist kein gültiges UTF-8',
  empty: 'er ist leer',
  too_deep: `er schachtelt Listen und Objekte mehr als ${256} Ebenen tief`,
};

/** What JavaScript would make of a number it cannot hold exactly. */
const inexactFaults: Readonly<Record<'overflow' | 'underflow' | 'unsafe_integer', string>> = {
  overflow: 'würde als Infinity gelesen',
  underflow: 'würde als 0 gelesen',
  unsafe_integer: 'liegt jenseits von 2⁵³ − 1 und würde gerundet',
};

const table: MessageTable = {
  ...ruleMessages,
  required: ({ params }, s) => `${s}: die Pflichtangabe '${params.property}' fehlt.`,
  wrong_type: ({ params }, s) =>
    `${named(params, s)} muss ${type(params.expected)} sein, nicht ${type(params.found ?? params.actual)}.`,
  not_allowed: ({ params }, s) => `${s} muss einer dieser Werte sein: ${listOf(params.allowed)}.`,
  unknown_type: ({ params }, s) => `${s} nennt einen unbekannten Typ; erlaubt sind: ${listOf(params.allowed)}.`,
  too_short: ({ params }, s) => `${named(params, s)} muss mindestens ${params.limit} Zeichen lang sein.`,
  too_long: ({ params }, s) => `${named(params, s)} darf höchstens ${params.limit} Zeichen lang sein.`,
  too_few_items: ({ params }, s) =>
    `${s} muss mindestens ${params.limit} ${params.limit === 1 ? 'Eintrag' : 'Einträge'} haben.`,
  too_many_items: ({ params }, s) =>
    `${s} darf höchstens ${params.limit} ${params.limit === 1 ? 'Eintrag' : 'Einträge'} haben.`,
  invalid_date_time: ({ params }, s) =>
    `${s} muss ein Zeitpunkt nach RFC 3339 mit Sekunden${params.offset === 'optional' ? '' : ' und Zeitzone'} sein, ${example}: ${dateFault(params)}.`,
  pattern_mismatch: ({ params }, s) => `${named(params, s)} muss dem Muster ${params.pattern} entsprechen.`,
  unreadable: () => 'Die Eingabe ist nicht lesbar: das Lesen einer ihrer Eigenschaften ist fehlgeschlagen.',
  too_costly: (_, s) =>
    `${s} ist zu aufwendig zu prüfen: mehr Daten, als ein JSON-Text innerhalb der Grenzen enthalten kann.`,
  rule_failed: ({ rule, params }) =>
    `Die Regel ${rule} ist fehlgeschlagen und konnte die Eingabe nicht prüfen: ${params.error}.`,
  did_you_mean: ({ params }, s) => `${s}: meinten Sie '${params.suggestion}'?`,
};

/** The messages of the codes only JSON text and the HTTP helpers report. */
export const layers: LayerMessageTable = {
  too_small: ({ params }, s) => `${s} muss mindestens ${params.limit} sein.`,
  too_large: ({ params }, s) => `${s} darf höchstens ${params.limit} sein.`,
  invalid_json: ({ params }) =>
    `Der Inhalt ist kein gültiges JSON: ${jsonFaults[String(params.reason)] ?? jsonFaults.syntax}${params.position === undefined ? '' : ` an Position ${params.position}`}.`,
  malformed_json: ({ params }) =>
    params.reason === 'not_text'
      ? `Die Eingabe muss JSON-Text sein, nicht ${type(params.found)}.`
      : `Der Text ist kein JSON: ${params.reason === 'unexpected_end' ? 'er endet, bevor der Wert vollständig ist' : `unerwartetes Zeichen ${quote(String(params.found))}`}.`,
  inexact_number: ({ params }, s) =>
    params.parsed !== true
      ? `${s} ist eine Zahl, die JavaScript nicht genau darstellen kann: ${params.literal} ${inexactFaults[params.reason]}. Bitte als Zeichenkette senden.`
      : params.reason === 'unsafe_integer'
        ? `${s} ist eine ganze Zahl jenseits von 2⁵³ − 1, die JavaScript nicht genau darstellen kann: der JSON-Parser des Dienstes hat sie gerundet gelesen, als ${params.literal}. Bitte als Zeichenkette senden.`
        : `${s} ist eine Zahl, die für JavaScript zu groß ist: der JSON-Parser des Dienstes hat sie als ${params.literal} gelesen. Bitte als Zeichenkette senden.`,
  duplicate_key: (_, s) =>
    `${s} steht ein zweites Mal im selben Objekt: diese Prüfung liest den letzten Wert, ein Leser, der den ersten behält oder doppelte Namen ablehnt, liest aber einen anderen Auftrag. Bitte nur einmal angeben.`,
  unknown_event_type: ({ params }) =>
    `Kein Listener empfängt Ereignisse vom Typ ${params.type}; die Listener empfangen: ${listOf(params.allowed)}.`,
};

/** The message of a thrown ProductOrderValidationError. */
export const assertion: AssertWording = (shown, more) =>
  `Ungültiger Produktauftrag: ${shown.join('; ')}${more > 0 ? ` (+${more} weitere)` : ''}`;

export const violations: ViolationWording = {
  table,
  wording,
};
