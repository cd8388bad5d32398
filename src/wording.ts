// What one language file holds: the violations' words, the parts' names and the assertion's message;
// the HTTP helpers' words are http/wording.ts's, the command's cli/wording.ts's, each in its layer, so
// that a form's bundle carries the violations' words but not the server's or the command's.
import type { Finding, FindingCode, FindingOf, HttpViolationCode, TextViolationCode } from './violation.js';

/** The codes only JSON text and the HTTP helpers report; an order's validation never does. */
export type LayerCode = HttpViolationCode | TextViolationCode;

/** One message template per code of `Codes`: renders a finding of that code, given the name of the node it concerns. */
export type MessageTable<Codes extends FindingCode = Exclude<FindingCode, LayerCode>> = {
  readonly [C in Codes]: (finding: FindingOf<C>, subject: string) => string;
};

/** The templates of the codes only JSON text and the HTTP helpers report, apart so that a form's bundle leaves them out. */
export type LayerMessageTable = MessageTable<LayerCode>;

/** What a validation may be of, besides a whole order: the parts a form validates alone, an in-flight change, a listener's event. */
export type PartName = 'relatedParty' | 'contactMedium' | 'productOrderItem' | 'change' | 'event';

/** The message of a thrown ProductOrderValidationError: the first violations, and how many more. */
export type AssertWording = (shown: readonly string[], more: number) => string;

/** How a language names a part validated alone, apart from {@link Wording} so that an order's bundle leaves them out. */
export type PartWording = Readonly<Record<PartName, string>>;

/** How a language names the whole order and an item of a list, and words a code it has no message for. */
export interface Wording {
  readonly whole: string;
  readonly item: (index: string, list: string) => string;
  readonly other: (finding: Finding, subject: string) => string;
}

/** The words of the violations: a message per code, and how nodes are named. */
export interface ViolationWording {
  readonly table: MessageTable;
  readonly wording: Wording;
}

/** Formats numbers in `locale`, making the formatter on first use (toLocaleString makes one per call). */
export function numbers(locale: string): (n: number) => string {
  let format: Intl.NumberFormat | undefined;
  return (n) => {
    format ??= new Intl.NumberFormat(locale);
    return format.format(n);
  };
}

/**
 * A day `YYYY-MM-DD` the calendar does not have, of a month 01 to 12, for a message: its day, its
 * month by name in `locale` (from Intl, so that no language carries the names) and its year.
 */
export function dayOf(locale: string, date: unknown): [day: number, month: string, year: number] {
  const [year, month, day] = String(date).split('-').map(Number);
  return [day, new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(2000, month - 1)), year];
}

/** A string quoted as JSON writes it. */
export const quote = (text: string): string => JSON.stringify(text);

/** How many lists {@link listOf} keeps rendered: more than the lists of allowed values the checks share. */
export const listsKept = 64;

/**
 * The lists of strings already rendered, by the list: the wording, then the values it was rendered
 * from. The checks pass the same arrays (the allowed values of a field, the place roles) with every
 * finding of them. A list is rendered again when its values changed; all are let go when
 * {@link listsKept} are kept.
 */
const rendered = new Map<readonly unknown[], readonly unknown[]>();

/** Renders a list of allowed values; a list of strings once while it is kept and unchanged. */
export function listOf(values: unknown): string {
  if (!Array.isArray(values)) return String(values);
  const known = rendered.get(values);
  if (known && holds(values, known)) return known[0] as string;
  const text = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  // a value of another kind may be an object, whose JSON may change while the list does not
  if (values.every((v) => typeof v === 'string')) {
    if (rendered.size >= listsKept) rendered.clear();
    rendered.set(values, [text, ...values]);
  }
  return text;
}

/** Whether `values` are those a list was rendered from, `known` after its wording. */
function holds(values: readonly unknown[], known: readonly unknown[]): boolean {
  if (known.length !== values.length + 1) return false;
  for (let i = 0; i < values.length; i++) if (values[i] !== known[i + 1]) return false;
  return true;
}
