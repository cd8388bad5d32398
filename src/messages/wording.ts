import type { Finding, FindingOf, ViolationCode } from '../violation.js';

/** One message template per code: renders a finding of that code, given the name of the node it concerns. */
export type MessageTable = { readonly [C in ViolationCode]: (finding: FindingOf<C>, subject: string) => string };

/** What a validation may be of, besides a whole order: the parts a form validates alone, an in-flight change, a listener's event. */
export type PartName = 'relatedParty' | 'contactMedium' | 'productOrderItem' | 'change' | 'event';

/** How a language names the whole order, a part validated alone and an item of a list, and words a code it has no message for. */
export interface Wording {
  readonly whole: string;
  readonly parts: Readonly<Record<PartName, string>>;
  readonly item: (index: string, list: string) => string;
  readonly other: (finding: Finding, subject: string) => string;
}

/** What the HTTP helpers say beside the violations and the status descriptions. */
export interface HttpWording {
  readonly tooLarge: (limit: number) => string;
  readonly readAlready: string;
  readonly aborted: string;
  readonly notListed: (more: number, stopped: boolean) => string;
}

const rendered = new WeakMap<readonly unknown[], string>();

/** Renders a list of allowed values; the lists are shared constants, so each is rendered once. */
export function listOf(values: unknown): string {
  if (!Array.isArray(values)) return String(values);
  let text = rendered.get(values);
  if (text === undefined) {
    text = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
    rendered.set(values, text);
  }
  return text;
}
