import { type Lang, langs } from '../generated/langs.js';
import { decodeToken as decode, isIndexToken as isIndex } from '../pointer.js';
import type { Finding } from '../violation.js';
import type { PartName, ViolationWording, Wording } from '../wording.js';
import { layerMessages, partNames, violationWords } from './languages.js';

export { type Lang, langs };

/** The language the package speaks that `lang` names, else English. */
export function spoken(lang: unknown): Lang {
  return typeof lang === 'string' && Object.hasOwn(violationWords, lang) ? (lang as Lang) : 'en';
}

/** The violations' words in `lang` (English for a language the package does not speak). */
export function violationWordsOf(lang: unknown): ViolationWording {
  return violationWords[spoken(lang)];
}

/** The message of a finding in `lang` (English by default, and for a language the package does not speak). */
export function formatMessage(finding: Finding, lang?: string): string {
  return formatIn(finding, lang);
}

/**
 * The message of a finding about a part validated alone, `path` relative to it: the part's root is
 * named as the part ("The contact medium"), not as the order.
 */
export function formatIn(finding: Finding, lang?: string, part?: PartName): string {
  const known = spoken(lang);
  const table = violationWords[known].table;
  return render(
    finding,
    known,
    part && partNames[known][part],
    Object.hasOwn(table, finding.code) ? table : layerMessages[known],
  );
}

/**
 * The message of a finding of an order's validation: {@link formatMessage} without the templates of
 * JSON text and the HTTP helpers, so that a bundle of `validateProductOrder` leaves them out.
 */
export function formatOrder(finding: Finding, lang?: string): string {
  const known = spoken(lang);
  return render(finding, known, undefined, violationWords[known].table);
}

/**
 * {@link formatOrder} of a finding about a part of an order validated alone, `path` relative to it;
 * apart from it so that a bundle of `validateProductOrder` leaves the parts' names out.
 */
export function formatPart(finding: Finding, lang: string | undefined, part: PartName): string {
  const known = spoken(lang);
  return render(finding, known, partNames[known][part], violationWords[known].table);
}

/** The message of `finding` by its template in `table`, or the language's neutral one; `whole` names the root. */
function render(finding: Finding, known: Lang, whole: string | undefined, table: object): string {
  const { wording } = violationWords[known];
  // the table's entry of a code takes findings of that code; the compiler cannot pair the two
  const template = Object.hasOwn(table, finding.code)
    ? (table as Record<string, unknown>)[finding.code]
    : wording.other;
  const named = subject(finding.path, wording, whole ?? wording.whole);
  try {
    return (template as Wording['other'])(finding, named);
  } catch {
    // a caller's finding of a built-in code whose params the template cannot read
    return wording.other(finding, named);
  }
}

/** How the message names the node at `path`: its last reference token, or the item of a list. */
function subject(path: string, wording: Wording, whole: string): string {
  if (path === '') return whole;
  const cut = path.lastIndexOf('/');
  const last = path.slice(cut + 1);
  if (!isIndex(last)) return `'${decode(last)}'`;
  const parent = path.slice(0, cut);
  return wording.item(last, parent === '' ? whole : `'${decode(parent.slice(parent.lastIndexOf('/') + 1))}'`);
}
