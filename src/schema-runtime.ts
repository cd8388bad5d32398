// Functions the generated validators call at run time; the rules use them too, so both count alike.
import { fullFormats } from 'ajv-formats/dist/formats.js';

/** Length of a string in Unicode code points, as JSON Schema counts `minLength` and `maxLength`. */
export function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** ajv-formats' full-mode RFC 3339 `date-time` check. */
export const dateTime = fullFormats['date-time'];
