// An emptied input of a form counts as absent: the order without the properties whose value is an empty
// or blank string, or null.
import { isRecord } from '../read.js';

/** Nesting deeper than this is left as it is: the rules report such input as unreadable anyway. */
const maxDepth = 256;
/** Items of a list beyond this many are left as they are, so that a sparse array of a billion holes costs nothing. */
const maxItems = 100_000;

/** An emptied input: an empty or blank string, or null, which a cleared select or date picker gives. */
const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/**
 * `value` without the object properties whose value is an empty or blank string or null, at any depth; the
 * same object where nothing is dropped, so that a form's order is copied only where it changes.
 * Array items stay, so that paths keep their indices; those of a list past its 100,000th, and
 * anything nested deeper than 256 levels, are left as they are. Input it cannot read is returned as it is.
 */
export function withoutBlanks(value: unknown): unknown {
  try {
    return strip(value, 0);
  } catch {
    return value;
  }
}

function strip(value: unknown, depth: number): unknown {
  if (depth > maxDepth || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < Math.min(value.length, maxItems); i++) {
      const item = value[i];
      const stripped = strip(item, depth + 1);
      if (stripped === item) continue;
      copy ??= value.slice();
      copy[i] = stripped;
    }
    return copy ?? value;
  }
  if (!isRecord(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const stripped = isBlank(item) ? undefined : strip(item, depth + 1);
    if (stripped === item) continue;
    copy ??= { ...value };
    if (stripped === undefined) delete copy[key];
    else copy[key] = stripped;
  }
  return copy ?? value;
}
