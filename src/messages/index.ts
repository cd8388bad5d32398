import { type Finding, tokens } from '../violation.js';
import { de } from './de.js';
import { en } from './en.js';
import type { Wording } from './wording.js';

/** The languages messages are written in. */
export type Lang = 'en' | 'de';

/** The message of a finding in `lang` (English by default). */
export function formatMessage(finding: Finding, lang: Lang = 'en'): string {
  const { table, wording } = lang === 'de' ? de : en;
  return table[finding.code](finding, subject(finding.path, wording));
}

function subject(path: string, wording: Wording): string {
  const names = tokens(path);
  const last = names.at(-1);
  if (last === undefined) return wording.whole;
  if (!/^\d+$/.test(last)) return `'${last}'`;
  return wording.item(last, names.length > 1 ? `'${names.at(-2)}'` : wording.whole);
}
