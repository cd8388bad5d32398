import { type HttpWording, listOf, type MessageTable, type Wording } from './wording.js';

const wording: Wording = {
  whole: 'Der Auftrag',
  parts: {
    relatedParty: 'Der Beteiligte',
    contactMedium: 'Das Kontaktmedium',
    productOrderItem: 'Die Auftragsposition',
    change: 'Der Änderungsauftrag',
    event: 'Das Ereignis',
  },
  item: (index, list) => `Eintrag ${index} von ${list}`,
  other: ({ rule, code }, s) => `${s}: Die Regel ${rule} meldet ${code}.`,
};

const types: Readonly<Record<string, string>> = {
  string: 'eine Zeichenkette',
  object: 'ein Objekt',
  array: 'eine Liste',
  number: 'eine Zahl',
  integer: 'eine ganze Zahl',
  boolean: 'ein Wahrheitswert',
  null: 'null',
  undefined: 'undefined',
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

const jsonFaults: Readonly<Record<string, string>> = {
  syntax: 'er enthält einen Syntaxfehler',
  encoding: 'er ist kein gültiges UTF-8',
  empty: 'er ist leer',
  too_deep: `er schachtelt Listen und Objekte mehr als ${256} Ebenen tief`,
};

const table: MessageTable = {
  required: ({ params }, s) => `${s}: die Pflichtangabe '${params.property}' fehlt.`,
  wrong_type: ({ params }, s) =>
    `${named(params, s)} muss ${type(params.expected)} sein, nicht ${type(params.actual)}.`,
  not_allowed: ({ params }, s) => `${s} muss einer dieser Werte sein: ${listOf(params.allowed)}.`,
  unknown_type: ({ params }, s) => `${s} nennt einen unbekannten Typ; erlaubt sind: ${listOf(params.allowed)}.`,
  too_short: ({ params }, s) => `${named(params, s)} muss mindestens ${params.limit} Zeichen lang sein.`,
  too_long: ({ params }, s) => `${named(params, s)} darf höchstens ${params.limit} Zeichen lang sein.`,
  too_few_items: ({ params }, s) =>
    `${s} muss mindestens ${params.limit} ${params.limit === 1 ? 'Eintrag' : 'Einträge'} haben.`,
  too_many_items: ({ params }, s) =>
    `${s} darf höchstens ${params.limit} ${params.limit === 1 ? 'Eintrag' : 'Einträge'} haben.`,
  invalid_date_time: ({ params }, s) =>
    `${s} muss ein Zeitpunkt nach RFC 3339 mit Sekunden${params.offset === 'optional' ? '' : ' und Zeitzone'} sein, ${example}: ${dateFaults[String(params.reason)] ?? dateFaults.invalid}.`,
  pattern_mismatch: ({ params }, s) => `${named(params, s)} muss dem Muster ${params.pattern} entsprechen.`,
  unknown_role: ({ params }, s) =>
    `${s} gehört zu keiner Rollengruppe aus R3 bis R5; erlaubt sind: ${listOf(params.allowed)}.`,
  missing_phone_contact: ({ params }) =>
    `Ein Beteiligter mit der Rolle ${params.role} braucht contactMedium mit mindestens einem PhoneContactMedium.`,
  missing_postal_contact: ({ params }) =>
    `Ein Beteiligter mit der Rolle ${params.role} braucht contactMedium mit mindestens einem PostalAddressContactMedium.`,
  missing_place_role: ({ params }) => `relatedPlace muss einen Ort mit der Rolle ${params.role} enthalten.`,
  missing_characteristic: ({ params }) =>
    `geographicSiteCharacteristic muss ein Merkmal namens ${params.name} enthalten.`,
  unreadable: () => 'Die Eingabe ist nicht lesbar: das Lesen einer ihrer Eigenschaften ist fehlgeschlagen.',
  too_small: ({ params }, s) => `${s} muss mindestens ${params.limit} sein.`,
  too_large: ({ params }, s) => `${s} darf höchstens ${params.limit} sein.`,
  invalid_json: ({ params }) =>
    `Der Inhalt ist kein gültiges JSON: ${jsonFaults[String(params.reason)] ?? jsonFaults.syntax}${params.position === undefined ? '' : ` an Position ${params.position}`}.`,
  rule_failed: ({ rule, params }) =>
    `Die Regel ${rule} ist fehlgeschlagen und konnte die Eingabe nicht prüfen: ${params.error}.`,
  unknown_event_type: ({ params }) =>
    `Kein Listener empfängt Ereignisse vom Typ ${params.type}; die Listener empfangen: ${listOf(params.allowed)}.`,
};

const http: HttpWording = {
  tooLarge: (limit) => `Der Inhalt ist größer als ${limit} Bytes, die Grenze dieses Servers.`,
  readAlready: 'Der Inhalt der Anfrage wurde schon von einem anderen Teil des Servers gelesen.',
  aborted: 'Die Anfrage wurde abgebrochen.',
  notListed: (more, stopped) =>
    `(${stopped ? 'mindestens ' : ''}${more} ${more === 1 ? 'weiterer Verstoß' : 'weitere Verstöße'} nicht aufgeführt)`,
};

export const de = { table, wording, http };
