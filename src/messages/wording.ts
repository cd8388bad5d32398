import type { Finding, ViolationCode } from '../violation.js';

/** One message template per code: renders a finding, given the name of the node it concerns. */
export type MessageTable = Readonly<Record<ViolationCode, (finding: Finding, subject: string) => string>>;

/** How a language names the whole order and an item of a list. */
export interface Wording {
  readonly whole: string;
  readonly item: (index: string, list: string) => string;
}

/** Renders a list of allowed values. */
export const listOf = (values: unknown): string =>
  Array.isArray(values)
    ? values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')
    : String(values);
