// The options of a validation, read once and guarded: what every layer that validates reads.
import type { Labels } from './form/labels.js';
import type { Lang } from './messages/index.js';

/** Options of {@link validateProductOrder}; `L` names the languages a validator has messages in. */
export interface ValidateOptions<L extends string = Lang> {
  /**
   * Language of the messages: one the package speaks (English, the default, or German), or one a
   * validator was given messages in; any other gives English.
   */
  readonly lang?: L | undefined;
  /**
   * List at most this many violations, the first by path (default {@link defaultMaxViolations};
   * `Infinity` lists every one; a value that is no number of at least 1, such as 0, -1, `NaN` or
   * `'3'`, lists the default). Validation stops once it has found ten times as many (at least 1,000),
   * so an input with a million faults costs no more than one with a thousand.
   */
  readonly maxViolations?: number | undefined;
  /**
   * Words for the people who fill in a form: messages that name each field by its label and count
   * list items from 1, such as {@link product-order-validator!labelsDe} or
   * {@link product-order-validator!labelsEn}, or either with a caller's own labels put over it by
   * {@link product-order-validator!withLabels}. A code the labels have no message for gets the
   * package's message in `lang`. Paths, rules, codes and params stay as they are.
   */
  readonly labels?: Labels | undefined;
  /**
   * For JSON text (`validateProductOrderText`, a validator's `validateText`): keep a number that
   * JavaScript cannot hold exactly (`1e400`, `1e-400`, `12345678901234567890`) as `JSON.parse` reads
   * it (`Infinity`, `0`, `12345678901234567000`), instead of reporting it as an `inexact_number`
   * violation of `R-json` (the default).
   */
  readonly keepInexactNumbers?: boolean | undefined;
}

/** How many violations a validation lists unless told otherwise. */
export const defaultMaxViolations = 1000;

/** The options in force; unknown or unreadable values fall back to the defaults. */
export function settings(
  options: ValidateOptions<string> | undefined,
  fallbackMax = defaultMaxViolations,
): { lang: string; max: number; labels: Labels | undefined } {
  try {
    const max = options?.maxViolations;
    const lang = options?.lang;
    const given = options?.labels;
    const labels = typeof given?.message === 'function' ? given : undefined;
    return {
      // labels speak their language: the messages they have none for follow it
      lang: typeof lang === 'string' ? lang : typeof labels?.lang === 'string' ? labels.lang : 'en',
      max: typeof max === 'number' && max >= 1 ? Math.floor(max) : fallbackMax,
      labels,
    };
  } catch {
    return { lang: 'en', max: fallbackMax, labels: undefined };
  }
}
