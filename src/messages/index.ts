import { decodeToken as decode, isIndexToken as isIndex } from '../pointer.js';
import type { Finding } from '../violation.js';
import { de } from './de.js';
import { en } from './en.js';
import type { HttpWording, PartName, Wording } from './wording.js';

/** The languages messages are written in. */
export type Lang = 'en' | 'de';

/** What the HTTP helpers say in `lang` beside the violations (English by default). */
export function httpWords(lang: Lang = 'en'): HttpWording {
  return (lang === 'de' ? de : en).http;
}

/** The message of a finding in `lang` (English by default). */
export function formatMessage(finding: Finding, lang: Lang = 'en'): string {
  return formatIn(finding, lang);
}

/**
 * The message of a finding about a part validated alone, `path` relative to it: the part's root is
 * named as the part ("The contact medium"), not as the order.
 */
export function formatIn(finding: Finding, lang: Lang = 'en', part?: PartName): string {
  const { table, wording } = lang === 'de' ? de : en;
  // the table's entry of a code takes findings of that code; the compiler cannot pair the two
  const render = (Object.hasOwn(table, finding.code) ? table[finding.code] : wording.other) as Wording['other'];
  return render(finding, subject(finding.path, wording, part ? wording.parts[part] : wording.whole));
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
