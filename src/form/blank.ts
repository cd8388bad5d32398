// An emptied input of a form counts as absent: the order without the properties whose value is an empty
// or blank string, or null.
import { isRecord, lengthOf, maxNodes } from '../read.js';

/** Nesting deeper than this is left as it is: the rules report such input as unreadable anyway. */
const maxDepth = 256;

/** An emptied input: an empty or blank string, or null, which a cleared select or date picker gives. */
const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/** What {@link withoutBlanks} gives for input that holds more than any JSON text within the package's limits. */
export const tooCostly: unique symbol = /* @__PURE__ */ Symbol('too costly');

/** Each object of the input met, with what it became: the object itself, its copy, or still under way. */
interface Met {
  /** What the object became, once its walk is done. */
  result?: unknown;
  /** Its copy, made early when a reference back to it was met before its walk was done (a cycle). */
  copy?: Record<string, unknown> | unknown[];
}

/** One walk: the objects met, and how many more properties and elements it may read. */
interface Walk {
  readonly met: Map<object, Met>;
  left: number;
}

/**
 * `value` without the object properties whose value is an empty or blank string or null, at any depth; the
 * same object where nothing is dropped, so that a form's order is copied only where it changes.
 * Array items stay, so that paths keep their indices. Each object is walked once: a shared one is
 * stripped once and its copy shared as the object was, and a cycle stays a cycle in the copy. The
 * walk reads at most {@link maxNodes} properties and elements, as many as a JSON text within the
 * package's limits holds, and gives {@link tooCostly} past them. Anything nested deeper than 256
 * levels is left as it is; input it cannot read is returned as it is.
 */
export function withoutBlanks(value: unknown): unknown {
  const walk: Walk = { met: new Map(), left: maxNodes };
  try {
    return strip(value, 0, walk);
  } catch (error) {
    return error === tooCostly ? tooCostly : value;
  }
}

/** Takes `n` reads from the walk; past its budget, it stops. */
function spend(walk: Walk, n: number): void {
  walk.left -= n;
  if (walk.left < 0) throw tooCostly;
}

function strip(value: unknown, depth: number, walk: Walk): unknown {
  if (depth > maxDepth || typeof value !== 'object' || value === null) return value;
  const met = walk.met.get(value);
  if (met) {
    if ('result' in met) return met.result;
    // under way higher up (a cycle): this reference becomes its copy, made now and filled when it is done
    met.copy ??= Array.isArray(value) ? [] : {};
    return met.copy;
  }
  const entry: Met = {};
  walk.met.set(value, entry);
  entry.result = Array.isArray(value)
    ? stripItems(value, depth, walk, entry)
    : stripProperties(value, depth, walk, entry);
  return entry.result;
}

/**
 * The array with each item stripped, or itself when no item changes. The changed items are not kept:
 * a second pass takes each item's result again, from the walk's record for an object, and as it is
 * for anything else, so that a long array costs no second array unless it is copied.
 */
function stripItems(value: readonly unknown[], depth: number, walk: Walk, entry: Met): unknown {
  const n = lengthOf(value);
  spend(walk, n);
  let changed = false;
  for (let i = 0; i < n; i++) {
    const item = value[i];
    if (strip(item, depth + 1, walk) !== item) changed = true;
  }
  if (!changed && !entry.copy) return value;
  const copy = (entry.copy ?? []) as unknown[];
  copy.length = n;
  for (let i = 0; i < n; i++) {
    // a hole stays a hole
    const item = value[i];
    if (item !== undefined || i in value) copy[i] = strip(item, depth + 1, walk);
  }
  return copy;
}

/** The object without its blank properties, each other one stripped, or itself when nothing changes. */
function stripProperties(value: object, depth: number, walk: Walk, entry: Met): unknown {
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  spend(walk, keys.length);
  let changed = false;
  for (const key of keys) {
    const item = value[key];
    if (typeof item === 'string') spend(walk, item.length >> 1); // trim() reads a blank string whole
    if (isBlank(item) || strip(item, depth + 1, walk) !== item) changed = true;
  }
  if (!changed && !entry.copy) return value;
  const copy = (entry.copy ?? {}) as Record<string, unknown>;
  for (const key of keys) {
    const item = value[key];
    if (isBlank(item)) continue;
    const stripped = strip(item, depth + 1, walk);
    // a property named __proto__ (JSON.parse makes one) is a property of the copy, not its prototype
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: stripped, enumerable: true, writable: true, configurable: true });
    else copy[key] = stripped;
  }
  return copy;
}
